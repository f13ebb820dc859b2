/*
 * Kiln — float16 average / max pooling, Helium (MVE float) kernels: channels as lanes; for each output pixel,
 * blocks of sixteen channels (two vectors of halves; then single predicated vectors) walk the window's in-bounds
 * taps (kiln_pool_flt_span; a full-width window as one run) in the portable kernel's order.
 * Average: the halves widened to float32 (even lanes by VCVTB, odd lanes by VCVTT: Internal/kiln_mve_f16.h), summed in
 * float32 from -0.0, divided by the in-bounds count with the portable kernel's rounding (power-of-two count: the
 * exact reciprocal; otherwise a division per lane), clamped and narrowed back (VCVTB/VCVTT, one rounding).
 * Max: VMAXNM on the halves themselves (exact) starting from lo (the lower clamp folded in; no tap gives lo),
 * then the upper clamp in float16.
 */
#include "Include/Internal/kiln_flt_ops.h"
#include "Include/Internal/kiln_asm_optimize.h" /* -O0 builds: see there */

#if ARM_NN_ENABLE_F16 && KILN_FLT_OPS_MVE
#include <arm_mve.h>

/* Two vectors of halves (16 channels) at t, t + 8: in one asm statement at immediate offsets (with intrinsics
 * GCC 12.2 rebuilds the second address with extra moves and adds inside the tap loop). */
__STATIC_FORCEINLINE void kiln_pool_ld2_f16(const float16_t *t, float16x8_t *v0, float16x8_t *v1)
{
    float16x8_t a, b;
    __asm__("vldrh.16 %q0, [%2]\n\t"
            "vldrh.16 %q1, [%2, #16]"
            : "=&w"(a), "=&w"(b)
            : "r"(t), "m"(*(const float16_t(*)[16])t));
    *v0 = a;
    *v1 = b;
}

/* Sum / count rounded once to float32, as the portable kernel's division (power-of-two count: the exact
 * reciprocal; otherwise a division per lane), then both clamps in float32. */
__STATIC_FORCEINLINE float32x4_t
kiln_pool_avg_fin_f16(float32x4_t a, int32_t count, float32_t inv, bool pow2, float32x4_t vlo, float32x4_t vhi)
{
    if (count == 0)
    {
        a = vdupq_n_f32(0.0f);
    }
    else if (pow2)
    {
        a = vmulq_n_f32(a, inv);
    }
    else
    {
        float32_t t[4];
        vst1q_f32(t, a);
        const float32_t fc = (float32_t)count;
        t[0] = t[0] / fc;
        t[1] = t[1] / fc;
        t[2] = t[2] / fc;
        t[3] = t[3] / fc;
        a = vld1q_f32(t);
    }
    a = vpselq_f32(vlo, a, vcmpgtq_f32(vlo, a));
    return vpselq_f32(vhi, a, vcmpgtq_f32(a, vhi));
}

static void kiln_pool_mve_f16(
    const kiln_pool_flt_geom *g, const float16_t *in, float16_t *out, float32_t lo, float32_t hi, bool avg)
{
    const int32_t c = g->c;
    const float32x4_t vlo = vdupq_n_f32(lo);
    const float32x4_t vhi = vdupq_n_f32(hi);
    const float16x8_t hlo = vdupq_n_f16((float16_t)lo);
    const float16x8_t hhi = vdupq_n_f16((float16_t)hi);
    const float32x4_t nz = vreinterpretq_f32_u32(vdupq_n_u32(0x80000000u)); /* -0.0: x + -0 == x exactly */
    const size_t row = (size_t)g->in_w * (size_t)c;
    float16_t *d = out;
    for (int32_t b = 0; b < g->n; b++)
    {
        const float16_t *img = in + (size_t)b * (size_t)g->in_h * row;
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
                const float16_t *s =
                    count > 0 ? img + (size_t)(iy0 + y0) * row + (size_t)(ix0 + x0) * (size_t)c : img;
                int32_t c0 = 0;
                for (; c0 + 16 <= c; c0 += 16)
                {
                    if (avg)
                    {
                        /* 16 channels: even and odd lanes of two vectors widened into four float32 sums */
                        float32x4_t e0 = nz, o0 = nz, e1 = nz, o1 = nz;
                        const float16_t *sr = s + c0;
                        for (int32_t ky = 0; ky < rows; ky++, sr += row)
                        {
                            const float16_t *t = sr;
                            for (int32_t kx = cols; kx > 0; kx--, t += c)
                            {
                                float16x8_t v0, v1;
                                kiln_pool_ld2_f16(t, &v0, &v1);
                                e0 = vaddq_f32(e0, kiln_mve_f16_bottom_to_f32(v0));
                                o0 = vaddq_f32(o0, kiln_mve_f16_top_to_f32(v0));
                                e1 = vaddq_f32(e1, kiln_mve_f16_bottom_to_f32(v1));
                                o1 = vaddq_f32(o1, kiln_mve_f16_top_to_f32(v1));
                            }
                        }
                        e0 = kiln_pool_avg_fin_f16(e0, count, inv, pow2, vlo, vhi);
                        o0 = kiln_pool_avg_fin_f16(o0, count, inv, pow2, vlo, vhi);
                        vst1q_f16(d + c0, kiln_mve_f32_pair_to_f16(e0, o0));
                        e1 = kiln_pool_avg_fin_f16(e1, count, inv, pow2, vlo, vhi);
                        o1 = kiln_pool_avg_fin_f16(o1, count, inv, pow2, vlo, vhi);
                        vst1q_f16(d + c0 + 8, kiln_mve_f32_pair_to_f16(e1, o1));
                    }
                    else
                    {
                        /* VMAXNM on the halves (exact) from lo: the lower clamp folded into the walk */
                        float16x8_t m0 = hlo, m1 = hlo;
                        const float16_t *sr = s + c0;
                        for (int32_t ky = 0; ky < rows; ky++, sr += row)
                        {
                            const float16_t *t = sr;
                            for (int32_t kx = cols; kx > 0; kx--, t += c)
                            {
                                float16x8_t v0, v1;
                                kiln_pool_ld2_f16(t, &v0, &v1);
                                m0 = vmaxnmq_f16(m0, v0);
                                m1 = vmaxnmq_f16(m1, v1);
                            }
                        }
                        /* the walk from lo with VMAXNM never yields NaN: VMINNM is the upper clamp */
                        vst1q_f16(d + c0, vminnmq_f16(m0, hhi));
                        vst1q_f16(d + c0 + 8, vminnmq_f16(m1, hhi));
                    }
                }
                for (; c0 < c; c0 += 8)
                {
                    const mve_pred16_t p = vctp16q((uint32_t)(c - c0));
                    const float16_t *sr = s + c0;
                    float16x8_t r;
                    if (avg)
                    {
                        float32x4_t ae = nz, ao = nz;
                        for (int32_t ky = 0; ky < rows; ky++, sr += row)
                        {
                            const float16_t *t = sr;
                            for (int32_t kx = cols; kx > 0; kx--, t += c)
                            {
                                const float16x8_t v = vldrhq_z_f16(t, p);
                                ae = vaddq_f32(ae, kiln_mve_f16_bottom_to_f32(v));
                                ao = vaddq_f32(ao, kiln_mve_f16_top_to_f32(v));
                            }
                        }
                        ae = kiln_pool_avg_fin_f16(ae, count, inv, pow2, vlo, vhi);
                        ao = kiln_pool_avg_fin_f16(ao, count, inv, pow2, vlo, vhi);
                        r = kiln_mve_f32_pair_to_f16(ae, ao);
                    }
                    else
                    {
                        r = hlo;
                        for (int32_t ky = 0; ky < rows; ky++, sr += row)
                        {
                            const float16_t *t = sr;
                            for (int32_t kx = cols; kx > 0; kx--, t += c)
                            {
                                r = vmaxnmq_f16(r, vldrhq_z_f16(t, p));
                            }
                        }
                        r = vminnmq_f16(r, hhi);
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

/* Max pooling: kiln_pool_flt_max_mve.inc (shared with the other float type). */
#define KILN_PMAX_NAME kiln_max_pool_flt_f16
#define KILN_PMAX_T float16_t
#define KILN_PMAX_V float16x8_t
#define KILN_PMAX_SZ "16"
#define KILN_PMAX_LANES 8
#define KILN_PMAX_DUP(x) vdupq_n_f16((float16_t)(x))
#define KILN_PMAX_VCTP vctp16q
#define KILN_PMAX_LDZ vldrhq_z_f16
#define KILN_PMAX_MAX vmaxnmq_f16
#define KILN_PMAX_MIN vminnmq_f16
#define KILN_PMAX_STP vstrhq_p_f16
#define KILN_PMAX_SMALL(g, in, out, lo, hi) kiln_pool_mve_f16((g), (in), (out), (lo), (hi), false)
#include "kiln_pool_flt_max_mve.inc"

#endif
