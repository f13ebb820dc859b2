/*
 * Float32 depthwise convolution: kernel-edge grid for the blocked 3x3 kernel and the generic kernel (Helium on
 * MVE-float builds, portable C elsewhere), through arm_depthwise_conv_f32 without scratch (3x3 route for ch_mult 1
 * 3x3 unit-dilation filters, generic route otherwise).
 *  - 3x3: every channel count around the four-lane vector (1, 3..5, 7..9, 12, 16, 17), input widths 1..10,
 *    horizontal padding 0..3, strides 1 and 2, the valid output width and two columns past it (windows missing
 *    two or more input columns), random heights, vertical padding and batches, NULL bias in a quarter;
 *  - 3x3 stride 2 (the blocked kernel's stride-2 blocks): channel counts 4..13 with and without tails, input
 *    widths 1..26, horizontal padding 0..2, the valid output width and one column past it;
 *  - generic: random ch_mult 1..6, filters 1..5 x 1..5, dilation 1..3, strides, padding and channel counts;
 *  - each output within the double-reference bound of test_dw_flt_routes.c (|got - clamp(ref)| <= (taps + 2) x
 *    2^-24 x mag), nothing written outside the output (canaries on both sides);
 *  - a weight of +inf at a tap that lies in the padding of an output leaves that output finite and within the
 *    bound of the reference without that tap (padded taps are skipped, not multiplied by zero).
 */
#include "Include/Internal/kiln_dw_flt.h"
#include "dw_flt_test.h"
#include "kiln_board.h"

#include <math.h>
#include <stdio.h>

typedef struct
{
    int32_t n, ih, iw, c, cm, kh, kw, sh, sw, ph, pw, dh, dw, oh, ow;
    bool null_bias;
    float lo, hi;
} dws_case;

static int32_t dws_valid_out(int32_t in, int32_t k, int32_t s, int32_t p, int32_t d)
{
    const int32_t span = in + 2 * p - (k - 1) * d - 1;
    return span >= 0 ? span / s + 1 : 0;
}

/* Every output (inf_tap >= 0: channel 0 outputs whose window leaves that tap in the padding) within the bound. */
static bool dws_check(const dws_case *k, const float *y, const double *ref, const double *mag, int32_t inf_tap)
{
    const int32_t oc = k->c * k->cm;
    const size_t n_out = (size_t)k->n * k->oh * k->ow * oc;
    const double taps = (double)k->kh * k->kw;
    for (size_t i = 0; i < n_out; i++)
    {
        if (inf_tap >= 0)
        {
            const size_t o = i % (size_t)oc;
            const size_t pix = i / (size_t)oc;
            const int32_t ox = (int32_t)(pix % (size_t)k->ow);
            const int32_t oy = (int32_t)(pix / (size_t)k->ow % (size_t)k->oh);
            const int64_t iy = (int64_t)oy * k->sh - k->ph + (int64_t)(inf_tap / k->kw) * k->dh;
            const int64_t ix = (int64_t)ox * k->sw - k->pw + (int64_t)(inf_tap % k->kw) * k->dw;
            if (o != 0 || (iy >= 0 && iy < k->ih && ix >= 0 && ix < k->iw))
            {
                continue;
            }
        }
        const double want = dft_clampd(ref[i], k->lo, k->hi);
        const double e = (double)y[i] - want;
        const double bound = (taps + 2.0) * mag[i] / 16777216.0;
        if ((e < 0 ? -e : e) > bound || e != e)
        {
            kiln_test_context("n %d in %dx%dx%d cm %d k %dx%d s %d,%d p %d,%d d %d,%d out %dx%d elem %d: %g vs %g",
                              (int)k->n, (int)k->ih, (int)k->iw, (int)k->c, (int)k->cm, (int)k->kh, (int)k->kw,
                              (int)k->sh, (int)k->sw, (int)k->ph, (int)k->pw, (int)k->dh, (int)k->dw, (int)k->oh,
                              (int)k->ow, (int)i, (double)y[i], want);
            return KILN_CHECK((e < 0 ? -e : e) <= bound);
        }
    }
    return true;
}

/* Runs one case against the double reference; inf_tap >= 0 puts +inf at weight tap inf_tap of channel 0 and
 * checks only the outputs whose window leaves that tap in the padding. */
/* One call with the operands where kiln_edge_each() puts them (void * slots). */
typedef struct
{
    const cmsis_nn_dw_conv_params_f32 *dp;
    const cmsis_nn_dims *in, *flt, *out, *bdims;
    void *x, *w, *b, *y;
    const float *want;
    size_t n_out;
} edge_call;

static bool edge_run(void *arg)
{
    const edge_call *e = (const edge_call *)arg;
    bool ok = KILN_CHECK_EQ(arm_depthwise_conv_f32(NULL, e->dp, e->in, (const float *)e->x, e->flt,
                                                   (const float *)e->w, e->bdims, (const float *)e->b, e->out,
                                                   (float *)e->y, ARM_NN_LAYOUT_NHWC),
                            ARM_CMSIS_NN_SUCCESS);
    ok &= KILN_CHECK(memcmp(e->y, e->want, e->n_out * sizeof(float)) == 0);
    return ok;
}

static bool dws_run(const dws_case *k, kiln_rng *r, int32_t inf_tap)
{
    const cmsis_nn_dims in = {k->n, k->ih, k->iw, k->c};
    const cmsis_nn_dims flt = {1, k->kh, k->kw, k->c * k->cm};
    const cmsis_nn_dims out = {k->n, k->oh, k->ow, k->c * k->cm};
    const int32_t oc = out.c;
    const size_t n_in = (size_t)k->n * k->ih * k->iw * k->c;
    const size_t n_w = (size_t)k->kh * k->kw * oc;
    const size_t n_out = (size_t)k->n * k->oh * k->ow * oc;
    float *x = (float *)dft_guarded_alloc(n_in * sizeof(float));
    float *w = (float *)dft_guarded_alloc(n_w * sizeof(float));
    float *b = (float *)dft_guarded_alloc((size_t)oc * sizeof(float));
    float *y = (float *)dft_guarded_alloc(n_out * sizeof(float));
    double *xd = (double *)malloc(n_in * sizeof(double));
    double *wd = (double *)malloc(n_w * sizeof(double));
    double *bd = (double *)malloc((size_t)oc * sizeof(double));
    double *ref = (double *)malloc(n_out * sizeof(double));
    double *mag = (double *)malloc(n_out * sizeof(double));
    bool ok = KILN_CHECK(x != NULL && w != NULL && b != NULL && y != NULL && xd != NULL && wd != NULL &&
                         bd != NULL && ref != NULL && mag != NULL);
    if (ok)
    {
        for (size_t i = 0; i < n_in; i++)
        {
            x[i] = dft_rand_unit(r);
            xd[i] = x[i];
        }
        for (size_t i = 0; i < n_w; i++)
        {
            w[i] = dft_rand_unit(r);
            wd[i] = w[i];
        }
        for (int32_t i = 0; i < oc; i++)
        {
            b[i] = dft_rand_unit(r);
            bd[i] = b[i];
        }
        if (inf_tap >= 0)
        {
            w[(size_t)inf_tap * oc] = INFINITY;
            wd[(size_t)inf_tap * oc] = 0.0; /* the reference without the tap */
        }
        cmsis_nn_dw_conv_params_f32 dp;
        memset(&dp, 0, sizeof(dp));
        dp.ch_mult = k->cm;
        dp.stride = (cmsis_nn_tile){k->sw, k->sh};
        dp.padding = (cmsis_nn_tile){k->pw, k->ph};
        dp.dilation = (cmsis_nn_tile){k->dw, k->dh};
        dp.activation.min = k->lo;
        dp.activation.max = k->hi;
        const dft_params mp = {k->cm, dp.stride, dp.padding, dp.dilation};
        dft_ref_dw(xd, wd, k->null_bias ? NULL : bd, &in, &flt, &out, &mp, ref, mag);
        const cmsis_nn_dims bdims = {1, 1, 1, oc};
        const arm_cmsis_nn_status st = arm_depthwise_conv_f32(NULL, &dp, &in, x, &flt, w, &bdims,
                                                              k->null_bias ? NULL : b, &out, y, ARM_NN_LAYOUT_NHWC);
        ok = KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
        ok = KILN_CHECK(dft_guards_ok(x, n_in * sizeof(float)) && dft_guards_ok(y, n_out * sizeof(float))) && ok;
        ok = dws_check(k, y, ref, mag, inf_tap) && ok;
        if (ok && n_out > 0)
        {
            /* again with each operand flush against the end of readable memory: nothing is read or written
             * past any of them (a fault on the boards, AddressSanitizer on the host) */
            float *y2 = (float *)malloc(n_out * sizeof(float));
            edge_call e = {&dp, &in, &flt, &out, &bdims, x, w, k->null_bias ? NULL : b, y2, y, n_out};
            const kiln_edge_operand ops[] = {{"input", &e.x, n_in * sizeof(float)},
                                             {"filter", &e.w, n_w * sizeof(float)},
                                             {"bias", &e.b, (size_t)oc * sizeof(float)},
                                             {"output", &e.y, n_out * sizeof(float)}};
            ok = KILN_CHECK(y2 != NULL) && kiln_edge_each(ops, 4, edge_run, &e) && ok;
            free(y2);
        }
#if KILN_FLT_BUILD_MVE
        /* the Helium generic kernel on the same request, directly */
        kiln_dw_flt_plan_t plan;
        ok = KILN_CHECK_EQ(kiln_dw_f32_plan(&dp, (int32_t)ARM_NN_LAYOUT_NHWC, &in, &flt, &out, KILN_ISA_MVE, 0, &plan),
                           ARM_CMSIS_NN_SUCCESS) && ok;
        if (ok && !plan.empty)
        {
            memset(y, 0, n_out * sizeof(float));
            kiln_dw_flt_generic_mve_f32(&plan.g, x, w, k->null_bias ? NULL : b, y, k->lo, k->hi, 0);
            ok = KILN_CHECK(dft_guards_ok(y, n_out * sizeof(float))) && ok;
            ok = dws_check(k, y, ref, mag, inf_tap) && ok;
        }
#endif
    }
    dft_guarded_free(x);
    dft_guarded_free(w);
    dft_guarded_free(b);
    dft_guarded_free(y);
    free(xd);
    free(wd);
    free(bd);
    free(ref);
    free(mag);
    return ok;
}

static void dws_activation(kiln_rng *r, dws_case *k)
{
    if (kiln_rng_range(r, 0, 3) == 0)
    {
        k->lo = -0.5f;
        k->hi = 0.75f;
    }
    else
    {
        k->lo = -100.0f;
        k->hi = 100.0f;
    }
}

static void test_dw_f32_3x3_grid(void)
{
    static const int32_t chans[] = {1, 3, 4, 5, 7, 8, 9, 12, 16, 17};
    kiln_rng r;
    kiln_rng_seed(&r, 0x3a3u);
    int32_t cases = 0;
    for (size_t ci = 0; ci < sizeof(chans) / sizeof(chans[0]); ci++)
    {
        for (int32_t iw = 1; iw <= 10; iw++)
        {
            for (int32_t pw = 0; pw <= 3; pw++)
            {
                for (int32_t sw = 1; sw <= 2; sw++)
                {
                    const int32_t vw = dws_valid_out(iw, 3, sw, pw, 1);
                    for (int32_t extra = 0; extra <= 2; extra += 2)
                    {
                        dws_case k;
                        memset(&k, 0, sizeof(k));
                        k.c = chans[ci];
                        k.cm = 1;
                        k.kh = 3;
                        k.kw = 3;
                        k.dh = 1;
                        k.dw = 1;
                        k.iw = iw;
                        k.pw = pw;
                        k.sw = sw;
                        k.ow = vw + extra;
                        k.n = kiln_rng_range(&r, 1, 2);
                        k.ih = kiln_rng_range(&r, 1, 5);
                        k.ph = kiln_rng_range(&r, 0, 2);
                        k.sh = kiln_rng_range(&r, 1, 2);
                        k.oh = dws_valid_out(k.ih, 3, k.sh, k.ph, 1) + kiln_rng_range(&r, 0, 1);
                        k.null_bias = kiln_rng_range(&r, 0, 3) == 0;
                        dws_activation(&r, &k);
                        if (k.ow < 1 || k.oh < 1)
                        {
                            continue;
                        }
                        if (!dws_run(&k, &r, -1))
                        {
                            return;
                        }
                        cases++;
                    }
                }
            }
        }
    }
    KILN_CHECK(cases > 1000);
}

/* Stride-2 blocks of the 3x3 route: channel counts with and without a four-lane tail (4..13), input widths
 * 1..26 (odd and even; up to three four-output blocks per row, so runs of interior blocks, every remainder of
 * outputs modulo four and every left/right border), horizontal padding 0..2, the valid output width and one
 * column past it, vertical stride 1 or 2 with random heights and padding. */
static void test_dw_f32_3x3_s2_grid(void)
{
    static const int32_t chans[] = {4, 5, 7, 8, 12, 13};
    kiln_rng r;
    kiln_rng_seed(&r, 0x5b2u);
    int32_t cases = 0;
    for (size_t ci = 0; ci < sizeof(chans) / sizeof(chans[0]); ci++)
    {
        for (int32_t iw = 1; iw <= 26; iw++)
        {
            for (int32_t pw = 0; pw <= 2; pw++)
            {
                const int32_t vw = dws_valid_out(iw, 3, 2, pw, 1);
                for (int32_t extra = 0; extra <= 1; extra++)
                {
                    dws_case k;
                    memset(&k, 0, sizeof(k));
                    k.c = chans[ci];
                    k.cm = 1;
                    k.kh = 3;
                    k.kw = 3;
                    k.dh = 1;
                    k.dw = 1;
                    k.iw = iw;
                    k.pw = pw;
                    k.sw = 2;
                    k.ow = vw + extra;
                    k.n = kiln_rng_range(&r, 1, 2);
                    k.ih = kiln_rng_range(&r, 1, 6);
                    k.ph = kiln_rng_range(&r, 0, 2);
                    k.sh = kiln_rng_range(&r, 1, 2);
                    k.oh = dws_valid_out(k.ih, 3, k.sh, k.ph, 1) + kiln_rng_range(&r, 0, 1);
                    k.null_bias = kiln_rng_range(&r, 0, 3) == 0;
                    dws_activation(&r, &k);
                    if (k.ow < 1 || k.oh < 1)
                    {
                        continue;
                    }
                    if (!dws_run(&k, &r, -1))
                    {
                        return;
                    }
                    cases++;
                }
            }
        }
    }
    KILN_CHECK(cases > 800);
}

static void test_dw_f32_generic_grid(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x9e7u);
    const int32_t iters = kiln_test_iterations(1500, 600);
    int32_t cases = 0, cm_gt1 = 0, dil = 0;
    for (int32_t it = 0; it < iters; it++)
    {
        dws_case k;
        memset(&k, 0, sizeof(k));
        k.n = kiln_rng_range(&r, 1, 2);
        k.c = kiln_rng_range(&r, 1, 13);
        k.cm = kiln_rng_range(&r, 1, 6);
        k.kh = kiln_rng_range(&r, 1, 5);
        k.kw = kiln_rng_range(&r, 1, 5);
        k.dh = kiln_rng_range(&r, 1, 3);
        k.dw = kiln_rng_range(&r, 1, 3);
        k.sh = kiln_rng_range(&r, 1, 3);
        k.sw = kiln_rng_range(&r, 1, 3);
        k.ph = kiln_rng_range(&r, 0, 3);
        k.pw = kiln_rng_range(&r, 0, 3);
        k.ih = kiln_rng_range(&r, 1, 8);
        k.iw = kiln_rng_range(&r, 1, 12);
        k.oh = dws_valid_out(k.ih, k.kh, k.sh, k.ph, k.dh) + (kiln_rng_range(&r, 0, 7) == 0 ? 1 : 0);
        k.ow = dws_valid_out(k.iw, k.kw, k.sw, k.pw, k.dw) + (kiln_rng_range(&r, 0, 7) == 0 ? 2 : 0);
        k.null_bias = kiln_rng_range(&r, 0, 3) == 0;
        dws_activation(&r, &k);
        if (k.ow < 1 || k.oh < 1)
        {
            continue;
        }
        if (!dws_run(&k, &r, -1))
        {
            return;
        }
        cases++;
        cm_gt1 += k.cm > 1;
        dil += k.dh > 1 || k.dw > 1;
    }
    KILN_CHECK(cases > iters / 2 && cm_gt1 > iters / 4 && dil > iters / 4);
}

static void test_dw_f32_padded_tap_skipped(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x1f1u);
    /* 3x3 route (stride 1 and 2, several widths and channel counts) and generic (ch_mult 2, dilation 2) */
    static const dws_case base[] = {
        {1, 4, 9, 8, 1, 3, 3, 1, 1, 1, 1, 1, 1, 4, 9, false, -100.0f, 100.0f},
        {1, 3, 5, 64, 1, 3, 3, 1, 1, 1, 1, 1, 1, 3, 5, false, -100.0f, 100.0f},
        {2, 5, 6, 7, 1, 3, 3, 2, 2, 1, 1, 1, 1, 3, 3, true, -100.0f, 100.0f},
        {1, 3, 11, 8, 1, 3, 3, 1, 2, 1, 1, 1, 1, 3, 6, false, -100.0f, 100.0f},
        {1, 4, 12, 5, 1, 3, 3, 2, 2, 0, 0, 1, 1, 2, 6, false, -100.0f, 100.0f},
        {1, 3, 17, 12, 1, 3, 3, 2, 2, 2, 2, 1, 1, 3, 10, true, -100.0f, 100.0f},
        {1, 4, 3, 3, 1, 3, 3, 1, 1, 2, 2, 1, 1, 6, 5, false, -100.0f, 100.0f},
        {1, 5, 7, 6, 2, 3, 3, 1, 1, 2, 2, 2, 2, 5, 7, false, -100.0f, 100.0f},
        {1, 4, 6, 5, 3, 2, 4, 1, 2, 1, 2, 1, 1, 5, 4, false, -100.0f, 100.0f},
    };
    for (size_t i = 0; i < sizeof(base) / sizeof(base[0]); i++)
    {
        for (int32_t tap = 0; tap < base[i].kh * base[i].kw; tap++)
        {
            if (!dws_run(&base[i], &r, tap))
            {
                return;
            }
        }
    }
}

/* Generic route cost on the boards (instructions per MAC): the portable kernel (kiln_dw_flt_generic_f32) and, on
 * MVE-float builds, the Helium kernel (kiln_dw_flt_generic_mve_f32) on the same requests, both checked against
 * the reference. Guard: the Helium kernel's level on the M55 with a small margin. Measured (portable -> Helium):
 * 3x3 dil2 16ch 10.82 -> 2.07, 5x5 32ch 6.84 -> 1.58, 3x3 stride 2 ch_mult 4 12.31 -> 2.48, 3x3 ch_mult 2
 * 13.17 -> 2.25 (ch_mult 2: four input channels, eight outputs, per step with full vectors, two outputs sharing
 * the weight loads; before: 8.05 with two of four lanes per vector). */
typedef struct
{
    const char *name;
    dws_case k;
    double guard;
} dwp_case;

/* Non-finite inputs: an output whose window sums a NaN (or +inf and -inf) is NaN after the clamp, as in the
 * portable kernels and TFLite (min(max(x, lo), hi) with x first); +inf / -inf sums clamp to hi / lo. NaN-ness and
 * the sign of an infinite sum do not depend on the summation order, so the double reference decides them. Runs
 * the 3x3 route (strides 1 and 2, channel tails) and the generic route (ch_mult 2), and on Helium builds the
 * generic kernel directly. */
static bool dws_nonfinite_ok(const float *y, const double *ref, size_t n, float lo, float hi, int32_t *nan_seen)
{
    for (size_t i = 0; i < n; i++)
    {
        const bool want_nan = isnan(ref[i]);
        bool ok = isnan(y[i]) == want_nan;
        if (ok && !want_nan && isinf(ref[i]))
        {
            ok = y[i] == (ref[i] > 0 ? hi : lo);
        }
        if (ok && !want_nan && !isinf(ref[i]))
        {
            const double c = ref[i] < lo ? lo : (ref[i] > hi ? hi : ref[i]);
            ok = fabs((double)y[i] - c) <= 1e-5;
        }
        if (!ok)
        {
            printf("non-finite inputs: output %zu: got %g, reference %g\n", i, (double)y[i], ref[i]);
            return KILN_CHECK(ok);
        }
        *nan_seen += want_nan ? 1 : 0;
    }
    return true;
}

static void test_dw_f32_nonfinite_inputs(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0xdeadf32u);
    int32_t nan_seen = 0;
    static const int32_t shapes[][4] = {{8, 1, 1, 1}, {13, 1, 2, 1}, {8, 1, 1, 2}, {5, 2, 1, 1}, {12, 1, 2, 2}};
    for (size_t t = 0; t < sizeof(shapes) / sizeof(shapes[0]); t++)
    {
        const int32_t c = shapes[t][0], cm = shapes[t][1], s = shapes[t][2], d = shapes[t][3];
        const int32_t ih = 7, iw = 9, oc = c * cm;
        const int32_t oh = dws_valid_out(ih, 3, s, d, d), ow = dws_valid_out(iw, 3, s, d, d);
        const cmsis_nn_dims in = {1, ih, iw, c};
        const cmsis_nn_dims flt = {1, 3, 3, oc};
        const cmsis_nn_dims out = {1, oh, ow, oc};
        const size_t n_in = (size_t)ih * iw * c, n_w = (size_t)9 * oc, n_out = (size_t)oh * ow * oc;
        float *x = (float *)dft_guarded_alloc(n_in * sizeof(float));
        float *w = (float *)dft_guarded_alloc(n_w * sizeof(float));
        float *b = (float *)dft_guarded_alloc((size_t)oc * sizeof(float));
        float *y = (float *)dft_guarded_alloc(n_out * sizeof(float));
        double *xd = (double *)malloc(n_in * sizeof(double));
        double *wd = (double *)malloc(n_w * sizeof(double));
        double *bd = (double *)malloc((size_t)oc * sizeof(double));
        double *ref = (double *)malloc(n_out * sizeof(double));
        double *mag = (double *)malloc(n_out * sizeof(double));
        if (!KILN_CHECK(x != NULL && w != NULL && b != NULL && y != NULL && xd != NULL && wd != NULL && bd != NULL &&
                        ref != NULL && mag != NULL))
        {
            return;
        }
        for (size_t i = 0; i < n_in; i++)
        {
            const int32_t k = kiln_rng_range(&r, 0, 19);
            x[i] = k == 0 ? NAN : (k == 1 ? INFINITY : (k == 2 ? -INFINITY : dft_rand_unit(&r)));
            xd[i] = x[i];
        }
        for (size_t i = 0; i < n_w; i++)
        {
            float v = dft_rand_unit(&r);
            w[i] = v == 0.0f ? 0.5f : v; /* no inf x 0 products: NaN only from NaN inputs or +inf + -inf */
            wd[i] = w[i];
        }
        for (int32_t i = 0; i < oc; i++)
        {
            b[i] = dft_rand_unit(&r);
            bd[i] = b[i];
        }
        cmsis_nn_dw_conv_params_f32 dp;
        memset(&dp, 0, sizeof(dp));
        dp.ch_mult = cm;
        dp.stride = (cmsis_nn_tile){s, s};
        dp.padding = (cmsis_nn_tile){d, d};
        dp.dilation = (cmsis_nn_tile){d, d};
        dp.activation.min = -0.75f;
        dp.activation.max = 0.75f;
        const dft_params mp = {cm, dp.stride, dp.padding, dp.dilation};
        dft_ref_dw(xd, wd, bd, &in, &flt, &out, &mp, ref, mag);
        const cmsis_nn_dims bdims = {1, 1, 1, oc};
        KILN_CHECK_EQ(arm_depthwise_conv_f32(NULL, &dp, &in, x, &flt, w, &bdims, b, &out, y, ARM_NN_LAYOUT_NHWC),
                      ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK(dft_guards_ok(y, n_out * sizeof(float)));
        dws_nonfinite_ok(y, ref, n_out, dp.activation.min, dp.activation.max, &nan_seen);
#if KILN_FLT_BUILD_MVE
        kiln_dw_flt_plan_t plan;
        if (KILN_CHECK_EQ(kiln_dw_f32_plan(&dp, (int32_t)ARM_NN_LAYOUT_NHWC, &in, &flt, &out, KILN_ISA_MVE, 0, &plan),
                          ARM_CMSIS_NN_SUCCESS))
        {
            memset(y, 0, n_out * sizeof(float));
            kiln_dw_flt_generic_mve_f32(&plan.g, x, w, b, y, dp.activation.min, dp.activation.max, 0);
            KILN_CHECK(dft_guards_ok(y, n_out * sizeof(float)));
            dws_nonfinite_ok(y, ref, n_out, dp.activation.min, dp.activation.max, &nan_seen);
        }
#endif
        dft_guarded_free(x);
        dft_guarded_free(w);
        dft_guarded_free(b);
        dft_guarded_free(y);
        free(xd);
        free(wd);
        free(bd);
        free(ref);
        free(mag);
    }
    KILN_CHECK(nan_seen > 50); /* the inputs do produce NaN outputs */
}

static void test_dw_f32_generic_perf(void)
{
    static const dwp_case pc[] = {
        {"3x3 dil2 16ch", {1, 14, 14, 16, 1, 3, 3, 1, 1, 2, 2, 2, 2, 10, 10, false, -100.0f, 100.0f}, 2.13},
        {"5x5 32ch", {1, 10, 10, 32, 1, 5, 5, 1, 1, 2, 2, 1, 1, 10, 10, false, -100.0f, 100.0f}, 1.63},
        {"3x3 s2 cm4 8ch", {1, 12, 12, 8, 4, 3, 3, 2, 2, 1, 1, 1, 1, 6, 6, false, -100.0f, 100.0f}, 2.56},
        {"3x3 cm2 8ch", {1, 8, 8, 8, 2, 3, 3, 1, 1, 1, 1, 1, 1, 8, 8, false, -100.0f, 100.0f}, 2.32},
    };
    kiln_rng r;
    kiln_rng_seed(&r, 0x5e2u);
    for (size_t v = 0; v < sizeof(pc) / sizeof(pc[0]); v++)
    {
        const dws_case *k = &pc[v].k;
        const cmsis_nn_dims in = {k->n, k->ih, k->iw, k->c};
        const cmsis_nn_dims flt = {1, k->kh, k->kw, k->c * k->cm};
        const cmsis_nn_dims out = {k->n, k->oh, k->ow, k->c * k->cm};
        const int32_t oc = out.c;
        const size_t n_in = (size_t)k->n * k->ih * k->iw * k->c, n_w = (size_t)k->kh * k->kw * oc;
        const size_t n_out = (size_t)k->n * k->oh * k->ow * oc;
        float *x = (float *)malloc(n_in * sizeof(float)), *w = (float *)malloc(n_w * sizeof(float));
        float *b = (float *)malloc((size_t)oc * sizeof(float)), *y = (float *)malloc(n_out * sizeof(float));
        double *xd = (double *)malloc(n_in * sizeof(double)), *wd = (double *)malloc(n_w * sizeof(double));
        double *bd = (double *)malloc((size_t)oc * sizeof(double));
        double *ref = (double *)malloc(n_out * sizeof(double)), *mag = (double *)malloc(n_out * sizeof(double));
        if (KILN_CHECK(x && w && b && y && xd && wd && bd && ref && mag))
        {
            for (size_t i = 0; i < n_in; i++)
            {
                x[i] = dft_rand_unit(&r);
                xd[i] = x[i];
            }
            for (size_t i = 0; i < n_w; i++)
            {
                w[i] = dft_rand_unit(&r);
                wd[i] = w[i];
            }
            for (int32_t i = 0; i < oc; i++)
            {
                b[i] = dft_rand_unit(&r);
                bd[i] = b[i];
            }
            cmsis_nn_dw_conv_params_f32 dp;
            memset(&dp, 0, sizeof(dp));
            dp.ch_mult = k->cm;
            dp.stride = (cmsis_nn_tile){k->sw, k->sh};
            dp.padding = (cmsis_nn_tile){k->pw, k->ph};
            dp.dilation = (cmsis_nn_tile){k->dw, k->dh};
            dp.activation.min = k->lo;
            dp.activation.max = k->hi;
            const dft_params mp = {k->cm, dp.stride, dp.padding, dp.dilation};
            dft_ref_dw(xd, wd, bd, &in, &flt, &out, &mp, ref, mag);
            kiln_dw_flt_plan_t plan;
            KILN_CHECK_EQ(kiln_dw_f32_plan(&dp, (int32_t)ARM_NN_LAYOUT_NHWC, &in, &flt, &out, KILN_ISA_C, 0, &plan),
                          ARM_CMSIS_NN_SUCCESS);
            const double macs = (double)n_out * k->kh * k->kw;
            kiln_counter_start();
            kiln_dw_flt_generic_f32(&plan.g, x, w, b, y, k->lo, k->hi, 0);
            const double n_c = kiln_counter_stop();
            KILN_CHECK(dws_check(k, y, ref, mag, -1));
            if (kiln_counter_available())
            {
                printf("perf %s f32 dw generic %s: portable %.3f instr/MAC\n", kiln_board_name(), pc[v].name,
                       n_c / macs);
            }
#if KILN_FLT_BUILD_MVE
            memset(y, 0, n_out * sizeof(float));
            kiln_counter_start();
            kiln_dw_flt_generic_mve_f32(&plan.g, x, w, b, y, k->lo, k->hi, 0);
            const double n_m = kiln_counter_stop();
            KILN_CHECK(dws_check(k, y, ref, mag, -1));
            if (kiln_counter_available())
            {
                printf("perf %s f32 dw generic %s: Helium %.3f instr/MAC\n", kiln_board_name(), pc[v].name,
                       n_m / macs);
                KILN_CHECK(n_m / macs <= pc[v].guard);
            }
#endif
        }
        free(x);
        free(w);
        free(b);
        free(y);
        free(xd);
        free(wd);
        free(bd);
        free(ref);
        free(mag);
    }
}

int main(void)
{
    KILN_RUN(test_dw_f32_3x3_grid);
    KILN_RUN(test_dw_f32_3x3_s2_grid);
    KILN_RUN(test_dw_f32_generic_grid);
    KILN_RUN(test_dw_f32_padded_tap_skipped);
    KILN_RUN(test_dw_f32_nonfinite_inputs);
    KILN_RUN(test_dw_f32_generic_perf);
    return kiln_test_finish();
}
