/*
 * Kiln internals: arm_nn_requantize with its per-call constants worked out once, for the scalar loops that
 * requantize many values with one multiplier and shift (the LSTM's gates and cell updates, the SVDF's state column
 * and outputs on the portable and DSP backends), and the saturations those loops end with (one DSP instruction each
 * where the core has the extension). Where a 32-bit sum saturates, the exact one lies past any int16 clamp too, so
 * saturating first and clamping after gives the int64 results.
 */
#ifndef KILN_REQUANTIZE_H
#define KILN_REQUANTIZE_H

#include "Internal/kiln_common.h"
#include "Internal/kiln_dsp.h"
#include "arm_nnsupportfunctions.h"

/** A multiplier (>= 0) and shift, with the rounding constant 2^(rs - 1) of a right shift rs (0 without one). */
typedef struct
{
    int32_t mult, shift, rs, nudge;
} kiln_rq32;

static inline kiln_rq32 kiln_rq32_make(int32_t mult, int32_t shift)
{
    const int32_t rs = RIGHT_SHIFT(shift);
    const kiln_rq32 q = {mult, shift, rs, rs > 0 ? (int32_t)(1u << (uint32_t)(rs - 1)) : 0};
    return q;
}

/**
 * arm_nn_requantize(acc, q->mult, q->shift). Where the core has the DSP extension, for a right shift and
 * |acc| < 2^30 (the usual sums and products): SMMLAR(2 acc, mult, 2^(rs - 1)) is the doubling high multiply (2 acc
 * fits) plus the rounding constant in one instruction; since mult >= 0 the product is negative exactly when acc is
 * (or rounds to 0), so subtracting one for acc < 0 before the shift makes its ties go away from zero, as
 * arm_nn_divide_by_power_of_two rounds. Other operands, and cores without the extension, take arm_nn_requantize.
 */
static inline int32_t kiln_rq32_apply(const kiln_rq32 *q, int32_t acc)
{
#if defined(__ARM_FEATURE_DSP) && __ARM_FEATURE_DSP
    if (q->rs > 0 && (uint32_t)acc + (1u << 30) < (1u << 31))
    {
        /* |y| < 2^30 + 2^30 */
        return (kiln_smmlar(acc * 2, q->mult, q->nudge) + (acc >> 31)) >> q->rs;
    }
#endif
    return arm_nn_requantize(acc, q->mult, q->shift);
}

/** a + b saturated to int32 (QADD where the core has the DSP extension). */
static inline int32_t kiln_add_sat32(int32_t a, int32_t b)
{
#if defined(__ARM_FEATURE_DSP) && __ARM_FEATURE_DSP
    return __qadd(a, b);
#else
    const int64_t v = (int64_t)a + b;
    return (int32_t)(v < INT32_MIN ? INT32_MIN : (v > INT32_MAX ? INT32_MAX : v));
#endif
}

/** v saturated to int16 (SSAT where the core has the DSP extension). */
static inline int32_t kiln_sat16(int32_t v)
{
#if defined(__ARM_FEATURE_DSP) && __ARM_FEATURE_DSP
    return __ssat(v, 16);
#else
    return v < INT16_MIN ? INT16_MIN : (v > INT16_MAX ? INT16_MAX : v);
#endif
}

#endif /* KILN_REQUANTIZE_H */
