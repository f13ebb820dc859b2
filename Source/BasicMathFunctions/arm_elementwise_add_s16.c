/* Kiln — arm_elementwise_add_s16: TFLite int16 ADD (same-shape operands), portable C on every backend. */
#include "Include/arm_nnfunctions.h"
#include "Include/Internal/kiln_ew_int.h"

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
    /* Exact: every intermediate fits int32 for every pair of int16 inputs (kiln_ew_q_ok: the two inputs are
     * independent, so the sum's range is the sum of their ranges; the output requantization is non-decreasing, so
     * its range is the image of the sum's ends). */
    const kiln_ew_q q = {input_1_offset, input_1_mult, input_1_shift, input_2_offset, input_2_mult, input_2_shift,
                         left_shift, out_offset, out_mult, out_shift, out_activation_min, out_activation_max};
    if (input_1_vect == NULL || input_2_vect == NULL || output == NULL || block_size < 0 ||
        !kiln_ew_q_ok(&q, KILN_EW_ADD, KILN_EW_S16))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    /* Element i is read before it is written (aliasing). */
    kiln_ew_q_run_s16(input_1_vect, 1, input_2_vect, 1, output, block_size, &q, KILN_EW_ADD);
    return ARM_CMSIS_NN_SUCCESS;
}
