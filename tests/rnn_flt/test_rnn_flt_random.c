/*
 * Float LSTM / GRU: randomized differential test of arm_lstm_unidirectional_f32 / _f16 and
 * arm_gru_unidirectional_f32 / _f16 (and, replaying each case step by step, arm_nn_lstm_step_* /
 * arm_nn_gru_step_*) against the double-precision references of rnn_flt_test.h. Per function
 * kiln_test_iterations(2000, 150) cases: time-major and batch-major, 1..4 batches, 0..6 time steps, input and
 * hidden sizes 1..12, NULL biases, cell clip off / active, LSTM gate activations permuted, GRU reset_after
 * on / off, and (GRU always, LSTM with the ns-cmsis-nn context) a given initial hidden / cell state.
 * Checked: every output and the final states within the tolerance below; temp1 / temp2 untouched where the
 * contract says unused; the hidden state untouched without streaming; inputs unchanged; guard bytes around
 * every buffer; the step replay bit-identical to the sequence call.
 *
 * Tolerances (absolute; operands |x| <= 1, weights within +-1.5 / sqrt(fan-in), biases within +-0.5,
 * initial states within +-1 / +-2, so |h| < 1 and |c| < 8):
 *   float32 5e-6: float32 sums of at most 25 terms per gate and the sigmoid / tanh (absolute error below 1e-6),
 *   compounding over at most six steps; observed at most 3.1e-7 (this seed and two stress salts).
 *   float16 8e-3: the hidden and cell states are rounded to float16 every step (2^-11 relative, 2e-3 for |c|
 *   near 8) and feed the next step; observed at most 1.6e-3.
 */
#include "rnn_flt_test.h"

#define TOL_F32 5e-6
#define TOL_F16 8e-3

static rnn_case g_case;
static double g_out[RNN_MAX_B * RNN_MAX_T * RNN_MAX_H];
static double g_h_end[RNN_MAX_B * RNN_MAX_H], g_c_end[RNN_MAX_B * RNN_MAX_H];
static double g_max_err[2][2]; /* [kind][half] */

static void fill_range(kiln_rng *r, double *v, size_t n, double lim, bool half)
{
    for (size_t i = 0; i < n; i++)
    {
        v[i] = rnn_draw(r, -lim, lim, half);
    }
}

static void random_case(kiln_rng *r, rnn_case *c, int kind, bool half)
{
    memset(c, 0, sizeof(*c));
    c->kind = kind;
    c->half = half;
    c->time_major = kiln_rng_range(r, 0, 1);
    c->batch = kiln_rng_range(r, 1, RNN_MAX_B);
    c->steps = kiln_rng_range(r, 0, 6);
    c->in_size = kiln_rng_range(r, 1, 12);
    c->hid = kiln_rng_range(r, 1, 12);
#if KILN_UPSTREAM_API
    c->stateful = (kind == RNN_GRU) && kiln_rng_range(r, 0, 2) == 0;
#else
    c->stateful = kiln_rng_range(r, 0, 2) == 0;
#endif
    const size_t B = (size_t)c->batch, T = (size_t)c->steps, I = (size_t)c->in_size, H = (size_t)c->hid;
    fill_range(r, c->x, B * T * I, 1.0, half);
    for (int q = 0; q < rnn_gates(c); q++)
    {
        fill_range(r, c->wx[q], H * I, 1.5 / sqrt((double)I), half);
        fill_range(r, c->wh[q], H * H, 1.5 / sqrt((double)H), half);
        fill_range(r, c->b[q], H, 0.5, half);
        fill_range(r, c->bh[q], H, 0.5, half);
        c->null_bias[q] = kiln_rng_range(r, 0, 5) == 0;
        c->null_hbias[q] = kiln_rng_range(r, 0, 5) == 0;
    }
    fill_range(r, c->h0, B * H, 1.0, half);
    fill_range(r, c->c0, B * H, 2.0, half);
    if (kind == RNN_LSTM)
    {
        const arm_nn_activation_type_flt std_act[4] = {ARM_NN_FLT_ACT_SIGMOID, ARM_NN_FLT_ACT_SIGMOID,
                                                       ARM_NN_FLT_ACT_TANH, ARM_NN_FLT_ACT_SIGMOID};
        const bool permute = kiln_rng_range(r, 0, 3) == 0;
        for (int q = 0; q < 4; q++)
        {
            c->act[q] = permute ? (kiln_rng_range(r, 0, 1) ? ARM_NN_FLT_ACT_TANH : ARM_NN_FLT_ACT_SIGMOID) : std_act[q];
        }
        const int32_t clip_kind = kiln_rng_range(r, 0, 2);
        c->cell_clip = clip_kind == 0 ? 0.0 : (clip_kind == 1 ? rnn_draw(r, 0.2, 1.0, half) : -1.0);
    }
    else
    {
        c->reset_after = kiln_rng_range(r, 0, 1);
    }
}

/* Largest |got - want| over n values of a storage buffer. */
static double max_err(const void *got, const double *want, size_t n, bool half)
{
    double m = 0.0;
    for (size_t i = 0; i < n; i++)
    {
        const double d = fabs(rnn_get(got, i, half) - want[i]);
        m = (d > m || d != d) ? d : m;
    }
    return m;
}

static bool run_case(const rnn_case *c, int32_t iter)
{
    const double tol = c->half ? TOL_F16 : TOL_F32;
    const size_t B = (size_t)c->batch, T = (size_t)c->steps, H = (size_t)c->hid;
    rnn_stage_t s;
    kiln_test_context("%s %s case %d: tm %d B %d T %d I %d H %d stateful %d clip %g reset_after %d",
                      c->kind == RNN_LSTM ? "lstm" : "gru", c->half ? "f16" : "f32", (int)iter, (int)c->time_major,
                      (int)c->batch, (int)c->steps, (int)c->in_size, (int)c->hid, (int)c->stateful, c->cell_clip,
                      (int)c->reset_after);
    bool ok = KILN_CHECK(rnn_stage(c, &s));
    ok = ok && KILN_CHECK_EQ(rnn_call(c, &s), ARM_CMSIS_NN_SUCCESS);
    if (ok)
    {
        if (c->kind == RNN_LSTM)
        {
            rnn_ref_lstm(c, g_out, g_h_end, g_c_end);
        }
        else
        {
            rnn_ref_gru(c, g_out, g_h_end);
        }
        double e = max_err(rnn_buf_ptr(&s.out), g_out, B * T * H, c->half);
        if (c->stateful)
        {
            const double eh = max_err(rnn_buf_ptr(&s.hstate), g_h_end, B * H, c->half);
            e = (eh > e || eh != eh) ? eh : e;
        }
        else
        {
            ok = ok && KILN_CHECK(rnn_buf_all(&s.hstate, RNN_OUT_FILL));
        }
        if (c->kind == RNN_LSTM)
        {
            const double ec = max_err(rnn_buf_ptr(&s.cell), g_c_end, B * H, c->half);
            e = (ec > e || ec != ec) ? ec : e;
            ok = ok && KILN_CHECK(rnn_buf_all(&s.temp1, RNN_TEMP_FILL)) && KILN_CHECK(rnn_buf_all(&s.temp2, RNN_TEMP_FILL));
        }
        else
        {
            ok = ok && KILN_CHECK(rnn_buf_all(&s.temp2, RNN_TEMP_FILL)) && KILN_CHECK(rnn_buf_all(&s.cell, RNN_OUT_FILL));
            if (c->reset_after != 0)
            {
                ok = ok && KILN_CHECK(rnn_buf_all(&s.temp1, RNN_TEMP_FILL));
            }
        }
        if (T == 0)
        {
            ok = ok && KILN_CHECK(rnn_buf_all(&s.out, RNN_OUT_FILL));
        }
        double *m = &g_max_err[c->kind][c->half ? 1 : 0];
        *m = (e > *m) ? e : *m;
        ok = ok && KILN_CHECK(e <= tol);
        ok = ok && KILN_CHECK(rnn_out_guards_ok(&s)) && KILN_CHECK(rnn_inputs_intact(c, &s));
        ok = ok && rnn_check_steps(c, &s);
    }
    rnn_unstage(&s);
    return ok;
}

static void run_kind(int kind, bool half, uint64_t seed)
{
    kiln_rng r;
    kiln_rng_seed(&r, seed);
    const int32_t n = kiln_test_iterations(2000, 150);
    for (int32_t i = 0; i < n; i++)
    {
        random_case(&r, &g_case, kind, half);
        if (!run_case(&g_case, i))
        {
            return; /* first failure reported with its context */
        }
    }
}

#if ARM_NN_ENABLE_F32
static void test_lstm_f32_random(void)
{
    run_kind(RNN_LSTM, false, 0x15731u);
}
static void test_gru_f32_random(void)
{
    run_kind(RNN_GRU, false, 0x62u);
}
#endif
#if ARM_NN_ENABLE_F16
static void test_lstm_f16_random(void)
{
    run_kind(RNN_LSTM, true, 0x15716u);
}
static void test_gru_f16_random(void)
{
    run_kind(RNN_GRU, true, 0x6216u);
}
#endif

int main(void)
{
#if ARM_NN_ENABLE_F32
    KILN_RUN(test_lstm_f32_random);
    KILN_RUN(test_gru_f32_random);
#endif
#if ARM_NN_ENABLE_F16
    KILN_RUN(test_lstm_f16_random);
    KILN_RUN(test_gru_f16_random);
#endif
    printf("max abs error: lstm f32 %.3g f16 %.3g, gru f32 %.3g f16 %.3g\n", g_max_err[0][0], g_max_err[0][1],
           g_max_err[1][0], g_max_err[1][1]);
    return kiln_test_finish();
}
