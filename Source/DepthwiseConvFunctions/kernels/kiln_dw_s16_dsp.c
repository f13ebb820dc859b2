/*
 * Kiln — the int16 depthwise convolution's requantization run, DSP extension (kiln_dw_s16_requant_run,
 * Include/Internal/kiln_dw_s16.h): two channels a step, each window sum plus its bias times the channel's
 * one-product multiplier (SMMULR), the offset, both saturated to int16 (SSAT) and packed, clamped as a halfword
 * pair (SSUB16 / SEL) and stored as one word.
 */
#include "Include/Internal/kiln_dsp.h"
#include "Include/Internal/kiln_dw_s16.h"
#include "Include/arm_nnsupportfunctions.h"

#if KILN_BUILD_DSP

/* One output, as the pair loop computes it. */
static inline int32_t kiln_dw_s16_rq_one(int32_t sum, int32_t b, int32_t m, int32_t out_offset)
{
    /* |sum| < 2^30 and |b| <= 2^30: their sum is an int32; |R| < 2^29 */
    return __ssat(kiln_smmulr(sum + b, m) + out_offset, 16);
}

void kiln_dw_s16_requant_run(const int32_t *sums, int32_t n, const kiln_dw_s16_rq *rq, int32_t c0, int32_t out_offset,
                             int32_t lo, int32_t hi, int16_t *out)
{
    const int32_t *m = rq->m + c0, *b = rq->b + c0;
    /* saturating to int16 first clamps nothing [lo, hi] keeps (both within int16) */
    const int32_t lo2 = (int32_t)(((uint32_t)lo & 0xFFFFu) | ((uint32_t)lo << 16));
    const int32_t hi2 = (int32_t)(((uint32_t)hi & 0xFFFFu) | ((uint32_t)hi << 16));
    int32_t j = 0;
    for (; j + 2 <= n; j += 2)
    {
        const int32_t v0 = kiln_dw_s16_rq_one(sums[j], b[j], m[j], out_offset);
        const int32_t v1 = kiln_dw_s16_rq_one(sums[j + 1], b[j + 1], m[j + 1], out_offset);
        arm_nn_write_q15x2_ia(&out, kiln_clamp_s16x2(kiln_pack_lo16(v0, v1), lo2, hi2));
    }
    if (j < n)
    {
        const int32_t v = kiln_dw_s16_rq_one(sums[j], b[j], m[j], out_offset);
        *out = (int16_t)(v < lo ? lo : (v > hi ? hi : v));
    }
}

#endif /* KILN_BUILD_DSP */
