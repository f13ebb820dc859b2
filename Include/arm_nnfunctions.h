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
 * @return ARM_CMSIS_NN_ARG_ERROR for NULL pointers, a negative size or a shift outside
 *         [-31, 30]; else ARM_CMSIS_NN_SUCCESS. input and output may be the same buffer.
 */
arm_cmsis_nn_status arm_relu_s8(const int8_t *input,
                                const int32_t input_offset,
                                const int32_t output_offset,
                                const int32_t output_multiplier,
                                const int32_t output_shift,
                                int8_t *output,
                                const int32_t output_size);

/* @kiln-activations: more activation functions go here */

/* =============================================================================================
 * Elementwise
 * ========================================================================================== */

/**
 * int8 elementwise addition (TFLite ADD):
 *   a = requantize((in1 + input_1_offset) << left_shift, input_1_mult, input_1_shift)
 *   b = requantize((in2 + input_2_offset) << left_shift, input_2_mult, input_2_shift)
 *   out = clamp(requantize(a + b, out_mult, out_shift) + out_offset, act_min, act_max)
 * Offsets are within [-255, 255] in practice (any int32 is accepted that keeps the shifted value
 * within int32: |in + offset| << left_shift must fit); left_shift in [0, 30].
 * @return ARM_CMSIS_NN_ARG_ERROR for NULL pointers, negative block_size, left_shift outside
 *         [0, 30], shifts outside [-31, 30], act_min > act_max or limits outside [-128, 127].
 *         The output may alias either input.
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
 * @return ARM_CMSIS_NN_ARG_ERROR for NULL pointers, negative block_size, offsets outside
 *         [-255, 255] (the product must fit int32 after the left shift), shifts outside [-31, 30],
 *         act_min > act_max or limits outside [-128, 127]. The output may alias either input.
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

/* @kiln-elementwise: more elementwise functions go here */

/* @kiln-maxmin */

/* =============================================================================================
 * Convolution and depthwise convolution (int8)
 * ========================================================================================== */

/* @kiln-conv */

/* @kiln-depthwise */

/* =============================================================================================
 * Fully connected, batch matmul (int8)
 * ========================================================================================== */

/* @kiln-fc */

/* @kiln-bmm */

/* =============================================================================================
 * Pooling (int8)
 * ========================================================================================== */

/* @kiln-pool */

/* =============================================================================================
 * Softmax
 * ========================================================================================== */

/* @kiln-softmax */

#ifdef __cplusplus
}
#endif

#if ARM_NN_FLOAT_API_ENABLED
#include "arm_nnfunctions_flt.h"
#endif

#endif /* ARM_NNFUNCTIONS_H */
