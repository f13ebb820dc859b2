/*
 * Kiln reference: convolution, depthwise convolution, fully connected, batch matmul (int8).
 *
 * Accumulators are int64 (TFLite uses int32 and asserts it does not overflow; for every input
 * TFLite accepts the two agree, and a 64-bit sum cannot wrap for any shape). Before the
 * requantization the accumulator is reduced to int32 the way a 32-bit accumulator would hold it.
 */
#include "kiln_ref_internal.h"

/* out = clamp(MultiplyByQuantizedMultiplier(acc, mult, shift) + output_offset, act_min, act_max);
 * the requantization rounds as documented in kiln_ref_fixedpoint.c. */
static int8_t requantize_s8(int64_t acc, int32_t mult, int32_t shift, int32_t output_offset, int32_t act_min,
                            int32_t act_max)
{
    const int32_t scaled = kiln_ref_multiply_by_quantized_multiplier(kiln_ref_wrap32(acc), mult, shift);
    return (int8_t)kiln_ref_clamp32((int64_t)scaled + output_offset, act_min, act_max);
}

static bool activation_ok(int32_t act_min, int32_t act_max)
{
    return act_min <= act_max && act_min >= INT8_MIN && act_max <= INT8_MAX;
}

static bool window_ok(const kiln_ref_window *w)
{
    if (w == NULL)
    {
        return false;
    }
    if (kiln_ref_count(w->batches, w->in_h, w->in_w, w->in_c) < 0 ||
        kiln_ref_count(w->batches, w->out_h, w->out_w, w->out_c) < 0)
    {
        return false;
    }
    return w->filter_h > 0 && w->filter_w > 0 && w->stride_h > 0 && w->stride_w > 0 && w->dilation_h > 0 &&
           w->dilation_w > 0;
}

static int64_t nhwc(const kiln_ref_window *w, bool is_input, int32_t b, int32_t y, int32_t x, int32_t c)
{
    const int64_t h = is_input ? w->in_h : w->out_h;
    const int64_t wd = is_input ? w->in_w : w->out_w;
    const int64_t ch = is_input ? w->in_c : w->out_c;
    return (((int64_t)b * h + y) * wd + x) * ch + c;
}

int kiln_ref_conv_s8(const kiln_ref_window *w,
                     int32_t filter_in_c,
                     const int8_t *input,
                     int32_t input_offset,
                     const int8_t *filter,
                     const int32_t *bias,
                     const int32_t *out_mult,
                     const int32_t *out_shift,
                     int32_t output_offset,
                     int32_t act_min,
                     int32_t act_max,
                     int8_t *output)
{
    if (!window_ok(w) || filter_in_c <= 0 || w->in_c % filter_in_c != 0 || !activation_ok(act_min, act_max) ||
        input == NULL || filter == NULL || out_mult == NULL || out_shift == NULL || output == NULL)
    {
        return KILN_REF_BAD_ARGS;
    }
    const int32_t groups = w->in_c / filter_in_c;
    if (w->out_c % groups != 0)
    {
        return KILN_REF_BAD_ARGS;
    }
    const int32_t filters_per_group = w->out_c / groups;

    for (int32_t b = 0; b < w->batches; b++)
    {
        for (int32_t oy = 0; oy < w->out_h; oy++)
        {
            for (int32_t ox = 0; ox < w->out_w; ox++)
            {
                for (int32_t oc = 0; oc < w->out_c; oc++)
                {
                    const int32_t group = oc / filters_per_group;
                    int64_t acc = 0;
                    for (int32_t fy = 0; fy < w->filter_h; fy++)
                    {
                        const int64_t iy = (int64_t)oy * w->stride_h - w->pad_h + (int64_t)fy * w->dilation_h;
                        if (iy < 0 || iy >= w->in_h)
                        {
                            continue; /* padding row: contributes nothing */
                        }
                        for (int32_t fx = 0; fx < w->filter_w; fx++)
                        {
                            const int64_t ix = (int64_t)ox * w->stride_w - w->pad_w + (int64_t)fx * w->dilation_w;
                            if (ix < 0 || ix >= w->in_w)
                            {
                                continue;
                            }
                            for (int32_t fc = 0; fc < filter_in_c; fc++)
                            {
                                const int32_t ic = group * filter_in_c + fc;
                                const int64_t in = input[nhwc(w, true, b, (int32_t)iy, (int32_t)ix, ic)];
                                const int64_t f =
                                    filter[(((int64_t)oc * w->filter_h + fy) * w->filter_w + fx) * filter_in_c + fc];
                                acc += f * (in + input_offset);
                            }
                        }
                    }
                    if (bias != NULL)
                    {
                        acc += bias[oc];
                    }
                    output[nhwc(w, false, b, oy, ox, oc)] =
                        requantize_s8(acc, out_mult[oc], out_shift[oc], output_offset, act_min, act_max);
                }
            }
        }
    }
    return KILN_REF_OK;
}

int kiln_ref_depthwise_conv_s8(const kiln_ref_window *w,
                               int32_t ch_mult,
                               const int8_t *input,
                               int32_t input_offset,
                               const int8_t *filter,
                               const int32_t *bias,
                               const int32_t *out_mult,
                               const int32_t *out_shift,
                               int32_t output_offset,
                               int32_t act_min,
                               int32_t act_max,
                               int8_t *output)
{
    if (!window_ok(w) || ch_mult <= 0 || (int64_t)w->in_c * ch_mult != w->out_c ||
        !activation_ok(act_min, act_max) || input == NULL || filter == NULL || out_mult == NULL ||
        out_shift == NULL || output == NULL)
    {
        return KILN_REF_BAD_ARGS;
    }
    for (int32_t b = 0; b < w->batches; b++)
    {
        for (int32_t oy = 0; oy < w->out_h; oy++)
        {
            for (int32_t ox = 0; ox < w->out_w; ox++)
            {
                for (int32_t ic = 0; ic < w->in_c; ic++)
                {
                    for (int32_t m = 0; m < ch_mult; m++)
                    {
                        const int32_t oc = ic * ch_mult + m;
                        int64_t acc = 0;
                        for (int32_t fy = 0; fy < w->filter_h; fy++)
                        {
                            const int64_t iy = (int64_t)oy * w->stride_h - w->pad_h + (int64_t)fy * w->dilation_h;
                            if (iy < 0 || iy >= w->in_h)
                            {
                                continue;
                            }
                            for (int32_t fx = 0; fx < w->filter_w; fx++)
                            {
                                const int64_t ix =
                                    (int64_t)ox * w->stride_w - w->pad_w + (int64_t)fx * w->dilation_w;
                                if (ix < 0 || ix >= w->in_w)
                                {
                                    continue;
                                }
                                const int64_t in = input[nhwc(w, true, b, (int32_t)iy, (int32_t)ix, ic)];
                                const int64_t f = filter[((int64_t)fy * w->filter_w + fx) * w->out_c + oc];
                                acc += f * (in + input_offset);
                            }
                        }
                        if (bias != NULL)
                        {
                            acc += bias[oc];
                        }
                        output[nhwc(w, false, b, oy, ox, oc)] =
                            requantize_s8(acc, out_mult[oc], out_shift[oc], output_offset, act_min, act_max);
                    }
                }
            }
        }
    }
    return KILN_REF_OK;
}

static int fully_connected(int32_t batches,
                           int32_t accum_depth,
                           int32_t out_c,
                           const int8_t *input,
                           int32_t input_offset,
                           const int8_t *filter,
                           int32_t filter_offset,
                           const int32_t *bias,
                           const int32_t *mult,
                           const int32_t *shift,
                           bool per_channel,
                           int32_t output_offset,
                           int32_t act_min,
                           int32_t act_max,
                           int8_t *output)
{
    if (kiln_ref_count(batches, accum_depth, 1, 1) < 0 || kiln_ref_count(out_c, accum_depth, 1, 1) < 0 ||
        kiln_ref_count(batches, out_c, 1, 1) < 0 || !activation_ok(act_min, act_max) || input == NULL ||
        filter == NULL || output == NULL)
    {
        return KILN_REF_BAD_ARGS;
    }
    for (int32_t b = 0; b < batches; b++)
    {
        for (int32_t oc = 0; oc < out_c; oc++)
        {
            int64_t acc = 0;
            for (int32_t d = 0; d < accum_depth; d++)
            {
                const int64_t in = input[(int64_t)b * accum_depth + d];
                const int64_t f = filter[(int64_t)oc * accum_depth + d];
                acc += (f + filter_offset) * (in + input_offset);
            }
            if (bias != NULL)
            {
                acc += bias[oc];
            }
            const int32_t m = per_channel ? mult[oc] : mult[0];
            const int32_t s = per_channel ? shift[oc] : shift[0];
            output[(int64_t)b * out_c + oc] = requantize_s8(acc, m, s, output_offset, act_min, act_max);
        }
    }
    return KILN_REF_OK;
}

int kiln_ref_fully_connected_s8(int32_t batches,
                                int32_t accum_depth,
                                int32_t out_c,
                                const int8_t *input,
                                int32_t input_offset,
                                const int8_t *filter,
                                int32_t filter_offset,
                                const int32_t *bias,
                                int32_t out_mult,
                                int32_t out_shift,
                                int32_t output_offset,
                                int32_t act_min,
                                int32_t act_max,
                                int8_t *output)
{
    return fully_connected(batches, accum_depth, out_c, input, input_offset, filter, filter_offset, bias, &out_mult,
                           &out_shift, false, output_offset, act_min, act_max, output);
}

int kiln_ref_fully_connected_per_channel_s8(int32_t batches,
                                            int32_t accum_depth,
                                            int32_t out_c,
                                            const int8_t *input,
                                            int32_t input_offset,
                                            const int8_t *filter,
                                            int32_t filter_offset,
                                            const int32_t *bias,
                                            const int32_t *out_mult,
                                            const int32_t *out_shift,
                                            int32_t output_offset,
                                            int32_t act_min,
                                            int32_t act_max,
                                            int8_t *output)
{
    if (out_mult == NULL || out_shift == NULL)
    {
        return KILN_REF_BAD_ARGS;
    }
    return fully_connected(batches, accum_depth, out_c, input, input_offset, filter, filter_offset, bias, out_mult,
                           out_shift, true, output_offset, act_min, act_max, output);
}

/* Broadcast two batch-like dimensions the TFLite way: equal, or one of them is 1. */
static bool broadcast_dim(int32_t a, int32_t b, int32_t *out)
{
    if (a == b || b == 1)
    {
        *out = a;
        return true;
    }
    if (a == 1)
    {
        *out = b;
        return true;
    }
    return false;
}

int kiln_ref_batch_matmul_s8(const int32_t lhs_dims[4],
                             const int8_t *lhs,
                             int32_t lhs_offset,
                             const int32_t rhs_dims[4],
                             const int8_t *rhs,
                             int32_t rhs_offset,
                             bool adj_x,
                             bool adj_y,
                             int32_t out_mult,
                             int32_t out_shift,
                             int32_t output_offset,
                             int32_t act_min,
                             int32_t act_max,
                             int8_t *output,
                             int32_t out_dims[4])
{
    if (lhs_dims == NULL || rhs_dims == NULL || lhs == NULL || rhs == NULL || output == NULL ||
        !activation_ok(act_min, act_max))
    {
        return KILN_REF_BAD_ARGS;
    }
    if (kiln_ref_count(lhs_dims[0], lhs_dims[1], lhs_dims[2], lhs_dims[3]) < 0 ||
        kiln_ref_count(rhs_dims[0], rhs_dims[1], rhs_dims[2], rhs_dims[3]) < 0)
    {
        return KILN_REF_BAD_ARGS;
    }
    /* Logical shapes: L is [M, K], R is [K, N]. Stored: lhs [M, K] or, with adj_x, [K, M];
     * rhs [K, N] or, with adj_y, [N, K]. */
    const int32_t m_size = adj_x ? lhs_dims[3] : lhs_dims[2];
    const int32_t k_size = adj_x ? lhs_dims[2] : lhs_dims[3];
    const int32_t rhs_k = adj_y ? rhs_dims[3] : rhs_dims[2];
    const int32_t n_size = adj_y ? rhs_dims[2] : rhs_dims[3];
    int32_t batch = 0;
    int32_t height = 0;
    if (k_size != rhs_k || !broadcast_dim(lhs_dims[0], rhs_dims[0], &batch) ||
        !broadcast_dim(lhs_dims[1], rhs_dims[1], &height) || kiln_ref_count(batch, height, m_size, n_size) < 0)
    {
        return KILN_REF_BAD_ARGS;
    }

    const int64_t lhs_matrix = (int64_t)lhs_dims[2] * lhs_dims[3];
    const int64_t rhs_matrix = (int64_t)rhs_dims[2] * rhs_dims[3];
    for (int32_t b = 0; b < batch; b++)
    {
        /* a broadcast (size 1) dimension always reads index 0 */
        const int32_t lb = (lhs_dims[0] == 1) ? 0 : b;
        const int32_t rb = (rhs_dims[0] == 1) ? 0 : b;
        for (int32_t h = 0; h < height; h++)
        {
            const int32_t lh = (lhs_dims[1] == 1) ? 0 : h;
            const int32_t rh = (rhs_dims[1] == 1) ? 0 : h;
            const int8_t *l = lhs + ((int64_t)lb * lhs_dims[1] + lh) * lhs_matrix;
            const int8_t *r = rhs + ((int64_t)rb * rhs_dims[1] + rh) * rhs_matrix;
            int8_t *o = output + ((int64_t)b * height + h) * m_size * n_size;
            for (int32_t m = 0; m < m_size; m++)
            {
                for (int32_t n = 0; n < n_size; n++)
                {
                    int64_t acc = 0;
                    for (int32_t k = 0; k < k_size; k++)
                    {
                        const int64_t lv = adj_x ? l[(int64_t)k * m_size + m] : l[(int64_t)m * k_size + k];
                        const int64_t rv = adj_y ? r[(int64_t)n * k_size + k] : r[(int64_t)k * n_size + n];
                        acc += (lv + lhs_offset) * (rv + rhs_offset);
                    }
                    o[(int64_t)m * n_size + n] = requantize_s8(acc, out_mult, out_shift, output_offset, act_min, act_max);
                }
            }
        }
    }
    if (out_dims != NULL)
    {
        out_dims[0] = batch;
        out_dims[1] = height;
        out_dims[2] = m_size;
        out_dims[3] = n_size;
    }
    return KILN_REF_OK;
}
