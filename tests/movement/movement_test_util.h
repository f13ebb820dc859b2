/* Helpers shared by the data movement tests (int8, int16 and float transpose). */
#ifndef MOVEMENT_TEST_UTIL_H
#define MOVEMENT_TEST_UTIL_H

#include <stdint.h>

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

#endif /* MOVEMENT_TEST_UTIL_H */
