/*
 * Kiln — float16 depthwise convolution, portable kernels (the readable reference of every route). Float16
 * storage; each output sums its taps in (ky, kx) order from 0 in float32 (products of halves are exact), adds
 * its bias, rounds once to float16, then clamps. Kernels with a Helium version (kernels/kiln_dw_flt_mve_f16.c:
 * 3x3; kernels/kiln_dw_flt_mve_f16_routes.c: k3, 2x5, nt_t and the patch row) are left out of MVE-float builds;
 * the generic kernel stays (the reference of the Helium one, kiln_dw_flt_generic_mve_f16, which the router runs
 * there).
 */
#include "Include/Internal/kiln_dw_flt.h"

#if ARM_NN_ENABLE_F16

/* Channels accumulated per pass of the generic kernel (an accumulator block on the stack). */
#define KILN_DW_BLOCK (32)

static inline float16_t kiln_dw_out_f16(float32_t acc, const float16_t *bias, int32_t o, float16_t lo, float16_t hi)
{
    const float16_t v = (float16_t)(acc + (bias != NULL ? (float32_t)bias[o] : 0.0f));
    return v < lo ? lo : (v > hi ? hi : v);
}

void kiln_dw_flt_generic_f16(const kiln_dw_flt_geom *g, const float16_t *in, const float16_t *w,
                             const float16_t *bias, float16_t *out, float16_t lo, float16_t hi, int32_t x_begin)
{
    const int32_t oc = g->out_c;
    const int32_t cm = g->ch_mult;
    float32_t acc[KILN_DW_BLOCK];
    for (int32_t b = 0; b < g->n; b++)
    {
        const float16_t *img = in + (size_t)b * (size_t)g->in_h * (size_t)g->in_w * (size_t)g->in_c;
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
                float16_t *dst = out + (((size_t)b * (size_t)g->out_h + (size_t)y) * (size_t)g->out_w + (size_t)x) *
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
                            const float16_t *src = img + ((size_t)iy * (size_t)g->in_w + (size_t)ix) * (size_t)g->in_c;
                            const float16_t *wt = w + ((size_t)ky * (size_t)g->k_w + (size_t)kx) * (size_t)oc + o0;
                            for (int32_t j = 0; j < nb; j++)
                            {
                                acc[j] += (float32_t)src[(o0 + j) / cm] * (float32_t)wt[j];
                            }
                        }
                    }
                    for (int32_t j = 0; j < nb; j++)
                    {
                        dst[o0 + j] = kiln_dw_out_f16(acc[j], bias, o0 + j, lo, hi);
                    }
                }
            }
        }
    }
}

#if !KILN_FLT_BUILD_MVE /* Helium: kernels/kiln_dw_flt_mve_f16.c */
void kiln_dw_flt_3x3_f16(const kiln_dw_flt_geom *g, const float16_t *in, const float16_t *w, const float16_t *bias,
                         float16_t *out, float16_t lo, float16_t hi)
{
    /* The generic kernel's order and bits with ch_mult 1 and unit dilation: a block of channel accumulators,
     * the taps inside the input in (ky, kx) order, contiguous channel runs. */
    const int32_t c = g->in_c;
    const size_t row = (size_t)g->in_w * (size_t)c;
    float32_t acc[KILN_DW_BLOCK];
    for (int32_t b = 0; b < g->n; b++)
    {
        const float16_t *img = in + (size_t)b * (size_t)g->in_h * row;
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
                float16_t *dst =
                    out + (((size_t)b * (size_t)g->out_h + (size_t)y) * (size_t)g->out_w + (size_t)x) * (size_t)c;
                for (int32_t ch0 = 0; ch0 < c; ch0 += KILN_DW_BLOCK)
                {
                    const int32_t nb = c - ch0 < KILN_DW_BLOCK ? c - ch0 : KILN_DW_BLOCK;
                    for (int32_t j = 0; j < nb; j++)
                    {
                        acc[j] = 0.0f;
                    }
                    for (int32_t ky = ky0; ky < ky1; ky++)
                    {
                        for (int32_t kx = kx0; kx < kx1; kx++)
                        {
                            const float16_t *s = img + (size_t)(iy0 + ky) * row + (size_t)(ix0 + kx) * (size_t)c + ch0;
                            const float16_t *wt = w + (size_t)(ky * 3 + kx) * (size_t)c + ch0;
                            for (int32_t j = 0; j < nb; j++)
                            {
                                acc[j] += (float32_t)s[j] * (float32_t)wt[j];
                            }
                        }
                    }
                    for (int32_t j = 0; j < nb; j++)
                    {
                        dst[ch0 + j] = kiln_dw_out_f16(acc[j], bias, ch0 + j, lo, hi);
                    }
                }
            }
        }
    }
}

#endif /* !KILN_FLT_BUILD_MVE */

#if !KILN_FLT_BUILD_MVE /* Helium: kernels/kiln_dw_flt_mve_f16_routes.c */
void kiln_dw_flt_k3_f16(const float16_t *x, int32_t ch, const float16_t *w, const float16_t *bias, float16_t *out,
                        int32_t out_w, float16_t lo, float16_t hi, bool clamp)
{
    for (int32_t i = 0; i < out_w; i++)
    {
        const float16_t *s = x + (size_t)i * (size_t)ch;
        float16_t *d = out + (size_t)i * (size_t)ch;
        for (int32_t c = 0; c < ch; c++)
        {
            float32_t acc = 0.0f;
            acc += (float32_t)s[c] * (float32_t)w[c];
            acc += (float32_t)s[(size_t)ch + c] * (float32_t)w[(size_t)ch + c];
            acc += (float32_t)s[2 * (size_t)ch + c] * (float32_t)w[2 * (size_t)ch + c];
            if (clamp)
            {
                d[c] = kiln_dw_out_f16(acc, bias, c, lo, hi);
            }
            else
            {
                d[c] = (float16_t)(acc + (bias != NULL ? (float32_t)bias[c] : 0.0f));
            }
        }
    }
}

void kiln_dw_flt_2x5_f16(const float16_t *x, int32_t batches, int32_t in_c, int32_t in_w, int32_t ch_mult,
                         const float16_t *w, const float16_t *bias, float16_t *out, int32_t out_w, float16_t lo,
                         float16_t hi)
{
    const int32_t oc = in_c * ch_mult;
    for (int32_t b = 0; b < batches; b++)
    {
        const float16_t *img = x + (size_t)b * 2u * (size_t)in_w * (size_t)in_c;
        float16_t *dst = out + (size_t)b * (size_t)out_w * (size_t)oc;
        for (int32_t i = 0; i < out_w; i++)
        {
            for (int32_t o = 0; o < oc; o++)
            {
                const int32_t c = o / ch_mult;
                float32_t acc = 0.0f;
                for (int32_t ky = 0; ky < 2; ky++)
                {
                    const float16_t *src = img + ((size_t)ky * (size_t)in_w + (size_t)i) * (size_t)in_c + c;
                    const float16_t *wt = w + (size_t)ky * 5u * (size_t)oc + o;
                    for (int32_t kx = 0; kx < 5; kx++)
                    {
                        acc += (float32_t)src[(size_t)kx * (size_t)in_c] * (float32_t)wt[(size_t)kx * (size_t)oc];
                    }
                }
                dst[(size_t)i * (size_t)oc + o] = kiln_dw_out_f16(acc, bias, o, lo, hi);
            }
        }
    }
}

void kiln_dw_flt_nt_t_f16(const float16_t *lhs, const float16_t *rhs, const float16_t *bias, float16_t *out,
                          int32_t rows, int32_t ch, int32_t taps, int32_t out_stride, float16_t lo, float16_t hi)
{
    float32_t acc[KILN_DW_BLOCK];
    for (int32_t r = 0; r < rows; r++)
    {
        const float16_t *l = lhs + (size_t)r * (size_t)taps * (size_t)ch;
        float16_t *d = out + (size_t)r * (size_t)out_stride;
        for (int32_t c0 = 0; c0 < ch; c0 += KILN_DW_BLOCK)
        {
            const int32_t nb = ch - c0 < KILN_DW_BLOCK ? ch - c0 : KILN_DW_BLOCK;
            for (int32_t j = 0; j < nb; j++)
            {
                acc[j] = 0.0f;
            }
            for (int32_t k = 0; k < taps; k++)
            {
                const float16_t *lk = l + (size_t)k * (size_t)ch + c0;
                const float16_t *rk = rhs + (size_t)k * (size_t)ch + c0;
                for (int32_t j = 0; j < nb; j++)
                {
                    acc[j] += (float32_t)lk[j] * (float32_t)rk[j];
                }
            }
            for (int32_t j = 0; j < nb; j++)
            {
                d[c0 + j] = kiln_dw_out_f16(acc[j], bias, c0 + j, lo, hi);
            }
        }
    }
}

void kiln_dw_flt_patch_f16(const float16_t *img, const kiln_dw_flt_geom *g, int32_t y, int32_t x, float16_t *row)
{
    const int32_t oc = g->out_c;
    const int32_t cm = g->ch_mult;
    float16_t *d = row;
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
                    d[o] = (float16_t)0.0f;
                }
            }
            else
            {
                const float16_t *src = img + ((size_t)iy * (size_t)g->in_w + (size_t)ix) * (size_t)g->in_c;
                if (cm == 1)
                {
                    memcpy(d, src, (size_t)oc * sizeof(float16_t));
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
#endif /* !KILN_FLT_BUILD_MVE */

#endif /* ARM_NN_ENABLE_F16 */
