/* Kiln — arm_convolve_s8: the general int8 convolution (route "im2col_gemm": any filter, stride,
 * padding, dilation, grouped convolution, optional 2x nearest upscaling of the input). */
#include "Include/arm_nnfunctions.h"
#include "Include/arm_nnsupportfunctions.h"
#include "Include/Internal/kiln_conv_s8.h"

#if KILN_UPSTREAM_API
arm_cmsis_nn_status arm_convolve_s8(const cmsis_nn_context *ctx,
                                    const cmsis_nn_conv_params *conv_params,
                                    const cmsis_nn_per_channel_quant_params *quant_params,
                                    const cmsis_nn_dims *input_dims,
                                    const int8_t *input_data,
                                    const cmsis_nn_dims *filter_dims,
                                    const int8_t *filter_data,
                                    const cmsis_nn_dims *bias_dims,
                                    const int32_t *bias_data,
                                    const cmsis_nn_dims *upscale_dims,
                                    const cmsis_nn_dims *output_dims,
                                    int8_t *output_data)
{
    const cmsis_nn_context *weight_sum_ctx = NULL;
#else
arm_cmsis_nn_status arm_convolve_s8(const cmsis_nn_context *ctx,
                                    const cmsis_nn_context *weight_sum_ctx,
                                    const cmsis_nn_conv_params *conv_params,
                                    const cmsis_nn_per_channel_quant_params *quant_params,
                                    const cmsis_nn_dims *input_dims,
                                    const int8_t *input_data,
                                    const cmsis_nn_dims *filter_dims,
                                    const int8_t *filter_data,
                                    const cmsis_nn_dims *bias_dims,
                                    const int32_t *bias_data,
                                    const cmsis_nn_dims *upscale_dims,
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
                              upscale_dims,
                              output_dims,
                              output_data,
                              KILN_CONV_S8_ROUTE_IM2COL,
                              false);
}

static int32_t kiln_conv_s8_query(const cmsis_nn_dims *input_dims, const cmsis_nn_dims *filter_dims, kiln_isa isa)
{
    if (input_dims == NULL || filter_dims == NULL || input_dims->c < 1 || filter_dims->h < 1 || filter_dims->w < 1 ||
        filter_dims->c < 1)
    {
        return -1;
    }
    const int64_t rhs_cols = (int64_t)filter_dims->h * filter_dims->w * filter_dims->c;
    return kiln_query_result(kiln_conv_s8_im2col_scratch(rhs_cols, isa));
}

int32_t arm_convolve_s8_get_buffer_size(const cmsis_nn_dims *input_dims, const cmsis_nn_dims *filter_dims)
{
    return kiln_conv_s8_query(input_dims, filter_dims, KILN_NATIVE_ISA);
}

int32_t arm_convolve_s8_get_buffer_size_mve(const cmsis_nn_dims *input_dims, const cmsis_nn_dims *filter_dims)
{
    return kiln_conv_s8_query(input_dims, filter_dims, KILN_ISA_MVE);
}
