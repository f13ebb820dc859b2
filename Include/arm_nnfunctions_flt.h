/*
 * Kiln — public float32 / float16 functions (CMSIS-NN compatible names and signatures).
 * Built only with ARM_NN_ENABLE_F32 / ARM_NN_ENABLE_F16.
 */
#ifndef ARM_NNFUNCTIONS_FLT_H
#define ARM_NNFUNCTIONS_FLT_H

#include "arm_nn_math_types_flt.h"
#include "arm_nn_types_flt.h"

#ifdef __cplusplus
extern "C" {
#endif

#if ARM_NN_ENABLE_F32
/* @kiln-f32 */
#endif

#if ARM_NN_ENABLE_F16
/* @kiln-f16 */
#endif

#ifdef __cplusplus
}
#endif

#endif /* ARM_NNFUNCTIONS_FLT_H */
