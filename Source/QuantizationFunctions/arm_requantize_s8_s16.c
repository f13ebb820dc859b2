/*
 * Kiln — arm_requantize_s8_s8 / arm_requantize_s16_s16 (ns-cmsis-nn): TFLite's Requantize,
 * out = saturate(MultiplyByQuantizedMultiplier(in - input_zeropoint, mult, shift) + output_zeropoint), bit-exact
 * through arm_nn_requantize. Portable C on every backend.
 */
#include "Include/Internal/kiln_intmisc.h"
#include "Include/arm_nnfunctions.h"

/* Whether a requantization of inputs in [vmin, vmax] stays within its domain (kiln_requant_range) and adding the
 * output zero point stays within int32. */
static bool kiln_requantize_ok(const void *input,
                               const void *output,
                               int32_t size,
                               int32_t vmin,
                               int32_t vmax,
                               int32_t mult,
                               int32_t shift,
                               int32_t in_zp,
                               int32_t out_zp)
{
    int64_t lo, hi;
    return input != NULL && output != NULL && size >= 0 &&
           kiln_requant_range((int64_t)vmin - in_zp, (int64_t)vmax - in_zp, mult, shift, &lo, &hi) &&
           kiln_offset_fits(lo, hi, out_zp);
}

/* The element: requantized, offset, saturated to [vmin, vmax]. */
static inline int32_t kiln_requantize_element(
    int32_t x, int32_t mult, int32_t shift, int32_t in_zp, int32_t out_zp, int32_t vmin, int32_t vmax)
{
    const int32_t v = arm_nn_requantize(x - in_zp, mult, shift) + out_zp;
    return v < vmin ? vmin : (v > vmax ? vmax : v);
}

arm_cmsis_nn_status arm_requantize_s8_s8(const int8_t *input,
                                         int8_t *output,
                                         int32_t size,
                                         int32_t effective_scale_multiplier,
                                         int32_t effective_scale_shift,
                                         int32_t input_zeropoint,
                                         int32_t output_zeropoint)
{
    if (!kiln_requantize_ok(input, output, size, INT8_MIN, INT8_MAX, effective_scale_multiplier, effective_scale_shift,
                            input_zeropoint, output_zeropoint))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    for (int32_t i = 0; i < size; i++)
    {
        output[i] = (int8_t)kiln_requantize_element(input[i], effective_scale_multiplier, effective_scale_shift,
                                                    input_zeropoint, output_zeropoint, INT8_MIN, INT8_MAX);
    }
    return ARM_CMSIS_NN_SUCCESS;
}

arm_cmsis_nn_status arm_requantize_s16_s16(const int16_t *input,
                                           int16_t *output,
                                           int32_t size,
                                           int32_t effective_scale_multiplier,
                                           int32_t effective_scale_shift,
                                           int32_t input_zeropoint,
                                           int32_t output_zeropoint)
{
    if (!kiln_requantize_ok(input, output, size, INT16_MIN, INT16_MAX, effective_scale_multiplier,
                            effective_scale_shift, input_zeropoint, output_zeropoint))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    for (int32_t i = 0; i < size; i++)
    {
        output[i] = (int16_t)kiln_requantize_element(input[i], effective_scale_multiplier, effective_scale_shift,
                                                     input_zeropoint, output_zeropoint, INT16_MIN, INT16_MAX);
    }
    return ARM_CMSIS_NN_SUCCESS;
}
