/*
 * Kiln — float16 convolution kernels, portable C (float16 as the storage type). Used on every backend: the
 * M4 (-mfp16-format=ieee) converts halves in software-assisted scalar code. MVE-float builds use the Helium
 * kernels of kernels/kiln_conv_flt_mve_f16.c instead.
 *
 * Accumulation: float32 (arm_convolve_f16 and the public f16 kernels; products of two halves are exact in
 * float32), or float16 (acc16 == true: arm_convolve_f16_acc16; every partial sum, and the bias sum, is
 * rounded to float16 as a float16 multiply-accumulate unit would do, computed as a float32 sum rounded to
 * float16, so it may differ from a fused float16 FMA by double rounding).
 *
 * Accumulation order, shared by every route so that routes differ only in which taps they visit:
 * each output channel starts at 0, adds lhs[k] * w(o, k) for k ascending (patch order ky, kx, c),
 * then adds its bias and clamps. Taps outside the input are skipped (direct) or contribute
 * pad_value 0 (patch rows).
 */
#include "Include/Internal/kiln_conv_flt.h"

#if ARM_NN_ENABLE_F16

/* One accumulation step: float32, or rounded to float16 (acc16). */
static inline float32_t kiln_step_f16(float32_t a, float32_t p, bool acc16)
{
    return acc16 ? (float32_t)(float16_t)(a + p) : a + p;
}

/* The stored output: (acc + bias), rounded to float16 first when accumulating in float16, clamped. */
static inline float16_t kiln_out_f16(float32_t acc, const float16_t *bias, int32_t o, float32_t lo, float32_t hi,
                                     bool clamp, bool acc16)
{
    float32_t v = kiln_step_f16(acc, bias != NULL ? (float32_t)bias[o] : 0.0f, acc16);
    if (clamp)
    {
        v = v < lo ? lo : v;
        v = v > hi ? hi : v;
    }
    return (float16_t)v;
}

/* Weight pointer of channel o at k = 0 and the step between consecutive k. */
static inline const float16_t *kiln_w_base_f16(const float16_t *w, bool packed, int32_t o, int32_t k)
{
    if (packed)
    {
        const int32_t blk = o / KILN_CONV_F16_LANES;
        return w + (size_t)blk * (size_t)k * KILN_CONV_F16_LANES + (size_t)(o - blk * KILN_CONV_F16_LANES);
    }
    return w + (size_t)o * (size_t)k;
}

/* acc[0..3] += sum over n of x[i] * w_j[i * ks] (four channels sharing the lhs loads). */
static inline void kiln_dot4_f16(const float16_t *x, int32_t n, const float16_t *w0, const float16_t *w1,
                                 const float16_t *w2, const float16_t *w3, int32_t ks, float32_t acc[4], bool acc16)
{
    float32_t a0 = acc[0], a1 = acc[1], a2 = acc[2], a3 = acc[3];
    if (ks == 1)
    {
        for (int32_t i = 0; i < n; i++)
        {
            const float32_t v = (float32_t)x[i];
            a0 = kiln_step_f16(a0, v * (float32_t)w0[i], acc16);
            a1 = kiln_step_f16(a1, v * (float32_t)w1[i], acc16);
            a2 = kiln_step_f16(a2, v * (float32_t)w2[i], acc16);
            a3 = kiln_step_f16(a3, v * (float32_t)w3[i], acc16);
        }
    }
    else
    {
        /* packed: w1 = w0 + 1, ... and consecutive k are ks apart */
        const float16_t *wp = w0;
        for (int32_t i = 0; i < n; i++)
        {
            const float32_t v = (float32_t)x[i];
            a0 = kiln_step_f16(a0, v * (float32_t)wp[0], acc16);
            a1 = kiln_step_f16(a1, v * (float32_t)wp[1], acc16);
            a2 = kiln_step_f16(a2, v * (float32_t)wp[2], acc16);
            a3 = kiln_step_f16(a3, v * (float32_t)wp[3], acc16);
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

static inline float32_t kiln_dot1_f16(const float16_t *x, int32_t n, const float16_t *w, int32_t ks, float32_t acc,
                                      bool acc16)
{
    for (int32_t i = 0; i < n; i++)
    {
        acc = kiln_step_f16(acc, (float32_t)x[i] * (float32_t)w[(size_t)i * (size_t)ks], acc16);
    }
    return acc;
}

#if !KILN_FLT_BUILD_MVE /* Helium: kernels/kiln_conv_flt_mve_f16.c */
void kiln_conv_flt_row_f16(const float16_t *lhs,
                           int32_t k,
                           const float16_t *w,
                           bool packed,
                           int32_t oc,
                           const float16_t *bias,
                           float16_t *dst,
                           float32_t lo,
                           float32_t hi,
                           bool clamp,
                           bool acc16)
{
    const int32_t ks = packed ? KILN_CONV_F16_LANES : 1;
    int32_t o = 0;
    for (; o + 4 <= oc; o += 4)
    {
        float32_t acc[4] = {0.0f, 0.0f, 0.0f, 0.0f};
        const float16_t *w0 = kiln_w_base_f16(w, packed, o, k);
        kiln_dot4_f16(lhs,
                      k,
                      w0,
                      kiln_w_base_f16(w, packed, o + 1, k),
                      kiln_w_base_f16(w, packed, o + 2, k),
                      kiln_w_base_f16(w, packed, o + 3, k),
                      ks,
                      acc,
                      acc16);
        for (int32_t j = 0; j < 4; j++)
        {
            dst[o + j] = kiln_out_f16(acc[j], bias, o + j, lo, hi, clamp, acc16);
        }
    }
    for (; o < oc; o++)
    {
        const float32_t acc = kiln_dot1_f16(lhs, k, kiln_w_base_f16(w, packed, o, k), ks, 0.0f, acc16);
        dst[o] = kiln_out_f16(acc, bias, o, lo, hi, clamp, acc16);
    }
}

void kiln_conv_flt_1x1_f16(const kiln_conv_flt_geom *g, const float16_t *in, const float16_t *w,
                           const float16_t *bias, float16_t *out, float32_t lo, float32_t hi, bool acc16)
{
    float16_t *dst = out;
    for (int32_t b = 0; b < g->n; b++)
    {
        const float16_t *img = in + (size_t)b * (size_t)g->in_h * (size_t)g->in_w * (size_t)g->in_c;
        for (int32_t y = 0; y < g->out_h; y++)
        {
            const float16_t *src_row = img + (size_t)y * (size_t)g->stride_h * (size_t)g->in_w * (size_t)g->in_c;
            for (int32_t x = 0; x < g->out_w; x++)
            {
                const float16_t *src = src_row + (size_t)x * (size_t)g->stride_w * (size_t)g->in_c;
                kiln_conv_flt_row_f16(src, g->in_c, w, g->packed, g->out_c, bias, dst, lo, hi, true, acc16);
                dst += g->out_c;
            }
        }
    }
}

void kiln_conv_flt_1xn_f16(const kiln_conv_flt_geom *g, const float16_t *in, const float16_t *w,
                           const float16_t *bias, float16_t *out, float32_t lo, float32_t hi, float16_t *scratch,
                           bool acc16)
{
    /* Height 1 everywhere, unit dilation: the window of output x is KW x C contiguous input elements. */
    const int32_t c = g->in_c;
    const int32_t row = g->k_w * c;
    float16_t *dst = out;
    for (int32_t b = 0; b < g->n; b++)
    {
        const float16_t *img = in + (size_t)b * (size_t)g->in_w * (size_t)c;
        for (int32_t x = 0; x < g->out_w; x++)
        {
            const int32_t x0 = x * g->stride_w - g->pad_w;
            const float16_t *lhs;
            if (x0 >= 0 && x0 <= g->in_w - g->k_w)
            {
                lhs = img + (size_t)x0 * (size_t)c;
            }
            else
            {
                for (int32_t kx = 0; kx < g->k_w; kx++)
                {
                    const int32_t ix = x0 + kx;
                    float16_t *d = scratch + (size_t)kx * (size_t)c;
                    if (ix >= 0 && ix < g->in_w)
                    {
                        memcpy(d, img + (size_t)ix * (size_t)c, (size_t)c * sizeof(float16_t));
                    }
                    else
                    {
                        for (int32_t i = 0; i < c; i++)
                        {
                            d[i] = (float16_t)0.0f;
                        }
                    }
                }
                lhs = scratch;
            }
            kiln_conv_flt_row_f16(lhs, row, w, g->packed, g->out_c, bias, dst, lo, hi, true, acc16);
            dst += g->out_c;
        }
    }
}

void kiln_conv_flt_conv1d_f16(const float16_t *x, int32_t in_c, int32_t k, const float16_t *w, bool packed,
                              const float16_t *bias, float16_t *out, int32_t out_c, int32_t out_w, float32_t lo,
                              float32_t hi, bool clamp, bool acc16)
{
    const int32_t row = k * in_c;
    for (int32_t ox = 0; ox < out_w; ox++)
    {
        kiln_conv_flt_row_f16(x + (size_t)ox * (size_t)in_c,
                              row,
                              w,
                              packed,
                              out_c,
                              bias,
                              out + (size_t)ox * (size_t)out_c,
                              lo,
                              hi,
                              clamp,
                              acc16);
    }
}

void kiln_conv_flt_pack_patch_f16(const float16_t *in, const kiln_conv_flt_geom *g, int32_t out_y, int32_t out_x,
                                  float16_t pad_value, float16_t *patch_row)
{
    const int32_t c = g->in_c;
    float16_t *d = patch_row;
    for (int32_t ky = 0; ky < g->k_h; ky++)
    {
        const int32_t iy = out_y * g->stride_h - g->pad_h + ky * g->dil_h;
        for (int32_t kx = 0; kx < g->k_w; kx++)
        {
            const int32_t ix = out_x * g->stride_w - g->pad_w + kx * g->dil_w;
            if (iy >= 0 && iy < g->in_h && ix >= 0 && ix < g->in_w)
            {
                memcpy(d, in + ((size_t)iy * (size_t)g->in_w + (size_t)ix) * (size_t)c, (size_t)c * sizeof(float16_t));
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

void kiln_conv_flt_patch_gemm_f16(const kiln_conv_flt_geom *g, const float16_t *in, const float16_t *w,
                                  const float16_t *bias, float16_t *out, float32_t lo, float32_t hi,
                                  float16_t *scratch, bool acc16)
{
    const int32_t row = g->k_h * g->k_w * g->in_c;
    float16_t *dst = out;
    for (int32_t b = 0; b < g->n; b++)
    {
        const float16_t *img = in + (size_t)b * (size_t)g->in_h * (size_t)g->in_w * (size_t)g->in_c;
        for (int32_t y = 0; y < g->out_h; y++)
        {
            for (int32_t x = 0; x < g->out_w; x++)
            {
                kiln_conv_flt_pack_patch_f16(img, g, y, x, (float16_t)0.0f, scratch);
                kiln_conv_flt_row_f16(scratch, row, w, g->packed, g->out_c, bias, dst, lo, hi, true, acc16);
                dst += g->out_c;
            }
        }
    }
}

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

void kiln_conv_flt_direct_f16(const kiln_conv_flt_geom *g, const float16_t *in, const float16_t *w,
                              const float16_t *bias, float16_t *out, float32_t lo, float32_t hi, int32_t x_begin,
                              bool acc16)
{
    const int32_t c = g->in_c;
    const int32_t row = g->k_h * g->k_w * c;
    const int32_t ks = g->packed ? KILN_CONV_F16_LANES : 1;
    for (int32_t b = 0; b < g->n; b++)
    {
        const float16_t *img = in + (size_t)b * (size_t)g->in_h * (size_t)g->in_w * (size_t)c;
        for (int32_t y = 0; y < g->out_h; y++)
        {
            const int32_t by = y * g->stride_h - g->pad_h;
            int32_t ky0, ky1;
            kiln_conv_flt_taps(by, g->k_h, g->dil_h, g->in_h, &ky0, &ky1);
            float16_t *dst = out + (((size_t)b * (size_t)g->out_h + (size_t)y) * (size_t)g->out_w + (size_t)x_begin) *
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
                    const float16_t *wb[4];
                    for (int32_t j = 0; j < 4; j++)
                    {
                        wb[j] = kiln_w_base_f16(w, g->packed, o + j, row);
                    }
                    for (int32_t ky = ky0; ky < ky1; ky++)
                    {
                        const int32_t iy = by + ky * g->dil_h;
                        for (int32_t kx = kx0; kx < kx1; kx += seg)
                        {
                            const int32_t ix = bx + kx * g->dil_w;
                            const float16_t *src = img + ((size_t)iy * (size_t)g->in_w + (size_t)ix) * (size_t)c;
                            const size_t k0 = ((size_t)ky * (size_t)g->k_w + (size_t)kx) * (size_t)c * (size_t)ks;
                            kiln_dot4_f16(src, seg * c, wb[0] + k0, wb[1] + k0, wb[2] + k0, wb[3] + k0, ks, acc,
                                          acc16);
                        }
                    }
                    for (int32_t j = 0; j < 4; j++)
                    {
                        dst[o + j] = kiln_out_f16(acc[j], bias, o + j, lo, hi, true, acc16);
                    }
                }
                for (; o < g->out_c; o++)
                {
                    float32_t acc = 0.0f;
                    const float16_t *wb = kiln_w_base_f16(w, g->packed, o, row);
                    for (int32_t ky = ky0; ky < ky1; ky++)
                    {
                        const int32_t iy = by + ky * g->dil_h;
                        for (int32_t kx = kx0; kx < kx1; kx += seg)
                        {
                            const int32_t ix = bx + kx * g->dil_w;
                            const float16_t *src = img + ((size_t)iy * (size_t)g->in_w + (size_t)ix) * (size_t)c;
                            const size_t k0 = ((size_t)ky * (size_t)g->k_w + (size_t)kx) * (size_t)c * (size_t)ks;
                            acc = kiln_dot1_f16(src, seg * c, wb + k0, ks, acc, acc16);
                        }
                    }
                    dst[o] = kiln_out_f16(acc, bias, o, lo, hi, true, acc16);
                }
                dst += g->out_c;
            }
        }
    }
}

#endif /* !KILN_FLT_BUILD_MVE */

#endif /* ARM_NN_ENABLE_F16 */
