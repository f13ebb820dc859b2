/*
 * Kiln — arm_elementwise_prelu_s8, arm_prelu_scalar_s8 (ns-cmsis-nn): TFLite int8 PRELU on same-shape
 * operands and with one operand a scalar (Include/Internal/kiln_ew_int.h). Portable C on every backend.
 */
#include "Include/Internal/kiln_ew_int.h"
#include "Include/arm_nnfunctions.h"

arm_cmsis_nn_status arm_elementwise_prelu_s8(const int8_t *input,
                                             const int8_t *alpha,
                                             const int32_t input_offset,
                                             const int32_t alpha_offset,
                                             const int32_t out_offset,
                                             const int32_t output_multiplier_identity,
                                             const int32_t output_shift_identity,
                                             const int32_t output_multiplier_alpha,
                                             const int32_t output_shift_alpha,
                                             int8_t *output,
                                             const int32_t block_size)
{
    const kiln_ew_prelu p = {input_offset,
                             alpha_offset,
                             out_offset,
                             output_multiplier_identity,
                             output_shift_identity,
                             output_multiplier_alpha,
                             output_shift_alpha,
                             INT8_MIN,
                             INT8_MAX};
    return kiln_ew_prelu_block(KILN_EW_S8, input, 1, alpha, 1, output, block_size, &p);
}

arm_cmsis_nn_status arm_prelu_scalar_s8(const int8_t *scalar_vect,
                                        const int8_t *non_scalar_vect,
                                        const bool scalar_is_input,
                                        const int32_t input_offset,
                                        const int32_t alpha_offset,
                                        const int32_t output_offset,
                                        const int32_t output_multiplier_identity,
                                        const int32_t output_shift_identity,
                                        const int32_t output_multiplier_alpha,
                                        const int32_t output_shift_alpha,
                                        int8_t *output,
                                        const int32_t block_size)
{
    const kiln_ew_prelu p = {input_offset,
                             alpha_offset,
                             output_offset,
                             output_multiplier_identity,
                             output_shift_identity,
                             output_multiplier_alpha,
                             output_shift_alpha,
                             INT8_MIN,
                             INT8_MAX};
    /* scalar_vect[0] is the input (against block_size alphas) or the alpha (against block_size inputs). */
    if (scalar_is_input)
    {
        return kiln_ew_prelu_block(KILN_EW_S8, scalar_vect, 0, non_scalar_vect, 1, output, block_size, &p);
    }
    return kiln_ew_prelu_block(KILN_EW_S8, non_scalar_vect, 1, scalar_vect, 0, output, block_size, &p);
}
