/* Kiln — arm_elementwise_mul_s8: TFLite int8 MUL (same-shape operands). */
#include "Include/arm_nnfunctions.h"
#include "Include/Internal/kiln_ew_int.h"

arm_cmsis_nn_status arm_elementwise_mul_s8(const int8_t *input_1_vect,
                                           const int8_t *input_2_vect,
                                           const int32_t input_1_offset,
                                           const int32_t input_2_offset,
                                           int8_t *output,
                                           const int32_t out_offset,
                                           const int32_t out_mult,
                                           const int32_t out_shift,
                                           const int32_t out_activation_min,
                                           const int32_t out_activation_max,
                                           const int32_t block_size)
{
    /* Offsets within [-255, 255] keep in + offset within int16 (the DSP kernel's lanes) and the
     * product within int32; TFLite's are -zero_point, within [-127, 128]. The product's range is spanned by its
     * four corner products; its requantization (including the left shift of a positive out_shift, TFLite's
     * multiplier may exceed 1) and the output offset must stay within int32. Exact (kiln_ew_m_ok), so every
     * overflow-free parameter set is accepted. */
    const kiln_ew_m m = {input_1_offset, input_2_offset, out_offset, out_mult, out_shift, out_activation_min,
                         out_activation_max};
    int64_t plo, phi;
    if (input_1_vect == NULL || input_2_vect == NULL || output == NULL || block_size < 0 ||
        !kiln_ew_m_ok(&m, KILN_EW_S8, &plo, &phi))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const int32_t los = LEFT_SHIFT(out_shift);
    const kiln_mul_s8_params p = {
        .in1_offset = input_1_offset,
        .in2_offset = input_2_offset,
        .out_offset = out_offset,
        .out_mult = out_mult,
        .out_shift = out_shift,
        .act_min = out_activation_min,
        .act_max = out_activation_max,
        .prod_lo = (int32_t)plo,
        .prod_hi = (int32_t)phi,
        .y_lo = arm_nn_doubling_high_mult_no_sat((int32_t)(plo * ((int64_t)1 << los)), out_mult),
        .y_hi = arm_nn_doubling_high_mult_no_sat((int32_t)(phi * ((int64_t)1 << los)), out_mult),
    };
    kiln_mul_s8(input_1_vect, input_2_vect, output, block_size, &p);
    return ARM_CMSIS_NN_SUCCESS;
}
