/*
 * MUL (arm_mul_<t> broadcasting, arm_mul_scalar_<t>) and PRELU (arm_elementwise_prelu_<t>, arm_prelu_scalar_<t>
 * with the scalar as input or as alpha), int8 and int16: random parameter sets (TFLite's form and extreme /
 * out-of-range values) against TFLite's arithmetic written here with overflow detection, which also decides
 * whether a set must be accepted; every int8 pair exhaustively on part of the sets; every broadcast pattern;
 * guard bytes, inputs unchanged, operands at the ends of memory; bad-input tables.
 */
#include <stdint.h>
#include <string.h>

#include "ew_int_test.h"

#define MAX_ELEMS 2048

typedef struct
{
    int32_t o1, o2, oo, om, os, amin, amax;
} mp;

typedef struct
{
    int32_t io, ao, oo, mi, si, ma, sa;
} pp;

static int16_t g_in1[MAX_ELEMS], g_in2[MAX_ELEMS], g_copy1[MAX_ELEMS], g_copy2[MAX_ELEMS], g_want[MAX_ELEMS];
static uint8_t g_out[MAX_ELEMS * 2 + 2 * IM_GUARD];

/* ---- references ------------------------------------------------------------------------------------------- */

static int32_t ref_mul(int32_t a, int32_t b, const mp *p, bool *ok)
{
    const int32_t prod = et_fit(((int64_t)a + p->o1) * ((int64_t)b + p->o2), ok);
    const int32_t y = *ok ? im_mbqm(prod, p->om, p->os, ok) : 0;
    const int32_t v = *ok ? et_fit((int64_t)y + p->oo, ok) : 0;
    return et_clamp(v, p->amin, p->amax);
}

static bool ref_mul_valid(const et_type *t, const mp *p)
{
    const int32_t omax = t->s16 ? 65535 : 255;
    if (p->o1 < -omax || p->o1 > omax || p->o2 < -omax || p->o2 > omax || (t->s16 && (p->oo < -omax || p->oo > omax)))
    {
        return false;
    }
    if (p->amin > p->amax || p->amin < t->tmin || p->amax > t->tmax || !et_scale_domain(p->om, p->os))
    {
        return false;
    }
    /* (a + o1) * (b + o2) is bilinear: its extremes over the box are at corners, and the output stage overflows
     * (left shift: larger |product|; + out_offset: monotonic) only at the extremes. */
    bool ok = true;
    const int32_t ends[2] = {t->tmin, t->tmax};
    for (int32_t i = 0; i < 2; i++)
    {
        for (int32_t j = 0; j < 2; j++)
        {
            (void)ref_mul(ends[i], ends[j], p, &ok);
        }
    }
    return ok;
}

static int32_t ref_prelu(const et_type *t, int32_t x, int32_t al, const pp *p, bool *ok)
{
    const int64_t v = (int64_t)x + p->io;
    int32_t y;
    if (v >= 0)
    {
        y = im_mbqm(et_fit(v, ok), p->mi, p->si, ok);
    }
    else
    {
        y = im_mbqm(et_fit(v * ((int64_t)al + p->ao), ok), p->ma, p->sa, ok);
    }
    const int32_t out = *ok ? et_fit((int64_t)y + p->oo, ok) : 0;
    return et_clamp(out, t->tmin, t->tmax);
}

static bool ref_prelu_valid(const et_type *t, const pp *p)
{
    const int32_t omax = t->s16 ? 65535 : 255;
    if (p->io < -omax || p->io > omax || p->ao < -omax || p->ao > omax || (t->s16 && (p->oo < -omax || p->oo > omax)))
    {
        return false;
    }
    if (!et_scale_domain(p->mi, p->si) || !et_scale_domain(p->ma, p->sa))
    {
        return false;
    }
    bool ok = true;
    /* Identity branch: every input (brute force); alpha branch: v * alpha is bilinear over the inputs with v < 0
     * and every alpha, extreme at the corners (v = tmin + io and the largest negative v). */
    for (int32_t x = t->tmin; x <= t->tmax && ok; x++)
    {
        if ((int64_t)x + p->io >= 0)
        {
            (void)ref_prelu(t, x, 0, p, &ok);
        }
    }
    const int32_t xneg_hi = (int32_t)((int64_t)t->tmax + p->io < 0 ? t->tmax : -1 - p->io);
    if ((int64_t)t->tmin + p->io < 0)
    {
        const int32_t xs[2] = {t->tmin, xneg_hi}, als[2] = {t->tmin, t->tmax};
        for (int32_t i = 0; i < 2; i++)
        {
            for (int32_t j = 0; j < 2; j++)
            {
                (void)ref_prelu(t, xs[i], als[j], p, &ok);
            }
        }
    }
    return ok;
}

/* ---- calls ------------------------------------------------------------------------------------------------ */

static arm_cmsis_nn_status
call_mul_scalar(const et_type *t, const void *a, const void *b, void *out, int32_t n, const mp *p)
{
    if (t->s16)
    {
        return arm_mul_scalar_s16((const int16_t *)a, (const int16_t *)b, p->o1, p->o2, (int16_t *)out, p->oo, p->om,
                                  p->os, p->amin, p->amax, n);
    }
    return arm_mul_scalar_s8((const int8_t *)a, (const int8_t *)b, p->o1, p->o2, (int8_t *)out, p->oo, p->om, p->os,
                             p->amin, p->amax, n);
}

static arm_cmsis_nn_status call_mul_bcast(const et_type *t,
                                          const void *a,
                                          const cmsis_nn_dims *da,
                                          const void *b,
                                          const cmsis_nn_dims *db,
                                          void *out,
                                          const cmsis_nn_dims *dout,
                                          const mp *p)
{
    if (t->s16)
    {
        return arm_mul_s16((const int16_t *)a, da, (const int16_t *)b, db, p->o1, p->o2, (int16_t *)out, dout, p->oo,
                           p->om, p->os, p->amin, p->amax);
    }
    return arm_mul_s8((const int8_t *)a, da, (const int8_t *)b, db, p->o1, p->o2, (int8_t *)out, dout, p->oo, p->om,
                      p->os, p->amin, p->amax);
}

/* form 0: elementwise (x, alpha); 1: scalar input x[0] against alphas; 2: scalar alpha[0] against inputs. */
static arm_cmsis_nn_status
call_prelu(const et_type *t, int32_t form, const void *x, const void *al, void *out, int32_t n, const pp *p)
{
    if (t->s16)
    {
        if (form == 0)
        {
            return arm_elementwise_prelu_s16((const int16_t *)x, (const int16_t *)al, p->io, p->ao, p->oo, p->mi, p->si,
                                             p->ma, p->sa, (int16_t *)out, n);
        }
        return arm_prelu_scalar_s16(form == 1 ? (const int16_t *)x : (const int16_t *)al,
                                    form == 1 ? (const int16_t *)al : (const int16_t *)x, form == 1, p->io, p->ao,
                                    p->oo, p->mi, p->si, p->ma, p->sa, (int16_t *)out, n);
    }
    if (form == 0)
    {
        return arm_elementwise_prelu_s8((const int8_t *)x, (const int8_t *)al, p->io, p->ao, p->oo, p->mi, p->si, p->ma,
                                        p->sa, (int8_t *)out, n);
    }
    return arm_prelu_scalar_s8(form == 1 ? (const int8_t *)x : (const int8_t *)al,
                               form == 1 ? (const int8_t *)al : (const int8_t *)x, form == 1, p->io, p->ao, p->oo,
                               p->mi, p->si, p->ma, p->sa, (int8_t *)out, n);
}

/* ---- shared checks ---------------------------------------------------------------------------------------- */

static void *fresh_out(void)
{
    memset(g_out, IM_CANARY, sizeof(g_out));
    return g_out + IM_GUARD;
}

/* After a call: the expected status, then either nothing written or g_want in [0, n) with the guards intact and
 * the inputs (n1 / n2 elements) unchanged. */
static void
check_result(const et_type *t, arm_cmsis_nn_status st, bool valid, const void *out, int32_t n, int32_t n1, int32_t n2)
{
    if (!valid)
    {
        KILN_CHECK_EQ(st, ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK(im_all_canary(g_out, sizeof(g_out)));
        return;
    }
    KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
    for (int32_t i = 0; i < n; i++)
    {
        if (!KILN_CHECK_EQ(et_get(t, out, i), g_want[i]))
        {
            break;
        }
    }
    KILN_CHECK(im_guards_intact(g_out, (size_t)n * t->esize));
    KILN_CHECK(memcmp(g_in1, g_copy1, (size_t)n1 * t->esize) == 0);
    KILN_CHECK(memcmp(g_in2, g_copy2, (size_t)n2 * t->esize) == 0);
}

static void snapshot(const et_type *t, int32_t n1, int32_t n2)
{
    memcpy(g_copy1, g_in1, (size_t)n1 * t->esize);
    memcpy(g_copy2, g_in2, (size_t)n2 * t->esize);
}

static int32_t rand_offset(kiln_rng *r, const et_type *t, bool tflite)
{
    const int32_t omax = t->s16 ? 65535 : 255;
    if (tflite)
    {
        return t->s16 ? 0 : kiln_rng_range(r, -128, 127);
    }
    const int32_t pick = kiln_rng_range(r, 0, 9);
    return pick == 0 ? omax + 1 : (pick == 1 ? -omax - 1 : (pick == 2 ? omax : kiln_rng_range(r, -omax, omax)));
}

static int32_t rand_out_offset(kiln_rng *r, const et_type *t, bool tflite)
{
    if (tflite || kiln_rng_range(r, 0, 3) != 0)
    {
        return rand_offset(r, t, tflite);
    }
    return kiln_rng_range(r, 0, 1) ? INT32_MAX - kiln_rng_range(r, 0, 1 << 24)
                                   : INT32_MIN + kiln_rng_range(r, 0, 1 << 24);
}

/* ---- MUL -------------------------------------------------------------------------------------------------- */

typedef struct
{
    const et_type *t;
    const mp *p;
    const cmsis_nn_dims *d1, *d2, *dout;
    void *a, *b, *out;
    int32_t total;
} mul_edge;

static bool mul_edge_run(void *arg)
{
    const mul_edge *k = (const mul_edge *)arg;
    bool ok =
        KILN_CHECK_EQ(call_mul_bcast(k->t, k->a, k->d1, k->b, k->d2, k->out, k->dout, k->p), ARM_CMSIS_NN_SUCCESS);
    for (int32_t i = 0; ok && i < k->total; i++)
    {
        ok &= KILN_CHECK_EQ(et_get(k->t, k->out, i), g_want[i]);
    }
    return ok;
}

static void mul_set(kiln_rng *r, int32_t it, int32_t *nvalid)
{
    const et_type *t = (it & 1) ? &ET_S16 : &ET_S8;
    const bool tflite = (it >> 1) % 3 != 2;
    mp p;
    p.o1 = -rand_offset(r, t, tflite);
    p.o2 = -rand_offset(r, t, tflite);
    p.oo = rand_out_offset(r, t, tflite);
    if (tflite)
    {
        /* s1 * s2 / so: above 1 often (a positive shift). */
        im_quantize_multiplier(et_rand_scale(r, -24, 8), &p.om, &p.os);
    }
    else
    {
        p.om = et_rand_mult(r);
        p.os = et_rand_shift(r);
    }
    p.amin = t->tmin;
    p.amax = t->tmax;
    if (kiln_rng_range(r, 0, 2) == 0)
    {
        p.amin = kiln_rng_range(r, t->tmin - (tflite ? 0 : 1), t->tmax);
        p.amax = kiln_rng_range(r, p.amin - (tflite ? 0 : 1), t->tmax + (tflite ? 0 : 1));
    }
    const bool valid = ref_mul_valid(t, &p);
    *nvalid += valid;
    kiln_test_context("mul s%d it=%ld valid=%d o1=%ld o2=%ld oo=%ld om=%ld os=%ld act=[%ld,%ld]", t->s16 ? 16 : 8,
                      (long)it, (int)valid, (long)p.o1, (long)p.o2, (long)p.oo, (long)p.om, (long)p.os, (long)p.amin,
                      (long)p.amax);
    bool ok = true;
    if (!t->s16 && it % kiln_test_iterations(8, 64) == 0)
    {
        /* Every int8 pair: the scalar form with each of the 256 scalars against all 256 values. */
        for (int32_t i = 0; i < 256; i++)
        {
            et_set(t, g_in2, i, i - 128);
        }
        for (int32_t s = -128; s < 128 && (valid || s == -128); s++)
        {
            et_set(t, g_in1, 0, s);
            for (int32_t i = 0; i < 256; i++)
            {
                g_want[i] = (int16_t)ref_mul(s, i - 128, &p, &ok);
            }
            snapshot(t, 1, 256);
            void *out = fresh_out();
            check_result(t, call_mul_scalar(t, g_in1, g_in2, out, 256, &p), valid, out, 256, 1, 256);
        }
        KILN_CHECK(ok || !valid);
    }
    /* Scalar form on random data. */
    const int32_t n = kiln_rng_range(r, 0, 300);
    et_fill(t, r, g_in1, 1);
    et_fill(t, r, g_in2, n);
    for (int32_t i = 0; i < n; i++)
    {
        g_want[i] = (int16_t)ref_mul(et_get(t, g_in1, 0), et_get(t, g_in2, i), &p, &ok);
    }
    KILN_CHECK(ok || !valid);
    snapshot(t, 1, n);
    void *out = fresh_out();
    check_result(t, call_mul_scalar(t, g_in1, g_in2, out, n, &p), valid, out, n, 1, n);
    /* Broadcast form. */
    int32_t o[4], a[4], b[4];
    im_broadcast_shape(r, it & 0xFF, MAX_ELEMS, false, o, a, b);
    const int32_t total = im_count4(o), n1 = im_count4(a), n2 = im_count4(b);
    et_fill(t, r, g_in1, n1);
    et_fill(t, r, g_in2, n2);
    int32_t k = 0;
    for (int32_t in = 0; in < o[0]; in++)
        for (int32_t h = 0; h < o[1]; h++)
            for (int32_t w = 0; w < o[2]; w++)
                for (int32_t c = 0; c < o[3]; c++)
                {
                    g_want[k++] = (int16_t)ref_mul(et_get(t, g_in1, im_bcast_index(a, in, h, w, c)),
                                                   et_get(t, g_in2, im_bcast_index(b, in, h, w, c)), &p, &ok);
                }
    KILN_CHECK(ok || !valid);
    const cmsis_nn_dims d1 = {a[0], a[1], a[2], a[3]}, d2 = {b[0], b[1], b[2], b[3]}, dout = {o[0], o[1], o[2], o[3]};
    snapshot(t, n1, n2);
    out = fresh_out();
    check_result(t, call_mul_bcast(t, g_in1, &d1, g_in2, &d2, out, &dout, &p), valid, out, total, n1, n2);
    if (valid && it % 16 == 5)
    {
        mul_edge e = {t, &p, &d1, &d2, &dout, g_in1, g_in2, out, total};
        const kiln_edge_operand ops[] = {{"input 1", &e.a, (size_t)n1 * t->esize},
                                         {"input 2", &e.b, (size_t)n2 * t->esize},
                                         {"output", &e.out, (size_t)total * t->esize}};
        kiln_edge_each(ops, 3, mul_edge_run, &e);
    }
    if (valid && n2 == total && it % 4 == 3)
    {
        KILN_CHECK_EQ(call_mul_bcast(t, g_in1, &d1, g_in2, &d2, g_in2, &dout, &p), ARM_CMSIS_NN_SUCCESS);
        for (int32_t i = 0; i < total; i++)
        {
            if (!KILN_CHECK_EQ(et_get(t, g_in2, i), g_want[i]))
            {
                break;
            }
        }
    }
}

static void test_mul_random(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x3A11u);
    const int32_t iters = kiln_test_iterations(2400, 400);
    int32_t nvalid = 0;
    for (int32_t it = 0; it < iters; it++)
    {
        mul_set(&r, it, &nvalid);
    }
    printf("mul: %ld of %ld parameter sets valid\n", (long)nvalid, (long)iters);
    KILN_CHECK(nvalid * 4 >= iters && nvalid * 10 <= iters * 9);
}

/* ---- PRELU ------------------------------------------------------------------------------------------------ */

typedef struct
{
    const et_type *t;
    const pp *p;
    int32_t form, n;
    void *x, *al, *out;
} prelu_edge;

static bool prelu_edge_run(void *arg)
{
    const prelu_edge *k = (const prelu_edge *)arg;
    bool ok = KILN_CHECK_EQ(call_prelu(k->t, k->form, k->x, k->al, k->out, k->n, k->p), ARM_CMSIS_NN_SUCCESS);
    for (int32_t i = 0; ok && i < k->n; i++)
    {
        ok &= KILN_CHECK_EQ(et_get(k->t, k->out, i), g_want[i]);
    }
    return ok;
}

static void prelu_set(kiln_rng *r, int32_t it, int32_t *nvalid)
{
    const et_type *t = (it & 1) ? &ET_S16 : &ET_S8;
    const bool tflite = (it >> 1) % 3 != 2;
    pp p;
    p.io = -rand_offset(r, t, tflite);
    p.ao = -rand_offset(r, t, tflite);
    p.oo = rand_out_offset(r, t, tflite);
    if (tflite)
    {
        /* Identity: s_in / s_out; alpha: s_in * s_alpha / s_out. */
        im_quantize_multiplier(et_rand_scale(r, -8, 6), &p.mi, &p.si);
        im_quantize_multiplier(et_rand_scale(r, -20, 2), &p.ma, &p.sa);
    }
    else
    {
        p.mi = et_rand_mult(r);
        p.si = et_rand_shift(r);
        p.ma = et_rand_mult(r);
        p.sa = et_rand_shift(r);
    }
    const bool valid = ref_prelu_valid(t, &p);
    *nvalid += valid;
    kiln_test_context("prelu s%d it=%ld valid=%d io=%ld ao=%ld oo=%ld mi=%ld si=%ld ma=%ld sa=%ld", t->s16 ? 16 : 8,
                      (long)it, (int)valid, (long)p.io, (long)p.ao, (long)p.oo, (long)p.mi, (long)p.si, (long)p.ma,
                      (long)p.sa);
    bool ok = true;
    if (!t->s16 && valid && it % kiln_test_iterations(8, 64) == 0)
    {
        /* Every int8 (input, alpha) pair: the scalar-input form, each input against all 256 alphas. */
        for (int32_t i = 0; i < 256; i++)
        {
            et_set(t, g_in2, i, i - 128);
        }
        for (int32_t x = -128; x < 128; x++)
        {
            et_set(t, g_in1, 0, x);
            for (int32_t i = 0; i < 256; i++)
            {
                g_want[i] = (int16_t)ref_prelu(t, x, i - 128, &p, &ok);
            }
            snapshot(t, 1, 256);
            void *out = fresh_out();
            check_result(t, call_prelu(t, 1, g_in1, g_in2, out, 256, &p), valid, out, 256, 1, 256);
        }
        KILN_CHECK(ok);
    }
    const int32_t n = kiln_rng_range(r, 0, 3) == 0 ? kiln_rng_range(r, 0, 4) : kiln_rng_range(r, 1, 400);
    for (int32_t form = 0; form < 3; form++)
    {
        /* g_in1: inputs, g_in2: alphas; the scalar one has one element. */
        const int32_t nx = form == 1 ? 1 : n, na = form == 2 ? 1 : n;
        et_fill(t, r, g_in1, nx > 0 ? nx : 1);
        et_fill(t, r, g_in2, na > 0 ? na : 1);
        for (int32_t i = 0; i < n; i++)
        {
            g_want[i] = (int16_t)ref_prelu(t, et_get(t, g_in1, form == 1 ? 0 : i), et_get(t, g_in2, form == 2 ? 0 : i),
                                           &p, &ok);
        }
        KILN_CHECK(ok || !valid);
        snapshot(t, nx, na);
        void *out = fresh_out();
        check_result(t, call_prelu(t, form, g_in1, g_in2, out, n, &p), valid, out, n, nx, na);
        if (valid && n > 0 && it % 16 == 7)
        {
            prelu_edge e = {t, &p, form, n, g_in1, g_in2, out};
            const kiln_edge_operand ops[] = {{"input", &e.x, (size_t)nx * t->esize},
                                             {"alpha", &e.al, (size_t)na * t->esize},
                                             {"output", &e.out, (size_t)n * t->esize}};
            kiln_edge_each(ops, 3, prelu_edge_run, &e);
        }
        if (valid && form == 0 && n > 0 && it % 4 == 2)
        {
            /* Output over the input. */
            KILN_CHECK_EQ(call_prelu(t, 0, g_in1, g_in2, g_in1, n, &p), ARM_CMSIS_NN_SUCCESS);
            for (int32_t i = 0; i < n; i++)
            {
                if (!KILN_CHECK_EQ(et_get(t, g_in1, i), g_want[i]))
                {
                    break;
                }
            }
        }
    }
}

static void test_prelu_random(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x9E1Bu);
    const int32_t iters = kiln_test_iterations(2400, 400);
    int32_t nvalid = 0;
    for (int32_t it = 0; it < iters; it++)
    {
        prelu_set(&r, it, &nvalid);
    }
    printf("prelu: %ld of %ld parameter sets valid\n", (long)nvalid, (long)iters);
    KILN_CHECK(nvalid * 4 >= iters && nvalid * 10 <= iters * 9);
}

/* ---- bad inputs ------------------------------------------------------------------------------------------- */

/* int16 MUL (the same-shape form) of the Helium fast form at its edges (offsets 0: kernels/kiln_ew_int_mve.c; every
 * backend runs it): output right shifts 1 .. 31 around 16 (the saturating-shift clamp), output offsets up to where
 * co = 2^(ro - 1) + offset * 2^ro nears int32 (a saturating stage), the whole int16 range and narrower ones, inputs at
 * the type's extremes. */
static void test_mul_s16_fast_form_edges(void)
{
    kiln_rng rng;
    kiln_rng_seed(&rng, 1602);
    static const int32_t out_shifts[] = {-1, -2, -14, -15, -16, -17, -18, -20, -24, -31};
    const int32_t n = 64;
    int32_t sets = 0, valid_sets = 0;
    for (size_t si = 0; si < sizeof(out_shifts) / sizeof(out_shifts[0]); si++)
    {
        for (int32_t rep = 0; rep < 8; rep++)
        {
            mp p;
            p.o1 = p.o2 = 0;
            p.om = kiln_rng_range(&rng, 1 << 30, INT32_MAX);
            p.os = out_shifts[si];
            const int32_t ro = -p.os;
            p.oo = et_edge_out_offset(&rng, ro, rep % 4);
            p.amin = INT16_MIN;
            p.amax = INT16_MAX;
            if (rep >= 4)
            {
                p.amin = kiln_rng_range(&rng, INT16_MIN, 0);
                p.amax = kiln_rng_range(&rng, p.amin, INT16_MAX);
            }
            et_edge_fill_s16(&rng, g_in1, g_in2, n);
            const bool valid = ref_mul_valid(&ET_S16, &p);
            sets++;
            valid_sets += valid;
            kiln_test_context("mul s16 os %d oo %d act [%d, %d]", (int)p.os, (int)p.oo, (int)p.amin, (int)p.amax);
            bool ok = true;
            for (int32_t i = 0; valid && i < n; i++)
            {
                g_want[i] = (int16_t)ref_mul(g_in1[i], g_in2[i], &p, &ok);
            }
            KILN_CHECK(ok);
            snapshot(&ET_S16, n, n);
            void *out = fresh_out();
            const arm_cmsis_nn_status st = arm_elementwise_mul_s16(g_in1, g_in2, p.o1, p.o2, (int16_t *)out, p.oo, p.om,
                                                                   p.os, p.amin, p.amax, n);
            check_result(&ET_S16, st, valid, out, n, n, n);
        }
    }
    kiln_test_context("%s", "");
    KILN_CHECK(valid_sets * 2 > sets); /* most sets are valid: the edges are reached, not declined */
}

static void test_mul_prelu_bad_input(void)
{
    int16_t a[64], b[64];
    for (int32_t i = 0; i < 64; i++)
    {
        a[i] = (int16_t)(i * 3 - 90);
        b[i] = (int16_t)(60 - i * 2);
    }
    const cmsis_nn_dims d = {1, 2, 4, 8}, dz = {1, 2, 0, 8}, dn = {1, 2, 4, -8}, d4 = {1, 2, 4, 4};
    for (int32_t ty = 0; ty < 2; ty++)
    {
        const et_type *t = ty ? &ET_S16 : &ET_S8;
        const int32_t omax = t->s16 ? 65535 : 255;
        const mp good = {3, -5, 2, 1 << 30, -10, t->tmin, t->tmax};
        KILN_CHECK(ref_mul_valid(t, &good));
        mp bad[9];
        for (int32_t k = 0; k < 9; k++)
        {
            bad[k] = good;
        }
        bad[0].o1 = omax + 1;
        bad[1].o2 = -omax - 1;
        bad[2].om = -1;
        bad[3].os = 31;
        bad[4].os = -32;
        bad[5].amin = 1, bad[5].amax = 0;
        bad[6].amax = t->tmax + 1;
        bad[7].oo = t->s16 ? -65536 : INT32_MIN;
        bad[8].os = 20; /* the product << 20 leaves int32 */
        for (int32_t k = 0; k < 9; k++)
        {
            kiln_test_context("mul s%d bad parameter %ld", t->s16 ? 16 : 8, (long)k);
            KILN_CHECK(!ref_mul_valid(t, &bad[k]));
            KILN_CHECK_EQ(call_mul_scalar(t, a, b, fresh_out(), 64, &bad[k]), ARM_CMSIS_NN_ARG_ERROR);
            KILN_CHECK(im_all_canary(g_out, sizeof(g_out)));
            KILN_CHECK_EQ(call_mul_bcast(t, a, &d, b, &d, fresh_out(), &d, &bad[k]), ARM_CMSIS_NN_ARG_ERROR);
            KILN_CHECK(im_all_canary(g_out, sizeof(g_out)));
        }
        kiln_test_context("mul s%d pointers / dims", t->s16 ? 16 : 8);
        KILN_CHECK_EQ(call_mul_scalar(t, NULL, b, fresh_out(), 64, &good), ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK_EQ(call_mul_scalar(t, a, NULL, fresh_out(), 64, &good), ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK_EQ(call_mul_scalar(t, a, b, NULL, 64, &good), ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK_EQ(call_mul_scalar(t, a, b, fresh_out(), -1, &good), ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK_EQ(call_mul_bcast(t, NULL, &d, b, &d, fresh_out(), &d, &good), ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK_EQ(call_mul_bcast(t, a, NULL, b, &d, fresh_out(), &d, &good), ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK_EQ(call_mul_bcast(t, a, &d, NULL, &d, fresh_out(), &d, &good), ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK_EQ(call_mul_bcast(t, a, &d, b, NULL, fresh_out(), &d, &good), ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK_EQ(call_mul_bcast(t, a, &d, b, &d, NULL, &d, &good), ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK_EQ(call_mul_bcast(t, a, &d, b, &d, fresh_out(), NULL, &good), ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK_EQ(call_mul_bcast(t, a, &dz, b, &dz, fresh_out(), &dz, &good), ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK_EQ(call_mul_bcast(t, a, &dn, b, &dn, fresh_out(), &dn, &good), ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK_EQ(call_mul_bcast(t, a, &d, b, &d4, fresh_out(), &d, &good), ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK(im_all_canary(g_out, sizeof(g_out)));

        const pp pgood = {5, -3, 1, 1 << 30, -2, 1 << 30, -8};
        KILN_CHECK(ref_prelu_valid(t, &pgood));
        pp pbad[9];
        for (int32_t k = 0; k < 9; k++)
        {
            pbad[k] = pgood;
        }
        pbad[0].io = omax + 1;
        pbad[1].ao = -omax - 1;
        pbad[2].mi = -1;
        pbad[3].sa = 31;
        pbad[4].si = -32;
        pbad[5].ma = -5;
        pbad[6].oo = t->s16 ? 65536 : INT32_MAX;
        pbad[7].si = 30; /* v << 30 leaves int32 */
        pbad[8].sa = 20; /* v * alpha << 20 leaves int32 */
        for (int32_t k = 0; k < 9; k++)
        {
            kiln_test_context("prelu s%d bad parameter %ld", t->s16 ? 16 : 8, (long)k);
            KILN_CHECK(!ref_prelu_valid(t, &pbad[k]));
            for (int32_t form = 0; form < 3; form++)
            {
                KILN_CHECK_EQ(call_prelu(t, form, a, b, fresh_out(), 64, &pbad[k]), ARM_CMSIS_NN_ARG_ERROR);
                KILN_CHECK(im_all_canary(g_out, sizeof(g_out)));
            }
        }
        for (int32_t form = 0; form < 3; form++)
        {
            kiln_test_context("prelu s%d form %ld pointers / size", t->s16 ? 16 : 8, (long)form);
            KILN_CHECK_EQ(call_prelu(t, form, NULL, b, fresh_out(), 64, &pgood), ARM_CMSIS_NN_ARG_ERROR);
            KILN_CHECK_EQ(call_prelu(t, form, a, NULL, fresh_out(), 64, &pgood), ARM_CMSIS_NN_ARG_ERROR);
            KILN_CHECK_EQ(call_prelu(t, form, a, b, NULL, 64, &pgood), ARM_CMSIS_NN_ARG_ERROR);
            KILN_CHECK_EQ(call_prelu(t, form, a, b, fresh_out(), -1, &pgood), ARM_CMSIS_NN_ARG_ERROR);
            KILN_CHECK(im_all_canary(g_out, sizeof(g_out)));
        }
    }
}

int main(void)
{
    KILN_RUN(test_mul_random);
    KILN_RUN(test_mul_s16_fast_form_edges);
    KILN_RUN(test_prelu_random);
    KILN_RUN(test_mul_prelu_bad_input);
    return kiln_test_finish();
}
