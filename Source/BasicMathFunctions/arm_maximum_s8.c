/* Kiln — arm_maximum_s8: TFLite int8 MAXIMUM with broadcasting. */
#include "Include/arm_nnfunctions.h"
#include "Include/Internal/kiln_elementwise.h"

arm_cmsis_nn_status arm_maximum_s8(const cmsis_nn_context *ctx,
                                   const int8_t *input_1_data,
                                   const cmsis_nn_dims *input_1_dims,
                                   const int8_t *input_2_data,
                                   const cmsis_nn_dims *input_2_dims,
                                   int8_t *output_data,
                                   const cmsis_nn_dims *output_dims)
{
    (void)ctx; /* no scratch */
    kiln_maxmin_plan plan;
    if (input_1_data == NULL || input_1_dims == NULL || input_2_data == NULL || input_2_dims == NULL ||
        output_data == NULL || output_dims == NULL || !kiln_maxmin_s8_plan(input_1_dims, input_2_dims, output_dims, &plan))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    kiln_maxmin_s8_run(&plan, true, input_1_data, input_2_data, output_data);
    return ARM_CMSIS_NN_SUCCESS;
}
