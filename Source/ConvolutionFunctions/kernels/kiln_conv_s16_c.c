/*
 * Kiln — the "conv_s16_c" route of the int16x8 convolution (portable C, every backend): for each
 * output pixel and output channel, the int64 sum of the taps that fall inside the input (padding
 * taps contribute 0), requantized by kiln_conv_s16_out (int64 bias) or kiln_conv_s16_out32 (int32
 * bias: int32 accumulator). The input is read in place; no scratch.
 *
 * Bounds (Internal/kiln_conv_s16.h): |in * w| <= 2^22, so a block of up to 256 products fits an
 * int32 (<= 2^30) and a pixel's sum of at most rhs_cols < 2^31 products stays within 2^53.
 * Coordinates are formed in int64; every index that reaches memory is inside a tensor whose
 * element count the plan checked to be within int32.
 */
#include "Include/Internal/kiln_conv_s16.h"

#define KILN_CONV_S16_BLOCK 256

/* sum_i x[i] * w[i] for n >= 0, int32 blocks of at most KILN_CONV_S16_BLOCK products. */
static int64_t kiln_conv_s16_dot(const int16_t *x, const int8_t *w, int32_t n)
{
    int64_t sum = 0;
    int32_t i = 0;
    while (i < n)
    {
        const int32_t end = n - i > KILN_CONV_S16_BLOCK ? i + KILN_CONV_S16_BLOCK : n;
        int32_t part = 0;
        for (; i < end; i++)
        {
            part += (int32_t)x[i] * (int32_t)w[i];
        }
        sum += part;
    }
    return sum;
}

void kiln_conv_s16_run_c(const kiln_conv_s16_run_args *a)
{
    const kiln_conv_s16_shape *s = a->shape;
    const int32_t in_h = s->in_h, in_w = s->in_w, in_c = s->in_c;
    const int32_t fh = s->filter_h, fw = s->filter_w, fc = s->filter_c;
    const int32_t out_h = s->out_h, out_w = s->out_w, out_c = s->out_c;
    const int32_t k = a->plan->rhs_cols;
    const int32_t oc_per_group = out_c / a->plan->groups;

    int16_t *dst = a->output;
    for (int32_t b = 0; b < s->batches; b++)
    {
        const int16_t *in_batch = a->input + (int64_t)b * in_h * in_w * in_c;
        for (int32_t oy = 0; oy < out_h; oy++)
        {
            const int64_t base_y = (int64_t)oy * s->stride_h - s->pad_h;
            for (int32_t ox = 0; ox < out_w; ox++)
            {
                const int64_t base_x = (int64_t)ox * s->stride_w - s->pad_w;
                for (int32_t oc = 0; oc < out_c; oc++)
                {
                    const int32_t in_ch0 = (oc / oc_per_group) * fc; /* the group's first input channel */
                    const int8_t *w_oc = a->filter + (int64_t)oc * k;
                    int64_t sum = 0;
                    for (int32_t ky = 0; ky < fh; ky++)
                    {
                        const int64_t iy = base_y + (int64_t)ky * s->dilation_h;
                        if (iy < 0 || iy >= in_h)
                        {
                            continue;
                        }
                        for (int32_t kx = 0; kx < fw; kx++)
                        {
                            const int64_t ix = base_x + (int64_t)kx * s->dilation_w;
                            if (ix < 0 || ix >= in_w)
                            {
                                continue;
                            }
                            sum += kiln_conv_s16_dot(in_batch + (iy * in_w + ix) * in_c + in_ch0,
                                                     w_oc + ((int64_t)ky * fw + kx) * fc, fc);
                        }
                    }
                    if (a->acc32)
                    {
                        *dst++ = kiln_conv_s16_out32(sum, a->bias32 != NULL ? a->bias32[oc] : 0, a->mult[oc],
                                                     a->shift[oc], a->out_offset, a->act_min, a->act_max);
                    }
                    else
                    {
                        *dst++ = kiln_conv_s16_out(sum, a->bias64 != NULL ? a->bias64[oc] : 0,
                                                   REDUCE_MULTIPLIER(a->mult[oc]), a->shift[oc], a->out_offset,
                                                   a->act_min, a->act_max);
                    }
                }
            }
        }
    }
}
