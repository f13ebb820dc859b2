/*
 * Non-finite inputs through the float operators, every backend alike: an output whose sum takes a NaN (or +inf and
 * -inf) is NaN after the activation clamp, as in the portable kernels and TFLite (min(max(x, lo), hi) with x
 * first: NaN passes both compares); a +inf / -inf sum clamps to hi / lo. NaN-ness and the sign of an infinite sum
 * do not depend on the summation order, so a double reference decides them. (MVE's floating-point "less than" is
 * true for unordered operands, and VMAXNM / VMINNM return the number: a Helium clamp built on either turns NaN into
 * a bound. This test holds every kernel to the portable semantics.)
 * Covered: arm_convolve_f32 / _f16 / _f16_acc16 (direct route without ctx, packed-patch GEMM route with ctx; float16 with
 * standard and NT_N_PACKED weights),
 * arm_fully_connected_f32 / _f16 (standard and NT_N_PACKED weights, batches), arm_avg_pool_f32 / _f16 (padding).
 * Max pooling follows TFLite's MaxPool: the running maximum std::max(m, x) from the type's lowest value (NaN and
 * -inf taps never win), then the clamp; windows of NaN and -inf give the lowest value (clamped), exactly.
 */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "Include/arm_nnfunctions.h"
#include "kiln_test.h"

/* Built only when ARM_NN_ENABLE_F32 or ARM_NN_ENABLE_F16 is on (tests/flt_ops/CMakeLists.txt). */

#define NF_LO      (-0.75)
#define NF_HI      (0.75)
#define NF_IN_MAX  (2 * 7 * 6 * 13)
#define NF_W_MAX   (16 * 37)
#define NF_WP_MAX  (16 * 45) /* the conv weights packed in blocks of 8 output channels */
#define NF_OUT_MAX (2 * 7 * 6 * 16)

static double xin[NF_IN_MAX], wts[NF_W_MAX], bias_d[16], ref[NF_OUT_MAX];
static float got[NF_OUT_MAX];
static int32_t nan_seen, inf_seen;

/* x in [-1, 1) in steps of 1/64 (exact in float16), one value in six non-finite; weights finite and non-zero (no
 * inf x 0 products). */
static void nf_fill(kiln_rng *r, int32_t n_in, int32_t n_w, int32_t n_b)
{
    for (int32_t i = 0; i < n_in; i++)
    {
        const int32_t k = kiln_rng_range(r, 0, 17);
        xin[i] = k == 0 ? NAN : (k == 1 ? INFINITY : (k == 2 ? -INFINITY : (kiln_rng_range(r, -64, 63) / 64.0)));
    }
    for (int32_t i = 0; i < n_w; i++)
    {
        const int32_t v = kiln_rng_range(r, -32, 31);
        wts[i] = (v == 0 ? 1 : v) / 32.0;
    }
    for (int32_t i = 0; i < n_b; i++)
    {
        bias_d[i] = kiln_rng_range(r, -16, 15) / 16.0;
    }
}

static bool nf_check(const char *what, int32_t n, double tol)
{
    for (int32_t i = 0; i < n; i++)
    {
        const bool want_nan = isnan(ref[i]);
        bool ok = isnan(got[i]) == want_nan;
        if (ok && !want_nan)
        {
            const double c = ref[i] < NF_LO ? NF_LO : (ref[i] > NF_HI ? NF_HI : ref[i]);
            ok = isinf(ref[i]) ? got[i] == (float)c : fabs((double)got[i] - c) <= tol;
        }
        if (!ok)
        {
            printf("%s: output %d is %g, reference %g\n", what, (int)i, (double)got[i], ref[i]);
            return KILN_CHECK(ok);
        }
        nan_seen += want_nan ? 1 : 0;
        inf_seen += isinf(ref[i]) ? 1 : 0;
    }
    return true;
}

/* NHWC 3x3 convolution, stride 1, padding 1, C_IN = 5, C_OUT = 9, 7 x 6 input, batches 2 (double). */
enum
{
    NF_CB = 2,
    NF_CH = 7,
    NF_CW = 6,
    NF_CI = 5,
    NF_CO = 9
};
static void nf_ref_conv(void)
{
    for (int32_t b = 0; b < NF_CB; b++)
        for (int32_t y = 0; y < NF_CH; y++)
            for (int32_t x = 0; x < NF_CW; x++)
                for (int32_t o = 0; o < NF_CO; o++)
                {
                    double s = bias_d[o];
                    for (int32_t ky = 0; ky < 3; ky++)
                        for (int32_t kx = 0; kx < 3; kx++)
                        {
                            const int32_t iy = y + ky - 1, ix = x + kx - 1;
                            if (iy < 0 || iy >= NF_CH || ix < 0 || ix >= NF_CW)
                            {
                                continue;
                            }
                            for (int32_t c = 0; c < NF_CI; c++)
                            {
                                s += xin[((b * NF_CH + iy) * NF_CW + ix) * NF_CI + c] *
                                     wts[((o * 3 + ky) * 3 + kx) * NF_CI + c];
                            }
                        }
                    ref[((b * NF_CH + y) * NF_CW + x) * NF_CO + o] = s;
                }
}

/* avg pool 3x3, stride 1, padding 1 (in-bounds taps only), 7 x 6 x 13, batches 2 (double). */
static void nf_ref_avg(void)
{
    for (int32_t b = 0; b < 2; b++)
        for (int32_t y = 0; y < 7; y++)
            for (int32_t x = 0; x < 6; x++)
                for (int32_t c = 0; c < 13; c++)
                {
                    double s = 0.0;
                    int32_t n = 0;
                    for (int32_t iy = y - 1; iy <= y + 1; iy++)
                        for (int32_t ix = x - 1; ix <= x + 1; ix++)
                        {
                            if (iy >= 0 && iy < 7 && ix >= 0 && ix < 6)
                            {
                                s += xin[((b * 7 + iy) * 6 + ix) * 13 + c];
                                n++;
                            }
                        }
                    ref[((b * 7 + y) * 6 + x) * 13 + c] = s / n;
                }
}

/* Inputs for max pooling: NaN (40 %), -inf (10 %), +inf (3 %), else k / 64 in [-1, 1): windows of only NaN and
 * -inf occur at the borders. */
static void nf_fill_max(kiln_rng *r, int32_t n)
{
    for (int32_t i = 0; i < n; i++)
    {
        const int32_t k = kiln_rng_range(r, 0, 99);
        xin[i] = k < 40 ? NAN : (k < 50 ? -INFINITY : (k < 53 ? INFINITY : kiln_rng_range(r, -64, 63) / 64.0));
    }
}

/* max pool 3x3, stride 1, padding 1, 7 x 6 x 13, batches 2, as TFLite: m = lowest; m = m < x ? x : m; then
 * min(max(m, lo), hi). */
static void nf_ref_max(double lowest, double lo, double hi)
{
    for (int32_t b = 0; b < 2; b++)
        for (int32_t y = 0; y < 7; y++)
            for (int32_t x = 0; x < 6; x++)
                for (int32_t c = 0; c < 13; c++)
                {
                    double m = lowest;
                    for (int32_t iy = y - 1; iy <= y + 1; iy++)
                        for (int32_t ix = x - 1; ix <= x + 1; ix++)
                        {
                            if (iy >= 0 && iy < 7 && ix >= 0 && ix < 6)
                            {
                                const double v = xin[((b * 7 + iy) * 6 + ix) * 13 + c];
                                m = m < v ? v : m;
                            }
                        }
                    m = m > lo ? m : lo;
                    ref[((b * 7 + y) * 6 + x) * 13 + c] = m < hi ? m : hi;
                }
}

/* Max pooling is exact: every output equals the reference (never NaN). */
static bool nf_check_exact(const char *what, int32_t n)
{
    for (int32_t i = 0; i < n; i++)
    {
        if (!((double)got[i] == ref[i]))
        {
            printf("%s: output %d is %g, reference %g\n", what, (int)i, (double)got[i], ref[i]);
            return KILN_CHECK((double)got[i] == ref[i]);
        }
        inf_seen += ref[i] == -FLT_MAX || ref[i] == -65504.0 ? 1 : 0; /* a window of NaN / -inf only */
    }
    return true;
}

/* FC: batches 2, K = 37, 13 outputs (double). */
static void nf_ref_fc(void)
{
    for (int32_t b = 0; b < 2; b++)
        for (int32_t o = 0; o < 13; o++)
        {
            double s = bias_d[o];
            for (int32_t k = 0; k < 37; k++)
            {
                s += xin[b * 37 + k] * wts[o * 37 + k];
            }
            ref[b * 13 + o] = s;
        }
}

static const cmsis_nn_dims nf_conv_in = {NF_CB, NF_CH, NF_CW, NF_CI}, nf_conv_f = {NF_CO, 3, 3, NF_CI},
                           nf_conv_out = {NF_CB, NF_CH, NF_CW, NF_CO}, nf_conv_b = {1, 1, 1, NF_CO};
static const cmsis_nn_dims nf_pool_in = {2, 7, 6, 13}, nf_pool_f = {1, 3, 3, 1};
static const cmsis_nn_dims nf_fc_in = {2, 1, 1, 37}, nf_fc_f = {37, 1, 1, 13}, nf_fc_out = {2, 1, 1, 13},
                           nf_fc_b = {1, 1, 1, 13};
static uint8_t nf_ctx[4096] __attribute__((aligned(16)));

#if ARM_NN_ENABLE_F32
static float xf[NF_IN_MAX], wf[NF_W_MAX], wpf[NF_W_MAX], bf[16];

static void nf_to_f32(int32_t n_in, int32_t n_w)
{
    for (int32_t i = 0; i < n_in; i++)
    {
        xf[i] = (float)xin[i];
    }
    for (int32_t i = 0; i < n_w; i++)
    {
        wf[i] = (float)wts[i];
    }
    for (int32_t i = 0; i < 16; i++)
    {
        bf[i] = (float)bias_d[i];
    }
}

static void test_nonfinite_f32(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x4e614e32u);
    const cmsis_nn_activation_f32 act = {(float)NF_LO, (float)NF_HI};
    for (int32_t rep = 0; rep < 4; rep++)
    {
        nf_fill(&r, NF_CB * NF_CH * NF_CW * NF_CI, NF_CO * 9 * NF_CI, NF_CO);
        nf_to_f32(NF_CB * NF_CH * NF_CW * NF_CI, NF_CO * 9 * NF_CI);
        nf_ref_conv();
        for (int32_t with_ctx = 0; with_ctx < 2; with_ctx++)
        {
            const cmsis_nn_conv_params_f32 cp = {{1, 1}, {1, 1}, {1, 1}, act, ARM_NN_WEIGHT_FORMAT_STANDARD};
            const cmsis_nn_context ctx = {nf_ctx, (int32_t)sizeof(nf_ctx)};
            KILN_CHECK_EQ(arm_convolve_f32(with_ctx ? &ctx : NULL, &cp, &nf_conv_in, xf, &nf_conv_f, wf, &nf_conv_b, bf,
                                           &nf_conv_out, got, ARM_NN_LAYOUT_NHWC),
                          ARM_CMSIS_NN_SUCCESS);
            nf_check(with_ctx ? "arm_convolve_f32 (ctx)" : "arm_convolve_f32", NF_CB * NF_CH * NF_CW * NF_CO, 1e-5);
        }

        nf_fill(&r, 2 * 7 * 6 * 13, 0, 0);
        nf_to_f32(2 * 7 * 6 * 13, 0);
        nf_ref_avg();
        const cmsis_nn_pool_params_f32 pp = {{1, 1}, {1, 1}, act};
        KILN_CHECK_EQ(arm_avg_pool_f32(NULL, &pp, &nf_pool_in, xf, &nf_pool_f, &nf_pool_in, got), ARM_CMSIS_NN_SUCCESS);
        nf_check("arm_avg_pool_f32", 2 * 7 * 6 * 13, 1e-6);

        nf_fill_max(&r, 2 * 7 * 6 * 13);
        nf_to_f32(2 * 7 * 6 * 13, 0);
        for (int32_t bounded = 0; bounded < 2; bounded++)
        {
            const cmsis_nn_activation_f32 ma = bounded ? act : (cmsis_nn_activation_f32){-FLT_MAX, FLT_MAX};
            const cmsis_nn_pool_params_f32 mp = {{1, 1}, {1, 1}, ma};
            nf_ref_max(-FLT_MAX, ma.min, ma.max);
            KILN_CHECK_EQ(arm_max_pool_f32(NULL, &mp, &nf_pool_in, xf, &nf_pool_f, &nf_pool_in, got),
                          ARM_CMSIS_NN_SUCCESS);
            nf_check_exact(bounded ? "arm_max_pool_f32 (clamped)" : "arm_max_pool_f32", 2 * 7 * 6 * 13);
        }

        nf_fill(&r, 2 * 37, 13 * 37, 13);
        nf_to_f32(2 * 37, 13 * 37);
        nf_ref_fc();
        for (int32_t packed = 0; packed < 2; packed++)
        {
            const cmsis_nn_fc_params_f32 fp = {act, packed ? ARM_NN_WEIGHT_FORMAT_NT_N_PACKED
                                                           : ARM_NN_WEIGHT_FORMAT_STANDARD};
            if (packed)
            {
                KILN_CHECK(arm_nn_pack_rhs_nt_n_f32_get_buffer_size(13, 37) <= (int32_t)sizeof(wpf));
                KILN_CHECK_EQ(arm_nn_pack_rhs_nt_n_f32(wf, 13, 37, wpf), ARM_CMSIS_NN_SUCCESS);
            }
            KILN_CHECK_EQ(arm_fully_connected_f32(NULL, &fp, &nf_fc_in, xf, &nf_fc_f, packed ? wpf : wf, &nf_fc_b, bf,
                                                  &nf_fc_out, got, ARM_NN_LAYOUT_NHWC),
                          ARM_CMSIS_NN_SUCCESS);
            nf_check(packed ? "arm_fully_connected_f32 (packed)" : "arm_fully_connected_f32", 2 * 13, 1e-5);
        }
    }
}
#endif

#if ARM_NN_ENABLE_F16
static float16_t xh[NF_IN_MAX], wh[NF_W_MAX], wph[NF_WP_MAX], bh[16], yh[NF_OUT_MAX];

static void nf_to_f16(int32_t n_in, int32_t n_w)
{
    for (int32_t i = 0; i < n_in; i++)
    {
        xh[i] = (float16_t)xin[i];
    }
    for (int32_t i = 0; i < n_w; i++)
    {
        wh[i] = (float16_t)wts[i];
    }
    for (int32_t i = 0; i < 16; i++)
    {
        bh[i] = (float16_t)bias_d[i];
    }
}

static void nf_got_from_f16(int32_t n)
{
    for (int32_t i = 0; i < n; i++)
    {
        got[i] = (float)yh[i];
    }
}

static void test_nonfinite_f16(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x4e614e16u);
    const cmsis_nn_activation_f16 act = {(float16_t)NF_LO, (float16_t)NF_HI};
    const int32_t n_conv = NF_CB * NF_CH * NF_CW * NF_CO;
    for (int32_t rep = 0; rep < 4; rep++)
    {
        nf_fill(&r, NF_CB * NF_CH * NF_CW * NF_CI, NF_CO * 9 * NF_CI, NF_CO);
        nf_to_f16(NF_CB * NF_CH * NF_CW * NF_CI, NF_CO * 9 * NF_CI);
        nf_ref_conv();
        /* NT_N_PACKED weights too: the Helium engine's seven-position kernels finish the outputs in registers */
        KILN_CHECK(arm_nn_pack_rhs_nt_n_f16_get_buffer_size(NF_CO, 9 * NF_CI) <= (int32_t)sizeof(wph));
        KILN_CHECK_EQ(arm_nn_pack_rhs_nt_n_f16(wh, NF_CO, 9 * NF_CI, wph), ARM_CMSIS_NN_SUCCESS);
        for (int32_t v = 0; v < 8; v++)
        {
            const bool with_ctx = (v & 1) != 0, acc16 = (v & 2) != 0, packed = (v & 4) != 0;
            const cmsis_nn_conv_params_f16 cp = {{1, 1}, {1, 1}, {1, 1}, act,
                                                 packed ? ARM_NN_WEIGHT_FORMAT_NT_N_PACKED
                                                        : ARM_NN_WEIGHT_FORMAT_STANDARD};
            const cmsis_nn_context ctx = {nf_ctx, (int32_t)sizeof(nf_ctx)};
            const float16_t *w = packed ? wph : wh;
            const arm_cmsis_nn_status st =
                acc16 ? arm_convolve_f16_acc16(with_ctx ? &ctx : NULL, &cp, &nf_conv_in, xh, &nf_conv_f, w, &nf_conv_b,
                                               bh, &nf_conv_out, yh, ARM_NN_LAYOUT_NHWC)
                      : arm_convolve_f16(with_ctx ? &ctx : NULL, &cp, &nf_conv_in, xh, &nf_conv_f, w, &nf_conv_b, bh,
                                         &nf_conv_out, yh, ARM_NN_LAYOUT_NHWC);
            KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
            nf_got_from_f16(n_conv);
            /* acc16 rounds every partial sum to float16: 46 terms of at most 1 */
            nf_check(acc16 ? "arm_convolve_f16_acc16" : "arm_convolve_f16", n_conv, acc16 ? 0.05 : 1e-3);
        }

        nf_fill(&r, 2 * 7 * 6 * 13, 0, 0);
        nf_to_f16(2 * 7 * 6 * 13, 0);
        nf_ref_avg();
        const cmsis_nn_pool_params_f16 pp = {{1, 1}, {1, 1}, act};
        KILN_CHECK_EQ(arm_avg_pool_f16(NULL, &pp, &nf_pool_in, xh, &nf_pool_f, &nf_pool_in, yh), ARM_CMSIS_NN_SUCCESS);
        nf_got_from_f16(2 * 7 * 6 * 13);
        nf_check("arm_avg_pool_f16", 2 * 7 * 6 * 13, 1e-3);

        nf_fill_max(&r, 2 * 7 * 6 * 13);
        nf_to_f16(2 * 7 * 6 * 13, 0);
        for (int32_t bounded = 0; bounded < 2; bounded++)
        {
            cmsis_nn_pool_params_f16 mp = {{1, 1}, {1, 1}, act};
            if (!bounded)
            {
                mp.activation.min = (float16_t)-65504.0f;
                mp.activation.max = (float16_t)65504.0f;
            }
            nf_ref_max(-65504.0, (double)mp.activation.min, (double)mp.activation.max);
            KILN_CHECK_EQ(arm_max_pool_f16(NULL, &mp, &nf_pool_in, xh, &nf_pool_f, &nf_pool_in, yh),
                          ARM_CMSIS_NN_SUCCESS);
            nf_got_from_f16(2 * 7 * 6 * 13);
            nf_check_exact(bounded ? "arm_max_pool_f16 (clamped)" : "arm_max_pool_f16", 2 * 7 * 6 * 13);
        }

        nf_fill(&r, 2 * 37, 13 * 37, 13);
        nf_to_f16(2 * 37, 13 * 37);
        nf_ref_fc();
        for (int32_t packed = 0; packed < 2; packed++)
        {
            const cmsis_nn_fc_params_f16 fp = {act, packed ? ARM_NN_WEIGHT_FORMAT_NT_N_PACKED
                                                           : ARM_NN_WEIGHT_FORMAT_STANDARD};
            if (packed)
            {
                KILN_CHECK(arm_nn_pack_rhs_nt_n_f16_get_buffer_size(13, 37) <= (int32_t)sizeof(wph));
                KILN_CHECK_EQ(arm_nn_pack_rhs_nt_n_f16(wh, 13, 37, wph), ARM_CMSIS_NN_SUCCESS);
            }
            KILN_CHECK_EQ(arm_fully_connected_f16(NULL, &fp, &nf_fc_in, xh, &nf_fc_f, packed ? wph : wh, &nf_fc_b, bh,
                                                  &nf_fc_out, yh, ARM_NN_LAYOUT_NHWC),
                          ARM_CMSIS_NN_SUCCESS);
            nf_got_from_f16(2 * 13);
            nf_check(packed ? "arm_fully_connected_f16 (packed)" : "arm_fully_connected_f16", 2 * 13, 1e-3);
        }
    }
}
#endif

static void test_nonfinite_seen(void)
{
    /* the inputs do reach NaN and infinite outputs */
    KILN_CHECK(nan_seen > 100);
    KILN_CHECK(inf_seen > 20);
}

int main(void)
{
#if ARM_NN_ENABLE_F32
    KILN_RUN(test_nonfinite_f32);
#endif
#if ARM_NN_ENABLE_F16
    KILN_RUN(test_nonfinite_f16);
#endif
    KILN_RUN(test_nonfinite_seen);
    return kiln_test_finish();
}
