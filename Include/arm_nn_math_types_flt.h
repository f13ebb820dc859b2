/*
 * Kiln — float math types. float32_t is float; float16_t is the compiler's half type:
 * arm_mve.h's on MVE-float targets, __fp16 where the Arm half format is available (needs
 * -mfp16-format=ieee on Cortex-M4), else _Float16.
 */
#ifndef ARM_NN_MATH_TYPES_FLT_H
#define ARM_NN_MATH_TYPES_FLT_H

#include "arm_nn_math_types.h"

#ifdef __cplusplus
extern "C" {
#endif

#if ARM_NN_FLOAT_API_ENABLED
typedef float float32_t;
#define ARM_NN_F32_FINITE_MAX ((float32_t)__FLT_MAX__)
#define ARM_NN_F32_FINITE_LOWEST (-ARM_NN_F32_FINITE_MAX)
#endif

#if ARM_NN_ENABLE_F16
#if defined(__ARM_FEATURE_MVE) && (__ARM_FEATURE_MVE & 2)
/* float16_t comes from arm_mve.h (included here too when KILN_FORCE_PORTABLE left it out). */
#include <arm_mve.h>
#if !defined(ARM_FLOAT16_SUPPORTED)
#define ARM_FLOAT16_SUPPORTED
#endif
#elif defined(__ARM_FP16_FORMAT_IEEE) || defined(__ARM_FP16_FORMAT_ALTERNATIVE)
typedef __fp16 float16_t;
#if !defined(ARM_FLOAT16_SUPPORTED)
#define ARM_FLOAT16_SUPPORTED
#endif
#elif defined(__FLT16_MAX__) && (!defined(__cplusplus) || (defined(__GNUC__) && __GNUC__ >= 13))
typedef _Float16 float16_t;
#if !defined(ARM_FLOAT16_SUPPORTED)
#define ARM_FLOAT16_SUPPORTED
#endif
#else
#error "ARM_NN_ENABLE_F16 needs a compiler with a half-precision type (__fp16 or _Float16)"
#endif

#if defined(__FLT16_MAX__)
#define ARM_NN_F16_FINITE_MAX ((float16_t)__FLT16_MAX__)
#else
#define ARM_NN_F16_FINITE_MAX ((float16_t)65504.0f)
#endif
#define ARM_NN_F16_FINITE_LOWEST ((float16_t) - ARM_NN_F16_FINITE_MAX)
#endif /* ARM_NN_ENABLE_F16 */

#ifdef __cplusplus
}
#endif

#endif /* ARM_NN_MATH_TYPES_FLT_H */
