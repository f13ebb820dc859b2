/* Kiln — int8 to int16 widening with an offset (the im2col of the legacy s16 kernels):
 * arm_q7_to_q15_with_offset in order on every build; arm_s8_to_s16_unordered_with_offset (DSP
 * builds, as upstream) in SXTAB16 order: each 4-byte group b0 b1 b2 b3 becomes b0 b2 b1 b3 (+ offset),
 * a tail of fewer than 4 in order. A negative block_size or a NULL pointer writes nothing. The DSP
 * backend runs both on kernels/kiln_conv_support_s8_dsp.c. */
#include "Include/arm_nnsupportfunctions.h"
#include "Include/Internal/kiln_conv_s8.h"

void arm_q7_to_q15_with_offset(const int8_t *src, int16_t *dst, int32_t block_size, int16_t offset)
{
    if (src == NULL || dst == NULL)
    {
        return;
    }
#if KILN_BUILD_DSP
    kiln_conv_s8_widen_dsp(src, dst, block_size, offset, true);
#else
    for (int32_t i = 0; i < block_size; i++)
    {
        dst[i] = (int16_t)((int32_t)src[i] + offset);
    }
#endif
}

#if defined(ARM_MATH_DSP)
void arm_s8_to_s16_unordered_with_offset(const int8_t *src, int16_t *dst, int32_t block_size, int16_t offset)
{
    if (src == NULL || dst == NULL)
    {
        return;
    }
#if KILN_BUILD_DSP
    kiln_conv_s8_widen_dsp(src, dst, block_size, offset, false);
#else
    const uint32_t off2 = ((uint32_t)(uint16_t)offset) | ((uint32_t)(uint16_t)offset << 16);
    int32_t i = 0;
    for (; i + 4 <= block_size; i += 4)
    {
        int32_t w;
        memcpy(&w, src + i, 4);
        const int32_t even = (int32_t)__sxtab16(off2, w);
        const int32_t odd = (int32_t)__sxtab16(off2, (int32_t)(((uint32_t)w >> 8) | ((uint32_t)w << 24)));
        memcpy(dst + i, &even, 4);
        memcpy(dst + i + 2, &odd, 4);
    }
    for (; i < block_size; i++)
    {
        dst[i] = (int16_t)((int32_t)src[i] + offset);
    }
#endif
}
#endif
