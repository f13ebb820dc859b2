/*
 * int16x8 depthwise convolution (arm_depthwise_conv_s16, arm_depthwise_conv_wrapper_s16,
 * arm_depthwise_conv_fast_s16 and their size queries):
 *  - every shared vector of these functions bit-exact through all three entries, and the in-file
 *    reference agrees with the stored TFLite outputs;
 *  - randomized differential tests against the reference (guard bytes around output and ctx,
 *    inputs unchanged);
 *  - the int64 requantization against an exact 128-bit evaluation of TFLite's formula;
 *  - size queries and the plan, the bad-input table, empty outputs, edge memory.
 */
#include <string.h>

#include "arm_nnfunctions.h"
#include "arm_nnsupportfunctions.h"
#include "Internal/kiln_dw_s16.h"
#include "kiln_board.h"
#include "kiln_test.h"

#include "kiln_vectors/dw_int16xint8.h"
#include "kiln_vectors/dw_int16xint8_dilation.h"
#include "kiln_vectors/dw_int16xint8_fast.h"
#include "kiln_vectors/dw_int16xint8_fast_multiple_batches_uneven_buffers.h"
#include "kiln_vectors/dw_int16xint8_fast_multiple_batches_uneven_buffers_null_bias.h"
#include "kiln_vectors/dw_int16xint8_fast_null_bias.h"
#include "kiln_vectors/dw_int16xint8_fast_spill.h"
#include "kiln_vectors/dw_int16xint8_fast_spill_null_bias.h"
#include "kiln_vectors/dw_int16xint8_fast_stride.h"
#include "kiln_vectors/dw_int16xint8_fast_stride_null_bias.h"
#include "kiln_vectors/dw_int16xint8_fast_test_bias.h"
#include "kiln_vectors/dw_int16xint8_mult4.h"

/* ---- one call ---------------------------------------------------------------------------------- */

typedef struct
{
    const char *name;
    int32_t n, h, w, c, oh, ow, oc, cm, fh, fw, sh, sw, ph, pw, dh, dw;
    int32_t in_off, out_off, act_min, act_max;
    const int16_t *input;
    const int8_t *filter;
    const int64_t *bias; /* may be NULL */
    const int32_t *mult;
    const int32_t *shift;
} dw16_case;

typedef enum
{
    E_GENERIC = 0,
    E_WRAPPER = 1,
    E_FAST = 2,
    E_COUNT = 3
} dw16_entry;

static const char *const entry_names[E_COUNT] = {"arm_depthwise_conv_s16", "arm_depthwise_conv_wrapper_s16",
                                                 "arm_depthwise_conv_fast_s16"};

static void case_structs(const dw16_case *t, cmsis_nn_dw_conv_params *p, cmsis_nn_per_channel_quant_params *q,
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
    *in = (cmsis_nn_dims){t->n, t->h, t->w, t->c};
    *f = (cmsis_nn_dims){1, t->fh, t->fw, t->oc};
    *b = (cmsis_nn_dims){1, 1, 1, t->oc};
    *out = (cmsis_nn_dims){t->n, t->oh, t->ow, t->oc};
}

static arm_cmsis_nn_status call_entry(dw16_entry e, const cmsis_nn_context *ctx, const cmsis_nn_dw_conv_params *p,
                                      const cmsis_nn_per_channel_quant_params *q, const cmsis_nn_dims *in,
                                      const int16_t *input, const cmsis_nn_dims *f, const int8_t *filter,
                                      const cmsis_nn_dims *b, const int64_t *bias, const cmsis_nn_dims *out,
                                      int16_t *output)
{
    switch (e)
    {
    case E_GENERIC:
        return arm_depthwise_conv_s16(ctx, p, q, in, input, f, filter, b, bias, out, output);
    case E_WRAPPER:
        return arm_depthwise_conv_wrapper_s16(ctx, p, q, in, input, f, filter, b, bias, out, output);
    default:
        return arm_depthwise_conv_fast_s16(ctx, p, q, in, input, f, filter, b, bias, out, output);
    }
}

static arm_cmsis_nn_status case_call(const dw16_case *t, dw16_entry e, const cmsis_nn_context *ctx, int16_t *output)
{
    cmsis_nn_dw_conv_params p;
    cmsis_nn_per_channel_quant_params q;
    cmsis_nn_dims in, f, b, out;
    case_structs(t, &p, &q, &in, &f, &b, &out);
    return call_entry(e, ctx, &p, &q, &in, t->input, &f, t->filter, &b, t->bias, &out, output);
}

static int32_t case_out_count(const dw16_case *t)
{
    return t->n * t->oh * t->ow * t->oc;
}

/* ---- reference: TFLite int16x8 DEPTHWISE_CONV_2D, exact requantization -------------------------- */

/* A 128-bit two's complement value, hi:lo. */
typedef struct
{
    uint64_t hi, lo;
} u128;

static u128 u128_from(int64_t v)
{
    const u128 r = {v < 0 ? UINT64_MAX : 0u, (uint64_t)v};
    return r;
}

static u128 u128_add(u128 a, u128 b)
{
    u128 r;
    r.lo = a.lo + b.lo;
    r.hi = a.hi + b.hi + (r.lo < a.lo ? 1u : 0u);
    return r;
}

/* a * m, m < 2^32 (mod 2^128). */
static u128 u128_mul(u128 a, uint32_t m)
{
    const uint64_t p0 = (a.lo & 0xFFFFFFFFu) * m;
    const uint64_t p1 = (a.lo >> 32) * m + (p0 >> 32);
    u128 r;
    r.lo = (p0 & 0xFFFFFFFFu) | (p1 << 32);
    r.hi = a.hi * m + (p1 >> 32);
    return r;
}

/* floor(a / 2^t), 1 <= t <= 63. */
static u128 u128_sar(u128 a, int32_t t)
{
    const bool neg = (a.hi >> 63) != 0;
    u128 r;
    r.lo = (a.lo >> t) | (a.hi << (64 - t));
    r.hi = neg ? ~((~a.hi) >> t) : (a.hi >> t);
    return r;
}

/* The value clamped to [-2^50, 2^50] (every int16 output clamps alike beyond). */
static int64_t u128_clamp(u128 a)
{
    const uint64_t big = (uint64_t)1 << 50;
    if ((a.hi >> 63) == 0)
    {
        return (a.hi != 0 || a.lo > big) ? (int64_t)big : (int64_t)a.lo;
    }
    if (a.hi != UINT64_MAX || a.lo < (uint64_t)0 - big)
    {
        return -(int64_t)big;
    }
    return -(int64_t)(~a.lo + 1u);
}

/* TFLite's MultiplyByQuantizedMultiplier(int64 x, multiplier, shift) evaluated exactly:
 * round-half-up of x * reduced_multiplier / 2^(15 - shift), reduced as TFLite does; a left shift for
 * shift >= 15. Clamped to +-2^50. */
static int64_t ref_requant(int64_t sum, int64_t bias, int32_t multiplier, int32_t shift)
{
    const int32_t rm = multiplier < 0x7FFF0000 ? (int32_t)(((int64_t)multiplier + (1 << 15)) >> 16) : 0x7FFF;
    const int32_t total_shift = 15 - shift;
    u128 x = u128_mul(u128_add(u128_from(sum), u128_from(bias)), (uint32_t)rm);
    if (total_shift <= 0)
    {
        x = u128_mul(x, (uint32_t)1 << -total_shift);
        return u128_clamp(x);
    }
    x = u128_add(x, u128_from((int64_t)1 << (total_shift - 1)));
    return u128_clamp(u128_sar(x, total_shift));
}

/* The reference output: every tap of every window, skipping taps outside the input. */
static void ref_dw(const dw16_case *t, int16_t *out)
{
    for (int32_t b = 0; b < t->n; b++)
        for (int32_t oy = 0; oy < t->oh; oy++)
            for (int32_t ox = 0; ox < t->ow; ox++)
                for (int32_t ic = 0; ic < t->c; ic++)
                    for (int32_t m = 0; m < t->cm; m++)
                    {
                        const int32_t oc = ic * t->cm + m;
                        int64_t acc = 0;
                        for (int32_t ky = 0; ky < t->fh; ky++)
                            for (int32_t kx = 0; kx < t->fw; kx++)
                            {
                                const int64_t iy = (int64_t)oy * t->sh - t->ph + (int64_t)ky * t->dh;
                                const int64_t ix = (int64_t)ox * t->sw - t->pw + (int64_t)kx * t->dw;
                                if (iy < 0 || iy >= t->h || ix < 0 || ix >= t->w)
                                {
                                    continue;
                                }
                                const int64_t iv = t->input[((b * t->h + iy) * t->w + ix) * t->c + ic];
                                const int64_t fv = t->filter[(ky * t->fw + kx) * t->oc + oc];
                                acc += iv * fv;
                            }
                        int64_t v = ref_requant(acc, t->bias ? t->bias[oc] : 0, t->mult[oc], t->shift[oc]);
                        v += t->out_off;
                        v = v < t->act_min ? t->act_min : (v > t->act_max ? t->act_max : v);
                        out[((b * t->oh + oy) * t->ow + ox) * t->oc + oc] = (int16_t)v;
                    }
}

/* ---- buffers ----------------------------------------------------------------------------------- */

#define GUARD 16
#define GUARD_VAL ((int16_t)0x5A5A)
#define MAX_OUT 40000
#define MAX_IN 12000
#define MAX_F 3000
#define MAX_CH 128

static int16_t g_out_buf[MAX_OUT + 2 * GUARD];
static int16_t *const g_out = g_out_buf + GUARD;
static int16_t g_ref[MAX_OUT];
static int16_t g_in_copy[MAX_IN];
static int8_t g_f_copy[MAX_F];
static int64_t g_b_copy[MAX_CH];
static int32_t g_m_copy[MAX_CH], g_s_copy[MAX_CH];
static uint8_t g_ctx_buf[64]; /* GUARD bytes, the ctx buffer (the queried size: 0), GUARD bytes */

static void out_fill(int32_t count)
{
    for (int32_t i = 0; i < count + 2 * GUARD; i++)
    {
        g_out_buf[i] = GUARD_VAL;
    }
}

static bool guards_ok(int32_t count)
{
    bool ok = true;
    for (int32_t i = 0; i < GUARD; i++)
    {
        ok &= g_out_buf[i] == GUARD_VAL && g_out_buf[GUARD + count + i] == GUARD_VAL;
    }
    for (size_t i = 0; i < sizeof(g_ctx_buf); i++)
    {
        ok &= g_ctx_buf[i] == 0xA5;
    }
    return KILN_CHECK(ok);
}

static void save_inputs(const dw16_case *t)
{
    memcpy(g_in_copy, t->input, (size_t)(t->n * t->h * t->w * t->c) * sizeof(int16_t));
    memcpy(g_f_copy, t->filter, (size_t)(t->fh * t->fw * t->oc));
    if (t->bias != NULL)
    {
        memcpy(g_b_copy, t->bias, (size_t)t->oc * sizeof(int64_t));
    }
    memcpy(g_m_copy, t->mult, (size_t)t->oc * sizeof(int32_t));
    memcpy(g_s_copy, t->shift, (size_t)t->oc * sizeof(int32_t));
}

static bool inputs_unchanged(const dw16_case *t)
{
    bool ok = memcmp(g_in_copy, t->input, (size_t)(t->n * t->h * t->w * t->c) * sizeof(int16_t)) == 0;
    ok &= memcmp(g_f_copy, t->filter, (size_t)(t->fh * t->fw * t->oc)) == 0;
    ok &= t->bias == NULL || memcmp(g_b_copy, t->bias, (size_t)t->oc * sizeof(int64_t)) == 0;
    ok &= memcmp(g_m_copy, t->mult, (size_t)t->oc * sizeof(int32_t)) == 0;
    ok &= memcmp(g_s_copy, t->shift, (size_t)t->oc * sizeof(int32_t)) == 0;
    return KILN_CHECK(ok);
}

/* The three size queries of the wrapper agree on 0, and the fast query too. */
static bool queries_zero(const dw16_case *t)
{
    cmsis_nn_dw_conv_params p;
    cmsis_nn_per_channel_quant_params q;
    cmsis_nn_dims in, f, b, out;
    case_structs(t, &p, &q, &in, &f, &b, &out);
    bool ok = KILN_CHECK_EQ(arm_depthwise_conv_wrapper_s16_get_buffer_size(&p, &in, &f, &out), 0);
    ok &= KILN_CHECK_EQ(arm_depthwise_conv_wrapper_s16_get_buffer_size_dsp(&p, &in, &f, &out), 0);
    ok &= KILN_CHECK_EQ(arm_depthwise_conv_wrapper_s16_get_buffer_size_mve(&p, &in, &f, &out), 0);
    ok &= KILN_CHECK_EQ(arm_depthwise_conv_fast_s16_get_buffer_size(&in, &f), 0);
    return ok;
}

/* Every entry against want, with ctx NULL, a NULL-buffer ctx and a ctx of the queried size between
 * guards; output guards and inputs checked. */
static bool check_entries(const dw16_case *t, const int16_t *want)
{
    const int32_t count = case_out_count(t);
    bool ok = true;
    save_inputs(t);
    for (int32_t e = 0; e < E_COUNT; e++)
    {
        for (int32_t k = 0; k < 3; k++)
        {
            memset(g_ctx_buf, 0xA5, sizeof(g_ctx_buf));
            cmsis_nn_context ctx = {NULL, 0};
            if (k == 2)
            {
                ctx.buf = g_ctx_buf + 32;
                ctx.size = 0; /* the queried size */
            }
            out_fill(count);
            kiln_test_context("%s: %s ctx %d", t->name, entry_names[e], (int)k);
            ok &= KILN_CHECK_EQ(case_call(t, (dw16_entry)e, k == 0 ? NULL : &ctx, g_out), ARM_CMSIS_NN_SUCCESS);
            ok &= KILN_CHECK_MEM_S16(g_out, want, count);
            ok &= guards_ok(count);
        }
    }
    ok &= inputs_unchanged(t);
    ok &= queries_zero(t);
    return ok;
}

/* ---- edge memory -------------------------------------------------------------------------------- */

typedef struct
{
    const dw16_case *t;
    dw16_entry e;
    void *in, *f, *b, *mult, *shift, *out;
    const int16_t *want;
    int32_t count;
} edge_call;

static bool edge_run(void *arg)
{
    const edge_call *k = (const edge_call *)arg;
    dw16_case t = *k->t;
    t.input = (const int16_t *)k->in;
    t.filter = (const int8_t *)k->f;
    t.bias = (const int64_t *)k->b;
    t.mult = (const int32_t *)k->mult;
    t.shift = (const int32_t *)k->shift;
    bool ok = KILN_CHECK_EQ(case_call(&t, k->e, NULL, (int16_t *)k->out), ARM_CMSIS_NN_SUCCESS);
    ok &= KILN_CHECK_MEM_S16((const int16_t *)k->out, k->want, k->count);
    return ok;
}

static bool check_edges(const dw16_case *t, const int16_t *want)
{
    bool ok = true;
    const size_t per_ch = (size_t)t->oc * sizeof(int32_t);
    for (int32_t e = 0; e < E_COUNT; e++)
    {
        edge_call k = {t,
                       (dw16_entry)e,
                       kiln_edge_ptr(t->input),
                       kiln_edge_ptr(t->filter),
                       kiln_edge_ptr(t->bias),
                       kiln_edge_ptr(t->mult),
                       kiln_edge_ptr(t->shift),
                       g_out,
                       want,
                       case_out_count(t)};
        const kiln_edge_operand ops[] = {
            {"input", &k.in, (size_t)(t->n * t->h * t->w * t->c) * sizeof(int16_t)},
            {"filter", &k.f, (size_t)(t->fh * t->fw * t->oc)},
            {"bias", &k.b, (size_t)t->oc * sizeof(int64_t)},
            {"multipliers", &k.mult, per_ch},
            {"shifts", &k.shift, per_ch},
            {"output", &k.out, (size_t)k.count * sizeof(int16_t)},
        };
        kiln_test_context("%s: edges of %s", t->name, entry_names[e]);
        ok &= kiln_edge_each(ops, (int)(sizeof(ops) / sizeof(ops[0])), edge_run, &k);
    }
    return ok;
}

/* ---- shared vectors ---------------------------------------------------------------------------- */

#define VEC(lc, UC, BIAS)                                                                                         \
    {                                                                                                             \
        {#lc,                                                                                                     \
         UC##_INPUT_BATCHES,                                                                                      \
         UC##_INPUT_H,                                                                                            \
         UC##_INPUT_W,                                                                                            \
         UC##_IN_CH,                                                                                              \
         UC##_OUTPUT_H,                                                                                           \
         UC##_OUTPUT_W,                                                                                           \
         UC##_OUT_CH,                                                                                             \
         UC##_CH_MULT,                                                                                            \
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
            lc##_output_ref, UC##_DST_SIZE, (int32_t)(sizeof(lc##_output_ref) / sizeof(lc##_output_ref[0]))       \
    }

typedef struct
{
    dw16_case t;
    const int16_t *ref;
    int32_t dst_size;
    int32_t ref_len;
} dw16_vector;

/* The *_null_bias cases are run with a NULL bias (their bias arrays are all zero), as upstream does. */
static const dw16_vector vectors[] = {
    VEC(dw_int16xint8, DW_INT16XINT8, dw_int16xint8_biases),
    VEC(dw_int16xint8_dilation, DW_INT16XINT8_DILATION, dw_int16xint8_dilation_biases),
    VEC(dw_int16xint8_fast, DW_INT16XINT8_FAST, dw_int16xint8_fast_biases),
    VEC(dw_int16xint8_fast_multiple_batches_uneven_buffers, DW_INT16XINT8_FAST_MULTIPLE_BATCHES_UNEVEN_BUFFERS,
        dw_int16xint8_fast_multiple_batches_uneven_buffers_biases),
    VEC(dw_int16xint8_fast_multiple_batches_uneven_buffers_null_bias,
        DW_INT16XINT8_FAST_MULTIPLE_BATCHES_UNEVEN_BUFFERS_NULL_BIAS, NULL),
    VEC(dw_int16xint8_fast_null_bias, DW_INT16XINT8_FAST_NULL_BIAS, NULL),
    VEC(dw_int16xint8_fast_spill, DW_INT16XINT8_FAST_SPILL, dw_int16xint8_fast_spill_biases),
    VEC(dw_int16xint8_fast_spill_null_bias, DW_INT16XINT8_FAST_SPILL_NULL_BIAS, NULL),
    VEC(dw_int16xint8_fast_stride, DW_INT16XINT8_FAST_STRIDE, dw_int16xint8_fast_stride_biases),
    VEC(dw_int16xint8_fast_stride_null_bias, DW_INT16XINT8_FAST_STRIDE_NULL_BIAS, NULL),
    VEC(dw_int16xint8_fast_test_bias, DW_INT16XINT8_FAST_TEST_BIAS, dw_int16xint8_fast_test_bias_biases),
    VEC(dw_int16xint8_mult4, DW_INT16XINT8_MULT4, dw_int16xint8_mult4_biases),
};
#define N_VECTORS ((int32_t)(sizeof(vectors) / sizeof(vectors[0])))

static void test_vectors(void)
{
    KILN_CHECK_EQ(N_VECTORS, 12);
    for (int32_t i = 0; i < N_VECTORS; i++)
    {
        const dw16_vector *v = &vectors[i];
        kiln_test_context("vector %s", v->t.name);
        KILN_CHECK_EQ(v->dst_size, case_out_count(&v->t));
        KILN_CHECK_EQ(v->ref_len, case_out_count(&v->t));
        /* The reference agrees with the stored TFLite output. */
        ref_dw(&v->t, g_ref);
        KILN_CHECK_MEM_S16(g_ref, v->ref, v->dst_size);
        check_entries(&v->t, v->ref);
    }
}

static void test_vector_edges(void)
{
    for (int32_t i = 0; i < N_VECTORS; i++)
    {
        check_edges(&vectors[i].t, vectors[i].ref);
    }
}

/* ---- the requantization ------------------------------------------------------------------------- */

static int64_t rand_i64(kiln_rng *r)
{
    return (int64_t)(((uint64_t)kiln_rng_u32(r) << 32) | kiln_rng_u32(r));
}

static void test_requant(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x516D5716u);
    static const int64_t extremes[] = {INT64_MIN, INT64_MIN + 1, -((int64_t)1 << 47), -1, 0, 1,
                                       ((int64_t)1 << 47) - 1, INT64_MAX - 1, INT64_MAX};
    const int32_t n_ext = (int32_t)(sizeof(extremes) / sizeof(extremes[0]));
    const int32_t iters = kiln_test_iterations(200000, 20000);
    for (int32_t i = 0; i < iters; i++)
    {
        const int32_t kind = i % 5;
        int64_t sum = kind == 0 ? extremes[kiln_rng_range(&r, 0, n_ext - 1)]
                                : (int64_t)kiln_rng_range(&r, INT32_MIN, INT32_MAX) * kiln_rng_range(&r, 0, 32);
        int64_t bias = kind == 1 ? extremes[kiln_rng_range(&r, 0, n_ext - 1)]
                                 : (kind == 2 ? rand_i64(&r) >> kiln_rng_range(&r, 0, 63) : 0);
        const int32_t mult = kiln_rng_range(&r, 0, 3) == 0 ? kiln_rng_range(&r, 0, 0x10000)
                                                          : kiln_rng_range(&r, 0, INT32_MAX);
        int32_t shift = kiln_rng_range(&r, -31, 30);
        if (kind == 4)
        {
            /* the 32-bit path (sum and bias in [-2^30, 2^30), shift <= -2) and just past its ends */
            static const int64_t ends[] = {-((int64_t)1 << 30) - 1, -((int64_t)1 << 30), -((int64_t)1 << 30) + 1, -1, 0,
                                           ((int64_t)1 << 30) - 1, (int64_t)1 << 30};
            const int32_t ne = (int32_t)(sizeof(ends) / sizeof(ends[0]));
            sum = kiln_rng_range(&r, 0, 3) == 0 ? ends[kiln_rng_range(&r, 0, ne - 1)]
                                                : kiln_rng_range(&r, -(1 << 30), (1 << 30) - 1);
            bias = kiln_rng_range(&r, 0, 3) == 0 ? ends[kiln_rng_range(&r, 0, ne - 1)]
                                                 : kiln_rng_range(&r, -(1 << 30), (1 << 30) - 1) >> kiln_rng_range(&r, 0, 30);
            shift = kiln_rng_range(&r, 0, 7) == 0 ? kiln_rng_range(&r, -1, 0) : kiln_rng_range(&r, -31, -2);
        }
        const int32_t rm = REDUCE_MULTIPLIER(mult);
        const int64_t got = kiln_requant_s64(sum, bias, rm, shift);
        const int64_t want = ref_requant(sum, bias, mult, shift);
        /* Equal once both are clamped to +-2^17 (past 32767 + 65535 every output clamps alike): the
         * contract of kiln_requant_s64 (exact, or saturated with the right sign). */
        const int64_t lim = (int64_t)1 << 17;
        const int64_t gc = got < -lim ? -lim : (got > lim ? lim : got);
        const int64_t wc = want < -lim ? -lim : (want > lim ? lim : want);
        const bool same = gc == wc;
        if (!same)
        {
            kiln_test_context("requant sum %lld bias %lld mult %ld shift %ld: got %lld want %lld", (long long)sum,
                              (long long)bias, (long)mult, (long)shift, (long long)got, (long long)want);
            KILN_CHECK(same);
            return;
        }
        /* Where the upstream helper is defined, the same value. */
        if (shift <= 14 && bias > -((int64_t)1 << 46) && bias < ((int64_t)1 << 46) && sum > -((int64_t)1 << 46) &&
            sum < ((int64_t)1 << 46))
        {
            const int64_t prod_shifted = ((sum + bias) * rm) >> (14 - shift);
            if (prod_shifted >= INT32_MIN && prod_shifted <= INT32_MAX)
            {
                KILN_CHECK_EQ(got, arm_nn_requantize_s64(sum + bias, rm, shift));
            }
        }
    }
    /* A few by hand. */
    KILN_CHECK_EQ(kiln_requant_s64(1, INT64_MAX, 1, -31), KILN_REQUANT_S64_SAT); /* sum + bias leaves int64 */
    KILN_CHECK_EQ(kiln_requant_s64(0, INT64_MAX, 1, -31), (int64_t)1 << 17); /* exact: 2^63 / 2^46 */
    KILN_CHECK_EQ(kiln_requant_s64(-1, INT64_MIN, 1, -31), -KILN_REQUANT_S64_SAT);
    KILN_CHECK_EQ(kiln_requant_s64(1, 0, 1, 30), (int64_t)1 << 15);
    KILN_CHECK_EQ(kiln_requant_s64(3, 0, 1, 14), 2);  /* 3 / 2 rounds half up */
    KILN_CHECK_EQ(kiln_requant_s64(-3, 0, 1, 14), -1); /* -3 / 2 rounds half up */
    KILN_CHECK_EQ(kiln_requant_s64(123456, 0, 0, 0), 0);
    KILN_CHECK_EQ(kiln_requant_s64(123456, 0, 0, -10), 0); /* the 32-bit path with rm 0 */
    KILN_CHECK_EQ(kiln_requant_s64(-((int64_t)1 << 30), -((int64_t)1 << 30), 1, -2), -16384); /* acc -2^31 */
    KILN_CHECK_EQ(kiln_requant_s64(((int64_t)1 << 30) - 1, ((int64_t)1 << 30) - 1, 1, -2), 16384); /* 2^31 - 2 */
    KILN_CHECK_EQ(kiln_requant_s64(3 << 16, 0, 1, -2), 2);      /* 3 * 2^16 / 2^17 = 1.5 rounds half up */
    KILN_CHECK_EQ(kiln_requant_s64(-(3 << 16), 0, 1, -2), -1);  /* -1.5 rounds half up */
    KILN_CHECK_EQ(kiln_requant_s64(-(5 << 16), 0, 3, -2), -7); /* -7.5 rounds half up */
}

/* ---- random differential tests ----------------------------------------------------------------- */

static int16_t r_in[MAX_IN];
static int8_t r_f[MAX_F];
static int64_t r_bias[MAX_CH];
static int32_t r_mult[MAX_CH], r_shift[MAX_CH];

static void draw_axis(kiln_rng *r, int32_t *in, int32_t *k, int32_t *s, int32_t *d, int32_t *p, int32_t *out)
{
    for (;;)
    {
        *in = kiln_rng_range(r, 1, 7);
        *k = kiln_rng_range(r, 1, 5);
        *s = kiln_rng_range(r, 1, 3);
        *d = kiln_rng_range(r, 0, 2) == 0 ? kiln_rng_range(r, 2, 3) : 1;
        const int32_t eff = (*k - 1) * *d + 1;
        *p = kiln_rng_range(r, 0, 1) == 0 ? 0 : kiln_rng_range(r, 0, eff);
        const int32_t span = *in + 2 * *p - eff;
        if (span + 1 < 0)
        {
            continue;
        }
        const int32_t out_sym = span >= 0 ? span / *s + 1 : 0;
        const int32_t out_extra = (span + 1) / *s + 1;
        *out = (out_sym >= 1 && kiln_rng_range(r, 0, 1) == 0) ? out_sym : out_extra;
        return;
    }
}

static void random_case(kiln_rng *r, dw16_case *t, int32_t iter)
{
    t->name = "random";
    do
    {
        t->n = kiln_rng_range(r, 0, 2) == 0 ? kiln_rng_range(r, 2, 3) : 1;
        draw_axis(r, &t->h, &t->fh, &t->sh, &t->dh, &t->ph, &t->oh);
        draw_axis(r, &t->w, &t->fw, &t->sw, &t->dw, &t->pw, &t->ow);
        t->c = kiln_rng_range(r, 1, 9);
        t->cm = kiln_rng_range(r, 0, 1) == 0 ? 1 : kiln_rng_range(r, 2, 5);
        t->oc = t->c * t->cm;
    } while (case_out_count(t) > MAX_OUT);
    t->in_off = 0;
    t->out_off = kiln_rng_range(r, 0, 3) == 0 ? kiln_rng_range(r, -65535, 65535) : 0;
    const int32_t a = kiln_rng_range(r, INT16_MIN, INT16_MAX);
    const int32_t b = kiln_rng_range(r, INT16_MIN, INT16_MAX);
    const bool full = kiln_rng_range(r, 0, 2) == 0;
    t->act_min = full ? INT16_MIN : (a < b ? a : b);
    t->act_max = full ? INT16_MAX : (a < b ? b : a);
    const int32_t data_mode = iter % 8; /* 0: extreme values, 1: extreme bias / shifts, else random */
    const int32_t in_count = t->n * t->h * t->w * t->c;
    for (int32_t i = 0; i < in_count; i++)
    {
        r_in[i] = (int16_t)(data_mode == 0 ? (kiln_rng_range(r, 0, 1) ? INT16_MIN : INT16_MAX)
                                           : kiln_rng_range(r, INT16_MIN, INT16_MAX));
    }
    const int32_t f_count = t->fh * t->fw * t->oc;
    for (int32_t i = 0; i < f_count; i++)
    {
        r_f[i] = (int8_t)(data_mode == 0 ? (kiln_rng_range(r, 0, 1) ? INT8_MIN : INT8_MAX)
                                         : kiln_rng_range(r, INT8_MIN, INT8_MAX));
    }
    for (int32_t i = 0; i < t->oc; i++)
    {
        if (data_mode == 1)
        {
            static const int64_t big[] = {INT64_MIN, INT64_MAX, -((int64_t)1 << 45), (int64_t)1 << 45, 0};
            r_bias[i] = big[kiln_rng_range(r, 0, 4)];
            r_shift[i] = kiln_rng_range(r, -31, 30);
            r_mult[i] = kiln_rng_range(r, 0, INT32_MAX);
        }
        else
        {
            r_bias[i] = (int64_t)kiln_rng_range(r, INT32_MIN, INT32_MAX) * kiln_rng_range(r, 0, 16);
            r_shift[i] = kiln_rng_range(r, -16, 2);
            r_mult[i] = kiln_rng_range(r, 0, 7) == 0 ? kiln_rng_range(r, 0, INT32_MAX)
                                                     : kiln_rng_range(r, 1 << 30, INT32_MAX);
        }
    }
    t->input = r_in;
    t->filter = r_f;
    t->bias = kiln_rng_range(r, 0, 4) == 0 ? NULL : r_bias;
    t->mult = r_mult;
    t->shift = r_shift;
}

static void test_random(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0xD516u);
    const int32_t iters = kiln_test_iterations(2500, 200);
    int32_t edges = 0;
    for (int32_t it = 0; it < iters; it++)
    {
        dw16_case t;
        random_case(&r, &t, it);
        kiln_test_context("random %d: n %d in %dx%dx%d cm %d f %dx%d s %d,%d p %d,%d d %d,%d out %dx%d", (int)it,
                          (int)t.n, (int)t.h, (int)t.w, (int)t.c, (int)t.cm, (int)t.fh, (int)t.fw, (int)t.sh,
                          (int)t.sw, (int)t.ph, (int)t.pw, (int)t.dh, (int)t.dw, (int)t.oh, (int)t.ow);
        if (!KILN_CHECK(case_out_count(&t) <= MAX_OUT))
        {
            return;
        }
        ref_dw(&t, g_ref);
        if (!check_entries(&t, g_ref))
        {
            return; /* the first failing case is enough */
        }
        if (it % 97 == 0 && edges < 8)
        {
            edges++;
            if (!check_edges(&t, g_ref))
            {
                return;
            }
        }
    }
}

/* TFLite's usual int16 layers (channel multiplier 1, typical shifts in [-17, -2], biases within 2^30), where the
 * channels run in runs of 64 with a requantization table and, on Helium, a row's positions with whole windows go to
 * one assembly call sixteen channels a pass: channel counts around 16, 64 and 128 (remainders, two runs), windows up
 * to 5x5 with stride, padding and dilation, extreme data. */
static void test_tflite_layers(void)
{
    static const int32_t chans[] = {16, 17, 20, 31, 32, 37, 48, 63, 64, 65, 80, 100, 128};
    kiln_rng r;
    kiln_rng_seed(&r, 0xD5161u);
    const int32_t iters = kiln_test_iterations(600, 90);
    for (int32_t it = 0; it < iters; it++)
    {
        dw16_case t;
        random_case(&r, &t, it);
        t.name = "tflite layer";
        do
        {
            t.n = kiln_rng_range(&r, 0, 3) == 0 ? 2 : 1;
            draw_axis(&r, &t.h, &t.fh, &t.sh, &t.dh, &t.ph, &t.oh);
            draw_axis(&r, &t.w, &t.fw, &t.sw, &t.dw, &t.pw, &t.ow);
            if (it % 2 == 0)
            {
                /* 3x3, stride 1 or 2, padding 1: rows of whole windows */
                t.h = kiln_rng_range(&r, 3, 9);
                t.w = kiln_rng_range(&r, 3, 9);
                t.fh = t.fw = 3;
                t.sh = t.sw = kiln_rng_range(&r, 1, 2);
                t.dh = t.dw = 1;
                t.ph = t.pw = 1;
                t.oh = (t.h + 2 - 3) / t.sh + 1;
                t.ow = (t.w + 2 - 3) / t.sw + 1;
            }
            t.c = chans[kiln_rng_range(&r, 0, (int32_t)(sizeof(chans) / sizeof(chans[0])) - 1)];
            t.cm = 1;
            t.oc = t.c;
        } while (case_out_count(&t) > MAX_OUT || t.n * t.h * t.w * t.c > MAX_IN || t.fh * t.fw * t.oc > MAX_F);
        const bool extreme = it % 4 == 0;
        for (int32_t i = 0; i < t.n * t.h * t.w * t.c; i++)
        {
            r_in[i] = (int16_t)(extreme ? (kiln_rng_range(&r, 0, 1) ? INT16_MIN : INT16_MAX)
                                        : kiln_rng_range(&r, INT16_MIN, INT16_MAX));
        }
        for (int32_t i = 0; i < t.fh * t.fw * t.oc; i++)
        {
            r_f[i] = (int8_t)(extreme ? (kiln_rng_range(&r, 0, 1) ? INT8_MIN : INT8_MAX)
                                      : kiln_rng_range(&r, INT8_MIN, INT8_MAX));
        }
        for (int32_t i = 0; i < t.oc; i++)
        {
            const int32_t k = kiln_rng_range(&r, 0, 7);
            r_bias[i] = k == 0 ? ((int64_t)1 << 30) : (k == 1 ? -((int64_t)1 << 30) : kiln_rng_range(&r, -500000, 500000));
            r_shift[i] = k == 2 ? -17 : (k == 3 ? -2 : kiln_rng_range(&r, -14, -5));
            r_mult[i] = kiln_rng_range(&r, 1 << 30, INT32_MAX);
        }
        t.input = r_in;
        t.filter = r_f;
        t.bias = it % 5 == 4 ? NULL : r_bias;
        t.mult = r_mult;
        t.shift = r_shift;
        kiln_test_context("tflite layer %d: n %d in %dx%dx%d f %dx%d s %d,%d p %d,%d d %d,%d out %dx%d", (int)it,
                          (int)t.n, (int)t.h, (int)t.w, (int)t.c, (int)t.fh, (int)t.fw, (int)t.sh, (int)t.sw,
                          (int)t.ph, (int)t.pw, (int)t.dh, (int)t.dw, (int)t.oh, (int)t.ow);
        ref_dw(&t, g_ref);
        if (!check_entries(&t, g_ref))
        {
            return;
        }
        /* every operand at the end of readable memory now and then: the sixteen-channel loads stay inside */
        if (it % 15 == 0 && t.n * t.h * t.w * t.c * 2 <= (int32_t)kiln_edge_capacity() &&
            case_out_count(&t) * 2 <= (int32_t)kiln_edge_capacity() && !check_edges(&t, g_ref))
        {
            return;
        }
    }
}

/* ---- the plan and the size queries ------------------------------------------------------------- */

static void test_plan_and_queries(void)
{
    const dw16_case *t = &vectors[0].t;
    cmsis_nn_dw_conv_params p;
    cmsis_nn_per_channel_quant_params q;
    cmsis_nn_dims in, f, b, out;
    case_structs(t, &p, &q, &in, &f, &b, &out);
    kiln_dw_s16_req req;
    KILN_CHECK(kiln_dw_req_from(&p, &in, &f, &out, &req));
    KILN_CHECK(!req.empty);
    for (int32_t isa = 0; isa < 3; isa++)
    {
        kiln_dw_s16_plan_t plan;
        KILN_CHECK(kiln_dw_s16_plan(&req, (kiln_isa)isa, &plan));
        KILN_CHECK(strcmp(plan.name, "dw_s16_c") == 0);
        KILN_CHECK_EQ(plan.route, KILN_DW_S16_ROUTE_C);
        KILN_CHECK_EQ(plan.scratch_bytes, 0);
    }
    KILN_CHECK(!kiln_dw_s16_plan(NULL, KILN_ISA_C, NULL));
    KILN_CHECK(strcmp(kiln_dw_s16_route_name(KILN_DW_S16_ROUTE_C), "dw_s16_c") == 0);
    KILN_CHECK(strcmp(kiln_dw_s16_route_name(KILN_DW_S16_ROUTE_COUNT), "?") == 0);

    /* Wrapper queries: -1 for bad geometry (all variants), 0 for an empty output. */
    KILN_CHECK_EQ(arm_depthwise_conv_wrapper_s16_get_buffer_size(NULL, &in, &f, &out), -1);
    KILN_CHECK_EQ(arm_depthwise_conv_wrapper_s16_get_buffer_size_dsp(&p, NULL, &f, &out), -1);
    KILN_CHECK_EQ(arm_depthwise_conv_wrapper_s16_get_buffer_size_mve(&p, &in, NULL, &out), -1);
    KILN_CHECK_EQ(arm_depthwise_conv_wrapper_s16_get_buffer_size(&p, &in, &f, NULL), -1);
    {
        cmsis_nn_dims o2 = out;
        o2.h += 1;
        KILN_CHECK_EQ(arm_depthwise_conv_wrapper_s16_get_buffer_size(&p, &in, &f, &o2), -1);
        KILN_CHECK_EQ(arm_depthwise_conv_wrapper_s16_get_buffer_size_dsp(&p, &in, &f, &o2), -1);
        KILN_CHECK_EQ(arm_depthwise_conv_wrapper_s16_get_buffer_size_mve(&p, &in, &f, &o2), -1);
        cmsis_nn_dw_conv_params p2 = p;
        p2.ch_mult = 3;
        KILN_CHECK_EQ(arm_depthwise_conv_wrapper_s16_get_buffer_size(&p2, &in, &f, &out), -1);
        p2 = p;
        p2.dilation.w = 0;
        KILN_CHECK_EQ(arm_depthwise_conv_wrapper_s16_get_buffer_size_mve(&p2, &in, &f, &out), -1);
        cmsis_nn_dims i2 = in, o3 = out;
        i2.n = 0;
        o3.n = 0;
        KILN_CHECK_EQ(arm_depthwise_conv_wrapper_s16_get_buffer_size(&p, &i2, &f, &o3), 0);
        i2.n = -1;
        o3.n = -1;
        KILN_CHECK_EQ(arm_depthwise_conv_wrapper_s16_get_buffer_size(&p, &i2, &f, &o3), -1);
    }

    /* Fast query: input and filter only; any positive channel multiple (Kiln's fast entry takes any
     * ch_mult), -1 otherwise. */
    {
        cmsis_nn_dims i2 = {1, 4, 4, 8}, f2 = {1, 3, 3, 8};
        KILN_CHECK_EQ(arm_depthwise_conv_fast_s16_get_buffer_size(&i2, &f2), 0);
        f2.c = 24;
        KILN_CHECK_EQ(arm_depthwise_conv_fast_s16_get_buffer_size(&i2, &f2), 0);
        f2.c = 12;
        KILN_CHECK_EQ(arm_depthwise_conv_fast_s16_get_buffer_size(&i2, &f2), -1);
        f2 = (cmsis_nn_dims){1, 7, 9, 8}; /* window larger than the input */
        KILN_CHECK_EQ(arm_depthwise_conv_fast_s16_get_buffer_size(&i2, &f2), 0);
        f2 = (cmsis_nn_dims){1, 3, 3, 8};
        KILN_CHECK_EQ(arm_depthwise_conv_fast_s16_get_buffer_size(NULL, &f2), -1);
        KILN_CHECK_EQ(arm_depthwise_conv_fast_s16_get_buffer_size(&i2, NULL), -1);
        f2.h = 0;
        KILN_CHECK_EQ(arm_depthwise_conv_fast_s16_get_buffer_size(&i2, &f2), -1);
        f2.h = 3;
        i2.w = -1;
        KILN_CHECK_EQ(arm_depthwise_conv_fast_s16_get_buffer_size(&i2, &f2), -1);
        i2.w = 4;
        f2.c = -8;
        KILN_CHECK_EQ(arm_depthwise_conv_fast_s16_get_buffer_size(&i2, &f2), -1);
        f2 = (cmsis_nn_dims){1, 200, 200, 8}; /* past the window limit */
        KILN_CHECK_EQ(arm_depthwise_conv_fast_s16_get_buffer_size(&i2, &f2), -1);
        i2 = (cmsis_nn_dims){0, 4, 4, 8};
        f2 = (cmsis_nn_dims){1, 3, 3, 8};
        KILN_CHECK_EQ(arm_depthwise_conv_fast_s16_get_buffer_size(&i2, &f2), 0);
        i2 = (cmsis_nn_dims){1, 4, 4, 0};
        f2.c = 0;
        KILN_CHECK_EQ(arm_depthwise_conv_fast_s16_get_buffer_size(&i2, &f2), 0);
        f2.c = 8;
        KILN_CHECK_EQ(arm_depthwise_conv_fast_s16_get_buffer_size(&i2, &f2), -1);
    }
}

/* ---- bad input ---------------------------------------------------------------------------------- */

typedef enum
{
    B_CTX_NEG, /* not an error: scratch 0 accepts any context */
    B_PARAMS_NULL,
    B_QUANT_NULL,
    B_MULT_NULL,
    B_SHIFT_NULL,
    B_IN_DIMS_NULL,
    B_F_DIMS_NULL,
    B_OUT_DIMS_NULL,
    B_INPUT_NULL,
    B_FILTER_NULL,
    B_OUTPUT_NULL,
    B_NEG_N,
    B_NEG_H,
    B_NEG_C,
    B_NEG_FN,
    B_ZERO_FH,
    B_CM_0,
    B_CM_WRONG,
    B_F_C,
    B_OUT_N,
    B_STRIDE_0,
    B_STRIDE_NEG,
    B_DIL_0,
    B_PAD_NEG,
    B_OUT_H_BIG,
    B_OUT_W_SMALL,
    B_OUT_H_ZERO, /* output height 0 where windows fit */
    B_MULT_NEG,
    B_SHIFT_LO,
    B_SHIFT_HI,
    B_ACT_SWAP,
    B_ACT_LO,
    B_ACT_HI,
    B_IN_OFF,
    B_OUT_OFF,
    B_TAPS,
    B_HUGE,
    B_COUNT
} bad_kind;

static void test_bad_input(void)
{
    const dw16_case *t = &vectors[1].t; /* dilation, padding, ch_mult 2 */
    const int32_t count = case_out_count(t);
    int32_t mult[MAX_CH], shift[MAX_CH];
    for (int32_t k = 0; k < B_COUNT; k++)
    {
        cmsis_nn_dw_conv_params p;
        cmsis_nn_per_channel_quant_params q;
        cmsis_nn_dims in, f, b, out;
        case_structs(t, &p, &q, &in, &f, &b, &out);
        memcpy(mult, t->mult, (size_t)t->oc * sizeof(int32_t));
        memcpy(shift, t->shift, (size_t)t->oc * sizeof(int32_t));
        q.multiplier = mult;
        q.shift = shift;
        cmsis_nn_context ctx = {NULL, 0};
        const cmsis_nn_context *pctx = &ctx;
        const cmsis_nn_dw_conv_params *pp = &p;
        const cmsis_nn_per_channel_quant_params *pq = &q;
        const cmsis_nn_dims *pin = &in, *pf = &f, *pout = &out;
        const int16_t *input = t->input;
        const int8_t *filter = t->filter;
        int16_t *output = g_out;
        bool geometry = true; /* the queries see this error too */
        switch ((bad_kind)k)
        {
        case B_CTX_NEG: ctx.size = -5; break;
        case B_PARAMS_NULL: pp = NULL; break;
        case B_QUANT_NULL: pq = NULL; geometry = false; break;
        case B_MULT_NULL: q.multiplier = NULL; geometry = false; break;
        case B_SHIFT_NULL: q.shift = NULL; geometry = false; break;
        case B_IN_DIMS_NULL: pin = NULL; break;
        case B_F_DIMS_NULL: pf = NULL; break;
        case B_OUT_DIMS_NULL: pout = NULL; break;
        case B_INPUT_NULL: input = NULL; geometry = false; break;
        case B_FILTER_NULL: filter = NULL; geometry = false; break;
        case B_OUTPUT_NULL: output = NULL; geometry = false; break;
        case B_NEG_N: in.n = -1; out.n = -1; break;
        case B_NEG_H: in.h = -5; break;
        case B_NEG_C: in.c = -4; out.c = -8; f.c = -8; p.ch_mult = 2; break;
        case B_NEG_FN: f.n = -1; break;
        case B_ZERO_FH: f.h = 0; break;
        case B_CM_0: p.ch_mult = 0; break;
        case B_CM_WRONG: p.ch_mult = 1; break;
        case B_F_C: f.c = 4; break;
        case B_OUT_N: out.n = 2; break;
        case B_STRIDE_0: p.stride.h = 0; break;
        case B_STRIDE_NEG: p.stride.w = -1; break;
        case B_DIL_0: p.dilation.h = 0; break;
        case B_PAD_NEG: p.padding.w = -1; break;
        case B_OUT_H_BIG: out.h += 2; break;
        case B_OUT_W_SMALL: out.w -= 2; break;
        case B_OUT_H_ZERO: out.h = 0; break;
        case B_MULT_NEG: mult[t->oc - 1] = -1; geometry = false; break;
        case B_SHIFT_LO: shift[3] = -32; geometry = false; break;
        case B_SHIFT_HI: shift[t->oc - 1] = 31; geometry = false; break;
        case B_ACT_SWAP: p.activation.min = 10; p.activation.max = 9; geometry = false; break;
        case B_ACT_LO: p.activation.min = INT16_MIN - 1; geometry = false; break;
        case B_ACT_HI: p.activation.max = INT16_MAX + 1; geometry = false; break;
        case B_IN_OFF: p.input_offset = 1; geometry = false; break;
        case B_OUT_OFF: p.output_offset = 65536; geometry = false; break;
        case B_TAPS: /* 129 x 128 taps, geometry otherwise consistent (1 x 1 output) */
            f.h = 129; f.w = 128; p.dilation.h = 1; p.dilation.w = 1; p.padding.h = 62; p.padding.w = 59;
            out.h = 1; out.w = 1; break;
        case B_HUGE: in.n = 1 << 24; out.n = 1 << 24; break; /* tensors past 2^31 elements */
        default: break;
        }
        const bool want_ok = k == B_CTX_NEG;
        for (int32_t e = 0; e < E_COUNT; e++)
        {
            out_fill(count);
            kiln_test_context("bad input %d via %s", (int)k, entry_names[e]);
            const arm_cmsis_nn_status st =
                call_entry((dw16_entry)e, pctx, pp, pq, pin, input, pf, filter, &b, t->bias, pout, output);
            KILN_CHECK_EQ(st, want_ok ? ARM_CMSIS_NN_SUCCESS : ARM_CMSIS_NN_ARG_ERROR);
            if (!want_ok)
            {
                bool untouched = true;
                for (int32_t i = 0; i < count + 2 * GUARD; i++)
                {
                    untouched &= g_out_buf[i] == GUARD_VAL;
                }
                KILN_CHECK(untouched);
            }
        }
        kiln_test_context("bad input %d: queries", (int)k);
        const int32_t want_q = (geometry && !want_ok) ? -1 : 0;
        KILN_CHECK_EQ(arm_depthwise_conv_wrapper_s16_get_buffer_size(pp, pin, pf, pout), want_q);
        KILN_CHECK_EQ(arm_depthwise_conv_wrapper_s16_get_buffer_size_dsp(pp, pin, pf, pout), want_q);
        KILN_CHECK_EQ(arm_depthwise_conv_wrapper_s16_get_buffer_size_mve(pp, pin, pf, pout), want_q);
    }
}

/* Empty outputs: success, nothing written, data pointers not needed. */
static void test_empty(void)
{
    const dw16_case *t = &vectors[0].t;
    for (int32_t k = 0; k < 4; k++)
    {
        cmsis_nn_dw_conv_params p;
        cmsis_nn_per_channel_quant_params q;
        cmsis_nn_dims in, f, b, out;
        case_structs(t, &p, &q, &in, &f, &b, &out);
        switch (k)
        {
        case 0: in.n = 0; out.n = 0; break;
        case 1: in.c = 0; out.c = 0; f.c = 0; break;
        case 2: in.h = 2; p.padding.h = 0; out.h = 0; break; /* 4-tap window never fits 2 rows */
        default: in.w = 0; p.padding.w = 0; out.w = 0; break;
        }
        q.multiplier = NULL;
        q.shift = NULL;
        for (int32_t e = 0; e < E_COUNT; e++)
        {
            out_fill(0);
            kiln_test_context("empty %d via %s", (int)k, entry_names[e]);
            KILN_CHECK_EQ(call_entry((dw16_entry)e, NULL, &p, &q, &in, NULL, &f, NULL, &b, NULL, &out, NULL),
                          ARM_CMSIS_NN_SUCCESS);
            KILN_CHECK_EQ(call_entry((dw16_entry)e, NULL, &p, &q, &in, t->input, &f, t->filter, &b, t->bias, &out,
                                     g_out),
                          ARM_CMSIS_NN_SUCCESS);
            KILN_CHECK(guards_ok(0));
        }
        KILN_CHECK_EQ(arm_depthwise_conv_wrapper_s16_get_buffer_size(&p, &in, &f, &out), 0);
        KILN_CHECK_EQ(arm_depthwise_conv_wrapper_s16_get_buffer_size_mve(&p, &in, &f, &out), 0);
        /* Still validated: a bad activation range, or an output size 0 along an axis where a window fits. */
        p.activation.min = 1;
        p.activation.max = 0;
        KILN_CHECK_EQ(call_entry(E_WRAPPER, NULL, &p, &q, &in, NULL, &f, NULL, &b, NULL, &out, NULL),
                      ARM_CMSIS_NN_ARG_ERROR);
    }
    cmsis_nn_dw_conv_params p;
    cmsis_nn_per_channel_quant_params q;
    cmsis_nn_dims in, f, b, out;
    case_structs(t, &p, &q, &in, &f, &b, &out);
    out.n = 0;
    in.n = 0;
    out.w = 0; /* windows fit along w: 0 is not TFLite's size */
    KILN_CHECK_EQ(arm_depthwise_conv_s16(NULL, &p, &q, &in, NULL, &f, NULL, &b, NULL, &out, NULL),
                  ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_depthwise_conv_wrapper_s16_get_buffer_size(&p, &in, &f, &out), -1);
}

int main(void)
{
    memset(g_ctx_buf, 0xA5, sizeof(g_ctx_buf));
    KILN_RUN(test_vectors);
    KILN_RUN(test_vector_edges);
    KILN_RUN(test_requant);
    KILN_RUN(test_plan_and_queries);
    KILN_RUN(test_bad_input);
    KILN_RUN(test_empty);
    KILN_RUN(test_random);
    KILN_RUN(test_tflite_layers);
    return kiln_test_finish();
}
