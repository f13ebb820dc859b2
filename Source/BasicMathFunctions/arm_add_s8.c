/*
 * Kiln — arm_add_s8, arm_add_scalar_s8 (ns-cmsis-nn): TFLite int8 ADD with TFLite's broadcasting and
 * with a scalar first operand (checks, arithmetic and walk in Include/Internal/kiln_ew_int.h). Portable C on every
 * backend, except the same-shape runs of the broadcast, which go through arm_elementwise_add_s8.
 */
#include "Include/Internal/kiln_ew_int.h"
#include "Include/arm_nnfunctions.h"

arm_cmsis_nn_status arm_add_s8(const int8_t *input1_data,
                               const cmsis_nn_dims *input1_dims,
                               const int8_t *input2_data,
                               const cmsis_nn_dims *input2_dims,
                               const int32_t input1_offset,
                               const int32_t input1_mult,
                               const int32_t input1_shift,
                               const int32_t input2_offset,
                               const int32_t input2_mult,
                               const int32_t input2_shift,
                               const int32_t left_shift,
                               int8_t *output_data,
                               const cmsis_nn_dims *output_dims,
                               const int32_t out_offset,
                               const int32_t out_mult,
                               const int32_t out_shift,
                               const int32_t out_activation_min,
                               const int32_t out_activation_max)
{
    const kiln_ew_q q = {input1_offset, input1_mult,  input1_shift,       input2_offset,
                         input2_mult,   input2_shift, left_shift,         out_offset,
                         out_mult,      out_shift,    out_activation_min, out_activation_max};
    return kiln_ew_q_bcast(KILN_EW_ADD, KILN_EW_S8, input1_data, input1_dims, input2_data, input2_dims, output_data,
                           output_dims, &q);
}

arm_cmsis_nn_status arm_add_scalar_s8(const int8_t *input_1_vect,
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
    const kiln_ew_q q = {input_1_offset, input_1_mult,  input_1_shift,      input_2_offset,
                         input_2_mult,   input_2_shift, left_shift,         out_offset,
                         out_mult,       out_shift,     out_activation_min, out_activation_max};
    return kiln_ew_q_block(KILN_EW_ADD, KILN_EW_S8, input_1_vect, 0, input_2_vect, output, block_size, &q);
}
