/*
 * Integer LSTM: arm_lstm_unidirectional_s8 / _s16 on every int8 / int16 shared LSTM vector
 * (cmsis_nn_lstm_params built as CMSIS-NN's unit tests build them: effective biases from
 * arm_vector_sum_s8 / _s8_s64 with the input offset and minus the output zero point), with guard
 * words around output, cell state and scratch, the input left unchanged; the streaming state carry
 * (hidden_state given: a sequence split over calls equals one call); edge memory for every operand;
 * a bad-input table (each error leaves output, cell state and hidden state untouched); and a
 * randomized differential test against an independent reference of the arithmetic (random shapes,
 * weights, effective biases, multipliers, shifts, clips and offsets; guards, exact scratch, inputs
 * unchanged, every eighth case through edge memory).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "Internal/kiln_common.h"
#include "arm_nnfunctions.h"
#include "kiln_board.h"
#include "kiln_ref.h"
#include "kiln_test.h"

#include "kiln_vectors/lstm_1.h"
#include "kiln_vectors/lstm_1_s16.h"
#include "kiln_vectors/lstm_2.h"
#include "kiln_vectors/lstm_2_s16.h"
#include "kiln_vectors/lstm_one_time_step.h"
#include "kiln_vectors/lstm_one_time_step_s16.h"
#include "kiln_vectors/lstm_stateful_batch_major_multibatch.h"
#include "kiln_vectors/lstm_stateful_batch_major_multibatch_s16.h"

#define MAX_H 64
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

/* Instructions per MAC of the shared vector layers (the gates' weight products counted: 4 * hidden * (input +
 * hidden) per batch and step), on the emulated boards; informational (the vectors' layers are small). */
static void test_instruction_counts(void)
{
    if (!kiln_counter_available())
    {
        return;
    }
    static lstm_setup s;
    for (int i = 0; i < N_CASES; i++)
    {
        const lstm_case *c = &g_cases[i];
        if (c->stateful || !build_params(c, &s))
        {
            continue;
        }
        cmsis_nn_lstm_context ctx = {g_temp1 + GUARD, g_temp2 + GUARD, g_cell + GUARD, NULL};
        kiln_counter_start();
        const arm_cmsis_nn_status st = call_lstm(c, c->input, g_out + GUARD, &s.params, &ctx);
        const double n = kiln_counter_stop();
        KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
        const double macs = 4.0 * c->batch * c->steps * c->hid * (double)(c->in_size + c->hid);
        printf("lstm perf %s [%s] %s: batch %d steps %d input %d hidden %d: %.0f instructions, %.2f per MAC\n",
               kiln_board_name(), kiln_isa_name(KILN_NATIVE_ISA), c->name, (int)c->batch, (int)c->steps,
               (int)c->in_size, (int)c->hid, n, n / macs);
    }
}

/* A layer of a keyword-spotting model's size (input 40, hidden 64, 4 steps, batch 1), the shared layers' quantization
 * with random weights, biases and inputs: where the gates' products dominate, as in deployed models (the vector
 * layers above are too small for that); bounded on the DSP and Helium backends. */
#define REAL_IN 40
#define REAL_HID 64
#define REAL_STEPS 4
static void test_instruction_counts_kws_size(void)
{
    if (!kiln_counter_available())
    {
        return;
    }
    static int8_t w_in[4][REAL_HID * REAL_IN], w_hid[4][REAL_HID * REAL_HID];
    static int32_t b32[4][REAL_HID];
    static int64_t b64[4][REAL_HID];
    static int16_t input[REAL_STEPS * REAL_IN];
    static lstm_setup s;
    kiln_rng r;
    kiln_rng_seed(&r, 0x4C53);
    for (int g = 0; g < 4; g++)
    {
        kiln_rng_fill_s8(&r, w_in[g], REAL_HID * REAL_IN);
        kiln_rng_fill_s8(&r, w_hid[g], REAL_HID * REAL_HID);
        for (int i = 0; i < REAL_HID; i++)
        {
            b32[g][i] = kiln_rng_range(&r, -4096, 4096);
            b64[g][i] = b32[g][i];
        }
    }
    for (int k = 0; k < 2; k++)
    {
        lstm_case c = g_cases[k == 0 ? 0 : 4]; /* lstm_1, lstm_1_s16: their quantization */
        c.batch = 1;
        c.steps = REAL_STEPS;
        c.in_size = REAL_IN;
        c.hid = REAL_HID;
        c.out_n = REAL_STEPS * REAL_HID;
        for (int g = 0; g < 4; g++)
        {
            c.w_in[g] = w_in[g];
            c.w_hid[g] = w_hid[g];
            c.bias32[g] = b32[g];
            c.bias64[g] = b64[g];
        }
        for (int i = 0; i < REAL_STEPS * REAL_IN; i++)
        {
            input[i] = (int16_t)(c.s16 ? kiln_rng_range(&r, -32768, 32767) : 0);
        }
        if (!c.s16)
        {
            kiln_rng_fill_s8(&r, (int8_t *)input, REAL_STEPS * REAL_IN);
        }
        c.input = input;
        if (!build_params(&c, &s))
        {
            return;
        }
        cmsis_nn_lstm_context ctx = {g_temp1 + GUARD, g_temp2 + GUARD, g_cell + GUARD, NULL};
        kiln_counter_start();
        const arm_cmsis_nn_status st = call_lstm(&c, c.input, g_out + GUARD, &s.params, &ctx);
        const double n = kiln_counter_stop();
        KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
        const double macs = 4.0 * REAL_STEPS * REAL_HID * (double)(REAL_IN + REAL_HID);
        printf("lstm perf %s [%s] %s: batch 1 steps %d input %d hidden %d: %.0f instructions, %.2f per MAC\n",
               kiln_board_name(), kiln_isa_name(KILN_NATIVE_ISA), c.s16 ? "int16 kws size" : "int8 kws size",
               REAL_STEPS, REAL_IN, REAL_HID, n, n / macs);
        /* regression bounds, instructions per MAC {int8, int16}: measured at the sixteenth session's start M55
         * 1.11 / 1.76, M4 3.11 / 2.95; with the Helium element-wise kernels (cell updates, sigmoid / tanh, hidden
         * outputs), the int8 gates through the fully connected six-row kernel and the int16 gates' one-product passes
         * M55 0.40 / 0.94, M4 3.10 / 2.74; the DSP four-row int8 dot product in assembly (kiln_dot4_s8_off) M4
         * 2.84; the DSP cell updates and hidden outputs with SMMLAR requantization 2.75 / 2.65; the DSP gate
         * requantization (kiln_lstm_acc4_s8) the same way, QADD / SSAT for the 32-bit sums 2.58 / 2.64 */
        static const double bound_mve[2] = {0.44, 1.00}, bound_dsp[2] = {2.72, 2.78};
        if (KILN_NATIVE_ISA == KILN_ISA_MVE)
        {
            KILN_CHECK(n / macs <= bound_mve[k]);
        }
        else if (KILN_NATIVE_ISA == KILN_ISA_DSP)
        {
            KILN_CHECK(n / macs <= bound_dsp[k]);
        }
    }
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

/* ---- randomized differential test --------------------------------------------------------------
 * An independent reference of the integer LSTM as CMSIS-NN computes it (the @kiln-lstm contract),
 * written with plain loops and exact 64-bit intermediates, against random shapes, weights, effective
 * biases, multipliers, shifts, clips and offsets of both element types. */

#define RND_MAX_B 3
#define RND_MAX_T 5
#define RND_MAX_I 20
#define RND_MAX_H 20
#define RND_MAX_X (RND_MAX_B * RND_MAX_T * RND_MAX_I)
#define RND_MAX_Y (RND_MAX_B * RND_MAX_T * RND_MAX_H)
#define RND_MAX_BH (RND_MAX_B * RND_MAX_H)
#define RND_GUARD_BYTES 32
#define RND_CANARY 0xA5

/* One random case: shapes, quantization and every operand, as values the reference reads and as
 * the typed buffers the library reads. */
typedef struct
{
    bool s16, stateful, no_hidden_weights;
    int32_t time_major, batch, steps, in_size, hid;
    int32_t in_mult[4], in_shift[4], hid_mult[4], hid_shift[4];
    arm_nn_activation_type act[4];
    int32_t f2c_mult, f2c_shift, i2c_mult, i2c_shift, out_mult, out_shift;
    int32_t cell_clip, cell_scale_power, in_off, out_off;
    int8_t w_in[4][RND_MAX_H * RND_MAX_I];
    int8_t w_hid[4][RND_MAX_H * RND_MAX_H];
    int64_t b_in[4][RND_MAX_H], b_hid[4][RND_MAX_H]; /* effective biases as values */
    int32_t eb32_in[4][RND_MAX_H], eb32_hid[4][RND_MAX_H];
    int64_t eb64_in[4][RND_MAX_H], eb64_hid[4][RND_MAX_H];
    int32_t x[RND_MAX_X]; /* input values */
    int8_t x8[RND_MAX_X];
    int16_t x16[RND_MAX_X];
    int32_t h0[RND_MAX_BH]; /* initial hidden state (stateful) */
    int16_t c0[RND_MAX_BH]; /* initial cell state (stateful) */
} rnd_case;

/* ---- the reference ---- */

/* floor(v / 2^s), 0 <= s <= 62, without right-shifting a negative number. */
static int64_t ref_floor_pow2(int64_t v, int32_t s)
{
    const int64_t d = (int64_t)1 << s;
    const int64_t q = v / d; /* truncates toward zero */
    return (q * d > v) ? q - 1 : q;
}

/* The low 32 bits of v as two's complement (an Arm 32-bit register). */
static int32_t ref_wrap32(int64_t v)
{
    const uint32_t u = (uint32_t)((uint64_t)v & 0xFFFFFFFFu);
    return (u < 0x80000000u) ? (int32_t)u : (int32_t)((int64_t)u - ((int64_t)1 << 32));
}

static int32_t ref_clamp(int64_t v, int32_t lo, int32_t hi)
{
    return (int32_t)(v < lo ? lo : (v > hi ? hi : v));
}

/* TFLite / CMSIS-NN MultiplyByQuantizedMultiplier of an int32 value (arm_nn_requantize): the
 * 32-bit accumulator wraps, the left shift is done in 32 bits (wrapping), then the rounding doubling
 * high multiply and the rounding (ties away from zero) right shift of the test reference library. */
static int32_t ref_requant32(int64_t acc, int32_t mult, int32_t shift)
{
    return kiln_ref_multiply_by_quantized_multiplier(ref_wrap32(acc), mult, shift);
}

static int32_t g_ref_s64_selfcheck_failures;

/* The int16 kernels' requantization of an int64 accumulator (CMSIS-NN arm_nn_requantize_s64 with
 * REDUCE_MULTIPLIER): the multiplier reduced to Q15, rounding half up at 16 bits (0x7FFF from
 * 0x7FFF0000 on); the exact product shifted right (floor) by 14 - shift, truncated to 32 bits, then
 * halved with rounding half up. Where the truncation keeps every bit this is TFLite's int64
 * MultiplyByQuantizedMultiplier (kiln_ref_multiply_by_quantized_multiplier_s64), checked on the way. */
static int32_t ref_requant64(int64_t acc, int32_t mult, int32_t shift)
{
    const int64_t reduced = (mult >= 0x7FFF0000) ? 0x7FFF : ((int64_t)mult + 32768) / 65536;
    const int64_t q = ref_floor_pow2(acc * reduced, 14 - shift); /* |acc| < 2^47: exact */
    const int32_t t = ref_wrap32(q);
    const int32_t r = (int32_t)ref_floor_pow2((int64_t)t + 1, 1);
    if (q >= INT32_MIN && q <= INT32_MAX && r != kiln_ref_multiply_by_quantized_multiplier_s64(acc, mult, shift))
    {
        g_ref_s64_selfcheck_failures++;
    }
    return r;
}

/* TFLite's int16 Logistic / Tanh with a power-of-two input scale: the shared test reference. */
static int16_t ref_activation(int32_t v, int32_t left_shift, arm_nn_activation_type type)
{
    const int64_t mult = (left_shift >= 0) ? ((int64_t)3 << left_shift) : 3;
    return kiln_ref_logistic_tanh_s16(v, mult, (left_shift >= 0) ? 0 : -left_shift, type == ARM_TANH);
}

/* One gate of one batch: a = sat16(requant(input product)) then, with a previous hidden state,
 * a = sat16(a + requant(recurrent product)); the gate is the activation of a. */
static void ref_gate(const rnd_case *c, int g, const int32_t *x, const int32_t *h, int16_t *out)
{
    const int32_t n = c->hid;
    for (int32_t r = 0; r < n; r++)
    {
        int64_t acc = c->b_in[g][r];
        for (int32_t k = 0; k < c->in_size; k++)
        {
            acc += (int64_t)x[k] * c->w_in[g][r * c->in_size + k];
        }
        int32_t a = ref_clamp(c->s16 ? ref_requant64(acc, c->in_mult[g], c->in_shift[g])
                                     : ref_requant32(acc, c->in_mult[g], c->in_shift[g]),
                              INT16_MIN, INT16_MAX);
        if (h != NULL)
        {
            acc = c->b_hid[g][r];
            for (int32_t k = 0; k < n; k++)
            {
                acc += (int64_t)h[k] * c->w_hid[g][r * n + k];
            }
            const int32_t q = c->s16 ? ref_requant64(acc, c->hid_mult[g], c->hid_shift[g])
                                     : ref_requant32(acc, c->hid_mult[g], c->hid_shift[g]);
            a = ref_clamp((int64_t)a + q, INT16_MIN, INT16_MAX);
        }
        out[r] = ref_activation(a, 0, c->act[g]);
    }
}

/* The whole call: y[(b, t) * hid + i] (time major (t * B + b), else (b * T + t)); h_final and
 * c_final the states after the last step of each batch. */
static void ref_lstm(const rnd_case *c, int32_t *y, int32_t *h_final, int16_t *c_final)
{
    const int32_t n = c->hid;
    const int32_t lo = c->s16 ? INT16_MIN : INT8_MIN;
    const int32_t hi = c->s16 ? INT16_MAX : INT8_MAX;
    const int32_t clip_hi = (c->cell_clip > 0) ? c->cell_clip : INT16_MAX;
    const int32_t clip_lo = (c->cell_clip > 0) ? -c->cell_clip : INT16_MIN;
    for (int32_t b = 0; b < c->batch; b++)
    {
        int32_t h[RND_MAX_H];
        int16_t cell[RND_MAX_H];
        bool have_h = c->stateful;
        for (int32_t i = 0; i < n; i++)
        {
            h[i] = c->stateful ? c->h0[b * n + i] : 0;
            cell[i] = c->stateful ? c->c0[b * n + i] : 0;
        }
        for (int32_t t = 0; t < c->steps; t++)
        {
            const int32_t idx = c->time_major ? t * c->batch + b : b * c->steps + t;
            const int32_t *x = c->x + idx * c->in_size;
            const int32_t *hp = have_h ? h : NULL;
            int16_t f[RND_MAX_H], ig[RND_MAX_H], cg[RND_MAX_H], og[RND_MAX_H];
            ref_gate(c, G_FORGET, x, hp, f);
            ref_gate(c, G_INPUT, x, hp, ig);
            ref_gate(c, G_CELL, x, hp, cg);
            ref_gate(c, G_OUTPUT, x, hp, og);
            for (int32_t i = 0; i < n; i++)
            {
                /* forget * cell, then + input * cell gate with the clip. */
                int32_t v = ref_clamp(ref_requant32((int64_t)f[i] * cell[i], c->f2c_mult, c->f2c_shift), INT16_MIN,
                                      INT16_MAX);
                v = ref_clamp((int64_t)v + ref_requant32((int64_t)ig[i] * cg[i], c->i2c_mult, c->i2c_shift),
                              clip_lo, clip_hi);
                cell[i] = (int16_t)v;
                const int16_t th = ref_activation(cell[i], c->cell_scale_power + 12, ARM_TANH);
                const int64_t out =
                    (int64_t)ref_requant32((int64_t)og[i] * th, c->out_mult, c->out_shift) + c->out_off;
                h[i] = ref_clamp(out, lo, hi);
                y[idx * n + i] = h[i];
            }
            have_h = true;
        }
        for (int32_t i = 0; i < n; i++)
        {
            h_final[b * n + i] = h[i];
            c_final[b * n + i] = cell[i];
        }
    }
}

/* ---- random cases ---- */

/* A multiplier in [2^30, 2^31): the ends, the Q15 reduction's edge, or uniform. */
static int32_t rnd_mult(kiln_rng *r)
{
    switch (kiln_rng_range(r, 0, 9))
    {
    case 0: return 0x40000000;
    case 1: return INT32_MAX;
    case 2: return 0x7FFF0000 + kiln_rng_range(r, -0x10000, 0xFFFF);
    default: return (int32_t)(0x40000000u + (kiln_rng_u32(r) & 0x3FFFFFFFu));
    }
}

/* A shift: mostly in [tlo, thi] (values that keep results in range), sometimes anywhere in the
 * accepted [lo, hi], its ends included. */
static int32_t rnd_shift(kiln_rng *r, int32_t tlo, int32_t thi, int32_t lo, int32_t hi)
{
    const int32_t k = kiln_rng_range(r, 0, 15);
    if (k == 0)
    {
        return lo;
    }
    if (k == 1)
    {
        return hi;
    }
    if (k <= 3)
    {
        return kiln_rng_range(r, lo, hi);
    }
    return kiln_rng_range(r, tlo, thi);
}

/* A value in [lo, hi] with its ends more likely. */
static int32_t rnd_value(kiln_rng *r, int32_t lo, int32_t hi)
{
    const int32_t k = kiln_rng_range(r, 0, 15);
    return (k == 0) ? lo : ((k == 1) ? hi : kiln_rng_range(r, lo, hi));
}

/* An int64 in [-2^bits, 2^bits], bits <= 46. */
static int64_t rnd_s64(kiln_rng *r, int32_t bits)
{
    const uint64_t u = ((uint64_t)kiln_rng_u32(r) << 32) | kiln_rng_u32(r);
    const int64_t span = ((int64_t)1 << bits) * 2 + 1;
    return (int64_t)(u % (uint64_t)span) - ((int64_t)1 << bits);
}

static void rnd_make_case(kiln_rng *r, bool s16, rnd_case *c)
{
    memset(c, 0, sizeof(*c));
    c->s16 = s16;
    c->batch = kiln_rng_range(r, 1, RND_MAX_B);
    c->steps = kiln_rng_range(r, 1, RND_MAX_T);
    c->in_size = kiln_rng_range(r, 1, RND_MAX_I);
    c->hid = kiln_rng_range(r, 1, RND_MAX_H);
    c->time_major = kiln_rng_range(r, 0, 1);
    c->stateful = kiln_rng_range(r, 0, 1) != 0;
    c->no_hidden_weights = !c->stateful && c->steps == 1 && kiln_rng_range(r, 0, 1) != 0;
    const int32_t lo = s16 ? INT16_MIN : INT8_MIN;
    const int32_t hi = s16 ? INT16_MAX : INT8_MAX;
    const int32_t gate_max = s16 ? 14 : 30;
    /* Typical gate shifts bring the product (about 2^18 for int8 data, 2^26 for int16) to Q3.12. */
    const int32_t gate_tlo = s16 ? -18 : -12;
    const int32_t gate_thi = s16 ? -4 : 0;
    c->in_off = s16 ? 0 : kiln_rng_range(r, -127, 128);
    c->out_off = rnd_value(r, lo, hi);
    const bool realistic_bias = kiln_rng_range(r, 0, 1) != 0; /* TFLite's effective biases */
    const int32_t bias_kind = kiln_rng_range(r, 0, 3);        /* magnitude of random biases */
    const bool act_random = kiln_rng_range(r, 0, 3) == 0;
    static const arm_nn_activation_type std_act[4] = {ARM_SIGMOID, ARM_SIGMOID, ARM_TANH, ARM_SIGMOID};
    for (int g = 0; g < 4; g++)
    {
        c->in_mult[g] = rnd_mult(r);
        c->in_shift[g] = rnd_shift(r, gate_tlo, gate_thi, -31, gate_max);
        c->hid_mult[g] = rnd_mult(r);
        c->hid_shift[g] = rnd_shift(r, gate_tlo, gate_thi, -31, gate_max);
        c->act[g] = act_random ? (kiln_rng_range(r, 0, 1) ? ARM_TANH : ARM_SIGMOID) : std_act[g];
        kiln_rng_fill_s8(r, c->w_in[g], (int64_t)c->hid * c->in_size);
        kiln_rng_fill_s8(r, c->w_hid[g], (int64_t)c->hid * c->hid);
        for (int32_t i = 0; i < c->hid; i++)
        {
            int64_t bi;
            int64_t bh;
            if (realistic_bias)
            {
                /* bias + input_offset * row sum, -output_offset * row sum (arm_vector_sum_s8). */
                int64_t sum_in = 0;
                int64_t sum_hid = 0;
                for (int32_t k = 0; k < c->in_size; k++)
                {
                    sum_in += c->w_in[g][i * c->in_size + k];
                }
                for (int32_t k = 0; k < c->hid; k++)
                {
                    sum_hid += c->w_hid[g][i * c->hid + k];
                }
                bi = (s16 ? rnd_s64(r, 24) : kiln_rng_range(r, -(1 << 16), 1 << 16)) + c->in_off * sum_in;
                bh = -(int64_t)c->out_off * sum_hid;
            }
            else if (s16)
            {
                const int32_t bits = (bias_kind == 0) ? 46 : ((bias_kind == 1) ? 31 : 24);
                bi = rnd_s64(r, bits);
                bh = rnd_s64(r, bits);
            }
            else if (bias_kind == 0)
            {
                /* Full int32, half of them near its ends: the 32-bit accumulator wraps. */
                const int32_t near = kiln_rng_range(r, 0, 3);
                bi = (near == 0) ? INT32_MAX - kiln_rng_range(r, 0, 1 << 18)
                                 : ((near == 1) ? INT32_MIN + kiln_rng_range(r, 0, 1 << 18) : (int32_t)kiln_rng_u32(r));
                bh = (near == 0) ? INT32_MIN + kiln_rng_range(r, 0, 1 << 18)
                                 : ((near == 1) ? INT32_MAX - kiln_rng_range(r, 0, 1 << 18) : (int32_t)kiln_rng_u32(r));
            }
            else
            {
                bi = kiln_rng_range(r, -(1 << 18), 1 << 18);
                bh = kiln_rng_range(r, -(1 << 18), 1 << 18);
            }
            c->b_in[g][i] = bi;
            c->b_hid[g][i] = bh;
            c->eb64_in[g][i] = bi;
            c->eb64_hid[g][i] = bh;
            c->eb32_in[g][i] = (int32_t)bi; /* s8: every value above fits in int32 */
            c->eb32_hid[g][i] = (int32_t)bh;
        }
    }
    c->f2c_mult = rnd_mult(r);
    c->f2c_shift = rnd_shift(r, -17, -13, -31, 30);
    c->i2c_mult = rnd_mult(r);
    c->i2c_shift = rnd_shift(r, -20, -12, -31, 30);
    c->out_mult = rnd_mult(r);
    c->out_shift = s16 ? rnd_shift(r, -19, -13, -31, 30) : rnd_shift(r, -26, -18, -31, 30);
    c->cell_scale_power = rnd_shift(r, -15, -9, -43, 2);
    switch (kiln_rng_range(r, 0, 7))
    {
    case 0:
    case 1: c->cell_clip = 0; break;
    case 2: c->cell_clip = kiln_rng_range(r, INT16_MIN, -1); break;
    case 3: c->cell_clip = rnd_value(r, 1, 16); break;
    case 4: c->cell_clip = INT16_MAX; break;
    default: c->cell_clip = kiln_rng_range(r, 1, INT16_MAX); break;
    }
    /* int16 data of a few magnitudes (full-range data saturates every typical gate). */
    const int32_t amp = s16 ? (1 << (8 + 3 * kiln_rng_range(r, 0, 2))) : 128;
    const int32_t n_x = c->batch * c->steps * c->in_size;
    for (int32_t i = 0; i < n_x; i++)
    {
        const int32_t v = s16 ? ((amp == 1 << 14) ? rnd_value(r, lo, hi) : kiln_rng_range(r, -amp, amp - 1))
                              : kiln_rng_range(r, lo, hi);
        c->x[i] = v;
        c->x8[i] = (int8_t)(s16 ? 0 : v);
        c->x16[i] = (int16_t)v;
    }
    for (int32_t i = 0; i < c->batch * c->hid; i++)
    {
        c->h0[i] = rnd_value(r, lo, hi);
        c->c0[i] = (int16_t)rnd_value(r, INT16_MIN, INT16_MAX);
    }
}

static void rnd_params(const rnd_case *c, cmsis_nn_lstm_params *p)
{
    cmsis_nn_lstm_gate *gates[4] = {&p->forget_gate, &p->input_gate, &p->cell_gate, &p->output_gate};
    memset(p, 0, sizeof(*p));
    for (int g = 0; g < 4; g++)
    {
        cmsis_nn_lstm_gate *gt = gates[g];
        gt->input_multiplier = c->in_mult[g];
        gt->input_shift = c->in_shift[g];
        gt->input_weights = c->w_in[g];
        gt->input_effective_bias = c->s16 ? (const void *)c->eb64_in[g] : (const void *)c->eb32_in[g];
        gt->hidden_multiplier = c->hid_mult[g];
        gt->hidden_shift = c->hid_shift[g];
        gt->hidden_weights = c->no_hidden_weights ? NULL : c->w_hid[g];
        gt->hidden_effective_bias =
            c->no_hidden_weights ? NULL : (c->s16 ? (const void *)c->eb64_hid[g] : (const void *)c->eb32_hid[g]);
        gt->bias = NULL;
        gt->activation_type = c->act[g];
    }
    p->time_major = c->time_major;
    p->batch_size = c->batch;
    p->time_steps = c->steps;
    p->input_size = c->in_size;
    p->hidden_size = c->hid;
    p->input_offset = c->in_off;
    p->forget_to_cell_multiplier = c->f2c_mult;
    p->forget_to_cell_shift = c->f2c_shift;
    p->input_to_cell_multiplier = c->i2c_mult;
    p->input_to_cell_shift = c->i2c_shift;
    p->cell_clip = c->cell_clip;
    p->cell_scale_power = c->cell_scale_power;
    p->output_multiplier = c->out_mult;
    p->output_shift = c->out_shift;
    p->output_offset = c->out_off;
}

/* Expected results of one case. */
typedef struct
{
    int32_t y[RND_MAX_Y];
    int32_t h[RND_MAX_BH];
    int16_t cell[RND_MAX_BH];
} rnd_expect;

/* n library values of the case's element type against the reference's. */
static bool rnd_values_equal(const rnd_case *c, const void *got, const int32_t *want, int32_t n)
{
    static int8_t w8[RND_MAX_Y];
    static int16_t w16[RND_MAX_Y];
    if (c->s16)
    {
        for (int32_t i = 0; i < n; i++)
        {
            w16[i] = (int16_t)want[i];
        }
        return KILN_CHECK_MEM_S16((const int16_t *)got, w16, n);
    }
    for (int32_t i = 0; i < n; i++)
    {
        w8[i] = (int8_t)want[i];
    }
    return KILN_CHECK_MEM_S8((const int8_t *)got, w8, n);
}

/* Output, the written-back hidden state (stateful cases) and the cell state against the reference. */
static bool rnd_results_ok(const rnd_case *c, const rnd_expect *e, const void *out, const void *state,
                           const int16_t *cell)
{
    const int32_t bh = c->batch * c->hid;
    bool ok = rnd_values_equal(c, out, e->y, c->batch * c->steps * c->hid);
    if (c->stateful)
    {
        ok &= rnd_values_equal(c, state, e->h, bh);
    }
    ok &= KILN_CHECK_MEM_S16(cell, e->cell, bh);
    return ok;
}

/* Initial states into the library's buffers: hidden state of the case's type, the cell state (or,
 * without a state, garbage the call must overwrite with zeros). */
static void rnd_seed_states(const rnd_case *c, void *state, int16_t *cell)
{
    const int32_t bh = c->batch * c->hid;
    for (int32_t i = 0; i < bh; i++)
    {
        if (state != NULL)
        {
            if (c->s16)
            {
                ((int16_t *)state)[i] = (int16_t)c->h0[i];
            }
            else
            {
                ((int8_t *)state)[i] = (int8_t)c->h0[i];
            }
        }
        cell[i] = c->stateful ? c->c0[i] : (int16_t)0x7777;
    }
}

static bool rnd_guarded(const uint8_t *buf, size_t total, size_t start, size_t n)
{
    bool ok = true;
    for (size_t i = 0; i < total; i++)
    {
        if (i < start || i >= start + n)
        {
            ok &= buf[i] == RND_CANARY;
        }
    }
    return ok;
}

/* Edge memory: every operand of a random case at each end of accessible memory. */
typedef struct
{
    const rnd_case *c;
    const rnd_expect *e;
    void *input, *output, *temp1, *temp2, *cell, *state;
    void *w_in[4], *w_hid[4], *eb_in[4], *eb_hid[4];
} rnd_edge_call;

static bool rnd_edge_run(void *arg)
{
    rnd_edge_call *k = (rnd_edge_call *)arg;
    const rnd_case *c = k->c;
    cmsis_nn_lstm_params p;
    rnd_params(c, &p);
    cmsis_nn_lstm_gate *gates[4] = {&p.forget_gate, &p.input_gate, &p.cell_gate, &p.output_gate};
    for (int g = 0; g < 4; g++)
    {
        gates[g]->input_weights = k->w_in[g];
        gates[g]->hidden_weights = k->w_hid[g];
        gates[g]->input_effective_bias = k->eb_in[g];
        gates[g]->hidden_effective_bias = k->eb_hid[g];
    }
    rnd_seed_states(c, k->state, (int16_t *)k->cell);
    cmsis_nn_lstm_context ctx = {k->temp1, k->temp2, k->cell, k->state};
    const arm_cmsis_nn_status st = c->s16 ? arm_lstm_unidirectional_s16((const int16_t *)k->input,
                                                                        (int16_t *)k->output, &p, &ctx)
                                          : arm_lstm_unidirectional_s8((const int8_t *)k->input,
                                                                       (int8_t *)k->output, &p, &ctx);
    bool ok = KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
    ok &= rnd_results_ok(c, k->e, k->output, k->state, (const int16_t *)k->cell);
    return ok;
}

static bool rnd_edge(const rnd_case *c, const rnd_expect *e)
{
    static int16_t out[RND_MAX_Y];
    static int16_t state[RND_MAX_BH];
    static int16_t cell[RND_MAX_BH];
    static int16_t t1[RND_MAX_H];
    static int16_t t2[RND_MAX_H];
    const size_t esz = c->s16 ? 2u : 1u;
    const size_t bsz = c->s16 ? 8u : 4u;
    const size_t bh = (size_t)c->batch * (size_t)c->hid;
    const size_t hid = (size_t)c->hid;
    rnd_edge_call k = {c, e, kiln_edge_ptr(c->s16 ? (const void *)c->x16 : (const void *)c->x8), out, t1, t2,
                       cell, c->stateful ? state : NULL, {0}, {0}, {0}, {0}};
    for (int g = 0; g < 4; g++)
    {
        k.w_in[g] = kiln_edge_ptr(c->w_in[g]);
        k.eb_in[g] = kiln_edge_ptr(c->s16 ? (const void *)c->eb64_in[g] : (const void *)c->eb32_in[g]);
        if (!c->no_hidden_weights)
        {
            k.w_hid[g] = kiln_edge_ptr(c->w_hid[g]);
            k.eb_hid[g] = kiln_edge_ptr(c->s16 ? (const void *)c->eb64_hid[g] : (const void *)c->eb32_hid[g]);
        }
    }
    const size_t win = hid * (size_t)c->in_size;
    const size_t whid = hid * hid;
    const kiln_edge_operand ops[] = {
        {"input", &k.input, (size_t)c->batch * (size_t)c->steps * (size_t)c->in_size * esz},
        {"output", &k.output, (size_t)c->batch * (size_t)c->steps * hid * esz},
        {"temp1", &k.temp1, hid * 2u},
        {"temp2", &k.temp2, hid * 2u},
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
        {"forget.input_effective_bias", &k.eb_in[0], hid * bsz},
        {"input.input_effective_bias", &k.eb_in[1], hid * bsz},
        {"cell.input_effective_bias", &k.eb_in[2], hid * bsz},
        {"output.input_effective_bias", &k.eb_in[3], hid * bsz},
        {"forget.hidden_effective_bias", &k.eb_hid[0], hid * bsz},
        {"input.hidden_effective_bias", &k.eb_hid[1], hid * bsz},
        {"cell.hidden_effective_bias", &k.eb_hid[2], hid * bsz},
        {"output.hidden_effective_bias", &k.eb_hid[3], hid * bsz},
    };
    return KILN_CHECK(kiln_edge_each(ops, (int)(sizeof(ops) / sizeof(ops[0])), rnd_edge_run, &k));
}

/* Guarded buffers of the random test: the operand at RND_GUARD_BYTES, canaries on both sides. */
static union
{
    int16_t align;
    uint8_t b[RND_MAX_Y * 2 + 2 * RND_GUARD_BYTES];
} g_rnd_out;
static union
{
    int16_t align;
    uint8_t b[RND_MAX_BH * 2 + 2 * RND_GUARD_BYTES];
} g_rnd_cell, g_rnd_state;
static union
{
    int16_t align;
    uint8_t b[RND_MAX_H * 2 + 2 * RND_GUARD_BYTES];
} g_rnd_t1, g_rnd_t2;

static void test_random_differential(void)
{
    static rnd_case c;
    static rnd_case saved;
    static rnd_expect e;
    static cmsis_nn_lstm_params p;
    static cmsis_nn_lstm_params p_saved;
    const int32_t iters = kiln_test_iterations(2000, 400);
    kiln_rng rng;
    kiln_rng_seed(&rng, 0x4C53544Du);
    int32_t failures = 0;
    int32_t n_cases = 0;
    int32_t n_edge = 0;
    g_ref_s64_selfcheck_failures = 0;
    for (int32_t it = 0; it < 2 * iters && failures < 5; it++)
    {
        const bool s16 = (it & 1) != 0;
        rnd_make_case(&rng, s16, &c);
        kiln_test_context("random case %d (%s): batch %d steps %d in %d hid %d time_major %d stateful %d "
                          "clip %d cell_power %d out_off %d",
                          (int)it, s16 ? "s16" : "s8", (int)c.batch, (int)c.steps, (int)c.in_size, (int)c.hid,
                          (int)c.time_major, (int)c.stateful, (int)c.cell_clip, (int)c.cell_scale_power,
                          (int)c.out_off);
        ref_lstm(&c, e.y, e.h, e.cell);
        rnd_params(&c, &p);
        memcpy(&saved, &c, sizeof(c));
        memcpy(&p_saved, &p, sizeof(p));

        const size_t esz = s16 ? 2u : 1u;
        const size_t n_y = (size_t)c.batch * (size_t)c.steps * (size_t)c.hid;
        const size_t bh = (size_t)c.batch * (size_t)c.hid;
        const size_t hid = (size_t)c.hid;
        memset(&g_rnd_out, RND_CANARY, sizeof(g_rnd_out));
        memset(&g_rnd_cell, RND_CANARY, sizeof(g_rnd_cell));
        memset(&g_rnd_state, RND_CANARY, sizeof(g_rnd_state));
        memset(&g_rnd_t1, RND_CANARY, sizeof(g_rnd_t1));
        memset(&g_rnd_t2, RND_CANARY, sizeof(g_rnd_t2));
        void *out = g_rnd_out.b + RND_GUARD_BYTES;
        int16_t *cell = (int16_t *)(void *)(g_rnd_cell.b + RND_GUARD_BYTES);
        void *state = c.stateful ? (void *)(g_rnd_state.b + RND_GUARD_BYTES) : NULL;
        rnd_seed_states(&c, state, cell);
        cmsis_nn_lstm_context ctx = {g_rnd_t1.b + RND_GUARD_BYTES, g_rnd_t2.b + RND_GUARD_BYTES, cell, state};
        const arm_cmsis_nn_status st =
            s16 ? arm_lstm_unidirectional_s16(c.x16, (int16_t *)out, &p, &ctx)
                : arm_lstm_unidirectional_s8(c.x8, (int8_t *)out, &p, &ctx);
        bool ok = KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
        ok &= rnd_results_ok(&c, &e, out, state, cell);
        ok &= KILN_CHECK(rnd_guarded(g_rnd_out.b, sizeof(g_rnd_out.b), RND_GUARD_BYTES, n_y * esz));
        ok &= KILN_CHECK(rnd_guarded(g_rnd_cell.b, sizeof(g_rnd_cell.b), RND_GUARD_BYTES, bh * 2u));
        ok &= KILN_CHECK(rnd_guarded(g_rnd_state.b, sizeof(g_rnd_state.b), RND_GUARD_BYTES,
                                     c.stateful ? bh * esz : 0u));
        ok &= KILN_CHECK(rnd_guarded(g_rnd_t1.b, sizeof(g_rnd_t1.b), RND_GUARD_BYTES, hid * 2u));
        ok &= KILN_CHECK(rnd_guarded(g_rnd_t2.b, sizeof(g_rnd_t2.b), RND_GUARD_BYTES, hid * 2u));
        ok &= KILN_CHECK(memcmp(&saved, &c, sizeof(c)) == 0);
        ok &= KILN_CHECK(memcmp(&p_saved, &p, sizeof(p)) == 0);
        if ((it % 8) == 7)
        {
            ok &= rnd_edge(&c, &e);
            n_edge++;
        }
        n_cases++;
        failures += ok ? 0 : 1;
    }
    kiln_test_context("%s", "");
    KILN_CHECK_EQ(g_ref_s64_selfcheck_failures, 0);
    printf("random LSTM: %d cases (s8 and s16 alternating), %d through edge memory\n", (int)n_cases, (int)n_edge);
}

int main(void)
{
    KILN_RUN(test_shared_vectors);
    KILN_RUN(test_streaming_split);
    KILN_RUN(test_bad_inputs);
    KILN_RUN(test_edge_memory);
    KILN_RUN(test_random_differential);
    KILN_RUN(test_instruction_counts);
    KILN_RUN(test_instruction_counts_kws_size);
    return kiln_test_finish();
}
