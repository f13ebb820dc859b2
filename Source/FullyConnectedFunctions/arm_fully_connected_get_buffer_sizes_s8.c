/*
 * Kiln — arm_fully_connected_s8_get_buffer_size (+ _dsp, _mve): the bytes ctx->buf must hold for
 * arm_fully_connected_s8 / _per_channel_s8 / _wrapper_s8, from kiln_fc_s8_plan().
 * MVE: filter_dims->c int32 kernel sums + a 16-byte seal; DSP and C: 0. -1 for NULL, a negative
 * filter_dims->n / ->c, or a size past INT32_MAX.
 */
#include "Include/arm_nnfunctions.h"
#include "Include/Internal/kiln_fc_s8.h"

static int32_t kiln_fc_s8_query(const cmsis_nn_dims *filter_dims, kiln_isa isa)
{
    if (filter_dims == NULL)
    {
        return -1;
    }
    const kiln_fc_s8_shape shape = {0, filter_dims->n, filter_dims->c};
    kiln_fc_s8_plan_t plan;
    if (kiln_fc_s8_plan(&shape, isa, &plan) != ARM_CMSIS_NN_SUCCESS)
    {
        return -1;
    }
    return kiln_query_result(kiln_fc_s8_plan_ctx_bytes(&plan));
}

int32_t arm_fully_connected_s8_get_buffer_size(const cmsis_nn_dims *filter_dims)
{
    return kiln_fc_s8_query(filter_dims, KILN_NATIVE_ISA);
}

int32_t arm_fully_connected_s8_get_buffer_size_dsp(const cmsis_nn_dims *filter_dims)
{
    return kiln_fc_s8_query(filter_dims, KILN_ISA_DSP);
}

int32_t arm_fully_connected_s8_get_buffer_size_mve(const cmsis_nn_dims *filter_dims)
{
    return kiln_fc_s8_query(filter_dims, KILN_ISA_MVE);
}
