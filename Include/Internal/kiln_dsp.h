/*
 * Kiln internals: the DSP-extension (SIMD32) operations the DSP kernels share that have no ACLE intrinsic of
 * their own form: SXTB16 / SXTAB16 of the operand rotated right by 8 (bytes 1 and 3; the rotation is the
 * instruction's operand field, which GCC does not fold a separate ROR into), the halfword packs PKHBT / PKHTB and
 * the most-significant-word multiplies SMMUL / SMMULR / SMMLAR / SMMLSR (one instruction each); and the lane-wise maximum
 * and clamp of packed int8 / int16 words (SSUB8 / SSUB16 set the GE flags, SEL picks).
 */
#ifndef KILN_DSP_H
#define KILN_DSP_H

#include <stdint.h>

#if defined(__ARM_FEATURE_DSP) && __ARM_FEATURE_DSP

#include <arm_acle.h>

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

/** v's low halfword in both halfwords (an int16 bound for the halfword-pair clamps below). */
static inline int32_t kiln_dup_s16x2(int32_t v)
{
    return (int32_t)(0x00010001u * (uint16_t)v);
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

/** floor(a * b / 2^32), the high word of the product: SMMUL. */
static inline int32_t kiln_smmul(int32_t a, int32_t b)
{
    int32_t r;
    __asm__("smmul %0, %1, %2" : "=r"(r) : "r"(a), "r"(b));
    return r;
}

/** (a * b + 2^31) >> 32: SMMULR. */
static inline int32_t kiln_smmulr(int32_t a, int32_t b)
{
    int32_t r;
    __asm__("smmulr %0, %1, %2" : "=r"(r) : "r"(a), "r"(b));
    return r;
}

/** (c * 2^32 + a * b + 2^31) >> 32, that is c + SMMULR(a, b): SMMLAR. */
static inline int32_t kiln_smmlar(int32_t a, int32_t b, int32_t c)
{
    int32_t r;
    __asm__("smmlar %0, %1, %2, %3" : "=r"(r) : "r"(a), "r"(b), "r"(c));
    return r;
}

/** (acc * 2^32 - a * b + 2^31) >> 32: SMMLSR. */
static inline int32_t kiln_smmlsr(int32_t a, int32_t b, int32_t acc)
{
    int32_t r;
    __asm__("smmlsr %0, %1, %2, %3" : "=r"(r) : "r"(a), "r"(b), "r"(acc));
    return r;
}

/** The larger of each halfword pair of a and b (signed). */
static inline int32_t kiln_max_s16x2(int32_t a, int32_t b)
{
    (void)__ssub16(a, b);
    return (int32_t)__sel(a, b);
}

/** Both halfwords of w clamped to [lo, hi]; lo2 / hi2 hold the bounds in both halfwords. */
static inline int32_t kiln_clamp_s16x2(int32_t w, int32_t lo2, int32_t hi2)
{
    w = kiln_max_s16x2(w, lo2);
    (void)__ssub16(hi2, w); /* lanes with w <= hi keep w */
    return (int32_t)__sel(w, hi2);
}

/** The four bytes of w clamped to [lo, hi]; lo4 / hi4 hold the bounds in every byte. */
static inline int32_t kiln_clamp_s8x4(int32_t w, int32_t lo4, int32_t hi4)
{
    (void)__ssub8(w, lo4); /* lanes with w >= lo keep w */
    w = (int32_t)__sel(w, lo4);
    (void)__ssub8(hi4, w); /* lanes with w <= hi keep w */
    return (int32_t)__sel(w, hi4);
}

#endif /* __ARM_FEATURE_DSP */

#endif /* KILN_DSP_H */
