/* Kiln — arm_depthwise_conv_wrapper_s4: int8 depthwise convolution with packed int4 weights, the
 * family plan's route for the shape, + the buffer-size queries (native, _dsp, _mve: any build). */
#include "Include/arm_nnfunctions.h"
#include "Include/Internal/kiln_dw_s4.h"

arm_cmsis_nn_status arm_depthwise_conv_wrapper_s4(const cmsis_nn_context *ctx,
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
    return kiln_dw_s4_entry(false, ctx, dw_conv_params, quant_params, input_dims, input_data, filter_dims,
                            filter_data, bias_data, output_dims, output_data);
}

int32_t arm_depthwise_conv_wrapper_s4_get_buffer_size(const cmsis_nn_dw_conv_params *dw_conv_params,
                                                      const cmsis_nn_dims *input_dims,
                                                      const cmsis_nn_dims *filter_dims,
                                                      const cmsis_nn_dims *output_dims)
{
    return kiln_dw_s4_query(dw_conv_params, input_dims, filter_dims, output_dims, KILN_NATIVE_ISA);
}

int32_t arm_depthwise_conv_wrapper_s4_get_buffer_size_dsp(const cmsis_nn_dw_conv_params *dw_conv_params,
                                                          const cmsis_nn_dims *input_dims,
                                                          const cmsis_nn_dims *filter_dims,
                                                          const cmsis_nn_dims *output_dims)
{
    return kiln_dw_s4_query(dw_conv_params, input_dims, filter_dims, output_dims, KILN_ISA_DSP);
}

int32_t arm_depthwise_conv_wrapper_s4_get_buffer_size_mve(const cmsis_nn_dw_conv_params *dw_conv_params,
                                                          const cmsis_nn_dims *input_dims,
                                                          const cmsis_nn_dims *filter_dims,
                                                          const cmsis_nn_dims *output_dims)
{
    return kiln_dw_s4_query(dw_conv_params, input_dims, filter_dims, output_dims, KILN_ISA_MVE);
}
