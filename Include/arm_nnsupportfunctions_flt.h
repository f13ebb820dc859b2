/*
 * Kiln — float support functions and the float convolution route predicates.
 * Built only with ARM_NN_ENABLE_F32 / ARM_NN_ENABLE_F16.
 */
#ifndef ARM_NNSUPPORTFUNCTIONS_FLT_H
#define ARM_NNSUPPORTFUNCTIONS_FLT_H

#include "arm_nn_math_types_flt.h"
#include "arm_nn_types_flt.h"
#include "arm_nnsupportfunctions.h"

#ifdef __cplusplus
extern "C" {
#endif

/* @kiln-flt-support */

#ifdef __cplusplus
}
#endif

#endif /* ARM_NNSUPPORTFUNCTIONS_FLT_H */
