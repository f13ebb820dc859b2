/* Kiln — int8 fully connected kernels, portable C (the readable reference for the others). */
#include "Include/Internal/kiln_fc_s8.h"

#if KILN_BUILD_C

void kiln_fc_s8_vec_mat(const int8_t *lhs,
                        const int8_t *rhs,
                        const int32_t *kernel_sum,
                        const int32_t *bias,
                        int8_t *dst,
                        const kiln_fc_s8_args *a)
{
    const int32_t cols = a->cols;
    int32_t lhs_sum = 0;
    if (kernel_sum != NULL)
    {
        for (int32_t k = 0; k < cols; k++)
        {
            lhs_sum += lhs[k];
        }
    }
    int32_t r0 = 0;
    if (kernel_sum == NULL)
    {
        /* The same sums as the loop below, two rows per pass: each input value (its offset added once) serves both
         * rows' products, and the filter offset's share fo * sum(x + io) is added once per row (the sums are taken
         * modulo 2^32 as there, where that distributes; each product fits int32: |w|, |x + io| <= 2^15). In locals:
         * the int8 stores may alias the argument struct. */
        const int32_t io = a->lhs_offset, fo = a->rhs_offset, rows = a->rows;
        const size_t stride = (size_t)a->dst_stride;
        uint32_t x_sum = 0;
        for (int32_t k = 0; k < cols; k++)
        {
            x_sum += (uint32_t)((int32_t)lhs[k] + io);
        }
        const uint32_t fo_share = (uint32_t)fo * x_sum;
        for (; r0 + 2 <= rows; r0 += 2)
        {
            const int8_t *w0 = rhs + (size_t)r0 * (size_t)cols;
            const int8_t *w1 = w0 + cols;
            uint32_t acc0 = (uint32_t)(bias != NULL ? bias[r0] : 0) + fo_share;
            uint32_t acc1 = (uint32_t)(bias != NULL ? bias[r0 + 1] : 0) + fo_share;
            for (int32_t k = 0; k < cols; k++)
            {
                const int32_t x = (int32_t)lhs[k] + io;
                acc0 += (uint32_t)((int32_t)w0[k] * x);
                acc1 += (uint32_t)((int32_t)w1[k] * x);
            }
            dst[(size_t)r0 * stride] = kiln_fc_s8_out((int32_t)acc0, a, r0);
            dst[(size_t)(r0 + 1) * stride] = kiln_fc_s8_out((int32_t)acc1, a, r0 + 1);
        }
    }
    for (int32_t r = r0; r < a->rows; r++)
    {
        const int8_t *w = rhs + (size_t)r * (size_t)cols;
        int32_t acc;
        if (kernel_sum != NULL)
        {
            acc = kiln_wrap_add(kernel_sum[r], kiln_wrap_mul(a->rhs_offset, lhs_sum));
            for (int32_t k = 0; k < cols; k++)
            {
                acc = kiln_wrap_add(acc, (int32_t)w[k] * lhs[k]);
            }
        }
        else
        {
            acc = bias != NULL ? bias[r] : 0;
            for (int32_t k = 0; k < cols; k++)
            {
                acc = kiln_wrap_add(acc, kiln_wrap_mul((int32_t)w[k] + a->rhs_offset, (int32_t)lhs[k] + a->lhs_offset));
            }
        }
        dst[(size_t)r * (size_t)a->dst_stride] = kiln_fc_s8_out(acc, a, r);
    }
}

void kiln_fc_s8_row_sums(int32_t *ksum,
                         int32_t cols,
                         int32_t rows,
                         const int8_t *m,
                         int32_t lhs_offset,
                         int32_t rhs_offset,
                         const int32_t *bias)
{
    for (int32_t r = 0; r < rows; r++)
    {
        int32_t s = 0;
        for (int32_t k = 0; k < cols; k++)
        {
            s += m[(size_t)r * (size_t)cols + (size_t)k];
        }
        s = kiln_wrap_add(s, kiln_wrap_mul(cols, rhs_offset));
        ksum[r] = kiln_wrap_add(bias != NULL ? bias[r] : 0, kiln_wrap_mul(s, lhs_offset));
    }
}

#endif

#if KILN_BUILD_C || KILN_BUILD_DSP

uint32_t kiln_fc_s8_hash_s32(const int32_t *v, int32_t n)
{
    uint32_t h1 = 0;
    uint32_t h2 = 0;
    for (int32_t i = 0; i < n; i++)
    {
        h1 += (uint32_t)v[i] * (2u * (uint32_t)i + 1u);
        h2 += (uint32_t)v[i];
    }
    uint32_t h = h1 ^ (h2 * 0x9E3779B1u) ^ (uint32_t)n;
    h ^= h >> 15;
    h *= 0x2C1B3C6Du;
    h ^= h >> 12;
    return h;
}

#endif
