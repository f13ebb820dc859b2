/* Kiln — activation kernels, DSP extension (SIMD32 on four int8 lanes). */
#include "Include/Internal/kiln_elementwise.h"
#include "Include/Internal/kiln_dsp.h"

#if KILN_BUILD_DSP

void kiln_clamp_s8_inplace(int8_t *data, int32_t n, int8_t lo, int8_t hi)
{
    const int32_t lo4 = (int32_t)(0x01010101u * (uint8_t)lo);
    const int32_t hi4 = (int32_t)(0x01010101u * (uint8_t)hi);
    int32_t i = 0;
    for (; i + 4 <= n; i += 4)
    {
        int32_t v;
        memcpy(&v, data + i, 4);
        v = kiln_clamp_s8x4(v, lo4, hi4);
        memcpy(data + i, &v, 4);
    }
    for (; i < n; i++)
    {
        int8_t v = data[i];
        v = v < lo ? lo : v;
        data[i] = v > hi ? hi : v;
    }
}

#endif
