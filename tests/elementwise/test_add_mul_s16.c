/*
 * arm_elementwise_add_s16 / arm_elementwise_mul_s16 against tests/reference: the shared vectors
 * add_s16, add_s16_spill, mul_s16, mul_s16_spill bit-exact (and the reference with them);
 * random differential cases (lengths 0..100 and longer, in place on either input or both,
 * extreme input values, activation clamps, guard words around the output, each operand at both
 * edges of accessible memory) with TFLite's parameters and with parameters anywhere in the
 * accepted ranges; the accept / reject decision against an independent overflow oracle (and the
 * reference's own); the oracle's premise checked by brute force; a bad-input table (each error
 * leaves the output untouched).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "arm_nnfunctions.h"
#include "kiln_ref.h"
#include "kiln_test.h"
#include "kiln_vectors/add_s16.h"
#include "kiln_vectors/add_s16_spill.h"
#include "kiln_vectors/mul_s16.h"
#include "kiln_vectors/mul_s16_spill.h"

#define GUARD 16
#define MAX_N 1100
#define CANARY ((int16_t)0x5A5A)
#define Q31_HALF (1 << 30)

static int16_t g_in1[MAX_N + 4], g_in2[MAX_N + 4];
static int16_t g_out[MAX_N + 2 * GUARD + 4];
static int16_t g_want[MAX_N];

typedef struct
{
    int32_t o1, m1, s1, o2, m2, s2, ls, oo, om, os, amin, amax;
} add_params;

typedef struct
{
    int32_t o1, o2, oo, om, os, amin, amax;
} mul_params;

static arm_cmsis_nn_status call_add(const int16_t *a, const int16_t *b, int16_t *out, const add_params *p, int32_t n)
{
    return arm_elementwise_add_s16(a, b, p->o1, p->m1, p->s1, p->o2, p->m2, p->s2, p->ls, out, p->oo, p->om, p->os,
                                   p->amin, p->amax, n);
}

static int ref_add(const int16_t *a, const int16_t *b, int16_t *out, const add_params *p, int32_t n)
{
    return kiln_ref_add_s16(a, b, p->o1, p->m1, p->s1, p->o2, p->m2, p->s2, p->ls, out, p->oo, p->om, p->os, p->amin,
                            p->amax, n);
}

static arm_cmsis_nn_status call_mul(const int16_t *a, const int16_t *b, int16_t *out, const mul_params *p, int32_t n)
{
    return arm_elementwise_mul_s16(a, b, p->o1, p->o2, out, p->oo, p->om, p->os, p->amin, p->amax, n);
}

static int ref_mul(const int16_t *a, const int16_t *b, int16_t *out, const mul_params *p, int32_t n)
{
    return kiln_ref_mul_s16(a, b, p->o1, p->o2, out, p->oo, p->om, p->os, p->amin, p->amax, n);
}

/* The GUARD words before buf + GUARD and after its n words still hold the canary. */
static bool guards_intact(const int16_t *buf, int32_t n)
{
    for (int32_t i = 0; i < GUARD; i++)
    {
        if (buf[i] != CANARY || buf[GUARD + n + i] != CANARY)
        {
            return false;
        }
    }
    return true;
}

/* Every word of g_out still holds the canary. */
static bool out_untouched(void)
{
    for (size_t i = 0; i < sizeof(g_out) / sizeof(g_out[0]); i++)
    {
        if (g_out[i] != CANARY)
        {
            return false;
        }
    }
    return true;
}

static bool fits32(int64_t v)
{
    return v >= INT32_MIN && v <= INT32_MAX;
}

/* ---- independent overflow oracle ------------------------------------------------------------------------------ */

/*
 * The range [*lo, *hi] of requantize(v, m, s) over v in [vlo, vhi], or false when v or its left shift
 * v * 2^max(s, 0) leaves int32 somewhere in the range. Evaluated at the ends: requantize is
 * non-decreasing in v for m >= 0 (test_range_premise checks that by brute force), and a range of
 * v fits when its ends do.
 */
static bool requant_range(int64_t vlo, int64_t vhi, int32_t m, int32_t s, int64_t *lo, int64_t *hi)
{
    const int64_t f = (int64_t)1 << (s > 0 ? s : 0);
    if (!fits32(vlo) || !fits32(vhi) || !fits32(vlo * f) || !fits32(vhi * f))
    {
        return false;
    }
    *lo = kiln_ref_multiply_by_quantized_multiplier((int32_t)vlo, m, s);
    *hi = kiln_ref_multiply_by_quantized_multiplier((int32_t)vhi, m, s);
    return true;
}

static bool offset_ok(int32_t o)
{
    return o >= -65535 && o <= 65535;
}

static bool shift_ok(int32_t s)
{
    return s >= -31 && s <= 30;
}

static bool act_ok(int32_t amin, int32_t amax)
{
    return amin <= amax && amin >= -32768 && amax <= 32767;
}

/* The header's contract of arm_elementwise_add_s16 (pointers and size aside), stage by stage. */
static bool add_params_ok(const add_params *p)
{
    if (!offset_ok(p->o1) || !offset_ok(p->o2) || !offset_ok(p->oo) || p->ls < 0 || p->ls > 31 || p->m1 < 0 ||
        p->m2 < 0 || p->om < 0 || !shift_ok(p->s1) || !shift_ok(p->s2) || !shift_ok(p->os) || !act_ok(p->amin, p->amax))
    {
        return false;
    }
    const int64_t f = (int64_t)1 << p->ls;
    int64_t lo1, hi1, lo2, hi2, lo, hi;
    if (!requant_range((-32768 + (int64_t)p->o1) * f, (32767 + (int64_t)p->o1) * f, p->m1, p->s1, &lo1, &hi1) ||
        !requant_range((-32768 + (int64_t)p->o2) * f, (32767 + (int64_t)p->o2) * f, p->m2, p->s2, &lo2, &hi2) ||
        !requant_range(lo1 + lo2, hi1 + hi2, p->om, p->os, &lo, &hi))
    {
        return false;
    }
    return fits32(lo + p->oo) && fits32(hi + p->oo);
}

/* The same for arm_elementwise_mul_s16: the product's range from the corners of the input ranges. */
static bool mul_params_ok(const mul_params *p)
{
    if (!offset_ok(p->o1) || !offset_ok(p->o2) || !offset_ok(p->oo) || p->om < 0 || !shift_ok(p->os) ||
        !act_ok(p->amin, p->amax))
    {
        return false;
    }
    const int64_t a[2] = {-32768 + (int64_t)p->o1, 32767 + (int64_t)p->o1};
    const int64_t b[2] = {-32768 + (int64_t)p->o2, 32767 + (int64_t)p->o2};
    int64_t plo = INT64_MAX, phi = INT64_MIN;
    for (int32_t i = 0; i < 4; i++)
    {
        const int64_t c = a[i >> 1] * b[i & 1];
        plo = c < plo ? c : plo;
        phi = c > phi ? c : phi;
    }
    int64_t lo, hi;
    return requant_range(plo, phi, p->om, p->os, &lo, &hi) && fits32(lo + p->oo) && fits32(hi + p->oo);
}

/* ---- data and parameters ---------------------------------------------------------------------------------------- */

static void fill_s16(kiln_rng *r, int16_t *dst, int32_t n)
{
    /* Uniform, or a third of the elements at each extreme (the saturating ends), or small values. */
    const uint32_t mode = kiln_rng_u32(r) % 3u;
    for (int32_t i = 0; i < n; i++)
    {
        const uint32_t u = kiln_rng_u32(r);
        if (mode == 1 && (u & 3u) < 2u)
        {
            dst[i] = (u & 1u) ? INT16_MAX : INT16_MIN;
        }
        else if (mode == 2)
        {
            dst[i] = (int16_t)kiln_rng_range(r, -300, 300);
        }
        else
        {
            dst[i] = (int16_t)(u >> 16);
        }
    }
}

/* A multiplier in TFLite's range [2^30, 2^31), or one of its ends. */
static int32_t rand_q31(kiln_rng *r)
{
    switch (kiln_rng_range(r, 0, 7))
    {
    case 0:
        return Q31_HALF;
    case 1:
        return INT32_MAX;
    default:
        return kiln_rng_range(r, Q31_HALF, INT32_MAX);
    }
}

/* A multiplier anywhere in [0, INT32_MAX], often an edge. */
static int32_t rand_mult(kiln_rng *r)
{
    static const int32_t edges[] = {0, 1, Q31_HALF, INT32_MAX, 1518500250};
    switch (kiln_rng_range(r, 0, 3))
    {
    case 0:
        return edges[kiln_rng_range(r, 0, 4)];
    case 1:
        return kiln_rng_range(r, 0, INT32_MAX);
    default:
        return rand_q31(r);
    }
}

/* An offset anywhere in [-65535, 65535] (or just outside), often an edge or small. */
static int32_t rand_offset(kiln_rng *r)
{
    static const int32_t edges[] = {-65536, -65535, -32768, -1, 0, 1, 32767, 32768, 65535, 65536};
    switch (kiln_rng_range(r, 0, 5))
    {
    case 0:
        return edges[kiln_rng_range(r, 0, 9)];
    case 1:
        return kiln_rng_range(r, -65535, 65535);
    case 2:
        return kiln_rng_range(r, -300, 300);
    default:
        return 0;
    }
}

static void rand_act(kiln_rng *r, int32_t *amin, int32_t *amax)
{
    if (kiln_rng_u32(r) & 1u)
    {
        *amin = INT16_MIN;
        *amax = INT16_MAX;
        return;
    }
    *amin = kiln_rng_range(r, INT16_MIN, INT16_MAX);
    *amax = kiln_rng_range(r, *amin, INT16_MAX);
}

/* TFLite's int16 ADD: zero offsets, left shift 15, the larger input scale 0.5 (2^30, shift 0), the other one at
 * most 0.5 (a Q31 multiplier with a right shift), the output multiplier 2 max_scale / (2^15 s_out). */
static void rand_tflite_add(kiln_rng *r, add_params *p)
{
    p->o1 = p->o2 = p->oo = 0;
    p->ls = 15;
    const bool equal = kiln_rng_range(r, 0, 3) == 0;
    const int32_t m = equal ? Q31_HALF : rand_q31(r), s = equal ? 0 : -kiln_rng_range(r, 1, 12);
    const bool first_larger = (kiln_rng_u32(r) & 1u) != 0;
    p->m1 = first_larger ? Q31_HALF : m;
    p->s1 = first_larger ? 0 : s;
    p->m2 = first_larger ? m : Q31_HALF;
    p->s2 = first_larger ? s : 0;
    p->om = rand_q31(r);
    p->os = kiln_rng_range(r, 0, 7) == 0 ? kiln_rng_range(r, -31, 0) : kiln_rng_range(r, -18, -10);
    rand_act(r, &p->amin, &p->amax);
}

/* ADD parameters anywhere in (or just outside) the accepted ranges. */
static void rand_any_add(kiln_rng *r, add_params *p)
{
    p->o1 = rand_offset(r);
    p->o2 = rand_offset(r);
    p->ls = (kiln_rng_u32(r) & 1u) ? kiln_rng_range(r, 0, 31) : kiln_rng_range(r, 0, 17);
    p->m1 = rand_mult(r);
    p->m2 = rand_mult(r);
    p->s1 = (kiln_rng_u32(r) & 3u) ? kiln_rng_range(r, -31, 2) : kiln_rng_range(r, -31, 30);
    p->s2 = (kiln_rng_u32(r) & 3u) ? kiln_rng_range(r, -31, 2) : kiln_rng_range(r, -31, 30);
    p->om = rand_mult(r);
    switch (kiln_rng_range(r, 0, 3))
    {
    case 0:
        p->os = kiln_rng_range(r, -31, 30);
        break;
    case 1:
        p->os = kiln_rng_range(r, -31, 2);
        break;
    default:
        /* Back near the int16 scale: outputs that are not all clamped. */
        p->os = -(p->ls + (p->s1 > p->s2 ? p->s1 : p->s2)) + kiln_rng_range(r, -1, 3);
        p->os = p->os < -31 ? -31 : (p->os > 30 ? 30 : p->os);
        break;
    }
    p->oo = (kiln_rng_u32(r) & 3u) ? rand_offset(r) : kiln_rng_range(r, -65536, 65536);
    rand_act(r, &p->amin, &p->amax);
}

/* TFLite's int16 MUL: zero offsets, the multiplier s1 s2 / s_out as Q31 with a right shift. */
static void rand_tflite_mul(kiln_rng *r, mul_params *p)
{
    p->o1 = p->o2 = p->oo = 0;
    p->om = rand_q31(r);
    p->os = kiln_rng_range(r, 0, 7) == 0 ? kiln_rng_range(r, -31, 0) : kiln_rng_range(r, -18, -10);
    rand_act(r, &p->amin, &p->amax);
}

/* MUL parameters anywhere in (or just outside) the accepted ranges. */
static void rand_any_mul(kiln_rng *r, mul_params *p)
{
    p->o1 = rand_offset(r);
    p->o2 = (kiln_rng_u32(r) & 1u) ? rand_offset(r) : kiln_rng_range(r, -16000, 16000);
    p->om = rand_mult(r);
    switch (kiln_rng_range(r, 0, 2))
    {
    case 0:
        p->os = kiln_rng_range(r, -31, 30);
        break;
    case 1:
        p->os = kiln_rng_range(r, -31, 2);
        break;
    default:
        p->os = kiln_rng_range(r, -20, -12);
        break;
    }
    p->oo = (kiln_rng_u32(r) & 3u) ? rand_offset(r) : kiln_rng_range(r, -65536, 65536);
    rand_act(r, &p->amin, &p->amax);
}

/* ---- one differential case ------------------------------------------------------------------------------------- */

typedef struct
{
    bool is_add;
    const add_params *pa;
    const mul_params *pm;
} op_call;

static arm_cmsis_nn_status call_op(const op_call *c, const int16_t *a, const int16_t *b, int16_t *out, int32_t n)
{
    return c->is_add ? call_add(a, b, out, c->pa, n) : call_mul(a, b, out, c->pm, n);
}

static int ref_op(const op_call *c, const int16_t *a, const int16_t *b, int16_t *out, int32_t n)
{
    return c->is_add ? ref_add(a, b, out, c->pa, n) : ref_mul(a, b, out, c->pm, n);
}

/* One call with the operands where kiln_edge_each() puts them (void * slots). */
typedef struct
{
    const op_call *c;
    int32_t n;
    void *a, *b, *out;
} edge_call;

static bool edge_run(void *arg)
{
    const edge_call *k = (const edge_call *)arg;
    bool ok = KILN_CHECK_EQ(call_op(k->c, (const int16_t *)k->a, (const int16_t *)k->b, (int16_t *)k->out, k->n),
                            ARM_CMSIS_NN_SUCCESS);
    ok &= KILN_CHECK_MEM_S16((const int16_t *)k->out, g_want, k->n);
    return ok;
}

/* The call again with each operand at the end and at the start of accessible memory: nothing is read or written
 * outside any of them (a fault on the boards, AddressSanitizer on the host). */
static void run_edges(const op_call *c, const int16_t *a, const int16_t *b, int32_t n)
{
    edge_call k = {c, n, kiln_edge_ptr(a), kiln_edge_ptr(b), g_out + GUARD};
    const size_t bytes = (size_t)n * sizeof(int16_t);
    const kiln_edge_operand ops[] = {{"input 1", &k.a, bytes}, {"input 2", &k.b, bytes}, {"output", &k.out, bytes}};
    kiln_edge_each(ops, 3, edge_run, &k);
}

/* A valid parameter set on random data: equal to the reference, guards intact, in place on either input or both,
 * every other call also with each operand at the edges of memory. */
static void run_case(kiln_rng *r, const op_call *c, int32_t it)
{
    const int32_t n = (it % 10 == 9) ? kiln_rng_range(r, 101, MAX_N) : kiln_rng_range(r, 0, 100);
    const int32_t al1 = kiln_rng_range(r, 0, 3), al2 = kiln_rng_range(r, 0, 3), alo = kiln_rng_range(r, 0, 3);
    int16_t *a = g_in1 + al1, *b = g_in2 + al2;
    fill_s16(r, a, n);
    fill_s16(r, b, n);
    const int32_t alias = kiln_rng_range(r, 0, 4); /* 0: none, 1: out = in1, 2: out = in2, 3: all three, 4: in1 = in2 */
    if (alias >= 3)
    {
        b = a;
    }
    KILN_CHECK_EQ(ref_op(c, a, b, g_want, n), KILN_REF_OK);
    int16_t *out = g_out + alo + GUARD;
    memset(g_out, 0x5A, sizeof(g_out));
    if (alias == 1 || alias == 3)
    {
        out = a;
    }
    else if (alias == 2)
    {
        out = b;
    }
    KILN_CHECK_EQ(call_op(c, a, b, out, n), ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK_MEM_S16(out, g_want, n);
    if (out == g_out + alo + GUARD)
    {
        KILN_CHECK(guards_intact(g_out + alo, n));
    }
    else
    {
        KILN_CHECK(out_untouched());
    }
    if ((alias == 0 || alias == 4) && (it & 1) == 0) /* (in place, the inputs are gone) */
    {
        run_edges(c, a, b, n);
    }
}

/* A parameter set the oracle rejects: the reference and the library reject it, nothing written. */
static void run_rejected(kiln_rng *r, const op_call *c)
{
    fill_s16(r, g_in1, 64);
    fill_s16(r, g_in2, 64);
    memset(g_out, 0x5A, sizeof(g_out));
    KILN_CHECK_EQ(ref_op(c, g_in1, g_in2, g_out + GUARD, 64), KILN_REF_BAD_ARGS);
    KILN_CHECK_EQ(call_op(c, g_in1, g_in2, g_out + GUARD, 64), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(call_op(c, g_in1, g_in2, g_out + GUARD, 0), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK(out_untouched());
}

static void add_context(const char *what, int32_t it, const add_params *p)
{
    kiln_test_context("%s it=%ld o1=%ld m1=%ld s1=%ld o2=%ld m2=%ld s2=%ld ls=%ld oo=%ld om=%ld os=%ld act=[%ld,%ld]",
                      what, (long)it, (long)p->o1, (long)p->m1, (long)p->s1, (long)p->o2, (long)p->m2, (long)p->s2,
                      (long)p->ls, (long)p->oo, (long)p->om, (long)p->os, (long)p->amin, (long)p->amax);
}

static void mul_context(const char *what, int32_t it, const mul_params *p)
{
    kiln_test_context("%s it=%ld o1=%ld o2=%ld oo=%ld om=%ld os=%ld act=[%ld,%ld]", what, (long)it, (long)p->o1,
                      (long)p->o2, (long)p->oo, (long)p->om, (long)p->os, (long)p->amin, (long)p->amax);
}

/* ---- shared vectors ---------------------------------------------------------------------------------------------- */

static void check_vector(const op_call *c, const int16_t *in1, const int16_t *in2, const int16_t *want, int32_t n)
{
    KILN_CHECK(n <= MAX_N);
    memset(g_out, 0x5A, sizeof(g_out));
    KILN_CHECK_EQ(call_op(c, in1, in2, g_out + GUARD, n), ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK_MEM_S16(g_out + GUARD, want, n);
    KILN_CHECK(guards_intact(g_out, n));
    /* The reference agrees with the vector (so the random tests below test against TFLite). */
    KILN_CHECK_EQ(ref_op(c, in1, in2, g_want, n), KILN_REF_OK);
    KILN_CHECK_MEM_S16(g_want, want, n);
    /* Every prefix, in place on input 1 and on input 2. */
    for (int32_t k = 0; k <= n; k += (k < 40 ? 1 : 7))
    {
        kiln_test_context("prefix n=%ld", (long)k);
        memcpy(g_in1, in1, (size_t)n * sizeof(int16_t));
        KILN_CHECK_EQ(call_op(c, g_in1, in2, g_in1, k), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_MEM_S16(g_in1, want, k);
        KILN_CHECK_MEM_S16(g_in1 + k, in1 + k, n - k);
        memcpy(g_in2, in2, (size_t)n * sizeof(int16_t));
        KILN_CHECK_EQ(call_op(c, in1, g_in2, g_in2, k), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_MEM_S16(g_in2, want, k);
        KILN_CHECK_MEM_S16(g_in2 + k, in2 + k, n - k);
    }
    kiln_test_context("edges");
    memcpy(g_want, want, (size_t)n * sizeof(int16_t));
    run_edges(c, in1, in2, n);
}

#define ADD_VECTOR_PARAMS(UP)                                                                                          \
    {UP##_INPUT1_OFFSET, UP##_INPUT1_MULT,  UP##_INPUT1_SHIFT,  UP##_INPUT2_OFFSET,                                    \
     UP##_INPUT2_MULT,   UP##_INPUT2_SHIFT, UP##_LEFT_SHIFT,    UP##_OUTPUT_OFFSET,                                    \
     UP##_OUTPUT_MULT,   UP##_OUTPUT_SHIFT, UP##_OUT_ACTIVATION_MIN, UP##_OUT_ACTIVATION_MAX}
#define MUL_VECTOR_PARAMS(UP)                                                                                          \
    {UP##_INPUT1_OFFSET, UP##_INPUT2_OFFSET,      UP##_OUTPUT_OFFSET,     UP##_OUTPUT_MULT,                            \
     UP##_OUTPUT_SHIFT,  UP##_OUT_ACTIVATION_MIN, UP##_OUT_ACTIVATION_MAX}

static void test_vectors(void)
{
    const add_params pa = ADD_VECTOR_PARAMS(ADD_S16);
    const add_params pas = ADD_VECTOR_PARAMS(ADD_S16_SPILL);
    const mul_params pm = MUL_VECTOR_PARAMS(MUL_S16);
    const mul_params pms = MUL_VECTOR_PARAMS(MUL_S16_SPILL);
    KILN_CHECK(add_params_ok(&pa) && add_params_ok(&pas) && mul_params_ok(&pm) && mul_params_ok(&pms));
    op_call c = {true, &pa, NULL};
    kiln_test_context("add_s16");
    check_vector(&c, add_s16_input1, add_s16_input2, add_s16_output_ref, ADD_S16_DST_SIZE);
    c.pa = &pas;
    kiln_test_context("add_s16_spill");
    check_vector(&c, add_s16_spill_input1, add_s16_spill_input2, add_s16_spill_output_ref, ADD_S16_SPILL_DST_SIZE);
    c = (op_call){false, NULL, &pm};
    kiln_test_context("mul_s16");
    check_vector(&c, mul_s16_input1, mul_s16_input2, mul_s16_output_ref, MUL_S16_DST_SIZE);
    c.pm = &pms;
    kiln_test_context("mul_s16_spill");
    check_vector(&c, mul_s16_spill_input1, mul_s16_spill_input2, mul_s16_spill_output_ref, MUL_S16_SPILL_DST_SIZE);
}

/* ---- random differential tests ---------------------------------------------------------------------------------- */

static void test_add_random_tflite(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0xADD16001u);
    const int32_t iters = kiln_test_iterations(3000, 300);
    for (int32_t it = 0; it < iters; it++)
    {
        add_params p;
        rand_tflite_add(&r, &p);
        add_context("tflite", it, &p);
        KILN_CHECK(add_params_ok(&p)); /* TFLite's form is always accepted */
        const op_call c = {true, &p, NULL};
        run_case(&r, &c, it);
    }
}

static void test_add_random_any(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0xADD16002u);
    const int32_t iters = kiln_test_iterations(6000, 400);
    int32_t valid = 0, invalid = 0;
    for (int32_t it = 0; it < iters; it++)
    {
        add_params p;
        rand_any_add(&r, &p);
        add_context("any", it, &p);
        const op_call c = {true, &p, NULL};
        /* The reference's own check decides; the oracle must agree (the library's decision is checked by both
         * run_case and run_rejected). */
        int16_t probe;
        const bool ok = ref_add(g_in1, g_in2, &probe, &p, 0) == KILN_REF_OK;
        KILN_CHECK_EQ(ok, add_params_ok(&p));
        if (ok)
        {
            valid++;
            run_case(&r, &c, it);
        }
        else
        {
            invalid++;
            run_rejected(&r, &c);
        }
    }
    printf("add, any parameters: %ld valid, %ld rejected\n", (long)valid, (long)invalid);
    KILN_CHECK(valid >= iters / 8);
    KILN_CHECK(invalid >= iters / 8);
}

static void test_mul_random_tflite(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x3E116001u);
    const int32_t iters = kiln_test_iterations(3000, 300);
    for (int32_t it = 0; it < iters; it++)
    {
        mul_params p;
        rand_tflite_mul(&r, &p);
        mul_context("tflite", it, &p);
        KILN_CHECK(mul_params_ok(&p));
        const op_call c = {false, NULL, &p};
        run_case(&r, &c, it);
    }
}

static void test_mul_random_any(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x3E116002u);
    const int32_t iters = kiln_test_iterations(6000, 400);
    int32_t valid = 0, invalid = 0;
    for (int32_t it = 0; it < iters; it++)
    {
        mul_params p;
        rand_any_mul(&r, &p);
        mul_context("any", it, &p);
        const op_call c = {false, NULL, &p};
        int16_t probe;
        const bool ok = ref_mul(g_in1, g_in2, &probe, &p, 0) == KILN_REF_OK;
        KILN_CHECK_EQ(ok, mul_params_ok(&p));
        if (ok)
        {
            valid++;
            run_case(&r, &c, it);
        }
        else
        {
            invalid++;
            run_rejected(&r, &c);
        }
    }
    printf("mul, any parameters: %ld valid, %ld rejected\n", (long)valid, (long)invalid);
    KILN_CHECK(valid >= iters / 8);
    KILN_CHECK(invalid >= iters / 8);
}

/*
 * The oracle's premise, by brute force over all 65536 inputs: for one input's stage v = (x + offset) << ls,
 * q = requantize(v, m, s), some x overflows (v or v << max(s, 0) outside int32) exactly when one of the two ends
 * does, and otherwise q's minimum and maximum are the images of the ends (requantize is non-decreasing). The
 * output stage is the same function of the sum, whose range is the sum of the input ranges.
 */
static void test_range_premise(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0xADD16003u);
    const int32_t iters = kiln_test_iterations(48, 6);
    int32_t fitting = 0, overflowing = 0;
    for (int32_t it = 0; it < iters; it++)
    {
        /* Every third case fits (|in + off| <= 32771 << 15 < 2^31), every third overflows (32767 << 17), the
         * others are anywhere near the boundary. */
        const int32_t kind = it % 3;
        const int32_t off = kind == 2 ? rand_offset(&r) : kiln_rng_range(&r, -3, 3);
        const int32_t ls = kind == 0 ? kiln_rng_range(&r, 0, 15) : kiln_rng_range(&r, kind == 1 ? 16 : 0, 17);
        const int32_t m = rand_mult(&r);
        const int32_t s = kind == 0 ? kiln_rng_range(&r, -31, 0) : kiln_rng_range(&r, kind == 1 ? 1 : -31, 3);
        kiln_test_context("premise it=%ld off=%ld ls=%ld m=%ld s=%ld", (long)it, (long)off, (long)ls, (long)m, (long)s);
        const int64_t f = (int64_t)1 << ls, fs = (int64_t)1 << (s > 0 ? s : 0);
        bool any_overflow = false;
        int64_t qlo = INT64_MAX, qhi = INT64_MIN;
        for (int32_t x = INT16_MIN; x <= INT16_MAX; x++)
        {
            const int64_t v = ((int64_t)x + off) * f;
            if (!fits32(v) || !fits32(v * fs))
            {
                any_overflow = true;
                continue;
            }
            const int64_t q = kiln_ref_multiply_by_quantized_multiplier((int32_t)v, m, s);
            qlo = q < qlo ? q : qlo;
            qhi = q > qhi ? q : qhi;
        }
        int64_t lo, hi;
        const bool ends_fit = requant_range((-32768 + (int64_t)off) * f, (32767 + (int64_t)off) * f, m, s, &lo, &hi);
        KILN_CHECK_EQ(ends_fit, !any_overflow);
        if (ends_fit)
        {
            fitting++;
            KILN_CHECK_EQ(lo, qlo);
            KILN_CHECK_EQ(hi, qhi);
        }
        else
        {
            overflowing++;
        }
    }
    KILN_CHECK(fitting > 0 && overflowing > 0);
}

/* ---- the boundaries of the accepted ranges ----------------------------------------------------------------------- */

static void check_add_decision(const char *what, const add_params *p, bool want_ok)
{
    kiln_test_context("%s", what);
    KILN_CHECK_EQ(add_params_ok(p), want_ok);
    const op_call c = {true, p, NULL};
    if (want_ok)
    {
        kiln_rng r;
        kiln_rng_seed(&r, 0xADD16004u);
        fill_s16(&r, g_in1, 64);
        g_in1[0] = INT16_MIN;
        g_in1[1] = INT16_MAX;
        fill_s16(&r, g_in2, 64);
        g_in2[0] = INT16_MIN;
        g_in2[1] = INT16_MAX;
        KILN_CHECK_EQ(ref_op(&c, g_in1, g_in2, g_want, 64), KILN_REF_OK);
        memset(g_out, 0x5A, sizeof(g_out));
        KILN_CHECK_EQ(call_op(&c, g_in1, g_in2, g_out + GUARD, 64), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_MEM_S16(g_out + GUARD, g_want, 64);
        KILN_CHECK(guards_intact(g_out, 64));
    }
    else
    {
        kiln_rng r;
        kiln_rng_seed(&r, 0xADD16005u);
        run_rejected(&r, &c);
    }
}

static void check_mul_decision(const char *what, const mul_params *p, bool want_ok)
{
    kiln_test_context("%s", what);
    KILN_CHECK_EQ(mul_params_ok(p), want_ok);
    const op_call c = {false, NULL, p};
    if (want_ok)
    {
        kiln_rng r;
        kiln_rng_seed(&r, 0x3E116004u);
        fill_s16(&r, g_in1, 64);
        fill_s16(&r, g_in2, 64);
        for (int32_t i = 0; i < 4; i++) /* the four corners */
        {
            g_in1[i] = (i & 2) ? INT16_MAX : INT16_MIN;
            g_in2[i] = (i & 1) ? INT16_MAX : INT16_MIN;
        }
        KILN_CHECK_EQ(ref_op(&c, g_in1, g_in2, g_want, 64), KILN_REF_OK);
        memset(g_out, 0x5A, sizeof(g_out));
        KILN_CHECK_EQ(call_op(&c, g_in1, g_in2, g_out + GUARD, 64), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_MEM_S16(g_out + GUARD, g_want, 64);
        KILN_CHECK(guards_intact(g_out, 64));
    }
    else
    {
        kiln_rng r;
        kiln_rng_seed(&r, 0x3E116005u);
        run_rejected(&r, &c);
    }
}

/* Hand-worked ends of the ranges (each pair one step apart), so an off-by-one in any bound shows. */
static void test_boundaries(void)
{
    const add_params tfl = {0, Q31_HALF, 0, 0, Q31_HALF, 0, 15, 0, Q31_HALF, -14, INT16_MIN, INT16_MAX};
    add_params p = tfl;
    check_add_decision("add: TFLite form", &p, true);
    /* Input offsets with left shift 15: (32767 + 32768) << 15 and (-32768 - 32768) << 15 = -2^31 fit, one more
     * does not; an offset of 0 with left shift 16 still fits (-2^31 .. 32767 << 16), 17 does not. */
    p.o1 = 32768;
    check_add_decision("add: offset 32768 << 15", &p, true);
    p.o1 = 32769;
    check_add_decision("add: offset 32769 << 15 overflows", &p, false);
    p.o1 = 0;
    p.o2 = -32768;
    check_add_decision("add: offset -32768 << 15", &p, true);
    p.o2 = -32769;
    check_add_decision("add: offset -32769 << 15 overflows", &p, false);
    p = tfl;
    p.ls = 16;
    check_add_decision("add: left shift 16", &p, true);
    p.ls = 17;
    check_add_decision("add: left shift 17", &p, false);
    /* Input shift 1 after << 15: 32767 << 16 and -32768 << 16 fit; 2 does not. */
    p = tfl;
    p.s1 = 1;
    check_add_decision("add: input shift 1", &p, true);
    p.s1 = 2;
    check_add_decision("add: input shift 2", &p, false);
    /* The sum: two inputs of +-2^31 requantized by ~1 leave int32; by 0.5 they fit. */
    p = tfl;
    p.ls = 16;
    p.m1 = p.m2 = INT32_MAX;
    check_add_decision("add: sum overflows", &p, false);
    p.m2 = Q31_HALF;
    check_add_decision("add: sum of ~2^31 and 2^30 overflows", &p, false);
    p.m1 = Q31_HALF;
    check_add_decision("add: sum of halves fits", &p, true);
    /* Left shift 16, both halved: the sum spans [-2^31, 2147418112]; the output multiplier ~1 maps it to
     * [-2147483647, 2147418111]: output offsets -1 .. 65535 fit, -2 does not. Output shift 1 overflows. */
    p.om = INT32_MAX;
    p.os = 0;
    p.oo = -1;
    check_add_decision("add: output offset -1 at INT32_MIN", &p, true);
    p.oo = -2;
    check_add_decision("add: output offset -2 overflows", &p, false);
    p.oo = 65535;
    check_add_decision("add: output offset 65535", &p, true);
    p.oo = 0;
    p.os = 1;
    check_add_decision("add: output shift 1 overflows", &p, false);
    /* Left shift 0, inputs halved (rounding up: floor((v + 1) / 2)): the sum spans [-32768, 32768]; output
     * shift 15 fits, 16 does not (32768 << 16 = 2^31). */
    p = tfl;
    p.ls = 0;
    p.os = 15;
    check_add_decision("add: output shift 15", &p, true);
    p.os = 16;
    check_add_decision("add: output shift 16", &p, false);
    /* Offsets at the ends of their range with no left shift. */
    p = tfl;
    p.ls = 0;
    p.o1 = 65535;
    p.o2 = -65535;
    p.oo = 65535;
    check_add_decision("add: offsets +-65535", &p, true);
    p.o1 = 65536;
    check_add_decision("add: input offset 65536", &p, false);
    p.o1 = 65535;
    p.oo = -65536;
    check_add_decision("add: output offset -65536", &p, false);

    const mul_params mt = {0, 0, 0, Q31_HALF, -14, INT16_MIN, INT16_MAX};
    mul_params q = mt;
    check_mul_decision("mul: TFLite form", &q, true);
    /* Zero offsets: the product spans [-32768 * 32767, 2^30]; output shift 0 fits, 1 does not. */
    q.os = 0;
    check_mul_decision("mul: output shift 0", &q, true);
    q.os = 1;
    check_mul_decision("mul: output shift 1", &q, false);
    /* Equal offsets o: (32767 + o)^2 fits for o = 13573 (46340^2), not for 13574 (46341^2 > 2^31). */
    q = mt;
    q.o1 = q.o2 = 13573;
    check_mul_decision("mul: offsets 13573", &q, true);
    q.o2 = 13574;
    check_mul_decision("mul: offsets 13573, 13574", &q, true); /* 46340 * 46341 = 2147441940 */
    q.o1 = 13574;
    check_mul_decision("mul: offsets 13574", &q, false);
    /* 46340 * 46341 requantized by ~1 is 2147441939: output offset 41708 fits, 41709 does not. */
    q.o1 = 13573;
    q.om = INT32_MAX;
    q.os = 0;
    q.oo = 41708;
    check_mul_decision("mul: output offset 41708", &q, true);
    q.oo = 41709;
    check_mul_decision("mul: output offset 41709 overflows", &q, false);
    /* One offset alone: input 1 in [1, 65536] times [-32768, 32767] reaches -2^31 for 32769, one below for 32770. */
    q = mt;
    q.o1 = 32769;
    check_mul_decision("mul: offset 32769", &q, true);
    q.o1 = 32770;
    check_mul_decision("mul: offset 32770", &q, false);
    q.o1 = 65535;
    check_mul_decision("mul: offset 65535", &q, false);
    q.o1 = 0;
    q.o2 = -32769;
    check_mul_decision("mul: offset -32769", &q, false); /* (-65537) * (-32768) */
}

/* ---- bad input --------------------------------------------------------------------------------------------------- */

typedef struct
{
    const char *what;
    int32_t field; /* index into the parameter struct as an int32 array, -1: none */
    int32_t value;
    int32_t which_null; /* 0 none, 1 in1, 2 in2, 3 out */
    int32_t n;
} bad_case;

static void test_add_bad_input(void)
{
    const add_params good = {0, Q31_HALF, 0, 0, 1518500250, -1, 15, 0, 1288490189, -14, -32768, 32767};
    static const bad_case cases[] = {
        {"NULL input 1", -1, 0, 1, 32},
        {"NULL input 2", -1, 0, 2, 32},
        {"NULL output", -1, 0, 3, 32},
        {"NULL output, size 0", -1, 0, 3, 0},
        {"size -1", -1, 0, 0, -1},
        {"size INT32_MIN", -1, 0, 0, INT32_MIN},
        {"input 1 offset 65536", 0, 65536, 0, 32},
        {"input 1 offset -65536", 0, -65536, 0, 32},
        {"input 1 offset INT32_MIN", 0, INT32_MIN, 0, 32},
        {"input 2 offset INT32_MAX", 3, INT32_MAX, 0, 32},
        {"input 2 offset 32769 overflows << 15", 3, 32769, 0, 32},
        {"input 1 offset -32769 overflows << 15", 0, -32769, 0, 32},
        {"output offset 65536", 7, 65536, 0, 32},
        {"output offset INT32_MIN", 7, INT32_MIN, 0, 32},
        {"input 1 multiplier -1", 1, -1, 0, 32},
        {"input 2 multiplier INT32_MIN", 4, INT32_MIN, 0, 32},
        {"output multiplier -1", 8, -1, 0, 32},
        {"output multiplier INT32_MIN", 8, INT32_MIN, 0, 32},
        {"input 1 shift 31", 2, 31, 0, 32},
        {"input 1 shift -32", 2, -32, 0, 32},
        {"input 2 shift INT32_MIN", 5, INT32_MIN, 0, 32},
        {"input 2 shift INT32_MAX", 5, INT32_MAX, 0, 32},
        {"input 1 shift 2 overflows after << 15", 2, 2, 0, 32},
        {"output shift 31", 9, 31, 0, 32},
        {"output shift -32", 9, -32, 0, 32},
        {"output shift INT32_MIN", 9, INT32_MIN, 0, 32},
        {"output shift 20 overflows", 9, 20, 0, 32},
        {"left shift -1", 6, -1, 0, 32},
        {"left shift 32", 6, 32, 0, 32},
        {"left shift 31", 6, 31, 0, 32},
        {"left shift INT32_MIN", 6, INT32_MIN, 0, 32},
        {"left shift 17 overflows", 6, 17, 0, 32},
        {"act min > act max", 10, 100, 0, 32},
        {"act min -32769", 10, -32769, 0, 32},
        {"act min INT32_MIN", 10, INT32_MIN, 0, 32},
        {"act max 32768", 11, 32768, 0, 32},
        {"act max INT32_MAX", 11, INT32_MAX, 0, 32},
        {"act min 32768 (both outside)", 10, 32768, 0, 32},
    };
    int16_t a[32], b[32];
    for (int32_t i = 0; i < 32; i++)
    {
        a[i] = (int16_t)(i * 2011 - 32768);
        b[i] = (int16_t)(32767 - i * 1999);
    }
    KILN_CHECK(add_params_ok(&good));
    for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++)
    {
        add_params p = good;
        if (cases[k].field >= 0)
        {
            int32_t *f = (int32_t *)&p;
            f[cases[k].field] = cases[k].value;
        }
        if (cases[k].field == 10 && cases[k].value == 100)
        {
            p.amax = 99;
        }
        if (cases[k].field == 10 && cases[k].value == 32768)
        {
            p.amax = 32769;
        }
        kiln_test_context("%s", cases[k].what);
        if (cases[k].which_null == 0 && cases[k].n >= 0)
        {
            KILN_CHECK(!add_params_ok(&p)); /* the oracle agrees that the case is invalid */
        }
        memset(g_out, 0x5A, sizeof(g_out));
        const int16_t *in1 = cases[k].which_null == 1 ? NULL : a;
        const int16_t *in2 = cases[k].which_null == 2 ? NULL : b;
        int16_t *out = cases[k].which_null == 3 ? NULL : g_out + GUARD;
        KILN_CHECK_EQ(ref_add(in1, in2, out, &p, cases[k].n), KILN_REF_BAD_ARGS);
        KILN_CHECK_EQ(call_add(in1, in2, out, &p, cases[k].n), ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK(out_untouched());
    }
    /* Size 0 with good parameters: success, nothing written. */
    kiln_test_context("size 0");
    memset(g_out, 0x5A, sizeof(g_out));
    KILN_CHECK_EQ(call_add(a, b, g_out + GUARD, &good, 0), ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK(out_untouched());
    KILN_CHECK_EQ(call_add(a, b, g_out + GUARD, &good, 32), ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK_EQ(ref_add(a, b, g_want, &good, 32), KILN_REF_OK);
    KILN_CHECK_MEM_S16(g_out + GUARD, g_want, 32);
}

static void test_mul_bad_input(void)
{
    const mul_params good = {0, 0, 0, 1288490189, -15, -32768, 32767};
    static const bad_case cases[] = {
        {"NULL input 1", -1, 0, 1, 32},
        {"NULL input 2", -1, 0, 2, 32},
        {"NULL output", -1, 0, 3, 32},
        {"NULL output, size 0", -1, 0, 3, 0},
        {"size -1", -1, 0, 0, -1},
        {"size INT32_MIN", -1, 0, 0, INT32_MIN},
        {"input 1 offset 65536", 0, 65536, 0, 32},
        {"input 1 offset INT32_MIN", 0, INT32_MIN, 0, 32},
        {"input 2 offset -65536", 1, -65536, 0, 32},
        {"input 2 offset INT32_MAX", 1, INT32_MAX, 0, 32},
        {"input 1 offset 13574 overflows the product", 0, 13574, 0, 32},
        {"input 2 offset 65535 overflows the product", 1, 65535, 0, 32},
        {"output offset 65536", 2, 65536, 0, 32},
        {"output offset -65536", 2, -65536, 0, 32},
        {"output offset INT32_MIN", 2, INT32_MIN, 0, 32},
        {"output multiplier -1", 3, -1, 0, 32},
        {"output multiplier INT32_MIN", 3, INT32_MIN, 0, 32},
        {"output shift 31", 4, 31, 0, 32},
        {"output shift -32", 4, -32, 0, 32},
        {"output shift INT32_MIN", 4, INT32_MIN, 0, 32},
        {"output shift INT32_MAX", 4, INT32_MAX, 0, 32},
        {"output shift 1 overflows 2^30 << 1", 4, 1, 0, 32},
        {"act min > act max", 5, 100, 0, 32},
        {"act min -32769", 5, -32769, 0, 32},
        {"act min INT32_MIN", 5, INT32_MIN, 0, 32},
        {"act max 32768", 6, 32768, 0, 32},
        {"act max INT32_MAX", 6, INT32_MAX, 0, 32},
    };
    int16_t a[32], b[32];
    for (int32_t i = 0; i < 32; i++)
    {
        a[i] = (int16_t)(i * 2011 - 32768);
        b[i] = (int16_t)(32767 - i * 1999);
    }
    KILN_CHECK(mul_params_ok(&good));
    for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++)
    {
        mul_params p = good;
        if (cases[k].field >= 0)
        {
            int32_t *f = (int32_t *)&p;
            f[cases[k].field] = cases[k].value;
        }
        if (cases[k].field == 5 && cases[k].value == 100)
        {
            p.amax = 99;
        }
        /* Both input offsets at 13574 (an offset alone on one side does not overflow). */
        if (cases[k].field == 0 && cases[k].value == 13574)
        {
            p.o2 = 13574;
        }
        kiln_test_context("%s", cases[k].what);
        if (cases[k].which_null == 0 && cases[k].n >= 0)
        {
            KILN_CHECK(!mul_params_ok(&p));
        }
        memset(g_out, 0x5A, sizeof(g_out));
        const int16_t *in1 = cases[k].which_null == 1 ? NULL : a;
        const int16_t *in2 = cases[k].which_null == 2 ? NULL : b;
        int16_t *out = cases[k].which_null == 3 ? NULL : g_out + GUARD;
        KILN_CHECK_EQ(ref_mul(in1, in2, out, &p, cases[k].n), KILN_REF_BAD_ARGS);
        KILN_CHECK_EQ(call_mul(in1, in2, out, &p, cases[k].n), ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK(out_untouched());
    }
    kiln_test_context("size 0");
    memset(g_out, 0x5A, sizeof(g_out));
    KILN_CHECK_EQ(call_mul(a, b, g_out + GUARD, &good, 0), ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK(out_untouched());
    KILN_CHECK_EQ(call_mul(a, b, g_out + GUARD, &good, 32), ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK_EQ(ref_mul(a, b, g_want, &good, 32), KILN_REF_OK);
    KILN_CHECK_MEM_S16(g_out + GUARD, g_want, 32);
}

int main(void)
{
    KILN_RUN(test_vectors);
    KILN_RUN(test_range_premise);
    KILN_RUN(test_boundaries);
    KILN_RUN(test_add_random_tflite);
    KILN_RUN(test_add_random_any);
    KILN_RUN(test_mul_random_tflite);
    KILN_RUN(test_mul_random_any);
    KILN_RUN(test_add_bad_input);
    KILN_RUN(test_mul_bad_input);
    return kiln_test_finish();
}
