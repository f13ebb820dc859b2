/*
 * ReLU family against tests/reference: arm_relu_q7 / arm_relu6_q7 (and arm_relu6_s8 in
 * upstream-API builds) on random data of random lengths 0..100 and a few long ones, with guard
 * bytes on both sides; arm_relu_s8 (TFLite's quantized RELU with rescaling) against a reference
 * built from the reference's MultiplyByQuantizedMultiplier, random parameters over the whole
 * accepted range, in place and out of place, and a bad-input table (each error leaves the output
 * untouched).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "arm_nnfunctions.h"
#include "kiln_ref.h"
#include "kiln_test.h"

#define GUARD 16
#define MAX_N 1100
#define CANARY ((int8_t)0x5A)

static int8_t g_buf[MAX_N + 2 * GUARD + 4]; /* + room for a misaligned start */
static int8_t g_in[MAX_N];
static int8_t g_want[MAX_N];

/* n bytes at p all still the canary (nothing written) */
static bool untouched_n(const int8_t *p, int32_t n)
{
    for (int32_t i = 0; i < n; i++)
    {
        if (p[i] != CANARY)
        {
            return false;
        }
    }
    return true;
}

static bool guards_intact(const int8_t *buf, int32_t n)
{
    for (int32_t i = 0; i < GUARD; i++)
    {
        if (buf[i] != CANARY || buf[GUARD + n + i] != CANARY)
        {
            return false;
        }
    }
    return true;
}

static int32_t rand_len(kiln_rng *r, int32_t it)
{
    /* Mostly 0..100 (all residues modulo 4 and 16), sometimes long. */
    return (it % 10 == 9) ? kiln_rng_range(r, 101, MAX_N) : kiln_rng_range(r, 0, 100);
}

typedef void (*inplace_fn)(int8_t *, uint16_t);
typedef void (*ref_fn)(int8_t *, int32_t);

/* One in-place call on the data where kiln_edge_each() puts it (a copy of the input). */
typedef struct
{
    inplace_fn fn;
    void *data;
    int32_t n;
} inplace_edge_call;

static bool inplace_edge_run(void *arg)
{
    const inplace_edge_call *k = (const inplace_edge_call *)arg;
    k->fn((int8_t *)k->data, (uint16_t)k->n);
    return KILN_CHECK_MEM_S8((const int8_t *)k->data, g_want, k->n);
}

static void check_inplace(inplace_fn fn, ref_fn ref, uint64_t seed)
{
    kiln_rng r;
    kiln_rng_seed(&r, seed);
    const int32_t iters = kiln_test_iterations(5000, 1200);
    for (int32_t it = 0; it < iters; it++)
    {
        const int32_t n = rand_len(&r, it);
        const int32_t misalign = kiln_rng_range(&r, 0, 3);
        int8_t *data = g_buf + misalign;
        memset(g_buf, CANARY, sizeof(g_buf));
        kiln_rng_fill_s8(&r, data + GUARD, n);
        if (it < 2)
        {
            /* Every int8 value at least once. */
            for (int32_t i = 0; i < n; i++)
            {
                data[GUARD + i] = (int8_t)(i * 3 - 128);
            }
        }
        memcpy(g_want, data + GUARD, (size_t)n);
        ref(g_want, n);
        kiln_test_context("it=%ld n=%ld misalign=%ld", (long)it, (long)n, (long)misalign);
        memcpy(g_in, data + GUARD, (size_t)n);
        fn(data + GUARD, (uint16_t)n);
        KILN_CHECK_MEM_S8(data + GUARD, g_want, n);
        KILN_CHECK(guards_intact(data, n));
        /* again on the input at the edges of readable memory (nothing read or written outside it) */
        inplace_edge_call k = {fn, g_in, n};
        const kiln_edge_operand ops[] = {{"data", &k.data, (size_t)n}};
        kiln_edge_each(ops, 1, inplace_edge_run, &k);
    }
    /* NULL is ignored (the functions have no status to report). */
    fn(NULL, 10);
}

static void test_relu_q7(void)
{
    check_inplace(arm_relu_q7, kiln_ref_relu_s8, 0xAC710001u);
}

static void test_relu6_q7(void)
{
    check_inplace(arm_relu6_q7, kiln_ref_relu6_s8, 0xAC710002u);
}

#if KILN_UPSTREAM_API
static void test_relu6_s8(void)
{
    check_inplace(arm_relu6_s8, kiln_ref_relu6_s8, 0xAC710003u);
}
#endif

/* TFLite ReluQuantized (int8): out = clamp(out_zp + MBQM(in - in_zp, mult, shift), max(-128, out_zp), 127). */
static void ref_relu_s8(const int8_t *in, int32_t in_zp, int32_t out_zp, int32_t mult, int32_t shift, int8_t *out,
                        int32_t n)
{
    const int32_t lo = out_zp > -128 ? out_zp : -128;
    for (int32_t i = 0; i < n; i++)
    {
        const int64_t v = (int64_t)out_zp + kiln_ref_multiply_by_quantized_multiplier(in[i] - in_zp, mult, shift);
        out[i] = (int8_t)(v < lo ? lo : (v > 127 ? 127 : v));
    }
}

/* Largest shift for which (in - zp) << shift fits int32 for every int8 in. */
static int32_t max_shift_for(int32_t zp)
{
    const int64_t lo = -128 - (int64_t)zp, hi = 127 - (int64_t)zp;
    int32_t s = 0;
    while (s < 30 && lo * ((int64_t)1 << (s + 1)) >= INT32_MIN && hi * ((int64_t)1 << (s + 1)) <= INT32_MAX)
    {
        s++;
    }
    return s;
}

/* arm_relu_s8 with the operands where kiln_edge_each() puts them (void * slots). */
typedef struct
{
    int32_t in_zp, out_zp, mult, shift, n;
    void *in, *out;
} relu_edge_call;

static bool relu_edge_run(void *arg)
{
    const relu_edge_call *k = (const relu_edge_call *)arg;
    bool ok = KILN_CHECK_EQ(arm_relu_s8((const int8_t *)k->in, k->in_zp, k->out_zp, k->mult, k->shift,
                                        (int8_t *)k->out, k->n),
                            ARM_CMSIS_NN_SUCCESS);
    ok &= KILN_CHECK_MEM_S8((const int8_t *)k->out, g_want, k->n);
    return ok;
}

static void test_relu_s8_random(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0xAC710004u);
    const int32_t iters = kiln_test_iterations(6000, 1200);
    int32_t refused = 0;
    for (int32_t it = 0; it < iters; it++)
    {
        const int32_t n = rand_len(&r, it);
        const int32_t in_zp = (it % 8 == 0) ? ((it & 8) ? -128 : 127) : kiln_rng_range(&r, -128, 127);
        const int32_t out_zp = (it % 8 == 1) ? ((it & 8) ? -128 : 127) : kiln_rng_range(&r, -128, 127);
        const int32_t mult = (it % 5 == 0) ? (it % 10 == 0 ? 0 : INT32_MAX) : kiln_rng_range(&r, 1 << 30, INT32_MAX);
        const int32_t smax = max_shift_for(in_zp);
        int32_t shift = kiln_rng_range(&r, -31, smax);
        if (it % 7 == 0)
        {
            shift = (it & 1) ? smax : -31;
        }
        else if (it % 3 == 0)
        {
            shift = kiln_rng_range(&r, -12, 4); /* scales where the output is not all saturated */
        }
        const bool in_place = (it % 4) == 3;
        int8_t *out = g_buf + kiln_rng_range(&r, 0, 3);
        memset(g_buf, CANARY, sizeof(g_buf));
        kiln_rng_fill_s8(&r, g_in, n);
        ref_relu_s8(g_in, in_zp, out_zp, mult, shift, g_want, n);
        const int8_t *in = g_in;
        if (in_place)
        {
            memcpy(out + GUARD, g_in, (size_t)n);
            in = out + GUARD;
        }
        kiln_test_context("it=%ld n=%ld in_zp=%ld out_zp=%ld mult=%ld shift=%ld in_place=%d", (long)it, (long)n,
                          (long)in_zp, (long)out_zp, (long)mult, (long)shift, (int)in_place);
        /* the requantization is monotonic in in - in_zp: the extremes decide whether the output offset added to it
         * stays within int32; parameters where it does not are refused with nothing written */
        const int64_t v_lo = (int64_t)out_zp + kiln_ref_multiply_by_quantized_multiplier(-128 - in_zp, mult, shift);
        const int64_t v_hi = (int64_t)out_zp + kiln_ref_multiply_by_quantized_multiplier(127 - in_zp, mult, shift);
        if (v_lo < INT32_MIN || v_hi > INT32_MAX)
        {
            refused++;
            KILN_CHECK_EQ(arm_relu_s8(in, in_zp, out_zp, mult, shift, out + GUARD, n), ARM_CMSIS_NN_ARG_ERROR);
            KILN_CHECK(in_place ? memcmp(out + GUARD, g_in, (size_t)n) == 0 : untouched_n(out + GUARD, n));
            KILN_CHECK(guards_intact(out, n));
            continue;
        }
        KILN_CHECK_EQ(arm_relu_s8(in, in_zp, out_zp, mult, shift, out + GUARD, n), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_MEM_S8(out + GUARD, g_want, n);
        KILN_CHECK(guards_intact(out, n));
        if (!in_place)
        {
            /* again with the input, then the output, at the edges of readable memory */
            relu_edge_call k = {in_zp, out_zp, mult, shift, n, g_in, out + GUARD};
            const kiln_edge_operand ops[] = {{"input", &k.in, (size_t)n}, {"output", &k.out, (size_t)n}};
            kiln_edge_each(ops, 2, relu_edge_run, &k);
        }
    }
    printf("relu_s8: %ld of %ld parameter sets refused (output offset plus requantization past int32)\n",
           (long)refused, (long)iters);
}

static void test_relu_s8_bad_input(void)
{
    int8_t in[8] = {-128, -1, 0, 1, 5, 64, 100, 127};
    int8_t out[8 + 2 * GUARD];
    struct
    {
        const char *what;
        const int8_t *in;
        int32_t in_zp, out_zp, mult, shift;
        bool null_out;
        int32_t n;
    } cases[] = {
        {"NULL input", NULL, 0, 0, 1 << 30, 0, false, 8},
        {"NULL output", in, 0, 0, 1 << 30, 0, true, 8},
        {"negative size", in, 0, 0, 1 << 30, 0, false, -1},
        {"size INT32_MIN", in, 0, 0, 1 << 30, 0, false, INT32_MIN},
        {"input zero point below int8", in, -129, 0, 1 << 30, 0, false, 8},
        {"input zero point above int8", in, 128, 0, 1 << 30, 0, false, 8},
        {"output zero point below int8", in, 0, -129, 1 << 30, 0, false, 8},
        {"output zero point above int8", in, 0, 128, 1 << 30, 0, false, 8},
        {"huge zero point", in, INT32_MIN, 0, 1 << 30, 0, false, 8},
        {"negative multiplier", in, 0, 0, -1, 0, false, 8},
        {"multiplier INT32_MIN", in, 0, 0, INT32_MIN, 0, false, 8},
        {"shift below -31", in, 0, 0, 1 << 30, -32, false, 8},
        {"shift above 30", in, 0, 0, 1 << 30, 31, false, 8},
        {"shift 25 overflows for zp 0", in, 0, 0, 1 << 30, 25, false, 8},
        {"shift 24 overflows for zp -128", in, -128, 0, 1 << 30, 24, false, 8},
        {"shift INT32_MAX", in, 0, 0, 1 << 30, INT32_MAX, false, 8},
        {"shift INT32_MIN", in, 0, 0, 1 << 30, INT32_MIN, false, 8},
    };
    for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++)
    {
        memset(out, CANARY, sizeof(out));
        kiln_test_context("%s", cases[k].what);
        KILN_CHECK_EQ(arm_relu_s8(cases[k].in, cases[k].in_zp, cases[k].out_zp, cases[k].mult, cases[k].shift,
                                  cases[k].null_out ? NULL : out + GUARD, cases[k].n),
                      ARM_CMSIS_NN_ARG_ERROR);
        for (size_t i = 0; i < sizeof(out); i++)
        {
            KILN_CHECK_EQ(out[i], CANARY);
        }
    }
    /* The limits of the accepted range are accepted. */
    kiln_test_context("limits");
    KILN_CHECK_EQ(arm_relu_s8(in, -128, 127, INT32_MAX, 23, out + GUARD, 8), ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK_EQ(arm_relu_s8(in, 127, -128, 0, -31, out + GUARD, 8), ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK_EQ(arm_relu_s8(in, 0, 0, 1 << 30, 24, out + GUARD, 8), ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK_EQ(arm_relu_s8(in, 0, 0, 1 << 30, 25, out + GUARD, 0), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_relu_s8(in, 0, 0, 1 << 30, 0, out + GUARD, 0), ARM_CMSIS_NN_SUCCESS);
}

int main(void)
{
    KILN_RUN(test_relu_q7);
    KILN_RUN(test_relu6_q7);
#if KILN_UPSTREAM_API
    KILN_RUN(test_relu6_s8);
#endif
    KILN_RUN(test_relu_s8_random);
    KILN_RUN(test_relu_s8_bad_input);
    return kiln_test_finish();
}
