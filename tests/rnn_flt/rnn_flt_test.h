/*
 * Float LSTM / GRU tests: shared helpers. A case (rnn_case) holds its operands as doubles that are exactly
 * representable in the storage type (float32 or float16); rnn_stage() writes them into guarded storage buffers
 * and builds the library's parameter structs; rnn_ref_lstm() / rnn_ref_gru() are naive double-precision
 * references written from the layer equations (TFLite / CMSIS-NN float LSTM, PyTorch nn.GRU and the pre-reset
 * GRU form), independent of the library (libm exp / tanh).
 */
#ifndef RNN_FLT_TEST_H
#define RNN_FLT_TEST_H

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "arm_nnfunctions_flt.h"
#include "arm_nnsupportfunctions_flt.h"
#include "kiln_test.h"

#define RNN_MAX_B 4
#define RNN_MAX_T 12
#define RNN_MAX_I 24
#define RNN_MAX_H 24
#define RNN_GUARD_BYTES 32
#define RNN_CANARY 0xC3u

enum
{
    RNN_LSTM = 0,
    RNN_GRU = 1
};

/* LSTM gates: forget, input, cell, output; GRU gates: update, reset, candidate. */
typedef struct
{
    int kind;  /* RNN_LSTM / RNN_GRU */
    bool half; /* float16 storage (else float32) */
    int32_t time_major, batch, steps, in_size, hid;
    double cell_clip;                    /* LSTM */
    arm_nn_activation_type_flt act[4];   /* LSTM */
    int32_t reset_after;                 /* GRU */
    bool stateful;                       /* hidden_state given (LSTM: ns API only) */
    bool null_bias[4], null_hbias[4];    /* NULL bias pointers (LSTM: bias; GRU: input / hidden bias) */
    double x[RNN_MAX_B * RNN_MAX_T * RNN_MAX_I];
    double wx[4][RNN_MAX_H * RNN_MAX_I];
    double wh[4][RNN_MAX_H * RNN_MAX_H];
    double b[4][RNN_MAX_H];  /* LSTM bias / GRU input bias */
    double bh[4][RNN_MAX_H]; /* GRU hidden bias */
    double h0[RNN_MAX_B * RNN_MAX_H], c0[RNN_MAX_B * RNN_MAX_H]; /* initial states when stateful */
} rnn_case;

static inline int rnn_gates(const rnn_case *c)
{
    return c->kind == RNN_LSTM ? 4 : 3;
}

/* ---- guarded buffers --------------------------------------------------------------------------------- */

typedef struct
{
    uint8_t *raw;
    size_t bytes;
} rnn_buf;

/* bytes of user memory between RNN_GUARD_BYTES canary bytes on each side, the user part filled with fill. */
static inline void *rnn_buf_new(rnn_buf *b, size_t bytes, uint8_t fill)
{
    b->bytes = bytes;
    b->raw = (uint8_t *)malloc(bytes + 2u * RNN_GUARD_BYTES);
    if (b->raw == NULL)
    {
        return NULL;
    }
    memset(b->raw, RNN_CANARY, bytes + 2u * RNN_GUARD_BYTES);
    memset(b->raw + RNN_GUARD_BYTES, fill, bytes);
    return b->raw + RNN_GUARD_BYTES;
}

static inline void *rnn_buf_ptr(const rnn_buf *b)
{
    return b->raw != NULL ? b->raw + RNN_GUARD_BYTES : NULL;
}

static inline bool rnn_buf_guards_ok(const rnn_buf *b)
{
    for (size_t i = 0; i < RNN_GUARD_BYTES; i++)
    {
        if (b->raw[i] != RNN_CANARY || b->raw[RNN_GUARD_BYTES + b->bytes + i] != RNN_CANARY)
        {
            return false;
        }
    }
    return true;
}

/* Whether every user byte still equals fill. */
static inline bool rnn_buf_all(const rnn_buf *b, uint8_t fill)
{
    for (size_t i = 0; i < b->bytes; i++)
    {
        if (b->raw[RNN_GUARD_BYTES + i] != fill)
        {
            return false;
        }
    }
    return true;
}

static inline void rnn_buf_free(rnn_buf *b)
{
    free(b->raw);
    b->raw = NULL;
}

/* ---- storage values ------------------------------------------------------------------------------------ */

/* v rounded to the storage type and back. */
static inline double rnn_q(double v, bool half)
{
#if ARM_NN_ENABLE_F16
    if (half)
    {
        return (double)(float)(float16_t)(float)v;
    }
#endif
    (void)half;
    return (double)(float)v;
}

static inline void rnn_put(void *dst, size_t i, double v, bool half)
{
#if ARM_NN_ENABLE_F16
    if (half)
    {
        ((float16_t *)dst)[i] = (float16_t)(float)v;
        return;
    }
#endif
    ((float *)dst)[i] = (float)v;
}

static inline double rnn_get(const void *src, size_t i, bool half)
{
#if ARM_NN_ENABLE_F16
    if (half)
    {
        return (double)(float)((const float16_t *)src)[i];
    }
#endif
    return (double)((const float *)src)[i];
}

/* Uniform in [lo, hi), rounded to the storage type. */
static inline double rnn_draw(kiln_rng *r, double lo, double hi, bool half)
{
    const double u = (double)(kiln_rng_u32(r) >> 8) * (1.0 / 16777216.0);
    return rnn_q(lo + (hi - lo) * u, half);
}

/* ---- references --------------------------------------------------------------------------------------- */

static inline double rnn_sig(double v)
{
    return 1.0 / (1.0 + exp(-v));
}

static inline size_t rnn_row(const rnn_case *c, int32_t b, int32_t t)
{
    return c->time_major ? (size_t)t * (size_t)c->batch + (size_t)b : (size_t)b * (size_t)c->steps + (size_t)t;
}

/* sum_k w[r][k] v[k] */
static inline double rnn_mv(const double *w, const double *v, int32_t n, int32_t r)
{
    double s = 0.0;
    for (int32_t k = 0; k < n; k++)
    {
        s += w[(size_t)r * (size_t)n + (size_t)k] * v[k];
    }
    return s;
}

/* LSTM in double: out [rows][hid]; h_end / c_end the final states per batch. */
static inline void rnn_ref_lstm(const rnn_case *c, double *out, double *h_end, double *c_end)
{
    const int32_t H = c->hid, I = c->in_size;
    for (int32_t b = 0; b < c->batch; b++)
    {
        double h[RNN_MAX_H], cell[RNN_MAX_H], hn[RNN_MAX_H];
        for (int32_t r = 0; r < H; r++)
        {
            h[r] = c->stateful ? c->h0[b * H + r] : 0.0;
            cell[r] = c->stateful ? c->c0[b * H + r] : 0.0;
        }
        for (int32_t t = 0; t < c->steps; t++)
        {
            const double *x = c->x + rnn_row(c, b, t) * (size_t)I;
            for (int32_t r = 0; r < H; r++)
            {
                double g[4];
                for (int q = 0; q < 4; q++)
                {
                    const double a = (c->null_bias[q] ? 0.0 : c->b[q][r]) + rnn_mv(c->wx[q], x, I, r) +
                                     rnn_mv(c->wh[q], h, H, r);
                    g[q] = (c->act[q] == ARM_NN_FLT_ACT_TANH) ? tanh(a) : rnn_sig(a);
                }
                double v = g[0] * cell[r] + g[1] * g[2];
                if (c->cell_clip > 0.0)
                {
                    v = v < -c->cell_clip ? -c->cell_clip : (v > c->cell_clip ? c->cell_clip : v);
                }
                cell[r] = v;
                hn[r] = g[3] * tanh(v);
            }
            for (int32_t r = 0; r < H; r++)
            {
                h[r] = hn[r];
                out[rnn_row(c, b, t) * (size_t)H + (size_t)r] = hn[r];
            }
        }
        for (int32_t r = 0; r < H; r++)
        {
            h_end[b * H + r] = h[r];
            c_end[b * H + r] = cell[r];
        }
    }
}

/* GRU in double (gates 0 update z, 1 reset r, 2 candidate n). */
static inline void rnn_ref_gru(const rnn_case *c, double *out, double *h_end)
{
    const int32_t H = c->hid, I = c->in_size;
    for (int32_t b = 0; b < c->batch; b++)
    {
        double h[RNN_MAX_H], hn[RNN_MAX_H], rh[RNN_MAX_H];
        for (int32_t r = 0; r < H; r++)
        {
            h[r] = c->stateful ? c->h0[b * H + r] : 0.0;
        }
        for (int32_t t = 0; t < c->steps; t++)
        {
            const double *x = c->x + rnn_row(c, b, t) * (size_t)I;
            double z[RNN_MAX_H], rg[RNN_MAX_H];
            for (int32_t r = 0; r < H; r++)
            {
                for (int q = 0; q < 2; q++)
                {
                    const double a = (c->null_bias[q] ? 0.0 : c->b[q][r]) + rnn_mv(c->wx[q], x, I, r) +
                                     (c->null_hbias[q] ? 0.0 : c->bh[q][r]) + rnn_mv(c->wh[q], h, H, r);
                    (q == 0 ? z : rg)[r] = rnn_sig(a);
                }
                rh[r] = rg[r] * h[r];
            }
            for (int32_t r = 0; r < H; r++)
            {
                const double xin = (c->null_bias[2] ? 0.0 : c->b[2][r]) + rnn_mv(c->wx[2], x, I, r);
                const double bhn = c->null_hbias[2] ? 0.0 : c->bh[2][r];
                const double pre = c->reset_after ? xin + rg[r] * (rnn_mv(c->wh[2], h, H, r) + bhn)
                                                  : xin + rnn_mv(c->wh[2], rh, H, r) + bhn;
                hn[r] = (1.0 - z[r]) * tanh(pre) + z[r] * h[r];
            }
            for (int32_t r = 0; r < H; r++)
            {
                h[r] = hn[r];
                out[rnn_row(c, b, t) * (size_t)H + (size_t)r] = hn[r];
            }
        }
        for (int32_t r = 0; r < H; r++)
        {
            h_end[b * H + r] = h[r];
        }
    }
}

/* ---- staging: storage buffers and parameter structs ---------------------------------------------------- */

/* Every buffer of one call; the operands are guarded too (inputs are compared after the call). */
typedef struct
{
    rnn_buf x, wx[4], wh[4], b[4], bh[4];
    rnn_buf out, cell, hstate, temp1, temp2;
#if ARM_NN_ENABLE_F32
    cmsis_nn_lstm_params_f32 lp32;
    cmsis_nn_lstm_context_f32 lc32;
    cmsis_nn_gru_params_f32 gp32;
    cmsis_nn_gru_context_f32 gc32;
#endif
#if ARM_NN_ENABLE_F16
    cmsis_nn_lstm_params_f16 lp16;
    cmsis_nn_lstm_context_f16 lc16;
    cmsis_nn_gru_params_f16 gp16;
    cmsis_nn_gru_context_f16 gc16;
#endif
} rnn_stage_t;

#define RNN_OUT_FILL 0x7Bu  /* output / state fill before a call */
#define RNN_TEMP_FILL 0x6Du /* temp1 / temp2 fill */

static inline void *rnn_fill(rnn_buf *bf, const double *v, size_t n, bool half)
{
    const size_t es = half ? 2u : 4u;
    void *p = rnn_buf_new(bf, (n > 0 ? n : 1) * es, 0);
    if (p != NULL)
    {
        for (size_t i = 0; i < n; i++)
        {
            rnn_put(p, i, v[i], half);
        }
    }
    return p;
}

/* Builds the storage and the structs of case c (output / states filled with RNN_OUT_FILL, initial states
 * written when stateful (the cell state for the LSTM only); temp1 / temp2 RNN_TEMP_FILL). Returns false on allocation failure. */
static inline bool rnn_stage(const rnn_case *c, rnn_stage_t *s)
{
    memset(s, 0, sizeof(*s));
    const bool hf = c->half;
    const size_t B = (size_t)c->batch, T = (size_t)c->steps, I = (size_t)c->in_size, H = (size_t)c->hid;
    const size_t es = hf ? 2u : 4u;
    bool ok = rnn_fill(&s->x, c->x, B * T * I, hf) != NULL;
    for (int q = 0; q < rnn_gates(c); q++)
    {
        ok = ok && rnn_fill(&s->wx[q], c->wx[q], H * I, hf) != NULL && rnn_fill(&s->wh[q], c->wh[q], H * H, hf) &&
             rnn_fill(&s->b[q], c->b[q], H, hf) && rnn_fill(&s->bh[q], c->bh[q], H, hf);
    }
    ok = ok && rnn_buf_new(&s->out, (B * T > 0 ? B * T : 1) * H * es, RNN_OUT_FILL) != NULL &&
         rnn_buf_new(&s->cell, B * H * es, RNN_OUT_FILL) != NULL &&
         rnn_buf_new(&s->hstate, B * H * es, RNN_OUT_FILL) != NULL &&
         rnn_buf_new(&s->temp1, H * es, RNN_TEMP_FILL) != NULL && rnn_buf_new(&s->temp2, B * H * es, RNN_TEMP_FILL) != NULL;
    if (!ok)
    {
        return false;
    }
    if (c->stateful)
    {
        for (size_t i = 0; i < B * H; i++)
        {
            rnn_put(rnn_buf_ptr(&s->hstate), i, c->h0[i], hf);
            if (c->kind == RNN_LSTM)
            {
                rnn_put(rnn_buf_ptr(&s->cell), i, c->c0[i], hf);
            }
        }
    }
#define RNN_LSTM_GATE(T_, q)                                                                                       \
    {                                                                                                              \
        (const T_ *)rnn_buf_ptr(&s->wx[q]), (const T_ *)rnn_buf_ptr(&s->wh[q]),                                    \
            c->null_bias[q] ? NULL : (const T_ *)rnn_buf_ptr(&s->b[q]), c->act[q]                                  \
    }
#define RNN_GRU_GATE(T_, q)                                                                                        \
    {                                                                                                              \
        (const T_ *)rnn_buf_ptr(&s->wx[q]), (const T_ *)rnn_buf_ptr(&s->wh[q]),                                    \
            c->null_bias[q] ? NULL : (const T_ *)rnn_buf_ptr(&s->b[q]),                                            \
            c->null_hbias[q] ? NULL : (const T_ *)rnn_buf_ptr(&s->bh[q])                                           \
    }
#if ARM_NN_ENABLE_F32
    if (!hf)
    {
        const cmsis_nn_lstm_params_f32 lp = {c->time_major, c->batch, c->steps, c->in_size, c->hid,
                                             (float32_t)c->cell_clip, RNN_LSTM_GATE(float32_t, 0),
                                             RNN_LSTM_GATE(float32_t, 1), RNN_LSTM_GATE(float32_t, 2),
                                             RNN_LSTM_GATE(float32_t, 3)};
        s->lp32 = lp;
        s->lc32.temp1 = (float32_t *)rnn_buf_ptr(&s->temp1);
        s->lc32.temp2 = (float32_t *)rnn_buf_ptr(&s->temp2);
        s->lc32.cell_state = (float32_t *)rnn_buf_ptr(&s->cell);
#if !KILN_UPSTREAM_API
        s->lc32.hidden_state = c->stateful ? (float32_t *)rnn_buf_ptr(&s->hstate) : NULL;
#endif
        const cmsis_nn_gru_params_f32 gp = {c->time_major, c->batch, c->steps, c->in_size, c->hid, c->reset_after,
                                            RNN_GRU_GATE(float32_t, 0), RNN_GRU_GATE(float32_t, 1),
                                            RNN_GRU_GATE(float32_t, 2)};
        s->gp32 = gp;
        s->gc32.temp1 = (float32_t *)rnn_buf_ptr(&s->temp1);
        s->gc32.hidden_state = c->stateful ? (float32_t *)rnn_buf_ptr(&s->hstate) : NULL;
    }
#endif
#if ARM_NN_ENABLE_F16
    if (hf)
    {
        const cmsis_nn_lstm_params_f16 lp = {c->time_major, c->batch, c->steps, c->in_size, c->hid,
                                             (float16_t)(float)c->cell_clip, RNN_LSTM_GATE(float16_t, 0),
                                             RNN_LSTM_GATE(float16_t, 1), RNN_LSTM_GATE(float16_t, 2),
                                             RNN_LSTM_GATE(float16_t, 3)};
        s->lp16 = lp;
        s->lc16.temp1 = (float16_t *)rnn_buf_ptr(&s->temp1);
        s->lc16.temp2 = (float16_t *)rnn_buf_ptr(&s->temp2);
        s->lc16.cell_state = (float16_t *)rnn_buf_ptr(&s->cell);
#if !KILN_UPSTREAM_API
        s->lc16.hidden_state = c->stateful ? (float16_t *)rnn_buf_ptr(&s->hstate) : NULL;
#endif
        const cmsis_nn_gru_params_f16 gp = {c->time_major, c->batch, c->steps, c->in_size, c->hid, c->reset_after,
                                            RNN_GRU_GATE(float16_t, 0), RNN_GRU_GATE(float16_t, 1),
                                            RNN_GRU_GATE(float16_t, 2)};
        s->gp16 = gp;
        s->gc16.temp1 = (float16_t *)rnn_buf_ptr(&s->temp1);
        s->gc16.hidden_state = c->stateful ? (float16_t *)rnn_buf_ptr(&s->hstate) : NULL;
    }
#endif
#undef RNN_LSTM_GATE
#undef RNN_GRU_GATE
    return true;
}

static inline void rnn_unstage(rnn_stage_t *s)
{
    rnn_buf *all[] = {&s->x, &s->out, &s->cell, &s->hstate, &s->temp1, &s->temp2};
    for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++)
    {
        rnn_buf_free(all[i]);
    }
    for (int q = 0; q < 4; q++)
    {
        rnn_buf_free(&s->wx[q]);
        rnn_buf_free(&s->wh[q]);
        rnn_buf_free(&s->b[q]);
        rnn_buf_free(&s->bh[q]);
    }
}

/* The sequence function of the case on its staged buffers. */
static inline arm_cmsis_nn_status rnn_call(const rnn_case *c, rnn_stage_t *s)
{
    const void *in = rnn_buf_ptr(&s->x);
    void *out = rnn_buf_ptr(&s->out);
#if ARM_NN_ENABLE_F32
    if (!c->half)
    {
        return c->kind == RNN_LSTM ? arm_lstm_unidirectional_f32((const float32_t *)in, (float32_t *)out, &s->lp32, &s->lc32)
                                   : arm_gru_unidirectional_f32((const float32_t *)in, (float32_t *)out, &s->gp32, &s->gc32);
    }
#endif
#if ARM_NN_ENABLE_F16
    if (c->half)
    {
        return c->kind == RNN_LSTM ? arm_lstm_unidirectional_f16((const float16_t *)in, (float16_t *)out, &s->lp16, &s->lc16)
                                   : arm_gru_unidirectional_f16((const float16_t *)in, (float16_t *)out, &s->gp16, &s->gc16);
    }
#endif
    (void)in;
    (void)out;
    return ARM_CMSIS_NN_ARG_ERROR;
}

/* The step function of the case: one step of params->batch_size batches (same staged params). */
static inline arm_cmsis_nn_status
rnn_step(const rnn_case *c, rnn_stage_t *s, const void *data_in, const void *hidden_in, void *hidden_out, int32_t batch_offset)
{
#if ARM_NN_ENABLE_F32
    if (!c->half)
    {
        return c->kind == RNN_LSTM
                   ? arm_nn_lstm_step_f32((const float32_t *)data_in, (const float32_t *)hidden_in, (float32_t *)hidden_out,
                                          &s->lp32, &s->lc32, batch_offset)
                   : arm_nn_gru_step_f32((const float32_t *)data_in, (const float32_t *)hidden_in, (float32_t *)hidden_out,
                                         &s->gp32, &s->gc32, batch_offset);
    }
#endif
#if ARM_NN_ENABLE_F16
    if (c->half)
    {
        return c->kind == RNN_LSTM
                   ? arm_nn_lstm_step_f16((const float16_t *)data_in, (const float16_t *)hidden_in, (float16_t *)hidden_out,
                                          &s->lp16, &s->lc16, batch_offset)
                   : arm_nn_gru_step_f16((const float16_t *)data_in, (const float16_t *)hidden_in, (float16_t *)hidden_out,
                                         &s->gp16, &s->gc16, batch_offset);
    }
#endif
    (void)data_in;
    (void)hidden_in;
    (void)hidden_out;
    (void)batch_offset;
    return ARM_CMSIS_NN_ARG_ERROR;
}

/* Whether the operand buffers still hold the case's values and all guards are intact. */
static inline bool rnn_inputs_intact(const rnn_case *c, const rnn_stage_t *s)
{
    const size_t n_x = (size_t)c->batch * (size_t)c->steps * (size_t)c->in_size;
    const size_t H = (size_t)c->hid, I = (size_t)c->in_size;
    for (size_t i = 0; i < n_x; i++)
    {
        if (rnn_get(rnn_buf_ptr(&s->x), i, c->half) != c->x[i])
        {
            return false;
        }
    }
    for (int q = 0; q < rnn_gates(c); q++)
    {
        for (size_t i = 0; i < H * I; i++)
        {
            if (rnn_get(rnn_buf_ptr(&s->wx[q]), i, c->half) != c->wx[q][i])
            {
                return false;
            }
        }
        for (size_t i = 0; i < H * H; i++)
        {
            if (rnn_get(rnn_buf_ptr(&s->wh[q]), i, c->half) != c->wh[q][i])
            {
                return false;
            }
        }
        for (size_t i = 0; i < H; i++)
        {
            if (rnn_get(rnn_buf_ptr(&s->b[q]), i, c->half) != c->b[q][i] ||
                rnn_get(rnn_buf_ptr(&s->bh[q]), i, c->half) != c->bh[q][i])
            {
                return false;
            }
        }
        if (!rnn_buf_guards_ok(&s->wx[q]) || !rnn_buf_guards_ok(&s->wh[q]) || !rnn_buf_guards_ok(&s->b[q]) ||
            !rnn_buf_guards_ok(&s->bh[q]))
        {
            return false;
        }
    }
    return rnn_buf_guards_ok(&s->x);
}

/* Guards of the written buffers (output, cell, hidden state, temp1, temp2). */
static inline bool rnn_out_guards_ok(const rnn_stage_t *s)
{
    return rnn_buf_guards_ok(&s->out) && rnn_buf_guards_ok(&s->cell) && rnn_buf_guards_ok(&s->hstate) &&
           rnn_buf_guards_ok(&s->temp1) && rnn_buf_guards_ok(&s->temp2);
}

/*
 * Replays case c through the step function (arm_nn_lstm_step_* / arm_nn_gru_step_*) on fresh buffers: time major
 * with batch_offset 1 over all batches per step, batch major with batch_offset = steps (the layout the
 * sequence function documents), starting from the case's initial state (zero cell state without one), and
 * checks that every output and the final cell state are the bits of the sequence call in ref (staged and run
 * already). Batch-major stateful cases with more than one batch are skipped (their initial hidden state is
 * contiguous, not batch_offset apart). Returns the checks' result.
 */
static inline bool rnn_check_steps(const rnn_case *c, const rnn_stage_t *ref)
{
    if (!c->time_major && c->stateful && c->batch > 1)
    {
        return true;
    }
    rnn_stage_t s;
    if (!KILN_CHECK(rnn_stage(c, &s)))
    {
        rnn_unstage(&s);
        return false;
    }
    const size_t es = c->half ? 2u : 4u;
    const size_t B = (size_t)c->batch, I = (size_t)c->in_size, H = (size_t)c->hid, T = (size_t)c->steps;
    if (!c->stateful)
    {
        memset(rnn_buf_ptr(&s.cell), 0, B * H * es);
    }
    const uint8_t *x = (const uint8_t *)rnn_buf_ptr(&s.x);
    uint8_t *out = (uint8_t *)rnn_buf_ptr(&s.out);
    const void *h0 = c->stateful ? rnn_buf_ptr(&s.hstate) : NULL;
    bool ok = true;
    for (size_t t = 0; t < T && ok; t++)
    {
        arm_cmsis_nn_status st;
        if (c->time_major)
        {
            st = rnn_step(c, &s, x + t * B * I * es, t == 0 ? h0 : out + (t - 1) * B * H * es, out + t * B * H * es, 1);
        }
        else
        {
            st = rnn_step(c, &s, x + t * I * es, t == 0 ? h0 : out + (t - 1) * H * es, out + t * H * es, (int32_t)T);
        }
        ok = KILN_CHECK_EQ(st, ARM_CMSIS_NN_SUCCESS);
    }
    ok = ok && KILN_CHECK(memcmp(rnn_buf_ptr(&s.out), rnn_buf_ptr(&ref->out), s.out.bytes) == 0);
    if (c->kind == RNN_LSTM)
    {
        ok = ok && KILN_CHECK(memcmp(rnn_buf_ptr(&s.cell), rnn_buf_ptr(&ref->cell), s.cell.bytes) == 0);
    }
    ok = ok && KILN_CHECK(rnn_out_guards_ok(&s)) && KILN_CHECK(rnn_inputs_intact(c, &s));
    rnn_unstage(&s);
    return ok;
}

#endif /* RNN_FLT_TEST_H */
