/* Kiln — int8 ADD and MUL kernels, portable C (the reference for the other backends). */
#include "Include/Internal/kiln_elementwise.h"

#if KILN_BUILD_C

/* Whether an ADD input's rescale is exact: TFLite gives the larger-scale input the multiplier one half without a
 * shift, and SRDHM(v, 2^30) = v / 2 exactly for the even v = (x + offset) << left_shift (left_shift >= 1). */
static inline bool kiln_add_s8_half(int32_t mult, int32_t shift, int32_t left_shift)
{
    return mult == (1 << 30) && shift == 0 && left_shift >= 1;
}

void kiln_add_s8(const int8_t *in1, const int8_t *in2, int8_t *out, int32_t n, const kiln_add_s8_params *p)
{
    /* The parameters in a local copy: the int8 stores may alias anything, so fields read through p would be read
     * again after each one. An exact input skips its requantization (kiln_add_s8_element's value either way). */
    const kiln_add_s8_params q = *p;
    const bool half1 = kiln_add_s8_half(q.in1_mult, q.in1_shift, q.left_shift);
    const bool half2 = kiln_add_s8_half(q.in2_mult, q.in2_shift, q.left_shift);
    for (int32_t i = 0; i < n; i++)
    {
        const int32_t v1 = (in1[i] + q.in1_offset) * (1 << q.left_shift);
        const int32_t v2 = (in2[i] + q.in2_offset) * (1 << q.left_shift);
        const int32_t x1 = half1 ? v1 / 2 : arm_nn_requantize(v1, q.in1_mult, q.in1_shift);
        const int32_t x2 = half2 ? v2 / 2 : arm_nn_requantize(v2, q.in2_mult, q.in2_shift);
        int32_t sum = arm_nn_requantize(x1 + x2, q.out_mult, q.out_shift) + q.out_offset;
        sum = MAX(sum, q.act_min);
        out[i] = (int8_t)MIN(sum, q.act_max);
    }
}

void kiln_mul_s8(const int8_t *in1, const int8_t *in2, int8_t *out, int32_t n, const kiln_mul_s8_params *p)
{
    const kiln_mul_s8_params q = *p; /* a local copy, as in kiln_add_s8 */
    for (int32_t i = 0; i < n; i++)
    {
        out[i] = kiln_mul_s8_element(in1[i], in2[i], &q);
    }
}

#endif
