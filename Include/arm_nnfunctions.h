/*
 * Kiln — public neural-network functions (CMSIS-NN compatible names and signatures).
 *
 * By default the signatures are those of ns-cmsis-nn (heliaCORE); with KILN_UPSTREAM_API the
 * functions whose signatures differ take upstream CMSIS-NN's (see Internal/arm_nn_config.h).
 *
 * Conventions shared by every function here:
 * - Tensors are NHWC, int8 values with per-tensor offsets; an "offset" argument is added to the
 *   stored value (input offsets are the negated zero point, output offsets the zero point).
 * - Every function that returns arm_cmsis_nn_status validates its arguments before touching
 *   memory and returns ARM_CMSIS_NN_ARG_ERROR (writing nothing) for NULL required pointers,
 *   inconsistent dimensions or sizes that overflow; ARM_CMSIS_NN_SUCCESS otherwise.
 * - A cmsis_nn_context with size 0 and a non-NULL buffer means "size not stated" (TFLite Micro
 *   passes that); a stated size smaller than the route needs is an argument error.
 * - Buffer-size queries return bytes, 0 when the route needs no scratch, -1 for an out-of-range
 *   dimension or size. The _dsp/_mve variants answer for that backend on any build.
 */
#ifndef ARM_NNFUNCTIONS_H
#define ARM_NNFUNCTIONS_H

#include "arm_nn_math_types.h"
#include "arm_nn_types.h"

#define USE_INTRINSIC

#ifdef __cplusplus
extern "C" {
#endif

/* =============================================================================================
 * Activations
 * ========================================================================================== */

/**
 * ReLU in place: data[i] = max(data[i], 0).
 * @param[in,out] data  int8 values
 * @param[in]     size  number of elements
 */
void arm_relu_q7(int8_t *data, uint16_t size);

/**
 * ReLU6 in place: data[i] = clamp(data[i], 0, 6) (ns-cmsis-nn name; kept in both API modes).
 */
void arm_relu6_q7(int8_t *data, uint16_t size);

#if KILN_UPSTREAM_API
/** Upstream CMSIS-NN name of arm_relu6_q7 (upstream-API mode only). */
void arm_relu6_s8(int8_t *data, uint16_t size);
#endif

/**
 * Quantized ReLU with rescaling (TFLite's int8 RELU): for each element
 *   out = clamp(output_offset + requantize(in - input_offset, output_multiplier, output_shift),
 *               max(-128, output_offset), 127)
 * input_offset and output_offset are the input and output zero points. The lower clamp is the
 * output zero point, as in TFLite; ns-cmsis-nn clamps at the input zero point instead, which
 * differs from TFLite when the two zero points differ.
 * Accepted ranges: both offsets in [-128, 127] (zero points); output_multiplier >= 0;
 * output_shift in [-31, 30] such that (in - input_offset) << max(output_shift, 0) fits int32 for
 * every int8 in (checked exactly: up to 23 for any zero point); TFLite's multiplier is in
 * [2^30, 2^31) with a shift of either sign (the scale ratio may exceed 1).
 * @return ARM_CMSIS_NN_ARG_ERROR (writing nothing) for NULL pointers, a negative size or a
 *         parameter outside those ranges; else ARM_CMSIS_NN_SUCCESS. input and output may be the
 *         same buffer.
 */
arm_cmsis_nn_status arm_relu_s8(const int8_t *input,
                                const int32_t input_offset,
                                const int32_t output_offset,
                                const int32_t output_multiplier,
                                const int32_t output_shift,
                                int8_t *output,
                                const int32_t output_size);

/* ---- int8 / int16 activations of ns-cmsis-nn, arm_relu_q15 and arm_nn_activation_s16 ------------
 * Portable C on every backend. Each returns ARM_CMSIS_NN_ARG_ERROR, writing nothing, for a NULL
 * pointer, a negative size or a parameter outside the ranges stated; else ARM_CMSIS_NN_SUCCESS.
 * "requantize" is arm_nn_requantize (TFLite's MultiplyByQuantizedMultiplier); a multiplier / shift
 * pair is accepted when the shift is within [-31, 30], the multiplier is not INT32_MIN and the value
 * it scales, shifted left by max(shift, 0), fits int32 for every input (checked exactly over the
 * input type's range). Output offsets are added with the clamp, never overflowing. Unless stated
 * otherwise input and output may be the same buffer. */

/** In-place ReLU on int16 data: data[i] = max(data[i], 0). NULL: nothing happens (no status). */
void arm_relu_q15(int16_t *data, uint16_t size);

/**
 * Clamp: out = clamp(in, act_min, act_max) (the bounds of TFLite's RELU6 / RELU_N1_TO_1 / RELU_0_TO_1
 * in the output quantization). act_min > act_max is an error.
 */
arm_cmsis_nn_status arm_clamp_s8(const int8_t *input, const int8_t act_min, const int8_t act_max, int8_t *output, const int32_t output_size);
arm_cmsis_nn_status arm_clamp_s16(const int16_t *input, const int16_t act_min, const int16_t act_max, int16_t *output, const int32_t output_size);

/**
 * Quantized ReLU with rescaling and a range (TFLite's ReluQuantized for RELU / RELU6 / RELU_N1_TO_1):
 *   out = clamp(output_offset + requantize(in - input_offset, output_multiplier, output_shift),
 *               max(type min, act_min), min(type max, act_max))
 * input_offset and output_offset are the zero points (within the element type). act_min / act_max
 * are output-domain bounds intersected with the type's range (as ns-cmsis-nn); an empty intersection
 * is an error. arm_relu_s16 is arm_relu_generic_s16 with act_min = output_offset, act_max = 32767
 * (the lower clamp at the output zero point, as TFLite and as Kiln's arm_relu_s8).
 */
arm_cmsis_nn_status arm_relu_generic_s8(const int8_t *input, const int32_t input_offset, const int32_t output_offset, const int32_t output_multiplier, const int32_t output_shift, const int32_t act_min, const int32_t act_max, int8_t *output, const int32_t output_size);
arm_cmsis_nn_status arm_relu_generic_s16(const int16_t *input, const int32_t input_offset, const int32_t output_offset, const int32_t output_multiplier, const int32_t output_shift, const int32_t act_min, const int32_t act_max, int16_t *output, const int32_t output_size);
arm_cmsis_nn_status arm_relu_s16(const int16_t *input, const int32_t input_offset, const int32_t output_offset, const int32_t output_multiplier, const int32_t output_shift, int16_t *output, const int32_t output_size);

/**
 * Quantized LEAKY_RELU (TFLite's QuantizeLeakyRelu): x = in - input_offset;
 *   out = clamp(output_offset + (x >= 0 ? requantize(x, output_multiplier_identity, output_shift_identity)
 *                                       : requantize(x, output_multiplier_alpha, output_shift_alpha)), type range)
 * input_offset and output_offset are the zero points (within the element type). Each multiplier is
 * checked over the part of x it scales. (The scalar int16 loop of a published ns-cmsis-nn version
 * clamps with its bounds swapped, always giving 32767; Kiln follows TFLite.)
 */
arm_cmsis_nn_status arm_leaky_relu_s8(const int8_t *input, const int32_t input_offset, const int32_t output_offset, const int32_t output_multiplier_alpha, const int32_t output_shift_alpha, const int32_t output_multiplier_identity, const int32_t output_shift_identity, int8_t *output, const int32_t output_size);
arm_cmsis_nn_status arm_leaky_relu_s16(const int16_t *input, const int32_t input_offset, const int32_t output_offset, const int32_t output_multiplier_alpha, const int32_t output_shift_alpha, const int32_t output_multiplier_identity, const int32_t output_shift_identity, int16_t *output, const int32_t output_size);

/**
 * int16 sigmoid / tanh by table (upstream CMSIS-NN, TFLite's int16 LOGISTIC / TANH for a power-of-two
 * input scale, the LSTM gates): x = input * 3 * 2^left_shift (a negative left_shift is a rounding
 * right shift), 256-entry sigmoid(i / 24) table in Q0.16 with linear interpolation (tanh read as
 * 2 * sigmoid(2x) - 1), output Q0.15. left_shift in [-31, 14]; type ARM_SIGMOID or ARM_TANH.
 */
arm_cmsis_nn_status arm_nn_activation_s16(const int16_t *input, int16_t *output, const int32_t size, const int32_t left_shift, const arm_nn_activation_type type);

/**
 * TFLite's int16 LOGISTIC / TANH (reference_integer_ops Logistic / Tanh), the arithmetic of
 * arm_nn_activation_s16 with TFLite's input rescale: input_multiplier 0 selects the power-of-two form
 * (x = input * (3 << input_left_shift), input_left_shift in [0, 14]); otherwise
 * x = (input * input_multiplier + 2^(input_left_shift - 1)) >> input_left_shift (despite its name the
 * shift is to the right; TFLite's Prepare gives input_multiplier <= 32767 and a shift in [0, 31]).
 * Accepted: input_multiplier >= 0, input_left_shift in [0, 31], input * input_multiplier and that plus
 * the rounding term within int32 for every int16 input (TFLite's multipliers, <= 32767, at any shift).
 */
arm_cmsis_nn_status arm_logistic_s16(const int16_t *input, int16_t *output, const int32_t input_size, int32_t input_multiplier, int32_t input_left_shift);
arm_cmsis_nn_status arm_tanh_s16(const int16_t *input, int16_t *output, const int32_t input_size, int32_t input_multiplier, int32_t input_left_shift);

/**
 * int8 HARD_SWISH, bit-exact with TFLite's reference kernel ("compat"): x = in - input_offset on a
 * 2^7 finer int16 scale; the output factor output_multiplier_fp (Q0.15, int16) with exponent
 * output_multiplier_exp (<= 0, a rounding right shift at the end); the "reluish" factor
 * relu_multiplier_fp (Q0.15, int16) with exponent relu_multiplier_exp (saturating left shifts when
 * > 0, a rounding right shift when < 0) mapped to [0, 1]; their product by a truncating doubling
 * high multiply; then output_offset and the int8 clamp. These are TFLite's HardSwishParams (the
 * fixedpoint_int16 multipliers and exponents). Accepted: offsets within int8, both *_fp within int16,
 * output_multiplier_exp in [-31, 0], relu_multiplier_exp in [-31, 31].
 */
arm_cmsis_nn_status arm_hard_swish_compat_s8(const int8_t *input, const int32_t input_offset, const int32_t output_offset, const int32_t output_multiplier_fp, const int32_t output_multiplier_exp, const int32_t relu_multiplier_fp, const int32_t relu_multiplier_exp, int8_t *output, const int32_t output_size);

/**
 * Hard swish in ns-cmsis-nn's integer form ("precise", not TFLite's arithmetic): x = in - input_offset,
 *   f = clamp(x + relu_q3, 0, relu_q6) / 2^prescale (rounded half up),
 *   out = clamp(output_offset + requantize(x * f, output_multiplier, output_shift), type range)
 * relu_q3 / relu_q6 are 3 and 6 in the input quantization, the requantization folds in 1/6 and the
 * scales, prescale keeps x * f within int32. Accepted: offsets within the element type, relu_q6 >= 0,
 * prescale in [0, 31], x + relu_q3 within int32, and |x * f| bounded within int32 (by the extreme x of
 * each sign times the largest f of that sign) with the requantization defined over that bound.
 */
arm_cmsis_nn_status arm_hard_swish_precise_s8(const int8_t *input, const int32_t input_offset, const int32_t output_offset, const int32_t output_multiplier, const int32_t output_shift, const int32_t relu_q3, const int32_t relu_q6, const int32_t prescale, int8_t *output, const int32_t output_size);
arm_cmsis_nn_status arm_hard_swish_precise_s16(const int16_t *input, const int32_t input_offset, const int32_t output_offset, const int32_t output_multiplier, const int32_t output_shift, const int32_t relu_q3, const int32_t relu_q6, const int32_t prescale, int16_t *output, const int32_t output_size);

/**
 * Quantized PRELU (TFLite's BroadcastPrelu4DSlow): x = input_offset + in (offsets are the NEGATED zero
 * points here, as TFLite's PreluParams, unlike LEAKY_RELU);
 *   out = clamp(output_offset + (x >= 0 ? requantize(x, output_multiplier_identity, output_shift_identity)
 *               : requantize(x * (alpha_offset + alpha), output_multiplier_alpha, output_shift_alpha)), type range)
 * alpha broadcasts onto the input (each alpha dimension equals the input's or is 1); output_dims must
 * equal input_dims (as ns-cmsis-nn; TFLite's input-side broadcast is not supported). Accepted:
 * |input_offset|, |alpha_offset| <= 255 (int8) / 65535 (int16), output_offset within the type, the
 * products x * (alpha_offset + alpha) of negative x within int32. input may equal output; alpha may not.
 */
arm_cmsis_nn_status arm_prelu_s8(const cmsis_nn_dims *input_dims, const int8_t *input, const cmsis_nn_dims *alpha_dims, const int8_t *alpha, const int32_t input_offset, const int32_t alpha_offset, const int32_t output_offset, const int32_t output_multiplier_identity, const int32_t output_shift_identity, const int32_t output_multiplier_alpha, const int32_t output_shift_alpha, const cmsis_nn_dims *output_dims, int8_t *output);
arm_cmsis_nn_status arm_prelu_s16(const cmsis_nn_dims *input_dims, const int16_t *input, const cmsis_nn_dims *alpha_dims, const int16_t *alpha, const int32_t input_offset, const int32_t alpha_offset, const int32_t output_offset, const int32_t output_multiplier_identity, const int32_t output_shift_identity, const int32_t output_multiplier_alpha, const int32_t output_shift_alpha, const cmsis_nn_dims *output_dims, int16_t *output);

/* @kiln-activations: more activation functions go here */

/* =============================================================================================
 * Elementwise
 * ========================================================================================== */

/**
 * int8 elementwise addition (TFLite ADD):
 *   a = requantize((in1 + input_1_offset) << left_shift, input_1_mult, input_1_shift)
 *   b = requantize((in2 + input_2_offset) << left_shift, input_2_mult, input_2_shift)
 *   out = clamp(requantize(a + b, out_mult, out_shift) + out_offset, act_min, act_max)
 * Accepted ranges (TFLite passes left_shift 20, offsets -zero_point in [-127, 128], multipliers
 * in [2^30, 2^31) with shifts <= 0): input offsets in [-255, 255]; left_shift in [0, 30];
 * multipliers >= 0; shifts in [-31, 30]; and, for every pair of int8 inputs, each intermediate
 * fits int32: (in + offset) << left_shift, that value << max(input shift, 0), the sum a + b,
 * the sum << max(out_shift, 0) and the requantized sum + out_offset (checked exactly, so every
 * parameter set without overflow is accepted, e.g. out_shift 1 or 2 with TFLite's inputs).
 * Route: bit-exact everywhere; DSP: one SMMULR per requantization, SSAT/SIMD32 clamping; MVE: 16
 * elements per iteration with VQRDMLAH-fused requantizations when an input scale is exact or
 * has no right shift (TFLite's larger-scale input always qualifies); otherwise, and for
 * parameters whose intermediates leave those forms' ranges, the lane-wise generic arithmetic.
 * No scratch.
 * @return ARM_CMSIS_NN_ARG_ERROR (writing nothing) for NULL pointers, negative block_size, a
 *         parameter outside those ranges, act_min > act_max or limits outside [-128, 127].
 *         The output may alias either input (the same buffer, not a shifted one).
 */
arm_cmsis_nn_status arm_elementwise_add_s8(const int8_t *input_1_vect,
                                           const int8_t *input_2_vect,
                                           const int32_t input_1_offset,
                                           const int32_t input_1_mult,
                                           const int32_t input_1_shift,
                                           const int32_t input_2_offset,
                                           const int32_t input_2_mult,
                                           const int32_t input_2_shift,
                                           const int32_t left_shift,
                                           int8_t *output,
                                           const int32_t out_offset,
                                           const int32_t out_mult,
                                           const int32_t out_shift,
                                           const int32_t out_activation_min,
                                           const int32_t out_activation_max,
                                           const int32_t block_size);

/**
 * int8 elementwise multiplication (TFLite MUL):
 *   out = clamp(requantize((in1 + input_1_offset) * (in2 + input_2_offset), out_mult, out_shift)
 *               + out_offset, act_min, act_max)
 * Accepted ranges (TFLite passes offsets -zero_point in [-127, 128] and a multiplier in
 * [2^30, 2^31) whose shift may be positive, the real scale s1*s2/s_out can exceed 1): input
 * offsets in [-255, 255]; out_mult >= 0; out_shift in [-31, 30]; and, for every pair of int8
 * inputs, the product << max(out_shift, 0) and the requantized product + out_offset fit int32
 * (checked exactly: with TFLite's offsets out_shift up to 15 is accepted).
 * Route: bit-exact everywhere; DSP: one SMMULR requantization per element; MVE: 16 elements per
 * iteration, the offsets and left shift in one VMLAS, VQRDMLAH-fused requantization (output
 * shifts in [-24, -1]; others take the lane-wise generic arithmetic). No scratch.
 * @return ARM_CMSIS_NN_ARG_ERROR (writing nothing) for NULL pointers, negative block_size, a
 *         parameter outside those ranges, act_min > act_max or limits outside [-128, 127].
 *         The output may alias either input (the same buffer, not a shifted one).
 */
arm_cmsis_nn_status arm_elementwise_mul_s8(const int8_t *input_1_vect,
                                           const int8_t *input_2_vect,
                                           const int32_t input_1_offset,
                                           const int32_t input_2_offset,
                                           int8_t *output,
                                           const int32_t out_offset,
                                           const int32_t out_mult,
                                           const int32_t out_shift,
                                           const int32_t out_activation_min,
                                           const int32_t out_activation_max,
                                           const int32_t block_size);

/**
 * int16 elementwise addition (TFLite ADD, int16x16 quantization), per element:
 *   a1 = requantize((in1 + input_1_offset) << left_shift, input_1_mult, input_1_shift), a2 likewise,
 *   out = clamp(requantize(a1 + a2, out_mult, out_shift) + out_offset, act_min, act_max)
 * with requantize(v, m, s) = RDP(SRDHM(v * 2^max(s, 0), m), max(-s, 0)) (TFLite's
 * MultiplyByQuantizedMultiplier, arm_nn_requantize). TFLite passes zero offsets, left_shift 15 and
 * right shifts. Accepted: input offsets and out_offset in [-65535, 65535], left_shift in [0, 31],
 * multipliers >= 0, shifts in [-31, 30], and, for every pair of int16 inputs, every intermediate
 * (the shifted inputs, each requantization's left shift, the sum, the requantized sum + out_offset)
 * within int32, checked exactly from the extremes (so a left_shift above 16 is always refused).
 * Portable C on every backend. No scratch.
 * @return ARM_CMSIS_NN_ARG_ERROR (writing nothing) for NULL pointers, negative block_size, a
 *         parameter outside those ranges, act_min > act_max or limits outside [-32768, 32767];
 *         else ARM_CMSIS_NN_SUCCESS. The output may alias either input (the same buffer).
 */
arm_cmsis_nn_status arm_elementwise_add_s16(const int16_t *input_1_vect,
                                            const int16_t *input_2_vect,
                                            const int32_t input_1_offset,
                                            const int32_t input_1_mult,
                                            const int32_t input_1_shift,
                                            const int32_t input_2_offset,
                                            const int32_t input_2_mult,
                                            const int32_t input_2_shift,
                                            const int32_t left_shift,
                                            int16_t *output,
                                            const int32_t out_offset,
                                            const int32_t out_mult,
                                            const int32_t out_shift,
                                            const int32_t out_activation_min,
                                            const int32_t out_activation_max,
                                            const int32_t block_size);

/**
 * int16 elementwise multiplication (TFLite MUL, int16x16 quantization), per element:
 *   out = clamp(requantize((in1 + input_1_offset) * (in2 + input_2_offset), out_mult, out_shift)
 *               + out_offset, act_min, act_max)
 * (requantize as for arm_elementwise_add_s16). Accepted: input offsets and out_offset in
 * [-65535, 65535], out_mult >= 0, out_shift in [-31, 30], and, for every pair of int16 inputs, the
 * product, its left shift and the requantized product + out_offset within int32, checked exactly.
 * Portable C on every backend. No scratch.
 * @return ARM_CMSIS_NN_ARG_ERROR (writing nothing) for NULL pointers, negative block_size, a
 *         parameter outside those ranges, act_min > act_max or limits outside [-32768, 32767];
 *         else ARM_CMSIS_NN_SUCCESS. The output may alias either input (the same buffer).
 */
arm_cmsis_nn_status arm_elementwise_mul_s16(const int16_t *input_1_vect,
                                            const int16_t *input_2_vect,
                                            const int32_t input_1_offset,
                                            const int32_t input_2_offset,
                                            int16_t *output,
                                            const int32_t out_offset,
                                            const int32_t out_mult,
                                            const int32_t out_shift,
                                            const int32_t out_activation_min,
                                            const int32_t out_activation_max,
                                            const int32_t block_size);

/* @kiln-elementwise: more elementwise functions go here */

/* @kiln-ew-int: ns-cmsis-nn integer elementwise ops (ADD / SUB / MUL / SQUARED_DIFFERENCE with broadcasting and
 * scalar forms, PRELU, ABS, SQRT, RSQRT). */

/*
 * Common to ADD / SUB / SQUARED_DIFFERENCE (int8 and int16), TFLite's reference arithmetic, per element:
 *   x1 = requantize((in1 + input1_offset) << left_shift, input1_mult, input1_shift), x2 likewise,
 *   raw = x1 + x2 (ADD), x1 - x2 (SUB, computed as such: not ADD with a negated multiplier, whose rounding differs
 *         at ties), (x1 - x2)^2 (SQUARED_DIFFERENCE),
 *   out = clamp(requantize(raw, out_mult, out_shift) + out_offset, out_activation_min, out_activation_max)
 * with requantize as arm_nn_requantize (TFLite's MultiplyByQuantizedMultiplier). Offsets are added (input offsets
 * -zero_point, out_offset the output zero point). int16 applies its offsets too, like arm_elementwise_add_s16
 * (ns-cmsis-nn's int16 ADD / SUB ignore them; TFLite's int16 offsets are 0, where both agree).
 * Forms: arm_<op>_<t>: NHWC broadcasting (each dim of an input equals the output's or is 1; the output dims are
 * the broadcast shape; every dim >= 1 as ns-cmsis-nn requires); arm_<op>_scalar_<t>: input_1_vect[0] (with the
 * input_1 parameters) against block_size elements of input_2_vect, out[i] = OP(in1[0], in2[i]) (for SUB the
 * scalar minus the vector); arm_elementwise_<op>_<t>: same-shape operands.
 * Accepted: input offsets in [-255, 255] (int8) or [-65535, 65535] (int16, out_offset too), left_shift in [0, 30]
 * (int8) or [0, 31] (int16), multipliers >= 0, shifts in [-31, 30], and, for every pair of inputs of the type,
 * every intermediate within int32 (each shifted input and its requantization's left shift, raw (for
 * SQUARED_DIFFERENCE |x1 - x2| <= 46340), raw << max(out_shift, 0) and the requantized raw + out_offset), checked
 * exactly from the ends of the ranges, so every parameter set free of overflow is accepted (for ADD exactly those
 * arm_elementwise_add_s8 / _s16 accept). The broadcasting ADD hands same-shape runs to arm_elementwise_add_<t>;
 * otherwise portable C on every backend. No scratch.
 * @return ARM_CMSIS_NN_ARG_ERROR (writing nothing) for NULL pointers or dims, dims < 1 or not broadcasting,
 *         more than INT32_MAX outputs, a negative block_size, a parameter outside those ranges, act_min > act_max
 *         or limits outside the type; else ARM_CMSIS_NN_SUCCESS. The output may be the same buffer as an input of
 *         the output's shape.
 */
arm_cmsis_nn_status arm_add_s8(const int8_t *input1_data,
                               const cmsis_nn_dims *input1_dims,
                               const int8_t *input2_data,
                               const cmsis_nn_dims *input2_dims,
                               const int32_t input1_offset,
                               const int32_t input1_mult,
                               const int32_t input1_shift,
                               const int32_t input2_offset,
                               const int32_t input2_mult,
                               const int32_t input2_shift,
                               const int32_t left_shift,
                               int8_t *output_data,
                               const cmsis_nn_dims *output_dims,
                               const int32_t out_offset,
                               const int32_t out_mult,
                               const int32_t out_shift,
                               const int32_t out_activation_min,
                               const int32_t out_activation_max);
arm_cmsis_nn_status arm_add_scalar_s8(const int8_t *input_1_vect,
                                      const int8_t *input_2_vect,
                                      const int32_t input_1_offset,
                                      const int32_t input_1_mult,
                                      const int32_t input_1_shift,
                                      const int32_t input_2_offset,
                                      const int32_t input_2_mult,
                                      const int32_t input_2_shift,
                                      const int32_t left_shift,
                                      int8_t *output,
                                      const int32_t out_offset,
                                      const int32_t out_mult,
                                      const int32_t out_shift,
                                      const int32_t out_activation_min,
                                      const int32_t out_activation_max,
                                      const int32_t block_size);
arm_cmsis_nn_status arm_add_s16(const int16_t *input1_data,
                                const cmsis_nn_dims *input1_dims,
                                const int16_t *input2_data,
                                const cmsis_nn_dims *input2_dims,
                                const int32_t input1_offset,
                                const int32_t input1_mult,
                                const int32_t input1_shift,
                                const int32_t input2_offset,
                                const int32_t input2_mult,
                                const int32_t input2_shift,
                                const int32_t left_shift,
                                int16_t *output_data,
                                const cmsis_nn_dims *output_dims,
                                const int32_t out_offset,
                                const int32_t out_mult,
                                const int32_t out_shift,
                                const int32_t out_activation_min,
                                const int32_t out_activation_max);
arm_cmsis_nn_status arm_add_scalar_s16(const int16_t *input_1_vect,
                                       const int16_t *input_2_vect,
                                       const int32_t input_1_offset,
                                       const int32_t input_1_mult,
                                       const int32_t input_1_shift,
                                       const int32_t input_2_offset,
                                       const int32_t input_2_mult,
                                       const int32_t input_2_shift,
                                       const int32_t left_shift,
                                       int16_t *output,
                                       const int32_t out_offset,
                                       const int32_t out_mult,
                                       const int32_t out_shift,
                                       const int32_t out_activation_min,
                                       const int32_t out_activation_max,
                                       const int32_t block_size);
arm_cmsis_nn_status arm_sub_s8(const int8_t *input1_data,
                               const cmsis_nn_dims *input1_dims,
                               const int8_t *input2_data,
                               const cmsis_nn_dims *input2_dims,
                               const int32_t input1_offset,
                               const int32_t input1_mult,
                               const int32_t input1_shift,
                               const int32_t input2_offset,
                               const int32_t input2_mult,
                               const int32_t input2_shift,
                               const int32_t left_shift,
                               int8_t *output_data,
                               const cmsis_nn_dims *output_dims,
                               const int32_t out_offset,
                               const int32_t out_mult,
                               const int32_t out_shift,
                               const int32_t out_activation_min,
                               const int32_t out_activation_max);
arm_cmsis_nn_status arm_sub_scalar_s8(const int8_t *input_1_vect,
                                      const int8_t *input_2_vect,
                                      const int32_t input_1_offset,
                                      const int32_t input_1_mult,
                                      const int32_t input_1_shift,
                                      const int32_t input_2_offset,
                                      const int32_t input_2_mult,
                                      const int32_t input_2_shift,
                                      const int32_t left_shift,
                                      int8_t *output,
                                      const int32_t out_offset,
                                      const int32_t out_mult,
                                      const int32_t out_shift,
                                      const int32_t out_activation_min,
                                      const int32_t out_activation_max,
                                      const int32_t block_size);
arm_cmsis_nn_status arm_elementwise_sub_s8(const int8_t *input_1_vect,
                                           const int8_t *input_2_vect,
                                           const int32_t input_1_offset,
                                           const int32_t input_1_mult,
                                           const int32_t input_1_shift,
                                           const int32_t input_2_offset,
                                           const int32_t input_2_mult,
                                           const int32_t input_2_shift,
                                           const int32_t left_shift,
                                           int8_t *output,
                                           const int32_t out_offset,
                                           const int32_t out_mult,
                                           const int32_t out_shift,
                                           const int32_t out_activation_min,
                                           const int32_t out_activation_max,
                                           const int32_t block_size);
arm_cmsis_nn_status arm_sub_s16(const int16_t *input1_data,
                                const cmsis_nn_dims *input1_dims,
                                const int16_t *input2_data,
                                const cmsis_nn_dims *input2_dims,
                                const int32_t input1_offset,
                                const int32_t input1_mult,
                                const int32_t input1_shift,
                                const int32_t input2_offset,
                                const int32_t input2_mult,
                                const int32_t input2_shift,
                                const int32_t left_shift,
                                int16_t *output_data,
                                const cmsis_nn_dims *output_dims,
                                const int32_t out_offset,
                                const int32_t out_mult,
                                const int32_t out_shift,
                                const int32_t out_activation_min,
                                const int32_t out_activation_max);
arm_cmsis_nn_status arm_sub_scalar_s16(const int16_t *input_1_vect,
                                       const int16_t *input_2_vect,
                                       const int32_t input_1_offset,
                                       const int32_t input_1_mult,
                                       const int32_t input_1_shift,
                                       const int32_t input_2_offset,
                                       const int32_t input_2_mult,
                                       const int32_t input_2_shift,
                                       const int32_t left_shift,
                                       int16_t *output,
                                       const int32_t out_offset,
                                       const int32_t out_mult,
                                       const int32_t out_shift,
                                       const int32_t out_activation_min,
                                       const int32_t out_activation_max,
                                       const int32_t block_size);
arm_cmsis_nn_status arm_elementwise_sub_s16(const int16_t *input_1_vect,
                                            const int16_t *input_2_vect,
                                            const int32_t input_1_offset,
                                            const int32_t input_1_mult,
                                            const int32_t input_1_shift,
                                            const int32_t input_2_offset,
                                            const int32_t input_2_mult,
                                            const int32_t input_2_shift,
                                            const int32_t left_shift,
                                            int16_t *output,
                                            const int32_t out_offset,
                                            const int32_t out_mult,
                                            const int32_t out_shift,
                                            const int32_t out_activation_min,
                                            const int32_t out_activation_max,
                                            const int32_t block_size);
arm_cmsis_nn_status arm_squared_difference_s8(const int8_t *input1_data,
                                              const cmsis_nn_dims *input1_dims,
                                              const int8_t *input2_data,
                                              const cmsis_nn_dims *input2_dims,
                                              const int32_t input1_offset,
                                              const int32_t input1_mult,
                                              const int32_t input1_shift,
                                              const int32_t input2_offset,
                                              const int32_t input2_mult,
                                              const int32_t input2_shift,
                                              const int32_t left_shift,
                                              int8_t *output_data,
                                              const cmsis_nn_dims *output_dims,
                                              const int32_t out_offset,
                                              const int32_t out_mult,
                                              const int32_t out_shift,
                                              const int32_t out_activation_min,
                                              const int32_t out_activation_max);
arm_cmsis_nn_status arm_squared_difference_scalar_s8(const int8_t *input_1_vect,
                                                     const int8_t *input_2_vect,
                                                     const int32_t input_1_offset,
                                                     const int32_t input_1_mult,
                                                     const int32_t input_1_shift,
                                                     const int32_t input_2_offset,
                                                     const int32_t input_2_mult,
                                                     const int32_t input_2_shift,
                                                     const int32_t left_shift,
                                                     int8_t *output,
                                                     const int32_t out_offset,
                                                     const int32_t out_mult,
                                                     const int32_t out_shift,
                                                     const int32_t out_activation_min,
                                                     const int32_t out_activation_max,
                                                     const int32_t block_size);
arm_cmsis_nn_status arm_elementwise_squared_difference_s8(const int8_t *input_1_vect,
                                                          const int8_t *input_2_vect,
                                                          const int32_t input_1_offset,
                                                          const int32_t input_1_mult,
                                                          const int32_t input_1_shift,
                                                          const int32_t input_2_offset,
                                                          const int32_t input_2_mult,
                                                          const int32_t input_2_shift,
                                                          const int32_t left_shift,
                                                          int8_t *output,
                                                          const int32_t out_offset,
                                                          const int32_t out_mult,
                                                          const int32_t out_shift,
                                                          const int32_t out_activation_min,
                                                          const int32_t out_activation_max,
                                                          const int32_t block_size);
arm_cmsis_nn_status arm_squared_difference_s16(const int16_t *input1_data,
                                               const cmsis_nn_dims *input1_dims,
                                               const int16_t *input2_data,
                                               const cmsis_nn_dims *input2_dims,
                                               const int32_t input1_offset,
                                               const int32_t input1_mult,
                                               const int32_t input1_shift,
                                               const int32_t input2_offset,
                                               const int32_t input2_mult,
                                               const int32_t input2_shift,
                                               const int32_t left_shift,
                                               int16_t *output_data,
                                               const cmsis_nn_dims *output_dims,
                                               const int32_t out_offset,
                                               const int32_t out_mult,
                                               const int32_t out_shift,
                                               const int32_t out_activation_min,
                                               const int32_t out_activation_max);
arm_cmsis_nn_status arm_squared_difference_scalar_s16(const int16_t *input_1_vect,
                                                      const int16_t *input_2_vect,
                                                      const int32_t input_1_offset,
                                                      const int32_t input_1_mult,
                                                      const int32_t input_1_shift,
                                                      const int32_t input_2_offset,
                                                      const int32_t input_2_mult,
                                                      const int32_t input_2_shift,
                                                      const int32_t left_shift,
                                                      int16_t *output,
                                                      const int32_t out_offset,
                                                      const int32_t out_mult,
                                                      const int32_t out_shift,
                                                      const int32_t out_activation_min,
                                                      const int32_t out_activation_max,
                                                      const int32_t block_size);
arm_cmsis_nn_status arm_elementwise_squared_difference_s16(const int16_t *input_1_vect,
                                                           const int16_t *input_2_vect,
                                                           const int32_t input_1_offset,
                                                           const int32_t input_1_mult,
                                                           const int32_t input_1_shift,
                                                           const int32_t input_2_offset,
                                                           const int32_t input_2_mult,
                                                           const int32_t input_2_shift,
                                                           const int32_t left_shift,
                                                           int16_t *output,
                                                           const int32_t out_offset,
                                                           const int32_t out_mult,
                                                           const int32_t out_shift,
                                                           const int32_t out_activation_min,
                                                           const int32_t out_activation_max,
                                                           const int32_t block_size);

/*
 * MUL (int8 and int16) with NHWC broadcasting (arm_mul_<t>, dims as for arm_add_<t>) or a scalar first operand
 * (arm_mul_scalar_<t>: out[i] = OP(in1[0], in2[i]), block_size outputs), arithmetic and accepted parameters
 * exactly those of arm_elementwise_mul_s8 / _s16 (which the broadcasting form uses for same-shape runs; int16
 * applies its offsets, which ns-cmsis-nn's int16 MUL ignores).
 * @return ARM_CMSIS_NN_ARG_ERROR (writing nothing) as for arm_add_<t> and arm_elementwise_mul_<t>.
 */
arm_cmsis_nn_status arm_mul_s8(const int8_t *input1_data,
                               const cmsis_nn_dims *input1_dims,
                               const int8_t *input2_data,
                               const cmsis_nn_dims *input2_dims,
                               const int32_t input1_offset,
                               const int32_t input2_offset,
                               int8_t *output_data,
                               const cmsis_nn_dims *output_dims,
                               const int32_t out_offset,
                               const int32_t out_mult,
                               const int32_t out_shift,
                               const int32_t out_activation_min,
                               const int32_t out_activation_max);
arm_cmsis_nn_status arm_mul_scalar_s8(const int8_t *input_1_vect,
                                      const int8_t *input_2_vect,
                                      const int32_t input_1_offset,
                                      const int32_t input_2_offset,
                                      int8_t *output,
                                      const int32_t out_offset,
                                      const int32_t out_mult,
                                      const int32_t out_shift,
                                      const int32_t out_activation_min,
                                      const int32_t out_activation_max,
                                      const int32_t block_size);
arm_cmsis_nn_status arm_mul_s16(const int16_t *input1_data,
                                const cmsis_nn_dims *input1_dims,
                                const int16_t *input2_data,
                                const cmsis_nn_dims *input2_dims,
                                const int32_t input1_offset,
                                const int32_t input2_offset,
                                int16_t *output_data,
                                const cmsis_nn_dims *output_dims,
                                const int32_t out_offset,
                                const int32_t out_mult,
                                const int32_t out_shift,
                                const int32_t out_activation_min,
                                const int32_t out_activation_max);
arm_cmsis_nn_status arm_mul_scalar_s16(const int16_t *input_1_vect,
                                       const int16_t *input_2_vect,
                                       const int32_t input_1_offset,
                                       const int32_t input_2_offset,
                                       int16_t *output,
                                       const int32_t out_offset,
                                       const int32_t out_mult,
                                       const int32_t out_shift,
                                       const int32_t out_activation_min,
                                       const int32_t out_activation_max,
                                       const int32_t block_size);

/*
 * PRELU (TFLite), per element with v = in + input_offset and a = alpha + alpha_offset (offsets -zero_point):
 *   out = clamp(requantize(v, output_multiplier_identity, output_shift_identity) + out_offset)       when v >= 0,
 *   out = clamp(requantize(v * a, output_multiplier_alpha, output_shift_alpha) + out_offset)        otherwise,
 * clamped to the type's range. arm_elementwise_prelu_<t>: same-shape input and alpha; arm_prelu_scalar_<t>:
 * scalar_vect[0] is the input (scalar_is_input) against block_size alphas, or the alpha against block_size inputs.
 * Accepted: input / alpha offsets in [-255, 255] (int8) or [-65535, 65535] (int16, output offset too), multipliers
 * >= 0, shifts in [-31, 30], and every intermediate of each branch within int32 over the inputs that take it
 * (checked exactly). Portable C on every backend. No scratch.
 * @return ARM_CMSIS_NN_ARG_ERROR (writing nothing) for NULL pointers, a negative block_size or a parameter outside
 *         those ranges; else ARM_CMSIS_NN_SUCCESS.
 */
arm_cmsis_nn_status arm_elementwise_prelu_s8(const int8_t *input,
                                             const int8_t *alpha,
                                             const int32_t input_offset,
                                             const int32_t alpha_offset,
                                             const int32_t out_offset,
                                             const int32_t output_multiplier_identity,
                                             const int32_t output_shift_identity,
                                             const int32_t output_multiplier_alpha,
                                             const int32_t output_shift_alpha,
                                             int8_t *output,
                                             const int32_t block_size);
arm_cmsis_nn_status arm_prelu_scalar_s8(const int8_t *scalar_vect,
                                        const int8_t *non_scalar_vect,
                                        const bool scalar_is_input,
                                        const int32_t input_offset,
                                        const int32_t alpha_offset,
                                        const int32_t output_offset,
                                        const int32_t output_multiplier_identity,
                                        const int32_t output_shift_identity,
                                        const int32_t output_multiplier_alpha,
                                        const int32_t output_shift_alpha,
                                        int8_t *output,
                                        const int32_t block_size);
arm_cmsis_nn_status arm_elementwise_prelu_s16(const int16_t *input,
                                              const int16_t *alpha,
                                              const int32_t input_offset,
                                              const int32_t alpha_offset,
                                              const int32_t out_offset,
                                              const int32_t output_multiplier_identity,
                                              const int32_t output_shift_identity,
                                              const int32_t output_multiplier_alpha,
                                              const int32_t output_shift_alpha,
                                              int16_t *output,
                                              const int32_t block_size);
arm_cmsis_nn_status arm_prelu_scalar_s16(const int16_t *scalar_vect,
                                         const int16_t *non_scalar_vect,
                                         const bool scalar_is_input,
                                         const int32_t input_offset,
                                         const int32_t alpha_offset,
                                         const int32_t output_offset,
                                         const int32_t output_multiplier_identity,
                                         const int32_t output_shift_identity,
                                         const int32_t output_multiplier_alpha,
                                         const int32_t output_shift_alpha,
                                         int16_t *output,
                                         const int32_t block_size);

/*
 * ABS (TFLite): v = in - input_offset (input_offset is the input ZERO POINT, subtracted, as in ns-cmsis-nn),
 *   out = clamp((needs_rescale ? requantize(|v|, out_mult, out_shift) : |v|) + out_offset, act_min, act_max).
 * Accepted: input_offset in [-255, 255] (int8) or [-65535, 65535] (int16, out_offset too); with needs_rescale,
 * out_mult >= 0 and out_shift in [-31, 30] (unused otherwise); every intermediate within int32 (checked exactly).
 * Portable C on every backend. No scratch.
 * @return ARM_CMSIS_NN_ARG_ERROR (writing nothing) for NULL pointers, a negative block_size, a parameter outside
 *         those ranges, act_min > act_max or limits outside the type; else ARM_CMSIS_NN_SUCCESS.
 */
arm_cmsis_nn_status arm_abs_s8(const int8_t *input,
                               const int32_t input_offset,
                               int8_t *output,
                               const int32_t out_offset,
                               const int32_t out_mult,
                               const int32_t out_shift,
                               const bool needs_rescale,
                               const int32_t out_activation_min,
                               const int32_t out_activation_max,
                               const int32_t block_size);
arm_cmsis_nn_status arm_abs_s16(const int16_t *input,
                                const int32_t input_offset,
                                int16_t *output,
                                const int32_t out_offset,
                                const int32_t out_mult,
                                const int32_t out_shift,
                                const bool needs_rescale,
                                const int32_t out_activation_min,
                                const int32_t out_activation_max,
                                const int32_t block_size);

/*
 * SQRT through a caller's table (ns-cmsis-nn), over the product of input_dims elements:
 *   int8:  out = sqrt_lut[(uint8_t)in] (256 entries);
 *   int16: k = 256 + (in >> 7), f = in & 127, out = lut[k] + (((lut[k + 1] - lut[k]) * f + 64) >> 7) (floor
 *          shifts; 513 entries).
 * Portable C on every backend. No scratch. The output may be the input.
 * @return ARM_CMSIS_NN_ARG_ERROR (writing nothing) for NULL pointers, a dim < 1 or more than INT32_MAX elements.
 */
arm_cmsis_nn_status arm_sqrt_s8(const int8_t *input,
                                const cmsis_nn_dims *input_dims,
                                int8_t *output,
                                int8_t *sqrt_lut);
arm_cmsis_nn_status arm_sqrt_s16(const int16_t *input,
                                 const cmsis_nn_dims *input_dims,
                                 int16_t *output,
                                 const int16_t *sqrt_lut);

/*
 * RSQRT through a caller's table (ns-cmsis-nn; the arithmetic is written out in
 * Source/BasicMathFunctions/arm_rsqrt_s16.c): v = in - input_offset (the input ZERO POINT), clamped to 32767;
 * per_op interpolates a 513-entry int16 table in output units; universal interpolates slot values derived from a
 * 513-entry int32 table sampled every 64 input steps, optionally requantized (needs_rescale: out_mult, out_shift);
 * then out = clamp(r + out_offset, act_min, act_max).
 * Accepted: offsets in [-65535, 65535]; with needs_rescale out_mult >= 0, out_shift in [-31, 30] and every entry
 * 1..512 << max(out_shift, 0) within int32. Portable C on every backend. No scratch.
 * @return ARM_CMSIS_NN_ARG_ERROR (writing nothing) for NULL pointers, a negative block_size, a parameter outside
 *         those ranges, act_min > act_max, limits outside int16, or any element below input_offset (ns-cmsis-nn
 *         returns that error after writing the elements before it; Kiln checks first); else ARM_CMSIS_NN_SUCCESS.
 */
arm_cmsis_nn_status arm_rsqrt_s16_per_op(const int16_t *input,
                                         const int32_t input_offset,
                                         int16_t *output,
                                         const int32_t out_offset,
                                         const int32_t out_activation_min,
                                         const int32_t out_activation_max,
                                         const int32_t block_size,
                                         const int16_t *lut);
arm_cmsis_nn_status arm_rsqrt_s16_universal(const int16_t *input,
                                            const int32_t input_offset,
                                            int16_t *output,
                                            const int32_t out_offset,
                                            const int32_t out_mult,
                                            const int32_t out_shift,
                                            const bool needs_rescale,
                                            const int32_t out_activation_min,
                                            const int32_t out_activation_max,
                                            const int32_t block_size,
                                            const int32_t *lut);

/* @kiln-maxmin */

/**
 * int8 elementwise maximum (TFLite MAXIMUM): out = max(in1, in2) on the stored values, with
 * TFLite broadcasting over the NHWC dims: per dimension the two inputs are equal, or one of them
 * is 1 and is repeated along it (a scalar is {1, 1, 1, 1}); output_dims must be that broadcast
 * shape. TFLite requires both inputs and the output to share one quantization, so no
 * requantization happens. Route: the dims are reduced to contiguous runs (both inputs dense, or
 * one of them constant along the run), each done by the backend's 16/4/1-lane kernel. No scratch:
 * ctx is not used and may be NULL.
 * The output may be the same buffer as an input whose dims equal output_dims (not a broadcast one).
 * @return ARM_CMSIS_NN_ARG_ERROR (writing nothing) for a NULL data or dims pointer, a negative
 *         dimension, dims that do not broadcast, output_dims other than the broadcast shape, or
 *         more than INT32_MAX output elements; ARM_CMSIS_NN_SUCCESS otherwise (also for an empty
 *         output).
 */
arm_cmsis_nn_status arm_maximum_s8(const cmsis_nn_context *ctx,
                                   const int8_t *input_1_data,
                                   const cmsis_nn_dims *input_1_dims,
                                   const int8_t *input_2_data,
                                   const cmsis_nn_dims *input_2_dims,
                                   int8_t *output_data,
                                   const cmsis_nn_dims *output_dims);

/**
 * int8 elementwise minimum (TFLite MINIMUM): out = min(in1, in2), otherwise exactly as
 * arm_maximum_s8 (broadcasting, aliasing, errors).
 */
arm_cmsis_nn_status arm_minimum_s8(const cmsis_nn_context *ctx,
                                   const int8_t *input_1_data,
                                   const cmsis_nn_dims *input_1_dims,
                                   const int8_t *input_2_data,
                                   const cmsis_nn_dims *input_2_dims,
                                   int8_t *output_data,
                                   const cmsis_nn_dims *output_dims);

/* =============================================================================================
 * Convolution and depthwise convolution (int8)
 * ========================================================================================== */

/* @kiln-conv */

/*
 * int8 convolution (TFLite CONV_2D, per-channel quantization). For each batch, output pixel (y, x)
 * and output channel oc, with groups = input_dims->c / filter_dims->c and oc's group g:
 *   acc = bias[oc] (0 when bias_data is NULL)
 *       + sum over ky, kx, ic < filter_dims->c of filter[oc][ky][kx][ic]
 *             * (input[b][y*stride.h - pad.h + ky*dilation.h][x*stride.w - pad.w + kx*dilation.w][g*filter_c + ic]
 *                + input_offset)                        (taps outside the input contribute 0)
 *   out = clamp(requantize(acc, multiplier[oc], shift[oc]) + output_offset, activation.min, activation.max)
 * Layouts: input NHWC, filter [C_OUT, H, W, C_IN / groups], bias [C_OUT] int32, output NHWC.
 * filter_dims->n, output_dims->n and bias_dims are not read (batches = input_dims->n).
 *
 * Routes (Internal/kiln_conv_s8.h, first that holds): "1x1_fast" (1x1 filter, stride 1, no padding),
 * "1x1" (1x1 filter, no padding), "1xN" (filter_h == 1, unit horizontal dilation, one group),
 * "im2col_gemm" (everything else). Scratch per backend: 0 for the 1x1 routes; for im2col_gemm
 * (and 1xN when some patch touches the padding) rows * filter_h * filter_w * filter_c bytes with
 * rows = 2 (C), 3 (MVE), 4 (DSP, up to 144 filter_h x filter_w x filter_c columns; 2 above them); no alignment
 * needed.
 *
 * Weight sums (ns signatures): on MVE builds weight_sum_ctx->buf may hold the output of
 * arm_convolve_weight_sum() (out_c int32, int32-aligned); when weight_sum_ctx or its buffer is NULL
 * (and always in upstream-API mode) the sums are computed on the fly with identical results: once per chunk of up
 * to 96 output channels (384 bytes of stack; the im2col route gathers its patches once per chunk), or for 1x1
 * filters over up to 32 input channels once per group of four channels, so that the missing buffer costs about
 * 1 - 5 % more instructions on the usual layers (3x3 16 -> 32 channels on the Cortex-M55: 0.198 instructions per
 * MAC, 0.196 with the buffer). Other backends never read it. A stated weight_sum_ctx->size below 4 * out_c is an argument error on MVE.
 *
 * Every entry returns ARM_CMSIS_NN_ARG_ERROR without writing for: a NULL required pointer; a
 * dimension < 1; stride < 1, dilation < 1, padding < 0; filter_dims->c not dividing input_dims->c or
 * the group count not dividing output_dims->c; output h/w other than
 * floor((in + 2 pad (+1) - ((k - 1) dilation + 1)) / stride) + 1; a tensor larger than INT32_MAX
 * elements; input_offset outside [-127, 128] or output_offset outside [-128, 127]; activation limits
 * not within [-128, 127] or min > max; a negative multiplier or a shift outside [-31, 30]; a scratch
 * buffer that is NULL or of stated size (ctx->size > 0) below the route's need (size 0 = not stated);
 * a shape the direct entry's route does not take.
 */

/**
 * int8 convolution router: runs the first route of the plan that holds. Scratch:
 * arm_convolve_wrapper_s8_get_buffer_size(). See the convolution notes above.
 */
#if KILN_UPSTREAM_API
arm_cmsis_nn_status arm_convolve_wrapper_s8(const cmsis_nn_context *ctx, const cmsis_nn_conv_params *conv_params, const cmsis_nn_per_channel_quant_params *quant_params, const cmsis_nn_dims *input_dims, const int8_t *input_data, const cmsis_nn_dims *filter_dims, const int8_t *filter_data, const cmsis_nn_dims *bias_dims, const int32_t *bias_data, const cmsis_nn_dims *output_dims, int8_t *output_data);
#else
arm_cmsis_nn_status arm_convolve_wrapper_s8(const cmsis_nn_context *ctx, const cmsis_nn_context *weight_sum_ctx, const cmsis_nn_conv_params *conv_params, const cmsis_nn_per_channel_quant_params *quant_params, const cmsis_nn_dims *input_dims, const int8_t *input_data, const cmsis_nn_dims *filter_dims, const int8_t *filter_data, const cmsis_nn_dims *bias_dims, const int32_t *bias_data, const cmsis_nn_dims *output_dims, int8_t *output_data);
#endif

/** Scratch bytes of arm_convolve_wrapper_s8 on this build (-1 for an invalid or out-of-range shape). */
int32_t arm_convolve_wrapper_s8_get_buffer_size(const cmsis_nn_conv_params *conv_params, const cmsis_nn_dims *input_dims, const cmsis_nn_dims *filter_dims, const cmsis_nn_dims *output_dims);
/** Scratch bytes of arm_convolve_wrapper_s8 on a DSP build, callable on any build. */
int32_t arm_convolve_wrapper_s8_get_buffer_size_dsp(const cmsis_nn_conv_params *conv_params, const cmsis_nn_dims *input_dims, const cmsis_nn_dims *filter_dims, const cmsis_nn_dims *output_dims);
/** Scratch bytes of arm_convolve_wrapper_s8 on an MVE build, callable on any build. */
int32_t arm_convolve_wrapper_s8_get_buffer_size_mve(const cmsis_nn_conv_params *conv_params, const cmsis_nn_dims *input_dims, const cmsis_nn_dims *filter_dims, const cmsis_nn_dims *output_dims);

/**
 * General int8 convolution (route "im2col_gemm"): any filter, stride, padding, dilation and grouped
 * convolution. upscale_dims may be NULL; as upstream CMSIS-NN, upscale_dims->h / ->w equal to 2 read
 * the input 2x nearest-upscaled in that axis (input_dims then gives the upscaled size, which must be
 * even; the data holds half of it), any other value leaves the axis. Scratch:
 * arm_convolve_s8_get_buffer_size().
 */
#if KILN_UPSTREAM_API
arm_cmsis_nn_status arm_convolve_s8(const cmsis_nn_context *ctx, const cmsis_nn_conv_params *conv_params, const cmsis_nn_per_channel_quant_params *quant_params, const cmsis_nn_dims *input_dims, const int8_t *input_data, const cmsis_nn_dims *filter_dims, const int8_t *filter_data, const cmsis_nn_dims *bias_dims, const int32_t *bias_data, const cmsis_nn_dims *upscale_dims, const cmsis_nn_dims *output_dims, int8_t *output_data);
#else
arm_cmsis_nn_status arm_convolve_s8(const cmsis_nn_context *ctx, const cmsis_nn_context *weight_sum_ctx, const cmsis_nn_conv_params *conv_params, const cmsis_nn_per_channel_quant_params *quant_params, const cmsis_nn_dims *input_dims, const int8_t *input_data, const cmsis_nn_dims *filter_dims, const int8_t *filter_data, const cmsis_nn_dims *bias_dims, const int32_t *bias_data, const cmsis_nn_dims *upscale_dims, const cmsis_nn_dims *output_dims, int8_t *output_data);
#endif

/** Scratch bytes of arm_convolve_s8 on this build: rows * filter h * w * c (rows 1 C, 2 DSP, 3 MVE);
 * -1 for a dimension < 1 or a size past INT32_MAX. */
int32_t arm_convolve_s8_get_buffer_size(const cmsis_nn_dims *input_dims, const cmsis_nn_dims *filter_dims);

#if !KILN_UPSTREAM_API
/** Scratch bytes of arm_convolve_s8 on an MVE build, callable on any build (declared in
 * arm_nnsupportfunctions.h in upstream-API mode). */
int32_t arm_convolve_s8_get_buffer_size_mve(const cmsis_nn_dims *input_dims, const cmsis_nn_dims *filter_dims);
#endif

/**
 * int8 convolution with a 1x1 filter and no padding, any stride (route "1x1": no scratch; ctx may
 * hold anything, including NULL). ARG_ERROR for other shapes.
 */
#if KILN_UPSTREAM_API
arm_cmsis_nn_status arm_convolve_1x1_s8(const cmsis_nn_context *ctx, const cmsis_nn_conv_params *conv_params, const cmsis_nn_per_channel_quant_params *quant_params, const cmsis_nn_dims *input_dims, const int8_t *input_data, const cmsis_nn_dims *filter_dims, const int8_t *filter_data, const cmsis_nn_dims *bias_dims, const int32_t *bias_data, const cmsis_nn_dims *output_dims, int8_t *output_data);
#else
arm_cmsis_nn_status arm_convolve_1x1_s8(const cmsis_nn_context *ctx, const cmsis_nn_context *weight_sum_ctx, const cmsis_nn_conv_params *conv_params, const cmsis_nn_per_channel_quant_params *quant_params, const cmsis_nn_dims *input_dims, const int8_t *input_data, const cmsis_nn_dims *filter_dims, const int8_t *filter_data, const cmsis_nn_dims *bias_dims, const int32_t *bias_data, const cmsis_nn_dims *output_dims, int8_t *output_data);
#endif

/**
 * int8 convolution with a 1x1 filter, stride 1 and no padding (route "1x1_fast": the input is the
 * GEMM's left matrix, no scratch). Any channel count. ARG_ERROR for other shapes.
 */
#if KILN_UPSTREAM_API
arm_cmsis_nn_status arm_convolve_1x1_s8_fast(const cmsis_nn_context *ctx, const cmsis_nn_conv_params *conv_params, const cmsis_nn_per_channel_quant_params *quant_params, const cmsis_nn_dims *input_dims, const int8_t *input_data, const cmsis_nn_dims *filter_dims, const int8_t *filter_data, const cmsis_nn_dims *bias_dims, const int32_t *bias_data, const cmsis_nn_dims *output_dims, int8_t *output_data);
#else
arm_cmsis_nn_status arm_convolve_1x1_s8_fast(const cmsis_nn_context *ctx, const cmsis_nn_context *weight_sum_ctx, const cmsis_nn_conv_params *conv_params, const cmsis_nn_per_channel_quant_params *quant_params, const cmsis_nn_dims *input_dims, const int8_t *input_data, const cmsis_nn_dims *filter_dims, const int8_t *filter_data, const cmsis_nn_dims *bias_dims, const int32_t *bias_data, const cmsis_nn_dims *output_dims, int8_t *output_data);
#endif

/** Scratch bytes of arm_convolve_1x1_s8_fast: 0 on every backend (-1 for NULL or a negative dimension). */
int32_t arm_convolve_1x1_s8_fast_get_buffer_size(const cmsis_nn_dims *input_dims);

/**
 * int8 convolution with a 1xN filter (filter_h == 1), unit horizontal dilation and one group
 * (route "1xN": any input height, stride, padding and output width; patches are read in place and
 * only those touching the padding are built in scratch). ARG_ERROR for other shapes.
 */
#if KILN_UPSTREAM_API
arm_cmsis_nn_status arm_convolve_1_x_n_s8(const cmsis_nn_context *ctx, const cmsis_nn_conv_params *conv_params, const cmsis_nn_per_channel_quant_params *quant_params, const cmsis_nn_dims *input_dims, const int8_t *input_data, const cmsis_nn_dims *filter_dims, const int8_t *filter_data, const cmsis_nn_dims *bias_dims, const int32_t *bias_data, const cmsis_nn_dims *output_dims, int8_t *output_data);
#else
arm_cmsis_nn_status arm_convolve_1_x_n_s8(const cmsis_nn_context *ctx, const cmsis_nn_context *weight_sum_ctx, const cmsis_nn_conv_params *conv_params, const cmsis_nn_per_channel_quant_params *quant_params, const cmsis_nn_dims *input_dims, const int8_t *input_data, const cmsis_nn_dims *filter_dims, const int8_t *filter_data, const cmsis_nn_dims *bias_dims, const int32_t *bias_data, const cmsis_nn_dims *output_dims, int8_t *output_data);
#endif

/** Scratch bytes of arm_convolve_1_x_n_s8 on this build (0 without padding; -1 for a shape the
 * route does not take or a size past INT32_MAX). */
int32_t arm_convolve_1_x_n_s8_get_buffer_size(const cmsis_nn_conv_params *conv_params, const cmsis_nn_dims *input_dims, const cmsis_nn_dims *filter_dims, const cmsis_nn_dims *output_dims);

#if !KILN_UPSTREAM_API
/**
 * int8 convolution with one output pixel per batch (output h = w = 1, filter_dims->c ==
 * input_dims->c), any filter and padding, on every backend (ns-cmsis-nn: MVE only). Runs the
 * wrapper's plan: scratch arm_convolve_wrapper_s8_get_buffer_size(); weight sums as the wrapper.
 */
arm_cmsis_nn_status arm_convolve_1x1_out_s8(const cmsis_nn_context *ctx, const cmsis_nn_context *weight_sum_ctx, const cmsis_nn_conv_params *conv_params, const cmsis_nn_per_channel_quant_params *quant_params, const cmsis_nn_dims *input_dims, const int8_t *input_data, const cmsis_nn_dims *filter_dims, const int8_t *filter_data, const cmsis_nn_dims *bias_dims, const int32_t *bias_data, const cmsis_nn_dims *output_dims, int8_t *output_data);

/** Bytes of the convolution weight-sum buffer: 4 * output_dims->c on MVE builds, 0 on others
 * (-1 for NULL, a negative channel count or a size past INT32_MAX). */
int32_t arm_convolve_s8_get_weights_sum_size(const cmsis_nn_dims *output_dims);

/**
 * Fill the convolution weight sums (MVE builds): vector_sum_buf[oc] = sum of the filter_h *
 * filter_w * filter_c weights of channel oc * lhs_offset + bias_data[oc] (bias_data may be NULL),
 * for oc < output_dims->c; rhs is the filter [C_OUT, H, W, C_IN / groups]. input_dims is not read.
 * Recompute after weights, bias or input offset change. Returns ARG_ERROR for NULL pointers, a
 * dimension < 1, lhs_offset outside [-127, 128] or a filter past INT32_MAX elements. Other builds
 * need no sums: returns ARM_CMSIS_NN_NO_IMPL_ERROR and writes nothing (a no-op, as ns-cmsis-nn).
 */
arm_cmsis_nn_status arm_convolve_weight_sum(int32_t *vector_sum_buf, const int8_t *rhs, const cmsis_nn_dims *input_dims, const cmsis_nn_dims *filter_dims, const cmsis_nn_dims *output_dims, const int32_t lhs_offset, const int32_t *bias_data);
#endif

/* @kiln-depthwise */

/*
 * int8 depthwise convolution (TFLite DepthwiseConv2D, per-channel quantization), NHWC:
 *   out[b][y][x][ic * ch_mult + m] = clamp(requantize(bias[oc] + sum over the taps inside the input
 *       of (in[b][y*sy - py + ky*dy][x*sx - px + kx*dx][ic] + input_offset) * filter[ky][kx][oc],
 *       multiplier[oc], shift[oc]) + output_offset, activation.min, activation.max)
 * with oc = ic * ch_mult + m; filter dims {1, kh, kw, out_c}; bias_data may be NULL (zero bias);
 * bias_dims is not read. Padding taps contribute nothing (TFLite).
 * Routes (first that applies): "3x3" (ch_mult 1, 3x3, padding <= 1, unit dilation), "opt"
 * (ch_mult 1), "ic1" (one input channel), "generic". No route needs scratch on any backend, so
 * every buffer-size query answers 0 for valid dimensions (-1 otherwise) and ctx may be NULL.
 * ns weight sums (weight_sum_ctx): used by the Helium "3x3"/"opt" kernels when weight_sum_ctx and
 * its buffer are non-NULL (out_c int32 from arm_depthwise_convolve_weight_sum with this bias and
 * input_offset); a NULL context or buffer makes the kernel compute the same sums itself, so results
 * never depend on it; other backends ignore it.
 * Errors (ARM_CMSIS_NN_ARG_ERROR, output untouched): NULL params/dims/data/multiplier/shift,
 * any dimension < 1, input and output batches differing, ch_mult < 1 or out_c != in_c * ch_mult,
 * filter c != out_c, stride < 1, dilation < 1, padding < 0, an output size TFLite cannot produce
 * from the input, filter, stride, dilation and padding (VALID, or SAME with its extra bottom/right
 * row), more than 16384 filter taps, a tensor of 2^31 bytes or more, offsets outside [-255, 255],
 * a multiplier < 0 or shift outside [-31, 30], an invalid activation range, a stated ctx or
 * weight-sum size (size > 0) below the need.
 */
#if KILN_UPSTREAM_API
arm_cmsis_nn_status arm_depthwise_conv_wrapper_s8(const cmsis_nn_context *ctx,
                                                  const cmsis_nn_dw_conv_params *dw_conv_params,
                                                  const cmsis_nn_per_channel_quant_params *quant_params,
                                                  const cmsis_nn_dims *input_dims,
                                                  const int8_t *input_data,
                                                  const cmsis_nn_dims *filter_dims,
                                                  const int8_t *filter_data,
                                                  const cmsis_nn_dims *bias_dims,
                                                  const int32_t *bias_data,
                                                  const cmsis_nn_dims *output_dims,
                                                  int8_t *output_data);
#else
arm_cmsis_nn_status arm_depthwise_conv_wrapper_s8(const cmsis_nn_context *ctx,
                                                  const cmsis_nn_context *weight_sum_ctx,
                                                  const cmsis_nn_dw_conv_params *dw_conv_params,
                                                  const cmsis_nn_per_channel_quant_params *quant_params,
                                                  const cmsis_nn_dims *input_dims,
                                                  const int8_t *input_data,
                                                  const cmsis_nn_dims *filter_dims,
                                                  const int8_t *filter_data,
                                                  const cmsis_nn_dims *bias_dims,
                                                  const int32_t *bias_data,
                                                  const cmsis_nn_dims *output_dims,
                                                  int8_t *output_data);
#endif

/** Scratch bytes of arm_depthwise_conv_wrapper_s8 on this build (0; -1 for invalid dimensions). */
int32_t arm_depthwise_conv_wrapper_s8_get_buffer_size(const cmsis_nn_dw_conv_params *dw_conv_params,
                                                      const cmsis_nn_dims *input_dims,
                                                      const cmsis_nn_dims *filter_dims,
                                                      const cmsis_nn_dims *output_dims);
/** Same query answered for the DSP backend, on any build. */
int32_t arm_depthwise_conv_wrapper_s8_get_buffer_size_dsp(const cmsis_nn_dw_conv_params *dw_conv_params,
                                                          const cmsis_nn_dims *input_dims,
                                                          const cmsis_nn_dims *filter_dims,
                                                          const cmsis_nn_dims *output_dims);
/** Same query answered for the Helium backend, on any build. */
int32_t arm_depthwise_conv_wrapper_s8_get_buffer_size_mve(const cmsis_nn_dw_conv_params *dw_conv_params,
                                                          const cmsis_nn_dims *input_dims,
                                                          const cmsis_nn_dims *filter_dims,
                                                          const cmsis_nn_dims *output_dims);

/** Depthwise convolution, any ch_mult (same semantics, routes and errors as the wrapper). */
arm_cmsis_nn_status arm_depthwise_conv_s8(const cmsis_nn_context *ctx,
                                          const cmsis_nn_dw_conv_params *dw_conv_params,
                                          const cmsis_nn_per_channel_quant_params *quant_params,
                                          const cmsis_nn_dims *input_dims,
                                          const int8_t *input_data,
                                          const cmsis_nn_dims *filter_dims,
                                          const int8_t *filter_data,
                                          const cmsis_nn_dims *bias_dims,
                                          const int32_t *bias_data,
                                          const cmsis_nn_dims *output_dims,
                                          int8_t *output_data);

/** Depthwise convolution with ch_mult 1 (in_c == out_c; else ARM_CMSIS_NN_ARG_ERROR): routes
 * "3x3" or "opt"; otherwise as the wrapper. */
#if KILN_UPSTREAM_API
arm_cmsis_nn_status arm_depthwise_conv_s8_opt(const cmsis_nn_context *ctx,
                                              const cmsis_nn_dw_conv_params *dw_conv_params,
                                              const cmsis_nn_per_channel_quant_params *quant_params,
                                              const cmsis_nn_dims *input_dims,
                                              const int8_t *input_data,
                                              const cmsis_nn_dims *filter_dims,
                                              const int8_t *filter_data,
                                              const cmsis_nn_dims *bias_dims,
                                              const int32_t *bias_data,
                                              const cmsis_nn_dims *output_dims,
                                              int8_t *output_data);
#else
arm_cmsis_nn_status arm_depthwise_conv_s8_opt(const cmsis_nn_context *ctx,
                                              const cmsis_nn_context *weight_sum_ctx,
                                              const cmsis_nn_dw_conv_params *dw_conv_params,
                                              const cmsis_nn_per_channel_quant_params *quant_params,
                                              const cmsis_nn_dims *input_dims,
                                              const int8_t *input_data,
                                              const cmsis_nn_dims *filter_dims,
                                              const int8_t *filter_data,
                                              const cmsis_nn_dims *bias_dims,
                                              const int32_t *bias_data,
                                              const cmsis_nn_dims *output_dims,
                                              int8_t *output_data);
#endif

/** Scratch bytes of arm_depthwise_conv_s8_opt (0; -1 for invalid dims or filter c != input c). */
int32_t arm_depthwise_conv_s8_opt_get_buffer_size(const cmsis_nn_dims *input_dims, const cmsis_nn_dims *filter_dims);

/** Depthwise 3x3, ch_mult 1, padding <= 1, unit dilation (else ARM_CMSIS_NN_ARG_ERROR); route
 * "3x3"; otherwise as the wrapper. */
arm_cmsis_nn_status arm_depthwise_conv_3x3_s8(const cmsis_nn_context *ctx,
                                              const cmsis_nn_dw_conv_params *dw_conv_params,
                                              const cmsis_nn_per_channel_quant_params *quant_params,
                                              const cmsis_nn_dims *input_dims,
                                              const int8_t *input_data,
                                              const cmsis_nn_dims *filter_dims,
                                              const int8_t *filter_data,
                                              const cmsis_nn_dims *bias_dims,
                                              const int32_t *bias_data,
                                              const cmsis_nn_dims *output_dims,
                                              int8_t *output_data);

/**
 * ns-cmsis-nn weight sums for the Helium depthwise kernels:
 *   vector_sum_buf[c] = bias_data[c] (0 when NULL) + lhs_offset * sum_{ky,kx} rhs[(ky*kw + kx)*out_c + c]
 * for c < output_dims->c (rhs is the {1, kh, kw, out_c} filter). scratch_buf, dw_conv_params and
 * input_dims are not read (scratch_buf may be NULL). Pass lhs_offset = dw_conv_params->input_offset.
 * @return ARM_CMSIS_NN_SUCCESS on Helium builds; ARM_CMSIS_NN_NO_IMPL_ERROR, writing nothing, on
 *         other builds (as ns-cmsis-nn, whose weight-sum size is 0 there; the kernels there do not
 *         use weight sums); ARM_CMSIS_NN_ARG_ERROR for NULL vector_sum_buf/rhs/filter_dims/
 *         output_dims, kh/kw/out_c < 1, lhs_offset outside [-255, 255] or an oversized filter.
 */
arm_cmsis_nn_status arm_depthwise_convolve_weight_sum(int32_t *vector_sum_buf,
                                                      int8_t *scratch_buf,
                                                      const int8_t *rhs,
                                                      const cmsis_nn_dw_conv_params *dw_conv_params,
                                                      const cmsis_nn_dims *input_dims,
                                                      const cmsis_nn_dims *filter_dims,
                                                      const cmsis_nn_dims *output_dims,
                                                      const int32_t lhs_offset,
                                                      const int32_t *bias_data);

/* =============================================================================================
 * Convolution and depthwise convolution (int16 activations, int8 weights)
 * ========================================================================================== */

/* @kiln-conv-s16 */

/**
 * int16x8 convolution (TFLite CONV_2D, int16 activations, int8 weights): the geometry of
 * arm_convolve_s8 (NHWC, padding, stride, dilation, grouped when filter channels divide input
 * channels), bias_data non-NULL with data int64 (is_int32_bias false) or int32 (true) or NULL (no
 * bias). int64 bias: int64 accumulation and per-channel requantization with arm_nn_requantize_s64
 * semantics (REDUCE_MULTIPLIER; exact for every accepted value). int32 bias: an int32 accumulator
 * (wrapping modulo 2^32 if a model overflows it, as upstream on its targets) and arm_nn_requantize.
 * Then the output offset (|offset| <= 65535; TFLite passes 0) and the clamp to the int16 activation
 * range. conv_params->input_offset is not used (int16 is symmetric). An empty output (batches,
 * output h, w or c 0; h or w 0 only when no window fits) is a success writing nothing. Portable C
 * on every backend; scratch 0 (ctx may be NULL; the size queries answer exactly what the route uses).
 * @return ARM_CMSIS_NN_ARG_ERROR (writing nothing) for NULL pointers, inconsistent or negative dims,
 *         non-positive stride or dilation, negative padding, sizes past int32, a negative or (where
 *         scratch is needed) too small stated ctx size, quantization (multiplier < 0, shift outside
 *         [-31, 30]) or activation parameters outside the accepted ranges; else ARM_CMSIS_NN_SUCCESS.
 */
arm_cmsis_nn_status arm_convolve_wrapper_s16(const cmsis_nn_context *ctx,
                                             const cmsis_nn_conv_params *conv_params,
                                             const cmsis_nn_per_channel_quant_params *quant_params,
                                             const cmsis_nn_dims *input_dims,
                                             const int16_t *input_data,
                                             const cmsis_nn_dims *filter_dims,
                                             const int8_t *filter_data,
                                             const cmsis_nn_dims *bias_dims,
                                             const cmsis_nn_bias_data *bias_data,
                                             const cmsis_nn_dims *output_dims,
                                             int16_t *output_data);

/** Scratch bytes of arm_convolve_wrapper_s16 (this build's backend; _dsp / _mve answer for that
 *  backend on any build); -1 for invalid arguments. */
int32_t arm_convolve_wrapper_s16_get_buffer_size(const cmsis_nn_conv_params *conv_params,
                                                 const cmsis_nn_dims *input_dims,
                                                 const cmsis_nn_dims *filter_dims,
                                                 const cmsis_nn_dims *output_dims);
int32_t arm_convolve_wrapper_s16_get_buffer_size_dsp(const cmsis_nn_conv_params *conv_params,
                                                     const cmsis_nn_dims *input_dims,
                                                     const cmsis_nn_dims *filter_dims,
                                                     const cmsis_nn_dims *output_dims);
int32_t arm_convolve_wrapper_s16_get_buffer_size_mve(const cmsis_nn_conv_params *conv_params,
                                                     const cmsis_nn_dims *input_dims,
                                                     const cmsis_nn_dims *filter_dims,
                                                     const cmsis_nn_dims *output_dims);

/** The general int16x8 convolution, as arm_convolve_wrapper_s16 (which routes every call here). */
arm_cmsis_nn_status arm_convolve_s16(const cmsis_nn_context *ctx,
                                     const cmsis_nn_conv_params *conv_params,
                                     const cmsis_nn_per_channel_quant_params *quant_params,
                                     const cmsis_nn_dims *input_dims,
                                     const int16_t *input_data,
                                     const cmsis_nn_dims *filter_dims,
                                     const int8_t *filter_data,
                                     const cmsis_nn_dims *bias_dims,
                                     const cmsis_nn_bias_data *bias_data,
                                     const cmsis_nn_dims *output_dims,
                                     int16_t *output_data);

/** Scratch bytes of arm_convolve_s16; -1 for invalid arguments. */
int32_t arm_convolve_s16_get_buffer_size(const cmsis_nn_dims *input_dims, const cmsis_nn_dims *filter_dims);

/**
 * ns-cmsis-nn direct entries of the int16x8 convolution family, each restricted to its shapes (otherwise
 * ARM_CMSIS_NN_ARG_ERROR, output untouched) and then exactly arm_convolve_s16 (same checks, plan, kernel and
 * bits; no context bytes), portable C on every backend:
 *  - arm_convolve_1x1_s16_ns_np_nd: a 1x1 filter over all input channels, unit stride and dilation, no padding
 *    (output extents equal to the input's);
 *  - arm_convolve_s16_fast_small_kernel: filter_h x filter_w x filter_c <= 8 and every window inside the input
 *    (no padding, VALID output extents);
 *  - arm_convolve_s16_group_ch_mult_1: filter_c == 1 and output channels == input channels (output channel c
 *    convolves input channel c), any stride, padding and dilation.
 */
arm_cmsis_nn_status arm_convolve_1x1_s16_ns_np_nd(const cmsis_nn_context *ctx, const cmsis_nn_conv_params *conv_params, const cmsis_nn_per_channel_quant_params *quant_params, const cmsis_nn_dims *input_dims, const int16_t *input_data, const cmsis_nn_dims *filter_dims, const int8_t *filter_data, const cmsis_nn_dims *bias_dims, const cmsis_nn_bias_data *bias_data, const cmsis_nn_dims *output_dims, int16_t *output_data);
arm_cmsis_nn_status arm_convolve_s16_fast_small_kernel(const cmsis_nn_context *ctx, const cmsis_nn_conv_params *conv_params, const cmsis_nn_per_channel_quant_params *quant_params, const cmsis_nn_dims *input_dims, const int16_t *input_data, const cmsis_nn_dims *filter_dims, const int8_t *filter_data, const cmsis_nn_dims *bias_dims, const cmsis_nn_bias_data *bias_data, const cmsis_nn_dims *output_dims, int16_t *output_data);
arm_cmsis_nn_status arm_convolve_s16_group_ch_mult_1(const cmsis_nn_context *ctx, const cmsis_nn_conv_params *conv_params, const cmsis_nn_per_channel_quant_params *quant_params, const cmsis_nn_dims *input_dims, const int16_t *input_data, const cmsis_nn_dims *filter_dims, const int8_t *filter_data, const cmsis_nn_dims *bias_dims, const cmsis_nn_bias_data *bias_data, const cmsis_nn_dims *output_dims, int16_t *output_data);

/* @kiln-depthwise-s16 */

/**
 * int16x8 depthwise convolution (TFLite DEPTHWISE_CONV_2D, int16 activations, int8 weights): the
 * geometry of arm_depthwise_conv_s8 (channel multiplier, padding, stride, dilation, batches),
 * optional int64 bias, int64 accumulation, per-channel requantization, output offset, clamp to
 * the int16 activation range. Portable C on every backend (route "dw_s16_c"), no scratch: ctx may
 * be NULL. bias_data may be NULL; bias_dims is not read. Requantization: arm_nn_requantize_s64 with
 * REDUCE_MULTIPLIER(multiplier) wherever that is defined, exact (no wrap, shifts up to 30) elsewhere.
 * An empty output (batches, height, width or channels 0) returns ARM_CMSIS_NN_SUCCESS, writing
 * nothing and reading no data (data pointers may then be NULL).
 * @return ARM_CMSIS_NN_ARG_ERROR (writing nothing) for the geometry errors of
 *         arm_depthwise_conv_s8 (NULL structs, negative dims, out c != in c * ch_mult, stride or
 *         dilation < 1, negative padding, an output size TFLite cannot produce, a window past 16384
 *         taps, tensors past 2^31 elements), NULL data pointers, a negative multiplier, a shift
 *         outside [-31, 30], input_offset != 0, |output_offset| > 65535 or an activation range
 *         outside int16; else ARM_CMSIS_NN_SUCCESS.
 */
arm_cmsis_nn_status arm_depthwise_conv_s16(const cmsis_nn_context *ctx,
                                           const cmsis_nn_dw_conv_params *dw_conv_params,
                                           const cmsis_nn_per_channel_quant_params *quant_params,
                                           const cmsis_nn_dims *input_dims,
                                           const int16_t *input_data,
                                           const cmsis_nn_dims *filter_dims,
                                           const int8_t *filter_data,
                                           const cmsis_nn_dims *bias_dims,
                                           const int64_t *bias_data,
                                           const cmsis_nn_dims *output_dims,
                                           int16_t *output_data);

/** As arm_depthwise_conv_s16; the wrapper and the fast entry give the same results. The fast entry
 *  accepts every call arm_depthwise_conv_s16 accepts (any ch_mult, dilation; upstream: ch_mult 1). */
arm_cmsis_nn_status arm_depthwise_conv_wrapper_s16(const cmsis_nn_context *ctx,
                                                   const cmsis_nn_dw_conv_params *dw_conv_params,
                                                   const cmsis_nn_per_channel_quant_params *quant_params,
                                                   const cmsis_nn_dims *input_dims,
                                                   const int16_t *input_data,
                                                   const cmsis_nn_dims *filter_dims,
                                                   const int8_t *filter_data,
                                                   const cmsis_nn_dims *bias_dims,
                                                   const int64_t *bias_data,
                                                   const cmsis_nn_dims *output_dims,
                                                   int16_t *output_data);
arm_cmsis_nn_status arm_depthwise_conv_fast_s16(const cmsis_nn_context *ctx,
                                                const cmsis_nn_dw_conv_params *dw_conv_params,
                                                const cmsis_nn_per_channel_quant_params *quant_params,
                                                const cmsis_nn_dims *input_dims,
                                                const int16_t *input_data,
                                                const cmsis_nn_dims *filter_dims,
                                                const int8_t *filter_data,
                                                const cmsis_nn_dims *bias_dims,
                                                const int64_t *bias_data,
                                                const cmsis_nn_dims *output_dims,
                                                int16_t *output_data);

/** Scratch bytes of the int16 depthwise entries (this build's backend; _dsp / _mve for that
 *  backend on any build): 0 on every backend (also for an empty output); -1 for invalid geometry.
 *  arm_depthwise_conv_fast_s16_get_buffer_size: 0, or -1 for NULL, negative dims, a filter height
 *  or width < 1 or a filter c that is not a multiple of input c. */
int32_t arm_depthwise_conv_wrapper_s16_get_buffer_size(const cmsis_nn_dw_conv_params *dw_conv_params,
                                                       const cmsis_nn_dims *input_dims,
                                                       const cmsis_nn_dims *filter_dims,
                                                       const cmsis_nn_dims *output_dims);
int32_t arm_depthwise_conv_wrapper_s16_get_buffer_size_dsp(const cmsis_nn_dw_conv_params *dw_conv_params,
                                                           const cmsis_nn_dims *input_dims,
                                                           const cmsis_nn_dims *filter_dims,
                                                           const cmsis_nn_dims *output_dims);
int32_t arm_depthwise_conv_wrapper_s16_get_buffer_size_mve(const cmsis_nn_dw_conv_params *dw_conv_params,
                                                           const cmsis_nn_dims *input_dims,
                                                           const cmsis_nn_dims *filter_dims,
                                                           const cmsis_nn_dims *output_dims);
int32_t arm_depthwise_conv_fast_s16_get_buffer_size(const cmsis_nn_dims *input_dims, const cmsis_nn_dims *filter_dims);

/* =============================================================================================
 * Fully connected, batch matmul (int8)
 * ========================================================================================== */

/* @kiln-fc */

/**
 * int8 fully connected (TFLite FULLY_CONNECTED), per-tensor requantization. For each batch b and
 * output channel r:
 *   acc = bias[r] + sum_k (filter[r][k] + filter_offset) * (input[b][k] + input_offset)
 *   out[b][r] = clamp(requantize(acc, multiplier, shift) + output_offset, act.min, act.max)
 * Shapes: input_dims->n batches of cols = input h * w * c values; filter_dims->n = cols and
 * filter_dims->c = output_dims->c = output channels; output_dims->n = batches. bias_dims and the
 * filter/output h, w are not read; bias_data may be NULL.
 * Context: ctx->buf must hold arm_fully_connected_s8_get_buffer_size(filter_dims) bytes
 * (4-byte aligned). MVE route "mve_ksum_cache": the buffer holds the layer's kernel sums plus a
 * seal; the function recomputes them whenever the seal does not match this layer (so a buffer left
 * unfilled, filled by arm_vector_sum_s8, or reused by another layer is always correct) and reuses
 * them otherwise -- keep one buffer per layer to skip the recomputation. DSP and C: no buffer.
 * @return ARM_CMSIS_NN_ARG_ERROR (nothing written) for NULL pointers, negative or inconsistent
 *         dims, sizes past INT32_MAX, offsets outside [-32639, 32639], a negative multiplier, a
 *         shift outside [-31, 30], an invalid activation range, or a context that cannot hold the
 *         route's bytes (NULL buffer, stated size too small, misaligned).
 */
arm_cmsis_nn_status arm_fully_connected_s8(const cmsis_nn_context *ctx,
                                           const cmsis_nn_fc_params *fc_params,
                                           const cmsis_nn_per_tensor_quant_params *quant_params,
                                           const cmsis_nn_dims *input_dims,
                                           const int8_t *input_data,
                                           const cmsis_nn_dims *filter_dims,
                                           const int8_t *filter_data,
                                           const cmsis_nn_dims *bias_dims,
                                           const int32_t *bias_data,
                                           const cmsis_nn_dims *output_dims,
                                           int8_t *output_data);

/**
 * int8 fully connected with per-output-channel requantization (quant_params->multiplier[r],
 * ->shift[r], output_dims->c entries, each validated). Otherwise as arm_fully_connected_s8.
 */
arm_cmsis_nn_status arm_fully_connected_per_channel_s8(const cmsis_nn_context *ctx,
                                                       const cmsis_nn_fc_params *fc_params,
                                                       const cmsis_nn_per_channel_quant_params *quant_params,
                                                       const cmsis_nn_dims *input_dims,
                                                       const int8_t *input_data,
                                                       const cmsis_nn_dims *filter_dims,
                                                       const int8_t *filter_data,
                                                       const cmsis_nn_dims *bias_dims,
                                                       const int32_t *bias_data,
                                                       const cmsis_nn_dims *output_dims,
                                                       int8_t *output_data);

/**
 * int8 fully connected: arm_fully_connected_per_channel_s8 when quant_params->is_per_channel is
 * non-zero, else arm_fully_connected_s8 with multiplier[0] / shift[0]. Same context.
 */
arm_cmsis_nn_status arm_fully_connected_wrapper_s8(const cmsis_nn_context *ctx,
                                                   const cmsis_nn_fc_params *fc_params,
                                                   const cmsis_nn_quant_params *quant_params,
                                                   const cmsis_nn_dims *input_dims,
                                                   const int8_t *input_data,
                                                   const cmsis_nn_dims *filter_dims,
                                                   const int8_t *filter_data,
                                                   const cmsis_nn_dims *bias_dims,
                                                   const int32_t *bias_data,
                                                   const cmsis_nn_dims *output_dims,
                                                   int8_t *output_data);

/**
 * Bytes of ctx->buf for arm_fully_connected_s8 / _per_channel_s8 / _wrapper_s8 on this build:
 * MVE filter_dims->c * 4 + 16 (kernel sums + seal), DSP and C 0. The _dsp / _mve variants answer
 * for that backend on any build. -1 for NULL, negative filter_dims->n / ->c or past INT32_MAX.
 */
int32_t arm_fully_connected_s8_get_buffer_size(const cmsis_nn_dims *filter_dims);
int32_t arm_fully_connected_s8_get_buffer_size_dsp(const cmsis_nn_dims *filter_dims);
int32_t arm_fully_connected_s8_get_buffer_size_mve(const cmsis_nn_dims *filter_dims);

/**
 * int16 fully connected (TFLite FULLY_CONNECTED, int16x8 quantization): int16 input, int8 weights,
 * optional int64 bias (NULL: none):
 *   out[b][r] = clamp(R(sum_k in[b][k] * w[r][k] + bias[r]) + fc_params->output_offset,
 *                     activation.min, activation.max)
 * R: the int64 MultiplyByQuantizedMultiplier of arm_nn_requantize_s64 with the reduced multiplier
 * REDUCE_MULTIPLIER(quant_params->multiplier): round(acc * rm / 2^(15 - shift)), ties up; Kiln
 * computes it exactly for every int64 accumulator and shift (CMSIS-NN's int32 intermediate wraps
 * where TFLite forbids). The dims follow arm_fully_connected_s8 (batches input_dims->n, input
 * h * w * c = accumulation depth filter_dims->n, output channels output_dims->c = filter_dims->c,
 * output_dims->n = batches; bias_dims, filter and output h / w not read). Portable C on every
 * backend, no scratch: ctx is not read (may be NULL).
 * @return ARM_CMSIS_NN_ARG_ERROR (writing nothing) for NULL pointers (bias excepted), negative or
 *         inconsistent dims, element counts past INT32_MAX, a nonzero input_offset or
 *         filter_offset (int16 quantization is symmetric; TFLite passes 0), output_offset outside
 *         [-65535, 65535], a negative multiplier, a shift outside [-31, 30], or activation limits
 *         outside [-32768, 32767] or min > max; else ARM_CMSIS_NN_SUCCESS (an empty output
 *         writes nothing).
 */
arm_cmsis_nn_status arm_fully_connected_s16(const cmsis_nn_context *ctx,
                                            const cmsis_nn_fc_params *fc_params,
                                            const cmsis_nn_per_tensor_quant_params *quant_params,
                                            const cmsis_nn_dims *input_dims,
                                            const int16_t *input_data,
                                            const cmsis_nn_dims *filter_dims,
                                            const int8_t *filter_data,
                                            const cmsis_nn_dims *bias_dims,
                                            const int64_t *bias_data,
                                            const cmsis_nn_dims *output_dims,
                                            int16_t *output_data);

/** Context bytes of arm_fully_connected_s16: 0 on every backend (route "fc_s16_c"); -1 for NULL or
 *  a negative filter_dims->n / ->c. The _dsp / _mve variants answer for that backend on any build. */
int32_t arm_fully_connected_s16_get_buffer_size(const cmsis_nn_dims *filter_dims);
int32_t arm_fully_connected_s16_get_buffer_size_dsp(const cmsis_nn_dims *filter_dims);
int32_t arm_fully_connected_s16_get_buffer_size_mve(const cmsis_nn_dims *filter_dims);

/**
 * ns-cmsis-nn int16x8 FULLY_CONNECTED with per-channel requantization (multiplier[r] / shift[r] for output row
 * r; the kernel argument is the filter) and the wrapper that takes either form (quant_params->is_per_channel:
 * per-channel arrays, else multiplier[0] / shift[0]). The arithmetic, layout, checks and errors of
 * arm_fully_connected_s16 (one body, portable C on every backend); the per-channel arrays must hold output_dims->c
 * valid entries. Their size queries answer 0 (route "fc_s16_c", no context) on every backend.
 */
arm_cmsis_nn_status arm_fully_connected_per_channel_s16(const cmsis_nn_context *ctx, const cmsis_nn_fc_params *fc_params, const cmsis_nn_per_channel_quant_params *quant_params, const cmsis_nn_dims *input_dims, const int16_t *input_data, const cmsis_nn_dims *filter_dims, const int8_t *kernel, const cmsis_nn_dims *bias_dims, const int64_t *bias_data, const cmsis_nn_dims *output_dims, int16_t *output_data);
arm_cmsis_nn_status arm_fully_connected_wrapper_s16(const cmsis_nn_context *ctx, const cmsis_nn_fc_params *fc_params, const cmsis_nn_quant_params *quant_params, const cmsis_nn_dims *input_dims, const int16_t *input_data, const cmsis_nn_dims *filter_dims, const int8_t *filter_data, const cmsis_nn_dims *bias_dims, const int64_t *bias_data, const cmsis_nn_dims *output_dims, int16_t *output_data);
int32_t arm_fully_connected_per_channel_s16_get_buffer_size(const cmsis_nn_dims *filter_dims);
int32_t arm_fully_connected_per_channel_s16_get_buffer_size_dsp(const cmsis_nn_dims *filter_dims);
int32_t arm_fully_connected_per_channel_s16_get_buffer_size_mve(const cmsis_nn_dims *filter_dims);

/**
 * Kernel sums of an int8 matrix (vector_rows rows of vector_cols), on every backend:
 *   vector_sum_buf[r] = bias_data[r] + lhs_offset * (sum_k m[r][k] + vector_cols * rhs_offset)
 * (bias_data may be NULL). The input of the Helium support kernels (kernel_sum).
 * @return ARM_CMSIS_NN_ARG_ERROR for NULL buffers with rows/cols > 0, negative counts or
 *         rows * cols past INT32_MAX.
 */
arm_cmsis_nn_status arm_vector_sum_s8(int32_t *vector_sum_buf,
                                      const int32_t vector_cols,
                                      const int32_t vector_rows,
                                      const int8_t *vector_data,
                                      const int32_t lhs_offset,
                                      const int32_t rhs_offset,
                                      const int32_t *bias_data);

/** As arm_vector_sum_s8 with int64 sums and bias and no rhs offset:
 *  vector_sum_buf[r] = bias_data[r] + lhs_offset * sum_k m[r][k]. */
arm_cmsis_nn_status arm_vector_sum_s8_s64(int64_t *vector_sum_buf,
                                          const int32_t vector_cols,
                                          const int32_t vector_rows,
                                          const int8_t *vector_data,
                                          const int32_t lhs_offset,
                                          const int64_t *bias_data);

/* @kiln-bmm */

/**
 * int8 batch matrix multiply (TFLite BATCH_MATMUL) on operands laid out as CMSIS-NN takes them:
 * lhs [B_l, H_l, M, K] in input_lhs_dims (n, h, w, c) and the TRANSPOSED rhs [B_r, H_r, N, K] in
 * input_rhs_dims; output [B, H, M, N] in output_dims. adj_x / adj_y describe the TFLite graph and
 * are not read: the caller transposes operands into this layout (as TFLite Micro does). Batch and
 * height broadcast TFLite's way (equal, or one side 1; output = the larger).
 *   out = clamp(requantize(sum_k (lhs[m][k] + fc_params.input_offset) *
 *                                (rhs[n][k] + fc_params.filter_offset), multiplier, shift)
 *               + fc_params.output_offset, act.min, act.max)
 * Context: arm_batch_matmul_s8_get_buffer_size(input_rhs_dims) bytes, 4-byte aligned (MVE: N
 * int32 kernel sums, computed here for each rhs matrix; DSP / C: none).
 * @return ARM_CMSIS_NN_ARG_ERROR (nothing written) for NULL pointers, negative or inconsistent
 *         dims (K mismatch, output not the broadcast shape), tensors past INT32_MAX elements,
 *         offsets outside [-32639, 32639], a negative multiplier, a shift outside [-31, 30], an
 *         invalid activation range, or a context that cannot hold the route's bytes.
 */
arm_cmsis_nn_status arm_batch_matmul_s8(const cmsis_nn_context *ctx,
                                        const cmsis_nn_bmm_params *bmm_params,
                                        const cmsis_nn_per_tensor_quant_params *quant_params,
                                        const cmsis_nn_dims *input_lhs_dims,
                                        const int8_t *input_lhs,
                                        const cmsis_nn_dims *input_rhs_dims,
                                        const int8_t *input_rhs,
                                        const cmsis_nn_dims *output_dims,
                                        int8_t *output);

/**
 * Bytes of ctx->buf for arm_batch_matmul_s8: MVE input_rhs_dims->w * 4, DSP and C 0 (_dsp / _mve
 * answer for that backend on any build). -1 for NULL, negative ->w / ->c or past INT32_MAX.
 */
int32_t arm_batch_matmul_s8_get_buffer_size(const cmsis_nn_dims *input_rhs_dims);
int32_t arm_batch_matmul_s8_get_buffer_size_dsp(const cmsis_nn_dims *input_rhs_dims);
int32_t arm_batch_matmul_s8_get_buffer_size_mve(const cmsis_nn_dims *input_rhs_dims);

/**
 * int16 batch matrix multiplication (TFLite BATCH_MATMUL, int16x16): the operand layout, batch /
 * height broadcast and (unread) adj_x / adj_y of arm_batch_matmul_s8 on int16 operands:
 *   out[b][h][m][n] = clamp(R(sum_k lhs[m][k] * rhs[n][k]) + fc_params.output_offset,
 *                           activation.min, activation.max)
 * with int64 sums and R as for arm_fully_connected_s16. Portable C on every backend, no scratch:
 * ctx is not read (may be NULL).
 * @return ARM_CMSIS_NN_ARG_ERROR (writing nothing) for NULL pointers, negative or inconsistent dims
 *         (K mismatch, output not the broadcast shape), a tensor past INT32_MAX elements, a nonzero
 *         input_offset or filter_offset, output_offset outside [-65535, 65535], a negative
 *         multiplier, a shift outside [-31, 30], or activation limits outside [-32768, 32767] or
 *         min > max; else ARM_CMSIS_NN_SUCCESS (an empty output writes nothing).
 */
arm_cmsis_nn_status arm_batch_matmul_s16(const cmsis_nn_context *ctx,
                                         const cmsis_nn_bmm_params *bmm_params,
                                         const cmsis_nn_per_tensor_quant_params *quant_params,
                                         const cmsis_nn_dims *input_lhs_dims,
                                         const int16_t *input_lhs,
                                         const cmsis_nn_dims *input_rhs_dims,
                                         const int16_t *input_rhs,
                                         const cmsis_nn_dims *output_dims,
                                         int16_t *output);

/* =============================================================================================
 * Pooling (int8)
 * ========================================================================================== */

/* @kiln-pool */

/**
 * int8 average pooling (TFLite AVERAGE_POOL_2D), NHWC, batches = input_dims->n:
 *   out = clamp(round(sum of the window's in-bounds taps / number of in-bounds taps),
 *               activation.min, activation.max)
 * rounded to nearest with ties away from zero (TFLite's integer reference); padding taps are not
 * counted. Window of output (y, x): rows y*stride.h - padding.h + [0, filter_dims->h), likewise
 * columns. Reads input_dims n/h/w/c, filter_dims h/w, output_dims h/w/c only.
 * Routes: int16 running sums for windows up to 256 taps (DSP: SXTAB16, MVE: VADD.I16), int32
 * beyond; portable C otherwise. No route uses scratch: ctx may be NULL and is not read.
 * @return ARM_CMSIS_NN_ARG_ERROR (output untouched) for NULL pointers, negative dims,
 *         output_dims->c != input_dims->c, non-positive filter or stride, negative padding, a
 *         window with no in-bounds tap, windows over 2^24 taps, activation limits outside
 *         [-128, 127] or min > max, tensors over INT32_MAX elements or window coordinates past
 *         INT32_MAX; else ARM_CMSIS_NN_SUCCESS. Input and output must not overlap.
 */
arm_cmsis_nn_status arm_avgpool_s8(const cmsis_nn_context *ctx,
                                   const cmsis_nn_pool_params *pool_params,
                                   const cmsis_nn_dims *input_dims,
                                   const int8_t *input_data,
                                   const cmsis_nn_dims *filter_dims,
                                   const cmsis_nn_dims *output_dims,
                                   int8_t *output_data);

/**
 * Scratch bytes of arm_avgpool_s8 on this build's backend: 0 on every backend (Kiln keeps the
 * window sums in registers; CMSIS-NN's DSP path needs ch_src * 4). -1 for a negative argument.
 * The _dsp / _mve variants answer for that backend on any build.
 */
int32_t arm_avgpool_s8_get_buffer_size(const int dim_dst_width, const int ch_src);
int32_t arm_avgpool_s8_get_buffer_size_dsp(const int dim_dst_width, const int ch_src);
int32_t arm_avgpool_s8_get_buffer_size_mve(const int dim_dst_width, const int ch_src);

/**
 * int8 max pooling (TFLite MAX_POOL_2D), same geometry as arm_avgpool_s8:
 *   out = clamp(max of the window's in-bounds taps, activation.min, activation.max)
 * A window entirely in the padding yields clamp(-128) (TFLite's behavior). ctx is not read.
 * @return ARM_CMSIS_NN_ARG_ERROR (output untouched) for the argument errors of arm_avgpool_s8
 *         except the empty-window rule; else ARM_CMSIS_NN_SUCCESS.
 */
arm_cmsis_nn_status arm_max_pool_s8(const cmsis_nn_context *ctx,
                                    const cmsis_nn_pool_params *pool_params,
                                    const cmsis_nn_dims *input_dims,
                                    const int8_t *input_data,
                                    const cmsis_nn_dims *filter_dims,
                                    const cmsis_nn_dims *output_dims,
                                    int8_t *output_data);

/**
 * int16 average pooling (TFLite AVERAGE_POOL_2D, int16x8 quantization): the geometry, rounding
 * (ties away from zero, padding taps not counted) and NHWC layout of arm_avgpool_s8, on int16 data
 * with int32 window sums. Portable C on every backend; no scratch: ctx may be NULL and is not read.
 * @return ARM_CMSIS_NN_ARG_ERROR (output untouched) for the argument errors of arm_avgpool_s8, with
 *         windows over 65535 taps and activation limits outside [-32768, 32767] instead; else
 *         ARM_CMSIS_NN_SUCCESS. Input and output must not overlap.
 */
arm_cmsis_nn_status arm_avgpool_s16(const cmsis_nn_context *ctx,
                                    const cmsis_nn_pool_params *pool_params,
                                    const cmsis_nn_dims *input_dims,
                                    const int16_t *input_data,
                                    const cmsis_nn_dims *filter_dims,
                                    const cmsis_nn_dims *output_dims,
                                    int16_t *output_data);

/**
 * Scratch bytes of arm_avgpool_s16: 0 on every backend (CMSIS-NN's DSP / Helium paths need
 * ch_src * 4). -1 for a negative argument. The _dsp / _mve variants answer for that backend on
 * any build.
 */
int32_t arm_avgpool_s16_get_buffer_size(const int dim_dst_width, const int ch_src);
int32_t arm_avgpool_s16_get_buffer_size_dsp(const int dim_dst_width, const int ch_src);
int32_t arm_avgpool_s16_get_buffer_size_mve(const int dim_dst_width, const int ch_src);

/**
 * int16 max pooling (TFLite MAX_POOL_2D), the geometry of arm_avgpool_s8 on int16 data: out =
 * clamp(max of the window's in-bounds taps, activation.min, activation.max); a window entirely in
 * the padding yields clamp(-32768). Portable C on every backend; ctx is not read.
 * @return ARM_CMSIS_NN_ARG_ERROR (output untouched) for the argument errors of arm_max_pool_s8 with
 *         activation limits outside [-32768, 32767]; else ARM_CMSIS_NN_SUCCESS.
 */
arm_cmsis_nn_status arm_max_pool_s16(const cmsis_nn_context *ctx,
                                     const cmsis_nn_pool_params *pool_params,
                                     const cmsis_nn_dims *input_dims,
                                     const int16_t *src,
                                     const cmsis_nn_dims *filter_dims,
                                     const cmsis_nn_dims *output_dims,
                                     int16_t *dst);

/* =============================================================================================
 * int4 weights, SVDF, transposed convolution, LSTM
 * ========================================================================================== */

/* @kiln-conv-s4 */

/**
 * int8 convolution with int4 weights (TFLite CONV_2D int8 per-channel with 4-bit filters).
 * Filter [out_c][filter_h][filter_w][filter_c] flattened in that order and packed continuously:
 * weight k is byte k / 2, lower nibble for even k, upper for odd k (signed, -8..7); a channel may
 * start mid-byte; an odd total leaves the last byte's upper nibble unused (never read). The filter
 * is ceil(total / 2) bytes. Otherwise the semantics of arm_convolve_s8: input offset in [-127, 128],
 * per-channel requantization (multiplier >= 0, shift in [-31, 30]), output offset in [-128, 127],
 * clamp; stride, padding, dilation, batches and grouped convolution (filter_c divides in_c, the group
 * count divides out_c). bias_data may be NULL; bias_dims, filter_dims->n and output_dims->n are not read.
 * Accepted shapes per entry (the rules of the int8 counterparts):
 *  - arm_convolve_wrapper_s4, arm_convolve_s4: every valid shape.
 *  - arm_convolve_even_s4: filter_h * filter_w * filter_c even.
 *  - arm_convolve_1x1_s4: 1x1 filter, no padding, every output pixel on an input pixel.
 *  - arm_convolve_1x1_s4_fast: as arm_convolve_1x1_s4 with stride 1.
 *  - arm_convolve_1_x_n_s4: filter_h 1, dilation.w 1 (or filter_w 1), one group.
 * Every argument is validated before memory is touched; ARM_CMSIS_NN_ARG_ERROR writes nothing. An
 * empty output (batches, output h / w or out_c 0, consistent with the arithmetic) is a success that
 * writes nothing. Portable C on every backend, reading input and packed filter in place: every size
 * query (including _dsp / _mve, answerable on any build) returns 0 for valid arguments, -1 for
 * invalid ones; ctx may then be NULL. One plan (Internal/kiln_conv_s4.h) serves entries and queries.
 */
arm_cmsis_nn_status arm_convolve_wrapper_s4(const cmsis_nn_context *ctx,
                                            const cmsis_nn_conv_params *conv_params,
                                            const cmsis_nn_per_channel_quant_params *quant_params,
                                            const cmsis_nn_dims *input_dims,
                                            const int8_t *input_data,
                                            const cmsis_nn_dims *filter_dims,
                                            const int8_t *filter_data,
                                            const cmsis_nn_dims *bias_dims,
                                            const int32_t *bias_data,
                                            const cmsis_nn_dims *output_dims,
                                            int8_t *output_data);
int32_t arm_convolve_wrapper_s4_get_buffer_size(const cmsis_nn_conv_params *conv_params,
                                                const cmsis_nn_dims *input_dims,
                                                const cmsis_nn_dims *filter_dims,
                                                const cmsis_nn_dims *output_dims);
int32_t arm_convolve_wrapper_s4_get_buffer_size_dsp(const cmsis_nn_conv_params *conv_params,
                                                    const cmsis_nn_dims *input_dims,
                                                    const cmsis_nn_dims *filter_dims,
                                                    const cmsis_nn_dims *output_dims);
int32_t arm_convolve_wrapper_s4_get_buffer_size_mve(const cmsis_nn_conv_params *conv_params,
                                                    const cmsis_nn_dims *input_dims,
                                                    const cmsis_nn_dims *filter_dims,
                                                    const cmsis_nn_dims *output_dims);
arm_cmsis_nn_status arm_convolve_s4(const cmsis_nn_context *ctx,
                                    const cmsis_nn_conv_params *conv_params,
                                    const cmsis_nn_per_channel_quant_params *quant_params,
                                    const cmsis_nn_dims *input_dims,
                                    const int8_t *input_data,
                                    const cmsis_nn_dims *filter_dims,
                                    const int8_t *filter_data,
                                    const cmsis_nn_dims *bias_dims,
                                    const int32_t *bias_data,
                                    const cmsis_nn_dims *output_dims,
                                    int8_t *output_data);
arm_cmsis_nn_status arm_convolve_even_s4(const cmsis_nn_context *ctx,
                                         const cmsis_nn_conv_params *conv_params,
                                         const cmsis_nn_per_channel_quant_params *quant_params,
                                         const cmsis_nn_dims *input_dims,
                                         const int8_t *input_data,
                                         const cmsis_nn_dims *filter_dims,
                                         const int8_t *filter_data,
                                         const cmsis_nn_dims *bias_dims,
                                         const int32_t *bias_data,
                                         const cmsis_nn_dims *output_dims,
                                         int8_t *output_data);
int32_t arm_convolve_s4_get_buffer_size(const cmsis_nn_dims *input_dims,
                                        const cmsis_nn_dims *filter_dims);
arm_cmsis_nn_status arm_convolve_1x1_s4(const cmsis_nn_context *ctx,
                                        const cmsis_nn_conv_params *conv_params,
                                        const cmsis_nn_per_channel_quant_params *quant_params,
                                        const cmsis_nn_dims *input_dims,
                                        const int8_t *input_data,
                                        const cmsis_nn_dims *filter_dims,
                                        const int8_t *filter_data,
                                        const cmsis_nn_dims *bias_dims,
                                        const int32_t *bias_data,
                                        const cmsis_nn_dims *output_dims,
                                        int8_t *output_data);
arm_cmsis_nn_status arm_convolve_1x1_s4_fast(const cmsis_nn_context *ctx,
                                             const cmsis_nn_conv_params *conv_params,
                                             const cmsis_nn_per_channel_quant_params *quant_params,
                                             const cmsis_nn_dims *input_dims,
                                             const int8_t *input_data,
                                             const cmsis_nn_dims *filter_dims,
                                             const int8_t *filter_data,
                                             const cmsis_nn_dims *bias_dims,
                                             const int32_t *bias_data,
                                             const cmsis_nn_dims *output_dims,
                                             int8_t *output_data);
int32_t arm_convolve_1x1_s4_fast_get_buffer_size(const cmsis_nn_dims *input_dims);
arm_cmsis_nn_status arm_convolve_1_x_n_s4(const cmsis_nn_context *ctx,
                                          const cmsis_nn_conv_params *conv_params,
                                          const cmsis_nn_per_channel_quant_params *quant_params,
                                          const cmsis_nn_dims *input_dims,
                                          const int8_t *input_data,
                                          const cmsis_nn_dims *filter_dims,
                                          const int8_t *filter_data,
                                          const cmsis_nn_dims *bias_dims,
                                          const int32_t *bias_data,
                                          const cmsis_nn_dims *output_dims,
                                          int8_t *output_data);
int32_t arm_convolve_1_x_n_s4_get_buffer_size(const cmsis_nn_conv_params *conv_params,
                                              const cmsis_nn_dims *input_dims,
                                              const cmsis_nn_dims *filter_dims,
                                              const cmsis_nn_dims *output_dims);

/* @kiln-dw-s4 */

/**
 * int8 depthwise convolution and fully connected with int4 weights: the semantics, geometry and
 * validation of arm_depthwise_conv_s8 / arm_depthwise_conv_wrapper_s8 and (per-tensor)
 * arm_fully_connected_s8, with the filter packed two signed 4-bit weights per byte over the whole
 * tensor in the order of the int8 filter: weight e is the low nibble of byte e / 2 for even e, the
 * high nibble for odd e; an odd count leaves the last high nibble unused.
 * Depthwise: filter [1, H, W, C_OUT] (e = (ky * W + kx) * C_OUT + c, so with an odd C_OUT a tap's
 * channels may start mid-byte), ceil(H * W * C_OUT / 2) bytes; any channel multiplier, stride,
 * padding, dilation and batch count. arm_depthwise_conv_s4_opt requires ch_mult 1. One plan
 * (route "dw_s4_c", portable C on every backend) needs no scratch: every size query returns 0 for
 * valid dims (-1 for invalid ones) and ctx may be NULL. An empty output returns
 * ARM_CMSIS_NN_SUCCESS without touching memory.
 * Fully connected: matrix [rows = output_dims->c][cols = filter_dims->n] row-major (row r starts at
 * weight r * cols, mid-byte for odd cols and r), ceil(rows * cols / 2) bytes; out = clamp(requant(
 * bias + sum (w + filter_offset) * (x + input_offset)) + output_offset) per batch (TFLite passes
 * filter_offset 0 for int4); route "fc_s4_c" of the fully connected plan, no context bytes.
 * ARM_CMSIS_NN_ARG_ERROR (writing nothing) for NULL pointers, inconsistent dims, sizes past int32,
 * offsets, activation or requantization parameters outside the int8 entries' ranges.
 */
arm_cmsis_nn_status arm_depthwise_conv_wrapper_s4(const cmsis_nn_context *ctx,
                                                  const cmsis_nn_dw_conv_params *dw_conv_params,
                                                  const cmsis_nn_per_channel_quant_params *quant_params,
                                                  const cmsis_nn_dims *input_dims,
                                                  const int8_t *input_data,
                                                  const cmsis_nn_dims *filter_dims,
                                                  const int8_t *filter_data,
                                                  const cmsis_nn_dims *bias_dims,
                                                  const int32_t *bias_data,
                                                  const cmsis_nn_dims *output_dims,
                                                  int8_t *output_data);
int32_t arm_depthwise_conv_wrapper_s4_get_buffer_size(const cmsis_nn_dw_conv_params *dw_conv_params,
                                                      const cmsis_nn_dims *input_dims,
                                                      const cmsis_nn_dims *filter_dims,
                                                      const cmsis_nn_dims *output_dims);
int32_t arm_depthwise_conv_wrapper_s4_get_buffer_size_dsp(const cmsis_nn_dw_conv_params *dw_conv_params,
                                                          const cmsis_nn_dims *input_dims,
                                                          const cmsis_nn_dims *filter_dims,
                                                          const cmsis_nn_dims *output_dims);
int32_t arm_depthwise_conv_wrapper_s4_get_buffer_size_mve(const cmsis_nn_dw_conv_params *dw_conv_params,
                                                          const cmsis_nn_dims *input_dims,
                                                          const cmsis_nn_dims *filter_dims,
                                                          const cmsis_nn_dims *output_dims);
arm_cmsis_nn_status arm_depthwise_conv_s4(const cmsis_nn_context *ctx,
                                          const cmsis_nn_dw_conv_params *dw_conv_params,
                                          const cmsis_nn_per_channel_quant_params *quant_params,
                                          const cmsis_nn_dims *input_dims,
                                          const int8_t *input,
                                          const cmsis_nn_dims *filter_dims,
                                          const int8_t *kernel,
                                          const cmsis_nn_dims *bias_dims,
                                          const int32_t *bias,
                                          const cmsis_nn_dims *output_dims,
                                          int8_t *output);
arm_cmsis_nn_status arm_depthwise_conv_s4_opt(const cmsis_nn_context *ctx,
                                              const cmsis_nn_dw_conv_params *dw_conv_params,
                                              const cmsis_nn_per_channel_quant_params *quant_params,
                                              const cmsis_nn_dims *input_dims,
                                              const int8_t *input_data,
                                              const cmsis_nn_dims *filter_dims,
                                              const int8_t *filter_data,
                                              const cmsis_nn_dims *bias_dims,
                                              const int32_t *bias_data,
                                              const cmsis_nn_dims *output_dims,
                                              int8_t *output_data);
int32_t arm_depthwise_conv_s4_opt_get_buffer_size(const cmsis_nn_dims *input_dims,
                                                  const cmsis_nn_dims *filter_dims);
arm_cmsis_nn_status arm_fully_connected_s4(const cmsis_nn_context *ctx,
                                           const cmsis_nn_fc_params *fc_params,
                                           const cmsis_nn_per_tensor_quant_params *quant_params,
                                           const cmsis_nn_dims *input_dims,
                                           const int8_t *input_data,
                                           const cmsis_nn_dims *filter_dims,
                                           const int8_t *filter_data,
                                           const cmsis_nn_dims *bias_dims,
                                           const int32_t *bias_data,
                                           const cmsis_nn_dims *output_dims,
                                           int8_t *output_data);

/* @kiln-svdf */

/**
 * int8 SVDF with an int8 state (TFLite SVDF, integer reference), one time step per call. Read dims:
 * batches = input_dims->n, input_size = input_dims->h, filters = weights_feature_dims->n,
 * memory = weights_time_dims->h; units = filters / svdf_params->rank (state_dims, bias_dims,
 * output_dims are not read). input [batches][input_size], weights_feature [filters][input_size],
 * weights_time [filters][memory], state [batches][filters][memory] (updated in place), bias [units]
 * int32 or NULL, output [batches][units]. Each state row moves one step (oldest value dropped); its
 * last slot = clamp(requantize(sum (input - input_offset) * weights_feature, input_quant_params),
 * input_activation intersected with [-128, 127]) (input_offset is the input zero point); then
 * output = clamp(requantize(bias + sum over the unit's rank filters of weights_time . state row,
 * output_quant_params) + output_offset, output_activation). int32 sums wrap modulo 2^32.
 * ctx: unused, 0 bytes (arm_svdf_s8_get_buffer_size), not read. input_ctx and output_ctx
 * (upstream's scratch: batches * filters * 4 and batches * units * 4 bytes) are not used either:
 * any value is accepted, NULL included (TFLite Micro leaves their sizes unset). Portable C on
 * every backend.
 * ARM_CMSIS_NN_ARG_ERROR (writing nothing) for a NULL pointer (bias excepted), batches or
 * input_size < 0, memory < 1, rank < 1, filters < 0 or not a multiple of rank, an element count or
 * scratch byte count past INT32_MAX, a multiplier < 0, a shift outside [-31, 30], an offset outside
 * [-255, 255], an output activation not within int8, an input activation not within int16 or
 * missing [-128, 127].
 */
arm_cmsis_nn_status arm_svdf_s8(const cmsis_nn_context *ctx,
                                const cmsis_nn_context *input_ctx,
                                const cmsis_nn_context *output_ctx,
                                const cmsis_nn_svdf_params *svdf_params,
                                const cmsis_nn_per_tensor_quant_params *input_quant_params,
                                const cmsis_nn_per_tensor_quant_params *output_quant_params,
                                const cmsis_nn_dims *input_dims,
                                const int8_t *input_data,
                                const cmsis_nn_dims *state_dims,
                                int8_t *state_data,
                                const cmsis_nn_dims *weights_feature_dims,
                                const int8_t *weights_feature_data,
                                const cmsis_nn_dims *weights_time_dims,
                                const int8_t *weights_time_data,
                                const cmsis_nn_dims *bias_dims,
                                const int32_t *bias_data,
                                const cmsis_nn_dims *output_dims,
                                int8_t *output_data);

/**
 * int8 SVDF with an int16 state and int16 time weights: as arm_svdf_s8 (same dims, layouts,
 * arithmetic, scratch and checks) with state and weights_time int16, the new state value clamped to
 * input_activation (a valid int16 range), and no ctx argument.
 */
arm_cmsis_nn_status arm_svdf_state_s16_s8(const cmsis_nn_context *input_ctx,
                                          const cmsis_nn_context *output_ctx,
                                          const cmsis_nn_svdf_params *svdf_params,
                                          const cmsis_nn_per_tensor_quant_params *input_quant_params,
                                          const cmsis_nn_per_tensor_quant_params *output_quant_params,
                                          const cmsis_nn_dims *input_dims,
                                          const int8_t *input_data,
                                          const cmsis_nn_dims *state_dims,
                                          int16_t *state_data,
                                          const cmsis_nn_dims *weights_feature_dims,
                                          const int8_t *weights_feature_data,
                                          const cmsis_nn_dims *weights_time_dims,
                                          const int16_t *weights_time_data,
                                          const cmsis_nn_dims *bias_dims,
                                          const int32_t *bias_data,
                                          const cmsis_nn_dims *output_dims,
                                          int8_t *output_data);

/**
 * Bytes of ctx->buf arm_svdf_s8 needs, from the SVDF family plan (route "svdf_c" on every backend):
 * 0 for any filter_dims (weights_feature_dims) with n >= 0 (only n is read); _dsp / _mve give the
 * answer for that backend on any build (also 0). -1 for NULL or n < 0. input_ctx / output_ctx have
 * no query: see arm_svdf_s8.
 */
int32_t arm_svdf_s8_get_buffer_size(const cmsis_nn_dims *filter_dims);
int32_t arm_svdf_s8_get_buffer_size_dsp(const cmsis_nn_dims *filter_dims);
int32_t arm_svdf_s8_get_buffer_size_mve(const cmsis_nn_dims *filter_dims);

/* @kiln-transpose-conv */

/**
 * int8 transposed convolution (TFLite TRANSPOSE_CONV, int8 per-channel), bit-exact with TFLite's
 * integer reference: NHWC input [n, in_h, in_w, in_c], filter OHWI [out_c, filter_h, filter_w,
 * in_c], output [n, out_h, out_w, out_c]. Input pixel (y, x) adds (input + input_offset) * filter
 * into output (y * stride.h - padding.h + ky, x * stride.w - padding.w + kx) for every tap that
 * lands inside the output; per output channel the int32 sum plus bias (NULL: none) is requantized
 * with multiplier/shift, output_offset added and clamped to activation [min, max]. dilation and
 * bias_dims are not read (TFLite's TRANSPOSE_CONV has no dilation).
 * padding_offsets is the trailing (bottom, right) padding: TFLite's padding plus its odd offset, as
 * TFLite Micro fills it. Per axis the shape must follow TFLite's arithmetic (SAME and VALID always
 * do): in == floor((out + padding + padding_offsets - filter) / stride) + 1, with
 * out + padding + padding_offsets >= filter.
 * Portable C on every backend, one route ("direct_gather": each output computed as a gather over
 * the inputs that hit it): no scratch at all. arm_transpose_conv_s8 does not touch ctx or
 * output_ctx; the wrapper runs the same route for every shape (where upstream takes its
 * reverse-conv route, both strides <= 2 and in_c > 16, the results are the same) and touches
 * neither ctx, weight_sum_ctx nor reverse_conv_ctx (upstream API: output_ctx, the reverse-conv
 * buffer); any of them may be NULL. A stated size (> 0) below the query's answer is an error;
 * size 0 means "not stated".
 * @return ARM_CMSIS_NN_ARG_ERROR, writing nothing, for: a NULL pointer (data pointers may be NULL
 *         only for an empty tensor; bias_data may be NULL), input n != output n, filter c != in_c,
 *         filter n != out_c, a negative dim, filter h/w < 1, stride < 1, a negative padding or
 *         padding_offsets, a shape off TFLite's arithmetic, a tensor over INT32_MAX elements,
 *         input_offset outside [-127, 128], output_offset outside [-128, 127], an activation range
 *         outside int8 or min > max, a multiplier < 0 or a shift outside [-31, 30]. An empty output
 *         is ARM_CMSIS_NN_SUCCESS (nothing written); else ARM_CMSIS_NN_SUCCESS.
 */
#if KILN_UPSTREAM_API
arm_cmsis_nn_status arm_transpose_conv_wrapper_s8(const cmsis_nn_context *ctx, const cmsis_nn_context *output_ctx, const cmsis_nn_transpose_conv_params *transpose_conv_params, const cmsis_nn_per_channel_quant_params *quant_params, const cmsis_nn_dims *input_dims, const int8_t *input_data, const cmsis_nn_dims *filter_dims, const int8_t *filter_data, const cmsis_nn_dims *bias_dims, const int32_t *bias_data, const cmsis_nn_dims *output_dims, int8_t *output_data);
#else
arm_cmsis_nn_status arm_transpose_conv_wrapper_s8(const cmsis_nn_context *ctx, const cmsis_nn_context *weight_sum_ctx, const cmsis_nn_context *reverse_conv_ctx, const cmsis_nn_transpose_conv_params *transpose_conv_params, const cmsis_nn_per_channel_quant_params *quant_params, const cmsis_nn_dims *input_dims, const int8_t *input_data, const cmsis_nn_dims *filter_dims, const int8_t *filter_data, const cmsis_nn_dims *bias_dims, const int32_t *bias_data, const cmsis_nn_dims *output_dims, int8_t *output_data);
#endif
arm_cmsis_nn_status arm_transpose_conv_s8(const cmsis_nn_context *ctx,
                                          const cmsis_nn_context *output_ctx,
                                          const cmsis_nn_transpose_conv_params *transpose_conv_params,
                                          const cmsis_nn_per_channel_quant_params *quant_params,
                                          const cmsis_nn_dims *input_dims,
                                          const int8_t *input_data,
                                          const cmsis_nn_dims *filter_dims,
                                          const int8_t *filter_data,
                                          const cmsis_nn_dims *bias_dims,
                                          const int32_t *bias_data,
                                          const cmsis_nn_dims *output_dims,
                                          int8_t *output_data);
/**
 * Size queries of the transposed convolution: the exact bytes the route uses in ctx
 * (arm_transpose_conv_s8_get_buffer_size: this build's backend; _mve: the Helium backend's answer,
 * callable on any build) and in the wrapper's reverse-conv buffer
 * (arm_transpose_conv_s8_get_reverse_conv_buffer_size: needs no output dims). Kiln's single route
 * uses no buffer, so every valid query answers 0.
 * @return 0, or -1 for invalid arguments (the shape checks of arm_transpose_conv_s8; the
 *         reverse-conv query checks the input side: NULL pointers, filter c != in_c, negative dims,
 *         filter n/h/w, stride and padding out of range, input or filter over INT32_MAX elements).
 */
int32_t arm_transpose_conv_s8_get_buffer_size(const cmsis_nn_transpose_conv_params *transposed_conv_params,
                                              const cmsis_nn_dims *input_dims,
                                              const cmsis_nn_dims *filter_dims,
                                              const cmsis_nn_dims *out_dims);
int32_t arm_transpose_conv_s8_get_reverse_conv_buffer_size(const cmsis_nn_transpose_conv_params *transposed_conv_params,
                                                           const cmsis_nn_dims *input_dims,
                                                           const cmsis_nn_dims *filter_dims);
int32_t arm_transpose_conv_s8_get_buffer_size_mve(const cmsis_nn_transpose_conv_params *transposed_conv_params,
                                                  const cmsis_nn_dims *input_dims,
                                                  const cmsis_nn_dims *filter_dims,
                                                  const cmsis_nn_dims *out_dims);

/* @kiln-lstm */

/**
 * Unidirectional LSTM (TFLite UNIDIRECTIONAL_SEQUENCE_LSTM, integer, no peephole / projection /
 * layer norm), as CMSIS-NN computes it. Portable C on every backend.
 * Layout: params->time_major != 0: input [time_steps][batch_size][input_size], output
 * [time_steps][batch_size][hidden_size]; else [batch_size][time_steps][...]. s8: int8 input/output,
 * int32 effective biases; s16: int16 input/output, int64 effective biases. Weights int8, input
 * weights [hidden_size][input_size], hidden weights [hidden_size][hidden_size].
 * Per gate g (forget, input, cell and output; sigmoid or tanh as g->activation_type says: TFLite sets
 * sigmoid for forget, input and output and tanh for the cell gate), for one batch:
 *   a[r] = sat16(requant(input_effective_bias[r] + sum_k x[k] * input_weights[r][k], input_multiplier,
 *          input_shift)); when a previous hidden state h exists:
 *   a[r] = sat16(a[r] + requant(hidden_effective_bias[r] + sum_k h[k] * hidden_weights[r][k],
 *          hidden_multiplier, hidden_shift));  gate = sigmoid / tanh(a) on Q3.12 -> Q0.15
 * with input_effective_bias = bias + input_offset * row sums of the input weights and
 * hidden_effective_bias = -output_offset * row sums of the hidden weights (arm_vector_sum_s8 /
 * arm_vector_sum_s8_s64; gate->bias and params->input_offset are not read). requant is
 * arm_nn_requantize (s8, 32-bit accumulator wrapping) or the reduced-multiplier 64-bit one (s16).
 * sigmoid / tanh: TFLite's int16 LUT (sigmoid(i/24) table, linear interpolation), CMSIS-NN's
 * arm_nn_activation_s16. Then
 *   c = sat16(requant(forget * c, forget_to_cell_multiplier, forget_to_cell_shift))
 *   c = clamp(c + requant(input * cell, input_to_cell_multiplier, input_to_cell_shift), +-cell_clip)
 *       (cell_clip <= 0: the int16 range)
 *   h = clamp(requant(output * tanh_{cell_scale_power + 12}(c), output_multiplier, output_shift)
 *       + output_offset, output type range)   -- tanh input scaled by 2^(cell_scale_power + 12).
 * buffers: temp1, temp2: scratch of hidden_size int16 each (CMSIS-NN's query,
 * (time_major ? batch_size : 1) * hidden_size int16, is enough); cell_state: batch_size *
 * hidden_size int16. hidden_state NULL: the cell state is zeroed and the first step has no recurrent
 * product. hidden_state non-NULL (ns-cmsis-nn streaming): batch_size * hidden_size values of the
 * output type, the initial hidden state (the output zero point for a fresh sequence); cell_state is
 * then the caller's initial cell state (zero for a fresh sequence) and both are updated to the final
 * states on return, so a sequence split over calls gives the output of one call.
 * @return ARM_CMSIS_NN_ARG_ERROR, writing nothing, for: NULL input, output, params, buffers, temp1,
 *         temp2, cell_state, gate input weights or input effective bias, or (when time_steps > 1 or
 *         hidden_state is given) hidden weights or hidden effective bias; int16 buffers not 2-byte
 *         aligned; batch_size, time_steps, input_size or hidden_size < 1 or a tensor past INT32_MAX
 *         elements (64-bit sizes); a negative multiplier; a shift outside [-31, 30] (gate shifts of
 *         s16: [-31, 14]); an activation other than ARM_SIGMOID / ARM_TANH; cell_clip > 32767;
 *         cell_scale_power + 12 outside [-31, 14]; output_offset outside the output type. Else
 *         ARM_CMSIS_NN_SUCCESS. Input, output, states and scratch must not overlap.
 */
arm_cmsis_nn_status arm_lstm_unidirectional_s8(const int8_t *input,
                                               int8_t *output,
                                               const cmsis_nn_lstm_params *params,
                                               cmsis_nn_lstm_context *buffers);
arm_cmsis_nn_status arm_lstm_unidirectional_s16(const int16_t *input,
                                                int16_t *output,
                                                const cmsis_nn_lstm_params *params,
                                                cmsis_nn_lstm_context *buffers);

/* =============================================================================================
 * Pad and transpose (int8)
 * ========================================================================================== */

/* @kiln-movement */

/**
 * int8 constant padding (TFLite PAD / PADV2 on a 4-D NHWC tensor): the output has dims
 * input_size + pre_pad + post_pad in each of n, h, w, c; the input is copied at offset pre_pad and
 * every other element is pad_value. An empty output writes nothing; an empty input with padding
 * gives an output of pad_value only. Portable C on every backend. No scratch.
 * @return ARM_CMSIS_NN_ARG_ERROR (writing nothing) for NULL pointers, negative sizes or paddings,
 *         an output dim over INT32_MAX or an output over INT32_MAX elements (sizes in 64 bits);
 *         else ARM_CMSIS_NN_SUCCESS. Input and output must not overlap.
 */
arm_cmsis_nn_status arm_pad_s8(const int8_t *input,
                               int8_t *output,
                               const int8_t pad_value,
                               const cmsis_nn_dims *input_size,
                               const cmsis_nn_dims *pre_pad,
                               const cmsis_nn_dims *post_pad);

/**
 * int8 transpose (TFLite TRANSPOSE) of a tensor of transpose_params->num_dims (1 to 4) dimensions,
 * taken in the order n, h, w, c of input_dims / output_dims (the first num_dims of them; the rest
 * are ignored: a 3-D tensor is {n, h, w}, a matrix {n, h}): output dimension i is input dimension
 * permutations[i], and output element (i0, .., ik) is input element (j with j[perm[i]] = i_i).
 * An empty tensor writes nothing. Portable C on every backend. No scratch.
 * @return ARM_CMSIS_NN_ARG_ERROR (writing nothing) for NULL pointers (permutations included),
 *         num_dims outside [1, 4], a permutation that is not one of 0 .. num_dims - 1, negative
 *         dims, output dims that do not match the permuted input dims, or a tensor over INT32_MAX
 *         elements; else ARM_CMSIS_NN_SUCCESS. Input and output must not overlap.
 */
arm_cmsis_nn_status arm_transpose_s8(const int8_t *input_data,
                                     int8_t *const output_data,
                                     const cmsis_nn_dims *const input_dims,
                                     const cmsis_nn_dims *const output_dims,
                                     const cmsis_nn_transpose_params *const transpose_params);

/**
 * int16 twins of arm_pad_s8 and arm_transpose_s8 (ns-cmsis-nn): the same index arithmetic, argument checks and
 * return values on 16-bit elements, copied bit for bit. Portable C on every backend. No scratch.
 */
arm_cmsis_nn_status arm_pad_s16(const int16_t *input,
                                int16_t *output,
                                const int16_t pad_value,
                                const cmsis_nn_dims *input_size,
                                const cmsis_nn_dims *pre_pad,
                                const cmsis_nn_dims *post_pad);
arm_cmsis_nn_status arm_transpose_s16(const int16_t *input_data,
                                      int16_t *const output_data,
                                      const cmsis_nn_dims *const input_dims,
                                      const cmsis_nn_dims *const output_dims,
                                      const cmsis_nn_transpose_params *const transpose_params);

/* @kiln-concat-reshape: concatenation (one input at a time) and reshape */
/**
 * TFLite CONCATENATION in upstream CMSIS-NN's form: each call copies one input, [w][z][y][x] with x innermost,
 * into the output at index offset_<axis> along the axis; the output's extent along that axis is output_<axis>
 * (axis w: whatever the caller allocated), its other extents the input's. Call once per input. Bit-exact.
 * arm_reshape_s8: copies total_size elements in order (nothing when input == output; overlap allowed).
 * Portable C on every backend. These return void: a NULL pointer, offset + input extent > output extent, or a
 * span past PTRDIFF_MAX bytes writes nothing.
 */
void arm_concatenation_s8_x(const int8_t *input, const uint16_t input_x, const uint16_t input_y, const uint16_t input_z, const uint16_t input_w, int8_t *output, const uint16_t output_x, const uint32_t offset_x);
void arm_concatenation_s8_y(const int8_t *input, const uint16_t input_x, const uint16_t input_y, const uint16_t input_z, const uint16_t input_w, int8_t *output, const uint16_t output_y, const uint32_t offset_y);
void arm_concatenation_s8_z(const int8_t *input, const uint16_t input_x, const uint16_t input_y, const uint16_t input_z, const uint16_t input_w, int8_t *output, const uint16_t output_z, const uint32_t offset_z);
void arm_concatenation_s8_w(const int8_t *input, const uint16_t input_x, const uint16_t input_y, const uint16_t input_z, const uint16_t input_w, int8_t *output, const uint32_t offset_w);
void arm_reshape_s8(const int8_t *input, int8_t *output, const uint32_t total_size);

/* @kiln-nd-moves: N-dimensional data movement (ns-cmsis-nn) */
/**
 * TILE, BROADCAST_TO, MIRROR_PAD (mode 0 REFLECT, 1 SYMMETRIC), REVERSE_SEQUENCE and DYNAMIC_UPDATE_SLICE on
 * row-major tensors of rank 1..8, and SPACE_TO_DEPTH, DEPTH_TO_SPACE, SPACE_TO_BATCH_ND (pad: n top, h left,
 * w bottom, c right; padding positions hold output_offset, which must fit the type) and BATCH_TO_SPACE_ND (crop
 * packed as pad) on NHWC tensors, with TFLite's semantics; bit-exact copies, portable C on every backend.
 * Every argument is checked before anything is written (Include/Internal/kiln_nd.h lists the conditions:
 * shapes, extents consistent with the operator, ranks, counts within INT32_MAX); on a bad argument these return
 * ARM_CMSIS_NN_ARG_ERROR and leave the output untouched. Outputs must not overlap inputs, except
 * DYNAMIC_UPDATE_SLICE's output == operand (in place). DYNAMIC_UPDATE_SLICE clamps each start index to
 * [0, operand extent - update extent] and requires operand_size, update_size and operand_strides to describe the
 * dense operand and update. GATHER / GATHER_ND (ranks 1..4, extents in the dims' first fields, n, h, w, c order;
 * GATHER's axis and batch_dims may count from the end) check every index before copying; SCATTER_ND zeroes its
 * output_size elements, then copies each update slice to its flat offset (a later duplicate wins), after checking
 * every slice lies inside the output.
 */
arm_cmsis_nn_status arm_tile_s8(const int8_t *input, const cmsis_nn_tile_params *params, int8_t *output);
arm_cmsis_nn_status arm_broadcast_to_s8(const int8_t *input, const cmsis_nn_broadcast_to_params *params, int8_t *output);
arm_cmsis_nn_status arm_mirror_pad_s8(const int8_t *input, const cmsis_nn_mirror_pad_params *params, int8_t *output);
arm_cmsis_nn_status arm_reverse_sequence_s8(const int8_t *input, const int32_t *seq_lengths, const cmsis_nn_reverse_sequence_params *params, int8_t *output);
arm_cmsis_nn_status arm_dynamic_update_slice_s8(const int8_t *operand, const int8_t *update, const int32_t *start_indices, const cmsis_nn_dynamic_update_slice_params *params, int8_t *output);
arm_cmsis_nn_status arm_space_to_depth_s8(const int8_t *input_data, const cmsis_nn_dims *input_dims, const int32_t block_size, int8_t *output_data, const cmsis_nn_dims *output_dims);
arm_cmsis_nn_status arm_depth_to_space_s8(const int8_t *input_data, const cmsis_nn_dims *input_dims, const int32_t block_size, int8_t *output_data, const cmsis_nn_dims *output_dims);
arm_cmsis_nn_status arm_space_to_batch_nd_s8(const int8_t *input_data, const cmsis_nn_dims *input_dims, const cmsis_nn_tile *block_shape, const cmsis_nn_dims *pad, int8_t *output_data, const cmsis_nn_dims *output_dims, const int32_t output_offset);
arm_cmsis_nn_status arm_batch_to_space_nd_s8(const int8_t *input_data, const cmsis_nn_dims *input_dims, const cmsis_nn_tile *block_shape, const cmsis_nn_dims *crop, int8_t *output_data, const cmsis_nn_dims *output_dims);
arm_cmsis_nn_status arm_tile_s16(const int16_t *input, const cmsis_nn_tile_params *params, int16_t *output);
arm_cmsis_nn_status arm_broadcast_to_s16(const int16_t *input, const cmsis_nn_broadcast_to_params *params, int16_t *output);
arm_cmsis_nn_status arm_mirror_pad_s16(const int16_t *input, const cmsis_nn_mirror_pad_params *params, int16_t *output);
arm_cmsis_nn_status arm_reverse_sequence_s16(const int16_t *input, const int32_t *seq_lengths, const cmsis_nn_reverse_sequence_params *params, int16_t *output);
arm_cmsis_nn_status arm_dynamic_update_slice_s16(const int16_t *operand, const int16_t *update, const int32_t *start_indices, const cmsis_nn_dynamic_update_slice_params *params, int16_t *output);
arm_cmsis_nn_status arm_space_to_depth_s16(const int16_t *input_data, const cmsis_nn_dims *input_dims, const int32_t block_size, int16_t *output_data, const cmsis_nn_dims *output_dims);
arm_cmsis_nn_status arm_depth_to_space_s16(const int16_t *input_data, const cmsis_nn_dims *input_dims, const int32_t block_size, int16_t *output_data, const cmsis_nn_dims *output_dims);
arm_cmsis_nn_status arm_space_to_batch_nd_s16(const int16_t *input_data, const cmsis_nn_dims *input_dims, const cmsis_nn_tile *block_shape, const cmsis_nn_dims *pad, int16_t *output_data, const cmsis_nn_dims *output_dims, const int32_t output_offset);
arm_cmsis_nn_status arm_batch_to_space_nd_s16(const int16_t *input_data, const cmsis_nn_dims *input_dims, const cmsis_nn_tile *block_shape, const cmsis_nn_dims *crop, int16_t *output_data, const cmsis_nn_dims *output_dims);
arm_cmsis_nn_status arm_gather_s8(const int8_t *input_data, const cmsis_nn_dims *input_dims, const int32_t *indices_data, const cmsis_nn_dims *indices_dims, const cmsis_nn_gather_params *params, int8_t *output_data, const cmsis_nn_dims *output_dims);
arm_cmsis_nn_status arm_gather_nd_s8(const int8_t *params_data, const cmsis_nn_dims *params_dims, const int32_t *indices_data, const cmsis_nn_dims *indices_dims, const cmsis_nn_gather_nd_params *params, int8_t *output_data, const cmsis_nn_dims *output_dims);
arm_cmsis_nn_status arm_scatter_nd_s8(const int32_t *indices, const int8_t *updates, const cmsis_nn_scatter_nd_params *params, int8_t *output);
arm_cmsis_nn_status arm_gather_s16(const int16_t *input_data, const cmsis_nn_dims *input_dims, const int32_t *indices_data, const cmsis_nn_dims *indices_dims, const cmsis_nn_gather_params *params, int16_t *output_data, const cmsis_nn_dims *output_dims);
arm_cmsis_nn_status arm_gather_nd_s16(const int16_t *params_data, const cmsis_nn_dims *params_dims, const int32_t *indices_data, const cmsis_nn_dims *indices_dims, const cmsis_nn_gather_nd_params *params, int16_t *output_data, const cmsis_nn_dims *output_dims);
arm_cmsis_nn_status arm_scatter_nd_s16(const int32_t *indices, const int16_t *updates, const cmsis_nn_scatter_nd_params *params, int16_t *output);

/* =============================================================================================
 * Softmax
 * ========================================================================================== */

/* @kiln-softmax */

/**
 * int8 softmax over num_rows rows of row_size elements, int8 output (TFLite quantized SOFTMAX,
 * bit-exact with its integer reference): per row, diff = x - max; elements with diff < diff_min
 * output -128; otherwise exp(SRDHM(diff << shift, mult)) in gemmlowp fixed point (Q5.26 in,
 * Q0.31 out), normalized by the row's sum (Q12.19) through a fixed-point reciprocal, output
 * scale 1/256, zero point -128. mult / shift / diff_min are TFLite's input_multiplier /
 * input_left_shift / diff_min. Rows up to 8191 elements match TFLite exactly (Kiln keeps the
 * sum in 64 bits, so longer rows stay well defined). No scratch.
 * Bad input (the API returns nothing): NULL input or output, num_rows or row_size <= 0,
 * num_rows * row_size > INT32_MAX, mult < 0 or shift outside [0, 31] return at once without
 * reading the input or writing the output. input and output must not overlap.
 */
void arm_softmax_s8(const int8_t *input,
                    const int32_t num_rows,
                    const int32_t row_size,
                    const int32_t mult,
                    const int32_t shift,
                    const int32_t diff_min,
                    int8_t *output);

/**
 * As arm_softmax_s8 with int16 output (scale 1/65536, zero point -32768; elements below
 * diff_min output -32768). Same bad-input behavior.
 */
void arm_softmax_s8_s16(const int8_t *input,
                        const int32_t num_rows,
                        const int32_t row_size,
                        const int32_t mult,
                        const int32_t shift,
                        const int32_t diff_min,
                        int16_t *output);

/**
 * As arm_softmax_s8 for uint8 input and output (output scale 1/256, zero point 0; elements
 * below diff_min output 0). Same bad-input behavior.
 */
void arm_softmax_u8(const uint8_t *input,
                    const int32_t num_rows,
                    const int32_t row_size,
                    const int32_t mult,
                    const int32_t shift,
                    const int32_t diff_min,
                    uint8_t *output);

/**
 * int16 softmax (TFLite SOFTMAX, int16 input and output) over num_rows rows of row_size elements,
 * bit-exact with TFLite's int16 reference: per row, x - max rescaled by mult / shift (TFLite
 * MultiplyByQuantizedMultiplier), exp through the 513-entry exp_lut with linear interpolation, the
 * sum's reciprocal through one_by_one_lut, output scale 1/32768. Tables of any content are read
 * within their 513 entries. Outside TFLite's domain: a row whose exps sum to 2^31 or more (over
 * 65538 elements) or to 0 or less (tables with values <= 0) outputs 0. output may equal input.
 * Portable C on every backend. No scratch.
 * Accepted: mult >= 0, shift in [-31, 15] (a difference of -65535 shifted left stays within int32).
 * @return ARM_CMSIS_NN_ARG_ERROR (writing nothing) for NULL pointers (input, output, the parameter
 *         struct or either table), num_rows or row_size <= 0, num_rows * row_size past INT32_MAX, or
 *         mult / shift outside the accepted ranges; else ARM_CMSIS_NN_SUCCESS.
 */
arm_cmsis_nn_status arm_softmax_s16(const int16_t *input,
                                    const int32_t num_rows,
                                    const int32_t row_size,
                                    const int32_t mult,
                                    const int32_t shift,
                                    const cmsis_nn_softmax_lut_s16 *softmax_params,
                                    int16_t *output);

/* =============================================================================================
 * ns-cmsis-nn integer extras: int16 MAXIMUM / MINIMUM, comparisons, ARG_MAX / ARG_MIN, WHERE / SELECT_V2,
 * (re/de)quantization. Portable C on every backend; no scratch (ctx, where present, is unused and may be NULL).
 * ========================================================================================== */

/* @kiln-intmisc */

/**
 * int16 MAXIMUM / MINIMUM (TFLite): out = max / min(in1, in2) on the stored values with TFLite's broadcasting,
 * otherwise exactly as arm_maximum_s8 / arm_minimum_s8 (dims checks, empty outputs, output in place of an input
 * of the output's shape).
 * @return ARM_CMSIS_NN_ARG_ERROR (writing nothing) for NULL pointers or dims, negative or non-broadcasting
 *         dims, output dims other than the broadcast shape, or more than INT32_MAX outputs.
 */
arm_cmsis_nn_status arm_maximum_s16(const cmsis_nn_context *ctx,
                                    const int16_t *input_1_data,
                                    const cmsis_nn_dims *input_1_dims,
                                    const int16_t *input_2_data,
                                    const cmsis_nn_dims *input_2_dims,
                                    int16_t *output_data,
                                    const cmsis_nn_dims *output_dims);
arm_cmsis_nn_status arm_minimum_s16(const cmsis_nn_context *ctx,
                                    const int16_t *input_1_data,
                                    const cmsis_nn_dims *input_1_dims,
                                    const int16_t *input_2_data,
                                    const cmsis_nn_dims *input_2_dims,
                                    int16_t *output_data,
                                    const cmsis_nn_dims *output_dims);

/**
 * Quantized comparison (TFLite EQUAL, NOT_EQUAL, GREATER, GREATER_EQUAL, LESS, LESS_EQUAL on quantized inputs):
 * each input element x is brought to the common scale as TFLite's ComparisonWithScaling does,
 *     r = MultiplyByQuantizedMultiplier((x + input_offset) * 2^left_shift, input_mult, input_shift)
 * (input_offset = -zero_point; TFLite uses left_shift 8), and out = (r1 op r2) as a bool (0 / 1). Broadcasting
 * as arm_maximum_s8 (NHWC, each dim equal or 1; output dims the broadcast shape). Bit-exact.
 * The named forms (arm_equal_s8 ... arm_less_equal_s16) call arm_comparison_* with their operation.
 * Accepted: operation one of arm_nn_compare_operation's six values, left_shift in [0, 30], each multiplier >= 0,
 * each shift in [-31, 30], and offsets for which every (x + offset) * 2^left_shift and its requantization stay
 * within int32.
 * @return ARM_CMSIS_NN_ARG_ERROR (writing nothing) for NULL pointers or dims, bad dims (as arm_maximum_s8) or
 *         parameters outside the accepted ranges; else ARM_CMSIS_NN_SUCCESS.
 */
arm_cmsis_nn_status arm_comparison_s8(const cmsis_nn_context *ctx, const int8_t *input_1_data, const cmsis_nn_dims *input_1_dims, const int8_t *input_2_data, const cmsis_nn_dims *input_2_dims, bool *output_data, const cmsis_nn_dims *output_dims, const int32_t input_1_offset, const int32_t input_1_mult, const int32_t input_1_shift, const int32_t input_2_offset, const int32_t input_2_mult, const int32_t input_2_shift, const int32_t left_shift, arm_nn_compare_operation operation);
arm_cmsis_nn_status arm_comparison_s16(const cmsis_nn_context *ctx, const int16_t *input_1_data, const cmsis_nn_dims *input_1_dims, const int16_t *input_2_data, const cmsis_nn_dims *input_2_dims, bool *output_data, const cmsis_nn_dims *output_dims, const int32_t input_1_offset, const int32_t input_1_mult, const int32_t input_1_shift, const int32_t input_2_offset, const int32_t input_2_mult, const int32_t input_2_shift, const int32_t left_shift, arm_nn_compare_operation operation);
arm_cmsis_nn_status arm_equal_s8(const cmsis_nn_context *ctx, const int8_t *input_1_data, const cmsis_nn_dims *input_1_dims, const int8_t *input_2_data, const cmsis_nn_dims *input_2_dims, bool *output_data, const cmsis_nn_dims *output_dims, const int32_t input_1_offset, const int32_t input_1_mult, const int32_t input_1_shift, const int32_t input_2_offset, const int32_t input_2_mult, const int32_t input_2_shift, const int32_t left_shift);
arm_cmsis_nn_status arm_not_equal_s8(const cmsis_nn_context *ctx, const int8_t *input_1_data, const cmsis_nn_dims *input_1_dims, const int8_t *input_2_data, const cmsis_nn_dims *input_2_dims, bool *output_data, const cmsis_nn_dims *output_dims, const int32_t input_1_offset, const int32_t input_1_mult, const int32_t input_1_shift, const int32_t input_2_offset, const int32_t input_2_mult, const int32_t input_2_shift, const int32_t left_shift);
arm_cmsis_nn_status arm_greater_s8(const cmsis_nn_context *ctx, const int8_t *input_1_data, const cmsis_nn_dims *input_1_dims, const int8_t *input_2_data, const cmsis_nn_dims *input_2_dims, bool *output_data, const cmsis_nn_dims *output_dims, const int32_t input_1_offset, const int32_t input_1_mult, const int32_t input_1_shift, const int32_t input_2_offset, const int32_t input_2_mult, const int32_t input_2_shift, const int32_t left_shift);
arm_cmsis_nn_status arm_greater_equal_s8(const cmsis_nn_context *ctx, const int8_t *input_1_data, const cmsis_nn_dims *input_1_dims, const int8_t *input_2_data, const cmsis_nn_dims *input_2_dims, bool *output_data, const cmsis_nn_dims *output_dims, const int32_t input_1_offset, const int32_t input_1_mult, const int32_t input_1_shift, const int32_t input_2_offset, const int32_t input_2_mult, const int32_t input_2_shift, const int32_t left_shift);
arm_cmsis_nn_status arm_less_s8(const cmsis_nn_context *ctx, const int8_t *input_1_data, const cmsis_nn_dims *input_1_dims, const int8_t *input_2_data, const cmsis_nn_dims *input_2_dims, bool *output_data, const cmsis_nn_dims *output_dims, const int32_t input_1_offset, const int32_t input_1_mult, const int32_t input_1_shift, const int32_t input_2_offset, const int32_t input_2_mult, const int32_t input_2_shift, const int32_t left_shift);
arm_cmsis_nn_status arm_less_equal_s8(const cmsis_nn_context *ctx, const int8_t *input_1_data, const cmsis_nn_dims *input_1_dims, const int8_t *input_2_data, const cmsis_nn_dims *input_2_dims, bool *output_data, const cmsis_nn_dims *output_dims, const int32_t input_1_offset, const int32_t input_1_mult, const int32_t input_1_shift, const int32_t input_2_offset, const int32_t input_2_mult, const int32_t input_2_shift, const int32_t left_shift);
arm_cmsis_nn_status arm_equal_s16(const cmsis_nn_context *ctx, const int16_t *input_1_data, const cmsis_nn_dims *input_1_dims, const int16_t *input_2_data, const cmsis_nn_dims *input_2_dims, bool *output_data, const cmsis_nn_dims *output_dims, const int32_t input_1_offset, const int32_t input_1_mult, const int32_t input_1_shift, const int32_t input_2_offset, const int32_t input_2_mult, const int32_t input_2_shift, const int32_t left_shift);
arm_cmsis_nn_status arm_not_equal_s16(const cmsis_nn_context *ctx, const int16_t *input_1_data, const cmsis_nn_dims *input_1_dims, const int16_t *input_2_data, const cmsis_nn_dims *input_2_dims, bool *output_data, const cmsis_nn_dims *output_dims, const int32_t input_1_offset, const int32_t input_1_mult, const int32_t input_1_shift, const int32_t input_2_offset, const int32_t input_2_mult, const int32_t input_2_shift, const int32_t left_shift);
arm_cmsis_nn_status arm_greater_s16(const cmsis_nn_context *ctx, const int16_t *input_1_data, const cmsis_nn_dims *input_1_dims, const int16_t *input_2_data, const cmsis_nn_dims *input_2_dims, bool *output_data, const cmsis_nn_dims *output_dims, const int32_t input_1_offset, const int32_t input_1_mult, const int32_t input_1_shift, const int32_t input_2_offset, const int32_t input_2_mult, const int32_t input_2_shift, const int32_t left_shift);
arm_cmsis_nn_status arm_greater_equal_s16(const cmsis_nn_context *ctx, const int16_t *input_1_data, const cmsis_nn_dims *input_1_dims, const int16_t *input_2_data, const cmsis_nn_dims *input_2_dims, bool *output_data, const cmsis_nn_dims *output_dims, const int32_t input_1_offset, const int32_t input_1_mult, const int32_t input_1_shift, const int32_t input_2_offset, const int32_t input_2_mult, const int32_t input_2_shift, const int32_t left_shift);
arm_cmsis_nn_status arm_less_s16(const cmsis_nn_context *ctx, const int16_t *input_1_data, const cmsis_nn_dims *input_1_dims, const int16_t *input_2_data, const cmsis_nn_dims *input_2_dims, bool *output_data, const cmsis_nn_dims *output_dims, const int32_t input_1_offset, const int32_t input_1_mult, const int32_t input_1_shift, const int32_t input_2_offset, const int32_t input_2_mult, const int32_t input_2_shift, const int32_t left_shift);
arm_cmsis_nn_status arm_less_equal_s16(const cmsis_nn_context *ctx, const int16_t *input_1_data, const cmsis_nn_dims *input_1_dims, const int16_t *input_2_data, const cmsis_nn_dims *input_2_dims, bool *output_data, const cmsis_nn_dims *output_dims, const int32_t input_1_offset, const int32_t input_1_mult, const int32_t input_1_shift, const int32_t input_2_offset, const int32_t input_2_mult, const int32_t input_2_shift, const int32_t left_shift);

/**
 * TFLite ARG_MAX / ARG_MIN (int32 output) along axis of the NHWC input (0 = n, 1 = h, 2 = w, 3 = c): the output
 * has the input's dims without the axis (in order, dense), each element the index along the axis of the largest
 * (smallest) value, the first one on ties.
 * @return ARM_CMSIS_NN_ARG_ERROR (writing nothing) for NULL pointers or dims, axis outside [0, 3], a negative
 *         dim, an axis dim of 0 or more than INT32_MAX input elements; else ARM_CMSIS_NN_SUCCESS (an empty
 *         output writes nothing).
 */
arm_cmsis_nn_status arm_argmax_s8(const int8_t *input_data, const cmsis_nn_dims *input_dims, const int32_t axis, int32_t *output_data);
arm_cmsis_nn_status arm_argmin_s8(const int8_t *input_data, const cmsis_nn_dims *input_dims, const int32_t axis, int32_t *output_data);
arm_cmsis_nn_status arm_argmax_s16(const int16_t *input_data, const cmsis_nn_dims *input_dims, const int32_t axis, int32_t *output_data);
arm_cmsis_nn_status arm_argmin_s16(const int16_t *input_data, const cmsis_nn_dims *input_dims, const int32_t axis, int32_t *output_data);

/**
 * TFLite WHERE with one input: the coordinates of the non-zero elements of condition (row-major, rank
 * params->rank, dims params->shape) in row-major order, written as int64 rows of rank values; *num_true the
 * number of rows. output must hold (number of non-zero elements) x rank values; nothing past them is written.
 * @return ARM_CMSIS_NN_ARG_ERROR (writing nothing, *num_true included) for NULL pointers (params->shape
 *         included), rank outside [1, 8], a negative dim, or more than INT32_MAX elements or coordinates;
 *         else ARM_CMSIS_NN_SUCCESS.
 */
arm_cmsis_nn_status arm_where_s8(const int8_t *condition, const cmsis_nn_where_params *params, int64_t *output, int32_t *num_true);
arm_cmsis_nn_status arm_where_s16(const int16_t *condition, const cmsis_nn_where_params *params, int64_t *output, int32_t *num_true);

/**
 * TFLite SELECT_V2: out = condition ? x : y elementwise over params->output_shape (rank params->rank, row-major,
 * dense output), each operand addressed through its element strides (cond_strides, x_strides, y_strides; a 0
 * stride broadcasts that dimension). Exact (a selection).
 * @return ARM_CMSIS_NN_ARG_ERROR (writing nothing) for NULL pointers (the params' arrays included), rank outside
 *         [1, 8], a negative dim or stride, more than INT32_MAX outputs, or an operand's largest offset past
 *         INT32_MAX; else ARM_CMSIS_NN_SUCCESS.
 */
arm_cmsis_nn_status arm_select_v2_s8(const bool *condition, const int8_t *x, const int8_t *y, const cmsis_nn_select_v2_params *params, int8_t *output);
arm_cmsis_nn_status arm_select_v2_s16(const bool *condition, const int16_t *x, const int16_t *y, const cmsis_nn_select_v2_params *params, int16_t *output);

/**
 * TFLite requantization int8 -> int8 / int16 -> int16 (Requantize):
 *     out = saturate(MultiplyByQuantizedMultiplier(in - input_zeropoint, multiplier, shift) + output_zeropoint)
 * to the output type. Bit-exact. output may equal input.
 * Accepted: multiplier >= 0, shift in [-31, 30], zero points for which every in - input_zeropoint, its shift
 * and the sum with output_zeropoint stay within int32.
 * @return ARM_CMSIS_NN_ARG_ERROR (writing nothing) for NULL pointers, size < 0 or parameters outside the
 *         accepted ranges; else ARM_CMSIS_NN_SUCCESS (size 0 writes nothing).
 */
arm_cmsis_nn_status arm_requantize_s8_s8(const int8_t *input, int8_t *output, int32_t size, int32_t effective_scale_multiplier, int32_t effective_scale_shift, int32_t input_zeropoint, int32_t output_zeropoint);
arm_cmsis_nn_status arm_requantize_s16_s16(const int16_t *input, int16_t *output, int32_t size, int32_t effective_scale_multiplier, int32_t effective_scale_shift, int32_t input_zeropoint, int32_t output_zeropoint);

#if ARM_NN_ENABLE_F32
/**
 * TFLite QUANTIZE (float32 -> int8 / int16, AffineQuantize): out = saturate(round(in / scale) + zero_point), the
 * division in float32, round half away from zero; a NaN input gives zero_point. DEQUANTIZE (int8 / int16 ->
 * float32): out = scale * (in - zero_point), rounded once to float32 (as TFLite's double product then cast).
 * Built with ARM_NN_ENABLE_F32 only.
 * Accepted: scale finite and > 0, zero_point within the integer type's range.
 * @return ARM_CMSIS_NN_ARG_ERROR (writing nothing) for NULL pointers, size < 0 or parameters outside the
 *         accepted ranges; else ARM_CMSIS_NN_SUCCESS (size 0 writes nothing).
 */
arm_cmsis_nn_status arm_quantize_f32_s8(const float *input, int8_t *output, int32_t size, int32_t zero_point, float scale);
arm_cmsis_nn_status arm_quantize_f32_s16(const float *input, int16_t *output, int32_t size, int32_t zero_point, float scale);
arm_cmsis_nn_status arm_dequantize_s8_f32(const int8_t *input, float *output, int32_t size, int32_t zero_point, float scale);
arm_cmsis_nn_status arm_dequantize_s16_f32(const int16_t *input, float *output, int32_t size, int32_t zero_point, float scale);
#endif /* ARM_NN_ENABLE_F32 */

/* @kiln-slice-reduce: strided slice, multi-input concatenation / split, reductions, nearest-neighbour resize
 * (ns-cmsis-nn) */
/**
 * STRIDED_SLICE (int8 / int16 / int32; float32 / float16 in arm_nnfunctions_flt.h) on a 4-D NHWC tensor, as
 * ns-cmsis-nn's TFLite Micro glue calls it: begin_dims holds the resolved start index of each axis (TFLite's
 * StartForAxis), stride_dims the strides (any non-zero value; negative walks backwards), output_dims the number
 * of elements taken along each axis: output (n, h, w, c) = input (begin.n + n stride.n, ..., begin.c + c stride.c).
 * Checked before anything is written (ARM_CMSIS_NN_ARG_ERROR, output untouched): NULL pointers, a negative
 * extent, a zero stride, an axis of non-zero output extent whose first or last index leaves [0, input extent),
 * element counts past INT32_MAX. An empty output writes nothing. Bit-exact copies; portable C on every backend.
 */
arm_cmsis_nn_status arm_strided_slice_s8(const int8_t *input_data, int8_t *output_data, const cmsis_nn_dims *const input_dims, const cmsis_nn_dims *const begin_dims, const cmsis_nn_dims *const stride_dims, const cmsis_nn_dims *const output_dims);
arm_cmsis_nn_status arm_strided_slice_s16(const int16_t *input_data, int16_t *output_data, const cmsis_nn_dims *const input_dims, const cmsis_nn_dims *const begin_dims, const cmsis_nn_dims *const stride_dims, const cmsis_nn_dims *const output_dims);
arm_cmsis_nn_status arm_strided_slice_s32(const int32_t *input_data, int32_t *output_data, const cmsis_nn_dims *const input_dims, const cmsis_nn_dims *const begin_dims, const cmsis_nn_dims *const stride_dims, const cmsis_nn_dims *const output_dims);

/**
 * CONCATENATION of inputs_count >= 1 row-major tensors along axis (0 .. output_dims - 1) into output_data, whose
 * shape is output_shape[0 .. output_dims) (rank 1..8); input i has the output's extents except
 * input_concat_dims[i] (>= 0) along axis, and those extents sum to output_shape[axis]. SPLIT is the inverse:
 * input_data (shape input_shape, rank input_dims) into num_splits >= 1 outputs of extents split_dims[i] along
 * axis (float16 in arm_nnfunctions_flt.h). Every input / output pointer non-NULL (an empty part too); inputs and
 * outputs must not overlap. ARM_CMSIS_NN_ARG_ERROR, nothing written, on a violation, a negative extent, an axis
 * outside the rank (no negative axis form) or element counts past INT32_MAX. Bit-exact; portable C.
 */
arm_cmsis_nn_status arm_concatenation_s8(const int8_t *const *input_data, const int32_t inputs_count, const int32_t *input_concat_dims, const int32_t axis, int8_t *output_data, const int32_t output_dims, const int32_t *output_shape);
arm_cmsis_nn_status arm_concatenation_s16(const int16_t *const *input_data, const int32_t inputs_count, const int32_t *input_concat_dims, const int32_t axis, int16_t *output_data, const int32_t output_dims, const int32_t *output_shape);
arm_cmsis_nn_status arm_concatenation_s32(const int32_t *const *input_data, const int32_t inputs_count, const int32_t *input_concat_dims, const int32_t axis, int32_t *output_data, const int32_t output_dims, const int32_t *output_shape);
arm_cmsis_nn_status arm_split_s8(const int8_t *input_data, const int32_t input_dims, const int32_t *input_shape, const int32_t axis, const int32_t num_splits, const int32_t *split_dims, int8_t *const *output_data);
arm_cmsis_nn_status arm_split_s16(const int16_t *input_data, const int32_t input_dims, const int32_t *input_shape, const int32_t axis, const int32_t num_splits, const int32_t *split_dims, int16_t *const *output_data);

/**
 * Reductions over a 4-D NHWC tensor: axis_dims marks the reduced axes (each field 0 or 1), the output keeps every
 * axis (output_dims must be 1 on each reduced axis and the input extent elsewhere); every input extent >= 1.
 * MEAN (TFLite quantized MEAN as ns-cmsis-nn computes it; the caller folds 1 / count into out_mult / out_shift,
 * as TFLite's QuantizedMeanOrSum does): acc = sum(x) + count x input_offset in int32 (input_offset = -input zero
 * point; a sum past int32 wraps, as the int32 accumulators of both), output = saturate(arm_nn_requantize(acc,
 * out_mult, out_shift) + out_offset). Accepted: input_offset in [-127, 128] (s8) / [-32767, 32768] (s16),
 * out_offset within the type, out_mult >= 0, out_shift in [-31, 30]. REDUCE_MAX / REDUCE_MIN: the largest /
 * smallest reduced element. ARM_CMSIS_NN_ARG_ERROR, output untouched, on NULL pointers or any violated condition.
 * Portable C on every backend. (Float32 / float16 SUM: arm_nnfunctions_flt.h.)
 */
arm_cmsis_nn_status arm_mean_s8(const int8_t *input_data, const cmsis_nn_dims *input_dims, const int32_t input_offset, const cmsis_nn_dims *axis_dims, int8_t *output_data, const cmsis_nn_dims *output_dims, const int32_t out_offset, const int32_t out_mult, const int32_t out_shift);
arm_cmsis_nn_status arm_mean_s16(const int16_t *input_data, const cmsis_nn_dims *input_dims, const int32_t input_offset, const cmsis_nn_dims *axis_dims, int16_t *output_data, const cmsis_nn_dims *output_dims, const int32_t out_offset, const int32_t out_mult, const int32_t out_shift);
arm_cmsis_nn_status arm_reduce_max_s8(const int8_t *input_data, const cmsis_nn_dims *input_dims, const cmsis_nn_dims *axis_dims, int8_t *output_data, const cmsis_nn_dims *output_dims);
arm_cmsis_nn_status arm_reduce_max_s16(const int16_t *input_data, const cmsis_nn_dims *input_dims, const cmsis_nn_dims *axis_dims, int16_t *output_data, const cmsis_nn_dims *output_dims);
arm_cmsis_nn_status arm_reduce_min_s8(const int8_t *input_data, const cmsis_nn_dims *input_dims, const cmsis_nn_dims *axis_dims, int8_t *output_data, const cmsis_nn_dims *output_dims);
arm_cmsis_nn_status arm_reduce_min_s16(const int16_t *input_data, const cmsis_nn_dims *input_dims, const cmsis_nn_dims *axis_dims, int16_t *output_data, const cmsis_nn_dims *output_dims);

/**
 * RESIZE_NEAREST_NEIGHBOR (TFLite) on NHWC int8 / int16: output_size_data = {new height, new width} (two values:
 * output_size_shape's fields 1 or 2 with product 2, both >= 1); output_shape must be (N, new height, new width, C)
 * of the input (all input extents >= 1). Output pixel (y, x) is input pixel (GetNearestNeighbor(y, ..),
 * GetNearestNeighbor(x, ..)) with TFLite's float32 scales ((in - 1) / (out - 1) with align_corners and out > 1,
 * else in / out) and offset 0.5 with half_pixel_centers. ctx is not read (may be NULL): Kiln computes each row's
 * and column's index as needed and uses no scratch (ns-cmsis-nn requires ctx->buf of (height + width) x 4 bytes
 * for its index maps). ARM_CMSIS_NN_ARG_ERROR, output untouched, on NULL pointers (other than ctx) or any
 * violated condition. Bit-exact copies; portable C on every backend.
 */
arm_cmsis_nn_status arm_resize_nearest_neighbor_s8(const cmsis_nn_context *ctx, const cmsis_nn_resize_params *resize_params, const cmsis_nn_dims *input_shape, const int8_t *input_data, const cmsis_nn_dims *output_size_shape, const int32_t *output_size_data, const cmsis_nn_dims *output_shape, int8_t *output_data);
arm_cmsis_nn_status arm_resize_nearest_neighbor_s16(const cmsis_nn_context *ctx, const cmsis_nn_resize_params *resize_params, const cmsis_nn_dims *input_shape, const int16_t *input_data, const cmsis_nn_dims *output_size_shape, const int32_t *output_size_data, const cmsis_nn_dims *output_shape, int16_t *output_data);

#ifdef __cplusplus
}
#endif

#if ARM_NN_FLOAT_API_ENABLED
#include "arm_nnfunctions_flt.h"
#endif

/* @kiln-supflt-fc-fp16: the legacy float16 fully connected entry */
#if ARM_NN_ENABLE_F16 && defined(ARM_FLOAT16_SUPPORTED)
#ifdef __cplusplus
extern "C" {
#endif
/**
 * @brief Legacy float16 fully connected (ns-cmsis-nn): for b < input_dims->n, output[b x C_OUT + o] =
 *        clamp(bias[o] + sum over k < filter_dims->n of input[b x filter_dims->n + k] x kernel[o x filter_dims->n +
 *        k], out_activation_min, out_activation_max), o < C_OUT = output_dims->c. arm_fully_connected_f16() with
 *        standard weights and layout NHWC: the same dimension rules and errors, the same kernel (float32 sums
 *        rounded once; ns-cmsis-nn accumulates in float16). ctx and fc_params are not read (may be NULL).
 * @return ARM_CMSIS_NN_SUCCESS, or ARM_CMSIS_NN_ARG_ERROR (nothing written) for out_activation_min >
 *         out_activation_max or a NaN bound, and every dimension / pointer error of arm_fully_connected_f16().
 */
arm_cmsis_nn_status arm_fully_connected_fp16(const cmsis_nn_context *ctx, const cmsis_nn_fc_params *fc_params, const cmsis_nn_dims *input_dims, const float16_t *input, const cmsis_nn_dims *filter_dims, const float16_t *kernel, const cmsis_nn_dims *bias_dims, const float16_t *bias, const cmsis_nn_dims *output_dims, float16_t *output, const float16_t out_activation_min, const float16_t out_activation_max);
#ifdef __cplusplus
}
#endif
#endif

#endif /* ARM_NNFUNCTIONS_H */
