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
    return true;
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

#endif

/* An argument (any) runs the performance part only (for profiling). */
int main(int argc, char **argv)
{
    (void)argv;
#if ARM_NN_ENABLE_F16
    if (argc < 2)
    {
        KILN_RUN(test_dw_f16_3x3_edges);
    }
    KILN_RUN(test_dw_f16_3x3_perf);
#endif
    return kiln_test_finish();
}
