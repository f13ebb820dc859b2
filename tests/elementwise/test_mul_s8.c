/*
 * arm_elementwise_mul_s8 against tests/reference: the shared `mul` vector bit-exact; random
 * differential cases (lengths 0..100 and longer, every alignment, in place on either input or
 * both, TFLite-like parameters including output multipliers > 1, and extreme ones); the accepted
 * parameter range against an independent overflow oracle; a bad-input table (each error leaves the
 * output untouched).
 */
#include <stdint.h>
#include <string.h>

#include "arm_nnfunctions.h"
#include "kiln_ref.h"
#include "kiln_test.h"
#include "kiln_vectors/mul.h"

#define GUARD 16
#define MAX_N 1100
#define CANARY ((int8_t)0x5A)

static int8_t g_in1[MAX_N + 4], g_in2[MAX_N + 4];
static int8_t g_out[MAX_N + 2 * GUARD + 4];
static int8_t g_want[MAX_N];

typedef struct
{
    int32_t o1, o2, oo, om, os, amin, amax;
} mul_params;

static arm_cmsis_nn_status call_mul(const int8_t *a, const int8_t *b, int8_t *out, const mul_params *p, int32_t n)
{
    return arm_elementwise_mul_s8(a, b, p->o1, p->o2, out, p->oo, p->om, p->os, p->amin, p->amax, n);
}

static void ref_mul(const int8_t *a, const int8_t *b, int8_t *out, const mul_params *p, int32_t n)
{
    kiln_ref_mul_s8(a, b, p->o1, p->o2, out, p->oo, p->om, p->os, p->amin, p->amax, n);
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

static bool fits32(int64_t v)
{
    return v >= INT32_MIN && v <= INT32_MAX;
}

/* Independent oracle of "no intermediate overflows": every product of two offset int8 values
 * (in 64 bits) is within int32 after the requantization's left shift, and the requantized extremes
 * plus the output offset fit (non-decreasing for a non-negative multiplier). */
static bool mul_params_ok(const mul_params *p)
{
    if (p->o1 < -255 || p->o1 > 255 || p->o2 < -255 || p->o2 > 255 || p->om < 0 || p->os < -31 || p->os > 30 ||
        p->amin > p->amax || p->amin < -128 || p->amax > 127)
    {
        return false;
    }
    /* A product of two ranges is extreme at the corners of the rectangle. */
    int64_t lo = INT64_MAX, hi = INT64_MIN;
    const int32_t xs[2] = {-128, 127};
    for (int32_t i = 0; i < 2; i++)
    {
        for (int32_t j = 0; j < 2; j++)
        {
            const int64_t v = ((int64_t)xs[i] + p->o1) * ((int64_t)xs[j] + p->o2);
            lo = v < lo ? v : lo;
            hi = v > hi ? v : hi;
        }
    }
    const int64_t f = (int64_t)1 << (p->os > 0 ? p->os : 0);
    if (!fits32(lo * f) || !fits32(hi * f))
    {
        return false;
    }
    return fits32((int64_t)kiln_ref_multiply_by_quantized_multiplier((int32_t)lo, p->om, p->os) + p->oo) &&
        fits32((int64_t)kiln_ref_multiply_by_quantized_multiplier((int32_t)hi, p->om, p->os) + p->oo);
}

static void test_mul_vector(void)
{
    const mul_params p = {MUL_INPUT1_OFFSET,      MUL_INPUT2_OFFSET,     MUL_OUTPUT_OFFSET, MUL_OUTPUT_MULT,
                          MUL_OUTPUT_SHIFT,       MUL_OUT_ACTIVATION_MIN, MUL_OUT_ACTIVATION_MAX};
    memset(g_out, CANARY, sizeof(g_out));
    KILN_CHECK_EQ(call_mul(mul_input1, mul_input2, g_out + GUARD, &p, MUL_DST_SIZE), ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK_MEM_S8(g_out + GUARD, mul_output_ref, MUL_DST_SIZE);
    KILN_CHECK(guards_intact(g_out, MUL_DST_SIZE));
    ref_mul(mul_input1, mul_input2, g_want, &p, MUL_DST_SIZE);
    KILN_CHECK_MEM_S8(g_want, mul_output_ref, MUL_DST_SIZE);
    for (int32_t n = 0; n <= MUL_DST_SIZE; n += (n < 40 ? 1 : 11))
    {
        memcpy(g_in2, mul_input2, MUL_DST_SIZE);
        kiln_test_context("prefix n=%ld in place on input 2", (long)n);
        KILN_CHECK_EQ(call_mul(mul_input1, g_in2, g_in2, &p, n), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_MEM_S8(g_in2, mul_output_ref, n);
        KILN_CHECK_MEM_S8(g_in2 + n, mul_input2 + n, MUL_DST_SIZE - n);
    }
}

static int32_t rand_q31(kiln_rng *r)
{
    switch (kiln_rng_range(r, 0, 7))
    {
    case 0:
        return 1 << 30;
    case 1:
        return INT32_MAX;
    default:
        return kiln_rng_range(r, 1 << 30, INT32_MAX);
    }
}

/* TFLite's MUL: offsets -zero_point, multiplier s1*s2/s_out as Q31 and a shift of either sign. */
static void rand_tflite_params(kiln_rng *r, mul_params *p)
{
    p->o1 = kiln_rng_range(r, -127, 128);
    p->o2 = kiln_rng_range(r, -127, 128);
    p->om = rand_q31(r);
    p->os = kiln_rng_range(r, -16, 2);
    if (kiln_rng_range(r, 0, 9) == 0)
    {
        p->os = kiln_rng_range(r, 3, 15); /* large output multipliers: still valid up to 15 */
    }
    p->oo = kiln_rng_range(r, -128, 127);
    p->amin = kiln_rng_range(r, -128, 127);
    p->amax = kiln_rng_range(r, p->amin, 127);
    if (kiln_rng_u32(r) & 1u)
    {
        p->amin = -128;
        p->amax = 127;
    }
}

static void rand_extreme_params(kiln_rng *r, mul_params *p)
{
    static const int32_t offs[] = {-255, -254, -128, -127, 0, 127, 128, 254, 255};
    static const int32_t mults[] = {0, 1, 1 << 30, INT32_MAX, 1518500250};
    p->o1 = offs[kiln_rng_range(r, 0, 8)];
    p->o2 = (kiln_rng_u32(r) & 1u) ? offs[kiln_rng_range(r, 0, 8)] : kiln_rng_range(r, -255, 255);
    p->om = (kiln_rng_u32(r) & 1u) ? mults[kiln_rng_range(r, 0, 4)] : rand_q31(r);
    p->os = kiln_rng_range(r, -31, 24);
    p->oo = (kiln_rng_u32(r) & 3u) ? kiln_rng_range(r, -128, 127) : (int32_t)kiln_rng_u32(r) / 2;
    p->amin = kiln_rng_range(r, -128, 127);
    p->amax = kiln_rng_range(r, p->amin, 127);
}

/* One call with the operands where kiln_edge_each() puts them (void * slots). */
typedef struct
{
    const mul_params *p;
    int32_t n;
    void *a, *b, *out;
} edge_call;

static bool edge_run(void *arg)
{
    const edge_call *k = (const edge_call *)arg;
    bool ok = KILN_CHECK_EQ(call_mul((const int8_t *)k->a, (const int8_t *)k->b, (int8_t *)k->out, k->p, k->n),
                            ARM_CMSIS_NN_SUCCESS);
    ok &= KILN_CHECK_MEM_S8((const int8_t *)k->out, g_want, k->n);
    return ok;
}

/* The call again with each operand flush against the end of readable memory: nothing is read or
 * written past any of them (a fault on the boards, AddressSanitizer on the host). */
static void run_edges(const mul_params *p, int8_t *a, int8_t *b, int32_t n)
{
    edge_call k = {p, n, a, b, g_out + GUARD};
    const kiln_edge_operand ops[] = {{"input 1", &k.a, (size_t)n}, {"input 2", &k.b, (size_t)n}, {"output", &k.out, (size_t)n}};
    kiln_edge_each(ops, 3, edge_run, &k);
}

static void run_case(kiln_rng *r, const mul_params *p, int32_t it)
{
    const int32_t n = (it % 10 == 9) ? kiln_rng_range(r, 101, MAX_N) : kiln_rng_range(r, 0, 100);
    const int32_t al1 = kiln_rng_range(r, 0, 3), al2 = kiln_rng_range(r, 0, 3), alo = kiln_rng_range(r, 0, 3);
    int8_t *a = g_in1 + al1, *b = g_in2 + al2;
    kiln_rng_fill_s8(r, a, n);
    kiln_rng_fill_s8(r, b, n);
    const int32_t alias = kiln_rng_range(r, 0, 4); /* 0: none, 1: out = in1, 2: out = in2, 3: all three, 4: in1 = in2 */
    if (alias >= 3)
    {
        b = a;
    }
    ref_mul(a, b, g_want, p, n);
    int8_t *out = g_out + alo + GUARD;
    memset(g_out, CANARY, sizeof(g_out));
    if (alias == 1 || alias == 3)
    {
        out = a;
    }
    else if (alias == 2)
    {
        out = b;
    }
    kiln_test_context("it=%ld n=%ld alias=%ld o1=%ld o2=%ld oo=%ld om=%ld os=%ld act=[%ld,%ld]", (long)it, (long)n,
                      (long)alias, (long)p->o1, (long)p->o2, (long)p->oo, (long)p->om, (long)p->os, (long)p->amin,
                      (long)p->amax);
    KILN_CHECK_EQ(call_mul(a, b, out, p, n), ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK_MEM_S8(out, g_want, n);
    if (out == g_out + alo + GUARD)
    {
        KILN_CHECK(guards_intact(g_out + alo, n));
    }
    if (alias == 0 || alias == 4) /* (in place, the inputs are gone) */
    {
        run_edges(p, a, b, n);
    }
}

static void test_mul_random_tflite(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x3E100001u);
    const int32_t iters = kiln_test_iterations(6000, 1200);
    for (int32_t it = 0; it < iters; it++)
    {
        mul_params p;
        rand_tflite_params(&r, &p);
        KILN_CHECK(mul_params_ok(&p));
        run_case(&r, &p, it);
    }
}

static void test_mul_random_extreme(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x3E100002u);
    const int32_t iters = kiln_test_iterations(4000, 1200);
    int32_t valid = 0, invalid = 0;
    for (int32_t it = 0; it < iters; it++)
    {
        mul_params p;
        rand_extreme_params(&r, &p);
        if (mul_params_ok(&p))
        {
            valid++;
            run_case(&r, &p, it);
        }
        else
        {
            invalid++;
            memset(g_out, CANARY, sizeof(g_out));
            kiln_rng_fill_s8(&r, g_in1, 64);
            kiln_rng_fill_s8(&r, g_in2, 64);
            kiln_test_context("it=%ld invalid o1=%ld o2=%ld oo=%ld om=%ld os=%ld", (long)it, (long)p.o1, (long)p.o2,
                              (long)p.oo, (long)p.om, (long)p.os);
            KILN_CHECK_EQ(call_mul(g_in1, g_in2, g_out + GUARD, &p, 64), ARM_CMSIS_NN_ARG_ERROR);
            KILN_CHECK(guards_intact(g_out, 0) && g_out[GUARD] == CANARY && g_out[GUARD + 63] == CANARY);
        }
    }
    KILN_CHECK(valid >= iters / 8);
    KILN_CHECK(invalid >= iters / 8);
}

static void test_mul_bad_input(void)
{
    const mul_params good = {128, 128, -128, 1077952640, -7, -128, 127};
    int8_t a[32], b[32];
    for (int32_t i = 0; i < 32; i++)
    {
        a[i] = (int8_t)(i * 7 - 100);
        b[i] = (int8_t)(50 - i * 5);
    }
    KILN_CHECK(mul_params_ok(&good));
    struct
    {
        const char *what;
        int32_t field; /* index into mul_params as an int32 array, -1: none */
        int32_t value;
        int32_t which_null; /* 0 none, 1 in1, 2 in2, 3 out */
        int32_t n;
    } cases[] = {
        {"NULL input 1", -1, 0, 1, 32},
        {"NULL input 2", -1, 0, 2, 32},
        {"NULL output", -1, 0, 3, 32},
        {"negative size", -1, 0, 0, -1},
        {"size INT32_MIN", -1, 0, 0, INT32_MIN},
        {"input 1 offset 256", 0, 256, 0, 32},
        {"input 2 offset -256", 1, -256, 0, 32},
        {"input 1 offset INT32_MIN", 0, INT32_MIN, 0, 32},
        {"negative multiplier", 3, -1, 0, 32},
        {"multiplier INT32_MIN", 3, INT32_MIN, 0, 32},
        {"output shift 31", 4, 31, 0, 32},
        {"output shift -32", 4, -32, 0, 32},
        {"output shift 16 overflows 255*255", 4, 16, 0, 32},
        {"output shift INT32_MAX", 4, INT32_MAX, 0, 32},
        {"output offset INT32_MAX overflows", 2, INT32_MAX, 0, 32},
        {"act min 127 > act max 126", 5, 127, 0, 32},
        {"act min -129", 5, -129, 0, 32},
        {"act max 128", 6, 128, 0, 32},
    };
    for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++)
    {
        mul_params p = good;
        if (cases[k].field >= 0)
        {
            int32_t *f = (int32_t *)&p;
            f[cases[k].field] = cases[k].value;
        }
        if (cases[k].field == 5 && cases[k].value == 127)
        {
            p.amax = 126;
        }
        kiln_test_context("%s", cases[k].what);
        if (cases[k].which_null == 0 && cases[k].n >= 0)
        {
            KILN_CHECK(!mul_params_ok(&p));
        }
        memset(g_out, CANARY, sizeof(g_out));
        const int8_t *in1 = cases[k].which_null == 1 ? NULL : a;
        const int8_t *in2 = cases[k].which_null == 2 ? NULL : b;
        int8_t *out = cases[k].which_null == 3 ? NULL : g_out + GUARD;
        KILN_CHECK_EQ(call_mul(in1, in2, out, &p, cases[k].n), ARM_CMSIS_NN_ARG_ERROR);
        for (size_t i = 0; i < sizeof(g_out); i++)
        {
            if (g_out[i] != CANARY)
            {
                KILN_CHECK_EQ(g_out[i], CANARY);
                break;
            }
        }
    }
    /* TFLite parameters at the edge: output multiplier > 1 with shift 15 (255 * 255 << 15 fits). */
    mul_params p = good;
    p.os = 15;
    KILN_CHECK(mul_params_ok(&p));
    KILN_CHECK_EQ(call_mul(a, b, g_out + GUARD, &p, 32), ARM_CMSIS_NN_SUCCESS);
    ref_mul(a, b, g_want, &p, 32);
    KILN_CHECK_MEM_S8(g_out + GUARD, g_want, 32);
    KILN_CHECK_EQ(call_mul(a, b, g_out + GUARD, &good, 0), ARM_CMSIS_NN_SUCCESS);
}

int main(void)
{
    KILN_RUN(test_mul_vector);
    KILN_RUN(test_mul_random_tflite);
    KILN_RUN(test_mul_random_extreme);
    KILN_RUN(test_mul_bad_input);
    return kiln_test_finish();
}
