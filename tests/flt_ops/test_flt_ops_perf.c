/*
 * Float fully connected and pooling cost on the boards (executed instructions, QEMU instruction counter), on the
 * bench shapes: fully connected 256 inputs x 128 outputs (standard and NT_N_PACKED weights, batch 1), max pool
 * 2x2 stride 2 on 16x16x32, average pool 25x5 global on 25x5x64; float32 and float16. Each output is checked
 * against the double reference (the bounds of test_flt_ops_random.c) and the numbers are printed.
 * Regression guards on the Helium float backend (the guard tables state the measured levels).
 */
#include "flt_ops_test.h"
#include "kiln_board.h"

#include <stdio.h>

#define FC_K  256
#define FC_OC 128
#define MP_H  16
#define MP_W  16
#define MP_C  32
#define AP_H  25
#define AP_W  5
#define AP_C  64
#define U32   (1.0 / 16777216.0)
#define U16   (1.0 / 2048.0)
#define PERF_BLK32 4 /* NT_N_PACKED blocks: float32 4 outputs, float16 8 */
#define PERF_BLK16 8
#define PERF_XMAX  (MP_H * MP_W * MP_C) /* the largest input: max pool 16x16x32 (>= 25x5x64, >= 256) */

static bool perf_mve_float(void)
{
#if defined(ARM_MATH_MVEF) && !defined(ARM_MATH_AUTOVECTORIZE)
    return true;
#else
    return false;
#endif
}

/* Regression guards, instructions per MAC / tap on the Helium float backend (M55, QEMU mps3-an547), for
 * [fc standard, fc packed, max pool 2x2 s2 16x16x32, avg pool 25x5 global 25x5x64], about 3% above the levels
 * measured with the current kernels:
 *   float32: 0.716, 0.671, 1.481, 0.753 (before: 1.130, 1.319, 3.787, 1.236)
 *   float16: 1.105, 1.042, 0.944, 0.880 (before: 1.681, 1.423, 2.931, 1.329)
 * (max pool 1.824 / 1.562 before the seventeenth session's window walk of 64 bytes of channels in assembly,
 * Internal/kiln_pool_flt_mve.h, and the interior columns' spans skipped)
 * The goals (fc f32 <= 0.40, f16 <= 0.45 per MAC; pools <= 0.6 per tap) are not met. At batch 1 every
 * weight is loaded once (one VLDRW per four float32 weights) and feeds one VFMA lane, so float32 cannot go below
 * 0.5 per MAC with vector loads and FMAs, nor float16 below 0.625 (one load, two widenings, two FMAs per eight). */
static const double perf_f32_guard[4] = {0.74, 0.69, 1.51, 0.78};
static const double perf_f16_guard[4] = {1.14, 1.08, 0.96, 0.91};

static double x_d[PERF_XMAX];
static double w_d[FC_K * FC_OC], b_d[FC_OC], ref_d[MP_H * MP_W * MP_C], abs_d[MP_H * MP_W * MP_C];
static double got_d[MP_H * MP_W * MP_C], tol_d[MP_H * MP_W * MP_C];

static void perf_report(const char *what, double n, double work, double guard)
{
    if (kiln_counter_available())
    {
        printf("perf %s %s: %.3f instr/%s\n", kiln_board_name(), what, n / work,
               strstr(what, "fc") != NULL ? "MAC" : "tap");
        if (perf_mve_float() && guard > 0.0)
        {
            KILN_CHECK(n / work <= guard);
        }
    }
}

/* Fills the fully connected data (rounded to half when half), the reference and its bounds. */
static void fc_data(kiln_rng *r, bool half)
{
    for (int i = 0; i < FC_K; i++)
    {
        x_d[i] = fot_unit(r);
        x_d[i] = half ? (double)(float)(float16_t)(float)x_d[i] : (double)(float)x_d[i];
    }
    for (int i = 0; i < FC_K * FC_OC; i++)
    {
        w_d[i] = fot_unit(r);
        w_d[i] = half ? (double)(float)(float16_t)(float)w_d[i] : (double)(float)w_d[i];
    }
    for (int i = 0; i < FC_OC; i++)
    {
        b_d[i] = fot_unit(r);
        b_d[i] = half ? (double)(float)(float16_t)(float)b_d[i] : (double)(float)b_d[i];
    }
    fot_ref_fc(x_d, w_d, b_d, 1, FC_K, FC_OC, -100.0, 100.0, ref_d, abs_d);
    for (int i = 0; i < FC_OC; i++)
    {
        tol_d[i] = (FC_K + 2) * U32 * abs_d[i] + (half ? U16 * fabs(ref_d[i]) + 1.0 / 33554432.0 : 0.0);
    }
}

static void pool_data(kiln_rng *r, bool half, bool avg)
{
    const int32_t h = avg ? AP_H : MP_H, w = avg ? AP_W : MP_W, c = avg ? AP_C : MP_C;
    const int32_t k = avg ? 1 : 2;
    for (int i = 0; i < h * w * c; i++)
    {
        x_d[i] = fot_unit(r) * 8.0;
        x_d[i] = half ? (double)(float)(float16_t)(float)x_d[i] : (double)(float)x_d[i];
    }
    if (avg)
    {
        fot_ref_pool(x_d, 1, h, w, c, h, w, 1, 1, 0, 0, 1, 1, -100.0, 100.0, true, ref_d, abs_d);
    }
    else
    {
        fot_ref_pool(x_d, 1, h, w, c, k, k, k, k, 0, 0, h / k, w / k, -100.0, 100.0, false, ref_d, abs_d);
    }
    const int32_t ny = avg ? c : (h / k) * (w / k) * c;
    for (int i = 0; i < ny; i++)
    {
        tol_d[i] = avg ? (h * w + 3) * U32 * abs_d[i] + (half ? U16 * fabs(ref_d[i]) + 1.0 / 33554432.0 : 0.0) : 0.0;
    }
}

#if ARM_NN_ENABLE_F32
static void test_perf_f32(void)
{
    static float32_t x[PERF_XMAX], w[FC_K * FC_OC], wp[FC_K * FC_OC];
    static float32_t b[FC_OC], y[MP_H * MP_W * MP_C];
    kiln_rng r;
    kiln_rng_seed(&r, 4242);
    fc_data(&r, false);
    for (int i = 0; i < FC_K; i++)
        x[i] = (float32_t)x_d[i];
    for (int o = 0; o < FC_OC; o++)
    {
        b[o] = (float32_t)b_d[o];
        for (int i = 0; i < FC_K; i++)
        {
            w[o * FC_K + i] = (float32_t)w_d[o * FC_K + i];
            /* NT_N_PACKED: block o / 4, row i, lane o % 4 */
            wp[(o / PERF_BLK32) * PERF_BLK32 * FC_K + i * PERF_BLK32 + o % PERF_BLK32] =
                (float32_t)w_d[o * FC_K + i];
        }
    }
    const cmsis_nn_dims in = {1, 1, 1, FC_K}, flt = {FC_K, 1, 1, FC_OC}, bd = {1, 1, 1, FC_OC}, out = {1, 1, 1, FC_OC};
    for (int packed = 0; packed < 2; packed++)
    {
        cmsis_nn_fc_params_f32 fp;
        memset(&fp, 0, sizeof(fp));
        fp.activation.min = -100.0f;
        fp.activation.max = 100.0f;
        fp.weight_format = packed ? ARM_NN_WEIGHT_FORMAT_NT_N_PACKED : ARM_NN_WEIGHT_FORMAT_STANDARD;
        kiln_counter_start();
        const arm_cmsis_nn_status st =
            arm_fully_connected_f32(NULL, &fp, &in, x, &flt, packed ? wp : w, &bd, b, &out, y, ARM_NN_LAYOUT_NHWC);
        const double n = kiln_counter_stop();
        KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
        for (int i = 0; i < FC_OC; i++)
            got_d[i] = (double)y[i];
        KILN_CHECK(fot_close("fc f32", got_d, ref_d, tol_d, FC_OC));
        perf_report(packed ? "f32 fc 256x128 packed" : "f32 fc 256x128 standard", n, (double)FC_K * FC_OC,
                    perf_f32_guard[packed]);
    }
    for (int avg = 0; avg < 2; avg++)
    {
        pool_data(&r, false, avg != 0);
        const int32_t h = avg ? AP_H : MP_H, wd = avg ? AP_W : MP_W, c = avg ? AP_C : MP_C;
        for (int i = 0; i < h * wd * c; i++)
            x[i] = (float32_t)x_d[i];
        const cmsis_nn_dims pin = {1, h, wd, c};
        const cmsis_nn_dims pflt = {1, avg ? AP_H : 2, avg ? AP_W : 2, c};
        const cmsis_nn_dims pout = {1, avg ? 1 : h / 2, avg ? 1 : wd / 2, c};
        cmsis_nn_pool_params_f32 pp;
        memset(&pp, 0, sizeof(pp));
        pp.stride.h = avg ? 1 : 2;
        pp.stride.w = avg ? 1 : 2;
        pp.activation.min = -100.0f;
        pp.activation.max = 100.0f;
        kiln_counter_start();
        const arm_cmsis_nn_status st = avg ? arm_avg_pool_f32(NULL, &pp, &pin, x, &pflt, &pout, y)
                                           : arm_max_pool_f32(NULL, &pp, &pin, x, &pflt, &pout, y);
        const double n = kiln_counter_stop();
        KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
        const int32_t ny = pout.h * pout.w * c;
        for (int i = 0; i < ny; i++)
            got_d[i] = (double)y[i];
        KILN_CHECK(fot_close("pool f32", got_d, ref_d, tol_d, ny));
        const double taps = avg ? (double)AP_H * AP_W * AP_C : (double)ny * 4;
        perf_report(avg ? "f32 avg pool 25x5 global 25x5x64" : "f32 max pool 2x2 s2 16x16x32", n, taps,
                    perf_f32_guard[2 + avg]);
    }
}
#endif

#if ARM_NN_ENABLE_F16
static void test_perf_f16(void)
{
    static float16_t x[PERF_XMAX], w[FC_K * FC_OC], wp[FC_K * FC_OC];
    static float16_t b[FC_OC], y[MP_H * MP_W * MP_C];
    kiln_rng r;
    kiln_rng_seed(&r, 4243);
    fc_data(&r, true);
    for (int i = 0; i < FC_K; i++)
        x[i] = (float16_t)(float)x_d[i];
    for (int o = 0; o < FC_OC; o++)
    {
        b[o] = (float16_t)(float)b_d[o];
        for (int i = 0; i < FC_K; i++)
        {
            w[o * FC_K + i] = (float16_t)(float)w_d[o * FC_K + i];
            wp[(o / PERF_BLK16) * PERF_BLK16 * FC_K + i * PERF_BLK16 + o % PERF_BLK16] =
                (float16_t)(float)w_d[o * FC_K + i];
        }
    }
    const cmsis_nn_dims in = {1, 1, 1, FC_K}, flt = {FC_K, 1, 1, FC_OC}, bd = {1, 1, 1, FC_OC}, out = {1, 1, 1, FC_OC};
    for (int packed = 0; packed < 2; packed++)
    {
        cmsis_nn_fc_params_f16 fp;
        memset(&fp, 0, sizeof(fp));
        fp.activation.min = (float16_t)-100.0f;
        fp.activation.max = (float16_t)100.0f;
        fp.weight_format = packed ? ARM_NN_WEIGHT_FORMAT_NT_N_PACKED : ARM_NN_WEIGHT_FORMAT_STANDARD;
        kiln_counter_start();
        const arm_cmsis_nn_status st =
            arm_fully_connected_f16(NULL, &fp, &in, x, &flt, packed ? wp : w, &bd, b, &out, y, ARM_NN_LAYOUT_NHWC);
        const double n = kiln_counter_stop();
        KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
        for (int i = 0; i < FC_OC; i++)
            got_d[i] = (double)(float)y[i];
        KILN_CHECK(fot_close("fc f16", got_d, ref_d, tol_d, FC_OC));
        perf_report(packed ? "f16 fc 256x128 packed" : "f16 fc 256x128 standard", n, (double)FC_K * FC_OC,
                    perf_f16_guard[packed]);
    }
    for (int avg = 0; avg < 2; avg++)
    {
        pool_data(&r, true, avg != 0);
        const int32_t h = avg ? AP_H : MP_H, wd = avg ? AP_W : MP_W, c = avg ? AP_C : MP_C;
        for (int i = 0; i < h * wd * c; i++)
            x[i] = (float16_t)(float)x_d[i];
        const cmsis_nn_dims pin = {1, h, wd, c};
        const cmsis_nn_dims pflt = {1, avg ? AP_H : 2, avg ? AP_W : 2, c};
        const cmsis_nn_dims pout = {1, avg ? 1 : h / 2, avg ? 1 : wd / 2, c};
        cmsis_nn_pool_params_f16 pp;
        memset(&pp, 0, sizeof(pp));
        pp.stride.h = avg ? 1 : 2;
        pp.stride.w = avg ? 1 : 2;
        pp.activation.min = (float16_t)-100.0f;
        pp.activation.max = (float16_t)100.0f;
        kiln_counter_start();
        const arm_cmsis_nn_status st = avg ? arm_avg_pool_f16(NULL, &pp, &pin, x, &pflt, &pout, y)
                                           : arm_max_pool_f16(NULL, &pp, &pin, x, &pflt, &pout, y);
        const double n = kiln_counter_stop();
        KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
        const int32_t ny = pout.h * pout.w * c;
        for (int i = 0; i < ny; i++)
            got_d[i] = (double)(float)y[i];
        KILN_CHECK(fot_close("pool f16", got_d, ref_d, tol_d, ny));
        const double taps = avg ? (double)AP_H * AP_W * AP_C : (double)ny * 4;
        perf_report(avg ? "f16 avg pool 25x5 global 25x5x64" : "f16 max pool 2x2 s2 16x16x32", n, taps,
                    perf_f16_guard[2 + avg]);
    }
}
#endif

int main(void)
{
#if ARM_NN_ENABLE_F32
    KILN_RUN(test_perf_f32);
#endif
#if ARM_NN_ENABLE_F16
    KILN_RUN(test_perf_f16);
#endif
    return kiln_test_finish();
}
