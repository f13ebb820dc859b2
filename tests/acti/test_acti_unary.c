/*
 * The elementwise int8 / int16 activations against references written here from TFLite's reference
 * kernels (ReluQuantized, QuantizeLeakyRelu, HardSwish, Logistic / Tanh int16) and ns-cmsis-nn's
 * definitions (clamp, precise hard swish), built on tests/reference's MultiplyByQuantizedMultiplier
 * and int16 LOGISTIC / TANH:
 *   arm_clamp_s8/_s16, arm_relu_generic_s8/_s16, arm_relu_s16, arm_leaky_relu_s8/_s16,
 *   arm_hard_swish_compat_s8, arm_hard_swish_precise_s8/_s16, arm_logistic_s16, arm_tanh_s16,
 *   arm_nn_activation_s16.
 * Per function: random parameters (TFLite-derived and raw, over the whole accepted range) and random
 * data of random lengths, in place and out of place, output between guard bytes, input unchanged,
 * a subset again with each operand against the ends of readable memory; every input value of the
 * type (all 256 int8, all 65536 int16) for a set of parameters; a bad-input table (each error leaves
 * the output untouched) and the limits of the accepted ranges.
 */
#include <stdint.h>
#include <string.h>

#include "acti_common.h"
#include "arm_nnfunctions.h"
#include "kiln_ref.h"
#include "kiln_test.h"

#define MAX_N 1100
#define NP    8 /* parameters of an operation; unused ones are 0 */

typedef arm_cmsis_nn_status (*op_call)(const void *in, void *out, int32_t n, const int32_t *p);
typedef int32_t (*op_ref)(int32_t x, const int32_t *p, bool s16);
typedef void (*op_gen)(kiln_rng *r, int32_t it, bool s16, int32_t *p);

typedef struct
{
    const char *what;
    int32_t p[NP];
} param_case;

typedef struct
{
    const char *name;
    bool s16;
    op_call call;
    op_ref ref;
    op_gen gen;
    const param_case *bad; /* each rejected */
    int32_t n_bad;
    const param_case *good; /* limits of the accepted ranges (the first is used for the pointer checks) */
    int32_t n_good;
} unary_op;

static uint8_t g_in[2 * MAX_N];
static uint8_t g_in_copy[2 * MAX_N];
static uint8_t g_want[2 * MAX_N];
static uint8_t g_out_buf[2 * MAX_N + 2 * ACTI_GUARD + 8];
static int16_t g_all[65536];

/* ---- references -------------------------------------------------------------------------------- */

static int32_t mbqm(int32_t x, int32_t mult, int32_t shift)
{
    return kiln_ref_multiply_by_quantized_multiplier(x, mult, shift);
}

/* p: act_min, act_max */
static int32_t ref_clamp(int32_t x, const int32_t *p, bool s16)
{
    (void)s16;
    return acti_clamp(x, p[0], p[1]);
}

/* TFLite ReluQuantized with an output range; p: in_zp, out_zp, mult, shift, act_min, act_max */
static int32_t ref_relu_generic(int32_t x, const int32_t *p, bool s16)
{
    const int32_t lo = p[4] > acti_tmin(s16) ? p[4] : acti_tmin(s16);
    const int32_t hi = p[5] < acti_tmax(s16) ? p[5] : acti_tmax(s16);
    return acti_clamp((int64_t)p[1] + mbqm(x - p[0], p[2], p[3]), lo, hi);
}

/* RELU: the lower clamp at the output zero point; p: in_zp, out_zp, mult, shift */
static int32_t ref_relu(int32_t x, const int32_t *p, bool s16)
{
    const int32_t q[NP] = {p[0], p[1], p[2], p[3], p[1], acti_tmax(s16), 0, 0};
    return ref_relu_generic(x, q, s16);
}

/* TFLite QuantizeLeakyRelu; p: in_zp, out_zp, mult_alpha, shift_alpha, mult_identity, shift_identity */
static int32_t ref_leaky(int32_t x, const int32_t *p, bool s16)
{
    const int32_t v = x - p[0];
    const int32_t y = (v >= 0) ? mbqm(v, p[4], p[5]) : mbqm(v, p[2], p[3]);
    return acti_clamp((int64_t)p[1] + y, acti_tmin(s16), acti_tmax(s16));
}

/* gemmlowp's int16 SaturatingRoundingDoublingHighMul. */
static int16_t ref_srdhm16(int16_t a, int16_t b)
{
    if (a == INT16_MIN && b == INT16_MIN)
    {
        return INT16_MAX;
    }
    const int32_t ab = (int32_t)a * b;
    const int32_t nudge = (ab >= 0) ? (1 << 14) : (1 - (1 << 14));
    return (int16_t)((ab + nudge) / (1 << 15));
}

/* TFLite's SaturatingDoublingHighMul (int16, truncating). */
static int16_t ref_sdhm16(int16_t a, int16_t b)
{
    if (a == INT16_MIN && b == INT16_MIN)
    {
        return INT16_MAX;
    }
    return (int16_t)(((int32_t)a * b) / (1 << 15));
}

/* TFLite's SaturatingLeftShift of an int16 value. */
static int16_t ref_sat_lshift16(int16_t a, int32_t s)
{
    const int64_t v = (int64_t)a * ((int64_t)1 << (s > 40 ? 40 : s));
    return (int16_t)acti_clamp(v, INT16_MIN, INT16_MAX);
}

/* TFLite reference_ops::HardSwish (int8); p: in_zp, out_zp, out_fp, out_exp, relu_fp, relu_exp */
static int32_t ref_hard_swish_compat(int32_t x, const int32_t *p, bool s16)
{
    (void)s16;
    const int16_t in_value = (int16_t)(x - p[0]);
    const int16_t hires = (int16_t)(in_value * (1 << 7));
    const int16_t preshift = ref_srdhm16(hires, (int16_t)p[2]);
    int16_t reluish = hires;
    if (p[5] > 0)
    {
        reluish = ref_sat_lshift16(reluish, p[5] - 1);
    }
    reluish = ref_srdhm16(reluish, (int16_t)p[4]);
    if (p[5] > 0)
    {
        reluish = ref_sat_lshift16(reluish, 1);
    }
    if (p[5] < 0)
    {
        reluish = (int16_t)kiln_ref_rounding_divide_by_pot(reluish, -p[5]);
    }
    reluish = (int16_t)((reluish + (1 << 15)) >> 1);
    const int16_t pre_out = ref_sdhm16(reluish, preshift);
    const int16_t out = (int16_t)kiln_ref_rounding_divide_by_pot(pre_out, -p[3]);
    return acti_clamp((int64_t)out + p[1], INT8_MIN, INT8_MAX);
}

/* ns-cmsis-nn's precise hard swish; p: in_zp, out_zp, mult, shift, relu_q3, relu_q6, prescale */
static int32_t ref_hard_swish_precise(int32_t x, const int32_t *p, bool s16)
{
    const int64_t v = (int64_t)x - p[0];
    int64_t f = acti_clamp(v + p[4], 0, p[5]);
    if (p[6] > 0)
    {
        f = (f + ((int64_t)1 << (p[6] - 1))) / ((int64_t)1 << p[6]); /* f >= 0: floor */
    }
    const int64_t prod = v * f;
    return acti_clamp((int64_t)p[1] + mbqm((int32_t)prod, p[2], p[3]), acti_tmin(s16), acti_tmax(s16));
}

/* TFLite int16 Logistic / Tanh with its input multiplier; p: mult, left_shift */
static int32_t ref_logistic_tanh(int32_t x, const int32_t *p, bool is_tanh)
{
    if (p[0] == 0)
    {
        return kiln_ref_logistic_tanh_s16(x, (int64_t)3 << p[1], 0, is_tanh);
    }
    return kiln_ref_logistic_tanh_s16(x, p[0], p[1], is_tanh);
}

static int32_t ref_logistic(int32_t x, const int32_t *p, bool s16)
{
    (void)s16;
    return ref_logistic_tanh(x, p, false);
}

static int32_t ref_tanh(int32_t x, const int32_t *p, bool s16)
{
    (void)s16;
    return ref_logistic_tanh(x, p, true);
}

/* CMSIS-NN arm_nn_activation_s16; p: left_shift, type */
static int32_t ref_nn_activation(int32_t x, const int32_t *p, bool s16)
{
    (void)s16;
    const int64_t mult = (p[0] >= 0) ? ((int64_t)3 << p[0]) : 3;
    return kiln_ref_logistic_tanh_s16(x, mult, p[0] >= 0 ? 0 : -p[0], p[1] == ARM_TANH);
}

/* ---- calls ------------------------------------------------------------------------------------- */

static arm_cmsis_nn_status call_clamp_s8(const void *in, void *out, int32_t n, const int32_t *p)
{
    return arm_clamp_s8((const int8_t *)in, (int8_t)p[0], (int8_t)p[1], (int8_t *)out, n);
}

static arm_cmsis_nn_status call_clamp_s16(const void *in, void *out, int32_t n, const int32_t *p)
{
    return arm_clamp_s16((const int16_t *)in, (int16_t)p[0], (int16_t)p[1], (int16_t *)out, n);
}

static arm_cmsis_nn_status call_relu_generic_s8(const void *in, void *out, int32_t n, const int32_t *p)
{
    return arm_relu_generic_s8((const int8_t *)in, p[0], p[1], p[2], p[3], p[4], p[5], (int8_t *)out, n);
}

static arm_cmsis_nn_status call_relu_generic_s16(const void *in, void *out, int32_t n, const int32_t *p)
{
    return arm_relu_generic_s16((const int16_t *)in, p[0], p[1], p[2], p[3], p[4], p[5], (int16_t *)out, n);
}

static arm_cmsis_nn_status call_relu_s16(const void *in, void *out, int32_t n, const int32_t *p)
{
    return arm_relu_s16((const int16_t *)in, p[0], p[1], p[2], p[3], (int16_t *)out, n);
}

static arm_cmsis_nn_status call_leaky_s8(const void *in, void *out, int32_t n, const int32_t *p)
{
    return arm_leaky_relu_s8((const int8_t *)in, p[0], p[1], p[2], p[3], p[4], p[5], (int8_t *)out, n);
}

static arm_cmsis_nn_status call_leaky_s16(const void *in, void *out, int32_t n, const int32_t *p)
{
    return arm_leaky_relu_s16((const int16_t *)in, p[0], p[1], p[2], p[3], p[4], p[5], (int16_t *)out, n);
}

static arm_cmsis_nn_status call_hs_compat(const void *in, void *out, int32_t n, const int32_t *p)
{
    return arm_hard_swish_compat_s8((const int8_t *)in, p[0], p[1], p[2], p[3], p[4], p[5], (int8_t *)out, n);
}

static arm_cmsis_nn_status call_hs_precise_s8(const void *in, void *out, int32_t n, const int32_t *p)
{
    return arm_hard_swish_precise_s8((const int8_t *)in, p[0], p[1], p[2], p[3], p[4], p[5], p[6], (int8_t *)out, n);
}

static arm_cmsis_nn_status call_hs_precise_s16(const void *in, void *out, int32_t n, const int32_t *p)
{
    return arm_hard_swish_precise_s16((const int16_t *)in, p[0], p[1], p[2], p[3], p[4], p[5], p[6], (int16_t *)out, n);
}

static arm_cmsis_nn_status call_logistic(const void *in, void *out, int32_t n, const int32_t *p)
{
    return arm_logistic_s16((const int16_t *)in, (int16_t *)out, n, p[0], p[1]);
}

static arm_cmsis_nn_status call_tanh(const void *in, void *out, int32_t n, const int32_t *p)
{
    return arm_tanh_s16((const int16_t *)in, (int16_t *)out, n, p[0], p[1]);
}

static arm_cmsis_nn_status call_nn_activation(const void *in, void *out, int32_t n, const int32_t *p)
{
    return arm_nn_activation_s16((const int16_t *)in, (int16_t *)out, n, p[0], (arm_nn_activation_type)p[1]);
}

/* ---- parameter generators ------------------------------------------------------------------------ */

/* A zero point: for int16 mostly 0 (TFLite's int16 quantization), else uniform over the type, with
 * the ends of the type now and then. */
static int32_t rand_zp(kiln_rng *r, int32_t it, bool s16)
{
    if ((it % 11) == 5)
    {
        return (it & 16) ? acti_tmin(s16) : acti_tmax(s16);
    }
    if (s16 && (kiln_rng_u32(r) & 1u))
    {
        return 0;
    }
    return kiln_rng_range(r, acti_tmin(s16), acti_tmax(s16));
}

/* A multiplier: TFLite's [2^30, 2^31), sometimes 0, 1 or INT32_MAX. */
static int32_t rand_mult(kiln_rng *r)
{
    const uint32_t k = kiln_rng_u32(r) % 16u;
    if (k == 0)
    {
        return 0;
    }
    if (k == 1)
    {
        return INT32_MAX;
    }
    if (k == 2)
    {
        return kiln_rng_range(r, 1, INT32_MAX);
    }
    return kiln_rng_range(r, 1 << 30, INT32_MAX);
}

/* A shift for values within [vlo, vhi]: mostly one that keeps outputs unsaturated, sometimes any
 * accepted one, sometimes an end of the accepted range. */
static int32_t rand_shift(kiln_rng *r, int64_t vlo, int64_t vhi, int32_t lo_typ, int32_t hi_typ)
{
    const int32_t smax = acti_max_shift(vlo, vhi);
    const uint32_t k = kiln_rng_u32(r) % 8u;
    if (k == 0)
    {
        return (kiln_rng_u32(r) & 1u) ? smax : -31;
    }
    if (k == 1)
    {
        return kiln_rng_range(r, -31, smax);
    }
    return kiln_rng_range(r, lo_typ, hi_typ < smax ? hi_typ : smax);
}

static void gen_clamp(kiln_rng *r, int32_t it, bool s16, int32_t *p)
{
    (void)it;
    int32_t a = kiln_rng_range(r, acti_tmin(s16), acti_tmax(s16));
    int32_t b = kiln_rng_range(r, acti_tmin(s16), acti_tmax(s16));
    if (kiln_rng_u32(r) % 4u == 0)
    {
        b = a; /* a single value */
    }
    p[0] = a < b ? a : b;
    p[1] = a < b ? b : a;
}

static void gen_relu_common(kiln_rng *r, int32_t it, bool s16, int32_t *p)
{
    p[0] = rand_zp(r, it, s16);
    p[1] = rand_zp(r, it + 3, s16);
    if (kiln_rng_u32(r) & 1u)
    {
        /* TFLite: input scale / output scale */
        acti_quantize_multiplier(acti_rand_scale(r, -6, 4), &p[2], &p[3]);
    }
    else
    {
        p[2] = rand_mult(r);
        p[3] = rand_shift(r, (int64_t)acti_tmin(s16) - p[0], (int64_t)acti_tmax(s16) - p[0], -10, 4);
    }
}

static void gen_relu_generic(kiln_rng *r, int32_t it, bool s16, int32_t *p)
{
    gen_relu_common(r, it, s16, p);
    const int32_t tmin = acti_tmin(s16), tmax = acti_tmax(s16);
    switch (kiln_rng_u32(r) % 4u)
    {
    case 0: /* RELU */
        p[4] = p[1];
        p[5] = tmax;
        break;
    case 1: /* bounds beyond the type (ns-cmsis-nn intersects them with it) */
        p[4] = (kiln_rng_u32(r) & 1u) ? INT32_MIN : tmin - kiln_rng_range(r, 0, 1000);
        p[5] = (kiln_rng_u32(r) & 1u) ? INT32_MAX : kiln_rng_range(r, tmin, tmax + 1000);
        break;
    default:
    {
        const int32_t a = kiln_rng_range(r, tmin, tmax), b = kiln_rng_range(r, tmin, tmax);
        p[4] = a < b ? a : b;
        p[5] = a < b ? b : a;
        break;
    }
    }
}

static void gen_leaky(kiln_rng *r, int32_t it, bool s16, int32_t *p)
{
    p[0] = rand_zp(r, it, s16);
    p[1] = rand_zp(r, it + 3, s16);
    const int64_t xlo = (int64_t)acti_tmin(s16) - p[0], xhi = (int64_t)acti_tmax(s16) - p[0];
    if (kiln_rng_u32(r) & 1u)
    {
        /* TFLite: alpha * input scale / output scale and input scale / output scale */
        const double ratio = acti_rand_scale(r, -3, 3);
        const double alpha = acti_rand_scale(r, -8, 0);
        acti_quantize_multiplier(ratio * alpha, &p[2], &p[3]);
        acti_quantize_multiplier(ratio, &p[4], &p[5]);
        if (kiln_rng_u32(r) % 8u == 0)
        {
            p[2] = -p[2]; /* a negative alpha */
        }
    }
    else
    {
        p[2] = rand_mult(r);
        p[3] = rand_shift(r, xlo, xhi < -1 ? xhi : -1, -12, 2);
        p[4] = rand_mult(r);
        p[5] = rand_shift(r, xlo > 0 ? xlo : 0, xhi, -12, 2);
    }
}

/* DownScaleInt32ToInt16Multiplier */
static int32_t to_q15(int32_t q31)
{
    const int64_t v = ((int64_t)q31 + (1 << 15)) >> 16;
    return (int32_t)(v > INT16_MAX ? INT16_MAX : v);
}

static void gen_hs_compat(kiln_rng *r, int32_t it, bool s16, int32_t *p)
{
    (void)s16;
    p[0] = rand_zp(r, it, false);
    p[1] = rand_zp(r, it + 3, false);
    if (kiln_rng_u32(r) % 4u != 0)
    {
        /* TFLite's HardSwishPrepare from an input and an output scale */
        const double in_scale = acti_rand_scale(r, -8, 0);
        const double out_scale = in_scale * acti_rand_scale(r, -2, 1);
        const double hires = in_scale / 128.0;
        int32_t q, e;
        acti_quantize_multiplier(hires / out_scale, &q, &e);
        p[2] = to_q15(q);
        p[3] = e;
        acti_quantize_multiplier(hires / (3.0 / 32768.0), &q, &e);
        p[4] = to_q15(q);
        p[5] = e;
        if (p[3] > 0)
        {
            p[3] = 0; /* TFLite requires output_multiplier_exponent <= 0 */
        }
    }
    else
    {
        p[2] = kiln_rng_range(r, INT16_MIN, INT16_MAX);
        p[3] = (kiln_rng_u32(r) & 1u) ? kiln_rng_range(r, -31, 0) : kiln_rng_range(r, -8, 0);
        p[4] = kiln_rng_range(r, INT16_MIN, INT16_MAX);
        p[5] = (kiln_rng_u32(r) & 1u) ? kiln_rng_range(r, -31, 31) : kiln_rng_range(r, -4, 8);
    }
}

static void gen_hs_precise(kiln_rng *r, int32_t it, bool s16, int32_t *p)
{
    p[0] = rand_zp(r, it, s16);
    p[1] = rand_zp(r, it + 3, s16);
    const double in_scale = s16 ? acti_rand_scale(r, -15, -6) : acti_rand_scale(r, -8, -2);
    const double out_scale = in_scale * acti_rand_scale(r, -1, 1);
    p[4] = (int32_t)(3.0 / in_scale + 0.5);
    p[5] = (int32_t)(6.0 / in_scale + 0.5);
    if (kiln_rng_u32(r) % 8u == 0)
    {
        p[4] += kiln_rng_range(r, -3, 3);
        p[5] = kiln_rng_range(r, 0, p[5] + 3);
    }
    /* the smallest prescale keeping |x| * factor below 2^30, sometimes more */
    const int64_t xmax = (int64_t)acti_tmax(s16) - acti_tmin(s16);
    int32_t pre = 0;
    while (xmax * ((p[5] + ((int64_t)1 << pre)) >> pre) >= ((int64_t)1 << 30))
    {
        pre++;
    }
    pre += (kiln_rng_u32(r) % 4u == 0) ? kiln_rng_range(r, 0, 3) : 0;
    p[6] = pre;
    double real = in_scale * in_scale / (6.0 * out_scale);
    for (int32_t k = 0; k < pre; k++)
    {
        real *= 2.0;
    }
    acti_quantize_multiplier(real, &p[2], &p[3]);
    const int64_t fmax = (p[5] + ((int64_t)1 << pre >> 1)) >> pre;
    const int32_t smax = acti_max_shift(-xmax * fmax, xmax * fmax);
    if (p[3] > smax)
    {
        p[3] = smax;
    }
    if (kiln_rng_u32(r) % 8u == 0)
    {
        p[2] = rand_mult(r);
        p[3] = kiln_rng_range(r, -31, smax);
    }
}

static void gen_logistic_tanh(kiln_rng *r, int32_t it, bool s16, int32_t *p)
{
    (void)s16;
    const uint32_t k = kiln_rng_u32(r) % 8u;
    if (k == 0 || it < 15)
    {
        /* power-of-two scale: multiplier 0, shift 0..14 */
        p[0] = 0;
        p[1] = (it < 15) ? it : kiln_rng_range(r, 0, 14);
    }
    else if (k == 1)
    {
        /* any accepted pair: every int16 input * multiplier + rounding within int32 */
        p[1] = kiln_rng_range(r, 0, 31);
        const int64_t half = (p[1] > 0) ? ((int64_t)1 << (p[1] - 1)) : 0;
        const int64_t up = ((int64_t)INT32_MAX - half) / 32767, down = -(int64_t)INT32_MIN / 32768;
        p[0] = kiln_rng_range(r, 1, (int32_t)(up < down ? up : down));
        if (kiln_rng_u32(r) & 1u)
        {
            p[0] = (int32_t)(up < down ? up : down);
        }
    }
    else
    {
        /* TFLite's Prepare: multiplier = scale * 4096 * 3 doubled into (16383.5, 32767] */
        double m = acti_rand_scale(r, -16, 0) * 4096.0 * 3.0;
        int32_t ls = 0;
        while (m <= 32767.0 / 2.0 && ls <= 30)
        {
            ls++;
            m *= 2.0;
        }
        p[0] = (int32_t)m;
        p[1] = ls;
    }
}

/* Every left shift with both types first, then random ones. */
static void gen_nn_activation(kiln_rng *r, int32_t it, bool s16, int32_t *p)
{
    (void)s16;
    p[0] = (it < 92) ? (it % 46) - 31 : kiln_rng_range(r, -31, 14);
    p[1] = (it < 92) ? (it / 46) : (int32_t)(kiln_rng_u32(r) & 1u);
}

/* ---- bad and limit parameter tables ------------------------------------------------------------ */

#define Q30 (1 << 30)

static const param_case bad_clamp[] = {
    {"act_min > act_max", {5, 4}},
    {"act_min > act_max by one", {0, -1}},
};
static const param_case good_clamp_s8[] = {{"whole type", {-128, 127}}, {"one value", {3, 3}}};
static const param_case good_clamp_s16[] = {{"whole type", {-32768, 32767}}, {"one value", {-3, -3}}};

static const param_case bad_relu_generic_s8[] = {
    {"input zero point below int8", {-129, 0, Q30, 0, -128, 127}},
    {"input zero point above int8", {128, 0, Q30, 0, -128, 127}},
    {"output zero point above int8", {0, 128, Q30, 0, -128, 127}},
    {"output zero point INT32_MIN", {0, INT32_MIN, Q30, 0, -128, 127}},
    {"multiplier INT32_MIN", {0, 0, INT32_MIN, 0, -128, 127}},
    {"shift below -31", {0, 0, Q30, -32, -128, 127}},
    {"shift above 30", {0, 0, Q30, 31, -128, 127}},
    {"shift 25 overflows for zp 0", {0, 0, Q30, 25, -128, 127}},
    {"shift 24 overflows for zp -128", {-128, 0, Q30, 24, -128, 127}},
    {"shift 24 overflows for zp 127", {127, 0, Q30, 24, -128, 127}},
    {"act_min > act_max", {0, 0, Q30, 0, 10, 9}},
    {"range above int8", {0, 0, Q30, 0, 128, 1000}},
    {"range below int8", {0, 0, Q30, 0, INT32_MIN, -129}},
};
static const param_case good_relu_generic_s8[] = {
    {"plain", {0, 0, Q30, 0, -128, 127}},
    {"largest shift for zp 0", {0, 0, INT32_MAX, 24, -128, 127}},
    {"largest shift for zp -128", {-128, 127, INT32_MAX, 23, INT32_MIN, INT32_MAX}},
    {"smallest shift", {127, -128, INT32_MAX, -31, 0, 0}},
    {"negative multiplier", {5, -5, -Q30, 0, -100, 100}},
    {"range touching the type", {0, 0, Q30, 0, 127, 2000}},
};

static const param_case bad_relu_generic_s16[] = {
    {"input zero point below int16", {-32769, 0, Q30, 0, -32768, 32767}},
    {"output zero point above int16", {0, 32768, Q30, 0, -32768, 32767}},
    {"shift 17 overflows for zp 0", {0, 0, Q30, 17, -32768, 32767}},
    {"shift 16 overflows for zp -32768", {-32768, 0, Q30, 16, -32768, 32767}},
    {"shift below -31", {0, 0, Q30, -32, -32768, 32767}},
    {"multiplier INT32_MIN", {0, 0, INT32_MIN, 0, -32768, 32767}},
    {"act_min > act_max", {0, 0, Q30, 0, 1, 0}},
    {"range above int16", {0, 0, Q30, 0, 32768, INT32_MAX}},
};
static const param_case good_relu_generic_s16[] = {
    {"plain", {0, 0, Q30, 0, -32768, 32767}},
    {"largest shift for zp 0", {0, 0, INT32_MAX, 16, -32768, 32767}},
    {"largest shift for zp 32767", {32767, -32768, INT32_MAX, 15, INT32_MIN, INT32_MAX}},
    {"smallest shift", {-32768, 32767, 1, -31, 0, 0}},
};

static const param_case bad_relu_s16[] = {
    {"input zero point above int16", {32768, 0, Q30, 0}},
    {"output zero point below int16", {0, -32769, Q30, 0}},
    {"shift 17 overflows for zp 0", {0, 0, Q30, 17}},
    {"shift above 30", {0, 0, Q30, 31}},
};
static const param_case good_relu_s16[] = {{"plain", {0, 0, Q30, 0}}, {"largest shift", {0, 32767, INT32_MAX, 16}}};

static const param_case bad_leaky_s8[] = {
    {"input zero point above int8", {128, 0, Q30, -1, Q30, 0}},
    {"output zero point below int8", {0, -129, Q30, -1, Q30, 0}},
    {"alpha shift 25 overflows for zp 0", {0, 0, Q30, 25, Q30, 0}},
    {"identity shift 25 overflows for zp 0", {0, 0, Q30, 0, Q30, 25}},
    {"identity shift above 30", {0, 0, Q30, 0, Q30, 31}},
    {"alpha shift below -31", {0, 0, Q30, -32, Q30, 0}},
    {"alpha multiplier INT32_MIN", {0, 0, INT32_MIN, 0, Q30, 0}},
    {"identity multiplier INT32_MIN", {0, 0, Q30, 0, INT32_MIN, 0}},
    {"identity shift 24 overflows for zp -128", {-128, 0, Q30, 0, Q30, 24}},
    {"alpha shift 24 overflows for zp 127", {127, 0, Q30, 24, Q30, 0}},
};
static const param_case good_leaky_s8[] = {
    {"plain", {0, 0, Q30, -3, Q30, 0}},
    {"largest shifts for zp 0", {0, 0, INT32_MAX, 24, INT32_MAX, 24}},
    {"zp -128: no negative x, any alpha shift", {-128, 0, Q30, 30, Q30, 22}},
    {"zp 127: no positive x but 0", {127, 0, Q30, 22, Q30, 30}},
    {"negative alpha", {3, -7, -Q30 - 5, -2, Q30, 0}},
};
static const param_case bad_leaky_s16[] = {
    {"input zero point below int16", {-32769, 0, Q30, -1, Q30, 0}},
    {"alpha shift 17 overflows for zp 0", {0, 0, Q30, 17, Q30, 0}},
    {"identity shift 17 overflows for zp 0", {0, 0, Q30, 0, Q30, 17}},
    {"identity shift below -31", {0, 0, Q30, 0, Q30, -32}},
};
static const param_case good_leaky_s16[] = {
    {"plain", {0, 0, Q30, -3, Q30, 0}},
    {"largest shifts for zp 0", {0, 0, INT32_MAX, 16, INT32_MAX, 16}},
};

static const param_case bad_hs_compat[] = {
    {"output exponent positive", {0, 0, 20000, 1, 20000, 0}},
    {"output exponent below -31", {0, 0, 20000, -32, 20000, 0}},
    {"relu exponent above 31", {0, 0, 20000, 0, 20000, 32}},
    {"relu exponent below -31", {0, 0, 20000, 0, 20000, -32}},
    {"output multiplier above int16", {0, 0, 32768, 0, 20000, 0}},
    {"relu multiplier below int16", {0, 0, 20000, 0, -32769, 0}},
    {"input zero point above int8", {128, 0, 20000, 0, 20000, 0}},
    {"output zero point below int8", {0, -129, 20000, 0, 20000, 0}},
};
static const param_case good_hs_compat[] = {
    {"plain", {0, 0, 20000, -3, 20000, 2}},
    {"extremes", {-128, 127, -32768, -31, 32767, 31}},
    {"other extremes", {127, -128, 32767, 0, -32768, -31}},
};

static const param_case bad_hs_precise_s8[] = {
    {"negative relu_q6", {0, 0, Q30, 0, 3, -1, 0}},
    {"prescale below 0", {0, 0, Q30, 0, 3, 6, -1}},
    {"prescale above 31", {0, 0, Q30, 0, 3, 6, 32}},
    {"x + relu_q3 overflows", {0, 0, Q30, 0, INT32_MAX, INT32_MAX, 0}},
    {"x + relu_q3 underflows", {0, 0, Q30, 0, INT32_MIN, 6, 0}},
    {"product overflows", {0, 0, Q30, -20, 1 << 25, 1 << 25, 0}},
    {"shift 14 overflows the product", {0, 0, Q30, 14, 1000, 2000, 0}},
    {"shift overflows the product", {0, 0, Q30, 16, 1000, 2000, 0}},
    {"shift above 30", {0, 0, Q30, 31, 3, 6, 0}},
    {"input zero point above int8", {128, 0, Q30, 0, 3, 6, 0}},
    {"output zero point above int8", {0, 128, Q30, 0, 3, 6, 0}},
};
static const param_case good_hs_precise_s8[] = {
    {"plain", {0, 0, Q30, -3, 20, 40, 0}},
    {"prescale 31", {0, 0, Q30, 30, 3, 6, 31}},
    {"large relu_q6 with prescale", {-128, 127, Q30, 0, 0, 1 << 24, 2}},
    {"shift at the product's bound", {0, 0, INT32_MAX, 13, 1000, 2000, 0}},
    {"prescale removes the overflow", {0, 0, Q30, -20, 1 << 25, 1 << 25, 2}},
};
static const param_case bad_hs_precise_s16[] = {
    {"product overflows without prescale", {0, 0, Q30, -10, 40000, 80000, 0}},
    {"input zero point above int16", {32768, 0, Q30, 0, 3, 6, 0}},
    {"negative relu_q6", {0, 0, Q30, 0, 3, -6, 0}},
};
static const param_case good_hs_precise_s16[] = {
    {"plain", {0, 0, Q30, -10, 2000, 4000, 0}},
    {"with prescale", {0, 0, Q30, -10, 40000, 80000, 1}},
};

static const param_case bad_logistic_tanh[] = {
    {"negative multiplier", {-1, 0}},
    {"negative shift", {20000, -1}},
    {"shift above 31", {20000, 32}},
    {"power-of-two shift above 14", {0, 15}},
    {"multiplier 65537 overflows", {65537, 0}},
    {"multiplier 65535 overflows at shift 18", {65535, 18}},
    {"multiplier 32770 overflows at shift 31", {32770, 31}},
    {"multiplier 65537 overflows at shift 17", {65537, 17}},
    {"multiplier INT32_MAX", {INT32_MAX, 0}},
};
static const param_case good_logistic_tanh[] = {
    {"TFLite form", {24576, 12}},
    {"power of two", {0, 0}},
    {"largest power of two", {0, 14}},
    {"multiplier 65535 at shift 17", {65535, 17}},
    {"multiplier 32769 at shift 31 (sum INT32_MAX)", {32769, 31}},
    {"65536 at shift 0", {65536, 0}},
};

static const param_case bad_nn_activation[] = {
    {"left shift 15", {15, ARM_SIGMOID}},
    {"left shift -32", {-32, ARM_TANH}},
    {"unknown type", {0, 2}},
    {"negative type", {0, -1}},
};
static const param_case good_nn_activation[] = {
    {"sigmoid", {0, ARM_SIGMOID}},
    {"tanh, shift 14", {14, ARM_TANH}},
    {"sigmoid, shift -31", {-31, ARM_SIGMOID}},
};

#define N_OF(a) ((int32_t)(sizeof(a) / sizeof((a)[0])))

static const unary_op g_ops[] = {
    {"arm_clamp_s8", false, call_clamp_s8, ref_clamp, gen_clamp, bad_clamp, N_OF(bad_clamp), good_clamp_s8,
     N_OF(good_clamp_s8)},
    {"arm_clamp_s16", true, call_clamp_s16, ref_clamp, gen_clamp, bad_clamp, N_OF(bad_clamp), good_clamp_s16,
     N_OF(good_clamp_s16)},
    {"arm_relu_generic_s8", false, call_relu_generic_s8, ref_relu_generic, gen_relu_generic, bad_relu_generic_s8,
     N_OF(bad_relu_generic_s8), good_relu_generic_s8, N_OF(good_relu_generic_s8)},
    {"arm_relu_generic_s16", true, call_relu_generic_s16, ref_relu_generic, gen_relu_generic, bad_relu_generic_s16,
     N_OF(bad_relu_generic_s16), good_relu_generic_s16, N_OF(good_relu_generic_s16)},
    {"arm_relu_s16", true, call_relu_s16, ref_relu, gen_relu_common, bad_relu_s16, N_OF(bad_relu_s16), good_relu_s16,
     N_OF(good_relu_s16)},
    {"arm_leaky_relu_s8", false, call_leaky_s8, ref_leaky, gen_leaky, bad_leaky_s8, N_OF(bad_leaky_s8), good_leaky_s8,
     N_OF(good_leaky_s8)},
    {"arm_leaky_relu_s16", true, call_leaky_s16, ref_leaky, gen_leaky, bad_leaky_s16, N_OF(bad_leaky_s16),
     good_leaky_s16, N_OF(good_leaky_s16)},
    {"arm_hard_swish_compat_s8", false, call_hs_compat, ref_hard_swish_compat, gen_hs_compat, bad_hs_compat,
     N_OF(bad_hs_compat), good_hs_compat, N_OF(good_hs_compat)},
    {"arm_hard_swish_precise_s8", false, call_hs_precise_s8, ref_hard_swish_precise, gen_hs_precise, bad_hs_precise_s8,
     N_OF(bad_hs_precise_s8), good_hs_precise_s8, N_OF(good_hs_precise_s8)},
    {"arm_hard_swish_precise_s16", true, call_hs_precise_s16, ref_hard_swish_precise, gen_hs_precise,
     bad_hs_precise_s16, N_OF(bad_hs_precise_s16), good_hs_precise_s16, N_OF(good_hs_precise_s16)},
    {"arm_logistic_s16", true, call_logistic, ref_logistic, gen_logistic_tanh, bad_logistic_tanh,
     N_OF(bad_logistic_tanh), good_logistic_tanh, N_OF(good_logistic_tanh)},
    {"arm_tanh_s16", true, call_tanh, ref_tanh, gen_logistic_tanh, bad_logistic_tanh, N_OF(bad_logistic_tanh),
     good_logistic_tanh, N_OF(good_logistic_tanh)},
    {"arm_nn_activation_s16", true, call_nn_activation, ref_nn_activation, gen_nn_activation, bad_nn_activation,
     N_OF(bad_nn_activation), good_nn_activation, N_OF(good_nn_activation)},
};

/* ---- the drivers ------------------------------------------------------------------------------- */

static const unary_op *g_op; /* the operation under test */

/* An output buffer between guards at a random misalignment (by element). */
static uint8_t *fresh_out(kiln_rng *r, size_t bytes, bool s16)
{
    memset(g_out_buf, ACTI_CANARY, sizeof(g_out_buf));
    const int32_t mis = kiln_rng_range(r, 0, 3) * (s16 ? 2 : 1);
    (void)bytes;
    return g_out_buf + ACTI_GUARD + mis;
}

typedef struct
{
    const int32_t *p;
    int32_t n;
    void *in, *out;
} edge_call;

static bool edge_run(void *arg)
{
    const edge_call *k = (const edge_call *)arg;
    bool ok = KILN_CHECK_EQ(g_op->call(k->in, k->out, k->n, k->p), ARM_CMSIS_NN_SUCCESS);
    if (g_op->s16)
    {
        ok &= KILN_CHECK_MEM_S16((const int16_t *)k->out, (const int16_t *)g_want, k->n);
    }
    else
    {
        ok &= KILN_CHECK_MEM_S8((const int8_t *)k->out, (const int8_t *)g_want, k->n);
    }
    return ok;
}

static bool check_out(const void *got, int32_t n)
{
    return g_op->s16 ? KILN_CHECK_MEM_S16((const int16_t *)got, (const int16_t *)g_want, n)
                     : KILN_CHECK_MEM_S8((const int8_t *)got, (const int8_t *)g_want, n);
}

/* One call on in[0..n) with parameters p, out of place or in place, against the reference. */
static void run_case(kiln_rng *r, const int32_t *p, const void *src, int32_t n, bool in_place, bool edges)
{
    const bool s16 = g_op->s16;
    const size_t bytes = (size_t)n * (s16 ? 2u : 1u);
    for (int32_t i = 0; i < n; i++)
    {
        acti_set(g_want, i, g_op->ref(acti_get(src, i, s16), p, s16), s16);
    }
    uint8_t *out = fresh_out(r, bytes, s16);
    const void *in = src;
    if (in_place)
    {
        memcpy(out, src, bytes);
        in = out;
    }
    else
    {
        memcpy(g_in_copy, src, bytes);
    }
    KILN_CHECK_EQ(g_op->call(in, out, n, p), ARM_CMSIS_NN_SUCCESS);
    check_out(out, n);
    KILN_CHECK(acti_guards_intact(out, bytes));
    if (!in_place)
    {
        KILN_CHECK(memcmp(src, g_in_copy, bytes) == 0); /* input unchanged */
    }
    if (edges && !in_place)
    {
        edge_call k = {p, n, (void *)(uintptr_t)src, out};
        const kiln_edge_operand ops[] = {{"input", &k.in, bytes}, {"output", &k.out, bytes}};
        kiln_edge_each(ops, 2, edge_run, &k);
    }
}

static void test_random_op(const unary_op *op, uint64_t seed)
{
    g_op = op;
    kiln_rng r;
    kiln_rng_seed(&r, seed);
    const int32_t iters = kiln_test_iterations(2500, 300);
    for (int32_t it = 0; it < iters; it++)
    {
        int32_t p[NP] = {0};
        op->gen(&r, it, op->s16, p);
        const int32_t n = (it % 10 == 9) ? kiln_rng_range(&r, 101, MAX_N) : kiln_rng_range(&r, 0, 100);
        acti_fill(&r, g_in, n, op->s16, it);
        const bool in_place = (it % 4) == 3;
        kiln_test_context("%s it=%ld n=%ld in_place=%d p=%ld %ld %ld %ld %ld %ld %ld", op->name, (long)it, (long)n,
                          (int)in_place, (long)p[0], (long)p[1], (long)p[2], (long)p[3], (long)p[4], (long)p[5],
                          (long)p[6]);
        run_case(&r, p, g_in, n, in_place, (it % 16) == 2);
    }
}

/* Every value of the input type once, for a number of parameter sets. */
static void test_exhaustive_op(const unary_op *op, uint64_t seed)
{
    g_op = op;
    kiln_rng r;
    kiln_rng_seed(&r, seed);
    const int32_t n = op->s16 ? 65536 : 256;
    for (int32_t i = 0; i < n; i++)
    {
        g_all[i] = (int16_t)(i + acti_tmin(op->s16));
        if (!op->s16)
        {
            ((int8_t *)g_in)[i] = (int8_t)(i - 128);
        }
    }
    const int32_t sets = op->s16 ? kiln_test_iterations(40, 8) : kiln_test_iterations(400, 60);
    static uint8_t s_big_out[2 * 65536];
    for (int32_t it = 0; it < sets; it++)
    {
        int32_t p[NP] = {0};
        op->gen(&r, it, op->s16, p);
        kiln_test_context("%s exhaustive set %ld p=%ld %ld %ld %ld %ld %ld %ld", op->name, (long)it, (long)p[0],
                          (long)p[1], (long)p[2], (long)p[3], (long)p[4], (long)p[5], (long)p[6]);
        if (!op->s16)
        {
            run_case(&r, p, g_in, n, (it & 1) != 0, false);
            continue;
        }
        /* 65536 int16 values: the output buffer of this size has no guards (the random runs check them). */
        KILN_CHECK_EQ(op->call(g_all, s_big_out, n, p), ARM_CMSIS_NN_SUCCESS);
        int32_t bad = 0;
        for (int32_t i = 0; i < n && bad < 5; i++)
        {
            const int32_t want = op->ref(g_all[i], p, true);
            const int32_t got = ((const int16_t *)s_big_out)[i];
            if (!KILN_CHECK_EQ(got, want))
            {
                kiln_test_context("%s exhaustive set %ld input %ld", op->name, (long)it, (long)g_all[i]);
                bad++;
            }
        }
    }
}

static void test_bad_op(const unary_op *op)
{
    g_op = op;
    const bool s16 = op->s16;
    uint8_t in[16];
    memset(in, 7, sizeof(in));
    uint8_t out[16 + 2 * ACTI_GUARD];
    const int32_t n = 8;
    const size_t bytes = (size_t)n * (s16 ? 2u : 1u);
    uint8_t *o = out + ACTI_GUARD;
    const int32_t *good = op->good[0].p;
    struct
    {
        const char *what;
        const void *in;
        void *out;
        int32_t n;
        const int32_t *p;
    } generic[] = {
        {"NULL input", NULL, o, n, good},
        {"NULL output", in, NULL, n, good},
        {"negative size", in, o, -1, good},
        {"size INT32_MIN", in, o, INT32_MIN, good},
    };
    for (int32_t k = 0; k < N_OF(generic); k++)
    {
        memset(out, ACTI_CANARY, sizeof(out));
        kiln_test_context("%s: %s", op->name, generic[k].what);
        KILN_CHECK_EQ(op->call(generic[k].in, generic[k].out, generic[k].n, generic[k].p), ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK(acti_guards_intact(o, bytes));
        for (size_t i = 0; i < bytes; i++)
        {
            KILN_CHECK_EQ(o[i], ACTI_CANARY);
        }
    }
    for (int32_t k = 0; k < op->n_bad; k++)
    {
        memset(out, ACTI_CANARY, sizeof(out));
        kiln_test_context("%s: %s", op->name, op->bad[k].what);
        KILN_CHECK_EQ(op->call(in, o, n, op->bad[k].p), ARM_CMSIS_NN_ARG_ERROR);
        for (size_t i = 0; i < sizeof(out); i++)
        {
            KILN_CHECK_EQ(out[i], ACTI_CANARY);
        }
    }
    /* The limits are accepted, and computed right on every value of the type. */
    kiln_rng r;
    kiln_rng_seed(&r, 0xAC7100FFu);
    for (int32_t k = 0; k < op->n_good; k++)
    {
        kiln_test_context("%s limit: %s", op->name, op->good[k].what);
        acti_fill(&r, g_in, 300, s16, k);
        for (int32_t i = 0; i < 256; i++)
        {
            acti_set(g_in, i, s16 ? (i * 257 - 32768) : (i - 128), s16);
        }
        run_case(&r, op->good[k].p, g_in, 300, false, false);
        KILN_CHECK_EQ(op->call(in, o, 0, op->good[k].p), ARM_CMSIS_NN_SUCCESS);
    }
}

static void test_all_random(void)
{
    for (int32_t k = 0; k < N_OF(g_ops); k++)
    {
        test_random_op(&g_ops[k], 0xAC710100u + (uint64_t)k);
    }
}

static void test_all_exhaustive(void)
{
    for (int32_t k = 0; k < N_OF(g_ops); k++)
    {
        test_exhaustive_op(&g_ops[k], 0xAC710200u + (uint64_t)k);
    }
}

static void test_all_bad(void)
{
    for (int32_t k = 0; k < N_OF(g_ops); k++)
    {
        test_bad_op(&g_ops[k]);
    }
}

/* arm_relu_q15: in place on every int16 value at once, then random lengths between guards; NULL
 * is ignored. */
static void test_relu_q15(void)
{
    static int16_t s_copy[65536];
    for (int32_t i = 0; i < 65535; i++)
    {
        g_all[i] = (int16_t)(i - 32768); /* every value but 32767, which the last slot holds */
    }
    g_all[65535] = INT16_MAX;
    memcpy(s_copy, g_all, sizeof(s_copy));
    arm_relu_q15(g_all, 65535); /* the largest size: the last element stays */
    int32_t wrong = 0;
    for (int32_t i = 0; i < 65535; i++)
    {
        wrong += (g_all[i] != (s_copy[i] < 0 ? 0 : s_copy[i]));
    }
    KILN_CHECK_EQ(wrong, 0);
    KILN_CHECK_EQ(g_all[65535], INT16_MAX);

    kiln_rng r;
    kiln_rng_seed(&r, 0xAC710300u);
    const int32_t iters = kiln_test_iterations(2500, 300);
    for (int32_t it = 0; it < iters; it++)
    {
        const int32_t n = (it % 10 == 9) ? kiln_rng_range(&r, 101, MAX_N) : kiln_rng_range(&r, 0, 100);
        int16_t *data = (int16_t *)fresh_out(&r, (size_t)n * 2u, true);
        acti_fill(&r, data, n, true, it);
        for (int32_t i = 0; i < n; i++)
        {
            ((int16_t *)g_want)[i] = data[i] < 0 ? 0 : data[i];
        }
        kiln_test_context("arm_relu_q15 it=%ld n=%ld", (long)it, (long)n);
        arm_relu_q15(data, (uint16_t)n);
        KILN_CHECK_MEM_S16(data, (const int16_t *)g_want, n);
        KILN_CHECK(acti_guards_intact(data, (size_t)n * 2u));
    }
    arm_relu_q15(NULL, 10); /* nothing to report, nothing happens */
}

int main(void)
{
    KILN_RUN(test_all_random);
    KILN_RUN(test_all_exhaustive);
    KILN_RUN(test_all_bad);
    KILN_RUN(test_relu_q15);
    return kiln_test_finish();
}
