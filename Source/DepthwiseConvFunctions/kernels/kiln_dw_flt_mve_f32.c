/*
 * Kiln — float32 depthwise convolution, Helium (MVE-F) kernels. 3x3 route: four channels per vector (the tail
 * predicated), fused multiply-adds over the taps in (ky, kx) order from 0, then the bias, then the clamp.
 * Interior windows run the nine taps unrolled; border windows loop over the taps inside the input. conv1d k3
 * and nt_t routes: the same four-channel vectors over their taps.
 */
#include "Include/Internal/kiln_dw_flt.h"

#if ARM_NN_ENABLE_F32 && KILN_FLT_BUILD_MVE
#include <arm_mve.h>

static inline void kiln_dw3_finish(float32x4_t acc, const float32_t *bias, int32_t ch, mve_pred16_t p,
                                   float32x4_t vlo, float32x4_t vhi, float32_t *dst)
{
    const float32x4_t b = bias != NULL ? vldrwq_z_f32(bias + ch, p) : vdupq_n_f32(0.0f);
    acc = vaddq_f32(acc, b);
    acc = vmaxnmq_f32(acc, vlo);
    acc = vminnmq_f32(acc, vhi);
    vstrwq_p_f32(dst + ch, acc, p);
}

/* acc + the three taps of one filter row (input s, filter wt; channel stride c). */
static inline float32x4_t kiln_dw3_row(float32x4_t acc, const float32_t *s, const float32_t *wt, size_t c)
{
    acc = vfmaq_f32(acc, vld1q_f32(s), vld1q_f32(wt));
    acc = vfmaq_f32(acc, vld1q_f32(s + c), vld1q_f32(wt + c));
    return vfmaq_f32(acc, vld1q_f32(s + 2 * c), vld1q_f32(wt + 2 * c));
}

void kiln_dw_flt_3x3_f32(const kiln_dw_flt_geom *g, const float32_t *in, const float32_t *w, const float32_t *bias,
                         float32_t *out, float32_t lo, float32_t hi)
{
    const int32_t c = g->in_c;
    const size_t row = (size_t)g->in_w * (size_t)c;
    const float32x4_t vlo = vdupq_n_f32(lo);
    const float32x4_t vhi = vdupq_n_f32(hi);
    float32_t *dst = out;
    for (int32_t b = 0; b < g->n; b++)
    {
        const float32_t *img = in + (size_t)b * (size_t)g->in_h * row;
        for (int32_t y = 0; y < g->out_h; y++)
        {
            const int32_t iy0 = y * g->stride_h - g->pad_h;
            const int32_t ky0 = iy0 < 0 ? (-iy0 > 3 ? 3 : -iy0) : 0;
            int32_t ky1 = g->in_h - iy0;
            ky1 = ky1 < ky0 ? ky0 : (ky1 > 3 ? 3 : ky1);
            for (int32_t x = 0; x < g->out_w; x++, dst += c)
            {
                const int32_t ix0 = x * g->stride_w - g->pad_w;
                const int32_t kx0 = ix0 < 0 ? (-ix0 > 3 ? 3 : -ix0) : 0;
                int32_t kx1 = g->in_w - ix0;
                kx1 = kx1 < kx0 ? kx0 : (kx1 > 3 ? 3 : kx1);
                if (ky0 == 0 && ky1 == 3 && kx0 == 0 && kx1 == 3)
                {
                    /* interior: full blocks unpredicated, the tail predicated; one filter row at a time so
                     * that few addresses are live */
                    const float32_t *s0 = img + (size_t)iy0 * row + (size_t)ix0 * (size_t)c;
                    const size_t c1 = (size_t)c;
                    const int32_t full = c & ~3;
                    int32_t ch = 0;
                    for (; ch < full; ch += 4)
                    {
                        const float32_t *sp = s0 + ch;
                        const float32_t *wp = w + ch;
                        float32x4_t acc = vmulq_f32(vld1q_f32(sp), vld1q_f32(wp));
                        acc = vfmaq_f32(acc, vld1q_f32(sp + c1), vld1q_f32(wp + c1));
                        acc = vfmaq_f32(acc, vld1q_f32(sp + 2 * c1), vld1q_f32(wp + 2 * c1));
                        sp += row;
                        wp += 3 * c1;
                        acc = kiln_dw3_row(acc, sp, wp, c1);
                        sp += row;
                        wp += 3 * c1;
                        acc = kiln_dw3_row(acc, sp, wp, c1);
                        acc = vaddq_f32(acc, bias != NULL ? vld1q_f32(bias + ch) : vdupq_n_f32(0.0f));
                        acc = vminnmq_f32(vmaxnmq_f32(acc, vlo), vhi);
                        vst1q_f32(dst + ch, acc);
                    }
                    if (ch < c)
                    {
                        const mve_pred16_t p = vctp32q((uint32_t)(c - ch));
                        const float32_t *sp = s0 + ch;
                        const float32_t *wp = w + ch;
                        float32x4_t acc = vmulq_f32(vldrwq_z_f32(sp, p), vldrwq_z_f32(wp, p));
                        for (int32_t k = 1; k < 9; k++)
                        {
                            acc = vfmaq_f32(acc, vldrwq_z_f32(sp + (size_t)(k / 3) * row + (size_t)(k % 3) * c1, p),
                                            vldrwq_z_f32(wp + (size_t)k * c1, p));
                        }
                        kiln_dw3_finish(acc, bias, ch, p, vlo, vhi, dst);
                    }
                    continue;
                }
                for (int32_t ch = 0; ch < c; ch += 4)
                {
                    const mve_pred16_t p = vctp32q((uint32_t)(c - ch));
                    float32x4_t acc = vdupq_n_f32(0.0f);
                    for (int32_t ky = ky0; ky < ky1; ky++)
                    {
                        const float32_t *s = img + (size_t)(iy0 + ky) * row;
                        for (int32_t kx = kx0; kx < kx1; kx++)
                        {
                            acc = vfmaq_f32(acc, vldrwq_z_f32(s + (size_t)(ix0 + kx) * (size_t)c + ch, p),
                                            vldrwq_z_f32(w + (size_t)(ky * 3 + kx) * (size_t)c + ch, p));
                        }
                    }
                    kiln_dw3_finish(acc, bias, ch, p, vlo, vhi, dst);
                }
            }
        }
    }
}

void kiln_dw_flt_k3_f32(const float32_t *x, int32_t ch, const float32_t *w, const float32_t *bias, float32_t *out,
                        int32_t out_w, float32_t lo, float32_t hi, bool clamp)
{
    const float32x4_t vlo = vdupq_n_f32(lo);
    const float32x4_t vhi = vdupq_n_f32(hi);
    const size_t c1 = (size_t)ch, c2 = 2 * (size_t)ch;
    for (int32_t i = 0; i < out_w; i++)
    {
        const float32_t *s = x + (size_t)i * c1;
        float32_t *d = out + (size_t)i * c1;
        for (int32_t c = 0; c < ch; c += 4)
        {
            const mve_pred16_t p = vctp32q((uint32_t)(ch - c));
            float32x4_t acc = vmulq_f32(vldrwq_z_f32(s + c, p), vldrwq_z_f32(w + c, p));
            acc = vfmaq_f32(acc, vldrwq_z_f32(s + c1 + c, p), vldrwq_z_f32(w + c1 + c, p));
            acc = vfmaq_f32(acc, vldrwq_z_f32(s + c2 + c, p), vldrwq_z_f32(w + c2 + c, p));
            acc = vaddq_f32(acc, bias != NULL ? vldrwq_z_f32(bias + c, p) : vdupq_n_f32(0.0f));
            if (clamp)
            {
                acc = vminnmq_f32(vmaxnmq_f32(acc, vlo), vhi);
            }
            vstrwq_p_f32(d + c, acc, p);
        }
    }
}

void kiln_dw_flt_nt_t_f32(const float32_t *lhs, const float32_t *rhs, const float32_t *bias, float32_t *out,
                          int32_t rows, int32_t ch, int32_t taps, int32_t out_stride, float32_t lo, float32_t hi)
{
    const float32x4_t vlo = vdupq_n_f32(lo);
    const float32x4_t vhi = vdupq_n_f32(hi);
    for (int32_t r = 0; r < rows; r++)
    {
        const float32_t *l = lhs + (size_t)r * (size_t)taps * (size_t)ch;
        float32_t *d = out + (size_t)r * (size_t)out_stride;
        for (int32_t c = 0; c < ch; c += 4)
        {
            const mve_pred16_t p = vctp32q((uint32_t)(ch - c));
            float32x4_t acc = vdupq_n_f32(0.0f);
            const float32_t *lk = l + c;
            const float32_t *rk = rhs + c;
            for (int32_t k = 0; k < taps; k++, lk += ch, rk += ch)
            {
                acc = vfmaq_f32(acc, vldrwq_z_f32(lk, p), vldrwq_z_f32(rk, p));
            }
            kiln_dw3_finish(acc, bias, c, p, vlo, vhi, d);
        }
    }
}

#endif /* ARM_NN_ENABLE_F32 && KILN_FLT_BUILD_MVE */
