/*
 * Kiln — Helium kernels of the integer elementwise family's dense int16 runs (Include/Internal/kiln_ew_int.h):
 * ADD / SUB / SQUARED_DIFFERENCE and MUL, four elements per vector of int32 lanes (VLDRH.S32 / VSTRH.32,
 * tail-predicated), the requantizations as arm_requantize_mve computes them (arm_nn_requantize's bits). The
 * checks the callers ran (kiln_ew_q_ok, kiln_ew_m_ok) prove every intermediate within int32, so the lanes hold
 * the very values of the scalar arithmetic.
 *
 * TFLite's forms take loops in assembly (GCC 12 moves every tail predicate through core registers), same bits:
 * - ADD / SUB inputs: E (exact: multiplier one half, no shift, offset 0, TFLite's larger-scale input, x = A * k with
 *   k = 2^(L - 1), L the total left shift) or R (a right shift r >= 1: v = A * 2^L + offset * 2^L in one VMLAS,
 *   y = SRDHM(v, mult) one VQRDMULH, x = RDP(y, r): the ties-away step y + (y >> 31), then VRSHL). One E and one R
 *   input (TFLite's unequal scales): x_R + A_E * (+-k) in one VMLA (a VNEG after it for SUB with the exact input
 *   first: x_E - x_R = -(x_R - x_E), modulo 2^32 as the true value fits); two E inputs: A1 * k1 +- A2 * k2. raw is
 *   then exact (kiln_ew_q_ok bounds it within int32; the lanes wrap as the scalar sum would not need to).
 * - MUL with offsets 0: the product A * B (|p| <= 2^30) in one VMUL.
 * - the output stage of raw (or the product) with no left shift and a right shift ro >= 1:
 *   t = (raw >> 31) + co + SRDHM(raw, out_mult) (VSHR, VADD, VQRDMLAH, saturating), co = 2^(ro - 1) +
 *   out_offset * 2^ro, so that floor(t / 2^ro) = RDP(SRDHM(raw, out_mult), ro) + out_offset (raw's sign is the
 *   product's; a zero product gives out_offset either way). The whole int16 range and ro <= 16: one saturating shift
 *   to the top half (VQSHL by 16 - ro) and VSHR #16; otherwise VSHL by -ro, VMAX, VMIN. With ro <= 16 a saturated
 *   t lies beyond int16 after the shift, as the true value does; with ro > 16 the form is taken only when t cannot
 *   saturate. 15 instructions per four elements for one E and one R input, 11 for two E, 10 for MUL.
 * Other forms (SQUARED_DIFFERENCE, two R inputs, an exact input with an offset, a left shift of the output) and runs
 * shorter than KILN_EW16_MVE_MIN take the intrinsic loops below.
 */
#include <stdint.h>

#include "Include/Internal/kiln_elementwise.h"
#include "Include/Internal/kiln_ew_int.h"
#include "Include/arm_nnsupportfunctions.h"
#include "Include/Internal/kiln_asm_optimize.h" /* -O0 builds: see there */

#if KILN_BUILD_MVE

/* One requantization's constants on four lanes (arm_requantize_mve's steps, the shifts split once). */
typedef struct
{
    int32x4_t left, right; /* LEFT_SHIFT(shift), -RIGHT_SHIFT(shift) */
    int32_t mult;
} kiln_ew_rq;

static inline kiln_ew_rq kiln_ew_rq_make(int32_t mult, int32_t shift)
{
    const kiln_ew_rq r = {vdupq_n_s32(LEFT_SHIFT(shift)), vdupq_n_s32(-RIGHT_SHIFT(shift)), mult};
    return r;
}

/* arm_nn_requantize of four lanes: the left shift, the saturating rounding doubling high multiply, then the
 * rounding right shift with ties away from zero (negative lanes one lower first, as arm_divide_by_power_of_two_mve). */
static inline __attribute__((always_inline)) int32x4_t kiln_ew_rq_run(int32x4_t v, const kiln_ew_rq *r)
{
    v = vqrdmulhq_n_s32(vshlq_s32(v, r->left), r->mult);
    const int32x4_t fix = vshrq_n_s32(vandq_s32(v, r->right), 31);
    return vrshlq_s32(vqaddq_s32(v, fix), r->right);
}

/* The dense ADD / SUB / SQUARED_DIFFERENCE loop of one op (the parameters in registers: out may alias q). */
static inline __attribute__((always_inline)) void kiln_ew_q_loop(const int16_t *a, const int16_t *b, int16_t *out,
                                                                 int32_t n, const kiln_ew_q *q, const kiln_ew_op op)
{
    const kiln_ew_rq r1 = kiln_ew_rq_make(q->in1_mult, q->in1_shift);
    const kiln_ew_rq r2 = kiln_ew_rq_make(q->in2_mult, q->in2_shift);
    const kiln_ew_rq ro = kiln_ew_rq_make(q->out_mult, q->out_shift);
    const int32x4_t ls = vdupq_n_s32(q->left_shift);
    const int32_t o1 = q->in1_offset, o2 = q->in2_offset, oo = q->out_offset;
    const int32x4_t lo = vdupq_n_s32(q->act_min), hi = vdupq_n_s32(q->act_max);
    for (int32_t left = n; left > 0; left -= 4)
    {
        const mve_pred16_t p = vctp32q((uint32_t)left);
        const int32x4_t x1 = kiln_ew_rq_run(vshlq_s32(vaddq_n_s32(vldrhq_z_s32(a, p), o1), ls), &r1);
        const int32x4_t x2 = kiln_ew_rq_run(vshlq_s32(vaddq_n_s32(vldrhq_z_s32(b, p), o2), ls), &r2);
        int32x4_t raw;
        if (op == KILN_EW_ADD)
        {
            raw = vaddq_s32(x1, x2);
        }
        else
        {
            raw = vsubq_s32(x1, x2);
            if (op == KILN_EW_SQDIFF)
            {
                raw = vmulq_s32(raw, raw);
            }
        }
        const int32x4_t o = vaddq_n_s32(kiln_ew_rq_run(raw, &ro), oo);
        vstrhq_p_s32(out, vminq_s32(vmaxq_s32(o, lo), hi), p);
        a += 4;
        b += 4;
        out += 4;
    }
}

/* Runs shorter than this take the intrinsic loops (a broadcast's many short runs would pay the set-up each time). */
#define KILN_EW16_MVE_MIN 8

/* The fast loops' constants (see the top). */
typedef struct
{
    int32_t rl, rd, rm, rnr; /* R input: v = A * rl + rd, y = SRDHM(v, rm), x = RDP(y, -rnr) */
    int32_t k1, k2;          /* E inputs: x = A * k (k2 negated for SUB) */
    int32_t co, om, sh;      /* output: co, out_mult, 16 - ro (full) or -ro */
    int32_t lo, hi;          /* the activation range */
    bool full;               /* the saturating-shift clamp (the whole int16 range, ro <= 16) */
} kiln_ew16_fast;

/* The output stage for values in [vlo, vhi] (see the top); false when it does not apply. */
static bool kiln_ew16_fast_out(int64_t vlo, int64_t vhi, int32_t out_mult, int32_t out_shift, int32_t out_offset,
                               int32_t act_min, int32_t act_max, kiln_ew16_fast *f)
{
    if (out_shift > -1 || out_mult < 0)
    {
        return false;
    }
    const int32_t ro = -out_shift; /* 1 .. 31 */
    const int64_t co = ((int64_t)1 << (ro - 1)) + (int64_t)out_offset * ((int64_t)1 << ro);
    if (co - 1 < INT32_MIN || co > INT32_MAX)
    {
        return false;
    }
    f->full = act_min == INT16_MIN && act_max == INT16_MAX && ro <= 16;
    if (ro > 16)
    {
        /* |SRDHM(v, out_mult)| <= |v| + 1: t within int32 for every v */
        const int64_t b = MAX(-vlo, vhi) + 1;
        if (co - 1 - b < INT32_MIN || co + b > INT32_MAX)
        {
            return false;
        }
    }
    f->co = (int32_t)co;
    f->om = out_mult;
    f->sh = f->full ? 16 - ro : -ro;
    f->lo = act_min;
    f->hi = act_max;
    return true;
}

typedef enum
{
    KILN_EW16_NONE = 0,
    KILN_EW16_E = 1,
    KILN_EW16_R = 2
} kiln_ew16_kind;

/* One ADD / SUB input's kind: E sets *k, R sets f's R constants. */
static kiln_ew16_kind kiln_ew16_fast_in(int32_t offset, int32_t ls, int32_t mult, int32_t shift, int32_t *k,
                                        kiln_ew16_fast *f)
{
    const int32_t l = ls + LEFT_SHIFT(shift);
    const int32_t r = RIGHT_SHIFT(shift);
    if (mult < 0 || !kiln_fits_shifted((int64_t)INT16_MIN + offset, (int64_t)INT16_MAX + offset, l))
    {
        return KILN_EW16_NONE;
    }
    if (r == 0 && mult == (1 << 30) && l >= 1 && offset == 0)
    {
        *k = (int32_t)1 << (l - 1); /* SRDHM(A << l, 2^30) = A << (l - 1) exactly (A << l even) */
        return KILN_EW16_E;
    }
    if (r >= 1)
    {
        f->rl = (int32_t)1 << l;
        f->rd = (int32_t)((uint32_t)offset << l); /* (A + offset) << l fits for every A: A * rl + rd is its value */
        f->rm = mult;
        f->rnr = -r;
        return KILN_EW16_R;
    }
    return KILN_EW16_NONE;
}

#define KILN_EW16_LOOP_HEAD                                                                                            \
    "  dlstp.32    lr, %[n]               \n"                                                                         \
    "1:                                   \n"                                                                         \
    "  vldrh.s32   q0, [%[p0]], #8        \n"                                                                         \
    "  vldrh.s32   q1, [%[p1]], #8        \n"

/* q0 = A_R -> x_R */
#define KILN_EW16_R_X                                                                                                  \
    "  vmlas.s32   q0, %q[rl], %[rd]      \n"                                                                         \
    "  vqrdmulh.s32 q0, q0, %[rm]         \n"                                                                         \
    "  vshr.s32    q2, q0, #31            \n"                                                                         \
    "  vadd.i32    q0, q0, q2             \n"                                                                         \
    "  vrshl.s32   q0, %[rnr]             \n"

/* q0 = raw -> q2 = t (see the top), then the output, stored: the whole int16 range, or a narrower clamp */
#define KILN_EW16_OUT_T                                                                                                \
    "  vshr.s32    q2, q0, #31            \n"                                                                         \
    "  vadd.i32    q2, q2, %[co]          \n"                                                                         \
    "  vqrdmlah.s32 q2, q0, %[om]         \n"
#define KILN_EW16_OUT_FULL                                                                                             \
    KILN_EW16_OUT_T                                                                                                    \
    "  vqshl.s32   q2, %[sh]              \n"                                                                         \
    "  vshr.s32    q2, q2, #16            \n"                                                                         \
    "  vstrh.32    q2, [%[po]], #8        \n"                                                                         \
    "  letp        lr, 1b                 \n"
#define KILN_EW16_OUT_CLAMP                                                                                            \
    KILN_EW16_OUT_T                                                                                                    \
    "  vshl.s32    q2, %[sh]              \n"                                                                         \
    "  vmax.s32    q2, q2, %q[lo]         \n"                                                                         \
    "  vmin.s32    q2, q2, %q[hi]         \n"                                                                         \
    "  vstrh.32    q2, [%[po]], #8        \n"                                                                         \
    "  letp        lr, 1b                 \n"

/* The R input's constants (kiln_ew16_loop_er). */
#define KILN_EW16_R_IN [rl] "w"(rl), [rd] "r"(f->rd), [rm] "r"(f->rm), [rnr] "r"(f->rnr)

/* The loops' operands: KILN_EW16_IO, then any of their own after a comma, then KILN_EW16_CLOBBERS. The pointers in
 * low registers ("l"): the widening loads and narrowing stores take no other base. */
#define KILN_EW16_IO                                                                                                   \
    : [p0] "+l"(p0), [p1] "+l"(p1), [po] "+l"(po)                                                                      \
    : [n] "r"(n), [co] "r"(f->co), [om] "r"(f->om), [sh] "r"(f->sh), [lo] "w"(lo), [hi] "w"(hi)
#define KILN_EW16_CLOBBERS : "q0", "q1", "q2", "lr", "memory"
#define KILN_EW16_OPERANDS(...) KILN_EW16_IO, __VA_ARGS__ KILN_EW16_CLOBBERS

/* One E and one R input: p0 the R input, p1 the E input (k: its multiplier, negated for SUB);
 * neg: raw = -(x_R + A_E * k). */
static void kiln_ew16_loop_er(const int16_t *p0, const int16_t *p1, int16_t *po, int32_t n, const kiln_ew16_fast *f,
                              int32_t k, bool neg)
{
    const int32x4_t lo = vdupq_n_s32(f->lo), hi = vdupq_n_s32(f->hi), rl = vdupq_n_s32(f->rl);
    if (!neg && f->full)
    {
        __asm volatile(KILN_EW16_LOOP_HEAD KILN_EW16_R_X "  vmla.s32    q0, q1, %[k]           \n" KILN_EW16_OUT_FULL
                       KILN_EW16_OPERANDS(KILN_EW16_R_IN, [k] "r"(k)));
    }
    else if (!neg)
    {
        __asm volatile(KILN_EW16_LOOP_HEAD KILN_EW16_R_X "  vmla.s32    q0, q1, %[k]           \n" KILN_EW16_OUT_CLAMP
                       KILN_EW16_OPERANDS(KILN_EW16_R_IN, [k] "r"(k)));
    }
    else if (f->full)
    {
        __asm volatile(KILN_EW16_LOOP_HEAD KILN_EW16_R_X "  vmla.s32    q0, q1, %[k]           \n"
                                                         "  vneg.s32    q0, q0                 \n" KILN_EW16_OUT_FULL
                       KILN_EW16_OPERANDS(KILN_EW16_R_IN, [k] "r"(k)));
    }
    else
    {
        __asm volatile(KILN_EW16_LOOP_HEAD KILN_EW16_R_X "  vmla.s32    q0, q1, %[k]           \n"
                                                         "  vneg.s32    q0, q0                 \n" KILN_EW16_OUT_CLAMP
                       KILN_EW16_OPERANDS(KILN_EW16_R_IN, [k] "r"(k)));
    }
}

/* Two E inputs: raw = A1 * k1 + A2 * k2 (k2 negated for SUB). */
static void kiln_ew16_loop_ee(const int16_t *p0, const int16_t *p1, int16_t *po, int32_t n, const kiln_ew16_fast *f)
{
    const int32x4_t lo = vdupq_n_s32(f->lo), hi = vdupq_n_s32(f->hi);
    if (f->full)
    {
        __asm volatile(KILN_EW16_LOOP_HEAD "  vmul.i32    q0, q0, %[k1]          \n"
                                           "  vmla.s32    q0, q1, %[k2]          \n" KILN_EW16_OUT_FULL
                       KILN_EW16_OPERANDS([k1] "r"(f->k1), [k2] "r"(f->k2)));
    }
    else
    {
        __asm volatile(KILN_EW16_LOOP_HEAD "  vmul.i32    q0, q0, %[k1]          \n"
                                           "  vmla.s32    q0, q1, %[k2]          \n" KILN_EW16_OUT_CLAMP
                       KILN_EW16_OPERANDS([k1] "r"(f->k1), [k2] "r"(f->k2)));
    }
}

/* MUL with offsets 0: raw = A * B. */
static void kiln_ew16_loop_mul(const int16_t *p0, const int16_t *p1, int16_t *po, int32_t n, const kiln_ew16_fast *f)
{
    const int32x4_t lo = vdupq_n_s32(f->lo), hi = vdupq_n_s32(f->hi);
    if (f->full)
    {
        __asm volatile(KILN_EW16_LOOP_HEAD "  vmul.i32    q0, q0, q1             \n" KILN_EW16_OUT_FULL
                       KILN_EW16_IO KILN_EW16_CLOBBERS);
    }
    else
    {
        __asm volatile(KILN_EW16_LOOP_HEAD "  vmul.i32    q0, q0, q1             \n" KILN_EW16_OUT_CLAMP
                       KILN_EW16_IO KILN_EW16_CLOBBERS);
    }
}

/* ADD / SUB of TFLite's forms; false when the call has none (see the top). */
static bool kiln_ew16_q_fast(const int16_t *a, const int16_t *b, int16_t *out, int32_t n, const kiln_ew_q *q,
                             kiln_ew_op op)
{
    kiln_ew16_fast f;
    int32_t k1 = 0, k2 = 0;
    const kiln_ew16_kind c1 = kiln_ew16_fast_in(q->in1_offset, q->left_shift, q->in1_mult, q->in1_shift, &k1, &f);
    const kiln_ew16_kind c2 = kiln_ew16_fast_in(q->in2_offset, q->left_shift, q->in2_mult, q->in2_shift, &k2, &f);
    int64_t rlo, rhi;
    if (c1 == KILN_EW16_NONE || c2 == KILN_EW16_NONE || (c1 == KILN_EW16_R && c2 == KILN_EW16_R) ||
        !kiln_ew_q_raw_range(q, op, KILN_EW_S16, &rlo, &rhi) ||
        !kiln_ew16_fast_out(rlo, rhi, q->out_mult, q->out_shift, q->out_offset, q->act_min, q->act_max, &f))
    {
        return false;
    }
    const bool sub = op == KILN_EW_SUB;
    if (c1 == KILN_EW16_E && c2 == KILN_EW16_E)
    {
        f.k1 = k1;
        f.k2 = sub ? -k2 : k2;
        kiln_ew16_loop_ee(a, b, out, n, &f);
    }
    else if (c1 == KILN_EW16_R)
    {
        kiln_ew16_loop_er(a, b, out, n, &f, sub ? -k2 : k2, false); /* x_R +- A2 * k2 */
    }
    else
    {
        kiln_ew16_loop_er(b, a, out, n, &f, sub ? -k1 : k1, sub); /* ADD: x_R + A1 * k1; SUB: -(x_R - A1 * k1) */
    }
    return true;
}

bool kiln_ew_q_dense_s16(const int16_t *a, const int16_t *b, int16_t *out, int32_t n, const kiln_ew_q *q,
                         kiln_ew_op op)
{
    if (!kiln_ew_dense_ok(a, b, out, n))
    {
        return false;
    }
    if (op != KILN_EW_SQDIFF && n >= KILN_EW16_MVE_MIN && kiln_ew16_q_fast(a, b, out, n, q, op))
    {
        return true;
    }
    switch (op)
    {
    case KILN_EW_ADD:
        kiln_ew_q_loop(a, b, out, n, q, KILN_EW_ADD);
        break;
    case KILN_EW_SUB:
        kiln_ew_q_loop(a, b, out, n, q, KILN_EW_SUB);
        break;
    default:
        kiln_ew_q_loop(a, b, out, n, q, KILN_EW_SQDIFF);
        break;
    }
    return true;
}

bool kiln_ew_m_dense_s16(const int16_t *a, const int16_t *b, int16_t *out, int32_t n, const kiln_ew_m *m)
{
    if (!kiln_ew_dense_ok(a, b, out, n))
    {
        return false;
    }
    kiln_ew16_fast f;
    if (n >= KILN_EW16_MVE_MIN && m->in1_offset == 0 && m->in2_offset == 0 &&
        kiln_ew16_fast_out((int64_t)INT16_MIN * INT16_MAX, (int64_t)INT16_MIN * INT16_MIN, m->out_mult, m->out_shift,
                           m->out_offset, m->act_min, m->act_max, &f))
    {
        kiln_ew16_loop_mul(a, b, out, n, &f);
        return true;
    }
    const kiln_ew_rq ro = kiln_ew_rq_make(m->out_mult, m->out_shift);
    const int32_t o1 = m->in1_offset, o2 = m->in2_offset, oo = m->out_offset;
    const int32x4_t lo = vdupq_n_s32(m->act_min), hi = vdupq_n_s32(m->act_max);
    for (int32_t left = n; left > 0; left -= 4)
    {
        const mve_pred16_t p = vctp32q((uint32_t)left);
        const int32x4_t x1 = vaddq_n_s32(vldrhq_z_s32(a, p), o1);
        const int32x4_t x2 = vaddq_n_s32(vldrhq_z_s32(b, p), o2);
        const int32x4_t o = vaddq_n_s32(kiln_ew_rq_run(vmulq_s32(x1, x2), &ro), oo);
        vstrhq_p_s32(out, vminq_s32(vmaxq_s32(o, lo), hi), p);
        a += 4;
        b += 4;
        out += 4;
    }
    return true;
}

#endif /* KILN_BUILD_MVE */
