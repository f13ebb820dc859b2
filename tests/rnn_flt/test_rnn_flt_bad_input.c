/*
 * Float LSTM / GRU: bad-input table. For each of arm_lstm_unidirectional_f32 / _f16, arm_nn_lstm_step_f32 / _f16,
 * arm_gru_unidirectional_f32 / _f16 and arm_nn_gru_step_f32 / _f16, every row breaks one argument of a valid
 * call (which must succeed unchanged: the control run) and expects ARM_CMSIS_NN_ARG_ERROR with output, cell
 * state, hidden state and scratch byte for byte as before the call and every guard intact.
 */
#include "rnn_flt_test.h"

typedef enum
{
    M_NONE = 0, /* the control: must succeed */
    M_NULL_INPUT,
    M_NULL_OUTPUT,
    M_NULL_PARAMS,
    M_NULL_BUFFERS,
    M_NULL_CELL,       /* LSTM */
    M_NULL_TEMP1,      /* GRU, reset_after 0 */
    M_NULL_BUFS_GRU,   /* GRU, reset_after 0: buffers NULL */
    M_BATCH_0,
    M_BATCH_NEG,
    M_INPUT_0,
    M_HIDDEN_0,
    M_HIDDEN_NEG,
    M_STEPS_NEG,       /* entries */
    M_HUGE_SEQ,        /* batch x steps x size past INT32_MAX elements */
    M_HUGE_HIDDEN,     /* hidden x hidden past INT32_MAX elements */
    M_OFFSET_0,        /* steps */
    M_OFFSET_NEG,      /* steps */
    M_OFFSET_HUGE,     /* steps: (batch - 1) x offset x size past INT32_MAX */
    M_NULL_WX0,        /* first gate's input weights */
    M_NULL_WX_LAST,    /* last gate's input weights */
    M_NULL_WH1,        /* second gate's hidden weights, with a recurrent product */
    M_ACT_RELU,        /* LSTM: cell gate activation */
    M_ACT_UNKNOWN,     /* LSTM: forget gate activation 99 */
    M_CLIP_NAN,        /* LSTM */
    M_COUNT
} mutation;

static const char *const m_names[M_COUNT] = {
    "control", "NULL input", "NULL output", "NULL params", "NULL buffers", "NULL cell_state", "NULL temp1",
    "NULL buffers (pre-reset GRU)", "batch 0", "batch -1", "input_size 0", "hidden_size 0", "hidden_size -3",
    "time_steps -1", "sequence past INT32_MAX", "hidden x hidden past INT32_MAX", "batch_offset 0",
    "batch_offset -1", "batch_offset past INT32_MAX", "NULL input weights (first gate)",
    "NULL input weights (last gate)", "NULL hidden weights", "RELU gate", "unknown gate activation", "NaN cell_clip",
};

static rnn_case g_case;

/* Whether row m applies to (kind, step). */
static bool applies(mutation m, int kind, bool step)
{
    switch (m)
    {
    case M_NULL_CELL:
    case M_ACT_RELU:
    case M_ACT_UNKNOWN:
    case M_CLIP_NAN: return kind == RNN_LSTM;
    case M_NULL_TEMP1:
    case M_NULL_BUFS_GRU: return kind == RNN_GRU;
    case M_NULL_BUFFERS: return kind == RNN_LSTM; /* GRU: buffers are optional with reset_after != 0 */
    case M_STEPS_NEG:
    case M_HUGE_SEQ: return !step; /* the step reads no time_steps */
    case M_OFFSET_0:
    case M_OFFSET_NEG:
    case M_OFFSET_HUGE: return step;
    default: return true;
    }
}

#if ARM_NN_ENABLE_F32
#define RNN_IF32(x) x
#else
#define RNN_IF32(x)
#endif
#if ARM_NN_ENABLE_F16
#define RNN_IF16(x) x
#else
#define RNN_IF16(x)
#endif
/* Applies statement S to the staged params of the case's kind and type (P names the struct). */
#define RNN_ON_PARAMS(c, s, S)                                                                                     \
    do                                                                                                             \
    {                                                                                                              \
        if (!(c)->half && (c)->kind == RNN_LSTM)                                                                   \
        {                                                                                                          \
            RNN_IF32(cmsis_nn_lstm_params_f32 *P = &(s)->lp32; S;)                                                 \
        }                                                                                                          \
        else if (!(c)->half)                                                                                       \
        {                                                                                                          \
            RNN_IF32(cmsis_nn_gru_params_f32 *P = &(s)->gp32; S;)                                                  \
        }                                                                                                          \
        else if ((c)->kind == RNN_LSTM)                                                                            \
        {                                                                                                          \
            RNN_IF16(cmsis_nn_lstm_params_f16 *P = &(s)->lp16; S;)                                                 \
        }                                                                                                          \
        else                                                                                                       \
        {                                                                                                          \
            RNN_IF16(cmsis_nn_gru_params_f16 *P = &(s)->gp16; S;)                                                  \
        }                                                                                                          \
    } while (0)

/* Gate g of the staged params: LSTM forget / input / cell / output, GRU update / reset / candidate. */
#define RNN_LSTM_GATE_AT(P, g) ((g) == 0 ? &(P)->forget_gate : (g) == 1 ? &(P)->input_gate : (g) == 2 ? &(P)->cell_gate : &(P)->output_gate)
#define RNN_GRU_GATE_AT(P, g) ((g) == 0 ? &(P)->update_gate : (g) == 1 ? &(P)->reset_gate : &(P)->candidate_gate)

static void null_weights(const rnn_case *c, rnn_stage_t *s, int g, bool hidden)
{
    if (c->kind == RNN_LSTM)
    {
        RNN_IF32(if (!c->half) { *(hidden ? &RNN_LSTM_GATE_AT(&s->lp32, g)->hidden_weights : &RNN_LSTM_GATE_AT(&s->lp32, g)->input_weights) = NULL; })
        RNN_IF16(if (c->half) { *(hidden ? &RNN_LSTM_GATE_AT(&s->lp16, g)->hidden_weights : &RNN_LSTM_GATE_AT(&s->lp16, g)->input_weights) = NULL; })
    }
    else
    {
        RNN_IF32(if (!c->half) { *(hidden ? &RNN_GRU_GATE_AT(&s->gp32, g)->hidden_weights : &RNN_GRU_GATE_AT(&s->gp32, g)->input_weights) = NULL; })
        RNN_IF16(if (c->half) { *(hidden ? &RNN_GRU_GATE_AT(&s->gp16, g)->hidden_weights : &RNN_GRU_GATE_AT(&s->gp16, g)->input_weights) = NULL; })
    }
}

/* LSTM only: gate g's activation, or a NaN cell clip. */
static void lstm_act(const rnn_case *c, rnn_stage_t *s, int g, arm_nn_activation_type_flt act)
{
    RNN_IF32(if (!c->half) { RNN_LSTM_GATE_AT(&s->lp32, g)->activation_type = act; })
    RNN_IF16(if (c->half) { RNN_LSTM_GATE_AT(&s->lp16, g)->activation_type = act; })
    (void)c;
    (void)s;
    (void)g;
    (void)act;
}

static void lstm_clip_nan(const rnn_case *c, rnn_stage_t *s)
{
    volatile float zero = 0.0f;
    const float nan = zero / zero;
    RNN_IF32(if (!c->half) { s->lp32.cell_clip = nan; })
    RNN_IF16(if (c->half) { s->lp16.cell_clip = (float16_t)nan; })
    (void)c;
    (void)s;
    (void)nan;
}

static void null_context_ptr(const rnn_case *c, rnn_stage_t *s, bool temp1)
{
    RNN_IF32(if (!c->half) { if (temp1) s->gc32.temp1 = NULL; else s->lc32.cell_state = NULL; })
    RNN_IF16(if (c->half) { if (temp1) s->gc16.temp1 = NULL; else s->lc16.cell_state = NULL; })
    (void)c;
    (void)s;
    (void)temp1;
}

/* Call arguments of one row. */
typedef struct
{
    bool no_in, no_out, no_params, no_buffers;
    int32_t batch_offset;
} call_args;

static arm_cmsis_nn_status call(const rnn_case *c, rnn_stage_t *s, const call_args *a, bool step)
{
    const void *in = a->no_in ? NULL : rnn_buf_ptr(&s->x);
    void *out = a->no_out ? NULL : rnn_buf_ptr(&s->out);
    const void *h_in = rnn_buf_ptr(&s->hstate); /* the step's previous hidden state (recurrent product) */
#if ARM_NN_ENABLE_F32
    if (!c->half)
    {
        const float32_t *i32 = (const float32_t *)in;
        float32_t *o32 = (float32_t *)out;
        if (c->kind == RNN_LSTM)
        {
            const cmsis_nn_lstm_params_f32 *p = a->no_params ? NULL : &s->lp32;
            cmsis_nn_lstm_context_f32 *b = a->no_buffers ? NULL : &s->lc32;
            return step ? arm_nn_lstm_step_f32(i32, (const float32_t *)h_in, o32, p, b, a->batch_offset)
                        : arm_lstm_unidirectional_f32(i32, o32, p, b);
        }
        const cmsis_nn_gru_params_f32 *p = a->no_params ? NULL : &s->gp32;
        cmsis_nn_gru_context_f32 *b = a->no_buffers ? NULL : &s->gc32;
        return step ? arm_nn_gru_step_f32(i32, (const float32_t *)h_in, o32, p, b, a->batch_offset)
                    : arm_gru_unidirectional_f32(i32, o32, p, b);
    }
#endif
#if ARM_NN_ENABLE_F16
    if (c->half)
    {
        const float16_t *i16 = (const float16_t *)in;
        float16_t *o16 = (float16_t *)out;
        if (c->kind == RNN_LSTM)
        {
            const cmsis_nn_lstm_params_f16 *p = a->no_params ? NULL : &s->lp16;
            cmsis_nn_lstm_context_f16 *b = a->no_buffers ? NULL : &s->lc16;
            return step ? arm_nn_lstm_step_f16(i16, (const float16_t *)h_in, o16, p, b, a->batch_offset)
                        : arm_lstm_unidirectional_f16(i16, o16, p, b);
        }
        const cmsis_nn_gru_params_f16 *p = a->no_params ? NULL : &s->gp16;
        cmsis_nn_gru_context_f16 *b = a->no_buffers ? NULL : &s->gc16;
        return step ? arm_nn_gru_step_f16(i16, (const float16_t *)h_in, o16, p, b, a->batch_offset)
                    : arm_gru_unidirectional_f16(i16, o16, p, b);
    }
#endif
    (void)in;
    (void)out;
    (void)h_in;
    (void)step;
    return ARM_CMSIS_NN_ARG_ERROR;
}

/* Applies row m to the staged call. */
static void mutate(mutation m, const rnn_case *c, rnn_stage_t *s, call_args *a)
{
    const int last = rnn_gates(c) - 1;
    switch (m)
    {
    case M_NULL_INPUT: a->no_in = true; break;
    case M_NULL_OUTPUT: a->no_out = true; break;
    case M_NULL_PARAMS: a->no_params = true; break;
    case M_NULL_BUFFERS:
    case M_NULL_BUFS_GRU: a->no_buffers = true; break;
    case M_NULL_CELL: null_context_ptr(c, s, false); break;
    case M_NULL_TEMP1: null_context_ptr(c, s, true); break;
    case M_BATCH_0: RNN_ON_PARAMS(c, s, P->batch_size = 0); break;
    case M_BATCH_NEG: RNN_ON_PARAMS(c, s, P->batch_size = -1); break;
    case M_INPUT_0: RNN_ON_PARAMS(c, s, P->input_size = 0); break;
    case M_HIDDEN_0: RNN_ON_PARAMS(c, s, P->hidden_size = 0); break;
    case M_HIDDEN_NEG: RNN_ON_PARAMS(c, s, P->hidden_size = -3); break;
    case M_STEPS_NEG: RNN_ON_PARAMS(c, s, P->time_steps = -1); break;
    case M_HUGE_SEQ: RNN_ON_PARAMS(c, s, (P->batch_size = 65536, P->time_steps = 65536)); break;
    case M_HUGE_HIDDEN: RNN_ON_PARAMS(c, s, P->hidden_size = 50000); break;
    case M_OFFSET_0: a->batch_offset = 0; break;
    case M_OFFSET_NEG: a->batch_offset = -1; break;
    case M_OFFSET_HUGE: a->batch_offset = INT32_MAX; break;
    case M_NULL_WX0: null_weights(c, s, 0, false); break;
    case M_NULL_WX_LAST: null_weights(c, s, last, false); break;
    case M_NULL_WH1: null_weights(c, s, 1, true); break;
    case M_ACT_RELU: lstm_act(c, s, 2, ARM_NN_FLT_ACT_RELU); break;
    case M_ACT_UNKNOWN: lstm_act(c, s, 0, (arm_nn_activation_type_flt)99); break;
    case M_CLIP_NAN: lstm_clip_nan(c, s); break;
    default: break;
    }
}

/* The valid call every row breaks: 2 batches, 3 steps (a recurrent product), batch major, with an initial hidden
 * state where the context has one (the step reads it as hidden_in), GRU pre-reset (temp1 needed). */
static void base_case(rnn_case *c, int kind, bool half)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0xBAD1u + (uint64_t)kind);
    memset(c, 0, sizeof(*c));
    c->kind = kind;
    c->half = half;
    c->batch = 2;
    c->steps = 3;
    c->in_size = 3;
    c->hid = 2;
    c->stateful = true;
    for (size_t i = 0; i < sizeof(c->x) / sizeof(c->x[0]); i++)
    {
        c->x[i] = rnn_draw(&r, -1.0, 1.0, half);
    }
    for (int q = 0; q < 4; q++)
    {
        for (size_t i = 0; i < RNN_MAX_H * RNN_MAX_I; i++)
        {
            c->wx[q][i] = rnn_draw(&r, -0.5, 0.5, half);
        }
        for (size_t i = 0; i < RNN_MAX_H * RNN_MAX_H; i++)
        {
            c->wh[q][i] = rnn_draw(&r, -0.5, 0.5, half);
        }
        c->act[q] = (q == 2) ? ARM_NN_FLT_ACT_TANH : ARM_NN_FLT_ACT_SIGMOID;
    }
    for (size_t i = 0; i < RNN_MAX_B * RNN_MAX_H; i++)
    {
        c->h0[i] = rnn_draw(&r, -1.0, 1.0, half);
        c->c0[i] = rnn_draw(&r, -1.0, 1.0, half);
    }
}

/* Snapshot of the writable buffers (output, cell, hidden state, temp1, temp2), user bytes. */
typedef struct
{
    uint8_t *bytes[5];
} snapshot;

static rnn_buf *writable(rnn_stage_t *s, int i)
{
    rnn_buf *w[5] = {&s->out, &s->cell, &s->hstate, &s->temp1, &s->temp2};
    return w[i];
}

static bool run_row(int kind, bool half, bool step, mutation m)
{
    base_case(&g_case, kind, half);
    kiln_test_context("%s%s %s: %s", kind == RNN_LSTM ? "lstm" : "gru", step ? " step" : "", half ? "f16" : "f32",
                      m_names[m]);
    rnn_stage_t s;
    if (!KILN_CHECK(rnn_stage(&g_case, &s)))
    {
        rnn_unstage(&s);
        return false;
    }
    call_args a = {false, false, false, false, 1};
    mutate(m, &g_case, &s, &a);
    snapshot before;
    bool ok = true;
    for (int i = 0; i < 5; i++)
    {
        rnn_buf *b = writable(&s, i);
        before.bytes[i] = (uint8_t *)malloc(b->bytes);
        ok = ok && KILN_CHECK(before.bytes[i] != NULL);
        if (before.bytes[i] != NULL)
        {
            memcpy(before.bytes[i], rnn_buf_ptr(b), b->bytes);
        }
    }
    const arm_cmsis_nn_status st = call(&g_case, &s, &a, step);
    if (m == M_NONE)
    {
        ok = ok && KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
    }
    else
    {
        ok = ok && KILN_CHECK_EQ(st, ARM_CMSIS_NN_ARG_ERROR);
        for (int i = 0; i < 5 && ok; i++)
        {
            rnn_buf *b = writable(&s, i);
            ok = KILN_CHECK(memcmp(before.bytes[i], rnn_buf_ptr(b), b->bytes) == 0);
        }
    }
    ok = ok && KILN_CHECK(rnn_out_guards_ok(&s)) && KILN_CHECK(rnn_inputs_intact(&g_case, &s));
    for (int i = 0; i < 5; i++)
    {
        free(before.bytes[i]);
    }
    rnn_unstage(&s);
    return ok;
}

static void run_table(int kind, bool half)
{
    for (int step = 0; step < 2; step++)
    {
        for (int m = 0; m < M_COUNT; m++)
        {
            if (applies((mutation)m, kind, step != 0))
            {
                run_row(kind, half, step != 0, (mutation)m);
            }
        }
    }
}

#if ARM_NN_ENABLE_F32
static void test_lstm_f32_bad_input(void)
{
    run_table(RNN_LSTM, false);
}
static void test_gru_f32_bad_input(void)
{
    run_table(RNN_GRU, false);
}
#endif
#if ARM_NN_ENABLE_F16
static void test_lstm_f16_bad_input(void)
{
    run_table(RNN_LSTM, true);
}
static void test_gru_f16_bad_input(void)
{
    run_table(RNN_GRU, true);
}
#endif

int main(void)
{
#if ARM_NN_ENABLE_F32
    KILN_RUN(test_lstm_f32_bad_input);
    KILN_RUN(test_gru_f32_bad_input);
#endif
#if ARM_NN_ENABLE_F16
    KILN_RUN(test_lstm_f16_bad_input);
    KILN_RUN(test_gru_f16_bad_input);
#endif
    return kiln_test_finish();
}
