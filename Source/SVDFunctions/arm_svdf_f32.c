/*
 * Kiln — arm_svdf_f32: TFLite's float SVDF, one time step per call, on float32_t storage
 * (Internal/kiln_svdf_flt.h). Portable C on every backend (route "svdf_c"): no scratch; ctx, input_ctx and
 * output_ctx are not read. state_dims, bias_dims and output_dims are not read either (the shape comes from
 * input_dims, weights_feature_dims, weights_time_dims and the rank, as for the int8 entries).
 */
#include <string.h>

#include "Include/Internal/kiln_svdf_flt.h"

#if ARM_NN_ENABLE_F32

#define KILN_SVDF_FLT_T    float32_t
#define KILN_SVDF_FLT_SFX  _f32
#define KILN_SVDF_FLT_STEP kiln_svdf_step_f32
#include "kiln_svdf_flt_step.inc" /* the step and arm_svdf_f32 */

#endif /* ARM_NN_ENABLE_F32 */
