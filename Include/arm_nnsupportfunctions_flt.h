/*
 * Kiln — float support functions and the float convolution route predicates.
 * Built only with ARM_NN_ENABLE_F32 / ARM_NN_ENABLE_F16.
 */
#ifndef ARM_NNSUPPORTFUNCTIONS_FLT_H
#define ARM_NNSUPPORTFUNCTIONS_FLT_H

#include "arm_nn_math_types_flt.h"
#include "arm_nn_types_flt.h"
#include "arm_nnsupportfunctions.h"

#ifdef __cplusplus
extern "C" {
#endif

/* @kiln-flt-support */

#if ARM_NN_FLOAT_API_ENABLED
/*
 * Float convolution route predicates (the model of ../shared/reference/001_*.txt).
 *
 * arm_convolve_f32(), arm_convolve_f16() and arm_convolve_f16_acc16() validate their arguments with
 * arm_nn_conv_flt_dims_ok(), return ARM_CMSIS_NN_SUCCESS without writing for an empty output
 * (arm_nn_conv_flt_empty()), and then take the first route of this dispatch order whose predicate holds:
 *   1. 1x1             arm_nn_conv_flt_is_1x1()
 *   2. 1xN             arm_nn_conv_flt_is_1xn(), no conv1d route claims the shape, and ctx states at least
 *                      arm_convolve_1_x_n_f32_get_buffer_size() (or _f16) bytes
 *   3. conv1d k5       arm_nn_conv_flt_is_1d_k(..., 5)   (not taken when NN_DISABLE_SPECIALIZATION is defined)
 *   4. conv1d k3       arm_nn_conv_flt_is_1d_k(..., 3)   (not taken when NN_DISABLE_SPECIALIZATION is defined)
 *   5. small-C         MVE float builds only: arm_nn_conv_f32_is_small_c() or arm_nn_conv_f32_is_small_c_3x3(),
 *                      and arm_nn_conv_f32_small_c_coords_ok() (float16: arm_nn_conv_f16_is_small_c())
 *   6. packed-patch GEMM  arm_nn_conv_flt_is_patch_gemm() and ctx states at least one patch row
 *                      (KH x KW x C_IN elements)
 *   7. direct          everything else (no scratch)
 * "ctx states n bytes" means ctx != NULL, ctx->buf != NULL and ctx->size >= n: an optional route is never
 * taken on an unstated (zero) size. The routers' size queries return the scratch of the route the router
 * takes when ctx holds that many bytes. All predicates read only the given structs; they take validated
 * metadata (arm_nn_conv_flt_dims_ok()).
 */

/** The packed-patch GEMM route needs at least this many output channels (float32 and float16 alike). */
#define ARM_NN_CONV_NHWC_PATCH_GEMM_F32_MIN_OC (8)
/** The packed-patch GEMM route needs at least this many output positions per batch (float32). */
#define ARM_NN_CONV_NHWC_PATCH_GEMM_F32_MIN_POS (8)
/** The packed-patch GEMM route needs at least this many output channels (float16). */
#define ARM_NN_CONV_NHWC_PATCH_GEMM_F16_MIN_OC (8)
/** The packed-patch GEMM route needs at least this many output positions per batch (float16). */
#define ARM_NN_CONV_NHWC_PATCH_GEMM_F16_MIN_POS (8)

/** Lanes of the float16 small-C kernel: the route takes fewer input channels than this. */
#define ARM_NN_CONV_SMALL_C_F16_LANES (8)
/** Lanes of the float32 small-C kernel; the general gate takes fewer input channels. */
#define ARM_NN_CONV_SMALL_C_F32_LANES (4)

/**
 * @brief Identify an empty output request, after dimension validation.
 * @param[in] output_dims Output tensor dimensions.
 * @return true for zero batch or spatial extent (output_dims->n, ->h or ->w is 0).
 */
__STATIC_INLINE bool arm_nn_conv_flt_empty(const cmsis_nn_dims *output_dims)
{
    return output_dims->n == 0 || output_dims->h == 0 || output_dims->w == 0;
}

/**
 * @brief Bound the signed coordinate intermediates for one nonempty output axis.
 * @param[in] out      Number of output positions.
 * @param[in] kernel   Number of filter taps.
 * @param[in] stride   Positive output step.
 * @param[in] pad      Nonnegative leading padding.
 * @param[in] dilation Positive filter step.
 * @return true when out >= 1, kernel >= 1, stride >= 1, pad >= 0, dilation >= 1 and every coordinate
 *         intermediate fits int32: the input coordinates o * stride - pad + t * dilation of all output
 *         positions o and taps t, the unpadded sums o * stride + t * dilation, and their exclusive end (+1).
 */
__STATIC_INLINE bool arm_nn_conv_flt_axis_ok(int32_t out, int32_t kernel, int32_t stride, int32_t pad, int32_t dilation)
{
    if (out < 1 || kernel < 1 || stride < 1 || pad < 0 || dilation < 1)
    {
        return false;
    }
    const int64_t reach = (int64_t)(out - 1) * stride + (int64_t)(kernel - 1) * dilation;
    return reach + 1 <= (int64_t)INT32_MAX;
}

/**
 * @brief Validate common float convolution metadata and accessed arithmetic. Output windows are explicit;
 *        generic kernels clip their out-of-input taps.
 * @param[in] stride        Spatial output steps.
 * @param[in] padding       Leading spatial padding.
 * @param[in] dilation      Spatial filter steps.
 * @param[in] input_dims    Input dimensions [N, H, W, C_IN].
 * @param[in] filter_dims   Filter dimensions [C_OUT, KH, KW, C_IN].
 * @param[in] output_dims   Output dimensions [N, H, W, C_OUT].
 * @param[in] element_size  Bytes per tensor element.
 * @param[in] packed_lanes  Channel block size and vector loop width for the dtype.
 * @param[in] packed        Whether the filter uses NT_N_PACKED storage.
 * @return true for consistent metadata and representable nonempty work, or a valid empty request.
 *
 * Always required: no NULL pointer, element_size >= 1, packed_lanes >= 1, no negative dimension, stride and
 * dilation >= 1, padding >= 0, C_IN >= 1, KH >= 1, KW >= 1, C_OUT >= 1, filter C == C_IN, output C == C_OUT,
 * output N == input N. A request with an empty output (arm_nn_conv_flt_empty()) is then valid. Otherwise also:
 * input H >= 1 and W >= 1, arm_nn_conv_flt_axis_ok() on both axes, KH x KW x C_IN <= INT32_MAX (one patch
 * row), and the byte sizes of input, output and filter (NT_N_PACKED: C_OUT rounded up to packed_lanes
 * rows), computed in 64 bits, at most PTRDIFF_MAX.
 */
__STATIC_INLINE bool arm_nn_conv_flt_dims_ok(const cmsis_nn_tile *stride,
                                             const cmsis_nn_tile *padding,
                                             const cmsis_nn_tile *dilation,
                                             const cmsis_nn_dims *input_dims,
                                             const cmsis_nn_dims *filter_dims,
                                             const cmsis_nn_dims *output_dims,
                                             size_t element_size,
                                             int32_t packed_lanes,
                                             bool packed)
{
    if (stride == NULL || padding == NULL || dilation == NULL || input_dims == NULL || filter_dims == NULL ||
        output_dims == NULL || element_size == 0 || element_size > 64 || packed_lanes < 1)
    {
        return false;
    }
    if (input_dims->n < 0 || input_dims->h < 0 || input_dims->w < 0 || input_dims->c < 1 || filter_dims->n < 1 ||
        filter_dims->h < 1 || filter_dims->w < 1 || filter_dims->c != input_dims->c || output_dims->n < 0 ||
        output_dims->h < 0 || output_dims->w < 0 || output_dims->c != filter_dims->n ||
        output_dims->n != input_dims->n)
    {
        return false;
    }
    if (stride->h < 1 || stride->w < 1 || dilation->h < 1 || dilation->w < 1 || padding->h < 0 || padding->w < 0)
    {
        return false;
    }
    if (arm_nn_conv_flt_empty(output_dims))
    {
        return true;
    }
    if (input_dims->h < 1 || input_dims->w < 1 ||
        !arm_nn_conv_flt_axis_ok(output_dims->h, filter_dims->h, stride->h, padding->h, dilation->h) ||
        !arm_nn_conv_flt_axis_ok(output_dims->w, filter_dims->w, stride->w, padding->w, dilation->w))
    {
        return false;
    }
    /* Each factor is below 2^31: two factors never overflow int64; three are checked by division. */
    const int64_t limit = (int64_t)(PTRDIFF_MAX / (ptrdiff_t)element_size);
    const int64_t khw = (int64_t)filter_dims->h * filter_dims->w;
    if (khw > (int64_t)INT32_MAX / input_dims->c)
    {
        return false;
    }
    const int64_t row = khw * input_dims->c;
    const int64_t rows = packed ? ((int64_t)filter_dims->n + packed_lanes - 1) / packed_lanes * packed_lanes
                                : (int64_t)filter_dims->n;
    const int64_t in_hw = (int64_t)input_dims->h * input_dims->w;
    const int64_t in_nc = (int64_t)input_dims->n * input_dims->c;
    const int64_t out_hw = (int64_t)output_dims->h * output_dims->w;
    const int64_t out_nc = (int64_t)output_dims->n * output_dims->c;
    return rows <= limit / row && in_hw <= limit / in_nc && out_hw <= limit / out_nc;
}

/**
 * @brief Check window coverage for an unpadded 1x1 body that samples directly.
 * @param[in] stride      Spatial output steps.
 * @param[in] input_dims  Input dimensions.
 * @param[in] output_dims Output dimensions.
 * @return true when every requested sample lies inside the input: (out H - 1) x stride H < in H and
 *         (out W - 1) x stride W < in W (always true for an empty output).
 */
__STATIC_INLINE bool arm_nn_conv_flt_1x1_window_ok(const cmsis_nn_tile *stride,
                                                   const cmsis_nn_dims *input_dims,
                                                   const cmsis_nn_dims *output_dims)
{
    if (output_dims->h <= 0 || output_dims->w <= 0)
    {
        return true;
    }
    return (int64_t)(output_dims->h - 1) * stride->h < (int64_t)input_dims->h &&
        (int64_t)(output_dims->w - 1) * stride->w < (int64_t)input_dims->w;
}

/**
 * @brief The 1x1 route: a 1x1 filter with no padding.
 * @param[in] padding     Spatial zero-padding
 * @param[in] filter_dims Filter dimensions [C_OUT, KH, KW, C_IN]
 * @return true if the router takes the 1x1 route
 */
__STATIC_INLINE bool arm_nn_conv_flt_is_1x1(const cmsis_nn_tile *padding, const cmsis_nn_dims *filter_dims)
{
    return filter_dims->h == 1 && filter_dims->w == 1 && padding->h == 0 && padding->w == 0;
}

/**
 * @brief A conv1d with a 1 x k filter: batch 1, input and output height 1, unit stride and dilation, no padding.
 * @param[in] stride      Spatial stride
 * @param[in] padding     Spatial zero-padding
 * @param[in] dilation    Spatial dilation
 * @param[in] input_dims  Input dimensions [N, H, W, C_IN]
 * @param[in] filter_dims Filter dimensions [C_OUT, KH, KW, C_IN]
 * @param[in] output_dims Output dimensions [N, H, W, C_OUT]
 * @param[in] k           Filter width
 * @return true for the conv1d k5 route with k = 5 and the conv1d k3 route with k = 3
 */
__STATIC_INLINE bool arm_nn_conv_flt_is_1d_k(const cmsis_nn_tile *stride,
                                             const cmsis_nn_tile *padding,
                                             const cmsis_nn_tile *dilation,
                                             const cmsis_nn_dims *input_dims,
                                             const cmsis_nn_dims *filter_dims,
                                             const cmsis_nn_dims *output_dims,
                                             const int32_t k)
{
    return input_dims->n == 1 && input_dims->h == 1 && output_dims->h == 1 && filter_dims->h == 1 &&
        filter_dims->w == k && stride->h == 1 && stride->w == 1 && dilation->h == 1 && dilation->w == 1 &&
        padding->h == 0 && padding->w == 0;
}

/**
 * @brief The shape part of the 1xN route: input, output and filter height 1, a filter wider than 1, unit stride
 *        and dilation in height, unit dilation in width, a positive width stride and no height padding. Unless
 *        NN_DISABLE_SPECIALIZATION is defined, the routers take the conv1d routes for their shapes first. The
 *        router also needs ctx to hold arm_convolve_1_x_n_f16_get_buffer_size() (or _f32).
 * @param[in] stride      Spatial stride
 * @param[in] padding     Spatial zero-padding
 * @param[in] dilation    Spatial dilation
 * @param[in] input_dims  Input dimensions [N, H, W, C_IN]
 * @param[in] filter_dims Filter dimensions [C_OUT, KH, KW, C_IN]
 * @param[in] output_dims Output dimensions [N, H, W, C_OUT]
 * @return true if the shape takes the 1xN route when ctx is large enough and no conv1d route claims it
 */
__STATIC_INLINE bool arm_nn_conv_flt_is_1xn(const cmsis_nn_tile *stride,
                                            const cmsis_nn_tile *padding,
                                            const cmsis_nn_tile *dilation,
                                            const cmsis_nn_dims *input_dims,
                                            const cmsis_nn_dims *filter_dims,
                                            const cmsis_nn_dims *output_dims)
{
    return input_dims->h == 1 && output_dims->h == 1 && filter_dims->h == 1 && filter_dims->w > 1 &&
        stride->h == 1 && dilation->h == 1 && dilation->w == 1 && stride->w > 0 && padding->h == 0;
}

/**
 * @brief The shape part of the packed-patch GEMM route: at least ARM_NN_CONV_NHWC_PATCH_GEMM_F16_MIN_OC output
 *        channels and ARM_NN_CONV_NHWC_PATCH_GEMM_F16_MIN_POS output positions per batch (the float32
 *        thresholds are equal). The router also needs ctx to hold one patch row (KH x KW x C_IN elements).
 * @param[in] output_dims Output dimensions [N, H, W, C_OUT]
 * @return true if the shape takes the packed-patch GEMM route when ctx is large enough
 */
__STATIC_INLINE bool arm_nn_conv_flt_is_patch_gemm(const cmsis_nn_dims *output_dims)
{
    return output_dims->c >= ARM_NN_CONV_NHWC_PATCH_GEMM_F16_MIN_OC &&
        (int64_t)output_dims->h * output_dims->w >= (int64_t)ARM_NN_CONV_NHWC_PATCH_GEMM_F16_MIN_POS;
}
#endif /* ARM_NN_FLOAT_API_ENABLED */

#if ARM_NN_ENABLE_F32
/**
 * @brief The float32 small-C route: fewer input channels than ARM_NN_CONV_SMALL_C_F32_LANES and a positive output
 *        depth and width.
 * @param[in] input_dims  Input dimensions [N, H, W, C_IN]
 * @param[in] output_dims Output dimensions [N, H, W, C_OUT]
 * @return true if arm_convolve_f32() takes the small-C route on MVE float builds (subject to
 *         arm_nn_conv_f32_small_c_coords_ok())
 */
__STATIC_INLINE bool arm_nn_conv_f32_is_small_c(const cmsis_nn_dims *input_dims, const cmsis_nn_dims *output_dims)
{
    return input_dims->c > 0 && input_dims->c < ARM_NN_CONV_SMALL_C_F32_LANES && output_dims->c > 0 &&
        output_dims->w > 0;
}

/**
 * @brief Additional float32 small-C region: 3x3 filters, four input channels and up to 8 output channels.
 * @note Requires at least one full four-column output tile (output width >= 4).
 * @param[in] input_dims  Input dimensions [N, H, W, C_IN]
 * @param[in] filter_dims Filter dimensions [C_OUT, HK, WK, C_IN]
 * @param[in] output_dims Output dimensions [N, H, W, C_OUT]
 * @return true if the shape uses the small-C route, subject to its coordinate bounds
 */
__STATIC_INLINE bool arm_nn_conv_f32_is_small_c_3x3(const cmsis_nn_dims *input_dims,
                                                    const cmsis_nn_dims *filter_dims,
                                                    const cmsis_nn_dims *output_dims)
{
    return filter_dims->h == 3 && filter_dims->w == 3 && input_dims->c == 4 && output_dims->c > 0 &&
        output_dims->c <= 8 && output_dims->w >= ARM_NN_CONV_SMALL_C_F32_LANES;
}

/**
 * @brief Bound f32 small-C coordinates, including inactive lanes and contiguous-load spans.
 * @param[in] stride      Spatial output steps.
 * @param[in] padding     Leading spatial padding.
 * @param[in] dilation    Spatial filter steps.
 * @param[in] input_dims  Validated input dimensions.
 * @param[in] filter_dims Validated filter dimensions.
 * @param[in] output_dims Validated nonempty output dimensions.
 * @return true when signed lane coordinates and products remain representable: with the output width rounded up
 *         to whole ARM_NN_CONV_SMALL_C_F32_LANES-column tiles, the largest column reached (plus one tile of
 *         contiguous load) and row reached stay below INT32_MAX, and so do the element offsets
 *         (row x in W + column) x C_IN and the output offset of the last tile's lanes.
 */
__STATIC_INLINE bool arm_nn_conv_f32_small_c_coords_ok(const cmsis_nn_tile *stride,
                                                       const cmsis_nn_tile *padding,
                                                       const cmsis_nn_tile *dilation,
                                                       const cmsis_nn_dims *input_dims,
                                                       const cmsis_nn_dims *filter_dims,
                                                       const cmsis_nn_dims *output_dims)
{
    const int64_t lanes = ARM_NN_CONV_SMALL_C_F32_LANES;
    if (output_dims->w < 1 || output_dims->h < 1 || input_dims->w < 1 || input_dims->c < 1)
    {
        return false;
    }
    const int64_t tiles_w = ((int64_t)output_dims->w + lanes - 1) / lanes * lanes;
    const int64_t col = (tiles_w - 1) * stride->w + (int64_t)(filter_dims->w - 1) * dilation->w + lanes;
    const int64_t row = (int64_t)(output_dims->h - 1) * stride->h + (int64_t)(filter_dims->h - 1) * dilation->h;
    const int64_t span = (row + 1) * ((int64_t)input_dims->w + col + (int64_t)padding->w);
    const int64_t out_span = (int64_t)output_dims->h * tiles_w;
    return col < (int64_t)INT32_MAX && row < (int64_t)INT32_MAX && span <= (int64_t)INT32_MAX / input_dims->c &&
        out_span <= (int64_t)INT32_MAX / output_dims->c && padding->h >= 0 && padding->w >= 0;
}
#endif /* ARM_NN_ENABLE_F32 */

#if ARM_NN_ENABLE_F16
/**
 * @brief The float16 small-C route: fewer input channels than ARM_NN_CONV_SMALL_C_F16_LANES, a positive output
 *        depth and width, a positive input width, filter width, stride and dilation, a non-negative padding, and
 *        every gather and scatter offset within 16 bits.
 * @param[in] stride      Spatial stride
 * @param[in] padding     Spatial zero-padding
 * @param[in] dilation    Spatial dilation
 * @param[in] input_dims  Input dimensions [N, H, W, C_IN]
 * @param[in] filter_dims Filter dimensions [C_OUT, KH, KW, C_IN]
 * @param[in] output_dims Output dimensions [N, H, W, C_OUT]
 * @return true if the float16 routers take the small-C route on MVE float builds. The offsets, in elements:
 *         (in W + pad W + (LANES - 1) x stride W + (KW - 1) x dilation W) x C_IN <= UINT16_MAX for the gathers
 *         of one input row, and LANES x C_OUT <= UINT16_MAX for the scatters of one output tile.
 */
__STATIC_INLINE bool arm_nn_conv_f16_is_small_c(const cmsis_nn_tile *stride,
                                                const cmsis_nn_tile *padding,
                                                const cmsis_nn_tile *dilation,
                                                const cmsis_nn_dims *input_dims,
                                                const cmsis_nn_dims *filter_dims,
                                                const cmsis_nn_dims *output_dims)
{
    if (input_dims->c <= 0 || input_dims->c >= ARM_NN_CONV_SMALL_C_F16_LANES || output_dims->c <= 0 ||
        output_dims->w <= 0 || input_dims->w <= 0 || filter_dims->w <= 0 || stride->w <= 0 || dilation->w <= 0 ||
        padding->w < 0)
    {
        return false;
    }
    const int64_t reach = (int64_t)input_dims->w + padding->w + (int64_t)(ARM_NN_CONV_SMALL_C_F16_LANES - 1) * stride->w +
        (int64_t)(filter_dims->w - 1) * dilation->w;
    return reach * input_dims->c <= (int64_t)UINT16_MAX &&
        (int64_t)ARM_NN_CONV_SMALL_C_F16_LANES * output_dims->c <= (int64_t)UINT16_MAX;
}
#endif /* ARM_NN_ENABLE_F16 */

#if ARM_NN_ENABLE_F32
/*
 * Float32 route kernels (filters: standard = one row of KW x C_IN (or rhs_cols) per output channel; packed =
 * ARM_NN_WEIGHT_FORMAT_NT_N_PACKED, blocks of 4 output channels, see arm_nn_pack_rhs_nt_n_f32()).
 * Every channel sums its products in column order from 0, then adds its bias (NULL: 0): the standard and packed
 * variants give the same bits.
 */

/**
 * @brief Conv1d k5 route kernel: out[x][o] = b[o] + sum over t < 5, c < in_c of x_nhwc[x + t][c] x kernel[o][t][c],
 *        for x < out_w (valid convolution, unit stride, no padding, no activation, no scratch).
 *        Requires out_w <= in_w - 4; inconsistent arguments (NULL x_nhwc/kernel/out, in_c or out_c < 1,
 *        negative widths, sizes past PTRDIFF_MAX bytes) leave out untouched.
 */
void arm_nn_conv1d_k5_nhwc_f32(const float32_t *__RESTRICT x_nhwc, int32_t in_c, int32_t in_w, const float32_t *__RESTRICT kernel, const float32_t *__RESTRICT b, float32_t *__RESTRICT out, int32_t out_c, int32_t out_w);
/** @brief arm_nn_conv1d_k5_nhwc_f32() with the kernel in NT_N_PACKED blocks of 4 (rhs_cols = 5 x in_c). */
void arm_nn_conv1d_k5_packed_f32(const float32_t *__RESTRICT x_nhwc, int32_t in_c, int32_t in_w, const float32_t *__RESTRICT kernel_packed, const float32_t *__RESTRICT b, float32_t *__RESTRICT out, int32_t out_c, int32_t out_w);
/** @brief The conv1d k3 route kernel: as arm_nn_conv1d_k5_nhwc_f32() with 3 taps (out_w <= in_w - 2). */
void arm_nn_conv1d_k3_nhwc_f32(const float32_t *__RESTRICT x_nhwc, int32_t in_c, int32_t in_w, const float32_t *__RESTRICT kernel, const float32_t *__RESTRICT b, float32_t *__RESTRICT out, int32_t out_c, int32_t out_w);
/** @brief arm_nn_conv1d_k3_nhwc_f32() with the kernel in NT_N_PACKED blocks of 4 (rhs_cols = 3 x in_c). */
void arm_nn_conv1d_k3_packed_f32(const float32_t *__RESTRICT x_nhwc, int32_t in_c, int32_t in_w, const float32_t *__RESTRICT kernel_packed, const float32_t *__RESTRICT b, float32_t *__RESTRICT out, int32_t out_c, int32_t out_w);

/**
 * @brief dst[r * row_address_offset + o] = clamp(bias[o] + sum over k of lhs[r][k] x rhs[o][k], activation_min,
 *        activation_max) for r < lhs_rows, o < rhs_rows (rhs: one row of rhs_cols per output channel).
 * @return ARM_CMSIS_NN_SUCCESS, or ARM_CMSIS_NN_ARG_ERROR for negative sizes, row_address_offset < rhs_rows,
 *         activation_min > activation_max (or NaN), NULL lhs/rhs/dst with nonempty sizes, or sizes past
 *         PTRDIFF_MAX bytes. Nothing is written on error.
 */
arm_cmsis_nn_status arm_nn_mat_mult_nt_t_f32(const float32_t *__RESTRICT lhs, const float32_t *__RESTRICT rhs, const float32_t *__RESTRICT bias, float32_t *__RESTRICT dst, int32_t lhs_rows, int32_t rhs_rows, int32_t rhs_cols, int32_t row_address_offset, float32_t activation_min, float32_t activation_max);
/** @brief arm_nn_mat_mult_nt_t_f32() with rhs in NT_N_PACKED blocks of 4 rows (same bits). */
arm_cmsis_nn_status arm_nn_mat_mult_nt_n_packed_f32(const float32_t *__RESTRICT lhs, const float32_t *__RESTRICT rhs_packed, const float32_t *__RESTRICT bias, float32_t *__RESTRICT dst, int32_t lhs_rows, int32_t rhs_rows, int32_t rhs_cols, int32_t row_address_offset, float32_t activation_min, float32_t activation_max);

/**
 * @brief One patch row of the packed-patch GEMM route: for output (out_y, out_x) of one NHWC image
 *        [in_h, in_w, in_c], patch_row[(ky x kernel_w + kx) x in_c + c] = input[iy][ix][c] with
 *        iy = out_y x stride_h - pad_h + ky x dilation_h (ix likewise), or pad_value outside the input.
 *        Inconsistent arguments (NULL, non-positive sizes, strides or dilations, negative padding or position,
 *        coordinates past int32) leave patch_row untouched.
 */
void arm_nn_pack_conv_patch_f32(const float32_t *__RESTRICT input, int32_t in_h, int32_t in_w, int32_t in_c, int32_t kernel_h, int32_t kernel_w, int32_t stride_h, int32_t stride_w, int32_t pad_h, int32_t pad_w, int32_t dilation_h, int32_t dilation_w, int32_t out_y, int32_t out_x, float32_t pad_value, float32_t *__RESTRICT patch_row);
#endif /* ARM_NN_ENABLE_F32 */
#if ARM_NN_ENABLE_F16
/*
 * Float16 route kernels (filters: standard = one row of KW x C_IN (or rhs_cols) per output channel; packed =
 * ARM_NN_WEIGHT_FORMAT_NT_N_PACKED, blocks of 8 output channels, see arm_nn_pack_rhs_nt_n_f16()).
 * Float16 storage, float32 accumulation rounded once to float16. Every channel sums its products in column order
 * from 0, then adds its bias (NULL: 0): the standard and packed variants give the same bits.
 */

/**
 * @brief Conv1d k5 route kernel: out[x][o] = b[o] + sum over t < 5, c < in_c of x_nhwc[x + t][c] x kernel[o][t][c],
 *        for x < out_w (valid convolution, unit stride, no padding, no activation, no scratch).
 *        Requires out_w <= in_w - 4; inconsistent arguments (NULL x_nhwc/kernel/out, in_c or out_c < 1,
 *        negative widths, sizes past PTRDIFF_MAX bytes) leave out untouched.
 */
void arm_nn_conv1d_k5_nhwc_f16(const float16_t *__RESTRICT x_nhwc, int32_t in_c, int32_t in_w, const float16_t *__RESTRICT kernel, const float16_t *__RESTRICT b, float16_t *__RESTRICT out, int32_t out_c, int32_t out_w);
/** @brief arm_nn_conv1d_k5_nhwc_f16() with the kernel in NT_N_PACKED blocks of 8 (rhs_cols = 5 x in_c). */
void arm_nn_conv1d_k5_packed_f16(const float16_t *__RESTRICT x_nhwc, int32_t in_c, int32_t in_w, const float16_t *__RESTRICT kernel_packed, const float16_t *__RESTRICT b, float16_t *__RESTRICT out, int32_t out_c, int32_t out_w);
/** @brief The conv1d k3 route kernel: as arm_nn_conv1d_k5_nhwc_f16() with 3 taps (out_w <= in_w - 2). */
void arm_nn_conv1d_k3_nhwc_f16(const float16_t *__RESTRICT x_nhwc, int32_t in_c, int32_t in_w, const float16_t *__RESTRICT kernel, const float16_t *__RESTRICT b, float16_t *__RESTRICT out, int32_t out_c, int32_t out_w);
/** @brief arm_nn_conv1d_k3_nhwc_f16() with the kernel in NT_N_PACKED blocks of 8 (rhs_cols = 3 x in_c). */
void arm_nn_conv1d_k3_packed_f16(const float16_t *__RESTRICT x_nhwc, int32_t in_c, int32_t in_w, const float16_t *__RESTRICT kernel_packed, const float16_t *__RESTRICT b, float16_t *__RESTRICT out, int32_t out_c, int32_t out_w);

/**
 * @brief dst[r * row_address_offset + o] = clamp(bias[o] + sum over k of lhs[r][k] x rhs[o][k], activation_min,
 *        activation_max) for r < lhs_rows, o < rhs_rows (rhs: one row of rhs_cols per output channel).
 * @return ARM_CMSIS_NN_SUCCESS, or ARM_CMSIS_NN_ARG_ERROR for negative sizes, row_address_offset < rhs_rows,
 *         activation_min > activation_max (or NaN), NULL lhs/rhs/dst with nonempty sizes, or sizes past
 *         PTRDIFF_MAX bytes. Nothing is written on error.
 */
arm_cmsis_nn_status arm_nn_mat_mult_nt_t_f16(const float16_t *__RESTRICT lhs, const float16_t *__RESTRICT rhs, const float16_t *__RESTRICT bias, float16_t *__RESTRICT dst, int32_t lhs_rows, int32_t rhs_rows, int32_t rhs_cols, int32_t row_address_offset, float16_t activation_min, float16_t activation_max);
/** @brief arm_nn_mat_mult_nt_t_f16() with rhs in NT_N_PACKED blocks of 8 rows (same bits). */
arm_cmsis_nn_status arm_nn_mat_mult_nt_n_packed_f16(const float16_t *__RESTRICT lhs, const float16_t *__RESTRICT rhs_packed, const float16_t *__RESTRICT bias, float16_t *__RESTRICT dst, int32_t lhs_rows, int32_t rhs_rows, int32_t rhs_cols, int32_t row_address_offset, float16_t activation_min, float16_t activation_max);

/**
 * @brief One patch row of the packed-patch GEMM route: for output (out_y, out_x) of one NHWC image
 *        [in_h, in_w, in_c], patch_row[(ky x kernel_w + kx) x in_c + c] = input[iy][ix][c] with
 *        iy = out_y x stride_h - pad_h + ky x dilation_h (ix likewise), or pad_value outside the input.
 *        Inconsistent arguments (NULL, non-positive sizes, strides or dilations, negative padding or position,
 *        coordinates past int32) leave patch_row untouched.
 */
void arm_nn_pack_conv_patch_f16(const float16_t *__RESTRICT input, int32_t in_h, int32_t in_w, int32_t in_c, int32_t kernel_h, int32_t kernel_w, int32_t stride_h, int32_t stride_w, int32_t pad_h, int32_t pad_w, int32_t dilation_h, int32_t dilation_w, int32_t out_y, int32_t out_x, float16_t pad_value, float16_t *__RESTRICT patch_row);
#endif /* ARM_NN_ENABLE_F16 */

/* @kiln-dw-flt-support: float depthwise predicates and route kernels */

/*
 * Float depthwise convolution routes. arm_depthwise_conv_f32() / arm_depthwise_conv_f16() (filter [1, KH, KW,
 * C_OUT], C_OUT = C_IN x ch_mult, output channel o reads input channel o / ch_mult) take the first route of
 * this dispatch order whose predicate holds:
 *   1. conv1d k3  arm_nn_dw_f16_is_1d_k3()   (float32: the same shape test; not with NN_DISABLE_SPECIALIZATION)
 *   2. 2x5        arm_nn_dw_f16_is_2x5()     (float16 only; not with NN_DISABLE_SPECIALIZATION)
 *   3. 3x3        the channel-multiplier-1 route: ch_mult 1, a 3x3 filter, unit dilation
 *   4. one input channel  MVE float builds: arm_nn_dw_f16_is_cin1() and ctx states at least
 *                 arm_nn_dw_f16_cin1_min_ctx_size() (float32: the same with blocks of 4 output channels)
 *   5. nt_t       ctx states one depthwise patch row (KH x KW x C_OUT elements)
 *   6. generic    everything else (no scratch)
 * "ctx states n bytes": ctx != NULL, ctx->buf != NULL and ctx->size >= n.
 */
#if ARM_NN_ENABLE_F16
/**
 * @brief The depthwise conv1d k3 route of arm_depthwise_conv_f16(): batch 1, channel multiplier 1, a 1x3 filter,
 *        input and output height 1, unit stride and dilation, no padding.
 * @param[in] dw_conv_params Depthwise parameters
 * @param[in] input_dims     Input dimensions [N, H, W, C_IN]
 * @param[in] filter_dims    Filter dimensions [1, HK, WK, C_OUT]
 * @param[in] output_dims    Output dimensions [N, H, W, C_OUT]
 * @return true if the router takes the conv1d k3 route (unless NN_DISABLE_SPECIALIZATION is defined)
 */
__STATIC_INLINE bool arm_nn_dw_f16_is_1d_k3(const cmsis_nn_dw_conv_params_f16 *dw_conv_params,
                                            const cmsis_nn_dims *input_dims,
                                            const cmsis_nn_dims *filter_dims,
                                            const cmsis_nn_dims *output_dims)
{
    return input_dims->n == 1 && dw_conv_params->ch_mult == 1 && filter_dims->h == 1 && filter_dims->w == 3 &&
        input_dims->h == 1 && output_dims->h == 1 && dw_conv_params->stride.h == 1 && dw_conv_params->stride.w == 1 &&
        dw_conv_params->dilation.h == 1 && dw_conv_params->dilation.w == 1 && dw_conv_params->padding.h == 0 &&
        dw_conv_params->padding.w == 0;
}

/**
 * @brief The depthwise 2x5 route of arm_depthwise_conv_f16(): a 2x5 filter, input height 2, output height 1,
 *        unit stride and dilation, no padding; any batch and channel multiplier.
 * @param[in] dw_conv_params Depthwise parameters
 * @param[in] input_dims     Input dimensions [N, H, W, C_IN]
 * @param[in] filter_dims    Filter dimensions [1, HK, WK, C_OUT]
 * @param[in] output_dims    Output dimensions [N, H, W, C_OUT]
 * @return true if the router takes the 2x5 route (unless NN_DISABLE_SPECIALIZATION is defined)
 */
__STATIC_INLINE bool arm_nn_dw_f16_is_2x5(const cmsis_nn_dw_conv_params_f16 *dw_conv_params,
                                          const cmsis_nn_dims *input_dims,
                                          const cmsis_nn_dims *filter_dims,
                                          const cmsis_nn_dims *output_dims)
{
    return filter_dims->h == 2 && filter_dims->w == 5 && input_dims->h == 2 && output_dims->h == 1 &&
        dw_conv_params->stride.h == 1 && dw_conv_params->stride.w == 1 && dw_conv_params->dilation.h == 1 &&
        dw_conv_params->dilation.w == 1 && dw_conv_params->padding.h == 0 && dw_conv_params->padding.w == 0;
}

/**
 * @brief The shape part of the depthwise one-input-channel route of arm_depthwise_conv_f16() on MVE float builds:
 *        one input channel and at least CONVERT_DW_CONV_WITH_ONE_INPUT_CH_AND_OUTPUT_CH_ABOVE_THRESHOLD output
 *        channels (the threshold depends on the compiler). The router takes the route after the
 *        channel-multiplier-1 (3x3) route, and only when ctx->size is at least arm_nn_dw_f16_cin1_min_ctx_size();
 *        otherwise it takes the generic route (nt_t when ctx states a depthwise patch row).
 * @param[in] input_dims  Input dimensions [N, H, W, C_IN]
 * @param[in] output_dims Output dimensions [N, H, W, C_OUT]
 * @return true if the shape takes the one-input-channel route when ctx is large enough
 */
__STATIC_INLINE bool arm_nn_dw_f16_is_cin1(const cmsis_nn_dims *input_dims, const cmsis_nn_dims *output_dims)
{
    return input_dims->c == 1 && output_dims->c >= CONVERT_DW_CONV_WITH_ONE_INPUT_CH_AND_OUTPUT_CH_ABOVE_THRESHOLD;
}

/**
 * @brief The least ctx->size, in bytes, of the depthwise one-input-channel route: the filter packed in blocks of
 *        8 output channels (ARM_NN_WEIGHT_FORMAT_NT_N_PACKED of the [C_OUT][KH x KW] convolution filter), then
 *        one patch row of KH x KW elements. More scratch packs more patch rows per step.
 * @param[in] filter_dims Filter dimensions [1, HK, WK, C_OUT]
 * @param[in] output_dims Output dimensions [N, H, W, C_OUT]
 * @return the size in bytes, (ceil(C_OUT / 8) x 8 + 1) x KH x KW x 2 (64 bits, so that the caller can bound it),
 *         or INT64_MAX for a negative dimension or more than INT32_MAX taps, which no ctx can hold
 */
__STATIC_INLINE int64_t arm_nn_dw_f16_cin1_min_ctx_size(const cmsis_nn_dims *filter_dims,
                                                        const cmsis_nn_dims *output_dims)
{
    if (filter_dims->h < 0 || filter_dims->w < 0 || output_dims->c < 0)
    {
        return INT64_MAX;
    }
    const int64_t taps = (int64_t)filter_dims->h * filter_dims->w;
    if (taps > (int64_t)INT32_MAX)
    {
        return INT64_MAX;
    }
    const int64_t blocks = ((int64_t)output_dims->c + 7) / 8 * 8;
    return (blocks * taps + taps) * (int64_t)sizeof(float16_t);
}
#endif /* ARM_NN_ENABLE_F16 */

#if ARM_NN_ENABLE_F32
/*
 * Float32 depthwise route kernels. Filters [KH][KW][C_OUT] (the depthwise filter [1, KH, KW, C_OUT]). Every
 * output sums its taps in (ky, kx) order from 0, then adds its bias (NULL: 0), then (where the kernel has an
 * activation) clamps; the routers run these same kernels, so a direct call gives the router's bytes.
 */
/**
 * @brief Depthwise conv1d k3 route kernel (channel multiplier 1): out[x][c] = b[c] + sum over t < 3 of
 *        x_nhwc[x + t][c] x kernel[t][c], for x < out_w, c < in_c (valid, unit stride, no activation, no scratch).
 *        Requires 0 <= out_w <= in_w - 2; inconsistent arguments (NULL x_nhwc/kernel/out with nonempty work,
 *        in_c < 1, sizes past PTRDIFF_MAX bytes) leave out untouched. b may be NULL.
 */
void arm_nn_depthwise_conv1d_k3_nhwc_f32(const float32_t *__RESTRICT x_nhwc, int32_t in_c, int32_t in_w, const float32_t *__RESTRICT kernel, const float32_t *__RESTRICT b, float32_t *__RESTRICT out, int32_t out_w);
/**
 * @brief Depthwise 3x3 route kernel (channel multiplier 1, unit dilation): for every batch, output (y, x) and
 *        channel c < in_c, out = clamp(b[c] + sum of the taps of input rows y x stride_y - pad_y + ky and columns
 *        x x stride_x - pad_x + kx inside the input, act_min, act_max); taps outside the input are skipped.
 *        Inconsistent arguments (NULL pointers with nonempty work, in_c < 1, input H/W < 1, stride < 1,
 *        padding < 0, negative sizes, coordinates past int32, sizes past PTRDIFF_MAX bytes, act_min > act_max or
 *        NaN) leave out untouched. b may be NULL.
 */
void arm_nn_depthwise_conv3x3_nhwc_f32(const float32_t *__RESTRICT x_nhwc, int32_t batches, int32_t in_c, int32_t in_h, int32_t in_w, const float32_t *__RESTRICT kernel, const float32_t *__RESTRICT b, float32_t *__RESTRICT out, int32_t stride_x, int32_t stride_y, int32_t pad_x, int32_t pad_y, int32_t out_h, int32_t out_w, float32_t act_min, float32_t act_max);
/**
 * @brief The nt_t route kernel: out[r x out_row_stride + c] = clamp(bias[c] + sum over k < row_x_col of
 *        lhs[(r x row_x_col + k) x total_ch + c] x rhs[k x total_ch + c], activation_min, activation_max) for
 *        r < lhs_rows, c < total_ch. lhs: depthwise patch rows (tap-major, one value per output channel); rhs:
 *        the depthwise filter [row_x_col][total_ch]; bias may be NULL.
 * @return ARM_CMSIS_NN_SUCCESS, or ARM_CMSIS_NN_ARG_ERROR for negative sizes, out_row_stride < total_ch,
 *         activation_min > activation_max (or NaN), NULL lhs/rhs/out with nonempty work, or sizes past
 *         PTRDIFF_MAX bytes. Nothing is written on error.
 */
arm_cmsis_nn_status arm_nn_depthwise_conv_nt_t_f32(const float32_t *__RESTRICT lhs, const float32_t *__RESTRICT rhs, const float32_t *__RESTRICT bias, float32_t *__RESTRICT out, int32_t lhs_rows, int32_t total_ch, int32_t row_x_col, int32_t out_row_stride, float32_t activation_min, float32_t activation_max);
#endif /* ARM_NN_ENABLE_F32 */

#if ARM_NN_ENABLE_F16
/*
 * Float16 depthwise route kernels: as the float32 ones, with float16 storage and float32 accumulation
 * (products of halves are exact) rounded once to float16, then clamped.
 */
/**
 * @brief Depthwise 2x5 route kernel: for every batch (input [batches, 2, in_w, in_c], output [batches, 1, out_w,
 *        in_c x ch_mult]), out[x][o] = clamp(b[o] + sum over ky < 2, kx < 5 of x_nhwc[ky][x + kx][o / ch_mult] x
 *        kernel[ky][kx][o], act_min, act_max). Requires 0 <= out_w <= in_w - 4; inconsistent arguments (NULL
 *        pointers with nonempty work, in_c or ch_mult < 1, negative sizes, sizes past PTRDIFF_MAX bytes,
 *        act_min > act_max or NaN) leave out untouched. b may be NULL.
 */
void arm_nn_depthwise_conv2x5_nhwc_f16(const float16_t *__RESTRICT x_nhwc, int32_t batches, int32_t in_c, int32_t in_w, int32_t ch_mult, const float16_t *__RESTRICT kernel, const float16_t *__RESTRICT b, float16_t *__RESTRICT out, int32_t out_w, float16_t act_min, float16_t act_max);
/** @brief arm_nn_depthwise_conv1d_k3_nhwc_f32() for float16. */
void arm_nn_depthwise_conv1d_k3_nhwc_f16(const float16_t *__RESTRICT x_nhwc, int32_t in_c, int32_t in_w, const float16_t *__RESTRICT kernel, const float16_t *__RESTRICT b, float16_t *__RESTRICT out, int32_t out_w);
/** @brief arm_nn_depthwise_conv3x3_nhwc_f32() for float16. */
void arm_nn_depthwise_conv3x3_nhwc_f16(const float16_t *__RESTRICT x_nhwc, int32_t batches, int32_t in_c, int32_t in_h, int32_t in_w, const float16_t *__RESTRICT kernel, const float16_t *__RESTRICT b, float16_t *__RESTRICT out, int32_t stride_x, int32_t stride_y, int32_t pad_x, int32_t pad_y, int32_t out_h, int32_t out_w, float16_t act_min, float16_t act_max);
/** @brief arm_nn_depthwise_conv_nt_t_f32() for float16. */
arm_cmsis_nn_status arm_nn_depthwise_conv_nt_t_f16(const float16_t *__RESTRICT lhs, const float16_t *__RESTRICT rhs, const float16_t *__RESTRICT bias, float16_t *__RESTRICT out, int32_t lhs_rows, int32_t total_ch, int32_t row_x_col, int32_t out_row_stride, float16_t activation_min, float16_t activation_max);
#endif /* ARM_NN_ENABLE_F16 */

/* @kiln-flt-copy: float copy and fill helpers (block_size counts elements, not bytes) */
#if ARM_NN_ENABLE_F32
/** Copies block_size float32 elements from src to dst (must not overlap), bit for bit. */
static inline void arm_memcpy_f32(float32_t *__RESTRICT dst, const float32_t *__RESTRICT src, uint32_t block_size)
{
    memcpy(dst, src, (size_t)block_size * sizeof(float32_t));
}
/** Sets block_size float32 elements of dst to val. */
static inline void arm_memset_f32(float32_t *__RESTRICT dst, const float32_t val, uint32_t block_size)
{
    for (uint32_t i = 0; i < block_size; i++)
    {
        dst[i] = val;
    }
}
#endif /* ARM_NN_ENABLE_F32 */
#if ARM_NN_ENABLE_F16
/** Copies block_size float16 elements from src to dst (must not overlap), bit for bit. */
static inline void arm_memcpy_f16(float16_t *__RESTRICT dst, const float16_t *__RESTRICT src, uint32_t block_size)
{
    memcpy(dst, src, (size_t)block_size * sizeof(float16_t));
}
/** Sets block_size float16 elements of dst to val (its bit pattern). */
static inline void arm_memset_f16(float16_t *__RESTRICT dst, const float16_t val, uint32_t block_size)
{
    for (uint32_t i = 0; i < block_size; i++)
    {
        memcpy(&dst[i], &val, sizeof(float16_t));
    }
}
#endif /* ARM_NN_ENABLE_F16 */

/* @kiln-rnn-flt-step: one time step of the float LSTM / GRU (arm_nnfunctions_flt.h, @kiln-rnn-flt) */
#if ARM_NN_ENABLE_F32
/**
 * @brief One time step of arm_lstm_unidirectional_f32() for params->batch_size batches: batch b reads
 *        data_in + b * batch_offset * input_size, hidden_in + b * batch_offset * hidden_size (hidden_in NULL:
 *        no recurrent product, a zero state), buffers->cell_state + b * hidden_size (updated) and writes
 *        hidden_out + b * batch_offset * hidden_size (batch_offset 1: time-major rows; time_steps: batch-major
 *        rows). params->time_steps and buffers' temp1 / temp2 / hidden_state are not read. hidden_out must not
 *        overlap data_in, hidden_in or the cell state.
 * @return ARM_CMSIS_NN_ARG_ERROR, writing nothing, for NULL data_in, hidden_out, params, buffers, cell_state or a
 *         gate's input_weights, a gate's NULL hidden_weights with hidden_in given, batch_offset < 1, the size
 *         and activation errors of arm_lstm_unidirectional_f32() (tensor extents from batch_offset).
 */
arm_cmsis_nn_status arm_nn_lstm_step_f32(const float32_t *data_in,
                                         const float32_t *hidden_in,
                                         float32_t *hidden_out,
                                         const cmsis_nn_lstm_params_f32 *params,
                                         cmsis_nn_lstm_context_f32 *buffers,
                                         const int32_t batch_offset);
/**
 * @brief One time step of arm_gru_unidirectional_f32() for params->batch_size batches, rows addressed as
 *        arm_nn_lstm_step_f32() does; buffers->temp1 (hidden_size values) is the scratch of reset_after == 0
 *        (buffers may be NULL otherwise); buffers->hidden_state is not read.
 * @return ARM_CMSIS_NN_ARG_ERROR, writing nothing, for NULL data_in, hidden_out, params or a gate's input_weights,
 *         a gate's NULL hidden_weights with hidden_in given, NULL buffers or temp1 with reset_after == 0,
 *         batch_offset < 1 and the size errors of arm_gru_unidirectional_f32().
 */
arm_cmsis_nn_status arm_nn_gru_step_f32(const float32_t *data_in,
                                        const float32_t *hidden_in,
                                        float32_t *hidden_out,
                                        const cmsis_nn_gru_params_f32 *params,
                                        cmsis_nn_gru_context_f32 *buffers,
                                        const int32_t batch_offset);
#endif /* ARM_NN_ENABLE_F32 */
#if ARM_NN_ENABLE_F16
/** @brief arm_nn_lstm_step_f32() on float16 storage (computed in float32, stored values rounded once). */
arm_cmsis_nn_status arm_nn_lstm_step_f16(const float16_t *data_in,
                                         const float16_t *hidden_in,
                                         float16_t *hidden_out,
                                         const cmsis_nn_lstm_params_f16 *params,
                                         cmsis_nn_lstm_context_f16 *buffers,
                                         const int32_t batch_offset);
/** @brief arm_nn_gru_step_f32() on float16 storage (computed in float32, stored values rounded once). */
arm_cmsis_nn_status arm_nn_gru_step_f16(const float16_t *data_in,
                                        const float16_t *hidden_in,
                                        float16_t *hidden_out,
                                        const cmsis_nn_gru_params_f16 *params,
                                        cmsis_nn_gru_context_f16 *buffers,
                                        const int32_t batch_offset);
#endif /* ARM_NN_ENABLE_F16 */

/* @kiln-ops-flt-support: float fully connected, pooling and softmax support kernels */

/*
 * @kiln-supflt: softmax exponential helpers, the 1x2 softmax and the 1D max pooling kernels.
 * The exponentials (no libm; Internal/kiln_exp_flt.h) take x clamped to [-80, 80], NaN taken as 80 (the same
 * result as ns-cmsis-nn). Accuracy measured against a double reference over [-80, 80] (tests/supflt asserts these
 * bounds): arm_nn_softmax_exp_taylor_f32() relative error < 2e-7 (measured 1.3e-7; kiln_flt_exp_neg, the
 * exponential of the float softmax kernels; x > 0: its reciprocal at -x), arm_nn_softmax_exp_lut_f32() < 1.2e-6
 * (measured 1.02e-6; linear interpolation of 2^(i/256), correctly rounded entries), arm_nn_vexpq_poly_mve_f32()
 * < 1.5e-7 (measured 7.2e-8). The float16 helpers compute in float32 and round once to float16 (overflow above
 * 11.09 gives +inf, tiny results subnormals or 0); over every float16 input the Taylor one and the Helium one are
 * within 0.51 ulp of float16 (measured 0.5), the LUT one (float16 table entries) within 1 ulp (measured 0.95).
 * ns-cmsis-nn's float16 helpers scale by arm_nn_softmax_exp2i_f16() (clamped to 2^-14 .. 2^15), so they are wrong
 * outside about [-10, 11]; Kiln's are not. The Helium ones flush subnormal float32 results (see below).
 */
#include "Internal/kiln_exp_flt.h"
#include "Internal/kiln_mve_f16.h"

#if ARM_NN_ENABLE_F32 && (defined(ARM_MATH_MVEF) && !defined(ARM_MATH_AUTOVECTORIZE))
/** @brief Sum of the four lanes of v, as (v0 + v1) + (v2 + v3). */
__STATIC_INLINE float32_t arm_nn_vec_reduce_add_f32(float32x4_t v)
{
    return (vgetq_lane_f32(v, 0) + vgetq_lane_f32(v, 1)) + (vgetq_lane_f32(v, 2) + vgetq_lane_f32(v, 3));
}

/**
 * @brief exp of each lane: the exponential of the Helium float softmax kernels (Internal/kiln_exp_flt.h, relative
 *        error < 1.5e-7) on [-104, 88.72]; lanes below -104 (and -inf) give 0, above 88.72 (and +inf) +inf, NaN lanes
 *        NaN. Helium float arithmetic flushes subnormals: results below FLT_MIN (x below about -87.3) give 0.
 */
__STATIC_INLINE float32x4_t arm_nn_vexpq_poly_mve_f32(float32x4_t x)
{
    return vpselq_f32(x, kiln_vexp_f32(x, 88.8f), vcmpneq_f32(x, x));
}
#endif

#if ARM_NN_ENABLE_F32
/** 2^(i/256) for i = 0..256, correctly rounded (tools/gen_flt_luts.py); entry 256 lets the last segment
 *  interpolate. */
extern const float32_t arm_nn_exp2_lut256_f32[257];
/** tanh(4 i / 256) for i = 0..256 (tanh over [0, 4]), correctly rounded (tools/gen_flt_luts.py). */
extern const float32_t arm_nn_tanh_lut256_f32[257];
/** The coefficients of CMSIS-DSP's grouped exp polynomial (vexpq_f32's order); Kiln's kernels do not read them. */
extern const float32_t arm_nn_exp_poly_coeffs_f32[8];

/** @brief floor(x) as int32_t: saturated outside the int32 range (+-inf included), 0 for NaN. */
__STATIC_INLINE int32_t arm_nn_softmax_floor_to_int_f32(float32_t x)
{
    return kiln_flt_floor_to_int(x);
}

/** @brief The float32 whose bit pattern is bits. */
__STATIC_INLINE float32_t arm_nn_softmax_fp32_from_bits(uint32_t bits)
{
    float32_t f;
    memcpy(&f, &bits, sizeof(f));
    return f;
}

/** @brief 2^n, n clamped to the normal exponents [-126, 127] (exact). */
__STATIC_INLINE float32_t arm_nn_softmax_exp2i_f32(int32_t n)
{
    return kiln_flt_exp2i(n);
}

/** @brief exp(x), x clamped to [-80, 80] (NaN: 80): range reduction x = n ln2 + r and a degree-7 Taylor
 *         polynomial (relative error < 2e-7). */
__STATIC_INLINE float32_t arm_nn_softmax_exp_taylor_f32(float32_t x)
{
    return kiln_flt_exp_taylor(x);
}

/** @brief exp(x), x clamped to [-80, 80] (NaN: 80): 2^n x the linear interpolation of arm_nn_exp2_lut256_f32
 *         (relative error < 1.2e-6). */
__STATIC_INLINE float32_t arm_nn_softmax_exp_lut_f32(float32_t x)
{
    int32_t idx;
    float32_t frac;
    const int32_t n = kiln_flt_exp2_split(x, &idx, &frac);
    const float32_t y0 = arm_nn_exp2_lut256_f32[idx];
    const float32_t y1 = arm_nn_exp2_lut256_f32[idx + 1];
    return (y0 + (y1 - y0) * frac) * kiln_flt_exp2i(n);
}

/** @brief arm_nn_softmax_exp_taylor_f32() when ARM_NN_USE_EXP_TAYLOR is defined, else
 *         arm_nn_softmax_exp_lut_f32(). */
__STATIC_INLINE float32_t arm_nn_softmax_exp_scalar_f32(float32_t x)
{
#if defined(ARM_NN_USE_EXP_TAYLOR)
    return arm_nn_softmax_exp_taylor_f32(x);
#else
    return arm_nn_softmax_exp_lut_f32(x);
#endif
}

/**
 * @brief Softmax of one row of two values: the bytes of arm_softmax_f32() for num_rows 1, row_size 2 (the same
 *        kernel). out may equal in. NULL in or out: nothing is written. Parameters spelled as arrays of 2 with
 *        KILN_UPSTREAM_API (CMSIS-NN), as pointers otherwise (ns-cmsis-nn): the same type.
 */
#if KILN_UPSTREAM_API
void arm_nn_softmax_1x2_f32(const float32_t in[2], float32_t out[2]);
#else
void arm_nn_softmax_1x2_f32(const float32_t *in, float32_t *out);
#endif

/**
 * @brief 1D max pooling, NHWC, filter 3, stride 3, no padding: out[x][c] = max of x_nhwc[3x + k][c], k < 3, for
 *        x < out_w, c < in_c. NaN taps never win (as arm_max_pool_f32(); a window of NaNs only gives -inf). On
 *        Helium float builds a subnormal maximum comes out as a zero (vector arithmetic flushes subnormals; the
 *        float16 kernels keep them), as in arm_max_pool_f32().
 *        Bad arguments write nothing: NULL x_nhwc or out (with out_w > 0), in_c < 1, out_w < 0, 3 x out_w > in_w,
 *        sizes past PTRDIFF_MAX bytes.
 */
void arm_nn_maxpool1d_k3s3_nhwc_f32(const float32_t *__RESTRICT x_nhwc, int32_t in_c, int32_t in_w, float32_t *__RESTRICT out, int32_t out_w);
/** @brief arm_nn_maxpool1d_k3s3_nhwc_f32() with filter 2, stride 2 (needs 2 x out_w <= in_w). */
void arm_nn_maxpool1d_k2s2_nhwc_noclip_f32(const float32_t *__RESTRICT x_nhwc, int32_t in_c, int32_t in_w, float32_t *__RESTRICT out, int32_t out_w);
/**
 * @brief arm_nn_maxpool1d_k2s2_nhwc_noclip_f32() clamped to [act_min, act_max] (a NaN tap never wins; a window of
 *        NaNs gives act_min); also writes nothing for act_min > act_max or a NaN bound.
 */
void arm_nn_maxpool1d_k2s2_nhwc_f32(const float32_t *__RESTRICT x_nhwc, int32_t in_c, int32_t in_w, float32_t *__RESTRICT out, int32_t out_w, float32_t act_min, float32_t act_max);
#endif /* ARM_NN_ENABLE_F32 */

#if ARM_NN_ENABLE_F16
/** Binary16 bit patterns of 2^(i/256) for i = 0..256, correctly rounded (tools/gen_flt_luts.py). */
extern const uint16_t arm_nn_exp2_lut256_f16[257];
/** Binary16 bit patterns of tanh(4 i / 256) for i = 0..256, correctly rounded (tools/gen_flt_luts.py). */
extern const uint16_t arm_nn_tanh_lut256_f16[257];
/** CMSIS-DSP's grouped exp polynomial coefficients, as a table of the float16 feature (not read by Kiln). */
extern const float32_t arm_nn_exp_poly_coeffs_f16[8];
/** {3, 27, 9}: the saturation bound and a, b of the rational tanh(x) ~ x (a + x^2) / (a + b x^2) (not read by
 *  Kiln, whose float16 tanh is computed in float32). */
extern const float32_t arm_nn_tanh_approx_coeffs_f16[3];

/** @brief The float16 whose bit pattern is bits. */
__STATIC_INLINE float16_t arm_nn_softmax_fp16_from_bits(uint16_t bits)
{
    float16_t f;
    memcpy(&f, &bits, sizeof(f));
    return f;
}

/** @brief floor(x) as int32_t: -65504 .. 65504 for finite x, INT32_MAX / INT32_MIN for +-inf, 0 for NaN. */
__STATIC_INLINE int32_t arm_nn_softmax_floor_to_int_f16(float16_t x)
{
    return kiln_flt_floor_to_int((float32_t)x);
}

/** @brief 2^n, n clamped to the normal float16 exponents [-14, 15] (exact). */
__STATIC_INLINE float16_t arm_nn_softmax_exp2i_f16(int32_t n)
{
    n = n < -14 ? -14 : (n > 15 ? 15 : n);
    return arm_nn_softmax_fp16_from_bits((uint16_t)((uint32_t)(n + 15) << 10));
}

/** @brief exp(x) computed as arm_nn_softmax_exp_taylor_f32() in float32, rounded once to float16. */
__STATIC_INLINE float16_t arm_nn_softmax_exp_taylor_f16(float16_t x)
{
    return (float16_t)kiln_flt_exp_taylor((float32_t)x);
}

/** @brief exp(x), x clamped to [-80, 80] (NaN: 80): 2^n x the float32 linear interpolation of the float16 table
 *         arm_nn_exp2_lut256_f16, rounded once to float16 (within 1 ulp of float16). */
__STATIC_INLINE float16_t arm_nn_softmax_exp_lut_f16(float16_t x)
{
    int32_t idx;
    float32_t frac;
    const int32_t n = kiln_flt_exp2_split((float32_t)x, &idx, &frac);
    const float32_t y0 = (float32_t)arm_nn_softmax_fp16_from_bits(arm_nn_exp2_lut256_f16[idx]);
    const float32_t y1 = (float32_t)arm_nn_softmax_fp16_from_bits(arm_nn_exp2_lut256_f16[idx + 1]);
    return (float16_t)((y0 + (y1 - y0) * frac) * kiln_flt_exp2i(n));
}

/** @brief arm_nn_softmax_exp_taylor_f16() when ARM_NN_USE_EXP_TAYLOR is defined, else
 *         arm_nn_softmax_exp_lut_f16(). */
__STATIC_INLINE float16_t arm_nn_softmax_exp_scalar_f16(float16_t x)
{
#if defined(ARM_NN_USE_EXP_TAYLOR)
    return arm_nn_softmax_exp_taylor_f16(x);
#else
    return arm_nn_softmax_exp_lut_f16(x);
#endif
}

#if defined(ARM_MATH_MVE_FLOAT16) && !defined(ARM_MATH_AUTOVECTORIZE)
/** @brief Sum of the eight lanes of in, in float32 (exact widening; ((e0 + o0) + (e1 + o1)) + ((e2 + o2) +
 *         (e3 + o3)) with e / o the even / odd lanes), rounded once to float16. */
__STATIC_INLINE float16_t arm_nn_vec_reduce_add_f16(float16x8_t in)
{
    const float32x4_t s = vaddq_f32(kiln_mve_f16_bottom_to_f32(in), kiln_mve_f16_top_to_f32(in));
    return (float16_t)((vgetq_lane_f32(s, 0) + vgetq_lane_f32(s, 1)) + (vgetq_lane_f32(s, 2) + vgetq_lane_f32(s, 3)));
}

/** @brief exp of each lane: arm_nn_vexpq_poly_mve_f32() on the widened lanes, rounded once to float16 (above
 *         11.09: +inf); NaN lanes keep their bits. */
__STATIC_INLINE float16x8_t arm_nn_vexpq_poly_mve_f16(float16x8_t x)
{
    const float32x4_t e = kiln_vexp_f32(kiln_mve_f16_bottom_to_f32(x), 88.8f);
    const float32x4_t o = kiln_vexp_f32(kiln_mve_f16_top_to_f32(x), 88.8f);
    return vpselq_f16(x, kiln_mve_f32_pair_to_f16(e, o), vcmpneq_f16(x, x));
}
#endif

/** @brief arm_nn_softmax_1x2_f32() for float16: the bytes of arm_softmax_f16() for one row of two. */
#if KILN_UPSTREAM_API
void arm_nn_softmax_1x2_f16(const float16_t in[2], float16_t out[2]);
#else
void arm_nn_softmax_1x2_f16(const float16_t *in, float16_t *out);
#endif
/** @brief arm_nn_maxpool1d_k3s3_nhwc_f32() for float16 (same arguments and rules). */
void arm_nn_maxpool1d_k3s3_nhwc_f16(const float16_t *__RESTRICT x_nhwc, int32_t in_c, int32_t in_w, float16_t *__RESTRICT out, int32_t out_w);
/** @brief arm_nn_maxpool1d_k2s2_nhwc_noclip_f32() for float16. */
void arm_nn_maxpool1d_k2s2_nhwc_noclip_f16(const float16_t *__RESTRICT x_nhwc, int32_t in_c, int32_t in_w, float16_t *__RESTRICT out, int32_t out_w);
/** @brief arm_nn_maxpool1d_k2s2_nhwc_f32() for float16. */
void arm_nn_maxpool1d_k2s2_nhwc_f16(const float16_t *__RESTRICT x_nhwc, int32_t in_c, int32_t in_w, float16_t *__RESTRICT out, int32_t out_w, float16_t act_min, float16_t act_max);
#endif /* ARM_NN_ENABLE_F16 */
#ifdef __cplusplus
}
#endif

#endif /* ARM_NNSUPPORTFUNCTIONS_FLT_H */
