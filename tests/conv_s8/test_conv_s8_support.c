/*
 * Kiln tests — the convolution family's support kernels, randomized against naive loops built on
 * the reference requantization (kiln_ref_multiply_by_quantized_multiplier), with output guards and
 * argument checks: arm_nn_mat_mult_nt_t_s8 (upstream form and ns weight sums),
 * arm_nn_mat_mult_nt_t_1x1_out_s8, arm_nn_mat_mult_nt_t_s8_s32, arm_nn_mat_mul_core_1x_s8,
 * arm_nn_mat_mul_core_4x_s8, arm_nn_mat_mult_kernel_s8_s16, arm_q7_to_q15_with_offset,
 * arm_s8_to_s16_unordered_with_offset.
 */
#include <stdio.h>
#include <string.h>

#include "arm_nnfunctions.h"
#include "arm_nnsupportfunctions.h"
#include "kiln_board.h"
#include "kiln_ref.h"
#include "kiln_test.h"

#define G 16
#define SENT ((int8_t)0x6B)

static int8_t g_lhs[8192];
static int8_t g_rhs[8192];
static int32_t g_bias[128], g_mult[128], g_shift[128], g_sums[128];
static int8_t g_out[8192 + 2 * G];
static int8_t g_want[8192];

static int8_t ref_out(int32_t acc, int32_t c, int32_t off, int32_t lo, int32_t hi)
{
    int32_t v = kiln_ref_multiply_by_quantized_multiplier(acc, g_mult[c], g_shift[c]) + off;
    v = v < lo ? lo : v;
    v = v > hi ? hi : v;
    return (int8_t)v;
}

static void fill_quant(kiln_rng *r, int32_t n, int32_t k)
{
    int32_t log2k = 0;
    while ((1 << log2k) < k)
    {
        log2k++;
    }
    for (int32_t i = 0; i < n; i++)
    {
        g_bias[i] = kiln_rng_range(r, -20000, 20000);
        g_mult[i] = kiln_rng_range(r, 1 << 30, INT32_MAX);
        g_shift[i] = -(7 + log2k / 2) + kiln_rng_range(r, -3, 2);
    }
}

static bool guards_ok(const int8_t *p, int64_t used)
{
    for (int32_t i = 0; i < G; i++)
    {
        if (p[i] != SENT || p[G + used + i] != SENT)
        {
            return false;
        }
    }
    return true;
}

static void test_mat_mult_nt_t(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x5A11u);
    const int32_t n = kiln_test_iterations(2000, 200);
    for (int32_t it = 0; it < n; it++)
    {
        const int32_t rows = kiln_rng_range(&r, 0, 9);
        const int32_t oc = kiln_rng_range(&r, 1, 23);
        const int32_t k = kiln_rng_range(&r, 1, 70);
        const int32_t lhs_stride = k + kiln_rng_range(&r, 0, 5);
        const int32_t dst_stride = oc + kiln_rng_range(&r, 0, 4);
        const int32_t off = kiln_rng_range(&r, -127, 128), doff = kiln_rng_range(&r, -128, 127);
        const int32_t lo = kiln_rng_range(&r, -128, 0), hi = kiln_rng_range(&r, 0, 127);
        const bool with_bias = kiln_rng_range(&r, 0, 3) != 0;
        const int32_t variant = kiln_rng_range(&r, 0, KILN_UPSTREAM_API ? 0 : 2); /* 1, 2: ns weight sums */
        kiln_rng_fill_s8(&r, g_lhs, (int64_t)rows * lhs_stride + 1);
        kiln_rng_fill_s8(&r, g_rhs, (int64_t)oc * k);
        fill_quant(&r, oc, k);
        const int64_t used = rows > 0 ? (int64_t)(rows - 1) * dst_stride + oc : 0;
        memset(g_out, SENT, sizeof(g_out));
        memset(g_want, SENT, sizeof(g_want));
        for (int32_t i = 0; i < rows; i++)
        {
            for (int32_t c = 0; c < oc; c++)
            {
                int32_t acc = with_bias ? g_bias[c] : 0;
                for (int32_t j = 0; j < k; j++)
                {
                    acc += (g_lhs[i * lhs_stride + j] + off) * g_rhs[c * k + j];
                }
                g_want[i * dst_stride + c] = ref_out(acc, c, doff, lo, hi);
            }
        }
        for (int32_t c = 0; c < oc; c++)
        {
            int32_t sw = 0;
            for (int32_t j = 0; j < k; j++)
            {
                sw += g_rhs[c * k + j];
            }
            g_sums[c] = sw * off + (with_bias ? g_bias[c] : 0);
        }
        kiln_test_context("nt_t it %d rows %d oc %d k %d variant %d", (int)it, (int)rows, (int)oc, (int)k, (int)variant);
        arm_cmsis_nn_status st;
#if KILN_UPSTREAM_API
        st = arm_nn_mat_mult_nt_t_s8(g_lhs, g_rhs, with_bias ? g_bias : NULL, g_out + G, g_mult, g_shift, rows, oc, k,
                                     off, doff, lo, hi, dst_stride, lhs_stride);
#else
        if (variant == 2)
        {
            st = arm_nn_mat_mult_nt_t_1x1_out_s8(g_sums, g_lhs, g_rhs, with_bias ? g_bias : NULL, g_out + G, g_mult,
                                                 g_shift, rows, oc, k, off, doff, lo, hi, dst_stride, lhs_stride);
        }
        else
        {
            st = arm_nn_mat_mult_nt_t_s8(variant == 1 ? g_sums : NULL, g_lhs, g_rhs, with_bias ? g_bias : NULL,
                                         g_out + G, g_mult, g_shift, rows, oc, k, off, doff, lo, hi, dst_stride,
                                         lhs_stride);
        }
#endif
        KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_MEM_S8(g_out + G, g_want, used);
        KILN_CHECK(guards_ok(g_out, used));
    }
    kiln_test_context("");
    /* Argument checks write nothing. */
    memset(g_out, SENT, sizeof(g_out));
#if KILN_UPSTREAM_API
#define NT_T(lhs, dst, mult, rows, oc, k, off, rstride, lstride)                                                      \
    arm_nn_mat_mult_nt_t_s8(lhs, g_rhs, NULL, dst, mult, g_shift, rows, oc, k, off, 0, -128, 127, rstride, lstride)
#else
#define NT_T(lhs, dst, mult, rows, oc, k, off, rstride, lstride)                                                      \
    arm_nn_mat_mult_nt_t_s8(NULL, lhs, g_rhs, NULL, dst, mult, g_shift, rows, oc, k, off, 0, -128, 127, rstride, lstride)
#endif
    fill_quant(&r, 8, 8);
    KILN_CHECK_EQ(NT_T(NULL, g_out + G, g_mult, 2, 8, 8, 0, 8, 8), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(NT_T(g_lhs, NULL, g_mult, 2, 8, 8, 0, 8, 8), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(NT_T(g_lhs, g_out + G, NULL, 2, 8, 8, 0, 8, 8), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(NT_T(g_lhs, g_out + G, g_mult, -1, 8, 8, 0, 8, 8), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(NT_T(g_lhs, g_out + G, g_mult, 2, 8, 8, 129, 8, 8), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(NT_T(g_lhs, g_out + G, g_mult, 2, 8, 8, 0, 7, 8), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(NT_T(g_lhs, g_out + G, g_mult, 2, 8, 8, 0, 8, 7), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(NT_T(g_lhs, g_out + G, g_mult, 70000, 8, 8, 0, 40000, 8), ARM_CMSIS_NN_ARG_ERROR);
    g_shift[3] = 31;
    KILN_CHECK_EQ(NT_T(g_lhs, g_out + G, g_mult, 2, 8, 8, 0, 8, 8), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK(guards_ok(g_out, 0) && g_out[G] == SENT);
}

/* Requantization edges of the GEMM: biases around +-2^29 and near the int32 limits, shifts around
 * -22/-23 and at -31, 0 and 1, multipliers 0, 1 and INT32_MAX, and dot lengths around 16384 and
 * 20000 with the largest products (the DSP kernels switch between a fast and a scalar
 * requantization on exactly these bounds). */
static void test_gemm_quant_edges(void)
{
    static int8_t lhs[3 * 20000 + 4], rhs[3 * 20000 + 4];
    static const int32_t biases[] = {0,           1 << 29,          -(1 << 29),       (1 << 29) + 1,
                                     -(1 << 29) - 1, INT32_MAX - (1 << 22), INT32_MIN + (1 << 22), 1 << 30};
    static const int32_t shifts[] = {-31, -30, -23, -22, -21, -12, -2, -1, 0, 1};
    static const int32_t mults[] = {0, 1, 1 << 30, INT32_MAX, 1518500250};
    kiln_rng r;
    kiln_rng_seed(&r, 0x5A16u);
    const int32_t n = kiln_test_iterations(600, 100);
    for (int32_t it = 0; it < n; it++)
    {
        const bool big = it % 8 == 7;
        const int32_t rows = big ? kiln_rng_range(&r, 1, 3) : kiln_rng_range(&r, 1, 9);
        const int32_t oc = big ? kiln_rng_range(&r, 1, 3) : kiln_rng_range(&r, 1, 23);
        const bool extreme = it % 16 == 15;
        const int32_t k = big ? (extreme ? 20000 : kiln_rng_range(&r, 16383, 16385)) : kiln_rng_range(&r, 1, 70);
        const int32_t off = big ? 128 : kiln_rng_range(&r, -127, 128), doff = kiln_rng_range(&r, -128, 127);
        const int32_t lo = kiln_rng_range(&r, -128, 0), hi = kiln_rng_range(&r, 0, 127);
        kiln_rng_fill_s8(&r, lhs, (int64_t)rows * k);
        kiln_rng_fill_s8(&r, rhs, (int64_t)oc * k);
        if (extreme)
        {
            /* Largest sums: every product (127 + off) * -128 with off = 128. */
            memset(lhs, 127, (size_t)rows * (size_t)k);
            memset(rhs, -128, (size_t)oc * (size_t)k);
        }
        for (int32_t c = 0; c < oc; c++)
        {
            const int32_t kind = kiln_rng_range(&r, 0, 3);
            g_shift[c] = kind == 0 ? kiln_rng_range(&r, -31, 1) : shifts[kiln_rng_range(&r, 0, 9)];
            g_mult[c] = kind == 1 ? kiln_rng_range(&r, 0, INT32_MAX) : mults[kiln_rng_range(&r, 0, 4)];
            /* Near-limit biases only with right shifts and short dots (the sums stay within int32). */
            g_bias[c] = g_shift[c] >= 0 ? kiln_rng_range(&r, -20000, 20000)
                                        : big ? biases[kiln_rng_range(&r, 0, 4)] : biases[kiln_rng_range(&r, 0, 7)];
            if (big && g_shift[c] >= -8)
            {
                g_shift[c] = -9; /* keep the scalar left-shift path away from the sums of 2^29 and more */
            }
            if (extreme)
            {
                g_bias[c] = -(1 << 29); /* with 20000 products of -32640: |sum| > 2^30 */
                g_mult[c] = kiln_rng_range(&r, 1 << 30, INT32_MAX);
            }
        }
        memset(g_out, SENT, sizeof(g_out));
        for (int32_t i = 0; i < rows; i++)
        {
            for (int32_t c = 0; c < oc; c++)
            {
                int32_t acc = g_bias[c];
                for (int32_t j = 0; j < k; j++)
                {
                    acc += (lhs[i * k + j] + off) * rhs[c * k + j];
                }
                g_want[i * oc + c] = ref_out(acc, c, doff, lo, hi);
            }
        }
        kiln_test_context("gemm quant edges it %d rows %d oc %d k %d", (int)it, (int)rows, (int)oc, (int)k);
#if KILN_UPSTREAM_API
        const arm_cmsis_nn_status st = arm_nn_mat_mult_nt_t_s8(lhs, rhs, g_bias, g_out + G, g_mult, g_shift, rows, oc,
                                                               k, off, doff, lo, hi, oc, k);
#else
        const arm_cmsis_nn_status st = arm_nn_mat_mult_nt_t_s8(NULL, lhs, rhs, g_bias, g_out + G, g_mult, g_shift, rows,
                                                               oc, k, off, doff, lo, hi, oc, k);
#endif
        KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_MEM_S8(g_out + G, g_want, (int64_t)rows * oc);
        KILN_CHECK(guards_ok(g_out, (int64_t)rows * oc));
    }
    kiln_test_context("");
}

static void test_mat_mult_s8_s32(void)
{
    static int32_t dst[4096], want[4096];
    kiln_rng r;
    kiln_rng_seed(&r, 0x5A12u);
    const int32_t n = kiln_test_iterations(2000, 200);
    for (int32_t it = 0; it < n; it++)
    {
        const int32_t m = kiln_rng_range(&r, 0, 7), kk = kiln_rng_range(&r, 0, 40), nn = kiln_rng_range(&r, 0, 9);
        const int32_t step = kiln_rng_range(&r, 1, 3), off = kiln_rng_range(&r, -127, 128);
        kiln_rng_fill_s8(&r, g_lhs, (int64_t)m * kk + 1);
        kiln_rng_fill_s8(&r, g_rhs, (int64_t)nn * kk + 1);
        const int32_t total = m * nn * step + 4;
        for (int32_t i = 0; i < total; i++)
        {
            dst[i] = want[i] = (int32_t)kiln_rng_range(&r, -1000, 1000);
        }
        for (int32_t a = 0; a < m; a++)
            for (int32_t b = 0; b < nn; b++)
            {
                int32_t acc = 0;
                for (int32_t i = 0; i < kk; i++)
                {
                    acc += (g_lhs[a * kk + i] + off) * g_rhs[b * kk + i];
                }
                want[a * step * nn + b * step] += acc;
            }
        kiln_test_context("s8_s32 it %d", (int)it);
        KILN_CHECK_EQ(arm_nn_mat_mult_nt_t_s8_s32(g_lhs, g_rhs, dst, m, kk, nn, off, step), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_MEM_S32(dst, want, total);
    }
    kiln_test_context("");
    KILN_CHECK_EQ(arm_nn_mat_mult_nt_t_s8_s32(NULL, g_rhs, dst, 1, 1, 1, 0, 1), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_nn_mat_mult_nt_t_s8_s32(g_lhs, g_rhs, dst, 1, 1, 1, 0, 0), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_nn_mat_mult_nt_t_s8_s32(g_lhs, g_rhs, dst, -1, 1, 1, 0, 1), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_nn_mat_mult_nt_t_s8_s32(g_lhs, g_rhs, dst, 1, 1, 1, 200, 1), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_nn_mat_mult_nt_t_s8_s32(g_lhs, g_rhs, dst, 70000, 1, 70000, 0, 1), ARM_CMSIS_NN_ARG_ERROR);
}

static void test_core_1x_4x(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x5A13u);
    const int32_t n = kiln_test_iterations(2000, 200);
    for (int32_t it = 0; it < n; it++)
    {
        const int32_t k = kiln_rng_range(&r, 1, 60), skip = kiln_rng_range(&r, 0, 6), oc = kiln_rng_range(&r, 1, 21);
        const int32_t row_step = k + kiln_rng_range(&r, 0, 5);
        cmsis_nn_conv_params cp = {0};
        cp.input_offset = kiln_rng_range(&r, -127, 128);
        cp.output_offset = kiln_rng_range(&r, -128, 127);
        cp.activation.min = kiln_rng_range(&r, -128, 0);
        cp.activation.max = kiln_rng_range(&r, 0, 127);
        cmsis_nn_per_channel_quant_params qp = {g_mult, g_shift};
        const bool with_bias = kiln_rng_range(&r, 0, 2) != 0;
        const bool four = (it & 1) != 0;
        kiln_rng_fill_s8(&r, g_lhs, 4 * row_step);
        kiln_rng_fill_s8(&r, g_rhs, (int64_t)oc * (k + skip));
        fill_quant(&r, oc, k);
        const int32_t nrows = four ? 4 : 1;
        for (int32_t rr = 0; rr < nrows; rr++)
            for (int32_t c = 0; c < oc; c++)
            {
                const int32_t cstride = four ? k : k + skip;
                int32_t acc = with_bias ? g_bias[c] : 0;
                for (int32_t j = 0; j < k; j++)
                {
                    acc += (g_lhs[rr * row_step + j] + cp.input_offset) * g_rhs[c * cstride + j];
                }
                g_want[rr * oc + c] = ref_out(acc, c, cp.output_offset, cp.activation.min, cp.activation.max);
            }
        memset(g_out, SENT, sizeof(g_out));
        kiln_test_context("core %s it %d k %d skip %d oc %d", four ? "4x" : "1x", (int)it, (int)k, (int)skip, (int)oc);
        if (four)
        {
            int8_t *end = arm_nn_mat_mul_core_4x_s8(k, row_step, g_lhs, g_rhs, oc, &cp, &qp, with_bias ? g_bias : NULL,
                                                    g_out + G);
            KILN_CHECK(end == g_out + G + 4 * oc);
        }
        else
        {
            KILN_CHECK_EQ(arm_nn_mat_mul_core_1x_s8(k, skip, g_lhs, g_rhs, oc, &cp, &qp, with_bias ? g_bias : NULL,
                                                    g_out + G),
                          ARM_CMSIS_NN_SUCCESS);
        }
        KILN_CHECK_MEM_S8(g_out + G, g_want, nrows * oc);
        KILN_CHECK(guards_ok(g_out, nrows * oc));
    }
    kiln_test_context("");
    cmsis_nn_conv_params cp = {0};
    cp.activation.min = -128;
    cp.activation.max = 127;
    cmsis_nn_per_channel_quant_params qp = {g_mult, g_shift};
    fill_quant(&r, 8, 8);
    KILN_CHECK(arm_nn_mat_mul_core_4x_s8(8, 7, g_lhs, g_rhs, 8, &cp, &qp, NULL, g_out) == NULL);
    KILN_CHECK(arm_nn_mat_mul_core_4x_s8(8, 8, NULL, g_rhs, 8, &cp, &qp, NULL, g_out) == NULL);
    KILN_CHECK_EQ(arm_nn_mat_mul_core_1x_s8(8, -1, g_lhs, g_rhs, 8, &cp, &qp, NULL, g_out), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_nn_mat_mul_core_1x_s8(8, 0, g_lhs, g_rhs, 8, NULL, &qp, NULL, g_out), ARM_CMSIS_NN_ARG_ERROR);
    cp.input_offset = 300;
    KILN_CHECK_EQ(arm_nn_mat_mul_core_1x_s8(8, 0, g_lhs, g_rhs, 8, &cp, &qp, NULL, g_out), ARM_CMSIS_NN_ARG_ERROR);
}

static void test_kernel_s8_s16(void)
{
    static int16_t b[512];
    kiln_rng r;
    kiln_rng_seed(&r, 0x5A14u);
    const int32_t n = kiln_test_iterations(2000, 200);
    for (int32_t it = 0; it < n; it++)
    {
        const int32_t k = kiln_rng_range(&r, 0, 100), aligned = k + kiln_rng_range(&r, 0, 3);
        const int32_t oc = kiln_rng_range(&r, 1, 17), off = kiln_rng_range(&r, -128, 127);
        const int32_t lo = kiln_rng_range(&r, -128, 0), hi = kiln_rng_range(&r, 0, 127);
        const bool with_bias = kiln_rng_range(&r, 0, 2) != 0;
        kiln_rng_fill_s8(&r, g_rhs, (int64_t)oc * k + 1);
        for (int32_t i = 0; i < 2 * aligned; i++)
        {
            b[i] = (int16_t)kiln_rng_range(&r, -255, 255);
        }
        fill_quant(&r, oc, k + 1);
        for (int32_t col = 0; col < 2; col++)
            for (int32_t c = 0; c < oc; c++)
            {
                int32_t acc = with_bias ? g_bias[c] : 0;
                for (int32_t j = 0; j < k; j++)
                {
                    acc += g_rhs[c * k + j] * b[col * aligned + j];
                }
                g_want[col * oc + c] = ref_out(acc, c, off, lo, hi);
            }
        memset(g_out, SENT, sizeof(g_out));
        kiln_test_context("kernel_s8_s16 it %d", (int)it);
        int8_t *end = arm_nn_mat_mult_kernel_s8_s16(g_rhs, b, (uint16_t)oc, g_shift, g_mult, off, (int16_t)lo,
                                                    (int16_t)hi, k, aligned, with_bias ? g_bias : NULL, g_out + G);
        KILN_CHECK(end == g_out + G + 2 * oc);
        KILN_CHECK_MEM_S8(g_out + G, g_want, 2 * oc);
        KILN_CHECK(guards_ok(g_out, 2 * oc));
    }
    kiln_test_context("");
    KILN_CHECK(arm_nn_mat_mult_kernel_s8_s16(g_rhs, b, 4, g_shift, g_mult, 0, -128, 127, 8, 7, NULL, g_out) == NULL);
    KILN_CHECK(arm_nn_mat_mult_kernel_s8_s16(g_rhs, b, 4, g_shift, g_mult, 0, 5, 4, 8, 8, NULL, g_out) == NULL);
    KILN_CHECK(arm_nn_mat_mult_kernel_s8_s16(NULL, b, 4, g_shift, g_mult, 0, -128, 127, 8, 8, NULL, g_out) == NULL);
}

static void test_widening(void)
{
    static int16_t dst[300], want[300];
    kiln_rng r;
    kiln_rng_seed(&r, 0x5A15u);
    for (int32_t it = 0; it < kiln_test_iterations(500, 100); it++)
    {
        const int32_t n = kiln_rng_range(&r, 0, 257);
        const int16_t off = (int16_t)kiln_rng_range(&r, -256, 256);
        kiln_rng_fill_s8(&r, g_lhs, n + 1);
        for (int32_t i = 0; i < 300; i++)
        {
            dst[i] = want[i] = 0x1234;
        }
        for (int32_t i = 0; i < n; i++)
        {
            want[i] = (int16_t)(g_lhs[i] + off);
        }
        kiln_test_context("q7_to_q15 n %d", (int)n);
        arm_q7_to_q15_with_offset(g_lhs, dst, n, off);
        KILN_CHECK_MEM_S16(dst, want, 300);
#if defined(ARM_MATH_DSP)
        for (int32_t i = 0; i + 4 <= n; i += 4)
        {
            want[i + 1] = (int16_t)(g_lhs[i + 2] + off);
            want[i + 2] = (int16_t)(g_lhs[i + 1] + off);
        }
        for (int32_t i = 0; i < 300; i++)
        {
            dst[i] = 0x1234;
        }
        kiln_test_context("s8_to_s16_unordered n %d", (int)n);
        arm_s8_to_s16_unordered_with_offset(g_lhs, dst, n, off);
        KILN_CHECK_MEM_S16(dst, want, 300);
#endif
    }
    kiln_test_context("");
    arm_q7_to_q15_with_offset(g_lhs, dst, -5, 0); /* nothing */
}

int main(void)
{
    printf("conv_s8_support on %s\n", kiln_board_name());
    KILN_RUN(test_mat_mult_nt_t);
    KILN_RUN(test_gemm_quant_edges);
    KILN_RUN(test_mat_mult_s8_s32);
    KILN_RUN(test_core_1x_4x);
    KILN_RUN(test_kernel_s8_s16);
    KILN_RUN(test_widening);
    return kiln_test_finish();
}
