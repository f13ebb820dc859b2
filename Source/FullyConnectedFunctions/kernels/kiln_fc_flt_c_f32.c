/*
 * Kiln — float32 fully connected, portable C kernel kiln_fc_flt_f32() (every build without Helium float); the
 * body is kiln_fc_flt_c.inc.
 */
#include "Include/Internal/kiln_flt_ops.h"

#if ARM_NN_ENABLE_F32 && !KILN_FLT_OPS_MVE

#define KILN_FLT_T        float32_t
#define KILN_FLT_NAME(n)  n##_f32
#define KILN_FLT_FC_BLOCK KILN_FC_F32_BLOCK
#include "kiln_fc_flt_c.inc"

#endif
