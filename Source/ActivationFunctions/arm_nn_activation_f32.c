/*
 * Kiln — arm_nn_activation_f32: output[i] = act(input[i]) for i < size, act by type (arm_nn_activation_type_flt):
 * NONE x; SIGMOID 1 / (1 + exp(-x)); TANH tanh(x); RELU max(x, 0); RELU6 min(max(x, 0), 6);
 * HARDSWISH x * relu6(x + 3) / 6; LEAKY_RELU x >= 0 ? x : act_param * x (act_param is used by LEAKY_RELU only).
 * NaN stays NaN. Sigmoid and tanh without libm: see Include/Internal/kiln_ew_flt.h for the method and the error
 * (absolute error below 1e-6 in float32). ARM_CMSIS_NN_ARG_ERROR, writing nothing, for a NULL pointer,
 * size < 0 or an unknown type; size 0 writes nothing. output may equal input. Portable C on every backend.
 */
#include "Include/Internal/kiln_ew_flt.h"

#if ARM_NN_ENABLE_F32

arm_cmsis_nn_status arm_nn_activation_f32(const float32_t *input,
                                          float32_t *output,
                                          int32_t size,
                                          arm_nn_activation_type_flt type,
                                          float32_t act_param)
{
    if (input == NULL || output == NULL || size < 0 || !kiln_ew_act_type_ok(type) ||
        !kiln_flt_bytes_ok((int64_t)size, (int64_t)sizeof(float32_t)))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const float32_t p = (float32_t)act_param;
    for (int32_t i = 0; i < size; i++)
    {
        output[i] = kiln_ew_act_f32(input[i], type, p);
    }
    return ARM_CMSIS_NN_SUCCESS;
}

#endif /* ARM_NN_ENABLE_F32 */
