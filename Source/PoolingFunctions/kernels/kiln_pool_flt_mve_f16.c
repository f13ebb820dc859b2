/*
 * Kiln — float16 average / max pooling, Helium (MVE float) kernels: for each output pixel, blocks of eight
 * channels (one vector of halves, tail predicated) walk the window's in-bounds taps (kiln_pool_flt_span).
 * Average: the halves widened to float32 (even lanes by VCVTB, odd lanes by VCVTT: Internal/kiln_mve_f16.h), summed in
 * float32, times the reciprocal of the tap count, clamped and narrowed back (VCVTB/VCVTT, one rounding).
 * Max: VMAXNM on the halves themselves (exact), clamped in float16.
 */
#include "Include/Internal/kiln_flt_ops.h"

#if ARM_NN_ENABLE_F16 && KILN_FLT_OPS_MVE
#include <arm_mve.h>

static void kiln_pool_mve_f16(
    const kiln_pool_flt_geom *g, const float16_t *in, float16_t *out, float32_t lo, float32_t hi, bool avg)
{
    const int32_t c = g->c;
    const float32x4_t vlo = vdupq_n_f32(lo);
    const float32x4_t vhi = vdupq_n_f32(hi);
    const float16x8_t hlo = vdupq_n_f16((float16_t)lo);
    const float16x8_t hhi = vdupq_n_f16((float16_t)hi);
    const size_t row = (size_t)g->in_w * (size_t)c;
    for (int32_t b = 0; b < g->n; b++)
    {
        const float16_t *img = in + (size_t)b * (size_t)g->in_h * row;
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
                float16_t *d =
                    out + (((size_t)b * (size_t)g->out_h + (size_t)oy) * (size_t)g->out_w + (size_t)ox) * (size_t)c;
                const float32_t inv = count > 0 ? 1.0f / (float32_t)count : 0.0f;
                for (int32_t c0 = 0; c0 < c; c0 += 8)
                {
                    const mve_pred16_t p = vctp16q((uint32_t)(c - c0));
                    float16x8_t r;
                    if (count == 0)
                    {
                        r = avg ? vdupq_n_f16((float16_t)0.0f) : hlo;
                    }
                    else if (avg)
                    {
                        float32x4_t ae = vdupq_n_f32(0.0f), ao = ae;
                        for (int32_t ky = y0; ky < y1; ky++)
                        {
                            const float16_t *s = img + (size_t)(iy0 + ky) * row + (size_t)(ix0 + x0) * (size_t)c + c0;
                            for (int32_t kx = x0; kx < x1; kx++, s += c)
                            {
                                const float16x8_t v = vldrhq_z_f16(s, p);
                                ae = vaddq_f32(ae, kiln_mve_f16_bottom_to_f32(v));
                                ao = vaddq_f32(ao, kiln_mve_f16_top_to_f32(v));
                            }
                        }
                        ae = vmulq_n_f32(ae, inv);
                        ao = vmulq_n_f32(ao, inv);
                        ae = vpselq_f32(vlo, ae, vcmpltq_f32(ae, vlo));
                        ae = vpselq_f32(vhi, ae, vcmpgtq_f32(ae, vhi));
                        ao = vpselq_f32(vlo, ao, vcmpltq_f32(ao, vlo));
                        ao = vpselq_f32(vhi, ao, vcmpgtq_f32(ao, vhi));
                        r = kiln_mve_f32_pair_to_f16(ae, ao);
                    }
                    else
                    {
                        const float16_t *s0 = img + (size_t)(iy0 + y0) * row + (size_t)(ix0 + x0) * (size_t)c + c0;
                        r = vldrhq_z_f16(s0, p);
                        for (int32_t ky = y0; ky < y1; ky++)
                        {
                            const float16_t *s = img + (size_t)(iy0 + ky) * row + (size_t)(ix0 + x0) * (size_t)c + c0;
                            for (int32_t kx = x0; kx < x1; kx++, s += c)
                            {
                                r = vmaxnmq_f16(r, vldrhq_z_f16(s, p));
                            }
                        }
                        r = vpselq_f16(hlo, r, vcmpltq_f16(r, hlo));
                        r = vpselq_f16(hhi, r, vcmpgtq_f16(r, hhi));
                    }
                    vstrhq_p_f16(d + c0, r, p);
                }
            }
        }
    }
}

void kiln_avg_pool_flt_f16(const kiln_pool_flt_geom *g, const float16_t *in, float16_t *out, float32_t lo, float32_t hi)
{
    kiln_pool_mve_f16(g, in, out, lo, hi, true);
}

void kiln_max_pool_flt_f16(const kiln_pool_flt_geom *g, const float16_t *in, float16_t *out, float32_t lo, float32_t hi)
{
    kiln_pool_mve_f16(g, in, out, lo, hi, false);
}

#endif
