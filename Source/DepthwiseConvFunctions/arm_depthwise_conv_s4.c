/* Kiln — arm_depthwise_conv_s4: int8 depthwise convolution with packed int4 weights, any channel
 * multiplier (family plan and kernel: kiln_dw_s4_plan.c, Include/Internal/kiln_dw_s4.h). */
#include "Include/arm_nnfunctions.h"
#include "Include/Internal/kiln_dw_s4.h"

arm_cmsis_nn_status arm_depthwise_conv_s4(const cmsis_nn_context *ctx,
                                          const cmsis_nn_dw_conv_params *dw_conv_params,
                                          const cmsis_nn_per_channel_quant_params *quant_params,
                                          const cmsis_nn_dims *input_dims,
                                          const int8_t *input,
                                          const cmsis_nn_dims *filter_dims,
                                          const int8_t *kernel,
                                          const cmsis_nn_dims *bias_dims,
                                          const int32_t *bias,
                                          const cmsis_nn_dims *output_dims,
                                          int8_t *output)
{
    (void)bias_dims;
    return kiln_dw_s4_entry(false, ctx, dw_conv_params, quant_params, input_dims, input, filter_dims, kernel, bias,
                            output_dims, output);
}
