/*
 * Kiln — float32 average / max pooling, Helium (MVE float) kernels: channels as lanes; for each output pixel,
 * blocks of sixteen channels (four vectors; then single predicated vectors for the rest) walk the window's
 * in-bounds taps (kiln_pool_flt_span) in the portable kernel's order. Average: vector sums (from -0.0, so the
 * first tap is taken exactly), divided by the in-bounds count with the portable kernel's rounding (a power-of-two
 * count: the exact reciprocal; otherwise a division per lane), then clamped. Max: VMAXNM starting from the lower
 * activation bound (the lower clamp folded into the walk; a window without a tap gives lo), then the upper clamp.
 */
#include "Include/Internal/kiln_flt_ops.h"
#include "Include/Internal/kiln_asm_optimize.h" /* -O0 builds: see there */

#if ARM_NN_ENABLE_F32 && KILN_FLT_OPS_MVE
#include <arm_mve.h>

/* One output pixel, channels [c0, c0 + 16) (nv = 4 vectors, all lanes valid) or one predicated vector (nv = 1):
 * taps rows x cols, rows `row` elements apart, taps c elements apart; sums from -0.0 (x + -0 == x exactly) or
 * VMAXNM from lo (the lower clamp folded in). */
__STATIC_FORCEINLINE void kiln_pool_px_f32(const float32_t *s,
                                           int32_t rows,
                                           int32_t cols,
                                           size_t row,
                                           int32_t c,
                                           bool avg,
                                           float32x4_t init,
                                           float32x4_t r[4],
                                           int32_t nv,
                                           mve_pred16_t p)
{
    float32x4_t x0 = init, x1 = init, x2 = init, x3 = init;
    const int32_t step = c;
    for (int32_t ky = 0; ky < rows; ky++, s += row)
    {
        const float32_t *t = s;
        for (int32_t kx = cols; kx > 0; kx--, t += step)
        {
            if (nv == 4)
            {
                /* The four loads in one asm statement at immediate offsets: with intrinsics GCC 12.2 rebuilds
                 * the addresses with extra moves and adds (11-14 instead of 10 instructions per tap). */
                float32x4_t v0, v1, v2, v3;
                __asm__("vldrw.32 %q0, [%4]\n\t"
                        "vldrw.32 %q1, [%4, #16]\n\t"
                        "vldrw.32 %q2, [%4, #32]\n\t"
                        "vldrw.32 %q3, [%4, #48]"
                        : "=&w"(v0), "=&w"(v1), "=&w"(v2), "=&w"(v3)
                        : "r"(t), "m"(*(const float32_t(*)[16])t));
                x0 = avg ? vaddq_f32(x0, v0) : vmaxnmq_f32(x0, v0);
                x1 = avg ? vaddq_f32(x1, v1) : vmaxnmq_f32(x1, v1);
                x2 = avg ? vaddq_f32(x2, v2) : vmaxnmq_f32(x2, v2);
                x3 = avg ? vaddq_f32(x3, v3) : vmaxnmq_f32(x3, v3);
            }
            else
            {
                const float32x4_t v0 = vldrwq_z_f32(t, p);
                x0 = avg ? vaddq_f32(x0, v0) : vmaxnmq_f32(x0, v0);
            }
        }
    }
    r[0] = x0;
    r[1] = x1;
    r[2] = x2;
    r[3] = x3;
}

/* Sum / count rounded once, as the portable kernel's division: a power-of-two count multiplies by its exact
 * reciprocal (the same correctly rounded quotient); any other count divides each lane. */
__STATIC_FORCEINLINE float32x4_t kiln_pool_div_f32(float32x4_t a, int32_t count, float32_t inv, bool pow2)
{
    if (pow2)
    {
        return vmulq_n_f32(a, inv);
    }
    float32_t t[4];
    vst1q_f32(t, a);
    const float32_t fc = (float32_t)count;
    t[0] = t[0] / fc;
    t[1] = t[1] / fc;
    t[2] = t[2] / fc;
    t[3] = t[3] / fc;
    return vld1q_f32(t);
}

/* Average: the division and both clamps (no tap: 0); max: the upper clamp (the lower one is in the walk). */
__STATIC_FORCEINLINE float32x4_t kiln_pool_fin_f32(
    float32x4_t a, bool avg, int32_t count, float32_t inv, bool pow2, float32x4_t vlo, float32x4_t vhi)
{
    if (avg)
    {
        a = count > 0 ? kiln_pool_div_f32(a, count, inv, pow2) : vdupq_n_f32(0.0f);
        a = vpselq_f32(vlo, a, vcmpgtq_f32(vlo, a));
        return vpselq_f32(vhi, a, vcmpgtq_f32(a, vhi));
    }
    /* max: the walk from lo with VMAXNM never yields NaN, so VMINNM is the same clamp in one instruction */
    return vminnmq_f32(a, vhi);
}

__STATIC_FORCEINLINE void kiln_pool_mve_f32(
    const kiln_pool_flt_geom *g, const float32_t *in, float32_t *out, float32_t lo, float32_t hi, bool avg)
{
    const int32_t c = g->c;
    const float32x4_t vlo = vdupq_n_f32(lo);
    const float32x4_t vhi = vdupq_n_f32(hi);
    const float32x4_t init = avg ? vreinterpretq_f32_u32(vdupq_n_u32(0x80000000u)) : vlo;
    const size_t row = (size_t)g->in_w * (size_t)c;
    float32_t *d = out;
    for (int32_t b = 0; b < g->n; b++)
    {
        const float32_t *img = in + (size_t)b * (size_t)g->in_h * row;
        for (int32_t oy = 0; oy < g->out_h; oy++)
        {
            int32_t y0, y1;
            kiln_pool_flt_span(oy, g->stride_h, g->pad_h, g->k_h, g->in_h, &y0, &y1);
            const int32_t iy0 = oy * g->stride_h - g->pad_h;
            for (int32_t ox = 0; ox < g->out_w; ox++, d += c)
            {
                int32_t x0, x1;
                kiln_pool_flt_span(ox, g->stride_w, g->pad_w, g->k_w, g->in_w, &x0, &x1);
                const int32_t ix0 = ox * g->stride_w - g->pad_w;
                int32_t rows = y1 - y0, cols = x1 - x0;
                const int32_t count = rows * cols;
                if (cols == g->in_w)
                {
                    /* full-width window: its rows follow each other in memory, one walk of count taps */
                    cols = count;
                    rows = count > 0 ? 1 : 0;
                }
                const bool pow2 = (count & (count - 1)) == 0;
                const float32_t inv = count > 0 ? 1.0f / (float32_t)count : 0.0f;
                /* no in-bounds tap: rows or cols is 0 and the walk adds nothing (avg: -0 -> 0 below) */
                const float32_t *s =
                    count > 0 ? img + (size_t)(iy0 + y0) * row + (size_t)(ix0 + x0) * (size_t)c : img;
                int32_t c0 = 0;
                for (; c0 + 16 <= c; c0 += 16)
                {
                    float32x4_t r[4];
                    kiln_pool_px_f32(s + c0, rows, cols, row, c, avg, init, r, 4, 0);
                    vst1q_f32(d + c0, kiln_pool_fin_f32(r[0], avg, count, inv, pow2, vlo, vhi));
                    vst1q_f32(d + c0 + 4, kiln_pool_fin_f32(r[1], avg, count, inv, pow2, vlo, vhi));
                    vst1q_f32(d + c0 + 8, kiln_pool_fin_f32(r[2], avg, count, inv, pow2, vlo, vhi));
                    vst1q_f32(d + c0 + 12, kiln_pool_fin_f32(r[3], avg, count, inv, pow2, vlo, vhi));
                }
                for (; c0 < c; c0 += 4)
                {
                    const mve_pred16_t p = vctp32q((uint32_t)(c - c0));
                    float32x4_t r[4];
                    kiln_pool_px_f32(s + c0, rows, cols, row, c, avg, init, r, 1, p);
                    vstrwq_p_f32(d + c0, kiln_pool_fin_f32(r[0], avg, count, inv, pow2, vlo, vhi), p);
                }
            }
        }
    }
}

void kiln_avg_pool_flt_f32(const kiln_pool_flt_geom *g, const float32_t *in, float32_t *out, float32_t lo, float32_t hi)
{
    kiln_pool_mve_f32(g, in, out, lo, hi, true);
}

/* Max pooling: kiln_pool_flt_max_mve.inc (shared with the other float type). */
#define KILN_PMAX_NAME kiln_max_pool_flt_f32
#define KILN_PMAX_T float32_t
#define KILN_PMAX_V float32x4_t
#define KILN_PMAX_SZ "32"
#define KILN_PMAX_LANES 4
#define KILN_PMAX_DUP(x) vdupq_n_f32(x)
#define KILN_PMAX_VCTP vctp32q
#define KILN_PMAX_LDZ vldrwq_z_f32
#define KILN_PMAX_MAX vmaxnmq_f32
#define KILN_PMAX_MIN vminnmq_f32
#define KILN_PMAX_STP vstrwq_p_f32
#define KILN_PMAX_SMALL(g, in, out, lo, hi) kiln_pool_mve_f32((g), (in), (out), (lo), (hi), false)
#include "kiln_pool_flt_max_mve.inc"

#endif
