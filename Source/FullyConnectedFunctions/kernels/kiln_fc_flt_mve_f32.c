/*
 * Kiln — float32 fully connected, Helium (MVE float) kernel.
 * Standard weights: four output rows per pass, each a vector dot product along the depth (fused multiply-adds on
 * four lanes, tail predicated), the four lanes added pairwise at the end. NT_N_PACKED weights: one block of four
 * outputs per vector, the depth walked with two interleaved accumulators. Each output then adds its bias and is
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

static void kiln_fc_rows_mve_f32(const float32_t *x,
                                 int32_t k,
                                 const float32_t *w,
                                 int32_t oc,
                                 const float32_t *bias,
                                 float32_t *y,
                                 float32_t lo,
                                 float32_t hi)
{
    const int32_t k4 = k & ~3;
    const mve_pred16_t pt = vctp32q((uint32_t)(k - k4));
    int32_t o = 0;
    for (; o + 4 <= oc; o += 4)
    {
        const float32_t *w0 = w + (size_t)o * (size_t)k;
        const float32_t *w1 = w0 + k, *w2 = w1 + k, *w3 = w2 + k;
        float32x4_t a0 = vdupq_n_f32(0.0f), a1 = a0, a2 = a0, a3 = a0;
        for (int32_t i = 0; i < k4; i += 4)
        {
            const float32x4_t xv = vld1q_f32(x + i);
            a0 = vfmaq_f32(a0, xv, vld1q_f32(w0 + i));
            a1 = vfmaq_f32(a1, xv, vld1q_f32(w1 + i));
            a2 = vfmaq_f32(a2, xv, vld1q_f32(w2 + i));
            a3 = vfmaq_f32(a3, xv, vld1q_f32(w3 + i));
        }
        if (k4 < k)
        {
            const float32x4_t xv = vldrwq_z_f32(x + k4, pt);
            a0 = vfmaq_f32(a0, xv, vldrwq_z_f32(w0 + k4, pt));
            a1 = vfmaq_f32(a1, xv, vldrwq_z_f32(w1 + k4, pt));
            a2 = vfmaq_f32(a2, xv, vldrwq_z_f32(w2 + k4, pt));
            a3 = vfmaq_f32(a3, xv, vldrwq_z_f32(w3 + k4, pt));
        }
        y[o] = kiln_fc_fin_f32(kiln_fc_hsum_f32(a0), bias, o, lo, hi);
        y[o + 1] = kiln_fc_fin_f32(kiln_fc_hsum_f32(a1), bias, o + 1, lo, hi);
        y[o + 2] = kiln_fc_fin_f32(kiln_fc_hsum_f32(a2), bias, o + 2, lo, hi);
        y[o + 3] = kiln_fc_fin_f32(kiln_fc_hsum_f32(a3), bias, o + 3, lo, hi);
    }
    for (; o < oc; o++)
    {
        const float32_t *w0 = w + (size_t)o * (size_t)k;
        float32x4_t a0 = vdupq_n_f32(0.0f);
        for (int32_t i = 0; i < k4; i += 4)
        {
            a0 = vfmaq_f32(a0, vld1q_f32(x + i), vld1q_f32(w0 + i));
        }
        if (k4 < k)
        {
            a0 = vfmaq_f32(a0, vldrwq_z_f32(x + k4, pt), vldrwq_z_f32(w0 + k4, pt));
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
    for (int32_t o = 0; o < oc; o += KILN_FC_F32_BLOCK)
    {
        const float32_t *wb = w + (size_t)o * (size_t)k;
        float32x4_t a0 = vdupq_n_f32(0.0f), a1 = a0;
        int32_t i = 0;
        for (; i + 2 <= k; i += 2)
        {
            a0 = vfmaq_n_f32(a0, vld1q_f32(wb), x[i]);
            a1 = vfmaq_n_f32(a1, vld1q_f32(wb + 4), x[i + 1]);
            wb += 8;
        }
        if (i < k)
        {
            a0 = vfmaq_n_f32(a0, vld1q_f32(wb), x[i]);
        }
        const mve_pred16_t p = vctp32q((uint32_t)(oc - o));
        float32x4_t acc = vaddq_f32(a0, a1);
        if (bias != NULL)
        {
            acc = vaddq_f32(acc, vldrwq_z_f32(bias + o, p));
        }
        acc = vpselq_f32(vlo, acc, vcmpltq_f32(acc, vlo));
        acc = vpselq_f32(vhi, acc, vcmpgtq_f32(acc, vhi));
        vstrwq_p_f32(y + o, acc, p);
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
