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
#include "Include/Internal/kiln_dw_s8.h"
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
        {"dw in=1x8x8x4 filter=3x3 out=1x6x6x4 dtype=f32", "dtype"},
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

int main(void)
{
    KILN_RUN(test_float_conv);
    KILN_RUN(test_routes_and_sizes);
    KILN_RUN(test_native_context);
    KILN_RUN(test_malformed);
    return kiln_test_finish();
}
