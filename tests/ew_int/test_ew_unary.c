/*
 * ABS (arm_abs_s8 / _s16), SQRT (arm_sqrt_s8 / _s16) and RSQRT (arm_rsqrt_s16_per_op / _universal): every input
 * value of the type for each random parameter set / random table, against references written here (TFLite's ABS
 * with overflow detection deciding which sets must be accepted; ns-cmsis-nn's table arithmetic for SQRT / RSQRT
 * written with explicit floor divisions); guard bytes, inputs unchanged, output over the input, operands at the
 * ends of memory; bad-input tables (RSQRT: an element below the zero point anywhere refuses the call).
 */
#include <stdint.h>
#include <string.h>

#include "ew_int_test.h"

#define CHUNK 2048

static int16_t g_in[CHUNK], g_copy[CHUNK], g_want[CHUNK];
static uint8_t g_out[CHUNK * 2 + 2 * IM_GUARD];
static int16_t g_lut16[513];
static int32_t g_lut32[513];
static int8_t g_lut8[256];

static void *fresh_out(void)
{
    memset(g_out, IM_CANARY, sizeof(g_out));
    return g_out + IM_GUARD;
}

/* floor(a / b) for b > 0, without relying on shifts of negative values. */
static int64_t floor_div(int64_t a, int64_t b)
{
    const int64_t q = a / b;
    return (a % b != 0 && a < 0) ? q - 1 : q;
}

static void check_out(const et_type *t, arm_cmsis_nn_status st, bool valid, const void *out, int32_t n)
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
    KILN_CHECK(memcmp(g_in, g_copy, (size_t)n * t->esize) == 0);
}

/* Puts the chunk of every value of the type starting at base (wrapping) into g_in; returns its length. */
static int32_t chunk_of_all(const et_type *t, int32_t base)
{
    const int32_t span = t->tmax - t->tmin + 1;
    const int32_t n = span - base < CHUNK ? span - base : CHUNK;
    for (int32_t i = 0; i < n; i++)
    {
        et_set(t, g_in, i, t->tmin + base + i);
    }
    memcpy(g_copy, g_in, (size_t)n * t->esize);
    return n;
}

/* ---- ABS -------------------------------------------------------------------------------------------------- */

typedef struct
{
    int32_t io, oo, m, s, amin, amax;
    bool rescale;
} ap;

static int32_t ref_abs(int32_t x, const ap *p, bool *ok)
{
    const int64_t v = (int64_t)x - p->io;
    const int32_t a = et_fit(v < 0 ? -v : v, ok);
    const int32_t y = p->rescale ? im_mbqm(a, p->m, p->s, ok) : a;
    const int32_t out = *ok ? et_fit((int64_t)y + p->oo, ok) : 0;
    return et_clamp(out, p->amin, p->amax);
}

static bool ref_abs_valid(const et_type *t, const ap *p)
{
    const int32_t omax = t->s16 ? 65535 : 255;
    if (p->io < -omax || p->io > omax || (t->s16 && (p->oo < -omax || p->oo > omax)) || p->amin > p->amax ||
        p->amin < t->tmin || p->amax > t->tmax || (p->rescale && !et_scale_domain(p->m, p->s)))
    {
        return false;
    }
    bool ok = true;
    for (int32_t x = t->tmin; x <= t->tmax && ok; x++)
    {
        (void)ref_abs(x, p, &ok);
    }
    return ok;
}

static arm_cmsis_nn_status call_abs(const et_type *t, const void *in, void *out, int32_t n, const ap *p)
{
    if (t->s16)
    {
        return arm_abs_s16((const int16_t *)in, p->io, (int16_t *)out, p->oo, p->m, p->s, p->rescale, p->amin, p->amax,
                           n);
    }
    return arm_abs_s8((const int8_t *)in, p->io, (int8_t *)out, p->oo, p->m, p->s, p->rescale, p->amin, p->amax, n);
}

typedef struct
{
    const et_type *t;
    const ap *p;
    void *in, *out;
    int32_t n;
} abs_edge;

static bool abs_edge_run(void *arg)
{
    const abs_edge *k = (const abs_edge *)arg;
    bool ok = KILN_CHECK_EQ(call_abs(k->t, k->in, k->out, k->n, k->p), ARM_CMSIS_NN_SUCCESS);
    for (int32_t i = 0; ok && i < k->n; i++)
    {
        ok &= KILN_CHECK_EQ(et_get(k->t, k->out, i), g_want[i]);
    }
    return ok;
}

static void test_abs_random(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0xAB5u);
    const int32_t iters = kiln_test_iterations(2000, 300);
    int32_t nvalid = 0;
    for (int32_t it = 0; it < iters; it++)
    {
        const et_type *t = (it & 1) ? &ET_S16 : &ET_S8;
        const int32_t omax = t->s16 ? 65535 : 255;
        const bool tflite = (it >> 1) % 2 != 1;
        ap p;
        p.rescale = kiln_rng_range(&r, 0, 3) != 0;
        if (tflite)
        {
            p.io = t->s16 ? 0 : kiln_rng_range(&r, -128, 127);
            p.oo = t->s16 ? 0 : kiln_rng_range(&r, -128, 127);
            im_quantize_multiplier((1.0 + kiln_rng_u32(&r) / 4294967296.0) * (kiln_rng_range(&r, 0, 1) ? 0.25 : 2.0),
                                   &p.m, &p.s);
        }
        else
        {
            p.io = kiln_rng_range(&r, -omax - 1, omax + 1);
            const int32_t pick = kiln_rng_range(&r, 0, 3);
            p.oo = pick == 0 ? INT32_MAX - kiln_rng_range(&r, 0, 1 << 20) : kiln_rng_range(&r, -omax - 1, omax + 1);
            p.m = et_rand_mult(&r);
            p.s = et_rand_shift(&r);
        }
        p.amin = t->tmin;
        p.amax = t->tmax;
        if (kiln_rng_range(&r, 0, 2) == 0)
        {
            p.amin = kiln_rng_range(&r, t->tmin - (tflite ? 0 : 1), t->tmax);
            p.amax = kiln_rng_range(&r, p.amin - (tflite ? 0 : 1), t->tmax + (tflite ? 0 : 1));
        }
        const bool valid = ref_abs_valid(t, &p);
        nvalid += valid;
        kiln_test_context("abs s%d it=%ld valid=%d io=%ld oo=%ld m=%ld s=%ld rescale=%d act=[%ld,%ld]", t->s16 ? 16 : 8,
                          (long)it, (int)valid, (long)p.io, (long)p.oo, (long)p.m, (long)p.s, (int)p.rescale,
                          (long)p.amin, (long)p.amax);
        /* Every value of the type (int16: one random chunk of the 32 on most sets, all of them on some). */
        const int32_t span = t->tmax - t->tmin + 1;
        const bool all = !t->s16 || it % kiln_test_iterations(16, 30) == 1;
        for (int32_t base = all ? 0 : kiln_rng_range(&r, 0, span / CHUNK - 1) * CHUNK; base < span; base += CHUNK)
        {
            const int32_t n = chunk_of_all(t, base);
            bool ok = true;
            for (int32_t i = 0; i < n; i++)
            {
                g_want[i] = (int16_t)ref_abs(et_get(t, g_in, i), &p, &ok);
            }
            KILN_CHECK(ok || !valid);
            void *out = fresh_out();
            check_out(t, call_abs(t, g_in, out, n, &p), valid, out, n);
            if (valid && it % 8 == 3 && base == 0)
            {
                abs_edge e = {t, &p, g_in, out, n};
                const kiln_edge_operand ops[] = {{"input", &e.in, (size_t)n * t->esize},
                                                 {"output", &e.out, (size_t)n * t->esize}};
                kiln_edge_each(ops, 2, abs_edge_run, &e);
                /* Output over the input. */
                KILN_CHECK_EQ(call_abs(t, g_in, g_in, n, &p), ARM_CMSIS_NN_SUCCESS);
                for (int32_t i = 0; i < n; i++)
                {
                    if (!KILN_CHECK_EQ(et_get(t, g_in, i), g_want[i]))
                    {
                        break;
                    }
                }
            }
            if (!all || !valid)
            {
                break;
            }
        }
    }
    printf("abs: %ld of %ld parameter sets valid\n", (long)nvalid, (long)iters);
    KILN_CHECK(nvalid * 4 >= iters && nvalid * 10 <= iters * 9);
}

static void test_abs_bad_input(void)
{
    int16_t in[16] = {0};
    for (int32_t ty = 0; ty < 2; ty++)
    {
        const et_type *t = ty ? &ET_S16 : &ET_S8;
        const int32_t omax = t->s16 ? 65535 : 255;
        const ap good = {3, -2, 1 << 30, -1, t->tmin, t->tmax, true};
        KILN_CHECK(ref_abs_valid(t, &good));
        ap bad[8];
        for (int32_t k = 0; k < 8; k++)
        {
            bad[k] = good;
        }
        bad[0].io = omax + 1;
        bad[1].oo = t->s16 ? 65536 : INT32_MAX;
        bad[2].m = -1;
        bad[3].s = 31;
        bad[4].s = 30; /* |v| << 30 leaves int32 */
        bad[5].amin = 2, bad[5].amax = 1;
        bad[6].amin = t->tmin - 1;
        bad[7].amax = t->tmax + 1;
        for (int32_t k = 0; k < 8; k++)
        {
            kiln_test_context("abs s%d bad parameter %ld", t->s16 ? 16 : 8, (long)k);
            KILN_CHECK(!ref_abs_valid(t, &bad[k]));
            KILN_CHECK_EQ(call_abs(t, in, fresh_out(), 16, &bad[k]), ARM_CMSIS_NN_ARG_ERROR);
            KILN_CHECK(im_all_canary(g_out, sizeof(g_out)));
        }
        /* Without rescaling the multiplier and shift are not used (not checked). */
        ap norescale = bad[2];
        norescale.rescale = false;
        norescale.s = 99;
        KILN_CHECK(ref_abs_valid(t, &norescale));
        KILN_CHECK_EQ(call_abs(t, in, fresh_out(), 16, &norescale), ARM_CMSIS_NN_SUCCESS);
        kiln_test_context("abs s%d pointers / size", t->s16 ? 16 : 8);
        KILN_CHECK_EQ(call_abs(t, NULL, fresh_out(), 16, &good), ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK_EQ(call_abs(t, in, NULL, 16, &good), ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK_EQ(call_abs(t, in, fresh_out(), -1, &good), ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK(im_all_canary(g_out, sizeof(g_out)));
    }
}

/* ---- SQRT ------------------------------------------------------------------------------------------------- */

static int32_t ref_sqrt16(int32_t x)
{
    const int64_t k = 256 + floor_div(x, 128);
    const int64_t f = x - floor_div(x, 128) * 128;
    return (int32_t)(g_lut16[k] + floor_div((int64_t)(g_lut16[k + 1] - g_lut16[k]) * f + 64, 128));
}

/* A random table: monotonic-ish, random, or extremes. */
static void rand_lut16(kiln_rng *r, int16_t *lut, int32_t n)
{
    const int32_t kind = kiln_rng_range(r, 0, 2);
    for (int32_t i = 0; i < n; i++)
    {
        if (kind == 0)
        {
            lut[i] = (int16_t)(i * 64 - 16384 + kiln_rng_range(r, -50, 50));
        }
        else if (kind == 1)
        {
            lut[i] = (int16_t)kiln_rng_range(r, INT16_MIN, INT16_MAX);
        }
        else
        {
            lut[i] = (int16_t)(kiln_rng_range(r, 0, 1) ? INT16_MIN : INT16_MAX);
        }
    }
}

static void test_sqrt(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x5C27u);
    const int32_t iters = kiln_test_iterations(2000, 40);
    for (int32_t it = 0; it < iters; it++)
    {
        kiln_test_context("sqrt it=%ld", (long)it);
        /* int8: every value, through random dims holding 256 elements. */
        for (int32_t i = 0; i < 256; i++)
        {
            g_lut8[i] = (int8_t)kiln_rng_range(&r, INT8_MIN, INT8_MAX);
        }
        const int32_t n8 = 256;
        const et_type *t8 = &ET_S8;
        for (int32_t i = 0; i < n8; i++)
        {
            et_set(t8, g_in, i, i - 128);
            g_want[i] = g_lut8[(uint8_t)(i - 128)];
        }
        memcpy(g_copy, g_in, n8);
        int8_t lut8_copy[256];
        memcpy(lut8_copy, g_lut8, sizeof(lut8_copy));
        const cmsis_nn_dims shapes[4] = {{1, 1, 1, 256}, {2, 4, 8, 4}, {4, 2, 2, 16}, {256, 1, 1, 1}};
        void *out = fresh_out();
        check_out(t8, arm_sqrt_s8((const int8_t *)g_in, &shapes[it % 4], (int8_t *)out, g_lut8), true, out, n8);
        KILN_CHECK(memcmp(lut8_copy, g_lut8, sizeof(lut8_copy)) == 0);
        /* int16: every value, in chunks. */
        rand_lut16(&r, g_lut16, 513);
        const et_type *t16 = &ET_S16;
        for (int32_t base = 0; base < 65536; base += CHUNK)
        {
            const int32_t n = chunk_of_all(t16, base);
            for (int32_t i = 0; i < n; i++)
            {
                g_want[i] = (int16_t)ref_sqrt16(g_in[i]);
            }
            const cmsis_nn_dims d = {1, 2, n / 16, 8};
            out = fresh_out();
            check_out(t16, arm_sqrt_s16(g_in, &d, (int16_t *)out, g_lut16), true, out, n);
            if (it == 0 && base == 0)
            {
                /* In place. */
                KILN_CHECK_EQ(arm_sqrt_s16(g_in, &d, g_in, g_lut16), ARM_CMSIS_NN_SUCCESS);
                KILN_CHECK_MEM_S16(g_in, g_want, n);
            }
            if (it != 0 && it % 4 != 1)
            {
                base += CHUNK * kiln_rng_range(&r, 0, 6); /* a sample of the chunks on most tables */
            }
        }
    }
    /* Bad inputs. */
    const cmsis_nn_dims d = {1, 2, 4, 8}, dz = {1, 0, 4, 8}, dn = {1, 2, -4, 8}, dbig = {65536, 65536, 1, 1};
    const cmsis_nn_dims *bad_dims[3] = {&dz, &dn, &dbig};
    KILN_CHECK_EQ(arm_sqrt_s8(NULL, &d, (int8_t *)fresh_out(), g_lut8), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_sqrt_s8((const int8_t *)g_in, NULL, (int8_t *)fresh_out(), g_lut8), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_sqrt_s8((const int8_t *)g_in, &d, NULL, g_lut8), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_sqrt_s8((const int8_t *)g_in, &d, (int8_t *)fresh_out(), NULL), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_sqrt_s16(NULL, &d, (int16_t *)fresh_out(), g_lut16), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_sqrt_s16(g_in, NULL, (int16_t *)fresh_out(), g_lut16), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_sqrt_s16(g_in, &d, NULL, g_lut16), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_sqrt_s16(g_in, &d, (int16_t *)fresh_out(), NULL), ARM_CMSIS_NN_ARG_ERROR);
    for (int32_t k = 0; k < 3; k++)
    {
        kiln_test_context("sqrt bad dims %ld", (long)k);
        KILN_CHECK_EQ(arm_sqrt_s8((const int8_t *)g_in, bad_dims[k], (int8_t *)fresh_out(), g_lut8),
                      ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK(im_all_canary(g_out, sizeof(g_out)));
        KILN_CHECK_EQ(arm_sqrt_s16(g_in, bad_dims[k], (int16_t *)fresh_out(), g_lut16), ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK(im_all_canary(g_out, sizeof(g_out)));
    }
}

/* ---- RSQRT ------------------------------------------------------------------------------------------------ */

typedef struct
{
    int32_t io, oo, m, s, amin, amax;
    bool rescale;
} rp;

static int32_t clamp16(int64_t v)
{
    return (int32_t)(v < INT16_MIN ? INT16_MIN : (v > INT16_MAX ? INT16_MAX : v));
}

/* v = in - zero point, clamped to 32767; its slot k and position f. */
static void ref_slot(int32_t x, int32_t io, int32_t *k, int32_t *f)
{
    int64_t v = (int64_t)x - io;
    v = v > 32767 ? 32767 : v;
    *k = (int32_t)(256 + v / 128);
    *f = (int32_t)(v % 128);
}

static int32_t ref_rsqrt_per_op(int32_t x, const rp *p)
{
    int32_t k, f;
    ref_slot(x, p->io, &k, &f);
    const int64_t r = g_lut16[k] + floor_div((int64_t)(g_lut16[k + 1] - g_lut16[k]) * f + 64, 128);
    return et_clamp((int32_t)(r + p->oo), p->amin, p->amax);
}

/* S(q) of the universal table. */
static int32_t ref_sample(int32_t q, const rp *p, bool *ok)
{
    if (q <= 0)
    {
        return INT16_MAX;
    }
    int64_t j = (q + 63) / 64;
    j = j > 512 ? 512 : j;
    const int32_t s = p->rescale ? im_mbqm(g_lut32[j], p->m, p->s, ok) : g_lut32[j];
    return clamp16(s);
}

static int32_t ref_slot_value(int32_t k, const rp *p, bool *ok)
{
    const int32_t q0 = (k - 256) * 128;
    const int64_t s0 = ref_sample(q0, p, ok), sm = ref_sample(q0 + 64, p, ok), s1 = ref_sample(q0 + 128, p, ok);
    const int64_t e = floor_div(s0 + s1 + 1, 2) - sm;
    /* e / 2 rounded to nearest, ties away from zero. */
    const int64_t b = e >= 0 ? (e + 1) / 2 : -((-e + 1) / 2);
    return clamp16(s0 - b);
}

static int32_t ref_rsqrt_universal(int32_t x, const rp *p, bool *ok)
{
    int32_t k, f;
    ref_slot(x, p->io, &k, &f);
    const int64_t y0 = ref_slot_value(k, p, ok), y1 = ref_slot_value(k + 1, p, ok);
    const int64_t r = y0 + floor_div((y1 - y0) * f + 64, 128);
    return et_clamp((int32_t)(r + p->oo), p->amin, p->amax);
}

/* The parameters' validity (the inputs are checked separately: none below the zero point). */
static bool ref_rsqrt_valid(const rp *p, bool universal)
{
    if (p->io < -65535 || p->io > 65535 || p->oo < -65535 || p->oo > 65535 || p->amin > p->amax ||
        p->amin < INT16_MIN || p->amax > INT16_MAX)
    {
        return false;
    }
    if (!universal || !p->rescale)
    {
        return true;
    }
    if (!et_scale_domain(p->m, p->s))
    {
        return false;
    }
    bool ok = true;
    for (int32_t j = 1; j <= 512; j++)
    {
        (void)im_mbqm(g_lut32[j], p->m, p->s, &ok);
    }
    return ok;
}

static arm_cmsis_nn_status call_rsqrt(bool universal, const int16_t *in, int16_t *out, int32_t n, const rp *p)
{
    if (universal)
    {
        return arm_rsqrt_s16_universal(in, p->io, out, p->oo, p->m, p->s, p->rescale, p->amin, p->amax, n, g_lut32);
    }
    return arm_rsqrt_s16_per_op(in, p->io, out, p->oo, p->amin, p->amax, n, g_lut16);
}

static void test_rsqrt_random(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x125Du);
    const int32_t iters = kiln_test_iterations(2000, 120);
    const et_type *t = &ET_S16;
    int32_t nvalid = 0;
    for (int32_t it = 0; it < iters; it++)
    {
        const bool universal = it & 1;
        rp p;
        const int32_t pick = kiln_rng_range(&r, 0, 9);
        p.io = pick < 5 ? 0 : (pick < 8 ? kiln_rng_range(&r, -40000, 32767) : kiln_rng_range(&r, -65536, 65536));
        p.oo = kiln_rng_range(&r, 0, 3) ? kiln_rng_range(&r, -100, 100) : kiln_rng_range(&r, -65536, 65536);
        if (kiln_rng_range(&r, 0, 7) == 0)
        {
            /* Out of range: an offset past +-65535. */
            const int32_t w = kiln_rng_range(&r, 0, 3);
            p.oo = w == 0 ? 65536 : (w == 1 ? -65536 : p.oo);
            p.io = w == 2 ? 65536 : (w == 3 ? -65536 : p.io);
        }
        p.amin = INT16_MIN;
        p.amax = INT16_MAX;
        if (kiln_rng_range(&r, 0, 2) == 0)
        {
            p.amin = kiln_rng_range(&r, INT16_MIN, INT16_MAX);
            p.amax = kiln_rng_range(&r, p.amin - (pick == 9 ? 1 : 0), INT16_MAX);
        }
        p.rescale = kiln_rng_range(&r, 0, 2) != 0;
        p.m = et_rand_mult(&r);
        p.s = kiln_rng_range(&r, 0, 1) ? kiln_rng_range(&r, -20, 2) : et_rand_shift(&r);
        rand_lut16(&r, g_lut16, 513);
        const int32_t lkind = kiln_rng_range(&r, 0, 2);
        for (int32_t j = 0; j < 513; j++)
        {
            /* 1/sqrt-like decreasing tables in a fixed scale, random ones, or wide ones. */
            g_lut32[j] = lkind == 0 ? (int32_t)(2000000000 / (j + 1)) - kiln_rng_range(&r, 0, 1000)
                                    : (lkind == 1 ? kiln_rng_range(&r, -70000, 70000)
                                                  : kiln_rng_range(&r, INT32_MIN + 1, INT32_MAX));
        }
        const bool valid = ref_rsqrt_valid(&p, universal);
        nvalid += valid;
        kiln_test_context("rsqrt %s it=%ld valid=%d io=%ld oo=%ld m=%ld s=%ld rescale=%d act=[%ld,%ld]",
                          universal ? "universal" : "per_op", (long)it, (int)valid, (long)p.io, (long)p.oo, (long)p.m,
                          (long)p.s, (int)p.rescale, (long)p.amin, (long)p.amax);
        /* Every input value at or above the zero point (chunks of them; a sample of chunks on most sets). */
        const int32_t first = p.io > INT16_MIN ? (p.io > INT16_MAX ? INT16_MAX : p.io) : INT16_MIN;
        const int32_t count = INT16_MAX - first + 1;
        for (int32_t base = 0; base < count; base += CHUNK)
        {
            const int32_t n = count - base < CHUNK ? count - base : CHUNK;
            for (int32_t i = 0; i < n; i++)
            {
                g_in[i] = (int16_t)(first + base + i);
            }
            /* A zero point above the type: every input is below it, the call is refused. */
            const bool in_range = p.io <= INT16_MAX;
            bool ok = true;
            for (int32_t i = 0; in_range && i < n; i++)
            {
                g_want[i] =
                    (int16_t)(universal ? ref_rsqrt_universal(g_in[i], &p, &ok) : ref_rsqrt_per_op(g_in[i], &p));
            }
            KILN_CHECK(ok || !valid);
            memcpy(g_copy, g_in, (size_t)n * 2);
            void *out = fresh_out();
            check_out(t, call_rsqrt(universal, g_in, (int16_t *)out, n, &p), valid && in_range, out, n);
            /* One element below the zero point anywhere refuses the call. */
            if (valid && in_range && p.io > INT16_MIN && n > 0 && base == 0)
            {
                const int32_t at = kiln_rng_range(&r, 0, n - 1);
                g_in[at] = (int16_t)(p.io - 1);
                memcpy(g_copy, g_in, (size_t)n * 2);
                out = fresh_out();
                check_out(t, call_rsqrt(universal, g_in, (int16_t *)out, n, &p), false, out, n);
                g_in[at] = (int16_t)(first + at);
            }
            if (!valid || !in_range)
            {
                break;
            }
            if (it % 8 != 0)
            {
                base += CHUNK * kiln_rng_range(&r, 0, 5);
            }
        }
    }
    printf("rsqrt: %ld of %ld parameter sets valid\n", (long)nvalid, (long)iters);
    KILN_CHECK(nvalid * 4 >= iters && nvalid * 10 <= iters * 9);
}

static void test_rsqrt_bad_input(void)
{
    int16_t in[16];
    for (int32_t i = 0; i < 16; i++)
    {
        in[i] = (int16_t)(i * 1000);
    }
    for (int32_t j = 0; j < 513; j++)
    {
        g_lut16[j] = (int16_t)(32767 - j * 60);
        g_lut32[j] = 1 << 20;
    }
    for (int32_t u = 0; u < 2; u++)
    {
        const rp good = {0, 0, 1 << 30, 2, INT16_MIN, INT16_MAX, true};
        KILN_CHECK(ref_rsqrt_valid(&good, u));
        rp bad[7];
        for (int32_t k = 0; k < 7; k++)
        {
            bad[k] = good;
        }
        bad[0].io = 65536;
        bad[1].oo = -65536;
        bad[2].amin = 5, bad[2].amax = 4;
        bad[3].amax = INT16_MAX + 1;
        bad[4].io = 1; /* in[0] = 0 is below the zero point */
        const int32_t nbad = u ? 7 : 5;
        bad[5].m = -1;
        bad[6].s = 11; /* 2^20 << 11 leaves int32 */
        for (int32_t k = 0; k < nbad; k++)
        {
            kiln_test_context("rsqrt %s bad parameter %ld", u ? "universal" : "per_op", (long)k);
            KILN_CHECK_EQ(call_rsqrt(u, in, (int16_t *)fresh_out(), 16, &bad[k]), ARM_CMSIS_NN_ARG_ERROR);
            KILN_CHECK(im_all_canary(g_out, sizeof(g_out)));
        }
        kiln_test_context("rsqrt %s pointers / size", u ? "universal" : "per_op");
        KILN_CHECK_EQ(call_rsqrt(u, NULL, (int16_t *)fresh_out(), 16, &good), ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK_EQ(call_rsqrt(u, in, NULL, 16, &good), ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK_EQ(call_rsqrt(u, in, (int16_t *)fresh_out(), -1, &good), ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK_EQ(u ? arm_rsqrt_s16_universal(in, 0, (int16_t *)fresh_out(), 0, 1 << 30, 0, true, INT16_MIN,
                                                  INT16_MAX, 16, NULL)
                        : arm_rsqrt_s16_per_op(in, 0, (int16_t *)fresh_out(), 0, INT16_MIN, INT16_MAX, 16, NULL),
                      ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK(im_all_canary(g_out, sizeof(g_out)));
        /* Without rescaling the universal table's multiplier and shift are not used. */
        rp norescale = bad[6];
        norescale.rescale = false;
        KILN_CHECK_EQ(call_rsqrt(u, in, (int16_t *)fresh_out(), 16, &norescale), ARM_CMSIS_NN_SUCCESS);
    }
}

int main(void)
{
    KILN_RUN(test_abs_random);
    KILN_RUN(test_abs_bad_input);
    KILN_RUN(test_sqrt);
    KILN_RUN(test_rsqrt_random);
    KILN_RUN(test_rsqrt_bad_input);
    return kiln_test_finish();
}
