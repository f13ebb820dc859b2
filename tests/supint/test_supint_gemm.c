/*
 * GEMM support kernels added by h-supint: arm_nn_mat_mult_kernel_row_offset_s8_s16,
 * arm_nn_mat_mult_kernel_s4_s16, arm_nn_mat_mult_nt_t_s4, arm_nn_mat_mul_core_1x_s4,
 * arm_nn_mat_mult_nt_t_s16 and arm_nn_mat_mult_kernel_s16 (ns or upstream signature by build).
 * Each against a reference written here (plain loops; nibbles unpacked independently; the
 * requantization of tests/reference), on random shapes with tails (odd lengths, odd row counts,
 * lengths not multiples of 4 / 8 / 16), outputs between guard bytes, inputs unchanged, returned
 * pointers, and a bad-input table per function.
 */
#include <stdio.h>
#include <string.h>

#include "arm_nnsupportfunctions.h"
#include "kiln_board.h"
#include "kiln_ref.h"
#include "kiln_test.h"

#define MAXK   200
#define MAXN   24
#define MAXM   6
#define G      16
#define SENT8  ((int8_t)0x6B)
#define SENT16 ((int16_t)0x6B6B)

static int8_t g_a[MAXN * (MAXK + 8) + 8];
static int8_t g_x8[MAXM * (MAXK + 8) + 8];
static int16_t g_b16[2 * (MAXK + 8) + 8];
static int16_t g_x16[MAXM * (MAXK + 8) + 8];
static int32_t g_bias[MAXN], g_mult[MAXN], g_shift[MAXN];
static int64_t g_bias64[MAXN];
static int8_t g_out8[MAXM * 2 * MAXN + 2 * G];
static int8_t g_want8[MAXM * 2 * MAXN + 2 * G];
static int16_t g_out16[MAXM * 2 * MAXN + 2 * G];
static int16_t g_want16[MAXM * 2 * MAXN + 2 * G];
static uint8_t s_snap[sizeof(g_a) + sizeof(g_x8) + sizeof(g_b16) + sizeof(g_x16) + 5 * MAXN * 8];

static void snap(uint8_t *d)
{
    size_t o = 0;
#define SNAP(v)                                                                                                        \
    memcpy(d + o, (v), sizeof(v));                                                                                     \
    o += sizeof(v)
    SNAP(g_a);
    SNAP(g_x8);
    SNAP(g_b16);
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

static int32_t rand_k(kiln_rng *r)
{
    const int32_t c = kiln_rng_range(r, 0, 5);
    return c == 0 ? kiln_rng_range(r, 0, 5) : (c < 4 ? kiln_rng_range(r, 1, 40) : kiln_rng_range(r, 1, MAXK));
}

static void fill_quant(kiln_rng *r, int32_t n)
{
    for (int32_t i = 0; i < n; i++)
    {
        g_mult[i] = kiln_rng_range(r, 0, 40) == 0 ? 0 : (int32_t)(0x40000000u | (kiln_rng_u32(r) >> 2));
        g_shift[i] = kiln_rng_range(r, -31, kiln_rng_range(r, 0, 5) == 0 ? 3 : -1);
        g_bias[i] = (int32_t)kiln_rng_u32(r) >> kiln_rng_range(r, 0, 24);
        g_bias64[i] = ((int64_t)(int32_t)kiln_rng_u32(r) * 256) >> kiln_rng_range(r, 0, 30);
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

static void act16(kiln_rng *r, int32_t *lo, int32_t *hi)
{
    int32_t a = kiln_rng_range(r, INT16_MIN, INT16_MAX), b = kiln_rng_range(r, INT16_MIN, INT16_MAX);
    if (kiln_rng_range(r, 0, 2) == 0)
    {
        a = INT16_MIN;
        b = INT16_MAX;
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

static int16_t ref_out16(int64_t sum, bool is32, bool has_bias, int32_t c, int32_t lo, int32_t hi)
{
    int64_t v;
    if (is32)
    {
        const uint32_t acc = (uint32_t)(uint64_t)sum + (has_bias ? (uint32_t)g_bias[c] : 0u);
        v = kiln_ref_multiply_by_quantized_multiplier((int32_t)acc, g_mult[c], g_shift[c]);
    }
    else
    {
        v = kiln_ref_requantize_s64_wide(sum, has_bias ? g_bias64[c] : 0, g_mult[c], g_shift[c]);
    }
    v = v < lo ? lo : (v > hi ? hi : v);
    return (int16_t)v;
}

/* ---- two-column kernels ------------------------------------------------------------------------ */

static void test_two_column_s8_s4(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x5301);
    const int32_t iters = kiln_test_iterations(3000, 300);
    for (int is4 = 0; is4 < 2; is4++)
    {
        for (int32_t it = 0; it < iters; it++)
        {
            const int32_t k = rand_k(&r);
            const int32_t n = kiln_rng_range(&r, 1, MAXN);
            const int32_t aligned = is4 ? k : k + kiln_rng_range(&r, 0, 5);
            const int32_t ro = is4 ? n : n + kiln_rng_range(&r, 0, 3);
            const int32_t off = kiln_rng_range(&r, -128, 127);
            int32_t lo, hi;
            act8(&r, &lo, &hi);
            kiln_rng_fill_s8(&r, g_a, (int64_t)n * k);
            for (int32_t i = 0; i < aligned + k; i++)
                g_b16[i] = (int16_t)kiln_rng_range(&r, -255, 255);
            fill_quant(&r, n);
            const bool has_bias = kiln_rng_range(&r, 0, 3) != 0;
            snap(s_snap);
            const int32_t span = ro + n;
            memset(g_out8, SENT8, (size_t)(span + 2 * G));
            memcpy(g_want8, g_out8, (size_t)(span + 2 * G));
            for (int32_t c = 0; c < n; c++)
            {
                uint32_t acc0 = has_bias ? (uint32_t)g_bias[c] : 0u, acc1 = acc0;
                for (int32_t i = 0; i < k; i++)
                {
                    const int32_t w = is4 ? nib(g_a, c * k + i) : g_a[c * k + i];
                    acc0 += (uint32_t)(w * g_b16[i]);
                    acc1 += (uint32_t)(w * g_b16[aligned + i]);
                }
                g_want8[G + c] = ref_out8(acc0, c, off, lo, hi);
                g_want8[G + ro + c] = ref_out8(acc1, c, off, lo, hi);
            }
            kiln_test_context("two-column s4 %d iter %d k %d n %d aligned %d ro %d", is4, (int)it, (int)k, (int)n,
                              (int)aligned, (int)ro);
            const int8_t *ret;
            if (is4)
            {
                ret = arm_nn_mat_mult_kernel_s4_s16(g_a, g_b16, (uint16_t)n, g_shift, g_mult, off, lo, hi, k,
                                                    has_bias ? g_bias : NULL, g_out8 + G);
            }
            else
            {
                ret = arm_nn_mat_mult_kernel_row_offset_s8_s16(g_a, g_b16, (uint16_t)n, g_shift, g_mult, off,
                                                               (int16_t)lo, (int16_t)hi, k, aligned,
                                                               has_bias ? g_bias : NULL, ro, g_out8 + G);
            }
            KILN_CHECK(ret == g_out8 + G + 2 * ro);
            KILN_CHECK_MEM_S8(g_out8, g_want8, span + 2 * G);
            KILN_CHECK(unchanged());
        }
    }
    kiln_test_context("");

    int8_t a[8] = {0};
    int16_t b[16] = {0};
    int32_t m[2] = {1 << 30, 1 << 30}, s[2] = {0, 0}, mb[2] = {1 << 30, -1}, sb[2] = {0, 31};
    int8_t d[8];
    memset(d, SENT8, sizeof(d));
#define NUL(call)                                                                                                      \
    do                                                                                                                 \
    {                                                                                                                  \
        KILN_CHECK((call) == NULL);                                                                                    \
        KILN_CHECK(d[0] == SENT8 && d[1] == SENT8 && d[2] == SENT8 && d[3] == SENT8);                                  \
    } while (0)
    NUL(arm_nn_mat_mult_kernel_row_offset_s8_s16(NULL, b, 2, s, m, 0, -128, 127, 4, 4, NULL, 2, d));
    NUL(arm_nn_mat_mult_kernel_row_offset_s8_s16(a, NULL, 2, s, m, 0, -128, 127, 4, 4, NULL, 2, d));
    NUL(arm_nn_mat_mult_kernel_row_offset_s8_s16(a, b, 2, s, m, 0, -128, 127, 4, 4, NULL, 2, NULL));
    NUL(arm_nn_mat_mult_kernel_row_offset_s8_s16(a, b, 0, s, m, 0, -128, 127, 4, 4, NULL, 2, d));
    NUL(arm_nn_mat_mult_kernel_row_offset_s8_s16(a, b, 2, NULL, m, 0, -128, 127, 4, 4, NULL, 2, d));
    NUL(arm_nn_mat_mult_kernel_row_offset_s8_s16(a, b, 2, s, NULL, 0, -128, 127, 4, 4, NULL, 2, d));
    NUL(arm_nn_mat_mult_kernel_row_offset_s8_s16(a, b, 2, s, mb, 0, -128, 127, 4, 4, NULL, 2, d));
    NUL(arm_nn_mat_mult_kernel_row_offset_s8_s16(a, b, 2, sb, m, 0, -128, 127, 4, 4, NULL, 2, d));
    NUL(arm_nn_mat_mult_kernel_row_offset_s8_s16(a, b, 2, s, m, 128, -128, 127, 4, 4, NULL, 2, d));
    NUL(arm_nn_mat_mult_kernel_row_offset_s8_s16(a, b, 2, s, m, 0, 127, -128, 4, 4, NULL, 2, d));
    NUL(arm_nn_mat_mult_kernel_row_offset_s8_s16(a, b, 2, s, m, 0, -129, 127, 4, 4, NULL, 2, d));
    NUL(arm_nn_mat_mult_kernel_row_offset_s8_s16(a, b, 2, s, m, 0, -128, 127, -4, 4, NULL, 2, d));
    NUL(arm_nn_mat_mult_kernel_row_offset_s8_s16(a, b, 2, s, m, 0, -128, 127, 4, 3, NULL, 2, d));
    NUL(arm_nn_mat_mult_kernel_row_offset_s8_s16(a, b, 2, s, m, 0, -128, 127, 4, 4, NULL, 1, d));
    NUL(arm_nn_mat_mult_kernel_s4_s16(NULL, b, 2, s, m, 0, -128, 127, 4, NULL, d));
    NUL(arm_nn_mat_mult_kernel_s4_s16(a, NULL, 2, s, m, 0, -128, 127, 4, NULL, d));
    NUL(arm_nn_mat_mult_kernel_s4_s16(a, b, 2, s, m, 0, -128, 127, 4, NULL, NULL));
    NUL(arm_nn_mat_mult_kernel_s4_s16(a, b, 0, s, m, 0, -128, 127, 4, NULL, d));
    NUL(arm_nn_mat_mult_kernel_s4_s16(a, b, 2, sb, m, 0, -128, 127, 4, NULL, d));
    NUL(arm_nn_mat_mult_kernel_s4_s16(a, b, 2, s, mb, 0, -128, 127, 4, NULL, d));
    NUL(arm_nn_mat_mult_kernel_s4_s16(a, b, 2, s, m, -129, -128, 127, 4, NULL, d));
    NUL(arm_nn_mat_mult_kernel_s4_s16(a, b, 2, s, m, 0, -128, 128, 4, NULL, d));
    NUL(arm_nn_mat_mult_kernel_s4_s16(a, b, 2, s, m, 0, -128, 127, -1, NULL, d));
#undef NUL
}

/* ---- int4 GEMMs ------------------------------------------------------------------------------- */

static void test_gemm_s4(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x5302);
    const int32_t iters = kiln_test_iterations(3000, 300);
    for (int core = 0; core < 2; core++)
    {
        for (int32_t it = 0; it < iters; it++)
        {
            const int32_t k = rand_k(&r);
            const int32_t n = kiln_rng_range(&r, 0, MAXN);
            const int32_t m = core ? 1 : kiln_rng_range(&r, 0, MAXM);
            const int32_t extra = kiln_rng_range(&r, 0, 4); /* lhs_cols_offset - k, or skipped elements */
            const int32_t stride = k + extra;               /* rhs row stride (core) */
            const int32_t loff = kiln_rng_range(&r, -127, 128);
            const int32_t doff = kiln_rng_range(&r, -128, 127);
            int32_t lo, hi;
            act8(&r, &lo, &hi);
            const int32_t rhs_stride = core ? stride : k;
            kiln_rng_fill_s8(&r, g_a, ((int64_t)n * rhs_stride + 1) / 2 + 1);
            kiln_rng_fill_s8(&r, g_x8, (int64_t)(m > 0 ? (m - 1) * (k + extra) + k : 0));
            fill_quant(&r, n);
            const bool has_bias = kiln_rng_range(&r, 0, 3) != 0;
            snap(s_snap);
            memset(g_out8, SENT8, (size_t)(m * n + 2 * G));
            memcpy(g_want8, g_out8, (size_t)(m * n + 2 * G));
            for (int32_t row = 0; row < m; row++)
            {
                for (int32_t c = 0; c < n; c++)
                {
                    uint32_t acc = has_bias ? (uint32_t)g_bias[c] : 0u;
                    for (int32_t i = 0; i < k; i++)
                        acc += (uint32_t)(((int32_t)g_x8[row * (k + extra) + i] + loff) * nib(g_a, c * rhs_stride + i));
                    g_want8[G + row * n + c] = ref_out8(acc, c, doff, lo, hi);
                }
            }
            kiln_test_context("gemm_s4 core %d iter %d m %d n %d k %d extra %d", core, (int)it, (int)m, (int)n, (int)k,
                              (int)extra);
            arm_cmsis_nn_status st;
            if (core)
            {
                const cmsis_nn_conv_params cp = {loff, doff, {1, 1}, {0, 0}, {1, 1}, {lo, hi}};
                const cmsis_nn_per_channel_quant_params qp = {g_mult, g_shift};
                st = arm_nn_mat_mul_core_1x_s4(k, extra, g_x8, g_a, n, &cp, &qp, has_bias ? g_bias : NULL, g_out8 + G);
            }
            else
            {
                st = arm_nn_mat_mult_nt_t_s4(g_x8, g_a, has_bias ? g_bias : NULL, g_out8 + G, g_mult, g_shift, m, n, k,
                                             loff, doff, lo, hi, k + extra);
            }
            KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
            KILN_CHECK_MEM_S8(g_out8, g_want8, m * n + 2 * G);
            KILN_CHECK(unchanged());
        }
    }
    kiln_test_context("");

    int8_t x[8] = {0}, w[8] = {0};
    int32_t mu[2] = {1 << 30, 1 << 30}, sh[2] = {0, 0}, mub[2] = {1 << 30, -1};
    int8_t d[4];
    memset(d, SENT8, sizeof(d));
#define BAD(call)                                                                                                      \
    do                                                                                                                 \
    {                                                                                                                  \
        KILN_CHECK_EQ((call), ARM_CMSIS_NN_ARG_ERROR);                                                                 \
        KILN_CHECK(d[0] == SENT8 && d[1] == SENT8 && d[2] == SENT8 && d[3] == SENT8);                                  \
    } while (0)
    BAD(arm_nn_mat_mult_nt_t_s4(NULL, w, NULL, d, mu, sh, 2, 2, 4, 0, 0, -128, 127, 4));
    BAD(arm_nn_mat_mult_nt_t_s4(x, NULL, NULL, d, mu, sh, 2, 2, 4, 0, 0, -128, 127, 4));
    BAD(arm_nn_mat_mult_nt_t_s4(x, w, NULL, NULL, mu, sh, 2, 2, 4, 0, 0, -128, 127, 4));
    BAD(arm_nn_mat_mult_nt_t_s4(x, w, NULL, d, NULL, sh, 2, 2, 4, 0, 0, -128, 127, 4));
    BAD(arm_nn_mat_mult_nt_t_s4(x, w, NULL, d, mu, NULL, 2, 2, 4, 0, 0, -128, 127, 4));
    BAD(arm_nn_mat_mult_nt_t_s4(x, w, NULL, d, mub, sh, 2, 2, 4, 0, 0, -128, 127, 4));
    BAD(arm_nn_mat_mult_nt_t_s4(x, w, NULL, d, mu, sh, -2, 2, 4, 0, 0, -128, 127, 4));
    BAD(arm_nn_mat_mult_nt_t_s4(x, w, NULL, d, mu, sh, 2, -2, 4, 0, 0, -128, 127, 4));
    BAD(arm_nn_mat_mult_nt_t_s4(x, w, NULL, d, mu, sh, 2, 2, -4, 0, 0, -128, 127, 4));
    BAD(arm_nn_mat_mult_nt_t_s4(x, w, NULL, d, mu, sh, 2, 2, 4, 129, 0, -128, 127, 4));
    BAD(arm_nn_mat_mult_nt_t_s4(x, w, NULL, d, mu, sh, 2, 2, 4, 0, 128, -128, 127, 4));
    BAD(arm_nn_mat_mult_nt_t_s4(x, w, NULL, d, mu, sh, 2, 2, 4, 0, 0, 5, 4, 4));
    BAD(arm_nn_mat_mult_nt_t_s4(x, w, NULL, d, mu, sh, 2, 2, 4, 0, 0, -128, 127, 3));
    const cmsis_nn_conv_params cp = {0, 0, {1, 1}, {0, 0}, {1, 1}, {-128, 127}};
    const cmsis_nn_conv_params cp_bad = {0, 0, {1, 1}, {0, 0}, {1, 1}, {-128, 200}};
    const cmsis_nn_conv_params cp_off = {200, 0, {1, 1}, {0, 0}, {1, 1}, {-128, 127}};
    const cmsis_nn_per_channel_quant_params qp = {mu, sh}, qp_bad = {mub, sh}, qp_null = {NULL, sh};
    BAD(arm_nn_mat_mul_core_1x_s4(4, 0, NULL, w, 2, &cp, &qp, NULL, d));
    BAD(arm_nn_mat_mul_core_1x_s4(4, 0, x, NULL, 2, &cp, &qp, NULL, d));
    BAD(arm_nn_mat_mul_core_1x_s4(4, 0, x, w, 2, NULL, &qp, NULL, d));
    BAD(arm_nn_mat_mul_core_1x_s4(4, 0, x, w, 2, &cp, NULL, NULL, d));
    BAD(arm_nn_mat_mul_core_1x_s4(4, 0, x, w, 2, &cp, &qp, NULL, NULL));
    BAD(arm_nn_mat_mul_core_1x_s4(-4, 0, x, w, 2, &cp, &qp, NULL, d));
    BAD(arm_nn_mat_mul_core_1x_s4(4, -1, x, w, 2, &cp, &qp, NULL, d));
    BAD(arm_nn_mat_mul_core_1x_s4(4, 0, x, w, -2, &cp, &qp, NULL, d));
    BAD(arm_nn_mat_mul_core_1x_s4(4, 0, x, w, 2, &cp_bad, &qp, NULL, d));
    BAD(arm_nn_mat_mul_core_1x_s4(4, 0, x, w, 2, &cp_off, &qp, NULL, d));
    BAD(arm_nn_mat_mul_core_1x_s4(4, 0, x, w, 2, &cp, &qp_bad, NULL, d));
    BAD(arm_nn_mat_mul_core_1x_s4(4, 0, x, w, 2, &cp, &qp_null, NULL, d));
    BAD(arm_nn_mat_mul_core_1x_s4(INT32_MAX, INT32_MAX, x, w, 2, &cp, &qp, NULL, d));
#undef BAD
}

/* ---- int16 GEMMs ------------------------------------------------------------------------------ */

static void test_gemm_s16(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x5303);
    const int32_t iters = kiln_test_iterations(3000, 300);
    for (int kernel = 0; kernel < 2; kernel++)
    {
        for (int32_t it = 0; it < iters; it++)
        {
            const int32_t k = rand_k(&r);
            const int32_t n = kiln_rng_range(&r, kernel ? 1 : 0, MAXN);
            const int32_t m = kernel ? 2 : kiln_rng_range(&r, 0, MAXM);
#if KILN_UPSTREAM_API
            const int32_t ro = n;
#else
            const int32_t ro = n + kiln_rng_range(&r, 0, 3);
#endif
            const bool is32 = kiln_rng_range(&r, 0, 1) != 0;
            const bool has_bias = kiln_rng_range(&r, 0, 3) != 0;
            int32_t lo, hi;
            act16(&r, &lo, &hi);
            kiln_rng_fill_s8(&r, g_a, (int64_t)n * k);
            for (int32_t i = 0; i < m * k; i++)
                g_x16[i] = (int16_t)kiln_rng_u32(&r);
            fill_quant(&r, n);
            for (int32_t c = 0; c < n; c++)
            {
                if (!is32)
                    g_shift[c] = kiln_rng_range(&r, -31, 0); /* TFLite's int64 domain: result within int32 */
            }
            snap(s_snap);
            const int32_t span = m > 0 ? (m - 1) * ro + n : 0;
            for (int32_t i = 0; i < span + 2 * G; i++)
                g_out16[i] = SENT16;
            memcpy(g_want16, g_out16, sizeof(int16_t) * (size_t)(span + 2 * G));
            for (int32_t row = 0; row < m; row++)
            {
                for (int32_t c = 0; c < n; c++)
                {
                    int64_t sum = 0;
                    for (int32_t i = 0; i < k; i++)
                        sum += (int64_t)g_x16[row * k + i] * g_a[c * k + i];
                    g_want16[G + row * ro + c] = ref_out16(sum, is32, has_bias, c, lo, hi);
                }
            }
            const cmsis_nn_bias_data bd = {has_bias ? (is32 ? (const void *)g_bias : (const void *)g_bias64) : NULL,
                                           is32};
            kiln_test_context("gemm_s16 kernel %d iter %d m %d n %d k %d ro %d is32 %d", kernel, (int)it, (int)m,
                              (int)n, (int)k, (int)ro, (int)is32);
            if (kernel)
            {
#if KILN_UPSTREAM_API
                const int16_t *ret =
                    arm_nn_mat_mult_kernel_s16(g_a, g_x16, n, g_shift, g_mult, lo, hi, k, &bd, g_out16 + G);
#else
                const int16_t *ret =
                    arm_nn_mat_mult_kernel_s16(g_a, g_x16, n, g_shift, g_mult, lo, hi, k, &bd, g_out16 + G, ro);
#endif
                KILN_CHECK(ret == g_out16 + G + 2 * n);
            }
            else
            {
#if KILN_UPSTREAM_API
                KILN_CHECK_EQ(arm_nn_mat_mult_nt_t_s16(g_x16, g_a, &bd, g_out16 + G, g_mult, g_shift, m, n, k, lo, hi),
                              ARM_CMSIS_NN_SUCCESS);
#else
                KILN_CHECK_EQ(
                    arm_nn_mat_mult_nt_t_s16(g_x16, g_a, &bd, g_out16 + G, g_mult, g_shift, m, n, k, lo, hi, ro),
                    ARM_CMSIS_NN_SUCCESS);
#endif
            }
            KILN_CHECK_MEM_S16(g_out16, g_want16, span + 2 * G);
            KILN_CHECK(unchanged());
        }
    }
    kiln_test_context("");

    int8_t a[8] = {0};
    int16_t x[16] = {0};
    int32_t mu[2] = {1 << 30, 1 << 30}, sh[2] = {0, 0}, shb[2] = {0, -32};
    const cmsis_nn_bias_data bd = {NULL, false};
    int16_t d[4] = {SENT16, SENT16, SENT16, SENT16};
#if KILN_UPSTREAM_API
#define NT(lhs, rhs, b, dst, mm, ss, M, N, K, lo, hi, ro)                                                              \
    arm_nn_mat_mult_nt_t_s16(lhs, rhs, b, dst, mm, ss, M, N, K, lo, hi)
#define KS(A, B, N, ss, mm, lo, hi, K, b, dst, ro) arm_nn_mat_mult_kernel_s16(A, B, N, ss, mm, lo, hi, K, b, dst)
#else
#define NT(lhs, rhs, b, dst, mm, ss, M, N, K, lo, hi, ro)                                                              \
    arm_nn_mat_mult_nt_t_s16(lhs, rhs, b, dst, mm, ss, M, N, K, lo, hi, ro)
#define KS(A, B, N, ss, mm, lo, hi, K, b, dst, ro) arm_nn_mat_mult_kernel_s16(A, B, N, ss, mm, lo, hi, K, b, dst, ro)
#endif
#define UNTOUCHED (d[0] == SENT16 && d[1] == SENT16 && d[2] == SENT16 && d[3] == SENT16)
#define BAD(call)                                                                                                      \
    do                                                                                                                 \
    {                                                                                                                  \
        KILN_CHECK_EQ((call), ARM_CMSIS_NN_ARG_ERROR);                                                                 \
        KILN_CHECK(UNTOUCHED);                                                                                         \
    } while (0)
#define NUL(call)                                                                                                      \
    do                                                                                                                 \
    {                                                                                                                  \
        KILN_CHECK((call) == NULL);                                                                                    \
        KILN_CHECK(UNTOUCHED);                                                                                         \
    } while (0)
    BAD(NT(NULL, a, &bd, d, mu, sh, 2, 2, 4, -100, 100, 2));
    BAD(NT(x, NULL, &bd, d, mu, sh, 2, 2, 4, -100, 100, 2));
    BAD(NT(x, a, NULL, d, mu, sh, 2, 2, 4, -100, 100, 2));
    BAD(NT(x, a, &bd, NULL, mu, sh, 2, 2, 4, -100, 100, 2));
    BAD(NT(x, a, &bd, d, NULL, sh, 2, 2, 4, -100, 100, 2));
    BAD(NT(x, a, &bd, d, mu, shb, 2, 2, 4, -100, 100, 2));
    BAD(NT(x, a, &bd, d, mu, sh, -2, 2, 4, -100, 100, 2));
    BAD(NT(x, a, &bd, d, mu, sh, 2, 2, -4, -100, 100, 2));
    BAD(NT(x, a, &bd, d, mu, sh, 2, 2, 4, 100, -100, 2));
    BAD(NT(x, a, &bd, d, mu, sh, 2, 2, 4, -40000, 100, 2));
#if !KILN_UPSTREAM_API
    BAD(NT(x, a, &bd, d, mu, sh, 2, 2, 4, -100, 100, 1));
#endif
    NUL(KS(NULL, x, 2, sh, mu, -100, 100, 4, &bd, d, 2));
    NUL(KS(a, NULL, 2, sh, mu, -100, 100, 4, &bd, d, 2));
    NUL(KS(a, x, 2, sh, mu, -100, 100, 4, NULL, d, 2));
    NUL(KS(a, x, 2, sh, mu, -100, 100, 4, &bd, NULL, 2));
    NUL(KS(a, x, 0, sh, mu, -100, 100, 4, &bd, d, 2));
    NUL(KS(a, x, 2, shb, mu, -100, 100, 4, &bd, d, 2));
    NUL(KS(a, x, 2, sh, NULL, -100, 100, 4, &bd, d, 2));
    NUL(KS(a, x, 2, sh, mu, 100, -100, 4, &bd, d, 2));
    NUL(KS(a, x, 2, sh, mu, -100, 40000, 4, &bd, d, 2));
    NUL(KS(a, x, 2, sh, mu, -100, 100, -4, &bd, d, 2));
#if !KILN_UPSTREAM_API
    NUL(KS(a, x, 2, sh, mu, -100, 100, 4, &bd, d, 1));
#endif
#undef BAD
#undef NUL
#undef UNTOUCHED
#undef NT
#undef KS
}

int main(void)
{
    printf("supint_gemm on %s\n", kiln_board_name());
    KILN_RUN(test_two_column_s8_s4);
    KILN_RUN(test_gemm_s4);
    KILN_RUN(test_gemm_s16);
    return kiln_test_finish();
}
