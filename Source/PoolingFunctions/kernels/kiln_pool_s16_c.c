/*
 * Kiln — int16 average and max pooling (every backend). One output pixel at a time, channels innermost
 * (contiguous in NHWC): the window's in-bounds taps are accumulated pixel by pixel (the window loops below in
 * portable C, on Helium from kiln_pool_s16_mve.c, on DSP from kiln_pool_s16_dsp.c): the maxima into the output
 * pixel itself, the average's int32 sums into a local block of channels, then divided (kiln_pool_s16_avg_run: one
 * division per channel here and on DSP (two channels packed a step), on Helium a multiply per four channels).
 */
#include "Include/Internal/kiln_pool_s8.h"

/* Channels summed per pass: the sums of a block stay in a local array (no scratch). */
#define KILN_POOL_S16_BLOCK 32

void kiln_avgpool_s16_c(const kiln_pool_s8_geom *g, const int16_t *in, int16_t *out)
{
    const int32_t ch = g->ch;
    const int32_t row_stride = g->in_w * ch;
    for (int32_t b = 0; b < g->batches; b++)
    {
        const int16_t *in_b = in + b * g->in_h * row_stride;
        for (int32_t oy = 0; oy < g->out_h; oy++)
        {
            int32_t y0, y1;
            kiln_pool_s8_clip(oy, g->stride_h, g->pad_h, g->k_h, g->in_h, &y0, &y1);
            for (int32_t ox = 0; ox < g->out_w; ox++)
            {
                int32_t x0, x1;
                kiln_pool_s8_clip(ox, g->stride_w, g->pad_w, g->k_w, g->in_w, &x0, &x1);
                /* >= 1: kiln_pool_s8_check rejects average windows without an input tap */
                const int32_t count = (y1 - y0) * (x1 - x0);
                for (int32_t c0 = 0; c0 < ch; c0 += KILN_POOL_S16_BLOCK)
                {
                    const int32_t nc = MIN(KILN_POOL_S16_BLOCK, ch - c0);
                    int32_t sum[KILN_POOL_S16_BLOCK];
                    kiln_pool_s16_sum_window(in_b + y0 * row_stride + x0 * ch + c0, nc, y1 - y0, x1 - x0, row_stride,
                                             ch, sum);
                    kiln_pool_s16_avg_run(sum, nc, count, g->act_min, g->act_max, out + c0);
                }
                out += ch;
            }
        }
    }
}

void kiln_maxpool_s16_c(const kiln_pool_s8_geom *g, const int16_t *in, int16_t *out)
{
    const int32_t ch = g->ch;
    const int32_t row_stride = g->in_w * ch;
    for (int32_t b = 0; b < g->batches; b++)
    {
        const int16_t *in_b = in + b * g->in_h * row_stride;
        for (int32_t oy = 0; oy < g->out_h; oy++)
        {
            int32_t y0, y1;
            kiln_pool_s8_clip(oy, g->stride_h, g->pad_h, g->k_h, g->in_h, &y0, &y1);
            for (int32_t ox = 0; ox < g->out_w; ox++)
            {
                int32_t x0, x1;
                kiln_pool_s8_clip(ox, g->stride_w, g->pad_w, g->k_w, g->in_w, &x0, &x1);
                if (y1 > y0 && x1 > x0)
                {
                    kiln_pool_s16_max_window(in_b + y0 * row_stride + x0 * ch, ch, y1 - y0, x1 - x0, row_stride,
                                             g->act_min, g->act_max, out);
                }
                else
                {
                    /* a window all in the padding keeps the int16 minimum, as in TFLite, clamped */
                    for (int32_t c = 0; c < ch; c++)
                    {
                        out[c] = (int16_t)MIN(MAX((int32_t)INT16_MIN, g->act_min), g->act_max);
                    }
                }
                out += ch;
            }
        }
    }
}

#if KILN_BUILD_C /* Helium: kiln_pool_s16_mve.c, DSP: kiln_pool_s16_dsp.c */
void kiln_pool_s16_max_window(const int16_t *p, int32_t ch, int32_t ny, int32_t nx, int32_t row, int32_t lo,
                              int32_t hi, int16_t *out)
{
    /* the output pixel holds the running maxima */
    for (int32_t c = 0; c < ch; c++)
    {
        out[c] = INT16_MIN;
    }
    for (int32_t y = 0; y < ny; y++)
    {
        const int16_t *q = p + y * row;
        for (int32_t x = 0; x < nx; x++, q += ch)
        {
            for (int32_t c = 0; c < ch; c++)
            {
                out[c] = (int16_t)MAX(out[c], q[c]);
            }
        }
    }
    for (int32_t c = 0; c < ch; c++)
    {
        out[c] = (int16_t)MIN(MAX((int32_t)out[c], lo), hi);
    }
}

void kiln_pool_s16_sum_window(const int16_t *p, int32_t n, int32_t ny, int32_t nx, int32_t row, int32_t ch,
                              int32_t *sum)
{
    for (int32_t c = 0; c < n; c++)
    {
        sum[c] = 0;
    }
    for (int32_t y = 0; y < ny; y++)
    {
        const int16_t *q = p + y * row;
        for (int32_t x = 0; x < nx; x++, q += ch)
        {
            for (int32_t c = 0; c < n; c++)
            {
                sum[c] += q[c];
            }
        }
    }
}
#endif /* KILN_BUILD_C */

#if KILN_BUILD_C /* Helium: kiln_pool_s16_mve.c; DSP: kiln_pool_s16_dsp.c */
void kiln_pool_s16_avg_run(const int32_t *sum, int32_t n, int32_t count, int32_t lo, int32_t hi, int16_t *out)
{
    for (int32_t c = 0; c < n; c++)
    {
        /* TFLite's rounding (ties away from zero); |sum| + count / 2 fits int32 (KILN_POOL_S16_MAX_TAPS) */
        const int32_t s = sum[c];
        int32_t avg = s > 0 ? (s + count / 2) / count : (s - count / 2) / count;
        avg = MAX(avg, lo);
        avg = MIN(avg, hi);
        out[c] = (int16_t)avg;
    }
}
#endif /* KILN_BUILD_C */
