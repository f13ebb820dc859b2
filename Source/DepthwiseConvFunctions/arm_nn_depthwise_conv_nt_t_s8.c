/* Kiln — arm_nn_depthwise_conv_nt_t_s8 and arm_nn_depthwise_conv_nt_t_padded_s8: depthwise
 * accumulation of four im2col patches (rows CH_IN_BLOCK_MVE bytes apart) against one filter. */
#include "Include/arm_nnsupportfunctions.h"
#include "Include/Internal/kiln_conv_s16.h"
#include "Include/Internal/kiln_dw_s8.h"

static bool kiln_dw_nt_t_args_ok(const int8_t *lhs,
                                 const int8_t *rhs,
                                 int32_t input_offset,
                                 int32_t active_ch,
                                 int32_t total_ch,
                                 const int32_t *out_shift,
                                 const int32_t *out_mult,
                                 int32_t out_offset,
                                 int32_t activation_min,
                                 int32_t activation_max,
                                 const int8_t *out)
{
    if (lhs == NULL || rhs == NULL || out_shift == NULL || out_mult == NULL || out == NULL || active_ch < 0 ||
        active_ch > CH_IN_BLOCK_MVE || active_ch > total_ch || input_offset < -255 || input_offset > 255 ||
        out_offset < -255 || out_offset > 255 || !kiln_act_s8_ok(activation_min, activation_max))
    {
        return false;
    }
    return kiln_quant_ok(out_mult, out_shift, active_ch);
}

#if KILN_UPSTREAM_API
arm_cmsis_nn_status arm_nn_depthwise_conv_nt_t_s8(const int8_t *lhs,
                                                  const int8_t *rhs,
                                                  const int32_t lhs_offset,
                                                  const int32_t active_ch,
                                                  const int32_t total_ch,
                                                  const int32_t *out_shift,
                                                  const int32_t *out_mult,
                                                  const int32_t out_offset,
                                                  const int32_t activation_min,
                                                  const int32_t activation_max,
                                                  const uint16_t row_x_col,
                                                  const int32_t *const output_bias,
                                                  int8_t *out)
{
    const int32_t *weight_sum_buf = NULL;
#else
arm_cmsis_nn_status arm_nn_depthwise_conv_nt_t_s8(const int32_t *weight_sum_buf,
                                                  const int8_t *lhs,
                                                  const int8_t *rhs,
                                                  const int32_t lhs_offset,
                                                  const int32_t active_ch,
                                                  const int32_t total_ch,
                                                  const int32_t *out_shift,
                                                  const int32_t *out_mult,
                                                  const int32_t out_offset,
                                                  const int32_t activation_min,
                                                  const int32_t activation_max,
                                                  const uint16_t row_x_col,
                                                  const int32_t *const output_bias,
                                                  int8_t *out)
{
#endif
    if (!kiln_dw_nt_t_args_ok(lhs, rhs, lhs_offset, active_ch, total_ch, out_shift, out_mult, out_offset,
                              activation_min, activation_max, out))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    /* With weight sums (bias + lhs_offset * sum rhs, ns) the offset is already in them; without,
     * the same value is formed here, so both give identical results. */
    const bool have_ws = weight_sum_buf != NULL;
    kiln_dw_s8_nt_t_kernel(lhs,
                           rhs,
                           lhs_offset,
                           active_ch,
                           total_ch,
                           out_shift,
                           out_mult,
                           out_offset,
                           activation_min,
                           activation_max,
                           row_x_col,
                           have_ws ? weight_sum_buf : output_bias,
                           !have_ws,
                           out);
    return ARM_CMSIS_NN_SUCCESS;
}

arm_cmsis_nn_status arm_nn_depthwise_conv_nt_t_padded_s8(const int8_t *lhs,
                                                         const int8_t *rhs,
                                                         const int32_t lhs_offset,
                                                         const int32_t active_ch,
                                                         const int32_t total_ch,
                                                         const int32_t *out_shift,
                                                         const int32_t *out_mult,
                                                         const int32_t out_offset,
                                                         const int32_t activation_min,
                                                         const int32_t activation_max,
                                                         const uint16_t row_x_col,
                                                         const int32_t *const output_bias,
                                                         int8_t *out)
{
    if (!kiln_dw_nt_t_args_ok(lhs, rhs, lhs_offset, active_ch, total_ch, out_shift, out_mult, out_offset,
                              activation_min, activation_max, out))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    /* sum (lhs + offset) * rhs == sum lhs * rhs + offset * sum rhs: padded taps hold -offset. */
    kiln_dw_s8_nt_t_kernel(lhs,
                           rhs,
                           lhs_offset,
                           active_ch,
                           total_ch,
                           out_shift,
                           out_mult,
                           out_offset,
                           activation_min,
                           activation_max,
                           row_x_col,
                           output_bias,
                           true,
                           out);
    return ARM_CMSIS_NN_SUCCESS;
}

/* arm_nn_depthwise_conv_nt_t_s4: the upstream form with rhs packed int4 ([row_x_col][total_ch] weights,
 * weight t * total_ch + c in the low nibble of its byte for an even index, the high nibble for an odd
 * one). Portable C on every backend (upstream: MVE only); the same checks as the int8 kernels. */
arm_cmsis_nn_status arm_nn_depthwise_conv_nt_t_s4(const int8_t *lhs,
                                                  const int8_t *rhs,
                                                  const int32_t lhs_offset,
                                                  const int32_t active_ch,
                                                  const int32_t total_ch,
                                                  const int32_t *out_shift,
                                                  const int32_t *out_mult,
                                                  const int32_t out_offset,
                                                  const int32_t activation_min,
                                                  const int32_t activation_max,
                                                  const uint16_t row_x_col,
                                                  const int32_t *const output_bias,
                                                  int8_t *out)
{
    if (!kiln_dw_nt_t_args_ok(lhs, rhs, lhs_offset, active_ch, total_ch, out_shift, out_mult, out_offset,
                              activation_min, activation_max, out))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const size_t patch = (size_t)row_x_col * CH_IN_BLOCK_MVE;
    for (int32_t p = 0; p < 4; p++)
    {
        for (int32_t c = 0; c < active_ch; c++)
        {
            uint32_t acc = output_bias != NULL ? (uint32_t)output_bias[c] : 0u;
            for (int32_t t = 0; t < row_x_col; t++)
            {
                const int32_t e = t * total_ch + c;
                const int32_t x = (int32_t)lhs[(size_t)p * patch + (size_t)t * CH_IN_BLOCK_MVE + (size_t)c] + lhs_offset;
                acc += (uint32_t)(x * kiln_nibble_s4(rhs[e >> 1], e & 1));
            }
            out[p * total_ch + c] = kiln_dw_s8_finish(kiln_conv_s16_wrap32((int64_t)acc), out_mult[c], out_shift[c],
                                                      out_offset, activation_min, activation_max);
        }
    }
    return ARM_CMSIS_NN_SUCCESS;
}
