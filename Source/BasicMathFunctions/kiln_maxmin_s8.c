/*
 * Kiln — plan and loop driver of the broadcasting int8 MAXIMUM / MINIMUM (all backends; the
 * per-backend work is in the run kernels of kernels/kiln_maxmin_s8_*.c).
 */
#include "Include/Internal/kiln_elementwise.h"

/* How a dimension broadcasts: bit 0 set when input 1 spans it, bit 1 when input 2 does. */
static int32_t kiln_maxmin_kind(int32_t d1, int32_t d2)
{
    return (d1 != 1 ? 1 : 0) | (d2 != 1 ? 2 : 0);
}

bool kiln_maxmin_s8_plan(const cmsis_nn_dims *in1, const cmsis_nn_dims *in2, const cmsis_nn_dims *out,
                         kiln_maxmin_plan *plan)
{
    const int32_t a[4] = {in1->n, in1->h, in1->w, in1->c};
    const int32_t b[4] = {in2->n, in2->h, in2->w, in2->c};
    const int32_t o[4] = {out->n, out->h, out->w, out->c};
    for (int32_t k = 0; k < 4; k++)
    {
        if (a[k] < 0 || b[k] < 0 || o[k] < 0)
        {
            return false;
        }
        /* TFLite's broadcast: equal sizes, or a 1 that stretches to the other size. */
        if (a[k] != b[k] && a[k] != 1 && b[k] != 1)
        {
            return false;
        }
        const int32_t want = (a[k] == 1) ? b[k] : a[k];
        if (o[k] != want)
        {
            return false;
        }
    }
    /* Output element count, at most INT32_MAX (each partial product of non-negative int32 factors
     * stays below 2^62 while it is checked against INT32_MAX). */
    int64_t total = 1;
    for (int32_t k = 0; k < 4; k++)
    {
        total *= o[k];
        if (total > (int64_t)INT32_MAX)
        {
            return false;
        }
    }

    /* Element strides of each input's dimensions (dense NHWC); 0 where the input broadcasts. The
     * input counts are at most the output count, so the products stay within int32. */
    int32_t s1[4], s2[4];
    int32_t run1 = 1, run2 = 1;
    for (int32_t k = 3; k >= 0; k--)
    {
        s1[k] = (a[k] == 1) ? 0 : run1;
        s2[k] = (b[k] == 1) ? 0 : run2;
        run1 *= a[k];
        run2 *= b[k];
    }

    /* Drop size-1 output dimensions and merge neighbours that broadcast the same way. */
    int32_t cnt[4], t1[4], t2[4], kind[4];
    int32_t m = 0;
    for (int32_t k = 0; k < 4; k++)
    {
        if (o[k] == 1)
        {
            continue;
        }
        const int32_t kd = kiln_maxmin_kind(a[k], b[k]);
        if (m > 0 && kind[m - 1] == kd)
        {
            /* Dense in both (or broadcast in both): the inner stride carries on. */
            cnt[m - 1] *= o[k];
            t1[m - 1] = s1[k];
            t2[m - 1] = s2[k];
        }
        else
        {
            cnt[m] = o[k];
            t1[m] = s1[k];
            t2[m] = s2[k];
            kind[m] = kd;
            m++;
        }
    }
    if (m == 0 || total == 0)
    {
        /* One element (or none): a single run of length total. */
        cnt[0] = (int32_t)total;
        t1[0] = 1;
        t2[0] = 1;
        m = 1;
    }
    const int32_t pad = 4 - m;
    for (int32_t k = 0; k < 4; k++)
    {
        const bool real = k >= pad;
        plan->count[k] = real ? cnt[k - pad] : 1;
        plan->stride1[k] = real ? t1[k - pad] : 0;
        plan->stride2[k] = real ? t2[k - pad] : 0;
    }
    plan->total = (int32_t)total;
    return true;
}

/* One contiguous run of the innermost dimension. */
static void kiln_maxmin_s8_span(bool is_max,
                                const int8_t *p1,
                                int32_t step1,
                                const int8_t *p2,
                                int32_t step2,
                                int8_t *out,
                                int32_t n)
{
    if (step1 != 0 && step2 != 0)
    {
        if (is_max)
        {
            kiln_max_s8_vv(p1, p2, out, n);
        }
        else
        {
            kiln_min_s8_vv(p1, p2, out, n);
        }
        return;
    }
    /* Both operations are symmetric, so a broadcast input 1 is the scalar of the other order. */
    const int8_t *vec = (step1 != 0) ? p1 : p2;
    const int8_t s = (step1 != 0) ? *p2 : *p1;
    if (is_max)
    {
        kiln_max_s8_vs(vec, s, out, n);
    }
    else
    {
        kiln_min_s8_vs(vec, s, out, n);
    }
}

void kiln_maxmin_s8_run(const kiln_maxmin_plan *plan, bool is_max, const int8_t *in1, const int8_t *in2, int8_t *out)
{
    if (plan->total == 0)
    {
        return;
    }
    const int32_t n = plan->count[3];
    for (int32_t i0 = 0; i0 < plan->count[0]; i0++)
    {
        for (int32_t i1 = 0; i1 < plan->count[1]; i1++)
        {
            for (int32_t i2 = 0; i2 < plan->count[2]; i2++)
            {
                const int32_t o1 = i0 * plan->stride1[0] + i1 * plan->stride1[1] + i2 * plan->stride1[2];
                const int32_t o2 = i0 * plan->stride2[0] + i1 * plan->stride2[1] + i2 * plan->stride2[2];
                kiln_maxmin_s8_span(is_max, in1 + o1, plan->stride1[3], in2 + o2, plan->stride2[3], out, n);
                out += n;
            }
        }
    }
}
