/*
 * int8 depthwise convolution with packed int4 weights (arm_depthwise_conv_s4, _s4_opt,
 * _wrapper_s4 and their size queries): every shared vector through each function its upstream
 * driver calls, an independent in-file reference (nibble unpacking, plain loops, TFLite
 * requantization) on the vectors and in randomized differential tests, output and context guards,
 * unchanged inputs, size queries, the family plan, a bad-input table, empty outputs and edge memory.
 */
#include <string.h>

#include "arm_nnfunctions.h"
#include "Internal/kiln_dw_s4.h"
#include "kiln_test.h"

#include "kiln_vectors/depthwise_int4_1.h"
#include "kiln_vectors/depthwise_int4_2.h"
#include "kiln_vectors/depthwise_int4_3.h"
#include "kiln_vectors/depthwise_int4_4.h"
#include "kiln_vectors/depthwise_int4_generic.h"
#include "kiln_vectors/depthwise_int4_generic_2.h"
#include "kiln_vectors/depthwise_int4_generic_3.h"
#include "kiln_vectors/depthwise_int4_generic_4.h"
#include "kiln_vectors/depthwise_int4_generic_5.h"
#include "kiln_vectors/depthwise_int4_generic_6.h"

#define GUARD 32
#define GUARD_BYTE ((int8_t)0x5A)
#define MAX_IN 9000
#define MAX_OUT 12000
#define MAX_CH 64
#define MAX_W 1200 /* packed filter bytes */

/* ---- a call ---------------------------------------------------------------------------------- */

typedef struct
{
    int32_t n, h, w, c;       /* input */
    int32_t oh, ow, oc;       /* output */
    int32_t cm;               /* channel multiplier */
    int32_t fh, fw;           /* filter */
    int32_t sh, sw, ph, pw, dh, dw;
    int32_t in_off, out_off, act_min, act_max;
    const int8_t *input;
    const int8_t *filter; /* packed */
    const int32_t *bias;  /* may be NULL */
    const int32_t *mult;
    const int32_t *shift;
} dw4_case;

typedef enum
{
    API_S4 = 0,
    API_OPT = 1,
    API_WRAPPER = 2,
    API_COUNT = 3
} dw4_api;

static void make_args(const dw4_case *t, cmsis_nn_dw_conv_params *p, cmsis_nn_per_channel_quant_params *q,
                      cmsis_nn_dims *in, cmsis_nn_dims *f, cmsis_nn_dims *b, cmsis_nn_dims *out)
{
    memset(p, 0, sizeof(*p));
    p->input_offset = t->in_off;
    p->output_offset = t->out_off;
    p->ch_mult = t->cm;
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
    const cmsis_nn_dims di = {t->n, t->h, t->w, t->c};
    const cmsis_nn_dims dfl = {1, t->fh, t->fw, t->oc};
    const cmsis_nn_dims db = {1, 1, 1, t->oc};
    const cmsis_nn_dims dout = {t->n, t->oh, t->ow, t->oc};
    *in = di;
    *f = dfl;
    *b = db;
    *out = dout;
}

static arm_cmsis_nn_status run_api(const dw4_case *t, dw4_api api, const cmsis_nn_context *ctx, int8_t *out)
{
    cmsis_nn_dw_conv_params p;
    cmsis_nn_per_channel_quant_params q;
    cmsis_nn_dims in, f, b, o;
    make_args(t, &p, &q, &in, &f, &b, &o);
    switch (api)
    {
    case API_OPT:
        return arm_depthwise_conv_s4_opt(ctx, &p, &q, &in, t->input, &f, t->filter, &b, t->bias, &o, out);
    case API_WRAPPER:
        return arm_depthwise_conv_wrapper_s4(ctx, &p, &q, &in, t->input, &f, t->filter, &b, t->bias, &o, out);
    default:
        return arm_depthwise_conv_s4(ctx, &p, &q, &in, t->input, &f, t->filter, &b, t->bias, &o, out);
    }
}

static int64_t out_count(const dw4_case *t)
{
    return (int64_t)t->n * t->oh * t->ow * t->oc;
}

static int64_t packed_bytes(const dw4_case *t)
{
    return ((int64_t)t->fh * t->fw * t->oc + 1) / 2;
}

/* ---- reference ------------------------------------------------------------------------------- */

/* Weight e of the packed filter: low nibble first, sign-extended from 4 bits. */
static int32_t ref_weight(const int8_t *packed, int64_t e)
{
    const uint8_t byte = (uint8_t)packed[e / 2];
    int32_t v = (e % 2 == 0) ? (byte & 0x0F) : (byte >> 4);
    return v >= 8 ? v - 16 : v;
}

/* floor(x / 2^s) for s in [0, 62]. */
static int64_t ref_floor_pow2(int64_t x, int s)
{
    const int64_t d = (int64_t)1 << s;
    int64_t q = x / d;
    if (x % d != 0 && x < 0)
    {
        q -= 1;
    }
    return q;
}

/* TFLite MultiplyByQuantizedMultiplier (32-bit): left shift (int32 wrap), saturating rounding
 * doubling high multiply, rounding divide by a power of two (ties away from zero). */
static int32_t ref_requant(int32_t acc, int32_t mult, int32_t shift)
{
    const int ls = shift > 0 ? shift : 0;
    const int rs = shift > 0 ? 0 : -shift;
    const int32_t x = (int32_t)(uint32_t)((uint64_t)(uint32_t)acc << ls);
    const int64_t ab = (int64_t)x * mult;
    const int64_t nudge = ab >= 0 ? ((int64_t)1 << 30) : (1 - ((int64_t)1 << 30));
    const int32_t hi = (int32_t)((ab + nudge) / ((int64_t)1 << 31)); /* truncation toward zero */
    if (rs == 0)
    {
        return hi;
    }
    const int64_t mask = ((int64_t)1 << rs) - 1;
    const int64_t rem = (int64_t)hi - ref_floor_pow2(hi, rs) * ((int64_t)1 << rs);
    const int64_t thr = (mask >> 1) + (hi < 0 ? 1 : 0);
    return (int32_t)(ref_floor_pow2(hi, rs) + (rem > thr ? 1 : 0));
}

static void ref_dw_s4(const dw4_case *t, int8_t *out)
{
    for (int32_t b = 0; b < t->n; b++)
        for (int32_t oy = 0; oy < t->oh; oy++)
            for (int32_t ox = 0; ox < t->ow; ox++)
                for (int32_t ic = 0; ic < t->c; ic++)
                    for (int32_t m = 0; m < t->cm; m++)
                    {
                        const int32_t oc = ic * t->cm + m;
                        int64_t sum = 0;
                        for (int32_t ky = 0; ky < t->fh; ky++)
                            for (int32_t kx = 0; kx < t->fw; kx++)
                            {
                                const int32_t iy = oy * t->sh - t->ph + ky * t->dh;
                                const int32_t ix = ox * t->sw - t->pw + kx * t->dw;
                                if (iy < 0 || iy >= t->h || ix < 0 || ix >= t->w)
                                {
                                    continue;
                                }
                                const int32_t x = t->input[(((int64_t)b * t->h + iy) * t->w + ix) * t->c + ic];
                                const int64_t e = ((int64_t)ky * t->fw + kx) * t->oc + oc;
                                sum += (int64_t)(x + t->in_off) * ref_weight(t->filter, e);
                            }
                        const int32_t acc = (int32_t)(uint32_t)((uint64_t)sum + (uint64_t)(t->bias ? t->bias[oc] : 0));
                        int64_t v = (int64_t)ref_requant(acc, t->mult[oc], t->shift[oc]) + t->out_off;
                        v = v < t->act_min ? t->act_min : (v > t->act_max ? t->act_max : v);
                        out[(((int64_t)b * t->oh + oy) * t->ow + ox) * t->oc + oc] = (int8_t)v;
                    }
}

/* ---- buffers --------------------------------------------------------------------------------- */

static int8_t g_out_buf[MAX_OUT + 2 * GUARD];
static int8_t *const g_out = g_out_buf + GUARD;
static int8_t g_ref[MAX_OUT];
static int8_t g_ctx_buf[2 * GUARD];
static int8_t *const g_ctx = g_ctx_buf + GUARD; /* 0 bytes between two guards: the queried size */
static int8_t g_in[MAX_IN], g_in_copy[MAX_IN];
static int8_t g_w[MAX_W], g_w_copy[MAX_W];
static int32_t g_bias[MAX_CH], g_mult[MAX_CH], g_shift[MAX_CH], g_q_copy[3 * MAX_CH];

static void guard_fill(int8_t *p, int64_t n)
{
    memset(p - GUARD, GUARD_BYTE, GUARD);
    memset(p + n, GUARD_BYTE, GUARD);
}

static bool guard_intact(const int8_t *p, int64_t n)
{
    for (int i = 0; i < GUARD; i++)
    {
        if (p[-1 - i] != GUARD_BYTE || p[n + i] != GUARD_BYTE)
        {
            return false;
        }
    }
    return true;
}

static int32_t query(const dw4_case *t, kiln_isa isa)
{
    cmsis_nn_dw_conv_params p;
    cmsis_nn_per_channel_quant_params q;
    cmsis_nn_dims in, f, b, o;
    make_args(t, &p, &q, &in, &f, &b, &o);
    if (isa == KILN_ISA_DSP)
    {
        return arm_depthwise_conv_wrapper_s4_get_buffer_size_dsp(&p, &in, &f, &o);
    }
    if (isa == KILN_ISA_MVE)
    {
        return arm_depthwise_conv_wrapper_s4_get_buffer_size_mve(&p, &in, &f, &o);
    }
    return arm_depthwise_conv_wrapper_s4_get_buffer_size(&p, &in, &f, &o);
}

/* ---- edge memory ------------------------------------------------------------------------------ */

typedef struct
{
    const dw4_case *t;
    dw4_api api;
    void *in, *w, *b, *mult, *shift, *out;
    const int8_t *want;
} dw4_edge_call;

static bool dw4_edge_run(void *arg)
{
    const dw4_edge_call *k = (const dw4_edge_call *)arg;
    dw4_case t = *k->t;
    t.input = (const int8_t *)k->in;
    t.filter = (const int8_t *)k->w;
    t.bias = (const int32_t *)k->b;
    t.mult = (const int32_t *)k->mult;
    t.shift = (const int32_t *)k->shift;
    bool ok = KILN_CHECK_EQ(run_api(&t, k->api, NULL, (int8_t *)k->out), ARM_CMSIS_NN_SUCCESS);
    ok &= KILN_CHECK_MEM_S8((const int8_t *)k->out, k->want, out_count(&t));
    return ok;
}

static void check_edges(const dw4_case *t, dw4_api api, const int8_t *want)
{
    dw4_edge_call k = {t,
                       api,
                       kiln_edge_ptr(t->input),
                       kiln_edge_ptr(t->filter),
                       kiln_edge_ptr(t->bias),
                       kiln_edge_ptr(t->mult),
                       kiln_edge_ptr(t->shift),
                       g_out,
                       want};
    const size_t per_ch = (size_t)t->oc * sizeof(int32_t);
    const kiln_edge_operand ops[] = {
        {"input", &k.in, (size_t)((int64_t)t->n * t->h * t->w * t->c)},
        {"filter", &k.w, (size_t)packed_bytes(t)},
        {"bias", &k.b, t->bias != NULL ? per_ch : 0},
        {"multipliers", &k.mult, per_ch},
        {"shifts", &k.shift, per_ch},
        {"output", &k.out, (size_t)out_count(t)},
    };
    kiln_edge_each(ops, (int)(sizeof(ops) / sizeof(ops[0])), dw4_edge_run, &k);
}

/* ---- one case through every entry ------------------------------------------------------------ */

/* Each applicable entry with each context form (NULL, {NULL, 0}, a guarded 0-byte buffer stated as
 * 0 and as its exact queried size), guards around the output; inputs unchanged; queries 0. */
static void check_case(const dw4_case *t, const int8_t *want, bool edges)
{
    const int64_t n_out = out_count(t);
    const int64_t n_in = (int64_t)t->n * t->h * t->w * t->c;
    const int64_t n_w = packed_bytes(t);
    for (int isa = 0; isa < 3; isa++)
    {
        KILN_CHECK_EQ(query(t, (kiln_isa)isa), 0);
    }
    if (t->cm == 1)
    {
        const cmsis_nn_dims in = {t->n, t->h, t->w, t->c};
        const cmsis_nn_dims f = {1, t->fh, t->fw, t->oc};
        KILN_CHECK_EQ(arm_depthwise_conv_s4_opt_get_buffer_size(&in, &f), 0);
    }
    memcpy(g_in_copy, t->input, (size_t)n_in);
    memcpy(g_w_copy, t->filter, (size_t)n_w);
    for (int api = 0; api < API_COUNT; api++)
    {
        if (api == API_OPT && t->cm != 1)
        {
            continue;
        }
        for (int form = 0; form < 4; form++)
        {
            memset(g_ctx_buf, GUARD_BYTE, sizeof(g_ctx_buf));
            const cmsis_nn_context ctx = {form >= 2 ? (void *)g_ctx : NULL, form == 3 ? query(t, KILN_NATIVE_ISA) : 0};
            guard_fill(g_out, n_out);
            memset(g_out, 0x11, (size_t)n_out);
            KILN_CHECK_EQ(run_api(t, (dw4_api)api, form == 0 ? NULL : &ctx, g_out), ARM_CMSIS_NN_SUCCESS);
            if (!KILN_CHECK_MEM_S8(g_out, want, n_out))
            {
                kiln_test_context("api %d form %d: n %d in %dx%dx%d cm %d f %dx%d s %d,%d p %d,%d d %d,%d", api, form,
                                  (int)t->n, (int)t->h, (int)t->w, (int)t->c, (int)t->cm, (int)t->fh, (int)t->fw,
                                  (int)t->sh, (int)t->sw, (int)t->ph, (int)t->pw, (int)t->dh, (int)t->dw);
            }
            KILN_CHECK(guard_intact(g_out, n_out));
            KILN_CHECK(guard_intact(g_ctx, 0));
        }
        if (edges)
        {
            check_edges(t, (dw4_api)api, want);
        }
    }
    KILN_CHECK(memcmp(g_in_copy, t->input, (size_t)n_in) == 0);
    KILN_CHECK(memcmp(g_w_copy, t->filter, (size_t)n_w) == 0);
}

/* ---- shared vectors -------------------------------------------------------------------------- */

#define DW4_VEC(lc, UC)                                                                                           \
    {                                                                                                             \
        UC##_INPUT_BATCHES, UC##_INPUT_H, UC##_INPUT_W, UC##_IN_CH, UC##_OUTPUT_H, UC##_OUTPUT_W, UC##_OUT_CH,    \
            UC##_CH_MULT, UC##_FILTER_Y, UC##_FILTER_X, UC##_STRIDE_Y, UC##_STRIDE_X, UC##_PAD_Y, UC##_PAD_X,     \
            UC##_DILATION_Y, UC##_DILATION_X, UC##_INPUT_OFFSET, UC##_OUTPUT_OFFSET, UC##_OUT_ACTIVATION_MIN,     \
            UC##_OUT_ACTIVATION_MAX, lc##_input, lc##_weights, lc##_biases, lc##_output_mult, lc##_output_shift   \
    }

typedef struct
{
    const char *name;
    dw4_case t;
    const int8_t *want;
    int64_t want_n;
    int64_t w_n;
    bool opt; /* the upstream driver also calls arm_depthwise_conv_s4_opt */
} dw4_vec;

#define DW4_ENTRY(lc, UC, OPT)                                                                                    \
    {                                                                                                             \
        #lc, DW4_VEC(lc, UC), lc##_output_ref, (int64_t)(sizeof(lc##_output_ref) / sizeof(lc##_output_ref[0])),  \
            (int64_t)(sizeof(lc##_weights) / sizeof(lc##_weights[0])), OPT                                        \
    }

static void test_vectors(void)
{
    static const dw4_vec vecs[] = {
        DW4_ENTRY(depthwise_int4_1, DEPTHWISE_INT4_1, true),
        DW4_ENTRY(depthwise_int4_2, DEPTHWISE_INT4_2, true),
        DW4_ENTRY(depthwise_int4_3, DEPTHWISE_INT4_3, true),
        DW4_ENTRY(depthwise_int4_4, DEPTHWISE_INT4_4, true),
        DW4_ENTRY(depthwise_int4_generic, DEPTHWISE_INT4_GENERIC, false),
        DW4_ENTRY(depthwise_int4_generic_2, DEPTHWISE_INT4_GENERIC_2, false),
        DW4_ENTRY(depthwise_int4_generic_3, DEPTHWISE_INT4_GENERIC_3, false),
        DW4_ENTRY(depthwise_int4_generic_4, DEPTHWISE_INT4_GENERIC_4, false),
        DW4_ENTRY(depthwise_int4_generic_5, DEPTHWISE_INT4_GENERIC_5, false),
        DW4_ENTRY(depthwise_int4_generic_6, DEPTHWISE_INT4_GENERIC_6, false),
    };
    for (size_t i = 0; i < sizeof(vecs) / sizeof(vecs[0]); i++)
    {
        const dw4_vec *v = &vecs[i];
        kiln_test_context("vector %s", v->name);
        KILN_CHECK_EQ(out_count(&v->t), v->want_n);
        KILN_CHECK_EQ(packed_bytes(&v->t), v->w_n); /* ceil(fh * fw * oc / 2) bytes */
        KILN_CHECK(!v->opt || v->t.cm == 1); /* opt vectors have ch_mult 1 (every ch_mult-1 case runs opt) */
        /* The reference agrees with the vector. */
        ref_dw_s4(&v->t, g_ref);
        KILN_CHECK_MEM_S8(g_ref, v->want, v->want_n);
        check_case(&v->t, v->want, v->want_n <= 600);
        /* NULL bias with an all-zero bias vector: same result. */
        bool zero = true;
        for (int32_t c = 0; c < v->t.oc; c++)
        {
            zero = zero && v->t.bias[c] == 0;
        }
        if (zero)
        {
            dw4_case t = v->t;
            t.bias = NULL;
            memset(g_out, 0, (size_t)v->want_n);
            KILN_CHECK_EQ(run_api(&t, API_WRAPPER, NULL, g_out), ARM_CMSIS_NN_SUCCESS);
            KILN_CHECK_MEM_S8(g_out, v->want, v->want_n);
        }
    }
}

/* ---- random differential tests ------------------------------------------------------------- */

/* An axis: output size for (in, k, stride, pad, dil), choosing VALID/SAME-like padding; 0 = no. */
static int32_t pick_axis(kiln_rng *r, int32_t in, int32_t k, int32_t stride, int32_t dil, int32_t *pad)
{
    const int32_t eff = (k - 1) * dil + 1;
    *pad = kiln_rng_range(r, 0, 3) == 0 ? 0 : kiln_rng_range(r, 0, eff / 2 + 1);
    const int32_t span = in + 2 * *pad - eff;
    if (span + 1 < 0)
    {
        return 0;
    }
    const int32_t sym = span >= 0 ? span / stride + 1 : 0;
    const int32_t extra = (span + 1) / stride + 1;
    return (kiln_rng_range(r, 0, 1) == 0 && sym > 0) ? sym : extra;
}

static bool random_case(kiln_rng *r, dw4_case *t)
{
    memset(t, 0, sizeof(*t));
    t->n = kiln_rng_range(r, 1, 3);
    t->h = kiln_rng_range(r, 1, 8);
    t->w = kiln_rng_range(r, 1, 8);
    const int kind = kiln_rng_range(r, 0, 3);
    t->cm = kind == 0 ? 1 : (kind == 1 ? kiln_rng_range(r, 2, 5) : 1);
    t->c = (t->cm == 1 && kiln_rng_range(r, 0, 2) == 0) ? kiln_rng_range(r, 20, 40) : kiln_rng_range(r, 1, 11);
    if (kind == 3)
    {
        t->cm = kiln_rng_range(r, 1, 4);
        t->c = kiln_rng_range(r, 1, 3);
    }
    t->oc = t->c * t->cm;
    t->fh = kiln_rng_range(r, 1, 5);
    t->fw = kiln_rng_range(r, 1, 5);
    t->sh = kiln_rng_range(r, 1, 3);
    t->sw = kiln_rng_range(r, 1, 3);
    t->dh = kiln_rng_range(r, 0, 2) == 0 ? kiln_rng_range(r, 2, 3) : 1;
    t->dw = kiln_rng_range(r, 0, 2) == 0 ? kiln_rng_range(r, 2, 3) : 1;
    t->oh = pick_axis(r, t->h, t->fh, t->sh, t->dh, &t->ph);
    t->ow = pick_axis(r, t->w, t->fw, t->sw, t->dw, &t->pw);
    if (t->oh < 1 || t->ow < 1 || out_count(t) > MAX_OUT || (int64_t)t->n * t->h * t->w * t->c > MAX_IN ||
        packed_bytes(t) > MAX_W || t->oc > MAX_CH)
    {
        return false;
    }
    t->in_off = kiln_rng_range(r, 0, 3) == 0 ? kiln_rng_range(r, -255, 255) : kiln_rng_range(r, -127, 128);
    t->out_off = kiln_rng_range(r, 0, 3) == 0 ? kiln_rng_range(r, -255, 255) : kiln_rng_range(r, -128, 127);
    const int32_t a = kiln_rng_range(r, -128, 127);
    const int32_t b = kiln_rng_range(r, -128, 127);
    t->act_min = kiln_rng_range(r, 0, 2) == 0 ? (a < b ? a : b) : -128;
    t->act_max = kiln_rng_range(r, 0, 2) == 0 ? (a < b ? b : a) : 127;
    if (t->act_min > t->act_max)
    {
        t->act_min = t->act_max;
    }
    kiln_rng_fill_s8(r, g_in, (int64_t)t->n * t->h * t->w * t->c);
    kiln_rng_fill_s8(r, g_w, packed_bytes(t)); /* an odd count leaves a random, unused high nibble */
    for (int32_t c = 0; c < t->oc; c++)
    {
        g_bias[c] = kiln_rng_range(r, -(1 << 16), 1 << 16);
        g_mult[c] = kiln_rng_range(r, 0, 15) == 0 ? kiln_rng_range(r, 0, INT32_MAX) : kiln_rng_range(r, 1 << 30, INT32_MAX);
        g_shift[c] = kiln_rng_range(r, -12, 3);
    }
    t->input = g_in;
    t->filter = g_w;
    t->bias = kiln_rng_range(r, 0, 4) == 0 ? NULL : g_bias;
    t->mult = g_mult;
    t->shift = g_shift;
    return true;
}

static void test_random(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x5344574Bu);
    const int32_t iters = kiln_test_iterations(2000, 200);
    int32_t done = 0;
    while (done < iters)
    {
        dw4_case t;
        if (!random_case(&r, &t))
        {
            continue;
        }
        done++;
        ref_dw_s4(&t, g_ref);
        memcpy(g_q_copy, g_mult, sizeof(int32_t) * (size_t)t.oc);
        memcpy(g_q_copy + MAX_CH, g_shift, sizeof(int32_t) * (size_t)t.oc);
        memcpy(g_q_copy + 2 * MAX_CH, g_bias, sizeof(int32_t) * (size_t)t.oc);
        check_case(&t, g_ref, done % 50 == 0 && out_count(&t) <= 2000);
        KILN_CHECK(memcmp(g_q_copy, g_mult, sizeof(int32_t) * (size_t)t.oc) == 0);
        KILN_CHECK(memcmp(g_q_copy + MAX_CH, g_shift, sizeof(int32_t) * (size_t)t.oc) == 0);
        KILN_CHECK(memcmp(g_q_copy + 2 * MAX_CH, g_bias, sizeof(int32_t) * (size_t)t.oc) == 0);
    }
}

/* ---- plan and size queries ------------------------------------------------------------------- */

static void test_plan_and_queries(void)
{
    const cmsis_nn_dw_conv_params p = {128, 0, 2, {1, 1}, {0, 0}, {1, 1}, {-128, 127}};
    const cmsis_nn_dims in = {1, 5, 5, 3};
    const cmsis_nn_dims f = {1, 3, 3, 6};
    const cmsis_nn_dims o = {1, 3, 3, 6};
    kiln_dw_s4_req req;
    KILN_CHECK(kiln_dw_req_from(&p, &in, &f, &o, &req));
    KILN_CHECK(!req.empty);
    for (int isa = 0; isa < 3; isa++)
    {
        kiln_dw_s4_plan_t plan;
        KILN_CHECK(kiln_dw_s4_plan(&req, (kiln_isa)isa, &plan));
        KILN_CHECK_EQ(plan.route, KILN_DW_S4_ROUTE_C);
        KILN_CHECK(strcmp(plan.name, "dw_s4_c") == 0);
        KILN_CHECK_EQ(plan.scratch_bytes, 0);
    }
    KILN_CHECK(strcmp(kiln_dw_s4_route_name(KILN_DW_S4_ROUTE_C), "dw_s4_c") == 0);
    KILN_CHECK(strcmp(kiln_dw_s4_route_name((kiln_dw_s4_route)5), "?") == 0);
    KILN_CHECK(!kiln_dw_s4_plan(NULL, KILN_ISA_C, NULL));
    KILN_CHECK_EQ(arm_depthwise_conv_wrapper_s4_get_buffer_size(&p, &in, &f, &o), 0);
    KILN_CHECK_EQ(arm_depthwise_conv_wrapper_s4_get_buffer_size_dsp(&p, &in, &f, &o), 0);
    KILN_CHECK_EQ(arm_depthwise_conv_wrapper_s4_get_buffer_size_mve(&p, &in, &f, &o), 0);

    /* Bad geometry: -1 from every wrapper query. */
    const cmsis_nn_dims bad_o = {1, 5, 3, 6};
    const cmsis_nn_dims bad_f = {1, 3, 3, 5};
    const cmsis_nn_dims neg = {1, -1, 5, 3};
    cmsis_nn_dw_conv_params p0 = p;
    p0.stride.w = 0;
    KILN_CHECK_EQ(arm_depthwise_conv_wrapper_s4_get_buffer_size(&p, &in, &f, &bad_o), -1);
    KILN_CHECK_EQ(arm_depthwise_conv_wrapper_s4_get_buffer_size_dsp(&p, &in, &bad_f, &o), -1);
    KILN_CHECK_EQ(arm_depthwise_conv_wrapper_s4_get_buffer_size_mve(&p, &neg, &f, &o), -1);
    KILN_CHECK_EQ(arm_depthwise_conv_wrapper_s4_get_buffer_size(&p0, &in, &f, &o), -1);
    KILN_CHECK_EQ(arm_depthwise_conv_wrapper_s4_get_buffer_size(NULL, &in, &f, &o), -1);
    KILN_CHECK_EQ(arm_depthwise_conv_wrapper_s4_get_buffer_size_dsp(&p, NULL, &f, &o), -1);
    KILN_CHECK_EQ(arm_depthwise_conv_wrapper_s4_get_buffer_size_mve(&p, &in, NULL, &o), -1);
    KILN_CHECK_EQ(arm_depthwise_conv_wrapper_s4_get_buffer_size(&p, &in, &f, NULL), -1);
    /* Empty output: 0. */
    const cmsis_nn_dims in0 = {0, 5, 5, 3};
    const cmsis_nn_dims o0 = {0, 3, 3, 6};
    KILN_CHECK_EQ(arm_depthwise_conv_wrapper_s4_get_buffer_size(&p, &in0, &f, &o0), 0);

    /* opt query: input and filter dims only. */
    const cmsis_nn_dims f1 = {1, 3, 3, 3};
    const cmsis_nn_dims big_f = {1, 200, 200, 3}; /* window past 16384 taps */
    const cmsis_nn_dims huge_in = {65536, 65536, 1, 3};
    KILN_CHECK_EQ(arm_depthwise_conv_s4_opt_get_buffer_size(&in, &f1), 0);
    KILN_CHECK_EQ(arm_depthwise_conv_s4_opt_get_buffer_size(&in, &f), -1); /* filter c != input c */
    KILN_CHECK_EQ(arm_depthwise_conv_s4_opt_get_buffer_size(&neg, &f1), -1);
    KILN_CHECK_EQ(arm_depthwise_conv_s4_opt_get_buffer_size(NULL, &f1), -1);
    KILN_CHECK_EQ(arm_depthwise_conv_s4_opt_get_buffer_size(&in, NULL), -1);
    KILN_CHECK_EQ(arm_depthwise_conv_s4_opt_get_buffer_size(&in, &big_f), -1);
    KILN_CHECK_EQ(arm_depthwise_conv_s4_opt_get_buffer_size(&huge_in, &f1), -1);
}

/* ---- bad inputs ------------------------------------------------------------------------------ */

static const int8_t k_in[2 * 4 * 4 * 3] = {1, -2, 3, 4, 5, -6, 7, 8, 9, 10, 11, 12};
static const int8_t k_w[(3 * 3 * 6 + 1) / 2] = {0x12, 0x34, (int8_t)0x9A, (int8_t)0xF0, 0x7E};
static const int32_t k_bias[6] = {1, 2, 3, -4, 5, 6};
static const int32_t k_mult[6] = {1 << 30, 1 << 30, 1 << 30, 1 << 30, 1 << 30, 1 << 30};
static const int32_t k_shift[6] = {-2, -2, -2, -2, -2, -2};
static const int32_t k_bad_mult[6] = {1 << 30, -1, 1 << 30, 1 << 30, 1 << 30, 1 << 30};
static const int32_t k_bad_shift_hi[6] = {-2, -2, 31, -2, -2, -2};
static const int32_t k_bad_shift_lo[6] = {-32, -2, -2, -2, -2, -2};
static const int32_t k_bad_mult_last[6] = {1 << 30, 1 << 30, 1 << 30, 1 << 30, 1 << 30, INT32_MIN};

static dw4_case base_case(void)
{
    const dw4_case t = {2,  4, 4, 3, 2, 2, 6, 2, 3, 3, 1, 1, 0, 0, 1, 1, 128, -3, -128, 127,
                        k_in, k_w, k_bias, k_mult, k_shift};
    return t;
}

static void expect_error(const dw4_case *t, dw4_api api, const char *what, bool geometry)
{
    kiln_test_context("bad input: %s (api %d)", what, (int)api);
    const int64_t n = 64;
    guard_fill(g_out, n);
    memset(g_out, 0x33, (size_t)n);
    KILN_CHECK_EQ(run_api(t, api, NULL, g_out), ARM_CMSIS_NN_ARG_ERROR);
    bool untouched = guard_intact(g_out, n);
    for (int64_t i = 0; i < n; i++)
    {
        untouched = untouched && g_out[i] == 0x33;
    }
    KILN_CHECK(untouched);
    if (geometry && api == API_WRAPPER)
    {
        KILN_CHECK_EQ(query(t, KILN_ISA_C), -1);
        KILN_CHECK_EQ(query(t, KILN_ISA_DSP), -1);
        KILN_CHECK_EQ(query(t, KILN_ISA_MVE), -1);
    }
}

static void test_bad_inputs(void)
{
    for (int api = 0; api < API_COUNT; api++)
    {
        dw4_case t = base_case();
        if (api == API_OPT)
        {
            t.cm = 1;
            t.oc = 3;
        }
        /* The base is valid. */
        KILN_CHECK_EQ(run_api(&t, (dw4_api)api, NULL, g_out), ARM_CMSIS_NN_SUCCESS);
        dw4_case b;
#define BAD(stmt, geo)                                                                                            \
    do                                                                                                            \
    {                                                                                                             \
        b = t;                                                                                                    \
        stmt;                                                                                                     \
        expect_error(&b, (dw4_api)api, #stmt, geo);                                                               \
    } while (0)
        BAD(b.input = NULL, false);
        BAD(b.filter = NULL, false);
        BAD(b.mult = NULL, false);
        BAD(b.shift = NULL, false);
        BAD(b.n = -1, true);
        BAD(b.h = -1, true);
        BAD(b.c = b.c + 1, true);
        BAD(b.oc = b.oc + 1, true);
        BAD(b.oh = b.oh + 2, true);
        BAD(b.ow = b.ow - 1, true);
        BAD(b.fh = 0, true);
        BAD(b.fw = -2, true);
        BAD(b.cm = 0, true);
        BAD(b.cm = b.cm + 1, true);
        BAD(b.sh = 0, true);
        BAD(b.sw = -1, true);
        BAD(b.dh = 0, true);
        BAD(b.dw = -3, true);
        BAD(b.ph = -1, true);
        BAD(b.pw = 7, true);
        BAD((b.h = 200, b.w = 200, b.fh = 130, b.fw = 130, b.oh = 71, b.ow = 71), true); /* window > 16384 taps */
        BAD((b.n = 70000, b.h = 200, b.w = 200, b.oh = 198, b.ow = 198), true);         /* tensors past 2^31 */
        BAD(b.in_off = 256, false);
        BAD(b.in_off = -256, false);
        BAD(b.out_off = 256, false);
        BAD(b.out_off = -256, false);
        BAD((b.act_min = 10, b.act_max = 9), false);
        BAD(b.act_min = -129, false);
        BAD(b.act_max = 128, false);
        BAD(b.mult = k_bad_mult, false);
        BAD(b.shift = k_bad_shift_hi, false);
        BAD(b.shift = k_bad_shift_lo, false);
        if (api != API_OPT)
        {
            BAD(b.mult = k_bad_mult_last, false); /* the last channel's */
        }
#undef BAD
        /* NULL params / quant / dims structs. */
        cmsis_nn_dw_conv_params p;
        cmsis_nn_per_channel_quant_params q;
        cmsis_nn_dims in, f, bd, o;
        make_args(&t, &p, &q, &in, &f, &bd, &o);
        memset(g_out, 0x33, 64);
        KILN_CHECK_EQ(arm_depthwise_conv_s4(NULL, NULL, &q, &in, t.input, &f, t.filter, &bd, t.bias, &o, g_out),
                      ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK_EQ(arm_depthwise_conv_s4_opt(NULL, &p, NULL, &in, t.input, &f, t.filter, &bd, t.bias, &o, g_out),
                      ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK_EQ(
            arm_depthwise_conv_wrapper_s4(NULL, &p, &q, NULL, t.input, &f, t.filter, &bd, t.bias, &o, g_out),
            ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK_EQ(arm_depthwise_conv_s4(NULL, &p, &q, &in, t.input, NULL, t.filter, &bd, t.bias, &o, g_out),
                      ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK_EQ(arm_depthwise_conv_s4(NULL, &p, &q, &in, t.input, &f, t.filter, &bd, t.bias, NULL, g_out),
                      ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK_EQ(arm_depthwise_conv_s4(NULL, &p, &q, &in, t.input, &f, t.filter, &bd, t.bias, &o, NULL),
                      ARM_CMSIS_NN_ARG_ERROR);
        bool untouched = true;
        for (int i = 0; i < 64; i++)
        {
            untouched = untouched && g_out[i] == 0x33;
        }
        KILN_CHECK(untouched);
    }
    /* opt with a channel multiplier > 1 (geometry valid for the other entries). */
    const dw4_case t = base_case();
    expect_error(&t, API_OPT, "opt with ch_mult 2", false);
}

/* Empty outputs: success, nothing touched, the data pointers may be NULL. */
static void test_empty(void)
{
    dw4_case t = base_case();
    t.n = 0;
    t.input = NULL;
    t.filter = NULL;
    t.mult = NULL;
    t.shift = NULL;
    memset(g_out, 0x44, 16);
    for (int api = 0; api < API_COUNT; api++)
    {
        dw4_case e = t;
        if (api == API_OPT)
        {
            e.cm = 1;
            e.oc = 3;
        }
        KILN_CHECK_EQ(run_api(&e, (dw4_api)api, NULL, g_out), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_EQ(query(&e, KILN_ISA_C), 0);
        /* Zero channels. */
        e = base_case();
        e.c = 0;
        e.oc = 0;
        if (api == API_OPT)
        {
            e.cm = 1;
        }
        KILN_CHECK_EQ(run_api(&e, (dw4_api)api, NULL, g_out), ARM_CMSIS_NN_SUCCESS);
        /* An output axis of size 0 where no window fits. */
        e = base_case();
        e.h = 2;
        e.oh = 0;
        if (api == API_OPT)
        {
            e.cm = 1;
            e.oc = 3;
        }
        KILN_CHECK_EQ(run_api(&e, (dw4_api)api, NULL, g_out), ARM_CMSIS_NN_SUCCESS);
        /* ... but not where one would. */
        e.h = 4;
        KILN_CHECK_EQ(run_api(&e, (dw4_api)api, NULL, g_out), ARM_CMSIS_NN_ARG_ERROR);
        /* Offsets and activation are still checked. */
        e = t;
        e.in_off = 300;
        if (api == API_OPT)
        {
            e.cm = 1;
            e.oc = 3;
        }
        KILN_CHECK_EQ(run_api(&e, (dw4_api)api, NULL, g_out), ARM_CMSIS_NN_ARG_ERROR);
    }
    bool untouched = true;
    for (int i = 0; i < 16; i++)
    {
        untouched = untouched && g_out[i] == 0x44;
    }
    KILN_CHECK(untouched);
}

/* Extreme data: every weight -8 or 7, inputs at the ends of the range, the largest offsets, the
 * largest bias (wrapping like the int8 kernels) and extreme requantization parameters. */
static void test_extremes(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x45585452u);
    for (int round = 0; round < 40; round++)
    {
        dw4_case t;
        while (!random_case(&r, &t))
        {
        }
        for (int64_t i = 0; i < packed_bytes(&t); i++)
        {
            const int v = kiln_rng_range(&r, 0, 3);
            g_w[i] = (int8_t)(v == 0 ? 0x88 : (v == 1 ? 0x77 : (v == 2 ? 0x78 : 0x87)));
        }
        for (int64_t i = 0; i < (int64_t)t.n * t.h * t.w * t.c; i++)
        {
            g_in[i] = (int8_t)(kiln_rng_range(&r, 0, 1) ? 127 : -128);
        }
        t.in_off = kiln_rng_range(&r, 0, 1) ? 255 : -255;
        for (int32_t c = 0; c < t.oc; c++)
        {
            g_bias[c] = kiln_rng_range(&r, 0, 1) ? INT32_MAX - kiln_rng_range(&r, 0, 1000) : INT32_MIN + kiln_rng_range(&r, 0, 1000);
            g_mult[c] = kiln_rng_range(&r, 0, 2) == 0 ? INT32_MAX : kiln_rng_range(&r, 0, INT32_MAX);
            g_shift[c] = kiln_rng_range(&r, 0, 2) == 0 ? kiln_rng_range(&r, -31, -25) : kiln_rng_range(&r, -5, 30);
        }
        t.bias = kiln_rng_range(&r, 0, 1) ? g_bias : NULL;
        ref_dw_s4(&t, g_ref);
        check_case(&t, g_ref, false);
    }
}

int main(void)
{
    KILN_RUN(test_vectors);
    KILN_RUN(test_plan_and_queries);
    KILN_RUN(test_bad_inputs);
    KILN_RUN(test_empty);
    KILN_RUN(test_random);
    KILN_RUN(test_extremes);
    return kiln_test_finish();
}
