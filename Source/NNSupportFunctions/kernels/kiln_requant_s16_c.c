/*
 * Kiln — kiln_requant_s32_out4 (Include/Internal/kiln_requant_s64.h) on the backends without Helium: the four
 * outputs one at a time through kiln_requant_s32_out.
 */
#include "Include/Internal/kiln_common.h"
#include "Include/Internal/kiln_requant_s64.h"

#if !KILN_BUILD_MVE /* Helium: kiln_requant_s16_mve.c */

void kiln_requant_s32_out4(const int32_t acc[4], const int32_t mult[4], const int32_t shift[4], int32_t out_offset,
                           int32_t lo, int32_t hi, int16_t dst[4])
{
    for (int32_t j = 0; j < 4; j++)
    {
        dst[j] = kiln_requant_s32_out(acc[j], REDUCE_MULTIPLIER(mult[j]), shift[j], out_offset, lo, hi);
    }
}

#endif /* !KILN_BUILD_MVE */
