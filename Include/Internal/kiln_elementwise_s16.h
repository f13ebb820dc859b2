/*
 * Kiln internals: argument checks shared by the int16 elementwise ADD and MUL
 * (Source/BasicMathFunctions/arm_elementwise_{add,mul}_s16.c, portable C on every backend).
 */
#ifndef KILN_ELEMENTWISE_S16_H
#define KILN_ELEMENTWISE_S16_H

#include "Internal/kiln_elementwise.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Largest |offset| accepted (inputs and output). It keeps in + offset within +-98303 (< 2^17), so
 * the extreme shifted inputs (<< up to 31) and the corner products stay exact in int64. */
#define KILN_S16_OFFSET_MAX 65535

static inline bool kiln_offset_s16_ok(int32_t offset)
{
    return offset >= -KILN_S16_OFFSET_MAX && offset <= KILN_S16_OFFSET_MAX;
}

#ifdef __cplusplus
}
#endif

#endif /* KILN_ELEMENTWISE_S16_H */
