/* Kiln — arm_avgpool_s16 and its scratch queries: TFLite int16 AVERAGE_POOL_2D. */
#include "Include/arm_nnfunctions.h"
#include "Include/Internal/kiln_pool_s8.h"

arm_cmsis_nn_status arm_avgpool_s16(const cmsis_nn_context *ctx,
                                    const cmsis_nn_pool_params *pool_params,
                                    const cmsis_nn_dims *input_dims,
                                    const int16_t *input_data,
                                    const cmsis_nn_dims *filter_dims,
                                    const cmsis_nn_dims *output_dims,
                                    int16_t *output_data)
{
    /* No int16 route uses scratch, so ctx is never read (callers often leave it uninitialized). */
    (void)ctx;
    kiln_pool_s8_geom g;
    if (!kiln_pool_s8_check(KILN_POOL_S16_AVG, pool_params, input_dims, input_data, filter_dims, output_dims,
                            output_data, &g))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    kiln_pool_s8_plan_info plan;
    if (kiln_pool_s8_plan(&g, KILN_POOL_S16_AVG, KILN_NATIVE_ISA, &plan) != 0 || plan.scratch_bytes != 0)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    kiln_avgpool_s16_c(&g, input_data, output_data);
    return ARM_CMSIS_NN_SUCCESS;
}

/* The query knows the output width and channels only, all the plan needs. */
static int32_t kiln_avgpool_s16_query(int dim_dst_width, int ch_src, kiln_isa isa)
{
    kiln_pool_s8_geom g;
    memset(&g, 0, sizeof(g));
    g.out_w = (int32_t)dim_dst_width;
    g.ch = (int32_t)ch_src;
    kiln_pool_s8_plan_info plan;
    if (kiln_pool_s8_plan(&g, KILN_POOL_S16_AVG, isa, &plan) != 0)
    {
        return -1;
    }
    return kiln_query_result(plan.scratch_bytes);
}

int32_t arm_avgpool_s16_get_buffer_size(const int dim_dst_width, const int ch_src)
{
    return kiln_avgpool_s16_query(dim_dst_width, ch_src, KILN_NATIVE_ISA);
}

int32_t arm_avgpool_s16_get_buffer_size_dsp(const int dim_dst_width, const int ch_src)
{
    return kiln_avgpool_s16_query(dim_dst_width, ch_src, KILN_ISA_DSP);
}

int32_t arm_avgpool_s16_get_buffer_size_mve(const int dim_dst_width, const int ch_src)
{
    return kiln_avgpool_s16_query(dim_dst_width, ch_src, KILN_ISA_MVE);
}
