/*
 * Helpers shared by the float SVDF and float transposed-convolution tests (tests/svdf_flt, tests/tconv_flt):
 * the rounding-error model their double references assert, random operands, and canary checks.
 */
#ifndef FLT_BOUND_UTIL_H
#define FLT_BOUND_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "kiln_test.h"

#define FBU_CANARY 0xA5

static inline double fbu_abs(double x)
{
    return x < 0.0 ? -x : x;
}

/* gamma(k) = k u / (1 - k u), u = 2^-24: the bound of any float32 sum of k rounded terms, relative to the sum
 * of their magnitudes (any order, fused multiply-adds or not). */
static inline double fbu_gamma(int64_t k)
{
    const double u = 1.0 / 16777216.0;
    return (double)k * u / (1.0 - (double)k * u);
}

/* The bound after rounding a value v (itself within e of the exact one) to float16 when f16 is true:
 * e + 2^-11 (|v| + e) + 2^-25 (half the smallest float16 subnormal); e unchanged for float32 storage. */
static inline double fbu_store_err(bool f16, double v, double e)
{
    return f16 ? e + (fbu_abs(v) + e) / 2048.0 + 1.0 / 33554432.0 : e;
}

/* A random value in [-1, 1) with a full float32 mantissa step (2^-23). */
static inline float fbu_rnd(kiln_rng *r)
{
    return (float)((double)(kiln_rng_u32(r) >> 8) / 8388608.0 - 1.0);
}

/* A quiet NaN without a division by zero. */
static inline float fbu_nan(void)
{
    const uint32_t bits = 0x7FC00000u;
    float f;
    memcpy(&f, &bits, sizeof(f));
    return f;
}

/* Canary bytes at both ends of a buffer laid out as guard | body | guard (byte counts). */
static inline void fbu_guards_set(void *buf, size_t guard, size_t body)
{
    memset(buf, FBU_CANARY, guard);
    memset((uint8_t *)buf + guard + body, FBU_CANARY, guard);
}

static inline bool fbu_all_canary(const void *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
    {
        if (((const uint8_t *)p)[i] != FBU_CANARY)
        {
            return false;
        }
    }
    return true;
}

static inline bool fbu_guards_ok(const void *buf, size_t guard, size_t body)
{
    return fbu_all_canary(buf, guard) && fbu_all_canary((const uint8_t *)buf + guard + body, guard);
}

#endif /* FLT_BOUND_UTIL_H */
