/* Kiln reference: elementwise add / mul / maximum / minimum and in-place activations (int8), add / mul (int16). */
#include "kiln_ref_internal.h"

void kiln_ref_add_s8(const int8_t *in1,
                     const int8_t *in2,
                     int32_t in1_offset,
                     int32_t in1_mult,
                     int32_t in1_shift,
                     int32_t in2_offset,
                     int32_t in2_mult,
                     int32_t in2_shift,
                     int32_t left_shift,
                     int8_t *output,
                     int32_t out_offset,
                     int32_t out_mult,
                     int32_t out_shift,
                     int32_t act_min,
                     int32_t act_max,
                     int32_t size)
{
    if (in1 == NULL || in2 == NULL || output == NULL)
    {
        return;
    }
    for (int32_t i = 0; i < size; i++)
    {
        /* Both inputs are brought to a common scale: offset, exact left shift (TFLite does it in
         * int32; with TFLite's left_shift = 20 and |in + offset| <= 255 it always fits), then each
         * requantized (SRDHM: nearest, ties toward +infinity; then the rounding right shift:
         * nearest, ties away from zero). */
        const int32_t a = kiln_ref_shift_left_wrapping(kiln_ref_wrap32((int64_t)in1[i] + in1_offset), left_shift);
        const int32_t b = kiln_ref_shift_left_wrapping(kiln_ref_wrap32((int64_t)in2[i] + in2_offset), left_shift);
        const int32_t scaled_a = kiln_ref_multiply_by_quantized_multiplier(a, in1_mult, in1_shift);
        const int32_t scaled_b = kiln_ref_multiply_by_quantized_multiplier(b, in2_mult, in2_shift);
        const int32_t sum = kiln_ref_wrap32((int64_t)scaled_a + scaled_b);
        const int32_t out = kiln_ref_multiply_by_quantized_multiplier(sum, out_mult, out_shift);
        output[i] = (int8_t)kiln_ref_clamp32((int64_t)out + out_offset, act_min, act_max);
    }
}

void kiln_ref_mul_s8(const int8_t *in1,
                     const int8_t *in2,
                     int32_t in1_offset,
                     int32_t in2_offset,
                     int8_t *output,
                     int32_t out_offset,
                     int32_t out_mult,
                     int32_t out_shift,
                     int32_t act_min,
                     int32_t act_max,
                     int32_t size)
{
    if (in1 == NULL || in2 == NULL || output == NULL)
    {
        return;
    }
    for (int32_t i = 0; i < size; i++)
    {
        /* The product of two offset int8 values fits int32 exactly; one requantization. */
        const int32_t product = kiln_ref_wrap32(((int64_t)in1[i] + in1_offset) * ((int64_t)in2[i] + in2_offset));
        const int32_t out = kiln_ref_multiply_by_quantized_multiplier(product, out_mult, out_shift);
        output[i] = (int8_t)kiln_ref_clamp32((int64_t)out + out_offset, act_min, act_max);
    }
}

/* ---- int16 ADD / MUL --------------------------------------------------------------------------- */

static bool fits_int32(int64_t v)
{
    return v >= INT32_MIN && v <= INT32_MAX;
}

/* The parameter domain shared by the int16 forms (kiln_ref.h): pointers, size, offsets, limits. */
static bool s16_args_ok(const int16_t *in1,
                        const int16_t *in2,
                        const int16_t *output,
                        int32_t size,
                        int32_t in1_offset,
                        int32_t in2_offset,
                        int32_t out_offset,
                        int32_t out_mult,
                        int32_t out_shift,
                        int32_t act_min,
                        int32_t act_max)
{
    return in1 != NULL && in2 != NULL && output != NULL && size >= 0 && in1_offset >= -65535 && in1_offset <= 65535 &&
        in2_offset >= -65535 && in2_offset <= 65535 && out_offset >= -65535 && out_offset <= 65535 && out_mult >= 0 &&
        out_shift >= -31 && out_shift <= 30 && act_min <= act_max && act_min >= INT16_MIN && act_max <= INT16_MAX;
}

/* MultiplyByQuantizedMultiplier of an exact value v into *out, or false when TFLite's int32 arithmetic would
 * overflow: v itself or v * 2^max(shift, 0) (its left shift) outside int32. mult >= 0, shift in [-31, 30]. */
static bool requant_exact(int64_t v, int32_t mult, int32_t shift, int64_t *out)
{
    if (!fits_int32(v))
    {
        return false;
    }
    /* |v| <= 2^31 and shift <= 30: the product is below 2^61, exact. */
    if (!fits_int32(v * ((int64_t)1 << (shift > 0 ? shift : 0))))
    {
        return false;
    }
    *out = kiln_ref_multiply_by_quantized_multiplier((int32_t)v, mult, shift);
    return true;
}

/* ADD's chain for the inputs (x1, x2), exact in 64 bits: whether every int32 intermediate fits. With offsets within
 * +-65535 and left_shift <= 31 the shifted inputs are below 2^49 in magnitude (exact). */
static bool add_s16_fits(int64_t x1,
                         int64_t x2,
                         int32_t in1_offset,
                         int32_t in1_mult,
                         int32_t in1_shift,
                         int32_t in2_offset,
                         int32_t in2_mult,
                         int32_t in2_shift,
                         int32_t left_shift,
                         int32_t out_offset,
                         int32_t out_mult,
                         int32_t out_shift)
{
    const int64_t scale = (int64_t)1 << left_shift;
    int64_t a, b, out;
    return requant_exact((x1 + in1_offset) * scale, in1_mult, in1_shift, &a) &&
        requant_exact((x2 + in2_offset) * scale, in2_mult, in2_shift, &b) &&
        requant_exact(a + b, out_mult, out_shift, &out) && fits_int32(out + out_offset);
}

int kiln_ref_add_s16(const int16_t *in1,
                     const int16_t *in2,
                     int32_t in1_offset,
                     int32_t in1_mult,
                     int32_t in1_shift,
                     int32_t in2_offset,
                     int32_t in2_mult,
                     int32_t in2_shift,
                     int32_t left_shift,
                     int16_t *output,
                     int32_t out_offset,
                     int32_t out_mult,
                     int32_t out_shift,
                     int32_t act_min,
                     int32_t act_max,
                     int32_t size)
{
    if (!s16_args_ok(in1, in2, output, size, in1_offset, in2_offset, out_offset, out_mult, out_shift, act_min,
                     act_max) ||
        left_shift < 0 || left_shift > 31 || in1_mult < 0 || in2_mult < 0 || in1_shift < -31 || in1_shift > 30 ||
        in2_shift < -31 || in2_shift > 30)
    {
        return KILN_REF_BAD_ARGS;
    }
    /* Every step is non-decreasing in each input (multipliers >= 0), so every intermediate of any pair lies
     * between those of (-32768, -32768) and (32767, 32767). */
    if (!add_s16_fits(INT16_MIN, INT16_MIN, in1_offset, in1_mult, in1_shift, in2_offset, in2_mult, in2_shift,
                      left_shift, out_offset, out_mult, out_shift) ||
        !add_s16_fits(INT16_MAX, INT16_MAX, in1_offset, in1_mult, in1_shift, in2_offset, in2_mult, in2_shift,
                      left_shift, out_offset, out_mult, out_shift))
    {
        return KILN_REF_BAD_ARGS;
    }
    for (int32_t i = 0; i < size; i++)
    {
        /* As kiln_ref_add_s8: offset and exact left shift in int32, each input requantized to the common scale
         * (SRDHM: nearest, ties toward +infinity; rounding right shift: nearest, ties away from zero), the sum
         * requantized to the output scale, then offset and clamp. */
        const int32_t a = kiln_ref_shift_left_wrapping(kiln_ref_wrap32((int64_t)in1[i] + in1_offset), left_shift);
        const int32_t b = kiln_ref_shift_left_wrapping(kiln_ref_wrap32((int64_t)in2[i] + in2_offset), left_shift);
        const int32_t scaled_a = kiln_ref_multiply_by_quantized_multiplier(a, in1_mult, in1_shift);
        const int32_t scaled_b = kiln_ref_multiply_by_quantized_multiplier(b, in2_mult, in2_shift);
        const int32_t sum = kiln_ref_wrap32((int64_t)scaled_a + scaled_b);
        const int32_t out = kiln_ref_multiply_by_quantized_multiplier(sum, out_mult, out_shift);
        output[i] = (int16_t)kiln_ref_clamp32((int64_t)out + out_offset, act_min, act_max);
    }
    return KILN_REF_OK;
}

int kiln_ref_mul_s16(const int16_t *in1,
                     const int16_t *in2,
                     int32_t in1_offset,
                     int32_t in2_offset,
                     int16_t *output,
                     int32_t out_offset,
                     int32_t out_mult,
                     int32_t out_shift,
                     int32_t act_min,
                     int32_t act_max,
                     int32_t size)
{
    if (!s16_args_ok(in1, in2, output, size, in1_offset, in2_offset, out_offset, out_mult, out_shift, act_min,
                     act_max))
    {
        return KILN_REF_BAD_ARGS;
    }
    /* The product of two ranges is extreme at one of the four corners (|corner| < 2^34, exact), and the
     * requantization is non-decreasing in it, so the corners bound every intermediate. */
    const int64_t xs[2] = {INT16_MIN, INT16_MAX};
    for (int32_t i = 0; i < 2; i++)
    {
        for (int32_t j = 0; j < 2; j++)
        {
            int64_t out;
            if (!requant_exact((xs[i] + in1_offset) * (xs[j] + in2_offset), out_mult, out_shift, &out) ||
                !fits_int32(out + out_offset))
            {
                return KILN_REF_BAD_ARGS;
            }
        }
    }
    for (int32_t i = 0; i < size; i++)
    {
        /* One requantization of the exact product (int32 by the check above). */
        const int32_t product = kiln_ref_wrap32(((int64_t)in1[i] + in1_offset) * ((int64_t)in2[i] + in2_offset));
        const int32_t out = kiln_ref_multiply_by_quantized_multiplier(product, out_mult, out_shift);
        output[i] = (int16_t)kiln_ref_clamp32((int64_t)out + out_offset, act_min, act_max);
    }
    return KILN_REF_OK;
}

static bool broadcast_shape(const int32_t a[4], const int32_t b[4], const int32_t out[4])
{
    for (int d = 0; d < 4; d++)
    {
        if (a[d] < 0 || b[d] < 0)
        {
            return false;
        }
        const int32_t want = (a[d] == 1) ? b[d] : a[d];
        if ((a[d] != b[d] && a[d] != 1 && b[d] != 1) || out[d] != want)
        {
            return false;
        }
    }
    return kiln_ref_count(out[0], out[1], out[2], out[3]) >= 0;
}

/* Offset of out coordinate (n, h, w, c) in a tensor that may be broadcast along any dimension. */
static int64_t broadcast_index(const int32_t dims[4], int32_t n, int32_t h, int32_t w, int32_t c)
{
    const int32_t bn = (dims[0] == 1) ? 0 : n;
    const int32_t bh = (dims[1] == 1) ? 0 : h;
    const int32_t bw = (dims[2] == 1) ? 0 : w;
    const int32_t bc = (dims[3] == 1) ? 0 : c;
    return (((int64_t)bn * dims[1] + bh) * dims[2] + bw) * dims[3] + bc;
}

static int max_min(bool is_max,
                   const int8_t *in1,
                   const int32_t in1_dims[4],
                   const int8_t *in2,
                   const int32_t in2_dims[4],
                   int8_t *output,
                   const int32_t out_dims[4])
{
    if (in1 == NULL || in2 == NULL || output == NULL || in1_dims == NULL || in2_dims == NULL || out_dims == NULL ||
        !broadcast_shape(in1_dims, in2_dims, out_dims))
    {
        return KILN_REF_BAD_ARGS;
    }
    int64_t at = 0;
    for (int32_t n = 0; n < out_dims[0]; n++)
    {
        for (int32_t h = 0; h < out_dims[1]; h++)
        {
            for (int32_t w = 0; w < out_dims[2]; w++)
            {
                for (int32_t c = 0; c < out_dims[3]; c++)
                {
                    const int8_t a = in1[broadcast_index(in1_dims, n, h, w, c)];
                    const int8_t b = in2[broadcast_index(in2_dims, n, h, w, c)];
                    output[at++] = is_max ? ((a > b) ? a : b) : ((a < b) ? a : b);
                }
            }
        }
    }
    return KILN_REF_OK;
}

int kiln_ref_maximum_s8(const int8_t *in1,
                        const int32_t in1_dims[4],
                        const int8_t *in2,
                        const int32_t in2_dims[4],
                        int8_t *output,
                        const int32_t out_dims[4])
{
    return max_min(true, in1, in1_dims, in2, in2_dims, output, out_dims);
}

int kiln_ref_minimum_s8(const int8_t *in1,
                        const int32_t in1_dims[4],
                        const int8_t *in2,
                        const int32_t in2_dims[4],
                        int8_t *output,
                        const int32_t out_dims[4])
{
    return max_min(false, in1, in1_dims, in2, in2_dims, output, out_dims);
}

void kiln_ref_relu_s8(int8_t *data, int32_t size)
{
    for (int32_t i = 0; data != NULL && i < size; i++)
    {
        if (data[i] < 0)
        {
            data[i] = 0;
        }
    }
}

void kiln_ref_relu6_s8(int8_t *data, int32_t size)
{
    for (int32_t i = 0; data != NULL && i < size; i++)
    {
        data[i] = (int8_t)kiln_ref_clamp32(data[i], 0, 6);
    }
}
