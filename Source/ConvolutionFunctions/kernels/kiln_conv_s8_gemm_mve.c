/*
 * Kiln — int8 convolution GEMM, Helium (MVE). Blocks of three patches x two output channels: each
 * 16-byte step loads two weight vectors and three patch vectors and issues six VMLADAVA (96 MACs),
 * raw int8 x int8, six accumulators in the even general registers. The input offset enters once per
 * channel as sum(weights) * input_offset + bias: read from the caller's weight-sum buffer, or — when
 * there is none — summed by VADDVA over the channel's weights (identical result). The k % 16 tail
 * is one VCTP-predicated step with zeroing loads (no byte past a row is read). A channel's three
 * accumulators are requantized as one vector and stored by a predicated byte scatter.
 */
#include "Include/Internal/kiln_conv_s8.h"

#if KILN_BUILD_MVE

/* sum of k weights (k16 full vectors, then the predicated tail). */
static inline int32_t kiln_mve_wsum(const int8_t *w, int32_t k16, bool has_tail, mve_pred16_t tail)
{
    int32_t sum = 0;
    int32_t i = 0;
    for (; i < k16; i += 16)
    {
        sum = vaddvaq_s8(sum, vldrbq_s8(w + i));
    }
    if (has_tail)
    {
        sum = vaddvaq_s8(sum, vldrbq_z_s8(w + i, tail));
    }
    return sum;
}

/* Requantize a channel's three row accumulators (lanes 0..2) and scatter them to dst + lane * stride. */
static inline void kiln_mve_out3(int32_t s0, int32_t s1, int32_t s2, int32_t base, int32_t mult, int32_t shift,
                                 int32_t out_offset, int32x4_t vmin, int32x4_t vmax, uint32x4_t offsets,
                                 mve_pred16_t store, int8_t *dst)
{
    int32x4_t acc = vdupq_n_s32(s0);
    acc = vsetq_lane_s32(s1, acc, 1);
    acc = vsetq_lane_s32(s2, acc, 2);
    acc = vaddq_n_s32(acc, base);
    acc = arm_requantize_mve(acc, mult, shift);
    acc = vaddq_n_s32(acc, out_offset);
    acc = vmaxq_s32(acc, vmin);
    acc = vminq_s32(acc, vmax);
    vstrbq_scatter_offset_p_s32(dst, offsets, acc, store);
}

static inline int32_t kiln_mve_base(const int32_t *weight_sum, const int32_t *bias, int32_t lhs_offset,
                                    const int8_t *w, int32_t oc, int32_t k16, bool has_tail, mve_pred16_t tail)
{
    if (weight_sum != NULL)
    {
        return weight_sum[oc];
    }
    return kiln_mve_wsum(w, k16, has_tail, tail) * lhs_offset + (bias != NULL ? bias[oc] : 0);
}

void kiln_conv_s8_gemm(const kiln_conv_s8_gemm_args *a, const int8_t *const *rows, int32_t n_rows, int8_t *dst)
{
    const int32_t k = a->k;
    const int32_t k16 = k & ~15;
    const bool has_tail = k16 != k;
    const mve_pred16_t tail = vctp8q((uint32_t)(k - k16));
    const uint32x4_t offsets = vmulq_n_u32(vidupq_n_u32(0u, 1), (uint32_t)a->dst_stride);
    /* Everything the loops read from *a, in locals: the int8 output stores may alias any memory. */
    const int32_t ws = a->rhs_stride;
    const int32_t n_oc = a->n_oc;
    const int32_t dst_stride = a->dst_stride;
    const int8_t *const rhs = a->rhs;
    const int32_t *const mult = a->mult;
    const int32_t *const shift = a->shift;
    const int32_t *const wsum = a->weight_sum;
    const int32_t *const bias = a->bias;
    const int32_t lhs_offset = a->lhs_offset;
    const int32_t out_offset = a->out_offset;
    const int32x4_t vmin = vdupq_n_s32(a->act_min);
    const int32x4_t vmax = vdupq_n_s32(a->act_max);

    for (int32_t r = 0; r < n_rows; r += 3)
    {
        const int32_t nr = MIN(3, n_rows - r);
        const int8_t *r0 = rows[r];
        const int8_t *r1 = nr > 1 ? rows[r + 1] : r0;
        const int8_t *r2 = nr > 2 ? rows[r + 2] : r0;
        const mve_pred16_t store = vctp32q((uint32_t)nr);
        int8_t *d = dst + r * dst_stride;
        const int8_t *w = rhs;
        int32_t oc = 0;
        for (; oc + 2 <= n_oc; oc += 2)
        {
            const int8_t *w0 = w;
            const int8_t *w1 = w + ws;
            int32_t s00 = 0, s01 = 0, s02 = 0, s10 = 0, s11 = 0, s12 = 0;
            const int8_t *p0 = r0, *p1 = r1, *p2 = r2, *q0 = w0, *q1 = w1;
            for (int32_t n = k16 >> 4; n > 0; n--)
            {
                const int8x16_t v0 = vldrbq_s8(q0);
                const int8x16_t v1 = vldrbq_s8(q1);
                const int8x16_t x0 = vldrbq_s8(p0);
                s00 = vmladavaq_s8(s00, x0, v0);
                s10 = vmladavaq_s8(s10, x0, v1);
                const int8x16_t x1 = vldrbq_s8(p1);
                s01 = vmladavaq_s8(s01, x1, v0);
                s11 = vmladavaq_s8(s11, x1, v1);
                const int8x16_t x2 = vldrbq_s8(p2);
                s02 = vmladavaq_s8(s02, x2, v0);
                s12 = vmladavaq_s8(s12, x2, v1);
                p0 += 16;
                p1 += 16;
                p2 += 16;
                q0 += 16;
                q1 += 16;
            }
            if (has_tail)
            {
                const int8x16_t v0 = vldrbq_z_s8(q0, tail);
                const int8x16_t v1 = vldrbq_z_s8(q1, tail);
                const int8x16_t x0 = vldrbq_z_s8(p0, tail);
                s00 = vmladavaq_s8(s00, x0, v0);
                s10 = vmladavaq_s8(s10, x0, v1);
                const int8x16_t x1 = vldrbq_z_s8(p1, tail);
                s01 = vmladavaq_s8(s01, x1, v0);
                s11 = vmladavaq_s8(s11, x1, v1);
                const int8x16_t x2 = vldrbq_z_s8(p2, tail);
                s02 = vmladavaq_s8(s02, x2, v0);
                s12 = vmladavaq_s8(s12, x2, v1);
            }
            const int32_t b0 = kiln_mve_base(wsum, bias, lhs_offset, w0, oc, k16, has_tail, tail);
            const int32_t b1 = kiln_mve_base(wsum, bias, lhs_offset, w1, oc + 1, k16, has_tail, tail);
            kiln_mve_out3(s00, s01, s02, b0, mult[oc], shift[oc], out_offset, vmin, vmax, offsets, store, d + oc);
            kiln_mve_out3(s10, s11, s12, b1, mult[oc + 1], shift[oc + 1], out_offset, vmin, vmax, offsets, store,
                          d + oc + 1);
            w += 2 * ws;
        }
        if (oc < n_oc)
        {
            int32_t s0 = 0, s1 = 0, s2 = 0;
            const int8_t *p0 = r0, *p1 = r1, *p2 = r2, *q0 = w;
            for (int32_t n = k16 >> 4; n > 0; n--)
            {
                const int8x16_t v = vldrbq_s8(q0);
                s0 = vmladavaq_s8(s0, vldrbq_s8(p0), v);
                s1 = vmladavaq_s8(s1, vldrbq_s8(p1), v);
                s2 = vmladavaq_s8(s2, vldrbq_s8(p2), v);
                p0 += 16;
                p1 += 16;
                p2 += 16;
                q0 += 16;
            }
            if (has_tail)
            {
                const int8x16_t v = vldrbq_z_s8(q0, tail);
                s0 = vmladavaq_s8(s0, vldrbq_z_s8(p0, tail), v);
                s1 = vmladavaq_s8(s1, vldrbq_z_s8(p1, tail), v);
                s2 = vmladavaq_s8(s2, vldrbq_z_s8(p2, tail), v);
            }
            const int32_t b = kiln_mve_base(wsum, bias, lhs_offset, w, oc, k16, has_tail, tail);
            kiln_mve_out3(s0, s1, s2, b, mult[oc], shift[oc], out_offset, vmin, vmax, offsets, store, d + oc);
        }
    }
}

void kiln_conv_s8_copy(int8_t *dst, const int8_t *src, int32_t n)
{
    for (; n > 0; n -= 16)
    {
        const mve_pred16_t p = vctp8q((uint32_t)n);
        vstrbq_p_s8(dst, vldrbq_z_s8(src, p), p);
        dst += 16;
        src += 16;
    }
}

void kiln_conv_s8_fill(int8_t *dst, int8_t value, int32_t n)
{
    const int8x16_t v = vdupq_n_s8(value);
    for (; n > 0; n -= 16)
    {
        vstrbq_p_s8(dst, v, vctp8q((uint32_t)n));
        dst += 16;
    }
}

#endif
