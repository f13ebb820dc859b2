/*
 * Kiln tests — int8 convolution: bad-input tables (every entry returns ARM_CMSIS_NN_ARG_ERROR and
 * touches neither output nor scratch), the size queries (-1 for bad or overflowing dims, exact per
 * backend numbers), the plan's route choice per backend, and the weight-sum helpers.
 */
#include <stdio.h>
#include <string.h>

#include "conv_s8_util.h"
#include "kiln_board.h"

#define SENT ((int8_t)0x33)

static int8_t g_in[4096];
static int8_t g_w[4096];
static int32_t g_bias[64];
static int32_t g_mult[64];
static int32_t g_shift[64];
static int8_t g_out[4096];
static int8_t g_scratch[4096];

typedef struct
{
    cmsis_nn_context ctx;
    cmsis_nn_context ws;
    cmsis_nn_conv_params cp;
    cmsis_nn_per_channel_quant_params qp;
    cmsis_nn_dims in_d, f_d, b_d, out_d, up_d;
    const int8_t *in;
    const int8_t *f;
    const int32_t *b;
    int8_t *out;
    const cmsis_nn_context *ctx_p;
    const cmsis_nn_context *ws_p;
    const cmsis_nn_conv_params *cp_p;
    const cmsis_nn_per_channel_quant_params *qp_p;
    const cmsis_nn_dims *in_p, *f_p, *out_p, *up_p;
} call_args;

/* A valid call: 3x3 filter (1x1 for the 1x1 entries, 1x3 for 1xN), padding 1, 5x6x8 input, 6 outputs. */
static void base_args(call_args *a, conv_entry e)
{
    kiln_rng r;
    kiln_rng_seed(&r, 99);
    kiln_rng_fill_s8(&r, g_in, sizeof(g_in));
    kiln_rng_fill_s8(&r, g_w, sizeof(g_w));
    for (int32_t i = 0; i < 64; i++)
    {
        g_bias[i] = i * 7 - 100;
        g_mult[i] = 1300000000;
        g_shift[i] = -8;
    }
    memset(a, 0, sizeof(*a));
    const bool one = e == CONV_ENTRY_1X1 || e == CONV_ENTRY_1X1_FAST;
    const bool one_row = e == CONV_ENTRY_1_X_N;
    const bool one_out = e == CONV_ENTRY_1X1_OUT;
    a->cp.input_offset = 128;
    a->cp.output_offset = -3;
    a->cp.stride.w = a->cp.stride.h = one_out ? 9 : 1;
    a->cp.padding.w = one ? 0 : 1;
    a->cp.padding.h = (one || one_row) ? 0 : 1;
    a->cp.dilation.w = a->cp.dilation.h = 1;
    a->cp.activation.min = -128;
    a->cp.activation.max = 127;
    a->qp.multiplier = g_mult;
    a->qp.shift = g_shift;
    a->in_d = (cmsis_nn_dims){2, one_row ? 1 : 5, 6, 8};
    a->f_d = (cmsis_nn_dims){6, (one || one_row) ? 1 : 3, one ? 1 : 3, 8};
    a->out_d = (cmsis_nn_dims){2, one_out ? 1 : (one_row ? 1 : 5), one_out ? 1 : 6, 6};
    a->b_d = (cmsis_nn_dims){1, 1, 1, 6};
    a->up_d = (cmsis_nn_dims){0, 1, 1, 0};
    a->ctx.buf = g_scratch;
    a->ctx.size = (int32_t)sizeof(g_scratch);
    a->ws.buf = NULL;
    a->ws.size = 0;
    a->in = g_in;
    a->f = g_w;
    a->b = g_bias;
    a->out = g_out;
    a->ctx_p = &a->ctx;
    a->ws_p = &a->ws;
    a->cp_p = &a->cp;
    a->qp_p = &a->qp;
    a->in_p = &a->in_d;
    a->f_p = &a->f_d;
    a->out_p = &a->out_d;
    a->up_p = &a->up_d;
}

static arm_cmsis_nn_status call(const call_args *a, conv_entry e)
{
    return conv_call(e, a->ctx_p, a->ws_p, a->cp_p, a->qp_p, a->in_p, a->in, a->f_p, a->f, &a->b_d, a->b,
                     a->up_p, a->out_p, a->out);
}

typedef void (*mutator)(call_args *a);

#define MUT(name, body)                                                                                         \
    static void name(call_args *a)                                                                              \
    {                                                                                                           \
        (void)a;                                                                                                \
        body;                                                                                                   \
    }

MUT(m_null_cp, a->cp_p = NULL)
MUT(m_null_qp, a->qp_p = NULL)
MUT(m_null_mult, a->qp.multiplier = NULL)
MUT(m_null_shift, a->qp.shift = NULL)
MUT(m_null_in_dims, a->in_p = NULL)
MUT(m_null_in, a->in = NULL)
MUT(m_null_f_dims, a->f_p = NULL)
MUT(m_null_f, a->f = NULL)
MUT(m_null_out_dims, a->out_p = NULL)
MUT(m_null_out, a->out = NULL)
MUT(m_stride_w0, a->cp.stride.w = 0)
MUT(m_stride_h_neg, a->cp.stride.h = -1)
MUT(m_dil_w0, a->cp.dilation.w = 0)
MUT(m_dil_h_neg, a->cp.dilation.h = -2)
MUT(m_pad_w_neg, a->cp.padding.w = -1)
MUT(m_pad_h_neg, a->cp.padding.h = -1)
MUT(m_out_h_plus, a->out_d.h += 2)
MUT(m_out_w_plus, a->out_d.w += 2)
MUT(m_out_w_zero, a->out_d.w = 0)
MUT(m_out_c_zero, a->out_d.c = 0)
MUT(m_batches_zero, a->in_d.n = 0)
MUT(m_batches_neg, a->in_d.n = -1)
MUT(m_in_c_zero, a->in_d.c = 0)
MUT(m_filter_h_zero, a->f_d.h = 0)
MUT(m_filter_c_not_dividing, a->f_d.c = 3)
MUT(m_groups_not_dividing_out, {
    a->f_d.c = 4;
    a->out_d.c = 5;
})
MUT(m_input_offset_hi, a->cp.input_offset = 129)
MUT(m_input_offset_lo, a->cp.input_offset = -128)
MUT(m_output_offset_hi, a->cp.output_offset = 128)
MUT(m_act_inverted, {
    a->cp.activation.min = 10;
    a->cp.activation.max = 9;
})
MUT(m_act_range, a->cp.activation.max = 128)
MUT(m_shift_hi, g_shift[3] = 31)
MUT(m_shift_lo, g_shift[5] = -32)
MUT(m_mult_neg, g_mult[2] = -5)
MUT(m_overflow_in, {
    a->in_d.h = 46341;
    a->in_d.w = 46341;
    a->in_d.c = 1;
    a->f_d.c = 1;
    a->out_d.h = a->out_d.h == 1 ? 1 : 46341;
    a->out_d.w = a->out_d.w == 1 ? 1 : 46341;
})
MUT(m_overflow_coord, {
    a->cp.stride.w = INT32_MAX;
    a->in_d.w = 3;
    a->out_d.w = 2;
})
MUT(m_ctx_null, {
    a->ctx.buf = NULL;
    a->ctx.size = 0;
})
MUT(m_ctx_ptr_null, a->ctx_p = NULL)
MUT(m_ctx_small, a->ctx.size = 1)
MUT(m_ctx_negative, a->ctx.size = -4)

typedef struct
{
    const char *name;
    mutator m;
    bool needs_scratch; /* only an error when the route uses scratch */
} bad_row;

static const bad_row k_rows[] = {
    {"NULL conv_params", m_null_cp, false},
    {"NULL quant_params", m_null_qp, false},
    {"NULL multiplier", m_null_mult, false},
    {"NULL shift", m_null_shift, false},
    {"NULL input_dims", m_null_in_dims, false},
    {"NULL input", m_null_in, false},
    {"NULL filter_dims", m_null_f_dims, false},
    {"NULL filter", m_null_f, false},
    {"NULL output_dims", m_null_out_dims, false},
    {"NULL output", m_null_out, false},
    {"stride.w 0", m_stride_w0, false},
    {"stride.h -1", m_stride_h_neg, false},
    {"dilation.w 0", m_dil_w0, false},
    {"dilation.h -2", m_dil_h_neg, false},
    {"padding.w -1", m_pad_w_neg, false},
    {"padding.h -1", m_pad_h_neg, false},
    {"output h inconsistent", m_out_h_plus, false},
    {"output w inconsistent", m_out_w_plus, false},
    {"output w 0", m_out_w_zero, false},
    {"output c 0", m_out_c_zero, false},
    {"batches 0", m_batches_zero, false},
    {"batches -1", m_batches_neg, false},
    {"input c 0", m_in_c_zero, false},
    {"filter h 0", m_filter_h_zero, false},
    {"filter c does not divide input c", m_filter_c_not_dividing, false},
    {"groups do not divide output c", m_groups_not_dividing_out, false},
    {"input_offset 129", m_input_offset_hi, false},
    {"input_offset -128", m_input_offset_lo, false},
    {"output_offset 128", m_output_offset_hi, false},
    {"activation min > max", m_act_inverted, false},
    {"activation max 128", m_act_range, false},
    {"shift 31", m_shift_hi, false},
    {"shift -32", m_shift_lo, false},
    {"negative multiplier", m_mult_neg, false},
    {"input larger than INT32_MAX elements", m_overflow_in, false},
    {"coordinate past INT32_MAX", m_overflow_coord, false},
    {"ctx buffer NULL", m_ctx_null, true},
    {"ctx NULL", m_ctx_ptr_null, true},
    {"ctx size below the need", m_ctx_small, true},
    {"ctx size negative", m_ctx_negative, true},
};

static bool untouched(const int8_t *p, size_t n, int8_t v)
{
    for (size_t i = 0; i < n; i++)
    {
        if (p[i] != v)
        {
            return false;
        }
    }
    return true;
}

static void bad_table_for(conv_entry e)
{
    call_args a;
    base_args(&a, e);
    memset(g_out, SENT, sizeof(g_out));
    kiln_test_context("%s: the base call", conv_entry_name(e));
    KILN_CHECK_EQ(call(&a, e), ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK(!untouched(g_out, 2 * 5 * 6 * 6, SENT));
    /* Scratch of this base case: a row only rejects a context when the route uses scratch. */
    kiln_conv_s8_shape s;
    kiln_conv_s8_plan_t p;
    kiln_conv_s8_shape_from(&a.cp, &a.in_d, &a.f_d, &a.out_d, NULL, &s);
    KILN_CHECK_EQ(kiln_conv_s8_plan(&s, KILN_NATIVE_ISA, &p), ARM_CMSIS_NN_SUCCESS);
    const int32_t need = conv_entry_scratch(&(conv_case){s, 0, 0, 0, 0, NULL, NULL, NULL, NULL, NULL}, e);
    for (size_t i = 0; i < sizeof(k_rows) / sizeof(k_rows[0]); i++)
    {
        if (k_rows[i].needs_scratch && need <= 1)
        {
            continue;
        }
        base_args(&a, e);
        k_rows[i].m(&a);
        memset(g_out, SENT, sizeof(g_out));
        memset(g_scratch, SENT, sizeof(g_scratch));
        kiln_test_context("%s: %s", conv_entry_name(e), k_rows[i].name);
        KILN_CHECK_EQ(call(&a, e), ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK(untouched(g_out, sizeof(g_out), SENT));
        KILN_CHECK(untouched(g_scratch, sizeof(g_scratch), SENT));
    }
    kiln_test_context("");
}

static void test_bad_wrapper(void)
{
    bad_table_for(CONV_ENTRY_WRAPPER);
}

static void test_bad_convolve(void)
{
    bad_table_for(CONV_ENTRY_CONVOLVE);
    /* Upscaling by 2 needs an even (upscaled) input size. */
    call_args a;
    base_args(&a, CONV_ENTRY_CONVOLVE);
    a.up_d.h = 2;
    memset(g_out, SENT, sizeof(g_out));
    KILN_CHECK_EQ(call(&a, CONV_ENTRY_CONVOLVE), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK(untouched(g_out, sizeof(g_out), SENT));
    /* upscale_dims may be NULL, and a factor other than 2 leaves the axis. */
    base_args(&a, CONV_ENTRY_CONVOLVE);
    a.up_p = NULL;
    KILN_CHECK_EQ(call(&a, CONV_ENTRY_CONVOLVE), ARM_CMSIS_NN_SUCCESS);
    base_args(&a, CONV_ENTRY_CONVOLVE);
    a.up_d.h = 3;
    a.up_d.w = 7;
    KILN_CHECK_EQ(call(&a, CONV_ENTRY_CONVOLVE), ARM_CMSIS_NN_SUCCESS);
}

static void test_bad_direct(void)
{
    bad_table_for(CONV_ENTRY_1X1);
    bad_table_for(CONV_ENTRY_1X1_FAST);
    bad_table_for(CONV_ENTRY_1_X_N);
#if !KILN_UPSTREAM_API
    bad_table_for(CONV_ENTRY_1X1_OUT);
#endif
}

/* A direct entry refuses the shapes its route does not take. */
static void test_direct_entries_refuse_other_shapes(void)
{
    call_args a;
    base_args(&a, CONV_ENTRY_WRAPPER); /* 3x3, padding 1 */
    const conv_entry refuse[] = {CONV_ENTRY_1X1, CONV_ENTRY_1X1_FAST, CONV_ENTRY_1_X_N
#if !KILN_UPSTREAM_API
                                 ,
                                 CONV_ENTRY_1X1_OUT
#endif
    };
    for (size_t i = 0; i < sizeof(refuse) / sizeof(refuse[0]); i++)
    {
        memset(g_out, SENT, sizeof(g_out));
        kiln_test_context("%s given a 3x3 convolution", conv_entry_name(refuse[i]));
        KILN_CHECK_EQ(call(&a, refuse[i]), ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK(untouched(g_out, sizeof(g_out), SENT));
    }
    base_args(&a, CONV_ENTRY_1X1);
    a.cp.stride.w = 2;
    a.out_d.w = 3;
    kiln_test_context("1x1_fast given stride 2");
    KILN_CHECK_EQ(call(&a, CONV_ENTRY_1X1_FAST), ARM_CMSIS_NN_ARG_ERROR);
    kiln_test_context("1x1 given stride 2");
    KILN_CHECK_EQ(call(&a, CONV_ENTRY_1X1), ARM_CMSIS_NN_SUCCESS);
    base_args(&a, CONV_ENTRY_1_X_N);
    a.f_d.c = 4;
    a.out_d.c = 6;
    kiln_test_context("1xN given two groups");
    KILN_CHECK_EQ(call(&a, CONV_ENTRY_1_X_N), ARM_CMSIS_NN_ARG_ERROR);
    kiln_test_context("");
}

#if !KILN_UPSTREAM_API
/* Weight sums: a stated size too small is an error where the sums are read (MVE); sums are optional. */
static void test_weight_sum_contexts(void)
{
    call_args a;
    base_args(&a, CONV_ENTRY_WRAPPER);
    static int32_t sums[6];
    const arm_cmsis_nn_status fill = arm_convolve_weight_sum(sums, g_w, &a.in_d, &a.f_d, &a.out_d, 128, g_bias);
    const int32_t ws_size = arm_convolve_s8_get_weights_sum_size(&a.out_d);
#if KILN_BUILD_MVE
    KILN_CHECK_EQ(ws_size, 6 * 4);
    KILN_CHECK_EQ(fill, ARM_CMSIS_NN_SUCCESS);
    a.ws.buf = sums;
    a.ws.size = 6 * 4 - 1;
    memset(g_out, SENT, sizeof(g_out));
    KILN_CHECK_EQ(call(&a, CONV_ENTRY_WRAPPER), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK(untouched(g_out, sizeof(g_out), SENT));
#else
    KILN_CHECK_EQ(ws_size, 0);
    KILN_CHECK_EQ(fill, ARM_CMSIS_NN_NO_IMPL_ERROR);
#endif
    /* NULL weight_sum_ctx and a NULL buffer both compute the sums on the fly. */
    static int8_t want[360];
    a.ws.buf = NULL;
    a.ws.size = 0;
    KILN_CHECK_EQ(call(&a, CONV_ENTRY_WRAPPER), ARM_CMSIS_NN_SUCCESS);
    memcpy(want, g_out, sizeof(want));
    a.ws_p = NULL;
    memset(g_out, SENT, sizeof(g_out));
    KILN_CHECK_EQ(call(&a, CONV_ENTRY_WRAPPER), ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK_MEM_S8(g_out, want, 360);
    /* The helper's own argument checks. */
    KILN_CHECK_EQ(arm_convolve_s8_get_weights_sum_size(NULL), -1);
    const cmsis_nn_dims neg = {1, 1, 1, -1};
    KILN_CHECK_EQ(arm_convolve_s8_get_weights_sum_size(&neg), -1);
#if KILN_BUILD_MVE
    KILN_CHECK_EQ(arm_convolve_weight_sum(NULL, g_w, &a.in_d, &a.f_d, &a.out_d, 128, g_bias), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_convolve_weight_sum(sums, g_w, &a.in_d, &a.f_d, &a.out_d, 129, g_bias), ARM_CMSIS_NN_ARG_ERROR);
    /* Values: sum(w) * offset + bias. */
    for (int32_t oc = 0; oc < 6; oc++)
    {
        int32_t sw = 0;
        for (int32_t i = 0; i < 72; i++)
        {
            sw += g_w[oc * 72 + i];
        }
        KILN_CHECK_EQ(sums[oc], sw * 128 + g_bias[oc]);
    }
#endif
}
#endif

static void test_queries(void)
{
    call_args a;
    base_args(&a, CONV_ENTRY_WRAPPER); /* 3x3x8: 72 columns */
    KILN_CHECK_EQ(arm_convolve_wrapper_s8_get_buffer_size_dsp(&a.cp, &a.in_d, &a.f_d, &a.out_d), 4 * 72);
    KILN_CHECK_EQ(arm_convolve_wrapper_s8_get_buffer_size_mve(&a.cp, &a.in_d, &a.f_d, &a.out_d), 3 * 72);
    KILN_CHECK_EQ(arm_convolve_s8_get_buffer_size_mve(&a.in_d, &a.f_d), 3 * 72);
    /* patches per block: MVE three, DSP four (72 columns: up to KILN_CONV_S8_DSP_QUAD_K), C two */
    const int32_t native = KILN_BUILD_MVE ? 3 * 72 : (KILN_BUILD_DSP ? 4 * 72 : 2 * 72);
    KILN_CHECK_EQ(arm_convolve_wrapper_s8_get_buffer_size(&a.cp, &a.in_d, &a.f_d, &a.out_d), native);
    KILN_CHECK_EQ(arm_convolve_s8_get_buffer_size(&a.in_d, &a.f_d), native);
    /* Bad or overflowing dims give -1. */
    KILN_CHECK_EQ(arm_convolve_wrapper_s8_get_buffer_size(NULL, &a.in_d, &a.f_d, &a.out_d), -1);
    KILN_CHECK_EQ(arm_convolve_s8_get_buffer_size(&a.in_d, NULL), -1);
    cmsis_nn_dims big = {1, 50000, 50000, 1};
    KILN_CHECK_EQ(arm_convolve_s8_get_buffer_size_mve(&a.in_d, &big), -1);
    big = (cmsis_nn_dims){1, 1, 1, 800000000};
    KILN_CHECK_EQ(arm_convolve_s8_get_buffer_size_mve(&a.in_d, &big), -1);
    /* rows x 800000000: C and DSP 2 rows (still within int32), MVE 3 (past INT32_MAX). */
    KILN_CHECK_EQ(arm_convolve_s8_get_buffer_size(&a.in_d, &big), KILN_BUILD_MVE ? -1 : 1600000000);
    KILN_CHECK_EQ(arm_convolve_wrapper_s8_get_buffer_size_dsp(NULL, &a.in_d, &big, &a.out_d), -1);
    a.out_d.h += 1; /* one extra trailing padding row: still a valid (SAME-style) shape */
    KILN_CHECK_EQ(arm_convolve_wrapper_s8_get_buffer_size(&a.cp, &a.in_d, &a.f_d, &a.out_d), native);
    a.out_d.h += 1;
    KILN_CHECK_EQ(arm_convolve_wrapper_s8_get_buffer_size(&a.cp, &a.in_d, &a.f_d, &a.out_d), -1);
    const cmsis_nn_dims negd = {1, -1, 1, 1};
    KILN_CHECK_EQ(arm_convolve_1x1_s8_fast_get_buffer_size(&negd), -1);
    KILN_CHECK_EQ(arm_convolve_1x1_s8_fast_get_buffer_size(&a.in_d), 0);
    /* 1xN: 0 without padding, rows * k with it. */
    base_args(&a, CONV_ENTRY_1_X_N); /* 1x6x8 input, 1x3 filter, padding 1 */
    KILN_CHECK_EQ(arm_convolve_1_x_n_s8_get_buffer_size(&a.cp, &a.in_d, &a.f_d, &a.out_d),
                  kiln_conv_s8_block_rows(KILN_NATIVE_ISA, 24) * 24);
    a.cp.padding.w = 0;
    a.out_d.w = 4;
    KILN_CHECK_EQ(arm_convolve_1_x_n_s8_get_buffer_size(&a.cp, &a.in_d, &a.f_d, &a.out_d), 0);
    a.f_d.h = 2;
    KILN_CHECK_EQ(arm_convolve_1_x_n_s8_get_buffer_size(&a.cp, &a.in_d, &a.f_d, &a.out_d), -1);
}

static void test_plan_routes(void)
{
    const kiln_isa isas[3] = {KILN_ISA_C, KILN_ISA_DSP, KILN_ISA_MVE};
    /* {shape}, expected route */
    static const struct
    {
        kiln_conv_s8_shape s;
        kiln_conv_s8_route route;
    } rows[] = {
        {{1, 8, 8, 16, 1, 1, 16, 8, 8, 32, 1, 1, 0, 0, 1, 1, 1, 1}, KILN_CONV_S8_ROUTE_1X1_FAST},
        {{1, 8, 8, 16, 1, 1, 16, 4, 4, 32, 2, 2, 0, 0, 1, 1, 1, 1}, KILN_CONV_S8_ROUTE_1X1},
        {{2, 1, 20, 8, 1, 5, 8, 1, 20, 4, 1, 1, 0, 2, 1, 1, 1, 1}, KILN_CONV_S8_ROUTE_1XN},
        {{1, 8, 8, 16, 3, 3, 16, 8, 8, 16, 1, 1, 1, 1, 1, 1, 1, 1}, KILN_CONV_S8_ROUTE_IM2COL},
        {{1, 8, 8, 16, 3, 3, 8, 8, 8, 16, 1, 1, 1, 1, 1, 1, 1, 1}, KILN_CONV_S8_ROUTE_IM2COL},
        {{1, 8, 8, 16, 1, 1, 16, 8, 8, 16, 1, 1, 0, 0, 1, 1, 2, 2}, KILN_CONV_S8_ROUTE_IM2COL},
        /* 1x1 reaching an implicit trailing padding column: not the in-place 1x1 routes */
        {{1, 8, 8, 16, 1, 1, 16, 9, 9, 16, 1, 1, 0, 0, 1, 1, 1, 1}, KILN_CONV_S8_ROUTE_1XN},
    };
    for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++)
    {
        for (int32_t j = 0; j < 3; j++)
        {
            kiln_conv_s8_plan_t p;
            kiln_test_context("plan row %d isa %s", (int)i, kiln_isa_name(isas[j]));
            KILN_CHECK_EQ(kiln_conv_s8_plan(&rows[i].s, isas[j], &p), ARM_CMSIS_NN_SUCCESS);
            KILN_CHECK_EQ(p.route, rows[i].route);
            KILN_CHECK(strcmp(p.route_name, kiln_conv_s8_route_name(rows[i].route)) == 0);
            KILN_CHECK_EQ(p.weight_sum_bytes, isas[j] == KILN_ISA_MVE ? 4 * rows[i].s.out_c : 0);
            const int64_t k = (int64_t)rows[i].s.filter_h * rows[i].s.filter_w * rows[i].s.filter_c;
            const int64_t want = (rows[i].route == KILN_CONV_S8_ROUTE_1X1_FAST || rows[i].route == KILN_CONV_S8_ROUTE_1X1)
                ? 0
                : kiln_conv_s8_block_rows(isas[j], k) * k;
            KILN_CHECK_EQ(p.scratch_bytes, want);
        }
    }
    kiln_test_context("");
    /* im2col scratch at the DSP's four-patch bound (written out, not derived from kiln_conv_s8_block_rows):
     * 3x3 x 16 channels (144 columns) four patches on DSP, 3x3 x 17 (153) two; three on MVE, two on C. */
    {
        kiln_conv_s8_shape q = rows[3].s;
        kiln_conv_s8_plan_t pq;
        KILN_CHECK_EQ(kiln_conv_s8_plan(&q, KILN_ISA_DSP, &pq), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_EQ(pq.scratch_bytes, 576);
        KILN_CHECK_EQ(pq.block_rows, 4);
        KILN_CHECK_EQ(kiln_conv_s8_plan(&q, KILN_ISA_MVE, &pq), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_EQ(pq.scratch_bytes, 432);
        KILN_CHECK_EQ(kiln_conv_s8_plan(&q, KILN_ISA_C, &pq), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_EQ(pq.scratch_bytes, 288);
        q.in_c = q.filter_c = 17;
        KILN_CHECK_EQ(kiln_conv_s8_plan(&q, KILN_ISA_DSP, &pq), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_EQ(pq.scratch_bytes, 306);
        KILN_CHECK_EQ(pq.block_rows, 2);
        const cmsis_nn_dims in16 = {1, 8, 8, 16}, f16d = {16, 3, 3, 16}, in17 = {1, 8, 8, 17}, f17d = {16, 3, 3, 17};
        const cmsis_nn_dims outd = {1, 8, 8, 16};
        cmsis_nn_conv_params cq;
        memset(&cq, 0, sizeof(cq));
        cq.stride.h = cq.stride.w = 1;
        cq.padding.h = cq.padding.w = 1;
        cq.dilation.h = cq.dilation.w = 1;
        cq.activation.min = -128;
        cq.activation.max = 127;
        KILN_CHECK_EQ(arm_convolve_wrapper_s8_get_buffer_size_dsp(&cq, &in16, &f16d, &outd), 576);
        KILN_CHECK_EQ(arm_convolve_wrapper_s8_get_buffer_size_dsp(&cq, &in17, &f17d, &outd), 306);
        KILN_CHECK_EQ(arm_convolve_wrapper_s8_get_buffer_size_mve(&cq, &in16, &f16d, &outd), 432);
    }
    KILN_CHECK(strcmp(kiln_conv_s8_route_name(KILN_CONV_S8_ROUTE_1XN), "1xN") == 0);
    KILN_CHECK(strcmp(kiln_conv_s8_route_name(KILN_CONV_S8_ROUTE_IM2COL), "im2col_gemm") == 0);
    kiln_conv_s8_plan_t p;
    KILN_CHECK_EQ(kiln_conv_s8_plan(NULL, KILN_ISA_C, &p), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(kiln_conv_s8_plan_route(&rows[3].s, KILN_ISA_C, KILN_CONV_S8_ROUTE_1X1, &p), ARM_CMSIS_NN_ARG_ERROR);
}

/* The upstream routing predicates (arm_nnsupportfunctions.h). */
static void test_upstream_predicates(void)
{
    cmsis_nn_conv_params cp = {0};
    cp.stride.w = cp.stride.h = 1;
    KILN_CHECK(arm_nn_is_convolve_1x1_fast(&cp));
    cp.stride.w = 2;
    KILN_CHECK(!arm_nn_is_convolve_1x1_fast(&cp));
    cp.stride.w = 1;
    cp.stride.h = 2;
    KILN_CHECK(!arm_nn_is_convolve_1x1_fast(&cp));
    cp.stride.h = 1;
    cp.dilation.w = cp.dilation.h = 1;
    cmsis_nn_dims in = {1, 4, 8, 8}, f = {16, 1, 1, 8};
    KILN_CHECK(arm_nn_is_convolve_1x1(&cp, &in, &f));
    cp.padding.w = 1;
    KILN_CHECK(!arm_nn_is_convolve_1x1(&cp, &in, &f));
    cp.padding.w = 0;
    f.w = 3;
    KILN_CHECK(!arm_nn_is_convolve_1x1(&cp, &in, &f));
    f.w = 1;
    f.c = 4;
    KILN_CHECK(!arm_nn_is_convolve_1x1(&cp, &in, &f));
    in = (cmsis_nn_dims){2, 1, 8, 8};
    f = (cmsis_nn_dims){16, 1, 5, 8};
    KILN_CHECK(arm_nn_is_convolve_1_x_n(&cp, &in, &f));
    in.h = 2;
    KILN_CHECK(!arm_nn_is_convolve_1_x_n(&cp, &in, &f));
    in.h = 1;
    cp.dilation.w = 2;
    KILN_CHECK(!arm_nn_is_convolve_1_x_n(&cp, &in, &f));
    cp.dilation.w = 1;
    f.c = 6;
    KILN_CHECK(!arm_nn_is_convolve_1_x_n(&cp, &in, &f));
    f.c = 8;
    in.c = 8;
    cp.stride.w = 3;
    KILN_CHECK(arm_nn_is_convolve_1_x_n(&cp, &in, &f)); /* 3 * 8 = 24 */
    in.c = f.c = 6;
    KILN_CHECK(!arm_nn_is_convolve_1_x_n(&cp, &in, &f)); /* 3 * 6 = 18 */
    cp.stride.w = INT32_MAX;
    in.c = f.c = 4;
    KILN_CHECK(arm_nn_is_convolve_1_x_n(&cp, &in, &f)); /* no 32-bit overflow */
}

/* Dilation at the extremes: along an axis of one tap any dilation gives the dilation-1 result
 * (INT32_MAX with padding 2 once overflowed the kernels' tap arithmetic); a dilation whose step
 * between two filter rows exceeds int32 bytes is refused with nothing written. */
static void test_dilation_extremes(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0xD11A);
    kiln_rng_fill_s8(&r, g_in, 4 * 5 * 3);
    kiln_rng_fill_s8(&r, g_w, 6 * 1 * 3 * 3);
    for (int32_t o = 0; o < 6; o++)
    {
        g_bias[o] = kiln_rng_range(&r, -500, 500);
        g_mult[o] = kiln_rng_range(&r, 1 << 30, INT32_MAX);
        g_shift[o] = -kiln_rng_range(&r, 5, 9);
    }
    /* 1 x 3 filter, padding 2 x 1: out 8 x 5 */
    conv_case c = {{0}, 3, -2, -128, 127, g_in, g_w, g_bias, g_mult, g_shift};
    c.s = (kiln_conv_s8_shape){.batches = 1, .in_h = 4, .in_w = 5, .in_c = 3, .filter_h = 1, .filter_w = 3,
                               .filter_c = 3, .out_h = 8, .out_w = 5, .out_c = 6, .stride_h = 1, .stride_w = 1,
                               .pad_h = 2, .pad_w = 1, .dilation_h = 1, .dilation_w = 1, .upscale_h = 1,
                               .upscale_w = 1};
    static int8_t want[8 * 5 * 6];
    KILN_CHECK(conv_reference(&c, want));
    c.s.dilation_h = INT32_MAX;
    const conv_entry entries[] = {CONV_ENTRY_WRAPPER, CONV_ENTRY_CONVOLVE};
    for (size_t i = 0; i < sizeof(entries) / sizeof(entries[0]); i++)
    {
        kiln_test_context("one-tap axis, dilation INT32_MAX: %s", conv_entry_name(entries[i]));
        conv_run_checked(&c, entries[i], false, want);
    }
    /* 2 x 1 filter, dilation 2^28 rows (2^28 x 6 x 8 bytes apart), padding 2^27: a consistent
     * geometry (out 4 x 5) whose row step leaves int32 */
    call_args a;
    base_args(&a, CONV_ENTRY_CONVOLVE);
    a.f_d.h = 2;
    a.f_d.w = 1;
    a.cp.dilation.h = 1 << 28;
    a.cp.padding.h = 1 << 27;
    a.cp.padding.w = 0;
    a.in_d.h = 4;
    a.out_d.h = 4;
    a.out_d.w = a.in_d.w;
    memset(g_out, SENT, sizeof(g_out));
    kiln_test_context("dilated row step past int32");
    KILN_CHECK_EQ(call(&a, CONV_ENTRY_CONVOLVE), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK(untouched(g_out, sizeof(g_out), SENT));
    a.cp.dilation.h = 1 << 20; /* 2^20 x 6 x 8 bytes: accepted (the same geometry otherwise) */
    a.cp.padding.h = 1 << 19;
    KILN_CHECK_EQ(call(&a, CONV_ENTRY_CONVOLVE), ARM_CMSIS_NN_SUCCESS);
    kiln_test_context("");
}

int main(void)
{
    printf("conv_s8_badinput on %s\n", kiln_board_name());
    KILN_RUN(test_bad_wrapper);
    KILN_RUN(test_dilation_extremes);
    KILN_RUN(test_bad_convolve);
    KILN_RUN(test_bad_direct);
    KILN_RUN(test_direct_entries_refuse_other_shapes);
#if !KILN_UPSTREAM_API
    KILN_RUN(test_weight_sum_contexts);
#endif
    KILN_RUN(test_queries);
    KILN_RUN(test_plan_routes);
    KILN_RUN(test_upstream_predicates);
    return kiln_test_finish();
}
