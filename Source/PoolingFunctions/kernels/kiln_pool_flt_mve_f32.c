/*
 * Kiln — float32 average / max pooling, Helium (MVE float) kernels: for each output pixel, blocks of eight
 * channels (two vectors, tail predicated) walk the window's in-bounds taps (kiln_pool_flt_span). Average: vector
 * sums from 0 times the float32 reciprocal of the tap count (one extra rounding against the portable division);
 * max: VMAXNM from -inf. Then the clamp and one predicated store per vector.
 */
#include "Include/Internal/kiln_flt_ops.h"

#if ARM_NN_ENABLE_F32 && KILN_FLT_OPS_MVE
#include <arm_mve.h>

/* n taps c elements apart into (a0, a1): sums (avg) or maxima; full: all eight lanes valid (no predication). */
__STATIC_FORCEINLINE void kiln_pool_taps_f32(const float32_t *s,
                                             int32_t n,
                                             int32_t c,
                                             bool avg,
                                             bool full,
                                             mve_pred16_t p0,
                                             mve_pred16_t p1,
                                             float32x4_t *a0,
                                             float32x4_t *a1)
{
    float32x4_t x0 = *a0, x1 = *a1;
    for (; n > 0; n--, s += c)
    {
        const float32x4_t v0 = full ? vld1q_f32(s) : vldrwq_z_f32(s, p0);
        const float32x4_t v1 = full ? vld1q_f32(s + 4) : vldrwq_z_f32(s + 4, p1);
        x0 = avg ? vaddq_f32(x0, v0) : vmaxnmq_f32(x0, v0);
        x1 = avg ? vaddq_f32(x1, v1) : vmaxnmq_f32(x1, v1);
    }
    *a0 = x0;
    *a1 = x1;
}

__STATIC_FORCEINLINE void kiln_pool_mve_f32(
    const kiln_pool_flt_geom *g, const float32_t *in, float32_t *out, float32_t lo, float32_t hi, bool avg)
{
    const int32_t c = g->c;
    const float32x4_t vlo = vdupq_n_f32(lo);
    const float32x4_t vhi = vdupq_n_f32(hi);
    const size_t row = (size_t)g->in_w * (size_t)c;
    for (int32_t b = 0; b < g->n; b++)
    {
        const float32_t *img = in + (size_t)b * (size_t)g->in_h * row;
        for (int32_t oy = 0; oy < g->out_h; oy++)
        {
            int32_t y0, y1;
            kiln_pool_flt_span(oy, g->stride_h, g->pad_h, g->k_h, g->in_h, &y0, &y1);
            const int32_t iy0 = oy * g->stride_h - g->pad_h;
            for (int32_t ox = 0; ox < g->out_w; ox++)
            {
                int32_t x0, x1;
                kiln_pool_flt_span(ox, g->stride_w, g->pad_w, g->k_w, g->in_w, &x0, &x1);
                const int32_t ix0 = ox * g->stride_w - g->pad_w;
                const int32_t count = (y1 - y0) * (x1 - x0);
                float32_t *d =
                    out + (((size_t)b * (size_t)g->out_h + (size_t)oy) * (size_t)g->out_w + (size_t)ox) * (size_t)c;
                const float32_t inv = count > 0 ? 1.0f / (float32_t)count : 0.0f;
                for (int32_t c0 = 0; c0 < c; c0 += 8)
                {
                    const int32_t left = c - c0;
                    const mve_pred16_t p0 = vctp32q((uint32_t)left);
                    const mve_pred16_t p1 = vctp32q((uint32_t)(left > 4 ? left - 4 : 0));
                    /* avg: sums from 0; max: from -inf (VMAXNM keeps the first tap) */
                    float32x4_t a0 = avg ? vdupq_n_f32(0.0f) : vreinterpretq_f32_u32(vdupq_n_u32(0xFF800000u));
                    float32x4_t a1 = a0;
                    for (int32_t ky = y0; ky < y1; ky++)
                    {
                        const float32_t *s = img + (size_t)(iy0 + ky) * row + (size_t)(ix0 + x0) * (size_t)c + c0;
                        if (left >= 8)
                        {
                            kiln_pool_taps_f32(s, x1 - x0, c, avg, true, p0, p1, &a0, &a1);
                        }
                        else
                        {
                            kiln_pool_taps_f32(s, x1 - x0, c, avg, false, p0, p1, &a0, &a1);
                        }
                    }
                    if (count == 0)
                    {
                        a0 = avg ? vdupq_n_f32(0.0f) : vlo;
                        a1 = a0;
                    }
                    else if (avg)
                    {
                        a0 = vmulq_n_f32(a0, inv);
                        a1 = vmulq_n_f32(a1, inv);
                    }
                    a0 = vpselq_f32(vlo, a0, vcmpltq_f32(a0, vlo));
                    a0 = vpselq_f32(vhi, a0, vcmpgtq_f32(a0, vhi));
                    a1 = vpselq_f32(vlo, a1, vcmpltq_f32(a1, vlo));
                    a1 = vpselq_f32(vhi, a1, vcmpgtq_f32(a1, vhi));
                    vstrwq_p_f32(d + c0, a0, p0);
                    vstrwq_p_f32(d + c0 + 4, a1, p1);
                }
            }
        }
    }
}

void kiln_avg_pool_flt_f32(const kiln_pool_flt_geom *g, const float32_t *in, float32_t *out, float32_t lo, float32_t hi)
{
    kiln_pool_mve_f32(g, in, out, lo, hi, true);
}

void kiln_max_pool_flt_f32(const kiln_pool_flt_geom *g, const float32_t *in, float32_t *out, float32_t lo, float32_t hi)
{
    kiln_pool_mve_f32(g, in, out, lo, hi, false);
}

#endif
