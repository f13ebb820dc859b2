/*
 * Convolution support kernels added by h-supint: arm_nn_mat_mult_s8, arm_nn_mat_mult_nt_interleaved_t_even_s4,
 * arm_nn_depthwise_conv_nt_t_s4, arm_nn_depthwise_conv_nt_t_s16 and arm_nn_transpose_conv_row_s8_s32.
 * Each against a reference written here (plain loops, nibbles unpacked and lhs interleaved
 * independently, the requantization of tests/reference); the interleaved int4 GEMM also against
 * arm_nn_mat_mult_nt_t_s4 on the natural layout. Random shapes with tails, outputs between guards,
 * inputs unchanged, returned pointers, bad-input tables.
 */
#include <stdio.h>
#include <string.h>

#include "arm_nnsupportfunctions.h"
#include "kiln_board.h"
#include "kiln_ref.h"
#include "kiln_test.h"

#define G      16
#define SENT8  ((int8_t)0x6B)
#define SENT16 ((int16_t)0x6B6B)
#define SENT32 ((int32_t)0x6B6B6B6B)
#define MAXCH  40
#define MAXK   150

static int8_t g_w[MAXCH * 4 * CH_IN_BLOCK_MVE + 64];
static int8_t g_x[4 * 16 * CH_IN_BLOCK_MVE + 64];
static int8_t g_xi[4 * 16 * CH_IN_BLOCK_MVE + 64];
static int16_t g_x16[4 * 16 * MAXCH + 64];
static int32_t g_bias[MAXCH * 2], g_mult[MAXCH * 2], g_shift[MAXCH * 2];
static int64_t g_bias64[MAXCH * 2];
static int8_t g_out[4 * MAXCH * 8 + 2 * G], g_want[4 * MAXCH * 8 + 2 * G], g_out2[4 * MAXCH * 8 + 2 * G];
static int16_t g_out16[4 * MAXCH + 2 * G], g_want16[4 * MAXCH + 2 * G];
static uint8_t s_snap[sizeof(g_w) + sizeof(g_x) + sizeof(g_xi) + sizeof(g_x16) + 5 * 2 * MAXCH * 8];

static void snap(uint8_t *d)
{
    size_t o = 0;
#define SNAP(v)                                                                                                        \
    memcpy(d + o, (v), sizeof(v));                                                                                     \
    o += sizeof(v)
    SNAP(g_w);
    SNAP(g_x);
    SNAP(g_xi);
    SNAP(g_x16);
    SNAP(g_bias);
    SNAP(g_mult);
    SNAP(g_shift);
    SNAP(g_bias64);
#undef SNAP
}

static bool unchanged(void)
{
    static uint8_t now[sizeof(s_snap)];
    snap(now);
    return memcmp(now, s_snap, sizeof(s_snap)) == 0;
}

static int32_t nib(const int8_t *packed, int32_t e)
{
    const uint8_t byte = (uint8_t)packed[e / 2];
    const int32_t v = (e % 2 == 0) ? (byte & 0x0F) : (byte >> 4);
    return v >= 8 ? v - 16 : v;
}

static void fill_quant(kiln_rng *r, int32_t n)
{
    for (int32_t i = 0; i < n; i++)
    {
        g_mult[i] = kiln_rng_range(r, 0, 40) == 0 ? 0 : (int32_t)(0x40000000u | (kiln_rng_u32(r) >> 2));
        g_shift[i] = kiln_rng_range(r, -31, kiln_rng_range(r, 0, 5) == 0 ? 3 : -1);
        g_bias[i] = (int32_t)kiln_rng_u32(r) >> kiln_rng_range(r, 0, 24);
        g_bias64[i] = (int64_t)((int32_t)kiln_rng_u32(r) >> kiln_rng_range(r, 0, 24)) * 16;
    }
}

static void act8(kiln_rng *r, int32_t *lo, int32_t *hi)
{
    int32_t a = kiln_rng_range(r, -128, 127), b = kiln_rng_range(r, -128, 127);
    if (kiln_rng_range(r, 0, 2) == 0)
    {
        a = -128;
        b = 127;
    }
    *lo = a < b ? a : b;
    *hi = a < b ? b : a;
}

static int8_t ref_out8(uint32_t acc, int32_t c, int32_t off, int32_t lo, int32_t hi)
{
    int64_t v = (int64_t)kiln_ref_multiply_by_quantized_multiplier((int32_t)acc, g_mult[c], g_shift[c]) + off;
    v = v < lo ? lo : (v > hi ? hi : v);
    return (int8_t)v;
}

/* ---- arm_nn_mat_mult_s8 ---------------------------------------------------------------------- */

static void test_mat_mult_s8(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x5501);
    const int32_t iters = kiln_test_iterations(3000, 300);
    for (int32_t it = 0; it < iters; it++)
    {
        const int32_t n = kiln_rng_range(&r, 1, MAXCH);
        const int32_t cb = kiln_rng_range(&r, 1, 4);
        const int32_t k = kiln_rng_range(&r, 0, 3) == 0 ? kiln_rng_range(&r, 1, 5) : kiln_rng_range(&r, 1, MAXK);
        const int32_t coff = kiln_rng_range(&r, -127, 128);
        const int32_t ooff = kiln_rng_range(&r, -128, 127);
        int32_t lo, hi;
        act8(&r, &lo, &hi);
        const bool has_bias = kiln_rng_range(&r, 0, 3) != 0;
        kiln_rng_fill_s8(&r, g_w, (int64_t)n * k);
        kiln_rng_fill_s8(&r, g_x, (int64_t)cb * k);
        fill_quant(&r, n);
        snap(s_snap);
        memset(g_out, SENT8, sizeof(g_out));
        memcpy(g_want, g_out, sizeof(g_out));
        for (int32_t j = 0; j < cb; j++)
        {
            for (int32_t c = 0; c < n; c++)
            {
                uint32_t acc = has_bias ? (uint32_t)g_bias[c] : 0u;
                for (int32_t i = 0; i < k; i++)
                    acc += (uint32_t)(((int32_t)g_x[j * k + i] + coff) * g_w[c * k + i]);
                g_want[G + j * n + c] = ref_out8(acc, c, ooff, lo, hi);
            }
        }
        kiln_test_context("mat_mult_s8 iter %d n %d cb %d k %d", (int)it, (int)n, (int)cb, (int)k);
        const int8_t *ret = arm_nn_mat_mult_s8(g_w, g_x, (uint16_t)n, (uint16_t)cb, g_shift, g_mult, ooff, coff,
                                               kiln_rng_range(&r, -5, 5), (int16_t)lo, (int16_t)hi, (uint16_t)k,
                                               has_bias ? g_bias : NULL, g_out + G);
        KILN_CHECK(ret == g_out + G + cb * n);
        KILN_CHECK_MEM_S8(g_out, g_want, (int64_t)sizeof(g_out));
        KILN_CHECK(unchanged());
    }
    kiln_test_context("");
    int32_t m[2] = {1 << 30, 1 << 30}, s[2] = {0, 0}, mb[2] = {1 << 30, -3};
    int8_t d[8];
    memset(d, SENT8, sizeof(d));
#define NUL(call)                                                                                                      \
    do                                                                                                                 \
    {                                                                                                                  \
        KILN_CHECK((call) == NULL);                                                                                    \
        KILN_CHECK(d[0] == SENT8 && d[1] == SENT8 && d[7] == SENT8);                                                   \
    } while (0)
    NUL(arm_nn_mat_mult_s8(NULL, g_x, 2, 1, s, m, 0, 0, 0, -128, 127, 4, NULL, d));
    NUL(arm_nn_mat_mult_s8(g_w, NULL, 2, 1, s, m, 0, 0, 0, -128, 127, 4, NULL, d));
    NUL(arm_nn_mat_mult_s8(g_w, g_x, 2, 1, s, m, 0, 0, 0, -128, 127, 4, NULL, NULL));
    NUL(arm_nn_mat_mult_s8(g_w, g_x, 0, 1, s, m, 0, 0, 0, -128, 127, 4, NULL, d));
    NUL(arm_nn_mat_mult_s8(g_w, g_x, 2, 0, s, m, 0, 0, 0, -128, 127, 4, NULL, d));
    NUL(arm_nn_mat_mult_s8(g_w, g_x, 2, 5, s, m, 0, 0, 0, -128, 127, 4, NULL, d));
    NUL(arm_nn_mat_mult_s8(g_w, g_x, 2, 1, NULL, m, 0, 0, 0, -128, 127, 4, NULL, d));
    NUL(arm_nn_mat_mult_s8(g_w, g_x, 2, 1, s, NULL, 0, 0, 0, -128, 127, 4, NULL, d));
    NUL(arm_nn_mat_mult_s8(g_w, g_x, 2, 1, s, mb, 0, 0, 0, -128, 127, 4, NULL, d));
    NUL(arm_nn_mat_mult_s8(g_w, g_x, 2, 1, s, m, 128, 0, 0, -128, 127, 4, NULL, d));
    NUL(arm_nn_mat_mult_s8(g_w, g_x, 2, 1, s, m, 0, -128, 0, -128, 127, 4, NULL, d));
    NUL(arm_nn_mat_mult_s8(g_w, g_x, 2, 1, s, m, 0, 0, 0, 127, -128, 4, NULL, d));
    NUL(arm_nn_mat_mult_s8(g_w, g_x, 2, 1, s, m, 0, 0, 0, -128, 127, 0, NULL, d));
#undef NUL
}

/* ---- interleaved int4 GEMM -------------------------------------------------------------------- */

static void interleave_row(const int8_t *x, int8_t *xi, int32_t cols)
{
    const int32_t full = (cols / 32) * 32;
    for (int32_t b = 0; b < full; b += 32)
    {
        for (int32_t j = 0; j < 16; j++)
        {
            xi[b + j] = x[b + 2 * j + 1];
            xi[b + 16 + j] = x[b + 2 * j];
        }
    }
    for (int32_t k = full; k < cols; k++)
        xi[k] = x[k];
}

static void test_interleaved_s4(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x5502);
    const int32_t iters = kiln_test_iterations(3000, 300);
    for (int32_t it = 0; it < iters; it++)
    {
        const int32_t k = 2 * (kiln_rng_range(&r, 0, 3) == 0 ? kiln_rng_range(&r, 0, 20) : kiln_rng_range(&r, 1, 100));
        const int32_t n = kiln_rng_range(&r, 0, MAXCH);
        const int32_t m = kiln_rng_range(&r, 0, 6);
        const int32_t stride = k + 2 * kiln_rng_range(&r, 0, 3);
        const int32_t loff = kiln_rng_range(&r, -127, 128);
        const int32_t doff = kiln_rng_range(&r, -128, 127);
        int32_t lo, hi;
        act8(&r, &lo, &hi);
        const bool has_bias = kiln_rng_range(&r, 0, 3) != 0;
        kiln_rng_fill_s8(&r, g_w, ((int64_t)n * k + 1) / 2);
        kiln_rng_fill_s8(&r, g_x, (int64_t)m * stride);
        for (int32_t row = 0; row < m; row++)
            interleave_row(g_x + row * stride, g_xi + row * stride, k);
        fill_quant(&r, n);
        snap(s_snap);
        memset(g_out, SENT8, sizeof(g_out));
        memset(g_out2, SENT8, sizeof(g_out2));
        memcpy(g_want, g_out, sizeof(g_out));
        for (int32_t row = 0; row < m; row++)
        {
            for (int32_t c = 0; c < n; c++)
            {
                uint32_t acc = has_bias ? (uint32_t)g_bias[c] : 0u;
                for (int32_t i = 0; i < k; i++)
                    acc += (uint32_t)(((int32_t)g_x[row * stride + i] + loff) * nib(g_w, c * k + i));
                g_want[G + row * n + c] = ref_out8(acc, c, doff, lo, hi);
            }
        }
        kiln_test_context("interleaved_s4 iter %d m %d n %d k %d", (int)it, (int)m, (int)n, (int)k);
        KILN_CHECK_EQ(arm_nn_mat_mult_nt_interleaved_t_even_s4(g_xi, g_w, has_bias ? g_bias : NULL, g_out + G, g_mult,
                                                               g_shift, m, n, k, loff, doff, lo, hi, stride),
                      ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_MEM_S8(g_out, g_want, (int64_t)sizeof(g_out));
        /* the natural layout through arm_nn_mat_mult_nt_t_s4 gives the same matrix */
        KILN_CHECK_EQ(arm_nn_mat_mult_nt_t_s4(g_x, g_w, has_bias ? g_bias : NULL, g_out2 + G, g_mult, g_shift, m, n, k,
                                              loff, doff, lo, hi, stride),
                      ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_MEM_S8(g_out2, g_out, (int64_t)sizeof(g_out));
        KILN_CHECK(unchanged());
    }
    kiln_test_context("");
    int32_t mu[2] = {1 << 30, 1 << 30}, sh[2] = {0, 0};
    int8_t d[4];
    memset(d, SENT8, sizeof(d));
#define BAD(call)                                                                                                      \
    do                                                                                                                 \
    {                                                                                                                  \
        KILN_CHECK_EQ((call), ARM_CMSIS_NN_ARG_ERROR);                                                                 \
        KILN_CHECK(d[0] == SENT8 && d[3] == SENT8);                                                                    \
    } while (0)
    BAD(arm_nn_mat_mult_nt_interleaved_t_even_s4(g_x, g_w, NULL, d, mu, sh, 2, 2, 3, 0, 0, -128, 127, 4)); /* odd */
    BAD(arm_nn_mat_mult_nt_interleaved_t_even_s4(NULL, g_w, NULL, d, mu, sh, 2, 2, 4, 0, 0, -128, 127, 4));
    BAD(arm_nn_mat_mult_nt_interleaved_t_even_s4(g_x, NULL, NULL, d, mu, sh, 2, 2, 4, 0, 0, -128, 127, 4));
    BAD(arm_nn_mat_mult_nt_interleaved_t_even_s4(g_x, g_w, NULL, NULL, mu, sh, 2, 2, 4, 0, 0, -128, 127, 4));
    BAD(arm_nn_mat_mult_nt_interleaved_t_even_s4(g_x, g_w, NULL, d, NULL, sh, 2, 2, 4, 0, 0, -128, 127, 4));
    BAD(arm_nn_mat_mult_nt_interleaved_t_even_s4(g_x, g_w, NULL, d, mu, sh, -1, 2, 4, 0, 0, -128, 127, 4));
    BAD(arm_nn_mat_mult_nt_interleaved_t_even_s4(g_x, g_w, NULL, d, mu, sh, 2, 2, 4, 0, 0, -128, 127, 2));
    BAD(arm_nn_mat_mult_nt_interleaved_t_even_s4(g_x, g_w, NULL, d, mu, sh, 2, 2, 4, -128, 0, -128, 127, 4));
    BAD(arm_nn_mat_mult_nt_interleaved_t_even_s4(g_x, g_w, NULL, d, mu, sh, 2, 2, 4, 0, 0, 0, -1, 4));
#undef BAD
}

/* ---- depthwise nt_t: int4 and int16 ----------------------------------------------------------- */

static void test_dw_nt_t(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x5503);
    const int32_t iters = kiln_test_iterations(3000, 300);
    for (int is16 = 0; is16 < 2; is16++)
    {
        for (int32_t it = 0; it < iters; it++)
        {
            const int32_t total = kiln_rng_range(&r, 1, MAXCH);
            const int32_t active = is16 ? total : kiln_rng_range(&r, 0, total);
            const int32_t rxc = kiln_rng_range(&r, 0, 5) == 0 ? kiln_rng_range(&r, 0, 2) : kiln_rng_range(&r, 1, 12);
            const int32_t loff = kiln_rng_range(&r, -255, 255);
            const int32_t ooff = kiln_rng_range(&r, -255, 255);
            const bool has_bias = kiln_rng_range(&r, 0, 3) != 0;
            fill_quant(&r, total);
            int32_t lo, hi;
            if (is16)
            {
                for (int32_t c = 0; c < total; c++)
                    g_shift[c] = kiln_rng_range(&r, -31, 0);
                int32_t a = kiln_rng_range(&r, INT16_MIN, INT16_MAX), b = kiln_rng_range(&r, INT16_MIN, INT16_MAX);
                if (kiln_rng_range(&r, 0, 2) == 0)
                {
                    a = INT16_MIN;
                    b = INT16_MAX;
                }
                lo = a < b ? a : b;
                hi = a < b ? b : a;
                kiln_rng_fill_s8(&r, g_w, (int64_t)rxc * total);
                for (int32_t i = 0; i < 4 * rxc * total; i++)
                    g_x16[i] = (int16_t)kiln_rng_u32(&r);
            }
            else
            {
                act8(&r, &lo, &hi);
                kiln_rng_fill_s8(&r, g_w, ((int64_t)rxc * total + 1) / 2);
                kiln_rng_fill_s8(&r, g_x, (int64_t)4 * rxc * CH_IN_BLOCK_MVE);
            }
            snap(s_snap);
            const int32_t span = 4 * total;
            if (is16)
            {
                for (int32_t i = 0; i < span + 2 * G; i++)
                    g_out16[i] = SENT16;
                memcpy(g_want16, g_out16, sizeof(int16_t) * (size_t)(span + 2 * G));
            }
            else
            {
                memset(g_out, SENT8, sizeof(g_out));
                memcpy(g_want, g_out, sizeof(g_out));
            }
            for (int32_t p = 0; p < 4; p++)
            {
                for (int32_t c = 0; c < active; c++)
                {
                    if (is16)
                    {
                        int64_t sum = 0;
                        for (int32_t t = 0; t < rxc; t++)
                            sum += (int64_t)g_x16[(p * rxc + t) * total + c] * g_w[t * total + c];
                        int64_t v =
                            kiln_ref_requantize_s64_wide(sum, has_bias ? g_bias64[c] : 0, g_mult[c], g_shift[c]);
                        v = v < lo ? lo : (v > hi ? hi : v);
                        g_want16[G + p * total + c] = (int16_t)v;
                    }
                    else
                    {
                        uint32_t acc = has_bias ? (uint32_t)g_bias[c] : 0u;
                        for (int32_t t = 0; t < rxc; t++)
                            acc += (uint32_t)(((int32_t)g_x[(p * rxc + t) * CH_IN_BLOCK_MVE + c] + loff) *
                                              nib(g_w, t * total + c));
                        g_want[G + p * total + c] = ref_out8(acc, c, ooff, lo, hi);
                    }
                }
            }
            kiln_test_context("dw_nt_t s16 %d iter %d total %d active %d rxc %d", is16, (int)it, (int)total,
                              (int)active, (int)rxc);
            if (is16)
            {
                const int16_t *ret =
                    arm_nn_depthwise_conv_nt_t_s16(g_x16, g_w, (uint16_t)total, g_shift, g_mult, lo, hi, (uint16_t)rxc,
                                                   has_bias ? g_bias64 : NULL, g_out16 + G);
                KILN_CHECK(ret == g_out16 + G + 4 * total);
                KILN_CHECK_MEM_S16(g_out16, g_want16, span + 2 * G);
            }
            else
            {
                KILN_CHECK_EQ(arm_nn_depthwise_conv_nt_t_s4(g_x, g_w, loff, active, total, g_shift, g_mult, ooff, lo,
                                                            hi, (uint16_t)rxc, has_bias ? g_bias : NULL, g_out + G),
                              ARM_CMSIS_NN_SUCCESS);
                KILN_CHECK_MEM_S8(g_out, g_want, (int64_t)sizeof(g_out));
            }
            KILN_CHECK(unchanged());
        }
    }
    kiln_test_context("");
    int32_t mu[4] = {1 << 30, 1 << 30, 1 << 30, 1 << 30}, sh[4] = {0, 0, 0, 0}, shb[4] = {0, 0, 0, 31};
    int8_t d[16];
    int16_t d16[16];
    memset(d, SENT8, sizeof(d));
    for (int i = 0; i < 16; i++)
        d16[i] = SENT16;
#define BAD(call)                                                                                                      \
    do                                                                                                                 \
    {                                                                                                                  \
        KILN_CHECK_EQ((call), ARM_CMSIS_NN_ARG_ERROR);                                                                 \
        KILN_CHECK(d[0] == SENT8 && d[15] == SENT8);                                                                   \
    } while (0)
#define NUL(call)                                                                                                      \
    do                                                                                                                 \
    {                                                                                                                  \
        KILN_CHECK((call) == NULL);                                                                                    \
        KILN_CHECK(d16[0] == SENT16 && d16[15] == SENT16);                                                             \
    } while (0)
    BAD(arm_nn_depthwise_conv_nt_t_s4(NULL, g_w, 0, 4, 4, sh, mu, 0, -128, 127, 2, NULL, d));
    BAD(arm_nn_depthwise_conv_nt_t_s4(g_x, NULL, 0, 4, 4, sh, mu, 0, -128, 127, 2, NULL, d));
    BAD(arm_nn_depthwise_conv_nt_t_s4(g_x, g_w, 0, 4, 4, NULL, mu, 0, -128, 127, 2, NULL, d));
    BAD(arm_nn_depthwise_conv_nt_t_s4(g_x, g_w, 0, 4, 4, sh, NULL, 0, -128, 127, 2, NULL, d));
    BAD(arm_nn_depthwise_conv_nt_t_s4(g_x, g_w, 0, 4, 4, sh, mu, 0, -128, 127, 2, NULL, NULL));
    BAD(arm_nn_depthwise_conv_nt_t_s4(g_x, g_w, 0, 5, 4, sh, mu, 0, -128, 127, 2, NULL, d));
    BAD(arm_nn_depthwise_conv_nt_t_s4(g_x, g_w, 0, -1, 4, sh, mu, 0, -128, 127, 2, NULL, d));
    BAD(arm_nn_depthwise_conv_nt_t_s4(g_x, g_w, 256, 4, 4, sh, mu, 0, -128, 127, 2, NULL, d));
    BAD(arm_nn_depthwise_conv_nt_t_s4(g_x, g_w, 0, 4, 4, sh, mu, -256, -128, 127, 2, NULL, d));
    BAD(arm_nn_depthwise_conv_nt_t_s4(g_x, g_w, 0, 4, 4, shb, mu, 0, -128, 127, 2, NULL, d));
    BAD(arm_nn_depthwise_conv_nt_t_s4(g_x, g_w, 0, 4, 4, sh, mu, 0, 5, 4, 2, NULL, d));
    NUL(arm_nn_depthwise_conv_nt_t_s16(NULL, g_w, 4, sh, mu, -100, 100, 2, NULL, d16));
    NUL(arm_nn_depthwise_conv_nt_t_s16(g_x16, NULL, 4, sh, mu, -100, 100, 2, NULL, d16));
    NUL(arm_nn_depthwise_conv_nt_t_s16(g_x16, g_w, 4, NULL, mu, -100, 100, 2, NULL, d16));
    NUL(arm_nn_depthwise_conv_nt_t_s16(g_x16, g_w, 4, sh, NULL, -100, 100, 2, NULL, d16));
    NUL(arm_nn_depthwise_conv_nt_t_s16(g_x16, g_w, 4, sh, mu, -100, 100, 2, NULL, NULL));
    NUL(arm_nn_depthwise_conv_nt_t_s16(g_x16, g_w, 4, shb, mu, -100, 100, 2, NULL, d16));
    NUL(arm_nn_depthwise_conv_nt_t_s16(g_x16, g_w, 4, sh, mu, 100, -100, 2, NULL, d16));
    NUL(arm_nn_depthwise_conv_nt_t_s16(g_x16, g_w, 4, sh, mu, -40000, 100, 2, NULL, d16));
#undef BAD
#undef NUL
}

/* ---- transposed convolution row --------------------------------------------------------------- */

static int32_t g_buf[8192 + 2 * G], g_buf_want[8192 + 2 * G];

static void test_transpose_conv_row(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x5504);
    const int32_t iters = kiln_test_iterations(2000, 200);
    for (int32_t it = 0; it < iters; it++)
    {
        const int32_t rows = kiln_rng_range(&r, 1, 4), cols = kiln_rng_range(&r, 1, 4);
        const int32_t ic = kiln_rng_range(&r, 1, 9), oc = kiln_rng_range(&r, 1, 6);
        const int32_t in_x = kiln_rng_range(&r, 0, 7), stride = kiln_rng_range(&r, 1, 3);
        const int32_t top = kiln_rng_range(&r, 0, rows), bottom = kiln_rng_range(&r, 0, rows - top);
        const int32_t out_w = (in_x > 0 ? (in_x - 1) * stride : 0) + cols; /* one output row, in pixels */
        const int32_t out_max = out_w * oc * kiln_rng_range(&r, 1, rows + 1);
        const int32_t row_offset = out_w * oc;
        const int32_t out_index = kiln_rng_range(&r, 0, out_max - 1);
        const int32_t loff = kiln_rng_range(&r, -127, 128);
        kiln_rng_fill_s8(&r, g_w, (int64_t)oc * rows * cols * ic);
        kiln_rng_fill_s8(&r, g_x, (int64_t)in_x * ic);
        snap(s_snap);
        const int32_t total = out_max + out_w * oc;
        for (int32_t i = 0; i < total + 2 * G; i++)
            g_buf[i] = (i < G || i >= G + total) ? SENT32 : (int32_t)kiln_rng_u32(&r) >> 8;
        memcpy(g_buf_want, g_buf, sizeof(int32_t) * (size_t)(total + 2 * G));
        for (int32_t x = 0; x < in_x; x++)
        {
            for (int32_t o = 0; o < oc; o++)
            {
                int32_t idx = out_index;
                for (int32_t rr = top; rr < rows - bottom; rr++)
                {
                    for (int32_t kc = 0; kc < cols; kc++)
                    {
                        uint32_t acc = 0;
                        for (int32_t c = 0; c < ic; c++)
                            acc += (uint32_t)(((int32_t)g_x[x * ic + c] + loff) *
                                              g_w[((o * rows + rr) * cols + kc) * ic + c]);
                        int32_t *w = &g_buf_want[G + idx + (x * stride + kc) * oc + o];
                        *w = (int32_t)((uint32_t)*w + acc);
                    }
                    idx = (idx + row_offset) % out_max;
                }
            }
        }
        kiln_test_context("tconv_row iter %d rows %d cols %d ic %d oc %d in_x %d stride %d top %d bottom %d", (int)it,
                          (int)rows, (int)cols, (int)ic, (int)oc, (int)in_x, (int)stride, (int)top, (int)bottom);
        KILN_CHECK_EQ(arm_nn_transpose_conv_row_s8_s32(g_x, g_w, g_buf + G, out_index, out_max, rows, cols, ic, oc,
                                                       loff, row_offset, in_x, stride, top, bottom),
                      ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_MEM_S32(g_buf, g_buf_want, total + 2 * G);
        KILN_CHECK(unchanged());
    }
    kiln_test_context("");
    int32_t b[4] = {SENT32, SENT32, SENT32, SENT32};
#define BAD(call)                                                                                                      \
    do                                                                                                                 \
    {                                                                                                                  \
        KILN_CHECK_EQ((call), ARM_CMSIS_NN_ARG_ERROR);                                                                 \
        KILN_CHECK(b[0] == SENT32 && b[3] == SENT32);                                                                  \
    } while (0)
    BAD(arm_nn_transpose_conv_row_s8_s32(NULL, g_w, b, 0, 4, 1, 1, 1, 1, 0, 1, 1, 1, 0, 0));
    BAD(arm_nn_transpose_conv_row_s8_s32(g_x, NULL, b, 0, 4, 1, 1, 1, 1, 0, 1, 1, 1, 0, 0));
    BAD(arm_nn_transpose_conv_row_s8_s32(g_x, g_w, NULL, 0, 4, 1, 1, 1, 1, 0, 1, 1, 1, 0, 0));
    BAD(arm_nn_transpose_conv_row_s8_s32(g_x, g_w, b, 4, 4, 1, 1, 1, 1, 0, 1, 1, 1, 0, 0));
    BAD(arm_nn_transpose_conv_row_s8_s32(g_x, g_w, b, -1, 4, 1, 1, 1, 1, 0, 1, 1, 1, 0, 0));
    BAD(arm_nn_transpose_conv_row_s8_s32(g_x, g_w, b, 0, 0, 1, 1, 1, 1, 0, 1, 1, 1, 0, 0));
    BAD(arm_nn_transpose_conv_row_s8_s32(g_x, g_w, b, 0, 4, 1, 1, 1, 1, 0, -1, 1, 1, 0, 0));
    BAD(arm_nn_transpose_conv_row_s8_s32(g_x, g_w, b, 0, 4, 1, 1, 1, 1, 0, 1, 1, 0, 0, 0));
    BAD(arm_nn_transpose_conv_row_s8_s32(g_x, g_w, b, 0, 4, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1));
    BAD(arm_nn_transpose_conv_row_s8_s32(g_x, g_w, b, 0, 4, 1, 1, 1, 1, 200, 1, 1, 1, 0, 0));
    BAD(arm_nn_transpose_conv_row_s8_s32(g_x, g_w, b, 0, 4, -1, 1, 1, 1, 0, 1, 1, 1, 0, 0));
    BAD(arm_nn_transpose_conv_row_s8_s32(g_x, g_w, b, 0, 4, 1, 1, 1, 1, 0, 1, INT32_MAX, 2, 0, 0));
#undef BAD
}

int main(void)
{
    printf("supint_conv on %s\n", kiln_board_name());
    KILN_RUN(test_mat_mult_s8);
    KILN_RUN(test_interleaved_s4);
    KILN_RUN(test_dw_nt_t);
    KILN_RUN(test_transpose_conv_row);
    return kiln_test_finish();
}
