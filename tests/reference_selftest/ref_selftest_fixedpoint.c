/*
 * Reference self-test without vectors: the fixed-point primitives against hand-worked values and
 * against independent reformulations of their rounding rules, the small kernels (relu, relu6,
 * pooling rounding, softmax u8) on hand-worked cases, argument rejection, and cross-checks
 * between kernels that must agree (grouped conv = depthwise, 1x1 conv = fully connected,
 * batch matmul = fully connected).
 */
#include "selftest_common.h"

#include <math.h>

static kiln_rng g_rng;

/* floor(n / d) for d > 0, written with C's truncating division (independent of the reference's
 * shift-based helpers). */
static int64_t floor_div(int64_t n, int64_t d)
{
    int64_t q = n / d;
    if ((n % d) != 0 && n < 0)
    {
        q--;
    }
    return q;
}

/* ----- saturating rounding doubling high multiply ----------------------------------------- */

static int32_t srdhm_alt(int32_t a, int32_t b)
{
    if (a == INT32_MIN && b == INT32_MIN)
    {
        return INT32_MAX;
    }
    /* a*b / 2^31 to nearest, ties toward +infinity */
    return (int32_t)floor_div((int64_t)a * b + ((int64_t)1 << 30), (int64_t)1 << 31);
}

static void test_srdhm_values(void)
{
    KILN_CHECK_EQ(kiln_ref_sat_rounding_doubling_high_mul(INT32_MIN, INT32_MIN), INT32_MAX);
    KILN_CHECK_EQ(kiln_ref_sat_rounding_doubling_high_mul(INT32_MIN, INT32_MAX), -INT32_MAX);
    KILN_CHECK_EQ(kiln_ref_sat_rounding_doubling_high_mul(INT32_MAX, INT32_MAX), INT32_MAX - 1);
    KILN_CHECK_EQ(kiln_ref_sat_rounding_doubling_high_mul(1 << 30, 1 << 30), 1 << 29);
    KILN_CHECK_EQ(kiln_ref_sat_rounding_doubling_high_mul(0, INT32_MIN), 0);
    /* ties: +0.5 -> 1, -0.5 -> 0, +1.5 -> 2, -1.5 -> -1 (toward +infinity) */
    KILN_CHECK_EQ(kiln_ref_sat_rounding_doubling_high_mul(1, 1 << 30), 1);
    KILN_CHECK_EQ(kiln_ref_sat_rounding_doubling_high_mul(-1, 1 << 30), 0);
    KILN_CHECK_EQ(kiln_ref_sat_rounding_doubling_high_mul(3, 1 << 30), 2);
    KILN_CHECK_EQ(kiln_ref_sat_rounding_doubling_high_mul(-3, 1 << 30), -1);
    /* just off the tie: -0.5 - 2^-31 -> -1 */
    KILN_CHECK_EQ(kiln_ref_sat_rounding_doubling_high_mul(-1, (1 << 30) + 1), -1);
}

static void test_srdhm_random(void)
{
    const int32_t n = kiln_test_iterations(200000, 20000);
    for (int32_t i = 0; i < n; i++)
    {
        const int32_t a = (int32_t)kiln_rng_u32(&g_rng);
        const int32_t b = (i & 1) ? (int32_t)kiln_rng_u32(&g_rng) : kiln_rng_range(&g_rng, -70000, 70000);
        if (kiln_ref_sat_rounding_doubling_high_mul(a, b) != srdhm_alt(a, b))
        {
            kiln_test_context("a=%ld b=%ld", (long)a, (long)b);
            KILN_CHECK_EQ(kiln_ref_sat_rounding_doubling_high_mul(a, b), srdhm_alt(a, b));
            return;
        }
    }
}

/* ----- rounding divide by power of two ------------------------------------------------------ */

static int32_t rdbpot_alt(int32_t x, int32_t e)
{
    /* |x| / 2^e rounded half up, sign restored: nearest, ties away from zero */
    if (e == 0)
    {
        return x;
    }
    const int64_t mag = (x < 0) ? -(int64_t)x : (int64_t)x;
    const int64_t r = (mag + ((int64_t)1 << (e - 1))) / ((int64_t)1 << e);
    return (int32_t)((x < 0) ? -r : r);
}

static void test_rdbpot_values(void)
{
    static const struct
    {
        int32_t x, e, want;
    } cases[] = {
        {5, 1, 3},   {-5, 1, -3}, {3, 1, 2},           {-3, 1, -2},          {1, 1, 1},   {-1, 1, -1},
        {6, 2, 2},   {-6, 2, -2}, {5, 2, 1},           {-5, 2, -1},          {7, 2, 2},   {-7, 2, -2},
        {123, 0, 123}, {-123, 0, -123}, {INT32_MIN, 31, -1}, {INT32_MAX, 31, 1}, {-(1 << 30), 31, -1},
        {(1 << 30) - 1, 31, 0},  {INT32_MIN, 32, -1}, {INT32_MIN, 33, 0}, {INT32_MAX, 40, 0},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
    {
        kiln_test_context("x=%ld e=%ld", (long)cases[i].x, (long)cases[i].e);
        KILN_CHECK_EQ(kiln_ref_rounding_divide_by_pot(cases[i].x, cases[i].e), cases[i].want);
    }
}

static void test_rdbpot_random(void)
{
    const int32_t n = kiln_test_iterations(200000, 20000);
    for (int32_t i = 0; i < n; i++)
    {
        const int32_t x = (int32_t)kiln_rng_u32(&g_rng);
        const int32_t e = kiln_rng_range(&g_rng, 0, 31);
        if (kiln_ref_rounding_divide_by_pot(x, e) != rdbpot_alt(x, e))
        {
            kiln_test_context("x=%ld e=%ld", (long)x, (long)e);
            KILN_CHECK_EQ(kiln_ref_rounding_divide_by_pot(x, e), rdbpot_alt(x, e));
            return;
        }
    }
}

static void test_saturating_multiply_by_pot(void)
{
    KILN_CHECK_EQ(kiln_ref_saturating_rounding_multiply_by_pot(3, 2), 12);
    KILN_CHECK_EQ(kiln_ref_saturating_rounding_multiply_by_pot(-3, 2), -12);
    KILN_CHECK_EQ(kiln_ref_saturating_rounding_multiply_by_pot(1 << 29, 2), INT32_MAX);
    KILN_CHECK_EQ(kiln_ref_saturating_rounding_multiply_by_pot((1 << 29) - 1, 2), ((1 << 29) - 1) * 4);
    KILN_CHECK_EQ(kiln_ref_saturating_rounding_multiply_by_pot(-(1 << 29), 2), INT32_MIN);
    KILN_CHECK_EQ(kiln_ref_saturating_rounding_multiply_by_pot(-(1 << 29) - 1, 2), INT32_MIN);
    KILN_CHECK_EQ(kiln_ref_saturating_rounding_multiply_by_pot(-(1 << 29) + 1, 2), (-(1 << 29) + 1) * 4);
    KILN_CHECK_EQ(kiln_ref_saturating_rounding_multiply_by_pot(1, 31), INT32_MAX);
    KILN_CHECK_EQ(kiln_ref_saturating_rounding_multiply_by_pot(0, 31), 0);
    KILN_CHECK_EQ(kiln_ref_saturating_rounding_multiply_by_pot(-6, -2), -2);
    KILN_CHECK_EQ(kiln_ref_saturating_rounding_multiply_by_pot(77, 0), 77);
}

/* ----- multiply by quantized multiplier ----------------------------------------------------- */

static void test_mbqm_values(void)
{
    KILN_CHECK_EQ(kiln_ref_multiply_by_quantized_multiplier(100, 1 << 30, 0), 50);
    KILN_CHECK_EQ(kiln_ref_multiply_by_quantized_multiplier(100, 1 << 30, 1), 100);
    KILN_CHECK_EQ(kiln_ref_multiply_by_quantized_multiplier(100, 1 << 30, -1), 25);
    KILN_CHECK_EQ(kiln_ref_multiply_by_quantized_multiplier(3, 1 << 30, 0), 2);   /* 1.5 -> 2 */
    KILN_CHECK_EQ(kiln_ref_multiply_by_quantized_multiplier(-3, 1 << 30, 0), -1); /* -1.5 -> -1 */
    /* double rounding: 5 * 0.5 * 0.5 = 1.25; SRDHM gives 3 (2.5 up), the shift 1.5 -> 2 */
    KILN_CHECK_EQ(kiln_ref_multiply_by_quantized_multiplier(5, 1 << 30, -1), 2);
    /* -3 * 0.5 = -1.5 -> -1 (SRDHM), then -1 / 2 = -0.5 -> -1 (away from zero) */
    KILN_CHECK_EQ(kiln_ref_multiply_by_quantized_multiplier(-3, 1 << 30, -1), -1);
    /* a typical requantization: 1000 * 1342580370 / 2^31 * 2^-9 = 1.2209... -> 1 */
    KILN_CHECK_EQ(kiln_ref_multiply_by_quantized_multiplier(1000, 1342580370, -9), 1);
    KILN_CHECK_EQ(kiln_ref_multiply_by_quantized_multiplier(-100000, 1342580370, -9), -122);
    /* shifts of 31 and more */
    KILN_CHECK_EQ(kiln_ref_multiply_by_quantized_multiplier(INT32_MAX, INT32_MAX, -31), 1);
    KILN_CHECK_EQ(kiln_ref_multiply_by_quantized_multiplier(INT32_MAX, INT32_MAX, -32), 0);
}

static void test_mbqm_greater_than_one(void)
{
    KILN_CHECK_EQ(kiln_ref_multiply_by_quantized_multiplier_greater_than_one(-5, 1077952640, 19),
                  kiln_ref_sat_rounding_doubling_high_mul(-5 * (1 << 19), 1077952640));
    KILN_CHECK_EQ(kiln_ref_multiply_by_quantized_multiplier_greater_than_one(7, 1 << 30, 0), 4); /* 3.5 -> 4 */
    KILN_CHECK_EQ(kiln_ref_multiply_by_quantized_multiplier_greater_than_one(-7, 1 << 30, 0), -3);
}

static void test_mbqm_s64_values(void)
{
    /* mult 2^30 reduces to 2^14; shift 0: (acc * 2^14 + 2^14) >> 15 = floor(acc / 2 + 1/2) */
    KILN_CHECK_EQ(kiln_ref_multiply_by_quantized_multiplier_s64(3, 1 << 30, 0), 2);
    KILN_CHECK_EQ(kiln_ref_multiply_by_quantized_multiplier_s64(-3, 1 << 30, 0), -1);
    KILN_CHECK_EQ(kiln_ref_multiply_by_quantized_multiplier_s64(1, 1 << 30, 0), 1);
    KILN_CHECK_EQ(kiln_ref_multiply_by_quantized_multiplier_s64(-1, 1 << 30, 0), 0);
    KILN_CHECK_EQ(kiln_ref_multiply_by_quantized_multiplier_s64((int64_t)1 << 40, 1 << 30, -10), 1 << 29);
    KILN_CHECK_EQ(kiln_ref_multiply_by_quantized_multiplier_s64(-((int64_t)1 << 46), 1 << 30, -20), -(1 << 25));
    /* the multiplier reduction: (m + 2^15) >> 16, 0x7FFF from 0x7FFF0000 up */
    KILN_CHECK_EQ(kiln_ref_multiply_by_quantized_multiplier_s64(1 << 15, 0x7FFEFFFF, 0), 0x7FFF);
    KILN_CHECK_EQ(kiln_ref_multiply_by_quantized_multiplier_s64(1 << 15, 0x7FFF0000, 0), 0x7FFF);
    KILN_CHECK_EQ(kiln_ref_multiply_by_quantized_multiplier_s64(1 << 15, INT32_MAX, 0), 0x7FFF);
    KILN_CHECK_EQ(kiln_ref_multiply_by_quantized_multiplier_s64(1 << 15, 0x40007FFF, 0), 0x4000);
    KILN_CHECK_EQ(kiln_ref_multiply_by_quantized_multiplier_s64(1 << 15, 0x40008000, 0), 0x4001);
    /* a positive shift */
    KILN_CHECK_EQ(kiln_ref_multiply_by_quantized_multiplier_s64(1000, 1 << 30, 3), 4000);
}

static void test_mbqm_s64_random(void)
{
    /* Against the definition with exact rational arithmetic: acc * r / 2^(15 - shift), nearest,
     * ties toward +infinity, r the reduced multiplier. */
    const int32_t n = kiln_test_iterations(100000, 10000);
    for (int32_t i = 0; i < n; i++)
    {
        const int64_t acc = (int64_t)(int32_t)kiln_rng_u32(&g_rng) * 32768 + kiln_rng_range(&g_rng, -32768, 32767);
        const int32_t mult = kiln_rng_range(&g_rng, 1 << 30, INT32_MAX);
        const int32_t shift = kiln_rng_range(&g_rng, -31, -16);
        const int64_t r = (mult >= 0x7FFF0000) ? 0x7FFF : ((int64_t)mult + 32768) / 65536;
        const int64_t d = (int64_t)1 << (15 - shift);
        const int64_t want = floor_div(acc * r + d / 2, d);
        if (kiln_ref_multiply_by_quantized_multiplier_s64(acc, mult, shift) != want)
        {
            kiln_test_context("acc=%lld mult=%ld shift=%ld", (long long)acc, (long)mult, (long)shift);
            KILN_CHECK_EQ(kiln_ref_multiply_by_quantized_multiplier_s64(acc, mult, shift), want);
            return;
        }
    }
}

/* ----- gemmlowp exp and reciprocal ---------------------------------------------------------- */

static int32_t abs_diff32(int32_t a, int32_t b)
{
    const int64_t d = (int64_t)a - b;
    return (int32_t)((d < 0) ? -d : d);
}

static void test_exp_on_negative_values(void)
{
    /* round(exp(-k/8) * 2^31) (computed offline in double precision; k = 0 saturates) */
    static const struct
    {
        int32_t k;
        int32_t want;
    } cases[] = {
        {0, 2147483647}, {1, 1895147668}, {2, 1672461947}, {8, 790015084}, {17, 256480346},
        {34, 30632209},  {51, 3658496},   {68, 436945},    {85, 52186},    {102, 6233},
        {119, 744},      {136, 89},       {153, 11},       {170, 1},       {255, 0},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
    {
        /* -k/8 in Q5.26 */
        const int32_t a = -cases[i].k * (1 << 23);
        const int32_t got = kiln_ref_exp_on_negative_values(a, 5);
        kiln_test_context("k=%ld got=%ld want=%ld", (long)cases[i].k, (long)got, (long)cases[i].want);
        /* gemmlowp's 4th-order polynomial is accurate to about 2.5e-7 (about 500 units of 2^-31
         * at a = -1/4, where no barrel-shifter stage applies); allow 2^-20 */
        KILN_CHECK(abs_diff32(got, cases[i].want) <= 2048);
    }
    KILN_CHECK_EQ(kiln_ref_exp_on_negative_values(0, 5), INT32_MAX);
    /* monotonic over the Q5.26 range */
    int32_t prev = INT32_MAX;
    for (int64_t a = 0; a >= INT32_MIN; a -= (1 << 20)) /* 0 down to -32 */
    {
        const int32_t e = kiln_ref_exp_on_negative_values((int32_t)a, 5);
        if (!KILN_CHECK(e <= prev && e >= 0))
        {
            kiln_test_context("a=%ld", (long)a);
            break;
        }
        prev = e;
    }
    /* a format with more integer bits clamps below -32 to 0 */
    KILN_CHECK_EQ(kiln_ref_exp_on_negative_values(-(33 << 24), 7), 0);
    KILN_CHECK(kiln_ref_exp_on_negative_values(-(1 << 24), 7) > 0);
}

static void test_one_over_one_plus_x(void)
{
    /* 1/(1+x) * 2^31 for x = 0, 1/4, 1/2, 3/4 (x in Q0.31) */
    static const struct
    {
        int32_t x;
        int32_t want;
    } cases[] = {
        {0, 2147483647},
        {1 << 29, 1717986918},
        {1 << 30, 1431655765},
        {3 << 29, 1227133513},
    };
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
    {
        const int32_t got = kiln_ref_one_over_one_plus_x_for_x_in_0_1(cases[i].x);
        kiln_test_context("x=%ld got=%ld want=%ld", (long)cases[i].x, (long)got, (long)cases[i].want);
        KILN_CHECK(abs_diff32(got, cases[i].want) <= 64); /* three Newton-Raphson steps */
    }
}

/* ----- small kernels --------------------------------------------------------------------------- */

static void test_relu_relu6(void)
{
    int8_t v[6] = {-128, -1, 0, 1, 6, 127};
    static const int8_t relu[6] = {0, 0, 0, 1, 6, 127};
    static const int8_t relu6[6] = {0, 0, 0, 1, 6, 6};
    kiln_ref_relu_s8(v, 6);
    KILN_CHECK_MEM_S8(v, relu, 6);
    int8_t w[6] = {-128, -1, 0, 1, 6, 127};
    kiln_ref_relu6_s8(w, 6);
    KILN_CHECK_MEM_S8(w, relu6, 6);
}

static kiln_ref_window pool_window(int32_t in_h, int32_t in_w, int32_t out_h, int32_t out_w, int32_t fh, int32_t fw,
                                   int32_t pad_h, int32_t pad_w)
{
    const kiln_ref_window w = {.batches = 1,
                               .in_h = in_h,
                               .in_w = in_w,
                               .in_c = 1,
                               .out_h = out_h,
                               .out_w = out_w,
                               .out_c = 1,
                               .filter_h = fh,
                               .filter_w = fw,
                               .stride_h = 1,
                               .stride_w = 1,
                               .pad_h = pad_h,
                               .pad_w = pad_w,
                               .dilation_h = 1,
                               .dilation_w = 1};
    return w;
}

static void test_avgpool_rounding(void)
{
    /* windows of 2 over a row: sums -3, -1, 1, 3 -> -1.5 -> -2, -0.5 -> -1, 0.5 -> 1, 1.5 -> 2 */
    static const int8_t in[5] = {-2, -1, 0, 1, 2};
    static const int8_t want[4] = {-2, -1, 1, 2};
    int8_t out[5 + 16];
    memset(out, SELFTEST_CANARY, sizeof(out));
    kiln_ref_window w = pool_window(1, 5, 1, 4, 1, 2, 0, 0);
    KILN_CHECK_EQ(kiln_ref_avgpool_s8(&w, in, -128, 127, out), KILN_REF_OK);
    selftest_expect_s8(out, want, 4);

    /* windows of 3 with padding 1: the padded taps are not counted.
     * [pad,-2,-1] -> -3/2 -> -2; [-2,-1,0] -> -1; [-1,0,1] -> 0; [0,1,2] -> 1; [1,2,pad] -> 3/2 -> 2 */
    static const int8_t want3[5] = {-2, -1, 0, 1, 2};
    memset(out, SELFTEST_CANARY, sizeof(out));
    w = pool_window(1, 5, 1, 5, 1, 3, 0, 1);
    KILN_CHECK_EQ(kiln_ref_avgpool_s8(&w, in, -128, 127, out), KILN_REF_OK);
    selftest_expect_s8(out, want3, 5);

    /* activation clamp */
    static const int8_t want_clamped[5] = {-1, -1, 0, 1, 1};
    memset(out, SELFTEST_CANARY, sizeof(out));
    KILN_CHECK_EQ(kiln_ref_avgpool_s8(&w, in, -1, 1, out), KILN_REF_OK);
    selftest_expect_s8(out, want_clamped, 5);

    /* a window entirely in the padding is an error for average pooling, and leaves out alone */
    memset(out, SELFTEST_CANARY, sizeof(out));
    w = pool_window(1, 2, 1, 4, 1, 1, 0, 1); /* out_x = 0 reads input x = -1 only */
    KILN_CHECK_EQ(kiln_ref_avgpool_s8(&w, in, -128, 127, out), KILN_REF_BAD_ARGS);
    KILN_CHECK_EQ(out[0], SELFTEST_CANARY);
}

static void test_maxpool_small(void)
{
    static const int8_t in[6] = {-7, 3, -128, 5, 5, -1};
    static const int8_t want[5] = {3, 3, 5, 5, 5};
    int8_t out[5 + 16];
    memset(out, SELFTEST_CANARY, sizeof(out));
    kiln_ref_window w = pool_window(1, 6, 1, 5, 1, 2, 0, 0);
    KILN_CHECK_EQ(kiln_ref_maxpool_s8(&w, in, -128, 127, out), KILN_REF_OK);
    selftest_expect_s8(out, want, 5);
    /* an empty window yields the clamped int8 minimum (TFLite's MaxPool does not fail) */
    memset(out, SELFTEST_CANARY, sizeof(out));
    w = pool_window(1, 2, 1, 3, 1, 1, 0, 1);
    KILN_CHECK_EQ(kiln_ref_maxpool_s8(&w, in, -100, 127, out), KILN_REF_OK);
    static const int8_t want_empty[3] = {-100, -7, 3};
    selftest_expect_s8(out, want_empty, 3);
}

static void test_softmax_u8_matches_s8(void)
{
    /* Shifting every input by 128 leaves every difference unchanged: the u8 output must be the
     * s8 output plus 128, element for element. */
    enum
    {
        ROWS = 3,
        N = 40
    };
    int8_t in_s8[ROWS * N];
    uint8_t in_u8[ROWS * N];
    int8_t out_s8[ROWS * N];
    uint8_t out_u8[ROWS * N];
    const int32_t iterations = kiln_test_iterations(200, 20);
    for (int32_t it = 0; it < iterations; it++)
    {
        kiln_rng_fill_s8(&g_rng, in_s8, ROWS * N);
        for (int i = 0; i < ROWS * N; i++)
        {
            in_u8[i] = (uint8_t)(in_s8[i] + 128);
        }
        const int32_t mult = kiln_rng_range(&g_rng, 1 << 30, INT32_MAX);
        const int32_t shift = kiln_rng_range(&g_rng, 10, 22);
        const int32_t diff_min = -kiln_rng_range(&g_rng, 0, 4000);
        kiln_ref_softmax_s8(in_s8, ROWS, N, mult, shift, diff_min, out_s8);
        kiln_ref_softmax_u8(in_u8, ROWS, N, mult, shift, diff_min, out_u8);
        for (int i = 0; i < ROWS * N; i++)
        {
            if (!KILN_CHECK_EQ(out_u8[i], out_s8[i] + 128))
            {
                kiln_test_context("iteration %ld element %d", (long)it, i);
                return;
            }
        }
    }
}

static void test_softmax_uniform_row(void)
{
    /* n equal inputs: every output is 1/n of the full scale: (2^8 / n) - 128 within rounding */
    int8_t in[16];
    int8_t out[16];
    memset(in, 17, sizeof(in));
    kiln_ref_softmax_s8(in, 1, 16, 1077952640, 19, -3968, out);
    for (int i = 0; i < 16; i++)
    {
        KILN_CHECK_EQ(out[i], 256 / 16 - 128);
    }
    /* a single element takes everything */
    kiln_ref_softmax_s8(in, 1, 1, 1077952640, 19, -3968, out);
    KILN_CHECK_EQ(out[0], 127);
    int16_t out16[1];
    kiln_ref_softmax_s8_s16(in, 1, 1, 1077952640, 19, -3968, out16);
    KILN_CHECK_EQ(out16[0], 32767);
}

static void test_softmax_diff_min(void)
{
    /* Elements more than -diff_min below the row maximum output the minimum and drop out of the
     * sum: with diff_min = -10, the row {0, -5, -11, -100} behaves like {0, -5} for the first
     * two outputs. */
    static const int8_t row[4] = {0, -5, -11, -100};
    static const int8_t row2[2] = {0, -5};
    int8_t out[4];
    int8_t out2[2];
    int16_t out16[4];
    int16_t out16_2[2];
    kiln_ref_softmax_s8(row, 1, 4, 1 << 30, 22, -10, out);
    kiln_ref_softmax_s8(row2, 1, 2, 1 << 30, 22, -10, out2);
    KILN_CHECK_EQ(out[0], out2[0]);
    KILN_CHECK_EQ(out[1], out2[1]);
    KILN_CHECK_EQ(out[2], -128);
    KILN_CHECK_EQ(out[3], -128);
    kiln_ref_softmax_s8_s16(row, 1, 4, 1 << 30, 22, -10, out16);
    kiln_ref_softmax_s8_s16(row2, 1, 2, 1 << 30, 22, -10, out16_2);
    KILN_CHECK_EQ(out16[0], out16_2[0]);
    KILN_CHECK_EQ(out16[1], out16_2[1]);
    KILN_CHECK_EQ(out16[2], -32768);
    KILN_CHECK_EQ(out16[3], -32768);
    /* diff == diff_min is still in */
    kiln_ref_softmax_s8(row, 1, 4, 1 << 30, 22, -11, out);
    KILN_CHECK(out[2] > -128 || out[0] == 127);
}

static void test_softmax_vs_float(void)
{
    /* Against a double-precision softmax: the scaled difference is diff * mult * 2^(shift - 31)
     * in units of 2^-26 (Q5.26), i.e. beta * diff with beta = mult * 2^(shift - 57); the output
     * is p * 2^8 - 128 (int8) or p * 2^16 - 32768 (int16). Fixed point may differ by one step. */
    enum
    {
        N = 24
    };
    int8_t in[N];
    int8_t out[N];
    int16_t out16[N];
    const int32_t iterations = kiln_test_iterations(300, 30);
    for (int32_t it = 0; it < iterations; it++)
    {
        const int32_t n = kiln_rng_range(&g_rng, 1, N);
        kiln_rng_fill_s8(&g_rng, in, n);
        const int32_t mult = kiln_rng_range(&g_rng, 1 << 30, INT32_MAX);
        const int32_t shift = kiln_rng_range(&g_rng, 17, 23);
        const double beta = (double)mult * ldexp(1.0, shift - 57);
        kiln_ref_softmax_s8(in, 1, n, mult, shift, -(1 << 20), out);
        kiln_ref_softmax_s8_s16(in, 1, n, mult, shift, -(1 << 20), out16);
        int32_t max = in[0];
        for (int32_t i = 1; i < n; i++)
        {
            max = (in[i] > max) ? in[i] : max;
        }
        double sum = 0.0;
        for (int32_t i = 0; i < n; i++)
        {
            sum += exp(beta * (in[i] - max));
        }
        for (int32_t i = 0; i < n; i++)
        {
            const double p = exp(beta * (in[i] - max)) / sum;
            const double want8 = fmin(p * 256.0 - 128.0, 127.0);
            const double want16 = fmin(p * 65536.0 - 32768.0, 32767.0);
            kiln_test_context("iteration %ld element %ld: p=%.9f got %d / %d", (long)it, (long)i, p, out[i], out16[i]);
            if (!KILN_CHECK(fabs(out[i] - want8) <= 1.0) || !KILN_CHECK(fabs(out16[i] - want16) <= 2.0))
            {
                return;
            }
        }
    }
}

static void test_bad_arguments(void)
{
    int8_t buf[64];
    memset(buf, 0, sizeof(buf));
    static const int32_t mult[4] = {1 << 30, 1 << 30, 1 << 30, 1 << 30};
    static const int32_t shift[4] = {0, 0, 0, 0};
    kiln_ref_window w = pool_window(2, 2, 2, 2, 1, 1, 0, 0);
    w.in_c = 3;
    w.out_c = 4;
    /* filter_in_c must divide in_c */
    KILN_CHECK_EQ(kiln_ref_conv_s8(&w, 2, buf, 0, buf, NULL, mult, shift, 0, -128, 127, buf), KILN_REF_BAD_ARGS);
    /* out_c must be a multiple of the group count (3 groups, 4 outputs) */
    KILN_CHECK_EQ(kiln_ref_conv_s8(&w, 1, buf, 0, buf, NULL, mult, shift, 0, -128, 127, buf), KILN_REF_BAD_ARGS);
    /* depthwise: out_c = in_c * ch_mult */
    KILN_CHECK_EQ(kiln_ref_depthwise_conv_s8(&w, 1, buf, 0, buf, NULL, mult, shift, 0, -128, 127, buf),
                  KILN_REF_BAD_ARGS);
    /* bad activation range */
    w.in_c = 4;
    KILN_CHECK_EQ(kiln_ref_conv_s8(&w, 4, buf, 0, buf, NULL, mult, shift, 0, 10, -10, buf), KILN_REF_BAD_ARGS);
    /* batch matmul: inner dimensions differ, batch dims neither equal nor 1 */
    const int32_t l[4] = {1, 1, 2, 3};
    const int32_t r_bad_k[4] = {1, 1, 4, 2};
    const int32_t l_b2[4] = {2, 1, 2, 3};
    const int32_t r_b3[4] = {3, 1, 3, 2};
    KILN_CHECK_EQ(kiln_ref_batch_matmul_s8(l, buf, 0, r_bad_k, buf, 0, false, false, 1 << 30, 0, 0, -128, 127, buf, NULL),
                  KILN_REF_BAD_ARGS);
    KILN_CHECK_EQ(kiln_ref_batch_matmul_s8(l_b2, buf, 0, r_b3, buf, 0, false, false, 1 << 30, 0, 0, -128, 127, buf, NULL),
                  KILN_REF_BAD_ARGS);
    /* maximum: shapes that do not broadcast, or a wrong output shape */
    const int32_t d1[4] = {1, 2, 3, 4};
    const int32_t d2[4] = {1, 3, 3, 4};
    const int32_t d3[4] = {1, 1, 3, 1};
    const int32_t dout_wrong[4] = {1, 2, 3, 1};
    KILN_CHECK_EQ(kiln_ref_maximum_s8(buf, d1, buf, d2, buf, d1), KILN_REF_BAD_ARGS);
    KILN_CHECK_EQ(kiln_ref_minimum_s8(buf, d1, buf, d3, buf, dout_wrong), KILN_REF_BAD_ARGS);
    KILN_CHECK_EQ(kiln_ref_minimum_s8(buf, d1, buf, d3, buf, d1), KILN_REF_OK);
}

/* ----- cross-checks between kernels ----------------------------------------------------------- */

static void random_quant(int32_t *mult, int32_t *shift, int32_t n)
{
    for (int32_t i = 0; i < n; i++)
    {
        mult[i] = kiln_rng_range(&g_rng, 1 << 30, INT32_MAX);
        shift[i] = kiln_rng_range(&g_rng, -12, 1);
    }
}

static void test_grouped_conv_equals_depthwise(void)
{
    /* A grouped convolution with one input channel per group and ch_mult filters per group is a
     * depthwise convolution; only the filter layout differs ([oc][fh][fw] vs [fh][fw][oc]). */
    enum
    {
        MAXN = 2 * 7 * 6 * 12,
        /* padding 2 on both sides of a 1-tap axis: 7 + 4 rows, 6 + 4 columns */
        MAXOUT = 2 * 11 * 10 * 12
    };
    static int8_t input[MAXN], filter_conv[5 * 4 * 12], filter_dw[5 * 4 * 12];
    static int8_t out_conv[MAXOUT], out_dw[MAXOUT];
    static int32_t bias[12], mult[12], shift[12];
    const int32_t iterations = kiln_test_iterations(300, 30);
    for (int32_t it = 0; it < iterations; it++)
    {
        kiln_ref_window w;
        w.batches = kiln_rng_range(&g_rng, 1, 2);
        w.in_h = kiln_rng_range(&g_rng, 1, 7);
        w.in_w = kiln_rng_range(&g_rng, 1, 6);
        w.in_c = kiln_rng_range(&g_rng, 1, 4);
        const int32_t ch_mult = kiln_rng_range(&g_rng, 1, 3);
        w.out_c = w.in_c * ch_mult;
        w.filter_h = kiln_rng_range(&g_rng, 1, 5);
        w.filter_w = kiln_rng_range(&g_rng, 1, 4);
        w.stride_h = kiln_rng_range(&g_rng, 1, 3);
        w.stride_w = kiln_rng_range(&g_rng, 1, 3);
        w.dilation_h = kiln_rng_range(&g_rng, 1, 2);
        w.dilation_w = kiln_rng_range(&g_rng, 1, 2);
        w.pad_h = kiln_rng_range(&g_rng, 0, 2);
        w.pad_w = kiln_rng_range(&g_rng, 0, 2);
        const int32_t eff_h = (w.filter_h - 1) * w.dilation_h + 1;
        const int32_t eff_w = (w.filter_w - 1) * w.dilation_w + 1;
        w.out_h = (w.in_h + 2 * w.pad_h - eff_h) / w.stride_h + 1;
        w.out_w = (w.in_w + 2 * w.pad_w - eff_w) / w.stride_w + 1;
        if (w.out_h <= 0 || w.out_w <= 0)
        {
            continue;
        }
        kiln_rng_fill_s8(&g_rng, input, (int64_t)w.batches * w.in_h * w.in_w * w.in_c);
        kiln_rng_fill_s8(&g_rng, filter_conv, (int64_t)w.out_c * w.filter_h * w.filter_w);
        for (int32_t oc = 0; oc < w.out_c; oc++)
        {
            for (int32_t k = 0; k < w.filter_h * w.filter_w; k++)
            {
                filter_dw[k * w.out_c + oc] = filter_conv[oc * w.filter_h * w.filter_w + k];
            }
            bias[oc] = kiln_rng_range(&g_rng, -20000, 20000);
        }
        random_quant(mult, shift, w.out_c);
        const int32_t in_off = kiln_rng_range(&g_rng, -127, 128);
        const int32_t out_off = kiln_rng_range(&g_rng, -128, 127);
        const int64_t n = (int64_t)w.batches * w.out_h * w.out_w * w.out_c;
        KILN_CHECK_EQ(kiln_ref_conv_s8(&w, 1, input, in_off, filter_conv, bias, mult, shift, out_off, -128, 127, out_conv),
                      KILN_REF_OK);
        KILN_CHECK_EQ(kiln_ref_depthwise_conv_s8(&w, ch_mult, input, in_off, filter_dw, bias, mult, shift, out_off, -128,
                                                 127, out_dw),
                      KILN_REF_OK);
        if (!KILN_CHECK_MEM_S8(out_conv, out_dw, n))
        {
            kiln_test_context("iteration %ld", (long)it);
            return;
        }
    }
}

static void test_conv1x1_equals_fully_connected(void)
{
    /* A 1x1 convolution over a batches x 1 x 1 image is a fully connected layer with
     * per-channel quantization; with all channels quantized alike, the per-tensor form too. */
    static int8_t input[3 * 40], filter[9 * 40], out_conv[3 * 9], out_fc[3 * 9], out_fc_t[3 * 9];
    static int32_t bias[9], mult[9], shift[9], same_mult[9], same_shift[9];
    const int32_t iterations = kiln_test_iterations(500, 50);
    for (int32_t it = 0; it < iterations; it++)
    {
        const int32_t batches = kiln_rng_range(&g_rng, 1, 3);
        const int32_t depth = kiln_rng_range(&g_rng, 1, 40);
        const int32_t out_c = kiln_rng_range(&g_rng, 1, 9);
        kiln_rng_fill_s8(&g_rng, input, batches * depth);
        kiln_rng_fill_s8(&g_rng, filter, out_c * depth);
        random_quant(mult, shift, out_c);
        for (int32_t i = 0; i < out_c; i++)
        {
            bias[i] = kiln_rng_range(&g_rng, -100000, 100000);
            same_mult[i] = mult[0];
            same_shift[i] = shift[0];
        }
        const int32_t in_off = kiln_rng_range(&g_rng, -127, 128);
        const int32_t out_off = kiln_rng_range(&g_rng, -128, 127);
        const int32_t act_min = kiln_rng_range(&g_rng, -128, 0);
        const int32_t act_max = kiln_rng_range(&g_rng, 0, 127);
        const kiln_ref_window w = {.batches = batches,
                                   .in_h = 1,
                                   .in_w = 1,
                                   .in_c = depth,
                                   .out_h = 1,
                                   .out_w = 1,
                                   .out_c = out_c,
                                   .filter_h = 1,
                                   .filter_w = 1,
                                   .stride_h = 1,
                                   .stride_w = 1,
                                   .pad_h = 0,
                                   .pad_w = 0,
                                   .dilation_h = 1,
                                   .dilation_w = 1};
        KILN_CHECK_EQ(
            kiln_ref_conv_s8(&w, depth, input, in_off, filter, bias, mult, shift, out_off, act_min, act_max, out_conv),
            KILN_REF_OK);
        KILN_CHECK_EQ(kiln_ref_fully_connected_per_channel_s8(batches, depth, out_c, input, in_off, filter, 0, bias, mult,
                                                              shift, out_off, act_min, act_max, out_fc),
                      KILN_REF_OK);
        if (!KILN_CHECK_MEM_S8(out_conv, out_fc, batches * out_c))
        {
            kiln_test_context("iteration %ld", (long)it);
            return;
        }
        KILN_CHECK_EQ(kiln_ref_conv_s8(&w, depth, input, in_off, filter, bias, same_mult, same_shift, out_off, act_min,
                                       act_max, out_conv),
                      KILN_REF_OK);
        KILN_CHECK_EQ(kiln_ref_fully_connected_s8(batches, depth, out_c, input, in_off, filter, 0, bias, mult[0], shift[0],
                                                  out_off, act_min, act_max, out_fc_t),
                      KILN_REF_OK);
        if (!KILN_CHECK_MEM_S8(out_conv, out_fc_t, batches * out_c))
        {
            kiln_test_context("iteration %ld (per tensor)", (long)it);
            return;
        }
    }
}

static void test_batch_matmul_equals_fully_connected(void)
{
    /* One [M, K] x [N, K]^T product (adj_y) is a fully connected layer: input L (M batches of K),
     * filter R (N rows of K), input_offset = lhs_offset, filter_offset = rhs_offset, no bias. */
    static int8_t lhs[6 * 20], rhs[7 * 20], out_bmm[6 * 7], out_fc[6 * 7];
    const int32_t iterations = kiln_test_iterations(500, 50);
    for (int32_t it = 0; it < iterations; it++)
    {
        const int32_t m = kiln_rng_range(&g_rng, 1, 6);
        const int32_t n = kiln_rng_range(&g_rng, 1, 7);
        const int32_t k = kiln_rng_range(&g_rng, 1, 20);
        kiln_rng_fill_s8(&g_rng, lhs, m * k);
        kiln_rng_fill_s8(&g_rng, rhs, n * k);
        const int32_t lo = kiln_rng_range(&g_rng, -127, 128);
        const int32_t ro = kiln_rng_range(&g_rng, -127, 128);
        const int32_t out_off = kiln_rng_range(&g_rng, -128, 127);
        const int32_t mult = kiln_rng_range(&g_rng, 1 << 30, INT32_MAX);
        const int32_t shift = kiln_rng_range(&g_rng, -14, -6);
        const int32_t ld[4] = {1, 1, m, k};
        const int32_t rd[4] = {1, 1, n, k};
        KILN_CHECK_EQ(
            kiln_ref_batch_matmul_s8(ld, lhs, lo, rd, rhs, ro, false, true, mult, shift, out_off, -128, 127, out_bmm, NULL),
            KILN_REF_OK);
        KILN_CHECK_EQ(
            kiln_ref_fully_connected_s8(m, k, n, lhs, lo, rhs, ro, NULL, mult, shift, out_off, -128, 127, out_fc),
            KILN_REF_OK);
        if (!KILN_CHECK_MEM_S8(out_bmm, out_fc, m * n))
        {
            kiln_test_context("iteration %ld", (long)it);
            return;
        }
    }
}

int main(void)
{
    kiln_rng_seed(&g_rng, 0x4B494C4E); /* "KILN" */
    KILN_RUN(test_srdhm_values);
    KILN_RUN(test_srdhm_random);
    KILN_RUN(test_rdbpot_values);
    KILN_RUN(test_rdbpot_random);
    KILN_RUN(test_saturating_multiply_by_pot);
    KILN_RUN(test_mbqm_values);
    KILN_RUN(test_mbqm_greater_than_one);
    KILN_RUN(test_mbqm_s64_values);
    KILN_RUN(test_mbqm_s64_random);
    KILN_RUN(test_exp_on_negative_values);
    KILN_RUN(test_one_over_one_plus_x);
    KILN_RUN(test_relu_relu6);
    KILN_RUN(test_avgpool_rounding);
    KILN_RUN(test_maxpool_small);
    KILN_RUN(test_softmax_u8_matches_s8);
    KILN_RUN(test_softmax_uniform_row);
    KILN_RUN(test_softmax_diff_min);
    KILN_RUN(test_softmax_vs_float);
    KILN_RUN(test_bad_arguments);
    KILN_RUN(test_grouped_conv_equals_depthwise);
    KILN_RUN(test_conv1x1_equals_fully_connected);
    KILN_RUN(test_batch_matmul_equals_fully_connected);
    return kiln_test_finish();
}
