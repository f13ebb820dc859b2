/*
 * Kiln internals: int8 / uint8 softmax (arm_softmax_s8, arm_softmax_s8_s16, arm_softmax_u8,
 * arm_nn_softmax_common_s8), TFLite's quantized reference arithmetic (gemmlowp fixed point).
 *
 * Per row x[0..n):
 *   diff = x - max(row) in [-255, 0]; taps with diff < diff_min output the type's minimum
 *   scaled = SRDHM(diff << shift, mult)            Q5.26, <= 0 (clamped to 0 if parameters make it
 *                                                  positive: exp(0) = 1, as the reference does)
 *   e = exp_on_negative_values(scaled)             Q0.31
 *   sum = sum of round(e / 2^12)                   Q12.19, kept in 64 bits
 *   sum normalized to [1, 2) * 2^bits_over_unit -> recip = 1 / (that), Q0.31
 *   out = RoundingDivideByPOT(SRDHM(recip, e), bits_over_unit + 31 - out_bits) + out_min,
 *         clamped (0 when the exponent exceeds 31: SRDHM(recip, e) < 2^31)
 * For row lengths up to 8191 the 64-bit sum equals TFLite's (which keeps it in 32 bits and reads
 * it unsigned); beyond, Kiln keeps the exact sum and normalizes it by a truncating right shift.
 *
 * The element functions below are shared by every backend (the scalar paths and the vector
 * tails), so every backend computes an element exactly the same way.
 */
#ifndef KILN_SOFTMAX_H
#define KILN_SOFTMAX_H

#include "Internal/kiln_common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define KILN_SOFTMAX_ACCUM_BITS 12

typedef enum
{
    KILN_SOFTMAX_S8_TO_S8 = 0,
    KILN_SOFTMAX_S8_TO_S16 = 1,
    KILN_SOFTMAX_U8_TO_U8 = 2
} kiln_softmax_kind;

typedef struct
{
    int32_t mult, shift, diff_min;
    kiln_softmax_kind kind;
    int32_t out_bits, out_min, out_max;
} kiln_softmax_params;

/**
 * Validated arguments -> parameters. False (nothing to be done, nothing may be written) for NULL
 * pointers, num_rows or row_size <= 0, num_rows * row_size > INT32_MAX, mult < 0 or shift
 * outside [0, 31].
 */
static inline bool kiln_softmax_check(const void *input, int32_t num_rows, int32_t row_size, int32_t mult,
                                      int32_t shift, int32_t diff_min, kiln_softmax_kind kind, const void *output,
                                      kiln_softmax_params *p)
{
    if (input == NULL || output == NULL || num_rows <= 0 || row_size <= 0 ||
        (int64_t)num_rows * row_size > (int64_t)INT32_MAX || mult < 0 || shift < 0 || shift > 31)
    {
        return false;
    }
    p->mult = mult;
    p->shift = shift;
    p->diff_min = diff_min;
    p->kind = kind;
    p->out_bits = kind == KILN_SOFTMAX_S8_TO_S16 ? 16 : 8;
    p->out_min = kind == KILN_SOFTMAX_S8_TO_S16 ? INT16_MIN : (kind == KILN_SOFTMAX_U8_TO_U8 ? 0 : INT8_MIN);
    p->out_max = kind == KILN_SOFTMAX_S8_TO_S16 ? INT16_MAX : (kind == KILN_SOFTMAX_U8_TO_U8 ? UINT8_MAX : INT8_MAX);
    return true;
}

/** The backend's kernel: every row of a validated call. */
void kiln_softmax_s8_rows(const void *input, int32_t num_rows, int32_t row_size, const kiln_softmax_params *p,
                          void *output);

/* ---- element arithmetic ------------------------------------------------------------------------ */

/**
 * SRDHM(a, b) for |b| < 2^30: floor((a * 2b + 2^31) / 2^32), the same value as
 * floor((a * b + 2^30) / 2^31), in one multiply-accumulate of the high word (SMLAL) on Arm.
 */
static inline int32_t kiln_softmax_mul_small(int32_t a, int32_t b)
{
    return (int32_t)(((int64_t)a * (int64_t)(2 * b) + ((int64_t)1 << 31)) >> 32);
}

/**
 * exp(a) for a <= 0 in Q5.26, result in Q0.31: arm_nn_exp_on_negative_values() (gemmlowp's
 * exp_on_negative_values) step for step. Every doubling high multiply is exact without the
 * saturating case (no operand is INT32_MIN: the constants are positive, |x| <= 2^28, results
 * > 0); those with an operand below 2^30 take the cheaper kiln_softmax_mul_small().
 */
static inline int32_t kiln_softmax_exp_q5_26(int32_t a)
{
    if (a == 0)
    {
        return INT32_MAX;
    }
    /* a = r + q: r = (a mod 1/4) - 1/4 in [-1/4, 0) (the top byte set), remainder = -q. */
    const int32_t r = (int32_t)((uint32_t)a | 0xFF000000u);
    const uint32_t remainder = (uint32_t)r - (uint32_t)a;
    const int32_t x = (int32_t)((uint32_t)r << 5) + (1 << 28); /* r + 1/8 in Q0.31, |x| <= 2^28 */
    const int32_t x2 = kiln_softmax_mul_small(x, x);
    const int32_t x3 = kiln_softmax_mul_small(x2, x);
    const int32_t x4 = kiln_softmax_mul_small(x2, x2);
    const int32_t x4_over_4 = (x4 + 2) >> 2; /* x4 >= 0: rounding half up = half away from zero */
    const int32_t t = kiln_softmax_mul_small(x4_over_4 + x3, 715827883) + x2;
    const int32_t poly = x + arm_nn_divide_by_power_of_two(t, 1); /* |poly| < 2^29 */
    int32_t res = 1895147668 + kiln_softmax_mul_small(1895147668, poly);
    /* one multiply by exp(-2^k) per set bit k = -2 .. 4 of the remainder (bits 24 .. 30) */
    if (remainder & (1u << 24))
    {
        res = arm_nn_doubling_high_mult_no_sat(res, 1672461947);
    }
    if (remainder & (1u << 25))
    {
        res = arm_nn_doubling_high_mult_no_sat(res, 1302514674);
    }
    if (remainder & (1u << 26))
    {
        res = kiln_softmax_mul_small(res, 790015084);
    }
    if (remainder & (1u << 27))
    {
        res = kiln_softmax_mul_small(res, 290630308);
    }
    if (remainder & (1u << 28))
    {
        res = kiln_softmax_mul_small(res, 39332535);
    }
    if (remainder & (1u << 29))
    {
        res = kiln_softmax_mul_small(res, 720401);
    }
    if (remainder & (1u << 30))
    {
        res = kiln_softmax_mul_small(res, 242);
    }
    return res;
}

/** exp(scaled diff) in Q0.31 for diff <= 0 (diff >= diff_min already checked). */
static inline int32_t kiln_softmax_exp(int32_t diff, int32_t mult, int32_t shift)
{
    /* The left shift wraps like TFLite's; mult >= 0 keeps SRDHM clear of its saturating case. */
    int32_t scaled = arm_nn_doubling_high_mult_no_sat((int32_t)((uint32_t)diff << shift), mult);
    scaled = MIN(scaled, 0);
    return kiln_softmax_exp_q5_26(scaled);
}

/** One term of the sum: e rescaled from Q0.31 to Q12.19, rounded (e >= 0). */
static inline uint32_t kiln_softmax_term(int32_t e)
{
    return ((uint32_t)e + (1u << (KILN_SOFTMAX_ACCUM_BITS - 1))) >> KILN_SOFTMAX_ACCUM_BITS;
}

/**
 * 1 / (1 + a) for a in [0, 1) in Q0.31: arm_nn_one_over_one_plus_x_for_x_in_0_1() (gemmlowp's
 * Newton-Raphson) step for step, with the non-saturating doubling high multiply, exact here (no
 * operand is INT32_MIN) and several times cheaper than the general one.
 */
static inline int32_t kiln_softmax_one_over_one_plus(int32_t a)
{
    /* (a + 1.0) / 2 rounded, 1.0 being INT32_MAX: (a + 2^31) / 2 in [2^30, 2^31) */
    const int32_t half_denominator = (int32_t)(((uint32_t)a + 0x80000000u) >> 1);
    int32_t x = 1515870810 + arm_nn_doubling_high_mult_no_sat(half_denominator, -1010580540); /* Q2.29 */
    for (int32_t i = 0; i < 3; i++)
    {
        const int32_t one_minus_dx = (1 << 29) - arm_nn_doubling_high_mult_no_sat(half_denominator, x);
        x += arm_nn_mult_by_power_of_two(arm_nn_doubling_high_mult_no_sat(x, one_minus_dx), 2);
    }
    return arm_nn_mult_by_power_of_two(x, 1);
}

/** Count of leading zeros of a non-zero 32-bit value. */
static inline int32_t kiln_softmax_clz(uint32_t v)
{
    return (int32_t)__builtin_clz(v);
}

/**
 * Reciprocal of the sum (sum >= 2^19: the row maximum alone contributes 1.0) and the exponent of
 * the final rounding shift (bits_over_unit + 31 - out_bits).
 */
static inline void kiln_softmax_recip(uint64_t sum, int32_t out_bits, int32_t *recip, int32_t *exponent)
{
    uint32_t top;
    int32_t bits_over_unit;
    if ((sum >> 32) == 0)
    {
        const int32_t h = kiln_softmax_clz((uint32_t)sum);
        top = (uint32_t)sum << h;
        bits_over_unit = KILN_SOFTMAX_ACCUM_BITS - h;
    }
    else
    {
        const int32_t k = 32 - kiln_softmax_clz((uint32_t)(sum >> 32));
        top = (uint32_t)(sum >> k);
        bits_over_unit = KILN_SOFTMAX_ACCUM_BITS + k;
    }
    *recip = kiln_softmax_one_over_one_plus((int32_t)(top - 0x80000000u));
    *exponent = bits_over_unit + 31 - out_bits;
}

#if defined(__ARM_FEATURE_DSP) && __ARM_FEATURE_DSP
/* ---- DSP-extension forms (Cortex-M4/M7/M33/M55) ------------------------------------------------
 *   SRDHM(a, b) for 2b < 2^31        = SMMULR(a, 2b)             floor((a * 2b + 2^31) / 2^32)
 *   SRDHM(a, b) for b = 2^31 - d,    = SMMLSR(a, 2d, a)          a + floor((2^31 - a * 2d) / 2^32)
 *               0 < 2d < 2^31
 * both equal to floor((a * b + 2^30) / 2^31). */
static inline int32_t kiln_softmax_smmulr(int32_t a, int32_t b)
{
    int32_t r;
    __asm__("smmulr %0, %1, %2" : "=r"(r) : "r"(a), "r"(b));
    return r;
}

static inline int32_t kiln_softmax_smmlsr(int32_t a, int32_t b, int32_t acc)
{
    int32_t r;
    __asm__("smmlsr %0, %1, %2, %3" : "=r"(r) : "r"(a), "r"(b), "r"(acc));
    return r;
}

/**
 * kiln_softmax_one_over_one_plus() on the DSP multiplies, the same value for every a in [0, 2^31)
 * (checked exhaustively): a = 0 and a = 1 share the half denominator h = 2^30 and give
 * INT32_MAX (the Newton iteration's exact result there, asserted by the softmax test); otherwise
 * the half denominator h = 2^31 - d is in
 * (2^30, 2^31), so SRDHM(h, x) = SMMLSR(x, 2d, x); x stays in about [2^29, 2^30] and the
 * correction SRDHM(x, 2^29 - SRDHM(h, x)) below 2^28 in magnitude, so its saturating x4 is a plain
 * shift and only the final doubling saturates (QADD). The three Newton steps are unrolled.
 */
static inline int32_t kiln_softmax_one_over_one_plus_dsp(int32_t a)
{
    if ((uint32_t)a <= 1u)
    {
        return INT32_MAX;
    }
    const int32_t h = (int32_t)(((uint32_t)a + 0x80000000u) >> 1);
    const int32_t d2 = (int32_t)(2u * (0x80000000u - (uint32_t)h));
    int32_t x = 1515870810 + kiln_softmax_smmulr(h, 2 * -1010580540); /* Q2.29 */
    x += (int32_t)((uint32_t)kiln_softmax_smmulr(x, 2 * ((1 << 29) - kiln_softmax_smmlsr(x, d2, x))) << 2);
    x += (int32_t)((uint32_t)kiln_softmax_smmulr(x, 2 * ((1 << 29) - kiln_softmax_smmlsr(x, d2, x))) << 2);
    x += (int32_t)((uint32_t)kiln_softmax_smmulr(x, 2 * ((1 << 29) - kiln_softmax_smmlsr(x, d2, x))) << 2);
    int32_t r;
    __asm__("qadd %0, %1, %1" : "=r"(r) : "r"(x));
    return r;
}
#define KILN_SOFTMAX_ONE_OVER_ONE_PLUS kiln_softmax_one_over_one_plus_dsp
#else
#define KILN_SOFTMAX_ONE_OVER_ONE_PLUS kiln_softmax_one_over_one_plus
#endif

/** kiln_softmax_recip() with the cheapest exact reciprocal of the target (sum >= 1). */
static inline void kiln_softmax_recip_fast(uint64_t sum, int32_t out_bits, int32_t *recip, int32_t *exponent)
{
    uint32_t top;
    int32_t bits_over_unit;
    if ((sum >> 32) == 0)
    {
        const int32_t h = kiln_softmax_clz((uint32_t)sum);
        top = (uint32_t)sum << h;
        bits_over_unit = KILN_SOFTMAX_ACCUM_BITS - h;
    }
    else
    {
        const int32_t k = 32 - kiln_softmax_clz((uint32_t)(sum >> 32));
        top = (uint32_t)(sum >> k);
        bits_over_unit = KILN_SOFTMAX_ACCUM_BITS + k;
    }
    *recip = KILN_SOFTMAX_ONE_OVER_ONE_PLUS((int32_t)(top - 0x80000000u));
    *exponent = bits_over_unit + 31 - out_bits;
}

/** kiln_softmax_recip_fast() for a sum below 2^32 (1 <= sum): rows of up to 8191 elements. */
static inline void kiln_softmax_recip32(uint32_t sum, int32_t out_bits, int32_t *recip, int32_t *exponent)
{
    const int32_t h = kiln_softmax_clz(sum);
    *recip = KILN_SOFTMAX_ONE_OVER_ONE_PLUS((int32_t)((sum << h) - 0x80000000u));
    *exponent = KILN_SOFTMAX_ACCUM_BITS - h + 31 - out_bits;
}

/** The output of one element with exp e (diff >= diff_min). */
static inline int32_t kiln_softmax_out(int32_t e, int32_t recip, int32_t exponent, const kiln_softmax_params *p)
{
    /* recip > 0 and e >= 0: no saturating case, and the product is in [0, 2^31). */
    const int32_t prod = arm_nn_doubling_high_mult_no_sat(recip, e);
    int32_t v = exponent > 31 ? 0 : arm_nn_divide_by_power_of_two(prod, exponent);
    v += p->out_min;
    return MIN(v, p->out_max);
}

#ifdef __cplusplus
}
#endif

#endif /* KILN_SOFTMAX_H */
