/*
 * Kiln — float16 depthwise convolution, Helium (MVE-F) kernels of the generic, conv1d k3, nt_t and 2x5 routes
 * (the 3x3 route: kernels/kiln_dw_flt_mve_f16.c). The portable kernels' numbers: each output sums its taps inside
 * the input in (ky, kx) order from +0 in float32 (products of halves are exact, so a fused multiply-add of one
 * product rounds as the portable a + x * w does), adds its bias in float32 (+0 without one: a -0 sum becomes +0 as
 * in the portable kernel), rounds once to float16, then clamps.
 *
 * Lanes: eight float16 outputs per block, split into the even lanes (VCVTB) and the odd lanes (VCVTT) widened to
 * float32 (Internal/kiln_mve_f16.h; never the vcvt[bt]q intrinsics), summed in two float32 vectors and rounded
 * back into one float16 vector. ch_mult 1: input and weights contiguous per tap. ch_mult 2: four input channels
 * (eight outputs) per block, the input widened from a 16-to-32-bit load (VLDRH.U32: four halves in the bottom
 * halves of four words, then VCVTB), so the even and the odd output lanes take the same input vector - no gathers.
 * Other ch_mult: per input channel, its outputs eight at a time, the input tap broadcast (vector-by-scalar fused
 * multiply-add). Channel tails run predicated (inactive lanes are not loaded or stored).
 *
 * Two adjacent outputs whose filter columns are all inside the input (ch_mult 1 and 2) run together: each weight
 * vector is loaded and widened once for both (13 instructions per tap of 16 MACs at ch_mult 1, 11 at ch_mult 2,
 * inline assembly: with intrinsics GCC 12.2 spills a sum). The conv1d k3 kernel takes output pairs with the three
 * taps, the bias, the rounding and the clamp in one assembly block per eight channels. The 2x5 kernel is the
 * generic one on its geometry; the nt_t kernel the ch_mult 1 path over its patch rows (the route's patch rows are
 * copied with vector loads and stores here too). No scratch, no gathers.
 *
 * The clamp is the portable kernels' for lo <= hi: compare and select with "greater than" only (lo > x, then
 * x > hi), false for a NaN lane (MVE's "less than" is true for unordered operands; VMAXNM / VMINNM would give a
 * bound), so NaN stays NaN and a -0 output stays -0 at lo = +0.
 */
#include "Include/Internal/kiln_dw_flt.h"
#include "Include/Internal/kiln_asm_optimize.h" /* -O0 builds: see there */

#if ARM_NN_ENABLE_F16 && KILN_FLT_BUILD_MVE
#include "Include/Internal/kiln_mve_f16.h"

#define KILN_DWR_INLINE static inline __attribute__((always_inline))

/* lo > x ? lo : x, then x > hi ? hi : x. Assembly: GCC 12.2 moves an intrinsic compare's predicate through a core
 * register and back before each select. */
KILN_DWR_INLINE float16x8_t kiln_dwr_clamp(float16x8_t x, float16x8_t vlo, float16x8_t vhi)
{
    __asm__("vpt.f16 gt, %q1, %q0\n"
            "vorrt %q0, %q1, %q1\n"
            "vpt.f16 gt, %q0, %q2\n"
            "vorrt %q0, %q2, %q2\n"
            : "+w"(x)
            : "w"(vlo), "w"(vhi)
            : "p0");
    return x;
}

/* The widened bias of eight outputs (bias at the first; NULL: +0): even lanes in *be, odd lanes in *bo. */
KILN_DWR_INLINE void kiln_dwr_bias(const float16_t *bias, bool tail, mve_pred16_t p, float32x4_t *be,
                                   float32x4_t *bo)
{
    if (bias != NULL)
    {
        const float16x8_t bv = tail ? vldrhq_z_f16(bias, p) : vld1q_f16(bias);
        *be = kiln_mve_f16_bottom_to_f32(bv);
        *bo = kiln_mve_f16_top_to_f32(bv);
    }
    else
    {
        *be = vdupq_n_f32(0.0f);
        *bo = *be;
    }
}

/* The eight outputs from their even and odd float32 sums: bias added, rounded to float16 (every lane written by
 * the two conversions), clamped, stored (tail: predicate p). */
KILN_DWR_INLINE void kiln_dwr_finish(float32x4_t ae, float32x4_t ao, float32x4_t be, float32x4_t bo,
                                     float16x8_t vlo, float16x8_t vhi, bool tail, mve_pred16_t p, float16_t *dst)
{
    float16x8_t r = kiln_mve_f32_to_f16_bottom(vuninitializedq_f16(), vaddq_f32(ae, be));
    r = kiln_mve_f32_to_f16_top(r, vaddq_f32(ao, bo));
    r = kiln_dwr_clamp(r, vlo, vhi);
    if (tail)
    {
        vstrhq_p_f16(dst, r, p);
    }
    else
    {
        vst1q_f16(dst, r);
    }
}

KILN_DWR_INLINE void kiln_dwr_store(float32x4_t ae, float32x4_t ao, const float16_t *bias, bool tail,
                                    mve_pred16_t p, float16x8_t vlo, float16x8_t vhi, float16_t *dst)
{
    float32x4_t be, bo;
    kiln_dwr_bias(bias, tail, p, &be, &bo);
    kiln_dwr_finish(ae, ao, be, bo, vlo, vhi, tail, p, dst);
}

/* The taps of one output: s at its first tap inside the input (channel 0), wt at that tap's weights (output
 * channel 0), nky x nkx taps; dy / dx input steps between filter rows / columns, wy / wx weight steps (elements). */
typedef struct
{
    const float16_t *s;
    const float16_t *wt;
    int32_t nky, nkx;
    size_t dy, dx, wy, wx;
} kiln_dwr_win;

/* ch_mult 1: channels [ch, ch + 8) of one output, even and odd float32 sums. */
KILN_DWR_INLINE void kiln_dwr_c1(const kiln_dwr_win *v, size_t ch, bool tail, mve_pred16_t p, float32x4_t *pe,
                                 float32x4_t *po)
{
    float32x4_t ae = vdupq_n_f32(0.0f);
    float32x4_t ao = ae;
    const float16_t *sr = v->s + ch;
    const float16_t *wr = v->wt + ch;
    const size_t dx = v->dx, wx = v->wx;
    for (int32_t ky = v->nky; ky > 0; ky--, sr += v->dy, wr += v->wy)
    {
        const float16_t *sp = sr;
        const float16_t *wp = wr;
        for (int32_t kx = v->nkx; kx > 0; kx--, sp += dx, wp += wx)
        {
            const float16x8_t xv = tail ? vldrhq_z_f16(sp, p) : vld1q_f16(sp);
            const float16x8_t wv = tail ? vldrhq_z_f16(wp, p) : vld1q_f16(wp);
            ae = vfmaq_f32(ae, kiln_mve_f16_bottom_to_f32(xv), kiln_mve_f16_bottom_to_f32(wv));
            ao = vfmaq_f32(ao, kiln_mve_f16_top_to_f32(xv), kiln_mve_f16_top_to_f32(wv));
        }
    }
    *pe = ae;
    *po = ao;
}

/* One tap of two outputs (ch_mult 1, eight full channels): the weights w widened once, the inputs x0 and x1, the
 * even and odd sums of both. Assembly: with intrinsics GCC 12.2 keeps one of the four sums on the stack (the
 * eight Q registers hold the four sums, the two widened weight vectors, an input vector and its widened half):
 * 20 instructions per tap instead of 13 plus the loop's. q4..q7 are the temporaries. */
KILN_DWR_INLINE void kiln_dwr_tap_pair(float32x4_t *ae0, float32x4_t *ao0, float32x4_t *ae1, float32x4_t *ao1,
                                       const float16_t *w, const float16_t *x0, const float16_t *x1)
{
    __asm__("vldrh.u16 q7, [%[w]]\n"
            "kiln_vcvt_hs q4, q7, 1, 0\n"
            "kiln_vcvt_hs q5, q7, 1, 1\n"
            "vldrh.u16 q7, [%[x0]]\n"
            "kiln_vcvt_hs q6, q7, 1, 0\n"
            "vfma.f32 %q[a0], q6, q4\n"
            "kiln_vcvt_hs q6, q7, 1, 1\n"
            "vfma.f32 %q[a1], q6, q5\n"
            "vldrh.u16 q7, [%[x1]]\n"
            "kiln_vcvt_hs q6, q7, 1, 0\n"
            "vfma.f32 %q[a2], q6, q4\n"
            "kiln_vcvt_hs q6, q7, 1, 1\n"
            "vfma.f32 %q[a3], q6, q5\n"
            : [a0] "+w"(*ae0), [a1] "+w"(*ao0), [a2] "+w"(*ae1), [a3] "+w"(*ao1)
            : [w] "r"(w), [x0] "r"(x0), [x1] "r"(x1)
            : "q4", "q5", "q6", "q7", "memory");
}

/* One tap of two outputs with ch_mult 2 (four full input channels, eight outputs): the weights widened once, the
 * four input halves of each output loaded into the bottom halves of four words (VLDRH.U32) and widened once for
 * the even and the odd outputs (a widening load takes a low base register: "l"). Assembly for the reason of
 * kiln_dwr_tap_pair(). */
KILN_DWR_INLINE void kiln_dwr_tap_pair2(float32x4_t *ae0, float32x4_t *ao0, float32x4_t *ae1, float32x4_t *ao1,
                                        const float16_t *w, const float16_t *x0, const float16_t *x1)
{
    __asm__("vldrh.u16 q7, [%[w]]\n"
            "kiln_vcvt_hs q4, q7, 1, 0\n"
            "kiln_vcvt_hs q5, q7, 1, 1\n"
            "vldrh.u32 q7, [%[x0]]\n"
            "kiln_vcvt_hs q6, q7, 1, 0\n"
            "vfma.f32 %q[a0], q6, q4\n"
            "vfma.f32 %q[a1], q6, q5\n"
            "vldrh.u32 q7, [%[x1]]\n"
            "kiln_vcvt_hs q6, q7, 1, 0\n"
            "vfma.f32 %q[a2], q6, q4\n"
            "vfma.f32 %q[a3], q6, q5\n"
            : [a0] "+w"(*ae0), [a1] "+w"(*ao0), [a2] "+w"(*ae1), [a3] "+w"(*ao1)
            : [w] "r"(w), [x0] "l"(x0), [x1] "l"(x1)
            : "q4", "q5", "q6", "q7", "memory");
}

/* Input of one tap for ch_mult cm (1 or 2, a constant after inlining), widened: the even-lane (*xe) and odd-lane
 * (*xo) halves of eight channels, or (cm 2) the float32 of four input halves for both. */
KILN_DWR_INLINE void kiln_dwr_load_x(const float16_t *sp, int cm, bool tail, mve_pred16_t p, float32x4_t *xe,
                                     float32x4_t *xo)
{
    if (cm == 1)
    {
        const float16x8_t xv = tail ? vldrhq_z_f16(sp, p) : vld1q_f16(sp);
        *xe = kiln_mve_f16_bottom_to_f32(xv);
        *xo = kiln_mve_f16_top_to_f32(xv);
    }
    else
    {
        const uint32x4_t xw = tail ? vldrhq_z_u32((const uint16_t *)sp, p) : vldrhq_u32((const uint16_t *)sp);
        *xe = kiln_mve_f16_bottom_to_f32(vreinterpretq_f16_u32(xw));
        *xo = *xe;
    }
}

/* ch_mult cm (1 or 2), two outputs with the same taps, sx input elements apart: one block of eight outputs of
 * both (input at xoff, weights at woff), each weight vector loaded and widened once for the two. acc: the even
 * and odd sums of output 0, then of output 1. */
KILN_DWR_INLINE void kiln_dwr_pair(const kiln_dwr_win *v, size_t sx, size_t xoff, size_t woff, int cm, bool tail,
                                   mve_pred16_t p, float32x4_t *acc)
{
    float32x4_t ae0 = vdupq_n_f32(0.0f);
    float32x4_t ao0 = ae0, ae1 = ae0, ao1 = ae0;
    const float16_t *sr = v->s + xoff;
    const float16_t *wr = v->wt + woff;
    const size_t dx = v->dx, wx = v->wx;
    for (int32_t ky = v->nky; ky > 0; ky--, sr += v->dy, wr += v->wy)
    {
        const float16_t *sp = sr;
        const float16_t *wp = wr;
        for (int32_t kx = v->nkx; kx > 0; kx--, sp += dx, wp += wx)
        {
            if (!tail)
            {
                if (cm == 1)
                {
                    kiln_dwr_tap_pair(&ae0, &ao0, &ae1, &ao1, wp, sp, sp + sx);
                }
                else
                {
                    kiln_dwr_tap_pair2(&ae0, &ao0, &ae1, &ao1, wp, sp, sp + sx);
                }
                continue;
            }
            const float16x8_t wv = vldrhq_z_f16(wp, p);
            const float32x4_t we = kiln_mve_f16_bottom_to_f32(wv);
            const float32x4_t wo = kiln_mve_f16_top_to_f32(wv);
            float32x4_t xe, xo;
            kiln_dwr_load_x(sp, cm, true, p, &xe, &xo);
            ae0 = vfmaq_f32(ae0, xe, we);
            ao0 = vfmaq_f32(ao0, xo, wo);
            kiln_dwr_load_x(sp + sx, cm, true, p, &xe, &xo);
            ae1 = vfmaq_f32(ae1, xe, we);
            ao1 = vfmaq_f32(ao1, xo, wo);
        }
    }
    acc[0] = ae0;
    acc[1] = ao0;
    acc[2] = ae1;
    acc[3] = ao1;
}

/* ch_mult cm (1 or 2): every output channel (c input channels) of two outputs with the same taps (sx input
 * elements apart), outputs at dst and dst + ostep. Blocks of eight outputs (cm 2: four input channels); the tail
 * predicated (cm 2: the predicate of four words is the predicate of their eight halves). */
KILN_DWR_INLINE void kiln_dwr_out_pair(const kiln_dwr_win *v, size_t sx, size_t c, size_t ostep, int cm,
                                       const float16_t *bias, float16_t lo, float16_t hi, float16_t *dst)
{
    const float16x8_t vlo = vdupq_n_f16(lo);
    const float16x8_t vhi = vdupq_n_f16(hi);
    const size_t step = cm == 1 ? 8u : 4u; /* input channels per block */
    const size_t m = (size_t)cm;
    float32x4_t acc[4], be, bo;
    size_t i = 0;
    for (; i + step <= c; i += step)
    {
        kiln_dwr_pair(v, sx, i, m * i, cm, false, 0, acc);
        kiln_dwr_bias(bias != NULL ? bias + m * i : NULL, false, 0, &be, &bo);
        kiln_dwr_finish(acc[0], acc[1], be, bo, vlo, vhi, false, 0, dst + m * i);
        kiln_dwr_finish(acc[2], acc[3], be, bo, vlo, vhi, false, 0, dst + ostep + m * i);
    }
    if (i < c)
    {
        const mve_pred16_t p = cm == 1 ? vctp16q((uint32_t)(c - i)) : vctp32q((uint32_t)(c - i));
        kiln_dwr_pair(v, sx, i, m * i, cm, true, p, acc);
        kiln_dwr_bias(bias != NULL ? bias + m * i : NULL, true, p, &be, &bo);
        kiln_dwr_finish(acc[0], acc[1], be, bo, vlo, vhi, true, p, dst + m * i);
        kiln_dwr_finish(acc[2], acc[3], be, bo, vlo, vhi, true, p, dst + ostep + m * i);
    }
}

static void kiln_dwr_out_c1_pair(const kiln_dwr_win *v, size_t sx, size_t c, size_t ostep, const float16_t *bias,
                                 float16_t lo, float16_t hi, float16_t *dst)
{
    kiln_dwr_out_pair(v, sx, c, ostep, 1, bias, lo, hi, dst);
}

static void kiln_dwr_out_c2_pair(const kiln_dwr_win *v, size_t sx, size_t c, const float16_t *bias, float16_t lo,
                                 float16_t hi, float16_t *dst)
{
    kiln_dwr_out_pair(v, sx, c, 2 * c, 2, bias, lo, hi, dst);
}

/* ch_mult 2: input channels [i, i + 4) (outputs [2i, 2i + 8)) of one output. The four input halves are loaded
 * into the bottom halves of four words: their float32 vector serves the even and the odd outputs. The predicate
 * of four words (tail) is the predicate of their eight halves. */
KILN_DWR_INLINE void kiln_dwr_c2(const kiln_dwr_win *v, size_t i, bool tail, mve_pred16_t p, float32x4_t *pe,
                                 float32x4_t *po)
{
    float32x4_t ae = vdupq_n_f32(0.0f);
    float32x4_t ao = ae;
    const float16_t *sr = v->s + i;
    const float16_t *wr = v->wt + 2 * i;
    const size_t dx = v->dx, wx = v->wx;
    for (int32_t ky = v->nky; ky > 0; ky--, sr += v->dy, wr += v->wy)
    {
        const float16_t *sp = sr;
        const float16_t *wp = wr;
        for (int32_t kx = v->nkx; kx > 0; kx--, sp += dx, wp += wx)
        {
            const uint32x4_t xw = tail ? vldrhq_z_u32((const uint16_t *)sp, p) : vldrhq_u32((const uint16_t *)sp);
            const float32x4_t xf = kiln_mve_f16_bottom_to_f32(vreinterpretq_f16_u32(xw));
            const float16x8_t wv = tail ? vldrhq_z_f16(wp, p) : vld1q_f16(wp);
            ae = vfmaq_f32(ae, xf, kiln_mve_f16_bottom_to_f32(wv));
            ao = vfmaq_f32(ao, xf, kiln_mve_f16_top_to_f32(wv));
        }
    }
    *pe = ae;
    *po = ao;
}

/* Other ch_mult: outputs [o, o + 8) of input channel i (o = i x ch_mult + m), the input tap broadcast. */
KILN_DWR_INLINE void kiln_dwr_cm(const kiln_dwr_win *v, size_t i, size_t o, bool tail, mve_pred16_t p,
                                 float32x4_t *pe, float32x4_t *po)
{
    float32x4_t ae = vdupq_n_f32(0.0f);
    float32x4_t ao = ae;
    const float16_t *sr = v->s + i;
    const float16_t *wr = v->wt + o;
    const size_t dx = v->dx, wx = v->wx;
    for (int32_t ky = v->nky; ky > 0; ky--, sr += v->dy, wr += v->wy)
    {
        const float16_t *sp = sr;
        const float16_t *wp = wr;
        for (int32_t kx = v->nkx; kx > 0; kx--, sp += dx, wp += wx)
        {
            const float32_t xs = (float32_t)*sp;
            const float16x8_t wv = tail ? vldrhq_z_f16(wp, p) : vld1q_f16(wp);
            ae = vfmaq_n_f32(ae, kiln_mve_f16_bottom_to_f32(wv), xs);
            ao = vfmaq_n_f32(ao, kiln_mve_f16_top_to_f32(wv), xs);
        }
    }
    *pe = ae;
    *po = ao;
}

/* Every output channel of one output (ch_mult 1 or 2 over c input channels; other ch_mult per input channel). */
static void kiln_dwr_out(const kiln_dwr_win *v, size_t c, size_t cm, const float16_t *bias, float16_t lo,
                         float16_t hi, float16_t *dst)
{
    const float16x8_t vlo = vdupq_n_f16(lo);
    const float16x8_t vhi = vdupq_n_f16(hi);
    float32x4_t ae, ao;
    if (cm == 1)
    {
        size_t ch = 0;
        for (; ch + 8 <= c; ch += 8)
        {
            kiln_dwr_c1(v, ch, false, 0, &ae, &ao);
            kiln_dwr_store(ae, ao, bias != NULL ? bias + ch : NULL, false, 0, vlo, vhi, dst + ch);
        }
        if (ch < c)
        {
            const mve_pred16_t p = vctp16q((uint32_t)(c - ch));
            kiln_dwr_c1(v, ch, true, p, &ae, &ao);
            kiln_dwr_store(ae, ao, bias != NULL ? bias + ch : NULL, true, p, vlo, vhi, dst + ch);
        }
    }
    else if (cm == 2)
    {
        size_t i = 0;
        for (; i + 4 <= c; i += 4)
        {
            kiln_dwr_c2(v, i, false, 0, &ae, &ao);
            kiln_dwr_store(ae, ao, bias != NULL ? bias + 2 * i : NULL, false, 0, vlo, vhi, dst + 2 * i);
        }
        if (i < c)
        {
            const mve_pred16_t p = vctp32q((uint32_t)(c - i));
            kiln_dwr_c2(v, i, true, p, &ae, &ao);
            kiln_dwr_store(ae, ao, bias != NULL ? bias + 2 * i : NULL, true, p, vlo, vhi, dst + 2 * i);
        }
    }
    else
    {
        for (size_t i = 0; i < c; i++)
        {
            const size_t o0 = i * cm;
            size_t m = 0;
            for (; m + 8 <= cm; m += 8)
            {
                kiln_dwr_cm(v, i, o0 + m, false, 0, &ae, &ao);
                kiln_dwr_store(ae, ao, bias != NULL ? bias + o0 + m : NULL, false, 0, vlo, vhi, dst + o0 + m);
            }
            if (m < cm)
            {
                const mve_pred16_t p = vctp16q((uint32_t)(cm - m));
                kiln_dwr_cm(v, i, o0 + m, true, p, &ae, &ao);
                kiln_dwr_store(ae, ao, bias != NULL ? bias + o0 + m : NULL, true, p, vlo, vhi, dst + o0 + m);
            }
        }
    }
}

/* ---- generic route ---- */

void kiln_dw_flt_generic_mve_f16(const kiln_dw_flt_geom *g, const float16_t *in, const float16_t *w,
                                 const float16_t *bias, float16_t *out, float16_t lo, float16_t hi, int32_t x_begin)
{
    const size_t c = (size_t)g->in_c;
    const size_t oc = (size_t)g->out_c;
    const size_t cm = (size_t)g->ch_mult;
    const size_t row = (size_t)g->in_w * c;
    kiln_dwr_win v;
    v.dy = (size_t)g->dil_h * row;
    v.dx = (size_t)g->dil_w * c;
    v.wy = (size_t)g->k_w * oc;
    v.wx = oc;
    for (int32_t b = 0; b < g->n; b++)
    {
        const float16_t *img = in + (size_t)b * (size_t)g->in_h * row;
        for (int32_t y = 0; y < g->out_h; y++)
        {
            const int32_t iy0 = y * g->stride_h - g->pad_h;
            int32_t ky0, ky1;
            kiln_dw_flt_taps(iy0, g->k_h, g->dil_h, g->in_h, &ky0, &ky1);
            float16_t *dst =
                out + (((size_t)b * (size_t)g->out_h + (size_t)y) * (size_t)g->out_w + (size_t)x_begin) * oc;
            for (int32_t x = x_begin; x < g->out_w; x++, dst += oc)
            {
                const int32_t ix0 = x * g->stride_w - g->pad_w;
                int32_t kx0, kx1;
                kiln_dw_flt_taps(ix0, g->k_w, g->dil_w, g->in_w, &kx0, &kx1);
                v.nky = ky1 - ky0;
                v.nkx = kx1 - kx0;
                if (v.nky == 0 || v.nkx == 0)
                {
                    v.nky = 0; /* no tap: bias only; no address is formed outside the image */
                    v.s = img;
                }
                else
                {
                    v.s = img + (size_t)(iy0 + ky0 * g->dil_h) * row + (size_t)(ix0 + kx0 * g->dil_w) * c;
                }
                v.wt = w + ((size_t)ky0 * (size_t)g->k_w + (size_t)kx0) * oc;
                if (cm <= 2 && v.nky > 0 && kx0 == 0 && kx1 == g->k_w && x + 1 < g->out_w)
                {
                    /* output x + 1 shares the taps when its filter columns are all inside too */
                    int32_t px0, px1;
                    kiln_dw_flt_taps(ix0 + g->stride_w, g->k_w, g->dil_w, g->in_w, &px0, &px1);
                    if (px0 == 0 && px1 == g->k_w)
                    {
                        if (cm == 1)
                        {
                            kiln_dwr_out_c1_pair(&v, (size_t)g->stride_w * c, c, oc, bias, lo, hi, dst);
                        }
                        else
                        {
                            kiln_dwr_out_c2_pair(&v, (size_t)g->stride_w * c, c, bias, lo, hi, dst);
                        }
                        x++;
                        dst += oc;
                        continue;
                    }
                }
                kiln_dwr_out(&v, c, cm, bias, lo, hi, dst);
            }
        }
    }
}

/* ---- conv1d k3, nt_t, 2x5 ---- */

/* The clamp bounds and the zero bias of the k3 assembly, read at fixed offsets: lo (0), hi (16), zeros (32). */
typedef struct
{
    float16x8_t lo, hi;
    float16_t zero[8];
} kiln_dwr_k3_k;

/* conv1d k3, two adjacent outputs, eight full channels: input columns c0..c3 (output 0 takes c0..c2, output 1
 * c1..c3, with weights w0..w2), bias b (eight halves; k->zero without bias), outputs d0 and d1. Each sum from +0
 * in tap order (fused multiply-adds of exact products), plus the bias, rounded, clamped (greater-than compares:
 * NaN stays). Assembly: with intrinsics GCC 12.2 spills a sum and the bounds (about twice the instructions). */
KILN_DWR_INLINE void kiln_dwr_k3_pair_blk(const float16_t *c0, const float16_t *c1, const float16_t *c2,
                                          const float16_t *c3, const float16_t *w0, const float16_t *w1,
                                          const float16_t *w2, const float16_t *b, const kiln_dwr_k3_k *k,
                                          float16_t *d0, float16_t *d1)
{
#define KILN_DWR_K3_TAP(w, xa, xb)                                                                                    \
    "vldrh.u16 q7, [%[" w "]]\n"                                                                                    \
    "kiln_vcvt_hs q4, q7, 1, 0\n"                                                                                    \
    "kiln_vcvt_hs q5, q7, 1, 1\n"                                                                                    \
    "vldrh.u16 q7, [%[" xa "]]\n"                                                                                   \
    "kiln_vcvt_hs q6, q7, 1, 0\n"                                                                                    \
    "vfma.f32 q0, q6, q4\n"                                                                                          \
    "kiln_vcvt_hs q6, q7, 1, 1\n"                                                                                    \
    "vfma.f32 q1, q6, q5\n"                                                                                          \
    "vldrh.u16 q7, [%[" xb "]]\n"                                                                                   \
    "kiln_vcvt_hs q6, q7, 1, 0\n"                                                                                    \
    "vfma.f32 q2, q6, q4\n"                                                                                          \
    "kiln_vcvt_hs q6, q7, 1, 1\n"                                                                                    \
    "vfma.f32 q3, q6, q5\n"
    __asm__ volatile("vmov.i32 q0, #0\n"
                     "vmov.i32 q1, #0\n"
                     "vmov.i32 q2, #0\n"
                     "vmov.i32 q3, #0\n" KILN_DWR_K3_TAP("w0", "c0", "c1") KILN_DWR_K3_TAP("w1", "c1", "c2")
                         KILN_DWR_K3_TAP("w2", "c2", "c3") "vldrh.u16 q7, [%[b]]\n"
                                                           "kiln_vcvt_hs q4, q7, 1, 0\n"
                                                           "kiln_vcvt_hs q5, q7, 1, 1\n"
                                                           "vadd.f32 q0, q0, q4\n"
                                                           "vadd.f32 q1, q1, q5\n"
                                                           "vadd.f32 q2, q2, q4\n"
                                                           "vadd.f32 q3, q3, q5\n"
                                                           "kiln_vcvt_hs q6, q0, 0, 0\n"
                                                           "kiln_vcvt_hs q6, q1, 0, 1\n"
                                                           "kiln_vcvt_hs q7, q2, 0, 0\n"
                                                           "kiln_vcvt_hs q7, q3, 0, 1\n"
                                                           "vldrh.u16 q4, [%[k]]\n"
                                                           "vldrh.u16 q5, [%[k], #16]\n"
                                                           "vpt.f16 gt, q4, q6\n"
                                                           "vorrt q6, q4, q4\n"
                                                           "vpt.f16 gt, q6, q5\n"
                                                           "vorrt q6, q5, q5\n"
                                                           "vpt.f16 gt, q4, q7\n"
                                                           "vorrt q7, q4, q4\n"
                                                           "vpt.f16 gt, q7, q5\n"
                                                           "vorrt q7, q5, q5\n"
                                                           "vstrh.16 q6, [%[d0]]\n"
                                                           "vstrh.16 q7, [%[d1]]\n"
                     :
                     : [c0] "r"(c0), [c1] "r"(c1), [c2] "r"(c2), [c3] "r"(c3), [w0] "r"(w0), [w1] "r"(w1),
                       [w2] "r"(w2), [b] "r"(b), [k] "r"(k), [d0] "r"(d0), [d1] "r"(d1)
                     : "q0", "q1", "q2", "q3", "q4", "q5", "q6", "q7", "p0", "memory");
#undef KILN_DWR_K3_TAP
}

void kiln_dw_flt_k3_f16(const float16_t *x, int32_t ch, const float16_t *w, const float16_t *bias, float16_t *out,
                        int32_t out_w, float16_t lo, float16_t hi, bool clamp)
{
    if (!clamp)
    {
        /* no clamp: the bounds -inf and +inf change no value (NaN included) */
        const uint16_t ninf = 0xFC00u, pinf = 0x7C00u;
        memcpy(&lo, &ninf, sizeof(lo));
        memcpy(&hi, &pinf, sizeof(hi));
    }
    const size_t c = (size_t)ch;
    kiln_dwr_win v;
    v.wt = w;
    v.nky = 1;
    v.nkx = 3;
    v.dy = 0;
    v.wy = 0;
    v.dx = c;
    v.wx = c;
    kiln_dwr_k3_k k;
    k.lo = vdupq_n_f16(lo);
    k.hi = vdupq_n_f16(hi);
    memset(k.zero, 0, sizeof(k.zero));
    const size_t full = c & ~(size_t)7;
    const size_t bstep = bias != NULL ? 8u : 0u;
    int32_t i = 0;
    for (; i + 2 <= out_w; i += 2)
    {
        const float16_t *s = x + (size_t)i * c;
        float16_t *d = out + (size_t)i * c;
        const float16_t *b = bias != NULL ? bias : k.zero;
        for (size_t ch = 0; ch < full; ch += 8, b += bstep)
        {
            kiln_dwr_k3_pair_blk(s + ch, s + c + ch, s + 2 * c + ch, s + 3 * c + ch, w + ch, w + c + ch,
                                 w + 2 * c + ch, b, &k, d + ch, d + c + ch);
        }
        if (full < c)
        {
            /* the channel tail, predicated */
            v.s = s + full;
            v.wt = w + full;
            kiln_dwr_out_c1_pair(&v, c, c - full, c, bias != NULL ? bias + full : NULL, lo, hi, d + full);
        }
    }
    if (i < out_w)
    {
        v.s = x + (size_t)i * c;
        v.wt = w;
        kiln_dwr_out(&v, c, 1, bias, lo, hi, out + (size_t)i * c);
    }
}

void kiln_dw_flt_nt_t_f16(const float16_t *lhs, const float16_t *rhs, const float16_t *bias, float16_t *out,
                          int32_t rows, int32_t ch, int32_t taps, int32_t out_stride, float16_t lo, float16_t hi)
{
    const size_t c = (size_t)ch;
    kiln_dwr_win v;
    v.wt = rhs;
    v.nky = taps > 0 ? 1 : 0;
    v.nkx = taps;
    v.dy = 0;
    v.wy = 0;
    v.dx = c;
    v.wx = c;
    for (int32_t r = 0; r < rows; r++)
    {
        v.s = lhs + (size_t)r * (size_t)taps * c;
        kiln_dwr_out(&v, c, 1, bias, lo, hi, out + (size_t)r * (size_t)out_stride);
    }
}

/* The nt_t route's patch row (the portable kernel's values): taps inside the input copied eight halves at a time
 * at ch_mult 1 (the tail predicated), +0 outside; other ch_mult element by element. The taps inside the input
 * are found once per row (kiln_dw_flt_taps), not per tap. */
void kiln_dw_flt_patch_f16(const float16_t *img, const kiln_dw_flt_geom *g, int32_t y, int32_t x, float16_t *row)
{
    const size_t oc = (size_t)g->out_c;
    const size_t cm = (size_t)g->ch_mult;
    const size_t full = oc & ~(size_t)7;
    const mve_pred16_t pt = vctp16q((uint32_t)(oc - full));
    const float16x8_t z = vdupq_n_f16((float16_t)0.0f);
    const int32_t iy0 = y * g->stride_h - g->pad_h;
    const int32_t ix0 = x * g->stride_w - g->pad_w;
    int32_t ky0, ky1, kx0, kx1;
    kiln_dw_flt_taps(iy0, g->k_h, g->dil_h, g->in_h, &ky0, &ky1);
    kiln_dw_flt_taps(ix0, g->k_w, g->dil_w, g->in_w, &kx0, &kx1);
    float16_t *d = row;
    for (int32_t ky = 0; ky < g->k_h; ky++)
    {
        for (int32_t kx = 0; kx < g->k_w; kx++, d += oc)
        {
            if (ky < ky0 || ky >= ky1 || kx < kx0 || kx >= kx1)
            {
                for (size_t o = 0; o < full; o += 8)
                {
                    vst1q_f16(d + o, z);
                }
                if (full < oc)
                {
                    vstrhq_p_f16(d + full, z, pt);
                }
                continue;
            }
            const float16_t *src = img + ((size_t)(iy0 + ky * g->dil_h) * (size_t)g->in_w +
                                          (size_t)(ix0 + kx * g->dil_w)) * (size_t)g->in_c;
            if (cm == 1)
            {
                for (size_t o = 0; o < full; o += 8)
                {
                    vst1q_f16(d + o, vld1q_f16(src + o));
                }
                if (full < oc)
                {
                    vstrhq_p_f16(d + full, vldrhq_z_f16(src + full, pt), pt);
                }
            }
            else
            {
                for (size_t o = 0; o < oc; o++)
                {
                    d[o] = src[o / cm];
                }
            }
        }
    }
}

void kiln_dw_flt_2x5_f16(const float16_t *x, int32_t batches, int32_t in_c, int32_t in_w, int32_t ch_mult,
                         const float16_t *w, const float16_t *bias, float16_t *out, int32_t out_w, float16_t lo,
                         float16_t hi)
{
    /* the generic kernel on the route's geometry: input height 2, a 2x5 filter, one output row, unit steps */
    kiln_dw_flt_geom g;
    g.n = batches;
    g.in_h = 2;
    g.in_w = in_w;
    g.in_c = in_c;
    g.ch_mult = ch_mult;
    g.k_h = 2;
    g.k_w = 5;
    g.out_h = 1;
    g.out_w = out_w;
    g.out_c = in_c * ch_mult;
    g.stride_h = 1;
    g.stride_w = 1;
    g.pad_h = 0;
    g.pad_w = 0;
    g.dil_h = 1;
    g.dil_w = 1;
    kiln_dw_flt_generic_mve_f16(&g, x, w, bias, out, lo, hi, 0);
}

#endif /* ARM_NN_ENABLE_F16 && KILN_FLT_BUILD_MVE */
