/*
 * Kiln — float16 average / max pooling, portable C kernels (every build without Helium float). Each output
 * pixel walks its in-bounds taps (kiln_pool_flt_span) over blocks of 16 channels held in float32
 * accumulators; the average divides the sum by the number of in-bounds taps. Float16 storage, float32 arithmetic.
 */
#include "Include/Internal/kiln_flt_ops.h"

#if ARM_NN_ENABLE_F16 && !KILN_FLT_OPS_MVE

#define KILN_POOL_CH (16)

static void
kiln_pool_c_f16(const kiln_pool_flt_geom *g, const float16_t *in, float16_t *out, float32_t lo, float32_t hi, bool avg)
{
    const size_t c = (size_t)g->c;
    float32_t acc[KILN_POOL_CH];
    for (int32_t b = 0; b < g->n; b++)
    {
        const float16_t *img = in + (size_t)b * (size_t)g->in_h * (size_t)g->in_w * c;
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
                float16_t *d = out + (((size_t)b * (size_t)g->out_h + (size_t)oy) * (size_t)g->out_w + (size_t)ox) * c;
                for (size_t c0 = 0; c0 < c; c0 += KILN_POOL_CH)
                {
                    const size_t nc = c - c0 < KILN_POOL_CH ? c - c0 : KILN_POOL_CH;
                    bool first = true;
                    for (int32_t ky = y0; ky < y1; ky++)
                    {
                        for (int32_t kx = x0; kx < x1; kx++)
                        {
                            const float16_t *s =
                                img + ((size_t)(iy0 + ky) * (size_t)g->in_w + (size_t)(ix0 + kx)) * c + c0;
                            if (first)
                            {
                                for (size_t j = 0; j < nc; j++)
                                {
                                    acc[j] = (float32_t)s[j];
                                }
                            }
                            else if (avg)
                            {
                                for (size_t j = 0; j < nc; j++)
                                {
                                    acc[j] += (float32_t)s[j];
                                }
                            }
                            else
                            {
                                for (size_t j = 0; j < nc; j++)
                                {
                                    const float32_t v = (float32_t)s[j];
                                    acc[j] = v > acc[j] ? v : acc[j];
                                }
                            }
                            first = false;
                        }
                    }
                    for (size_t j = 0; j < nc; j++)
                    {
                        float32_t v = first ? (avg ? 0.0f : lo) : (avg ? acc[j] / (float32_t)count : acc[j]);
                        v = v < lo ? lo : v;
                        v = v > hi ? hi : v;
                        d[c0 + j] = (float16_t)v;
                    }
                }
            }
        }
    }
}

void kiln_avg_pool_flt_f16(const kiln_pool_flt_geom *g, const float16_t *in, float16_t *out, float32_t lo, float32_t hi)
{
    kiln_pool_c_f16(g, in, out, lo, hi, true);
}

void kiln_max_pool_flt_f16(const kiln_pool_flt_geom *g, const float16_t *in, float16_t *out, float32_t lo, float32_t hi)
{
    kiln_pool_c_f16(g, in, out, lo, hi, false);
}

#endif
