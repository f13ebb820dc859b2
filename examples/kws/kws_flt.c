/*
 * The demo's float runtime: the DS-CNN-S body in float32 / float16 through the public float API. Like the int8
 * runtime it asks every layer's scratch through the public size queries (arm_depthwise_conv_wrapper_*,
 * arm_convolve_wrapper_*, arm_fully_connected_*_get_buffer_size; pooling and softmax use none), lays out one
 * arena (ping-pong activations and the largest scratch), runs a cold and a measured inference, prints a table
 * per layer (the route each family's plan names on this build) and compares the output with the reference within
 * the upstream driver's absolute tolerance.
 */
#include <stdio.h>
#include <string.h>

#include "Include/Internal/kiln_conv_flt.h"
#include "Include/Internal/kiln_dw_flt.h"
#include "Include/Internal/kiln_flt_ops.h"
#include "kiln_board.h"
#include "kws_flt.h"

#if ARM_NN_FLOAT_API_ENABLED

#define KWS_FLT_ALIGN 16
/* Two float32 feature maps of 25 x 5 x 64 and the largest scratch. */
#define KWS_FLT_ARENA_BYTES (80 * 1024)

static uint8_t kws_flt_arena[KWS_FLT_ARENA_BYTES] __attribute__((aligned(KWS_FLT_ALIGN)));

typedef struct
{
    char route[24];
    int64_t scratch;
    int64_t macs;
    double instr;
} kws_flt_plan;

static int64_t kws_flt_align(int64_t v)
{
    return (v + KWS_FLT_ALIGN - 1) / KWS_FLT_ALIGN * KWS_FLT_ALIGN;
}

static const char *kws_flt_op_name(kws_op op)
{
    switch (op)
    {
    case KWS_CONV:
        return "conv";
    case KWS_DW:
        return "dw";
    case KWS_AVGPOOL:
        return "avgpool";
    case KWS_FC:
        return "fc";
    default:
        return "softmax";
    }
}

/* Names of the float convolution router's routes (kiln_conv_flt_route). */
static const char *kws_conv_flt_route_name(int r)
{
    static const char *const names[] = {"1x1", "1xN", "conv1d_k5", "conv1d_k3", "small_c", "patch_gemm", "direct"};
    return (r >= 0 && r < 7) ? names[r] : "?";
}

/* The backend of the float kernels of this build. */
static const char *kws_flt_backend(void)
{
    return KILN_FLT_OPS_MVE ? "mve" : "c";
}

#if ARM_NN_ENABLE_F32
#define KWS_FLT_T float32_t
#define KWS_FLT_NAME(n) n##_f32
#define KWS_FLT_NAME2(a, b) a##_f32_##b
#define KWS_FLT_ACT(v) (v)
#define KWS_FLT_DTYPE KILN_FLT_F32
#define KWS_FLT_FC_BLOCK KILN_FC_F32_BLOCK
#include "kws_flt_typed.inc"
#undef KWS_FLT_T
#undef KWS_FLT_NAME
#undef KWS_FLT_NAME2
#undef KWS_FLT_ACT
#undef KWS_FLT_DTYPE
#undef KWS_FLT_FC_BLOCK
#endif

#if ARM_NN_ENABLE_F16
static float16_t kws_to_f16(float v)
{
    /* the float32 activation bounds of the vectors (+-FLT_MAX) saturate to the float16 range */
    if (v > 65504.0f)
    {
        return ARM_NN_F16_FINITE_MAX;
    }
    if (v < -65504.0f)
    {
        return ARM_NN_F16_FINITE_LOWEST;
    }
    return (float16_t)v;
}

#define KWS_FLT_T float16_t
#define KWS_FLT_NAME(n) n##_f16
#define KWS_FLT_NAME2(a, b) a##_f16_##b
#define KWS_FLT_ACT(v) kws_to_f16(v)
#define KWS_FLT_DTYPE KILN_FLT_F16
#define KWS_FLT_FC_BLOCK KILN_FC_F16_BLOCK
#include "kws_flt_typed.inc"
#undef KWS_FLT_T
#undef KWS_FLT_NAME
#undef KWS_FLT_NAME2
#undef KWS_FLT_ACT
#undef KWS_FLT_DTYPE
#undef KWS_FLT_FC_BLOCK
#endif

/* Scratch through the public size queries, route from the family's plan; -1 on error. */
static int kws_flt_query(const kws_flt_net *net, const kws_flt_layer *l, kws_flt_plan *p)
{
    memset(p, 0, sizeof(*p));
    const int64_t out_elems = kws_dims_elems(&l->out);
    const char *route = "?";
    int rc = -1;
#if ARM_NN_ENABLE_F32
    if (!net->half)
    {
        rc = kws_family_query_f32(l, &p->scratch, &route);
    }
#endif
#if ARM_NN_ENABLE_F16
    if (net->half)
    {
        rc = kws_family_query_f16(l, &p->scratch, &route);
    }
#endif
    if (rc != 0)
    {
        return -1;
    }
    switch (l->op)
    {
    case KWS_DW:
        p->macs = out_elems * l->filter.h * l->filter.w;
        break;
    case KWS_CONV:
        p->macs = out_elems * l->filter.h * l->filter.w * l->in.c;
        break;
    case KWS_AVGPOOL:
        p->macs = out_elems * l->filter.h * l->filter.w;
        route = "avg";
        break;
    case KWS_FC:
        p->macs = (int64_t)l->in.n * l->filter.n * l->filter.c;
        break;
    case KWS_SOFTMAX:
        p->macs = out_elems;
        route = "row_max_exp";
        break;
    }
    if (l->op == KWS_AVGPOOL || l->op == KWS_SOFTMAX || l->op == KWS_FC)
    {
        snprintf(p->route, sizeof(p->route), "%s_%s", route, kws_flt_backend());
    }
    else
    {
        snprintf(p->route, sizeof(p->route), "%s", route);
    }
    return p->scratch < 0 ? -1 : 0;
}

static arm_cmsis_nn_status kws_flt_layer_run(
    const kws_flt_net *net, const kws_flt_layer *l, const kws_flt_plan *p, const void *in, void *out, void *scratch)
{
    const cmsis_nn_context ctx = {p->scratch > 0 ? scratch : NULL, (int32_t)p->scratch};
#if ARM_NN_ENABLE_F32
    if (!net->half)
    {
        return kws_layer_run_f32(l, &ctx, in, out);
    }
#endif
#if ARM_NN_ENABLE_F16
    if (net->half)
    {
        return kws_layer_run_f16(l, &ctx, in, out);
    }
#endif
    (void)l;
    (void)ctx;
    (void)in;
    (void)out;
    return ARM_CMSIS_NN_ARG_ERROR;
}

static double kws_flt_at(const kws_flt_net *net, const void *buf, int32_t i)
{
#if ARM_NN_ENABLE_F16
    if (net->half)
    {
        return (double)(float)((const float16_t *)buf)[i];
    }
#endif
    return net->half ? 0.0 : (double)((const float *)buf)[i];
}

static void kws_flt_fmt(char *buf, size_t n, double v)
{
    if (kiln_counter_available())
    {
        snprintf(buf, n, "%.0f", v);
    }
    else
    {
        snprintf(buf, n, "n/a");
    }
}

static const char *const kws_flt_labels[12] = {"_silence_", "_unknown_", "yes", "no",  "up",   "down",
                                               "left",      "right",     "on",  "off", "stop", "go"};

int kws_flt_run(const kws_flt_net *net)
{
    kws_flt_plan plans[KWS_MAX_LAYERS];
    const int64_t elem = net->half ? 2 : 4;
    int64_t act[2] = {kws_dims_elems(&net->layers[0].in) * elem, 0};
    int64_t max_scratch = 0, macs_total = 0;
    for (int32_t i = 0; i < net->n_layers; i++)
    {
        const kws_flt_layer *l = &net->layers[i];
        if (kws_flt_query(net, l, &plans[i]) != 0)
        {
            printf("kws: %s: size query or plan failed (invalid layer description)\n", l->name);
            return 1;
        }
        if (i > 0 && kws_dims_elems(&l->in) != kws_dims_elems(&net->layers[i - 1].out))
        {
            printf("kws: %s: input size differs from the previous layer's output\n", l->name);
            return 1;
        }
        const int64_t o = kws_dims_elems(&l->out) * elem;
        act[(i + 1) % 2] = o > act[(i + 1) % 2] ? o : act[(i + 1) % 2];
        max_scratch = plans[i].scratch > max_scratch ? plans[i].scratch : max_scratch;
        macs_total += plans[i].macs;
    }
    const int64_t pong_at = kws_flt_align(act[0]);
    const int64_t scratch_at = pong_at + kws_flt_align(act[1]);
    const int64_t arena_bytes = scratch_at + kws_flt_align(max_scratch);
    if (arena_bytes > KWS_FLT_ARENA_BYTES)
    {
        printf("kws: %s needs a %lld-byte arena, the demo has %d\n", net->name, (long long)arena_bytes,
               KWS_FLT_ARENA_BYTES);
        return 1;
    }
    uint8_t *buf[2] = {kws_flt_arena, kws_flt_arena + pong_at};
    uint8_t *scratch = kws_flt_arena + scratch_at;

    double instr[2][KWS_MAX_LAYERS];
    double max_err = 0.0;
    bool ok = true;
    for (int run = 0; run < 2; run++)
    {
        memcpy(buf[0], net->input, (size_t)(kws_dims_elems(&net->layers[0].in) * elem));
        for (int32_t i = 0; i < net->n_layers; i++)
        {
            const kws_flt_layer *l = &net->layers[i];
            kiln_counter_start();
            const arm_cmsis_nn_status st = kws_flt_layer_run(net, l, &plans[i], buf[i % 2], buf[(i + 1) % 2], scratch);
            instr[run][i] = kiln_counter_stop();
            if (st != ARM_CMSIS_NN_SUCCESS)
            {
                printf("kws: %s (%s) returned status %d\n", l->name, kws_flt_op_name(l->op), (int)st);
                return 1;
            }
        }
        const void *o = buf[net->n_layers % 2];
        for (int32_t i = 0; i < net->output_elems; i++)
        {
            const double d = kws_flt_at(net, o, i) - kws_flt_at(net, net->reference, i);
            const double ad = d < 0 ? -d : d;
            ok = ok && ad <= net->tolerance; /* false for NaN too */
            max_err = ad > max_err ? ad : max_err;
        }
    }
    const void *o = buf[net->n_layers % 2];
    int32_t best = 0;
    for (int32_t i = 1; i < net->output_elems; i++)
    {
        best = kws_flt_at(net, o, i) > kws_flt_at(net, o, best) ? i : best;
    }

    const bool counted = kiln_counter_available();
    printf("\n%s on %s (float kernels %s): %d layers, input %lld bytes\n\n", net->name, kiln_board_name(),
           kws_flt_backend(), (int)net->n_layers, (long long)(kws_dims_elems(&net->layers[0].in) * elem));
    printf("| #  | layer                | op      | route             | scratch B |       MACs | instructions | "
           "instr/MAC |\n");
    printf("|----|----------------------|---------|-------------------|----------:|-----------:|-------------:|"
           "----------:|\n");
    double total = 0.0, cold = 0.0;
    for (int32_t i = 0; i < net->n_layers; i++)
    {
        char ins[24], ipm[24];
        kws_flt_fmt(ins, sizeof(ins), instr[1][i]);
        if (counted && plans[i].macs > 0)
        {
            snprintf(ipm, sizeof(ipm), "%.3f", instr[1][i] / (double)plans[i].macs);
        }
        else
        {
            snprintf(ipm, sizeof(ipm), "n/a");
        }
        total += instr[1][i];
        cold += instr[0][i];
        printf("| %2d | %-20s | %-7s | %-17s | %9lld | %10lld | %12s | %9s |\n", (int)i + 1, net->layers[i].name,
               kws_flt_op_name(net->layers[i].op), plans[i].route, (long long)plans[i].scratch,
               (long long)plans[i].macs, ins, ipm);
    }
    char tot[24], tpm[24], cld[24];
    kws_flt_fmt(tot, sizeof(tot), total);
    kws_flt_fmt(cld, sizeof(cld), cold);
    if (counted)
    {
        snprintf(tpm, sizeof(tpm), "%.3f", total / (double)macs_total);
    }
    else
    {
        snprintf(tpm, sizeof(tpm), "n/a");
    }
    printf("|    | total                |         |                   | %9lld | %10lld | %12s | %9s |\n",
           (long long)max_scratch, (long long)macs_total, tot, tpm);
    printf("\n(MACs: pooling counts window taps, softmax elements. Instructions: steady-state inference;\n"
           " the first inference took %s.)\n",
           cld);
    printf("arena: %lld bytes peak = activations %lld + %lld (ping-pong) + scratch %lld (each region %d-byte "
           "aligned)\n",
           (long long)arena_bytes, (long long)act[0], (long long)act[1], (long long)max_scratch, KWS_FLT_ALIGN);
    printf("keyword: index %d (\"%s\")\n", (int)best, best < 12 ? kws_flt_labels[best] : "?");
    printf("%s: output %s tolerance %g (max abs error %.3g)\n", net->name, ok ? "within" : "NOT WITHIN", net->tolerance,
           max_err);
    return ok ? 0 : 1;
}

bool kws_flt_load(const char *name, kws_flt_net *net)
{
#if ARM_NN_ENABLE_F32
    if (strcmp(name, "ds_cnn_s_body_f32") == 0)
    {
        kws_ds_cnn_s_body_f32(net);
        return true;
    }
#endif
#if ARM_NN_ENABLE_F16
    if (strcmp(name, "ds_cnn_s_body_f16") == 0)
    {
        kws_ds_cnn_s_body_f16(net);
        return true;
    }
#endif
    (void)name;
    (void)net;
    return false;
}

#else /* no float API in this build */

bool kws_flt_load(const char *name, kws_flt_net *net)
{
    (void)name;
    (void)net;
    return false;
}

int kws_flt_run(const kws_flt_net *net)
{
    (void)net;
    return 1;
}

#endif
