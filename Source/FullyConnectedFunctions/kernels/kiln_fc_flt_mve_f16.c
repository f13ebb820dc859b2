/*
 * Kiln — float16 fully connected, Helium (MVE float) kernel. Float16 storage, float32 arithmetic: each vector of
 * eight halves is widened into its even lanes (VCVTB) and its odd lanes (VCVTT; kiln_mve_f16_bottom_to_f32 /
 * _top_to_f32, which work around the assembler's register encoding of these instructions), so every
 * product of two halves is exact and summed in float32. Standard weights: three output rows per pass sharing each
 * widened input vector (kiln_fc_rows3_mve_f16), then pairs of rows, then one. NT_N_PACKED weights: two blocks of
 * eight outputs per pass sharing each widened input element (then single blocks), even and odd outputs in two
 * float32 accumulators per block, narrowed back to halves with VCVTB/VCVTT and one (predicated) store.
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

/* Three outputs o..o+2 from three weight rows (k apart): eight depth elements per step (full steps unpredicated,
 * the last one predicated), the input halves widened once per step and shared by the three rows; each row's even
 * and odd products go into one float32 accumulator (three rows: seven vector registers, no spills). The
 * accumulators are transposed (VST4) and added lane-wise; bias, clamp and one rounding to half per output. */
static void kiln_fc_rows3_mve_f16(const float16_t *x,
                                  int32_t k,
                                  const float16_t *w0,
                                  const float16_t *bias,
                                  int32_t o,
                                  float16_t *y,
                                  float32_t lo,
                                  float32_t hi)
{
    const float16_t *w1 = w0 + k, *w2 = w1 + k;
    float32x4_t a0 = vdupq_n_f32(0.0f), a1 = a0, a2 = a0;
    for (int32_t n = k >> 3; n > 0; n--)
    {
        const float16x8_t xv = vld1q_f16(x);
        const float32x4_t xe = kiln_mve_f16_bottom_to_f32(xv), xo = kiln_mve_f16_top_to_f32(xv);
        float16x8_t v = vld1q_f16(w0);
        a0 = vfmaq_f32(a0, xe, kiln_mve_f16_bottom_to_f32(v));
        a0 = vfmaq_f32(a0, xo, kiln_mve_f16_top_to_f32(v));
        v = vld1q_f16(w1);
        a1 = vfmaq_f32(a1, xe, kiln_mve_f16_bottom_to_f32(v));
        a1 = vfmaq_f32(a1, xo, kiln_mve_f16_top_to_f32(v));
        v = vld1q_f16(w2);
        a2 = vfmaq_f32(a2, xe, kiln_mve_f16_bottom_to_f32(v));
        a2 = vfmaq_f32(a2, xo, kiln_mve_f16_top_to_f32(v));
        x += 8;
        w0 += 8;
        w1 += 8;
        w2 += 8;
    }
    if ((k & 7) != 0)
    {
        const mve_pred16_t p = vctp16q((uint32_t)(k & 7));
        const float16x8_t xv = vldrhq_z_f16(x, p);
        const float32x4_t xe = kiln_mve_f16_bottom_to_f32(xv), xo = kiln_mve_f16_top_to_f32(xv);
        float16x8_t v = vldrhq_z_f16(w0, p);
        a0 = vfmaq_f32(a0, xe, kiln_mve_f16_bottom_to_f32(v));
        a0 = vfmaq_f32(a0, xo, kiln_mve_f16_top_to_f32(v));
        v = vldrhq_z_f16(w1, p);
        a1 = vfmaq_f32(a1, xe, kiln_mve_f16_bottom_to_f32(v));
        a1 = vfmaq_f32(a1, xo, kiln_mve_f16_top_to_f32(v));
        v = vldrhq_z_f16(w2, p);
        a2 = vfmaq_f32(a2, xe, kiln_mve_f16_bottom_to_f32(v));
        a2 = vfmaq_f32(a2, xo, kiln_mve_f16_top_to_f32(v));
    }
    float32_t t[16];
    const float32x4x4_t acc = {{a0, a1, a2, vdupq_n_f32(0.0f)}};
    vst4q_f32(t, acc);
    const float32x4_t sum =
        vaddq_f32(vaddq_f32(vld1q_f32(t), vld1q_f32(t + 4)), vaddq_f32(vld1q_f32(t + 8), vld1q_f32(t + 12)));
    y[o] = kiln_fc_fin_f16(vgetq_lane_f32(sum, 0), bias, o, lo, hi);
    y[o + 1] = kiln_fc_fin_f16(vgetq_lane_f32(sum, 1), bias, o + 1, lo, hi);
    y[o + 2] = kiln_fc_fin_f16(vgetq_lane_f32(sum, 2), bias, o + 2, lo, hi);
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
    for (; o + 3 <= oc; o += 3)
    {
        kiln_fc_rows3_mve_f16(x, k, w + (size_t)o * (size_t)k, bias, o, y, lo, hi);
    }
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
    int32_t o = 0;
    /* two blocks (16 outputs) per pass share each widened input element */
    for (; o + 2 * KILN_FC_F16_BLOCK <= oc; o += 2 * KILN_FC_F16_BLOCK)
    {
        const float16_t *wb = w + (size_t)o * (size_t)k;
        const float16_t *wc = wb + (size_t)KILN_FC_F16_BLOCK * (size_t)k;
        float32x4_t ae = vdupq_n_f32(0.0f), ao = ae, be = ae, bo = ae;
        for (int32_t i = 0; i < k; i++)
        {
            const float32_t xi = (float32_t)x[i];
            const float16x8_t wv = vld1q_f16(wb);
            ae = vfmaq_n_f32(ae, kiln_mve_f16_bottom_to_f32(wv), xi);
            ao = vfmaq_n_f32(ao, kiln_mve_f16_top_to_f32(wv), xi);
            const float16x8_t vv = vld1q_f16(wc);
            be = vfmaq_n_f32(be, kiln_mve_f16_bottom_to_f32(vv), xi);
            bo = vfmaq_n_f32(bo, kiln_mve_f16_top_to_f32(vv), xi);
            wb += KILN_FC_F16_BLOCK;
            wc += KILN_FC_F16_BLOCK;
        }
        for (int32_t h = 0; h < 2; h++)
        {
            float32x4_t e = h == 0 ? ae : be, d = h == 0 ? ao : bo;
            const int32_t ob = o + h * KILN_FC_F16_BLOCK;
            if (bias != NULL)
            {
                const float16x8_t bv = vld1q_f16(bias + ob);
                e = vaddq_f32(e, kiln_mve_f16_bottom_to_f32(bv));
                d = vaddq_f32(d, kiln_mve_f16_top_to_f32(bv));
            }
            e = vpselq_f32(vlo, e, vcmpgtq_f32(vlo, e));
            e = vpselq_f32(vhi, e, vcmpgtq_f32(e, vhi));
            d = vpselq_f32(vlo, d, vcmpgtq_f32(vlo, d));
            d = vpselq_f32(vhi, d, vcmpgtq_f32(d, vhi));
            vst1q_f16(y + ob, kiln_mve_f32_pair_to_f16(e, d));
        }
    }
    for (; o < oc; o += KILN_FC_F16_BLOCK)
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
        ae = vpselq_f32(vlo, ae, vcmpgtq_f32(vlo, ae));
        ae = vpselq_f32(vhi, ae, vcmpgtq_f32(ae, vhi));
        ao = vpselq_f32(vlo, ao, vcmpgtq_f32(vlo, ao));
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
