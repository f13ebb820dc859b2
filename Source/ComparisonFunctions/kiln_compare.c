/*
 * Kiln — the checks and loop of the quantized comparisons (arm_comparison_s8 / _s16 and their named forms).
 * Portable C on every backend: each element is rescaled and compared on its own (kiln_cmp_element).
 */
#include "Include/Internal/kiln_intmisc.h"

/* Whether every (x + offset) * 2^left_shift for x in [vmin, vmax] fits int32 and requantizes within its domain. */
static bool kiln_cmp_input_ok(int32_t vmin, int32_t vmax, const kiln_cmp_rescale *r, int32_t left_shift)
{
    const int64_t scale = (int64_t)1 << left_shift;
    const int64_t vlo = ((int64_t)vmin + r->offset) * scale;
    const int64_t vhi = ((int64_t)vmax + r->offset) * scale;
    int64_t lo, hi;
    return kiln_requant_range(vlo, vhi, r->mult, r->shift, &lo, &hi);
}

#define KILN_CMP_ELEM(a, b, p) kiln_cmp_element((a), (b), (p))

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
                                 int32_t elem_bits)
{
    kiln_maxmin_plan plan;
    if (in1 == NULL || d1 == NULL || in2 == NULL || d2 == NULL || out == NULL || dout == NULL ||
        !kiln_maxmin_s8_plan(d1, d2, dout, &plan))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const int32_t op_value = (int32_t)op;
    if (op_value < (int32_t)ARM_COMPARE_EQUAL || op_value > (int32_t)ARM_COMPARE_LESS_EQUAL || left_shift < 0 ||
        left_shift > 30)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const kiln_cmp_params p = {{in1_offset, in1_mult, in1_shift}, {in2_offset, in2_mult, in2_shift}, left_shift, op};
    const int32_t vmin = (elem_bits == 8) ? INT8_MIN : INT16_MIN;
    const int32_t vmax = (elem_bits == 8) ? INT8_MAX : INT16_MAX;
    if (!kiln_cmp_input_ok(vmin, vmax, &p.in1, left_shift) || !kiln_cmp_input_ok(vmin, vmax, &p.in2, left_shift))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (elem_bits == 8)
    {
        KILN_BCAST_WALK(int8_t, int8_t, bool, &plan, (const int8_t *)in1, (const int8_t *)in2, out, KILN_CMP_ELEM, &p);
    }
    else
    {
        KILN_BCAST_WALK(int16_t, int16_t, bool, &plan, (const int16_t *)in1, (const int16_t *)in2, out, KILN_CMP_ELEM,
                        &p);
    }
    return ARM_CMSIS_NN_SUCCESS;
}
