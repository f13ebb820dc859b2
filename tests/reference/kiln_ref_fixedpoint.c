/*
 * Kiln reference: fixed-point primitives (gemmlowp / TFLite rounding rules).
 *
 * Every function works on exact 64-bit intermediates and states its rounding rule. Nothing here
 * relies on implementation-defined behaviour: right shifts of negative numbers go through
 * floor_div_pow2, and 32-bit wrap-around (which TFLite's int32 arithmetic has on every target) is
 * spelled out with unsigned arithmetic.
 */
#include "kiln_ref_internal.h"

int64_t kiln_ref_floor_div_pow2(int64_t v, int32_t s)
{
    /* floor(v / 2^s) for 0 <= s <= 62. For v < 0: floor(v / 2^s) = -ceil(-v / 2^s)
     * = -(floor((-v - 1) / 2^s) + 1), and -v - 1 = -(v + 1) never overflows. */
    if (v >= 0)
    {
        return v >> s;
    }
    return -((-(v + 1)) >> s) - 1;
}

int32_t kiln_ref_wrap32(int64_t v)
{
    /* The low 32 bits of v read as two's complement, i.e. what a 32-bit register holds. */
    const uint32_t u = (uint32_t)((uint64_t)v & 0xFFFFFFFFu);
    if (u <= (uint32_t)INT32_MAX)
    {
        return (int32_t)u;
    }
    return (int32_t)(u - 0x80000000u) + INT32_MIN;
}

int32_t kiln_ref_clamp32(int64_t v, int32_t lo, int32_t hi)
{
    if (v < lo)
    {
        return lo;
    }
    if (v > hi)
    {
        return hi;
    }
    return (int32_t)v;
}

int32_t kiln_ref_sat_rounding_doubling_high_mul(int32_t a, int32_t b)
{
    /* The one product whose doubled high half does not fit: (-1) * (-1) in Q31 is +1. */
    if (a == INT32_MIN && b == INT32_MIN)
    {
        return INT32_MAX;
    }
    const int64_t product = (int64_t)a * (int64_t)b; /* |product| <= 2^62: exact */
    /* Rounding: add 2^30 (half of 2^31) to a non-negative product and 1 - 2^30 to a negative one,
     * then divide by 2^31 truncating toward zero (C division). For product >= 0 that is
     * floor((p + 2^30) / 2^31); for p < 0 truncation is a ceiling, and
     * ceil((p - 2^30 + 1) / 2^31) = floor((p + 2^30) / 2^31) as well. So the result is
     * floor(p / 2^31 + 1/2): nearest, ties toward +infinity (-0.5 -> 0, +0.5 -> 1), the rounding
     * of Arm's VQRDMULH. */
    const int64_t nudge = (product >= 0) ? ((int64_t)1 << 30) : (1 - ((int64_t)1 << 30));
    return (int32_t)((product + nudge) / ((int64_t)1 << 31));
}

int32_t kiln_ref_rounding_divide_by_pot(int32_t x, int32_t exponent)
{
    if (exponent < 0)
    {
        exponent = 0;
    }
    if (exponent > 62)
    {
        exponent = 62;
    }
    /* Rounding: x / 2^e to nearest, ties away from zero (gemmlowp's mask/remainder/threshold):
     * q = floor(x / 2^e), remainder r = x - q*2^e in [0, 2^e). Round q up when r exceeds the
     * threshold: (2^e - 1) >> 1 for x >= 0 (so a tie, r = 2^(e-1), rounds up = away from zero),
     * one more for x < 0 (so a tie stays at q = away from zero). */
    const int64_t pow2 = (int64_t)1 << exponent;
    const int64_t mask = pow2 - 1;
    const int64_t q = kiln_ref_floor_div_pow2(x, exponent);
    const int64_t remainder = (int64_t)x - q * pow2;
    const int64_t threshold = (mask >> 1) + ((x < 0) ? 1 : 0);
    return (int32_t)(q + ((remainder > threshold) ? 1 : 0));
}

int32_t kiln_ref_saturating_rounding_multiply_by_pot(int32_t x, int32_t exponent)
{
    if (exponent == 0)
    {
        return x;
    }
    if (exponent < 0)
    {
        return kiln_ref_rounding_divide_by_pot(x, -exponent);
    }
    /* Saturating left shift: x * 2^e clamped to [INT32_MIN, INT32_MAX] (identical to gemmlowp's
     * threshold test |x| > 2^(31-e) - 1). Beyond 31 every nonzero x saturates anyway. */
    if (exponent > 31)
    {
        exponent = 31;
    }
    return kiln_ref_clamp32((int64_t)x * ((int64_t)1 << exponent), INT32_MIN, INT32_MAX);
}

int32_t kiln_ref_shift_left_wrapping(int32_t x, int32_t left_shift)
{
    /* TFLite computes x * (1 << left_shift) in int32; a result that does not fit wraps. */
    if (left_shift <= 0)
    {
        return x;
    }
    if (left_shift >= 32)
    {
        return 0; /* every bit shifted out of the 32-bit register */
    }
    return kiln_ref_wrap32((int64_t)x * ((int64_t)1 << left_shift));
}

int32_t kiln_ref_multiply_by_quantized_multiplier(int32_t acc, int32_t mult, int32_t shift)
{
    /* TFLite reference (double rounding): left shift first (exact unless it overflows), then the
     * doubling high multiply (rounds to nearest, ties toward +infinity), then the rounding right
     * shift (rounds to nearest, ties away from zero). */
    const int32_t left_shift = (shift > 0) ? shift : 0;
    const int32_t right_shift = (shift > 0) ? 0 : -shift;
    const int32_t scaled = kiln_ref_shift_left_wrapping(acc, left_shift);
    return kiln_ref_rounding_divide_by_pot(kiln_ref_sat_rounding_doubling_high_mul(scaled, mult), right_shift);
}

int32_t kiln_ref_multiply_by_quantized_multiplier_s64(int64_t acc, int32_t mult, int32_t shift)
{
    /* TFLite's int64 overload. The multiplier is first reduced to 16 bits, rounding half up:
     * (mult + 2^15) >> 16, except that multipliers >= 0x7FFF0000 (which would round to 2^15, out
     * of int16 range) become 0x7FFF. Then one rounding shift of the 64-bit product:
     * (acc * reduced + 2^(total - 1)) >> total with total = 15 - shift, the shift being an
     * arithmetic (flooring) one: nearest, ties toward +infinity. */
    if (shift > 14)
    {
        shift = 14;
    }
    if (shift < -47)
    {
        shift = -47;
    }
    const int64_t reduced =
        (mult < 0x7FFF0000) ? kiln_ref_floor_div_pow2((int64_t)mult + ((int64_t)1 << 15), 16) : (int64_t)0x7FFF;
    const int32_t total_shift = 15 - shift; /* 1 .. 62 */
    const int64_t rounded = acc * reduced + ((int64_t)1 << (total_shift - 1));
    return kiln_ref_wrap32(kiln_ref_floor_div_pow2(rounded, total_shift));
}

int32_t kiln_ref_multiply_by_quantized_multiplier_greater_than_one(int32_t x, int32_t mult, int32_t left_shift)
{
    /* TFLite: SRDHM(x * (1 << left_shift), mult); no right shift, so one rounding (SRDHM's:
     * nearest, ties toward +infinity). */
    return kiln_ref_sat_rounding_doubling_high_mul(kiln_ref_shift_left_wrapping(x, left_shift), mult);
}

/* ---------------------------------------------------------------------------------------------
 * gemmlowp fixed-point functions. A "Qm" number below has m integer bits and 31 - m fractional
 * bits in an int32 (Q0 = Q0.31, Q2 = Q2.29, Q5 = Q5.26 ...). The product of a Qa and a Qb number
 * is SRDHM of the raw values, a Q(a+b) number. Changing the format of a number from Qa to Qb is
 * saturating_rounding_multiply_by_pot(raw, a - b) ("Rescale").
 * ------------------------------------------------------------------------------------------- */

static int32_t fp_mul(int32_t a, int32_t b)
{
    return kiln_ref_sat_rounding_doubling_high_mul(a, b);
}

/* exp(a) for a Q0.31 number a in [-1/4, 0): fourth-order Taylor expansion around -1/8, in
 * gemmlowp's exact order of operations. */
static int32_t exp_on_interval_between_negative_one_quarter_and_0_excl(int32_t a)
{
    const int32_t exp_of_minus_one_eighth = 1895147668; /* exp(-1/8) * 2^31, rounded */
    const int32_t one_third = 715827883;                /* 2^31 / 3, rounded */
    const int32_t x = a + (1 << 28);                    /* x = a + 1/8, in [-1/8, 1/8) */
    const int32_t x2 = fp_mul(x, x);
    const int32_t x3 = fp_mul(x2, x);
    const int32_t x4 = fp_mul(x2, x2);
    const int32_t x4_over_4 = kiln_ref_rounding_divide_by_pot(x4, 2);
    /* ((x^4/4 + x^3) / 3 + x^2) / 2 = x^4/24 + x^3/6 + x^2/2 */
    const int32_t poly = kiln_ref_rounding_divide_by_pot(fp_mul(x4_over_4 + x3, one_third) + x2, 1);
    return exp_of_minus_one_eighth + fp_mul(exp_of_minus_one_eighth, x + poly);
}

int32_t kiln_ref_exp_on_negative_values(int32_t a, int32_t integer_bits)
{
    if (integer_bits < 0)
    {
        integer_bits = 0;
    }
    if (integer_bits > 29)
    {
        integer_bits = 29; /* one quarter must be representable */
    }
    if (a >= 0)
    {
        return INT32_MAX; /* exp(0) = 1, which Q0.31 holds as its largest value; a > 0 is outside the domain */
    }
    const int32_t frac_bits = 31 - integer_bits;
    const int32_t quarter_shift = frac_bits - 2;
    const int32_t quarter = (int32_t)1 << quarter_shift; /* 1/4 in Q(integer_bits) */

    /* Split a = r + k/4 with r in [-1/4, 0) and k <= 0 whole quarters: r = (a mod 1/4) - 1/4. */
    const int32_t a_mod_quarter = (int32_t)((int64_t)a - kiln_ref_floor_div_pow2(a, quarter_shift) * quarter);
    const int32_t r = a_mod_quarter - quarter;
    int32_t result =
        exp_on_interval_between_negative_one_quarter_and_0_excl(kiln_ref_saturating_rounding_multiply_by_pot(r, integer_bits));

    /* remainder = r - a >= 0 is the rest of |a| in whole quarters; each set bit 2^e of it
     * (e = -2 .. 4, i.e. 1/4 .. 16) multiplies the result by exp(-2^e), in Q0.31. gemmlowp has a
     * stage only where the format can hold 2^e, i.e. integer_bits > e. */
    static const int32_t exp_of_minus_pow2[7] = {
        1672461947, /* exp(-1/4) */
        1302514674, /* exp(-1/2) */
        790015084,  /* exp(-1)   */
        290630308,  /* exp(-2)   */
        39332535,   /* exp(-4)   */
        720401,     /* exp(-8)   */
        242,        /* exp(-16)  */
    };
    const int32_t remainder = r - a;
    for (int32_t e = -2; e <= 4; e++)
    {
        if (integer_bits > e)
        {
            const int32_t bit = frac_bits + e;
            if ((remainder & ((int32_t)1 << bit)) != 0)
            {
                result = fp_mul(result, exp_of_minus_pow2[e + 2]);
            }
        }
    }
    /* Formats wide enough to hold values below -32 return 0 there (exp(-32) < 2^-31). */
    if (integer_bits > 5)
    {
        const int32_t minus_32 = -((int32_t)1 << (36 - integer_bits));
        if (a < minus_32)
        {
            result = 0;
        }
    }
    return result;
}

static int32_t rounding_half_sum(int32_t a, int32_t b)
{
    /* (a + b) / 2 rounded to nearest, ties away from zero: (sum + sign(sum)) / 2 truncating. */
    const int64_t sum = (int64_t)a + (int64_t)b;
    const int64_t sign = (sum >= 0) ? 1 : -1;
    return (int32_t)((sum + sign) / 2);
}

int32_t kiln_ref_one_over_one_plus_x_for_x_in_0_1(int32_t a)
{
    /* Newton-Raphson on the half denominator d = (1 + a)/2 in [1/2, 1): x ~ 1/d in Q2.29,
     * starting from 48/17 - 32/17 * d, three iterations x += x * (1 - d*x). 1/(1+a) = x/2. */
    const int32_t half_denominator = rounding_half_sum(a, INT32_MAX); /* Q0.31 "one" is INT32_MAX */
    const int32_t constant_48_over_17 = 1515870810;                  /* Q2.29 */
    const int32_t constant_neg_32_over_17 = -1010580540;             /* Q2.29 */
    const int32_t one_q2 = (int32_t)1 << 29;                         /* 1.0 in Q2.29 */
    int32_t x = constant_48_over_17 + fp_mul(half_denominator, constant_neg_32_over_17);
    for (int i = 0; i < 3; i++)
    {
        const int32_t half_denominator_times_x = fp_mul(half_denominator, x);          /* Q2.29 */
        const int32_t one_minus_half_denominator_times_x = one_q2 - half_denominator_times_x; /* Q2.29 */
        /* Q2 * Q2 = Q4.27, rescaled to Q2.29 by a saturating left shift of 2 */
        x = x + kiln_ref_saturating_rounding_multiply_by_pot(fp_mul(x, one_minus_half_denominator_times_x), 2);
    }
    /* x/2 is the same raw value read as Q1.30; rescale Q1.30 -> Q0.31 (saturating shift by 1). */
    return kiln_ref_saturating_rounding_multiply_by_pot(x, 1);
}

/* ---- int64 requantization of the int16 kernels, exact (128-bit) ------------------------------- */

/* A signed 128-bit value hi * 2^64 + lo (enough for acc * rm * 2^15). */
typedef struct
{
    int64_t hi;
    uint64_t lo;
} w128;

static w128 w_from(int64_t v)
{
    const w128 r = {v < 0 ? -1 : 0, (uint64_t)v};
    return r;
}

static w128 w_add(w128 a, w128 b)
{
    w128 r;
    r.lo = a.lo + b.lo;
    r.hi = a.hi + b.hi + (r.lo < a.lo ? 1 : 0);
    return r;
}

/* a * m, 0 <= m <= 2^16. */
static w128 w_mul(w128 a, uint32_t m)
{
    const uint64_t p0 = (a.lo & 0xFFFFFFFFu) * m;
    const uint64_t p1 = (a.lo >> 32) * m + (p0 >> 32);
    w128 r;
    r.lo = (p0 & 0xFFFFFFFFu) | (p1 << 32);
    r.hi = a.hi * (int64_t)m + (int64_t)(p1 >> 32);
    return r;
}

/* floor(a / 2^t), 1 <= t <= 63. */
static w128 w_sar(w128 a, int t)
{
    w128 r;
    r.lo = (a.lo >> t) | ((uint64_t)a.hi << (64 - t));
    r.hi = a.hi >= 0 ? a.hi >> t : -((-(a.hi + 1)) >> t) - 1;
    return r;
}

/* The value clamped to [-2^40, 2^40] (beyond that every int16 output is clamped alike). */
static int64_t w_clamp40(w128 a)
{
    const int64_t big = (int64_t)1 << 40;
    if (a.hi > 0 || (a.hi == 0 && a.lo > (uint64_t)big))
    {
        return big;
    }
    if (a.hi < -1 || (a.hi == -1 && a.lo < (uint64_t)0 - (uint64_t)big))
    {
        return -big;
    }
    return a.hi == 0 ? (int64_t)a.lo : -(int64_t)(~a.lo) - 1;
}

static int64_t requant_wide(w128 acc, int32_t mult, int32_t shift)
{
    const int32_t rm = mult < 0x7FFF0000 ? (mult + 32768) >> 16 : 0x7FFF;
    const int t = 15 - shift;
    w128 p = w_mul(acc, (uint32_t)rm);
    if (t <= 0)
    {
        p = w_mul(p, 1u << -t);
    }
    else
    {
        p = w_sar(w_add(p, w_from((int64_t)1 << (t - 1))), t);
    }
    return w_clamp40(p);
}

int64_t kiln_ref_requantize_s64_wide(int64_t sum, int64_t bias, int32_t multiplier, int32_t shift)
{
    return requant_wide(w_add(w_from(sum), w_from(bias)), multiplier, shift);
}
