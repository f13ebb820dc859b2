/* Kiln — arm_elementwise_add_s8: TFLite int8 ADD (same-shape operands). */
#include "Include/arm_nnfunctions.h"
#include "Include/Internal/kiln_elementwise.h"

arm_cmsis_nn_status arm_elementwise_add_s8(const int8_t *input_1_vect,
                                           const int8_t *input_2_vect,
                                           const int32_t input_1_offset,
                                           const int32_t input_1_mult,
                                           const int32_t input_1_shift,
                                           const int32_t input_2_offset,
                                           const int32_t input_2_mult,
                                           const int32_t input_2_shift,
                                           const int32_t left_shift,
                                           int8_t *output,
                                           const int32_t out_offset,
                                           const int32_t out_mult,
                                           const int32_t out_shift,
                                           const int32_t out_activation_min,
                                           const int32_t out_activation_max,
                                           const int32_t block_size)
{
    if (input_1_vect == NULL || input_2_vect == NULL || output == NULL || block_size < 0)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    /* Offsets within [-255, 255] keep in + offset within int16 (the DSP kernel's lanes); TFLite's
     * are -zero_point, within [-127, 128]. */
    if (input_1_offset < -255 || input_1_offset > 255 || input_2_offset < -255 || input_2_offset > 255 ||
        left_shift < 0 || left_shift > 30 || !kiln_act_s8_ok(out_activation_min, out_activation_max))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    /* Every intermediate must fit int32 for every pair of int8 inputs: the shifted inputs (through
     * the left shift of each requantization), their sum, the output requantization and the output
     * offset. The ranges are exact, so every overflow-free parameter set is accepted. */
    const int64_t ls = (int64_t)1 << left_shift;
    int64_t lo1, hi1, lo2, hi2, lo, hi;
    if (!kiln_requant_range((INT8_MIN + input_1_offset) * ls, (INT8_MAX + input_1_offset) * ls, input_1_mult,
                            input_1_shift, &lo1, &hi1) ||
        !kiln_requant_range((INT8_MIN + input_2_offset) * ls, (INT8_MAX + input_2_offset) * ls, input_2_mult,
                            input_2_shift, &lo2, &hi2) ||
        !kiln_requant_range(lo1 + lo2, hi1 + hi2, out_mult, out_shift, &lo, &hi) ||
        !kiln_offset_fits(lo, hi, out_offset))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const int32_t los = LEFT_SHIFT(out_shift);
    const kiln_add_s8_params p = {
        .in1_offset = input_1_offset,
        .in1_mult = input_1_mult,
        .in1_shift = input_1_shift,
        .in2_offset = input_2_offset,
        .in2_mult = input_2_mult,
        .in2_shift = input_2_shift,
        .left_shift = left_shift,
        .out_offset = out_offset,
        .out_mult = out_mult,
        .out_shift = out_shift,
        .act_min = out_activation_min,
        .act_max = out_activation_max,
        .sum_lo = (int32_t)(lo1 + lo2),
        .sum_hi = (int32_t)(hi1 + hi2),
        .y_lo = arm_nn_doubling_high_mult_no_sat((int32_t)((lo1 + lo2) * ((int64_t)1 << los)), out_mult),
        .y_hi = arm_nn_doubling_high_mult_no_sat((int32_t)((hi1 + hi2) * ((int64_t)1 << los)), out_mult),
    };
    kiln_add_s8(input_1_vect, input_2_vect, output, block_size, &p);
    return ARM_CMSIS_NN_SUCCESS;
}
