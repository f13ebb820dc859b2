/*
 * The _Float16 scalar helpers of arm_nnsupportfunctions.h (arm_nn_min_f16h, arm_nn_max_f16h,
 * arm_nn_propagate_nan_f16h, arm_nn_clamp_f16h, arm_nn_clamp_propagate_nan_f16h, arm_nn_abs_f16h) against
 * references written here on double values (NaN tests by isnan, order by <, the sign of zeros by signbit): every
 * pair (and clamp triple) of a set of special values (+-0, +-inf, quiet / signalling / negative NaNs with payloads,
 * the smallest and largest subnormals, the smallest normals, +-65504, +-1), then random bit patterns. Results are
 * compared bit for bit.
 */
#include "supflt_test.h"

#if ARM_NN_ENABLE_F16

static double dv(uint16_t b)
{
    _Float16 h;
    memcpy(&h, &b, sizeof(h));
    return (double)(float)h;
}

static uint16_t hb(_Float16 h)
{
    uint16_t b;
    memcpy(&b, &h, sizeof(b));
    return b;
}

static _Float16 hv(uint16_t b)
{
    _Float16 h;
    memcpy(&h, &b, sizeof(h));
    return h;
}

/* minNum / maxNum: a NaN loses to a number, two NaNs give a; equal values: -0 below +0, else a. */
static uint16_t ref_min(uint16_t a, uint16_t b)
{
    const double x = dv(a), y = dv(b);
    if (isnan(x))
    {
        return isnan(y) ? a : b;
    }
    if (isnan(y))
    {
        return a;
    }
    if (x == y)
    {
        return (signbit(y) && !signbit(x)) ? b : a;
    }
    return y < x ? b : a;
}

static uint16_t ref_max(uint16_t a, uint16_t b)
{
    const double x = dv(a), y = dv(b);
    if (isnan(x))
    {
        return isnan(y) ? a : b;
    }
    if (isnan(y))
    {
        return a;
    }
    if (x == y)
    {
        return (!signbit(y) && signbit(x)) ? b : a;
    }
    return y > x ? b : a;
}

static bool check_one(uint16_t a, uint16_t b, uint16_t c)
{
    const _Float16 x = hv(a), y = hv(b), z = hv(c);
    kiln_test_context("operands 0x%04x 0x%04x 0x%04x", (unsigned)a, (unsigned)b, (unsigned)c);
    bool ok = KILN_CHECK_EQ(hb(arm_nn_min_f16h(x, y)), ref_min(a, b));
    ok = ok && KILN_CHECK_EQ(hb(arm_nn_max_f16h(x, y)), ref_max(a, b));
    ok = ok && KILN_CHECK_EQ(hb(arm_nn_propagate_nan_f16h(x, y)), isnan(dv(a)) ? a : b);
    /* clamp_f16h(x, h = y, l = z) = max(min(x, h), l) */
    ok = ok && KILN_CHECK_EQ(hb(arm_nn_clamp_f16h(x, y, z)), ref_max(ref_min(a, b), c));
    /* clamp_propagate_nan_f16h(x, l = y, h = z) = NaN x, else min(max(x, l), h) */
    ok =
        ok && KILN_CHECK_EQ(hb(arm_nn_clamp_propagate_nan_f16h(x, y, z)), isnan(dv(a)) ? a : ref_min(ref_max(a, b), c));
    /* abs: the value |x| (a NaN: the same NaN, sign cleared) */
    const uint16_t ab = hb(arm_nn_abs_f16h(x));
    if (isnan(dv(a)))
    {
        ok = ok && KILN_CHECK_EQ(ab, a & 0x7FFFu);
    }
    else
    {
        ok = ok && KILN_CHECK(dv(ab) == fabs(dv(a)) && !signbit(dv(ab)));
    }
    return ok;
}

static const uint16_t specials[] = {0x0000u, 0x8000u, 0x7C00u, 0xFC00u, 0x7E00u, 0x7C01u, 0xFE00u,
                                    0xFD23u, 0x7FFFu, 0x0001u, 0x8001u, 0x03FFu, 0x83FFu, 0x0400u,
                                    0x8400u, 0x7BFFu, 0xFBFFu, 0x3C00u, 0xBC00u, 0x3555u, 0xC248u};
#define NSPEC ((int32_t)(sizeof(specials) / sizeof(specials[0])))

static void test_half_specials(void)
{
    for (int32_t i = 0; i < NSPEC; i++)
    {
        for (int32_t j = 0; j < NSPEC; j++)
        {
            for (int32_t k = 0; k < NSPEC; k++)
            {
                if (!check_one(specials[i], specials[j], specials[k]))
                {
                    return;
                }
            }
        }
    }
}

static void test_half_random(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x5F1101u);
    const int32_t iters = kiln_test_iterations(400000, 20000);
    for (int32_t i = 0; i < iters; i++)
    {
        uint16_t v[3];
        for (int j = 0; j < 3; j++)
        {
            const int32_t pick = kiln_rng_range(&r, 0, 7);
            v[j] = pick == 0 ? specials[kiln_rng_range(&r, 0, NSPEC - 1)] : (uint16_t)kiln_rng_u32(&r);
        }
        if (i & 1)
        {
            v[1] = (uint16_t)(v[0] ^ (kiln_rng_u32(&r) & 0x8003u)); /* close values, both signs */
        }
        if (!check_one(v[0], v[1], v[2]))
        {
            return;
        }
    }
}

/* Every float16 through abs, and min / max of x against +-0 and itself. */
static void test_half_exhaustive(void)
{
    for (uint32_t u = 0; u <= 0xFFFFu; u++)
    {
        if (!check_one((uint16_t)u, (uint16_t)u, 0x8000u) || !check_one((uint16_t)u, 0x0000u, (uint16_t)(u ^ 0x8000u)))
        {
            return;
        }
    }
}

#endif /* ARM_NN_ENABLE_F16 */

int main(void)
{
#if ARM_NN_ENABLE_F16
    KILN_RUN(test_half_specials);
    KILN_RUN(test_half_random);
    KILN_RUN(test_half_exhaustive);
#endif
    return kiln_test_finish();
}
