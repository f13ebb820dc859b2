/*
 * Kiln — float16 depthwise convolution, Helium (MVE-F) kernels. 3x3 route with the portable kernels' numbers:
 * float32 accumulation of exact products of halves, the bias added in float32, one rounding to float16, then the
 * clamp. Eight channels per block (the tail predicated), split into even and odd lanes widened to float32; the
 * block's nine filter taps are widened once into a stack table, then every output position of the block runs. With
 * stride 1, two adjacent outputs whose filter columns are all inside the input run together: each input vector is
 * loaded and widened once for both.
 *
 * VCVTB/VCVTT between float16 and float32 come from Internal/kiln_mve_f16.h (the toolchain's assembler
 * mis-encodes the intrinsics' instructions).
 */
#include "Include/Internal/kiln_dw_flt.h"

#if ARM_NN_ENABLE_F16 && KILN_FLT_BUILD_MVE
#include "Include/Internal/kiln_mve_f16.h"


/* One output of the block: the taps inside the input, float32 sums of the even and odd lanes from zero. */
static inline void kiln_dw16_one(const kiln_dw_flt_geom *g, const float16_t *img, int32_t iy0, int32_t ky0,
                                 int32_t ky1, int32_t x, float32x4_t (*wf)[2], float32x4_t be, float32x4_t bo,
                                 mve_pred16_t p, float16x8_t vlo, float16x8_t vhi, float16_t *dst)
{
    const size_t c1 = (size_t)g->in_c;
    const size_t row = (size_t)g->in_w * c1;
    const int32_t ix0 = x * g->stride_w - g->pad_w;
    const int32_t kx0 = ix0 < 0 ? (-ix0 > 3 ? 3 : -ix0) : 0;
    int32_t kx1 = g->in_w - ix0;
    kx1 = kx1 < kx0 ? kx0 : (kx1 > 3 ? 3 : kx1);
    float32x4_t ae = vdupq_n_f32(0.0f), ao = vdupq_n_f32(0.0f);
    for (int32_t ky = ky0; ky < ky1; ky++)
    {
        const float16_t *s = img + (size_t)(iy0 + ky) * row;
        for (int32_t kx = kx0; kx < kx1; kx++)
        {
            const float16x8_t xv = vldrhq_z_f16(s + (size_t)(ix0 + kx) * c1, p);
            ae = vfmaq_f32(ae, kiln_mve_f16_bottom_to_f32(xv), wf[ky * 3 + kx][0]);
            ao = vfmaq_f32(ao, kiln_mve_f16_top_to_f32(xv), wf[ky * 3 + kx][1]);
        }
    }
    float16x8_t r = kiln_mve_f32_pair_to_f16(vaddq_f32(ae, be), vaddq_f32(ao, bo));
    r = vminnmq_f16(vmaxnmq_f16(r, vlo), vhi);
    vstrhq_p_f16(dst, r, p);
}

/* Pins the four sums in registers at this point (no instruction): GCC 12.2 otherwise hoists every load and
 * conversion of a filter row ahead of the multiply-adds and spills Q registers. */
static inline void kiln_dw16_pin(float32x4_t *e0, float32x4_t *o0, float32x4_t *e1, float32x4_t *o1)
{
    __asm__ volatile("" : "+w"(*e0), "+w"(*o0), "+w"(*e1), "+w"(*o1)::"memory");
}

/* Two adjacent outputs (stride 1, all filter columns inside the input) over the filter rows ky0..ky1-1: s at input
 * (iy0 + ky0, ix0) of the block. Each input vector is loaded and widened once and serves both outputs; the sums
 * run in the same tap order as kiln_dw16_one. Full eight-channel blocks only (the tail block runs per output). */
static inline void kiln_dw16_pair(const float16_t *s, size_t row, size_t c1, int32_t ky0, int32_t ky1,
                                  float32x4_t (*wf)[2], float32x4_t be, float32x4_t bo, float16x8_t vlo,
                                  float16x8_t vhi, float16_t *dst)
{
    float32x4_t e0 = vdupq_n_f32(0.0f), o0 = e0, e1 = e0, o1 = e0;
    for (int32_t ky = ky0; ky < ky1; ky++, s += row)
    {
        float32x4_t(*wr)[2] = wf + 3 * ky;
        float16x8_t xv = vld1q_f16(s);
        float32x4_t xb = kiln_mve_f16_bottom_to_f32(xv), xt = kiln_mve_f16_top_to_f32(xv);
        e0 = vfmaq_f32(e0, xb, wr[0][0]);
        o0 = vfmaq_f32(o0, xt, wr[0][1]);
        kiln_dw16_pin(&e0, &o0, &e1, &o1);
        xv = vld1q_f16(s + c1);
        xb = kiln_mve_f16_bottom_to_f32(xv);
        xt = kiln_mve_f16_top_to_f32(xv);
        e0 = vfmaq_f32(e0, xb, wr[1][0]);
        o0 = vfmaq_f32(o0, xt, wr[1][1]);
        e1 = vfmaq_f32(e1, xb, wr[0][0]);
        o1 = vfmaq_f32(o1, xt, wr[0][1]);
        kiln_dw16_pin(&e0, &o0, &e1, &o1);
        xv = vld1q_f16(s + 2 * c1);
        xb = kiln_mve_f16_bottom_to_f32(xv);
        xt = kiln_mve_f16_top_to_f32(xv);
        e0 = vfmaq_f32(e0, xb, wr[2][0]);
        o0 = vfmaq_f32(o0, xt, wr[2][1]);
        e1 = vfmaq_f32(e1, xb, wr[1][0]);
        o1 = vfmaq_f32(o1, xt, wr[1][1]);
        kiln_dw16_pin(&e0, &o0, &e1, &o1);
        xv = vld1q_f16(s + 3 * c1);
        xb = kiln_mve_f16_bottom_to_f32(xv);
        xt = kiln_mve_f16_top_to_f32(xv);
        e1 = vfmaq_f32(e1, xb, wr[2][0]);
        o1 = vfmaq_f32(o1, xt, wr[2][1]);
        kiln_dw16_pin(&e0, &o0, &e1, &o1);
    }
    float16x8_t r0 = kiln_mve_f32_pair_to_f16(vaddq_f32(e0, be), vaddq_f32(o0, bo));
    r0 = vminnmq_f16(vmaxnmq_f16(r0, vlo), vhi);
    float16x8_t r1 = kiln_mve_f32_pair_to_f16(vaddq_f32(e1, be), vaddq_f32(o1, bo));
    r1 = vminnmq_f16(vmaxnmq_f16(r1, vlo), vhi);
    vst1q_f16(dst, r0);
    vst1q_f16(dst + c1, r1);
}

void kiln_dw_flt_3x3_f16(const kiln_dw_flt_geom *g, const float16_t *in, const float16_t *w, const float16_t *bias,
                         float16_t *out, float16_t lo, float16_t hi)
{
    const int32_t c = g->in_c;
    const size_t c1 = (size_t)c;
    const size_t row = (size_t)g->in_w * c1;
    const float16x8_t vlo = vdupq_n_f16(lo);
    const float16x8_t vhi = vdupq_n_f16(hi);
    /* stride 1: outputs [xa, xb) have all three filter columns inside the input */
    int32_t xa = 0, xb = 0;
    if (g->stride_w == 1)
    {
        xa = g->pad_w < g->out_w ? g->pad_w : g->out_w;
        const int64_t e = (int64_t)g->in_w + g->pad_w - 2;
        xb = e < xa ? xa : (e > g->out_w ? g->out_w : (int32_t)e);
    }
    float32x4_t wf[9][2]; /* the block's taps widened: [tap][even, odd] */
    for (int32_t ch = 0; ch < c; ch += 8)
    {
        const mve_pred16_t p = vctp16q((uint32_t)(c - ch));
        const bool tail = c - ch < 8;
        for (int32_t k = 0; k < 9; k++)
        {
            const float16x8_t wv = vldrhq_z_f16(w + (size_t)k * c1 + ch, p);
            wf[k][0] = kiln_mve_f16_bottom_to_f32(wv);
            wf[k][1] = kiln_mve_f16_top_to_f32(wv);
        }
        float32x4_t be = vdupq_n_f32(0.0f), bo = vdupq_n_f32(0.0f);
        if (bias != NULL)
        {
            const float16x8_t bv = vldrhq_z_f16(bias + ch, p);
            be = kiln_mve_f16_bottom_to_f32(bv);
            bo = kiln_mve_f16_top_to_f32(bv);
        }
        for (int32_t b = 0; b < g->n; b++)
        {
            const float16_t *img = in + (size_t)b * (size_t)g->in_h * row + ch;
            float16_t *dst = out + (size_t)b * (size_t)g->out_h * (size_t)g->out_w * c1 + ch;
            for (int32_t y = 0; y < g->out_h; y++)
            {
                const int32_t iy0 = y * g->stride_h - g->pad_h;
                const int32_t ky0 = iy0 < 0 ? (-iy0 > 3 ? 3 : -iy0) : 0;
                int32_t ky1 = g->in_h - iy0;
                ky1 = ky1 < ky0 ? ky0 : (ky1 > 3 ? 3 : ky1);
                int32_t x = 0;
                for (; x < xa; x++, dst += c)
                {
                    kiln_dw16_one(g, img, iy0, ky0, ky1, x, wf, be, bo, p, vlo, vhi, dst);
                }
                if (ky1 > ky0 && !tail)
                {
                    /* s at input row iy0 + ky0: rows before it are skipped through ky0 */
                    const float16_t *srow = img + (size_t)(iy0 + ky0) * row;
                    for (; x + 1 < xb; x += 2, dst += 2 * c)
                    {
                        kiln_dw16_pair(srow + (size_t)(x - g->pad_w) * c1, row, c1, ky0, ky1, wf, be, bo, vlo, vhi,
                                       dst);
                    }
                }
                for (; x < g->out_w; x++, dst += c)
                {
                    kiln_dw16_one(g, img, iy0, ky0, ky1, x, wf, be, bo, p, vlo, vhi, dst);
                }
            }
        }
    }
}

#endif /* ARM_NN_ENABLE_F16 && KILN_FLT_BUILD_MVE */
