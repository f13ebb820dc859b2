/*
 * Kiln — DSP-extension kernels of the integer elementwise family's dense int16 runs (Include/Internal/kiln_ew_int.h):
 * ADD / SUB / SQUARED_DIFFERENCE and MUL, two elements per word (one load per operand, PKHBT + one store for the
 * results), with the requantizations of TFLite's arithmetic in forms of a few DSP instructions:
 *
 * - an ADD input, requantize((x + offset) << ls, mult, shift) with a right shift r >= 1: the doubled operand
 *   v = (x + offset) << (ls + lsi + 1) (lsi the input's own left shift) is one multiply-add x * k + c, or, for
 *   TFLite's usual int16 input (ls 15, offset 0, no left shift of its own: k = 2^16), the halfword itself in the
 *   top of a word. SMMULR(v, mult) is then the saturating rounding doubling high multiply of v / 2 exactly
 *   ((v * m + 2^31) >> 32 = floor((v / 2 * m + 2^30) / 2^31), TFLite's rounding for either sign; no saturation as
 *   mult >= 0), and the rounding shift with ties away from zero, (y + (y >> 31) + 2^(r - 1)) >> r, folds into
 *   SMMLAR(v, mult, 2^(r - 1)) + (v >> 31), shifted: SMMLAR adds its accumulator as whole units, and the sign of v
 *   may stand for the sign of y (they differ only where y is 0, and (2^(r - 1) - 1) >> r = 2^(r - 1) >> r = 0);
 *   an input with multiplier 2^30 and no shift (TFLite's larger-scale input: one half) is exact, v >> 2;
 * - the output requantization the same way on v = raw << (lso + 1) (the range checked to fit), its accumulator
 *   co = 2^(ro - 1) + out_offset * 2^ro carrying the output offset (checked to keep y + co within int32), SSAT to
 *   int16;
 * - MUL: the product of the halfwords (SMULBB / SMULTT when both offsets are 0), shifted by the output's left shift,
 *   the high multiply in 64 bits (SMLAL on a preset accumulator: the doubled product can leave int32 at
 *   (-32768)^2), with co folded in as co * 2^31, then the same sign step and shift.
 * A narrower activation range is applied to both halfwords at once (SSUB16 / SEL). TFLite's usual ADD (offsets 0,
 * left shift 15, one exact input or two) has loops specialised for the input kinds and the clamp, every other form
 * one generic loop. Parameters outside these forms (an input without a right shift but not exact, an output without
 * a right shift, a negative multiplier, a doubled operand or rounding bias that would leave int32) and runs shorter
 * than KILN_EW16_DSP_MIN run the portable element arithmetic (the hooks answer false). The checks the callers ran
 * (kiln_ew_q_ok, kiln_ew_m_ok) bound every value used to set up the forms.
 */
#include <string.h>

#include "Include/Internal/kiln_dsp.h"
#include "Include/Internal/kiln_ew_int.h"
#include "Include/arm_nnsupportfunctions.h"

#if KILN_BUILD_DSP

/* Runs shorter than this take the portable loop (a broadcast's many short runs would pay the set-up each time). */
#define KILN_EW16_DSP_MIN 8

/* One requantization with a right shift r >= 1 of a doubled operand v (see the top): (SMMLAR(v, m, bias) + (v >> 31))
 * >> r, bias = 2^(r - 1) plus any offset times 2^r. */
static inline __attribute__((always_inline)) int32_t kiln_ew16_rq(int32_t v, int32_t m, int32_t bias, int32_t r)
{
    return (kiln_smmlar(v, m, bias) + (v >> 31)) >> r;
}

/* The output step shared by both operators. */
typedef struct
{
    int32_t sh;  /* the shift before the high multiply: the output's left shift, + 1 (the doubling) unless wide */
    int32_t mo;  /* out_mult */
    int32_t ro;  /* the output's right shift, >= 1 */
    int32_t co;  /* 2^(ro - 1) + out_offset * 2^ro */
    int32_t lo2, hi2;
    bool clamp;  /* the activation range is narrower than int16 */
    bool wide;   /* the high multiply in 64 bits (the doubled operand could leave int32) */
    int64_t acc0; /* wide: co * 2^31 + 2^30 */
} kiln_ew16_out;

/* SRDHM(v, m) for m >= 0 in 64 bits: floor((v * m + 2^30) / 2^31), TFLite's rounding for either sign. */
static inline int32_t kiln_ew16_srdhm64(int32_t v, int32_t m)
{
    return (int32_t)(((int64_t)v * m + ((int64_t)1 << 30)) >> 31);
}

/* The output step's constants for values v in [vlo, vhi] to requantize (ADD's raw, MUL's product): the SMMLAR form
 * on v << (lso + 1) where that fits int32 (and allow_narrow), else the 64-bit form on v << lso, which must fit;
 * false also when ro < 1 or y + co could leave int32 (y = SRDHM(v << lso, out_mult), non-decreasing in v). */
static bool kiln_ew16_out_make(int64_t vlo, int64_t vhi, bool allow_narrow, int32_t out_mult, int32_t out_shift,
                               int32_t out_offset, int32_t act_min, int32_t act_max, kiln_ew16_out *o)
{
    const int32_t lso = LEFT_SHIFT(out_shift);
    const int32_t ro = RIGHT_SHIFT(out_shift);
    if (ro < 1 || out_mult < 0 || !kiln_fits_shifted(vlo, vhi, lso))
    {
        return false;
    }
    const int64_t y_lo = kiln_ew16_srdhm64((int32_t)((uint32_t)(int32_t)vlo << lso), out_mult);
    const int64_t y_hi = kiln_ew16_srdhm64((int32_t)((uint32_t)(int32_t)vhi << lso), out_mult);
    const int64_t co = ((int64_t)1 << (ro - 1)) + (int64_t)out_offset * ((int64_t)1 << ro);
    if (y_lo - 1 + co < INT32_MIN || y_hi + co > INT32_MAX)
    {
        return false;
    }
    o->wide = !allow_narrow || !kiln_fits_shifted(vlo, vhi, lso + 1);
    o->sh = o->wide ? lso : lso + 1;
    o->mo = out_mult;
    o->ro = ro;
    o->co = (int32_t)co;
    o->acc0 = (int64_t)co * ((int64_t)1 << 31) + ((int64_t)1 << 30);
    o->lo2 = kiln_dup_s16x2(act_min);
    o->hi2 = kiln_dup_s16x2(act_max);
    o->clamp = act_min > INT16_MIN || act_max < INT16_MAX;
    return true;
}

/* The output of v, saturated to int16: the SMMLAR form (v doubled), or wide: v * mo + co * 2^31 + 2^30 in 64 bits
 * (SMLAL on a preset accumulator) floor-divided by 2^31 (that is y + co), then the sign step and the shift by ro. */
static inline __attribute__((always_inline)) int32_t kiln_ew16_final(int32_t raw, const kiln_ew16_out *o, bool wide)
{
    const int32_t v = (int32_t)((uint32_t)raw << o->sh);
    if (!wide)
    {
        return __ssat(kiln_ew16_rq(v, o->mo, o->co, o->ro), 16);
    }
    const int32_t yc = (int32_t)(((int64_t)v * o->mo + o->acc0) >> 31);
    return __ssat((yc + (v >> 31)) >> o->ro, 16);
}

/* ---- ADD / SUB / SQUARED_DIFFERENCE ------------------------------------------------------------ */

/* How an input reaches x = requantize((x + offset) << ls, mult, shift) from its doubled operand v:
 *   R (rounded): a right shift r >= 1, (SMMLAR(v, m, 2^(r - 1)) + (v >> 31)) >> r;
 *   E (exact):   mult 2^30 and no right shift (TFLite's larger-scale input, whose multiplier is exactly one half),
 *                x = SRDHM(v / 2, 2^30) = v / 4 exactly when 4 divides v (l >= 2): one arithmetic shift.
 * Other inputs (a right shift of 0 with another multiplier) take the portable arithmetic. */
typedef struct
{
    int32_t k, c;    /* v = x * k + c */
    int32_t m, b, r; /* R */
    bool exact;      /* E */
} kiln_ew16_in;

typedef struct
{
    kiln_ew16_in in1, in2;
    kiln_ew16_out o;
} kiln_ew16_q_plan;

/* One input's form; false when it has none. */
static bool kiln_ew16_in_make(int32_t offset, int32_t ls, int32_t mult, int32_t shift, kiln_ew16_in *in)
{
    const int32_t l = ls + LEFT_SHIFT(shift) + 1;
    in->r = RIGHT_SHIFT(shift);
    in->exact = in->r == 0 && mult == (1 << 30) && l >= 2;
    if (mult < 0 || (in->r < 1 && !in->exact) ||
        !kiln_fits_shifted((int64_t)INT16_MIN + offset, (int64_t)INT16_MAX + offset, l))
    {
        return false;
    }
    /* (x + offset) << l fits for every int16 x, x = 0 included: x * k + c, computed modulo 2^32, is its value */
    in->k = (int32_t)((uint32_t)1 << l);
    in->c = (int32_t)((uint32_t)offset << l);
    in->m = mult;
    in->b = in->r >= 1 ? 1 << (in->r - 1) : 0;
    return true;
}

static bool kiln_ew16_q_plan_make(const kiln_ew_q *q, kiln_ew_op op, kiln_ew16_q_plan *p)
{
    if (!kiln_ew16_in_make(q->in1_offset, q->left_shift, q->in1_mult, q->in1_shift, &p->in1) ||
        !kiln_ew16_in_make(q->in2_offset, q->left_shift, q->in2_mult, q->in2_shift, &p->in2))
    {
        return false;
    }
    /* the range of raw (kiln_ew_q_ok has shown it exists) */
    int64_t rlo, rhi;
    if (!kiln_ew_q_raw_range(q, op, KILN_EW_S16, &rlo, &rhi))
    {
        return false;
    }
    /* ADD / SUB: SMMLAR on the doubled raw (declined where it does not fit); SQUARED_DIFFERENCE: squares reach
     * 2^30, the 64-bit form */
    return kiln_ew16_out_make(rlo, rhi, op != KILN_EW_SQDIFF, q->out_mult, q->out_shift, q->out_offset, q->act_min,
                              q->act_max, &p->o) &&
           (op == KILN_EW_SQDIFF || !p->o.wide);
}

/* x of one input from its doubled operand v. */
static inline __attribute__((always_inline)) int32_t kiln_ew16_in_x(int32_t v, const kiln_ew16_in *in, bool exact)
{
    return exact ? v >> 2 : kiln_ew16_rq(v, in->m, in->b, in->r);
}

/* One output from the doubled operands va, vb (e1 / e2: the inputs' kinds). */
static inline __attribute__((always_inline)) int32_t kiln_ew16_q_one(int32_t va, int32_t vb, const kiln_ew16_q_plan *p,
                                                                    kiln_ew_op op, bool e1, bool e2)
{
    const int32_t raw = kiln_ew_q_raw(kiln_ew16_in_x(va, &p->in1, e1), kiln_ew16_in_x(vb, &p->in2, e2), op);
    return kiln_ew16_final(raw, &p->o, op == KILN_EW_SQDIFF);
}

/* The doubled operands of the two elements of a word. k16: k is 2^16 and c 0, the halfwords in the top of a word
 * (the high one by PKHTB with a register whose top half is 0: ro <= 31). */
static inline __attribute__((always_inline)) void kiln_ew16_operands(int32_t w, const kiln_ew16_in *in, int32_t ro,
                                                                     bool k16, int32_t *v0, int32_t *v1)
{
    if (k16)
    {
        *v0 = (int32_t)((uint32_t)w << 16);
        *v1 = kiln_pack_hi16(ro, w);
    }
    else
    {
        *v0 = (int32_t)((uint32_t)(int16_t)w * (uint32_t)in->k + (uint32_t)in->c);
        *v1 = (int32_t)((uint32_t)(w >> 16) * (uint32_t)in->k + (uint32_t)in->c);
    }
}

/* The run (out[i] = OP(a[i], b[i]) with the plan's inputs 1 = a, 2 = b), two elements per step. */
static inline __attribute__((always_inline)) void kiln_ew16_q_loop(const int16_t *a, const int16_t *b, int16_t *out,
                                                                  int32_t n, const kiln_ew16_q_plan *plan,
                                                                  kiln_ew_op op, bool e1, bool e2, bool k16,
                                                                  bool clamp)
{
    const kiln_ew16_q_plan p = *plan;
    const int16_t *const a_end = a + (n & ~1);
    while (a != a_end)
    {
        int32_t a0, a1, b0, b1;
        kiln_ew16_operands(arm_nn_read_s16x2(a), &p.in1, p.o.ro, k16, &a0, &a1);
        kiln_ew16_operands(arm_nn_read_s16x2(b), &p.in2, p.o.ro, k16, &b0, &b1);
        int32_t w = kiln_pack_lo16(kiln_ew16_q_one(a0, b0, &p, op, e1, e2), kiln_ew16_q_one(a1, b1, &p, op, e1, e2));
        if (clamp)
        {
            w = kiln_clamp_s16x2(w, p.o.lo2, p.o.hi2);
        }
        arm_nn_write_q15x2_ia(&out, w);
        a += 2;
        b += 2;
    }
    if ((n & 1) != 0)
    {
        const int32_t va = (int32_t)((uint32_t)*a * (uint32_t)p.in1.k + (uint32_t)p.in1.c);
        const int32_t vb = (int32_t)((uint32_t)*b * (uint32_t)p.in2.k + (uint32_t)p.in2.c);
        int32_t v = kiln_ew16_q_one(va, vb, &p, op, e1, e2);
        v = v < (int16_t)p.o.lo2 ? (int16_t)p.o.lo2 : v;
        *out = (int16_t)(v > (int16_t)p.o.hi2 ? (int16_t)p.o.hi2 : v);
    }
}

/* Every form in one loop, the op, the kinds and the clamp tested per element. */
static __attribute__((noinline)) void kiln_ew16_q_generic(const int16_t *a, const int16_t *b, int16_t *out, int32_t n,
                                                         const kiln_ew16_q_plan *p, kiln_ew_op op)
{
    kiln_ew16_q_loop(a, b, out, n, p, op, p->in1.exact, p->in2.exact, false, p->o.clamp);
}

/* TFLite's usual ADD (both operands k16: offsets 0, left shift 15; one input exact or both) in loops specialised
 * for the input kinds and the clamp (ADD is symmetric: an exact input is made the first); every other call of
 * the three ops in one loop per op that tests the kinds and the clamp per element (rarer forms: less code). */
static void kiln_ew16_q_run(const int16_t *a, const int16_t *b, int16_t *out, int32_t n, kiln_ew16_q_plan *p,
                            kiln_ew_op op)
{
    if (op != KILN_EW_SUB && !p->in1.exact && p->in2.exact)
    {
        const int16_t *t = a;
        a = b;
        b = t;
        const kiln_ew16_in in = p->in1;
        p->in1 = p->in2;
        p->in2 = in;
    }
    const bool k16 = p->in1.k == 65536 && p->in1.c == 0 && p->in2.k == 65536 && p->in2.c == 0;
    const bool e1 = p->in1.exact, e2 = p->in2.exact;
    if (op == KILN_EW_ADD && k16 && e1)
    {
        if (e2 && p->o.clamp)
        {
            kiln_ew16_q_loop(a, b, out, n, p, KILN_EW_ADD, true, true, true, true);
        }
        else if (e2)
        {
            kiln_ew16_q_loop(a, b, out, n, p, KILN_EW_ADD, true, true, true, false);
        }
        else if (p->o.clamp)
        {
            kiln_ew16_q_loop(a, b, out, n, p, KILN_EW_ADD, true, false, true, true);
        }
        else
        {
            kiln_ew16_q_loop(a, b, out, n, p, KILN_EW_ADD, true, false, true, false);
        }
    }
    else
    {
        kiln_ew16_q_generic(a, b, out, n, p, op);
    }
}

bool kiln_ew_q_dense_s16(const int16_t *a, const int16_t *b, int16_t *out, int32_t n, const kiln_ew_q *q,
                         kiln_ew_op op)
{
    kiln_ew16_q_plan p;
    if (n < KILN_EW16_DSP_MIN || !kiln_ew_dense_ok(a, b, out, n) || !kiln_ew16_q_plan_make(q, op, &p))
    {
        return false;
    }
    kiln_ew16_q_run(a, b, out, n, &p, op);
    return true;
}

/* ---- MUL --------------------------------------------------------------------------------------- */

/* The run, two elements per step; zero_off: both input offsets are 0 (the halfword multiplies take the packed
 * words directly). */
static inline __attribute__((always_inline)) void kiln_ew16_m_loop(const int16_t *a, const int16_t *b, int16_t *out,
                                                                  int32_t n, const kiln_ew16_out *oplan, int32_t o1,
                                                                  int32_t o2, bool zero_off, bool clamp)
{
    const kiln_ew16_out o = *oplan;
    const int16_t *const a_end = a + (n & ~1);
    while (a != a_end)
    {
        const int32_t wa = arm_nn_read_s16x2(a), wb = arm_nn_read_s16x2(b);
        int32_t p0, p1;
        if (zero_off)
        {
            p0 = (int16_t)wa * (int16_t)wb; /* SMULBB */
            p1 = (wa >> 16) * (wb >> 16);   /* SMULTT */
        }
        else
        {
            p0 = ((int16_t)wa + o1) * ((int16_t)wb + o2);
            p1 = ((wa >> 16) + o1) * ((wb >> 16) + o2);
        }
        int32_t w = kiln_pack_lo16(kiln_ew16_final(p0, &o, true), kiln_ew16_final(p1, &o, true));
        if (clamp)
        {
            w = kiln_clamp_s16x2(w, o.lo2, o.hi2);
        }
        arm_nn_write_q15x2_ia(&out, w);
        a += 2;
        b += 2;
    }
    if ((n & 1) != 0)
    {
        int32_t v = kiln_ew16_final((*a + o1) * (*b + o2), &o, true);
        v = v < (int16_t)o.lo2 ? (int16_t)o.lo2 : v;
        *out = (int16_t)(v > (int16_t)o.hi2 ? (int16_t)o.hi2 : v);
    }
}

bool kiln_ew_m_dense_s16(const int16_t *a, const int16_t *b, int16_t *out, int32_t n, const kiln_ew_m *m)
{
    if (n < KILN_EW16_DSP_MIN || !kiln_ew_dense_ok(a, b, out, n))
    {
        return false;
    }
    /* the product's range (kiln_ew_m_ok, which the caller ran, accepts these parameters) */
    int64_t plo, phi;
    kiln_ew16_out o;
    if (!kiln_ew_m_ok(m, KILN_EW_S16, &plo, &phi) ||
        !kiln_ew16_out_make(plo, phi, false, m->out_mult, m->out_shift, m->out_offset, m->act_min,
                            m->act_max, &o))
    {
        return false;
    }
    if (m->in1_offset == 0 && m->in2_offset == 0 && !o.clamp)
    {
        kiln_ew16_m_loop(a, b, out, n, &o, 0, 0, true, false); /* TFLite's MUL */
    }
    else
    {
        kiln_ew16_m_loop(a, b, out, n, &o, m->in1_offset, m->in2_offset, false, o.clamp);
    }
    return true;
}

#endif /* KILN_BUILD_DSP */
