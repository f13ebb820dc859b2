/*
 * arm_quantize_f32_s8 / _s16 and arm_dequantize_s8_f32 / _s16_f32 against TFLite's reference forms written here:
 * QUANTIZE as AffineQuantize (float32 division, std::round i.e. half away from zero, then zero point and
 * saturation; NaN -> zero point), DEQUANTIZE as the double product scale * (q - zero_point) cast to float.
 * Bit-exact comparisons. Random and extreme scales (subnormal to FLT_MAX) and zero points, exact halves, infinities,
 * NaN, signed zeros, huge and subnormal inputs; guard bytes, input unchanged; bad-input tables.
 */
#include <float.h>
#include <stdint.h>
#include <string.h>

#include "arm_nnfunctions.h"
#include "intmisc_test.h"

#define N_VALUES 768

static float g_f[N_VALUES], g_fcopy[N_VALUES], g_fwant[N_VALUES];
static int16_t g_q[N_VALUES], g_qcopy[N_VALUES], g_qwant[N_VALUES];
static int8_t g_q8[N_VALUES], g_q8copy[N_VALUES];
static uint8_t g_out[N_VALUES * 4 + 2 * IM_GUARD];

static float f_nan(void)
{
    const uint32_t bits = 0x7FC00001u;
    float f;
    memcpy(&f, &bits, sizeof(f));
    return f;
}

static float f_from_bits(uint32_t bits)
{
    float f;
    memcpy(&f, &bits, sizeof(f));
    return f;
}

/* TFLite AffineQuantize of one value (float32 division; rounding and clamping in double). */
static int32_t ref_quantize(float x, float scale, int32_t zp, int32_t vmin, int32_t vmax)
{
    const float q = x / scale;
    if (q != q)
    {
        return zp;
    }
    double d = (double)q;
    d = d < -1e9 ? -1e9 : (d > 1e9 ? 1e9 : d);
    const double a = d < 0 ? -d : d;
    const int64_t t = (int64_t)(a + 0.5); /* floor(a + 0.5): round half away from zero of |d| (exact in double) */
    const int64_t v = (d < 0 ? -t : t) + zp;
    return (int32_t)(v < vmin ? vmin : (v > vmax ? vmax : v));
}

/* A random positive float scale: log-uniform over [2^-24, 2^12], or an extreme. */
static float rand_scale(kiln_rng *r)
{
    const int32_t pick = kiln_rng_range(r, 0, 19);
    if (pick == 0)
    {
        return f_from_bits((uint32_t)kiln_rng_range(r, 1, 0x007FFFFF)); /* subnormal */
    }
    if (pick == 1)
    {
        return FLT_MAX;
    }
    if (pick == 2)
    {
        return FLT_MIN;
    }
    /* exponent and mantissa at random; a power of two now and then (exact halves then come up) */
    const uint32_t exp = (uint32_t)kiln_rng_range(r, 127 - 24, 127 + 12);
    const uint32_t mant = (pick < 8) ? 0u : (kiln_rng_u32(r) & 0x007FFFFFu);
    return f_from_bits((exp << 23) | mant);
}

static float rand_input(kiln_rng *r, float scale, int32_t span)
{
    const int32_t pick = kiln_rng_range(r, 0, 15);
    switch (pick)
    {
    case 0:
        return f_nan();
    case 1:
        return kiln_rng_range(r, 0, 1) ? FLT_MAX * 2.0f : -FLT_MAX * 2.0f; /* infinities */
    case 2:
        return kiln_rng_range(r, 0, 1) ? 0.0f : -0.0f;
    case 3:
        return kiln_rng_range(r, 0, 1) ? FLT_MAX : -FLT_MAX;
    case 4:
        return f_from_bits(kiln_rng_u32(r) & 0x807FFFFFu); /* subnormal of either sign */
    case 5:
    case 6:
    case 7:
        /* exact (or nearly exact) halves k + 0.5 of the scale */
        return ((float)kiln_rng_range(r, -span, span) + 0.5f) * scale;
    case 8:
        return f_from_bits(kiln_rng_u32(r)); /* any bit pattern */
    default:
        /* within and somewhat past the representable range */
        return ((float)kiln_rng_range(r, -2 * span, 2 * span) + (float)kiln_rng_range(r, 0, 1 << 16) / 65536.0f) *
               scale;
    }
}

/* One call with its operands where kiln_edge_each() puts them: quantize (kind 0) or dequantize (kind 1). */
typedef struct
{
    int32_t kind;
    bool is16;
    int32_t n, zp;
    float scale;
    void *in, *out;
} edge_call;

static bool edge_run(void *arg)
{
    const edge_call *k = (const edge_call *)arg;
    bool ok;
    int32_t bad = 0;
    if (k->kind == 0)
    {
        ok =
            KILN_CHECK_EQ(k->is16 ? arm_quantize_f32_s16((const float *)k->in, (int16_t *)k->out, k->n, k->zp, k->scale)
                                  : arm_quantize_f32_s8((const float *)k->in, (int8_t *)k->out, k->n, k->zp, k->scale),
                          ARM_CMSIS_NN_SUCCESS);
        for (int32_t i = 0; i < k->n; i++)
        {
            bad += (k->is16 ? ((const int16_t *)k->out)[i] : ((const int8_t *)k->out)[i]) != g_qwant[i];
        }
    }
    else
    {
        ok = KILN_CHECK_EQ(k->is16
                               ? arm_dequantize_s16_f32((const int16_t *)k->in, (float *)k->out, k->n, k->zp, k->scale)
                               : arm_dequantize_s8_f32((const int8_t *)k->in, (float *)k->out, k->n, k->zp, k->scale),
                           ARM_CMSIS_NN_SUCCESS);
        for (int32_t i = 0; i < k->n; i++)
        {
            bad += memcmp((const float *)k->out + i, &g_fwant[i], sizeof(float)) != 0;
        }
    }
    ok &= KILN_CHECK_EQ(bad, 0);
    return ok;
}

static void quantize_case(kiln_rng *r, int32_t it, bool is16)
{
    const int32_t vmin = is16 ? INT16_MIN : INT8_MIN, vmax = is16 ? INT16_MAX : INT8_MAX;
    const float scale = rand_scale(r);
    const int32_t zp = kiln_rng_range(r, 0, 4) == 0 ? (kiln_rng_range(r, 0, 1) ? vmin : vmax)
                                                    : kiln_rng_range(r, is16 ? -300 : vmin, is16 ? 300 : vmax);
    const int32_t n = kiln_rng_range(r, 0, N_VALUES);
    for (int32_t i = 0; i < n; i++)
    {
        g_f[i] = rand_input(r, scale, is16 ? 33000 : 140);
        g_qwant[i] = (int16_t)ref_quantize(g_f[i], scale, zp, vmin, vmax);
    }
    memcpy(g_fcopy, g_f, sizeof(float) * (size_t)n);
    kiln_test_context("quantize s%d it=%ld scale=%a zp=%ld n=%ld", is16 ? 16 : 8, (long)it, (double)scale, (long)zp,
                      (long)n);
    memset(g_out, IM_CANARY, sizeof(g_out));
    if (is16)
    {
        int16_t *out = (int16_t *)(void *)(g_out + IM_GUARD);
        KILN_CHECK_EQ(arm_quantize_f32_s16(g_f, out, n, zp, scale), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_MEM_S16(out, g_qwant, n);
        KILN_CHECK(im_guards_intact(g_out, sizeof(int16_t) * (size_t)n));
    }
    else
    {
        int8_t *out = (int8_t *)(void *)(g_out + IM_GUARD);
        KILN_CHECK_EQ(arm_quantize_f32_s8(g_f, out, n, zp, scale), ARM_CMSIS_NN_SUCCESS);
        int32_t bad = 0;
        for (int32_t i = 0; i < n; i++)
        {
            bad += out[i] != (int8_t)g_qwant[i];
        }
        KILN_CHECK_EQ(bad, 0);
        KILN_CHECK(im_guards_intact(g_out, (size_t)n));
    }
    KILN_CHECK(memcmp(g_f, g_fcopy, sizeof(float) * (size_t)n) == 0);
    if (it % 8 == 0)
    {
        edge_call k = {0, is16, n, zp, scale, g_f, g_out + IM_GUARD};
        const kiln_edge_operand ops[] = {{"input", &k.in, sizeof(float) * (size_t)n},
                                         {"output", &k.out, (is16 ? 2u : 1u) * (size_t)n}};
        kiln_edge_each(ops, 2, edge_run, &k);
    }
}

static void dequantize_case(kiln_rng *r, int32_t it, bool is16)
{
    const int32_t vmin = is16 ? INT16_MIN : INT8_MIN, vmax = is16 ? INT16_MAX : INT8_MAX;
    const float scale = rand_scale(r);
    const int32_t zp =
        kiln_rng_range(r, 0, 4) == 0 ? (kiln_rng_range(r, 0, 1) ? vmin : vmax) : kiln_rng_range(r, vmin, vmax);
    int32_t n;
    if (is16)
    {
        n = kiln_rng_range(r, 0, N_VALUES);
        for (int32_t i = 0; i < n; i++)
        {
            g_q[i] = (int16_t)(i < 2 ? (i ? vmax : vmin) : kiln_rng_range(r, vmin, vmax));
        }
    }
    else
    {
        n = kiln_rng_range(r, 250, 256);
        for (int32_t i = 0; i < n; i++)
        {
            g_q8[i] = (int8_t)(i - 128); /* every int8 value */
            g_q[i] = g_q8[i];
        }
    }
    for (int32_t i = 0; i < n; i++)
    {
        g_fwant[i] = (float)((double)scale * (double)(g_q[i] - zp));
    }
    const size_t nz = n > 0 ? (size_t)n : 0u;
    memcpy(g_qcopy, g_q, sizeof(int16_t) * nz);
    memcpy(g_q8copy, g_q8, nz);
    kiln_test_context("dequantize s%d it=%ld scale=%a zp=%ld n=%ld", is16 ? 16 : 8, (long)it, (double)scale, (long)zp,
                      (long)n);
    memset(g_out, IM_CANARY, sizeof(g_out));
    float *out = (float *)(void *)(g_out + IM_GUARD);
    if (is16)
    {
        KILN_CHECK_EQ(arm_dequantize_s16_f32(g_q, out, n, zp, scale), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_MEM_S16(g_q, g_qcopy, n);
    }
    else
    {
        KILN_CHECK_EQ(arm_dequantize_s8_f32(g_q8, out, n, zp, scale), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_MEM_S8(g_q8, g_q8copy, n);
    }
    /* Bit-exact (no NaN can arise: finite scale times a finite integer). */
    int32_t bad = 0;
    for (int32_t i = 0; i < n; i++)
    {
        bad += memcmp(&out[i], &g_fwant[i], sizeof(float)) != 0;
    }
    KILN_CHECK_EQ(bad, 0);
    KILN_CHECK(im_guards_intact(g_out, sizeof(float) * (size_t)n));
    if (it % 8 == 0)
    {
        edge_call k = {1, is16, n, zp, scale, is16 ? (void *)g_q : (void *)g_q8, g_out + IM_GUARD};
        const kiln_edge_operand ops[] = {{"input", &k.in, (is16 ? 2u : 1u) * nz},
                                         {"output", &k.out, sizeof(float) * nz}};
        kiln_edge_each(ops, 2, edge_run, &k);
    }
}

static void test_quantize_random(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0xF32A001u);
    const int32_t iters = kiln_test_iterations(2500, 250);
    for (int32_t it = 0; it < iters; it++)
    {
        quantize_case(&r, it, (it & 1) != 0);
    }
}

static void test_dequantize_random(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0xF32A002u);
    const int32_t iters = kiln_test_iterations(2500, 250);
    for (int32_t it = 0; it < iters; it++)
    {
        dequantize_case(&r, it, (it & 1) != 0);
    }
}

/* Round half away from zero at exact halves with scale 1: -2.5 -> -3, -0.5 -> -1, 0.5 -> 1, 2.5 -> 3, and the
 * neighbours of 0.5 round to the nearest (the reference checks itself here against the plain definition). */
static void test_quantize_halves(void)
{
    const float xs[] = {-2.5f, -1.5f, -0.5f, 0.5f, 1.5f, 2.5f, 0.49999997f, -0.49999997f, 0.50000006f, 126.5f, -127.5f};
    const int32_t want[] = {-3, -2, -1, 1, 2, 3, 0, 0, 1, 127, -128};
    int8_t out[11];
    int16_t out16[11];
    KILN_CHECK_EQ(arm_quantize_f32_s8(xs, out, 11, 0, 1.0f), ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK_EQ(arm_quantize_f32_s16(xs, out16, 11, 0, 1.0f), ARM_CMSIS_NN_SUCCESS);
    for (int32_t i = 0; i < 11; i++)
    {
        kiln_test_context("x=%a", (double)xs[i]);
        KILN_CHECK_EQ(ref_quantize(xs[i], 1.0f, 0, INT8_MIN, INT8_MAX), want[i]);
        KILN_CHECK_EQ(out[i], want[i]);
        KILN_CHECK_EQ(out16[i], want[i]);
    }
}

static void test_quant_bad_input(void)
{
    static float f[16];
    static int8_t q8[16];
    static int16_t q16[16];
    const float inf = FLT_MAX * 2.0f;
    struct
    {
        const char *what;
        int32_t nulls; /* bit 0 input, 1 output */
        int32_t size;
        int32_t zp8, zp16;
        float scale;
    } cases[] = {
        {"NULL input", 1, 16, 0, 0, 0.5f},
        {"NULL output", 2, 16, 0, 0, 0.5f},
        {"negative size", 0, -1, 0, 0, 0.5f},
        {"INT32_MIN size", 0, INT32_MIN, 0, 0, 0.5f},
        {"scale 0", 0, 16, 0, 0, 0.0f},
        {"scale -0", 0, 16, 0, 0, -0.0f},
        {"negative scale", 0, 16, 0, 0, -0.5f},
        {"NaN scale", 0, 16, 0, 0, f_nan()},
        {"infinite scale", 0, 16, 0, 0, inf},
        {"zero point above the type", 0, 16, 128, 32768, 0.5f},
        {"zero point below the type", 0, 16, -129, -32769, 0.5f},
        {"INT32_MIN zero point", 0, 16, INT32_MIN, INT32_MIN, 0.5f},
    };
    for (int32_t f_i = 0; f_i < 4; f_i++)
    {
        for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++)
        {
            const int32_t z = cases[k].nulls;
            void *out = (z & 2) ? NULL : (void *)(g_out + IM_GUARD);
            kiln_test_context("fn %ld: %s", (long)f_i, cases[k].what);
            memset(g_out, IM_CANARY, sizeof(g_out));
            arm_cmsis_nn_status rc;
            switch (f_i)
            {
            case 0:
                rc =
                    arm_quantize_f32_s8((z & 1) ? NULL : f, (int8_t *)out, cases[k].size, cases[k].zp8, cases[k].scale);
                break;
            case 1:
                rc = arm_quantize_f32_s16((z & 1) ? NULL : f, (int16_t *)out, cases[k].size, cases[k].zp16,
                                          cases[k].scale);
                break;
            case 2:
                rc = arm_dequantize_s8_f32((z & 1) ? NULL : q8, (float *)out, cases[k].size, cases[k].zp8,
                                           cases[k].scale);
                break;
            default:
                rc = arm_dequantize_s16_f32((z & 1) ? NULL : q16, (float *)out, cases[k].size, cases[k].zp16,
                                            cases[k].scale);
                break;
            }
            KILN_CHECK_EQ(rc, ARM_CMSIS_NN_ARG_ERROR);
            KILN_CHECK(im_all_canary(g_out, sizeof(g_out)));
        }
    }
    /* Size 0 is valid and writes nothing; the extreme accepted parameters are accepted. */
    memset(g_out, IM_CANARY, sizeof(g_out));
    KILN_CHECK_EQ(arm_quantize_f32_s8(f, (int8_t *)(void *)(g_out + IM_GUARD), 0, 0, 0.5f), ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK_EQ(arm_dequantize_s16_f32(q16, (float *)(void *)(g_out + IM_GUARD), 0, 0, 0.5f), ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK(im_all_canary(g_out, sizeof(g_out)));
    KILN_CHECK_EQ(arm_quantize_f32_s8(f, q8, 16, INT8_MIN, FLT_MAX), ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK_EQ(arm_quantize_f32_s16(f, q16, 16, INT16_MAX, f_from_bits(1u)), ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK_EQ(arm_dequantize_s8_f32(q8, f, 16, INT8_MAX, f_from_bits(1u)), ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK_EQ(arm_dequantize_s16_f32(q16, f, 16, INT16_MIN, FLT_MAX), ARM_CMSIS_NN_SUCCESS);
}

int main(void)
{
    KILN_RUN(test_quantize_halves);
    KILN_RUN(test_quantize_random);
    KILN_RUN(test_dequantize_random);
    KILN_RUN(test_quant_bad_input);
    return kiln_test_finish();
}
