/*
 * Kiln — kiln_lstm_acc4_s8 (Include/Internal/kiln_lstm.h), Helium: the four rows on four lanes. The bias plus the
 * dot product wraps modulo 2^32 (VADD), arm_requantize_mve is arm_nn_requantize lane by lane (the wrapping left
 * shift, VQRDMULH, which cannot saturate with a multiplier >= 0, the ties-away rounding shift), the sum with the
 * destination saturates in int32 (VQADD: where the exact sum leaves int32 it is far past int16 anyway) and is
 * clamped to int16. The same values as the portable loop.
 */
#include <string.h>

#include "Include/Internal/kiln_common.h"
#include "Include/Internal/kiln_lstm.h"
#include "Include/arm_nnsupportfunctions.h"

#if KILN_BUILD_MVE

void kiln_lstm_acc4_s8(const uint32_t dots[4], const uint8_t *bias_bytes, int32_t multiplier, int32_t shift,
                       int16_t *dst)
{
    int32_t b[4];
    memcpy(b, bias_bytes, sizeof(b));
    const int32x4_t acc = vaddq_s32(vldrwq_s32(b), vreinterpretq_s32_u32(vldrwq_u32(dots)));
    int32x4_t v = vqaddq_s32(vldrhq_s32(dst), arm_requantize_mve(acc, multiplier, shift));
    v = vminq_s32(vmaxq_s32(v, vdupq_n_s32(INT16_MIN)), vdupq_n_s32(INT16_MAX));
    vstrhq_s32(dst, v);
}

#endif /* KILN_BUILD_MVE */
