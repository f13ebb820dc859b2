/*
 * Kiln internals: the REDUCE family of ns-cmsis-nn on 4-D NHWC tensors (MEAN s8 / s16, REDUCE_MAX / REDUCE_MIN
 * s8 / s16, SUM f32 / f16). axis_dims marks the reduced axes (each field 0 or 1); the output keeps every axis
 * (TFLite keep_dims): extent 1 on a reduced axis, the input extent on the others. One plan (checks and strides)
 * for every element type; the kernels walk each output element's reduced elements in row-major order (n, h, w, c),
 * the innermost run contiguous when c is reduced. Not part of the public API (names start with kiln_).
 */
#ifndef KILN_REDUCE_H
#define KILN_REDUCE_H

#include "arm_nn_types.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C"
{
#endif

    typedef struct
    {
        int32_t out[4];     /* output extents: 1 on reduced axes */
        int32_t red[4];     /* reduced extents: 1 on kept axes */
        ptrdiff_t pitch[4]; /* input element strides */
        int64_t out_count;  /* output elements */
        int64_t red_count;  /* input elements per output element (>= 1) */
    } kiln_reduce_plan;

    /**
     * Checks and plans a reduction: input / output / dims non-NULL; every input extent >= 1; every axis field 0 or 1;
     * output_dims exactly the kept shape; element counts within INT32_MAX (bytes within PTRDIFF_MAX). false on any
     * violation (the caller then returns ARM_CMSIS_NN_ARG_ERROR and writes nothing).
     */
    bool kiln_reduce_plan_make(kiln_reduce_plan *p,
                               const void *input,
                               const cmsis_nn_dims *input_dims,
                               const cmsis_nn_dims *axis_dims,
                               const void *output,
                               const cmsis_nn_dims *output_dims,
                               size_t elem_size);

    /** Input element offset of the first reduced element of output element o (0 <= o < out_count). */
    ptrdiff_t kiln_reduce_base(const kiln_reduce_plan *p, int64_t o);

    /**
     * The reduced rows of one output element: rows of red[3] contiguous-in-order elements (pitch[3] apart, 1 when c
     * is reduced). *c (three coordinates along n, h, w, start {0, 0, 0}) moves to the next row: true while there is
     * one. kiln_reduce_row_offset gives the row's offset from the base.
     */
    static inline bool kiln_reduce_next_row(const kiln_reduce_plan *p, int32_t c[3])
    {
        for (int32_t d = 2; d >= 0; d--)
        {
            if (++c[d] < p->red[d])
            {
                return true;
            }
            c[d] = 0;
        }
        return false;
    }

    static inline ptrdiff_t kiln_reduce_row_offset(const kiln_reduce_plan *p, const int32_t c[3])
    {
        return (ptrdiff_t)c[0] * p->pitch[0] + (ptrdiff_t)c[1] * p->pitch[1] + (ptrdiff_t)c[2] * p->pitch[2];
    }

    typedef enum
    {
        KILN_REDUCE_MEAN,
        KILN_REDUCE_MAX,
        KILN_REDUCE_MIN,
    } kiln_reduce_kind;

    /**
     * MEAN / REDUCE_MAX / REDUCE_MIN on int8 (elem_size 1) or int16 (2) after kiln_reduce_plan_make succeeded.
     * MEAN (ns-cmsis-nn / TFLite QuantizedMeanOrSum with 1 / count folded into mult / shift by the caller):
     * acc = sum + count * input_offset, wrapped to int32 as the int32 accumulators of both; then
     * arm_nn_requantize(acc, mult, shift) + out_offset, saturated to the type.
     */
    void kiln_reduce_int(const kiln_reduce_plan *p,
                         const void *input,
                         void *output,
                         size_t elem_size,
                         kiln_reduce_kind kind,
                         int32_t input_offset,
                         int32_t out_offset,
                         int32_t out_mult,
                         int32_t out_shift);

#ifdef __cplusplus
}
#endif

#endif /* KILN_REDUCE_H */
