/*
 * ADD / SUB / SQUARED_DIFFERENCE, int8 and int16, every form (arm_<op>_<t> broadcasting, arm_<op>_scalar_<t>,
 * arm_elementwise_<op>_<t>; for ADD the same-shape form is arm_elementwise_add_<t>): random parameter sets
 * (TFLite's form from random scales and zero points, extreme and out-of-range values) against TFLite's arithmetic
 * written here with overflow detection. Whether a parameter set must be accepted is decided here too: every
 * intermediate within int32 over every input of the type (each rescaled input by brute force over the type). Every
 * int8 pair exhaustively on part of the sets; every broadcast pattern of the four dims; guard bytes, inputs
 * unchanged, output over input 1, operands at the ends of memory; a bad-input table.
 */
#include <stdint.h>
#include <string.h>

#include "ew_int_test.h"

#define MAX_ELEMS 2048
#define OP_ADD    0
#define OP_SUB    1
#define OP_SQ     2

static const char *const OP_NAME[3] = {"add", "sub", "squared_difference"};

typedef struct
{
    int32_t o1, m1, s1, o2, m2, s2, ls, oo, om, os, amin, amax;
} qp;

/* Operand buffers (int16-sized, used as int8 or int16) with guard bytes around the output. */
static int16_t g_in1[MAX_ELEMS], g_in2[MAX_ELEMS], g_copy1[MAX_ELEMS], g_copy2[MAX_ELEMS], g_want[MAX_ELEMS];
static uint8_t g_out[MAX_ELEMS * 2 + 2 * IM_GUARD];

/* ---- reference -------------------------------------------------------------------------------------------- */

/* MultiplyByQuantizedMultiplier((x + offset) << ls, mult, shift). */
static int32_t ref_in(int32_t x, int32_t offset, int32_t ls, int32_t mult, int32_t shift, bool *ok)
{
    if (ls < 0 || ls > 31)
    {
        *ok = false;
        return 0;
    }
    const int32_t shifted = et_fit(((int64_t)x + offset) * ((int64_t)1 << ls), ok);
    return *ok ? im_mbqm(shifted, mult, shift, ok) : 0;
}

/* The raw value of the op from the rescaled inputs. */
static int32_t ref_raw(int32_t op, int32_t x1, int32_t x2, bool *ok)
{
    if (op == OP_ADD)
    {
        return et_fit((int64_t)x1 + x2, ok);
    }
    const int32_t d = et_fit((int64_t)x1 - x2, ok);
    return op == OP_SUB ? d : et_fit((int64_t)d * d, ok);
}

/* The output stage: MultiplyByQuantizedMultiplier(raw) + out_offset. */
static int32_t ref_out(int32_t raw, const qp *p, bool *ok)
{
    const int32_t y = im_mbqm(raw, p->om, p->os, ok);
    return *ok ? et_fit((int64_t)y + p->oo, ok) : 0;
}

static int32_t ref_q(int32_t op, int32_t a, int32_t b, const qp *p, bool *ok)
{
    const int32_t x1 = ref_in(a, p->o1, p->ls, p->m1, p->s1, ok);
    const int32_t x2 = ref_in(b, p->o2, p->ls, p->m2, p->s2, ok);
    if (!*ok)
    {
        return 0;
    }
    const int32_t raw = ref_raw(op, x1, x2, ok);
    const int32_t v = *ok ? ref_out(raw, p, ok) : 0;
    return et_clamp(v, p->amin, p->amax);
}

/* Whether the parameters are in the documented domain and no intermediate overflows for any input pair. */
static bool ref_valid(int32_t op, const et_type *t, const qp *p)
{
    const int32_t omax = t->s16 ? 65535 : 255;
    if (p->o1 < -omax || p->o1 > omax || p->o2 < -omax || p->o2 > omax || (t->s16 && (p->oo < -omax || p->oo > omax)))
    {
        return false;
    }
    if (p->ls < 0 || p->ls > (t->s16 ? 31 : 30) || p->amin > p->amax || p->amin < t->tmin || p->amax > t->tmax)
    {
        return false;
    }
    if (!et_scale_domain(p->m1, p->s1) || !et_scale_domain(p->m2, p->s2) || !et_scale_domain(p->om, p->os))
    {
        return false;
    }
    /* Each rescaled input over every value of the type (brute force), with its extremes. */
    bool ok = true;
    int32_t lo1 = INT32_MAX, hi1 = INT32_MIN, lo2 = INT32_MAX, hi2 = INT32_MIN;
    for (int32_t x = t->tmin; x <= t->tmax && ok; x++)
    {
        const int32_t x1 = ref_in(x, p->o1, p->ls, p->m1, p->s1, &ok);
        const int32_t x2 = ref_in(x, p->o2, p->ls, p->m2, p->s2, &ok);
        lo1 = x1 < lo1 ? x1 : lo1;
        hi1 = x1 > hi1 ? x1 : hi1;
        lo2 = x2 < lo2 ? x2 : lo2;
        hi2 = x2 > hi2 ? x2 : hi2;
    }
    if (!ok)
    {
        return false;
    }
    /* The two inputs are independent, so the extreme raw values (sum, difference, largest |difference|) pair
     * extremes of x1 and x2, and both are reached. The output stage can only overflow through its left shift
     * (larger for larger |raw|) or through + out_offset (y is monotonic in raw for a multiplier >= 0): checking
     * the extreme raw values covers every raw value between them. */
    const int32_t r1 = op == OP_ADD ? ref_raw(op, lo1, lo2, &ok) : ref_raw(op, lo1, hi2, &ok);
    const int32_t r2 = op == OP_ADD ? ref_raw(op, hi1, hi2, &ok) : ref_raw(op, hi1, lo2, &ok);
    if (!ok)
    {
        return false;
    }
    (void)ref_out(r1, p, &ok);
    (void)ref_out(r2, p, &ok);
    (void)ref_out(0, p, &ok);
    return ok;
}

/* ---- calls ------------------------------------------------------------------------------------------------ */

/* The same-shape (scalar: false) or scalar (true) form. */
static arm_cmsis_nn_status
call_block(int32_t op, bool scalar, const et_type *t, const void *a, const void *b, void *out, int32_t n, const qp *p)
{
    if (t->s16)
    {
        typedef arm_cmsis_nn_status (*fn16)(const int16_t *, const int16_t *, int32_t, int32_t, int32_t, int32_t,
                                            int32_t, int32_t, int32_t, int16_t *, int32_t, int32_t, int32_t, int32_t,
                                            int32_t, int32_t);
        static const fn16 f[2][3] = {
            {arm_elementwise_add_s16, arm_elementwise_sub_s16, arm_elementwise_squared_difference_s16},
            {arm_add_scalar_s16, arm_sub_scalar_s16, arm_squared_difference_scalar_s16}};
        return f[scalar][op]((const int16_t *)a, (const int16_t *)b, p->o1, p->m1, p->s1, p->o2, p->m2, p->s2, p->ls,
                             (int16_t *)out, p->oo, p->om, p->os, p->amin, p->amax, n);
    }
    typedef arm_cmsis_nn_status (*fn8)(const int8_t *, const int8_t *, int32_t, int32_t, int32_t, int32_t, int32_t,
                                       int32_t, int32_t, int8_t *, int32_t, int32_t, int32_t, int32_t, int32_t,
                                       int32_t);
    static const fn8 f[2][3] = {{arm_elementwise_add_s8, arm_elementwise_sub_s8, arm_elementwise_squared_difference_s8},
                                {arm_add_scalar_s8, arm_sub_scalar_s8, arm_squared_difference_scalar_s8}};
    return f[scalar][op]((const int8_t *)a, (const int8_t *)b, p->o1, p->m1, p->s1, p->o2, p->m2, p->s2, p->ls,
                         (int8_t *)out, p->oo, p->om, p->os, p->amin, p->amax, n);
}

static arm_cmsis_nn_status call_bcast(int32_t op,
                                      const et_type *t,
                                      const void *a,
                                      const cmsis_nn_dims *da,
                                      const void *b,
                                      const cmsis_nn_dims *db,
                                      void *out,
                                      const cmsis_nn_dims *dout,
                                      const qp *p)
{
    if (t->s16)
    {
        typedef arm_cmsis_nn_status (*fn16)(const int16_t *, const cmsis_nn_dims *, const int16_t *,
                                            const cmsis_nn_dims *, int32_t, int32_t, int32_t, int32_t, int32_t, int32_t,
                                            int32_t, int16_t *, const cmsis_nn_dims *, int32_t, int32_t, int32_t,
                                            int32_t, int32_t);
        static const fn16 f[3] = {arm_add_s16, arm_sub_s16, arm_squared_difference_s16};
        return f[op]((const int16_t *)a, da, (const int16_t *)b, db, p->o1, p->m1, p->s1, p->o2, p->m2, p->s2, p->ls,
                     (int16_t *)out, dout, p->oo, p->om, p->os, p->amin, p->amax);
    }
    typedef arm_cmsis_nn_status (*fn8)(const int8_t *, const cmsis_nn_dims *, const int8_t *, const cmsis_nn_dims *,
                                       int32_t, int32_t, int32_t, int32_t, int32_t, int32_t, int32_t, int8_t *,
                                       const cmsis_nn_dims *, int32_t, int32_t, int32_t, int32_t, int32_t);
    static const fn8 f[3] = {arm_add_s8, arm_sub_s8, arm_squared_difference_s8};
    return f[op]((const int8_t *)a, da, (const int8_t *)b, db, p->o1, p->m1, p->s1, p->o2, p->m2, p->s2, p->ls,
                 (int8_t *)out, dout, p->oo, p->om, p->os, p->amin, p->amax);
}

/* ---- parameters ------------------------------------------------------------------------------------------- */

static void rand_act(kiln_rng *r, const et_type *t, qp *p)
{
    p->amin = t->tmin;
    p->amax = t->tmax;
    if (kiln_rng_range(r, 0, 2) == 0)
    {
        p->amin = kiln_rng_range(r, t->tmin, t->tmax);
        p->amax = kiln_rng_range(r, p->amin, t->tmax);
    }
}

/* TFLite's preparation of ADD / SUB (left shift 20 for int8, 15 for int16) and SQUARED_DIFFERENCE (7 for int8;
 * 0 here for int16), from random scales and zero points. */
static void gen_tflite(kiln_rng *r, int32_t op, const et_type *t, qp *p)
{
    const double s1 = et_rand_scale(r, -12, 1), so = et_rand_scale(r, -12, 1);
    /* Equal scales or a power-of-two ratio now and then: multipliers 2^30, where the doubling high multiply has
     * ties (SUB differs from ADD of a negated multiplier there). */
    const int32_t pick = kiln_rng_range(r, 0, 3);
    double s2 = pick == 0 ? s1 : (pick == 1 ? s1 * 0.25 : et_rand_scale(r, -12, 1));
    const double twice = 2.0 * (s1 > s2 ? s1 : s2);
    p->o1 = t->s16 ? 0 : -kiln_rng_range(r, -128, 127);
    p->o2 = t->s16 ? 0 : -kiln_rng_range(r, -128, 127);
    p->oo = t->s16 ? 0 : kiln_rng_range(r, -128, 127);
    p->ls = op == OP_SQ ? (t->s16 ? 0 : 7) : (t->s16 ? 15 : 20);
    im_quantize_multiplier(s1 / twice, &p->m1, &p->s1);
    im_quantize_multiplier(s2 / twice, &p->m2, &p->s2);
    /* ADD / SUB: twice / (2^ls * so); SQUARED_DIFFERENCE: twice^2 / (2^(2 ls) * so), here drawn directly (the
     * output scale of a square spans many octaves). */
    double real_out = op == OP_SQ ? et_rand_scale(r, -30, 0) : twice / so;
    for (int32_t k = 0; op != OP_SQ && k < p->ls; k++)
    {
        real_out *= 0.5;
    }
    im_quantize_multiplier(real_out, &p->om, &p->os);
    rand_act(r, t, p);
}

/* Anything: extreme and out-of-range values of every parameter. */
static void gen_extreme(kiln_rng *r, const et_type *t, qp *p)
{
    const int32_t omax = t->s16 ? 65535 : 255;
    const int32_t pick_o = kiln_rng_range(r, 0, 9);
    p->o1 = pick_o == 0 ? omax + 1 : (pick_o == 1 ? -omax : kiln_rng_range(r, -omax, omax));
    p->o2 = pick_o == 2 ? -omax - 1 : (pick_o == 3 ? omax : kiln_rng_range(r, -omax, omax));
    p->ls = kiln_rng_range(r, 0, 3) == 0 ? kiln_rng_range(r, -1, 32) : kiln_rng_range(r, 0, 12);
    p->m1 = et_rand_mult(r);
    p->m2 = et_rand_mult(r);
    p->om = et_rand_mult(r);
    p->s1 = et_rand_shift(r);
    p->s2 = et_rand_shift(r);
    p->os = et_rand_shift(r);
    if (kiln_rng_range(r, 0, 1) == 0)
    {
        /* Small shifts: unit-scale rescalings, where each rounding of the inputs reaches the output. */
        p->ls = kiln_rng_range(r, 0, 2);
        p->s1 = kiln_rng_range(r, -2, 1);
        p->s2 = kiln_rng_range(r, -2, 1);
        p->os = kiln_rng_range(r, -2, 1);
        /* Multipliers k * 2^z (k odd, z 28..30): the doubling high multiply has ties (for inputs with 30 - z
         * trailing zero bits), where SUB differs from ADD of a negated multiplier. */
        static const int32_t round_mult[4] = {1 << 30, 3 << 29, 5 << 28, 7 << 28};
        p->m1 = round_mult[kiln_rng_range(r, 0, 3)];
        p->m2 = kiln_rng_range(r, 0, 3) ? round_mult[kiln_rng_range(r, 0, 3)] : p->m2;
        p->om = kiln_rng_range(r, 0, 3) ? round_mult[kiln_rng_range(r, 0, 3)] : p->om;
    }
    const int32_t pick = kiln_rng_range(r, 0, 7);
    p->oo = pick == 0
                ? INT32_MAX - kiln_rng_range(r, 0, 1 << 20)
                : (pick == 1 ? INT32_MIN + kiln_rng_range(r, 0, 1 << 20) : kiln_rng_range(r, -omax - 1, omax + 1));
    rand_act(r, t, p);
    if (kiln_rng_range(r, 0, 15) == 0)
    {
        /* Swapped or out-of-type activation limits. */
        const int32_t k = kiln_rng_range(r, 0, 2);
        p->amin = k == 0 ? t->tmax : (k == 1 ? t->tmin - 1 : p->amin);
        p->amax = k == 0 ? t->tmin : (k == 2 ? t->tmax + 1 : p->amax);
    }
}

/* ---- cases ------------------------------------------------------------------------------------------------ */

static bool out_untouched(void)
{
    return im_all_canary(g_out, sizeof(g_out));
}

/* Calls one form on n elements (a / b of n elements, a of 1 for the scalar form), checks against g_want. */
static void check_block(int32_t op, bool scalar, const et_type *t, int32_t n, const qp *p, bool valid)
{
    const int32_t na = scalar ? 1 : n;
    memcpy(g_copy1, g_in1, (size_t)na * t->esize);
    memcpy(g_copy2, g_in2, (size_t)n * t->esize);
    memset(g_out, IM_CANARY, sizeof(g_out));
    void *out = g_out + IM_GUARD;
    const arm_cmsis_nn_status st = call_block(op, scalar, t, g_in1, g_in2, out, n, p);
    if (!valid)
    {
        KILN_CHECK_EQ(st, ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK(out_untouched());
        return;
    }
    KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
    if (t->s16)
    {
        KILN_CHECK_MEM_S16((const int16_t *)out, g_want, n);
    }
    else
    {
        int8_t want8[MAX_ELEMS];
        for (int32_t i = 0; i < n; i++)
        {
            want8[i] = (int8_t)g_want[i];
        }
        KILN_CHECK_MEM_S8((const int8_t *)out, want8, n);
    }
    KILN_CHECK(im_guards_intact(g_out, (size_t)n * t->esize));
    KILN_CHECK(memcmp(g_in1, g_copy1, (size_t)na * t->esize) == 0);
    KILN_CHECK(memcmp(g_in2, g_copy2, (size_t)n * t->esize) == 0);
}

/* Output over input 1 (same-shape form). */
static void check_in_place(int32_t op, const et_type *t, int32_t n, const qp *p)
{
    KILN_CHECK_EQ(call_block(op, false, t, g_in1, g_in2, g_in1, n, p), ARM_CMSIS_NN_SUCCESS);
    for (int32_t i = 0; i < n; i++)
    {
        if (!KILN_CHECK_EQ(et_get(t, g_in1, i), g_want[i]))
        {
            break;
        }
    }
}

/* Reference outputs of the same-shape (or scalar) form into g_want; false when an intermediate overflowed. */
static bool want_block(int32_t op, bool scalar, const et_type *t, int32_t n, const qp *p)
{
    bool ok = true;
    for (int32_t i = 0; i < n; i++)
    {
        g_want[i] = (int16_t)ref_q(op, et_get(t, g_in1, scalar ? 0 : i), et_get(t, g_in2, i), p, &ok);
    }
    return ok;
}

/* The scalar form with its operands at the ends of memory. */
typedef struct
{
    int32_t op;
    const et_type *t;
    const qp *p;
    int32_t n;
    void *a, *b, *out;
} block_edge;

static bool block_edge_run(void *arg)
{
    const block_edge *k = (const block_edge *)arg;
    bool ok = KILN_CHECK_EQ(call_block(k->op, true, k->t, k->a, k->b, k->out, k->n, k->p), ARM_CMSIS_NN_SUCCESS);
    for (int32_t i = 0; ok && i < k->n; i++)
    {
        ok &= KILN_CHECK_EQ(et_get(k->t, k->out, i), g_want[i]);
    }
    return ok;
}

typedef struct
{
    int32_t op;
    const et_type *t;
    const qp *p;
    const cmsis_nn_dims *d1, *d2, *dout;
    void *a, *b, *out;
    int32_t total;
} edge_call;

static bool edge_run(void *arg)
{
    const edge_call *k = (const edge_call *)arg;
    bool ok =
        KILN_CHECK_EQ(call_bcast(k->op, k->t, k->a, k->d1, k->b, k->d2, k->out, k->dout, k->p), ARM_CMSIS_NN_SUCCESS);
    for (int32_t i = 0; ok && i < k->total; i++)
    {
        ok &= KILN_CHECK_EQ(et_get(k->t, k->out, i), g_want[i]);
    }
    return ok;
}

static void check_bcast(kiln_rng *r, int32_t it, int32_t op, const et_type *t, const qp *p, bool valid)
{
    int32_t o[4], a[4], b[4];
    im_broadcast_shape(r, it & 0xFF, MAX_ELEMS, false, o, a, b);
    const int32_t total = im_count4(o), n1 = im_count4(a), n2 = im_count4(b);
    et_fill(t, r, g_in1, n1);
    et_fill(t, r, g_in2, n2);
    memcpy(g_copy1, g_in1, (size_t)n1 * t->esize);
    memcpy(g_copy2, g_in2, (size_t)n2 * t->esize);
    bool ok = true;
    int32_t k = 0;
    for (int32_t n = 0; n < o[0]; n++)
        for (int32_t h = 0; h < o[1]; h++)
            for (int32_t w = 0; w < o[2]; w++)
                for (int32_t c = 0; c < o[3]; c++)
                {
                    g_want[k++] = (int16_t)ref_q(op, et_get(t, g_in1, im_bcast_index(a, n, h, w, c)),
                                                 et_get(t, g_in2, im_bcast_index(b, n, h, w, c)), p, &ok);
                }
    KILN_CHECK(ok || !valid);
    kiln_test_context("%s s%d it=%ld bcast in1={%ld,%ld,%ld,%ld} in2={%ld,%ld,%ld,%ld}", OP_NAME[op], t->s16 ? 16 : 8,
                      (long)it, (long)a[0], (long)a[1], (long)a[2], (long)a[3], (long)b[0], (long)b[1], (long)b[2],
                      (long)b[3]);
    const cmsis_nn_dims d1 = {a[0], a[1], a[2], a[3]}, d2 = {b[0], b[1], b[2], b[3]}, dout = {o[0], o[1], o[2], o[3]};
    memset(g_out, IM_CANARY, sizeof(g_out));
    void *out = g_out + IM_GUARD;
    const arm_cmsis_nn_status st = call_bcast(op, t, g_in1, &d1, g_in2, &d2, out, &dout, p);
    if (!valid)
    {
        KILN_CHECK_EQ(st, ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK(out_untouched());
        return;
    }
    KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
    for (int32_t i = 0; i < total; i++)
    {
        if (!KILN_CHECK_EQ(et_get(t, out, i), g_want[i]))
        {
            break;
        }
    }
    KILN_CHECK(im_guards_intact(g_out, (size_t)total * t->esize));
    KILN_CHECK(memcmp(g_in1, g_copy1, (size_t)n1 * t->esize) == 0);
    KILN_CHECK(memcmp(g_in2, g_copy2, (size_t)n2 * t->esize) == 0);
    if (it % 16 == 4)
    {
        edge_call e = {op, t, p, &d1, &d2, &dout, g_in1, g_in2, out, total};
        const kiln_edge_operand ops[] = {{"input 1", &e.a, (size_t)n1 * t->esize},
                                         {"input 2", &e.b, (size_t)n2 * t->esize},
                                         {"output", &e.out, (size_t)total * t->esize}};
        kiln_edge_each(ops, 3, edge_run, &e);
    }
    if (n1 == total && it % 4 == 1)
    {
        /* The output over input 1 (of the output's shape). */
        KILN_CHECK_EQ(call_bcast(op, t, g_in1, &d1, g_in2, &d2, g_in1, &dout, p), ARM_CMSIS_NN_SUCCESS);
        for (int32_t i = 0; i < total; i++)
        {
            if (!KILN_CHECK_EQ(et_get(t, g_in1, i), g_want[i]))
            {
                break;
            }
        }
    }
}

/* Every int8 pair through the same-shape and scalar forms, in chunks. */
static void check_all_pairs_s8(int32_t op, const qp *p, bool valid)
{
    const et_type *t = &ET_S8;
    for (int32_t base = 0; base < 65536; base += MAX_ELEMS)
    {
        for (int32_t i = 0; i < MAX_ELEMS; i++)
        {
            et_set(t, g_in1, i, (int8_t)((base + i) >> 8));
            et_set(t, g_in2, i, (int8_t)(base + i));
        }
        const bool ok = want_block(op, false, t, MAX_ELEMS, p);
        KILN_CHECK(ok || !valid);
        check_block(op, false, t, MAX_ELEMS, p, valid);
        /* The scalar form: in1[0] against the 256 values in the chunk's runs. */
        KILN_CHECK(want_block(op, true, t, MAX_ELEMS, p) || !valid);
        check_block(op, true, t, MAX_ELEMS, p, valid);
        if (!valid)
        {
            return;
        }
    }
}

static int32_t g_valid[2][3], g_sets[2][3];

static void random_set(kiln_rng *r, int32_t it)
{
    const et_type *t = (it & 1) ? &ET_S16 : &ET_S8;
    const int32_t op = (it >> 1) % 3;
    qp p;
    if ((it >> 3) % 4 == 3)
    {
        gen_extreme(r, t, &p);
    }
    else
    {
        gen_tflite(r, op, t, &p);
        if ((it >> 3) % 4 == 2)
        {
            /* A TFLite set nudged towards the edge of the accepted domain. */
            const int32_t k = kiln_rng_range(r, 0, 4);
            p.ls += k == 0 ? kiln_rng_range(r, 1, 12) : 0;
            p.os += k == 1 ? kiln_rng_range(r, 1, 12) : 0;
            p.s1 += k == 2 ? kiln_rng_range(r, 1, 12) : 0;
            p.oo = k == 3 ? INT32_MAX - kiln_rng_range(r, 0, 1 << 24) : p.oo;
            p.o2 = k == 4 ? (kiln_rng_range(r, 0, 1) ? 1 : -1) * (t->s16 ? 65535 : 255) : p.o2;
        }
    }
    const bool valid = ref_valid(op, t, &p);
    g_sets[t->s16][op]++;
    g_valid[t->s16][op] += valid;
    kiln_test_context("%s s%d it=%ld valid=%d o1=%ld m1=%ld s1=%ld o2=%ld m2=%ld s2=%ld ls=%ld oo=%ld om=%ld os=%ld "
                      "act=[%ld,%ld]",
                      OP_NAME[op], t->s16 ? 16 : 8, (long)it, (int)valid, (long)p.o1, (long)p.m1, (long)p.s1,
                      (long)p.o2, (long)p.m2, (long)p.s2, (long)p.ls, (long)p.oo, (long)p.om, (long)p.os, (long)p.amin,
                      (long)p.amax);
    if (!t->s16 && it % kiln_test_iterations(16, 64) == 0)
    {
        check_all_pairs_s8(op, &p, valid);
    }
    /* Same-shape and scalar forms on random data. */
    const int32_t n = kiln_rng_range(r, 0, 3) == 0 ? kiln_rng_range(r, 0, 8) : kiln_rng_range(r, 1, 300);
    et_fill(t, r, g_in1, n > 0 ? n : 1);
    et_fill(t, r, g_in2, n);
    KILN_CHECK(want_block(op, false, t, n, &p) || !valid);
    check_block(op, false, t, n, &p, valid);
    if (valid && n > 0 && it % 4 == 2)
    {
        check_in_place(op, t, n, &p);
        et_fill(t, r, g_in1, n);
    }
    KILN_CHECK(want_block(op, true, t, n, &p) || !valid);
    check_block(op, true, t, n, &p, valid);
    if (valid && n > 0 && it % 16 == 9)
    {
        block_edge e = {op, t, &p, n, g_in1, g_in2, g_out + IM_GUARD};
        const kiln_edge_operand ops[] = {{"scalar", &e.a, t->esize},
                                         {"vector", &e.b, (size_t)n * t->esize},
                                         {"output", &e.out, (size_t)n * t->esize}};
        kiln_edge_each(ops, 3, block_edge_run, &e);
    }
    check_bcast(r, it, op, t, &p, valid);
}

static void test_ew_q_random(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0xE3A11u);
    const int32_t iters = kiln_test_iterations(3000, 480);
    for (int32_t it = 0; it < iters; it++)
    {
        random_set(&r, it);
    }
    /* Both outcomes must be well represented for each op and type. */
    for (int32_t ty = 0; ty < 2; ty++)
    {
        for (int32_t op = 0; op < 3; op++)
        {
            printf("%s s%d: %ld of %ld parameter sets valid\n", OP_NAME[op], ty ? 16 : 8, (long)g_valid[ty][op],
                   (long)g_sets[ty][op]);
            KILN_CHECK(g_valid[ty][op] * 4 >= g_sets[ty][op] && g_valid[ty][op] * 10 <= g_sets[ty][op] * 9);
        }
    }
}

/* SUB is not ADD with a negated multiplier: a tie of the doubling high multiply (x * m = 2^30 (2k + 1)) rounds
 * towards +infinity in both, so x1 - x2 and x1 + (-x2) differ. The reference decides; here a set with ties. */
static void test_sub_ties(void)
{
    const qp p = {0, 1 << 30, 0, 0, 1 << 30, 0, 0, 0, 1 << 30, 0, INT8_MIN, INT8_MAX};
    /* x1 = round(a / 2) and x2 = round(b / 2), ties up: for odd a and b, -(round(b/2)) != round(-b/2). */
    int8_t a[4] = {1, 3, -5, 7}, b[4] = {1, -3, 5, 7}, out[4], neg[4];
    KILN_CHECK_EQ(arm_elementwise_sub_s8(a, b, p.o1, p.m1, p.s1, p.o2, p.m2, p.s2, p.ls, out, p.oo, p.om, p.os, p.amin,
                                         p.amax, 4),
                  ARM_CMSIS_NN_SUCCESS);
    bool differs = false;
    for (int32_t i = 0; i < 4; i++)
    {
        bool ok = true;
        KILN_CHECK_EQ(out[i], ref_q(OP_SUB, a[i], b[i], &p, &ok));
        KILN_CHECK(ok);
        neg[i] = (int8_t)-b[i];
    }
    /* ADD of the negated input would give another result on these (the test's premise). */
    int8_t via_add[4];
    KILN_CHECK_EQ(arm_elementwise_add_s8(a, neg, p.o1, p.m1, p.s1, p.o2, p.m2, p.s2, p.ls, via_add, p.oo, p.om, p.os,
                                         p.amin, p.amax, 4),
                  ARM_CMSIS_NN_SUCCESS);
    for (int32_t i = 0; i < 4; i++)
    {
        differs |= via_add[i] != out[i];
    }
    KILN_CHECK(differs);
}

/* SQUARED_DIFFERENCE's bound |x1 - x2| <= 46340 exactly (int16, x = round((in + offset) / 2)): the largest
 * difference is round((32767 + o1) / 2) + 16384, 46340 for o1 = 27144 and 27145, 46341 for o1 = 27146. */
static void test_sqdiff_bound(void)
{
    const int32_t o1s[3] = {27144, 27145, 27146};
    const bool want_valid[3] = {true, true, false};
    int16_t a[2] = {INT16_MAX, 0}, b[2] = {INT16_MIN, 5};
    const cmsis_nn_dims d = {1, 1, 1, 2};
    for (int32_t k = 0; k < 3; k++)
    {
        const qp p = {o1s[k], 1 << 30, 0, 0, 1 << 30, 0, 0, 0, 1 << 30, -16, INT16_MIN, INT16_MAX};
        kiln_test_context("o1=%ld", (long)o1s[k]);
        KILN_CHECK_EQ(ref_valid(OP_SQ, &ET_S16, &p), want_valid[k]);
        const arm_cmsis_nn_status want_st = want_valid[k] ? ARM_CMSIS_NN_SUCCESS : ARM_CMSIS_NN_ARG_ERROR;
        int16_t out[2] = {7, 7};
        KILN_CHECK_EQ(call_block(OP_SQ, false, &ET_S16, a, b, out, 2, &p), want_st);
        KILN_CHECK_EQ(call_block(OP_SQ, true, &ET_S16, a, b, out, 2, &p), want_st);
        KILN_CHECK_EQ(call_bcast(OP_SQ, &ET_S16, a, &d, b, &d, out, &d, &p), want_st);
        if (want_valid[k])
        {
            bool ok = true;
            KILN_CHECK_EQ(out[0], ref_q(OP_SQ, a[0], b[0], &p, &ok));
            KILN_CHECK_EQ(out[1], ref_q(OP_SQ, a[1], b[1], &p, &ok));
            KILN_CHECK(ok);
        }
    }
}

/* int16 ADD / SUB of the Helium fast forms at their edges (kernels/kiln_ew_int_mve.c; every backend runs them):
 * inputs exact (multiplier one half, no shift) or rounded (a right shift), in both orders and both exact; output right
 * shifts 1 .. 31 around 16 (the saturating-shift clamp), output offsets up to where co = 2^(ro - 1) + offset * 2^ro
 * nears int32 (a saturating stage), the whole int16 range and narrower ones; inputs at the type's extremes. */
static void test_s16_fast_form_edges(void)
{
    kiln_rng rng;
    kiln_rng_seed(&rng, 1601);
    static const int32_t out_shifts[] = {-1, -2, -14, -15, -16, -17, -18, -20, -24, -31};
    const int32_t n = 64;
    int32_t sets = 0, valid_sets = 0;
    for (int32_t op = OP_ADD; op <= OP_SUB; op++)
    {
        for (int32_t kinds = 0; kinds < 3; kinds++) /* E R, R E, E E */
        {
            for (size_t si = 0; si < sizeof(out_shifts) / sizeof(out_shifts[0]); si++)
            {
                for (int32_t rep = 0; rep < 6; rep++)
                {
                    qp p;
                    p.o1 = p.o2 = 0;
                    p.ls = 15;
                    const int32_t rm = kiln_rng_range(&rng, 1 << 30, INT32_MAX);
                    const int32_t rs = -kiln_rng_range(&rng, 1, 12);
                    p.m1 = kinds == 1 ? rm : 1 << 30;
                    p.s1 = kinds == 1 ? rs : 0;
                    p.m2 = kinds == 0 ? rm : 1 << 30;
                    p.s2 = kinds == 0 ? rs : 0;
                    p.om = kiln_rng_range(&rng, 1 << 30, INT32_MAX);
                    p.os = out_shifts[si];
                    const int32_t ro = -p.os;
                    p.oo = et_edge_out_offset(&rng, ro, rep % 3);
                    p.amin = INT16_MIN;
                    p.amax = INT16_MAX;
                    if (rep >= 3)
                    {
                        p.amin = kiln_rng_range(&rng, INT16_MIN, 0);
                        p.amax = kiln_rng_range(&rng, p.amin, INT16_MAX);
                    }
                    et_edge_fill_s16(&rng, g_in1, g_in2, n);
                    const bool valid = ref_valid(op, &ET_S16, &p);
                    sets++;
                    valid_sets += valid;
                    kiln_test_context("%s kinds %d os %d oo %d act [%d, %d]", OP_NAME[op], (int)kinds, (int)p.os,
                                      (int)p.oo, (int)p.amin, (int)p.amax);
                    if (valid)
                    {
                        KILN_CHECK(want_block(op, false, &ET_S16, n, &p));
                    }
                    check_block(op, false, &ET_S16, n, &p, valid);
                }
            }
        }
    }
    kiln_test_context("%s", "");
    KILN_CHECK(valid_sets * 2 > sets); /* most sets are valid: the edges are reached, not declined */
}

static void test_ew_q_bad_input(void)
{
    int16_t a[64], b[64];
    for (int32_t i = 0; i < 64; i++)
    {
        a[i] = (int16_t)(i * 3 - 90);
        b[i] = (int16_t)(60 - i * 2);
    }
    for (int32_t ty = 0; ty < 2; ty++)
    {
        const et_type *t = ty ? &ET_S16 : &ET_S8;
        const int32_t omax = t->s16 ? 65535 : 255, lsmax = t->s16 ? 31 : 30;
        for (int32_t op = 0; op < 3; op++)
        {
            qp good;
            /* A valid TFLite-like set (checked by the reference). */
            good.o1 = 3;
            good.o2 = -7;
            good.oo = t->s16 ? 5 : -3;
            good.ls = op == OP_SQ ? (t->s16 ? 0 : 7) : (t->s16 ? 15 : 20);
            good.m1 = 1 << 30;
            good.m2 = 1518500250;
            good.s1 = -1;
            good.s2 = -2;
            good.om = 1 << 30;
            good.os = op == OP_SQ ? -20 : -19;
            good.amin = t->tmin;
            good.amax = t->tmax;
            KILN_CHECK(ref_valid(op, t, &good));
            struct
            {
                const char *what;
                qp p;
            } cases[] = {
                {"input 1 offset", good},
                {"input 2 offset", good},
                {"negative left shift", good},
                {"left shift too large", good},
                {"negative multiplier", good},
                {"shift 31", good},
                {"shift -32", good},
                {"act min > max", good},
                {"act below the type", good},
                {"act above the type", good},
                {"output offset overflow", good},
                {"output left shift overflow", good},
                {"input left shift overflow", good},
            };
            cases[0].p.o1 = omax + 1;
            cases[1].p.o2 = -omax - 1;
            cases[2].p.ls = -1;
            cases[3].p.ls = lsmax + 1;
            cases[4].p.m2 = -1;
            cases[5].p.s1 = 31;
            cases[6].p.os = -32;
            cases[7].p.amin = 1;
            cases[7].p.amax = 0;
            cases[8].p.amin = t->tmin - 1;
            cases[9].p.amax = t->tmax + 1;
            cases[10].p.oo = t->s16 ? 65536 : INT32_MAX;
            cases[11].p.os = 30;
            cases[12].p.s1 = 30;
            const size_t ncase = sizeof(cases) / sizeof(cases[0]);
            const cmsis_nn_dims d = {1, 2, 4, 8};
            for (size_t k = 0; k < ncase; k++)
            {
                kiln_test_context("%s s%d: %s", OP_NAME[op], t->s16 ? 16 : 8, cases[k].what);
                KILN_CHECK(!ref_valid(op, t, &cases[k].p));
                for (int32_t form = 0; form < 3; form++)
                {
                    memset(g_out, IM_CANARY, sizeof(g_out));
                    void *out = g_out + IM_GUARD;
                    const arm_cmsis_nn_status st = form < 2 ? call_block(op, form == 1, t, a, b, out, 64, &cases[k].p)
                                                            : call_bcast(op, t, a, &d, b, &d, out, &d, &cases[k].p);
                    KILN_CHECK_EQ(st, ARM_CMSIS_NN_ARG_ERROR);
                    KILN_CHECK(out_untouched());
                }
            }
            /* Pointers, block size and dims, with the valid set. */
            const cmsis_nn_dims dz = {1, 2, 0, 8}, dn = {1, -2, 4, 8}, d4 = {1, 2, 4, 4}, d1 = {1, 2, 1, 8};
            const cmsis_nn_dims dbig = {65536, 65536, 1, 1}, one = {1, 1, 1, 1};
            struct
            {
                const char *what;
                const void *a, *b;
                bool null_out;
                const cmsis_nn_dims *da, *db, *dout;
            } bc[] = {
                {"NULL input 1", NULL, b, false, &d, &d, &d},
                {"NULL input 2", a, NULL, false, &d, &d, &d},
                {"NULL output", a, b, true, &d, &d, &d},
                {"NULL input 1 dims", a, b, false, NULL, &d, &d},
                {"NULL input 2 dims", a, b, false, &d, NULL, &d},
                {"NULL output dims", a, b, false, &d, &d, NULL},
                {"zero dim (ns-cmsis-nn refuses empty tensors)", a, b, false, &dz, &dz, &dz},
                {"negative dim", a, b, false, &dn, &dn, &dn},
                {"dims that do not broadcast", a, b, false, &d, &d4, &d},
                {"output smaller than the broadcast", a, b, false, &d, &d1, &d1},
                {"output larger than the broadcast", a, b, false, &d1, &d1, &d},
                {"more than INT32_MAX outputs", a, b, false, &dbig, &one, &dbig},
            };
            for (size_t k = 0; k < sizeof(bc) / sizeof(bc[0]); k++)
            {
                kiln_test_context("%s s%d: %s", OP_NAME[op], t->s16 ? 16 : 8, bc[k].what);
                memset(g_out, IM_CANARY, sizeof(g_out));
                void *out = bc[k].null_out ? NULL : (void *)(g_out + IM_GUARD);
                KILN_CHECK_EQ(call_bcast(op, t, bc[k].a, bc[k].da, bc[k].b, bc[k].db, out, bc[k].dout, &good),
                              ARM_CMSIS_NN_ARG_ERROR);
                KILN_CHECK(out_untouched());
                if (k < 3)
                {
                    for (int32_t form = 0; form < 2; form++)
                    {
                        KILN_CHECK_EQ(call_block(op, form == 1, t, bc[k].a, bc[k].b, out, 64, &good),
                                      ARM_CMSIS_NN_ARG_ERROR);
                        KILN_CHECK(out_untouched());
                    }
                }
            }
            for (int32_t form = 0; form < 2; form++)
            {
                kiln_test_context("%s s%d: negative block size", OP_NAME[op], t->s16 ? 16 : 8);
                memset(g_out, IM_CANARY, sizeof(g_out));
                KILN_CHECK_EQ(call_block(op, form == 1, t, a, b, g_out + IM_GUARD, -1, &good), ARM_CMSIS_NN_ARG_ERROR);
                KILN_CHECK(out_untouched());
                /* block_size 0: success, nothing written. */
                KILN_CHECK_EQ(call_block(op, form == 1, t, a, b, g_out + IM_GUARD, 0, &good), ARM_CMSIS_NN_SUCCESS);
                KILN_CHECK(out_untouched());
            }
        }
    }
}

int main(void)
{
    KILN_RUN(test_sub_ties);
    KILN_RUN(test_sqdiff_bound);
    KILN_RUN(test_ew_q_random);
    KILN_RUN(test_s16_fast_form_edges);
    KILN_RUN(test_ew_q_bad_input);
    return kiln_test_finish();
}
