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

void kiln_conv_s8_im2col_rows(int8_t *dst, const int8_t *src, int32_t src_stride, int32_t rows, int32_t lead,
                              int32_t body, int32_t trail, int8_t pad)
{
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
