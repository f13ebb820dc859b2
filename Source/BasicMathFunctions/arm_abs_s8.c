/*
 * Kiln — arm_abs_s8, arm_abs_s16 (ns-cmsis-nn): TFLite int8 / int16 ABS. input_offset is the input zero point
 * (subtracted, as TFLite's op data and ns-cmsis-nn hold it); out_offset the output zero point (added). Portable C
 * on every backend.
 */
#include "Include/Internal/kiln_ew_int.h"
#include "Include/arm_nnfunctions.h"

/*
 * Whether ABS parameters keep every intermediate within int32 over the type: |x - input_offset| lies in
 * [amin, amax] (0 when the zero point is a value of the type), its requantization (needs_rescale; mult and shift
 * are not used otherwise) and + out_offset.
 */
static bool kiln_abs_ok(kiln_ew_type t,
                        int32_t input_offset,
                        int32_t out_offset,
                        int32_t out_mult,
                        int32_t out_shift,
                        bool needs_rescale,
                        int32_t act_min,
                        int32_t act_max)
{
    if (!kiln_ew_in_offset_ok(t, input_offset) || !kiln_ew_out_offset_ok(t, out_offset) ||
        !kiln_ew_act_ok(t, act_min, act_max))
    {
        return false;
    }
    const int64_t lo = (int64_t)t.tmin - input_offset, hi = (int64_t)t.tmax - input_offset;
    const int64_t alo = lo < 0 ? -lo : lo, ahi = hi < 0 ? -hi : hi;
    int64_t amin = (lo <= 0 && hi >= 0) ? 0 : MIN(alo, ahi);
    int64_t amax = MAX(alo, ahi);
    if (needs_rescale && !kiln_requant_range(amin, amax, out_mult, out_shift, &amin, &amax))
    {
        return false;
    }
    return kiln_offset_fits(amin, amax, out_offset);
}

static inline int32_t kiln_abs_element(int32_t x,
                                       int32_t input_offset,
                                       int32_t out_offset,
                                       int32_t out_mult,
                                       int32_t out_shift,
                                       bool needs_rescale,
                                       int32_t act_min,
                                       int32_t act_max)
{
    const int32_t v = x - input_offset;
    int32_t out = v < 0 ? -v : v;
    if (needs_rescale)
    {
        out = arm_nn_requantize(out, out_mult, out_shift);
    }
    out += out_offset;
    out = MAX(out, act_min);
    return MIN(out, act_max);
}

arm_cmsis_nn_status arm_abs_s8(const int8_t *input,
                               const int32_t input_offset,
                               int8_t *output,
                               const int32_t out_offset,
                               const int32_t out_mult,
                               const int32_t out_shift,
                               const bool needs_rescale,
                               const int32_t out_activation_min,
                               const int32_t out_activation_max,
                               const int32_t block_size)
{
    if (input == NULL || output == NULL || block_size < 0 ||
        !kiln_abs_ok(KILN_EW_S8, input_offset, out_offset, out_mult, out_shift, needs_rescale, out_activation_min,
                     out_activation_max))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    for (int32_t i = 0; i < block_size; i++)
    {
        output[i] = (int8_t)kiln_abs_element(input[i], input_offset, out_offset, out_mult, out_shift, needs_rescale,
                                             out_activation_min, out_activation_max);
    }
    return ARM_CMSIS_NN_SUCCESS;
}

arm_cmsis_nn_status arm_abs_s16(const int16_t *input,
                                const int32_t input_offset,
                                int16_t *output,
                                const int32_t out_offset,
                                const int32_t out_mult,
                                const int32_t out_shift,
                                const bool needs_rescale,
                                const int32_t out_activation_min,
                                const int32_t out_activation_max,
                                const int32_t block_size)
{
    if (input == NULL || output == NULL || block_size < 0 ||
        !kiln_abs_ok(KILN_EW_S16, input_offset, out_offset, out_mult, out_shift, needs_rescale, out_activation_min,
                     out_activation_max))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    for (int32_t i = 0; i < block_size; i++)
    {
        output[i] = (int16_t)kiln_abs_element(input[i], input_offset, out_offset, out_mult, out_shift, needs_rescale,
                                              out_activation_min, out_activation_max);
    }
    return ARM_CMSIS_NN_SUCCESS;
}
