/*
 * Kiln — arm_elementwise_sub_f16: output[i] = a - b computed in float32 (24 bits >= 2 x 11 + 2: the float32
 * rounding cannot change the float16 result), clamped to [out_activation_min, out_activation_max] and rounded
 * once to float16: the correctly rounded float16 result (a NaN result stays NaN). ARM_CMSIS_NN_ARG_ERROR,
 * writing nothing, for a NULL pointer, block_size < 0, or bounds that are not ordered (min > max, or NaN);
 * block_size 0 writes nothing. output may equal an input. Portable C on every backend.
 */
#include "Include/Internal/kiln_ew_flt.h"

#if ARM_NN_ENABLE_F16

arm_cmsis_nn_status arm_elementwise_sub_f16(const float16_t *input_1_vect,
                                            const float16_t *input_2_vect,
                                            float16_t *output,
                                            float16_t out_activation_min,
                                            float16_t out_activation_max,
                                            int32_t block_size)
{
    const float32_t lo = (float32_t)out_activation_min;
    const float32_t hi = (float32_t)out_activation_max;
    if (!kiln_ew_binary_args_ok(input_1_vect, input_2_vect, output, lo, hi, block_size, (int64_t)sizeof(float16_t)))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    for (int32_t i = 0; i < block_size; i++)
    {
        const float32_t v = (float32_t)input_1_vect[i] - (float32_t)input_2_vect[i];
        output[i] = (float16_t)kiln_ew_clamp_f32(v, lo, hi);
    }
    return ARM_CMSIS_NN_SUCCESS;
}

#endif /* ARM_NN_ENABLE_F16 */
