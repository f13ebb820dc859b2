/* Kiln — activation kernels, portable C (the reference for the other backends). */
#include "Include/Internal/kiln_elementwise.h"

#if KILN_BUILD_C || KILN_BUILD_DSP

void kiln_relu_requant_s8(const int8_t *input,
                          int8_t *output,
                          int32_t n,
                          int32_t in_zero_point,
                          int32_t out_offset,
                          int32_t mult,
                          int32_t shift,
                          int32_t lo)
{
    for (int32_t i = 0; i < n; i++)
    {
        output[i] = kiln_relu_requant_s8_element(input[i], in_zero_point, out_offset, mult, shift, lo);
    }
}

#endif

#if KILN_BUILD_C

void kiln_clamp_s8_inplace(int8_t *data, int32_t n, int8_t lo, int8_t hi)
{
    for (int32_t i = 0; i < n; i++)
    {
        int8_t v = data[i];
        v = v < lo ? lo : v;
        data[i] = v > hi ? hi : v;
    }
}

#endif
