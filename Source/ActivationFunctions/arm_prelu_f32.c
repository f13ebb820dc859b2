/*
 * Kiln — arm_prelu_f32: TFLite PRELU, output = x >= 0 ? x : x * alpha, with TFLite's broadcasting of the input and
 * alpha over NHWC dims (each dimension equal, or 1 and stretched to the other; output dims exactly the broadcast
 * shape). One float32 rounding: bit-exact with TFLite's reference.
 * A NaN input gives a NaN. ARM_CMSIS_NN_ARG_ERROR, writing nothing, for a NULL pointer or dims, negative or
 * inconsistent dims, or more than INT32_MAX outputs; an empty output succeeds. Portable C on every backend.
 */
#include "Include/Internal/kiln_ew_flt.h"

#if ARM_NN_ENABLE_F32

arm_cmsis_nn_status arm_prelu_f32(const cmsis_nn_dims *input_dims,
                                 const float32_t *input,
                                 const cmsis_nn_dims *alpha_dims,
                                 const float32_t *alpha,
                                 const cmsis_nn_dims *output_dims,
                                 float32_t *output)
{
    kiln_maxmin_plan plan;
    if (!kiln_ew_maxmin_args_ok(input, input_dims, alpha, alpha_dims, output, output_dims, (int64_t)sizeof(float32_t), &plan))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    KILN_EW_MAXMIN_WALK(float32_t, kiln_ew_prelu_f32, &plan, input, alpha, output);
    return ARM_CMSIS_NN_SUCCESS;
}

#endif /* ARM_NN_ENABLE_F32 */
