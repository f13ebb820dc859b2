/*
 * Float depthwise convolution cost on the boards (instructions per MAC, QEMU instruction counter): 3x3 route
 * (ch_mult 1, padding 1, 10x10 output) with 16 and 64 channels, unpadded with 16 channels, and a 3x3 dilation-2 layer on the nt_t route
 * (queried scratch) and the generic route (no scratch), for arm_depthwise_conv_f32 / arm_depthwise_conv_f16.
 * Checks each output against the double-precision reference (the bounds of test_dw_flt_routes.c) and prints the
 * numbers. The goals on the M55 (float32 3x3 <= 1.7, float16 3x3 <= 1.0 instructions per MAC) are not
 * met yet: the Helium 3x3 kernels measure about 2.1 / 1.8 (float32, 16 / 64 channels) and 1.8 / 1.76 (float16);
 * the padded 3x3 cases are asserted at those levels (a regression guard) on the Helium float backend.
 */
#include "dw_flt_test.h"
#include "kiln_board.h"

#include <stdio.h>

#define H 10
#define W 10
#define K 3
#define CMAX 64
#define IN_MAX ((H + 2) * (W + 2) * CMAX)

/* Regression guards of the padded 3x3 cases on the Helium float backend: [f32 16ch, f32 64ch, f16 16ch,
 * f16 64ch] instructions per MAC (measured 2.08, 1.81, 1.79, 1.76). */
static const double dft_mve_guard[4] = {2.15, 1.87, 1.85, 1.80};

static double in_d[IN_MAX], w_d[K * K * CMAX], b_d[CMAX], ref_d[H * W * CMAX], mag_d[H * W * CMAX];

static bool within(const double *got, int64_t n, bool half)
{
    for (int64_t i = 0; i < n; i++)
    {
        const double a = ref_d[i] < 0 ? -ref_d[i] : ref_d[i];
        double bound = (K * K + 2) * mag_d[i] / 16777216.0;
        if (half)
        {
            bound += a / 2048.0 + 1.0 / 16777216.0;
        }
        const double e = got[i] - ref_d[i];
        if ((e < 0 ? -e : e) > bound)
        {
            return false;
        }
    }
    return true;
}

typedef struct
{
    const char *name;
    int32_t c, dil, pad;
    bool scratch;
} perf_case;

static const perf_case pcases[] = {
    {"3x3 16ch", 16, 1, 1, false},          {"3x3 64ch", 64, 1, 1, false},
    {"3x3 16ch unpadded", 16, 1, 0, false}, {"3x3 dil2 16ch nt_t", 16, 2, 2, true},
    {"3x3 dil2 16ch generic", 16, 2, 2, false}};

#if ARM_NN_ENABLE_F32
static void test_dw_f32_perf(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 91);
    static float x[IN_MAX], w[K * K * CMAX], b[CMAX], y[H * W * CMAX];
    static double yd[H * W * CMAX];
    static float scratch[K * K * CMAX];
    for (size_t v = 0; v < sizeof(pcases) / sizeof(pcases[0]); v++)
    {
        const perf_case *pc = &pcases[v];
        const int32_t ih = H + (K - 1) * pc->dil - 2 * pc->pad, iw = W + (K - 1) * pc->dil - 2 * pc->pad;
        const cmsis_nn_dims in = {1, ih, iw, pc->c}, flt = {1, K, K, pc->c}, out = {1, H, W, pc->c};
        cmsis_nn_dw_conv_params_f32 dp;
        memset(&dp, 0, sizeof(dp));
        dp.ch_mult = 1;
        dp.stride = (cmsis_nn_tile){1, 1};
        dp.padding = (cmsis_nn_tile){pc->pad, pc->pad};
        dp.dilation = (cmsis_nn_tile){pc->dil, pc->dil};
        dp.activation.min = -100.0f;
        dp.activation.max = 100.0f;
        const dft_params mp = {1, dp.stride, dp.padding, dp.dilation};
        for (int i = 0; i < ih * iw * pc->c; i++)
        {
            x[i] = dft_rand_unit(&r);
            in_d[i] = x[i];
        }
        for (int i = 0; i < K * K * pc->c; i++)
        {
            w[i] = dft_rand_unit(&r);
            w_d[i] = w[i];
        }
        for (int i = 0; i < pc->c; i++)
        {
            b[i] = dft_rand_unit(&r);
            b_d[i] = b[i];
        }
        dft_ref_dw(in_d, w_d, b_d, &in, &flt, &out, &mp, ref_d, mag_d);
        const int32_t q = arm_depthwise_conv_f32_get_buffer_size(&dp, &in, &flt, &out, ARM_NN_LAYOUT_NHWC);
        KILN_CHECK_EQ(q, pc->dil == 1 ? 0 : (int32_t)(K * K * pc->c * sizeof(float)));
        const cmsis_nn_context ctx = {pc->scratch ? scratch : NULL, pc->scratch ? q : 0};
        kiln_counter_start();
        const arm_cmsis_nn_status st =
            arm_depthwise_conv_f32(&ctx, &dp, &in, x, &flt, w, NULL, b, &out, y, ARM_NN_LAYOUT_NHWC);
        const double n = kiln_counter_stop();
        KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
        for (int i = 0; i < H * W * pc->c; i++)
        {
            yd[i] = y[i];
        }
        KILN_CHECK(within(yd, H * W * pc->c, false));
        const double macs = (double)H * W * pc->c * K * K;
        if (kiln_counter_available())
        {
            printf("perf %s f32 dw %s: %.3f instr/MAC\n", kiln_board_name(), pc->name, n / macs);
            if (dft_mve_float() && v < 2)
            {
                KILN_CHECK(n / macs <= dft_mve_guard[0 + v]);
            }
        }
    }
}
#endif

#if ARM_NN_ENABLE_F16
static void test_dw_f16_perf(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 92);
    static float16_t x[IN_MAX], w[K * K * CMAX], b[CMAX], y[H * W * CMAX];
    static double yd[H * W * CMAX];
    static float16_t scratch[K * K * CMAX];
    for (size_t v = 0; v < sizeof(pcases) / sizeof(pcases[0]); v++)
    {
        const perf_case *pc = &pcases[v];
        const int32_t ih = H + (K - 1) * pc->dil - 2 * pc->pad, iw = W + (K - 1) * pc->dil - 2 * pc->pad;
        const cmsis_nn_dims in = {1, ih, iw, pc->c}, flt = {1, K, K, pc->c}, out = {1, H, W, pc->c};
        cmsis_nn_dw_conv_params_f16 dp;
        memset(&dp, 0, sizeof(dp));
        dp.ch_mult = 1;
        dp.stride = (cmsis_nn_tile){1, 1};
        dp.padding = (cmsis_nn_tile){pc->pad, pc->pad};
        dp.dilation = (cmsis_nn_tile){pc->dil, pc->dil};
        dp.activation.min = (float16_t)-100.0f;
        dp.activation.max = (float16_t)100.0f;
        const dft_params mp = {1, dp.stride, dp.padding, dp.dilation};
        for (int i = 0; i < ih * iw * pc->c; i++)
        {
            x[i] = (float16_t)dft_rand_unit(&r);
            in_d[i] = (double)x[i];
        }
        for (int i = 0; i < K * K * pc->c; i++)
        {
            w[i] = (float16_t)dft_rand_unit(&r);
            w_d[i] = (double)w[i];
        }
        for (int i = 0; i < pc->c; i++)
        {
            b[i] = (float16_t)dft_rand_unit(&r);
            b_d[i] = (double)b[i];
        }
        dft_ref_dw(in_d, w_d, b_d, &in, &flt, &out, &mp, ref_d, mag_d);
        const int32_t q = arm_depthwise_conv_f16_get_buffer_size(&dp, &in, &flt, &out, ARM_NN_LAYOUT_NHWC);
        KILN_CHECK_EQ(q, pc->dil == 1 ? 0 : (int32_t)(K * K * pc->c * sizeof(float16_t)));
        const cmsis_nn_context ctx = {pc->scratch ? scratch : NULL, pc->scratch ? q : 0};
        kiln_counter_start();
        const arm_cmsis_nn_status st =
            arm_depthwise_conv_f16(&ctx, &dp, &in, x, &flt, w, NULL, b, &out, y, ARM_NN_LAYOUT_NHWC);
        const double n = kiln_counter_stop();
        KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
        for (int i = 0; i < H * W * pc->c; i++)
        {
            yd[i] = (double)y[i];
        }
        KILN_CHECK(within(yd, H * W * pc->c, true));
        const double macs = (double)H * W * pc->c * K * K;
        if (kiln_counter_available())
        {
            printf("perf %s f16 dw %s: %.3f instr/MAC\n", kiln_board_name(), pc->name, n / macs);
            if (dft_mve_float() && v < 2)
            {
                KILN_CHECK(n / macs <= dft_mve_guard[2 + v]);
            }
        }
    }
}
#endif

int main(void)
{
#if ARM_NN_ENABLE_F32
    KILN_RUN(test_dw_f32_perf);
#endif
#if ARM_NN_ENABLE_F16
    KILN_RUN(test_dw_f16_perf);
#endif
    return kiln_test_finish();
}
