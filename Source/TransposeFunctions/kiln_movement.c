/*
 * Kiln — the index arithmetic of TRANSPOSE and constant PAD for elements of 1, 2 or 4 bytes, shared by
 * arm_transpose_s8 / _f16 / _f32 and arm_pad_s8 / _f16 / _f32 (Include/Internal/kiln_movement.h).
 * Every element moves by memcpy: bit-exact for any type of that size.
 */
#include "Include/Internal/kiln_movement.h"
#include "Include/Internal/kiln_common.h"

#include <stdbool.h>
#include <string.h>

bool kiln_movement_count_ok(int64_t elems, size_t elem_size)
{
    const int64_t lim =
        (int64_t)PTRDIFF_MAX < (int64_t)(SIZE_MAX >> 1) ? (int64_t)PTRDIFF_MAX : (int64_t)(SIZE_MAX >> 1);
    return elems >= 0 && elems <= INT32_MAX && elems <= lim / (int64_t)elem_size;
}

/* ---- transpose ------------------------------------------------------------------------------- */

/* count elements from src, step_bytes apart, to dst (contiguous). The constant sizes let the
 * compiler turn each memcpy into one load and one store. */
static void kiln_gather(uint8_t *dst, const uint8_t *src, size_t count, size_t step_bytes, size_t elem_size)
{
    switch (elem_size)
    {
    case 1:
        for (size_t k = 0; k < count; k++)
        {
            dst[k] = src[k * step_bytes];
        }
        break;
    case 2:
        for (size_t k = 0; k < count; k++)
        {
            memcpy(dst + 2 * k, src + k * step_bytes, 2);
        }
        break;
    default: /* 4 */
        for (size_t k = 0; k < count; k++)
        {
            memcpy(dst + 4 * k, src + k * step_bytes, 4);
        }
        break;
    }
}

arm_cmsis_nn_status kiln_transpose_elems(const void *input,
                                         void *output,
                                         const int32_t in_dims[4],
                                         const int32_t out_dims[4],
                                         int32_t rank,
                                         const uint32_t *perm,
                                         size_t elem_size)
{
    if (input == NULL || output == NULL || in_dims == NULL || out_dims == NULL || perm == NULL)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if ((elem_size != 1 && elem_size != 2 && elem_size != 4) || rank < 1 || rank > 4)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const int32_t *const in = in_dims;
    uint32_t seen = 0;
    int64_t total = 1;
    for (int32_t i = 0; i < rank; i++)
    {
        const uint32_t p = perm[i];
        if (p >= (uint32_t)rank || (seen & (1u << p)) != 0)
        {
            return ARM_CMSIS_NN_ARG_ERROR;
        }
        seen |= 1u << p;
        if (in[i] < 0 || out_dims[i] != in[p])
        {
            return ARM_CMSIS_NN_ARG_ERROR;
        }
        total = kiln_mul_sat64(total, in[i]);
    }
    if (!kiln_movement_count_ok(total, elem_size))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (total == 0)
    {
        return ARM_CMSIS_NN_SUCCESS;
    }

    /* Simplify: drop input axes of extent 1, then fuse output axes that are consecutive input axes
     * (in order). What is left is a list of output axes, each with an extent and an input stride
     * (in elements). */
    int32_t keep[4];                  /* input axis -> index among the kept axes, or -1 */
    int32_t stride[4] = {0, 0, 0, 0}; /* input stride of each kept axis */
    int32_t kept = 0;
    for (int32_t a = 0; a < rank; a++)
    {
        keep[a] = in[a] == 1 ? -1 : kept++;
    }
    int32_t s = 1;
    for (int32_t a = rank - 1; a >= 0; a--)
    {
        if (keep[a] >= 0)
        {
            stride[keep[a]] = s;
            s *= in[a]; /* at most total */
        }
    }
    int32_t ext[4] = {1, 1, 1, 1}; /* per fused output axis */
    int32_t step[4] = {1, 1, 1, 1};
    int32_t axes = 0;
    int32_t prev = -2; /* kept index of the previous output axis */
    for (int32_t i = 0; i < rank; i++)
    {
        const int32_t k = keep[perm[i]];
        if (k < 0)
        {
            continue;
        }
        if (k == prev + 1)
        {
            ext[axes - 1] *= in[perm[i]]; /* the next input axis: fuse */
            step[axes - 1] = stride[k];
        }
        else
        {
            ext[axes] = in[perm[i]];
            step[axes] = stride[k];
            axes++;
        }
        prev = k;
    }
    if (axes == 0)
    {
        axes = 1; /* a single element */
    }

    /* Walk the output in order: each pass writes one run along the innermost output axis, a memcpy
     * when it is contiguous in the input too. The outer axes step an odometer (byte offsets). */
    const int32_t last = axes - 1;
    const size_t run = (size_t)ext[last];
    const size_t run_bytes = run * elem_size;
    const size_t run_step_bytes = (size_t)step[last] * elem_size;
    int32_t runs = 1;
    for (int32_t i = 0; i < last; i++)
    {
        runs *= ext[i];
    }
    int32_t idx[4] = {0, 0, 0, 0};
    const uint8_t *const src0 = (const uint8_t *)input;
    size_t src = 0;
    uint8_t *dst = (uint8_t *)output;
    for (int32_t r = 0; r < runs; r++)
    {
        if (run_step_bytes == elem_size)
        {
            memcpy(dst, src0 + src, run_bytes);
        }
        else
        {
            kiln_gather(dst, src0 + src, run, run_step_bytes, elem_size);
        }
        dst += run_bytes;
        for (int32_t i = last - 1; i >= 0; i--)
        {
            const size_t sb = (size_t)step[i] * elem_size;
            src += sb;
            if (++idx[i] < ext[i])
            {
                break;
            }
            src -= sb * (size_t)ext[i];
            idx[i] = 0;
        }
    }
    return ARM_CMSIS_NN_SUCCESS;
}

/* ---- pad ------------------------------------------------------------------------------------- */

/* The output is written front to back. Consecutive pad elements gather into one fill and
 * consecutive input elements into one memcpy; a run is written when the other kind comes. Counts
 * are in elements. */
typedef struct
{
    uint8_t *dst;       /* first output byte not yet written */
    const uint8_t *src; /* first input byte not yet copied */
    size_t pad;         /* pad elements pending */
    size_t copy;        /* input elements pending */
    const uint8_t *value;
    size_t elem;
} kiln_pad_writer;

static void kiln_pad_flush(kiln_pad_writer *w)
{
    if (w->pad > 0)
    {
        const size_t bytes = w->pad * w->elem;
        if (w->elem == 1)
        {
            memset(w->dst, w->value[0], bytes);
        }
        else
        {
            /* One element, then double what is written until the run is full. */
            memcpy(w->dst, w->value, w->elem);
            size_t done = w->elem;
            while (done < bytes)
            {
                const size_t chunk = done < bytes - done ? done : bytes - done;
                memcpy(w->dst + done, w->dst, chunk);
                done += chunk;
            }
        }
        w->dst += bytes;
        w->pad = 0;
    }
    if (w->copy > 0)
    {
        const size_t bytes = w->copy * w->elem;
        memcpy(w->dst, w->src, bytes);
        w->dst += bytes;
        w->src += bytes;
        w->copy = 0;
    }
}

static inline void kiln_pad_fill(kiln_pad_writer *w, size_t elems)
{
    if (elems > 0)
    {
        if (w->copy > 0)
        {
            kiln_pad_flush(w);
        }
        w->pad += elems;
    }
}

static inline void kiln_pad_copy(kiln_pad_writer *w, size_t elems)
{
    if (elems > 0)
    {
        if (w->pad > 0)
        {
            kiln_pad_flush(w);
        }
        w->copy += elems;
    }
}

arm_cmsis_nn_status kiln_pad_elems(const void *input,
                                   void *output,
                                   const void *pad_value,
                                   const int32_t in[4],
                                   const int32_t pre[4],
                                   const int32_t post[4],
                                   size_t elem_size)
{
    if (input == NULL || output == NULL || pad_value == NULL || in == NULL || pre == NULL || post == NULL)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (elem_size != 1 && elem_size != 2 && elem_size != 4)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
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
    if (!kiln_movement_count_ok(total, elem_size))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (total == 0)
    {
        return ARM_CMSIS_NN_SUCCESS;
    }

    /* Every output dim is >= 1 here, so each loop pass below writes at least one element. */
    const size_t pixel = (size_t)out[3];
    const size_t row = (size_t)out[2] * pixel;
    const size_t plane = (size_t)out[1] * row;
    kiln_pad_writer w = {(uint8_t *)output, (const uint8_t *)input, 0, 0, (const uint8_t *)pad_value, elem_size};

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

bool kiln_concat_elems(const void *input, void *output, const int64_t in[4], int32_t axis, int64_t out_axis,
                       int64_t offset, size_t elem_size)
{
    if (input == NULL || output == NULL || in == NULL || axis < 0 || axis > 3 ||
        (elem_size != 1 && elem_size != 2 && elem_size != 4) || offset < 0)
    {
        return false;
    }
    for (int32_t k = 0; k < 4; k++)
    {
        if (in[k] < 0 || in[k] > INT32_MAX)
        {
            return false;
        }
    }
    if (axis < 3 && (out_axis < 0 || out_axis > INT32_MAX || offset > out_axis - in[axis]))
    {
        return false;
    }
    /* The input is `blocks` contiguous blocks of `block` elements: the axes up to and including the
     * concatenation axis form a block, the outer axes count blocks. In the output, successive blocks are
     * `stride` elements apart and the first starts `start` elements in. All products of at most four
     * values below 2^31 are below 2^124: checked step by step against PTRDIFF_MAX. */
    const int64_t limit = (int64_t)(PTRDIFF_MAX / 4);
    int64_t inner = 1; /* elements of the axes inside the concatenation axis */
    for (int32_t k = 0; k < axis; k++)
    {
        if (in[k] != 0 && inner > limit / in[k])
        {
            return false;
        }
        inner *= in[k];
    }
    int64_t blocks = 1;
    for (int32_t k = axis + 1; k < 4; k++)
    {
        if (in[k] != 0 && blocks > limit / in[k])
        {
            return false;
        }
        blocks *= in[k];
    }
    if (inner == 0 || blocks == 0 || in[axis] == 0)
    {
        return true; /* nothing to copy */
    }
    const int64_t out_extent = axis < 3 ? out_axis : offset + in[axis];
    if (out_extent > limit / inner || blocks > limit / (inner * out_extent))
    {
        return false; /* the output span, blocks x inner x out_extent elements, is not addressable */
    }
    const size_t block_bytes = (size_t)(inner * in[axis]) * elem_size;
    const size_t stride_bytes = (size_t)(inner * out_extent) * elem_size;
    const uint8_t *src = (const uint8_t *)input;
    uint8_t *dst = (uint8_t *)output + (size_t)(inner * offset) * elem_size;
    for (int64_t b = 0; b < blocks; b++)
    {
        memcpy(dst, src, block_bytes);
        src += block_bytes;
        dst += stride_bytes;
    }
    return true;
}
