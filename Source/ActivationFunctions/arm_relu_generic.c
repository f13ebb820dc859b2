/*
 * Kiln: arm_relu_generic_s8, arm_relu_generic_s16 and arm_relu_s16 (ns-cmsis-nn): TFLite's quantized
 * RELU / RELU6 / RELU_N1_TO_1 with rescaling (ReluQuantized), written once for both element types.
 * Portable C on every backend.
 */
#include <stddef.h>

#include "Include/Internal/kiln_activation.h"
#include "Include/arm_nnfunctions.h"

static arm_cmsis_nn_status kiln_relu_generic(const void *input,
                                             int32_t input_offset,
                                             int32_t output_offset,
                                             int32_t multiplier,
                                             int32_t shift,
                                             int32_t act_min,
                                             int32_t act_max,
                                             void *output,
                                             int32_t n,
                                             bool s16)
{
    const int32_t tmin = kiln_act_tmin(s16), tmax = kiln_act_tmax(s16);
    const int32_t lo = MAX(tmin, act_min), hi = MIN(tmax, act_max);
    if (input == NULL || output == NULL || n < 0 || !kiln_act_in_type(input_offset, s16) ||
        !kiln_act_in_type(output_offset, s16) || lo > hi ||
        !kiln_requant_domain_ok((int64_t)tmin - input_offset, (int64_t)tmax - input_offset, multiplier, shift))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    for (int32_t i = 0; i < n; i++)
    {
        const int32_t v = arm_nn_requantize(kiln_act_load(input, i, s16) - input_offset, multiplier, shift);
        kiln_act_store(output, i, kiln_add_clamp(v, output_offset, lo, hi), s16);
    }
    return ARM_CMSIS_NN_SUCCESS;
}

arm_cmsis_nn_status arm_relu_generic_s8(const int8_t *input,
                                        const int32_t input_offset,
                                        const int32_t output_offset,
                                        const int32_t output_multiplier,
                                        const int32_t output_shift,
                                        const int32_t act_min,
                                        const int32_t act_max,
                                        int8_t *output,
                                        const int32_t output_size)
{
    return kiln_relu_generic(input, input_offset, output_offset, output_multiplier, output_shift, act_min, act_max,
                             output, output_size, false);
}

arm_cmsis_nn_status arm_relu_generic_s16(const int16_t *input,
                                         const int32_t input_offset,
                                         const int32_t output_offset,
                                         const int32_t output_multiplier,
                                         const int32_t output_shift,
                                         const int32_t act_min,
                                         const int32_t act_max,
                                         int16_t *output,
                                         const int32_t output_size)
{
    return kiln_relu_generic(input, input_offset, output_offset, output_multiplier, output_shift, act_min, act_max,
                             output, output_size, true);
}

arm_cmsis_nn_status arm_relu_s16(const int16_t *input,
                                 const int32_t input_offset,
                                 const int32_t output_offset,
                                 const int32_t output_multiplier,
                                 const int32_t output_shift,
                                 int16_t *output,
                                 const int32_t output_size)
{
    return kiln_relu_generic(input, input_offset, output_offset, output_multiplier, output_shift, output_offset,
                             INT16_MAX, output, output_size, true);
}
