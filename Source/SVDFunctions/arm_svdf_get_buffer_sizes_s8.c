/*
 * Kiln — arm_svdf_s8_get_buffer_size (+ _dsp, _mve): the bytes ctx->buf must hold for arm_svdf_s8,
 * from kiln_svdf_plan(). Route "svdf_c" on every backend uses no context bytes: 0 for any
 * weights_feature_dims with n >= 0 (only n is read; upstream's Helium kernel keeps
 * weights_feature_dims->n int32 kernel sums there, Kiln does not). -1 for NULL or a negative n.
 * input_ctx / output_ctx have no query (CMSIS-NN's convention): batches * feature_batches * 4 and
 * batches * (feature_batches / rank) * 4 bytes.
 */
#include "Include/arm_nnfunctions.h"
#include "Include/Internal/kiln_svdf.h"

static int32_t kiln_svdf_query(const cmsis_nn_dims *weights_feature_dims, kiln_isa isa)
{
    if (weights_feature_dims == NULL)
    {
        return -1;
    }
    const kiln_svdf_shape shape = {0, 0, weights_feature_dims->n, 1, 1};
    kiln_svdf_plan_t plan;
    if (kiln_svdf_plan(&shape, KILN_SVDF_OP_S8, isa, &plan) != ARM_CMSIS_NN_SUCCESS)
    {
        return -1;
    }
    return kiln_query_result(plan.ctx_bytes);
}

int32_t arm_svdf_s8_get_buffer_size(const cmsis_nn_dims *filter_dims)
{
    return kiln_svdf_query(filter_dims, KILN_NATIVE_ISA);
}

int32_t arm_svdf_s8_get_buffer_size_dsp(const cmsis_nn_dims *filter_dims)
{
    return kiln_svdf_query(filter_dims, KILN_ISA_DSP);
}

int32_t arm_svdf_s8_get_buffer_size_mve(const cmsis_nn_dims *filter_dims)
{
    return kiln_svdf_query(filter_dims, KILN_ISA_MVE);
}
