/*
 * Kiln — arm_svdf_f16: TFLite's float SVDF, one time step per call, on float16_t storage
 * (Internal/kiln_svdf_flt.h). Portable C on every backend (route "svdf_c"): no scratch; ctx, input_ctx and
 * output_ctx are not read. state_dims, bias_dims and output_dims are not read either (the shape comes from
 * input_dims, weights_feature_dims, weights_time_dims and the rank, as for the int8 entries).
 */
#include <string.h>

#include "Include/Internal/kiln_svdf_flt.h"

#if ARM_NN_ENABLE_F16

#define KILN_SVDF_FLT_T    float16_t
#define KILN_SVDF_FLT_SFX  _f16
#define KILN_SVDF_FLT_STEP kiln_svdf_step_f16
#include "kiln_svdf_flt_step.inc" /* the step and arm_svdf_f16 */

#endif /* ARM_NN_ENABLE_F16 */
