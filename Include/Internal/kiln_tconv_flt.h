/*
 * Kiln internals: the float transposed-convolution family (arm_transpose_conv_f32 / _f16, their _wrapper_ and
 * _nhwc_ entries and both size queries), TFLite TRANSPOSE_CONV on float32 / float16 storage.
 *
 * Every entry and both queries go through kiln_tconv_flt_plan(), which validates the shape and states the
 * exact bytes the route uses in each caller buffer.
 *
 * Layout: ARM_NN_LAYOUT_NHWC (the only value of arm_nn_tensor_layout; anything else is refused).
 *   input  [batches][in_h][in_w][in_c]
 *   filter [out_c][filter_h][filter_w][in_c]   (filter_dims n = out_c, c = in_c)
 *   bias   [out_c], optional (NULL: no bias; when bias and bias_dims are both given, bias_dims->c == out_c)
 *   output [batches][out_h][out_w][out_c]
 *
 * Arithmetic (TFLite's reference, with dilation): input pixel (iy, ix) reaches the outputs
 * (iy * stride_h - pad_h + ky * dil_h, ix * stride_w - pad_w + kx * dil_w) for every filter tap (ky, kx) that
 * lands inside the output; out = clamp(bias[oc] + sum over those taps and input channels of
 * in[iy][ix][ic] * filter[oc][ky][kx][ic], activation). The output size is output_dims (TFLite takes it as an
 * operand): any out_h, out_w >= 1 is accepted, outputs no tap reaches get the bias alone.
 * padding_offsets is the trailing padding (for the int8 API TFLite Micro passes the odd part of SAME padding
 * there; ExecuTorch passes PyTorch's output_padding to the float API): it must be >= 0 and moves no output,
 * since the output size is stated by output_dims. ns-cmsis-nn's float kernel likewise leaves it out of the
 * coordinates; a CMSIS-NN revision of the float kernel adds it to every output coordinate instead. All agree
 * whenever it is 0, as in every shared vector. Both upstream queries return 0 (their float kernels scatter
 * straight into the output).
 *
 * Route "direct_gather" (portable C on every backend): each output element is computed at once as a gather
 * over the input pixels whose taps hit it, a float32 sum (bias first, then taps in (ky, kx, ic) order), clamped
 * and stored once (float16: rounded once). No caller buffer is used: both queries return 0 and ctx /
 * output_ctx are accepted with any value, NULL included (kiln_ctx_holds with 0 bytes).
 */
#ifndef KILN_TCONV_FLT_H
#define KILN_TCONV_FLT_H

#include "Internal/kiln_common.h"
#include "arm_nnfunctions_flt.h"

#ifdef __cplusplus
extern "C"
{
#endif

#if ARM_NN_FLOAT_API_ENABLED

    /** The geometry of one float transposed convolution. */
    typedef struct
    {
        int32_t batches;
        int32_t in_h, in_w, in_c;
        int32_t filter_h, filter_w;
        int32_t out_h, out_w, out_c;
        int32_t stride_h, stride_w;
        int32_t pad_h, pad_w; /* leading padding (top, left) */
        int32_t dil_h, dil_w;
    } kiln_tconv_flt_shape;

    /** A plan: the route and the exact bytes it uses in each caller buffer. */
    typedef struct
    {
        const char *route_name;     /* "direct_gather" */
        int64_t scratch_bytes;      /* ctx */
        int64_t reverse_conv_bytes; /* output_ctx (upstream's reverse-conv workspace) */
    } kiln_tconv_flt_plan_t;

    /**
     * Fill a shape from the public arguments and check it. out_dims NULL means the input side only (the reverse
     * query has no output dims; the output fields are then 0). False for: a NULL params tile or dims (other than
     * out_dims when allowed), stride or dilation < 1, padding or padding_offsets < 0, an input / filter dim < 1,
     * filter c != input c, and with out_dims: out n != input n, out c != filter n, out h / w < 1; element counts of
     * input, filter and output past int32; (filter - 1) * dilation past int32, and out - 1 + pad past int32 (the
     * kernel's coordinates are int32).
     */
    static inline bool kiln_tconv_flt_shape_from(const cmsis_nn_tile *stride,
                                                 const cmsis_nn_tile *padding,
                                                 const cmsis_nn_tile *padding_offsets,
                                                 const cmsis_nn_tile *dilation,
                                                 const cmsis_nn_dims *in,
                                                 const cmsis_nn_dims *flt,
                                                 const cmsis_nn_dims *out,
                                                 bool input_side_only,
                                                 kiln_tconv_flt_shape *s)
    {
        if (in == NULL || flt == NULL || (out == NULL && !input_side_only) || s == NULL)
        {
            return false;
        }
        if (stride->h < 1 || stride->w < 1 || dilation->h < 1 || dilation->w < 1 || padding->h < 0 || padding->w < 0 ||
            padding_offsets->h < 0 || padding_offsets->w < 0)
        {
            return false;
        }
        if (in->n < 1 || in->h < 1 || in->w < 1 || in->c < 1 || flt->n < 1 || flt->h < 1 || flt->w < 1 ||
            flt->c != in->c)
        {
            return false;
        }
        if (kiln_dims_count(in) > INT32_MAX || kiln_dims_count(flt) > INT32_MAX ||
            (int64_t)(flt->h - 1) * dilation->h > INT32_MAX || (int64_t)(flt->w - 1) * dilation->w > INT32_MAX)
        {
            return false;
        }
        kiln_tconv_flt_shape t = {in->n,  in->h,     in->w,     in->c,      flt->h,     flt->w,      0,          0,
                                  flt->n, stride->h, stride->w, padding->h, padding->w, dilation->h, dilation->w};
        if (out != NULL && !input_side_only)
        {
            if (out->n != in->n || out->c != flt->n || out->h < 1 || out->w < 1 || kiln_dims_count(out) > INT32_MAX ||
                (int64_t)out->h - 1 + padding->h > INT32_MAX || (int64_t)out->w - 1 + padding->w > INT32_MAX)
            {
                return false;
            }
            t.out_h = out->h;
            t.out_w = out->w;
        }
        *s = t;
        return true;
    }

    /** The plan of a checked shape (every backend: "direct_gather", no caller buffer). */
    static inline void kiln_tconv_flt_plan(const kiln_tconv_flt_shape *s, kiln_tconv_flt_plan_t *p)
    {
        (void)s; /* one route for every shape */
        p->route_name = "direct_gather";
        p->scratch_bytes = 0;
        p->reverse_conv_bytes = 0;
    }

    /**
     * Both size queries: the plan's bytes for ctx (reverse false, all dims) or output_ctx (reverse true, input
     * side only), -1 for a NULL params or a shape kiln_tconv_flt_shape_from() refuses.
     */
    static inline int32_t kiln_tconv_flt_query(const cmsis_nn_tile *stride,
                                               const cmsis_nn_tile *padding,
                                               const cmsis_nn_tile *padding_offsets,
                                               const cmsis_nn_tile *dilation,
                                               const cmsis_nn_dims *in,
                                               const cmsis_nn_dims *flt,
                                               const cmsis_nn_dims *out,
                                               bool reverse)
    {
        kiln_tconv_flt_shape s;
        if (!kiln_tconv_flt_shape_from(stride, padding, padding_offsets, dilation, in, flt, out, reverse, &s))
        {
            return -1;
        }
        kiln_tconv_flt_plan_t p;
        kiln_tconv_flt_plan(&s, &p);
        return kiln_query_result(reverse ? p.reverse_conv_bytes : p.scratch_bytes);
    }

    /**
     * Every check of the entries after their NULL params check (false on failure, nothing touched): the shape,
     * layout NHWC, the activation range (min <= max, false for NaN), non-NULL input / filter / output, the bias
     * length (bias and bias_dims given: bias_dims->c == out_c) and ctx / output_ctx holding the plan's bytes.
     */
    static inline bool kiln_tconv_flt_entry_check(const cmsis_nn_context *ctx,
                                                  const cmsis_nn_context *output_ctx,
                                                  const cmsis_nn_tile *stride,
                                                  const cmsis_nn_tile *padding,
                                                  const cmsis_nn_tile *padding_offsets,
                                                  const cmsis_nn_tile *dilation,
                                                  float32_t act_min,
                                                  float32_t act_max,
                                                  int32_t layout,
                                                  const cmsis_nn_dims *input_dims,
                                                  const void *input_data,
                                                  const cmsis_nn_dims *filter_dims,
                                                  const void *filter_data,
                                                  const cmsis_nn_dims *bias_dims,
                                                  const void *bias_data,
                                                  const cmsis_nn_dims *output_dims,
                                                  const void *output_data,
                                                  kiln_tconv_flt_shape *s)
    {
        kiln_tconv_flt_shape t;
        if (!kiln_tconv_flt_shape_from(stride, padding, padding_offsets, dilation, input_dims, filter_dims, output_dims,
                                       false, &t))
        {
            return false;
        }
        kiln_tconv_flt_plan_t p;
        kiln_tconv_flt_plan(&t, &p);
        if (layout != (int32_t)ARM_NN_LAYOUT_NHWC || !(act_min <= act_max) || input_data == NULL ||
            filter_data == NULL || output_data == NULL ||
            (bias_data != NULL && bias_dims != NULL && bias_dims->c != t.out_c) ||
            !kiln_ctx_holds(ctx, p.scratch_bytes) || !kiln_ctx_holds(output_ctx, p.reverse_conv_bytes))
        {
            return false;
        }
        *s = t;
        return true;
    }

#endif /* ARM_NN_FLOAT_API_ENABLED */

#ifdef __cplusplus
}
#endif

#endif /* KILN_TCONV_FLT_H */
