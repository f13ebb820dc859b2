/* Kiln — int8 MAXIMUM / MINIMUM run kernels, Helium (MVE): 16 lanes, tail-predicated. */
#include "Include/Internal/kiln_elementwise.h"

#if KILN_BUILD_MVE

void kiln_max_s8_vv(const int8_t *a, const int8_t *b, int8_t *out, int32_t n)
{
    for (int32_t left = n; left > 0; left -= 16)
    {
        const mve_pred16_t p = vctp8q((uint32_t)left);
        const int8x16_t x = vldrbq_z_s8(a, p);
        const int8x16_t y = vldrbq_z_s8(b, p);
        vstrbq_p_s8(out, vmaxq_s8(x, y), p);
        a += 16;
        b += 16;
        out += 16;
    }
}

void kiln_max_s8_vs(const int8_t *a, int8_t s, int8_t *out, int32_t n)
{
    const int8x16_t vs = vdupq_n_s8(s);
    for (int32_t left = n; left > 0; left -= 16)
    {
        const mve_pred16_t p = vctp8q((uint32_t)left);
        vstrbq_p_s8(out, vmaxq_s8(vldrbq_z_s8(a, p), vs), p);
        a += 16;
        out += 16;
    }
}

void kiln_min_s8_vv(const int8_t *a, const int8_t *b, int8_t *out, int32_t n)
{
    for (int32_t left = n; left > 0; left -= 16)
    {
        const mve_pred16_t p = vctp8q((uint32_t)left);
        const int8x16_t x = vldrbq_z_s8(a, p);
        const int8x16_t y = vldrbq_z_s8(b, p);
        vstrbq_p_s8(out, vminq_s8(x, y), p);
        a += 16;
        b += 16;
        out += 16;
    }
}

void kiln_min_s8_vs(const int8_t *a, int8_t s, int8_t *out, int32_t n)
{
    const int8x16_t vs = vdupq_n_s8(s);
    for (int32_t left = n; left > 0; left -= 16)
    {
        const mve_pred16_t p = vctp8q((uint32_t)left);
        vstrbq_p_s8(out, vminq_s8(vldrbq_z_s8(a, p), vs), p);
        a += 16;
        out += 16;
    }
}

#endif
