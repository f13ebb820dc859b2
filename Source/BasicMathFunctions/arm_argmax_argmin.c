/*
 * Kiln — arm_argmax_s8 / arm_argmin_s8 / arm_argmax_s16 / arm_argmin_s16 (ns-cmsis-nn): TFLite ARG_MAX /
 * ARG_MIN with int32 output along one NHWC axis, the first index on ties (a later element replaces the best
 * only when strictly better). Portable C on every backend. No scratch.
 */
#include "Include/Internal/kiln_intmisc.h"
#include "Include/arm_nnfunctions.h"

bool kiln_arg_plan_make(
    const void *in, const cmsis_nn_dims *dims, int32_t axis, const int32_t *out, kiln_arg_plan *plan)
{
    if (in == NULL || dims == NULL || out == NULL || axis < 0 || axis > 3)
    {
        return false;
    }
    const int64_t count = kiln_dims_count(dims);
    if (count < 0 || count > (int64_t)INT32_MAX)
    {
        return false;
    }
    const int32_t d[4] = {dims->n, dims->h, dims->w, dims->c};
    if (d[axis] < 1)
    {
        return false;
    }
    /* Every partial product divides count (or is a product of factors with a 0 among them), so stays within
     * int32. */
    int32_t outer = 1, inner = 1;
    for (int32_t k = 0; k < axis; k++)
    {
        outer *= d[k];
    }
    for (int32_t k = axis + 1; k < 4; k++)
    {
        inner *= d[k];
    }
    plan->outer = outer;
    plan->axis_len = d[axis];
    plan->inner = inner;
    return true;
}

/* out[o * inner + i] = index along the axis of the best of in[(o * axis_len + k) * inner + i]; BETTER(v, best)
 * is the strict comparison. */
#define KILN_ARG_REDUCE(T, BETTER, plan, in, out)                                                                      \
    do                                                                                                                 \
    {                                                                                                                  \
        for (int32_t o_ = 0; o_ < (plan)->outer; o_++)                                                                 \
        {                                                                                                              \
            const T *base_ = (in) + o_ * (plan)->axis_len * (plan)->inner;                                             \
            for (int32_t i_ = 0; i_ < (plan)->inner; i_++)                                                             \
            {                                                                                                          \
                T best_ = base_[i_];                                                                                   \
                int32_t best_k_ = 0;                                                                                   \
                for (int32_t k_ = 1; k_ < (plan)->axis_len; k_++)                                                      \
                {                                                                                                      \
                    const T v_ = base_[k_ * (plan)->inner + i_];                                                       \
                    if (BETTER(v_, best_))                                                                             \
                    {                                                                                                  \
                        best_ = v_;                                                                                    \
                        best_k_ = k_;                                                                                  \
                    }                                                                                                  \
                }                                                                                                      \
                (out)[o_ * (plan)->inner + i_] = best_k_;                                                              \
            }                                                                                                          \
        }                                                                                                              \
    } while (0)

#define KILN_ARG_GT(v, best) ((v) > (best))
#define KILN_ARG_LT(v, best) ((v) < (best))

/* One public entry: the plan, then the reduction of type T with the comparison CMP. */
#define KILN_ARG_ENTRY(NAME, T, CMP)                                                                                   \
    arm_cmsis_nn_status NAME(const T *input_data, const cmsis_nn_dims *input_dims, const int32_t axis,                  \
                             int32_t *output_data)                                                                     \
    {                                                                                                                  \
        kiln_arg_plan plan;                                                                                            \
        if (!kiln_arg_plan_make(input_data, input_dims, axis, output_data, &plan))                                     \
        {                                                                                                              \
            return ARM_CMSIS_NN_ARG_ERROR;                                                                             \
        }                                                                                                              \
        KILN_ARG_REDUCE(T, CMP, &plan, input_data, output_data);                                                       \
        return ARM_CMSIS_NN_SUCCESS;                                                                                   \
    }

KILN_ARG_ENTRY(arm_argmax_s8, int8_t, KILN_ARG_GT)
KILN_ARG_ENTRY(arm_argmin_s8, int8_t, KILN_ARG_LT)
KILN_ARG_ENTRY(arm_argmax_s16, int16_t, KILN_ARG_GT)
KILN_ARG_ENTRY(arm_argmin_s16, int16_t, KILN_ARG_LT)

