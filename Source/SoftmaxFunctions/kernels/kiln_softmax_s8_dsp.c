/*
 * Kiln — softmax rows, DSP extension (Cortex-M4/M7/M33). The portable kernel's three passes per
 * row (maximum, sum of exps, outputs) and its per-call exp cache (the exp of each diff = x - row
 * max is computed once per call, the first time that diff appears, into 1 KiB + 32 bytes of
 * stack), with the fixed-point arithmetic on the DSP multiplies:
 *   SRDHM(a, b) for 2b < 2^31        = SMMULR(a, 2b)             floor((a * 2b + 2^31) / 2^32)
 *   SRDHM(a, b) for b = 2^31 - d,    = SMMLSR(a, 2d, a)          a + floor((2^31 - a * 2d) / 2^32)
 *               0 < 2d < 2^31
 * (both equal floor((a * b + 2^30) / 2^31) exactly), so every step of gemmlowp's
 * exp_on_negative_values is one multiply, and the output's SRDHM(recip, e) is one too.
 * The sum of a row is kept in 32 bits per run of at most 8191 terms (each <= 2^19).
 *
 * Routes (the public functions branch to the kind's entry, which sends rows of two to a function of
 * their own, every other call to the argument checks and the rest): rows of two,
 * kiln_softmax_pairs_dsp() (Internal/kiln_softmax.h, one exp per row); rows of one or
 * diff_min > 0, a fill; rows of 3 .. 16, kiln_softmax_dsp_small() (no exp cache); longer rows,
 * the three passes with the cache.
 */
#include "Include/Internal/kiln_softmax.h"

#if KILN_BUILD_DSP

/* exp(scaled diff) for diff <= 0 (kiln_softmax_exp()). */
static inline int32_t kiln_softmax_dsp_exp(int32_t diff, const kiln_softmax_params *p)
{
    /* The left shift wraps like TFLite's; mult >= 0 keeps SRDHM clear of its saturating case. */
    const int32_t scaled = arm_nn_doubling_high_mult_no_sat((int32_t)((uint32_t)diff << p->shift), p->mult);
    return kiln_softmax_exp_dsp(MIN(scaled, 0));
}

typedef struct
{
    int32_t e[256];    /* exp for diff = -index */
    uint32_t known[8]; /* bit per index: e[index] computed */
} kiln_softmax_dsp_cache;

static inline int32_t kiln_softmax_dsp_load(const void *input, int32_t i, bool is_u8)
{
    return is_u8 ? (int32_t)((const uint8_t *)input)[i] : (int32_t)((const int8_t *)input)[i];
}

static inline int32_t kiln_softmax_dsp_max(const void *in, int32_t n, bool is_u8)
{
    int32_t i = 0;
    int32_t max = is_u8 ? 0 : INT8_MIN;
    if (n >= 8)
    {
        /* Four bytes at a time: SSUB8 / USUB8 set GE where the new bytes are >= the running maxima. */
        uint32_t m4 = is_u8 ? 0u : 0x80808080u;
        for (; i + 4 <= n; i += 4)
        {
            uint32_t w;
            memcpy(&w, (const int8_t *)in + i, 4);
            if (is_u8)
            {
                (void)__usub8(w, m4);
            }
            else
            {
                (void)__ssub8(w, m4);
            }
            m4 = __sel(w, m4);
        }
        for (int32_t k = 0; k < 4; k++)
        {
            const int32_t b = is_u8 ? (int32_t)(uint8_t)(m4 >> (8 * k)) : (int32_t)(int8_t)(m4 >> (8 * k));
            max = MAX(max, b);
        }
    }
    for (; i < n; i++)
    {
        max = MAX(max, kiln_softmax_dsp_load(in, i, is_u8));
    }
    return max;
}

/* The exp of diff (diff_min <= diff <= 0), from the cache or computed into it. */
static inline int32_t kiln_softmax_dsp_e(int32_t diff, const kiln_softmax_params *p, kiln_softmax_dsp_cache *cache)
{
    const uint32_t k = (uint32_t)-diff;
    const uint32_t bit = 1u << (k & 31u);
    if ((cache->known[k >> 5] & bit) == 0)
    {
        cache->e[k] = kiln_softmax_dsp_exp(diff, p);
        cache->known[k >> 5] |= bit;
    }
    return cache->e[k];
}

static inline __attribute__((always_inline)) void kiln_softmax_dsp_row(const void *in, int32_t n, bool is_u8, bool out16,
                                        const kiln_softmax_params *p, kiln_softmax_dsp_cache *cache, void *out)
{
    const int32_t max = kiln_softmax_dsp_max(in, n, is_u8);
    const int32_t diff_min = p->diff_min;

    uint64_t sum = 0;
    for (int32_t start = 0; start < n; start += 8191)
    {
        const int32_t end = MIN(n, start + 8191);
        uint32_t part = 0; /* at most 8191 terms of at most 2^19 */
        for (int32_t i = start; i < end; i++)
        {
            const int32_t diff = kiln_softmax_dsp_load(in, i, is_u8) - max;
            if (diff >= diff_min)
            {
                part += kiln_softmax_term(kiln_softmax_dsp_e(diff, p, cache));
            }
        }
        sum += part;
    }
    /* Every element skipped (diff_min > 0): every output is the minimum whatever the reciprocal. */
    int32_t recip, exponent;
    kiln_softmax_recip_fast(sum != 0 ? sum : (uint64_t)1 << (31 - KILN_SOFTMAX_ACCUM_BITS), p->out_bits, &recip,
                            &exponent);
    /* SRDHM(recip, e) in [0, 2^31) as one multiply: recip = 2^31 - d with 0 < 2d < 2^31, or
     * recip = 2^30 (SRDHM = (e + 1) >> 1); then the rounding shift ((prod + half) >> exponent),
     * an exponent past 31 leaving 0. */
    const bool zero = exponent > 31;
    const int32_t sh = zero ? 0 : exponent;
    const uint32_t half = sh > 0 ? (1u << (sh - 1)) : 0u;
    const bool smml = recip > (1 << 30);
    const int32_t d2 = smml ? (int32_t)(2u * (0x80000000u - (uint32_t)recip)) : 0;
    const int32_t out_min = p->out_min, out_max = p->out_max;

    for (int32_t i = 0; i < n; i++)
    {
        const int32_t diff = kiln_softmax_dsp_load(in, i, is_u8) - max;
        int32_t v = out_min;
        if (diff >= diff_min && !zero)
        {
            const int32_t e = cache->e[-diff];
            const uint32_t prod = smml ? (uint32_t)kiln_smmlsr(e, d2, e) : ((uint32_t)e + 1u) >> 1;
            v = MIN((int32_t)((prod + half) >> sh) + out_min, out_max);
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

static void kiln_softmax_dsp_rows(const void *input, int32_t num_rows, int32_t row_size,
                                const kiln_softmax_params *p, void *output)
{
    kiln_softmax_dsp_cache cache;
    /* eight word stores (a memset call costs more for 32 bytes) */
    for (int32_t k = 0; k < 8; k += 2)
    {
        cache.known[k] = 0;
        cache.known[k + 1] = 0;
    }
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
            kiln_softmax_dsp_row(in, row_size, true, false, p, &cache, out);
        }
        else if (out16)
        {
            kiln_softmax_dsp_row(in, row_size, false, true, p, &cache, out);
        }
        else
        {
            kiln_softmax_dsp_row(in, row_size, false, false, p, &cache, out);
        }
    }
}

/*
 * Rows of 3 to KILN_SOFTMAX_DSP_SMALL_MAX elements (diff_min <= 0: each row's maximum counts, the
 * sum is in [2^19, 2^23]): without the per-call exp cache (its set-up costs more than it saves on
 * a few elements): maximum, each element's exp (kept in 64 bytes of stack) and the sum, the
 * reciprocal, then each output as one SMLAL and a saturation (kiln_softmax_out_dsp()).
 */
#define KILN_SOFTMAX_DSP_SMALL_MAX 16

static inline __attribute__((always_inline)) void kiln_softmax_dsp_small(const void *input, int32_t num_rows,
                                                                        int32_t n, int32_t mult, int32_t shift,
                                                                        int32_t diff_min, kiln_softmax_kind kind,
                                                                        void *output)
{
    const int32_t out_bits = kind == KILN_SOFTMAX_S8_TO_S16 ? 16 : 8;
    const int32_t out_step = kind == KILN_SOFTMAX_S8_TO_S16 ? 2 * n : n;
    const int8_t *in = (const int8_t *)input;
    int8_t *out = (int8_t *)output;
    do
    {
        int32_t max = kiln_softmax_load_k(in, 0, kind);
        for (int32_t i = 1; i < n; i++)
        {
            max = MAX(max, kiln_softmax_load_k(in, i, kind));
        }
        int32_t e[KILN_SOFTMAX_DSP_SMALL_MAX];
        uint32_t sum = 0;
        for (int32_t i = 0; i < n; i++)
        {
            const int32_t diff = kiln_softmax_load_k(in, i, kind) - max;
            const int32_t ei = diff >= diff_min ? kiln_softmax_exp_dsp(kiln_softmax_scaled_dsp(diff, shift, mult)) : 0;
            e[i] = ei;
            sum += kiln_softmax_term(ei);
        }
        int32_t recip, exponent;
        kiln_softmax_recip32(sum, out_bits, &recip, &exponent);
        const int32_t k_hi = 1 << (exponent - 2);
        for (int32_t i = 0; i < n; i++)
        {
            kiln_softmax_store_k(out, i, kiln_softmax_out_dsp(recip, e[i], k_hi, exponent - 1, kind, false), kind);
        }
        in += n;
        out += out_step;
    } while (--num_rows != 0);
}

/* The entries' calls of every row length but two (KILN_SOFTMAX_TYPED_ENTRIES_PAIRS sends rows of two
 * to their own function): kiln_softmax_entry_done_dsp() (checks, fills), then the rows. */
static inline __attribute__((always_inline)) void kiln_softmax_dsp_entry(const void *input, int32_t num_rows,
                                                                       int32_t row_size, int32_t mult, int32_t shift,
                                                                       int32_t diff_min, kiln_softmax_kind kind,
                                                                       void *output)
{
    if (kiln_softmax_entry_done_dsp(input, num_rows, row_size, mult, shift, diff_min, kind, output))
    {
        return;
    }
    if (row_size <= KILN_SOFTMAX_DSP_SMALL_MAX)
    {
        kiln_softmax_dsp_small(input, num_rows, row_size, mult, shift, diff_min, kind, output);
        return;
    }
    kiln_softmax_params p;
    kiln_softmax_params_of(mult, shift, diff_min, kind, &p);
    kiln_softmax_dsp_rows(input, num_rows, row_size, &p, output);
}

KILN_SOFTMAX_TYPED_ENTRIES_PAIRS(kiln_softmax_dsp_entry)

#endif /* KILN_BUILD_DSP */
