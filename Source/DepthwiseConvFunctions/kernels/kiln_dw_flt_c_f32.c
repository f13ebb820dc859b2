/*
 * Kiln — float32 depthwise convolution, portable kernels (the readable reference of every route). Each output
 * sums its taps in (ky, kx) order from 0, adds its bias, then clamps. Kernels with a Helium version
 * (kernels/kiln_dw_flt_mve_f32.c) are left out of MVE-float builds.
 */
#include "Include/Internal/kiln_dw_flt.h"

#if ARM_NN_ENABLE_F32

/* Channels accumulated per pass of the generic kernel (an accumulator block on the stack). */
#define KILN_DW_BLOCK (32)

static inline float32_t kiln_dw_clamp_f32(float32_t v, float32_t lo, float32_t hi)
{
    return v < lo ? lo : (v > hi ? hi : v);
}

void kiln_dw_flt_generic_f32(const kiln_dw_flt_geom *g, const float32_t *in, const float32_t *w,
                             const float32_t *bias, float32_t *out, float32_t lo, float32_t hi, int32_t x_begin)
{
    const int32_t oc = g->out_c;
    const int32_t cm = g->ch_mult;
    float32_t acc[KILN_DW_BLOCK];
    for (int32_t b = 0; b < g->n; b++)
    {
        const float32_t *img = in + (size_t)b * (size_t)g->in_h * (size_t)g->in_w * (size_t)g->in_c;
        for (int32_t y = 0; y < g->out_h; y++)
        {
            const int32_t iy0 = y * g->stride_h - g->pad_h;
            int32_t ky0, ky1;
            kiln_dw_flt_taps(iy0, g->k_h, g->dil_h, g->in_h, &ky0, &ky1);
            for (int32_t x = x_begin; x < g->out_w; x++)
            {
                const int32_t ix0 = x * g->stride_w - g->pad_w;
                int32_t kx0, kx1;
                kiln_dw_flt_taps(ix0, g->k_w, g->dil_w, g->in_w, &kx0, &kx1);
                float32_t *dst = out + (((size_t)b * (size_t)g->out_h + (size_t)y) * (size_t)g->out_w + (size_t)x) *
                        (size_t)oc;
                for (int32_t o0 = 0; o0 < oc; o0 += KILN_DW_BLOCK)
                {
                    const int32_t nb = oc - o0 < KILN_DW_BLOCK ? oc - o0 : KILN_DW_BLOCK;
                    for (int32_t j = 0; j < nb; j++)
                    {
                        acc[j] = 0.0f;
                    }
                    for (int32_t ky = ky0; ky < ky1; ky++)
                    {
                        const int32_t iy = iy0 + ky * g->dil_h;
                        for (int32_t kx = kx0; kx < kx1; kx++)
                        {
                            const int32_t ix = ix0 + kx * g->dil_w;
                            const float32_t *src = img + ((size_t)iy * (size_t)g->in_w + (size_t)ix) * (size_t)g->in_c;
                            const float32_t *wt = w + ((size_t)ky * (size_t)g->k_w + (size_t)kx) * (size_t)oc + o0;
                            if (cm == 1)
                            {
                                const float32_t *s = src + o0;
                                for (int32_t j = 0; j < nb; j++)
                                {
                                    acc[j] += s[j] * wt[j];
                                }
                            }
                            else
                            {
                                for (int32_t j = 0; j < nb; j++)
                                {
                                    acc[j] += src[(o0 + j) / cm] * wt[j];
                                }
                            }
                        }
                    }
                    for (int32_t j = 0; j < nb; j++)
                    {
                        const float32_t v = acc[j] + (bias != NULL ? bias[o0 + j] : 0.0f);
                        dst[o0 + j] = kiln_dw_clamp_f32(v, lo, hi);
                    }
                }
            }
        }
    }
}

#if !KILN_FLT_BUILD_MVE /* Helium: kernels/kiln_dw_flt_mve_f32.c */
/* One tap of eight channels: a[j] += s[j] * w[j]. */
#define KILN_DW_TAP8(S, W)                                                                                             \
    do                                                                                                                 \
    {                                                                                                                  \
        const float32_t *s_ = (S), *w_ = (W);                                                                          \
        a0 += s_[0] * w_[0];                                                                                           \
        a1 += s_[1] * w_[1];                                                                                           \
        a2 += s_[2] * w_[2];                                                                                           \
        a3 += s_[3] * w_[3];                                                                                           \
        a4 += s_[4] * w_[4];                                                                                           \
        a5 += s_[5] * w_[5];                                                                                           \
        a6 += s_[6] * w_[6];                                                                                           \
        a7 += s_[7] * w_[7];                                                                                           \
    } while (0)

/* The nine taps of eight channels whose window lies inside the input, in (ky, kx) order from 0, then the bias
 * (NULL: none) and the clamp, stored at dst: s the window's first pixel, w the filter's first tap (both at the
 * first channel), row the input's row pitch, c the channel count (the filter's pitch between taps). An upper
 * bound of +inf (ReLU, no activation) is not compared (the same result: nothing is greater). */
static inline void kiln_dw_taps9_x8_f32(const float32_t *s, const float32_t *w, size_t row, size_t c,
                                        const float32_t *bias, float32_t *dst, float32_t lo, float32_t hi)
{
    float32_t a0 = 0.0f, a1 = 0.0f, a2 = 0.0f, a3 = 0.0f, a4 = 0.0f, a5 = 0.0f, a6 = 0.0f, a7 = 0.0f;
    for (int32_t ky = 0; ky < 3; ky++)
    {
        KILN_DW_TAP8(s, w);
        KILN_DW_TAP8(s + c, w + c);
        KILN_DW_TAP8(s + 2 * c, w + 2 * c);
        s += row;
        w += 3 * c;
    }
    if (bias != NULL)
    {
        a0 += bias[0];
        a1 += bias[1];
        a2 += bias[2];
        a3 += bias[3];
        a4 += bias[4];
        a5 += bias[5];
        a6 += bias[6];
        a7 += bias[7];
    }
    else
    {
        a0 += 0.0f;
        a1 += 0.0f;
        a2 += 0.0f;
        a3 += 0.0f;
        a4 += 0.0f;
        a5 += 0.0f;
        a6 += 0.0f;
        a7 += 0.0f;
    }
    if (hi > 3.40282347e+38f)
    {
        dst[0] = a0 < lo ? lo : a0;
        dst[1] = a1 < lo ? lo : a1;
        dst[2] = a2 < lo ? lo : a2;
        dst[3] = a3 < lo ? lo : a3;
        dst[4] = a4 < lo ? lo : a4;
        dst[5] = a5 < lo ? lo : a5;
        dst[6] = a6 < lo ? lo : a6;
        dst[7] = a7 < lo ? lo : a7;
    }
    else
    {
        dst[0] = kiln_dw_clamp_f32(a0, lo, hi);
        dst[1] = kiln_dw_clamp_f32(a1, lo, hi);
        dst[2] = kiln_dw_clamp_f32(a2, lo, hi);
        dst[3] = kiln_dw_clamp_f32(a3, lo, hi);
        dst[4] = kiln_dw_clamp_f32(a4, lo, hi);
        dst[5] = kiln_dw_clamp_f32(a5, lo, hi);
        dst[6] = kiln_dw_clamp_f32(a6, lo, hi);
        dst[7] = kiln_dw_clamp_f32(a7, lo, hi);
    }
}

void kiln_dw_flt_3x3_f32(const kiln_dw_flt_geom *g, const float32_t *in, const float32_t *w, const float32_t *bias,
                         float32_t *out, float32_t lo, float32_t hi)
{
    /* The generic kernel's order and bits with ch_mult 1 and unit dilation: each channel's taps inside the
     * input in (ky, kx) order from 0, then its bias. The accumulators live in registers (two loads, a multiply
     * and an add per MAC, no accumulator traffic through memory): eight channels at a time for a whole
     * window, four otherwise, then the last channels alone. */
    const int32_t c = g->in_c;
    const size_t row = (size_t)g->in_w * (size_t)c;
    const size_t wrow = 3u * (size_t)c;
    for (int32_t b = 0; b < g->n; b++)
    {
        const float32_t *img = in + (size_t)b * (size_t)g->in_h * row;
        for (int32_t y = 0; y < g->out_h; y++)
        {
            const int32_t iy0 = y * g->stride_h - g->pad_h;
            int32_t ky0, ky1;
            kiln_dw_flt_taps(iy0, 3, 1, g->in_h, &ky0, &ky1);
            for (int32_t x = 0; x < g->out_w; x++)
            {
                const int32_t ix0 = x * g->stride_w - g->pad_w;
                int32_t kx0, kx1;
                kiln_dw_flt_taps(ix0, 3, 1, g->in_w, &kx0, &kx1);
                float32_t *dst =
                    out + (((size_t)b * (size_t)g->out_h + (size_t)y) * (size_t)g->out_w + (size_t)x) * (size_t)c;
                if (ky1 <= ky0 || kx1 <= kx0)
                {
                    for (int32_t ch = 0; ch < c; ch++)
                    {
                        dst[ch] = kiln_dw_clamp_f32(0.0f + (bias != NULL ? bias[ch] : 0.0f), lo, hi);
                    }
                    continue;
                }
                /* the first valid tap of channel 0, in the input and in the filter */
                const float32_t *s0 = img + (size_t)(iy0 + ky0) * row + (size_t)(ix0 + kx0) * (size_t)c;
                const float32_t *w0 = w + (size_t)(ky0 * 3 + kx0) * (size_t)c;
                const int32_t nky = ky1 - ky0, nkx = kx1 - kx0;
                int32_t ch = 0;
                if (nky == 3 && nkx == 3)
                {
                    /* the whole window: eight channels, the nine taps unrolled */
                    for (; ch + 8 <= c; ch += 8)
                    {
                        kiln_dw_taps9_x8_f32(s0 + ch, w0 + ch, row, (size_t)c, bias != NULL ? bias + ch : NULL,
                                             dst + ch, lo, hi);
                    }
                }
                for (; ch + 4 <= c; ch += 4)
                {
                    float32_t a0 = 0.0f, a1 = 0.0f, a2 = 0.0f, a3 = 0.0f;
                    const float32_t *sr = s0 + ch;
                    const float32_t *wr = w0 + ch;
                    for (int32_t ky = 0; ky < nky; ky++, sr += row, wr += wrow)
                    {
                        const float32_t *sp = sr;
                        const float32_t *wp = wr;
                        for (int32_t kx = 0; kx < nkx; kx++, sp += c, wp += c)
                        {
                            a0 += sp[0] * wp[0];
                            a1 += sp[1] * wp[1];
                            a2 += sp[2] * wp[2];
                            a3 += sp[3] * wp[3];
                        }
                    }
                    const float32_t *bb = bias != NULL ? bias + ch : NULL;
                    dst[ch] = kiln_dw_clamp_f32(a0 + (bb != NULL ? bb[0] : 0.0f), lo, hi);
                    dst[ch + 1] = kiln_dw_clamp_f32(a1 + (bb != NULL ? bb[1] : 0.0f), lo, hi);
                    dst[ch + 2] = kiln_dw_clamp_f32(a2 + (bb != NULL ? bb[2] : 0.0f), lo, hi);
                    dst[ch + 3] = kiln_dw_clamp_f32(a3 + (bb != NULL ? bb[3] : 0.0f), lo, hi);
                }
                for (; ch < c; ch++)
                {
                    float32_t a = 0.0f;
                    const float32_t *sr = s0 + ch;
                    const float32_t *wr = w0 + ch;
                    for (int32_t ky = 0; ky < nky; ky++, sr += row, wr += wrow)
                    {
                        for (int32_t kx = 0; kx < nkx; kx++)
                        {
                            a += sr[(size_t)kx * (size_t)c] * wr[(size_t)kx * (size_t)c];
                        }
                    }
                    dst[ch] = kiln_dw_clamp_f32(a + (bias != NULL ? bias[ch] : 0.0f), lo, hi);
                }
            }
        }
    }
}

void kiln_dw_flt_k3_f32(const float32_t *x, int32_t ch, const float32_t *w, const float32_t *bias, float32_t *out,
                        int32_t out_w, float32_t lo, float32_t hi, bool clamp)
{
    for (int32_t i = 0; i < out_w; i++)
    {
        const float32_t *s = x + (size_t)i * (size_t)ch;
        float32_t *d = out + (size_t)i * (size_t)ch;
        for (int32_t c = 0; c < ch; c++)
        {
            float32_t acc = 0.0f;
            acc += s[c] * w[c];
            acc += s[(size_t)ch + c] * w[(size_t)ch + c];
            acc += s[2 * (size_t)ch + c] * w[2 * (size_t)ch + c];
            const float32_t v = acc + (bias != NULL ? bias[c] : 0.0f);
            d[c] = clamp ? kiln_dw_clamp_f32(v, lo, hi) : v;
        }
    }
}

void kiln_dw_flt_nt_t_f32(const float32_t *lhs, const float32_t *rhs, const float32_t *bias, float32_t *out,
                          int32_t rows, int32_t ch, int32_t taps, int32_t out_stride, float32_t lo, float32_t hi)
{
    float32_t acc[KILN_DW_BLOCK];
    for (int32_t r = 0; r < rows; r++)
    {
        const float32_t *l = lhs + (size_t)r * (size_t)taps * (size_t)ch;
        float32_t *d = out + (size_t)r * (size_t)out_stride;
        for (int32_t c0 = 0; c0 < ch; c0 += KILN_DW_BLOCK)
        {
            const int32_t nb = ch - c0 < KILN_DW_BLOCK ? ch - c0 : KILN_DW_BLOCK;
            for (int32_t j = 0; j < nb; j++)
            {
                acc[j] = 0.0f;
            }
            for (int32_t k = 0; k < taps; k++)
            {
                const float32_t *lk = l + (size_t)k * (size_t)ch + c0;
                const float32_t *rk = rhs + (size_t)k * (size_t)ch + c0;
                for (int32_t j = 0; j < nb; j++)
                {
                    acc[j] += lk[j] * rk[j];
                }
            }
            for (int32_t j = 0; j < nb; j++)
            {
                d[c0 + j] = kiln_dw_clamp_f32(acc[j] + (bias != NULL ? bias[c0 + j] : 0.0f), lo, hi);
            }
        }
    }
}

#endif /* !KILN_FLT_BUILD_MVE */

void kiln_dw_flt_patch_f32(const float32_t *img, const kiln_dw_flt_geom *g, int32_t y, int32_t x, float32_t *row)
{
    const int32_t oc = g->out_c;
    const int32_t cm = g->ch_mult;
    float32_t *d = row;
    for (int32_t ky = 0; ky < g->k_h; ky++)
    {
        const int64_t iy = (int64_t)y * g->stride_h - g->pad_h + (int64_t)ky * g->dil_h;
        for (int32_t kx = 0; kx < g->k_w; kx++)
        {
            const int64_t ix = (int64_t)x * g->stride_w - g->pad_w + (int64_t)kx * g->dil_w;
            if (iy < 0 || iy >= g->in_h || ix < 0 || ix >= g->in_w)
            {
                for (int32_t o = 0; o < oc; o++)
                {
                    d[o] = 0.0f;
                }
            }
            else
            {
                const float32_t *src = img + ((size_t)iy * (size_t)g->in_w + (size_t)ix) * (size_t)g->in_c;
                if (cm == 1)
                {
                    memcpy(d, src, (size_t)oc * sizeof(float32_t));
                }
                else
                {
                    for (int32_t o = 0; o < oc; o++)
                    {
                        d[o] = src[o / cm];
                    }
                }
            }
            d += oc;
        }
    }
}

#endif /* ARM_NN_ENABLE_F32 */
