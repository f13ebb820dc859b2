/*
 * Kiln — float16 fully connected, portable C kernel kiln_fc_flt_f16() (every build without Helium float); the
 * body is kiln_fc_flt_c.inc.
 */
#include "Include/Internal/kiln_flt_ops.h"

#if ARM_NN_ENABLE_F16 && !KILN_FLT_OPS_MVE

#define KILN_FLT_T        float16_t
#define KILN_FLT_NAME(n)  n##_f16
#define KILN_FLT_FC_BLOCK KILN_FC_F16_BLOCK
#include "kiln_fc_flt_c.inc"

#endif
