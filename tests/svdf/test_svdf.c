/* Tests of arm_svdf_s8, arm_svdf_state_s16_s8, arm_svdf_s8_get_buffer_size (+ _dsp, _mve) and the
 * SVDF family plan (Internal/kiln_svdf.h), against an in-file reference written from TFLite's
 * integer SVDF (EvalIntegerSVDF) with CMSIS-NN's argument conventions. */
#include <string.h>

#include "arm_nnfunctions.h"
#include "arm_nnsupportfunctions.h"
#include "Internal/kiln_svdf.h"
#include "kiln_board.h"
#include "kiln_test.h"

#include "kiln_vectors/svdf.h"
#include "kiln_vectors/svdf_1.h"
#include "kiln_vectors/svdf_2.h"
#include "kiln_vectors/svdf_3.h"
#include "kiln_vectors/svdf_int8.h"
#include "kiln_vectors/svdf_int8_2.h"

#define GUARD 32 /* bytes */
#define GUARD_BYTE ((int8_t)0x5A)
#define SCRATCH_BYTE ((int8_t)0x3C)
#define MAX_IN 96       /* batches * input_size of one step */
#define MAX_WF 1100     /* filters * input_size */
#define MAX_WT 256      /* filters * memory_size */
#define MAX_STATE 512   /* batches * filters * memory_size */
#define MAX_UNITS 32
#define MAX_OUT 32      /* batches * units */
#define MAX_SCRATCH 128 /* int32 words: batches * filters */

typedef struct
{
    bool s16; /* arm_svdf_state_s16_s8 (int16 state / time weights) or arm_svdf_s8 */
    int32_t batches, input_size, filters, rank, mem;
    int32_t in_off, out_off;
    int32_t in_mult, in_shift, out_mult, out_shift;
    int32_t in_min, in_max, out_min, out_max;
    const int8_t *wf;
    const void *wt;
    const int32_t *bias; /* may be NULL */
} svdf_case;

static int8_t g_in[MAX_IN], g_in_copy[6 * MAX_IN];
static int8_t g_wf[MAX_WF], g_wf_copy[MAX_WF];
static int16_t g_wt[MAX_WT], g_wt_copy[MAX_WT];
static int32_t g_bias[MAX_UNITS], g_bias_copy[MAX_UNITS];
static int64_t g_out_words[(MAX_OUT + 2 * GUARD) / 8 + 1];
static int8_t *const g_out = (int8_t *)g_out_words + GUARD;
static int64_t g_state_words[(MAX_STATE * 2 + 2 * GUARD) / 8 + 1];
static void *const g_state = (int8_t *)g_state_words + GUARD;
static int16_t g_ref_state[MAX_STATE];
static int8_t g_ref_out[MAX_OUT];
static int64_t g_ictx_words[(MAX_SCRATCH * 4 + 2 * GUARD) / 8];
static int8_t *const g_ictx = (int8_t *)g_ictx_words + GUARD;
static int64_t g_octx_words[(MAX_SCRATCH * 4 + 2 * GUARD) / 8];
static int8_t *const g_octx = (int8_t *)g_octx_words + GUARD;
static int64_t g_ctx_words[(2 * GUARD) / 8];
static int8_t *const g_ctx = (int8_t *)g_ctx_words + GUARD; /* 0 bytes between two guards */

/* ---- reference: TFLite's integer SVDF, int64 sums, independent requantization ------------------ */

static int32_t ref_wrap(int64_t v)
{
    const uint32_t u = (uint32_t)(uint64_t)v;
    return u <= (uint32_t)INT32_MAX ? (int32_t)u : (int32_t)(u - 2147483648u) - INT32_MAX - 1;
}

/* MultiplyByQuantizedMultiplier: SaturatingRoundingDoublingHighMul(x * 2^left, m), then a rounding
 * (half away from zero) right shift; the left shift wraps like the Arm kernels' 32-bit shift. */
static int32_t ref_requant(int32_t v, int32_t m, int32_t s)
{
    const int32_t left = s > 0 ? s : 0, right = s > 0 ? 0 : -s;
    const int32_t x = ref_wrap((int64_t)((uint64_t)(uint32_t)v << left));
    const int64_t ab = (int64_t)x * m;
    const int64_t nudge = ab >= 0 ? ((int64_t)1 << 30) : 1 - ((int64_t)1 << 30);
    const int64_t q = (ab + nudge) / ((int64_t)1 << 31); /* truncates towards zero */
    const int32_t h = (int32_t)q;
    if (right == 0)
    {
        return h;
    }
    const int64_t mask = ((int64_t)1 << right) - 1;
    const int64_t rem = (int64_t)h & mask;
    const int64_t thr = (mask >> 1) + (h < 0 ? 1 : 0);
    return (int32_t)(((int64_t)h >> right) + (rem > thr ? 1 : 0));
}

static int32_t st_get(const svdf_case *c, const void *st, int64_t i)
{
    return c->s16 ? ((const int16_t *)st)[i] : ((const int8_t *)st)[i];
}

static void st_set(const svdf_case *c, void *st, int64_t i, int32_t v)
{
    if (c->s16)
    {
        ((int16_t *)st)[i] = (int16_t)v;
    }
    else
    {
        ((int8_t *)st)[i] = (int8_t)v;
    }
}

static int32_t wt_get(const svdf_case *c, int64_t i)
{
    return c->s16 ? ((const int16_t *)c->wt)[i] : ((const int8_t *)c->wt)[i];
}

/* One time step of the reference on `st` (same layout as the kernels' state). */
static void ref_step(const svdf_case *c, const int8_t *in, void *st, int8_t *out)
{
    const int32_t units = c->filters / c->rank, mem = c->mem;
    int32_t smin = c->in_min, smax = c->in_max;
    if (!c->s16)
    {
        smin = smin < -128 ? -128 : smin;
        smax = smax > 127 ? 127 : smax;
    }
    for (int32_t b = 0; b < c->batches; b++)
    {
        for (int32_t f = 0; f < c->filters; f++)
        {
            const int64_t row = ((int64_t)b * c->filters + f) * mem;
            for (int32_t t = 0; t + 1 < mem; t++)
            {
                st_set(c, st, row + t, st_get(c, st, row + t + 1));
            }
            int64_t dot = 0;
            for (int32_t k = 0; k < c->input_size; k++)
            {
                dot += (int64_t)(in[b * c->input_size + k] - c->in_off) * c->wf[f * c->input_size + k];
            }
            int32_t v = ref_requant(ref_wrap(dot), c->in_mult, c->in_shift);
            v = v < smin ? smin : (v > smax ? smax : v);
            st_set(c, st, row + mem - 1, v);
        }
    }
    for (int32_t b = 0; b < c->batches; b++)
    {
        for (int32_t u = 0; u < units; u++)
        {
            int64_t sum = c->bias != NULL ? c->bias[u] : 0;
            for (int32_t r = 0; r < c->rank; r++)
            {
                const int32_t f = u * c->rank + r;
                for (int32_t t = 0; t < mem; t++)
                {
                    sum += (int64_t)wt_get(c, (int64_t)f * mem + t) *
                           st_get(c, st, ((int64_t)b * c->filters + f) * mem + t);
                }
            }
            int64_t o = (int64_t)ref_requant(ref_wrap(sum), c->out_mult, c->out_shift) + c->out_off;
            o = o < c->out_min ? c->out_min : (o > c->out_max ? c->out_max : o);
            out[b * units + u] = (int8_t)o;
        }
    }
}

/* ---- calls ------------------------------------------------------------------------------------ */

static int64_t state_count(const svdf_case *c)
{
    return (int64_t)c->batches * c->filters * c->mem;
}

static size_t state_bytes(const svdf_case *c)
{
    return (size_t)state_count(c) * (c->s16 ? 2u : 1u);
}

static int32_t out_count(const svdf_case *c)
{
    return c->batches * (c->filters / c->rank);
}

/* The call as TFLite Micro / the upstream tests make it: only input_dims n / h, weights_feature_dims
 * n and weights_time_dims h set (the rest garbage here, to prove it is not read). */
static arm_cmsis_nn_status call_svdf(const svdf_case *c,
                                     const cmsis_nn_context *ctx,
                                     const cmsis_nn_context *ictx,
                                     const cmsis_nn_context *octx,
                                     const int8_t *in,
                                     void *state,
                                     const int8_t *wf,
                                     const void *wt,
                                     const int32_t *bias,
                                     int8_t *out)
{
    const cmsis_nn_svdf_params p = {c->rank, c->in_off, c->out_off, {c->in_min, c->in_max}, {c->out_min, c->out_max}};
    const cmsis_nn_per_tensor_quant_params iq = {c->in_mult, c->in_shift};
    const cmsis_nn_per_tensor_quant_params oq = {c->out_mult, c->out_shift};
    const cmsis_nn_dims id = {c->batches, c->input_size, -77, -77};
    const cmsis_nn_dims wfd = {c->filters, -5, -5, -5};
    const cmsis_nn_dims wtd = {-9, c->mem, -9, -9};
    const cmsis_nn_dims junk = {-1234, -1, 99999, -3};
    if (c->s16)
    {
        return arm_svdf_state_s16_s8(ictx, octx, &p, &iq, &oq, &id, in, &junk, (int16_t *)state, &wfd, wf, &wtd,
                                     (const int16_t *)wt, &junk, bias, &junk, out);
    }
    return arm_svdf_s8(ctx, ictx, octx, &p, &iq, &oq, &id, in, &junk, (int8_t *)state, &wfd, wf, &wtd,
                       (const int8_t *)wt, &junk, bias, &junk, out);
}

static void guard_fill(int8_t *p, size_t n)
{
    memset(p - GUARD, GUARD_BYTE, GUARD);
    memset(p + n, GUARD_BYTE, GUARD);
}

static bool guard_intact(const int8_t *p, size_t n)
{
    for (size_t i = 0; i < GUARD; i++)
    {
        if (p[(ptrdiff_t)i - GUARD] != GUARD_BYTE || p[n + i] != GUARD_BYTE)
        {
            return false;
        }
    }
    return true;
}

static bool all_bytes(const int8_t *p, size_t n, int8_t v)
{
    for (size_t i = 0; i < n; i++)
    {
        if (p[i] != v)
        {
            return false;
        }
    }
    return true;
}

static size_t ictx_bytes(const svdf_case *c)
{
    return (size_t)c->batches * (size_t)c->filters * 4u;
}

static size_t octx_bytes(const svdf_case *c)
{
    return (size_t)out_count(c) * 4u;
}

/* Runs `steps` time steps from `init_state` (inputs in[step][batches * input_size]) through the
 * kernel and the reference: outputs and states compared after every step; guards around output,
 * state and the scratch buffers (stated at exactly their size, or as 0 = not stated), which stay
 * untouched; inputs unchanged. The last kernel output is left in g_out. */
static bool run_steps(const svdf_case *c, const void *init_state, const int8_t *in, int32_t steps, int form)
{
    const size_t sb = state_bytes(c), ob = (size_t)out_count(c), ib = ictx_bytes(c), oc = octx_bytes(c);
    const size_t step_in = (size_t)c->batches * (size_t)c->input_size;
    bool ok = true;
    memcpy(g_state, init_state, sb);
    memcpy(g_ref_state, init_state, sb);
    guard_fill((int8_t *)g_state, sb);
    guard_fill(g_out, ob);
    memset(g_out, 0x11, ob);
    guard_fill(g_ictx, ib);
    guard_fill(g_octx, oc);
    memset(g_ictx, SCRATCH_BYTE, ib);
    memset(g_octx, SCRATCH_BYTE, oc);
    memset(g_ctx - GUARD, GUARD_BYTE, 2 * GUARD);
    const int32_t need = arm_svdf_s8_get_buffer_size(&(cmsis_nn_dims){c->filters, c->input_size, 1, 1});
    ok &= KILN_CHECK_EQ(need, 0);
    const cmsis_nn_context ctx = {g_ctx, need};
    const cmsis_nn_context ictx = {g_ictx, form == 1 ? 0 : (int32_t)ib};
    const cmsis_nn_context octx = {g_octx, form == 1 ? 0 : (int32_t)oc};
    for (int32_t s = 0; s < steps; s++)
    {
        const int8_t *x = in + (size_t)s * step_in;
        ok &= KILN_CHECK_EQ(call_svdf(c, form == 2 ? NULL : &ctx, &ictx, &octx, x, g_state, c->wf, c->wt, c->bias, g_out),
                            ARM_CMSIS_NN_SUCCESS);
        ref_step(c, x, g_ref_state, g_ref_out);
        ok &= KILN_CHECK_MEM_S8(g_out, g_ref_out, (int64_t)ob);
        ok &= KILN_CHECK(memcmp(g_state, g_ref_state, sb) == 0);
        if (!ok)
        {
            kiln_test_context("step %d of %d, s16 %d, b %d in %d f %d rank %d mem %d", (int)s, (int)steps, (int)c->s16,
                              (int)c->batches, (int)c->input_size, (int)c->filters, (int)c->rank, (int)c->mem);
            break;
        }
    }
    ok &= KILN_CHECK(guard_intact((const int8_t *)g_state, sb));
    ok &= KILN_CHECK(guard_intact(g_out, ob));
    ok &= KILN_CHECK(guard_intact(g_ictx, ib) && all_bytes(g_ictx, ib, SCRATCH_BYTE));
    ok &= KILN_CHECK(guard_intact(g_octx, oc) && all_bytes(g_octx, oc, SCRATCH_BYTE));
    ok &= KILN_CHECK(all_bytes(g_ctx - GUARD, 2 * GUARD, GUARD_BYTE));
    return ok;
}

/* ---- shared vectors ----------------------------------------------------------------------------- */

typedef struct
{
    const svdf_case *c;
    void *in, *state, *wf, *wt, *bias, *out;
    const void *init_state;
    const int8_t *want_out;
    const void *want_state;
} svdf_edge_call;

/* One step from init_state with the operands where kiln_edge_each() puts them. */
static bool svdf_edge_run(void *arg)
{
    const svdf_edge_call *k = (const svdf_edge_call *)arg;
    const svdf_case *c = k->c;
    static int32_t ictx_buf[MAX_SCRATCH];
    static int32_t octx_buf[MAX_SCRATCH];
    const cmsis_nn_context ictx = {ictx_buf, (int32_t)ictx_bytes(c)};
    const cmsis_nn_context octx = {octx_buf, (int32_t)octx_bytes(c)};
    memcpy(k->state, k->init_state, state_bytes(c));
    bool ok = KILN_CHECK_EQ(call_svdf(c, NULL, &ictx, &octx, (const int8_t *)k->in, k->state, (const int8_t *)k->wf,
                                      k->wt, (const int32_t *)k->bias, (int8_t *)k->out),
                            ARM_CMSIS_NN_SUCCESS);
    ok &= KILN_CHECK_MEM_S8((const int8_t *)k->out, k->want_out, out_count(c));
    ok &= KILN_CHECK(memcmp(k->state, k->want_state, state_bytes(c)) == 0);
    return ok;
}

/* The vector's sequence step by step (kernel = reference after every step, last output = the
 * vector's output_ref, the reference alone too); then the last step again with each operand at
 * the edges of memory. */
static void check_vector(const svdf_case *c, const void *state0, const int8_t *seq, size_t seq_len, const int8_t *want,
                         int32_t dst_size, const char *name)
{
    kiln_test_context("vector %s", name);
    const size_t step_in = (size_t)c->batches * (size_t)c->input_size;
    KILN_CHECK(step_in > 0 && seq_len % step_in == 0);
    KILN_CHECK_EQ(out_count(c), dst_size);
    KILN_CHECK(step_in <= MAX_IN && state_bytes(c) <= sizeof(g_ref_state) && out_count(c) <= MAX_OUT &&
               (size_t)c->batches * (size_t)c->filters <= MAX_SCRATCH);
    const int32_t steps = (int32_t)(seq_len / step_in);
    KILN_CHECK(steps >= 2); /* the state shift is exercised */
    memcpy(g_wf_copy, c->wf, (size_t)c->filters * (size_t)c->input_size);
    for (int form = 0; form < 3; form++)
    {
        KILN_CHECK(run_steps(c, state0, seq, steps, form));
        KILN_CHECK_MEM_S8(g_out, want, dst_size);
    }
    KILN_CHECK(memcmp(g_wf_copy, c->wf, (size_t)c->filters * (size_t)c->input_size) == 0);

    /* reference alone over the sequence */
    static int16_t ref_state[MAX_STATE];
    static int16_t before_last[MAX_STATE];
    memcpy(ref_state, state0, state_bytes(c));
    for (int32_t s = 0; s < steps; s++)
    {
        if (s == steps - 1)
        {
            memcpy(before_last, ref_state, state_bytes(c));
        }
        ref_step(c, seq + (size_t)s * step_in, ref_state, g_ref_out);
    }
    KILN_CHECK_MEM_S8(g_ref_out, want, dst_size);

    /* last step at the edges */
    static int8_t edge_out[MAX_OUT];
    static int16_t edge_state[MAX_STATE];
    svdf_edge_call k = {c,
                        kiln_edge_ptr(seq + (size_t)(steps - 1) * step_in),
                        edge_state,
                        kiln_edge_ptr(c->wf),
                        kiln_edge_ptr(c->wt),
                        kiln_edge_ptr(c->bias),
                        edge_out,
                        before_last,
                        want,
                        ref_state};
    memcpy(edge_state, before_last, state_bytes(c));
    const kiln_edge_operand ops[] = {
        {"input", &k.in, step_in},
        {"state", &k.state, state_bytes(c)},
        {"weights_feature", &k.wf, (size_t)c->filters * (size_t)c->input_size},
        {"weights_time", &k.wt, (size_t)c->filters * (size_t)c->mem * (c->s16 ? 2u : 1u)},
        {"bias", &k.bias, (size_t)(c->filters / c->rank) * sizeof(int32_t)},
        {"output", &k.out, (size_t)out_count(c)},
    };
    kiln_edge_each(ops, (int)(sizeof(ops) / sizeof(ops[0])), svdf_edge_run, &k);
    kiln_test_context("");
}

#define VECTOR_CASE(P, p, S16)                                                                                \
    do                                                                                                        \
    {                                                                                                         \
        const svdf_case c = {S16,                                                                             \
                             P##_INPUT_BATCHES,                                                               \
                             P##_INPUT_SIZE,                                                                  \
                             P##_FEATURE_BATCHES,                                                             \
                             P##_RANK,                                                                        \
                             P##_TIME_BATCHES,                                                                \
                             P##_INPUT_OFFSET,                                                                \
                             P##_OUTPUT_OFFSET,                                                               \
                             P##_MULTIPLIER_IN,                                                               \
                             P##_SHIFT_1,                                                                     \
                             P##_MULTIPLIER_OUT,                                                              \
                             P##_SHIFT_2,                                                                     \
                             P##_IN_ACTIVATION_MIN,                                                           \
                             P##_IN_ACTIVATION_MAX,                                                           \
                             P##_OUT_ACTIVATION_MIN,                                                          \
                             P##_OUT_ACTIVATION_MAX,                                                          \
                             p##_weights_feature,                                                             \
                             p##_weights_time,                                                                \
                             p##_biases};                                                                     \
        KILN_CHECK_EQ(sizeof(p##_state), state_bytes(&c));                                                    \
        KILN_CHECK_EQ(sizeof(p##_biases) / sizeof(p##_biases[0]), P##_FEATURE_BATCHES / P##_RANK);             \
        KILN_CHECK_EQ(sizeof(p##_weights_time) / sizeof(p##_weights_time[0]),                                 \
                      (int64_t)P##_FEATURE_BATCHES * P##_TIME_BATCHES);                                       \
        check_vector(&c, p##_state, p##_input_sequence, sizeof(p##_input_sequence), p##_output_ref,           \
                     P##_DST_SIZE, #p);                                                                       \
    } while (0)

static void test_shared_vectors(void)
{
    VECTOR_CASE(SVDF, svdf, true);
    VECTOR_CASE(SVDF_1, svdf_1, true);
    VECTOR_CASE(SVDF_2, svdf_2, true);
    VECTOR_CASE(SVDF_3, svdf_3, true);
    VECTOR_CASE(SVDF_INT8, svdf_int8, false);
    VECTOR_CASE(SVDF_INT8_2, svdf_int8_2, false);
}

/* The upstream driver's form: ctx from the size query ({NULL, 0} here), scratch sizes unset (0),
 * TFLite Micro's input activation [INT16_MIN, INT16_MAX] for the int8 state too. */
static void test_upstream_call_form(void)
{
    svdf_case c = {false, SVDF_INT8_2_INPUT_BATCHES, SVDF_INT8_2_INPUT_SIZE, SVDF_INT8_2_FEATURE_BATCHES,
                   SVDF_INT8_2_RANK, SVDF_INT8_2_TIME_BATCHES, SVDF_INT8_2_INPUT_OFFSET, SVDF_INT8_2_OUTPUT_OFFSET,
                   SVDF_INT8_2_MULTIPLIER_IN, SVDF_INT8_2_SHIFT_1, SVDF_INT8_2_MULTIPLIER_OUT, SVDF_INT8_2_SHIFT_2,
                   INT16_MIN, INT16_MAX, SVDF_INT8_2_OUT_ACTIVATION_MIN, SVDF_INT8_2_OUT_ACTIVATION_MAX,
                   svdf_int8_2_weights_feature, svdf_int8_2_weights_time, svdf_int8_2_biases};
    const size_t step_in = (size_t)c.batches * (size_t)c.input_size;
    static int8_t st[sizeof(svdf_int8_2_state)];
    memcpy(st, svdf_int8_2_state, sizeof(st));
    static int32_t a[MAX_SCRATCH], b[MAX_SCRATCH];
    const cmsis_nn_context ctx = {NULL, arm_svdf_s8_get_buffer_size(&(cmsis_nn_dims){c.filters, 0, 0, 0})};
    const cmsis_nn_context ictx = {a, 0}, octx = {b, 0};
    int8_t out[SVDF_INT8_2_DST_SIZE];
    for (size_t s = 0; s < sizeof(svdf_int8_2_input_sequence) / step_in; s++)
    {
        KILN_CHECK_EQ(call_svdf(&c, &ctx, &ictx, &octx, svdf_int8_2_input_sequence + s * step_in, st, c.wf, c.wt,
                                c.bias, out),
                      ARM_CMSIS_NN_SUCCESS);
    }
    KILN_CHECK_MEM_S8(out, svdf_int8_2_output_ref, SVDF_INT8_2_DST_SIZE);
}

/* ---- random differential tests ---------------------------------------------------------------- */

static void test_random(void)
{
    kiln_rng rng;
    kiln_rng_seed(&rng, 0x5FDF0001u);
    static int8_t seq[6 * MAX_IN];
    static int16_t init[MAX_STATE];
    const int32_t iters = kiln_test_iterations(2000, 200);
    for (int32_t it = 0; it < iters; it++)
    {
        svdf_case c;
        c.s16 = kiln_rng_range(&rng, 0, 1) == 1;
        c.batches = kiln_rng_range(&rng, 1, 3);
        c.input_size = kiln_rng_range(&rng, 1, 24);
        c.rank = kiln_rng_range(&rng, 1, 3);
        c.filters = c.rank * kiln_rng_range(&rng, 1, 5);
        c.mem = kiln_rng_range(&rng, 1, 6);
        c.in_off = kiln_rng_range(&rng, 0, 3) == 0 ? 0 : kiln_rng_range(&rng, -128, 127);
        c.out_off = kiln_rng_range(&rng, -128, 127);
        c.in_mult = kiln_rng_range(&rng, 1 << 30, INT32_MAX);
        c.out_mult = kiln_rng_range(&rng, 1 << 30, INT32_MAX);
        c.in_shift = c.s16 ? kiln_rng_range(&rng, -9, 0) : kiln_rng_range(&rng, -15, -6);
        c.out_shift = c.s16 ? kiln_rng_range(&rng, -22, -8) : kiln_rng_range(&rng, -14, -4);
        const int32_t special = kiln_rng_range(&rng, 0, 15);
        if (special == 0)
        {
            c.in_mult = 0;
        }
        else if (special == 1)
        {
            c.in_shift = kiln_rng_range(&rng, 0, 1) ? 30 : -31;
            c.out_shift = kiln_rng_range(&rng, 0, 1) ? 30 : -31;
        }
        else if (special == 2)
        {
            c.out_mult = INT32_MAX;
            c.out_shift = kiln_rng_range(&rng, 0, 4);
        }
        const int32_t lim = c.s16 ? 32767 : 127;
        if (kiln_rng_range(&rng, 0, 2) == 0)
        {
            c.in_min = c.s16 ? -32768 : (kiln_rng_range(&rng, 0, 1) ? -128 : -32768);
            c.in_max = c.s16 ? 32767 : (kiln_rng_range(&rng, 0, 1) ? 127 : 32767);
        }
        else
        {
            c.in_min = kiln_rng_range(&rng, -lim - 1, lim);
            c.in_max = kiln_rng_range(&rng, c.in_min, lim);
        }
        if (kiln_rng_range(&rng, 0, 1) == 0)
        {
            c.out_min = -128;
            c.out_max = 127;
        }
        else
        {
            c.out_min = kiln_rng_range(&rng, -128, 127);
            c.out_max = kiln_rng_range(&rng, c.out_min, 127);
        }
        const int32_t units = c.filters / c.rank;
        kiln_rng_fill_s8(&rng, g_wf, (int64_t)c.filters * c.input_size);
        const int32_t wt_lim = kiln_rng_range(&rng, 0, 1) ? lim : (c.s16 ? 300 : 40);
        const int64_t n_wt = (int64_t)c.filters * c.mem;
        for (int64_t i = 0; i < n_wt; i++)
        {
            const int32_t v = kiln_rng_range(&rng, -wt_lim - 1, wt_lim);
            if (c.s16)
            {
                g_wt[i] = (int16_t)v;
            }
            else
            {
                ((int8_t *)g_wt)[i] = (int8_t)v;
            }
        }
        const bool null_bias = kiln_rng_range(&rng, 0, 3) == 0;
        for (int32_t u = 0; u < units; u++)
        {
            g_bias[u] = kiln_rng_range(&rng, 0, 7) == 0 ? (int32_t)kiln_rng_u32(&rng) : kiln_rng_range(&rng, -50000, 50000);
        }
        c.wf = g_wf;
        c.wt = g_wt;
        c.bias = null_bias ? NULL : g_bias;
        const int32_t steps = kiln_rng_range(&rng, 2, 5);
        const int64_t step_in = (int64_t)c.batches * c.input_size;
        kiln_rng_fill_s8(&rng, seq, step_in * steps);
        const int64_t n_state = state_count(&c);
        for (int64_t i = 0; i < n_state; i++)
        {
            const int32_t v = kiln_rng_range(&rng, -lim - 1, lim);
            if (c.s16)
            {
                init[i] = (int16_t)v;
            }
            else
            {
                ((int8_t *)init)[i] = (int8_t)v;
            }
        }
        memcpy(g_wf_copy, g_wf, (size_t)c.filters * (size_t)c.input_size);
        memcpy(g_wt_copy, g_wt, (size_t)n_wt * 2u);
        memcpy(g_bias_copy, g_bias, (size_t)units * sizeof(int32_t));
        memcpy(g_in_copy, seq, (size_t)(step_in * steps));
        const bool ok = run_steps(&c, init, seq, steps, (int)(it % 3));
        KILN_CHECK(memcmp(g_wf_copy, g_wf, (size_t)c.filters * (size_t)c.input_size) == 0);
        KILN_CHECK(memcmp(g_wt_copy, g_wt, (size_t)n_wt * 2u) == 0);
        KILN_CHECK(memcmp(g_bias_copy, g_bias, (size_t)units * sizeof(int32_t)) == 0);
        KILN_CHECK(memcmp(g_in_copy, seq, (size_t)(step_in * steps)) == 0);
        if (!ok)
        {
            break;
        }
    }
    kiln_test_context("");
}

/* ---- size queries and plan ---------------------------------------------------------------------- */

/* A keyword-spotting-size SVDF step (input 64, 64 units of rank 2, memory 8, batch 1), both state types, random
 * weights and quantization in TFLite's ranges: the instructions of the second step (the first fills the state), its
 * outputs and state checked against the reference. Instructions per MAC count the feature and the time products. */
#define KWS_IN 64
#define KWS_F 128
#define KWS_RANK 2
#define KWS_MEM 8
static void test_kws_size_counts(void)
{
    static int8_t wf[KWS_F * KWS_IN], in[2 * KWS_IN], out[KWS_F / KWS_RANK], ref_out[KWS_F / KWS_RANK];
    static int16_t wt[KWS_F * KWS_MEM], state[KWS_F * KWS_MEM], ref_state[KWS_F * KWS_MEM];
    static int32_t bias[KWS_F / KWS_RANK], ictx_buf[KWS_F], octx_buf[KWS_F];
    kiln_rng rng;
    kiln_rng_seed(&rng, 0x5FDF0002u);
    kiln_rng_fill_s8(&rng, wf, KWS_F * KWS_IN);
    kiln_rng_fill_s8(&rng, in, 2 * KWS_IN);
    for (int32_t i = 0; i < KWS_F / KWS_RANK; i++)
    {
        bias[i] = kiln_rng_range(&rng, -20000, 20000);
    }
    for (int s16 = 0; s16 < 2; s16++)
    {
        for (int32_t i = 0; i < KWS_F * KWS_MEM; i++)
        {
            wt[i] = (int16_t)(s16 ? kiln_rng_range(&rng, -32768, 32767) : kiln_rng_range(&rng, -128, 127));
            state[i] = 0;
            ref_state[i] = 0;
        }
        if (!s16)
        {
            int8_t *w8 = (int8_t *)(void *)wt;
            for (int32_t i = 0; i < KWS_F * KWS_MEM; i++)
            {
                w8[i] = (int8_t)wt[i];
            }
        }
        const svdf_case c = {s16 != 0, 1, KWS_IN, KWS_F, KWS_RANK, KWS_MEM, -3, 5,
                             1500000000, s16 ? -4 : -10, 1200000000, s16 ? -18 : -9,
                             s16 ? -32768 : -128, s16 ? 32767 : 127, -128, 127, wf, wt, bias};
        const cmsis_nn_context ictx = {ictx_buf, (int32_t)sizeof(ictx_buf)};
        const cmsis_nn_context octx = {octx_buf, (int32_t)sizeof(octx_buf)};
        const cmsis_nn_context ctx = {NULL, 0};
        double n = 0;
        for (int32_t step = 0; step < 2; step++)
        {
            kiln_counter_start();
            const arm_cmsis_nn_status st = call_svdf(&c, &ctx, &ictx, &octx, in + step * KWS_IN, state, wf, wt, bias, out);
            n = kiln_counter_stop();
            KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
            ref_step(&c, in + step * KWS_IN, ref_state, ref_out);
            KILN_CHECK_MEM_S8(out, ref_out, KWS_F / KWS_RANK);
            KILN_CHECK(memcmp(state, ref_state, (size_t)KWS_F * KWS_MEM * (s16 ? 2u : 1u)) == 0);
        }
        if (kiln_counter_available())
        {
            const double macs = (double)KWS_F * (KWS_IN + KWS_MEM);
            printf("svdf perf %s [%s] %s state: input %d, %d units x rank %d, memory %d: %.0f instructions, %.2f per "
                   "MAC\n",
                   kiln_board_name(), kiln_isa_name(KILN_NATIVE_ISA), s16 ? "int16" : "int8", KWS_IN,
                   KWS_F / KWS_RANK, KWS_RANK, KWS_MEM, n, n / macs);
            /* regression bounds {int8, int16 state}: measured M55 2.77 / 3.67 and M4 4.51 / 4.95 per MAC before the
             * sixteenth session's kernels (the state shift by memmove, the time filters a scalar loop, every
             * requantization one value at a time), M55 0.82 / 0.85 and M4 3.32 / 3.48 after (the DSP requantization
             * SMMLAR on the doubled sum), M4 3.03 / 3.19 with the four-row int8 dot product in assembly */
            static const double bound_mve[2] = {0.90, 0.93}, bound_dsp[2] = {3.18, 3.35};
            if (KILN_NATIVE_ISA == KILN_ISA_MVE)
            {
                KILN_CHECK(n / macs <= bound_mve[s16]);
            }
            else if (KILN_NATIVE_ISA == KILN_ISA_DSP)
            {
                KILN_CHECK(n / macs <= bound_dsp[s16]);
            }
        }
    }
}

static void test_queries(void)
{
    const int32_t ns[] = {0, 1, 7, 1000, 65536, INT32_MAX};
    for (size_t i = 0; i < sizeof(ns) / sizeof(ns[0]); i++)
    {
        const cmsis_nn_dims d = {ns[i], -3, -3, -3}; /* only n is read */
        KILN_CHECK_EQ(arm_svdf_s8_get_buffer_size(&d), 0);
        KILN_CHECK_EQ(arm_svdf_s8_get_buffer_size_dsp(&d), 0);
        KILN_CHECK_EQ(arm_svdf_s8_get_buffer_size_mve(&d), 0);
    }
    const cmsis_nn_dims bad[] = {{-1, 1, 1, 1}, {INT32_MIN, 1, 1, 1}};
    for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
    {
        KILN_CHECK_EQ(arm_svdf_s8_get_buffer_size(&bad[i]), -1);
        KILN_CHECK_EQ(arm_svdf_s8_get_buffer_size_dsp(&bad[i]), -1);
        KILN_CHECK_EQ(arm_svdf_s8_get_buffer_size_mve(&bad[i]), -1);
    }
    KILN_CHECK_EQ(arm_svdf_s8_get_buffer_size(NULL), -1);
    KILN_CHECK_EQ(arm_svdf_s8_get_buffer_size_dsp(NULL), -1);
    KILN_CHECK_EQ(arm_svdf_s8_get_buffer_size_mve(NULL), -1);

    const kiln_svdf_shape sh = {3, 10, 12, 4, 5};
    for (int isa = 0; isa < 3; isa++)
    {
        for (int op = 0; op < 2; op++)
        {
            kiln_svdf_plan_t p;
            KILN_CHECK_EQ(kiln_svdf_plan(&sh, (kiln_svdf_op)op, (kiln_isa)isa, &p), ARM_CMSIS_NN_SUCCESS);
            KILN_CHECK_EQ(p.route, KILN_SVDF_ROUTE_C);
            KILN_CHECK(strcmp(p.name, "svdf_c") == 0);
            KILN_CHECK_EQ(p.ctx_bytes, 0);
            KILN_CHECK_EQ(p.input_ctx_bytes, 3 * 12 * 4);
            KILN_CHECK_EQ(p.output_ctx_bytes, 3 * 3 * 4);
        }
    }
    const kiln_svdf_shape big = {INT32_MAX, 1, INT32_MAX, 1, 1};
    kiln_svdf_plan_t p;
    KILN_CHECK_EQ(kiln_svdf_plan(&big, KILN_SVDF_OP_S8, KILN_ISA_C, &p), ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK_EQ(p.input_ctx_bytes, INT64_MAX); /* saturated */
    KILN_CHECK_EQ(p.output_ctx_bytes, INT64_MAX);
    const kiln_svdf_shape bads[] = {{-1, 1, 1, 1, 1}, {1, -1, 1, 1, 1}, {1, 1, -1, 1, 1}, {1, 1, 4, 0, 1},
                                    {1, 1, 4, -2, 1}, {1, 1, 4, 3, 1},  {1, 1, 1, 1, -1}};
    for (size_t i = 0; i < sizeof(bads) / sizeof(bads[0]); i++)
    {
        KILN_CHECK_EQ(kiln_svdf_plan(&bads[i], KILN_SVDF_OP_S8, KILN_ISA_C, &p), ARM_CMSIS_NN_ARG_ERROR);
    }
    KILN_CHECK_EQ(kiln_svdf_plan(&sh, (kiln_svdf_op)7, KILN_ISA_C, &p), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(kiln_svdf_plan(NULL, KILN_SVDF_OP_S8, KILN_ISA_C, &p), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(kiln_svdf_plan(&sh, KILN_SVDF_OP_S8, KILN_ISA_C, NULL), ARM_CMSIS_NN_ARG_ERROR);
}

/* ---- bad inputs ----------------------------------------------------------------------------------- */

enum
{
    BAD_NONE,
    BAD_NULL_PARAMS,
    BAD_NULL_IQ,
    BAD_NULL_OQ,
    BAD_NULL_IN_DIMS,
    BAD_NULL_WF_DIMS,
    BAD_NULL_WT_DIMS,
    BAD_NULL_IN,
    BAD_NULL_STATE,
    BAD_NULL_WF,
    BAD_NULL_WT,
    BAD_NULL_OUT,
    BAD_NULL_ICTX,
    BAD_NULL_OCTX,
    BAD_ICTX_BUF_NULL,
    BAD_OCTX_BUF_NULL,
    BAD_ICTX_SMALL,
    BAD_OCTX_SMALL,
    BAD_ICTX_NEG,
    BAD_OCTX_NEG,
    BAD_COUNT
};

typedef struct
{
    const char *what;
    int32_t batches, input_size, filters, rank, mem, in_off, out_off, in_mult, in_shift, out_mult, out_shift;
    int32_t in_min, in_max, out_min, out_max;
} bad_dims_row;

/* One call with a pointer/context fault or a parameter row; output, state and scratch untouched. */
static void expect_arg_error(const svdf_case *base, int fault, const bad_dims_row *row)
{
    svdf_case c = *base;
    if (row != NULL)
    {
        c.batches = row->batches;
        c.input_size = row->input_size;
        c.filters = row->filters;
        c.rank = row->rank;
        c.mem = row->mem;
        c.in_off = row->in_off;
        c.out_off = row->out_off;
        c.in_mult = row->in_mult;
        c.in_shift = row->in_shift;
        c.out_mult = row->out_mult;
        c.out_shift = row->out_shift;
        c.in_min = row->in_min;
        c.in_max = row->in_max;
        c.out_min = row->out_min;
        c.out_max = row->out_max;
    }
    const size_t ob = MAX_OUT, sb = MAX_STATE * 2, scb = MAX_SCRATCH * 4;
    memset(g_out, 0x27, ob);
    memset(g_state, 0x31, sb);
    memset(g_ictx, SCRATCH_BYTE, scb);
    memset(g_octx, SCRATCH_BYTE, scb);
    const int32_t ib = (int32_t)ictx_bytes(base), oc = (int32_t)octx_bytes(base);
    cmsis_nn_context ictx = {g_ictx, ib}, octx = {g_octx, oc};
    const cmsis_nn_context *ip = &ictx, *op = &octx;
    const cmsis_nn_svdf_params p = {c.rank, c.in_off, c.out_off, {c.in_min, c.in_max}, {c.out_min, c.out_max}};
    const cmsis_nn_per_tensor_quant_params iq = {c.in_mult, c.in_shift}, oq = {c.out_mult, c.out_shift};
    const cmsis_nn_dims id = {c.batches, c.input_size, 1, 1}, wfd = {c.filters, c.input_size, 1, 1};
    const cmsis_nn_dims wtd = {c.filters, c.mem, 1, 1}, od = {c.batches, c.filters, 1, 1};
    const int8_t *in = g_in, *wf = g_wf;
    const void *wt = g_wt;
    void *st = g_state;
    int8_t *out = g_out;
    const cmsis_nn_svdf_params *pp = &p;
    const cmsis_nn_per_tensor_quant_params *iqp = &iq, *oqp = &oq;
    const cmsis_nn_dims *idp = &id, *wfdp = &wfd, *wtdp = &wtd;
    switch (fault)
    {
    case BAD_NULL_PARAMS: pp = NULL; break;
    case BAD_NULL_IQ: iqp = NULL; break;
    case BAD_NULL_OQ: oqp = NULL; break;
    case BAD_NULL_IN_DIMS: idp = NULL; break;
    case BAD_NULL_WF_DIMS: wfdp = NULL; break;
    case BAD_NULL_WT_DIMS: wtdp = NULL; break;
    case BAD_NULL_IN: in = NULL; break;
    case BAD_NULL_STATE: st = NULL; break;
    case BAD_NULL_WF: wf = NULL; break;
    case BAD_NULL_WT: wt = NULL; break;
    case BAD_NULL_OUT: out = NULL; break;
    case BAD_NULL_ICTX: ip = NULL; break;
    case BAD_NULL_OCTX: op = NULL; break;
    case BAD_ICTX_BUF_NULL: ictx.buf = NULL; break;
    case BAD_OCTX_BUF_NULL: octx.buf = NULL; break;
    case BAD_ICTX_SMALL: ictx.size = ib - 1; break;
    case BAD_OCTX_SMALL: octx.size = oc - 1; break;
    case BAD_ICTX_NEG: ictx.size = -4; break;
    case BAD_OCTX_NEG: octx.size = -4; break;
    default: break;
    }
    arm_cmsis_nn_status st_ret;
    if (c.s16)
    {
        st_ret = arm_svdf_state_s16_s8(ip, op, pp, iqp, oqp, idp, in, &od, (int16_t *)st, wfdp, wf, wtdp,
                                       (const int16_t *)wt, &od, g_bias, &od, out);
    }
    else
    {
        st_ret = arm_svdf_s8(NULL, ip, op, pp, iqp, oqp, idp, in, &od, (int8_t *)st, wfdp, wf, wtdp, (const int8_t *)wt,
                             &od, g_bias, &od, out);
    }
    if (!KILN_CHECK_EQ(st_ret, ARM_CMSIS_NN_ARG_ERROR))
    {
        kiln_test_context("s16 %d fault %d row %s", (int)c.s16, fault, row != NULL ? row->what : "-");
    }
    KILN_CHECK(all_bytes(g_out, ob, 0x27));
    KILN_CHECK(all_bytes((const int8_t *)g_state, sb, 0x31));
    KILN_CHECK(all_bytes(g_ictx, scb, SCRATCH_BYTE) && all_bytes(g_octx, scb, SCRATCH_BYTE));
}

/* One step of the base case with a scratch context in fault form `fault` (NULL context, NULL buffer,
 * a size too small or negative): accepted, the output and state equal the reference's, and the
 * scratch buffers stay untouched (Kiln does not use them). */
static void expect_scratch_ignored(const svdf_case *base, int fault)
{
    const size_t sb = state_bytes(base), ob = (size_t)out_count(base), scb = MAX_SCRATCH * 4;
    memset(g_state, 0x31, sb);
    memcpy(g_ref_state, g_state, sb);
    memset(g_ictx, SCRATCH_BYTE, scb);
    memset(g_octx, SCRATCH_BYTE, scb);
    const int32_t ib = (int32_t)ictx_bytes(base), oc = (int32_t)octx_bytes(base);
    cmsis_nn_context ictx = {g_ictx, ib}, octx = {g_octx, oc};
    const cmsis_nn_context *ip = &ictx, *op = &octx;
    switch (fault)
    {
    case BAD_NULL_ICTX: ip = NULL; break;
    case BAD_NULL_OCTX: op = NULL; break;
    case BAD_ICTX_BUF_NULL: ictx.buf = NULL; break;
    case BAD_OCTX_BUF_NULL: octx.buf = NULL; break;
    case BAD_ICTX_SMALL: ictx.size = ib - 1; break;
    case BAD_OCTX_SMALL: octx.size = oc - 1; break;
    case BAD_ICTX_NEG: ictx.size = -4; break;
    case BAD_OCTX_NEG: octx.size = -4; break;
    default: break;
    }
    KILN_CHECK_EQ(call_svdf(base, NULL, ip, op, g_in, g_state, base->wf, base->wt, base->bias, g_out),
                  ARM_CMSIS_NN_SUCCESS);
    ref_step(base, g_in, g_ref_state, g_ref_out);
    KILN_CHECK_MEM_S8(g_out, g_ref_out, (int64_t)ob);
    KILN_CHECK(memcmp(g_state, g_ref_state, sb) == 0);
    KILN_CHECK(all_bytes(g_ictx, scb, SCRATCH_BYTE) && all_bytes(g_octx, scb, SCRATCH_BYTE));
}

static void test_bad_inputs(void)
{
    for (int s16 = 0; s16 < 2; s16++)
    {
        memset(g_wf, 1, sizeof(g_wf));
        memset(g_wt, 1, sizeof(g_wt));
        memset(g_in, 1, sizeof(g_in));
        const int32_t smin = s16 ? INT16_MIN : -128, smax = s16 ? INT16_MAX : 127;
        const svdf_case base = {s16 != 0, 2, 5, 6, 2, 3, 3, -4, 1 << 30, -3, 1 << 30, -8, smin, smax, -128, 127,
                                g_wf, g_wt, g_bias};
        for (int fault = BAD_NULL_PARAMS; fault < BAD_NULL_ICTX; fault++)
        {
            expect_arg_error(&base, fault, NULL);
        }
        /* the scratch contexts are not used: any of them, NULL or with any size, is accepted and the
         * result is the same */
        for (int fault = BAD_NULL_ICTX; fault < BAD_COUNT; fault++)
        {
            kiln_test_context("s16 %d scratch context form %d", s16, fault);
            expect_scratch_ignored(&base, fault);
        }
        kiln_test_context("");
        const bad_dims_row rows[] = {
            {"batches < 0", -1, 5, 6, 2, 3, 3, -4, 1 << 30, -3, 1 << 30, -8, smin, smax, -128, 127},
            {"input_size < 0", 2, -1, 6, 2, 3, 3, -4, 1 << 30, -3, 1 << 30, -8, smin, smax, -128, 127},
            {"filters < 0", 2, 5, -2, 2, 3, 3, -4, 1 << 30, -3, 1 << 30, -8, smin, smax, -128, 127},
            {"filters % rank", 2, 5, 5, 2, 3, 3, -4, 1 << 30, -3, 1 << 30, -8, smin, smax, -128, 127},
            {"rank 0", 2, 5, 6, 0, 3, 3, -4, 1 << 30, -3, 1 << 30, -8, smin, smax, -128, 127},
            {"rank < 0", 2, 5, 6, -2, 3, 3, -4, 1 << 30, -3, 1 << 30, -8, smin, smax, -128, 127},
            {"memory 0", 2, 5, 6, 2, 0, 3, -4, 1 << 30, -3, 1 << 30, -8, smin, smax, -128, 127},
            {"memory < 0", 2, 5, 6, 2, -3, 3, -4, 1 << 30, -3, 1 << 30, -8, smin, smax, -128, 127},
            {"state count", 2, 5, 65536, 1, 65536, 3, -4, 1 << 30, -3, 1 << 30, -8, smin, smax, -128, 127},
            {"weights count", 2, 70000, 40000, 1, 1, 3, -4, 1 << 30, -3, 1 << 30, -8, smin, smax, -128, 127},
            {"input count", 70000, 40000, 1, 1, 1, 3, -4, 1 << 30, -3, 1 << 30, -8, smin, smax, -128, 127},
            {"scratch bytes", 1 << 16, 1, 1 << 14, 1, 1, 3, -4, 1 << 30, -3, 1 << 30, -8, smin, smax, -128, 127},
            {"in mult < 0", 2, 5, 6, 2, 3, 3, -4, -1, -3, 1 << 30, -8, smin, smax, -128, 127},
            {"out mult < 0", 2, 5, 6, 2, 3, 3, -4, 1 << 30, -3, INT32_MIN, -8, smin, smax, -128, 127},
            {"in shift -32", 2, 5, 6, 2, 3, 3, -4, 1 << 30, -32, 1 << 30, -8, smin, smax, -128, 127},
            {"in shift 31", 2, 5, 6, 2, 3, 3, -4, 1 << 30, 31, 1 << 30, -8, smin, smax, -128, 127},
            {"out shift -32", 2, 5, 6, 2, 3, 3, -4, 1 << 30, -3, 1 << 30, -32, smin, smax, -128, 127},
            {"out shift 31", 2, 5, 6, 2, 3, 3, -4, 1 << 30, -3, 1 << 30, 31, smin, smax, -128, 127},
            {"in offset 256", 2, 5, 6, 2, 3, 256, -4, 1 << 30, -3, 1 << 30, -8, smin, smax, -128, 127},
            {"in offset -256", 2, 5, 6, 2, 3, -256, -4, 1 << 30, -3, 1 << 30, -8, smin, smax, -128, 127},
            {"out offset 256", 2, 5, 6, 2, 3, 3, 256, 1 << 30, -3, 1 << 30, -8, smin, smax, -128, 127},
            {"out offset min", 2, 5, 6, 2, 3, 3, INT32_MIN, 1 << 30, -3, 1 << 30, -8, smin, smax, -128, 127},
            {"out act min > max", 2, 5, 6, 2, 3, 3, -4, 1 << 30, -3, 1 << 30, -8, smin, smax, 5, 4},
            {"out act min -129", 2, 5, 6, 2, 3, 3, -4, 1 << 30, -3, 1 << 30, -8, smin, smax, -129, 127},
            {"out act max 128", 2, 5, 6, 2, 3, 3, -4, 1 << 30, -3, 1 << 30, -8, smin, smax, -128, 128},
            {"in act min > max", 2, 5, 6, 2, 3, 3, -4, 1 << 30, -3, 1 << 30, -8, 10, 9, -128, 127},
            {"in act min < int16", 2, 5, 6, 2, 3, 3, -4, 1 << 30, -3, 1 << 30, -8, -32769, 0, -128, 127},
            {"in act max > int16", 2, 5, 6, 2, 3, 3, -4, 1 << 30, -3, 1 << 30, -8, 0, 32768, -128, 127},
        };
        for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++)
        {
            expect_arg_error(&base, BAD_NONE, &rows[i]);
        }
        if (!s16)
        {
            /* an int8 state with an input activation range outside [-128, 127] */
            const bad_dims_row r1 = {"in act above int8", 2, 5, 6, 2, 3, 3, -4, 1 << 30, -3, 1 << 30, -8, 128, 300, -128, 127};
            const bad_dims_row r2 = {"in act below int8", 2, 5, 6, 2, 3, 3, -4, 1 << 30, -3, 1 << 30, -8, -300, -129, -128, 127};
            expect_arg_error(&base, BAD_NONE, &r1);
            expect_arg_error(&base, BAD_NONE, &r2);
            /* ctx: a stated size is never too small (need 0); a negative size is rejected only when
             * bytes are needed, so it is accepted here like NULL */
        }
        /* the base case itself is accepted (and with NULL bias, size 0 = not stated, a larger size) */
        const cmsis_nn_context ictx = {g_ictx, 0}, octx = {g_octx, 4 * MAX_SCRATCH};
        KILN_CHECK_EQ(call_svdf(&base, NULL, &ictx, &octx, g_in, g_state, g_wf, g_wt, NULL, g_out), ARM_CMSIS_NN_SUCCESS);
        /* zero batches: nothing to do, no scratch needed (NULL contexts accepted) */
        svdf_case z = base;
        z.batches = 0;
        memset(g_out, 0x27, MAX_OUT);
        KILN_CHECK_EQ(call_svdf(&z, NULL, NULL, NULL, g_in, g_state, g_wf, g_wt, g_bias, g_out), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK(all_bytes(g_out, MAX_OUT, 0x27));
    }
}

int main(void)
{
    KILN_RUN(test_shared_vectors);
    KILN_RUN(test_upstream_call_form);
    KILN_RUN(test_random);
    KILN_RUN(test_queries);
    KILN_RUN(test_bad_inputs);
    KILN_RUN(test_kws_size_counts);
    return kiln_test_finish();
}
