/*
 * Kiln — int8 average and max pooling, portable C. One output pixel at a time; for each channel
 * the window is walked row by row over the clipped (in-bounds) taps only.
 */
#include "Include/Internal/kiln_pool_s8.h"

#if KILN_BUILD_C

void kiln_avgpool_s8_kernel(kiln_pool_s8_route route, const kiln_pool_s8_geom *g, const int8_t *in, int8_t *out)
{
    (void)route; /* the portable backend has one average route */
    const int32_t ch = g->ch;
    const int32_t row_stride = g->in_w * ch;
    for (int32_t b = 0; b < g->batches; b++)
    {
        const int8_t *in_b = in + b * g->in_h * row_stride;
        for (int32_t oy = 0; oy < g->out_h; oy++)
        {
            int32_t y0, y1;
            kiln_pool_s8_clip(oy, g->stride_h, g->pad_h, g->k_h, g->in_h, &y0, &y1);
            for (int32_t ox = 0; ox < g->out_w; ox++)
            {
                int32_t x0, x1;
                kiln_pool_s8_clip(ox, g->stride_w, g->pad_w, g->k_w, g->in_w, &x0, &x1);
                const int32_t count = (y1 - y0) * (x1 - x0);
                const int8_t *win = in_b + y0 * row_stride + x0 * ch;
                for (int32_t c = 0; c < ch; c++)
                {
                    int32_t sum = 0;
                    const int8_t *row = win + c;
                    for (int32_t y = y0; y < y1; y++)
                    {
                        const int8_t *p = row;
                        for (int32_t x = x0; x < x1; x++)
                        {
                            sum += *p;
                            p += ch;
                        }
                        row += row_stride;
                    }
                    out[c] = kiln_pool_s8_average(sum, count, g->act_min, g->act_max);
                }
                out += ch;
            }
        }
    }
}

void kiln_maxpool_s8_kernel(const kiln_pool_s8_geom *g, const int8_t *in, int8_t *out)
{
    /* Channels innermost (contiguous): the output pixel is the running maximum. */
    const int32_t ch = g->ch;
    const int32_t row_stride = g->in_w * ch;
    for (int32_t b = 0; b < g->batches; b++)
    {
        const int8_t *in_b = in + b * g->in_h * row_stride;
        for (int32_t oy = 0; oy < g->out_h; oy++)
        {
            int32_t y0, y1;
            kiln_pool_s8_clip(oy, g->stride_h, g->pad_h, g->k_h, g->in_h, &y0, &y1);
            for (int32_t ox = 0; ox < g->out_w; ox++)
            {
                int32_t x0, x1;
                kiln_pool_s8_clip(ox, g->stride_w, g->pad_w, g->k_w, g->in_w, &x0, &x1);
                /* An empty window (all padding) leaves the int8 minimum, as in TFLite. */
                memset(out, INT8_MIN, (size_t)ch);
                for (int32_t y = y0; y < y1; y++)
                {
                    for (int32_t x = x0; x < x1; x++)
                    {
                        const int8_t *p = in_b + y * row_stride + x * ch;
                        for (int32_t c = 0; c < ch; c++)
                        {
                            out[c] = (int8_t)MAX(out[c], p[c]);
                        }
                    }
                }
                for (int32_t c = 0; c < ch; c++)
                {
                    int32_t v = MAX((int32_t)out[c], g->act_min);
                    out[c] = (int8_t)MIN(v, g->act_max);
                }
                out += ch;
            }
        }
    }
}

#endif /* KILN_BUILD_C */
