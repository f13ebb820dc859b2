/*
 * Kiln — integer math types and the compile-time backend selection.
 *
 * The backend is chosen from compiler predefines exactly as CMSIS-NN does:
 *   ARM_MATH_MVEI / ARM_MATH_MVEF  Helium (M-profile Vector Extension), e.g. Cortex-M55/M85
 *   ARM_MATH_DSP                   DSP extension (SIMD32), e.g. Cortex-M4/M7/M33
 *   neither                        portable C, the readable reference for the others
 * A build may define these itself. KILN_FORCE_PORTABLE=1 suppresses the automatic definitions so
 * that the portable C backend is built on any core (used to test it on the emulated boards).
 */
#ifndef ARM_NN_MATH_TYPES_H
#define ARM_NN_MATH_TYPES_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "Internal/arm_nn_config.h"

#if !defined(KILN_FORCE_PORTABLE) || !KILN_FORCE_PORTABLE

#if defined(__ARM_FEATURE_DSP) && (__ARM_FEATURE_DSP == 1) && !defined(ARM_MATH_DSP)
#define ARM_MATH_DSP 1
#endif

#if defined(__ARM_FEATURE_MVE) && (__ARM_FEATURE_MVE & 1) && !defined(ARM_MATH_MVEI)
#define ARM_MATH_MVEI 1
#endif

#if !defined(ARM_MATH_AUTOVECTORIZE) && defined(__ARM_FEATURE_MVE) && (__ARM_FEATURE_MVE & 2)
#if !defined(ARM_MATH_MVEF)
#define ARM_MATH_MVEF 1
#endif
#if !defined(ARM_MATH_MVE_FLOAT16)
#define ARM_MATH_MVE_FLOAT16 1
#endif
#endif

#if defined(ARM_MATH_HELIUM)
#if !defined(ARM_MATH_MVEF)
#define ARM_MATH_MVEF 1
#endif
#if !defined(ARM_MATH_MVEI)
#define ARM_MATH_MVEI 1
#endif
#if !defined(ARM_MATH_MVE_FLOAT16)
#define ARM_MATH_MVE_FLOAT16 1
#endif
#endif

#endif /* !KILN_FORCE_PORTABLE */

#if defined(ARM_MATH_MVEI) || defined(ARM_MATH_MVEF)
#include <arm_mve.h>
#endif
#if defined(ARM_MATH_DSP) || defined(ARM_MATH_MVEI)
#include <arm_acle.h>
#endif

#if defined(ARM_MATH_MVE_FLOAT16) && !defined(ARM_MATH_AUTOVECTORIZE)
/* Largest byte offset a float16 gather/scatter (16-bit offsets) can address. */
#define ARM_NN_MVE_F16_GATHER_OFFSET_MAX ((size_t)UINT16_MAX)
/* Largest element stride a _lanes-lane float16 gather can use with 16-bit byte offsets. */
#define ARM_NN_MVE_F16_MAX_GATHER_STRIDE(_lanes) (ARM_NN_MVE_F16_GATHER_OFFSET_MAX / (2U * ((_lanes) - 1U)))
#define ARM_NN_MVE_F16_MAX_GATHER_STRIDE_4 ARM_NN_MVE_F16_MAX_GATHER_STRIDE(4U)
#define ARM_NN_MVE_F16_MAX_GATHER_STRIDE_8 ARM_NN_MVE_F16_MAX_GATHER_STRIDE(8U)
#define ARM_NN_MVE_F16_MAX_GATHER_STRIDE_16 ARM_NN_MVE_F16_MAX_GATHER_STRIDE(16U)
#endif

/* Compiler helpers (CMSIS-Core spellings, defined here when CMSIS-Core is not included). */
#ifndef __STATIC_FORCEINLINE
#define __STATIC_FORCEINLINE __attribute__((always_inline)) static inline
#endif
#ifndef __STATIC_INLINE
#define __STATIC_INLINE static inline
#endif
#ifndef __RESTRICT
#define __RESTRICT __restrict
#endif
#ifndef __ALIGNED
#define __ALIGNED(x) __attribute__((aligned(x)))
#endif

#define NN_Q31_MAX ((int32_t)(0x7FFFFFFFL))
#define NN_Q15_MAX ((int16_t)(0x7FFF))
#define NN_Q7_MAX ((int8_t)(0x7F))
#define NN_Q31_MIN ((int32_t)(0x80000000L))
#define NN_Q15_MIN ((int16_t)(0x8000))
#define NN_Q7_MIN ((int8_t)(0x80))

#endif /* ARM_NN_MATH_TYPES_H */
