/*
 * Kiln — arm_svdf_f16: TFLite's float SVDF, one time step per call, on float16_t storage
 * (Internal/kiln_svdf_flt.h). Portable C on every backend (route "svdf_c"): no scratch; ctx, input_ctx and
 * output_ctx are not read. state_dims, bias_dims and output_dims are not read either (the shape comes from
 * input_dims, weights_feature_dims, weights_time_dims and the rank, as for the int8 entries).
 */
#include <string.h>

#include "Include/Internal/kiln_svdf_flt.h"

#if ARM_NN_ENABLE_F16

#define KILN_SVDF_FLT_T float16_t
#define KILN_SVDF_FLT_STEP kiln_svdf_step_f16
#include "kiln_svdf_flt_step.inc"

arm_cmsis_nn_status arm_svdf_f16(const cmsis_nn_context *ctx,
                                 const cmsis_nn_context *input_ctx,
                                 const cmsis_nn_context *output_ctx,
                                 const cmsis_nn_svdf_params_f16 *svdf_params,
                                 const cmsis_nn_dims *input_dims,
                                 const float16_t *input_data,
                                 const cmsis_nn_dims *state_dims,
                                 float16_t *state_data,
                                 const cmsis_nn_dims *weights_feature_dims,
                                 const float16_t *weights_feature_data,
                                 const cmsis_nn_dims *weights_time_dims,
                                 const float16_t *weights_time_data,
                                 const cmsis_nn_dims *bias_dims,
                                 const float16_t *bias_data,
                                 const cmsis_nn_dims *output_dims,
                                 float16_t *output_data)
{
    (void)ctx; /* no scratch (see Internal/kiln_svdf_flt.h) */
    (void)input_ctx;
    (void)output_ctx;
    (void)state_dims;
    (void)bias_dims;
    (void)output_dims;
    if (svdf_params == NULL)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const float32_t in_min = (float32_t)svdf_params->input_activation.min;
    const float32_t in_max = (float32_t)svdf_params->input_activation.max;
    const float32_t out_min = (float32_t)svdf_params->output_activation.min;
    const float32_t out_max = (float32_t)svdf_params->output_activation.max;
    kiln_svdf_flt_shape s;
    if (!kiln_svdf_flt_check(svdf_params->rank, in_min, in_max, out_min, out_max, input_dims, input_data,
                             state_data, weights_feature_dims, weights_feature_data, weights_time_dims,
                             weights_time_data, output_data, &s))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    kiln_svdf_step_f16(&s, in_min, in_max, out_min, out_max, input_data, state_data, weights_feature_data,
                      weights_time_data, bias_data, output_data);
    return ARM_CMSIS_NN_SUCCESS;
}

#endif /* ARM_NN_ENABLE_F16 */
