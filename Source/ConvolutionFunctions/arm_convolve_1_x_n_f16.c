/*
 * Kiln — float16 1xN convolution entries: arm_convolve_1_x_n_f16, arm_convolve_1_x_n_nhwc_f16 and the size query.
 * The router's 1xN route (arm_nn_conv_flt_is_1xn()); scratch: one patch row of KW x C_IN halves.
 */
#include "Include/Internal/kiln_conv_flt.h"

#if ARM_NN_ENABLE_F16

arm_cmsis_nn_status arm_convolve_1_x_n_f16(const cmsis_nn_context *ctx,
                                           const cmsis_nn_conv_params_f16 *conv_params,
                                           const cmsis_nn_dims *input_dims,
                                           const float16_t *input_data,
                                           const cmsis_nn_dims *filter_dims,
                                           const float16_t *filter_data,
                                           const cmsis_nn_dims *bias_dims,
                                           const float16_t *bias_data,
                                           const cmsis_nn_dims *output_dims,
                                           float16_t *output_data,
                                           arm_nn_tensor_layout layout)
{
    if (conv_params == NULL)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    kiln_conv_flt_plan_t p;
    kiln_conv_flt_geom g;
    const arm_cmsis_nn_status st = KILN_CONV_FLT_ENTRY_PLAN(conv_params, layout, input_dims, filter_dims, bias_dims,
                                                            bias_data, output_dims, KILN_FLT_F16, 0, &p, &g);
    if (st != ARM_CMSIS_NN_SUCCESS)
    {
        return st;
    }
    if (!arm_nn_conv_flt_is_1xn(&conv_params->stride, &conv_params->padding, &conv_params->dilation, input_dims,
                                filter_dims, output_dims))
    {
        return ARM_CMSIS_NN_NO_IMPL_ERROR;
    }
    if (p.empty)
    {
        return ARM_CMSIS_NN_SUCCESS;
    }
    const int64_t need = kiln_conv_flt_1xn_bytes(filter_dims, input_dims, sizeof(float16_t));
    if (input_data == NULL || filter_data == NULL || output_data == NULL || !kiln_ctx_holds(ctx, need) ||
        ((uintptr_t)ctx->buf % sizeof(float16_t)) != 0)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    kiln_conv_flt_1xn_f16(&g, input_data, filter_data, bias_data, output_data, (float32_t)conv_params->activation.min,
                          (float32_t)conv_params->activation.max, (float16_t *)ctx->buf, false);
    return ARM_CMSIS_NN_SUCCESS;
}

arm_cmsis_nn_status arm_convolve_1_x_n_nhwc_f16(const cmsis_nn_context *ctx,
                                                const cmsis_nn_conv_params_f16 *conv_params,
                                                const cmsis_nn_dims *input_dims,
                                                const float16_t *input_data,
                                                const cmsis_nn_dims *filter_dims,
                                                const float16_t *filter_data,
                                                const cmsis_nn_dims *bias_dims,
                                                const float16_t *bias_data,
                                                const cmsis_nn_dims *output_dims,
                                                float16_t *output_data)
{
    return arm_convolve_1_x_n_f16(ctx, conv_params, input_dims, input_data, filter_dims, filter_data, bias_dims,
                                  bias_data, output_dims, output_data, ARM_NN_LAYOUT_NHWC);
}

int32_t arm_convolve_1_x_n_f16_get_buffer_size(const cmsis_nn_conv_params_f16 *conv_params,
                                               const cmsis_nn_dims *input_dims,
                                               const cmsis_nn_dims *filter_dims,
                                               const cmsis_nn_dims *output_dims,
                                               arm_nn_tensor_layout layout)
{
    if (conv_params == NULL)
    {
        return -1;
    }
    kiln_conv_flt_plan_t p;
    if (kiln_conv_flt_plan(&conv_params->stride, &conv_params->padding, &conv_params->dilation,
                           (int32_t)conv_params->weight_format, (int32_t)layout, input_dims, filter_dims, output_dims,
                           KILN_FLT_F16, KILN_FLT_NATIVE_ISA, 0, &p) != ARM_CMSIS_NN_SUCCESS ||
        !arm_nn_conv_flt_is_1xn(&conv_params->stride, &conv_params->padding, &conv_params->dilation, input_dims,
                                filter_dims, output_dims))
    {
        return -1;
    }
    return kiln_query_result(kiln_conv_flt_1xn_bytes(filter_dims, input_dims, sizeof(float16_t)));
}

#endif /* ARM_NN_ENABLE_F16 */
