/*
 * Kiln internals: the int64 requantization of the int16-activation operators (fully connected,
 * batch matmul, convolution, depthwise), exact for every value they accept.
 *
 * CMSIS-NN and TFLite requantize an int64 accumulator acc with the Q15 multiplier
 * rm = REDUCE_MULTIPLIER(multiplier) (Include/arm_nnsupportfunctions.h):
 *     R = floor((acc * rm + 2^(t - 1)) / 2^t),  t = 15 - shift,
 * and R = acc * rm * 2^-t for t <= 0 (shift >= 15). arm_nn_requantize_s64 computes it where acc * rm
 * fits int64 and the result fits int32; kiln_requant_s64() computes it for every int64 sum and bias
 * (their sum may leave int64), rm in [0, 32767] and shift in [-31, 30], saturating to
 * +-KILN_REQUANT_S64_SAT where |R| >= 2^17: such a value clamps to the int16 range, after any output
 * offset within +-65535, exactly as the true one.
 */
#ifndef KILN_REQUANT_S64_H
#define KILN_REQUANT_S64_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Where kiln_requant_s64() saturates (any |R| >= 2^17 > 32767 + 65535 clamps like the true value). */
#define KILN_REQUANT_S64_SAT ((int64_t)1 << 40)

/** floor(v / 2^t) for t in [1, 62], without shifting a negative value. */
static inline int64_t kiln_floor_div_pow2_s64(int64_t v, int32_t t)
{
    return v >= 0 ? (v >> t) : -((-(v + 1)) >> t) - 1;
}

/** floor(x / 2^n) for n in [0, 31], without shifting a negative value (compiles to one arithmetic shift). */
static inline int32_t kiln_floor_div_pow2_s32(int32_t x, int32_t n)
{
    return x >= 0 ? x >> n : -1 - ((-1 - x) >> n);
}

/** Whether x lies in [-2^30, 2^30) (then the sum of two such values fits int32). */
static inline bool kiln_s64_in_s30(int64_t x)
{
    return (uint64_t)x + ((uint64_t)1 << 30) < ((uint64_t)1 << 31);
}

/**
 * R for an int32 acc and t = 15 - shift in [17, 46] (shift in [-31, -2]), rm in [0, 32767], in 32-bit
 * arithmetic: with acc = ah * 2^16 + al (ah = floor(acc / 2^16) in [-2^15, 2^15), 0 <= al < 2^16) and
 * al * rm = q * 2^16 + r (0 <= r < 2^16),
 *     acc * rm + 2^(t - 1) = 2^16 * (ah * rm + q + 2^(t - 17)) + r,
 * so R = floor((ah * rm + q + 2^(t - 17)) / 2^(t - 16)), every term within int32 (|ah * rm| < 2^30,
 * q < 2^15, 2^(t - 17) <= 2^29). Twelve instructions on a Cortex-M4 where the int64 form takes 40 - 60.
 */
static inline int32_t kiln_requant_s32_split(int32_t acc, int32_t rm, int32_t shift)
{
    const int32_t ah = kiln_floor_div_pow2_s32(acc, 16);
    const int32_t al = (int32_t)((uint32_t)acc & 0xFFFFu);
    const int32_t v = ah * rm + ((al * rm) >> 16) + ((int32_t)1 << (-2 - shift));
    return kiln_floor_div_pow2_s32(v, -1 - shift);
}

#if defined(__ARM_FEATURE_DSP) && __ARM_FEATURE_DSP
#include "Internal/kiln_dsp.h"
#define KILN_REQUANT_S32_MULHI 1
#endif

/** floor((a * b + 2^31) / 2^32): SMMULR where the core has it, an int64 product elsewhere. */
static inline int32_t kiln_mulhr_s32(int32_t a, int32_t b)
{
#if defined(KILN_REQUANT_S32_MULHI)
    return kiln_smmulr(a, b);
#else
    return (int32_t)kiln_floor_div_pow2_s64((int64_t)a * b + ((int64_t)1 << 31), 32);
#endif
}

/**
 * The multiplier of the one-product form for shift in [-17, -2] (t = 15 - shift in [17, 32]): m = rm * 2^(17 + shift),
 * below 2^30 for rm in [0, 32767]. Then R = floor((acc * rm + 2^(t - 1)) / 2^t) = kiln_mulhr_s32(acc, m) for every
 * int32 acc (numerator and divisor scaled by 2^(32 - t)).
 */
static inline int32_t kiln_requant_m_hi(int32_t rm, int32_t shift)
{
    return (int32_t)((uint32_t)rm << (17 + shift));
}

#if defined(KILN_REQUANT_S32_MULHI)

/**
 * R of kiln_requant_s32_split from the high word of one 64-bit product (SMMULR, or SMMUL and a rounding shift), for
 * every int32 acc, rm in [0, 32767] and shift in [-31, -2]. With k = 17 + shift = 32 - t:
 *  - k >= 0: scaling the numerator and the divisor by 2^k, R = floor((acc * rm * 2^k + 2^31) / 2^32) =
 *    SMMULR(acc, rm << k) (rm * 2^k < 2^30);
 *  - k < 0 (t = 32 + j, j = -k >= 1; 2^(t - 1) is a multiple of 2^32): R = floor((floor(acc * rm / 2^32) +
 *    2^(j - 1)) / 2^j), SMMUL(acc, rm) then a rounding shift (|SMMUL| < 2^14).
 * One to three instructions where the split form takes twelve.
 */
static inline int32_t kiln_requant_s32_mulhi(int32_t acc, int32_t rm, int32_t shift)
{
    const int32_t k = 17 + shift;
    if (k >= 0)
    {
        return kiln_smmulr(acc, kiln_requant_m_hi(rm, shift));
    }
    return kiln_floor_div_pow2_s32(kiln_smmul(acc, rm) + ((int32_t)1 << (-1 - k)), -k);
}
#endif

/** R for an int32 acc, rm in [0, 32767] and shift in [-31, -2]: kiln_requant_s32_mulhi where the core has SMMULR (DSP
 * and Helium builds), kiln_requant_s32_split elsewhere (32-bit multiplies only: the Cortex-M0+ has no 64-bit
 * product). */
static inline int32_t kiln_requant_s32(int32_t acc, int32_t rm, int32_t shift)
{
#if defined(KILN_REQUANT_S32_MULHI)
    return kiln_requant_s32_mulhi(acc, rm, shift);
#else
    return kiln_requant_s32_split(acc, rm, shift);
#endif
}

/** Whether kiln_requant_s32 serves sum + bias with this shift: both in [-2^30, 2^30) (their sum an int32) and
 * shift <= -2 (t >= 17): TFLite's usual int16 layers. */
static inline bool kiln_requant_s32_applies(int64_t sum, int64_t bias, int32_t shift)
{
    return shift <= -2 && kiln_s64_in_s30(sum) && kiln_s64_in_s30(bias);
}

/** The 32-bit path's output: clamp(kiln_requant_s32(acc, rm, shift) + out_offset, lo, hi), |R| < 2^29 and
 * |out_offset| <= 65535 keeping every step in int32. */
static inline int16_t kiln_requant_s32_out(int32_t acc, int32_t rm, int32_t shift, int32_t out_offset, int32_t lo,
                                           int32_t hi)
{
    int32_t v = kiln_requant_s32(acc, rm, shift) + out_offset;
    v = v < lo ? lo : v;
    return (int16_t)(v > hi ? hi : v);
}

/** kiln_requant_s64 below where kiln_requant_s32_applies does not hold (any sum, bias and shift). */
static inline int64_t kiln_requant_s64_wide(int64_t sum, int64_t bias, int32_t rm, int32_t shift)
{
    if (rm == 0)
    {
        return 0;
    }
    const int32_t t = 15 - shift; /* [-15, 46] */
    const int64_t small = (int64_t)1 << 46;
    if (t >= 1 && sum < small && sum > -small && bias < small && bias > -small)
    {
        /* the usual case, directly: |acc| < 2^47, so |acc * rm + 2^(t - 1)| < 2^62 + 2^45 in int64 */
        return kiln_floor_div_pow2_s64((sum + bias) * rm + ((int64_t)1 << (t - 1)), t);
    }
    if (bias > 0 ? sum > INT64_MAX - bias : sum < INT64_MIN - bias)
    {
        return bias > 0 ? KILN_REQUANT_S64_SAT : -KILN_REQUANT_S64_SAT;
    }
    const int64_t acc = sum + bias;
    if (t <= 0)
    {
        const int64_t lim = (int64_t)1 << 24;
        if (acc > lim || acc < -lim)
        {
            return acc > 0 ? KILN_REQUANT_S64_SAT : -KILN_REQUANT_S64_SAT;
        }
        return acc * rm * ((int64_t)1 << -t);
    }
    const int64_t q = kiln_floor_div_pow2_s64(acc, t);
    if (q > KILN_REQUANT_S64_SAT || q < -KILN_REQUANT_S64_SAT)
    {
        return q > 0 ? KILN_REQUANT_S64_SAT : -KILN_REQUANT_S64_SAT;
    }
    const int64_t r = (int64_t)((uint64_t)acc & (((uint64_t)1 << t) - 1u));
    return q * rm + ((r * rm + ((int64_t)1 << (t - 1))) >> t);
}

/**
 * R above for acc = sum + bias: the exact R, or +-KILN_REQUANT_S64_SAT (R's sign) when |R| >= 2^17: the 32-bit
 * path where it applies, else kiln_requant_s64_wide.
 * Why every saturation is exact (rm >= 1 there; rm = 0 gives R = 0):
 *  - sum + bias outside int64: |acc| >= 2^63 and t <= 46, so |R| >= 2^17;
 *  - t <= 0 and |acc| > 2^24: |R| >= 2^24; otherwise |acc * rm * 2^-t| <= 2^24 * 2^15 * 2^15;
 *  - t >= 1: acc = q * 2^t + r (0 <= r < 2^t) gives R = q * rm + floor((r * rm + 2^(t-1)) / 2^t), the
 *    last term in [0, rm]; |q| > 2^40 gives |R| >= 2^40 with q's sign; otherwise |q * rm| <= 2^55 and
 *    r * rm + 2^(t-1) < 2^61 + 2^45, exact in int64.
 */
static inline int64_t kiln_requant_s64(int64_t sum, int64_t bias, int32_t rm, int32_t shift)
{
    if (kiln_requant_s32_applies(sum, bias, shift))
    {
        return kiln_requant_s32((int32_t)sum + (int32_t)bias, rm, shift);
    }
    return kiln_requant_s64_wide(sum, bias, rm, shift);
}

/**
 * An int16 operator's output: clamp(R + out_offset, lo, hi) with R = kiln_requant_s64(sum, bias, rm, shift),
 * |out_offset| <= 65535 and [lo, hi] within int16; the 32-bit path in 32 bits throughout.
 */
static inline int16_t kiln_requant_s64_out(int64_t sum, int64_t bias, int32_t rm, int32_t shift, int32_t out_offset,
                                           int32_t lo, int32_t hi)
{
    if (kiln_requant_s32_applies(sum, bias, shift))
    {
        return kiln_requant_s32_out((int32_t)sum + (int32_t)bias, rm, shift, out_offset, lo, hi);
    }
    const int64_t w = kiln_requant_s64_wide(sum, bias, rm, shift) + out_offset; /* within +-(2^40 + 2^16) */
    return (int16_t)(w < lo ? lo : (w > hi ? hi : w));
}

/**
 * Four outputs of the 32-bit path: acc[j] = sum + bias (any int32), shift[j] <= -2, mult[j] the raw multipliers (>= 0,
 * REDUCE_MULTIPLIER applied here): dst[j] = clamp(R + out_offset, lo, hi) with R = kiln_requant_s32(acc[j], rm,
 * shift[j]), what kiln_requant_s64_out gives for that sum and bias. Helium: four lanes
 * (kernels/kiln_requant_s16_mve.c); the other backends one at a time (kernels/kiln_requant_s16_c.c).
 */
void kiln_requant_s32_out4(const int32_t acc[4], const int32_t mult[4], const int32_t shift[4], int32_t out_offset,
                           int32_t lo, int32_t hi, int16_t dst[4]);

/**
 * The outputs of four channels (sum[j] with bias[j], bias NULL for none) through kiln_requant_s32_out4 when the
 * 32-bit path applies to all four sums and biases; the caller has checked shift[j] <= -2 once for the call. False
 * (nothing written) otherwise: the caller requantizes each.
 */
static inline bool kiln_requant_s64_out4(const int64_t sum[4], const int64_t *bias, const int32_t mult[4],
                                         const int32_t shift[4], int32_t out_offset, int32_t lo, int32_t hi,
                                         int16_t dst[4])
{
    int32_t acc[4];
    bool fits = true;
    for (int32_t j = 0; j < 4; j++)
    {
        const int64_t b = bias != NULL ? bias[j] : 0;
        fits = fits && kiln_s64_in_s30(sum[j]) && kiln_s64_in_s30(b);
        acc[j] = (int32_t)(uint32_t)((uint64_t)sum[j] + (uint64_t)b); /* the sum when fits */
    }
    if (fits)
    {
        kiln_requant_s32_out4(acc, mult, shift, out_offset, lo, hi, dst);
    }
    return fits;
}

/** Whether every one of n int64 biases (NULL: none; any alignment, read with memcpy) lies in (-2^25, 2^25): added to
 * a sum of at most KILN_DOT4_CHUNK int16 x int8 products (Internal/kiln_dot.h, |sum| <= 2^31 - 2^25) it keeps an
 * int32. */
static inline bool kiln_bias_s64_small(const void *bias, int32_t n)
{
    for (int32_t i = 0; bias != NULL && i < n; i++)
    {
        int64_t b;
        memcpy(&b, (const uint8_t *)bias + (size_t)i * sizeof(b), sizeof(b));
        if (b >= ((int64_t)1 << 25) || b <= -((int64_t)1 << 25))
        {
            return false;
        }
    }
    return true;
}

/** kiln_requant_s32_out4 of four int32 sums plus their biases (bias NULL: none), every bias below 2^25 in magnitude
 * (kiln_bias_s64_small) and every |sum| <= 2^31 - 2^25: the sums of kiln_dot4_s16_s8_runs32. */
static inline void kiln_requant_s32_out4_bias(int32_t sum[4], const int64_t *bias, const int32_t mult[4],
                                              const int32_t shift[4], int32_t out_offset, int32_t lo, int32_t hi,
                                              int16_t dst[4])
{
    for (int32_t j = 0; j < 4 && bias != NULL; j++)
    {
        sum[j] += (int32_t)bias[j];
    }
    kiln_requant_s32_out4(sum, mult, shift, out_offset, lo, hi, dst);
}

/** Whether every shift of n is <= -2 (the 32-bit path's condition on the shifts, checked once per call). */
static inline bool kiln_shifts_s32_ok(const int32_t *shift, int32_t n)
{
    for (int32_t i = 0; i < n; i++)
    {
        if (shift[i] > -2)
        {
            return false;
        }
    }
    return true;
}

#ifdef __cplusplus
}
#endif

#endif /* KILN_REQUANT_S64_H */
