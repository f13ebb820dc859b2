/*
 * Kiln — float32 fully connected: arm_fully_connected_f32 (layout argument), arm_fully_connected_nhwc_f32 and
 * the size query. One plan (kiln_fc_flt_plan: validation and the weight walk, standard rows or NT_N_PACKED
 * blocks of KILN_FC_F32_BLOCK); no route uses scratch.
 */
#include "Include/Internal/kiln_flt_ops.h"

#if ARM_NN_ENABLE_F32

static arm_cmsis_nn_status kiln_fc_entry_f32(const cmsis_nn_fc_params_f32 *fc_params,
                                             const cmsis_nn_dims *input_dims,
                                             const float32_t *input,
                                             const cmsis_nn_dims *filter_dims,
                                             const float32_t *kernel,
                                             const cmsis_nn_dims *bias_dims,
                                             const float32_t *bias,
                                             const cmsis_nn_dims *output_dims,
                                             float32_t *output,
                                             int32_t layout)
{
    kiln_fc_flt_plan_t p;
    if (fc_params == NULL ||
        kiln_fc_flt_entry_check((int32_t)fc_params->weight_format, (float32_t)fc_params->activation.min,
                                (float32_t)fc_params->activation.max, layout, input_dims, input, filter_dims, kernel,
                                bias_dims, bias, output_dims, output, (int64_t)sizeof(*output), KILN_FC_F32_BLOCK,
                                &p) != ARM_CMSIS_NN_SUCCESS)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (!p.empty)
    {
        kiln_fc_flt_f32(&p, input, kernel, bias, output, (float32_t)fc_params->activation.min,
                        (float32_t)fc_params->activation.max);
    }
    return ARM_CMSIS_NN_SUCCESS;
}

arm_cmsis_nn_status arm_fully_connected_f32(const cmsis_nn_context *ctx,
                                            const cmsis_nn_fc_params_f32 *fc_params,
                                            const cmsis_nn_dims *input_dims,
                                            const float32_t *input,
                                            const cmsis_nn_dims *filter_dims,
                                            const float32_t *kernel,
                                            const cmsis_nn_dims *bias_dims,
                                            const float32_t *bias,
                                            const cmsis_nn_dims *output_dims,
                                            float32_t *output,
                                            arm_nn_tensor_layout layout)
{
    (void)ctx; /* no route uses scratch */
    return kiln_fc_entry_f32(fc_params, input_dims, input, filter_dims, kernel, bias_dims, bias, output_dims, output,
                             (int32_t)layout);
}

arm_cmsis_nn_status arm_fully_connected_nhwc_f32(const cmsis_nn_context *ctx,
                                                 const cmsis_nn_fc_params_f32 *fc_params,
                                                 const cmsis_nn_dims *input_dims,
                                                 const float32_t *input,
                                                 const cmsis_nn_dims *filter_dims,
                                                 const float32_t *kernel,
                                                 const cmsis_nn_dims *bias_dims,
                                                 const float32_t *bias,
                                                 const cmsis_nn_dims *output_dims,
                                                 float32_t *output)
{
    (void)ctx;
    return kiln_fc_entry_f32(fc_params, input_dims, input, filter_dims, kernel, bias_dims, bias, output_dims, output,
                             (int32_t)ARM_NN_LAYOUT_NHWC);
}

int32_t arm_fully_connected_f32_get_buffer_size(const cmsis_nn_fc_params_f32 *fc_params,
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
                         (int64_t)sizeof(float32_t), KILN_FC_F32_BLOCK, &p) != ARM_CMSIS_NN_SUCCESS)
    {
        return -1;
    }
    return kiln_query_result(p.scratch_bytes);
}

#endif /* ARM_NN_ENABLE_F32 */
