/* Kiln — the int8 ADD backend entry of the portable C and DSP builds (the same on both): every call through the
 * checks and the backend's kernel (kiln_add_s8_checked). The Helium entry has a fast path of its own. */
#include "Include/Internal/kiln_elementwise.h"

#if KILN_BUILD_C || KILN_BUILD_DSP

arm_cmsis_nn_status kiln_add_s8_entry(const int8_t *input_1_vect, const int8_t *input_2_vect, int32_t input_1_offset,
                                      int32_t input_1_mult, int32_t input_1_shift, int32_t input_2_offset,
                                      int32_t input_2_mult, int32_t input_2_shift, int32_t left_shift, int8_t *output,
                                      int32_t out_offset, int32_t out_mult, int32_t out_shift,
                                      int32_t out_activation_min, int32_t out_activation_max, int32_t block_size)
{
    return kiln_add_s8_checked(input_1_vect, input_2_vect, input_1_offset, input_1_mult, input_1_shift, input_2_offset,
                               input_2_mult, input_2_shift, left_shift, output, out_offset, out_mult, out_shift,
                               out_activation_min, out_activation_max, block_size);
}

#endif
