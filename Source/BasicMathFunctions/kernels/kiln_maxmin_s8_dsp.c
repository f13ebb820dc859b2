/*
 * Kiln — int8 MAXIMUM / MINIMUM run kernels, DSP extension: four lanes per word. SSUB8 sets each
 * lane's GE flag where the first operand is >= the second; SEL then picks per lane.
 */
#include "Include/Internal/kiln_elementwise.h"

#if KILN_BUILD_DSP

static inline int32_t kiln_max4(int32_t x, int32_t y)
{
    (void)__ssub8(x, y);
    return (int32_t)__sel(x, y);
}

static inline int32_t kiln_min4(int32_t x, int32_t y)
{
    (void)__ssub8(x, y);
    return (int32_t)__sel(y, x);
}

void kiln_max_s8_vv(const int8_t *a, const int8_t *b, int8_t *out, int32_t n)
{
    int32_t i = 0;
    for (; i + 4 <= n; i += 4)
    {
        const int32_t r = kiln_max4(arm_nn_read_s8x4(a + i), arm_nn_read_s8x4(b + i));
        memcpy(out + i, &r, 4);
    }
    for (; i < n; i++)
    {
        out[i] = MAX(a[i], b[i]);
    }
}

void kiln_max_s8_vs(const int8_t *a, int8_t s, int8_t *out, int32_t n)
{
    const int32_t s4 = (int32_t)(0x01010101u * (uint8_t)s);
    int32_t i = 0;
    for (; i + 4 <= n; i += 4)
    {
        const int32_t r = kiln_max4(arm_nn_read_s8x4(a + i), s4);
        memcpy(out + i, &r, 4);
    }
    for (; i < n; i++)
    {
        out[i] = MAX(a[i], s);
    }
}

void kiln_min_s8_vv(const int8_t *a, const int8_t *b, int8_t *out, int32_t n)
{
    int32_t i = 0;
    for (; i + 4 <= n; i += 4)
    {
        const int32_t r = kiln_min4(arm_nn_read_s8x4(a + i), arm_nn_read_s8x4(b + i));
        memcpy(out + i, &r, 4);
    }
    for (; i < n; i++)
    {
        out[i] = MIN(a[i], b[i]);
    }
}

void kiln_min_s8_vs(const int8_t *a, int8_t s, int8_t *out, int32_t n)
{
    const int32_t s4 = (int32_t)(0x01010101u * (uint8_t)s);
    int32_t i = 0;
    for (; i + 4 <= n; i += 4)
    {
        const int32_t r = kiln_min4(arm_nn_read_s8x4(a + i), s4);
        memcpy(out + i, &r, 4);
    }
    for (; i < n; i++)
    {
        out[i] = MIN(a[i], s);
    }
}

#endif
