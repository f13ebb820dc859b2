/* Tests of arm_batch_matmul_s8 and its size queries. */
#include <string.h>

#include "arm_nnfunctions.h"
#include "Internal/kiln_fc_s8.h"
#include "kiln_board.h"
#include "kiln_ref.h"
#include "kiln_test.h"

#include "kiln_vectors/batch_matmul_1_s8.h"
#include "kiln_vectors/batch_matmul_2_s8.h"
#include "kiln_vectors/batch_matmul_3_s8.h"
#include "kiln_vectors/batch_matmul_4_s8.h"
#include "kiln_vectors/batch_matmul_5_s8.h"

#define GUARD 32
#define GUARD_BYTE ((int8_t)0x5A)
#define MAX_T (8 * 1024)
#define MAX_N 64

static int8_t g_lhs[MAX_T], g_rhs[MAX_T];
static int8_t g_lhs_k[MAX_T], g_rhs_k[MAX_T]; /* kernel layout */
static int8_t g_out_buf[MAX_T + 2 * GUARD];
static int8_t *const g_out = g_out_buf + GUARD;
static int8_t g_ref[MAX_T];
static int32_t g_ctx_words[(MAX_N * 4 + 2 * GUARD) / 4];
static int8_t *const g_ctx = (int8_t *)g_ctx_words + GUARD;

static void guard_fill(int8_t *p, int64_t n)
{
    memset(p - GUARD, GUARD_BYTE, GUARD);
    memset(p + n, GUARD_BYTE, GUARD);
}

static bool guard_intact(const int8_t *p, int64_t n)
{
    for (int32_t i = 0; i < GUARD; i++)
    {
        if (p[-1 - i] != GUARD_BYTE || p[n + i] != GUARD_BYTE)
        {
            return false;
        }
    }
    return true;
}

/* One call with the operands where kiln_edge_each() puts them (void * slots). */
typedef struct
{
    const cmsis_nn_bmm_params *bp;
    const cmsis_nn_per_tensor_quant_params *qp;
    const cmsis_nn_dims *ld, *rd, *od;
    void *lhs, *rhs, *ctx, *out;
    int32_t need;
    const int8_t *want;
    int64_t n_out;
} edge_call;

static bool edge_run(void *arg)
{
    const edge_call *k = (const edge_call *)arg;
    const cmsis_nn_context ctx = {k->ctx, k->need};
    bool ok = KILN_CHECK_EQ(arm_batch_matmul_s8(&ctx, k->bp, k->qp, k->ld, (const int8_t *)k->lhs, k->rd,
                                                (const int8_t *)k->rhs, k->od, (int8_t *)k->out),
                            ARM_CMSIS_NN_SUCCESS);
    ok &= KILN_CHECK_MEM_S8((const int8_t *)k->out, k->want, k->n_out);
    return ok;
}

static int64_t count4(const cmsis_nn_dims *d)
{
    return (int64_t)d->n * d->h * d->w * d->c;
}

/* Runs with a context of exactly the queried size (guarded, garbage inside) and checks output +
 * guards; then (state_size) again with each operand flush against the end of readable memory:
 * nothing is read or written past any of them (a fault on the boards, AddressSanitizer on the
 * host). */
static void run_check(const cmsis_nn_bmm_params *bp, const cmsis_nn_per_tensor_quant_params *qp,
                      const cmsis_nn_dims *ld, const int8_t *lhs, const cmsis_nn_dims *rd, const int8_t *rhs,
                      const cmsis_nn_dims *od, const int8_t *want, kiln_rng *rng, bool state_size)
{
    const int32_t need = arm_batch_matmul_s8_get_buffer_size(rd);
    KILN_CHECK(need >= 0 && need <= MAX_N * 4);
    KILN_CHECK_EQ(need, KILN_NATIVE_ISA == KILN_ISA_MVE ? rd->w * 4 : 0);
    guard_fill(g_ctx, need);
    kiln_rng_fill_s8(rng, g_ctx, need);
    const cmsis_nn_context ctx = {need > 0 ? (void *)g_ctx : NULL, state_size ? need : 0};
    const int64_t n_out = (int64_t)od->n * od->h * od->w * od->c;
    guard_fill(g_out, n_out);
    memset(g_out, 0x11, (size_t)n_out);
    KILN_CHECK_EQ(arm_batch_matmul_s8(&ctx, bp, qp, ld, lhs, rd, rhs, od, g_out), ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK_MEM_S8(g_out, want, n_out);
    KILN_CHECK(guard_intact(g_out, n_out));
    KILN_CHECK(guard_intact(g_ctx, need));
    if (state_size)
    {
        edge_call k = {bp, qp, ld, rd, od, kiln_edge_ptr(lhs), kiln_edge_ptr(rhs), ctx.buf, g_out,
                       need, want, n_out};
        const kiln_edge_operand ops[] = {{"lhs", &k.lhs, (size_t)count4(ld)},
                                         {"rhs", &k.rhs, (size_t)count4(rd)},
                                         {"context", &k.ctx, (size_t)need},
                                         {"output", &k.out, (size_t)n_out}};
        kiln_edge_each(ops, 4, edge_run, &k);
    }
}

/* The upstream driver's layout: lhs as stored unless adj_x (then the pre-transposed copy), rhs
 * transposed unless adj_y (then as stored). */
#define BMM_VECTOR_CASE(P, p)                                                                                  \
    do                                                                                                         \
    {                                                                                                          \
        const cmsis_nn_bmm_params bp = {P##_ADJ_X,                                                             \
                                        P##_ADJ_Y,                                                             \
                                        {P##_LHS_OFFSET,                                                       \
                                         P##_RHS_OFFSET,                                                       \
                                         P##_OUTPUT_OFFSET,                                                    \
                                         {P##_ACTIVATION_MIN, P##_ACTIVATION_MAX}}};                           \
        const cmsis_nn_per_tensor_quant_params qp = {P##_OUTPUT_MULTIPLIER, P##_OUTPUT_SHIFT};                \
        const cmsis_nn_dims ld = P##_ADJ_X ? (cmsis_nn_dims){P##_LHS_BATCH, P##_LHS_HEIGHT, P##_LHS_COLS,      \
                                                             P##_LHS_ROWS}                                     \
                                           : (cmsis_nn_dims){P##_LHS_BATCH, P##_LHS_HEIGHT, P##_LHS_ROWS,      \
                                                             P##_LHS_COLS};                                    \
        const cmsis_nn_dims rd = P##_ADJ_Y ? (cmsis_nn_dims){P##_RHS_BATCH, P##_RHS_HEIGHT, P##_RHS_ROWS,      \
                                                             P##_RHS_COLS}                                     \
                                           : (cmsis_nn_dims){P##_RHS_BATCH, P##_RHS_HEIGHT, P##_RHS_COLS,      \
                                                             P##_RHS_ROWS};                                    \
        const cmsis_nn_dims od = {P##_OUTPUT_BATCH, P##_OUTPUT_HEIGHT, P##_OUTPUT_ROWS, P##_OUTPUT_COLS};      \
        const int8_t *lhs = P##_ADJ_X ? p##_lhs_transposed_tensor : p##_lhs_input_tensor;                      \
        const int8_t *rhs = P##_ADJ_Y ? p##_rhs_input_tensor : p##_rhs_transposed_tensor;                      \
        KILN_CHECK_EQ((int64_t)od.n * od.h * od.w * od.c, P##_DST_SIZE);                                      \
        run_check(&bp, &qp, &ld, lhs, &rd, rhs, &od, p##_output_ref, &rng, true);                              \
        run_check(&bp, &qp, &ld, lhs, &rd, rhs, &od, p##_output_ref, &rng, false);                             \
        /* The reference on the stored tensors and the flags agrees with the vector. */                       \
        const int32_t lst[4] = {P##_LHS_BATCH, P##_LHS_HEIGHT, P##_LHS_ROWS, P##_LHS_COLS};                    \
        const int32_t rst[4] = {P##_RHS_BATCH, P##_RHS_HEIGHT, P##_RHS_ROWS, P##_RHS_COLS};                    \
        KILN_CHECK_EQ(kiln_ref_batch_matmul_s8(lst, p##_lhs_input_tensor, P##_LHS_OFFSET, rst,                 \
                                               p##_rhs_input_tensor, P##_RHS_OFFSET, P##_ADJ_X, P##_ADJ_Y,     \
                                               P##_OUTPUT_MULTIPLIER, P##_OUTPUT_SHIFT, P##_OUTPUT_OFFSET,     \
                                               P##_ACTIVATION_MIN, P##_ACTIVATION_MAX, g_ref, NULL),           \
                      KILN_REF_OK);                                                                            \
        KILN_CHECK_MEM_S8(g_ref, p##_output_ref, P##_DST_SIZE);                                                \
    } while (0)

static void test_shared_vectors(void)
{
    kiln_rng rng;
    kiln_rng_seed(&rng, 8);
    BMM_VECTOR_CASE(BATCH_MATMUL_1_S8, batch_matmul_1_s8);
    BMM_VECTOR_CASE(BATCH_MATMUL_2_S8, batch_matmul_2_s8);
    BMM_VECTOR_CASE(BATCH_MATMUL_3_S8, batch_matmul_3_s8);
    BMM_VECTOR_CASE(BATCH_MATMUL_4_S8, batch_matmul_4_s8);
    BMM_VECTOR_CASE(BATCH_MATMUL_5_S8, batch_matmul_5_s8);
}

/* Transpose the last two dimensions of [bh, a, b] into [bh, b, a]. */
static void transpose_last2(const int8_t *src, int8_t *dst, int32_t bh, int32_t a, int32_t b)
{
    for (int32_t t = 0; t < bh; t++)
    {
        for (int32_t i = 0; i < a; i++)
        {
            for (int32_t j = 0; j < b; j++)
            {
                dst[((int64_t)t * b + j) * a + i] = src[((int64_t)t * a + i) * b + j];
            }
        }
    }
}

/* Random TFLite graphs: stored tensors with random adj_x / adj_y and broadcasting; the reference
 * works on the stored tensors, the kernel on the transposed-as-needed operands. */
static void test_random_vs_reference(void)
{
    kiln_rng rng;
    kiln_rng_seed(&rng, 4242);
    const int32_t iters = kiln_test_iterations(2000, 200);
    for (int32_t it = 0; it < iters; it++)
    {
        const int32_t bl = kiln_rng_range(&rng, 1, 3), hl = kiln_rng_range(&rng, 1, 3);
        int32_t br = kiln_rng_range(&rng, 0, 1) ? 1 : bl, hr = kiln_rng_range(&rng, 0, 1) ? 1 : hl;
        const bool swap = kiln_rng_range(&rng, 0, 1) == 1; /* broadcast the other way round */
        const int32_t lb = swap ? br : bl, lh = swap ? hr : hl;
        const int32_t rb = swap ? bl : br, rh = swap ? hl : hr;
        const int32_t m = kiln_rng_range(&rng, 1, 12), k = kiln_rng_range(&rng, 1, 70), n = kiln_rng_range(&rng, 1, 40);
        if ((int64_t)lb * lh * m * k > MAX_T || (int64_t)rb * rh * n * k > MAX_T ||
            (int64_t)MAX(lb, rb) * MAX(lh, rh) * m * n > MAX_T)
        {
            continue;
        }
        const bool adj_x = kiln_rng_range(&rng, 0, 1) == 1, adj_y = kiln_rng_range(&rng, 0, 1) == 1;
        const int32_t io = kiln_rng_range(&rng, -127, 128);
        const int32_t fo = kiln_rng_range(&rng, 0, 2) == 0 ? kiln_rng_range(&rng, -127, 128) : 0;
        const int32_t oo = kiln_rng_range(&rng, -128, 127);
        int32_t amin = -128, amax = 127;
        if (kiln_rng_range(&rng, 0, 3) == 0)
        {
            amin = kiln_rng_range(&rng, -128, 0);
            amax = kiln_rng_range(&rng, amin, 127);
        }
        int32_t shift = -6;
        for (int32_t v = k; v > 1; v >>= 1)
        {
            shift--;
        }
        shift += kiln_rng_range(&rng, -1, 4);
        const int32_t mult = kiln_rng_range(&rng, 1 << 30, INT32_MAX);

        /* Stored (TFLite) tensors. */
        const int32_t lst[4] = {lb, lh, adj_x ? k : m, adj_x ? m : k};
        const int32_t rst[4] = {rb, rh, adj_y ? n : k, adj_y ? k : n};
        kiln_rng_fill_s8(&rng, g_lhs, (int64_t)lb * lh * m * k);
        kiln_rng_fill_s8(&rng, g_rhs, (int64_t)rb * rh * n * k);
        int32_t od4[4];
        KILN_CHECK_EQ(kiln_ref_batch_matmul_s8(lst, g_lhs, io, rst, g_rhs, fo, adj_x, adj_y, mult, shift, oo, amin,
                                               amax, g_ref, od4),
                      KILN_REF_OK);
        /* Kernel layout: lhs [.., m, k], rhs [.., n, k]. */
        const int8_t *lhs_k = g_lhs;
        if (adj_x)
        {
            transpose_last2(g_lhs, g_lhs_k, lb * lh, k, m);
            lhs_k = g_lhs_k;
        }
        const int8_t *rhs_k = g_rhs;
        if (!adj_y)
        {
            transpose_last2(g_rhs, g_rhs_k, rb * rh, k, n);
            rhs_k = g_rhs_k;
        }
        const cmsis_nn_bmm_params bp = {adj_x, adj_y, {io, fo, oo, {amin, amax}}};
        const cmsis_nn_per_tensor_quant_params qp = {mult, shift};
        const cmsis_nn_dims ld = {lb, lh, m, k}, rd = {rb, rh, n, k}, od = {od4[0], od4[1], od4[2], od4[3]};
        kiln_test_context("bmm it %d: l %dx%dx%dx%d r %dx%dx%dx%d adj %d%d", (int)it, (int)lb, (int)lh, (int)m,
                          (int)k, (int)rb, (int)rh, (int)n, (int)k, (int)adj_x, (int)adj_y);
        run_check(&bp, &qp, &ld, lhs_k, &rd, rhs_k, &od, g_ref, &rng, (it & 1) == 0);
    }
}

static void test_size_queries(void)
{
    const cmsis_nn_dims rd = {2, 3, 24, 16};
    KILN_CHECK_EQ(arm_batch_matmul_s8_get_buffer_size_dsp(&rd), 0);
    KILN_CHECK_EQ(arm_batch_matmul_s8_get_buffer_size_mve(&rd), 24 * 4);
    KILN_CHECK_EQ(arm_batch_matmul_s8_get_buffer_size(&rd), KILN_NATIVE_ISA == KILN_ISA_MVE ? 96 : 0);
    kiln_bmm_s8_plan_t p;
    const kiln_bmm_s8_shape sh = {24, 16};
    KILN_CHECK_EQ(kiln_bmm_s8_plan(&sh, KILN_ISA_DSP, &p), ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK_EQ(p.scratch_bytes, 0);
    KILN_CHECK_EQ(kiln_bmm_s8_plan(&sh, KILN_ISA_MVE, &p), ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK_EQ(p.scratch_bytes, 96);
    const cmsis_nn_dims neg = {1, 1, -1, 16}, negc = {1, 1, 4, -1}, huge = {1, 1, INT32_MAX / 2, 1};
    KILN_CHECK_EQ(arm_batch_matmul_s8_get_buffer_size(NULL), -1);
    KILN_CHECK_EQ(arm_batch_matmul_s8_get_buffer_size_mve(&neg), -1);
    KILN_CHECK_EQ(arm_batch_matmul_s8_get_buffer_size_dsp(&neg), -1);
    KILN_CHECK_EQ(arm_batch_matmul_s8_get_buffer_size_mve(&negc), -1);
    KILN_CHECK_EQ(arm_batch_matmul_s8_get_buffer_size_mve(&huge), -1);
}

static void test_bad_inputs(void)
{
    static int8_t lhs[2 * 3 * 4 * 5], rhs[2 * 3 * 6 * 5];
    int8_t out[2 * 3 * 4 * 6 + 2 * GUARD];
    int8_t *const o = out + GUARD;
    const cmsis_nn_dims rd0 = {2, 3, 6, 5};
    const int32_t need = arm_batch_matmul_s8_get_buffer_size(&rd0);
    for (int32_t t = 0; t < 24; t++)
    {
        cmsis_nn_bmm_params bp = {false, false, {128, 0, -3, {-128, 127}}};
        cmsis_nn_per_tensor_quant_params qp = {1 << 30, -8};
        cmsis_nn_dims ld = {2, 3, 4, 5}, rd = rd0, od = {2, 3, 4, 6};
        cmsis_nn_context ctx = {need > 0 ? (void *)g_ctx : NULL, need};
        const cmsis_nn_context *pctx = &ctx;
        const cmsis_nn_bmm_params *pbp = &bp;
        const cmsis_nn_per_tensor_quant_params *pqp = &qp;
        const int8_t *pl = lhs, *pr = rhs;
        int8_t *po = o;
        bool ok = false;
        switch (t)
        {
        case 0: ok = true; break;
        case 1: pbp = NULL; break;
        case 2: pqp = NULL; break;
        case 3: pl = NULL; break;
        case 4: pr = NULL; break;
        case 5: po = NULL; break;
        case 6: rd.c = 4; break;                   /* K mismatch */
        case 7: od.w = 5; break;                   /* M mismatch */
        case 8: od.c = 5; break;                   /* N mismatch */
        case 9: rd.n = 3; break;                   /* batch 2 vs 3: no broadcast */
        case 10: od.h = 1; break;                  /* output not the broadcast shape */
        case 11: ld.n = -2; rd.n = -2; od.n = -2; break;
        case 12: qp.shift = 31; break;
        case 13: qp.multiplier = -7; break;
        case 14: bp.fc_params.activation.min = 1; bp.fc_params.activation.max = 0; break;
        case 15: bp.fc_params.input_offset = 1 << 16; break;
        case 16: bp.fc_params.output_offset = -(1 << 16); break;
        case 17: ld = (cmsis_nn_dims){65536, 65536, 1, 5}; od = (cmsis_nn_dims){65536, 65536, 1, 6};
                 rd = (cmsis_nn_dims){1, 1, 6, 5}; break; /* 64-bit element count */
        case 18: if (need == 0) { ok = true; pctx = NULL; } else { ctx.buf = NULL; } break;
        case 19: if (need == 0) { ok = true; } else { ctx.size = need - 1; } break;
        case 20: if (need == 0) { ok = true; } else { ctx.buf = g_ctx + 2; } break;
        case 21: ctx.size = 0; ok = true; break;
        case 22: ld.n = 1; ok = true; break;  /* broadcast lhs batch */
        case 23: rd.h = 1; ok = true; break;  /* broadcast rhs height */
        }
        memset(out, GUARD_BYTE, sizeof(out));
        kiln_test_context("bmm bad input %d", (int)t);
        KILN_CHECK_EQ(arm_batch_matmul_s8(pctx, pbp, pqp, &ld, pl, &rd, pr, &od, po),
                      ok ? ARM_CMSIS_NN_SUCCESS : ARM_CMSIS_NN_ARG_ERROR);
        bool untouched = true;
        for (size_t i = 0; i < sizeof(out); i++)
        {
            if ((i < GUARD || i >= GUARD + 144 || !ok) && out[i] != GUARD_BYTE)
            {
                untouched = false;
            }
        }
        KILN_CHECK(untouched);
    }
}

int main(void)
{
    KILN_RUN(test_size_queries);
    KILN_RUN(test_shared_vectors);
    KILN_RUN(test_bad_inputs);
    KILN_RUN(test_random_vs_reference);
    return kiln_test_finish();
}
