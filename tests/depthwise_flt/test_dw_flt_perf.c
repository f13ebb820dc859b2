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
 * instructions per MAC, for [3x3 16ch, 3x3 64ch, 3x3 16ch unpadded, dil2 nt_t, dil2 generic, DS-CNN 25x5x64,
 * s2 16x16x64] (negative: not asserted). The dilation-2 cases run the nt_t and generic routes' Helium kernels
 * (kernels/kiln_dw_flt_mve_f16_routes.c): measured 6.709 and 2.335 (with the portable kernels 23.319 and
 * 16.319). Measured 0.943, 0.909, 0.970, -, -, 0.946, 1.326 with the ring/group Helium 3x3
 * kernel (issue 5: a last group of five outputs at stride 1 instead of four and one, the ring rows widened four
 * columns per assembly loop, the stride-2 row loop without per-tap-row selects; before it 0.951, 0.917, 0.982,
 * -, -, 1.010, 1.373). The stride-2 layer stays above the issue's goal (<= 1.0): per output it widens four new
 * input columns (6.5 instructions each, 0.36 per MAC) and its group kernel alone takes 0.68 per MAC. With the
 * clamp that keeps NaN (compare and select: 2 instructions more per output vector than VMAXNM/VMINNM, +0.03 per
 * MAC). The stride-2 layer measured 2.78 one output at a time (before the ring path). Before the ring/group
 * kernel: 1.792, 1.756, 1.636, -, -, 2.391. */
#define DW16_DS_H 25
#define DW16_DS_W 5
#define DW16_DS_C 64
#define DW16_MAX (DW16_DS_H * DW16_DS_W * DW16_DS_C)
#define DW16_S2_IN (16 * 16 * 64)
#define DW16_XMAX (DW16_S2_IN > IN_MAX ? (DW16_S2_IN > DW16_MAX ? DW16_S2_IN : DW16_MAX) : IN_MAX)
static const double dw16_mve_guard[7] = {0.96, 0.93, 0.99, 6.92, 2.41, 0.97, 1.35};

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

/* The float16 routes other than 3x3, through arm_depthwise_conv_f16: generic (a 5x5 filter, ch_mult 1, and a 3x3
 * ch_mult 2 layer), conv1d k3 (a DS-CNN-style 1D layer), 2x5 and nt_t (the 5x5 layer with its queried scratch).
 * Checked against the double reference (the float16 bound of test_dw_flt_routes.c). Regression guards on the
 * Helium float backend, instructions per MAC (dw16r_cases[].guard, about 3% above the measured level). Measured
 * on the M55 with the portable C kernels: 13.729, 16.831, 17.525, 14.271, 17.720; with the Helium kernels of
 * kernels/kiln_dw_flt_mve_f16_routes.c: 1.376, 1.914, 2.061, 1.940, 3.674 (nt_t: the route copies a patch row
 * per output before the kernel; the generic route on the same layer takes 1.376). */
typedef struct
{
    const char *name;
    int route;
    int32_t ih, iw, c, cm, kh, kw, pad;
    bool scratch;
    double guard;
} dw16r_case;

static const dw16r_case dw16r_cases[] = {
    {"generic 5x5 12x12x32", DFT_ROUTE_GENERIC, 12, 12, 32, 1, 5, 5, 2, false, 1.42},
    {"generic cm2 3x3 10x10x16", DFT_ROUTE_GENERIC, 10, 10, 16, 2, 3, 3, 1, false, 1.97},
    {"k3 1x51x64", DFT_ROUTE_K3, 1, 51, 64, 1, 1, 3, 0, false, 2.12},
    {"2x5 2x24x32", DFT_ROUTE_2X5, 2, 24, 32, 1, 2, 5, 0, false, 2.00},
    {"nt_t 5x5 12x12x32", DFT_ROUTE_NT_T, 12, 12, 32, 1, 5, 5, 2, true, 3.79},
};
#define DW16R_IN_MAX (12 * 12 * 32)
#define DW16R_W_MAX (5 * 5 * 32)
#define DW16R_C_MAX 64

static void test_dw_f16_route_perf(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 93);
    static float16_t x[DW16R_IN_MAX], w[DW16R_W_MAX], b[DW16R_C_MAX], y[DW16R_IN_MAX], scratch[DW16R_W_MAX];
    static double xd[DW16R_IN_MAX], wd[DW16R_W_MAX], bd[DW16R_C_MAX], yd[DW16R_IN_MAX], refd[DW16R_IN_MAX],
        magd[DW16R_IN_MAX];
    for (size_t v = 0; v < sizeof(dw16r_cases) / sizeof(dw16r_cases[0]); v++)
    {
        const dw16r_case *pc = &dw16r_cases[v];
        const int32_t oc = pc->c * pc->cm;
        const int32_t oh = pc->ih + 2 * pc->pad - pc->kh + 1, ow = pc->iw + 2 * pc->pad - pc->kw + 1;
        const cmsis_nn_dims in = {1, pc->ih, pc->iw, pc->c}, flt = {1, pc->kh, pc->kw, oc}, out = {1, oh, ow, oc};
        const int32_t nin = pc->ih * pc->iw * pc->c, nw = pc->kh * pc->kw * oc, count = oh * ow * oc;
        if (!KILN_CHECK(nin <= DW16R_IN_MAX && nw <= DW16R_W_MAX && oc <= DW16R_C_MAX && count <= DW16R_IN_MAX))
        {
            return;
        }
        cmsis_nn_dw_conv_params_f16 dp;
        memset(&dp, 0, sizeof(dp));
        dp.ch_mult = pc->cm;
        dp.stride = (cmsis_nn_tile){1, 1};
        dp.padding = (cmsis_nn_tile){pc->pad, pc->pad};
        dp.dilation = (cmsis_nn_tile){1, 1};
        dp.activation.min = (float16_t)-100.0f;
        dp.activation.max = (float16_t)100.0f;
        const dft_params mp = {pc->cm, dp.stride, dp.padding, dp.dilation};
        for (int i = 0; i < nin; i++)
        {
            x[i] = (float16_t)dft_rand_unit(&r);
            xd[i] = (double)x[i];
        }
        for (int i = 0; i < nw; i++)
        {
            w[i] = (float16_t)dft_rand_unit(&r);
            wd[i] = (double)w[i];
        }
        for (int i = 0; i < oc; i++)
        {
            b[i] = (float16_t)dft_rand_unit(&r);
            bd[i] = (double)b[i];
        }
        dft_ref_dw(xd, wd, bd, &in, &flt, &out, &mp, refd, magd);
        const int32_t q = arm_depthwise_conv_f16_get_buffer_size(&dp, &in, &flt, &out, ARM_NN_LAYOUT_NHWC);
        const cmsis_nn_context ctx = {pc->scratch ? scratch : NULL, pc->scratch ? q : 0};
        int64_t bytes = 0;
        KILN_CHECK_EQ(dft_model_route(&mp, &dp, &in, &flt, &out, 2, ctx.size, &bytes), pc->route);
        KILN_CHECK(q >= 0 && (size_t)q <= sizeof(scratch));
        kiln_counter_start();
        const arm_cmsis_nn_status st =
            arm_depthwise_conv_f16(&ctx, &dp, &in, x, &flt, w, NULL, b, &out, y, ARM_NN_LAYOUT_NHWC);
        const double n = kiln_counter_stop();
        KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
        bool ok = true;
        const double taps = (double)pc->kh * pc->kw;
        for (int i = 0; i < count; i++)
        {
            yd[i] = (double)y[i];
            const double a = refd[i] < 0 ? -refd[i] : refd[i];
            const double bound = (taps + 2) * magd[i] / 16777216.0 + a / 2048.0 + 1.0 / 16777216.0;
            const double e = yd[i] - refd[i];
            ok = ok && (e < 0 ? -e : e) <= bound;
        }
        if (!ok)
        {
            kiln_test_context("f16 dw %s", pc->name);
        }
        KILN_CHECK(ok);
        const double macs = (double)count * taps;
        if (kiln_counter_available())
        {
            printf("perf %s f16 dw %s: %.3f instr/MAC\n", kiln_board_name(), pc->name, n / macs);
            if (dft_mve_float() && pc->guard > 0.0)
            {
                KILN_CHECK(n / macs <= pc->guard);
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
    KILN_RUN(test_dw_f16_route_perf);
#endif
    return kiln_test_finish();
}
