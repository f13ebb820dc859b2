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
 *
 * kiln_conv_s8_gemm_strided (the 1x1 routes: every output pixel of a row of the image in one call)
 * turns the loops around: per group of four channels (parameters and on-the-fly weight sums formed
 * once), the 3x2 passes of up to six three-row blocks fill a table of sums, and a second loop
 * requantizes the table one row — four contiguous channels — per vector, with the parameters held
 * in registers. Dot lengths 16 and 32 run straight-line passes, longer ones the loop.
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

/* ---- strided rows: blocks of three rows x four channels ---------------------------------------- */

/* One 16-byte step of three rows x two weight rows into s[2 r + c] (row r, weight row c); `first`
 * starts the sums (VMLADAV) instead of accumulating. */
static inline __attribute__((always_inline)) void kiln_mve_step3x2(int8x16_t v0, int8x16_t v1, int8x16_t x0,
                                                                   int8x16_t x1, int8x16_t x2, int32_t s[6],
                                                                   const bool first)
{
    if (first)
    {
        s[0] = vmladavq_s8(x0, v0);
        s[1] = vmladavq_s8(x0, v1);
        s[2] = vmladavq_s8(x1, v0);
        s[3] = vmladavq_s8(x1, v1);
        s[4] = vmladavq_s8(x2, v0);
        s[5] = vmladavq_s8(x2, v1);
    }
    else
    {
        s[0] = vmladavaq_s8(s[0], x0, v0);
        s[1] = vmladavaq_s8(s[1], x0, v1);
        s[2] = vmladavaq_s8(s[2], x1, v0);
        s[3] = vmladavaq_s8(s[3], x1, v1);
        s[4] = vmladavaq_s8(s[4], x2, v0);
        s[5] = vmladavaq_s8(s[5], x2, v1);
    }
}

/*
 * Dot products of rows p0, p0 + xs, p0 + 2 xs with weight rows q0, q1 over k = 16 * steps + tail
 * bytes. `unroll` > 0: exactly that many full steps, straight-line (steps is ignored); 0: steps >= 1
 * full steps, the first peeled to start the sums, the rest in a loop; < 0: no full step (k < 16).
 * has_tail: one more zero-predicated step (required when unroll < 0). The six sums go to
 * out[4 r + c] (row r, weight row c): two adjacent words per row, so the caller reads each row's
 * four channels as one vector.
 */
static inline __attribute__((always_inline)) void kiln_mve_pass3x2(const int8_t *p0, int32_t xs, const int8_t *q0,
                                                                   const int8_t *q1, int32_t steps,
                                                                   const int32_t unroll, const bool has_tail,
                                                                   mve_pred16_t tail, int32_t *out)
{
    const int8_t *p1 = p0 + xs;
    const int8_t *p2 = p1 + xs;
    int32_t s[6];
    if (unroll < 0)
    {
        kiln_mve_step3x2(vldrbq_z_s8(q0, tail), vldrbq_z_s8(q1, tail), vldrbq_z_s8(p0, tail), vldrbq_z_s8(p1, tail),
                         vldrbq_z_s8(p2, tail), s, true);
    }
    else
    {
        if (unroll > 0)
        {
            /* Written out (unroll <= 4): constant offsets from the five row pointers. */
            kiln_mve_step3x2(vldrbq_s8(q0), vldrbq_s8(q1), vldrbq_s8(p0), vldrbq_s8(p1), vldrbq_s8(p2), s, true);
            if (unroll > 1)
            {
                kiln_mve_step3x2(vldrbq_s8(q0 + 16), vldrbq_s8(q1 + 16), vldrbq_s8(p0 + 16), vldrbq_s8(p1 + 16),
                                 vldrbq_s8(p2 + 16), s, false);
            }
            if (unroll > 2)
            {
                kiln_mve_step3x2(vldrbq_s8(q0 + 32), vldrbq_s8(q1 + 32), vldrbq_s8(p0 + 32), vldrbq_s8(p1 + 32),
                                 vldrbq_s8(p2 + 32), s, false);
            }
            if (unroll > 3)
            {
                kiln_mve_step3x2(vldrbq_s8(q0 + 48), vldrbq_s8(q1 + 48), vldrbq_s8(p0 + 48), vldrbq_s8(p1 + 48),
                                 vldrbq_s8(p2 + 48), s, false);
            }
            p0 += 16 * unroll;
            p1 += 16 * unroll;
            p2 += 16 * unroll;
            q0 += 16 * unroll;
            q1 += 16 * unroll;
        }
        else
        {
            kiln_mve_step3x2(vldrbq_s8(q0), vldrbq_s8(q1), vldrbq_s8(p0), vldrbq_s8(p1), vldrbq_s8(p2), s, true);
            p0 += 16;
            p1 += 16;
            p2 += 16;
            q0 += 16;
            q1 += 16;
            for (int32_t n = steps - 1; n > 0; n--)
            {
                kiln_mve_step3x2(vldrbq_s8(q0), vldrbq_s8(q1), vldrbq_s8(p0), vldrbq_s8(p1), vldrbq_s8(p2), s, false);
                p0 += 16;
                p1 += 16;
                p2 += 16;
                q0 += 16;
                q1 += 16;
            }
        }
        if (has_tail)
        {
            kiln_mve_step3x2(vldrbq_z_s8(q0, tail), vldrbq_z_s8(q1, tail), vldrbq_z_s8(p0, tail),
                             vldrbq_z_s8(p1, tail), vldrbq_z_s8(p2, tail), s, false);
        }
    }
    out[0] = s[0];
    out[1] = s[1];
    out[4] = s[2];
    out[5] = s[3];
    out[8] = s[4];
    out[9] = s[5];
}

/* Weight sums of four consecutive weight rows, in channel order. */
static inline int32x4_t kiln_mve_wsum4_ordered(const int8_t *w, int32_t ws, int32_t k16, bool has_tail,
                                               mve_pred16_t tail)
{
    int32_t sums[4];
    for (int32_t c = 0; c < 4; c++)
    {
        sums[c] = kiln_mve_wsum(w + c * ws, k16, has_tail, tail);
    }
    return vldrwq_s32(sums);
}

/* Requantize one row's four channel sums (channel order) and store them as four contiguous bytes.
 * The rounding right shift is arm_divide_by_power_of_two_mve_32x4 with its negation hoisted out of
 * the loops (nright = -right shift). */
static inline __attribute__((always_inline)) void kiln_mve_out4c(int32x4_t acc, int32x4_t base, int32x4_t mult,
                                                                 int32x4_t left, int32x4_t nright, int32_t out_offset,
                                                                 int32x4_t vmin, int32x4_t vmax, int8_t *dst)
{
    acc = vshlq_s32(vaddq_s32(acc, base), left);
    acc = vqrdmulhq_s32(acc, mult);
    const int32x4_t fixup = vshrq_n_s32(vandq_s32(acc, nright), 31);
    acc = vrshlq_s32(vqaddq_s32(acc, fixup), nright);
    acc = vaddq_n_s32(acc, out_offset);
    acc = vminq_s32(vmaxq_s32(acc, vmin), vmax);
    vstrbq_s32(dst, acc);
}

/* Blocks whose sums are formed before any is requantized (the sum table: 12 words per block). */
#define KILN_MVE_SUM_BLOCKS 6

/*
 * Blocks of three rows x four channels over rows lhs + i * lhs_stride (n_blocks blocks). The
 * channel loop is outside the row loop, so a group's requantization parameters (and, without a
 * weight-sum buffer, its weight sums) are formed once per call rather than once per block. Per
 * block, two 3x2 passes leave their sums in a row-major table (phase 1, up to KILN_MVE_SUM_BLOCKS
 * blocks); then each table row's four channels are one vector, requantized together and stored as
 * four contiguous bytes (phase 2).
 */
static inline __attribute__((always_inline)) void kiln_mve_rows3x4(const kiln_conv_s8_gemm_args *a,
                                                                   const int8_t *lhs, int32_t lhs_stride,
                                                                   int32_t n_blocks, int8_t *dst, const int32_t unroll,
                                                                   const bool has_tail)
{
    const int32_t k = a->k;
    const int32_t k16 = k & ~15;
    const int32_t steps = k >> 4;
    const mve_pred16_t tail = vctp8q((uint32_t)(k - k16));
    const int32_t ws = a->rhs_stride;
    const int32_t n_oc4 = a->n_oc & ~3;
    const int32_t ds = a->dst_stride;
    const int8_t *const rhs = a->rhs;
    const int32_t *const mult = a->mult;
    const int32_t *const shift = a->shift;
    const int32_t *const wsum = a->weight_sum;
    const int32_t *const bias = a->bias;
    const int32_t lhs_offset = a->lhs_offset;
    const int32_t out_offset = a->out_offset;
    const int32x4_t vmin = vdupq_n_s32(a->act_min);
    const int32x4_t vmax = vdupq_n_s32(a->act_max);
    const int32_t xs3 = 3 * lhs_stride;
    const int32x4_t zero = vdupq_n_s32(0);
    int32_t sums[KILN_MVE_SUM_BLOCKS * 12];
    int32_t prm[16];

    for (int32_t oc = 0; oc < n_oc4; oc += 4)
    {
        const int8_t *const w0 = rhs + oc * ws;
        int32x4_t base;
        if (wsum != NULL)
        {
            base = vldrwq_s32(wsum + oc);
        }
        else
        {
            base = vmulq_n_s32(kiln_mve_wsum4_ordered(w0, ws, k16, has_tail, tail), lhs_offset);
            if (bias != NULL)
            {
                base = vaddq_s32(base, vldrwq_s32(bias + oc));
            }
        }
        const int32x4_t vshift = vldrwq_s32(shift + oc);
        /* The group's parameters wait in memory while the passes use the Q registers. */
        vstrwq_s32(prm, base);
        vstrwq_s32(prm + 4, vldrwq_s32(mult + oc));
        vstrwq_s32(prm + 8, vmaxq_s32(vshift, zero));
        vstrwq_s32(prm + 12, vminq_s32(vshift, zero));
        const int8_t *x = lhs;
        int8_t *d = dst + oc;
        for (int32_t b = 0; b < n_blocks; b += KILN_MVE_SUM_BLOCKS)
        {
            const int32_t nb = MIN(KILN_MVE_SUM_BLOCKS, n_blocks - b);
            /* Phase 1: the dot products of up to KILN_MVE_SUM_BLOCKS blocks into the table. */
            int32_t *st = sums;
            for (int32_t i = nb; i > 0; i--)
            {
                kiln_mve_pass3x2(x, lhs_stride, w0, w0 + ws, steps, unroll, has_tail, tail, st);
                /* Compiler barrier (no instruction): without it GCC reuses the first pass's patch
                 * loads in the second and runs out of Q registers (8). */
                __asm__ volatile("" ::: "memory");
                kiln_mve_pass3x2(x, lhs_stride, w0 + 2 * ws, w0 + 3 * ws, steps, unroll, has_tail, tail, st + 2);
                x += xs3;
                st += 12;
            }
            /* Phase 2: requantize the table, one row (four channels) per vector, parameters in
             * registers for the whole loop. */
            const int32x4_t pbase = vldrwq_s32(prm);
            const int32x4_t pmult = vldrwq_s32(prm + 4);
            const int32x4_t pleft = vldrwq_s32(prm + 8);
            const int32x4_t pnright = vldrwq_s32(prm + 12);
            const int32_t *sr = sums;
            for (int32_t r = 3 * nb; r > 0; r--)
            {
                kiln_mve_out4c(vldrwq_s32(sr), pbase, pmult, pleft, pnright, out_offset, vmin, vmax, d);
                sr += 4;
                d += ds;
            }
        }
    }
}

void kiln_conv_s8_gemm_strided(const kiln_conv_s8_gemm_args *a, const int8_t *lhs, int32_t lhs_stride,
                               int32_t n_rows, int8_t *dst)
{
    const int32_t n_blocks = n_rows / 3;
    const int32_t n_oc4 = a->n_oc & ~3;
    const int32_t ds = a->dst_stride;
    if (n_blocks > 0 && n_oc4 > 0)
    {
        /* Straight-line passes for the shortest dot products (16 and 32 input channels); a loop
         * otherwise (written out, longer passes spill). */
        const int32_t k = a->k;
        if (k < 16)
        {
            kiln_mve_rows3x4(a, lhs, lhs_stride, n_blocks, dst, -1, true);
        }
        else if ((k & 15) != 0)
        {
            kiln_mve_rows3x4(a, lhs, lhs_stride, n_blocks, dst, 0, true);
        }
        else if (k == 16)
        {
            kiln_mve_rows3x4(a, lhs, lhs_stride, n_blocks, dst, 1, false);
        }
        else if (k == 32)
        {
            kiln_mve_rows3x4(a, lhs, lhs_stride, n_blocks, dst, 2, false);
        }
        else
        {
            kiln_mve_rows3x4(a, lhs, lhs_stride, n_blocks, dst, 0, false);
        }
    }
    if (n_blocks > 0 && n_oc4 < a->n_oc)
    {
        /* The last one to three channels: three-row blocks of the general kernel. */
        kiln_conv_s8_gemm_args rest = *a;
        rest.rhs = a->rhs + n_oc4 * a->rhs_stride;
        rest.bias = a->bias != NULL ? a->bias + n_oc4 : NULL;
        rest.weight_sum = a->weight_sum != NULL ? a->weight_sum + n_oc4 : NULL;
        rest.mult = a->mult + n_oc4;
        rest.shift = a->shift + n_oc4;
        rest.n_oc = a->n_oc - n_oc4;
        const int8_t *x = lhs;
        int8_t *d = dst + n_oc4;
        for (int32_t b = 0; b < n_blocks; b++)
        {
            const int8_t *const rows[3] = {x, x + lhs_stride, x + 2 * lhs_stride};
            kiln_conv_s8_gemm(&rest, rows, 3, d);
            x += 3 * lhs_stride;
            d += 3 * ds;
        }
    }
    const int32_t done = n_blocks * 3;
    if (done < n_rows)
    {
        /* One or two rows left: every channel through the general kernel. */
        const int8_t *const x = lhs + done * lhs_stride;
        const int8_t *const rows[2] = {x, n_rows - done > 1 ? x + lhs_stride : x};
        kiln_conv_s8_gemm(a, rows, n_rows - done, dst + done * ds);
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
