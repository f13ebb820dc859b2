/*
 * Kiln demo: runs the library's int8 operators through the public API on the board it was built
 * for, checks every result against a plain C computation of the TFLite formula, and prints the
 * executed instructions per call and per element (emulated boards count them exactly).
 *
 * This is the quick-start demo until the keyword-spotting network runs end to end (issue 6).
 */
#include <stdio.h>
#include <string.h>

#include "Include/arm_nnfunctions.h"
#include "kiln_board.h"

#define N 1024

static int8_t in1[N], in2[N], out[N], want[N];

static void fill(int8_t *v, int n, uint32_t seed)
{
    for (int i = 0; i < n; i++)
    {
        seed = seed * 1664525u + 1013904223u;
        v[i] = (int8_t)(seed >> 24);
    }
}

/* TFLite's rounding: (x * m) / 2^31 rounded half away from zero, then a rounding shift right. */
static int32_t plain_requantize(int32_t x, int32_t m, int32_t shift)
{
    int64_t v = (int64_t)x * (shift > 0 ? (1 << shift) : 1);
    int64_t p = v * m;
    int64_t hi = (p >= 0 ? p + (1ll << 30) : p - (1ll << 30) + 1) / (1ll << 31);
    int32_t r = shift < 0 ? -shift : 0;
    if (r == 0)
    {
        return (int32_t)hi;
    }
    int64_t half = 1ll << (r - 1);
    return (int32_t)(hi >= 0 ? (hi + half) >> r : -((-hi + half - 1) >> r));
}

static int32_t clamp(int32_t v, int32_t lo, int32_t hi)
{
    return v < lo ? lo : (v > hi ? hi : v);
}

static int report(const char *name, int n, double instr, int ok)
{
    if (kiln_counter_available())
    {
        printf("| %-24s | %6d | %12.0f | %8.2f | %-9s |\n", name, n, instr, instr / n, ok ? "bit-exact" : "MISMATCH");
    }
    else
    {
        printf("| %-24s | %6d | %12s | %8s | %-9s |\n", name, n, "n/a", "n/a", ok ? "bit-exact" : "MISMATCH");
    }
    return ok ? 0 : 1;
}

int main(void)
{
    int failures = 0;
    printf("Kiln %d.%d.%d demo on %s\n\n", KILN_VERSION_MAJOR, KILN_VERSION_MINOR, KILN_VERSION_PATCH,
           kiln_board_name());
    printf("| %-24s | %6s | %12s | %8s | %-9s |\n", "operator", "elems", "instructions", "per elem", "result");
    printf("|--------------------------|--------|--------------|----------|-----------|\n");

    /* arm_relu_q7 */
    fill(in1, N, 1);
    memcpy(out, in1, N);
    kiln_counter_start();
    arm_relu_q7(out, N);
    double t = kiln_counter_stop();
    for (int i = 0; i < N; i++)
    {
        want[i] = in1[i] < 0 ? 0 : in1[i];
    }
    failures += report("arm_relu_q7", N, t, memcmp(out, want, N) == 0);

    /* arm_elementwise_add_s8: the parameters TFLite derives for two inputs of similar scale */
    fill(in1, N, 2);
    fill(in2, N, 3);
    const int32_t o1 = 12, m1 = 1623821475, s1 = -2, o2 = -7, m2 = 1073741824, s2 = -1, ls = 20;
    const int32_t oo = -3, om = 1991868599, os = -19;
    kiln_counter_start();
    arm_cmsis_nn_status st = arm_elementwise_add_s8(in1, in2, o1, m1, s1, o2, m2, s2, ls, out, oo, om, os, -128, 127, N);
    t = kiln_counter_stop();
    for (int i = 0; i < N; i++)
    {
        int32_t a = plain_requantize((in1[i] + o1) * (1 << ls), m1, s1);
        int32_t b = plain_requantize((in2[i] + o2) * (1 << ls), m2, s2);
        want[i] = (int8_t)clamp(plain_requantize(a + b, om, os) + oo, -128, 127);
    }
    failures += report("arm_elementwise_add_s8", N, t, st == ARM_CMSIS_NN_SUCCESS && memcmp(out, want, N) == 0);

    /* arm_elementwise_mul_s8 */
    kiln_counter_start();
    st = arm_elementwise_mul_s8(in1, in2, o1, o2, out, oo, 1518500250, -8, -100, 100, N);
    t = kiln_counter_stop();
    for (int i = 0; i < N; i++)
    {
        want[i] = (int8_t)clamp(plain_requantize((in1[i] + o1) * (in2[i] + o2), 1518500250, -8) + oo, -100, 100);
    }
    failures += report("arm_elementwise_mul_s8", N, t, st == ARM_CMSIS_NN_SUCCESS && memcmp(out, want, N) == 0);

    printf("\n%s\n", failures == 0 ? "all results bit-exact" : "MISMATCHES FOUND");
    return failures == 0 ? 0 : 1;
}
