/*
 * Kiln — float16 fully connected, portable C kernel (every build without Helium float). Four outputs per pass
 * share each input load; every output sums its products in column order from 0, then adds its bias, so the
 * standard and NT_N_PACKED weight walks give the same bits. Float16 storage, float32 arithmetic, one rounding per
 * output.
 */
#include "Include/Internal/kiln_flt_ops.h"

#if ARM_NN_ENABLE_F16 && !KILN_FLT_OPS_MVE

static inline float16_t kiln_fc_finish_f16(float32_t acc, const float16_t *bias, int32_t o, float32_t lo, float32_t hi)
{
    if (bias != NULL)
    {
        acc += (float32_t)bias[o];
    }
    acc = acc < lo ? lo : acc;
    acc = acc > hi ? hi : acc;
    return (float16_t)acc;
}

void kiln_fc_flt_f16(const kiln_fc_flt_plan_t *p,
                     const float16_t *in,
                     const float16_t *w,
                     const float16_t *bias,
                     float16_t *out,
                     float32_t lo,
                     float32_t hi)
{
    const int32_t k = p->accum;
    const int32_t oc = p->out_ch;
    const bool packed = p->route == KILN_FC_FLT_ROUTE_PACKED;
    const int32_t blk = KILN_FC_F16_BLOCK;
    for (int32_t b = 0; b < p->batches; b++)
    {
        const float16_t *x = in + (size_t)b * (size_t)k;
        float16_t *y = out + (size_t)b * (size_t)oc;
        int32_t o = 0;
        for (; o + 4 <= oc; o += 4)
        {
            /* element (o + j, i): standard row (o + j) x k + i; packed block (o + j) / blk, lane (o + j) % blk */
            const float16_t *w0, *w1, *w2, *w3;
            size_t step;
            if (packed)
            {
                const float16_t *base = w + (size_t)(o / blk) * (size_t)blk * (size_t)k + (size_t)(o % blk);
                w0 = base;
                w1 = base + 1;
                w2 = base + 2;
                w3 = base + 3;
                step = (size_t)blk;
            }
            else
            {
                w0 = w + (size_t)o * (size_t)k;
                w1 = w0 + k;
                w2 = w1 + k;
                w3 = w2 + k;
                step = 1;
            }
            float32_t a0 = 0.0f, a1 = 0.0f, a2 = 0.0f, a3 = 0.0f;
            for (int32_t i = 0; i < k; i++)
            {
                const float32_t xi = (float32_t)x[i];
                const size_t at = (size_t)i * step;
                a0 += xi * (float32_t)w0[at];
                a1 += xi * (float32_t)w1[at];
                a2 += xi * (float32_t)w2[at];
                a3 += xi * (float32_t)w3[at];
            }
            y[o] = kiln_fc_finish_f16(a0, bias, o, lo, hi);
            y[o + 1] = kiln_fc_finish_f16(a1, bias, o + 1, lo, hi);
            y[o + 2] = kiln_fc_finish_f16(a2, bias, o + 2, lo, hi);
            y[o + 3] = kiln_fc_finish_f16(a3, bias, o + 3, lo, hi);
        }
        for (; o < oc; o++)
        {
            const float16_t *wr = packed ? w + (size_t)(o / blk) * (size_t)blk * (size_t)k + (size_t)(o % blk)
                                         : w + (size_t)o * (size_t)k;
            const size_t step = packed ? (size_t)blk : 1u;
            float32_t a = 0.0f;
            for (int32_t i = 0; i < k; i++)
            {
                a += (float32_t)x[i] * (float32_t)wr[(size_t)i * step];
            }
            y[o] = kiln_fc_finish_f16(a, bias, o, lo, hi);
        }
    }
}

#endif
