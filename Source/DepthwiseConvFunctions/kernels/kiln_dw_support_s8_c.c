/*
 * Kiln — depthwise support kernels (nt_t, core), portable C; the same on the DSP backend (their
 * layouts put one channel's taps total_ch / num_ch apart, so there is no four-lane word to load).
 */
#include "Include/Internal/kiln_dw_s8.h"

#if KILN_BUILD_C || KILN_BUILD_DSP

void kiln_dw_s8_nt_t_kernel(const int8_t *lhs,
                            const int8_t *rhs,
                            int32_t input_offset,
                            int32_t active_ch,
                            int32_t total_ch,
                            const int32_t *out_shift,
                            const int32_t *out_mult,
                            int32_t out_offset,
                            int32_t act_min,
                            int32_t act_max,
                            int32_t row_x_col,
                            const int32_t *base,
                            bool add_offset_sum,
                            int8_t *out)
{
    for (int32_t c = 0; c < active_ch; c++)
    {
        int32_t wsum = 0; /* |wsum| <= 65535 * 128: no overflow */
        for (int32_t t = 0; t < row_x_col; t++)
        {
            wsum += rhs[t * total_ch + c];
        }
        int32_t start = base != NULL ? base[c] : 0;
        if (add_offset_sum)
        {
            start = (int32_t)((uint32_t)start + (uint32_t)wsum * (uint32_t)input_offset);
        }
        for (int32_t p = 0; p < 4; p++)
        {
            const int8_t *patch = lhs + p * row_x_col * CH_IN_BLOCK_MVE + c;
            /* Accumulated modulo 2^32 (as the vector kernels do): defined for any row_x_col. */
            uint32_t sum = (uint32_t)start;
            for (int32_t t = 0; t < row_x_col; t++)
            {
                sum += (uint32_t)(patch[t * CH_IN_BLOCK_MVE] * rhs[t * total_ch + c]);
            }
            const int32_t acc = (int32_t)sum;
            out[p * total_ch + c] = kiln_dw_s8_finish(acc, out_mult[c], out_shift[c], out_offset, act_min, act_max);
        }
    }
}

void kiln_dw_s8_core_kernel(const int8_t *row,
                            const int16_t *col,
                            int32_t num_ch,
                            const int32_t *out_shift,
                            const int32_t *out_mult,
                            int32_t out_offset,
                            int32_t act_min,
                            int32_t act_max,
                            int32_t kernel_size,
                            const int32_t *bias,
                            int8_t *out)
{
    const int16_t *col1 = col + kernel_size * num_ch;
    for (int32_t c = 0; c < num_ch; c++)
    {
        /* Accumulated modulo 2^32 (as the vector kernels do): defined for any int16 column. */
        const uint32_t b = bias != NULL ? (uint32_t)bias[c] : 0u;
        uint32_t s0 = b;
        uint32_t s1 = b;
        for (int32_t t = 0; t < kernel_size; t++)
        {
            const int32_t w = row[t * num_ch + c];
            s0 += (uint32_t)(w * col[t * num_ch + c]);
            s1 += (uint32_t)(w * col1[t * num_ch + c]);
        }
        out[c] = kiln_dw_s8_finish((int32_t)s0, out_mult[c], out_shift[c], out_offset, act_min, act_max);
        out[num_ch + c] = kiln_dw_s8_finish((int32_t)s1, out_mult[c], out_shift[c], out_offset, act_min, act_max);
    }
}

#endif
