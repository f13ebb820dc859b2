/*
 * Float depthwise convolution cost on the boards (instructions per MAC, QEMU instruction counter): 3x3 route
 * (ch_mult 1, padding 1, 10x10 output) with 16 and 64 channels, unpadded with 16 channels, a 3x3 dilation-2 layer
 * on the nt_t route (queried scratch) and the generic route (no scratch), the DS-CNN-S body layer and stride-2
 * layers, for arm_depthwise_conv_f32 / arm_depthwise_conv_f16. Checks each output against the double-precision
 * reference (the bounds of test_dw_flt_routes.c), prints the numbers and, on the Helium float backend, asserts
 * each dtype's measured levels (a regression guard; the comments at the cases give the numbers).
 */
#include "dw_flt_test.h"
#include "kiln_board.h"

#include <stdio.h>

#define H 10
#define W 10
#define K 3
#define CMAX 64
#define IN_MAX ((H + 2) * (W + 2) * CMAX)

static double w_d[K * K * CMAX], b_d[CMAX];

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
/* The float32 cases: the shared ones (pcases: 10x10 output, stride 1), the DS-CNN-S body layer (input 25x5x64,
 * padding 1, stride 1) and two stride-2 layers with padding 1: 16x16x64 -> 8x8x64 and a DS-CNN-L-like
 * 25x10x64 -> 13x5x64. Regression guards on the Helium float backend, instructions per MAC (dw32_cases[].guard,
 * negative: not asserted). The goals (<= 1.7 on the 3x3 cases) are met with the blocked Helium 3x3
 * kernel: measured 1.284, 1.028, 1.320, -, -, 1.111 on the stride-1 cases (before it: 2.08, 1.81, 1.62, -, -,
 * 2.98) and 1.123 / 1.292 on the stride-2 cases (before stride-2 blocks, one output at a time: 4.381 / 4.297),
 * with the clamp that keeps NaN (about +0.05 per MAC over VMAXNM / VMINNM).
 * The generic-route Helium kernel is measured in test_dw_f32_mve_shapes.c. */
typedef struct
{
    const char *name;
    int32_t c, dil, pad, stride, ih, iw, oh, ow;
    bool scratch;
    double guard;
} dw32_case;

static const dw32_case dw32_cases[] = {
    {"3x3 16ch", 16, 1, 1, 1, H, W, H, W, false, 1.32},
    {"3x3 64ch", 64, 1, 1, 1, H, W, H, W, false, 1.06},
    {"3x3 16ch unpadded", 16, 1, 0, 1, H + 2, W + 2, H, W, false, 1.36},
    {"3x3 dil2 16ch nt_t", 16, 2, 2, 1, H, W, H, W, true, -1.0},
    {"3x3 dil2 16ch generic", 16, 2, 2, 1, H, W, H, W, false, -1.0},
    {"3x3 DS-CNN 25x5x64", 64, 1, 1, 1, 25, 5, 25, 5, false, 1.15},
    {"3x3 s2 16x16x64", 64, 1, 1, 2, 16, 16, 8, 8, false, 1.16},
    {"3x3 s2 25x10x64", 64, 1, 1, 2, 25, 10, 13, 5, false, 1.33},
};
#define DW32_IN_MAX (16 * 16 * 64)
#define DW32_OUT_MAX (25 * 5 * 64)

static void test_dw_f32_perf(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 91);
    static float x[DW32_IN_MAX], w[K * K * CMAX], b[CMAX], y[DW32_OUT_MAX];
    static double xd[DW32_IN_MAX], yd[DW32_OUT_MAX], refd[DW32_OUT_MAX], magd[DW32_OUT_MAX];
    static float scratch[K * K * CMAX];
    for (size_t v = 0; v < sizeof(dw32_cases) / sizeof(dw32_cases[0]); v++)
    {
        const dw32_case *pc = &dw32_cases[v];
        const int32_t ih = pc->ih, iw = pc->iw, oh = pc->oh, ow = pc->ow;
        const cmsis_nn_dims in = {1, ih, iw, pc->c}, flt = {1, K, K, pc->c}, out = {1, oh, ow, pc->c};
        if (!KILN_CHECK(ih * iw * pc->c <= DW32_IN_MAX && oh * ow * pc->c <= DW32_OUT_MAX))
        {
            return;
        }
        cmsis_nn_dw_conv_params_f32 dp;
        memset(&dp, 0, sizeof(dp));
        dp.ch_mult = 1;
        dp.stride = (cmsis_nn_tile){pc->stride, pc->stride};
        dp.padding = (cmsis_nn_tile){pc->pad, pc->pad};
        dp.dilation = (cmsis_nn_tile){pc->dil, pc->dil};
        dp.activation.min = -100.0f;
        dp.activation.max = 100.0f;
        const dft_params mp = {1, dp.stride, dp.padding, dp.dilation};
        for (int i = 0; i < ih * iw * pc->c; i++)
        {
            x[i] = dft_rand_unit(&r);
            xd[i] = x[i];
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
        dft_ref_dw(xd, w_d, b_d, &in, &flt, &out, &mp, refd, magd);
        const int32_t q = arm_depthwise_conv_f32_get_buffer_size(&dp, &in, &flt, &out, ARM_NN_LAYOUT_NHWC);
        KILN_CHECK_EQ(q, pc->dil == 1 ? 0 : (int32_t)(K * K * pc->c * sizeof(float)));
        const cmsis_nn_context ctx = {pc->scratch ? scratch : NULL, pc->scratch ? q : 0};
        kiln_counter_start();
        const arm_cmsis_nn_status st =
            arm_depthwise_conv_f32(&ctx, &dp, &in, x, &flt, w, NULL, b, &out, y, ARM_NN_LAYOUT_NHWC);
        const double n = kiln_counter_stop();
        KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
        const int32_t count = oh * ow * pc->c;
        for (int i = 0; i < count; i++)
        {
            yd[i] = y[i];
        }
        /* the float32 bound of test_dw_flt_routes.c */
        bool ok = true;
        for (int i = 0; i < count; i++)
        {
            const double e = yd[i] - refd[i];
            ok = ok && (e < 0 ? -e : e) <= (K * K + 2) * magd[i] / 16777216.0;
        }
        if (!ok)
        {
            kiln_test_context("f32 dw %s", pc->name);
        }
        KILN_CHECK(ok);
        const double macs = (double)count * K * K;
        if (kiln_counter_available())
        {
            printf("perf %s f32 dw %s: %.3f instr/MAC\n", kiln_board_name(), pc->name, n / macs);
            if (dft_mve_float() && pc->guard > 0.0)
            {
                KILN_CHECK(n / macs <= pc->guard);
            }
        }
    }
}
#endif

#if ARM_NN_ENABLE_F16
/* The float16 cases: the shared ones (pcases), the DS-CNN-S body layer (input 25x5x64, 3x3, padding 1,
 * stride 1) and a stride-2 layer (16x16x64 -> 8x8x64, padding 1). Regression guards on the Helium float backend,
 * instructions per MAC, for [3x3 16ch, 3x3 64ch, 3x3 16ch unpadded, -, -, DS-CNN 25x5x64, s2 16x16x64]
 * (negative: not asserted). Measured 0.951, 0.917, 0.982, -, -, 1.010, 1.373 with the ring/group Helium 3x3
 * kernel, stride 2 across on the ring path and a clamp that keeps NaN (compare and select: 2 instructions more
 * per output vector than VMAXNM/VMINNM, +0.03 per MAC; before it 0.916, 0.882, 0.947, -, -, 0.969). The stride-2
 * layer measured 2.78 one output at a time (before the ring path); the goal for it (<= 1.0) is not met.
 * Before the ring/group kernel: 1.792, 1.756, 1.636, -, -, 2.391. */
#define DW16_DS_H 25
#define DW16_DS_W 5
#define DW16_DS_C 64
#define DW16_MAX (DW16_DS_H * DW16_DS_W * DW16_DS_C)
#define DW16_S2_IN (16 * 16 * 64)
#define DW16_XMAX (DW16_S2_IN > IN_MAX ? (DW16_S2_IN > DW16_MAX ? DW16_S2_IN : DW16_MAX) : IN_MAX)
static const double dw16_mve_guard[7] = {0.97, 0.94, 1.00, -1.0, -1.0, 1.03, 1.40};

static void test_dw_f16_perf(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 92);
    static float16_t x[DW16_XMAX], w[K * K * CMAX], b[CMAX], y[DW16_MAX];
    static double xd[DW16_XMAX], yd[DW16_MAX], refd[DW16_MAX], magd[DW16_MAX];
    static float16_t scratch[K * K * CMAX];
    const size_t shared = sizeof(pcases) / sizeof(pcases[0]);
    for (size_t v = 0; v <= shared + 1; v++)
    {
        /* v == shared: the DS-CNN layer; v == shared + 1: 16x16x64 -> 8x8x64, stride 2, padding 1 */
        const perf_case ds = {"3x3 DS-CNN 25x5x64", DW16_DS_C, 1, 1, false};
        const perf_case s2 = {"3x3 s2 16x16x64", 64, 1, 1, false};
        const perf_case *pc = v < shared ? &pcases[v] : (v == shared ? &ds : &s2);
        const int32_t sd = v == shared + 1 ? 2 : 1;
        const int32_t oh = v < shared ? H : (v == shared ? DW16_DS_H : 8);
        const int32_t ow = v < shared ? W : (v == shared ? DW16_DS_W : 8);
        const int32_t ih = sd == 2 ? 16 : oh + (K - 1) * pc->dil - 2 * pc->pad;
        const int32_t iw = sd == 2 ? 16 : ow + (K - 1) * pc->dil - 2 * pc->pad;
        const cmsis_nn_dims in = {1, ih, iw, pc->c}, flt = {1, K, K, pc->c}, out = {1, oh, ow, pc->c};
        cmsis_nn_dw_conv_params_f16 dp;
        memset(&dp, 0, sizeof(dp));
        dp.ch_mult = 1;
        dp.stride = (cmsis_nn_tile){sd, sd};
        dp.padding = (cmsis_nn_tile){pc->pad, pc->pad};
        dp.dilation = (cmsis_nn_tile){pc->dil, pc->dil};
        dp.activation.min = (float16_t)-100.0f;
        dp.activation.max = (float16_t)100.0f;
        const dft_params mp = {1, dp.stride, dp.padding, dp.dilation};
        for (int i = 0; i < ih * iw * pc->c; i++)
        {
            x[i] = (float16_t)dft_rand_unit(&r);
            xd[i] = (double)x[i];
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
        dft_ref_dw(xd, w_d, b_d, &in, &flt, &out, &mp, refd, magd);
        const int32_t q = arm_depthwise_conv_f16_get_buffer_size(&dp, &in, &flt, &out, ARM_NN_LAYOUT_NHWC);
        KILN_CHECK_EQ(q, pc->dil == 1 ? 0 : (int32_t)(K * K * pc->c * sizeof(float16_t)));
        const cmsis_nn_context ctx = {pc->scratch ? scratch : NULL, pc->scratch ? q : 0};
        kiln_counter_start();
        const arm_cmsis_nn_status st =
            arm_depthwise_conv_f16(&ctx, &dp, &in, x, &flt, w, NULL, b, &out, y, ARM_NN_LAYOUT_NHWC);
        const double n = kiln_counter_stop();
        KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
        const int32_t count = oh * ow * pc->c;
        for (int i = 0; i < count; i++)
        {
            yd[i] = (double)y[i];
        }
        /* the float16 bound of test_dw_flt_routes.c */
        bool ok = true;
        for (int i = 0; i < count; i++)
        {
            const double a = refd[i] < 0 ? -refd[i] : refd[i];
            const double bound = (K * K + 2) * magd[i] / 16777216.0 + a / 2048.0 + 1.0 / 16777216.0;
            const double e = yd[i] - refd[i];
            ok = ok && (e < 0 ? -e : e) <= bound;
        }
        KILN_CHECK(ok);
        const double macs = (double)count * K * K;
        if (kiln_counter_available())
        {
            printf("perf %s f16 dw %s: %.3f instr/MAC\n", kiln_board_name(), pc->name, n / macs);
            if (dft_mve_float() && dw16_mve_guard[v] > 0.0)
            {
                KILN_CHECK(n / macs <= dw16_mve_guard[v]);
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
