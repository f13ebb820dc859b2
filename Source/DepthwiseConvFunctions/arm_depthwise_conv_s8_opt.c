/* Kiln — arm_depthwise_conv_s8_opt: int8 depthwise convolution with ch_mult 1. */
#include "Include/arm_nnfunctions.h"
#include "Include/Internal/kiln_dw_s8.h"

#if KILN_UPSTREAM_API
arm_cmsis_nn_status arm_depthwise_conv_s8_opt(const cmsis_nn_context *ctx,
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
    const cmsis_nn_context *weight_sum_ctx = NULL;
#else
arm_cmsis_nn_status arm_depthwise_conv_s8_opt(const cmsis_nn_context *ctx,
                                              const cmsis_nn_context *weight_sum_ctx,
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
#endif
    (void)bias_dims;
    return kiln_dw_s8_entry(KILN_DW_S8_ROUTE_OPT,
                            ctx,
                            weight_sum_ctx,
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

int32_t arm_depthwise_conv_s8_opt_get_buffer_size(const cmsis_nn_dims *input_dims, const cmsis_nn_dims *filter_dims)
{
    return kiln_dw_s8_opt_query(input_dims, filter_dims, KILN_NATIVE_ISA);
}

int32_t arm_depthwise_conv_s8_opt_get_buffer_size_dsp(const cmsis_nn_dims *input_dims, const cmsis_nn_dims *filter_dims)
{
    return kiln_dw_s8_opt_query(input_dims, filter_dims, KILN_ISA_DSP);
}

int32_t arm_depthwise_conv_s8_opt_get_buffer_size_mve(const cmsis_nn_dims *input_dims, const cmsis_nn_dims *filter_dims)
{
    return kiln_dw_s8_opt_query(input_dims, filter_dims, KILN_ISA_MVE);
}
