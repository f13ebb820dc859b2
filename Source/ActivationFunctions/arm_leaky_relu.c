/*
 * Kiln: arm_leaky_relu_s8 / arm_leaky_relu_s16 (ns-cmsis-nn): TFLite's quantized LEAKY_RELU
 * (QuantizeLeakyRelu), written once for both element types. Portable C on every backend.
 */
#include <stddef.h>

#include "Include/Internal/kiln_activation.h"
#include "Include/arm_nnfunctions.h"

static arm_cmsis_nn_status kiln_leaky_relu(const void *input,
                                           int32_t input_offset,
                                           int32_t output_offset,
                                           int32_t mult_alpha,
                                           int32_t shift_alpha,
                                           int32_t mult_identity,
                                           int32_t shift_identity,
                                           void *output,
                                           int32_t n,
                                           bool s16)
{
    const int32_t tmin = kiln_act_tmin(s16), tmax = kiln_act_tmax(s16);
    if (input == NULL || output == NULL || n < 0 || !kiln_act_in_type(input_offset, s16) ||
        !kiln_act_in_type(output_offset, s16))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    /* in - input_offset: the identity requantization sees its non-negative part, alpha's the rest. */
    const int64_t xlo = (int64_t)tmin - input_offset, xhi = (int64_t)tmax - input_offset;
    if (!kiln_requant_domain_ok(MAX(xlo, 0), xhi, mult_identity, shift_identity) ||
        !kiln_requant_domain_ok(xlo, MIN(xhi, -1), mult_alpha, shift_alpha))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    for (int32_t i = 0; i < n; i++)
    {
        const int32_t x = kiln_act_load(input, i, s16) - input_offset;
        const int32_t v = (x >= 0) ? arm_nn_requantize(x, mult_identity, shift_identity)
                                   : arm_nn_requantize(x, mult_alpha, shift_alpha);
        kiln_act_store(output, i, kiln_add_clamp(v, output_offset, tmin, tmax), s16);
    }
    return ARM_CMSIS_NN_SUCCESS;
}

arm_cmsis_nn_status arm_leaky_relu_s8(const int8_t *input,
                                      const int32_t input_offset,
                                      const int32_t output_offset,
                                      const int32_t output_multiplier_alpha,
                                      const int32_t output_shift_alpha,
                                      const int32_t output_multiplier_identity,
                                      const int32_t output_shift_identity,
                                      int8_t *output,
                                      const int32_t output_size)
{
    return kiln_leaky_relu(input, input_offset, output_offset, output_multiplier_alpha, output_shift_alpha,
                           output_multiplier_identity, output_shift_identity, output, output_size, false);
}

arm_cmsis_nn_status arm_leaky_relu_s16(const int16_t *input,
                                       const int32_t input_offset,
                                       const int32_t output_offset,
                                       const int32_t output_multiplier_alpha,
                                       const int32_t output_shift_alpha,
                                       const int32_t output_multiplier_identity,
                                       const int32_t output_shift_identity,
                                       int16_t *output,
                                       const int32_t output_size)
{
    return kiln_leaky_relu(input, input_offset, output_offset, output_multiplier_alpha, output_shift_alpha,
                           output_multiplier_identity, output_shift_identity, output, output_size, true);
}
