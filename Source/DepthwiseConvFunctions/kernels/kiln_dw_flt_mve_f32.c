/*
 * Kiln — float32 depthwise convolution, Helium (MVE-F) kernels. 3x3 route: four channels per vector (the tail
 * predicated), fused multiply-adds over the taps in (ky, kx) order from 0, then the bias, then the clamp.
 * With stride 1, two adjacent outputs whose filter columns are all inside the input run together (each input and
 * weight vector loaded once for both, the filter rows inside the input only); other windows loop over the taps
 * inside the input. Interior windows start the sum with the first product, border windows from zero. conv1d k3
 * and nt_t routes: the same four-channel vectors over their taps.
 */
#include "Include/Internal/kiln_dw_flt.h"

#if ARM_NN_ENABLE_F32 && KILN_FLT_BUILD_MVE
#include <arm_mve.h>

static inline void kiln_dw3_finish(float32x4_t acc, const float32_t *bias, int32_t ch, mve_pred16_t p,
                                   float32x4_t vlo, float32x4_t vhi, float32_t *dst)
{
    const float32x4_t b = bias != NULL ? vldrwq_z_f32(bias + ch, p) : vdupq_n_f32(0.0f);
    acc = vaddq_f32(acc, b);
    acc = vmaxnmq_f32(acc, vlo);
    acc = vminnmq_f32(acc, vhi);
    vstrwq_p_f32(dst + ch, acc, p);
}

/* One output window for channels [ch, ch + 4) under predicate p: filter rows ky0..ky1-1 and columns kx0..kx1-1
 * (s and wt at the window's first valid tap). mul_first: the first product starts the sum (interior windows);
 * otherwise the sum starts from zero (border windows). */
static inline float32x4_t kiln_dw3_win_p(const float32_t *s, const float32_t *wt, int32_t nky, int32_t nkx,
                                         size_t row, size_t c, mve_pred16_t p, bool mul_first)
{
    float32x4_t acc = vdupq_n_f32(0.0f);
    bool first = mul_first;
    for (int32_t ky = 0; ky < nky; ky++, s += row, wt += 3 * c)
    {
        const float32_t *sp = s;
        const float32_t *wp = wt;
        for (int32_t kx = 0; kx < nkx; kx++, sp += c, wp += c)
        {
            if (first)
            {
                acc = vmulq_f32(vldrwq_z_f32(sp, p), vldrwq_z_f32(wp, p));
                first = false;
            }
            else
            {
                acc = vfmaq_f32(acc, vldrwq_z_f32(sp, p), vldrwq_z_f32(wp, p));
            }
        }
    }
    return acc;
}

/* Two horizontally adjacent outputs (stride 1) of one filter row: output 0 reads input columns 0..2, output 1
 * columns 1..3; each input and weight vector is loaded once. */
static inline void kiln_dw3_pair_row(float32x4_t *a0, float32x4_t *a1, const float32_t *s, const float32_t *wt,
                                     size_t c)
{
    const float32x4_t w0 = vld1q_f32(wt);
    *a0 = vfmaq_f32(*a0, vld1q_f32(s), w0);
    const float32x4_t i1 = vld1q_f32(s + c);
    *a1 = vfmaq_f32(*a1, i1, w0);
    const float32x4_t w1 = vld1q_f32(wt + c);
    *a0 = vfmaq_f32(*a0, i1, w1);
    const float32x4_t i2 = vld1q_f32(s + 2 * c);
    *a1 = vfmaq_f32(*a1, i2, w1);
    const float32x4_t w2 = vld1q_f32(wt + 2 * c);
    *a0 = vfmaq_f32(*a0, i2, w2);
    *a1 = vfmaq_f32(*a1, vld1q_f32(s + 3 * c), w2);
}

/* First filter row of two adjacent interior outputs: the first products start the sums. */
static inline void kiln_dw3_pair_row0(float32x4_t *a0, float32x4_t *a1, const float32_t *s, const float32_t *wt,
                                      size_t c)
{
    const float32x4_t w0 = vld1q_f32(wt);
    *a0 = vmulq_f32(vld1q_f32(s), w0);
    const float32x4_t i1 = vld1q_f32(s + c);
    *a1 = vmulq_f32(i1, w0);
    const float32x4_t w1 = vld1q_f32(wt + c);
    *a0 = vfmaq_f32(*a0, i1, w1);
    const float32x4_t i2 = vld1q_f32(s + 2 * c);
    *a1 = vfmaq_f32(*a1, i2, w1);
    const float32x4_t w2 = vld1q_f32(wt + 2 * c);
    *a0 = vfmaq_f32(*a0, i2, w2);
    *a1 = vfmaq_f32(*a1, vld1q_f32(s + 3 * c), w2);
}

/* Bias, clamp and store of a two-output block. */
static inline void kiln_dw3_pair_store(float32x4_t a0, float32x4_t a1, float32x4_t bv, float32x4_t vlo,
                                       float32x4_t vhi, float32_t *d, size_t c)
{
    a0 = vminnmq_f32(vmaxnmq_f32(vaddq_f32(a0, bv), vlo), vhi);
    a1 = vminnmq_f32(vmaxnmq_f32(vaddq_f32(a1, bv), vlo), vhi);
    vst1q_f32(d, a0);
    vst1q_f32(d + c, a1);
}

/* Two adjacent interior outputs (stride 1, all nine taps inside the input): s at input (iy0, ix0) and channel 0.
 * The first product starts each sum; the channel tail runs predicated per output. */
static void kiln_dw3_pair_full(const float32_t *s, const float32_t *w, size_t row, int32_t c, const float32_t *bias,
                               float32x4_t vlo, float32x4_t vhi, float32_t *dst)
{
    const size_t c1 = (size_t)c;
    const int32_t blocks = c >> 2;
    const float32_t *s1 = s + row;
    const float32_t *s2 = s1 + row;
    const float32_t *w1 = w + 3 * c1;
    const float32_t *w2 = w1 + 3 * c1;
    for (int32_t i = 0; i < blocks; i++)
    {
        const size_t o = 4 * (size_t)i;
        float32x4_t a0, a1;
        /* the empty asm statements pin the sums after each filter row: GCC 12.2 otherwise interleaves the rows'
         * loads and spills Q registers */
        kiln_dw3_pair_row0(&a0, &a1, s + o, w + o, c1);
        __asm__ volatile("" : "+w"(a0), "+w"(a1)::"memory");
        kiln_dw3_pair_row(&a0, &a1, s1 + o, w1 + o, c1);
        __asm__ volatile("" : "+w"(a0), "+w"(a1)::"memory");
        kiln_dw3_pair_row(&a0, &a1, s2 + o, w2 + o, c1);
        kiln_dw3_pair_store(a0, a1, bias != NULL ? vld1q_f32(bias + o) : vdupq_n_f32(0.0f), vlo, vhi, dst + o, c1);
    }
    const int32_t ch = blocks << 2;
    if (ch < c)
    {
        const mve_pred16_t p = vctp32q((uint32_t)(c - ch));
        for (int32_t k = 0; k < 2; k++)
        {
            const float32x4_t acc = kiln_dw3_win_p(s + ch + (size_t)k * c1, w + ch, 3, 3, row, c1, p, true);
            kiln_dw3_finish(acc, bias, ch, p, vlo, vhi, dst + (size_t)k * c1);
        }
    }
}

/* Two adjacent outputs (stride 1, all filter columns inside the input) over the nky filter rows inside the input
 * (s at input (iy0 + ky0, ix0) and channel 0, wt at tap (ky0, 0)); the sums start from zero as on the border
 * path. */
static void kiln_dw3_pair_rows(const float32_t *s, const float32_t *wt, int32_t nky, size_t row, int32_t c,
                               const float32_t *bias, float32x4_t vlo, float32x4_t vhi, float32_t *dst)
{
    const size_t c1 = (size_t)c;
    const int32_t blocks = c >> 2;
    for (int32_t i = 0; i < blocks; i++)
    {
        const size_t o = 4 * (size_t)i;
        float32x4_t a0 = vdupq_n_f32(0.0f);
        float32x4_t a1 = a0;
        const float32_t *sp = s + o;
        const float32_t *wp = wt + o;
        for (int32_t r = 0; r < nky; r++, sp += row, wp += 3 * c1)
        {
            kiln_dw3_pair_row(&a0, &a1, sp, wp, c1);
        }
        kiln_dw3_pair_store(a0, a1, bias != NULL ? vld1q_f32(bias + o) : vdupq_n_f32(0.0f), vlo, vhi, dst + o, c1);
    }
    const int32_t ch = blocks << 2;
    if (ch < c)
    {
        const mve_pred16_t p = vctp32q((uint32_t)(c - ch));
        for (int32_t k = 0; k < 2; k++)
        {
            const float32x4_t acc = kiln_dw3_win_p(s + ch + (size_t)k * c1, wt + ch, nky, 3, row, c1, p, false);
            kiln_dw3_finish(acc, bias, ch, p, vlo, vhi, dst + (size_t)k * c1);
        }
    }
}

/* One output (any window): the taps inside the input, channels four at a time, the tail predicated. */
static void kiln_dw3_one(const kiln_dw_flt_geom *g, const float32_t *img, const float32_t *w, int32_t iy0,
                         int32_t ky0, int32_t ky1, int32_t x, const float32_t *bias, float32x4_t vlo, float32x4_t vhi,
                         float32_t *dst)
{
    const int32_t c = g->in_c;
    const size_t c1 = (size_t)c;
    const size_t row = (size_t)g->in_w * c1;
    const int32_t ix0 = x * g->stride_w - g->pad_w;
    const int32_t kx0 = ix0 < 0 ? (-ix0 > 3 ? 3 : -ix0) : 0;
    int32_t kx1 = g->in_w - ix0;
    kx1 = kx1 < kx0 ? kx0 : (kx1 > 3 ? 3 : kx1);
    const bool full = ky0 == 0 && ky1 == 3 && kx0 == 0 && kx1 == 3;
    /* no address is formed outside the image when no tap is inside it */
    const float32_t *s0 =
        ky1 > ky0 && kx1 > kx0 ? img + (size_t)(iy0 + ky0) * row + (size_t)(ix0 + kx0) * c1 : img;
    const float32_t *w0 = w + (size_t)(ky0 * 3 + kx0) * c1;
    for (int32_t ch = 0; ch < c; ch += 4)
    {
        const mve_pred16_t p = vctp32q((uint32_t)(c - ch));
        const float32x4_t acc = kiln_dw3_win_p(s0 + ch, w0 + ch, ky1 - ky0, kx1 - kx0, row, c1, p, full);
        kiln_dw3_finish(acc, bias, ch, p, vlo, vhi, dst);
    }
}

void kiln_dw_flt_3x3_f32(const kiln_dw_flt_geom *g, const float32_t *in, const float32_t *w, const float32_t *bias,
                         float32_t *out, float32_t lo, float32_t hi)
{
    const int32_t c = g->in_c;
    const size_t c1 = (size_t)c;
    const size_t row = (size_t)g->in_w * c1;
    const float32x4_t vlo = vdupq_n_f32(lo);
    const float32x4_t vhi = vdupq_n_f32(hi);
    /* stride 1: outputs [xa, xb) have all three filter columns inside the input */
    int32_t xa = 0, xb = 0;
    if (g->stride_w == 1)
    {
        xa = g->pad_w < g->out_w ? g->pad_w : g->out_w;
        const int64_t e = (int64_t)g->in_w + g->pad_w - 2;
        xb = e < xa ? xa : (e > g->out_w ? g->out_w : (int32_t)e);
    }
    float32_t *dst = out;
    for (int32_t b = 0; b < g->n; b++)
    {
        const float32_t *img = in + (size_t)b * (size_t)g->in_h * row;
        for (int32_t y = 0; y < g->out_h; y++)
        {
            const int32_t iy0 = y * g->stride_h - g->pad_h;
            const int32_t ky0 = iy0 < 0 ? (-iy0 > 3 ? 3 : -iy0) : 0;
            int32_t ky1 = g->in_h - iy0;
            ky1 = ky1 < ky0 ? ky0 : (ky1 > 3 ? 3 : ky1);
            int32_t x = 0;
            for (; x < xa; x++, dst += c)
            {
                kiln_dw3_one(g, img, w, iy0, ky0, ky1, x, bias, vlo, vhi, dst);
            }
            if (ky1 > ky0)
            {
                const float32_t *srow = img + (size_t)(iy0 + ky0) * row;
                if (ky0 == 0 && ky1 == 3)
                {
                    for (; x + 1 < xb; x += 2, dst += 2 * c)
                    {
                        kiln_dw3_pair_full(srow + (size_t)(x - g->pad_w) * c1, w, row, c, bias, vlo, vhi, dst);
                    }
                }
                else
                {
                    for (; x + 1 < xb; x += 2, dst += 2 * c)
                    {
                        kiln_dw3_pair_rows(srow + (size_t)(x - g->pad_w) * c1, w + (size_t)ky0 * 3 * c1,
                                           ky1 - ky0, row, c, bias, vlo, vhi, dst);
                    }
                }
            }
            for (; x < g->out_w; x++, dst += c)
            {
                kiln_dw3_one(g, img, w, iy0, ky0, ky1, x, bias, vlo, vhi, dst);
            }
        }
    }
}

void kiln_dw_flt_k3_f32(const float32_t *x, int32_t ch, const float32_t *w, const float32_t *bias, float32_t *out,
                        int32_t out_w, float32_t lo, float32_t hi, bool clamp)
{
    const float32x4_t vlo = vdupq_n_f32(lo);
    const float32x4_t vhi = vdupq_n_f32(hi);
    const size_t c1 = (size_t)ch, c2 = 2 * (size_t)ch;
    for (int32_t i = 0; i < out_w; i++)
    {
        const float32_t *s = x + (size_t)i * c1;
        float32_t *d = out + (size_t)i * c1;
        for (int32_t c = 0; c < ch; c += 4)
        {
            const mve_pred16_t p = vctp32q((uint32_t)(ch - c));
            float32x4_t acc = vmulq_f32(vldrwq_z_f32(s + c, p), vldrwq_z_f32(w + c, p));
            acc = vfmaq_f32(acc, vldrwq_z_f32(s + c1 + c, p), vldrwq_z_f32(w + c1 + c, p));
            acc = vfmaq_f32(acc, vldrwq_z_f32(s + c2 + c, p), vldrwq_z_f32(w + c2 + c, p));
            acc = vaddq_f32(acc, bias != NULL ? vldrwq_z_f32(bias + c, p) : vdupq_n_f32(0.0f));
            if (clamp)
            {
                acc = vminnmq_f32(vmaxnmq_f32(acc, vlo), vhi);
            }
            vstrwq_p_f32(d + c, acc, p);
        }
    }
}

void kiln_dw_flt_nt_t_f32(const float32_t *lhs, const float32_t *rhs, const float32_t *bias, float32_t *out,
                          int32_t rows, int32_t ch, int32_t taps, int32_t out_stride, float32_t lo, float32_t hi)
{
    const float32x4_t vlo = vdupq_n_f32(lo);
    const float32x4_t vhi = vdupq_n_f32(hi);
    for (int32_t r = 0; r < rows; r++)
    {
        const float32_t *l = lhs + (size_t)r * (size_t)taps * (size_t)ch;
        float32_t *d = out + (size_t)r * (size_t)out_stride;
        for (int32_t c = 0; c < ch; c += 4)
        {
            const mve_pred16_t p = vctp32q((uint32_t)(ch - c));
            float32x4_t acc = vdupq_n_f32(0.0f);
            const float32_t *lk = l + c;
            const float32_t *rk = rhs + c;
            for (int32_t k = 0; k < taps; k++, lk += ch, rk += ch)
            {
                acc = vfmaq_f32(acc, vldrwq_z_f32(lk, p), vldrwq_z_f32(rk, p));
            }
            kiln_dw3_finish(acc, bias, c, p, vlo, vhi, d);
        }
    }
}

#endif /* ARM_NN_ENABLE_F32 && KILN_FLT_BUILD_MVE */
