/*
 * Kiln — float32 convolution kernels, Helium (MVE float). The output-position kernel every GEMM-shaped route
 * uses (1x1, 1xN, conv1d k5/k3, packed-patch GEMM, arm_nn_mat_mult_*_f32): four output channels per vector,
 * sixteen per pass, each lane summing its channel's products in column order with fused multiply-adds, then
 * adding its bias and clamping (NaN kept, as the portable kernel). Standard weights are gathered (one
 * four-channel gather per column), NT_N_PACKED weights are loaded contiguously: both give the same bits.
 */
#include "Include/Internal/kiln_conv_flt.h"

#if ARM_NN_ENABLE_F32 && KILN_FLT_BUILD_MVE

static inline float32x4_t kiln_finish_f32x4(float32x4_t acc, const float32_t *bias, int32_t o, mve_pred16_t p,
                                            float32x4_t vlo, float32x4_t vhi, bool clamp)
{
    if (bias != NULL)
    {
        acc = vaddq_f32(acc, vldrwq_z_f32(bias + o, p));
    }
    if (clamp)
    {
        acc = vpselq_f32(vlo, acc, vcmpltq_f32(acc, vlo));
        acc = vpselq_f32(vhi, acc, vcmpgtq_f32(acc, vhi));
    }
    return acc;
}

/* n elements from s to d, four lanes per step, the tail predicated. */
static inline void kiln_copy_f32x4(float32_t *d, const float32_t *s, int32_t n)
{
    for (; n >= 4; n -= 4)
    {
        vstrwq_f32(d, vldrwq_f32(s));
        d += 4;
        s += 4;
    }
    if (n > 0)
    {
        const mve_pred16_t p = vctp32q((uint32_t)n);
        vstrwq_p_f32(d, vldrwq_z_f32(s, p), p);
    }
}

/* n copies of pad. */
static inline void kiln_fill_f32x4(float32_t *d, float32x4_t pad, int32_t n)
{
    for (; n >= 4; n -= 4)
    {
        vstrwq_f32(d, pad);
        d += 4;
    }
    if (n > 0)
    {
        vstrwq_p_f32(d, pad, vctp32q((uint32_t)n));
    }
}

void kiln_conv_flt_pack_patch_f32(const float32_t *in, const kiln_conv_flt_geom *g, int32_t out_y, int32_t out_x,
                                  float32_t pad_value, float32_t *patch_row)
{
    const int32_t c = g->in_c;
    const float32x4_t pad = vdupq_n_f32(pad_value);
    float32_t *d = patch_row;
    for (int32_t ky = 0; ky < g->k_h; ky++)
    {
        const int32_t iy = out_y * g->stride_h - g->pad_h + ky * g->dil_h;
        const bool row_in = iy >= 0 && iy < g->in_h;
        const float32_t *src_row = row_in ? in + (size_t)iy * (size_t)g->in_w * (size_t)c : NULL;
        const int32_t x0 = out_x * g->stride_w - g->pad_w;
        if (row_in && g->dil_w == 1 && x0 >= 0 && x0 <= g->in_w - g->k_w)
        {
            /* the whole filter row lies inside the input: one contiguous run of KW x C elements */
            kiln_copy_f32x4(d, src_row + (size_t)x0 * (size_t)c, g->k_w * c);
            d += (size_t)g->k_w * (size_t)c;
            continue;
        }
        for (int32_t kx = 0; kx < g->k_w; kx++)
        {
            const int32_t ix = x0 + kx * g->dil_w;
            const bool in_x = row_in && ix >= 0 && ix < g->in_w;
            if (in_x)
            {
                kiln_copy_f32x4(d, src_row + (size_t)ix * (size_t)c, c);
            }
            else
            {
                kiln_fill_f32x4(d, pad, c);
            }
            d += c;
        }
    }
}

void kiln_conv_flt_row_f32(const float32_t *lhs,
                           int32_t k,
                           const float32_t *w,
                           bool packed,
                           int32_t oc,
                           const float32_t *bias,
                           float32_t *dst,
                           float32_t lo,
                           float32_t hi,
                           bool clamp)
{
    const float32x4_t vlo = vdupq_n_f32(lo);
    const float32x4_t vhi = vdupq_n_f32(hi);
    const mve_pred16_t all = vctp32q(4u);
    /* standard: lane j of a gather reads channel o + j at column i, (o + j) * k + i */
    const uint32x4_t offs = vmulq_n_u32(vidupq_n_u32(0u, 1), (uint32_t)k);
    const size_t blk = (size_t)4 * (size_t)k; /* elements of 4 channels */
    int32_t o = 0;
    for (; o + 16 <= oc; o += 16)
    {
        float32x4_t a0 = vdupq_n_f32(0.0f), a1 = a0, a2 = a0, a3 = a0;
        const float32_t *b0 = w + (size_t)o * (size_t)k; /* both layouts: 4 channels = 4k elements */
        const float32_t *b1 = b0 + blk, *b2 = b1 + blk, *b3 = b2 + blk;
        if (packed)
        {
            for (int32_t i = 0; i < k; i++)
            {
                const float32_t x = lhs[i];
                a0 = vfmaq_n_f32(a0, vldrwq_f32(b0), x);
                a1 = vfmaq_n_f32(a1, vldrwq_f32(b1), x);
                a2 = vfmaq_n_f32(a2, vldrwq_f32(b2), x);
                a3 = vfmaq_n_f32(a3, vldrwq_f32(b3), x);
                b0 += 4;
                b1 += 4;
                b2 += 4;
                b3 += 4;
            }
        }
        else
        {
            for (int32_t i = 0; i < k; i++)
            {
                const float32_t x = lhs[i];
                a0 = vfmaq_n_f32(a0, vldrwq_gather_shifted_offset_f32(b0 + i, offs), x);
                a1 = vfmaq_n_f32(a1, vldrwq_gather_shifted_offset_f32(b1 + i, offs), x);
                a2 = vfmaq_n_f32(a2, vldrwq_gather_shifted_offset_f32(b2 + i, offs), x);
                a3 = vfmaq_n_f32(a3, vldrwq_gather_shifted_offset_f32(b3 + i, offs), x);
            }
        }
        vstrwq_f32(dst + o, kiln_finish_f32x4(a0, bias, o, all, vlo, vhi, clamp));
        vstrwq_f32(dst + o + 4, kiln_finish_f32x4(a1, bias, o + 4, all, vlo, vhi, clamp));
        vstrwq_f32(dst + o + 8, kiln_finish_f32x4(a2, bias, o + 8, all, vlo, vhi, clamp));
        vstrwq_f32(dst + o + 12, kiln_finish_f32x4(a3, bias, o + 12, all, vlo, vhi, clamp));
    }
    for (; o < oc; o += 4)
    {
        const mve_pred16_t p = vctp32q((uint32_t)(oc - o));
        float32x4_t a0 = vdupq_n_f32(0.0f);
        const float32_t *b0 = w + (size_t)o * (size_t)k;
        if (packed)
        {
            /* the packed tail block is zero-filled to 4 lanes: whole-vector loads stay inside it */
            for (int32_t i = 0; i < k; i++)
            {
                a0 = vfmaq_n_f32(a0, vldrwq_f32(b0), lhs[i]);
                b0 += 4;
            }
        }
        else
        {
            for (int32_t i = 0; i < k; i++)
            {
                a0 = vfmaq_n_f32(a0, vldrwq_gather_shifted_offset_z_f32(b0 + i, offs, p), lhs[i]);
            }
        }
        vstrwq_p_f32(dst + o, kiln_finish_f32x4(a0, bias, o, p, vlo, vhi, clamp), p);
    }
}

void kiln_conv_flt_row2_seg_f32(const float32_t *lhs0,
                                const float32_t *lhs1,
                                int32_t seg_len,
                                int32_t n_seg,
                                int32_t seg_stride,
                                const float32_t *w,
                            bool packed,
                            int32_t oc,
                            const float32_t *bias,
                            float32_t *dst0,
                            float32_t *dst1,
                            float32_t lo,
                            float32_t hi)
{
    const float32x4_t vlo = vdupq_n_f32(lo);
    const float32x4_t vhi = vdupq_n_f32(hi);
    const int32_t k = seg_len * n_seg;
    const uint32x4_t offs = vmulq_n_u32(vidupq_n_u32(0u, 1), (uint32_t)k);
    const size_t blk = (size_t)4 * (size_t)k;
    int32_t o = 0;
    /* two positions x eight channels: each weight vector feeds two accumulators. The lhs of each position is
     * n_seg runs of seg_len elements, seg_stride apart (one run when packed into a patch row). */
    for (; o + 8 <= oc; o += 8)
    {
        float32x4_t a0 = vdupq_n_f32(0.0f), a1 = a0, c0 = a0, c1 = a0;
        const float32_t *b0 = w + (size_t)o * (size_t)k;
        const float32_t *b1 = b0 + blk;
        for (int32_t sg = 0; sg < n_seg; sg++)
        {
            const float32_t *p0 = lhs0 + (size_t)sg * (size_t)seg_stride;
            const float32_t *p1 = lhs1 + (size_t)sg * (size_t)seg_stride;
            if (packed)
            {
                for (int32_t i = 0; i < seg_len; i++)
                {
                    const float32_t x0 = p0[i];
                    const float32_t x1 = p1[i];
                    const float32x4_t w0 = vldrwq_f32(b0);
                    const float32x4_t w1 = vldrwq_f32(b1);
                    a0 = vfmaq_n_f32(a0, w0, x0);
                    a1 = vfmaq_n_f32(a1, w1, x0);
                    c0 = vfmaq_n_f32(c0, w0, x1);
                    c1 = vfmaq_n_f32(c1, w1, x1);
                    b0 += 4;
                    b1 += 4;
                }
            }
            else
            {
                for (int32_t i = 0; i < seg_len; i++)
                {
                    const float32_t x0 = p0[i];
                    const float32_t x1 = p1[i];
                    const float32x4_t w0 = vldrwq_gather_shifted_offset_f32(b0, offs);
                    const float32x4_t w1 = vldrwq_gather_shifted_offset_f32(b1, offs);
                    a0 = vfmaq_n_f32(a0, w0, x0);
                    a1 = vfmaq_n_f32(a1, w1, x0);
                    c0 = vfmaq_n_f32(c0, w0, x1);
                    c1 = vfmaq_n_f32(c1, w1, x1);
                    b0++;
                    b1++;
                }
            }
        }
        const mve_pred16_t all = vctp32q(4u);
        vstrwq_f32(dst0 + o, kiln_finish_f32x4(a0, bias, o, all, vlo, vhi, true));
        vstrwq_f32(dst0 + o + 4, kiln_finish_f32x4(a1, bias, o + 4, all, vlo, vhi, true));
        vstrwq_f32(dst1 + o, kiln_finish_f32x4(c0, bias, o, all, vlo, vhi, true));
        vstrwq_f32(dst1 + o + 4, kiln_finish_f32x4(c1, bias, o + 4, all, vlo, vhi, true));
    }
    if (o < oc)
    {
        /* the remaining (< 8) channels: one position at a time, same per-lane order */
        const int32_t rest = oc - o;
        const float32_t *wr = w + (size_t)o * (size_t)k;
        const float32_t *br = bias != NULL ? bias + o : NULL;
        for (int32_t j = 0; j < 2; j++)
        {
            const float32_t *lhs = j == 0 ? lhs0 : lhs1;
            float32_t *dst = (j == 0 ? dst0 : dst1) + o;
            for (int32_t oo = 0; oo < rest; oo += 4)
            {
                const mve_pred16_t p = vctp32q((uint32_t)(rest - oo));
                float32x4_t a = vdupq_n_f32(0.0f);
                const float32_t *bw = wr + (size_t)oo * (size_t)k;
                for (int32_t sg = 0; sg < n_seg; sg++)
                {
                    const float32_t *pl = lhs + (size_t)sg * (size_t)seg_stride;
                    for (int32_t i = 0; i < seg_len; i++)
                    {
                        a = vfmaq_n_f32(a, packed ? vldrwq_f32(bw) : vldrwq_gather_shifted_offset_z_f32(bw, offs, p), pl[i]);
                        bw += packed ? 4 : 1;
                    }
                }
                vstrwq_p_f32(dst + oo, kiln_finish_f32x4(a, br, oo, p, vlo, vhi, true), p);
            }
        }
    }
}

void kiln_conv_flt_row2_f32(const float32_t *lhs0,
                            const float32_t *lhs1,
                            int32_t k,
                            const float32_t *w,
                            bool packed,
                            int32_t oc,
                            const float32_t *bias,
                            float32_t *dst0,
                            float32_t *dst1,
                            float32_t lo,
                            float32_t hi)
{
    kiln_conv_flt_row2_seg_f32(lhs0, lhs1, k, 1, 0, w, packed, oc, bias, dst0, dst1, lo, hi);
}

#endif /* ARM_NN_ENABLE_F32 && KILN_FLT_BUILD_MVE */
