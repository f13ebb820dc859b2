/*
 * Kiln — float32 max pooling, arm_max_pool_f32: NHWC, windows of filter_dims h x w at stride, padding
 * skipped (the maximum of the in-bounds taps; a window without one gives activation.min), clamped to the activation
 * range. No scratch; ctx is not used and may be NULL.
 */
#include "Include/Internal/kiln_flt_ops.h"

#if ARM_NN_ENABLE_F32

arm_cmsis_nn_status arm_max_pool_f32(const cmsis_nn_context *ctx,
                                     const cmsis_nn_pool_params_f32 *pool_params,
                                     const cmsis_nn_dims *input_dims,
                                     const float32_t *src,
                                     const cmsis_nn_dims *filter_dims,
                                     const cmsis_nn_dims *output_dims,
                                     float32_t *dst)
{
    (void)ctx;
    kiln_pool_flt_geom g;
    if (pool_params == NULL ||
        kiln_pool_flt_entry_check(&pool_params->stride, &pool_params->padding, (float32_t)pool_params->activation.min,
                                  (float32_t)pool_params->activation.max, input_dims, filter_dims, output_dims,
                                  (int64_t)sizeof(*dst), src, dst, &g) != ARM_CMSIS_NN_SUCCESS)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (!g.empty)
    {
        kiln_max_pool_flt_f32(&g, src, dst, (float32_t)pool_params->activation.min,
                              (float32_t)pool_params->activation.max);
    }
    return ARM_CMSIS_NN_SUCCESS;
}

#endif /* ARM_NN_ENABLE_F32 */
