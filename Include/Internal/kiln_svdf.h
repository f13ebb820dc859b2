/*
 * Kiln internals: int8 SVDF (arm_svdf_s8 with an int8 state, arm_svdf_state_s16_s8 with an int16
 * state), TFLite's integer SVDF reference with CMSIS-NN's argument conventions.
 *
 * Shapes (the only dims fields read; callers such as TFLite Micro and the upstream unit tests
 * leave the others unset): batches = input_dims->n, input_size = input_dims->h,
 * feature_batches (filters) = weights_feature_dims->n, memory_size = weights_time_dims->h,
 * rank = svdf_params->rank, units = feature_batches / rank.
 *   input           [batches][input_size]                    int8
 *   weights_feature [feature_batches][input_size]            int8
 *   weights_time    [feature_batches][memory_size]           int8 (s8) / int16 (s16 state)
 *   state           [batches][feature_batches][memory_size]  int8 (s8) / int16 (s16 state), updated
 *   bias            [units] int32, optional (NULL: no bias)
 *   output          [batches][units]                         int8
 *
 * One time step per call:
 *   1. every state row moves one step towards index 0 (the oldest value drops out);
 *   2. state[b][f][memory_size - 1] = clamp(requantize(sum_c (in[b][c] - input_offset) * wf[f][c],
 *                                           input mult / shift), input_activation)
 *      (input_offset is the input zero point, subtracted as upstream does);
 *   3. out[b][u] = clamp(requantize(bias[u] + sum_{r < rank} sum_t wt[f][t] * state[b][f][t],
 *                        output mult / shift) + output_offset, output_activation), f = u * rank + r.
 * Every int32 sum wraps modulo 2^32 (as the Arm kernels' 32-bit accumulators do); the kernels
 * compute it in uint32, so there is no signed overflow. For arm_svdf_s8 the state is clamped to the
 * input activation range intersected with [-128, 127] (TFLite Micro passes [INT16_MIN, INT16_MAX]
 * for both state types; TFLite's reference clamps an int8 state to the int8 limits).
 *
 * Scratch (family plan, route "svdf_c" on every backend: the step in C, its dot products, state shift and
 * requantizations on the backend's kernels, Source/SVDFunctions/kernels/):
 *   ctx (arm_svdf_s8 only)  0 bytes: unused (upstream keeps Helium kernel sums there), may be NULL
 *   input_ctx, output_ctx   upstream's scratch (batches * feature_batches * 4 and batches * units *
 *                           4 bytes: the plan states them, and sizes past int32 are refused), not
 *                           used by Kiln: neither the contexts nor their buffers are read (TFLite
 *                           Micro sets the buffers and leaves the sizes unset), any value is accepted
 */
#ifndef KILN_SVDF_H
#define KILN_SVDF_H

#include "Internal/kiln_common.h"
#include "Internal/kiln_dot.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The operators the family plan answers for. */
typedef enum
{
    KILN_SVDF_OP_S8 = 0,      /* arm_svdf_s8: int8 state, int8 time weights */
    KILN_SVDF_OP_STATE_S16 = 1 /* arm_svdf_state_s16_s8: int16 state, int16 time weights */
} kiln_svdf_op;

typedef enum
{
    KILN_SVDF_ROUTE_C = 0 /* "svdf_c": the C step on every backend, its kernels the backend's (no scratch) */
} kiln_svdf_route;

/* Offsets accepted for input_offset (zero point) and output_offset. */
#define KILN_SVDF_MAX_OFFSET (255)

/** Shape of an SVDF call (see the file comment). */
typedef struct
{
    int32_t batches;
    int32_t input_size;
    int32_t feature_batches;
    int32_t rank;
    int32_t memory_size;
} kiln_svdf_shape;

typedef struct
{
    kiln_svdf_route route;
    const char *name;           /* "svdf_c" */
    int64_t ctx_bytes;          /* bytes of ctx->buf the kernel uses (0) */
    int64_t input_ctx_bytes;    /* bytes input_ctx must hold (API): batches * feature_batches * 4 */
    int64_t output_ctx_bytes;   /* bytes output_ctx must hold (API): batches * units * 4 */
} kiln_svdf_plan_t;

/**
 * Route and context bytes of an SVDF call of operator `op` for `isa` (every isa gets "svdf_c").
 * ARM_CMSIS_NN_ARG_ERROR (*out untouched) for NULL, a negative batches / input_size /
 * feature_batches / memory_size, rank < 1, feature_batches not a multiple of rank, or an unknown
 * op. Bytes are exact in 64 bits, saturating at INT64_MAX (they may exceed INT32_MAX; callers
 * reject that).
 */
arm_cmsis_nn_status kiln_svdf_plan(const kiln_svdf_shape *shape, kiln_svdf_op op, kiln_isa isa, kiln_svdf_plan_t *out);

/** The validated parameters of a call, for the kernels. */
typedef struct
{
    kiln_svdf_shape shape;
    int32_t units;
    int32_t input_offset, output_offset;
    int32_t in_mult, in_shift, out_mult, out_shift;
    int32_t state_min, state_max; /* effective state clamp */
    int32_t out_min, out_max;
} kiln_svdf_args;

/**
 * Every check of both entries, before anything is read or written (ARM_CMSIS_NN_ARG_ERROR, *args
 * untouched, on failure): NULL params / quant params / input_dims / weights_feature_dims /
 * weights_time_dims / input / state / weights / output (bias may be NULL); batches, input_size >= 0,
 * memory_size >= 1, rank >= 1, feature_batches >= 0 a multiple of rank; every element count and
 * every scratch byte count <= INT32_MAX; multipliers >= 0, shifts in [-31, 30]; offsets in
 * [-KILN_SVDF_MAX_OFFSET, KILN_SVDF_MAX_OFFSET]; output activation a valid int8 range; input
 * activation a valid int16 range (for KILN_SVDF_OP_S8 also overlapping [-128, 127]); ctx (op S8
 * only; pass NULL with ctx_given false for the s16 entry), input_ctx and output_ctx holding the
 * plan's bytes.
 */
arm_cmsis_nn_status kiln_svdf_validate(kiln_svdf_op op,
                                       bool ctx_given,
                                       const cmsis_nn_context *ctx,
                                       const cmsis_nn_context *input_ctx,
                                       const cmsis_nn_context *output_ctx,
                                       const cmsis_nn_svdf_params *svdf_params,
                                       const cmsis_nn_per_tensor_quant_params *input_quant_params,
                                       const cmsis_nn_per_tensor_quant_params *output_quant_params,
                                       const cmsis_nn_dims *input_dims,
                                       const void *input_data,
                                       const void *state_data,
                                       const cmsis_nn_dims *weights_feature_dims,
                                       const void *weights_feature_data,
                                       const cmsis_nn_dims *weights_time_dims,
                                       const void *weights_time_data,
                                       const void *output_data,
                                       kiln_svdf_args *args);

/** Two's complement reading of a uint32 (the wrapped int32 sum), without implementation-defined casts. */
static inline int32_t kiln_svdf_s32(uint32_t v)
{
    return v <= (uint32_t)INT32_MAX ? (int32_t)v : -(int32_t)(~v) - 1;
}

/** Wrapped sum_c (in[c] - input_offset) * w[c] over n int8 values (the backend's dot product). */
static inline uint32_t kiln_svdf_feature_dot(const int8_t *in, const int8_t *w, int32_t n, int32_t input_offset)
{
    return kiln_dot_s8_off(in, w, n, (int32_t)(0u - (uint32_t)input_offset));
}

/** kiln_svdf_feature_dot of four consecutive feature rows (w, w + n, w + 2n, w + 3n), the input loads shared. */
static inline void kiln_svdf_feature_dot4(const int8_t *in, const int8_t *w, int32_t n, int32_t input_offset,
                                          uint32_t out[4])
{
    kiln_dot4_s8_off(in, w, n, n, (int32_t)(0u - (uint32_t)input_offset), out);
}

/**
 * Step 1's state shift: the n bytes from p + by move to p (by >= 1; the regions overlap), copied in ascending order.
 * Portable C: memmove; DSP a word at a time, Helium sixteen bytes a vector (Source/SVDFunctions/kernels/).
 */
void kiln_svdf_shift(uint8_t *p, size_t n, size_t by);

/**
 * Step 2's newest state values of n >= 0 filters: col[j * step] = clamp(arm_nn_requantize(wrapped dots[j], mult,
 * shift), lo, hi) for j < n, int8 elements (s16 false) or int16 ones; lo <= hi within the element type. Portable C
 * one at a time (also the DSP's), Helium four lanes a vector stored by a scatter (Source/SVDFunctions/kernels/).
 */
void kiln_svdf_state_col(const uint32_t *dots, int32_t n, int32_t mult, int32_t shift, int32_t lo, int32_t hi,
                         void *col, int32_t step, bool s16);

/**
 * Step 3's outputs of n >= 0 units: out[j] = clamp(arm_nn_requantize(wrapped sums[j], a->out_mult, a->out_shift) +
 * a->output_offset, a->out_min, a->out_max). Portable C one at a time (also the DSP's), Helium four
 * lanes a vector (Source/SVDFunctions/kernels/).
 */
void kiln_svdf_out_run(const uint32_t *sums, int32_t n, const kiln_svdf_args *a, int8_t *out);

#ifdef __cplusplus
}
#endif

#endif /* KILN_SVDF_H */
