/*
 * int8 depthwise convolution: instructions per MAC of the wrapper on a few layer shapes (the
 * board's instruction counter; the host build only checks results). Every measured output is
 * checked against kiln_reference, so this program fails on a wrong result.
 */
#include <stdio.h>
#include <string.h>

#include "arm_nnfunctions.h"
#include "Internal/kiln_dw_s8.h"
#include "dw_s8_test_util.h"
#include "kiln_board.h"
#include "kiln_ref.h"
#include "kiln_test.h"

static int8_t b_in[1 * 25 * 10 * 276];
static int8_t b_f[5 * 5 * 128];
static int32_t b_bias[276], b_mult[276], b_shift[276];
static int8_t b_out[1 * 24 * 24 * 128];
static int8_t b_ref[1 * 24 * 24 * 128];

static void bench(const char *label, dw_case *t, double mve_limit)
{
    kiln_rng r;
    kiln_rng_seed(&r, 1234);
    kiln_rng_fill_s8(&r, b_in, (int64_t)t->n * t->h * t->w * t->c);
    kiln_rng_fill_s8(&r, b_f, (int64_t)t->fh * t->fw * t->oc);
    for (int32_t i = 0; i < t->oc; i++)
    {
        b_bias[i] = kiln_rng_range(&r, -20000, 20000);
        b_mult[i] = kiln_rng_range(&r, 1 << 30, INT32_MAX);
        b_shift[i] = kiln_rng_range(&r, -9, -6);
    }
    t->input = b_in;
    t->filter = b_f;
    t->bias = b_bias;
    t->mult = b_mult;
    t->shift = b_shift;
    cmsis_nn_dw_conv_params p;
    cmsis_nn_per_channel_quant_params q;
    cmsis_nn_dims in, f, b, out;
    dw_case_structs(t, &p, &q, &in, &f, &b, &out);
    kiln_dw_s8_shape s;
    kiln_dw_s8_plan_t plan;
    KILN_CHECK(kiln_dw_s8_shape_from(&p, &in, &f, &out, &s));
    KILN_CHECK(kiln_dw_s8_plan(&s, KILN_NATIVE_ISA, &plan));
    const cmsis_nn_context ctx = {NULL, 0};
    kiln_counter_start();
#if KILN_UPSTREAM_API
    const arm_cmsis_nn_status st = arm_depthwise_conv_wrapper_s8(&ctx, &p, &q, &in, b_in, &f, b_f, &b, b_bias, &out, b_out);
#else
    const arm_cmsis_nn_status st =
        arm_depthwise_conv_wrapper_s8(&ctx, NULL, &p, &q, &in, b_in, &f, b_f, &b, b_bias, &out, b_out);
#endif
    const double instr = kiln_counter_stop();
    KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK_EQ(dw_case_ref(t, b_ref), KILN_REF_OK);
    kiln_test_context("bench %s", label);
    KILN_CHECK_MEM_S8(b_out, b_ref, (int64_t)t->n * t->oh * t->ow * t->oc);
    const double macs = (double)t->n * t->oh * t->ow * t->oc * t->fh * t->fw;
    if (kiln_counter_available())
    {
        printf("bench %-34s route %-7s %s: %10.0f instr, %8.0f MACs, %.3f instr/MAC\n", label, plan.name,
               kiln_board_name(), instr, macs, instr / macs);
    }
    else
    {
        printf("bench %-34s route %-7s %s: no counter\n", label, plan.name, kiln_board_name());
    }
    /* Helium performance guard (the instruction count is exact on the emulator) */
    if (KILN_NATIVE_ISA == KILN_ISA_MVE && kiln_counter_available() && mve_limit > 0.0)
    {
        KILN_CHECK(instr / macs <= mve_limit);
    }
}

static void test_bench(void)
{
    /* name, n, h, w, c, oh, ow, oc, cm, fh, fw, sh, sw, ph, pw, dh, dw, in_off, out_off, min, max */
    dw_case cases[] = {
        {"3x3 s1 p1 16x16x16", 1, 16, 16, 16, 16, 16, 16, 1, 3, 3, 1, 1, 1, 1, 1, 1, 128, -3, -128, 127, 0, 0, 0, 0, 0},
        {"3x3 s1 p1 24x24x32", 1, 24, 24, 32, 24, 24, 32, 1, 3, 3, 1, 1, 1, 1, 1, 1, 128, -3, -128, 127, 0, 0, 0, 0, 0},
        {"3x3 s1 p1 12x12x64", 1, 12, 12, 64, 12, 12, 64, 1, 3, 3, 1, 1, 1, 1, 1, 1, 128, -3, -128, 127, 0, 0, 0, 0, 0},
        {"3x3 s1 p1 8x8x128", 1, 8, 8, 128, 8, 8, 128, 1, 3, 3, 1, 1, 1, 1, 1, 1, 128, -3, -128, 127, 0, 0, 0, 0, 0},
        {"3x3 s1 p0 18x18x16", 1, 18, 18, 16, 16, 16, 16, 1, 3, 3, 1, 1, 0, 0, 1, 1, 128, -3, -128, 127, 0, 0, 0, 0, 0},
        {"3x3 s2 p1 24x24x32", 1, 24, 24, 32, 12, 12, 32, 1, 3, 3, 2, 2, 1, 1, 1, 1, 128, -3, -128, 127, 0, 0, 0, 0, 0},
        {"3x3 s1 p1 25x5x64 (DS-CNN-S)", 1, 25, 5, 64, 25, 5, 64, 1, 3, 3, 1, 1, 1, 1, 1, 1, 128, -3, -128, 127, 0, 0, 0, 0, 0},
        {"3x3 s2 p1x0 25x10x276 (DS-CNN-L)", 1, 25, 10, 276, 13, 5, 276, 1, 3, 3, 2, 2, 1, 0, 1, 1, 128, -3, -128, 127, 0, 0, 0, 0, 0},
        {"3x3 s1 p1 13x5x276 (DS-CNN-L)", 1, 13, 5, 276, 13, 5, 276, 1, 3, 3, 1, 1, 1, 1, 1, 1, 128, -3, -128, 127, 0, 0, 0, 0, 0},
        {"5x5 s1 p2 12x12x32 (opt)", 1, 12, 12, 32, 12, 12, 32, 1, 5, 5, 1, 1, 2, 2, 1, 1, 128, 5, -128, 127, 0, 0, 0, 0, 0},
        {"3x3 s1 p1 16x16x8 cm2 (generic)", 1, 16, 16, 8, 16, 16, 16, 2, 3, 3, 1, 1, 1, 1, 1, 1, 128, 0, -128, 127, 0, 0, 0, 0, 0},
        {"3x3 s1 p2 d2 16x16x8 cm2 (generic)", 1, 16, 16, 8, 16, 16, 16, 2, 3, 3, 1, 1, 2, 2, 2, 2, 128, 0, -128, 127, 0, 0, 0, 0, 0},
        {"3x3 s1 p1 12x12x8 cm3 (generic)", 1, 12, 12, 8, 12, 12, 24, 3, 3, 3, 1, 1, 1, 1, 1, 1, 128, 0, -128, 127, 0, 0, 0, 0, 0},
        {"3x3 s1 p1 16x16x1 cm32 (ic1)", 1, 16, 16, 1, 16, 16, 32, 32, 3, 3, 1, 1, 1, 1, 1, 1, 128, 0, -128, 127, 0, 0, 0, 0, 0},
    };
    /* Helium instructions/MAC guards of the "3x3" cases: the measured level plus about 2%
     * (measured, M55, with the channel-major tile kernel, its blocks' windows and stores worked out once
     * per call (ops), its padding written as runs, the top-byte requantization (these cases' activation
     * range is all of int8), the group setup's tap loop in assembly, one- and two-column windows copied by
     * the assembly fill and strips of up to 27 rows with the view chosen by cost: 0.659, 0.593, 0.662,
     * 8x8x128 0.739, 0.660, stride 2 0.929, DS-CNN-S 0.704, DS-CNN-L 1.026, DS-CNN-L stride 1 0.792;
     * with the geometry worked out per channel group 0.653, 0.595, 0.672, 0.767, 0.660, 0.939, 0.719,
     * 1.072, 0.830; with the general requantization and strips of 19 rows 0.681, 0.669, 0.708, 0.814,
     * 0.687, 0.971, 0.870, 1.380; before the tile kernel, with the 8-channel block kernel: 1.198, 1.128,
     * 1.249, 1.398, 1.199, 1.310, 1.529, 1.621). 0: none. */
    static const double mve_limits[] = {0.67, 0.61, 0.68, 0.76, 0.68, 0.95, 0.72, 1.05, 0.81, 0, 0, 0, 0, 0};
    KILN_CHECK_EQ((int)(sizeof(mve_limits) / sizeof(mve_limits[0])), (int)(sizeof(cases) / sizeof(cases[0])));
    for (int32_t k = 0; k < (int32_t)(sizeof(cases) / sizeof(cases[0])); k++)
    {
        bench(cases[k].name, &cases[k], mve_limits[k]);
    }
}

int main(void)
{
    KILN_RUN(test_bench);
    return kiln_test_finish();
}
