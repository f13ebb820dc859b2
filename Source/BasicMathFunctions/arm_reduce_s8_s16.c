/*
 * Kiln — MEAN, REDUCE_MAX and REDUCE_MIN on int8 and int16 NHWC tensors (ns-cmsis-nn forms; axis_dims marks the
 * reduced axes, the output keeps every axis). MEAN is TFLite's quantized MEAN (QuantizedMeanOrSum) as ns-cmsis-nn
 * computes it: the caller folds 1 / (reduced count) into out_mult / out_shift; acc = sum(x) + count x input_offset
 * (input_offset = -input zero point) in int32, then arm_nn_requantize(acc, out_mult, out_shift) + out_offset,
 * saturated to the type. Plan and walk: Source/BasicMathFunctions/kiln_reduce.c. Portable C on every backend.
 */
#include "Include/Internal/kiln_common.h"
#include "Include/Internal/kiln_reduce.h"
#include "Include/arm_nnfunctions.h"

/* The quantization arguments of MEAN: offsets within the type's zero-point ranges, a non-negative multiplier, a
 * shift arm_nn_requantize accepts. */
static bool kiln_mean_args_ok(int32_t in_off, int32_t out_off, int32_t mult, int32_t shift, int32_t lo, int32_t hi)
{
    return in_off >= -hi && in_off <= -lo && out_off >= lo && out_off <= hi && mult >= 0 && kiln_shift_ok(shift);
}

static arm_cmsis_nn_status kiln_reduce_entry(const void *input_data,
                                             const cmsis_nn_dims *input_dims,
                                             const cmsis_nn_dims *axis_dims,
                                             void *output_data,
                                             const cmsis_nn_dims *output_dims,
                                             size_t es,
                                             kiln_reduce_kind kind)
{
    kiln_reduce_plan p;
    if (!kiln_reduce_plan_make(&p, input_data, input_dims, axis_dims, output_data, output_dims, es))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    kiln_reduce_int(&p, input_data, output_data, es, kind, 0, 0, 0, 0);
    return ARM_CMSIS_NN_SUCCESS;
}

/* MEAN of either type (es bytes per element, the type's range lo .. hi). */
static arm_cmsis_nn_status kiln_mean_entry(const void *input_data,
                                           const cmsis_nn_dims *input_dims,
                                           int32_t input_offset,
                                           const cmsis_nn_dims *axis_dims,
                                           void *output_data,
                                           const cmsis_nn_dims *output_dims,
                                           int32_t out_offset,
                                           int32_t out_mult,
                                           int32_t out_shift,
                                           size_t es,
                                           int32_t lo,
                                           int32_t hi)
{
    kiln_reduce_plan p;
    if (!kiln_mean_args_ok(input_offset, out_offset, out_mult, out_shift, lo, hi) ||
        !kiln_reduce_plan_make(&p, input_data, input_dims, axis_dims, output_data, output_dims, es))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    kiln_reduce_int(&p, input_data, output_data, es, KILN_REDUCE_MEAN, input_offset, out_offset, out_mult, out_shift);
    return ARM_CMSIS_NN_SUCCESS;
}

arm_cmsis_nn_status arm_mean_s8(const int8_t *input_data,
                                const cmsis_nn_dims *input_dims,
                                const int32_t input_offset,
                                const cmsis_nn_dims *axis_dims,
                                int8_t *output_data,
                                const cmsis_nn_dims *output_dims,
                                const int32_t out_offset,
                                const int32_t out_mult,
                                const int32_t out_shift)
{
    return kiln_mean_entry(input_data, input_dims, input_offset, axis_dims, output_data, output_dims, out_offset,
                           out_mult, out_shift, sizeof(int8_t), INT8_MIN, INT8_MAX);
}

arm_cmsis_nn_status arm_mean_s16(const int16_t *input_data,
                                 const cmsis_nn_dims *input_dims,
                                 const int32_t input_offset,
                                 const cmsis_nn_dims *axis_dims,
                                 int16_t *output_data,
                                 const cmsis_nn_dims *output_dims,
                                 const int32_t out_offset,
                                 const int32_t out_mult,
                                 const int32_t out_shift)
{
    return kiln_mean_entry(input_data, input_dims, input_offset, axis_dims, output_data, output_dims, out_offset,
                           out_mult, out_shift, sizeof(int16_t), INT16_MIN, INT16_MAX);
}

arm_cmsis_nn_status arm_reduce_max_s8(const int8_t *input_data,
                                      const cmsis_nn_dims *input_dims,
                                      const cmsis_nn_dims *axis_dims,
                                      int8_t *output_data,
                                      const cmsis_nn_dims *output_dims)
{
    return kiln_reduce_entry(input_data, input_dims, axis_dims, output_data, output_dims, 1, KILN_REDUCE_MAX);
}

arm_cmsis_nn_status arm_reduce_max_s16(const int16_t *input_data,
                                       const cmsis_nn_dims *input_dims,
                                       const cmsis_nn_dims *axis_dims,
                                       int16_t *output_data,
                                       const cmsis_nn_dims *output_dims)
{
    return kiln_reduce_entry(input_data, input_dims, axis_dims, output_data, output_dims, 2, KILN_REDUCE_MAX);
}

arm_cmsis_nn_status arm_reduce_min_s8(const int8_t *input_data,
                                      const cmsis_nn_dims *input_dims,
                                      const cmsis_nn_dims *axis_dims,
                                      int8_t *output_data,
                                      const cmsis_nn_dims *output_dims)
{
    return kiln_reduce_entry(input_data, input_dims, axis_dims, output_data, output_dims, 1, KILN_REDUCE_MIN);
}

arm_cmsis_nn_status arm_reduce_min_s16(const int16_t *input_data,
                                       const cmsis_nn_dims *input_dims,
                                       const cmsis_nn_dims *axis_dims,
                                       int16_t *output_data,
                                       const cmsis_nn_dims *output_dims)
{
    return kiln_reduce_entry(input_data, input_dims, axis_dims, output_data, output_dims, 2, KILN_REDUCE_MIN);
}
