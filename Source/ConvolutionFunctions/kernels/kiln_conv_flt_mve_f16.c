/*
 * Kiln — float16 convolution kernels, Helium (MVE float). Every arm_convolve_f16 / _acc16 route (1x1, 1xN, conv1d
 * k5/k3, packed-patch GEMM, direct, small-C) runs the grouped engine further below (up to six output positions per
 * pass, operands widened once per group); with float32 accumulation the small-C shapes' whole-window outputs (C_IN
 * <= 4) run a position-lane kernel (kiln_sc_f16, four output positions per vector). A block kernel (eight output channels per pass for one or two output
 * positions, each position's lhs given as a grid of runs) serves the public arm_nn_mat_mult_*_f16 kernels, and the
 * acc16 routes when standard weight rows are too long for the grouped engine's 16-bit gather offsets.
 *
 * Block kernel, float32 accumulation (arm_nn_mat_mult_*_f16): the eight weights of a column are loaded
 * once (NT_N_PACKED: one contiguous load; standard: one gather) and widened to float32 as two vectors, even and
 * odd channels (VCVTB / VCVTT, Internal/kiln_mve_f16.h); the lhs values
 * are widened four at a time. Each lane sums its channel's exact products in column order with fused
 * multiply-adds, adds its bias and clamps in float32, and is rounded once to float16 (VCVTB/VCVTT narrowing
 * puts the even and odd channels back in place): the same bits as the portable kernel, for both weight formats.
 *
 * Block kernel, float16 accumulation (acc16): fused float16 multiply-adds, eight channels per vector,
 * in the same column order, then the bias add in float16 and the clamp. Every partial sum is rounded once to
 * float16 (the portable kernel rounds a float32 sum, so the two may differ by that double rounding; both stay
 * within the route's documented bound). Both weight formats give the same bits.
 */
#include "Include/Internal/kiln_conv_flt.h"
#include "Include/Internal/kiln_asm_optimize.h" /* -O0 builds: see there */

#if ARM_NN_ENABLE_F16 && KILN_FLT_BUILD_MVE
#include <stddef.h>
#include <string.h>

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

/* a clamped to [lo, hi] (a NaN lane stays NaN: both compares are "greater than", false for NaN; MVE's "less than"
 * is true for unordered operands), as the VCMP/VPSEL pairs of the block
 * kernel; in assembly because GCC 12.2 moves the predicate through a general register after every compare. */
static inline float32x4_t kiln_clamp_f32(float32x4_t a, float32x4_t lo, float32x4_t hi)
{
    __asm__("vpt.f32 gt, %q1, %q0\n"
            "vorrt %q0, %q1, %q1\n"
            "vpt.f32 gt, %q0, %q2\n"
            "vorrt %q0, %q2, %q2\n"
            : "+w"(a)
            : "w"(lo), "w"(hi)
            : "p0");
    return a;
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
        ae = vpselq_f32(vlo, ae, vcmpgtq_f32(vlo, ae));
        ae = vpselq_f32(vhi, ae, vcmpgtq_f32(ae, vhi));
        ao = vpselq_f32(vlo, ao, vcmpgtq_f32(vlo, ao));
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
        a = vpselq_f16(vlo, a, vcmpgtq_f16(vlo, a));
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

static void kiln_pack_rows_f16(const float16_t *in, const kiln_conv_flt_geom *g, int32_t out_y, int32_t out_x,
                               int32_t ky0, int32_t ky1, float16_t pad_value, float16_t *patch_row);

void kiln_conv_flt_pack_patch_f16(const float16_t *in, const kiln_conv_flt_geom *g, int32_t out_y, int32_t out_x,
                                  float16_t pad_value, float16_t *patch_row)
{
    kiln_pack_rows_f16(in, g, out_y, out_x, 0, g->k_h, pad_value, patch_row);
}

/* Filter rows [ky0, ky1) of the patch row of output (out_y, out_x), each at its place in the patch row. */
static void kiln_pack_rows_f16(const float16_t *in, const kiln_conv_flt_geom *g, int32_t out_y, int32_t out_x,
                               int32_t ky0, int32_t ky1, float16_t pad_value, float16_t *patch_row)
{
    const int32_t c = g->in_c;
    const float16x8_t pad = vdupq_n_f16(pad_value);
    float16_t *d = patch_row + (size_t)ky0 * (size_t)g->k_w * (size_t)c;
    for (int32_t ky = ky0; ky < ky1; ky++)
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

/*
 * Grouped engine (arm_convolve_f16 and arm_convolve_f16_acc16: every route; the routes hand it groups of output
 * positions, each with its lhs as a grid of runs read in place, or for windows that leave the input a scratch row).
 *
 * Cost model (executed instructions): an exact float32 product needs both operands widened; widening inside the
 * multiply loop costs a conversion per operand per use. Here each operand is prepared once per use group:
 *  - the lhs of up to KILN_GP output positions is staged once per chunk of KILN_GKC columns into a stack table,
 *    column-major ([column][position], one word per value: float32, or for acc16 the raw half in the low half of
 *    the word), so that one LDM fetches one column of every position into general registers; the table is reused
 *    by every channel block of the accumulator group;
 *  - float32 accumulation: four channels of one weight column are loaded widening (VLDRH.U32) and converted in
 *    place (VCVTB), then feed one vector-by-scalar VFMA.F32 per position: 3 + P instructions for 4 x P MACs (packed
 *    weights, P = 7: 10 for 28 MACs, 0.357 per MAC); standard weights whose rows are 4-byte aligned gather two
 *    columns of four channels with one word gather (VCVTB / VCVTT split them): 5 + 2P per 8 x P MACs (P = 5:
 *    0.375), other standard columns one halfword gather each (4 + P per 4 x P);
 *  - float16 accumulation (acc16): eight channels of one column in one load, one VFMA.F16 per position: 2 + P
 *    instructions for 8 x P MACs (P = 7: 0.161 per MAC).
 * The multiply loops are inline assembly: they need all eight Q registers (P accumulators and the weights; the word
 * gathers three registers for addresses, raw and widened columns, so float32 standard groups take P <= 5; the
 * halfword gathers one for the offsets, acc16 standard groups P <= 6) and the LDM (the seventh value in r8), and GCC
 * 12.2 spills at that pressure. Packed weights and aligned standard rows run the block kernels (kiln_mac_pb*,
 * kiln_mac_wb*, kiln_hmac_pb*): every channel block of a chunk in one call, and with float32 accumulation the last
 * chunk finished in registers (bias, clamp, rounding, store), so the accumulators of those blocks never go back to
 * the stack table.
 * Every channel still sums its products in column order from 0 with fused multiply-adds (float32: exact products,
 * one rounding per step; acc16: one float16 rounding per step), then adds its bias, clamps and rounds once to
 * float16: the bits of the block kernels above (and of the portable kernel for float32 accumulation), for both
 * weight formats.
 * Chunks: the columns are staged KILN_GKC at a time; the accumulators of a group of KILN_GOCG channels stay in a
 * stack table between chunks (32 channels: the usual 3x3 layers stage each chunk once). When all the columns fit
 * one chunk (1x1 with C_IN <= 96, small windows) they are staged once for all the channel groups. Stack:
 * (KILN_GKC x KILN_GP + KILN_GOCG x KILN_GP) x 4 = 3584 bytes of tables and a 416-byte block job, fixed (GCC 12.2
 * -O2: a 4212-byte frame for kiln_group_f16 plus 100 bytes of saved registers, about 4.8 KiB for the deepest route
 * call chain).
 * The staging stores are scatters (VSTRW with vector offsets or vector base: four words per instruction, one word
 * per beat on hardware); they run once per staged value and accumulator group, outside the multiply loops.
 */
#define KILN_GP (7)
#define KILN_GP_STD (5)
#define KILN_GP_H16STD (6)
#define KILN_GKC (96)
#define KILN_GOCG (32)

/* Positions per group: seven with packed weights (a column of four channels loaded and widened in one register),
 * six for acc16 with standard weights (the gather offsets take a register), five for float32 accumulation with
 * standard weights (gather addresses, the raw pair of columns and its widened half). */
static inline int kiln_group_cap(bool packed, bool acc16)
{
    return packed ? KILN_GP : (acc16 ? KILN_GP_H16STD : KILN_GP_STD);
}

/* The lhs of up to KILN_GP positions: the run grid of kiln_lhs_f16, one source per position. */
typedef struct
{
    const float16_t *x[KILN_GP];
    ptrdiff_t so[KILN_GP], si[KILN_GP];
    int32_t seg_len, n_inner, n_outer;
    int32_t wk0, wk_outer, wk_inner;
} kiln_grp_f16;

/* Windows of the packed-patch route that leave the input: their rows are packed into the route's scratch row
 * (zeros outside the input) right before each chunk is staged. */
typedef struct
{
    const kiln_conv_flt_geom *g;
    float16_t *scratch;
    const float16_t *img[KILN_GP]; /* the batch image of each position */
    int32_t oy[KILN_GP], ox[KILN_GP];
    bool edge[KILN_GP];
} kiln_grp_edge_f16;

/* Eight halves per step widened to float32 and scattered to their column slots: even halves through the address
 * vector qe, odd halves through qo, both advanced by the vector-base writeback (one instruction per four stores). */
#define KILN_STAGE8(bytes)                                                                                         \
    __asm__ volatile("wls lr, %[n8], 2f\n"                                                                        \
                     "1:\n"                                                                                       \
                     "vldrh.16 %q[v], [%[src]], #16\n"                                                           \
                     "kiln_vcvt_hs %q[t], %q[v], 1, 0\n"                                                          \
                     "vstrw.32 %q[t], [%q[qe], #" #bytes "]!\n"                                                   \
                     "kiln_vcvt_hs %q[t], %q[v], 1, 1\n"                                                          \
                     "vstrw.32 %q[t], [%q[qo], #" #bytes "]!\n"                                                   \
                     "le lr, 1b\n"                                                                                \
                     "2:\n"                                                                                       \
                     : [src] "+r"(src), [qe] "+w"(qe), [qo] "+w"(qo), [v] "=&w"(v), [t] "=&w"(t)                   \
                     : [n8] "r"(n8)                                                                                \
                     : "lr", "memory")

/* n halves from src widened to float32 at dst[0], dst[stride], dst[2 x stride], ... (stride 1..KILN_GP) */
KILN_INLINE void kiln_stage_f16(float32_t *dst, const float16_t *src, int32_t n, int32_t stride)
{
    const uint32_t n8 = (uint32_t)n / 8u;
    if (n8 > 0u)
    {
        const uint32_t step = 32u * (uint32_t)stride; /* bytes between eight columns */
        uint32x4_t qe = vmulq_n_u32(vidupq_n_u32(0u, 2), 4u * (uint32_t)stride);
        qe = vaddq_n_u32(qe, (uint32_t)(uintptr_t)dst - step);
        uint32x4_t qo = vaddq_n_u32(qe, 4u * (uint32_t)stride);
        float16x8_t v;
        float32x4_t t;
        switch (stride)
        {
        case 1: KILN_STAGE8(32); break;
        case 2: KILN_STAGE8(64); break;
        case 3: KILN_STAGE8(96); break;
        case 4: KILN_STAGE8(128); break;
        case 5: KILN_STAGE8(160); break;
        case 6: KILN_STAGE8(192); break;
        default: KILN_STAGE8(224); break;
        }
        dst += (size_t)n8 * 8u * (size_t)stride;
        n -= (int32_t)(n8 * 8u);
    }
    const uint32x4_t o1 = vmulq_n_u32(vidupq_n_u32(0u, 1), (uint32_t)stride);
    for (; n > 0; n -= 4)
    {
        const mve_pred16_t p = vctp32q((uint32_t)n);
        const uint32x4_t h = vldrhq_z_u32((const uint16_t *)(const void *)src, p);
        vstrwq_scatter_shifted_offset_p_f32(dst, o1, kiln_mve_f16_bottom_to_f32(vreinterpretq_f16_u32(h)), p);
        src += 4;
        dst += 4 * stride;
    }
}

/* n halves from src, each zero-extended into the low half of the words dst[0], dst[stride], ... (acc16). */
KILN_INLINE void kiln_stage_raw_f16(float32_t *dst, const float16_t *src, int32_t n, int32_t stride)
{
    const uint32x4_t o1 = vmulq_n_u32(vidupq_n_u32(0u, 1), (uint32_t)stride);
    uint32_t *d = (uint32_t *)(void *)dst;
    for (; n >= 4; n -= 4)
    {
        vstrwq_scatter_shifted_offset_u32(d, o1, vldrhq_u32((const uint16_t *)(const void *)src));
        src += 4;
        d += 4 * stride;
    }
    if (n > 0)
    {
        const mve_pred16_t p = vctp32q((uint32_t)n);
        vstrwq_scatter_shifted_offset_p_u32(d, o1, vldrhq_z_u32((const uint16_t *)(const void *)src, p), p);
    }
}

/* ---- the multiply loop: acc[p][0..3] += x[c][p] * w(c, 4 channels) for c < n (assembly text per P) ---- */
#define KILN_ALD0 "vldrw.u32 q0, [%[acc]]\n"
#define KILN_ALD1 KILN_ALD0 "vldrw.u32 q1, [%[acc], #16]\n"
#define KILN_ALD2 KILN_ALD1 "vldrw.u32 q2, [%[acc], #32]\n"
#define KILN_ALD3 KILN_ALD2 "vldrw.u32 q3, [%[acc], #48]\n"
#define KILN_ALD4 KILN_ALD3 "vldrw.u32 q4, [%[acc], #64]\n"
#define KILN_ALD5 KILN_ALD4 "vldrw.u32 q5, [%[acc], #80]\n"
#define KILN_ALD6 KILN_ALD5 "vldrw.u32 q6, [%[acc], #96]\n"
#define KILN_AST0 "vstrw.32 q0, [%[acc]]\n"
#define KILN_AST1 KILN_AST0 "vstrw.32 q1, [%[acc], #16]\n"
#define KILN_AST2 KILN_AST1 "vstrw.32 q2, [%[acc], #32]\n"
#define KILN_AST3 KILN_AST2 "vstrw.32 q3, [%[acc], #48]\n"
#define KILN_AST4 KILN_AST3 "vstrw.32 q4, [%[acc], #64]\n"
#define KILN_AST5 KILN_AST4 "vstrw.32 q5, [%[acc], #80]\n"
#define KILN_AST6 KILN_AST5 "vstrw.32 q6, [%[acc], #96]\n"
#define KILN_FMA0 "vfma.f32 q0, q7, r0\n"
#define KILN_FMA1 KILN_FMA0 "vfma.f32 q1, q7, r1\n"
#define KILN_FMA2 KILN_FMA1 "vfma.f32 q2, q7, r2\n"
#define KILN_FMA3 KILN_FMA2 "vfma.f32 q3, q7, r3\n"
#define KILN_FMA4 KILN_FMA3 "vfma.f32 q4, q7, r4\n"
#define KILN_FMA5 KILN_FMA4 "vfma.f32 q5, q7, r5\n"
#define KILN_FMA6 KILN_FMA5 "vfma.f32 q6, q7, r8\n"
#define KILN_LDM0 "ldm %[x]!, {r0}\n"
#define KILN_LDM1 "ldm %[x]!, {r0-r1}\n"
#define KILN_LDM2 "ldm %[x]!, {r0-r2}\n"
#define KILN_LDM3 "ldm %[x]!, {r0-r3}\n"
#define KILN_LDM4 "ldm %[x]!, {r0-r4}\n"
#define KILN_LDM5 "ldm %[x]!, {r0-r5}\n"
#define KILN_LDM6 "ldm %[x]!, {r0-r5, r8}\n"
/* one column: NT_N_PACKED (four contiguous halves, next column 16 bytes on) or standard (gather, offsets q5) */
#define KILN_COLP(i) "vldrh.u32 q7, [%[w]], #16\n" "kiln_vcvt_hs q7, q7, 1, 0\n" KILN_LDM##i KILN_FMA##i
#define KILN_COLS(i)                                                                                               \
    "vldrh.u32 q6, [%[w], q5, uxtw #1]\n" "add %[w], %[w], #2\n" "kiln_vcvt_hs q7, q6, 1, 0\n" KILN_LDM##i KILN_FMA##i
/* n4 iterations of four columns, then nr single columns (low-overhead loops) */
#define KILN_LOOP(col)                                                                                             \
    "wls lr, %[n4], 2f\n"                                                                                          \
    "1:\n" col col col col "le lr, 1b\n"                                                                           \
    "2:\n"                                                                                                         \
    "wls lr, %[nr], 4f\n"                                                                                          \
    "3:\n" col "le lr, 3b\n"                                                                                       \
    "4:\n"
#define KILN_CLOBBERS                                                                                              \
    "r0", "r1", "r2", "r3", "r4", "r5", "lr", "d0", "d1", "d2", "d3", "d4", "d5", "d6", "d7", "d8", "d9", "d10",   \
        "d11", "d12", "d13", "d14", "d15", "memory", "p0"
/* seven positions: the seventh value in r8, so that r6 and r7 stay free for the weight pointer (widening loads take
 * a low base register; r7 is the frame pointer at -O0) */
#define KILN_CLOBBERS7 KILN_CLOBBERS, "r8"
#define KILN_KERNEL_S(i)                                                                                           \
    static void kiln_mac_s##i(float32_t *acc, const float32_t *x, const float16_t *w, uint32_t n,                 \
                              const uint32_t *offs)                                                                \
    {                                                                                                              \
        const uint32_t n4 = n / 4u, nr = n % 4u;                                                                   \
        __asm__ volatile(KILN_ALD##i "vldrw.u32 q5, [%[offs]]\n" KILN_LOOP(KILN_COLS(i)) KILN_AST##i               \
                         : [x] "+r"(x), [w] "+r"(w)                                                                \
                         : [acc] "r"(acc), [n4] "r"(n4), [nr] "r"(nr), [offs] "r"(offs)                            \
                         : KILN_CLOBBERS);                                                                         \
    }
KILN_KERNEL_S(0)
KILN_KERNEL_S(1)
KILN_KERNEL_S(2)
KILN_KERNEL_S(3)
KILN_KERNEL_S(4)

/* Standard weights with 4-byte aligned channel rows: one word gather (vector base, pre-increment writeback) fetches
 * two columns of four channels; VCVTB / VCVTT widen the first and the second. Per two columns 5 + 2P instructions
 * for 8 x P MACs (P = 5: 0.375 per MAC) instead of 2 x (4 + P). addr: the four word addresses less 4. */
#define KILN_COLW(i)                                                                                               \
    "vldrw.u32 q6, [q5, #4]!\n" "kiln_vcvt_hs q7, q6, 1, 0\n" KILN_LDM##i KILN_FMA##i "kiln_vcvt_hs q7, q6, 1, 1\n"   \
        KILN_LDM##i KILN_FMA##i


typedef void (*kiln_mac_s_fn)(float32_t *, const float32_t *, const float16_t *, uint32_t, const uint32_t *);
static const kiln_mac_s_fn kiln_mac_s[KILN_GP_STD] = {kiln_mac_s0, kiln_mac_s1, kiln_mac_s2, kiln_mac_s3,
                                                      kiln_mac_s4};

/* float16 accumulation (acc16): eight channels per vector, the staged lhs holds each half in the low half of a word
 * (VFMA.F16 by scalar reads the low 16 bits). Per column 2 + P instructions for 8 x P MACs; standard weights gather
 * the eight channels with 16-bit offsets (q6), so they take up to KILN_GP_H16STD positions, packed weights up to
 * KILN_GP. */
#define KILN_HFMA0 "vfma.f16 q0, q7, r0\n"
#define KILN_HFMA1 KILN_HFMA0 "vfma.f16 q1, q7, r1\n"
#define KILN_HFMA2 KILN_HFMA1 "vfma.f16 q2, q7, r2\n"
#define KILN_HFMA3 KILN_HFMA2 "vfma.f16 q3, q7, r3\n"
#define KILN_HFMA4 KILN_HFMA3 "vfma.f16 q4, q7, r4\n"
#define KILN_HFMA5 KILN_HFMA4 "vfma.f16 q5, q7, r5\n"
#define KILN_HFMA6 KILN_HFMA5 "vfma.f16 q6, q7, r8\n"
#define KILN_HCOLP(i) "vldrh.16 q7, [%[w]], #16\n" KILN_LDM##i KILN_HFMA##i
#define KILN_HCOLS(i) "vldrh.u16 q7, [%[w], q6, uxtw #1]\n" "add %[w], %[w], #2\n" KILN_LDM##i KILN_HFMA##i
#define KILN_HKERNEL(i)                                                                                            \
    static void kiln_hmac_s##i(float32_t *acc, const float32_t *x, const float16_t *w, uint32_t n,                \
                               const uint32_t *offs)                                                               \
    {                                                                                                              \
        const uint32_t n4 = n / 4u, nr = n % 4u;                                                                   \
        __asm__ volatile(KILN_ALD##i "vldrw.u32 q6, [%[offs]]\n" KILN_LOOP(KILN_HCOLS(i)) KILN_AST##i              \
                         : [x] "+r"(x), [w] "+r"(w)                                                                \
                         : [acc] "r"(acc), [n4] "r"(n4), [nr] "r"(nr), [offs] "r"(offs)                            \
                         : KILN_CLOBBERS);                                                                         \
    }
KILN_HKERNEL(0)
KILN_HKERNEL(1)
KILN_HKERNEL(2)
KILN_HKERNEL(3)
KILN_HKERNEL(4)
KILN_HKERNEL(5)
static const kiln_mac_s_fn kiln_hmac_s[KILN_GP_H16STD] = {kiln_hmac_s0, kiln_hmac_s1, kiln_hmac_s2,
                                                   kiln_hmac_s3, kiln_hmac_s4, kiln_hmac_s5};

/*
 * Packed weights, every channel block of a chunk in one call: block b reads its weight columns from blk[b].w (the
 * list ends with a NULL w) and accumulates into the acc row b (KILN_GP x 4 words apart); the staged columns xs, n4
 * loops of four columns and nr single columns. Float32 accumulation on the last chunk (last != 0) finishes each
 * block in registers instead of storing the accumulators: adds the block's widened bias, clamps to [lo, hi] with
 * "gt" compares only, as kiln_group_store_f32acc (lo in a vector, hi in a core register: a "lt" compare would be
 * true for NaN and turn it into lo), rounds to float16 and stores position j's four channels at dst[j] + ob. Every block of such a call has four live
 * channels.
 */
typedef struct
{
    const float16_t *w; /* offset 0: the block's weights at the chunk's first column (standard: not NULL) */
    uint32_t ob;        /* offset 4: bytes from an output pixel to the block's first channel */
    float32_t bias[4];  /* offset 8: the block's bias, widened (zeros without bias) */
    uint32_t addr[4];   /* offset 24: standard weights: each channel's first word address less 4 */
} kiln_mac_blk;
typedef struct
{
    const float32_t *xs;                   /* offset 0 */
    uint32_t n4;                           /* offset 4 */
    uint32_t nr;                           /* offset 8 */
    uint32_t last;                         /* offset 12 */
    uint32_t lo, hi;                       /* offsets 16, 20: float32 bits */
    uint32_t woff;                         /* offset 24: bytes from the blocks' weights to the chunk's first column */
    uint8_t *dst[KILN_GP];                 /* offset 28 */
    kiln_mac_blk blk[KILN_GOCG / 4 + 1];   /* offset 56 */
} kiln_mac_job;
/* the offsets the assembly uses (C99: a negative array size fails the build) */
typedef char kiln_mac_blk_layout[(sizeof(kiln_mac_blk) == 40 && offsetof(kiln_mac_blk, bias) == 8 &&
                                  offsetof(kiln_mac_blk, addr) == 24) ? 1 : -1];
typedef char kiln_mac_job_layout[(offsetof(kiln_mac_job, last) == 12 && offsetof(kiln_mac_job, lo) == 16 &&
                                  offsetof(kiln_mac_job, woff) == 24 && offsetof(kiln_mac_job, dst) == 28 &&
                                  offsetof(kiln_mac_job, blk) == 56 &&
                                  KILN_GP == 7) ? 1 : -1];
#define KILN_ACC_ROW_BYTES "112" /* KILN_GP x 16 */
#define KILN_BLOCKS(ald, col, fin)                                                                                 \
    "1:\n"                                                                                                         \
    "ldr %[w], [%[wp]], #40\n"                                                                                     \
    "cmp %[w], #0\n"                                                                                               \
    "beq 9f\n"                                                                                                     \
    "ldr r0, [%[job], #24]\n"                                                                                      \
    "add %[w], r0\n"                                                                                               \
    "ldr %[x], [%[job]]\n" ald                                                                                     \
    "ldr lr, [%[job], #4]\n"                                                                                       \
    "wls lr, lr, 3f\n"                                                                                             \
    "2:\n" col col col col "le lr, 2b\n"                                                                           \
    "3:\n"                                                                                                         \
    "ldr lr, [%[job], #8]\n"                                                                                       \
    "wls lr, lr, 5f\n"                                                                                             \
    "4:\n" col "le lr, 4b\n"                                                                                       \
    "5:\n" fin "add %[acc], %[acc], #" KILN_ACC_ROW_BYTES "\n"                                                    \
    "b 1b\n"                                                                                                       \
    "9:\n"
/* the last chunk's finish: the bias (q7) added to every accumulator, then q7 holds lo (r1) and accumulator j is
 * clamped ("gt" compares only: lo > v, then v > hi, so that NaN stays NaN as in kiln_group_store_f32acc), rounded
 * and stored at dst[j] + ob (r0: ob, r2: hi bits) */
#define KILN_FADD(j) "vadd.f32 q" #j ", q" #j ", q7\n"
#define KILN_FIN1(j, off)                                                                                          \
    "vpt.f32 gt, q7, q" #j "\n"                                                                                     \
    "vorrt q" #j ", q7, q7\n"                                                                                       \
    "vpt.f32 gt, q" #j ", r2\n"                                                                                     \
    "vdupt.32 q" #j ", r2\n"                                                                                        \
    "kiln_vcvt_hs q" #j ", q" #j ", 0, 0\n"                                                                         \
    "ldr r3, [%[job], #" #off "]\n"                                                                                 \
    "add r3, r0\n"                                                                                                 \
    "vstrh.32 q" #j ", [r3]\n"
#define KILN_FADDS0 KILN_FADD(0)
#define KILN_FADDS1 KILN_FADDS0 KILN_FADD(1)
#define KILN_FADDS2 KILN_FADDS1 KILN_FADD(2)
#define KILN_FADDS3 KILN_FADDS2 KILN_FADD(3)
#define KILN_FADDS4 KILN_FADDS3 KILN_FADD(4)
#define KILN_FADDS5 KILN_FADDS4 KILN_FADD(5)
#define KILN_FADDS6 KILN_FADDS5 KILN_FADD(6)
#define KILN_FINS0 KILN_FIN1(0, 28)
#define KILN_FINS1 KILN_FINS0 KILN_FIN1(1, 32)
#define KILN_FINS2 KILN_FINS1 KILN_FIN1(2, 36)
#define KILN_FINS3 KILN_FINS2 KILN_FIN1(3, 40)
#define KILN_FINS4 KILN_FINS3 KILN_FIN1(4, 44)
#define KILN_FINS5 KILN_FINS4 KILN_FIN1(5, 48)
#define KILN_FINS6 KILN_FINS5 KILN_FIN1(6, 52)
#define KILN_FIN(i)                                                                                                \
    "ldr lr, [%[job], #12]\n"                                                                                      \
    "cmp lr, #0\n"                                                                                                 \
    "bne 6f\n" KILN_AST##i "b 7f\n"                                                                                \
    "6:\n"                                                                                                         \
    "vldrw.u32 q7, [%[wp], #-32]\n"                                                                                \
    "ldr r0, [%[wp], #-36]\n"                                                                                      \
    "ldr r1, [%[job], #16]\n"                                                                                      \
    "ldr r2, [%[job], #20]\n" KILN_FADDS##i "vdup.32 q7, r1\n" KILN_FINS##i "7:\n"
#define KILN_KERNEL_PB(name, ald, col, fin)                                                                        \
    static void name(float32_t *acc, const kiln_mac_job *job, const kiln_mac_blk *wp)                             \
    {                                                                                                              \
        const float16_t *w;                                                                                        \
        const float32_t *x;                                                                                        \
        __asm__ volatile(KILN_BLOCKS(ald, col, fin)                                                                \
                         : [acc] "+r"(acc), [wp] "+r"(wp), [w] "=&l"(w), [x] "=&r"(x)                              \
                         : [job] "r"(job)                                                                          \
                         : KILN_CLOBBERS7);                                                                        \
    }
KILN_KERNEL_PB(kiln_mac_pb0, KILN_ALD0, KILN_COLP(0), KILN_FIN(0))
KILN_KERNEL_PB(kiln_mac_pb1, KILN_ALD1, KILN_COLP(1), KILN_FIN(1))
KILN_KERNEL_PB(kiln_mac_pb2, KILN_ALD2, KILN_COLP(2), KILN_FIN(2))
KILN_KERNEL_PB(kiln_mac_pb3, KILN_ALD3, KILN_COLP(3), KILN_FIN(3))
KILN_KERNEL_PB(kiln_mac_pb4, KILN_ALD4, KILN_COLP(4), KILN_FIN(4))
KILN_KERNEL_PB(kiln_mac_pb5, KILN_ALD5, KILN_COLP(5), KILN_FIN(5))
KILN_KERNEL_PB(kiln_mac_pb6, KILN_ALD6, KILN_COLP(6), KILN_FIN(6))
/* standard weights, word gathers (KILN_COLW): the block's address vector (blk.addr plus the chunk's woff) in q5;
 * n4 / nr count column pairs */
#define KILN_ALDW(i) KILN_ALD##i "vldrw.u32 q5, [%[wp], #-16]\n" "vadd.i32 q5, q5, r0\n"
KILN_KERNEL_PB(kiln_mac_wb0, KILN_ALDW(0), KILN_COLW(0), KILN_FIN(0))
KILN_KERNEL_PB(kiln_mac_wb1, KILN_ALDW(1), KILN_COLW(1), KILN_FIN(1))
KILN_KERNEL_PB(kiln_mac_wb2, KILN_ALDW(2), KILN_COLW(2), KILN_FIN(2))
KILN_KERNEL_PB(kiln_mac_wb3, KILN_ALDW(3), KILN_COLW(3), KILN_FIN(3))
KILN_KERNEL_PB(kiln_mac_wb4, KILN_ALDW(4), KILN_COLW(4), KILN_FIN(4))
KILN_KERNEL_PB(kiln_hmac_pb0, KILN_ALD0, KILN_HCOLP(0), KILN_AST0)
KILN_KERNEL_PB(kiln_hmac_pb1, KILN_ALD1, KILN_HCOLP(1), KILN_AST1)
KILN_KERNEL_PB(kiln_hmac_pb2, KILN_ALD2, KILN_HCOLP(2), KILN_AST2)
KILN_KERNEL_PB(kiln_hmac_pb3, KILN_ALD3, KILN_HCOLP(3), KILN_AST3)
KILN_KERNEL_PB(kiln_hmac_pb4, KILN_ALD4, KILN_HCOLP(4), KILN_AST4)
KILN_KERNEL_PB(kiln_hmac_pb5, KILN_ALD5, KILN_HCOLP(5), KILN_AST5)
KILN_KERNEL_PB(kiln_hmac_pb6, KILN_ALD6, KILN_HCOLP(6), KILN_AST6)
typedef void (*kiln_mac_pb_fn)(float32_t *, const kiln_mac_job *, const kiln_mac_blk *);
static const kiln_mac_pb_fn kiln_mac_pb[KILN_GP] = {kiln_mac_pb0, kiln_mac_pb1, kiln_mac_pb2, kiln_mac_pb3,
                                                    kiln_mac_pb4, kiln_mac_pb5, kiln_mac_pb6};
static const kiln_mac_pb_fn kiln_mac_wb[KILN_GP_STD] = {kiln_mac_wb0, kiln_mac_wb1, kiln_mac_wb2, kiln_mac_wb3,
                                                        kiln_mac_wb4};
static const kiln_mac_pb_fn kiln_hmac_pb[KILN_GP] = {kiln_hmac_pb0, kiln_hmac_pb1, kiln_hmac_pb2, kiln_hmac_pb3,
                                                     kiln_hmac_pb4, kiln_hmac_pb5, kiln_hmac_pb6};

/* Stores clamp(acc + bias) of np positions x eight channels, float16 accumulators (as kiln_store_f16acc). */
static void kiln_group_store_f16acc(const float32_t *acc, int np, int32_t live, const float16_t *bias,
                                    float16_t *const *dst, size_t o, float16x8_t hlo, float16x8_t hhi)
{
    const mve_pred16_t pr = vctp16q((uint32_t)(live < 8 ? live : 8));
    const float16x8_t bv = bias != NULL ? vldrhq_z_f16(bias, pr) : vdupq_n_f16((float16_t)0.0f);
    for (int j = 0; j < np; j++)
    {
        float16x8_t a = vreinterpretq_f16_f32(vld1q_f32(acc + 4 * j));
        if (bias != NULL)
        {
            a = vaddq_f16(a, bv);
        }
        __asm__("vpt.f16 gt, %q1, %q0\n"
                "vorrt %q0, %q1, %q1\n"
                "vpt.f16 gt, %q0, %q2\n"
                "vorrt %q0, %q2, %q2\n"
                : "+w"(a)
                : "w"(hlo), "w"(hhi)
                : "p0");
        float16_t *d = dst[j] + o;
        if (live >= 8)
        {
            vst1q_f16(d, a);
        }
        else
        {
            vstrhq_p_f16(d, a, pr);
        }
    }
}

/*
 * Stores clamp(acc + bias) rounded to float16 for nb blocks of four channels (from o0) x np positions (block b at
 * acc[b], position j at acc[b][4 j], stored to dst[j]). The per-position step is assembly: bias add, the NaN-keeping
 * clamp (VPT "gt" blocks, as kiln_clamp_f32) and the narrowing (Internal/kiln_mve_f16.h's kiln_vcvt_hs) in
 * registers; GCC 12.2 otherwise spills the bounds and moves each predicate through a core register.
 */
static void kiln_group_store_f32acc(const float32_t (*acc)[KILN_GP * 4], int nb, int np, int32_t oc, int32_t o0,
                                    const float16_t *bias, float16_t *const *dst, float32_t lo, float32_t hi)
{
    const float32x4_t vlo = vdupq_n_f32(lo), vhi = vdupq_n_f32(hi);
    for (int b = 0; b < nb; b++)
    {
        const int32_t o = o0 + 4 * b;
        const mve_pred16_t pr = vctp32q((uint32_t)(oc - o));
        const float32_t *a = acc[b];
        float32x4_t bv = vdupq_n_f32(0.0f);
        if (bias != NULL)
        {
            bv = kiln_mve_f16_bottom_to_f32(
                vreinterpretq_f16_u32(vldrhq_z_u32((const uint16_t *)(const void *)(bias + o), pr)));
        }
        for (int j = 0; j < np; j++)
        {
            float32x4_t v = vld1q_f32(a + 4 * j);
            float32x4_t t;
            uint16_t *d = (uint16_t *)(void *)(dst[j] + o);
            if (bias != NULL)
            {
                v = vaddq_f32(v, bv);
            }
            __asm__("vpt.f32 gt, %q[lo], %q[v]\n"
                    "vorrt %q[v], %q[lo], %q[lo]\n"
                    "vpt.f32 gt, %q[v], %q[hi]\n"
                    "vorrt %q[v], %q[hi], %q[hi]\n"
                    "kiln_vcvt_hs %q[t], %q[v], 0, 0\n"
                    : [v] "+w"(v), [t] "=&w"(t)
                    : [lo] "w"(vlo), [hi] "w"(vhi)
                    : "p0");
            if (oc - o >= 4)
            {
                vstrhq_u32(d, vreinterpretq_u32_f32(t));
            }
            else
            {
                vstrhq_p_u32(d, vreinterpretq_u32_f32(t), pr);
            }
        }
    }
}

/*
 * np positions of l, all oc channels; position j stores to dst[j]. k: the weight row length. edge: NULL,
 * or the packed-patch windows. float32 accumulation (four channels per block; standard weights: np <= KILN_GP_STD)
 * or float16 accumulation (acc16: eight channels per block; standard weights need 7 x k <= UINT16_MAX).
 */
/* Stages columns [j0, j0 + len) of every position of l into xs ([column][position], stride np): float32 values, or
 * for acc16 the raw halves (edge windows are packed into the scratch row first). */
static void kiln_group_stage_f16(const kiln_grp_f16 *l, int np, int32_t j0, int32_t len, const kiln_grp_edge_f16 *edge,
                                 float32_t *xs, bool acc16)
{
    const int32_t run = l->seg_len;
    const int32_t row_cols = run * l->n_inner;
    if (l->n_inner == 1 && (l->n_outer == 1 || (j0 == 0 && len == row_cols * l->n_outer)))
    {
        /* whole runs (or a piece of the only run): no run arithmetic per piece */
        const int32_t nr = l->n_outer == 1 ? 1 : l->n_outer;
        const int32_t piece = l->n_outer == 1 ? len : run;
        for (int p = 0; p < np; p++)
        {
            const float16_t *x = l->x[p] + (l->n_outer == 1 ? j0 : 0);
            ptrdiff_t so = l->so[p];
            if (edge != NULL && edge->edge[p])
            {
                kiln_pack_rows_f16(edge->img[p], edge->g, edge->oy[p], edge->ox[p], 0, nr, (float16_t)0.0f,
                                   edge->scratch);
                x = edge->scratch + (l->n_outer == 1 ? j0 : 0);
                so = row_cols;
            }
            float32_t *d = xs + p;
            for (int32_t r = 0; r < nr; r++)
            {
                if (acc16)
                {
                    kiln_stage_raw_f16(d, x, piece, np);
                }
                else
                {
                    kiln_stage_f16(d, x, piece, np);
                }
                d += (size_t)piece * (size_t)np;
                x += so;
            }
        }
        return;
    }
    /* the run grid position of column j0, the same for every position */
    const int32_t q0 = j0 / run, n0 = j0 % run;
    const int32_t qo0 = q0 / l->n_inner, qi0 = q0 % l->n_inner;
    const int32_t end = j0 + len;
    if (n0 + len <= run)
    {
        /* the chunk lies within one run of every position: one staging call per position */
        for (int p = 0; p < np; p++)
        {
            const float16_t *x = l->x[p];
            ptrdiff_t so = l->so[p], si = l->si[p];
            if (edge != NULL && edge->edge[p])
            {
                kiln_pack_rows_f16(edge->img[p], edge->g, edge->oy[p], edge->ox[p], qo0, qo0 + 1, (float16_t)0.0f,
                                   edge->scratch);
                x = edge->scratch;
                so = row_cols;
                si = run;
            }
            if (acc16)
            {
                kiln_stage_raw_f16(xs + p, x + qo0 * so + qi0 * si + n0, len, np);
            }
            else
            {
                kiln_stage_f16(xs + p, x + qo0 * so + qi0 * si + n0, len, np);
            }
        }
        return;
    }
    for (int p = 0; p < np; p++)
    {
        const float16_t *x = l->x[p];
        ptrdiff_t so = l->so[p], si = l->si[p];
        if (edge != NULL && edge->edge[p])
        {
            kiln_pack_rows_f16(edge->img[p], edge->g, edge->oy[p], edge->ox[p], j0 / row_cols,
                               (end - 1) / row_cols + 1, (float16_t)0.0f, edge->scratch);
            x = edge->scratch;
            so = row_cols;
            si = run;
        }
        const float16_t *src = x + qo0 * so + qi0 * si + n0;
        int32_t qi = qi0, n = n0;
        float32_t *d = xs + p;
        for (int32_t j = j0; j < end;)
        {
            const int32_t piece = (run - n) < (end - j) ? (run - n) : (end - j);
            if (acc16)
            {
                kiln_stage_raw_f16(d, src, piece, np);
            }
            else
            {
                kiln_stage_f16(d, src, piece, np);
            }
            d += (size_t)piece * (size_t)np;
            j += piece;
            /* the next run: along the row of runs, or the first run of the next row */
            src += si - n;
            n = 0;
            if (++qi == l->n_inner)
            {
                qi = 0;
                src += so - (ptrdiff_t)l->n_inner * si;
            }
        }
    }
}

/*
 * Standard weights on the halfword gathers (acc16, and float32 columns the word gathers cannot take): acc[b] (np
 * positions x the block of channels from o0 + b x bw) += the staged columns x weight columns [wcol, wcol + len), for
 * b < nb, one call per block. Lanes past the last channel read channel o's row (in bounds) and are never stored.
 */
static void kiln_group_blocks_f16(float32_t (*acc)[KILN_GP * 4], int nb, const float32_t *xs, int np,
                                  const float16_t *w, int32_t k, int32_t oc, int32_t o0, int32_t wcol, int32_t len,
                                  bool acc16)
{
    uint32_t offs[4] __attribute__((aligned(8)));
    if (acc16)
    {
        const kiln_mac_s_fn fn = kiln_hmac_s[np - 1];
        const uint16x8_t v = vmulq_n_u16(vidupq_n_u16(0u, 1), (uint16_t)k);
        for (int b = 0; b < nb; b++)
        {
            const int32_t o = o0 + 8 * b;
            vst1q_u32(offs, vreinterpretq_u32_u16(vpselq_u16(v, vdupq_n_u16(0u), vctp16q((uint32_t)(oc - o)))));
            fn(acc[b], xs, w + (size_t)o * (size_t)k + (size_t)wcol, (uint32_t)len, offs);
        }
        return;
    }
    const uint32x4_t rows = vmulq_n_u32(vidupq_n_u32(0u, 1), (uint32_t)k);
    for (int b = 0; b < nb; b++)
    {
        const int32_t o = o0 + 4 * b;
        vst1q_u32(offs, vpselq_u32(rows, vdupq_n_u32(0u), vctp32q((uint32_t)(oc - o))));
        kiln_mac_s[np - 1](acc[b], xs, w + (size_t)o * (size_t)k + (size_t)wcol, (uint32_t)len, offs);
    }
}

/* The block table of channels [o0, o0 + nb x bw) for the block kernels: each block's weights at column 0 (packed:
 * its place in the interleaved layout; standard: its first row and the word addresses of its rows less 4, lanes
 * past the last channel repeating the first row), and for the first nfull blocks the store offset and the widened
 * bias; NULL after the last block. */
static void kiln_job_blocks(kiln_mac_job *job, const float16_t *w, bool packed, bool acc16, int32_t k, int32_t oc,
                            int32_t o0, int nb, int nfull, const float16_t *bias)
{
    const int32_t bw = acc16 ? 8 : 4;
    const uint32x4_t rows = vmulq_n_u32(vidupq_n_u32(0u, 1), 2u * (uint32_t)k);
    for (int b = 0; b < nb; b++)
    {
        const int32_t o = o0 + bw * b;
        kiln_mac_blk *e = &job->blk[b];
        if (packed)
        {
            e->w = w + (size_t)(o & ~7) * (size_t)k + (size_t)(o & 7);
        }
        else
        {
            e->w = w + (size_t)o * (size_t)k;
            const uint32_t base = (uint32_t)(uintptr_t)e->w - 4u;
            vst1q_u32(e->addr, vpselq_u32(vaddq_n_u32(rows, base), vdupq_n_u32(base), vctp32q((uint32_t)(oc - o))));
        }
        if (b < nfull)
        {
            e->ob = (uint32_t)o * (uint32_t)sizeof(float16_t);
            float32x4_t bv = vdupq_n_f32(0.0f);
            if (bias != NULL)
            {
                bv = kiln_mve_f16_bottom_to_f32(
                    vreinterpretq_f16_u32(vldrhq_u32((const uint16_t *)(const void *)(bias + o))));
            }
            vst1q_f32(e->bias, bv);
        }
    }
    job->blk[nb].w = NULL;
}

static void kiln_group_f16(const kiln_grp_f16 *l, int np, const float16_t *w, bool packed, int32_t k, int32_t oc,
                           const float16_t *bias, float16_t *const *dst, float32_t lo, float32_t hi,
                           const kiln_grp_edge_f16 *edge, bool acc16)
{
    float32_t xs[KILN_GKC * KILN_GP] __attribute__((aligned(8)));
    float32_t acc[KILN_GOCG / 4][KILN_GP * 4] __attribute__((aligned(8)));
    const int32_t run = l->seg_len;
    const int32_t row_cols = run * l->n_inner;
    const int32_t total = row_cols * l->n_outer;
    const bool wcontig = (l->n_inner == 1 || l->wk_inner == run) && (l->n_outer == 1 || l->wk_outer == row_cols);
    const float16x8_t hlo = vdupq_n_f16((float16_t)lo), hhi = vdupq_n_f16((float16_t)hi);
    const int32_t bw = acc16 ? 8 : 4; /* channels per block */
    int32_t len0 = total < KILN_GKC ? total : KILN_GKC;
    len0 = (!wcontig && len0 > run) ? run : len0;
    const bool one = len0 == total; /* every column in one staging, shared by all channel groups */
    /* float32 accumulation with packed weights, or standard weights whose every chunk runs on the word gathers
     * (rows 4-byte aligned at every chunk: w + wk0 aligned, k even, contiguous columns of even chunk lengths): the
     * kernel finishes the blocks with four live channels itself */
    const bool rows_aligned = !packed && !acc16 && (k & 1) == 0 && ((uintptr_t)(const void *)w & 3u) == 0u;
    const bool fused = packed ? !acc16 : (rows_aligned && wcontig && (total & 1) == 0 && (l->wk0 & 1) == 0);
    /* the block kernels (every block of a chunk in one call): packed weights, and float32 accumulation with standard
     * rows 4-byte aligned (word gathers: the even-length part of a chunk that starts at an even column) */
    const bool blocked = packed || rows_aligned;
    const kiln_mac_pb_fn mac = packed ? (acc16 ? kiln_hmac_pb : kiln_mac_pb)[np - 1] : kiln_mac_wb[np - 1];
    kiln_mac_job job;
    job.last = 0u;
    if (fused)
    {
        memcpy(&job.lo, &lo, sizeof(job.lo));
        memcpy(&job.hi, &hi, sizeof(job.hi));
        for (int j = 0; j < np; j++)
        {
            job.dst[j] = (uint8_t *)(void *)dst[j];
        }
    }
    if (one)
    {
        kiln_group_stage_f16(l, np, 0, total, edge, xs, acc16);
    }
    for (int32_t o0 = 0; o0 < oc; o0 += KILN_GOCG)
    {
        const int32_t ocg = oc - o0 < KILN_GOCG ? oc - o0 : KILN_GOCG;
        const int nb = (int)((ocg + bw - 1) / bw);
        /* blocks the kernel finishes (on the last chunk: none without columns) */
        const int nfull = (fused && total > 0) ? (int)(ocg / 4) : 0;
        for (int b = 0; b < nb; b++)
        {
            for (int j = 0; j < np; j++)
            {
                vst1q_f32(&acc[b][4 * j], vdupq_n_f32(0.0f));
            }
        }
        if (blocked)
        {
            kiln_job_blocks(&job, w, packed, acc16, k, oc, o0, nb, nfull, bias);
        }
        for (int32_t j0 = 0; j0 < total;)
        {
            int32_t len = total - j0 < KILN_GKC ? total - j0 : KILN_GKC;
            if (!wcontig && len > run - j0 % run)
            {
                len = run - j0 % run;
            }
            if (!one)
            {
                kiln_group_stage_f16(l, np, j0, len, edge, xs, acc16);
            }
            const int32_t q = j0 / run;
            const int32_t wcol = wcontig ? l->wk0 + j0
                                         : l->wk0 + (q / l->n_inner) * l->wk_outer + (q % l->n_inner) * l->wk_inner +
                    j0 % run;
            j0 += len;
            /* columns for the block kernel, the rest (standard weights: an odd column) by the halfword gathers */
            const int32_t blen = packed ? len : (!blocked || (wcol & 1) != 0 ? 0 : (len & ~1));
            if (blen < len)
            {
                if (blen > 0)
                {
                    job.xs = xs;
                    job.woff = (uint32_t)wcol * 2u;
                    job.n4 = (uint32_t)blen / 8u;
                    job.nr = ((uint32_t)blen / 2u) % 4u;
                    mac(acc[0], &job, &job.blk[0]);
                }
                kiln_group_blocks_f16(acc, nb, xs + (size_t)blen * (size_t)np, np, w, k, oc, o0, wcol + blen,
                                      len - blen, acc16);
                continue;
            }
            job.xs = xs;
            job.woff = (uint32_t)wcol * (packed ? (uint32_t)(KILN_CONV_F16_LANES * sizeof(float16_t)) : 2u);
            job.n4 = packed ? (uint32_t)len / 4u : (uint32_t)len / 8u; /* standard: column pairs */
            job.nr = packed ? (uint32_t)len % 4u : ((uint32_t)len / 2u) % 4u;
            if (j0 == total && nfull > 0)
            {
                /* the last chunk: the full blocks finished by the kernel, a partial block after them accumulated */
                const float16_t *const after = job.blk[nfull].w;
                job.blk[nfull].w = NULL;
                job.last = 1u;
                mac(acc[0], &job, &job.blk[0]);
                job.last = 0u;
                job.blk[nfull].w = after;
                if (nfull < nb)
                {
                    mac(acc[nfull], &job, &job.blk[nfull]);
                }
            }
            else
            {
                mac(acc[0], &job, &job.blk[0]);
            }
        }
        if (acc16)
        {
            for (int b = 0; b < nb; b++)
            {
                const int32_t o = o0 + 8 * b;
                kiln_group_store_f16acc(acc[b], np, oc - o, bias != NULL ? bias + o : NULL, dst, (size_t)o, hlo, hhi);
            }
        }
        else if (nfull < nb)
        {
            kiln_group_store_f32acc((const float32_t(*)[KILN_GP * 4])(acc + nfull), nb - nfull, np, oc, o0 + 4 * nfull,
                                    bias, dst, lo, hi);
        }
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

static void kiln_patch_gemm_pairs_f16(const kiln_conv_flt_geom *g, const float16_t *in, const float16_t *w,
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
    if (dil == 1)
    {
        /* no division: the common case, called per output position by the direct route */
        int64_t lo1 = base < 0 ? -(int64_t)base : 0;
        int64_t hi1 = base > size - 1 ? 0 : (int64_t)size - base;
        hi1 = hi1 < k ? hi1 : k;
        lo1 = lo1 < k ? lo1 : k;
        *t0 = (int32_t)lo1;
        *t1 = (int32_t)(hi1 > lo1 ? hi1 : lo1);
        return;
    }
    const int64_t b = base;
    int64_t lo = b < 0 ? (-b + dil - 1) / dil : 0;
    int64_t hi = b > (int64_t)size - 1 ? 0 : ((int64_t)size - 1 - b) / dil + 1;
    hi = hi < k ? hi : k;
    lo = lo < k ? lo : k;
    *t0 = (int32_t)lo;
    *t1 = (int32_t)(hi > lo ? hi : lo);
}

static void kiln_direct_pairs_f16(const kiln_conv_flt_geom *g, const float16_t *in, const float16_t *w,
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

/* acc16 through the grouped engine: NT_N_PACKED weights, or standard rows short enough for 16-bit gather offsets. */
static bool kiln_group_acc16_ok(const kiln_conv_flt_geom *g)
{
    return g->packed || (int64_t)g->k_h * g->k_w * g->in_c * (KILN_CONV_F16_LANES - 1) <= (int64_t)UINT16_MAX;
}

/* Groups of output positions for the grouped engine: n positions split as evenly as the cap allows. */
static int kiln_group_len(int32_t left, int cap)
{
    if (left <= cap)
    {
        return (int)left;
    }
    const int32_t groups = (left + cap - 1) / cap;
    return (int)((left + groups - 1) / groups);
}

static void kiln_patch_gemm_grouped_f16(const kiln_conv_flt_geom *g, const float16_t *in, const float16_t *w,
                                        const float16_t *bias, float16_t *out, float32_t lo, float32_t hi,
                                        float16_t *scratch, bool acc16)
{
    /* Groups of up to KILN_GP consecutive output positions in output order (a group may span output rows and
     * batches: the outputs are consecutive NHWC pixels). Every window that leaves the input, and the first window
     * of every output row, is packed (row by row, as its chunks are staged) into the scratch row; the others are
     * read in place. Every window is summed in patch order (ky, kx, c): the bits of the packed patch row. */
    const int32_t row = g->k_h * g->k_w * g->in_c;
    const int32_t c = g->in_c;
    const int cap = kiln_group_cap(g->packed, acc16);
    const int64_t positions = (int64_t)g->n * g->out_h * g->out_w;
    float16_t *dst = out;
    kiln_grp_f16 l;
    l.seg_len = g->dil_w == 1 ? g->k_w * c : c;
    l.n_inner = g->dil_w == 1 ? 1 : g->k_w;
    l.n_outer = g->k_h;
    l.wk0 = 0;
    l.wk_inner = c;
    l.wk_outer = g->k_w * c;
    kiln_grp_edge_f16 e;
    e.g = g;
    e.scratch = scratch;
    int32_t b = 0, y = 0, x = 0; /* the next position */
    for (int64_t done = 0; done < positions;)
    {
        const int64_t left = positions - done;
        const int np = kiln_group_len(left > 2 * cap ? 2 * cap : (int32_t)left, cap);
        for (int j = 0; j < np; j++)
        {
            const float16_t *img = in + (size_t)b * (size_t)g->in_h * (size_t)g->in_w * (size_t)c;
            const int32_t iy0 = y * g->stride_h - g->pad_h;
            const int32_t ix0 = x * g->stride_w - g->pad_w;
            const bool inside = iy0 >= 0 && (int64_t)iy0 + (int64_t)(g->k_h - 1) * g->dil_h < g->in_h && ix0 >= 0 &&
                (int64_t)ix0 + (int64_t)(g->k_w - 1) * g->dil_w < g->in_w;
            e.img[j] = img;
            e.oy[j] = y;
            e.ox[j] = x;
            e.edge[j] = !inside || x == 0;
            l.x[j] = e.edge[j] ? scratch : img + ((size_t)iy0 * (size_t)g->in_w + (size_t)ix0) * (size_t)c;
            l.si[j] = (ptrdiff_t)g->dil_w * c;
            l.so[j] = (ptrdiff_t)((size_t)g->dil_h * (size_t)g->in_w * (size_t)c);
            if (++x == g->out_w)
            {
                x = 0;
                if (++y == g->out_h)
                {
                    y = 0;
                    b++;
                }
            }
        }
        float16_t *dsts[KILN_GP];
        for (int j = 0; j < np; j++)
        {
            dsts[j] = dst + (size_t)j * (size_t)g->out_c;
        }
        kiln_group_f16(&l, np, w, g->packed, row, g->out_c, bias, dsts, lo, hi, &e, acc16);
        dst += (size_t)np * (size_t)g->out_c;
        done += np;
    }
}

/* np direct-route positions sharing the valid taps [ky0, ky1) x [kx0, kx1): position j has its window origin at
 * (by[j], bx[j]) of img and stores to dst[j]. */
static void kiln_direct_group_f16(const kiln_conv_flt_geom *g, const float16_t *img, const int32_t *by,
                                  const int32_t *bx, int np, int32_t ky0, int32_t ky1, int32_t kx0, int32_t kx1,
                                  const float16_t *w, const float16_t *bias, float16_t *const *dst,
                                  float32_t lo, float32_t hi, bool acc16)
{
    const int32_t c = g->in_c;
    kiln_grp_f16 l;
    const int32_t ntx = kx1 - kx0;
    l.seg_len = ntx == 0 ? 0 : (g->dil_w == 1 ? ntx * c : c);
    l.n_inner = g->dil_w == 1 ? 1 : ntx;
    l.n_outer = ky1 - ky0;
    l.wk0 = (ky0 * g->k_w + kx0) * c;
    l.wk_inner = c;
    l.wk_outer = g->k_w * c;
    if (l.n_outer <= 0 || ntx == 0 || l.n_inner == 0)
    {
        l.n_outer = 0; /* no tap inside: bias only */
        l.n_inner = 1;
        l.seg_len = 1;
    }
    for (int j = 0; j < np; j++)
    {
        const int32_t iy = by[j] + ky0 * g->dil_h;
        const int32_t ix = bx[j] + kx0 * g->dil_w;
        l.x[j] = l.n_outer > 0 ? img + ((size_t)iy * (size_t)g->in_w + (size_t)ix) * (size_t)c : img;
        l.so[j] = (ptrdiff_t)((size_t)g->dil_h * (size_t)g->in_w * (size_t)c);
        l.si[j] = (ptrdiff_t)g->dil_w * c;
    }
    kiln_group_f16(&l, np, w, g->packed, g->k_h * g->k_w * c, g->out_c, bias, dst, lo, hi, NULL, acc16);
}

static void kiln_direct_grouped_f16(const kiln_conv_flt_geom *g, const float16_t *in, const float16_t *w,
                                    const float16_t *bias, float16_t *out, float32_t lo, float32_t hi,
                                    int32_t x_begin, bool acc16, bool skip_inner)
{
    /* skip_inner: the outputs whose window keeps every tap are done (the small-C kernel) */
    /* Only the taps inside the input, in patch order. The output columns whose windows keep every filter column
     * (one contiguous range [xi0, xi1)) go in groups of up to KILN_GP positions, row by row through each run of
     * output rows with the same valid filter rows; the other columns (clipped at the left or right border) go down
     * their column, rows with the same valid filter rows together. */
    const int32_t c = g->in_c;
    const int cap = kiln_group_cap(g->packed, acc16);
    int32_t xi0 = g->out_w, xi1 = g->out_w;
    for (int32_t x = x_begin; x < g->out_w; x++)
    {
        int32_t kx0, kx1;
        kiln_taps_f16(x * g->stride_w - g->pad_w, g->k_w, g->dil_w, g->in_w, &kx0, &kx1);
        if (kx0 == 0 && kx1 == g->k_w)
        {
            xi0 = xi0 == g->out_w ? x : xi0;
            xi1 = x + 1;
        }
    }
    int32_t by[KILN_GP], bx[KILN_GP];
    float16_t *dsts[KILN_GP];
    const int32_t nxi = xi1 - xi0;
    for (int32_t b = 0; b < g->n; b++)
    {
        const float16_t *img = in + (size_t)b * (size_t)g->in_h * (size_t)g->in_w * (size_t)c;
        float16_t *img_out = out + (size_t)b * (size_t)g->out_h * (size_t)g->out_w * (size_t)g->out_c;
        /* interior columns: rows with the same valid filter rows form one run, enumerated row by row */
        for (int32_t y0 = 0; y0 < g->out_h && nxi > 0;)
        {
            int32_t ky0, ky1, y1 = y0 + 1;
            kiln_taps_f16(y0 * g->stride_h - g->pad_h, g->k_h, g->dil_h, g->in_h, &ky0, &ky1);
            for (; y1 < g->out_h; y1++)
            {
                int32_t ny0, ny1;
                kiln_taps_f16(y1 * g->stride_h - g->pad_h, g->k_h, g->dil_h, g->in_h, &ny0, &ny1);
                if (ny0 != ky0 || ny1 != ky1)
                {
                    break;
                }
            }
            if (skip_inner && ky0 == 0 && ky1 == g->k_h)
            {
                y0 = y1;
                continue;
            }
            const int64_t total = (int64_t)(y1 - y0) * nxi;
            int32_t y = y0, x = xi0;
            for (int64_t done = 0; done < total;)
            {
                const int64_t left = total - done;
                const int np = kiln_group_len(left > 2 * cap ? 2 * cap : (int32_t)left, cap);
                for (int j = 0; j < np; j++)
                {
                    by[j] = y * g->stride_h - g->pad_h;
                    bx[j] = x * g->stride_w - g->pad_w;
                    dsts[j] = img_out + ((size_t)y * (size_t)g->out_w + (size_t)x) * (size_t)g->out_c;
                    if (++x == xi1)
                    {
                        x = xi0;
                        y++;
                    }
                }
                kiln_direct_group_f16(g, img, by, bx, np, ky0, ky1, 0, g->k_w, w, bias, dsts, lo, hi, acc16);
                done += np;
            }
            y0 = y1;
        }
        for (int32_t x = x_begin; x < g->out_w; x++)
        {
            if (x == xi0)
            {
                x = xi1 - 1; /* the interior columns are done */
                continue;
            }
            int32_t kx0, kx1;
            const int32_t bxx = x * g->stride_w - g->pad_w;
            kiln_taps_f16(bxx, g->k_w, g->dil_w, g->in_w, &kx0, &kx1);
            for (int32_t y = 0; y < g->out_h;)
            {
                int32_t ky0, ky1;
                kiln_taps_f16(y * g->stride_h - g->pad_h, g->k_h, g->dil_h, g->in_h, &ky0, &ky1);
                int32_t same = 1; /* rows with these taps, counted up to 2 x cap (enough to split evenly) */
                while (same < 2 * cap && y + same < g->out_h)
                {
                    int32_t ny0, ny1;
                    kiln_taps_f16((y + same) * g->stride_h - g->pad_h, g->k_h, g->dil_h, g->in_h, &ny0, &ny1);
                    if (ny0 != ky0 || ny1 != ky1)
                    {
                        break;
                    }
                    same++;
                }
                const int np = kiln_group_len(same, cap);
                for (int j = 0; j < np; j++)
                {
                    by[j] = (y + j) * g->stride_h - g->pad_h;
                    bx[j] = bxx;
                    dsts[j] = img_out + ((size_t)(y + j) * (size_t)g->out_w + (size_t)x) * (size_t)g->out_c;
                }
                kiln_direct_group_f16(g, img, by, bx, np, ky0, ky1, kx0, kx1, w, bias, dsts, lo, hi, acc16);
                y += np;
            }
        }
    }
}

/*
 * Small-C shapes, float32 accumulation (C_IN <= 4, unit width dilation, at most KILN_SC_MAXK taps): the outputs whose
 * window keeps every tap run with four neighbouring output positions of a row as the lanes. Per tap (ky, kx, c) one
 * halfword gather (the four positions stride x C_IN apart; the base pointer steps one half per tap) widened by
 * VCVTB, and each of up to KILN_SC_NC channels adds it times its weight (the weights transposed to [tap][channel]
 * and widened to float32 on the stack, one LDM per tap): 4 + NC instructions per 4 x NC MACs. Each lane sums its
 * channel's exact products in tap order with fused multiply-adds from 0, adds the bias, clamps (NaN kept) and rounds
 * once to float16: the bits of the grouped engine. The gather: four positions stride x C_IN apart admit no
 * contiguous load; four halfword accesses per tap against five two-beat multiply-adds.
 * Stack: the weight table, KILN_SC_TAB words (2400 bytes), and the span's widened bias (GCC 12.2 -O2: 3144-byte
 * frame for kiln_sc_f16, about the grouped engine's).
 */
#define KILN_SC_NC (5)
#define KILN_SC_MAXK (75)
#define KILN_SC_TAB (600)  /* words of the weight table: the taps of at least 8 channels */
#define KILN_SC_SPAN (64)  /* at most this many channels per table */

typedef struct
{
    uint32_t offs[4];     /* the four positions' input offsets, in halves */
    uint32_t soffs[4];    /* their output offsets, in halves */
    const float32_t *bias; /* widened bias of the block's channels */
    float32_t lo, hi;
} kiln_sc_par_f16;

#define KILN_HZ1 "vmov.i32 q0, #0\n"
#define KILN_HZ2 KILN_HZ1 "vmov.i32 q1, #0\n"
#define KILN_HZ3 KILN_HZ2 "vmov.i32 q2, #0\n"
#define KILN_HZ4 KILN_HZ3 "vmov.i32 q3, #0\n"
#define KILN_HZ5 KILN_HZ4 "vmov.i32 q4, #0\n"
#define KILN_HL1 "ldm %[w]!, {r0}\n"
#define KILN_HL2 "ldm %[w]!, {r0-r1}\n"
#define KILN_HL3 "ldm %[w]!, {r0-r2}\n"
#define KILN_HL4 "ldm %[w]!, {r0-r3}\n"
#define KILN_HL5 "ldm %[w]!, {r0-r4}\n"
#define KILN_HB1 "ldr r0, [r1]\n"
#define KILN_HB2 "ldm r1, {r0-r1}\n"
#define KILN_HB3 "ldm r1, {r0-r2}\n"
#define KILN_HB4 "ldm r1, {r0-r3}\n"
#define KILN_HB5 "ldm r1, {r0-r4}\n"
#define KILN_HO(q, r)                                                                                              \
    "vadd.f32 " q ", " q ", " r "\n"                                                                               \
    "vpt.f32 gt, q7, " q "\n"                                                                                      \
    "vorrt " q ", q7, q7\n"                                                                                        \
    "vpt.f32 gt, " q ", lr\n"                                                                                      \
    "vdupt.32 " q ", lr\n"                                                                                         \
    "kiln_vcvt_hs q5, " q ", 0, 0\n"                                                                               \
    "vstrh.32 q5, [%[d], q6, uxtw #1]\n"                                                                           \
    "add %[d], %[d], #2\n"
#define KILN_HO1 KILN_HO("q0", "r0")
#define KILN_HO2 KILN_HO1 KILN_HO("q1", "r1")
#define KILN_HO3 KILN_HO2 KILN_HO("q2", "r2")
#define KILN_HO4 KILN_HO3 KILN_HO("q3", "r3")
#define KILN_HO5 KILN_HO4 KILN_HO("q4", "r4")
#define KILN_HS1 "vstrw.32 q0, [%[acc]]\n"
#define KILN_HS2 KILN_HS1 "vstrw.32 q1, [%[acc], #16]\n"
#define KILN_HS3 KILN_HS2 "vstrw.32 q2, [%[acc], #32]\n"
#define KILN_HS4 KILN_HS3 "vstrw.32 q3, [%[acc], #48]\n"
#define KILN_HS5 KILN_HS4 "vstrw.32 q4, [%[acc], #64]\n"
#define KILN_HLOOP(i)                                                                                              \
    KILN_HZ##i "vldrw.u32 q6, [%[p]]\n"                                                                            \
               "1:\n"                                                                                              \
               "dls lr, %[nt]\n"                                                                                   \
               "2:\n"                                                                                              \
               "vldrh.u32 q5, [%[x], q6, uxtw #1]\n"                                                               \
               "add %[x], %[x], #2\n"                                                                              \
               "kiln_vcvt_hs q7, q5, 1, 0\n" KILN_HL##i KILN_FMA##i "le lr, 2b\n"                                  \
               "add %[x], %[x], %[rs]\n"                                                                           \
               "subs %[nr], %[nr], #1\n"                                                                           \
               "bne 1b\n"
#define KILN_SCH_CLOB                                                                                              \
    "r0", "r1", "r2", "r3", "r4", "lr", "d0", "d1", "d2", "d3", "d4", "d5", "d6", "d7", "d8", "d9", "d10", "d11",   \
        "d12", "d13", "d14", "d15", "memory", "cc", "p0"
/* acc[j] (four positions) = the taps' sums; x: position 0's first tap; rs: bytes from a row's end to the next. */
#define KILN_SCH_KERNEL(i)                                                                                         \
    static void kiln_sch_mac##i(float32_t *acc, const float32_t *w, const kiln_sc_par_f16 *p, const float16_t *x,  \
                                uint32_t ntaps, uint32_t nrows, uint32_t rs)                                       \
    {                                                                                                              \
        __asm__ volatile(KILN_HLOOP(i) KILN_HS##i                                                                  \
                         : [w] "+r"(w), [nr] "+r"(nrows), [x] "+r"(x)                                              \
                         : [acc] "r"(acc), [p] "r"(p), [nt] "r"(ntaps), [rs] "r"(rs)                               \
                         : KILN_SCH_CLOB);                                                                         \
    }                                                                                                              \
    static void kiln_sch_st##i(const float32_t *w, const kiln_sc_par_f16 *p, const float16_t *x, uint32_t ntaps,  \
                               uint32_t nrows, uint32_t rs, float16_t *d)                                          \
    {                                                                                                              \
        __asm__ volatile(KILN_HLOOP(i) "vldrw.u32 q6, [%[p], #16]\n"                                               \
                                       "ldr r0, [%[p], #36]\n"                                                     \
                                       "vdup.32 q7, r0\n"                                                          \
                                       "ldr lr, [%[p], #40]\n"                                                     \
                                       "ldr r1, [%[p], #32]\n" KILN_HB##i KILN_HO##i                               \
                         : [w] "+r"(w), [nr] "+r"(nrows), [x] "+r"(x), [d] "+r"(d)                                 \
                         : [p] "r"(p), [nt] "r"(ntaps), [rs] "r"(rs)                                               \
                         : KILN_SCH_CLOB);                                                                         \
    }
KILN_SCH_KERNEL(1)
KILN_SCH_KERNEL(2)
KILN_SCH_KERNEL(3)
KILN_SCH_KERNEL(4)
KILN_SCH_KERNEL(5)
typedef void (*kiln_sch_mac_fn)(float32_t *, const float32_t *, const kiln_sc_par_f16 *, const float16_t *, uint32_t,
                                uint32_t, uint32_t);
typedef void (*kiln_sch_st_fn)(const float32_t *, const kiln_sc_par_f16 *, const float16_t *, uint32_t, uint32_t,
                               uint32_t, float16_t *);
static const kiln_sch_mac_fn kiln_sch_mac[KILN_SC_NC] = {kiln_sch_mac1, kiln_sch_mac2, kiln_sch_mac3, kiln_sch_mac4,
                                                         kiln_sch_mac5};
static const kiln_sch_st_fn kiln_sch_st[KILN_SC_NC] = {kiln_sch_st1, kiln_sch_st2, kiln_sch_st3, kiln_sch_st4,
                                                       kiln_sch_st5};

static bool kiln_sc_ok_f16(const kiln_conv_flt_geom *g)
{
    return g->in_c <= 4 && g->dil_w == 1 && (int64_t)g->k_h * g->k_w * g->in_c <= KILN_SC_MAXK &&
        (int64_t)g->in_h * g->in_w * g->in_c <= (int64_t)UINT32_MAX / 2 && (int64_t)g->out_c * 3 <= INT32_MAX;
}

/* The whole-window outputs of every batch (rows with every filter row inside, columns from x_begin with every
 * filter column inside), four positions per pass. */
static void kiln_sc_f16(const kiln_conv_flt_geom *g, const float16_t *in, const float16_t *w, const float16_t *bias,
                        float16_t *out, float32_t lo, float32_t hi, int32_t x_begin)
{
    float32_t wt[KILN_SC_TAB] __attribute__((aligned(8)));
    float32_t bw[KILN_SC_SPAN] __attribute__((aligned(8)));
    float32_t acc[KILN_SC_NC * 4] __attribute__((aligned(8)));
    kiln_sc_par_f16 par __attribute__((aligned(8)));
    const int32_t c = g->in_c;
    const int32_t k = g->k_h * g->k_w * c;
    const int32_t ntaps = g->k_w * c;
    const uint32_t rs = (uint32_t)(((int64_t)g->dil_h * g->in_w - g->k_w) * c * 2);
    int32_t y0 = -1, y1 = -1, x0 = -1, x1 = -1;
    for (int32_t y = 0; y < g->out_h; y++)
    {
        const int64_t by = (int64_t)y * g->stride_h - g->pad_h;
        if (by >= 0 && by + (int64_t)(g->k_h - 1) * g->dil_h < g->in_h)
        {
            y0 = y0 < 0 ? y : y0;
            y1 = y + 1;
        }
    }
    for (int32_t x = x_begin; x < g->out_w; x++)
    {
        const int64_t bx = (int64_t)x * g->stride_w - g->pad_w;
        if (bx >= 0 && bx + g->k_w - 1 < g->in_w)
        {
            x0 = x0 < 0 ? x : x0;
            x1 = x + 1;
        }
    }
    if (y0 < 0 || x0 < 0)
    {
        return;
    }
    const uint32x4_t lane = vidupq_n_u32(0u, 1);
    vst1q_u32(par.soffs, vmulq_n_u32(lane, (uint32_t)g->out_c));
    par.lo = lo;
    par.hi = hi;
    par.bias = bw;
    const uint32x4_t xoffs = vmulq_n_u32(lane, (uint32_t)g->stride_w * (uint32_t)c);
    const float32x4_t vlo = vdupq_n_f32(lo), vhi = vdupq_n_f32(hi);
    const uint32x4_t soffs = vld1q_u32(par.soffs);
    const int32_t span = KILN_SC_TAB / k < KILN_SC_SPAN ? KILN_SC_TAB / k : KILN_SC_SPAN;
    for (int32_t o0 = 0; o0 < g->out_c; o0 += span)
    {
        const int32_t ns = g->out_c - o0 < span ? g->out_c - o0 : span;
        /* blocks of the span as even as KILN_SC_NC allows: the first nx of nb blocks take one channel more */
        const int32_t nb = (ns + KILN_SC_NC - 1) / KILN_SC_NC, nbase = ns / nb, nx = ns % nb;
        int32_t bj0[(KILN_SC_SPAN + KILN_SC_NC - 1) / KILN_SC_NC], bnc[(KILN_SC_SPAN + KILN_SC_NC - 1) / KILN_SC_NC];
        for (int32_t i = 0, j0 = 0; i < nb; i++)
        {
            bj0[i] = j0;
            bnc[i] = nbase + (i < nx ? 1 : 0);
            j0 += bnc[i];
        }
        for (int32_t i = 0; i < nb; i++)
        {
            const int32_t j0 = bj0[i], nc = bnc[i];
            float32_t *tb = wt + (size_t)j0 * (size_t)k;
            for (int32_t j = 0; j < nc; j++)
            {
                const int32_t oj = o0 + j0 + j;
                const float16_t *src = g->packed ? w + (size_t)(oj / 8) * (size_t)k * 8u + (size_t)(oj % 8)
                                                 : w + (size_t)oj * (size_t)k;
                const size_t step = g->packed ? 8u : 1u;
                for (int32_t t = 0; t < k; t++)
                {
                    tb[t * nc + j] = (float32_t)src[(size_t)t * step];
                }
            }
        }
        for (int32_t j = 0; j < ns; j++)
        {
            bw[j] = bias != NULL ? (float32_t)bias[o0 + j] : 0.0f;
        }
        for (int32_t b = 0; b < g->n; b++)
        {
            const float16_t *img = in + (size_t)b * (size_t)g->in_h * (size_t)g->in_w * (size_t)c;
            for (int32_t y = y0; y < y1; y++)
            {
                const int32_t by = y * g->stride_h - g->pad_h;
                float16_t *drow =
                    out + ((size_t)b * (size_t)g->out_h + (size_t)y) * (size_t)g->out_w * (size_t)g->out_c;
                for (int32_t x = x0; x < x1; x += 4)
                {
                    const int32_t np = x1 - x < 4 ? x1 - x : 4;
                    const mve_pred16_t pr = vctp32q((uint32_t)np);
                    /* lanes past the last position repeat the first (in bounds, never stored) */
                    vst1q_u32(par.offs, vpselq_u32(xoffs, vdupq_n_u32(0u), pr));
                    const int32_t bx = x * g->stride_w - g->pad_w;
                    const float16_t *x0p = img + ((size_t)by * (size_t)g->in_w + (size_t)bx) * (size_t)c;
                    float16_t *d = drow + (size_t)x * (size_t)g->out_c + (size_t)o0;
                    for (int32_t i = 0; i < nb; i++)
                    {
                        const int32_t j0 = bj0[i], nc = bnc[i];
                        const float32_t *tb = wt + (size_t)j0 * (size_t)k;
                        if (np == 4 && bias != NULL)
                        {
                            par.bias = bw + j0;
                            kiln_sch_st[nc - 1](tb, &par, x0p, (uint32_t)ntaps, (uint32_t)g->k_h, rs, d + j0);
                            continue;
                        }
                        kiln_sch_mac[nc - 1](acc, tb, &par, x0p, (uint32_t)ntaps, (uint32_t)g->k_h, rs);
                        for (int32_t j = 0; j < nc; j++)
                        {
                            float32x4_t v = vld1q_f32(acc + 4 * j);
                            if (bias != NULL)
                            {
                                v = vaddq_n_f32(v, bw[j0 + j]);
                            }
                            v = kiln_clamp_f32(v, vlo, vhi);
                            vstrhq_scatter_shifted_offset_p_u32(
                                (uint16_t *)(void *)(d + j0 + j), soffs,
                                vreinterpretq_u32_f16(kiln_mve_f32_to_f16_bottom(vdupq_n_f16((float16_t)0.0f), v)),
                                pr);
                        }
                    }
                }
            }
        }
    }
}

void kiln_conv_flt_patch_gemm_f16(const kiln_conv_flt_geom *g, const float16_t *in, const float16_t *w,
                                  const float16_t *bias, float16_t *out, float32_t lo, float32_t hi,
                                  float16_t *scratch, bool acc16)
{
    if (acc16 && !kiln_group_acc16_ok(g))
    {
        kiln_patch_gemm_pairs_f16(g, in, w, bias, out, lo, hi, scratch, true);
    }
    else
    {
        kiln_patch_gemm_grouped_f16(g, in, w, bias, out, lo, hi, scratch, acc16);
    }
}

void kiln_conv_flt_direct_f16(const kiln_conv_flt_geom *g, const float16_t *in, const float16_t *w,
                              const float16_t *bias, float16_t *out, float32_t lo, float32_t hi, int32_t x_begin,
                              bool acc16)
{
    if (acc16 && !kiln_group_acc16_ok(g))
    {
        kiln_direct_pairs_f16(g, in, w, bias, out, lo, hi, x_begin, true);
    }
    else
    {
        const bool sc = !acc16 && kiln_sc_ok_f16(g);
        if (sc)
        {
            kiln_sc_f16(g, in, w, bias, out, lo, hi, x_begin);
        }
        kiln_direct_grouped_f16(g, in, w, bias, out, lo, hi, x_begin, acc16, sc);
    }
}

/* ---- the GEMM-shaped routes on the grouped engine: 1x1, 1xN, conv1d k5/k3 ------------------------------------ */

/* The lhs layout of positions whose window is one contiguous run of k elements (x[] set per group). */
static void kiln_grp_row(kiln_grp_f16 *l, int32_t k)
{
    for (int j = 0; j < KILN_GP; j++)
    {
        l->x[j] = NULL;
        l->so[j] = 0;
        l->si[j] = 0;
    }
    l->seg_len = k;
    l->n_inner = 1;
    l->n_outer = 1;
    l->wk0 = 0;
    l->wk_outer = k;
    l->wk_inner = k;
}

/* acc16 with standard rows too long for the 16-bit gather offsets of the grouped engine: the pair kernels. */
static bool kiln_rows_acc16_ok(int32_t k, bool packed)
{
    return packed || (int64_t)k * (KILN_CONV_F16_LANES - 1) <= (int64_t)UINT16_MAX;
}

/*
 * 1x1: every output position's lhs is the C_IN halves of one input pixel, read in place. Groups of up to KILN_GP
 * positions (KILN_GP_STD for float32 accumulation with standard weights) in output order, across output rows and
 * batches, split as evenly as the cap allows; each group runs the grouped engine (column order, the bits of the
 * block kernels and, for float32 accumulation, of the portable kernel). DS-CNN pointwise (25x5x64 -> 64) on the
 * emulated Cortex-M55: 0.592 instructions per MAC with standard weights (word gathers), 0.563 NT_N_PACKED, 0.323
 * acc16 (two-position block kernel before: 1.287, 1.044, 0.771).
 */
void kiln_conv_flt_1x1_f16(const kiln_conv_flt_geom *g, const float16_t *in, const float16_t *w,
                           const float16_t *bias, float16_t *out, float32_t lo, float32_t hi, bool acc16)
{
    const size_t c = (size_t)g->in_c;
    if (acc16 && !kiln_rows_acc16_ok(g->in_c, g->packed))
    {
        float16_t *dst = out;
        for (int32_t b = 0; b < g->n; b++)
        {
            const float16_t *img = in + (size_t)b * (size_t)g->in_h * (size_t)g->in_w * c;
            for (int32_t y = 0; y < g->out_h; y++)
            {
                const float16_t *src = img + (size_t)y * (size_t)g->stride_h * (size_t)g->in_w * c;
                const size_t step = (size_t)g->stride_w * c;
                int32_t x = 0;
                for (; x + 2 <= g->out_w; x += 2)
                {
                    kiln_row2_f16(src, src + step, g->in_c, w, g->packed, g->out_c, bias, dst, dst + g->out_c, lo,
                                  hi, true, true);
                    src += 2 * step;
                    dst += 2 * (size_t)g->out_c;
                }
                if (x < g->out_w)
                {
                    kiln_conv_flt_row_f16(src, g->in_c, w, g->packed, g->out_c, bias, dst, lo, hi, true, true);
                    dst += g->out_c;
                }
            }
        }
        return;
    }
    const int cap = kiln_group_cap(g->packed, acc16);
    const int64_t positions = (int64_t)g->n * g->out_h * g->out_w;
    kiln_grp_f16 l;
    kiln_grp_row(&l, g->in_c);
    float16_t *dsts[KILN_GP];
    float16_t *dst = out;
    const size_t step_x = (size_t)g->stride_w * c;
    const size_t step_y = (size_t)g->stride_h * (size_t)g->in_w * c;
    const size_t step_b = (size_t)g->in_h * (size_t)g->in_w * c;
    const float16_t *img = in, *row = in, *src = in; /* the next position's batch, row and pixel */
    int32_t y = 0, x = 0;
    for (int64_t done = 0; done < positions;)
    {
        const int64_t left = positions - done;
        const int np = kiln_group_len(left > 2 * cap ? 2 * cap : (int32_t)left, cap);
        for (int j = 0; j < np; j++)
        {
            l.x[j] = src;
            dsts[j] = dst + (size_t)j * (size_t)g->out_c;
            if (++x < g->out_w)
            {
                src += step_x;
                continue;
            }
            x = 0;
            if (++y < g->out_h)
            {
                row += step_y;
            }
            else
            {
                y = 0;
                img += step_b;
                row = img;
            }
            src = row;
        }
        kiln_group_f16(&l, np, w, g->packed, g->in_c, g->out_c, bias, dsts, lo, hi, NULL, acc16);
        dst += (size_t)np * (size_t)g->out_c;
        done += np;
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

/*
 * 1xN (height 1 everywhere, unit dilation): the window of output x is KW x C_IN contiguous input halves. Groups of
 * up to KILN_GP positions in output order (across batches); a window inside the input is read in place, a window
 * that leaves it is built in the route's scratch row (zeros outside the input, as the portable kernel pads it)
 * right before it is staged, so the scratch is written only when some window leaves the input. acc16 with standard
 * rows too long for 16-bit gather offsets: positions in pairs through the block kernels.
 */
void kiln_conv_flt_1xn_f16(const kiln_conv_flt_geom *g, const float16_t *in, const float16_t *w,
                           const float16_t *bias, float16_t *out, float32_t lo, float32_t hi, float16_t *scratch,
                           bool acc16)
{
    const int32_t c = g->in_c;
    const int32_t row = g->k_w * c;
    if (acc16 && !kiln_rows_acc16_ok(row, g->packed))
    {
        float16_t *dst = out;
        for (int32_t b = 0; b < g->n; b++)
        {
            const float16_t *img = in + (size_t)b * (size_t)g->in_w * (size_t)c;
            int32_t x = 0;
            while (x < g->out_w)
            {
                if (x + 1 < g->out_w && (kiln_1xn_inside(g, x) || kiln_1xn_inside(g, x + 1)))
                {
                    const float16_t *l0 = kiln_1xn_window(g, img, x, scratch);
                    const float16_t *l1 = kiln_1xn_window(g, img, x + 1, scratch);
                    kiln_row2_f16(l0, l1, row, w, g->packed, g->out_c, bias, dst, dst + g->out_c, lo, hi, true, true);
                    dst += 2 * (size_t)g->out_c;
                    x += 2;
                }
                else
                {
                    kiln_conv_flt_row_f16(kiln_1xn_window(g, img, x, scratch), row, w, g->packed, g->out_c, bias,
                                          dst, lo, hi, true, true);
                    dst += g->out_c;
                    x++;
                }
            }
        }
        return;
    }
    const int cap = kiln_group_cap(g->packed, acc16);
    const int64_t positions = (int64_t)g->n * g->out_w;
    kiln_grp_f16 l;
    kiln_grp_row(&l, row);
    kiln_grp_edge_f16 e;
    e.g = g;
    e.scratch = scratch;
    float16_t *dsts[KILN_GP];
    float16_t *dst = out;
    int32_t b = 0, x = 0; /* the next position */
    for (int64_t done = 0; done < positions;)
    {
        const int64_t left = positions - done;
        const int np = kiln_group_len(left > 2 * cap ? 2 * cap : (int32_t)left, cap);
        for (int j = 0; j < np; j++)
        {
            const float16_t *img = in + (size_t)b * (size_t)g->in_w * (size_t)c;
            const int32_t x0 = x * g->stride_w - g->pad_w;
            e.img[j] = img;
            e.oy[j] = 0;
            e.ox[j] = x;
            e.edge[j] = !kiln_1xn_inside(g, x);
            l.x[j] = e.edge[j] ? scratch : img + (size_t)x0 * (size_t)c;
            dsts[j] = dst + (size_t)j * (size_t)g->out_c;
            if (++x == g->out_w)
            {
                x = 0;
                b++;
            }
        }
        kiln_group_f16(&l, np, w, g->packed, row, g->out_c, bias, dsts, lo, hi, &e, acc16);
        dst += (size_t)np * (size_t)g->out_c;
        done += np;
    }
}

/* conv1d: output column ox reads the k x C_IN halves from x + ox x C_IN in place; groups of consecutive columns.
 * clamp == false: bounds -inf / +inf (no finite or infinite sum is changed, NaN kept). */
void kiln_conv_flt_conv1d_f16(const float16_t *x, int32_t in_c, int32_t k, const float16_t *w, bool packed,
                              const float16_t *bias, float16_t *out, int32_t out_c, int32_t out_w, float32_t lo,
                              float32_t hi, bool clamp, bool acc16)
{
    const int32_t row = k * in_c;
    if (!clamp)
    {
        const uint32_t inf_bits = 0x7f800000u;
        memcpy(&hi, &inf_bits, sizeof(hi));
        lo = -hi;
    }
    if (acc16 && !kiln_rows_acc16_ok(row, packed))
    {
        int32_t ox = 0;
        for (; ox + 2 <= out_w; ox += 2)
        {
            const float16_t *src = x + (size_t)ox * (size_t)in_c;
            float16_t *d = out + (size_t)ox * (size_t)out_c;
            kiln_row2_f16(src, src + in_c, row, w, packed, out_c, bias, d, d + out_c, lo, hi, clamp, true);
        }
        if (ox < out_w)
        {
            kiln_conv_flt_row_f16(x + (size_t)ox * (size_t)in_c, row, w, packed, out_c, bias,
                                  out + (size_t)ox * (size_t)out_c, lo, hi, clamp, true);
        }
        return;
    }
    const int cap = kiln_group_cap(packed, acc16);
    kiln_grp_f16 l;
    kiln_grp_row(&l, row);
    float16_t *dsts[KILN_GP];
    for (int32_t ox = 0; ox < out_w;)
    {
        const int32_t left = out_w - ox;
        const int np = kiln_group_len(left > 2 * cap ? 2 * cap : left, cap);
        for (int j = 0; j < np; j++)
        {
            l.x[j] = x + (size_t)(ox + j) * (size_t)in_c;
            dsts[j] = out + (size_t)(ox + j) * (size_t)out_c;
        }
        kiln_group_f16(&l, np, w, packed, row, out_c, bias, dsts, lo, hi, NULL, acc16);
        ox += np;
    }
}

#endif /* ARM_NN_ENABLE_F16 && KILN_FLT_BUILD_MVE */
