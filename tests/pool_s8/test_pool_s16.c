/*
 * Tests of arm_avgpool_s16, arm_max_pool_s16 and the int16 avgpool scratch queries: the shared
 * vectors (bit-exact), random geometries against tests/reference, the largest accepted window at the
 * extremes of int16, guard bytes, edge memory and a bad-input table.
 */
#include <stdio.h>
#include <string.h>

#include "arm_nnfunctions.h"
#include "Internal/kiln_pool_s8.h"
#include "kiln_board.h"
#include "kiln_ref.h"
#include "kiln_test.h"
#include "pool_case.h"

#include "kiln_vectors/avgpooling_int16.h"
#include "kiln_vectors/avgpooling_int16_1.h"
#include "kiln_vectors/avgpooling_int16_2.h"
#include "kiln_vectors/avgpooling_int16_3.h"
#include "kiln_vectors/maxpool_int16.h"
#include "kiln_vectors/maxpool_int16_1.h"
#include "kiln_vectors/maxpool_int16_2.h"

#define GUARD 32
#define GUARD_VAL ((int16_t)0x5A5A)
#define MAX_IN (65535 + 64) /* the largest window's input (255 x 257) */
#define MAX_OUT (12 * 1024)

static int16_t g_in[MAX_IN];
static int16_t g_out_buf[MAX_OUT + 2 * GUARD];
static int16_t g_ref[MAX_OUT];
static int16_t *const g_out = g_out_buf + GUARD;

/* FNV-1a of the input's bytes: the call must leave them unchanged. */
static uint32_t checksum(const void *p, size_t n)
{
    const uint8_t *b = (const uint8_t *)p;
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++)
    {
        h = (h ^ b[i]) * 16777619u;
    }
    return h;
}

static void fill_guards(void)
{
    for (size_t i = 0; i < sizeof(g_out_buf) / sizeof(g_out_buf[0]); i++)
    {
        g_out_buf[i] = GUARD_VAL;
    }
}

static bool guards_intact(int64_t n)
{
    for (int32_t i = 0; i < GUARD; i++)
    {
        if (g_out_buf[i] != GUARD_VAL || g_out[n + i] != GUARD_VAL)
        {
            return false;
        }
    }
    return true;
}

static bool untouched(void)
{
    bool same = true;
    for (size_t i = 0; i < sizeof(g_out_buf) / sizeof(g_out_buf[0]); i++)
    {
        same = same && g_out_buf[i] == GUARD_VAL;
    }
    return same;
}

static arm_cmsis_nn_status pool_call(bool avg, const pool_case *pc, const cmsis_nn_context *ctx, const int16_t *x,
                                     int16_t *y)
{
    cmsis_nn_pool_params pp;
    cmsis_nn_dims in, f, out;
    fill_args(pc, &pp, &in, &f, &out);
    return avg ? arm_avgpool_s16(ctx, &pp, &in, x, &f, &out, y) : arm_max_pool_s16(ctx, &pp, &in, x, &f, &out, y);
}

static int ref_call(bool avg, const pool_case *pc, const int16_t *x, int16_t *y)
{
    const kiln_ref_window w = ref_window(pc);
    return avg ? kiln_ref_avgpool_s16(&w, x, pc->act_min, pc->act_max, y)
               : kiln_ref_maxpool_s16(&w, x, pc->act_min, pc->act_max, y);
}

/* One call with the input and output where kiln_edge_each() puts them. */
typedef struct
{
    bool avg;
    const pool_case *pc;
    void *in, *out;
    const int16_t *want;
} pool_edge_call;

static bool pool_edge_run(void *arg)
{
    const pool_edge_call *k = (const pool_edge_call *)arg;
    bool ok = KILN_CHECK_EQ(pool_call(k->avg, k->pc, NULL, (const int16_t *)k->in, (int16_t *)k->out),
                            ARM_CMSIS_NN_SUCCESS);
    ok &= KILN_CHECK_MEM_S16((const int16_t *)k->out, k->want, out_count(k->pc));
    return ok;
}

/* Runs a case (ctx of the queried size framed by guards, output framed by guards), compares with want,
 * checks the input unchanged, then runs it again with each operand at both edges of memory. */
static void run_case(bool avg, const pool_case *pc, const int16_t *input, const int16_t *want, bool edges)
{
    const int64_t n = out_count(pc);
    fill_guards();
    const int32_t q = arm_avgpool_s16_get_buffer_size(pc->out_w, pc->ch);
    KILN_CHECK_EQ(q, 0);
    int8_t ctx_buf[2 * GUARD];
    memset(ctx_buf, 0x5A, sizeof(ctx_buf));
    const cmsis_nn_context ctx = {ctx_buf + GUARD, q};
    const uint32_t in_sum = checksum(input, (size_t)in_count(pc) * sizeof(int16_t));
    KILN_CHECK_EQ(pool_call(avg, pc, &ctx, input, g_out), ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK_MEM_S16(g_out, want, n);
    KILN_CHECK(guards_intact(n));
    bool ctx_intact = true;
    for (size_t i = 0; i < sizeof(ctx_buf); i++)
    {
        ctx_intact = ctx_intact && ctx_buf[i] == 0x5A;
    }
    KILN_CHECK(ctx_intact);
    KILN_CHECK_EQ(checksum(input, (size_t)in_count(pc) * sizeof(int16_t)), in_sum);
    if (edges)
    {
        pool_edge_call k = {avg, pc, kiln_edge_ptr(input), g_out, want};
        const kiln_edge_operand ops[] = {
            {"input", &k.in, (size_t)in_count(pc) * sizeof(int16_t)},
            {"output", &k.out, (size_t)n * sizeof(int16_t)},
        };
        kiln_edge_each(ops, 2, pool_edge_run, &k);
    }
}

/* ---- shared vectors ---------------------------------------------------------------------- */

#define VECTOR_CASE(AVG, P, p, out_arr)                                                                          \
    do                                                                                                           \
    {                                                                                                            \
        const pool_case pc = {P##_BATCH_SIZE,   P##_INPUT_H,         P##_INPUT_W,         P##_INPUT_C,          \
                              P##_OUTPUT_H,     P##_OUTPUT_W,        P##_FILTER_H,        P##_FILTER_W,         \
                              P##_STRIDE_H,     P##_STRIDE_W,        P##_PADDING_H,       P##_PADDING_W,        \
                              P##_ACTIVATION_MIN, P##_ACTIVATION_MAX};                                           \
        KILN_CHECK_EQ(sizeof(out_arr) / sizeof(int16_t), out_count(&pc));                                        \
        KILN_CHECK_EQ(sizeof(p##_input_tensor) / sizeof(int16_t), in_count(&pc));                                \
        kiln_test_context("%s", #p);                                                                             \
        run_case(AVG, &pc, p##_input_tensor, out_arr, true);                                                     \
        /* The oracle agrees with the shared vector too. */                                                      \
        KILN_CHECK_EQ(ref_call(AVG, &pc, p##_input_tensor, g_ref), KILN_REF_OK);                                 \
        KILN_CHECK_MEM_S16(g_ref, out_arr, out_count(&pc));                                                      \
    } while (0)

static void test_vectors(void)
{
    VECTOR_CASE(true, AVGPOOLING_INT16, avgpooling_int16, avgpooling_int16_output);
    VECTOR_CASE(true, AVGPOOLING_INT16_1, avgpooling_int16_1, avgpooling_int16_1_output);
    VECTOR_CASE(true, AVGPOOLING_INT16_2, avgpooling_int16_2, avgpooling_int16_2_output);
    VECTOR_CASE(true, AVGPOOLING_INT16_3, avgpooling_int16_3, avgpooling_int16_3_output);
    VECTOR_CASE(false, MAXPOOL_INT16, maxpool_int16, maxpool_int16_output);
    VECTOR_CASE(false, MAXPOOL_INT16_1, maxpool_int16_1, maxpool_int16_1_output);
    VECTOR_CASE(false, MAXPOOL_INT16_2, maxpool_int16_2, maxpool_int16_2_output);
    kiln_test_context("");
}

/* ---- random differential tests ------------------------------------------------------------ */

static void fill_s16(kiln_rng *r, int16_t *dst, int64_t n)
{
    const int32_t mode = kiln_rng_range(r, 0, 5);
    for (int64_t i = 0; i < n; i++)
    {
        /* mode 0/1: every tap at one end of the range (sums at the extremes); else uniform */
        dst[i] = (int16_t)(mode == 0 ? INT16_MAX : mode == 1 ? INT16_MIN : kiln_rng_range(r, INT16_MIN, INT16_MAX));
    }
}

static void random_pool(bool avg, bool big, int32_t iterations, uint64_t seed)
{
    kiln_rng r;
    kiln_rng_seed(&r, seed);
    int32_t ran = 0;
    for (int32_t it = 0; it < iterations; it++)
    {
        pool_case pc;
        if (!random_case(&r, &pc, !avg && kiln_rng_range(&r, 0, 4) == 0, big, INT16_MIN, INT16_MAX, MAX_IN, MAX_OUT))
        {
            continue;
        }
        fill_s16(&r, g_in, in_count(&pc));
        kiln_test_context("%s it %ld: n%ld %ldx%ldx%ld -> %ldx%ld k%ldx%ld s%ldx%ld p%ldx%ld act[%ld,%ld]",
                          avg ? "avg" : "max", (long)it, (long)pc.n, (long)pc.in_h, (long)pc.in_w, (long)pc.ch,
                          (long)pc.out_h, (long)pc.out_w, (long)pc.k_h, (long)pc.k_w, (long)pc.s_h, (long)pc.s_w,
                          (long)pc.p_h, (long)pc.p_w, (long)pc.act_min, (long)pc.act_max);
        if (!KILN_CHECK_EQ(ref_call(avg, &pc, g_in, g_ref), KILN_REF_OK))
        {
            continue;
        }
        /* every eighth case also at the edges of memory */
        run_case(avg, &pc, g_in, g_ref, (it & 7) == 0);
        ran++;
    }
    kiln_test_context("");
    KILN_CHECK(ran >= iterations / 2);
}

static void test_avgpool_random(void)
{
    random_pool(true, false, kiln_test_iterations(2000, 200), 0x516A);
}

static void test_avgpool_random_big_windows(void)
{
    random_pool(true, true, kiln_test_iterations(200, 20), 0x516B);
}

static void test_maxpool_random(void)
{
    random_pool(false, false, kiln_test_iterations(2000, 200), 0x516C);
}

static void test_maxpool_random_big_windows(void)
{
    random_pool(false, true, kiln_test_iterations(200, 20), 0x516D);
}

/* The largest window accepted (255 x 257 = 65535 taps) at both ends of int16: the int32 sum and the
 * rounding step sit at their limits; 256 x 256 taps is refused. */
static void test_largest_window(void)
{
    const int16_t ends[] = {INT16_MIN, INT16_MAX, -1};
    for (size_t e = 0; e < sizeof(ends) / sizeof(ends[0]); e++)
    {
        const pool_case pc = {1, 255, 257, 1, 1, 1, 255, 257, 1, 1, 0, 0, INT16_MIN, INT16_MAX};
        for (int64_t i = 0; i < in_count(&pc); i++)
        {
            g_in[i] = ends[e];
        }
        g_in[0] = e == 2 ? 0 : g_in[0]; /* -65534 / 65535 rounds to -1 */
        KILN_CHECK_EQ(ref_call(true, &pc, g_in, g_ref), KILN_REF_OK);
        KILN_CHECK_EQ(g_ref[0], ends[e]);
        kiln_test_context("largest window, taps %ld", (long)ends[e]);
        run_case(true, &pc, g_in, g_ref, false);
        KILN_CHECK_EQ(ref_call(false, &pc, g_in, g_ref), KILN_REF_OK);
        run_case(false, &pc, g_in, g_ref, false);
    }
    kiln_test_context("");
    const pool_case too_big = {1, 256, 256, 1, 1, 1, 256, 256, 1, 1, 0, 0, INT16_MIN, INT16_MAX};
    fill_guards();
    KILN_CHECK_EQ(pool_call(true, &too_big, NULL, g_in, g_out), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(pool_call(false, &too_big, NULL, g_in, g_out), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK(untouched());
}

/* ---- queries ---------------------------------------------------------------------------------- */

static void test_queries(void)
{
    const int widths[] = {0, 1, 3, 1000, INT32_MAX};
    const int chans[] = {0, 1, 7, 16, 4096, INT32_MAX};
    for (size_t i = 0; i < sizeof(widths) / sizeof(widths[0]); i++)
    {
        for (size_t j = 0; j < sizeof(chans) / sizeof(chans[0]); j++)
        {
            KILN_CHECK_EQ(arm_avgpool_s16_get_buffer_size(widths[i], chans[j]), 0);
            KILN_CHECK_EQ(arm_avgpool_s16_get_buffer_size_dsp(widths[i], chans[j]), 0);
            KILN_CHECK_EQ(arm_avgpool_s16_get_buffer_size_mve(widths[i], chans[j]), 0);
        }
    }
    KILN_CHECK_EQ(arm_avgpool_s16_get_buffer_size(-1, 4), -1);
    KILN_CHECK_EQ(arm_avgpool_s16_get_buffer_size_dsp(4, -1), -1);
    KILN_CHECK_EQ(arm_avgpool_s16_get_buffer_size_mve(INT32_MIN, 4), -1);
    /* The plan names the portable route on every backend. */
    kiln_pool_s8_geom g;
    memset(&g, 0, sizeof(g));
    g.ch = 8;
    g.out_w = 4;
    g.k_h = 3;
    g.k_w = 3;
    const kiln_isa isas[] = {KILN_ISA_C, KILN_ISA_DSP, KILN_ISA_MVE};
    for (size_t i = 0; i < sizeof(isas) / sizeof(isas[0]); i++)
    {
        kiln_pool_s8_plan_info p;
        KILN_CHECK_EQ(kiln_pool_s8_plan(&g, KILN_POOL_S16_AVG, isas[i], &p), 0);
        KILN_CHECK(strcmp(p.name, "avg_s16_c") == 0 && p.route == KILN_POOL_S16_ROUTE_AVG_C && p.scratch_bytes == 0);
        KILN_CHECK_EQ(kiln_pool_s8_plan(&g, KILN_POOL_S16_MAX, isas[i], &p), 0);
        KILN_CHECK(strcmp(p.name, "max_s16_c") == 0 && p.route == KILN_POOL_S16_ROUTE_MAX_C && p.scratch_bytes == 0);
    }
}

/* ---- bad input ------------------------------------------------------------------------------ */

static void test_bad_input(void)
{
    for (int32_t avg = 0; avg < 2; avg++)
    {
        for (int32_t k = 0; k < BAD_COUNT; k++)
        {
            if (!avg && (k == EMPTY_WINDOW_TOP || k == EMPTY_WINDOW_BOTTOM))
            {
                continue;
            }
            bad_call c;
            bad_call_make(&c, (bad_kind)k, INT16_MIN, INT16_MAX, 256, 257);
            fill_guards();
            const int16_t *x = c.null_input ? NULL : g_in;
            int16_t *y = c.null_output ? NULL : g_out;
            const arm_cmsis_nn_status st = avg ? arm_avgpool_s16(NULL, c.ppp, c.inp, x, c.fp, c.outp, y)
                                               : arm_max_pool_s16(NULL, c.ppp, c.inp, x, c.fp, c.outp, y);
            kiln_test_context("%s bad case %ld", avg ? "avg" : "max", (long)k);
            KILN_CHECK_EQ(st, ARM_CMSIS_NN_ARG_ERROR);
            KILN_CHECK(untouched());
        }
    }
    kiln_test_context("");
    /* Controls: the base case is accepted, and an empty tensor is a successful no-op. */
    const pool_case ok = {1, 6, 6, 4, 3, 3, 3, 3, 2, 2, 1, 1, INT16_MIN, INT16_MAX};
    cmsis_nn_pool_params pp;
    cmsis_nn_dims in, f, out;
    fill_args(&ok, &pp, &in, &f, &out);
    KILN_CHECK_EQ(arm_avgpool_s16(NULL, &pp, &in, g_in, &f, &out, g_out), ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK_EQ(arm_max_pool_s16(NULL, &pp, &in, g_in, &f, &out, g_out), ARM_CMSIS_NN_SUCCESS);
    in.n = 0;
    fill_guards();
    KILN_CHECK_EQ(arm_avgpool_s16(NULL, &pp, &in, g_in, &f, &out, g_out), ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK_EQ(arm_max_pool_s16(NULL, &pp, &in, g_in, &f, &out, g_out), ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK(untouched());
}

/* Instructions per tap read on the boards: the window loops on Helium (kernels/kiln_pool_s16_mve.c) bounded at the
 * level measured when they came in; the portable loops informational. */
/* The averaging of the window sums (kiln_pool_s16_avg_run: Helium divides by a multiply, kiln_div_magic_u31) against
 * TFLite's division, for counts 1 .. KILN_POOL_S16_MAX_TAPS (every one on the host, a spread with the ends and the
 * powers of two on the boards) and sums at the ends of their range, around the rounding ties and at random, runs of
 * 1 .. 13 channels with narrow and full clamps; one past the run untouched. */
static void test_avg_run(void)
{
    enum
    {
        NS = 13
    };
    kiln_rng rng;
    kiln_rng_seed(&rng, 71);
    int32_t failures = 0;
    /* the magic multipliers themselves, every divisor, at the numerators where the rounding is closest */
    for (uint32_t d = 2; d <= (uint32_t)KILN_POOL_S16_MAX_TAPS && failures < 5; d++)
    {
        int32_t l;
        const uint64_t m = kiln_div_magic_u31(d, &l);
        const uint32_t amax = 0x7FFFFFFFu, alast = amax - amax % d;
        const uint32_t as[6] = {0u, d - 1u, d, alast - 1u, alast, amax};
        for (int32_t i = 0; i < 6; i++)
        {
            kiln_test_context("divisor %u numerator %u", (unsigned)d, (unsigned)as[i]);
            if (!KILN_CHECK_EQ((uint32_t)(((uint64_t)as[i] * m) >> (31 + l)), as[i] / d))
            {
                failures++;
            }
        }
    }
#if defined(__arm__) || defined(__ARM_ARCH)
    const int32_t step = 97;
#else
    const int32_t step = 1;
#endif
    for (int32_t count = 1; count <= KILN_POOL_S16_MAX_TAPS && failures < 5;
         count = (count < 70 || (count & (count - 1)) == 0 || count + step > KILN_POOL_S16_MAX_TAPS) ? count + 1
                                                                                                   : count + step)
    {
        int32_t sum[NS];
        int16_t got[NS + 1];
        const int32_t top = 32768 * count, q = kiln_rng_range(&rng, 0, 32767);
        const int32_t cand[NS] = {top, -top, -top + 1, top - 1, 0, q * count + count / 2, -(q * count + count / 2),
                                  q * count + count / 2 - 1, -(q * count + count / 2) + 1, count / 2, -(count / 2),
                                  kiln_rng_range(&rng, -top, top), kiln_rng_range(&rng, -top, top)};
        for (int32_t i = 0; i < NS; i++)
        {
            sum[i] = cand[i] > top ? top : (cand[i] < -top ? -top : cand[i]);
        }
        const int32_t n = 1 + count % NS;
        const bool narrow = (count % 3) == 0;
        const int32_t lo = narrow ? -1000 : INT16_MIN, hi = narrow ? 2000 : INT16_MAX;
        got[n] = GUARD_VAL;
        kiln_pool_s16_avg_run(sum, n, count, lo, hi, got);
        for (int32_t i = 0; i < n; i++)
        {
            const int32_t s = sum[i];
            int32_t want = s > 0 ? (s + count / 2) / count : (s - count / 2) / count;
            want = want < lo ? lo : (want > hi ? hi : want);
            kiln_test_context("count %d sum %d", (int)count, (int)s);
            if (!KILN_CHECK_EQ(got[i], want))
            {
                failures++;
            }
        }
        KILN_CHECK_EQ(got[n], GUARD_VAL);
    }
}

static void test_perf(void)
{
    if (!kiln_counter_available())
    {
        return;
    }
    const pool_case shapes[] = {
        {1, 16, 16, 32, 8, 8, 3, 3, 2, 2, 1, 1, INT16_MIN, INT16_MAX}, /* 3x3 s2, 32 channels */
        {1, 7, 7, 64, 1, 1, 7, 7, 7, 7, 0, 0, INT16_MIN, INT16_MAX},   /* global 7x7, 64 channels */
    };
    /* {average, max} bounds per shape (Helium; measured 4.705 / 1.503 and 2.146 / 0.993, portable C on the M55
     * 8.089 / 9.727 and 5.989 / 7.761; the fifteenth session's eight-channel sum loop in assembly and the division as
     * a multiply, four channels per vector: average 1.882 and 1.126; the maxima's loop in assembly: 1.091 and
     * 0.775) */
    static const double bounds[2][2] = {{1.95, 1.13}, {1.17, 0.81}};
    /* the same on the DSP backend (measured 5.916 / 4.808 and 3.383 / 3.599; portable C on the M4 8.790 / 10.736
     * and 6.798 / 8.716; the window loops in assembly: 5.197 / 3.597 and 2.970 / 2.686; rows of three columns
     * unrolled and the averages two channels a step: 4.447 / 3.151 and 2.930 / 2.696) */
    static const double bounds_dsp[2][2] = {{4.65, 3.30}, {3.10, 2.80}};
    kiln_rng r;
    kiln_rng_seed(&r, 5);
    for (size_t i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++)
    {
        const pool_case *pc = &shapes[i];
        for (int32_t j = 0; j < (int32_t)pc->in_h * pc->in_w * pc->ch; j++)
        {
            g_in[j] = (int16_t)kiln_rng_range(&r, INT16_MIN, INT16_MAX);
        }
        const int64_t taps = pool_case_taps(pc);
        for (int avg = 1; avg >= 0; avg--)
        {
            kiln_counter_start();
            const arm_cmsis_nn_status st = pool_call(avg != 0, pc, NULL, g_in, g_out);
            const double instr = kiln_counter_stop();
            KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
            const double per = instr / (double)taps;
            printf("perf %s %s s16: %ldx%ldx%ld k%ldx%ld: %.0f instructions, %.3f per tap\n", kiln_board_name(),
                   avg ? "avgpool" : "maxpool", (long)pc->in_h, (long)pc->in_w, (long)pc->ch, (long)pc->k_h,
                   (long)pc->k_w, instr, per);
            if (KILN_NATIVE_ISA == KILN_ISA_MVE)
            {
                KILN_CHECK(per <= bounds[i][avg ? 0 : 1]);
            }
            else if (KILN_NATIVE_ISA == KILN_ISA_DSP)
            {
                KILN_CHECK(per <= bounds_dsp[i][avg ? 0 : 1]);
            }
        }
    }
}

int main(void)
{
    KILN_RUN(test_vectors);
    KILN_RUN(test_queries);
    KILN_RUN(test_bad_input);
    KILN_RUN(test_largest_window);
    KILN_RUN(test_avgpool_random);
    KILN_RUN(test_avgpool_random_big_windows);
    KILN_RUN(test_maxpool_random);
    KILN_RUN(test_maxpool_random_big_windows);
    KILN_RUN(test_avg_run);
    KILN_RUN(test_perf);
    return kiln_test_finish();
}
