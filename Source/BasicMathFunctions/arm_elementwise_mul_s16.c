/* Kiln — arm_elementwise_mul_s16: TFLite int16 MUL (same-shape operands), portable C on every backend. */
#include "Include/arm_nnfunctions.h"
#include "Include/Internal/kiln_elementwise_s16.h"

arm_cmsis_nn_status arm_elementwise_mul_s16(const int16_t *input_1_vect,
                                            const int16_t *input_2_vect,
                                            const int32_t input_1_offset,
                                            const int32_t input_2_offset,
                                            int16_t *output,
                                            const int32_t out_offset,
                                            const int32_t out_mult,
                                            const int32_t out_shift,
                                            const int32_t out_activation_min,
                                            const int32_t out_activation_max,
                                            const int32_t block_size)
{
    if (input_1_vect == NULL || input_2_vect == NULL || output == NULL || block_size < 0 ||
        !kiln_offset_s16_ok(input_1_offset) || !kiln_offset_s16_ok(input_2_offset) || !kiln_offset_s16_ok(out_offset) ||
        !kiln_act_s16_ok(out_activation_min, out_activation_max))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    /* Exact: the product of two ranges is extreme at a corner (|corner| < 2^34, exact in int64);
     * it, its requantization's left shift and the requantized product + out_offset must fit
     * int32 (the requantization is non-decreasing, so its range is the image of the ends). */
    const int64_t a0 = (int64_t)INT16_MIN + input_1_offset, a1 = (int64_t)INT16_MAX + input_1_offset;
    const int64_t b0 = (int64_t)INT16_MIN + input_2_offset, b1 = (int64_t)INT16_MAX + input_2_offset;
    const int64_t c[4] = {a0 * b0, a0 * b1, a1 * b0, a1 * b1};
    int64_t plo = c[0], phi = c[0];
    for (int32_t k = 1; k < 4; k++)
    {
        plo = MIN(plo, c[k]);
        phi = MAX(phi, c[k]);
    }
    int64_t lo, hi;
    if (!kiln_requant_range(plo, phi, out_mult, out_shift, &lo, &hi) || !kiln_offset_fits(lo, hi, out_offset))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    for (int32_t i = 0; i < block_size; i++)
    {
        /* Fits int32 (checked above). Element i is read before it is written (aliasing). */
        const int32_t prod = (input_1_vect[i] + input_1_offset) * (input_2_vect[i] + input_2_offset);
        int32_t out = arm_nn_requantize(prod, out_mult, out_shift) + out_offset;
        out = MAX(out, out_activation_min);
        out = MIN(out, out_activation_max);
        output[i] = (int16_t)out;
    }
    return ARM_CMSIS_NN_SUCCESS;
}
