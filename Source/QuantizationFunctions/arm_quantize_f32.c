/*
 * Kiln — arm_quantize_f32_s8 / arm_quantize_f32_s16 (ns-cmsis-nn): TFLite QUANTIZE from float32 as its reference
 * AffineQuantize, out = saturate(round(in / scale) + zero_point) with the division in float32 and round half away
 * from zero (TfLiteRound); a NaN input gives zero_point. Portable C on every backend (no libm).
 */
#include "Include/Internal/kiln_intmisc.h"
#include "Include/arm_nnfunctions.h"

#if ARM_NN_ENABLE_F32

/* saturate(round_half_away(r) + zp) to [vmin, vmax], zp within it. */
static int32_t kiln_quantize_element(float r, int32_t zp, int32_t vmin, int32_t vmax)
{
    if (r != r)
    {
        return zp;
    }
    /* Clamp first to one step past the reachable range (exact small integers), so the rounding below works on
     * |r| < 2^17 and cannot change which side saturates. */
    const float lo = (float)(vmin - zp - 1), hi = (float)(vmax - zp + 1);
    r = r < lo ? lo : (r > hi ? hi : r);
    const float a = r < 0.0f ? -r : r;
    int32_t t = (int32_t)a;   /* truncation, exact below 2^17 */
    if (a - (float)t >= 0.5f) /* the fraction is exact */
    {
        t++;
    }
    int32_t q = (r < 0.0f ? -t : t) + zp;
    return q < vmin ? vmin : (q > vmax ? vmax : q);
}

arm_cmsis_nn_status
arm_quantize_f32_s8(const float *input, int8_t *output, int32_t size, int32_t zero_point, float scale)
{
    if (input == NULL || output == NULL || size < 0 || !kiln_affine_params_ok(scale, zero_point, INT8_MIN, INT8_MAX))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    for (int32_t i = 0; i < size; i++)
    {
        output[i] = (int8_t)kiln_quantize_element(input[i] / scale, zero_point, INT8_MIN, INT8_MAX);
    }
    return ARM_CMSIS_NN_SUCCESS;
}

arm_cmsis_nn_status
arm_quantize_f32_s16(const float *input, int16_t *output, int32_t size, int32_t zero_point, float scale)
{
    if (input == NULL || output == NULL || size < 0 || !kiln_affine_params_ok(scale, zero_point, INT16_MIN, INT16_MAX))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    for (int32_t i = 0; i < size; i++)
    {
        output[i] = (int16_t)kiln_quantize_element(input[i] / scale, zero_point, INT16_MIN, INT16_MAX);
    }
    return ARM_CMSIS_NN_SUCCESS;
}

#endif /* ARM_NN_ENABLE_F32 */
