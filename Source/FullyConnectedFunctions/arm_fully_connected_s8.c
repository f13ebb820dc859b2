/* Kiln — arm_fully_connected_s8: TFLite int8 FULLY_CONNECTED, per-tensor requantization. */
#include "Include/arm_nnfunctions.h"
#include "Include/Internal/kiln_fc_s8.h"

arm_cmsis_nn_status arm_fully_connected_s8(const cmsis_nn_context *ctx,
                                           const cmsis_nn_fc_params *fc_params,
                                           const cmsis_nn_per_tensor_quant_params *quant_params,
                                           const cmsis_nn_dims *input_dims,
                                           const int8_t *input_data,
                                           const cmsis_nn_dims *filter_dims,
                                           const int8_t *filter_data,
                                           const cmsis_nn_dims *bias_dims,
                                           const int32_t *bias_data,
                                           const cmsis_nn_dims *output_dims,
                                           int8_t *output_data)
{
    (void)bias_dims; /* not read (CMSIS-NN's layout): its slot carries the quant kind */
    return kiln_fc_s8_entry(ctx, fc_params, quant_params, input_dims, input_data, filter_dims, filter_data,
                            KILN_FC_QUANT_TENSOR, bias_data, output_dims, output_data);
}
