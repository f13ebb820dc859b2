/*
 * Kiln — float16 max pooling, arm_max_pool_f16: NHWC, windows of filter_dims h x w at stride, padding
 * skipped, as TFLite's MaxPool: the running maximum from the type's lowest value over the in-bounds taps (NaN
 * and -inf taps never win; a window of them, or without a tap, gives that lowest value), clamped to the activation
 * range. No
 * scratch; ctx is not used and may be NULL. (Helium's VMAXNM may return +0 where TFLite keeps an earlier -0.)
 */
#include "Include/Internal/kiln_flt_ops.h"

#define KILN_MAX_POOL_LOWEST (-65504.0f) /* the float16 lowest, -65504 */

#if ARM_NN_ENABLE_F16

arm_cmsis_nn_status arm_max_pool_f16(const cmsis_nn_context *ctx,
                                     const cmsis_nn_pool_params_f16 *pool_params,
                                     const cmsis_nn_dims *input_dims,
                                     const float16_t *src,
                                     const cmsis_nn_dims *filter_dims,
                                     const cmsis_nn_dims *output_dims,
                                     float16_t *dst)
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
        /* TFLite's running maximum starts from the type's lowest value and ignores NaN taps; the kernels walk
         * from the lower bound given here, so a lower activation bound below that lowest value starts there */
        const float32_t lo = (float32_t)pool_params->activation.min;
        kiln_max_pool_flt_f16(&g, src, dst, lo > KILN_MAX_POOL_LOWEST ? lo : KILN_MAX_POOL_LOWEST,
                              (float32_t)pool_params->activation.max);
    }
    return ARM_CMSIS_NN_SUCCESS;
}

#endif /* ARM_NN_ENABLE_F16 */
