/*
 * Kiln — SUM on float16_t NHWC tensors (built with ARM_NN_ENABLE_F16; ns-cmsis-nn form: axis_dims marks the reduced
 * axes, the output keeps every axis). Each output element accumulates in float32 in that order and rounds once to
 * float16 (to nearest even), as ns-cmsis-nn: the reduced elements in row-major (n, h, w, c) order from 0.0f, as
 * ns-cmsis-nn's scalar path; NaN and Inf propagate; no clamp. The plan (checks, strides) is the integer reductions'
 * (Source/BasicMathFunctions/kiln_reduce.c). Portable C on every backend.
 */
#include "Include/Internal/kiln_reduce.h"
#include "Include/arm_nnfunctions.h"

#if ARM_NN_ENABLE_F16

arm_cmsis_nn_status arm_reduce_sum_f16(const float16_t *input_data,
                                       const cmsis_nn_dims *input_dims,
                                       const cmsis_nn_dims *axis_dims,
                                       float16_t *output_data,
                                       const cmsis_nn_dims *output_dims)
{
    kiln_reduce_plan p;
    if (!kiln_reduce_plan_make(&p, input_data, input_dims, axis_dims, output_data, output_dims, sizeof(float16_t)))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    for (int64_t o = 0; o < p.out_count; o++)
    {
        const float16_t *base = input_data + kiln_reduce_base(&p, o);
        float32_t acc = 0.0f;
        int32_t c[3] = {0, 0, 0};
        do
        {
            const float16_t *row = base + kiln_reduce_row_offset(&p, c);
            for (int32_t k = 0; k < p.red[3]; k++)
            {
                acc += (float32_t)row[k];
            }
        } while (kiln_reduce_next_row(&p, c));
        output_data[o] = (float16_t)acc;
    }
    return ARM_CMSIS_NN_SUCCESS;
}

#endif /* ARM_NN_ENABLE_F16 */
