/*
 * Kiln — arm_rsqrt_s16_per_op, arm_rsqrt_s16_universal (ns-cmsis-nn): int16 reciprocal square root through a
 * caller's table, as ns-cmsis-nn computes it. For each element v = in - input_offset (input_offset is the input
 * zero point), refused when negative (RSQRT of a negative real), clamped to 32767; f = v & 127.
 *  per_op:    a 513-entry int16 table already in output units: k = 256 + (v >> 7),
 *             r = lut[k] + (((lut[k + 1] - lut[k]) * f + 64) >> 7) (floor shift).
 *  universal: a 513-entry int32 table of one fixed input scale, sampled every 64 input steps
 *             (entry j for input q at j = ceil(q / 64), clamped to 512), optionally requantized to the output
 *             scale (needs_rescale: requantize(lut[j], out_mult, out_shift)) and clamped to int16; a sample S(q)
 *             is 32767 for q <= 0. The 128-wide slot at k = 256 + (v >> 7) (q0 = 128 * (k - 256)) gets the
 *             value Y(k) = clamp16(S(q0) - B), B = the half of E rounded to nearest (ties away from 0) where
 *             E = floor((S(q0) + S(q0 + 128) + 1) / 2) - S(q0 + 64) (the error of the chord at the midpoint),
 *             and r = Y(k) + (((Y(k + 1) - Y(k)) * f + 64) >> 7).
 * Then out = clamp(r + out_offset, out_activation_min, out_activation_max).
 * ns-cmsis-nn reports a negative v with ARM_CMSIS_NN_ARG_ERROR after writing the outputs before it; Kiln checks
 * every element first and writes nothing. Portable C on every backend.
 */
#include "Include/Internal/kiln_ew_int.h"
#include "Include/arm_nnfunctions.h"

/* The checks shared by both: pointers, block_size >= 0, offsets within +-65535, the activation range, and every
 * in - input_offset >= 0. */
static bool kiln_rsqrt_ok(const int16_t *input,
                          int32_t input_offset,
                          const int16_t *output,
                          int32_t out_offset,
                          int32_t act_min,
                          int32_t act_max,
                          int32_t block_size,
                          const void *lut)
{
    if (input == NULL || output == NULL || lut == NULL || block_size < 0 || !kiln_offset_s16_ok(input_offset) ||
        !kiln_offset_s16_ok(out_offset) || !kiln_act_s16_ok(act_min, act_max))
    {
        return false;
    }
    for (int32_t i = 0; i < block_size; i++)
    {
        if (input[i] < input_offset)
        {
            return false;
        }
    }
    return true;
}

/* v = in - input_offset >= 0, clamped to 32767. */
static inline int32_t kiln_rsqrt_value(int32_t x, int32_t input_offset)
{
    return MIN(x - input_offset, INT16_MAX);
}

/* y0 + the interpolation towards y1 at f / 128 (|y1 - y0| <= 65535: the product fits). */
static inline int32_t kiln_rsqrt_interp(int32_t y0, int32_t y1, int32_t f)
{
    return y0 + (((y1 - y0) * f + 64) >> 7);
}

arm_cmsis_nn_status arm_rsqrt_s16_per_op(const int16_t *input,
                                         const int32_t input_offset,
                                         int16_t *output,
                                         const int32_t out_offset,
                                         const int32_t out_activation_min,
                                         const int32_t out_activation_max,
                                         const int32_t block_size,
                                         const int16_t *lut)
{
    if (!kiln_rsqrt_ok(input, input_offset, output, out_offset, out_activation_min, out_activation_max, block_size,
                       lut))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    for (int32_t i = 0; i < block_size; i++)
    {
        const int32_t v = kiln_rsqrt_value(input[i], input_offset);
        const int32_t k = 256 + (v >> 7); /* in [256, 511] */
        const int32_t r = kiln_rsqrt_interp(lut[k], lut[k + 1], v & 127) + out_offset;
        output[i] = (int16_t)MIN(MAX(r, out_activation_min), out_activation_max);
    }
    return ARM_CMSIS_NN_SUCCESS;
}

/* The universal table's parameters. */
typedef struct
{
    const int32_t *lut;
    int32_t mult, shift;
    bool rescale;
} kiln_rsqrt_table;

/* S(q): the table's sample for input q, in output units, clamped to int16. */
static int32_t kiln_rsqrt_sample(const kiln_rsqrt_table *t, int32_t q)
{
    if (q <= 0)
    {
        return INT16_MAX;
    }
    const int32_t j = MIN((q + 63) >> 6, 512);
    int32_t s = t->lut[j];
    if (t->rescale)
    {
        s = arm_nn_requantize(s, t->mult, t->shift); /* lut[j] << max(shift, 0) fits: checked */
    }
    return MIN(MAX(s, INT16_MIN), INT16_MAX);
}

/* Y(k): the slot value of slot k in [256, 512]. */
static int32_t kiln_rsqrt_slot(const kiln_rsqrt_table *t, int32_t k)
{
    const int32_t q0 = (k - 256) * 128;
    const int32_t s0 = kiln_rsqrt_sample(t, q0);
    const int32_t sm = kiln_rsqrt_sample(t, q0 + 64);
    const int32_t s1 = kiln_rsqrt_sample(t, q0 + 128);
    const int32_t e = ((s0 + s1 + 1) >> 1) - sm;
    const int32_t b = e >= 0 ? (e + 1) >> 1 : -((1 - e) >> 1);
    return MIN(MAX(s0 - b, INT16_MIN), INT16_MAX);
}

arm_cmsis_nn_status arm_rsqrt_s16_universal(const int16_t *input,
                                            const int32_t input_offset,
                                            int16_t *output,
                                            const int32_t out_offset,
                                            const int32_t out_mult,
                                            const int32_t out_shift,
                                            const bool needs_rescale,
                                            const int32_t out_activation_min,
                                            const int32_t out_activation_max,
                                            const int32_t block_size,
                                            const int32_t *lut)
{
    if (!kiln_rsqrt_ok(input, input_offset, output, out_offset, out_activation_min, out_activation_max, block_size,
                       lut))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (needs_rescale)
    {
        /* The requantization of every entry it can read (1..512; entry 0 only for q <= 0, which is not read):
         * multiplier >= 0, shift in [-31, 30], and lut[j] << max(shift, 0) within int32. */
        if (out_mult < 0 || !kiln_shift_ok(out_shift))
        {
            return ARM_CMSIS_NN_ARG_ERROR;
        }
        const int32_t ls = LEFT_SHIFT(out_shift);
        for (int32_t j = 1; ls > 0 && j <= 512; j++)
        {
            if (lut[j] < (INT32_MIN >> ls) || lut[j] > (INT32_MAX >> ls))
            {
                return ARM_CMSIS_NN_ARG_ERROR;
            }
        }
    }
    const kiln_rsqrt_table t = {lut, out_mult, out_shift, needs_rescale};
    for (int32_t i = 0; i < block_size; i++)
    {
        const int32_t v = kiln_rsqrt_value(input[i], input_offset);
        const int32_t k = 256 + (v >> 7);
        const int32_t r = kiln_rsqrt_interp(kiln_rsqrt_slot(&t, k), kiln_rsqrt_slot(&t, k + 1), v & 127) + out_offset;
        output[i] = (int16_t)MIN(MAX(r, out_activation_min), out_activation_max);
    }
    return ARM_CMSIS_NN_SUCCESS;
}
