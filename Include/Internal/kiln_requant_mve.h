/*
 * Kiln internals, Helium only: kiln_requant_s32_split (Internal/kiln_requant_s64.h) on four int32 lanes, shared by
 * the int16 depthwise requantization run and kiln_requant_s32_out4.
 */
#ifndef KILN_REQUANT_MVE_H
#define KILN_REQUANT_MVE_H

#include "Internal/kiln_common.h"

#if KILN_BUILD_MVE

/**
 * R = floor((acc * rm + 2^(t - 1)) / 2^t) per lane, rm = REDUCE_MULTIPLIER(mult) of multipliers >= 0, t = 15 - sh
 * with sh <= -2: (ah * rm + ((al * rm) >> 16) + 2^(t - 17)) >> (t - 16), acc = ah * 2^16 + al, every term within
 * int32 (see kiln_requant_s32_split).
 */
static inline __attribute__((always_inline)) int32x4_t kiln_requant_split_x4(int32x4_t acc, uint32x4_t mult,
                                                                             int32x4_t sh)
{
    /* REDUCE_MULTIPLIER for multipliers >= 0: min((m + 2^15) >> 16, 0x7FFF), unsigned */
    const int32x4_t rm =
        vreinterpretq_s32_u32(vminq_u32(vshrq_n_u32(vaddq_n_u32(mult, 0x8000u), 16), vdupq_n_u32(0x7FFFu)));
    const int32x4_t ah = vshrq_n_s32(acc, 16);
    const int32x4_t al = vandq_s32(acc, vdupq_n_s32(0xFFFF));
    int32x4_t v = vaddq_s32(vmulq_s32(ah, rm), vshrq_n_s32(vmulq_s32(al, rm), 16));
    v = vaddq_s32(v, vshlq_s32(vdupq_n_s32(1), vsubq_s32(vdupq_n_s32(-2), sh))); /* + 2^(t - 17) */
    return vshlq_s32(v, vaddq_n_s32(sh, 1));                                       /* >> (t - 16), floor */
}

#endif /* KILN_BUILD_MVE */

#endif /* KILN_REQUANT_MVE_H */
