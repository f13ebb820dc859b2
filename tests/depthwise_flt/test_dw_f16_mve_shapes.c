/*
 * Float16 depthwise kernels at their edges: the 3x3 route kernel (kiln_dw_flt_3x3_f16: Helium on MVE-float
 * builds, portable elsewhere) against the portable generic kernel, which documents the same summation order
 * (taps inside the input in (ky, kx) order from zero in float32, bias, one rounding, clamp): the outputs must be
 * the same bits. Shapes sweep channels around multiples of 8 (block tails), widths 1..20 around the stream
 * chunk (16 outputs), padding 0..3, strides 1..3, heights 1..6, batches, with and without bias; the output
 * buffer has guard halves on both sides that must stay untouched; stride 2 across at the Helium segment edges;
 * NaN / infinite inputs (NaN must come out as NaN, as from the portable clamp) and -0 sums at a +0 lower bound.
 * Prints the 3x3 kernel's instructions per MAC on 10x10x16 / 10x10x64 padding 1, the DS-CNN layer 25x5x64
 * padding 1 and 16x16x32 stride 2 padding 1.
 */
#include "Include/Internal/kiln_dw_flt.h"
#include "kiln_board.h"
#include "kiln_test.h"

#include <stdio.h>
#include <string.h>

#if ARM_NN_ENABLE_F16

#define GUARD (16)
#define MAXE  (10000)

static float16_t xin[MAXE], wt[9 * 64], bs[64];
static float16_t got[MAXE + 2 * GUARD], want[MAXE + 2 * GUARD];

static uint16_t bits(float16_t v)
{
    uint16_t u;
    memcpy(&u, &v, sizeof(u));
    return u;
}

static float16_t rnd_half(kiln_rng *r)
{
    const int32_t k = kiln_rng_range(r, -2048, 2048);
    if (kiln_rng_range(r, 0, 15) == 0)
    {
        return (float16_t)(k < 0 ? -0.0f : 0.0f);
    }
    return (float16_t)((float)k / 1024.0f);
}

/* Data of a case: 0 random; 1 inputs +0, taps negative, bias -0, clamp from -1.5 (every product -0: the sign of
 * the zero sum reaches the output); 2 inputs nonzero and tap (0, 0) of channel 0 infinite (a padding tap must be
 * skipped, not added as 0 x inf); 3 random with NaN, +inf and -inf inputs (NaN must reach the output through the
 * clamp as in the portable kernel, infinities clamp; NaNs compare as NaN, not by payload); 4 inputs -2^-14, only
 * tap (1, 1) nonzero (2^-14), no bias, clamp from +0: sums of -2^-28 round to -0, which the clamp keeps (-0 < +0
 * is false). */
static int mode;
static int32_t nan_outputs;  /* mode 3: outputs that are NaN in both */
static int32_t negz_outputs; /* outputs that are -0 in both */

static bool is_nan(float16_t v)
{
    return (bits(v) & 0x7FFFu) > 0x7C00u;
}

/* One call of the 3x3 kernel with the operands where kiln_edge_each() puts them (void * slots). */
typedef struct
{
    const kiln_dw_flt_geom *g;
    void *x, *w, *b, *y;
    float16_t lo, hi;
    const float16_t *want;
    int32_t no;
} edge_call;

static bool edge_run(void *arg)
{
    const edge_call *e = (const edge_call *)arg;
    kiln_dw_flt_3x3_f16(e->g, (const float16_t *)e->x, (const float16_t *)e->w, (const float16_t *)e->b,
                        (float16_t *)e->y, e->lo, e->hi);
    return KILN_CHECK(memcmp(e->y, e->want, (size_t)e->no * sizeof(float16_t)) == 0);
}

static bool run_case(kiln_rng *r,
                     int32_t n,
                     int32_t ih,
                     int32_t iw,
                     int32_t c,
                     int32_t sh,
                     int32_t sw,
                     int32_t ph,
                     int32_t pw,
                     bool with_bias)
{
    kiln_dw_flt_geom g;
    memset(&g, 0, sizeof(g));
    g.n = n;
    g.in_h = ih;
    g.in_w = iw;
    g.in_c = c;
    g.ch_mult = 1;
    g.k_h = 3;
    g.k_w = 3;
    g.out_c = c;
    g.stride_h = sh;
    g.stride_w = sw;
    g.pad_h = ph;
    g.pad_w = pw;
    g.dil_h = 1;
    g.dil_w = 1;
    g.out_h = (ih + 2 * ph - 3) / sh + 1;
    g.out_w = (iw + 2 * pw - 3) / sw + 1;
    if (ih + 2 * ph < 3 || iw + 2 * pw < 3)
    {
        return true;
    }
    const int32_t ne = n * ih * iw * c, no = n * g.out_h * g.out_w * c;
    if (ne > MAXE || no > MAXE)
    {
        return true;
    }
    for (int32_t i = 0; i < ne; i++)
    {
        xin[i] = rnd_half(r);
        if (mode == 1)
        {
            xin[i] = (float16_t)0.0f;
        }
        else if (mode == 2 && (bits(xin[i]) & 0x7FFFu) == 0)
        {
            xin[i] = (float16_t)0.5f;
        }
        else if (mode == 4)
        {
            xin[i] = (float16_t)(-1.0f / 16384.0f);
        }
    }
    if (mode == 3)
    {
        static const uint16_t specials[3] = {0x7E00u, 0x7C00u, 0xFC00u};
        for (int32_t k = 0; k < 1 + ne / 16; k++)
        {
            const uint16_t u = specials[kiln_rng_range(r, 0, 2)];
            memcpy(&xin[kiln_rng_range(r, 0, ne - 1)], &u, sizeof(u));
        }
    }
    for (int32_t i = 0; i < 9 * c; i++)
    {
        wt[i] = rnd_half(r);
        if (mode == 1)
        {
            wt[i] = (float16_t)-0.75f;
        }
        else if (mode == 4)
        {
            wt[i] = (float16_t)(i / c == 4 ? 1.0f / 16384.0f : 0.0f);
        }
    }
    for (int32_t i = 0; i < c; i++)
    {
        bs[i] = mode == 1 ? (float16_t)-0.0f : rnd_half(r);
    }
    if (mode == 2)
    {
        wt[0] = (float16_t)(1.0f / 0.0f);
    }
    const float16_t lo = (float16_t)(mode == 4 ? 0.0f : (mode == 1 || kiln_rng_range(r, 0, 1) ? -1.5f : 0.0f));
    const float16_t hi = (float16_t)(kiln_rng_range(r, 0, 1) ? 1.5f : 60000.0f);
    for (int32_t i = 0; i < no + 2 * GUARD; i++)
    {
        got[i] = (float16_t)7.0f;
        want[i] = (float16_t)7.0f;
    }
    const float16_t *b = with_bias && mode != 4 ? bs : NULL;
    kiln_dw_flt_3x3_f16(&g, xin, wt, b, got + GUARD, lo, hi);
    kiln_dw_flt_generic_f16(&g, xin, wt, b, want + GUARD, lo, hi, 0);
    for (int32_t i = 0; i < no + 2 * GUARD; i++)
    {
        if (is_nan(got[i]) && is_nan(want[i]))
        {
            nan_outputs++;
            continue;
        }
        negz_outputs += bits(got[i]) == 0x8000u && bits(want[i]) == 0x8000u;
        if (bits(got[i]) != bits(want[i]))
        {
            kiln_test_context("n %d in %dx%dx%d stride %d,%d pad %d,%d bias %d: element %d got %04x want %04x", (int)n,
                              (int)ih, (int)iw, (int)c, (int)sh, (int)sw, (int)ph, (int)pw, (int)with_bias,
                              (int)(i - GUARD), (unsigned)bits(got[i]), (unsigned)bits(want[i]));
            return false;
        }
    }
    /* again with each operand flush against the end of readable memory: nothing is read or written past
     * any of them (a fault on the boards, AddressSanitizer on the host) */
    static float16_t y2[MAXE];
    edge_call e = {&g, xin, wt, kiln_edge_ptr(b), y2, lo, hi, got + GUARD, no};
    const kiln_edge_operand ops[] = {{"input", &e.x, (size_t)ne * sizeof(float16_t)},
                                     {"filter", &e.w, (size_t)9 * c * sizeof(float16_t)},
                                     {"bias", &e.b, (size_t)c * sizeof(float16_t)},
                                     {"output", &e.y, (size_t)no * sizeof(float16_t)}};
    return kiln_edge_each(ops, 4, edge_run, &e);
}

static void test_dw_f16_3x3_edges(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 4242);
    static const int32_t chans[] = {1, 7, 8, 9, 15, 16, 17, 24, 31, 40};
    int32_t cases = 0;
    for (size_t ci = 0; ci < sizeof(chans) / sizeof(chans[0]); ci++)
    {
        for (int32_t iw = 1; iw <= 20; iw++)
        {
            for (int32_t pw = 0; pw <= 3; pw++)
            {
                const int32_t c = chans[ci];
                const int32_t ih = kiln_rng_range(&r, 1, 6);
                const int32_t ph = kiln_rng_range(&r, 0, 3);
                const int32_t sw = kiln_rng_range(&r, 0, 3) == 0 ? 2 : 1;
                const int32_t sh = kiln_rng_range(&r, 0, 3) == 0 ? kiln_rng_range(&r, 2, 3) : 1;
                const int32_t n = kiln_rng_range(&r, 0, 7) == 0 ? 2 : 1;
                const bool bias = kiln_rng_range(&r, 0, 4) != 0;
                if (!KILN_CHECK(run_case(&r, n, ih, iw, c, sh, sw, ph, pw, bias)))
                {
                    return;
                }
                cases++;
            }
        }
    }
    /* rows of several chunks and chunks of several rows */
    for (int32_t iw = 14; iw <= 26; iw += 3)
    {
        KILN_CHECK(run_case(&r, 1, 5, iw, 16, 1, 1, 1, 1, true));
        KILN_CHECK(run_case(&r, 1, 26, 5, 24, 1, 1, 1, 1, true));
        KILN_CHECK(run_case(&r, 1, 4, iw, 8, 1, 1, 0, 0, false));
        cases += 3;
    }
    /* stride 1 segments of 4 g + 1 outputs end with a group of five (5, 9, 17, 21 outputs; 13 is a segment of 12
     * and one of 1), with and without padding, bias, channel tail */
    for (int32_t ow = 5; ow <= 21; ow += 4)
    {
        KILN_CHECK(run_case(&r, 1, 4, ow, 8, 1, 1, 1, 1, true));
        KILN_CHECK(run_case(&r, 1, 3, ow + 2, 64, 1, 1, 0, 0, false));
        KILN_CHECK(run_case(&r, 2, 5, ow, 20, 1, 1, 1, 1, true));
        cases += 3;
    }
    /* zero sums, and an infinite tap next to the padding */
    for (mode = 1; mode <= 2; mode++)
    {
        for (int32_t c = 8; c <= 16; c += 8)
        {
            KILN_CHECK(run_case(&r, 1, 6, 7, c, 1, 1, 1, 1, true));
            KILN_CHECK(run_case(&r, 1, 5, 5, c, 1, 1, 0, 0, mode == 2));
            cases += 2;
        }
    }
    /* NaN and infinite inputs (both strides across, with and without the channel tail), then -0 sums */
    mode = 3;
    nan_outputs = 0;
    for (int32_t c = 8; c <= 24; c += 5)
    {
        for (int32_t s = 1; s <= 2; s++)
        {
            KILN_CHECK(run_case(&r, 1, 9, 13, c, s, s, 1, 1, true));
            KILN_CHECK(run_case(&r, 1, 6, 20, c, 1, s, 0, 1, false));
            cases += 2;
        }
    }
    KILN_CHECK(nan_outputs > 50);
    mode = 4;
    negz_outputs = 0;
    for (int32_t c = 8; c <= 17; c += 9)
    {
        for (int32_t s = 1; s <= 2; s++)
        {
            KILN_CHECK(run_case(&r, 1, 7, 11, c, s, s, 1, 1, false));
            cases++;
        }
    }
    KILN_CHECK(negz_outputs > 200);
    /* the five-output group (5 and 12 + 5 outputs) with NaN / infinite inputs, then with -0 sums */
    for (mode = 3; mode <= 4; mode++)
    {
        nan_outputs = 0;
        negz_outputs = 0;
        KILN_CHECK(run_case(&r, 1, 6, 5, 16, 1, 1, 1, 1, true));
        KILN_CHECK(run_case(&r, 1, 5, 19, 8, 1, 1, 0, 0, false));
        KILN_CHECK(mode == 3 ? nan_outputs > 10 : negz_outputs > 50);
        cases += 2;
    }
    mode = 0;
    /* stride 2 across at the segment edges (8 outputs): widths giving 1..20 outputs, both paddings, odd heights */
    for (int32_t iw = 1; iw <= 41; iw += 2)
    {
        for (int32_t pw = 0; pw <= 1; pw++)
        {
            KILN_CHECK(run_case(&r, 1, 7, iw + pw, 16, 2, 2, 1, pw, true));
            KILN_CHECK(run_case(&r, 1, 5, iw, 8, kiln_rng_range(&r, 1, 3), 2, pw, 1 - pw, pw == 0));
            cases += 2;
        }
    }
    KILN_CHECK(cases > 900);
}

/* Instructions per MAC of the 3x3 kernel on one shape (padding 1, stride 1). */
static void perf_3x3(const char *name, int32_t h, int32_t w, int32_t c, int32_t st)
{
    kiln_rng r;
    kiln_rng_seed(&r, 7);
    kiln_dw_flt_geom g;
    memset(&g, 0, sizeof(g));
    g.n = 1;
    g.in_h = h;
    g.in_w = w;
    g.in_c = c;
    g.ch_mult = 1;
    g.k_h = 3;
    g.k_w = 3;
    g.out_h = (h - 1) / st + 1;
    g.out_w = (w - 1) / st + 1;
    g.out_c = c;
    g.stride_h = st;
    g.stride_w = st;
    g.pad_h = 1;
    g.pad_w = 1;
    g.dil_h = 1;
    g.dil_w = 1;
    for (int32_t i = 0; i < h * w * c; i++)
    {
        xin[i] = rnd_half(&r);
    }
    for (int32_t i = 0; i < 9 * c; i++)
    {
        wt[i] = rnd_half(&r);
    }
    for (int32_t i = 0; i < c; i++)
    {
        bs[i] = rnd_half(&r);
    }
    kiln_counter_start();
    kiln_dw_flt_3x3_f16(&g, xin, wt, bs, got, (float16_t)0.0f, (float16_t)60000.0f);
    const double n = kiln_counter_stop();
    kiln_dw_flt_generic_f16(&g, xin, wt, bs, want, (float16_t)0.0f, (float16_t)60000.0f, 0);
    const int32_t no = g.out_h * g.out_w * c;
    KILN_CHECK(memcmp(got, want, (size_t)no * sizeof(float16_t)) == 0);
    if (kiln_counter_available())
    {
        printf("perf %s f16 dw 3x3 kernel %s: %.3f instr/MAC\n", kiln_board_name(), name, n / ((double)no * 9));
    }
}

static void test_dw_f16_3x3_perf(void)
{
    perf_3x3("10x10x16", 10, 10, 16, 1);
    perf_3x3("10x10x64", 10, 10, 64, 1);
    perf_3x3("25x5x64", 25, 5, 64, 1);
    perf_3x3("s2 16x16x32", 16, 16, 32, 2);
}

/* ---- the other routes' kernels (Helium on MVE-float builds: kernels/kiln_dw_flt_mve_f16_routes.c) ----
 * The generic kernel of the build (kiln_dw_flt_generic_native_f16), conv1d k3, nt_t (alone, and after the patch
 * row kernel on every generic case) and 2x5 against the portable generic kernel on the same geometry: the same
 * bits (NaN as NaN), guard halves untouched. Data: random halves
 * with signed zeros (dmode 0), NaN / +-inf inputs (1), inputs -2^-14 and taps 2^-14 with a -0 bias and a +0
 * lower bound (2: sums of -2^-28 products round to -0, which the clamp keeps). */
#define RW_MAX (25 * 160)
static float16_t rw[RW_MAX], rb[160];
static int dmode;

static void fill_data(kiln_rng *r, float16_t *d, int32_t n, bool input)
{
    for (int32_t i = 0; i < n; i++)
    {
        d[i] = rnd_half(r);
        if (dmode == 2)
        {
            d[i] = (float16_t)(input ? -1.0f / 16384.0f : 1.0f / 16384.0f);
        }
    }
    if (dmode == 1 && input && n > 0)
    {
        static const uint16_t specials[3] = {0x7E00u, 0x7C00u, 0xFC00u};
        for (int32_t k = 0; k < 1 + n / 16; k++)
        {
            const uint16_t u = specials[kiln_rng_range(r, 0, 2)];
            memcpy(&d[kiln_rng_range(r, 0, n - 1)], &u, sizeof(u));
        }
    }
}

static bool same_bits(int32_t count, const char *what)
{
    for (int32_t i = 0; i < count + 2 * GUARD; i++)
    {
        if (is_nan(got[i]) && is_nan(want[i]))
        {
            nan_outputs++;
            continue;
        }
        negz_outputs += bits(got[i]) == 0x8000u && bits(want[i]) == 0x8000u;
        if (bits(got[i]) != bits(want[i]))
        {
            kiln_test_context("%s: element %d got %04x want %04x", what, (int)(i - GUARD), (unsigned)bits(got[i]),
                              (unsigned)bits(want[i]));
            return false;
        }
    }
    return true;
}

static void reset_out(int32_t count)
{
    for (int32_t i = 0; i < count + 2 * GUARD; i++)
    {
        got[i] = (float16_t)7.0f;
        want[i] = (float16_t)7.0f;
    }
}

static void rand_bounds(kiln_rng *r, float16_t *lo, float16_t *hi)
{
    *lo = (float16_t)(dmode != 2 && kiln_rng_range(r, 0, 1) ? -1.5f : 0.0f);
    *hi = (float16_t)(kiln_rng_range(r, 0, 1) ? 1.5f : 60000.0f);
}

/* One generic case; x_begin > 0 starts each row there (the k3 route's uncovered columns). */
static bool generic_case(kiln_rng *r, const kiln_dw_flt_geom *g, bool with_bias, int32_t x_begin)
{
    const int32_t ne = g->n * g->in_h * g->in_w * g->in_c, no = g->n * g->out_h * g->out_w * g->out_c;
    const int32_t nw = g->k_h * g->k_w * g->out_c;
    if (ne > MAXE || no > MAXE || nw > RW_MAX || g->out_c > 160 || g->out_h < 1 || g->out_w < 1)
    {
        return true;
    }
    fill_data(r, xin, ne, true);
    fill_data(r, rw, nw, false);
    fill_data(r, rb, g->out_c, false);
    if (dmode == 2)
    {
        for (int32_t i = 0; i < g->out_c; i++)
        {
            rb[i] = (float16_t)-0.0f;
        }
    }
    float16_t lo, hi;
    rand_bounds(r, &lo, &hi);
    reset_out(no);
    const float16_t *b = with_bias ? rb : NULL;
    kiln_dw_flt_generic_native_f16(g, xin, rw, b, got + GUARD, lo, hi, x_begin);
    kiln_dw_flt_generic_f16(g, xin, rw, b, want + GUARD, lo, hi, x_begin);
    char what[160];
    snprintf(what, sizeof(what), "generic n %d in %dx%dx%d cm %d k %dx%d s %d,%d p %d,%d d %d,%d x0 %d bias %d",
             (int)g->n, (int)g->in_h, (int)g->in_w, (int)g->in_c, (int)g->ch_mult, (int)g->k_h, (int)g->k_w,
             (int)g->stride_h, (int)g->stride_w, (int)g->pad_h, (int)g->pad_w, (int)g->dil_h, (int)g->dil_w,
             (int)x_begin, (int)with_bias);
    if (!same_bits(no, what))
    {
        return false;
    }
    /* the nt_t route's way: each output's patch row (+0 outside the input), then the nt_t kernel; the same bits
     * for finite weights (the sums from +0 are never -0, so the +0 x w products of the padding change nothing) */
    static float16_t patch[RW_MAX];
    for (int32_t i = 0; i < no + 2 * GUARD; i++)
    {
        got[i] = (float16_t)7.0f;
    }
    float16_t *d = got + GUARD;
    for (int32_t bi = 0; bi < g->n; bi++)
    {
        const float16_t *img = xin + (size_t)bi * (size_t)g->in_h * (size_t)g->in_w * (size_t)g->in_c;
        for (int32_t y = 0; y < g->out_h; y++)
        {
            for (int32_t x = 0; x < g->out_w; x++, d += g->out_c)
            {
                if (x >= x_begin)
                {
                    kiln_dw_flt_patch_f16(img, g, y, x, patch);
                    kiln_dw_flt_nt_t_f16(patch, rw, b, d, 1, g->out_c, g->k_h * g->k_w, g->out_c, lo, hi);
                }
            }
        }
    }
    snprintf(what, sizeof(what), "patch + nt_t n %d in %dx%dx%d cm %d k %dx%d s %d,%d p %d,%d d %d,%d", (int)g->n,
             (int)g->in_h, (int)g->in_w, (int)g->in_c, (int)g->ch_mult, (int)g->k_h, (int)g->k_w, (int)g->stride_h,
             (int)g->stride_w, (int)g->pad_h, (int)g->pad_w, (int)g->dil_h, (int)g->dil_w);
    return same_bits(no, what);
}

static int32_t out_size(int32_t in, int32_t k, int32_t s, int32_t p, int32_t d)
{
    const int32_t span = in + 2 * p - (k - 1) * d - 1;
    return span >= 0 ? span / s + 1 : 0;
}

static void test_dw_f16_generic_edges(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 5151);
    static const int32_t chans[] = {1, 2, 3, 4, 5, 7, 8, 9, 12, 15, 16, 17, 24, 33};
    static const int32_t mults[] = {1, 1, 1, 2, 2, 2, 3, 4, 5, 7, 8, 9, 16, 17};
    int32_t cases = 0;
    nan_outputs = 0;
    negz_outputs = 0;
    for (int32_t it = 0; it < kiln_test_iterations(1500, 400); it++)
    {
        dmode = it % 10 == 7 ? 1 : (it % 10 == 9 ? 2 : 0);
        kiln_dw_flt_geom g;
        memset(&g, 0, sizeof(g));
        g.n = kiln_rng_range(&r, 0, 5) == 0 ? 2 : 1;
        g.in_c = chans[kiln_rng_range(&r, 0, (int32_t)(sizeof(chans) / sizeof(chans[0])) - 1)];
        g.ch_mult = mults[kiln_rng_range(&r, 0, (int32_t)(sizeof(mults) / sizeof(mults[0])) - 1)];
        g.out_c = g.in_c * g.ch_mult;
        g.k_h = kiln_rng_range(&r, 1, 5);
        g.k_w = kiln_rng_range(&r, 1, 5);
        g.in_h = kiln_rng_range(&r, 1, 8);
        g.in_w = kiln_rng_range(&r, 1, 10);
        g.stride_h = kiln_rng_range(&r, 1, 3);
        g.stride_w = kiln_rng_range(&r, 1, 3);
        g.dil_h = kiln_rng_range(&r, 0, 2) == 0 ? kiln_rng_range(&r, 2, 3) : 1;
        g.dil_w = kiln_rng_range(&r, 0, 2) == 0 ? kiln_rng_range(&r, 2, 3) : 1;
        g.pad_h = kiln_rng_range(&r, 0, 3);
        g.pad_w = kiln_rng_range(&r, 0, 3);
        g.out_h = out_size(g.in_h, g.k_h, g.stride_h, g.pad_h, g.dil_h);
        g.out_w = out_size(g.in_w, g.k_w, g.stride_w, g.pad_w, g.dil_w);
        if (g.out_w > 0 && kiln_rng_range(&r, 0, 5) == 0)
        {
            g.out_w++; /* a column past the input (windows mostly or wholly in the padding) */
        }
        const int32_t x_begin = g.out_w > 1 && kiln_rng_range(&r, 0, 9) == 0 ? kiln_rng_range(&r, 1, g.out_w - 1) : 0;
        if (!KILN_CHECK(generic_case(&r, &g, kiln_rng_range(&r, 0, 4) != 0, x_begin)))
        {
            return;
        }
        cases++;
    }
    dmode = 0;
    KILN_CHECK(cases >= kiln_test_iterations(1500, 400));
    KILN_CHECK(nan_outputs > 20);
    KILN_CHECK(negz_outputs > 20);
}

static void test_dw_f16_k3_nt_t_2x5_edges(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 6161);
    char what[160];
    nan_outputs = 0;
    for (int32_t it = 0; it < kiln_test_iterations(600, 200); it++)
    {
        dmode = it % 8 == 5 ? 1 : (it % 8 == 7 ? 2 : 0);
        const bool with_bias = kiln_rng_range(&r, 0, 4) != 0;
        float16_t lo, hi;
        /* conv1d k3: one row of out_w + 2 (or more) columns */
        {
            kiln_dw_flt_geom g;
            memset(&g, 0, sizeof(g));
            g.n = 1;
            g.in_h = 1;
            g.in_c = kiln_rng_range(&r, 1, 40);
            g.ch_mult = 1;
            g.out_c = g.in_c;
            g.k_h = 1;
            g.k_w = 3;
            g.out_h = 1;
            g.out_w = kiln_rng_range(&r, 1, 12);
            g.in_w = g.out_w + 2 + kiln_rng_range(&r, 0, 1);
            g.stride_h = g.stride_w = g.dil_h = g.dil_w = 1;
            const bool clamp = kiln_rng_range(&r, 0, 3) != 0;
            fill_data(&r, xin, g.in_w * g.in_c, true);
            fill_data(&r, rw, 3 * g.in_c, false);
            fill_data(&r, rb, g.in_c, false);
            rand_bounds(&r, &lo, &hi);
            if (!clamp)
            {
                const uint16_t ninf = 0xFC00u, pinf = 0x7C00u;
                memcpy(&lo, &ninf, sizeof(lo));
                memcpy(&hi, &pinf, sizeof(hi));
            }
            const int32_t no = g.out_w * g.in_c;
            reset_out(no);
            const float16_t *b = with_bias ? rb : NULL;
            kiln_dw_flt_k3_f16(xin, g.in_c, rw, b, got + GUARD, g.out_w, clamp ? lo : (float16_t)0.0f,
                               clamp ? hi : (float16_t)0.0f, clamp);
            kiln_dw_flt_generic_f16(&g, xin, rw, b, want + GUARD, lo, hi, 0);
            snprintf(what, sizeof(what), "k3 c %d out_w %d clamp %d bias %d", (int)g.in_c, (int)g.out_w, (int)clamp,
                     (int)with_bias);
            if (!KILN_CHECK(same_bits(no, what)))
            {
                return;
            }
        }
        /* nt_t: rows of taps x ch patch values, outputs out_stride apart (the gaps stay untouched) */
        {
            const int32_t ch = kiln_rng_range(&r, 1, 40);
            const int32_t taps = kiln_rng_range(&r, 0, 12);
            const int32_t rows = kiln_rng_range(&r, 1, 4);
            const int32_t ostride = ch + kiln_rng_range(&r, 0, 3);
            if (rows * (taps > 0 ? taps : 1) * ch > MAXE || taps * ch > RW_MAX)
            {
                continue;
            }
            fill_data(&r, xin, rows * taps * ch, true);
            fill_data(&r, rw, taps * ch, false);
            fill_data(&r, rb, ch, false);
            rand_bounds(&r, &lo, &hi);
            const int32_t no = (rows - 1) * ostride + ch;
            reset_out(no);
            const float16_t *b = with_bias ? rb : NULL;
            kiln_dw_flt_nt_t_f16(xin, rw, b, got + GUARD, rows, ch, taps, ostride, lo, hi);
            for (int32_t k = 0; k < rows; k++)
            {
                float16_t *d = want + GUARD + (size_t)k * (size_t)ostride;
                if (taps == 0)
                {
                    /* no tap: the bias (+0 for none) rounded and clamped; -0 + +0 is +0 */
                    for (int32_t o = 0; o < ch; o++)
                    {
                        const float16_t v = (float16_t)(0.0f + (b != NULL ? (float)b[o] : 0.0f));
                        d[o] = v < lo ? lo : (v > hi ? hi : v);
                    }
                    continue;
                }
                kiln_dw_flt_geom g;
                memset(&g, 0, sizeof(g));
                g.n = g.in_h = g.k_h = g.out_h = g.out_w = 1;
                g.in_w = g.k_w = taps;
                g.in_c = g.out_c = ch;
                g.ch_mult = 1;
                g.stride_h = g.stride_w = g.dil_h = g.dil_w = 1;
                kiln_dw_flt_generic_f16(&g, xin + (size_t)k * (size_t)taps * (size_t)ch, rw, b, d, lo, hi, 0);
            }
            snprintf(what, sizeof(what), "nt_t rows %d ch %d taps %d stride %d bias %d", (int)rows, (int)ch, (int)taps,
                     (int)ostride, (int)with_bias);
            if (!KILN_CHECK(same_bits(no, what)))
            {
                return;
            }
        }
        /* 2x5: batches, ch_mult, the valid columns or fewer */
        {
            kiln_dw_flt_geom g;
            memset(&g, 0, sizeof(g));
            g.n = kiln_rng_range(&r, 1, 3);
            g.in_h = 2;
            g.in_w = kiln_rng_range(&r, 5, 14);
            g.in_c = kiln_rng_range(&r, 1, 20);
            g.ch_mult = kiln_rng_range(&r, 0, 2) == 0 ? kiln_rng_range(&r, 2, 9) : 1;
            g.out_c = g.in_c * g.ch_mult;
            g.k_h = 2;
            g.k_w = 5;
            g.out_h = 1;
            g.out_w = g.in_w - 4 - (kiln_rng_range(&r, 0, 3) == 0 ? kiln_rng_range(&r, 0, g.in_w - 5) : 0);
            g.stride_h = g.stride_w = g.dil_h = g.dil_w = 1;
            const int32_t ne = g.n * 2 * g.in_w * g.in_c, no = g.n * g.out_w * g.out_c;
            if (ne > MAXE || no > MAXE || 10 * g.out_c > RW_MAX || g.out_c > 160)
            {
                continue;
            }
            fill_data(&r, xin, ne, true);
            fill_data(&r, rw, 10 * g.out_c, false);
            fill_data(&r, rb, g.out_c, false);
            rand_bounds(&r, &lo, &hi);
            reset_out(no);
            const float16_t *b = with_bias ? rb : NULL;
            kiln_dw_flt_2x5_f16(xin, g.n, g.in_c, g.in_w, g.ch_mult, rw, b, got + GUARD, g.out_w, lo, hi);
            kiln_dw_flt_generic_f16(&g, xin, rw, b, want + GUARD, lo, hi, 0);
            snprintf(what, sizeof(what), "2x5 n %d in_w %d c %d cm %d out_w %d bias %d", (int)g.n, (int)g.in_w,
                     (int)g.in_c, (int)g.ch_mult, (int)g.out_w, (int)with_bias);
            if (!KILN_CHECK(same_bits(no, what)))
            {
                return;
            }
        }
    }
    dmode = 0;
    KILN_CHECK(nan_outputs > 20);
}

/* Instructions per MAC of the generic kernel of the build on one shape (stride 1, padding (k - 1) / 2). */
static void perf_generic(const char *name, int32_t h, int32_t w, int32_t c, int32_t cm, int32_t k, int32_t dil)
{
    kiln_rng r;
    kiln_rng_seed(&r, 8);
    kiln_dw_flt_geom g;
    memset(&g, 0, sizeof(g));
    g.n = 1;
    g.in_h = h;
    g.in_w = w;
    g.in_c = c;
    g.ch_mult = cm;
    g.k_h = k;
    g.k_w = k;
    g.out_h = h;
    g.out_w = w;
    g.out_c = c * cm;
    g.stride_h = g.stride_w = 1;
    g.pad_h = g.pad_w = (k - 1) / 2 * dil;
    g.dil_h = g.dil_w = dil;
    const int32_t no = h * w * c * cm;
    if (!KILN_CHECK(h * w * c <= MAXE && no <= MAXE && k * k * c * cm <= RW_MAX))
    {
        return;
    }
    dmode = 0;
    fill_data(&r, xin, h * w * c, true);
    fill_data(&r, rw, k * k * c * cm, false);
    fill_data(&r, rb, c * cm, false);
    kiln_counter_start();
    kiln_dw_flt_generic_native_f16(&g, xin, rw, rb, got, (float16_t)0.0f, (float16_t)60000.0f, 0);
    const double n = kiln_counter_stop();
    kiln_dw_flt_generic_f16(&g, xin, rw, rb, want, (float16_t)0.0f, (float16_t)60000.0f, 0);
    KILN_CHECK(memcmp(got, want, (size_t)no * sizeof(float16_t)) == 0);
    if (kiln_counter_available())
    {
        printf("perf %s f16 dw generic kernel %s: %.3f instr/MAC\n", kiln_board_name(), name,
               n / ((double)no * k * k));
    }
}

static void test_dw_f16_generic_perf(void)
{
    perf_generic("5x5 12x12x32", 12, 12, 32, 1, 5, 1);
    perf_generic("3x3 dil2 10x10x16", 10, 10, 16, 1, 3, 2);
    perf_generic("3x3 cm2 10x10x16", 10, 10, 16, 2, 3, 1);
    perf_generic("3x3 cm4 8x8x8", 8, 8, 8, 4, 3, 1);
}

#endif

/* An argument (any) runs the performance part only (for profiling). */
int main(int argc, char **argv)
{
    (void)argv;
#if ARM_NN_ENABLE_F16
    if (argc < 2)
    {
        KILN_RUN(test_dw_f16_3x3_edges);
        KILN_RUN(test_dw_f16_generic_edges);
        KILN_RUN(test_dw_f16_k3_nt_t_2x5_edges);
    }
    KILN_RUN(test_dw_f16_3x3_perf);
    KILN_RUN(test_dw_f16_generic_perf);
#endif
    return kiln_test_finish();
}
