/*
 * Kiln — the "conv_s16_c" route of the int16x8 convolution (portable C, every backend): for each
 * output pixel and output channel, the int64 sum of the taps that fall inside the input (padding
 * taps contribute 0), requantized by kiln_conv_s16_out (int64 bias) or kiln_conv_s16_out32 (int32
 * bias: int32 accumulator). The input is read in place; no scratch.
 *
 * Bounds (Internal/kiln_conv_s16.h): |in * w| <= 2^22, so a pixel's sum of at most rhs_cols < 2^31
 * products stays within 2^53; each filter row's run of channels is one dot product of the backend's
 * kernel (Internal/kiln_dot.h: SMLALD on DSP, VMLALDAVA on Helium), exact in int64.
 * Coordinates are formed in int64; every index that reaches memory is inside a tensor whose
 * element count the plan checked to be within int32.
 */
#include "Include/Internal/kiln_conv_s16.h"
#include "Include/Internal/kiln_dot.h"

/* sums[j] += the dot product of x with weight row w + j * stride, j < n (1 or 2), over len elements. */
static inline void kiln_conv_s16_dots(const int16_t *x, const int8_t *w, int32_t stride, int32_t len, int32_t n,
                                      int64_t sums[2])
{
    if (n == 2)
    {
        int64_t d[2];
        kiln_dot2_s16_s8(x, w, stride, len, d);
        sums[0] += d[0];
        sums[1] += d[1];
    }
    else
    {
        sums[0] += kiln_dot_s16_s8(x, w, len);
    }
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
                /* Without groups and width dilation, a filter row's taps inside the input are contiguous in the
                 * input row and in the filter: taps [kx0, kx1). */
                const bool runs = s->dilation_w == 1 && fc == in_c;
                const int32_t kx0 = base_x < 0 ? (int32_t)(-base_x < fw ? -base_x : fw) : 0;
                const int32_t kx1 = base_x + fw <= in_w ? fw : (int32_t)(in_w - base_x > kx0 ? in_w - base_x : kx0);
                int32_t noc = 1;
                for (int32_t oc = 0; oc < out_c; oc += noc)
                {
                    /* two output channels at a time when they share their group (the input loads shared) */
                    const int32_t in_ch0 = (oc / oc_per_group) * fc; /* the group's first input channel */
                    noc = oc + 1 < out_c && (oc + 1) / oc_per_group == oc / oc_per_group ? 2 : 1;
                    const int8_t *w_oc = a->filter + (int64_t)oc * k;
                    int64_t sums[2] = {0, 0};
                    for (int32_t ky = 0; ky < fh; ky++)
                    {
                        const int64_t iy = base_y + (int64_t)ky * s->dilation_h;
                        if (iy < 0 || iy >= in_h)
                        {
                            continue;
                        }
                        if (runs)
                        {
                            /* the filter row's taps inside the input: one contiguous run in both */
                            if (kx1 > kx0)
                            {
                                kiln_conv_s16_dots(in_batch + (iy * in_w + base_x + kx0) * in_c,
                                                   w_oc + ((int64_t)ky * fw + kx0) * fc, k, (kx1 - kx0) * fc, noc,
                                                   sums);
                            }
                            continue;
                        }
                        for (int32_t kx = 0; kx < fw; kx++)
                        {
                            const int64_t ix = base_x + (int64_t)kx * s->dilation_w;
                            if (ix < 0 || ix >= in_w)
                            {
                                continue;
                            }
                            kiln_conv_s16_dots(in_batch + (iy * in_w + ix) * in_c + in_ch0,
                                               w_oc + ((int64_t)ky * fw + kx) * fc, k, fc, noc, sums);
                        }
                    }
                    for (int32_t j = 0; j < noc; j++)
                    {
                        const int32_t o = oc + j;
                        const int64_t sum = sums[j];
                        if (a->acc32)
                        {
                            *dst++ = kiln_conv_s16_out32(sum, a->bias32 != NULL ? a->bias32[o] : 0, a->mult[o],
                                                         a->shift[o], a->out_offset, a->act_min, a->act_max);
                        }
                        else
                        {
                            *dst++ = kiln_conv_s16_out(sum, a->bias64 != NULL ? a->bias64[o] : 0,
                                                       REDUCE_MULTIPLIER(a->mult[o]), a->shift[o], a->out_offset,
                                                       a->act_min, a->act_max);
                        }
                    }
                }
            }
        }
    }
}
