/*
 * Kiln: arm_clamp_s8 / arm_clamp_s16 (ns-cmsis-nn): out = clamp(in, act_min, act_max), the clamp of
 * TFLite's RELU_N1_TO_1 / RELU6 / RELU_0_TO_1 on values already in the output quantization.
 * Portable C on every backend.
 */
#include <stddef.h>

#include "Include/Internal/kiln_activation.h"
#include "Include/arm_nnfunctions.h"

static arm_cmsis_nn_status kiln_clamp(const void *input, int32_t lo, int32_t hi, void *output, int32_t n, bool s16)
{
    if (input == NULL || output == NULL || n < 0 || lo > hi)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    for (int32_t i = 0; i < n; i++)
    {
        const int32_t v = kiln_act_load(input, i, s16);
        kiln_act_store(output, i, v < lo ? lo : (v > hi ? hi : v), s16);
    }
    return ARM_CMSIS_NN_SUCCESS;
}

arm_cmsis_nn_status
arm_clamp_s8(const int8_t *input, const int8_t act_min, const int8_t act_max, int8_t *output, const int32_t output_size)
{
    return kiln_clamp(input, act_min, act_max, output, output_size, false);
}

arm_cmsis_nn_status arm_clamp_s16(
    const int16_t *input, const int16_t act_min, const int16_t act_max, int16_t *output, const int32_t output_size)
{
    return kiln_clamp(input, act_min, act_max, output, output_size, true);
}
