/* Kiln reference: helpers shared by the reference sources (not part of the reference API). */
#ifndef KILN_REF_INTERNAL_H
#define KILN_REF_INTERNAL_H

#include "kiln_ref.h"

#include <stddef.h>
#include <stdint.h>

/* floor(v / 2^s), 0 <= s <= 62, for negative v too (no implementation-defined right shift). */
int64_t kiln_ref_floor_div_pow2(int64_t v, int32_t s);
/* The low 32 bits of v as a two's complement int32 (what a 32-bit register would hold). */
int32_t kiln_ref_wrap32(int64_t v);
/* x * 2^left_shift in 32-bit two's complement (wrapping), as TFLite's int32 `x * (1 << s)`;
 * left_shift <= 0 returns x, left_shift >= 32 returns 0. */
int32_t kiln_ref_shift_left_wrapping(int32_t x, int32_t left_shift);
/* v clamped to [lo, hi]. */
int32_t kiln_ref_clamp32(int64_t v, int32_t lo, int32_t hi);

/* Number of elements of a shape, or -1 when a dimension is negative or the product overflows
 * int32 (such shapes are rejected as bad arguments). */
static inline int64_t kiln_ref_count(int64_t a, int64_t b, int64_t c, int64_t d)
{
    if (a < 0 || b < 0 || c < 0 || d < 0)
    {
        return -1;
    }
    const int64_t n = a * b * c * d;
    return (n > INT32_MAX) ? -1 : n;
}

#endif /* KILN_REF_INTERNAL_H */
