/* Batch matmul case runner shared by the two batch-matmul self-test programs.
 *
 * Config of a case <UP>: <UP>_LHS_BATCH/_LHS_HEIGHT/_LHS_ROWS/_LHS_COLS and the same for RHS are
 * the dimensions of the tensors AS STORED in _lhs_input_tensor / _rhs_input_tensor; <UP>_ADJ_X /
 * <UP>_ADJ_Y say they are stored transposed; <UP>_OUTPUT_BATCH/_HEIGHT/_ROWS/_COLS the output;
 * <UP>_LHS_OFFSET, <UP>_RHS_OFFSET, <UP>_OUTPUT_OFFSET, <UP>_OUTPUT_MULTIPLIER, <UP>_OUTPUT_SHIFT,
 * <UP>_ACTIVATION_MIN/_MAX; reference _output (alias _output_ref).
 * _lhs_transposed_tensor / _rhs_transposed_tensor hold each stored matrix transposed (whatever
 * ADJ_X / ADJ_Y are). The CMSIS-NN kernel takes lhs as [M, K] and rhs as [N, K]: lhs is
 * _lhs_transposed_tensor when ADJ_X else _lhs_input_tensor, rhs is _rhs_input_tensor when ADJ_Y
 * else _rhs_transposed_tensor. The runner checks both layouts give the reference. */
#ifndef KILN_REF_SELFTEST_BATCH_MATMUL_H
#define KILN_REF_SELFTEST_BATCH_MATMUL_H

#include "selftest_common.h"

static int8_t g_out[6912 + 16];

/* true when t holds every [rows, cols] matrix of s transposed */
static bool selftest_is_transpose(const int8_t *s, const int8_t *t, const int32_t dims[4])
{
    const int64_t matrices = (int64_t)dims[0] * dims[1];
    const int64_t rows = dims[2];
    const int64_t cols = dims[3];
    for (int64_t m = 0; m < matrices; m++)
    {
        for (int64_t r = 0; r < rows; r++)
        {
            for (int64_t c = 0; c < cols; c++)
            {
                if (t[m * rows * cols + c * rows + r] != s[m * rows * cols + r * cols + c])
                {
                    return false;
                }
            }
        }
    }
    return true;
}

typedef struct
{
    const char *name;
    int32_t lhs_dims[4];
    int32_t rhs_dims[4];
    int32_t out_dims[4];
    bool adj_x, adj_y;
    const int8_t *lhs, *lhs_t, *rhs, *rhs_t, *ref;
    int64_t lhs_len, lhs_t_len, rhs_len, rhs_t_len, ref_len, dst_size;
    int32_t lhs_offset, rhs_offset, output_offset, mult, shift, act_min, act_max;
} selftest_bmm_case;

static void selftest_run_batch_matmul(const selftest_bmm_case *c)
{
    kiln_test_context("%s", c->name);
    KILN_CHECK_EQ(c->lhs_len, (int64_t)c->lhs_dims[0] * c->lhs_dims[1] * c->lhs_dims[2] * c->lhs_dims[3]);
    KILN_CHECK_EQ(c->rhs_len, (int64_t)c->rhs_dims[0] * c->rhs_dims[1] * c->rhs_dims[2] * c->rhs_dims[3]);
    KILN_CHECK_EQ(c->lhs_t_len, c->lhs_len);
    KILN_CHECK_EQ(c->rhs_t_len, c->rhs_len);
    KILN_CHECK_EQ(c->ref_len, (int64_t)c->out_dims[0] * c->out_dims[1] * c->out_dims[2] * c->out_dims[3]);
    KILN_CHECK_EQ(c->ref_len, c->dst_size);
    KILN_CHECK(selftest_is_transpose(c->lhs, c->lhs_t, c->lhs_dims));
    KILN_CHECK(selftest_is_transpose(c->rhs, c->rhs_t, c->rhs_dims));
    if (!KILN_CHECK(c->ref_len + 16 <= SELFTEST_LEN(g_out)))
    {
        return;
    }

    /* 1. the stored tensors with ADJ_X / ADJ_Y (TFLite's view) */
    int32_t got_dims[4] = {0, 0, 0, 0};
    memset(g_out, SELFTEST_CANARY, sizeof(g_out));
    KILN_CHECK_EQ(kiln_ref_batch_matmul_s8(c->lhs_dims, c->lhs, c->lhs_offset, c->rhs_dims, c->rhs, c->rhs_offset,
                                           c->adj_x, c->adj_y, c->mult, c->shift, c->output_offset, c->act_min,
                                           c->act_max, g_out, got_dims),
                  KILN_REF_OK);
    for (int d = 0; d < 4; d++)
    {
        KILN_CHECK_EQ(got_dims[d], c->out_dims[d]);
    }
    selftest_expect_s8(g_out, c->ref, c->ref_len);

    /* 2. CMSIS-NN's layout: lhs [M, K] (no adj_x), rhs [N, K] (adj_y) */
    const int32_t m = c->out_dims[2];
    const int32_t n = c->out_dims[3];
    const int32_t k = c->adj_x ? c->lhs_dims[2] : c->lhs_dims[3];
    const int32_t lhs_mk[4] = {c->lhs_dims[0], c->lhs_dims[1], m, k};
    const int32_t rhs_nk[4] = {c->rhs_dims[0], c->rhs_dims[1], n, k};
    memset(g_out, SELFTEST_CANARY, sizeof(g_out));
    KILN_CHECK_EQ(kiln_ref_batch_matmul_s8(lhs_mk, c->adj_x ? c->lhs_t : c->lhs, c->lhs_offset, rhs_nk,
                                           c->adj_y ? c->rhs : c->rhs_t, c->rhs_offset, false, true, c->mult, c->shift,
                                           c->output_offset, c->act_min, c->act_max, g_out, NULL),
                  KILN_REF_OK);
    selftest_expect_s8(g_out, c->ref, c->ref_len);
}

#define BMM_CASE(UP, lo)                                                                                           \
    static void test_##lo(void)                                                                                    \
    {                                                                                                              \
        const selftest_bmm_case c = {                                                                              \
            .name = #lo,                                                                                           \
            .lhs_dims = {UP##_LHS_BATCH, UP##_LHS_HEIGHT, UP##_LHS_ROWS, UP##_LHS_COLS},                           \
            .rhs_dims = {UP##_RHS_BATCH, UP##_RHS_HEIGHT, UP##_RHS_ROWS, UP##_RHS_COLS},                           \
            .out_dims = {UP##_OUTPUT_BATCH, UP##_OUTPUT_HEIGHT, UP##_OUTPUT_ROWS, UP##_OUTPUT_COLS},               \
            .adj_x = UP##_ADJ_X != 0,                                                                              \
            .adj_y = UP##_ADJ_Y != 0,                                                                              \
            .lhs = lo##_lhs_input_tensor,                                                                          \
            .lhs_t = lo##_lhs_transposed_tensor,                                                                   \
            .rhs = lo##_rhs_input_tensor,                                                                          \
            .rhs_t = lo##_rhs_transposed_tensor,                                                                   \
            .ref = lo##_output_ref,                                                                                \
            .lhs_len = SELFTEST_LEN(lo##_lhs_input_tensor),                                                        \
            .lhs_t_len = SELFTEST_LEN(lo##_lhs_transposed_tensor),                                                 \
            .rhs_len = SELFTEST_LEN(lo##_rhs_input_tensor),                                                        \
            .rhs_t_len = SELFTEST_LEN(lo##_rhs_transposed_tensor),                                                 \
            .ref_len = SELFTEST_LEN(lo##_output_ref),                                                              \
            .dst_size = UP##_DST_SIZE,                                                                             \
            .lhs_offset = UP##_LHS_OFFSET,                                                                         \
            .rhs_offset = UP##_RHS_OFFSET,                                                                         \
            .output_offset = UP##_OUTPUT_OFFSET,                                                                   \
            .mult = UP##_OUTPUT_MULTIPLIER,                                                                        \
            .shift = UP##_OUTPUT_SHIFT,                                                                            \
            .act_min = UP##_ACTIVATION_MIN,                                                                        \
            .act_max = UP##_ACTIVATION_MAX,                                                                        \
        };                                                                                                         \
        KILN_CHECK_EQ(UP##_ASYMMETRIC_QUANTIZE_INPUTS, 0);                                                         \
        selftest_run_batch_matmul(&c);                                                                             \
    }

#endif
