/*
 * The demo's runtime: size queries, arena plan, weight sums, inference and the report.
 * Every operator runs through its public CMSIS-NN entry. The route column asks the family's plan
 * (Internal/kiln_*.h) which route the entry takes on this build's backend.
 */
#include <stdio.h>
#include <string.h>

#include "Include/Internal/kiln_conv_s8.h"
#include "Include/Internal/kiln_dw_s8.h"
#include "Include/Internal/kiln_fc_s8.h"
#include "Include/Internal/kiln_pool_s8.h"
#include "kiln_board.h"
#include "kws_net.h"

/* Every arena region starts on this boundary (int32 weight sums, vector loads). */
#define KWS_ALIGN 16
/* The arena: the largest network (DS-CNN-L) needs about 100 KiB. */
#define KWS_ARENA_BYTES (192 * 1024)

static int8_t kws_arena[KWS_ARENA_BYTES] __attribute__((aligned(KWS_ALIGN)));

typedef struct
{
    const char *route;
    int64_t scratch; /* bytes of the layer's temporary scratch (shared by all layers) */
    int64_t wsum;    /* bytes of the layer's persistent weight sums / kernel-sum context */
    int64_t macs;    /* multiply-accumulates (pooling: window taps; softmax: elements) */
    int64_t wsum_at; /* arena offset of the weight sums */
    double instr;    /* executed instructions of the steady-state call */
} kws_layer_plan;

static int64_t kws_align(int64_t v)
{
    return (v + KWS_ALIGN - 1) / KWS_ALIGN * KWS_ALIGN;
}

static const char *kws_op_name(kws_op op)
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

/* Query one layer through the public size functions; the route from the family's plan. -1 on error. */
static int kws_query(const kws_layer *l, kws_layer_plan *p)
{
    memset(p, 0, sizeof(*p));
    const int64_t out_elems = kws_dims_elems(&l->out);
    switch (l->op)
    {
    case KWS_CONV:
    {
        p->scratch = arm_convolve_wrapper_s8_get_buffer_size(&l->conv, &l->in, &l->filter, &l->out);
#if !KILN_UPSTREAM_API
        p->wsum = arm_convolve_s8_get_weights_sum_size(&l->out);
#endif
        kiln_conv_s8_shape s;
        kiln_conv_s8_plan_t plan;
        if (!kiln_conv_s8_shape_from(&l->conv, &l->in, &l->filter, &l->out, NULL, &s) ||
            kiln_conv_s8_plan(&s, KILN_NATIVE_ISA, &plan) != ARM_CMSIS_NN_SUCCESS)
        {
            return -1;
        }
        p->route = plan.route_name;
        p->macs = out_elems * l->filter.h * l->filter.w * l->filter.c;
        break;
    }
    case KWS_DW:
    {
        p->scratch = arm_depthwise_conv_wrapper_s8_get_buffer_size(&l->dw, &l->in, &l->filter, &l->out);
        kiln_dw_s8_shape s;
        kiln_dw_s8_plan_t plan;
        if (!kiln_dw_s8_shape_from(&l->dw, &l->in, &l->filter, &l->out, &s) ||
            !kiln_dw_s8_plan(&s, KILN_NATIVE_ISA, &plan))
        {
            return -1;
        }
        p->route = plan.name;
#if !KILN_UPSTREAM_API
        /* No public weight-sum size query exists for depthwise: the plan states it. */
        p->wsum = plan.weight_sum_bytes;
#endif
        p->macs = out_elems * l->filter.h * l->filter.w;
        break;
    }
    case KWS_AVGPOOL:
    {
        p->scratch = arm_avgpool_s8_get_buffer_size(l->out.w, l->in.c);
        kiln_pool_s8_geom g;
        memset(&g, 0, sizeof(g));
        g.ch = l->in.c;
        g.out_w = l->out.w;
        g.k_h = l->filter.h;
        g.k_w = l->filter.w;
        kiln_pool_s8_plan_info plan;
        if (kiln_pool_s8_plan(&g, KILN_POOL_S8_AVG, KILN_NATIVE_ISA, &plan) != 0)
        {
            return -1;
        }
        p->route = plan.name;
        p->macs = out_elems * l->filter.h * l->filter.w;
        break;
    }
    case KWS_FC:
    {
        /* The fully connected context holds the layer's kernel sums: persistent, one per layer. */
        p->wsum = arm_fully_connected_s8_get_buffer_size(&l->filter);
        const kiln_fc_s8_shape s = {l->in.n, l->filter.n, l->filter.c};
        kiln_fc_s8_plan_t plan;
        if (kiln_fc_s8_plan(&s, KILN_NATIVE_ISA, &plan) != ARM_CMSIS_NN_SUCCESS)
        {
            return -1;
        }
        p->route = plan.name;
        p->macs = (int64_t)l->in.n * l->filter.n * l->filter.c;
        break;
    }
    case KWS_SOFTMAX:
        p->route = "(no plan)";
        p->macs = out_elems;
        break;
    }
    return (p->scratch < 0 || p->wsum < 0) ? -1 : 0;
}

/* Fill a layer's weight sums once (before the first inference). */
static arm_cmsis_nn_status kws_fill_weight_sums(const kws_layer *l, const kws_layer_plan *p, int32_t *buf)
{
    if (p->wsum == 0)
    {
        return ARM_CMSIS_NN_SUCCESS;
    }
    switch (l->op)
    {
#if !KILN_UPSTREAM_API
    case KWS_CONV:
        return arm_convolve_weight_sum(buf, l->weights, &l->in, &l->filter, &l->out, l->conv.input_offset, l->bias);
    case KWS_DW:
        return arm_depthwise_convolve_weight_sum(buf, NULL, l->weights, &l->dw, &l->in, &l->filter, &l->out,
                                                 l->dw.input_offset, l->bias);
#endif
    case KWS_FC:
        return arm_vector_sum_s8(buf, l->filter.n, l->filter.c, l->weights, l->fc.input_offset, l->fc.filter_offset,
                                 l->bias);
    default:
        return ARM_CMSIS_NN_ARG_ERROR;
    }
}

static arm_cmsis_nn_status
kws_layer_run(const kws_layer *l, const kws_layer_plan *p, const int8_t *in, int8_t *out, int8_t *scratch)
{
    cmsis_nn_context ctx = {p->scratch > 0 ? scratch : NULL, (int32_t)p->scratch};
    cmsis_nn_context wctx = {p->wsum > 0 ? kws_arena + p->wsum_at : NULL, (int32_t)p->wsum};
    (void)wctx;
    switch (l->op)
    {
    case KWS_CONV:
#if KILN_UPSTREAM_API
        return arm_convolve_wrapper_s8(&ctx, &l->conv, &l->pc, &l->in, in, &l->filter, l->weights, &l->out, l->bias,
                                       &l->out, out);
#else
        return arm_convolve_wrapper_s8(&ctx, &wctx, &l->conv, &l->pc, &l->in, in, &l->filter, l->weights, &l->out,
                                       l->bias, &l->out, out);
#endif
    case KWS_DW:
#if KILN_UPSTREAM_API
        return arm_depthwise_conv_wrapper_s8(&ctx, &l->dw, &l->pc, &l->in, in, &l->filter, l->weights, &l->out, l->bias,
                                             &l->out, out);
#else
        return arm_depthwise_conv_wrapper_s8(&ctx, &wctx, &l->dw, &l->pc, &l->in, in, &l->filter, l->weights, &l->out,
                                             l->bias, &l->out, out);
#endif
    case KWS_AVGPOOL:
        return arm_avgpool_s8(&ctx, &l->pool, &l->in, in, &l->filter, &l->out, out);
    case KWS_FC:
        return arm_fully_connected_s8(&wctx, &l->fc, &l->pt, &l->in, in, &l->filter, l->weights, &l->out, l->bias,
                                      &l->out, out);
    case KWS_SOFTMAX:
        arm_softmax_s8(in, l->in.n, l->in.c, l->sm_mult, l->sm_shift, l->sm_diff_min, out);
        return ARM_CMSIS_NN_SUCCESS;
    }
    return ARM_CMSIS_NN_ARG_ERROR;
}

/* One inference; the output is left in the last layer's activation buffer. */
static int kws_infer(const kws_net *net, const kws_layer_plan *plans, int8_t *act[2], int8_t *scratch, double *instr)
{
    for (int32_t i = 0; i < net->n_layers; i++)
    {
        const kws_layer *l = &net->layers[i];
        kiln_counter_start();
        const arm_cmsis_nn_status st = kws_layer_run(l, &plans[i], act[i % 2], act[(i + 1) % 2], scratch);
        const double n = kiln_counter_stop();
        instr[i] = n;
        if (st != ARM_CMSIS_NN_SUCCESS)
        {
            printf("kws: %s (%s) returned status %d\n", l->name, kws_op_name(l->op), (int)st);
            return -1;
        }
    }
    return 0;
}

static const char *const kws_labels[12] = {"_silence_", "_unknown_", "yes", "no",  "up",   "down",
                                           "left",      "right",     "on",  "off", "stop", "go"};

static void kws_fmt_count(char *buf, size_t n, double v)
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

int kws_run(const kws_net *net, bool quiet)
{
    kws_layer_plan plans[KWS_MAX_LAYERS];
    int64_t act_bytes[2] = {kws_dims_elems(&net->layers[0].in), 0};
    int64_t max_scratch = 0, wsum_total = 0, macs_total = 0;

    /* 1. Query every layer. */
    for (int32_t i = 0; i < net->n_layers; i++)
    {
        const kws_layer *l = &net->layers[i];
        if (kws_query(l, &plans[i]) != 0)
        {
            printf("kws: %s: size query or plan failed (invalid layer description)\n", l->name);
            return 1;
        }
        /* Chain check: each layer reads exactly what the previous one wrote. */
        if (i > 0 && kws_dims_elems(&l->in) != kws_dims_elems(&net->layers[i - 1].out))
        {
            printf("kws: %s: input size differs from the previous layer's output\n", l->name);
            return 1;
        }
        const int64_t o = kws_dims_elems(&l->out);
        act_bytes[(i + 1) % 2] = o > act_bytes[(i + 1) % 2] ? o : act_bytes[(i + 1) % 2];
        max_scratch = plans[i].scratch > max_scratch ? plans[i].scratch : max_scratch;
        macs_total += plans[i].macs;
    }

    /* 2. The arena: ping | pong | scratch | weight sums of every layer. */
    const int64_t ping_at = 0;
    const int64_t pong_at = kws_align(act_bytes[0]);
    const int64_t scratch_at = pong_at + kws_align(act_bytes[1]);
    int64_t at = scratch_at + kws_align(max_scratch);
    for (int32_t i = 0; i < net->n_layers; i++)
    {
        plans[i].wsum_at = at;
        at += kws_align(plans[i].wsum);
        wsum_total += plans[i].wsum;
    }
    const int64_t arena_bytes = at;
    if (arena_bytes > KWS_ARENA_BYTES)
    {
        printf("kws: %s needs a %lld-byte arena, the demo has %d\n", net->name, (long long)arena_bytes,
               KWS_ARENA_BYTES);
        return 1;
    }
    int8_t *act[2] = {kws_arena + ping_at, kws_arena + pong_at};
    int8_t *scratch = kws_arena + scratch_at;

    /* 3. Weight sums, once. */
    kiln_counter_start();
    for (int32_t i = 0; i < net->n_layers; i++)
    {
        const arm_cmsis_nn_status st =
            kws_fill_weight_sums(&net->layers[i], &plans[i], (int32_t *)(void *)(kws_arena + plans[i].wsum_at));
        if (st != ARM_CMSIS_NN_SUCCESS)
        {
            printf("kws: %s: weight sums failed (status %d)\n", net->layers[i].name, (int)st);
            return 1;
        }
    }
    const double setup_instr = kiln_counter_stop();

    /* 4. Inference: a first (cold) run, then the measured steady-state run. Both must match. */
    bool exact = true;
    double cold_instr = 0.0;
    double instr[2][KWS_MAX_LAYERS];
    for (int run = 0; run < 2; run++)
    {
        memcpy(act[0], net->input, (size_t)kws_dims_elems(&net->layers[0].in));
        if (kws_infer(net, plans, act, scratch, instr[run]) != 0)
        {
            return 1;
        }
        const int8_t *out = act[net->n_layers % 2];
        exact = exact && memcmp(out, net->reference, (size_t)net->output_bytes) == 0;
    }
    for (int32_t i = 0; i < net->n_layers; i++)
    {
        cold_instr += instr[0][i];
        plans[i].instr = instr[1][i];
    }
    const int8_t *out = act[net->n_layers % 2];
    int32_t best = 0;
    for (int32_t i = 1; i < net->output_bytes; i++)
    {
        best = out[i] > out[best] ? i : best;
    }

    /* 5. Report. */
    if (!quiet)
    {
        const bool counted = kiln_counter_available();
        printf("\n%s on %s (backend %s): %d layers, input %lld bytes\n\n", net->name, kiln_board_name(),
               kiln_isa_name(KILN_NATIVE_ISA), (int)net->n_layers, (long long)kws_dims_elems(&net->layers[0].in));
        printf("| #  | layer                | op      | route             | scratch B | wsum B |       MACs | "
               "instructions | instr/MAC |\n");
        printf("|----|----------------------|---------|-------------------|----------:|-------:|-----------:|"
               "-------------:|----------:|\n");
        double total = 0.0;
        for (int32_t i = 0; i < net->n_layers; i++)
        {
            const kws_layer *l = &net->layers[i];
            char ins[24], ipm[24];
            kws_fmt_count(ins, sizeof(ins), plans[i].instr);
            if (counted && plans[i].macs > 0)
            {
                snprintf(ipm, sizeof(ipm), "%.3f", plans[i].instr / (double)plans[i].macs);
            }
            else
            {
                snprintf(ipm, sizeof(ipm), "n/a");
            }
            total += plans[i].instr;
            printf("| %2d | %-20s | %-7s | %-17s | %9lld | %6lld | %10lld | %12s | %9s |\n", (int)i + 1, l->name,
                   kws_op_name(l->op), plans[i].route, (long long)plans[i].scratch, (long long)plans[i].wsum,
                   (long long)plans[i].macs, ins, ipm);
        }
        char tot[24], tpm[24], cold[24], setup[24];
        kws_fmt_count(tot, sizeof(tot), total);
        kws_fmt_count(cold, sizeof(cold), cold_instr);
        kws_fmt_count(setup, sizeof(setup), setup_instr);
        if (counted)
        {
            snprintf(tpm, sizeof(tpm), "%.3f", total / (double)macs_total);
        }
        else
        {
            snprintf(tpm, sizeof(tpm), "n/a");
        }
        printf("|    | total                |         |                   | %9lld | %6lld | %10lld | %12s | %9s |\n",
               (long long)max_scratch, (long long)wsum_total, (long long)macs_total, tot, tpm);
        printf("\n(MACs: pooling counts window taps, softmax elements. Instructions: steady-state inference;\n"
               " the first inference took %s, filling the weight sums once %s.)\n",
               cold, setup);
        printf("arena: %lld bytes peak = activations %lld + %lld (ping-pong) + scratch %lld + weight sums %lld"
               " (each region %d-byte aligned)\n",
               (long long)arena_bytes, (long long)act_bytes[0], (long long)act_bytes[1], (long long)max_scratch,
               (long long)wsum_total, KWS_ALIGN);
        printf("keyword: index %d (\"%s\")\n", (int)best, best < 12 ? kws_labels[best] : "?");
    }
    printf("%s: %s\n", net->name,
           exact ? "bit-exact (output equals the reference bit for bit)" : "NOT bit-exact: output DIFFERS FROM the reference");
    return exact ? 0 : 1;
}

void kws_describe(const kws_net *net)
{
    printf("# kiln-plan network description: %s (generated by kws_demo --describe)\n", net->name);
    printf("# <op> name=<layer> key=value ...; dims NxHxWxC, pairs HxW\n");
    for (int32_t i = 0; i < net->n_layers; i++)
    {
        const kws_layer *l = &net->layers[i];
        const cmsis_nn_dims *a = &l->in, *f = &l->filter, *o = &l->out;
        switch (l->op)
        {
        case KWS_CONV:
            printf("conv name=%s in=%dx%dx%dx%d filter=%dx%dx%dx%d out=%dx%dx%dx%d stride=%dx%d pad=%dx%d "
                   "dilation=%dx%d\n",
                   l->name, (int)a->n, (int)a->h, (int)a->w, (int)a->c, (int)f->n, (int)f->h, (int)f->w, (int)f->c,
                   (int)o->n, (int)o->h, (int)o->w, (int)o->c, (int)l->conv.stride.h, (int)l->conv.stride.w,
                   (int)l->conv.padding.h, (int)l->conv.padding.w, (int)l->conv.dilation.h, (int)l->conv.dilation.w);
            break;
        case KWS_DW:
            printf("dw name=%s in=%dx%dx%dx%d filter=%dx%d out=%dx%dx%dx%d mult=%d stride=%dx%d pad=%dx%d "
                   "dilation=%dx%d\n",
                   l->name, (int)a->n, (int)a->h, (int)a->w, (int)a->c, (int)f->h, (int)f->w, (int)o->n, (int)o->h,
                   (int)o->w, (int)o->c, (int)l->dw.ch_mult, (int)l->dw.stride.h, (int)l->dw.stride.w,
                   (int)l->dw.padding.h, (int)l->dw.padding.w, (int)l->dw.dilation.h, (int)l->dw.dilation.w);
            break;
        case KWS_AVGPOOL:
            printf("avgpool name=%s in=%dx%dx%dx%d filter=%dx%d out=%dx%dx%dx%d stride=%dx%d pad=%dx%d\n", l->name,
                   (int)a->n, (int)a->h, (int)a->w, (int)a->c, (int)f->h, (int)f->w, (int)o->n, (int)o->h, (int)o->w,
                   (int)o->c, (int)l->pool.stride.h, (int)l->pool.stride.w, (int)l->pool.padding.h,
                   (int)l->pool.padding.w);
            break;
        case KWS_FC:
            printf("fc name=%s batches=%d cols=%d rows=%d\n", l->name, (int)a->n, (int)f->n, (int)f->c);
            break;
        case KWS_SOFTMAX:
            printf("softmax name=%s rows=%d cols=%d\n", l->name, (int)a->n, (int)a->c);
            break;
        }
    }
}
