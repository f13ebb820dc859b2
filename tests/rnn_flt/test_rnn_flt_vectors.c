/*
 * Float LSTM: every shared vector of arm_lstm_unidirectional_f32 / _f16 (index.json: lstm_*_f32, lstm_*_f16,
 * PyTorch references) with the upstream drivers' absolute tolerances (test_arm_lstm_unidirectional_f32: small
 * 2e-5, medium 3e-5, others 5e-5; _f16: small 8e-2, medium 1e-1, others 1.2e-1), params built as those drivers
 * build them (sigmoid for the forget / input / output gates, tanh for the cell gate, the case's cell clip, no
 * hidden state). Also checked per case: guard bytes around output, cell state and scratch, temp1 / temp2
 * untouched, inputs unchanged, the step function replaying the sequence bit for bit (arm_nn_lstm_step_*), and
 * with the ns-cmsis-nn context (hidden_state) the sequence split into two calls giving the single call's bits.
 */
#include "rnn_flt_test.h"

#if ARM_NN_ENABLE_F32
#include "kiln_vectors/lstm_large_f32.h"
#include "kiln_vectors/lstm_match_1_f32.h"
#include "kiln_vectors/lstm_match_2_f32.h"
#include "kiln_vectors/lstm_match_one_time_step_f32.h"
#include "kiln_vectors/lstm_medium_f32.h"
#include "kiln_vectors/lstm_small_f32.h"
#endif
#if ARM_NN_ENABLE_F16
#include "kiln_vectors/lstm_large_f16.h"
#include "kiln_vectors/lstm_match_1_f16.h"
#include "kiln_vectors/lstm_match_2_f16.h"
#include "kiln_vectors/lstm_match_one_time_step_f16.h"
#include "kiln_vectors/lstm_medium_f16.h"
#include "kiln_vectors/lstm_small_f16.h"
#endif

typedef struct
{
    const char *name;
    bool half;
    int32_t time_major, batch, steps, in_size, hid;
    double clip;
    const void *input;
    const void *wx[4], *wh[4], *bias[4]; /* forget, input, cell, output */
    const void *ref;
    int32_t dst_size;
    double tol;
} vec_case;

/* UP: upper-case prefix, lo: case name (pasted directly, see tests/vectors/README.md); BITS: _f16bits or empty. */
#define RV(UP, lo, BITS, half, tol)                                                                                    \
    {                                                                                                                  \
        #lo, half, UP##_TIME_MAJOR, UP##_BATCH_SIZE, UP##_TIME_STEPS, UP##_INPUT_SIZE, UP##_HIDDEN_SIZE,               \
            UP##_CELL_CLIP, lo##_input##BITS,                                                                          \
            {lo##_forget_input_weights##BITS, lo##_input_input_weights##BITS, lo##_cell_input_weights##BITS,           \
             lo##_output_input_weights##BITS},                                                                         \
            {lo##_forget_hidden_weights##BITS, lo##_input_hidden_weights##BITS, lo##_cell_hidden_weights##BITS,        \
             lo##_output_hidden_weights##BITS},                                                                        \
            {lo##_forget_bias##BITS, lo##_input_bias##BITS, lo##_cell_bias##BITS, lo##_output_bias##BITS},             \
            lo##_output_ref##BITS, UP##_DST_SIZE, tol                                                                  \
    }

static const vec_case cases[] = {
#if ARM_NN_ENABLE_F32
    RV(LSTM_SMALL_F32, lstm_small_f32, , false, 2e-5),
    RV(LSTM_MEDIUM_F32, lstm_medium_f32, , false, 3e-5),
    RV(LSTM_LARGE_F32, lstm_large_f32, , false, 5e-5),
    RV(LSTM_MATCH_1_F32, lstm_match_1_f32, , false, 5e-5),
    RV(LSTM_MATCH_2_F32, lstm_match_2_f32, , false, 5e-5),
    RV(LSTM_MATCH_ONE_TIME_STEP_F32, lstm_match_one_time_step_f32, , false, 5e-5),
#endif
#if ARM_NN_ENABLE_F16
    RV(LSTM_SMALL_F16, lstm_small_f16, _f16bits, true, 8e-2),
    RV(LSTM_MEDIUM_F16, lstm_medium_f16, _f16bits, true, 1e-1),
    RV(LSTM_LARGE_F16, lstm_large_f16, _f16bits, true, 1.2e-1),
    RV(LSTM_MATCH_1_F16, lstm_match_1_f16, _f16bits, true, 1.2e-1),
    RV(LSTM_MATCH_2_F16, lstm_match_2_f16, _f16bits, true, 1.2e-1),
    RV(LSTM_MATCH_ONE_TIME_STEP_F16, lstm_match_one_time_step_f16, _f16bits, true, 1.2e-1),
#endif
};

static rnn_case g_case;

/* n values of a vector array: float, or float16 bit patterns. */
static void load(double *dst, const void *src, size_t n, bool half)
{
    for (size_t i = 0; i < n; i++)
    {
#if ARM_NN_ENABLE_F16
        if (half)
        {
            float16_t h;
            memcpy(&h, (const uint16_t *)src + i, sizeof(h));
            dst[i] = (double)(float)h;
            continue;
        }
#endif
        dst[i] = (double)((const float *)src)[i];
    }
}

static bool to_case(const vec_case *v, rnn_case *c)
{
    memset(c, 0, sizeof(*c));
    c->kind = RNN_LSTM;
    c->half = v->half;
    c->time_major = v->time_major;
    c->batch = v->batch;
    c->steps = v->steps;
    c->in_size = v->in_size;
    c->hid = v->hid;
    c->cell_clip = v->clip;
    const size_t B = (size_t)v->batch, T = (size_t)v->steps, I = (size_t)v->in_size, H = (size_t)v->hid;
    if (!KILN_CHECK(B <= RNN_MAX_B && T <= RNN_MAX_T && I <= RNN_MAX_I && H <= RNN_MAX_H) ||
        !KILN_CHECK_EQ(v->dst_size, (int64_t)(B * T * H)))
    {
        return false;
    }
    const arm_nn_activation_type_flt act[4] = {ARM_NN_FLT_ACT_SIGMOID, ARM_NN_FLT_ACT_SIGMOID, ARM_NN_FLT_ACT_TANH,
                                               ARM_NN_FLT_ACT_SIGMOID};
    load(c->x, v->input, B * T * I, v->half);
    for (int q = 0; q < 4; q++)
    {
        load(c->wx[q], v->wx[q], H * I, v->half);
        load(c->wh[q], v->wh[q], H * H, v->half);
        load(c->b[q], v->bias[q], H, v->half);
        c->act[q] = act[q];
    }
    return true;
}

#if !KILN_UPSTREAM_API
/* The sequence function on an input / output offset by rows rows (steps of params staged in s). */
static arm_cmsis_nn_status call_at(const rnn_case *c, rnn_stage_t *s, size_t rows, int32_t steps)
{
    const size_t es = c->half ? 2u : 4u;
    const uint8_t *in = (const uint8_t *)rnn_buf_ptr(&s->x) + rows * (size_t)c->in_size * es;
    uint8_t *out = (uint8_t *)rnn_buf_ptr(&s->out) + rows * (size_t)c->hid * es;
#if ARM_NN_ENABLE_F32
    if (!c->half)
    {
        s->lp32.time_steps = steps;
        return arm_lstm_unidirectional_f32((const float32_t *)in, (float32_t *)out, &s->lp32, &s->lc32);
    }
#endif
#if ARM_NN_ENABLE_F16
    if (c->half)
    {
        s->lp16.time_steps = steps;
        return arm_lstm_unidirectional_f16((const float16_t *)in, (float16_t *)out, &s->lp16, &s->lc16);
    }
#endif
    (void)in;
    (void)out;
    (void)steps;
    return ARM_CMSIS_NN_ARG_ERROR;
}

/* Streaming: zero initial states, the sequence in two calls (first t1 steps, then the rest); the outputs must be
 * the single call's bits, hidden_state the last output. Time major, or one batch (contiguous chunks). */
static bool check_split(rnn_case *c, const rnn_stage_t *ref)
{
    if (c->steps < 2 || (!c->time_major && c->batch > 1))
    {
        return true;
    }
    c->stateful = true; /* h0, c0 are zero (to_case) */
    rnn_stage_t s;
    bool ok = KILN_CHECK(rnn_stage(c, &s));
    const int32_t t1 = c->steps / 2;
    ok = ok && KILN_CHECK_EQ(call_at(c, &s, 0, t1), ARM_CMSIS_NN_SUCCESS) &&
         KILN_CHECK_EQ(call_at(c, &s, (size_t)t1 * (size_t)c->batch, c->steps - t1), ARM_CMSIS_NN_SUCCESS);
    const size_t es = c->half ? 2u : 4u;
    const size_t last = (size_t)(c->steps - 1) * (size_t)c->batch * (size_t)c->hid * es;
    ok = ok && KILN_CHECK(memcmp(rnn_buf_ptr(&s.out), rnn_buf_ptr(&ref->out), s.out.bytes) == 0) &&
         KILN_CHECK(memcmp(rnn_buf_ptr(&s.hstate), (const uint8_t *)rnn_buf_ptr(&ref->out) + last, s.hstate.bytes) == 0) &&
         KILN_CHECK(memcmp(rnn_buf_ptr(&s.cell), rnn_buf_ptr(&ref->cell), s.cell.bytes) == 0) &&
         KILN_CHECK(rnn_out_guards_ok(&s));
    rnn_unstage(&s);
    c->stateful = false;
    return ok;
}
#endif

static void test_lstm_vectors(void)
{
    for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++)
    {
        const vec_case *v = &cases[k];
        kiln_test_context("%s", v->name);
        if (!to_case(v, &g_case))
        {
            continue;
        }
        rnn_stage_t s;
        bool ok = KILN_CHECK(rnn_stage(&g_case, &s)) && KILN_CHECK_EQ(rnn_call(&g_case, &s), ARM_CMSIS_NN_SUCCESS);
        if (ok)
        {
            double worst = 0.0;
            for (int32_t i = 0; i < v->dst_size; i++)
            {
                double want;
                load(&want, (const uint8_t *)v->ref + (size_t)i * (v->half ? 2u : 4u), 1, v->half);
                const double d = fabs(rnn_get(rnn_buf_ptr(&s.out), (size_t)i, v->half) - want);
                worst = (d > worst || d != d) ? d : worst;
            }
            printf("  %s: max abs error %.3g (tolerance %.3g)\n", v->name, worst, v->tol);
            KILN_CHECK(worst <= v->tol);
            KILN_CHECK(rnn_out_guards_ok(&s));
            KILN_CHECK(rnn_inputs_intact(&g_case, &s));
            KILN_CHECK(rnn_buf_all(&s.temp1, RNN_TEMP_FILL) && rnn_buf_all(&s.temp2, RNN_TEMP_FILL));
            KILN_CHECK(rnn_buf_all(&s.hstate, RNN_OUT_FILL));
            rnn_check_steps(&g_case, &s);
#if !KILN_UPSTREAM_API
            check_split(&g_case, &s);
#endif
        }
        rnn_unstage(&s);
    }
}

int main(void)
{
    KILN_RUN(test_lstm_vectors);
    return kiln_test_finish();
}
