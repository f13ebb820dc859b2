/*
 * The backend dot-product kernels of Include/Internal/kiln_dot.h (the inner loops of the int16x8 fully
 * connected, vector x matrix and convolution layers, the LSTM gates and the SVDF feature products) against
 * scalar references written here: every length from 0 to 200 and some long ones, every start alignment,
 * extreme values, offsets inside and outside the DSP kernel's halfword range; inputs unchanged. Then the
 * instructions per MAC of the layers built on them (informational on the host; on the boards each bound
 * guards the level measured when the DSP and Helium kernels came in).
 */
#include <stdio.h>
#include <string.h>

#include "Internal/kiln_dot.h"
#include "Internal/kiln_dw_s16.h"
#include "Internal/kiln_requant_s64.h"
#if KILN_BUILD_MVE
#include "Internal/kiln_requant_mve.h"
#endif
#include "arm_nnfunctions.h"
#include "arm_nnsupportfunctions.h"
#include "kiln_board.h"
#include "kiln_test.h"

#define MAXN 4200

static int16_t g_x16[MAXN + 8];
static int16_t g_y16[MAXN + 8];
static int8_t g_x8[MAXN + 8];
static int8_t g_w8[MAXN + 8];
static int16_t s_x16[MAXN + 8];
static int16_t s_y16[MAXN + 8];
static int8_t s_x8[MAXN + 8];
static int8_t s_w8[MAXN + 8];

static int64_t ref_dot_s16_s16(const int16_t *x, const int16_t *y, int32_t n)
{
    int64_t s = 0;
    for (int32_t i = 0; i < n; i++)
    {
        s += (int64_t)x[i] * (int64_t)y[i];
    }
    return s;
}

static int64_t ref_dot_s16_s8(const int16_t *x, const int8_t *w, int32_t n)
{
    int64_t s = 0;
    for (int32_t i = 0; i < n; i++)
    {
        s += (int64_t)x[i] * (int64_t)w[i];
    }
    return s;
}

static uint32_t ref_dot_s8_off(const int8_t *x, const int8_t *w, int32_t n, int32_t off)
{
    /* exact in int64, then reduced modulo 2^32 */
    int64_t s = 0;
    for (int32_t i = 0; i < n; i++)
    {
        s += ((int64_t)x[i] + (int64_t)off) * (int64_t)w[i];
    }
    return (uint32_t)(uint64_t)s;
}

static void fill_inputs(kiln_rng *r, int mode)
{
    for (int32_t i = 0; i < MAXN + 8; i++)
    {
        switch (mode)
        {
        case 0: /* random */
            g_x16[i] = (int16_t)kiln_rng_range(r, INT16_MIN, INT16_MAX);
            g_y16[i] = (int16_t)kiln_rng_range(r, INT16_MIN, INT16_MAX);
            g_x8[i] = (int8_t)kiln_rng_range(r, INT8_MIN, INT8_MAX);
            g_w8[i] = (int8_t)kiln_rng_range(r, INT8_MIN, INT8_MAX);
            break;
        case 1: /* the largest products, one sign */
            g_x16[i] = INT16_MIN;
            g_y16[i] = INT16_MIN;
            g_x8[i] = INT8_MIN;
            g_w8[i] = INT8_MIN;
            break;
        default: /* the largest products, alternating signs */
            g_x16[i] = (i & 1) != 0 ? INT16_MIN : INT16_MAX;
            g_y16[i] = (i & 3) != 0 ? INT16_MIN : INT16_MAX;
            g_x8[i] = (i & 2) != 0 ? INT8_MIN : INT8_MAX;
            g_w8[i] = (i & 1) != 0 ? INT8_MIN : INT8_MAX;
            break;
        }
    }
    memcpy(s_x16, g_x16, sizeof(g_x16));
    memcpy(s_y16, g_y16, sizeof(g_y16));
    memcpy(s_x8, g_x8, sizeof(g_x8));
    memcpy(s_w8, g_w8, sizeof(g_w8));
}

static void test_dot_kernels(void)
{
    static const int32_t offsets[] = {0,     1,      -1,     127,    128,       -127,     -128,   32639,
                                      32640, -32640, -32641, 100000, INT32_MAX, INT32_MIN, -70000};
    static const int32_t longs[] = {255, 256, 257, 1023, 1024, 1031, 4099, MAXN};
    kiln_rng rng;
    kiln_rng_seed(&rng, 41);
    int32_t failures = 0;
    for (int mode = 0; mode < 3 && failures < 5; mode++)
    {
        fill_inputs(&rng, mode);
        for (int32_t k = 0; k < 201 + (int32_t)(sizeof(longs) / sizeof(longs[0])) && failures < 5; k++)
        {
            const int32_t n = k <= 200 ? k : longs[k - 201];
            for (int32_t a = 0; a < 4; a++)
            {
                const int32_t ax = (a * 3) & 3; /* the two operands' starts misaligned differently */
                const int64_t got16 = kiln_dot_s16_s8(g_x16 + a, g_w8 + ax, n);
                const int64_t want16 = ref_dot_s16_s8(g_x16 + a, g_w8 + ax, n);
                kiln_test_context("mode %d n %d starts %d/%d", mode, (int)n, (int)a, (int)ax);
                if (!KILN_CHECK_EQ(got16, want16))
                {
                    failures++;
                }
                /* int16 x int16, one row and two rows sharing x (the second row anywhere after the first) */
                kiln_test_context("mode %d n %d starts %d/%d (s16 x s16)", mode, (int)n, (int)a, (int)ax);
                if (!KILN_CHECK_EQ(kiln_dot_s16_s16(g_x16 + a, g_y16 + ax, n), ref_dot_s16_s16(g_x16 + a, g_y16 + ax, n)))
                {
                    failures++;
                }
                const int32_t y_stride = kiln_rng_range(&rng, 0, MAXN + 4 - ax - n);
                int64_t two[2] = {-1, -1};
                kiln_dot2_s16_s16(g_x16 + a, g_y16 + ax, y_stride, n, two);
                kiln_test_context("mode %d n %d starts %d/%d stride %d (s16 x s16, two rows)", mode, (int)n, (int)a,
                                  (int)ax, (int)y_stride);
                if (!KILN_CHECK_EQ(two[0], ref_dot_s16_s16(g_x16 + a, g_y16 + ax, n)) ||
                    !KILN_CHECK_EQ(two[1], ref_dot_s16_s16(g_x16 + a, g_y16 + ax + y_stride, n)))
                {
                    failures++;
                }
                const int32_t off = k % 3 == 0 ? offsets[(k / 3 + a) % (int32_t)(sizeof(offsets) / sizeof(offsets[0]))]
                                               : kiln_rng_range(&rng, -300, 300);
                kiln_test_context("mode %d n %d starts %d/%d offset %d", mode, (int)n, (int)a, (int)ax, (int)off);
                if (!KILN_CHECK_EQ(kiln_dot_s8_off(g_x8 + ax, g_w8 + a, n, off), ref_dot_s8_off(g_x8 + ax, g_w8 + a, n, off)))
                {
                    failures++;
                }
            }
        }
        KILN_CHECK(memcmp(g_x16, s_x16, sizeof(g_x16)) == 0 && memcmp(g_x8, s_x8, sizeof(g_x8)) == 0 &&
                   memcmp(g_w8, s_w8, sizeof(g_w8)) == 0 && memcmp(g_y16, s_y16, sizeof(g_y16)) == 0);
    }
}

static void test_dw_acc_kernel(void)
{
    /* {channels, nky, nkx}: channel counts around the kernels' blocks of four and eight, windows of every
     * clipped shape, and the largest window the kernel takes (511 taps) */
    kiln_rng rng;
    kiln_rng_seed(&rng, 43);
    int32_t acc[80 + 1];
    int32_t failures = 0;
    for (int mode = 0; mode < 3 && failures < 5; mode++)
    {
        fill_inputs(&rng, mode);
        for (int32_t it = 0; it < 400 && failures < 5; it++)
        {
            int32_t n = 1 + it % 70, nky = 1 + (it / 7) % 3, nkx = 1 + (it / 3) % 5;
            if (it == 399)
            {
                n = 5, nky = 7, nkx = 73; /* 511 taps */
            }
            const int32_t x_col = n + kiln_rng_range(&rng, 0, 3), w_col = n + kiln_rng_range(&rng, 0, 2);
            const int32_t x_row = nkx * x_col + kiln_rng_range(&rng, 0, 5), w_row = nkx * w_col;
            const int32_t a = it & 3; /* start alignment */
            if ((int64_t)(nky - 1) * x_row + (int64_t)(nkx - 1) * x_col + n + a > MAXN ||
                (int64_t)(nky - 1) * w_row + (int64_t)(nkx - 1) * w_col + n + a > MAXN)
            {
                continue;
            }
            acc[n] = 0x5A5A5A5A; /* one past the last: untouched */
            kiln_dw_acc_s16_s8(g_x16 + a, g_w8 + a, n, nky, nkx, x_col, x_row, w_col, w_row, acc);
            for (int32_t c = 0; c < n; c++)
            {
                int64_t want = 0;
                for (int32_t ky = 0; ky < nky; ky++)
                {
                    for (int32_t kx = 0; kx < nkx; kx++)
                    {
                        want += (int64_t)g_x16[a + ky * x_row + kx * x_col + c] * g_w8[a + ky * w_row + kx * w_col + c];
                    }
                }
                kiln_test_context("mode %d n %d window %dx%d channel %d", mode, (int)n, (int)nky, (int)nkx, (int)c);
                if (!KILN_CHECK_EQ(acc[c], want))
                {
                    failures++;
                    break;
                }
            }
            KILN_CHECK_EQ(acc[n], 0x5A5A5A5A);
        }
        KILN_CHECK(memcmp(g_x16, s_x16, sizeof(g_x16)) == 0 && memcmp(g_w8, s_w8, sizeof(g_w8)) == 0);
    }
}

/* kiln_dot2_s16_s8 (one run), kiln_dot2_s16_s8_runs (a convolution's filter rows: runs of n elements, x and the
 * weights stepping per run), kiln_dot4_s16_s8 and kiln_dot4_s8_off (the LSTM gates, SVDF features; offsets in and out of the halfword range) against the reference, lengths 0 - 40 and long ones, 1 - 4 runs,
 * any steps and row distances, the extreme products too. */
static void test_dot2_kernels(void)
{
    kiln_rng rng;
    kiln_rng_seed(&rng, 43);
    int32_t failures = 0;
    for (int mode = 0; mode < 3 && failures < 5; mode++)
    {
        fill_inputs(&rng, mode);
        for (int32_t k = 0; k < 43 && failures < 5; k++)
        {
            const int32_t n = k <= 40 ? k : (k == 41 ? 257 : 1000);
            const int32_t runs = 1 + k % 4;
            const int32_t x_step = kiln_rng_range(&rng, 0, (MAXN - n) / runs);
            const int32_t w_step = kiln_rng_range(&rng, 0, (MAXN - 2 * n) / (2 * runs));
            const int32_t w_stride = kiln_rng_range(&rng, n, MAXN / 2);
            int64_t want[2] = {0, 0};
            for (int32_t r = 0; r < runs; r++)
            {
                want[0] += ref_dot_s16_s8(g_x16 + r * x_step, g_w8 + r * w_step, n);
                want[1] += ref_dot_s16_s8(g_x16 + r * x_step, g_w8 + r * w_step + w_stride, n);
            }
            int64_t got[2] = {-1, -1};
            kiln_dot2_s16_s8_runs(g_x16, x_step, g_w8, w_step, w_stride, n, runs, got);
            kiln_test_context("mode %d n %d runs %d steps %d/%d stride %d", mode, (int)n, (int)runs, (int)x_step,
                              (int)w_step, (int)w_stride);
            if (!KILN_CHECK(got[0] == want[0] && got[1] == want[1]))
            {
                failures++;
            }
            int64_t one[2] = {-1, -1};
            kiln_dot2_s16_s8(g_x16 + 1, g_w8 + 3, w_stride, n, one);
            if (!KILN_CHECK(one[0] == ref_dot_s16_s8(g_x16 + 1, g_w8 + 3, n) &&
                            one[1] == ref_dot_s16_s8(g_x16 + 1, g_w8 + 3 + w_stride, n)))
            {
                failures++;
            }
            /* four rows of runs in int32 (runs * n within KILN_DOT4_CHUNK: 504 products at the extremes included) */
            {
                const int32_t n32 = k <= 40 ? k : (k == 41 ? 126 : 168);
                const int32_t runs32 = k <= 40 ? 1 + k % 4 : KILN_DOT4_CHUNK / n32;
                const int32_t xs = kiln_rng_range(&rng, 0, (MAXN - n32) / runs32);
                const int32_t ws = kiln_rng_range(&rng, 0, (MAXN / 2 - n32) / runs32);
                const int32_t wst = kiln_rng_range(&rng, 0, (MAXN / 2) / 3);
                int32_t got32[4] = {-1, -1, -1, -1};
                kiln_dot4_s16_s8_runs32(g_x16, xs, g_w8, ws, wst, n32, runs32, got32);
                for (int32_t j = 0; j < 4; j++)
                {
                    int64_t want32 = 0;
                    for (int32_t r = 0; r < runs32; r++)
                    {
                        want32 += ref_dot_s16_s8(g_x16 + r * xs, g_w8 + r * ws + j * wst, n32);
                    }
                    kiln_test_context("mode %d four rows of runs n %d runs %d steps %d/%d stride %d row %d", mode,
                                      (int)n32, (int)runs32, (int)xs, (int)ws, (int)wst, (int)j);
                    if (!KILN_CHECK_EQ((int64_t)got32[j], want32))
                    {
                        failures++;
                    }
                }
            }
            /* four rows (the Helium kernel's 32-bit chunks: lengths past 504 and 1008 included) */
            const int32_t n4 = k <= 40 ? k : (k == 41 ? 505 : 1009);
            const int32_t stride4 = kiln_rng_range(&rng, n4, (MAXN - 3) / 4);
            int64_t four[4] = {-1, -1, -1, -1};
            kiln_dot4_s16_s8(g_x16 + 1, g_w8 + 3, stride4, n4, four);
            uint32_t four8[4] = {1, 1, 1, 1};
            static const int32_t offs4[] = {0, 128, -127, 32639, -32640, 32640, -40000, 7};
            const int32_t off4 = offs4[k % 8];
            kiln_dot4_s8_off(g_x8 + 2, g_w8 + 1, stride4, n4, off4, four8);
            for (int32_t j = 0; j < 4; j++)
            {
                kiln_test_context("mode %d four rows n %d stride %d row %d", mode, (int)n4, (int)stride4, (int)j);
                if (!KILN_CHECK_EQ(four[j], ref_dot_s16_s8(g_x16 + 1, g_w8 + 3 + j * stride4, n4)) ||
                    !KILN_CHECK_EQ(four8[j], ref_dot_s8_off(g_x8 + 2, g_w8 + 1 + j * stride4, n4, off4)))
                {
                    failures++;
                }
            }
        }
        KILN_CHECK(memcmp(g_x16, s_x16, sizeof(g_x16)) == 0 && memcmp(g_w8, s_w8, sizeof(g_w8)) == 0);
    }
}

/* The int16 depthwise requantization run (kiln_dw_s16_requant_run: four VRMULH lanes on Helium, SMMULR on DSP, an
 * int64 product elsewhere) against the int64 formula on the values it is given: sums within 255 x 2^22, biases within
 * 2^30, shifts -17 .. -2, any multiplier >= 0 (the reduced multiplier's ends included), offsets and clamps of the int16
 * range; the table made as kiln_dw_s16_kernel_c makes it. */
static void test_dw_s16_requant(void)
{
    enum
    {
        NCH = 37
    };
    static int32_t sums[NCH], mult[NCH], shift[NCH];
    static int64_t bias[NCH];
    static int16_t got[NCH + 1], want[NCH];
    kiln_rng rng;
    kiln_rng_seed(&rng, 47);
    const int32_t sum_max = 255 * (1 << 22);
    int32_t failures = 0;
    for (int32_t it = 0; it < 3000 && failures < 5; it++)
    {
        const int32_t n = 1 + it % NCH;
        for (int32_t c = 0; c < n; c++)
        {
            const int32_t k = kiln_rng_range(&rng, 0, 7);
            sums[c] = k == 0 ? sum_max : (k == 1 ? -sum_max : (int32_t)(kiln_rng_u32(&rng) % (2u * (uint32_t)sum_max + 1u)) - sum_max);
            const int32_t bk = kiln_rng_range(&rng, 0, 5);
            bias[c] = bk == 0 ? ((int64_t)1 << 30) : (bk == 1 ? -((int64_t)1 << 30) : kiln_rng_range(&rng, -1000000, 1000000));
            const int32_t mk = kiln_rng_range(&rng, 0, 5);
            mult[c] = mk == 0 ? INT32_MAX : (mk == 1 ? 0x7FFF0000 - kiln_rng_range(&rng, 0, 1) : (mk == 2 ? kiln_rng_range(&rng, 0, 70000) : (int32_t)(kiln_rng_u32(&rng) >> 1)));
            shift[c] = kiln_rng_range(&rng, -17, -2);
        }
        const bool has_bias = (it % 5) != 0;
        const int32_t off = kiln_rng_range(&rng, -65535, 65535);
        const int32_t amin = kiln_rng_range(&rng, 0, 1) ? INT16_MIN : kiln_rng_range(&rng, INT16_MIN, 0);
        const int32_t amax = kiln_rng_range(&rng, 0, 1) ? INT16_MAX : kiln_rng_range(&rng, amin, INT16_MAX);
        kiln_dw_s16_rq rq;
        for (int32_t c = 0; c < n; c++)
        {
            rq.m[c] = kiln_requant_m_hi(REDUCE_MULTIPLIER(mult[c]), shift[c]);
            rq.b[c] = has_bias ? (int32_t)bias[c] : 0;
        }
        got[n] = 0x5A5A;
        kiln_dw_s16_requant_run(sums, n, &rq, 0, off, amin, amax, got);
        for (int32_t c = 0; c < n; c++)
        {
            /* the int64 formula directly (|acc| < 2^31, rm < 2^15: exact), not kiln_requant_s64, whose 32-bit path
             * takes most of these values too */
            const int64_t acc = (int64_t)sums[c] + (has_bias ? bias[c] : 0);
            const int32_t t = 15 - shift[c];
            const int64_t p = acc * REDUCE_MULTIPLIER(mult[c]) + ((int64_t)1 << (t - 1));
            int64_t v = (p >= 0 ? p / ((int64_t)1 << t) : -((-p + ((int64_t)1 << t) - 1) / ((int64_t)1 << t))) + off;
            v = v < amin ? amin : (v > amax ? amax : v);
            want[c] = (int16_t)v;
            kiln_test_context("it %d channel %d sum %d bias %lld mult %d shift %d", (int)it, (int)c, (int)sums[c],
                              (long long)(has_bias ? bias[c] : 0), (int)mult[c], (int)shift[c]);
            if (!KILN_CHECK_EQ(got[c], want[c]))
            {
                failures++;
                break;
            }
        }
        KILN_CHECK_EQ(got[n], 0x5A5A);
    }
}

/* floor((acc * rm + 2^(t - 1)) / 2^t), t = 15 - shift in [1, 46], |acc| <= 2^31, rm < 2^15: the int64 formula. */
static int32_t ref_requant_s32(int32_t acc, int32_t rm, int32_t shift)
{
    const int32_t t = 15 - shift;
    const int64_t p = (int64_t)acc * rm + ((int64_t)1 << (t - 1));
    const int64_t d = (int64_t)1 << t;
    return (int32_t)(p >= 0 ? p / d : -((-p + d - 1) / d));
}

/* The high-word derivation of kiln_requant_s32_mulhi (Include/Internal/kiln_requant_s64.h), emulated with int64
 * products, so that the host checks its arithmetic too (its build takes the split form). */
static int32_t emu_requant_mulhi(int32_t acc, int32_t rm, int32_t shift)
{
    const int32_t k = 17 + shift;
    const int64_t two32 = (int64_t)1 << 32;
    if (k >= 0)
    {
        const int64_t p = (int64_t)acc * (int64_t)((uint32_t)rm << k) + ((int64_t)1 << 31); /* SMMULR */
        return (int32_t)(p >= 0 ? p / two32 : -((-p + two32 - 1) / two32));
    }
    const int64_t p = (int64_t)acc * rm; /* SMMUL: floor(p / 2^32) */
    const int64_t h = p >= 0 ? p / two32 : -((-p + two32 - 1) / two32);
    const int64_t q = h + ((int64_t)1 << (-1 - k));
    const int64_t d = (int64_t)1 << -k;
    return (int32_t)(q >= 0 ? q / d : -((-q + d - 1) / d));
}

/* The 32-bit requantization forms against the int64 formula: kiln_requant_s32 (SMMULR / SMMUL on DSP and Helium
 * builds, the split form elsewhere), the split form itself, the high-word derivation (emulated), and on Helium the
 * four-lane kiln_requant_x4 (VMULH / VRSHL); every shift -31 .. -2, any int32 acc with the ends, rm 0 .. 32767 with
 * the multipliers' ends. */
static void test_requant_s32_forms(void)
{
    static const int32_t accs[] = {INT32_MIN, INT32_MIN + 1, -(1 << 30) - 1, -(1 << 30), -65537, -65536, -32768, -1,
                                   0, 1, 32767, 65535, 65536, (1 << 30) - 1, 1 << 30, INT32_MAX - 1, INT32_MAX};
    static const int32_t mults[] = {0, 1, 0x7FFF, 0x8000, 0x7FFF0000 - 1, 0x7FFF0000, INT32_MAX, 1 << 30};
    kiln_rng rng;
    kiln_rng_seed(&rng, 61);
    int32_t failures = 0;
    const int32_t iters = KILN_BUILD_C ? 60000 : 12000;
    for (int32_t it = 0; it < iters && failures < 5; it++)
    {
        int32_t acc[4], mult[4], shift[4], rm[4];
        for (int32_t j = 0; j < 4; j++)
        {
            const int32_t ka = kiln_rng_range(&rng, 0, 3);
            acc[j] = ka == 0 ? accs[kiln_rng_range(&rng, 0, (int32_t)(sizeof(accs) / sizeof(accs[0])) - 1)]
                             : (ka == 1 ? kiln_rng_range(&rng, -100000, 100000) : (int32_t)kiln_rng_u32(&rng));
            const int32_t km = kiln_rng_range(&rng, 0, 2);
            mult[j] = km == 0 ? mults[kiln_rng_range(&rng, 0, (int32_t)(sizeof(mults) / sizeof(mults[0])) - 1)]
                              : (int32_t)(kiln_rng_u32(&rng) >> 1);
            shift[j] = -2 - (it + j) % 30;
            rm[j] = REDUCE_MULTIPLIER(mult[j]);
        }
        for (int32_t j = 0; j < 4; j++)
        {
            const int32_t want = ref_requant_s32(acc[j], rm[j], shift[j]);
            kiln_test_context("it %d acc %d rm %d shift %d", (int)it, (int)acc[j], (int)rm[j], (int)shift[j]);
            if (!KILN_CHECK_EQ(kiln_requant_s32(acc[j], rm[j], shift[j]), want) ||
                !KILN_CHECK_EQ(kiln_requant_s32_split(acc[j], rm[j], shift[j]), want) ||
                !KILN_CHECK_EQ(emu_requant_mulhi(acc[j], rm[j], shift[j]), want))
            {
                failures++;
            }
        }
#if KILN_BUILD_MVE
        int32_t lanes[4];
        vstrwq_s32(lanes, kiln_requant_x4(vldrwq_s32(acc), vldrwq_u32((const uint32_t *)(const void *)mult),
                                          vldrwq_s32(shift)));
        for (int32_t j = 0; j < 4; j++)
        {
            kiln_test_context("it %d lane %d acc %d rm %d shift %d", (int)it, (int)j, (int)acc[j], (int)rm[j],
                              (int)shift[j]);
            if (!KILN_CHECK_EQ(lanes[j], ref_requant_s32(acc[j], rm[j], shift[j])))
            {
                failures++;
            }
        }
#endif
    }
}

/* kiln_requant_s32_out4 (four lanes on Helium, scalar elsewhere) against kiln_requant_s64_out on the values its
 * callers give it: sums and biases in [-2^30, 2^30) with their ends, shifts -31 .. -2, any multiplier >= 0, offsets
 * and clamps of the int16 range. */
static void test_requant_out4(void)
{
    kiln_rng rng;
    kiln_rng_seed(&rng, 53);
    int32_t failures = 0;
    for (int32_t it = 0; it < 4000 && failures < 5; it++)
    {
        int32_t acc[4], mult[4], shift[4];
        int64_t sum[4], bias[4];
        for (int32_t j = 0; j < 4; j++)
        {
            const int32_t k = kiln_rng_range(&rng, 0, 5);
            sum[j] = k == 0 ? -(1 << 30) : (k == 1 ? (1 << 30) - 1 : kiln_rng_range(&rng, -(1 << 30), (1 << 30) - 1));
            const int32_t kb = kiln_rng_range(&rng, 0, 5);
            bias[j] = kb == 0 ? -(1 << 30) : (kb == 1 ? (1 << 30) - 1 : kiln_rng_range(&rng, -1000000, 1000000));
            acc[j] = (int32_t)(sum[j] + bias[j]);
            const int32_t mk = kiln_rng_range(&rng, 0, 3);
            mult[j] = mk == 0 ? INT32_MAX : (mk == 1 ? kiln_rng_range(&rng, 0, 70000) : (int32_t)(kiln_rng_u32(&rng) >> 1));
            shift[j] = kiln_rng_range(&rng, -31, -2);
        }
        const int32_t off = kiln_rng_range(&rng, -65535, 65535);
        const int32_t lo = kiln_rng_range(&rng, 0, 1) ? INT16_MIN : kiln_rng_range(&rng, INT16_MIN, 0);
        const int32_t hi = kiln_rng_range(&rng, 0, 1) ? INT16_MAX : kiln_rng_range(&rng, lo, INT16_MAX);
        int16_t got[5];
        got[4] = 0x5A5A;
        kiln_requant_s32_out4(acc, mult, shift, off, lo, hi, got);
        for (int32_t j = 0; j < 4; j++)
        {
            const int16_t want = kiln_requant_s64_out(sum[j], bias[j], REDUCE_MULTIPLIER(mult[j]), shift[j], off, lo, hi);
            kiln_test_context("it %d lane %d sum %lld bias %lld mult %d shift %d", (int)it, (int)j, (long long)sum[j],
                              (long long)bias[j], (int)mult[j], (int)shift[j]);
            if (!KILN_CHECK_EQ(got[j], want))
            {
                failures++;
                break;
            }
        }
        KILN_CHECK_EQ(got[4], 0x5A5A);
    }
}

/* ---- instruction counts of the layers on the kernels ------------------------------------------ */

#define FC_COLS 256
#define FC_ROWS 128
#define SV_COLS 40
#define SV_ROWS 64
#define CV_HW   12
#define CV_C    16

static int16_t p_x16[CV_HW * CV_HW * CV_C];
static int8_t p_w8[FC_COLS * FC_ROWS];
static int64_t p_b64[FC_ROWS];
static int16_t p_out16[CV_HW * CV_HW * CV_C];
#define BM_M 16
#define BM_N 32
#define BM_K 64
static int16_t p_y16[BM_N * BM_K];
static int32_t p_dmult[CV_C], p_dshift[CV_C];
#if !KILN_UPSTREAM_API
static int32_t p_mult[CV_C], p_shift[CV_C];
#endif

static void report(const char *what, double instr, double macs, double bound_dsp, double bound_mve)
{
    const double per = instr / macs;
    printf("dot perf %s [%s] %s: %.0f instructions, %.3f per MAC\n", kiln_board_name(), kiln_isa_name(KILN_NATIVE_ISA),
           what, instr, per);
    if (KILN_NATIVE_ISA == KILN_ISA_DSP)
    {
        KILN_CHECK(per <= bound_dsp);
    }
    else if (KILN_NATIVE_ISA == KILN_ISA_MVE)
    {
        KILN_CHECK(per <= bound_mve);
    }
}

static void test_layer_instruction_counts(void)
{
    if (!kiln_counter_available())
    {
        return;
    }
    kiln_rng rng;
    kiln_rng_seed(&rng, 5);
    for (size_t i = 0; i < sizeof(p_x16) / sizeof(p_x16[0]); i++)
    {
        p_x16[i] = (int16_t)kiln_rng_range(&rng, -3000, 3000);
    }
    kiln_rng_fill_s8(&rng, p_w8, (int64_t)sizeof(p_w8));
    for (int32_t i = 0; i < FC_ROWS; i++)
    {
        p_b64[i] = kiln_rng_range(&rng, -100000, 100000);
    }

    /* int16x8 fully connected, 256 x 128 */
    {
        const cmsis_nn_fc_params fp = {0, 0, 0, {INT16_MIN, INT16_MAX}};
        const cmsis_nn_per_tensor_quant_params qp = {1 << 30, -10};
        const cmsis_nn_dims in = {1, 1, 1, FC_COLS}, fd = {FC_COLS, 1, 1, FC_ROWS}, bd = {1, 1, 1, FC_ROWS};
        const cmsis_nn_dims od = {1, 1, 1, FC_ROWS};
        const cmsis_nn_context ctx = {NULL, 0};
        kiln_counter_start();
        const arm_cmsis_nn_status st =
            arm_fully_connected_s16(&ctx, &fp, &qp, &in, p_x16, &fd, p_w8, &bd, p_b64, &od, p_out16);
        const double n = kiln_counter_stop();
        KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
        /* measured when the kernels came in: DSP 2.957 (portable C 5.604), Helium 0.751 (C 4.546); with the 32-bit
         * requantization (kiln_requant_s32_split) 2.897 / 0.711, clamped in 32 bits (kiln_requant_s64_out) 2.852 /
         * 0.676; the DSP two-row loop with x packed for both rows (assembly) 2.331; four rows per Helium call 0.635,
         * requantized on four lanes (kiln_requant_s32_out4) 0.584; the one-product requantization 2.289 / 0.577;
         * four rows' sums in int32 from one Helium call (kiln_dot4_s16_s8_runs32) 0.507, and from the DSP's
         * four-row assembly kernel 1.919 */
        report("fully connected s16 256 x 128", n, (double)FC_COLS * FC_ROWS, 1.98, 0.53);
    }

    /* SVDF's feature products (int8 input with an offset), 40 x 64 */
    {
        kiln_counter_start();
        const arm_cmsis_nn_status st = arm_nn_vec_mat_mult_t_svdf_s8((const int8_t *)p_x16, p_w8, p_out16, 5, 1,
                                                                      1 << 30, -8, SV_COLS, SV_ROWS, INT16_MIN,
                                                                      INT16_MAX);
        const double n = kiln_counter_stop();
        KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
        /* DSP 4.034 (C 7.209), Helium 1.635 (C 6.310); four rows per kernel call (kiln_dot4_s8_off) 3.138 / 1.602;
         * the SVDF state-column kernel for the requantization and stores (Helium four lanes and a scatter, DSP
         * SMMLAR on the doubled sum) 2.914 / 0.752; the DSP four-row dot product in assembly 2.614 */
        report("svdf feature products 40 x 64", n, (double)SV_COLS * SV_ROWS, 2.75, 0.80);
    }

    /* int16 batch matmul 16 x 64 by 32 x 64 (the rhs transposed) */
    {
        for (int32_t i = 0; i < BM_N * BM_K; i++)
        {
            p_y16[i] = (int16_t)kiln_rng_range(&rng, INT16_MIN, INT16_MAX);
        }
        const cmsis_nn_bmm_params bp = {false, false, {0, 0, 0, {INT16_MIN, INT16_MAX}}};
        const cmsis_nn_per_tensor_quant_params qp = {1 << 30, -20};
        const cmsis_nn_dims ld = {1, 1, BM_M, BM_K}, rd = {1, 1, BM_N, BM_K}, od = {1, 1, BM_M, BM_N};
        kiln_counter_start();
        const arm_cmsis_nn_status st = arm_batch_matmul_s16(NULL, &bp, &qp, &ld, p_x16, &rd, p_y16, &od, p_out16);
        const double n = kiln_counter_stop();
        KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
        /* scalar C on every backend until the fifteenth session: DSP 5.701, Helium 4.825; two rows per call of the
         * backend's kiln_dot2_s16_s16 2.448 / 1.010 */
        report("batch matmul s16 16 x 64 x 32", n, (double)BM_M * BM_N * BM_K, 2.55, 1.06);
    }

    /* int16x8 depthwise 12 x 12 x 16, 3x3, padding 1 */
    {
        for (int32_t i = 0; i < CV_C; i++)
        {
            p_dmult[i] = (1 << 30) + i;
            p_dshift[i] = -9;
        }
        const cmsis_nn_dw_conv_params dp = {0, 0, 1, {1, 1}, {1, 1}, {1, 1}, {INT16_MIN, INT16_MAX}};
        const cmsis_nn_per_channel_quant_params qp = {p_dmult, p_dshift};
        const cmsis_nn_dims in = {1, CV_HW, CV_HW, CV_C}, fd = {1, 3, 3, CV_C}, bd = {1, 1, 1, CV_C};
        const cmsis_nn_dims od = {1, CV_HW, CV_HW, CV_C};
        const cmsis_nn_context ctx = {NULL, 0};
        kiln_counter_start();
        const arm_cmsis_nn_status st =
            arm_depthwise_conv_s16(&ctx, &dp, &qp, &in, p_x16, &fd, p_w8, &bd, p_b64, &od, p_out16);
        const double n = kiln_counter_stop();
        KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
        /* the stack it takes, the entry's frames included (the requantization table of a run of 64 channels, the
         * sums of 16; measured 1,100 bytes on the M4, 1,148 on the M55; 1,644 / 1,436 before the cut; the M4's fused
         * window outputs with their table of eight channels' widened weights 1,240; the M55 1,156 with the job's
         * saturation flag) */
        kiln_stack_mark();
        KILN_CHECK_EQ(arm_depthwise_conv_s16(&ctx, &dp, &qp, &in, p_x16, &fd, p_w8, &bd, p_b64, &od, p_out16),
                      ARM_CMSIS_NN_SUCCESS);
        const size_t stack = kiln_stack_peak();
        printf("dot perf %s depthwise s16 stack: %u bytes\n", kiln_board_name(), (unsigned)stack);
        KILN_CHECK(stack <= 1250);
        /* DSP 17.403 (C 25.088: most of it the per-output int64 requantization), Helium 6.501 (C 21.287; 13.449 before
         * the Helium 32-bit requantization); with the 32-bit requantization on every backend and the windows' taps
         * found without 64-bit divisions, DSP 10.211, Helium 5.832; the Helium window sums on int16 lanes (VMULLB /
         * VMULLT) 4.358; the taps' range without a test for whole windows (less code in the int8 depthwise kernels
         * sharing it) DSP 10.362, Helium 4.451; the fifteenth session's one-product requantization (SMMULR / VMULH)
         * 10.234 / 4.222, its table per run of channels 8.028 / 3.263, the Helium sixteen-channel window loop
         * 2.710, the requantization run in assembly 2.349, sums and outputs of sixteen channels in one assembly
         * pass (kiln_dw_s16_window_out) 2.315; the DSP window loop in assembly 6.955 and its requantization two
         * channels a step 6.521 (6.462 with the window outputs' call); one walk over the output positions for every
         * form of the call 2.362 / 6.528; a row's positions with whole windows in one call 1.852 / 6.237; the
         * stack cut by 480 bytes (sums of 16 channels at a time off the Helium path, the int64 path a function of its
         * own) 1.847 / 6.410; the DSP loop's rows of three columns unrolled 6.188; the DSP window outputs fused
         * (kiln_dw_out4_run: sums from the biases, requantized in registers, one call per row of positions) with the
         * weights widened once per call for rows of three or more positions, whole 3x3 windows unrolled, 4.106; Helium
         * saturating narrows where the offset is 0 and the clamp all of int16, 1.776 */
        report("depthwise s16 12x12x16, 3x3", n, (double)CV_HW * CV_HW * CV_C * 9, 4.25, 1.84);
    }

#if !KILN_UPSTREAM_API
    /* int16x8 convolution 12 x 12 x 16 -> 16, 3x3, padding 1 */
    {
        for (int32_t i = 0; i < CV_C; i++)
        {
            p_mult[i] = (1 << 30) + i;
            p_shift[i] = -9;
        }
        const cmsis_nn_conv_params cp = {0, 0, {1, 1}, {1, 1}, {1, 1}, {INT16_MIN, INT16_MAX}};
        const cmsis_nn_per_channel_quant_params qp = {p_mult, p_shift};
        const cmsis_nn_dims in = {1, CV_HW, CV_HW, CV_C}, fd = {CV_C, 3, 3, CV_C}, bd = {1, 1, 1, CV_C};
        const cmsis_nn_dims od = {1, CV_HW, CV_HW, CV_C};
        const cmsis_nn_bias_data bias = {p_b64, false};
        const cmsis_nn_context ctx = {NULL, 0};
        kiln_counter_start();
        const arm_cmsis_nn_status st =
            arm_convolve_s16(&ctx, &cp, &qp, &in, p_x16, &fd, p_w8, &bd, &bias, &od, p_out16);
        const double n = kiln_counter_stop();
        KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
        const double macs = (double)CV_HW * CV_HW * CV_C * 9 * CV_C; /* the padded taps counted too */
        /* DSP 3.956 (C 10.402), Helium 1.750 (C 9.521); with the 32-bit requantization and the taps found without
         * 64-bit divisions 3.762 / 1.612; clamped in 32 bits and the filter rows in one call
         * (kiln_dot2_s16_s8_runs) 3.365 / 1.285; the DSP two-row loop with x packed for both rows 2.903; four
         * channels requantized on four Helium lanes (kiln_requant_s32_out4) 1.018; the one-product requantization
         * 2.839 / 0.984; a window's four channels in int32 from one kernel call (kiln_dot4_s16_s8_runs32) 1.998 /
         * 0.633 */
        report("convolution s16 12x12x16 -> 16, 3x3", n, macs, 2.06, 0.66);
    }
#endif
}

int main(void)
{
    KILN_RUN(test_dot_kernels);
    KILN_RUN(test_dot2_kernels);
    KILN_RUN(test_dw_acc_kernel);
    KILN_RUN(test_dw_s16_requant);
    KILN_RUN(test_requant_s32_forms);
    KILN_RUN(test_requant_out4);
    KILN_RUN(test_layer_instruction_counts);
    return kiln_test_finish();
}
