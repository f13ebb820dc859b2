/* Helpers shared by the depthwise tests (see dw_s8_test_util.h). */
#include "dw_s8_test_util.h"

#include <string.h>

#include "kiln_ref.h"
#include "kiln_test.h"

#define DW_GUARD 32
#define DW_MAX_TENSOR (1 << 17)
#define DW_MAX_CH 1024
#define DW_POISON 0x5A
/* Poisoned bytes checked after the output: a kernel that writes whole rows or columns past the end
 * (a block or lane of outputs that do not exist) lands within them. */
#define DW_TAIL 4096

static int8_t g_out[DW_GUARD + DW_MAX_TENSOR + DW_TAIL];
static int8_t g_in_copy[DW_MAX_TENSOR];
static int8_t g_f_copy[DW_MAX_TENSOR];
static int32_t g_b_copy[DW_MAX_CH], g_m_copy[DW_MAX_CH], g_s_copy[DW_MAX_CH];
static int32_t g_ws[DW_MAX_CH + 2 * DW_GUARD];
static int8_t g_scratch[4096 + 2 * DW_GUARD];
/* Where dw_case_call() puts the scratch and the weight sums: between the guards above, or where
 * the edge runs of dw_case_check_all() move them (kiln_edge_each: edge memory, no guards). */
static void *g_scratch_at = g_scratch + DW_GUARD;
static void *g_ws_at = g_ws + DW_GUARD;

const char *dw_call_name(dw_call call)
{
    static const char *const names[DW_CALL_COUNT] = {"wrapper", "wrapper+ws", "s8", "opt", "opt+ws", "3x3"};
    return (uint32_t)call < (uint32_t)DW_CALL_COUNT ? names[call] : "?";
}

void dw_case_structs(const dw_case *t, cmsis_nn_dw_conv_params *p, cmsis_nn_per_channel_quant_params *q,
                     cmsis_nn_dims *in, cmsis_nn_dims *f, cmsis_nn_dims *b, cmsis_nn_dims *out)
{
    memset(p, 0, sizeof(*p));
    p->input_offset = t->in_off;
    p->output_offset = t->out_off;
    p->ch_mult = t->ch_mult;
    p->stride.h = t->sh;
    p->stride.w = t->sw;
    p->padding.h = t->ph;
    p->padding.w = t->pw;
    p->dilation.h = t->dh;
    p->dilation.w = t->dw;
    p->activation.min = t->act_min;
    p->activation.max = t->act_max;
    q->multiplier = (int32_t *)(uintptr_t)t->mult;
    q->shift = (int32_t *)(uintptr_t)t->shift;
    *in = (cmsis_nn_dims){t->n, t->h, t->w, t->c};
    *f = (cmsis_nn_dims){1, t->fh, t->fw, t->oc};
    *b = (cmsis_nn_dims){1, 1, 1, t->oc};
    *out = (cmsis_nn_dims){t->n, t->oh, t->ow, t->oc};
}

int dw_case_ref(const dw_case *t, int8_t *output)
{
    const kiln_ref_window w = {t->n, t->h, t->w, t->c, t->oh, t->ow, t->oc, t->fh, t->fw,
                               t->sh, t->sw, t->ph, t->pw, t->dh, t->dw};
    return kiln_ref_depthwise_conv_s8(&w, t->ch_mult, t->input, t->in_off, t->filter, t->bias, t->mult, t->shift,
                                      t->out_off, t->act_min, t->act_max, output);
}

static bool guard_ok(const int8_t *p, int32_t n)
{
    for (int32_t i = 0; i < n; i++)
    {
        if (p[i] != DW_POISON)
        {
            return false;
        }
    }
    return true;
}

/* The scratch bytes the entry's query states for the case (-1: the query failed). */
static int32_t dw_case_need(const dw_case *t, dw_call call)
{
    cmsis_nn_dw_conv_params p;
    cmsis_nn_per_channel_quant_params q;
    cmsis_nn_dims in, f, b, out;
    dw_case_structs(t, &p, &q, &in, &f, &b, &out);
    if (call == DW_CALL_OPT || call == DW_CALL_OPT_WS)
    {
        return arm_depthwise_conv_s8_opt_get_buffer_size(&in, &f);
    }
    return arm_depthwise_conv_wrapper_s8_get_buffer_size(&p, &in, &f, &out);
}

/* The weight-sum bytes an entry given sums reads on this build (0: none). */
static int32_t dw_case_ws_bytes(const dw_case *t, dw_call call)
{
    const bool with_sums = call == DW_CALL_WRAPPER_WS || call == DW_CALL_OPT_WS;
    return with_sums && KILN_NATIVE_ISA == KILN_ISA_MVE ? t->oc * (int32_t)sizeof(int32_t) : 0;
}

int32_t dw_case_call(const dw_case *t, dw_call call, int8_t *output)
{
    cmsis_nn_dw_conv_params p;
    cmsis_nn_per_channel_quant_params q;
    cmsis_nn_dims in, f, b, out;
    dw_case_structs(t, &p, &q, &in, &f, &b, &out);

    const int32_t need = dw_case_need(t, call);
    if (need < 0 || need > 4096)
    {
        return -100;
    }
    const bool guarded = g_scratch_at == g_scratch + DW_GUARD;
    if (guarded)
    {
        memset(g_scratch, DW_POISON, sizeof(g_scratch));
    }
    /* Exactly the queried size; size 0 with a buffer is "not stated", which is also accepted. */
    const cmsis_nn_context ctx = {g_scratch_at, need};

    cmsis_nn_context ws_ctx = {NULL, 0};
    if (call == DW_CALL_WRAPPER_WS || call == DW_CALL_OPT_WS)
    {
        const bool ws_guarded = g_ws_at == g_ws + DW_GUARD;
        if (ws_guarded)
        {
            for (int32_t i = 0; i < DW_MAX_CH + 2 * DW_GUARD; i++)
            {
                g_ws[i] = 0x7F7F7F7F; /* garbage where the sums are not computed */
            }
        }
        const arm_cmsis_nn_status ws_status = arm_depthwise_convolve_weight_sum(
            (int32_t *)g_ws_at, NULL, t->filter, &p, &in, &f, &out, t->in_off, t->bias);
        ws_ctx.buf = g_ws_at;
        ws_ctx.size = dw_case_ws_bytes(t, call);
        if (KILN_NATIVE_ISA == KILN_ISA_MVE)
        {
            KILN_CHECK_EQ(ws_status, ARM_CMSIS_NN_SUCCESS);
        }
        else
        {
            /* ns elsewhere: no sums and a 0-byte buffer, which the kernels must ignore. */
            KILN_CHECK_EQ(ws_status, ARM_CMSIS_NN_NO_IMPL_ERROR);
        }
        KILN_CHECK(!ws_guarded || (g_ws[DW_GUARD - 1] == 0x7F7F7F7F && g_ws[DW_GUARD + t->oc] == 0x7F7F7F7F));
    }
#if KILN_UPSTREAM_API
    (void)ws_ctx;
#endif

    arm_cmsis_nn_status st = ARM_CMSIS_NN_NO_IMPL_ERROR;
    switch (call)
    {
    case DW_CALL_WRAPPER:
    case DW_CALL_WRAPPER_WS:
#if KILN_UPSTREAM_API
        st = arm_depthwise_conv_wrapper_s8(&ctx, &p, &q, &in, t->input, &f, t->filter, &b, t->bias, &out, output);
#else
        st = arm_depthwise_conv_wrapper_s8(
            &ctx, call == DW_CALL_WRAPPER ? NULL : &ws_ctx, &p, &q, &in, t->input, &f, t->filter, &b, t->bias, &out,
            output);
#endif
        break;
    case DW_CALL_S8:
        st = arm_depthwise_conv_s8(&ctx, &p, &q, &in, t->input, &f, t->filter, &b, t->bias, &out, output);
        break;
    case DW_CALL_OPT:
    case DW_CALL_OPT_WS:
#if KILN_UPSTREAM_API
        st = arm_depthwise_conv_s8_opt(&ctx, &p, &q, &in, t->input, &f, t->filter, &b, t->bias, &out, output);
#else
        st = arm_depthwise_conv_s8_opt(
            &ctx, call == DW_CALL_OPT ? NULL : &ws_ctx, &p, &q, &in, t->input, &f, t->filter, &b, t->bias, &out, output);
#endif
        break;
    case DW_CALL_3X3:
        st = arm_depthwise_conv_3x3_s8(&ctx, &p, &q, &in, t->input, &f, t->filter, &b, t->bias, &out, output);
        break;
    default:
        break;
    }
    KILN_CHECK(!guarded || guard_ok(g_scratch, DW_GUARD));
    KILN_CHECK(!guarded || guard_ok(g_scratch + DW_GUARD + need, DW_GUARD));
    return (int32_t)st;
}

/* One call of an entry with the operands where kiln_edge_each() puts them (void * slots; the scratch
 * and the weight sums through g_scratch_at / g_ws_at). */
typedef struct
{
    const dw_case *t;
    dw_call call;
    void *in, *f, *b, *mult, *shift, *out;
    const int8_t *want;
    int32_t count;
} dw_edge_call;

static bool dw_edge_run(void *arg)
{
    const dw_edge_call *k = (const dw_edge_call *)arg;
    dw_case t = *k->t;
    t.input = (const int8_t *)k->in;
    t.filter = (const int8_t *)k->f;
    t.bias = (const int32_t *)k->b;
    t.mult = (const int32_t *)k->mult;
    t.shift = (const int32_t *)k->shift;
    bool ok = KILN_CHECK_EQ(dw_case_call(&t, k->call, (int8_t *)k->out), ARM_CMSIS_NN_SUCCESS);
    ok &= KILN_CHECK_MEM_S8((const int8_t *)k->out, k->want, k->count);
    return ok;
}

/* The call again with each operand flush against the end of readable memory: nothing is read or
 * written past any of them (a fault on the boards, AddressSanitizer on the host). */
static bool dw_case_edges(const dw_case *t, dw_call call, const int8_t *want, int32_t count)
{
    dw_edge_call k = {t,
                      call,
                      kiln_edge_ptr(t->input),
                      kiln_edge_ptr(t->filter),
                      kiln_edge_ptr(t->bias),
                      kiln_edge_ptr(t->mult),
                      kiln_edge_ptr(t->shift),
                      g_out + DW_GUARD,
                      want,
                      count};
    const size_t per_ch = (size_t)t->oc * sizeof(int32_t);
    const int32_t need = dw_case_need(t, call);
    const kiln_edge_operand ops[] = {
        {"input", &k.in, (size_t)t->n * t->h * t->w * t->c},
        {"filter", &k.f, (size_t)t->fh * t->fw * t->oc},
        {"bias", &k.b, per_ch},
        {"multipliers", &k.mult, per_ch},
        {"shifts", &k.shift, per_ch},
        {"scratch", &g_scratch_at, (size_t)(need > 0 ? need : 0)},
        {"weight sums", &g_ws_at, (size_t)dw_case_ws_bytes(t, call)},
        {"output", &k.out, (size_t)count},
    };
    return kiln_edge_each(ops, (int)(sizeof(ops) / sizeof(ops[0])), dw_edge_run, &k);
}

static bool dw_is_3x3(const dw_case *t)
{
    return t->ch_mult == 1 && t->fh == 3 && t->fw == 3 && t->ph <= 1 && t->pw <= 1 && t->dh == 1 && t->dw == 1;
}

bool dw_case_check_all(const dw_case *t, const int8_t *want)
{
    const int32_t count = t->n * t->oh * t->ow * t->oc;
    const int32_t in_count = t->n * t->h * t->w * t->c;
    const int32_t f_count = t->fh * t->fw * t->oc;
    if (count > DW_MAX_TENSOR || in_count > DW_MAX_TENSOR || f_count > DW_MAX_TENSOR || t->oc > DW_MAX_CH)
    {
        KILN_CHECK(!"case too large for the test buffers");
        return false;
    }
    memcpy(g_in_copy, t->input, (size_t)in_count);
    memcpy(g_f_copy, t->filter, (size_t)f_count);
    if (t->bias != NULL)
    {
        memcpy(g_b_copy, t->bias, (size_t)t->oc * sizeof(int32_t));
    }
    memcpy(g_m_copy, t->mult, (size_t)t->oc * sizeof(int32_t));
    memcpy(g_s_copy, t->shift, (size_t)t->oc * sizeof(int32_t));

    bool ok = true;
    for (int32_t c = 0; c < DW_CALL_COUNT; c++)
    {
        const dw_call call = (dw_call)c;
        const bool cm1 = t->ch_mult == 1;
#if KILN_UPSTREAM_API
        if (call == DW_CALL_WRAPPER_WS || call == DW_CALL_OPT_WS)
        {
            continue;
        }
#endif
        if ((call == DW_CALL_OPT || call == DW_CALL_OPT_WS) && !cm1)
        {
            continue;
        }
        if (call == DW_CALL_3X3 && !dw_is_3x3(t))
        {
            continue;
        }
        kiln_test_context("%s via %s", t->name, dw_call_name(call));
        memset(g_out, DW_POISON, (size_t)count + DW_GUARD + DW_TAIL);
        const int32_t st = dw_case_call(t, call, g_out + DW_GUARD);
        ok &= KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
        ok &= KILN_CHECK_MEM_S8(g_out + DW_GUARD, want, count);
        ok &= KILN_CHECK(guard_ok(g_out, DW_GUARD) && guard_ok(g_out + DW_GUARD + count, DW_TAIL));
        ok &= KILN_CHECK(memcmp(g_in_copy, t->input, (size_t)in_count) == 0);
        ok &= KILN_CHECK(memcmp(g_f_copy, t->filter, (size_t)f_count) == 0);
        ok &= KILN_CHECK(t->bias == NULL || memcmp(g_b_copy, t->bias, (size_t)t->oc * sizeof(int32_t)) == 0);
        ok &= KILN_CHECK(memcmp(g_m_copy, t->mult, (size_t)t->oc * sizeof(int32_t)) == 0);
        ok &= KILN_CHECK(memcmp(g_s_copy, t->shift, (size_t)t->oc * sizeof(int32_t)) == 0);
        if (ok)
        {
            ok &= dw_case_edges(t, call, want, count);
        }
        if (!ok)
        {
            break;
        }
    }
    return ok;
}
