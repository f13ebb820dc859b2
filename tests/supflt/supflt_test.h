/*
 * Shared helpers of the float support-function tests (tests/supflt): bit casts, random values, float16 ulps.
 * The references are written here in double precision (libm), independently of the library.
 */
#ifndef SUPFLT_TEST_H
#define SUPFLT_TEST_H

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "Include/arm_nnfunctions.h"
#include "Include/arm_nnsupportfunctions.h"
#include "Include/arm_nnsupportfunctions_flt.h"
#include "kiln_test.h"

static inline uint32_t sf_bits32(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof(u));
    return u;
}

static inline float sf_f32(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof(f));
    return f;
}

/* Uniform in [lo, hi]. */
static inline double sf_uniform(kiln_rng *r, double lo, double hi)
{
    return lo + (hi - lo) * ((double)kiln_rng_u32(r) / 4294967295.0);
}

/* A float32 drawn for wide coverage: uniform in [lo, hi] or a random bit pattern whose value lies there. */
static inline float sf_draw(kiln_rng *r, float lo, float hi)
{
    if (kiln_rng_range(r, 0, 3) == 0)
    {
        for (int i = 0; i < 64; i++)
        {
            const float f = sf_f32(kiln_rng_u32(r));
            if (f >= lo && f <= hi)
            {
                return f;
            }
        }
    }
    return (float)sf_uniform(r, lo, hi);
}

/* Unit in the last place of float16 at magnitude |v| (2^-24 in the subnormal range). */
static inline double sf_ulp16(double v)
{
    const double a = fabs(v);
    if (a < 0x1p-14)
    {
        return 0x1p-24;
    }
    int e;
    (void)frexp(a, &e); /* a = m 2^e, m in [0.5, 1) */
    return ldexp(1.0, e - 11);
}

#if ARM_NN_ENABLE_F16
static inline uint16_t sf_bits16(float16_t h)
{
    uint16_t u;
    memcpy(&u, &h, sizeof(u));
    return u;
}

static inline float16_t sf_f16(uint16_t u)
{
    float16_t h;
    memcpy(&h, &u, sizeof(h));
    return h;
}

static inline bool sf_nan16(uint16_t u)
{
    return (u & 0x7FFFu) > 0x7C00u;
}
#endif

#endif /* SUPFLT_TEST_H */
