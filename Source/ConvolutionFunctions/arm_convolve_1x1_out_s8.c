/* Kiln — arm_convolve_1x1_out_s8 (ns-cmsis-nn): a convolution whose output is one pixel per batch
 * (output h = w = 1, one group), any filter size and padding. Runs the wrapper's plan, so its scratch
 * is arm_convolve_wrapper_s8_get_buffer_size(). Available on every backend. */
#include "Include/arm_nnfunctions.h"
#include "Include/Internal/kiln_conv_s8.h"

#if !KILN_UPSTREAM_API
arm_cmsis_nn_status arm_convolve_1x1_out_s8(const cmsis_nn_context *ctx,
                                            const cmsis_nn_context *weight_sum_ctx,
                                            const cmsis_nn_conv_params *conv_params,
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
    return kiln_conv_s8_entry(ctx,
                              weight_sum_ctx,
                              conv_params,
                              quant_params,
                              input_dims,
                              input_data,
                              filter_dims,
                              filter_data,
                              bias_data,
                              NULL,
                              output_dims,
                              output_data,
                              KILN_CONV_S8_ROUTE_COUNT,
                              true);
}
#endif
