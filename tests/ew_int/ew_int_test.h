/*
 * Helpers of the ns-cmsis-nn integer elementwise tests (tests/ew_int): typed access to int8 / int16 buffers held
 * as bytes (so one test body covers both types), guard-byte buffers and TFLite's arithmetic written here from its
 * definition (MultiplyByQuantizedMultiplier with overflow reporting: im_mbqm of tests/intmisc/intmisc_test.h).
 */
#ifndef EW_INT_TEST_H
#define EW_INT_TEST_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "../intmisc/intmisc_test.h"
#include "arm_nnfunctions.h"

/* The element type of a case. */
typedef struct
{
    bool s16;
    int32_t tmin, tmax;
    size_t esize;
} et_type;

static const et_type ET_S8 = {false, INT8_MIN, INT8_MAX, 1};
static const et_type ET_S16 = {true, INT16_MIN, INT16_MAX, 2};

static inline int32_t et_get(const et_type *t, const void *buf, int32_t i)
{
    return t->s16 ? ((const int16_t *)buf)[i] : ((const int8_t *)buf)[i];
}

static inline void et_set(const et_type *t, void *buf, int32_t i, int32_t v)
{
    if (t->s16)
    {
        ((int16_t *)buf)[i] = (int16_t)v;
    }
    else
    {
        ((int8_t *)buf)[i] = (int8_t)v;
    }
}

/* A random value of the type: uniform, an extreme now and then. */
static inline int32_t et_rand(const et_type *t, kiln_rng *r)
{
    const int32_t pick = kiln_rng_range(r, 0, 15);
    if (pick == 0)
    {
        return t->tmin;
    }
    if (pick == 1)
    {
        return t->tmax;
    }
    if (pick == 2)
    {
        return kiln_rng_range(r, -2, 2);
    }
    return kiln_rng_range(r, t->tmin, t->tmax);
}

static inline void et_fill(const et_type *t, kiln_rng *r, void *buf, int32_t n)
{
    for (int32_t i = 0; i < n; i++)
    {
        et_set(t, buf, i, et_rand(t, r));
    }
}

/* A value that fits int32 (else *ok cleared). */
static inline int32_t et_fit(int64_t v, bool *ok)
{
    if (v < INT32_MIN || v > INT32_MAX)
    {
        *ok = false;
        return 0;
    }
    return (int32_t)v;
}

/* A multiplier / shift pair inside TFLite's documented domain (multiplier >= 0, shift in [-31, 30]). */
static inline bool et_scale_domain(int32_t mult, int32_t shift)
{
    return mult >= 0 && shift >= -31 && shift <= 30;
}

static inline int32_t et_clamp(int32_t v, int32_t lo, int32_t hi)
{
    return v < lo ? lo : (v > hi ? hi : v);
}

/* A random multiplier: TFLite's [2^30, 2^31) mostly, else 0, 1, INT32_MAX or anything non-negative, or (rarely)
 * negative. */
static inline int32_t et_rand_mult(kiln_rng *r)
{
    const int32_t pick = kiln_rng_range(r, 0, 19);
    if (pick < 12)
    {
        return kiln_rng_range(r, 1 << 30, INT32_MAX);
    }
    if (pick == 12)
    {
        return 0;
    }
    if (pick == 13)
    {
        return 1;
    }
    if (pick == 14)
    {
        return kiln_rng_range(r, 0, 1) ? INT32_MAX : 1 << 30;
    }
    if (pick == 15)
    {
        return -kiln_rng_range(r, 1, INT32_MAX);
    }
    if (pick < 18)
    {
        /* Many trailing zero bits: exact products, and ties of the doubling high multiply. */
        const int32_t z = kiln_rng_range(r, 20, 30);
        return kiln_rng_range(r, 1, (int32_t)((1u << (31 - z)) - 1u)) << z;
    }
    return kiln_rng_range(r, 0, INT32_MAX);
}

/* A random shift: mostly right shifts, sometimes left shifts, rarely outside [-31, 30]. */
static inline int32_t et_rand_shift(kiln_rng *r)
{
    const int32_t pick = kiln_rng_range(r, 0, 19);
    if (pick < 12)
    {
        return kiln_rng_range(r, -31, 0);
    }
    if (pick < 18)
    {
        return kiln_rng_range(r, 1, 30);
    }
    return pick == 18 ? kiln_rng_range(r, -40, -32) : kiln_rng_range(r, 31, 40);
}

/* A random positive scale in [2^lo_e, 2^(hi_e + 1)). */
static inline double et_rand_scale(kiln_rng *r, int32_t lo_e, int32_t hi_e)
{
    double s = 1.0 + kiln_rng_u32(r) / 4294967296.0;
    for (int32_t e = kiln_rng_range(r, lo_e, hi_e); e != 0; e += e > 0 ? -1 : 1)
    {
        s = e > 0 ? s * 2.0 : s * 0.5;
    }
    return s;
}

/* The Helium int16 fast forms' edge sets (kernels/kiln_ew_int_mve.c): an output offset for the right shift ro, by
 * pick: 0 small, 1 / 2 the largest (+ / -) with co = 2^(ro - 1) + offset * 2^ro within int32 (capped at 65535), else 0. */
static inline int32_t et_edge_out_offset(kiln_rng *r, int32_t ro, int32_t pick)
{
    const int64_t near64 = ro >= 31 ? 0 : (((int64_t)1 << 31) >> ro) - 1;
    const int32_t near = (int32_t)(near64 < 65535 ? near64 : 65535);
    return pick == 0 ? kiln_rng_range(r, -300, 300) : (pick == 1 ? near : (pick == 2 ? -near : 0));
}

/* n int16 elements of a and b, each the type's minimum, maximum or random (a and b at opposite ends alike). */
static inline void et_edge_fill_s16(kiln_rng *r, int16_t *a, int16_t *b, int32_t n)
{
    for (int32_t i = 0; i < n; i++)
    {
        const int32_t e = kiln_rng_range(r, 0, 3);
        a[i] = (int16_t)(e == 0 ? INT16_MIN : (e == 1 ? INT16_MAX : kiln_rng_range(r, INT16_MIN, INT16_MAX)));
        const int32_t f = kiln_rng_range(r, 0, 3);
        b[i] = (int16_t)(f == 0 ? INT16_MAX : (f == 1 ? INT16_MIN : kiln_rng_range(r, INT16_MIN, INT16_MAX)));
    }
}

#endif /* EW_INT_TEST_H */
