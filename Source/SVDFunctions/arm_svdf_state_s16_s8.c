/*
 * Kiln — arm_svdf_state_s16_s8: TFLite int8 SVDF with an int16 state and int16 time weights, one time
 * step per call (Internal/kiln_svdf.h). Portable C on every backend but for the feature products
 * (Internal/kiln_dot.h) (route "svdf_c"): no scratch;
 * input_ctx / output_ctx are not used (not read).
 */
#include "Include/arm_nnfunctions.h"
#include "Include/Internal/kiln_svdf.h"

#define KILN_SVDF_STATE_T int16_t
#define KILN_SVDF_IS_S16 true
/* the wrapped sum: the exact int64 one modulo 2^32 */
#define KILN_SVDF_TIME_DOT(wt, st, n) ((uint32_t)(uint64_t)kiln_dot_s16_s16((wt), (st), (n)))
#define KILN_SVDF_STEP kiln_svdf_step_s16
#include "kiln_svdf_step.inc"

arm_cmsis_nn_status arm_svdf_state_s16_s8(const cmsis_nn_context *input_ctx,
                                          const cmsis_nn_context *output_ctx,
                                          const cmsis_nn_svdf_params *svdf_params,
                                          const cmsis_nn_per_tensor_quant_params *input_quant_params,
                                          const cmsis_nn_per_tensor_quant_params *output_quant_params,
                                          const cmsis_nn_dims *input_dims,
                                          const int8_t *input_data,
                                          const cmsis_nn_dims *state_dims,
                                          int16_t *state_data,
                                          const cmsis_nn_dims *weights_feature_dims,
                                          const int8_t *weights_feature_data,
                                          const cmsis_nn_dims *weights_time_dims,
                                          const int16_t *weights_time_data,
                                          const cmsis_nn_dims *bias_dims,
                                          const int32_t *bias_data,
                                          const cmsis_nn_dims *output_dims,
                                          int8_t *output_data)
{
    (void)state_dims; /* not read: callers leave them unset (see Internal/kiln_svdf.h) */
    (void)bias_dims;
    (void)output_dims;
    kiln_svdf_args a;
    if (kiln_svdf_validate(KILN_SVDF_OP_STATE_S16, false, NULL, input_ctx, output_ctx, svdf_params,
                           input_quant_params, output_quant_params, input_dims, input_data, state_data,
                           weights_feature_dims, weights_feature_data, weights_time_dims, weights_time_data,
                           output_data, &a) != ARM_CMSIS_NN_SUCCESS)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    kiln_svdf_step_s16(&a, input_data, state_data, weights_feature_data, weights_time_data, bias_data, output_data);
    return ARM_CMSIS_NN_SUCCESS;
}
