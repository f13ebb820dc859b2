/*
 * Kiln — argument checks of WHERE and SELECT_V2 (arm_where_s8 / _s16, arm_select_v2_s8 / _s16). Portable C.
 */
#include "Include/Internal/kiln_intmisc.h"

/* Product of shape[0..rank) within INT32_MAX, or -1 (a negative dim, or too many elements). */
static int64_t kiln_select_count(const int32_t *shape, int32_t rank)
{
    int64_t total = 1;
    for (int32_t d = 0; d < rank; d++)
    {
        if (shape[d] < 0)
        {
            return -1;
        }
        total *= shape[d]; /* < 2^31 * 2^31 */
        if (total > (int64_t)INT32_MAX)
        {
            return -1;
        }
    }
    return total;
}

bool kiln_where_ok(const void *condition,
                   const cmsis_nn_where_params *params,
                   const int64_t *output,
                   const int32_t *num_true,
                   int32_t *total)
{
    if (condition == NULL || params == NULL || output == NULL || num_true == NULL || params->shape == NULL ||
        params->rank < 1 || params->rank > KILN_SELECT_MAX_RANK)
    {
        return false;
    }
    const int64_t n = kiln_select_count(params->shape, params->rank);
    /* Up to n rows of rank coordinates. */
    if (n < 0 || n * params->rank > (int64_t)INT32_MAX)
    {
        return false;
    }
    *total = (int32_t)n;
    return true;
}

/* Whether the largest offset sum((shape[d] - 1) * stride[d]) of an operand stays within INT32_MAX (shape has no 0,
 * every stride >= 0). */
static bool kiln_select_strides_ok(const int32_t *shape, const int32_t *stride, int32_t rank)
{
    int64_t reach = 0;
    for (int32_t d = 0; d < rank; d++)
    {
        if (stride[d] < 0)
        {
            return false;
        }
        reach += (int64_t)(shape[d] - 1) * stride[d]; /* reach <= INT32_MAX before, the term < 2^62 */
        if (reach > (int64_t)INT32_MAX)
        {
            return false;
        }
    }
    return true;
}

bool kiln_select_v2_ok(const bool *condition,
                       const void *x,
                       const void *y,
                       const cmsis_nn_select_v2_params *params,
                       const void *output,
                       int32_t *total)
{
    if (condition == NULL || x == NULL || y == NULL || params == NULL || output == NULL ||
        params->output_shape == NULL || params->cond_strides == NULL || params->x_strides == NULL ||
        params->y_strides == NULL || params->rank < 1 || params->rank > KILN_SELECT_MAX_RANK)
    {
        return false;
    }
    const int32_t rank = params->rank;
    const int64_t n = kiln_select_count(params->output_shape, rank);
    if (n < 0)
    {
        return false;
    }
    for (int32_t d = 0; d < rank; d++)
    {
        if (params->cond_strides[d] < 0 || params->x_strides[d] < 0 || params->y_strides[d] < 0)
        {
            return false;
        }
    }
    if (n > 0 && (!kiln_select_strides_ok(params->output_shape, params->cond_strides, rank) ||
                  !kiln_select_strides_ok(params->output_shape, params->x_strides, rank) ||
                  !kiln_select_strides_ok(params->output_shape, params->y_strides, rank)))
    {
        return false;
    }
    *total = (int32_t)n;
    return true;
}
