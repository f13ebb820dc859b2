/*
 * Kiln — arm_sqrt_s8, arm_sqrt_s16 (ns-cmsis-nn): elementwise square root through a caller's table (built from
 * the quantization parameters, e.g. by TFLite Micro's kernel), as ns-cmsis-nn computes it:
 *   int8:  out = sqrt_lut[(uint8_t)in] (256 entries, indexed by the stored byte);
 *   int16: with k = 256 + (in >> 7) (floor) and f = in & 127, out = lut[k] + ((lut[k + 1] - lut[k]) * f + 64) >> 7
 *          (floor shift; a 513-entry table over the int16 range, interpolated linearly).
 * The element count is the product of input_dims. Portable C on every backend.
 */
#include "Include/Internal/kiln_ew_int.h"
#include "Include/arm_nnfunctions.h"

/* The element count of dims whose every dim is >= 1, or -1 (a dim < 1, or more than INT32_MAX elements). */
static int32_t kiln_sqrt_count(const cmsis_nn_dims *d)
{
    if (d->n < 1 || d->h < 1 || d->w < 1 || d->c < 1)
    {
        return -1;
    }
    const int64_t count = kiln_dims_count(d);
    return (count < 0 || count > INT32_MAX) ? -1 : (int32_t)count;
}

arm_cmsis_nn_status arm_sqrt_s8(const int8_t *input, const cmsis_nn_dims *input_dims, int8_t *output, int8_t *sqrt_lut)
{
    if (input == NULL || input_dims == NULL || output == NULL || sqrt_lut == NULL)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const int32_t n = kiln_sqrt_count(input_dims);
    if (n < 0)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    for (int32_t i = 0; i < n; i++)
    {
        output[i] = sqrt_lut[(uint8_t)input[i]];
    }
    return ARM_CMSIS_NN_SUCCESS;
}

arm_cmsis_nn_status
arm_sqrt_s16(const int16_t *input, const cmsis_nn_dims *input_dims, int16_t *output, const int16_t *sqrt_lut)
{
    if (input == NULL || input_dims == NULL || output == NULL || sqrt_lut == NULL)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const int32_t n = kiln_sqrt_count(input_dims);
    if (n < 0)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    for (int32_t i = 0; i < n; i++)
    {
        const int32_t x = input[i];
        const int32_t k = 256 + (x >> 7); /* in [0, 511] */
        const int32_t base = sqrt_lut[k];
        /* |slope * f| <= 65535 * 127: no overflow; the result lies between lut[k] and lut[k + 1]. */
        const int32_t slope = sqrt_lut[k + 1] - base;
        output[i] = (int16_t)(base + ((slope * (x & 127) + 64) >> 7));
    }
    return ARM_CMSIS_NN_SUCCESS;
}
