/*
 * arm_fully_connected_s4 (int8 input, packed int4 weights, per-tensor quantization): every shared
 * vector, an independent in-file reference (nibble unpacking, plain loops, TFLite requantization)
 * on the vectors and in randomized differential tests (batches, odd depths, odd matrices, filter
 * offsets), output and context guards, unchanged inputs, the "fc_s4_c" route of the fully
 * connected plan, a bad-input table, empty outputs and edge memory.
 */
#include <string.h>

#include "arm_nnfunctions.h"
#include "Internal/kiln_fc_s8.h"
#include "kiln_test.h"

#include "kiln_vectors/fully_connected_int4.h"
#include "kiln_vectors/fully_connected_int4_2.h"
#include "kiln_vectors/fully_connected_int4_3.h"
#include "kiln_vectors/fully_connected_int4_4.h"
#include "kiln_vectors/fully_connected_int4_5.h"
#include "kiln_vectors/fully_connected_int4_6.h"

#define GUARD 32
#define GUARD_BYTE ((int8_t)0x5A)
#define MAX_COLS 160
#define MAX_ROWS 48
#define MAX_BATCH 5
#define MAX_OUT (MAX_ROWS * MAX_BATCH)
#define MAX_W ((MAX_ROWS * MAX_COLS + 1) / 2)

typedef struct
{
    int32_t batches, cols, rows;
    int32_t in_off, w_off, out_off, act_min, act_max;
    int32_t mult, shift;
    const int8_t *input;
    const int8_t *weights; /* packed */
    const int32_t *bias;   /* may be NULL */
} fc4_case;

static int64_t w_bytes(const fc4_case *c)
{
    return ((int64_t)c->rows * c->cols + 1) / 2;
}

static arm_cmsis_nn_status run_fc4(const fc4_case *c, const cmsis_nn_context *ctx, int8_t *out)
{
    const cmsis_nn_fc_params p = {c->in_off, c->w_off, c->out_off, {c->act_min, c->act_max}};
    const cmsis_nn_per_tensor_quant_params q = {c->mult, c->shift};
    const cmsis_nn_dims in = {c->batches, 1, 1, c->cols};
    const cmsis_nn_dims f = {c->cols, 1, 1, c->rows};
    const cmsis_nn_dims b = {1, 1, 1, c->rows};
    const cmsis_nn_dims o = {c->batches, 1, 1, c->rows};
    return arm_fully_connected_s4(ctx, &p, &q, &in, c->input, &f, c->weights, &b, c->bias, &o, out);
}

/* ---- reference ------------------------------------------------------------------------------- */

static int32_t ref_weight(const int8_t *packed, int64_t e)
{
    const uint8_t byte = (uint8_t)packed[e / 2];
    int32_t v = (e % 2 == 0) ? (byte & 0x0F) : (byte >> 4);
    return v >= 8 ? v - 16 : v;
}

static int64_t ref_floor_pow2(int64_t x, int s)
{
    const int64_t d = (int64_t)1 << s;
    int64_t q = x / d;
    if (x % d != 0 && x < 0)
    {
        q -= 1;
    }
    return q;
}

static int32_t ref_requant(int32_t acc, int32_t mult, int32_t shift)
{
    const int ls = shift > 0 ? shift : 0;
    const int rs = shift > 0 ? 0 : -shift;
    const int32_t x = (int32_t)(uint32_t)((uint64_t)(uint32_t)acc << ls);
    const int64_t ab = (int64_t)x * mult;
    const int64_t nudge = ab >= 0 ? ((int64_t)1 << 30) : (1 - ((int64_t)1 << 30));
    const int32_t hi = (int32_t)((ab + nudge) / ((int64_t)1 << 31));
    if (rs == 0)
    {
        return hi;
    }
    const int64_t mask = ((int64_t)1 << rs) - 1;
    const int64_t rem = (int64_t)hi - ref_floor_pow2(hi, rs) * ((int64_t)1 << rs);
    const int64_t thr = (mask >> 1) + (hi < 0 ? 1 : 0);
    return (int32_t)(ref_floor_pow2(hi, rs) + (rem > thr ? 1 : 0));
}

static void ref_fc4(const fc4_case *c, int8_t *out)
{
    for (int32_t b = 0; b < c->batches; b++)
    {
        for (int32_t r = 0; r < c->rows; r++)
        {
            int64_t sum = 0;
            for (int32_t k = 0; k < c->cols; k++)
            {
                const int64_t w = ref_weight(c->weights, (int64_t)r * c->cols + k) + c->w_off;
                sum += w * ((int64_t)c->input[(int64_t)b * c->cols + k] + c->in_off);
            }
            const int32_t acc = (int32_t)(uint32_t)((uint64_t)sum + (uint64_t)(c->bias ? c->bias[r] : 0));
            int64_t v = (int64_t)ref_requant(acc, c->mult, c->shift) + c->out_off;
            v = v < c->act_min ? c->act_min : (v > c->act_max ? c->act_max : v);
            out[(int64_t)b * c->rows + r] = (int8_t)v;
        }
    }
}

/* ---- buffers and checks ---------------------------------------------------------------------- */

static int8_t g_out_buf[MAX_OUT + 2 * GUARD];
static int8_t *const g_out = g_out_buf + GUARD;
static int8_t g_ref[MAX_OUT];
static int8_t g_ctx_buf[2 * GUARD];
static int8_t *const g_ctx = g_ctx_buf + GUARD;
static int8_t g_in[MAX_BATCH * MAX_COLS], g_in_copy[MAX_BATCH * MAX_COLS];
static int8_t g_w[MAX_W], g_w_copy[MAX_W];
static int32_t g_bias[MAX_ROWS], g_bias_copy[MAX_ROWS];

static void guard_fill(int8_t *p, int64_t n)
{
    memset(p - GUARD, GUARD_BYTE, GUARD);
    memset(p + n, GUARD_BYTE, GUARD);
}

static bool guard_intact(const int8_t *p, int64_t n)
{
    for (int i = 0; i < GUARD; i++)
    {
        if (p[-1 - i] != GUARD_BYTE || p[n + i] != GUARD_BYTE)
        {
            return false;
        }
    }
    return true;
}

typedef struct
{
    const fc4_case *c;
    void *in, *w, *b, *out;
    const int8_t *want;
} fc4_edge_call;

static bool fc4_edge_run(void *arg)
{
    const fc4_edge_call *k = (const fc4_edge_call *)arg;
    fc4_case c = *k->c;
    c.input = (const int8_t *)k->in;
    c.weights = (const int8_t *)k->w;
    c.bias = (const int32_t *)k->b;
    bool ok = KILN_CHECK_EQ(run_fc4(&c, NULL, (int8_t *)k->out), ARM_CMSIS_NN_SUCCESS);
    ok &= KILN_CHECK_MEM_S8((const int8_t *)k->out, k->want, (int64_t)c.batches * c.rows);
    return ok;
}

static void check_edges(const fc4_case *c, const int8_t *want)
{
    fc4_edge_call k = {c, kiln_edge_ptr(c->input), kiln_edge_ptr(c->weights), kiln_edge_ptr(c->bias), g_out, want};
    const kiln_edge_operand ops[] = {
        {"input", &k.in, (size_t)((int64_t)c->batches * c->cols)},
        {"weights", &k.w, (size_t)w_bytes(c)},
        {"bias", &k.b, c->bias != NULL ? (size_t)c->rows * sizeof(int32_t) : 0},
        {"output", &k.out, (size_t)((int64_t)c->batches * c->rows)},
    };
    kiln_edge_each(ops, (int)(sizeof(ops) / sizeof(ops[0])), fc4_edge_run, &k);
}

/* Every context form (NULL, {NULL, 0}, a guarded 0-byte buffer stated as 0 bytes: the plan's size),
 * guards around the output, inputs unchanged. */
static void check_case(const fc4_case *c, const int8_t *want, bool edges)
{
    const int64_t n_out = (int64_t)c->batches * c->rows;
    const int64_t n_in = (int64_t)c->batches * c->cols;
    memcpy(g_in_copy, c->input, (size_t)n_in);
    memcpy(g_w_copy, c->weights, (size_t)w_bytes(c));
    if (c->bias != NULL)
    {
        memcpy(g_bias_copy, c->bias, (size_t)c->rows * sizeof(int32_t));
    }
    for (int form = 0; form < 3; form++)
    {
        memset(g_ctx_buf, GUARD_BYTE, sizeof(g_ctx_buf));
        const cmsis_nn_context ctx = {form == 2 ? (void *)g_ctx : NULL, 0};
        guard_fill(g_out, n_out);
        memset(g_out, 0x11, (size_t)n_out);
        KILN_CHECK_EQ(run_fc4(c, form == 0 ? NULL : &ctx, g_out), ARM_CMSIS_NN_SUCCESS);
        if (!KILN_CHECK_MEM_S8(g_out, want, n_out))
        {
            kiln_test_context("form %d: batches %d cols %d rows %d offs %d %d %d", form, (int)c->batches,
                              (int)c->cols, (int)c->rows, (int)c->in_off, (int)c->w_off, (int)c->out_off);
        }
        KILN_CHECK(guard_intact(g_out, n_out));
        KILN_CHECK(guard_intact(g_ctx, 0));
    }
    if (edges)
    {
        check_edges(c, want);
    }
    KILN_CHECK(memcmp(g_in_copy, c->input, (size_t)n_in) == 0);
    KILN_CHECK(memcmp(g_w_copy, c->weights, (size_t)w_bytes(c)) == 0);
    if (c->bias != NULL)
    {
        KILN_CHECK(memcmp(g_bias_copy, c->bias, (size_t)c->rows * sizeof(int32_t)) == 0);
    }
}

/* ---- shared vectors -------------------------------------------------------------------------- */

#define FC4_VEC(lc, UC)                                                                                           \
    {                                                                                                             \
        #lc,                                                                                                      \
            {UC##_INPUT_BATCHES, UC##_ACCUMULATION_DEPTH, UC##_OUT_CH, UC##_INPUT_OFFSET, 0, UC##_OUTPUT_OFFSET,  \
             UC##_OUT_ACTIVATION_MIN, UC##_OUT_ACTIVATION_MAX, UC##_OUTPUT_MULTIPLIER, UC##_OUTPUT_SHIFT,         \
             lc##_input, lc##_weights, lc##_biases},                                                              \
            lc##_output_ref, (int64_t)(sizeof(lc##_output_ref) / sizeof(lc##_output_ref[0])),                     \
            (int64_t)(sizeof(lc##_weights) / sizeof(lc##_weights[0]))                                             \
    }

typedef struct
{
    const char *name;
    fc4_case c;
    const int8_t *want;
    int64_t want_n;
    int64_t w_n;
} fc4_vec;

static void test_vectors(void)
{
    static const fc4_vec vecs[] = {
        FC4_VEC(fully_connected_int4, FULLY_CONNECTED_INT4),
        FC4_VEC(fully_connected_int4_2, FULLY_CONNECTED_INT4_2),
        FC4_VEC(fully_connected_int4_3, FULLY_CONNECTED_INT4_3),
        FC4_VEC(fully_connected_int4_4, FULLY_CONNECTED_INT4_4),
        FC4_VEC(fully_connected_int4_5, FULLY_CONNECTED_INT4_5),
        FC4_VEC(fully_connected_int4_6, FULLY_CONNECTED_INT4_6),
    };
    for (size_t i = 0; i < sizeof(vecs) / sizeof(vecs[0]); i++)
    {
        const fc4_vec *v = &vecs[i];
        kiln_test_context("vector %s", v->name);
        KILN_CHECK_EQ((int64_t)v->c.batches * v->c.rows, v->want_n);
        KILN_CHECK_EQ(w_bytes(&v->c), v->w_n); /* ceil(rows * cols / 2) bytes, packed over the matrix */
        ref_fc4(&v->c, g_ref);
        KILN_CHECK_MEM_S8(g_ref, v->want, v->want_n);
        check_case(&v->c, v->want, true);
    }
}

/* ---- random differential tests ------------------------------------------------------------- */

static void random_case(kiln_rng *r, fc4_case *c)
{
    memset(c, 0, sizeof(*c));
    c->batches = kiln_rng_range(r, 1, MAX_BATCH);
    c->cols = kiln_rng_range(r, 0, 9) == 0 ? kiln_rng_range(r, 1, 5) : kiln_rng_range(r, 1, MAX_COLS);
    c->rows = kiln_rng_range(r, 1, MAX_ROWS);
    c->in_off = kiln_rng_range(r, 0, 7) == 0 ? kiln_rng_range(r, -32639, 32639) : kiln_rng_range(r, -127, 128);
    c->w_off = kiln_rng_range(r, 0, 3) == 0 ? kiln_rng_range(r, -8, 8) : 0;
    if (kiln_rng_range(r, 0, 15) == 0)
    {
        c->w_off = kiln_rng_range(r, -32639, 32639);
    }
    c->out_off = kiln_rng_range(r, 0, 7) == 0 ? kiln_rng_range(r, -32639, 32639) : kiln_rng_range(r, -128, 127);
    const int32_t a = kiln_rng_range(r, -128, 127);
    const int32_t b = kiln_rng_range(r, -128, 127);
    c->act_min = kiln_rng_range(r, 0, 2) == 0 ? (a < b ? a : b) : -128;
    c->act_max = kiln_rng_range(r, 0, 2) == 0 ? (a < b ? b : a) : 127;
    if (c->act_min > c->act_max)
    {
        c->act_min = c->act_max;
    }
    c->mult = kiln_rng_range(r, 0, 15) == 0 ? kiln_rng_range(r, 0, INT32_MAX) : kiln_rng_range(r, 1 << 30, INT32_MAX);
    c->shift = kiln_rng_range(r, 0, 15) == 0 ? kiln_rng_range(r, -31, 30) : kiln_rng_range(r, -14, 2);
    kiln_rng_fill_s8(r, g_in, (int64_t)c->batches * c->cols);
    kiln_rng_fill_s8(r, g_w, w_bytes(c));
    for (int32_t i = 0; i < c->rows; i++)
    {
        g_bias[i] = kiln_rng_range(r, 0, 31) == 0 ? (int32_t)kiln_rng_u32(r) : kiln_rng_range(r, -(1 << 16), 1 << 16);
    }
    c->input = g_in;
    c->weights = g_w;
    c->bias = kiln_rng_range(r, 0, 4) == 0 ? NULL : g_bias;
}

static void test_random(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x46433453u);
    const int32_t iters = kiln_test_iterations(2000, 300);
    for (int32_t i = 0; i < iters; i++)
    {
        fc4_case c;
        random_case(&r, &c);
        ref_fc4(&c, g_ref);
        check_case(&c, g_ref, i % 40 == 0);
    }
}

/* ---- the plan -------------------------------------------------------------------------------- */

static void test_plan(void)
{
    const kiln_fc_s8_shape sh = {3, 85, 19};
    for (int isa = 0; isa < 3; isa++)
    {
        kiln_fc_s8_plan_t p;
        KILN_CHECK_EQ(kiln_fc_plan(&sh, KILN_FC_OP_S4, (kiln_isa)isa, &p), ARM_CMSIS_NN_SUCCESS);
        KILN_CHECK_EQ(p.route, KILN_FC_S8_ROUTE_S4_C);
        KILN_CHECK(strcmp(p.name, "fc_s4_c") == 0);
        KILN_CHECK_EQ(kiln_fc_s8_plan_ctx_bytes(&p), 0);
    }
    const kiln_fc_s8_shape bad = {1, -1, 3};
    kiln_fc_s8_plan_t p;
    KILN_CHECK_EQ(kiln_fc_plan(&bad, KILN_FC_OP_S4, KILN_ISA_C, &p), ARM_CMSIS_NN_ARG_ERROR);
    KILN_CHECK_EQ(kiln_fc_plan(&sh, KILN_FC_OP_S4, KILN_ISA_C, NULL), ARM_CMSIS_NN_ARG_ERROR);
    /* Batch matmul has no int4 operator. */
    const kiln_bmm_s8_shape bsh = {4, 8};
    kiln_bmm_s8_plan_t bp;
    KILN_CHECK_EQ(kiln_bmm_plan(&bsh, KILN_FC_OP_S4, KILN_ISA_C, &bp), ARM_CMSIS_NN_ARG_ERROR);
}

/* ---- bad inputs and empty outputs ------------------------------------------------------------ */

static const int8_t k_in[2 * 7] = {1, -2, 3, 4, 5, -6, 7, 8, 9, 10, 11, 12, -13, 14};
static const int8_t k_w[(7 * 3 + 1) / 2] = {0x12, 0x34, (int8_t)0x9A, (int8_t)0xF0, 0x7E, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06};
static const int32_t k_bias[3] = {1, -2, 3};

static fc4_case base_case(void)
{
    const fc4_case c = {2, 7, 3, 3, 0, -1, -128, 127, 1 << 30, -3, k_in, k_w, k_bias};
    return c;
}

typedef struct
{
    cmsis_nn_fc_params p;
    cmsis_nn_per_tensor_quant_params q;
    cmsis_nn_dims in, f, o;
    const int8_t *input, *w;
    int8_t *out;
    bool null_p, null_q, null_in, null_f, null_o;
} fc4_raw;

static fc4_raw raw_of(const fc4_case *c)
{
    fc4_raw r;
    memset(&r, 0, sizeof(r));
    r.p.input_offset = c->in_off;
    r.p.filter_offset = c->w_off;
    r.p.output_offset = c->out_off;
    r.p.activation.min = c->act_min;
    r.p.activation.max = c->act_max;
    r.q.multiplier = c->mult;
    r.q.shift = c->shift;
    const cmsis_nn_dims in = {c->batches, 1, 1, c->cols};
    const cmsis_nn_dims f = {c->cols, 1, 1, c->rows};
    const cmsis_nn_dims o = {c->batches, 1, 1, c->rows};
    r.in = in;
    r.f = f;
    r.o = o;
    r.input = c->input;
    r.w = c->weights;
    r.out = g_out;
    return r;
}

static arm_cmsis_nn_status run_raw(const fc4_raw *r, const int32_t *bias)
{
    const cmsis_nn_dims b = {1, 1, 1, r->o.c};
    return arm_fully_connected_s4(NULL, r->null_p ? NULL : &r->p, r->null_q ? NULL : &r->q, r->null_in ? NULL : &r->in,
                                  r->input, r->null_f ? NULL : &r->f, r->w, &b, bias, r->null_o ? NULL : &r->o, r->out);
}

static void test_bad_inputs(void)
{
    const fc4_case c = base_case();
    fc4_raw r = raw_of(&c);
    KILN_CHECK_EQ(run_raw(&r, c.bias), ARM_CMSIS_NN_SUCCESS);
    /* The reference agrees on the base (odd depth: row 1 starts mid-byte). */
    ref_fc4(&c, g_ref);
    KILN_CHECK_MEM_S8(g_out, g_ref, 6);
    fc4_raw b;
#define BAD(stmt)                                                                                                 \
    do                                                                                                            \
    {                                                                                                             \
        b = r;                                                                                                    \
        stmt;                                                                                                     \
        kiln_test_context("bad input: %s", #stmt);                                                                \
        guard_fill(g_out, 16);                                                                                    \
        memset(g_out, 0x33, 16);                                                                                  \
        KILN_CHECK_EQ(run_raw(&b, c.bias), ARM_CMSIS_NN_ARG_ERROR);                                               \
        bool untouched = guard_intact(g_out, 16);                                                                 \
        for (int i = 0; i < 16; i++)                                                                              \
        {                                                                                                         \
            untouched = untouched && g_out[i] == 0x33;                                                            \
        }                                                                                                         \
        KILN_CHECK(untouched);                                                                                    \
    } while (0)
    BAD(b.null_p = true);
    BAD(b.null_q = true);
    BAD(b.null_in = true);
    BAD(b.null_f = true);
    BAD(b.null_o = true);
    BAD(b.input = NULL);
    BAD(b.w = NULL);
    BAD(b.out = NULL);
    BAD(b.in.n = -1);
    BAD(b.in.c = 8);
    BAD((b.in.h = 2, b.in.c = 4));
    BAD(b.f.n = 6);
    BAD(b.f.c = 4);
    BAD(b.o.c = -3);
    BAD(b.o.n = 3);
    BAD((b.in.n = 1 << 20, b.o.n = 1 << 20, b.in.c = 4096, b.f.n = 4096)); /* batches * cols past int32 */
    BAD((b.o.c = 1 << 20, b.f.c = 1 << 20, b.in.c = 4096, b.f.n = 4096));   /* rows * cols past int32 */
    BAD((b.in.n = 1 << 16, b.o.n = 1 << 16, b.o.c = 1 << 16, b.f.c = 1 << 16)); /* batches * rows past int32 */
    BAD(b.p.input_offset = 32640);
    BAD(b.p.filter_offset = -32640);
    BAD(b.p.output_offset = INT32_MIN);
    BAD((b.p.activation.min = 5, b.p.activation.max = 4));
    BAD(b.p.activation.min = -129);
    BAD(b.p.activation.max = 128);
    BAD(b.q.multiplier = -1);
    BAD(b.q.shift = 31);
    BAD(b.q.shift = -32);
#undef BAD
    /* Contexts: none needed, so any is accepted. */
    const cmsis_nn_context neg = {g_ctx, -5};
    memset(g_out, 0, 6);
    KILN_CHECK_EQ(run_fc4(&c, &neg, g_out), ARM_CMSIS_NN_SUCCESS);
    KILN_CHECK_MEM_S8(g_out, g_ref, 6);
}

static void test_empty(void)
{
    fc4_case c = base_case();
    memset(g_out, 0x44, 16);
    c.batches = 0;
    KILN_CHECK_EQ(run_fc4(&c, NULL, g_out), ARM_CMSIS_NN_SUCCESS);
    c = base_case();
    c.rows = 0;
    KILN_CHECK_EQ(run_fc4(&c, NULL, g_out), ARM_CMSIS_NN_SUCCESS);
    bool untouched = true;
    for (int i = 0; i < 16; i++)
    {
        untouched = untouched && g_out[i] == 0x44;
    }
    KILN_CHECK(untouched);
    /* Depth 0: bias only. */
    c = base_case();
    c.cols = 0;
    ref_fc4(&c, g_ref);
    check_case(&c, g_ref, true);
}

int main(void)
{
    KILN_RUN(test_vectors);
    KILN_RUN(test_plan);
    KILN_RUN(test_bad_inputs);
    KILN_RUN(test_empty);
    KILN_RUN(test_random);
    return kiln_test_finish();
}
