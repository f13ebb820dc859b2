/* Kiln — activation kernels, Helium (MVE), tail-predicated. */
#include "Include/Internal/kiln_elementwise.h"

#if KILN_BUILD_MVE

void kiln_clamp_s8_inplace(int8_t *data, int32_t n, int8_t lo, int8_t hi)
{
    const int8x16_t vlo = vdupq_n_s8(lo);
    const int8x16_t vhi = vdupq_n_s8(hi);
    for (int32_t left = n; left > 0; left -= 16)
    {
        const mve_pred16_t p = vctp8q((uint32_t)left);
        int8x16_t v = vldrbq_z_s8(data, p);
        v = vminq_s8(vmaxq_s8(v, vlo), vhi);
        vstrbq_p_s8(data, v, p);
        data += 16;
    }
}

void kiln_relu_requant_s8(const int8_t *input,
                          int8_t *output,
                          int32_t n,
                          int32_t in_zero_point,
                          int32_t out_offset,
                          int32_t mult,
                          int32_t shift,
                          int32_t lo)
{
    const int32x4_t vlo = vdupq_n_s32(lo);
    const int32x4_t vhi = vdupq_n_s32(INT8_MAX);
    for (int32_t left = n; left > 0; left -= 4)
    {
        const mve_pred16_t p = vctp32q((uint32_t)left);
        int32x4_t v = vldrbq_z_s32(input, p);
        v = vsubq_n_s32(v, in_zero_point);
        v = arm_requantize_mve(v, mult, shift);
        v = vaddq_n_s32(v, out_offset);
        v = vminq_s32(vmaxq_s32(v, vlo), vhi);
        vstrbq_p_s32(output, v, p);
        input += 4;
        output += 4;
    }
}

#endif
