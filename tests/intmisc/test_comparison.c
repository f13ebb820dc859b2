/*
 * arm_comparison_s8 / _s16 and the twelve named forms (arm_equal_s8 ... arm_less_equal_s16) against a TFLite
 * ComparisonWithScaling reference written here (MultiplyByQuantizedMultiplier from its definition, intmisc_test.h):
 * random shapes with every broadcast pattern and empty outputs; parameters as TFLite derives them from random
 * scales and zero points, and random extremes of the whole parameter space (the call must fail exactly when an
 * intermediate leaves int32 or a parameter is out of range, and match otherwise); guard bytes, inputs unchanged;
 * a bad-input table.
 */
#include <stdint.h>
#include <string.h>

#include "arm_nnfunctions.h"
#include "intmisc_test.h"

#define MAX_ELEMS 1536

typedef arm_cmsis_nn_status (*cmp_s8_fn)(const cmsis_nn_context *,
                                         const int8_t *,
                                         const cmsis_nn_dims *,
                                         const int8_t *,
                                         const cmsis_nn_dims *,
                                         bool *,
                                         const cmsis_nn_dims *,
                                         int32_t,
                                         int32_t,
                                         int32_t,
                                         int32_t,
                                         int32_t,
                                         int32_t,
                                         int32_t);
typedef arm_cmsis_nn_status (*cmp_s16_fn)(const cmsis_nn_context *,
                                          const int16_t *,
                                          const cmsis_nn_dims *,
                                          const int16_t *,
                                          const cmsis_nn_dims *,
                                          bool *,
                                          const cmsis_nn_dims *,
                                          int32_t,
                                          int32_t,
                                          int32_t,
                                          int32_t,
                                          int32_t,
                                          int32_t,
                                          int32_t);

static const cmp_s8_fn k_named_s8[6] = {arm_equal_s8,         arm_not_equal_s8, arm_greater_s8,
                                        arm_greater_equal_s8, arm_less_s8,      arm_less_equal_s8};
static const cmp_s16_fn k_named_s16[6] = {arm_equal_s16,         arm_not_equal_s16, arm_greater_s16,
                                          arm_greater_equal_s16, arm_less_s16,      arm_less_equal_s16};

/* Coverage of the random runs: accepted / rejected parameter sets, true / false outputs. */
static int32_t g_valid_seen, g_invalid_seen, g_true_seen, g_false_seen;

typedef struct
{
    int32_t off1, mult1, shift1, off2, mult2, shift2, left_shift, op;
} cmp_params;

static int16_t g_in1[MAX_ELEMS], g_in2[MAX_ELEMS]; /* int16 values; the int8 runs use g_b1 / g_b2 */
static int8_t g_b1[MAX_ELEMS], g_b2[MAX_ELEMS];
static int16_t g_copy1[MAX_ELEMS], g_copy2[MAX_ELEMS];
static int8_t g_bcopy1[MAX_ELEMS], g_bcopy2[MAX_ELEMS];
static uint8_t g_want[MAX_ELEMS];
static uint8_t g_out[MAX_ELEMS + 2 * IM_GUARD];
static uint8_t g_out2[MAX_ELEMS + 2 * IM_GUARD];

/* TFLite's rescaling of one input value; *ok cleared when it leaves int32. */
static int32_t ref_rescale(int32_t x, int32_t off, int32_t mult, int32_t shift, int32_t ls, bool *ok)
{
    const int64_t v = ((int64_t)x + off) * ((int64_t)1 << ls);
    if (v < INT32_MIN || v > INT32_MAX)
    {
        *ok = false;
        return 0;
    }
    return im_mbqm((int32_t)v, mult, shift, ok);
}

static bool ref_op(int32_t a, int32_t b, int32_t op)
{
    switch (op)
    {
    case 0:
        return a == b;
    case 1:
        return a != b;
    case 2:
        return a > b;
    case 3:
        return a >= b;
    case 4:
        return a < b;
    default:
        return a <= b;
    }
}

/* Whether the call must succeed: parameters in range and no intermediate outside int32 for any input value of
 * [vmin, vmax] (the rescaling is monotonic for mult >= 0, so the two ends decide). */
static bool ref_valid(const cmp_params *p, int32_t vmin, int32_t vmax)
{
    if (p->op < 0 || p->op > 5 || p->left_shift < 0 || p->left_shift > 30 || p->mult1 < 0 || p->mult2 < 0 ||
        p->shift1 < -31 || p->shift1 > 30 || p->shift2 < -31 || p->shift2 > 30)
    {
        return false;
    }
    bool ok = true;
    (void)ref_rescale(vmin, p->off1, p->mult1, p->shift1, p->left_shift, &ok);
    (void)ref_rescale(vmax, p->off1, p->mult1, p->shift1, p->left_shift, &ok);
    (void)ref_rescale(vmin, p->off2, p->mult2, p->shift2, p->left_shift, &ok);
    (void)ref_rescale(vmax, p->off2, p->mult2, p->shift2, p->left_shift, &ok);
    return ok;
}

static void ref_compare(const int16_t *in1,
                        const int32_t a[4],
                        const int16_t *in2,
                        const int32_t b[4],
                        const int32_t o[4],
                        const cmp_params *p,
                        uint8_t *out)
{
    for (int32_t n = 0; n < o[0]; n++)
        for (int32_t h = 0; h < o[1]; h++)
            for (int32_t w = 0; w < o[2]; w++)
                for (int32_t c = 0; c < o[3]; c++)
                {
                    bool ok = true;
                    const int32_t r1 = ref_rescale(in1[im_bcast_index(a, n, h, w, c)], p->off1, p->mult1, p->shift1,
                                                   p->left_shift, &ok);
                    const int32_t r2 = ref_rescale(in2[im_bcast_index(b, n, h, w, c)], p->off2, p->mult2, p->shift2,
                                                   p->left_shift, &ok);
                    *out++ = (uint8_t)(ok && ref_op(r1, r2, p->op));
                }
}

/* Random positive scale between about 2^-14 and 2^4 (log-uniform). */
static double rand_scale(kiln_rng *r)
{
    double s = 1.0 + (double)kiln_rng_range(r, 0, 1 << 20) / (double)(1 << 20);
    int32_t e = kiln_rng_range(r, -14, 3);
    while (e > 0)
    {
        s *= 2.0;
        e--;
    }
    while (e < 0)
    {
        s *= 0.5;
        e++;
    }
    return s;
}

/* Parameters: TFLite's derivation (mode 0), or extremes of the space (mode 1). */
static void draw_params(kiln_rng *r, bool is16, int32_t mode, cmp_params *p)
{
    p->op = kiln_rng_range(r, 0, 5);
    if (mode == 0)
    {
        /* TFLite: left shift 8 (int8); rescale each input by scale_i / (2 max scale). The int16 form uses
         * shifts that keep 65535 << left_shift within int32 and small zero points. */
        const double s1 = rand_scale(r), s2 = kiln_rng_range(r, 0, 7) == 0 ? s1 : rand_scale(r);
        const double twice_max = 2.0 * (s1 > s2 ? s1 : s2);
        im_quantize_multiplier(s1 / twice_max, &p->mult1, &p->shift1);
        im_quantize_multiplier(s2 / twice_max, &p->mult2, &p->shift2);
        if (is16)
        {
            p->left_shift = kiln_rng_range(r, 0, 15);
            p->off1 = kiln_rng_range(r, 0, 3) == 0 ? 0 : kiln_rng_range(r, -1000, 1000);
            p->off2 = kiln_rng_range(r, 0, 3) == 0 ? 0 : kiln_rng_range(r, -1000, 1000);
        }
        else
        {
            p->left_shift = kiln_rng_range(r, 0, 3) == 0 ? kiln_rng_range(r, 0, 20) : 8;
            p->off1 = -kiln_rng_range(r, -128, 127);
            p->off2 = -kiln_rng_range(r, -128, 127);
        }
        return;
    }
    /* Extremes: each field from its edges or anywhere, so both sides of every limit come up. */
    const int32_t edges_mult[] = {0, 1, 1 << 30, INT32_MAX, -1, INT32_MIN};
    const int32_t edges_shift[] = {-31, -32, 30, 31, 0, -1, 1};
    const int32_t edges_off[] = {0, 255, -255, 65535, -65536, INT32_MAX, INT32_MIN};
    const int32_t pick = kiln_rng_range(r, 0, 9);
    p->mult1 = pick < 4 ? edges_mult[kiln_rng_range(r, 0, 5)] : kiln_rng_range(r, 0, INT32_MAX);
    p->mult2 = kiln_rng_range(r, 0, 2) == 0 ? edges_mult[kiln_rng_range(r, 0, 5)] : kiln_rng_range(r, 0, INT32_MAX);
    p->shift1 = kiln_rng_range(r, 0, 2) == 0 ? edges_shift[kiln_rng_range(r, 0, 6)] : kiln_rng_range(r, -31, 8);
    p->shift2 = kiln_rng_range(r, 0, 2) == 0 ? edges_shift[kiln_rng_range(r, 0, 6)] : kiln_rng_range(r, -31, 8);
    p->off1 = kiln_rng_range(r, 0, 4) == 0 ? edges_off[kiln_rng_range(r, 0, 6)] : kiln_rng_range(r, -300, 300);
    p->off2 = kiln_rng_range(r, 0, 4) == 0 ? edges_off[kiln_rng_range(r, 0, 6)] : kiln_rng_range(r, -300, 300);
    p->left_shift = kiln_rng_range(r, 0, 5) == 0 ? kiln_rng_range(r, -1, 31) : kiln_rng_range(r, 0, 16);
    if (kiln_rng_range(r, 0, 15) == 0)
    {
        p->op = kiln_rng_range(r, 0, 1) ? 6 : -1;
    }
}

static void fill(kiln_rng *r, int16_t *p, int32_t n, bool is16, int32_t mode)
{
    const int32_t lo = is16 ? INT16_MIN : INT8_MIN, hi = is16 ? INT16_MAX : INT8_MAX;
    for (int32_t i = 0; i < n; i++)
    {
        const int32_t pick = kiln_rng_range(r, 0, 7);
        p[i] = (int16_t)(mode == 1 && pick < 2 ? (pick ? lo : hi) : kiln_rng_range(r, lo, hi));
    }
}

/* One call with the operands where kiln_edge_each() puts them (flush against the ends of readable memory). */
typedef struct
{
    bool is16;
    const cmsis_nn_dims *d1, *d2, *dout;
    const cmp_params *p;
    void *a, *b, *out;
    int32_t total;
} edge_call;

static bool edge_run(void *arg)
{
    const edge_call *k = (const edge_call *)arg;
    const cmp_params *p = k->p;
    const arm_cmsis_nn_status rc =
        k->is16 ? arm_comparison_s16(NULL, (const int16_t *)k->a, k->d1, (const int16_t *)k->b, k->d2, (bool *)k->out,
                                     k->dout, p->off1, p->mult1, p->shift1, p->off2, p->mult2, p->shift2, p->left_shift,
                                     (arm_nn_compare_operation)p->op)
                : arm_comparison_s8(NULL, (const int8_t *)k->a, k->d1, (const int8_t *)k->b, k->d2, (bool *)k->out,
                                    k->dout, p->off1, p->mult1, p->shift1, p->off2, p->mult2, p->shift2, p->left_shift,
                                    (arm_nn_compare_operation)p->op);
    bool ok = KILN_CHECK_EQ(rc, ARM_CMSIS_NN_SUCCESS);
    ok &= KILN_CHECK_MEM_S8((const int8_t *)k->out, (const int8_t *)g_want, k->total);
    return ok;
}

static void random_case(kiln_rng *r, int32_t it, bool is16)
{
    int32_t o[4], a[4], b[4];
    im_broadcast_shape(r, it & 0xFF, MAX_ELEMS, it % 53 == 11, o, a, b);
    const int32_t total = im_count4(o), n1 = im_count4(a), n2 = im_count4(b);
    cmp_params p;
    draw_params(r, is16, (it % 4 == 3) ? 1 : 0, &p);
    const int32_t vmin = is16 ? INT16_MIN : INT8_MIN, vmax = is16 ? INT16_MAX : INT8_MAX;
    fill(r, g_in1, n1, is16, it % 2);
    if (it % 3 == 0 && p.off1 == p.off2 && p.mult1 == p.mult2 && p.shift1 == p.shift2)
    {
        fill(r, g_in2, n2, is16, 0);
        for (int32_t i = 0; i < n2 && i < n1; i++)
        {
            g_in2[i] = (int16_t)(g_in1[i] + kiln_rng_range(r, -1, 1) * (g_in1[i] != vmin && g_in1[i] != vmax));
        }
    }
    else
    {
        fill(r, g_in2, n2, is16, (it / 2) % 2);
    }
    for (int32_t i = 0; i < n1; i++)
    {
        g_b1[i] = (int8_t)g_in1[i];
    }
    for (int32_t i = 0; i < n2; i++)
    {
        g_b2[i] = (int8_t)g_in2[i];
    }
    memcpy(g_copy1, g_in1, sizeof(int16_t) * (size_t)n1);
    memcpy(g_copy2, g_in2, sizeof(int16_t) * (size_t)n2);
    memcpy(g_bcopy1, g_b1, (size_t)n1);
    memcpy(g_bcopy2, g_b2, (size_t)n2);
    const bool valid = ref_valid(&p, vmin, vmax);
    if (valid)
    {
        ref_compare(g_in1, a, g_in2, b, o, &p, g_want);
    }
    const cmsis_nn_dims d1 = {a[0], a[1], a[2], a[3]}, d2 = {b[0], b[1], b[2], b[3]}, dout = {o[0], o[1], o[2], o[3]};
    kiln_test_context("s%d it=%ld in1={%ld,%ld,%ld,%ld} in2={%ld,%ld,%ld,%ld} off=%ld/%ld mult=%ld/%ld "
                      "shift=%ld/%ld ls=%ld op=%ld valid=%d",
                      is16 ? 16 : 8, (long)it, (long)a[0], (long)a[1], (long)a[2], (long)a[3], (long)b[0], (long)b[1],
                      (long)b[2], (long)b[3], (long)p.off1, (long)p.off2, (long)p.mult1, (long)p.mult2, (long)p.shift1,
                      (long)p.shift2, (long)p.left_shift, (long)p.op, (int)valid);
    memset(g_out, IM_CANARY, sizeof(g_out));
    memset(g_out2, IM_CANARY, sizeof(g_out2));
    bool *out = (bool *)(void *)(g_out + IM_GUARD), *out2 = (bool *)(void *)(g_out2 + IM_GUARD);
    arm_cmsis_nn_status rc, rc2 = ARM_CMSIS_NN_ARG_ERROR;
    const bool op_ok = p.op >= 0 && p.op <= 5;
    if (is16)
    {
        rc = arm_comparison_s16(NULL, g_in1, &d1, g_in2, &d2, out, &dout, p.off1, p.mult1, p.shift1, p.off2, p.mult2,
                                p.shift2, p.left_shift, (arm_nn_compare_operation)p.op);
        if (op_ok)
        {
            rc2 = k_named_s16[p.op](NULL, g_in1, &d1, g_in2, &d2, out2, &dout, p.off1, p.mult1, p.shift1, p.off2,
                                    p.mult2, p.shift2, p.left_shift);
        }
        KILN_CHECK_MEM_S16(g_in1, g_copy1, n1);
        KILN_CHECK_MEM_S16(g_in2, g_copy2, n2);
    }
    else
    {
        rc = arm_comparison_s8(NULL, g_b1, &d1, g_b2, &d2, out, &dout, p.off1, p.mult1, p.shift1, p.off2, p.mult2,
                               p.shift2, p.left_shift, (arm_nn_compare_operation)p.op);
        if (op_ok)
        {
            rc2 = k_named_s8[p.op](NULL, g_b1, &d1, g_b2, &d2, out2, &dout, p.off1, p.mult1, p.shift1, p.off2, p.mult2,
                                   p.shift2, p.left_shift);
        }
        KILN_CHECK_MEM_S8(g_b1, g_bcopy1, n1);
        KILN_CHECK_MEM_S8(g_b2, g_bcopy2, n2);
    }
    if (!valid)
    {
        g_invalid_seen++;
        KILN_CHECK_EQ(rc, ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK_EQ(rc2, ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK(im_all_canary(g_out, sizeof(g_out)));
        KILN_CHECK(im_all_canary(g_out2, sizeof(g_out2)));
        return;
    }
    g_valid_seen++;
    for (int32_t i = 0; i < total; i++)
    {
        g_true_seen += g_want[i];
        g_false_seen += 1 - g_want[i];
    }
    KILN_CHECK_EQ(rc, ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK_EQ(rc2, ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK_MEM_S8((const int8_t *)(g_out + IM_GUARD), (const int8_t *)g_want, total);
    KILN_CHECK_MEM_S8((const int8_t *)(g_out2 + IM_GUARD), (const int8_t *)g_want, total);
    KILN_CHECK(im_guards_intact(g_out, (size_t)total));
    KILN_CHECK(im_guards_intact(g_out2, (size_t)total));
    if (it % 8 == 0)
    {
        const size_t es = is16 ? sizeof(int16_t) : 1u;
        edge_call k = {is16,
                       &d1,
                       &d2,
                       &dout,
                       &p,
                       is16 ? (void *)g_in1 : (void *)g_b1,
                       is16 ? (void *)g_in2 : (void *)g_b2,
                       g_out + IM_GUARD,
                       total};
        const kiln_edge_operand ops[] = {
            {"input 1", &k.a, es * (size_t)n1}, {"input 2", &k.b, es * (size_t)n2}, {"output", &k.out, (size_t)total}};
        kiln_edge_each(ops, 3, edge_run, &k);
    }
}

static void run_random(bool is16, uint64_t seed)
{
    kiln_rng r;
    kiln_rng_seed(&r, seed);
    const int32_t iters = kiln_test_iterations(4096, 400);
    g_valid_seen = g_invalid_seen = g_true_seen = g_false_seen = 0;
    for (int32_t it = 0; it < iters; it++)
    {
        random_case(&r, it, is16);
    }
    /* Both sides of the acceptance limits and both outcomes came up. */
    kiln_test_context("valid %ld invalid %ld true %ld false %ld", (long)g_valid_seen, (long)g_invalid_seen,
                      (long)g_true_seen, (long)g_false_seen);
    KILN_CHECK(g_valid_seen > iters / 2);
    KILN_CHECK(g_invalid_seen > iters / 40);
    KILN_CHECK(g_true_seen > 100 && g_false_seen > 100);
}

static void test_comparison_s8_random(void)
{
    run_random(false, 0xC0A8001u);
}

static void test_comparison_s16_random(void)
{
    run_random(true, 0xC0A8002u);
}

/* TFLite's int8 form with equal scales and zero points compares the stored values: a direct check of the
 * reference itself on every pair of int8 values (so the reference cannot drift from the plain comparison). */
static void test_comparison_s8_all_pairs(void)
{
    static int8_t xs[256 * 256], ys[256 * 256];
    static uint8_t out[256 * 256];
    for (int32_t i = 0; i < 256 * 256; i++)
    {
        xs[i] = (int8_t)(i >> 8);
        ys[i] = (int8_t)(i & 0xFF);
    }
    const cmsis_nn_dims d = {1, 1, 256, 256};
    int32_t mult, shift;
    im_quantize_multiplier(0.5, &mult, &shift);
    for (int32_t op = 0; op < 6; op++)
    {
        kiln_test_context("op %ld", (long)op);
        KILN_CHECK_EQ(arm_comparison_s8(NULL, xs, &d, ys, &d, (bool *)(void *)out, &d, 3, mult, shift, 3, mult, shift,
                                        8, (arm_nn_compare_operation)op),
                      ARM_CMSIS_NN_SUCCESS);
        int32_t bad = 0;
        for (int32_t i = 0; i < 256 * 256; i++)
        {
            bad += out[i] != (uint8_t)ref_op(xs[i], ys[i], op);
        }
        KILN_CHECK_EQ(bad, 0);
    }
}

/* The largest (dir > 0) or smallest (dir < 0) offset of input 1 that ref_valid accepts with the other fields of
 * *p, by bisection (validity is monotonic in the offset on each side of a valid start); p->off1 must be valid. */
static int32_t edge_offset(cmp_params p, int32_t vmin, int32_t vmax, int32_t dir)
{
    int64_t good = p.off1, bad = dir > 0 ? (int64_t)INT32_MAX + 1 : (int64_t)INT32_MIN - 1;
    while ((dir > 0 ? bad - good : good - bad) > 1)
    {
        const int64_t mid = good + (bad - good) / 2;
        p.off1 = (int32_t)mid;
        if (ref_valid(&p, vmin, vmax))
        {
            good = mid;
        }
        else
        {
            bad = mid;
        }
    }
    return (int32_t)good;
}

/* At the exact limits of the accepted offsets (for random left shifts, multipliers and shifts of both signs):
 * the last accepted offset gives the reference's outputs on data holding the type's extremes, the next one is
 * rejected. */
static void test_comparison_offset_limits(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0xC0A8003u);
    const int32_t iters = kiln_test_iterations(600, 60);
    int32_t checked = 0;
    for (int32_t it = 0; it < iters; it++)
    {
        const bool is16 = (it & 1) != 0;
        const int32_t vmin = is16 ? INT16_MIN : INT8_MIN, vmax = is16 ? INT16_MAX : INT8_MAX;
        cmp_params p;
        p.op = kiln_rng_range(&r, 0, 5);
        p.left_shift = kiln_rng_range(&r, 0, is16 ? 14 : 20);
        p.mult1 = kiln_rng_range(&r, 0, 3) == 0 ? INT32_MAX : kiln_rng_range(&r, 0, INT32_MAX);
        p.shift1 = kiln_rng_range(&r, -31, 6);
        p.mult2 = kiln_rng_range(&r, 1 << 30, INT32_MAX);
        p.shift2 = kiln_rng_range(&r, -20, -1);
        p.off1 = 0;
        p.off2 = kiln_rng_range(&r, -100, 100);
        if (!ref_valid(&p, vmin, vmax))
        {
            continue;
        }
        const int32_t dir = (it & 2) ? 1 : -1;
        const int32_t edge = edge_offset(p, vmin, vmax, dir);
        const int32_t n = 64;
        for (int32_t i = 0; i < n; i++)
        {
            g_in1[i] = (int16_t)(i < 8 ? (i & 1 ? vmin : vmax) : kiln_rng_range(&r, vmin, vmax));
            g_in2[i] = (int16_t)kiln_rng_range(&r, vmin, vmax);
            g_b1[i] = (int8_t)g_in1[i];
            g_b2[i] = (int8_t)g_in2[i];
        }
        const int32_t dims[4] = {1, 1, 1, n};
        const cmsis_nn_dims d = {1, 1, 1, n};
        bool *out = (bool *)(void *)(g_out + IM_GUARD);
        for (int32_t step = 0; step < 2; step++)
        {
            p.off1 = edge;
            if (step == 1)
            {
                if (edge == (dir > 0 ? INT32_MAX : INT32_MIN))
                {
                    break; /* every offset on that side is accepted */
                }
                p.off1 = edge + dir;
            }
            kiln_test_context("s%d it=%ld edge off1=%ld step=%ld ls=%ld mult1=%ld shift1=%ld", is16 ? 16 : 8, (long)it,
                              (long)p.off1, (long)step, (long)p.left_shift, (long)p.mult1, (long)p.shift1);
            memset(g_out, IM_CANARY, sizeof(g_out));
            const arm_cmsis_nn_status rc =
                is16 ? arm_comparison_s16(NULL, g_in1, &d, g_in2, &d, out, &d, p.off1, p.mult1, p.shift1, p.off2,
                                          p.mult2, p.shift2, p.left_shift, (arm_nn_compare_operation)p.op)
                     : arm_comparison_s8(NULL, g_b1, &d, g_b2, &d, out, &d, p.off1, p.mult1, p.shift1, p.off2, p.mult2,
                                         p.shift2, p.left_shift, (arm_nn_compare_operation)p.op);
            if (step == 0)
            {
                KILN_CHECK_EQ(rc, ARM_CMSIS_NN_SUCCESS);
                ref_compare(g_in1, dims, g_in2, dims, dims, &p, g_want);
                KILN_CHECK_MEM_S8((const int8_t *)out, (const int8_t *)g_want, n);
                KILN_CHECK(im_guards_intact(g_out, (size_t)n));
                checked++;
            }
            else
            {
                KILN_CHECK_EQ(rc, ARM_CMSIS_NN_ARG_ERROR);
                KILN_CHECK(im_all_canary(g_out, sizeof(g_out)));
            }
        }
    }
    KILN_CHECK(checked > iters / 4);
}

static void test_comparison_bad_input(void)
{
    static int8_t a8[64], b8[64];
    static int16_t a16[64], b16[64];
    const cmsis_nn_dims d = {1, 2, 4, 8}, d4 = {1, 2, 4, 4}, neg = {1, 2, -4, 8}, big = {65536, 65536, 1, 1};
    const cmsis_nn_dims one = {1, 1, 1, 1};
    int32_t m, s;
    im_quantize_multiplier(0.4, &m, &s);
    struct
    {
        const char *what;
        int32_t nulls; /* bit 0 in1, 1 in1 dims, 2 in2, 3 in2 dims, 4 out, 5 out dims */
        const cmsis_nn_dims *d1, *d2, *dout;
        cmp_params p;
    } cases[] = {
        {"NULL input 1", 1, &d, &d, &d, {0, m, s, 0, m, s, 8, 0}},
        {"NULL input 1 dims", 2, &d, &d, &d, {0, m, s, 0, m, s, 8, 0}},
        {"NULL input 2", 4, &d, &d, &d, {0, m, s, 0, m, s, 8, 0}},
        {"NULL input 2 dims", 8, &d, &d, &d, {0, m, s, 0, m, s, 8, 0}},
        {"NULL output", 16, &d, &d, &d, {0, m, s, 0, m, s, 8, 0}},
        {"NULL output dims", 32, &d, &d, &d, {0, m, s, 0, m, s, 8, 0}},
        {"dims that do not broadcast", 0, &d, &d4, &d, {0, m, s, 0, m, s, 8, 0}},
        {"output not the broadcast", 0, &d, &d, &d4, {0, m, s, 0, m, s, 8, 0}},
        {"negative dim", 0, &neg, &neg, &neg, {0, m, s, 0, m, s, 8, 0}},
        {"over INT32_MAX outputs", 0, &big, &one, &big, {0, m, s, 0, m, s, 8, 0}},
        {"operation 6", 0, &d, &d, &d, {0, m, s, 0, m, s, 8, 6}},
        {"operation -1", 0, &d, &d, &d, {0, m, s, 0, m, s, 8, -1}},
        {"left shift -1", 0, &d, &d, &d, {0, m, s, 0, m, s, -1, 0}},
        {"left shift 31", 0, &d, &d, &d, {0, m, s, 0, m, s, 31, 0}},
        {"negative multiplier 1", 0, &d, &d, &d, {0, -m, s, 0, m, s, 8, 0}},
        {"negative multiplier 2", 0, &d, &d, &d, {0, m, s, 0, -1, s, 8, 0}},
        {"shift 1 = 31", 0, &d, &d, &d, {0, m, 31, 0, m, s, 0, 0}},
        {"shift 2 = -32", 0, &d, &d, &d, {0, m, s, 0, m, -32, 8, 0}},
        {"offset 1 overflows the left shift", 0, &d, &d, &d, {INT32_MAX, m, s, 0, m, s, 8, 0}},
        {"offset 2 overflows the left shift", 0, &d, &d, &d, {0, m, s, -(1 << 23), m, s, 8, 0}},
        {"shift overflows", 0, &d, &d, &d, {0, m, s, 0, m, 22, 8, 0}},
    };
    for (int32_t bits = 8; bits <= 16; bits += 8)
    {
        for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++)
        {
            const int32_t z = cases[k].nulls;
            const cmp_params *p = &cases[k].p;
            bool *out = (z & 16) ? NULL : (bool *)(void *)(g_out + IM_GUARD);
            const cmsis_nn_dims *d1 = (z & 2) ? NULL : cases[k].d1, *d2 = (z & 8) ? NULL : cases[k].d2;
            const cmsis_nn_dims *dout = (z & 32) ? NULL : cases[k].dout;
            kiln_test_context("s%ld: %s", (long)bits, cases[k].what);
            memset(g_out, IM_CANARY, sizeof(g_out));
            arm_cmsis_nn_status rc, rc2 = ARM_CMSIS_NN_ARG_ERROR;
            if (bits == 8)
            {
                rc = arm_comparison_s8(NULL, (z & 1) ? NULL : a8, d1, (z & 4) ? NULL : b8, d2, out, dout, p->off1,
                                       p->mult1, p->shift1, p->off2, p->mult2, p->shift2, p->left_shift,
                                       (arm_nn_compare_operation)p->op);
                if (p->op >= 0 && p->op <= 5)
                {
                    rc2 = k_named_s8[p->op](NULL, (z & 1) ? NULL : a8, d1, (z & 4) ? NULL : b8, d2, out, dout, p->off1,
                                            p->mult1, p->shift1, p->off2, p->mult2, p->shift2, p->left_shift);
                }
            }
            else
            {
                rc = arm_comparison_s16(NULL, (z & 1) ? NULL : a16, d1, (z & 4) ? NULL : b16, d2, out, dout, p->off1,
                                        p->mult1, p->shift1, p->off2, p->mult2, p->shift2, p->left_shift,
                                        (arm_nn_compare_operation)p->op);
                if (p->op >= 0 && p->op <= 5)
                {
                    rc2 = k_named_s16[p->op](NULL, (z & 1) ? NULL : a16, d1, (z & 4) ? NULL : b16, d2, out, dout,
                                             p->off1, p->mult1, p->shift1, p->off2, p->mult2, p->shift2, p->left_shift);
                }
            }
            KILN_CHECK_EQ(rc, ARM_CMSIS_NN_ARG_ERROR);
            KILN_CHECK_EQ(rc2, ARM_CMSIS_NN_ARG_ERROR);
            KILN_CHECK(im_all_canary(g_out, sizeof(g_out)));
        }
        /* The table's base parameters are accepted: each row fails for its own fault. */
        kiln_test_context("s%ld: base", (long)bits);
        bool *out = (bool *)(void *)(g_out + IM_GUARD);
        KILN_CHECK_EQ(bits == 8
                          ? arm_comparison_s8(NULL, a8, &d, b8, &d, out, &d, 0, m, s, 0, m, s, 8, ARM_COMPARE_LESS)
                          : arm_comparison_s16(NULL, a16, &d, b16, &d, out, &d, 0, m, s, 0, m, s, 8, ARM_COMPARE_LESS),
                      ARM_CMSIS_NN_SUCCESS);
    }
}

int main(void)
{
    KILN_RUN(test_comparison_s8_all_pairs);
    KILN_RUN(test_comparison_s8_random);
    KILN_RUN(test_comparison_s16_random);
    KILN_RUN(test_comparison_offset_limits);
    KILN_RUN(test_comparison_bad_input);
    return kiln_test_finish();
}
