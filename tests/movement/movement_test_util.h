/* Helpers shared by the data movement tests (int8, int16 and float transpose). */
#ifndef MOVEMENT_TEST_UTIL_H
#define MOVEMENT_TEST_UTIL_H

#include <stdint.h>

#include "kiln_test.h"

/* n! for n = 0 .. 4: the number of permutations of each rank. */
static const int32_t mv_fact[5] = {1, 1, 2, 6, 24};

/* Permutation number index (0 .. rank! - 1) of 0 .. rank - 1, in lexicographic order, into perm[0 .. rank - 1]. */
static inline void mv_perm_from_index(int32_t index, int32_t rank, uint32_t *perm)
{
    uint32_t pool[4] = {0, 1, 2, 3};
    int32_t left = rank;
    for (int32_t i = 0; i < rank; i++)
    {
        const int32_t f = mv_fact[rank - 1 - i];
        const int32_t pick = index / f;
        index %= f;
        perm[i] = pool[pick];
        for (int32_t j = pick; j < left - 1; j++)
        {
            pool[j] = pool[j + 1];
        }
        left--;
    }
}

/* A random PAD case: extents d (0, 1 or up to 7 / 19 on the last axis), paddings pre / post (0 .. 3) per axis,
 * redrawn until the padded element count is at most max_total; returns that count, *in_count the input's. */
static inline int32_t mv_random_pad_shape(kiln_rng *r, int32_t d[4], int32_t pre[4], int32_t post[4],
                                          int32_t max_total, int32_t *in_count)
{
    int32_t total;
    do
    {
        *in_count = 1;
        total = 1;
        for (int32_t k = 0; k < 4; k++)
        {
            const int32_t p = kiln_rng_range(r, 0, 19);
            d[k] = p == 0 ? 0 : (p <= 5 ? 1 : kiln_rng_range(r, 2, k == 3 ? 19 : 7));
            pre[k] = kiln_rng_range(r, 0, 9) < 4 ? 0 : kiln_rng_range(r, 1, 3);
            post[k] = kiln_rng_range(r, 0, 9) < 4 ? 0 : kiln_rng_range(r, 1, 3);
            *in_count *= d[k];
            total *= pre[k] + d[k] + post[k];
        }
    } while (total > max_total);
    return total;
}

#endif /* MOVEMENT_TEST_UTIL_H */
