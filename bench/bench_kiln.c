/*
 * Kiln benchmark suite: executed instructions per call of representative layers (DS-CNN-S/L,
 * MobileNet-style convolutions, depthwise, fully connected, pooling, softmax, elementwise) through
 * the public API, on the backend this program is built for.
 *
 * Every layer is described in kiln-plan's syntax (tools/planner); the planner core gives the route
 * and scratch the layer takes on this build, the program sizes the context from it, fills weight
 * sums once as a runtime would, makes one warm-up call, then counts two calls and requires them to
 * be identical (the emulated boards count instructions deterministically), and a last call
 * measures the stack's high-water mark (kiln_stack_mark / kiln_stack_peak: the bytes of stack the
 * library used below the benchmark's own call frame).
 *
 * Arguments (optional): substrings of the layer descriptions to run, the others skipped.
 * Output: a Markdown table, then one "BENCH {json}" line per layer. Exit status 1 if any call
 * fails or a count is not reproducible.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "Include/arm_nnfunctions.h"
#include "kiln_board.h"
#include "kiln_planlib.h"

typedef struct
{
    const char *group;
    const char *desc; /* kiln-plan syntax, or "add n=<elems>" / "mul n=<elems>"; "acc16 conv ..." runs a float16
                       * convolution through arm_convolve_f16_acc16() */
} bench_case;

static const bench_case cases[] = {
    {"ds_cnn_s", "conv name=dscnn_s_conv1_10x4_s2 in=1x49x10x1 filter=64x10x4x1 out=1x25x5x64 stride=2x2 pad=4x1"},
    {"ds_cnn_s", "dw name=dscnn_s_dw3x3_c64 in=1x25x5x64 filter=3x3 out=1x25x5x64 pad=1x1"},
    {"ds_cnn_s", "conv name=dscnn_s_pw1x1_c64 in=1x25x5x64 filter=64x1x1x64 out=1x25x5x64"},
    {"ds_cnn_s", "avgpool name=dscnn_s_avgpool_25x5 in=1x25x5x64 filter=25x5 out=1x1x1x64"},
    {"ds_cnn_s", "fc name=dscnn_s_fc_64x12 cols=64 rows=12"},
    {"ds_cnn_s", "softmax name=dscnn_s_softmax_12 cols=12"},
    {"ds_cnn_l", "conv name=dscnn_l_conv1_10x4 in=1x49x10x1 filter=276x10x4x1 out=1x25x10x276 stride=2x1 pad=4x1"},
    {"ds_cnn_l", "dw name=dscnn_l_dw3x3_s2_c276 in=1x25x10x276 filter=3x3 out=1x13x5x276 stride=2x2 pad=1x0"},
    {"ds_cnn_l", "conv name=dscnn_l_pw1x1_c276 in=1x13x5x276 filter=276x1x1x276 out=1x13x5x276"},
    {"mobilenet", "conv name=mbn_first_3x3_s2_c3 in=1x32x32x3 filter=16x3x3x3 out=1x16x16x16 stride=2x2 pad=1x1"},
    {"mobilenet", "conv name=mbn_3x3_c32 in=1x16x16x32 filter=32x3x3x32 out=1x16x16x32 pad=1x1"},
    {"mobilenet", "conv name=mbn_pw1x1_16to128 in=1x16x16x16 filter=128x1x1x16 out=1x16x16x128"},
    {"mobilenet", "conv name=mbn_pw1x1_128 in=1x8x8x128 filter=128x1x1x128 out=1x8x8x128"},
    {"mobilenet", "dw name=mbn_dw3x3_c32 in=1x16x16x32 filter=3x3 out=1x16x16x32 pad=1x1"},
    {"mobilenet", "dw name=mbn_dw3x3_s2_c64 in=1x16x16x64 filter=3x3 out=1x8x8x64 stride=2x2 pad=1x1"},
    {"mobilenet", "dw name=mbn_dw3x3_c128 in=1x8x8x128 filter=3x3 out=1x8x8x128 pad=1x1"},
    {"mobilenet", "maxpool name=mbn_maxpool_2x2_c32 in=1x16x16x32 filter=2x2 out=1x8x8x32 stride=2x2"},
    {"mobilenet", "fc name=mbn_fc_1024x128 cols=1024 rows=128"},
    {"mobilenet", "softmax name=mbn_softmax_1000 cols=1000"},
    {"tails", "fc name=fc_260x61_tails cols=260 rows=61"},
    {"elementwise", "add name=add_s8_4096 n=4096"},
    {"elementwise", "mul name=mul_s8_4096 n=4096"},
#if ARM_NN_ENABLE_F32
    {"float32", "dw name=f32_dscnn_dw3x3_c64 in=1x25x5x64 filter=3x3 out=1x25x5x64 pad=1x1 dtype=f32"},
    {"float32", "conv name=f32_dscnn_pw1x1_c64 in=1x25x5x64 filter=64x1x1x64 out=1x25x5x64 dtype=f32"},
    {"float32", "conv name=f32_3x3_c32 in=1x16x16x32 filter=32x3x3x32 out=1x16x16x32 pad=1x1 dtype=f32"},
    {"float32", "conv name=f32_3x3_c32_packed in=1x16x16x32 filter=32x3x3x32 out=1x16x16x32 pad=1x1 dtype=f32 "
                "format=packed"},
    {"float32", "conv name=f32_3x3_c32_direct in=1x16x16x32 filter=32x3x3x32 out=1x16x16x32 pad=1x1 dtype=f32 ctx=0"},
    {"float32", "conv name=f32_3x3_16to32 in=1x16x16x16 filter=32x3x3x16 out=1x16x16x32 pad=1x1 dtype=f32"},
    {"float32", "conv name=f32_first_3x3_s2_c3 in=1x32x32x3 filter=16x3x3x3 out=1x16x16x16 stride=2x2 pad=1x1 "
                "dtype=f32"},
    {"float32", "dw name=f32_dw3x3_c32 in=1x16x16x32 filter=3x3 out=1x16x16x32 pad=1x1 dtype=f32"},
    {"float32", "dw name=f32_dw3x3_s2_c64 in=1x16x16x64 filter=3x3 out=1x8x8x64 stride=2x2 pad=1x1 dtype=f32"},
    {"float32", "avgpool name=f32_avgpool_25x5 in=1x25x5x64 filter=25x5 out=1x1x1x64 dtype=f32"},
    {"float32", "maxpool name=f32_maxpool_2x2_c32 in=1x16x16x32 filter=2x2 out=1x8x8x32 stride=2x2 dtype=f32"},
    {"float32", "fc name=f32_fc_256x128 cols=256 rows=128 dtype=f32"},
    {"float32", "softmax name=f32_softmax_1000 cols=1000 dtype=f32"},
#endif
#if ARM_NN_ENABLE_F16
    {"float16", "dw name=f16_dscnn_dw3x3_c64 in=1x25x5x64 filter=3x3 out=1x25x5x64 pad=1x1 dtype=f16"},
    {"float16", "conv name=f16_dscnn_pw1x1_c64 in=1x25x5x64 filter=64x1x1x64 out=1x25x5x64 dtype=f16"},
    {"float16", "conv name=f16_3x3_c32 in=1x16x16x32 filter=32x3x3x32 out=1x16x16x32 pad=1x1 dtype=f16"},
    {"float16", "conv name=f16_3x3_c32_packed in=1x16x16x32 filter=32x3x3x32 out=1x16x16x32 pad=1x1 dtype=f16 "
                "format=packed"},
    {"float16", "conv name=f16_3x3_c32_direct in=1x16x16x32 filter=32x3x3x32 out=1x16x16x32 pad=1x1 dtype=f16 ctx=0"},
    {"float16", "conv name=f16_3x3_16to32 in=1x16x16x16 filter=32x3x3x16 out=1x16x16x32 pad=1x1 dtype=f16"},
    {"float16", "acc16 conv name=f16acc16_3x3_c32 in=1x16x16x32 filter=32x3x3x32 out=1x16x16x32 pad=1x1 dtype=f16"},
    {"float16", "dw name=f16_dw3x3_c32 in=1x16x16x32 filter=3x3 out=1x16x16x32 pad=1x1 dtype=f16"},
    {"float16", "dw name=f16_dw3x3_s2_c64 in=1x16x16x64 filter=3x3 out=1x8x8x64 stride=2x2 pad=1x1 dtype=f16"},
    {"float16", "avgpool name=f16_avgpool_25x5 in=1x25x5x64 filter=25x5 out=1x1x1x64 dtype=f16"},
    {"float16", "fc name=f16_fc_256x128 cols=256 rows=128 dtype=f16"},
    {"float16", "softmax name=f16_softmax_1000 cols=1000 dtype=f16"},
#endif
};
#define N_CASES ((int)(sizeof(cases) / sizeof(cases[0])))

#define IN_BYTES   72000
#define FILT_BYTES 132000
#define OUT_BYTES  IN_BYTES
#define MAX_CH     512
/* Tensors as int8, float32 or float16 elements (one storage, the layer's type). */
typedef union
{
    int8_t s8[IN_BYTES];
#if ARM_NN_ENABLE_F32
    float32_t f32[IN_BYTES / 4];
#endif
#if ARM_NN_ENABLE_F16
    float16_t f16[IN_BYTES / 2];
#endif
} bench_act;
typedef union
{
    int8_t s8[FILT_BYTES];
#if ARM_NN_ENABLE_F32
    float32_t f32[FILT_BYTES / 4];
#endif
#if ARM_NN_ENABLE_F16
    float16_t f16[FILT_BYTES / 2];
#endif
} bench_filt;
static bench_act in_u, in2_u, out_u;
static bench_filt filt_u;
#define in_buf   (in_u.s8)
#define in2_buf  (in2_u.s8)
#define out_buf  (out_u.s8)
#define filt_buf (filt_u.s8)
static int32_t bias_buf[MAX_CH], mult_buf[MAX_CH], shift_buf[MAX_CH];
#if ARM_NN_ENABLE_F32
static float32_t fbias32[MAX_CH];
#endif
#if ARM_NN_ENABLE_F16
static float16_t fbias16[MAX_CH];
#endif
#if !KILN_UPSTREAM_API
static int32_t wsum_buf[MAX_CH]; /* weight sums (ns API) */
#endif
static int8_t ctx_buf[16384] __attribute__((aligned(16)));

static uint32_t seed = 12345u;
static void fill(int8_t *p, int32_t n)
{
    for (int32_t i = 0; i < n; i++)
    {
        seed = seed * 1664525u + 1013904223u;
        p[i] = (int8_t)(seed >> 24);
    }
}

#if ARM_NN_FLOAT_API_ENABLED
/* Values in [-1, 1) in steps of 2^-7 (exact in float16 too). */
static float next_unit(void)
{
    seed = seed * 1664525u + 1013904223u;
    return (float)(int8_t)(seed >> 24) / 128.0f;
}

/* The float layers' data: inputs, filter and bias of the layer's type. */
static void fill_float(int32_t dtype)
{
#if ARM_NN_ENABLE_F32
    if (dtype == 1)
    {
        for (int i = 0; i < IN_BYTES / 4; i++)
        {
            in_u.f32[i] = next_unit();
        }
        for (int i = 0; i < FILT_BYTES / 4; i++)
        {
            filt_u.f32[i] = next_unit() / 8.0f;
        }
        for (int i = 0; i < MAX_CH; i++)
        {
            fbias32[i] = next_unit();
        }
    }
#endif
#if ARM_NN_ENABLE_F16
    if (dtype == 2)
    {
        for (int i = 0; i < IN_BYTES / 2; i++)
        {
            in_u.f16[i] = (float16_t)next_unit();
        }
        for (int i = 0; i < FILT_BYTES / 2; i++)
        {
            filt_u.f16[i] = (float16_t)(next_unit() / 8.0f);
        }
        for (int i = 0; i < MAX_CH; i++)
        {
            fbias16[i] = (float16_t)next_unit();
        }
    }
#endif
    (void)dtype;
}
#endif

typedef struct
{
    kp_layer l;
    kp_result plan;
    bool eltwise_mul;
    bool acc16; /* float16 convolution through arm_convolve_f16_acc16() */
    bool mark_stack; /* bench_call marks the stack (kiln_stack_mark) before calling the library */
    int32_t n_elems; /* elementwise */
    int64_t work;    /* MACs (pool: window taps; softmax/elementwise: elements) */
    const char *unit;
    cmsis_nn_context ctx, wctx;
} bench_layer;

#if ARM_NN_FLOAT_API_ENABLED
/* One call of a float layer (dtype 1: float32, 2: float16) through its public router. */
static arm_cmsis_nn_status bench_call_float(const bench_layer *b)
{
    const kp_layer *l = &b->l;
    const cmsis_nn_dims fc_in = {l->batches, 1, 1, l->cols};
    const cmsis_nn_dims fc_f = {l->cols, 1, 1, l->rows};
    const cmsis_nn_dims fc_o = {l->batches, 1, 1, l->rows};
    const cmsis_nn_dims bias = {1, 1, 1, l->op == KP_FC ? l->rows : l->out.c};
    const arm_nn_weight_format_flt wf = (arm_nn_weight_format_flt)l->weight_format;
#if ARM_NN_ENABLE_F32
    if (l->dtype == 1)
    {
        const cmsis_nn_activation_f32 act = {-6.0f, 6.0f};
        const float32_t *x = in_u.f32, *w = filt_u.f32;
        float32_t *y = out_u.f32;
        switch (l->op)
        {
        case KP_CONV:
        {
            const cmsis_nn_conv_params_f32 cp = {l->stride, l->pad, l->dilation, act, wf};
            return arm_convolve_f32(&b->ctx, &cp, &l->in, x, &l->filter, w, &bias, fbias32, &l->out, y,
                                    ARM_NN_LAYOUT_NHWC);
        }
        case KP_DW:
        {
            const cmsis_nn_dw_conv_params_f32 dp = {l->ch_mult, l->stride, l->pad, l->dilation, act};
            return arm_depthwise_conv_f32(&b->ctx, &dp, &l->in, x, &l->filter, w, &bias, fbias32, &l->out, y,
                                          ARM_NN_LAYOUT_NHWC);
        }
        case KP_AVGPOOL:
        case KP_MAXPOOL:
        {
            const cmsis_nn_pool_params_f32 pp = {l->stride, l->pad, act};
            return l->op == KP_AVGPOOL ? arm_avg_pool_f32(&b->ctx, &pp, &l->in, x, &l->filter, &l->out, y)
                                       : arm_max_pool_f32(&b->ctx, &pp, &l->in, x, &l->filter, &l->out, y);
        }
        case KP_FC:
        {
            const cmsis_nn_fc_params_f32 fp = {act, wf};
            return arm_fully_connected_f32(&b->ctx, &fp, &fc_in, x, &fc_f, w, &bias, fbias32, &fc_o, y,
                                           ARM_NN_LAYOUT_NHWC);
        }
        case KP_SOFTMAX:
            return arm_softmax_f32(x, l->rows, l->cols, y);
        }
    }
#endif
#if ARM_NN_ENABLE_F16
    if (l->dtype == 2)
    {
        const cmsis_nn_activation_f16 act = {(float16_t)-6.0f, (float16_t)6.0f};
        const float16_t *x = in_u.f16, *w = filt_u.f16;
        float16_t *y = out_u.f16;
        switch (l->op)
        {
        case KP_CONV:
        {
            const cmsis_nn_conv_params_f16 cp = {l->stride, l->pad, l->dilation, act, wf};
            return b->acc16 ? arm_convolve_f16_acc16(&b->ctx, &cp, &l->in, x, &l->filter, w, &bias, fbias16, &l->out,
                                                     y, ARM_NN_LAYOUT_NHWC)
                            : arm_convolve_f16(&b->ctx, &cp, &l->in, x, &l->filter, w, &bias, fbias16, &l->out, y,
                                               ARM_NN_LAYOUT_NHWC);
        }
        case KP_DW:
        {
            const cmsis_nn_dw_conv_params_f16 dp = {l->ch_mult, l->stride, l->pad, l->dilation, act};
            return arm_depthwise_conv_f16(&b->ctx, &dp, &l->in, x, &l->filter, w, &bias, fbias16, &l->out, y,
                                          ARM_NN_LAYOUT_NHWC);
        }
        case KP_AVGPOOL:
        case KP_MAXPOOL:
        {
            const cmsis_nn_pool_params_f16 pp = {l->stride, l->pad, act};
            return l->op == KP_AVGPOOL ? arm_avg_pool_f16(&b->ctx, &pp, &l->in, x, &l->filter, &l->out, y)
                                       : arm_max_pool_f16(&b->ctx, &pp, &l->in, x, &l->filter, &l->out, y);
        }
        case KP_FC:
        {
            const cmsis_nn_fc_params_f16 fp = {act, wf};
            return arm_fully_connected_f16(&b->ctx, &fp, &fc_in, x, &fc_f, w, &bias, fbias16, &fc_o, y,
                                           ARM_NN_LAYOUT_NHWC);
        }
        case KP_SOFTMAX:
            return arm_softmax_f16(x, l->rows, l->cols, y);
        }
    }
#endif
    return ARM_CMSIS_NN_ARG_ERROR;
}
#endif

/* Out of line, so that its frame (the parameter structs) is allocated before the stack is marked:
 * the peak is then the library's alone. */
static __attribute__((noinline)) arm_cmsis_nn_status bench_call(const bench_layer *b)
{
    if (b->mark_stack)
    {
        kiln_stack_mark();
    }
    const kp_layer *l = &b->l;
    if (b->n_elems > 0)
    {
        if (b->eltwise_mul)
        {
            return arm_elementwise_mul_s8(in_buf, in2_buf, 3, -2, out_buf, 1, 1 << 30, -7, -128, 127, b->n_elems);
        }
        return arm_elementwise_add_s8(in_buf, in2_buf, 3, 1 << 30, 0, -2, 1 << 30, 0, 20, out_buf, 1, 1 << 30, -19,
                                      -128, 127, b->n_elems);
    }
#if ARM_NN_FLOAT_API_ENABLED
    if (l->dtype != 0)
    {
        return bench_call_float(b);
    }
#endif
    switch (l->op)
    {
    case KP_CONV:
    {
        cmsis_nn_conv_params cp = {3, -2, l->stride, l->pad, l->dilation, {-128, 127}};
        cmsis_nn_per_channel_quant_params q = {mult_buf, shift_buf};
#if KILN_UPSTREAM_API
        return arm_convolve_wrapper_s8(&b->ctx, &cp, &q, &l->in, in_buf, &l->filter, filt_buf, &l->out, bias_buf,
                                       &l->out, out_buf);
#else
        return arm_convolve_wrapper_s8(&b->ctx, &b->wctx, &cp, &q, &l->in, in_buf, &l->filter, filt_buf, &l->out,
                                       bias_buf, &l->out, out_buf);
#endif
    }
    case KP_DW:
    {
        cmsis_nn_dw_conv_params dp = {3, -2, l->ch_mult, l->stride, l->pad, l->dilation, {-128, 127}};
        cmsis_nn_per_channel_quant_params q = {mult_buf, shift_buf};
#if KILN_UPSTREAM_API
        return arm_depthwise_conv_wrapper_s8(&b->ctx, &dp, &q, &l->in, in_buf, &l->filter, filt_buf, &l->out, bias_buf,
                                             &l->out, out_buf);
#else
        return arm_depthwise_conv_wrapper_s8(&b->ctx, &b->wctx, &dp, &q, &l->in, in_buf, &l->filter, filt_buf, &l->out,
                                             bias_buf, &l->out, out_buf);
#endif
    }
    case KP_AVGPOOL:
    case KP_MAXPOOL:
    {
        cmsis_nn_pool_params pp = {l->stride, l->pad, {-128, 127}};
        return l->op == KP_AVGPOOL ? arm_avgpool_s8(&b->ctx, &pp, &l->in, in_buf, &l->filter, &l->out, out_buf)
                                   : arm_max_pool_s8(&b->ctx, &pp, &l->in, in_buf, &l->filter, &l->out, out_buf);
    }
    case KP_FC:
    {
        cmsis_nn_fc_params fp = {3, 0, -2, {-128, 127}};
        cmsis_nn_per_tensor_quant_params q = {1 << 30, -8};
        const cmsis_nn_dims in = {l->batches, 1, 1, l->cols};
        const cmsis_nn_dims f = {l->cols, 1, 1, l->rows};
        const cmsis_nn_dims o = {l->batches, 1, 1, l->rows};
        return arm_fully_connected_s8(&b->ctx, &fp, &q, &in, in_buf, &f, filt_buf, &o, bias_buf, &o, out_buf);
    }
    case KP_SOFTMAX:
        arm_softmax_s8(in_buf, l->rows, l->cols, 1 << 30, 22, -120, out_buf);
        return ARM_CMSIS_NN_SUCCESS;
    }
    return ARM_CMSIS_NN_ARG_ERROR;
}

/* One counted call. Out of line, so that both counted calls run the very same instructions between the counter's
 * start and stop (an unrolled loop in main could place one more in one of them). */
static __attribute__((noinline)) double bench_counted(const bench_layer *b, arm_cmsis_nn_status *st)
{
    kiln_counter_start();
    const arm_cmsis_nn_status s = bench_call(b);
    const double n = kiln_counter_stop();
    *st = s;
    return n;
}

/* Parse, plan natively, size the contexts and fill weight sums. */
static bool bench_setup(const bench_case *c, bench_layer *b, char *err, int err_len)
{
    memset(b, 0, sizeof(*b));
    char line[256];
    snprintf(line, sizeof(line), "%s", c->desc);
    const char *w[32];
    const int n = kp_split(line, w, 32);
    if (n >= 2 && (strcmp(w[0], "add") == 0 || strcmp(w[0], "mul") == 0))
    {
        /* elementwise: "add name=<id> n=<elems>" (no plan: one kernel per backend, no scratch) */
        b->eltwise_mul = w[0][0] == 'm';
        snprintf(b->l.name, sizeof(b->l.name), "%s", strncmp(w[1], "name=", 5) == 0 ? w[1] + 5 : w[0]);
        for (int i = 1; i < n; i++)
        {
            if (strncmp(w[i], "n=", 2) == 0)
            {
                b->n_elems = (int32_t)strtol(w[i] + 2, NULL, 10);
            }
        }
        b->plan.route = "(no plan)";
        b->work = b->n_elems;
        b->unit = "element";
        return b->n_elems > 0 && b->n_elems <= IN_BYTES;
    }
    const int skip = n >= 1 && strcmp(w[0], "acc16") == 0 ? 1 : 0;
    b->acc16 = skip == 1;
    if (!kp_parse(n - skip, w + skip, &b->l, err, err_len) ||
        !kp_plan(&b->l, KILN_NATIVE_ISA, &b->plan, err, err_len))
    {
        return false;
    }
    const kp_layer *l = &b->l;
    if (b->acc16 && (l->op != KP_CONV || l->dtype != 2))
    {
        snprintf(err, (size_t)err_len, "%s: acc16 applies to float16 convolutions only", l->name);
        return false;
    }
#if ARM_NN_FLOAT_API_ENABLED
    if (l->dtype != 0)
    {
        fill_float(l->dtype);
    }
#endif
    const int64_t ctx_bytes = l->op == KP_FC ? b->plan.scratch_bytes + b->plan.weight_sum_bytes : b->plan.scratch_bytes;
    const int64_t eb = kp_elem_bytes(l);
    const int64_t fc_filter_bytes = l->op == KP_FC ? (int64_t)l->cols * l->rows * eb : 0;
    if (ctx_bytes > (int64_t)sizeof(ctx_buf) || kp_input_elems(l) * eb > IN_BYTES ||
        kp_output_elems(l) * eb > OUT_BYTES || fc_filter_bytes > FILT_BYTES || (l->op == KP_FC && l->rows > MAX_CH))
    {
        snprintf(err, (size_t)err_len, "%s: buffers too small", l->name);
        return false;
    }
    b->ctx = (cmsis_nn_context){ctx_bytes > 0 ? ctx_buf : NULL, (int32_t)ctx_bytes};
    const int64_t out = kp_output_elems(l);
    switch (l->op)
    {
    case KP_CONV:
        b->work = out * l->filter.h * l->filter.w * l->filter.c;
        b->unit = "MAC";
        if ((int64_t)l->filter.n * l->filter.h * l->filter.w * l->filter.c * eb > FILT_BYTES || l->out.c > MAX_CH)
        {
            snprintf(err, (size_t)err_len, "%s: filter too large", l->name);
            return false;
        }
#if !KILN_UPSTREAM_API
        if (b->plan.weight_sum_bytes > 0)
        {
            if (arm_convolve_weight_sum(wsum_buf, filt_buf, &l->in, &l->filter, &l->out, 3, bias_buf) !=
                ARM_CMSIS_NN_SUCCESS)
            {
                snprintf(err, (size_t)err_len, "%s: arm_convolve_weight_sum failed", l->name);
                return false;
            }
            b->wctx = (cmsis_nn_context){wsum_buf, (int32_t)b->plan.weight_sum_bytes};
        }
#endif
        break;
    case KP_DW:
        b->work = out * l->filter.h * l->filter.w;
        b->unit = "MAC";
#if !KILN_UPSTREAM_API
        if (b->plan.weight_sum_bytes > 0)
        {
            const cmsis_nn_dw_conv_params dp = {3, -2, l->ch_mult, l->stride, l->pad, l->dilation, {-128, 127}};
            if (arm_depthwise_convolve_weight_sum(wsum_buf, NULL, filt_buf, &dp, &l->in, &l->filter, &l->out, 3,
                                                  bias_buf) != ARM_CMSIS_NN_SUCCESS)
            {
                snprintf(err, (size_t)err_len, "%s: arm_depthwise_convolve_weight_sum failed", l->name);
                return false;
            }
            b->wctx = (cmsis_nn_context){wsum_buf, (int32_t)b->plan.weight_sum_bytes};
        }
#endif
        break;
    case KP_AVGPOOL:
    case KP_MAXPOOL:
        b->work = out * l->filter.h * l->filter.w;
        b->unit = "tap";
        break;
    case KP_FC:
        b->work = (int64_t)l->batches * l->cols * l->rows;
        b->unit = "MAC";
        break;
    case KP_SOFTMAX:
        b->work = (int64_t)l->rows * l->cols;
        b->unit = "element";
        break;
    }
    return true;
}

/* true when the layer is selected: no arguments select every layer, else a layer runs when its description
 * contains one of the arguments (e.g. bench_kiln fc_260 dw3x3_s2) */
static bool bench_selected(const char *desc, int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
    {
        if (strstr(desc, argv[i]) != NULL)
        {
            return true;
        }
    }
    return argc < 2;
}

int main(int argc, char **argv)
{
    fill(in_buf, IN_BYTES);
    fill(in2_buf, IN_BYTES);
    fill(filt_buf, FILT_BYTES);
    for (int i = 0; i < MAX_CH; i++)
    {
        bias_buf[i] = (int32_t)(seed % 2001u) - 1000;
        fill((int8_t *)&mult_buf[i], 4);
        mult_buf[i] = (1 << 30) + (int32_t)((uint32_t)mult_buf[i] >> 12);
        shift_buf[i] = -6 - (i % 4);
    }
    const bool counted = kiln_counter_available();

    printf("# Kiln benchmark: %s, backend %s\n\n", kiln_board_name(), kiln_isa_name(KILN_NATIVE_ISA));
    printf("| group | layer | route | scratch B | wsum B | stack B | work | instructions | instr/unit |\n");
    printf("|---|---|---|--:|--:|--:|--:|--:|--:|\n");
    int failures = 0;
    static bench_layer b;
    static struct
    {
        bool ok, same;
        double instr;
        long long stack; /* bytes, -1: not measured (host) */
        bench_layer b;
    } results[N_CASES];
    for (int c = 0; c < N_CASES; c++)
    {
        char err[300] = "";
        if (!bench_selected(cases[c].desc, argc, argv))
        {
            continue;
        }
        if (!bench_setup(&cases[c], &b, err, sizeof(err)))
        {
            printf("bench: %s: %s\n", cases[c].desc, err);
            failures++;
            continue;
        }
        /* warm-up (fills caches of kernel sums), then two counted calls that must agree */
        arm_cmsis_nn_status st = bench_call(&b);
        double n[2] = {0.0, 0.0};
        for (int r = 0; r < 2 && st == ARM_CMSIS_NN_SUCCESS; r++)
        {
            n[r] = bench_counted(&b, &st);
        }
        /* one more call for the stack's high-water mark (marked inside bench_call: the library's) */
        size_t stack = 0;
        if (st == ARM_CMSIS_NN_SUCCESS && kiln_stack_available())
        {
            b.mark_stack = true;
            st = bench_call(&b);
            b.mark_stack = false;
            stack = kiln_stack_peak();
        }
        if (st != ARM_CMSIS_NN_SUCCESS)
        {
            printf("bench: %s: status %d\n", b.l.name, (int)st);
            failures++;
            continue;
        }
        const bool same = n[0] == n[1];
        failures += same ? 0 : 1;
        char ins[32] = "n/a", per[32] = "n/a";
        if (counted)
        {
            snprintf(ins, sizeof(ins), "%.0f%s", n[1], same ? "" : " (NOT REPRODUCIBLE)");
            snprintf(per, sizeof(per), "%.3f", n[1] / (double)b.work);
        }
        char stk[24] = "n/a";
        if (kiln_stack_available())
        {
            snprintf(stk, sizeof(stk), "%u", (unsigned)stack);
        }
        printf("| %s | %s | %s | %lld | %lld | %s | %lld %s | %s | %s |\n", cases[c].group, b.l.name, b.plan.route,
               (long long)b.plan.scratch_bytes, (long long)b.plan.weight_sum_bytes, stk, (long long)b.work, b.unit,
               ins, per);
        results[c].ok = true;
        results[c].instr = counted ? n[1] : -1.0;
        results[c].same = same;
        results[c].stack = kiln_stack_available() ? (long long)stack : -1;
        results[c].b = b;
    }
    printf("\n");
    for (int c = 0; c < N_CASES; c++)
    {
        const bench_layer *r = &results[c].b;
        if (!results[c].ok)
        {
            continue;
        }
        printf("BENCH {\"board\": \"%s\", \"backend\": \"%s\", \"group\": \"%s\", \"layer\": \"%s\", "
               "\"desc\": \"%s\", \"route\": \"%s\", \"scratch_bytes\": %lld, \"weight_sum_bytes\": %lld, "
               "\"stack_bytes\": %lld, \"work\": %lld, \"unit\": \"%s\", \"instructions\": %.0f, "
               "\"reproducible\": %s}\n",
               kiln_board_name(), kiln_isa_name(KILN_NATIVE_ISA), cases[c].group, r->l.name, cases[c].desc,
               r->plan.route, (long long)r->plan.scratch_bytes, (long long)r->plan.weight_sum_bytes, results[c].stack,
               (long long)r->work, r->unit, results[c].instr, results[c].same ? "true" : "false");
    }
    return failures == 0 ? 0 : 1;
}
