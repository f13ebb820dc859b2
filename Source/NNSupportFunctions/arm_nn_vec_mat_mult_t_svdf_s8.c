/*
 * Kiln — arm_nn_vec_mat_mult_t_svdf_s8: the SVDF feature product (the row loop in C, each row's dot
 * product by the backend's kernel, Internal/kiln_dot.h, the requantization and scattered stores by the SVDF
 * state-column kernel, Internal/kiln_svdf.h),
 * int8 vector x transposed int8 matrix to int16, outputs scatter_offset apart:
 *   dst[r * scatter_offset] = clamp(requantize(sum_k (lhs[k] + lhs_offset) * rhs[r][k],
 *                                   dst_multiplier, dst_shift), activation_min, activation_max)
 * The sum wraps modulo 2^32 (kiln_svdf_feature_dot, the one arm_svdf_s8 uses).
 * Contract and errors: Include/arm_nnsupportfunctions.h (@kiln-support-int).
 */
#include "Include/Internal/kiln_common.h"
#include "Include/Internal/kiln_svdf.h"
#include "Include/arm_nnsupportfunctions.h"

/* Rows a pass. */
#define KILN_SVDF_ROWS 64

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
    for (int32_t r0 = 0; r0 < rhs_rows; r0 += KILN_SVDF_ROWS)
    {
        /* four rows per kernel call (the input loads shared), then one at a time; each pass's rows requantized and
         * stored by the backend's state-column kernel (the same arithmetic as the SVDF step's newest column) */
        const int32_t n = rhs_rows - r0 < KILN_SVDF_ROWS ? rhs_rows - r0 : KILN_SVDF_ROWS;
        const int8_t *w = rhs + (size_t)r0 * (size_t)rhs_cols;
        uint32_t acc[KILN_SVDF_ROWS];
        int32_t j = 0;
        for (; j + 4 <= n; j += 4, w += (size_t)4 * (size_t)rhs_cols)
        {
            kiln_svdf_feature_dot4(lhs, w, rhs_cols, -lhs_offset, acc + j);
        }
        for (; j < n; j++, w += rhs_cols)
        {
            acc[j] = kiln_svdf_feature_dot(lhs, w, rhs_cols, -lhs_offset);
        }
        kiln_svdf_state_col(acc, n, dst_multiplier, dst_shift, activation_min, activation_max,
                            dst + (size_t)r0 * (size_t)scatter_offset, scatter_offset, true);
    }
    return ARM_CMSIS_NN_SUCCESS;
}
