/* Kiln — the per-channel requantization parameter checks (kiln_quant_ok, kiln_shifts_within), portable C and DSP
 * builds. */
#include "Include/Internal/kiln_common.h"

#if KILN_BUILD_C || KILN_BUILD_DSP

bool kiln_quant_ok(const int32_t *mult, const int32_t *shift, int32_t n)
{
    /* The sign bits of m, shift + 31 and 30 - shift (wrapping) ORed over the channels: all clear
     * exactly when every m >= 0 and every shift is within [-31, 30]. No branch per channel. */
    uint32_t bad = 0;
    for (int32_t c = 0; c < n; c++)
    {
        const uint32_t sh = (uint32_t)shift[c];
        bad |= (uint32_t)mult[c] | (sh + 31u) | (30u - sh);
    }
    return (bad >> 31) == 0;
}

bool kiln_shifts_within(const int32_t *shift, int32_t n, int32_t lo, int32_t hi)
{
    /* The sign bits of shift - lo and hi - shift ORed (no overflow within [-31, 30]). */
    uint32_t bad = 0;
    for (int32_t c = 0; c < n; c++)
    {
        const uint32_t sh = (uint32_t)shift[c];
        bad |= (sh - (uint32_t)lo) | ((uint32_t)hi - sh);
    }
    return (bad >> 31) == 0;
}

#endif
