/*
 * Helpers of the ns-cmsis-nn integer-extras tests (tests/intmisc): random NHWC broadcast shapes, the broadcast
 * index of an output element, guard-byte buffers, an independent TFLite requantization (MultiplyByQuantized-
 * Multiplier, in 64-bit arithmetic with explicit overflow reporting) and TFLite's QuantizeMultiplier.
 */
#ifndef INTMISC_TEST_H
#define INTMISC_TEST_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "kiln_test.h"

#define IM_GUARD  32
#define IM_CANARY 0xA5

/* Whether the IM_GUARD bytes before and after [base + IM_GUARD, + bytes) still hold the canary. */
static inline bool im_guards_intact(const void *buf, size_t bytes)
{
    const uint8_t *b = (const uint8_t *)buf;
    for (size_t i = 0; i < IM_GUARD; i++)
    {
        if (b[i] != IM_CANARY || b[IM_GUARD + bytes + i] != IM_CANARY)
        {
            return false;
        }
    }
    return true;
}

/* Whether every byte of buf is the canary (an output left untouched by a failing call). */
static inline bool im_all_canary(const void *buf, size_t bytes)
{
    const uint8_t *b = (const uint8_t *)buf;
    for (size_t i = 0; i < bytes; i++)
    {
        if (b[i] != IM_CANARY)
        {
            return false;
        }
    }
    return true;
}

/*
 * A random broadcast case: output dims o (product <= max_elems, a dim 0 now and then when allow_empty), and the
 * inputs' dims a, b, each dim full or 1 according to bits of pattern (bit k: input 1 dim k is 1, bit k + 4: input 2
 * dim k is 1). Where both are 1 the output dim is 1.
 */
static inline void im_broadcast_shape(
    kiln_rng *r, int32_t pattern, int32_t max_elems, bool empty, int32_t o[4], int32_t a[4], int32_t b[4])
{
    int32_t span;
    do
    {
        span = 1;
        for (int32_t k = 0; k < 4; k++)
        {
            const int32_t pick = kiln_rng_range(r, 0, 9);
            o[k] = pick < 2 ? 1 : (pick < 8 ? kiln_rng_range(r, 2, 7) : kiln_rng_range(r, 8, 24));
            span *= o[k];
        }
    } while (span > max_elems);
    for (int32_t k = 0; k < 4; k++)
    {
        a[k] = ((pattern >> k) & 1) ? 1 : o[k];
        b[k] = ((pattern >> (k + 4)) & 1) ? 1 : o[k];
        if (a[k] == 1 && b[k] == 1)
        {
            o[k] = 1;
        }
    }
    if (empty)
    {
        /* One output dim 0: there each input has 0 or 1 (not both 1). */
        const int32_t k = kiln_rng_range(r, 0, 3);
        o[k] = 0;
        a[k] = ((pattern >> k) & 1) ? 1 : 0;
        b[k] = (a[k] == 1) ? 0 : (((pattern >> (k + 4)) & 1) ? 1 : 0);
    }
}

static inline int32_t im_count4(const int32_t d[4])
{
    return d[0] * d[1] * d[2] * d[3];
}

/* Flat index into an input of dims d of the output element at coordinates (n, h, w, c) (broadcast dims read 0). */
static inline int32_t im_bcast_index(const int32_t d[4], int32_t n, int32_t h, int32_t w, int32_t c)
{
    n = d[0] == 1 ? 0 : n;
    h = d[1] == 1 ? 0 : h;
    w = d[2] == 1 ? 0 : w;
    c = d[3] == 1 ? 0 : c;
    return ((n * d[1] + h) * d[2] + w) * d[3] + c;
}

/*
 * TFLite MultiplyByQuantizedMultiplier(x, mult, shift) written from its definition: x * 2^max(shift, 0) (must fit
 * int32), the saturating rounding doubling high multiply (round half away from zero of x * mult / 2^31), then a
 * division by 2^max(-shift, 0) rounded half away from zero. *ok is cleared when an intermediate leaves int32.
 */
static inline int32_t im_mbqm(int32_t x, int32_t mult, int32_t shift, bool *ok)
{
    const int32_t left = shift > 0 ? shift : 0, right = shift > 0 ? 0 : -shift;
    const int64_t xs = (int64_t)x * ((int64_t)1 << left);
    if (xs < INT32_MIN || xs > INT32_MAX)
    {
        *ok = false;
        return 0;
    }
    int64_t hi;
    if (xs == INT32_MIN && mult == INT32_MIN)
    {
        hi = INT32_MAX;
    }
    else
    {
        /* SaturatingRoundingDoublingHighMul: the nudge, then C's truncating division, as TFLite writes it. */
        const int64_t p = xs * (int64_t)mult;
        const int64_t nudge = p >= 0 ? ((int64_t)1 << 30) : (1 - ((int64_t)1 << 30));
        const int64_t s = p + nudge;
        hi = s / ((int64_t)1 << 31); /* C division truncates toward zero, as TFLite's */
    }
    if (right == 0)
    {
        return (int32_t)hi;
    }
    /* Round half away from zero of hi / 2^right. */
    const int64_t mag = hi < 0 ? -hi : hi;
    const int64_t q = (mag + ((int64_t)1 << (right - 1))) >> right;
    return (int32_t)(hi < 0 ? -q : q);
}

/* TFLite QuantizeMultiplier for a real multiplier > 0: mult in [2^30, 2^31), real = mult * 2^(shift - 31). */
static inline void im_quantize_multiplier(double real, int32_t *mult, int32_t *shift)
{
    int32_t e = 0;
    while (real >= 1.0)
    {
        real *= 0.5;
        e++;
    }
    while (real < 0.5)
    {
        real *= 2.0;
        e--;
    }
    int64_t q = (int64_t)(real * 2147483648.0 + 0.5);
    if (q == ((int64_t)1 << 31))
    {
        q /= 2;
        e++;
    }
    *mult = (int32_t)q;
    *shift = e;
}

#endif /* INTMISC_TEST_H */
