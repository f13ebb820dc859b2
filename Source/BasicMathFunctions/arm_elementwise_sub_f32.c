/*
 * Kiln — arm_elementwise_sub_f32: output[i] = a - b (float32, one rounding) for i < block_size, clamped to
 * [out_activation_min, out_activation_max] (a NaN result stays NaN). ARM_CMSIS_NN_ARG_ERROR, writing nothing,
 * for a NULL pointer, block_size < 0, or bounds that are not ordered (min > max, or NaN); block_size 0 writes
 * nothing. output may equal an input. Portable C on every backend.
 */
#include "Include/Internal/kiln_ew_flt.h"

#if ARM_NN_ENABLE_F32

arm_cmsis_nn_status arm_elementwise_sub_f32(const float32_t *input_1_vect,
                                            const float32_t *input_2_vect,
                                            float32_t *output,
                                            float32_t out_activation_min,
                                            float32_t out_activation_max,
                                            int32_t block_size)
{
    if (!kiln_ew_binary_args_ok(input_1_vect, input_2_vect, output, out_activation_min, out_activation_max, block_size,
                                (int64_t)sizeof(float32_t)))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    for (int32_t i = 0; i < block_size; i++)
    {
        output[i] = kiln_ew_clamp_f32(input_1_vect[i] - input_2_vect[i], out_activation_min, out_activation_max);
    }
    return ARM_CMSIS_NN_SUCCESS;
}

#endif /* ARM_NN_ENABLE_F32 */
