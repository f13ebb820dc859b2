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

#if ARM_NN_ENABLE_F32
/* @kiln-ew-f32: float32 elementwise (add, mul, maximum / minimum with broadcasting) and activations */
/**
 * float32 elementwise operators and activations (portable C on every backend; output may equal an input).
 * - arm_elementwise_add_f32 / _sub_f32 / _mul_f32: output[i] = input_1[i] + / - / * input_2[i] for i < block_size
 *   (one IEEE rounding, bit-exact), clamped to [out_activation_min, out_activation_max]; a NaN result stays NaN.
 * - arm_nn_abs_f32: output[i] = |input[i]| for i < block_size (the sign bit cleared: -0 gives +0, a NaN stays NaN).
 * - arm_maximum_f32 / arm_minimum_f32: TFLite MAXIMUM / MINIMUM with TFLite's broadcasting over NHWC dims (each
 *   dimension equal, or 1 on one side; output dims exactly the broadcast shape): a >= b ? a : b (maximum),
 *   a >= b ? b : a (minimum), a from input 1. ctx is not used (no scratch) and may be NULL.
 * - arm_nn_activation_f32: NONE x, SIGMOID 1 / (1 + e^-x), TANH tanh x, RELU max(x, 0), RELU6
 *   min(max(x, 0), 6), HARDSWISH x relu6(x + 3) / 6, LEAKY_RELU x >= 0 ? x : act_param x. Sigmoid and tanh
 *   without libm, absolute error below 1e-6; NaN stays NaN.
 * ARM_CMSIS_NN_ARG_ERROR, writing nothing, for a NULL pointer or dims, a negative size or dim, activation bounds
 * that are not ordered (min > max or NaN), dims that do not broadcast, or an unknown activation type. A size of
 * 0 (or an empty output) succeeds and writes nothing.
 */
arm_cmsis_nn_status arm_elementwise_add_f32(const float32_t *input_1_vect,
                                            const float32_t *input_2_vect,
                                            float32_t *output,
                                            float32_t out_activation_min,
                                            float32_t out_activation_max,
                                            int32_t block_size);
arm_cmsis_nn_status arm_elementwise_mul_f32(const float32_t *input_1_vect,
                                            const float32_t *input_2_vect,
                                            float32_t *output,
                                            float32_t out_activation_min,
                                            float32_t out_activation_max,
                                            int32_t block_size);
arm_cmsis_nn_status arm_elementwise_sub_f32(const float32_t *input_1_vect,
                                            const float32_t *input_2_vect,
                                            float32_t *output,
                                            float32_t out_activation_min,
                                            float32_t out_activation_max,
                                            int32_t block_size);
arm_cmsis_nn_status arm_nn_abs_f32(const float32_t *input, float32_t *output, int32_t block_size);
/** TFLite PRELU: x >= 0 ? x : x * alpha, input and alpha broadcast as arm_maximum_f32's inputs; same checks. */
arm_cmsis_nn_status arm_prelu_f32(const cmsis_nn_dims *input_dims,
                                 const float32_t *input,
                                 const cmsis_nn_dims *alpha_dims,
                                 const float32_t *alpha,
                                 const cmsis_nn_dims *output_dims,
                                 float32_t *output);
arm_cmsis_nn_status arm_maximum_f32(const cmsis_nn_context *ctx,
                                    const float32_t *input_1_data,
                                    const cmsis_nn_dims *input_1_dims,
                                    const float32_t *input_2_data,
                                    const cmsis_nn_dims *input_2_dims,
                                    float32_t *output_data,
                                    const cmsis_nn_dims *output_dims);
arm_cmsis_nn_status arm_minimum_f32(const cmsis_nn_context *ctx,
                                    const float32_t *input_1_data,
                                    const cmsis_nn_dims *input_1_dims,
                                    const float32_t *input_2_data,
                                    const cmsis_nn_dims *input_2_dims,
                                    float32_t *output_data,
                                    const cmsis_nn_dims *output_dims);
arm_cmsis_nn_status arm_nn_activation_f32(const float32_t *input,
                                          float32_t *output,
                                          int32_t size,
                                          arm_nn_activation_type_flt type,
                                          float32_t act_param);

/* @kiln-mv-f32: float32 transpose and pad */
/**
 * float32 transpose and constant padding, bit-exact (elements are copied, never converted), the index
 * arithmetic of arm_transpose_s8 / arm_pad_s8. Portable C on every backend; input and output must not overlap.
 * arm_transpose_f32: output axis i is input axis params->perm[i] for i < params->num_dims (1..4); the
 * extents are the first num_dims of input_dims n, h, w, c (output_dims likewise); perm entries and dims past
 * num_dims are not used. ctx is not used (may be NULL). ARM_CMSIS_NN_ARG_ERROR (writing nothing) for a NULL
 * params / dims / input / output, layout other than ARM_NN_LAYOUT_NHWC, num_dims outside 1..4, perm not a
 * permutation of 0..num_dims-1, a negative used extent, output extent i != input extent perm[i], or more than
 * INT32_MAX elements (or bytes past SIZE_MAX / 2). An empty tensor writes nothing.
 * arm_pad_f32: output extent k = pre_pad + input_size + post_pad (n, h, w, c); elements outside the input are
 * pad_value. ARM_CMSIS_NN_ARG_ERROR (writing nothing) for a NULL pointer, a negative extent or pad, an output
 * extent or element count past INT32_MAX (or bytes past SIZE_MAX / 2). An empty output writes nothing.
 */
arm_cmsis_nn_status arm_transpose_f32(const cmsis_nn_context *ctx,
                                      const cmsis_nn_transpose_params_f32 *params,
                                      const cmsis_nn_dims *input_dims,
                                      const float32_t *input,
                                      const cmsis_nn_dims *output_dims,
                                      float32_t *output);
arm_cmsis_nn_status arm_pad_f32(const float32_t *input,
                                float32_t *output,
                                float32_t pad_value,
                                const cmsis_nn_dims *input_size,
                                const cmsis_nn_dims *pre_pad,
                                const cmsis_nn_dims *post_pad);

/* @kiln-concat-f32: float32 concatenation and reshape */
/**
 * float32 forms of arm_concatenation_s8_x / _y / _z / _w and arm_reshape_s8 (same semantics, elements
 * copied bit for bit); extents and offsets are int32_t / uint32_t here: a negative extent writes nothing too.
 */
void arm_concatenation_f32_x(const float32_t *input, int32_t input_x, int32_t input_y, int32_t input_z, int32_t input_w, float32_t *output, int32_t output_x, uint32_t offset_x);
void arm_concatenation_f32_y(const float32_t *input, int32_t input_x, int32_t input_y, int32_t input_z, int32_t input_w, float32_t *output, int32_t output_y, uint32_t offset_y);
void arm_concatenation_f32_z(const float32_t *input, int32_t input_x, int32_t input_y, int32_t input_z, int32_t input_w, float32_t *output, int32_t output_z, uint32_t offset_z);
void arm_concatenation_f32_w(const float32_t *input, int32_t input_x, int32_t input_y, int32_t input_z, int32_t input_w, float32_t *output, uint32_t offset_w);
void arm_reshape_f32(const float32_t *input, float32_t *output, uint32_t total_size);

/* @kiln-bmm-f32: float32 batch matmul and batch normalization */
/**
 * @brief float32 batch matrix multiplication (TFLite BATCH_MATMUL on float), portable C on every backend:
 *        out[b][h][m][n] = clamp(sum_k lhs(m, k) rhs(n, k), activation.min, activation.max), summed in float32
 *        in k order. Dims {n, h, w, c}: input_lhs_dims {B_l, H_l, K, M}, stored [M][K] per matrix ([K][M] with
 *        adj_x); input_rhs_dims {B_r, H_r, K, N}, stored [N][K] ([K][N] with adj_y; rhs_format
 *        ARM_NN_WEIGHT_FORMAT_NT_N_PACKED, only without adj: each [N][K] matrix as arm_nn_pack_rhs_nt_n_f32()
 *        packs it, K x ceil(N / 4) x 4 elements); output_dims {B, H, N, M}, stored [M][N]. Batch and height
 *        broadcast as TFLite (equal, or one side 1). ctx is not used (may be NULL; no scratch).
 * @return ARM_CMSIS_NN_ARG_ERROR, writing nothing, for a NULL pointer (ctx aside), an unknown rhs_format,
 *         NT_N_PACKED with adj_x or adj_y, activation min > max or NaN, negative or inconsistent dims, or a
 *         tensor past INT32_MAX elements or PTRDIFF_MAX bytes.
 */
arm_cmsis_nn_status arm_batch_matmul_f32(const cmsis_nn_context *ctx,
                                         const cmsis_nn_bmm_params_f32 *bmm_params,
                                         const cmsis_nn_dims *input_lhs_dims,
                                         const float32_t *input_lhs,
                                         const cmsis_nn_dims *input_rhs_dims,
                                         const float32_t *input_rhs,
                                         const cmsis_nn_dims *output_dims,
                                         float32_t *output);

/** Context bytes of arm_batch_matmul_f32: 0 (the kernel reads its operands in place); -1 for the
 *  arguments arm_batch_matmul_f32 refuses (NULL pointers, formats, dims). */
int32_t arm_batch_matmul_f32_get_buffer_size(const cmsis_nn_bmm_params_f32 *bmm_params,
                                            const cmsis_nn_dims *input_lhs_dims,
                                            const cmsis_nn_dims *input_rhs_dims,
                                            const cmsis_nn_dims *output_dims);
/**
 * @brief float32 batch normalization with folded parameters: output[i] = input[i] * scale[c] + bias[c], c the
 *        channel (layout ARM_NN_LAYOUT_NHWC, the only value; input_dims {N, H, W, C}, every dim >= 1). In place
 *        (output == input) is allowed. Portable C on every backend.
 * @return ARM_CMSIS_NN_ARG_ERROR, writing nothing, for a NULL pointer, another layout, a dim <= 0 or a tensor
 *         past PTRDIFF_MAX bytes.
 */
arm_cmsis_nn_status arm_batch_norm_f32(const float32_t *input,
                                       float32_t *output,
                                       const float32_t *scale,
                                       const float32_t *bias,
                                       const cmsis_nn_dims *input_dims,
                                       arm_nn_tensor_layout layout);
#endif

#if ARM_NN_ENABLE_F16
/* @kiln-ew-f16: float16 elementwise (add, mul, maximum / minimum with broadcasting) and activations */
/**
 * float16 twins of the float32 functions above, same semantics and argument checks. float16 is a storage type:
 * each result is computed in float32 and rounded once to float16, so add, sub and mul give the correctly rounded
 * float16 result and maximum / minimum are exact; the activations add at most half a float16 ulp to the float32
 * error.
 */
arm_cmsis_nn_status arm_elementwise_add_f16(const float16_t *input_1_vect,
                                            const float16_t *input_2_vect,
                                            float16_t *output,
                                            float16_t out_activation_min,
                                            float16_t out_activation_max,
                                            int32_t block_size);
arm_cmsis_nn_status arm_elementwise_mul_f16(const float16_t *input_1_vect,
                                            const float16_t *input_2_vect,
                                            float16_t *output,
                                            float16_t out_activation_min,
                                            float16_t out_activation_max,
                                            int32_t block_size);
arm_cmsis_nn_status arm_elementwise_sub_f16(const float16_t *input_1_vect,
                                            const float16_t *input_2_vect,
                                            float16_t *output,
                                            float16_t out_activation_min,
                                            float16_t out_activation_max,
                                            int32_t block_size);
arm_cmsis_nn_status arm_nn_abs_f16(const float16_t *input, float16_t *output, int32_t block_size);
/** TFLite PRELU: x >= 0 ? x : x * alpha, input and alpha broadcast as arm_maximum_f16's inputs; same checks. */
arm_cmsis_nn_status arm_prelu_f16(const cmsis_nn_dims *input_dims,
                                 const float16_t *input,
                                 const cmsis_nn_dims *alpha_dims,
                                 const float16_t *alpha,
                                 const cmsis_nn_dims *output_dims,
                                 float16_t *output);
arm_cmsis_nn_status arm_maximum_f16(const cmsis_nn_context *ctx,
                                    const float16_t *input_1_data,
                                    const cmsis_nn_dims *input_1_dims,
                                    const float16_t *input_2_data,
                                    const cmsis_nn_dims *input_2_dims,
                                    float16_t *output_data,
                                    const cmsis_nn_dims *output_dims);
arm_cmsis_nn_status arm_minimum_f16(const cmsis_nn_context *ctx,
                                    const float16_t *input_1_data,
                                    const cmsis_nn_dims *input_1_dims,
                                    const float16_t *input_2_data,
                                    const cmsis_nn_dims *input_2_dims,
                                    float16_t *output_data,
                                    const cmsis_nn_dims *output_dims);
arm_cmsis_nn_status arm_nn_activation_f16(const float16_t *input,
                                          float16_t *output,
                                          int32_t size,
                                          arm_nn_activation_type_flt type,
                                          float16_t act_param);

/* @kiln-mv-f16: float16 transpose and pad */
/**
 * float16 transpose and constant padding, bit-exact (elements are copied, never converted), the index
 * arithmetic of arm_transpose_s8 / arm_pad_s8. Portable C on every backend; input and output must not overlap.
 * arm_transpose_f16: output axis i is input axis params->perm[i] for i < params->num_dims (1..4); the
 * extents are the first num_dims of input_dims n, h, w, c (output_dims likewise); perm entries and dims past
 * num_dims are not used. ctx is not used (may be NULL). ARM_CMSIS_NN_ARG_ERROR (writing nothing) for a NULL
 * params / dims / input / output, layout other than ARM_NN_LAYOUT_NHWC, num_dims outside 1..4, perm not a
 * permutation of 0..num_dims-1, a negative used extent, output extent i != input extent perm[i], or more than
 * INT32_MAX elements (or bytes past SIZE_MAX / 2). An empty tensor writes nothing.
 * arm_pad_f16: output extent k = pre_pad + input_size + post_pad (n, h, w, c); elements outside the input are
 * pad_value. ARM_CMSIS_NN_ARG_ERROR (writing nothing) for a NULL pointer, a negative extent or pad, an output
 * extent or element count past INT32_MAX (or bytes past SIZE_MAX / 2). An empty output writes nothing.
 */
arm_cmsis_nn_status arm_transpose_f16(const cmsis_nn_context *ctx,
                                      const cmsis_nn_transpose_params_f16 *params,
                                      const cmsis_nn_dims *input_dims,
                                      const float16_t *input,
                                      const cmsis_nn_dims *output_dims,
                                      float16_t *output);
arm_cmsis_nn_status arm_pad_f16(const float16_t *input,
                                float16_t *output,
                                float16_t pad_value,
                                const cmsis_nn_dims *input_size,
                                const cmsis_nn_dims *pre_pad,
                                const cmsis_nn_dims *post_pad);

/* @kiln-concat-f16: float16 concatenation and reshape */
/**
 * float16 forms of arm_concatenation_s8_x / _y / _z / _w and arm_reshape_s8 (same semantics, elements
 * copied bit for bit); extents and offsets are int32_t / uint32_t here: a negative extent writes nothing too.
 */
void arm_concatenation_f16_x(const float16_t *input, int32_t input_x, int32_t input_y, int32_t input_z, int32_t input_w, float16_t *output, int32_t output_x, uint32_t offset_x);
void arm_concatenation_f16_y(const float16_t *input, int32_t input_x, int32_t input_y, int32_t input_z, int32_t input_w, float16_t *output, int32_t output_y, uint32_t offset_y);
void arm_concatenation_f16_z(const float16_t *input, int32_t input_x, int32_t input_y, int32_t input_z, int32_t input_w, float16_t *output, int32_t output_z, uint32_t offset_z);
void arm_concatenation_f16_w(const float16_t *input, int32_t input_x, int32_t input_y, int32_t input_z, int32_t input_w, float16_t *output, uint32_t offset_w);
void arm_reshape_f16(const float16_t *input, float16_t *output, uint32_t total_size);

/* @kiln-bmm-f16: float16 batch matmul and batch normalization */
/**
 * @brief float16 batch matrix multiplication: arm_batch_matmul_f32() on float16 storage (products and sums in
 *        float32 in k order, clamped, rounded once to float16); NT_N_PACKED rhs as arm_nn_pack_rhs_nt_n_f16()
 *        packs it (blocks of 8 rows: K x ceil(N / 8) x 8 elements per matrix). Errors as arm_batch_matmul_f32().
 */
arm_cmsis_nn_status arm_batch_matmul_f16(const cmsis_nn_context *ctx,
                                         const cmsis_nn_bmm_params_f16 *bmm_params,
                                         const cmsis_nn_dims *input_lhs_dims,
                                         const float16_t *input_lhs,
                                         const cmsis_nn_dims *input_rhs_dims,
                                         const float16_t *input_rhs,
                                         const cmsis_nn_dims *output_dims,
                                         float16_t *output);

/** Context bytes of arm_batch_matmul_f16: 0 (the kernel reads its operands in place); -1 for the
 *  arguments arm_batch_matmul_f16 refuses (NULL pointers, formats, dims). */
int32_t arm_batch_matmul_f16_get_buffer_size(const cmsis_nn_bmm_params_f16 *bmm_params,
                                            const cmsis_nn_dims *input_lhs_dims,
                                            const cmsis_nn_dims *input_rhs_dims,
                                            const cmsis_nn_dims *output_dims);
/**
 * @brief float16 batch normalization: arm_batch_norm_f32() on float16 storage (the product exact in float32,
 *        one float32 add, rounded once to float16). Errors as arm_batch_norm_f32().
 */
arm_cmsis_nn_status arm_batch_norm_f16(const float16_t *input,
                                       float16_t *output,
                                       const float16_t *scale,
                                       const float16_t *bias,
                                       const cmsis_nn_dims *input_dims,
                                       arm_nn_tensor_layout layout);
#endif

/* ---- Float SVDF and float transposed convolution (portable C on every backend) ---------------------- */
#if ARM_NN_ENABLE_F32
/**
 * @brief float32 SVDF, one time step (TFLite's float SVDF with CMSIS-NN's float parameters). Shapes: batches =
 *        input_dims->n, input_size = input_dims->h, feature_batches = weights_feature_dims->n, memory_size =
 *        weights_time_dims->h, units = feature_batches / svdf_params->rank (the only dims fields read). Every state
 *        row [batches][feature_batches][memory_size] moves one step towards index 0, its newest slot becomes the
 *        feature dot product clamped to input_activation; out[b][u] = clamp(bias[u] + sum over the rank filters
 *        of the time dot products, output_activation). bias may be NULL. Uses no scratch: ctx, input_ctx and
 *        output_ctx are not read. ARM_CMSIS_NN_ARG_ERROR (state and output untouched) for NULL pointers, bad
 *        shapes, sizes past int32 and activation ranges with min > max (or NaN).
 */
arm_cmsis_nn_status arm_svdf_f32(const cmsis_nn_context *ctx,
                                 const cmsis_nn_context *input_ctx,
                                 const cmsis_nn_context *output_ctx,
                                 const cmsis_nn_svdf_params_f32 *svdf_params,
                                 const cmsis_nn_dims *input_dims,
                                 const float32_t *input_data,
                                 const cmsis_nn_dims *state_dims,
                                 float32_t *state_data,
                                 const cmsis_nn_dims *weights_feature_dims,
                                 const float32_t *weights_feature_data,
                                 const cmsis_nn_dims *weights_time_dims,
                                 const float32_t *weights_time_data,
                                 const cmsis_nn_dims *bias_dims,
                                 const float32_t *bias_data,
                                 const cmsis_nn_dims *output_dims,
                                 float32_t *output_data);

/**
 * @brief float32 transposed convolution (TFLite TRANSPOSE_CONV), NHWC, filter [out_c][filter_h][filter_w][in_c],
 *        computed as a gather (no scratch: ctx and output_ctx are not read, both size queries return 0).
 *        layout must be ARM_NN_LAYOUT_NHWC. See Internal/kiln_tconv_flt.h for the arithmetic and the checks.
 */
arm_cmsis_nn_status arm_transpose_conv_f32(const cmsis_nn_context *ctx,
                                           const cmsis_nn_context *output_ctx,
                                           const cmsis_nn_transpose_conv_params_f32 *transpose_conv_params,
                                           const cmsis_nn_dims *input_dims,
                                           const float32_t *input_data,
                                           const cmsis_nn_dims *filter_dims,
                                           const float32_t *filter_data,
                                           const cmsis_nn_dims *bias_dims,
                                           const float32_t *bias_data,
                                           const cmsis_nn_dims *output_dims,
                                           float32_t *output_data,
                                           arm_nn_tensor_layout layout);

/** @brief arm_transpose_conv_f32() (the one route for every shape). */
arm_cmsis_nn_status arm_transpose_conv_wrapper_f32(const cmsis_nn_context *ctx,
                                                   const cmsis_nn_context *output_ctx,
                                                   const cmsis_nn_transpose_conv_params_f32 *transpose_conv_params,
                                                   const cmsis_nn_dims *input_dims,
                                                   const float32_t *input_data,
                                                   const cmsis_nn_dims *filter_dims,
                                                   const float32_t *filter_data,
                                                   const cmsis_nn_dims *bias_dims,
                                                   const float32_t *bias_data,
                                                   const cmsis_nn_dims *output_dims,
                                                   float32_t *output_data,
                                                   arm_nn_tensor_layout layout);

/** @brief arm_transpose_conv_f32() with layout ARM_NN_LAYOUT_NHWC. */
arm_cmsis_nn_status arm_transpose_conv_nhwc_f32(const cmsis_nn_context *ctx,
                                                const cmsis_nn_context *output_ctx,
                                                const cmsis_nn_transpose_conv_params_f32 *transpose_conv_params,
                                                const cmsis_nn_dims *input_dims,
                                                const float32_t *input_data,
                                                const cmsis_nn_dims *filter_dims,
                                                const float32_t *filter_data,
                                                const cmsis_nn_dims *bias_dims,
                                                const float32_t *bias_data,
                                                const cmsis_nn_dims *output_dims,
                                                float32_t *output_data);

/** @brief Bytes of ctx the float32 transposed convolution uses: 0 (gather route); -1 for arguments it refuses. */
int32_t arm_transpose_conv_f32_get_buffer_size(const cmsis_nn_transpose_conv_params_f32 *transpose_conv_params,
                                               const cmsis_nn_dims *input_dims,
                                               const cmsis_nn_dims *filter_dims,
                                               const cmsis_nn_dims *out_dims);

/** @brief Bytes of output_ctx (upstream's reverse-conv workspace) it uses: 0; -1 for a refused input side. */
int32_t arm_transpose_conv_f32_get_reverse_conv_buffer_size(
    const cmsis_nn_transpose_conv_params_f32 *transpose_conv_params,
    const cmsis_nn_dims *input_dims,
    const cmsis_nn_dims *filter_dims);
#endif /* ARM_NN_ENABLE_F32 */

#if ARM_NN_ENABLE_F16
/** @brief arm_svdf_f32() on float16 storage: sums in float32; each new state value and each output rounded once. */
arm_cmsis_nn_status arm_svdf_f16(const cmsis_nn_context *ctx,
                                 const cmsis_nn_context *input_ctx,
                                 const cmsis_nn_context *output_ctx,
                                 const cmsis_nn_svdf_params_f16 *svdf_params,
                                 const cmsis_nn_dims *input_dims,
                                 const float16_t *input_data,
                                 const cmsis_nn_dims *state_dims,
                                 float16_t *state_data,
                                 const cmsis_nn_dims *weights_feature_dims,
                                 const float16_t *weights_feature_data,
                                 const cmsis_nn_dims *weights_time_dims,
                                 const float16_t *weights_time_data,
                                 const cmsis_nn_dims *bias_dims,
                                 const float16_t *bias_data,
                                 const cmsis_nn_dims *output_dims,
                                 float16_t *output_data);

/** @brief arm_transpose_conv_f32() on float16 storage: sums in float32, each output rounded once. */
arm_cmsis_nn_status arm_transpose_conv_f16(const cmsis_nn_context *ctx,
                                           const cmsis_nn_context *output_ctx,
                                           const cmsis_nn_transpose_conv_params_f16 *transpose_conv_params,
                                           const cmsis_nn_dims *input_dims,
                                           const float16_t *input_data,
                                           const cmsis_nn_dims *filter_dims,
                                           const float16_t *filter_data,
                                           const cmsis_nn_dims *bias_dims,
                                           const float16_t *bias_data,
                                           const cmsis_nn_dims *output_dims,
                                           float16_t *output_data,
                                           arm_nn_tensor_layout layout);

/** @brief arm_transpose_conv_f16() (the one route for every shape). */
arm_cmsis_nn_status arm_transpose_conv_wrapper_f16(const cmsis_nn_context *ctx,
                                                   const cmsis_nn_context *output_ctx,
                                                   const cmsis_nn_transpose_conv_params_f16 *transpose_conv_params,
                                                   const cmsis_nn_dims *input_dims,
                                                   const float16_t *input_data,
                                                   const cmsis_nn_dims *filter_dims,
                                                   const float16_t *filter_data,
                                                   const cmsis_nn_dims *bias_dims,
                                                   const float16_t *bias_data,
                                                   const cmsis_nn_dims *output_dims,
                                                   float16_t *output_data,
                                                   arm_nn_tensor_layout layout);

/** @brief arm_transpose_conv_f16() with layout ARM_NN_LAYOUT_NHWC. */
arm_cmsis_nn_status arm_transpose_conv_nhwc_f16(const cmsis_nn_context *ctx,
                                                const cmsis_nn_context *output_ctx,
                                                const cmsis_nn_transpose_conv_params_f16 *transpose_conv_params,
                                                const cmsis_nn_dims *input_dims,
                                                const float16_t *input_data,
                                                const cmsis_nn_dims *filter_dims,
                                                const float16_t *filter_data,
                                                const cmsis_nn_dims *bias_dims,
                                                const float16_t *bias_data,
                                                const cmsis_nn_dims *output_dims,
                                                float16_t *output_data);

/** @brief Bytes of ctx the float16 transposed convolution uses: 0; -1 for arguments it refuses. */
int32_t arm_transpose_conv_f16_get_buffer_size(const cmsis_nn_transpose_conv_params_f16 *transpose_conv_params,
                                               const cmsis_nn_dims *input_dims,
                                               const cmsis_nn_dims *filter_dims,
                                               const cmsis_nn_dims *out_dims);

/** @brief Bytes of output_ctx it uses: 0; -1 for a refused input side. */
int32_t arm_transpose_conv_f16_get_reverse_conv_buffer_size(
    const cmsis_nn_transpose_conv_params_f16 *transpose_conv_params,
    const cmsis_nn_dims *input_dims,
    const cmsis_nn_dims *filter_dims);
#endif /* ARM_NN_ENABLE_F16 */
/* ---- end of float SVDF and float transposed convolution ------------------------------------------- */

/* @kiln-rnn-flt: float LSTM and GRU (unidirectional sequences) */
/*
 * Shared contract of arm_lstm_unidirectional_f32 / _f16 and arm_gru_unidirectional_f32 / _f16 (ns-cmsis-nn),
 * portable C on every backend.
 * Layout: params->time_major != 0: input [time_steps][batch_size][input_size], output
 * [time_steps][batch_size][hidden_size]; else [batch_size][time_steps][...]. Weights row-major: input
 * weights [hidden_size][input_size], hidden weights [hidden_size][hidden_size]; biases [hidden_size], each
 * optional (NULL adds 0).
 * Arithmetic: every gate pre-activation is summed in float32 in a fixed order (bias, then the input product
 * over k = 0.., then the recurrent product over k = 0..; no recurrent product without a previous hidden
 * state, the same as a zero state) and activated with Kiln's libm-free float32 sigmoid / tanh (absolute
 * error below 1e-6, Internal/kiln_ew_flt.h). float16: operands widened to float32, every stored value
 * (hidden output, cell state, GRU r * h scratch) rounded once to float16.
 * Accuracy: each gate sum carries the float32 rounding of its terms (about 2^-24 * (terms) * sum |terms|) plus
 * the activation's 1e-6, and errors carry through the states from step to step; float16 adds the rounding of
 * the stored states every step (2^-11 relative). Measured against a double reference over the same operands
 * (tests/rnn_flt: |x| <= 1, weights within +-1.5 / sqrt(fan-in), up to 6 steps): float32 within 4e-7 (tested at
 * 5e-6), float16 within 2e-3 (tested at 8e-3); on the shared PyTorch LSTM vectors float32 within 1.5e-7 and
 * float16 within 2.5e-4 of the references. NaN / Inf follow the float32 arithmetic (no further contract).
 * Input, output, states and scratch must not overlap.
 */
#if ARM_NN_ENABLE_F32
/**
 * @brief float32 unidirectional LSTM (TFLite UNIDIRECTIONAL_SEQUENCE_LSTM without peephole, projection or layer
 *        norm; CMSIS-NN's float LSTM). Per batch and time step, for hidden unit r, with x the step's input and h
 *        the previous hidden state:
 *          gate_r = act(bias[r] + sum_k input_weights[r][k] x[k] + sum_k hidden_weights[r][k] h[k])
 *        for the forget (f), input (i), cell (g) and output (o) gates, act = sigmoid or tanh as
 *        gate.activation_type says (TFLite: sigmoid for f, i, o and tanh for g); then
 *          c = f c + i g, clamped to [-cell_clip, cell_clip] when cell_clip > 0;   h = o tanh(c).
 *        buffers: cell_state, batch_size x hidden_size values; temp1 and temp2 are not used (may be NULL).
 *        Without a hidden state (ns-cmsis-nn's buffers->hidden_state NULL, or the upstream context) the cell
 *        state is zeroed and the first step has no recurrent product. With hidden_state (ns-cmsis-nn
 *        streaming, batch_size x hidden_size values) it is the initial hidden state and cell_state the initial
 *        cell state (zero both for a fresh sequence); both are updated to the final states on return, so a
 *        sequence split over calls gives the output of one call. time_steps 0 writes no output.
 * @return ARM_CMSIS_NN_ARG_ERROR, writing nothing, for: NULL input, output, params, buffers, cell_state or a
 *         gate's input_weights, or a gate's hidden_weights when a recurrent product runs (time_steps > 1 or
 *         a hidden state is given); batch_size, input_size or hidden_size < 1, time_steps < 0, a tensor past
 *         INT32_MAX elements or PTRDIFF_MAX bytes (64-bit sizes); a gate activation other than
 *         ARM_NN_FLT_ACT_SIGMOID / ARM_NN_FLT_ACT_TANH; a NaN cell_clip. Else ARM_CMSIS_NN_SUCCESS.
 */
arm_cmsis_nn_status arm_lstm_unidirectional_f32(const float32_t *input,
                                                float32_t *output,
                                                const cmsis_nn_lstm_params_f32 *params,
                                                cmsis_nn_lstm_context_f32 *buffers);
/**
 * @brief float32 unidirectional GRU (ns-cmsis-nn). Per batch and time step, for hidden unit j (x the step's
 *        input, h the previous hidden state, W / U a gate's input / hidden weights, b_i / b_h its biases):
 *          z = sigmoid(W_z x + b_iz + U_z h + b_hz)            (update_gate)
 *          r = sigmoid(W_r x + b_ir + U_r h + b_hr)            (reset_gate)
 *          n = tanh(W_n x + b_in + r (U_n h + b_hn))           reset_after != 0 (PyTorch nn.GRU)
 *          n = tanh(W_n x + b_in + U_n (r * h) + b_hn)         reset_after == 0 (Keras reset_after=False)
 *          h' = (1 - z) n + z h
 *        buffers may be NULL when reset_after != 0; temp1: hidden_size values of scratch, needed (non-NULL) when
 *        reset_after == 0 (the whole vector r * h is formed before the candidate's product).
 *        buffers->hidden_state NULL: the initial state is zero. Non-NULL (streaming, batch_size x hidden_size
 *        values, any batch_size): the initial hidden state, updated to the final one on return.
 * @return ARM_CMSIS_NN_ARG_ERROR, writing nothing, for: NULL input, output, params or a gate's input_weights,
 *         a gate's hidden_weights when a recurrent product runs (time_steps > 1 or a hidden state is given),
 *         NULL buffers or temp1 with reset_after == 0; batch_size, input_size or hidden_size < 1, time_steps
 *         < 0, a tensor past INT32_MAX elements or PTRDIFF_MAX bytes. Else ARM_CMSIS_NN_SUCCESS.
 */
arm_cmsis_nn_status arm_gru_unidirectional_f32(const float32_t *input,
                                               float32_t *output,
                                               const cmsis_nn_gru_params_f32 *params,
                                               cmsis_nn_gru_context_f32 *buffers);
#endif /* ARM_NN_ENABLE_F32 */
#if ARM_NN_ENABLE_F16
/** @brief arm_lstm_unidirectional_f32() on float16 storage (cell_clip float16), computed in float32; hidden
 *         outputs and the cell state rounded once to float16 per step. Same buffers and errors. */
arm_cmsis_nn_status arm_lstm_unidirectional_f16(const float16_t *input,
                                                float16_t *output,
                                                const cmsis_nn_lstm_params_f16 *params,
                                                cmsis_nn_lstm_context_f16 *buffers);
/** @brief arm_gru_unidirectional_f32() on float16 storage, computed in float32; hidden outputs and the
 *         pre-reset scratch r * h rounded once to float16. Same buffers and errors. */
arm_cmsis_nn_status arm_gru_unidirectional_f16(const float16_t *input,
                                               float16_t *output,
                                               const cmsis_nn_gru_params_f16 *params,
                                               cmsis_nn_gru_context_f16 *buffers);
#endif /* ARM_NN_ENABLE_F16 */

/* @kiln-slice-reduce-flt: float strided slice, float16 split, float sums (ns-cmsis-nn) */
#if ARM_NN_ENABLE_F32
/** @brief arm_strided_slice_s8() on float32 (bit-exact copies; same arguments and errors). */
arm_cmsis_nn_status arm_strided_slice_f32(const float32_t *input_data, float32_t *output_data, const cmsis_nn_dims *const input_dims, const cmsis_nn_dims *const begin_dims, const cmsis_nn_dims *const stride_dims, const cmsis_nn_dims *const output_dims);
/**
 * @brief SUM over the axes axis_dims marks (fields 0 or 1) of a 4-D NHWC float32 tensor, the output keeping
 *        every axis (arm_reduce_max_s8()'s shapes and errors). Each output is the float32 sum, from 0.0f, of its
 *        reduced elements in row-major (n, h, w, c) order; NaN / Inf propagate.
 */
arm_cmsis_nn_status arm_reduce_sum_f32(const float32_t *input_data, const cmsis_nn_dims *input_dims, const cmsis_nn_dims *axis_dims, float32_t *output_data, const cmsis_nn_dims *output_dims);
#endif /* ARM_NN_ENABLE_F32 */
#if ARM_NN_ENABLE_F16
/** @brief arm_strided_slice_s8() on float16 (bit-exact copies; same arguments and errors). */
arm_cmsis_nn_status arm_strided_slice_f16(const float16_t *input_data, float16_t *output_data, const cmsis_nn_dims *const input_dims, const cmsis_nn_dims *const begin_dims, const cmsis_nn_dims *const stride_dims, const cmsis_nn_dims *const output_dims);
/** @brief arm_split_s8() on float16 (bit-exact copies; same arguments and errors). */
arm_cmsis_nn_status arm_split_f16(const float16_t *input_data, const int32_t input_dims, const int32_t *input_shape, const int32_t axis, const int32_t num_splits, const int32_t *split_dims, float16_t *const *output_data);
/** @brief arm_reduce_sum_f32() on float16 storage: accumulated in float32 (same order), rounded once to float16. */
arm_cmsis_nn_status arm_reduce_sum_f16(const float16_t *input_data, const cmsis_nn_dims *input_dims, const cmsis_nn_dims *axis_dims, float16_t *output_data, const cmsis_nn_dims *output_dims);
#endif /* ARM_NN_ENABLE_F16 */

#ifdef __cplusplus
}
#endif

#endif /* ARM_NNFUNCTIONS_FLT_H */
