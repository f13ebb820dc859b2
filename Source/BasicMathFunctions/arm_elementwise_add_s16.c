/* Kiln — arm_elementwise_add_s16: TFLite int16 ADD (same-shape operands), portable C on every backend. */
#include "Include/arm_nnfunctions.h"
#include "Include/Internal/kiln_elementwise_s16.h"

/*
 * The range [*lo, *hi] of one input's rescaled value requantize((in + offset) << ls, mult, shift)
 * over every int16 in, or false when the shifted value or the requantization's own left shift
 * leaves int32 for some in (or mult / shift are outside their domain). Both steps are
 * non-decreasing in `in` (mult >= 0), so the images of in = -32768 and 32767 are the ends.
 * The caller has checked |offset| <= 65535 and ls in [0, 31]: the ends are exact in int64.
 */
static bool kiln_add_s16_input_range(int32_t offset, int32_t ls, int32_t mult, int32_t shift, int64_t *lo, int64_t *hi)
{
    const int64_t scale = (int64_t)1 << ls;
    return kiln_requant_range(((int64_t)INT16_MIN + offset) * scale, ((int64_t)INT16_MAX + offset) * scale, mult, shift,
                              lo, hi);
}

arm_cmsis_nn_status arm_elementwise_add_s16(const int16_t *input_1_vect,
                                            const int16_t *input_2_vect,
                                            const int32_t input_1_offset,
                                            const int32_t input_1_mult,
                                            const int32_t input_1_shift,
                                            const int32_t input_2_offset,
                                            const int32_t input_2_mult,
                                            const int32_t input_2_shift,
                                            const int32_t left_shift,
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
        left_shift < 0 || left_shift > 31 || !kiln_act_s16_ok(out_activation_min, out_activation_max))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    /* Exact: every intermediate fits int32 for every pair of int16 inputs. The two inputs are
     * independent, so the sum's range is the sum of their ranges; the output requantization is
     * non-decreasing, so its range is the image of the sum's ends. */
    int64_t lo1, hi1, lo2, hi2, ylo, yhi;
    if (!kiln_add_s16_input_range(input_1_offset, left_shift, input_1_mult, input_1_shift, &lo1, &hi1) ||
        !kiln_add_s16_input_range(input_2_offset, left_shift, input_2_mult, input_2_shift, &lo2, &hi2) ||
        !kiln_requant_range(lo1 + lo2, hi1 + hi2, out_mult, out_shift, &ylo, &yhi) ||
        !kiln_offset_fits(ylo, yhi, out_offset))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    for (int32_t i = 0; i < block_size; i++)
    {
        /* The left shift through uint32: the value fits int32 (checked above), and a negative one
         * must not be shifted as a signed int. Element i is read before it is written (aliasing). */
        const int32_t v1 = (int32_t)((uint32_t)(input_1_vect[i] + input_1_offset) << left_shift);
        const int32_t v2 = (int32_t)((uint32_t)(input_2_vect[i] + input_2_offset) << left_shift);
        const int32_t sum =
            arm_nn_requantize(v1, input_1_mult, input_1_shift) + arm_nn_requantize(v2, input_2_mult, input_2_shift);
        int32_t out = arm_nn_requantize(sum, out_mult, out_shift) + out_offset;
        out = MAX(out, out_activation_min);
        out = MIN(out, out_activation_max);
        output[i] = (int16_t)out;
    }
    return ARM_CMSIS_NN_SUCCESS;
}
