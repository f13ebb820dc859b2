/*
 * Kiln — the SVDF step's state shift (kiln_svdf_shift, Include/Internal/kiln_svdf.h), DSP extension: a word at a time
 * (the Cortex-M4's LDR / STR take any alignment), then the last bytes; ascending, so every word is read before the
 * stores below it reach it. The state column and outputs: kiln_svdf_c.c.
 */
#include <string.h>

#include "Include/Internal/kiln_svdf.h"

#if KILN_BUILD_DSP
void kiln_svdf_shift(uint8_t *p, size_t n, size_t by)
{
    const uint8_t *src = p + by;
    size_t i = 0;
    for (; i + 4 <= n; i += 4)
    {
        uint32_t w;
        memcpy(&w, src + i, 4);
        memcpy(p + i, &w, 4);
    }
    for (; i < n; i++)
    {
        p[i] = src[i];
    }
}
#endif
