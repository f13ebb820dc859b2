/*
 * Kiln reference kernels: naive int8 kernels written from the TensorFlow Lite quantization
 * specification (the integer reference kernels of TFLite and the gemmlowp fixed-point rules they
 * use). They are meant to be obviously right, never fast: plain loops, 64-bit intermediates where
 * a product could overflow, and every rounding rule spelled out next to the code.
 *
 * They are deliberately independent of the library: this header includes nothing of Include/, and
 * the signatures take plain arguments (plus the two small structs below), not cmsis_nn_* structs.
 *
 * Conventions shared by every kernel:
 *   - Tensors are dense, NHWC (batch, height, width, channel), channel fastest.
 *   - An "offset" is ADDED to a stored value, i.e. offset = -zero_point (CMSIS-NN's convention:
 *     the shared test vectors store input_offset = 128 for a zero point of -128). The output
 *     offset is added after requantization, i.e. output_offset = +output zero point.
 *   - A quantized multiplier is a Q31 value (normally in [2^30, 2^31)) and a shift is a power of
 *     two exponent: shift > 0 multiplies by 2^shift (left shift), shift < 0 divides (rounding
 *     right shift). This is TFLite's and CMSIS-NN's convention.
 *   - Kernels returning int give KILN_REF_OK (0) or KILN_REF_BAD_ARGS when a shape or parameter is
 *     outside what TFLite accepts; on KILN_REF_BAD_ARGS the output is left untouched.
 */
#ifndef KILN_REF_H
#define KILN_REF_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define KILN_REF_OK 0
#define KILN_REF_BAD_ARGS (-1)

/* ---------------------------------------------------------------------------------------------
 * Fixed-point primitives (gemmlowp / TFLite)
 * ------------------------------------------------------------------------------------------- */

/* gemmlowp SaturatingRoundingDoublingHighMul: a*b / 2^31 (the high 32 bits of 2*a*b), rounded to
 * nearest with ties toward +infinity (as Arm's VQRDMULH); INT32_MIN * INT32_MIN (the one
 * overflow) gives INT32_MAX. */
int32_t kiln_ref_sat_rounding_doubling_high_mul(int32_t a, int32_t b);

/* gemmlowp RoundingDivideByPOT: x / 2^exponent rounded to nearest, ties away from zero.
 * exponent must be in [0, 62] (TFLite uses [0, 31]); it is clamped to that range. */
int32_t kiln_ref_rounding_divide_by_pot(int32_t x, int32_t exponent);

/* gemmlowp SaturatingRoundingMultiplyByPOT with a run-time exponent: exponent > 0 is a saturating
 * left shift, exponent < 0 is kiln_ref_rounding_divide_by_pot(x, -exponent). */
int32_t kiln_ref_saturating_rounding_multiply_by_pot(int32_t x, int32_t exponent);

/* TFLite MultiplyByQuantizedMultiplier(int32_t x, ...), the default double-rounding form:
 *     RoundingDivideByPOT(SRDHM(acc * 2^max(shift,0), mult), max(-shift,0)).
 * The left shift is done in 32 bits before the multiply, exactly as TFLite does it (a value that
 * does not fit wraps, as on every two's complement target; TFLite treats that as out of range). */
int32_t kiln_ref_multiply_by_quantized_multiplier(int32_t acc, int32_t mult, int32_t shift);

/* TFLite MultiplyByQuantizedMultiplier(int64_t x, ...), used by the int16 kernels:
 * mult is reduced to Q15 ((mult + 2^15) >> 16, or 0x7FFF when mult >= 0x7FFF0000), then
 * (acc * reduced + 2^(14 - shift)) >> (15 - shift), i.e. rounding half toward +infinity.
 * TFLite's domain: mult >= 0, -31 <= shift <= 7, |acc| < 2^47 (shift is clamped to [-47, 14]). */
int32_t kiln_ref_multiply_by_quantized_multiplier_s64(int64_t acc, int32_t mult, int32_t shift);

/* TFLite's int64 MultiplyByQuantizedMultiplier as the int16 kernels use it (multiplier reduced to Q15 by
 * REDUCE_MULTIPLIER, total shift t = 15 - shift, round half up) of sum + bias, computed exactly in 128
 * bits for every int64 sum and bias and shift in [-31, 30]; the result clamped to [-2^40, 2^40]
 * (beyond that every int16 output is clamped alike). */
int64_t kiln_ref_requantize_s64_wide(int64_t sum, int64_t bias, int32_t multiplier, int32_t shift);


/* TFLite MultiplyByQuantizedMultiplierGreaterThanOne: SRDHM(x * 2^left_shift, mult), the left
 * shift done in 32 bits (wrapping, as above). Softmax uses it to scale input differences. */
int32_t kiln_ref_multiply_by_quantized_multiplier_greater_than_one(int32_t x, int32_t mult, int32_t left_shift);

/* gemmlowp exp_on_negative_values: a is a fixed-point number with integer_bits integer bits
 * (0..30) and a <= 0; returns exp(a) in Q0.31 (raw int32, 1.0 saturates to INT32_MAX). */
int32_t kiln_ref_exp_on_negative_values(int32_t a, int32_t integer_bits);

/* gemmlowp one_over_one_plus_x_for_x_in_0_1: a is Q0.31 in [0, 1); returns 1/(1+a) in Q0.31. */
int32_t kiln_ref_one_over_one_plus_x_for_x_in_0_1(int32_t a);

/* ---------------------------------------------------------------------------------------------
 * Geometry of a 2-D window operation (convolution, depthwise convolution, pooling)
 * ------------------------------------------------------------------------------------------- */
typedef struct
{
    int32_t batches;
    int32_t in_h, in_w, in_c;    /* input  [batches, in_h, in_w, in_c]   */
    int32_t out_h, out_w, out_c; /* output [batches, out_h, out_w, out_c] */
    int32_t filter_h, filter_w;
    int32_t stride_h, stride_w;
    int32_t pad_h, pad_w;           /* top and left padding: input row = out_y*stride_h - pad_h + ... */
    int32_t dilation_h, dilation_w; /* 1 = dense; unused by pooling */
} kiln_ref_window;

/* ---------------------------------------------------------------------------------------------
 * int8 kernels (TFLite semantics)
 * ------------------------------------------------------------------------------------------- */

/* Convolution, TFLite ConvPerChannel (int8 x int8 -> int32 accumulator -> int8).
 * filter: [out_c, filter_h, filter_w, filter_in_c] (OHWI). Grouped convolution when
 * filter_in_c < in_c: groups = in_c / filter_in_c (must divide in_c, and out_c must be a multiple
 * of groups); output channel oc reads input channels [g*filter_in_c, (g+1)*filter_in_c) with
 * g = oc / (out_c / groups).
 * acc = sum filter * (input + input_offset) over taps inside the input (padding contributes 0);
 * acc += bias[oc] (bias may be NULL);
 * out = clamp(MultiplyByQuantizedMultiplier(acc, mult[oc], shift[oc]) + output_offset,
 *             act_min, act_max). */
int kiln_ref_conv_s8(const kiln_ref_window *w,
                     int32_t filter_in_c,
                     const int8_t *input,
                     int32_t input_offset,
                     const int8_t *filter,
                     const int32_t *bias,
                     const int32_t *out_mult,
                     const int32_t *out_shift,
                     int32_t output_offset,
                     int32_t act_min,
                     int32_t act_max,
                     int8_t *output);

/* Depthwise convolution, TFLite DepthwiseConvPerChannel. out_c = in_c * ch_mult; output channel
 * oc = ic * ch_mult + m reads input channel ic. filter: [1, filter_h, filter_w, out_c].
 * Same accumulation and requantization as kiln_ref_conv_s8 (per output channel). */
int kiln_ref_depthwise_conv_s8(const kiln_ref_window *w,
                               int32_t ch_mult,
                               const int8_t *input,
                               int32_t input_offset,
                               const int8_t *filter,
                               const int32_t *bias,
                               const int32_t *out_mult,
                               const int32_t *out_shift,
                               int32_t output_offset,
                               int32_t act_min,
                               int32_t act_max,
                               int8_t *output);

/* Fully connected, TFLite FullyConnected int8. input [batches, accum_depth], filter
 * [out_c, accum_depth], output [batches, out_c]:
 * acc = sum (filter + filter_offset) * (input + input_offset) (+ bias[oc], bias may be NULL);
 * out = clamp(MultiplyByQuantizedMultiplier(acc, mult, shift) + output_offset, act_min, act_max).
 * The per-channel form takes mult[out_c] / shift[out_c] arrays. */
int kiln_ref_fully_connected_s8(int32_t batches,
                                int32_t accum_depth,
                                int32_t out_c,
                                const int8_t *input,
                                int32_t input_offset,
                                const int8_t *filter,
                                int32_t filter_offset,
                                const int32_t *bias,
                                int32_t out_mult,
                                int32_t out_shift,
                                int32_t output_offset,
                                int32_t act_min,
                                int32_t act_max,
                                int8_t *output);
int kiln_ref_fully_connected_per_channel_s8(int32_t batches,
                                            int32_t accum_depth,
                                            int32_t out_c,
                                            const int8_t *input,
                                            int32_t input_offset,
                                            const int8_t *filter,
                                            int32_t filter_offset,
                                            const int32_t *bias,
                                            const int32_t *out_mult,
                                            const int32_t *out_shift,
                                            int32_t output_offset,
                                            int32_t act_min,
                                            int32_t act_max,
                                            int8_t *output);

/* Batch matrix multiply, TFLite BATCH_MATMUL int8. Tensors are 4-D {batch, height, rows, cols}
 * as STORED. adj_x: lhs is stored transposed ([.., K, M] instead of [.., M, K]); adj_y: rhs is
 * stored transposed ([.., N, K] instead of [.., K, N]). Batch and height broadcast (a dimension
 * of 1 against any size; otherwise they must be equal). Output [B, H, M, N]:
 * out = clamp(MultiplyByQuantizedMultiplier(sum_k (L[m][k] + lhs_offset) * (R[k][n] + rhs_offset),
 *                                           mult, shift) + output_offset, act_min, act_max).
 * out_dims (may be NULL) receives {B, H, M, N}. */
int kiln_ref_batch_matmul_s8(const int32_t lhs_dims[4],
                             const int8_t *lhs,
                             int32_t lhs_offset,
                             const int32_t rhs_dims[4],
                             const int8_t *rhs,
                             int32_t rhs_offset,
                             bool adj_x,
                             bool adj_y,
                             int32_t out_mult,
                             int32_t out_shift,
                             int32_t output_offset,
                             int32_t act_min,
                             int32_t act_max,
                             int8_t *output,
                             int32_t out_dims[4]);

/* Average pooling, TFLite AveragePool int8: the mean of the taps inside the input (padding taps
 * are not counted), rounded half away from zero: sum > 0 ? (sum + n/2)/n : (sum - n/2)/n with C
 * division truncating toward zero; then clamped to [act_min, act_max]. No offsets (input and
 * output share the quantization). w->out_c must equal w->in_c; dilation is ignored.
 * A window with no tap inside the input is KILN_REF_BAD_ARGS (TFLite fails the same way). */
int kiln_ref_avgpool_s8(const kiln_ref_window *w, const int8_t *input, int32_t act_min, int32_t act_max, int8_t *output);

/* Max pooling, TFLite MaxPool int8: the largest tap inside the input, clamped to
 * [act_min, act_max]. Same window rules as kiln_ref_avgpool_s8. */
int kiln_ref_maxpool_s8(const kiln_ref_window *w, const int8_t *input, int32_t act_min, int32_t act_max, int8_t *output);

/* The int16 forms (TFLite AveragePool / MaxPool int16): the same windows and rounding on int16 data
 * (window sums in int64 here, so any window size is exact); a window of max pooling with no tap
 * inside the input yields clamp(-32768). */
int kiln_ref_avgpool_s16(const kiln_ref_window *w, const int16_t *input, int32_t act_min, int32_t act_max,
                         int16_t *output);
int kiln_ref_maxpool_s16(const kiln_ref_window *w, const int16_t *input, int32_t act_min, int32_t act_max,
                         int16_t *output);

/* Softmax, TFLite quantized Softmax (gemmlowp fixed point), row by row over rows x row_size:
 * diff = x - max(row); taps with diff < diff_min contribute nothing and output the minimum;
 * scaled = MultiplyByQuantizedMultiplierGreaterThanOne(diff, mult, shift) is a Q5.26 number;
 * e = exp_on_negative_values(scaled) (Q0.31); sum of e rescaled to Q12.19; the reciprocal of the
 * sum via one_over_one_plus_x; out = RoundingDivideByPOT(SRDHM(recip, e), bits_over_unit + 31 -
 * output_bits) + output minimum, clamped. mult/shift/diff_min are the TFLite SoftmaxParams
 * input_multiplier / input_left_shift / diff_min (what CMSIS-NN's arm_softmax_s8 calls
 * mult / shift / diff_min). */
void kiln_ref_softmax_s8(const int8_t *input,
                         int32_t rows,
                         int32_t row_size,
                         int32_t mult,
                         int32_t shift,
                         int32_t diff_min,
                         int8_t *output);
void kiln_ref_softmax_s8_s16(const int8_t *input,
                             int32_t rows,
                             int32_t row_size,
                             int32_t mult,
                             int32_t shift,
                             int32_t diff_min,
                             int16_t *output);
void kiln_ref_softmax_u8(const uint8_t *input,
                         int32_t rows,
                         int32_t row_size,
                         int32_t mult,
                         int32_t shift,
                         int32_t diff_min,
                         uint8_t *output);

/* Elementwise add, TFLite AddElementwise int8 with CMSIS-NN arm_elementwise_add_s8's parameters:
 * a = (in1 + in1_offset) * 2^left_shift, b likewise;
 * a = MultiplyByQuantizedMultiplier(a, in1_mult, in1_shift), b likewise (TFLite's shifts are <= 0,
 * where this equals its MultiplyByQuantizedMultiplierSmallerThanOneExp);
 * out = clamp(MultiplyByQuantizedMultiplier(a + b, out_mult, out_shift) + out_offset, min, max). */
void kiln_ref_add_s8(const int8_t *in1,
                     const int8_t *in2,
                     int32_t in1_offset,
                     int32_t in1_mult,
                     int32_t in1_shift,
                     int32_t in2_offset,
                     int32_t in2_mult,
                     int32_t in2_shift,
                     int32_t left_shift,
                     int8_t *output,
                     int32_t out_offset,
                     int32_t out_mult,
                     int32_t out_shift,
                     int32_t act_min,
                     int32_t act_max,
                     int32_t size);

/* Elementwise multiply, TFLite MulElementwise int8 with arm_elementwise_mul_s8's parameters:
 * out = clamp(MultiplyByQuantizedMultiplier((in1 + in1_offset) * (in2 + in2_offset), out_mult,
 *             out_shift) + out_offset, act_min, act_max). */
void kiln_ref_mul_s8(const int8_t *in1,
                     const int8_t *in2,
                     int32_t in1_offset,
                     int32_t in2_offset,
                     int8_t *output,
                     int32_t out_offset,
                     int32_t out_mult,
                     int32_t out_shift,
                     int32_t act_min,
                     int32_t act_max,
                     int32_t size);

/* The int16 forms (TFLite ADD / MUL, int16x16 quantization) with arm_elementwise_add_s16's and
 * arm_elementwise_mul_s16's parameters: the formulas of kiln_ref_add_s8 / kiln_ref_mul_s8 on int16
 * data (TFLite passes zero offsets and, for ADD, left_shift 15). They return KILN_REF_BAD_ARGS
 * (output untouched) for a NULL pointer, size < 0, an offset outside [-65535, 65535], left_shift
 * outside [0, 31], a negative multiplier, a shift outside [-31, 30], act_min > act_max or limits
 * outside int16, or when some int32 intermediate of TFLite's arithmetic (shifted input, each
 * requantization's left shift, sum or product, requantized value + out_offset) would overflow for
 * some pair of int16 inputs. That check is exact, in 64 bits, at the extreme inputs: every step
 * is non-decreasing in its input for a multiplier >= 0, and a product of two ranges is extreme
 * at a corner. Else KILN_REF_OK. */
int kiln_ref_add_s16(const int16_t *in1,
                     const int16_t *in2,
                     int32_t in1_offset,
                     int32_t in1_mult,
                     int32_t in1_shift,
                     int32_t in2_offset,
                     int32_t in2_mult,
                     int32_t in2_shift,
                     int32_t left_shift,
                     int16_t *output,
                     int32_t out_offset,
                     int32_t out_mult,
                     int32_t out_shift,
                     int32_t act_min,
                     int32_t act_max,
                     int32_t size);
int kiln_ref_mul_s16(const int16_t *in1,
                     const int16_t *in2,
                     int32_t in1_offset,
                     int32_t in2_offset,
                     int16_t *output,
                     int32_t out_offset,
                     int32_t out_mult,
                     int32_t out_shift,
                     int32_t act_min,
                     int32_t act_max,
                     int32_t size);

/* Elementwise maximum / minimum of two int8 NHWC tensors {n, h, w, c} with TFLite broadcasting (a
 * dimension of 1 stretches to the other's size). The comparison is on the stored values (TFLite's
 * int8 MAXIMUM/MINIMUM requires the same quantization on both inputs and the output, so there is
 * no requantization). out_dims must be the broadcast shape. */
int kiln_ref_maximum_s8(const int8_t *in1,
                        const int32_t in1_dims[4],
                        const int8_t *in2,
                        const int32_t in2_dims[4],
                        int8_t *output,
                        const int32_t out_dims[4]);
int kiln_ref_minimum_s8(const int8_t *in1,
                        const int32_t in1_dims[4],
                        const int8_t *in2,
                        const int32_t in2_dims[4],
                        int8_t *output,
                        const int32_t out_dims[4]);

/* In-place activations: relu x = max(x, 0); relu6 x = min(max(x, 0), 6) (on the stored values, as
 * arm_relu_q7 / arm_relu6_s8 do). */
void kiln_ref_relu_s8(int8_t *data, int32_t size);
void kiln_ref_relu6_s8(int8_t *data, int32_t size);

/* ---------------------------------------------------------------------------------------------
 * int16 LOGISTIC / TANH (kiln_ref_activation.c)
 * ------------------------------------------------------------------------------------------- */

/* sigmoid(i / 24) in Q0.16, i = 0..255: the table TFLite's reference integer Logistic / Tanh and
 * CMSIS-NN publish (sigmoid_table_uint16), taken from the published file. */
extern const uint16_t kiln_ref_sigmoid_table[256];

/* TFLite reference_integer_ops Logistic (is_tanh false) / Tanh (true) of one int16 value, after its
 * input rescale: x = floor((in * mult + 2^(rshift - 1)) / 2^rshift) (no rounding term for rshift 0),
 * computed in 64 bits; |x| read with 9 (sigmoid) or 8 (tanh) fraction bits per table step, linear
 * interpolation, saturated from step 255; negative x by symmetry; output Q0.15. */
int16_t kiln_ref_logistic_tanh_s16(int32_t in, int64_t mult, int32_t rshift, bool is_tanh);

#ifdef __cplusplus
}
#endif

#endif /* KILN_REF_H */
