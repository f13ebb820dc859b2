/* Tests of arm_batch_matmul_s16 and the int16 route of the batch matmul plan. */
#include <string.h>

#include "arm_nnfunctions.h"
#include "Internal/kiln_fc_s8.h"
#include "kiln_board.h"
#include "kiln_ref.h"
#include "kiln_test.h"

#include "kiln_vectors/batch_matmul_1_s16.h"
#include "kiln_vectors/batch_matmul_2_s16.h"
#include "kiln_vectors/batch_matmul_3_s16.h"
#include "kiln_vectors/batch_matmul_4_s16.h"
#include "kiln_vectors/batch_matmul_5_s16.h"

#define GUARD 32
#define GUARD_BYTE ((int8_t)0x5A)
#define MAX_T (8 * 1024)

static int16_t g_lhs[MAX_T], g_rhs[MAX_T];
static int16_t g_lhs_k[MAX_T], g_rhs_k[MAX_T]; /* kernel layout */
static int16_t g_lhs_copy[MAX_T], g_rhs_copy[MAX_T];
static int16_t g_out_buf[MAX_T + 2 * GUARD];
static int16_t *const g_out = g_out_buf + GUARD;
static int16_t g_ref[MAX_T];
static int64_t g_ctx_words[(2 * GUARD) / 8];
static int8_t *const g_ctx = (int8_t *)g_ctx_words + GUARD; /* 0 bytes between two guards */

/* ---- reference: TFLite's int16 BATCH_MATMUL on the stored tensors, exact requantization ------- */

/* clamp(MultiplyByQuantizedMultiplier(acc, mult, shift) + off): TFLite's int64 form (reduced
 * multiplier, total shift 15 - shift, round half up), computed exactly. */
static int16_t ref_out(int64_t acc, int32_t mult, int32_t shift, int32_t off, int32_t amin, int32_t amax)
{
    int64_t v = kiln_ref_requantize_s64_wide(acc, 0, mult, shift) + off;
    v = v < amin ? amin : v;
    v = v > amax ? amax : v;
    return (int16_t)v;
}

/* TFLite BATCH_MATMUL on stored tensors lst = [B, H, R, C] (lhs [.., M, K], or [.., K, M] when
 * adj_x) and rst (rhs [.., K, N], or [.., N, K] when adj_y), batch / height broadcast; output
 * [B, H, M, N] written to out, its dims to od. Returns false for shapes TFLite rejects. */
static bool ref_bmm_s16(const int32_t lst[4], const int16_t *lhs, const int32_t rst[4], const int16_t *rhs,
                        bool adj_x, bool adj_y, int32_t mult, int32_t shift, int32_t off, int32_t amin, int32_t amax,
                        int16_t *out, int32_t od[4])
{
    const int32_t m = adj_x ? lst[3] : lst[2], k = adj_x ? lst[2] : lst[3];
    const int32_t n = adj_y ? rst[2] : rst[3], k2 = adj_y ? rst[3] : rst[2];
    if (k != k2)
    {
        return false;
    }
    for (int d = 0; d < 2; d++)
    {
        if (lst[d] != rst[d] && lst[d] != 1 && rst[d] != 1)
        {
            return false;
        }
        od[d] = lst[d] == 1 ? rst[d] : lst[d];
    }
    od[2] = m;
    od[3] = n;
    for (int32_t b = 0; b < od[0]; b++)
    {
        for (int32_t h = 0; h < od[1]; h++)
        {
            const int16_t *L = lhs + ((int64_t)(lst[0] == 1 ? 0 : b) * lst[1] + (lst[1] == 1 ? 0 : h)) * m * k;
            const int16_t *R = rhs + ((int64_t)(rst[0] == 1 ? 0 : b) * rst[1] + (rst[1] == 1 ? 0 : h)) * n * k;
            for (int32_t i = 0; i < m; i++)
            {
                for (int32_t j = 0; j < n; j++)
                {
                    int64_t acc = 0;
                    for (int32_t q = 0; q < k; q++)
                    {
                        const int64_t lv = adj_x ? L[q * m + i] : L[i * k + q];
                        const int64_t rv = adj_y ? R[j * k + q] : R[q * n + j];
                        acc += lv * rv;
                    }
                    out[(((int64_t)b * od[1] + h) * m + i) * n + j] = ref_out(acc, mult, shift, off, amin, amax);
                }
            }
        }
    }
    return true;
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

static int64_t count4(const cmsis_nn_dims *d)
{
    return (int64_t)d->n * d->h * d->w * d->c;
}

/* One call with the operands where kiln_edge_each() puts them (void * slots). */
typedef struct
{
    const cmsis_nn_bmm_params *bp;
    const cmsis_nn_per_tensor_quant_params *qp;
    const cmsis_nn_dims *ld, *rd, *od;
    void *lhs, *rhs, *out;
    const int16_t *want;
    int64_t n_out;
} edge_call;

static bool edge_run(void *arg)
{
    const edge_call *k = (const edge_call *)arg;
    bool ok = KILN_CHECK_EQ(arm_batch_matmul_s16(NULL, k->bp, k->qp, k->ld, (const int16_t *)k->lhs, k->rd,
                                                 (const int16_t *)k->rhs, k->od, (int16_t *)k->out),
                            ARM_CMSIS_NN_SUCCESS);
    ok &= KILN_CHECK_MEM_S16((const int16_t *)k->out, k->want, k->n_out);
    return ok;
}

/* Every context form (NULL, {NULL, 0}, a guarded buffer stated as 0 bytes or as GUARD): output and
 * guards, inputs unchanged; then (edges) each operand flush against either end of memory. */
static void run_check(const cmsis_nn_bmm_params *bp, const cmsis_nn_per_tensor_quant_params *qp,
                      const cmsis_nn_dims *ld, const int16_t *lhs, const cmsis_nn_dims *rd, const int16_t *rhs,
                      const cmsis_nn_dims *od, const int16_t *want, bool edges)
{
    const int64_t n_out = count4(od), n_l = count4(ld), n_r = count4(rd);
    memcpy(g_lhs_copy, lhs, (size_t)n_l * sizeof(int16_t));
    memcpy(g_rhs_copy, rhs, (size_t)n_r * sizeof(int16_t));
    for (int form = 0; form < 4; form++)
    {
        memset(g_ctx - GUARD, GUARD_BYTE, 2 * GUARD);
        const cmsis_nn_context ctx = {form >= 2 ? (void *)g_ctx : NULL, form == 3 ? GUARD : 0};
        guard_fill16(g_out, n_out);
        memset(g_out, 0x11, (size_t)n_out * sizeof(int16_t));
        KILN_CHECK_EQ(arm_batch_matmul_s16(form == 0 ? NULL : &ctx, bp, qp, ld, lhs, rd, rhs, od, g_out),
                      ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_MEM_S16(g_out, want, n_out);
        KILN_CHECK(guard_intact_bytes((const int8_t *)g_out, n_out * 2, GUARD * 2));
        KILN_CHECK(guard_intact_bytes(g_ctx, 0, GUARD));
    }
    KILN_CHECK(memcmp(g_lhs_copy, lhs, (size_t)n_l * sizeof(int16_t)) == 0);
    KILN_CHECK(memcmp(g_rhs_copy, rhs, (size_t)n_r * sizeof(int16_t)) == 0);
    if (edges)
    {
        edge_call k = {bp, qp, ld, rd, od, kiln_edge_ptr(lhs), kiln_edge_ptr(rhs), g_out, want, n_out};
        const kiln_edge_operand ops[] = {{"lhs", &k.lhs, (size_t)n_l * sizeof(int16_t)},
                                         {"rhs", &k.rhs, (size_t)n_r * sizeof(int16_t)},
                                         {"output", &k.out, (size_t)n_out * sizeof(int16_t)}};
        kiln_edge_each(ops, 3, edge_run, &k);
    }
}

/* Transpose the last two dimensions of [bh, a, b] into [bh, b, a]. */
static void transpose_last2(const int16_t *src, int16_t *dst, int32_t bh, int32_t a, int32_t b)
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

/* ---- tests ------------------------------------------------------------------------------------ */

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
        const int16_t *lhs = P##_ADJ_X ? p##_lhs_transposed_tensor : p##_lhs_input_tensor;                     \
        const int16_t *rhs = P##_ADJ_Y ? p##_rhs_input_tensor : p##_rhs_transposed_tensor;                     \
        KILN_CHECK_EQ(count4(&od), P##_DST_SIZE);                                                              \
        kiln_test_context("vector %s", #p);                                                                    \
        run_check(&bp, &qp, &ld, lhs, &rd, rhs, &od, p##_output_ref, true);                                    \
        /* The reference on the stored tensors and the flags agrees with the vector. */                       \
        const int32_t lst[4] = {P##_LHS_BATCH, P##_LHS_HEIGHT, P##_LHS_ROWS, P##_LHS_COLS};                    \
        const int32_t rst[4] = {P##_RHS_BATCH, P##_RHS_HEIGHT, P##_RHS_ROWS, P##_RHS_COLS};                    \
        int32_t od4[4];                                                                                        \
        KILN_CHECK(ref_bmm_s16(lst, p##_lhs_input_tensor, rst, p##_rhs_input_tensor, P##_ADJ_X, P##_ADJ_Y,     \
                               P##_OUTPUT_MULTIPLIER, P##_OUTPUT_SHIFT, P##_OUTPUT_OFFSET, P##_ACTIVATION_MIN, \
                               P##_ACTIVATION_MAX, g_ref, od4));                                               \
        KILN_CHECK(od4[0] == od.n && od4[1] == od.h && od4[2] == od.w && od4[3] == od.c);                      \
        KILN_CHECK_MEM_S16(g_ref, p##_output_ref, P##_DST_SIZE);                                               \
    } while (0)

static void test_shared_vectors(void)
{
    BMM_VECTOR_CASE(BATCH_MATMUL_1_S16, batch_matmul_1_s16);
    BMM_VECTOR_CASE(BATCH_MATMUL_2_S16, batch_matmul_2_s16);
    BMM_VECTOR_CASE(BATCH_MATMUL_3_S16, batch_matmul_3_s16);
    BMM_VECTOR_CASE(BATCH_MATMUL_4_S16, batch_matmul_4_s16);
    BMM_VECTOR_CASE(BATCH_MATMUL_5_S16, batch_matmul_5_s16);
}

/* Random TFLite graphs: stored tensors with every adj_x / adj_y, broadcasting either way; the
 * reference works on the stored tensors, the kernel on the transposed-as-needed operands. */
static void test_random_vs_reference(void)
{
    kiln_rng rng;
    kiln_rng_seed(&rng, 1642);
    const int32_t iters = kiln_test_iterations(2400, 300);
    int64_t n_inside = 0, n_total = 0;
    int32_t adj_seen[4] = {0, 0, 0, 0}; /* calls per (adj_x, adj_y) */
    for (int32_t it = 0; it < iters; it++)
    {
        const int32_t bl = kiln_rng_range(&rng, 1, 3), hl = kiln_rng_range(&rng, 1, 3);
        const int32_t br = kiln_rng_range(&rng, 0, 1) ? 1 : bl, hr = kiln_rng_range(&rng, 0, 1) ? 1 : hl;
        const bool swap = kiln_rng_range(&rng, 0, 1) == 1; /* broadcast the other way round */
        const int32_t lb = swap ? br : bl, lh = swap ? hr : hl;
        const int32_t rb = swap ? bl : br, rh = swap ? hl : hr;
        const int32_t m = kiln_rng_range(&rng, 1, 12), k = kiln_rng_range(&rng, 1, (it % 8) == 0 ? 300 : 70);
        const int32_t n = kiln_rng_range(&rng, 1, 40);
        if ((int64_t)lb * lh * m * k > MAX_T || (int64_t)rb * rh * n * k > MAX_T ||
            (int64_t)MAX(lb, rb) * MAX(lh, rh) * m * n > MAX_T)
        {
            continue;
        }
        const bool adj_x = kiln_rng_range(&rng, 0, 1) == 1, adj_y = kiln_rng_range(&rng, 0, 1) == 1;
        adj_seen[adj_x * 2 + adj_y]++;
        const int32_t data = kiln_rng_range(&rng, 0, 5);
        const int64_t n_l = (int64_t)lb * lh * m * k, n_r = (int64_t)rb * rh * n * k;
        for (int64_t i = 0; i < n_l + n_r; i++)
        {
            int16_t *const dst = i < n_l ? &g_lhs[i] : &g_rhs[i - n_l];
            if (data == 0) /* extremes: the largest products */
            {
                *dst = (int16_t)(kiln_rng_range(&rng, 0, 3) ? -32768 : 32767);
            }
            else
            {
                *dst = (int16_t)(data == 1 ? kiln_rng_range(&rng, -200, 200) : kiln_rng_range(&rng, -32768, 32767));
            }
        }
        /* |acc| ~ sqrt(k) * 2^28.4 (full range), 2^13.1 (+-200); R ~ acc * 2^(shift - 0.5). */
        int32_t shift = data == 1 ? 0 : -15;
        for (int32_t v = k; v > 3; v >>= 2)
        {
            shift--;
        }
        shift += kiln_rng_range(&rng, -3, 2);
        if (kiln_rng_range(&rng, 0, 9) == 0)
        {
            shift = kiln_rng_range(&rng, -31, 30);
        }
        const int32_t mult = kiln_rng_range(&rng, 0, 19) == 0 ? kiln_rng_range(&rng, 0, 70000)
                                                              : kiln_rng_range(&rng, 1 << 30, INT32_MAX);
        int32_t off = 0;
        if (kiln_rng_range(&rng, 0, 1))
        {
            off = kiln_rng_range(&rng, 0, 7) ? kiln_rng_range(&rng, -3000, 3000) : kiln_rng_range(&rng, -65535, 65535);
        }
        int32_t amin = -32768, amax = 32767;
        if (kiln_rng_range(&rng, 0, 3) == 0)
        {
            amin = kiln_rng_range(&rng, -32768, 1000);
            amax = kiln_rng_range(&rng, amin, 32767);
        }

        /* Stored (TFLite) tensors. */
        const int32_t lst[4] = {lb, lh, adj_x ? k : m, adj_x ? m : k};
        const int32_t rst[4] = {rb, rh, adj_y ? n : k, adj_y ? k : n};
        int32_t od4[4];
        KILN_CHECK(ref_bmm_s16(lst, g_lhs, rst, g_rhs, adj_x, adj_y, mult, shift, off, amin, amax, g_ref, od4));
        /* Kernel layout: lhs [.., m, k], rhs [.., n, k]. */
        const int16_t *lhs_k = g_lhs;
        if (adj_x)
        {
            transpose_last2(g_lhs, g_lhs_k, lb * lh, k, m);
            lhs_k = g_lhs_k;
        }
        const int16_t *rhs_k = g_rhs;
        if (!adj_y)
        {
            transpose_last2(g_rhs, g_rhs_k, rb * rh, k, n);
            rhs_k = g_rhs_k;
        }
        const cmsis_nn_bmm_params bp = {adj_x, adj_y, {0, 0, off, {amin, amax}}};
        const cmsis_nn_per_tensor_quant_params qp = {mult, shift};
        const cmsis_nn_dims ld = {lb, lh, m, k}, rd = {rb, rh, n, k}, od = {od4[0], od4[1], od4[2], od4[3]};
        for (int64_t i = 0; i < count4(&od); i++)
        {
            n_inside += g_ref[i] > amin && g_ref[i] < amax;
        }
        n_total += count4(&od);
        kiln_test_context("bmm16 it %d: l %dx%dx%dx%d r %dx%dx%dx%d adj %d%d mult %ld shift %d off %d data %d",
                          (int)it, (int)lb, (int)lh, (int)m, (int)k, (int)rb, (int)rh, (int)n, (int)k, (int)adj_x,
                          (int)adj_y, (long)mult, (int)shift, (int)off, (int)data);
        run_check(&bp, &qp, &ld, lhs_k, &rd, rhs_k, &od, g_ref, (it % 4) == 0);
    }
    kiln_test_context("bmm16: %lld of %lld outputs inside the activation range", (long long)n_inside,
                      (long long)n_total);
    KILN_CHECK(n_inside * 3 > n_total);
    const int32_t calls = adj_seen[0] + adj_seen[1] + adj_seen[2] + adj_seen[3];
    printf("  bmm16: %d random graphs, %lld of %lld outputs inside the activation range\n", (int)calls,
           (long long)n_inside, (long long)n_total);
    KILN_CHECK(adj_seen[0] > 0 && adj_seen[1] > 0 && adj_seen[2] > 0 && adj_seen[3] > 0);
    KILN_CHECK(calls >= kiln_test_iterations(2000, 200));
}

/* The family plan: the int16 route on every backend, no context bytes; the int8 routes unchanged. */
static void test_plan(void)
{
    const kiln_bmm_s8_shape sh = {24, 16};
    for (int isa = KILN_ISA_C; isa <= KILN_ISA_MVE; isa++)
    {
        kiln_bmm_s8_plan_t p, q, q8;
        KILN_CHECK_EQ(kiln_bmm_plan(&sh, KILN_FC_OP_S16, (kiln_isa)isa, &p), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_EQ(p.route, KILN_BMM_S8_ROUTE_S16_C);
        KILN_CHECK(strcmp(p.name, "bmm_s16_c") == 0);
        KILN_CHECK_EQ(p.scratch_bytes, 0);
        KILN_CHECK_EQ(kiln_bmm_plan(&sh, KILN_FC_OP_S8, (kiln_isa)isa, &q), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_EQ(kiln_bmm_s8_plan(&sh, (kiln_isa)isa, &q8), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_EQ(q.route, isa == KILN_ISA_MVE ? KILN_BMM_S8_ROUTE_MVE_KSUM : KILN_BMM_S8_ROUTE_DIRECT);
        KILN_CHECK_EQ(q.scratch_bytes, isa == KILN_ISA_MVE ? 24 * 4 : 0);
        KILN_CHECK(q8.route == q.route && q8.scratch_bytes == q.scratch_bytes);
    }
    kiln_bmm_s8_plan_t p = {KILN_BMM_S8_ROUTE_DIRECT, "untouched", 7};
    const kiln_bmm_s8_shape neg = {-1, 16}, negc = {4, -1};
    KILN_CHECK_EQ(kiln_bmm_plan(&neg, KILN_FC_OP_S16, KILN_ISA_C, &p), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(kiln_bmm_plan(&negc, KILN_FC_OP_S16, KILN_ISA_MVE, &p), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(kiln_bmm_plan(&sh, (kiln_fc_op)5, KILN_ISA_C, &p), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(kiln_bmm_plan(&sh, KILN_FC_OP_S16, KILN_ISA_C, NULL), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK(strcmp(p.name, "untouched") == 0 && p.scratch_bytes == 7);
    const cmsis_nn_dims rd = {2, 3, 24, 16};
    KILN_CHECK_EQ(arm_batch_matmul_s8_get_buffer_size_mve(&rd), 24 * 4);
    KILN_CHECK_EQ(arm_batch_matmul_s8_get_buffer_size_dsp(&rd), 0);
}

/* Empty outputs write nothing; an empty depth gives clamp(0 + offset). */
static void test_empty(void)
{
    static const int16_t lhs[8] = {1, 2, 3, 4, 5, 6, 7, 8}, rhs[8] = {1, 1, 1, 1, 1, 1, 1, 1};
    const cmsis_nn_bmm_params bp = {false, false, {0, 0, -7, {-32768, 32767}}};
    const cmsis_nn_per_tensor_quant_params qp = {1 << 30, -2};
    int16_t out[8 + 2 * GUARD];
    for (int t = 0; t < 4; t++)
    {
        cmsis_nn_dims ld = {1, 1, 2, 4}, rd = {1, 1, 2, 4}, od = {1, 1, 2, 2};
        switch (t)
        {
        case 0: ld.n = 0; rd.n = 1; od.n = 0; break; /* 0 broadcast against 1 */
        case 1: ld.w = 0; od.w = 0; break;
        case 2: rd.w = 0; od.c = 0; break;
        case 3: ld.c = 0; rd.c = 0; break;
        }
        memset(out, GUARD_BYTE, sizeof(out));
        kiln_test_context("bmm16 empty %d", t);
        KILN_CHECK_EQ(arm_batch_matmul_s16(NULL, &bp, &qp, &ld, lhs, &rd, rhs, &od, out + GUARD),
                      ARM_CMSIS_NN_SUCCESS);
        const int64_t n = count4(&od);
        KILN_CHECK(guard_intact_bytes((const int8_t *)(out + GUARD), n * 2, GUARD * 2));
        for (int64_t i = 0; i < n; i++)
        {
            KILN_CHECK_EQ(out[GUARD + i], -7);
        }
    }
}

static void test_bad_inputs(void)
{
    static int16_t lhs[2 * 3 * 4 * 5], rhs[2 * 3 * 6 * 5];
    int16_t out[2 * 3 * 4 * 6 + 2 * GUARD];
    int16_t *const o = out + GUARD;
    for (int32_t t = 0; t < 37; t++)
    {
        const bool adj = t == 29; /* the flags are not read */
        cmsis_nn_bmm_params bp = {adj, adj, {0, 0, 0, {-32768, 32767}}};
        cmsis_nn_per_tensor_quant_params qp = {1 << 30, -8};
        cmsis_nn_dims ld = {2, 3, 4, 5}, rd = {2, 3, 6, 5}, od = {2, 3, 4, 6};
        cmsis_nn_context ctx = {g_ctx, 0};
        const cmsis_nn_context *pctx = &ctx;
        const cmsis_nn_bmm_params *pbp = &bp;
        const cmsis_nn_per_tensor_quant_params *pqp = &qp;
        const int16_t *pl = lhs, *pr = rhs;
        int16_t *po = o;
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
        case 12: ld.w = -4; od.w = -4; break;
        case 13: qp.shift = 31; break;
        case 14: qp.shift = -32; break;
        case 15: qp.multiplier = -7; break;
        case 16: bp.fc_params.activation.min = 1; bp.fc_params.activation.max = 0; break;
        case 17: bp.fc_params.activation.max = 32768; break;
        case 18: bp.fc_params.activation.min = -32769; break;
        case 19: bp.fc_params.input_offset = 1; break;  /* int16 quantization is symmetric */
        case 20: bp.fc_params.filter_offset = -1; break;
        case 21: bp.fc_params.output_offset = 65536; break;
        case 22: ld = (cmsis_nn_dims){65536, 65536, 1, 5}; od = (cmsis_nn_dims){65536, 65536, 1, 6};
                 rd = (cmsis_nn_dims){1, 1, 6, 5}; break; /* 64-bit element count */
        case 23: rd = (cmsis_nn_dims){1, 1, INT32_MAX, 5}; od.c = INT32_MAX; break; /* rhs past INT32_MAX */
        case 24: pctx = NULL; ok = true; break;     /* no scratch: any context */
        case 25: ctx.buf = NULL; ok = true; break;
        case 26: ctx.size = 100; ok = true; break;
        case 27: ld.n = 1; ok = true; break;        /* broadcast lhs batch */
        case 28: rd.h = 1; ok = true; break;        /* broadcast rhs height */
        case 29: ok = true; break;
        case 30: bp.fc_params.output_offset = -65535; ok = true; break;
        case 31: qp.shift = 30; qp.multiplier = INT32_MAX; ok = true; break;
        case 32: rd.n = 3; od.n = 3; break;        /* batch 2 vs 3, output taking the rhs side */
        case 33: ld.h = 2; od.h = 2; break;        /* height 2 vs 3, output taking the lhs side */
        case 34: /* only the lhs past INT32_MAX elements */
            ld = (cmsis_nn_dims){1, 1, 65536, 65536};
            rd = (cmsis_nn_dims){1, 1, 1, 65536};
            od = (cmsis_nn_dims){1, 1, 65536, 1};
            break;
        case 35: /* only the rhs */
            ld = (cmsis_nn_dims){1, 1, 1, 1 << 30};
            rd = (cmsis_nn_dims){1, 1, 4, 1 << 30};
            od = (cmsis_nn_dims){1, 1, 1, 4};
            break;
        case 36: /* only the output */
            ld = (cmsis_nn_dims){1, 1, 65536, 1};
            rd = (cmsis_nn_dims){1, 1, 65536, 1};
            od = (cmsis_nn_dims){1, 1, 65536, 65536};
            break;
        }
        memset(out, GUARD_BYTE, sizeof(out));
        kiln_test_context("bmm16 bad input %d", (int)t);
        KILN_CHECK_EQ(arm_batch_matmul_s16(pctx, pbp, pqp, &ld, pl, &rd, pr, &od, po),
                      ok ? ARM_CMSIS_NN_SUCCESS : ARM_CMSIS_NN_ARG_ERROR);
        bool untouched = true;
        const int8_t *bytes = (const int8_t *)out;
        for (size_t i = 0; i < sizeof(out); i++)
        {
            const bool in_output = i >= GUARD * 2 && i < (GUARD + 144) * 2;
            if ((!in_output || !ok) && bytes[i] != GUARD_BYTE)
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
    KILN_RUN(test_plan);
    KILN_RUN(test_shared_vectors);
    KILN_RUN(test_empty);
    KILN_RUN(test_bad_inputs);
    KILN_RUN(test_random_vs_reference);
    return kiln_test_finish();
}
