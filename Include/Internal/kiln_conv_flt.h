/*
 * Kiln internals: float32 / float16 convolution. The one plan of the family (route and exact scratch,
 * from the public route predicates of arm_nnsupportfunctions_flt.h in their dispatch order) and the
 * kernel prototypes. Arguments are validated by the public entries before any kernel runs.
 */
#ifndef KILN_CONV_FLT_H
#define KILN_CONV_FLT_H

#include "Internal/kiln_common.h"
#include "arm_nnfunctions_flt.h"
#include "arm_nnsupportfunctions_flt.h"

#ifdef __cplusplus
extern "C" {
#endif

#if ARM_NN_FLOAT_API_ENABLED

/* Float kernels have their own backend switch: Helium float (MVE-F) is a separate feature from MVE-I. */
#if defined(ARM_MATH_MVEF) && !defined(ARM_MATH_AUTOVECTORIZE)
#define KILN_FLT_BUILD_MVE 1
#define KILN_FLT_NATIVE_ISA KILN_ISA_MVE
#else
#define KILN_FLT_BUILD_MVE 0
#define KILN_FLT_NATIVE_ISA KILN_ISA_C
#endif

/* Channel block (and packed-weight block) of each dtype. */
#define KILN_CONV_F32_LANES (4)
#define KILN_CONV_F16_LANES (8)

typedef enum
{
    KILN_CONV_FLT_ROUTE_1X1 = 0,
    KILN_CONV_FLT_ROUTE_1XN = 1,
    KILN_CONV_FLT_ROUTE_K5 = 2,
    KILN_CONV_FLT_ROUTE_K3 = 3,
    KILN_CONV_FLT_ROUTE_SMALL_C = 4,
    KILN_CONV_FLT_ROUTE_PATCH_GEMM = 5,
    KILN_CONV_FLT_ROUTE_DIRECT = 6
} kiln_conv_flt_route;

typedef enum
{
    KILN_FLT_F32 = 0,
    KILN_FLT_F16 = 1
} kiln_flt_dtype;

typedef struct
{
    bool empty;                /* valid request with an empty output: nothing to do */
    kiln_conv_flt_route route; /* the route taken (meaningless when empty) */
    int64_t scratch_bytes;     /* bytes of ctx the route uses */
} kiln_conv_flt_plan_t;

/** Everything the kernels need about the geometry (validated). */
typedef struct
{
    int32_t n, in_h, in_w, in_c;
    int32_t k_h, k_w;
    int32_t out_h, out_w, out_c;
    int32_t stride_h, stride_w, pad_h, pad_w, dil_h, dil_w;
    bool packed; /* weights in ARM_NN_WEIGHT_FORMAT_NT_N_PACKED */
} kiln_conv_flt_geom;

/** Bytes of the 1xN route's scratch: one patch row of KW x C_IN elements. */
static inline int64_t kiln_conv_flt_1xn_bytes(const cmsis_nn_dims *filter_dims, const cmsis_nn_dims *input_dims,
                                              size_t elem)
{
    return (int64_t)filter_dims->w * input_dims->c * (int64_t)elem;
}

/** Bytes of one patch row (KH x KW x C_IN elements); dims validated so it fits. */
static inline int64_t kiln_conv_flt_row_bytes(const cmsis_nn_dims *filter_dims, const cmsis_nn_dims *input_dims,
                                              size_t elem)
{
    return (int64_t)filter_dims->h * filter_dims->w * input_dims->c * (int64_t)elem;
}

/**
 * The plan: validates the metadata (arm_nn_conv_flt_dims_ok(), NHWC layout, a known weight format, for the 1x1
 * route arm_nn_conv_flt_1x1_window_ok()) and picks the route in the dispatch order of the route predicates.
 * ctx_bytes: the scratch the caller states (ctx->buf non-NULL and ctx->size), 0 for none; a size query passes
 * INT64_MAX (the route taken when ctx holds what the query returns). isa KILN_ISA_MVE means an MVE-float build.
 */
static inline arm_cmsis_nn_status kiln_conv_flt_plan(const cmsis_nn_tile *stride,
                                                     const cmsis_nn_tile *padding,
                                                     const cmsis_nn_tile *dilation,
                                                     int32_t weight_format,
                                                     int32_t layout,
                                                     const cmsis_nn_dims *in,
                                                     const cmsis_nn_dims *flt,
                                                     const cmsis_nn_dims *out,
                                                     kiln_flt_dtype dtype,
                                                     kiln_isa isa,
                                                     int64_t ctx_bytes,
                                                     kiln_conv_flt_plan_t *p)
{
    const size_t elem = dtype == KILN_FLT_F32 ? 4u : 2u;
    const int32_t lanes = dtype == KILN_FLT_F32 ? KILN_CONV_F32_LANES : KILN_CONV_F16_LANES;
    p->empty = false;
    p->route = KILN_CONV_FLT_ROUTE_DIRECT;
    p->scratch_bytes = 0;
    if (layout != (int32_t)ARM_NN_LAYOUT_NHWC ||
        (weight_format != (int32_t)ARM_NN_WEIGHT_FORMAT_STANDARD &&
         weight_format != (int32_t)ARM_NN_WEIGHT_FORMAT_NT_N_PACKED))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const bool packed = weight_format == (int32_t)ARM_NN_WEIGHT_FORMAT_NT_N_PACKED;
    if (!arm_nn_conv_flt_dims_ok(stride, padding, dilation, in, flt, out, elem, lanes, packed))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (arm_nn_conv_flt_empty(out))
    {
        p->empty = true;
        return ARM_CMSIS_NN_SUCCESS;
    }
    if (arm_nn_conv_flt_is_1x1(padding, flt))
    {
        if (!arm_nn_conv_flt_1x1_window_ok(stride, in, out))
        {
            return ARM_CMSIS_NN_ARG_ERROR;
        }
        p->route = KILN_CONV_FLT_ROUTE_1X1;
        return ARM_CMSIS_NN_SUCCESS;
    }
#if defined(NN_DISABLE_SPECIALIZATION)
    const bool k5 = false;
    const bool k3 = false;
#else
    const bool k5 = arm_nn_conv_flt_is_1d_k(stride, padding, dilation, in, flt, out, 5);
    const bool k3 = arm_nn_conv_flt_is_1d_k(stride, padding, dilation, in, flt, out, 3);
#endif
    if (!k5 && !k3 && arm_nn_conv_flt_is_1xn(stride, padding, dilation, in, flt, out) &&
        ctx_bytes >= kiln_conv_flt_1xn_bytes(flt, in, elem))
    {
        p->route = KILN_CONV_FLT_ROUTE_1XN;
        p->scratch_bytes = kiln_conv_flt_1xn_bytes(flt, in, elem);
        return ARM_CMSIS_NN_SUCCESS;
    }
    if (k5 || k3)
    {
        p->route = k5 ? KILN_CONV_FLT_ROUTE_K5 : KILN_CONV_FLT_ROUTE_K3;
        return ARM_CMSIS_NN_SUCCESS;
    }
    if (isa == KILN_ISA_MVE)
    {
        bool small_c = false;
#if ARM_NN_ENABLE_F32
        if (dtype == KILN_FLT_F32)
        {
            small_c = (arm_nn_conv_f32_is_small_c(in, out) || arm_nn_conv_f32_is_small_c_3x3(in, flt, out)) &&
                arm_nn_conv_f32_small_c_coords_ok(stride, padding, dilation, in, flt, out);
        }
#endif
#if ARM_NN_ENABLE_F16
        if (dtype == KILN_FLT_F16)
        {
            small_c = arm_nn_conv_f16_is_small_c(stride, padding, dilation, in, flt, out);
        }
#endif
        if (small_c)
        {
            p->route = KILN_CONV_FLT_ROUTE_SMALL_C;
            return ARM_CMSIS_NN_SUCCESS;
        }
    }
    if (arm_nn_conv_flt_is_patch_gemm(out) && ctx_bytes >= kiln_conv_flt_row_bytes(flt, in, elem))
    {
        /* One patch row takes the route. The float32 Helium kernel processes output positions in pairs when ctx
         * holds two rows, which is what the size query asks for on MVE-float builds. */
        const int64_t row = kiln_conv_flt_row_bytes(flt, in, elem);
        const bool pairs = dtype == KILN_FLT_F32 && isa == KILN_ISA_MVE;
        p->route = KILN_CONV_FLT_ROUTE_PATCH_GEMM;
        p->scratch_bytes = (pairs && ctx_bytes >= 2 * row) ? 2 * row : row;
        return ARM_CMSIS_NN_SUCCESS;
    }
    p->route = KILN_CONV_FLT_ROUTE_DIRECT;
    return ARM_CMSIS_NN_SUCCESS;
}

/** Bytes of one patch row from a geometry. */
static inline int64_t kiln_conv_flt_row_bytes_g(const kiln_conv_flt_geom *g, size_t elem)
{
    return (int64_t)g->k_h * g->k_w * g->in_c * (int64_t)elem;
}

/** The scratch a caller states for optional routes: ctx->size when ctx and ctx->buf are non-NULL, else 0. */
static inline int64_t kiln_conv_flt_ctx_bytes(const cmsis_nn_context *ctx)
{
    return (ctx != NULL && ctx->buf != NULL && ctx->size > 0) ? (int64_t)ctx->size : 0;
}

/** An activation range: min <= max (false for NaN). */
#define KILN_FLT_ACT_OK(lo, hi) ((lo) <= (hi))

static inline void kiln_conv_flt_geom_init(kiln_conv_flt_geom *g,
                                           const cmsis_nn_tile *stride,
                                           const cmsis_nn_tile *padding,
                                           const cmsis_nn_tile *dilation,
                                           const cmsis_nn_dims *in,
                                           const cmsis_nn_dims *flt,
                                           const cmsis_nn_dims *out,
                                           bool packed)
{
    g->n = in->n;
    g->in_h = in->h;
    g->in_w = in->w;
    g->in_c = in->c;
    g->k_h = flt->h;
    g->k_w = flt->w;
    g->out_h = out->h;
    g->out_w = out->w;
    g->out_c = out->c;
    g->stride_h = stride->h;
    g->stride_w = stride->w;
    g->pad_h = padding->h;
    g->pad_w = padding->w;
    g->dil_h = dilation->h;
    g->dil_w = dilation->w;
    g->packed = packed;
}

/**
 * The checks every float convolution entry makes before its route check, in order: the plan (validation and the
 * route for ctx_bytes of scratch; its status is returned as is), the activation range (act_ok) and the bias length
 * (when bias and bias_dims are given). On success g describes the request. Use through KILN_CONV_FLT_ENTRY_PLAN.
 */
static inline arm_cmsis_nn_status kiln_conv_flt_entry_plan(const cmsis_nn_tile *stride,
                                                           const cmsis_nn_tile *padding,
                                                           const cmsis_nn_tile *dilation,
                                                           int32_t weight_format,
                                                           bool act_ok,
                                                           int32_t layout,
                                                           const cmsis_nn_dims *input_dims,
                                                           const cmsis_nn_dims *filter_dims,
                                                           const cmsis_nn_dims *bias_dims,
                                                           const void *bias,
                                                           const cmsis_nn_dims *output_dims,
                                                           kiln_flt_dtype dtype,
                                                           int64_t ctx_bytes,
                                                           kiln_conv_flt_plan_t *p,
                                                           kiln_conv_flt_geom *g)
{
    const arm_cmsis_nn_status st = kiln_conv_flt_plan(stride, padding, dilation, weight_format, layout, input_dims,
                                                      filter_dims, output_dims, dtype, KILN_FLT_NATIVE_ISA, ctx_bytes, p);
    if (st != ARM_CMSIS_NN_SUCCESS)
    {
        return st;
    }
    if (!act_ok || (bias != NULL && bias_dims != NULL && bias_dims->c != output_dims->c))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    kiln_conv_flt_geom_init(g, stride, padding, dilation, input_dims, filter_dims, output_dims,
                            weight_format == (int32_t)ARM_NN_WEIGHT_FORMAT_NT_N_PACKED);
    return ARM_CMSIS_NN_SUCCESS;
}

/** kiln_conv_flt_entry_plan() for a cmsis_nn_conv_params_f32 / _f16 pointer cp (non-NULL). */
#define KILN_CONV_FLT_ENTRY_PLAN(cp, layout, in_dims, flt_dims, b_dims, bias, out_dims, dtype, ctx_bytes, p, g)      \
    kiln_conv_flt_entry_plan(&(cp)->stride, &(cp)->padding, &(cp)->dilation, (int32_t)(cp)->weight_format,          \
                             KILN_FLT_ACT_OK((cp)->activation.min, (cp)->activation.max), (int32_t)(layout), in_dims, \
                             flt_dims, b_dims, bias, out_dims, dtype, ctx_bytes, p, g)

/* ---- argument checks of the public float support functions (arm_nn_mat_mult_*, arm_nn_pack_rhs_nt_n_*,
 *      arm_nn_conv1d_*, arm_nn_pack_conv_patch_*), shared by the _f32 and _f16 entries ---------------------- */

static inline int64_t kiln_conv_flt_elem(kiln_flt_dtype dtype)
{
    return dtype == KILN_FLT_F32 ? 4 : 2;
}

/** Rows an rhs of `rows` output channels occupies: NT_N_PACKED rounds up to whole blocks of lanes. */
static inline int64_t kiln_conv_flt_stored_rows(int32_t rows, bool packed, kiln_flt_dtype dtype)
{
    const int64_t lanes = dtype == KILN_FLT_F32 ? KILN_CONV_F32_LANES : KILN_CONV_F16_LANES;
    return packed ? ((int64_t)rows + lanes - 1) / lanes * lanes : (int64_t)rows;
}

/**
 * arm_nn_mat_mult_nt_t / _nt_n_packed: ARM_CMSIS_NN_ARG_ERROR for negative sizes, row_address_offset < rhs_rows,
 * a bad activation range, NULL data when there is work, or operands past PTRDIFF_MAX bytes; otherwise
 * ARM_CMSIS_NN_SUCCESS with *work false when there is nothing to compute.
 */
static inline arm_cmsis_nn_status kiln_conv_flt_matmul_check(const void *lhs,
                                                             const void *rhs,
                                                             const void *dst,
                                                             bool packed,
                                                             int32_t lhs_rows,
                                                             int32_t rhs_rows,
                                                             int32_t rhs_cols,
                                                             int32_t row_address_offset,
                                                             bool act_ok,
                                                             kiln_flt_dtype dtype,
                                                             bool *work)
{
    *work = false;
    if (lhs_rows < 0 || rhs_rows < 0 || rhs_cols < 0 || row_address_offset < rhs_rows || !act_ok)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (lhs_rows == 0 || rhs_rows == 0)
    {
        return ARM_CMSIS_NN_SUCCESS;
    }
    if (lhs == NULL || rhs == NULL || dst == NULL)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const int64_t limit = (int64_t)PTRDIFF_MAX / kiln_conv_flt_elem(dtype);
    const int64_t rows = kiln_conv_flt_stored_rows(rhs_rows, packed, dtype);
    if ((rhs_cols > 0 && (rows > limit / rhs_cols || (int64_t)lhs_rows > limit / rhs_cols)) ||
        (int64_t)lhs_rows > limit / row_address_offset)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    *work = true;
    return ARM_CMSIS_NN_SUCCESS;
}

/** arm_nn_pack_rhs_nt_n_*_get_buffer_size: the packed bytes, -1 for negative sizes or past INT32_MAX. */
static inline int32_t kiln_conv_flt_packed_rhs_bytes(int32_t rhs_rows, int32_t rhs_cols, kiln_flt_dtype dtype)
{
    if (rhs_rows < 0 || rhs_cols < 0)
    {
        return -1;
    }
    return kiln_query_result(
        kiln_mul_sat64(kiln_mul_sat64(kiln_conv_flt_stored_rows(rhs_rows, true, dtype), rhs_cols),
                       kiln_conv_flt_elem(dtype)));
}

/**
 * arm_nn_conv1d_k3/k5 (nhwc and packed): non-NULL data, C_IN, C_OUT >= 1, 0 <= out_w <= in_w - k + 1, and every
 * operand within PTRDIFF_MAX bytes.
 */
static inline bool kiln_conv_flt_conv1d_args_ok(const void *x,
                                                int32_t in_c,
                                                int32_t in_w,
                                                int32_t k,
                                                const void *w,
                                                const void *out,
                                                int32_t out_c,
                                                int32_t out_w,
                                                bool packed,
                                                kiln_flt_dtype dtype)
{
    if (x == NULL || w == NULL || out == NULL || in_c < 1 || out_c < 1 || out_w < 0 || in_w < 0 ||
        (out_w > 0 && (int64_t)out_w > (int64_t)in_w - k + 1))
    {
        return false;
    }
    const int64_t limit = (int64_t)PTRDIFF_MAX / kiln_conv_flt_elem(dtype);
    const int64_t rows = kiln_conv_flt_stored_rows(out_c, packed, dtype);
    return (int64_t)in_w <= limit / in_c && (int64_t)out_w <= limit / out_c && (int64_t)k * in_c <= INT32_MAX &&
        rows <= limit / ((int64_t)k * in_c);
}

/**
 * arm_nn_pack_conv_patch_*: true when the arguments describe a patch row of one NHWC image (non-NULL buffers,
 * sizes >= 1, output position (out_y, out_x) valid for the window geometry, sizes within int32 / PTRDIFF_MAX);
 * fills g (one image, out_y + 1 rows, out_x + 1 columns).
 */
static inline bool kiln_conv_flt_patch_geom(const void *input,
                                            const void *patch_row,
                                            int32_t in_h,
                                            int32_t in_w,
                                            int32_t in_c,
                                            int32_t kernel_h,
                                            int32_t kernel_w,
                                            int32_t stride_h,
                                            int32_t stride_w,
                                            int32_t pad_h,
                                            int32_t pad_w,
                                            int32_t dilation_h,
                                            int32_t dilation_w,
                                            int32_t out_y,
                                            int32_t out_x,
                                            kiln_flt_dtype dtype,
                                            kiln_conv_flt_geom *g)
{
    if (input == NULL || patch_row == NULL || in_h < 1 || in_w < 1 || in_c < 1 || out_y < 0 || out_x < 0 ||
        out_y == INT32_MAX || out_x == INT32_MAX ||
        !arm_nn_conv_flt_axis_ok(out_y + 1, kernel_h, stride_h, pad_h, dilation_h) ||
        !arm_nn_conv_flt_axis_ok(out_x + 1, kernel_w, stride_w, pad_w, dilation_w) ||
        (int64_t)kernel_h * kernel_w > (int64_t)INT32_MAX / in_c ||
        (int64_t)in_h * in_w > (int64_t)PTRDIFF_MAX / kiln_conv_flt_elem(dtype) / in_c)
    {
        return false;
    }
    g->n = 1;
    g->in_h = in_h;
    g->in_w = in_w;
    g->in_c = in_c;
    g->k_h = kernel_h;
    g->k_w = kernel_w;
    g->out_h = out_y + 1;
    g->out_w = out_x + 1;
    g->out_c = 1;
    g->stride_h = stride_h;
    g->stride_w = stride_w;
    g->pad_h = pad_h;
    g->pad_w = pad_w;
    g->dil_h = dilation_h;
    g->dil_w = dilation_w;
    g->packed = false;
    return true;
}

#endif /* ARM_NN_FLOAT_API_ENABLED */

#if ARM_NN_ENABLE_F32
/* ---- float32 kernels (portable: kernels/kiln_conv_flt_c_f32.c) ------------------------------------- */

/**
 * One output position: dst[o] = clamp(bias[o] + sum_k lhs[k] * w(o, k)) for o < oc, with w standard
 * ([oc][k], packed == false) or NT_N_PACKED (blocks of KILN_CONV_F32_LANES channels). Each channel sums
 * its k terms in order from 0, then adds the bias: both weight formats give the same bits.
 * clamp == false stores the sum unclamped.
 */
void kiln_conv_flt_row_f32(const float32_t *lhs,
                           int32_t k,
                           const float32_t *w,
                           bool packed,
                           int32_t oc,
                           const float32_t *bias,
                           float32_t *dst,
                           float32_t lo,
                           float32_t hi,
                           bool clamp);

/** Two output positions (lhs0 -> dst0, lhs1 -> dst1), clamped: the same bits as two kiln_conv_flt_row_f32 calls
 * (the Helium kernel shares each weight load between the two). */
void kiln_conv_flt_row2_f32(const float32_t *lhs0, const float32_t *lhs1, int32_t k, const float32_t *w, bool packed,
                            int32_t oc, const float32_t *bias, float32_t *dst0, float32_t *dst1, float32_t lo,
                            float32_t hi);
/** kiln_conv_flt_row2_f32 with each lhs given as n_seg runs of seg_len elements, seg_stride elements apart (a
 * window read in place from the input); k = seg_len x n_seg, same bits as the packed patch row. */
void kiln_conv_flt_row2_seg_f32(const float32_t *lhs0, const float32_t *lhs1, int32_t seg_len, int32_t n_seg,
                                int32_t seg_stride, const float32_t *w, bool packed, int32_t oc, const float32_t *bias,
                                float32_t *dst0, float32_t *dst1, float32_t lo, float32_t hi);

/** The route kernels; all batches, clamped to [lo, hi]. scratch: the route's scratch_bytes (patch GEMM:
 * scratch_rows patch rows, 1 or 2; two process output positions in pairs).
 * The conv1d routes run kiln_conv_flt_conv1d_f32 on the in_w - k + 1 fully covered output columns and the direct
 * kernel (clipping) on any further explicitly requested columns. */
void kiln_conv_flt_1x1_f32(const kiln_conv_flt_geom *g, const float32_t *in, const float32_t *w,
                           const float32_t *bias, float32_t *out, float32_t lo, float32_t hi);
void kiln_conv_flt_1xn_f32(const kiln_conv_flt_geom *g, const float32_t *in, const float32_t *w,
                           const float32_t *bias, float32_t *out, float32_t lo, float32_t hi, float32_t *scratch);
void kiln_conv_flt_conv1d_f32(const float32_t *x, int32_t in_c, int32_t k, const float32_t *w, bool packed,
                              const float32_t *bias, float32_t *out, int32_t out_c, int32_t out_w, float32_t lo,
                              float32_t hi, bool clamp);
void kiln_conv_flt_patch_gemm_f32(const kiln_conv_flt_geom *g, const float32_t *in, const float32_t *w,
                                  const float32_t *bias, float32_t *out, float32_t lo, float32_t hi,
                                  float32_t *scratch, int32_t scratch_rows);
/* Output columns [x_begin, out_w) of every row and batch (x_begin 0: all). Taps outside the input skipped. */
void kiln_conv_flt_direct_f32(const kiln_conv_flt_geom *g, const float32_t *in, const float32_t *w,
                              const float32_t *bias, float32_t *out, float32_t lo, float32_t hi, int32_t x_begin);
void kiln_conv_flt_pack_patch_f32(const float32_t *in, const kiln_conv_flt_geom *g, int32_t out_y, int32_t out_x,
                                  float32_t pad_value, float32_t *patch_row);

/** Runs a planned, validated convolution (shared by the router and the direct entries). */
void kiln_conv_flt_run_f32(const kiln_conv_flt_plan_t *p, const kiln_conv_flt_geom *g, const cmsis_nn_context *ctx,
                           const float32_t *in, const float32_t *w, const float32_t *bias, float32_t *out,
                           float32_t lo, float32_t hi);
#endif /* ARM_NN_ENABLE_F32 */

#if ARM_NN_ENABLE_F16
/* ---- float16 kernels (portable: kernels/kiln_conv_flt_c_f16.c). Float16 storage; float32 accumulation, or
 * float16 accumulation with acc16 (arm_convolve_f16_acc16). Activation bounds passed as float32 values. */

/**
 * One output position: dst[o] = clamp(bias[o] + sum_k lhs[k] * w(o, k)) for o < oc, with w standard
 * ([oc][k], packed == false) or NT_N_PACKED (blocks of KILN_CONV_F16_LANES channels). Each channel sums
 * its k terms in order from 0, then adds the bias: both weight formats give the same bits.
 * clamp == false stores the sum unclamped.
 */
void kiln_conv_flt_row_f16(const float16_t *lhs,
                           int32_t k,
                           const float16_t *w,
                           bool packed,
                           int32_t oc,
                           const float16_t *bias,
                           float16_t *dst,
                           float32_t lo,
                           float32_t hi,
                           bool clamp,
                           bool acc16);

/** The route kernels; all batches, clamped to [lo, hi]. scratch: the route's scratch_bytes.
 * The conv1d routes run kiln_conv_flt_conv1d_f16 on the in_w - k + 1 fully covered output columns and the direct
 * kernel (clipping) on any further explicitly requested columns. */
void kiln_conv_flt_1x1_f16(const kiln_conv_flt_geom *g, const float16_t *in, const float16_t *w,
                           const float16_t *bias, float16_t *out, float32_t lo, float32_t hi, bool acc16);
void kiln_conv_flt_1xn_f16(const kiln_conv_flt_geom *g, const float16_t *in, const float16_t *w,
                           const float16_t *bias, float16_t *out, float32_t lo, float32_t hi, float16_t *scratch,
                           bool acc16);
void kiln_conv_flt_conv1d_f16(const float16_t *x, int32_t in_c, int32_t k, const float16_t *w, bool packed,
                              const float16_t *bias, float16_t *out, int32_t out_c, int32_t out_w, float32_t lo,
                              float32_t hi, bool clamp, bool acc16);
void kiln_conv_flt_patch_gemm_f16(const kiln_conv_flt_geom *g, const float16_t *in, const float16_t *w,
                                  const float16_t *bias, float16_t *out, float32_t lo, float32_t hi,
                                  float16_t *scratch, bool acc16);
/* Output columns [x_begin, out_w) of every row and batch (x_begin 0: all). Taps outside the input skipped. */
void kiln_conv_flt_direct_f16(const kiln_conv_flt_geom *g, const float16_t *in, const float16_t *w,
                              const float16_t *bias, float16_t *out, float32_t lo, float32_t hi, int32_t x_begin,
                              bool acc16);
void kiln_conv_flt_pack_patch_f16(const float16_t *in, const kiln_conv_flt_geom *g, int32_t out_y, int32_t out_x,
                                  float16_t pad_value, float16_t *patch_row);

/** Runs a planned, validated convolution (shared by the router and the direct entries). */
void kiln_conv_flt_run_f16(const kiln_conv_flt_plan_t *p, const kiln_conv_flt_geom *g, const cmsis_nn_context *ctx,
                           const float16_t *in, const float16_t *w, const float16_t *bias, float16_t *out,
                           float32_t lo, float32_t hi, bool acc16);
#endif /* ARM_NN_ENABLE_F16 */

#ifdef __cplusplus
}
#endif

#endif /* KILN_CONV_FLT_H */
