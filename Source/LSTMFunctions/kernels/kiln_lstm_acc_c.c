/*
 * Kiln — kiln_lstm_acc4_s8 (Include/Internal/kiln_lstm.h) on the backends without Helium: the four rows one at a
 * time, each requantized by kiln_rq32_apply (one SMMLAR for the usual sums on the DSP) and added to its destination
 * with saturation (QADD and SSAT on the DSP).
 */
#include <string.h>

#include "Include/Internal/kiln_common.h"
#include "Include/Internal/kiln_lstm.h"
#include "Include/Internal/kiln_requantize.h"

#if !KILN_BUILD_MVE /* Helium: kiln_lstm_acc_mve.c */

void kiln_lstm_acc4_s8(const uint32_t dots[4], const uint8_t *bias_bytes, int32_t multiplier, int32_t shift,
                       int16_t *dst)
{
    const kiln_rq32 q = kiln_rq32_make(multiplier, shift);
    int32_t b[4];
    memcpy(b, bias_bytes, sizeof(b));
    for (int32_t j = 0; j < 4; j++)
    {
        const int32_t r = kiln_rq32_apply(&q, kiln_lstm_wrap32((uint32_t)b[j] + dots[j]));
        dst[j] = (int16_t)kiln_sat16(kiln_add_sat32(dst[j], r));
    }
}

#endif /* !KILN_BUILD_MVE */
