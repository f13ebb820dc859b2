/*
 * int8 depthwise convolution: randomized differential tests against kiln_reference. Each
 * iteration draws a shape (odd widths, channels not a multiple of 4 or 16, padding, dilation,
 * batches, ch_mult, filters larger than the input with padding) and quantization, and checks
 * every applicable public entry (wrapper, arm_depthwise_conv_s8, _opt, _3x3; ns: with and without
 * weight sums) bit-exact, with guard bytes around output and scratch and inputs unchanged.
 */
#include <string.h>

#include "arm_nnfunctions.h"
#include "dw_s8_test_util.h"
#include "kiln_ref.h"
#include "kiln_test.h"

static int8_t r_in[3 * 12 * 13 * 40];
static int8_t r_f[5 * 5 * 160];
static int32_t r_bias[160], r_mult[160], r_shift[160];
static int8_t r_ref[3 * 14 * 15 * 160];

/* Draws one axis: size, filter, stride, dilation, padding and a valid output size. */
static void draw_axis(kiln_rng *r, int32_t *in, int32_t *k, int32_t *s, int32_t *d, int32_t *p, int32_t *out,
                      bool small_filter_mode)
{
    for (;;)
    {
        *in = kiln_rng_range(r, 1, 12);
        *k = small_filter_mode ? 3 : kiln_rng_range(r, 1, 5);
        *s = kiln_rng_range(r, 1, 3);
        *d = small_filter_mode ? 1 : (kiln_rng_range(r, 0, 3) == 0 ? kiln_rng_range(r, 2, 3) : 1);
        const int32_t eff = (*k - 1) * *d + 1;
        *p = small_filter_mode ? kiln_rng_range(r, 0, 1) : kiln_rng_range(r, 0, eff - 1);
        const int32_t span = *in + 2 * *p - eff;
        if (span + 1 < 0)
        {
            continue;
        }
        const int32_t out_sym = span >= 0 ? span / *s + 1 : 0;
        const int32_t out_extra = (span + 1) / *s + 1;
        *out = (out_sym >= 1 && kiln_rng_range(r, 0, 1) == 0) ? out_sym : out_extra;
        if (*out > 14)
        {
            continue;
        }
        return;
    }
}

/* The reference output of a case, then every applicable entry against it; false on a failure. */
static bool check_case(const dw_case *t, int8_t *ref)
{
    return KILN_CHECK_EQ(dw_case_ref(t, ref), KILN_REF_OK) && dw_case_check_all(t, ref);
}

static void random_case(kiln_rng *r, dw_case *t, int32_t iter)
{
    const int32_t mode = iter % 4; /* 0: 3x3 route shapes, 1: ch_mult 1, 2: ch_mult > 1, 3: in_c 1 */
    t->name = "random";
    t->n = kiln_rng_range(r, 0, 3) == 0 ? kiln_rng_range(r, 2, 3) : 1;
    draw_axis(r, &t->h, &t->fh, &t->sh, &t->dh, &t->ph, &t->oh, mode == 0);
    draw_axis(r, &t->w, &t->fw, &t->sw, &t->dw, &t->pw, &t->ow, mode == 0);
    switch (mode)
    {
    case 0:
    case 1:
        t->c = kiln_rng_range(r, 0, 1) ? kiln_rng_range(r, 1, 40) : kiln_rng_range(r, 15, 18);
        t->ch_mult = 1;
        break;
    case 2:
        t->c = kiln_rng_range(r, 1, 40);
        t->ch_mult = kiln_rng_range(r, 2, 4);
        break;
    default:
        t->c = 1;
        t->ch_mult = kiln_rng_range(r, 2, 40);
        break;
    }
    t->oc = t->c * t->ch_mult;
    t->in_off = kiln_rng_range(r, 0, 3) == 0 ? 128 : kiln_rng_range(r, -127, 128);
    t->out_off = kiln_rng_range(r, -128, 127);
    t->act_min = kiln_rng_range(r, 0, 1) ? -128 : kiln_rng_range(r, -128, 0);
    t->act_max = kiln_rng_range(r, 0, 1) ? 127 : kiln_rng_range(r, t->act_min, 127);
    kiln_rng_fill_s8(r, r_in, (int64_t)t->n * t->h * t->w * t->c);
    kiln_rng_fill_s8(r, r_f, (int64_t)t->fh * t->fw * t->oc);
    const bool has_bias = kiln_rng_range(r, 0, 4) != 0;
    for (int32_t i = 0; i < t->oc; i++)
    {
        r_bias[i] = kiln_rng_range(r, -70000, 70000);
        r_mult[i] = kiln_rng_range(r, 1 << 30, INT32_MAX);
        r_shift[i] = kiln_rng_range(r, -12, 1);
    }
    t->input = r_in;
    t->filter = r_f;
    t->bias = has_bias ? r_bias : NULL;
    t->mult = r_mult;
    t->shift = r_shift;
}

static void test_random(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x5EED0D3);
    const int32_t iters = kiln_test_iterations(2000, 200);
    int32_t failures = 0;
    for (int32_t it = 0; it < iters && failures < 3; it++)
    {
        dw_case t;
        random_case(&r, &t, it);
        kiln_test_context("random %d: n%d %dx%dx%d -> %dx%dx%d cm%d f%dx%d s%d,%d p%d,%d d%d,%d off %d/%d",
                          (int)it, (int)t.n, (int)t.h, (int)t.w, (int)t.c, (int)t.oh, (int)t.ow, (int)t.oc,
                          (int)t.ch_mult, (int)t.fh, (int)t.fw, (int)t.sh, (int)t.sw, (int)t.ph, (int)t.pw,
                          (int)t.dh, (int)t.dw, (int)t.in_off, (int)t.out_off);
        if (!check_case(&t, r_ref))
        {
            failures++;
        }
    }
}

/* Requantization edges: biases around +-2^29 and near the int32 limits, shifts around -22/-23 and
 * at -31, 0 and 1, multipliers 0, 1 and INT32_MAX, on 3x3 and ch_mult-1 shapes (the DSP "3x3"
 * kernel switches between a fast and a scalar requantization on exactly these bounds). */
static int32_t edge_pick(kiln_rng *r, const int32_t *v, int32_t n)
{
    return v[kiln_rng_range(r, 0, n - 1)];
}

static void test_quant_edges(void)
{
    static const int32_t biases[] = {0,           1 << 29,          -(1 << 29),       (1 << 29) + 1,
                                     -(1 << 29) - 1, INT32_MAX - (1 << 21), INT32_MIN + (1 << 21), 1 << 30};
    static const int32_t shifts[] = {-31, -30, -23, -22, -21, -12, -2, -1, 0, 1};
    static const int32_t mults[] = {0, 1, 1 << 30, INT32_MAX, 1518500250};
    kiln_rng r;
    kiln_rng_seed(&r, 0x5EED0D4);
    const int32_t iters = kiln_test_iterations(600, 100);
    int32_t failures = 0;
    for (int32_t it = 0; it < iters && failures < 3; it++)
    {
        dw_case t;
        random_case(&r, &t, it); /* every mode: 3x3, ch_mult 1, ch_mult > 1, one input channel */
        for (int32_t i = 0; i < t.oc; i++)
        {
            const int32_t kind = kiln_rng_range(&r, 0, 3);
            r_shift[i] = kind == 0 ? kiln_rng_range(&r, -31, 1) : edge_pick(&r, shifts, 10);
            r_mult[i] = kind == 1 ? kiln_rng_range(&r, 0, INT32_MAX) : edge_pick(&r, mults, 5);
            /* Large biases only with right shifts (a left shift of a near-limit sum overflows). */
            r_bias[i] = r_shift[i] < 0 ? edge_pick(&r, biases, 8) : kiln_rng_range(&r, -70000, 70000);
        }
        t.bias = r_bias;
        kiln_test_context("quant edges %d: %dx%dx%d -> %dx%dx%d f%dx%d s%d,%d p%d,%d", (int)it, (int)t.h, (int)t.w,
                          (int)t.c, (int)t.oh, (int)t.ow, (int)t.oc, (int)t.fh, (int)t.fw, (int)t.sh, (int)t.sw,
                          (int)t.ph, (int)t.pw);
        if (!check_case(&t, r_ref))
        {
            failures++;
        }
    }
}

/* "3x3" route shapes aimed at the Helium 8-channel block kernel: runs of interior column pairs
 * (widths 1-40, stride 1 and 2, left/right padding 0 or 1 and an extra right/bottom column or row),
 * whole blocks of eight channels and tails, batches, every row class (top/bottom clipped, both, a
 * one-row input), right shifts only or some shifts >= 0 (the two requantization forms), -128 and
 * 127 filter taps and inputs. */
static int8_t b_in[2 * 7 * 40 * 40];
static int8_t b_f[3 * 3 * 40];
static int32_t b_bias[40], b_mult[40], b_shift[40];
static int8_t b_ref[2 * 8 * 41 * 40];

static void draw_3x3_axis(kiln_rng *r, int32_t in_max, int32_t *in, int32_t *s, int32_t *p, int32_t *out)
{
    for (;;)
    {
        *in = kiln_rng_range(r, 0, 3) == 0 ? kiln_rng_range(r, 1, 6) : kiln_rng_range(r, 1, in_max);
        *s = kiln_rng_range(r, 1, 2);
        *p = kiln_rng_range(r, 0, 1);
        const int32_t span = *in + 2 * *p - 3;
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

/* Output offset, activation range, input (n h w c) and 3x3 filter data of a case; extreme values
 * (-128 and 127) in a quarter of the cases. */
static void draw_3x3_data(kiln_rng *r, dw_case *t, int8_t *in, int8_t *f)
{
    t->out_off = kiln_rng_range(r, -128, 127);
    t->act_min = kiln_rng_range(r, 0, 1) ? -128 : kiln_rng_range(r, -128, 0);
    t->act_max = kiln_rng_range(r, 0, 1) ? 127 : kiln_rng_range(r, t->act_min, 127);
    const int64_t in_n = (int64_t)t->n * t->h * t->w * t->c;
    kiln_rng_fill_s8(r, in, in_n);
    kiln_rng_fill_s8(r, f, 9 * t->c);
    if (kiln_rng_range(r, 0, 3) == 0)
    {
        for (int64_t i = 0; i < in_n; i++)
        {
            if (kiln_rng_range(r, 0, 1))
            {
                in[i] = kiln_rng_range(r, 0, 1) ? -128 : 127;
            }
        }
        for (int32_t i = 0; i < 9 * t->c; i++)
        {
            f[i] = kiln_rng_range(r, 0, 1) ? -128 : 127;
        }
    }
}

/* A 3x3 depthwise case of channel multiplier 1, no dilation (c already drawn). */
static void set_3x3_filter(dw_case *t)
{
    t->ch_mult = 1;
    t->oc = t->c;
    t->fh = t->fw = 3;
    t->dh = t->dw = 1;
}

/* Channel i's ordinary quantization: bias, multiplier in [2^30, 2^31), shift in [-12, -1] (all_right) or
 * [-12, 1]. */
static void draw_plain_quant(kiln_rng *r, int32_t i, bool all_right)
{
    b_bias[i] = kiln_rng_range(r, -70000, 70000);
    b_mult[i] = kiln_rng_range(r, 1 << 30, INT32_MAX);
    b_shift[i] = all_right ? kiln_rng_range(r, -12, -1) : kiln_rng_range(r, -12, 1);
}

/* The case's buffers: input, the shared filter and quantization arrays, the bias in four cases of five. */
static void attach_3x3_buffers(kiln_rng *r, dw_case *t, const int8_t *in)
{
    t->input = in;
    t->filter = b_f;
    t->bias = kiln_rng_range(r, 0, 4) != 0 ? b_bias : NULL;
    t->mult = b_mult;
    t->shift = b_shift;
}

static void test_3x3_blocks(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x5EED0D5);
    const int32_t iters = kiln_test_iterations(2000, 150);
    int32_t failures = 0;
    for (int32_t it = 0; it < iters && failures < 3; it++)
    {
        dw_case t;
        memset(&t, 0, sizeof(t));
        t.name = "3x3 blocks";
        t.n = kiln_rng_range(&r, 0, 4) == 0 ? 2 : 1;
        draw_3x3_axis(&r, 7, &t.h, &t.sh, &t.ph, &t.oh);
        draw_3x3_axis(&r, 40, &t.w, &t.sw, &t.pw, &t.ow);
        const int32_t cpick = kiln_rng_range(&r, 0, 3);
        t.c = cpick == 0 ? 8 * kiln_rng_range(&r, 1, 5) : (cpick == 1 ? kiln_rng_range(&r, 8, 40) : kiln_rng_range(&r, 1, 40));
        set_3x3_filter(&t);
        t.in_off = kiln_rng_range(&r, 0, 2) == 0 ? 128 : kiln_rng_range(&r, -127, 128);
        draw_3x3_data(&r, &t, b_in, b_f);
        const bool all_right = kiln_rng_range(&r, 0, 1) != 0;
        for (int32_t i = 0; i < t.c; i++)
        {
            draw_plain_quant(&r, i, all_right);
        }
        attach_3x3_buffers(&r, &t, b_in);
        kiln_test_context("3x3 blocks %d: n%d %dx%dx%d -> %dx%d s%d,%d p%d,%d off %d/%d", (int)it, (int)t.n, (int)t.h,
                          (int)t.w, (int)t.c, (int)t.oh, (int)t.ow, (int)t.sh, (int)t.sw, (int)t.ph, (int)t.pw,
                          (int)t.in_off, (int)t.out_off);
        if (!check_case(&t, b_ref))
        {
            failures++;
        }
    }
}

/* "3x3" shapes aimed at the Helium tile kernel (kernels/kiln_dw_s8_mve_tile.c): equal strides 1 or
 * 2, inputs up to 40 high and wide, so that strips split (at most 27 rows at stride 1, 16 at
 * stride 2: balanced, even but the last at stride 2) and blocks run along either axis (the view
 * the cost estimate picks), the last block overlapping or predicated, channel groups of
 * eight with tails, batches, padding 0 or 1 with an extra row / column, both requantization forms
 * and the quantization edges, extreme data; and input offsets outside [-127, 128] (the zero point
 * leaves int8, so the older kernel runs). The other backends run the same cases. */
static int8_t k_in[40 * 40 * 20];
static int8_t k_ref[41 * 41 * 20];

static void draw_tile_axis(kiln_rng *r, int32_t s, int32_t in_max, int32_t *in, int32_t *p, int32_t *out)
{
    for (;;)
    {
        *in = kiln_rng_range(r, 0, 4) == 0 ? kiln_rng_range(r, 1, 8) : kiln_rng_range(r, 1, in_max);
        *p = kiln_rng_range(r, 0, 1);
        const int32_t span = *in + 2 * *p - 3;
        if (span + 1 < 0)
        {
            continue;
        }
        const int32_t out_sym = span >= 0 ? span / s + 1 : 0;
        const int32_t out_extra = (span + 1) / s + 1;
        *out = (out_sym >= 1 && kiln_rng_range(r, 0, 1) == 0) ? out_sym : out_extra;
        return;
    }
}

static void test_3x3_tiles(void)
{
    static const int32_t biases[] = {0, 1 << 29, -(1 << 29), INT32_MAX - (1 << 21), INT32_MIN + (1 << 21)};
    static const int32_t shifts[] = {-31, -23, -22, -12, -1, 0, 1};
    static const int32_t mults[] = {0, 1, 1 << 30, INT32_MAX, 1518500250};
    /* the Helium kernel's top-byte form: right shifts of 1 to 24 bits, activation range all of int8 */
    static const int32_t top_shifts[] = {-24, -23, -13, -1};
    static const int32_t out_offs[] = {-255, -128, 0, 127, 255};
    kiln_rng r;
    kiln_rng_seed(&r, 0x5EED0D6);
    const int32_t iters = kiln_test_iterations(2000, 150);
    int32_t failures = 0;
    for (int32_t it = 0; it < iters && failures < 3; it++)
    {
        dw_case t;
        memset(&t, 0, sizeof(t));
        t.name = "3x3 tiles";
        t.sh = t.sw = kiln_rng_range(&r, 1, 2);
        /* one long axis in most cases (either), both short or both long in the rest */
        const int32_t shape = kiln_rng_range(&r, 0, 3);
        draw_tile_axis(&r, t.sh, shape == 1 ? 8 : 40, &t.h, &t.ph, &t.oh);
        draw_tile_axis(&r, t.sw, shape == 2 ? 8 : 40, &t.w, &t.pw, &t.ow);
        const int32_t cpick = kiln_rng_range(&r, 0, 2);
        t.c = cpick == 0 ? 8 * kiln_rng_range(&r, 1, 2) : kiln_rng_range(&r, 1, 20);
        t.n = 1;
        if ((int64_t)2 * t.h * t.w * t.c <= (int64_t)sizeof(k_in) &&
            (int64_t)2 * (t.oh * t.ow) * t.c <= (int64_t)sizeof(k_ref) && kiln_rng_range(&r, 0, 3) == 0)
        {
            t.n = 2;
        }
        set_3x3_filter(&t);
        const int32_t opick = kiln_rng_range(&r, 0, 9);
        t.in_off = opick == 0 ? kiln_rng_range(&r, 0, 1) ? kiln_rng_range(&r, 129, 255) : kiln_rng_range(&r, -255, -128)
                              : (opick == 1 ? 128 : (opick == 2 ? -127 : kiln_rng_range(&r, -127, 128)));
        draw_3x3_data(&r, &t, k_in, b_f);
        const int32_t qpick = kiln_rng_range(&r, 0, 3);
        if (qpick == 3)
        {
            t.act_min = -128;
            t.act_max = 127;
            t.out_off = kiln_rng_range(&r, 0, 1) ? out_offs[kiln_rng_range(&r, 0, 4)] : kiln_rng_range(&r, -255, 255);
        }
        /* qpick 3: one channel outside the top-byte form's shifts in some cases */
        const int32_t odd_one = qpick == 3 && kiln_rng_range(&r, 0, 3) == 0 ? kiln_rng_range(&r, 0, t.c - 1) : -1;
        for (int32_t i = 0; i < t.c; i++)
        {
            if (qpick == 3)
            {
                b_shift[i] = i == odd_one ? (kiln_rng_range(&r, 0, 1) ? -25 : 0) : top_shifts[kiln_rng_range(&r, 0, 3)];
                b_mult[i] = kiln_rng_range(&r, 0, 1) ? mults[kiln_rng_range(&r, 0, 4)] : kiln_rng_range(&r, 1 << 30, INT32_MAX);
                b_bias[i] = kiln_rng_range(&r, 0, 1) ? biases[kiln_rng_range(&r, 0, 4)] : kiln_rng_range(&r, -70000, 70000);
            }
            else if (qpick == 0)
            {
                /* the quantization edges (large biases only with right shifts) */
                b_shift[i] = shifts[kiln_rng_range(&r, 0, 6)];
                b_mult[i] = mults[kiln_rng_range(&r, 0, 4)];
                b_bias[i] = b_shift[i] < 0 ? biases[kiln_rng_range(&r, 0, 4)] : kiln_rng_range(&r, -70000, 70000);
            }
            else
            {
                draw_plain_quant(&r, i, qpick == 1);
            }
        }
        attach_3x3_buffers(&r, &t, k_in);
        kiln_test_context("3x3 tiles %d: n%d %dx%dx%d -> %dx%d s%d p%d,%d off %d/%d", (int)it, (int)t.n, (int)t.h,
                          (int)t.w, (int)t.c, (int)t.oh, (int)t.ow, (int)t.sh, (int)t.ph, (int)t.pw, (int)t.in_off,
                          (int)t.out_off);
        if (!check_case(&t, k_ref))
        {
            failures++;
        }
    }
}

/* Long axes (up to 150 outputs, 2 - 3 strips, one to four channels): the Helium tile kernel works
 * out at most 24 block ops at a time, so these layers run in several passes, some splitting a strip
 * (the first op of every pass rewrites its strip's padding rows); both orientations, both strides,
 * with and without padding, batches of two. */
static void test_3x3_tiles_long(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x5EED0D7);
    /* fixed cases first (stride, h, w, c, padding): a first or last strip split between passes */
    static const int32_t fixed[][5] = {{1, 30, 150, 1, 1}, {1, 150, 30, 1, 1}, {1, 30, 140, 2, 1},
                                       {2, 60, 150, 1, 1}, {2, 150, 60, 1, 1}, {1, 40, 120, 1, 1}};
    const int32_t nfixed = (int32_t)(sizeof(fixed) / sizeof(fixed[0]));
    const int32_t iters = nfixed + kiln_test_iterations(120, 12);
    int32_t failures = 0;
    for (int32_t it = 0; it < iters && failures < 3; it++)
    {
        dw_case t;
        memset(&t, 0, sizeof(t));
        t.name = "3x3 tiles long";
        t.sh = t.sw = kiln_rng_range(&r, 1, 2);
        t.c = kiln_rng_range(&r, 1, 4);
        const bool wide = kiln_rng_range(&r, 0, 1) == 0;
        const int32_t long_in = kiln_rng_range(&r, 90, 150);
        const int32_t short_draw = kiln_rng_range(&r, 28, 75);
        const int32_t short_in = MIN(short_draw, (int32_t)(sizeof(k_in) / 2) / (long_in * t.c));
        t.ph = kiln_rng_range(&r, 0, 1);
        t.pw = kiln_rng_range(&r, 0, 1);
        t.h = wide ? short_in : long_in;
        t.w = wide ? long_in : short_in;
        if (it < nfixed)
        {
            t.sh = t.sw = fixed[it][0];
            t.h = fixed[it][1];
            t.w = fixed[it][2];
            t.c = fixed[it][3];
            t.ph = t.pw = fixed[it][4];
        }
        t.oh = (t.h + 2 * t.ph - 3) / t.sh + 1;
        t.ow = (t.w + 2 * t.pw - 3) / t.sw + 1;
        t.n = it < nfixed ? 2 : kiln_rng_range(&r, 1, 2);
        set_3x3_filter(&t);
        t.in_off = kiln_rng_range(&r, -127, 128);
        draw_3x3_data(&r, &t, k_in, b_f);
        const bool top = kiln_rng_range(&r, 0, 1) == 0;
        if (top)
        {
            t.act_min = -128;
            t.act_max = 127;
            t.out_off = kiln_rng_range(&r, -128, 127);
        }
        for (int32_t i = 0; i < t.c; i++)
        {
            draw_plain_quant(&r, i, top);
        }
        attach_3x3_buffers(&r, &t, k_in);
        kiln_test_context("3x3 tiles long %d: n%d %dx%dx%d -> %dx%d s%d p%d,%d", (int)it, (int)t.n, (int)t.h, (int)t.w,
                          (int)t.c, (int)t.oh, (int)t.ow, (int)t.sh, (int)t.ph, (int)t.pw);
        if (!check_case(&t, k_ref))
        {
            failures++;
        }
    }
}

/* Dilation at the extremes: along an axis of one tap any dilation gives the dilation-1 result
 * (INT32_MAX with padding 2 once overflowed the DSP kernels' tap range arithmetic); a dilation whose
 * step between two filter rows exceeds int32 bytes is refused with nothing written. */
static void test_dilation_extremes(void)
{
    static int8_t in[4 * 5 * 3], f[1 * 3 * 6], want[8 * 5 * 6], got[8 * 5 * 6 + 16];
    static int32_t bias[6], mult[6], shift[6];
    kiln_rng r;
    kiln_rng_seed(&r, 0xD11B);
    kiln_rng_fill_s8(&r, in, sizeof(in));
    kiln_rng_fill_s8(&r, f, sizeof(f));
    for (int32_t o = 0; o < 6; o++)
    {
        bias[o] = kiln_rng_range(&r, -500, 500);
        mult[o] = kiln_rng_range(&r, 1 << 30, INT32_MAX);
        shift[o] = -kiln_rng_range(&r, 5, 9);
    }
    for (int32_t ch_mult = 1; ch_mult <= 2; ch_mult++)
    {
        /* 1 x 3 filter, padding 2 x 1: out 8 x 5 */
        dw_case t = {"one-tap axis", 1, 4, 5, 3, 8, 5, 3 * ch_mult, ch_mult, 1, 3, 1, 1, 2, 1, 1, 1,
                     5, -3, -128, 127, in, f, bias, mult, shift};
        KILN_CHECK_EQ(dw_case_ref(&t, want), KILN_REF_OK);
        t.dh = INT32_MAX;
        kiln_test_context("one-tap axis, dilation INT32_MAX, ch_mult %d", (int)ch_mult);
        dw_case_check_all(&t, want);
    }
    /* 2 x 1 filter, dilation 2^28 rows (2^28 x 5 x 3 bytes apart), padding 2^27: a consistent geometry
     * (out 4 x 5) whose row step leaves int32 */
    dw_case t = {"row step", 1, 4, 5, 3, 4, 5, 3, 1, 2, 1, 1, 1, 1 << 27, 0, 1 << 28, 1,
                 5, -3, -128, 127, in, f, bias, mult, shift};
    cmsis_nn_dw_conv_params p;
    cmsis_nn_per_channel_quant_params q;
    cmsis_nn_dims ind, fd, bd, od;
    dw_case_structs(&t, &p, &q, &ind, &fd, &bd, &od);
    const cmsis_nn_context ctx = {NULL, 0};
    memset(got, 0x33, sizeof(got));
    kiln_test_context("dilated row step past int32");
    KILN_CHECK_EQ(arm_depthwise_conv_s8(&ctx, &p, &q, &ind, in, &fd, f, &bd, bias, &od, got), ARM_CMSIS_NN_ARG_ERROR);
    bool untouched = true;
    for (size_t k = 0; k < sizeof(got); k++)
    {
        untouched = untouched && got[k] == 0x33;
    }
    KILN_CHECK(untouched);
    KILN_CHECK_EQ(arm_depthwise_conv_wrapper_s8_get_buffer_size(&p, &ind, &fd, &od), -1);
    /* dilation 2^20 (2^20 x 5 x 3 bytes a row step): accepted; each window holds one of its two taps
     * inside the 4-row input, as the reference computes */
    t.ph = 1 << 19;
    t.dh = 1 << 20;
    KILN_CHECK_EQ(dw_case_ref(&t, want), KILN_REF_OK);
    kiln_test_context("dilated row step within int32");
    dw_case_check_all(&t, want);
    kiln_test_context("");
}

int main(void)
{
    KILN_RUN(test_random);
    KILN_RUN(test_dilation_extremes);
    KILN_RUN(test_quant_edges);
    KILN_RUN(test_3x3_blocks);
    KILN_RUN(test_3x3_tiles);
    KILN_RUN(test_3x3_tiles_long);
    return kiln_test_finish();
}
