/*
 * Kiln — float16 average pooling, arm_avg_pool_f16: NHWC, windows of filter_dims h x w at stride, padding
 * skipped (the average of the in-bounds taps only; a window without one gives 0), clamped to the activation range. No
 * scratch; ctx is not used and may be NULL.
 */
#include "Include/Internal/kiln_flt_ops.h"

#if ARM_NN_ENABLE_F16

arm_cmsis_nn_status arm_avg_pool_f16(const cmsis_nn_context *ctx,
                                     const cmsis_nn_pool_params_f16 *pool_params,
                                     const cmsis_nn_dims *input_dims,
                                     const float16_t *src,
                                     const cmsis_nn_dims *filter_dims,
                                     const cmsis_nn_dims *output_dims,
                                     float16_t *dst)
{
    (void)ctx;
    if (pool_params == NULL)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const float32_t lo = (float32_t)pool_params->activation.min;
    const float32_t hi = (float32_t)pool_params->activation.max;
    kiln_pool_flt_geom g;
    if (!(lo <= hi) || kiln_pool_flt_check(&pool_params->stride, &pool_params->padding, input_dims, filter_dims,
                                           output_dims, (int64_t)sizeof(float16_t), &g) != ARM_CMSIS_NN_SUCCESS)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (g.empty)
    {
        return ARM_CMSIS_NN_SUCCESS;
    }
    if (dst == NULL || (src == NULL && kiln_dims_count(input_dims) > 0))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    kiln_avg_pool_flt_f16(&g, src, dst, lo, hi);
    return ARM_CMSIS_NN_SUCCESS;
}

#endif /* ARM_NN_ENABLE_F16 */
