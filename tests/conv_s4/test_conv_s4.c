/*
 * Kiln tests — int8 convolution with packed int4 weights (arm_convolve_wrapper_s4, arm_convolve_s4,
 * arm_convolve_even_s4, arm_convolve_1x1_s4, arm_convolve_1x1_s4_fast, arm_convolve_1_x_n_s4 and
 * their size queries): every shared CMSIS-NN int4 convolution vector bit-exact through the entry it
 * names and through every other entry that accepts its shape (and through this file's reference),
 * randomized differential tests against the reference (odd and even weight counts, channel counts
 * off multiples of 4/8/16, padding, stride, dilation, batches, groups, NULL bias, the unused nibble
 * of an odd filter filled with noise) with guard bytes around the output and around a context of
 * exactly the queried size, every entry either computing the reference or refusing exactly the
 * shapes its int8 counterpart refuses, the size queries per backend, a bad-input table, empty
 * outputs, and edge memory (kiln_edge_each).
 *
 * The reference is written from the TFLite CONV_2D int8 per-channel definition and CMSIS-NN's
 * int4 packing: weight k of the flattened [out_c][fh][fw][fc] filter is byte k / 2, lower nibble for
 * even k; an int64 sum over the taps inside the input of (in + input_offset) * w, plus bias, reduced
 * to int32 modulo 2^32, MultiplyByQuantizedMultiplier in int64 (round half away from zero of the
 * doubling high product, then rounding right shift), output offset, clamp.
 */
#include <stdio.h>
#include <string.h>

#include "arm_nnfunctions.h"
#include "arm_nnsupportfunctions.h"
#include "kiln_board.h"
#include "kiln_test.h"

#include "kiln_vectors/basic_int4.h"
#include "kiln_vectors/basic_2_int4.h"
#include "kiln_vectors/conv_1_x_n_1_int4.h"
#include "kiln_vectors/conv_1_x_n_2_int4.h"
#include "kiln_vectors/conv_1_x_n_3_int4.h"
#include "kiln_vectors/conv_1_x_n_4_int4.h"
#include "kiln_vectors/conv_1_x_n_5_int4.h"
#include "kiln_vectors/conv_2_int4.h"
#include "kiln_vectors/conv_2x2_dilation_5x5_input_int4.h"
#include "kiln_vectors/conv_2x2_dilation_int4.h"
#include "kiln_vectors/conv_2x3_dilation_int4.h"
#include "kiln_vectors/conv_3_int4.h"
#include "kiln_vectors/conv_3x2_dilation_int4.h"
#include "kiln_vectors/conv_3x3_dilation_5x5_input_int4.h"
#include "kiln_vectors/conv_4_int4.h"
#include "kiln_vectors/conv_5_int4.h"
#include "kiln_vectors/conv_dilation_golden_int4.h"
#include "kiln_vectors/conv_out_activation_int4.h"
#include "kiln_vectors/kernel1x1_int4.h"
#include "kiln_vectors/kernel1x1_int4_2.h"
#include "kiln_vectors/kernel1x1_int4_3.h"
#include "kiln_vectors/kernel1x1_stride_x_int4.h"
#include "kiln_vectors/kernel1x1_stride_x_y_1_int4.h"
#include "kiln_vectors/kernel1x1_stride_x_y_2_int4.h"
#include "kiln_vectors/kernel1x1_stride_x_y_int4.h"
#include "kiln_vectors/stride2pad1_int4.h"

/* ---- the entries ------------------------------------------------------------------------------ */

typedef arm_cmsis_nn_status (*conv_fn)(const cmsis_nn_context *,
                                       const cmsis_nn_conv_params *,
                                       const cmsis_nn_per_channel_quant_params *,
                                       const cmsis_nn_dims *,
                                       const int8_t *,
                                       const cmsis_nn_dims *,
                                       const int8_t *,
                                       const cmsis_nn_dims *,
                                       const int32_t *,
                                       const cmsis_nn_dims *,
                                       int8_t *);

enum
{
    E_WRAPPER = 0,
    E_GENERAL = 1,
    E_EVEN = 2,
    E_1X1 = 3,
    E_1X1_FAST = 4,
    E_1XN = 5,
    E_COUNT = 6
};

static const conv_fn k_entries[E_COUNT] = {arm_convolve_wrapper_s4, arm_convolve_s4,     arm_convolve_even_s4,
                                           arm_convolve_1x1_s4,     arm_convolve_1x1_s4_fast, arm_convolve_1_x_n_s4};
static const char *const k_entry_names[E_COUNT] = {"wrapper", "s4", "even_s4", "1x1_s4", "1x1_s4_fast", "1_x_n_s4"};

/* ---- a case ---------------------------------------------------------------------------------- */

typedef struct
{
    int32_t batches, in_h, in_w, in_c;
    int32_t fh, fw, fc;
    int32_t out_h, out_w, out_c;
    int32_t stride_h, stride_w, pad_h, pad_w, dil_h, dil_w;
    int32_t input_offset, output_offset, act_min, act_max;
    const int8_t *input;
    const int8_t *weights; /* packed */
    const int32_t *bias;   /* may be NULL */
    const int32_t *mult;
    const int32_t *shift;
} conv_case;

static int64_t in_count(const conv_case *c)
{
    return (int64_t)c->batches * c->in_h * c->in_w * c->in_c;
}

static int64_t out_count(const conv_case *c)
{
    return (int64_t)c->batches * c->out_h * c->out_w * c->out_c;
}

static int64_t rhs_cols(const conv_case *c)
{
    return (int64_t)c->fh * c->fw * c->fc;
}

static int64_t w_bytes(const conv_case *c)
{
    return ((int64_t)c->out_c * rhs_cols(c) + 1) / 2;
}

static void case_structs(const conv_case *c, cmsis_nn_conv_params *cp, cmsis_nn_dims *in_d, cmsis_nn_dims *f_d,
                         cmsis_nn_dims *out_d)
{
    memset(cp, 0, sizeof(*cp));
    cp->input_offset = c->input_offset;
    cp->output_offset = c->output_offset;
    cp->stride.h = c->stride_h;
    cp->stride.w = c->stride_w;
    cp->padding.h = c->pad_h;
    cp->padding.w = c->pad_w;
    cp->dilation.h = c->dil_h;
    cp->dilation.w = c->dil_w;
    cp->activation.min = c->act_min;
    cp->activation.max = c->act_max;
    const cmsis_nn_dims i = {c->batches, c->in_h, c->in_w, c->in_c};
    const cmsis_nn_dims f = {-3, c->fh, c->fw, c->fc}; /* filter n is never read */
    const cmsis_nn_dims o = {-5, c->out_h, c->out_w, c->out_c}; /* neither is output n */
    *in_d = i;
    *f_d = f;
    *out_d = o;
}

/* Whether an entry accepts a valid shape: the rules of the int8 counterparts (written here again). */
static bool entry_accepts(const conv_case *c, int e)
{
    const bool is_1x1 = c->fh == 1 && c->fw == 1 && c->pad_h == 0 && c->pad_w == 0 &&
        (int64_t)(c->out_h - 1) * c->stride_h < c->in_h && (int64_t)(c->out_w - 1) * c->stride_w < c->in_w;
    switch (e)
    {
    case E_EVEN:
        return (rhs_cols(c) % 2) == 0;
    case E_1X1:
        return is_1x1;
    case E_1X1_FAST:
        return is_1x1 && c->stride_h == 1 && c->stride_w == 1;
    case E_1XN:
        return c->fh == 1 && (c->dil_w == 1 || c->fw == 1) && c->fc == c->in_c;
    default:
        return true;
    }
}

/* ---- the reference --------------------------------------------------------------------------- */

static int32_t ref_weight(const int8_t *packed, int64_t k)
{
    const uint8_t b = (uint8_t)packed[k / 2];
    const int32_t nib = (k % 2 == 0) ? (b & 0x0F) : (b >> 4);
    return nib >= 8 ? nib - 16 : nib;
}

static int32_t ref_wrap32(int64_t v)
{
    uint32_t u = (uint32_t)(uint64_t)v;
    return u <= 0x7FFFFFFFu ? (int32_t)u : (int32_t)((int64_t)u - 4294967296LL);
}

/* floor(a / 2^e) for e in [0, 62]. */
static int64_t ref_floor_shift(int64_t a, int e)
{
    const int64_t d = (int64_t)1 << e;
    int64_t q = a / d;
    if (a % d != 0 && a < 0)
    {
        q -= 1;
    }
    return q;
}

/* TFLite MultiplyByQuantizedMultiplier (multiplier >= 0, shift in [-31, 30]); the left shift wraps
 * modulo 2^32 like arm_nn_requantize's documented form. */
static int32_t ref_requant(int32_t v, int32_t mult, int32_t shift)
{
    const int left = shift > 0 ? shift : 0;
    const int right = shift > 0 ? 0 : -shift;
    const int32_t x = ref_wrap32((int64_t)((uint64_t)(uint32_t)v << left));
    const int64_t ab = (int64_t)x * mult;
    const int64_t nudge = ab >= 0 ? ((int64_t)1 << 30) : (1 - ((int64_t)1 << 30));
    /* truncating division by 2^31 */
    const int64_t num = ab + nudge;
    int64_t hi = num >= 0 ? num / ((int64_t)1 << 31) : -((-num) / ((int64_t)1 << 31));
    int32_t h = (int32_t)hi;
    if (right == 0)
    {
        return h;
    }
    const int64_t mask = ((int64_t)1 << right) - 1;
    const int64_t rem = (int64_t)h - ref_floor_shift(h, right) * ((int64_t)1 << right);
    const int64_t thr = (mask >> 1) + (h < 0 ? 1 : 0);
    return (int32_t)(ref_floor_shift(h, right) + (rem > thr ? 1 : 0));
}

static void ref_conv(const conv_case *c, int8_t *out)
{
    const int32_t groups = c->in_c / c->fc;
    const int32_t oc_per_g = c->out_c / groups;
    int64_t o = 0;
    for (int32_t b = 0; b < c->batches; b++)
    {
        for (int32_t oy = 0; oy < c->out_h; oy++)
        {
            for (int32_t ox = 0; ox < c->out_w; ox++)
            {
                for (int32_t oc = 0; oc < c->out_c; oc++)
                {
                    const int32_t g = oc / oc_per_g;
                    int64_t sum = c->bias != NULL ? c->bias[oc] : 0;
                    for (int32_t ky = 0; ky < c->fh; ky++)
                    {
                        const int64_t iy = (int64_t)oy * c->stride_h - c->pad_h + (int64_t)ky * c->dil_h;
                        for (int32_t kx = 0; kx < c->fw; kx++)
                        {
                            const int64_t ix = (int64_t)ox * c->stride_w - c->pad_w + (int64_t)kx * c->dil_w;
                            if (iy < 0 || iy >= c->in_h || ix < 0 || ix >= c->in_w)
                            {
                                continue;
                            }
                            for (int32_t ch = 0; ch < c->fc; ch++)
                            {
                                const int64_t k = (((int64_t)oc * c->fh + ky) * c->fw + kx) * c->fc + ch;
                                const int64_t ii = (((int64_t)b * c->in_h + iy) * c->in_w + ix) * c->in_c +
                                    (int64_t)g * c->fc + ch;
                                sum += ((int64_t)c->input[ii] + c->input_offset) * ref_weight(c->weights, k);
                            }
                        }
                    }
                    int64_t v = (int64_t)ref_requant(ref_wrap32(sum), c->mult[oc], c->shift[oc]) + c->output_offset;
                    v = v < c->act_min ? c->act_min : v;
                    v = v > c->act_max ? c->act_max : v;
                    out[o++] = (int8_t)v;
                }
            }
        }
    }
}

/* ---- checked calls --------------------------------------------------------------------------- */

#define MAX_IN 16400
#define MAX_W 4096
#define MAX_OUT 4096
#define MAX_CH 64
#define GUARD 16
#define GUARD_BYTE ((int8_t)0x5A)
#define CANARY ((int8_t)0x3C)

static int8_t g_out[GUARD + MAX_OUT + GUARD];
static int8_t g_want[MAX_OUT];
static int8_t g_in_copy[MAX_IN];
static int8_t g_w_copy[MAX_W];
static int32_t g_bias_copy[MAX_CH], g_mult_copy[MAX_CH], g_shift_copy[MAX_CH];
static int8_t g_scratch[GUARD + 16 + GUARD];

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

typedef struct
{
    conv_fn fn;
    void *cp, *in_d, *f_d, *out_d;
    void *in, *w, *b, *mult, *shift, *out;
    const int8_t *want;
    int64_t out_n;
} edge_call;

static bool edge_run(void *arg)
{
    const edge_call *k = (const edge_call *)arg;
    int8_t *out = (int8_t *)k->out;
    memset(out, CANARY, (size_t)k->out_n);
    const cmsis_nn_per_channel_quant_params qp = {(int32_t *)k->mult, (int32_t *)k->shift};
    const arm_cmsis_nn_status st = k->fn(NULL, (const cmsis_nn_conv_params *)k->cp, &qp, (const cmsis_nn_dims *)k->in_d,
                                         (const int8_t *)k->in, (const cmsis_nn_dims *)k->f_d, (const int8_t *)k->w,
                                         NULL, (const int32_t *)k->b, (const cmsis_nn_dims *)k->out_d, out);
    bool ok = KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
    ok &= KILN_CHECK_MEM_S8(out, k->want, k->out_n);
    return ok;
}

/* The size queries for a case: exact (0: the route needs no scratch) where the shape is accepted. */
static bool check_queries(const conv_case *c)
{
    cmsis_nn_conv_params cp;
    cmsis_nn_dims in_d, f_d, out_d;
    case_structs(c, &cp, &in_d, &f_d, &out_d);
    bool ok = KILN_CHECK_EQ(arm_convolve_wrapper_s4_get_buffer_size(&cp, &in_d, &f_d, &out_d), 0);
    ok &= KILN_CHECK_EQ(arm_convolve_wrapper_s4_get_buffer_size_dsp(&cp, &in_d, &f_d, &out_d), 0);
    ok &= KILN_CHECK_EQ(arm_convolve_wrapper_s4_get_buffer_size_mve(&cp, &in_d, &f_d, &out_d), 0);
    ok &= KILN_CHECK_EQ(arm_convolve_s4_get_buffer_size(&in_d, &f_d), 0);
    ok &= KILN_CHECK_EQ(arm_convolve_1x1_s4_fast_get_buffer_size(&in_d), 0);
    ok &= KILN_CHECK_EQ(arm_convolve_1_x_n_s4_get_buffer_size(&cp, &in_d, &f_d, &out_d),
                        entry_accepts(c, E_1XN) ? 0 : -1);
    return ok;
}

/* Run case c through entry e: want (the reference) when the entry accepts the shape, else
 * ARM_CMSIS_NN_ARG_ERROR with the output untouched. ctx_mode: 0 a buffer of exactly the queried
 * size (0) between guards, 1 NULL, 2 {NULL, 0}, 3 a buffer with size 0 ("not stated"). */
static bool check_call(const conv_case *c, int e, const int8_t *want, int ctx_mode, bool edges)
{
    const int64_t out_n = out_count(c), in_n = in_count(c), wb = w_bytes(c);
    bool ok = KILN_CHECK(out_n <= MAX_OUT && in_n <= MAX_IN && wb <= MAX_W && c->out_c <= MAX_CH);
    if (!ok)
    {
        return false;
    }
    kiln_test_context("entry %s", k_entry_names[e]);
    cmsis_nn_conv_params cp;
    cmsis_nn_dims in_d, f_d, out_d;
    case_structs(c, &cp, &in_d, &f_d, &out_d);
    const cmsis_nn_dims bias_d = {-7, -7, -7, -7}; /* never read */
    const bool accepts = entry_accepts(c, e);

    memcpy(g_in_copy, c->input, (size_t)in_n);
    memcpy(g_w_copy, c->weights, (size_t)wb);
    const size_t ch_bytes = (size_t)c->out_c * sizeof(int32_t);
    if (c->bias != NULL)
    {
        memcpy(g_bias_copy, c->bias, ch_bytes);
    }
    memcpy(g_mult_copy, c->mult, ch_bytes);
    memcpy(g_shift_copy, c->shift, ch_bytes);
    memset(g_out, GUARD_BYTE, sizeof(g_out));
    memset(g_scratch, GUARD_BYTE, sizeof(g_scratch));

    const int32_t need = arm_convolve_wrapper_s4_get_buffer_size(&cp, &in_d, &f_d, &out_d);
    ok &= KILN_CHECK_EQ(need, 0);
    cmsis_nn_context ctx = {g_scratch + GUARD, need};
    const cmsis_nn_context *ctx_p = &ctx;
    if (ctx_mode == 1)
    {
        ctx_p = NULL;
    }
    else if (ctx_mode == 2)
    {
        ctx.buf = NULL;
        ctx.size = 0;
    }
    else if (ctx_mode == 3)
    {
        ctx.size = 0;
    }
    const cmsis_nn_per_channel_quant_params qp = {(int32_t *)(uintptr_t)c->mult, (int32_t *)(uintptr_t)c->shift};
    const arm_cmsis_nn_status st =
        k_entries[e](ctx_p, &cp, &qp, &in_d, c->input, &f_d, c->weights, &bias_d, c->bias, &out_d, g_out + GUARD);
    if (accepts)
    {
        ok &= KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
        ok &= KILN_CHECK_MEM_S8(g_out + GUARD, want, out_n);
        ok &= KILN_CHECK(guards_ok(g_out, GUARD) && guards_ok(g_out + GUARD + out_n, GUARD));
    }
    else
    {
        ok &= KILN_CHECK_EQ(st, ARM_CMSIS_NN_ARG_ERROR);
        ok &= KILN_CHECK(guards_ok(g_out, (int64_t)sizeof(g_out)));
    }
    ok &= KILN_CHECK(guards_ok(g_scratch, (int64_t)sizeof(g_scratch)));
    ok &= KILN_CHECK(memcmp(g_in_copy, c->input, (size_t)in_n) == 0);
    ok &= KILN_CHECK(memcmp(g_w_copy, c->weights, (size_t)wb) == 0);
    ok &= KILN_CHECK(c->bias == NULL || memcmp(g_bias_copy, c->bias, ch_bytes) == 0);
    ok &= KILN_CHECK(memcmp(g_mult_copy, c->mult, ch_bytes) == 0);
    ok &= KILN_CHECK(memcmp(g_shift_copy, c->shift, ch_bytes) == 0);
    if (ok && edges && accepts)
    {
        edge_call k = {k_entries[e],
                       &cp,
                       &in_d,
                       &f_d,
                       &out_d,
                       kiln_edge_ptr(c->input),
                       kiln_edge_ptr(c->weights),
                       kiln_edge_ptr(c->bias),
                       kiln_edge_ptr(c->mult),
                       kiln_edge_ptr(c->shift),
                       g_out + GUARD,
                       want,
                       out_n};
        const kiln_edge_operand ops[] = {
            {"input", &k.in, (size_t)in_n},
            {"filter", &k.w, (size_t)wb},
            {"bias", &k.b, c->bias != NULL ? ch_bytes : 0},
            {"multipliers", &k.mult, ch_bytes},
            {"shifts", &k.shift, ch_bytes},
            {"output", &k.out, (size_t)out_n},
            {"conv_params", &k.cp, sizeof(cp)},
            {"input_dims", &k.in_d, sizeof(in_d)},
            {"filter_dims", &k.f_d, sizeof(f_d)},
            {"output_dims", &k.out_d, sizeof(out_d)},
        };
        ok &= kiln_edge_each(ops, (int)(sizeof(ops) / sizeof(ops[0])), edge_run, &k);
    }
    return ok;
}

/* ---- shared vectors -------------------------------------------------------------------------- */

/* One vector: the reference agrees with the stored output, the named entry reproduces it (with edge
 * memory), and every other entry either reproduces it or refuses the shape as its int8 counterpart. */
static void run_vector(const conv_case *c, const int8_t *ref, int64_t ref_n, int named, const char *name)
{
    kiln_test_context("vector %s", name);
    if (!KILN_CHECK_EQ(ref_n, out_count(c)) || !KILN_CHECK(out_count(c) <= MAX_OUT))
    {
        return;
    }
    ref_conv(c, g_want);
    KILN_CHECK_MEM_S8(g_want, ref, ref_n);
    KILN_CHECK(entry_accepts(c, named));
    KILN_CHECK(check_queries(c));
    KILN_CHECK(check_call(c, named, ref, 0, true));
    for (int e = 0; e < E_COUNT; e++)
    {
        KILN_CHECK(check_call(c, e, ref, e % 4, false));
    }
}

/* The prefix is pasted directly (never passed on): some case prefixes are macros of other cases. */
#define VECTOR_TEST(lo, UP, named)                                                                          \
    static void test_vector_##lo(void)                                                                      \
    {                                                                                                       \
        const conv_case c = {UP##_INPUT_BATCHES,                                                            \
                             UP##_INPUT_H,                                                                  \
                             UP##_INPUT_W,                                                                  \
                             UP##_IN_CH,                                                                    \
                             UP##_FILTER_Y,                                                                 \
                             UP##_FILTER_X,                                                                 \
                             UP##_IN_CH,                                                                    \
                             UP##_OUTPUT_H,                                                                 \
                             UP##_OUTPUT_W,                                                                 \
                             UP##_OUT_CH,                                                                   \
                             UP##_STRIDE_Y,                                                                 \
                             UP##_STRIDE_X,                                                                 \
                             UP##_PAD_Y,                                                                    \
                             UP##_PAD_X,                                                                    \
                             UP##_DILATION_Y,                                                               \
                             UP##_DILATION_X,                                                               \
                             UP##_INPUT_OFFSET,                                                             \
                             UP##_OUTPUT_OFFSET,                                                            \
                             UP##_OUT_ACTIVATION_MIN,                                                       \
                             UP##_OUT_ACTIVATION_MAX,                                                       \
                             lo##_input,                                                                    \
                             lo##_weights,                                                                  \
                             lo##_biases,                                                                   \
                             lo##_output_mult,                                                              \
                             lo##_output_shift};                                                            \
        KILN_CHECK_EQ((int64_t)(sizeof(lo##_weights) / sizeof(lo##_weights[0])), w_bytes(&c));              \
        run_vector(&c, lo##_output_ref, (int64_t)(sizeof(lo##_output_ref) / sizeof(lo##_output_ref[0])), named, \
                   #lo);                                                                                    \
    }

VECTOR_TEST(basic_int4, BASIC_INT4, E_GENERAL)
VECTOR_TEST(basic_2_int4, BASIC_2_INT4, E_GENERAL)
VECTOR_TEST(conv_1_x_n_1_int4, CONV_1_X_N_1_INT4, E_1XN)
VECTOR_TEST(conv_1_x_n_2_int4, CONV_1_X_N_2_INT4, E_1XN)
VECTOR_TEST(conv_1_x_n_3_int4, CONV_1_X_N_3_INT4, E_1XN)
VECTOR_TEST(conv_1_x_n_4_int4, CONV_1_X_N_4_INT4, E_1XN)
VECTOR_TEST(conv_1_x_n_5_int4, CONV_1_X_N_5_INT4, E_1XN)
VECTOR_TEST(conv_2_int4, CONV_2_INT4, E_GENERAL)
VECTOR_TEST(conv_2x2_dilation_5x5_input_int4, CONV_2X2_DILATION_5X5_INPUT_INT4, E_GENERAL)
VECTOR_TEST(conv_2x2_dilation_int4, CONV_2X2_DILATION_INT4, E_GENERAL)
VECTOR_TEST(conv_2x3_dilation_int4, CONV_2X3_DILATION_INT4, E_GENERAL)
VECTOR_TEST(conv_3_int4, CONV_3_INT4, E_GENERAL)
VECTOR_TEST(conv_3x2_dilation_int4, CONV_3X2_DILATION_INT4, E_GENERAL)
VECTOR_TEST(conv_3x3_dilation_5x5_input_int4, CONV_3X3_DILATION_5X5_INPUT_INT4, E_GENERAL)
VECTOR_TEST(conv_4_int4, CONV_4_INT4, E_GENERAL)
VECTOR_TEST(conv_5_int4, CONV_5_INT4, E_GENERAL)
VECTOR_TEST(conv_dilation_golden_int4, CONV_DILATION_GOLDEN_INT4, E_GENERAL)
VECTOR_TEST(conv_out_activation_int4, CONV_OUT_ACTIVATION_INT4, E_WRAPPER)
VECTOR_TEST(kernel1x1_int4, KERNEL1X1_INT4, E_1X1_FAST)
VECTOR_TEST(kernel1x1_int4_2, KERNEL1X1_INT4_2, E_1X1_FAST)
VECTOR_TEST(kernel1x1_int4_3, KERNEL1X1_INT4_3, E_1X1_FAST)
VECTOR_TEST(kernel1x1_stride_x_int4, KERNEL1X1_STRIDE_X_INT4, E_1X1)
VECTOR_TEST(kernel1x1_stride_x_y_1_int4, KERNEL1X1_STRIDE_X_Y_1_INT4, E_1X1)
VECTOR_TEST(kernel1x1_stride_x_y_2_int4, KERNEL1X1_STRIDE_X_Y_2_INT4, E_1X1)
VECTOR_TEST(kernel1x1_stride_x_y_int4, KERNEL1X1_STRIDE_X_Y_INT4, E_1X1)
VECTOR_TEST(stride2pad1_int4, STRIDE2PAD1_INT4, E_GENERAL)

/* ---- random differential tests --------------------------------------------------------------- */

#define R_MAX_IN 2048
static int8_t r_in[R_MAX_IN];
static int8_t r_w[MAX_W];
static int32_t r_bias[MAX_CH], r_mult[MAX_CH], r_shift[MAX_CH];

/* One axis: an output size for (in, k, stride, pad, dil), or -1 when no window fits. */
static int32_t axis_out(kiln_rng *r, int32_t in, int32_t k, int32_t stride, int32_t pad, int32_t dil)
{
    const int32_t eff = dil * (k - 1) + 1;
    const int32_t extra = kiln_rng_range(r, 0, 5) == 0 ? 1 : 0; /* SAME's trailing padding */
    const int32_t num = in + 2 * pad + extra - eff;
    return num < 0 ? -1 : num / stride + 1;
}

/* Draw a random valid case (style 0 general, 1 1x1-shaped, 2 1xN-shaped); false when it is too large. */
static bool draw_case(kiln_rng *r, conv_case *c, int style)
{
    memset(c, 0, sizeof(*c));
    c->batches = kiln_rng_range(r, 1, 3);
    const int32_t groups = (style == 0 && kiln_rng_range(r, 0, 3) == 0) ? kiln_rng_range(r, 2, 3) : 1;
    c->fc = kiln_rng_range(r, 1, kiln_rng_range(r, 0, 3) == 0 ? 21 : 7);
    c->in_c = groups * c->fc;
    c->out_c = groups * kiln_rng_range(r, 1, 19 / groups + 1);
    c->in_h = style == 2 && kiln_rng_range(r, 0, 1) ? 1 : kiln_rng_range(r, 1, 7);
    c->in_w = kiln_rng_range(r, 1, 9);
    c->fh = style == 0 ? kiln_rng_range(r, 1, 4) : 1;
    c->fw = style == 1 ? 1 : kiln_rng_range(r, 1, style == 2 ? 6 : 4);
    c->stride_h = kiln_rng_range(r, 1, 3);
    c->stride_w = kiln_rng_range(r, 1, 3);
    if (style == 1 && kiln_rng_range(r, 0, 1))
    {
        c->stride_h = c->stride_w = 1;
    }
    c->dil_h = kiln_rng_range(r, 0, 2) == 0 ? kiln_rng_range(r, 1, 3) : 1;
    c->dil_w = style == 2 ? 1 : (kiln_rng_range(r, 0, 2) == 0 ? kiln_rng_range(r, 1, 3) : 1);
    c->pad_h = style == 1 ? 0 : kiln_rng_range(r, 0, c->fh);
    c->pad_w = style == 1 ? 0 : kiln_rng_range(r, 0, c->fw);
    c->out_h = axis_out(r, c->in_h, c->fh, c->stride_h, c->pad_h, c->dil_h);
    c->out_w = axis_out(r, c->in_w, c->fw, c->stride_w, c->pad_w, c->dil_w);
    if (c->out_h < 1 || c->out_w < 1 || in_count(c) > R_MAX_IN || out_count(c) > MAX_OUT || w_bytes(c) > MAX_W ||
        c->out_c > MAX_CH)
    {
        return false;
    }
    c->input_offset = kiln_rng_range(r, 0, 3) == 0 ? 128 : kiln_rng_range(r, -127, 128);
    c->output_offset = kiln_rng_range(r, -128, 127);
    c->act_min = kiln_rng_range(r, 0, 1) ? -128 : kiln_rng_range(r, -128, 20);
    c->act_max = kiln_rng_range(r, 0, 1) ? 127 : kiln_rng_range(r, c->act_min, 127);
    kiln_rng_fill_s8(r, r_in, in_count(c));
    kiln_rng_fill_s8(r, r_w, w_bytes(c)); /* an odd count's unused nibble is noise too */
    const bool with_bias = kiln_rng_range(r, 0, 3) != 0;
    for (int32_t i = 0; i < c->out_c; i++)
    {
        r_bias[i] = kiln_rng_range(r, -20000, 20000);
        r_mult[i] = kiln_rng_range(r, 1 << 30, INT32_MAX);
        r_shift[i] = kiln_rng_range(r, -12, 1);
    }
    c->input = r_in;
    c->weights = r_w;
    c->bias = with_bias ? r_bias : NULL;
    c->mult = r_mult;
    c->shift = r_shift;
    return true;
}

static void test_random(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x5344C0DEu);
    const int32_t n = kiln_test_iterations(2500, 300);
    int32_t done = 0, odd = 0, even = 0;
    for (int32_t it = 0; done < n && it < 50 * n; it++)
    {
        conv_case c;
        if (!draw_case(&r, &c, it % 3))
        {
            continue;
        }
        done++;
        if (rhs_cols(&c) % 2 != 0)
        {
            odd++;
        }
        else
        {
            even++;
        }
        ref_conv(&c, g_want);
        kiln_test_context("random case %d", (int)done);
        bool ok = check_queries(&c);
        for (int e = 0; e < E_COUNT && ok; e++)
        {
            ok &= check_call(&c, e, g_want, (done + e) % 4, done % 64 == 0);
        }
        if (!ok)
        {
            printf("random case %d failed: n%d %dx%dx%d f%dx%dx%d out %dx%dx%d s%d,%d p%d,%d d%d,%d\n", (int)done,
                   (int)c.batches, (int)c.in_h, (int)c.in_w, (int)c.in_c, (int)c.fh, (int)c.fw, (int)c.fc,
                   (int)c.out_h, (int)c.out_w, (int)c.out_c, (int)c.stride_h, (int)c.stride_w, (int)c.pad_h,
                   (int)c.pad_w, (int)c.dil_h, (int)c.dil_w);
            break;
        }
    }
    KILN_CHECK_EQ(done, n);
    KILN_CHECK(odd > n / 8 && even > n / 8);
}

/* Accumulator extremes: full-range input, weights -8 / 7, offsets at both ends, large dot lengths. */
static void test_extremes(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0xE87E3Eu);
    const int32_t n = kiln_test_iterations(200, 40);
    for (int32_t it = 0; it < n; it++)
    {
        conv_case c;
        memset(&c, 0, sizeof(c));
        c.batches = 1;
        c.in_h = 1;
        c.in_w = kiln_rng_range(&r, 1, 3);
        c.in_c = kiln_rng_range(&r, 200, 600);
        c.fh = 1;
        c.fw = c.in_w;
        c.fc = c.in_c;
        c.out_h = 1;
        c.out_w = 1;
        c.out_c = kiln_rng_range(&r, 1, 4);
        c.stride_h = c.stride_w = c.dil_h = c.dil_w = 1;
        c.input_offset = (it & 1) ? 128 : -127;
        c.output_offset = kiln_rng_range(&r, -128, 127);
        c.act_min = -128;
        c.act_max = 127;
        const int8_t v = (it & 2) ? 127 : -128;
        memset(r_in, v, (size_t)in_count(&c));
        const uint8_t wv = (it & 4) ? 0x88 : 0x77; /* -8 -8 or 7 7 */
        memset(r_w, (int)wv, (size_t)w_bytes(&c));
        for (int32_t i = 0; i < c.out_c; i++)
        {
            r_bias[i] = kiln_rng_range(&r, -1000000, 1000000);
            r_mult[i] = kiln_rng_range(&r, 1 << 30, INT32_MAX);
            r_shift[i] = kiln_rng_range(&r, -20, -8);
        }
        c.input = r_in;
        c.weights = r_w;
        c.bias = r_bias;
        c.mult = r_mult;
        c.shift = r_shift;
        ref_conv(&c, g_want);
        kiln_test_context("extreme case %d", (int)it);
        bool ok = true;
        for (int e = 0; e < E_COUNT && ok; e++)
        {
            ok &= check_call(&c, e, g_want, e % 4, false);
        }
        if (!ok)
        {
            break;
        }
    }
}

/* ---- empty outputs --------------------------------------------------------------------------- */

static void test_empty(void)
{
    static const int32_t mult[4] = {1 << 30, 1 << 30, 1 << 30, 1 << 30}, shift[4] = {0, 0, 0, 0};
    static const int8_t in[64] = {1}, w[32] = {0x12};
    /* batches 0; out_c 0; out_h 0 (no window fits) */
    for (int variant = 0; variant < 3; variant++)
    {
        conv_case c = {1, 2, 2, 2, 1, 1, 2, 2, 2, 4, 1, 1, 0, 0, 1, 1, 0, 0, -128, 127, in, w, NULL, mult, shift};
        if (variant == 0)
        {
            c.batches = 0;
        }
        else if (variant == 1)
        {
            c.out_c = 0;
        }
        else
        {
            c.fh = 3; /* in 2 < eff 3: out_h 0; not a 1x1 any more */
            c.out_h = 0;
        }
        cmsis_nn_conv_params cp;
        cmsis_nn_dims in_d, f_d, out_d;
        case_structs(&c, &cp, &in_d, &f_d, &out_d);
        const cmsis_nn_per_channel_quant_params qp = {(int32_t *)(uintptr_t)mult, (int32_t *)(uintptr_t)shift};
        KILN_CHECK_EQ(arm_convolve_wrapper_s4_get_buffer_size(&cp, &in_d, &f_d, &out_d), 0);
        for (int e = 0; e < E_COUNT; e++)
        {
            kiln_test_context("empty variant %d entry %s", variant, k_entry_names[e]);
            memset(g_out, GUARD_BYTE, sizeof(g_out));
            const arm_cmsis_nn_status st = k_entries[e](NULL, &cp, &qp, &in_d, in, &f_d, w, NULL, NULL, &out_d, g_out + GUARD);
            KILN_CHECK_EQ(st, entry_accepts(&c, e) ? ARM_CMSIS_NN_SUCCESS : ARM_CMSIS_NN_ARG_ERROR);
            KILN_CHECK(guards_ok(g_out, (int64_t)sizeof(g_out)));
        }
    }
}

/* ---- bad input ------------------------------------------------------------------------------- */

typedef struct
{
    conv_case c;
    cmsis_nn_conv_params cp;
    cmsis_nn_dims in_d, f_d, out_d;
    cmsis_nn_per_channel_quant_params qp;
    const cmsis_nn_per_channel_quant_params *qp_p;
    const cmsis_nn_conv_params *cp_p;
    const cmsis_nn_dims *in_p, *f_p, *out_p;
    const int8_t *in, *f;
    int8_t *out;
    cmsis_nn_context ctx;
    const cmsis_nn_context *ctx_p;
    int32_t mult[8], shift[8];
} bad_args;

static const int8_t b_in[2 * 5 * 5 * 4] = {3, -7, 100, -128, 127, 9};
static const int8_t b_w[(8 * 3 * 3 * 4 + 1) / 2] = {0x17, 0x7F, -1};

/* A valid base: 2 batches of 5x5x4, 3x3 filter, stride 1, pad 1, 8 output channels. */
static void bad_base(bad_args *a)
{
    memset(a, 0, sizeof(*a));
    const conv_case c = {2, 5, 5, 4, 3, 3, 4, 5, 5, 8, 1, 1, 1, 1, 1, 1, 128, -3, -100, 100, b_in, b_w, NULL, NULL, NULL};
    a->c = c;
    case_structs(&a->c, &a->cp, &a->in_d, &a->f_d, &a->out_d);
    for (int i = 0; i < 8; i++)
    {
        a->mult[i] = 1 << 30;
        a->shift[i] = -3;
    }
    a->qp.multiplier = a->mult;
    a->qp.shift = a->shift;
    a->qp_p = &a->qp;
    a->cp_p = &a->cp;
    a->in_p = &a->in_d;
    a->f_p = &a->f_d;
    a->out_p = &a->out_d;
    a->in = b_in;
    a->f = b_w;
    a->out = g_out + GUARD;
    a->ctx.buf = g_scratch + GUARD;
    a->ctx.size = 0;
    a->ctx_p = &a->ctx;
}

typedef struct
{
    const char *name;
    void (*mutate)(bad_args *a);
} mutation;

#define MUT(fn, body)                                                                                      \
    static void fn(bad_args *a)                                                                            \
    {                                                                                                      \
        (void)a;                                                                                           \
        body;                                                                                              \
    }

MUT(m_null_cp, a->cp_p = NULL)
MUT(m_null_qp, a->qp_p = NULL)
MUT(m_null_mult, a->qp.multiplier = NULL)
MUT(m_null_shift, a->qp.shift = NULL)
MUT(m_null_in_dims, a->in_p = NULL)
MUT(m_null_in, a->in = NULL)
MUT(m_null_f_dims, a->f_p = NULL)
MUT(m_null_f, a->f = NULL)
MUT(m_null_out_dims, a->out_p = NULL)
MUT(m_null_out, a->out = NULL)
MUT(m_ctx_size_neg, a->ctx.size = -1)
MUT(m_stride_w0, a->cp.stride.w = 0)
MUT(m_stride_h_neg, a->cp.stride.h = -1)
MUT(m_dil_w0, a->cp.dilation.w = 0)
MUT(m_dil_h_neg, a->cp.dilation.h = -2)
MUT(m_pad_w_neg, a->cp.padding.w = -1)
MUT(m_pad_h_neg, a->cp.padding.h = -1)
MUT(m_out_h_plus, a->out_d.h += 2)
MUT(m_out_w_minus, a->out_d.w -= 1)
MUT(m_out_w_zero, a->out_d.w = 0)
MUT(m_out_h_neg, a->out_d.h = -1)
MUT(m_out_c_neg, a->out_d.c = -8)
MUT(m_batches_neg, a->in_d.n = -1)
MUT(m_in_h_neg, a->in_d.h = -5)
MUT(m_in_c_zero, a->in_d.c = 0)
MUT(m_filter_h_zero, a->f_d.h = 0)
MUT(m_filter_w_neg, a->f_d.w = -3)
MUT(m_filter_c_zero, a->f_d.c = 0)
MUT(m_filter_c_not_dividing, a->f_d.c = 3)
MUT(m_groups_not_dividing_out, {
    a->f_d.c = 2;
    a->out_d.c = 7;
})
MUT(m_huge_in, {
    a->in_d.h = 0x40000000;
    a->in_d.w = 0x40000000;
    a->out_d.h = 0x40000000;
    a->out_d.w = 0x40000000;
})
MUT(m_huge_stride, {
    a->cp.stride.h = INT32_MAX;
    a->out_d.h = 1;
    a->cp.padding.h = INT32_MAX / 2;
})
MUT(m_huge_dilation, a->cp.dilation.w = INT32_MAX)
MUT(m_input_offset_hi, a->cp.input_offset = 129)
MUT(m_input_offset_lo, a->cp.input_offset = -128)
MUT(m_output_offset_hi, a->cp.output_offset = 128)
MUT(m_output_offset_lo, a->cp.output_offset = -129)
MUT(m_act_inverted, {
    a->cp.activation.min = 10;
    a->cp.activation.max = 9;
})
MUT(m_act_min_low, a->cp.activation.min = -129)
MUT(m_act_max_high, a->cp.activation.max = 128)
MUT(m_mult_neg, a->mult[5] = -1)
MUT(m_shift_hi, a->shift[7] = 31)
MUT(m_shift_lo, a->shift[0] = -32)

static const mutation k_mutations[] = {
    {"null conv_params", m_null_cp},
    {"null quant_params", m_null_qp},
    {"null multiplier", m_null_mult},
    {"null shift", m_null_shift},
    {"null input_dims", m_null_in_dims},
    {"null input", m_null_in},
    {"null filter_dims", m_null_f_dims},
    {"null filter", m_null_f},
    {"null output_dims", m_null_out_dims},
    {"null output", m_null_out},
    {"ctx size negative", m_ctx_size_neg},
    {"stride w 0", m_stride_w0},
    {"stride h -1", m_stride_h_neg},
    {"dilation w 0", m_dil_w0},
    {"dilation h -2", m_dil_h_neg},
    {"padding w -1", m_pad_w_neg},
    {"padding h -1", m_pad_h_neg},
    {"output h too big", m_out_h_plus},
    {"output w too small", m_out_w_minus},
    {"output w 0 with windows", m_out_w_zero},
    {"output h negative", m_out_h_neg},
    {"output c negative", m_out_c_neg},
    {"batches negative", m_batches_neg},
    {"input h negative", m_in_h_neg},
    {"input c 0", m_in_c_zero},
    {"filter h 0", m_filter_h_zero},
    {"filter w negative", m_filter_w_neg},
    {"filter c 0", m_filter_c_zero},
    {"filter c not dividing input c", m_filter_c_not_dividing},
    {"groups not dividing output c", m_groups_not_dividing_out},
    {"input beyond int32 elements", m_huge_in},
    {"coordinates beyond int32 (stride, padding)", m_huge_stride},
    {"coordinates beyond int32 (dilation)", m_huge_dilation},
    {"input offset 129", m_input_offset_hi},
    {"input offset -128", m_input_offset_lo},
    {"output offset 128", m_output_offset_hi},
    {"output offset -129", m_output_offset_lo},
    {"activation inverted", m_act_inverted},
    {"activation min -129", m_act_min_low},
    {"activation max 128", m_act_max_high},
    {"multiplier negative", m_mult_neg},
    {"shift 31", m_shift_hi},
    {"shift -32", m_shift_lo},
};

static arm_cmsis_nn_status bad_call(const bad_args *a, int e)
{
    return k_entries[e](a->ctx_p, a->cp_p, a->qp_p, a->in_p, a->in, a->f_p, a->f, NULL, NULL, a->out_p, a->out);
}

static void test_bad_input(void)
{
    /* the base is valid for the general entries */
    bad_args a;
    bad_base(&a);
    memset(g_out, GUARD_BYTE, sizeof(g_out));
    KILN_CHECK_EQ(bad_call(&a, E_WRAPPER), ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK_EQ(bad_call(&a, E_GENERAL), ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK_EQ(bad_call(&a, E_EVEN), ARM_CMSIS_NN_SUCCESS); /* 36 columns */
    for (size_t m = 0; m < sizeof(k_mutations) / sizeof(k_mutations[0]); m++)
    {
        for (int e = 0; e < E_COUNT; e++)
        {
            bad_base(&a);
            k_mutations[m].mutate(&a);
            kiln_test_context("mutation '%s' entry %s", k_mutations[m].name, k_entry_names[e]);
            memset(g_out, GUARD_BYTE, sizeof(g_out));
            KILN_CHECK_EQ(bad_call(&a, e), ARM_CMSIS_NN_ARG_ERROR);
            KILN_CHECK(guards_ok(g_out, (int64_t)sizeof(g_out)));
        }
    }

    /* shapes an entry does not support (valid for the wrapper): ARG_ERROR, nothing written */
    static const struct
    {
        const char *name;
        int entry;
        int32_t fh, fw, fc, in_h, pad, stride, dil_w, out_h, out_w;
    } k_shapes[] = {
        {"even_s4 with 27 columns", E_EVEN, 3, 3, 3, 5, 1, 1, 1, 5, 5},
        {"1x1_s4 with a 3x3 filter", E_1X1, 3, 3, 4, 5, 1, 1, 1, 5, 5},
        {"1x1_s4 with padding", E_1X1, 1, 1, 4, 5, 1, 1, 1, 7, 7},
        {"1x1_s4_fast with stride 2", E_1X1_FAST, 1, 1, 4, 5, 0, 2, 1, 3, 3},
        {"1x1_s4_fast with padding", E_1X1_FAST, 1, 1, 4, 5, 1, 1, 1, 7, 7},
        {"1x1_s4 with a trailing padding row", E_1X1, 1, 1, 4, 5, 0, 2, 1, 3, 3},
        {"1_x_n_s4 with filter h 2", E_1XN, 2, 3, 4, 5, 0, 1, 1, 4, 3},
        {"1_x_n_s4 with groups", E_1XN, 1, 3, 2, 5, 0, 1, 1, 5, 3},
        {"1_x_n_s4 with dilation w 2", E_1XN, 1, 2, 4, 5, 0, 1, 2, 5, 4},
    };
    for (size_t i = 0; i < sizeof(k_shapes) / sizeof(k_shapes[0]); i++)
    {
        bad_base(&a);
        a.in_d.n = 1;
        a.in_d.h = k_shapes[i].in_h;
        a.f_d.h = k_shapes[i].fh;
        a.f_d.w = k_shapes[i].fw;
        a.f_d.c = k_shapes[i].fc;
        a.in_d.c = k_shapes[i].fc == 2 ? 4 : k_shapes[i].fc; /* groups only where asked */
        a.cp.padding.h = a.cp.padding.w = k_shapes[i].pad;
        a.cp.stride.h = a.cp.stride.w = k_shapes[i].stride;
        a.cp.dilation.w = k_shapes[i].dil_w;
        a.out_d.h = k_shapes[i].out_h;
        a.out_d.w = k_shapes[i].out_w;
        if (i == 5)
        {
            a.out_d.h = a.out_d.w = 3; /* 5 + 1 (trailing pad) - 1 = 5, / 2 + 1 = 3: inside anyway */
            a.in_d.h = a.in_d.w = 4;   /* 4 + 1 - 1 = 4, / 2 + 1 = 3: pixel 4 is padding */
        }
        kiln_test_context("shape '%s'", k_shapes[i].name);
        memset(g_out, GUARD_BYTE, sizeof(g_out));
        KILN_CHECK_EQ(bad_call(&a, E_WRAPPER), ARM_CMSIS_NN_SUCCESS);
        memset(g_out, GUARD_BYTE, sizeof(g_out));
        KILN_CHECK_EQ(bad_call(&a, k_shapes[i].entry), ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK(guards_ok(g_out, (int64_t)sizeof(g_out)));
        if (k_shapes[i].entry == E_1XN)
        {
            KILN_CHECK_EQ(arm_convolve_1_x_n_s4_get_buffer_size(&a.cp, &a.in_d, &a.f_d, &a.out_d), -1);
        }
    }
}

/* ---- size queries with bad arguments ---------------------------------------------------------- */

static void test_query_errors(void)
{
    bad_args a;
    bad_base(&a);
    const cmsis_nn_dims neg = {-1, 5, 5, 4};
    KILN_CHECK_EQ(arm_convolve_wrapper_s4_get_buffer_size(NULL, &a.in_d, &a.f_d, &a.out_d), -1);
    KILN_CHECK_EQ(arm_convolve_wrapper_s4_get_buffer_size(&a.cp, NULL, &a.f_d, &a.out_d), -1);
    KILN_CHECK_EQ(arm_convolve_wrapper_s4_get_buffer_size_dsp(&a.cp, &a.in_d, NULL, &a.out_d), -1);
    KILN_CHECK_EQ(arm_convolve_wrapper_s4_get_buffer_size_mve(&a.cp, &a.in_d, &a.f_d, NULL), -1);
    KILN_CHECK_EQ(arm_convolve_s4_get_buffer_size(NULL, &a.f_d), -1);
    KILN_CHECK_EQ(arm_convolve_s4_get_buffer_size(&a.in_d, NULL), -1);
    KILN_CHECK_EQ(arm_convolve_s4_get_buffer_size(&neg, &a.f_d), -1);
    KILN_CHECK_EQ(arm_convolve_1x1_s4_fast_get_buffer_size(NULL), -1);
    KILN_CHECK_EQ(arm_convolve_1x1_s4_fast_get_buffer_size(&neg), -1);
    KILN_CHECK_EQ(arm_convolve_1_x_n_s4_get_buffer_size(&a.cp, &a.in_d, &a.f_d, NULL), -1);
    for (size_t m = 0; m < sizeof(k_mutations) / sizeof(k_mutations[0]); m++)
    {
        bad_base(&a);
        k_mutations[m].mutate(&a);
        if (a.cp_p == NULL || a.in_p == NULL || a.f_p == NULL || a.out_p == NULL)
        {
            continue;
        }
        /* shape mutations: every full-shape query refuses them */
        const bool shape = !(a.qp_p != &a.qp || a.qp.multiplier != a.mult || a.qp.shift != a.shift || a.in == NULL ||
                             a.f == NULL || a.out == NULL || a.ctx.size < 0 || a.cp.input_offset != 128 ||
                             a.cp.output_offset != -3 || a.cp.activation.min != -100 || a.cp.activation.max != 100 ||
                             a.mult[5] != (1 << 30) || a.shift[7] != -3 || a.shift[0] != -3);
        kiln_test_context("query mutation '%s'", k_mutations[m].name);
        const int32_t want = shape ? -1 : 0;
        KILN_CHECK_EQ(arm_convolve_wrapper_s4_get_buffer_size(&a.cp, &a.in_d, &a.f_d, &a.out_d), want);
        KILN_CHECK_EQ(arm_convolve_wrapper_s4_get_buffer_size_dsp(&a.cp, &a.in_d, &a.f_d, &a.out_d), want);
        KILN_CHECK_EQ(arm_convolve_wrapper_s4_get_buffer_size_mve(&a.cp, &a.in_d, &a.f_d, &a.out_d), want);
    }
    /* the partial query: filter c must divide input c, every filter dimension >= 1 */
    bad_base(&a);
    a.f_d.c = 3;
    KILN_CHECK_EQ(arm_convolve_s4_get_buffer_size(&a.in_d, &a.f_d), -1);
    a.f_d.c = 2;
    KILN_CHECK_EQ(arm_convolve_s4_get_buffer_size(&a.in_d, &a.f_d), 0);
    a.f_d.h = 0;
    KILN_CHECK_EQ(arm_convolve_s4_get_buffer_size(&a.in_d, &a.f_d), -1);
}

int main(void)
{
    KILN_RUN(test_vector_basic_int4);
    KILN_RUN(test_vector_basic_2_int4);
    KILN_RUN(test_vector_conv_1_x_n_1_int4);
    KILN_RUN(test_vector_conv_1_x_n_2_int4);
    KILN_RUN(test_vector_conv_1_x_n_3_int4);
    KILN_RUN(test_vector_conv_1_x_n_4_int4);
    KILN_RUN(test_vector_conv_1_x_n_5_int4);
    KILN_RUN(test_vector_conv_2_int4);
    KILN_RUN(test_vector_conv_2x2_dilation_5x5_input_int4);
    KILN_RUN(test_vector_conv_2x2_dilation_int4);
    KILN_RUN(test_vector_conv_2x3_dilation_int4);
    KILN_RUN(test_vector_conv_3_int4);
    KILN_RUN(test_vector_conv_3x2_dilation_int4);
    KILN_RUN(test_vector_conv_3x3_dilation_5x5_input_int4);
    KILN_RUN(test_vector_conv_4_int4);
    KILN_RUN(test_vector_conv_5_int4);
    KILN_RUN(test_vector_conv_dilation_golden_int4);
    KILN_RUN(test_vector_conv_out_activation_int4);
    KILN_RUN(test_vector_kernel1x1_int4);
    KILN_RUN(test_vector_kernel1x1_int4_2);
    KILN_RUN(test_vector_kernel1x1_int4_3);
    KILN_RUN(test_vector_kernel1x1_stride_x_int4);
    KILN_RUN(test_vector_kernel1x1_stride_x_y_1_int4);
    KILN_RUN(test_vector_kernel1x1_stride_x_y_2_int4);
    KILN_RUN(test_vector_kernel1x1_stride_x_y_int4);
    KILN_RUN(test_vector_stride2pad1_int4);
    KILN_RUN(test_random);
    KILN_RUN(test_extremes);
    KILN_RUN(test_empty);
    KILN_RUN(test_bad_input);
    KILN_RUN(test_query_errors);
    return kiln_test_finish();
}
