/*
 * Kiln — arm_reduce_sum_f16: SUM on float16_t NHWC tensors (built with ARM_NN_ENABLE_F16; ns-cmsis-nn form: axis_dims marks the
 * reduced axes, the output keeps every axis), accumulated in float32 (kiln_reduce_sum.inc). Portable C on every
 * backend.
 */
#include "Include/Internal/kiln_reduce.h"
#include "Include/arm_nnfunctions.h"

#if ARM_NN_ENABLE_F16

#define KILN_RSUM_T float16_t
#define KILN_RSUM_NAME arm_reduce_sum_f16
#include "kiln_reduce_sum.inc"

#endif /* ARM_NN_ENABLE_F16 */
