/*
 * Shared pieces of the tests/acti programs: buffers with guard bytes for int8 / int16 elements,
 * random int16 data, TFLite's QuantizeMultiplier from a real scale, and the largest left shift a
 * value range allows. Everything here is test code, independent of the library's internals.
 */
#ifndef ACTI_COMMON_H
#define ACTI_COMMON_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "kiln_test.h"

#define ACTI_GUARD  32 /* bytes on each side of an output */
#define ACTI_CANARY 0x5A

/* Element access for tests written once for int8 and int16. */
static inline int32_t acti_get(const void *p, int32_t i, bool s16)
{
    return s16 ? ((const int16_t *)p)[i] : ((const int8_t *)p)[i];
}

static inline void acti_set(void *p, int32_t i, int32_t v, bool s16)
{
    if (s16)
    {
        ((int16_t *)p)[i] = (int16_t)v;
    }
    else
    {
        ((int8_t *)p)[i] = (int8_t)v;
    }
}

static inline int32_t acti_tmin(bool s16)
{
    return s16 ? INT16_MIN : INT8_MIN;
}

static inline int32_t acti_tmax(bool s16)
{
    return s16 ? INT16_MAX : INT8_MAX;
}

static inline int32_t acti_clamp(int64_t v, int32_t lo, int32_t hi)
{
    return (int32_t)(v < lo ? lo : (v > hi ? hi : v));
}

/* Whether the ACTI_GUARD bytes before p and the ACTI_GUARD bytes after its bytes bytes still hold
 * the canary. */
static inline bool acti_guards_intact(const void *p, size_t bytes)
{
    const uint8_t *b = (const uint8_t *)p;
    for (int32_t i = 1; i <= ACTI_GUARD; i++)
    {
        if (*(b - i) != ACTI_CANARY || b[bytes + (size_t)i - 1] != ACTI_CANARY)
        {
            return false;
        }
    }
    return true;
}

/* n random values of the element type: uniform over the type, or (int16) near zero, or the
 * extremes of the type, by mode. */
static inline void acti_fill(kiln_rng *r, void *dst, int32_t n, bool s16, int32_t mode)
{
    const int32_t lo = acti_tmin(s16), hi = acti_tmax(s16);
    for (int32_t i = 0; i < n; i++)
    {
        int32_t v;
        if (mode % 3 == 1)
        {
            v = kiln_rng_range(r, s16 ? -3000 : -20, s16 ? 3000 : 20);
        }
        else if (mode % 3 == 2 && (kiln_rng_u32(r) & 3u) == 0)
        {
            v = (kiln_rng_u32(r) & 1u) ? lo : hi;
        }
        else
        {
            v = kiln_rng_range(r, lo, hi);
        }
        acti_set(dst, i, v, s16);
    }
}

/* Largest s in [0, 30] with vlo * 2^s and vhi * 2^s both within int32 (30 for an empty range). */
static inline int32_t acti_max_shift(int64_t vlo, int64_t vhi)
{
    int32_t s = 0;
    while (s < 30 && vlo * ((int64_t)1 << (s + 1)) >= INT32_MIN && vhi * ((int64_t)1 << (s + 1)) <= INT32_MAX)
    {
        s++;
    }
    return s;
}

/* TFLite's QuantizeMultiplier of a positive real: q in [2^30, 2^31) and shift with
 * real = q * 2^(shift - 31). */
static inline void acti_quantize_multiplier(double real, int32_t *q, int32_t *shift)
{
    int32_t e = 0;
    while (real >= 1.0)
    {
        real /= 2.0;
        e++;
    }
    while (real < 0.5)
    {
        real *= 2.0;
        e--;
    }
    int64_t m = (int64_t)(real * 2147483648.0 + 0.5);
    if (m == ((int64_t)1 << 31))
    {
        m /= 2;
        e++;
    }
    *q = (int32_t)m;
    *shift = e;
}

/* A random positive real (1 + u) * 2^k, u uniform in [0, 1), k uniform in [klo, khi]: scales
 * spread over several octaves. */
static inline double acti_rand_scale(kiln_rng *r, int32_t klo, int32_t khi)
{
    double v = 1.0 + (double)kiln_rng_u32(r) / 4294967296.0;
    int32_t k = kiln_rng_range(r, klo, khi);
    for (; k > 0; k--)
    {
        v *= 2.0;
    }
    for (; k < 0; k++)
    {
        v /= 2.0;
    }
    return v;
}

#endif /* ACTI_COMMON_H */
