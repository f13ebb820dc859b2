/* Kiln — the int8 convolution's im2col copies, portable C and DSP builds (memcpy / memset). */
#include "Include/Internal/kiln_conv_s8.h"
#include <string.h>

#if KILN_BUILD_C || KILN_BUILD_DSP

void kiln_conv_s8_copy(int8_t *dst, const int8_t *src, int32_t n)
{
    memcpy(dst, src, (size_t)n);
}

void kiln_conv_s8_fill(int8_t *dst, int8_t value, int32_t n)
{
    memset(dst, value, (size_t)n);
}

void kiln_conv_s8_copy_rows(int8_t *dst, const int8_t *src, int32_t src_stride, int32_t rows, int32_t row)
{
    if (row == 4)
    {
        kiln_conv_s8_copy_rows4(dst, src, src_stride, rows);
        return;
    }
    if (row < 16)
    {
        /* Short rows (3x3 filters over up to five channels): whole words, then the last bytes, inline (a memcpy
         * call per row costs about as much as the row's bytes one by one). */
        const int32_t words = row & ~3;
        for (int32_t r = 0; r < rows; r++, src += src_stride, dst += row)
        {
            int32_t i = 0;
            for (; i < words; i += 4)
            {
                memcpy(dst + i, src + i, 4);
            }
            for (; i < row; i++)
            {
                dst[i] = src[i];
            }
        }
        return;
    }
    for (int32_t r = 0; r < rows; r++, src += src_stride, dst += row)
    {
        memcpy(dst, src, (size_t)row);
    }
}

void kiln_conv_s8_im2col_rows(int8_t *dst, const int8_t *src, int32_t src_stride, int32_t rows, int32_t lead,
                              int32_t body, int32_t trail, int8_t pad)
{
    const int32_t row = lead + body + trail;
    if (row <= 8 && rows > 0)
    {
        /* Short rows (the small filters of one-channel inputs at the image's edges): the rows' padding in one
         * fill, then the inside bytes one by one (a memcpy and a memset call per row cost more). */
        memset(dst, pad, (size_t)(rows * row));
        for (int32_t r = 0; r < rows; r++, src += src_stride, dst += row)
        {
            for (int32_t i = 0; i < body; i++)
            {
                dst[lead + i] = src[i];
            }
        }
        return;
    }
    for (int32_t r = 0; r < rows; r++, src += src_stride)
    {
        if (lead > 0)
        {
            memset(dst, pad, (size_t)lead);
        }
        memcpy(dst + lead, src, (size_t)body);
        if (trail > 0)
        {
            memset(dst + lead + body, pad, (size_t)trail);
        }
        dst += lead + body + trail;
    }
}

#endif
