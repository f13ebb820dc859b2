/*
 * Kiln internals: float32 / float16 fully connected, average / max pooling and softmax.
 * The public entries validate every argument (kiln_fc_flt_plan, kiln_pool_flt_check, kiln_softmax_flt_check)
 * before a kernel runs; the kernels trust their arguments.
 *
 * Backends: the portable C kernels (kernels/kiln_*_c_f32.c, _c_f16.c) and, on Helium float builds
 * (ARM_MATH_MVEF), the MVE kernels (kernels/kiln_*_mve_f32.c, _mve_f16.c). Float16 is a storage type on
 * every backend: products, sums, averages and exponentials are computed in float32 and rounded once.
 */
#ifndef KILN_FLT_OPS_H
#define KILN_FLT_OPS_H

#include "Internal/kiln_common.h"
#include "Internal/kiln_exp_flt.h"
#include "Internal/kiln_mve_f16.h"
#include "arm_nnfunctions_flt.h"

#ifdef __cplusplus
extern "C"
{
#endif

#if ARM_NN_FLOAT_API_ENABLED

/* Helium float kernels (MVE-F); KILN_FORCE_PORTABLE builds leave ARM_MATH_MVEF undefined. */
#if defined(ARM_MATH_MVEF) && !defined(ARM_MATH_AUTOVECTORIZE)
#define KILN_FLT_OPS_MVE 1
#else
#define KILN_FLT_OPS_MVE 0
#endif

/* NT_N_PACKED weight blocks (the same packing as arm_nn_pack_rhs_nt_n_f32 / _f16). */
#define KILN_FC_F32_BLOCK (4)
#define KILN_FC_F16_BLOCK (8)

    /** Byte counts that fit both ptrdiff_t and size_t. */
    static inline bool kiln_flt_bytes_ok(int64_t elems, int64_t elem_size)
    {
        const int64_t lim =
            (int64_t)PTRDIFF_MAX < (int64_t)(SIZE_MAX >> 1) ? (int64_t)PTRDIFF_MAX : (int64_t)(SIZE_MAX >> 1);
        return elems >= 0 && elems <= lim / elem_size;
    }

    /* ---- fully connected -------------------------------------------------------------------------------- */

    typedef enum
    {
        KILN_FC_FLT_ROUTE_ROWS = 0,   /* standard weights: one row of accum floats per output */
        KILN_FC_FLT_ROUTE_PACKED = 1, /* NT_N_PACKED weights: blocks of 4 (f32) / 8 (f16) outputs, column-major */
    } kiln_fc_flt_route;

    typedef struct
    {
        bool empty;              /* valid request with nothing to write (no batch or no output) */
        kiln_fc_flt_route route; /* weight walk */
        int32_t batches;         /* rows of input and output */
        int32_t accum;           /* elements per input row = filter_dims->n = input h x w x c */
        int32_t out_ch;          /* outputs per row */
        int64_t scratch_bytes;   /* always 0: no route uses scratch */
    } kiln_fc_flt_plan_t;

    /**
     * The one plan of the float fully connected family: validates the metadata (layout NHWC, known weight format,
     * dims non-negative, filter_dims->n == input h x w x c, filter 1 x 1 in h and w, filter_dims->c == output
     * c, output n x h x w == input n, bias_dims->c == output c when given, every buffer's bytes within
     * PTRDIFF_MAX) and names the route. elem: 4 or 2; block: packed-weight block.
     */
    static inline arm_cmsis_nn_status kiln_fc_flt_plan(int32_t weight_format,
                                                       int32_t layout,
                                                       const cmsis_nn_dims *in,
                                                       const cmsis_nn_dims *flt,
                                                       const cmsis_nn_dims *bias_dims,
                                                       const cmsis_nn_dims *out,
                                                       int64_t elem,
                                                       int64_t block,
                                                       kiln_fc_flt_plan_t *p)
    {
        p->empty = true;
        p->route = KILN_FC_FLT_ROUTE_ROWS;
        p->batches = 0;
        p->accum = 0;
        p->out_ch = 0;
        p->scratch_bytes = 0;
        if (in == NULL || flt == NULL || out == NULL || layout != (int32_t)ARM_NN_LAYOUT_NHWC ||
            (weight_format != (int32_t)ARM_NN_WEIGHT_FORMAT_STANDARD &&
             weight_format != (int32_t)ARM_NN_WEIGHT_FORMAT_NT_N_PACKED))
        {
            return ARM_CMSIS_NN_ARG_ERROR;
        }
        const int64_t n_in = kiln_dims_count(in);
        const int64_t n_flt = kiln_dims_count(flt);
        const int64_t n_out = kiln_dims_count(out);
        if (n_in < 0 || n_flt < 0 || n_out < 0)
        {
            return ARM_CMSIS_NN_ARG_ERROR;
        }
        /* h x w x c within int32 (w x c < 2^62 fits; then divide instead of multiplying further) */
        const int64_t wc = (int64_t)in->w * in->c;
        if ((in->h != 0 && wc > INT32_MAX / in->h) || (int64_t)flt->n != (int64_t)in->h * wc || flt->h != 1 ||
            flt->w != 1 || flt->c != out->c)
        {
            return ARM_CMSIS_NN_ARG_ERROR;
        }
        /* output n x h x w == input n, in 64 bits (n x h < 2^62; divide before the third factor) */
        const int64_t out_nh = (int64_t)out->n * out->h;
        if ((out->w != 0 && out_nh > INT64_MAX / out->w) || out_nh * out->w != (int64_t)in->n)
        {
            return ARM_CMSIS_NN_ARG_ERROR;
        }
        if (bias_dims != NULL && (bias_dims->c != out->c))
        {
            return ARM_CMSIS_NN_ARG_ERROR;
        }
        const bool packed = weight_format == (int32_t)ARM_NN_WEIGHT_FORMAT_NT_N_PACKED;
        const int64_t accum = (int64_t)in->h * wc;
        const int64_t rows = packed ? ((int64_t)out->c + block - 1) / block * block : (int64_t)out->c;
        if (!kiln_flt_bytes_ok(n_in, elem) || !kiln_flt_bytes_ok(n_out, elem) ||
            !kiln_flt_bytes_ok(kiln_mul_sat64(rows, accum), elem))
        {
            return ARM_CMSIS_NN_ARG_ERROR;
        }
        p->route = packed ? KILN_FC_FLT_ROUTE_PACKED : KILN_FC_FLT_ROUTE_ROWS;
        p->batches = in->n;
        p->accum = (int32_t)accum;
        p->out_ch = out->c;
        p->empty = in->n == 0 || out->c == 0;
        return ARM_CMSIS_NN_SUCCESS;
    }

    /**
     * Everything a float fully connected entry checks, in its order: activation lo <= hi (neither NaN), the plan
     * (kiln_fc_flt_plan, fills p; bias_dims is checked only with a bias), then the data pointers unless the output
     * is empty (input and kernel may be NULL only for an empty accumulation).
     */
    static inline arm_cmsis_nn_status kiln_fc_flt_entry_check(int32_t weight_format,
                                                              float32_t lo,
                                                              float32_t hi,
                                                              int32_t layout,
                                                              const cmsis_nn_dims *input_dims,
                                                              const void *input,
                                                              const cmsis_nn_dims *filter_dims,
                                                              const void *kernel,
                                                              const cmsis_nn_dims *bias_dims,
                                                              const void *bias,
                                                              const cmsis_nn_dims *output_dims,
                                                              const void *output,
                                                              int64_t elem,
                                                              int32_t block,
                                                              kiln_fc_flt_plan_t *p)
    {
        if (!(lo <= hi) ||
            kiln_fc_flt_plan(weight_format, layout, input_dims, filter_dims, bias != NULL ? bias_dims : NULL,
                             output_dims, elem, block, p) != ARM_CMSIS_NN_SUCCESS)
        {
            return ARM_CMSIS_NN_ARG_ERROR;
        }
        if (!p->empty && (output == NULL || (p->accum > 0 && (input == NULL || kernel == NULL))))
        {
            return ARM_CMSIS_NN_ARG_ERROR;
        }
        return ARM_CMSIS_NN_SUCCESS;
    }

    /** Route name (demo, planner). */
    static inline const char *kiln_fc_flt_route_name(kiln_fc_flt_route r)
    {
        return r == KILN_FC_FLT_ROUTE_PACKED ? "packed" : "rows";
    }

    /* ---- pooling ------------------------------------------------------------------------------------------ */

    typedef struct
    {
        int32_t n, in_h, in_w, c;
        int32_t k_h, k_w;
        int32_t out_h, out_w;
        int32_t stride_h, stride_w, pad_h, pad_w;
        bool empty;
    } kiln_pool_flt_geom;

    /**
     * Validates a float pooling request: strides >= 1, padding >= 0, filter h, w >= 1, dims >= 0, output c ==
     * input c, output n == input n, every window coordinate (out - 1) x stride - pad + k within int32, buffer
     * bytes within PTRDIFF_MAX. Fills g.
     */
    static inline arm_cmsis_nn_status kiln_pool_flt_check(const cmsis_nn_tile *stride,
                                                          const cmsis_nn_tile *padding,
                                                          const cmsis_nn_dims *in,
                                                          const cmsis_nn_dims *flt,
                                                          const cmsis_nn_dims *out,
                                                          int64_t elem,
                                                          kiln_pool_flt_geom *g)
    {
        if (in == NULL || flt == NULL || out == NULL || stride->h < 1 || stride->w < 1 || padding->h < 0 ||
            padding->w < 0 || flt->h < 1 || flt->w < 1)
        {
            return ARM_CMSIS_NN_ARG_ERROR;
        }
        const int64_t n_in = kiln_dims_count(in);
        const int64_t n_out = kiln_dims_count(out);
        if (n_in < 0 || n_out < 0 || out->c != in->c || out->n != in->n || !kiln_flt_bytes_ok(n_in, elem) ||
            !kiln_flt_bytes_ok(n_out, elem))
        {
            return ARM_CMSIS_NN_ARG_ERROR;
        }
        /* the last window's far edge, and the first window's near edge, stay inside int32 */
        const int64_t far_y = ((int64_t)out->h - 1) * stride->h - padding->h + flt->h;
        const int64_t far_x = ((int64_t)out->w - 1) * stride->w - padding->w + flt->w;
        if (far_y > INT32_MAX || far_x > INT32_MAX)
        {
            return ARM_CMSIS_NN_ARG_ERROR;
        }
        g->n = in->n;
        g->in_h = in->h;
        g->in_w = in->w;
        g->c = in->c;
        g->k_h = flt->h;
        g->k_w = flt->w;
        g->out_h = out->h;
        g->out_w = out->w;
        g->stride_h = stride->h;
        g->stride_w = stride->w;
        g->pad_h = padding->h;
        g->pad_w = padding->w;
        g->empty = n_out == 0;
        return ARM_CMSIS_NN_SUCCESS;
    }

    /**
     * Everything a float pooling entry checks, in its order: activation lo <= hi (neither NaN), the geometry
     * (kiln_pool_flt_check, fills g), then the data pointers unless the output is empty (src may be NULL only for
     * an empty input).
     */
    static inline arm_cmsis_nn_status kiln_pool_flt_entry_check(const cmsis_nn_tile *stride,
                                                                const cmsis_nn_tile *padding,
                                                                float32_t lo,
                                                                float32_t hi,
                                                                const cmsis_nn_dims *in,
                                                                const cmsis_nn_dims *flt,
                                                                const cmsis_nn_dims *out,
                                                                int64_t elem,
                                                                const void *src,
                                                                const void *dst,
                                                                kiln_pool_flt_geom *g)
    {
        if (!(lo <= hi) || kiln_pool_flt_check(stride, padding, in, flt, out, elem, g) != ARM_CMSIS_NN_SUCCESS)
        {
            return ARM_CMSIS_NN_ARG_ERROR;
        }
        if (!g->empty && (dst == NULL || (src == NULL && kiln_dims_count(in) > 0)))
        {
            return ARM_CMSIS_NN_ARG_ERROR;
        }
        return ARM_CMSIS_NN_SUCCESS;
    }

    /** In-bounds tap range of one window along one axis: [*lo, *hi) of filter taps. */
    static inline void
    kiln_pool_flt_span(int32_t o, int32_t stride, int32_t pad, int32_t k, int32_t size, int32_t *lo, int32_t *hi)
    {
        const int32_t start = o * stride - pad;
        int32_t a = start < 0 ? -start : 0;
        int32_t b = (int64_t)size - start < (int64_t)k ? (int32_t)((int64_t)size - start) : k;
        if (b < a)
        {
            b = a;
        }
        *lo = a;
        *hi = b;
    }

    /** The output columns [a, b) whose windows lie inside the input horizontally (kiln_pool_flt_span: [0, k_w)):
     * ox * stride_w - pad_w >= 0 and ox * stride_w - pad_w + k_w <= in_w. */
    typedef struct
    {
        int32_t a, b;
    } kiln_pool_flt_cols;

    static inline kiln_pool_flt_cols kiln_pool_flt_interior(const kiln_pool_flt_geom *g)
    {
        const int64_t last = (int64_t)g->in_w - g->k_w + g->pad_w;
        const int64_t b = last >= 0 ? last / g->stride_w + 1 : 0;
        const int64_t a = ((int64_t)g->pad_w + g->stride_w - 1) / g->stride_w;
        kiln_pool_flt_cols r;
        r.b = (int32_t)(b < g->out_w ? b : g->out_w);
        r.a = (int32_t)(a < r.b ? a : r.b);
        return r;
    }


    /** +infinity as float32 (no math.h). */
    static inline float32_t kiln_flt_inf(void)
    {
        const uint32_t bits = 0x7F800000u;
        float32_t f;
        memcpy(&f, &bits, sizeof(f));
        return f;
    }

    /**
     * The geometry of the 1D max pooling kernels (arm_nn_maxpool1d_*): one image [1, 1, in_w, in_c], filter and
     * stride k, no padding. False (nothing to write) for an empty output (out_w 0) and for bad arguments: NULL
     * x or out, in_c < 1, in_w or out_w < 0, k x out_w > in_w, sizes past PTRDIFF_MAX bytes.
     */
    static inline bool kiln_pool_flt_1d(const void *x,
                                        int32_t in_c,
                                        int32_t in_w,
                                        const void *out,
                                        int32_t out_w,
                                        int32_t k,
                                        int64_t elem,
                                        kiln_pool_flt_geom *g)
    {
        if (in_c < 1 || in_w < 0 || out_w < 1 || (int64_t)k * out_w > (int64_t)in_w ||
            !kiln_flt_bytes_ok((int64_t)in_w * in_c, elem) || x == NULL || out == NULL)
        {
            return false;
        }
        g->n = 1;
        g->in_h = 1;
        g->in_w = in_w;
        g->c = in_c;
        g->k_h = 1;
        g->k_w = k;
        g->out_h = 1;
        g->out_w = out_w;
        g->stride_h = 1;
        g->stride_w = k;
        g->pad_h = 0;
        g->pad_w = 0;
        g->empty = false;
        return true;
    }

    /* ---- kernels ------------------------------------------------------------------------------------------ */

#if ARM_NN_ENABLE_F32
    /** out[b][o] = clamp(sum_k in[b][k] x w(o, k) + bias[o]); w standard ([out_ch][accum]) or packed. */
    void kiln_fc_flt_f32(const kiln_fc_flt_plan_t *p,
                         const float32_t *in,
                         const float32_t *w,
                         const float32_t *bias,
                         float32_t *out,
                         float32_t lo,
                         float32_t hi);
    /** Average (in-bounds taps only; no tap: 0) or maximum (no tap: lo) over each window, clamped. */
    void
    kiln_avg_pool_flt_f32(const kiln_pool_flt_geom *g, const float32_t *in, float32_t *out, float32_t lo, float32_t hi);
    void
    kiln_max_pool_flt_f32(const kiln_pool_flt_geom *g, const float32_t *in, float32_t *out, float32_t lo, float32_t hi);
    /** Softmax of each row (row max subtracted); in == out allowed. */
    void kiln_softmax_flt_f32(const float32_t *in, int32_t rows, int32_t cols, float32_t *out);
#endif

#if ARM_NN_ENABLE_F16
    void kiln_fc_flt_f16(const kiln_fc_flt_plan_t *p,
                         const float16_t *in,
                         const float16_t *w,
                         const float16_t *bias,
                         float16_t *out,
                         float32_t lo,
                         float32_t hi);
    void
    kiln_avg_pool_flt_f16(const kiln_pool_flt_geom *g, const float16_t *in, float16_t *out, float32_t lo, float32_t hi);
    void
    kiln_max_pool_flt_f16(const kiln_pool_flt_geom *g, const float16_t *in, float16_t *out, float32_t lo, float32_t hi);
    void kiln_softmax_flt_f16(const float16_t *in, int32_t rows, int32_t cols, float16_t *out);
#endif

    /* kiln_flt_exp_neg (scalar exp of a non-positive argument) is in Internal/kiln_exp_flt.h. */

#endif /* ARM_NN_FLOAT_API_ENABLED */

#ifdef __cplusplus
}
#endif

#endif /* KILN_FLT_OPS_H */
