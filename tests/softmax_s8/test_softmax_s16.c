/*
 * arm_softmax_s16 against an oracle written here from TFLite's int16 softmax reference
 * (SoftmaxInt16 and its int16 table lookup), in 64-bit arithmetic: the shared vector softmax_s16
 * bit-exact (the oracle with it), with the two 513-entry tables generated as TFLite's gen_lut
 * does (checked against checksums of the host's tables); random differential cases (rows of 1 to
 * 4096 elements, several rows, extreme logits, TFLite-form and raw parameters across the accepted
 * range, TFLite's and arbitrary tables, in place, guard words, input unchanged, each operand at
 * both edges of accessible memory); every difference -65535..0 through the exp path; long rows
 * past the int32 sum; degenerate tables; the accept / reject decision against the oracle's own
 * derivation of the range; a bad-input table.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "Internal/kiln_common.h"
#include "arm_nnfunctions.h"
#include "kiln_board.h"
#include "kiln_test.h"

#include "kiln_vectors/softmax_s16.h"

#define LUT_N 513
#define MAX_ELEMS 8192   /* random cases */
#define LONG_ELEMS 70000 /* past the int32 sum (65549 elements of the exp of 0, 32762) */
#define GUARD 16
#define CANARY ((int16_t)0x5A5A)
#define MIN_I(a, b) ((a) < (b) ? (a) : (b))

static int16_t g_exp_lut[LUT_N], g_recip_lut[LUT_N];
static int16_t g_in[LONG_ELEMS], g_in_copy[LONG_ELEMS];
static int16_t g_out_buf[LONG_ELEMS + 2 * GUARD];
static int16_t *const g_out = g_out_buf + GUARD;
static int16_t g_want[LONG_ELEMS];

/* ---- the tables, as TFLite generates them (gen_lut, double, 513 entries) -------------------- */

static double f_exp(double x)
{
    return exp(x);
}

static double f_recip(double x)
{
    return 1.0 / (1.0 + x);
}

static int16_t clamp_q15(double v)
{
    return (int16_t)(v < -32768.0 ? -32768.0 : (v > 32767.0 ? 32767.0 : v));
}

/* 512 segments over [lo, hi]; each sample biased by half the rounded error of the segment's
 * interpolated midpoint; the last entry is f(hi), for the last slope only. */
static void gen_lut(double (*f)(double), double lo, double hi, int16_t *table)
{
    const double step = (hi - lo) / (LUT_N - 1);
    const double half_step = step / 2.0;
    for (int i = 0; i < LUT_N - 1; i++)
    {
        const double sample = round(f(lo + i * step) * 32768.0);
        const double interp_mid = round((f(lo + (i + 1) * step) * 32768.0 + sample) / 2.0);
        const double mid = round(f(lo + i * step + half_step) * 32768.0);
        const double bias = round((interp_mid - mid) / 2.0);
        table[i] = clamp_q15(sample - bias);
    }
    table[LUT_N - 1] = clamp_q15(round(f(hi) * 32768.0));
}

static uint32_t fnv1a_s16(const int16_t *t, int32_t n)
{
    uint32_t h = 2166136261u;
    for (int32_t i = 0; i < n; i++)
    {
        const uint32_t u = (uint16_t)t[i];
        h = (h ^ (u & 0xFFu)) * 16777619u;
        h = (h ^ (u >> 8)) * 16777619u;
    }
    return h;
}

/* ---- oracle: TFLite's int16 softmax from its definition, 64-bit ------------------------------ */

/* floor(a / d), d > 0 */
static int64_t ref_floor_div(int64_t a, int64_t d)
{
    int64_t q = a / d;
    if (a % d != 0 && a < 0)
    {
        q--;
    }
    return q;
}

/* v modulo 2^16 as int16 (C++'s narrowing to int16_t) */
static int32_t ref_wrap16(int64_t v)
{
    const int64_t m = v - 65536 * ref_floor_div(v, 65536);
    return (int32_t)(m >= 32768 ? m - 65536 : m);
}

/* gemmlowp's SaturatingRoundingDoublingHighMul: (a * b + nudge) / 2^31, truncating division */
static int32_t ref_srdhm(int32_t a, int32_t b)
{
    if (a == INT32_MIN && b == INT32_MIN)
    {
        return INT32_MAX;
    }
    const int64_t ab = (int64_t)a * b;
    const int64_t nudge = ab >= 0 ? ((int64_t)1 << 30) : 1 - ((int64_t)1 << 30);
    return (int32_t)((ab + nudge) / ((int64_t)1 << 31));
}

/* gemmlowp's RoundingDivideByPOT: to nearest, ties away from zero */
static int32_t ref_rdpot(int32_t x, int32_t e)
{
    if (e == 0)
    {
        return x;
    }
    const int64_t half = (int64_t)1 << (e - 1), d = (int64_t)1 << e;
    return (int32_t)(x >= 0 ? ref_floor_div((int64_t)x + half, d) : -ref_floor_div(-(int64_t)x + half, d));
}

/* The oracle's domain, derived here: MultiplyByQuantizedMultiplier needs mult >= 0, a right
 * shift of at most 31, and diff * 2^left_shift within int32 for every diff in [-65535, 0]. */
static bool ref_params_ok(int32_t mult, int32_t shift)
{
    if (mult < 0 || shift < -31 || shift > 40)
    {
        return false;
    }
    const int64_t worst = -65535 * ((int64_t)1 << (shift > 0 ? shift : 0));
    return worst >= INT32_MIN;
}

/* MultiplyByQuantizedMultiplier (double rounding) */
static int32_t ref_mbqm(int32_t x, int32_t mult, int32_t shift)
{
    const int32_t ls = shift > 0 ? shift : 0, rs = shift > 0 ? 0 : -shift;
    const int64_t xl = (int64_t)x * ((int64_t)1 << ls);
    return ref_rdpot(ref_srdhm((int32_t)xl, mult), rs);
}

/* The int16 table lookup: 512 segments of 128, interpolation rounded half up, int16 arithmetic. */
static int32_t ref_lookup(int32_t value, const int16_t *lut)
{
    const int64_t q = ref_floor_div(value, 128);
    const int32_t index = (int32_t)(256 + q), offset = (int32_t)(value - 128 * q);
    const int32_t slope = ref_wrap16((int64_t)lut[index + 1] - lut[index]);
    const int64_t delta = ref_floor_div((int64_t)slope * offset + 64, 128);
    return ref_wrap16(lut[index] + delta);
}

static int32_t ref_clamp(int64_t v, int32_t lo, int32_t hi)
{
    return (int32_t)(v < lo ? lo : (v > hi ? hi : v));
}

/*
 * SoftmaxInt16. Outside TFLite's domain, Kiln's documented values: a sum <= 0 (tables holding
 * values <= 0) outputs 0; a sum of 2^31 or more (TFLite's int32 sum overflows) takes the same
 * steps with the exact sum (its top 17 bits rounded, right shift bit length - 1); a sum of 1
 * (right shift 0) adds no rounding term.
 */
static void ref_softmax_s16(const int16_t *in, int32_t rows, int32_t n, int32_t mult, int32_t shift,
                            const int16_t *exp_lut, const int16_t *recip_lut, int16_t *out)
{
    for (int32_t r = 0; r < rows; r++)
    {
        const int16_t *x = in + (int64_t)r * n;
        int16_t *y = out + (int64_t)r * n;
        int32_t max = -32768;
        for (int32_t c = 0; c < n; c++)
        {
            max = x[c] > max ? x[c] : max;
        }
        int64_t sum = 0;
        for (int32_t c = 0; c < n; c++)
        {
            const int32_t scaled = ref_mbqm(x[c] - max, mult, shift);
            y[c] = (int16_t)ref_lookup(ref_clamp((int64_t)scaled + 32767, -32768, 32767), exp_lut);
            sum += y[c];
        }
        if (sum <= 0)
        {
            for (int32_t c = 0; c < n; c++)
            {
                y[c] = 0;
            }
            continue;
        }
        int32_t bits = 0;
        while ((sum >> bits) != 0)
        {
            bits++;
        }
        int64_t shifted;
        if (bits <= 31)
        {
            const int32_t headroom_plus_one = 32 - bits; /* clz of the uint32 sum */
            shifted = ((sum << (headroom_plus_one - 1)) + (1 << 13)) >> 14;
        }
        else
        {
            shifted = ref_floor_div(sum + ((int64_t)1 << (bits - 18)), (int64_t)1 << (bits - 17));
        }
        const int32_t recip = ref_lookup(ref_clamp(shifted - 98304, -32768, 32767), recip_lut);
        const int32_t right_shift = bits - 1;
        const int64_t round = right_shift > 0 ? (int64_t)1 << (right_shift - 1) : 0;
        for (int32_t c = 0; c < n; c++)
        {
            const int64_t v = ref_floor_div((int64_t)y[c] * recip + round, (int64_t)1 << right_shift);
            y[c] = (int16_t)ref_clamp(v, 0, 32767);
        }
    }
}

/* ---- helpers --------------------------------------------------------------------------------- */

/* Canary words over the output and GUARD words either side. */
static void fill_out(int64_t n)
{
    for (int64_t i = 0; i < n + 2 * GUARD; i++)
    {
        g_out_buf[i] = CANARY;
    }
}

static bool guards_intact(int64_t n)
{
    for (int64_t i = 0; i < GUARD; i++)
    {
        if (g_out_buf[i] != CANARY || g_out_buf[GUARD + n + i] != CANARY)
        {
            return false;
        }
    }
    return true;
}

static bool all_canary(const int16_t *p, int64_t n)
{
    for (int64_t i = 0; i < n; i++)
    {
        if (p[i] != CANARY)
        {
            return false;
        }
    }
    return true;
}

static bool all_zero(const int16_t *p, int64_t n)
{
    for (int64_t i = 0; i < n; i++)
    {
        if (p[i] != 0)
        {
            return false;
        }
    }
    return true;
}

static arm_cmsis_nn_status call(const int16_t *in, int32_t rows, int32_t n, int32_t mult, int32_t shift,
                                const int16_t *exp_lut, const int16_t *recip_lut, int16_t *out)
{
    const cmsis_nn_softmax_lut_s16 luts = {exp_lut, recip_lut};
    return arm_softmax_s16(in, rows, n, mult, shift, &luts, out);
}

/* One call with every operand where kiln_edge_each() puts it (void * slots). */
typedef struct
{
    int32_t rows, n, mult, shift;
    void *in, *out, *exp_lut, *recip_lut, *params;
    const int16_t *want;
} edge_call;

static bool edge_run(void *arg)
{
    const edge_call *k = (const edge_call *)arg;
    const int64_t total = (int64_t)k->rows * k->n;
    for (int64_t i = 0; i < total; i++)
    {
        ((int16_t *)k->out)[i] = CANARY; /* no result of an earlier run left to pass for this one */
    }
    cmsis_nn_softmax_lut_s16 *p = (cmsis_nn_softmax_lut_s16 *)k->params;
    p->exp_lut = (const int16_t *)k->exp_lut;
    p->one_by_one_lut = (const int16_t *)k->recip_lut;
    const arm_cmsis_nn_status st = arm_softmax_s16((const int16_t *)k->in, k->rows, k->n, k->mult, k->shift, p,
                                                   (int16_t *)k->out);
    bool ok = KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
    ok &= KILN_CHECK_MEM_S16((const int16_t *)k->out, k->want, total);
    return ok;
}

static void run_edges(const int16_t *in, int32_t rows, int32_t n, int32_t mult, int32_t shift,
                      const int16_t *exp_lut, const int16_t *recip_lut, const int16_t *want)
{
    cmsis_nn_softmax_lut_s16 params = {exp_lut, recip_lut};
    const size_t bytes = (size_t)rows * (size_t)n * sizeof(int16_t);
    edge_call k = {rows, n, mult, shift, kiln_edge_ptr(in), g_out, kiln_edge_ptr(exp_lut), kiln_edge_ptr(recip_lut),
                   &params, want};
    const kiln_edge_operand ops[] = {
        {"input", &k.in, bytes},
        {"output", &k.out, bytes},
        {"exp_lut", &k.exp_lut, LUT_N * sizeof(int16_t)},
        {"one_by_one_lut", &k.recip_lut, LUT_N * sizeof(int16_t)},
        {"softmax_params", &k.params, sizeof(params)},
    };
    kiln_edge_each(ops, 5, edge_run, &k);
}

/* The library against the oracle on g_in[0 .. rows * n): guard words, input unchanged, optionally
 * in place (output = input) and at the edges of memory. */
static bool compare(int32_t rows, int32_t n, int32_t mult, int32_t shift, const int16_t *exp_lut,
                    const int16_t *recip_lut, bool in_place, bool edges)
{
    const int64_t total = (int64_t)rows * n;
    ref_softmax_s16(g_in, rows, n, mult, shift, exp_lut, recip_lut, g_want);
    bool ok;
    if (in_place)
    {
        fill_out(total);
        memcpy(g_out, g_in, (size_t)total * sizeof(int16_t));
        ok = KILN_CHECK_EQ(call(g_out, rows, n, mult, shift, exp_lut, recip_lut, g_out), ARM_CMSIS_NN_SUCCESS);
    }
    else
    {
        memcpy(g_in_copy, g_in, (size_t)total * sizeof(int16_t));
        fill_out(total);
        ok = KILN_CHECK_EQ(call(g_in, rows, n, mult, shift, exp_lut, recip_lut, g_out), ARM_CMSIS_NN_SUCCESS);
        ok &= KILN_CHECK(memcmp(g_in, g_in_copy, (size_t)total * sizeof(int16_t)) == 0);
    }
    ok &= KILN_CHECK_MEM_S16(g_out, g_want, total);
    ok &= KILN_CHECK(guards_intact(total));
    if (edges && !in_place)
    {
        run_edges(g_in, rows, n, mult, shift, exp_lut, recip_lut, g_want);
    }
    return ok;
}

/* TFLite's QuantizeMultiplier of input_scale * beta / (10 / 65535). */
static void quantize(double real, int32_t *mult, int32_t *shift)
{
    int e = 0;
    const double q = frexp(real, &e);
    int64_t qf = (int64_t)round(q * 2147483648.0);
    if (qf == ((int64_t)1 << 31))
    {
        qf /= 2;
        e++;
    }
    if (e < -31)
    {
        e = 0;
        qf = 0;
    }
    *mult = (int32_t)qf;
    *shift = e;
}

typedef struct
{
    int32_t mult, shift;
} sm_params;

static sm_params random_params(kiln_rng *r)
{
    sm_params p;
    switch (kiln_rng_range(r, 0, 4))
    {
    case 0: /* TFLite form, input scale * beta / (10 / 65535) in [2^-20, 2^15) */
    {
        const double frac = 1.0 + (double)(kiln_rng_u32(r) & 0xFFFFFF) / 16777216.0;
        quantize(ldexp(frac, kiln_rng_range(r, -20, 14)), &p.mult, &p.shift);
        break;
    }
    case 1: /* typical: scale (k / 32768) with beta 1 */
        quantize((double)kiln_rng_range(r, 1, 64) / 32768.0 * 65535.0 / 10.0, &p.mult, &p.shift);
        break;
    case 2: /* raw: any multiplier, any accepted shift */
        p.mult = (int32_t)(kiln_rng_u32(r) & 0x7FFFFFFF);
        p.shift = kiln_rng_range(r, -31, 15);
        break;
    case 3: /* extremes */
    {
        const int32_t mults[] = {0, 1, 1 << 30, INT32_MAX, (int32_t)(0x40000000u | (kiln_rng_u32(r) & 0x3FFFFFFF))};
        const int32_t shifts[] = {-31, -30, -1, 0, 1, 14, 15};
        p.mult = mults[kiln_rng_range(r, 0, 4)];
        p.shift = shifts[kiln_rng_range(r, 0, 6)];
        break;
    }
    default: /* normalized multiplier, shift around the useful range */
        p.mult = (int32_t)(0x40000000u | (kiln_rng_u32(r) & 0x3FFFFFFF));
        p.shift = kiln_rng_range(r, -12, 4);
        break;
    }
    return p;
}

/* Logit patterns: uniform, near the maximum, all equal, one hot, the two extremes, small range. */
static void random_logits(kiln_rng *r, int16_t *dst, int32_t n)
{
    const int32_t pattern = kiln_rng_range(r, 0, 8);
    const int32_t level = kiln_rng_range(r, -32768, 32767);
    for (int32_t i = 0; i < n; i++)
    {
        int32_t v;
        switch (pattern)
        {
        case 0: v = kiln_rng_range(r, -32768, 32767); break;
        case 1: v = kiln_rng_range(r, 32000, 32767); break;
        case 2: v = level; break;
        case 3: v = i == n / 2 ? 32767 : -32768; break;
        case 4: v = kiln_rng_range(r, 0, 1) ? 32767 : -32768; break;
        case 5: v = kiln_rng_range(r, -3, 3); break;
        case 6: v = -32768; break;
        case 7: v = level + kiln_rng_range(r, -600, 0); v = v < -32768 ? -32768 : v; break;
        default: v = (i & 1) ? 32767 : kiln_rng_range(r, -32768, 32767); break;
        }
        dst[i] = (int16_t)v;
    }
}

/* Arbitrary tables (any int16, negative values, slopes that wrap) or random monotone ones. */
static void random_tables(kiln_rng *r, int16_t *exp_lut, int16_t *recip_lut)
{
    const bool monotone = kiln_rng_range(r, 0, 1) == 0;
    int32_t a = kiln_rng_range(r, 0, 100), b = 32767;
    for (int32_t i = 0; i < LUT_N; i++)
    {
        if (monotone)
        {
            a = MIN_I(a + kiln_rng_range(r, 0, 127), 32767);
            b = b - kiln_rng_range(r, 0, 64);
            b = b < 16384 ? 16384 : b;
            exp_lut[i] = (int16_t)a;
            recip_lut[i] = (int16_t)b;
        }
        else
        {
            exp_lut[i] = (int16_t)kiln_rng_range(r, -32768, 32767);
            recip_lut[i] = (int16_t)kiln_rng_range(r, -32768, 32767);
        }
    }
}

/* ---- tests ----------------------------------------------------------------------------------- */

static void test_tables(void)
{
    gen_lut(f_exp, -10.0, 0.0, g_exp_lut);
    gen_lut(f_recip, 0.0, 1.0, g_recip_lut);
    /* the host's (glibc) tables; a board's libm must reproduce them */
    KILN_CHECK_EQ(fnv1a_s16(g_exp_lut, LUT_N), 0xC966FB7Cu);
    KILN_CHECK_EQ(fnv1a_s16(g_recip_lut, LUT_N), 0x774AFF82u);
    KILN_CHECK_EQ(g_exp_lut[0], 2);
    KILN_CHECK_EQ(g_exp_lut[256], 221);
    KILN_CHECK_EQ(g_exp_lut[LUT_N - 1], 32767);
    KILN_CHECK_EQ(g_recip_lut[0], 32767);
    KILN_CHECK_EQ(g_recip_lut[256], 21845);
    KILN_CHECK_EQ(g_recip_lut[LUT_N - 1], 16384);
    bool monotone = true;
    for (int32_t i = 1; i < LUT_N; i++)
    {
        monotone = monotone && g_exp_lut[i] >= g_exp_lut[i - 1] && g_recip_lut[i] <= g_recip_lut[i - 1];
    }
    KILN_CHECK(monotone);
}

static void test_vector(void)
{
    const int32_t rows = SOFTMAX_S16_NUM_ROWS, n = SOFTMAX_S16_ROW_SIZE;
    KILN_CHECK_EQ((int64_t)rows * n, SOFTMAX_S16_DST_SIZE);
    KILN_CHECK_EQ(sizeof(softmax_s16_input) / sizeof(softmax_s16_input[0]), SOFTMAX_S16_DST_SIZE);
    KILN_CHECK_EQ(sizeof(softmax_s16_output_ref) / sizeof(softmax_s16_output_ref[0]), SOFTMAX_S16_DST_SIZE);

    fill_out(SOFTMAX_S16_DST_SIZE);
    KILN_CHECK_EQ(call(softmax_s16_input, rows, n, SOFTMAX_S16_INPUT_MULT, SOFTMAX_S16_INPUT_LEFT_SHIFT, g_exp_lut,
                       g_recip_lut, g_out),
                  ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK_MEM_S16(g_out, softmax_s16_output_ref, SOFTMAX_S16_DST_SIZE);
    KILN_CHECK(guards_intact(SOFTMAX_S16_DST_SIZE));

    /* the oracle agrees */
    ref_softmax_s16(softmax_s16_input, rows, n, SOFTMAX_S16_INPUT_MULT, SOFTMAX_S16_INPUT_LEFT_SHIFT, g_exp_lut,
                    g_recip_lut, g_want);
    KILN_CHECK_MEM_S16(g_want, softmax_s16_output_ref, SOFTMAX_S16_DST_SIZE);

    /* in place, and at the edges of memory */
    memcpy(g_in, softmax_s16_input, sizeof(softmax_s16_input));
    compare(rows, n, SOFTMAX_S16_INPUT_MULT, SOFTMAX_S16_INPUT_LEFT_SHIFT, g_exp_lut, g_recip_lut, true, false);
    compare(rows, n, SOFTMAX_S16_INPUT_MULT, SOFTMAX_S16_INPUT_LEFT_SHIFT, g_exp_lut, g_recip_lut, false, true);
    KILN_CHECK_MEM_S16(g_want, softmax_s16_output_ref, SOFTMAX_S16_DST_SIZE);
}

static void test_random(void)
{
    static int16_t exp_rnd[LUT_N], recip_rnd[LUT_N];
    kiln_rng r;
    kiln_rng_seed(&r, 0x516D16);
    const int32_t iterations = kiln_test_iterations(2000, 300);
    int32_t failures = 0, cases = 0;
    int64_t elements = 0;
    for (int32_t it = 0; it < iterations && failures < 5; it++)
    {
        int32_t n;
        switch (kiln_rng_range(&r, 0, 4))
        {
        case 0:
        case 1: n = kiln_rng_range(&r, 1, 16); break;
        case 2: n = kiln_rng_range(&r, 1, 300); break;
        case 3: n = kiln_rng_range(&r, 1, 4096); break;
        default: n = kiln_rng_range(&r, 4000, 4096); break;
        }
        const int32_t rows = kiln_rng_range(&r, 1, MIN_I(6, MAX_ELEMS / n));
        for (int32_t k = 0; k < rows; k++)
        {
            random_logits(&r, g_in + (int64_t)k * n, n);
        }
        const sm_params p = random_params(&r);
        const bool own_tables = kiln_rng_range(&r, 0, 7) == 0;
        if (own_tables)
        {
            random_tables(&r, exp_rnd, recip_rnd);
        }
        const bool in_place = kiln_rng_range(&r, 0, 7) == 0;
        kiln_test_context("it %ld rows %ld x %ld mult %ld shift %ld own tables %d in place %d", (long)it, (long)rows,
                          (long)n, (long)p.mult, (long)p.shift, (int)own_tables, (int)in_place);
        failures += !compare(rows, n, p.mult, p.shift, own_tables ? exp_rnd : g_exp_lut,
                             own_tables ? recip_rnd : g_recip_lut, in_place, true);
        cases++;
        elements += (int64_t)rows * n;
    }
    kiln_test_context("");
    printf("softmax_s16 random: %ld cases, %ld elements\n", (long)cases, (long)elements);
}

/* Rows of two, (32767, x) and (x, 32767) for every int16 x: every difference -65535..0 through
 * the exp path, every parameter edge. */
static void test_all_diffs(void)
{
    const sm_params ps[] = {
        {SOFTMAX_S16_INPUT_MULT, SOFTMAX_S16_INPUT_LEFT_SHIFT},
        {INT32_MAX, 15},
        {1 << 30, 15},
        {INT32_MAX, -31},
        {0, 0},
        {1 << 30, 0},
        {1431655765, -4},
        {INT32_MAX, 1},
    };
    const int32_t half = 32768; /* rows per call */
    for (size_t k = 0; k < sizeof(ps) / sizeof(ps[0]); k++)
    {
        for (int32_t part = 0; part < 2; part++)
        {
            for (int32_t i = 0; i < half; i++)
            {
                const int16_t x = (int16_t)(part * half + i - 32768);
                g_in[2 * i] = (int16_t)(i & 1 ? x : 32767);
                g_in[2 * i + 1] = (int16_t)(i & 1 ? 32767 : x);
            }
            kiln_test_context("all diffs mult %ld shift %ld part %ld", (long)ps[k].mult, (long)ps[k].shift, (long)part);
            compare(half, 2, ps[k].mult, ps[k].shift, g_exp_lut, g_recip_lut, false, false);
        }
    }
    kiln_test_context("");
}

/* Rows whose sum of exps reaches 2^31 (TFLite's int32 sum would overflow): each exact output
 * e * 32768 / sum rounds to 0, and the library outputs 0. Just below, the TFLite path. */
static void test_long_rows(void)
{
    const int32_t mult = SOFTMAX_S16_INPUT_MULT, shift = SOFTMAX_S16_INPUT_LEFT_SHIFT;
    const int64_t e0 = ref_lookup(32767, g_exp_lut); /* the exp of a difference of 0 */
    const int32_t lengths[] = {65536, 65548, 65549, LONG_ELEMS};
    int32_t past = 0;
    for (size_t k = 0; k < sizeof(lengths) / sizeof(lengths[0]); k++)
    {
        const int32_t n = lengths[k];
        for (int32_t i = 0; i < n; i++)
        {
            g_in[i] = 1234;
        }
        kiln_test_context("long row %ld", (long)n);
        compare(1, n, mult, shift, g_exp_lut, g_recip_lut, false, false);
        if (e0 * n >= ((int64_t)1 << 31))
        {
            past++;
            KILN_CHECK(all_zero(g_out, n));
        }
        /* one hot over the smallest exps (rescale 1: a difference of -65535 is -10): a sum below
         * 2^31 again; in place for one length */
        for (int32_t i = 0; i < n; i++)
        {
            g_in[i] = -32768;
        }
        g_in[n / 3] = 32767;
        compare(1, n, 1 << 30, 1, g_exp_lut, g_recip_lut, k == 0, false);
        KILN_CHECK(g_out[n / 3] > g_out[0] && g_out[0] >= 0);
    }
    KILN_CHECK_EQ(past, 2); /* 65549 and 70000 elements of e0 = 32762 */
    kiln_test_context("");
}

/* Tables whose exps sum to 0, to less than 0, or to exactly 1 (right shift 0). */
static void test_degenerate_tables(void)
{
    static int16_t t_exp[LUT_N], t_recip[LUT_N];
    for (int32_t i = 0; i < LUT_N; i++)
    {
        t_recip[i] = (int16_t)(32767 - i * 32);
    }
    for (int32_t i = 0; i < 64; i++)
    {
        g_in[i] = (int16_t)(i * 997 - 30000);
    }
    /* sum 0, sum < 0 */
    for (int32_t v = 0; v >= -2; v -= 2)
    {
        for (int32_t i = 0; i < LUT_N; i++)
        {
            t_exp[i] = (int16_t)v;
        }
        kiln_test_context("constant exp table %ld", (long)v);
        compare(2, 32, SOFTMAX_S16_INPUT_MULT, SOFTMAX_S16_INPUT_LEFT_SHIFT, t_exp, t_recip, false, true);
        KILN_CHECK(all_zero(g_out, 64));
    }
    /* one element of exp 1: sum 1, right shift 0, output the reciprocal of 1.0 */
    for (int32_t i = 0; i < LUT_N; i++)
    {
        t_exp[i] = (int16_t)(i >= 511 ? 1 : 0);
    }
    kiln_test_context("sum 1");
    compare(1, 1, 1 << 30, 0, t_exp, t_recip, false, true);
    KILN_CHECK_EQ(g_out[0], 32767);
    kiln_test_context("");
}

/* The accepted range: the library's accept / reject equals the oracle's own derivation, the
 * boundary pairs one step apart; every accepted shift with the extreme row under the sanitizers. */
static void test_ranges(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0xACCE);
    g_in[0] = -32768;
    g_in[1] = 32767;
    g_in[2] = 0;
    g_in[3] = -32767;
    int32_t accepted = 0;
    for (int32_t shift = -40; shift <= 40; shift++)
    {
        const int32_t mults[] = {0, 1, 1 << 30, INT32_MAX, -1, INT32_MIN,
                                 (int32_t)(kiln_rng_u32(&r) & 0x7FFFFFFF)};
        for (size_t k = 0; k < sizeof(mults) / sizeof(mults[0]); k++)
        {
            const bool ok = ref_params_ok(mults[k], shift);
            kiln_test_context("range mult %ld shift %ld", (long)mults[k], (long)shift);
            if (ok)
            {
                accepted++;
                compare(1, 4, mults[k], shift, g_exp_lut, g_recip_lut, false, false);
            }
            else
            {
                fill_out(4);
                KILN_CHECK_EQ(call(g_in, 1, 4, mults[k], shift, g_exp_lut, g_recip_lut, g_out), ARM_CMSIS_NN_ARG_ERROR);
                KILN_CHECK(all_canary(g_out_buf, 4 + 2 * GUARD));
            }
        }
    }
    kiln_test_context("");
    /* the derivation itself: shifts -31..15, multipliers >= 0 (5 of the 7 per shift) */
    KILN_CHECK_EQ(accepted, 47 * 5);
    KILN_CHECK(ref_params_ok(0, 15) && !ref_params_ok(0, 16) && ref_params_ok(0, -31) && !ref_params_ok(0, -32));
    const int32_t extreme_shifts[] = {INT32_MIN, INT32_MAX, -32, 16, 31, 32};
    for (size_t k = 0; k < sizeof(extreme_shifts) / sizeof(extreme_shifts[0]); k++)
    {
        fill_out(4);
        KILN_CHECK_EQ(call(g_in, 1, 4, 1 << 30, extreme_shifts[k], g_exp_lut, g_recip_lut, g_out),
                      ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK(all_canary(g_out_buf, 4 + 2 * GUARD));
    }
}

/* Instructions per element (informational on the host; on the boards bounded by the level measured when the
 * Helium row kernel came in): one row of 1000 and 32 rows of 64 (attention-like), random logits at TFLite's usual
 * input scale. */
static void test_perf(void)
{
    if (!kiln_counter_available())
    {
        return;
    }
    kiln_rng r;
    kiln_rng_seed(&r, 0x9E4F);
    const int32_t shapes[2][2] = {{1, 1000}, {32, 64}};
    /* measured: portable C (every backend until the fifteenth session) M4 60.1 / 61.4 (48.0 / 49.4 at the
     * sixteenth session's start), M55 63.1 / 64.4; the Helium row kernel 7.99 / 8.96; the DSP row kernel (one SMMULR
     * per difference, the table's two ends one word, SMLABB / USAT) 30.66 / 32.18 */
    static const double bound_mve[2] = {8.4, 9.6};
    static const double bound_dsp[2] = {32.0, 33.6};
    for (int32_t k = 0; k < 2; k++)
    {
        const int32_t rows = shapes[k][0], n = shapes[k][1];
        random_logits(&r, g_in, rows * n);
        kiln_counter_start();
        const arm_cmsis_nn_status st = call(g_in, rows, n, SOFTMAX_S16_INPUT_MULT, SOFTMAX_S16_INPUT_LEFT_SHIFT,
                                            g_exp_lut, g_recip_lut, g_out);
        const double instr = kiln_counter_stop();
        KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
        const double per = instr / ((double)rows * n);
        printf("perf %s [%s] softmax s16 %ld x %ld: %.0f instructions, %.2f per element\n", kiln_board_name(),
               kiln_isa_name(KILN_NATIVE_ISA), (long)rows, (long)n, instr, per);
        if (KILN_NATIVE_ISA == KILN_ISA_MVE)
        {
            KILN_CHECK(per <= bound_mve[k]);
        }
        else if (KILN_NATIVE_ISA == KILN_ISA_DSP)
        {
            KILN_CHECK(per <= bound_dsp[k]);
        }
    }
}

static void test_bad_input(void)
{
    const int32_t mult = SOFTMAX_S16_INPUT_MULT, shift = SOFTMAX_S16_INPUT_LEFT_SHIFT;
    for (int32_t i = 0; i < 64; i++)
    {
        g_in[i] = (int16_t)(i * 311);
    }
    memcpy(g_in_copy, g_in, 64 * sizeof(int16_t));
    enum
    {
        OK_PTRS = 0,
        NULL_IN,
        NULL_OUT,
        NULL_PARAMS,
        NULL_EXP,
        NULL_RECIP
    };
    const struct
    {
        int32_t ptrs, rows, n, mult, shift;
    } bad[] = {
        {NULL_IN, 1, 8, mult, shift},
        {NULL_OUT, 1, 8, mult, shift},
        {NULL_PARAMS, 1, 8, mult, shift},
        {NULL_EXP, 1, 8, mult, shift},
        {NULL_RECIP, 1, 8, mult, shift},
        {OK_PTRS, 0, 8, mult, shift},
        {OK_PTRS, -1, 8, mult, shift},
        {OK_PTRS, INT32_MIN, 8, mult, shift},
        {OK_PTRS, 1, 0, mult, shift},
        {OK_PTRS, 1, -1, mult, shift},
        {OK_PTRS, 1, INT32_MIN, mult, shift},
        {OK_PTRS, INT32_MIN, INT32_MIN, mult, shift},
        {OK_PTRS, -1, -1, mult, shift},
        {OK_PTRS, 65536, 32768, mult, shift}, /* 2^31 */
        {OK_PTRS, 2, INT32_MAX, mult, shift},
        {OK_PTRS, INT32_MAX, 2, mult, shift},
        {OK_PTRS, 46341, 46341, mult, shift},
        {OK_PTRS, INT32_MAX, INT32_MAX, mult, shift},
        {OK_PTRS, 1, 8, -1, shift},
        {OK_PTRS, 1, 8, INT32_MIN, shift},
        {OK_PTRS, 1, 8, mult, 16},
        {OK_PTRS, 1, 8, mult, -32},
        {OK_PTRS, 1, 8, mult, INT32_MAX},
        {OK_PTRS, 1, 8, mult, INT32_MIN},
        {NULL_EXP, 0, 0, -1, 99},
    };
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
    {
        kiln_test_context("bad case %ld", (long)i);
        const cmsis_nn_softmax_lut_s16 luts = {bad[i].ptrs == NULL_EXP ? NULL : g_exp_lut,
                                               bad[i].ptrs == NULL_RECIP ? NULL : g_recip_lut};
        fill_out(64);
        const arm_cmsis_nn_status st =
            arm_softmax_s16(bad[i].ptrs == NULL_IN ? NULL : g_in, bad[i].rows, bad[i].n, bad[i].mult, bad[i].shift,
                            bad[i].ptrs == NULL_PARAMS ? NULL : &luts, bad[i].ptrs == NULL_OUT ? NULL : g_out);
        KILN_CHECK_EQ(st, ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK(all_canary(g_out_buf, 64 + 2 * GUARD));
        KILN_CHECK(memcmp(g_in, g_in_copy, 64 * sizeof(int16_t)) == 0);
    }
    kiln_test_context("");
    /* control: the same buffers with valid arguments are written, and the boundary values pass */
    const int32_t good[][4] = {{1, 8, mult, shift}, {8, 1, mult, shift}, {2, 4, 0, 15}, {4, 2, INT32_MAX, -31}};
    for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++)
    {
        kiln_test_context("good case %ld", (long)i);
        fill_out(8);
        KILN_CHECK_EQ(call(g_in, good[i][0], good[i][1], good[i][2], good[i][3], g_exp_lut, g_recip_lut, g_out),
                      ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK(!all_canary(g_out, 8) && guards_intact(8));
        compare(good[i][0], good[i][1], good[i][2], good[i][3], g_exp_lut, g_recip_lut, false, false);
    }
    kiln_test_context("");
}

int main(void)
{
    KILN_RUN(test_tables);
    KILN_RUN(test_vector);
    KILN_RUN(test_bad_input);
    KILN_RUN(test_ranges);
    KILN_RUN(test_degenerate_tables);
    KILN_RUN(test_all_diffs);
    KILN_RUN(test_long_rows);
    KILN_RUN(test_random);
    KILN_RUN(test_perf);
    return kiln_test_finish();
}
