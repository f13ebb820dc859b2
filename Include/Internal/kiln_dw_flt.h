/*
 * Kiln internals: float32 / float16 depthwise convolution. The one plan of the family (validation, the route
 * table walked in dispatch order, the route's exact scratch) and the kernel prototypes. The routers, the size
 * queries and the tests call kiln_dw_flt_plan(); arguments are validated there before any kernel runs.
 *
 * Routes, in dispatch order (first predicate that holds wins):
 *   k3       conv1d k3: float16 arm_nn_dw_f16_is_1d_k3(); float32 the same shape test (kiln_dw_flt_is_1d_k3()).
 *            Not taken with NN_DISABLE_SPECIALIZATION.
 *   2x5      float16 only: arm_nn_dw_f16_is_2x5(). Not taken with NN_DISABLE_SPECIALIZATION.
 *   3x3      the channel-multiplier-1 route: ch_mult 1, a 3x3 filter, unit dilation (any stride and padding).
 *   cin1     MVE-float builds: arm_nn_dw_f16_is_cin1() (float32: the same shape test) and ctx states at least
 *            arm_nn_dw_f16_cin1_min_ctx_size() (float32: filter packed in blocks of 4 plus one patch row):
 *            the depthwise layer is run as a convolution with one input channel (the float convolution's
 *            packed-patch GEMM kernel, the filter packed into ctx).
 *   nt_t     ctx states at least one depthwise patch row (KH x KW x C_OUT elements): patch rows in ctx, then
 *            arm_nn_depthwise_conv_nt_t_f32/_f16.
 *   generic  everything else: direct, no scratch.
 * Float32 has no 2x5 route (api.json has no float32 2x5 kernel); its other routes mirror the float16 ones.
 * "ctx states n bytes": ctx and ctx->buf non-NULL and ctx->size >= n (an unstated size, 0, takes no optional
 * route). Size queries plan with INT64_MAX stated bytes and return the route's scratch.
 */
#ifndef KILN_DW_FLT_H
#define KILN_DW_FLT_H

#include <string.h>

#include "Internal/kiln_common.h"
#include "Internal/kiln_conv_flt.h"
#include "arm_nnfunctions_flt.h"
#include "arm_nnsupportfunctions_flt.h"

#ifdef __cplusplus
extern "C" {
#endif

#if ARM_NN_FLOAT_API_ENABLED

typedef enum
{
    KILN_DW_FLT_ROUTE_K3 = 0,
    KILN_DW_FLT_ROUTE_2X5 = 1,
    KILN_DW_FLT_ROUTE_3X3 = 2,
    KILN_DW_FLT_ROUTE_CIN1 = 3,
    KILN_DW_FLT_ROUTE_NT_T = 4,
    KILN_DW_FLT_ROUTE_GENERIC = 5,
    KILN_DW_FLT_ROUTE_COUNT = 6
} kiln_dw_flt_route;

/** Validated geometry (all routes). */
typedef struct
{
    int32_t n, in_h, in_w, in_c, ch_mult;
    int32_t k_h, k_w;
    int32_t out_h, out_w, out_c;
    int32_t stride_h, stride_w, pad_h, pad_w, dil_h, dil_w;
} kiln_dw_flt_geom;

typedef struct
{
    bool empty;              /* valid request with an empty output: nothing to do */
    kiln_dw_flt_route route; /* meaningless when empty */
    const char *name;        /* route name */
    int64_t scratch_bytes;   /* bytes of ctx the route uses */
    int32_t rows;            /* patch rows in ctx (nt_t, cin1), else 0 */
    kiln_dw_flt_geom g;
} kiln_dw_flt_plan_t;

/* Patch rows the nt_t route keeps in ctx (output positions per kernel call). */
#define KILN_DW_FLT_NT_T_ROWS (1)

/** The request, as the route predicates see it. */
typedef struct
{
    kiln_flt_dtype dtype;
    kiln_isa isa;
    int64_t stated; /* bytes ctx states */
    const kiln_dw_flt_geom *g;
    const cmsis_nn_dims *in, *flt, *out;
#if ARM_NN_ENABLE_F16
    const cmsis_nn_dw_conv_params_f16 *p16; /* float16 requests: the caller's parameters */
#endif
} kiln_dw_flt_req;

/** One entry of the route table: name, predicate (with the scratch it needs), scratch it takes. */
typedef struct
{
    kiln_dw_flt_route route;
    const char *name;
    bool (*applies)(const kiln_dw_flt_req *q);
    int64_t (*scratch)(const kiln_dw_flt_req *q, int32_t *rows);
} kiln_dw_flt_route_entry;

static inline size_t kiln_dw_flt_elem(kiln_flt_dtype dtype)
{
    return dtype == KILN_FLT_F32 ? 4u : 2u;
}

/* ---- shape predicates on the validated geometry (the float32 routes; float16 uses the public ones) ---- */

/* The one-input-channel route's convolution geometry: the depthwise layer as a convolution with one input
 * channel and out_c filters, NT_N_PACKED weights (the route packs the depthwise filter that way). */
static inline kiln_conv_flt_geom kiln_dw_flt_cin1_conv_geom(const kiln_dw_flt_geom *g)
{
    kiln_conv_flt_geom cg;
    cg.n = g->n;
    cg.in_h = g->in_h;
    cg.in_w = g->in_w;
    cg.in_c = 1;
    cg.k_h = g->k_h;
    cg.k_w = g->k_w;
    cg.out_h = g->out_h;
    cg.out_w = g->out_w;
    cg.out_c = g->out_c;
    cg.stride_h = g->stride_h;
    cg.stride_w = g->stride_w;
    cg.pad_h = g->pad_h;
    cg.pad_w = g->pad_w;
    cg.dil_h = g->dil_h;
    cg.dil_w = g->dil_w;
    cg.packed = true;
    return cg;
}

/* Taps t in [0, k) whose coordinate base + t * dil lies in [0, size): [*t0, *t1) (every float depthwise kernel's
 * window clipping). 32-bit unsigned arithmetic, no 64-bit division on the M-profile cores: |base|, size and dil
 * are below 2^31, dil >= 1. */
static inline uint32_t kiln_dw_flt_ceil_div(uint32_t a, uint32_t d)
{
    return a / d + (a % d != 0u ? 1u : 0u);
}

static inline void kiln_dw_flt_taps(int32_t base, int32_t k, int32_t dil, int32_t size, int32_t *t0, int32_t *t1)
{
    const uint32_t a = base < 0 ? kiln_dw_flt_ceil_div(0u - (uint32_t)base, (uint32_t)dil) : 0u;
    const uint32_t b = base < size ? kiln_dw_flt_ceil_div((uint32_t)size - (uint32_t)base, (uint32_t)dil) : 0u;
    *t0 = a > (uint32_t)k ? k : (int32_t)a;
    *t1 = b < (uint32_t)*t0 ? *t0 : (b > (uint32_t)k ? k : (int32_t)b);
}

static inline bool kiln_dw_flt_unit_unpadded(const kiln_dw_flt_geom *g)
{
    return g->stride_h == 1 && g->stride_w == 1 && g->dil_h == 1 && g->dil_w == 1 && g->pad_h == 0 && g->pad_w == 0;
}

/** conv1d k3 shape (as arm_nn_dw_f16_is_1d_k3()). */
static inline bool kiln_dw_flt_is_1d_k3(const kiln_dw_flt_geom *g)
{
    return g->n == 1 && g->ch_mult == 1 && g->k_h == 1 && g->k_w == 3 && g->in_h == 1 && g->out_h == 1 &&
        kiln_dw_flt_unit_unpadded(g);
}

/** 3x3 route shape: channel multiplier 1, 3x3 filter, unit dilation. */
static inline bool kiln_dw_flt_is_3x3(const kiln_dw_flt_geom *g)
{
    return g->ch_mult == 1 && g->k_h == 3 && g->k_w == 3 && g->dil_h == 1 && g->dil_w == 1;
}

/** One input channel (as arm_nn_dw_f16_is_cin1()). */
static inline bool kiln_dw_flt_is_cin1(const kiln_dw_flt_geom *g)
{
    return g->in_c == 1 && g->out_c >= CONVERT_DW_CONV_WITH_ONE_INPUT_CH_AND_OUTPUT_CH_ABOVE_THRESHOLD;
}

/** Bytes of the cin1 route's packed filter: C_OUT rounded up to the conv block, times KH x KW. */
static inline int64_t kiln_dw_flt_cin1_filter_bytes(const kiln_dw_flt_geom *g, kiln_flt_dtype dtype)
{
    const int64_t lanes = dtype == KILN_FLT_F32 ? KILN_CONV_F32_LANES : KILN_CONV_F16_LANES;
    return ((int64_t)g->out_c + lanes - 1) / lanes * lanes * ((int64_t)g->k_h * g->k_w) *
        (int64_t)kiln_dw_flt_elem(dtype);
}

/** Bytes of one cin1 patch row (KH x KW elements). */
static inline int64_t kiln_dw_flt_cin1_row_bytes(const kiln_dw_flt_geom *g, kiln_flt_dtype dtype)
{
    return (int64_t)g->k_h * g->k_w * (int64_t)kiln_dw_flt_elem(dtype);
}

/** Bytes of one depthwise patch row (KH x KW x C_OUT elements). */
static inline int64_t kiln_dw_flt_row_bytes(const kiln_dw_flt_geom *g, kiln_flt_dtype dtype)
{
    return (int64_t)g->k_h * g->k_w * g->out_c * (int64_t)kiln_dw_flt_elem(dtype);
}

/* ---- the route table ---- */

static inline bool kiln_dw_flt_applies_k3(const kiln_dw_flt_req *q)
{
#if defined(NN_DISABLE_SPECIALIZATION)
    (void)q;
    return false;
#else
#if ARM_NN_ENABLE_F16
    if (q->dtype == KILN_FLT_F16)
    {
        return arm_nn_dw_f16_is_1d_k3(q->p16, q->in, q->flt, q->out);
    }
#endif
    return kiln_dw_flt_is_1d_k3(q->g);
#endif
}

static inline bool kiln_dw_flt_applies_2x5(const kiln_dw_flt_req *q)
{
#if defined(NN_DISABLE_SPECIALIZATION) || !ARM_NN_ENABLE_F16
    (void)q;
    return false;
#else
    return q->dtype == KILN_FLT_F16 && arm_nn_dw_f16_is_2x5(q->p16, q->in, q->flt, q->out);
#endif
}

static inline bool kiln_dw_flt_applies_3x3(const kiln_dw_flt_req *q)
{
    return kiln_dw_flt_is_3x3(q->g);
}

static inline int64_t kiln_dw_flt_cin1_min(const kiln_dw_flt_req *q)
{
#if ARM_NN_ENABLE_F16
    if (q->dtype == KILN_FLT_F16)
    {
        return arm_nn_dw_f16_cin1_min_ctx_size(q->flt, q->out);
    }
#endif
    return kiln_dw_flt_cin1_filter_bytes(q->g, q->dtype) + kiln_dw_flt_cin1_row_bytes(q->g, q->dtype);
}

static inline bool kiln_dw_flt_applies_cin1(const kiln_dw_flt_req *q)
{
    if (q->isa != KILN_ISA_MVE)
    {
        return false;
    }
    bool shape;
#if ARM_NN_ENABLE_F16
    if (q->dtype == KILN_FLT_F16)
    {
        shape = arm_nn_dw_f16_is_cin1(q->in, q->out);
    }
    else
#endif
    {
        shape = kiln_dw_flt_is_cin1(q->g);
    }
    return shape && q->stated >= kiln_dw_flt_cin1_min(q);
}

static inline int64_t kiln_dw_flt_scratch_cin1(const kiln_dw_flt_req *q, int32_t *rows)
{
    /* One patch row; the float32 Helium conv kernel takes output positions in pairs when ctx holds two. */
    const int64_t one = kiln_dw_flt_cin1_min(q);
    const int64_t row = kiln_dw_flt_cin1_row_bytes(q->g, q->dtype);
    if (q->dtype == KILN_FLT_F32 && q->stated >= one + row)
    {
        *rows = 2;
        return one + row;
    }
    *rows = 1;
    return one;
}

static inline bool kiln_dw_flt_applies_nt_t(const kiln_dw_flt_req *q)
{
    return q->stated >= kiln_dw_flt_row_bytes(q->g, q->dtype);
}

static inline int64_t kiln_dw_flt_scratch_nt_t(const kiln_dw_flt_req *q, int32_t *rows)
{
    *rows = KILN_DW_FLT_NT_T_ROWS;
    return KILN_DW_FLT_NT_T_ROWS * kiln_dw_flt_row_bytes(q->g, q->dtype);
}

static inline bool kiln_dw_flt_applies_always(const kiln_dw_flt_req *q)
{
    (void)q;
    return true;
}

static inline int64_t kiln_dw_flt_scratch_none(const kiln_dw_flt_req *q, int32_t *rows)
{
    (void)q;
    *rows = 0;
    return 0;
}

/** The route table, in dispatch order. */
static inline const kiln_dw_flt_route_entry *kiln_dw_flt_routes(void)
{
    static const kiln_dw_flt_route_entry table[KILN_DW_FLT_ROUTE_COUNT] = {
        {KILN_DW_FLT_ROUTE_K3, "k3", kiln_dw_flt_applies_k3, kiln_dw_flt_scratch_none},
        {KILN_DW_FLT_ROUTE_2X5, "2x5", kiln_dw_flt_applies_2x5, kiln_dw_flt_scratch_none},
        {KILN_DW_FLT_ROUTE_3X3, "3x3", kiln_dw_flt_applies_3x3, kiln_dw_flt_scratch_none},
        {KILN_DW_FLT_ROUTE_CIN1, "cin1", kiln_dw_flt_applies_cin1, kiln_dw_flt_scratch_cin1},
        {KILN_DW_FLT_ROUTE_NT_T, "nt_t", kiln_dw_flt_applies_nt_t, kiln_dw_flt_scratch_nt_t},
        {KILN_DW_FLT_ROUTE_GENERIC, "generic", kiln_dw_flt_applies_always, kiln_dw_flt_scratch_none},
    };
    return table;
}

/** Name of a route, "?" for an unknown id. */
static inline const char *kiln_dw_flt_route_name(int route)
{
    return (route >= 0 && route < (int)KILN_DW_FLT_ROUTE_COUNT) ? kiln_dw_flt_routes()[route].name : "?";
}

/**
 * Validation (all dtypes): non-NULL structs, NHWC layout, no negative dimension, stride and dilation >= 1,
 * padding >= 0, ch_mult >= 1, C_IN >= 1, KH >= 1, KW >= 1, filter C == output C == C_IN x ch_mult, output N ==
 * input N (filter N is not read). An empty output (N, H or W zero) is then valid. Otherwise also input H, W >= 1,
 * arm_nn_conv_flt_axis_ok() on both axes, KH x KW x C_OUT <= INT32_MAX and the byte sizes of input, output and
 * filter at most PTRDIFF_MAX.
 */
static inline bool kiln_dw_flt_validate(int32_t ch_mult, const cmsis_nn_tile *stride, const cmsis_nn_tile *padding,
                                        const cmsis_nn_tile *dilation, int32_t layout, const cmsis_nn_dims *in,
                                        const cmsis_nn_dims *flt, const cmsis_nn_dims *out, size_t elem,
                                        kiln_dw_flt_geom *g, bool *empty)
{
    if (in == NULL || flt == NULL || out == NULL || layout != (int32_t)ARM_NN_LAYOUT_NHWC)
    {
        return false;
    }
    if (in->n < 0 || in->h < 0 || in->w < 0 || in->c < 1 || flt->h < 1 || flt->w < 1 || out->n < 0 || out->h < 0 ||
        out->w < 0 || out->c < 1 || ch_mult < 1 || stride->h < 1 || stride->w < 1 || dilation->h < 1 ||
        dilation->w < 1 || padding->h < 0 || padding->w < 0)
    {
        return false;
    }
    if ((int64_t)in->c * ch_mult != (int64_t)out->c || flt->c != out->c || out->n != in->n)
    {
        return false;
    }
    *empty = arm_nn_conv_flt_empty(out);
    if (!*empty)
    {
        if (in->h < 1 || in->w < 1 ||
            !arm_nn_conv_flt_axis_ok(out->h, flt->h, stride->h, padding->h, dilation->h) ||
            !arm_nn_conv_flt_axis_ok(out->w, flt->w, stride->w, padding->w, dilation->w))
        {
            return false;
        }
        const int64_t taps = (int64_t)flt->h * flt->w;
        if (taps > (int64_t)INT32_MAX / out->c)
        {
            return false;
        }
        const int64_t max_elems = (int64_t)(PTRDIFF_MAX / (ptrdiff_t)elem);
        const int64_t in_n = kiln_dims_count(in);
        const int64_t out_n = kiln_dims_count(out);
        if (in_n > max_elems || out_n > max_elems || taps * out->c > max_elems)
        {
            return false;
        }
    }
    g->n = in->n;
    g->in_h = in->h;
    g->in_w = in->w;
    g->in_c = in->c;
    g->ch_mult = ch_mult;
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
    return true;
}

/** Validation of a direct route kernel's scalar arguments (unit dilation), as kiln_dw_flt_validate(). */
static inline bool kiln_dw_flt_kernel_geom(int32_t batches, int32_t in_h, int32_t in_w, int32_t in_c,
                                           int32_t ch_mult, int32_t k_h, int32_t k_w, int32_t out_h, int32_t out_w,
                                           int32_t stride_x, int32_t stride_y, int32_t pad_x, int32_t pad_y,
                                           size_t elem, kiln_dw_flt_geom *g, bool *empty)
{
    const int64_t oc = (int64_t)in_c * ch_mult;
    if (in_c < 1 || ch_mult < 1 || oc > INT32_MAX)
    {
        return false;
    }
    const cmsis_nn_dims in = {batches, in_h, in_w, in_c};
    const cmsis_nn_dims flt = {1, k_h, k_w, (int32_t)oc};
    const cmsis_nn_dims out = {batches, out_h, out_w, (int32_t)oc};
    cmsis_nn_tile stride, pad, dil;
    stride.w = stride_x;
    stride.h = stride_y;
    pad.w = pad_x;
    pad.h = pad_y;
    dil.w = 1;
    dil.h = 1;
    return kiln_dw_flt_validate(ch_mult, &stride, &pad, &dil, (int32_t)ARM_NN_LAYOUT_NHWC, &in, &flt, &out, elem, g,
                                empty);
}

/** The route walk of a validated, nonempty request. */
static inline void kiln_dw_flt_pick(const kiln_dw_flt_req *q, kiln_dw_flt_plan_t *p)
{
    const kiln_dw_flt_route_entry *t = kiln_dw_flt_routes();
    for (int i = 0; i < (int)KILN_DW_FLT_ROUTE_COUNT; i++)
    {
        if (t[i].applies(q))
        {
            p->route = t[i].route;
            p->name = t[i].name;
            p->scratch_bytes = t[i].scratch(q, &p->rows);
            return;
        }
    }
}

/** The scratch a caller states: ctx->size when ctx and ctx->buf are non-NULL and size > 0, else 0. */
static inline int64_t kiln_dw_flt_ctx_bytes(const cmsis_nn_context *ctx)
{
    return (ctx != NULL && ctx->buf != NULL && ctx->size > 0) ? (int64_t)ctx->size : 0;
}

#endif /* ARM_NN_FLOAT_API_ENABLED */

#if ARM_NN_ENABLE_F32
/**
 * The float32 plan: validates (kiln_dw_flt_validate()) and walks the route table. stated: the bytes ctx states
 * (kiln_dw_flt_ctx_bytes()), INT64_MAX for a size query. isa: KILN_ISA_MVE for an MVE-float build's answer.
 */
static inline arm_cmsis_nn_status kiln_dw_f32_plan(const cmsis_nn_dw_conv_params_f32 *params, int32_t layout,
                                                   const cmsis_nn_dims *in, const cmsis_nn_dims *flt,
                                                   const cmsis_nn_dims *out, kiln_isa isa, int64_t stated,
                                                   kiln_dw_flt_plan_t *p)
{
    p->empty = false;
    p->route = KILN_DW_FLT_ROUTE_GENERIC;
    p->name = "generic";
    p->scratch_bytes = 0;
    p->rows = 0;
    if (params == NULL || !kiln_dw_flt_validate(params->ch_mult, &params->stride, &params->padding,
                                                &params->dilation, layout, in, flt, out, 4u, &p->g, &p->empty))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (!p->empty)
    {
        kiln_dw_flt_req q;
        memset(&q, 0, sizeof(q));
        q.dtype = KILN_FLT_F32;
        q.isa = isa;
        q.stated = stated;
        q.g = &p->g;
        q.in = in;
        q.flt = flt;
        q.out = out;
        kiln_dw_flt_pick(&q, p);
    }
    return ARM_CMSIS_NN_SUCCESS;
}

/* ---- float32 kernels (portable: kernels/kiln_dw_flt_c_f32.c; Helium: kernels/kiln_dw_flt_mve_f32.c) ---- */

/** Generic route: output columns [x_begin, out_w) of every row and batch; taps outside the input skipped.
 * Each output sums its taps in (ky, kx) order from 0, then adds its bias (NULL: 0), then clamps. */
void kiln_dw_flt_generic_f32(const kiln_dw_flt_geom *g, const float32_t *in, const float32_t *w,
                             const float32_t *bias, float32_t *out, float32_t lo, float32_t hi, int32_t x_begin);
#if KILN_FLT_BUILD_MVE
/** Helium version of the generic kernel (kernels/kiln_dw_flt_mve_f32.c): the same contract; the sum starts from
 * the bias. */
void kiln_dw_flt_generic_mve_f32(const kiln_dw_flt_geom *g, const float32_t *in, const float32_t *w,
                                 const float32_t *bias, float32_t *out, float32_t lo, float32_t hi, int32_t x_begin);
#endif
/** The generic kernel of this build's backend (Helium on MVE-float builds, else portable). */
static inline void kiln_dw_flt_generic_native_f32(const kiln_dw_flt_geom *g, const float32_t *in, const float32_t *w,
                                                  const float32_t *bias, float32_t *out, float32_t lo, float32_t hi,
                                                  int32_t x_begin)
{
#if KILN_FLT_BUILD_MVE
    kiln_dw_flt_generic_mve_f32(g, in, w, bias, out, lo, hi, x_begin);
#else
    kiln_dw_flt_generic_f32(g, in, w, bias, out, lo, hi, x_begin);
#endif
}
/** 3x3 route (ch_mult 1, unit dilation; any stride and padding). */
void kiln_dw_flt_3x3_f32(const kiln_dw_flt_geom *g, const float32_t *in, const float32_t *w, const float32_t *bias,
                         float32_t *out, float32_t lo, float32_t hi);
/** conv1d k3 on out_w fully covered columns of one row: out[x][c] = b[c] + sum_t x[x + t][c] w[t][c]
 * (clamped when clamp). */
void kiln_dw_flt_k3_f32(const float32_t *x, int32_t ch, const float32_t *w, const float32_t *bias, float32_t *out,
                        int32_t out_w, float32_t lo, float32_t hi, bool clamp);
/** nt_t kernel: out[r * stride + c] = clamp(bias[c] + sum_k lhs[(r * taps + k) * ch + c] x rhs[k * ch + c]). */
void kiln_dw_flt_nt_t_f32(const float32_t *lhs, const float32_t *rhs, const float32_t *bias, float32_t *out,
                          int32_t rows, int32_t ch, int32_t taps, int32_t out_stride, float32_t lo, float32_t hi);
/** One depthwise patch row of output (y, x) of image img: row[k * C_OUT + o] = input tap k of channel
 * o / ch_mult, 0 outside the input. */
void kiln_dw_flt_patch_f32(const float32_t *img, const kiln_dw_flt_geom *g, int32_t y, int32_t x, float32_t *row);
/** Runs a planned, validated request. */
void kiln_dw_flt_run_f32(const kiln_dw_flt_plan_t *p, const cmsis_nn_context *ctx, const float32_t *in,
                         const float32_t *w, const float32_t *bias, float32_t *out, float32_t lo, float32_t hi);
#endif /* ARM_NN_ENABLE_F32 */

#if ARM_NN_ENABLE_F16
/** The float16 plan (as kiln_dw_f32_plan(), with the public float16 route predicates). */
static inline arm_cmsis_nn_status kiln_dw_f16_plan(const cmsis_nn_dw_conv_params_f16 *params, int32_t layout,
                                                   const cmsis_nn_dims *in, const cmsis_nn_dims *flt,
                                                   const cmsis_nn_dims *out, kiln_isa isa, int64_t stated,
                                                   kiln_dw_flt_plan_t *p)
{
    p->empty = false;
    p->route = KILN_DW_FLT_ROUTE_GENERIC;
    p->name = "generic";
    p->scratch_bytes = 0;
    p->rows = 0;
    if (params == NULL || !kiln_dw_flt_validate(params->ch_mult, &params->stride, &params->padding,
                                                &params->dilation, layout, in, flt, out, 2u, &p->g, &p->empty))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (!p->empty)
    {
        kiln_dw_flt_req q;
        memset(&q, 0, sizeof(q));
        q.dtype = KILN_FLT_F16;
        q.isa = isa;
        q.stated = stated;
        q.g = &p->g;
        q.in = in;
        q.flt = flt;
        q.out = out;
        q.p16 = params;
        kiln_dw_flt_pick(&q, p);
    }
    return ARM_CMSIS_NN_SUCCESS;
}

/* ---- float16 kernels (portable: kernels/kiln_dw_flt_c_f16.c; Helium: kernels/kiln_dw_flt_mve_f16.c for 3x3,
 * kernels/kiln_dw_flt_mve_f16_routes.c for generic, conv1d k3, 2x5 and nt_t, all with the portable bits).
 * Float16 storage, float32 accumulation (products of halves are exact), rounded once to float16, then clamped.
 * Same summation order as the float32 kernels. The Helium 3x3 kernel gives the portable kernel's bits; its
 * stride-1 path for full eight-channel blocks with finite taps widens input rows into a ring on the stack
 * (2072 bytes of kernel stack on the M55 build) and adds padding taps as zeros, which leaves the bits unchanged
 * for finite taps; other blocks skip them. */
void kiln_dw_flt_generic_f16(const kiln_dw_flt_geom *g, const float16_t *in, const float16_t *w,
                             const float16_t *bias, float16_t *out, float16_t lo, float16_t hi, int32_t x_begin);
#if KILN_FLT_BUILD_MVE
/** Helium version of the generic kernel (kernels/kiln_dw_flt_mve_f16_routes.c): the same contract and bits. The
 * conv1d k3, 2x5 and nt_t kernels below are Helium on MVE-float builds too (same file; portable elsewhere). */
void kiln_dw_flt_generic_mve_f16(const kiln_dw_flt_geom *g, const float16_t *in, const float16_t *w,
                                 const float16_t *bias, float16_t *out, float16_t lo, float16_t hi, int32_t x_begin);
#endif
/** The generic kernel of this build's backend (Helium on MVE-float builds, else portable). */
static inline void kiln_dw_flt_generic_native_f16(const kiln_dw_flt_geom *g, const float16_t *in, const float16_t *w,
                                                  const float16_t *bias, float16_t *out, float16_t lo, float16_t hi,
                                                  int32_t x_begin)
{
#if KILN_FLT_BUILD_MVE
    kiln_dw_flt_generic_mve_f16(g, in, w, bias, out, lo, hi, x_begin);
#else
    kiln_dw_flt_generic_f16(g, in, w, bias, out, lo, hi, x_begin);
#endif
}
void kiln_dw_flt_3x3_f16(const kiln_dw_flt_geom *g, const float16_t *in, const float16_t *w, const float16_t *bias,
                         float16_t *out, float16_t lo, float16_t hi);
void kiln_dw_flt_k3_f16(const float16_t *x, int32_t ch, const float16_t *w, const float16_t *bias, float16_t *out,
                        int32_t out_w, float16_t lo, float16_t hi, bool clamp);
/** 2x5 route on out_w fully covered columns of every batch (input height 2, output height 1, any ch_mult). */
void kiln_dw_flt_2x5_f16(const float16_t *x, int32_t batches, int32_t in_c, int32_t in_w, int32_t ch_mult,
                         const float16_t *w, const float16_t *bias, float16_t *out, int32_t out_w, float16_t lo,
                         float16_t hi);
void kiln_dw_flt_nt_t_f16(const float16_t *lhs, const float16_t *rhs, const float16_t *bias, float16_t *out,
                          int32_t rows, int32_t ch, int32_t taps, int32_t out_stride, float16_t lo, float16_t hi);
void kiln_dw_flt_patch_f16(const float16_t *img, const kiln_dw_flt_geom *g, int32_t y, int32_t x, float16_t *row);
void kiln_dw_flt_run_f16(const kiln_dw_flt_plan_t *p, const cmsis_nn_context *ctx, const float16_t *in,
                         const float16_t *w, const float16_t *bias, float16_t *out, float16_t lo, float16_t hi);
#endif /* ARM_NN_ENABLE_F16 */

#ifdef __cplusplus
}
#endif

#endif /* KILN_DW_FLT_H */
