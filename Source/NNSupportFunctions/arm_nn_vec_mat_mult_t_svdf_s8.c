/*
 * Kiln — arm_nn_vec_mat_mult_t_svdf_s8: the SVDF feature product (the row loop in C, each row's dot
 * product by the backend's kernel, Internal/kiln_dot.h),
 * int8 vector x transposed int8 matrix to int16, outputs scatter_offset apart:
 *   dst[r * scatter_offset] = clamp(requantize(sum_k (lhs[k] + lhs_offset) * rhs[r][k],
 *                                   dst_multiplier, dst_shift), activation_min, activation_max)
 * The sum wraps modulo 2^32 (kiln_svdf_feature_dot, the one arm_svdf_s8 uses).
 * Contract and errors: Include/arm_nnsupportfunctions.h (@kiln-support-int).
 */
#include "Include/Internal/kiln_common.h"
#include "Include/Internal/kiln_svdf.h"
#include "Include/arm_nnsupportfunctions.h"

arm_cmsis_nn_status arm_nn_vec_mat_mult_t_svdf_s8(const int8_t *lhs,
                                                  const int8_t *rhs,
                                                  int16_t *dst,
                                                  const int32_t lhs_offset,
                                                  const int32_t scatter_offset,
                                                  const int32_t dst_multiplier,
                                                  const int32_t dst_shift,
                                                  const int32_t rhs_cols,
                                                  const int32_t rhs_rows,
                                                  const int32_t activation_min,
                                                  const int32_t activation_max)
{
    if (lhs == NULL || rhs == NULL || dst == NULL || rhs_cols < 0 || rhs_rows < 0 || scatter_offset < 1 ||
        lhs_offset < -128 || lhs_offset > 128 || dst_multiplier < 0 || !kiln_shift_ok(dst_shift) ||
        !kiln_act_s16_ok(activation_min, activation_max) || kiln_mul_sat64(rhs_cols, rhs_rows) > INT32_MAX ||
        (rhs_rows > 0 && kiln_mul_sat64(rhs_rows - 1, scatter_offset) >= INT32_MAX))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    for (int32_t r = 0; r < rhs_rows;)
    {
        /* four rows per kernel call (the input loads shared), then one at a time */
        uint32_t acc[4];
        const int32_t nr = rhs_rows - r >= 4 ? 4 : 1;
        const int8_t *w = rhs + (size_t)r * (size_t)rhs_cols;
        if (nr == 4)
        {
            kiln_svdf_feature_dot4(lhs, w, rhs_cols, -lhs_offset, acc);
        }
        else
        {
            acc[0] = kiln_svdf_feature_dot(lhs, w, rhs_cols, -lhs_offset);
        }
        for (int32_t j = 0; j < nr; j++, r++)
        {
            int32_t v = arm_nn_requantize(kiln_svdf_s32(acc[j]), dst_multiplier, dst_shift);
            v = v < activation_min ? activation_min : (v > activation_max ? activation_max : v);
            dst[(size_t)r * (size_t)scatter_offset] = (int16_t)v;
        }
    }
    return ARM_CMSIS_NN_SUCCESS;
}
