/*
 * Kiln tests — int8 convolution, randomized differential tests against kiln_reference for every
 * public entry (CONV_RANDOM_ENTRIES selects the entries of this program): channel counts that are
 * not multiples of 4 or 16, odd widths, padding (including filters larger than the input), stride,
 * dilation, batches > 1, grouped convolution, upscaling (arm_convolve_s8), 1xN with stride, single
 * output pixels. Every call is a canary: scratch of exactly the queried size between guard bytes,
 * output guards, inputs and weights unmodified; with and without precomputed weight sums.
 */
#include <stdio.h>
#include <string.h>

#include "conv_s8_util.h"
#include "kiln_board.h"

#define IN_MAX 16000
#define W_MAX 16000
#define OUT_MAX_RND 16000
#define OC_MAX 300

static int8_t g_in[IN_MAX];
static int8_t g_w[W_MAX];
static int8_t g_ref[OUT_MAX_RND];
static int32_t g_bias[OC_MAX];
static int32_t g_mult[OC_MAX];
static int32_t g_shift[OC_MAX];
static int32_t g_route_hits[KILN_CONV_S8_ROUTE_COUNT];
/* Nonzero: every case of gen_shape has one group of this many input channels (the DSP 1x1 kernels of dot lengths
 * 16, 32 and 64). */
static int32_t g_force_c;

/* Output size for one axis, with 0 or 1 extra trailing padding; false when the kernel does not fit. */
static bool axis_out(kiln_rng *r, int32_t in, int32_t k, int32_t stride, int32_t pad, int32_t dil, int32_t *out)
{
    const int32_t eff = dil * (k - 1) + 1;
    int32_t num = in + 2 * pad + kiln_rng_range(r, 0, 1) - eff;
    if (num < 0)
    {
        num = in + 2 * pad + 1 - eff;
    }
    if (num < 0)
    {
        return false;
    }
    *out = num / stride + 1;
    return true;
}

static bool gen_shape(kiln_rng *r, conv_entry e, kiln_conv_s8_shape *s)
{
    memset(s, 0, sizeof(*s));
    s->batches = kiln_rng_range(r, 1, 3);
    s->upscale_h = s->upscale_w = 1;
    int32_t groups = 1;
    int32_t mode = 0; /* 0 general, 1 1x1 strided, 2 1x1 stride 1, 3 1xN, 4 one output pixel */
    switch (e)
    {
    case CONV_ENTRY_WRAPPER:
        mode = kiln_rng_range(r, 0, 4);
        break;
    case CONV_ENTRY_CONVOLVE:
        mode = kiln_rng_range(r, 0, 5) == 0 ? kiln_rng_range(r, 1, 4) : 0;
        break;
    case CONV_ENTRY_1X1:
        mode = 1;
        break;
    case CONV_ENTRY_1X1_FAST:
        mode = 2;
        break;
    case CONV_ENTRY_1_X_N:
        mode = 3;
        break;
    default:
        mode = 4;
        break;
    }
    if ((mode <= 2) && kiln_rng_range(r, 0, 3) == 0 && g_force_c == 0)
    {
        groups = kiln_rng_range(r, 2, 3);
    }
    /* Mostly short dot products (tails of every width), sometimes 20-80 channels (the wide Helium/DSP paths). */
    s->filter_c = kiln_rng_range(r, 0, 3) == 0 ? kiln_rng_range(r, 20, 80) : kiln_rng_range(r, 1, 19);
    s->filter_c = g_force_c != 0 ? g_force_c : s->filter_c;
    s->in_c = groups * s->filter_c;
    /* Mostly up to 39 channels; one case in twenty 90 - 200 (one or more of the Helium runner's chunks of
     * channels when the weight sums are not given: KILN_CONV_S8_WSUM_CHUNK). */
    s->out_c = groups * (kiln_rng_range(r, 0, 19) == 0 ? kiln_rng_range(r, 90, MAX(90, 200 / groups))
                                                       : kiln_rng_range(r, 1, 39 / groups));
    s->in_h = kiln_rng_range(r, 1, 9);
    s->in_w = kiln_rng_range(r, 1, 11);
    s->stride_h = kiln_rng_range(r, 1, 3);
    s->stride_w = kiln_rng_range(r, 1, 3);
    s->dilation_h = kiln_rng_range(r, 0, 3) == 0 ? kiln_rng_range(r, 2, 3) : 1;
    s->dilation_w = kiln_rng_range(r, 0, 3) == 0 ? kiln_rng_range(r, 2, 3) : 1;
    switch (mode)
    {
    case 1:
    case 2:
        s->filter_h = s->filter_w = 1;
        s->pad_h = s->pad_w = 0;
        if (mode == 2)
        {
            s->stride_h = s->stride_w = 1;
        }
        break;
    case 3:
        s->filter_h = 1;
        s->filter_w = kiln_rng_range(r, 1, 7);
        s->dilation_w = 1;
        s->in_h = kiln_rng_range(r, 0, 2) == 0 ? kiln_rng_range(r, 2, 3) : 1;
        s->in_w = kiln_rng_range(r, 1, 20);
        s->pad_w = kiln_rng_range(r, 0, 1) ? kiln_rng_range(r, 0, s->filter_w) : 0;
        s->pad_h = kiln_rng_range(r, 0, 5) == 0 ? 1 : 0;
        break;
    case 4:
        s->in_h = kiln_rng_range(r, 1, 6);
        s->in_w = kiln_rng_range(r, 1, 6);
        s->filter_h = kiln_rng_range(r, 1, 6);
        s->filter_w = kiln_rng_range(r, 1, 6);
        s->pad_h = kiln_rng_range(r, 0, s->filter_h - 1);
        s->pad_w = kiln_rng_range(r, 0, s->filter_w - 1);
        break;
    default:
        s->filter_h = kiln_rng_range(r, 1, 4);
        s->filter_w = kiln_rng_range(r, 1, 5);
        s->pad_h = kiln_rng_range(r, 0, s->filter_h);
        s->pad_w = kiln_rng_range(r, 0, s->filter_w);
        if (e == CONV_ENTRY_CONVOLVE && kiln_rng_range(r, 0, 4) == 0)
        {
            s->upscale_h = kiln_rng_range(r, 1, 2);
            s->upscale_w = kiln_rng_range(r, 1, 2);
            s->in_h = s->upscale_h * kiln_rng_range(r, 1, 5);
            s->in_w = s->upscale_w * kiln_rng_range(r, 1, 6);
        }
        break;
    }
    if (!axis_out(r, s->in_h, s->filter_h, s->stride_h, s->pad_h, s->dilation_h, &s->out_h) ||
        !axis_out(r, s->in_w, s->filter_w, s->stride_w, s->pad_w, s->dilation_w, &s->out_w))
    {
        return false;
    }
    if (mode == 4)
    {
        /* One output pixel: a stride past the padded span. */
        s->dilation_h = s->dilation_w = 1;
        int32_t oh, ow;
        if (!axis_out(r, s->in_h, s->filter_h, 1, s->pad_h, 1, &oh) ||
            !axis_out(r, s->in_w, s->filter_w, 1, s->pad_w, 1, &ow))
        {
            return false;
        }
        s->stride_h = oh + 1;
        s->stride_w = ow + 1;
        s->out_h = s->out_w = 1;
    }
    return kiln_conv_s8_shape_ok(s);
}

static void gen_case(kiln_rng *r, conv_entry e, conv_case *c)
{
    for (;;)
    {
        if (!gen_shape(r, e, &c->s))
        {
            continue;
        }
        /* (the reference copies an upscaled input whole: CONV_COPY_MAX bounds it) */
        if (conv_in_bytes(c) > IN_MAX || conv_w_bytes(c) > W_MAX || conv_out_bytes(c) > OUT_MAX_RND ||
            conv_logical_in_bytes(c) > CONV_COPY_MAX || !conv_entry_accepts(c, e))
        {
            continue;
        }
        break;
    }
    kiln_rng_fill_s8(r, g_in, conv_in_bytes(c));
    kiln_rng_fill_s8(r, g_w, conv_w_bytes(c));
    const int32_t k = c->s.filter_h * c->s.filter_w * c->s.filter_c;
    int32_t log2k = 0;
    while ((1 << log2k) < k)
    {
        log2k++;
    }
    /* One case in eight: the ends of the Helium kernels' top-byte requantization (right shifts of 1 and 24 bits,
     * output offsets -128 and 127, the whole int8 activation range: kiln_requant_top_ok). */
    const bool top_ends = kiln_rng_range(r, 0, 7) == 0;
    for (int32_t i = 0; i < c->s.out_c; i++)
    {
        g_bias[i] = kiln_rng_range(r, -30000, 30000);
        g_mult[i] = kiln_rng_range(r, 1 << 30, INT32_MAX);
        if (top_ends)
        {
            static const int32_t ends[4] = {-1, -2, -23, -24};
            g_shift[i] = kiln_rng_range(r, 0, 1) ? ends[kiln_rng_range(r, 0, 3)] : kiln_rng_range(r, -24, -1);
            continue;
        }
        /* Mostly a scale that keeps outputs in range, sometimes one that saturates. */
        g_shift[i] = kiln_rng_range(r, 0, 7) == 0 ? kiln_rng_range(r, -4, 2) : -(7 + log2k / 2) + kiln_rng_range(r, -3, 2);
    }
    c->input = g_in;
    c->weights = g_w;
    c->bias = kiln_rng_range(r, 0, 4) == 0 ? NULL : g_bias;
    c->mult = g_mult;
    c->shift = g_shift;
    c->input_offset = kiln_rng_range(r, 0, 3) == 0 ? 128 : kiln_rng_range(r, -127, 128);
    c->output_offset = kiln_rng_range(r, -128, 127);
    if (top_ends)
    {
        c->output_offset = kiln_rng_range(r, 0, 2) == 0 ? c->output_offset : (kiln_rng_range(r, 0, 1) ? -128 : 127);
    }
    if (top_ends || kiln_rng_range(r, 0, 1))
    {
        c->act_min = -128;
        c->act_max = 127;
    }
    else
    {
        c->act_min = kiln_rng_range(r, -128, 100);
        c->act_max = kiln_rng_range(r, c->act_min, 127);
    }
}

static void run_entry_n(conv_entry e, uint64_t seed, int32_t n)
{
    kiln_rng r;
    kiln_rng_seed(&r, seed);
    int32_t failures = 0;
    for (int32_t it = 0; it < n && failures < 5; it++)
    {
        conv_case c;
        gen_case(&r, e, &c);
        const kiln_conv_s8_shape *s = &c.s;
        kiln_test_context("%s it %d: n%d in %dx%dx%d f %dx%dx%d out %dx%dx%d st %d,%d pad %d,%d dil %d,%d up %d,%d "
                          "off %d/%d act %d..%d%s",
                          conv_entry_name(e), (int)it, (int)s->batches, (int)s->in_h, (int)s->in_w, (int)s->in_c,
                          (int)s->filter_h, (int)s->filter_w, (int)s->filter_c, (int)s->out_h, (int)s->out_w,
                          (int)s->out_c, (int)s->stride_h, (int)s->stride_w, (int)s->pad_h, (int)s->pad_w,
                          (int)s->dilation_h, (int)s->dilation_w, (int)s->upscale_h, (int)s->upscale_w,
                          (int)c.input_offset, (int)c.output_offset, (int)c.act_min, (int)c.act_max,
                          c.bias ? "" : " no bias");
        if (!KILN_CHECK(conv_reference(&c, g_ref)))
        {
            failures++;
            continue;
        }
        kiln_conv_s8_plan_t p;
        kiln_conv_s8_shape plain = c.s;
        if (e != CONV_ENTRY_CONVOLVE)
        {
            plain.upscale_h = plain.upscale_w = 1;
        }
        if (kiln_conv_s8_plan(&plain, KILN_NATIVE_ISA, &p) == ARM_CMSIS_NN_SUCCESS && e == CONV_ENTRY_WRAPPER)
        {
            g_route_hits[p.route]++;
        }
        if (!conv_run_checked(&c, e, (it & 1) != 0, g_ref))
        {
            failures++;
        }
    }
    kiln_test_context("");
}

static void run_entry(conv_entry e, uint64_t seed)
{
    run_entry_n(e, seed, kiln_test_iterations(2000, 200));
}

#ifndef CONV_RANDOM_ENTRIES
#define CONV_RANDOM_ENTRIES 0
#endif

#if CONV_RANDOM_ENTRIES == 0
static void test_random_wrapper(void)
{
    memset(g_route_hits, 0, sizeof(g_route_hits));
    run_entry(CONV_ENTRY_WRAPPER, 0xC0417u);
    /* The wrapper's random shapes reach every route. */
    for (int32_t i = 0; i < KILN_CONV_S8_ROUTE_COUNT; i++)
    {
        kiln_test_context("route %s", kiln_conv_s8_route_name((kiln_conv_s8_route)i));
        KILN_CHECK(g_route_hits[i] > 0);
        printf("  wrapper route %-12s %d cases\n", kiln_conv_s8_route_name((kiln_conv_s8_route)i), (int)g_route_hits[i]);
    }
    kiln_test_context("");
}

static void test_random_convolve(void)
{
    run_entry(CONV_ENTRY_CONVOLVE, 0xC0418u);
}
#else
static void test_random_1x1(void)
{
    run_entry(CONV_ENTRY_1X1, 0xC0419u);
}

static void test_random_1x1_fast(void)
{
    run_entry(CONV_ENTRY_1X1_FAST, 0xC041Au);
}

/* Dot lengths 16, 32 and 64 (the DSP kernel of one pixel x eight channels, with the channels left over and the
 * groups outside its fast requantization in pairs): both 1x1 entries, any output channel count. */
static void test_random_1x1_k16_32_64(void)
{
    static const int32_t ks[3] = {16, 32, 64};
    for (int32_t i = 0; i < 3; i++)
    {
        g_force_c = ks[i];
        run_entry_n(CONV_ENTRY_1X1_FAST, 0xC0510u + (uint64_t)i, kiln_test_iterations(300, 60));
        run_entry_n(CONV_ENTRY_1X1, 0xC0520u + (uint64_t)i, kiln_test_iterations(300, 60));
    }
    g_force_c = 0;
}

static void test_random_1_x_n(void)
{
    run_entry(CONV_ENTRY_1_X_N, 0xC041Bu);
}

#if !KILN_UPSTREAM_API
static void test_random_1x1_out(void)
{
    run_entry(CONV_ENTRY_1X1_OUT, 0xC041Cu);
}
#endif
#endif

int main(void)
{
    printf("conv_s8_random (set %d) on %s\n", CONV_RANDOM_ENTRIES, kiln_board_name());
#if CONV_RANDOM_ENTRIES == 0
    KILN_RUN(test_random_wrapper);
    KILN_RUN(test_random_convolve);
#else
    KILN_RUN(test_random_1x1);
    KILN_RUN(test_random_1x1_fast);
    KILN_RUN(test_random_1x1_k16_32_64);
    KILN_RUN(test_random_1_x_n);
#if !KILN_UPSTREAM_API
    KILN_RUN(test_random_1x1_out);
#endif
#endif
    return kiln_test_finish();
}
