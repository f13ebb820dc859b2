/*
 * Kiln — the reduction plan and the integer reductions (Include/Internal/kiln_reduce.h): MEAN, REDUCE_MAX and
 * REDUCE_MIN on int8 and int16, one walk for both types. Portable C on every backend.
 */
#include "Include/Internal/kiln_reduce.h"
#include "Include/Internal/kiln_common.h"
#include "Include/Internal/kiln_movement.h"
#include "Include/arm_nnsupportfunctions.h"

bool kiln_reduce_plan_make(kiln_reduce_plan *p,
                           const void *input,
                           const cmsis_nn_dims *input_dims,
                           const cmsis_nn_dims *axis_dims,
                           const void *output,
                           const cmsis_nn_dims *output_dims,
                           size_t elem_size)
{
    if (input == NULL || output == NULL || input_dims == NULL || axis_dims == NULL || output_dims == NULL)
    {
        return false;
    }
    const int32_t in[4] = {input_dims->n, input_dims->h, input_dims->w, input_dims->c};
    const int32_t ax[4] = {axis_dims->n, axis_dims->h, axis_dims->w, axis_dims->c};
    const int32_t out[4] = {output_dims->n, output_dims->h, output_dims->w, output_dims->c};
    for (int32_t d = 0; d < 4; d++)
    {
        if (in[d] < 1 || (ax[d] != 0 && ax[d] != 1) || out[d] != (ax[d] ? 1 : in[d]))
        {
            return false;
        }
    }
    if (!kiln_movement_count_ok(kiln_dims_count(input_dims), elem_size))
    {
        return false;
    }
    p->out_count = 1;
    p->red_count = 1;
    ptrdiff_t pitch = 1;
    for (int32_t d = 3; d >= 0; d--)
    {
        p->pitch[d] = pitch;
        pitch *= in[d];
        p->out[d] = out[d];
        p->red[d] = ax[d] ? in[d] : 1;
        p->out_count *= out[d];
        p->red_count *= p->red[d];
    }
    return true;
}

ptrdiff_t kiln_reduce_base(const kiln_reduce_plan *p, int64_t o)
{
    ptrdiff_t base = 0;
    for (int32_t d = 3; d >= 0; d--)
    {
        base += (ptrdiff_t)(o % p->out[d]) * p->pitch[d]; /* a reduced axis has out 1: coordinate 0 */
        o /= p->out[d];
    }
    return base;
}

/* the int8 or int16 element at index i */
static inline int32_t kiln_reduce_at(const void *in, size_t es, ptrdiff_t i)
{
    return es == 1 ? (int32_t)((const int8_t *)in)[i] : (int32_t)((const int16_t *)in)[i];
}

void kiln_reduce_int(const kiln_reduce_plan *p,
                     const void *input,
                     void *output,
                     size_t elem_size,
                     kiln_reduce_kind kind,
                     int32_t input_offset,
                     int32_t out_offset,
                     int32_t out_mult,
                     int32_t out_shift)
{
    const int32_t lo = elem_size == 1 ? INT8_MIN : INT16_MIN;
    const int32_t hi = elem_size == 1 ? INT8_MAX : INT16_MAX;
    const int32_t run = p->red[3];
    for (int64_t o = 0; o < p->out_count; o++)
    {
        const ptrdiff_t base = kiln_reduce_base(p, o);
        int64_t sum = 0;
        int32_t best = kiln_reduce_at(input, elem_size, base);
        int32_t c[3] = {0, 0, 0};
        do
        {
            const ptrdiff_t row = base + kiln_reduce_row_offset(p, c);
            for (int32_t k = 0; k < run; k++)
            {
                const int32_t v = kiln_reduce_at(input, elem_size, row + k);
                sum += v;
                best = kind == KILN_REDUCE_MAX ? (v > best ? v : best) : (v < best ? v : best);
            }
        } while (kiln_reduce_next_row(p, c));
        int32_t r = best;
        if (kind == KILN_REDUCE_MEAN)
        {
            /* |sum|, |count x offset| <= 2^31 x 2^15: exact in int64, then the int32 wrap of the reference */
            const int32_t acc = (int32_t)(uint32_t)(uint64_t)(sum + p->red_count * (int64_t)input_offset);
            r = kiln_add_clamp(arm_nn_requantize(acc, out_mult, out_shift), out_offset, lo, hi);
        }
        if (elem_size == 1)
        {
            ((int8_t *)output)[o] = (int8_t)r;
        }
        else
        {
            ((int16_t *)output)[o] = (int16_t)r;
        }
    }
}
