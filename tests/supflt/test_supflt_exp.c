/*
 * Softmax exponential helpers of arm_nnsupportfunctions_flt.h against double references (libm):
 *  - arm_nn_softmax_floor_to_int_f32 / _f16: floor, saturated, NaN 0 (float16: every bit pattern);
 *  - arm_nn_softmax_fp32_from_bits / fp16_from_bits: bit casts (float16: every pattern);
 *  - arm_nn_softmax_exp2i_f32 / _f16: exact powers of two with the clamped exponent;
 *  - arm_nn_softmax_exp_taylor_f32 / exp_lut_f32: relative error over [-80, 80] below the documented bounds,
 *    the domain rule (clamp to [-80, 80], NaN as 80), exp(0) = 1 exactly; _scalar_ is the LUT one;
 *  - the float16 helpers on every float16 input, in float16 ulps (overflow to +inf);
 *  - Helium float builds only: arm_nn_vec_reduce_add_f32 / _f16 (their documented summation order, exactly)
 *    and arm_nn_vexpq_poly_mve_f32 / _f16 (bounds, NaN lanes, below -104: 0, overflow: +inf).
 * The measured maxima are printed (the bounds asserted are the documented ones).
 */
#include "supflt_test.h"

/* Measured maxima (host, m55): Taylor 1.31e-7, LUT 1.02e-6, Helium 7.2e-8 (relative); float16 0.5 / 0.95 ulp. */
#define TAYLOR_F32_REL (2.0e-7)
#define LUT_F32_REL    (1.2e-6)
#define VEXP_F32_REL   (1.5e-7)
#define TAYLOR_F16_ULP (0.51)
#define LUT_F16_ULP    (1.0)

/* The helpers' domain: x clamped to [-80, 80], NaN taken as 80. */
static double dom(double x)
{
    return isnan(x) ? 80.0 : (x < -80.0 ? -80.0 : (x > 80.0 ? 80.0 : x));
}

static int64_t ref_floor(double x, int64_t lo, int64_t hi)
{
    if (isnan(x))
    {
        return 0;
    }
    const double f = floor(x);
    return f <= (double)lo ? lo : (f >= (double)hi ? hi : (int64_t)f);
}

#if ARM_NN_ENABLE_F32
static void test_floor_bits_exp2i_f32(void)
{
    const float specials[] = {0.0f,          -0.0f,          0.5f,        -0.5f,    1.0f,          -1.0f,
                              1e-45f,        -1e-45f,        FLT_MIN,     -FLT_MIN, 2147483520.0f, -2147483648.0f,
                              2147483648.0f, -2147483904.0f, FLT_MAX,     -FLT_MAX, INFINITY,      -INFINITY,
                              NAN,           8388607.5f,     -8388607.5f, 115.99f,  -116.01f};
    for (size_t i = 0; i < sizeof(specials) / sizeof(specials[0]); i++)
    {
        const float x = specials[i];
        kiln_test_context("floor_to_int_f32(%.9g)", (double)x);
        KILN_CHECK_EQ(arm_nn_softmax_floor_to_int_f32(x), ref_floor((double)x, INT32_MIN, INT32_MAX));
    }
    kiln_rng r;
    kiln_rng_seed(&r, 0x5F1001u);
    const int32_t iters = kiln_test_iterations(200000, 4000);
    for (int32_t i = 0; i < iters; i++)
    {
        const uint32_t u = kiln_rng_u32(&r);
        float x = sf_f32(u);
        if (i & 1)
        {
            x = (float)sf_uniform(&r, -300.0, 300.0);
        }
        kiln_test_context("floor_to_int_f32(%.9g)", (double)x);
        if (!KILN_CHECK_EQ(arm_nn_softmax_floor_to_int_f32(x), ref_floor((double)x, INT32_MIN, INT32_MAX)))
        {
            return;
        }
        const float b = arm_nn_softmax_fp32_from_bits(u);
        if (!KILN_CHECK_EQ(sf_bits32(b), u))
        {
            return;
        }
    }
    for (int32_t n = -400; n <= 400; n++)
    {
        const int32_t c = n < -126 ? -126 : (n > 127 ? 127 : n);
        kiln_test_context("exp2i_f32(%d)", (int)n);
        if (!KILN_CHECK(arm_nn_softmax_exp2i_f32(n) == (float)ldexp(1.0, c)))
        {
            return;
        }
    }
    KILN_CHECK(arm_nn_softmax_exp2i_f32(INT32_MIN) == FLT_MIN);
    KILN_CHECK(arm_nn_softmax_exp2i_f32(INT32_MAX) == (float)ldexp(1.0, 127));
}

typedef float (*exp_f32_fn)(float);

static float taylor_f32(float x)
{
    return arm_nn_softmax_exp_taylor_f32(x);
}

static float lut_f32(float x)
{
    return arm_nn_softmax_exp_lut_f32(x);
}

/* Largest relative error of fn over the grid and random draws in [-80, 80]; checks every case against bound. */
static void exp_f32_case(const char *name, exp_f32_fn fn, double bound, uint64_t seed)
{
    double worst = 0.0, worst_x = 0.0;
    kiln_rng r;
    kiln_rng_seed(&r, seed);
    const int32_t grid = kiln_test_iterations(160000, 4000);
    const int32_t iters = kiln_test_iterations(400000, 4000);
    for (int32_t i = 0; i < grid + iters; i++)
    {
        const float x = i < grid ? (float)(-80.0 + 160.0 * (double)i / (double)(grid - 1)) : sf_draw(&r, -80.0f, 80.0f);
        const double ref = exp((double)x);
        const double got = (double)fn(x);
        const double rel = fabs(got - ref) / ref;
        if (rel > worst)
        {
            worst = rel;
            worst_x = (double)x;
        }
        if (!(rel <= bound))
        {
            kiln_test_context("%s(%.9g) = %.9g, exp %.9g, relative error %g > %g", name, (double)x, got, ref, rel,
                              bound);
            KILN_CHECK(rel <= bound);
            return;
        }
    }
    printf("%s: max relative error %.3g at x = %.9g (bound %.3g)\n", name, worst, worst_x, bound);
    /* the domain rule, bit for bit */
    const float big[] = {80.0f, 80.5f, 1e30f, FLT_MAX, INFINITY, NAN, -NAN};
    for (size_t i = 0; i < sizeof(big) / sizeof(big[0]); i++)
    {
        kiln_test_context("%s(%.9g) as %s(80)", name, (double)big[i], name);
        KILN_CHECK_EQ(sf_bits32(fn(big[i])), sf_bits32(fn(80.0f)));
    }
    const float small[] = {-80.0f, -80.5f, -1e30f, -FLT_MAX, -INFINITY};
    for (size_t i = 0; i < sizeof(small) / sizeof(small[0]); i++)
    {
        kiln_test_context("%s(%.9g) as %s(-80)", name, (double)small[i], name);
        KILN_CHECK_EQ(sf_bits32(fn(small[i])), sf_bits32(fn(-80.0f)));
    }
    kiln_test_context("%s(+-0)", name);
    KILN_CHECK(fn(0.0f) == 1.0f && fn(-0.0f) == 1.0f);
    KILN_CHECK(fn(1e-45f) == 1.0f && fn(-1e-45f) == 1.0f);
}

static void test_exp_taylor_f32(void)
{
    exp_f32_case("exp_taylor_f32", taylor_f32, TAYLOR_F32_REL, 0x5F1002u);
}

static void test_exp_lut_f32(void)
{
    exp_f32_case("exp_lut_f32", lut_f32, LUT_F32_REL, 0x5F1003u);
    /* the scalar helper is the LUT one (ARM_NN_USE_EXP_TAYLOR is not defined) */
    kiln_rng r;
    kiln_rng_seed(&r, 0x5F1004u);
    for (int32_t i = 0; i < kiln_test_iterations(20000, 1000); i++)
    {
        const float x = sf_draw(&r, -100.0f, 100.0f);
        kiln_test_context("exp_scalar_f32(%.9g)", (double)x);
        if (!KILN_CHECK_EQ(sf_bits32(arm_nn_softmax_exp_scalar_f32(x)), sf_bits32(arm_nn_softmax_exp_lut_f32(x))))
        {
            return;
        }
    }
}
#endif /* ARM_NN_ENABLE_F32 */

#if ARM_NN_ENABLE_F16
static void test_floor_bits_exp2i_f16(void)
{
    for (uint32_t u = 0; u <= 0xFFFFu; u++)
    {
        const float16_t h = arm_nn_softmax_fp16_from_bits((uint16_t)u);
        kiln_test_context("float16 bits 0x%04x", (unsigned)u);
        if (!KILN_CHECK_EQ(sf_bits16(h), u))
        {
            return;
        }
        const double x = (double)(float)sf_f16((uint16_t)u);
        if (!KILN_CHECK_EQ(arm_nn_softmax_floor_to_int_f16(h), ref_floor(x, INT32_MIN, INT32_MAX)))
        {
            return;
        }
    }
    for (int32_t n = -60; n <= 60; n++)
    {
        const int32_t c = n < -14 ? -14 : (n > 15 ? 15 : n);
        kiln_test_context("exp2i_f16(%d)", (int)n);
        if (!KILN_CHECK((double)(float)arm_nn_softmax_exp2i_f16(n) == ldexp(1.0, c)))
        {
            return;
        }
    }
    KILN_CHECK_EQ(sf_bits16(arm_nn_softmax_exp2i_f16(INT32_MIN)), 0x0400u);
    KILN_CHECK_EQ(sf_bits16(arm_nn_softmax_exp2i_f16(INT32_MAX)), 0x7800u);
}

typedef float16_t (*exp_f16_fn)(float16_t);

static float16_t taylor_f16(float16_t x)
{
    return arm_nn_softmax_exp_taylor_f16(x);
}

static float16_t lut_f16(float16_t x)
{
    return arm_nn_softmax_exp_lut_f16(x);
}

/* One float16 result against exp(dom(x)) in float16 ulps: values from 65520 up round to +inf (an ulp of slack
 * for a bound above 0.5), others within `ulps`. Returns the error in ulps (0 for an expected +inf), or -1. */
static double exp16_err(double x, uint16_t got_bits, double ulps)
{
    const double ref = exp(dom(x));
    const double got = (double)(float)sf_f16(got_bits);
    if (isinf(got))
    {
        return got > 0 && ref >= (ulps > 0.5 ? 65504.0 : 65520.0) ? 0.0 : -1.0;
    }
    if (isnan(got) || ref >= (ulps > 0.5 ? 65536.0 : 65520.0))
    {
        return -1.0;
    }
    return fabs(got - ref) / sf_ulp16(ref);
}

static void exp_f16_case(const char *name, exp_f16_fn fn, double bound)
{
    double worst = 0.0;
    uint32_t worst_u = 0;
    for (uint32_t u = 0; u <= 0xFFFFu; u++)
    {
        const float16_t x = sf_f16((uint16_t)u);
        const uint16_t g = sf_bits16(fn(x));
        const double e = exp16_err((double)(float)x, g, bound);
        if (e > worst)
        {
            worst = e;
            worst_u = u;
        }
        if (!(e >= 0.0 && e <= bound))
        {
            kiln_test_context("%s(0x%04x = %.9g) = 0x%04x, error %g ulp > %g", name, (unsigned)u, (double)(float)x,
                              (unsigned)g, e, bound);
            KILN_CHECK(e >= 0.0 && e <= bound);
            return;
        }
    }
    printf("%s: max error %.4g float16 ulp at 0x%04x (bound %.3g), every input\n", name, worst, (unsigned)worst_u,
           bound);
    KILN_CHECK_EQ(sf_bits16(fn(sf_f16(0x0000u))), 0x3C00u);
    KILN_CHECK_EQ(sf_bits16(fn(sf_f16(0x8000u))), 0x3C00u);
}

static void test_exp_f16(void)
{
    exp_f16_case("exp_taylor_f16", taylor_f16, TAYLOR_F16_ULP);
    exp_f16_case("exp_lut_f16", lut_f16, LUT_F16_ULP);
    for (uint32_t u = 0; u <= 0xFFFFu; u++)
    {
        const float16_t x = sf_f16((uint16_t)u);
        kiln_test_context("exp_scalar_f16(0x%04x)", (unsigned)u);
        if (!KILN_CHECK_EQ(sf_bits16(arm_nn_softmax_exp_scalar_f16(x)), sf_bits16(arm_nn_softmax_exp_lut_f16(x))))
        {
            return;
        }
    }
}
#endif /* ARM_NN_ENABLE_F16 */


/* The public tables of code written against CMSIS-NN's float support header: tanh(i / 64) correctly rounded
 * (within half an ulp of the double tanh, an independent evaluation), and the constant tables as published. */
#if ARM_NN_ENABLE_F32
static void test_tables_f32(void)
{
    for (int i = 0; i <= 256; i++)
    {
        const double t = tanh((double)i / 64.0);
        const float v = arm_nn_tanh_lut256_f32[i];
        const double ulp = i == 0 ? 0x1p-149 : (double)(nextafterf(v, 2.0f) - v);
        kiln_test_context("tanh_lut256_f32[%d]", i);
        KILN_CHECK(fabs((double)v - t) <= 0.5 * ulp + 1e-300);
    }
    KILN_CHECK(arm_nn_tanh_lut256_f32[0] == 0.0f && arm_nn_tanh_lut256_f32[256] < 1.0f);
    KILN_CHECK(arm_nn_exp_poly_coeffs_f32[0] == 1.0f && arm_nn_exp_poly_coeffs_f32[2] == 0.500000596046f &&
               arm_nn_exp_poly_coeffs_f32[7] == 0.000195780929062f);
    kiln_test_context("");
}
#endif

#if ARM_NN_ENABLE_F16
static void test_tables_f16(void)
{
    for (int i = 0; i <= 256; i++)
    {
        const double t = tanh((double)i / 64.0);
        const double v = (double)(float)sf_f16(arm_nn_tanh_lut256_f16[i]);
        kiln_test_context("tanh_lut256_f16[%d]", i);
        KILN_CHECK(fabs(v - t) <= 0.5 * sf_ulp16(v));
        KILN_CHECK(i == 0 || arm_nn_tanh_lut256_f16[i] >= arm_nn_tanh_lut256_f16[i - 1]); /* monotonic */
    }
    KILN_CHECK(arm_nn_tanh_approx_coeffs_f16[0] == 3.0f && arm_nn_tanh_approx_coeffs_f16[1] == 27.0f &&
               arm_nn_tanh_approx_coeffs_f16[2] == 9.0f);
    KILN_CHECK(arm_nn_exp_poly_coeffs_f16[0] == 1.0f && arm_nn_exp_poly_coeffs_f16[4] == 1.00000011921f);
    kiln_test_context("");
}
#endif

#if ARM_NN_ENABLE_F32 && defined(ARM_MATH_MVEF) && !defined(ARM_MATH_AUTOVECTORIZE)
static void test_mve_f32(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x5F1005u);
    const float specials[] = {NAN,      -NAN,    INFINITY, -INFINITY, 0.0f,   -0.0f,  1e-45f, -1e-45f, -104.0f,
                              -104.01f, -103.9f, -87.4f,   -87.3f,    88.72f, 88.73f, 89.0f,  1e30f,   -1e30f};
    const int32_t ns = (int32_t)(sizeof(specials) / sizeof(specials[0]));
    const int32_t iters = kiln_test_iterations(100000, 3000);
    double worst = 0.0;
    for (int32_t i = 0; i < iters; i++)
    {
        float v[4];
        for (int j = 0; j < 4; j++)
        {
            v[j] =
                kiln_rng_range(&r, 0, 15) == 0 ? specials[kiln_rng_range(&r, 0, ns - 1)] : sf_draw(&r, -110.0f, 95.0f);
        }
        const float32x4_t x = vld1q_f32(v);
        /* reduce: (v0 + v1) + (v2 + v3) */
        const float want = (v[0] + v[1]) + (v[2] + v[3]);
        kiln_test_context("reduce_add_f32(%.9g, %.9g, %.9g, %.9g)", (double)v[0], (double)v[1], (double)v[2],
                          (double)v[3]);
        if (!KILN_CHECK_EQ(sf_bits32(arm_nn_vec_reduce_add_f32(x)), sf_bits32(want)))
        {
            return;
        }
        float e[4];
        vst1q_f32(e, arm_nn_vexpq_poly_mve_f32(x));
        for (int j = 0; j < 4; j++)
        {
            const double xd = (double)v[j];
            kiln_test_context("vexpq_poly_mve_f32 lane %d: exp(%.9g) = %.9g", j, xd, (double)e[j]);
            bool ok;
            if (isnan(xd))
            {
                ok = isnan(e[j]);
            }
            else if (xd < -104.0)
            {
                ok = sf_bits32(e[j]) == 0u;
            }
            else if (exp(xd) >= (double)FLT_MAX * (1.0 + 0x1p-24))
            {
                ok = isinf(e[j]) && e[j] > 0;
            }
            else
            {
                const double ref = exp(xd);
                const double err = fabs((double)e[j] - ref);
                const double tol = VEXP_F32_REL * ref + 0x1p-149;
                /* Helium float arithmetic flushes subnormals: a result below FLT_MIN may be 0 */
                ok = err <= tol || (ref < 0x1p-126 && sf_bits32(e[j]) == 0u);
                if (ref >= 0x1p-126 && err / ref > worst)
                {
                    worst = err / ref;
                }
            }
            if (!KILN_CHECK(ok))
            {
                return;
            }
        }
    }
    printf("vexpq_poly_mve_f32: max relative error %.3g (normal results; bound %.3g)\n", worst, VEXP_F32_REL);
}
#endif

#if ARM_NN_ENABLE_F16 && defined(ARM_MATH_MVE_FLOAT16) && !defined(ARM_MATH_AUTOVECTORIZE)
static void test_mve_f16(void)
{
    /* vexpq on every float16 input, eight lanes at a time */
    double worst = 0.0;
    for (uint32_t u0 = 0; u0 <= 0xFFFFu; u0 += 8)
    {
        uint16_t in[8], out[8];
        for (uint32_t j = 0; j < 8; j++)
        {
            in[j] = (uint16_t)(u0 + j);
        }
        float16x8_t x;
        memcpy(&x, in, sizeof(x));
        const float16x8_t y = arm_nn_vexpq_poly_mve_f16(x);
        memcpy(out, &y, sizeof(out));
        for (uint32_t j = 0; j < 8; j++)
        {
            kiln_test_context("vexpq_poly_mve_f16(0x%04x) = 0x%04x", (unsigned)in[j], (unsigned)out[j]);
            if (sf_nan16(in[j]))
            {
                if (!KILN_CHECK_EQ(out[j], in[j]))
                {
                    return;
                }
                continue;
            }
            const double xd = (double)(float)sf_f16(in[j]);
            const double e = isinf(xd) && xd < 0 ? (out[j] == 0 ? 0.0 : -1.0) : exp16_err(xd, out[j], TAYLOR_F16_ULP);
            worst = e > worst ? e : worst;
            if (!KILN_CHECK(e >= 0.0 && e <= TAYLOR_F16_ULP))
            {
                return;
            }
        }
    }
    printf("vexpq_poly_mve_f16: max error %.4g float16 ulp, every input\n", worst);
    /* reduce: widened lanes, ((e0 + o0) + (e1 + o1)) + ((e2 + o2) + (e3 + o3)), rounded once */
    kiln_rng r;
    kiln_rng_seed(&r, 0x5F1006u);
    for (int32_t i = 0; i < kiln_test_iterations(50000, 2000); i++)
    {
        uint16_t in[8];
        float f[8];
        for (int j = 0; j < 8; j++)
        {
            do
            {
                in[j] = (uint16_t)kiln_rng_u32(&r);
            } while ((in[j] & 0x7C00u) == 0x7C00u || (in[j] & 0x7C00u) > 0x5C00u); /* finite, below 2^8 */
            f[j] = (float)sf_f16(in[j]);
        }
        const float s = ((f[0] + f[1]) + (f[2] + f[3])) + ((f[4] + f[5]) + (f[6] + f[7]));
        float16x8_t x;
        memcpy(&x, in, sizeof(x));
        kiln_test_context("reduce_add_f16 case %d", (int)i);
        if (!KILN_CHECK_EQ(sf_bits16(arm_nn_vec_reduce_add_f16(x)), sf_bits16((float16_t)s)))
        {
            return;
        }
    }
}
#endif

int main(void)
{
#if ARM_NN_ENABLE_F32
    KILN_RUN(test_floor_bits_exp2i_f32);
    KILN_RUN(test_exp_taylor_f32);
    KILN_RUN(test_exp_lut_f32);
    KILN_RUN(test_tables_f32);
#endif
#if ARM_NN_ENABLE_F16
    KILN_RUN(test_floor_bits_exp2i_f16);
    KILN_RUN(test_exp_f16);
    KILN_RUN(test_tables_f16);
#endif
#if ARM_NN_ENABLE_F32 && defined(ARM_MATH_MVEF) && !defined(ARM_MATH_AUTOVECTORIZE)
    KILN_RUN(test_mve_f32);
#endif
#if ARM_NN_ENABLE_F16 && defined(ARM_MATH_MVE_FLOAT16) && !defined(ARM_MATH_AUTOVECTORIZE)
    KILN_RUN(test_mve_f16);
#endif
    return kiln_test_finish();
}
