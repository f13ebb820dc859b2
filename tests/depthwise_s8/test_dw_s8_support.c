/*
 * Depthwise support kernels: arm_nn_depthwise_conv_nt_t_s8 (ns: with and without weight sums;
 * upstream form), arm_nn_depthwise_conv_nt_t_padded_s8 and arm_nn_depthwise_conv_s8_core against
 * an oracle built on kiln_reference's requantization, with guard bytes and bad arguments.
 */
#include <string.h>

#include "arm_nnsupportfunctions.h"
#include "kiln_ref.h"
#include "kiln_test.h"

#define GUARD 16
#define POISON 0x66

static int8_t lhs[4 * 25 * CH_IN_BLOCK_MVE];
static int8_t rhs[25 * 200];
static int16_t col[2 * 25 * 130];
static int32_t bias[200], mult[200], shift[200], wsum[200];
static int8_t out[4 * 200 + 2 * GUARD];
static int8_t want[4 * 200];

static int8_t finish(int64_t acc, int32_t c, int32_t out_off, int32_t lo, int32_t hi)
{
    int32_t v = kiln_ref_multiply_by_quantized_multiplier((int32_t)acc, mult[c], shift[c]) + out_off;
    v = v < lo ? lo : v;
    v = v > hi ? hi : v;
    return (int8_t)v;
}

static bool guards_ok(int32_t n)
{
    for (int32_t i = 0; i < GUARD; i++)
    {
        if (out[i] != POISON || out[GUARD + n + i] != POISON)
        {
            return false;
        }
    }
    return true;
}

static void draw_quant(kiln_rng *r, int32_t n)
{
    for (int32_t c = 0; c < n; c++)
    {
        bias[c] = kiln_rng_range(r, -50000, 50000);
        mult[c] = kiln_rng_range(r, 1 << 30, INT32_MAX);
        shift[c] = kiln_rng_range(r, -11, 0);
    }
}

static void test_nt_t(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0xA11CE);
    const int32_t iters = kiln_test_iterations(600, 80);
    for (int32_t it = 0; it < iters; it++)
    {
        const int32_t active = kiln_rng_range(&r, 0, 3) == 0 ? CH_IN_BLOCK_MVE : kiln_rng_range(&r, 1, 40);
        const int32_t total = active + kiln_rng_range(&r, 0, 70);
        const int32_t rxc = kiln_rng_range(&r, 1, 25);
        const int32_t off = kiln_rng_range(&r, -127, 128);
        const int32_t out_off = kiln_rng_range(&r, -128, 127);
        const int32_t lo = kiln_rng_range(&r, -128, 0), hi = kiln_rng_range(&r, lo, 127);
        const bool with_bias = kiln_rng_range(&r, 0, 3) != 0;
        kiln_rng_fill_s8(&r, lhs, sizeof(lhs));
        kiln_rng_fill_s8(&r, rhs, (int64_t)rxc * total);
        draw_quant(&r, active);
        /* padded patches hold -offset where a tap is padding; that must add nothing */
        const bool pad_some = kiln_rng_range(&r, 0, 1) == 1 && off >= -127 && off <= 128;
        if (pad_some)
        {
            for (int32_t i = 0; i < (int32_t)sizeof(lhs); i++)
            {
                if (kiln_rng_range(&r, 0, 5) == 0)
                {
                    lhs[i] = (int8_t)(-off == 128 ? 127 : -off);
                }
            }
        }
        for (int32_t p = 0; p < 4; p++)
        {
            for (int32_t c = 0; c < active; c++)
            {
                int64_t acc = with_bias ? bias[c] : 0;
                for (int32_t t = 0; t < rxc; t++)
                {
                    acc += (int64_t)(lhs[(p * rxc + t) * CH_IN_BLOCK_MVE + c] + off) * rhs[t * total + c];
                }
                want[p * active + c] = finish(acc, c, out_off, lo, hi);
            }
        }
        for (int32_t c = 0; c < active; c++)
        {
            int32_t s = 0;
            for (int32_t t = 0; t < rxc; t++)
            {
                s += rhs[t * total + c];
            }
            wsum[c] = (with_bias ? bias[c] : 0) + off * s;
        }
        const int32_t n = 3 * total + active;
        for (int32_t variant = 0; variant < 3; variant++)
        {
            memset(out, POISON, sizeof(out));
            arm_cmsis_nn_status st;
            kiln_test_context("nt_t it %d variant %d active %d total %d rxc %d", (int)it, (int)variant, (int)active,
                              (int)total, (int)rxc);
            if (variant == 0)
            {
                st = arm_nn_depthwise_conv_nt_t_padded_s8(lhs, rhs, off, active, total, shift, mult, out_off, lo, hi,
                                                          (uint16_t)rxc, with_bias ? bias : NULL, out + GUARD);
            }
            else
            {
#if KILN_UPSTREAM_API
                if (variant == 2)
                {
                    continue;
                }
                st = arm_nn_depthwise_conv_nt_t_s8(lhs, rhs, off, active, total, shift, mult, out_off, lo, hi,
                                                   (uint16_t)rxc, with_bias ? bias : NULL, out + GUARD);
#else
                /* variant 1: no weight sums (formed inside); 2: ns weight sums, bias argument unused */
                st = arm_nn_depthwise_conv_nt_t_s8(variant == 2 ? wsum : NULL, lhs, rhs, off, active, total, shift,
                                                   mult, out_off, lo, hi, (uint16_t)rxc,
                                                   variant == 2 ? NULL : (with_bias ? bias : NULL), out + GUARD);
#endif
            }
            KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
            bool same = true;
            for (int32_t p = 0; p < 4; p++)
            {
                same &= memcmp(out + GUARD + p * total, want + p * active, (size_t)active) == 0;
                /* channels active..total of each output row are not written */
                for (int32_t c = active; c < total && p < 3; c++)
                {
                    same &= out[GUARD + p * total + c] == POISON;
                }
            }
            KILN_CHECK(same);
            KILN_CHECK(guards_ok(n));
        }
    }
}

static void test_core(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0xC0DE);
    const int32_t iters = kiln_test_iterations(600, 80);
    static int8_t row[25 * 130];
    for (int32_t it = 0; it < iters; it++)
    {
        const int32_t ch = kiln_rng_range(&r, 1, 130);
        const int32_t ks = kiln_rng_range(&r, 1, 25);
        const int32_t out_off = kiln_rng_range(&r, -128, 127);
        const bool with_bias = kiln_rng_range(&r, 0, 3) != 0;
        kiln_rng_fill_s8(&r, row, (int64_t)ks * ch);
        for (int32_t i = 0; i < 2 * ks * ch; i++)
        {
            col[i] = (int16_t)kiln_rng_range(&r, -255, 255);
        }
        draw_quant(&r, ch);
        for (int32_t k = 0; k < 2; k++)
        {
            for (int32_t c = 0; c < ch; c++)
            {
                int64_t acc = with_bias ? bias[c] : 0;
                for (int32_t t = 0; t < ks; t++)
                {
                    acc += (int64_t)row[t * ch + c] * col[k * ks * ch + t * ch + c];
                }
                want[k * ch + c] = finish(acc, c, out_off, -128, 127);
            }
        }
        memset(out, POISON, sizeof(out));
        kiln_test_context("core it %d ch %d ks %d", (int)it, (int)ch, (int)ks);
        int8_t *end = arm_nn_depthwise_conv_s8_core(row, col, (uint16_t)ch, shift, mult, out_off, -128, 127,
                                                    (uint16_t)ks, with_bias ? bias : NULL, out + GUARD);
        KILN_CHECK(end == out + GUARD + 2 * ch);
        KILN_CHECK_MEM_S8(out + GUARD, want, 2 * ch);
        KILN_CHECK(guards_ok(2 * ch));
    }
}

static void test_bad(void)
{
    draw_quant(&(kiln_rng){12345}, 8);
    memset(out, POISON, sizeof(out));
#if KILN_UPSTREAM_API
    KILN_CHECK_EQ(arm_nn_depthwise_conv_nt_t_s8(NULL, rhs, 0, 8, 8, shift, mult, 0, -128, 127, 9, NULL, out + GUARD),
                  ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_nn_depthwise_conv_nt_t_s8(lhs, rhs, 0, 9, 8, shift, mult, 0, -128, 127, 9, NULL, out + GUARD),
                  ARM_CMSIS_NN_ARG_ERROR);
#else
    KILN_CHECK_EQ(
        arm_nn_depthwise_conv_nt_t_s8(NULL, NULL, rhs, 0, 8, 8, shift, mult, 0, -128, 127, 9, NULL, out + GUARD),
        ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(
        arm_nn_depthwise_conv_nt_t_s8(NULL, lhs, rhs, 0, 9, 8, shift, mult, 0, -128, 127, 9, NULL, out + GUARD),
        ARM_CMSIS_NN_ARG_ERROR);
#endif
    KILN_CHECK_EQ(arm_nn_depthwise_conv_nt_t_padded_s8(lhs, NULL, 0, 8, 8, shift, mult, 0, -128, 127, 9, NULL,
                                                       out + GUARD),
                  ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_nn_depthwise_conv_nt_t_padded_s8(lhs, rhs, 0, CH_IN_BLOCK_MVE + 1, 200, shift, mult, 0, -128,
                                                       127, 9, NULL, out + GUARD),
                  ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_nn_depthwise_conv_nt_t_padded_s8(lhs, rhs, 0, 8, 8, shift, mult, 0, 5, 4, 9, NULL, out + GUARD),
                  ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_nn_depthwise_conv_nt_t_padded_s8(lhs, rhs, 0, 8, 8, shift, NULL, 0, -128, 127, 9, NULL,
                                                       out + GUARD),
                  ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(arm_nn_depthwise_conv_nt_t_padded_s8(lhs, rhs, 0, 8, 8, shift, mult, 0, -128, 127, 9, NULL, NULL),
                  ARM_CMSIS_NN_ARG_ERROR);
    shift[2] = 40;
    KILN_CHECK_EQ(arm_nn_depthwise_conv_nt_t_padded_s8(lhs, rhs, 0, 8, 8, shift, mult, 0, -128, 127, 9, NULL,
                                                       out + GUARD),
                  ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK(arm_nn_depthwise_conv_s8_core(NULL, col, 8, shift, mult, 0, -128, 127, 9, NULL, out + GUARD) ==
               NULL);
    shift[2] = -3;
    KILN_CHECK(arm_nn_depthwise_conv_s8_core(rhs, NULL, 8, shift, mult, 0, -128, 127, 9, NULL, out + GUARD) == NULL);
    KILN_CHECK(arm_nn_depthwise_conv_s8_core(rhs, col, 8, shift, mult, 0, 3, 2, 9, NULL, out + GUARD) == NULL);
    KILN_CHECK(arm_nn_depthwise_conv_s8_core(rhs, col, 8, NULL, mult, 0, -128, 127, 9, NULL, out + GUARD) == NULL);
    KILN_CHECK(arm_nn_depthwise_conv_s8_core(rhs, col, 8, shift, mult, 0, -128, 127, 9, NULL, NULL) == NULL);
    KILN_CHECK(guards_ok(0));
    bool untouched = true;
    for (int32_t i = 0; i < (int32_t)sizeof(out); i++)
    {
        untouched &= out[i] == POISON;
    }
    KILN_CHECK(untouched);
}

int main(void)
{
    KILN_RUN(test_nt_t);
    KILN_RUN(test_core);
    KILN_RUN(test_bad);
    return kiln_test_finish();
}
