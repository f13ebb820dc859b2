/*
 * Kiln internals: the DSP-extension (SIMD32) operations the DSP kernels share that have no ACLE intrinsic of
 * their own form: SXTB16 / SXTAB16 of the operand rotated right by 8 (bytes 1 and 3; the rotation is the
 * instruction's operand field, which GCC does not fold a separate ROR into) and the halfword packs PKHBT / PKHTB.
 * One instruction each.
 */
#ifndef KILN_DSP_H
#define KILN_DSP_H

#include <stdint.h>

#if defined(__ARM_FEATURE_DSP) && __ARM_FEATURE_DSP

/** (sign-extended byte 1, byte 3) of x as halfwords. */
static inline int32_t kiln_sxtb16_ror8(int32_t x)
{
    int32_t r;
    __asm__("sxtb16 %0, %1, ror #8" : "=r"(r) : "r"(x));
    return r;
}

/** acc plus (sign-extended byte 1, byte 3) of x, halfword by halfword. */
static inline int32_t kiln_sxtab16_ror8(int32_t acc, int32_t x)
{
    int32_t r;
    __asm__("sxtab16 %0, %1, %2, ror #8" : "=r"(r) : "r"(acc), "r"(x));
    return r;
}

/** (low halfword of a, low halfword of b): PKHBT. */
static inline int32_t kiln_pack_lo16(int32_t a, int32_t b)
{
    int32_t r;
    __asm__("pkhbt %0, %1, %2, lsl #16" : "=r"(r) : "r"(a), "r"(b));
    return r;
}

/** (high halfword of a, high halfword of b): PKHTB. */
static inline int32_t kiln_pack_hi16(int32_t a, int32_t b)
{
    int32_t r;
    __asm__("pkhtb %0, %1, %2, asr #16" : "=r"(r) : "r"(b), "r"(a));
    return r;
}

#endif /* __ARM_FEATURE_DSP */

#endif /* KILN_DSP_H */
