/* Kiln — arm_max_pool_s16: TFLite int16 MAX_POOL_2D. */
#include "Include/arm_nnfunctions.h"
#include "Include/Internal/kiln_pool_s8.h"

arm_cmsis_nn_status arm_max_pool_s16(const cmsis_nn_context *ctx,
                                     const cmsis_nn_pool_params *pool_params,
                                     const cmsis_nn_dims *input_dims,
                                     const int16_t *src,
                                     const cmsis_nn_dims *filter_dims,
                                     const cmsis_nn_dims *output_dims,
                                     int16_t *dst)
{
    /* No route uses scratch, so ctx is never read. */
    (void)ctx;
    kiln_pool_s8_geom g;
    if (!kiln_pool_s8_check(KILN_POOL_S16_MAX, pool_params, input_dims, src, filter_dims, output_dims, dst, &g))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    kiln_pool_s8_plan_info plan;
    if (kiln_pool_s8_plan(&g, KILN_POOL_S16_MAX, KILN_NATIVE_ISA, &plan) != 0 || plan.scratch_bytes != 0)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    kiln_maxpool_s16_c(&g, src, dst);
    return ARM_CMSIS_NN_SUCCESS;
}
