/*
 * Kiln — arm_maximum_f16: TFLite MAXIMUM with TFLite's broadcasting over NHWC dims (each dimension of
 * the two inputs equal, or 1 and stretched to the other; output dims exactly the broadcast shape), element
 * (a >= b) ? a : b with a = input 1, b = input 2 (a NaN in either operand gives input 2). Exact (a selection). ARM_CMSIS_NN_ARG_ERROR,
 * writing nothing, for a NULL pointer or dims, negative or inconsistent dims, or more than INT32_MAX outputs.
 * No scratch: ctx is not used and may be NULL. Portable C on every backend.
 */
#include "Include/Internal/kiln_ew_flt.h"

#if ARM_NN_ENABLE_F16

arm_cmsis_nn_status arm_maximum_f16(const cmsis_nn_context *ctx,
                                    const float16_t *input_1_data,
                                    const cmsis_nn_dims *input_1_dims,
                                    const float16_t *input_2_data,
                                    const cmsis_nn_dims *input_2_dims,
                                    float16_t *output_data,
                                    const cmsis_nn_dims *output_dims)
{
    (void)ctx;
    kiln_maxmin_plan plan;
    if (!kiln_ew_maxmin_args_ok(input_1_data, input_1_dims, input_2_data, input_2_dims, output_data, output_dims,
                                (int64_t)sizeof(float16_t), &plan))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    KILN_EW_MAXMIN_WALK(float16_t, kiln_ew_max_f32, &plan, input_1_data, input_2_data, output_data);
    return ARM_CMSIS_NN_SUCCESS;
}

#endif /* ARM_NN_ENABLE_F16 */
