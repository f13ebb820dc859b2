/*
 * Kiln — float32 average / max pooling, portable C kernels kiln_avg_pool_flt_f32() and kiln_max_pool_flt_f32()
 * (every build without Helium float); the body is kiln_pool_flt_c.inc.
 */
#include "Include/Internal/kiln_flt_ops.h"

#if ARM_NN_ENABLE_F32 && !KILN_FLT_OPS_MVE

#define KILN_FLT_T       float32_t
#define KILN_FLT_NAME(n) n##_f32
#include "kiln_pool_flt_c.inc"

#endif
