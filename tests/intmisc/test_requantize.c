/*
 * arm_requantize_s8_s8 / arm_requantize_s16_s16 against TFLite's Requantize written here (MultiplyByQuantized-
 * Multiplier from its definition, intmisc_test.h): every int8 input value (and random plus extreme int16 ones)
 * under TFLite-derived parameters and random extremes of the whole parameter space (the call must fail exactly
 * when an intermediate leaves int32 or a parameter is out of range), the exact zero-point limits, in place,
 * guard bytes, input unchanged; a bad-input table.
 */
#include <stdint.h>
#include <string.h>

#include "arm_nnfunctions.h"
#include "intmisc_test.h"

#define N_VALUES 1024

typedef struct
{
    int32_t mult, shift, in_zp, out_zp;
} rq_params;

static int16_t g_in[N_VALUES], g_copy[N_VALUES], g_want[N_VALUES];
static int8_t g_in8[N_VALUES], g_copy8[N_VALUES];
static uint8_t g_out[N_VALUES * 2 + 2 * IM_GUARD];

/* TFLite Requantize of one value; *ok cleared when an intermediate leaves int32. */
static int32_t ref_requantize(int32_t x, const rq_params *p, int32_t vmin, int32_t vmax, bool *ok)
{
    const int64_t centered = (int64_t)x - p->in_zp;
    if (centered < INT32_MIN || centered > INT32_MAX)
    {
        *ok = false;
        return 0;
    }
    const int64_t v = (int64_t)im_mbqm((int32_t)centered, p->mult, p->shift, ok) + p->out_zp;
    if (v < INT32_MIN || v > INT32_MAX)
    {
        *ok = false;
    }
    return (int32_t)(v < vmin ? vmin : (v > vmax ? vmax : v));
}

/* Whether the call must succeed: multiplier >= 0, shift in [-31, 30], and no overflow at either end of the type's
 * range (the requantization is monotonic for a multiplier >= 0). */
static bool ref_valid(const rq_params *p, int32_t vmin, int32_t vmax)
{
    if (p->mult < 0 || p->shift < -31 || p->shift > 30)
    {
        return false;
    }
    bool ok = true;
    (void)ref_requantize(vmin, p, vmin, vmax, &ok);
    (void)ref_requantize(vmax, p, vmin, vmax, &ok);
    return ok;
}

static void draw_params(kiln_rng *r, bool is16, int32_t mode, rq_params *p)
{
    if (mode == 0)
    {
        /* TFLite: multiplier of in_scale / out_scale, zero points within the type (int16: usually 0). */
        const double ratio = (1.0 + kiln_rng_range(r, 0, 1 << 20) / (double)(1 << 20)) *
                             (double)(1 << kiln_rng_range(r, 0, 16)) / (double)(1 << 12);
        im_quantize_multiplier(ratio, &p->mult, &p->shift);
        if (is16)
        {
            p->in_zp = kiln_rng_range(r, 0, 3) ? 0 : kiln_rng_range(r, -100, 100);
            p->out_zp = kiln_rng_range(r, 0, 3) ? 0 : kiln_rng_range(r, -100, 100);
        }
        else
        {
            p->in_zp = kiln_rng_range(r, INT8_MIN, INT8_MAX);
            p->out_zp = kiln_rng_range(r, INT8_MIN, INT8_MAX);
        }
        return;
    }
    const int32_t edges_mult[] = {0, 1, 1 << 30, INT32_MAX, -1, INT32_MIN};
    const int32_t edges_shift[] = {-31, -32, 30, 31, 0, -1, 1, 15, 16, 23, 24};
    const int32_t edges_zp[] = {0, 128, -128, 32768, -32768, INT32_MAX, INT32_MIN, 1 << 30, -(1 << 30)};
    p->mult = kiln_rng_range(r, 0, 2) == 0 ? edges_mult[kiln_rng_range(r, 0, 5)] : kiln_rng_range(r, 0, INT32_MAX);
    p->shift = kiln_rng_range(r, 0, 1) == 0 ? edges_shift[kiln_rng_range(r, 0, 10)] : kiln_rng_range(r, -31, 24);
    p->in_zp = kiln_rng_range(r, 0, 3) == 0 ? edges_zp[kiln_rng_range(r, 0, 8)] : kiln_rng_range(r, -40000, 40000);
    p->out_zp = kiln_rng_range(r, 0, 3) == 0 ? edges_zp[kiln_rng_range(r, 0, 8)] : kiln_rng_range(r, -40000, 40000);
}

/* One valid call with its operands where kiln_edge_each() puts them. */
typedef struct
{
    bool is16;
    int32_t n;
    const rq_params *p;
    void *in, *out;
} edge_call;

static bool edge_run(void *arg)
{
    const edge_call *k = (const edge_call *)arg;
    const rq_params *p = k->p;
    bool ok;
    if (k->is16)
    {
        ok = KILN_CHECK_EQ(arm_requantize_s16_s16((const int16_t *)k->in, (int16_t *)k->out, k->n, p->mult, p->shift,
                                                  p->in_zp, p->out_zp),
                           ARM_CMSIS_NN_SUCCESS);
        ok &= KILN_CHECK_MEM_S16((const int16_t *)k->out, g_want, k->n);
    }
    else
    {
        ok = KILN_CHECK_EQ(
            arm_requantize_s8_s8((const int8_t *)k->in, (int8_t *)k->out, k->n, p->mult, p->shift, p->in_zp, p->out_zp),
            ARM_CMSIS_NN_SUCCESS);
        int32_t bad = 0;
        for (int32_t i = 0; i < k->n; i++)
        {
            bad += ((const int8_t *)k->out)[i] != (int8_t)g_want[i];
        }
        ok &= KILN_CHECK_EQ(bad, 0);
    }
    return ok;
}

/* One call on n values (g_in / g_in8) with output at g_out + IM_GUARD, checked against the reference. */
static void check_call(bool is16, int32_t n, const rq_params *p, bool in_place)
{
    const int32_t vmin = is16 ? INT16_MIN : INT8_MIN, vmax = is16 ? INT16_MAX : INT8_MAX;
    const bool valid = ref_valid(p, vmin, vmax);
    memcpy(g_copy, g_in, sizeof(int16_t) * (size_t)n);
    memcpy(g_copy8, g_in8, (size_t)n);
    if (valid)
    {
        for (int32_t i = 0; i < n; i++)
        {
            bool ok = true;
            g_want[i] = (int16_t)ref_requantize(is16 ? g_in[i] : g_in8[i], p, vmin, vmax, &ok);
        }
    }
    memset(g_out, IM_CANARY, sizeof(g_out));
    void *out = in_place ? (is16 ? (void *)g_in : (void *)g_in8) : (void *)(g_out + IM_GUARD);
    const arm_cmsis_nn_status rc =
        is16 ? arm_requantize_s16_s16(g_in, (int16_t *)out, n, p->mult, p->shift, p->in_zp, p->out_zp)
             : arm_requantize_s8_s8(g_in8, (int8_t *)out, n, p->mult, p->shift, p->in_zp, p->out_zp);
    if (!valid)
    {
        KILN_CHECK_EQ(rc, ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK(im_all_canary(g_out, sizeof(g_out)));
        KILN_CHECK_MEM_S16(g_in, g_copy, n);
        KILN_CHECK_MEM_S8(g_in8, g_copy8, n);
        return;
    }
    KILN_CHECK_EQ(rc, ARM_CMSIS_NN_SUCCESS);
    if (is16)
    {
        KILN_CHECK_MEM_S16((const int16_t *)out, g_want, n);
    }
    else
    {
        int32_t bad = 0;
        for (int32_t i = 0; i < n; i++)
        {
            bad += ((const int8_t *)out)[i] != (int8_t)g_want[i];
        }
        KILN_CHECK_EQ(bad, 0);
    }
    if (!in_place)
    {
        KILN_CHECK(im_guards_intact(g_out, (size_t)n * (is16 ? 2u : 1u)));
        KILN_CHECK_MEM_S16(g_in, g_copy, n);
        KILN_CHECK_MEM_S8(g_in8, g_copy8, n);
        edge_call k = {is16, n, p, is16 ? (void *)g_in : (void *)g_in8, g_out + IM_GUARD};
        const kiln_edge_operand ops[] = {{"input", &k.in, (is16 ? 2u : 1u) * (size_t)n},
                                         {"output", &k.out, (is16 ? 2u : 1u) * (size_t)n}};
        kiln_edge_each(ops, 2, edge_run, &k);
    }
}

static int32_t fill_values(kiln_rng *r, bool is16)
{
    if (!is16)
    {
        for (int32_t i = 0; i < 256; i++)
        {
            g_in8[i] = (int8_t)(i - 128); /* every int8 value */
        }
        return 256;
    }
    for (int32_t i = 0; i < N_VALUES; i++)
    {
        g_in[i] = (int16_t)(i < 4 ? (i == 0   ? INT16_MIN
                                     : i == 1 ? INT16_MAX
                                     : i == 2 ? 0
                                              : -1)
                                  : kiln_rng_range(r, INT16_MIN, INT16_MAX));
    }
    return N_VALUES;
}

static void run_random(bool is16, uint64_t seed)
{
    kiln_rng r;
    kiln_rng_seed(&r, seed);
    const int32_t iters = kiln_test_iterations(2500, 250);
    int32_t valid = 0, invalid = 0;
    for (int32_t it = 0; it < iters; it++)
    {
        rq_params p;
        draw_params(&r, is16, it % 3 == 2, &p);
        const int32_t n = fill_values(&r, is16) - (it % 7); /* a few odd lengths too */
        kiln_test_context("s%d it=%ld mult=%ld shift=%ld in_zp=%ld out_zp=%ld n=%ld", is16 ? 16 : 8, (long)it,
                          (long)p.mult, (long)p.shift, (long)p.in_zp, (long)p.out_zp, (long)n);
        const int32_t vmin = is16 ? INT16_MIN : INT8_MIN, vmax = is16 ? INT16_MAX : INT8_MAX;
        if (ref_valid(&p, vmin, vmax))
        {
            valid++;
        }
        else
        {
            invalid++;
        }
        check_call(is16, n, &p, it % 5 == 4);
    }
    KILN_CHECK(valid > iters / 2 && invalid > iters / 40);
}

static void test_requantize_s8_random(void)
{
    run_random(false, 0x2E90001u);
}

static void test_requantize_s16_random(void)
{
    run_random(true, 0x2E90002u);
}

/* The exact limits of the input zero point (bisection with the reference's validity): the last accepted one
 * matches the reference on data with the type's extremes, the next one is rejected. */
static void test_requantize_zp_limits(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x2E90003u);
    const int32_t iters = kiln_test_iterations(400, 40);
    int32_t checked = 0;
    for (int32_t it = 0; it < iters; it++)
    {
        const bool is16 = (it & 1) != 0;
        const int32_t vmin = is16 ? INT16_MIN : INT8_MIN, vmax = is16 ? INT16_MAX : INT8_MAX;
        rq_params p = {kiln_rng_range(&r, 0, INT32_MAX), kiln_rng_range(&r, -31, 14), 0, kiln_rng_range(&r, -9, 9)};
        if (!ref_valid(&p, vmin, vmax))
        {
            continue;
        }
        const int32_t dir = (it & 2) ? 1 : -1;
        int64_t good = 0, bad = dir > 0 ? (int64_t)INT32_MAX + 1 : (int64_t)INT32_MIN - 1;
        while ((dir > 0 ? bad - good : good - bad) > 1)
        {
            const int64_t mid = good + (bad - good) / 2;
            p.in_zp = (int32_t)mid;
            if (ref_valid(&p, vmin, vmax))
            {
                good = mid;
            }
            else
            {
                bad = mid;
            }
        }
        const int32_t n = fill_values(&r, is16);
        p.in_zp = (int32_t)good;
        kiln_test_context("limit s%d it=%ld in_zp=%ld mult=%ld shift=%ld", is16 ? 16 : 8, (long)it, (long)p.in_zp,
                          (long)p.mult, (long)p.shift);
        check_call(is16, n, &p, false);
        checked++;
        if (bad >= INT32_MIN && bad <= INT32_MAX)
        {
            p.in_zp = (int32_t)bad;
            KILN_CHECK(!ref_valid(&p, vmin, vmax));
            check_call(is16, n, &p, false); /* expects ARG_ERROR, output untouched */
        }
    }
    KILN_CHECK(checked > iters / 4);
}

static void test_requantize_bad_input(void)
{
    int32_t m, s;
    im_quantize_multiplier(0.75, &m, &s);
    struct
    {
        const char *what;
        int32_t nulls; /* bit 0 input, 1 output */
        int32_t size;
        rq_params p;
    } cases[] = {
        {"NULL input", 1, 16, {m, s, 0, 0}},
        {"NULL output", 2, 16, {m, s, 0, 0}},
        {"negative size", 0, -1, {m, s, 0, 0}},
        {"INT32_MIN size", 0, INT32_MIN, {m, s, 0, 0}},
        {"negative multiplier", 0, 16, {-m, s, 0, 0}},
        {"shift 31", 0, 16, {m, 31, 0, 0}},
        {"shift -32", 0, 16, {m, -32, 0, 0}},
        {"input zero point overflows", 0, 16, {m, s, INT32_MIN, 0}},
        {"shift overflows", 0, 16, {m, 25, 0, 0}},
        {"output zero point overflows", 0, 16, {INT32_MAX, 16, 0, INT32_MAX - 1000}},
    };
    for (int32_t bits = 8; bits <= 16; bits += 8)
    {
        for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++)
        {
            const int32_t z = cases[k].nulls;
            const rq_params *p = &cases[k].p;
            kiln_test_context("s%ld: %s", (long)bits, cases[k].what);
            memset(g_out, IM_CANARY, sizeof(g_out));
            const arm_cmsis_nn_status rc =
                bits == 8 ? arm_requantize_s8_s8((z & 1) ? NULL : g_in8,
                                                 (z & 2) ? NULL : (int8_t *)(void *)(g_out + IM_GUARD), cases[k].size,
                                                 p->mult, p->shift, p->in_zp, p->out_zp)
                          : arm_requantize_s16_s16((z & 1) ? NULL : g_in,
                                                   (z & 2) ? NULL : (int16_t *)(void *)(g_out + IM_GUARD),
                                                   cases[k].size, p->mult, p->shift, p->in_zp, p->out_zp);
            KILN_CHECK_EQ(rc, ARM_CMSIS_NN_ARG_ERROR);
            KILN_CHECK(im_all_canary(g_out, sizeof(g_out)));
        }
        /* Size 0 is valid and writes nothing. */
        memset(g_out, IM_CANARY, sizeof(g_out));
        KILN_CHECK_EQ(bits == 8 ? arm_requantize_s8_s8(g_in8, (int8_t *)(void *)(g_out + IM_GUARD), 0, m, s, 0, 0)
                                : arm_requantize_s16_s16(g_in, (int16_t *)(void *)(g_out + IM_GUARD), 0, m, s, 0, 0),
                      ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK(im_all_canary(g_out, sizeof(g_out)));
    }
}

int main(void)
{
    KILN_RUN(test_requantize_s8_random);
    KILN_RUN(test_requantize_s16_random);
    KILN_RUN(test_requantize_zp_limits);
    KILN_RUN(test_requantize_bad_input);
    return kiln_test_finish();
}
