/*
 * Kiln — float16 convolution kernels, Helium (MVE float). One block kernel serves every route: eight output
 * channels per pass for one or two output positions, each position's lhs given as a grid of runs (a contiguous
 * patch row, a window read in place from the input, or the valid taps of a clipped window). The routes built
 * on it: 1x1, 1xN, conv1d k5/k3, packed-patch GEMM, direct, and the public arm_nn_mat_mult_*_f16 kernels.
 *
 * float32 accumulation (arm_convolve_f16 and the public f16 kernels): the eight weights of a column are loaded
 * once (NT_N_PACKED: one contiguous load; standard: one gather) and widened to float32 as two vectors, even and
 * odd channels (VCVTB / VCVTT, Internal/kiln_mve_f16.h); the lhs values
 * are widened four at a time. Each lane sums its channel's exact products in column order with fused
 * multiply-adds, adds its bias and clamps in float32, and is rounded once to float16 (VCVTB/VCVTT narrowing
 * puts the even and odd channels back in place): the same bits as the portable kernel, for both weight formats.
 *
 * float16 accumulation (acc16, arm_convolve_f16_acc16): fused float16 multiply-adds, eight channels per vector,
 * in the same column order, then the bias add in float16 and the clamp. Every partial sum is rounded once to
 * float16 (the portable kernel rounds a float32 sum, so the two may differ by that double rounding; both stay
 * within the route's documented bound). Both weight formats give the same bits.
 */
#include "Include/Internal/kiln_conv_flt.h"

#if ARM_NN_ENABLE_F16 && KILN_FLT_BUILD_MVE
#include "Include/Internal/kiln_mve_f16.h"

/* The lhs of one or two output positions: n_outer x n_inner runs of seg_len elements. Run (r, i) of position p
 * starts at x[p] + r * so[p] + i * si[p] and meets weight columns from wk0 + r * wk_outer + i * wk_inner. */
typedef struct
{
    const float16_t *x[2];
    ptrdiff_t so[2], si[2];
    int32_t seg_len, n_inner, n_outer;
    int32_t wk0, wk_outer, wk_inner;
} kiln_lhs_f16;

/* The layout of one contiguous row of k elements. */
static inline void kiln_lhs_row(kiln_lhs_f16 *l, const float16_t *x0, const float16_t *x1, int32_t k)
{
    l->x[0] = x0;
    l->x[1] = x1;
    l->so[0] = l->so[1] = 0;
    l->si[0] = l->si[1] = 0;
    l->seg_len = k;
    l->n_inner = 1;
    l->n_outer = 1;
    l->wk0 = 0;
    l->wk_outer = 0;
    l->wk_inner = 0;
}


/* Four consecutive halves widened to float32 (lane i: p[i]). */
static inline float32x4_t kiln_x4_f32(const float16_t *p)
{
    const uint32x4_t h = vldrhq_u32((const uint16_t *)(const void *)p);
    return kiln_mve_f16_bottom_to_f32(vreinterpretq_f16_u32(h));
}

/* Stores clamp(acc + bias) rounded to float16: even/odd float32 lanes back into channel order. */
static inline void kiln_store_f32acc(float16_t *dst, float32x4_t ae, float32x4_t ao, const float16_t *bias,
                                     mve_pred16_t p, float32x4_t vlo, float32x4_t vhi, bool clamp)
{
    if (bias != NULL)
    {
        const float16x8_t b = vldrhq_z_f16(bias, p);
        ae = vaddq_f32(ae, kiln_mve_f16_bottom_to_f32(b));
        ao = vaddq_f32(ao, kiln_mve_f16_top_to_f32(b));
    }
    if (clamp)
    {
        ae = vpselq_f32(vlo, ae, vcmpltq_f32(ae, vlo));
        ae = vpselq_f32(vhi, ae, vcmpgtq_f32(ae, vhi));
        ao = vpselq_f32(vlo, ao, vcmpltq_f32(ao, vlo));
        ao = vpselq_f32(vhi, ao, vcmpgtq_f32(ao, vhi));
    }
    float16x8_t r = vdupq_n_f16((float16_t)0.0f);
    r = kiln_mve_f32_to_f16_bottom(r, ae);
    r = kiln_mve_f32_to_f16_top(r, ao);
    vstrhq_p_f16(dst, r, p);
}

static inline void kiln_store_f16acc(float16_t *dst, float16x8_t a, const float16_t *bias, mve_pred16_t p,
                                     float16x8_t vlo, float16x8_t vhi, bool clamp)
{
    if (bias != NULL)
    {
        a = vaddq_f16(a, vldrhq_z_f16(bias, p));
    }
    if (clamp)
    {
        a = vpselq_f16(vlo, a, vcmpltq_f16(a, vlo));
        a = vpselq_f16(vhi, a, vcmpgtq_f16(a, vhi));
    }
    vstrhq_p_f16(dst, a, p);
}

#define KILN_INLINE static inline __attribute__((always_inline))

/* Eight weights of one column: packed (contiguous) or standard (gather, lane j at j * k). */
KILN_INLINE float16x8_t kiln_wcol(const float16_t *wp, bool packed, uint16x8_t offs, mve_pred16_t p)
{
    return packed ? vld1q_f16(wp) : vldrhq_gather_shifted_offset_z_f16(wp, offs, p);
}

/* One column for two positions: (a0, a1) += w x s0, (c0, c1) += w x s1 (even / odd channels). */
#define KILN_COL2(wv, s0, s1)                                                                                      \
    do                                                                                                             \
    {                                                                                                              \
        const float32x4_t we_ = kiln_mve_f16_bottom_to_f32(wv);                                                    \
        const float32x4_t wo_ = kiln_mve_f16_top_to_f32(wv);                                                       \
        a0 = vfmaq_n_f32(a0, we_, (s0));                                                                           \
        a1 = vfmaq_n_f32(a1, wo_, (s0));                                                                           \
        c0 = vfmaq_n_f32(c0, we_, (s1));                                                                           \
        c1 = vfmaq_n_f32(c1, wo_, (s1));                                                                           \
    } while (0)

#define KILN_COL1(wv, s0)                                                                                          \
    do                                                                                                             \
    {                                                                                                              \
        a0 = vfmaq_n_f32(a0, kiln_mve_f16_bottom_to_f32(wv), (s0));                                                \
        a1 = vfmaq_n_f32(a1, kiln_mve_f16_top_to_f32(wv), (s0));                                                   \
    } while (0)

/*
 * float32 accumulation, one block of up to eight channels (p: the live channels), npos (1 or 2) positions.
 * wb: the block's weights (standard: channel o0's row; packed: the block). Specialized per (npos, packed).
 */
KILN_INLINE void kiln_block_f32acc(const kiln_lhs_f16 *l, const int npos, const float16_t *wb, const bool packed,
                                   uint16x8_t offs, mve_pred16_t p, const float16_t *bias, float16_t *dst0,
                                   float16_t *dst1, float32x4_t vlo, float32x4_t vhi, bool clamp)
{
    float32x4_t a0 = vdupq_n_f32(0.0f), a1 = a0, c0 = a0, c1 = a0;
    const size_t wstep = packed ? KILN_CONV_F16_LANES : 1u;
    for (int32_t r = 0; r < l->n_outer; r++)
    {
        for (int32_t i = 0; i < l->n_inner; i++)
        {
            const float16_t *p0 = l->x[0] + r * l->so[0] + i * l->si[0];
            const float16_t *p1 = l->x[1] + r * l->so[1] + i * l->si[1];
            const int32_t kk = l->wk0 + r * l->wk_outer + i * l->wk_inner;
            const float16_t *wp = wb + (size_t)kk * wstep;
            int32_t n = l->seg_len;
            for (; n >= 4; n -= 4)
            {
                const float32x4_t xa = kiln_x4_f32(p0);
                const float32_t x0 = vgetq_lane_f32(xa, 0), x1 = vgetq_lane_f32(xa, 1);
                const float32_t x2 = vgetq_lane_f32(xa, 2), x3 = vgetq_lane_f32(xa, 3);
                p0 += 4;
                if (npos == 2)
                {
                    const float32x4_t xb = kiln_x4_f32(p1);
                    const float32_t y0 = vgetq_lane_f32(xb, 0), y1 = vgetq_lane_f32(xb, 1);
                    const float32_t y2 = vgetq_lane_f32(xb, 2), y3 = vgetq_lane_f32(xb, 3);
                    p1 += 4;
                    KILN_COL2(kiln_wcol(wp, packed, offs, p), x0, y0);
                    KILN_COL2(kiln_wcol(wp + wstep, packed, offs, p), x1, y1);
                    KILN_COL2(kiln_wcol(wp + 2 * wstep, packed, offs, p), x2, y2);
                    KILN_COL2(kiln_wcol(wp + 3 * wstep, packed, offs, p), x3, y3);
                }
                else
                {
                    KILN_COL1(kiln_wcol(wp, packed, offs, p), x0);
                    KILN_COL1(kiln_wcol(wp + wstep, packed, offs, p), x1);
                    KILN_COL1(kiln_wcol(wp + 2 * wstep, packed, offs, p), x2);
                    KILN_COL1(kiln_wcol(wp + 3 * wstep, packed, offs, p), x3);
                }
                wp += 4 * wstep;
            }
            for (; n > 0; n--)
            {
                const float16x8_t wv = kiln_wcol(wp, packed, offs, p);
                const float32_t s0 = (float32_t)*p0++;
                if (npos == 2)
                {
                    const float32_t s1 = (float32_t)*p1++;
                    KILN_COL2(wv, s0, s1);
                }
                else
                {
                    KILN_COL1(wv, s0);
                }
                wp += wstep;
            }
        }
    }
    kiln_store_f32acc(dst0, a0, a1, bias, p, vlo, vhi, clamp);
    if (npos == 2)
    {
        kiln_store_f32acc(dst1, c0, c1, bias, p, vlo, vhi, clamp);
    }
}

/* float16 accumulation, one block of up to eight channels, npos (1 or 2) positions. */
KILN_INLINE void kiln_block_f16acc(const kiln_lhs_f16 *l, const int npos, const float16_t *wb, const bool packed,
                                   uint16x8_t offs, mve_pred16_t p, const float16_t *bias, float16_t *dst0,
                                   float16_t *dst1, float16x8_t vlo, float16x8_t vhi, bool clamp)
{
    float16x8_t a = vdupq_n_f16((float16_t)0.0f), c = a;
    const size_t wstep = packed ? KILN_CONV_F16_LANES : 1u;
    for (int32_t r = 0; r < l->n_outer; r++)
    {
        for (int32_t i = 0; i < l->n_inner; i++)
        {
            const float16_t *p0 = l->x[0] + r * l->so[0] + i * l->si[0];
            const float16_t *p1 = l->x[1] + r * l->so[1] + i * l->si[1];
            const int32_t kk = l->wk0 + r * l->wk_outer + i * l->wk_inner;
            const float16_t *wp = wb + (size_t)kk * wstep;
            for (int32_t n = 0; n < l->seg_len; n++)
            {
                const float16x8_t wv = kiln_wcol(wp, packed, offs, p);
                a = vfmaq_n_f16(a, wv, p0[n]);
                if (npos == 2)
                {
                    c = vfmaq_n_f16(c, wv, p1[n]);
                }
                wp += wstep;
            }
        }
    }
    kiln_store_f16acc(dst0, a, bias, p, vlo, vhi, clamp);
    if (npos == 2)
    {
        kiln_store_f16acc(dst1, c, bias, p, vlo, vhi, clamp);
    }
}

/* The block kernels specialized per (accumulation, positions, weight format). GCC's first scheduling pass hoists
 * the weight loads of the unrolled columns and spills them (eight Q registers); the kernels are kept in order. */
#if defined(__GNUC__) && !defined(__clang__)
#define KILN_BLOCK_FN static __attribute__((optimize("no-schedule-insns"))) void
#else
#define KILN_BLOCK_FN static void
#endif
KILN_BLOCK_FN kiln_block_f32acc_p2(const kiln_lhs_f16 *l, const float16_t *w, int32_t k, int32_t oc, uint16x8_t offs,
                                 const float16_t *bias, float16_t *d0, float16_t *d1, float32x4_t vlo, float32x4_t vhi,
                                 bool clamp)
{
    for (int32_t o = 0; o < oc; o += KILN_CONV_F16_LANES)
    {
        /* both layouts: the block of channels o.. starts o x k elements in (packed tail blocks are zero-filled) */
        kiln_block_f32acc(l, 2, w + (size_t)o * (size_t)k, true, offs, vctp16q((uint32_t)(oc - o)),
                          bias != NULL ? bias + o : NULL, d0 + o, d1 + o, vlo, vhi, clamp);
    }
}

KILN_BLOCK_FN kiln_block_f32acc_p1(const kiln_lhs_f16 *l, const float16_t *w, int32_t k, int32_t oc, uint16x8_t offs,
                                 const float16_t *bias, float16_t *d0, float16_t *d1, float32x4_t vlo, float32x4_t vhi,
                                 bool clamp)
{
    for (int32_t o = 0; o < oc; o += KILN_CONV_F16_LANES)
    {
        /* both layouts: the block of channels o.. starts o x k elements in (packed tail blocks are zero-filled) */
        kiln_block_f32acc(l, 1, w + (size_t)o * (size_t)k, true, offs, vctp16q((uint32_t)(oc - o)),
                          bias != NULL ? bias + o : NULL, d0 + o, NULL, vlo, vhi, clamp);
    }
    (void)d1;
}

KILN_BLOCK_FN kiln_block_f32acc_s2(const kiln_lhs_f16 *l, const float16_t *w, int32_t k, int32_t oc, uint16x8_t offs,
                                 const float16_t *bias, float16_t *d0, float16_t *d1, float32x4_t vlo, float32x4_t vhi,
                                 bool clamp)
{
    for (int32_t o = 0; o < oc; o += KILN_CONV_F16_LANES)
    {
        /* both layouts: the block of channels o.. starts o x k elements in (packed tail blocks are zero-filled) */
        kiln_block_f32acc(l, 2, w + (size_t)o * (size_t)k, false, offs, vctp16q((uint32_t)(oc - o)),
                          bias != NULL ? bias + o : NULL, d0 + o, d1 + o, vlo, vhi, clamp);
    }
}

KILN_BLOCK_FN kiln_block_f32acc_s1(const kiln_lhs_f16 *l, const float16_t *w, int32_t k, int32_t oc, uint16x8_t offs,
                                 const float16_t *bias, float16_t *d0, float16_t *d1, float32x4_t vlo, float32x4_t vhi,
                                 bool clamp)
{
    for (int32_t o = 0; o < oc; o += KILN_CONV_F16_LANES)
    {
        /* both layouts: the block of channels o.. starts o x k elements in (packed tail blocks are zero-filled) */
        kiln_block_f32acc(l, 1, w + (size_t)o * (size_t)k, false, offs, vctp16q((uint32_t)(oc - o)),
                          bias != NULL ? bias + o : NULL, d0 + o, NULL, vlo, vhi, clamp);
    }
    (void)d1;
}

KILN_BLOCK_FN kiln_block_f16acc_p2(const kiln_lhs_f16 *l, const float16_t *w, int32_t k, int32_t oc, uint16x8_t offs,
                                 const float16_t *bias, float16_t *d0, float16_t *d1, float16x8_t vlo, float16x8_t vhi,
                                 bool clamp)
{
    for (int32_t o = 0; o < oc; o += KILN_CONV_F16_LANES)
    {
        /* both layouts: the block of channels o.. starts o x k elements in (packed tail blocks are zero-filled) */
        kiln_block_f16acc(l, 2, w + (size_t)o * (size_t)k, true, offs, vctp16q((uint32_t)(oc - o)),
                          bias != NULL ? bias + o : NULL, d0 + o, d1 + o, vlo, vhi, clamp);
    }
}

KILN_BLOCK_FN kiln_block_f16acc_p1(const kiln_lhs_f16 *l, const float16_t *w, int32_t k, int32_t oc, uint16x8_t offs,
                                 const float16_t *bias, float16_t *d0, float16_t *d1, float16x8_t vlo, float16x8_t vhi,
                                 bool clamp)
{
    for (int32_t o = 0; o < oc; o += KILN_CONV_F16_LANES)
    {
        /* both layouts: the block of channels o.. starts o x k elements in (packed tail blocks are zero-filled) */
        kiln_block_f16acc(l, 1, w + (size_t)o * (size_t)k, true, offs, vctp16q((uint32_t)(oc - o)),
                          bias != NULL ? bias + o : NULL, d0 + o, NULL, vlo, vhi, clamp);
    }
    (void)d1;
}

KILN_BLOCK_FN kiln_block_f16acc_s2(const kiln_lhs_f16 *l, const float16_t *w, int32_t k, int32_t oc, uint16x8_t offs,
                                 const float16_t *bias, float16_t *d0, float16_t *d1, float16x8_t vlo, float16x8_t vhi,
                                 bool clamp)
{
    for (int32_t o = 0; o < oc; o += KILN_CONV_F16_LANES)
    {
        /* both layouts: the block of channels o.. starts o x k elements in (packed tail blocks are zero-filled) */
        kiln_block_f16acc(l, 2, w + (size_t)o * (size_t)k, false, offs, vctp16q((uint32_t)(oc - o)),
                          bias != NULL ? bias + o : NULL, d0 + o, d1 + o, vlo, vhi, clamp);
    }
}

KILN_BLOCK_FN kiln_block_f16acc_s1(const kiln_lhs_f16 *l, const float16_t *w, int32_t k, int32_t oc, uint16x8_t offs,
                                 const float16_t *bias, float16_t *d0, float16_t *d1, float16x8_t vlo, float16x8_t vhi,
                                 bool clamp)
{
    for (int32_t o = 0; o < oc; o += KILN_CONV_F16_LANES)
    {
        /* both layouts: the block of channels o.. starts o x k elements in (packed tail blocks are zero-filled) */
        kiln_block_f16acc(l, 1, w + (size_t)o * (size_t)k, false, offs, vctp16q((uint32_t)(oc - o)),
                          bias != NULL ? bias + o : NULL, d0 + o, NULL, vlo, vhi, clamp);
    }
    (void)d1;
}

/*
 * All oc channels of one or two positions (dst1 used when npos == 2). k: the weight row length (standard rows /
 * packed column count); the standard gathers reach lane 7 at 7 x k elements, within the 16-bit offsets when
 * 7 x k <= UINT16_MAX; longer rows gather four channels at a time with 32-bit offsets (kiln_rows_wide_f16).
 */
static void kiln_rows_f16(const kiln_lhs_f16 *l, int npos, int32_t k, const float16_t *w, bool packed, int32_t oc,
                          const float16_t *bias, float16_t *dst0, float16_t *dst1, float32_t lo, float32_t hi,
                          bool clamp, bool acc16);

static void kiln_rows_wide_f16(const kiln_lhs_f16 *l, int npos, int32_t k, const float16_t *w, int32_t oc,
                               const float16_t *bias, float16_t *dst0, float16_t *dst1, float32_t lo, float32_t hi,
                               bool clamp, bool acc16)
{
    /* Standard weights with rows too long for 16-bit gather offsets: one channel at a time, scalar, the same
     * per-channel order and rounding as the vector lanes. */
    for (int32_t o = 0; o < oc; o++)
    {
        const float16_t *wr = w + (size_t)o * (size_t)k;
        for (int pos = 0; pos < npos; pos++)
        {
            float32_t acc32 = 0.0f;
            float16_t acc16v = (float16_t)0.0f;
            for (int32_t r = 0; r < l->n_outer; r++)
            {
                for (int32_t i = 0; i < l->n_inner; i++)
                {
                    const float16_t *px = l->x[pos] + r * l->so[pos] + i * l->si[pos];
                    const float16_t *pw = wr + l->wk0 + r * l->wk_outer + i * l->wk_inner;
                    for (int32_t n = 0; n < l->seg_len; n++)
                    {
                        if (acc16)
                        {
                            /* one float16 fused multiply-add, through the vector unit as the lanes do */
                            const float16x8_t v = vfmaq_n_f16(vdupq_n_f16(acc16v), vdupq_n_f16(pw[n]), px[n]);
                            acc16v = vgetq_lane_f16(v, 0);
                        }
                        else
                        {
                            acc32 = vgetq_lane_f32(
                                vfmaq_n_f32(vdupq_n_f32(acc32), vdupq_n_f32((float32_t)pw[n]), (float32_t)px[n]), 0);
                        }
                    }
                }
            }
            float16_t *d = (pos == 0 ? dst0 : dst1) + o;
            const mve_pred16_t p1 = vctp16q(1u);
            if (acc16)
            {
                kiln_store_f16acc(d, vdupq_n_f16(acc16v), bias != NULL ? bias + o : NULL, p1,
                                  vdupq_n_f16((float16_t)lo), vdupq_n_f16((float16_t)hi), clamp);
            }
            else
            {
                const float32x4_t v = vdupq_n_f32(acc32);
                kiln_store_f32acc(d, v, v, bias != NULL ? bias + o : NULL, p1, vdupq_n_f32(lo), vdupq_n_f32(hi),
                                  clamp);
            }
        }
    }
}

static void kiln_rows_f16(const kiln_lhs_f16 *l, int npos, int32_t k, const float16_t *w, bool packed, int32_t oc,
                          const float16_t *bias, float16_t *dst0, float16_t *dst1, float32_t lo, float32_t hi,
                          bool clamp, bool acc16)
{
    if (!packed && (int64_t)k * (KILN_CONV_F16_LANES - 1) > (int64_t)UINT16_MAX)
    {
        kiln_rows_wide_f16(l, npos, k, w, oc, bias, dst0, dst1, lo, hi, clamp, acc16);
        return;
    }
    const uint16x8_t offs = vmulq_n_u16(vidupq_n_u16(0u, 1), (uint16_t)(packed ? 0 : k));
    const float32x4_t vlo = vdupq_n_f32(lo), vhi = vdupq_n_f32(hi);
    const float16x8_t hlo = vdupq_n_f16((float16_t)lo), hhi = vdupq_n_f16((float16_t)hi);
    if (acc16)
    {
        (npos == 2 ? (packed ? kiln_block_f16acc_p2 : kiln_block_f16acc_s2)
                   : (packed ? kiln_block_f16acc_p1 : kiln_block_f16acc_s1))(l, w, k, oc, offs, bias, dst0, dst1, hlo,
                                                                              hhi, clamp);
    }
    else
    {
        (npos == 2 ? (packed ? kiln_block_f32acc_p2 : kiln_block_f32acc_s2)
                   : (packed ? kiln_block_f32acc_p1 : kiln_block_f32acc_s1))(l, w, k, oc, offs, bias, dst0, dst1, vlo,
                                                                              vhi, clamp);
    }
}

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
    kiln_lhs_f16 l;
    kiln_lhs_row(&l, lhs, lhs, k);
    kiln_rows_f16(&l, 1, k, w, packed, oc, bias, dst, NULL, lo, hi, clamp, acc16);
}

/* Two contiguous rows of k elements. */
static void kiln_row2_f16(const float16_t *lhs0, const float16_t *lhs1, int32_t k, const float16_t *w, bool packed,
                          int32_t oc, const float16_t *bias, float16_t *dst0, float16_t *dst1, float32_t lo,
                          float32_t hi, bool clamp, bool acc16)
{
    kiln_lhs_f16 l;
    kiln_lhs_row(&l, lhs0, lhs1, k);
    kiln_rows_f16(&l, 2, k, w, packed, oc, bias, dst0, dst1, lo, hi, clamp, acc16);
}

void kiln_conv_flt_1x1_f16(const kiln_conv_flt_geom *g, const float16_t *in, const float16_t *w,
                           const float16_t *bias, float16_t *out, float32_t lo, float32_t hi, bool acc16)
{
    float16_t *dst = out;
    const size_t step = (size_t)g->stride_w * (size_t)g->in_c;
    for (int32_t b = 0; b < g->n; b++)
    {
        const float16_t *img = in + (size_t)b * (size_t)g->in_h * (size_t)g->in_w * (size_t)g->in_c;
        for (int32_t y = 0; y < g->out_h; y++)
        {
            const float16_t *src = img + (size_t)y * (size_t)g->stride_h * (size_t)g->in_w * (size_t)g->in_c;
            int32_t x = 0;
            for (; x + 2 <= g->out_w; x += 2)
            {
                kiln_row2_f16(src, src + step, g->in_c, w, g->packed, g->out_c, bias, dst, dst + g->out_c, lo, hi,
                              true, acc16);
                src += 2 * step;
                dst += 2 * (size_t)g->out_c;
            }
            if (x < g->out_w)
            {
                kiln_conv_flt_row_f16(src, g->in_c, w, g->packed, g->out_c, bias, dst, lo, hi, true, acc16);
                dst += g->out_c;
            }
        }
    }
}

/* n halves from s to d, eight per step, the tail predicated. */
static inline void kiln_copy_f16x8(float16_t *d, const float16_t *s, int32_t n)
{
    for (; n >= 8; n -= 8)
    {
        vst1q_f16(d, vld1q_f16(s));
        d += 8;
        s += 8;
    }
    if (n > 0)
    {
        const mve_pred16_t p = vctp16q((uint32_t)n);
        vstrhq_p_f16(d, vldrhq_z_f16(s, p), p);
    }
}

/* n copies of pad. */
static inline void kiln_fill_f16x8(float16_t *d, float16x8_t pad, int32_t n)
{
    for (; n >= 8; n -= 8)
    {
        vst1q_f16(d, pad);
        d += 8;
    }
    if (n > 0)
    {
        vstrhq_p_f16(d, pad, vctp16q((uint32_t)n));
    }
}

void kiln_conv_flt_pack_patch_f16(const float16_t *in, const kiln_conv_flt_geom *g, int32_t out_y, int32_t out_x,
                                  float16_t pad_value, float16_t *patch_row)
{
    const int32_t c = g->in_c;
    const float16x8_t pad = vdupq_n_f16(pad_value);
    float16_t *d = patch_row;
    for (int32_t ky = 0; ky < g->k_h; ky++)
    {
        const int32_t iy = out_y * g->stride_h - g->pad_h + ky * g->dil_h;
        const bool row_in = iy >= 0 && iy < g->in_h;
        const float16_t *src_row = row_in ? in + (size_t)iy * (size_t)g->in_w * (size_t)c : NULL;
        const int32_t x0 = out_x * g->stride_w - g->pad_w;
        if (row_in && g->dil_w == 1 && x0 >= 0 && x0 <= g->in_w - g->k_w)
        {
            /* the whole filter row lies inside the input: one contiguous run of KW x C halves */
            kiln_copy_f16x8(d, src_row + (size_t)x0 * (size_t)c, g->k_w * c);
            d += (size_t)g->k_w * (size_t)c;
            continue;
        }
        for (int32_t kx = 0; kx < g->k_w; kx++)
        {
            const int32_t ix = x0 + kx * g->dil_w;
            if (row_in && ix >= 0 && ix < g->in_w)
            {
                kiln_copy_f16x8(d, src_row + (size_t)ix * (size_t)c, c);
            }
            else
            {
                kiln_fill_f16x8(d, pad, c);
            }
            d += c;
        }
    }
}

/* The 1xN window of output x: in place (interior) or built in scratch (zeros outside the input). */
static const float16_t *kiln_1xn_window(const kiln_conv_flt_geom *g, const float16_t *img, int32_t x,
                                        float16_t *scratch)
{
    const int32_t c = g->in_c;
    const int32_t x0 = x * g->stride_w - g->pad_w;
    if (x0 >= 0 && x0 <= g->in_w - g->k_w)
    {
        return img + (size_t)x0 * (size_t)c;
    }
    for (int32_t kx = 0; kx < g->k_w; kx++)
    {
        const int32_t ix = x0 + kx;
        float16_t *d = scratch + (size_t)kx * (size_t)c;
        if (ix >= 0 && ix < g->in_w)
        {
            kiln_copy_f16x8(d, img + (size_t)ix * (size_t)c, c);
        }
        else
        {
            kiln_fill_f16x8(d, vdupq_n_f16((float16_t)0.0f), c);
        }
    }
    return scratch;
}

static bool kiln_1xn_inside(const kiln_conv_flt_geom *g, int32_t x)
{
    const int32_t x0 = x * g->stride_w - g->pad_w;
    return x0 >= 0 && x0 <= g->in_w - g->k_w;
}

void kiln_conv_flt_1xn_f16(const kiln_conv_flt_geom *g, const float16_t *in, const float16_t *w,
                           const float16_t *bias, float16_t *out, float32_t lo, float32_t hi, float16_t *scratch,
                           bool acc16)
{
    /* Height 1 everywhere, unit dilation: the window of output x is KW x C contiguous input elements. Positions
     * go in pairs unless both windows leave the input (one scratch row). */
    const int32_t row = g->k_w * g->in_c;
    float16_t *dst = out;
    for (int32_t b = 0; b < g->n; b++)
    {
        const float16_t *img = in + (size_t)b * (size_t)g->in_w * (size_t)g->in_c;
        int32_t x = 0;
        while (x < g->out_w)
        {
            if (x + 1 < g->out_w && (kiln_1xn_inside(g, x) || kiln_1xn_inside(g, x + 1)))
            {
                const float16_t *l0 = kiln_1xn_window(g, img, x, scratch);
                const float16_t *l1 = kiln_1xn_window(g, img, x + 1, scratch);
                kiln_row2_f16(l0, l1, row, w, g->packed, g->out_c, bias, dst, dst + g->out_c, lo, hi, true, acc16);
                dst += 2 * (size_t)g->out_c;
                x += 2;
            }
            else
            {
                kiln_conv_flt_row_f16(kiln_1xn_window(g, img, x, scratch), row, w, g->packed, g->out_c, bias, dst,
                                      lo, hi, true, acc16);
                dst += g->out_c;
                x++;
            }
        }
    }
}

void kiln_conv_flt_conv1d_f16(const float16_t *x, int32_t in_c, int32_t k, const float16_t *w, bool packed,
                              const float16_t *bias, float16_t *out, int32_t out_c, int32_t out_w, float32_t lo,
                              float32_t hi, bool clamp, bool acc16)
{
    const int32_t row = k * in_c;
    int32_t ox = 0;
    for (; ox + 2 <= out_w; ox += 2)
    {
        const float16_t *src = x + (size_t)ox * (size_t)in_c;
        float16_t *d = out + (size_t)ox * (size_t)out_c;
        kiln_row2_f16(src, src + in_c, row, w, packed, out_c, bias, d, d + out_c, lo, hi, clamp, acc16);
    }
    if (ox < out_w)
    {
        kiln_conv_flt_row_f16(x + (size_t)ox * (size_t)in_c, row, w, packed, out_c, bias,
                              out + (size_t)ox * (size_t)out_c, lo, hi, clamp, acc16);
    }
}

/* The run layout of a KH x KW window: read in place (position p of l, from src) or from a packed patch row. */
static void kiln_window_runs(const kiln_conv_flt_geom *g, kiln_lhs_f16 *l)
{
    const int32_t c = g->in_c;
    l->seg_len = g->dil_w == 1 ? g->k_w * c : c;
    l->n_inner = g->dil_w == 1 ? 1 : g->k_w;
    l->n_outer = g->k_h;
    l->wk0 = 0;
    l->wk_inner = c;
    l->wk_outer = g->k_w * c;
}

static void kiln_window_src(const kiln_conv_flt_geom *g, kiln_lhs_f16 *l, int pos, const float16_t *src, bool inplace)
{
    const int32_t c = g->in_c;
    l->x[pos] = src;
    if (inplace)
    {
        l->si[pos] = (ptrdiff_t)g->dil_w * c;
        l->so[pos] = g->k_h > 1 ? (ptrdiff_t)((size_t)g->dil_h * (size_t)g->in_w * (size_t)c) : 0;
    }
    else
    {
        l->si[pos] = c;
        l->so[pos] = (ptrdiff_t)g->k_w * c;
    }
}

void kiln_conv_flt_patch_gemm_f16(const kiln_conv_flt_geom *g, const float16_t *in, const float16_t *w,
                                  const float16_t *bias, float16_t *out, float32_t lo, float32_t hi,
                                  float16_t *scratch, bool acc16)
{
    /* Output positions in pairs: one window of the pair is packed into the scratch row (the one that leaves the
     * input, else the first), the other, wholly inside the input, is read in place; two windows that both leave
     * the input, and an odd last position, go one at a time through the scratch row. Every window is summed in
     * patch order (ky, kx, c): the bits of the packed patch row. */
    const int32_t row = g->k_h * g->k_w * g->in_c;
    const int32_t c = g->in_c;
    float16_t *dst = out;
    kiln_lhs_f16 l;
    kiln_window_runs(g, &l);
    for (int32_t b = 0; b < g->n; b++)
    {
        const float16_t *img = in + (size_t)b * (size_t)g->in_h * (size_t)g->in_w * (size_t)c;
        for (int32_t y = 0; y < g->out_h; y++)
        {
            const int32_t iy0 = y * g->stride_h - g->pad_h;
            const bool rows_in = iy0 >= 0 && (int64_t)iy0 + (int64_t)(g->k_h - 1) * g->dil_h < g->in_h;
            int32_t x = 0;
            while (x < g->out_w)
            {
                bool inside[2] = {false, false};
                const int npos = x + 1 < g->out_w ? 2 : 1;
                for (int j = 0; j < npos; j++)
                {
                    const int32_t ix0 = (x + j) * g->stride_w - g->pad_w;
                    inside[j] = rows_in && ix0 >= 0 && (int64_t)ix0 + (int64_t)(g->k_w - 1) * g->dil_w < g->in_w;
                }
                if (npos == 2 && (inside[0] || inside[1]))
                {
                    /* the scratch row takes the first window that leaves the input, else the first window */
                    const int packed_j = inside[0] ? 1 - (int)inside[1] : 0;
                    for (int j = 0; j < 2; j++)
                    {
                        if (j != packed_j)
                        {
                            const int32_t ix0 = (x + j) * g->stride_w - g->pad_w;
                            kiln_window_src(g, &l, j, img + ((size_t)iy0 * (size_t)g->in_w + (size_t)ix0) * (size_t)c,
                                            true);
                        }
                        else
                        {
                            kiln_conv_flt_pack_patch_f16(img, g, y, x + j, (float16_t)0.0f, scratch);
                            kiln_window_src(g, &l, j, scratch, false);
                        }
                    }
                    kiln_rows_f16(&l, 2, row, w, g->packed, g->out_c, bias, dst, dst + g->out_c, lo, hi, true, acc16);
                    dst += 2 * (size_t)g->out_c;
                    x += 2;
                }
                else
                {
                    kiln_conv_flt_pack_patch_f16(img, g, y, x, (float16_t)0.0f, scratch);
                    kiln_conv_flt_row_f16(scratch, row, w, g->packed, g->out_c, bias, dst, lo, hi, true, acc16);
                    dst += g->out_c;
                    x++;
                }
            }
        }
    }
}

/* First tap t in [0, k) with 0 <= base + t * dil < size, and one past the last (t0 == t1: none). */
static inline void kiln_taps_f16(int32_t base, int32_t k, int32_t dil, int32_t size, int32_t *t0, int32_t *t1)
{
    const int64_t b = base;
    int64_t lo = b < 0 ? (-b + dil - 1) / dil : 0;
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
    /* Only the taps inside the input, in patch order: per filter row one run of valid taps (unit width dilation)
     * or one run per tap. Neighbouring positions with the same valid taps go in pairs. */
    const int32_t c = g->in_c;
    const int32_t row = g->k_h * g->k_w * c;
    for (int32_t b = 0; b < g->n; b++)
    {
        const float16_t *img = in + (size_t)b * (size_t)g->in_h * (size_t)g->in_w * (size_t)c;
        for (int32_t y = 0; y < g->out_h; y++)
        {
            const int32_t by = y * g->stride_h - g->pad_h;
            int32_t ky0, ky1;
            kiln_taps_f16(by, g->k_h, g->dil_h, g->in_h, &ky0, &ky1);
            float16_t *dst = out + (((size_t)b * (size_t)g->out_h + (size_t)y) * (size_t)g->out_w + (size_t)x_begin) *
                    (size_t)g->out_c;
            int32_t x = x_begin;
            while (x < g->out_w)
            {
                int32_t kx0, kx1, nx0 = 0, nx1 = 0;
                const int32_t bx = x * g->stride_w - g->pad_w;
                kiln_taps_f16(bx, g->k_w, g->dil_w, g->in_w, &kx0, &kx1);
                int npos = 1;
                if (x + 1 < g->out_w)
                {
                    kiln_taps_f16(bx + g->stride_w, g->k_w, g->dil_w, g->in_w, &nx0, &nx1);
                    npos = (nx0 == kx0 && nx1 == kx1) ? 2 : 1;
                }
                kiln_lhs_f16 l;
                const int32_t ntx = kx1 - kx0;
                l.seg_len = ntx == 0 ? 0 : (g->dil_w == 1 ? ntx * c : c);
                l.n_inner = g->dil_w == 1 ? 1 : ntx;
                l.n_outer = ky1 - ky0;
                l.wk0 = (ky0 * g->k_w + kx0) * c;
                l.wk_inner = c;
                l.wk_outer = g->k_w * c;
                const ptrdiff_t so = l.n_outer > 1 ? (ptrdiff_t)((size_t)g->dil_h * (size_t)g->in_w * (size_t)c) : 0;
                const ptrdiff_t si = (ptrdiff_t)g->dil_w * c;
                for (int j = 0; j < 2; j++)
                {
                    l.x[j] = img;
                    l.so[j] = so;
                    l.si[j] = si;
                }
                if (l.n_outer > 0 && ntx > 0)
                {
                    const int32_t iy = by + ky0 * g->dil_h;
                    for (int j = 0; j < npos; j++)
                    {
                        const int32_t ix = bx + j * g->stride_w + kx0 * g->dil_w;
                        l.x[j] = img + ((size_t)iy * (size_t)g->in_w + (size_t)ix) * (size_t)c;
                    }
                }
                else
                {
                    l.n_outer = 0; /* no tap inside: bias only */
                }
                kiln_rows_f16(&l, npos, row, w, g->packed, g->out_c, bias, dst, dst + g->out_c, lo, hi, true, acc16);
                dst += (size_t)npos * (size_t)g->out_c;
                x += npos;
            }
        }
    }
}

#endif /* ARM_NN_ENABLE_F16 && KILN_FLT_BUILD_MVE */
