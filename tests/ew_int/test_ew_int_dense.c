/*
 * The backends' dense int16 run kernels (kiln_ew_q_dense_s16, kiln_ew_m_dense_s16: Helium, DSP) against the element
 * arithmetic every backend shares (kiln_ew_q_element, kiln_ew_m_element, checked against TFLite's in test_ew_q.c /
 * test_ew_mul_prelu.c): parameter sets of TFLite's form (the kernels' fast forms, with and without a narrower
 * activation range) and of other forms (offsets, other left shifts, an output without a right shift), run lengths
 * 0 - 40 and 1001, inputs at the ends of int16, the output over input 1, a guard element after the output. Where a
 * kernel declines (returns false) the output must be untouched; on the DSP and Helium backends TFLite's ADD, SUB and
 * MUL sets (of runs of 8 or more) must be taken, and every op with and without a narrower activation range.
 */
#include <stdint.h>
#include <string.h>

#include "ew_int_test.h"
#include "Include/Internal/kiln_ew_int.h"

#define MAXN 1001

static int16_t g_a[MAXN], g_b[MAXN], g_out[MAXN + 1], g_want[MAXN];

static void fill(kiln_rng *r, int16_t *v, int32_t n)
{
    for (int32_t i = 0; i < n; i++)
    {
        const int32_t k = kiln_rng_range(r, 0, 9);
        v[i] = (int16_t)(k == 0 ? INT16_MIN : (k == 1 ? INT16_MAX : kiln_rng_range(r, INT16_MIN, INT16_MAX)));
    }
}

/* A random activation range: all of int16 half of the time. */
static void rand_act(kiln_rng *r, int32_t *lo, int32_t *hi)
{
    if (kiln_rng_range(r, 0, 1) == 0)
    {
        *lo = INT16_MIN;
        *hi = INT16_MAX;
        return;
    }
    *lo = kiln_rng_range(r, INT16_MIN, 100);
    *hi = kiln_rng_range(r, *lo, INT16_MAX);
}

/* ADD / SUB / SQUARED_DIFFERENCE parameters; tflite: TFLite's int16 preparation (zero offsets, left shift 15 or, for
 * SQUARED_DIFFERENCE, 0; input multipliers below one half). */
static kiln_ew_q gen_q(kiln_rng *r, kiln_ew_op op, bool tflite)
{
    kiln_ew_q q;
    const double s1 = et_rand_scale(r, -12, 1), s2 = kiln_rng_range(r, 0, 2) == 0 ? s1 : et_rand_scale(r, -12, 1);
    const double twice = 2.0 * (s1 > s2 ? s1 : s2);
    im_quantize_multiplier(s1 / twice, &q.in1_mult, &q.in1_shift);
    im_quantize_multiplier(s2 / twice, &q.in2_mult, &q.in2_shift);
    /* SQUARED_DIFFERENCE: a left shift of 0 or 1 (the difference must stay within 46340 for its square to fit) */
    q.left_shift = op == KILN_EW_SQDIFF ? kiln_rng_range(r, 0, 1) : 15;
    double real_out = op == KILN_EW_SQDIFF ? et_rand_scale(r, -30, 0) : twice / et_rand_scale(r, -12, 1);
    for (int32_t k = 0; k < q.left_shift; k++)
    {
        real_out *= 0.5;
    }
    im_quantize_multiplier(real_out, &q.out_mult, &q.out_shift);
    q.in1_offset = 0;
    q.in2_offset = 0;
    q.out_offset = 0;
    rand_act(r, &q.act_min, &q.act_max);
    if (!tflite)
    {
        /* offsets, smaller left shifts (the generic operand form), an output offset, now and then an output
         * without a right shift or an input with a left shift of its own */
        q.in1_offset = kiln_rng_range(r, -300, 300);
        q.in2_offset = kiln_rng_range(r, 0, 1) ? 0 : kiln_rng_range(r, -300, 300);
        q.left_shift = op == KILN_EW_SQDIFF ? kiln_rng_range(r, 0, 2) : kiln_rng_range(r, 0, 13);
        q.out_offset = kiln_rng_range(r, -1000, 1000);
        if (kiln_rng_range(r, 0, 7) == 0)
        {
            q.out_shift = kiln_rng_range(r, 0, 2);
        }
        if (kiln_rng_range(r, 0, 7) == 0)
        {
            q.in1_shift = 1;
        }
    }
    return q;
}

static kiln_ew_m gen_m(kiln_rng *r, bool tflite)
{
    kiln_ew_m m;
    im_quantize_multiplier(et_rand_scale(r, -40, -10), &m.out_mult, &m.out_shift);
    m.in1_offset = tflite ? 0 : kiln_rng_range(r, -100, 100);
    m.in2_offset = tflite ? 0 : kiln_rng_range(r, -100, 100);
    m.out_offset = tflite ? 0 : kiln_rng_range(r, -1000, 1000);
    rand_act(r, &m.act_min, &m.act_max);
    return m;
}

static int32_t run_len(kiln_rng *r)
{
    return kiln_rng_range(r, 0, 7) == 0 ? MAXN : kiln_rng_range(r, 0, 40);
}

/* One run; *taken: whether the kernel computed it. in_place: the output is input 1. */
static bool check_q(const kiln_ew_q *q, kiln_ew_op op, int32_t n, bool in_place, bool *taken)
{
    for (int32_t i = 0; i < n; i++)
    {
        g_want[i] = (int16_t)kiln_ew_q_element(g_a[i], g_b[i], q, op);
    }
    int16_t *out = in_place ? g_a : g_out;
    if (!in_place)
    {
        for (int32_t i = 0; i <= n; i++)
        {
            g_out[i] = (int16_t)0x5A5A;
        }
    }
    int16_t a_copy[MAXN];
    memcpy(a_copy, g_a, sizeof(a_copy));
    *taken = kiln_ew_q_dense_s16(g_a, g_b, out, n, q, op);
    bool ok = true;
    if (*taken)
    {
        ok = memcmp(out, g_want, (size_t)n * sizeof(int16_t)) == 0;
    }
    else
    {
        ok = memcmp(g_a, a_copy, sizeof(a_copy)) == 0; /* untouched (in place: input 1 itself) */
        for (int32_t i = 0; !in_place && i < n; i++)
        {
            ok = ok && g_out[i] == (int16_t)0x5A5A;
        }
    }
    if (!in_place)
    {
        ok = ok && g_out[n] == (int16_t)0x5A5A;
    }
    else
    {
        memcpy(g_a, a_copy, sizeof(a_copy));
    }
    return ok;
}

static void test_q_dense(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0xD15E);
    const bool has_kernel = KILN_NATIVE_ISA == KILN_ISA_DSP || KILN_NATIVE_ISA == KILN_ISA_MVE;
    int32_t taken_kind[3][2] = {{0}}, taken_other = 0;
    const int32_t sets = kiln_test_iterations(600, 120);
    for (int32_t it = 0; it < sets; it++)
    {
        const kiln_ew_op op = (kiln_ew_op)(it % 3);
        const bool tflite = (it / 3) % 2 == 0;
        const kiln_ew_q q = gen_q(&r, op, tflite);
        if (!kiln_ew_q_ok(&q, op, KILN_EW_S16))
        {
            continue;
        }
        const bool narrow = q.act_min > INT16_MIN || q.act_max < INT16_MAX;
        for (int32_t k = 0; k < 3; k++)
        {
            const int32_t n = run_len(&r);
            fill(&r, g_a, n);
            fill(&r, g_b, n);
            bool taken;
            const bool ok = check_q(&q, op, n, k == 2, &taken);
            kiln_test_context("set %d op %d n %d in place %d: offsets %d %d ls %d in %d/%d %d/%d out %d/%d +%d [%d, %d]",
                              (int)it, (int)op, (int)n, (int)(k == 2), (int)q.in1_offset, (int)q.in2_offset,
                              (int)q.left_shift, (int)q.in1_mult, (int)q.in1_shift, (int)q.in2_mult, (int)q.in2_shift,
                              (int)q.out_mult, (int)q.out_shift, (int)q.out_offset, (int)q.act_min, (int)q.act_max);
            if (!KILN_CHECK(ok))
            {
                return;
            }
            if (tflite && op != KILN_EW_SQDIFF && q.out_shift <= -1 && n >= 8 && has_kernel)
            {
                /* TFLite's ADD / SUB: the kernel takes it (inputs with multiplier one half and no shift, or a right
                 * shift; an output with a right shift) */
                if (!KILN_CHECK(taken))
                {
                    return;
                }
            }
            if (taken)
            {
                taken_kind[op][narrow]++;
            }
            taken_other += taken && !tflite;
        }
    }
    if (has_kernel)
    {
        for (int32_t op = 0; op < 3; op++)
        {
            kiln_test_context("op %d taken %d (full range) %d (narrower)", (int)op, (int)taken_kind[op][0], (int)taken_kind[op][1]);
            KILN_CHECK(taken_kind[op][0] > 0 && taken_kind[op][1] > 0);
        }
        KILN_CHECK(taken_other > 0);
    }
}

static void test_m_dense(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0xD16E);
    const bool has_kernel = KILN_NATIVE_ISA == KILN_ISA_DSP || KILN_NATIVE_ISA == KILN_ISA_MVE;
    int32_t taken_kind[2][2] = {{0}};
    const int32_t sets = kiln_test_iterations(400, 100);
    for (int32_t it = 0; it < sets; it++)
    {
        const bool tflite = it % 2 == 0;
        const kiln_ew_m m = gen_m(&r, tflite);
        if (!kiln_ew_m_ok(&m, KILN_EW_S16, NULL, NULL))
        {
            continue;
        }
        const bool narrow = m.act_min > INT16_MIN || m.act_max < INT16_MAX;
        const int32_t n = run_len(&r);
        fill(&r, g_a, n);
        fill(&r, g_b, n);
        for (int32_t i = 0; i < n; i++)
        {
            g_want[i] = (int16_t)kiln_ew_m_element(g_a[i], g_b[i], &m);
        }
        for (int32_t i = 0; i <= n; i++)
        {
            g_out[i] = (int16_t)0x5A5A;
        }
        const bool taken = kiln_ew_m_dense_s16(g_a, g_b, g_out, n, &m);
        kiln_test_context("set %d n %d: offsets %d %d out %d/%d +%d [%d, %d]", (int)it, (int)n, (int)m.in1_offset,
                          (int)m.in2_offset, (int)m.out_mult, (int)m.out_shift, (int)m.out_offset, (int)m.act_min,
                          (int)m.act_max);
        bool ok = g_out[n] == (int16_t)0x5A5A;
        for (int32_t i = 0; i < n; i++)
        {
            ok = ok && g_out[i] == (taken ? g_want[i] : (int16_t)0x5A5A);
        }
        if (!KILN_CHECK(ok) || (tflite && n >= 8 && has_kernel && !KILN_CHECK(taken)))
        {
            return;
        }
        if (taken)
        {
            taken_kind[tflite][narrow]++;
        }
    }
    if (has_kernel)
    {
        KILN_CHECK(taken_kind[1][0] > 0 && taken_kind[1][1] > 0 && taken_kind[0][0] + taken_kind[0][1] > 0);
    }
}

int main(void)
{
    KILN_RUN(test_q_dense);
    KILN_RUN(test_m_dense);
    return kiln_test_finish();
}
