/*
 * Kiln — kiln_lstm_acc4_s8 (Include/Internal/kiln_lstm.h), DSP extension: the four rows one at a time as the portable
 * kernel, each wrapped sum requantized by kiln_requant_dsp (SMMLAR on the doubled sum where |sum| < 2^30 and the shift
 * is a right shift, as TFLite's gates have), the destination added with QADD and saturated to int16 by SSAT.
 */
#include <string.h>

#include "Include/Internal/kiln_lstm.h"
#include "Include/Internal/kiln_requant_dsp.h"

#if KILN_BUILD_DSP

void kiln_lstm_acc4_s8(const uint32_t dots[4], const uint8_t *bias_bytes, int32_t multiplier, int32_t shift,
                       int16_t *dst)
{
    const int32_t rs = RIGHT_SHIFT(shift), nudge = kiln_requant_dsp_nudge(rs);
    int32_t b[4];
    memcpy(b, bias_bytes, sizeof(b));
    for (int32_t j = 0; j < 4; j++)
    {
        /* QADD saturates the sum with the destination where it would leave int32 (then far past int16 anyway) */
        const int32_t q = kiln_requant_dsp(kiln_lstm_wrap32((uint32_t)b[j] + dots[j]), multiplier, shift, rs, nudge);
        dst[j] = (int16_t)__ssat(__qadd(dst[j], q), 16);
    }
}

#endif /* KILN_BUILD_DSP */
