/* Buffers between guard bytes and random helpers shared by the slice / concatenation / reduction / resize tests. */
#ifndef SR_UTIL_H
#define SR_UTIL_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "arm_nn_types.h"
#include "kiln_test.h"

#define SR_GUARD  32
#define SR_CANARY 0x5Au
#define SR_MAX    (24 * 1024) /* bytes of the largest tensor */

static uint8_t sr_in[SR_MAX];
static uint8_t sr_in_copy[SR_MAX];
static uint8_t sr_out[SR_MAX + 2 * SR_GUARD];
static uint8_t sr_want[SR_MAX];

static inline void sr_canary(void)
{
    memset(sr_out, SR_CANARY, sizeof(sr_out));
}

static inline void *sr_out_ptr(void)
{
    return sr_out + SR_GUARD;
}

/* the output bytes equal sr_want[0 .. bytes) and every other byte of sr_out keeps the canary */
static inline bool sr_out_ok(size_t bytes)
{
    for (size_t i = 0; i < sizeof(sr_out); i++)
    {
        const bool in_out = i >= SR_GUARD && i < SR_GUARD + bytes;
        if (!in_out && sr_out[i] != SR_CANARY)
        {
            return false;
        }
    }
    return memcmp(sr_out + SR_GUARD, sr_want, bytes) == 0;
}

static inline bool sr_untouched(void)
{
    return sr_out_ok(0);
}

static inline void sr_fill_input(kiln_rng *r, size_t bytes)
{
    for (size_t i = 0; i < bytes; i++)
    {
        sr_in[i] = (uint8_t)kiln_rng_u32(r);
    }
    memcpy(sr_in_copy, sr_in, bytes);
}

static inline bool sr_input_unchanged(size_t bytes)
{
    return memcmp(sr_in, sr_in_copy, bytes) == 0;
}

static inline int64_t sr_prod(const int32_t *s, int32_t n)
{
    int64_t p = 1;
    for (int32_t d = 0; d < n; d++)
    {
        p *= s[d];
    }
    return p;
}

static inline void dims_set(cmsis_nn_dims *d, const int32_t *a)
{
    d->n = a[0];
    d->h = a[1];
    d->w = a[2];
    d->c = a[3];
}

#endif /* SR_UTIL_H */
