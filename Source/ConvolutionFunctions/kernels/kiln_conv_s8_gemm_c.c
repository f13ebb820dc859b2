/* Kiln — int8 convolution GEMM, portable C: one patch at a time, the input offset added to each
 * activation, 32-bit accumulation. The readable statement of what the DSP and MVE kernels compute. */
#include "Include/Internal/kiln_conv_s8.h"

#if KILN_BUILD_C

void kiln_conv_s8_gemm(const kiln_conv_s8_gemm_args *a, const int8_t *const *rows, int32_t n_rows, int8_t *dst)
{
    for (int32_t r = 0; r < n_rows; r++)
    {
        const int8_t *lhs = rows[r];
        int8_t *out = dst + r * a->dst_stride;
        const int8_t *w = a->rhs;
        for (int32_t oc = 0; oc < a->n_oc; oc++)
        {
            int32_t acc = a->bias != NULL ? a->bias[oc] : 0;
            for (int32_t i = 0; i < a->k; i++)
            {
                acc += (int32_t)w[i] * ((int32_t)lhs[i] + a->lhs_offset);
            }
            out[oc] = kiln_conv_s8_out(acc, a->mult[oc], a->shift[oc], a->out_offset, a->act_min, a->act_max);
            w += a->rhs_stride;
        }
    }
}

#endif
