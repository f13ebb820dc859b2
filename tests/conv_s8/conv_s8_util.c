#include "conv_s8_util.h"

#include <string.h>

#include "kiln_ref.h"

#define GUARD 32
#define GUARD_BYTE ((int8_t)0x5A)
#define SCRATCH_MAX 20000
#define OUT_MAX 20000
#define COPY_MAX CONV_COPY_MAX

const char *conv_entry_name(conv_entry e)
{
    static const char *const names[CONV_ENTRY_COUNT] = {"arm_convolve_wrapper_s8", "arm_convolve_s8",
                                                         "arm_convolve_1x1_s8",     "arm_convolve_1x1_s8_fast",
                                                         "arm_convolve_1_x_n_s8",   "arm_convolve_1x1_out_s8"};
    return (unsigned)e < (unsigned)CONV_ENTRY_COUNT ? names[e] : "?";
}

int64_t conv_in_bytes(const conv_case *c)
{
    return (int64_t)c->s.batches * (c->s.in_h / c->s.upscale_h) * (c->s.in_w / c->s.upscale_w) * c->s.in_c;
}

int64_t conv_logical_in_bytes(const conv_case *c)
{
    return (int64_t)c->s.batches * c->s.in_h * c->s.in_w * c->s.in_c;
}

int64_t conv_out_bytes(const conv_case *c)
{
    return (int64_t)c->s.batches * c->s.out_h * c->s.out_w * c->s.out_c;
}

int64_t conv_w_bytes(const conv_case *c)
{
    return (int64_t)c->s.out_c * c->s.filter_h * c->s.filter_w * c->s.filter_c;
}

bool conv_reference(const conv_case *c, int8_t *out)
{
    static int8_t upscaled[COPY_MAX];
    const kiln_conv_s8_shape *s = &c->s;
    const int8_t *in = c->input;
    if (s->upscale_h != 1 || s->upscale_w != 1)
    {
        if (conv_logical_in_bytes(c) > COPY_MAX)
        {
            return false;
        }
        const int32_t ph = s->in_h / s->upscale_h, pw = s->in_w / s->upscale_w;
        for (int32_t b = 0; b < s->batches; b++)
            for (int32_t y = 0; y < s->in_h; y++)
                for (int32_t x = 0; x < s->in_w; x++)
                    memcpy(&upscaled[((b * s->in_h + y) * s->in_w + x) * s->in_c],
                           &c->input[((b * ph + y / s->upscale_h) * pw + x / s->upscale_w) * s->in_c],
                           (size_t)s->in_c);
        in = upscaled;
    }
    const kiln_ref_window w = {s->batches, s->in_h,     s->in_w,     s->in_c,     s->out_h,      s->out_w,
                               s->out_c,   s->filter_h, s->filter_w, s->stride_h, s->stride_w,   s->pad_h,
                               s->pad_w,   s->dilation_h, s->dilation_w};
    return kiln_ref_conv_s8(&w, s->filter_c, in, c->input_offset, c->weights, c->bias, c->mult, c->shift,
                            c->output_offset, c->act_min, c->act_max, out) == KILN_REF_OK;
}

void conv_case_structs(const conv_case *c,
                       cmsis_nn_conv_params *cp,
                       cmsis_nn_per_channel_quant_params *qp,
                       cmsis_nn_dims *in_d,
                       cmsis_nn_dims *f_d,
                       cmsis_nn_dims *out_d,
                       cmsis_nn_dims *up_d)
{
    const kiln_conv_s8_shape *s = &c->s;
    cp->input_offset = c->input_offset;
    cp->output_offset = c->output_offset;
    cp->stride.w = s->stride_w;
    cp->stride.h = s->stride_h;
    cp->padding.w = s->pad_w;
    cp->padding.h = s->pad_h;
    cp->dilation.w = s->dilation_w;
    cp->dilation.h = s->dilation_h;
    cp->activation.min = c->act_min;
    cp->activation.max = c->act_max;
    qp->multiplier = (int32_t *)c->mult;
    qp->shift = (int32_t *)c->shift;
    /* n of the filter and output dims deliberately garbage: the library must not read them. */
    *in_d = (cmsis_nn_dims){s->batches, s->in_h, s->in_w, s->in_c};
    *f_d = (cmsis_nn_dims){-77, s->filter_h, s->filter_w, s->filter_c};
    *out_d = (cmsis_nn_dims){-99, s->out_h, s->out_w, s->out_c};
    *up_d = (cmsis_nn_dims){0, s->upscale_h, s->upscale_w, 0};
}

arm_cmsis_nn_status conv_call(conv_entry e,
                              const cmsis_nn_context *ctx,
                              const cmsis_nn_context *ws,
                              const cmsis_nn_conv_params *cp,
                              const cmsis_nn_per_channel_quant_params *qp,
                              const cmsis_nn_dims *in_d,
                              const int8_t *in,
                              const cmsis_nn_dims *f_d,
                              const int8_t *f,
                              const cmsis_nn_dims *b_d,
                              const int32_t *b,
                              const cmsis_nn_dims *up_d,
                              const cmsis_nn_dims *out_d,
                              int8_t *out)
{
#if KILN_UPSTREAM_API
    (void)ws;
    switch (e)
    {
    case CONV_ENTRY_WRAPPER:
        return arm_convolve_wrapper_s8(ctx, cp, qp, in_d, in, f_d, f, b_d, b, out_d, out);
    case CONV_ENTRY_CONVOLVE:
        return arm_convolve_s8(ctx, cp, qp, in_d, in, f_d, f, b_d, b, up_d, out_d, out);
    case CONV_ENTRY_1X1:
        return arm_convolve_1x1_s8(ctx, cp, qp, in_d, in, f_d, f, b_d, b, out_d, out);
    case CONV_ENTRY_1X1_FAST:
        return arm_convolve_1x1_s8_fast(ctx, cp, qp, in_d, in, f_d, f, b_d, b, out_d, out);
    case CONV_ENTRY_1_X_N:
        return arm_convolve_1_x_n_s8(ctx, cp, qp, in_d, in, f_d, f, b_d, b, out_d, out);
    default:
        return ARM_CMSIS_NN_NO_IMPL_ERROR;
    }
#else
    switch (e)
    {
    case CONV_ENTRY_WRAPPER:
        return arm_convolve_wrapper_s8(ctx, ws, cp, qp, in_d, in, f_d, f, b_d, b, out_d, out);
    case CONV_ENTRY_CONVOLVE:
        return arm_convolve_s8(ctx, ws, cp, qp, in_d, in, f_d, f, b_d, b, up_d, out_d, out);
    case CONV_ENTRY_1X1:
        return arm_convolve_1x1_s8(ctx, ws, cp, qp, in_d, in, f_d, f, b_d, b, out_d, out);
    case CONV_ENTRY_1X1_FAST:
        return arm_convolve_1x1_s8_fast(ctx, ws, cp, qp, in_d, in, f_d, f, b_d, b, out_d, out);
    case CONV_ENTRY_1_X_N:
        return arm_convolve_1_x_n_s8(ctx, ws, cp, qp, in_d, in, f_d, f, b_d, b, out_d, out);
    case CONV_ENTRY_1X1_OUT:
        return arm_convolve_1x1_out_s8(ctx, ws, cp, qp, in_d, in, f_d, f, b_d, b, out_d, out);
    default:
        return ARM_CMSIS_NN_NO_IMPL_ERROR;
    }
#endif
}

int32_t conv_entry_scratch(const conv_case *c, conv_entry e)
{
    cmsis_nn_conv_params cp;
    cmsis_nn_per_channel_quant_params qp;
    cmsis_nn_dims in_d, f_d, out_d, up_d;
    conv_case_structs(c, &cp, &qp, &in_d, &f_d, &out_d, &up_d);
    switch (e)
    {
    case CONV_ENTRY_WRAPPER:
    case CONV_ENTRY_1X1_OUT:
        return arm_convolve_wrapper_s8_get_buffer_size(&cp, &in_d, &f_d, &out_d);
    case CONV_ENTRY_CONVOLVE:
        return arm_convolve_s8_get_buffer_size(&in_d, &f_d);
    case CONV_ENTRY_1X1:
        return 0; /* no query: the route needs none */
    case CONV_ENTRY_1X1_FAST:
        return arm_convolve_1x1_s8_fast_get_buffer_size(&in_d);
    case CONV_ENTRY_1_X_N:
        return arm_convolve_1_x_n_s8_get_buffer_size(&cp, &in_d, &f_d, &out_d);
    default:
        return -1;
    }
}

bool conv_entry_accepts(const conv_case *c, conv_entry e)
{
    kiln_conv_s8_plan_t p;
    kiln_conv_s8_shape s = c->s;
    if (e != CONV_ENTRY_CONVOLVE)
    {
        s.upscale_h = s.upscale_w = 1;
    }
    switch (e)
    {
    case CONV_ENTRY_WRAPPER:
        return kiln_conv_s8_plan(&s, KILN_NATIVE_ISA, &p) == ARM_CMSIS_NN_SUCCESS;
    case CONV_ENTRY_CONVOLVE:
        return kiln_conv_s8_plan_route(&s, KILN_NATIVE_ISA, KILN_CONV_S8_ROUTE_IM2COL, &p) == ARM_CMSIS_NN_SUCCESS;
    case CONV_ENTRY_1X1:
        return kiln_conv_s8_plan_route(&s, KILN_NATIVE_ISA, KILN_CONV_S8_ROUTE_1X1, &p) == ARM_CMSIS_NN_SUCCESS;
    case CONV_ENTRY_1X1_FAST:
        return kiln_conv_s8_plan_route(&s, KILN_NATIVE_ISA, KILN_CONV_S8_ROUTE_1X1_FAST, &p) ==
            ARM_CMSIS_NN_SUCCESS;
    case CONV_ENTRY_1_X_N:
        return kiln_conv_s8_plan_route(&s, KILN_NATIVE_ISA, KILN_CONV_S8_ROUTE_1XN, &p) == ARM_CMSIS_NN_SUCCESS;
    case CONV_ENTRY_1X1_OUT:
#if KILN_UPSTREAM_API
        return false;
#else
        return s.out_h == 1 && s.out_w == 1 && s.filter_c == s.in_c &&
            kiln_conv_s8_plan(&s, KILN_NATIVE_ISA, &p) == ARM_CMSIS_NN_SUCCESS;
#endif
    default:
        return false;
    }
}

static bool guards_ok(const int8_t *p, int32_t n)
{
    for (int32_t i = 0; i < n; i++)
    {
        if (p[i] != GUARD_BYTE)
        {
            return false;
        }
    }
    return true;
}

/* One call of an entry with its operands where kiln_edge_each() puts them (void * slots). */
typedef struct
{
    conv_entry e;
    const cmsis_nn_conv_params *cp;
    const cmsis_nn_dims *in_d, *f_d, *out_d, *up_d, *bias_d;
    void *in, *f, *b, *mult, *shift, *scratch, *sums, *out;
    int32_t scratch_size, sums_size;
    const int8_t *want;
    int64_t out_n;
} conv_edge_call;

static bool conv_edge_run(void *arg)
{
    const conv_edge_call *k = (const conv_edge_call *)arg;
    const cmsis_nn_context ctx = {k->scratch, k->scratch_size};
    const cmsis_nn_context ws = {k->sums, k->sums_size};
    const cmsis_nn_per_channel_quant_params qp = {(int32_t *)k->mult, (int32_t *)k->shift};
    const arm_cmsis_nn_status st = conv_call(k->e, &ctx, &ws, k->cp, &qp, k->in_d, (const int8_t *)k->in, k->f_d,
                                             (const int8_t *)k->f, k->bias_d, (const int32_t *)k->b, k->up_d,
                                             k->out_d, (int8_t *)k->out);
    bool ok = KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
    ok &= KILN_CHECK_MEM_S8((const int8_t *)k->out, k->want, k->out_n);
    return ok;
}

#if !KILN_UPSTREAM_API
/* arm_convolve_weight_sum with its operands where kiln_edge_each() puts them (void * slots). */
typedef struct
{
    const cmsis_nn_dims *in_d, *f_d, *out_d;
    int32_t input_offset;
    void *sums, *w, *b;
    const int32_t *want;
    int32_t n;
} ws_edge_call;

static bool ws_edge_run(void *arg)
{
    const ws_edge_call *k = (const ws_edge_call *)arg;
    bool ok = KILN_CHECK_EQ(arm_convolve_weight_sum((int32_t *)k->sums, (const int8_t *)k->w, k->in_d, k->f_d,
                                                    k->out_d, k->input_offset, (const int32_t *)k->b),
                            ARM_CMSIS_NN_SUCCESS);
    ok &= KILN_CHECK_MEM_S32((const int32_t *)k->sums, k->want, k->n);
    return ok;
}
#endif

bool conv_run_checked(const conv_case *c, conv_entry e, bool with_sums, const int8_t *want)
{
    static int8_t scratch[SCRATCH_MAX + 2 * GUARD];
    static int8_t out[OUT_MAX + 2 * GUARD];
    static int8_t in_copy[COPY_MAX], w_copy[COPY_MAX];
    static int32_t sums[512 + 2];
    bool ok = true;
    const int64_t out_n = conv_out_bytes(c);
    const int32_t need = conv_entry_scratch(c, e);
    ok &= KILN_CHECK(need >= 0 && need <= SCRATCH_MAX);
    ok &= KILN_CHECK(out_n <= OUT_MAX && conv_in_bytes(c) <= COPY_MAX && conv_w_bytes(c) <= COPY_MAX);
    ok &= KILN_CHECK(c->s.out_c <= 512);
    if (!ok)
    {
        return false;
    }
    memcpy(in_copy, c->input, (size_t)conv_in_bytes(c));
    memcpy(w_copy, c->weights, (size_t)conv_w_bytes(c));
    memset(scratch, GUARD_BYTE, sizeof(scratch));
    memset(out, GUARD_BYTE, sizeof(out));

    cmsis_nn_conv_params cp;
    cmsis_nn_per_channel_quant_params qp;
    cmsis_nn_dims in_d, f_d, out_d, up_d;
    conv_case_structs(c, &cp, &qp, &in_d, &f_d, &out_d, &up_d);
    cmsis_nn_dims bias_d = {-5, -5, -5, -5}; /* never read */
    /* Scratch of exactly the queried size; a query of 0 passes a NULL buffer. */
    const cmsis_nn_context ctx = {need > 0 ? scratch + GUARD : NULL, need};
    cmsis_nn_context ws = {NULL, 0};
#if !KILN_UPSTREAM_API
    if (with_sums)
    {
        const int32_t ws_size = arm_convolve_s8_get_weights_sum_size(&out_d);
        ok &= KILN_CHECK(ws_size >= 0 && ws_size <= (int32_t)(512 * sizeof(int32_t)));
        sums[c->s.out_c] = 0x13579BDF;
        const arm_cmsis_nn_status st =
            arm_convolve_weight_sum(sums, c->weights, &in_d, &f_d, &out_d, c->input_offset, c->bias);
        if (ws_size > 0)
        {
            ok &= KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
            ok &= KILN_CHECK_EQ(sums[c->s.out_c], 0x13579BDF);
            ws.buf = sums;
            ws.size = ws_size;
            /* the fill again with its operands at the edges of readable memory */
            static int32_t sums_b[512];
            ws_edge_call k = {&in_d, &f_d, &out_d, c->input_offset, sums_b, kiln_edge_ptr(c->weights),
                              kiln_edge_ptr(c->bias), sums, c->s.out_c};
            const kiln_edge_operand ops[] = {{"weight sums", &k.sums, (size_t)ws_size},
                                             {"filter", &k.w, (size_t)conv_w_bytes(c)},
                                             {"bias", &k.b, (size_t)c->s.out_c * sizeof(int32_t)}};
            ok &= kiln_edge_each(ops, 3, ws_edge_run, &k);
        }
        else
        {
            ok &= KILN_CHECK_EQ(st, ARM_CMSIS_NN_NO_IMPL_ERROR);
        }
    }
#else
    (void)with_sums;
    (void)sums;
#endif
    const arm_cmsis_nn_status st = conv_call(e, &ctx, &ws, &cp, &qp, &in_d, c->input, &f_d, c->weights, &bias_d,
                                             c->bias, e == CONV_ENTRY_CONVOLVE ? &up_d : NULL, &out_d, out + GUARD);
    ok &= KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
    ok &= KILN_CHECK_MEM_S8(out + GUARD, want, out_n);
    ok &= KILN_CHECK(guards_ok(out, GUARD) && guards_ok(out + GUARD + out_n, GUARD));
    ok &= KILN_CHECK(guards_ok(scratch, GUARD) && guards_ok(scratch + GUARD + (need > 0 ? need : 0), GUARD));
    ok &= KILN_CHECK(memcmp(in_copy, c->input, (size_t)conv_in_bytes(c)) == 0);
    ok &= KILN_CHECK(memcmp(w_copy, c->weights, (size_t)conv_w_bytes(c)) == 0);
    if (ok)
    {
        /* Again with each operand flush against the end of readable memory: nothing is read or
         * written past any of them (a fault on the boards, AddressSanitizer on the host). */
        conv_edge_call k = {e,
                            &cp,
                            &in_d,
                            &f_d,
                            &out_d,
                            e == CONV_ENTRY_CONVOLVE ? &up_d : NULL,
                            &bias_d,
                            kiln_edge_ptr(c->input),
                            kiln_edge_ptr(c->weights),
                            kiln_edge_ptr(c->bias),
                            kiln_edge_ptr(c->mult),
                            kiln_edge_ptr(c->shift),
                            ctx.buf,
                            ws.buf,
                            out + GUARD,
                            ctx.size,
                            ws.size,
                            want,
                            out_n};
        const size_t per_ch = (size_t)c->s.out_c * sizeof(int32_t);
        const kiln_edge_operand ops[] = {
            {"input", &k.in, (size_t)conv_in_bytes(c)},       {"filter", &k.f, (size_t)conv_w_bytes(c)},
            {"bias", &k.b, per_ch},                           {"multipliers", &k.mult, per_ch},
            {"shifts", &k.shift, per_ch},                     {"scratch", &k.scratch, (size_t)(need > 0 ? need : 0)},
            {"weight sums", &k.sums, (size_t)ws.size},        {"output", &k.out, (size_t)out_n},
        };
        ok &= kiln_edge_each(ops, (int)(sizeof(ops) / sizeof(ops[0])), conv_edge_run, &k);
    }
    return ok;
}
