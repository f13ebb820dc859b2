/*
 * Kiln — the dense-run hooks of the integer elementwise family (Include/Internal/kiln_ew_int.h) on the portable
 * backend: none, the caller's runs compute every element (Helium: kiln_ew_int_mve.c, DSP: kiln_ew_int_dsp.c).
 */
#include "Include/Internal/kiln_ew_int.h"

#if KILN_BUILD_C

bool kiln_ew_q_dense_s16(const int16_t *a, const int16_t *b, int16_t *out, int32_t n, const kiln_ew_q *q,
                         kiln_ew_op op)
{
    (void)a;
    (void)b;
    (void)out;
    (void)n;
    (void)q;
    (void)op;
    return false;
}

bool kiln_ew_m_dense_s16(const int16_t *a, const int16_t *b, int16_t *out, int32_t n, const kiln_ew_m *m)
{
    (void)a;
    (void)b;
    (void)out;
    (void)n;
    (void)m;
    return false;
}

#endif /* KILN_BUILD_C */
