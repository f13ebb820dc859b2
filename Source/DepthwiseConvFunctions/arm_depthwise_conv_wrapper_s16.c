/* Kiln — arm_depthwise_conv_wrapper_s16 and its size queries (this build, _dsp, _mve): the family's
 * plan picks the route ("dw_s16_c" on every backend) and its bytes (0). */
#include "Include/arm_nnfunctions.h"
#include "Include/Internal/kiln_dw_s16.h"

arm_cmsis_nn_status arm_depthwise_conv_wrapper_s16(const cmsis_nn_context *ctx,
                                                   const cmsis_nn_dw_conv_params *dw_conv_params,
                                                   const cmsis_nn_per_channel_quant_params *quant_params,
                                                   const cmsis_nn_dims *input_dims,
                                                   const int16_t *input_data,
                                                   const cmsis_nn_dims *filter_dims,
                                                   const int8_t *filter_data,
                                                   const cmsis_nn_dims *bias_dims,
                                                   const int64_t *bias_data,
                                                   const cmsis_nn_dims *output_dims,
                                                   int16_t *output_data)
{
    (void)bias_dims;
    return kiln_dw_s16_entry(ctx,
                             dw_conv_params,
                             quant_params,
                             input_dims,
                             input_data,
                             filter_dims,
                             filter_data,
                             bias_data,
                             output_dims,
                             output_data);
}

int32_t arm_depthwise_conv_wrapper_s16_get_buffer_size(const cmsis_nn_dw_conv_params *dw_conv_params,
                                                       const cmsis_nn_dims *input_dims,
                                                       const cmsis_nn_dims *filter_dims,
                                                       const cmsis_nn_dims *output_dims)
{
    return kiln_dw_s16_query(dw_conv_params, input_dims, filter_dims, output_dims, KILN_NATIVE_ISA);
}

int32_t arm_depthwise_conv_wrapper_s16_get_buffer_size_dsp(const cmsis_nn_dw_conv_params *dw_conv_params,
                                                           const cmsis_nn_dims *input_dims,
                                                           const cmsis_nn_dims *filter_dims,
                                                           const cmsis_nn_dims *output_dims)
{
    return kiln_dw_s16_query(dw_conv_params, input_dims, filter_dims, output_dims, KILN_ISA_DSP);
}

int32_t arm_depthwise_conv_wrapper_s16_get_buffer_size_mve(const cmsis_nn_dw_conv_params *dw_conv_params,
                                                           const cmsis_nn_dims *input_dims,
                                                           const cmsis_nn_dims *filter_dims,
                                                           const cmsis_nn_dims *output_dims)
{
    return kiln_dw_s16_query(dw_conv_params, input_dims, filter_dims, output_dims, KILN_ISA_MVE);
}
