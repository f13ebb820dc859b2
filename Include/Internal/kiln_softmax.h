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
#include "Internal/kiln_dsp.h"

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
 * The checks of every entry, before anything is read or written: false for NULL pointers,
 * num_rows or row_size <= 0, num_rows * row_size > INT32_MAX, mult < 0 or shift outside [0, 31].
 */
static inline bool kiln_softmax_args_ok(const void *input, int32_t num_rows, int32_t row_size, int32_t mult,
                                        int32_t shift, const void *output)
{
    /* num_rows - 1, row_size - 1 (modulo 2^32) and mult >= 0 in one sign test, and the product in
     * [0, INT32_MAX] (INT32_MIN - 1 wraps to INT32_MAX, but INT32_MIN times a positive row_size
     * is negative) */
    return input != NULL && output != NULL &&
           (int32_t)(((uint32_t)num_rows - 1u) | ((uint32_t)row_size - 1u) | (uint32_t)mult) >= 0 &&
           (uint32_t)shift <= 31u && (uint64_t)((int64_t)num_rows * row_size) <= (uint64_t)INT32_MAX;
}

/** The parameters of a validated call. */
static inline void kiln_softmax_params_of(int32_t mult, int32_t shift, int32_t diff_min, kiln_softmax_kind kind,
                                          kiln_softmax_params *p)
{
    p->mult = mult;
    p->shift = shift;
    p->diff_min = diff_min;
    p->kind = kind;
    p->out_bits = kind == KILN_SOFTMAX_S8_TO_S16 ? 16 : 8;
    p->out_min = kind == KILN_SOFTMAX_S8_TO_S16 ? INT16_MIN : (kind == KILN_SOFTMAX_U8_TO_U8 ? 0 : INT8_MIN);
    p->out_max = kind == KILN_SOFTMAX_S8_TO_S16 ? INT16_MAX : (kind == KILN_SOFTMAX_U8_TO_U8 ? UINT8_MAX : INT8_MAX);
}

/** kiln_softmax_args_ok() and, when it holds, kiln_softmax_params_of(). */
static inline bool kiln_softmax_check(const void *input, int32_t num_rows, int32_t row_size, int32_t mult,
                                      int32_t shift, int32_t diff_min, kiln_softmax_kind kind, const void *output,
                                      kiln_softmax_params *p)
{
    if (!kiln_softmax_args_ok(input, num_rows, row_size, mult, shift, output))
    {
        return false;
    }
    kiln_softmax_params_of(mult, shift, diff_min, kind, p);
    return true;
}

/*
 * The backend's kernels, one entry per kind with the public function's arguments in the same
 * order: the public function is a single branch here (the fixed cost of a call of one short row
 * matters: the keyword-spotting output layer is one). Each entry first checks the arguments with
 * kiln_softmax_args_ok() and returns at once when they are invalid, then runs every row.
 */
void kiln_softmax_rows_s8(const int8_t *input, int32_t num_rows, int32_t row_size, int32_t mult, int32_t shift,
                          int32_t diff_min, int8_t *output);
void kiln_softmax_rows_s8_s16(const int8_t *input, int32_t num_rows, int32_t row_size, int32_t mult, int32_t shift,
                              int32_t diff_min, int16_t *output);
void kiln_softmax_rows_u8(const uint8_t *input, int32_t num_rows, int32_t row_size, int32_t mult, int32_t shift,
                          int32_t diff_min, uint8_t *output);

/* Defines the three typed entries above in a backend file on top of its always-inline entry
 * ENTRY(input, num_rows, row_size, mult, shift, diff_min, kind, output), so the public functions'
 * tail calls land directly in the backend's code. */
#define KILN_SOFTMAX_TYPED_ENTRIES(ENTRY)                                                                             \
    void kiln_softmax_rows_s8(const int8_t *input, int32_t num_rows, int32_t row_size, int32_t mult, int32_t shift,   \
                              int32_t diff_min, int8_t *output)                                                       \
    {                                                                                                                 \
        ENTRY(input, num_rows, row_size, mult, shift, diff_min, KILN_SOFTMAX_S8_TO_S8, output);                      \
    }                                                                                                                 \
    void kiln_softmax_rows_s8_s16(const int8_t *input, int32_t num_rows, int32_t row_size, int32_t mult,              \
                                  int32_t shift, int32_t diff_min, int16_t *output)                                   \
    {                                                                                                                 \
        ENTRY(input, num_rows, row_size, mult, shift, diff_min, KILN_SOFTMAX_S8_TO_S16, output);                     \
    }                                                                                                                 \
    void kiln_softmax_rows_u8(const uint8_t *input, int32_t num_rows, int32_t row_size, int32_t mult, int32_t shift,  \
                              int32_t diff_min, uint8_t *output)                                                      \
    {                                                                                                                 \
        ENTRY(input, num_rows, row_size, mult, shift, diff_min, KILN_SOFTMAX_U8_TO_U8, output);                      \
    }

/**
 * Calls whose outputs do not depend on the input values: rows of one element (the element is its
 * row's maximum: exp 1.0, sum 1.0 in Q12.19, reciprocal 1.0, output the type's maximum; the
 * softmax test derives that value through the general arithmetic for every type), and any call
 * with diff_min > 0 (every element is skipped, whatever the row: every output is the type's
 * minimum). Writes the value to each of the `count` outputs; true when the call is one of those.
 */
static inline __attribute__((always_inline)) bool kiln_softmax_constant_call(int32_t count, int32_t row_size,
                                                                             int32_t diff_min, kiln_softmax_kind kind,
                                                                             void *output)
{
    if (row_size != 1 && diff_min <= 0)
    {
        return false;
    }
    const bool out16 = kind == KILN_SOFTMAX_S8_TO_S16;
    const bool is_u8 = kind == KILN_SOFTMAX_U8_TO_U8;
    const int32_t v = diff_min > 0 ? (out16 ? INT16_MIN : (is_u8 ? 0 : INT8_MIN))
                                   : (out16 ? INT16_MAX : (is_u8 ? UINT8_MAX : INT8_MAX));
    if (out16)
    {
        int16_t *out = (int16_t *)output;
        for (int32_t i = 0; i < count; i++)
        {
            out[i] = (int16_t)v;
            __asm__("" : "+r"(out)); /* plain stores, not a memset call, for the usual few outputs */
        }
    }
    else if (count > 32)
    {
        memset(output, v & 0xFF, (size_t)count);
    }
    else
    {
        int8_t *out = (int8_t *)output;
        for (int32_t i = 0; i < count; i++)
        {
            out[i] = (int8_t)v;
            __asm__("" : "+r"(out));
        }
    }
    return true;
}

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
/* (kiln_smmulr and kiln_smmlsr: Internal/kiln_dsp.h) */

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
    int32_t x = 1515870810 + kiln_smmulr(h, 2 * -1010580540); /* Q2.29 */
    x += (int32_t)((uint32_t)kiln_smmulr(x, 2 * ((1 << 29) - kiln_smmlsr(x, d2, x))) << 2);
    x += (int32_t)((uint32_t)kiln_smmulr(x, 2 * ((1 << 29) - kiln_smmlsr(x, d2, x))) << 2);
    x += (int32_t)((uint32_t)kiln_smmulr(x, 2 * ((1 << 29) - kiln_smmlsr(x, d2, x))) << 2);
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

#if (KILN_BUILD_DSP || KILN_BUILD_MVE) && defined(__ARM_FEATURE_DSP) && __ARM_FEATURE_DSP
/* ---- scalar rows on the DSP multiplies (the DSP kernel; the Helium kernel's rows of two) -------- */

/**
 * kiln_softmax_exp_q5_26() with one DSP multiply per step (the same values). The multiplies by
 * exp(-2^k) follow the set bits 24 .. 30 of the remainder from the lowest; those are the bits of
 * ~a (a < 0), and once the bits left are all clear the later multiplies are skipped (|a| < 1,
 * the usual range, needs at most the first two of the seven).
 */
static inline __attribute__((always_inline)) int32_t kiln_softmax_exp_dsp(int32_t a)
{
    if (a == 0)
    {
        return INT32_MAX;
    }
    const int32_t r = (int32_t)((uint32_t)a | 0xFF000000u);
    const int32_t x = (int32_t)((uint32_t)r << 5) + (1 << 28); /* |x| <= 2^28 */
    const int32_t x2 = kiln_smmulr(x, 2 * x);
    const int32_t x3 = kiln_smmulr(x2, 2 * x);
    const int32_t x4 = kiln_smmulr(x2, 2 * x2);
    const int32_t x4_over_4 = (x4 + 2) >> 2; /* x4 >= 0 */
    const int32_t t = kiln_smmulr(x4_over_4 + x3, 2 * 715827883) + x2;
    /* t / 2 rounded half away from zero: negative values step down by one first */
    const int32_t poly = x + ((t + 1 + (t >> 31)) >> 1); /* |poly| < 2^29 */
    int32_t res = 1895147668 + kiln_smmulr(1895147668, 2 * poly);
    uint32_t q = (uint32_t)~a >> 24; /* the remainder's bits 24 .. 30 */
    if (q & 1u)
    {
        res = kiln_smmlsr(res, 2 * (int32_t)(0x80000000u - 1672461947u), res);
    }
    if (q > 1u)
    {
        if (q & 2u)
        {
            res = kiln_smmlsr(res, 2 * (int32_t)(0x80000000u - 1302514674u), res);
        }
        if (q > 3u)
        {
            if (q & 4u)
            {
                res = kiln_smmulr(res, 2 * 790015084);
            }
            if (q & 8u)
            {
                res = kiln_smmulr(res, 2 * 290630308);
            }
            if (q & 16u)
            {
                res = kiln_smmulr(res, 2 * 39332535);
            }
            if (q & 32u)
            {
                res = kiln_smmulr(res, 2 * 720401);
            }
            if (q & 64u)
            {
                res = kiln_smmulr(res, 2 * 242);
            }
        }
    }
    return res;
}

/**
 * The scaled diff min(SRDHM(diff << shift, mult), 0) in one multiply: with mult2 = 2 * mult
 * modulo 2^32 (mult in [0, 2^31)) and acc = v when mult >= 2^30 (mult2 then reads as
 * 2 * mult - 2^32; its sign bit is mult's bit 30), else 0,
 * SMMLAR(v, mult2, acc) = floor((2 * v * mult + 2^31) / 2^32), the rounding doubling high multiply.
 */
static inline __attribute__((always_inline)) int32_t kiln_softmax_scaled_dsp(int32_t diff, int32_t shift,
                                                                             int32_t mult)
{
    const int32_t v = (int32_t)((uint32_t)diff << shift); /* wraps, as TFLite's */
    int32_t s, acc, mult2;
    /* one block from mult, so that the compiler keeps neither mult2 nor its sign across a loop
     * (register pressure: a spill costs more than the shift) */
    __asm__("lsl %[m2], %[m], #1\n\t"
            "and %[acc], %[v], %[m2], asr #31\n\t"
            "smmlar %[s], %[v], %[m2], %[acc]"
            : [s] "=&r"(s), [acc] "=&r"(acc), [m2] "=&r"(mult2)
            : [v] "r"(v), [m] "r"(mult));
    return s & (s >> 31);
}

/**
 * One output from its exp e (0 for a skipped element) and the row's reciprocal, with
 * k_hi = 2^(exponent - 2) + (fold_min ? out_min * 2^(exponent - 1) : 0) and sh = exponent - 1:
 * the rounding doubling high multiply and the rounding shift by exponent are one floor division,
 * floor((recip * e + 2^30 + (2^(exponent - 1) [+ out_min * 2^exponent]) * 2^31) / 2^(31 + exponent))
 * (an SMLAL onto that constant, the high word shifted by exponent - 1), then saturated to the
 * type: SSAT / USAT when the minimum is folded in, else USAT to out_bits plus the minimum (the
 * value before the minimum is in [0, 2^out_bits]). Needs 2 <= exponent <= 31.
 */
static inline __attribute__((always_inline)) int32_t kiln_softmax_out_dsp(int32_t recip, int32_t e, int32_t k_hi,
                                                                          int32_t sh, kiln_softmax_kind kind,
                                                                          bool fold_min)
{
    int32_t lo = 1 << 30, hi = k_hi;
    __asm__("smlal %0, %1, %2, %3" : "+r"(lo), "+r"(hi) : "r"(recip), "r"(e)); /* (hi:lo) += recip * e */
    hi >>= sh;
    if (kind == KILN_SOFTMAX_S8_TO_S16)
    {
        return fold_min ? __ssat(hi, 16) : (int32_t)__usat(hi, 16) + INT16_MIN;
    }
    if (kind == KILN_SOFTMAX_U8_TO_U8)
    {
        return (int32_t)__usat(hi, 8);
    }
    return fold_min ? __ssat(hi, 8) : (int32_t)__usat(hi, 8) + INT8_MIN;
}

static inline __attribute__((always_inline)) int32_t kiln_softmax_load_k(const void *in, int32_t i,
                                                                         kiln_softmax_kind kind)
{
    return kind == KILN_SOFTMAX_U8_TO_U8 ? (int32_t)((const uint8_t *)in)[i] : (int32_t)((const int8_t *)in)[i];
}

static inline __attribute__((always_inline)) void kiln_softmax_store_k(void *out, int32_t i, int32_t v,
                                                                       kiln_softmax_kind kind)
{
    if (kind == KILN_SOFTMAX_S8_TO_S16)
    {
        ((int16_t *)out)[i] = (int16_t)v;
    }
    else
    {
        ((uint8_t *)out)[i] = (uint8_t)v;
    }
}

/**
 * 1 / (1 + t / 2^19) in Q0.31 for t in [0, 2^19): the reciprocal of a sum 2^19 + t (a row whose
 * maximum contributes 2^19) as kiln_softmax_recip32() computes it (exponent 31 - out_bits):
 * there the normalized sum is (2^19 + t) << 12, so a = t << 12 and the half denominator is
 * h = 2^30 + (t << 11). The Newton iterate x (Q2.29) is kept doubled, X = 2x < 2^31 (t >= 1),
 * which makes each doubling high multiply one SMMULR without a doubled operand:
 * SRDHM(h, x) = SMMULR(h, X), SRDHM(x, m) = SMMULR(X, m), and the final saturating doubling is X
 * itself. The same value as KILN_SOFTMAX_ONE_OVER_ONE_PLUS(t << 12) for every t (the softmax
 * test checks all 2^19); 1.0 (INT32_MAX) for t = 0.
 */
static inline __attribute__((always_inline)) int32_t kiln_softmax_recip_unit_dsp(uint32_t t)
{
    if (t == 0)
    {
        return INT32_MAX;
    }
    const int32_t h = (int32_t)((1u << 30) + (t << 11));
    uint32_t X = (uint32_t)(1515870810 + kiln_smmulr(h, 2 * -1010580540)) << 1;
    X += (uint32_t)kiln_smmulr((int32_t)X, (1 << 29) - kiln_smmulr(h, (int32_t)X)) << 3;
    X += (uint32_t)kiln_smmulr((int32_t)X, (1 << 29) - kiln_smmulr(h, (int32_t)X)) << 3;
    X += (uint32_t)kiln_smmulr((int32_t)X, (1 << 29) - kiln_smmulr(h, (int32_t)X)) << 3;
    return (int32_t)X;
}

/**
 * The output of a row's maximum (exp INT32_MAX) for a reciprocal in (2^30, 2^31) (a sum below
 * 2^20: kiln_softmax_recip_unit_dsp()): SRDHM(recip, INT32_MAX) = recip - 1 there, so the output
 * is the saturated (recip - 1 + 2^(ex - 1) + out_min * 2^ex) >> ex, ex = 31 - out_bits.
 */
static inline __attribute__((always_inline)) int32_t kiln_softmax_out_unit_max_dsp(int32_t recip,
                                                                                   kiln_softmax_kind kind)
{
    int32_t o;
    if (kind == KILN_SOFTMAX_S8_TO_S16)
    {
        /* SSAT's own arithmetic shift (GCC 12 does not fold the shift of __ssat's operand into it) */
        __asm__("ssat %0, #16, %1, asr #15" : "=r"(o) : "r"(recip - 1 + (1 << 14) - (1 << 30)));
        return o;
    }
    if (kind == KILN_SOFTMAX_U8_TO_U8)
    {
        return (int32_t)__usat((int32_t)(((uint32_t)recip - 1u + (1u << 22)) >> 23), 8); /* up to 2^31 + 2^22 */
    }
    __asm__("ssat %0, #8, %1, asr #23" : "=r"(o) : "r"(recip - 1 + (1 << 22) - (1 << 30)));
    return o;
}

/**
 * A row of two whose other element's exp e also rounds to a term of 2^19 (sum 2^20): the general
 * reciprocal and outputs; the maximum's output in the low half, the other's in the high half.
 * Rare: kiln_softmax_pairs_dsp() stops at such a row, and the entry's cold NAME_pairs_tie
 * (KILN_SOFTMAX_TYPED_ENTRIES_PAIRS) runs it through kiln_softmax_pair_tie_row_dsp().
 */
static inline __attribute__((always_inline)) uint32_t kiln_softmax_pair_tie_dsp(int32_t e, kiln_softmax_kind kind)
{
    const int32_t out_bits = kind == KILN_SOFTMAX_S8_TO_S16 ? 16 : 8;
    const int32_t out_min =
        kind == KILN_SOFTMAX_S8_TO_S16 ? INT16_MIN : (kind == KILN_SOFTMAX_U8_TO_U8 ? 0 : INT8_MIN);
    int32_t recip, exponent;
    kiln_softmax_recip32(1u << (32 - KILN_SOFTMAX_ACCUM_BITS), out_bits, &recip, &exponent);
    const int32_t k_hi = (1 << (exponent - 2)) + out_min * (1 << (exponent - 1));
    const int32_t o_max = kiln_softmax_out_dsp(recip, INT32_MAX, k_hi, exponent - 1, kind, true);
    const int32_t o_other = kiln_softmax_out_dsp(recip, e, k_hi, exponent - 1, kind, true);
    return ((uint32_t)o_max & 0xFFFFu) | ((uint32_t)o_other << 16);
}

/** The maximum's index in a row of two with difference d = x1 - x0: x0 when x1 < x0. */
static inline __attribute__((always_inline)) int32_t kiln_softmax_pair_max_index(int32_t d)
{
    return (int32_t)((uint32_t)d >> 31) ^ 1;
}

/**
 * Rows of two elements (num_rows >= 1), scalar: the larger element's diff is 0 (exp 1.0 =
 * INT32_MAX, term 2^19), so each row needs one exp, of the other's diff -|x1 - x0|, and its term
 * t: the sum 2^19 + t is below 2^20 but for t = 2^19 (the other's exp rounds to 1.0 too), so
 * the reciprocal is kiln_softmax_recip_unit_dsp(t) and the exponent 31 - out_bits; out_min *
 * 2^(exponent - 1) fits, the minimum folds into the output constant. The maximum's output is
 * kiln_softmax_out_unit_max_dsp(). A row with t = 2^19 (the general kiln_softmax_recip32() for a
 * sum of 2^20) stops the loop: the function returns the number of rows left from it (0 when all
 * are done) with *input and *output at that row, for the caller's cold path (no call inside the
 * loop: nothing of it is saved around one).
 */
static inline __attribute__((always_inline)) int32_t kiln_softmax_pairs_dsp(const void **input, int32_t num_rows,
                                                                            int32_t mult, int32_t shift,
                                                                            int32_t diff_min, kiln_softmax_kind kind,
                                                                            void **output)
{
    const int32_t out_bits = kind == KILN_SOFTMAX_S8_TO_S16 ? 16 : 8;
    const int32_t out_min =
        kind == KILN_SOFTMAX_S8_TO_S16 ? INT16_MIN : (kind == KILN_SOFTMAX_U8_TO_U8 ? 0 : INT8_MIN);
    const int32_t out_max =
        kind == KILN_SOFTMAX_S8_TO_S16 ? INT16_MAX : (kind == KILN_SOFTMAX_U8_TO_U8 ? UINT8_MAX : INT8_MAX);
    const int32_t ex = 31 - out_bits;
    const int32_t k_unit = (1 << (ex - 2)) + out_min * (1 << (ex - 1));
    const int32_t out_step = kind == KILN_SOFTMAX_S8_TO_S16 ? 4 : 2;
    const int8_t *in = (const int8_t *)*input;
    int8_t *out = (int8_t *)*output;
    do
    {
        const int32_t d = kiln_softmax_load_k(in, 1, kind) - kiln_softmax_load_k(in, 0, kind);
        const int32_t dn = d < 0 ? d : -d;
        int32_t o_max, o_other;
        if (dn < diff_min)
        {
            /* The other is skipped: the sum is the maximum's 2^19 alone (reciprocal 1.0), its
             * output the type's maximum; with diff_min > 0 the maximum is skipped too. */
            o_other = out_min;
            o_max = diff_min > 0 ? out_min : out_max;
        }
        else
        {
            const int32_t e = kiln_softmax_exp_dsp(kiln_softmax_scaled_dsp(dn, shift, mult));
            const uint32_t t = kiln_softmax_term(e);
            if (__builtin_expect(t >= (1u << (31 - KILN_SOFTMAX_ACCUM_BITS)), 0))
            {
                break;
            }
            const int32_t recip = kiln_softmax_recip_unit_dsp(t);
            o_max = kiln_softmax_out_unit_max_dsp(recip, kind);
            o_other = kiln_softmax_out_dsp(recip, e, k_unit, ex - 1, kind, true);
        }
        const int32_t im = kiln_softmax_pair_max_index(d);
        __asm__("" : "+r"(o_max), "+r"(o_other)); /* stored as they are: no sign or zero extension */
        kiln_softmax_store_k(out, im, o_max, kind);
        kiln_softmax_store_k(out, im ^ 1, o_other, kind);
        in += 2;
        out += out_step;
        __asm__("" : "+r"(num_rows)); /* a row counter (no trip count computed from the pointers) */
    } while (--num_rows != 0);
    *input = in;
    *output = out;
    return num_rows;
}

/** The first row of two at input whose exp term is 2^19 (kiln_softmax_pairs_dsp() stopped there). */
static inline __attribute__((always_inline)) void kiln_softmax_pair_tie_row_dsp(const void *input, int32_t mult,
                                                                               int32_t shift, kiln_softmax_kind kind,
                                                                               void *output)
{
    const int32_t d = kiln_softmax_load_k(input, 1, kind) - kiln_softmax_load_k(input, 0, kind);
    const int32_t e = kiln_softmax_exp_dsp(kiln_softmax_scaled_dsp(d < 0 ? d : -d, shift, mult));
    const uint32_t both = kiln_softmax_pair_tie_dsp(e, kind);
    const int32_t im = kiln_softmax_pair_max_index(d);
    kiln_softmax_store_k(output, im, (int16_t)both, kind);
    kiln_softmax_store_k(output, im ^ 1, (int16_t)(both >> 16), kind);
}

/**
 * kiln_softmax_args_ok() for row_size 2, in fewer instructions: num_rows * 2 <= INT32_MAX and
 * num_rows >= 1 exactly when num_rows | (num_rows * 2 modulo 2^32) is positive (num_rows >= 2^30
 * sets the doubled value's sign bit, num_rows <= 0 its own), and mult >= 0 joins the same sign test.
 */
static inline __attribute__((always_inline)) bool kiln_softmax_pairs_args_ok(const void *input, int32_t num_rows,
                                                                             int32_t mult, int32_t shift,
                                                                             const void *output)
{
    return input != NULL && output != NULL &&
           (int32_t)((uint32_t)num_rows | ((uint32_t)num_rows << 1) | (uint32_t)mult) > 0 && (uint32_t)shift <= 31u;
}

/**
 * The start of the DSP and Helium entries after rows of two (KILN_SOFTMAX_TYPED_ENTRIES_PAIRS):
 * the argument checks, then the calls whose outputs do not depend on the data (rows of one
 * element, diff_min > 0: fills). True when the call is complete (or its arguments are invalid:
 * nothing read or written).
 */
static inline __attribute__((always_inline)) bool kiln_softmax_entry_done_dsp(const void *input, int32_t num_rows,
                                                                              int32_t row_size, int32_t mult,
                                                                              int32_t shift, int32_t diff_min,
                                                                              kiln_softmax_kind kind, void *output)
{
    if (!kiln_softmax_args_ok(input, num_rows, row_size, mult, shift, output))
    {
        return true;
    }
    return kiln_softmax_constant_call(num_rows * row_size, row_size, diff_min, kind, output);
}

/*
 * KILN_SOFTMAX_TYPED_ENTRIES for the DSP and Helium kernels. Each kind's entry NAME is a compare and
 * two tail branches: rows of two to NAME_pairs (their own argument checks, kiln_softmax_pairs_dsp()),
 * every other call to NAME_rows (ENTRY). A call of rows of two thus pays neither the frame of the
 * longer rows' kernels (on Helium they save the vector registers) nor their register pressure: the
 * worst row of two is 119 instructions, of which that frame was 6 and a spilled multiplier 2.
 *   - NAME is naked (only the assembly in its body, as clang requires; its parameters are named for
 *     the prototype only): GCC 12, given the two tail calls in C, loads the three stack arguments and
 *     stores them back. Its branch targets are extern functions (their assembly names are exactly
 *     these) in NAME's own section, so that the conditional B.W (1 MB range, no linker veneer)
 *     always reaches.
 *   - A row whose smaller element's exp also rounds to a term of 2^19 (equal elements, say) stops
 *     kiln_softmax_pairs_dsp()'s loop; NAME_pairs_tie (cold) runs that row and returns the next
 *     row's input, and the loop resumes there. No call inside the loop: nothing of it is saved
 *     around one, and the function needs no stack frame.
 */
/* The entries' parameters (the public functions', same order). */
#define KILN_SOFTMAX_ROWS_PARAMS_(TIN, TOUT)                                                                          \
    const TIN *input, int32_t num_rows, int32_t row_size, int32_t mult, int32_t shift, int32_t diff_min, TOUT *output
#define KILN_SOFTMAX_TYPED_ENTRY_PAIRS_(NAME, TIN, TOUT, KIND, ENTRY)                                                 \
    void NAME##_pairs(KILN_SOFTMAX_ROWS_PARAMS_(TIN, TOUT));                                                          \
    void NAME##_rows(KILN_SOFTMAX_ROWS_PARAMS_(TIN, TOUT));                                                           \
    static __attribute__((noinline, cold)) const TIN *NAME##_pairs_tie(const TIN *input, int32_t mult, int32_t shift, \
                                                                       TOUT *output)                                  \
    {                                                                                                                 \
        kiln_softmax_pair_tie_row_dsp(input, mult, shift, KIND, output);                                              \
        return input + 2;                                                                                             \
    }                                                                                                                 \
    __attribute__((noinline, section(".text." #NAME))) void NAME##_pairs(KILN_SOFTMAX_ROWS_PARAMS_(TIN, TOUT))        \
    {                                                                                                                 \
        (void)row_size; /* 2 */                                                                                      \
        if (!kiln_softmax_pairs_args_ok(input, num_rows, mult, shift, output))                                        \
        {                                                                                                             \
            return;                                                                                                   \
        }                                                                                                             \
        const void *in = input;                                                                                       \
        void *out = output;                                                                                           \
        while ((num_rows = kiln_softmax_pairs_dsp(&in, num_rows, mult, shift, diff_min, KIND, &out)) != 0)            \
        {                                                                                                             \
            in = NAME##_pairs_tie((const TIN *)in, mult, shift, (TOUT *)out);                                         \
            out = (TOUT *)out + 2;                                                                                    \
            if (--num_rows == 0)                                                                                      \
            {                                                                                                         \
                break;                                                                                                \
            }                                                                                                         \
        }                                                                                                             \
    }                                                                                                                 \
    __attribute__((noinline, section(".text." #NAME))) void NAME##_rows(KILN_SOFTMAX_ROWS_PARAMS_(TIN, TOUT))         \
    {                                                                                                                 \
        ENTRY(input, num_rows, row_size, mult, shift, diff_min, KIND, output);                                        \
    }                                                                                                                 \
    _Pragma("GCC diagnostic push") _Pragma("GCC diagnostic ignored \"-Wunused-parameter\"")                          \
    __attribute__((naked, section(".text." #NAME))) void NAME(KILN_SOFTMAX_ROWS_PARAMS_(TIN, TOUT))                   \
    {                                                                                                                 \
        __asm__("cmp r2, #2\n\t"                                                                                       \
                "beq.w " #NAME "_pairs\n\t"                                                                            \
                "b.w " #NAME "_rows");                                                                                \
    }                                                                                                                 \
    _Pragma("GCC diagnostic pop")
#define KILN_SOFTMAX_TYPED_ENTRIES_PAIRS(ENTRY)                                                                       \
    KILN_SOFTMAX_TYPED_ENTRY_PAIRS_(kiln_softmax_rows_s8, int8_t, int8_t, KILN_SOFTMAX_S8_TO_S8, ENTRY)               \
    KILN_SOFTMAX_TYPED_ENTRY_PAIRS_(kiln_softmax_rows_s8_s16, int8_t, int16_t, KILN_SOFTMAX_S8_TO_S16, ENTRY)         \
    KILN_SOFTMAX_TYPED_ENTRY_PAIRS_(kiln_softmax_rows_u8, uint8_t, uint8_t, KILN_SOFTMAX_U8_TO_U8, ENTRY)

#endif /* (KILN_BUILD_DSP || KILN_BUILD_MVE) && __ARM_FEATURE_DSP */

#ifdef __cplusplus
}
#endif

#endif /* KILN_SOFTMAX_H */
