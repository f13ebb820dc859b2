/* Kiln — arm_depthwise_conv_s4_opt: int8 depthwise convolution with packed int4 weights and
 * ch_mult 1 (input channels == output channels), + its buffer-size query. */
#include "Include/arm_nnfunctions.h"
#include "Include/Internal/kiln_dw_s4.h"

arm_cmsis_nn_status arm_depthwise_conv_s4_opt(const cmsis_nn_context *ctx,
                                              const cmsis_nn_dw_conv_params *dw_conv_params,
                                              const cmsis_nn_per_channel_quant_params *quant_params,
                                              const cmsis_nn_dims *input_dims,
                                              const int8_t *input_data,
                                              const cmsis_nn_dims *filter_dims,
                                              const int8_t *filter_data,
                                              const cmsis_nn_dims *bias_dims,
                                              const int32_t *bias_data,
                                              const cmsis_nn_dims *output_dims,
                                              int8_t *output_data)
{
    (void)bias_dims;
    return kiln_dw_s4_entry(true, ctx, dw_conv_params, quant_params, input_dims, input_data, filter_dims, filter_data,
                            bias_data, output_dims, output_data);
}

int32_t arm_depthwise_conv_s4_opt_get_buffer_size(const cmsis_nn_dims *input_dims, const cmsis_nn_dims *filter_dims)
{
    return kiln_dw_s4_opt_query(input_dims, filter_dims, KILN_NATIVE_ISA);
}
