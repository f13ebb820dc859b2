/* Kiln — arm_convolve_wrapper_s16 and its buffer-size queries: plan natively (or for the named
 * backend) and run / report the chosen route ("conv_s16_c" on every backend). */
#include "Include/arm_nnfunctions.h"
#include "Include/Internal/kiln_conv_s16.h"

arm_cmsis_nn_status arm_convolve_wrapper_s16(const cmsis_nn_context *ctx,
                                             const cmsis_nn_conv_params *conv_params,
                                             const cmsis_nn_per_channel_quant_params *quant_params,
                                             const cmsis_nn_dims *input_dims,
                                             const int16_t *input_data,
                                             const cmsis_nn_dims *filter_dims,
                                             const int8_t *filter_data,
                                             const cmsis_nn_dims *bias_dims,
                                             const cmsis_nn_bias_data *bias_data,
                                             const cmsis_nn_dims *output_dims,
                                             int16_t *output_data)
{
    (void)bias_dims;
    return kiln_conv_s16_entry(ctx, conv_params, quant_params, input_dims, input_data, filter_dims, filter_data,
                               bias_data, output_dims, output_data);
}

static int32_t kiln_conv_s16_wrapper_query(const cmsis_nn_conv_params *conv_params,
                                           const cmsis_nn_dims *input_dims,
                                           const cmsis_nn_dims *filter_dims,
                                           const cmsis_nn_dims *output_dims,
                                           kiln_isa isa)
{
    kiln_conv_s16_shape s;
    kiln_conv_s16_plan_t plan;
    if (!kiln_conv_geom_from(conv_params, input_dims, filter_dims, output_dims, &s) ||
        kiln_conv_s16_plan(&s, isa, &plan) != ARM_CMSIS_NN_SUCCESS)
    {
        return -1;
    }
    return kiln_query_result(plan.scratch_bytes);
}

int32_t arm_convolve_wrapper_s16_get_buffer_size(const cmsis_nn_conv_params *conv_params,
                                                 const cmsis_nn_dims *input_dims,
                                                 const cmsis_nn_dims *filter_dims,
                                                 const cmsis_nn_dims *output_dims)
{
    return kiln_conv_s16_wrapper_query(conv_params, input_dims, filter_dims, output_dims, KILN_NATIVE_ISA);
}

int32_t arm_convolve_wrapper_s16_get_buffer_size_dsp(const cmsis_nn_conv_params *conv_params,
                                                     const cmsis_nn_dims *input_dims,
                                                     const cmsis_nn_dims *filter_dims,
                                                     const cmsis_nn_dims *output_dims)
{
    return kiln_conv_s16_wrapper_query(conv_params, input_dims, filter_dims, output_dims, KILN_ISA_DSP);
}

int32_t arm_convolve_wrapper_s16_get_buffer_size_mve(const cmsis_nn_conv_params *conv_params,
                                                     const cmsis_nn_dims *input_dims,
                                                     const cmsis_nn_dims *filter_dims,
                                                     const cmsis_nn_dims *output_dims)
{
    return kiln_conv_s16_wrapper_query(conv_params, input_dims, filter_dims, output_dims, KILN_ISA_MVE);
}
