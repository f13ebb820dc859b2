/*
 * Kiln — the dot products of Include/Internal/kiln_dot.h, portable C (the readable reference of the DSP and
 * Helium versions).
 */
#include "Include/Internal/kiln_dot.h"

#if KILN_BUILD_C

int64_t kiln_dot_s16_s8(const int16_t *x, const int8_t *w, int32_t n)
{
    /* int32 partial sums of at most 256 products (each |x * w| <= 2^22: a block stays within 2^30) */
    int64_t sum = 0;
    int32_t i = 0;
    while (i < n)
    {
        const int32_t end = n - i > 256 ? i + 256 : n;
        int32_t part = 0;
        for (; i < end; i++)
        {
            part += (int32_t)x[i] * (int32_t)w[i];
        }
        sum += part;
    }
    return sum;
}

int64_t kiln_dot_s16_s16(const int16_t *x, const int16_t *y, int32_t n)
{
    int64_t sum = 0;
    for (int32_t i = 0; i < n; i++)
    {
        sum += (int32_t)x[i] * (int32_t)y[i]; /* at most 2^30 */
    }
    return sum;
}

void kiln_dot2_s16_s16(const int16_t *x, const int16_t *y0, int32_t y_stride, int32_t n, int64_t out[2])
{
    out[0] = kiln_dot_s16_s16(x, y0, n);
    out[1] = kiln_dot_s16_s16(x, y0 + y_stride, n);
}

void kiln_dot2_s16_s8_runs(const int16_t *x, int32_t x_step, const int8_t *w0, int32_t w_step, int32_t w_stride,
                           int32_t n, int32_t runs, int64_t out[2])
{
    int64_t a0 = 0, a1 = 0;
    for (int32_t r = 0; r < runs; r++, x += x_step, w0 += w_step)
    {
        a0 += kiln_dot_s16_s8(x, w0, n);
        a1 += kiln_dot_s16_s8(x, w0 + w_stride, n);
    }
    out[0] = a0;
    out[1] = a1;
}

void kiln_dot4_s8_off(const int8_t *x, const int8_t *w0, int32_t w_stride, int32_t n, int32_t x_offset,
                      uint32_t out[4])
{
    for (int32_t j = 0; j < 4; j++)
    {
        out[j] = kiln_dot_s8_off(x, w0 + (size_t)j * (size_t)w_stride, n, x_offset);
    }
}

uint32_t kiln_dot_s8_off(const int8_t *x, const int8_t *w, int32_t n, int32_t x_offset)
{
    uint32_t acc = 0;
    for (int32_t i = 0; i < n; i++)
    {
        acc += ((uint32_t)(int32_t)x[i] + (uint32_t)x_offset) * (uint32_t)(int32_t)w[i];
    }
    return acc;
}

void kiln_dw_acc_s16_s8(const int16_t *x, const int8_t *w, int32_t n, int32_t nky, int32_t nkx, int32_t x_col,
                        int32_t x_row, int32_t w_col, int32_t w_row, int32_t *acc)
{
    for (int32_t c = 0; c < n; c++)
    {
        acc[c] = kiln_dw_acc_one_s16_s8(x + c, w + c, nky, nkx, x_col, x_row, w_col, w_row);
    }
}

#endif /* KILN_BUILD_C */
