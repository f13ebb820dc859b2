/*
 * Upstream CMSIS-NN's int16 elementwise products of the int16 LSTM against references written here
 * with tests/reference's MultiplyByQuantizedMultiplier:
 *   arm_elementwise_mul_s16_s8 / arm_elementwise_mul_s16_batch_offset: batches of dense inputs into
 *     an output whose batches are batch_offset blocks apart (the blocks between them untouched);
 *   arm_elementwise_mul_acc_s16: the product accumulated into the output, clamped (the whole int16
 *     range when out_activation_max <= 0), the offsets ignored.
 * Random shapes and parameters (TFLite-derived and raw over the accepted range), guard bytes, inputs
 * unchanged, aliasing where the functions allow it, a subset against the ends of readable memory,
 * every pair of a grid of int16 extremes, and bad-input tables.
 */
#include <stdint.h>
#include <string.h>

#include "acti_common.h"
#include "arm_nnsupportfunctions.h"
#include "kiln_ref.h"
#include "kiln_test.h"

#define MAX_IN  2048
#define MAX_OUT 8192

static int16_t g_a[MAX_IN], g_b[MAX_IN], g_a_copy[MAX_IN], g_b_copy[MAX_IN];
static uint8_t g_want[2 * MAX_OUT];
static uint8_t g_out_buf[2 * MAX_OUT + 2 * ACTI_GUARD + 8];

/* The product's requantization shift range: the int16 x int16 products span [-32768 * 32767, 2^30]. */
#define PROD_LO ((int64_t)INT16_MIN * INT16_MAX)
#define PROD_HI ((int64_t)INT16_MIN * INT16_MIN)

static void rand_requant(kiln_rng *r, int32_t *mult, int32_t *shift)
{
    const int32_t smax = acti_max_shift(PROD_LO, PROD_HI); /* 0 */
    if (kiln_rng_u32(r) & 1u)
    {
        /* TFLite: input1 scale * input2 scale / output scale, int16 LSTM scales */
        acti_quantize_multiplier(acti_rand_scale(r, -30, -6), mult, shift);
    }
    else
    {
        *mult = (kiln_rng_u32(r) % 8u == 0) ? kiln_rng_range(r, INT32_MIN + 1, INT32_MAX)
                                            : kiln_rng_range(r, 1 << 30, INT32_MAX);
        *shift = kiln_rng_range(r, -31, smax);
    }
    if (*shift > smax)
    {
        *shift = smax;
    }
}

typedef struct
{
    bool s16;
    int32_t off, mult, shift, block, batches, boff;
    void *a, *b, *out;
    size_t out_bytes;
} batch_call;

static arm_cmsis_nn_status call_batch(const batch_call *k)
{
    if (k->s16)
    {
        return arm_elementwise_mul_s16_batch_offset((const int16_t *)k->a, (const int16_t *)k->b, (int16_t *)k->out,
                                                    k->off, k->mult, k->shift, k->block, k->batches, k->boff);
    }
    return arm_elementwise_mul_s16_s8((const int16_t *)k->a, (const int16_t *)k->b, (int8_t *)k->out, k->off, k->mult,
                                      k->shift, k->block, k->batches, k->boff);
}

static bool batch_edge_run(void *arg)
{
    const batch_call *k = (const batch_call *)arg;
    bool ok = KILN_CHECK_EQ(call_batch(k), ARM_CMSIS_NN_SUCCESS);
    ok &= KILN_CHECK(memcmp(k->out, g_want, k->out_bytes) == 0);
    return ok;
}

static void test_mul_batch_random(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0xAC710500u);
    const int32_t iters = kiln_test_iterations(3000, 300);
    for (int32_t it = 0; it < iters; it++)
    {
        batch_call k;
        k.s16 = (it & 1) != 0;
        k.block = (it % 10 == 9) ? kiln_rng_range(&r, 100, 400) : kiln_rng_range(&r, 0, 40);
        k.batches = kiln_rng_range(&r, 0, 5);
        k.boff = (it % 3 == 0) ? 1 : kiln_rng_range(&r, 1, 4);
        k.off = (kiln_rng_u32(&r) & 1u) ? 0 : kiln_rng_range(&r, acti_tmin(k.s16), acti_tmax(k.s16));
        rand_requant(&r, &k.mult, &k.shift);
        const int32_t n_in = k.block * k.batches;
        const int32_t n_out = (k.batches > 0) ? ((k.batches - 1) * k.boff + 1) * k.block : 0;
        acti_fill(&r, g_a, n_in, true, it);
        acti_fill(&r, g_b, n_in, true, it + 1);
        memcpy(g_a_copy, g_a, (size_t)n_in * 2u);
        memcpy(g_b_copy, g_b, (size_t)n_in * 2u);
        const int32_t es = k.s16 ? 2 : 1;
        k.out_bytes = (size_t)n_out * (size_t)es;
        memset(g_out_buf, ACTI_CANARY, sizeof(g_out_buf));
        uint8_t *out = g_out_buf + ACTI_GUARD + kiln_rng_range(&r, 0, 3) * es;
        /* the expected output: the canary between batches */
        memset(g_want, ACTI_CANARY, k.out_bytes);
        for (int32_t bt = 0; bt < k.batches; bt++)
        {
            for (int32_t i = 0; i < k.block; i++)
            {
                const int32_t src = bt * k.block + i, dst = bt * k.boff * k.block + i;
                const int32_t v =
                    kiln_ref_multiply_by_quantized_multiplier((int32_t)g_a[src] * g_b[src], k.mult, k.shift);
                acti_set(g_want, dst, acti_clamp((int64_t)v + k.off, acti_tmin(k.s16), acti_tmax(k.s16)), k.s16);
            }
        }
        k.a = g_a;
        k.b = (it % 7 == 3) ? g_a : g_b; /* a square now and then */
        if (k.b == (void *)g_a)
        {
            for (int32_t bt = 0; bt < k.batches; bt++)
            {
                for (int32_t i = 0; i < k.block; i++)
                {
                    const int32_t src = bt * k.block + i, dst = bt * k.boff * k.block + i;
                    const int32_t v =
                        kiln_ref_multiply_by_quantized_multiplier((int32_t)g_a[src] * g_a[src], k.mult, k.shift);
                    acti_set(g_want, dst, acti_clamp((int64_t)v + k.off, acti_tmin(k.s16), acti_tmax(k.s16)), k.s16);
                }
            }
        }
        k.out = out;
        kiln_test_context("it=%ld s16=%d block=%ld batches=%ld boff=%ld off=%ld mult=%ld shift=%ld", (long)it,
                          (int)k.s16, (long)k.block, (long)k.batches, (long)k.boff, (long)k.off, (long)k.mult,
                          (long)k.shift);
        KILN_CHECK_EQ(call_batch(&k), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK(memcmp(out, g_want, k.out_bytes) == 0);
        KILN_CHECK(acti_guards_intact(out, k.out_bytes));
        KILN_CHECK(memcmp(g_a, g_a_copy, (size_t)n_in * 2u) == 0);
        KILN_CHECK(memcmp(g_b, g_b_copy, (size_t)n_in * 2u) == 0);
        if (it % 16 == 2 && k.b != (void *)g_a)
        {
            memset(out, ACTI_CANARY, k.out_bytes);
            const kiln_edge_operand ops[] = {{"input 1", &k.a, (size_t)n_in * 2u},
                                             {"input 2", &k.b, (size_t)n_in * 2u},
                                             {"output", &k.out, k.out_bytes}};
            kiln_edge_each(ops, 3, batch_edge_run, &k);
        }
    }
}

typedef struct
{
    int32_t off1, off2, off, mult, shift, act_min, act_max, n;
    void *a, *b, *out;
} acc_call;

static arm_cmsis_nn_status call_acc(const acc_call *k)
{
    return arm_elementwise_mul_acc_s16((const int16_t *)k->a, (const int16_t *)k->b, k->off1, k->off2,
                                       (int16_t *)k->out, k->off, k->mult, k->shift, k->act_min, k->act_max, k->n);
}

static int16_t g_acc_start[MAX_IN];

static bool acc_edge_run(void *arg)
{
    const acc_call *k = (const acc_call *)arg;
    memcpy(k->out, g_acc_start, (size_t)k->n * 2u); /* the accumulator's start value */
    bool ok = KILN_CHECK_EQ(call_acc(k), ARM_CMSIS_NN_SUCCESS);
    ok &= KILN_CHECK_MEM_S16((const int16_t *)k->out, (const int16_t *)g_want, k->n);
    return ok;
}

static void test_mul_acc_random(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0xAC710501u);
    const int32_t iters = kiln_test_iterations(3000, 300);
    for (int32_t it = 0; it < iters; it++)
    {
        acc_call k;
        k.n = (it % 10 == 9) ? kiln_rng_range(&r, 101, MAX_IN) : kiln_rng_range(&r, 0, 100);
        /* ignored: any value */
        k.off1 = (int32_t)kiln_rng_u32(&r);
        k.off2 = (int32_t)kiln_rng_u32(&r);
        k.off = (int32_t)kiln_rng_u32(&r);
        rand_requant(&r, &k.mult, &k.shift);
        switch (it % 4)
        {
        case 0: /* no clip */
            k.act_max = (kiln_rng_u32(&r) & 1u) ? 0 : kiln_rng_range(&r, INT32_MIN, 0);
            k.act_min = (int32_t)kiln_rng_u32(&r);
            break;
        case 1: /* TFLite's cell clip */
        {
            const int32_t clip = kiln_rng_range(&r, 1, 32767);
            k.act_min = -clip;
            k.act_max = clip;
            break;
        }
        default:
        {
            const int32_t hi = kiln_rng_range(&r, 1, 32767);
            k.act_max = hi;
            k.act_min = kiln_rng_range(&r, INT16_MIN, hi);
            break;
        }
        }
        const bool clip = k.act_max > 0;
        const int32_t lo = clip ? k.act_min : INT16_MIN, hi = clip ? k.act_max : INT16_MAX;
        acti_fill(&r, g_a, k.n, true, it);
        acti_fill(&r, g_b, k.n, true, it + 1);
        acti_fill(&r, g_acc_start, k.n, true, it + 2);
        memcpy(g_a_copy, g_a, (size_t)k.n * 2u);
        memcpy(g_b_copy, g_b, (size_t)k.n * 2u);
        memset(g_out_buf, ACTI_CANARY, sizeof(g_out_buf));
        int16_t *out = (int16_t *)(g_out_buf + ACTI_GUARD + 2 * kiln_rng_range(&r, 0, 3));
        memcpy(out, g_acc_start, (size_t)k.n * 2u);
        /* aliasing: input 1 is the accumulator now and then */
        const bool alias = (it % 5) == 4;
        if (alias)
        {
            memcpy(g_a, g_acc_start, (size_t)k.n * 2u);
            memcpy(g_a_copy, g_acc_start, (size_t)k.n * 2u);
        }
        for (int32_t i = 0; i < k.n; i++)
        {
            const int32_t v = kiln_ref_multiply_by_quantized_multiplier((int32_t)g_a[i] * g_b[i], k.mult, k.shift);
            ((int16_t *)g_want)[i] = (int16_t)acti_clamp((int64_t)g_acc_start[i] + v, lo, hi);
        }
        k.a = alias ? (void *)out : (void *)g_a;
        k.b = g_b;
        k.out = out;
        kiln_test_context("it=%ld n=%ld mult=%ld shift=%ld act=[%ld, %ld] alias=%d", (long)it, (long)k.n, (long)k.mult,
                          (long)k.shift, (long)k.act_min, (long)k.act_max, (int)alias);
        KILN_CHECK_EQ(call_acc(&k), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_MEM_S16(out, (const int16_t *)g_want, k.n);
        KILN_CHECK(acti_guards_intact(out, (size_t)k.n * 2u));
        KILN_CHECK(memcmp(g_b, g_b_copy, (size_t)k.n * 2u) == 0);
        if (!alias)
        {
            KILN_CHECK(memcmp(g_a, g_a_copy, (size_t)k.n * 2u) == 0);
        }
        if (it % 16 == 2 && !alias)
        {
            const kiln_edge_operand ops[] = {{"input 1", &k.a, (size_t)k.n * 2u},
                                             {"input 2", &k.b, (size_t)k.n * 2u},
                                             {"output", &k.out, (size_t)k.n * 2u}};
            kiln_edge_each(ops, 3, acc_edge_run, &k);
        }
    }
}

/* Every pair of a grid of int16 values holding the extremes, for a few requantizations. */
static void test_extreme_pairs(void)
{
    static const int16_t vals[] = {INT16_MIN, INT16_MIN + 1, -16384, -181,          -1,       0,
                                   1,         181,           16384,  INT16_MAX - 1, INT16_MAX};
    const int32_t nv = (int32_t)(sizeof(vals) / sizeof(vals[0]));
    int16_t a[121], b[121], o16[121], acc[121];
    int8_t o8[121];
    for (int32_t i = 0; i < nv * nv; i++)
    {
        a[i] = vals[i / nv];
        b[i] = vals[i % nv];
    }
    const int32_t reqs[][2] = {{INT32_MAX, 0}, {1 << 30, 0}, {INT32_MAX, -31}, {1 << 30, -15}, {-INT32_MAX, 0}, {1, 0}};
    for (size_t q = 0; q < sizeof(reqs) / sizeof(reqs[0]); q++)
    {
        kiln_test_context("extreme pairs, mult=%ld shift=%ld", (long)reqs[q][0], (long)reqs[q][1]);
        KILN_CHECK_EQ(arm_elementwise_mul_s16_s8(a, b, o8, -5, reqs[q][0], reqs[q][1], nv * nv, 1, 1),
                      ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_EQ(arm_elementwise_mul_s16_batch_offset(a, b, o16, 7, reqs[q][0], reqs[q][1], nv, nv, 1),
                      ARM_CMSIS_NN_SUCCESS);
        for (int32_t i = 0; i < nv * nv; i++)
        {
            acc[i] = vals[(i * 7) % nv];
        }
        KILN_CHECK_EQ(arm_elementwise_mul_acc_s16(a, b, 0, 0, acc, 0, reqs[q][0], reqs[q][1], 0, 0, nv * nv),
                      ARM_CMSIS_NN_SUCCESS);
        for (int32_t i = 0; i < nv * nv; i++)
        {
            const int32_t v = kiln_ref_multiply_by_quantized_multiplier((int32_t)a[i] * b[i], reqs[q][0], reqs[q][1]);
            KILN_CHECK_EQ(o8[i], acti_clamp((int64_t)v - 5, INT8_MIN, INT8_MAX));
            KILN_CHECK_EQ(o16[i], acti_clamp((int64_t)v + 7, INT16_MIN, INT16_MAX));
            KILN_CHECK_EQ(acc[i], acti_clamp((int64_t)vals[(i * 7) % nv] + v, INT16_MIN, INT16_MAX));
        }
    }
}

static void test_bad_input(void)
{
    int16_t a[8] = {1, 2, 3, 4, -5, -6, 7, 8}, b[8] = {9, 8, 7, 6, 5, 4, 3, 2};
    uint8_t out[64 + 2 * ACTI_GUARD];
    uint8_t *o = out + ACTI_GUARD;
    const int32_t Q30 = 1 << 30;
    for (int32_t t = 0; t < 2; t++)
    {
        const bool s16 = (t == 1);
        struct
        {
            const char *what;
            bool null_a, null_b, null_out;
            int32_t off, mult, shift, block, batches, boff;
        } cases[] = {
            {"NULL input 1", true, false, false, 0, Q30, 0, 4, 2, 1},
            {"NULL input 2", false, true, false, 0, Q30, 0, 4, 2, 1},
            {"NULL output", false, false, true, 0, Q30, 0, 4, 2, 1},
            {"negative block size", false, false, false, 0, Q30, 0, -1, 2, 1},
            {"negative batch size", false, false, false, 0, Q30, 0, 4, -1, 1},
            {"batch offset 0", false, false, false, 0, Q30, 0, 4, 2, 0},
            {"negative batch offset", false, false, false, 0, Q30, 0, 4, 2, -3},
            {"output offset outside the type", false, false, false, s16 ? 32768 : 128, Q30, 0, 4, 2, 1},
            {"output offset below the type", false, false, false, s16 ? -32769 : -129, Q30, 0, 4, 2, 1},
            {"shift 1 overflows the product", false, false, false, 0, Q30, 1, 4, 2, 1},
            {"shift below -31", false, false, false, 0, Q30, -32, 4, 2, 1},
            {"multiplier INT32_MIN", false, false, false, 0, INT32_MIN, 0, 4, 2, 1},
            {"output span past INT32_MAX", false, false, false, 0, Q30, 0, 65536, 2, 32768},
            {"input span past INT32_MAX", false, false, false, 0, Q30, 0, 65536, 32768, 1},
        };
        for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++)
        {
            memset(out, ACTI_CANARY, sizeof(out));
            kiln_test_context("s16=%d: %s", (int)s16, cases[k].what);
            const batch_call c = {s16,
                                  cases[k].off,
                                  cases[k].mult,
                                  cases[k].shift,
                                  cases[k].block,
                                  cases[k].batches,
                                  cases[k].boff,
                                  cases[k].null_a ? NULL : a,
                                  cases[k].null_b ? NULL : b,
                                  cases[k].null_out ? NULL : o,
                                  0};
            KILN_CHECK_EQ(call_batch(&c), ARM_CMSIS_NN_ARG_ERROR);
            for (size_t i = 0; i < sizeof(out); i++)
            {
                KILN_CHECK_EQ(out[i], ACTI_CANARY);
            }
        }
        /* accepted limits */
        kiln_test_context("s16=%d: limits", (int)s16);
        const batch_call z = {s16, s16 ? 32767 : -128, INT32_MAX, -31, 0, 5, INT32_MAX, a, b, o, 0};
        KILN_CHECK_EQ(call_batch(&z), ARM_CMSIS_NN_SUCCESS); /* empty blocks: any batch offset */
        const batch_call e = {s16, 0, -INT32_MAX, 0, 4, 0, 1, a, b, o, 0};
        KILN_CHECK_EQ(call_batch(&e), ARM_CMSIS_NN_SUCCESS);
        for (size_t i = 0; i < sizeof(out); i++)
        {
            KILN_CHECK_EQ(out[i], ACTI_CANARY);
        }
    }

    struct
    {
        const char *what;
        bool null_a, null_b, null_out;
        int32_t mult, shift, act_min, act_max, n;
    } acc_cases[] = {
        {"NULL input 1", true, false, false, Q30, 0, -100, 100, 8},
        {"NULL input 2", false, true, false, Q30, 0, -100, 100, 8},
        {"NULL output", false, false, true, Q30, 0, -100, 100, 8},
        {"negative size", false, false, false, Q30, 0, -100, 100, -1},
        {"act_min > act_max", false, false, false, Q30, 0, 101, 100, 8},
        {"act_min below int16", false, false, false, Q30, 0, -32769, 100, 8},
        {"act_max above int16", false, false, false, Q30, 0, -100, 32768, 8},
        {"shift 1 overflows the product", false, false, false, Q30, 1, 0, 0, 8},
        {"shift above 30", false, false, false, Q30, 31, 0, 0, 8},
        {"multiplier INT32_MIN", false, false, false, INT32_MIN, 0, 0, 0, 8},
    };
    for (size_t k = 0; k < sizeof(acc_cases) / sizeof(acc_cases[0]); k++)
    {
        memset(out, ACTI_CANARY, sizeof(out));
        kiln_test_context("mul_acc: %s", acc_cases[k].what);
        KILN_CHECK_EQ(arm_elementwise_mul_acc_s16(acc_cases[k].null_a ? NULL : a, acc_cases[k].null_b ? NULL : b, 0, 0,
                                                  acc_cases[k].null_out ? NULL : (int16_t *)o, 0, acc_cases[k].mult,
                                                  acc_cases[k].shift, acc_cases[k].act_min, acc_cases[k].act_max,
                                                  acc_cases[k].n),
                      ARM_CMSIS_NN_ARG_ERROR);
        for (size_t i = 0; i < sizeof(out); i++)
        {
            KILN_CHECK_EQ(out[i], ACTI_CANARY);
        }
    }
    /* accepted: act_max <= 0 ignores act_min entirely */
    kiln_test_context("mul_acc: limits");
    KILN_CHECK_EQ(arm_elementwise_mul_acc_s16(a, b, 0, 0, (int16_t *)o, 0, Q30, 0, INT32_MAX, 0, 8),
                  ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK_EQ(arm_elementwise_mul_acc_s16(a, b, 0, 0, (int16_t *)o, 0, Q30, 0, -32768, 32767, 0),
                  ARM_CMSIS_NN_SUCCESS);
}

int main(void)
{
    KILN_RUN(test_mul_batch_random);
    KILN_RUN(test_mul_acc_random);
    KILN_RUN(test_extreme_pairs);
    KILN_RUN(test_bad_input);
    return kiln_test_finish();
}
