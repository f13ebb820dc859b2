/*
 * The 64-bit size helpers of Internal/kiln_common.h (kiln_mul_sat64, kiln_dims_count), which every entry's
 * validation and every size query rests on, against a reference written the obvious way (a 64-bit division
 * decides overflow): edge values around 2^31, 2^32, 2^62, 2^63 and random operands of every bit length.
 * And the per-channel requantization checks kiln_quant_ok and kiln_shifts_within (every backend's): one bad value
 * at every position of 0 .. 13 channels (the Helium loops' four-lane steps and tails); kiln_requant_top_ok's ends.
 */
#include <stdint.h>
#include <string.h>

#include "Internal/kiln_common.h"
#include "Internal/kiln_conv_s8.h"
#include "Internal/kiln_dw_s8.h"
#include "Internal/kiln_fc_s8.h"
#include "kiln_test.h"

static int64_t ref_mul_sat(int64_t a, int64_t b)
{
    if (a < 0 || b < 0)
    {
        return INT64_MAX;
    }
    if (a == 0 || b == 0)
    {
        return 0;
    }
    return (a > INT64_MAX / b) ? INT64_MAX : a * b;
}

static const int64_t kEdge[] = {0,
                                1,
                                2,
                                3,
                                46341,
                                65536,
                                INT32_MAX,
                                (int64_t)INT32_MAX + 1,
                                (int64_t)UINT32_MAX,
                                (int64_t)UINT32_MAX + 1,
                                (int64_t)UINT32_MAX + 2,
                                3037000499LL,
                                3037000500LL,
                                ((int64_t)1 << 62) - 1,
                                (int64_t)1 << 62,
                                INT64_MAX - 1,
                                INT64_MAX,
                                -1,
                                INT64_MIN};
#define N_EDGE ((int32_t)(sizeof(kEdge) / sizeof(kEdge[0])))

static void test_mul_sat_edges(void)
{
    for (int32_t i = 0; i < N_EDGE; i++)
    {
        for (int32_t j = 0; j < N_EDGE; j++)
        {
            KILN_CHECK_EQ(kiln_mul_sat64(kEdge[i], kEdge[j]), ref_mul_sat(kEdge[i], kEdge[j]));
        }
    }
}

/* A non-negative int64 of random bit length 0..63. */
static int64_t rand_len(kiln_rng *r)
{
    const uint32_t bits = kiln_rng_u32(r) % 64u;
    const uint64_t v = ((uint64_t)kiln_rng_u32(r) << 32) | kiln_rng_u32(r);
    return bits == 0 ? 0 : (int64_t)(v >> (64u - bits));
}

static void test_mul_sat_random(void)
{
    kiln_rng r = {0x5eed5u};
    const int32_t iters = kiln_test_iterations(2000000, 20000);
    for (int32_t i = 0; i < iters; i++)
    {
        const int64_t a = rand_len(&r), b = rand_len(&r);
        KILN_CHECK_EQ(kiln_mul_sat64(a, b), ref_mul_sat(a, b));
    }
}

static void test_dims_count(void)
{
    const cmsis_nn_dims neg = {1, -1, 1, 1};
    KILN_CHECK_EQ(kiln_dims_count(&neg), -1);
    const cmsis_nn_dims zero = {0, INT32_MAX, INT32_MAX, INT32_MAX};
    KILN_CHECK_EQ(kiln_dims_count(&zero), 0);
    const cmsis_nn_dims big = {INT32_MAX, INT32_MAX, INT32_MAX, INT32_MAX};
    KILN_CHECK_EQ(kiln_dims_count(&big), INT64_MAX);
    const cmsis_nn_dims just = {46341, 46341, 2, 1};
    KILN_CHECK_EQ(kiln_dims_count(&just), (int64_t)46341 * 46341 * 2);
    kiln_rng r = {0xd135u};
    const int32_t iters = kiln_test_iterations(200000, 5000);
    for (int32_t i = 0; i < iters; i++)
    {
        const cmsis_nn_dims d = {(int32_t)(kiln_rng_u32(&r) >> (kiln_rng_u32(&r) % 32u)),
                                 (int32_t)(kiln_rng_u32(&r) >> (kiln_rng_u32(&r) % 32u)),
                                 (int32_t)(kiln_rng_u32(&r) >> (kiln_rng_u32(&r) % 32u)),
                                 (int32_t)(kiln_rng_u32(&r) >> (kiln_rng_u32(&r) % 32u))};
        const int64_t want =
            (d.n < 0 || d.h < 0 || d.w < 0 || d.c < 0)
                ? -1
                : ref_mul_sat(ref_mul_sat(ref_mul_sat(d.n, d.h), d.w), d.c);
        KILN_CHECK_EQ(kiln_dims_count(&d), want);
    }
}

static void test_quant_ok(void)
{
    static const int32_t good_mult[] = {0, 1, 1 << 30, INT32_MAX};
    static const int32_t good_shift[] = {-31, -30, -1, 0, 1, 29, 30};
    static const int32_t bad_mult[] = {-1, INT32_MIN, -(1 << 30)};
    static const int32_t bad_shift[] = {-32, 31, INT32_MIN, INT32_MAX, -1000, 1000};
    int32_t mult[16], shift[16];
    for (int32_t n = 0; n <= 13; n++)
    {
        for (int32_t i = 0; i < 16; i++)
        {
            mult[i] = good_mult[(i + n) % 4];
            shift[i] = good_shift[(3 * i + n) % 7];
        }
        /* channels past n are never read: make them bad */
        for (int32_t i = n; i < 16; i++)
        {
            mult[i] = -1;
            shift[i] = 99;
        }
        kiln_test_context("n=%d", (int)n);
        KILN_CHECK(kiln_quant_ok(mult, shift, n));
        for (int32_t p = 0; p < n; p++)
        {
            const int32_t m = mult[p], sh = shift[p];
            for (int32_t k = 0; k < 3; k++)
            {
                mult[p] = bad_mult[k];
                kiln_test_context("n=%d bad multiplier %d at %d", (int)n, (int)mult[p], (int)p);
                KILN_CHECK(!kiln_quant_ok(mult, shift, n));
            }
            mult[p] = m;
            for (int32_t k = 0; k < 6; k++)
            {
                shift[p] = bad_shift[k];
                kiln_test_context("n=%d bad shift %d at %d", (int)n, (int)shift[p], (int)p);
                KILN_CHECK(!kiln_quant_ok(mult, shift, n));
            }
            shift[p] = sh;
        }
    }
}

/* kiln_shifts_within: every shift of [lo, hi] accepted, one just outside (or at the kiln_quant_ok ends) at every
 * position rejected; and the top-byte form's predicate at its ends. */
static void test_shifts_within(void)
{
    static const int32_t ranges[][2] = {{-24, -1}, {-23, -1}, {-31, 30}, {0, 0}, {-5, 7}};
    int32_t shift[16];
    for (int32_t q = 0; q < 5; q++)
    {
        const int32_t lo = ranges[q][0], hi = ranges[q][1];
        for (int32_t n = 0; n <= 13; n++)
        {
            for (int32_t i = 0; i < 16; i++)
            {
                shift[i] = i < n ? lo + (3 * i + n) % (hi - lo + 1) : 99; /* past n: never read */
            }
            kiln_test_context("[%d, %d] n=%d", (int)lo, (int)hi, (int)n);
            KILN_CHECK(kiln_shifts_within(shift, n, lo, hi));
            for (int32_t p = 0; p < n; p++)
            {
                const int32_t keep = shift[p];
                const int32_t bad[4] = {lo - 1, hi + 1, -31, 30};
                for (int32_t k = 0; k < 4; k++)
                {
                    if ((bad[k] >= lo && bad[k] <= hi) || bad[k] < -31 || bad[k] > 30)
                    {
                        continue; /* inside the range, or past the kiln_quant_ok ends */
                    }
                    shift[p] = bad[k];
                    kiln_test_context("[%d, %d] n=%d shift %d at %d", (int)lo, (int)hi, (int)n, (int)bad[k], (int)p);
                    KILN_CHECK(!kiln_shifts_within(shift, n, lo, hi));
                }
                shift[p] = keep;
            }
        }
    }
    kiln_test_context("kiln_requant_top_ok");
    const int32_t top[3] = {-1, -24, -9};
    const int32_t top23[3] = {-1, -23, -9};
    KILN_CHECK(kiln_requant_top_ok(top, 3, -128, -128, 127));
    KILN_CHECK(kiln_requant_top_ok(top, 3, 127, -128, 127));
    KILN_CHECK(!kiln_requant_top_ok(top, 3, 128, -128, 127));
    KILN_CHECK(kiln_requant_top_ok(top23, 3, 255, -128, 127));
    KILN_CHECK(kiln_requant_top_ok(top23, 3, -255, -128, 127));
    KILN_CHECK(!kiln_requant_top_ok(top, 3, 0, -127, 127));
    KILN_CHECK(!kiln_requant_top_ok(top, 3, 0, -128, 126));
    const int32_t left[2] = {-3, 0};
    KILN_CHECK(!kiln_requant_top_ok(left, 2, 0, -128, 127));
    kiln_test_context("");
}

/* The output stage of the int8 families: a requantized value at the int32 limits plus an output offset
 * clamps as the exact sum does (the sum once overflowed int32: undefined behaviour). */
static void test_add_clamp(void)
{
    KILN_CHECK_EQ(kiln_add_clamp(INT32_MAX, 255, -128, 127), 127);
    KILN_CHECK_EQ(kiln_add_clamp(INT32_MIN, -255, -128, 127), -128);
    KILN_CHECK_EQ(kiln_add_clamp(INT32_MAX, -(1 << 29), -(1 << 29), 1 << 29), 1 << 29);
    KILN_CHECK_EQ(kiln_add_clamp(INT32_MIN, 1 << 29, -(1 << 29), 1 << 29), -(1 << 29));
    KILN_CHECK_EQ(kiln_add_clamp(-5, 3, -128, 127), -2);
    KILN_CHECK_EQ(kiln_add_clamp(100, 100, -128, 127), 127);
    /* requantize(INT32_MAX, INT32_MAX, 0) = INT32_MAX - 1: the offset pushes it past int32 */
    KILN_CHECK_EQ(arm_nn_requantize(INT32_MAX, INT32_MAX, 0), INT32_MAX - 1);
    KILN_CHECK_EQ(kiln_conv_s8_out(INT32_MAX, INT32_MAX, 0, 255, -128, 127), 127);
    KILN_CHECK_EQ(kiln_dw_s8_finish(INT32_MAX, INT32_MAX, 0, 255, -128, 127), 127);
    KILN_CHECK_EQ(kiln_conv_s8_out(INT32_MIN, INT32_MAX, 0, -255, -128, 127), -128);
    kiln_fc_s8_args a;
    memset(&a, 0, sizeof(a));
    a.mult = INT32_MAX;
    a.shift = 0;
    a.dst_offset = 127;
    a.act_min = -128;
    a.act_max = 127;
    KILN_CHECK_EQ(kiln_fc_s8_out(INT32_MAX, &a, 0), 127);
    a.dst_offset = -128;
    KILN_CHECK_EQ(kiln_fc_s8_out(INT32_MIN, &a, 0), -128);
}

int main(void)
{
    KILN_RUN(test_mul_sat_edges);
    KILN_RUN(test_mul_sat_random);
    KILN_RUN(test_dims_count);
    KILN_RUN(test_quant_ok);
    KILN_RUN(test_shifts_within);
    KILN_RUN(test_add_clamp);
    return kiln_test_finish();
}
