/*
 * Kiln — arm_nn_depthwise_conv_nt_t_s16: depthwise accumulation of four int16 im2col patches
 * against one int8 filter (portable C on every backend; upstream: MVE only). Patch p's row t is at
 * lhs + (p * row_x_col + t) * num_ch, the filter's at rhs + t * num_ch; for c < num_ch:
 *   out[p * num_ch + c] = clamp(R(sum_t lhs[p][t][c] * rhs[t][c] + bias[c]))
 * with the exact int64 sum and R the 64-bit requantization of the int16 kernels
 * (kiln_requant_s64: arm_nn_requantize_s64 with REDUCE_MULTIPLIER(out_mult[c]), out_shift[c]).
 * Contract: Include/arm_nnsupportfunctions.h (@kiln-support-int).
 */
#include "Include/Internal/kiln_common.h"
#include "Include/Internal/kiln_conv_s16.h"
#include "Include/arm_nnsupportfunctions.h"

int16_t *arm_nn_depthwise_conv_nt_t_s16(const int16_t *lhs,
                                        const int8_t *rhs,
                                        const uint16_t num_ch,
                                        const int32_t *out_shift,
                                        const int32_t *out_mult,
                                        const int32_t activation_min,
                                        const int32_t activation_max,
                                        const uint16_t row_x_col,
                                        const int64_t *const output_bias,
                                        int16_t *out)
{
    if (lhs == NULL || rhs == NULL || out == NULL || out_shift == NULL || out_mult == NULL ||
        !kiln_act_s16_ok(activation_min, activation_max) || !kiln_quant_ok(out_mult, out_shift, num_ch))
    {
        return NULL;
    }
    const size_t ch = num_ch;
    for (size_t p = 0; p < 4; p++)
    {
        const int16_t *patch = lhs + p * (size_t)row_x_col * ch;
        for (size_t c = 0; c < ch; c++)
        {
            int64_t sum = 0;
            for (size_t t = 0; t < row_x_col; t++)
            {
                sum += (int64_t)((int32_t)patch[t * ch + c] * (int32_t)rhs[t * ch + c]);
            }
            out[p * ch + c] =
                kiln_conv_s16_out(sum, output_bias != NULL ? output_bias[c] : 0, REDUCE_MULTIPLIER(out_mult[c]),
                                  out_shift[c], 0, activation_min, activation_max);
        }
    }
    return out + 4 * ch;
}
