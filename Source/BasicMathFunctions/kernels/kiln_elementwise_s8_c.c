/* Kiln — int8 ADD and MUL kernels, portable C (the reference for the other backends). */
#include "Include/Internal/kiln_elementwise.h"

#if KILN_BUILD_C

void kiln_add_s8(const int8_t *in1, const int8_t *in2, int8_t *out, int32_t n, const kiln_add_s8_params *p)
{
    for (int32_t i = 0; i < n; i++)
    {
        out[i] = kiln_add_s8_element(in1[i], in2[i], p);
    }
}

void kiln_mul_s8(const int8_t *in1, const int8_t *in2, int8_t *out, int32_t n, const kiln_mul_s8_params *p)
{
    for (int32_t i = 0; i < n; i++)
    {
        out[i] = kiln_mul_s8_element(in1[i], in2[i], p);
    }
}

#endif
