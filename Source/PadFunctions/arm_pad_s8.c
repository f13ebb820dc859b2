/* Kiln — arm_pad_s8: TFLite int8 PAD / PADV2, constant padding of a 4-D NHWC tensor. */
#include "Include/arm_nnfunctions.h"
#include "Include/Internal/kiln_common.h"

#include <string.h>

/* The output is written front to back. Consecutive pad bytes gather into one memset and
 * consecutive input bytes into one memcpy; a run is written when the other kind comes. */
typedef struct
{
    int8_t *dst;       /* first output byte not yet written */
    const int8_t *src; /* first input byte not yet copied */
    size_t pad;        /* pad bytes pending */
    size_t copy;       /* input bytes pending */
    int8_t value;
} kiln_pad_writer;

static inline void kiln_pad_flush(kiln_pad_writer *w)
{
    if (w->pad > 0)
    {
        memset(w->dst, w->value, w->pad);
        w->dst += w->pad;
        w->pad = 0;
    }
    if (w->copy > 0)
    {
        memcpy(w->dst, w->src, w->copy);
        w->dst += w->copy;
        w->src += w->copy;
        w->copy = 0;
    }
}

static inline void kiln_pad_fill(kiln_pad_writer *w, size_t bytes)
{
    if (bytes > 0)
    {
        if (w->copy > 0)
        {
            kiln_pad_flush(w);
        }
        w->pad += bytes;
    }
}

static inline void kiln_pad_copy(kiln_pad_writer *w, size_t bytes)
{
    if (bytes > 0)
    {
        if (w->pad > 0)
        {
            kiln_pad_flush(w);
        }
        w->copy += bytes;
    }
}

arm_cmsis_nn_status arm_pad_s8(const int8_t *input,
                               int8_t *output,
                               const int8_t pad_value,
                               const cmsis_nn_dims *input_size,
                               const cmsis_nn_dims *pre_pad,
                               const cmsis_nn_dims *post_pad)
{
    if (input == NULL || output == NULL || input_size == NULL || pre_pad == NULL || post_pad == NULL)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const int32_t in[4] = {input_size->n, input_size->h, input_size->w, input_size->c};
    const int32_t pre[4] = {pre_pad->n, pre_pad->h, pre_pad->w, pre_pad->c};
    const int32_t post[4] = {post_pad->n, post_pad->h, post_pad->w, post_pad->c};
    int64_t out[4];
    for (int32_t k = 0; k < 4; k++)
    {
        if (in[k] < 0 || pre[k] < 0 || post[k] < 0)
        {
            return ARM_CMSIS_NN_ARG_ERROR;
        }
        out[k] = (int64_t)in[k] + pre[k] + post[k];
        if (out[k] > INT32_MAX)
        {
            return ARM_CMSIS_NN_ARG_ERROR;
        }
    }
    /* Each factor is below 2^31, so the pair products are exact. */
    const int64_t total = kiln_mul_sat64(out[0] * out[1], out[2] * out[3]);
    if (total > INT32_MAX)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (total == 0)
    {
        return ARM_CMSIS_NN_SUCCESS;
    }

    /* Every output dim is >= 1 here, so each loop pass below writes at least one byte. */
    const size_t pixel = (size_t)out[3];
    const size_t row = (size_t)out[2] * pixel;
    const size_t plane = (size_t)out[1] * row;
    kiln_pad_writer w = {output, input, 0, 0, pad_value};

    kiln_pad_fill(&w, (size_t)pre[0] * plane);
    for (int32_t n = 0; n < in[0]; n++)
    {
        kiln_pad_fill(&w, (size_t)pre[1] * row);
        for (int32_t y = 0; y < in[1]; y++)
        {
            kiln_pad_fill(&w, (size_t)pre[2] * pixel);
            if (pre[3] == 0 && post[3] == 0)
            {
                kiln_pad_copy(&w, (size_t)in[2] * (size_t)in[3]); /* the whole input row */
            }
            else
            {
                for (int32_t x = 0; x < in[2]; x++)
                {
                    kiln_pad_fill(&w, (size_t)pre[3]);
                    kiln_pad_copy(&w, (size_t)in[3]);
                    kiln_pad_fill(&w, (size_t)post[3]);
                }
            }
            kiln_pad_fill(&w, (size_t)post[2] * pixel);
        }
        kiln_pad_fill(&w, (size_t)post[1] * row);
    }
    kiln_pad_fill(&w, (size_t)post[0] * plane);
    kiln_pad_flush(&w);
    return ARM_CMSIS_NN_SUCCESS;
}
