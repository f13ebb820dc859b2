/*
 * Kiln — the window loops of the int16 pooling kernels (Include/Internal/kiln_pool_s8.h), DSP extension: two
 * channels per word. Maxima: SSUB16 sets the GE flags per halfword, SEL keeps the larger (kiln_max_s16x2 and
 * kiln_clamp_s16x2 of Internal/kiln_dsp.h; four channels per pass, their maxima in registers across the window's
 * taps). Sums: SXTAH adds the low halfword to one int32 sum, an add of the word shifted right by 16 the high one
 * (four channels per pass). Odd channel counts end with one channel in scalar code.
 */
#include <string.h>
#include "Include/Internal/kiln_dsp.h"

#include "Include/Internal/kiln_pool_s8.h"
#include "Include/arm_nnsupportfunctions.h"

#if KILN_BUILD_DSP

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
                m01 = kiln_max_s16x2(m01, arm_nn_read_s16x2(q));
                m23 = kiln_max_s16x2(m23, arm_nn_read_s16x2(q + 2));
            }
        }
        m01 = kiln_clamp_s16x2(m01, lo2, hi2);
        m23 = kiln_clamp_s16x2(m23, lo2, hi2);
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
