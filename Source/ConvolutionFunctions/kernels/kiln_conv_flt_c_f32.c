/*
 * Kiln — float32 convolution kernels, portable C. Used on every backend (the M4 has no float SIMD); on
 * MVE-float builds the output-position kernel kiln_conv_flt_row_f32 comes from kiln_conv_flt_mve_f32.c.
 *
 * Accumulation order, shared by every route so that routes differ only in which taps they visit:
 * each output channel starts at 0, adds lhs[k] * w(o, k) for k ascending (patch order ky, kx, c),
 * then adds its bias and clamps. Taps outside the input are skipped (direct) or contribute
 * pad_value 0 (patch rows).
 */
#include "Include/Internal/kiln_conv_flt.h"

#if ARM_NN_ENABLE_F32

static inline float32_t kiln_clamp_f32(float32_t v, float32_t lo, float32_t hi)
{
    v = v < lo ? lo : v;
    return v > hi ? hi : v;
}

/* Weight pointer of channel o at k = 0 and the step between consecutive k. */
static inline const float32_t *kiln_w_base_f32(const float32_t *w, bool packed, int32_t o, int32_t k)
{
    if (packed)
    {
        const int32_t blk = o / KILN_CONV_F32_LANES;
        return w + (size_t)blk * (size_t)k * KILN_CONV_F32_LANES + (size_t)(o - blk * KILN_CONV_F32_LANES);
    }
    return w + (size_t)o * (size_t)k;
}

/* acc[0..3] += sum over n of x[i] * w_j[i * ks] (four channels sharing the lhs loads). */
static inline void kiln_dot4_f32(const float32_t *x, int32_t n, const float32_t *w0, const float32_t *w1,
                                 const float32_t *w2, const float32_t *w3, int32_t ks, float32_t acc[4])
{
    float32_t a0 = acc[0], a1 = acc[1], a2 = acc[2], a3 = acc[3];
    if (ks == 1)
    {
        for (int32_t i = 0; i < n; i++)
        {
            const float32_t v = x[i];
            a0 += v * w0[i];
            a1 += v * w1[i];
            a2 += v * w2[i];
            a3 += v * w3[i];
        }
    }
    else
    {
        /* packed: w1 = w0 + 1, ... and consecutive k are ks apart */
        const float32_t *wp = w0;
        for (int32_t i = 0; i < n; i++)
        {
            const float32_t v = x[i];
            a0 += v * wp[0];
            a1 += v * wp[1];
            a2 += v * wp[2];
            a3 += v * wp[3];
            wp += ks;
        }
        (void)w1;
        (void)w2;
        (void)w3;
    }
    acc[0] = a0;
    acc[1] = a1;
    acc[2] = a2;
    acc[3] = a3;
}

static inline float32_t kiln_dot1_f32(const float32_t *x, int32_t n, const float32_t *w, int32_t ks, float32_t acc)
{
    for (int32_t i = 0; i < n; i++)
    {
        acc += x[i] * w[(size_t)i * (size_t)ks];
    }
    return acc;
}

/* Two positions sharing the weight loads: a[0..3] += sum x0[i] * w_j[i * ks], b[0..3] the same with x1. Each
 * accumulator takes its products in the order kiln_dot4_f32 does (i ascending): the same bits. */
static inline void kiln_dot2x4_f32(const float32_t *x0, const float32_t *x1, int32_t n, const float32_t *w0,
                                   const float32_t *w1, const float32_t *w2, const float32_t *w3, int32_t ks,
                                   float32_t a[4], float32_t b[4])
{
    float32_t a0 = a[0], a1 = a[1], a2 = a[2], a3 = a[3];
    float32_t b0 = b[0], b1 = b[1], b2 = b[2], b3 = b[3];
    if (ks == 1)
    {
        for (int32_t i = 0; i < n; i++)
        {
            const float32_t u = x0[i], v = x1[i];
            const float32_t c0 = w0[i], c1 = w1[i], c2 = w2[i], c3 = w3[i];
            a0 += u * c0;
            b0 += v * c0;
            a1 += u * c1;
            b1 += v * c1;
            a2 += u * c2;
            b2 += v * c2;
            a3 += u * c3;
            b3 += v * c3;
        }
    }
    else
    {
        /* packed: w1 = w0 + 1, ... and consecutive k are ks apart */
        const float32_t *wp = w0;
        for (int32_t i = 0; i < n; i++)
        {
            const float32_t u = x0[i], v = x1[i];
            const float32_t c0 = wp[0], c1 = wp[1], c2 = wp[2], c3 = wp[3];
            a0 += u * c0;
            b0 += v * c0;
            a1 += u * c1;
            b1 += v * c1;
            a2 += u * c2;
            b2 += v * c2;
            a3 += u * c3;
            b3 += v * c3;
            wp += ks;
        }
        (void)w1;
        (void)w2;
        (void)w3;
    }
    a[0] = a0;
    a[1] = a1;
    a[2] = a2;
    a[3] = a3;
    b[0] = b0;
    b[1] = b1;
    b[2] = b2;
    b[3] = b3;
}

/* Two positions' outputs from their accumulators (four channels from o, or m < 4 of them). */
static inline void kiln_store2_f32(const float32_t *a, const float32_t *b, int32_t m, const float32_t *bias, int32_t o,
                                   float32_t *dst0, float32_t *dst1, float32_t lo, float32_t hi)
{
    for (int32_t j = 0; j < m; j++)
    {
        const float32_t bj = bias != NULL ? bias[o + j] : 0.0f;
        dst0[o + j] = kiln_clamp_f32(a[j] + bj, lo, hi);
        dst1[o + j] = kiln_clamp_f32(b[j] + bj, lo, hi);
    }
}

#if !KILN_FLT_BUILD_MVE /* Helium: kernels/kiln_conv_flt_mve_f32.c */
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
    const int32_t ks = packed ? KILN_CONV_F32_LANES : 1;
    int32_t o = 0;
    for (; o + 4 <= oc; o += 4)
    {
        float32_t acc[4] = {0.0f, 0.0f, 0.0f, 0.0f};
        const float32_t *w0 = kiln_w_base_f32(w, packed, o, k);
        kiln_dot4_f32(lhs,
                      k,
                      w0,
                      kiln_w_base_f32(w, packed, o + 1, k),
                      kiln_w_base_f32(w, packed, o + 2, k),
                      kiln_w_base_f32(w, packed, o + 3, k),
                      ks,
                      acc);
        for (int32_t j = 0; j < 4; j++)
        {
            float32_t v = acc[j] + (bias != NULL ? bias[o + j] : 0.0f);
            dst[o + j] = clamp ? kiln_clamp_f32(v, lo, hi) : v;
        }
    }
    for (; o < oc; o++)
    {
        float32_t v = kiln_dot1_f32(lhs, k, kiln_w_base_f32(w, packed, o, k), ks, 0.0f);
        v += bias != NULL ? bias[o] : 0.0f;
        dst[o] = clamp ? kiln_clamp_f32(v, lo, hi) : v;
    }
}

/* One position whose lhs is n_seg runs of seg_len elements, seg_stride apart; same order as the packed row. */
static void kiln_row_seg_f32(const float32_t *lhs, int32_t seg_len, int32_t n_seg, int32_t seg_stride,
                             const float32_t *w, bool packed, int32_t oc, const float32_t *bias, float32_t *dst,
                             float32_t lo, float32_t hi, int32_t o_begin)
{
    const int32_t k = seg_len * n_seg;
    const int32_t ks = packed ? KILN_CONV_F32_LANES : 1;
    for (int32_t o = o_begin; o < oc; o += 4)
    {
        const int32_t m = oc - o < 4 ? oc - o : 4;
        float32_t acc[4] = {0.0f, 0.0f, 0.0f, 0.0f};
        for (int32_t sg = 0; sg < n_seg; sg++)
        {
            const float32_t *x = lhs + (size_t)sg * (size_t)seg_stride;
            const size_t k0 = (size_t)sg * (size_t)seg_len * (size_t)ks;
            if (m == 4)
            {
                kiln_dot4_f32(x,
                              seg_len,
                              kiln_w_base_f32(w, packed, o, k) + k0,
                              kiln_w_base_f32(w, packed, o + 1, k) + k0,
                              kiln_w_base_f32(w, packed, o + 2, k) + k0,
                              kiln_w_base_f32(w, packed, o + 3, k) + k0,
                              ks,
                              acc);
            }
            else
            {
                for (int32_t j = 0; j < m; j++)
                {
                    acc[j] = kiln_dot1_f32(x, seg_len, kiln_w_base_f32(w, packed, o + j, k) + k0, ks, acc[j]);
                }
            }
        }
        for (int32_t j = 0; j < m; j++)
        {
            dst[o + j] = kiln_clamp_f32(acc[j] + (bias != NULL ? bias[o + j] : 0.0f), lo, hi);
        }
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
    /* Four channels of both positions at a time (the weight loads shared); the last oc % 4 channels one
     * position after the other, as kiln_row_seg_f32. */
    const int32_t k = seg_len * n_seg;
    const int32_t ks = packed ? KILN_CONV_F32_LANES : 1;
    int32_t o = 0;
    for (; o + 4 <= oc; o += 4)
    {
        float32_t a[4] = {0.0f, 0.0f, 0.0f, 0.0f}, b[4] = {0.0f, 0.0f, 0.0f, 0.0f};
        for (int32_t sg = 0; sg < n_seg; sg++)
        {
            const size_t xo = (size_t)sg * (size_t)seg_stride;
            const size_t k0 = (size_t)sg * (size_t)seg_len * (size_t)ks;
            kiln_dot2x4_f32(lhs0 + xo, lhs1 + xo, seg_len, kiln_w_base_f32(w, packed, o, k) + k0,
                            kiln_w_base_f32(w, packed, o + 1, k) + k0, kiln_w_base_f32(w, packed, o + 2, k) + k0,
                            kiln_w_base_f32(w, packed, o + 3, k) + k0, ks, a, b);
        }
        kiln_store2_f32(a, b, 4, bias, o, dst0, dst1, lo, hi);
    }
    if (o < oc)
    {
        kiln_row_seg_f32(lhs0, seg_len, n_seg, seg_stride, w, packed, oc, bias, dst0, lo, hi, o);
        kiln_row_seg_f32(lhs1, seg_len, n_seg, seg_stride, w, packed, oc, bias, dst1, lo, hi, o);
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
    /* Four channels of both positions at a time (the weight loads shared, 2.75 loads and products per MAC
     * against 3.25 one position at a time); the last oc % 4 channels as kiln_conv_flt_row_f32. */
    const int32_t ks = packed ? KILN_CONV_F32_LANES : 1;
    int32_t o = 0;
    for (; o + 4 <= oc; o += 4)
    {
        float32_t a[4] = {0.0f, 0.0f, 0.0f, 0.0f}, b[4] = {0.0f, 0.0f, 0.0f, 0.0f};
        kiln_dot2x4_f32(lhs0, lhs1, k, kiln_w_base_f32(w, packed, o, k), kiln_w_base_f32(w, packed, o + 1, k),
                        kiln_w_base_f32(w, packed, o + 2, k), kiln_w_base_f32(w, packed, o + 3, k), ks, a, b);
        kiln_store2_f32(a, b, 4, bias, o, dst0, dst1, lo, hi);
    }
    for (; o < oc; o++)
    {
        const float32_t *wo = kiln_w_base_f32(w, packed, o, k);
        const float32_t a = kiln_dot1_f32(lhs0, k, wo, ks, 0.0f);
        const float32_t b = kiln_dot1_f32(lhs1, k, wo, ks, 0.0f);
        kiln_store2_f32(&a, &b, 1, bias, o, dst0, dst1, lo, hi);
    }
}
#endif /* !KILN_FLT_BUILD_MVE */

void kiln_conv_flt_1x1_f32(const kiln_conv_flt_geom *g, const float32_t *in, const float32_t *w,
                           const float32_t *bias, float32_t *out, float32_t lo, float32_t hi)
{
    float32_t *dst = out;
    for (int32_t b = 0; b < g->n; b++)
    {
        const float32_t *img = in + (size_t)b * (size_t)g->in_h * (size_t)g->in_w * (size_t)g->in_c;
        for (int32_t y = 0; y < g->out_h; y++)
        {
            const float32_t *src_row = img + (size_t)y * (size_t)g->stride_h * (size_t)g->in_w * (size_t)g->in_c;
            const size_t step = (size_t)g->stride_w * (size_t)g->in_c;
            int32_t x = 0;
            for (; x + 2 <= g->out_w; x += 2)
            {
                const float32_t *src = src_row + (size_t)x * step;
                kiln_conv_flt_row2_f32(src, src + step, g->in_c, w, g->packed, g->out_c, bias, dst, dst + g->out_c, lo, hi);
                dst += 2 * (size_t)g->out_c;
            }
            if (x < g->out_w)
            {
                kiln_conv_flt_row_f32(src_row + (size_t)x * step, g->in_c, w, g->packed, g->out_c, bias, dst, lo, hi, true);
                dst += g->out_c;
            }
        }
    }
}

void kiln_conv_flt_1xn_f32(const kiln_conv_flt_geom *g, const float32_t *in, const float32_t *w,
                           const float32_t *bias, float32_t *out, float32_t lo, float32_t hi, float32_t *scratch)
{
    /* Height 1 everywhere, unit dilation: the window of output x is KW x C contiguous input elements. */
    const int32_t c = g->in_c;
    const int32_t row = g->k_w * c;
    float32_t *dst = out;
    for (int32_t b = 0; b < g->n; b++)
    {
        const float32_t *img = in + (size_t)b * (size_t)g->in_w * (size_t)c;
        for (int32_t x = 0; x < g->out_w; x++)
        {
            const int32_t x0 = x * g->stride_w - g->pad_w;
            const float32_t *lhs;
            if (x0 >= 0 && x0 <= g->in_w - g->k_w)
            {
                lhs = img + (size_t)x0 * (size_t)c;
            }
            else
            {
                for (int32_t kx = 0; kx < g->k_w; kx++)
                {
                    const int32_t ix = x0 + kx;
                    float32_t *d = scratch + (size_t)kx * (size_t)c;
                    if (ix >= 0 && ix < g->in_w)
                    {
                        memcpy(d, img + (size_t)ix * (size_t)c, (size_t)c * sizeof(float32_t));
                    }
                    else
                    {
                        for (int32_t i = 0; i < c; i++)
                        {
                            d[i] = 0.0f;
                        }
                    }
                }
                lhs = scratch;
            }
            kiln_conv_flt_row_f32(lhs, row, w, g->packed, g->out_c, bias, dst, lo, hi, true);
            dst += g->out_c;
        }
    }
}

void kiln_conv_flt_conv1d_f32(const float32_t *x, int32_t in_c, int32_t k, const float32_t *w, bool packed,
                              const float32_t *bias, float32_t *out, int32_t out_c, int32_t out_w, float32_t lo,
                              float32_t hi, bool clamp)
{
    const int32_t row = k * in_c;
    int32_t ox = 0;
    if (clamp)
    {
        for (; ox + 2 <= out_w; ox += 2)
        {
            const float32_t *src = x + (size_t)ox * (size_t)in_c;
            float32_t *d = out + (size_t)ox * (size_t)out_c;
            kiln_conv_flt_row2_f32(src, src + in_c, row, w, packed, out_c, bias, d, d + out_c, lo, hi);
        }
    }
    for (; ox < out_w; ox++)
    {
        kiln_conv_flt_row_f32(x + (size_t)ox * (size_t)in_c,
                              row,
                              w,
                              packed,
                              out_c,
                              bias,
                              out + (size_t)ox * (size_t)out_c,
                              lo,
                              hi,
                              clamp);
    }
}

#if !KILN_FLT_BUILD_MVE /* Helium: kernels/kiln_conv_flt_mve_f32.c */
void kiln_conv_flt_pack_patch_f32(const float32_t *in, const kiln_conv_flt_geom *g, int32_t out_y, int32_t out_x,
                                  float32_t pad_value, float32_t *patch_row)
{
    const int32_t c = g->in_c;
    float32_t *d = patch_row;
    for (int32_t ky = 0; ky < g->k_h; ky++)
    {
        const int32_t iy = out_y * g->stride_h - g->pad_h + ky * g->dil_h;
        for (int32_t kx = 0; kx < g->k_w; kx++)
        {
            const int32_t ix = out_x * g->stride_w - g->pad_w + kx * g->dil_w;
            if (iy >= 0 && iy < g->in_h && ix >= 0 && ix < g->in_w)
            {
                memcpy(d, in + ((size_t)iy * (size_t)g->in_w + (size_t)ix) * (size_t)c, (size_t)c * sizeof(float32_t));
            }
            else
            {
                for (int32_t i = 0; i < c; i++)
                {
                    d[i] = pad_value;
                }
            }
            d += c;
        }
    }
}
#endif /* !KILN_FLT_BUILD_MVE */

void kiln_conv_flt_patch_gemm_f32(const kiln_conv_flt_geom *g, const float32_t *in, const float32_t *w,
                                  const float32_t *bias, float32_t *out, float32_t lo, float32_t hi,
                                  float32_t *scratch, int32_t scratch_rows)
{
    const int32_t row = g->k_h * g->k_w * g->in_c;
    float32_t *dst = out;
    for (int32_t b = 0; b < g->n; b++)
    {
        const float32_t *img = in + (size_t)b * (size_t)g->in_h * (size_t)g->in_w * (size_t)g->in_c;
        for (int32_t y = 0; y < g->out_h; y++)
        {
            int32_t x = 0;
            const int32_t iy0 = y * g->stride_h - g->pad_h;
            const bool rows_in = iy0 >= 0 && (int64_t)iy0 + (int64_t)(g->k_h - 1) * g->dil_h < g->in_h;
            for (; x + 2 <= g->out_w; x += 2)
            {
                const int32_t ix0 = x * g->stride_w - g->pad_w;
                if (rows_in && g->dil_w == 1 && ix0 >= 0 && (int64_t)ix0 + g->stride_w + g->k_w <= g->in_w)
                {
                    /* both windows inside the input: KH runs of KW x C elements, read in place */
                    const float32_t *src = img + ((size_t)iy0 * (size_t)g->in_w + (size_t)ix0) * (size_t)g->in_c;
                    kiln_conv_flt_row2_seg_f32(src, src + (size_t)g->stride_w * (size_t)g->in_c, g->k_w * g->in_c,
                                               g->k_h, g->dil_h * g->in_w * g->in_c, w, g->packed, g->out_c, bias,
                                               dst, dst + g->out_c, lo, hi);
                }
                else if (scratch_rows >= 2)
                {
                    kiln_conv_flt_pack_patch_f32(img, g, y, x, 0.0f, scratch);
                    kiln_conv_flt_pack_patch_f32(img, g, y, x + 1, 0.0f, scratch + row);
                    kiln_conv_flt_row2_f32(scratch, scratch + row, row, w, g->packed, g->out_c, bias, dst,
                                           dst + g->out_c, lo, hi);
                }
                else
                {
                    /* one patch row of scratch: the two windows one after the other */
                    for (int32_t j = 0; j < 2; j++)
                    {
                        kiln_conv_flt_pack_patch_f32(img, g, y, x + j, 0.0f, scratch);
                        kiln_conv_flt_row_f32(scratch, row, w, g->packed, g->out_c, bias, dst + (size_t)j * g->out_c,
                                              lo, hi, true);
                    }
                }
                dst += 2 * (size_t)g->out_c;
            }
            for (; x < g->out_w; x++)
            {
                kiln_conv_flt_pack_patch_f32(img, g, y, x, 0.0f, scratch);
                kiln_conv_flt_row_f32(scratch, row, w, g->packed, g->out_c, bias, dst, lo, hi, true);
                dst += g->out_c;
            }
        }
    }
}

#if !KILN_FLT_BUILD_MVE /* Helium: kernels/kiln_conv_flt_mve_f32.c */
/* First tap t in [0, k) with 0 <= base + t * dil < size, and one past the last (t0 == t1: none). */
static inline void kiln_conv_flt_taps(int32_t base, int32_t k, int32_t dil, int32_t size, int32_t *t0, int32_t *t1)
{
    const int64_t b = base;
    int64_t lo = b < 0 ? (-b + dil - 1) / dil : 0;
    /* base + t * dil <= size - 1  <=>  t <= (size - 1 - base) / dil */
    int64_t hi = b > (int64_t)size - 1 ? 0 : ((int64_t)size - 1 - b) / dil + 1;
    hi = hi < k ? hi : k;
    lo = lo < k ? lo : k;
    *t0 = (int32_t)lo;
    *t1 = (int32_t)(hi > lo ? hi : lo);
}

void kiln_conv_flt_direct_f32(const kiln_conv_flt_geom *g, const float32_t *in, const float32_t *w,
                              const float32_t *bias, float32_t *out, float32_t lo, float32_t hi, int32_t x_begin)
{
    const int32_t c = g->in_c;
    const int32_t row = g->k_h * g->k_w * c;
    const int32_t ks = g->packed ? KILN_CONV_F32_LANES : 1;
    for (int32_t b = 0; b < g->n; b++)
    {
        const float32_t *img = in + (size_t)b * (size_t)g->in_h * (size_t)g->in_w * (size_t)c;
        for (int32_t y = 0; y < g->out_h; y++)
        {
            const int32_t by = y * g->stride_h - g->pad_h;
            int32_t ky0, ky1;
            kiln_conv_flt_taps(by, g->k_h, g->dil_h, g->in_h, &ky0, &ky1);
            float32_t *dst = out + (((size_t)b * (size_t)g->out_h + (size_t)y) * (size_t)g->out_w + (size_t)x_begin) *
                    (size_t)g->out_c;
            for (int32_t x = x_begin; x < g->out_w; x++)
            {
                const int32_t bx = x * g->stride_w - g->pad_w;
                int32_t kx0, kx1;
                kiln_conv_flt_taps(bx, g->k_w, g->dil_w, g->in_w, &kx0, &kx1);
                /* With unit width dilation the valid taps of one filter row are contiguous in input and
                 * weights: one dot product per filter row, else one per tap. */
                const int32_t seg = g->dil_w == 1 ? (kx1 - kx0) : 1;
                int32_t o = 0;
                for (; o + 4 <= g->out_c; o += 4)
                {
                    float32_t acc[4] = {0.0f, 0.0f, 0.0f, 0.0f};
                    const float32_t *wb[4];
                    for (int32_t j = 0; j < 4; j++)
                    {
                        wb[j] = kiln_w_base_f32(w, g->packed, o + j, row);
                    }
                    for (int32_t ky = ky0; ky < ky1; ky++)
                    {
                        const int32_t iy = by + ky * g->dil_h;
                        for (int32_t kx = kx0; kx < kx1; kx += seg)
                        {
                            const int32_t ix = bx + kx * g->dil_w;
                            const float32_t *src = img + ((size_t)iy * (size_t)g->in_w + (size_t)ix) * (size_t)c;
                            const size_t k0 = ((size_t)ky * (size_t)g->k_w + (size_t)kx) * (size_t)c * (size_t)ks;
                            kiln_dot4_f32(src, seg * c, wb[0] + k0, wb[1] + k0, wb[2] + k0, wb[3] + k0, ks, acc);
                        }
                    }
                    for (int32_t j = 0; j < 4; j++)
                    {
                        dst[o + j] = kiln_clamp_f32(acc[j] + (bias != NULL ? bias[o + j] : 0.0f), lo, hi);
                    }
                }
                for (; o < g->out_c; o++)
                {
                    float32_t acc = 0.0f;
                    const float32_t *wb = kiln_w_base_f32(w, g->packed, o, row);
                    for (int32_t ky = ky0; ky < ky1; ky++)
                    {
                        const int32_t iy = by + ky * g->dil_h;
                        for (int32_t kx = kx0; kx < kx1; kx += seg)
                        {
                            const int32_t ix = bx + kx * g->dil_w;
                            const float32_t *src = img + ((size_t)iy * (size_t)g->in_w + (size_t)ix) * (size_t)c;
                            const size_t k0 = ((size_t)ky * (size_t)g->k_w + (size_t)kx) * (size_t)c * (size_t)ks;
                            acc = kiln_dot1_f32(src, seg * c, wb + k0, ks, acc);
                        }
                    }
                    dst[o] = kiln_clamp_f32(acc + (bias != NULL ? bias[o] : 0.0f), lo, hi);
                }
                dst += g->out_c;
            }
        }
    }
}

#endif /* !KILN_FLT_BUILD_MVE */

#endif /* ARM_NN_ENABLE_F32 */
