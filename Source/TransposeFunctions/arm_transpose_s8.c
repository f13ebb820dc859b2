/* Kiln — arm_transpose_s8: TFLite int8 TRANSPOSE of a tensor of 1 to 4 dimensions. */
#include "Include/arm_nnfunctions.h"
#include "Include/Internal/kiln_common.h"

#include <string.h>

arm_cmsis_nn_status arm_transpose_s8(const int8_t *input_data,
                                     int8_t *const output_data,
                                     const cmsis_nn_dims *const input_dims,
                                     const cmsis_nn_dims *const output_dims,
                                     const cmsis_nn_transpose_params *const transpose_params)
{
    if (input_data == NULL || output_data == NULL || input_dims == NULL || output_dims == NULL ||
        transpose_params == NULL || transpose_params->permutations == NULL)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const int32_t rank = transpose_params->num_dims;
    if (rank < 1 || rank > 4)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    /* The first `rank` of n, h, w, c; the others are not used. */
    const int32_t in[4] = {input_dims->n, input_dims->h, input_dims->w, input_dims->c};
    const int32_t out[4] = {output_dims->n, output_dims->h, output_dims->w, output_dims->c};
    const uint32_t *const perm = transpose_params->permutations;
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
        if (in[i] < 0 || out[i] != in[p])
        {
            return ARM_CMSIS_NN_ARG_ERROR;
        }
        total = kiln_mul_sat64(total, in[i]);
    }
    if (total > INT32_MAX)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (total == 0)
    {
        return ARM_CMSIS_NN_SUCCESS;
    }

    /* Simplify: drop input axes of extent 1, then fuse output axes that are consecutive input axes
     * (in order). What is left is a list of output axes, each with an extent and an input stride. */
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
     * when it is contiguous in the input too. The outer axes step an odometer. */
    const int32_t last = axes - 1;
    const size_t run = (size_t)ext[last];
    const size_t run_step = (size_t)step[last];
    int32_t runs = 1;
    for (int32_t i = 0; i < last; i++)
    {
        runs *= ext[i];
    }
    int32_t idx[4] = {0, 0, 0, 0};
    size_t src = 0;
    int8_t *dst = output_data;
    for (int32_t r = 0; r < runs; r++)
    {
        if (run_step == 1)
        {
            memcpy(dst, input_data + src, run);
        }
        else
        {
            const int8_t *p = input_data + src;
            for (size_t k = 0; k < run; k++)
            {
                dst[k] = p[k * run_step];
            }
        }
        dst += run;
        for (int32_t i = last - 1; i >= 0; i--)
        {
            src += (size_t)step[i];
            if (++idx[i] < ext[i])
            {
                break;
            }
            src -= (size_t)step[i] * (size_t)ext[i];
            idx[i] = 0;
        }
    }
    return ARM_CMSIS_NN_SUCCESS;
}
