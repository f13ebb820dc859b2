/*
 * Vector x matrix support kernels added by h-supint: arm_nn_vec_mat_mult_t_s16, _per_ch_s16,
 * _s16_s16, _svdf_s8, _s4 and arm_nn_vec_mat_mul_result_acc_s8_s16 / _s16. Each against a reference
 * written here (plain loops, the requantization of tests/reference), on random shapes with tails
 * (column counts that are not multiples of 4 / 8 / 16, odd row counts, empty shapes), outputs
 * between guard elements, inputs checked unchanged, and a bad-input table per function (ARG_ERROR,
 * output untouched).
 */
#include <stdio.h>
#include <string.h>

#include "arm_nnsupportfunctions.h"
#include "kiln_board.h"
#include "kiln_ref.h"
#include "kiln_test.h"

#define MAXC    300
#define MAXR    40
#define MAXB    4
#define RA_MAXR 150 /* rows of the accumulate test's larger cases (cols fewer) */
#define G       8
#define SENT16 ((int16_t)0x6B6B)
#define SENT8  ((int8_t)0x6B)

static int8_t g_w8[MAXR * MAXC + 8];
static int16_t g_w16[MAXR * MAXC + 8];
static int8_t g_x8[MAXB * 3 * MAXC + 8];
static int16_t g_x16[MAXB * 3 * MAXC + 8];
static int64_t g_b64[RA_MAXR];
static int32_t g_b32[RA_MAXR];
static int32_t g_mult[MAXR], g_shift[MAXR];
static int16_t g_d16[MAXB * RA_MAXR * 3 + 2 * G];
static int16_t g_want16[MAXB * RA_MAXR * 3 + 2 * G];
static int8_t g_d8[MAXR + 2 * G];
static int8_t g_want8[MAXR + 2 * G];
/* snapshots of the inputs */
static int8_t s_w8[sizeof(g_w8)];
static int16_t s_w16[MAXR * MAXC + 8];
static int8_t s_x8[sizeof(g_x8)];
static int16_t s_x16[MAXB * 3 * MAXC + 8];
static int64_t s_b64[RA_MAXR];
static int32_t s_b32[RA_MAXR];

/* The first n biases of g_b32 copied to an odd address (one byte past a word). */
static const int32_t *odd_b32(int32_t n)
{
    static uint8_t buf[RA_MAXR * sizeof(int32_t) + 8];
    memcpy(buf + 1, g_b32, (size_t)n * sizeof(int32_t));
    return (const int32_t *)(const void *)(buf + 1);
}

static void snapshot(void)
{
    memcpy(s_w8, g_w8, sizeof(g_w8));
    memcpy(s_w16, g_w16, sizeof(g_w16));
    memcpy(s_x8, g_x8, sizeof(g_x8));
    memcpy(s_x16, g_x16, sizeof(g_x16));
    memcpy(s_b64, g_b64, sizeof(g_b64));
    memcpy(s_b32, g_b32, sizeof(g_b32));
}

static bool inputs_unchanged(void)
{
    return memcmp(s_w8, g_w8, sizeof(g_w8)) == 0 && memcmp(s_w16, g_w16, sizeof(g_w16)) == 0 &&
           memcmp(s_x8, g_x8, sizeof(g_x8)) == 0 && memcmp(s_x16, g_x16, sizeof(g_x16)) == 0 &&
           memcmp(s_b64, g_b64, sizeof(g_b64)) == 0 && memcmp(s_b32, g_b32, sizeof(g_b32)) == 0;
}

static int32_t rand_cols(kiln_rng *r)
{
    const int32_t k = kiln_rng_range(r, 0, 9);
    if (k == 0)
        return kiln_rng_range(r, 0, 3);
    if (k < 6)
        return kiln_rng_range(r, 1, 40);
    return kiln_rng_range(r, 1, MAXC);
}

static void fill_s16(kiln_rng *r, int16_t *p, int32_t n)
{
    for (int32_t i = 0; i < n; i++)
    {
        p[i] = (int16_t)kiln_rng_u32(r);
    }
}

static int64_t clamp64(int64_t v, int64_t lo, int64_t hi)
{
    return v < lo ? lo : (v > hi ? hi : v);
}

static void act16(kiln_rng *r, int32_t *lo, int32_t *hi)
{
    if (kiln_rng_range(r, 0, 2) == 0)
    {
        *lo = INT16_MIN;
        *hi = INT16_MAX;
        return;
    }
    int32_t a = kiln_rng_range(r, INT16_MIN, INT16_MAX), b = kiln_rng_range(r, INT16_MIN, INT16_MAX);
    *lo = a < b ? a : b;
    *hi = a < b ? b : a;
}

/* A Q31 multiplier in [2^30, 2^31) (or an occasional 0). */
static int32_t rand_mult(kiln_rng *r)
{
    return kiln_rng_range(r, 0, 30) == 0 ? 0 : (int32_t)(0x40000000u | (kiln_rng_u32(r) >> 2));
}

static bool guards16(const int16_t *d, int32_t n)
{
    for (int i = 0; i < G; i++)
    {
        if (d[i] != SENT16 || d[G + n + i] != SENT16)
            return false;
    }
    return true;
}

/* ---- int16 vector x matrix ------------------------------------------------------------------- */

/* 0: s16 (int8 matrix), 1: per_ch_s16, 2: s16_s16 */
static void run_vm_s16(int kind, kiln_rng *r, int32_t it)
{
    const int32_t cols = rand_cols(r);
    const int32_t rows = kiln_rng_range(r, 0, MAXR);
    kiln_rng_fill_s8(r, g_w8, (int64_t)rows * cols);
    fill_s16(r, g_w16, rows * cols);
    fill_s16(r, g_x16, cols);
    const bool with_bias = kiln_rng_range(r, 0, 3) != 0;
    for (int32_t i = 0; i < rows; i++)
    {
        g_b64[i] = (int64_t)(int32_t)kiln_rng_u32(r) * (kind == 2 ? 256 : 1);
        /* reduced multipliers in [0, 32767]; shifts mostly right */
        g_mult[i] = kiln_rng_range(r, 0, 20) == 0 ? 32767 : kiln_rng_range(r, 0, 32767);
        g_shift[i] = kiln_rng_range(r, -31, kiln_rng_range(r, 0, 4) == 0 ? 30 : 0);
    }
    int32_t lo, hi;
    act16(r, &lo, &hi);
    snapshot();
    for (int32_t i = 0; i < rows + 2 * G; i++)
        g_d16[i] = SENT16;
    memcpy(g_want16, g_d16, sizeof(int16_t) * (size_t)(rows + 2 * G));
    for (int32_t row = 0; row < rows; row++)
    {
        int64_t sum = 0;
        for (int32_t k = 0; k < cols; k++)
        {
            const int64_t w = kind == 2 ? g_w16[row * cols + k] : g_w8[row * cols + k];
            sum += (int64_t)g_x16[k] * w;
        }
        const int32_t m = kind == 1 ? g_mult[row] : g_mult[0];
        const int32_t s = kind == 1 ? g_shift[row] : g_shift[0];
        /* the Q31 multiplier whose REDUCE_MULTIPLIER is m */
        const int64_t v =
            kiln_ref_requantize_s64_wide(sum, with_bias ? g_b64[row] : 0, (int32_t)((uint32_t)m << 16), s);
        g_want16[G + row] = (int16_t)clamp64(v, lo, hi);
    }
    kiln_test_context("vm_s16 kind %d iter %d cols %d rows %d", kind, (int)it, (int)cols, (int)rows);
    arm_cmsis_nn_status st;
    const int64_t *b = with_bias ? g_b64 : NULL;
    if (kind == 0)
        st = arm_nn_vec_mat_mult_t_s16(g_x16, g_w8, b, g_d16 + G, g_mult[0], g_shift[0], cols, rows, lo, hi);
    else if (kind == 1)
        st = arm_nn_vec_mat_mult_t_per_ch_s16(g_x16, g_w8, b, g_d16 + G, g_mult, g_shift, cols, rows, lo, hi);
    else
        st = arm_nn_vec_mat_mult_t_s16_s16(g_x16, g_w16, b, g_d16 + G, g_mult[0], g_shift[0], cols, rows, lo, hi);
    KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK_MEM_S16(g_d16, g_want16, rows + 2 * G);
    KILN_CHECK(guards16(g_d16, rows));
    KILN_CHECK(inputs_unchanged());
}

static void test_vm_s16(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x5201);
    const int32_t iters = kiln_test_iterations(2000, 200);
    for (int kind = 0; kind < 3; kind++)
    {
        for (int32_t it = 0; it < iters; it++)
        {
            run_vm_s16(kind, &r, it);
        }
    }
    kiln_test_context("");
}

static void test_vm_s16_bad(void)
{
    int16_t x[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    int8_t w[16] = {0};
    int16_t w16[16] = {0};
    int64_t b[2] = {0, 0};
    int32_t m[2] = {100, 100}, s[2] = {0, 0};
    int32_t mb[2] = {100, 40000}, sb[2] = {0, 31};
    int16_t d[2] = {SENT16, SENT16};
#define BAD(call)                                                                                                      \
    do                                                                                                                 \
    {                                                                                                                  \
        KILN_CHECK_EQ((call), ARM_CMSIS_NN_ARG_ERROR);                                                                 \
        KILN_CHECK(d[0] == SENT16 && d[1] == SENT16);                                                                  \
    } while (0)
    BAD(arm_nn_vec_mat_mult_t_s16(NULL, w, b, d, 100, 0, 8, 2, -100, 100));
    BAD(arm_nn_vec_mat_mult_t_s16(x, NULL, b, d, 100, 0, 8, 2, -100, 100));
    BAD(arm_nn_vec_mat_mult_t_s16(x, w, b, NULL, 100, 0, 8, 2, -100, 100));
    BAD(arm_nn_vec_mat_mult_t_s16(x, w, b, d, -1, 0, 8, 2, -100, 100));
    BAD(arm_nn_vec_mat_mult_t_s16(x, w, b, d, 32768, 0, 8, 2, -100, 100));
    BAD(arm_nn_vec_mat_mult_t_s16(x, w, b, d, 100, 31, 8, 2, -100, 100));
    BAD(arm_nn_vec_mat_mult_t_s16(x, w, b, d, 100, -32, 8, 2, -100, 100));
    BAD(arm_nn_vec_mat_mult_t_s16(x, w, b, d, 100, 0, -1, 2, -100, 100));
    BAD(arm_nn_vec_mat_mult_t_s16(x, w, b, d, 100, 0, 8, -1, -100, 100));
    BAD(arm_nn_vec_mat_mult_t_s16(x, w, b, d, 100, 0, 65536, 65536, -100, 100));
    BAD(arm_nn_vec_mat_mult_t_s16(x, w, b, d, 100, 0, 8, 2, 100, -100));
    BAD(arm_nn_vec_mat_mult_t_s16(x, w, b, d, 100, 0, 8, 2, -32769, 100));
    BAD(arm_nn_vec_mat_mult_t_s16(x, w, b, d, 100, 0, 8, 2, -100, 32768));
    BAD(arm_nn_vec_mat_mult_t_per_ch_s16(x, w, b, d, NULL, s, 8, 2, -100, 100));
    BAD(arm_nn_vec_mat_mult_t_per_ch_s16(x, w, b, d, m, NULL, 8, 2, -100, 100));
    BAD(arm_nn_vec_mat_mult_t_per_ch_s16(x, w, b, d, mb, s, 8, 2, -100, 100)); /* second multiplier > 32767 */
    BAD(arm_nn_vec_mat_mult_t_per_ch_s16(x, w, b, d, m, sb, 8, 2, -100, 100)); /* second shift 31 */
    BAD(arm_nn_vec_mat_mult_t_per_ch_s16(NULL, w, b, d, m, s, 8, 2, -100, 100));
    BAD(arm_nn_vec_mat_mult_t_per_ch_s16(x, w, b, d, m, s, 8, 2, 0, -1));
    BAD(arm_nn_vec_mat_mult_t_s16_s16(x, NULL, b, d, 100, 0, 8, 2, -100, 100));
    BAD(arm_nn_vec_mat_mult_t_s16_s16(NULL, w16, b, d, 100, 0, 8, 2, -100, 100));
    BAD(arm_nn_vec_mat_mult_t_s16_s16(x, w16, b, NULL, 100, 0, 8, 2, -100, 100));
    BAD(arm_nn_vec_mat_mult_t_s16_s16(x, w16, b, d, 40000, 0, 8, 2, -100, 100));
    BAD(arm_nn_vec_mat_mult_t_s16_s16(x, w16, b, d, 100, 0, 8, -2, -100, 100));
    BAD(arm_nn_vec_mat_mult_t_s16_s16(x, w16, b, d, 100, 0, 8, 2, 5, 4));
    /* empty shapes succeed without writing */
    KILN_CHECK_EQ(arm_nn_vec_mat_mult_t_s16(x, w, NULL, d, 100, 0, 8, 0, -100, 100), ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK(d[0] == SENT16 && d[1] == SENT16);
#undef BAD
}

/* ---- SVDF feature product --------------------------------------------------------------------- */

static void test_vm_svdf(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x5202);
    const int32_t iters = kiln_test_iterations(3000, 300);
    for (int32_t it = 0; it < iters; it++)
    {
        const int32_t cols = rand_cols(&r);
        const int32_t rows = kiln_rng_range(&r, 0, MAXR);
        const int32_t scatter = kiln_rng_range(&r, 1, 3);
        const int32_t loff = kiln_rng_range(&r, -128, 128);
        const int32_t mult = rand_mult(&r);
        const int32_t shift = kiln_rng_range(&r, -31, kiln_rng_range(&r, 0, 3) == 0 ? 4 : -1);
        int32_t lo, hi;
        act16(&r, &lo, &hi);
        kiln_rng_fill_s8(&r, g_w8, (int64_t)rows * cols);
        kiln_rng_fill_s8(&r, g_x8, cols);
        snapshot();
        const int32_t span = rows > 0 ? (rows - 1) * scatter + 1 : 0;
        for (int32_t i = 0; i < span + 2 * G; i++)
            g_d16[i] = SENT16;
        memcpy(g_want16, g_d16, sizeof(int16_t) * (size_t)(span + 2 * G));
        for (int32_t row = 0; row < rows; row++)
        {
            uint32_t acc = 0;
            for (int32_t k = 0; k < cols; k++)
                acc += (uint32_t)(((int32_t)g_x8[k] + loff) * (int32_t)g_w8[row * cols + k]);
            const int32_t v = kiln_ref_multiply_by_quantized_multiplier((int32_t)acc, mult, shift);
            g_want16[G + row * scatter] = (int16_t)clamp64(v, lo, hi);
        }
        kiln_test_context("svdf iter %d cols %d rows %d scatter %d", (int)it, (int)cols, (int)rows, (int)scatter);
        KILN_CHECK_EQ(
            arm_nn_vec_mat_mult_t_svdf_s8(g_x8, g_w8, g_d16 + G, loff, scatter, mult, shift, cols, rows, lo, hi),
            ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_MEM_S16(g_d16, g_want16, span + 2 * G);
        KILN_CHECK(inputs_unchanged());
    }
    kiln_test_context("");
    int8_t x[4] = {1, 2, 3, 4}, w[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    int16_t d[4] = {SENT16, SENT16, SENT16, SENT16};
#define BADSV(call)                                                                                                    \
    do                                                                                                                 \
    {                                                                                                                  \
        KILN_CHECK_EQ((call), ARM_CMSIS_NN_ARG_ERROR);                                                                 \
        KILN_CHECK(d[0] == SENT16 && d[1] == SENT16 && d[2] == SENT16 && d[3] == SENT16);                              \
    } while (0)
    BADSV(arm_nn_vec_mat_mult_t_svdf_s8(NULL, w, d, 0, 1, 1 << 30, -1, 4, 2, -100, 100));
    BADSV(arm_nn_vec_mat_mult_t_svdf_s8(x, NULL, d, 0, 1, 1 << 30, -1, 4, 2, -100, 100));
    BADSV(arm_nn_vec_mat_mult_t_svdf_s8(x, w, NULL, 0, 1, 1 << 30, -1, 4, 2, -100, 100));
    BADSV(arm_nn_vec_mat_mult_t_svdf_s8(x, w, d, 129, 1, 1 << 30, -1, 4, 2, -100, 100));
    BADSV(arm_nn_vec_mat_mult_t_svdf_s8(x, w, d, -129, 1, 1 << 30, -1, 4, 2, -100, 100));
    BADSV(arm_nn_vec_mat_mult_t_svdf_s8(x, w, d, 0, 0, 1 << 30, -1, 4, 2, -100, 100));
    BADSV(arm_nn_vec_mat_mult_t_svdf_s8(x, w, d, 0, 1, -1, -1, 4, 2, -100, 100));
    BADSV(arm_nn_vec_mat_mult_t_svdf_s8(x, w, d, 0, 1, 1 << 30, 31, 4, 2, -100, 100));
    BADSV(arm_nn_vec_mat_mult_t_svdf_s8(x, w, d, 0, 1, 1 << 30, -1, -4, 2, -100, 100));
    BADSV(arm_nn_vec_mat_mult_t_svdf_s8(x, w, d, 0, 1, 1 << 30, -1, 4, -2, -100, 100));
    BADSV(arm_nn_vec_mat_mult_t_svdf_s8(x, w, d, 0, 1, 1 << 30, -1, 4, 2, 100, -100));
    BADSV(arm_nn_vec_mat_mult_t_svdf_s8(x, w, d, 0, 1, 1 << 30, -1, 4, 2, -100, 40000));
    BADSV(arm_nn_vec_mat_mult_t_svdf_s8(x, w, d, 0, INT32_MAX, 1 << 30, -1, 4, 3, -100, 100));
#undef BADSV
}

/* ---- LSTM gate products (accumulating) -------------------------------------------------------- */

static void test_result_acc(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x5203);
    const int32_t iters = kiln_test_iterations(2000, 200);
    for (int is16 = 0; is16 < 2; is16++)
    {
        for (int32_t it = 0; it < iters; it++)
        {
            int32_t cols = rand_cols(&r);
            int32_t rows = kiln_rng_range(&r, 0, MAXR);
            if (kiln_rng_range(&r, 0, 7) == 0)
            {
                /* more rows than a Helium pass takes (72), fewer columns (the buffers hold MAXR x MAXC) */
                rows = kiln_rng_range(&r, 73, RA_MAXR);
                cols = kiln_rng_range(&r, 1, MAXR * MAXC / rows);
            }
            const int32_t batches = kiln_rng_range(&r, 0, MAXB);
            const int32_t boff = kiln_rng_range(&r, 1, 3);
            const int32_t mult = rand_mult(&r);
            /* the int8 biases at an odd address now and then (the entries read them with memcpy) */
            const bool odd_bias = kiln_rng_range(&r, 0, 3) == 0;
            /* int16: |R| < 2^31 (TFLite's domain; beyond it the 64-bit requantization truncates to int32) */
            const int32_t shift = is16 ? kiln_rng_range(&r, -24, -1) : kiln_rng_range(&r, -31, 1);
            const int32_t in_n = batches > 0 ? ((batches - 1) * boff + 1) * cols : 0;
            kiln_rng_fill_s8(&r, g_w8, (int64_t)rows * cols);
            kiln_rng_fill_s8(&r, g_x8, in_n);
            fill_s16(&r, g_x16, in_n);
            for (int32_t i = 0; i < rows; i++)
            {
                g_b32[i] = (int32_t)kiln_rng_u32(&r) >> kiln_rng_range(&r, 0, 16);
                g_b64[i] = (int64_t)(int32_t)kiln_rng_u32(&r) >> kiln_rng_range(&r, 0, 16);
            }
            snapshot();
            const int32_t n = batches * rows;
            fill_s16(&r, g_d16 + G, n);
            for (int i = 0; i < G; i++)
            {
                g_d16[i] = SENT16;
                g_d16[G + n + i] = SENT16;
            }
            memcpy(g_want16, g_d16, sizeof(int16_t) * (size_t)(n + 2 * G));
            for (int32_t b = 0; b < batches; b++)
            {
                for (int32_t row = 0; row < rows; row++)
                {
                    int64_t req;
                    if (is16)
                    {
                        int64_t sum = 0;
                        for (int32_t k = 0; k < cols; k++)
                            sum += (int64_t)g_x16[b * boff * cols + k] * g_w8[row * cols + k];
                        req = kiln_ref_requantize_s64_wide(sum, g_b64[row], mult, shift);
                    }
                    else
                    {
                        uint32_t acc = (uint32_t)g_b32[row];
                        for (int32_t k = 0; k < cols; k++)
                            acc += (uint32_t)((int32_t)g_x8[b * boff * cols + k] * (int32_t)g_w8[row * cols + k]);
                        req = kiln_ref_multiply_by_quantized_multiplier((int32_t)acc, mult, shift);
                    }
                    int16_t *w = &g_want16[G + b * rows + row];
                    *w = (int16_t)clamp64((int64_t)*w + req, INT16_MIN, INT16_MAX);
                }
            }
            kiln_test_context("result_acc s16 %d iter %d cols %d rows %d batches %d boff %d", is16, (int)it, (int)cols,
                              (int)rows, (int)batches, (int)boff);
            const arm_cmsis_nn_status st =
                is16 ? arm_nn_vec_mat_mul_result_acc_s16(g_x16, g_w8, g_b64, g_d16 + G, mult, shift, cols, rows,
                                                         batches, boff)
                     : arm_nn_vec_mat_mul_result_acc_s8_s16(g_x8, g_w8, odd_bias ? odd_b32(rows) : g_b32, g_d16 + G, mult,
                                                            shift, cols, rows, batches, boff);
            KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
            KILN_CHECK_MEM_S16(g_d16, g_want16, n + 2 * G);
            KILN_CHECK(inputs_unchanged());
        }
    }
    /* int16 extremes: 504 columns of -32768 against rows of -128 or 127 (dot products 2^31 - 2^25 and -504 x 32768 x
     * 127), biases at the 32-bit paths' bound (|b| < 2^25) and just past it, a multiplier and shift that keep the
     * results inside int16: any 32-bit overflow would show */
    {
        const int32_t cols = 504, rows = 8;
        static const int64_t bias[8] = {(1 << 25) - 1, -((1 << 25) - 1), 1 << 25, -(1 << 25), 0, 12345, -(1 << 24), 1};
        for (int32_t k = 0; k < cols; k++)
        {
            g_x16[k] = INT16_MIN;
        }
        for (int32_t row = 0; row < rows; row++)
        {
            memset(g_w8 + row * cols, (row & 1) ? 127 : -128, (size_t)cols);
            g_b64[row] = bias[row];
        }
        for (int32_t shift = -18; shift <= -1; shift++)
        {
            const int32_t mult = 0x40000000 + shift * 4097;
            for (int32_t row = 0; row < rows; row++)
            {
                const int64_t sum = (int64_t)cols * INT16_MIN * ((row & 1) ? 127 : -128);
                g_d16[G + row] = (int16_t)(row * 1000 - 4000);
                const int64_t req = kiln_ref_requantize_s64_wide(sum, g_b64[row], mult, shift);
                g_want16[G + row] = (int16_t)clamp64((int64_t)g_d16[G + row] + req, INT16_MIN, INT16_MAX);
            }
            kiln_test_context("result_acc s16 extremes shift %d", (int)shift);
            KILN_CHECK_EQ(arm_nn_vec_mat_mul_result_acc_s16(g_x16, g_w8, g_b64, g_d16 + G, mult, shift, cols, rows, 1, 1),
                          ARM_CMSIS_NN_SUCCESS);
            KILN_CHECK_MEM_S16(g_d16 + G, g_want16 + G, rows);
        }
    }
    kiln_test_context("");
    int8_t x[8] = {0}, w[8] = {0};
    int16_t x16[8] = {0};
    int32_t b32[2] = {0, 0};
    int64_t b64[2] = {0, 0};
    int16_t d[2] = {SENT16, SENT16};
#define BADRA(call)                                                                                                    \
    do                                                                                                                 \
    {                                                                                                                  \
        KILN_CHECK_EQ((call), ARM_CMSIS_NN_ARG_ERROR);                                                                 \
        KILN_CHECK(d[0] == SENT16 && d[1] == SENT16);                                                                  \
    } while (0)
    BADRA(arm_nn_vec_mat_mul_result_acc_s8_s16(NULL, w, b32, d, 1 << 30, -1, 4, 2, 1, 1));
    BADRA(arm_nn_vec_mat_mul_result_acc_s8_s16(x, NULL, b32, d, 1 << 30, -1, 4, 2, 1, 1));
    BADRA(arm_nn_vec_mat_mul_result_acc_s8_s16(x, w, NULL, d, 1 << 30, -1, 4, 2, 1, 1));
    BADRA(arm_nn_vec_mat_mul_result_acc_s8_s16(x, w, b32, NULL, 1 << 30, -1, 4, 2, 1, 1));
    BADRA(arm_nn_vec_mat_mul_result_acc_s8_s16(x, w, b32, d, -1, -1, 4, 2, 1, 1));
    BADRA(arm_nn_vec_mat_mul_result_acc_s8_s16(x, w, b32, d, 1 << 30, 31, 4, 2, 1, 1));
    BADRA(arm_nn_vec_mat_mul_result_acc_s8_s16(x, w, b32, d, 1 << 30, -32, 4, 2, 1, 1));
    BADRA(arm_nn_vec_mat_mul_result_acc_s8_s16(x, w, b32, d, 1 << 30, -1, -4, 2, 1, 1));
    BADRA(arm_nn_vec_mat_mul_result_acc_s8_s16(x, w, b32, d, 1 << 30, -1, 4, -2, 1, 1));
    BADRA(arm_nn_vec_mat_mul_result_acc_s8_s16(x, w, b32, d, 1 << 30, -1, 4, 2, -1, 1));
    BADRA(arm_nn_vec_mat_mul_result_acc_s8_s16(x, w, b32, d, 1 << 30, -1, 4, 2, 1, 0));
    BADRA(arm_nn_vec_mat_mul_result_acc_s8_s16(x, w, b32, d, 1 << 30, -1, 4, 2, 65536, 65536));
    BADRA(arm_nn_vec_mat_mul_result_acc_s16(x16, w, b64, d, 1 << 30, 15, 4, 2, 1, 1));
    BADRA(arm_nn_vec_mat_mul_result_acc_s16(NULL, w, b64, d, 1 << 30, -1, 4, 2, 1, 1));
    BADRA(arm_nn_vec_mat_mul_result_acc_s16(x16, w, NULL, d, 1 << 30, -1, 4, 2, 1, 1));
    BADRA(arm_nn_vec_mat_mul_result_acc_s16(x16, w, b64, d, -5, -1, 4, 2, 1, 1));
    BADRA(arm_nn_vec_mat_mul_result_acc_s16(x16, w, b64, d, 1 << 30, -1, 4, 2, 2, -1));
#undef BADRA
}

/* ---- int4 matrix ------------------------------------------------------------------------------ */

static int32_t nib(const int8_t *packed, int32_t e)
{
    const uint8_t byte = (uint8_t)packed[e / 2];
    const int32_t v = (e % 2 == 0) ? (byte & 0x0F) : (byte >> 4);
    return v >= 8 ? v - 16 : v;
}

static void test_vm_s4(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x5204);
    const int32_t iters = kiln_test_iterations(3000, 300);
    for (int32_t it = 0; it < iters; it++)
    {
        const int32_t cols = rand_cols(&r);
        const int32_t rows = kiln_rng_range(&r, 0, MAXR);
        const int32_t loff = kiln_rng_range(&r, -128, 127);
        const int32_t doff = kiln_rng_range(&r, -128, 127);
        const int32_t mult = rand_mult(&r);
        const int32_t shift = kiln_rng_range(&r, -31, kiln_rng_range(&r, 0, 3) == 0 ? 4 : -1);
        int32_t lo = kiln_rng_range(&r, -128, 127), hi = kiln_rng_range(&r, -128, 127);
        if (lo > hi)
        {
            const int32_t t = lo;
            lo = hi;
            hi = t;
        }
        const bool with_bias = kiln_rng_range(&r, 0, 3) != 0;
        const int32_t bytes = (rows * cols + 1) / 2;
        kiln_rng_fill_s8(&r, g_w8, bytes);
        kiln_rng_fill_s8(&r, g_x8, cols);
        for (int32_t i = 0; i < rows; i++)
            g_b32[i] = (int32_t)kiln_rng_u32(&r) >> kiln_rng_range(&r, 0, 20);
        snapshot();
        memset(g_d8, SENT8, sizeof(g_d8));
        memcpy(g_want8, g_d8, sizeof(g_d8));
        for (int32_t row = 0; row < rows; row++)
        {
            uint32_t acc = with_bias ? (uint32_t)g_b32[row] : 0u;
            for (int32_t k = 0; k < cols; k++)
                acc += (uint32_t)(((int32_t)g_x8[k] + loff) * nib(g_w8, row * cols + k));
            const int64_t v = (int64_t)kiln_ref_multiply_by_quantized_multiplier((int32_t)acc, mult, shift) + doff;
            g_want8[G + row] = (int8_t)clamp64(v, lo, hi);
        }
        kiln_test_context("s4 iter %d cols %d rows %d", (int)it, (int)cols, (int)rows);
        KILN_CHECK_EQ(arm_nn_vec_mat_mult_t_s4(g_x8, g_w8, with_bias ? g_b32 : NULL, g_d8 + G, loff, doff, mult, shift,
                                               cols, rows, lo, hi),
                      ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_MEM_S8(g_d8, g_want8, (int64_t)sizeof(g_d8));
        KILN_CHECK(inputs_unchanged());
    }
    kiln_test_context("");
    int8_t x[4] = {0}, w[4] = {0};
    int8_t d[2] = {SENT8, SENT8};
#define BAD4(call)                                                                                                     \
    do                                                                                                                 \
    {                                                                                                                  \
        KILN_CHECK_EQ((call), ARM_CMSIS_NN_ARG_ERROR);                                                                 \
        KILN_CHECK(d[0] == SENT8 && d[1] == SENT8);                                                                    \
    } while (0)
    BAD4(arm_nn_vec_mat_mult_t_s4(NULL, w, NULL, d, 0, 0, 1 << 30, -1, 4, 2, -128, 127));
    BAD4(arm_nn_vec_mat_mult_t_s4(x, NULL, NULL, d, 0, 0, 1 << 30, -1, 4, 2, -128, 127));
    BAD4(arm_nn_vec_mat_mult_t_s4(x, w, NULL, NULL, 0, 0, 1 << 30, -1, 4, 2, -128, 127));
    BAD4(arm_nn_vec_mat_mult_t_s4(x, w, NULL, d, 40000, 0, 1 << 30, -1, 4, 2, -128, 127));
    BAD4(arm_nn_vec_mat_mult_t_s4(x, w, NULL, d, 0, -40000, 1 << 30, -1, 4, 2, -128, 127));
    BAD4(arm_nn_vec_mat_mult_t_s4(x, w, NULL, d, 0, 0, -1, -1, 4, 2, -128, 127));
    BAD4(arm_nn_vec_mat_mult_t_s4(x, w, NULL, d, 0, 0, 1 << 30, 31, 4, 2, -128, 127));
    BAD4(arm_nn_vec_mat_mult_t_s4(x, w, NULL, d, 0, 0, 1 << 30, -1, -4, 2, -128, 127));
    BAD4(arm_nn_vec_mat_mult_t_s4(x, w, NULL, d, 0, 0, 1 << 30, -1, 4, -2, -128, 127));
    BAD4(arm_nn_vec_mat_mult_t_s4(x, w, NULL, d, 0, 0, 1 << 30, -1, 4, 2, -129, 127));
    BAD4(arm_nn_vec_mat_mult_t_s4(x, w, NULL, d, 0, 0, 1 << 30, -1, 4, 2, 10, 0));
#undef BAD4
}

int main(void)
{
    printf("supint_vecmat on %s\n", kiln_board_name());
    KILN_RUN(test_vm_s16);
    KILN_RUN(test_vm_s16_bad);
    KILN_RUN(test_vm_svdf);
    KILN_RUN(test_result_acc);
    KILN_RUN(test_vm_s4);
    return kiln_test_finish();
}
