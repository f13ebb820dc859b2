/*
 * The fixed-point helpers of arm_nnsupportfunctions.h against tests/reference (written from the
 * TFLite / gemmlowp specification, independent of the library): every helper on a grid of edge
 * values (INT32_MIN / MAX and neighbours, powers of two, exact ties for every shift) and on
 * random values of every magnitude. On Helium builds the arm_*_mve variants are checked lane by
 * lane against the same reference (predicated forms: active lanes equal, inactive lanes zero).
 */
#include <stdint.h>
#include <string.h>

#include "arm_nnsupportfunctions.h"
#include "kiln_ref.h"
#include "kiln_test.h"

/* Edge values of an int32 operand. */
static const int32_t kEdge[] = {INT32_MIN,      INT32_MIN + 1,  -1073741825, -1073741824, -1073741823, -65537,
                                -65536,         -32768,         -256,        -255,        -129,        -128,
                                -3,             -2,             -1,          0,           1,           2,
                                3,              127,            128,         255,         256,         32767,
                                65536,          1073741823,     1073741824,  1073741825,  INT32_MAX - 1, INT32_MAX};
#define N_EDGE ((int32_t)(sizeof(kEdge) / sizeof(kEdge[0])))

/* Multipliers: the quantized range [2^30, 2^31), 0, and a few others (negative ones included). */
static const int32_t kMult[] = {0,          1,          2,          1073741823, 1073741824, 1073741825,
                                1342177280, 1610612736, 2147483646, INT32_MAX,  -1,         -1073741824,
                                INT32_MIN + 1, INT32_MIN};
#define N_MULT ((int32_t)(sizeof(kMult) / sizeof(kMult[0])))

/* A random int32 of random magnitude (bit length 0..32, either sign), so small values, values near
 * the shift boundaries and full-range values are all frequent. */
static int32_t rand_any(kiln_rng *r)
{
    const int32_t bits = kiln_rng_range(r, 0, 32);
    uint32_t v = kiln_rng_u32(r);
    if (bits < 32)
    {
        v &= (bits == 0) ? 0u : ((1u << bits) - 1u);
        if (kiln_rng_u32(r) & 1u)
        {
            v = 0u - v;
        }
    }
    return (int32_t)v;
}

/* A value that is an exact tie for a rounding right shift by e >= 1: k * 2^e +- 2^(e-1). */
static int32_t rand_tie(kiln_rng *r, int32_t e)
{
    const int64_t half = (int64_t)1 << (e - 1);
    const int64_t kmax = ((int64_t)INT32_MAX - half) >> e;
    const int64_t k = (int64_t)kiln_rng_range(r, (int32_t)-kmax, (int32_t)kmax);
    int64_t v = k * ((int64_t)1 << e) + ((kiln_rng_u32(r) & 1u) ? half : -half);
    if (v > INT32_MAX || v < INT32_MIN)
    {
        v = half;
    }
    return (int32_t)v;
}

static int32_t rand_mult(kiln_rng *r)
{
    switch (kiln_rng_range(r, 0, 3))
    {
    case 0:
        return kMult[kiln_rng_range(r, 0, N_MULT - 1)];
    case 1:
        return rand_any(r);
    default:
        return kiln_rng_range(r, 1 << 30, INT32_MAX);
    }
}

/* Whether v << max(shift, 0) fits int32 (the requantization's domain). */
static bool left_shift_fits(int32_t v, int32_t shift)
{
    if (shift <= 0)
    {
        return true;
    }
    const int64_t s = (int64_t)v * ((int64_t)1 << shift);
    return s >= INT32_MIN && s <= INT32_MAX;
}

/* ---- scalar helpers --------------------------------------------------------------------------- */

static void test_doubling_high_mult(void)
{
    int64_t n = 0;
    for (int32_t i = 0; i < N_EDGE; i++)
    {
        for (int32_t j = 0; j < N_EDGE; j++)
        {
            const int32_t a = kEdge[i], b = kEdge[j];
            kiln_test_context("a=%ld b=%ld", (long)a, (long)b);
            KILN_CHECK_EQ(arm_nn_doubling_high_mult(a, b), kiln_ref_sat_rounding_doubling_high_mul(a, b));
            if (!(a == INT32_MIN && b == INT32_MIN))
            {
                KILN_CHECK_EQ(arm_nn_doubling_high_mult_no_sat(a, b), kiln_ref_sat_rounding_doubling_high_mul(a, b));
            }
            n++;
        }
    }
    kiln_rng r;
    kiln_rng_seed(&r, 0x5EED0001u);
    const int32_t iters = kiln_test_iterations(200000, 3000);
    for (int32_t it = 0; it < iters; it++)
    {
        int32_t a = rand_any(&r);
        int32_t b = (it & 1) ? rand_mult(&r) : rand_any(&r);
        if (it % 7 == 0)
        {
            /* Exact ties of the doubling high multiply: a * 2^30 with a odd is (a/2) * 2^31. */
            b = 1 << 30;
            a |= 1;
        }
        kiln_test_context("a=%ld b=%ld", (long)a, (long)b);
        KILN_CHECK_EQ(arm_nn_doubling_high_mult(a, b), kiln_ref_sat_rounding_doubling_high_mul(a, b));
        if (!(a == INT32_MIN && b == INT32_MIN))
        {
            KILN_CHECK_EQ(arm_nn_doubling_high_mult_no_sat(a, b), kiln_ref_sat_rounding_doubling_high_mul(a, b));
        }
        n++;
    }
    KILN_CHECK(n >= 1000);
}

static void test_divide_by_power_of_two(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x5EED0002u);
    for (int32_t e = 0; e <= 31; e++)
    {
        for (int32_t i = 0; i < N_EDGE; i++)
        {
            kiln_test_context("x=%ld e=%ld", (long)kEdge[i], (long)e);
            KILN_CHECK_EQ(arm_nn_divide_by_power_of_two(kEdge[i], e), kiln_ref_rounding_divide_by_pot(kEdge[i], e));
        }
        const int32_t iters = kiln_test_iterations(4000, 100);
        for (int32_t it = 0; it < iters; it++)
        {
            const int32_t x = (e >= 1 && (it & 1)) ? rand_tie(&r, e) : rand_any(&r);
            kiln_test_context("x=%ld e=%ld", (long)x, (long)e);
            KILN_CHECK_EQ(arm_nn_divide_by_power_of_two(x, e), kiln_ref_rounding_divide_by_pot(x, e));
        }
    }
}

static void test_requantize(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x5EED0003u);
    int64_t n = 0;
    for (int32_t shift = -31; shift <= 30; shift++)
    {
        for (int32_t i = 0; i < N_EDGE; i++)
        {
            for (int32_t j = 0; j < N_MULT; j++)
            {
                const int32_t v = kEdge[i], m = kMult[j];
                if (!left_shift_fits(v, shift))
                {
                    continue;
                }
                kiln_test_context("v=%ld m=%ld shift=%ld", (long)v, (long)m, (long)shift);
                if (m == INT32_MIN && (int32_t)((uint32_t)v << LEFT_SHIFT(shift)) == INT32_MIN)
                {
                    continue; /* the one saturating product, outside the multiplier's domain */
                }
                KILN_CHECK_EQ(arm_nn_requantize(v, m, shift), kiln_ref_multiply_by_quantized_multiplier(v, m, shift));
                n++;
            }
        }
        const int32_t iters = kiln_test_iterations(6000, 100);
        for (int32_t it = 0; it < iters; it++)
        {
            int32_t v = rand_any(&r);
            int32_t m = rand_mult(&r);
            if (shift < 0 && (it % 3) == 0)
            {
                /* Make the doubling high multiply exact (m = 2^30 halves v exactly when v is even)
                 * and the final rounding shift a tie. */
                m = 1 << 30;
                v = (int32_t)((uint32_t)rand_tie(&r, MIN(-shift, 30)) << 1);
            }
            if (shift > 0)
            {
                v >>= shift; /* keep v << shift within int32 most of the time */
            }
            if (!left_shift_fits(v, shift) || m == INT32_MIN)
            {
                continue;
            }
            kiln_test_context("v=%ld m=%ld shift=%ld", (long)v, (long)m, (long)shift);
            KILN_CHECK_EQ(arm_nn_requantize(v, m, shift), kiln_ref_multiply_by_quantized_multiplier(v, m, shift));
            n++;
        }
    }
    KILN_CHECK(n >= 1000);
}

static void test_requantize_s64(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x5EED0004u);
    int64_t n = 0;
    const int32_t iters = kiln_test_iterations(200000, 4000);
    for (int32_t it = 0; it < iters; it++)
    {
        /* TFLite's domain: multiplier >= 0, shift in [-31, 7], |acc| < 2^47; and the result and
         * the helper's intermediate (one bit more) within int32. */
        const int32_t shift = kiln_rng_range(&r, -31, 7);
        const int32_t mult = (it % 5 == 0) ? kMult[kiln_rng_range(&r, 0, 9)] : kiln_rng_range(&r, 0, INT32_MAX);
        const int32_t bits = kiln_rng_range(&r, 0, 47);
        int64_t acc = (int64_t)((((uint64_t)kiln_rng_u32(&r) << 32) | kiln_rng_u32(&r)) & (((uint64_t)1 << bits) - 1u));
        if (kiln_rng_u32(&r) & 1u)
        {
            acc = -acc;
        }
        const int32_t reduced = REDUCE_MULTIPLIER(mult);
        if (it % 4 == 0 && reduced > 0)
        {
            /* An exact tie of the final rounding, acc * reduced = (2k + 1) * 2^(14 - shift), when
             * reduced divides it. */
            const int64_t k = (int64_t)kiln_rng_range(&r, -(1 << 10), 1 << 10);
            const int64_t target = (2 * k + 1) * ((int64_t)1 << (14 - shift));
            if (target % reduced == 0)
            {
                acc = target / reduced;
            }
        }
        if (acc >= ((int64_t)1 << 47) || acc <= -((int64_t)1 << 47))
        {
            continue;
        }
        const int64_t inter = (acc * reduced) >> (14 - shift);
        if (inter >= INT32_MAX || inter < INT32_MIN)
        {
            continue;
        }
        kiln_test_context("acc=%lld mult=%ld shift=%ld", (long long)acc, (long)mult, (long)shift);
        KILN_CHECK_EQ(arm_nn_requantize_s64(acc, reduced, shift),
                      kiln_ref_multiply_by_quantized_multiplier_s64(acc, mult, shift));
        n++;
    }
    /* Exact ties with the smallest multiplier that still reduces to 1: acc * 1 = odd * 2^(14-shift). */
    for (int32_t shift = -31; shift <= 7; shift++)
    {
        for (int32_t k = -40; k <= 40; k++)
        {
            const int64_t acc = (2 * (int64_t)k + 1) * ((int64_t)1 << (14 - shift));
            const int32_t mult = 1 << 16; /* reduces to 1 */
            kiln_test_context("tie acc=%lld shift=%ld", (long long)acc, (long)shift);
            KILN_CHECK_EQ(arm_nn_requantize_s64(acc, REDUCE_MULTIPLIER(mult), shift),
                          kiln_ref_multiply_by_quantized_multiplier_s64(acc, mult, shift));
            n++;
        }
    }
    KILN_CHECK(n >= 1000);
}

static void test_mult_by_power_of_two(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x5EED0005u);
    for (int32_t e = 0; e <= 30; e++)
    {
        for (int32_t i = 0; i < N_EDGE; i++)
        {
            kiln_test_context("x=%ld e=%ld", (long)kEdge[i], (long)e);
            KILN_CHECK_EQ(arm_nn_mult_by_power_of_two(kEdge[i], e),
                          kiln_ref_saturating_rounding_multiply_by_pot(kEdge[i], e));
        }
        const int32_t iters = kiln_test_iterations(4000, 60);
        for (int32_t it = 0; it < iters; it++)
        {
            int32_t x = rand_any(&r);
            if (it % 4 == 0)
            {
                /* Around the saturation threshold 2^(31-e). */
                const int64_t t = ((int64_t)1 << (31 - e)) + kiln_rng_range(&r, -2, 1);
                x = (int32_t)((it & 4) ? t : -t);
            }
            kiln_test_context("x=%ld e=%ld", (long)x, (long)e);
            KILN_CHECK_EQ(arm_nn_mult_by_power_of_two(x, e), kiln_ref_saturating_rounding_multiply_by_pot(x, e));
        }
    }
}

static void test_exp_on_negative_values(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x5EED0006u);
    int64_t n = 0;
    for (int32_t i = 0; i < N_EDGE; i++)
    {
        if (kEdge[i] > 0)
        {
            continue;
        }
        kiln_test_context("x=%ld", (long)kEdge[i]);
        KILN_CHECK_EQ(arm_nn_exp_on_negative_values(kEdge[i]), kiln_ref_exp_on_negative_values(kEdge[i], 5));
        n++;
    }
    /* Every boundary of the bit decomposition: -k/4 exactly and one unit either side. */
    for (int32_t k = 0; k <= 128; k++)
    {
        for (int32_t d = -1; d <= 1; d++)
        {
            const int64_t x = -(int64_t)k * (1 << 24) + d;
            if (x > 0 || x < INT32_MIN)
            {
                continue;
            }
            kiln_test_context("x=%lld", (long long)x);
            KILN_CHECK_EQ(arm_nn_exp_on_negative_values((int32_t)x), kiln_ref_exp_on_negative_values((int32_t)x, 5));
            n++;
        }
    }
    const int32_t iters = kiln_test_iterations(200000, 3000);
    for (int32_t it = 0; it < iters; it++)
    {
        int32_t x = rand_any(&r);
        x = (x > 0) ? -x : x;
        kiln_test_context("x=%ld", (long)x);
        KILN_CHECK_EQ(arm_nn_exp_on_negative_values(x), kiln_ref_exp_on_negative_values(x, 5));
        n++;
    }
    KILN_CHECK(n >= 1000);
}

static void test_one_over_one_plus_x(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x5EED0007u);
    int64_t n = 0;
    for (int32_t i = 0; i < N_EDGE; i++)
    {
        if (kEdge[i] < 0)
        {
            continue;
        }
        kiln_test_context("x=%ld", (long)kEdge[i]);
        KILN_CHECK_EQ(arm_nn_one_over_one_plus_x_for_x_in_0_1(kEdge[i]),
                      kiln_ref_one_over_one_plus_x_for_x_in_0_1(kEdge[i]));
        n++;
    }
    const int32_t iters = kiln_test_iterations(200000, 3000);
    for (int32_t it = 0; it < iters; it++)
    {
        int32_t x = rand_any(&r);
        x = (x < 0) ? (int32_t)((uint32_t)x & 0x7FFFFFFFu) : x;
        kiln_test_context("x=%ld", (long)x);
        KILN_CHECK_EQ(arm_nn_one_over_one_plus_x_for_x_in_0_1(x), kiln_ref_one_over_one_plus_x_for_x_in_0_1(x));
        n++;
    }
    KILN_CHECK(n >= 1000);
}

/* ---- Helium variants ------------------------------------------------------------------------- */
#if defined(ARM_MATH_MVEI)

static int32x4_t load4(const int32_t v[4])
{
    return vldrwq_s32(v);
}

static void store4(int32_t out[4], int32x4_t v)
{
    vstrwq_s32(out, v);
}

/* A predicate for 32-bit lanes: each lane on (its four byte bits set) or off, at random. */
static mve_pred16_t rand_lane_pred(kiln_rng *r)
{
    const uint32_t bits = kiln_rng_u32(r);
    uint32_t p = 0;
    for (int32_t k = 0; k < 4; k++)
    {
        p |= ((bits >> k) & 1u) ? (0xFu << (4 * k)) : 0u;
    }
    return (mve_pred16_t)p;
}

/* A random operand vector: each lane an edge value or a random one. */
static void rand_lanes(kiln_rng *r, int32_t v[4])
{
    for (int32_t k = 0; k < 4; k++)
    {
        v[k] = (kiln_rng_u32(r) & 3u) == 0 ? kEdge[kiln_rng_range(r, 0, N_EDGE - 1)] : rand_any(r);
    }
}

static void test_mve_doubling_high_mult(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x5EED0011u);
    const int32_t iters = kiln_test_iterations(0, 3000);
    for (int32_t it = 0; it < iters; it++)
    {
        int32_t a[4], b[4], got[4];
        rand_lanes(&r, a);
        rand_lanes(&r, b);
        if (it < N_EDGE * N_EDGE / 4)
        {
            /* The full edge grid first, four pairs per vector. */
            for (int32_t k = 0; k < 4; k++)
            {
                a[k] = kEdge[(it * 4 + k) / N_EDGE];
                b[k] = kEdge[(it * 4 + k) % N_EDGE];
            }
        }
        const mve_pred16_t p = rand_lane_pred(&r);
        kiln_test_context("a={%ld,%ld,%ld,%ld} b={%ld,%ld,%ld,%ld}", (long)a[0], (long)a[1], (long)a[2], (long)a[3],
                          (long)b[0], (long)b[1], (long)b[2], (long)b[3]);
        store4(got, arm_doubling_high_mult_mve_32x4(load4(a), load4(b)));
        for (int32_t k = 0; k < 4; k++)
        {
            KILN_CHECK_EQ(got[k], kiln_ref_sat_rounding_doubling_high_mul(a[k], b[k]));
        }
        store4(got, arm_doubling_high_mult_mve(load4(a), b[0]));
        for (int32_t k = 0; k < 4; k++)
        {
            KILN_CHECK_EQ(got[k], kiln_ref_sat_rounding_doubling_high_mul(a[k], b[0]));
        }
        store4(got, arm_doubling_high_mult_mve_pred(load4(a), b[1], p, vdupq_n_s32(0)));
        for (int32_t k = 0; k < 4; k++)
        {
            /* A lane is active when its four predicate bits are set. */
            const bool on = ((p >> (4 * k)) & 1u) != 0;
            KILN_CHECK_EQ(got[k], on ? kiln_ref_sat_rounding_doubling_high_mul(a[k], b[1]) : 0);
        }
    }
}

static void test_mve_divide_by_power_of_two(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x5EED0012u);
    for (int32_t e = 0; e <= 31; e++)
    {
        const int32_t iters = kiln_test_iterations(0, 40) + N_EDGE / 4 + 1;
        for (int32_t it = 0; it < iters; it++)
        {
            int32_t x[4], ev[4], got[4];
            for (int32_t k = 0; k < 4; k++)
            {
                const int32_t idx = it * 4 + k;
                x[k] = idx < N_EDGE ? kEdge[idx] : ((e >= 1 && (idx & 1)) ? rand_tie(&r, e) : rand_any(&r));
                ev[k] = kiln_rng_range(&r, 0, 31);
            }
            const mve_pred16_t p = rand_lane_pred(&r);
            kiln_test_context("e=%ld x={%ld,%ld,%ld,%ld}", (long)e, (long)x[0], (long)x[1], (long)x[2], (long)x[3]);
            store4(got, arm_divide_by_power_of_two_mve(load4(x), e));
            for (int32_t k = 0; k < 4; k++)
            {
                KILN_CHECK_EQ(got[k], kiln_ref_rounding_divide_by_pot(x[k], e));
            }
            store4(got, arm_divide_by_power_of_two_mve_pred(load4(x), e, p, vdupq_n_s32(0)));
            for (int32_t k = 0; k < 4; k++)
            {
                const bool on = ((p >> (4 * k)) & 1u) != 0;
                KILN_CHECK_EQ(got[k], on ? kiln_ref_rounding_divide_by_pot(x[k], e) : 0);
            }
            store4(got, arm_divide_by_power_of_two_mve_32x4(load4(x), load4(ev)));
            for (int32_t k = 0; k < 4; k++)
            {
                KILN_CHECK_EQ(got[k], kiln_ref_rounding_divide_by_pot(x[k], ev[k]));
            }
        }
    }
}

static void test_mve_requantize(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x5EED0013u);
    for (int32_t shift = -31; shift <= 30; shift++)
    {
        const int32_t iters = kiln_test_iterations(0, 60);
        for (int32_t it = 0; it < iters; it++)
        {
            int32_t v[4], m4[4], s4[4], got[4];
            int32_t m = rand_mult(&r);
            m = (m == INT32_MIN) ? INT32_MAX : m;
            for (int32_t k = 0; k < 4; k++)
            {
                v[k] = rand_any(&r);
                if (shift < 0 && (it % 3) == 0)
                {
                    m = 1 << 30;
                    v[k] = (int32_t)((uint32_t)rand_tie(&r, MIN(-shift, 30)) << 1);
                }
                if (shift > 0)
                {
                    v[k] >>= shift;
                }
                if (!left_shift_fits(v[k], shift))
                {
                    v[k] = 0;
                }
                m4[k] = rand_mult(&r);
                m4[k] = (m4[k] == INT32_MIN) ? 1 << 30 : m4[k];
                s4[k] = kiln_rng_range(&r, -31, 30);
            }
            const mve_pred16_t p = rand_lane_pred(&r);
            kiln_test_context("shift=%ld m=%ld v={%ld,%ld,%ld,%ld}", (long)shift, (long)m, (long)v[0], (long)v[1],
                              (long)v[2], (long)v[3]);
            store4(got, arm_requantize_mve(load4(v), m, shift));
            for (int32_t k = 0; k < 4; k++)
            {
                KILN_CHECK_EQ(got[k], kiln_ref_multiply_by_quantized_multiplier(v[k], m, shift));
            }
            store4(got, arm_requantize_mve_pred(load4(v), m, shift, p));
            for (int32_t k = 0; k < 4; k++)
            {
                const bool on = ((p >> (4 * k)) & 1u) != 0;
                KILN_CHECK_EQ(got[k], on ? kiln_ref_multiply_by_quantized_multiplier(v[k], m, shift) : 0);
            }
            /* Per-lane multipliers and shifts: lanes whose value does not fit the shift get 0. */
            int32_t w[4];
            for (int32_t k = 0; k < 4; k++)
            {
                w[k] = left_shift_fits(v[k], s4[k]) ? v[k] : (v[k] >> 30);
                w[k] = left_shift_fits(w[k], s4[k]) ? w[k] : 0;
            }
            store4(got, arm_requantize_mve_32x4(load4(w), load4(m4), load4(s4)));
            for (int32_t k = 0; k < 4; k++)
            {
                KILN_CHECK_EQ(got[k], kiln_ref_multiply_by_quantized_multiplier(w[k], m4[k], s4[k]));
            }
        }
    }
}

#endif /* ARM_MATH_MVEI */

int main(void)
{
    KILN_RUN(test_doubling_high_mult);
    KILN_RUN(test_divide_by_power_of_two);
    KILN_RUN(test_requantize);
    KILN_RUN(test_requantize_s64);
    KILN_RUN(test_mult_by_power_of_two);
    KILN_RUN(test_exp_on_negative_values);
    KILN_RUN(test_one_over_one_plus_x);
#if defined(ARM_MATH_MVEI)
    KILN_RUN(test_mve_doubling_high_mult);
    KILN_RUN(test_mve_divide_by_power_of_two);
    KILN_RUN(test_mve_requantize);
#endif
    return kiln_test_finish();
}
