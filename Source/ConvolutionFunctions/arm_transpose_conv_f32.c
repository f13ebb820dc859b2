/*
 * Kiln — float32 transposed convolution: arm_transpose_conv_f32, arm_transpose_conv_wrapper_f32,
 * arm_transpose_conv_nhwc_f32 and the two size queries (TFLite TRANSPOSE_CONV on float32_t storage,
 * Internal/kiln_tconv_flt.h). Portable C on every backend: one route, "direct_gather", which uses no caller
 * buffer (both queries return 0; ctx and output_ctx are not read).
 */
#include "Include/Internal/kiln_tconv_flt.h"

#if ARM_NN_ENABLE_F32

#define KILN_TCONV_FLT_T float32_t
#define KILN_TCONV_FLT_GATHER kiln_tconv_gather_f32
#include "kiln_tconv_flt_gather.inc"

arm_cmsis_nn_status arm_transpose_conv_f32(const cmsis_nn_context *ctx,
                                           const cmsis_nn_context *output_ctx,
                                           const cmsis_nn_transpose_conv_params_f32 *transpose_conv_params,
                                           const cmsis_nn_dims *input_dims,
                                           const float32_t *input_data,
                                           const cmsis_nn_dims *filter_dims,
                                           const float32_t *filter_data,
                                           const cmsis_nn_dims *bias_dims,
                                           const float32_t *bias_data,
                                           const cmsis_nn_dims *output_dims,
                                           float32_t *output_data,
                                           arm_nn_tensor_layout layout)
{
    const cmsis_nn_transpose_conv_params_f32 *p = transpose_conv_params;
    if (p == NULL)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const float32_t act_min = (float32_t)p->activation.min, act_max = (float32_t)p->activation.max;
    kiln_tconv_flt_shape s;
    if (!kiln_tconv_flt_entry_check(ctx, output_ctx, &p->stride, &p->padding, &p->padding_offsets, &p->dilation,
                                    act_min, act_max, (int32_t)layout, input_dims, input_data, filter_dims,
                                    filter_data, bias_dims, bias_data, output_dims, output_data, &s))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    kiln_tconv_gather_f32(&s, input_data, filter_data, bias_data, output_data, act_min, act_max);
    return ARM_CMSIS_NN_SUCCESS;
}

arm_cmsis_nn_status arm_transpose_conv_wrapper_f32(const cmsis_nn_context *ctx,
                                                   const cmsis_nn_context *output_ctx,
                                                   const cmsis_nn_transpose_conv_params_f32 *transpose_conv_params,
                                                   const cmsis_nn_dims *input_dims,
                                                   const float32_t *input_data,
                                                   const cmsis_nn_dims *filter_dims,
                                                   const float32_t *filter_data,
                                                   const cmsis_nn_dims *bias_dims,
                                                   const float32_t *bias_data,
                                                   const cmsis_nn_dims *output_dims,
                                                   float32_t *output_data,
                                                   arm_nn_tensor_layout layout)
{
    return arm_transpose_conv_f32(ctx, output_ctx, transpose_conv_params, input_dims, input_data, filter_dims,
                                  filter_data, bias_dims, bias_data, output_dims, output_data, layout);
}

arm_cmsis_nn_status arm_transpose_conv_nhwc_f32(const cmsis_nn_context *ctx,
                                                const cmsis_nn_context *output_ctx,
                                                const cmsis_nn_transpose_conv_params_f32 *transpose_conv_params,
                                                const cmsis_nn_dims *input_dims,
                                                const float32_t *input_data,
                                                const cmsis_nn_dims *filter_dims,
                                                const float32_t *filter_data,
                                                const cmsis_nn_dims *bias_dims,
                                                const float32_t *bias_data,
                                                const cmsis_nn_dims *output_dims,
                                                float32_t *output_data)
{
    return arm_transpose_conv_f32(ctx, output_ctx, transpose_conv_params, input_dims, input_data, filter_dims,
                                  filter_data, bias_dims, bias_data, output_dims, output_data, ARM_NN_LAYOUT_NHWC);
}

int32_t arm_transpose_conv_f32_get_buffer_size(const cmsis_nn_transpose_conv_params_f32 *transpose_conv_params,
                                               const cmsis_nn_dims *input_dims,
                                               const cmsis_nn_dims *filter_dims,
                                               const cmsis_nn_dims *out_dims)
{
    const cmsis_nn_transpose_conv_params_f32 *p = transpose_conv_params;
    if (p == NULL)
    {
        return -1;
    }
    return kiln_tconv_flt_query(&p->stride, &p->padding, &p->padding_offsets, &p->dilation, input_dims, filter_dims,
                                out_dims, false);
}

int32_t arm_transpose_conv_f32_get_reverse_conv_buffer_size(
    const cmsis_nn_transpose_conv_params_f32 *transpose_conv_params,
    const cmsis_nn_dims *input_dims,
    const cmsis_nn_dims *filter_dims)
{
    const cmsis_nn_transpose_conv_params_f32 *p = transpose_conv_params;
    if (p == NULL)
    {
        return -1;
    }
    return kiln_tconv_flt_query(&p->stride, &p->padding, &p->padding_offsets, &p->dilation, input_dims, filter_dims,
                                NULL, true);
}

#endif /* ARM_NN_ENABLE_F32 */
