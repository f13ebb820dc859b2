/*
 * Kiln internals: float SVDF (arm_svdf_f32, arm_svdf_f16), TFLite's float SVDF with CMSIS-NN's float argument
 * conventions. The int8 family is in Internal/kiln_svdf.h; this one has the same shapes and steps.
 *
 * Shapes (the only dims fields read, as for the int8 entries): batches = input_dims->n, input_size =
 * input_dims->h, feature_batches (filters) = weights_feature_dims->n, memory_size = weights_time_dims->h,
 * rank = svdf_params->rank, units = feature_batches / rank.
 *   input           [batches][input_size]
 *   weights_feature [feature_batches][input_size]
 *   weights_time    [feature_batches][memory_size]
 *   state           [batches][feature_batches][memory_size], updated in place
 *   bias            [units], optional (NULL: no bias)
 *   output          [batches][units]
 *
 * One time step per call:
 *   1. every state row moves one step towards index 0 (the oldest value drops out);
 *   2. state[b][f][memory_size - 1] = clamp(sum_c in[b][c] * wf[f][c], input_activation);
 *      (the state clamp is CMSIS-NN's float parameter; TFLite's float kernel has none: pass an unbounded range);
 *   3. out[b][u] = clamp(bias[u] + sum_{r < rank} sum_t wt[f][t] * state[b][f][t], output_activation),
 *      f = u * rank + r.
 * float32: every sum in float32, in index order. float16 is a storage type: the same float32 sums of the
 * float16 operands; each new state value and each output is rounded once to float16 (the clamp bounds are
 * float16 values, so clamping before or after that rounding is the same).
 *
 * Scratch: route "svdf_c" (portable C on every backend) uses none. ctx, input_ctx and output_ctx (upstream's
 * staging buffers of batches * feature_batches and batches * units elements) are not read; any value,
 * NULL included, is accepted.
 */
#ifndef KILN_SVDF_FLT_H
#define KILN_SVDF_FLT_H

#include "Internal/kiln_common.h"
#include "arm_nnfunctions_flt.h"

#ifdef __cplusplus
extern "C"
{
#endif

#if ARM_NN_FLOAT_API_ENABLED

    /** The validated shape of a float SVDF call. */
    typedef struct
    {
        int32_t batches;
        int32_t input_size;
        int32_t feature_batches;
        int32_t rank;
        int32_t memory_size;
        int32_t units;
    } kiln_svdf_flt_shape;

    /**
     * Every check of both entries after their NULL params check, before anything is read or written (false, *s
     * untouched, on failure): NULL input_dims / weights_feature_dims / weights_time_dims / input / state /
     * weights / output (bias may be NULL); batches, input_size >= 0, memory_size >= 1, rank >= 1, feature_batches >= 0
     * a multiple of rank; every element count (input, weights, state, output) within int32; both activation ranges min
     * <= max (false for NaN). The pointers are only compared with NULL.
     */
    static inline bool kiln_svdf_flt_check(int32_t rank,
                                           float32_t in_min,
                                           float32_t in_max,
                                           float32_t out_min,
                                           float32_t out_max,
                                           const cmsis_nn_dims *input_dims,
                                           const void *input_data,
                                           const void *state_data,
                                           const cmsis_nn_dims *weights_feature_dims,
                                           const void *weights_feature_data,
                                           const cmsis_nn_dims *weights_time_dims,
                                           const void *weights_time_data,
                                           const void *output_data,
                                           kiln_svdf_flt_shape *s)
    {
        if (s == NULL || input_dims == NULL || input_data == NULL || state_data == NULL ||
            weights_feature_dims == NULL || weights_feature_data == NULL || weights_time_dims == NULL ||
            weights_time_data == NULL || output_data == NULL)
        {
            return false;
        }
        const int32_t batches = input_dims->n, cols = input_dims->h;
        const int32_t filters = weights_feature_dims->n, mem = weights_time_dims->h;
        if (batches < 0 || cols < 0 || filters < 0 || mem < 1 || rank < 1 || filters % rank != 0)
        {
            return false;
        }
        /* element counts within int32 (each product of two int32 values is exact in int64) */
        const int64_t rows = (int64_t)batches * filters;
        if ((int64_t)batches * cols > INT32_MAX || (int64_t)filters * cols > INT32_MAX ||
            (int64_t)filters * mem > INT32_MAX || rows > INT32_MAX || rows * mem > INT32_MAX)
        {
            return false;
        }
        if (!(in_min <= in_max) || !(out_min <= out_max))
        {
            return false; /* also NaN */
        }
        s->batches = batches;
        s->input_size = cols;
        s->feature_batches = filters;
        s->rank = rank;
        s->memory_size = mem;
        s->units = filters / rank;
        return true;
    }

#endif /* ARM_NN_FLOAT_API_ENABLED */

#ifdef __cplusplus
}
#endif

#endif /* KILN_SVDF_FLT_H */
