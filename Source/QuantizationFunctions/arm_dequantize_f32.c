/*
 * Kiln — arm_dequantize_s8_f32 / arm_dequantize_s16_f32 (ns-cmsis-nn): TFLite DEQUANTIZE to float32,
 * out = scale * (in - zero_point). TFLite's reference forms the product in double and casts it to float; the
 * product of a float and an integer below 2^17 is exact in double, so that is the exact product rounded once,
 * which is what the float32 multiply of scale and the (exact) float difference gives. Portable C on every backend.
 */
#include "Include/Internal/kiln_intmisc.h"
#include "Include/arm_nnfunctions.h"

#if ARM_NN_ENABLE_F32

arm_cmsis_nn_status
arm_dequantize_s8_f32(const int8_t *input, float *output, int32_t size, int32_t zero_point, float scale)
{
    if (input == NULL || output == NULL || size < 0 || !kiln_affine_params_ok(scale, zero_point, INT8_MIN, INT8_MAX))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    for (int32_t i = 0; i < size; i++)
    {
        output[i] = scale * (float)(input[i] - zero_point);
    }
    return ARM_CMSIS_NN_SUCCESS;
}

arm_cmsis_nn_status
arm_dequantize_s16_f32(const int16_t *input, float *output, int32_t size, int32_t zero_point, float scale)
{
    if (input == NULL || output == NULL || size < 0 || !kiln_affine_params_ok(scale, zero_point, INT16_MIN, INT16_MAX))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    for (int32_t i = 0; i < size; i++)
    {
        output[i] = scale * (float)(input[i] - zero_point);
    }
    return ARM_CMSIS_NN_SUCCESS;
}

#endif /* ARM_NN_ENABLE_F32 */
