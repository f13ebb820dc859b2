/*
 * Kiln — the int16 depthwise convolution's requantization in 32-bit lanes, Helium (kiln_dw_s16_requant_run,
 * Include/Internal/kiln_dw_s16.h): four channels per vector, the int64 biases' low words gathered, the reduced
 * multipliers formed per lane, the exact split form of the rounding shift, the offset, clamp and a narrowing
 * store. The same outputs as kiln_requant_s64 for the calls kiln_dw_s16_kernel_c sends here.
 */
#include "Include/Internal/kiln_dw_s16.h"
#include "Include/Internal/kiln_requant_mve.h"

#if KILN_BUILD_MVE

void kiln_dw_s16_requant_run(const int32_t *sums, int32_t n, const kiln_dw_s16_args *a, int32_t c0, int16_t *out)
{
    const int32x4_t lo = vdupq_n_s32(a->act_min), hi = vdupq_n_s32(a->act_max);
    const uint32x4_t low_words = vmulq_n_u32(vidupq_n_u32(0u, 1), 2u); /* word offsets 0, 2, 4, 6 */
    const int32_t *mult = a->mult + c0, *shift = a->shift + c0;
    const int64_t *bias = a->bias != NULL ? a->bias + c0 : NULL;
    const int32_t out_off = a->output_offset;
    for (int32_t c = 0; c < n; c += 4)
    {
        const mve_pred16_t p = vctp32q((uint32_t)(n - c));
        int32x4_t acc = vldrwq_z_s32(sums + c, p);
        if (bias != NULL)
        {
            /* |bias| <= 2^30: its low word is its value */
            acc = vaddq_s32(acc, vldrwq_gather_shifted_offset_z_s32((const int32_t *)(const void *)(bias + c),
                                                                     low_words, p));
        }
        const uint32x4_t m = vldrwq_z_u32((const uint32_t *)(const void *)(mult + c), p);
        int32x4_t v = kiln_requant_split_x4(acc, m, vldrwq_z_s32(shift + c, p)); /* shifts <= -2 */
        v = vaddq_n_s32(v, out_off);
        vstrhq_p_s32(out + c, vminq_s32(vmaxq_s32(v, lo), hi), p);
    }
}

#endif /* KILN_BUILD_MVE */
