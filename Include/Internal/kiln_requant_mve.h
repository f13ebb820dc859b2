/*
 * Kiln internals, Helium only: kiln_requant_s32 (Internal/kiln_requant_s64.h) on four int32 lanes, shared by
 * the int16 depthwise requantization run and kiln_requant_s32_out4; arm_nn_requantize as assembly text for the
 * LSTM's tail-predicated loops.
 */
#ifndef KILN_REQUANT_MVE_H
#define KILN_REQUANT_MVE_H

#include "Internal/kiln_common.h"

#if KILN_BUILD_MVE

/**
 * R = floor((acc * rm + 2^(t - 1)) / 2^t) per lane for any int32 acc, rm = REDUCE_MULTIPLIER(mult) of multipliers
 * >= 0 and t = 15 - sh with sh in [-31, -2] (t in [17, 46]), from the high word of one product: with a >= 0,
 * b >= 1 and a - b = 32 - t,
 *     R = floor((floor(acc * (rm * 2^a) / 2^32) + 2^(b - 1)) / 2^b)        (VMULH, then VRSHL by -b),
 * since 2^(31 + b) is a multiple of 2^32 and floor((floor(y) + c) / d) = floor((y + c) / d) for integer c, d > 0;
 * a = max(18 + sh, 0) keeps rm * 2^a below 2^31 (a <= 16), b = a + t - 32 in [1, 14].
 */
static inline __attribute__((always_inline)) int32x4_t kiln_requant_x4(int32x4_t acc, uint32x4_t mult, int32x4_t sh)
{
    /* REDUCE_MULTIPLIER for multipliers >= 0: min((m + 2^15) >> 16, 0x7FFF), unsigned */
    const int32x4_t rm =
        vreinterpretq_s32_u32(vminq_u32(vshrq_n_u32(vaddq_n_u32(mult, 0x8000u), 16), vdupq_n_u32(0x7FFFu)));
    const int32x4_t k = vaddq_n_s32(sh, 17);                          /* 32 - t */
    const int32x4_t a = vmaxq_s32(vaddq_n_s32(k, 1), vdupq_n_s32(0)); /* a */
    const int32x4_t hi = vmulhq_s32(acc, vshlq_s32(rm, a));
    return vrshlq_s32(hi, vsubq_s32(k, a)); /* -b */
}

/*
 * arm_nn_requantize of the four int32 lanes of q0, in place, as assembly text (q1 scratch) for inline assembly that
 * binds %[ls] (LEFT_SHIFT(shift)), %[m] (the multiplier, >= 0), %[nrs] (-RIGHT_SHIFT(shift)) and %q[vnrs] (nrs in
 * every lane): the wrapping left shift (VSHL), VQRDMULH (a multiplier >= 0 cannot make it saturate, so it is the
 * doubling high multiply without saturation), minus one for negative values where there is a right shift (the sign
 * bit of value & nrs), then the rounding right shift (VRSHL rounds ties up, so ties go away from zero).
 */
#define KILN_MVE_REQUANT_Q0_ASM                                                                                       \
    "  vshl.s32    q0, %[ls]              \n"                                                                         \
    "  vqrdmulh.s32 q0, q0, %[m]          \n"                                                                         \
    "  vand        q1, q0, %q[vnrs]       \n"                                                                         \
    "  vshr.s32    q1, q1, #31            \n"                                                                         \
    "  vqadd.s32   q0, q0, q1             \n"                                                                         \
    "  vrshl.s32   q0, %[nrs]             \n"

#endif /* KILN_BUILD_MVE */

#endif /* KILN_REQUANT_MVE_H */
