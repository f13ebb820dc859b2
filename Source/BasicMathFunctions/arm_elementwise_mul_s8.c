/* Kiln — arm_elementwise_mul_s8: TFLite int8 MUL (same-shape operands). */
#include "Include/arm_nnfunctions.h"
#include "Include/Internal/kiln_elementwise.h"

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
    if (input_1_vect == NULL || input_2_vect == NULL || output == NULL || block_size < 0)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    /* |(x1 + o1) * (x2 + o2)| <= 383^2 < 2^18, so a left shift up to 12 keeps it within int32. */
    if (input_1_offset < -255 || input_1_offset > 255 || input_2_offset < -255 || input_2_offset > 255 ||
        !kiln_shift_ok(out_shift) || out_shift > 12 || !kiln_act_s8_ok(out_activation_min, out_activation_max))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const kiln_mul_s8_params p = {input_1_offset, input_2_offset,     out_offset,        out_mult,
                                  out_shift,      out_activation_min, out_activation_max};
    kiln_mul_s8(input_1_vect, input_2_vect, output, block_size, &p);
    return ARM_CMSIS_NN_SUCCESS;
}
