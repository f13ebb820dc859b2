/* Kiln — arm_elementwise_mul_s16: TFLite int16 MUL (same-shape operands), portable C on every backend. */
#include "Include/arm_nnfunctions.h"
#include "Include/Internal/kiln_ew_int.h"

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
    /* Exact (kiln_ew_m_ok): the product of two ranges is extreme at a corner (|corner| < 2^34, exact in int64);
     * it, its requantization's left shift and the requantized product + out_offset must fit int32 (the
     * requantization is non-decreasing, so its range is the image of the ends). */
    const kiln_ew_m m = {input_1_offset, input_2_offset, out_offset, out_mult, out_shift, out_activation_min,
                         out_activation_max};
    if (input_1_vect == NULL || input_2_vect == NULL || output == NULL || block_size < 0 ||
        !kiln_ew_m_ok(&m, KILN_EW_S16, NULL, NULL))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    /* Element i is read before it is written (aliasing). */
    kiln_ew_m_run_s16(input_1_vect, 1, input_2_vect, 1, output, block_size, &m);
    return ARM_CMSIS_NN_SUCCESS;
}
