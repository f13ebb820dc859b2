/*
 * Kiln — the "conv_s4_c" route of the int4-weight convolution (portable C, every backend): for
 * each output pixel and output channel, the sum over the taps inside the input of
 * (input + input_offset) * weight, the weights read as signed nibbles straight from the packed
 * filter (weight k: byte k / 2, lower nibble for even k). No scratch, no unpacked copy.
 *
 * The sum is accumulated in uint32 (modulo 2^32, i.e. int32 two's complement without undefined
 * behaviour); requantization, output offset (added in int64) and clamp follow. Every index that
 * reaches memory lies in a tensor whose element count the plan checked to be within int32.
 */
#include "Include/Internal/kiln_conv_s4.h"

/* The signed value of a 4-bit field (0..15). */
static inline int32_t kiln_s4_value(uint32_t nibble)
{
    return (int32_t)(nibble ^ 8u) - 8;
}

/* sum_{i < n} (x[i] + off) * w(k0 + i) modulo 2^32, w(k) the k-th packed nibble of wb. */
static uint32_t kiln_conv_s4_dot(const int8_t *x, const uint8_t *wb, int32_t k0, int32_t n, int32_t off)
{
    uint32_t acc = 0;
    int32_t i = 0;
    const uint8_t *p = wb + (k0 >> 1);
    if ((k0 & 1) != 0 && n > 0)
    {
        acc += (uint32_t)(((int32_t)x[0] + off) * kiln_s4_value((uint32_t)*p >> 4));
        p++;
        i = 1;
    }
    for (; i + 1 < n; i += 2)
    {
        const uint32_t b = *p++;
        acc += (uint32_t)(((int32_t)x[i] + off) * kiln_s4_value(b & 0xFu));
        acc += (uint32_t)(((int32_t)x[i + 1] + off) * kiln_s4_value(b >> 4));
    }
    if (i < n)
    {
        acc += (uint32_t)(((int32_t)x[i] + off) * kiln_s4_value((uint32_t)*p & 0xFu));
    }
    return acc;
}

/* The int32 whose two's complement is u. */
static inline int32_t kiln_conv_s4_wrap(uint32_t u)
{
    return u <= (uint32_t)INT32_MAX ? (int32_t)u : -(int32_t)(~u) - 1;
}

void kiln_conv_s4_run_c(const kiln_conv_s4_run_args *a)
{
    const kiln_conv_s4_shape *s = a->shape;
    const int32_t in_h = s->in_h, in_w = s->in_w, in_c = s->in_c;
    const int32_t fh = s->filter_h, fw = s->filter_w, fc = s->filter_c;
    const int32_t out_h = s->out_h, out_w = s->out_w, out_c = s->out_c;
    const int32_t stride_h = s->stride_h, stride_w = s->stride_w;
    const int32_t pad_h = s->pad_h, pad_w = s->pad_w;
    const int32_t dil_h = s->dilation_h, dil_w = s->dilation_w;
    const int32_t batches = s->batches;
    const int32_t oc_per_group = out_c / a->plan->groups;
    const int32_t rhs_cols = a->plan->rhs_cols;
    const uint8_t *wb = (const uint8_t *)a->filter;
    const int32_t in_off = a->input_offset;
    const int32_t out_off = a->output_offset;
    const int32_t act_min = a->act_min, act_max = a->act_max;
    int8_t *out = a->output;

    for (int32_t b = 0; b < batches; b++)
    {
        const int8_t *in_b = a->input + (int64_t)b * in_h * in_w * in_c;
        for (int32_t oy = 0; oy < out_h; oy++)
        {
            const int64_t y0 = (int64_t)oy * stride_h - pad_h;
            for (int32_t ox = 0; ox < out_w; ox++)
            {
                const int64_t x0 = (int64_t)ox * stride_w - pad_w;
                for (int32_t oc = 0; oc < out_c; oc++)
                {
                    const int32_t ch0 = (oc / oc_per_group) * fc;
                    uint32_t acc = a->bias != NULL ? (uint32_t)a->bias[oc] : 0u;
                    for (int32_t ky = 0; ky < fh; ky++)
                    {
                        const int64_t iy = y0 + (int64_t)ky * dil_h;
                        if (iy < 0 || iy >= in_h)
                        {
                            continue;
                        }
                        for (int32_t kx = 0; kx < fw; kx++)
                        {
                            const int64_t ix = x0 + (int64_t)kx * dil_w;
                            if (ix < 0 || ix >= in_w)
                            {
                                continue;
                            }
                            const int8_t *x = in_b + ((iy * in_w + ix) * in_c + ch0);
                            const int32_t k0 = oc * rhs_cols + (ky * fw + kx) * fc;
                            acc += kiln_conv_s4_dot(x, wb, k0, fc, in_off);
                        }
                    }
                    int64_t v = (int64_t)arm_nn_requantize(kiln_conv_s4_wrap(acc), a->mult[oc], a->shift[oc]) + out_off;
                    v = v < act_min ? act_min : v;
                    v = v > act_max ? act_max : v;
                    *out++ = (int8_t)v;
                }
            }
        }
    }
}
