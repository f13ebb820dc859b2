/*
 * kiln-plan's core (tools/planner) against the library: for a layer taking every route of every
 * family, on every backend, the planner's route and bytes must equal the public size queries; on
 * the build's own backend the public entry must succeed with a context of exactly that size
 * (canaries intact) and refuse one byte less. Malformed descriptions must be refused with a message.
 */
#include <stdio.h>
#include <string.h>

#include "Include/Internal/kiln_conv_flt.h"
#include "Include/Internal/kiln_conv_s8.h"
#include "Include/Internal/kiln_dw_flt.h"
#include "Include/Internal/kiln_dw_s8.h"
#include "Include/Internal/kiln_flt_ops.h"
#include "Include/arm_nnfunctions.h"
#include "kiln_planlib.h"
#include "kiln_test.h"

typedef struct
{
    const char *desc;
    const char *route[3]; /* expected on c, dsp, mve */
} planner_case;

static const planner_case cases[] = {
    /* convolution: every route */
    {"conv in=1x5x6x8 filter=12x1x1x8 out=1x5x6x12", {"1x1_fast", "1x1_fast", "1x1_fast"}},
    {"conv in=1x6x6x8 filter=12x1x1x8 out=1x3x3x12 stride=2x2", {"1x1", "1x1", "1x1"}},
    {"conv in=1x4x9x5 filter=7x1x3x5 out=1x4x9x7 pad=0x1", {"1xN", "1xN", "1xN"}},
    {"conv in=1x4x9x5 filter=7x1x3x5 out=1x4x7x7", {"1xN", "1xN", "1xN"}},
    {"conv in=1x49x10x1 filter=16x10x4x1 out=1x25x5x16 stride=2x2 pad=4x1",
     {"im2col_gemm", "im2col_gemm", "im2col_gemm"}},
    {"conv in=2x9x9x3 filter=8x3x3x3 out=2x5x5x8 stride=2x2 pad=1x1", {"im2col_gemm", "im2col_gemm", "im2col_gemm"}},
    {"conv in=1x9x9x8 filter=8x3x3x4 out=1x5x5x8 stride=2x2 dilation=2x2 pad=2x2",
     {"im2col_gemm", "im2col_gemm", "im2col_gemm"}},
    /* depthwise: every route */
    {"dw in=1x7x5x20 filter=3x3 out=1x7x5x20 pad=1x1", {"3x3", "3x3", "3x3"}},
    {"dw in=1x7x5x20 filter=5x5 out=1x4x3x20 stride=2x2 pad=2x2", {"opt", "opt", "opt"}},
    {"dw in=1x6x6x1 filter=3x3 out=1x6x6x3 pad=1x1", {"ic1", "ic1", "ic1"}},
    {"dw in=1x6x6x4 filter=3x3 out=1x4x4x8 mult=2", {"generic", "generic", "generic"}},
    /* pooling */
    {"avgpool in=1x25x5x24 filter=25x5 out=1x1x1x24", {"avg_s8_c", "avg_s8_dsp_acc16", "avg_s8_mve_acc16"}},
    {"avgpool in=1x20x20x5 filter=20x20 out=1x1x1x5", {"avg_s8_c", "avg_s8_dsp_acc32", "avg_s8_mve_acc32"}},
    {"maxpool in=1x8x8x6 filter=2x2 out=1x4x4x6 stride=2x2", {"max_s8_c", "max_s8_dsp", "max_s8_mve"}},
    /* fully connected */
    {"fc cols=64 rows=12", {"direct", "direct", "mve_ksum_cache"}},
    {"fc cols=33 rows=7 batches=3", {"direct", "direct", "mve_ksum_cache"}},
    {"softmax cols=12", {"(no plan)", "(no plan)", "(no plan)"}},
};
#define N_CASES ((int)(sizeof(cases) / sizeof(cases[0])))

static const kiln_isa isas[3] = {KILN_ISA_C, KILN_ISA_DSP, KILN_ISA_MVE};

static bool parse(const char *desc, kp_layer *l)
{
    char buf[256];
    snprintf(buf, sizeof(buf), "%s", desc);
    const char *w[32];
    const int n = kp_split(buf, w, 32);
    char err[300];
    const bool ok = n > 0 && kp_parse(n, w, l, err, sizeof(err));
    if (!ok)
    {
        kiln_test_context("%s: %s", desc, err);
    }
    return ok;
}

/* The public size query of the layer's family for a backend; -2 when the API has none. */
static int64_t public_query(const kp_layer *l, kiln_isa isa)
{
    const bool native = isa == KILN_NATIVE_ISA;
    switch (l->op)
    {
    case KP_CONV:
    {
        cmsis_nn_conv_params cp;
        memset(&cp, 0, sizeof(cp));
        cp.stride = l->stride;
        cp.padding = l->pad;
        cp.dilation = l->dilation;
        cp.activation = (cmsis_nn_activation){-128, 127};
        if (native)
        {
            return arm_convolve_wrapper_s8_get_buffer_size(&cp, &l->in, &l->filter, &l->out);
        }
        if (isa == KILN_ISA_DSP)
        {
            return arm_convolve_wrapper_s8_get_buffer_size_dsp(&cp, &l->in, &l->filter, &l->out);
        }
        if (isa == KILN_ISA_MVE)
        {
            return arm_convolve_wrapper_s8_get_buffer_size_mve(&cp, &l->in, &l->filter, &l->out);
        }
        return -2;
    }
    case KP_DW:
    {
        cmsis_nn_dw_conv_params dp;
        memset(&dp, 0, sizeof(dp));
        dp.ch_mult = l->ch_mult;
        dp.stride = l->stride;
        dp.padding = l->pad;
        dp.dilation = l->dilation;
        dp.activation = (cmsis_nn_activation){-128, 127};
        if (native)
        {
            return arm_depthwise_conv_wrapper_s8_get_buffer_size(&dp, &l->in, &l->filter, &l->out);
        }
        if (isa == KILN_ISA_DSP)
        {
            return arm_depthwise_conv_wrapper_s8_get_buffer_size_dsp(&dp, &l->in, &l->filter, &l->out);
        }
        if (isa == KILN_ISA_MVE)
        {
            return arm_depthwise_conv_wrapper_s8_get_buffer_size_mve(&dp, &l->in, &l->filter, &l->out);
        }
        return -2;
    }
    case KP_AVGPOOL:
        if (native)
        {
            return arm_avgpool_s8_get_buffer_size(l->out.w, l->in.c);
        }
        if (isa == KILN_ISA_DSP)
        {
            return arm_avgpool_s8_get_buffer_size_dsp(l->out.w, l->in.c);
        }
        if (isa == KILN_ISA_MVE)
        {
            return arm_avgpool_s8_get_buffer_size_mve(l->out.w, l->in.c);
        }
        return -2;
    case KP_FC:
    {
        const cmsis_nn_dims f = {l->cols, 1, 1, l->rows};
        if (native)
        {
            return arm_fully_connected_s8_get_buffer_size(&f);
        }
        if (isa == KILN_ISA_DSP)
        {
            return arm_fully_connected_s8_get_buffer_size_dsp(&f);
        }
        if (isa == KILN_ISA_MVE)
        {
            return arm_fully_connected_s8_get_buffer_size_mve(&f);
        }
        return -2;
    }
    default:
        return -2;
    }
}

/* ---- running the public entry on the native backend with a context of exactly the plan's size --- */

#define GUARD 32
#define BUF   8192
static int8_t in_buf[BUF], filt_buf[BUF], out_buf[BUF];
static int32_t bias_buf[64], mult_buf[64], shift_buf[64];
static int8_t ctx_mem[BUF + 2 * GUARD] __attribute__((aligned(16)));

static arm_cmsis_nn_status run_native(const kp_layer *l, int32_t ctx_bytes)
{
    /* The context buffer starts 16-byte aligned after the guard; its stated size is ctx_bytes. */
    cmsis_nn_context ctx = {ctx_bytes > 0 ? ctx_mem + GUARD : NULL, ctx_bytes};
    switch (l->op)
    {
    case KP_CONV:
    {
        cmsis_nn_conv_params cp;
        memset(&cp, 0, sizeof(cp));
        cp.stride = l->stride;
        cp.padding = l->pad;
        cp.dilation = l->dilation;
        cp.input_offset = 3;
        cp.output_offset = -2;
        cp.activation = (cmsis_nn_activation){-128, 127};
        cmsis_nn_per_channel_quant_params q = {mult_buf, shift_buf};
#if KILN_UPSTREAM_API
        return arm_convolve_wrapper_s8(&ctx, &cp, &q, &l->in, in_buf, &l->filter, filt_buf, &l->out, bias_buf, &l->out,
                                       out_buf);
#else
        return arm_convolve_wrapper_s8(&ctx, NULL, &cp, &q, &l->in, in_buf, &l->filter, filt_buf, &l->out, bias_buf,
                                       &l->out, out_buf);
#endif
    }
    case KP_DW:
    {
        cmsis_nn_dw_conv_params dp;
        memset(&dp, 0, sizeof(dp));
        dp.ch_mult = l->ch_mult;
        dp.stride = l->stride;
        dp.padding = l->pad;
        dp.dilation = l->dilation;
        dp.input_offset = 3;
        dp.output_offset = -2;
        dp.activation = (cmsis_nn_activation){-128, 127};
        cmsis_nn_per_channel_quant_params q = {mult_buf, shift_buf};
#if KILN_UPSTREAM_API
        return arm_depthwise_conv_wrapper_s8(&ctx, &dp, &q, &l->in, in_buf, &l->filter, filt_buf, &l->out, bias_buf,
                                             &l->out, out_buf);
#else
        return arm_depthwise_conv_wrapper_s8(&ctx, NULL, &dp, &q, &l->in, in_buf, &l->filter, filt_buf, &l->out,
                                             bias_buf, &l->out, out_buf);
#endif
    }
    case KP_AVGPOOL:
    case KP_MAXPOOL:
    {
        cmsis_nn_pool_params pp;
        pp.stride = l->stride;
        pp.padding = l->pad;
        pp.activation = (cmsis_nn_activation){-128, 127};
        return l->op == KP_AVGPOOL ? arm_avgpool_s8(&ctx, &pp, &l->in, in_buf, &l->filter, &l->out, out_buf)
                                   : arm_max_pool_s8(&ctx, &pp, &l->in, in_buf, &l->filter, &l->out, out_buf);
    }
    case KP_FC:
    {
        cmsis_nn_fc_params fp;
        memset(&fp, 0, sizeof(fp));
        fp.input_offset = 3;
        fp.output_offset = -2;
        fp.activation = (cmsis_nn_activation){-128, 127};
        cmsis_nn_per_tensor_quant_params q = {1 << 30, -6};
        const cmsis_nn_dims in = {l->batches, 1, 1, l->cols};
        const cmsis_nn_dims f = {l->cols, 1, 1, l->rows};
        const cmsis_nn_dims o = {l->batches, 1, 1, l->rows};
        return arm_fully_connected_s8(&ctx, &fp, &q, &in, in_buf, &f, filt_buf, &o, bias_buf, &o, out_buf);
    }
    default:
        arm_softmax_s8(in_buf, l->rows, l->cols, 1 << 30, 20, -64, out_buf);
        return ARM_CMSIS_NN_SUCCESS;
    }
}

static void test_routes_and_sizes(void)
{
    int seen_conv[4] = {0}, seen_dw[4] = {0};
    for (int c = 0; c < N_CASES; c++)
    {
        kp_layer l;
        if (!KILN_CHECK(parse(cases[c].desc, &l)))
        {
            continue;
        }
        for (int k = 0; k < 3; k++)
        {
            kiln_test_context("%s on %s", cases[c].desc, kiln_isa_name(isas[k]));
            kp_result r;
            char err[300];
            if (!KILN_CHECK(kp_plan(&l, isas[k], &r, err, sizeof(err))))
            {
                continue;
            }
            KILN_CHECK(strcmp(r.route, cases[c].route[k]) == 0);
            const int64_t q = public_query(&l, isas[k]);
            if (q != -2)
            {
                /* fully connected states its context as kernel sums; the query covers both */
                const int64_t want = l.op == KP_FC ? r.scratch_bytes + r.weight_sum_bytes : r.scratch_bytes;
                KILN_CHECK_EQ(q, want);
            }
#if !KILN_UPSTREAM_API
            if (l.op == KP_CONV && isas[k] == KILN_NATIVE_ISA)
            {
                KILN_CHECK_EQ(arm_convolve_s8_get_weights_sum_size(&l.out), r.weight_sum_bytes);
            }
#endif
            /* every rejected route is earlier in the dispatch order and named */
            for (int32_t i = 0; i < r.n_rejected; i++)
            {
                KILN_CHECK(r.rejected[i] != NULL && strcmp(r.rejected[i], r.route) != 0);
                KILN_CHECK(r.rejected_why[i] != NULL && strlen(r.rejected_why[i]) > 4);
            }
            for (int i = 0; i < 4; i++)
            {
                seen_conv[i] += l.op == KP_CONV && strcmp(r.route, kiln_conv_s8_route_name((kiln_conv_s8_route)i)) == 0;
                seen_dw[i] += l.op == KP_DW && strcmp(r.route, kiln_dw_s8_route_name((kiln_dw_s8_route)i)) == 0;
            }
        }
    }
    /* the table covers every route of the two route tables */
    for (int i = 0; i < 4; i++)
    {
        kiln_test_context("coverage of conv route %s / dw route %s", kiln_conv_s8_route_name((kiln_conv_s8_route)i),
                          kiln_dw_s8_route_name((kiln_dw_s8_route)i));
        KILN_CHECK(seen_conv[i] > 0);
        KILN_CHECK(seen_dw[i] > 0);
    }
}

/* On this build's backend the entry runs with exactly the planned context, and refuses less. */
static void test_native_context(void)
{
    kiln_rng rng;
    kiln_rng_seed(&rng, 6);
    kiln_rng_fill_s8(&rng, in_buf, BUF);
    kiln_rng_fill_s8(&rng, filt_buf, BUF);
    for (int i = 0; i < 64; i++)
    {
        bias_buf[i] = kiln_rng_range(&rng, -1000, 1000);
        mult_buf[i] = (1 << 30) + kiln_rng_range(&rng, 0, 1 << 20);
        shift_buf[i] = kiln_rng_range(&rng, -9, -5);
    }
    for (int c = 0; c < N_CASES; c++)
    {
        kp_layer l;
        kp_result r;
        char err[300];
        if (!parse(cases[c].desc, &l) || !kp_plan(&l, KILN_NATIVE_ISA, &r, err, sizeof(err)))
        {
            KILN_CHECK(false);
            continue;
        }
        kiln_test_context("%s natively (%s)", cases[c].desc, kiln_isa_name(KILN_NATIVE_ISA));
        /* fully connected keeps its kernel sums in ctx; the others use ctx for scratch only */
        const int64_t need = l.op == KP_FC ? r.scratch_bytes + r.weight_sum_bytes : r.scratch_bytes;
        if (!KILN_CHECK(need <= BUF))
        {
            continue;
        }
        memset(ctx_mem, 0x5A, sizeof(ctx_mem));
        KILN_CHECK_EQ(run_native(&l, (int32_t)need), ARM_CMSIS_NN_SUCCESS);
        bool intact = true;
        for (int i = 0; i < GUARD; i++)
        {
            intact = intact && ctx_mem[i] == 0x5A && ctx_mem[GUARD + need + i] == 0x5A;
        }
        KILN_CHECK(intact);
        if (need > 0)
        {
            KILN_CHECK_EQ(run_native(&l, (int32_t)(need - 1)), ARM_CMSIS_NN_ARG_ERROR);
        }
    }
}

/* Malformed descriptions: refused, with a message naming the problem. */
static void test_malformed(void)
{
    static const struct
    {
        const char *desc;
        const char *says; /* a word the message must contain */
    } bad[] = {
        {"convolve in=1x2x2x2", "unknown operator"},
        {"conv in=1x8x8 filter=3x3 out=1x6x6x4", "NxHxWxC"},
        {"conv in=1x8x8x4 filter=3x3", "missing out="},
        {"conv in=1x8x8x4 filter=3x3 out=1x6x6x4 stride=0x1", ">= 1"},
        {"conv in=1x8x8x4 filter=3x3 out=1x6x6x4 pad=-1x0", "HxW"},
        {"conv in=1x8x8x4 filter=3x3 out=1x6x6x4 strides=1x1", "unknown key"},
        {"conv in=1x8x8x4 in=1x8x8x4 filter=3x3 out=1x6x6x4", "twice"},
        {"dw in=1x8x8x4 filter=3x3 out=1x6x6x4 dtype=f64", "dtype"},
        {"dw in=1x8x8x4 filter=3x3 out=1x6x6x4 ctx=64", "float"},
        {"dw in=1x8x8x4 filter=3x3 out=1x6x6x4 dtype=f32 format=packed", "unknown key"},
        {"fc cols=4 rows=3 format=packed", "float"},
        {"fc cols=4 rows=3 dtype=f16 format=rowmajor", "standard or packed"},
        {"softmax cols=4 dtype=f32 ctx=16", "unknown key"},
        {"dw in=1x8x8x4 filter=3x3 out=1x6x6x4 dtype=f32 ctx=-1", "a number"},
        {"maxpool in=1x8x8x4 filter=2x2 out=1x4x4x4 dtype=float", "dtype"},
        {"conv in=1x8x8x4 filter=3x3 out=1x6x6x4 ctx=64", "float"},
        {"conv in=1x8x8x4 filter=3x3 out=1x6x6x4 dtype=f32 format=nchw", "standard or packed"},
        {"conv in=1x8x8x0 filter=3x3 out=1x6x6x4", ">= 1"},
        {"conv in=1x8x8x4 filter=3x3 out=1x6x6x99999999999", "below 2^31"},
        {"fc rows=4", "missing cols="},
        {"fc cols=4 rows=3 mult=2", "unknown key"},
        {"dw in=1x8x8x4 filter=3x3 out=1x6x6x4 mult=0", "multiplier"},
        {"softmax", "missing cols="},
        {"pool in=1x8x8x4", "unknown operator"},
        {"conv in1x8x8x4", "key=value"},
    };
    for (int i = 0; i < (int)(sizeof(bad) / sizeof(bad[0])); i++)
    {
        char buf[256];
        snprintf(buf, sizeof(buf), "%s", bad[i].desc);
        const char *w[32];
        const int n = kp_split(buf, w, 32);
        kp_layer l;
        char err[300] = "";
        kiln_test_context("%s -> '%s'", bad[i].desc, err);
        KILN_CHECK(!kp_parse(n, w, &l, err, sizeof(err)));
        kiln_test_context("%s -> '%s'", bad[i].desc, err);
        KILN_CHECK(strstr(err, bad[i].says) != NULL);
    }
    /* Parsed, but geometry the family plans refuse: an error on every backend, never a plan. */
    static const char *const inconsistent[] = {
        "conv in=1x16x16x3 filter=3x3 out=1x9x8x16 stride=2x2", /* output height */
        "conv in=1x8x8x6 filter=8x3x3x4 out=1x6x6x8",           /* filter c does not divide in c */
        "dw in=1x8x8x4 filter=3x3 out=1x6x6x6",                 /* out c != in c * mult */
        "avgpool in=1x8x8x4 filter=2x2 out=1x4x4x5 stride=2x2", /* channels differ */
        "dw in=2x8x8x4 filter=3x3 out=1x6x6x4",                 /* batches differ */
#if ARM_NN_ENABLE_F32 && ARM_NN_ENABLE_F16
        "dw in=1x8x8x4 filter=3x3 out=1x6x6x6 dtype=f32",             /* out c != in c * mult */
        "dw in=2x8x8x4 filter=3x3 out=1x6x6x4 dtype=f16",             /* batches differ */
        "avgpool in=1x8x8x4 filter=2x2 out=1x4x4x5 dtype=f16",        /* channels differ */
        "maxpool in=2x8x8x4 filter=2x2 out=1x4x4x4 stride=2x2 dtype=f32", /* batches differ */
#endif
    };
    for (int i = 0; i < (int)(sizeof(inconsistent) / sizeof(inconsistent[0])); i++)
    {
        kp_layer l;
        kiln_test_context("%s", inconsistent[i]);
        if (!KILN_CHECK(parse(inconsistent[i], &l)))
        {
            continue;
        }
        for (int k = 0; k < 3; k++)
        {
            kp_result r;
            char err[300] = "";
            KILN_CHECK(!kp_plan(&l, isas[k], &r, err, sizeof(err)));
            KILN_CHECK(strstr(err, "rejects") != NULL);
        }
    }
}

/* Float convolution: the planner's scratch equals the float size query of this build (the plan
 * is answered for the build's float backend); without the float API the planner says so. */
static void test_float_conv(void)
{
    static const char *const descs[] = {
        "conv in=1x8x8x4 filter=4x1x1x4 out=1x8x8x4 dtype=f32",
        "conv in=1x1x16x8 filter=8x1x3x8 out=1x1x14x8 dtype=f32",
        "conv in=1x9x9x3 filter=8x3x3x3 out=1x5x5x8 stride=2x2 pad=1x1 dtype=f32",
        "conv in=1x12x12x16 filter=16x3x3x16 out=1x12x12x16 pad=1x1 dtype=f32",
    };
    for (int i = 0; i < (int)(sizeof(descs) / sizeof(descs[0])); i++)
    {
        kp_layer l;
        kiln_test_context("%s", descs[i]);
        if (!KILN_CHECK(parse(descs[i], &l)))
        {
            continue;
        }
        kp_result r;
        char err[300] = "";
#if ARM_NN_ENABLE_F32
        if (KILN_CHECK(kp_plan(&l, KILN_FLT_NATIVE_ISA, &r, err, sizeof(err))))
        {
            cmsis_nn_conv_params_f32 cp;
            memset(&cp, 0, sizeof(cp));
            cp.stride = l.stride;
            cp.padding = l.pad;
            cp.dilation = l.dilation;
            KILN_CHECK_EQ(arm_convolve_wrapper_f32_get_buffer_size(&cp, &l.in, &l.filter, &l.out), r.scratch_bytes);
        }
#else
        KILN_CHECK(!kp_plan(&l, KILN_NATIVE_ISA, &r, err, sizeof(err)));
        KILN_CHECK(strstr(err, "float API") != NULL);
#endif
    }
}

/* Float convolution: the rejected routes are exactly the dispatch-order routes before the one taken, with the
 * condition that failed (the public route predicates), for each backend and ctx offered. */
static void test_float_conv_why(void)
{
#if ARM_NN_FLOAT_API_ENABLED
    static const struct
    {
        const char *desc;
        kiln_isa isa;
        const char *route;
        const char *rejected;   /* route names, space separated */
        const char *why_substr; /* a condition text of the last rejected route ("" if none) */
    } t[] = {
        {"conv in=1x8x8x4 filter=4x1x1x4 out=1x8x8x4", KILN_ISA_C, "1x1", "", ""},
        {"conv in=1x1x20x16 filter=8x1x5x16 out=1x1x16x8", KILN_ISA_C, "conv1d_k5", "1x1 1xN", "conv1d k5 claims"},
        {"conv in=1x1x20x16 filter=8x1x3x16 out=1x1x18x8", KILN_ISA_MVE, "conv1d_k3", "1x1 1xN conv1d_k5",
         "1x5 filter"},
        {"conv in=1x1x20x16 filter=8x1x4x16 out=1x1x17x8 ctx=10000", KILN_ISA_C, "1xN", "1x1", "1x1 filter"},
        {"conv in=1x1x20x16 filter=8x1x4x16 out=1x1x17x8 ctx=0", KILN_ISA_DSP, "direct",
         "1x1 1xN conv1d_k5 conv1d_k3 small_c patch_gemm", "needs ctx >= "},
        {"conv in=1x10x10x16 filter=32x3x3x16 out=1x10x10x32 pad=1x1 ctx=100000", KILN_ISA_C, "patch_gemm",
         "1x1 1xN conv1d_k5 conv1d_k3 small_c", "MVE float builds only"},
        {"conv in=1x10x10x2 filter=4x3x3x2 out=1x10x10x4 pad=1x1 ctx=0", KILN_ISA_C, "direct",
         "1x1 1xN conv1d_k5 conv1d_k3 small_c patch_gemm", "output channels"},
    };
    static const char *const dtypes[] = {"f32", "f16"};
    for (int d = 0; d < 2; d++)
    {
        if ((d == 0 && !ARM_NN_ENABLE_F32) || (d == 1 && !ARM_NN_ENABLE_F16))
        {
            continue;
        }
        for (int i = 0; i < (int)(sizeof(t) / sizeof(t[0])); i++)
        {
            char desc[200];
            snprintf(desc, sizeof(desc), "%s dtype=%s", t[i].desc, dtypes[d]);
            kiln_test_context("%s (%s)", desc, kiln_isa_name(t[i].isa));
            kp_layer l;
            kp_result r;
            char err[300] = "";
            if (!KILN_CHECK(parse(desc, &l)) || !KILN_CHECK(kp_plan(&l, t[i].isa, &r, err, sizeof(err))))
            {
                continue;
            }
            KILN_CHECK(strcmp(r.route, t[i].route) == 0);
            char got[200] = "";
            for (int k = 0; k < r.n_rejected; k++)
            {
                strncat(got, k > 0 ? " " : "", sizeof(got) - strlen(got) - 1);
                strncat(got, r.rejected[k], sizeof(got) - strlen(got) - 1);
            }
            KILN_CHECK(strcmp(got, t[i].rejected) == 0);
            if (t[i].why_substr[0] != '\0' && KILN_CHECK(r.n_rejected > 0))
            {
                KILN_CHECK(strstr(r.rejected_why[r.n_rejected - 1], t[i].why_substr) != NULL);
            }
        }
    }
#endif
}

/*
 * Float depthwise, fully connected, pooling and softmax (dtype=f32 / f16): for every float depthwise route and
 * every backend the planner's route and scratch equal kiln_dw_f32_plan() / kiln_dw_f16_plan() with that
 * backend and the offered ctx; with no ctx= on the build's float backend they equal the public size query, and
 * the public entry runs with a context of exactly that size (canaries intact). The rejected routes are the
 * plan's route table before the route taken, in order.
 */
typedef struct
{
    const char *desc;
    const char *route[3]; /* expected on c, dsp, mve */
    int64_t scratch[3];
} planner_flt_case;

static const planner_flt_case flt_cases[] = {
    /* k3 */
    {"dw in=1x1x16x8 filter=1x3 out=1x1x14x8 dtype=f32", {"k3", "k3", "k3"}, {0, 0, 0}},
    {"dw in=1x1x16x8 filter=1x3 out=1x1x14x8 dtype=f16", {"k3", "k3", "k3"}, {0, 0, 0}},
    /* 2x5: float16 only; float32 takes nt_t (2 x 5 x 8 floats of ctx) */
    {"dw in=2x2x9x4 filter=2x5 out=2x1x5x8 mult=2 dtype=f16", {"2x5", "2x5", "2x5"}, {0, 0, 0}},
    {"dw in=2x2x9x4 filter=2x5 out=2x1x5x8 mult=2 dtype=f32", {"nt_t", "nt_t", "nt_t"}, {320, 320, 320}},
    /* 3x3 */
    {"dw in=1x7x5x20 filter=3x3 out=1x7x5x20 pad=1x1 dtype=f32", {"3x3", "3x3", "3x3"}, {0, 0, 0}},
    {"dw in=1x9x9x6 filter=3x3 out=1x4x4x6 stride=2x2 dtype=f16", {"3x3", "3x3", "3x3"}, {0, 0, 0}},
    /* cin1 (MVE): float16 floor (16 + 1) x 9 x 2 = 306, float32 floor 16 x 9 x 4 + 9 x 4 = 612; elsewhere nt_t
     * (one 9 x 16 patch row: 288 / 576 bytes) */
    {"dw in=1x8x8x1 filter=3x3 out=1x6x6x16 mult=16 dtype=f16 ctx=306", {"nt_t", "nt_t", "cin1"}, {288, 288, 306}},
    {"dw in=1x8x8x1 filter=3x3 out=1x6x6x16 mult=16 dtype=f16 ctx=305", {"nt_t", "nt_t", "nt_t"}, {288, 288, 288}},
    {"dw in=1x8x8x1 filter=3x3 out=1x6x6x16 mult=16 dtype=f32 ctx=612", {"nt_t", "nt_t", "cin1"}, {576, 576, 612}},
    {"dw in=1x8x8x1 filter=3x3 out=1x6x6x16 mult=16 dtype=f32 ctx=611", {"nt_t", "nt_t", "nt_t"}, {576, 576, 576}},
    /* the query's answer: float32 cin1 takes a second patch row when offered one */
    {"dw in=1x8x8x1 filter=3x3 out=1x6x6x16 mult=16 dtype=f32", {"nt_t", "nt_t", "cin1"}, {576, 576, 648}},
    {"dw in=1x8x8x1 filter=3x3 out=1x6x6x16 mult=16 dtype=f16", {"nt_t", "nt_t", "cin1"}, {288, 288, 306}},
    /* nt_t at its floor (5 x 5 x 8 elements), generic one byte below and with no ctx */
    {"dw in=1x8x8x4 filter=5x5 out=1x4x4x8 mult=2 dtype=f32", {"nt_t", "nt_t", "nt_t"}, {800, 800, 800}},
    {"dw in=1x8x8x4 filter=5x5 out=1x4x4x8 mult=2 dtype=f32 ctx=800", {"nt_t", "nt_t", "nt_t"}, {800, 800, 800}},
    {"dw in=1x8x8x4 filter=5x5 out=1x4x4x8 mult=2 dtype=f32 ctx=799", {"generic", "generic", "generic"}, {0, 0, 0}},
    {"dw in=1x8x8x4 filter=5x5 out=1x4x4x8 mult=2 dtype=f16 ctx=400", {"nt_t", "nt_t", "nt_t"}, {400, 400, 400}},
    {"dw in=1x8x8x4 filter=5x5 out=1x4x4x8 mult=2 dtype=f16 ctx=0", {"generic", "generic", "generic"}, {0, 0, 0}},
    {"dw in=1x9x9x3 filter=3x3 out=1x5x5x3 dilation=2x2 dtype=f16 ctx=53", {"generic", "generic", "generic"}, {0, 0, 0}},
    /* fully connected, pooling, softmax: one route, no scratch */
    {"fc cols=64 rows=12 dtype=f32", {"rows", "rows", "rows"}, {0, 0, 0}},
    {"fc cols=33 rows=7 batches=3 dtype=f16 format=packed", {"packed", "packed", "packed"}, {0, 0, 0}},
    {"avgpool in=1x25x5x64 filter=25x5 out=1x1x1x64 dtype=f32", {"avg_f32", "avg_f32", "avg_f32"}, {0, 0, 0}},
    {"maxpool in=1x8x8x6 filter=2x2 out=1x4x4x6 stride=2x2 dtype=f16", {"max_f16", "max_f16", "max_f16"}, {0, 0, 0}},
    {"softmax cols=12 rows=2 dtype=f32", {"(no plan)", "(no plan)", "(no plan)"}, {0, 0, 0}},
};
#define N_FLT_CASES ((int)(sizeof(flt_cases) / sizeof(flt_cases[0])))

#if ARM_NN_ENABLE_F32 && ARM_NN_ENABLE_F16 && !defined(NN_DISABLE_SPECIALIZATION)
#define FLT_GUARD 32
static float32_t flt_in[1024], flt_w[1024], flt_out[1024];
static float16_t h_in[1024], h_w[1024], h_out[1024];
static int8_t flt_ctx[2048 + 2 * FLT_GUARD] __attribute__((aligned(16)));

/* The float depthwise plan of a parsed layer, as kiln-plan calls it. */
static arm_cmsis_nn_status flt_dw_plan(const kp_layer *l, kiln_isa isa, int64_t stated, kiln_dw_flt_plan_t *p,
                                       cmsis_nn_dw_conv_params_f32 *p32, cmsis_nn_dw_conv_params_f16 *p16)
{
    memset(p32, 0, sizeof(*p32));
    memset(p16, 0, sizeof(*p16));
    p32->ch_mult = p16->ch_mult = l->ch_mult;
    p32->stride = p16->stride = l->stride;
    p32->padding = p16->padding = l->pad;
    p32->dilation = p16->dilation = l->dilation;
    p32->activation.min = -1.0e30f;
    p32->activation.max = 1.0e30f;
    p16->activation.min = (float16_t)-60000.0f;
    p16->activation.max = (float16_t)60000.0f;
    return l->dtype == 1 ? kiln_dw_f32_plan(p32, (int32_t)ARM_NN_LAYOUT_NHWC, &l->in, &l->filter, &l->out, isa, stated, p)
                         : kiln_dw_f16_plan(p16, (int32_t)ARM_NN_LAYOUT_NHWC, &l->in, &l->filter, &l->out, isa, stated,
                                            p);
}

/* The public entry with a context of exactly `need` bytes between canaries. */
static void flt_dw_run_native(const kp_layer *l, const cmsis_nn_dw_conv_params_f32 *p32,
                              const cmsis_nn_dw_conv_params_f16 *p16, int64_t need)
{
    if (!KILN_CHECK(need <= 2048 && kp_input_elems(l) <= 1024 && kp_output_elems(l) <= 1024 &&
                    (int64_t)l->filter.h * l->filter.w * l->filter.c <= 1024))
    {
        return;
    }
    memset(flt_ctx, 0x5A, sizeof(flt_ctx));
    const cmsis_nn_context ctx = {need > 0 ? flt_ctx + FLT_GUARD : NULL, (int32_t)need};
    const cmsis_nn_dims bias = {1, 1, 1, l->out.c};
    arm_cmsis_nn_status st;
    if (l->dtype == 1)
    {
        st = arm_depthwise_conv_f32(&ctx, p32, &l->in, flt_in, &l->filter, flt_w, &bias, NULL, &l->out, flt_out,
                                    ARM_NN_LAYOUT_NHWC);
    }
    else
    {
        st = arm_depthwise_conv_f16(&ctx, p16, &l->in, h_in, &l->filter, h_w, &bias, NULL, &l->out, h_out,
                                    ARM_NN_LAYOUT_NHWC);
    }
    KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
    bool intact = true;
    for (int i = 0; i < FLT_GUARD; i++)
    {
        intact = intact && flt_ctx[i] == 0x5A && flt_ctx[FLT_GUARD + need + i] == 0x5A;
    }
    KILN_CHECK(intact);
}
#endif

static void test_float_ops(void)
{
#if ARM_NN_ENABLE_F32 && ARM_NN_ENABLE_F16 && !defined(NN_DISABLE_SPECIALIZATION)
    for (int i = 0; i < 1024; i++)
    {
        flt_in[i] = (float32_t)((i * 7) % 13 - 6) * 0.125f;
        flt_w[i] = (float32_t)((i * 5) % 11 - 5) * 0.0625f;
        h_in[i] = (float16_t)flt_in[i];
        h_w[i] = (float16_t)flt_w[i];
    }
    int seen[KILN_DW_FLT_ROUTE_COUNT][2] = {{0}};
    for (int c = 0; c < N_FLT_CASES; c++)
    {
        kp_layer l;
        if (!KILN_CHECK(parse(flt_cases[c].desc, &l)))
        {
            continue;
        }
        for (int k = 0; k < 3; k++)
        {
            kiln_test_context("%s on %s", flt_cases[c].desc, kiln_isa_name(isas[k]));
            kp_result r;
            char err[300] = "";
            if (!KILN_CHECK(kp_plan(&l, isas[k], &r, err, sizeof(err))))
            {
                continue;
            }
            KILN_CHECK(strcmp(r.route, flt_cases[c].route[k]) == 0);
            KILN_CHECK_EQ(r.scratch_bytes, flt_cases[c].scratch[k]);
            KILN_CHECK_EQ(r.weight_sum_bytes, 0);
            if (l.op != KP_DW)
            {
                KILN_CHECK_EQ(r.n_rejected, 0);
                if (l.op == KP_FC)
                {
                    /* the public query: no scratch on any route */
                    const cmsis_nn_dims in = {l.batches, 1, 1, l.cols};
                    const cmsis_nn_dims flt = {l.cols, 1, 1, l.rows};
                    const cmsis_nn_dims out = {l.batches, 1, 1, l.rows};
                    cmsis_nn_fc_params_f32 f32p;
                    cmsis_nn_fc_params_f16 f16p;
                    memset(&f32p, 0, sizeof(f32p));
                    memset(&f16p, 0, sizeof(f16p));
                    f32p.weight_format = f16p.weight_format = (arm_nn_weight_format_flt)l.weight_format;
                    const int32_t q =
                        l.dtype == 1
                            ? arm_fully_connected_f32_get_buffer_size(&f32p, &in, &flt, &out, ARM_NN_LAYOUT_NHWC)
                            : arm_fully_connected_f16_get_buffer_size(&f16p, &in, &flt, &out, ARM_NN_LAYOUT_NHWC);
                    KILN_CHECK_EQ(q, r.scratch_bytes);
                }
                continue;
            }
            /* the plan itself, for this backend and the offered ctx */
            const int64_t stated = l.ctx_bytes < 0 ? INT64_MAX : l.ctx_bytes;
            kiln_dw_flt_plan_t p;
            cmsis_nn_dw_conv_params_f32 p32;
            cmsis_nn_dw_conv_params_f16 p16;
            if (!KILN_CHECK_EQ(flt_dw_plan(&l, isas[k], stated, &p, &p32, &p16), ARM_CMSIS_NN_SUCCESS))
            {
                continue;
            }
            KILN_CHECK(!p.empty);
            KILN_CHECK(strcmp(r.route, p.name) == 0);
            KILN_CHECK_EQ(r.scratch_bytes, p.scratch_bytes);
            /* the rejected routes: the table's entries before the one taken, in order */
            const kiln_dw_flt_route_entry *t = kiln_dw_flt_routes();
            KILN_CHECK_EQ(r.n_rejected, (int32_t)p.route);
            for (int32_t i = 0; i < r.n_rejected && i < (int32_t)KILN_DW_FLT_ROUTE_COUNT; i++)
            {
                KILN_CHECK(strcmp(r.rejected[i], t[i].name) == 0);
                KILN_CHECK(r.rejected_why[i] != NULL && strlen(r.rejected_why[i]) > 4);
            }
            seen[p.route][l.dtype - 1]++;
            if (isas[k] == KILN_FLT_NATIVE_ISA)
            {
                if (l.ctx_bytes < 0)
                {
                    const int32_t q =
                        l.dtype == 1
                            ? arm_depthwise_conv_f32_get_buffer_size(&p32, &l.in, &l.filter, &l.out, ARM_NN_LAYOUT_NHWC)
                            : arm_depthwise_conv_f16_get_buffer_size(&p16, &l.in, &l.filter, &l.out, ARM_NN_LAYOUT_NHWC);
                    KILN_CHECK_EQ(q, r.scratch_bytes);
                }
                flt_dw_run_native(&l, &p32, &p16, r.scratch_bytes);
            }
        }
    }
    /* every float depthwise route in both dtypes (2x5: float16 only); cin1 and nt_t named with their ctx need */
    for (int i = 0; i < (int)KILN_DW_FLT_ROUTE_COUNT; i++)
    {
        kiln_test_context("coverage of float depthwise route %s", kiln_dw_flt_route_name(i));
        KILN_CHECK(seen[i][1] > 0);
        KILN_CHECK(i == (int)KILN_DW_FLT_ROUTE_2X5 || seen[i][0] > 0);
    }
    {
        kp_layer l;
        kp_result r;
        char err[300] = "";
        if (KILN_CHECK(parse("dw in=1x8x8x1 filter=3x3 out=1x6x6x16 mult=16 dtype=f16 ctx=305", &l)) &&
            KILN_CHECK(kp_plan(&l, KILN_ISA_MVE, &r, err, sizeof(err))) && KILN_CHECK(r.n_rejected == 4))
        {
            kiln_test_context("cin1 below its floor: '%s'", r.rejected_why[3]);
            KILN_CHECK(strstr(r.rejected_why[3], "306") != NULL && strstr(r.rejected_why[3], "305") != NULL);
        }
        if (KILN_CHECK(parse("dw in=1x8x8x4 filter=5x5 out=1x4x4x8 mult=2 dtype=f32 ctx=799", &l)) &&
            KILN_CHECK(kp_plan(&l, KILN_ISA_C, &r, err, sizeof(err))) && KILN_CHECK(r.n_rejected == 5))
        {
            kiln_test_context("nt_t below its floor: '%s'", r.rejected_why[4]);
            KILN_CHECK(strstr(r.rejected_why[4], "800") != NULL && strstr(r.rejected_why[4], "799") != NULL);
            KILN_CHECK(strstr(r.rejected_why[3], "MVE") != NULL);
        }
    }
#else
    /* without the float API (or one of its dtypes) the planner says so instead of planning */
    for (int c = 0; c < N_FLT_CASES; c++)
    {
        kp_layer l;
        kp_result r;
        char err[300] = "";
        kiln_test_context("%s", flt_cases[c].desc);
        if (KILN_CHECK(parse(flt_cases[c].desc, &l)) &&
            ((l.dtype == 1 && !ARM_NN_ENABLE_F32) || (l.dtype == 2 && !ARM_NN_ENABLE_F16)))
        {
            KILN_CHECK(!kp_plan(&l, KILN_ISA_C, &r, err, sizeof(err)));
            KILN_CHECK(strstr(err, "built without") != NULL);
        }
    }
#endif
}

int main(void)
{
    KILN_RUN(test_float_conv);
    KILN_RUN(test_float_conv_why);
    KILN_RUN(test_float_ops);
    KILN_RUN(test_routes_and_sizes);
    KILN_RUN(test_native_context);
    KILN_RUN(test_malformed);
    return kiln_test_finish();
}
