/*
 * Kiln — int16 vector x transposed matrix support kernels (the row loops in C, the int16 x int8 dot
 * products by the backend's kernel, Internal/kiln_dot.h):
 * arm_nn_vec_mat_mult_t_s16 (int8 matrix), arm_nn_vec_mat_mult_t_per_ch_s16 (per-row
 * quantization, ns-cmsis-nn) and arm_nn_vec_mat_mult_t_s16_s16 (int16 matrix). For r < rhs_rows:
 *   dst[r] = clamp(R(sum_k lhs[k] * rhs[r][k], bias[r]), activation_min, activation_max)
 * with the exact int64 sum and R = kiln_requant_s64 (arm_nn_requantize_s64 with the bias added in
 * 64 bits, saturating where the true value clamps anyway). dst_multiplier is the REDUCED (Q15)
 * multiplier, REDUCE_MULTIPLIER of the Q31 one, as the callers of the upstream kernels pass it.
 * Contract and errors: Include/arm_nnsupportfunctions.h (@kiln-support-int).
 */
#include "Include/Internal/kiln_common.h"
#include "Include/Internal/kiln_dot.h"
#include "Include/Internal/kiln_fc_s8.h"
#include "Include/arm_nnsupportfunctions.h"

/* Shared argument checks of the three kernels (per-row parameters are checked by the caller). */
static bool kiln_vm_s16_ok(const void *lhs,
                           const void *rhs,
                           const int16_t *dst,
                           int32_t rhs_cols,
                           int32_t rhs_rows,
                           int32_t activation_min,
                           int32_t activation_max)
{
    return lhs != NULL && rhs != NULL && dst != NULL && rhs_cols >= 0 && rhs_rows >= 0 &&
           kiln_mul_sat64(rhs_cols, rhs_rows) <= INT32_MAX && kiln_act_s16_ok(activation_min, activation_max);
}

/* A reduced multiplier and shift kiln_requant_s64 accepts. */
static bool kiln_vm_s16_quant_ok(int32_t reduced_multiplier, int32_t shift)
{
    return reduced_multiplier >= 0 && reduced_multiplier <= 0x7FFF && kiln_shift_ok(shift);
}

static int16_t
kiln_vm_s16_out(int64_t sum, const int64_t *bias, int32_t r, int32_t rm, int32_t shift, int32_t lo, int32_t hi)
{
    const kiln_fc_s16_args a = {rm, shift, 0, lo, hi};
    return kiln_fc_s16_out(sum, bias != NULL ? bias[r] : 0, &a);
}

arm_cmsis_nn_status arm_nn_vec_mat_mult_t_s16(const int16_t *lhs,
                                              const int8_t *rhs,
                                              const int64_t *bias,
                                              int16_t *dst,
                                              const int32_t dst_multiplier,
                                              const int32_t dst_shift,
                                              const int32_t rhs_cols,
                                              const int32_t rhs_rows,
                                              const int32_t activation_min,
                                              const int32_t activation_max)
{
    if (!kiln_vm_s16_ok(lhs, rhs, dst, rhs_cols, rhs_rows, activation_min, activation_max) ||
        !kiln_vm_s16_quant_ok(dst_multiplier, dst_shift))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    for (int32_t r = 0; r < rhs_rows; r++)
    {
        const int64_t sum = kiln_dot_s16_s8(lhs, rhs + (size_t)r * (size_t)rhs_cols, rhs_cols);
        dst[r] = kiln_vm_s16_out(sum, bias, r, dst_multiplier, dst_shift, activation_min, activation_max);
    }
    return ARM_CMSIS_NN_SUCCESS;
}

arm_cmsis_nn_status arm_nn_vec_mat_mult_t_per_ch_s16(const int16_t *lhs,
                                                     const int8_t *rhs,
                                                     const int64_t *bias,
                                                     int16_t *dst,
                                                     const int32_t *dst_multiplier,
                                                     const int32_t *dst_shift,
                                                     const int32_t rhs_cols,
                                                     const int32_t rhs_rows,
                                                     const int32_t activation_min,
                                                     const int32_t activation_max)
{
    if (!kiln_vm_s16_ok(lhs, rhs, dst, rhs_cols, rhs_rows, activation_min, activation_max) || dst_multiplier == NULL ||
        dst_shift == NULL)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    for (int32_t r = 0; r < rhs_rows; r++)
    {
        if (!kiln_vm_s16_quant_ok(dst_multiplier[r], dst_shift[r]))
        {
            return ARM_CMSIS_NN_ARG_ERROR;
        }
    }
    for (int32_t r = 0; r < rhs_rows; r++)
    {
        const int64_t sum = kiln_dot_s16_s8(lhs, rhs + (size_t)r * (size_t)rhs_cols, rhs_cols);
        dst[r] = kiln_vm_s16_out(sum, bias, r, dst_multiplier[r], dst_shift[r], activation_min, activation_max);
    }
    return ARM_CMSIS_NN_SUCCESS;
}

arm_cmsis_nn_status arm_nn_vec_mat_mult_t_s16_s16(const int16_t *lhs,
                                                  const int16_t *rhs,
                                                  const int64_t *bias,
                                                  int16_t *dst,
                                                  const int32_t dst_multiplier,
                                                  const int32_t dst_shift,
                                                  const int32_t rhs_cols,
                                                  const int32_t rhs_rows,
                                                  const int32_t activation_min,
                                                  const int32_t activation_max)
{
    if (!kiln_vm_s16_ok(lhs, rhs, dst, rhs_cols, rhs_rows, activation_min, activation_max) ||
        !kiln_vm_s16_quant_ok(dst_multiplier, dst_shift))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    for (int32_t r = 0; r < rhs_rows; r++)
    {
        const int16_t *w = rhs + (size_t)r * (size_t)rhs_cols;
        /* |product| <= 2^30 and cols < 2^31: the sum stays below 2^61. */
        int64_t sum = 0;
        for (int32_t k = 0; k < rhs_cols; k++)
        {
            sum += (int64_t)((int32_t)lhs[k] * (int32_t)w[k]);
        }
        dst[r] = kiln_vm_s16_out(sum, bias, r, dst_multiplier, dst_shift, activation_min, activation_max);
    }
    return ARM_CMSIS_NN_SUCCESS;
}
