/*
 * Kiln — softmax rows, portable C (the DSP extension has its own kernel, kiln_softmax_s8_dsp.c,
 * with the same passes on the DSP multiplies). Three passes per row: maximum, sum of exps, outputs.
 *
 * The exp of an element depends only on its diff (x - row max, one of 256 values) and on
 * mult/shift, which are fixed for the call: each exp is computed once per call, the first time
 * its diff appears, into a 256-entry cache on the stack (1 KiB + 32 bytes), and the sum and
 * output passes read it from there.
 */
#include "Include/Internal/kiln_softmax.h"

#if KILN_BUILD_C

typedef struct
{
    int32_t e[256];     /* exp for diff = -index */
    uint32_t known[8];  /* bit per index: e[index] computed */
} kiln_softmax_exp_cache;

static inline int32_t kiln_softmax_load(const void *input, int32_t i, bool is_u8)
{
    return is_u8 ? (int32_t)((const uint8_t *)input)[i] : (int32_t)((const int8_t *)input)[i];
}

static inline int32_t kiln_softmax_max(const void *in, int32_t n, bool is_u8)
{
    int32_t max = kiln_softmax_load(in, 0, is_u8);
    for (int32_t i = 1; i < n; i++)
    {
        max = MAX(max, kiln_softmax_load(in, i, is_u8));
    }
    return max;
}

static inline void kiln_softmax_row(const void *in, int32_t n, bool is_u8, bool out16, const kiln_softmax_params *p,
                                    kiln_softmax_exp_cache *cache, void *out)
{
    const int32_t max = kiln_softmax_max(in, n, is_u8);
    const int32_t diff_min = p->diff_min;

    uint64_t sum = 0;
    for (int32_t i = 0; i < n; i++)
    {
        const int32_t diff = kiln_softmax_load(in, i, is_u8) - max;
        if (diff >= diff_min)
        {
            const uint32_t k = (uint32_t)-diff;
            const uint32_t bit = 1u << (k & 31u);
            if ((cache->known[k >> 5] & bit) == 0)
            {
                cache->e[k] = kiln_softmax_exp(diff, p->mult, p->shift);
                cache->known[k >> 5] |= bit;
            }
            sum += kiln_softmax_term(cache->e[k]);
        }
    }

    int32_t recip, exponent;
    /* sum = 0 only when every element is skipped (diff_min > 0): the outputs are the minimum */
    kiln_softmax_recip(sum != 0 ? sum : (uint64_t)1 << (31 - KILN_SOFTMAX_ACCUM_BITS), p->out_bits, &recip,
                       &exponent);
    /* The product SRDHM(recip, e) is in [0, 2^31): the rounding shift is (prod + half) >> exponent,
     * and an exponent past 31 leaves 0. */
    const bool zero = exponent > 31;
    const int32_t sh = zero ? 0 : exponent;
    const uint32_t half = sh > 0 ? (1u << (sh - 1)) : 0u;

    for (int32_t i = 0; i < n; i++)
    {
        const int32_t diff = kiln_softmax_load(in, i, is_u8) - max;
        int32_t v = p->out_min;
        if (diff >= diff_min && !zero)
        {
            const uint32_t prod = (uint32_t)arm_nn_doubling_high_mult_no_sat(recip, cache->e[-diff]);
            v = MIN((int32_t)((prod + half) >> sh) + p->out_min, p->out_max);
        }
        if (out16)
        {
            ((int16_t *)out)[i] = (int16_t)v;
        }
        else
        {
            ((int8_t *)out)[i] = (int8_t)v;
        }
    }
}

static void kiln_softmax_c_rows(const void *input, int32_t num_rows, int32_t row_size,
                                const kiln_softmax_params *p, void *output)
{
    kiln_softmax_exp_cache cache;
    memset(cache.known, 0, sizeof(cache.known));
    const bool is_u8 = p->kind == KILN_SOFTMAX_U8_TO_U8;
    const bool out16 = p->kind == KILN_SOFTMAX_S8_TO_S16;
    const int32_t out_size = out16 ? 2 : 1;
    for (int32_t r = 0; r < num_rows; r++)
    {
        const int8_t *in = (const int8_t *)input + r * row_size;
        int8_t *out = (int8_t *)output + r * row_size * out_size;
        /* constant flags per call: each combination gets its own specialized loop */
        if (is_u8)
        {
            kiln_softmax_row(in, row_size, true, false, p, &cache, out);
        }
        else if (out16)
        {
            kiln_softmax_row(in, row_size, false, true, p, &cache, out);
        }
        else
        {
            kiln_softmax_row(in, row_size, false, false, p, &cache, out);
        }
    }
}

/* The entries (the public functions branch here): the argument checks first; calls whose
 * outputs do not depend on the data (rows of one element, diff_min > 0) are fills; then the rows. */
static inline __attribute__((always_inline)) void kiln_softmax_c_entry(const void *input, int32_t num_rows,
                                                                       int32_t row_size, int32_t mult, int32_t shift,
                                                                       int32_t diff_min, kiln_softmax_kind kind,
                                                                       void *output)
{
    if (!kiln_softmax_args_ok(input, num_rows, row_size, mult, shift, output))
    {
        return; /* invalid arguments: nothing is read or written */
    }
    if (kiln_softmax_constant_call(num_rows * row_size, row_size, diff_min, kind, output))
    {
        return;
    }
    kiln_softmax_params p;
    kiln_softmax_params_of(mult, shift, diff_min, kind, &p);
    kiln_softmax_c_rows(input, num_rows, row_size, &p, output);
}

KILN_SOFTMAX_TYPED_ENTRIES(kiln_softmax_c_entry)

#endif /* KILN_BUILD_C */
