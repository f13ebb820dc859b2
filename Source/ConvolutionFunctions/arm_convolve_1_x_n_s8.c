/* Kiln — arm_convolve_1_x_n_s8: 1xN filter (filter_h == 1), unit horizontal dilation, one group (route "1xN"). */
#include "Include/arm_nnfunctions.h"
#include "Include/Internal/kiln_conv_s8.h"

#if KILN_UPSTREAM_API
arm_cmsis_nn_status arm_convolve_1_x_n_s8(const cmsis_nn_context *ctx,
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
arm_cmsis_nn_status arm_convolve_1_x_n_s8(const cmsis_nn_context *ctx,
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
                              KILN_CONV_S8_ROUTE_1XN,
                              false);
}

int32_t arm_convolve_1_x_n_s8_get_buffer_size(const cmsis_nn_conv_params *conv_params,
                                              const cmsis_nn_dims *input_dims,
                                              const cmsis_nn_dims *filter_dims,
                                              const cmsis_nn_dims *output_dims)
{
    kiln_conv_s8_shape s;
    kiln_conv_s8_plan_t plan;
    if (!kiln_conv_s8_shape_from(conv_params, input_dims, filter_dims, output_dims, NULL, &s) ||
        kiln_conv_s8_plan_route(&s, KILN_NATIVE_ISA, KILN_CONV_S8_ROUTE_1XN, &plan) != ARM_CMSIS_NN_SUCCESS)
    {
        return -1;
    }
    return kiln_query_result(plan.scratch_bytes);
}
