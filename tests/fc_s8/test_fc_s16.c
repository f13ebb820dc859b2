/* Tests of arm_fully_connected_s16, arm_fully_connected_per_channel_s16, arm_fully_connected_wrapper_s16 (both
 * forms), their size queries, the int16 route of the fully connected plan and the int64 requantization it shares
 * with arm_batch_matmul_s16 (kiln_requant_s64). */
#include <string.h>

#include "arm_nnfunctions.h"
#include "arm_nnsupportfunctions.h"
#include "Internal/kiln_fc_s8.h"
#include "kiln_board.h"
#include "kiln_ref.h"
#include "kiln_test.h"

#include "kiln_vectors/fc_int16_slow.h"
#include "kiln_vectors/fully_connected_int16.h"
#include "kiln_vectors/fully_connected_int16_big.h"

#define GUARD 32
#define GUARD_BYTE ((int8_t)0x5A)
#define MAX_COLS 1100
#define MAX_ROWS 64
#define MAX_BATCH 5
#define MAX_OUT (MAX_ROWS * MAX_BATCH)

static int16_t g_in[MAX_BATCH * MAX_COLS], g_in_copy[MAX_BATCH * MAX_COLS];
static int8_t g_w[MAX_ROWS * MAX_COLS], g_w_copy[MAX_ROWS * MAX_COLS];
static int64_t g_bias[MAX_ROWS], g_bias_copy[MAX_ROWS];
static int16_t g_out_buf[MAX_OUT + 2 * GUARD];
static int16_t *const g_out = g_out_buf + GUARD;
static int16_t g_ref[MAX_OUT];
static int32_t g_mults[MAX_ROWS], g_shifts[MAX_ROWS];
static int64_t g_ctx_words[(2 * GUARD) / 8];
static int8_t *const g_ctx = (int8_t *)g_ctx_words + GUARD; /* 0 bytes between two guards */

/* ---- reference: TFLite's int16x8 FULLY_CONNECTED with exact (128-bit) requantization ---------- */

static int16_t ref_out(int64_t sum, int64_t bias, int32_t mult, int32_t shift, int32_t off, int32_t amin,
                       int32_t amax)
{
    int64_t v = kiln_ref_requantize_s64_wide(sum, bias, mult, shift) + off;
    v = v < amin ? amin : v;
    v = v > amax ? amax : v;
    return (int16_t)v;
}

typedef struct
{
    int32_t batches, cols, rows;
    int32_t out_off, act_min, act_max;
    int32_t mult, shift;
    const int16_t *input;
    const int8_t *weights;
    const int64_t *bias;
    /* the entry: 0 arm_fully_connected_s16, 1 arm_fully_connected_per_channel_s16, 2 / 3 the wrapper per-tensor /
     * per-channel; the per-channel forms requantize row r by mults[r] / shifts[r] */
    int api;
    const int32_t *mults, *shifts;
} fc16_case;

static bool fc16_per_channel(const fc16_case *c)
{
    return c->api == 1 || c->api == 3;
}

static void ref_fc_s16(const fc16_case *c, int16_t *out)
{
    for (int32_t b = 0; b < c->batches; b++)
    {
        for (int32_t r = 0; r < c->rows; r++)
        {
            int64_t sum = 0;
            for (int32_t k = 0; k < c->cols; k++)
            {
                sum += (int64_t)c->input[b * c->cols + k] * (int64_t)c->weights[r * c->cols + k];
            }
            const bool pc = fc16_per_channel(c);
            out[b * c->rows + r] = ref_out(sum, c->bias != NULL ? c->bias[r] : 0, pc ? c->mults[r] : c->mult,
                                           pc ? c->shifts[r] : c->shift, c->out_off, c->act_min, c->act_max);
        }
    }
}

/* ---- helpers ---------------------------------------------------------------------------------- */

static void guard_fill16(int16_t *p, int64_t n)
{
    memset(p - GUARD, GUARD_BYTE, GUARD * sizeof(int16_t));
    memset(p + n, GUARD_BYTE, GUARD * sizeof(int16_t));
}

static bool guard_intact_bytes(const int8_t *p, int64_t n, int64_t guard)
{
    for (int64_t i = 0; i < guard; i++)
    {
        if (p[-1 - i] != GUARD_BYTE || p[n + i] != GUARD_BYTE)
        {
            return false;
        }
    }
    return true;
}

static bool guard_intact16(const int16_t *p, int64_t n)
{
    return guard_intact_bytes((const int8_t *)p, n * 2, GUARD * 2);
}

static void fill_s16(kiln_rng *r, int16_t *dst, int64_t n, int32_t lo, int32_t hi)
{
    for (int64_t i = 0; i < n; i++)
    {
        dst[i] = (int16_t)kiln_rng_range(r, lo, hi);
    }
}

/* Uniform magnitude below 2^bits (bits in [0, 63]), random sign. */
static int64_t rand_i64(kiln_rng *r, int32_t bits)
{
    const uint64_t raw = ((uint64_t)kiln_rng_u32(r) << 32) | kiln_rng_u32(r);
    const int64_t mag = (int64_t)((raw >> 1) >> (63 - bits));
    return kiln_rng_range(r, 0, 1) ? mag : -mag;
}

static arm_cmsis_nn_status run_fc16(const fc16_case *c, const cmsis_nn_context *ctx, int16_t *out)
{
    const cmsis_nn_fc_params fp = {0, 0, c->out_off, {c->act_min, c->act_max}};
    const cmsis_nn_per_tensor_quant_params qp = {c->mult, c->shift};
    /* As the upstream driver: input h * w * c = cols, filter n = cols, c = rows; the rest unset. */
    const cmsis_nn_dims in = {c->batches, 1, 1, c->cols};
    const cmsis_nn_dims fd = {c->cols, -5, -5, c->rows};
    const cmsis_nn_dims bd = {-5, -5, -5, -5};
    const cmsis_nn_dims od = {c->batches, -5, -5, c->rows};
    int32_t one_m = c->mult, one_s = c->shift;
    const cmsis_nn_per_channel_quant_params pq = {(int32_t *)(uintptr_t)c->mults, (int32_t *)(uintptr_t)c->shifts};
    const cmsis_nn_quant_params wq = {c->api == 3 ? pq.multiplier : &one_m, c->api == 3 ? pq.shift : &one_s,
                                      c->api == 3};
    switch (c->api)
    {
    case 1:
        return arm_fully_connected_per_channel_s16(ctx, &fp, &pq, &in, c->input, &fd, c->weights, &bd, c->bias, &od,
                                                   out);
    case 2:
    case 3:
        return arm_fully_connected_wrapper_s16(ctx, &fp, &wq, &in, c->input, &fd, c->weights, &bd, c->bias, &od, out);
    default:
        return arm_fully_connected_s16(ctx, &fp, &qp, &in, c->input, &fd, c->weights, &bd, c->bias, &od, out);
    }
}

typedef struct
{
    const fc16_case *c;
    void *in, *w, *b, *out;
    int32_t n_out;
    const int16_t *want;
} fc16_edge_call;

static bool fc16_edge_run(void *arg)
{
    const fc16_edge_call *k = (const fc16_edge_call *)arg;
    fc16_case c = *k->c;
    c.input = (const int16_t *)k->in;
    c.weights = (const int8_t *)k->w;
    c.bias = (const int64_t *)k->b;
    bool ok = KILN_CHECK_EQ(run_fc16(&c, NULL, (int16_t *)k->out), ARM_CMSIS_NN_SUCCESS);
    ok &= KILN_CHECK_MEM_S16((const int16_t *)k->out, k->want, k->n_out);
    return ok;
}

/* Every context form (NULL, {NULL, 0}, a guarded buffer stated as 0 bytes or as GUARD), guards around
 * the output, inputs unchanged; then (edges) each operand flush against either end of memory. */
static void check_case(const fc16_case *c, const int16_t *want, bool edges)
{
    const int32_t n_out = c->batches * c->rows;
    const cmsis_nn_dims fd = {c->cols, 1, 1, c->rows};
    const int32_t need = fc16_per_channel(c) ? arm_fully_connected_per_channel_s16_get_buffer_size(&fd)
                                             : arm_fully_connected_s16_get_buffer_size(&fd);
    KILN_CHECK_EQ(need, 0);
    memcpy(g_in_copy, c->input, (size_t)c->batches * (size_t)c->cols * sizeof(int16_t));
    memcpy(g_w_copy, c->weights, (size_t)c->rows * (size_t)c->cols);
    if (c->bias != NULL)
    {
        memcpy(g_bias_copy, c->bias, (size_t)c->rows * sizeof(int64_t));
    }
    for (int form = 0; form < 4; form++)
    {
        memset(g_ctx - GUARD, GUARD_BYTE, 2 * GUARD);
        /* form 3 states more bytes than the route uses: none of them may be written either */
        const cmsis_nn_context ctx = {form >= 2 ? (void *)g_ctx : NULL, form == 2 ? need : (form == 3 ? GUARD : 0)};
        guard_fill16(g_out, n_out);
        memset(g_out, 0x11, (size_t)n_out * sizeof(int16_t));
        KILN_CHECK_EQ(run_fc16(c, form == 0 ? NULL : &ctx, g_out), ARM_CMSIS_NN_SUCCESS);
        if (!KILN_CHECK_MEM_S16(g_out, want, n_out))
        {
            kiln_test_context("ctx form %d: batches %d cols %d rows %d", form, (int)c->batches, (int)c->cols,
                              (int)c->rows);
        }
        KILN_CHECK(guard_intact16(g_out, n_out));
        KILN_CHECK(guard_intact_bytes(g_ctx, 0, GUARD)); /* the route uses no context byte */
    }
    KILN_CHECK(memcmp(g_in_copy, c->input, (size_t)c->batches * (size_t)c->cols * sizeof(int16_t)) == 0);
    KILN_CHECK(memcmp(g_w_copy, c->weights, (size_t)c->rows * (size_t)c->cols) == 0);
    KILN_CHECK(c->bias == NULL || memcmp(g_bias_copy, c->bias, (size_t)c->rows * sizeof(int64_t)) == 0);
    if (edges)
    {
        fc16_edge_call k = {c, kiln_edge_ptr(c->input), kiln_edge_ptr(c->weights), kiln_edge_ptr(c->bias), g_out,
                            n_out, want};
        const kiln_edge_operand ops[] = {
            {"input", &k.in, (size_t)c->batches * (size_t)c->cols * sizeof(int16_t)},
            {"weights", &k.w, (size_t)c->cols * (size_t)c->rows},
            {"bias", &k.b, (size_t)c->rows * sizeof(int64_t)},
            {"output", &k.out, (size_t)n_out * sizeof(int16_t)},
        };
        kiln_edge_each(ops, 4, fc16_edge_run, &k);
    }
}

/* ---- tests ------------------------------------------------------------------------------------ */

#define VECTOR_CASE(P, p)                                                                                      \
    do                                                                                                         \
    {                                                                                                          \
        const fc16_case c = {P##_INPUT_BATCHES,       P##_ACCUMULATION_DEPTH,  P##_OUT_CH,                    \
                             P##_OUTPUT_OFFSET,       P##_OUT_ACTIVATION_MIN,  P##_OUT_ACTIVATION_MAX,        \
                             P##_OUTPUT_MULTIPLIER,   P##_OUTPUT_SHIFT,        p##_input,                     \
                             p##_weights,             p##_biases, 0, NULL, NULL};                             \
        KILN_CHECK_EQ(P##_INPUT_OFFSET, 0);                                                                    \
        KILN_CHECK_EQ((int64_t)P##_INPUT_BATCHES * P##_OUT_CH, P##_DST_SIZE);                                 \
        KILN_CHECK_EQ((int64_t)P##_INPUT_W * P##_INPUT_H * P##_IN_CH, P##_ACCUMULATION_DEPTH);                \
        kiln_test_context("vector %s", #p);                                                                    \
        ref_fc_s16(&c, g_ref);                                                                                 \
        KILN_CHECK_MEM_S16(g_ref, p##_output_ref, P##_DST_SIZE);                                               \
        check_case(&c, p##_output_ref, true);                                                                  \
        /* The upstream driver's dims: input [n, h, w, c], filter [depth, h, w, out_ch]. */                    \
        const cmsis_nn_fc_params fp = {0, 0, 0, {P##_OUT_ACTIVATION_MIN, P##_OUT_ACTIVATION_MAX}};            \
        const cmsis_nn_per_tensor_quant_params qp = {P##_OUTPUT_MULTIPLIER, P##_OUTPUT_SHIFT};                \
        const cmsis_nn_dims in = {P##_INPUT_BATCHES, P##_INPUT_H, P##_INPUT_W, P##_IN_CH};                     \
        const cmsis_nn_dims fd = {P##_ACCUMULATION_DEPTH, P##_INPUT_H, P##_INPUT_W, P##_OUT_CH};               \
        const cmsis_nn_dims od = {P##_INPUT_BATCHES, 1, 1, P##_OUT_CH};                                        \
        const cmsis_nn_context ctx = {NULL, arm_fully_connected_s16_get_buffer_size(&fd)};                     \
        memset(g_out, 0, sizeof(int16_t) * P##_DST_SIZE);                                                      \
        KILN_CHECK_EQ(arm_fully_connected_s16(&ctx, &fp, &qp, &in, p##_input, &fd, p##_weights, NULL,          \
                                              p##_biases, &od, g_out),                                         \
                      ARM_CMSIS_NN_SUCCESS);                                                                   \
        KILN_CHECK_MEM_S16(g_out, p##_output_ref, P##_DST_SIZE);                                               \
    } while (0)

static void test_shared_vectors(void)
{
    VECTOR_CASE(FULLY_CONNECTED_INT16, fully_connected_int16);
    VECTOR_CASE(FULLY_CONNECTED_INT16_BIG, fully_connected_int16_big);
    VECTOR_CASE(FC_INT16_SLOW, fc_int16_slow);
}

/* kiln_requant_s64 against the exact reference: every shift, multipliers across [0, INT32_MAX]
 * (both REDUCE_MULTIPLIER forms), accumulators from 0 to past int64 (sum + bias overflowing); and
 * against arm_nn_requantize_s64 (CMSIS-NN's form) wherever that is defined. */
static void test_requantization(void)
{
    kiln_rng rng;
    kiln_rng_seed(&rng, 1616);
    static const int64_t edge_vals[] = {0,         1,          -1,        2,         -2,        32767,
                                        -32768,    (1 << 22),  -(1 << 22), 1 << 24,   -(1 << 24), (int64_t)1 << 40,
                                        INT64_MAX, INT64_MIN,  INT64_MAX - 1, INT64_MIN + 1, (int64_t)1 << 53,
                                        -((int64_t)1 << 53)};
    const int32_t n_edge = (int32_t)(sizeof(edge_vals) / sizeof(edge_vals[0]));
    const int32_t iters = kiln_test_iterations(200000, 20000);
    int32_t in_domain = 0;
    for (int32_t it = 0; it < iters; it++)
    {
        int64_t sum, bias;
        const int32_t mode = kiln_rng_range(&rng, 0, 3);
        if (mode == 0)
        {
            sum = edge_vals[kiln_rng_range(&rng, 0, n_edge - 1)];
            bias = edge_vals[kiln_rng_range(&rng, 0, n_edge - 1)];
        }
        else
        {
            sum = rand_i64(&rng, kiln_rng_range(&rng, 0, 62));
            bias = mode == 1 ? 0 : rand_i64(&rng, kiln_rng_range(&rng, 0, 63));
        }
        const int32_t mult = kiln_rng_range(&rng, 0, 9) == 0 ? kiln_rng_range(&rng, 0x7FFEFFFF, INT32_MAX)
                             : kiln_rng_range(&rng, 0, 9) == 0 ? kiln_rng_range(&rng, 0, 1 << 17)
                                                               : kiln_rng_range(&rng, 1 << 30, INT32_MAX);
        const int32_t shift = kiln_rng_range(&rng, 0, 3) == 0 ? kiln_rng_range(&rng, -31, 30)
                                                              : kiln_rng_range(&rng, -40, 10);
        const int32_t sh = shift < -31 ? -31 : shift;
        const int32_t rm = REDUCE_MULTIPLIER(mult);
        const int64_t want = kiln_ref_requantize_s64_wide(sum, bias, mult, sh);
        /* Exact below 2^17 in magnitude; beyond, any value past 2^17 of the right sign (every int16
         * output, offset included, is then clamped alike). */
        const int64_t lim = (int64_t)1 << 17;
        const int64_t got = kiln_requant_s64(sum, bias, rm, sh);
        kiln_test_context("scale it %d: sum %lld bias %lld mult %ld shift %d", (int)it, (long long)sum,
                          (long long)bias, (long)mult, (int)sh);
        KILN_CHECK_EQ(got > lim ? lim : (got < -lim ? -lim : got), want > lim ? lim : (want < -lim ? -lim : want));
        KILN_CHECK_EQ(rm, REDUCE_MULTIPLIER(mult));
        /* CMSIS-NN's arm_nn_requantize_s64: defined for shift <= 14, acc * rm within int64 and the
         * half-step result within int32. */
        const bool acc64 = bias > 0 ? sum <= INT64_MAX - bias : sum >= INT64_MIN - bias; /* sum + bias in int64 */
        if (sh <= 14 && acc64)
        {
            const int64_t a = sum + bias;
            const int64_t a47 = (int64_t)1 << 47, w29 = (int64_t)1 << 29;
            if (a > -a47 && a < a47 && want > -w29 && want < w29)
            {
                in_domain++;
                KILN_CHECK_EQ(arm_nn_requantize_s64(a, rm, sh), want);
            }
        }
        /* Through the output step: offset and clamp. */
        const kiln_fc_s16_args args = {rm, sh, kiln_rng_range(&rng, -65535, 65535), -32768, 32767};
        KILN_CHECK_EQ(kiln_fc_s16_out(sum, bias, &args), ref_out(sum, bias, mult, sh, args.out_offset, -32768, 32767));
    }
    KILN_CHECK(in_domain > iters / 8);
}

static void test_size_queries(void)
{
    const cmsis_nn_dims fd = {100, 1, 1, 30};
    KILN_CHECK_EQ(arm_fully_connected_s16_get_buffer_size(&fd), 0);
    KILN_CHECK_EQ(arm_fully_connected_s16_get_buffer_size_dsp(&fd), 0);
    KILN_CHECK_EQ(arm_fully_connected_s16_get_buffer_size_mve(&fd), 0);
    const cmsis_nn_dims neg_c = {100, 1, 1, -1}, neg_n = {-1, 1, 1, 30}, huge = {INT32_MAX, 1, 1, INT32_MAX};
    KILN_CHECK_EQ(arm_fully_connected_s16_get_buffer_size(NULL), -1);
    KILN_CHECK_EQ(arm_fully_connected_s16_get_buffer_size_dsp(NULL), -1);
    KILN_CHECK_EQ(arm_fully_connected_s16_get_buffer_size_mve(NULL), -1);
    KILN_CHECK_EQ(arm_fully_connected_s16_get_buffer_size(&neg_c), -1);
    KILN_CHECK_EQ(arm_fully_connected_s16_get_buffer_size_dsp(&neg_n), -1);
    KILN_CHECK_EQ(arm_fully_connected_s16_get_buffer_size_mve(&neg_c), -1);
    KILN_CHECK_EQ(arm_fully_connected_s16_get_buffer_size_mve(&huge), 0);
    /* the per-channel form's queries: the same plan, the same answers */
    const cmsis_nn_dims *qd[5] = {&fd, NULL, &neg_c, &neg_n, &huge};
    for (int i = 0; i < 5; i++)
    {
        const int32_t want = arm_fully_connected_s16_get_buffer_size(qd[i]);
        KILN_CHECK_EQ(arm_fully_connected_per_channel_s16_get_buffer_size(qd[i]), want);
        KILN_CHECK_EQ(arm_fully_connected_per_channel_s16_get_buffer_size_dsp(qd[i]),
                      arm_fully_connected_s16_get_buffer_size_dsp(qd[i]));
        KILN_CHECK_EQ(arm_fully_connected_per_channel_s16_get_buffer_size_mve(qd[i]),
                      arm_fully_connected_s16_get_buffer_size_mve(qd[i]));
    }

    /* The family plan: the int16 route on every backend; the int8 routes unchanged. */
    const kiln_fc_s8_shape sh = {2, 100, 30};
    for (int isa = KILN_ISA_C; isa <= KILN_ISA_MVE; isa++)
    {
        kiln_fc_s8_plan_t p;
        KILN_CHECK_EQ(kiln_fc_plan(&sh, KILN_FC_OP_S16, (kiln_isa)isa, &p), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_EQ(p.route, KILN_FC_S8_ROUTE_S16_C);
        KILN_CHECK(strcmp(p.name, "fc_s16_c") == 0);
        KILN_CHECK_EQ(p.scratch_bytes, 0);
        KILN_CHECK_EQ(kiln_fc_s8_plan_ctx_bytes(&p), 0);
        kiln_fc_s8_plan_t q8, q8b;
        KILN_CHECK_EQ(kiln_fc_plan(&sh, KILN_FC_OP_S8, (kiln_isa)isa, &q8), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_EQ(kiln_fc_s8_plan(&sh, (kiln_isa)isa, &q8b), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_EQ(q8.route, isa == KILN_ISA_MVE ? KILN_FC_S8_ROUTE_MVE_KSUM : KILN_FC_S8_ROUTE_DIRECT);
        KILN_CHECK_EQ(q8b.route, q8.route);
        KILN_CHECK_EQ(kiln_fc_s8_plan_ctx_bytes(&q8), isa == KILN_ISA_MVE ? 30 * 4 + KILN_FC_S8_SEAL_BYTES : 0);
        KILN_CHECK_EQ(kiln_fc_s8_plan_ctx_bytes(&q8b), kiln_fc_s8_plan_ctx_bytes(&q8));
    }
    kiln_fc_s8_plan_t p = {KILN_FC_S8_ROUTE_DIRECT, "untouched", 7, 7};
    const kiln_fc_s8_shape bad = {1, -1, 3};
    KILN_CHECK_EQ(kiln_fc_plan(&bad, KILN_FC_OP_S16, KILN_ISA_C, &p), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(kiln_fc_plan(&sh, (kiln_fc_op)7, KILN_ISA_C, &p), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK(strcmp(p.name, "untouched") == 0 && p.scratch_bytes == 7);
    /* The int8 queries are unchanged. */
    KILN_CHECK_EQ(arm_fully_connected_s8_get_buffer_size_mve(&fd), 30 * 4 + KILN_FC_S8_SEAL_BYTES);
    KILN_CHECK_EQ(arm_fully_connected_s8_get_buffer_size_dsp(&fd), 0);
}

/* Random layers: batches > 1, depths not multiples of 4 / 8 / 16 (and past the 256-product blocks),
 * NULL bias, full-range and extreme data, random multipliers / shifts / offsets, clamps. */
static void test_random_vs_reference(void)
{
    kiln_rng rng;
    kiln_rng_seed(&rng, 3216);
    const int32_t iters = kiln_test_iterations(2500, 300);
    int64_t n_inside = 0, n_total = 0; /* outputs the clamp left alone: the cases are informative */
    for (int32_t it = 0; it < iters; it++)
    {
        fc16_case c;
        c.batches = kiln_rng_range(&rng, 1, MAX_BATCH);
        c.cols = kiln_rng_range(&rng, 1, (it % 8) == 0 ? MAX_COLS : 300);
        c.rows = kiln_rng_range(&rng, 1, (it % 8) == 0 ? 12 : MAX_ROWS);
        const int32_t data = kiln_rng_range(&rng, 0, 5);
        const int64_t n_in = (int64_t)c.batches * c.cols, n_w = (int64_t)c.rows * c.cols;
        if (data == 0)
        {
            /* Extremes: the largest products, all of one sign or mixed. */
            const int32_t sx = kiln_rng_range(&rng, 0, 2), sw = kiln_rng_range(&rng, 0, 2);
            for (int64_t i = 0; i < n_in; i++)
            {
                g_in[i] = (int16_t)(sx == 0 ? -32768 : sx == 1 ? 32767 : (kiln_rng_range(&rng, 0, 1) ? 32767 : -32768));
            }
            for (int64_t i = 0; i < n_w; i++)
            {
                g_w[i] = (int8_t)(sw == 0 ? -128 : sw == 1 ? 127 : (kiln_rng_range(&rng, 0, 1) ? 127 : -128));
            }
        }
        else
        {
            fill_s16(&rng, g_in, n_in, data == 1 ? -300 : -32768, data == 1 ? 300 : 32767);
            kiln_rng_fill_s8(&rng, g_w, n_w);
        }
        const int32_t bias_kind = kiln_rng_range(&rng, 0, 15);
        for (int32_t r = 0; r < c.rows; r++)
        {
            g_bias[r] = bias_kind == 0 ? (kiln_rng_range(&rng, 0, 1) ? INT64_MAX - kiln_rng_range(&rng, 0, 9)
                                                                     : INT64_MIN + kiln_rng_range(&rng, 0, 9))
                                       : (int64_t)kiln_rng_range(&rng, -(1 << 22), 1 << 22) * (data == 1 ? 1 : 8);
        }
        /* |acc| is typically sqrt(cols) * 2^20.4 for full-range data (2^13.6 for +-300 inputs) and
         * R ~ acc * 2^(shift - 0.5): aim the shift so outputs span int16. */
        int32_t shift = data == 1 ? 0 : -7;
        for (int32_t v = c.cols; v > 3; v >>= 2)
        {
            shift--;
        }
        shift += kiln_rng_range(&rng, -3, 2);
        if (kiln_rng_range(&rng, 0, 9) == 0)
        {
            shift = kiln_rng_range(&rng, -31, 30);
        }
        c.shift = shift < -31 ? -31 : shift;
        c.mult = kiln_rng_range(&rng, 0, 19) == 0 ? kiln_rng_range(&rng, 0, 70000)
                                                  : kiln_rng_range(&rng, 1 << 30, INT32_MAX);
        c.out_off = kiln_rng_range(&rng, 0, 1) ? 0 : (kiln_rng_range(&rng, 0, 7) ? kiln_rng_range(&rng, -3000, 3000)
                                                                             : kiln_rng_range(&rng, -65535, 65535));
        c.act_min = -32768;
        c.act_max = 32767;
        if (kiln_rng_range(&rng, 0, 3) == 0)
        {
            c.act_min = kiln_rng_range(&rng, -32768, 1000);
            c.act_max = kiln_rng_range(&rng, c.act_min, 32767);
        }
        c.input = g_in;
        c.weights = g_w;
        c.bias = kiln_rng_range(&rng, 0, 3) == 0 ? NULL : g_bias;
        c.api = (int)(it % 4);
        c.mults = g_mults;
        c.shifts = g_shifts;
        for (int32_t r = 0; r < c.rows; r++)
        {
            /* per-channel: each row its own multiplier and a shift near the layer's */
            g_mults[r] = kiln_rng_range(&rng, 0, 15) == 0 ? kiln_rng_range(&rng, 0, 70000)
                                                          : kiln_rng_range(&rng, 1 << 30, INT32_MAX);
            const int32_t sh = c.shift + kiln_rng_range(&rng, -2, 2);
            g_shifts[r] = sh < -31 ? -31 : (sh > 30 ? 30 : sh);
        }
        ref_fc_s16(&c, g_ref);
        for (int32_t i = 0; i < c.batches * c.rows; i++)
        {
            n_inside += g_ref[i] > c.act_min && g_ref[i] < c.act_max;
        }
        n_total += c.batches * c.rows;
        kiln_test_context("fc16 it %d: b %d cols %d rows %d mult %ld shift %d off %d data %d bias %d", (int)it,
                          (int)c.batches, (int)c.cols, (int)c.rows, (long)c.mult, (int)c.shift, (int)c.out_off,
                          (int)data, (int)bias_kind);
        check_case(&c, g_ref, (it % 4) == 0);
    }
    kiln_test_context("fc16: %lld of %lld outputs inside the activation range", (long long)n_inside,
                      (long long)n_total);
    KILN_CHECK(n_inside * 3 > n_total);
    printf("  fc16: %lld of %lld outputs inside the activation range\n", (long long)n_inside, (long long)n_total);
}

/* Empty outputs write nothing; an empty depth gives requantized biases. */
static void test_empty(void)
{
    static const int16_t in[4] = {1, 2, 3, 4};
    static const int8_t w[4] = {1, 1, 1, 1};
    static const int64_t bias[3] = {1 << 20, -(1 << 20), 12345};
    const cmsis_nn_fc_params fp = {0, 0, 5, {-32768, 32767}};
    const cmsis_nn_per_tensor_quant_params qp = {1 << 30, -6};
    int16_t out[3 + 2 * GUARD];
    for (int t = 0; t < 3; t++)
    {
        const cmsis_nn_dims id = {t == 0 ? 0 : 1, 1, 1, t == 2 ? 0 : 4}; /* no batch, no rows, no depth */
        const cmsis_nn_dims fd = {id.c, 1, 1, t == 1 ? 0 : 3};
        const cmsis_nn_dims od = {id.n, 1, 1, fd.c};
        memset(out, GUARD_BYTE, sizeof(out));
        KILN_CHECK_EQ(arm_fully_connected_s16(NULL, &fp, &qp, &id, in, &fd, w, NULL, bias, &od, out + GUARD),
                      ARM_CMSIS_NN_SUCCESS);
        const int32_t n = od.n * od.c;
        KILN_CHECK(guard_intact16(out + GUARD, n));
        if (t == 2)
        {
            for (int32_t r = 0; r < 3; r++)
            {
                KILN_CHECK_EQ(out[GUARD + r], ref_out(0, bias[r], qp.multiplier, qp.shift, 5, -32768, 32767));
            }
        }
    }
}

/* Every invalid argument: ARG_ERROR and the output untouched. */
static void test_bad_inputs(void)
{
    static int16_t in[2 * 20];
    static int8_t w[3 * 20];
    static int64_t bias[3] = {1, 2, 3};
    int16_t out[2 * 3 + 2 * GUARD];
    int16_t *const o = out + GUARD;
    for (int32_t t = 0; t < 35 * 4 + 2; t++)
    {
        /* rows 0..34 through each entry (t / 35: s16, per-channel, wrapper per-tensor, wrapper per-channel), then
         * the per-channel forms' own: NULL multiplier or shift arrays */
        const int api = t < 140 ? (int)(t / 35) : 1;
        cmsis_nn_fc_params fp = {0, 0, 0, {-32768, 32767}};
        cmsis_nn_dims idim = {2, 1, 4, 5};
        cmsis_nn_dims fd = {20, 1, 1, 3};
        cmsis_nn_dims od = {2, 1, 1, 3};
        cmsis_nn_per_tensor_quant_params qp = {1 << 30, -4};
        cmsis_nn_context ctx = {g_ctx, 0};
        const cmsis_nn_context *pctx = &ctx;
        const cmsis_nn_fc_params *pfp = &fp;
        const cmsis_nn_per_tensor_quant_params *pqp = &qp;
        const int16_t *pin = in;
        const int8_t *pw = w;
        const int64_t *pb = bias;
        int16_t *po = o;
        const cmsis_nn_dims *pid = &idim, *pfd = &fd, *pod = &od;
        bool expect_ok = false;
        bool null_mults = false, null_shifts = false;
        switch (t < 140 ? t % 35 : 100 + t - 140)
        {
        case 100: null_mults = true; break;
        case 101: null_shifts = true; break;
        case 0: expect_ok = true; break;
        case 1: pfp = NULL; break;
        case 2: pqp = NULL; break;
        case 3: pin = NULL; break;
        case 4: pw = NULL; break;
        case 5: po = NULL; break;
        case 6: pid = NULL; break;
        case 7: pfd = NULL; break;
        case 8: pod = NULL; break;
        case 9: idim.n = -1; od.n = -1; break;
        case 10: fd.n = 21; break;                 /* accumulation depth != input h*w*c */
        case 11: fd.c = 4; break;                  /* filter rows != output channels */
        case 12: od.n = 3; break;                  /* output batches != input batches */
        case 13: idim.c = -5; idim.w = -4; break;  /* negative dims with a positive product */
        case 14: fp.activation.min = 10; fp.activation.max = 9; break;
        case 15: fp.activation.max = 32768; break;
        case 16: fp.activation.min = -32769; break;
        case 17: qp.shift = 31; break;
        case 18: qp.shift = -32; break;
        case 19: qp.multiplier = -1; break;
        case 20: fp.input_offset = 1; break;       /* int16 quantization is symmetric */
        case 21: fp.filter_offset = -1; break;
        case 22: fp.output_offset = 65536; break;
        case 23: fp.output_offset = -65536; break;
        case 24: idim = (cmsis_nn_dims){65536, 1, 1, 40000}; od.n = 65536; fd.n = 40000; break; /* 64-bit size */
        case 25: idim = (cmsis_nn_dims){1, 65536, 65536, 1}; break; /* h * w past INT32_MAX */
        case 26: /* only rows * cols past INT32_MAX */
            idim = (cmsis_nn_dims){1, 1, 1, 64};
            fd = (cmsis_nn_dims){64, 1, 1, 1 << 26};
            od = (cmsis_nn_dims){1, 1, 1, 1 << 26};
            break;
        case 27: pb = NULL; expect_ok = true; break;      /* bias is optional */
        case 28: pctx = NULL; expect_ok = true; break;    /* no scratch: any context */
        case 29: ctx.buf = NULL; ctx.size = 0; expect_ok = true; break;
        case 30: ctx.size = 1000; expect_ok = true; break;
        case 31: fp.output_offset = 65535; fp.activation.min = -32768; expect_ok = true; break;
        case 32: qp.shift = 30; qp.multiplier = INT32_MAX; expect_ok = true; break;
        case 33: fd.h = -7; fd.w = -7; od.h = -1; od.w = -1; expect_ok = true; break; /* not read */
        case 34: /* batches * rows past INT32_MAX with an empty depth */
            idim = (cmsis_nn_dims){65536, 1, 1, 0};
            fd = (cmsis_nn_dims){0, 1, 1, 65536};
            od = (cmsis_nn_dims){65536, 1, 1, 65536};
            break;
        }
        memset(out, GUARD_BYTE, sizeof(out));
        kiln_test_context("fc16 bad input %d (entry %d)", (int)t, api);
        /* the per-channel arrays: every row the per-tensor values, the last row carrying a bad row's change */
        int32_t ms[3] = {1 << 30, 1 << 30, qp.multiplier}, ss[3] = {-4, -4, qp.shift};
        const cmsis_nn_per_channel_quant_params pq = {null_mults ? NULL : ms, null_shifts ? NULL : ss};
        int32_t one_m = qp.multiplier, one_s = qp.shift;
        const cmsis_nn_quant_params wq = {api == 3 ? pq.multiplier : &one_m, api == 3 ? pq.shift : &one_s, api == 3};
        arm_cmsis_nn_status st;
        switch (api)
        {
        case 1: st = arm_fully_connected_per_channel_s16(pctx, pfp, pqp ? &pq : NULL, pid, pin, pfd, pw, NULL, pb, pod,
                                                         po);
            break;
        case 2:
        case 3: st = arm_fully_connected_wrapper_s16(pctx, pfp, pqp ? &wq : NULL, pid, pin, pfd, pw, NULL, pb, pod, po);
            break;
        default: st = arm_fully_connected_s16(pctx, pfp, pqp, pid, pin, pfd, pw, NULL, pb, pod, po); break;
        }
        KILN_CHECK_EQ(st, expect_ok ? ARM_CMSIS_NN_SUCCESS : ARM_CMSIS_NN_ARG_ERROR);
        bool untouched = true;
        const int8_t *bytes = (const int8_t *)out;
        for (size_t i = 0; i < sizeof(out); i++)
        {
            const bool in_output = i >= GUARD * 2 && i < (GUARD + 6) * 2;
            if ((!in_output || !expect_ok) && bytes[i] != GUARD_BYTE)
            {
                untouched = false;
            }
        }
        KILN_CHECK(untouched);
        KILN_CHECK(guard_intact_bytes(g_ctx, 0, GUARD));
    }
}

int main(void)
{
    memset(g_ctx - GUARD, GUARD_BYTE, 2 * GUARD);
    KILN_RUN(test_size_queries);
    KILN_RUN(test_shared_vectors);
    KILN_RUN(test_requantization);
    KILN_RUN(test_empty);
    KILN_RUN(test_bad_inputs);
    KILN_RUN(test_random_vs_reference);
    return kiln_test_finish();
}
