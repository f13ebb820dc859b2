/*
 * Kiln — the window loops of the int16 pooling kernels (Include/Internal/kiln_pool_s8.h), DSP extension: two
 * channels per word. Maxima: SSUB16 sets the GE flags per halfword, SEL keeps the larger (four channels per pass,
 * their maxima in registers across the window's taps, the clamp the same way at the end). Sums: SXTAH adds the low
 * halfword to one int32 sum, an add of the word shifted right by 16 the high one (four channels per pass). Odd channel counts end with one
 * channel in scalar code.
 */
#include <string.h>

#include "Include/Internal/kiln_pool_s8.h"
#include "Include/arm_nnsupportfunctions.h"

#if KILN_BUILD_DSP

/* The larger of each halfword pair of a and b. */
static inline int32_t kiln_pool16_max2(int32_t a, int32_t b)
{
    (void)__ssub16(a, b);
    return (int32_t)__sel(a, b);
}

void kiln_pool_s16_max_window(const int16_t *p, int32_t ch, int32_t ny, int32_t nx, int32_t row, int32_t lo,
                              int32_t hi, int16_t *out)
{
    const int32_t lo2 = (int32_t)(0x00010001u * (uint16_t)lo);
    const int32_t hi2 = (int32_t)(0x00010001u * (uint16_t)hi);
    int32_t c = 0;
    for (; c + 4 <= ch; c += 4)
    {
        int32_t m01 = (int32_t)0x80008000u, m23 = (int32_t)0x80008000u; /* INT16_MIN in both halves */
        for (int32_t y = 0; y < ny; y++)
        {
            const int16_t *q = p + y * row + c;
            for (int32_t x = 0; x < nx; x++, q += ch)
            {
                m01 = kiln_pool16_max2(m01, arm_nn_read_s16x2(q));
                m23 = kiln_pool16_max2(m23, arm_nn_read_s16x2(q + 2));
            }
        }
        /* clamp: max with lo, then min with hi (SEL picks hi where hi - m >= 0 fails: m > hi) */
        m01 = kiln_pool16_max2(m01, lo2);
        m23 = kiln_pool16_max2(m23, lo2);
        (void)__ssub16(hi2, m01);
        m01 = (int32_t)__sel(m01, hi2);
        (void)__ssub16(hi2, m23);
        m23 = (int32_t)__sel(m23, hi2);
        memcpy(out + c, &m01, 4);
        memcpy(out + c + 2, &m23, 4);
    }
    for (; c < ch; c++)
    {
        int32_t m = INT16_MIN;
        for (int32_t y = 0; y < ny; y++)
        {
            const int16_t *q = p + y * row + c;
            for (int32_t x = 0; x < nx; x++, q += ch)
            {
                m = MAX(m, (int32_t)*q);
            }
        }
        out[c] = (int16_t)MIN(MAX(m, lo), hi);
    }
}

void kiln_pool_s16_sum_window(const int16_t *p, int32_t n, int32_t ny, int32_t nx, int32_t row, int32_t ch,
                              int32_t *sum)
{
    int32_t c = 0;
    for (; c + 4 <= n; c += 4)
    {
        int32_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
        for (int32_t y = 0; y < ny; y++)
        {
            const int16_t *q = p + y * row + c;
            for (int32_t x = 0; x < nx; x++, q += ch)
            {
                const int32_t w01 = arm_nn_read_s16x2(q);
                const int32_t w23 = arm_nn_read_s16x2(q + 2);
                s0 += (int16_t)w01; /* SXTAH */
                s1 += w01 >> 16;
                s2 += (int16_t)w23;
                s3 += w23 >> 16;
            }
        }
        sum[c] = s0;
        sum[c + 1] = s1;
        sum[c + 2] = s2;
        sum[c + 3] = s3;
    }
    for (; c < n; c++)
    {
        int32_t s = 0;
        for (int32_t y = 0; y < ny; y++)
        {
            const int16_t *q = p + y * row + c;
            for (int32_t x = 0; x < nx; x++, q += ch)
            {
                s += *q;
            }
        }
        sum[c] = s;
    }
}

#endif /* KILN_BUILD_DSP */
