/*
 * Kiln — arm_batch_matmul_s8_get_buffer_size (+ _dsp, _mve), from kiln_bmm_s8_plan():
 * MVE input_rhs_dims->w * 4 (one int32 kernel sum per rhs row), DSP and C 0. -1 for NULL,
 * negative input_rhs_dims->w / ->c or a size past INT32_MAX.
 */
#include "Include/arm_nnfunctions.h"
#include "Include/Internal/kiln_fc_s8.h"

static int32_t kiln_bmm_s8_query(const cmsis_nn_dims *input_rhs_dims, kiln_isa isa)
{
    if (input_rhs_dims == NULL)
    {
        return -1;
    }
    const kiln_bmm_s8_shape shape = {input_rhs_dims->w, input_rhs_dims->c};
    kiln_bmm_s8_plan_t plan;
    if (kiln_bmm_s8_plan(&shape, isa, &plan) != ARM_CMSIS_NN_SUCCESS)
    {
        return -1;
    }
    return kiln_query_result(plan.scratch_bytes);
}

int32_t arm_batch_matmul_s8_get_buffer_size(const cmsis_nn_dims *input_rhs_dims)
{
    return kiln_bmm_s8_query(input_rhs_dims, KILN_NATIVE_ISA);
}

int32_t arm_batch_matmul_s8_get_buffer_size_dsp(const cmsis_nn_dims *input_rhs_dims)
{
    return kiln_bmm_s8_query(input_rhs_dims, KILN_ISA_DSP);
}

int32_t arm_batch_matmul_s8_get_buffer_size_mve(const cmsis_nn_dims *input_rhs_dims)
{
    return kiln_bmm_s8_query(input_rhs_dims, KILN_ISA_MVE);
}
