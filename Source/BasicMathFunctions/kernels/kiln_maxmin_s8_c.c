/* Kiln — int8 MAXIMUM / MINIMUM run kernels, portable C. */
#include "Include/Internal/kiln_elementwise.h"

#if KILN_BUILD_C

void kiln_max_s8_vv(const int8_t *a, const int8_t *b, int8_t *out, int32_t n)
{
    for (int32_t i = 0; i < n; i++)
    {
        out[i] = MAX(a[i], b[i]);
    }
}

void kiln_max_s8_vs(const int8_t *a, int8_t s, int8_t *out, int32_t n)
{
    for (int32_t i = 0; i < n; i++)
    {
        out[i] = MAX(a[i], s);
    }
}

void kiln_min_s8_vv(const int8_t *a, const int8_t *b, int8_t *out, int32_t n)
{
    for (int32_t i = 0; i < n; i++)
    {
        out[i] = MIN(a[i], b[i]);
    }
}

void kiln_min_s8_vs(const int8_t *a, int8_t s, int8_t *out, int32_t n)
{
    for (int32_t i = 0; i < n; i++)
    {
        out[i] = MIN(a[i], s);
    }
}

#endif
