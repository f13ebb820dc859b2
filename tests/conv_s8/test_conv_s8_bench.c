/*
 * Kiln tests — int8 convolution instruction counts (kiln_counter_*, exact on the QEMU boards with
 * -icount): a 3x3 layer (16x16x16 -> 16x16x32, padding 1) and 1x1 layers (16x16x32 -> 16x16x32,
 * 16x16x16 -> 16x16x128; with the full int8 activation range and with a narrower one) through
 * arm_convolve_wrapper_s8, reported as instructions per MAC; results checked against the reference.
 * On the host the counter is unavailable and only correctness is checked. test_paths: small shapes
 * aimed at the dedicated kernel paths of these layers (dot lengths 16 and 32 read in place,
 * contiguous and strided, row counts around the Helium batch of 48, channel tails; DSP three-pixel
 * blocks (dot lengths 16, 32, 64) and their tails of 1-2 pixels; three-patch blocks with dot
 * lengths of 16-byte multiples and either step parity; all-negative and mixed shifts), each with
 * the exact queried scratch between guard bytes.
 */
#include <stdio.h>
#include <string.h>

#include "conv_s8_util.h"
#include "kiln_board.h"

static int8_t g_in[16 * 16 * 32];
static int8_t g_w[32 * 3 * 3 * 32];
static int8_t g_out[16 * 16 * 128];
static int8_t g_ref[16 * 16 * 128];
static int8_t g_scratch[4 * 3 * 3 * 32];
static int32_t g_bias[128], g_mult[128], g_shift[128], g_sums[128];

/*
 * Instruction-count guards (instructions per MAC, a small margin above the level reached; native
 * DSP and MVE builds on the emulator only). Measured with arm-none-eabi-gcc 12.2 -O2 on QEMU 7.2:
 *   M55 (MVE), weight sums given / on the fly: 3x3 16->32 0.196 / 0.198, 1x1 32->32 0.230 / 0.231,
 *   1x1 16->128 0.298 / 0.300 (before the kernels of 2026-11-29: 0.335 / 0.417, 0.361 / 0.365,
 *   0.473 / -; 3x3 on the fly 0.314 before the runner formed the sums once per chunk of channels,
 *   2026-12-02); 1x1 24->24 0.352 / 0.357 (the resident kernels with a predicated last vector, 2026-12-02; 0.499 /
 *   0.504 on the fused three-row blocks before).
 *   M4 (DSP, sums on the fly): 3x3 1.273 (1.836 before the four-patch blocks of 2026-12-02); 1x1 32->32 1.111,
 *   clamped 1.146; 1x1 16->128 1.357, clamped 1.427 (one pixel x eight channels, 2026-12-02; 1.263 / 1.310 and
 *   1.544 / 1.637 with the blocks of three pixels x two channels before; 2.146 and 2.719 before the assembly
 *   blocks of 2026-11-29); 1x1 24->24 1.427 (seven channels a pixel, 2026-12-02; 1.610 before).
 *   "clamped": an activation range narrower than int8 (the DSP blocks skip the clamp otherwise).
 */
static double bench_limit(const char *name, int32_t in_c, int32_t out_c, bool sums, bool clamped)
{
    const bool k3 = name[0] == '3';
    if (KILN_NATIVE_ISA == KILN_ISA_MVE)
    {
        if (k3)
        {
            return sums ? 0.205 : 0.207;
        }
        if (in_c == 24)
        {
            return 0.365;
        }
        return in_c == 16 && out_c == 128 ? 0.305 : 0.236;
    }
    if (KILN_NATIVE_ISA == KILN_ISA_DSP)
    {
        if (k3)
        {
            return 1.30;
        }
        if (in_c == 16 && out_c == 128)
        {
            return clamped ? 1.44 : 1.37;
        }
        if (in_c == 24)
        {
            return 1.45;
        }
        return clamped ? 1.16 : 1.125;
    }
    return 0.0; /* portable C: no guard */
}

/* act_lo / act_hi: the activation range (all of int8: no clamp needed). */
static void bench(const char *name, int32_t in_c, int32_t k, int32_t pad, int32_t out_c, int32_t act_lo, int32_t act_hi)
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
    const conv_case c = {s, 128, -5, act_lo, act_hi, g_in, g_w, g_bias, g_mult, g_shift};
    const bool clamped = act_lo != -128 || act_hi != 127;
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
            printf("  %-4s %d -> %d route %-11s %s%s: %.0f instructions, %.0f MACs, %.3f instructions/MAC, "
                   "scratch %d B\n",
                   name, (int)in_c, (int)out_c, p.route_name, sums ? "with weight sums" : "sums on the fly ",
                   clamped ? ", clamped" : "", n, macs, n / macs, (int)need);
            const double limit = bench_limit(name, in_c, out_c, sums != 0, clamped);
            if (limit > 0.0)
            {
                KILN_CHECK(n / macs <= limit);
            }
        }
    }
}

/* One small case through the wrapper (with and without weight sums), checked against the reference. */
static void path_case(kiln_rng *r, int32_t in_h, int32_t in_w, int32_t in_c, int32_t fh, int32_t fw, int32_t stride,
                      int32_t pad, int32_t out_c, bool mixed_shifts)
{
    static int8_t in[10 * 10 * 32], w[9 * 3 * 3 * 32], want[10 * 10 * 9];
    static int32_t bias[9], mult[9], shift[9];
    const int32_t out_h = (in_h + 2 * pad - fh) / stride + 1;
    const int32_t out_w = (in_w + 2 * pad - fw) / stride + 1;
    const kiln_conv_s8_shape s = {1, in_h, in_w, in_c, fh, fw, in_c, out_h, out_w, out_c, stride, stride, pad, pad,
                                  1, 1, 1, 1};
    kiln_rng_fill_s8(r, in, in_h * in_w * in_c);
    kiln_rng_fill_s8(r, w, out_c * fh * fw * in_c);
    for (int32_t i = 0; i < out_c; i++)
    {
        bias[i] = kiln_rng_range(r, -20000, 20000);
        mult[i] = kiln_rng_range(r, 1 << 30, INT32_MAX);
        shift[i] = mixed_shifts ? kiln_rng_range(r, -4, 2) : kiln_rng_range(r, -12, -6);
    }
    const int32_t lo = kiln_rng_range(r, -128, 0);
    const conv_case c = {s,
                         kiln_rng_range(r, -127, 128),
                         kiln_rng_range(r, -128, 127),
                         lo,
                         kiln_rng_range(r, lo, 127),
                         in,
                         w,
                         kiln_rng_range(r, 0, 3) == 0 ? NULL : bias,
                         mult,
                         shift};
    KILN_CHECK(conv_reference(&c, want));
    kiln_test_context("case %dx%dx%d filter %dx%d stride %d pad %d out_c %d shifts %s", (int)in_h, (int)in_w,
                      (int)in_c, (int)fh, (int)fw, (int)stride, (int)pad, (int)out_c,
                      mixed_shifts ? "mixed" : "negative");
    KILN_CHECK(conv_run_checked(&c, CONV_ENTRY_WRAPPER, false, want));
    KILN_CHECK(conv_run_checked(&c, CONV_ENTRY_WRAPPER, true, want));
}

static void test_paths(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 11);
    for (int32_t m = 0; m < 2; m++)
    {
        const bool mixed = m != 0;
        /* 1x1, dot length 16 / 32, in place: contiguous rows (35, 63, 100 rows) and strided rows. */
        path_case(&r, 5, 7, 16, 1, 1, 1, 0, 6, mixed);
        path_case(&r, 10, 10, 16, 1, 1, 1, 0, 4, mixed);
        path_case(&r, 9, 10, 16, 1, 1, 2, 0, 9, mixed);
        path_case(&r, 7, 9, 32, 1, 1, 1, 0, 9, mixed);
        path_case(&r, 10, 10, 32, 1, 1, 1, 0, 8, mixed);
        path_case(&r, 9, 9, 32, 1, 1, 2, 0, 5, mixed);
        path_case(&r, 3, 3, 16, 1, 1, 1, 0, 3, mixed);
        /* DSP three-pixel blocks (dot length 16 / 32, contiguous): 1, 2 pixels (no block), 3-5 (one
         * block and a tail of 0-2), odd channel counts, one channel. */
        path_case(&r, 1, 1, 16, 1, 1, 1, 0, 5, mixed);
        path_case(&r, 1, 2, 32, 1, 1, 1, 0, 4, mixed);
        path_case(&r, 1, 3, 32, 1, 1, 1, 0, 2, mixed);
        path_case(&r, 2, 2, 16, 1, 1, 1, 0, 7, mixed);
        path_case(&r, 1, 5, 32, 1, 1, 1, 0, 9, mixed);
        path_case(&r, 4, 5, 16, 1, 1, 1, 0, 1, mixed);
        path_case(&r, 5, 5, 32, 1, 1, 2, 0, 6, mixed);
        path_case(&r, 5, 5, 64, 1, 1, 1, 0, 7, mixed);
        path_case(&r, 2, 4, 64, 1, 1, 1, 0, 4, mixed);
        path_case(&r, 3, 3, 64, 1, 1, 1, 0, 3, mixed);
        /* Three-patch blocks, dot lengths 144 (even step count after the first), 288 (odd), 32, 48, 80. */
        path_case(&r, 6, 5, 16, 3, 3, 1, 1, 7, mixed);
        path_case(&r, 4, 4, 32, 3, 3, 1, 1, 5, mixed);
        path_case(&r, 5, 8, 16, 1, 2, 1, 0, 8, mixed);
        path_case(&r, 5, 8, 16, 1, 3, 1, 1, 6, mixed);
        path_case(&r, 4, 9, 16, 1, 5, 2, 2, 9, mixed);
    }
}

static void test_bench(void)
{
    bench("3x3", 16, 3, 1, 32, -128, 127);
    bench("1x1", 32, 1, 0, 32, -128, 127);
    bench("1x1", 16, 1, 0, 128, -128, 127);
    bench("1x1", 32, 1, 0, 32, -100, 90);
    bench("1x1", 16, 1, 0, 128, -100, 90);
    bench("1x1", 24, 1, 0, 24, -128, 127);
}

int main(void)
{
    printf("conv_s8_bench on %s\n", kiln_board_name());
    KILN_RUN(test_paths);
    KILN_RUN(test_bench);
    return kiln_test_finish();
}
