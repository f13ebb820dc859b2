/*
 * Kiln — kiln_requant_s32_out4 (Include/Internal/kiln_requant_s64.h), Helium: the four outputs on four int32 lanes
 * (kiln_requant_x4), the offset, the clamp and a narrowing store.
 */
#include "Include/Internal/kiln_requant_mve.h"
#include "Include/Internal/kiln_requant_s64.h"

#if KILN_BUILD_MVE

void kiln_requant_s32_out4(const int32_t acc[4], const int32_t mult[4], const int32_t shift[4], int32_t out_offset,
                           int32_t lo, int32_t hi, int16_t dst[4])
{
    int32x4_t v = kiln_requant_x4(vldrwq_s32(acc), vldrwq_u32((const uint32_t *)(const void *)mult),
                                        vldrwq_s32(shift));
    v = vaddq_n_s32(v, out_offset);
    vstrhq_s32(dst, vminq_s32(vmaxq_s32(v, vdupq_n_s32(lo)), vdupq_n_s32(hi)));
}

#endif /* KILN_BUILD_MVE */
