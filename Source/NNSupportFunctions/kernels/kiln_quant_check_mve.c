/* Kiln — the per-channel requantization parameter checks (kiln_quant_ok, kiln_shifts_within), Helium (MVE). */
#include "Include/Internal/kiln_common.h"

#if KILN_BUILD_MVE

bool kiln_quant_ok(const int32_t *mult, const int32_t *shift, int32_t n)
{
    /* As the portable loop (the sign bits of m, shift + 31 and 30 - shift ORed), four channels
     * per step; lanes past n load zeros, which pass. */
    uint32x4_t bad = vdupq_n_u32(0);
    for (int32_t c = 0; c < n; c += 4)
    {
        const mve_pred16_t p = vctp32q((uint32_t)(n - c));
        const uint32x4_t sh = vldrwq_z_u32((const uint32_t *)shift + c, p);
        const uint32x4_t m = vldrwq_z_u32((const uint32_t *)mult + c, p);
        bad = vorrq_u32(bad, vorrq_u32(m, vorrq_u32(vaddq_n_u32(sh, 31u), vsubq_u32(vdupq_n_u32(30u), sh))));
    }
    return vmaxvq_u32(0u, bad) < 0x80000000u;
}

bool kiln_shifts_within(const int32_t *shift, int32_t n, int32_t lo, int32_t hi)
{
    /* As the portable loop, four channels per step; lanes past n are left out of the OR. */
    uint32x4_t bad = vdupq_n_u32(0);
    for (int32_t c = 0; c < n; c += 4)
    {
        const mve_pred16_t p = vctp32q((uint32_t)(n - c));
        const uint32x4_t sh = vldrwq_z_u32((const uint32_t *)shift + c, p);
        const uint32x4_t d = vorrq_u32(vsubq_n_u32(sh, (uint32_t)lo), vsubq_u32(vdupq_n_u32((uint32_t)hi), sh));
        bad = vorrq_m_u32(bad, bad, d, p);
    }
    return vmaxvq_u32(0u, bad) < 0x80000000u;
}

#endif
