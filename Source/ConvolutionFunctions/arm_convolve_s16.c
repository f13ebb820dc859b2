/* Kiln — arm_convolve_s16 and its size query: the int16x8 convolution (TFLite CONV_2D with int16
 * activations and int8 weights; any filter, stride, padding, dilation, grouped convolution), route
 * "conv_s16_c" of kiln_conv_s16_plan on every backend. */
#include "Include/arm_nnfunctions.h"
#include "Include/Internal/kiln_conv_s16.h"

arm_cmsis_nn_status arm_convolve_s16(const cmsis_nn_context *ctx,
                                     const cmsis_nn_conv_params *conv_params,
                                     const cmsis_nn_per_channel_quant_params *quant_params,
                                     const cmsis_nn_dims *input_dims,
                                     const int16_t *input_data,
                                     const cmsis_nn_dims *filter_dims,
                                     const int8_t *filter_data,
                                     const cmsis_nn_dims *bias_dims,
                                     const cmsis_nn_bias_data *bias_data,
                                     const cmsis_nn_dims *output_dims,
                                     int16_t *output_data)
{
    (void)bias_dims;
    return kiln_conv_s16_entry(ctx, conv_params, quant_params, input_dims, input_data, filter_dims, filter_data,
                               bias_data, output_dims, output_data);
}

int32_t arm_convolve_s16_get_buffer_size(const cmsis_nn_dims *input_dims, const cmsis_nn_dims *filter_dims)
{
    return kiln_query_result(kiln_conv_s16_plan_partial(input_dims, filter_dims, KILN_NATIVE_ISA));
}
