/*
 * Kiln — float32 fully connected, Helium (MVE float) kernel.
 * Standard weights: four output rows per pass share each input vector load, each a vector dot product along the
 * depth (fused multiply-adds on four lanes, tail predicated); the four
 * accumulators are transposed (VST4) and added into one vector of four outputs. NT_N_PACKED weights: four blocks
 * of four outputs per pass share each input element (a scalar operand of four vector FMAs); the last blocks one
 * at a time. Each output then adds its bias and is
 * clamped (NaN kept). Summation order differs from the portable kernel; the error bound is the same
 * ((k + 2) x 2^-24 x sum |terms|, tests/flt_ops).
 */
#include "Include/Internal/kiln_flt_ops.h"

#if ARM_NN_ENABLE_F32 && KILN_FLT_OPS_MVE
#include <arm_mve.h>

static inline float32_t kiln_fc_hsum_f32(float32x4_t v)
{
    return (vgetq_lane_f32(v, 0) + vgetq_lane_f32(v, 1)) + (vgetq_lane_f32(v, 2) + vgetq_lane_f32(v, 3));
}

static inline float32_t kiln_fc_fin_f32(float32_t acc, const float32_t *bias, int32_t o, float32_t lo, float32_t hi)
{
    if (bias != NULL)
    {
        acc += bias[o];
    }
    acc = acc < lo ? lo : acc;
    return acc > hi ? hi : acc;
}

/* Bias, clamp and (predicated) store of one block of four outputs. */
__STATIC_FORCEINLINE void kiln_fc_block_out_f32(
    float32x4_t acc, const float32_t *bias, int32_t o, int32_t oc, float32x4_t vlo, float32x4_t vhi, float32_t *y)
{
    const mve_pred16_t p = vctp32q((uint32_t)(oc - o));
    if (bias != NULL)
    {
        acc = vaddq_f32(acc, vldrwq_z_f32(bias + o, p));
    }
    acc = vpselq_f32(vlo, acc, vcmpgtq_f32(vlo, acc));
    acc = vpselq_f32(vhi, acc, vcmpgtq_f32(acc, vhi));
    vstrwq_p_f32(y + o, acc, p);
}

/* Four outputs o..o+3 from four weight rows (k apart): vector dot products along the depth (four elements per
 * iteration, then a predicated tail), the four accumulators transposed through VST4 and added into one
 * vector of four sums. */
static void kiln_fc_rows4_mve_f32(const float32_t *x,
                                  int32_t k,
                                  const float32_t *w0,
                                  const float32_t *bias,
                                  int32_t o,
                                  int32_t oc,
                                  float32x4_t vlo,
                                  float32x4_t vhi,
                                  float32_t *y)
{
    const float32_t *w1 = w0 + k, *w2 = w1 + k, *w3 = w2 + k;
    float32x4_t a0 = vdupq_n_f32(0.0f), a1 = a0, a2 = a0, a3 = a0;
    for (int32_t n = k >> 2; n > 0; n--)
    {
        const float32x4_t xv = vld1q_f32(x);
        a0 = vfmaq_f32(a0, xv, vld1q_f32(w0));
        a1 = vfmaq_f32(a1, xv, vld1q_f32(w1));
        a2 = vfmaq_f32(a2, xv, vld1q_f32(w2));
        a3 = vfmaq_f32(a3, xv, vld1q_f32(w3));
        x += 4;
        w0 += 4;
        w1 += 4;
        w2 += 4;
        w3 += 4;
    }
    if ((k & 3) != 0)
    {
        const mve_pred16_t pt = vctp32q((uint32_t)(k & 3));
        const float32x4_t xv = vldrwq_z_f32(x, pt);
        a0 = vfmaq_f32(a0, xv, vldrwq_z_f32(w0, pt));
        a1 = vfmaq_f32(a1, xv, vldrwq_z_f32(w1, pt));
        a2 = vfmaq_f32(a2, xv, vldrwq_z_f32(w2, pt));
        a3 = vfmaq_f32(a3, xv, vldrwq_z_f32(w3, pt));
    }
    /* t[4 i + j] = lane i of accumulator j: row i of t holds lane i of the four outputs */
    float32_t t[16];
    const float32x4x4_t acc = {{a0, a1, a2, a3}};
    vst4q_f32(t, acc);
    const float32x4_t sum =
        vaddq_f32(vaddq_f32(vld1q_f32(t), vld1q_f32(t + 4)), vaddq_f32(vld1q_f32(t + 8), vld1q_f32(t + 12)));
    kiln_fc_block_out_f32(sum, bias, o, oc, vlo, vhi, y);
}

static void kiln_fc_rows_mve_f32(const float32_t *x,
                                 int32_t k,
                                 const float32_t *w,
                                 int32_t oc,
                                 const float32_t *bias,
                                 float32_t *y,
                                 float32_t lo,
                                 float32_t hi)
{
    const float32x4_t vlo = vdupq_n_f32(lo);
    const float32x4_t vhi = vdupq_n_f32(hi);
    int32_t o = 0;
    for (; o + 4 <= oc; o += 4)
    {
        kiln_fc_rows4_mve_f32(x, k, w + (size_t)o * (size_t)k, bias, o, oc, vlo, vhi, y);
    }
    for (; o < oc; o++)
    {
        const float32_t *w0 = w + (size_t)o * (size_t)k;
        const float32_t *xp = x;
        float32x4_t a0 = vdupq_n_f32(0.0f);
        for (int32_t n = k >> 2; n > 0; n--)
        {
            a0 = vfmaq_f32(a0, vld1q_f32(xp), vld1q_f32(w0));
            xp += 4;
            w0 += 4;
        }
        if ((k & 3) != 0)
        {
            const mve_pred16_t pt = vctp32q((uint32_t)(k & 3));
            a0 = vfmaq_f32(a0, vldrwq_z_f32(xp, pt), vldrwq_z_f32(w0, pt));
        }
        y[o] = kiln_fc_fin_f32(kiln_fc_hsum_f32(a0), bias, o, lo, hi);
    }
}

static void kiln_fc_packed_mve_f32(const float32_t *x,
                                   int32_t k,
                                   const float32_t *w,
                                   int32_t oc,
                                   const float32_t *bias,
                                   float32_t *y,
                                   float32_t lo,
                                   float32_t hi)
{
    const float32x4_t vlo = vdupq_n_f32(lo);
    const float32x4_t vhi = vdupq_n_f32(hi);
    const size_t bstride = (size_t)KILN_FC_F32_BLOCK * (size_t)k; /* elements per block */
    int32_t o = 0;
    /* four blocks (16 outputs) per pass: each input element is loaded once and feeds four vector FMAs */
    for (; o + 4 * KILN_FC_F32_BLOCK <= oc; o += 4 * KILN_FC_F32_BLOCK)
    {
        const float32_t *b0 = w + (size_t)o * (size_t)k;
        const float32_t *b1 = b0 + bstride, *b2 = b1 + bstride, *b3 = b2 + bstride;
        const float32_t *xp = x;
        float32x4_t a0 = vdupq_n_f32(0.0f), a1 = a0, a2 = a0, a3 = a0;
        for (int32_t n = k; n > 0; n--)
        {
            const float32_t xi = *xp++;
            a0 = vfmaq_n_f32(a0, vld1q_f32(b0), xi);
            a1 = vfmaq_n_f32(a1, vld1q_f32(b1), xi);
            a2 = vfmaq_n_f32(a2, vld1q_f32(b2), xi);
            a3 = vfmaq_n_f32(a3, vld1q_f32(b3), xi);
            b0 += 4;
            b1 += 4;
            b2 += 4;
            b3 += 4;
        }
        kiln_fc_block_out_f32(a0, bias, o, oc, vlo, vhi, y);
        kiln_fc_block_out_f32(a1, bias, o + 4, oc, vlo, vhi, y);
        kiln_fc_block_out_f32(a2, bias, o + 8, oc, vlo, vhi, y);
        kiln_fc_block_out_f32(a3, bias, o + 12, oc, vlo, vhi, y);
    }
    /* the last blocks one at a time (the last may be partial: its padding lanes are read, never stored) */
    for (; o < oc; o += KILN_FC_F32_BLOCK)
    {
        const float32_t *b0 = w + (size_t)o * (size_t)k;
        const float32_t *xp = x;
        float32x4_t a0 = vdupq_n_f32(0.0f);
        for (int32_t n = k; n > 0; n--)
        {
            a0 = vfmaq_n_f32(a0, vld1q_f32(b0), *xp++);
            b0 += 4;
        }
        kiln_fc_block_out_f32(a0, bias, o, oc, vlo, vhi, y);
    }
}

void kiln_fc_flt_f32(const kiln_fc_flt_plan_t *p,
                     const float32_t *in,
                     const float32_t *w,
                     const float32_t *bias,
                     float32_t *out,
                     float32_t lo,
                     float32_t hi)
{
    for (int32_t b = 0; b < p->batches; b++)
    {
        const float32_t *x = in + (size_t)b * (size_t)p->accum;
        float32_t *y = out + (size_t)b * (size_t)p->out_ch;
        if (p->route == KILN_FC_FLT_ROUTE_PACKED)
        {
            kiln_fc_packed_mve_f32(x, p->accum, w, p->out_ch, bias, y, lo, hi);
        }
        else
        {
            kiln_fc_rows_mve_f32(x, p->accum, w, p->out_ch, bias, y, lo, hi);
        }
    }
}

#endif
