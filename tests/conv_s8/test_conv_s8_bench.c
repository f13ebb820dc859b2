/*
 * Kiln tests — int8 convolution instruction counts (kiln_counter_*, exact on the QEMU boards with
 * -icount): a 3x3 layer (16x16x16 -> 16x16x32, padding 1) and a 1x1 layer (16x16x32 -> 16x16x32)
 * through arm_convolve_wrapper_s8, reported as instructions per MAC; results checked against the
 * reference. On the host the counter is unavailable and only correctness is checked.
 */
#include <stdio.h>
#include <string.h>

#include "conv_s8_util.h"
#include "kiln_board.h"

static int8_t g_in[16 * 16 * 32];
static int8_t g_w[32 * 3 * 3 * 32];
static int8_t g_out[16 * 16 * 32];
static int8_t g_ref[16 * 16 * 32];
static int8_t g_scratch[4 * 3 * 3 * 32];
static int32_t g_bias[32], g_mult[32], g_shift[32], g_sums[32];

static void bench(const char *name, int32_t in_c, int32_t k, int32_t pad, int32_t out_c)
{
    kiln_rng r;
    kiln_rng_seed(&r, 7);
    const kiln_conv_s8_shape s = {1, 16, 16, in_c, k, k, in_c, 16, 16, out_c, 1, 1, pad, pad, 1, 1, 1, 1};
    kiln_rng_fill_s8(&r, g_in, 16 * 16 * in_c);
    kiln_rng_fill_s8(&r, g_w, (int64_t)out_c * k * k * in_c);
    for (int32_t i = 0; i < out_c; i++)
    {
        g_bias[i] = kiln_rng_range(&r, -5000, 5000);
        g_mult[i] = kiln_rng_range(&r, 1 << 30, INT32_MAX);
        g_shift[i] = -10;
    }
    const conv_case c = {s, 128, -5, -128, 127, g_in, g_w, g_bias, g_mult, g_shift};
    KILN_CHECK(conv_reference(&c, g_ref));
    cmsis_nn_conv_params cp;
    cmsis_nn_per_channel_quant_params qp;
    cmsis_nn_dims in_d, f_d, out_d, up_d, b_d = {1, 1, 1, out_c};
    conv_case_structs(&c, &cp, &qp, &in_d, &f_d, &out_d, &up_d);
    const int32_t need = arm_convolve_wrapper_s8_get_buffer_size(&cp, &in_d, &f_d, &out_d);
    KILN_CHECK(need >= 0 && need <= (int32_t)sizeof(g_scratch));
    const cmsis_nn_context ctx = {g_scratch, need};
    kiln_conv_s8_plan_t p;
    KILN_CHECK_EQ(kiln_conv_s8_plan(&s, KILN_NATIVE_ISA, &p), ARM_CMSIS_NN_SUCCESS);
    const double macs = 16.0 * 16.0 * out_c * k * k * in_c;
    for (int32_t sums = 0; sums < 2; sums++)
    {
        cmsis_nn_context ws = {NULL, 0};
#if !KILN_UPSTREAM_API
        if (sums && arm_convolve_s8_get_weights_sum_size(&out_d) > 0)
        {
            KILN_CHECK_EQ(arm_convolve_weight_sum(g_sums, g_w, &in_d, &f_d, &out_d, 128, g_bias), ARM_CMSIS_NN_SUCCESS);
            ws.buf = g_sums;
            ws.size = out_c * 4;
        }
        else if (sums)
        {
            continue;
        }
#else
        (void)g_sums; /* upstream API: no weight-sum argument, sums always on the fly */
        if (sums)
        {
            continue;
        }
#endif
        memset(g_out, 0, sizeof(g_out));
        kiln_counter_start();
        const arm_cmsis_nn_status st = conv_call(CONV_ENTRY_WRAPPER, &ctx, &ws, &cp, &qp, &in_d, g_in, &f_d, g_w, &b_d,
                                                 g_bias, NULL, &out_d, g_out);
        const double n = kiln_counter_stop();
        KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_MEM_S8(g_out, g_ref, 16 * 16 * out_c);
        if (kiln_counter_available())
        {
            printf("  %-4s route %-11s %s: %.0f instructions, %.0f MACs, %.3f instructions/MAC, scratch %d B\n", name,
                   p.route_name, sums ? "with weight sums   " : "sums on the fly    ", n, macs, n / macs, (int)need);
        }
    }
}

static void test_bench(void)
{
    bench("3x3", 16, 3, 1, 32);
    bench("1x1", 32, 1, 0, 32);
}

int main(void)
{
    printf("conv_s8_bench on %s\n", kiln_board_name());
    KILN_RUN(test_bench);
    return kiln_test_finish();
}
