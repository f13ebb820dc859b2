/*
 * Kiln tests — int16x8 convolution (arm_convolve_wrapper_s16, arm_convolve_s16 and their size
 * queries): every shared CMSIS-NN s16 convolution vector bit-exact through both entries (and
 * through this file's reference), randomized differential tests against the reference (batches,
 * groups, dilation, padding, stride, kernels larger than the input, NULL / int32 / int64 bias,
 * extreme values, per-channel requantization, clamps) with guard bytes around the output and a
 * context of exactly the queried size, the size queries per backend, a bad-input table and edge
 * memory (kiln_edge_each) on every checked call.
 *
 * The reference is written from the TFLite int16x8 CONV_2D definition: an int64 sum over the taps
 * inside the input, plus the bias, then MultiplyByQuantizedMultiplier on int64 (reduced Q15
 * multiplier, round half up, shift 15 - shift) evaluated in 128-bit arithmetic so it is exact for
 * every accepted argument, then the output offset and the clamp.
 */
#include <stdio.h>
#include <string.h>

#include "arm_nnfunctions.h"
#include "arm_nnsupportfunctions.h"
#include "Internal/kiln_conv_s16.h"
#include "Internal/kiln_conv_s8.h"
#include "kiln_board.h"
#include "kiln_test.h"

#include "kiln_vectors/int16xint8.h"
#include "kiln_vectors/int16xint8_dilation_1.h"
#include "kiln_vectors/int16xint8_dilation_2.h"
#include "kiln_vectors/int16xint8_dilation_3.h"
#include "kiln_vectors/int16xint8_spill.h"
#include "kiln_vectors/int16xint8_spill2.h"
#include "kiln_vectors/int16xint8xint32_1.h"
#include "kiln_vectors/int16xint8xint32_2.h"
#include "kiln_vectors/int16xint8xint32_3.h"
#include "kiln_vectors/int16xint8xint32_4.h"
#include "kiln_vectors/int16xint8xint32_5.h"
#include "kiln_vectors/int16xint8xint32_6.h"
#include "kiln_vectors/requantize_s64.h"

/* ---- 128-bit two's complement arithmetic for the reference ---------------------------------- */

typedef struct
{
    uint64_t hi, lo;
} i128;

static i128 i128_from(int64_t v)
{
    const i128 r = {v < 0 ? UINT64_MAX : 0u, (uint64_t)v};
    return r;
}

static i128 i128_add(i128 a, i128 b)
{
    i128 r;
    r.lo = a.lo + b.lo;
    r.hi = a.hi + b.hi + (r.lo < a.lo ? 1u : 0u);
    return r;
}

/* a * m (mod 2^128), m < 2^32: exact for the values used here (|a| < 2^65, m < 2^16). */
static i128 i128_mul_u32(i128 a, uint32_t m)
{
    uint32_t limb[4] = {(uint32_t)a.lo, (uint32_t)(a.lo >> 32), (uint32_t)a.hi, (uint32_t)(a.hi >> 32)};
    uint64_t carry = 0;
    for (int i = 0; i < 4; i++)
    {
        const uint64_t p = (uint64_t)limb[i] * m + carry;
        limb[i] = (uint32_t)p;
        carry = p >> 32;
    }
    const i128 r = {((uint64_t)limb[3] << 32) | limb[2], ((uint64_t)limb[1] << 32) | limb[0]};
    return r;
}

/* a * 2^n, 0 <= n < 64 */
static i128 i128_shl(i128 a, int n)
{
    if (n == 0)
    {
        return a;
    }
    const i128 r = {(a.hi << n) | (a.lo >> (64 - n)), a.lo << n};
    return r;
}

/* floor(a / 2^n), 1 <= n < 64 */
static i128 i128_sar(i128 a, int n)
{
    const bool neg = (a.hi >> 63) != 0;
    i128 r;
    r.lo = (a.lo >> n) | (a.hi << (64 - n));
    r.hi = (a.hi >> n) | (neg ? ~(UINT64_MAX >> n) : 0u);
    return r;
}

/* -1, 0, 1 as a <, ==, > b */
static int i128_cmp(i128 a, i128 b)
{
    const uint64_t ah = a.hi ^ ((uint64_t)1 << 63), bh = b.hi ^ ((uint64_t)1 << 63);
    if (ah != bh)
    {
        return ah < bh ? -1 : 1;
    }
    return a.lo == b.lo ? 0 : (a.lo < b.lo ? -1 : 1);
}

/* TFLite: clamp(MultiplyByQuantizedMultiplier(sum + bias, mult, shift) + offset, lo, hi), with the
 * 64-bit multiply-by-quantized-multiplier of the int16 kernels (total_shift <= 0: no rounding). */
static int16_t ref_requant(int64_t sum, int64_t bias, int32_t mult, int32_t shift, int32_t offset, int32_t lo,
                           int32_t hi)
{
    const int32_t reduced = mult < 0x7FFF0000 ? ((mult + (1 << 15)) >> 16) : 0x7FFF;
    const int total_shift = 15 - shift;
    i128 v = i128_mul_u32(i128_add(i128_from(sum), i128_from(bias)), (uint32_t)reduced);
    if (total_shift > 0)
    {
        v = i128_sar(i128_add(v, i128_from((int64_t)1 << (total_shift - 1))), total_shift);
    }
    else
    {
        v = i128_shl(v, -total_shift);
    }
    v = i128_add(v, i128_from(offset));
    if (i128_cmp(v, i128_from(lo)) < 0)
    {
        return (int16_t)lo;
    }
    if (i128_cmp(v, i128_from(hi)) > 0)
    {
        return (int16_t)hi;
    }
    return (int16_t)(int64_t)v.lo;
}

/* v modulo 2^32 as an int32: an int32 accumulator that overflows wraps (as upstream's does on its
 * targets; TFLite leaves it undefined). */
static int32_t ref_wrap32(int64_t v)
{
    int64_t m = (int64_t)((uint64_t)v & 0xFFFFFFFFu);
    if (m >= ((int64_t)1 << 31))
    {
        m -= (int64_t)1 << 32;
    }
    return (int32_t)m;
}

/* TFLite's 32-bit MultiplyByQuantizedMultiplier: x * 2^left, SaturatingRoundingDoublingHighMul
 * (round half away from zero), RoundingDivideByPOT (round half away from zero). */
static int32_t ref_mbqm32(int32_t x, int32_t mult, int32_t shift)
{
    const int left = shift > 0 ? shift : 0;
    const int right = shift > 0 ? 0 : -shift;
    const int32_t xs = ref_wrap32((int64_t)x * ((int64_t)1 << left));
    const int64_t ab = (int64_t)xs * mult;
    const int64_t nudge = ab >= 0 ? ((int64_t)1 << 30) : 1 - ((int64_t)1 << 30);
    const int64_t high = (ab + nudge) / ((int64_t)1 << 31); /* C division truncates toward zero */
    if (right == 0)
    {
        return (int32_t)high;
    }
    const int64_t mask = ((int64_t)1 << right) - 1;
    const int64_t rem = (int64_t)((uint64_t)high & (uint64_t)mask);
    const int64_t threshold = (mask >> 1) + (high < 0 ? 1 : 0);
    const int64_t q = (high - rem) / ((int64_t)1 << right); /* exact: floor(high / 2^right) */
    return (int32_t)(q + (rem > threshold ? 1 : 0));
}

static int16_t ref_requant32(int64_t sum, int32_t bias, int32_t mult, int32_t shift, int32_t offset, int32_t lo,
                             int32_t hi)
{
    int64_t v = (int64_t)ref_mbqm32(ref_wrap32(sum + bias), mult, shift) + offset;
    v = v < lo ? lo : (v > hi ? hi : v);
    return (int16_t)v;
}

/* ---- the reference convolution --------------------------------------------------------------- */

typedef struct
{
    int32_t batches, in_h, in_w, in_c, fh, fw, fc, out_h, out_w, out_c;
    int32_t stride_h, stride_w, pad_h, pad_w, dil_h, dil_w;
    int32_t out_offset, act_min, act_max;
    const int16_t *input;
    const int8_t *weights;
    const void *bias; /* NULL, int64_t[] or int32_t[] */
    bool bias32;
    const int32_t *mult, *shift;
} conv_case;

static void ref_conv_s16(const conv_case *c, int16_t *out)
{
    const int32_t groups = c->in_c / c->fc;
    const int32_t per_group = c->out_c / groups;
    for (int32_t b = 0; b < c->batches; b++)
    {
        for (int32_t oy = 0; oy < c->out_h; oy++)
        {
            for (int32_t ox = 0; ox < c->out_w; ox++)
            {
                for (int32_t oc = 0; oc < c->out_c; oc++)
                {
                    const int32_t g = oc / per_group;
                    int64_t acc = 0;
                    for (int32_t ky = 0; ky < c->fh; ky++)
                    {
                        for (int32_t kx = 0; kx < c->fw; kx++)
                        {
                            const int64_t iy = (int64_t)oy * c->stride_h - c->pad_h + (int64_t)ky * c->dil_h;
                            const int64_t ix = (int64_t)ox * c->stride_w - c->pad_w + (int64_t)kx * c->dil_w;
                            if (iy < 0 || iy >= c->in_h || ix < 0 || ix >= c->in_w)
                            {
                                continue;
                            }
                            for (int32_t ic = 0; ic < c->fc; ic++)
                            {
                                const int64_t x =
                                    c->input[(((int64_t)b * c->in_h + iy) * c->in_w + ix) * c->in_c + g * c->fc + ic];
                                const int64_t w = c->weights[(((int64_t)oc * c->fh + ky) * c->fw + kx) * c->fc + ic];
                                acc += x * w;
                            }
                        }
                    }
                    int16_t *o = &out[(((int64_t)b * c->out_h + oy) * c->out_w + ox) * c->out_c + oc];
                    if (c->bias32)
                    {
                        /* int32 bias: TFLite's int32 accumulator and 32-bit requantization */
                        const int32_t bias = c->bias != NULL ? ((const int32_t *)c->bias)[oc] : 0;
                        *o = ref_requant32(acc, bias, c->mult[oc], c->shift[oc], c->out_offset, c->act_min,
                                           c->act_max);
                    }
                    else
                    {
                        const int64_t bias = c->bias != NULL ? ((const int64_t *)c->bias)[oc] : 0;
                        *o = ref_requant(acc, bias, c->mult[oc], c->shift[oc], c->out_offset, c->act_min,
                                         c->act_max);
                    }
                }
            }
        }
    }
}

static int64_t in_count(const conv_case *c)
{
    return (int64_t)c->batches * c->in_h * c->in_w * c->in_c;
}
static int64_t w_count(const conv_case *c)
{
    return (int64_t)c->out_c * c->fh * c->fw * c->fc;
}
static int64_t out_count(const conv_case *c)
{
    return (int64_t)c->batches * c->out_h * c->out_w * c->out_c;
}

static void case_structs(const conv_case *c, cmsis_nn_conv_params *cp, cmsis_nn_dims *in_d, cmsis_nn_dims *f_d,
                         cmsis_nn_dims *out_d)
{
    memset(cp, 0, sizeof(*cp));
    cp->input_offset = 0;
    cp->output_offset = c->out_offset;
    cp->stride.h = c->stride_h;
    cp->stride.w = c->stride_w;
    cp->padding.h = c->pad_h;
    cp->padding.w = c->pad_w;
    cp->dilation.h = c->dil_h;
    cp->dilation.w = c->dil_w;
    cp->activation.min = c->act_min;
    cp->activation.max = c->act_max;
    *in_d = (cmsis_nn_dims){c->batches, c->in_h, c->in_w, c->in_c};
    *f_d = (cmsis_nn_dims){c->out_c, c->fh, c->fw, c->fc};
    *out_d = (cmsis_nn_dims){c->batches, c->out_h, c->out_w, c->out_c};
}

typedef arm_cmsis_nn_status (*conv_fn)(const cmsis_nn_context *, const cmsis_nn_conv_params *,
                                       const cmsis_nn_per_channel_quant_params *, const cmsis_nn_dims *,
                                       const int16_t *, const cmsis_nn_dims *, const int8_t *,
                                       const cmsis_nn_dims *, const cmsis_nn_bias_data *, const cmsis_nn_dims *,
                                       int16_t *);

/* The family's entries: the wrapper, the general one, then ns-cmsis-nn's direct entries restricted to their shapes
 * (entry_accepts). */
#define N_ENTRIES 5
static const conv_fn k_entries[N_ENTRIES] = {arm_convolve_wrapper_s16, arm_convolve_s16,
                                             arm_convolve_1x1_s16_ns_np_nd, arm_convolve_s16_fast_small_kernel,
                                             arm_convolve_s16_group_ch_mult_1};
static const char *const k_entry_names[N_ENTRIES] = {"arm_convolve_wrapper_s16", "arm_convolve_s16",
                                                     "arm_convolve_1x1_s16_ns_np_nd",
                                                     "arm_convolve_s16_fast_small_kernel",
                                                     "arm_convolve_s16_group_ch_mult_1"};

/* Whether entry e takes case c's shape: written from the entries' contracts (no padding and no implicit trailing
 * row or column means every window inside the input). */
static bool entry_accepts(const conv_case *c, int e)
{
    const bool inside = c->pad_h == 0 && c->pad_w == 0 &&
        (int64_t)(c->out_h - 1) * c->stride_h + (int64_t)c->dil_h * (c->fh - 1) + 1 <= c->in_h &&
        (int64_t)(c->out_w - 1) * c->stride_w + (int64_t)c->dil_w * (c->fw - 1) + 1 <= c->in_w;
    switch (e)
    {
    case 2:
        return c->fh == 1 && c->fw == 1 && c->fc == c->in_c && c->stride_h == 1 && c->stride_w == 1 &&
            c->dil_h == 1 && c->dil_w == 1 && inside;
    case 3:
        return inside && c->fh * c->fw * c->fc <= 8;
    case 4:
        return c->fc == 1 && c->out_c == c->in_c;
    default:
        return true;
    }
}

/* ---- one checked call: guards, exact context, inputs unchanged, edge memory --------------------- */

#define MAX_IN 4400
#define MAX_W 17820
#define MAX_OUT 4096
#define MAX_CH 64
#define GUARD 16
#define GUARD_S16 ((int16_t)0x5A5A)
#define GUARD_BYTE ((uint8_t)0xA5)
#define CANARY ((int16_t)0x3C3C)

static int16_t g_out[GUARD + MAX_OUT + GUARD];
static int16_t g_want[MAX_OUT];
static int16_t g_in_copy[MAX_IN];
static int8_t g_w_copy[MAX_W];
static int64_t g_bias_copy[MAX_CH];
static int32_t g_mult_copy[MAX_CH], g_shift_copy[MAX_CH];
static uint8_t g_scratch[GUARD + 64 + GUARD];

typedef struct
{
    conv_fn fn;
    void *cp, *in_d, *f_d, *out_d;
    void *in, *w, *b, *mult, *shift, *out;
    bool bias32;
    const int16_t *want;
    int64_t out_n;
} edge_call;

static bool edge_run(void *arg)
{
    const edge_call *k = (const edge_call *)arg;
    int16_t *out = (int16_t *)k->out;
    for (int64_t i = 0; i < k->out_n; i++)
    {
        out[i] = CANARY; /* nothing of an earlier run passes for this one */
    }
    const cmsis_nn_per_channel_quant_params qp = {(int32_t *)k->mult, (int32_t *)k->shift};
    const cmsis_nn_bias_data bd = {k->b, k->bias32};
    const arm_cmsis_nn_status st =
        k->fn(NULL, (const cmsis_nn_conv_params *)k->cp, &qp, (const cmsis_nn_dims *)k->in_d,
              (const int16_t *)k->in, (const cmsis_nn_dims *)k->f_d, (const int8_t *)k->w, NULL, &bd,
              (const cmsis_nn_dims *)k->out_d, out);
    bool ok = KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
    ok &= KILN_CHECK_MEM_S16(out, k->want, k->out_n);
    return ok;
}

static bool s16_guards_ok(const int16_t *p, int64_t n)
{
    for (int64_t i = 0; i < n; i++)
    {
        if (p[i] != GUARD_S16)
        {
            return false;
        }
    }
    return true;
}

static bool byte_guards_ok(const uint8_t *p, int64_t n)
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

/* Run case c through entry e and compare with want. ctx_mode: 0 a buffer of exactly the queried size
 * between guards (size stated), 1 NULL ctx, 2 {NULL, 0}, 3 a buffer with size 0 ("not stated"). */
static bool check_call(const conv_case *c, int e, const int16_t *want, int ctx_mode, bool edges)
{
    const int64_t out_n = out_count(c);
    const int64_t in_n = in_count(c), w_n = w_count(c);
    bool ok = KILN_CHECK(out_n <= MAX_OUT && in_n <= MAX_IN && w_n <= MAX_W && c->out_c <= MAX_CH);
    if (!ok)
    {
        return false;
    }
    cmsis_nn_conv_params cp;
    cmsis_nn_dims in_d, f_d, out_d;
    case_structs(c, &cp, &in_d, &f_d, &out_d);
    const cmsis_nn_dims bias_d = {-7, -7, -7, -7}; /* never read */

    /* the queries: exact (0) for every backend variant */
    const int32_t need = e == 0 ? arm_convolve_wrapper_s16_get_buffer_size(&cp, &in_d, &f_d, &out_d)
                                : arm_convolve_s16_get_buffer_size(&in_d, &f_d);
    ok &= KILN_CHECK_EQ(need, 0);
    ok &= KILN_CHECK_EQ(arm_convolve_wrapper_s16_get_buffer_size_dsp(&cp, &in_d, &f_d, &out_d), 0);
    ok &= KILN_CHECK_EQ(arm_convolve_wrapper_s16_get_buffer_size_mve(&cp, &in_d, &f_d, &out_d), 0);
    if (need < 0 || need > 64)
    {
        return false;
    }

    memcpy(g_in_copy, c->input, (size_t)in_n * sizeof(int16_t));
    memcpy(g_w_copy, c->weights, (size_t)w_n);
    const size_t bias_bytes = c->bias == NULL ? 0 : (size_t)c->out_c * (c->bias32 ? 4u : 8u);
    if (bias_bytes > 0)
    {
        memcpy(g_bias_copy, c->bias, bias_bytes);
    }
    memcpy(g_mult_copy, c->mult, (size_t)c->out_c * sizeof(int32_t));
    memcpy(g_shift_copy, c->shift, (size_t)c->out_c * sizeof(int32_t));
    for (size_t i = 0; i < sizeof(g_out) / sizeof(g_out[0]); i++)
    {
        g_out[i] = GUARD_S16;
    }
    memset(g_scratch, GUARD_BYTE, sizeof(g_scratch));

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
    const cmsis_nn_bias_data bd = {c->bias, c->bias32};
    const arm_cmsis_nn_status st =
        k_entries[e](ctx_p, &cp, &qp, &in_d, c->input, &f_d, c->weights, &bias_d, &bd, &out_d, g_out + GUARD);
    ok &= KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
    ok &= KILN_CHECK_MEM_S16(g_out + GUARD, want, out_n);
    ok &= KILN_CHECK(s16_guards_ok(g_out, GUARD) && s16_guards_ok(g_out + GUARD + out_n, GUARD));
    ok &= KILN_CHECK(byte_guards_ok(g_scratch, (int64_t)sizeof(g_scratch)));
    ok &= KILN_CHECK(memcmp(g_in_copy, c->input, (size_t)in_n * sizeof(int16_t)) == 0);
    ok &= KILN_CHECK(memcmp(g_w_copy, c->weights, (size_t)w_n) == 0);
    ok &= KILN_CHECK(bias_bytes == 0 || memcmp(g_bias_copy, c->bias, bias_bytes) == 0);
    ok &= KILN_CHECK(memcmp(g_mult_copy, c->mult, (size_t)c->out_c * sizeof(int32_t)) == 0);
    ok &= KILN_CHECK(memcmp(g_shift_copy, c->shift, (size_t)c->out_c * sizeof(int32_t)) == 0);
    if (ok && edges)
    {
        /* again with each operand flush against either end of the memory the program may touch */
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
                       c->bias32,
                       want,
                       out_n};
        const size_t per_ch = (size_t)c->out_c * sizeof(int32_t);
        const kiln_edge_operand ops[] = {
            {"input", &k.in, (size_t)in_n * sizeof(int16_t)},
            {"filter", &k.w, (size_t)w_n},
            {"bias", &k.b, bias_bytes},
            {"multipliers", &k.mult, per_ch},
            {"shifts", &k.shift, per_ch},
            {"output", &k.out, (size_t)out_n * sizeof(int16_t)},
            {"conv_params", &k.cp, sizeof(cp)},
            {"input_dims", &k.in_d, sizeof(in_d)},
            {"filter_dims", &k.f_d, sizeof(f_d)},
            {"output_dims", &k.out_d, sizeof(out_d)},
        };
        ok &= kiln_edge_each(ops, (int)(sizeof(ops) / sizeof(ops[0])), edge_run, &k);
    }
    return ok;
}

/* ---- 1. shared vectors ----------------------------------------------------------------------- */

typedef struct
{
    const char *name;
    conv_case c;
    const int16_t *ref;
    int64_t ref_n;
} vector_case;

#define VCASE(lo, UP, is32)                                                                                      \
    {                                                                                                            \
        #lo,                                                                                                     \
            {UP##_INPUT_BATCHES, UP##_INPUT_H,  UP##_INPUT_W,  UP##_IN_CH,    UP##_FILTER_Y,    UP##_FILTER_X,    \
             UP##_IN_CH,         UP##_OUTPUT_H, UP##_OUTPUT_W, UP##_OUT_CH,   UP##_STRIDE_Y,    UP##_STRIDE_X,    \
             UP##_PAD_Y,         UP##_PAD_X,    UP##_DILATION_Y, UP##_DILATION_X, UP##_OUTPUT_OFFSET,             \
             UP##_OUT_ACTIVATION_MIN, UP##_OUT_ACTIVATION_MAX, lo##_input, lo##_weights, lo##_biases, is32,       \
             lo##_output_mult, lo##_output_shift},                                                                \
            lo##_output_ref, (int64_t)(sizeof(lo##_output_ref) / sizeof(lo##_output_ref[0]))                      \
    }

static const vector_case k_vectors[] = {
    VCASE(int16xint8, INT16XINT8, false),
    VCASE(int16xint8_dilation_1, INT16XINT8_DILATION_1, false),
    VCASE(int16xint8_dilation_2, INT16XINT8_DILATION_2, false),
    VCASE(int16xint8_dilation_3, INT16XINT8_DILATION_3, false),
    VCASE(int16xint8_spill, INT16XINT8_SPILL, false),
    VCASE(int16xint8_spill2, INT16XINT8_SPILL2, false),
    VCASE(int16xint8xint32_1, INT16XINT8XINT32_1, true),
    VCASE(int16xint8xint32_2, INT16XINT8XINT32_2, true),
    VCASE(int16xint8xint32_3, INT16XINT8XINT32_3, true),
    VCASE(int16xint8xint32_4, INT16XINT8XINT32_4, true),
    VCASE(int16xint8xint32_5, INT16XINT8XINT32_5, true),
    VCASE(int16xint8xint32_6, INT16XINT8XINT32_6, true),
    VCASE(requantize_s64, REQUANTIZE_S64, false),
};
#define N_VECTORS ((int)(sizeof(k_vectors) / sizeof(k_vectors[0])))

static void test_vectors(void)
{
    int null_bias = 0;
    for (int i = 0; i < N_VECTORS; i++)
    {
        const vector_case *v = &k_vectors[i];
        KILN_CHECK_EQ(out_count(&v->c), v->ref_n);
        null_bias += v->c.bias == NULL ? 1 : 0;
        /* the reference agrees with the vector */
        kiln_test_context("%s: reference", v->name);
        static int16_t ref_out[MAX_OUT];
        if (!KILN_CHECK(v->ref_n <= MAX_OUT))
        {
            continue;
        }
        ref_conv_s16(&v->c, ref_out);
        KILN_CHECK_MEM_S16(ref_out, v->ref, v->ref_n);
        for (int e = 0; e < 2; e++)
        {
            kiln_test_context("%s: %s", v->name, k_entry_names[e]);
            check_call(&v->c, e, v->ref, e == 0 ? 0 : 1, true);
        }
    }
    KILN_CHECK_EQ(null_bias, 2); /* int16xint8xint32_1 and _2 run without a bias */
    kiln_test_context("");
}

/* ---- the reference requantization against the library's public helper ------------------------ */

static int64_t rng_i64(kiln_rng *r)
{
    return (int64_t)(((uint64_t)kiln_rng_u32(r) << 32) | kiln_rng_u32(r));
}

static void test_reference_requant(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x516);
    const int32_t n = kiln_test_iterations(200000, 20000);
    int32_t compared = 0;
    for (int32_t i = 0; i < n; i++)
    {
        /* arm_nn_requantize_s64 where it is defined: shift <= 14, no int64 overflow, int32 result */
        const int64_t val = rng_i64(&r) >> kiln_rng_range(&r, 16, 63);
        const int32_t mult = (int32_t)(kiln_rng_u32(&r) >> 1);
        const int32_t shift = kiln_rng_range(&r, -31, 14);
        const int32_t rm = REDUCE_MULTIPLIER(mult);
        const int64_t lim = (int64_t)1 << 46;
        if (val > lim || val < -lim)
        {
            continue;
        }
        const int64_t prod = val * rm;
        const int64_t half = prod / ((int64_t)1 << (14 - shift));
        if (half > INT32_MAX - 2 || half < INT32_MIN + 2)
        {
            continue;
        }
        const int32_t lib = arm_nn_requantize_s64(val, rm, shift);
        const int16_t want = ref_requant(val, 0, mult, shift, 0, INT16_MIN, INT16_MAX);
        const int32_t lib_c = lib < INT16_MIN ? INT16_MIN : (lib > INT16_MAX ? INT16_MAX : lib);
        if (!KILN_CHECK_EQ(lib_c, want))
        {
            kiln_test_context("val %lld mult %ld shift %ld", (long long)val, (long)mult, (long)shift);
            break;
        }
        compared++;
    }
    KILN_CHECK(compared > n / 4);
    /* the 32-bit path against arm_nn_requantize (every accepted multiplier and shift) */
    for (int32_t i = 0; i < n; i++)
    {
        const int32_t x = (int32_t)kiln_rng_u32(&r) >> kiln_rng_range(&r, 0, 31);
        const int32_t mult = (i % 7 == 0) ? INT32_MAX : (int32_t)(kiln_rng_u32(&r) >> 1);
        const int32_t shift = kiln_rng_range(&r, -31, 30);
        if (!KILN_CHECK_EQ(arm_nn_requantize(x, mult, shift), ref_mbqm32(x, mult, shift)))
        {
            kiln_test_context("x %ld mult %ld shift %ld", (long)x, (long)mult, (long)shift);
            break;
        }
    }
    /* the library's exact scale against the reference for every accepted argument (extremes) */
    for (int32_t i = 0; i < n; i++)
    {
        const int64_t lim53 = (int64_t)1 << 53;
        int64_t sum = rng_i64(&r) >> kiln_rng_range(&r, 10, 63);
        sum = sum > lim53 ? lim53 : (sum < -lim53 ? -lim53 : sum);
        int64_t bias = rng_i64(&r) >> kiln_rng_range(&r, 0, 63);
        if ((i & 7) == 0)
        {
            bias = (i & 8) ? INT64_MAX - kiln_rng_range(&r, 0, 3) : INT64_MIN + kiln_rng_range(&r, 0, 3);
        }
        const int32_t mults[5] = {0, INT32_MAX, 0x7FFF0000, 0x7FFEFFFF, 1 << 30};
        const int32_t mult = (i % 11) < 5 ? mults[i % 11] : (int32_t)(kiln_rng_u32(&r) >> 1);
        const int32_t shift = kiln_rng_range(&r, -31, 30);
        const int32_t off = (i & 1) ? 0 : kiln_rng_range(&r, -KILN_CONV_S16_MAX_OUT_OFFSET, KILN_CONV_S16_MAX_OUT_OFFSET);
        int32_t lo = kiln_rng_range(&r, INT16_MIN, INT16_MAX), hi = kiln_rng_range(&r, INT16_MIN, INT16_MAX);
        if ((i & 3) == 0)
        {
            lo = INT16_MIN;
            hi = INT16_MAX;
        }
        if (lo > hi)
        {
            const int32_t t = lo;
            lo = hi;
            hi = t;
        }
        const int16_t got = kiln_conv_s16_out(sum, bias, REDUCE_MULTIPLIER(mult), shift, off, lo, hi);
        const int16_t want = ref_requant(sum, bias, mult, shift, off, lo, hi);
        if (!KILN_CHECK_EQ(got, want))
        {
            kiln_test_context("sum %lld bias %lld mult %ld shift %ld off %ld [%ld, %ld]", (long long)sum,
                              (long long)bias, (long)mult, (long)shift, (long)off, (long)lo, (long)hi);
            break;
        }
    }
    kiln_test_context("");
}

/* ---- 2. random differential tests ------------------------------------------------------------ */

static int16_t g_rin[MAX_IN];
static int8_t g_rw[MAX_W];
static int64_t g_rb64[MAX_CH];
static int32_t g_rb32[MAX_CH];
static int32_t g_rmult[MAX_CH], g_rshift[MAX_CH];

static int32_t out_size(int32_t in, int32_t k, int32_t stride, int32_t pad, int32_t dil, int32_t extra)
{
    const int32_t num = in + 2 * pad + extra - (dil * (k - 1) + 1);
    return num < 0 ? 0 : num / stride + 1;
}

static int32_t bit_length(uint64_t v)
{
    int32_t n = 0;
    while (v != 0)
    {
        n++;
        v >>= 1;
    }
    return n;
}

/* A random valid non-empty shape within the buffers. */
static void random_shape(kiln_rng *r, conv_case *c, int32_t iter)
{
    for (;;)
    {
        c->batches = kiln_rng_range(r, 1, 3);
        c->in_h = kiln_rng_range(r, 1, 9);
        c->in_w = kiln_rng_range(r, 1, 9);
        const int32_t groups = (iter % 4 == 1) ? kiln_rng_range(r, 2, 4) : 1;
        c->fc = kiln_rng_range(r, 1, (iter % 16 == 3) ? 40 : 11);
        c->in_c = groups * c->fc;
        c->out_c = groups * kiln_rng_range(r, 1, 7);
        c->fh = kiln_rng_range(r, 1, 5);
        c->fw = kiln_rng_range(r, 1, 5);
        c->stride_h = kiln_rng_range(r, 1, 3);
        c->stride_w = kiln_rng_range(r, 1, 3);
        c->dil_h = (iter % 3 == 2) ? kiln_rng_range(r, 1, 3) : 1;
        c->dil_w = (iter % 3 == 2) ? kiln_rng_range(r, 1, 3) : 1;
        c->pad_h = kiln_rng_range(r, 0, 3);
        c->pad_w = kiln_rng_range(r, 0, 3);
        if (iter % 32 == 11)
        {
            /* channel dots longer than one int32 block of 256 products */
            c->batches = kiln_rng_range(r, 1, 2);
            c->in_h = kiln_rng_range(r, 1, 3);
            c->in_w = kiln_rng_range(r, 1, 3);
            c->fc = kiln_rng_range(r, 250, 300);
            c->in_c = c->fc;
            c->out_c = kiln_rng_range(r, 1, 4);
            c->fh = kiln_rng_range(r, 1, 2);
            c->fw = kiln_rng_range(r, 1, 2);
        }
        if (iter % 8 == 5)
        {
            /* a kernel larger than the input, with padding enough to fit */
            c->in_h = kiln_rng_range(r, 1, 3);
            c->in_w = kiln_rng_range(r, 1, 3);
            c->fh = c->in_h + kiln_rng_range(r, 1, 3);
            c->fw = c->in_w + kiln_rng_range(r, 1, 3);
            c->pad_h = (c->fh - c->in_h + 1) / 2 + kiln_rng_range(r, 0, 1);
            c->pad_w = (c->fw - c->in_w + 1) / 2 + kiln_rng_range(r, 0, 1);
        }
        const int32_t extra_h = kiln_rng_range(r, 0, 1), extra_w = kiln_rng_range(r, 0, 1);
        c->out_h = out_size(c->in_h, c->fh, c->stride_h, c->pad_h, c->dil_h, extra_h);
        c->out_w = out_size(c->in_w, c->fw, c->stride_w, c->pad_w, c->dil_w, extra_w);
        if (c->out_h >= 1 && c->out_w >= 1 && c->out_c <= MAX_CH && in_count(c) <= MAX_IN && w_count(c) <= MAX_W &&
            out_count(c) <= MAX_OUT)
        {
            return;
        }
    }
}

static void random_values(kiln_rng *r, conv_case *c, int32_t iter)
{
    const int32_t vmode = kiln_rng_range(r, 0, 5);
    for (int64_t i = 0; i < in_count(c); i++)
    {
        int32_t v;
        switch (vmode)
        {
        case 0: /* extremes only */
            v = (kiln_rng_u32(r) & 1) ? INT16_MIN : INT16_MAX;
            break;
        case 1: /* all INT16_MIN (with extreme weights: the largest products) */
            v = INT16_MIN;
            break;
        case 2:
            v = kiln_rng_range(r, -300, 300);
            break;
        default:
            v = kiln_rng_range(r, INT16_MIN, INT16_MAX);
            break;
        }
        g_rin[i] = (int16_t)v;
    }
    const int32_t wmode = kiln_rng_range(r, 0, 3);
    for (int64_t i = 0; i < w_count(c); i++)
    {
        int32_t v = kiln_rng_range(r, INT8_MIN, INT8_MAX);
        if (wmode == 0)
        {
            v = (kiln_rng_u32(r) & 1) ? INT8_MIN : INT8_MAX;
        }
        else if (wmode == 1 && vmode == 1)
        {
            v = INT8_MIN;
        }
        g_rw[i] = (int8_t)v;
    }
    /* bias: NULL, int32 or int64 (small, full range or extreme) */
    const int32_t bmode = iter % 3;
    c->bias = bmode == 0 ? NULL : (bmode == 1 ? (const void *)g_rb32 : (const void *)g_rb64);
    c->bias32 = bmode == 1 || (bmode == 0 && (iter & 8) != 0);
    const int32_t bscale = kiln_rng_range(r, 0, 4);
    for (int32_t oc = 0; oc < c->out_c; oc++)
    {
        const uint64_t raw = ((uint64_t)kiln_rng_u32(r) << 32) | kiln_rng_u32(r);
        const int64_t v = (int64_t)raw;
        g_rb32[oc] = bscale == 0 ? (int32_t)(v >> 40) : (int32_t)(uint32_t)raw;
        /* bscale 4: below 2^25 in magnitude, the Helium kernel's int32 window path (its ends included) */
        g_rb64[oc] = bscale == 0   ? (v >> 30)
                     : bscale == 1 ? v >> 10
                     : bscale == 2 ? v
                     : bscale == 3 ? (v < 0 ? INT64_MIN : INT64_MAX)
                                   : ((oc & 7) == 1 ? (1 << 25) - 1 : ((oc & 7) == 2 ? -(1 << 25) + 1 : v >> 39));
    }
    /* requantization: mostly a shift that puts typical outputs inside int16, sometimes anything */
    const uint64_t typical = (uint64_t)32768 * 128 * (uint64_t)(bit_length((uint64_t)c->fh * c->fw * c->fc) + 1);
    const int32_t typical_bits = bit_length(typical) + (vmode == 2 ? -6 : 0);
    const bool wild = kiln_rng_range(r, 0, 1) == 0; /* else every shift typical (TFLite's layers) */
    for (int32_t oc = 0; oc < c->out_c; oc++)
    {
        const int32_t mm = kiln_rng_range(r, 0, 9);
        int32_t mult = (int32_t)(kiln_rng_u32(r) >> 1);
        if (mm == 0)
        {
            mult = 0;
        }
        else if (mm == 1)
        {
            mult = INT32_MAX - kiln_rng_range(r, 0, 0x10000);
        }
        else if (mm <= 6)
        {
            mult = (1 << 30) + (int32_t)(kiln_rng_u32(r) >> 2);
        }
        int32_t shift;
        if (wild && kiln_rng_range(r, 0, 1) == 0)
        {
            shift = kiln_rng_range(r, -31, 30);
        }
        else
        {
            /* R ~ sum * 2^(30 - 16) * 2^(shift - 15): aim at ~2^14 */
            shift = 15 - typical_bits + kiln_rng_range(r, -3, 3);
            shift = shift < -31 ? -31 : (shift > 30 ? 30 : shift);
        }
        g_rmult[oc] = mult;
        g_rshift[oc] = shift;
    }
    c->mult = g_rmult;
    c->shift = g_rshift;
    c->out_offset = (kiln_rng_range(r, 0, 3) == 0) ? kiln_rng_range(r, -2000, 2000) : 0;
    if ((iter & 63) == 7)
    {
        c->out_offset = (iter & 64) ? KILN_CONV_S16_MAX_OUT_OFFSET : -KILN_CONV_S16_MAX_OUT_OFFSET;
    }
    if (kiln_rng_range(r, 0, 1) == 0)
    {
        c->act_min = INT16_MIN;
        c->act_max = INT16_MAX;
    }
    else
    {
        int32_t a = kiln_rng_range(r, INT16_MIN, INT16_MAX), b = kiln_rng_range(r, INT16_MIN, INT16_MAX);
        c->act_min = a < b ? a : b;
        c->act_max = a < b ? b : a;
    }
    c->input = g_rin;
    c->weights = g_rw;
}

static void test_random(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0xC016);
    const int32_t n = kiln_test_iterations(2500, 300);
    int32_t grouped = 0, dilated = 0, batched = 0, big_kernel = 0, unclamped = 0, nobias = 0, b32 = 0, b64 = 0;
    for (int32_t it = 0; it < n; it++)
    {
        conv_case c;
        random_shape(&r, &c, it);
        random_values(&r, &c, it);
        ref_conv_s16(&c, g_want);
        grouped += c.in_c != c.fc;
        dilated += c.dil_h > 1 || c.dil_w > 1;
        batched += c.batches > 1;
        big_kernel += c.fh > c.in_h || c.fw > c.in_w;
        nobias += c.bias == NULL;
        b32 += c.bias != NULL && c.bias32;
        b64 += c.bias != NULL && !c.bias32;
        for (int64_t i = 0; i < out_count(&c); i++)
        {
            unclamped += g_want[i] > c.act_min && g_want[i] < c.act_max;
        }
        const int e = it & 1;
        kiln_test_context("random case %ld (%s): n%ld %ldx%ldx%ld f%ldx%ldx%ld out %ldx%ldx%ld s%ld,%ld p%ld,%ld d%ld,%ld",
                          (long)it, k_entry_names[e], (long)c.batches, (long)c.in_h, (long)c.in_w, (long)c.in_c,
                          (long)c.fh, (long)c.fw, (long)c.fc, (long)c.out_h, (long)c.out_w, (long)c.out_c,
                          (long)c.stride_h, (long)c.stride_w, (long)c.pad_h, (long)c.pad_w, (long)c.dil_h,
                          (long)c.dil_w);
        if (!check_call(&c, e, g_want, it % 4, (it % 8) == 0))
        {
            break;
        }
    }
    kiln_test_context("");
    printf("random: %ld cases (%ld grouped, %ld dilated, %ld batched, %ld kernel > input, bias NULL %ld / int32 %ld / "
           "int64 %ld), %ld outputs inside the clamp\n",
           (long)n, (long)grouped, (long)dilated, (long)batched, (long)big_kernel, (long)nobias, (long)b32, (long)b64,
           (long)unclamped);
    /* the cases cover what they claim */
    KILN_CHECK(grouped > n / 8 && dilated > n / 8 && batched > n / 8 && big_kernel > n / 16);
    KILN_CHECK(nobias > n / 8 && b32 > n / 8 && b64 > n / 8 && unclamped > n);
}


/* The layers of TFLite's usual form, where the Helium kernel sums a window's four output channels in int32
 * (kiln_dot4_s16_s8_runs32): no groups or width dilation, output channels a multiple of four, every shift typical
 * (<= -2), int64 biases below 2^25 in magnitude (their ends included) or none; windows up to the kernel's limit of
 * 504 products (3x3 x 56 channels) with the largest products. Every backend runs them (on the others they take the
 * same paths as any layer). */
static void test_int32_windows(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0xC032);
    const int32_t n = kiln_test_iterations(600, 120);
    for (int32_t it = 0; it < n; it++)
    {
        conv_case c;
        for (;;)
        {
            random_shape(&r, &c, 12 * it); /* a multiple of 12: no groups, no dilation, no special shape */
            c.out_c = 4 * kiln_rng_range(&r, 1, 4);
            if (it % 5 == 0)
            {
                /* the largest window: 3x3 x 56 = 504 products */
                c.batches = 1;
                c.in_h = kiln_rng_range(&r, 1, 3);
                c.in_w = kiln_rng_range(&r, 1, 4);
                c.fc = c.in_c = 56;
                c.fh = c.fw = 3;
                c.stride_h = c.stride_w = 1;
                c.pad_h = c.pad_w = kiln_rng_range(&r, 1, 2);
                c.out_c = 4 * kiln_rng_range(&r, 1, 2);
                c.out_h = out_size(c.in_h, c.fh, 1, c.pad_h, 1, 0);
                c.out_w = out_size(c.in_w, c.fw, 1, c.pad_w, 1, 0);
            }
            if (c.out_h >= 1 && c.out_w >= 1 && in_count(&c) <= MAX_IN && w_count(&c) <= MAX_W &&
                out_count(&c) <= MAX_OUT)
            {
                break;
            }
        }
        random_values(&r, &c, 3 * it + 2); /* an int64 bias */
        const bool no_bias = it % 4 == 3;
        c.bias = no_bias ? NULL : (const void *)g_rb64;
        c.bias32 = false;
        const uint64_t typical = (uint64_t)32768 * 128 * (uint64_t)(bit_length((uint64_t)c.fh * c.fw * c.fc) + 1);
        for (int32_t oc = 0; oc < c.out_c; oc++)
        {
            const int32_t k = kiln_rng_range(&r, 0, 5);
            g_rb64[oc] = k == 0 ? (1 << 25) - 1 : (k == 1 ? -(1 << 25) + 1 : kiln_rng_range(&r, -(1 << 24), 1 << 24));
            int32_t shift = 15 - bit_length(typical) + kiln_rng_range(&r, -3, 3);
            g_rshift[oc] = shift < -31 ? -31 : (shift > -2 ? -2 : shift);
        }
        ref_conv_s16(&c, g_want);
        kiln_test_context("int32 window case %ld: %ldx%ldx%ld f%ldx%ldx%ld out %ldx%ldx%ld s%ld,%ld p%ld,%ld bias %s",
                          (long)it, (long)c.in_h, (long)c.in_w, (long)c.in_c, (long)c.fh, (long)c.fw, (long)c.fc,
                          (long)c.out_h, (long)c.out_w, (long)c.out_c, (long)c.stride_h, (long)c.stride_w,
                          (long)c.pad_h, (long)c.pad_w, no_bias ? "none" : "int64");
        if (!check_call(&c, it & 1, g_want, it % 4, false))
        {
            break;
        }
    }
    kiln_test_context("");
}

/* ns-cmsis-nn's direct entries: shapes of each entry's contract (1x1 pointwise, small kernels inside the input,
 * one input channel per output channel) bit-exact with the reference through the entry and through
 * arm_convolve_s16, with every context form; shapes outside the contract refused with the output untouched. */
static void test_route_entries(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0xC0E5);
    const int32_t n = kiln_test_iterations(1500, 200);
    int32_t accepted[N_ENTRIES] = {0}, refused[N_ENTRIES] = {0};
    for (int32_t it = 0; it < n; it++)
    {
        const int e = 2 + (int)(it % 3);
        conv_case c;
        random_shape(&r, &c, it);
        if ((it / 3) % 4 != 3)
        {
            /* bend the shape into the entry's contract */
            switch (e)
            {
            case 2:
                c.fh = c.fw = 1;
                c.fc = c.in_c = kiln_rng_range(&r, 1, 24);
                c.stride_h = c.stride_w = c.dil_h = c.dil_w = 1;
                c.pad_h = c.pad_w = 0;
                c.out_h = c.in_h;
                c.out_w = c.in_w;
                break;
            case 3:
                c.fc = kiln_rng_range(&r, 1, 4);
                c.in_c = c.fc * kiln_rng_range(&r, 1, 3);
                c.out_c = (c.in_c / c.fc) * kiln_rng_range(&r, 1, 3);
                c.fh = kiln_rng_range(&r, 1, 8 / c.fc);
                c.fw = kiln_rng_range(&r, 1, 8 / (c.fc * c.fh));
                c.pad_h = c.pad_w = 0;
                c.in_h = c.dil_h * (c.fh - 1) + 1 + kiln_rng_range(&r, 0, 6);
                c.in_w = c.dil_w * (c.fw - 1) + 1 + kiln_rng_range(&r, 0, 6);
                c.out_h = out_size(c.in_h, c.fh, c.stride_h, 0, c.dil_h, 0);
                c.out_w = out_size(c.in_w, c.fw, c.stride_w, 0, c.dil_w, 0);
                break;
            default:
                c.fc = 1;
                c.in_c = c.out_c = kiln_rng_range(&r, 1, 12);
                break;
            }
            if (c.out_h < 1 || c.out_w < 1 || c.out_c > MAX_CH || in_count(&c) > MAX_IN || w_count(&c) > MAX_W ||
                out_count(&c) > MAX_OUT)
            {
                continue;
            }
        }
        random_values(&r, &c, it);
        kiln_test_context("route entry case %ld (%s): n%ld %ldx%ldx%ld f%ldx%ldx%ld out %ldx%ldx%ld s%ld,%ld p%ld,%ld "
                          "d%ld,%ld",
                          (long)it, k_entry_names[e], (long)c.batches, (long)c.in_h, (long)c.in_w, (long)c.in_c,
                          (long)c.fh, (long)c.fw, (long)c.fc, (long)c.out_h, (long)c.out_w, (long)c.out_c,
                          (long)c.stride_h, (long)c.stride_w, (long)c.pad_h, (long)c.pad_w, (long)c.dil_h,
                          (long)c.dil_w);
        if (entry_accepts(&c, e))
        {
            accepted[e]++;
            ref_conv_s16(&c, g_want);
            if (!check_call(&c, e, g_want, it % 4, (it % 16) == 0) || !check_call(&c, 1, g_want, 1, false))
            {
                break;
            }
        }
        else
        {
            refused[e]++;
            cmsis_nn_conv_params cp;
            cmsis_nn_dims in_d, f_d, out_d;
            case_structs(&c, &cp, &in_d, &f_d, &out_d);
            const cmsis_nn_per_channel_quant_params qp = {(int32_t *)(uintptr_t)c.mult, (int32_t *)(uintptr_t)c.shift};
            const cmsis_nn_bias_data bd = {c.bias, c.bias32};
            for (int64_t i = 0; i < GUARD + MAX_OUT + GUARD; i++)
            {
                g_out[i] = CANARY;
            }
            KILN_CHECK_EQ(k_entries[e](NULL, &cp, &qp, &in_d, c.input, &f_d, c.weights, NULL, &bd, &out_d, g_out + GUARD),
                          ARM_CMSIS_NN_ARG_ERROR);
            bool untouched_all = true;
            for (int64_t i = 0; i < GUARD + MAX_OUT + GUARD; i++)
            {
                untouched_all &= g_out[i] == CANARY;
            }
            KILN_CHECK(untouched_all);
        }
    }
    kiln_test_context("");
    for (int e = 2; e < N_ENTRIES; e++)
    {
        printf("%s: %ld accepted, %ld refused\n", k_entry_names[e], (long)accepted[e], (long)refused[e]);
        KILN_CHECK(accepted[e] > n / 6 && refused[e] > n / 60);
    }
}

/* The shape check agrees with the int8 convolution's for every non-empty shape (same conventions). */
static void test_shape_agrees_with_s8(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x5E8);
    const int32_t n = kiln_test_iterations(100000, 10000);
    int32_t valid = 0, valid_empty = 0;
    for (int32_t i = 0; i < n; i++)
    {
        /* drawn in order (an initializer's calls are unsequenced) */
        static const int32_t lo[16] = {0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 1, 1};
        static const int32_t hi[16] = {2, 6, 6, 6, 4, 4, 3, 7, 7, 6, 3, 3, 2, 2, 2, 2};
        int32_t f[16];
        for (int j = 0; j < 16; j++)
        {
            /* now and then a zero or negative field */
            f[j] = kiln_rng_range(&r, 0, 24) == 0 ? kiln_rng_range(&r, -1, 0) : kiln_rng_range(&r, lo[j], hi[j]);
        }
        if (kiln_rng_range(&r, 0, 3) != 0 && f[1] >= 0 && f[2] >= 0 && f[4] >= 1 && f[5] >= 1 && f[10] >= 1 &&
            f[11] >= 1 && f[12] >= 0 && f[13] >= 0 && f[14] >= 1 && f[15] >= 1)
        {
            /* mostly the output size of the arithmetic (possibly 0), sometimes one off */
            const int32_t dh = kiln_rng_range(&r, 0, 7), dw = kiln_rng_range(&r, 0, 7);
            f[7] = out_size(f[1], f[4], f[10], f[12], f[14], kiln_rng_range(&r, 0, 1)) + (dh == 0 ? -1 : dh == 1);
            f[8] = out_size(f[2], f[5], f[11], f[13], f[15], kiln_rng_range(&r, 0, 1)) + (dw == 0 ? -1 : dw == 1);
        }
        const kiln_conv_s16_shape s = {f[0], f[1], f[2],  f[3],  f[4],  f[5],  f[6],  f[7],
                                       f[8], f[9], f[10], f[11], f[12], f[13], f[14], f[15]};
        const kiln_conv_s8_shape s8 = {s.batches,  s.in_h,     s.in_w,     s.in_c,     s.filter_h,   s.filter_w,
                                       s.filter_c, s.out_h,    s.out_w,    s.out_c,    s.stride_h,   s.stride_w,
                                       s.pad_h,    s.pad_w,    s.dilation_h, s.dilation_w, 1,        1};
        const bool ok16 = kiln_conv_geom_ok(&s);
        const bool ok8 = kiln_conv_s8_shape_ok(&s8);
        const bool empty = s.batches == 0 || s.out_h == 0 || s.out_w == 0 || s.out_c == 0;
        valid += ok16 && !empty;
        valid_empty += ok16 && empty;
        if (!empty || ok8)
        {
            if (!KILN_CHECK_EQ(ok16, ok8))
            {
                kiln_test_context("shape %ld", (long)i);
                break;
            }
        }
    }
    printf("shapes: %ld valid non-empty, %ld valid empty of %ld\n", (long)valid, (long)valid_empty, (long)n);
    KILN_CHECK(valid > n / 100 && valid_empty > n / 1000);
}

/* ---- 3. size queries ------------------------------------------------------------------------- */

static void base_case(conv_case *c)
{
    /* 2 batches, 5x6x8 input in two groups, 3x3 filter, padding 1, stride 1, 6 outputs */
    static int16_t in[2 * 5 * 6 * 8];
    static int8_t w[6 * 3 * 3 * 4];
    static int64_t bias[6];
    static int32_t mult[6], shift[6];
    kiln_rng r;
    kiln_rng_seed(&r, 77);
    for (size_t i = 0; i < sizeof(in) / sizeof(in[0]); i++)
    {
        in[i] = (int16_t)kiln_rng_range(&r, INT16_MIN, INT16_MAX);
    }
    kiln_rng_fill_s8(&r, w, sizeof(w));
    for (int32_t i = 0; i < 6; i++)
    {
        bias[i] = (int64_t)i * 100003 - 250000;
        mult[i] = 1300000000 + i;
        shift[i] = -9;
    }
    const conv_case b = {2, 5, 6, 8, 3, 3, 4, 5, 6, 6, 1, 1, 1, 1, 1, 1, 0, INT16_MIN, INT16_MAX,
                         in, w, bias, false, mult, shift};
    *c = b;
}

static void test_queries(void)
{
    conv_case c;
    base_case(&c);
    cmsis_nn_conv_params cp;
    cmsis_nn_dims in_d, f_d, out_d;
    case_structs(&c, &cp, &in_d, &f_d, &out_d);
    KILN_CHECK_EQ(arm_convolve_wrapper_s16_get_buffer_size(&cp, &in_d, &f_d, &out_d), 0);
    KILN_CHECK_EQ(arm_convolve_wrapper_s16_get_buffer_size_dsp(&cp, &in_d, &f_d, &out_d), 0);
    KILN_CHECK_EQ(arm_convolve_wrapper_s16_get_buffer_size_mve(&cp, &in_d, &f_d, &out_d), 0);
    KILN_CHECK_EQ(arm_convolve_s16_get_buffer_size(&in_d, &f_d), 0);
    /* the plan: one route, no scratch, on every backend */
    kiln_conv_s16_shape s;
    KILN_CHECK(kiln_conv_geom_from(&cp, &in_d, &f_d, &out_d, &s));
    const kiln_isa isas[3] = {KILN_ISA_C, KILN_ISA_DSP, KILN_ISA_MVE};
    for (int i = 0; i < 3; i++)
    {
        kiln_conv_s16_plan_t p;
        KILN_CHECK_EQ(kiln_conv_s16_plan(&s, isas[i], &p), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK(strcmp(p.route_name, "conv_s16_c") == 0);
        KILN_CHECK(strcmp(kiln_conv_s16_route_name(p.route), "conv_s16_c") == 0);
        KILN_CHECK_EQ(p.scratch_bytes, 0);
        KILN_CHECK_EQ(p.groups, 2);
        KILN_CHECK_EQ(p.rhs_cols, 36);
        KILN_CHECK(!p.empty);
        KILN_CHECK_EQ(kiln_conv_s16_plan_partial(&in_d, &f_d, isas[i]), 0);
    }
    KILN_CHECK(strcmp(kiln_conv_s16_route_name(KILN_CONV_S16_ROUTE_COUNT), "?") == 0);
    /* one extra trailing padding row (SAME with an even filter) is a valid shape */
    out_d.h += 1;
    KILN_CHECK_EQ(arm_convolve_wrapper_s16_get_buffer_size(&cp, &in_d, &f_d, &out_d), 0);
    out_d.h += 1;
    KILN_CHECK_EQ(arm_convolve_wrapper_s16_get_buffer_size(&cp, &in_d, &f_d, &out_d), -1);
    KILN_CHECK_EQ(arm_convolve_wrapper_s16_get_buffer_size_dsp(&cp, &in_d, &f_d, &out_d), -1);
    KILN_CHECK_EQ(arm_convolve_wrapper_s16_get_buffer_size_mve(&cp, &in_d, &f_d, &out_d), -1);
    out_d.h -= 2;
    /* NULL and bad arguments: -1 */
    KILN_CHECK_EQ(arm_convolve_wrapper_s16_get_buffer_size(NULL, &in_d, &f_d, &out_d), -1);
    KILN_CHECK_EQ(arm_convolve_wrapper_s16_get_buffer_size(&cp, NULL, &f_d, &out_d), -1);
    KILN_CHECK_EQ(arm_convolve_wrapper_s16_get_buffer_size_dsp(&cp, &in_d, NULL, &out_d), -1);
    KILN_CHECK_EQ(arm_convolve_wrapper_s16_get_buffer_size_mve(&cp, &in_d, &f_d, NULL), -1);
    KILN_CHECK_EQ(arm_convolve_s16_get_buffer_size(NULL, &f_d), -1);
    KILN_CHECK_EQ(arm_convolve_s16_get_buffer_size(&in_d, NULL), -1);
    cmsis_nn_conv_params bad_cp = cp;
    bad_cp.stride.w = 0;
    KILN_CHECK_EQ(arm_convolve_wrapper_s16_get_buffer_size(&bad_cp, &in_d, &f_d, &out_d), -1);
    bad_cp = cp;
    bad_cp.dilation.h = -1;
    KILN_CHECK_EQ(arm_convolve_wrapper_s16_get_buffer_size_mve(&bad_cp, &in_d, &f_d, &out_d), -1);
    bad_cp = cp;
    bad_cp.padding.h = -1;
    KILN_CHECK_EQ(arm_convolve_wrapper_s16_get_buffer_size_dsp(&bad_cp, &in_d, &f_d, &out_d), -1);
    cmsis_nn_dims d = in_d;
    d.h = -1;
    KILN_CHECK_EQ(arm_convolve_wrapper_s16_get_buffer_size(&cp, &d, &f_d, &out_d), -1);
    KILN_CHECK_EQ(arm_convolve_s16_get_buffer_size(&d, &f_d), -1);
    d = in_d;
    d.c = 0;
    KILN_CHECK_EQ(arm_convolve_s16_get_buffer_size(&d, &f_d), -1);
    d = f_d;
    d.c = 3; /* does not divide 8 */
    KILN_CHECK_EQ(arm_convolve_s16_get_buffer_size(&in_d, &d), -1);
    KILN_CHECK_EQ(arm_convolve_wrapper_s16_get_buffer_size(&cp, &in_d, &d, &out_d), -1);
    d = f_d;
    d.w = 0;
    KILN_CHECK_EQ(arm_convolve_s16_get_buffer_size(&in_d, &d), -1);
    const cmsis_nn_dims huge_f = {1, 50000, 50000, 8}; /* dot length past int32 */
    KILN_CHECK_EQ(arm_convolve_s16_get_buffer_size(&in_d, &huge_f), -1);
    d = out_d;
    d.c = 5; /* two groups do not divide 5 */
    KILN_CHECK_EQ(arm_convolve_wrapper_s16_get_buffer_size(&cp, &in_d, &f_d, &d), -1);
    /* empty outputs are valid: 0 */
    d = in_d;
    d.n = 0;
    KILN_CHECK_EQ(arm_convolve_wrapper_s16_get_buffer_size(&cp, &d, &f_d, &out_d), 0);
    d = out_d;
    d.c = 0;
    KILN_CHECK_EQ(arm_convolve_wrapper_s16_get_buffer_size_mve(&cp, &in_d, &f_d, &d), 0);
}

/* ---- 4. bad inputs ---------------------------------------------------------------------------- */

typedef struct
{
    conv_case c;
    cmsis_nn_context ctx;
    cmsis_nn_conv_params cp;
    cmsis_nn_per_channel_quant_params qp;
    cmsis_nn_dims in_d, f_d, out_d;
    cmsis_nn_bias_data bd;
    int32_t mult[8], shift[8];
    const cmsis_nn_context *ctx_p;
    const cmsis_nn_conv_params *cp_p;
    const cmsis_nn_per_channel_quant_params *qp_p;
    const cmsis_nn_dims *in_p, *f_p, *out_p;
    const cmsis_nn_bias_data *bd_p;
    const int16_t *in;
    const int8_t *w;
    int16_t *out;
} call_args;

#define SENT ((int16_t)0x1357)
static int16_t g_bad_out[2 * 5 * 6 * 6 + 64];

static void base_args(call_args *a)
{
    memset(a, 0, sizeof(*a));
    base_case(&a->c);
    case_structs(&a->c, &a->cp, &a->in_d, &a->f_d, &a->out_d);
    memcpy(a->mult, a->c.mult, 6 * sizeof(int32_t));
    memcpy(a->shift, a->c.shift, 6 * sizeof(int32_t));
    a->qp.multiplier = a->mult;
    a->qp.shift = a->shift;
    memcpy(&a->bd, &(cmsis_nn_bias_data){a->c.bias, false}, sizeof(a->bd));
    a->ctx.buf = g_scratch;
    a->ctx.size = (int32_t)sizeof(g_scratch);
    a->ctx_p = &a->ctx;
    a->cp_p = &a->cp;
    a->qp_p = &a->qp;
    a->in_p = &a->in_d;
    a->f_p = &a->f_d;
    a->out_p = &a->out_d;
    a->bd_p = &a->bd;
    a->in = a->c.input;
    a->w = a->c.weights;
    a->out = g_bad_out;
}

static arm_cmsis_nn_status call(const call_args *a, int e)
{
    return k_entries[e](a->ctx_p, a->cp_p, a->qp_p, a->in_p, a->in, a->f_p, a->w, NULL, a->bd_p, a->out_p, a->out);
}

typedef void (*mutator)(call_args *a);

#define MUT(name, body)                                                                                         \
    static void name(call_args *a)                                                                              \
    {                                                                                                           \
        body;                                                                                                   \
    }

MUT(m_null_cp, a->cp_p = NULL)
MUT(m_null_qp, a->qp_p = NULL)
MUT(m_null_mult, a->qp.multiplier = NULL)
MUT(m_null_shift, a->qp.shift = NULL)
MUT(m_null_in_dims, a->in_p = NULL)
MUT(m_null_in, a->in = NULL)
MUT(m_null_f_dims, a->f_p = NULL)
MUT(m_null_f, a->w = NULL)
MUT(m_null_bias_struct, a->bd_p = NULL)
MUT(m_null_out_dims, a->out_p = NULL)
MUT(m_null_out, a->out = NULL)
MUT(m_stride_w0, a->cp.stride.w = 0)
MUT(m_stride_h_neg, a->cp.stride.h = -1)
MUT(m_dil_w0, a->cp.dilation.w = 0)
MUT(m_dil_h_neg, a->cp.dilation.h = -2)
MUT(m_pad_w_neg, a->cp.padding.w = -1)
MUT(m_pad_h_neg, a->cp.padding.h = -1)
MUT(m_out_h_plus, a->out_d.h += 2)
MUT(m_out_w_plus, a->out_d.w += 2)
MUT(m_out_h_minus, a->out_d.h -= 1)
MUT(m_out_w_zero, a->out_d.w = 0) /* a window fits: 0 is inconsistent */
MUT(m_out_c_neg, a->out_d.c = -6)
MUT(m_out_h_neg, a->out_d.h = -5)
MUT(m_batches_neg, a->in_d.n = -1)
MUT(m_in_h_neg, a->in_d.h = -5)
MUT(m_in_c_zero, a->in_d.c = 0)
MUT(m_filter_h_zero, a->f_d.h = 0)
MUT(m_filter_w_neg, a->f_d.w = -3)
MUT(m_filter_c_zero, a->f_d.c = 0)
MUT(m_filter_c_not_dividing, a->f_d.c = 3)
MUT(m_groups_not_dividing_out, a->out_d.c = 5)
MUT(m_output_offset_hi, a->cp.output_offset = KILN_CONV_S16_MAX_OUT_OFFSET + 1)
MUT(m_output_offset_lo, a->cp.output_offset = -KILN_CONV_S16_MAX_OUT_OFFSET - 1)
MUT(m_act_inverted, {
    a->cp.activation.min = 10;
    a->cp.activation.max = 9;
})
MUT(m_act_max, a->cp.activation.max = 32768)
MUT(m_act_min, a->cp.activation.min = -32769)
MUT(m_shift_hi, a->shift[3] = 31)
MUT(m_shift_lo, a->shift[5] = -32)
MUT(m_mult_neg, a->mult[2] = -5)
MUT(m_mult_min, a->mult[0] = INT32_MIN)
MUT(m_overflow_in, {
    a->in_d.h = 46341;
    a->in_d.w = 46341;
    a->in_d.c = 1;
    a->f_d.c = 1;
    a->out_d.c = 6;
    a->out_d.h = 46341;
    a->out_d.w = 46341;
})
MUT(m_overflow_coord, {
    a->cp.stride.w = INT32_MAX;
    a->in_d.w = 3;
    a->out_d.w = 2;
})
MUT(m_overflow_dot, {
    a->f_d.h = 40000;
    a->f_d.w = 40000;
    a->cp.padding.h = 20000;
    a->cp.padding.w = 20000;
    a->out_d.h = 6; /* (5 + 40000 - 40000) / 1 + 1 */
    a->out_d.w = 7;
})
MUT(m_ctx_size_neg, a->ctx.size = -4)
MUT(m_ctx_size_neg_nobuf, {
    a->ctx.buf = NULL;
    a->ctx.size = -1;
})

typedef struct
{
    const char *name;
    mutator m;
} bad_row;

static const bad_row k_rows[] = {
    {"NULL conv_params", m_null_cp},
    {"NULL quant_params", m_null_qp},
    {"NULL multiplier", m_null_mult},
    {"NULL shift", m_null_shift},
    {"NULL input_dims", m_null_in_dims},
    {"NULL input", m_null_in},
    {"NULL filter_dims", m_null_f_dims},
    {"NULL filter", m_null_f},
    {"NULL bias_data struct", m_null_bias_struct},
    {"NULL output_dims", m_null_out_dims},
    {"NULL output", m_null_out},
    {"stride.w 0", m_stride_w0},
    {"stride.h -1", m_stride_h_neg},
    {"dilation.w 0", m_dil_w0},
    {"dilation.h -2", m_dil_h_neg},
    {"padding.w -1", m_pad_w_neg},
    {"padding.h -1", m_pad_h_neg},
    {"output h + 2", m_out_h_plus},
    {"output w + 2", m_out_w_plus},
    {"output h - 1", m_out_h_minus},
    {"output w 0 while a window fits", m_out_w_zero},
    {"output c negative", m_out_c_neg},
    {"output h negative", m_out_h_neg},
    {"batches -1", m_batches_neg},
    {"input h negative", m_in_h_neg},
    {"input c 0", m_in_c_zero},
    {"filter h 0", m_filter_h_zero},
    {"filter w negative", m_filter_w_neg},
    {"filter c 0", m_filter_c_zero},
    {"filter c does not divide input c", m_filter_c_not_dividing},
    {"groups do not divide output c", m_groups_not_dividing_out},
    {"output offset past the bound", m_output_offset_hi},
    {"output offset below the bound", m_output_offset_lo},
    {"activation min > max", m_act_inverted},
    {"activation max 32768", m_act_max},
    {"activation min -32769", m_act_min},
    {"shift 31", m_shift_hi},
    {"shift -32", m_shift_lo},
    {"negative multiplier", m_mult_neg},
    {"multiplier INT32_MIN", m_mult_min},
    {"input larger than INT32_MAX elements", m_overflow_in},
    {"coordinate past INT32_MAX", m_overflow_coord},
    {"filter elements and dot length past INT32_MAX", m_overflow_dot},
    {"ctx size negative", m_ctx_size_neg},
    {"ctx size negative, no buffer", m_ctx_size_neg_nobuf},
};

static bool untouched(const int16_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
    {
        if (p[i] != SENT)
        {
            return false;
        }
    }
    return true;
}

static void fill_sent(void)
{
    for (size_t i = 0; i < sizeof(g_bad_out) / sizeof(g_bad_out[0]); i++)
    {
        g_bad_out[i] = SENT;
    }
}

static void test_bad_inputs(void)
{
    const size_t n_out = sizeof(g_bad_out) / sizeof(g_bad_out[0]);
    for (int e = 0; e < 2; e++)
    {
        call_args a;
        base_args(&a);
        fill_sent();
        kiln_test_context("%s: the base call", k_entry_names[e]);
        KILN_CHECK_EQ(call(&a, e), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK(!untouched(g_bad_out, 2 * 5 * 6 * 6));
        KILN_CHECK(untouched(g_bad_out + 2 * 5 * 6 * 6, 64));
        for (size_t i = 0; i < sizeof(k_rows) / sizeof(k_rows[0]); i++)
        {
            base_args(&a);
            k_rows[i].m(&a);
            fill_sent();
            memset(g_scratch, GUARD_BYTE, sizeof(g_scratch));
            kiln_test_context("%s: %s", k_entry_names[e], k_rows[i].name);
            KILN_CHECK_EQ(call(&a, e), ARM_CMSIS_NN_ARG_ERROR);
            KILN_CHECK(untouched(g_bad_out, n_out));
            KILN_CHECK(byte_guards_ok(g_scratch, (int64_t)sizeof(g_scratch)));
        }
    }
    kiln_test_context("");
}

/* Accepted variations: contexts (scratch 0), bias data NULL (either type), the input offset (not
 * used), filter_dims->n, output_dims->n and bias_dims (not read); empty outputs write nothing. */
static void test_accepted_variations(void)
{
    for (int e = 0; e < 2; e++)
    {
        call_args a;
        base_args(&a);
        static int16_t want[2 * 5 * 6 * 6];
        KILN_CHECK_EQ(call(&a, e), ARM_CMSIS_NN_SUCCESS);
        memcpy(want, g_bad_out, sizeof(want));
        {
            conv_case c = a.c;
            static int16_t ref[2 * 5 * 6 * 6];
            ref_conv_s16(&c, ref);
            KILN_CHECK_MEM_S16(want, ref, 2 * 5 * 6 * 6);
        }
        const int nv = 8;
        for (int v = 0; v < nv; v++)
        {
            base_args(&a);
            switch (v)
            {
            case 0:
                a.ctx_p = NULL;
                break;
            case 1:
                a.ctx.buf = NULL;
                a.ctx.size = 0;
                break;
            case 2:
                a.ctx.size = 0; /* not stated */
                break;
            case 3:
                a.ctx.size = 0;
                a.ctx.buf = NULL;
                a.cp.input_offset = 1234; /* not used */
                break;
            case 4:
                a.f_d.n = -9;
                a.out_d.n = 77;
                break;
            case 5:
                a.ctx.buf = NULL;
                a.ctx.size = 100; /* a stated size >= 0 with no buffer: nothing is needed */
                break;
            default:
                break;
            }
            fill_sent();
            kiln_test_context("%s: variation %d", k_entry_names[e], v);
            KILN_CHECK_EQ(call(&a, e), ARM_CMSIS_NN_SUCCESS);
            KILN_CHECK_MEM_S16(g_bad_out, want, 2 * 5 * 6 * 6);
        }
        /* NULL bias data, int64 and int32 flavours: the reference without bias */
        for (int t = 0; t < 2; t++)
        {
            base_args(&a);
            memcpy(&a.bd, &(cmsis_nn_bias_data){NULL, t == 1}, sizeof(a.bd));
            conv_case c = a.c;
            c.bias = NULL;
            c.bias32 = t == 1;
            static int16_t ref[2 * 5 * 6 * 6];
            ref_conv_s16(&c, ref);
            fill_sent();
            kiln_test_context("%s: NULL bias data (int32 %d)", k_entry_names[e], t);
            KILN_CHECK_EQ(call(&a, e), ARM_CMSIS_NN_SUCCESS);
            KILN_CHECK_MEM_S16(g_bad_out, ref, 2 * 5 * 6 * 6);
        }
        /* int32 bias: the int32 accumulator and requantization; the same values as int64 differ */
        {
            base_args(&a);
            static int32_t b32[6];
            for (int i = 0; i < 6; i++)
            {
                b32[i] = (int32_t)((const int64_t *)a.c.bias)[i];
            }
            memcpy(&a.bd, &(cmsis_nn_bias_data){b32, true}, sizeof(a.bd));
            fill_sent();
            conv_case c = a.c;
            c.bias = b32;
            c.bias32 = true;
            static int16_t ref[2 * 5 * 6 * 6];
            ref_conv_s16(&c, ref);
            kiln_test_context("%s: int32 bias", k_entry_names[e]);
            KILN_CHECK_EQ(call(&a, e), ARM_CMSIS_NN_SUCCESS);
            KILN_CHECK_MEM_S16(g_bad_out, ref, 2 * 5 * 6 * 6);
            KILN_CHECK(memcmp(ref, want, sizeof(ref)) != 0);
        }
        /* empty outputs: success, nothing written (also with NULL ctx) */
        for (int v = 0; v < 4; v++)
        {
            base_args(&a);
            switch (v)
            {
            case 0:
                a.in_d.n = 0;
                break;
            case 1:
                a.out_d.c = 0;
                break;
            case 2: /* input smaller than the filter without padding: no window fits */
                a.cp.padding.h = 0;
                a.in_d.h = 2;
                a.out_d.h = 0;
                a.ctx_p = NULL;
                break;
            default: /* empty input rows and no padding */
                a.cp.padding.w = 0;
                a.in_d.w = 0;
                a.out_d.w = 0;
                break;
            }
            fill_sent();
            kiln_test_context("%s: empty output %d", k_entry_names[e], v);
            KILN_CHECK_EQ(call(&a, e), ARM_CMSIS_NN_SUCCESS);
            KILN_CHECK(untouched(g_bad_out, sizeof(g_bad_out) / sizeof(g_bad_out[0])));
        }
        /* ...but the other arguments are still checked */
        base_args(&a);
        a.in_d.n = 0;
        a.shift[0] = 31;
        KILN_CHECK_EQ(call(&a, e), ARM_CMSIS_NN_ARG_ERROR);
        base_args(&a);
        a.out_d.c = 0;
        a.out = NULL;
        KILN_CHECK_EQ(call(&a, e), ARM_CMSIS_NN_ARG_ERROR);
    }
    kiln_test_context("");
}

int main(void)
{
    KILN_RUN(test_reference_requant);
    KILN_RUN(test_vectors);
    KILN_RUN(test_queries);
    KILN_RUN(test_bad_inputs);
    KILN_RUN(test_accepted_variations);
    KILN_RUN(test_shape_agrees_with_s8);
    KILN_RUN(test_random);
    KILN_RUN(test_int32_windows);
    KILN_RUN(test_route_entries);
    return kiln_test_finish();
}
