/*
 * Kiln — support kernels arm_nn_vec_mat_mult_t_s8 / arm_nn_vec_mat_mult_t_per_ch_s8: one int8
 * vector (lhs, rhs_cols values) times a row-major matrix (rhs, rhs_rows x rhs_cols), outputs
 * address_offset apart.
 *
 * As in CMSIS-NN, kernel_sum is a Helium-only input: on an MVE build a non-NULL kernel_sum (from
 * arm_vector_sum_s8 with the same lhs_offset, rhs_offset and bias) replaces the input-offset and
 * bias terms and bias is not read; with kernel_sum NULL the MVE kernel computes the weight sums in
 * its loop (never reads garbage). On DSP and C builds kernel_sum is ignored and bias used.
 */
#include "Include/arm_nnsupportfunctions.h"
#include "Include/Internal/kiln_fc_s8.h"

static arm_cmsis_nn_status kiln_vec_mat_entry(const int8_t *lhs,
                                              const int8_t *rhs,
                                              const int32_t *kernel_sum,
                                              const int32_t *bias,
                                              int8_t *dst,
                                              kiln_fc_s8_args *a)
{
    if (lhs == NULL || rhs == NULL || dst == NULL || a->cols < 0 || a->rows < 0 || a->dst_stride < 1 ||
        (int64_t)a->rows * a->cols > INT32_MAX || (int64_t)a->rows * a->dst_stride > INT32_MAX ||
        !kiln_fc_s8_offset_ok(a->lhs_offset) || !kiln_fc_s8_offset_ok(a->rhs_offset) ||
        !kiln_fc_s8_offset_ok(a->dst_offset) || !kiln_act_s8_ok(a->act_min, a->act_max))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (a->mult_pc != NULL ? !kiln_quant_ok(a->mult_pc, a->shift_pc, a->rows) : !kiln_fc_s8_quant_ok(a->mult, a->shift))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
#if !KILN_BUILD_MVE
    kernel_sum = NULL;
#endif
    kiln_fc_s8_vec_mat(lhs, rhs, kernel_sum, bias, dst, a);
    return ARM_CMSIS_NN_SUCCESS;
}

arm_cmsis_nn_status arm_nn_vec_mat_mult_t_s8(const int8_t *lhs,
                                            const int8_t *rhs,
                                            const int32_t *kernel_sum,
                                            const int32_t *bias,
                                            int8_t *dst,
                                            const int32_t lhs_offset,
                                            const int32_t dst_offset,
                                            const int32_t dst_multiplier,
                                            const int32_t dst_shift,
                                            const int32_t rhs_cols,
                                            const int32_t rhs_rows,
                                            const int32_t activation_min,
                                            const int32_t activation_max,
                                            const int32_t address_offset,
                                            const int32_t rhs_offset)
{
    kiln_fc_s8_args a = {rhs_cols,       rhs_rows,       lhs_offset, rhs_offset,     dst_offset, activation_min,
                         activation_max, address_offset, NULL,       NULL,           dst_multiplier, dst_shift};
    return kiln_vec_mat_entry(lhs, rhs, kernel_sum, bias, dst, &a);
}

arm_cmsis_nn_status arm_nn_vec_mat_mult_t_per_ch_s8(const int8_t *lhs,
                                                   const int8_t *rhs,
                                                   const int32_t *kernel_sum,
                                                   const int32_t *bias,
                                                   int8_t *dst,
                                                   const int32_t lhs_offset,
                                                   const int32_t dst_offset,
                                                   const int32_t *dst_multiplier,
                                                   const int32_t *dst_shift,
                                                   const int32_t rhs_cols,
                                                   const int32_t rhs_rows,
                                                   const int32_t activation_min,
                                                   const int32_t activation_max,
                                                   const int32_t address_offset,
                                                   const int32_t rhs_offset)
{
    if (dst_multiplier == NULL || dst_shift == NULL)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    kiln_fc_s8_args a = {rhs_cols,       rhs_rows,       lhs_offset,     rhs_offset, dst_offset, activation_min,
                         activation_max, address_offset, dst_multiplier, dst_shift,  0,          0};
    return kiln_vec_mat_entry(lhs, rhs, kernel_sum, bias, dst, &a);
}
