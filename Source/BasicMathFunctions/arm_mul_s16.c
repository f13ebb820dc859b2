/*
 * Kiln — arm_mul_s16, arm_mul_scalar_s16 (ns-cmsis-nn): TFLite int16 MUL with TFLite's broadcasting and with a
 * scalar first operand (Include/Internal/kiln_ew_int.h). Portable C on every backend, except same-shape runs of
 * the broadcast, which go through arm_elementwise_mul_s16.
 */
#include "Include/Internal/kiln_ew_int.h"
#include "Include/arm_nnfunctions.h"

arm_cmsis_nn_status arm_mul_s16(const int16_t *input1_data,
                                const cmsis_nn_dims *input1_dims,
                                const int16_t *input2_data,
                                const cmsis_nn_dims *input2_dims,
                                const int32_t input1_offset,
                                const int32_t input2_offset,
                                int16_t *output_data,
                                const cmsis_nn_dims *output_dims,
                                const int32_t out_offset,
                                const int32_t out_mult,
                                const int32_t out_shift,
                                const int32_t out_activation_min,
                                const int32_t out_activation_max)
{
    const kiln_ew_m m = {input1_offset, input2_offset,      out_offset,        out_mult,
                         out_shift,     out_activation_min, out_activation_max};
    return kiln_ew_m_bcast(KILN_EW_S16, input1_data, input1_dims, input2_data, input2_dims, output_data, output_dims,
                           &m);
}

arm_cmsis_nn_status arm_mul_scalar_s16(const int16_t *input_1_vect,
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
    const kiln_ew_m m = {input_1_offset, input_2_offset,     out_offset,        out_mult,
                         out_shift,      out_activation_min, out_activation_max};
    return kiln_ew_m_block(KILN_EW_S16, input_1_vect, 0, input_2_vect, output, block_size, &m);
}
