/*
 * int8 transposed convolution (arm_transpose_conv_s8, arm_transpose_conv_wrapper_s8 and the size
 * queries) against an independent reference written here from TFLite's integer TRANSPOSE_CONV
 * (scatter-accumulate into an int64 accumulator per output element, then TFLite's
 * MultiplyByQuantizedMultiplier, output offset, clamp): the shared vectors (reference and both
 * entries bit-exact), randomized differential tests with guard bytes around the output and around
 * context buffers of exactly the queried sizes, the size queries, a bad-input table (output
 * untouched) and edge-of-memory runs. Builds in both API modes.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "arm_nnfunctions.h"
#include "kiln_board.h"
#include "kiln_test.h"

#include "kiln_vectors/reverse_transpose_conv_1.h"
#include "kiln_vectors/reverse_transpose_conv_2.h"
#include "kiln_vectors/reverse_transpose_conv_3.h"
#include "kiln_vectors/reverse_transpose_conv_4.h"
#include "kiln_vectors/transpose_conv_1.h"
#include "kiln_vectors/transpose_conv_2.h"
#include "kiln_vectors/transpose_conv_3.h"
#include "kiln_vectors/transpose_conv_4.h"

#define GUARD 16
#define GUARD_BYTE ((int8_t)0x5A)
#define OUT_MAX 4096
#define IN_MAX 4096
#define W_MAX 8192
#define CH_MAX 64
#define CTX_MAX 256

/* ---- one case ---------------------------------------------------------------------------------- */

typedef struct
{
    cmsis_nn_dims in_d, f_d, out_d, bias_d;
    cmsis_nn_transpose_conv_params p;
    const int8_t *input, *weights;
    const int32_t *bias, *mult, *shift;
} tc_case;

static int64_t dims_n(const cmsis_nn_dims *d)
{
    return (int64_t)d->n * d->h * d->w * d->c;
}

/* ---- reference (TFLite integer TRANSPOSE_CONV) ------------------------------------------------ */

static int32_t ref_srdhm(int32_t a, int32_t b)
{
    if (a == INT32_MIN && b == INT32_MIN)
    {
        return INT32_MAX;
    }
    const int64_t ab = (int64_t)a * b;
    const int64_t nudge = ab >= 0 ? ((int64_t)1 << 30) : (1 - ((int64_t)1 << 30));
    return (int32_t)((ab + nudge) / ((int64_t)1 << 31));
}

static int32_t ref_rdbpot(int32_t x, int32_t e)
{
    const int32_t mask = (int32_t)(((int64_t)1 << e) - 1);
    const int32_t rem = x & mask;
    const int32_t thr = (mask >> 1) + (x < 0 ? 1 : 0);
    return (x >> e) + (rem > thr ? 1 : 0);
}

static int32_t ref_mbqm(int32_t x, int32_t mult, int32_t shift)
{
    const int32_t ls = shift > 0 ? shift : 0;
    const int32_t rs = shift > 0 ? 0 : -shift;
    return ref_rdbpot(ref_srdhm((int32_t)((int64_t)x * ((int64_t)1 << ls)), mult), rs);
}

static int64_t g_acc[OUT_MAX];

/* Scatter every input pixel through the filter into the output accumulator, as TFLite does. */
static void ref_tconv(const tc_case *c, int8_t *out)
{
    const int32_t N = c->in_d.n, IH = c->in_d.h, IW = c->in_d.w, IC = c->in_d.c;
    const int32_t FH = c->f_d.h, FW = c->f_d.w;
    const int32_t OH = c->out_d.h, OW = c->out_d.w, OC = c->out_d.c;
    const int64_t total = (int64_t)N * OH * OW * OC;
    for (int64_t i = 0; i < total; i++)
    {
        g_acc[i] = 0;
    }
    for (int32_t b = 0; b < N; b++)
        for (int32_t iy = 0; iy < IH; iy++)
            for (int32_t ix = 0; ix < IW; ix++)
            {
                const int32_t oy0 = iy * c->p.stride.h - c->p.padding.h;
                const int32_t ox0 = ix * c->p.stride.w - c->p.padding.w;
                for (int32_t ky = 0; ky < FH; ky++)
                    for (int32_t kx = 0; kx < FW; kx++)
                    {
                        const int32_t oy = oy0 + ky, ox = ox0 + kx;
                        if (oy < 0 || oy >= OH || ox < 0 || ox >= OW)
                        {
                            continue;
                        }
                        for (int32_t oc = 0; oc < OC; oc++)
                        {
                            int64_t sum = 0;
                            for (int32_t ic = 0; ic < IC; ic++)
                            {
                                const int32_t xv = c->input[((b * IH + iy) * IW + ix) * IC + ic];
                                const int32_t wv = c->weights[((oc * FH + ky) * FW + kx) * IC + ic];
                                sum += (int64_t)(xv + c->p.input_offset) * wv;
                            }
                            g_acc[((b * OH + oy) * OW + ox) * OC + oc] += sum;
                        }
                    }
            }
    for (int64_t i = 0; i < total; i++)
    {
        const int32_t oc = (int32_t)(i % OC);
        const int64_t acc = g_acc[i] + (c->bias ? c->bias[oc] : 0);
        int32_t r = ref_mbqm((int32_t)acc, c->mult[oc], c->shift[oc]) + c->p.output_offset;
        r = r < c->p.activation.min ? c->p.activation.min : r;
        r = r > c->p.activation.max ? c->p.activation.max : r;
        out[i] = (int8_t)r;
    }
}

/* ---- calls ------------------------------------------------------------------------------------- */

typedef enum
{
    ENTRY_DIRECT = 0,
    ENTRY_WRAPPER = 1
} tc_entry;

static const char *entry_name(tc_entry e)
{
    return e == ENTRY_DIRECT ? "arm_transpose_conv_s8" : "arm_transpose_conv_wrapper_s8";
}

/* ctx: scratch; aux: output_ctx (direct) or reverse-conv ctx (wrapper); ws: weight sums (ns API). */
static arm_cmsis_nn_status call_entry(tc_entry e,
                                      const cmsis_nn_context *ctx,
                                      const cmsis_nn_context *aux,
                                      const cmsis_nn_context *ws,
                                      const tc_case *c,
                                      const int8_t *in,
                                      const int8_t *w,
                                      const int32_t *b,
                                      const int32_t *mult,
                                      const int32_t *shift,
                                      int8_t *out)
{
    const cmsis_nn_per_channel_quant_params qp = {(int32_t *)(uintptr_t)mult, (int32_t *)(uintptr_t)shift};
    if (e == ENTRY_DIRECT)
    {
        (void)ws;
        return arm_transpose_conv_s8(ctx, aux, &c->p, &qp, &c->in_d, in, &c->f_d, w, &c->bias_d, b, &c->out_d, out);
    }
#if KILN_UPSTREAM_API
    (void)ws;
    return arm_transpose_conv_wrapper_s8(ctx, aux, &c->p, &qp, &c->in_d, in, &c->f_d, w, &c->bias_d, b, &c->out_d,
                                         out);
#else
    return arm_transpose_conv_wrapper_s8(ctx, ws, aux, &c->p, &qp, &c->in_d, in, &c->f_d, w, &c->bias_d, b,
                                         &c->out_d, out);
#endif
}

static int8_t g_out[OUT_MAX + 2 * GUARD];
static int8_t g_want[OUT_MAX];
static int8_t g_ctx[CTX_MAX + 2 * GUARD];
static int8_t g_aux[CTX_MAX + 2 * GUARD];
static int8_t g_ws[CTX_MAX + 2 * GUARD];
static int8_t g_in_copy[IN_MAX];
static int8_t g_w_copy[W_MAX];
static int32_t g_b_copy[CH_MAX], g_m_copy[CH_MAX], g_s_copy[CH_MAX];

static bool guards_ok(const int8_t *p, int64_t n)
{
    for (int64_t i = 0; i < n; i++)
    {
        if (p[i] != GUARD_BYTE)
        {
            return false;
        }
    }
    return true;
}

/* One run of an entry: buffers of exactly the queried sizes between guards, output between guards,
 * the operands unchanged afterwards. null_ctx passes NULL contexts instead. */
static bool run_checked(tc_entry e, const tc_case *c, const int8_t *want, bool null_ctx)
{
    const int64_t out_n = dims_n(&c->out_d);
    const int64_t in_n = dims_n(&c->in_d);
    const int64_t w_n = (int64_t)c->out_d.c * c->f_d.h * c->f_d.w * c->in_d.c;
    const int32_t oc = c->out_d.c;
    bool ok = KILN_CHECK(out_n <= OUT_MAX && in_n <= IN_MAX && w_n <= W_MAX && oc <= CH_MAX);
    if (!ok)
    {
        return false;
    }
    const int32_t q_ctx = arm_transpose_conv_s8_get_buffer_size(&c->p, &c->in_d, &c->f_d, &c->out_d);
    const int32_t q_mve = arm_transpose_conv_s8_get_buffer_size_mve(&c->p, &c->in_d, &c->f_d, &c->out_d);
    const int32_t q_rev = arm_transpose_conv_s8_get_reverse_conv_buffer_size(&c->p, &c->in_d, &c->f_d);
    ok &= KILN_CHECK_EQ(q_ctx, 0);
    ok &= KILN_CHECK_EQ(q_mve, 0);
    ok &= KILN_CHECK_EQ(q_rev, 0);
    if (!ok || q_ctx > CTX_MAX || q_rev > CTX_MAX)
    {
        return false;
    }
    memset(g_out, GUARD_BYTE, sizeof(g_out));
    memset(g_ctx, GUARD_BYTE, sizeof(g_ctx));
    memset(g_aux, GUARD_BYTE, sizeof(g_aux));
    memset(g_ws, GUARD_BYTE, sizeof(g_ws));
    memcpy(g_in_copy, c->input, (size_t)in_n);
    memcpy(g_w_copy, c->weights, (size_t)w_n);
    if (c->bias)
    {
        memcpy(g_b_copy, c->bias, (size_t)oc * sizeof(int32_t));
    }
    memcpy(g_m_copy, c->mult, (size_t)oc * sizeof(int32_t));
    memcpy(g_s_copy, c->shift, (size_t)oc * sizeof(int32_t));

    const cmsis_nn_context ctx = {g_ctx + GUARD, q_ctx};
    const cmsis_nn_context aux = {g_aux + GUARD, e == ENTRY_WRAPPER ? q_rev : 0};
    const cmsis_nn_context ws = {g_ws + GUARD, 0};
    const arm_cmsis_nn_status st =
        call_entry(e, null_ctx ? NULL : &ctx, null_ctx ? NULL : &aux, null_ctx ? NULL : &ws, c, c->input,
                   c->weights, c->bias, c->mult, c->shift, g_out + GUARD);
    ok &= KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
    ok &= KILN_CHECK_MEM_S8(g_out + GUARD, want, out_n);
    ok &= KILN_CHECK(guards_ok(g_out, GUARD) && guards_ok(g_out + GUARD + out_n, GUARD));
    ok &= KILN_CHECK(guards_ok(g_ctx, (int64_t)sizeof(g_ctx)));
    ok &= KILN_CHECK(guards_ok(g_aux, (int64_t)sizeof(g_aux)));
    ok &= KILN_CHECK(guards_ok(g_ws, (int64_t)sizeof(g_ws)));
    ok &= KILN_CHECK(memcmp(g_in_copy, c->input, (size_t)in_n) == 0);
    ok &= KILN_CHECK(memcmp(g_w_copy, c->weights, (size_t)w_n) == 0);
    ok &= KILN_CHECK(c->bias == NULL || memcmp(g_b_copy, c->bias, (size_t)oc * sizeof(int32_t)) == 0);
    ok &= KILN_CHECK(memcmp(g_m_copy, c->mult, (size_t)oc * sizeof(int32_t)) == 0);
    ok &= KILN_CHECK(memcmp(g_s_copy, c->shift, (size_t)oc * sizeof(int32_t)) == 0);
    return ok;
}

/* ---- edge memory ------------------------------------------------------------------------------- */

typedef struct
{
    tc_entry e;
    const tc_case *c;
    void *in, *w, *b, *mult, *shift, *out;
    const int8_t *want;
    int64_t out_n;
} tc_edge_call;

static bool tc_edge_run(void *arg)
{
    const tc_edge_call *k = (const tc_edge_call *)arg;
    const arm_cmsis_nn_status st = call_entry(k->e, NULL, NULL, NULL, k->c, (const int8_t *)k->in,
                                              (const int8_t *)k->w, (const int32_t *)k->b,
                                              (const int32_t *)k->mult, (const int32_t *)k->shift, (int8_t *)k->out);
    bool ok = KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
    ok &= KILN_CHECK_MEM_S8((const int8_t *)k->out, k->want, k->out_n);
    return ok;
}

static void edge_runs(const tc_case *c, const int8_t *want)
{
    static int8_t out[OUT_MAX];
    const int64_t out_n = dims_n(&c->out_d);
    const int32_t oc = c->out_d.c;
    for (int e = 0; e < 2; e++)
    {
        tc_edge_call k = {(tc_entry)e,
                          c,
                          kiln_edge_ptr(c->input),
                          kiln_edge_ptr(c->weights),
                          kiln_edge_ptr(c->bias),
                          kiln_edge_ptr(c->mult),
                          kiln_edge_ptr(c->shift),
                          out,
                          want,
                          out_n};
        const kiln_edge_operand ops[] = {
            {"input", &k.in, (size_t)dims_n(&c->in_d)},
            {"filter", &k.w, (size_t)((int64_t)oc * c->f_d.h * c->f_d.w * c->in_d.c)},
            {"bias", &k.b, c->bias ? (size_t)oc * sizeof(int32_t) : 0},
            {"multiplier", &k.mult, (size_t)oc * sizeof(int32_t)},
            {"shift", &k.shift, (size_t)oc * sizeof(int32_t)},
            {"output", &k.out, (size_t)out_n},
        };
        kiln_test_context("edge %s", entry_name((tc_entry)e));
        kiln_edge_each(ops, 6, tc_edge_run, &k);
    }
}

/* ---- shared vectors ---------------------------------------------------------------------------- */

#define TC_VECTOR_CASE(UP, lo)                                                                                   \
    static tc_case vec_##lo(void)                                                                                \
    {                                                                                                            \
        tc_case c;                                                                                               \
        memset(&c, 0, sizeof(c));                                                                                \
        c.in_d.n = UP##_INPUT_BATCHES;                                                                           \
        c.in_d.h = UP##_INPUT_H;                                                                                 \
        c.in_d.w = UP##_INPUT_W;                                                                                 \
        c.in_d.c = UP##_IN_CH;                                                                                   \
        c.f_d.n = UP##_OUT_CH;                                                                                   \
        c.f_d.h = UP##_FILTER_Y;                                                                                 \
        c.f_d.w = UP##_FILTER_X;                                                                                 \
        c.f_d.c = UP##_IN_CH;                                                                                    \
        c.out_d.n = UP##_INPUT_BATCHES;                                                                          \
        c.out_d.h = UP##_OUTPUT_H;                                                                               \
        c.out_d.w = UP##_OUTPUT_W;                                                                               \
        c.out_d.c = UP##_OUT_CH;                                                                                 \
        c.bias_d.n = 1;                                                                                          \
        c.bias_d.h = 1;                                                                                          \
        c.bias_d.w = 1;                                                                                          \
        c.bias_d.c = UP##_OUT_CH;                                                                                \
        c.p.input_offset = UP##_INPUT_OFFSET;                                                                    \
        c.p.output_offset = UP##_OUTPUT_OFFSET;                                                                  \
        c.p.stride.h = UP##_STRIDE_Y;                                                                            \
        c.p.stride.w = UP##_STRIDE_X;                                                                            \
        c.p.padding.h = UP##_PAD_Y;                                                                              \
        c.p.padding.w = UP##_PAD_X;                                                                              \
        c.p.padding_offsets.h = UP##_PAD_Y_WITH_OFFSET;                                                          \
        c.p.padding_offsets.w = UP##_PAD_X_WITH_OFFSET;                                                          \
        c.p.dilation.h = UP##_DILATION_Y;                                                                        \
        c.p.dilation.w = UP##_DILATION_X;                                                                        \
        c.p.activation.min = UP##_OUT_ACTIVATION_MIN;                                                            \
        c.p.activation.max = UP##_OUT_ACTIVATION_MAX;                                                            \
        c.input = lo##_input;                                                                                    \
        c.weights = lo##_weights;                                                                                \
        c.bias = lo##_biases;                                                                                    \
        c.mult = lo##_output_mult;                                                                               \
        c.shift = lo##_output_shift;                                                                             \
        return c;                                                                                                \
    }                                                                                                            \
    static const int8_t *vec_ref_##lo(int64_t *n)                                                                \
    {                                                                                                            \
        *n = (int64_t)(sizeof(lo##_output_ref) / sizeof(lo##_output_ref[0]));                                     \
        return lo##_output_ref;                                                                                  \
    }

TC_VECTOR_CASE(TRANSPOSE_CONV_1, transpose_conv_1)
TC_VECTOR_CASE(TRANSPOSE_CONV_2, transpose_conv_2)
TC_VECTOR_CASE(TRANSPOSE_CONV_3, transpose_conv_3)
TC_VECTOR_CASE(TRANSPOSE_CONV_4, transpose_conv_4)
TC_VECTOR_CASE(REVERSE_TRANSPOSE_CONV_1, reverse_transpose_conv_1)
TC_VECTOR_CASE(REVERSE_TRANSPOSE_CONV_2, reverse_transpose_conv_2)
TC_VECTOR_CASE(REVERSE_TRANSPOSE_CONV_3, reverse_transpose_conv_3)
TC_VECTOR_CASE(REVERSE_TRANSPOSE_CONV_4, reverse_transpose_conv_4)

typedef struct
{
    const char *name;
    tc_case (*make)(void);
    const int8_t *(*ref)(int64_t *n);
} vec_entry;

static const vec_entry g_vectors[] = {
    {"transpose_conv_1", vec_transpose_conv_1, vec_ref_transpose_conv_1},
    {"transpose_conv_2", vec_transpose_conv_2, vec_ref_transpose_conv_2},
    {"transpose_conv_3", vec_transpose_conv_3, vec_ref_transpose_conv_3},
    {"transpose_conv_4", vec_transpose_conv_4, vec_ref_transpose_conv_4},
    {"reverse_transpose_conv_1", vec_reverse_transpose_conv_1, vec_ref_reverse_transpose_conv_1},
    {"reverse_transpose_conv_2", vec_reverse_transpose_conv_2, vec_ref_reverse_transpose_conv_2},
    {"reverse_transpose_conv_3", vec_reverse_transpose_conv_3, vec_ref_reverse_transpose_conv_3},
    {"reverse_transpose_conv_4", vec_reverse_transpose_conv_4, vec_ref_reverse_transpose_conv_4},
};
#define N_VECTORS ((int)(sizeof(g_vectors) / sizeof(g_vectors[0])))

static void test_reference_matches_vectors(void)
{
    static int8_t out[OUT_MAX];
    for (int i = 0; i < N_VECTORS; i++)
    {
        const tc_case c = g_vectors[i].make();
        int64_t n;
        const int8_t *want = g_vectors[i].ref(&n);
        kiln_test_context("vector %s", g_vectors[i].name);
        if (!KILN_CHECK(n == dims_n(&c.out_d) && n <= OUT_MAX))
        {
            continue;
        }
        ref_tconv(&c, out);
        KILN_CHECK_MEM_S8(out, want, n);
    }
}

static void test_vectors(void)
{
    for (int i = 0; i < N_VECTORS; i++)
    {
        const tc_case c = g_vectors[i].make();
        int64_t n;
        const int8_t *want = g_vectors[i].ref(&n);
        for (int e = 0; e < 2; e++)
        {
            for (int nc = 0; nc < 2; nc++)
            {
                kiln_test_context("vector %s via %s%s", g_vectors[i].name, entry_name((tc_entry)e),
                                  nc ? " (NULL contexts)" : "");
                run_checked((tc_entry)e, &c, want, nc != 0);
            }
        }
    }
}

static void test_vector_edges(void)
{
    /* the smaller vectors (the boards' edge memory is small) */
    const int idx[] = {2, 4, 5, 6, 7};
    for (int i = 0; i < (int)(sizeof(idx) / sizeof(idx[0])); i++)
    {
        const tc_case c = g_vectors[idx[i]].make();
        int64_t n;
        const int8_t *want = g_vectors[idx[i]].ref(&n);
        kiln_test_context("vector edge %s", g_vectors[idx[i]].name);
        edge_runs(&c, want);
    }
}

/* ---- random differential tests ----------------------------------------------------------------- */

static int8_t g_rin[IN_MAX];
static int8_t g_rw[W_MAX];
static int32_t g_rb[CH_MAX], g_rm[CH_MAX], g_rs[CH_MAX];

/* One axis: input size, filter, stride; the output size and both paddings as TFLite derives them
 * (SAME or VALID from the output size) or as an explicit-padding framework gives them. */
static void random_axis(kiln_rng *r, int32_t in, int32_t f, int32_t s, int32_t *out, int32_t *pad, int32_t *pad_end)
{
    const int32_t mode = kiln_rng_range(r, 0, 2);
    if (mode == 2)
    {
        for (;;)
        {
            const int32_t p = kiln_rng_range(r, 0, f - 1);
            const int32_t pe = kiln_rng_range(r, 0, f - 1);
            const int32_t extra = kiln_rng_range(r, 0, s - 1);
            const int32_t o = (in - 1) * s + f - p - pe + extra;
            if (o >= 1)
            {
                *out = o;
                *pad = p;
                *pad_end = pe;
                return;
            }
        }
    }
    int32_t o;
    if (mode == 0)
    {
        o = kiln_rng_range(r, (in - 1) * s + 1, in * s); /* SAME: ceil(o / s) == in */
    }
    else
    {
        o = kiln_rng_range(r, (in - 1) * s + f, (in - 1) * s + f + s - 1); /* VALID */
    }
    int32_t total = (in - 1) * s + f - o;
    total = total < 0 ? 0 : total;
    *out = o;
    *pad = total / 2;
    *pad_end = total / 2 + total % 2;
}

static bool random_case(kiln_rng *r, int32_t it, tc_case *c)
{
    memset(c, 0, sizeof(*c));
    const int32_t batches = (it % 5 == 0) ? kiln_rng_range(r, 2, 3) : 1;
    const int32_t ih = kiln_rng_range(r, 1, 6), iw = kiln_rng_range(r, 1, 6);
    const int32_t ic = (it % 4 == 0) ? kiln_rng_range(r, 17, 40) : kiln_rng_range(r, 1, 19);
    const int32_t oc = kiln_rng_range(r, 1, 19);
    const int32_t fh = kiln_rng_range(r, 1, 5), fw = kiln_rng_range(r, 1, 5);
    const int32_t sh = kiln_rng_range(r, 1, 3), sw = kiln_rng_range(r, 1, 3);
    int32_t oh, ow, ph, pw, peh, pew;
    random_axis(r, ih, fh, sh, &oh, &ph, &peh);
    random_axis(r, iw, fw, sw, &ow, &pw, &pew);
    const cmsis_nn_dims in_d = {batches, ih, iw, ic};
    const cmsis_nn_dims out_d = {batches, oh, ow, oc};
    if (dims_n(&in_d) > IN_MAX || dims_n(&out_d) > OUT_MAX || (int64_t)oc * fh * fw * ic > W_MAX)
    {
        return false;
    }
    c->in_d = in_d;
    c->out_d = out_d;
    c->f_d.n = oc;
    c->f_d.h = fh;
    c->f_d.w = fw;
    c->f_d.c = ic;
    c->bias_d.n = c->bias_d.h = c->bias_d.w = 1;
    c->bias_d.c = oc;
    c->p.stride.h = sh;
    c->p.stride.w = sw;
    c->p.padding.h = ph;
    c->p.padding.w = pw;
    c->p.padding_offsets.h = peh;
    c->p.padding_offsets.w = pew;
    c->p.dilation.h = c->p.dilation.w = 1;
    c->p.input_offset = (it % 9 == 0) ? ((it & 1) ? 128 : -127) : kiln_rng_range(r, -127, 128);
    c->p.output_offset = (it % 11 == 0) ? ((it & 1) ? 127 : -128) : kiln_rng_range(r, -128, 127);
    if (it % 3 == 0)
    {
        const int32_t a = kiln_rng_range(r, -128, 127), b = kiln_rng_range(r, -128, 127);
        c->p.activation.min = a < b ? a : b;
        c->p.activation.max = a < b ? b : a;
    }
    else
    {
        c->p.activation.min = -128;
        c->p.activation.max = 127;
    }
    kiln_rng_fill_s8(r, g_rin, dims_n(&in_d));
    kiln_rng_fill_s8(r, g_rw, (int64_t)oc * fh * fw * ic);
    for (int32_t i = 0; i < oc; i++)
    {
        g_rb[i] = kiln_rng_range(r, -70000, 70000);
        g_rm[i] = (it % 13 == 0 && i == 0) ? 0 : kiln_rng_range(r, 1 << 30, INT32_MAX);
        /* scales that keep the outputs inside the int8 range most of the time */
        g_rs[i] = kiln_rng_range(r, -16, -6);
        if (it % 17 == 0 && i == 0)
        {
            g_rs[i] = kiln_rng_range(r, 0, 2);
        }
    }
    c->input = g_rin;
    c->weights = g_rw;
    c->bias = (it % 4 == 1) ? NULL : g_rb;
    c->mult = g_rm;
    c->shift = g_rs;
    return true;
}

static void test_random(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x7C0A5E11u);
    const int32_t iters = kiln_test_iterations(2400, 300);
    int32_t done = 0;
    for (int32_t it = 0; done < iters; it++)
    {
        tc_case c;
        if (!random_case(&r, it, &c))
        {
            continue;
        }
        done++;
        ref_tconv(&c, g_want);
        for (int e = 0; e < 2; e++)
        {
            kiln_test_context("random it=%ld via %s: n=%ld in=%ldx%ldx%ld f=%ldx%ld out=%ldx%ldx%ld s=%ldx%ld "
                              "pad=%ld,%ld end=%ld,%ld bias=%d",
                              (long)it, entry_name((tc_entry)e), (long)c.in_d.n, (long)c.in_d.h, (long)c.in_d.w,
                              (long)c.in_d.c, (long)c.f_d.h, (long)c.f_d.w, (long)c.out_d.h, (long)c.out_d.w,
                              (long)c.out_d.c, (long)c.p.stride.h, (long)c.p.stride.w, (long)c.p.padding.h,
                              (long)c.p.padding.w, (long)c.p.padding_offsets.h, (long)c.p.padding_offsets.w,
                              c.bias != NULL);
            if (!run_checked((tc_entry)e, &c, g_want, (it % 7) == 3))
            {
                return;
            }
        }
        if (done % kiln_test_iterations(200, 100) == 0)
        {
            edge_runs(&c, g_want);
        }
    }
}

/* ---- size queries ------------------------------------------------------------------------------ */

static void test_size_queries(void)
{
    const tc_case base = vec_transpose_conv_3();
    KILN_CHECK_EQ(arm_transpose_conv_s8_get_buffer_size(&base.p, &base.in_d, &base.f_d, &base.out_d), 0);
    KILN_CHECK_EQ(arm_transpose_conv_s8_get_buffer_size_mve(&base.p, &base.in_d, &base.f_d, &base.out_d), 0);
    KILN_CHECK_EQ(arm_transpose_conv_s8_get_reverse_conv_buffer_size(&base.p, &base.in_d, &base.f_d), 0);
    /* the reverse-conv route's shape (strides <= 2, in_c > 16) also needs nothing */
    const tc_case rev = vec_reverse_transpose_conv_1();
    KILN_CHECK_EQ(arm_transpose_conv_s8_get_reverse_conv_buffer_size(&rev.p, &rev.in_d, &rev.f_d), 0);
    KILN_CHECK_EQ(arm_transpose_conv_s8_get_buffer_size(&rev.p, &rev.in_d, &rev.f_d, &rev.out_d), 0);

    /* NULL pointers */
    KILN_CHECK_EQ(arm_transpose_conv_s8_get_buffer_size(NULL, &base.in_d, &base.f_d, &base.out_d), -1);
    KILN_CHECK_EQ(arm_transpose_conv_s8_get_buffer_size(&base.p, NULL, &base.f_d, &base.out_d), -1);
    KILN_CHECK_EQ(arm_transpose_conv_s8_get_buffer_size(&base.p, &base.in_d, NULL, &base.out_d), -1);
    KILN_CHECK_EQ(arm_transpose_conv_s8_get_buffer_size(&base.p, &base.in_d, &base.f_d, NULL), -1);
    KILN_CHECK_EQ(arm_transpose_conv_s8_get_buffer_size_mve(&base.p, &base.in_d, &base.f_d, NULL), -1);
    KILN_CHECK_EQ(arm_transpose_conv_s8_get_reverse_conv_buffer_size(NULL, &base.in_d, &base.f_d), -1);
    KILN_CHECK_EQ(arm_transpose_conv_s8_get_reverse_conv_buffer_size(&base.p, NULL, &base.f_d), -1);
    KILN_CHECK_EQ(arm_transpose_conv_s8_get_reverse_conv_buffer_size(&base.p, &base.in_d, NULL), -1);

    for (int k = 0; k < 9; k++)
    {
        tc_case c = base;
        bool input_side = true; /* the reverse-conv query sees it too */
        switch (k)
        {
        case 0: c.p.stride.w = 0; break;
        case 1: c.p.stride.h = -1; break;
        case 2: c.p.padding.w = -1; break;
        case 3: c.p.padding_offsets.h = -1; break;
        case 4: c.in_d.h = -1; break;
        case 5: c.f_d.w = 0; break;
        case 6: c.f_d.c = c.in_d.c + 1; break;
        case 7: c.out_d.h += 1; input_side = false; break;  /* off TFLite's arithmetic */
        default: c.out_d.c += 1; input_side = false; break; /* filter n != out_c */
        }
        kiln_test_context("size query mutation %d", k);
        KILN_CHECK_EQ(arm_transpose_conv_s8_get_buffer_size(&c.p, &c.in_d, &c.f_d, &c.out_d), -1);
        KILN_CHECK_EQ(arm_transpose_conv_s8_get_buffer_size_mve(&c.p, &c.in_d, &c.f_d, &c.out_d), -1);
        KILN_CHECK_EQ(arm_transpose_conv_s8_get_reverse_conv_buffer_size(&c.p, &c.in_d, &c.f_d), input_side ? -1 : 0);
    }
    /* sizes in 64 bits: an input over INT32_MAX elements */
    tc_case big = base;
    big.in_d.h = 65536;
    big.in_d.w = 65536;
    KILN_CHECK_EQ(arm_transpose_conv_s8_get_reverse_conv_buffer_size(&big.p, &big.in_d, &big.f_d), -1);
    KILN_CHECK_EQ(arm_transpose_conv_s8_get_buffer_size(&big.p, &big.in_d, &big.f_d, &big.out_d), -1);
}

/* ---- bad inputs -------------------------------------------------------------------------------- */

static void test_bad_inputs(void)
{
    const tc_case base = vec_transpose_conv_3();
    static int32_t bad_shift[CH_MAX], bad_mult[CH_MAX];
    const int32_t oc = base.out_d.c;
    const int64_t out_n = dims_n(&base.out_d);
    for (int e = 0; e < 2; e++)
    {
        for (int k = 0; k < 40; k++)
        {
            tc_case c = base;
            const int8_t *in = c.input;
            const int8_t *w = c.weights;
            const int32_t *mult = c.mult, *shift = c.shift;
            int8_t *out = g_out + GUARD;
            bool null_params = false, null_in_d = false, null_f_d = false, null_out_d = false, null_qp = false;
            memcpy(bad_shift, c.shift, (size_t)oc * sizeof(int32_t));
            memcpy(bad_mult, c.mult, (size_t)oc * sizeof(int32_t));
            switch (k)
            {
            case 0: in = NULL; break;
            case 1: w = NULL; break;
            case 2: out = NULL; break;
            case 3: mult = NULL; break;
            case 4: shift = NULL; break;
            case 5: null_params = true; break;
            case 6: null_in_d = true; break;
            case 7: null_f_d = true; break;
            case 8: null_out_d = true; break;
            case 9: null_qp = true; break;
            case 10: c.in_d.n = -1; c.out_d.n = -1; break;
            case 11: c.out_d.n = c.in_d.n + 1; break;
            case 12: c.f_d.c = c.in_d.c - 1; break;
            case 13: c.f_d.n = c.out_d.c + 1; break;
            case 14: c.p.stride.h = 0; break;
            case 15: c.p.stride.w = -2; break;
            case 16: c.p.padding.h = -1; break;
            case 17: c.p.padding_offsets.w = -1; break;
            case 18: c.out_d.h += 1; break;
            case 19: c.out_d.w -= 1; break;
            case 20: c.p.padding.h += 1; break;
            case 21: c.p.stride.h += 1; break;
            case 22: c.f_d.h = 0; break;
            case 23: c.in_d.w = -1; break;
            case 24: c.p.input_offset = 129; break;
            case 25: c.p.input_offset = -128; break;
            case 26: c.p.output_offset = 128; break;
            case 27: c.p.output_offset = -129; break;
            case 28: c.p.activation.min = 10; c.p.activation.max = 9; break;
            case 29: c.p.activation.min = -129; break;
            case 30: c.p.activation.max = 128; break;
            case 31: bad_shift[oc - 1] = 31; shift = bad_shift; break;
            case 32: bad_shift[0] = -32; shift = bad_shift; break;
            case 33: bad_mult[1] = -1; mult = bad_mult; break;
            case 34: c.in_d.h = 65536; c.in_d.w = 65536; break; /* input over INT32_MAX elements */
            case 35: c.out_d.c = -1; c.f_d.n = -1; break;
            case 36: c.p.padding.h = INT32_MAX; break;
            case 37: c.p.stride.h = INT32_MAX; break;
            case 38: c.out_d.h = 0; c.in_d.h = 0; c.p.stride.h = 0; break; /* empty, but a bad stride */
            default: c.f_d.w = -3; break;
            }
            memset(g_out, GUARD_BYTE, sizeof(g_out));
            kiln_test_context("bad input %d via %s", k, entry_name((tc_entry)e));
            const cmsis_nn_per_channel_quant_params qp = {(int32_t *)(uintptr_t)mult, (int32_t *)(uintptr_t)shift};
            const cmsis_nn_transpose_conv_params *pp = null_params ? NULL : &c.p;
            const cmsis_nn_per_channel_quant_params *qpp = null_qp ? NULL : &qp;
            const cmsis_nn_dims *ind = null_in_d ? NULL : &c.in_d;
            const cmsis_nn_dims *fd = null_f_d ? NULL : &c.f_d;
            const cmsis_nn_dims *od = null_out_d ? NULL : &c.out_d;
            arm_cmsis_nn_status st;
            if (e == ENTRY_DIRECT)
            {
                st = arm_transpose_conv_s8(NULL, NULL, pp, qpp, ind, in, fd, w, &c.bias_d, c.bias, od, out);
            }
            else
            {
#if KILN_UPSTREAM_API
                st = arm_transpose_conv_wrapper_s8(NULL, NULL, pp, qpp, ind, in, fd, w, &c.bias_d, c.bias, od, out);
#else
                st = arm_transpose_conv_wrapper_s8(NULL, NULL, NULL, pp, qpp, ind, in, fd, w, &c.bias_d, c.bias, od,
                                                   out);
#endif
            }
            KILN_CHECK_EQ(st, ARM_CMSIS_NN_ARG_ERROR);
            KILN_CHECK(guards_ok(g_out, (int64_t)sizeof(g_out)));
        }
        (void)out_n;
    }
}

/* Empty outputs succeed without writing; in_c == 0 gives bias-only outputs. */
static void test_empty_and_contexts(void)
{
    const tc_case base = vec_transpose_conv_3();
    for (int e = 0; e < 2; e++)
    {
        for (int k = 0; k < 4; k++)
        {
            tc_case c = base;
            const int8_t *in = c.input;
            int8_t *out = g_out + GUARD;
            switch (k)
            {
            case 0: c.in_d.n = 0; c.out_d.n = 0; break;
            case 1: c.out_d.h = 0; break;
            case 2: c.out_d.w = 0; break;
            default: c.out_d.c = 0; c.f_d.n = 0; out = NULL; break;
            }
            if (k == 0)
            {
                in = NULL; /* an empty input may be NULL */
            }
            memset(g_out, GUARD_BYTE, sizeof(g_out));
            kiln_test_context("empty %d via %s", k, entry_name((tc_entry)e));
            const arm_cmsis_nn_status st =
                call_entry((tc_entry)e, NULL, NULL, NULL, &c, in, c.weights, c.bias, c.mult, c.shift, out);
            KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
            KILN_CHECK(guards_ok(g_out, (int64_t)sizeof(g_out)));
            KILN_CHECK_EQ(arm_transpose_conv_s8_get_buffer_size(&c.p, &c.in_d, &c.f_d, &c.out_d), 0);
        }
        /* in_c == 0: every output is bias only (filter empty, may be NULL) */
        {
            tc_case c = base;
            c.in_d.c = 0;
            c.f_d.c = 0;
            static int8_t want[OUT_MAX];
            ref_tconv(&c, want);
            memset(g_out, GUARD_BYTE, sizeof(g_out));
            kiln_test_context("in_c 0 via %s", entry_name((tc_entry)e));
            KILN_CHECK_EQ(call_entry((tc_entry)e, NULL, NULL, NULL, &c, NULL, NULL, c.bias, c.mult, c.shift,
                                     g_out + GUARD),
                          ARM_CMSIS_NN_SUCCESS);
            KILN_CHECK_MEM_S8(g_out + GUARD, want, dims_n(&c.out_d));
        }
    }
}

int main(void)
{
    printf("tconv_s8 on %s\n", kiln_board_name());
    KILN_RUN(test_reference_matches_vectors);
    KILN_RUN(test_vectors);
    KILN_RUN(test_vector_edges);
    KILN_RUN(test_size_queries);
    KILN_RUN(test_bad_inputs);
    KILN_RUN(test_empty_and_contexts);
    KILN_RUN(test_random);
    return kiln_test_finish();
}
