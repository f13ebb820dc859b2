/*
 * Kiln — float16 fully connected, Helium (MVE float) kernel. Float16 storage, float32 arithmetic: each vector of
 * eight halves is widened into its even lanes (VCVTB) and its odd lanes (VCVTT; kiln_mve_f16_bottom_to_f32 /
 * _top_to_f32, which work around the assembler's register encoding of these instructions), so every
 * product of two halves is exact and summed in float32. Standard weights: two output rows per pass (eight vector
 * registers), the pairs of lanes added at the end. NT_N_PACKED weights: one block of eight outputs, even and odd
 * outputs in two float32 accumulators, narrowed back to halves with VCVTB/VCVTT and one predicated store.
 */
#include "Include/Internal/kiln_flt_ops.h"

#if ARM_NN_ENABLE_F16 && KILN_FLT_OPS_MVE
#include <arm_mve.h>

static inline float32_t kiln_fc_hsum2_f32(float32x4_t a, float32x4_t b)
{
    const float32x4_t v = vaddq_f32(a, b);
    return (vgetq_lane_f32(v, 0) + vgetq_lane_f32(v, 1)) + (vgetq_lane_f32(v, 2) + vgetq_lane_f32(v, 3));
}

static inline float16_t kiln_fc_fin_f16(float32_t acc, const float16_t *bias, int32_t o, float32_t lo, float32_t hi)
{
    if (bias != NULL)
    {
        acc += (float32_t)bias[o];
    }
    acc = acc < lo ? lo : acc;
    acc = acc > hi ? hi : acc;
    return (float16_t)acc;
}

static void kiln_fc_rows_mve_f16(const float16_t *x,
                                 int32_t k,
                                 const float16_t *w,
                                 int32_t oc,
                                 const float16_t *bias,
                                 float16_t *y,
                                 float32_t lo,
                                 float32_t hi)
{
    const int32_t k8 = k & ~7;
    const mve_pred16_t pt = vctp16q((uint32_t)(k - k8));
    int32_t o = 0;
    for (; o + 2 <= oc; o += 2)
    {
        const float16_t *w0 = w + (size_t)o * (size_t)k;
        const float16_t *w1 = w0 + k;
        float32x4_t e0 = vdupq_n_f32(0.0f), d0 = e0, e1 = e0, d1 = e0;
        for (int32_t i = 0; i <= k8; i += 8)
        {
            float16x8_t xv, v0, v1;
            if (i < k8)
            {
                xv = vld1q_f16(x + i);
                v0 = vld1q_f16(w0 + i);
                v1 = vld1q_f16(w1 + i);
            }
            else if (k8 < k)
            {
                xv = vldrhq_z_f16(x + i, pt);
                v0 = vldrhq_z_f16(w0 + i, pt);
                v1 = vldrhq_z_f16(w1 + i, pt);
            }
            else
            {
                break;
            }
            const float32x4_t xe = kiln_mve_f16_bottom_to_f32(xv), xo = kiln_mve_f16_top_to_f32(xv);
            e0 = vfmaq_f32(e0, xe, kiln_mve_f16_bottom_to_f32(v0));
            d0 = vfmaq_f32(d0, xo, kiln_mve_f16_top_to_f32(v0));
            e1 = vfmaq_f32(e1, xe, kiln_mve_f16_bottom_to_f32(v1));
            d1 = vfmaq_f32(d1, xo, kiln_mve_f16_top_to_f32(v1));
        }
        y[o] = kiln_fc_fin_f16(kiln_fc_hsum2_f32(e0, d0), bias, o, lo, hi);
        y[o + 1] = kiln_fc_fin_f16(kiln_fc_hsum2_f32(e1, d1), bias, o + 1, lo, hi);
    }
    if (o < oc)
    {
        const float16_t *w0 = w + (size_t)o * (size_t)k;
        float32x4_t e0 = vdupq_n_f32(0.0f), d0 = e0;
        for (int32_t i = 0; i < k; i += 8)
        {
            const mve_pred16_t p = vctp16q((uint32_t)(k - i));
            const float16x8_t xv = vldrhq_z_f16(x + i, p), v0 = vldrhq_z_f16(w0 + i, p);
            e0 = vfmaq_f32(e0, kiln_mve_f16_bottom_to_f32(xv), kiln_mve_f16_bottom_to_f32(v0));
            d0 = vfmaq_f32(d0, kiln_mve_f16_top_to_f32(xv), kiln_mve_f16_top_to_f32(v0));
        }
        y[o] = kiln_fc_fin_f16(kiln_fc_hsum2_f32(e0, d0), bias, o, lo, hi);
    }
}

static void kiln_fc_packed_mve_f16(const float16_t *x,
                                   int32_t k,
                                   const float16_t *w,
                                   int32_t oc,
                                   const float16_t *bias,
                                   float16_t *y,
                                   float32_t lo,
                                   float32_t hi)
{
    const float32x4_t vlo = vdupq_n_f32(lo);
    const float32x4_t vhi = vdupq_n_f32(hi);
    for (int32_t o = 0; o < oc; o += KILN_FC_F16_BLOCK)
    {
        const float16_t *wb = w + (size_t)o * (size_t)k;
        float32x4_t ae = vdupq_n_f32(0.0f), ao = ae;
        for (int32_t i = 0; i < k; i++)
        {
            const float16x8_t wv = vld1q_f16(wb);
            const float32_t xi = (float32_t)x[i];
            ae = vfmaq_n_f32(ae, kiln_mve_f16_bottom_to_f32(wv), xi);
            ao = vfmaq_n_f32(ao, kiln_mve_f16_top_to_f32(wv), xi);
            wb += KILN_FC_F16_BLOCK;
        }
        const mve_pred16_t p = vctp16q((uint32_t)(oc - o));
        if (bias != NULL)
        {
            const float16x8_t bv = vldrhq_z_f16(bias + o, p);
            ae = vaddq_f32(ae, kiln_mve_f16_bottom_to_f32(bv));
            ao = vaddq_f32(ao, kiln_mve_f16_top_to_f32(bv));
        }
        ae = vpselq_f32(vlo, ae, vcmpltq_f32(ae, vlo));
        ae = vpselq_f32(vhi, ae, vcmpgtq_f32(ae, vhi));
        ao = vpselq_f32(vlo, ao, vcmpltq_f32(ao, vlo));
        ao = vpselq_f32(vhi, ao, vcmpgtq_f32(ao, vhi));
        const float16x8_t r = kiln_mve_f32_pair_to_f16(ae, ao);
        vstrhq_p_f16(y + o, r, p);
    }
}

void kiln_fc_flt_f16(const kiln_fc_flt_plan_t *p,
                     const float16_t *in,
                     const float16_t *w,
                     const float16_t *bias,
                     float16_t *out,
                     float32_t lo,
                     float32_t hi)
{
    for (int32_t b = 0; b < p->batches; b++)
    {
        const float16_t *x = in + (size_t)b * (size_t)p->accum;
        float16_t *y = out + (size_t)b * (size_t)p->out_ch;
        if (p->route == KILN_FC_FLT_ROUTE_PACKED)
        {
            kiln_fc_packed_mve_f16(x, p->accum, w, p->out_ch, bias, y, lo, hi);
        }
        else
        {
            kiln_fc_rows_mve_f16(x, p->accum, w, p->out_ch, bias, y, lo, hi);
        }
    }
}

#endif
