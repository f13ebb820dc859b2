/*
 * Instructions per element of the int16 ADD and MUL (same shape, 4096 elements) on the emulated boards: the
 * Helium kernels of kernels/kiln_ew_int_mve.c (bounded: the level measured when they came in), the portable C on
 * the other backends (informational). Correctness: kiln_test_ew_q / kiln_test_ew_mul_prelu.
 */
#include <stdio.h>

#include "Internal/kiln_common.h"
#include "arm_nnfunctions.h"
#include "kiln_board.h"
#include "kiln_test.h"

#define N 4096

static int16_t g_a[N], g_b[N], g_o[N];

static void report(const char *what, double instr, double bound_dsp, double bound_mve)
{
    const double per = instr / N;
    printf("ew perf %s [%s] %s: %.0f instructions, %.3f per element\n", kiln_board_name(),
           kiln_isa_name(KILN_NATIVE_ISA), what, instr, per);
    if (KILN_NATIVE_ISA == KILN_ISA_MVE)
    {
        KILN_CHECK(per <= bound_mve);
    }
    else if (KILN_NATIVE_ISA == KILN_ISA_DSP)
    {
        KILN_CHECK(per <= bound_dsp);
    }
}

static void test_instruction_counts(void)
{
    if (!kiln_counter_available())
    {
        return;
    }
    kiln_rng rng;
    kiln_rng_seed(&rng, 9);
    for (int32_t i = 0; i < N; i++)
    {
        g_a[i] = (int16_t)kiln_rng_range(&rng, INT16_MIN, INT16_MAX);
        g_b[i] = (int16_t)kiln_rng_range(&rng, INT16_MIN, INT16_MAX);
    }
    /* An int16 ADD of TFLite's form but for the larger-scale input's multiplier (one half as 2^30 with a right shift
     * of 1 where TFLite prepares 2^30 with none): zero offsets, left shift 15, an output rescale */
    kiln_counter_start();
    arm_cmsis_nn_status st = arm_elementwise_add_s16(g_a, g_b, 0, 1 << 30, -1, 0, 1395864371, -1, 15, g_o, 0,
                                                     1 << 30, -14, INT16_MIN, INT16_MAX, N);
    double n = kiln_counter_stop();
    KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
    /* Helium 11.62 when it came in (portable C 95.1); DSP 41.26 (portable C 87.1: the DSP kernel's generic loop,
     * the loops specialised for TFLite's form below) */
    report("add s16", n, 42.5, 12.0);
    /* TFLite's int16 ADD as it prepares it: the larger-scale input with multiplier one half and no shift (exact) */
    kiln_counter_start();
    st = arm_elementwise_add_s16(g_a, g_b, 0, 1 << 30, 0, 0, 1395864371, -1, 15, g_o, 0, 1 << 30, -14, INT16_MIN,
                                 INT16_MAX, N);
    n = kiln_counter_stop();
    KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
    /* DSP 14.75 when it came in (portable C 87.1); Helium 11.62 -> 3.98 (the seventeenth session's loops of
     * TFLite's forms, 15 instructions per four elements) */
    report("add s16 (TFLite form)", n, 15.5, 4.06);
    kiln_counter_start();
    st = arm_elementwise_mul_s16(g_a, g_b, 0, 0, g_o, 0, 1 << 30, -16, INT16_MIN, INT16_MAX, N);
    n = kiln_counter_stop();
    KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
    /* Helium 6.57 -> 2.59 (the seventeenth session's loop of offsets 0: 10 instructions per four elements; portable C
     * 42.1); DSP 13.15 (portable C 40.1) */
    report("mul s16", n, 13.6, 2.65);
}

int main(void)
{
    KILN_RUN(test_instruction_counts);
    return kiln_test_finish();
}
