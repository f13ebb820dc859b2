/*
 * Kiln — public float32 / float16 functions (CMSIS-NN compatible names and signatures).
 * Built only with ARM_NN_ENABLE_F32 / ARM_NN_ENABLE_F16.
 */
#ifndef ARM_NNFUNCTIONS_FLT_H
#define ARM_NNFUNCTIONS_FLT_H

#include "arm_nn_math_types_flt.h"
#include "arm_nn_types_flt.h"

#ifdef __cplusplus
extern "C" {
#endif

#if ARM_NN_ENABLE_F32
/* @kiln-f32 */

/* Float32 convolution (Kiln conv_flt, Source/ConvolutionFunctions) */
/**
 * @brief Float32 convolution router (NHWC; filter [C_OUT, KH, KW, C_IN] in conv_params->weight_format,
 *        ARM_NN_WEIGHT_FORMAT_STANDARD or ARM_NN_WEIGHT_FORMAT_NT_N_PACKED (see arm_nn_pack_rhs_nt_n_f32())).
 *        Output = clamp(bias + sum of input x filter over the window, activation.min, activation.max); taps
 *        outside the input are skipped (zero padding), output windows are the ones output_dims asks for.
 *        Route: the first of the float convolution route predicates (arm_nnsupportfunctions_flt.h) in dispatch
 *        order 1x1, 1xN (when ctx states its scratch), conv1d k5, conv1d k3, small-C (MVE float builds),
 *        packed-patch GEMM (when ctx states one patch row), direct.
 * @param[in] ctx  Scratch: arm_convolve_f32_get_buffer_size() bytes, 4-byte aligned, enables the 1xN and
 *                 packed-patch GEMM routes; NULL or a smaller stated size takes the scratch-free routes.
 * @return ARM_CMSIS_NN_SUCCESS (also for an empty output, nothing written), or ARM_CMSIS_NN_ARG_ERROR for a
 *         NULL pointer, layout other than NHWC, unknown weight format, metadata failing
 *         arm_nn_conv_flt_dims_ok(), a 1x1 request failing arm_nn_conv_flt_1x1_window_ok(), activation
 *         min > max or NaN, bias_dims->c != C_OUT (when bias and bias_dims are given), or a misaligned
 *         scratch buffer on a scratch route. bias may be NULL (zero bias). Nothing is written on error.
 */
arm_cmsis_nn_status arm_convolve_f32(const cmsis_nn_context *ctx, const cmsis_nn_conv_params_f32 *conv_params, const cmsis_nn_dims *input_dims, const float32_t *input_data, const cmsis_nn_dims *filter_dims, const float32_t *filter_data, const cmsis_nn_dims *bias_dims, const float32_t *bias_data, const cmsis_nn_dims *output_dims, float32_t *output_data, arm_nn_tensor_layout layout);
/** @brief arm_convolve_f32() with layout ARM_NN_LAYOUT_NHWC (same routes, scratch and errors). */
arm_cmsis_nn_status arm_convolve_nhwc_f32(const cmsis_nn_context *ctx, const cmsis_nn_conv_params_f32 *conv_params, const cmsis_nn_dims *input_dims, const float32_t *input_data, const cmsis_nn_dims *filter_dims, const float32_t *filter_data, const cmsis_nn_dims *bias_dims, const float32_t *bias_data, const cmsis_nn_dims *output_dims, float32_t *output_data);
/** @brief arm_convolve_f32() with layout ARM_NN_LAYOUT_NHWC (same routes, scratch and errors). */
arm_cmsis_nn_status arm_convolve_wrapper_f32(const cmsis_nn_context *ctx, const cmsis_nn_conv_params_f32 *conv_params, const cmsis_nn_dims *input_dims, const float32_t *input_data, const cmsis_nn_dims *filter_dims, const float32_t *filter_data, const cmsis_nn_dims *bias_dims, const float32_t *bias_data, const cmsis_nn_dims *output_dims, float32_t *output_data);
/**
 * @brief Scratch bytes of the route arm_convolve_f32() takes when ctx holds them: for packed-patch GEMM one patch
 *        row (KH x KW x C_IN floats), two on MVE-float builds (the Helium kernel computes output positions in
 *        pairs; one row still takes the route), KW x C_IN floats for 1xN, 0 otherwise.
 * @return the bytes, or -1 for arguments arm_convolve_f32() rejects or a size past INT32_MAX.
 */
int32_t arm_convolve_f32_get_buffer_size(const cmsis_nn_conv_params_f32 *conv_params, const cmsis_nn_dims *input_dims, const cmsis_nn_dims *filter_dims, const cmsis_nn_dims *output_dims, arm_nn_tensor_layout layout);
/** @brief arm_convolve_f32_get_buffer_size() with layout ARM_NN_LAYOUT_NHWC. */
int32_t arm_convolve_wrapper_f32_get_buffer_size(const cmsis_nn_conv_params_f32 *conv_params, const cmsis_nn_dims *input_dims, const cmsis_nn_dims *filter_dims, const cmsis_nn_dims *output_dims);
/**
 * @brief The 1x1 route of arm_convolve_f32() as a direct entry (same output bytes as the router). No scratch.
 * @return as arm_convolve_f32(), and ARM_CMSIS_NN_NO_IMPL_ERROR (nothing written) for valid arguments whose
 *         shape is not the 1x1 route's (arm_nn_conv_flt_is_1x1() false).
 */
arm_cmsis_nn_status arm_convolve_1x1_f32(const cmsis_nn_context *ctx, const cmsis_nn_conv_params_f32 *conv_params, const cmsis_nn_dims *input_dims, const float32_t *input_data, const cmsis_nn_dims *filter_dims, const float32_t *filter_data, const cmsis_nn_dims *bias_dims, const float32_t *bias_data, const cmsis_nn_dims *output_dims, float32_t *output_data, arm_nn_tensor_layout layout);
/** @brief arm_convolve_1x1_f32() with layout ARM_NN_LAYOUT_NHWC. */
arm_cmsis_nn_status arm_convolve_1x1_nhwc_f32(const cmsis_nn_context *ctx, const cmsis_nn_conv_params_f32 *conv_params, const cmsis_nn_dims *input_dims, const float32_t *input_data, const cmsis_nn_dims *filter_dims, const float32_t *filter_data, const cmsis_nn_dims *bias_dims, const float32_t *bias_data, const cmsis_nn_dims *output_dims, float32_t *output_data);
/** @brief 0 for a valid 1x1-route request, -1 otherwise. */
int32_t arm_convolve_1x1_f32_get_buffer_size(const cmsis_nn_conv_params_f32 *conv_params, const cmsis_nn_dims *input_dims, const cmsis_nn_dims *filter_dims, const cmsis_nn_dims *output_dims, arm_nn_tensor_layout layout);
/**
 * @brief The 1xN route of arm_convolve_f32() as a direct entry (same output bytes as the router when the router
 *        takes this route). Accepts every arm_nn_conv_flt_is_1xn() shape, including those the router sends to a
 *        conv1d route.
 * @param[in] ctx  Scratch of arm_convolve_1_x_n_f32_get_buffer_size() bytes (KW x C_IN floats), 4-byte aligned;
 *                 required (ctx->size == 0 with a buffer: size not stated, taken on the caller's word).
 * @return as arm_convolve_f32(), ARM_CMSIS_NN_ARG_ERROR for missing scratch, and ARM_CMSIS_NN_NO_IMPL_ERROR
 *         (nothing written) for valid arguments of another shape.
 */
arm_cmsis_nn_status arm_convolve_1_x_n_f32(const cmsis_nn_context *ctx, const cmsis_nn_conv_params_f32 *conv_params, const cmsis_nn_dims *input_dims, const float32_t *input_data, const cmsis_nn_dims *filter_dims, const float32_t *filter_data, const cmsis_nn_dims *bias_dims, const float32_t *bias_data, const cmsis_nn_dims *output_dims, float32_t *output_data, arm_nn_tensor_layout layout);
/** @brief arm_convolve_1_x_n_f32() with layout ARM_NN_LAYOUT_NHWC. */
arm_cmsis_nn_status arm_convolve_1_x_n_nhwc_f32(const cmsis_nn_context *ctx, const cmsis_nn_conv_params_f32 *conv_params, const cmsis_nn_dims *input_dims, const float32_t *input_data, const cmsis_nn_dims *filter_dims, const float32_t *filter_data, const cmsis_nn_dims *bias_dims, const float32_t *bias_data, const cmsis_nn_dims *output_dims, float32_t *output_data);
/** @brief KW x C_IN x 4 bytes for a valid 1xN-shape request, -1 otherwise (or past INT32_MAX). */
int32_t arm_convolve_1_x_n_f32_get_buffer_size(const cmsis_nn_conv_params_f32 *conv_params, const cmsis_nn_dims *input_dims, const cmsis_nn_dims *filter_dims, const cmsis_nn_dims *output_dims, arm_nn_tensor_layout layout);
/**
 * @brief Bytes of a weight matrix [rhs_rows][rhs_cols] in ARM_NN_WEIGHT_FORMAT_NT_N_PACKED for float32:
 *        rhs_rows rounded up to blocks of 4, times rhs_cols floats. -1 for negative sizes or past INT32_MAX.
 */
int32_t arm_nn_pack_rhs_nt_n_f32_get_buffer_size(int32_t rhs_rows, int32_t rhs_cols);
/**
 * @brief Packs standard weights (one row of rhs_cols per output channel; a convolution filter [C_OUT, KH, KW,
 *        C_IN] is rhs_rows = C_OUT, rhs_cols = KH x KW x C_IN) into ARM_NN_WEIGHT_FORMAT_NT_N_PACKED: for each
 *        block of 4 rows, for each column k, the block's 4 values of column k (rows past rhs_rows are 0).
 * @param[out] rhs_packed arm_nn_pack_rhs_nt_n_f32_get_buffer_size() bytes; must not overlap rhs.
 * @return ARM_CMSIS_NN_SUCCESS, or ARM_CMSIS_NN_ARG_ERROR for negative sizes, a size past INT32_MAX bytes or a
 *         NULL pointer with nonempty sizes.
 */
arm_cmsis_nn_status arm_nn_pack_rhs_nt_n_f32(const float32_t *rhs, int32_t rhs_rows, int32_t rhs_cols,
                                             float32_t *rhs_packed);
#endif

#if ARM_NN_ENABLE_F16
/* @kiln-f16 */

/* Float16 convolution (Kiln conv_flt, Source/ConvolutionFunctions) */
/**
 * @brief Float16 convolution router (NHWC; filter [C_OUT, KH, KW, C_IN] in conv_params->weight_format,
 *        ARM_NN_WEIGHT_FORMAT_STANDARD or ARM_NN_WEIGHT_FORMAT_NT_N_PACKED (see arm_nn_pack_rhs_nt_n_f16())).
 *        Accumulates in float32 (products of halves are exact), rounds once to float16.
 *        Output = clamp(bias + sum of input x filter over the window, activation.min, activation.max); taps
 *        outside the input are skipped (zero padding), output windows are the ones output_dims asks for.
 *        Route: the first of the float convolution route predicates (arm_nnsupportfunctions_flt.h) in dispatch
 *        order 1x1, 1xN (when ctx states its scratch), conv1d k5, conv1d k3, small-C (MVE float builds),
 *        packed-patch GEMM (when ctx states one patch row), direct.
 * @param[in] ctx  Scratch: arm_convolve_f16_get_buffer_size() bytes, 2-byte aligned, enables the 1xN and
 *                 packed-patch GEMM routes; NULL or a smaller stated size takes the scratch-free routes.
 * @return ARM_CMSIS_NN_SUCCESS (also for an empty output, nothing written), or ARM_CMSIS_NN_ARG_ERROR for a
 *         NULL pointer, layout other than NHWC, unknown weight format, metadata failing
 *         arm_nn_conv_flt_dims_ok(), a 1x1 request failing arm_nn_conv_flt_1x1_window_ok(), activation
 *         min > max or NaN, bias_dims->c != C_OUT (when bias and bias_dims are given), or a misaligned
 *         scratch buffer on a scratch route. bias may be NULL (zero bias). Nothing is written on error.
 */
arm_cmsis_nn_status arm_convolve_f16(const cmsis_nn_context *ctx, const cmsis_nn_conv_params_f16 *conv_params, const cmsis_nn_dims *input_dims, const float16_t *input_data, const cmsis_nn_dims *filter_dims, const float16_t *filter_data, const cmsis_nn_dims *bias_dims, const float16_t *bias_data, const cmsis_nn_dims *output_dims, float16_t *output_data, arm_nn_tensor_layout layout);
/**
 * @brief arm_convolve_f16() accumulating in float16 (same arguments, routes, scratch, size query
 *        arm_convolve_f16_get_buffer_size() and errors). Every partial sum, and the sum with the bias, is rounded
 *        to float16 (on the portable backend: a float32 sum of the exact product, rounded to float16).
 *        Accuracy: with K = KH x KW x C_IN products, |error| <= (K + 1) x 2^-11 x (|bias| + sum |x w|) (first
 *        order), against arm_convolve_f16()'s 2^-11 x |result| + (K + 1) x 2^-24 x (|bias| + sum |x w|): use it
 *        when K and the dynamic range are small (the tests check this bound).
 */
arm_cmsis_nn_status arm_convolve_f16_acc16(const cmsis_nn_context *ctx, const cmsis_nn_conv_params_f16 *conv_params, const cmsis_nn_dims *input_dims, const float16_t *input_data, const cmsis_nn_dims *filter_dims, const float16_t *filter_data, const cmsis_nn_dims *bias_dims, const float16_t *bias_data, const cmsis_nn_dims *output_dims, float16_t *output_data, arm_nn_tensor_layout layout);
/** @brief arm_convolve_f16() with layout ARM_NN_LAYOUT_NHWC (same routes, scratch and errors). */
arm_cmsis_nn_status arm_convolve_nhwc_f16(const cmsis_nn_context *ctx, const cmsis_nn_conv_params_f16 *conv_params, const cmsis_nn_dims *input_dims, const float16_t *input_data, const cmsis_nn_dims *filter_dims, const float16_t *filter_data, const cmsis_nn_dims *bias_dims, const float16_t *bias_data, const cmsis_nn_dims *output_dims, float16_t *output_data);
/** @brief arm_convolve_f16() with layout ARM_NN_LAYOUT_NHWC (same routes, scratch and errors). */
arm_cmsis_nn_status arm_convolve_wrapper_f16(const cmsis_nn_context *ctx, const cmsis_nn_conv_params_f16 *conv_params, const cmsis_nn_dims *input_dims, const float16_t *input_data, const cmsis_nn_dims *filter_dims, const float16_t *filter_data, const cmsis_nn_dims *bias_dims, const float16_t *bias_data, const cmsis_nn_dims *output_dims, float16_t *output_data);
/**
 * @brief Scratch bytes of the route arm_convolve_f16() takes when ctx holds them: one patch row
 *        (KH x KW x C_IN halves) for packed-patch GEMM, KW x C_IN halves for 1xN, 0 otherwise.
 * @return the bytes, or -1 for arguments arm_convolve_f16() rejects or a size past INT32_MAX.
 */
int32_t arm_convolve_f16_get_buffer_size(const cmsis_nn_conv_params_f16 *conv_params, const cmsis_nn_dims *input_dims, const cmsis_nn_dims *filter_dims, const cmsis_nn_dims *output_dims, arm_nn_tensor_layout layout);
/** @brief arm_convolve_f16_get_buffer_size() with layout ARM_NN_LAYOUT_NHWC. */
int32_t arm_convolve_wrapper_f16_get_buffer_size(const cmsis_nn_conv_params_f16 *conv_params, const cmsis_nn_dims *input_dims, const cmsis_nn_dims *filter_dims, const cmsis_nn_dims *output_dims);
/**
 * @brief The 1x1 route of arm_convolve_f16() as a direct entry (same output bytes as the router). No scratch.
 * @return as arm_convolve_f16(), and ARM_CMSIS_NN_NO_IMPL_ERROR (nothing written) for valid arguments whose
 *         shape is not the 1x1 route's (arm_nn_conv_flt_is_1x1() false).
 */
arm_cmsis_nn_status arm_convolve_1x1_f16(const cmsis_nn_context *ctx, const cmsis_nn_conv_params_f16 *conv_params, const cmsis_nn_dims *input_dims, const float16_t *input_data, const cmsis_nn_dims *filter_dims, const float16_t *filter_data, const cmsis_nn_dims *bias_dims, const float16_t *bias_data, const cmsis_nn_dims *output_dims, float16_t *output_data, arm_nn_tensor_layout layout);
/** @brief arm_convolve_1x1_f16() with layout ARM_NN_LAYOUT_NHWC. */
arm_cmsis_nn_status arm_convolve_1x1_nhwc_f16(const cmsis_nn_context *ctx, const cmsis_nn_conv_params_f16 *conv_params, const cmsis_nn_dims *input_dims, const float16_t *input_data, const cmsis_nn_dims *filter_dims, const float16_t *filter_data, const cmsis_nn_dims *bias_dims, const float16_t *bias_data, const cmsis_nn_dims *output_dims, float16_t *output_data);
/** @brief 0 for a valid 1x1-route request, -1 otherwise. */
int32_t arm_convolve_1x1_f16_get_buffer_size(const cmsis_nn_conv_params_f16 *conv_params, const cmsis_nn_dims *input_dims, const cmsis_nn_dims *filter_dims, const cmsis_nn_dims *output_dims, arm_nn_tensor_layout layout);
/**
 * @brief The 1xN route of arm_convolve_f16() as a direct entry (same output bytes as the router when the router
 *        takes this route). Accepts every arm_nn_conv_flt_is_1xn() shape, including those the router sends to a
 *        conv1d route.
 * @param[in] ctx  Scratch of arm_convolve_1_x_n_f16_get_buffer_size() bytes (KW x C_IN halves), 2-byte aligned;
 *                 required (ctx->size == 0 with a buffer: size not stated, taken on the caller's word).
 * @return as arm_convolve_f16(), ARM_CMSIS_NN_ARG_ERROR for missing scratch, and ARM_CMSIS_NN_NO_IMPL_ERROR
 *         (nothing written) for valid arguments of another shape.
 */
arm_cmsis_nn_status arm_convolve_1_x_n_f16(const cmsis_nn_context *ctx, const cmsis_nn_conv_params_f16 *conv_params, const cmsis_nn_dims *input_dims, const float16_t *input_data, const cmsis_nn_dims *filter_dims, const float16_t *filter_data, const cmsis_nn_dims *bias_dims, const float16_t *bias_data, const cmsis_nn_dims *output_dims, float16_t *output_data, arm_nn_tensor_layout layout);
/** @brief arm_convolve_1_x_n_f16() with layout ARM_NN_LAYOUT_NHWC. */
arm_cmsis_nn_status arm_convolve_1_x_n_nhwc_f16(const cmsis_nn_context *ctx, const cmsis_nn_conv_params_f16 *conv_params, const cmsis_nn_dims *input_dims, const float16_t *input_data, const cmsis_nn_dims *filter_dims, const float16_t *filter_data, const cmsis_nn_dims *bias_dims, const float16_t *bias_data, const cmsis_nn_dims *output_dims, float16_t *output_data);
/** @brief KW x C_IN x 2 bytes for a valid 1xN-shape request, -1 otherwise (or past INT32_MAX). */
int32_t arm_convolve_1_x_n_f16_get_buffer_size(const cmsis_nn_conv_params_f16 *conv_params, const cmsis_nn_dims *input_dims, const cmsis_nn_dims *filter_dims, const cmsis_nn_dims *output_dims, arm_nn_tensor_layout layout);
/**
 * @brief Bytes of a weight matrix [rhs_rows][rhs_cols] in ARM_NN_WEIGHT_FORMAT_NT_N_PACKED for float16:
 *        rhs_rows rounded up to blocks of 8, times rhs_cols halves. -1 for negative sizes or past INT32_MAX.
 */
int32_t arm_nn_pack_rhs_nt_n_f16_get_buffer_size(int32_t rhs_rows, int32_t rhs_cols);
/**
 * @brief Packs standard weights (one row of rhs_cols per output channel; a convolution filter [C_OUT, KH, KW,
 *        C_IN] is rhs_rows = C_OUT, rhs_cols = KH x KW x C_IN) into ARM_NN_WEIGHT_FORMAT_NT_N_PACKED: for each
 *        block of 8 rows, for each column k, the block's 8 values of column k (rows past rhs_rows are 0).
 * @param[out] rhs_packed arm_nn_pack_rhs_nt_n_f16_get_buffer_size() bytes; must not overlap rhs.
 * @return ARM_CMSIS_NN_SUCCESS, or ARM_CMSIS_NN_ARG_ERROR for negative sizes, a size past INT32_MAX bytes or a
 *         NULL pointer with nonempty sizes.
 */
arm_cmsis_nn_status arm_nn_pack_rhs_nt_n_f16(const float16_t *rhs, int32_t rhs_rows, int32_t rhs_cols,
                                             float16_t *rhs_packed);
#endif

#if ARM_NN_ENABLE_F32
/* @kiln-dw-f32: float32 depthwise convolution */
/* Float32 depthwise convolution (Kiln dw_flt, Source/DepthwiseConvFunctions) */
/**
 * @brief Float32 depthwise convolution router (NHWC; filter [1, KH, KW, C_OUT] stored [KH][KW][C_OUT],
 *        C_OUT = C_IN x dw_conv_params->ch_mult, output channel o reads input channel o / ch_mult).
 *        Output = clamp(bias + sum of input x filter over the window, activation.min, activation.max); taps
 *        outside the input are skipped (zero padding), output windows are the ones output_dims asks for.
 *        Route (see arm_nnsupportfunctions_flt.h): conv1d k3 (the shape of arm_nn_dw_f16_is_1d_k3()), 3x3 (ch_mult 1,
 *        3x3 filter, unit dilation), one input channel (MVE float builds, ctx holding the packed filter and a patch
 *        row), nt_t (ctx states a patch row of KH x KW x C_OUT floats), generic.
 * @param[in] ctx  Scratch: arm_depthwise_conv_f32_get_buffer_size() bytes, 4-byte aligned, enables the scratch routes;
 *                 NULL or a smaller stated size takes a scratch-free route.
 * @return ARM_CMSIS_NN_SUCCESS (also for an empty output: N, H or W zero, nothing written), or
 *         ARM_CMSIS_NN_ARG_ERROR for a NULL pointer, layout other than NHWC, a negative dimension, stride or
 *         dilation < 1, padding < 0, ch_mult < 1, C_IN < 1, KH or KW < 1, filter C or output C != C_IN x ch_mult,
 *         output N != input N, an axis failing arm_nn_conv_flt_axis_ok(), KH x KW x C_OUT past INT32_MAX, tensor
 *         sizes past PTRDIFF_MAX bytes, activation min > max or NaN, bias_dims->c != C_OUT (when bias and
 *         bias_dims are given), or a misaligned scratch buffer on a scratch route. bias may be NULL (zero bias);
 *         filter_dims->n is not read. Nothing is written on error.
 */
arm_cmsis_nn_status arm_depthwise_conv_f32(const cmsis_nn_context *ctx, const cmsis_nn_dw_conv_params_f32 *dw_conv_params, const cmsis_nn_dims *input_dims, const float32_t *input, const cmsis_nn_dims *filter_dims, const float32_t *kernel, const cmsis_nn_dims *bias_dims, const float32_t *bias, const cmsis_nn_dims *output_dims, float32_t *output, arm_nn_tensor_layout layout);
/** @brief arm_depthwise_conv_f32() with layout ARM_NN_LAYOUT_NHWC (same routes, scratch and errors). */
arm_cmsis_nn_status arm_depthwise_nhwc_conv_f32(const cmsis_nn_context *ctx, const cmsis_nn_dw_conv_params_f32 *dw_conv_params, const cmsis_nn_dims *input_dims, const float32_t *input, const cmsis_nn_dims *filter_dims, const float32_t *kernel, const cmsis_nn_dims *bias_dims, const float32_t *bias, const cmsis_nn_dims *output_dims, float32_t *output);
/** @brief arm_depthwise_conv_f32() with layout ARM_NN_LAYOUT_NHWC (same routes, scratch and errors). */
arm_cmsis_nn_status arm_depthwise_conv_wrapper_f32(const cmsis_nn_context *ctx, const cmsis_nn_dw_conv_params_f32 *dw_conv_params, const cmsis_nn_dims *input_dims, const float32_t *input, const cmsis_nn_dims *filter_dims, const float32_t *kernel, const cmsis_nn_dims *bias_dims, const float32_t *bias, const cmsis_nn_dims *output_dims, float32_t *output);
/**
 * @brief Scratch bytes of the route arm_depthwise_conv_f32() takes when ctx holds them: one depthwise patch row
 *        (KH x KW x C_OUT floats) for the nt_t route, the filter packed in blocks of 4 output channels plus one
 *        patch row of KH x KW floats for the one-input-channel route (MVE float builds, two rows there: the Helium kernel takes output positions in pairs), 0 for the
 *        scratch-free routes and empty outputs.
 * @return the bytes, or -1 for arguments arm_depthwise_conv_f32() rejects or a size past INT32_MAX.
 */
int32_t arm_depthwise_conv_f32_get_buffer_size(const cmsis_nn_dw_conv_params_f32 *dw_conv_params, const cmsis_nn_dims *input_dims, const cmsis_nn_dims *filter_dims, const cmsis_nn_dims *output_dims, arm_nn_tensor_layout layout);
/** @brief arm_depthwise_conv_f32_get_buffer_size() with layout ARM_NN_LAYOUT_NHWC. */
int32_t arm_depthwise_conv_wrapper_f32_get_buffer_size(const cmsis_nn_dw_conv_params_f32 *dw_conv_params, const cmsis_nn_dims *input_dims, const cmsis_nn_dims *filter_dims, const cmsis_nn_dims *output_dims);
#endif

#if ARM_NN_ENABLE_F16
/* @kiln-dw-f16: float16 depthwise convolution */
/* Float16 depthwise convolution (Kiln dw_flt, Source/DepthwiseConvFunctions) */
/**
 * @brief Float16 depthwise convolution router (NHWC; filter [1, KH, KW, C_OUT] stored [KH][KW][C_OUT],
 *        C_OUT = C_IN x dw_conv_params->ch_mult, output channel o reads input channel o / ch_mult).
 *        Output = clamp(bias + sum of input x filter over the window, activation.min, activation.max); taps
 *        outside the input are skipped (zero padding), output windows are the ones output_dims asks for.
 *        Accumulates in float32 (products of halves are exact), rounds once to float16, then clamps.
 *        Route (see arm_nnsupportfunctions_flt.h): conv1d k3 (arm_nn_dw_f16_is_1d_k3()), 2x5 (arm_nn_dw_f16_is_2x5()), 3x3 (ch_mult 1,
 *        3x3 filter, unit dilation), one input channel (MVE float builds, ctx holding the packed filter and a patch
 *        row), nt_t (ctx states a patch row of KH x KW x C_OUT halves), generic.
 * @param[in] ctx  Scratch: arm_depthwise_conv_f16_get_buffer_size() bytes, 2-byte aligned, enables the scratch routes;
 *                 NULL or a smaller stated size takes a scratch-free route.
 * @return ARM_CMSIS_NN_SUCCESS (also for an empty output: N, H or W zero, nothing written), or
 *         ARM_CMSIS_NN_ARG_ERROR for a NULL pointer, layout other than NHWC, a negative dimension, stride or
 *         dilation < 1, padding < 0, ch_mult < 1, C_IN < 1, KH or KW < 1, filter C or output C != C_IN x ch_mult,
 *         output N != input N, an axis failing arm_nn_conv_flt_axis_ok(), KH x KW x C_OUT past INT32_MAX, tensor
 *         sizes past PTRDIFF_MAX bytes, activation min > max or NaN, bias_dims->c != C_OUT (when bias and
 *         bias_dims are given), or a misaligned scratch buffer on a scratch route. bias may be NULL (zero bias);
 *         filter_dims->n is not read. Nothing is written on error.
 */
arm_cmsis_nn_status arm_depthwise_conv_f16(const cmsis_nn_context *ctx, const cmsis_nn_dw_conv_params_f16 *dw_conv_params, const cmsis_nn_dims *input_dims, const float16_t *input, const cmsis_nn_dims *filter_dims, const float16_t *kernel, const cmsis_nn_dims *bias_dims, const float16_t *bias, const cmsis_nn_dims *output_dims, float16_t *output, arm_nn_tensor_layout layout);
/** @brief arm_depthwise_conv_f16() with layout ARM_NN_LAYOUT_NHWC (same routes, scratch and errors). */
arm_cmsis_nn_status arm_depthwise_nhwc_conv_f16(const cmsis_nn_context *ctx, const cmsis_nn_dw_conv_params_f16 *dw_conv_params, const cmsis_nn_dims *input_dims, const float16_t *input, const cmsis_nn_dims *filter_dims, const float16_t *kernel, const cmsis_nn_dims *bias_dims, const float16_t *bias, const cmsis_nn_dims *output_dims, float16_t *output);
/** @brief arm_depthwise_conv_f16() with layout ARM_NN_LAYOUT_NHWC (same routes, scratch and errors). */
arm_cmsis_nn_status arm_depthwise_conv_wrapper_f16(const cmsis_nn_context *ctx, const cmsis_nn_dw_conv_params_f16 *dw_conv_params, const cmsis_nn_dims *input_dims, const float16_t *input, const cmsis_nn_dims *filter_dims, const float16_t *kernel, const cmsis_nn_dims *bias_dims, const float16_t *bias, const cmsis_nn_dims *output_dims, float16_t *output);
/**
 * @brief Scratch bytes of the route arm_depthwise_conv_f16() takes when ctx holds them: one depthwise patch row
 *        (KH x KW x C_OUT halves) for the nt_t route, the filter packed in blocks of 8 output channels plus one
 *        patch row of KH x KW halves for the one-input-channel route (MVE float builds), 0 for the
 *        scratch-free routes and empty outputs.
 * @return the bytes, or -1 for arguments arm_depthwise_conv_f16() rejects or a size past INT32_MAX.
 */
int32_t arm_depthwise_conv_f16_get_buffer_size(const cmsis_nn_dw_conv_params_f16 *dw_conv_params, const cmsis_nn_dims *input_dims, const cmsis_nn_dims *filter_dims, const cmsis_nn_dims *output_dims, arm_nn_tensor_layout layout);
/** @brief arm_depthwise_conv_f16_get_buffer_size() with layout ARM_NN_LAYOUT_NHWC. */
int32_t arm_depthwise_conv_wrapper_f16_get_buffer_size(const cmsis_nn_dw_conv_params_f16 *dw_conv_params, const cmsis_nn_dims *input_dims, const cmsis_nn_dims *filter_dims, const cmsis_nn_dims *output_dims);
#endif

#if ARM_NN_ENABLE_F32
/* @kiln-ops-f32: float32 fully connected, pooling, softmax */
/* Float32 fully connected, pooling and softmax (Kiln flt_ops: Source/FullyConnectedFunctions, PoolingFunctions,
 * SoftmaxFunctions; internals Include/Internal/kiln_flt_ops.h).  */
/**
 * @brief Float32 fully connected: output[b][o] = clamp(bias[o] + sum over k of input[b][k] x kernel(o, k),
 *        activation.min, activation.max) for b < input_dims->n, o < output_dims->c, k < filter_dims->n.
 *        input_dims: n batches of h x w x c = filter_dims->n values each; filter_dims {n: accumulation depth,
 *        h: 1, w: 1, c: outputs}; output_dims: n x h x w = input_dims->n, c = filter_dims->c.
 *        fc_params->weight_format: ARM_NN_WEIGHT_FORMAT_STANDARD (kernel [c][n], one row per output) or
 *        ARM_NN_WEIGHT_FORMAT_NT_N_PACKED (arm_nn_pack_rhs_nt_n_f32() with rhs_rows = c, rhs_cols = n).
 *        Route: "rows" (standard) or "packed"; Helium dot products on MVE-float builds. No scratch (ctx unused,
 *        may be NULL; arm_fully_connected_f32_get_buffer_size() returns 0).
 * @param[in] layout ARM_NN_LAYOUT_NHWC only.
 * @return ARM_CMSIS_NN_SUCCESS (also when there is no batch or output: nothing written), or
 *         ARM_CMSIS_NN_ARG_ERROR (nothing written) for a NULL fc_params, dims, output, or input/kernel with a
 *         nonzero depth, another layout or weight format, negative dims, filter_dims->n != input h x w x c,
 *         filter h or w != 1, filter_dims->c != output_dims->c, output n x h x w != input n, bias_dims->c !=
 *         output_dims->c (when bias and bias_dims are given), activation min > max or NaN, buffer sizes past
 *         PTRDIFF_MAX bytes. bias may be NULL (zero bias).
 */
arm_cmsis_nn_status arm_fully_connected_f32(const cmsis_nn_context *ctx, const cmsis_nn_fc_params_f32 *fc_params, const cmsis_nn_dims *input_dims, const float32_t *input, const cmsis_nn_dims *filter_dims, const float32_t *kernel, const cmsis_nn_dims *bias_dims, const float32_t *bias, const cmsis_nn_dims *output_dims, float32_t *output, arm_nn_tensor_layout layout);
/** @brief arm_fully_connected_f32() with layout ARM_NN_LAYOUT_NHWC (same semantics and errors). */
arm_cmsis_nn_status arm_fully_connected_nhwc_f32(const cmsis_nn_context *ctx, const cmsis_nn_fc_params_f32 *fc_params, const cmsis_nn_dims *input_dims, const float32_t *input, const cmsis_nn_dims *filter_dims, const float32_t *kernel, const cmsis_nn_dims *bias_dims, const float32_t *bias, const cmsis_nn_dims *output_dims, float32_t *output);
/** @brief Scratch bytes of arm_fully_connected_f32(): 0 for arguments it accepts, -1 otherwise. */
int32_t arm_fully_connected_f32_get_buffer_size(const cmsis_nn_fc_params_f32 *fc_params, const cmsis_nn_dims *input_dims, const cmsis_nn_dims *filter_dims, const cmsis_nn_dims *output_dims, arm_nn_tensor_layout layout);
/**
 * @brief Float32 average pooling, NHWC: output[b][y][x][c] = clamp(mean of input[b][iy][ix][c] over the
 *        in-bounds taps iy = y x stride.h - padding.h + ky (ky < filter_dims->h), ix likewise), as TFLite (padded
 *        taps are not counted; a window without an in-bounds tap gives 0 before the clamp). filter_dims: h, w
 *        used (n, c ignored); output_dims: n = input n, c = input c, h and w as the caller sizes them.
 *        No scratch: ctx unused (may be NULL).
 * @return ARM_CMSIS_NN_SUCCESS (empty output: nothing written), or ARM_CMSIS_NN_ARG_ERROR (nothing written) for a
 *         NULL pool_params, dims or dst, NULL src with a nonempty input, stride < 1, negative padding, filter h or
 *         w < 1, negative dims, output c or n != input c or n, window coordinates past int32, activation min > max
 *         or NaN, buffer sizes past PTRDIFF_MAX bytes.
 */
arm_cmsis_nn_status arm_avg_pool_f32(const cmsis_nn_context *ctx, const cmsis_nn_pool_params_f32 *pool_params, const cmsis_nn_dims *input_dims, const float32_t *src, const cmsis_nn_dims *filter_dims, const cmsis_nn_dims *output_dims, float32_t *dst);
/**
 * @brief Float32 max pooling, NHWC: as arm_avg_pool_f32() with the maximum of the in-bounds taps (a window
 *        without one gives activation.min). Same arguments and errors.
 */
arm_cmsis_nn_status arm_max_pool_f32(const cmsis_nn_context *ctx, const cmsis_nn_pool_params_f32 *pool_params, const cmsis_nn_dims *input_dims, const float32_t *src, const cmsis_nn_dims *filter_dims, const cmsis_nn_dims *output_dims, float32_t *dst);
/**
 * @brief Float32 softmax: each of num_rows rows of row_size values becomes exp(x - max) / sum of exp(x - max)
 *        over the row (max: the row maximum, so any finite logits are safe). output may equal input.
 * @return ARM_CMSIS_NN_SUCCESS (no row or empty rows: nothing written), or ARM_CMSIS_NN_ARG_ERROR for negative
 *         sizes, NULL input or output with a nonempty size, or num_rows x row_size past PTRDIFF_MAX bytes.
 */
arm_cmsis_nn_status arm_softmax_f32(const float32_t *input, int32_t num_rows, int32_t row_size, float32_t *output);
#endif

#if ARM_NN_ENABLE_F16
/* @kiln-ops-f16: float16 fully connected, pooling, softmax */
/* Float16 fully connected, pooling and softmax (Kiln flt_ops: Source/FullyConnectedFunctions, PoolingFunctions,
 * SoftmaxFunctions; internals Include/Internal/kiln_flt_ops.h). Float16 storage; arithmetic in float32, each output rounded once. */
/**
 * @brief Float16 fully connected: output[b][o] = clamp(bias[o] + sum over k of input[b][k] x kernel(o, k),
 *        activation.min, activation.max) for b < input_dims->n, o < output_dims->c, k < filter_dims->n.
 *        input_dims: n batches of h x w x c = filter_dims->n values each; filter_dims {n: accumulation depth,
 *        h: 1, w: 1, c: outputs}; output_dims: n x h x w = input_dims->n, c = filter_dims->c.
 *        fc_params->weight_format: ARM_NN_WEIGHT_FORMAT_STANDARD (kernel [c][n], one row per output) or
 *        ARM_NN_WEIGHT_FORMAT_NT_N_PACKED (arm_nn_pack_rhs_nt_n_f16() with rhs_rows = c, rhs_cols = n).
 *        Route: "rows" (standard) or "packed"; Helium dot products on MVE-float builds. No scratch (ctx unused,
 *        may be NULL; arm_fully_connected_f16_get_buffer_size() returns 0).
 * @param[in] layout ARM_NN_LAYOUT_NHWC only.
 * @return ARM_CMSIS_NN_SUCCESS (also when there is no batch or output: nothing written), or
 *         ARM_CMSIS_NN_ARG_ERROR (nothing written) for a NULL fc_params, dims, output, or input/kernel with a
 *         nonzero depth, another layout or weight format, negative dims, filter_dims->n != input h x w x c,
 *         filter h or w != 1, filter_dims->c != output_dims->c, output n x h x w != input n, bias_dims->c !=
 *         output_dims->c (when bias and bias_dims are given), activation min > max or NaN, buffer sizes past
 *         PTRDIFF_MAX bytes. bias may be NULL (zero bias).
 */
arm_cmsis_nn_status arm_fully_connected_f16(const cmsis_nn_context *ctx, const cmsis_nn_fc_params_f16 *fc_params, const cmsis_nn_dims *input_dims, const float16_t *input, const cmsis_nn_dims *filter_dims, const float16_t *kernel, const cmsis_nn_dims *bias_dims, const float16_t *bias, const cmsis_nn_dims *output_dims, float16_t *output, arm_nn_tensor_layout layout);
/** @brief arm_fully_connected_f16() with layout ARM_NN_LAYOUT_NHWC (same semantics and errors). */
arm_cmsis_nn_status arm_fully_connected_nhwc_f16(const cmsis_nn_context *ctx, const cmsis_nn_fc_params_f16 *fc_params, const cmsis_nn_dims *input_dims, const float16_t *input, const cmsis_nn_dims *filter_dims, const float16_t *kernel, const cmsis_nn_dims *bias_dims, const float16_t *bias, const cmsis_nn_dims *output_dims, float16_t *output);
/** @brief Scratch bytes of arm_fully_connected_f16(): 0 for arguments it accepts, -1 otherwise. */
int32_t arm_fully_connected_f16_get_buffer_size(const cmsis_nn_fc_params_f16 *fc_params, const cmsis_nn_dims *input_dims, const cmsis_nn_dims *filter_dims, const cmsis_nn_dims *output_dims, arm_nn_tensor_layout layout);
/**
 * @brief Float16 average pooling, NHWC: output[b][y][x][c] = clamp(mean of input[b][iy][ix][c] over the
 *        in-bounds taps iy = y x stride.h - padding.h + ky (ky < filter_dims->h), ix likewise), as TFLite (padded
 *        taps are not counted; a window without an in-bounds tap gives 0 before the clamp). filter_dims: h, w
 *        used (n, c ignored); output_dims: n = input n, c = input c, h and w as the caller sizes them.
 *        No scratch: ctx unused (may be NULL).
 * @return ARM_CMSIS_NN_SUCCESS (empty output: nothing written), or ARM_CMSIS_NN_ARG_ERROR (nothing written) for a
 *         NULL pool_params, dims or dst, NULL src with a nonempty input, stride < 1, negative padding, filter h or
 *         w < 1, negative dims, output c or n != input c or n, window coordinates past int32, activation min > max
 *         or NaN, buffer sizes past PTRDIFF_MAX bytes.
 */
arm_cmsis_nn_status arm_avg_pool_f16(const cmsis_nn_context *ctx, const cmsis_nn_pool_params_f16 *pool_params, const cmsis_nn_dims *input_dims, const float16_t *src, const cmsis_nn_dims *filter_dims, const cmsis_nn_dims *output_dims, float16_t *dst);
/**
 * @brief Float16 max pooling, NHWC: as arm_avg_pool_f16() with the maximum of the in-bounds taps (a window
 *        without one gives activation.min). Same arguments and errors.
 */
arm_cmsis_nn_status arm_max_pool_f16(const cmsis_nn_context *ctx, const cmsis_nn_pool_params_f16 *pool_params, const cmsis_nn_dims *input_dims, const float16_t *src, const cmsis_nn_dims *filter_dims, const cmsis_nn_dims *output_dims, float16_t *dst);
/**
 * @brief Float16 softmax: each of num_rows rows of row_size values becomes exp(x - max) / sum of exp(x - max)
 *        over the row (max: the row maximum, so any finite logits are safe). output may equal input.
 * @return ARM_CMSIS_NN_SUCCESS (no row or empty rows: nothing written), or ARM_CMSIS_NN_ARG_ERROR for negative
 *         sizes, NULL input or output with a nonempty size, or num_rows x row_size past PTRDIFF_MAX bytes.
 */
arm_cmsis_nn_status arm_softmax_f16(const float16_t *input, int32_t num_rows, int32_t row_size, float16_t *output);
#endif

#ifdef __cplusplus
}
#endif

#endif /* ARM_NNFUNCTIONS_FLT_H */
