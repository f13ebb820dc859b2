/* Kiln — arm_transpose_conv_wrapper_s8: the family's plan picks the route for every shape (one
 * route, the direct gather; Include/Internal/kiln_tconv_s8.h), in both API modes. */
#include "Include/arm_nnfunctions.h"
#include "Include/Internal/kiln_tconv_s8.h"

#if KILN_UPSTREAM_API
arm_cmsis_nn_status arm_transpose_conv_wrapper_s8(const cmsis_nn_context *ctx,
                                                  const cmsis_nn_context *output_ctx,
                                                  const cmsis_nn_transpose_conv_params *transpose_conv_params,
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
    /* Upstream's second context is the reverse-conv (flipped filter) buffer. */
    const cmsis_nn_context *reverse_conv_ctx = output_ctx;
    const cmsis_nn_context *weight_sum_ctx = NULL;
#else
arm_cmsis_nn_status arm_transpose_conv_wrapper_s8(const cmsis_nn_context *ctx,
                                                  const cmsis_nn_context *weight_sum_ctx,
                                                  const cmsis_nn_context *reverse_conv_ctx,
                                                  const cmsis_nn_transpose_conv_params *transpose_conv_params,
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
    return kiln_tconv_s8_entry(ctx,
                               reverse_conv_ctx,
                               true,
                               weight_sum_ctx,
                               transpose_conv_params,
                               quant_params,
                               input_dims,
                               input_data,
                               filter_dims,
                               filter_data,
                               bias_data,
                               output_dims,
                               output_data);
}
