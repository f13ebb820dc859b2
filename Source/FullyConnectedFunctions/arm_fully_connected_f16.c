/*
 * Kiln — float16 fully connected: arm_fully_connected_f16 (layout argument), arm_fully_connected_nhwc_f16 and
 * the size query. One plan (kiln_fc_flt_plan: validation and the weight walk, standard rows or NT_N_PACKED
 * blocks of KILN_FC_F16_BLOCK); no route uses scratch. Float16 storage; products and sums in float32, rounded once.
 */
#include "Include/Internal/kiln_flt_ops.h"

#if ARM_NN_ENABLE_F16

static arm_cmsis_nn_status kiln_fc_entry_f16(const cmsis_nn_fc_params_f16 *fc_params,
                                             const cmsis_nn_dims *input_dims,
                                             const float16_t *input,
                                             const cmsis_nn_dims *filter_dims,
                                             const float16_t *kernel,
                                             const cmsis_nn_dims *bias_dims,
                                             const float16_t *bias,
                                             const cmsis_nn_dims *output_dims,
                                             float16_t *output,
                                             int32_t layout)
{
    kiln_fc_flt_plan_t p;
    if (fc_params == NULL ||
        kiln_fc_flt_entry_check((int32_t)fc_params->weight_format, (float32_t)fc_params->activation.min,
                                (float32_t)fc_params->activation.max, layout, input_dims, input, filter_dims, kernel,
                                bias_dims, bias, output_dims, output, (int64_t)sizeof(*output), KILN_FC_F16_BLOCK,
                                &p) != ARM_CMSIS_NN_SUCCESS)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (!p.empty)
    {
        kiln_fc_flt_f16(&p, input, kernel, bias, output, (float32_t)fc_params->activation.min,
                        (float32_t)fc_params->activation.max);
    }
    return ARM_CMSIS_NN_SUCCESS;
}

arm_cmsis_nn_status arm_fully_connected_f16(const cmsis_nn_context *ctx,
                                            const cmsis_nn_fc_params_f16 *fc_params,
                                            const cmsis_nn_dims *input_dims,
                                            const float16_t *input,
                                            const cmsis_nn_dims *filter_dims,
                                            const float16_t *kernel,
                                            const cmsis_nn_dims *bias_dims,
                                            const float16_t *bias,
                                            const cmsis_nn_dims *output_dims,
                                            float16_t *output,
                                            arm_nn_tensor_layout layout)
{
    (void)ctx; /* no route uses scratch */
    return kiln_fc_entry_f16(fc_params, input_dims, input, filter_dims, kernel, bias_dims, bias, output_dims, output,
                             (int32_t)layout);
}

arm_cmsis_nn_status arm_fully_connected_nhwc_f16(const cmsis_nn_context *ctx,
                                                 const cmsis_nn_fc_params_f16 *fc_params,
                                                 const cmsis_nn_dims *input_dims,
                                                 const float16_t *input,
                                                 const cmsis_nn_dims *filter_dims,
                                                 const float16_t *kernel,
                                                 const cmsis_nn_dims *bias_dims,
                                                 const float16_t *bias,
                                                 const cmsis_nn_dims *output_dims,
                                                 float16_t *output)
{
    (void)ctx;
    return kiln_fc_entry_f16(fc_params, input_dims, input, filter_dims, kernel, bias_dims, bias, output_dims, output,
                             (int32_t)ARM_NN_LAYOUT_NHWC);
}

int32_t arm_fully_connected_f16_get_buffer_size(const cmsis_nn_fc_params_f16 *fc_params,
                                                const cmsis_nn_dims *input_dims,
                                                const cmsis_nn_dims *filter_dims,
                                                const cmsis_nn_dims *output_dims,
                                                arm_nn_tensor_layout layout)
{
    if (fc_params == NULL || !((float32_t)fc_params->activation.min <= (float32_t)fc_params->activation.max))
    {
        return -1;
    }
    kiln_fc_flt_plan_t p;
    if (kiln_fc_flt_plan((int32_t)fc_params->weight_format, (int32_t)layout, input_dims, filter_dims, NULL, output_dims,
                         (int64_t)sizeof(float16_t), KILN_FC_F16_BLOCK, &p) != ARM_CMSIS_NN_SUCCESS)
    {
        return -1;
    }
    return kiln_query_result(p.scratch_bytes);
}

#endif /* ARM_NN_ENABLE_F16 */
