/*
 * Kiln — int8 convolution GEMM, Helium (MVE). Blocks of three patches x two output channels: each
 * 16-byte step loads two weight vectors and three patch vectors and issues six VMLADAVA (96 MACs),
 * raw int8 x int8, six accumulators in the even general registers. The input offset enters once per
 * channel as sum(weights) * input_offset + bias: read from the caller's weight-sum buffer, or — when
 * there is none — summed by VADDVA over the channel's weights (identical result). The k % 16 tail
 * is one VCTP-predicated step with zeroing loads (no byte past a row is read). A channel's three
 * accumulators are requantized as one vector and stored by a predicated byte scatter. Groups of four
 * channels (two such blocks) are requantized per patch instead: one vector of four channels with
 * per-lane multiplier/shift/base (gathered in lane order oc, oc+2, oc+1, oc+3) and one byte scatter,
 * and their on-the-fly weight sums come from one four-row VADDVA pass. Blocks of exactly four patches
 * (arm_nn_mat_mul_core_4x_s8, arm_nn_mat_mult_nt_t_s8) run four patches x one channel.
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

/* Weight sums of four consecutive weight rows, in lane order row 0, 2, 1, 3. */
static inline int32x4_t kiln_mve_wsum4(const int8_t *w, int32_t ws, int32_t k16, bool has_tail, mve_pred16_t tail)
{
    const int8_t *w0 = w, *w1 = w + ws, *w2 = w + 2 * ws, *w3 = w + 3 * ws;
    int32_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    for (int32_t n = k16 >> 4; n > 0; n--)
    {
        s0 = vaddvaq_s8(s0, vldrbq_s8(w0));
        s1 = vaddvaq_s8(s1, vldrbq_s8(w1));
        s2 = vaddvaq_s8(s2, vldrbq_s8(w2));
        s3 = vaddvaq_s8(s3, vldrbq_s8(w3));
        w0 += 16;
        w1 += 16;
        w2 += 16;
        w3 += 16;
    }
    if (has_tail)
    {
        s0 = vaddvaq_s8(s0, vldrbq_z_s8(w0, tail));
        s1 = vaddvaq_s8(s1, vldrbq_z_s8(w1, tail));
        s2 = vaddvaq_s8(s2, vldrbq_z_s8(w2, tail));
        s3 = vaddvaq_s8(s3, vldrbq_z_s8(w3, tail));
    }
    int32x4_t v = vdupq_n_s32(s0);
    v = vsetq_lane_s32(s2, v, 1);
    v = vsetq_lane_s32(s1, v, 2);
    v = vsetq_lane_s32(s3, v, 3);
    return v;
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

/* Dot products of three patches with two weight rows (k16 full steps, then the predicated tail). */
static inline __attribute__((always_inline)) void kiln_mve_dot3x2(const int8_t *p0, const int8_t *p1,
                                                                  const int8_t *p2, const int8_t *q0,
                                                                  const int8_t *q1, int32_t k16, bool has_tail,
                                                                  mve_pred16_t tail, int32_t out[6])
{
    int32_t s00 = 0, s01 = 0, s02 = 0, s10 = 0, s11 = 0, s12 = 0;
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
    out[0] = s00;
    out[1] = s01;
    out[2] = s02;
    out[3] = s10;
    out[4] = s11;
    out[5] = s12;
}

/* Requantize one patch's four channel accumulators (lane order oc, oc+2, oc+1, oc+3) with per-lane
 * parameters and scatter them back into channel order. */
static inline __attribute__((always_inline)) void kiln_mve_out4(int32x4_t acc, int32x4_t base, int32x4_t mult,
                                                                int32x4_t left, int32x4_t right, int32_t out_offset,
                                                                int32x4_t vmin, int32x4_t vmax, uint32x4_t lanes,
                                                                int8_t *dst)
{
    acc = vaddq_s32(acc, base);
    acc = vshlq_s32(acc, left);
    acc = arm_divide_by_power_of_two_mve_32x4(vqrdmulhq_s32(acc, mult), right);
    acc = vaddq_n_s32(acc, out_offset);
    acc = vmaxq_s32(acc, vmin);
    acc = vminq_s32(acc, vmax);
    vstrbq_scatter_offset_s32(dst, lanes, acc);
}

/* Four patches x one output channel: each 16-byte step loads one weight vector and four patch
 * vectors and issues four VMLADAVA (64 MACs); when no weight-sum buffer is given the channel's weight
 * sum is accumulated by VADDVA from the same weight vector (no second pass over the weights). The
 * four row accumulators form one vector: one requantization and one scatter store per channel. */
static inline __attribute__((always_inline)) void kiln_mve_gemm4(const kiln_conv_s8_gemm_args *a,
                                                                 const int8_t *const *rows, int8_t *dst,
                                                                 const bool sums)
{
    const int32_t k = a->k;
    const int32_t k16 = k & ~15;
    const bool has_tail = k16 != k;
    const mve_pred16_t tail = vctp8q((uint32_t)(k - k16));
    const uint32x4_t offsets = vmulq_n_u32(vidupq_n_u32(0u, 1), (uint32_t)a->dst_stride);
    const int32_t ws = a->rhs_stride;
    const int32_t n_oc = a->n_oc;
    const int8_t *w = a->rhs;
    const int32_t *const mult = a->mult;
    const int32_t *const shift = a->shift;
    const int32_t *const wsum = a->weight_sum;
    const int32_t *const bias = a->bias;
    const int32_t lhs_offset = a->lhs_offset;
    const int32_t out_offset = a->out_offset;
    const int32x4_t vmin = vdupq_n_s32(a->act_min);
    const int32x4_t vmax = vdupq_n_s32(a->act_max);
    const int8_t *const r0 = rows[0];
    const int8_t *const r1 = rows[1];
    const int8_t *const r2 = rows[2];
    const int8_t *const r3 = rows[3];

    for (int32_t oc = 0; oc < n_oc; oc++)
    {
        int32_t s0 = 0, s1 = 0, s2 = 0, s3 = 0, sw = 0;
        const int8_t *p0 = r0, *p1 = r1, *p2 = r2, *p3 = r3, *q = w;
        for (int32_t n = k16 >> 4; n > 0; n--)
        {
            const int8x16_t v = vldrbq_s8(q);
            if (sums)
            {
                sw = vaddvaq_s8(sw, v);
            }
            s0 = vmladavaq_s8(s0, vldrbq_s8(p0), v);
            s1 = vmladavaq_s8(s1, vldrbq_s8(p1), v);
            s2 = vmladavaq_s8(s2, vldrbq_s8(p2), v);
            s3 = vmladavaq_s8(s3, vldrbq_s8(p3), v);
            p0 += 16;
            p1 += 16;
            p2 += 16;
            p3 += 16;
            q += 16;
        }
        if (has_tail)
        {
            const int8x16_t v = vldrbq_z_s8(q, tail);
            if (sums)
            {
                sw = vaddvaq_s8(sw, v);
            }
            s0 = vmladavaq_s8(s0, vldrbq_z_s8(p0, tail), v);
            s1 = vmladavaq_s8(s1, vldrbq_z_s8(p1, tail), v);
            s2 = vmladavaq_s8(s2, vldrbq_z_s8(p2, tail), v);
            s3 = vmladavaq_s8(s3, vldrbq_z_s8(p3, tail), v);
        }
        const int32_t base = sums ? sw * lhs_offset + (bias != NULL ? bias[oc] : 0) : wsum[oc];
        int32x4_t acc = vdupq_n_s32(s0);
        acc = vsetq_lane_s32(s1, acc, 1);
        acc = vsetq_lane_s32(s2, acc, 2);
        acc = vsetq_lane_s32(s3, acc, 3);
        acc = vaddq_n_s32(acc, base);
        acc = arm_requantize_mve(acc, mult[oc], shift[oc]);
        acc = vaddq_n_s32(acc, out_offset);
        acc = vmaxq_s32(acc, vmin);
        acc = vminq_s32(acc, vmax);
        vstrbq_scatter_offset_s32(dst + oc, offsets, acc);
        w += ws;
    }
}

void kiln_conv_s8_gemm(const kiln_conv_s8_gemm_args *a, const int8_t *const *rows, int32_t n_rows, int8_t *dst)
{
    if (n_rows == 4)
    {
        if (a->weight_sum != NULL)
        {
            kiln_mve_gemm4(a, rows, dst, false);
        }
        else
        {
            kiln_mve_gemm4(a, rows, dst, true);
        }
        return;
    }
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
    const uint32x4_t lanes = vsetq_lane_u32(1u, vsetq_lane_u32(2u, vidupq_n_u32(0u, 1), 1), 2);

    for (int32_t r = 0; r < n_rows; r += 3)
    {
        const int32_t nr = MIN(3, n_rows - r);
        const int8_t *r0 = rows[r];
        const int8_t *r1 = nr > 1 ? rows[r + 1] : r0;
        const int8_t *r2 = nr > 2 ? rows[r + 2] : r0;
        const mve_pred16_t store = vctp32q((uint32_t)nr);
        int8_t *d = dst + r * dst_stride;
        const int8_t *w;
        int32_t oc = 0;
        for (; oc + 4 <= n_oc; oc += 4)
        {
            int32_t sa[6], sb[6];
            const int8_t *const wg = rhs + oc * ws;
            kiln_mve_dot3x2(r0, r1, r2, wg, wg + ws, k16, has_tail, tail, sa);
            kiln_mve_dot3x2(r0, r1, r2, wg + 2 * ws, wg + 3 * ws, k16, has_tail, tail, sb);
            int32x4_t base;
            if (wsum != NULL)
            {
                base = vldrwq_gather_shifted_offset_s32(wsum + oc, lanes);
            }
            else
            {
                const int32x4_t sums = kiln_mve_wsum4(wg, ws, k16, has_tail, tail);
                base = vmulq_n_s32(sums, lhs_offset);
                if (bias != NULL)
                {
                    base = vaddq_s32(base, vldrwq_gather_shifted_offset_s32(bias + oc, lanes));
                }
            }
            const int32x4_t vmult = vldrwq_gather_shifted_offset_s32(mult + oc, lanes);
            const int32x4_t vshift = vldrwq_gather_shifted_offset_s32(shift + oc, lanes);
            const int32x4_t zero = vdupq_n_s32(0);
            const int32x4_t left = vmaxq_s32(vshift, zero);
            const int32x4_t right = vmaxq_s32(vnegq_s32(vshift), zero);
            /* lanes: oc, oc+2, oc+1, oc+3 */
            int32x4_t a0 = vdupq_n_s32(sa[0]);
            a0 = vsetq_lane_s32(sb[0], a0, 1);
            a0 = vsetq_lane_s32(sa[3], a0, 2);
            a0 = vsetq_lane_s32(sb[3], a0, 3);
            kiln_mve_out4(a0, base, vmult, left, right, out_offset, vmin, vmax, lanes, d + oc);
            if (nr > 1)
            {
                int32x4_t a1 = vdupq_n_s32(sa[1]);
                a1 = vsetq_lane_s32(sb[1], a1, 1);
                a1 = vsetq_lane_s32(sa[4], a1, 2);
                a1 = vsetq_lane_s32(sb[4], a1, 3);
                kiln_mve_out4(a1, base, vmult, left, right, out_offset, vmin, vmax, lanes, d + dst_stride + oc);
            }
            if (nr > 2)
            {
                int32x4_t a2 = vdupq_n_s32(sa[2]);
                a2 = vsetq_lane_s32(sb[2], a2, 1);
                a2 = vsetq_lane_s32(sa[5], a2, 2);
                a2 = vsetq_lane_s32(sb[5], a2, 3);
                kiln_mve_out4(a2, base, vmult, left, right, out_offset, vmin, vmax, lanes, d + 2 * dst_stride + oc);
            }
        }
        w = rhs + oc * ws;
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
