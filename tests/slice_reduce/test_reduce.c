/*
 * MEAN (arm_mean_s8 / _s16), REDUCE_MAX / REDUCE_MIN (arm_reduce_max_s8 / _s16, arm_reduce_min_s8 / _s16) and SUM
 * (arm_reduce_sum_f32 / _f16). No shared vectors exist for them. Random NHWC shapes and every axis mask against a
 * brute-force reference written here (each input element folded into the output element its kept coordinates
 * name, in row-major order); MEAN's parameters as TFLite's QuantizedMeanOrSum makes them (a base multiplier with
 * 1 / count folded in) and also raw random ones, the requantization by the test reference library's TFLite
 * MultiplyByQuantizedMultiplier. Float sums compared bit for bit (same summation order, float32 accumulation).
 * Every call: output between guard bytes, input unchanged; every eighth random case again with input and output
 * flush against the ends of readable memory. Bad-input tables per function.
 */
#include <stdint.h>
#include <string.h>

#include "arm_nnfunctions.h"
#include "kiln_ref.h"
#include "kiln_test.h"
#include "sr_util.h"

typedef enum
{
    RK_MEAN,
    RK_MAX,
    RK_MIN,
    RK_SUM_F32,
    RK_SUM_F16,
} rk_kind;

typedef struct
{
    int32_t in_off, out_off, mult, shift;
} rk_quant;

/* one entry point behind byte pointers */
static arm_cmsis_nn_status rk_call(rk_kind k,
                                   size_t es,
                                   const void *in,
                                   const cmsis_nn_dims *id,
                                   const cmsis_nn_dims *ax,
                                   void *out,
                                   const cmsis_nn_dims *od,
                                   const rk_quant *q)
{
    switch (k)
    {
    case RK_MEAN:
        return es == 1 ? arm_mean_s8((const int8_t *)in, id, q->in_off, ax, (int8_t *)out, od, q->out_off, q->mult,
                                     q->shift)
                       : arm_mean_s16((const int16_t *)in, id, q->in_off, ax, (int16_t *)out, od, q->out_off, q->mult,
                                      q->shift);
    case RK_MAX:
        return es == 1 ? arm_reduce_max_s8((const int8_t *)in, id, ax, (int8_t *)out, od)
                       : arm_reduce_max_s16((const int16_t *)in, id, ax, (int16_t *)out, od);
    case RK_MIN:
        return es == 1 ? arm_reduce_min_s8((const int8_t *)in, id, ax, (int8_t *)out, od)
                       : arm_reduce_min_s16((const int16_t *)in, id, ax, (int16_t *)out, od);
#if ARM_NN_ENABLE_F32
    case RK_SUM_F32:
        return arm_reduce_sum_f32((const float32_t *)in, id, ax, (float32_t *)out, od);
#endif
#if ARM_NN_ENABLE_F16
    case RK_SUM_F16:
        return arm_reduce_sum_f16((const float16_t *)in, id, ax, (float16_t *)out, od);
#endif
    default:
        return ARM_CMSIS_NN_NO_IMPL_ERROR;
    }
}

typedef struct
{
    const char *name;
    rk_kind kind;
    size_t es;
} rk_type;

static const rk_type rk_types[] = {
    {"mean_s8", RK_MEAN, 1},    {"mean_s16", RK_MEAN, 2}, {"max_s8", RK_MAX, 1},
    {"max_s16", RK_MAX, 2},     {"min_s8", RK_MIN, 1},    {"min_s16", RK_MIN, 2},
#if ARM_NN_ENABLE_F32
    {"sum_f32", RK_SUM_F32, 4},
#endif
#if ARM_NN_ENABLE_F16
    {"sum_f16", RK_SUM_F16, 2},
#endif
};
#define RK_NTYPES ((int)(sizeof(rk_types) / sizeof(rk_types[0])))

/* TFLite's QuantizedMeanOrSum folding of 1 / count into (mult, shift) */
static void rk_fold(int32_t mult, int32_t shift, int64_t count, int32_t *m, int32_t *s)
{
    int32_t k = 0;
    while (((int64_t)1 << (k + 1)) <= count)
    {
        k++; /* floor(log2(count)) */
    }
    k = k < 32 ? k : 32;
    k = k < 31 + shift ? k : 31 + shift;
    *m = (int32_t)(((int64_t)mult << k) / count);
    *s = shift - k;
}

static int64_t rk_acc[SR_MAX]; /* integer sums / running extremes per output element */
static float rk_facc[SR_MAX];  /* float sums */
static bool rk_seen[SR_MAX];

static int32_t rk_int_at(size_t es, int64_t i)
{
    if (es == 1)
    {
        return ((const int8_t *)sr_in)[i];
    }
    int16_t v;
    memcpy(&v, sr_in + 2 * i, 2);
    return v;
}

/* brute force: walk the input in row-major order, fold element i into the output element its kept coordinates
 * name; then finish each output */
static void rk_reference(const rk_type *t, const int32_t *in, const int32_t *ax, const rk_quant *q)
{
    int32_t out[4];
    for (int32_t d = 0; d < 4; d++)
    {
        out[d] = ax[d] ? 1 : in[d];
    }
    const int64_t n_out = sr_prod(out, 4), n_in = sr_prod(in, 4), count = n_in / n_out;
    for (int64_t o = 0; o < n_out; o++)
    {
        rk_acc[o] = 0;
        rk_facc[o] = 0.0f;
        rk_seen[o] = false;
    }
    for (int64_t i = 0; i < n_in; i++)
    {
        const int32_t c3 = (int32_t)(i % in[3]), c2 = (int32_t)(i / in[3] % in[2]);
        const int32_t c1 = (int32_t)(i / in[3] / in[2] % in[1]), c0 = (int32_t)(i / in[3] / in[2] / in[1]);
        const int64_t o =
            (((ax[0] ? 0 : c0) * (int64_t)out[1] + (ax[1] ? 0 : c1)) * out[2] + (ax[2] ? 0 : c2)) * out[3] +
            (ax[3] ? 0 : c3);
        switch (t->kind)
        {
        case RK_MEAN:
            rk_acc[o] += rk_int_at(t->es, i);
            break;
        case RK_MAX:
        case RK_MIN:
        {
            const int32_t v = rk_int_at(t->es, i);
            if (!rk_seen[o] || (t->kind == RK_MAX ? v > rk_acc[o] : v < rk_acc[o]))
            {
                rk_acc[o] = v;
            }
            rk_seen[o] = true;
            break;
        }
#if ARM_NN_ENABLE_F32
        case RK_SUM_F32:
        {
            float v;
            memcpy(&v, sr_in + 4 * i, 4);
            rk_facc[o] += v;
            break;
        }
#endif
#if ARM_NN_ENABLE_F16
        case RK_SUM_F16:
        {
            float16_t v;
            memcpy(&v, sr_in + 2 * i, 2);
            rk_facc[o] += (float)v;
            break;
        }
#endif
        default:
            break;
        }
    }
    const int32_t lo = t->es == 1 ? INT8_MIN : INT16_MIN, hi = t->es == 1 ? INT8_MAX : INT16_MAX;
    for (int64_t o = 0; o < n_out; o++)
    {
        if (t->kind == RK_MEAN)
        {
            const int64_t total = rk_acc[o] + count * (int64_t)q->in_off;
            const int32_t acc = (int32_t)(uint32_t)(uint64_t)total;
            int64_t v = (int64_t)kiln_ref_multiply_by_quantized_multiplier(acc, q->mult, q->shift) + q->out_off;
            v = v < lo ? lo : (v > hi ? hi : v);
            rk_acc[o] = v;
        }
        if (t->kind == RK_MEAN || t->kind == RK_MAX || t->kind == RK_MIN)
        {
            if (t->es == 1)
            {
                sr_want[o] = (uint8_t)(int8_t)rk_acc[o];
            }
            else
            {
                const int16_t v = (int16_t)rk_acc[o];
                memcpy(sr_want + 2 * o, &v, 2);
            }
        }
#if ARM_NN_ENABLE_F32
        if (t->kind == RK_SUM_F32)
        {
            memcpy(sr_want + 4 * o, &rk_facc[o], 4);
        }
#endif
#if ARM_NN_ENABLE_F16
        if (t->kind == RK_SUM_F16)
        {
            const float16_t v = (float16_t)rk_facc[o];
            memcpy(sr_want + 2 * o, &v, 2);
        }
#endif
    }
}

/* random finite float16 / float32 inputs of moderate size (sums stay finite; cancellations happen) */
static void rk_fill_float(kiln_rng *r, const rk_type *t, int64_t n)
{
    for (int64_t i = 0; i < n; i++)
    {
        const float v = (float)kiln_rng_range(r, -20000, 20000) / (float)kiln_rng_range(r, 1, 997);
        if (t->kind == RK_SUM_F32)
        {
            memcpy(sr_in + 4 * i, &v, 4);
        }
#if ARM_NN_ENABLE_F16
        else
        {
            const float16_t h = (float16_t)v;
            memcpy(sr_in + 2 * i, &h, 2);
        }
#endif
    }
    memcpy(sr_in_copy, sr_in, (size_t)n * t->es);
}

/* One call with its operands where kiln_edge_each() puts them (flush against the ends of readable memory). */
typedef struct
{
    const rk_type *t;
    void *in, *out;
    const cmsis_nn_dims *di, *da, *dout;
    const rk_quant *q;
    size_t out_bytes;
} rk_edge;

static bool rk_edge_run(void *arg)
{
    const rk_edge *k = (const rk_edge *)arg;
    bool ok =
        KILN_CHECK_EQ(rk_call(k->t->kind, k->t->es, k->in, k->di, k->da, k->out, k->dout, k->q), ARM_CMSIS_NN_SUCCESS);
    ok &= KILN_CHECK(memcmp(k->out, sr_want, k->out_bytes) == 0);
    return ok;
}

static void test_reduce_random(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x2ED0CE);
    const int32_t iters = kiln_test_iterations(2000 * RK_NTYPES, 300 * RK_NTYPES); /* per function: 2000 / 300 */
    for (int32_t it = 0; it < iters; it++)
    {
        const rk_type *t = &rk_types[it % RK_NTYPES];
        int32_t in[4], ax[4], out[4];
        do
        {
            for (int32_t d = 0; d < 4; d++)
            {
                in[d] = kiln_rng_range(&r, 1, kiln_rng_range(&r, 0, 3) == 0 ? 1 : 9);
            }
        } while (sr_prod(in, 4) * (int64_t)t->es > SR_MAX);
        const int32_t mask = kiln_rng_range(&r, 0, 15);
        for (int32_t d = 0; d < 4; d++)
        {
            ax[d] = (mask >> d) & 1;
            out[d] = ax[d] ? 1 : in[d];
        }
        const int64_t n_in = sr_prod(in, 4), n_out = sr_prod(out, 4);
        rk_quant q = {0, 0, 0, 0};
        if (t->kind == RK_SUM_F32 || t->kind == RK_SUM_F16)
        {
            rk_fill_float(&r, t, n_in);
        }
        else
        {
            sr_fill_input(&r, (size_t)n_in * t->es);
        }
        if (t->kind == RK_MEAN)
        {
            const int32_t hi = t->es == 1 ? 127 : 32767;
            q.in_off = kiln_rng_range(&r, -hi, hi + 1);
            q.out_off = kiln_rng_range(&r, -hi - 1, hi);
            if (kiln_rng_range(&r, 0, 3) != 0)
            {
                /* TFLite: a scale multiplier in [2^30, 2^31), 1 / count folded in */
                const int32_t base_m = kiln_rng_range(&r, 1 << 30, INT32_MAX);
                const int32_t base_s = kiln_rng_range(&r, -12, 3);
                rk_fold(base_m, base_s, n_in / n_out, &q.mult, &q.shift);
            }
            else
            {
                q.mult = kiln_rng_range(&r, 0, INT32_MAX);
                q.shift = kiln_rng_range(&r, -31, 30);
            }
        }
        rk_reference(t, in, ax, &q);
        cmsis_nn_dims di, da, dout;
        dims_set(&di, in);
        dims_set(&da, ax);
        dims_set(&dout, out);
        kiln_test_context("%s in %d %d %d %d mask %d offs %d %d mult %d shift %d", t->name, in[0], in[1], in[2], in[3],
                          mask, q.in_off, q.out_off, q.mult, q.shift);
        sr_canary();
        KILN_CHECK_EQ(rk_call(t->kind, t->es, sr_in, &di, &da, sr_out_ptr(), &dout, &q), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK(sr_out_ok((size_t)n_out * t->es));
        KILN_CHECK(sr_input_unchanged((size_t)n_in * t->es));
        if (it % 8 == 0)
        {
            rk_edge k = {t, sr_in, sr_out_ptr(), &di, &da, &dout, &q, (size_t)n_out * t->es};
            const kiln_edge_operand ops[] = {{"input", &k.in, (size_t)n_in * t->es},
                                             {"output", &k.out, (size_t)n_out * t->es}};
            KILN_CHECK(kiln_edge_each(ops, 2, rk_edge_run, &k));
        }
    }
}

/* extreme MEAN parameters: full-scale inputs, the largest offsets, shifts at both ends */
static void test_mean_extremes(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0xE87);
    const int32_t shifts[] = {-31, -20, -1, 0, 1, 10, 30};
    for (int32_t es = 1; es <= 2; es++)
    {
        const rk_type *t = &rk_types[es - 1];
        const int32_t hi = es == 1 ? 127 : 32767;
        for (size_t k = 0; k < sizeof(shifts) / sizeof(shifts[0]); k++)
        {
            for (int32_t pattern = 0; pattern < 3; pattern++)
            {
                const int32_t in[4] = {2, 3, 5, 7}, ax[4] = {0, 1, 1, 0}, out[4] = {2, 1, 1, 7};
                const int64_t n_in = sr_prod(in, 4);
                for (int64_t i = 0; i < n_in; i++)
                {
                    const int32_t v = pattern == 0 ? hi : (pattern == 1 ? -hi - 1 : kiln_rng_range(&r, -hi - 1, hi));
                    if (es == 1)
                    {
                        sr_in[i] = (uint8_t)(int8_t)v;
                    }
                    else
                    {
                        const int16_t h = (int16_t)v;
                        memcpy(sr_in + 2 * i, &h, 2);
                    }
                }
                memcpy(sr_in_copy, sr_in, (size_t)n_in * (size_t)es);
                const rk_quant q = {pattern == 1 ? hi + 1 : -hi, pattern == 0 ? hi : -hi - 1, INT32_MAX, shifts[k]};
                rk_reference(t, in, ax, &q);
                cmsis_nn_dims di, da, dout;
                dims_set(&di, in);
                dims_set(&da, ax);
                dims_set(&dout, out);
                kiln_test_context("%s shift %d pattern %d", t->name, shifts[k], pattern);
                sr_canary();
                KILN_CHECK_EQ(rk_call(t->kind, t->es, sr_in, &di, &da, sr_out_ptr(), &dout, &q), ARM_CMSIS_NN_SUCCESS);
                KILN_CHECK(sr_out_ok((size_t)sr_prod(out, 4) * (size_t)es));
                KILN_CHECK(sr_input_unchanged((size_t)n_in * (size_t)es));
            }
        }
    }
}

/* MEAN whose int32 accumulator wraps (as the int32 accumulators of ns-cmsis-nn and TFLite): int16, 40000 elements
 * per output of up to 65535 each after the offset; the reference folds with the same documented wrap. */
static int16_t rk_big[40000];
static int16_t rk_big_copy[40000];
static void test_mean_s16_wrap(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x3A9);
    for (int32_t round = 0; round < 3; round++)
    {
        int64_t sum = 0;
        for (int32_t i = 0; i < 40000; i++)
        {
            rk_big[i] = (int16_t)(round == 0 ? 32767 : kiln_rng_range(&r, 30000, 32767));
            sum += rk_big[i];
        }
        memcpy(rk_big_copy, rk_big, sizeof(rk_big));
        const int32_t in_off = 32768, mult = kiln_rng_range(&r, 1 << 30, INT32_MAX),
                      shift = -kiln_rng_range(&r, 14, 18);
        const int64_t total = sum + 40000 * (int64_t)in_off;
        KILN_CHECK(total > INT32_MAX); /* the case wraps */
        const int32_t acc = (int32_t)(uint32_t)(uint64_t)total;
        int64_t want = kiln_ref_multiply_by_quantized_multiplier(acc, mult, shift) - 7;
        want = want < INT16_MIN ? INT16_MIN : (want > INT16_MAX ? INT16_MAX : want);
        const cmsis_nn_dims di = {1, 200, 200, 1}, da = {0, 1, 1, 0}, dout = {1, 1, 1, 1};
        int16_t out[3] = {0x5A5A, 0x5A5A, 0x5A5A};
        KILN_CHECK_EQ(arm_mean_s16(rk_big, &di, in_off, &da, &out[1], &dout, -7, mult, shift), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_EQ(out[1], want);
        KILN_CHECK(out[0] == 0x5A5A && out[2] == 0x5A5A);
        KILN_CHECK(memcmp(rk_big, rk_big_copy, sizeof(rk_big)) == 0);
    }
}

static void test_reduce_bad_input(void)
{
    typedef struct
    {
        const char *what;
        int32_t in[4], ax[4], out[4];
        rk_quant q;
        int null_arg; /* 1 input, 2 input dims, 3 axis, 4 output, 5 output dims */
        bool mean_only;
    } row;
    const int32_t in_ok[4] = {2, 3, 4, 5}, ax_ok[4] = {0, 1, 0, 1}, out_ok[4] = {2, 1, 4, 1};
#define OKQ                                                                                                            \
    {                                                                                                                  \
        -5, 3, 1 << 30, -3                                                                                             \
    }
    const row rows[] = {
        {"null input", {2, 3, 4, 5}, {0, 1, 0, 1}, {2, 1, 4, 1}, OKQ, 1, false},
        {"null input dims", {2, 3, 4, 5}, {0, 1, 0, 1}, {2, 1, 4, 1}, OKQ, 2, false},
        {"null axis", {2, 3, 4, 5}, {0, 1, 0, 1}, {2, 1, 4, 1}, OKQ, 3, false},
        {"null output", {2, 3, 4, 5}, {0, 1, 0, 1}, {2, 1, 4, 1}, OKQ, 4, false},
        {"null output dims", {2, 3, 4, 5}, {0, 1, 0, 1}, {2, 1, 4, 1}, OKQ, 5, false},
        {"zero input extent", {2, 0, 4, 5}, {0, 1, 0, 1}, {2, 1, 4, 1}, OKQ, 0, false},
        {"negative input extent", {2, 3, -4, 5}, {0, 1, 0, 1}, {2, 1, -4, 1}, OKQ, 0, false},
        {"axis field 2", {2, 3, 4, 5}, {0, 2, 0, 1}, {2, 1, 4, 1}, OKQ, 0, false},
        {"axis field -1", {2, 3, 4, 5}, {0, 1, 0, -1}, {2, 1, 4, 1}, OKQ, 0, false},
        {"reduced output extent not 1", {2, 3, 4, 5}, {0, 1, 0, 1}, {2, 3, 4, 1}, OKQ, 0, false},
        {"kept output extent differs", {2, 3, 4, 5}, {0, 1, 0, 1}, {2, 1, 3, 1}, OKQ, 0, false},
        {"count past INT32_MAX", {65536, 65536, 1, 1}, {0, 1, 0, 0}, {65536, 1, 1, 1}, OKQ, 0, false},
        {"negative multiplier", {2, 3, 4, 5}, {0, 1, 0, 1}, {2, 1, 4, 1}, {-5, 3, -1, -3}, 0, true},
        {"shift 31", {2, 3, 4, 5}, {0, 1, 0, 1}, {2, 1, 4, 1}, {-5, 3, 1 << 30, 31}, 0, true},
        {"shift -32", {2, 3, 4, 5}, {0, 1, 0, 1}, {2, 1, 4, 1}, {-5, 3, 1 << 30, -32}, 0, true},
    };
#undef OKQ
    const rk_quant q_ok = {-5, 3, 1 << 30, -3};
    sr_fill_input(&(kiln_rng){0}, 2 * 3 * 4 * 5 * 4);
    for (int t = 0; t < RK_NTYPES; t++)
    {
        const rk_type *ty = &rk_types[t];
        cmsis_nn_dims di, da, dout;
        dims_set(&di, in_ok);
        dims_set(&da, ax_ok);
        dims_set(&dout, out_ok);
        sr_canary();
        KILN_CHECK_EQ(rk_call(ty->kind, ty->es, sr_in, &di, &da, sr_out_ptr(), &dout, &q_ok), ARM_CMSIS_NN_SUCCESS);
        for (size_t k = 0; k < sizeof(rows) / sizeof(rows[0]); k++)
        {
            const row *w = &rows[k];
            if (w->mean_only && ty->kind != RK_MEAN)
            {
                continue;
            }
            dims_set(&di, w->in);
            dims_set(&da, w->ax);
            dims_set(&dout, w->out);
            kiln_test_context("%s: %s", ty->name, w->what);
            sr_canary();
            KILN_CHECK_EQ(rk_call(ty->kind, ty->es, w->null_arg == 1 ? NULL : sr_in, w->null_arg == 2 ? NULL : &di,
                                  w->null_arg == 3 ? NULL : &da, w->null_arg == 4 ? NULL : sr_out_ptr(),
                                  w->null_arg == 5 ? NULL : &dout, &w->q),
                          ARM_CMSIS_NN_ARG_ERROR);
            KILN_CHECK(sr_untouched());
        }
        if (ty->kind == RK_MEAN)
        {
            /* the offsets: one past each end of the accepted ranges */
            const int32_t hi = ty->es == 1 ? 127 : 32767;
            const rk_quant bad[4] = {{-hi - 1, 0, 1 << 30, -3},
                                     {hi + 2, 0, 1 << 30, -3},
                                     {0, -hi - 2, 1 << 30, -3},
                                     {0, hi + 1, 1 << 30, -3}};
            dims_set(&di, in_ok);
            dims_set(&da, ax_ok);
            dims_set(&dout, out_ok);
            for (int k = 0; k < 4; k++)
            {
                kiln_test_context("%s: offsets %d %d", ty->name, bad[k].in_off, bad[k].out_off);
                sr_canary();
                KILN_CHECK_EQ(rk_call(ty->kind, ty->es, sr_in, &di, &da, sr_out_ptr(), &dout, &bad[k]),
                              ARM_CMSIS_NN_ARG_ERROR);
                KILN_CHECK(sr_untouched());
            }
        }
    }
}

int main(void)
{
    KILN_RUN(test_reduce_random);
    KILN_RUN(test_mean_extremes);
    KILN_RUN(test_mean_s16_wrap);
    KILN_RUN(test_reduce_bad_input);
    return kiln_test_finish();
}
