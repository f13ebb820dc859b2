/*
 * LSTM support functions added by h-supint: arm_nn_lstm_step_s8 / _s16 and
 * arm_nn_lstm_calculate_gate_s8_s16 / _s16.
 *  - step: a whole random sequence replayed step by step (time-major: batch_offset 1, batch-major:
 *    batch_offset time_steps, the previous step's output as hidden_in) must reproduce
 *    arm_lstm_unidirectional_s8 / _s16 bit for bit, outputs and final cell state; scratch and cell
 *    buffers between guards.
 *  - gate: against a reference written here (plain loops, the requantization and the int16
 *    sigmoid / tanh of tests/reference), with strided batches and with / without the recurrent
 *    input, outputs between guards.
 * Inputs checked unchanged; bad-input tables (ARG_ERROR, nothing written).
 */
#include <stdio.h>
#include <string.h>

#include "arm_nnfunctions.h"
#include "arm_nnsupportfunctions.h"
#include "kiln_board.h"
#include "kiln_ref.h"
#include "kiln_test.h"

#define MB     3
#define MT     4
#define MI     13
#define MH     11
#define G      8
#define SENT16 ((int16_t)0x5A5A)

typedef struct
{
    bool s16;
    int32_t b, t, in, h, time_major;
    int8_t w_in[4][MH * MI], w_hid[4][MH * MH];
    int32_t eb32_in[4][MH], eb32_hid[4][MH];
    int64_t eb64_in[4][MH], eb64_hid[4][MH];
    int8_t x8[MB * MT * MI];
    int16_t x16[MB * MT * MI];
    cmsis_nn_lstm_params p;
} lcase;

static lcase g_c;
static lcase g_snap;
static int16_t g_temp1[MB * MH + 2 * G], g_temp2[MB * MH + 2 * G], g_cell[MB * MH + 2 * G];
static int16_t g_cell_seq[MB * MH];
static int16_t g_out_seq[MB * MT * MH + 2 * G], g_out_step[MB * MT * MH + 2 * G];

static int32_t rmult(kiln_rng *r)
{
    return kiln_rng_range(r, 0, 8) == 0 ? INT32_MAX : (int32_t)(0x40000000u | (kiln_rng_u32(r) >> 2));
}

static void make_case(kiln_rng *r, bool s16, lcase *c)
{
    memset(c, 0, sizeof(*c));
    c->s16 = s16;
    c->b = kiln_rng_range(r, 1, MB);
    c->t = kiln_rng_range(r, 1, MT);
    c->in = kiln_rng_range(r, 1, MI);
    c->h = kiln_rng_range(r, 1, MH);
    c->time_major = kiln_rng_range(r, 0, 1);
    const bool no_hidden = c->t == 1 && kiln_rng_range(r, 0, 1) != 0;
    cmsis_nn_lstm_gate *gates[4] = {&c->p.forget_gate, &c->p.input_gate, &c->p.cell_gate, &c->p.output_gate};
    static const arm_nn_activation_type acts[4] = {ARM_SIGMOID, ARM_SIGMOID, ARM_TANH, ARM_SIGMOID};
    for (int g = 0; g < 4; g++)
    {
        kiln_rng_fill_s8(r, c->w_in[g], (int64_t)c->h * c->in);
        kiln_rng_fill_s8(r, c->w_hid[g], (int64_t)c->h * c->h);
        for (int32_t i = 0; i < c->h; i++)
        {
            c->eb32_in[g][i] = kiln_rng_range(r, -(1 << 17), 1 << 17);
            c->eb32_hid[g][i] = kiln_rng_range(r, -(1 << 17), 1 << 17);
            c->eb64_in[g][i] = (int64_t)kiln_rng_range(r, -(1 << 22), 1 << 22);
            c->eb64_hid[g][i] = (int64_t)kiln_rng_range(r, -(1 << 22), 1 << 22);
        }
        cmsis_nn_lstm_gate *gt = gates[g];
        gt->input_weights = c->w_in[g];
        gt->hidden_weights = no_hidden ? NULL : c->w_hid[g];
        gt->input_effective_bias = s16 ? (const void *)c->eb64_in[g] : (const void *)c->eb32_in[g];
        gt->hidden_effective_bias =
            no_hidden ? NULL : (s16 ? (const void *)c->eb64_hid[g] : (const void *)c->eb32_hid[g]);
        gt->input_multiplier = rmult(r);
        gt->hidden_multiplier = rmult(r);
        gt->input_shift = s16 ? kiln_rng_range(r, -18, -4) : kiln_rng_range(r, -12, 0);
        gt->hidden_shift = s16 ? kiln_rng_range(r, -18, -4) : kiln_rng_range(r, -12, 0);
        gt->activation_type =
            kiln_rng_range(r, 0, 4) == 0 ? (kiln_rng_range(r, 0, 1) ? ARM_TANH : ARM_SIGMOID) : acts[g];
    }
    c->p.time_major = c->time_major;
    c->p.batch_size = c->b;
    c->p.time_steps = c->t;
    c->p.input_size = c->in;
    c->p.hidden_size = c->h;
    c->p.input_offset = 0;
    c->p.forget_to_cell_multiplier = rmult(r);
    c->p.forget_to_cell_shift = kiln_rng_range(r, -17, -13);
    c->p.input_to_cell_multiplier = rmult(r);
    c->p.input_to_cell_shift = kiln_rng_range(r, -20, -12);
    c->p.output_multiplier = rmult(r);
    c->p.output_shift = s16 ? kiln_rng_range(r, -19, -13) : kiln_rng_range(r, -26, -18);
    c->p.output_offset = s16 ? 0 : kiln_rng_range(r, -128, 127);
    c->p.cell_scale_power = kiln_rng_range(r, -15, -9);
    const int32_t k = kiln_rng_range(r, 0, 3);
    c->p.cell_clip = k == 0 ? 0 : (k == 1 ? INT16_MAX : kiln_rng_range(r, 1, INT16_MAX));
    const int32_t nx = c->b * c->t * c->in;
    kiln_rng_fill_s8(r, c->x8, nx);
    const int32_t amp = 1 << kiln_rng_range(r, 8, 14);
    for (int32_t i = 0; i < nx; i++)
        c->x16[i] = (int16_t)kiln_rng_range(r, -amp, amp - 1);
}

static void fill_guarded(int16_t *buf, int32_t n)
{
    for (int32_t i = 0; i < n + 2 * G; i++)
        buf[i] = SENT16;
}

static bool guards_ok(const int16_t *buf, int32_t n)
{
    for (int i = 0; i < G; i++)
    {
        if (buf[i] != SENT16 || buf[G + n + i] != SENT16)
            return false;
    }
    return true;
}

/* Element (b, t)'s row index in the sequence layout. */
static int32_t row_of(const lcase *c, int32_t b, int32_t t)
{
    return c->time_major ? t * c->b + b : b * c->t + t;
}

static void run_step_case(const lcase *c)
{
    const int32_t bh = c->b * c->h;
    const int32_t ny = c->b * c->t * c->h;
    /* the sequence */
    cmsis_nn_lstm_context ctx = {g_temp1 + G, g_temp2 + G, g_cell + G, NULL};
    fill_guarded(g_out_seq, ny);
    fill_guarded(g_cell, bh);
    const arm_cmsis_nn_status st_seq = c->s16
                                           ? arm_lstm_unidirectional_s16(c->x16, g_out_seq + G, &c->p, &ctx)
                                           : arm_lstm_unidirectional_s8(c->x8, (int8_t *)(g_out_seq + G), &c->p, &ctx);
    KILN_CHECK_EQ(st_seq, ARM_CMSIS_NN_SUCCESS);
    memcpy(g_cell_seq, g_cell + G, sizeof(int16_t) * (size_t)bh);

    /* the same sequence, step by step */
    fill_guarded(g_out_step, ny);
    fill_guarded(g_cell, bh);
    fill_guarded(g_temp1, bh);
    fill_guarded(g_temp2, bh);
    for (int32_t i = 0; i < bh; i++)
        g_cell[G + i] = 0;
    const int32_t boff = c->time_major ? 1 : c->t;
    const size_t esz = c->s16 ? 2 : 1;
    uint8_t *out = (uint8_t *)(g_out_step + G);
    const uint8_t *x = c->s16 ? (const uint8_t *)c->x16 : (const uint8_t *)c->x8;
    for (int32_t t = 0; t < c->t; t++)
    {
        const uint8_t *din = x + (size_t)row_of(c, 0, t) * (size_t)c->in * esz;
        const uint8_t *hin = t == 0 ? NULL : out + (size_t)row_of(c, 0, t - 1) * (size_t)c->h * esz;
        uint8_t *hout = out + (size_t)row_of(c, 0, t) * (size_t)c->h * esz;
        const arm_cmsis_nn_status st =
            c->s16
                ? arm_nn_lstm_step_s16((const int16_t *)din, (const int16_t *)hin, (int16_t *)hout, &c->p, &ctx, boff)
                : arm_nn_lstm_step_s8((const int8_t *)din, (const int8_t *)hin, (int8_t *)hout, &c->p, &ctx, boff);
        KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
    }
    if (c->s16)
    {
        KILN_CHECK_MEM_S16(g_out_step, g_out_seq, ny + 2 * G);
    }
    else
    {
        KILN_CHECK(memcmp(g_out_step, g_out_seq, sizeof(int16_t) * (size_t)(ny + 2 * G)) == 0);
    }
    KILN_CHECK_MEM_S16(g_cell + G, g_cell_seq, bh);
    KILN_CHECK(guards_ok(g_cell, bh) && guards_ok(g_temp1, bh) && guards_ok(g_temp2, bh));
}

static void test_step_vs_sequence(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x5401);
    const int32_t iters = kiln_test_iterations(2000, 150);
    for (int s16 = 0; s16 < 2; s16++)
    {
        for (int32_t it = 0; it < iters; it++)
        {
            make_case(&r, s16 != 0, &g_c);
            memcpy(&g_snap, &g_c, sizeof(g_c));
            kiln_test_context("step s16 %d iter %d B %d T %d I %d H %d tm %d", s16, (int)it, (int)g_c.b, (int)g_c.t,
                              (int)g_c.in, (int)g_c.h, (int)g_c.time_major);
            run_step_case(&g_c);
            KILN_CHECK(memcmp(&g_snap, &g_c, sizeof(g_c)) == 0);
        }
    }
    kiln_test_context("");
}

/* ---- gate against the reference ---- */

static void ref_gate(const lcase *c,
                     const cmsis_nn_lstm_gate *g,
                     bool with_h,
                     const int16_t *h16,
                     const int8_t *h8,
                     int32_t boff,
                     int16_t *want)
{
    for (int32_t b = 0; b < c->b; b++)
    {
        for (int32_t i = 0; i < c->h; i++)
        {
            int64_t a;
            for (int pass = 0; pass < (with_h ? 2 : 1); pass++)
            {
                const int32_t n = pass ? c->h : c->in;
                const int8_t *w = (const int8_t *)(pass ? g->hidden_weights : g->input_weights);
                int64_t sum = 0;
                for (int32_t k = 0; k < n; k++)
                {
                    const size_t at = (size_t)b * (size_t)boff * (size_t)n + (size_t)k;
                    const int32_t v = pass ? (c->s16 ? h16[at] : h8[at]) : (c->s16 ? c->x16[at] : c->x8[at]);
                    sum += (int64_t)v * w[i * n + k];
                }
                int64_t q;
                const int32_t mult = pass ? g->hidden_multiplier : g->input_multiplier;
                const int32_t shift = pass ? g->hidden_shift : g->input_shift;
                if (c->s16)
                {
                    const int64_t bias =
                        ((const int64_t *)(pass ? g->hidden_effective_bias : g->input_effective_bias))[i];
                    q = kiln_ref_requantize_s64_wide(sum, bias, mult, shift);
                }
                else
                {
                    const int32_t bias =
                        ((const int32_t *)(pass ? g->hidden_effective_bias : g->input_effective_bias))[i];
                    q = kiln_ref_multiply_by_quantized_multiplier((int32_t)((uint32_t)bias + (uint32_t)sum), mult,
                                                                  shift);
                }
                a = pass ? a + q : q;
                a = a < INT16_MIN ? INT16_MIN : (a > INT16_MAX ? INT16_MAX : a);
            }
            want[G + b * c->h + i] = kiln_ref_logistic_tanh_s16((int32_t)a, 3, 0, g->activation_type == ARM_TANH);
        }
    }
}

static void test_gate(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x5402);
    const int32_t iters = kiln_test_iterations(2000, 200);
    static int16_t h16[MB * MT * MH];
    static int8_t h8[MB * MT * MH];
    static int16_t got[MB * MH + 2 * G], want[MB * MH + 2 * G];
    for (int s16 = 0; s16 < 2; s16++)
    {
        for (int32_t it = 0; it < iters; it++)
        {
            make_case(&r, s16 != 0, &g_c);
            /* strided batches: batch_offset up to time_steps (the input holds b * t rows) */
            const int32_t boff = kiln_rng_range(&r, 1, g_c.t);
            const cmsis_nn_lstm_gate *gates[4] = {&g_c.p.forget_gate, &g_c.p.input_gate, &g_c.p.cell_gate,
                                                  &g_c.p.output_gate};
            const cmsis_nn_lstm_gate *g = gates[kiln_rng_range(&r, 0, 3)];
            const bool with_h = g->hidden_weights != NULL && kiln_rng_range(&r, 0, 3) != 0;
            for (int32_t i = 0; i < g_c.b * g_c.t * g_c.h; i++)
            {
                h16[i] = (int16_t)kiln_rng_range(&r, -4096, 4095);
                h8[i] = (int8_t)kiln_rng_u32(&r);
            }
            memcpy(&g_snap, &g_c, sizeof(g_c));
            const int32_t n = g_c.b * g_c.h;
            fill_guarded(got, n);
            fill_guarded(want, n);
            ref_gate(&g_c, g, with_h, h16, h8, boff, want);
            kiln_test_context("gate s16 %d iter %d B %d I %d H %d boff %d with_h %d", s16, (int)it, (int)g_c.b,
                              (int)g_c.in, (int)g_c.h, (int)boff, (int)with_h);
            const arm_cmsis_nn_status st =
                s16 ? arm_nn_lstm_calculate_gate_s16(g_c.x16, with_h ? h16 : NULL, g, &g_c.p, got + G, boff)
                    : arm_nn_lstm_calculate_gate_s8_s16(g_c.x8, with_h ? h8 : NULL, g, &g_c.p, got + G, boff);
            KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
            KILN_CHECK_MEM_S16(got, want, n + 2 * G);
            KILN_CHECK(memcmp(&g_snap, &g_c, sizeof(g_c)) == 0);
        }
    }
    kiln_test_context("");
}

/* ---- bad inputs ---- */

static void test_bad_inputs(void)
{
    kiln_rng r;
    kiln_rng_seed(&r, 0x5403);
    make_case(&r, false, &g_c);
    while (g_c.p.forget_gate.hidden_weights == NULL)
        make_case(&r, false, &g_c);
    const int32_t bh = g_c.b * g_c.h;
    static int8_t out8[MB * MT * MH];
    static int8_t hin[MB * MT * MH];
    memset(hin, 0, sizeof(hin));
    memset(out8, 0x33, sizeof(out8));
    fill_guarded(g_temp1, bh);
    fill_guarded(g_temp2, bh);
    fill_guarded(g_cell, bh);
    int16_t gout[MB * MH];
    for (int32_t i = 0; i < MB * MH; i++)
        gout[i] = SENT16;
    cmsis_nn_lstm_context ctx = {g_temp1 + G, g_temp2 + G, g_cell + G, NULL};
    cmsis_nn_lstm_context ctx_bad = ctx;
    ctx_bad.temp2 = NULL;
    cmsis_nn_lstm_context ctx_odd = ctx;
    ctx_odd.cell_state = (uint8_t *)(g_cell + G) + 1;
    cmsis_nn_lstm_params p_bad = g_c.p;
    p_bad.hidden_size = 0;
    cmsis_nn_lstm_params p_sh = g_c.p;
    p_sh.forget_gate.input_shift = 31;
    cmsis_nn_lstm_params p_nohw = g_c.p;
    p_nohw.cell_gate.hidden_weights = NULL;
    cmsis_nn_lstm_params p_clip = g_c.p;
    p_clip.cell_clip = 40000;
    cmsis_nn_lstm_gate gate_act = g_c.p.input_gate;
    gate_act.activation_type = (arm_nn_activation_type)7;
#define UNTOUCHED                                                                                                      \
    (guards_ok(g_temp1, 0) && g_temp1[G] == SENT16 && g_cell[G] == SENT16 && out8[0] == 0x33 && gout[0] == SENT16)
#define BAD(call)                                                                                                      \
    do                                                                                                                 \
    {                                                                                                                  \
        KILN_CHECK_EQ((call), ARM_CMSIS_NN_ARG_ERROR);                                                                 \
        KILN_CHECK(UNTOUCHED);                                                                                         \
    } while (0)
    BAD(arm_nn_lstm_step_s8(NULL, hin, out8, &g_c.p, &ctx, 1));
    BAD(arm_nn_lstm_step_s8(g_c.x8, hin, NULL, &g_c.p, &ctx, 1));
    BAD(arm_nn_lstm_step_s8(g_c.x8, hin, out8, NULL, &ctx, 1));
    BAD(arm_nn_lstm_step_s8(g_c.x8, hin, out8, &g_c.p, NULL, 1));
    BAD(arm_nn_lstm_step_s8(g_c.x8, hin, out8, &g_c.p, &ctx_bad, 1));
    BAD(arm_nn_lstm_step_s8(g_c.x8, hin, out8, &g_c.p, &ctx_odd, 1));
    BAD(arm_nn_lstm_step_s8(g_c.x8, hin, out8, &g_c.p, &ctx, 0));
    BAD(arm_nn_lstm_step_s8(g_c.x8, hin, out8, &p_bad, &ctx, 1));
    BAD(arm_nn_lstm_step_s8(g_c.x8, hin, out8, &p_sh, &ctx, 1));
    BAD(arm_nn_lstm_step_s8(g_c.x8, hin, out8, &p_nohw, &ctx, 1)); /* recurrent weights needed: hidden_in given */
    BAD(arm_nn_lstm_step_s8(g_c.x8, hin, out8, &p_clip, &ctx, 1));
    BAD(arm_nn_lstm_step_s16(g_c.x16, NULL, (int16_t *)(void *)out8, &p_sh, &ctx, 1));
    BAD(arm_nn_lstm_step_s16(g_c.x16, NULL, (int16_t *)(void *)out8, &g_c.p, &ctx, -1));
    BAD(arm_nn_lstm_calculate_gate_s8_s16(NULL, hin, &g_c.p.input_gate, &g_c.p, gout, 1));
    BAD(arm_nn_lstm_calculate_gate_s8_s16(g_c.x8, hin, NULL, &g_c.p, gout, 1));
    BAD(arm_nn_lstm_calculate_gate_s8_s16(g_c.x8, hin, &g_c.p.input_gate, NULL, gout, 1));
    BAD(arm_nn_lstm_calculate_gate_s8_s16(g_c.x8, hin, &g_c.p.input_gate, &g_c.p, NULL, 1));
    BAD(arm_nn_lstm_calculate_gate_s8_s16(g_c.x8, hin, &g_c.p.input_gate, &g_c.p, gout, 0));
    BAD(arm_nn_lstm_calculate_gate_s8_s16(g_c.x8, hin, &g_c.p.input_gate, &p_bad, gout, 1));
    BAD(arm_nn_lstm_calculate_gate_s8_s16(g_c.x8, hin, &gate_act, &g_c.p, gout, 1));
    BAD(arm_nn_lstm_calculate_gate_s8_s16(g_c.x8, hin, &p_nohw.cell_gate, &g_c.p, gout, 1));
    BAD(arm_nn_lstm_calculate_gate_s8_s16(g_c.x8, hin, &p_sh.forget_gate, &g_c.p, gout, 1));
    BAD(arm_nn_lstm_calculate_gate_s16(g_c.x16, NULL, &g_c.p.input_gate, &g_c.p, gout, 0));
    BAD(arm_nn_lstm_calculate_gate_s16(g_c.x16, NULL, &p_sh.forget_gate, &g_c.p, gout, 1)); /* s16: shift > 14 */
    /* without hidden_in the recurrent weights are not needed */
    KILN_CHECK_EQ(arm_nn_lstm_calculate_gate_s8_s16(g_c.x8, NULL, &p_nohw.cell_gate, &g_c.p, gout, 1),
                  ARM_CMSIS_NN_SUCCESS);
#undef BAD
#undef UNTOUCHED
}

int main(void)
{
    printf("supint_lstm on %s\n", kiln_board_name());
    KILN_RUN(test_step_vs_sequence);
    KILN_RUN(test_gate);
    KILN_RUN(test_bad_inputs);
    return kiln_test_finish();
}
