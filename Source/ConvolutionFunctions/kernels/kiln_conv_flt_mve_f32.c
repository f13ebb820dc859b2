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
                /* lane j gathers channel o + j (o + 4 + j) at column i from fixed bases: one offset step per
                 * column serves both gathers */
                uint32x4_t of = offs;
                for (int32_t i = 0; i < seg_len; i++)
                {
                    const float32_t x0 = p0[i];
                    const float32_t x1 = p1[i];
                    const float32x4_t w0 = vldrwq_gather_shifted_offset_f32(b0, of);
                    const float32x4_t w1 = vldrwq_gather_shifted_offset_f32(b1, of);
                    a0 = vfmaq_n_f32(a0, w0, x0);
                    a1 = vfmaq_n_f32(a1, w1, x0);
                    c0 = vfmaq_n_f32(c0, w0, x1);
                    c1 = vfmaq_n_f32(c1, w1, x1);
                    of = vaddq_n_u32(of, 1u);
                }
                b0 += seg_len;
                b1 += seg_len;
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

/* ---- direct route (and small-C shapes): only the taps inside the input ------------------------------------- */

/* The valid taps of one or two output positions: n_outer x n_inner runs of seg_len elements. Run (r, i) of position
 * p starts at x[p] + r * so + i * si and meets weight columns from wk0 + r * wk_outer + i * wk_inner. */
typedef struct
{
    const float32_t *x[2];
    ptrdiff_t so, si;
    int32_t seg_len, n_inner, n_outer;
    int32_t wk0, wk_outer, wk_inner;
} kiln_taps_f32;

/* Up to eight channels (nv vectors of four: live lanes p0, p1) of npos positions; k: the weight row length. */
static inline __attribute__((always_inline)) void kiln_direct_block_f32(const kiln_taps_f32 *t, const int npos,
                                                                        const int nv, const bool packed,
                                                                        const float32_t *wb, int32_t k,
                                                                        uint32x4_t offs, mve_pred16_t p0,
                                                                        mve_pred16_t p1, const float32_t *bias,
                                                                        float32_t *d0, float32_t *d1, float32x4_t vlo,
                                                                        float32x4_t vhi)
{
    float32x4_t a0 = vdupq_n_f32(0.0f), a1 = a0, c0 = a0, c1 = a0;
    const size_t ws = packed ? 4u : 1u;
    const float32_t *wb1 = wb + (size_t)4 * (size_t)k; /* the next four channels, both layouts */
    for (int32_t r = 0; r < t->n_outer; r++)
    {
        for (int32_t i = 0; i < t->n_inner; i++)
        {
            const float32_t *x0 = t->x[0] + r * t->so + i * t->si;
            const float32_t *x1 = t->x[1] + r * t->so + i * t->si;
            const size_t kk = (size_t)(t->wk0 + r * t->wk_outer + i * t->wk_inner) * ws;
            const float32_t *w0 = wb + kk;
            const float32_t *w1 = wb1 + kk;
            uint32x4_t of = offs; /* standard: fixed bases, one offset step per column */
            for (int32_t n = 0; n < t->seg_len; n++)
            {
                const float32x4_t v0 = packed ? vldrwq_f32(w0) : vldrwq_gather_shifted_offset_z_f32(wb + kk, of, p0);
                const float32_t s0 = x0[n];
                a0 = vfmaq_n_f32(a0, v0, s0);
                if (npos == 2)
                {
                    c0 = vfmaq_n_f32(c0, v0, x1[n]);
                }
                if (nv == 2)
                {
                    const float32x4_t v1 =
                        packed ? vldrwq_f32(w1) : vldrwq_gather_shifted_offset_z_f32(wb1 + kk, of, p1);
                    a1 = vfmaq_n_f32(a1, v1, s0);
                    if (npos == 2)
                    {
                        c1 = vfmaq_n_f32(c1, v1, x1[n]);
                    }
                }
                if (packed)
                {
                    w0 += ws;
                    w1 += ws;
                }
                else
                {
                    of = vaddq_n_u32(of, 1u);
                }
            }
        }
    }
    vstrwq_p_f32(d0, kiln_finish_f32x4(a0, bias, 0, p0, vlo, vhi, true), p0);
    if (nv == 2)
    {
        vstrwq_p_f32(d0 + 4, kiln_finish_f32x4(a1, bias, 4, p1, vlo, vhi, true), p1);
    }
    if (npos == 2)
    {
        vstrwq_p_f32(d1, kiln_finish_f32x4(c0, bias, 0, p0, vlo, vhi, true), p0);
        if (nv == 2)
        {
            vstrwq_p_f32(d1 + 4, kiln_finish_f32x4(c1, bias, 4, p1, vlo, vhi, true), p1);
        }
    }
}

#define KILN_DIRECT_F32_FN(name, npos, nv, packed)                                                                 \
    static void name(const kiln_taps_f32 *t, const float32_t *wb, int32_t k, uint32x4_t offs, mve_pred16_t p0,   \
                     mve_pred16_t p1, const float32_t *bias, float32_t *d0, float32_t *d1, float32x4_t vlo,       \
                     float32x4_t vhi)                                                                             \
    {                                                                                                              \
        kiln_direct_block_f32(t, npos, nv, packed, wb, k, offs, p0, p1, bias, d0, d1, vlo, vhi);                   \
    }
KILN_DIRECT_F32_FN(kiln_direct_f32_p22, 2, 2, true)
KILN_DIRECT_F32_FN(kiln_direct_f32_p21, 2, 1, true)
KILN_DIRECT_F32_FN(kiln_direct_f32_p12, 1, 2, true)
KILN_DIRECT_F32_FN(kiln_direct_f32_p11, 1, 1, true)
KILN_DIRECT_F32_FN(kiln_direct_f32_s22, 2, 2, false)
KILN_DIRECT_F32_FN(kiln_direct_f32_s21, 2, 1, false)
KILN_DIRECT_F32_FN(kiln_direct_f32_s12, 1, 2, false)
KILN_DIRECT_F32_FN(kiln_direct_f32_s11, 1, 1, false)

typedef void (*kiln_direct_f32_fn)(const kiln_taps_f32 *, const float32_t *, int32_t, uint32x4_t, mve_pred16_t,
                                   mve_pred16_t, const float32_t *, float32_t *, float32_t *, float32x4_t,
                                   float32x4_t);

/* First tap t in [0, k) with 0 <= base + t * dil < size, and one past the last (t0 == t1: none). */
static inline void kiln_taps_range_f32(int32_t base, int32_t k, int32_t dil, int32_t size, int32_t *t0, int32_t *t1)
{
    const int64_t b = base;
    int64_t lo = b < 0 ? (-b + dil - 1) / dil : 0;
    int64_t hi = b > (int64_t)size - 1 ? 0 : ((int64_t)size - 1 - b) / dil + 1;
    hi = hi < k ? hi : k;
    lo = lo < k ? lo : k;
    *t0 = (int32_t)lo;
    *t1 = (int32_t)(hi > lo ? hi : lo);
}

/*
 * The direct route on Helium (also the small-C shapes): each output channel sums the products of the taps inside
 * the input in patch order (ky, kx, c), then adds its bias and clamps — the portable kernel's order, so the same
 * bits. Eight channels per pass (two vectors), neighbouring output columns with the same valid taps in pairs
 * sharing every weight load; per filter row one run of valid taps (unit width dilation) or one run per tap.
 */
void kiln_conv_flt_direct_f32(const kiln_conv_flt_geom *g, const float32_t *in, const float32_t *w,
                              const float32_t *bias, float32_t *out, float32_t lo, float32_t hi, int32_t x_begin)
{
    const int32_t c = g->in_c;
    const int32_t row = g->k_h * g->k_w * c;
    const float32x4_t vlo = vdupq_n_f32(lo), vhi = vdupq_n_f32(hi);
    const uint32x4_t offs = vmulq_n_u32(vidupq_n_u32(0u, 1), (uint32_t)(g->packed ? 0 : row));
    static const kiln_direct_f32_fn fns[2][2][2] = {
        {{kiln_direct_f32_s11, kiln_direct_f32_s12}, {kiln_direct_f32_s21, kiln_direct_f32_s22}},
        {{kiln_direct_f32_p11, kiln_direct_f32_p12}, {kiln_direct_f32_p21, kiln_direct_f32_p22}}};
    for (int32_t b = 0; b < g->n; b++)
    {
        const float32_t *img = in + (size_t)b * (size_t)g->in_h * (size_t)g->in_w * (size_t)c;
        for (int32_t y = 0; y < g->out_h; y++)
        {
            const int32_t by = y * g->stride_h - g->pad_h;
            int32_t ky0, ky1;
            kiln_taps_range_f32(by, g->k_h, g->dil_h, g->in_h, &ky0, &ky1);
            float32_t *dst = out + (((size_t)b * (size_t)g->out_h + (size_t)y) * (size_t)g->out_w + (size_t)x_begin) *
                    (size_t)g->out_c;
            int32_t x = x_begin;
            while (x < g->out_w)
            {
                const int32_t bx = x * g->stride_w - g->pad_w;
                int32_t kx0, kx1;
                kiln_taps_range_f32(bx, g->k_w, g->dil_w, g->in_w, &kx0, &kx1);
                int npos = 1;
                if (x + 1 < g->out_w)
                {
                    int32_t nx0, nx1;
                    kiln_taps_range_f32(bx + g->stride_w, g->k_w, g->dil_w, g->in_w, &nx0, &nx1);
                    npos = (nx0 == kx0 && nx1 == kx1) ? 2 : 1;
                }
                kiln_taps_f32 t;
                const int32_t ntx = kx1 - kx0;
                t.seg_len = g->dil_w == 1 ? ntx * c : c;
                t.n_inner = g->dil_w == 1 ? 1 : ntx;
                t.n_outer = (ntx > 0) ? ky1 - ky0 : 0;
                t.wk0 = (ky0 * g->k_w + kx0) * c;
                t.wk_inner = c;
                t.wk_outer = g->k_w * c;
                t.so = t.n_outer > 1 ? (ptrdiff_t)((size_t)g->dil_h * (size_t)g->in_w * (size_t)c) : 0;
                t.si = (ptrdiff_t)g->dil_w * c;
                t.x[0] = img;
                t.x[1] = img;
                if (t.n_outer > 0)
                {
                    const int32_t iy = by + ky0 * g->dil_h;
                    for (int j = 0; j < npos; j++)
                    {
                        const int32_t ix = bx + j * g->stride_w + kx0 * g->dil_w;
                        t.x[j] = img + ((size_t)iy * (size_t)g->in_w + (size_t)ix) * (size_t)c;
                    }
                }
                float32_t *d1 = npos == 2 ? dst + g->out_c : NULL;
                for (int32_t o = 0; o < g->out_c; o += 8)
                {
                    const int32_t rem = g->out_c - o;
                    const int nv = rem > 4 ? 2 : 1;
                    const mve_pred16_t p0 = vctp32q((uint32_t)(rem < 4 ? rem : 4));
                    const mve_pred16_t p1 = vctp32q((uint32_t)(rem > 8 ? 4 : (rem > 4 ? rem - 4 : 0)));
                    fns[g->packed ? 1 : 0][npos - 1][nv - 1](&t, w + (size_t)o * (size_t)row, row, offs, p0, p1,
                                                             bias != NULL ? bias + o : NULL, dst + o,
                                                             d1 != NULL ? d1 + o : NULL, vlo, vhi);
                }
                dst += (size_t)npos * (size_t)g->out_c;
                x += npos;
            }
        }
    }
}

#endif /* ARM_NN_ENABLE_F32 && KILN_FLT_BUILD_MVE */
