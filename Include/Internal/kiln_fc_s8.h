/*
 * Kiln internals: fully connected and batch matmul (int8, and int16 in portable C). One plan per
 * family (kiln_fc_plan / kiln_bmm_plan; kiln_fc_s8_plan / kiln_bmm_s8_plan are their int8 forms)
 * picks the route and its exact context bytes; the public entries, every size query (_dsp / _mve
 * pass that isa) and the planner call it. The int8 kernels live one file per backend under
 * Source/FullyConnectedFunctions/kernels/. Arguments are validated by the entries.
 *
 * Kernel sums. For a matrix row r of `cols` int8 weights w, with an input offset io, a filter
 * offset fo and an optional bias b:
 *     ksum[r] = b[r] + io * (sum_k w[r][k] + cols * fo)          (arm_vector_sum_s8's format)
 * so that   sum_k (w + fo) * (x + io) + b = ksum[r] + sum_k w * x + fo * sum_k x.
 * The Helium kernels use them to drop the per-row weight sum from the inner loop.
 *
 * Where the fully connected kernel sums live (route "mve_ksum_cache"): ctx->buf holds
 *     int32 ksum[rows] | kiln_fc_s8_seal (16 bytes)
 * The entry never trusts the contents on the caller's word: the seal records the layer the sums
 * were computed for (filter and bias addresses, offsets, shape) and a hash of the sums. When the
 * seal does not match (first call, a buffer filled only by arm_vector_sum_s8, scratch reused by
 * another layer, garbage) the entry recomputes the sums and reseals; when it matches, the sums are
 * reused and the call runs at full speed. A NULL/too-small buffer is ARM_CMSIS_NN_ARG_ERROR.
 */
#ifndef KILN_FC_S8_H
#define KILN_FC_S8_H

#include "Internal/kiln_common.h"
#include "Internal/kiln_requant_s64.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- routes and plans ------------------------------------------------------------------------ */

/* The operators a family plan answers for. */
typedef enum
{
    KILN_FC_OP_S8 = 0, /* int8 x int8 (arm_fully_connected_s8 / _per_channel_s8 / _wrapper_s8, bmm_s8) */
    KILN_FC_OP_S16 = 1, /* int16 x int8 (arm_fully_connected_s16); int16 x int16 (arm_batch_matmul_s16) */
    KILN_FC_OP_S4 = 2   /* int8 x packed int4 (arm_fully_connected_s4); fully connected only */
} kiln_fc_op;

typedef enum
{
    KILN_FC_S8_ROUTE_DIRECT = 0,    /* C / DSP: offsets folded into the loop, no context bytes */
    KILN_FC_S8_ROUTE_MVE_KSUM = 1,  /* MVE: kernel sums cached and sealed in ctx->buf */
    KILN_FC_S8_ROUTE_S16_C = 2,     /* int16 (every backend): int64 sums (Internal/kiln_dot.h), no context bytes */
    KILN_FC_S8_ROUTE_S4_C = 3       /* int4 weights (every backend): portable C, no context bytes */
} kiln_fc_s8_route;

/** Shape of a fully connected call: batches x cols input, rows x cols filter. */
typedef struct
{
    int32_t batches;
    int32_t cols; /* accumulation depth */
    int32_t rows; /* output channels */
} kiln_fc_s8_shape;

typedef struct
{
    kiln_fc_s8_route route;
    const char *name;          /* "direct" / "mve_ksum_cache" / "fc_s16_c" / "fc_s4_c" */
    int64_t scratch_bytes;     /* temporary bytes (always 0 for fully connected) */
    int64_t kernel_sum_bytes;  /* bytes of ctx->buf holding sealed kernel sums (0 when none) */
} kiln_fc_s8_plan_t;

/* Bytes of the seal after the sums. */
#define KILN_FC_S8_SEAL_BYTES (16)

/**
 * Route and context bytes of a fully connected call of operator `op` for `isa`.
 * ARM_CMSIS_NN_ARG_ERROR (and *out untouched) for a negative dimension or an unknown op. Bytes are
 * exact; they may exceed INT32_MAX (queries turn that into -1). Routes (first that holds wins):
 *   op == S16   -> "fc_s16_c": portable C on every backend, no context bytes
 *   op == S4    -> "fc_s4_c": portable C on every backend, no context bytes
 *   isa == MVE  -> "mve_ksum_cache": rows int32 kernel sums + a 16-byte seal in ctx->buf
 *   otherwise   -> "direct": offsets folded into the inner loop, no context bytes
 * Inline: the entries call it with a constant op and isa, so it folds to the route's byte count.
 */
static inline arm_cmsis_nn_status kiln_fc_plan(const kiln_fc_s8_shape *shape,
                                               kiln_fc_op op,
                                               kiln_isa isa,
                                               kiln_fc_s8_plan_t *out)
{
    if (shape == NULL || out == NULL || shape->batches < 0 || shape->cols < 0 || shape->rows < 0 ||
        (op != KILN_FC_OP_S8 && op != KILN_FC_OP_S16 && op != KILN_FC_OP_S4))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (op == KILN_FC_OP_S16)
    {
        out->route = KILN_FC_S8_ROUTE_S16_C;
        out->name = "fc_s16_c";
        out->scratch_bytes = 0;
        out->kernel_sum_bytes = 0;
    }
    else if (op == KILN_FC_OP_S4)
    {
        out->route = KILN_FC_S8_ROUTE_S4_C;
        out->name = "fc_s4_c";
        out->scratch_bytes = 0;
        out->kernel_sum_bytes = 0;
    }
    else if (isa == KILN_ISA_MVE)
    {
        out->route = KILN_FC_S8_ROUTE_MVE_KSUM;
        out->name = "mve_ksum_cache";
        out->scratch_bytes = 0;
        out->kernel_sum_bytes = (int64_t)shape->rows * (int64_t)sizeof(int32_t) + KILN_FC_S8_SEAL_BYTES;
    }
    else
    {
        out->route = KILN_FC_S8_ROUTE_DIRECT;
        out->name = "direct";
        out->scratch_bytes = 0;
        out->kernel_sum_bytes = 0;
    }
    return ARM_CMSIS_NN_SUCCESS;
}

/** kiln_fc_plan for the int8 operators. */
static inline arm_cmsis_nn_status kiln_fc_s8_plan(const kiln_fc_s8_shape *shape, kiln_isa isa, kiln_fc_s8_plan_t *out)
{
    return kiln_fc_plan(shape, KILN_FC_OP_S8, isa, out);
}

/** Bytes ctx->buf must hold for the plan (scratch + kernel sums). */
static inline int64_t kiln_fc_s8_plan_ctx_bytes(const kiln_fc_s8_plan_t *p)
{
    return p->scratch_bytes + p->kernel_sum_bytes;
}

typedef enum
{
    KILN_BMM_S8_ROUTE_DIRECT = 0, /* C / DSP */
    KILN_BMM_S8_ROUTE_MVE_KSUM = 1, /* MVE: kernel sums of each rhs matrix in ctx->buf (recomputed per matrix) */
    KILN_BMM_S8_ROUTE_S16_C = 2 /* int16 (every backend): portable C, int64 sums, no context bytes */
} kiln_bmm_s8_route;

/** Shape of a batch matmul (after broadcasting): lhs [.., m, k] x rhs [.., n, k] (rhs transposed). */
typedef struct
{
    int32_t rhs_rows; /* n */
    int32_t cols;     /* k */
} kiln_bmm_s8_shape;

typedef struct
{
    kiln_bmm_s8_route route;
    const char *name;
    int64_t scratch_bytes; /* ctx->buf bytes: n int32 kernel sums on MVE (int8), else 0 */
} kiln_bmm_s8_plan_t;

/**
 * Route and context bytes of a batch matmul of operator `op` for `isa` (ARM_CMSIS_NN_ARG_ERROR, *out
 * untouched, for a negative dimension or an unknown op):
 *   op == S16   -> "bmm_s16_c": portable C on every backend, no context bytes
 *   isa == MVE  -> "mve_ksum": n int32 kernel sums of the current rhs matrix in ctx->buf
 *   otherwise   -> "direct"
 */
arm_cmsis_nn_status kiln_bmm_plan(const kiln_bmm_s8_shape *shape, kiln_fc_op op, kiln_isa isa, kiln_bmm_s8_plan_t *out);

/** kiln_bmm_plan for arm_batch_matmul_s8. */
arm_cmsis_nn_status kiln_bmm_s8_plan(const kiln_bmm_s8_shape *shape, kiln_isa isa, kiln_bmm_s8_plan_t *out);

/* ---- kernels (one implementation per backend) ------------------------------------------------ */

/** Requantization and layout of one vector x matrix call. */
typedef struct
{
    int32_t cols;       /* accumulation depth (>= 0) */
    int32_t rows;       /* matrix rows = outputs (>= 0) */
    int32_t lhs_offset; /* added to every input value */
    int32_t rhs_offset; /* added to every matrix value */
    int32_t dst_offset;
    int32_t act_min, act_max;
    int32_t dst_stride;     /* distance between two outputs (>= 1) */
    const int32_t *mult_pc; /* per-channel multipliers (rows), or NULL for per-tensor */
    const int32_t *shift_pc;
    int32_t mult; /* per-tensor multiplier / shift (used when mult_pc is NULL) */
    int32_t shift;
} kiln_fc_s8_args;

/** Requantize, offset and clamp the accumulator of output row r (every backend's scalar step). */
static inline int8_t kiln_fc_s8_out(int32_t acc, const kiln_fc_s8_args *a, int32_t r)
{
    const int32_t m = a->mult_pc != NULL ? a->mult_pc[r] : a->mult;
    const int32_t s = a->shift_pc != NULL ? a->shift_pc[r] : a->shift;
    return (int8_t)kiln_add_clamp(arm_nn_requantize(acc, m, s), a->dst_offset, a->act_min, a->act_max);
}

/** Wrapping int32 arithmetic (TFLite's accumulator wraps on every target; C signed overflow is UB). */
static inline int32_t kiln_wrap_add(int32_t a, int32_t b)
{
    return (int32_t)((uint32_t)a + (uint32_t)b);
}

static inline int32_t kiln_wrap_mul(int32_t a, int32_t b)
{
    return (int32_t)((uint32_t)a * (uint32_t)b);
}

/**
 * dst[r * dst_stride] = clamp(requant(acc_r) + dst_offset) for r < rows, one lhs vector of cols.
 * acc_r = kernel_sum[r] + sum_k rhs[r][k] * lhs[k] + rhs_offset * sum_k lhs[k] when kernel_sum is
 * non-NULL (bias is then ignored: it is part of the sums); otherwise
 * acc_r = bias[r] (0 when bias is NULL) + sum_k (rhs[r][k] + rhs_offset) * (lhs[k] + lhs_offset).
 * All arithmetic wraps modulo 2^32 like TFLite's int32 accumulator.
 */
void kiln_fc_s8_vec_mat(const int8_t *lhs,
                        const int8_t *rhs,
                        const int32_t *kernel_sum,
                        const int32_t *bias,
                        int8_t *dst,
                        const kiln_fc_s8_args *a);

/** Several lhs vectors (consecutive, cols apart) against one matrix: dst advances by dst_row_step per vector. */
static inline void kiln_fc_s8_mat_mat(const int8_t *lhs,
                                      int32_t lhs_count,
                                      const int8_t *rhs,
                                      const int32_t *kernel_sum,
                                      const int32_t *bias,
                                      int8_t *dst,
                                      int32_t dst_row_step,
                                      const kiln_fc_s8_args *a)
{
    for (int32_t i = 0; i < lhs_count; i++)
    {
        kiln_fc_s8_vec_mat(lhs, rhs, kernel_sum, bias, dst, a);
        lhs += a->cols;
        dst += dst_row_step;
    }
}

/**
 * A validated fully connected call as kiln_fc_s8_entry hands it to the backend (kiln_fc_s8_run). The first five words
 * are what the Helium kernel's assembly reads for TFLite's usual layer: cols, rows, out (three int32: the output offset
 * and the activation's min and max, i.e. &fc->output_offset), mult and shift (one value each when !per_channel).
 */
typedef struct
{
    int32_t cols, rows;
    const int32_t *out;
    const int32_t *mult, *shift;
    int32_t batches;
    int32_t per_channel; /* 0: per-tensor */
    const cmsis_nn_fc_params *fc;
} kiln_fc_s8_call;

/** kiln_fc_s8_run through kiln_fc_s8_vec_mat / _mat_mat (the portable and DSP backends; the others' layers on Helium). */
static inline void kiln_fc_s8_run_generic(const int8_t *x,
                                          const int8_t *w,
                                          const int32_t *ksum,
                                          const int32_t *bias,
                                          int8_t *dst,
                                          const kiln_fc_s8_call *c)
{
    const bool pc = c->per_channel != 0;
    const kiln_fc_s8_args a = {c->cols,
                               c->rows,
                               c->fc->input_offset,
                               c->fc->filter_offset,
                               c->fc->output_offset,
                               c->fc->activation.min,
                               c->fc->activation.max,
                               1,
                               pc ? c->mult : NULL,
                               pc ? c->shift : NULL,
                               pc ? 0 : c->mult[0],
                               pc ? 0 : c->shift[0]};
    if (c->batches == 1)
    {
        kiln_fc_s8_vec_mat(x, w, ksum, bias, dst, &a);
    }
    else
    {
        kiln_fc_s8_mat_mat(x, c->batches, w, ksum, bias, dst, c->rows, &a);
    }
}

/** Runs a validated call (batches, cols, rows >= 1; ksum: the route's kernel sums, or NULL): on Helium an assembly
 * dispatcher (kernels/kiln_fc_s8_mve.c), elsewhere kiln_fc_s8_run_generic. */
#if KILN_BUILD_MVE
void kiln_fc_s8_run(const int8_t *x,
                    const int8_t *w,
                    const int32_t *ksum,
                    const int32_t *bias,
                    int8_t *dst,
                    const kiln_fc_s8_call *c);
#else
static inline void kiln_fc_s8_run(const int8_t *x,
                                  const int8_t *w,
                                  const int32_t *ksum,
                                  const int32_t *bias,
                                  int8_t *dst,
                                  const kiln_fc_s8_call *c)
{
    kiln_fc_s8_run_generic(x, w, ksum, bias, dst, c);
}
#endif

/** ksum[r] in arm_vector_sum_s8's format (see the top of this file), r < rows. */
void kiln_fc_s8_row_sums(int32_t *ksum,
                         int32_t cols,
                         int32_t rows,
                         const int8_t *m,
                         int32_t lhs_offset,
                         int32_t rhs_offset,
                         const int32_t *bias);

/** Helium builds only (kernels/kiln_fc_s8_mve.c): sums[i] = ks[i] + sum_k x[k] * w[i * cols + k] (modulo 2^32), i < n,
 * for 1 <= n <= 72 rows and cols >= 1: the fully connected kernel's six-row groups (then four, then one); ks and sums
 * word aligned. The integer LSTM's gate products use it with the effective biases as ks. */
void kiln_fc_s8_dots(const int8_t *x, const int8_t *w, int32_t cols, int32_t n, const int32_t *ks, int32_t *sums);

/** Order-sensitive 32-bit hash of n int32 values (used by the kernel-sum seal). */
uint32_t kiln_fc_s8_hash_s32(const int32_t *v, int32_t n);

/* ---- shared validation / execution of the public entries ------------------------------------ */

/* Offsets accepted by the int8 entries: every widened value (x + offset) stays an int16 (DSP
 * lanes) and every requantized output plus offset stays far inside int32. TFLite's int8 offsets
 * are within [-128, 128]. */
#define KILN_FC_S8_MAX_OFFSET (32639)

/** How kiln_fc_s8_entry reads its quant argument. */
typedef enum
{
    KILN_FC_QUANT_TENSOR = 0,  /* const cmsis_nn_per_tensor_quant_params * */
    KILN_FC_QUANT_CHANNEL = 1, /* const cmsis_nn_per_channel_quant_params * */
    KILN_FC_QUANT_EITHER = 2   /* const cmsis_nn_quant_params * (is_per_channel chooses) */
} kiln_fc_quant_kind;

/**
 * The fully connected entries' shared body: validates everything (quant may be NULL: an error), plans for the native
 * backend, runs. The parameters are the public functions' own, quant_kind in bias_dims' place (never read), so that
 * each public function is a sibling call: no frame, its stack arguments stay where they are.
 */
arm_cmsis_nn_status kiln_fc_s8_entry(const cmsis_nn_context *ctx,
                                     const cmsis_nn_fc_params *fc_params,
                                     const void *quant,
                                     const cmsis_nn_dims *input_dims,
                                     const int8_t *input_data,
                                     const cmsis_nn_dims *filter_dims,
                                     const int8_t *filter_data,
                                     kiln_fc_quant_kind quant_kind,
                                     const int32_t *bias_data,
                                     const cmsis_nn_dims *output_dims,
                                     int8_t *output_data);

/**
 * Element count of a dims struct without 64-bit division (kiln_dims_count's saturation divides):
 * -1 for a negative dimension, INT64_MAX for any count past INT32_MAX, else the exact count.
 */
static inline int64_t kiln_fc_s8_count(const cmsis_nn_dims *d)
{
    if (d->n < 0 || d->h < 0 || d->w < 0 || d->c < 0)
    {
        return -1;
    }
    const int64_t nh = (int64_t)d->n * d->h; /* < 2^62 */
    const int64_t wc = (int64_t)d->w * d->c;
    if (nh == 0 || wc == 0)
    {
        return 0;
    }
    if (nh > INT32_MAX || wc > INT32_MAX)
    {
        return INT64_MAX;
    }
    return nh * wc; /* < 2^62 */
}

/** Checks a requantization multiplier (non-negative) and shift ([-31, 30]). */
static inline bool kiln_fc_s8_quant_ok(int32_t mult, int32_t shift)
{
    return mult >= 0 && kiln_shift_ok(shift);
}

static inline bool kiln_fc_s8_offset_ok(int32_t off)
{
    return off >= -KILN_FC_S8_MAX_OFFSET && off <= KILN_FC_S8_MAX_OFFSET;
}

/**
 * The fully connected layout (CMSIS-NN): input [n, (h, w, c) = cols], filter_dims->n = cols,
 * filter_dims->c = rows, output [n, rows] in output_dims->n / ->c (filter h / w, output h / w and
 * bias_dims are not read: callers leave them unset). True when every size is >= 0, h * w * c ==
 * cols (with c = 0 the count is 0 whatever h * w is; otherwise h * w must be within int32, and then
 * h * w * c < 2^62 is exact) and batches * cols, rows * cols and batches * rows are within int32.
 */
static inline bool kiln_fc_layout_ok(const cmsis_nn_dims *input_dims,
                                     const cmsis_nn_dims *filter_dims,
                                     const cmsis_nn_dims *output_dims,
                                     int32_t *batches,
                                     int32_t *cols,
                                     int32_t *rows)
{
    const int32_t b = input_dims->n, k = filter_dims->n, r = output_dims->c;
    const int32_t ih = input_dims->h, iw = input_dims->w, ic = input_dims->c;
    if ((b | k | r | ih | iw | ic) < 0 || filter_dims->c != r || output_dims->n != b)
    {
        return false;
    }
    const int64_t hw = (int64_t)ih * iw;
    if (ic == 0 ? k != 0 : (hw > INT32_MAX || (int64_t)(int32_t)hw * ic != (int64_t)k)) /* 32 x 32 -> 64 bits */
    {
        return false;
    }
    if ((int64_t)b * k > INT32_MAX || (int64_t)r * k > INT32_MAX || (int64_t)b * r > INT32_MAX)
    {
        return false;
    }
    *batches = b;
    *cols = k;
    *rows = r;
    return true;
}

/**
 * The operand dims of a batch matmul (arm_batch_matmul_s8 / _s16): lhs [B_l, H_l, M, K] and the
 * transposed rhs [B_r, H_r, N, K] (n, h, w, c), output [B, H, M, N]; batch and height broadcast as
 * TFLite (equal, or one side 1, the output the larger); M, K, N >= 0; every tensor's element count
 * within INT32_MAX (so every matrix and index is).
 */
static inline bool kiln_bmm_broadcast_ok(int32_t a, int32_t b, int32_t out)
{
    if (a < 0 || b < 0)
    {
        return false;
    }
    if (a == b || b == 1)
    {
        return out == a;
    }
    return a == 1 && out == b;
}

static inline bool kiln_bmm_dims_ok(const cmsis_nn_dims *l, const cmsis_nn_dims *r, const cmsis_nn_dims *o)
{
    if (l->w < 0 || l->c < 0 || r->w < 0 || r->c != l->c || o->w != l->w || o->c != r->w ||
        !kiln_bmm_broadcast_ok(l->n, r->n, o->n) || !kiln_bmm_broadcast_ok(l->h, r->h, o->h))
    {
        return false;
    }
    return kiln_fc_s8_count(l) <= INT32_MAX && kiln_fc_s8_count(r) <= INT32_MAX && kiln_fc_s8_count(o) <= INT32_MAX;
}

/* ---- int16 operators (arm_fully_connected_s16, arm_batch_matmul_s16): portable C ------------- */

/* Largest |output_offset| the int16 entries accept (TFLite passes 0; the input and filter offsets
 * must be 0: int16 quantization is symmetric). */
#define KILN_FC_S16_MAX_OUT_OFFSET (65535)

/** Output quantization of the int16 operators. */
typedef struct
{
    int32_t rm;    /* REDUCE_MULTIPLIER(multiplier), [0, 32767] */
    int32_t shift; /* [-31, 30] */
    int32_t out_offset; /* |.| <= KILN_FC_S16_MAX_OUT_OFFSET */
    int32_t act_min, act_max; /* int16, min <= max */
} kiln_fc_s16_args;

/** clamp(R + out_offset, act_min, act_max) with R = kiln_requant_s64(sum, bias, ..). */
static inline int16_t kiln_fc_s16_out(int64_t sum, int64_t bias, const kiln_fc_s16_args *a)
{
    return kiln_requant_s64_out(sum, bias, a->rm, a->shift, a->out_offset, a->act_min, a->act_max);
}


/** One row of the packed int4 matrix (row elements e0 .. e0 + cols - 1, see arm_fully_connected_s4.c):
 * sum_k (w[e0 + k] + fo) * (x[k] + io), wrapping modulo 2^32. |io|, |fo| <= KILN_FC_S8_MAX_OFFSET. */
int32_t kiln_fc_s4_dot(const int8_t *x, const int8_t *packed, uint32_t e0, int32_t cols, int32_t io, int32_t fo);

/** Offsets the int16 entries accept: input and filter 0, output within KILN_FC_S16_MAX_OUT_OFFSET. */
static inline bool kiln_fc_s16_offsets_ok(const cmsis_nn_fc_params *p)
{
    return p->input_offset == 0 && p->filter_offset == 0 && p->output_offset >= -KILN_FC_S16_MAX_OUT_OFFSET &&
        p->output_offset <= KILN_FC_S16_MAX_OUT_OFFSET;
}

#ifdef __cplusplus
}
#endif

#endif /* KILN_FC_S8_H */
