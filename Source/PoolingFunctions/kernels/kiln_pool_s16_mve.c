/*
 * Kiln — the window loops of the int16 pooling kernels (Include/Internal/kiln_pool_s8.h), Helium: the maxima of
 * eight channels per vector (VMAX on int16 lanes, then the clamp), the sums of four channels per vector of int32
 * lanes (VLDRH.S32, VADD); the last channels predicated. The same values as the portable loops.
 */
#include "Include/Internal/kiln_pool_s8.h"

#if KILN_BUILD_MVE

void kiln_pool_s16_max_window(const int16_t *p, int32_t ch, int32_t ny, int32_t nx, int32_t row, int32_t lo,
                              int32_t hi, int16_t *out)
{
    const int16x8_t vlo = vdupq_n_s16((int16_t)lo), vhi = vdupq_n_s16((int16_t)hi);
    for (int32_t c = 0; c < ch; c += 8)
    {
        const mve_pred16_t pr = vctp16q((uint32_t)(ch - c));
        int16x8_t m = vdupq_n_s16(INT16_MIN);
        for (int32_t y = 0; y < ny; y++)
        {
            const int16_t *q = p + y * row + c;
            for (int32_t x = 0; x < nx; x++, q += ch)
            {
                m = vmaxq_s16(m, vldrhq_z_s16(q, pr));
            }
        }
        vstrhq_p_s16(out + c, vminq_s16(vmaxq_s16(m, vlo), vhi), pr);
    }
}

void kiln_pool_s16_sum_window(const int16_t *p, int32_t n, int32_t ny, int32_t nx, int32_t row, int32_t ch,
                              int32_t *sum)
{
    for (int32_t c = 0; c < n; c += 4)
    {
        const mve_pred16_t pr = vctp32q((uint32_t)(n - c));
        int32x4_t s = vdupq_n_s32(0);
        for (int32_t y = 0; y < ny; y++)
        {
            const int16_t *q = p + y * row + c;
            for (int32_t x = 0; x < nx; x++, q += ch)
            {
                s = vaddq_s32(s, vldrhq_z_s32(q, pr));
            }
        }
        vstrwq_p_s32(sum + c, s, pr);
    }
}

#endif /* KILN_BUILD_MVE */
