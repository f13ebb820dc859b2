/*
 * Kiln internals of the ns-cmsis-nn integer extras: int16 MAXIMUM / MINIMUM, the quantized comparisons
 * (EQUAL ... LESS_EQUAL), ARG_MAX / ARG_MIN, WHERE / SELECT_V2 and the (re/de)quantization entries. Portable C
 * on every backend; arguments are validated by the public entries before any of this runs.
 */
#ifndef KILN_INTMISC_H
#define KILN_INTMISC_H

#include "Internal/kiln_elementwise.h"

#ifdef __cplusplus
extern "C"
{
#endif

    /* ---- quantized comparison ------------------------------------------------------------------ */

    /* One input's rescaling: requantize((x + offset) * 2^left_shift, mult, shift). */
    typedef struct
    {
        int32_t offset, mult, shift;
    } kiln_cmp_rescale;

    typedef struct
    {
        kiln_cmp_rescale in1, in2;
        int32_t left_shift;
        arm_nn_compare_operation op;
    } kiln_cmp_params;

    static inline int32_t kiln_cmp_rescale_value(int32_t x, const kiln_cmp_rescale *r, int32_t left_shift)
    {
        return arm_nn_requantize((x + r->offset) * (1 << left_shift), r->mult, r->shift);
    }

    /* The comparison of two rescaled values (op one of arm_nn_compare_operation's values). */
    static inline bool kiln_cmp_op(int32_t a, int32_t b, arm_nn_compare_operation op)
    {
        switch (op)
        {
        case ARM_COMPARE_EQUAL:
            return a == b;
        case ARM_COMPARE_NOT_EQUAL:
            return a != b;
        case ARM_COMPARE_GREATER:
            return a > b;
        case ARM_COMPARE_GREATER_EQUAL:
            return a >= b;
        case ARM_COMPARE_LESS:
            return a < b;
        default: /* ARM_COMPARE_LESS_EQUAL */
            return a <= b;
        }
    }

    static inline bool kiln_cmp_element(int32_t a, int32_t b, const kiln_cmp_params *p)
    {
        return kiln_cmp_op(kiln_cmp_rescale_value(a, &p->in1, p->left_shift),
                           kiln_cmp_rescale_value(b, &p->in2, p->left_shift), p->op);
    }

    /*
     * Checks of a quantized comparison whose inputs lie in [vmin, vmax] (the element type's range), then the walk:
     * pointers, the TFLite broadcast of the dims (kiln_maxmin_s8_plan), op one of the six operations, left_shift in
     * [0, 30], and for each input every (x + offset) * 2^left_shift within int32 and requantizable by (mult, shift)
     * (kiln_requant_range: mult >= 0, shift in [-31, 30], no overflow). elem_bits 8 or 16 selects the element type
     * of in1 / in2. ARM_CMSIS_NN_ARG_ERROR, nothing read or written, when a check fails.
     */
    arm_cmsis_nn_status kiln_compare(const void *in1,
                                     const cmsis_nn_dims *d1,
                                     const void *in2,
                                     const cmsis_nn_dims *d2,
                                     bool *out,
                                     const cmsis_nn_dims *dout,
                                     int32_t in1_offset,
                                     int32_t in1_mult,
                                     int32_t in1_shift,
                                     int32_t in2_offset,
                                     int32_t in2_mult,
                                     int32_t in2_shift,
                                     int32_t left_shift,
                                     arm_nn_compare_operation op,
                                     int32_t elem_bits);

    /* ---- ARG_MAX / ARG_MIN ------------------------------------------------------------------------ */

    /* The loops of an arg reduction over axis of NHWC dims: outer x axis_len x inner, output outer x inner. */
    typedef struct
    {
        int32_t outer, axis_len, inner;
    } kiln_arg_plan;

    /* Checks of ARG_MAX / ARG_MIN (pointers, axis in [0, 3], no negative dim, the axis dim >= 1, at most INT32_MAX
     * input elements) and the plan. */
    bool kiln_arg_plan_make(
        const void *in, const cmsis_nn_dims *dims, int32_t axis, const int32_t *out, kiln_arg_plan *plan);

/* ---- WHERE / SELECT_V2 ------------------------------------------------------------------------- */

/* Largest rank of WHERE / SELECT_V2. */
#define KILN_SELECT_MAX_RANK 8

    /* Checks of WHERE (pointers, rank in [1, 8], no negative dim, at most INT32_MAX elements and as many
     * coordinates); *total the element count. */
    bool kiln_where_ok(const void *condition,
                       const cmsis_nn_where_params *params,
                       const int64_t *output,
                       const int32_t *num_true,
                       int32_t *total);

/* WHERE after its checks: nz(i) tells whether element i of the condition is non-zero. */
#define KILN_WHERE_RUN(cond, params, total, output, num_true)                                                          \
    do                                                                                                                 \
    {                                                                                                                  \
        const int32_t rank_ = (params)->rank;                                                                          \
        int32_t coord_[KILN_SELECT_MAX_RANK] = {0};                                                                    \
        int64_t *row_ = (output);                                                                                      \
        int32_t found_ = 0;                                                                                            \
        for (int32_t i_ = 0; i_ < (total); i_++)                                                                       \
        {                                                                                                              \
            if ((cond)[i_] != 0)                                                                                       \
            {                                                                                                          \
                for (int32_t d_ = 0; d_ < rank_; d_++)                                                                 \
                {                                                                                                      \
                    row_[d_] = coord_[d_];                                                                             \
                }                                                                                                      \
                row_ += rank_;                                                                                         \
                found_++;                                                                                              \
            }                                                                                                          \
            for (int32_t d_ = rank_ - 1; d_ >= 0; d_--)                                                                \
            {                                                                                                          \
                if (++coord_[d_] < (params)->shape[d_])                                                                \
                {                                                                                                      \
                    break;                                                                                             \
                }                                                                                                      \
                coord_[d_] = 0;                                                                                        \
            }                                                                                                          \
        }                                                                                                              \
        *(num_true) = found_;                                                                                          \
    } while (0)

    /* Checks of SELECT_V2 (pointers and arrays, rank in [1, 8], no negative dim or stride, at most INT32_MAX
     * outputs, each operand's largest offset within INT32_MAX); *total the output element count. */
    bool kiln_select_v2_ok(const bool *condition,
                           const void *x,
                           const void *y,
                           const cmsis_nn_select_v2_params *params,
                           const void *output,
                           int32_t *total);

/* SELECT_V2 after its checks (total > 0): the innermost dimension as runs, the others as an odometer. */
#define KILN_SELECT_V2_RUN(cond, x, y, params, total, out)                                                             \
    do                                                                                                                 \
    {                                                                                                                  \
        const int32_t rank_ = (params)->rank;                                                                          \
        const int32_t last_ = rank_ - 1;                                                                               \
        const int32_t n_ = (params)->output_shape[last_];                                                              \
        const int32_t sc_ = (params)->cond_strides[last_];                                                             \
        const int32_t sx_ = (params)->x_strides[last_];                                                                \
        const int32_t sy_ = (params)->y_strides[last_];                                                                \
        int32_t coord_[KILN_SELECT_MAX_RANK] = {0};                                                                    \
        int32_t oc_ = 0, ox_ = 0, oy_ = 0;                                                                             \
        for (int32_t done_ = 0; done_ < (total); done_ += n_)                                                          \
        {                                                                                                              \
            for (int32_t j_ = 0; j_ < n_; j_++)                                                                        \
            {                                                                                                          \
                (out)[done_ + j_] = (cond)[oc_ + j_ * sc_] ? (x)[ox_ + j_ * sx_] : (y)[oy_ + j_ * sy_];                \
            }                                                                                                          \
            for (int32_t d_ = last_ - 1; d_ >= 0; d_--)                                                                \
            {                                                                                                          \
                if (coord_[d_] + 1 < (params)->output_shape[d_])                                                       \
                {                                                                                                      \
                    coord_[d_]++;                                                                                      \
                    oc_ += (params)->cond_strides[d_];                                                                 \
                    ox_ += (params)->x_strides[d_];                                                                    \
                    oy_ += (params)->y_strides[d_];                                                                    \
                    break;                                                                                             \
                }                                                                                                      \
                /* back to 0 in this dimension: never past the largest offset */                                       \
                oc_ -= coord_[d_] * (params)->cond_strides[d_];                                                        \
                ox_ -= coord_[d_] * (params)->x_strides[d_];                                                           \
                oy_ -= coord_[d_] * (params)->y_strides[d_];                                                           \
                coord_[d_] = 0;                                                                                        \
            }                                                                                                          \
        }                                                                                                              \
    } while (0)

    /* ---- QUANTIZE / DEQUANTIZE ------------------------------------------------------------------------- */

    /* Affine quantization parameters the float entries accept: scale finite and > 0 (false for NaN), zero_point
     * within [vmin, vmax]. */
    static inline bool kiln_affine_params_ok(float scale, int32_t zero_point, int32_t vmin, int32_t vmax)
    {
        return scale > 0.0f && scale <= 3.40282347e+38f && zero_point >= vmin && zero_point <= vmax;
    }

#ifdef __cplusplus
}
#endif

#endif /* KILN_INTMISC_H */
