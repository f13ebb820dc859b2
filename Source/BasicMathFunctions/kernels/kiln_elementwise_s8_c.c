/* Kiln — int8 ADD and MUL kernels, portable C (the reference for the other backends). */
#include "Include/Internal/kiln_elementwise.h"

#if KILN_BUILD_C

void kiln_add_s8(const int8_t *in1, const int8_t *in2, int8_t *out, int32_t n, const kiln_add_s8_params *p)
{
    /* The parameters in a local copy: the int8 stores may alias anything, so fields read through p would be read
     * again after each one. An exact input skips its requantization (kiln_add_s8_half). */
    const kiln_add_s8_params q = *p;
    const bool half1 = kiln_add_s8_half(q.in1_mult, q.in1_shift, q.left_shift);
    const bool half2 = kiln_add_s8_half(q.in2_mult, q.in2_shift, q.left_shift);
    for (int32_t i = 0; i < n; i++)
    {
        out[i] = kiln_add_s8_value(in1[i], in2[i], &q, half1, half2);
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
