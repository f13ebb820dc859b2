/*
 * Kiln internals: int16x8 depthwise convolution (TFLite DEPTHWISE_CONV_2D with int16 activations,
 * int8 per-channel weights, optional int64 bias).
 *
 * One plan for the family: kiln_dw_s16_plan() takes a validated request and a backend and returns
 * the route and its exact scratch bytes. arm_depthwise_conv_s16, arm_depthwise_conv_wrapper_s16,
 * arm_depthwise_conv_fast_s16 and every size query (wrapper, _dsp, _mve, fast) go through it.
 *
 * Routes (one today):
 *   "dw_s16_c"  portable C on every backend (host, DSP, Helium, M0+), any shape the validation
 *               accepts (any channel multiplier, stride, padding, dilation, batches), no scratch.
 * The fast entry shares the route: it accepts every call the generic entry accepts (upstream
 * CMSIS-NN restricts it to ch_mult 1) and gives the same results.
 *
 * Arithmetic, for every output (b, y, x, oc = ic * ch_mult + m):
 *   sum = sum over in-bounds taps of input[b][iy][ix][ic] * filter[ky][kx][oc]      (int64)
 *   R   = floor((acc * rm + 2^(t - 1)) / 2^t)  with acc = sum + bias[oc] (bias NULL: 0),
 *         rm = REDUCE_MULTIPLIER(multiplier[oc]), t = 15 - shift[oc]; for t <= 0 (shift >= 15)
 *         R = acc * rm * 2^-t.
 *   out = clamp(R + output_offset, act_min, act_max)
 * That is arm_nn_requantize_s64(acc, rm, shift) (TFLite's 64-bit MultiplyByQuantizedMultiplier)
 * wherever that function is defined (shift <= 14, acc * rm within int64, the halved result within
 * int32); elsewhere Kiln keeps the exact value (saturated far beyond the int16 range, so the clamp
 * is exact) where the upstream helper would shift by a negative count or wrap.
 * No overflow: |input| <= 2^15, |filter| <= 2^7 and at most KILN_DW_S16_MAX_TAPS = 2^14 taps
 * (kiln_dw_s8_shape_from's window limit) bound |sum| by 2^36; the bias is added with an overflow
 * check, and kiln_requant_s64() never forms a product past 2^62 (see there).
 */
#ifndef KILN_DW_S16_H
#define KILN_DW_S16_H

#include "Internal/kiln_common.h"
#include "Internal/kiln_dot.h"
#include "Internal/kiln_requant_s64.h"
#include "Internal/kiln_dw_s8.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Window limit shared with the int8 family (kiln_dw_s8_shape_from rejects larger windows). */
#define KILN_DW_S16_MAX_TAPS (16384)

/* Largest |output_offset| accepted (TFLite passes 0: int16 quantization is symmetric). */
#define KILN_DW_S16_MAX_OUT_OFFSET (65535)


typedef enum
{
    KILN_DW_S16_ROUTE_C = 0,
    KILN_DW_S16_ROUTE_COUNT = 1
} kiln_dw_s16_route;

/* A validated request (kiln_dw_req_from, Internal/kiln_dw_s8.h). */
typedef kiln_dw_req kiln_dw_s16_req;

/** The plan: route, its name and its exact scratch bytes on the chosen backend. */
typedef struct kiln_dw_s16_plan
{
    kiln_dw_s16_route route;
    const char *name;
    int64_t scratch_bytes;
} kiln_dw_s16_plan_t;

/** Name of a route ("dw_s16_c"), or "?" for an unknown id. */
const char *kiln_dw_s16_route_name(kiln_dw_s16_route route);

/** The plan of a validated request on a backend. False only for NULL arguments. An empty request
 * plans "dw_s16_c" with 0 bytes. */
bool kiln_dw_s16_plan(const kiln_dw_s16_req *req, kiln_isa isa, kiln_dw_s16_plan_t *plan);

/**
 * The non-geometry arguments of a non-empty request: quant, its multiplier and shift arrays, input,
 * filter and output non-NULL; every multiplier >= 0 and shift in [-31, 30] (kiln_quant_ok, reads
 * out_c of each); input_offset 0; |output_offset| <= KILN_DW_S16_MAX_OUT_OFFSET; an int16 activation
 * range (min <= max). An empty request checks the offsets and the activation range only.
 */
bool kiln_dw_s16_args_ok(const kiln_dw_s16_req *req,
                         const cmsis_nn_dw_conv_params *params,
                         const cmsis_nn_per_channel_quant_params *quant,
                         const int16_t *input,
                         const int8_t *filter,
                         const int16_t *output);

/** Data of a run (validated). */
typedef struct
{
    const int16_t *input;
    const int8_t *filter;
    const int64_t *bias; /* may be NULL */
    const int32_t *mult;
    const int32_t *shift;
    int16_t *output;
    int32_t output_offset;
    int32_t act_min;
    int32_t act_max;
} kiln_dw_s16_args;

/**
 * The common body of the three entries: validate everything (geometry, then pointers and
 * parameters, then the context against the plan's scratch: 0 bytes, so any ctx including NULL),
 * then run the planned route. Nothing is written before every check has passed; an empty output
 * returns ARM_CMSIS_NN_SUCCESS without touching memory.
 */
arm_cmsis_nn_status kiln_dw_s16_entry(const cmsis_nn_context *ctx,
                                      const cmsis_nn_dw_conv_params *params,
                                      const cmsis_nn_per_channel_quant_params *quant,
                                      const cmsis_nn_dims *input_dims,
                                      const int16_t *input,
                                      const cmsis_nn_dims *filter_dims,
                                      const int8_t *filter,
                                      const int64_t *bias,
                                      const cmsis_nn_dims *output_dims,
                                      int16_t *output);

/* Channels per run of the window kernel (kiln_dw_acc_s16_s8) and of the requantization table below. */
#define KILN_DW_S16_CHUNK 64

/**
 * The one-product requantization of a run of up to KILN_DW_S16_CHUNK channels, for the calls kiln_dw_s16_kernel_c
 * checks (channel multiplier 1, at most 255 taps so every window sum lies within 2^30, |bias| <= 2^30, every shift in
 * [-17, -2]): m[j] = kiln_requant_m_hi(REDUCE_MULTIPLIER(multiplier), shift) (Internal/kiln_requant_s64.h), b[j] the
 * bias (0 without one). Then R = floor((acc * rm + 2^(t - 1)) / 2^t) = kiln_mulhr_s32(acc, m[j]) for acc = sum + b[j].
 */
typedef struct
{
    int32_t m[KILN_DW_S16_CHUNK];
    int32_t b[KILN_DW_S16_CHUNK];
} kiln_dw_s16_rq;

/**
 * out[j] = clamp(kiln_mulhr_s32(sums[j] + rq->b[c0 + j], rq->m[c0 + j]) + out_offset, lo, hi) for j < n
 * (c0 + n <= KILN_DW_S16_CHUNK):
 * the outputs kiln_requant_s64_out gives. Helium: four lanes (VRMULH), kernels/kiln_dw_s16_mve.c; DSP: two channels a
 * step (SMMULR, a halfword-pair clamp), kernels/kiln_dw_s16_dsp.c; portable C: kernels/kiln_dw_s16_c.c.
 */
void kiln_dw_s16_requant_run(const int32_t *sums, int32_t n, const kiln_dw_s16_rq *rq, int32_t c0, int32_t out_offset,
                             int32_t lo, int32_t hi, int16_t *out);

/** The per-call constants of kiln_dw_s16_window_out: the run's table, the steps in elements, offset and clamp. */
typedef struct
{
    const kiln_dw_s16_rq *rq;
    int32_t x_col, x_row; /* input: a filter column's and a filter row's step */
    int32_t w_col, w_row; /* weights: the same */
    int32_t out_offset, lo, hi;
} kiln_dw_s16_wo;

/**
 * The outputs of npix >= 1 output positions for the run's n channels (n <= KILN_DW_S16_CHUNK), each the window sums of
 * kiln_dw_acc_s16_s8 (x and w at the run's first channel of the first position, nky x nkx taps, both >= 1; position i
 * reads the window at x + i * x_step and writes out + i * out_step), then the outputs of kiln_dw_s16_requant_run.
 * Helium: sixteen channels a pass summed and requantized in registers (the sums in even / odd lanes, the table read
 * deinterleaved by VLD2, the outputs interleaved back by VMOVNB / VMOVNT), every position in one assembly call, the
 * rest of the channels through the two calls (kernels/kiln_dw_s16_mve.c); DSP: four channels a pass, every position in
 * one assembly call, the sums started from the biases and requantized in registers (SMMLAR), the weights widened once
 * per call into a table of eight channels for rows of three or more positions (kernels/kiln_dw_s16_dsp.c); portable
 * C: the two calls per position (kernels/kiln_dw_s16_c.c).
 */
void kiln_dw_s16_window_out(const kiln_dw_s16_wo *p, const int16_t *x, const int8_t *w, int32_t n, int32_t nky,
                            int32_t nkx, int32_t npix, int32_t x_step, int16_t *out, int32_t out_step);

/** kiln_dw_s16_window_out's outputs of channels c0 .. n - 1 through the two calls, sixteen channels at a time (a small
 * stack): the whole call on the portable backend, the channels past the last sixteen on Helium, past the last four
 * on DSP. */
static inline void kiln_dw_s16_window_out_calls(const kiln_dw_s16_wo *p, const int16_t *x, const int8_t *w, int32_t c0,
                                                int32_t n, int32_t nky, int32_t nkx, int32_t npix, int32_t x_step,
                                                int16_t *out, int32_t out_step)
{
    for (int32_t i = 0; i < npix; i++, x += x_step, out += out_step)
    {
        for (int32_t c = c0; c < n; c += 16)
        {
            const int32_t nc = n - c < 16 ? n - c : 16;
            int32_t sums[16];
            kiln_dw_acc_s16_s8(x + c, w + c, nc, nky, nkx, p->x_col, p->x_row, p->w_col, p->w_row, sums);
            kiln_dw_s16_requant_run(sums, nc, p->rq, c, p->out_offset, p->lo, p->hi, out + c);
        }
    }
}

/** Size query of the wrapper / generic entry on a backend: the plan's bytes, -1 for bad geometry. */
int32_t kiln_dw_s16_query(const cmsis_nn_dw_conv_params *params,
                          const cmsis_nn_dims *input_dims,
                          const cmsis_nn_dims *filter_dims,
                          const cmsis_nn_dims *output_dims,
                          kiln_isa isa);

/**
 * Size query of the fast entry (input and filter dims only) on a backend: the plan's bytes for one
 * request with this input and filter (ch_mult = filter c / input c, unit stride and dilation, VALID
 * output, or padding so one window fits where the filter is larger than the input); -1 for NULL, a negative dimension, a filter height
 * or width < 1, or a filter c that is not a positive multiple of input c (both 0 is an empty
 * request), a window past KILN_DW_S16_MAX_TAPS or tensors past 2^31 elements.
 */
int32_t kiln_dw_s16_fast_query(const cmsis_nn_dims *input_dims, const cmsis_nn_dims *filter_dims, kiln_isa isa);

/** The "dw_s16_c" kernel (Source/DepthwiseConvFunctions/kernels/kiln_dw_s16_c.c). */
void kiln_dw_s16_kernel_c(const kiln_dw_s8_shape *shape, const kiln_dw_s16_args *args);


#ifdef __cplusplus
}
#endif

#endif /* KILN_DW_S16_H */
