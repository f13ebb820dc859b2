/*
 * Kiln internals: the int16 softmax (arm_softmax_s16), TFLite's int16 reference (table exp and reciprocal).
 *
 * Per row x[0..n):
 *   d = x - max(row)                                     in [-65535, 0]
 *   s = arm_nn_requantize(d, mult, shift)                TFLite MultiplyByQuantizedMultiplier, <= 0
 *   e = lut(exp_lut, max(s + 32767, -32768))             cached in the output
 *   sum = sum of e; b = bit length of sum (sum < 2^31)
 *   t = top 17 bits of sum, rounded half up              in [2^16, 2^17]
 *   r = lut(one_by_one_lut, min(t - 98304, 32767))
 *   out = clamp((e * r + 2^(b - 2)) >> (b - 1), 0, 32767)   (no rounding term for b = 1)
 * lut(): 512 segments of 128 steps, linear interpolation rounded half up (TFLite's int16 table
 * lookup, int16 wrap-around of the slope and the result included).
 * Outside TFLite's domain: a sum of 2^31 or more (rows of over 65538 elements; TFLite's int32 sum
 * overflows) outputs 0, the exact rounding of every e / sum there; a sum <= 0 (only with tables
 * holding values <= 0) outputs 0.
 * Accepted: mult >= 0 and shift in [-31, 15]: d << shift stays within int32 for d = -65535, the
 * doubling high multiply cannot saturate, the rounding right shift is at most 31.
 *
 * The row runs on the backend's kernel (Source/SoftmaxFunctions/kernels/kiln_softmax_s16_{c,dsp,mve}.c), the
 * per-row reciprocal step here, shared.
 */
#ifndef KILN_SOFTMAX_S16_H
#define KILN_SOFTMAX_S16_H

#include "Internal/kiln_common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define KILN_SOFTMAX_S16_SHIFT_MIN (-31)
#define KILN_SOFTMAX_S16_SHIFT_MAX 15

/** Table lookup of u = value + 32768 in [0, 65535] (lut: 513 entries). */
static inline int32_t kiln_softmax_s16_lut(const int16_t *lut, int32_t u)
{
    const int32_t idx = u >> 7;
    const int32_t base = lut[idx];
    const int32_t slope = (int16_t)(lut[idx + 1] - base);
    const int32_t delta = (slope * (u & 0x7F) + 64) >> 7;
    return (int16_t)(base + delta);
}

/**
 * The reciprocal step of a row whose exps sum to sum: false when every output is 0 (sum <= 0 or sum >= 2^31); else
 * *recip and *right_shift (b - 1) for out = clamp((e * recip + round) >> right_shift, 0, 32767), round = 2^(b - 2)
 * (0 for b = 1): the rounding right shift by b - 1.
 */
static inline bool kiln_softmax_s16_recip(int64_t sum, const int16_t *recip_lut, int32_t *recip, int32_t *right_shift)
{
    if (sum <= 0 || sum > INT32_MAX)
    {
        return false;
    }
    const int32_t bits = 32 - (int32_t)__builtin_clz((uint32_t)sum); /* bit length, 1..31 */
    /* sum << (31 - bits) is in [2^30, 2^31): round it to 17 bits */
    const int32_t top = (int32_t)((((uint32_t)sum << (31 - bits)) + (1u << 13)) >> 14);
    *recip = kiln_softmax_s16_lut(recip_lut, MIN(top - 65536, 65535));
    *right_shift = bits - 1;
    return true;
}

/** One row of arm_softmax_s16: n >= 1 elements of in to out (out may equal in: each element is read before it is
 * written), mult >= 0, shift in [KILN_SOFTMAX_S16_SHIFT_MIN, KILN_SOFTMAX_S16_SHIFT_MAX]. */
void kiln_softmax_s16_row(const int16_t *in, int32_t n, int32_t mult, int32_t shift, const int16_t *exp_lut,
                          const int16_t *recip_lut, int16_t *out);

/** The portable row (the same contract), built on the portable and DSP backends: the DSP row takes it for a left
 * shift above 14 or rows of more than 65535 elements. */
void kiln_softmax_s16_row_c(const int16_t *in, int32_t n, int32_t mult, int32_t shift, const int16_t *exp_lut,
                            const int16_t *recip_lut, int16_t *out);

#ifdef __cplusplus
}
#endif

#endif /* KILN_SOFTMAX_S16_H */
