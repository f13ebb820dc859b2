/* Kiln reference: average and max pooling (int8 and int16), TFLite semantics. */
#include "kiln_ref_internal.h"

/* The element type of a call: int8 or int16 (the same windows and arithmetic). */
typedef enum
{
    POOL_S8,
    POOL_S16
} pool_type;

static bool pool_args_ok(const kiln_ref_window *w, pool_type t, const void *input, int32_t act_min, int32_t act_max,
                         const void *output)
{
    const int32_t lo = t == POOL_S8 ? INT8_MIN : INT16_MIN, hi = t == POOL_S8 ? INT8_MAX : INT16_MAX;
    if (w == NULL || input == NULL || output == NULL)
    {
        return false;
    }
    if (kiln_ref_count(w->batches, w->in_h, w->in_w, w->in_c) < 0 ||
        kiln_ref_count(w->batches, w->out_h, w->out_w, w->out_c) < 0)
    {
        return false;
    }
    return w->out_c == w->in_c && w->filter_h > 0 && w->filter_w > 0 && w->stride_h > 0 && w->stride_w > 0 &&
           act_min <= act_max && act_min >= lo && act_max <= hi;
}

typedef enum
{
    POOL_AVERAGE,
    POOL_MAX
} pool_kind;

static int pool(pool_kind kind, pool_type t, const kiln_ref_window *w, const void *input, int32_t act_min,
                int32_t act_max, void *output)
{
    if (!pool_args_ok(w, t, input, act_min, act_max, output))
    {
        return KILN_REF_BAD_ARGS;
    }
    /* Average pooling: every window must hold at least one input tap (TFLite's AveragePool fails
     * otherwise); check first so that a bad call leaves the output untouched. Max pooling has no
     * such rule: an empty window yields the clamp of the type's minimum, as in TFLite. */
    for (int32_t oy = 0; kind == POOL_AVERAGE && oy < w->out_h; oy++)
    {
        const int64_t y0 = (int64_t)oy * w->stride_h - w->pad_h;
        if (y0 + w->filter_h <= 0 || y0 >= w->in_h)
        {
            return KILN_REF_BAD_ARGS;
        }
    }
    for (int32_t ox = 0; kind == POOL_AVERAGE && ox < w->out_w; ox++)
    {
        const int64_t x0 = (int64_t)ox * w->stride_w - w->pad_w;
        if (x0 + w->filter_w <= 0 || x0 >= w->in_w)
        {
            return KILN_REF_BAD_ARGS;
        }
    }

    const int32_t channels = w->in_c;
    for (int32_t b = 0; b < w->batches; b++)
    {
        for (int32_t oy = 0; oy < w->out_h; oy++)
        {
            for (int32_t ox = 0; ox < w->out_w; ox++)
            {
                for (int32_t c = 0; c < channels; c++)
                {
                    int64_t sum = 0;
                    int64_t count = 0;
                    int32_t max = t == POOL_S8 ? INT8_MIN : INT16_MIN;
                    for (int32_t fy = 0; fy < w->filter_h; fy++)
                    {
                        const int64_t iy = (int64_t)oy * w->stride_h - w->pad_h + fy;
                        if (iy < 0 || iy >= w->in_h)
                        {
                            continue; /* padding: not a tap */
                        }
                        for (int32_t fx = 0; fx < w->filter_w; fx++)
                        {
                            const int64_t ix = (int64_t)ox * w->stride_w - w->pad_w + fx;
                            if (ix < 0 || ix >= w->in_w)
                            {
                                continue;
                            }
                            const int64_t at = (((int64_t)b * w->in_h + iy) * w->in_w + ix) * channels + c;
                            const int32_t v = t == POOL_S8 ? ((const int8_t *)input)[at] : ((const int16_t *)input)[at];
                            sum += v;
                            count++;
                            if (v > max)
                            {
                                max = v;
                            }
                        }
                    }
                    int64_t result;
                    if (kind == POOL_AVERAGE)
                    {
                        /* Rounding: to nearest, ties away from zero: move the sum half a divisor
                         * away from zero, then divide truncating toward zero (C division). */
                        result = (sum > 0) ? (sum + count / 2) / count : (sum - count / 2) / count;
                    }
                    else
                    {
                        result = max;
                    }
                    const int64_t at = (((int64_t)b * w->out_h + oy) * w->out_w + ox) * channels + c;
                    const int32_t y = kiln_ref_clamp32(result, act_min, act_max);
                    if (t == POOL_S8)
                    {
                        ((int8_t *)output)[at] = (int8_t)y;
                    }
                    else
                    {
                        ((int16_t *)output)[at] = (int16_t)y;
                    }
                }
            }
        }
    }
    return KILN_REF_OK;
}

int kiln_ref_avgpool_s8(const kiln_ref_window *w, const int8_t *input, int32_t act_min, int32_t act_max, int8_t *output)
{
    return pool(POOL_AVERAGE, POOL_S8, w, input, act_min, act_max, output);
}

int kiln_ref_maxpool_s8(const kiln_ref_window *w, const int8_t *input, int32_t act_min, int32_t act_max, int8_t *output)
{
    return pool(POOL_MAX, POOL_S8, w, input, act_min, act_max, output);
}

int kiln_ref_avgpool_s16(const kiln_ref_window *w, const int16_t *input, int32_t act_min, int32_t act_max,
                         int16_t *output)
{
    return pool(POOL_AVERAGE, POOL_S16, w, input, act_min, act_max, output);
}

int kiln_ref_maxpool_s16(const kiln_ref_window *w, const int16_t *input, int32_t act_min, int32_t act_max,
                         int16_t *output)
{
    return pool(POOL_MAX, POOL_S16, w, input, act_min, act_max, output);
}
