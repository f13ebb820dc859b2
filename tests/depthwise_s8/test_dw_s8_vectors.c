/*
 * int8 depthwise convolution: every shared vector whose upstream driver calls these functions,
 * bit-exact through the wrapper and every applicable direct entry (ns: with and without weight
 * sums); buffer-size queries; canaries per route; the bad-input table.
 */
#include <string.h>

#include "arm_nnfunctions.h"
#include "arm_nnsupportfunctions.h"
#include "Internal/kiln_dw_s8.h"
#include "dw_s8_test_util.h"
#include "kiln_ref.h"
#include "kiln_test.h"

#include "kiln_vectors/basic.h"
#include "kiln_vectors/depthwise_2.h"
#include "kiln_vectors/depthwise_dilation.h"
#include "kiln_vectors/depthwise_eq_in_out_ch.h"
#include "kiln_vectors/depthwise_kernel_3x3.h"
#include "kiln_vectors/depthwise_kernel_3x3_null_bias.h"
#include "kiln_vectors/depthwise_mult_batches.h"
#include "kiln_vectors/depthwise_null_bias_0.h"
#include "kiln_vectors/depthwise_null_bias_1.h"
#include "kiln_vectors/depthwise_out_activation.h"
#include "kiln_vectors/depthwise_sub_block.h"
#include "kiln_vectors/depthwise_x_stride.h"
#include "kiln_vectors/in_ch_one_out_ch_larger_one.h"
#include "kiln_vectors/stride2pad1.h"

/* One vector case: CM is the channel multiplier (basic and stride2pad1 state none: 1). */
#define DW_VEC(lc, UC, CM, BIAS)                                                                                  \
    {                                                                                                             \
        {#lc,                                                                                                     \
         UC##_INPUT_BATCHES,                                                                                      \
         UC##_INPUT_H,                                                                                            \
         UC##_INPUT_W,                                                                                            \
         UC##_IN_CH,                                                                                              \
         UC##_OUTPUT_H,                                                                                           \
         UC##_OUTPUT_W,                                                                                           \
         UC##_OUT_CH,                                                                                             \
         CM,                                                                                                      \
         UC##_FILTER_Y,                                                                                           \
         UC##_FILTER_X,                                                                                           \
         UC##_STRIDE_Y,                                                                                           \
         UC##_STRIDE_X,                                                                                           \
         UC##_PAD_Y,                                                                                              \
         UC##_PAD_X,                                                                                              \
         UC##_DILATION_Y,                                                                                         \
         UC##_DILATION_X,                                                                                         \
         UC##_INPUT_OFFSET,                                                                                       \
         UC##_OUTPUT_OFFSET,                                                                                      \
         UC##_OUT_ACTIVATION_MIN,                                                                                 \
         UC##_OUT_ACTIVATION_MAX,                                                                                 \
         lc##_input,                                                                                              \
         lc##_weights,                                                                                            \
         BIAS,                                                                                                    \
         lc##_output_mult,                                                                                        \
         lc##_output_shift},                                                                                      \
            lc##_output_ref, UC##_DST_SIZE                                                                        \
    }

typedef struct
{
    dw_case t;
    const int8_t *ref;
    int32_t dst_size;
} dw_vector;

/* The null-bias cases' drivers pass NULL for the bias (their bias arrays are all zero). */
static const dw_vector vectors[] = {
    DW_VEC(basic, BASIC, 1, basic_biases),
    DW_VEC(depthwise_2, DEPTHWISE_2, DEPTHWISE_2_CH_MULT, depthwise_2_biases),
    DW_VEC(depthwise_dilation, DEPTHWISE_DILATION, DEPTHWISE_DILATION_CH_MULT, depthwise_dilation_biases),
    DW_VEC(depthwise_eq_in_out_ch, DEPTHWISE_EQ_IN_OUT_CH, DEPTHWISE_EQ_IN_OUT_CH_CH_MULT,
           depthwise_eq_in_out_ch_biases),
    DW_VEC(depthwise_kernel_3x3, DEPTHWISE_KERNEL_3X3, DEPTHWISE_KERNEL_3X3_CH_MULT, depthwise_kernel_3x3_biases),
    DW_VEC(depthwise_kernel_3x3_null_bias, DEPTHWISE_KERNEL_3X3_NULL_BIAS, DEPTHWISE_KERNEL_3X3_NULL_BIAS_CH_MULT,
           NULL),
    DW_VEC(depthwise_mult_batches, DEPTHWISE_MULT_BATCHES, DEPTHWISE_MULT_BATCHES_CH_MULT,
           depthwise_mult_batches_biases),
    DW_VEC(depthwise_null_bias_0, DEPTHWISE_NULL_BIAS_0, DEPTHWISE_NULL_BIAS_0_CH_MULT, NULL),
    DW_VEC(depthwise_null_bias_1, DEPTHWISE_NULL_BIAS_1, DEPTHWISE_NULL_BIAS_1_CH_MULT, NULL),
    DW_VEC(depthwise_out_activation, DEPTHWISE_OUT_ACTIVATION, DEPTHWISE_OUT_ACTIVATION_CH_MULT,
           depthwise_out_activation_biases),
    DW_VEC(depthwise_sub_block, DEPTHWISE_SUB_BLOCK, DEPTHWISE_SUB_BLOCK_CH_MULT, depthwise_sub_block_biases),
    DW_VEC(depthwise_x_stride, DEPTHWISE_X_STRIDE, DEPTHWISE_X_STRIDE_CH_MULT, depthwise_x_stride_biases),
    DW_VEC(in_ch_one_out_ch_larger_one, IN_CH_ONE_OUT_CH_LARGER_ONE, IN_CH_ONE_OUT_CH_LARGER_ONE_CH_MULT,
           in_ch_one_out_ch_larger_one_biases),
    DW_VEC(stride2pad1, STRIDE2PAD1, 1, stride2pad1_biases),
};
#define N_VECTORS ((int32_t)(sizeof(vectors) / sizeof(vectors[0])))

static int8_t ref_out[1 << 14];

static void test_vectors(void)
{
    for (int32_t i = 0; i < N_VECTORS; i++)
    {
        const dw_vector *v = &vectors[i];
        kiln_test_context("vector %s", v->t.name);
        KILN_CHECK_EQ(v->dst_size, v->t.n * v->t.oh * v->t.ow * v->t.oc);
        /* The oracle agrees with the stored TFLite output. */
        KILN_CHECK_EQ(dw_case_ref(&v->t, ref_out), KILN_REF_OK);
        KILN_CHECK_MEM_S8(ref_out, v->ref, v->dst_size);
        dw_case_check_all(&v->t, v->ref);
    }
}

/* The queries on every vector: 0 bytes on every backend (no route takes scratch). */
static void test_vector_queries(void)
{
    for (int32_t i = 0; i < N_VECTORS; i++)
    {
        cmsis_nn_dw_conv_params p;
        cmsis_nn_per_channel_quant_params q;
        cmsis_nn_dims in, f, b, out;
        dw_case_structs(&vectors[i].t, &p, &q, &in, &f, &b, &out);
        kiln_test_context("query %s", vectors[i].t.name);
        KILN_CHECK_EQ(arm_depthwise_conv_wrapper_s8_get_buffer_size(&p, &in, &f, &out), 0);
        KILN_CHECK_EQ(arm_depthwise_conv_wrapper_s8_get_buffer_size_dsp(&p, &in, &f, &out), 0);
        KILN_CHECK_EQ(arm_depthwise_conv_wrapper_s8_get_buffer_size_mve(&p, &in, &f, &out), 0);
        if (p.ch_mult == 1)
        {
            KILN_CHECK_EQ(arm_depthwise_conv_s8_opt_get_buffer_size(&in, &f), 0);
            KILN_CHECK_EQ(arm_depthwise_conv_s8_opt_get_buffer_size_dsp(&in, &f), 0);
            KILN_CHECK_EQ(arm_depthwise_conv_s8_opt_get_buffer_size_mve(&in, &f), 0);
        }
        else
        {
            KILN_CHECK_EQ(arm_depthwise_conv_s8_opt_get_buffer_size(&in, &f), -1);
        }
    }
}

/* The plan's route per vector and backend. */
static void test_plan_routes(void)
{
    static const struct
    {
        int32_t vec;
        const char *route;
    } want[] = {{0, "opt"},  {1, "generic"}, {2, "opt"}, {3, "opt"}, {4, "3x3"},  {5, "3x3"},  {6, "opt"},
                {7, "opt"},  {8, "generic"}, {9, "opt"}, {10, "opt"}, {11, "opt"}, {12, "3x3"}, {13, "3x3"}};
    for (int32_t k = 0; k < (int32_t)(sizeof(want) / sizeof(want[0])); k++)
    {
        cmsis_nn_dw_conv_params p;
        cmsis_nn_per_channel_quant_params q;
        cmsis_nn_dims in, f, b, out;
        const dw_case *t = &vectors[want[k].vec].t;
        dw_case_structs(t, &p, &q, &in, &f, &b, &out);
        kiln_dw_s8_shape s;
        KILN_CHECK(kiln_dw_s8_shape_from(&p, &in, &f, &out, &s));
        for (int32_t isa = 0; isa < 3; isa++)
        {
            kiln_dw_s8_plan_t plan;
            kiln_test_context("plan %s isa %s", t->name, kiln_isa_name((kiln_isa)isa));
            KILN_CHECK(kiln_dw_s8_plan(&s, (kiln_isa)isa, &plan));
            KILN_CHECK(strcmp(plan.name, want[k].route) == 0);
            KILN_CHECK_EQ(plan.scratch_bytes, 0);
            const bool ws = isa == KILN_ISA_MVE && (plan.route == KILN_DW_S8_ROUTE_3X3 || plan.route == KILN_DW_S8_ROUTE_OPT);
            KILN_CHECK_EQ(plan.weight_sum_bytes, ws ? (int64_t)t->oc * 4 : 0);
        }
    }
    KILN_CHECK(strcmp(kiln_dw_s8_route_name(KILN_DW_S8_ROUTE_IC1), "ic1") == 0);
    KILN_CHECK(strcmp(kiln_dw_s8_route_name(KILN_DW_S8_ROUTE_GENERIC), "generic") == 0);
    KILN_CHECK(strcmp(kiln_dw_s8_route_name(KILN_DW_S8_ROUTE_COUNT), "?") == 0);
}

/* ---- canaries per route: shapes chosen so each route is planned -------------------------------- */

static int8_t c_in[2 * 9 * 11 * 20];
static int8_t c_f[5 * 5 * 60];
static int32_t c_bias[60], c_mult[60], c_shift[60];
static int8_t c_ref[2 * 9 * 11 * 60];

static void fill_case(dw_case *t, kiln_rng *r)
{
    kiln_rng_fill_s8(r, c_in, (int64_t)t->n * t->h * t->w * t->c);
    kiln_rng_fill_s8(r, c_f, (int64_t)t->fh * t->fw * t->oc);
    for (int32_t i = 0; i < t->oc; i++)
    {
        c_bias[i] = kiln_rng_range(r, -30000, 30000);
        c_mult[i] = kiln_rng_range(r, 1 << 30, INT32_MAX);
        c_shift[i] = kiln_rng_range(r, -9, -5);
    }
    t->input = c_in;
    t->filter = c_f;
    t->bias = c_bias;
    t->mult = c_mult;
    t->shift = c_shift;
}

static void test_route_canaries(void)
{
    /* name, n, h, w, c, oh, ow, oc, cm, fh, fw, sh, sw, ph, pw, dh, dw, in_off, out_off, min, max */
    dw_case cases[] = {
        {"3x3", 2, 9, 11, 20, 9, 11, 20, 1, 3, 3, 1, 1, 1, 1, 1, 1, 128, -3, -128, 127, 0, 0, 0, 0, 0},
        {"3x3 s2", 1, 9, 11, 19, 5, 6, 19, 1, 3, 3, 2, 2, 1, 1, 1, 1, 5, 7, -100, 90, 0, 0, 0, 0, 0},
        {"opt", 2, 9, 11, 17, 5, 4, 17, 1, 5, 4, 1, 2, 0, 0, 1, 1, 128, 0, -128, 127, 0, 0, 0, 0, 0},
        {"opt dil", 1, 9, 11, 20, 9, 11, 20, 1, 3, 3, 1, 1, 2, 2, 2, 2, -7, 1, -128, 127, 0, 0, 0, 0, 0},
        {"ic1", 2, 9, 11, 1, 9, 11, 60, 60, 3, 3, 1, 1, 1, 1, 1, 1, 128, 2, -128, 127, 0, 0, 0, 0, 0},
        {"generic", 2, 9, 11, 20, 5, 6, 60, 3, 3, 3, 2, 2, 1, 1, 1, 1, 128, -5, -60, 127, 0, 0, 0, 0, 0},
    };
    const char *const routes[] = {"3x3", "3x3", "opt", "opt", "ic1", "generic"};
    kiln_rng r;
    kiln_rng_seed(&r, 0xD3C0DE);
    for (int32_t k = 0; k < (int32_t)(sizeof(cases) / sizeof(cases[0])); k++)
    {
        dw_case *t = &cases[k];
        fill_case(t, &r);
        cmsis_nn_dw_conv_params p;
        cmsis_nn_per_channel_quant_params q;
        cmsis_nn_dims in, f, b, out;
        dw_case_structs(t, &p, &q, &in, &f, &b, &out);
        kiln_dw_s8_shape s;
        kiln_dw_s8_plan_t plan;
        KILN_CHECK(kiln_dw_s8_shape_from(&p, &in, &f, &out, &s));
        KILN_CHECK(kiln_dw_s8_plan(&s, KILN_NATIVE_ISA, &plan));
        kiln_test_context("canary %s", t->name);
        KILN_CHECK(strcmp(plan.name, routes[k]) == 0);
        KILN_CHECK_EQ(dw_case_ref(t, c_ref), KILN_REF_OK);
        dw_case_check_all(t, c_ref);
        /* With bias NULL as well. */
        t->bias = NULL;
        KILN_CHECK_EQ(dw_case_ref(t, c_ref), KILN_REF_OK);
        dw_case_check_all(t, c_ref);
    }
}

/* Every route's kernel forced on shapes where its predicate holds (ch_mult 1 shapes run on
 * "generic" too), against the reference. */
static void test_forced_routes(void)
{
    dw_case t = {"forced", 2, 7, 9, 13, 7, 9, 13, 1, 3, 3, 1, 1, 1, 1, 1, 1, 100, -9, -128, 127, 0, 0, 0, 0, 0};
    kiln_rng r;
    kiln_rng_seed(&r, 77);
    fill_case(&t, &r);
    static int8_t got[2 * 7 * 9 * 60];
    cmsis_nn_dw_conv_params p;
    cmsis_nn_per_channel_quant_params q;
    cmsis_nn_dims in, f, b, out;
    for (int32_t pass = 0; pass < 2; pass++)
    {
        if (pass == 1)
        {
            t.c = 1;
            t.ch_mult = 12;
            t.oc = 12;
            fill_case(&t, &r);
        }
        dw_case_structs(&t, &p, &q, &in, &f, &b, &out);
        kiln_dw_s8_shape s;
        KILN_CHECK(kiln_dw_s8_shape_from(&p, &in, &f, &out, &s));
        KILN_CHECK_EQ(dw_case_ref(&t, c_ref), KILN_REF_OK);
        const int32_t count = t.n * t.oh * t.ow * t.oc;
        for (int32_t route = 0; route < KILN_DW_S8_ROUTE_COUNT; route++)
        {
            if (!kiln_dw_s8_route_applies((kiln_dw_s8_route)route, &s))
            {
                continue;
            }
            const kiln_dw_s8_args a = {t.input, t.filter, t.bias, t.mult, t.shift, NULL, got,
                                       t.in_off, t.out_off, t.act_min, t.act_max};
            memset(got, 0, sizeof(got));
            kiln_test_context("forced route %s pass %d", kiln_dw_s8_route_name((kiln_dw_s8_route)route), (int)pass);
            kiln_dw_s8_run((kiln_dw_s8_route)route, &s, &a);
            KILN_CHECK_MEM_S8(got, c_ref, count);
        }
    }
}

/* ---- bad input ------------------------------------------------------------------------------- */

typedef enum
{
    BAD_NONE,
    BAD_NULL_PARAMS,
    BAD_NULL_QUANT,
    BAD_NULL_MULT,
    BAD_NULL_SHIFT,
    BAD_NULL_IN_DIMS,
    BAD_NULL_F_DIMS,
    BAD_NULL_OUT_DIMS,
    BAD_NULL_INPUT,
    BAD_NULL_FILTER,
    BAD_NULL_OUTPUT,
    BAD_STRIDE_W0,
    BAD_STRIDE_HNEG,
    BAD_DIL_W0,
    BAD_DIL_HNEG,
    BAD_PAD_WNEG,
    BAD_PAD_HNEG,
    BAD_OUT_H_BIG,
    BAD_OUT_W_SMALL,
    BAD_OUT_C,
    BAD_CH_MULT0,
    BAD_CH_MULT_MISMATCH,
    BAD_FILTER_C,
    BAD_BATCH,
    BAD_IN_C0,
    BAD_OVERFLOW,
    BAD_OVERFLOW_OUT,
    BAD_STRIDE_HUGE,
    BAD_ACT,
    BAD_SHIFT,
    BAD_MULT_NEG,
    BAD_IN_OFFSET,
    BAD_OUT_OFFSET,
    BAD_WS_TOO_SMALL,
    BAD_COUNT
} bad_kind;

static void test_bad_inputs(void)
{
    enum
    {
        N = 1,
        H = 6,
        W = 5,
        C = 8,
        OH = 6,
        OW = 5
    };
    static int8_t input[N * H * W * C], filter[3 * 3 * C], output[N * OH * OW * C + 64];
    static int32_t bias[C], mult[C], shift[C];
    kiln_rng r;
    kiln_rng_seed(&r, 5);
    kiln_rng_fill_s8(&r, input, sizeof(input));
    kiln_rng_fill_s8(&r, filter, sizeof(filter));
    for (int32_t i = 0; i < C; i++)
    {
        bias[i] = i * 100;
        mult[i] = 1 << 30;
        shift[i] = -6;
    }
    static int32_t ws[C];
    for (int32_t kind = 0; kind < BAD_COUNT; kind++)
    {
        for (int32_t entry = 0; entry < 4; entry++) /* wrapper, s8, opt, 3x3 */
        {
            cmsis_nn_dw_conv_params p = {128, -5, 1, {1, 1}, {1, 1}, {1, 1}, {-128, 127}};
            int32_t *m = mult;
            int32_t *sh = shift;
            cmsis_nn_per_channel_quant_params q = {m, sh};
            cmsis_nn_dims in = {N, H, W, C}, f = {1, 3, 3, C}, b = {1, 1, 1, C}, out = {N, OH, OW, C};
            const cmsis_nn_dw_conv_params *pp = &p;
            const cmsis_nn_per_channel_quant_params *qp = &q;
            const cmsis_nn_dims *inp = &in, *fp = &f, *outp = &out;
            const int8_t *id = input, *fd = filter;
            int8_t *od = output;
            cmsis_nn_context ws_ctx = {ws, 0};
            int32_t saved_mult = mult[3], saved_shift = shift[3];
            switch ((bad_kind)kind)
            {
            case BAD_NONE: break;
            case BAD_NULL_PARAMS: pp = NULL; break;
            case BAD_NULL_QUANT: qp = NULL; break;
            case BAD_NULL_MULT: q.multiplier = NULL; break;
            case BAD_NULL_SHIFT: q.shift = NULL; break;
            case BAD_NULL_IN_DIMS: inp = NULL; break;
            case BAD_NULL_F_DIMS: fp = NULL; break;
            case BAD_NULL_OUT_DIMS: outp = NULL; break;
            case BAD_NULL_INPUT: id = NULL; break;
            case BAD_NULL_FILTER: fd = NULL; break;
            case BAD_NULL_OUTPUT: od = NULL; break;
            case BAD_STRIDE_W0: p.stride.w = 0; break;
            case BAD_STRIDE_HNEG: p.stride.h = -1; break;
            case BAD_DIL_W0: p.dilation.w = 0; break;
            case BAD_DIL_HNEG: p.dilation.h = -2; break;
            case BAD_PAD_WNEG: p.padding.w = -1; break;
            case BAD_PAD_HNEG: p.padding.h = -1; break;
            case BAD_OUT_H_BIG: out.h = OH + 2; break;
            case BAD_OUT_W_SMALL: out.w = OW - 2; break;
            case BAD_OUT_C: out.c = C + 1; break;
            case BAD_CH_MULT0: p.ch_mult = 0; break;
            case BAD_CH_MULT_MISMATCH: p.ch_mult = 2; break;
            case BAD_FILTER_C: f.c = C / 2; break;
            case BAD_BATCH: out.n = 2; break;
            case BAD_IN_C0: in.c = 0; break;
            case BAD_OVERFLOW: in.n = 65536; in.h = 65536; out.n = 65536; break;
            case BAD_OVERFLOW_OUT: in.w = INT32_MAX; out.w = INT32_MAX; break;
            case BAD_STRIDE_HUGE: p.stride.h = INT32_MAX; in.h = INT32_MAX - 1; out.h = 2; p.padding.h = 1; break;
            case BAD_ACT: p.activation.min = 10; p.activation.max = 9; break;
            case BAD_SHIFT: shift[3] = 31; break;
            case BAD_MULT_NEG: mult[3] = -5; break;
            case BAD_IN_OFFSET: p.input_offset = 300; break;
            case BAD_OUT_OFFSET: p.output_offset = -300; break;
            case BAD_WS_TOO_SMALL: ws_ctx.size = 4; break;
            default: break;
            }
            memset(output, 0x33, sizeof(output));
            arm_cmsis_nn_status st;
            cmsis_nn_context ctx = {NULL, 0};
            if (entry == 0)
            {
#if KILN_UPSTREAM_API
                (void)ws_ctx;
                st = arm_depthwise_conv_wrapper_s8(&ctx, pp, qp, inp, id, fp, fd, &b, bias, outp, od);
#else
                st = arm_depthwise_conv_wrapper_s8(&ctx, &ws_ctx, pp, qp, inp, id, fp, fd, &b, bias, outp, od);
#endif
            }
            else if (entry == 1)
            {
                st = arm_depthwise_conv_s8(&ctx, pp, qp, inp, id, fp, fd, &b, bias, outp, od);
            }
            else if (entry == 2)
            {
#if KILN_UPSTREAM_API
                st = arm_depthwise_conv_s8_opt(&ctx, pp, qp, inp, id, fp, fd, &b, bias, outp, od);
#else
                st = arm_depthwise_conv_s8_opt(&ctx, &ws_ctx, pp, qp, inp, id, fp, fd, &b, bias, outp, od);
#endif
            }
            else
            {
                st = arm_depthwise_conv_3x3_s8(&ctx, pp, qp, inp, id, fp, fd, &b, bias, outp, od);
            }
            mult[3] = saved_mult;
            shift[3] = saved_shift;
            kiln_test_context("bad kind %d entry %d", (int)kind, (int)entry);
            bool expect_ok = kind == BAD_NONE;
            if (kind == BAD_WS_TOO_SMALL)
            {
                /* Only the Helium ch_mult-1 routes read weight sums, through the ns wrapper / opt. */
                expect_ok = KILN_UPSTREAM_API || KILN_NATIVE_ISA != KILN_ISA_MVE || entry == 1 || entry == 3;
            }
            if (expect_ok)
            {
                KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
                continue;
            }
            KILN_CHECK_EQ(st, ARM_CMSIS_NN_ARG_ERROR);
            bool untouched = true;
            for (int32_t i = 0; i < (int32_t)sizeof(output); i++)
            {
                untouched &= output[i] == 0x33;
            }
            KILN_CHECK(untouched);
        }
    }
}

/* Direct entries reject shapes outside their route. */
static void test_direct_entry_limits(void)
{
    static int8_t input[1 * 7 * 7 * 4], filter[5 * 5 * 8], output[7 * 7 * 8];
    static int32_t mult[8], shift[8];
    for (int32_t i = 0; i < 8; i++)
    {
        mult[i] = 1 << 30;
        shift[i] = -7;
    }
    cmsis_nn_per_channel_quant_params q = {mult, shift};
    cmsis_nn_context ctx = {NULL, 0};
    /* opt with ch_mult 2 */
    {
        cmsis_nn_dw_conv_params p = {0, 0, 2, {1, 1}, {1, 1}, {1, 1}, {-128, 127}};
        cmsis_nn_dims in = {1, 7, 7, 4}, f = {1, 3, 3, 8}, b = {1, 1, 1, 8}, out = {1, 7, 7, 8};
        memset(output, 0x11, sizeof(output));
#if KILN_UPSTREAM_API
        KILN_CHECK_EQ(arm_depthwise_conv_s8_opt(&ctx, &p, &q, &in, input, &f, filter, &b, NULL, &out, output),
                      ARM_CMSIS_NN_ARG_ERROR);
#else
        KILN_CHECK_EQ(arm_depthwise_conv_s8_opt(&ctx, NULL, &p, &q, &in, input, &f, filter, &b, NULL, &out, output),
                      ARM_CMSIS_NN_ARG_ERROR);
#endif
        KILN_CHECK_EQ(arm_depthwise_conv_3x3_s8(&ctx, &p, &q, &in, input, &f, filter, &b, NULL, &out, output),
                      ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK_EQ(arm_depthwise_conv_s8(&ctx, &p, &q, &in, input, &f, filter, &b, NULL, &out, output),
                      ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_EQ(arm_depthwise_conv_s8_opt_get_buffer_size(&in, &f), -1);
    }
    /* 3x3 entry: 5x5 filter, padding 2, dilation 2 */
    {
        cmsis_nn_dims in = {1, 7, 7, 4}, b = {1, 1, 1, 4};
        const struct
        {
            int32_t fh, fw, pad, dil, oh;
        } bad[] = {{5, 5, 2, 1, 7}, {3, 3, 2, 1, 9}, {3, 3, 2, 2, 7}, {3, 5, 1, 1, 7}};
        for (int32_t k = 0; k < 4; k++)
        {
            cmsis_nn_dw_conv_params p = {0, 0, 1, {1, 1}, {bad[k].pad, bad[k].pad}, {bad[k].dil, bad[k].dil},
                                         {-128, 127}};
            cmsis_nn_dims f = {1, bad[k].fh, bad[k].fw, 4};
            const int32_t ow = 7 + 2 * bad[k].pad - ((bad[k].fw - 1) * bad[k].dil + 1) + 1;
            cmsis_nn_dims out = {1, bad[k].oh, ow, 4};
            memset(output, 0x11, sizeof(output));
            kiln_test_context("3x3 limit %d", (int)k);
            KILN_CHECK_EQ(arm_depthwise_conv_3x3_s8(&ctx, &p, &q, &in, input, &f, filter, &b, NULL, &out, output),
                          ARM_CMSIS_NN_ARG_ERROR);
            KILN_CHECK(output[0] == 0x11 && output[sizeof(output) - 1] == 0x11);
            KILN_CHECK_EQ(arm_depthwise_conv_s8(&ctx, &p, &q, &in, input, &f, filter, &b, NULL, &out, output),
                          ARM_CMSIS_NN_SUCCESS);
        }
    }
}

static void test_bad_queries(void)
{
    cmsis_nn_dw_conv_params p = {0, 0, 1, {1, 1}, {0, 0}, {1, 1}, {-128, 127}};
    cmsis_nn_dims in = {1, 8, 8, 4}, f = {1, 3, 3, 4}, out = {1, 6, 6, 4};
    KILN_CHECK_EQ(arm_depthwise_conv_wrapper_s8_get_buffer_size(&p, &in, &f, &out), 0);
    KILN_CHECK_EQ(arm_depthwise_conv_wrapper_s8_get_buffer_size(NULL, &in, &f, &out), -1);
    KILN_CHECK_EQ(arm_depthwise_conv_wrapper_s8_get_buffer_size_dsp(&p, NULL, &f, &out), -1);
    KILN_CHECK_EQ(arm_depthwise_conv_wrapper_s8_get_buffer_size_mve(&p, &in, NULL, &out), -1);
    KILN_CHECK_EQ(arm_depthwise_conv_wrapper_s8_get_buffer_size(&p, &in, &f, NULL), -1);
    out.h = 9;
    KILN_CHECK_EQ(arm_depthwise_conv_wrapper_s8_get_buffer_size(&p, &in, &f, &out), -1);
    out.h = 6;
    p.stride.w = 0;
    KILN_CHECK_EQ(arm_depthwise_conv_wrapper_s8_get_buffer_size_mve(&p, &in, &f, &out), -1);
    p.stride.w = 1;
    cmsis_nn_dims big_in = {65536, 65536, 8, 4}, big_out = {65536, 65536, 6, 4};
    cmsis_nn_dims tall_f = {1, 65536, 1, 4};
    KILN_CHECK_EQ(arm_depthwise_conv_wrapper_s8_get_buffer_size(&p, &big_in, &f, &big_out), -1);
    KILN_CHECK_EQ(arm_depthwise_conv_s8_opt_get_buffer_size(&big_in, &f), -1);
    KILN_CHECK_EQ(arm_depthwise_conv_s8_opt_get_buffer_size_dsp(NULL, &f), -1);
    KILN_CHECK_EQ(arm_depthwise_conv_s8_opt_get_buffer_size_mve(&in, NULL), -1);
    KILN_CHECK_EQ(arm_depthwise_conv_s8_opt_get_buffer_size(&in, &f), 0);
    KILN_CHECK_EQ(arm_depthwise_conv_s8_opt_get_buffer_size_mve(&in, &tall_f), 0);
    cmsis_nn_dims f_bad = {1, 3, 0, 4};
    KILN_CHECK_EQ(arm_depthwise_conv_s8_opt_get_buffer_size(&in, &f_bad), -1);
}

/* arm_depthwise_convolve_weight_sum: values on Helium, NO_IMPL without writing elsewhere. */
static void test_weight_sum(void)
{
    static int8_t filter[3 * 2 * 7];
    static int32_t bias[7], sums[7 + 2];
    kiln_rng r;
    kiln_rng_seed(&r, 9);
    kiln_rng_fill_s8(&r, filter, sizeof(filter));
    for (int32_t i = 0; i < 7; i++)
    {
        bias[i] = kiln_rng_range(&r, -100000, 100000);
    }
    cmsis_nn_dw_conv_params p = {17, 0, 1, {1, 1}, {0, 0}, {1, 1}, {-128, 127}};
    cmsis_nn_dims in = {1, 5, 5, 7}, f = {1, 3, 2, 7}, out = {1, 3, 4, 7};
    for (int32_t with_bias = 0; with_bias < 2; with_bias++)
    {
        for (int32_t i = 0; i < 9; i++)
        {
            sums[i] = -1;
        }
        const arm_cmsis_nn_status st = arm_depthwise_convolve_weight_sum(sums + 1, NULL, filter, &p, &in, &f, &out,
                                                                         17, with_bias ? bias : NULL);
        KILN_CHECK(sums[0] == -1 && sums[8] == -1);
        if (KILN_NATIVE_ISA != KILN_ISA_MVE)
        {
            KILN_CHECK_EQ(st, ARM_CMSIS_NN_NO_IMPL_ERROR);
            KILN_CHECK(sums[1] == -1 && sums[7] == -1);
            continue;
        }
        KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
        for (int32_t c = 0; c < 7; c++)
        {
            int32_t s = 0;
            for (int32_t t = 0; t < 6; t++)
            {
                s += filter[t * 7 + c];
            }
            KILN_CHECK_EQ(sums[1 + c], (with_bias ? bias[c] : 0) + 17 * s);
        }
    }
    KILN_CHECK_EQ(arm_depthwise_convolve_weight_sum(NULL, NULL, filter, &p, &in, &f, &out, 17, NULL),
                  ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_depthwise_convolve_weight_sum(sums, NULL, NULL, &p, &in, &f, &out, 17, NULL),
                  ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_depthwise_convolve_weight_sum(sums, NULL, filter, &p, &in, NULL, &out, 17, NULL),
                  ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_depthwise_convolve_weight_sum(sums, NULL, filter, &p, &in, &f, NULL, 17, NULL),
                  ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_depthwise_convolve_weight_sum(sums, NULL, filter, &p, &in, &f, &out, 1000, NULL),
                  ARM_CMSIS_NN_ARG_ERROR);
}

int main(void)
{
    KILN_RUN(test_vectors);
    KILN_RUN(test_vector_queries);
    KILN_RUN(test_plan_routes);
    KILN_RUN(test_route_canaries);
    KILN_RUN(test_forced_routes);
    KILN_RUN(test_bad_inputs);
    KILN_RUN(test_direct_entry_limits);
    KILN_RUN(test_bad_queries);
    KILN_RUN(test_weight_sum);
    return kiln_test_finish();
}
