/* Kiln — arm_convolve_1x1_s4: 1x1 filter, no padding, any stride (the shapes arm_convolve_1x1_s8 accepts; route "conv_s4_c"). */
#include "Include/arm_nnfunctions.h"
#include "Include/Internal/kiln_conv_s4.h"

arm_cmsis_nn_status arm_convolve_1x1_s4(const cmsis_nn_context *ctx,
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
    return kiln_conv_s4_entry(ctx,
                              conv_params,
                              quant_params,
                              input_dims,
                              input_data,
                              filter_dims,
                              filter_data,
                              bias_data,
                              output_dims,
                              output_data,
                              KILN_CONV_S4_KIND_1X1);
}
