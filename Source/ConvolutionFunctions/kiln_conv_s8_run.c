/*
 * Kiln — the int8 convolution runner: argument checks shared by every entry, and the route driver
 * that forms blocks of patches (read in place or gathered into the im2col scratch) and hands them
 * to the backend's GEMM kernel.
 */
#include "Include/Internal/kiln_conv_s8.h"

bool kiln_conv_s8_params_ok(const cmsis_nn_conv_params *conv_params,
                            const cmsis_nn_per_channel_quant_params *quant_params,
                            const int8_t *input_data,
                            const int8_t *filter_data,
                            const int8_t *output_data,
                            int32_t out_c)
{
    if (conv_params == NULL || quant_params == NULL || quant_params->multiplier == NULL ||
        quant_params->shift == NULL || input_data == NULL || filter_data == NULL || output_data == NULL)
    {
        return false;
    }
    /* Input offset = -zero point of an int8 tensor: padding is stored as -input_offset. */
    if (conv_params->input_offset < -INT8_MAX || conv_params->input_offset > -INT8_MIN ||
        conv_params->output_offset < INT8_MIN || conv_params->output_offset > INT8_MAX ||
        !kiln_act_s8_ok(conv_params->activation.min, conv_params->activation.max))
    {
        return false;
    }
    return kiln_quant_ok(quant_params->multiplier, quant_params->shift, out_c);
}

/* The 1x1 routes read their patches (input pixels) in place. */
static inline bool kiln_conv_s8_in_place(kiln_conv_s8_route route)
{
    return route == KILN_CONV_S8_ROUTE_1X1_FAST || route == KILN_CONV_S8_ROUTE_1X1;
}

/* Gather one im2col patch (general route) into dst: rhs_cols bytes, padding = pad_value. */
static void kiln_conv_im2col_patch(const kiln_conv_s8_shape *s,
                                   const int8_t *input_batch,
                                   int32_t group_channel,
                                   int32_t y,
                                   int32_t x,
                                   int8_t pad_value,
                                   int8_t *dst)
{
    /* Every field the loops need in a local: the byte stores (and the copy calls) may alias *s. */
    const int32_t fc = s->filter_c;
    const int32_t in_c = s->in_c;
    const int32_t in_h = s->in_h;
    const int32_t in_w = s->in_w;
    const int32_t fw = s->filter_w;
    const int32_t fh = s->filter_h;
    const int32_t dil_h = s->dilation_h;
    const int32_t dil_w = s->dilation_w;
    const int32_t sy = s->upscale_h == 2 ? 1 : 0;
    const int32_t sx = s->upscale_w == 2 ? 1 : 0;
    const int32_t row_stride = (in_w >> sx) * in_c; /* input bytes per stored row */
    const int32_t base_y = y * s->stride_h - s->pad_h;
    const int32_t base_x = x * s->stride_w - s->pad_w;
    const int32_t row_bytes = fw * fc;
    /* Whole filter rows are one contiguous run of the input when the taps are adjacent pixels: the
     * taps [first, last) lie inside the input (the same for every row), the others are padding. */
    const bool row_runs = fc == in_c && (dil_w == 1 || fw == 1) && sx == 0;
    const int32_t first = MIN(MAX(-base_x, 0), fw);
    const int32_t last = MAX(MIN(in_w - base_x, fw), first); /* exclusive */
    const int32_t lead = first * fc, body = (last - first) * fc, trail = (fw - last) * fc;
    const int32_t in_x = group_channel + (base_x + first) * in_c; /* an offset: a pointer only when body > 0 */
    if (row_runs && sy == 0)
    {
        /* rows [ky0, ky1) inside the input (0 <= base_y + ky dil_h < in_h), in one call; the rows above
         * and below are padding */
        const int32_t room = in_h - base_y;
        const int32_t ky0 = base_y >= 0 ? 0 : MIN((dil_h - 1 - base_y) / dil_h, fh);
        const int32_t ky1 = room <= 0 ? ky0 : MAX(MIN((room + dil_h - 1) / dil_h, fh), ky0);
        if (ky1 == ky0 || body == 0)
        {
            kiln_conv_s8_fill(dst, pad_value, fh * row_bytes);
            return;
        }
        if (ky0 > 0)
        {
            kiln_conv_s8_fill(dst, pad_value, ky0 * row_bytes);
        }
        kiln_conv_s8_im2col_rows(dst + ky0 * row_bytes, input_batch + in_x + (base_y + ky0 * dil_h) * row_stride,
                                 dil_h * row_stride, ky1 - ky0, lead, body, trail, pad_value);
        if (ky1 < fh)
        {
            kiln_conv_s8_fill(dst + ky1 * row_bytes, pad_value, (fh - ky1) * row_bytes);
        }
        return;
    }
    for (int32_t ky = 0; ky < fh; ky++)
    {
        const int32_t iy = base_y + ky * dil_h;
        if (iy < 0 || iy >= in_h)
        {
            kiln_conv_s8_fill(dst, pad_value, row_bytes);
            dst += row_bytes;
            continue;
        }
        if (row_runs)
        {
            /* one row of an upscaled input (its rows are not evenly spaced) */
            if (body > 0)
            {
                kiln_conv_s8_im2col_rows(dst, input_batch + in_x + (iy >> sy) * row_stride, 0, 1, lead, body, trail,
                                         pad_value);
            }
            else
            {
                kiln_conv_s8_fill(dst, pad_value, row_bytes);
            }
            dst += row_bytes;
            continue;
        }
        const int8_t *in_row = input_batch + (iy >> sy) * row_stride + group_channel;
        for (int32_t kx = 0; kx < fw; kx++)
        {
            const int32_t ix = base_x + kx * dil_w;
            if (ix < 0 || ix >= in_w)
            {
                kiln_conv_s8_fill(dst, pad_value, fc);
            }
            else
            {
                kiln_conv_s8_copy(dst, in_row + (ix >> sx) * in_c, fc);
            }
            dst += fc;
        }
    }
}

/* The number of indices i >= 0 with i * stride <= limit (stride >= 1): 0 for a negative limit. */
static inline int32_t kiln_conv_count_upto(int64_t limit, int32_t stride)
{
    return limit < 0 ? 0 : (int32_t)MIN(limit / stride + 1, INT32_MAX);
}

/*
 * The im2col route of one group: patches gathered into the scratch, `block` at a time, along the output rows.
 * Patches whose window lies inside the input on both axes (output rows [y0, y1), columns [x0, x1)) are fh
 * contiguous runs of fw * in_c bytes when the filter's taps along a row are adjacent pixels of every channel:
 * one row copy each, from a source offset that steps by stride_w * in_c along the row; the others go through
 * the border arithmetic of kiln_conv_im2col_patch.
 */
static void kiln_conv_s8_run_im2col(const kiln_conv_s8_run_args *a, const kiln_conv_s8_gemm_args *ga, int32_t ch0,
                                    int32_t oc0, int32_t block)
{
    const kiln_conv_s8_shape *s = a->shape;
    const int32_t k = a->plan->rhs_cols;
    const int32_t in_batch_stride = (s->in_h / s->upscale_h) * (s->in_w / s->upscale_w) * s->in_c;
    const int8_t pad_value = (int8_t)(-a->input_offset);
    const bool runs = s->filter_c == s->in_c && s->upscale_h == 1 && s->upscale_w == 1 &&
        (s->dilation_w == 1 || s->filter_w == 1);
    const int32_t y0 = (s->pad_h + s->stride_h - 1) / s->stride_h;
    const int32_t y1 =
        runs ? kiln_conv_count_upto((int64_t)s->in_h - 1 - (int64_t)(s->filter_h - 1) * s->dilation_h + s->pad_h,
                                    s->stride_h)
             : 0;
    const int32_t x0 = (s->pad_w + s->stride_w - 1) / s->stride_w;
    const int32_t x1 = runs ? MIN(kiln_conv_count_upto((int64_t)s->in_w - s->filter_w + s->pad_w, s->stride_w),
                                  s->out_w)
                            : 0;
    const int32_t run_stride = s->dilation_h * s->in_w * s->in_c;
    const int32_t run = s->filter_w * s->in_c;
    const int32_t step = s->stride_w * s->in_c;
    const int32_t out_c = s->out_c;
    const int8_t *rows[KILN_CONV_S8_MAX_ROWS];
    int32_t n = 0;
    int8_t *out = a->output + oc0;
    for (int32_t b = 0; b < s->batches; b++)
    {
        const int8_t *const in_b = a->input + b * in_batch_stride;
        for (int32_t y = 0; y < s->out_h; y++)
        {
            const bool y_inside = y >= y0 && y < y1;
            /* (an offset: the window of a column outside [x0, x1) may start before the input) */
            int32_t src = ch0 + ((y * s->stride_h - s->pad_h) * s->in_w + (x0 * s->stride_w - s->pad_w)) * s->in_c;
            for (int32_t x = 0; x < s->out_w; x++)
            {
                int8_t *const slot = a->scratch + n * k;
                if (y_inside && x >= x0 && x < x1)
                {
                    kiln_conv_s8_copy_rows(slot, in_b + src, run_stride, s->filter_h, run);
                    src += step;
                }
                else
                {
                    kiln_conv_im2col_patch(s, in_b, ch0, y, x, pad_value, slot);
                }
                rows[n++] = slot;
                if (n == block)
                {
                    kiln_conv_s8_gemm(ga, rows, n, out);
                    out += n * out_c;
                    n = 0;
                }
            }
        }
    }
    if (n > 0)
    {
        kiln_conv_s8_gemm(ga, rows, n, out);
    }
}

/* Output channels [oc0, oc0 + n_oc) of the group whose first input channel is ch0; wsum: their n_oc weight sums
 * (MVE) or NULL. */
static void kiln_conv_s8_run_range(const kiln_conv_s8_run_args *a, int32_t ch0, int32_t oc0, int32_t n_oc,
                                   const int32_t *wsum)
{
    const kiln_conv_s8_shape *s = a->shape;
    const kiln_conv_s8_plan_t *p = a->plan;
    const int32_t k = p->rhs_cols;
    /* patches per GEMM call: the route's block (its scratch holds that many copied patches); the 1x1 routes read
     * their patches in place, so they take the most the kernel accepts whatever the backend */
    const bool in_place = kiln_conv_s8_in_place(p->route);
    const int32_t block = in_place ? KILN_CONV_S8_MAX_ROWS : MIN(p->block_rows, KILN_CONV_S8_MAX_ROWS);
    const int32_t n_pixels = s->batches * s->out_h * s->out_w;
    const int32_t in_batch_stride = (s->in_h / s->upscale_h) * (s->in_w / s->upscale_w) * s->in_c;
    const int8_t pad_value = (int8_t)(-a->input_offset);
    /* (a property of the parameters that only the Helium kernels use: worked out once per call there) */
    const bool top =
        KILN_BUILD_MVE && kiln_requant_top_ok(a->shift + oc0, n_oc, a->output_offset, a->act_min, a->act_max);
    const kiln_conv_s8_gemm_args ga = {
        a->filter + (int32_t)(oc0 * k),
        a->bias != NULL ? a->bias + oc0 : NULL,
        wsum,
        a->mult + oc0,
        a->shift + oc0,
        k,
        k,
        n_oc,
        a->input_offset,
        a->output_offset,
        a->act_min,
        a->act_max,
        s->out_c,
        top,
    };
#if KILN_BUILD_MVE || KILN_BUILD_DSP
    /* 1x1 routes: the patches are input pixels at a fixed stride along each output row (along
     * the whole tensor when the output has the input's size), so the strided kernel takes them
     * all in one call instead of blocks of row pointers. */
    if (in_place)
    {
        if (s->stride_h == 1 && s->stride_w == 1 && s->out_h == s->in_h && s->out_w == s->in_w)
        {
            kiln_conv_s8_gemm_strided(&ga, a->input + ch0, s->in_c, n_pixels, a->output + oc0);
            return;
        }
        for (int32_t bi = 0; bi < s->batches; bi++)
        {
            const int8_t *const in_b = a->input + bi * in_batch_stride + ch0;
            for (int32_t yi = 0; yi < s->out_h; yi++)
            {
                kiln_conv_s8_gemm_strided(&ga, in_b + yi * s->stride_h * s->in_w * s->in_c, s->stride_w * s->in_c,
                                          s->out_w, a->output + ((bi * s->out_h + yi) * s->out_w) * s->out_c + oc0);
            }
        }
        return;
    }
#endif
    if (p->route == KILN_CONV_S8_ROUTE_IM2COL)
    {
        kiln_conv_s8_run_im2col(a, &ga, ch0, oc0, block);
        return;
    }
    /* The routes that read their patches in place (the 1xN route gathers those that cross the border). */
    int32_t b = 0, y = 0, x = 0; /* coordinates of pixel `pix` */
    for (int32_t pix = 0; pix < n_pixels; pix += block)
    {
        const int32_t n = MIN(block, n_pixels - pix);
        const int8_t *rows[KILN_CONV_S8_MAX_ROWS];
        for (int32_t r = 0; r < n; r++)
        {
            const int8_t *in_b = a->input + b * in_batch_stride;
            int8_t *slot = a->scratch != NULL ? a->scratch + r * k : NULL;
            switch (p->route)
            {
            case KILN_CONV_S8_ROUTE_1X1_FAST:
                rows[r] = in_b + (y * s->in_w + x) * s->in_c + ch0;
                break;
            case KILN_CONV_S8_ROUTE_1X1:
                rows[r] = in_b + (y * s->stride_h * s->in_w + x * s->stride_w) * s->in_c + ch0;
                break;
            default: { /* KILN_CONV_S8_ROUTE_1XN */
                const int32_t iy = y * s->stride_h - s->pad_h;
                const int32_t ix = x * s->stride_w - s->pad_w;
                if (iy >= 0 && iy < s->in_h && ix >= 0 && ix + s->filter_w <= s->in_w)
                {
                    rows[r] = in_b + (iy * s->in_w + ix) * s->in_c;
                }
                else
                {
                    kiln_conv_im2col_patch(s, in_b, ch0, y, x, pad_value, slot);
                    rows[r] = slot;
                }
                break;
            }
            }
            if (++x == s->out_w)
            {
                x = 0;
                if (++y == s->out_h)
                {
                    y = 0;
                    b++;
                }
            }
        }
        kiln_conv_s8_gemm(&ga, rows, n, a->output + pix * s->out_c + oc0);
    }
}

#if KILN_BUILD_MVE
/* No weight sums from the caller (upstream API, or none given): the kernels would sum each channel's weights again
 * per block of patches (the 1x1 routes' two-phase kernel once per group of four channels, but without the sums it
 * cannot take the fused top-form loop), so the routes run over chunks of at most KILN_CONV_S8_WSUM_CHUNK channels
 * with the chunk's sums formed once, on this function's stack (384 bytes, only while it runs); the im2col route
 * gathers its patches again per chunk. Not the 1x1 routes at the dot lengths whose kernel keeps the weights in
 * registers: it forms the sums as cheaply itself. */
static __attribute__((noinline)) void kiln_conv_s8_run_chunks(const kiln_conv_s8_run_args *a, int32_t ch0, int32_t oc0,
                                                              int32_t n_oc)
{
    const int32_t k = a->plan->rhs_cols;
    int32_t sums[KILN_CONV_S8_WSUM_CHUNK];
    /* the fewest chunks, of equal size rounded up to whole groups of four channels */
    const int32_t n_chunks = (n_oc + KILN_CONV_S8_WSUM_CHUNK - 1) / KILN_CONV_S8_WSUM_CHUNK;
    const int32_t chunk = MIN(((n_oc + n_chunks - 1) / n_chunks + 3) & ~3, KILN_CONV_S8_WSUM_CHUNK);
    for (int32_t c = 0; c < n_oc; c += chunk)
    {
        const int32_t n = MIN(chunk, n_oc - c);
        kiln_conv_s8_wsum(a->filter + (int32_t)((oc0 + c) * k), k, k, n, a->input_offset,
                          a->bias != NULL ? a->bias + oc0 + c : NULL, sums);
        kiln_conv_s8_run_range(a, ch0, oc0 + c, n, sums);
    }
}
#endif

void kiln_conv_s8_run(const kiln_conv_s8_run_args *a)
{
    const kiln_conv_s8_shape *s = a->shape;
    const kiln_conv_s8_plan_t *p = a->plan;
    const int32_t oc_per_group = s->out_c / p->groups;
    for (int32_t g = 0; g < p->groups; g++)
    {
        const int32_t oc0 = g * oc_per_group;
        const int32_t ch0 = g * s->filter_c;
#if KILN_BUILD_MVE
        const bool in_place = kiln_conv_s8_in_place(p->route);
        if (a->weight_sum == NULL && !(in_place && kiln_conv_s8_strided_resident(p->rhs_cols)))
        {
            kiln_conv_s8_run_chunks(a, ch0, oc0, oc_per_group);
            continue;
        }
#endif
        kiln_conv_s8_run_range(a, ch0, oc0, oc_per_group, a->weight_sum != NULL ? a->weight_sum + oc0 : NULL);
    }
}

arm_cmsis_nn_status kiln_conv_s8_entry(const cmsis_nn_context *ctx,
                                       const cmsis_nn_context *ws_ctx,
                                       const cmsis_nn_conv_params *conv_params,
                                       const cmsis_nn_per_channel_quant_params *quant_params,
                                       const cmsis_nn_dims *input_dims,
                                       const int8_t *input_data,
                                       const cmsis_nn_dims *filter_dims,
                                       const int8_t *filter_data,
                                       const int32_t *bias_data,
                                       const cmsis_nn_dims *upscale_dims,
                                       const cmsis_nn_dims *output_dims,
                                       int8_t *output_data,
                                       kiln_conv_s8_route route,
                                       bool require_1x1_output)
{
    kiln_conv_s8_shape s;
    kiln_conv_s8_plan_t plan;
    if (!kiln_conv_s8_shape_from(conv_params, input_dims, filter_dims, output_dims, upscale_dims, &s))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const arm_cmsis_nn_status st = route == KILN_CONV_S8_ROUTE_COUNT
        ? kiln_conv_s8_plan(&s, KILN_NATIVE_ISA, &plan)
        : kiln_conv_s8_plan_route(&s, KILN_NATIVE_ISA, route, &plan);
    if (st != ARM_CMSIS_NN_SUCCESS)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (require_1x1_output && (s.out_h != 1 || s.out_w != 1 || s.filter_c != s.in_c))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (!kiln_conv_s8_params_ok(conv_params, quant_params, input_data, filter_data, output_data, s.out_c))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (!kiln_ctx_holds(ctx, plan.scratch_bytes))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const int32_t *weight_sum = NULL;
    if (plan.weight_sum_bytes > 0 && ws_ctx != NULL && ws_ctx->buf != NULL)
    {
        /* A stated size below one int32 per output channel is an error; 0 means not stated. */
        if (ws_ctx->size < 0 || (ws_ctx->size > 0 && (int64_t)ws_ctx->size < plan.weight_sum_bytes))
        {
            return ARM_CMSIS_NN_ARG_ERROR;
        }
        weight_sum = (const int32_t *)ws_ctx->buf;
    }
    const kiln_conv_s8_run_args a = {
        &s,
        &plan,
        input_data,
        filter_data,
        bias_data,
        weight_sum,
        quant_params->multiplier,
        quant_params->shift,
        conv_params->input_offset,
        conv_params->output_offset,
        conv_params->activation.min,
        conv_params->activation.max,
        plan.scratch_bytes > 0 ? (int8_t *)ctx->buf : NULL,
        output_data,
    };
    kiln_conv_s8_run(&a);
    return ARM_CMSIS_NN_SUCCESS;
}
