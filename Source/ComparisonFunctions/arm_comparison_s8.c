/*
 * Kiln — arm_comparison_s8 and its named forms arm_equal_s8 ... arm_less_equal_s8 (ns-cmsis-nn): TFLite's
 * quantized comparisons of int8_t tensors with broadcasting (checks and loop in kiln_compare.c). Portable C on
 * every backend. No scratch: ctx is not used and may be NULL.
 */
#include "Include/Internal/kiln_intmisc.h"
#include "Include/arm_nnfunctions.h"

arm_cmsis_nn_status arm_comparison_s8(const cmsis_nn_context *ctx,
                                      const int8_t *input_1_data,
                                      const cmsis_nn_dims *input_1_dims,
                                      const int8_t *input_2_data,
                                      const cmsis_nn_dims *input_2_dims,
                                      bool *output_data,
                                      const cmsis_nn_dims *output_dims,
                                      const int32_t input_1_offset,
                                      const int32_t input_1_mult,
                                      const int32_t input_1_shift,
                                      const int32_t input_2_offset,
                                      const int32_t input_2_mult,
                                      const int32_t input_2_shift,
                                      const int32_t left_shift,
                                      arm_nn_compare_operation operation)
{
    (void)ctx;
    return kiln_compare(input_1_data, input_1_dims, input_2_data, input_2_dims, output_data, output_dims,
                        input_1_offset, input_1_mult, input_1_shift, input_2_offset, input_2_mult, input_2_shift,
                        left_shift, operation, 8);
}

arm_cmsis_nn_status arm_equal_s8(const cmsis_nn_context *ctx,
                                 const int8_t *input_1_data,
                                 const cmsis_nn_dims *input_1_dims,
                                 const int8_t *input_2_data,
                                 const cmsis_nn_dims *input_2_dims,
                                 bool *output_data,
                                 const cmsis_nn_dims *output_dims,
                                 const int32_t input_1_offset,
                                 const int32_t input_1_mult,
                                 const int32_t input_1_shift,
                                 const int32_t input_2_offset,
                                 const int32_t input_2_mult,
                                 const int32_t input_2_shift,
                                 const int32_t left_shift)
{
    return arm_comparison_s8(ctx, input_1_data, input_1_dims, input_2_data, input_2_dims, output_data, output_dims,
                             input_1_offset, input_1_mult, input_1_shift, input_2_offset, input_2_mult, input_2_shift,
                             left_shift, ARM_COMPARE_EQUAL);
}

arm_cmsis_nn_status arm_not_equal_s8(const cmsis_nn_context *ctx,
                                     const int8_t *input_1_data,
                                     const cmsis_nn_dims *input_1_dims,
                                     const int8_t *input_2_data,
                                     const cmsis_nn_dims *input_2_dims,
                                     bool *output_data,
                                     const cmsis_nn_dims *output_dims,
                                     const int32_t input_1_offset,
                                     const int32_t input_1_mult,
                                     const int32_t input_1_shift,
                                     const int32_t input_2_offset,
                                     const int32_t input_2_mult,
                                     const int32_t input_2_shift,
                                     const int32_t left_shift)
{
    return arm_comparison_s8(ctx, input_1_data, input_1_dims, input_2_data, input_2_dims, output_data, output_dims,
                             input_1_offset, input_1_mult, input_1_shift, input_2_offset, input_2_mult, input_2_shift,
                             left_shift, ARM_COMPARE_NOT_EQUAL);
}

arm_cmsis_nn_status arm_greater_s8(const cmsis_nn_context *ctx,
                                   const int8_t *input_1_data,
                                   const cmsis_nn_dims *input_1_dims,
                                   const int8_t *input_2_data,
                                   const cmsis_nn_dims *input_2_dims,
                                   bool *output_data,
                                   const cmsis_nn_dims *output_dims,
                                   const int32_t input_1_offset,
                                   const int32_t input_1_mult,
                                   const int32_t input_1_shift,
                                   const int32_t input_2_offset,
                                   const int32_t input_2_mult,
                                   const int32_t input_2_shift,
                                   const int32_t left_shift)
{
    return arm_comparison_s8(ctx, input_1_data, input_1_dims, input_2_data, input_2_dims, output_data, output_dims,
                             input_1_offset, input_1_mult, input_1_shift, input_2_offset, input_2_mult, input_2_shift,
                             left_shift, ARM_COMPARE_GREATER);
}

arm_cmsis_nn_status arm_greater_equal_s8(const cmsis_nn_context *ctx,
                                         const int8_t *input_1_data,
                                         const cmsis_nn_dims *input_1_dims,
                                         const int8_t *input_2_data,
                                         const cmsis_nn_dims *input_2_dims,
                                         bool *output_data,
                                         const cmsis_nn_dims *output_dims,
                                         const int32_t input_1_offset,
                                         const int32_t input_1_mult,
                                         const int32_t input_1_shift,
                                         const int32_t input_2_offset,
                                         const int32_t input_2_mult,
                                         const int32_t input_2_shift,
                                         const int32_t left_shift)
{
    return arm_comparison_s8(ctx, input_1_data, input_1_dims, input_2_data, input_2_dims, output_data, output_dims,
                             input_1_offset, input_1_mult, input_1_shift, input_2_offset, input_2_mult, input_2_shift,
                             left_shift, ARM_COMPARE_GREATER_EQUAL);
}

arm_cmsis_nn_status arm_less_s8(const cmsis_nn_context *ctx,
                                const int8_t *input_1_data,
                                const cmsis_nn_dims *input_1_dims,
                                const int8_t *input_2_data,
                                const cmsis_nn_dims *input_2_dims,
                                bool *output_data,
                                const cmsis_nn_dims *output_dims,
                                const int32_t input_1_offset,
                                const int32_t input_1_mult,
                                const int32_t input_1_shift,
                                const int32_t input_2_offset,
                                const int32_t input_2_mult,
                                const int32_t input_2_shift,
                                const int32_t left_shift)
{
    return arm_comparison_s8(ctx, input_1_data, input_1_dims, input_2_data, input_2_dims, output_data, output_dims,
                             input_1_offset, input_1_mult, input_1_shift, input_2_offset, input_2_mult, input_2_shift,
                             left_shift, ARM_COMPARE_LESS);
}

arm_cmsis_nn_status arm_less_equal_s8(const cmsis_nn_context *ctx,
                                      const int8_t *input_1_data,
                                      const cmsis_nn_dims *input_1_dims,
                                      const int8_t *input_2_data,
                                      const cmsis_nn_dims *input_2_dims,
                                      bool *output_data,
                                      const cmsis_nn_dims *output_dims,
                                      const int32_t input_1_offset,
                                      const int32_t input_1_mult,
                                      const int32_t input_1_shift,
                                      const int32_t input_2_offset,
                                      const int32_t input_2_mult,
                                      const int32_t input_2_shift,
                                      const int32_t left_shift)
{
    return arm_comparison_s8(ctx, input_1_data, input_1_dims, input_2_data, input_2_dims, output_data, output_dims,
                             input_1_offset, input_1_mult, input_1_shift, input_2_offset, input_2_mult, input_2_shift,
                             left_shift, ARM_COMPARE_LESS_EQUAL);
}
