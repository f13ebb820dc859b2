/*
 * Kiln — the legacy float16 fully connected entries of ns-cmsis-nn: arm_fully_connected_fp16 (activation bounds as
 * arguments, cmsis_nn_fc_params not read) and arm_nn_vec_mat_mult_t_fp16 (one input row). Both run the float16
 * fully connected kernel of arm_fully_connected_f16() (kiln_fc_flt_f16, standard weights: portable C, or Helium on
 * MVE-float builds): float32 products and sums rounded once, so their bytes equal arm_fully_connected_f16()'s.
 */
#include "Include/Internal/kiln_flt_ops.h"

#if ARM_NN_ENABLE_F16 && defined(ARM_FLOAT16_SUPPORTED)

arm_cmsis_nn_status arm_fully_connected_fp16(const cmsis_nn_context *ctx,
                                             const cmsis_nn_fc_params *fc_params,
                                             const cmsis_nn_dims *input_dims,
                                             const float16_t *input,
                                             const cmsis_nn_dims *filter_dims,
                                             const float16_t *kernel,
                                             const cmsis_nn_dims *bias_dims,
                                             const float16_t *bias,
                                             const cmsis_nn_dims *output_dims,
                                             float16_t *output,
                                             const float16_t out_activation_min,
                                             const float16_t out_activation_max)
{
    (void)ctx;       /* no scratch */
    (void)fc_params; /* integer quantization parameters: nothing for float16 */
    const float32_t lo = (float32_t)out_activation_min;
    const float32_t hi = (float32_t)out_activation_max;
    kiln_fc_flt_plan_t p;
    if (kiln_fc_flt_entry_check((int32_t)ARM_NN_WEIGHT_FORMAT_STANDARD, lo, hi, (int32_t)ARM_NN_LAYOUT_NHWC, input_dims,
                                input, filter_dims, kernel, bias_dims, bias, output_dims, output,
                                (int64_t)sizeof(float16_t), KILN_FC_F16_BLOCK, &p) != ARM_CMSIS_NN_SUCCESS)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (!p.empty)
    {
        kiln_fc_flt_f16(&p, input, kernel, bias, output, lo, hi);
    }
    return ARM_CMSIS_NN_SUCCESS;
}

arm_cmsis_nn_status arm_nn_vec_mat_mult_t_fp16(const float16_t *lhs,
                                               const float16_t *rhs,
                                               const float16_t *bias,
                                               float16_t *dst,
                                               const int32_t rhs_cols,
                                               const int32_t rhs_rows,
                                               const float16_t activation_min,
                                               const float16_t activation_max)
{
    const float32_t lo = (float32_t)activation_min;
    const float32_t hi = (float32_t)activation_max;
    const int64_t elem = (int64_t)sizeof(float16_t);
    if (!(lo <= hi) || rhs_cols < 0 || rhs_rows < 0 || !kiln_flt_bytes_ok((int64_t)rhs_cols * rhs_rows, elem) ||
        !kiln_flt_bytes_ok((int64_t)rhs_cols, elem) || !kiln_flt_bytes_ok((int64_t)rhs_rows, elem))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (rhs_rows == 0)
    {
        return ARM_CMSIS_NN_SUCCESS;
    }
    if (dst == NULL || (rhs_cols > 0 && (lhs == NULL || rhs == NULL)))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    kiln_fc_flt_plan_t p;
    p.empty = false;
    p.route = KILN_FC_FLT_ROUTE_ROWS;
    p.batches = 1;
    p.accum = rhs_cols;
    p.out_ch = rhs_rows;
    p.scratch_bytes = 0;
    kiln_fc_flt_f16(&p, lhs, rhs, bias, dst, lo, hi);
    return ARM_CMSIS_NN_SUCCESS;
}

#endif /* ARM_NN_ENABLE_F16 && ARM_FLOAT16_SUPPORTED */
