/* Kiln — arm_convolve_1x1_s8_fast: 1x1 filter, stride 1, no padding (route "1x1_fast"; the input is read in place, no scratch). */
#include "Include/arm_nnfunctions.h"
#include "Include/Internal/kiln_conv_s8.h"

#if KILN_UPSTREAM_API
arm_cmsis_nn_status arm_convolve_1x1_s8_fast(const cmsis_nn_context *ctx,
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
    const cmsis_nn_context *weight_sum_ctx = NULL;
#else
arm_cmsis_nn_status arm_convolve_1x1_s8_fast(const cmsis_nn_context *ctx,
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
#endif
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
                              KILN_CONV_S8_ROUTE_1X1_FAST,
                              false);
}

int32_t arm_convolve_1x1_s8_fast_get_buffer_size(const cmsis_nn_dims *input_dims)
{
    /* The 1x1_fast route reads the input in place on every backend. */
    if (input_dims == NULL || input_dims->n < 0 || input_dims->h < 0 || input_dims->w < 0 || input_dims->c < 0)
    {
        return -1;
    }
    return 0;
}
