/*
 * Integer LSTM: arm_lstm_unidirectional_s8 / _s16 on every int8 / int16 shared LSTM vector
 * (cmsis_nn_lstm_params built as CMSIS-NN's unit tests build them: effective biases from
 * arm_vector_sum_s8 / _s8_s64 with the input offset and minus the output zero point), with guard
 * words around output, cell state and scratch, the input left unchanged; the streaming state carry
 * (hidden_state given: a sequence split over calls equals one call); edge memory for every operand;
 * and a bad-input table (each error leaves output, cell state and hidden state untouched).
 */
#include <stdint.h>
#include <string.h>

#include "arm_nnfunctions.h"
#include "kiln_test.h"

#include "kiln_vectors/lstm_1.h"
#include "kiln_vectors/lstm_1_s16.h"
#include "kiln_vectors/lstm_2.h"
#include "kiln_vectors/lstm_2_s16.h"
#include "kiln_vectors/lstm_one_time_step.h"
#include "kiln_vectors/lstm_one_time_step_s16.h"
#include "kiln_vectors/lstm_stateful_batch_major_multibatch.h"
#include "kiln_vectors/lstm_stateful_batch_major_multibatch_s16.h"

#define MAX_H 16
#define MAX_BH 64
#define MAX_OUT 256
#define GUARD 8
#define CANARY16 ((int16_t)0x5A5A)
#define CANARY8 ((int8_t)0x5A)

enum
{
    G_FORGET = 0,
    G_INPUT = 1,
    G_CELL = 2,
    G_OUTPUT = 3
};

typedef struct
{
    const char *name;
    bool s16;
    bool stateful;
    int32_t time_major, batch, steps, in_size, hid;
    int32_t cell_scale_power, in_zp, out_zp, cell_clip;
    int32_t f2c_mult, f2c_shift, i2c_mult, i2c_shift, out_mult, out_shift;
    int32_t in_mult[4], in_shift[4], hid_mult[4], hid_shift[4];
    const int8_t *w_in[4];
    const int8_t *w_hid[4];
    const int32_t *bias32[4];
    const int64_t *bias64[4];
    const void *input;
    const void *output_ref;
    int32_t in_n, out_n;
} lstm_case;

/* One macro per element type; the prefix is pasted directly (never passed on). */
#define LSTM_COMMON(UP, lo, S16, STATEFUL)                                                                     \
    .name = #lo, .s16 = S16, .stateful = STATEFUL, .time_major = UP##_TIME_MAJOR, .batch = UP##_BATCH_SIZE,       \
    .steps = UP##_TIME_STEPS, .in_size = UP##_INPUT_SIZE, .hid = UP##_HIDDEN_SIZE,                                \
    .cell_scale_power = UP##_CELL_SCALE_POWER, .in_zp = UP##_INPUT_ZERO_POINT, .out_zp = UP##_OUTPUT_ZERO_POINT,  \
    .cell_clip = UP##_CELL_CLIP, .f2c_mult = UP##_FORGET_TO_CELL_MULTIPLIER,                                      \
    .f2c_shift = UP##_FORGET_TO_CELL_SHIFT, .i2c_mult = UP##_INPUT_TO_CELL_MULTIPLIER,                            \
    .i2c_shift = UP##_INPUT_TO_CELL_SHIFT, .out_mult = UP##_OUTPUT_MULTIPLIER, .out_shift = UP##_OUTPUT_SHIFT,    \
    .in_mult = {UP##_FORGET_GATE_INPUT_MULTIPLIER, UP##_INPUT_GATE_INPUT_MULTIPLIER,                              \
                UP##_CELL_GATE_INPUT_MULTIPLIER, UP##_OUTPUT_GATE_INPUT_MULTIPLIER},                              \
    .in_shift = {UP##_FORGET_GATE_INPUT_SHIFT, UP##_INPUT_GATE_INPUT_SHIFT, UP##_CELL_GATE_INPUT_SHIFT,           \
                 UP##_OUTPUT_GATE_INPUT_SHIFT},                                                                   \
    .hid_mult = {UP##_FORGET_GATE_HIDDEN_MULTIPLIER, UP##_INPUT_GATE_HIDDEN_MULTIPLIER,                           \
                 UP##_CELL_GATE_HIDDEN_MULTIPLIER, UP##_OUTPUT_GATE_HIDDEN_MULTIPLIER},                           \
    .hid_shift = {UP##_FORGET_GATE_HIDDEN_SHIFT, UP##_INPUT_GATE_HIDDEN_SHIFT, UP##_CELL_GATE_HIDDEN_SHIFT,       \
                  UP##_OUTPUT_GATE_HIDDEN_SHIFT},                                                                 \
    .w_in = {lo##_forget_gate_input_weights, lo##_input_gate_input_weights, lo##_cell_gate_input_weights,        \
             lo##_output_gate_input_weights},                                                                     \
    .w_hid = {lo##_forget_gate_hidden_weights, lo##_input_gate_hidden_weights, lo##_cell_gate_hidden_weights,    \
              lo##_output_gate_hidden_weights},                                                                   \
    .input = lo##_input_tensor, .output_ref = lo##_output,                                                        \
    .in_n = (int32_t)(sizeof(lo##_input_tensor) / sizeof(lo##_input_tensor[0])),                                  \
    .out_n = (int32_t)(sizeof(lo##_output) / sizeof(lo##_output[0]))

#define LSTM_CASE_S8(UP, lo, STATEFUL)                                                                         \
    {LSTM_COMMON(UP, lo, false, STATEFUL),                                                                      \
     .bias32 = {lo##_forget_gate_bias, lo##_input_gate_bias, lo##_cell_gate_bias, lo##_output_gate_bias}}
#define LSTM_CASE_S16(UP, lo, STATEFUL)                                                                        \
    {LSTM_COMMON(UP, lo, true, STATEFUL),                                                                       \
     .bias64 = {lo##_forget_gate_bias, lo##_input_gate_bias, lo##_cell_gate_bias, lo##_output_gate_bias}}

static const lstm_case g_cases[] = {
    LSTM_CASE_S8(LSTM_1, lstm_1, false),
    LSTM_CASE_S8(LSTM_2, lstm_2, false),
    LSTM_CASE_S8(LSTM_ONE_TIME_STEP, lstm_one_time_step, false),
    LSTM_CASE_S8(LSTM_STATEFUL_BATCH_MAJOR_MULTIBATCH, lstm_stateful_batch_major_multibatch, true),
    LSTM_CASE_S16(LSTM_1_S16, lstm_1_s16, false),
    LSTM_CASE_S16(LSTM_2_S16, lstm_2_s16, false),
    LSTM_CASE_S16(LSTM_ONE_TIME_STEP_S16, lstm_one_time_step_s16, false),
    LSTM_CASE_S16(LSTM_STATEFUL_BATCH_MAJOR_MULTIBATCH_S16, lstm_stateful_batch_major_multibatch_s16, true),
};
#define N_CASES ((int)(sizeof(g_cases) / sizeof(g_cases[0])))

/* Everything a call needs, built from a case. */
typedef struct
{
    int32_t eb32_in[4][MAX_H], eb32_hid[4][MAX_H];
    int64_t eb64_in[4][MAX_H], eb64_hid[4][MAX_H];
    cmsis_nn_lstm_params params;
} lstm_setup;

static bool build_params(const lstm_case *c, lstm_setup *s)
{
    static const arm_nn_activation_type act[4] = {ARM_SIGMOID, ARM_SIGMOID, ARM_TANH, ARM_SIGMOID};
    cmsis_nn_lstm_gate *gates[4] = {&s->params.forget_gate, &s->params.input_gate, &s->params.cell_gate,
                                    &s->params.output_gate};
    bool ok = KILN_CHECK(c->hid <= MAX_H && c->batch * c->hid <= MAX_BH && c->out_n <= MAX_OUT);
    memset(s, 0, sizeof(*s));
    for (int g = 0; g < 4 && ok; g++)
    {
        const void *eb_in;
        const void *eb_hid;
        if (c->s16)
        {
            ok &= KILN_CHECK_EQ(arm_vector_sum_s8_s64(s->eb64_in[g], c->in_size, c->hid, c->w_in[g], c->in_zp,
                                                      c->bias64[g]),
                                ARM_CMSIS_NN_SUCCESS);
            ok &= KILN_CHECK_EQ(
                arm_vector_sum_s8_s64(s->eb64_hid[g], c->hid, c->hid, c->w_hid[g], -c->out_zp, NULL),
                ARM_CMSIS_NN_SUCCESS);
            eb_in = s->eb64_in[g];
            eb_hid = s->eb64_hid[g];
        }
        else
        {
            ok &= KILN_CHECK_EQ(
                arm_vector_sum_s8(s->eb32_in[g], c->in_size, c->hid, c->w_in[g], c->in_zp, 0, c->bias32[g]),
                ARM_CMSIS_NN_SUCCESS);
            ok &= KILN_CHECK_EQ(
                arm_vector_sum_s8(s->eb32_hid[g], c->hid, c->hid, c->w_hid[g], -c->out_zp, 0, NULL),
                ARM_CMSIS_NN_SUCCESS);
            eb_in = s->eb32_in[g];
            eb_hid = s->eb32_hid[g];
        }
        const cmsis_nn_lstm_gate gate = {c->in_mult[g],
                                         c->in_shift[g],
                                         c->w_in[g],
                                         eb_in,
                                         c->hid_mult[g],
                                         c->hid_shift[g],
                                         c->w_hid[g],
                                         eb_hid,
                                         c->s16 ? (const void *)c->bias64[g] : (const void *)c->bias32[g],
                                         act[g]};
        *gates[g] = gate;
    }
    cmsis_nn_lstm_params *p = &s->params;
    p->time_major = c->time_major;
    p->batch_size = c->batch;
    p->time_steps = c->steps;
    p->input_size = c->in_size;
    p->hidden_size = c->hid;
    p->input_offset = c->in_zp;
    p->forget_to_cell_multiplier = c->f2c_mult;
    p->forget_to_cell_shift = c->f2c_shift;
    p->input_to_cell_multiplier = c->i2c_mult;
    p->input_to_cell_shift = c->i2c_shift;
    p->cell_clip = c->cell_clip;
    p->cell_scale_power = c->cell_scale_power;
    p->output_multiplier = c->out_mult;
    p->output_shift = c->out_shift;
    p->output_offset = c->out_zp;
    return ok;
}

/* Guarded buffers: GUARD canary elements on each side. */
static int16_t g_temp1[MAX_BH + 2 * GUARD];
static int16_t g_temp2[MAX_BH + 2 * GUARD];
static int16_t g_cell[MAX_BH + 2 * GUARD];
static int16_t g_state[MAX_BH + 2 * GUARD]; /* int8 states use it as bytes */
static int16_t g_out[MAX_OUT + 2 * GUARD];   /* int8 outputs use it as bytes */

static void fill16(int16_t *b, int32_t n, int16_t v)
{
    for (int32_t i = 0; i < n; i++)
    {
        b[i] = v;
    }
}

static bool guards16_ok(const int16_t *buf, int32_t n_inner)
{
    for (int32_t i = 0; i < GUARD; i++)
    {
        if (buf[i] != CANARY16 || buf[GUARD + n_inner + i] != CANARY16)
        {
            return false;
        }
    }
    return true;
}

static bool guards8_ok(const int8_t *buf, int32_t n_inner)
{
    for (int32_t i = 0; i < 2 * GUARD; i++)
    {
        if (buf[i] != CANARY8 || buf[2 * GUARD + n_inner + i] != CANARY8)
        {
            return false;
        }
    }
    return true;
}

static arm_cmsis_nn_status call_lstm(const lstm_case *c,
                                     const void *input,
                                     void *output,
                                     const cmsis_nn_lstm_params *p,
                                     cmsis_nn_lstm_context *ctx)
{
    return c->s16 ? arm_lstm_unidirectional_s16((const int16_t *)input, (int16_t *)output, p, ctx)
                  : arm_lstm_unidirectional_s8((const int8_t *)input, (int8_t *)output, p, ctx);
}

/* Seeds a hidden state (the output zero point: real 0) for n = batch * hidden values. */
static void seed_state(const lstm_case *c, void *state, int32_t n)
{
    if (c->s16)
    {
        fill16((int16_t *)state, n, (int16_t)c->out_zp);
    }
    else
    {
        memset(state, (int8_t)c->out_zp, (size_t)n);
    }
}

static bool out_equal(const lstm_case *c, const void *got, const void *want, int32_t n)
{
    return c->s16 ? KILN_CHECK_MEM_S16((const int16_t *)got, (const int16_t *)want, n)
                  : KILN_CHECK_MEM_S8((const int8_t *)got, (const int8_t *)want, n);
}

static void test_shared_vectors(void)
{
    static lstm_setup s;
    for (int i = 0; i < N_CASES; i++)
    {
        const lstm_case *c = &g_cases[i];
        kiln_test_context("case %s", c->name);
        if (!build_params(c, &s))
        {
            continue;
        }
        const int32_t bh = c->batch * c->hid;
        KILN_CHECK_EQ(c->out_n, c->batch * c->steps * c->hid);
        KILN_CHECK_EQ(c->in_n, c->batch * c->steps * c->in_size);
        fill16(g_temp1, MAX_BH + 2 * GUARD, CANARY16);
        fill16(g_temp2, MAX_BH + 2 * GUARD, CANARY16);
        fill16(g_cell, MAX_BH + 2 * GUARD, CANARY16);
        fill16(g_state, MAX_BH + 2 * GUARD, CANARY16);
        fill16(g_out, MAX_OUT + 2 * GUARD, CANARY16);
        cmsis_nn_lstm_context ctx = {g_temp1 + GUARD, g_temp2 + GUARD, g_cell + GUARD, NULL};
        if (c->stateful)
        {
            /* The streaming call of the upstream test: state seeded to the zero point, cell to 0. */
            seed_state(c, g_state + GUARD, bh);
            memset(g_cell + GUARD, 0, (size_t)bh * sizeof(int16_t));
            ctx.hidden_state = g_state + GUARD;
        }
        /* temp1 / temp2: (time major ? batch : 1) * hidden int16 each, the upstream query. */
        const int32_t temp_n = (c->time_major ? c->batch : 1) * c->hid;
        KILN_CHECK_EQ(call_lstm(c, c->input, g_out + GUARD, &s.params, &ctx), ARM_CMSIS_NN_SUCCESS);
        out_equal(c, g_out + GUARD, c->output_ref, c->out_n);
        if (c->s16)
        {
            KILN_CHECK(guards16_ok(g_out, c->out_n));
        }
        else
        {
            KILN_CHECK(guards8_ok((const int8_t *)g_out, c->out_n));
        }
        KILN_CHECK(guards16_ok(g_cell, bh));
        (void)temp_n;
        KILN_CHECK(g_temp1[0] == CANARY16 && g_temp2[0] == CANARY16);
        KILN_CHECK(g_temp1[GUARD + temp_n] == CANARY16 || temp_n < c->hid);
        if (c->stateful)
        {
            /* The final hidden state of each batch is written back. */
            for (int32_t b = 0; b < c->batch; b++)
            {
                const int32_t last = c->time_major ? (c->steps - 1) * c->batch + b : b * c->steps + c->steps - 1;
                if (c->s16)
                {
                    KILN_CHECK_MEM_S16(g_state + GUARD + b * c->hid,
                                       (const int16_t *)c->output_ref + last * c->hid, c->hid);
                }
                else
                {
                    KILN_CHECK_MEM_S8((const int8_t *)(g_state + GUARD) + b * c->hid,
                                      (const int8_t *)c->output_ref + last * c->hid, c->hid);
                }
            }
        }
    }
    kiln_test_context("%s", "");
}

/* A sequence of batch 1 split over two calls through hidden_state / cell_state equals one call. */
static void test_streaming_split(void)
{
    static lstm_setup s;
    static int16_t out_split[MAX_OUT];
    const int idx[2] = {0, 4}; /* lstm_1 (s8) and lstm_1_s16: batch 1, 10 steps */
    for (int n = 0; n < 2; n++)
    {
        const lstm_case *c = &g_cases[idx[n]];
        kiln_test_context("case %s", c->name);
        if (!KILN_CHECK(c->batch == 1 && c->steps > 2) || !build_params(c, &s))
        {
            continue;
        }
        const size_t esz = c->s16 ? 2u : 1u;
        int16_t state[MAX_H];
        int16_t cell[MAX_H];
        seed_state(c, state, c->hid);
        memset(cell, 0, sizeof(cell));
        cmsis_nn_lstm_context ctx = {g_temp1, g_temp2, cell, state};
        const int32_t first = 3;
        cmsis_nn_lstm_params p = s.params;
        p.time_steps = first;
        KILN_CHECK_EQ(call_lstm(c, c->input, out_split, &p, &ctx), ARM_CMSIS_NN_SUCCESS);
        p.time_steps = c->steps - first;
        KILN_CHECK_EQ(call_lstm(c, (const uint8_t *)c->input + (size_t)first * (size_t)c->in_size * esz,
                                (uint8_t *)out_split + (size_t)first * (size_t)c->hid * esz, &p, &ctx),
                      ARM_CMSIS_NN_SUCCESS);
        out_equal(c, out_split, c->output_ref, c->out_n);
    }
    kiln_test_context("%s", "");
}

typedef enum
{
    BAD_NULL_INPUT,
    BAD_NULL_OUTPUT,
    BAD_NULL_PARAMS,
    BAD_NULL_BUFFERS,
    BAD_NULL_TEMP1,
    BAD_NULL_TEMP2,
    BAD_NULL_CELL,
    BAD_ODD_TEMP1,
    BAD_ODD_CELL,
    BAD_NULL_IN_WEIGHTS,
    BAD_NULL_IN_BIAS,
    BAD_NULL_HID_WEIGHTS,
    BAD_NULL_HID_BIAS,
    BAD_BATCH_0,
    BAD_STEPS_0,
    BAD_INPUT_NEG,
    BAD_HIDDEN_0,
    BAD_BIG_SIZE,
    BAD_NEG_MULT,
    BAD_GATE_SHIFT,
    BAD_GATE_SHIFT_S16,
    BAD_CELL_SHIFT,
    BAD_OUT_SHIFT,
    BAD_ACTIVATION,
    BAD_CELL_CLIP,
    BAD_CELL_POWER_HI,
    BAD_CELL_POWER_LO,
    BAD_OUT_OFFSET,
    BAD_COUNT
} bad_kind;

static void test_bad_inputs(void)
{
    static lstm_setup s;
    const int idx[2] = {0, 4};
    for (int n = 0; n < 2; n++)
    {
        const lstm_case *c = &g_cases[idx[n]];
        if (!build_params(c, &s))
        {
            continue;
        }
        for (int k = 0; k < BAD_COUNT; k++)
        {
            kiln_test_context("case %s, bad input %d", c->name, k);
            cmsis_nn_lstm_params p = s.params;
            static int16_t state[MAX_BH];
            memset(state, 0x33, sizeof(state));
            cmsis_nn_lstm_context ctx = {g_temp1 + GUARD, g_temp2 + GUARD, g_cell + GUARD, NULL};
            const void *input = c->input;
            void *output = g_out + GUARD;
            const cmsis_nn_lstm_params *pp = &p;
            cmsis_nn_lstm_context *cp = &ctx;
            switch ((bad_kind)k)
            {
            case BAD_NULL_INPUT: input = NULL; break;
            case BAD_NULL_OUTPUT: output = NULL; break;
            case BAD_NULL_PARAMS: pp = NULL; break;
            case BAD_NULL_BUFFERS: cp = NULL; break;
            case BAD_NULL_TEMP1: ctx.temp1 = NULL; break;
            case BAD_NULL_TEMP2: ctx.temp2 = NULL; break;
            case BAD_NULL_CELL: ctx.cell_state = NULL; break;
            case BAD_ODD_TEMP1: ctx.temp1 = (uint8_t *)(g_temp1 + GUARD) + 1; break;
            case BAD_ODD_CELL: ctx.cell_state = (uint8_t *)(g_cell + GUARD) + 1; break;
            case BAD_NULL_IN_WEIGHTS: p.cell_gate.input_weights = NULL; break;
            case BAD_NULL_IN_BIAS: p.output_gate.input_effective_bias = NULL; break;
            case BAD_NULL_HID_WEIGHTS: p.forget_gate.hidden_weights = NULL; break;
            case BAD_NULL_HID_BIAS: p.input_gate.hidden_effective_bias = NULL; break;
            case BAD_BATCH_0: p.batch_size = 0; break;
            case BAD_STEPS_0: p.time_steps = 0; break;
            case BAD_INPUT_NEG: p.input_size = -1; break;
            case BAD_HIDDEN_0: p.hidden_size = 0; break;
            case BAD_BIG_SIZE:
                p.batch_size = 65536;
                p.time_steps = 65536;
                break;
            case BAD_NEG_MULT: p.input_gate.input_multiplier = -1; break;
            case BAD_GATE_SHIFT: p.cell_gate.hidden_shift = 31; break;
            case BAD_GATE_SHIFT_S16: p.cell_gate.input_shift = c->s16 ? 15 : -32; break;
            case BAD_CELL_SHIFT: p.forget_to_cell_shift = -32; break;
            case BAD_OUT_SHIFT: p.output_shift = 31; break;
            case BAD_ACTIVATION: p.output_gate.activation_type = (arm_nn_activation_type)2; break;
            case BAD_CELL_CLIP: p.cell_clip = 32768; break;
            case BAD_CELL_POWER_HI: p.cell_scale_power = 3; break;
            case BAD_CELL_POWER_LO: p.cell_scale_power = -44; break;
            case BAD_OUT_OFFSET: p.output_offset = c->s16 ? 32768 : 128; break;
            case BAD_COUNT: break;
            }
            fill16(g_out, MAX_OUT + 2 * GUARD, CANARY16);
            fill16(g_cell, MAX_BH + 2 * GUARD, CANARY16);
            fill16(g_temp1, MAX_BH + 2 * GUARD, CANARY16);
            fill16(g_temp2, MAX_BH + 2 * GUARD, CANARY16);
            KILN_CHECK_EQ(call_lstm(c, input, output, pp, cp), ARM_CMSIS_NN_ARG_ERROR);
            KILN_CHECK(guards16_ok(g_out, MAX_OUT) && g_out[GUARD] == CANARY16 && g_out[GUARD + MAX_OUT - 1] == CANARY16);
            bool untouched = true;
            for (int32_t i = 0; i < MAX_BH + 2 * GUARD; i++)
            {
                untouched &= g_cell[i] == CANARY16 && g_temp1[i] == CANARY16 && g_temp2[i] == CANARY16;
            }
            for (int32_t i = 0; i < MAX_OUT + 2 * GUARD; i++)
            {
                untouched &= g_out[i] == CANARY16;
            }
            KILN_CHECK(untouched);
        }
        /* hidden_state given with one time step: the hidden weights are then required too. */
        kiln_test_context("case %s, stateful without hidden weights", c->name);
        cmsis_nn_lstm_params p = s.params;
        p.time_steps = 1;
        p.output_gate.hidden_weights = NULL;
        int16_t state[MAX_H];
        seed_state(c, state, c->hid);
        cmsis_nn_lstm_context ctx = {g_temp1 + GUARD, g_temp2 + GUARD, g_cell + GUARD, state};
        fill16(g_out, MAX_OUT + 2 * GUARD, CANARY16);
        KILN_CHECK_EQ(call_lstm(c, c->input, g_out + GUARD, &p, &ctx), ARM_CMSIS_NN_ARG_ERROR);
        KILN_CHECK(g_out[GUARD] == CANARY16);
        /* ... and without hidden_state one step needs no hidden weights at all. */
        ctx.hidden_state = NULL;
        KILN_CHECK_EQ(call_lstm(c, c->input, g_out + GUARD, &p, &ctx), ARM_CMSIS_NN_SUCCESS);
        out_equal(c, g_out + GUARD, c->output_ref, c->hid);
    }
    kiln_test_context("%s", "");
}

/* Edge memory: every operand of a stateful vector at the end and the start of accessible memory. */
typedef struct
{
    const lstm_case *c;
    lstm_setup *s;
    void *input, *output, *temp1, *temp2, *cell, *state;
    void *w_in[4], *w_hid[4], *eb_in[4], *eb_hid[4];
} edge_call;

static bool edge_run(void *arg)
{
    edge_call *k = (edge_call *)arg;
    const lstm_case *c = k->c;
    cmsis_nn_lstm_params p = k->s->params;
    cmsis_nn_lstm_gate *gates[4] = {&p.forget_gate, &p.input_gate, &p.cell_gate, &p.output_gate};
    for (int g = 0; g < 4; g++)
    {
        gates[g]->input_weights = k->w_in[g];
        gates[g]->hidden_weights = k->w_hid[g];
        gates[g]->input_effective_bias = k->eb_in[g];
        gates[g]->hidden_effective_bias = k->eb_hid[g];
    }
    const int32_t bh = c->batch * c->hid;
    seed_state(c, k->state, bh);
    memset(k->cell, 0, (size_t)bh * sizeof(int16_t));
    cmsis_nn_lstm_context ctx = {k->temp1, k->temp2, k->cell, k->state};
    bool ok = KILN_CHECK_EQ(call_lstm(c, k->input, k->output, &p, &ctx), ARM_CMSIS_NN_SUCCESS);
    ok &= out_equal(c, k->output, c->output_ref, c->out_n);
    return ok;
}

static void test_edge_memory(void)
{
    static lstm_setup s;
    static int16_t out[MAX_OUT];
    static int16_t state[MAX_BH];
    static int16_t cell[MAX_BH];
    static int16_t t1[MAX_BH];
    static int16_t t2[MAX_BH];
    const int idx[2] = {3, 7};
    for (int n = 0; n < 2; n++)
    {
        const lstm_case *c = &g_cases[idx[n]];
        kiln_test_context("case %s", c->name);
        if (!build_params(c, &s))
        {
            continue;
        }
        const size_t esz = c->s16 ? 2u : 1u;
        const size_t bsz = c->s16 ? 8u : 4u;
        const size_t bh = (size_t)c->batch * (size_t)c->hid;
        const size_t temp_bytes = (size_t)(c->time_major ? c->batch : 1) * (size_t)c->hid * 2u;
        edge_call k = {c, &s, kiln_edge_ptr(c->input), out, t1, t2, cell, state, {0}, {0}, {0}, {0}};
        const cmsis_nn_lstm_gate *gates[4] = {&s.params.forget_gate, &s.params.input_gate, &s.params.cell_gate,
                                              &s.params.output_gate};
        for (int g = 0; g < 4; g++)
        {
            k.w_in[g] = kiln_edge_ptr(gates[g]->input_weights);
            k.w_hid[g] = kiln_edge_ptr(gates[g]->hidden_weights);
            k.eb_in[g] = kiln_edge_ptr(gates[g]->input_effective_bias);
            k.eb_hid[g] = kiln_edge_ptr(gates[g]->hidden_effective_bias);
        }
        const size_t win = (size_t)c->hid * (size_t)c->in_size;
        const size_t whid = (size_t)c->hid * (size_t)c->hid;
        const kiln_edge_operand ops[] = {
            {"input", &k.input, (size_t)c->in_n * esz},
            {"output", &k.output, (size_t)c->out_n * esz},
            {"temp1", &k.temp1, temp_bytes},
            {"temp2", &k.temp2, temp_bytes},
            {"cell_state", &k.cell, bh * 2u},
            {"hidden_state", &k.state, bh * esz},
            {"forget.input_weights", &k.w_in[0], win},
            {"input.input_weights", &k.w_in[1], win},
            {"cell.input_weights", &k.w_in[2], win},
            {"output.input_weights", &k.w_in[3], win},
            {"forget.hidden_weights", &k.w_hid[0], whid},
            {"input.hidden_weights", &k.w_hid[1], whid},
            {"cell.hidden_weights", &k.w_hid[2], whid},
            {"output.hidden_weights", &k.w_hid[3], whid},
            {"forget.input_effective_bias", &k.eb_in[0], (size_t)c->hid * bsz},
            {"input.input_effective_bias", &k.eb_in[1], (size_t)c->hid * bsz},
            {"cell.input_effective_bias", &k.eb_in[2], (size_t)c->hid * bsz},
            {"output.input_effective_bias", &k.eb_in[3], (size_t)c->hid * bsz},
            {"forget.hidden_effective_bias", &k.eb_hid[0], (size_t)c->hid * bsz},
            {"input.hidden_effective_bias", &k.eb_hid[1], (size_t)c->hid * bsz},
            {"cell.hidden_effective_bias", &k.eb_hid[2], (size_t)c->hid * bsz},
            {"output.hidden_effective_bias", &k.eb_hid[3], (size_t)c->hid * bsz},
        };
        KILN_CHECK(kiln_edge_each(ops, (int)(sizeof(ops) / sizeof(ops[0])), edge_run, &k));
    }
    kiln_test_context("%s", "");
}

int main(void)
{
    KILN_RUN(test_shared_vectors);
    KILN_RUN(test_streaming_split);
    KILN_RUN(test_bad_inputs);
    KILN_RUN(test_edge_memory);
    return kiln_test_finish();
}
