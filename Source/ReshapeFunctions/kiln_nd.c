/*
 * Kiln — the N-dimensional data movement operators (Include/Internal/kiln_nd.h) for elements of 1, 2 or 4 bytes:
 * TILE, BROADCAST_TO, MIRROR_PAD and REVERSE_SEQUENCE share one walk (each output row gets its source row from
 * the outer coordinates, then its elements as runs that step +1, 0 or -1 through the source row);
 * DYNAMIC_UPDATE_SLICE copies rows; the NHWC block moves (space / depth / batch) copy whole pixels; STRIDED_SLICE
 * copies strided runs of the innermost axis (kiln_nd_copy, any step); CONCATENATION / SPLIT copy one block per part
 * and outer index; RESIZE_NEAREST_NEIGHBOR copies whole pixels.
 * Portable C on every backend. Elements move by memcpy, so every bit pattern arrives unchanged.
 */
#include "Include/Internal/kiln_nd.h"
#include "Include/Internal/kiln_movement.h"
#include "Include/arm_nnsupportfunctions.h"

#include <stdbool.h>
#include <string.h>

/* ---- checks ---------------------------------------------------------------------------------- */

static bool kiln_nd_elem_ok(size_t elem_size)
{
    return elem_size == 1u || elem_size == 2u || elem_size == 4u;
}

/* rank 1..KILN_ND_MAX_RANK, every extent >= 0 and the element count indexable: the count in *count. */
static bool kiln_nd_shape_ok(int32_t rank, const int32_t *shape, size_t elem_size, int64_t *count)
{
    if (shape == NULL || rank < 1 || rank > KILN_ND_MAX_RANK)
    {
        return false;
    }
    int64_t n = 1;
    for (int32_t d = 0; d < rank; d++)
    {
        if (shape[d] < 0)
        {
            return false;
        }
        n = n > INT32_MAX ? n : n * shape[d]; /* both factors <= INT32_MAX: no int64 overflow */
    }
    *count = n;
    return kiln_movement_count_ok(n, elem_size);
}

/* ---- the walk of TILE, BROADCAST_TO, MIRROR_PAD, REVERSE_SEQUENCE -------------------------------- */

typedef enum
{
    KILN_ND_TILE,    /* source coordinate o mod in (BROADCAST_TO: in is 1 or the output extent) */
    KILN_ND_MIRROR,  /* MIRROR_PAD */
    KILN_ND_REVERSE, /* REVERSE_SEQUENCE */
} kiln_nd_kind;

typedef struct
{
    kiln_nd_kind kind;
    int32_t rank; /* REVERSE_SEQUENCE with the batch axis innermost: one more axis of extent 1 */
    int32_t in[KILN_ND_MAX_RANK + 1];
    int32_t out[KILN_ND_MAX_RANK + 1];
    int32_t pre[KILN_ND_MAX_RANK + 1]; /* MIRROR_PAD: padding before */
    bool symmetric;                    /* MIRROR_PAD: SYMMETRIC (else REFLECT) */
    int32_t seq_dim, batch_dim;        /* REVERSE_SEQUENCE */
    const int32_t *seq_len;
} kiln_nd_walk;

/* The source coordinate along axis d of output coordinate o; c: the output coordinates of the row. */
static int32_t kiln_nd_src(const kiln_nd_walk *w, int32_t d, int32_t o, const int32_t *c)
{
    switch (w->kind)
    {
    case KILN_ND_TILE:
        return o % w->in[d];
    case KILN_ND_MIRROR:
    {
        const int32_t x = o - w->pre[d];
        const int32_t n = w->in[d];
        if (x < 0)
        {
            return w->symmetric ? -x - 1 : -x;
        }
        if (x >= n)
        {
            return (int32_t)(w->symmetric ? 2 * (int64_t)n - 1 - x : 2 * ((int64_t)n - 1) - x);
        }
        return x;
    }
    default:
        if (d == w->seq_dim)
        {
            const int32_t len = w->seq_len[c[w->batch_dim]];
            return o < len ? len - 1 - o : o;
        }
        return o;
    }
}

/* The run of the innermost axis that starts at output coordinate o: its source start *s, its direction *step
 * (+1, 0 or -1), its length (returned, >= 1). */
static int32_t kiln_nd_run(const kiln_nd_walk *w, int32_t o, const int32_t *c, int32_t *s, int *step)
{
    const int32_t d = w->rank - 1;
    const int32_t n = w->out[d];
    int64_t end = n; /* o plus a source extent can pass INT32_MAX */
    *s = kiln_nd_src(w, d, o, c);
    *step = 1;
    switch (w->kind)
    {
    case KILN_ND_TILE:
        if (w->in[d] == 1)
        {
            *step = 0;
        }
        else
        {
            end = (int64_t)o + (w->in[d] - *s);
        }
        break;
    case KILN_ND_MIRROR:
    {
        const int32_t x = o - w->pre[d];
        if (x < 0)
        {
            *step = -1;
            end = w->pre[d];
        }
        else if (x < w->in[d])
        {
            end = (int64_t)o + (w->in[d] - x);
        }
        else
        {
            *step = -1;
        }
        break;
    }
    default:
        if (d == w->seq_dim && o < w->seq_len[c[w->batch_dim]])
        {
            *step = -1;
            end = w->seq_len[c[w->batch_dim]];
        }
        break;
    }
    return (int32_t)(end > n ? n : end) - o;
}

/* n elements to dst from src on: src[0], src[step], src[2 step], ... (step in elements, any sign; 1 is one
 * memcpy) */
static void kiln_nd_copy(uint8_t *dst, const uint8_t *src, int32_t n, ptrdiff_t step, size_t es)
{
    if (step == 1)
    {
        memcpy(dst, src, (size_t)n * es);
        return;
    }
    const ptrdiff_t sb = step * (ptrdiff_t)es;
    switch (es)
    {
    case 1:
        for (int32_t k = 0; k < n; k++)
        {
            dst[k] = src[(ptrdiff_t)k * sb];
        }
        break;
    case 2:
        for (int32_t k = 0; k < n; k++)
        {
            memcpy(dst + 2 * k, src + (ptrdiff_t)k * sb, 2);
        }
        break;
    default:
        for (int32_t k = 0; k < n; k++)
        {
            memcpy(dst + 4 * k, src + (ptrdiff_t)k * sb, 4);
        }
        break;
    }
}

/* Writes every output element (the output is not empty; extents and counts checked by the caller). */
static void kiln_nd_walk_run(const kiln_nd_walk *w, const uint8_t *in, uint8_t *out, size_t es)
{
    const int32_t last = w->rank - 1;
    ptrdiff_t stride[KILN_ND_MAX_RANK + 1];
    int32_t c[KILN_ND_MAX_RANK + 1];
    stride[last] = (ptrdiff_t)es;
    for (int32_t d = last - 1; d >= 0; d--)
    {
        stride[d] = stride[d + 1] * (ptrdiff_t)w->in[d + 1];
    }
    int64_t rows = 1;
    for (int32_t d = 0; d < last; d++)
    {
        rows *= w->out[d];
        c[d] = 0;
    }
    for (int64_t r = 0; r < rows; r++)
    {
        const uint8_t *src = in;
        for (int32_t d = 0; d < last; d++)
        {
            src += (ptrdiff_t)kiln_nd_src(w, d, c[d], c) * stride[d];
        }
        for (int32_t o = 0; o < w->out[last];)
        {
            int32_t s;
            int step;
            const int32_t len = kiln_nd_run(w, o, c, &s, &step);
            kiln_nd_copy(out, src + (ptrdiff_t)s * (ptrdiff_t)es, len, step, es);
            out += (size_t)len * es;
            o += len;
        }
        for (int32_t d = last - 1; d >= 0; d--)
        {
            if (++c[d] < w->out[d])
            {
                break;
            }
            c[d] = 0;
        }
    }
}

/* The common start of the walked operators: pointers, element size, the input shape; w->in / rank filled. */
static bool kiln_nd_walk_init(kiln_nd_walk *w,
                              kiln_nd_kind kind,
                              const void *input,
                              const void *output,
                              int32_t rank,
                              const int32_t *in_shape,
                              size_t elem_size)
{
    int64_t count;
    if (input == NULL || output == NULL || !kiln_nd_elem_ok(elem_size) ||
        !kiln_nd_shape_ok(rank, in_shape, elem_size, &count))
    {
        return false;
    }
    w->kind = kind;
    w->rank = rank;
    for (int32_t d = 0; d < rank; d++)
    {
        w->in[d] = in_shape[d];
    }
    return true;
}

/* Checks the output extents w->out (count indexable) and runs the walk unless the output is empty. */
static arm_cmsis_nn_status kiln_nd_walk_finish(const kiln_nd_walk *w, const void *input, void *output, size_t elem_size)
{
    int64_t count;
    if (!kiln_nd_shape_ok(w->rank, w->out, elem_size, &count))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (count > 0)
    {
        kiln_nd_walk_run(w, (const uint8_t *)input, (uint8_t *)output, elem_size);
    }
    return ARM_CMSIS_NN_SUCCESS;
}

arm_cmsis_nn_status
kiln_tile_elems(const void *input, const cmsis_nn_tile_params *params, void *output, size_t elem_size)
{
    kiln_nd_walk w;
    if (params == NULL || params->multiples == NULL ||
        !kiln_nd_walk_init(&w, KILN_ND_TILE, input, output, params->rank, params->input_shape, elem_size))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    for (int32_t d = 0; d < w.rank; d++)
    {
        const int64_t e = (int64_t)w.in[d] * params->multiples[d];
        if (params->multiples[d] < 0 || e > INT32_MAX)
        {
            return ARM_CMSIS_NN_ARG_ERROR;
        }
        w.out[d] = (int32_t)e;
    }
    return kiln_nd_walk_finish(&w, input, output, elem_size);
}

arm_cmsis_nn_status
kiln_broadcast_to_elems(const void *input, const cmsis_nn_broadcast_to_params *params, void *output, size_t elem_size)
{
    kiln_nd_walk w;
    if (params == NULL || params->output_shape == NULL ||
        !kiln_nd_walk_init(&w, KILN_ND_TILE, input, output, params->rank, params->input_shape, elem_size))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    for (int32_t d = 0; d < w.rank; d++)
    {
        w.out[d] = params->output_shape[d];
        if (w.in[d] != 1 && w.in[d] != w.out[d])
        {
            return ARM_CMSIS_NN_ARG_ERROR;
        }
    }
    return kiln_nd_walk_finish(&w, input, output, elem_size);
}

arm_cmsis_nn_status
kiln_mirror_pad_elems(const void *input, const cmsis_nn_mirror_pad_params *params, void *output, size_t elem_size)
{
    kiln_nd_walk w;
    if (params == NULL || params->output_shape == NULL || params->pad_before == NULL ||
        (params->mode != 0 && params->mode != 1) ||
        !kiln_nd_walk_init(&w, KILN_ND_MIRROR, input, output, params->rank, params->input_shape, elem_size))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    w.symmetric = params->mode == 1;
    for (int32_t d = 0; d < w.rank; d++)
    {
        const int64_t pre = params->pad_before[d];
        const int64_t post = (int64_t)params->output_shape[d] - w.in[d] - pre;
        const int64_t most = w.symmetric ? w.in[d] : (int64_t)w.in[d] - 1; /* the widest side TFLite allows */
        if (pre < 0 || post < 0 || ((pre > 0 || post > 0) && (pre > most || post > most)))
        {
            return ARM_CMSIS_NN_ARG_ERROR;
        }
        w.pre[d] = (int32_t)pre;
        w.out[d] = params->output_shape[d];
    }
    return kiln_nd_walk_finish(&w, input, output, elem_size);
}

arm_cmsis_nn_status kiln_reverse_sequence_elems(const void *input,
                                                const int32_t *seq_lengths,
                                                const cmsis_nn_reverse_sequence_params *params,
                                                void *output,
                                                size_t elem_size)
{
    kiln_nd_walk w;
    if (params == NULL || seq_lengths == NULL ||
        !kiln_nd_walk_init(&w, KILN_ND_REVERSE, input, output, params->rank, params->shape, elem_size))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const int32_t sd = params->seq_dim, bd = params->batch_dim;
    if (sd < 0 || sd >= w.rank || bd < 0 || bd >= w.rank || sd == bd)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    for (int32_t b = 0; b < w.in[bd]; b++)
    {
        if (seq_lengths[b] < 0 || seq_lengths[b] > w.in[sd])
        {
            return ARM_CMSIS_NN_ARG_ERROR;
        }
    }
    for (int32_t d = 0; d < w.rank; d++)
    {
        w.out[d] = w.in[d];
    }
    if (bd == w.rank - 1)
    {
        /* the reversal along an outer axis depends on the innermost coordinate: one element per row */
        w.in[w.rank] = 1;
        w.out[w.rank] = 1;
        w.rank++;
    }
    w.seq_dim = sd;
    w.batch_dim = bd;
    w.seq_len = seq_lengths;
    return kiln_nd_walk_finish(&w, input, output, elem_size);
}

/* ---- DYNAMIC_UPDATE_SLICE -------------------------------------------------------------------- */

arm_cmsis_nn_status kiln_dynamic_update_slice_elems(const void *operand,
                                                    const void *update,
                                                    const int32_t *start_indices,
                                                    const cmsis_nn_dynamic_update_slice_params *params,
                                                    void *output,
                                                    size_t elem_size)
{
    int64_t n_op, n_up;
    if (operand == NULL || update == NULL || start_indices == NULL || params == NULL || output == NULL ||
        params->operand_strides == NULL || !kiln_nd_elem_ok(elem_size) ||
        !kiln_nd_shape_ok(params->rank, params->operand_shape, elem_size, &n_op) ||
        !kiln_nd_shape_ok(params->rank, params->update_shape, elem_size, &n_up) || params->operand_size != n_op ||
        params->update_size != n_up)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const int32_t rank = params->rank;
    const int32_t *os = params->operand_shape, *us = params->update_shape;
    int32_t start[KILN_ND_MAX_RANK];
    int64_t stride = 1;
    for (int32_t d = rank - 1; d >= 0; d--)
    {
        if (us[d] > os[d] || params->operand_strides[d] != stride)
        {
            return ARM_CMSIS_NN_ARG_ERROR;
        }
        stride *= os[d];
        const int32_t hi = os[d] - us[d];
        start[d] = start_indices[d] < 0 ? 0 : (start_indices[d] > hi ? hi : start_indices[d]);
    }
    uint8_t *out = (uint8_t *)output;
    if (output != operand)
    {
        memcpy(out, operand, (size_t)n_op * elem_size);
    }
    if (n_up == 0)
    {
        return ARM_CMSIS_NN_SUCCESS;
    }
    const uint8_t *src = (const uint8_t *)update;
    const int32_t inner = us[rank - 1];
    int32_t c[KILN_ND_MAX_RANK] = {0};
    for (int64_t r = 0; r < n_up / inner; r++)
    {
        int64_t at = start[rank - 1];
        for (int32_t d = 0; d < rank - 1; d++)
        {
            at += (int64_t)(start[d] + c[d]) * params->operand_strides[d];
        }
        memcpy(out + (size_t)at * elem_size, src, (size_t)inner * elem_size);
        src += (size_t)inner * elem_size;
        for (int32_t d = rank - 2; d >= 0; d--)
        {
            if (++c[d] < us[d])
            {
                break;
            }
            c[d] = 0;
        }
    }
    return ARM_CMSIS_NN_SUCCESS;
}

/* ---- NHWC block moves ------------------------------------------------------------------------ */

/* The four extents of an NHWC tensor: all >= 0 and the element count indexable. */
static bool kiln_nd_nhwc_ok(const cmsis_nn_dims *d, size_t elem_size, int64_t *count)
{
    if (d == NULL)
    {
        return false;
    }
    const int32_t e[4] = {d->n, d->h, d->w, d->c};
    return kiln_nd_shape_ok(4, e, elem_size, count);
}

static bool kiln_nd_dims_are(const cmsis_nn_dims *d, int64_t n, int64_t h, int64_t w, int64_t c)
{
    return d->n == n && d->h == h && d->w == w && d->c == c;
}

arm_cmsis_nn_status kiln_space_depth_elems(const void *input,
                                           const cmsis_nn_dims *input_dims,
                                           int32_t block_size,
                                           void *output,
                                           const cmsis_nn_dims *output_dims,
                                           size_t elem_size,
                                           bool to_depth)
{
    int64_t n_in, n_out;
    if (input == NULL || output == NULL || block_size <= 0 || !kiln_nd_elem_ok(elem_size) ||
        !kiln_nd_nhwc_ok(input_dims, elem_size, &n_in) || !kiln_nd_nhwc_ok(output_dims, elem_size, &n_out))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const int64_t b = block_size, bb = b * b;
    const int32_t n = input_dims->n, h = input_dims->h, w = input_dims->w, c = input_dims->c;
    /* the tensor with the large spatial extents ("space") and its channel count */
    const cmsis_nn_dims *space = to_depth ? input_dims : output_dims;
    bool ok;
    if (to_depth)
    {
        ok = h % b == 0 && w % b == 0 && kiln_nd_dims_are(output_dims, n, h / b, w / b, (int64_t)c * bb);
    }
    else
    {
        ok = c % bb == 0 && kiln_nd_dims_are(output_dims, n, (int64_t)h * b, (int64_t)w * b, c / bb);
    }
    if (!ok)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    /* space pixel (i, y, x) <-> depth pixel (i, y / b, x / b), channels from ((y mod b) b + x mod b) sc */
    const size_t px = (size_t)space->c * elem_size;
    const int32_t dw = space->w / block_size;
    const uint8_t *in = (const uint8_t *)input;
    uint8_t *out = (uint8_t *)output;
    for (int32_t i = 0; i < space->n; i++)
    {
        for (int32_t y = 0; y < space->h; y++)
        {
            for (int32_t x = 0; x < space->w; x++)
            {
                const size_t sp = (((size_t)i * (size_t)space->h + (size_t)y) * (size_t)space->w + (size_t)x) * px;
                const size_t dp =
                    ((((size_t)i * (size_t)(space->h / block_size) + (size_t)(y / block_size)) * (size_t)dw +
                      (size_t)(x / block_size)) *
                         (size_t)bb +
                     (size_t)(y % block_size) * (size_t)block_size + (size_t)(x % block_size)) *
                    px;
                if (to_depth)
                {
                    memcpy(out + dp, in + sp, px);
                }
                else
                {
                    memcpy(out + sp, in + dp, px);
                }
            }
        }
    }
    return ARM_CMSIS_NN_SUCCESS;
}

/* Block and four paddings / crops: block > 0, paddings >= 0. */
static bool kiln_nd_block_ok(const cmsis_nn_tile *block, const cmsis_nn_dims *edges)
{
    return block != NULL && edges != NULL && block->h > 0 && block->w > 0 && edges->n >= 0 && edges->h >= 0 &&
           edges->w >= 0 && edges->c >= 0;
}

arm_cmsis_nn_status kiln_space_to_batch_elems(const void *input,
                                              const cmsis_nn_dims *input_dims,
                                              const cmsis_nn_tile *block_shape,
                                              const cmsis_nn_dims *pad,
                                              void *output,
                                              const cmsis_nn_dims *output_dims,
                                              const void *pad_value,
                                              size_t elem_size)
{
    int64_t n_in, n_out;
    if (input == NULL || output == NULL || pad_value == NULL || !kiln_nd_elem_ok(elem_size) ||
        !kiln_nd_block_ok(block_shape, pad) || !kiln_nd_nhwc_ok(input_dims, elem_size, &n_in) ||
        !kiln_nd_nhwc_ok(output_dims, elem_size, &n_out))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const int32_t bh = block_shape->h, bw = block_shape->w;
    const int32_t top = pad->n, left = pad->h;
    const int64_t hp = (int64_t)top + input_dims->h + pad->w;
    const int64_t wp = (int64_t)left + input_dims->w + pad->c;
    const int32_t n = input_dims->n;
    const int64_t nb = (int64_t)bh * bw;
    if (hp % bh != 0 || wp % bw != 0 || nb > INT32_MAX ||
        !kiln_nd_dims_are(output_dims, (int64_t)n * nb, hp / bh, wp / bw, input_dims->c))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (n_out == 0)
    {
        return ARM_CMSIS_NN_SUCCESS;
    }
    uint8_t *out = (uint8_t *)output;
    for (int64_t k = 0; k < n_out; k++)
    {
        memcpy(out + (size_t)k * elem_size, pad_value, elem_size);
    }
    const size_t px = (size_t)input_dims->c * elem_size;
    const uint8_t *in = (const uint8_t *)input;
    for (int32_t i = 0; i < n; i++)
    {
        for (int32_t y = 0; y < input_dims->h; y++)
        {
            const int64_t py = (int64_t)y + top; /* in the padded height, which may pass INT32_MAX */
            for (int32_t x = 0; x < input_dims->w; x++)
            {
                const int64_t pxx = (int64_t)x + left;
                const size_t ob = (size_t)((py % bh) * bw + pxx % bw) * (size_t)n + (size_t)i;
                const size_t at =
                    ((ob * (size_t)output_dims->h + (size_t)(py / bh)) * (size_t)output_dims->w + (size_t)(pxx / bw)) *
                    px;
                memcpy(out + at, in, px);
                in += px;
            }
        }
    }
    return ARM_CMSIS_NN_SUCCESS;
}

arm_cmsis_nn_status kiln_batch_to_space_elems(const void *input,
                                              const cmsis_nn_dims *input_dims,
                                              const cmsis_nn_tile *block_shape,
                                              const cmsis_nn_dims *crop,
                                              void *output,
                                              const cmsis_nn_dims *output_dims,
                                              size_t elem_size)
{
    int64_t n_in, n_out;
    if (input == NULL || output == NULL || !kiln_nd_elem_ok(elem_size) || !kiln_nd_block_ok(block_shape, crop) ||
        !kiln_nd_nhwc_ok(input_dims, elem_size, &n_in) || !kiln_nd_nhwc_ok(output_dims, elem_size, &n_out))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const int64_t bh = block_shape->h, bw = block_shape->w;
    const int32_t top = crop->n, left = crop->h;
    const int64_t oh = (int64_t)input_dims->h * bh - top - crop->w;
    const int64_t ow = (int64_t)input_dims->w * bw - left - crop->c;
    if (input_dims->n % (bh * bw) != 0 || oh < 0 || ow < 0 ||
        !kiln_nd_dims_are(output_dims, input_dims->n / (bh * bw), oh, ow, input_dims->c))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (n_out == 0)
    {
        return ARM_CMSIS_NN_SUCCESS;
    }
    const int32_t on = output_dims->n;
    const size_t px = (size_t)input_dims->c * elem_size;
    const uint8_t *in = (const uint8_t *)input;
    uint8_t *out = (uint8_t *)output;
    for (int32_t k = 0; k < input_dims->n; k++)
    {
        const int32_t off = k / on;
        const int64_t ky = off / bw, kx = off % bw;
        for (int32_t y = 0; y < input_dims->h; y++)
        {
            const int64_t yy = y * bh + ky - top;
            for (int32_t x = 0; x < input_dims->w; x++, in += px)
            {
                const int64_t xx = x * bw + kx - left;
                if (yy < 0 || yy >= oh || xx < 0 || xx >= ow)
                {
                    continue;
                }
                const size_t at = ((((size_t)(k % on) * (size_t)oh) + (size_t)yy) * (size_t)ow + (size_t)xx) * px;
                memcpy(out + at, in, px);
            }
        }
    }
    return ARM_CMSIS_NN_SUCCESS;
}

/* ---- GATHER, GATHER_ND, SCATTER_ND ----------------------------------------------------------- */

/* The first rank extents of dims in n, h, w, c order (rank <= 4), each >= 0, and their element count. */
static bool
kiln_nd_dims_shape(const cmsis_nn_dims *dims, int32_t rank, size_t elem_size, int32_t *shape, int64_t *count)
{
    if (dims == NULL || rank < 0 || rank > 4)
    {
        return false;
    }
    const int32_t all[4] = {dims->n, dims->h, dims->w, dims->c};
    for (int32_t d = 0; d < rank; d++)
    {
        shape[d] = all[d];
    }
    if (rank == 0)
    {
        *count = 1;
        return true;
    }
    return kiln_nd_shape_ok(rank, shape, elem_size, count);
}

static int64_t kiln_nd_product(const int32_t *shape, int32_t from, int32_t to)
{
    int64_t p = 1;
    for (int32_t d = from; d < to; d++)
    {
        p *= shape[d];
    }
    return p;
}

/* output_dims holds shape[0 .. rank) in its first rank fields (n, h, w, c order) */
static bool kiln_nd_dims_match(const cmsis_nn_dims *dims, const int32_t *shape, int32_t rank)
{
    const int32_t all[4] = {dims->n, dims->h, dims->w, dims->c};
    for (int32_t d = 0; d < rank; d++)
    {
        if (all[d] != shape[d])
        {
            return false;
        }
    }
    return true;
}

arm_cmsis_nn_status kiln_gather_elems(const void *input,
                                      const cmsis_nn_dims *input_dims,
                                      const int32_t *indices,
                                      const cmsis_nn_dims *indices_dims,
                                      const cmsis_nn_gather_params *params,
                                      void *output,
                                      const cmsis_nn_dims *output_dims,
                                      size_t elem_size)
{
    if (input == NULL || indices == NULL || output == NULL || params == NULL || output_dims == NULL ||
        !kiln_nd_elem_ok(elem_size))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const int32_t rank = params->input_rank, crank = params->coords_rank;
    if (rank < 1 || rank > 4 || crank < 1 || crank > 4)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const int32_t axis = params->axis < 0 ? params->axis + rank : params->axis;
    const int32_t batch = params->batch_dims < 0 ? params->batch_dims + crank : params->batch_dims;
    int32_t in[4], ix[4], ex[4];
    int64_t n_in, n_ix, n_out;
    if (axis < 0 || axis >= rank || batch < 0 || batch > crank || batch > axis ||
        !kiln_nd_dims_shape(input_dims, rank, elem_size, in, &n_in) ||
        !kiln_nd_dims_shape(indices_dims, crank, sizeof(int32_t), ix, &n_ix))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    /* output: input[0 .. axis), indices[batch .. crank), input(axis .. rank) */
    int32_t er = 0;
    for (int32_t d = 0; d < rank + crank - batch - 1; d++)
    {
        if (d >= 4)
        {
            return ARM_CMSIS_NN_ARG_ERROR;
        }
        ex[er++] = d < axis ? in[d] : (d < axis + crank - batch ? ix[d - axis + batch] : in[d - crank + batch + 1]);
    }
    for (int32_t d = 0; d < batch; d++)
    {
        if (in[d] != ix[d])
        {
            return ARM_CMSIS_NN_ARG_ERROR;
        }
    }
    if (!kiln_nd_dims_match(output_dims, ex, er) ||
        !kiln_nd_shape_ok(er > 0 ? er : 1, er > 0 ? ex : in, elem_size, &n_out))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    for (int64_t i = 0; i < n_ix; i++)
    {
        if (indices[i] < 0 || indices[i] >= in[axis])
        {
            return ARM_CMSIS_NN_ARG_ERROR;
        }
    }
    const int64_t batches = kiln_nd_product(in, 0, batch), outer = kiln_nd_product(in, batch, axis);
    const int64_t coords = kiln_nd_product(ix, batch, crank), inner = kiln_nd_product(in, axis + 1, rank);
    const size_t row = (size_t)inner * elem_size;
    const uint8_t *src = (const uint8_t *)input;
    uint8_t *out = (uint8_t *)output;
    for (int64_t b = 0; b < batches; b++)
    {
        for (int64_t o = 0; o < outer; o++)
        {
            const uint8_t *slab = src + (size_t)((b * outer + o) * in[axis]) * row;
            for (int64_t c = 0; c < coords; c++)
            {
                memcpy(out, slab + (size_t)indices[b * coords + c] * row, row);
                out += row;
            }
        }
    }
    return ARM_CMSIS_NN_SUCCESS;
}

arm_cmsis_nn_status kiln_gather_nd_elems(const void *params_data,
                                         const cmsis_nn_dims *params_dims,
                                         const int32_t *indices,
                                         const cmsis_nn_dims *indices_dims,
                                         const cmsis_nn_gather_nd_params *params,
                                         void *output,
                                         const cmsis_nn_dims *output_dims,
                                         size_t elem_size)
{
    if (params_data == NULL || indices == NULL || output == NULL || params == NULL || output_dims == NULL ||
        !kiln_nd_elem_ok(elem_size))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const int32_t rank = params->params_rank, irank = params->indices_rank, batch = params->batch_dims;
    int32_t in[4], ix[4], ex[4];
    int64_t n_in, n_ix, n_out;
    if (rank < 1 || rank > 4 || irank < 1 || irank > 4 || batch < 0 || batch >= irank || batch >= rank ||
        !kiln_nd_dims_shape(params_dims, rank, elem_size, in, &n_in) ||
        !kiln_nd_dims_shape(indices_dims, irank, sizeof(int32_t), ix, &n_ix))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const int32_t width = ix[irank - 1];
    const int32_t orank = irank - 1 + rank - batch - width;
    if (width < 1 || width > rank - batch || orank > 4)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    /* output: indices[0 .. irank - 1), params[batch + width .. rank) */
    for (int32_t d = 0; d < orank; d++)
    {
        ex[d] = d < irank - 1 ? ix[d] : in[d - (irank - 1) + batch + width];
    }
    for (int32_t d = 0; d < batch; d++)
    {
        if (in[d] != ix[d])
        {
            return ARM_CMSIS_NN_ARG_ERROR;
        }
    }
    if (!kiln_nd_dims_match(output_dims, ex, orank) ||
        !kiln_nd_shape_ok(orank > 0 ? orank : 1, orank > 0 ? ex : in, elem_size, &n_out))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    for (int64_t i = 0; i < n_ix; i++)
    {
        const int32_t d = (int32_t)(i % width);
        if (indices[i] < 0 || indices[i] >= in[batch + d])
        {
            return ARM_CMSIS_NN_ARG_ERROR;
        }
    }
    int64_t stride[4];
    stride[rank - 1] = 1;
    for (int32_t d = rank - 2; d >= 0; d--)
    {
        stride[d] = stride[d + 1] * in[d + 1];
    }
    const int64_t batches = kiln_nd_product(in, 0, batch), slices = kiln_nd_product(ix, batch, irank - 1);
    const int64_t inner = kiln_nd_product(in, batch + width, rank);
    const int64_t bstride = batch > 0 ? stride[batch - 1] : 0;
    const uint8_t *src = (const uint8_t *)params_data;
    uint8_t *out = (uint8_t *)output;
    const int32_t *ip = indices;
    for (int64_t b = 0; b < batches; b++)
    {
        for (int64_t s = 0; s < slices; s++)
        {
            int64_t at = b * bstride;
            for (int32_t d = 0; d < width; d++)
            {
                at += (int64_t)*ip++ * stride[batch + d];
            }
            memcpy(out, src + (size_t)at * elem_size, (size_t)inner * elem_size);
            out += (size_t)inner * elem_size;
        }
    }
    return ARM_CMSIS_NN_SUCCESS;
}

arm_cmsis_nn_status kiln_scatter_nd_elems(const int32_t *indices,
                                          const void *updates,
                                          const cmsis_nn_scatter_nd_params *params,
                                          void *output,
                                          size_t elem_size)
{
    if (indices == NULL || updates == NULL || params == NULL || output == NULL || params->output_strides == NULL ||
        !kiln_nd_elem_ok(elem_size))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const int32_t nu = params->num_updates, depth = params->index_depth, slice = params->slice_size;
    const int32_t size = params->output_size;
    if (nu < 0 || depth < 1 || depth > KILN_ND_MAX_RANK || slice < 0 || size < 0 ||
        !kiln_movement_count_ok((int64_t)nu * slice, elem_size) || !kiln_movement_count_ok(size, elem_size))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    /* every slice inside the output before anything is written */
    for (int32_t d = 0; d < depth; d++)
    {
        if (params->output_strides[d] < 0)
        {
            return ARM_CMSIS_NN_ARG_ERROR;
        }
    }
    for (int64_t u = 0; u < nu; u++)
    {
        int64_t at = 0;
        for (int32_t d = 0; d < depth; d++)
        {
            const int32_t i = indices[u * depth + d];
            at += (int64_t)i * params->output_strides[d]; /* at <= size before: < 2^63 after */
            if (i < 0 || at > size)
            {
                return ARM_CMSIS_NN_ARG_ERROR;
            }
        }
        if (at + slice > size)
        {
            return ARM_CMSIS_NN_ARG_ERROR;
        }
    }
    uint8_t *out = (uint8_t *)output;
    memset(out, 0, (size_t)size * elem_size);
    const uint8_t *src = (const uint8_t *)updates;
    for (int64_t u = 0; u < nu; u++)
    {
        int64_t at = 0;
        for (int32_t d = 0; d < depth; d++)
        {
            at += (int64_t)indices[u * depth + d] * params->output_strides[d];
        }
        memcpy(out + (size_t)at * elem_size, src, (size_t)slice * elem_size);
        src += (size_t)slice * elem_size;
    }
    return ARM_CMSIS_NN_SUCCESS;
}

/* ---- STRIDED_SLICE, CONCATENATION / SPLIT along one axis, RESIZE_NEAREST_NEIGHBOR ------------- */

static void kiln_nd_dims4(const cmsis_nn_dims *d, int32_t *a)
{
    a[0] = d->n;
    a[1] = d->h;
    a[2] = d->w;
    a[3] = d->c;
}

arm_cmsis_nn_status kiln_strided_slice_elems(const void *input,
                                             void *output,
                                             const cmsis_nn_dims *input_dims,
                                             const cmsis_nn_dims *begin_dims,
                                             const cmsis_nn_dims *stride_dims,
                                             const cmsis_nn_dims *output_dims,
                                             size_t elem_size)
{
    if (input == NULL || output == NULL || input_dims == NULL || begin_dims == NULL || stride_dims == NULL ||
        output_dims == NULL || !kiln_nd_elem_ok(elem_size))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    int32_t in[4], b[4], st[4], o[4];
    kiln_nd_dims4(input_dims, in);
    kiln_nd_dims4(begin_dims, b);
    kiln_nd_dims4(stride_dims, st);
    kiln_nd_dims4(output_dims, o);
    int64_t n_in, n_out;
    if (!kiln_nd_shape_ok(4, in, elem_size, &n_in) || !kiln_nd_shape_ok(4, o, elem_size, &n_out))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    for (int32_t d = 0; d < 4; d++)
    {
        if (st[d] == 0)
        {
            return ARM_CMSIS_NN_ARG_ERROR;
        }
        /* the first and the last index taken along d inside the input (the indices between follow) */
        const int64_t last = (int64_t)b[d] + ((int64_t)o[d] - 1) * st[d];
        if (o[d] > 0 && (b[d] < 0 || b[d] >= in[d] || last < 0 || last >= in[d]))
        {
            return ARM_CMSIS_NN_ARG_ERROR;
        }
    }
    if (n_out == 0)
    {
        return ARM_CMSIS_NN_SUCCESS;
    }
    const ptrdiff_t es = (ptrdiff_t)elem_size;
    const ptrdiff_t pitch[3] = {(ptrdiff_t)in[1] * in[2] * in[3] * es, (ptrdiff_t)in[2] * in[3] * es,
                                (ptrdiff_t)in[3] * es};
    const uint8_t *src = (const uint8_t *)input;
    uint8_t *dst = (uint8_t *)output;
    for (int32_t i0 = 0; i0 < o[0]; i0++)
    {
        const uint8_t *p0 = src + ((ptrdiff_t)b[0] + (ptrdiff_t)i0 * st[0]) * pitch[0];
        for (int32_t i1 = 0; i1 < o[1]; i1++)
        {
            const uint8_t *p1 = p0 + ((ptrdiff_t)b[1] + (ptrdiff_t)i1 * st[1]) * pitch[1];
            for (int32_t i2 = 0; i2 < o[2]; i2++)
            {
                const uint8_t *p2 = p1 + ((ptrdiff_t)b[2] + (ptrdiff_t)i2 * st[2]) * pitch[2];
                kiln_nd_copy(dst, p2 + (ptrdiff_t)b[3] * es, o[3], st[3], elem_size);
                dst += (size_t)o[3] * elem_size;
            }
        }
    }
    return ARM_CMSIS_NN_SUCCESS;
}

arm_cmsis_nn_status kiln_axis_copy_elems(const void *const *parts,
                                         int32_t count,
                                         const int32_t *part_extents,
                                         int32_t axis,
                                         const void *whole,
                                         int32_t rank,
                                         const int32_t *shape,
                                         size_t elem_size,
                                         bool split)
{
    int64_t n_whole;
    if (parts == NULL || part_extents == NULL || whole == NULL || count < 1 || !kiln_nd_elem_ok(elem_size) ||
        !kiln_nd_shape_ok(rank, shape, elem_size, &n_whole) || axis < 0 || axis >= rank)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    int64_t sum = 0;
    for (int32_t i = 0; i < count; i++)
    {
        if (parts[i] == NULL || part_extents[i] < 0)
        {
            return ARM_CMSIS_NN_ARG_ERROR;
        }
        sum += part_extents[i]; /* count < 2^31 terms below 2^31: no overflow */
    }
    if (sum != shape[axis])
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (n_whole == 0)
    {
        return ARM_CMSIS_NN_SUCCESS;
    }
    int64_t outer = 1, inner = 1;
    for (int32_t d = 0; d < axis; d++)
    {
        outer *= shape[d];
    }
    for (int32_t d = axis + 1; d < rank; d++)
    {
        inner *= shape[d];
    }
    /* whole is outer blocks; block k holds, in order, block k of every part (part_extents[i] x inner elements) */
    size_t at = 0; /* bytes of whole done */
    for (int64_t k = 0; k < outer; k++)
    {
        for (int32_t i = 0; i < count; i++)
        {
            const size_t bytes = (size_t)part_extents[i] * (size_t)inner * elem_size;
            if (bytes == 0)
            {
                continue;
            }
            const size_t off = (size_t)k * bytes;
            if (split)
            {
                memcpy((uint8_t *)(uintptr_t)parts[i] + off, (const uint8_t *)whole + at, bytes);
            }
            else
            {
                memcpy((uint8_t *)(uintptr_t)whole + at, (const uint8_t *)parts[i] + off, bytes);
            }
            at += bytes;
        }
    }
    return ARM_CMSIS_NN_SUCCESS;
}

arm_cmsis_nn_status kiln_resize_nearest_elems(const cmsis_nn_resize_params *params,
                                              const cmsis_nn_dims *input_shape,
                                              const void *input,
                                              const cmsis_nn_dims *size_shape,
                                              const int32_t *size_data,
                                              const cmsis_nn_dims *output_shape,
                                              void *output,
                                              size_t elem_size)
{
    if (params == NULL || input_shape == NULL || input == NULL || size_shape == NULL || size_data == NULL ||
        output_shape == NULL || output == NULL || !kiln_nd_elem_ok(elem_size))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    int32_t in[4], sz[4], out[4];
    kiln_nd_dims4(input_shape, in);
    kiln_nd_dims4(size_shape, sz);
    kiln_nd_dims4(output_shape, out);
    int64_t n_in, n_out;
    if (!kiln_nd_shape_ok(4, in, elem_size, &n_in) || !kiln_nd_shape_ok(4, out, elem_size, &n_out) || in[0] < 1 ||
        in[1] < 1 || in[2] < 1 || in[3] < 1)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    /* the size tensor holds exactly two values: new height, new width */
    if (sz[0] < 1 || sz[1] < 1 || sz[2] < 1 || sz[3] < 1 || sz[0] > 2 || sz[1] > 2 || sz[2] > 2 || sz[3] > 2 ||
        sz[0] * sz[1] * sz[2] * sz[3] != 2)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const int32_t oh = size_data[0], ow = size_data[1];
    if (oh < 1 || ow < 1 || out[0] != in[0] || out[1] != oh || out[2] != ow || out[3] != in[3])
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const bool ac = params->align_corners, hp = params->half_pixel_centers;
    /* TFLite's scales, in float32 */
    const float y_scale = (ac && oh > 1) ? (float)(in[1] - 1) / (float)(oh - 1) : (float)in[1] / (float)oh;
    const float x_scale = (ac && ow > 1) ? (float)(in[2] - 1) / (float)(ow - 1) : (float)in[2] / (float)ow;
    const float offset = hp ? 0.5f : 0.0f;
    const size_t pixel = (size_t)in[3] * elem_size;
    const uint8_t *src = (const uint8_t *)input;
    uint8_t *dst = (uint8_t *)output;
    for (int32_t b = 0; b < in[0]; b++)
    {
        const uint8_t *image = src + (size_t)b * (size_t)in[1] * (size_t)in[2] * pixel;
        for (int32_t y = 0; y < oh; y++)
        {
            /* the index is in [0, in - 1]: non-negative scale and offset, clamped above */
            const int32_t iy = GetNearestNeighbor(y, in[1], y_scale, offset, ac, hp);
            const uint8_t *row = image + (size_t)iy * (size_t)in[2] * pixel;
            for (int32_t x = 0; x < ow; x++)
            {
                const int32_t ix = GetNearestNeighbor(x, in[2], x_scale, offset, ac, hp);
                memcpy(dst, row + (size_t)ix * pixel, pixel);
                dst += pixel;
            }
        }
    }
    return ARM_CMSIS_NN_SUCCESS;
}
