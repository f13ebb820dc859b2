/*
 * Kiln — the int4-weight GEMM support kernels (portable C on every backend), over the packed-row dot
 * of arm_fully_connected_s4 (kiln_fc_s4_dot). Packing (CMSIS-NN's int4 convention): a matrix of
 * rows x cols weights is numbered e = row * cols + col and packed continuously, weight e in the low
 * nibble of byte e / 2 for an even e and in the high nibble for an odd e, each a signed 4-bit value;
 * a row therefore starts mid-byte when cols is odd.
 *   arm_nn_mat_mult_nt_t_s4       lhs_rows x rhs_rows outputs, dst row stride rhs_rows
 *   arm_nn_mat_mul_core_1x_s4     one patch against out_ch filters
 *   arm_nn_mat_mult_kernel_s4_s16 output_ch channels x two int16 columns
 * Contract and errors: Include/arm_nnsupportfunctions.h (@kiln-support-int).
 */
#include "Include/Internal/kiln_common.h"
#include "Include/Internal/kiln_conv_s16.h"
#include "Include/Internal/kiln_conv_s8.h"
#include "Include/Internal/kiln_fc_s8.h"
#include "Include/arm_nnsupportfunctions.h"

/* The checks of the two int4 x int8 products (nt_t and interleaved): pointers, non-negative sizes, lhs rows of
 * rhs_cols values lhs_cols_offset apart, the int8 convolution's offsets, clamp and requantization, every index
 * within int32. */
static bool kiln_mm_s4_args_ok(const int8_t *lhs,
                               const int8_t *rhs,
                               const int8_t *dst,
                               const int32_t *dst_multipliers,
                               const int32_t *dst_shifts,
                               int32_t lhs_rows,
                               int32_t rhs_rows,
                               int32_t rhs_cols,
                               int32_t lhs_offset,
                               int32_t dst_offset,
                               int32_t activation_min,
                               int32_t activation_max,
                               int32_t lhs_cols_offset)
{
    return !(lhs == NULL || rhs == NULL || dst == NULL || lhs_rows < 0 || rhs_rows < 0 || rhs_cols < 0 ||
             lhs_cols_offset < rhs_cols ||
             !kiln_conv_s8_offsets_ok(lhs_offset, dst_offset, activation_min, activation_max) ||
             !kiln_conv_s8_quant_ok(dst_multipliers, dst_shifts, rhs_rows) ||
             kiln_mul_sat64(rhs_rows, rhs_cols) > INT32_MAX || kiln_mul_sat64(lhs_rows, rhs_rows) > INT32_MAX ||
             (lhs_rows > 0 && kiln_mul_sat64(lhs_rows - 1, lhs_cols_offset) + rhs_cols > INT32_MAX));
}

arm_cmsis_nn_status arm_nn_mat_mult_nt_t_s4(const int8_t *lhs,
                                            const int8_t *rhs,
                                            const int32_t *bias,
                                            int8_t *dst,
                                            const int32_t *dst_multipliers,
                                            const int32_t *dst_shifts,
                                            const int32_t lhs_rows,
                                            const int32_t rhs_rows,
                                            const int32_t rhs_cols,
                                            const int32_t lhs_offset,
                                            const int32_t dst_offset,
                                            const int32_t activation_min,
                                            const int32_t activation_max,
                                            const int32_t lhs_cols_offset)
{
    if (!kiln_mm_s4_args_ok(lhs, rhs, dst, dst_multipliers, dst_shifts, lhs_rows, rhs_rows, rhs_cols, lhs_offset,
                            dst_offset, activation_min, activation_max, lhs_cols_offset))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    for (int32_t m = 0; m < lhs_rows; m++)
    {
        const int8_t *x = lhs + (size_t)m * (size_t)lhs_cols_offset;
        int8_t *out = dst + (size_t)m * (size_t)rhs_rows;
        for (int32_t n = 0; n < rhs_rows; n++)
        {
            const int32_t sum = kiln_fc_s4_dot(x, rhs, (uint32_t)n * (uint32_t)rhs_cols, rhs_cols, lhs_offset, 0);
            out[n] = kiln_conv_s8_out(kiln_wrap_add(sum, bias != NULL ? bias[n] : 0), dst_multipliers[n], dst_shifts[n],
                                      dst_offset, activation_min, activation_max);
        }
    }
    return ARM_CMSIS_NN_SUCCESS;
}

arm_cmsis_nn_status arm_nn_mat_mul_core_1x_s4(int32_t row_elements,
                                              const int32_t skipped_row_elements,
                                              const int8_t *row_base_ref,
                                              const int8_t *col_base_ref,
                                              const int32_t out_ch,
                                              const cmsis_nn_conv_params *conv_params,
                                              const cmsis_nn_per_channel_quant_params *quant_params,
                                              const int32_t *bias,
                                              int8_t *output)
{
    if (row_base_ref == NULL || col_base_ref == NULL || conv_params == NULL || quant_params == NULL || output == NULL ||
        row_elements < 0 || skipped_row_elements < 0 || out_ch < 0)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const int64_t stride = (int64_t)row_elements + skipped_row_elements;
    if (kiln_mul_sat64(stride, out_ch) > INT32_MAX ||
        !kiln_conv_s8_offsets_ok(conv_params->input_offset, conv_params->output_offset, conv_params->activation.min,
                                 conv_params->activation.max) ||
        !kiln_conv_s8_quant_ok(quant_params->multiplier, quant_params->shift, out_ch))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    for (int32_t c = 0; c < out_ch; c++)
    {
        const int32_t sum = kiln_fc_s4_dot(row_base_ref, col_base_ref, (uint32_t)((int64_t)c * stride), row_elements,
                                           conv_params->input_offset, 0);
        output[c] = kiln_conv_s8_out(kiln_wrap_add(sum, bias != NULL ? bias[c] : 0), quant_params->multiplier[c],
                                     quant_params->shift[c], conv_params->output_offset, conv_params->activation.min,
                                     conv_params->activation.max);
    }
    return ARM_CMSIS_NN_SUCCESS;
}

int8_t *arm_nn_mat_mult_kernel_s4_s16(const int8_t *input_a,
                                      const int16_t *input_b,
                                      const uint16_t output_ch,
                                      const int32_t *out_shift,
                                      const int32_t *out_mult,
                                      const int32_t out_offset,
                                      const int32_t activation_min,
                                      const int32_t activation_max,
                                      const int32_t num_col_a,
                                      const int32_t *const output_bias,
                                      int8_t *out_0)
{
    if (input_a == NULL || input_b == NULL || out_0 == NULL || output_ch < 1 || num_col_a < 0 ||
        (int64_t)output_ch * num_col_a > INT32_MAX ||
        !kiln_conv_s8_offsets_ok(0, out_offset, activation_min, activation_max) ||
        !kiln_conv_s8_quant_ok(out_mult, out_shift, output_ch))
    {
        return NULL;
    }
    const int16_t *b0 = input_b;
    const int16_t *b1 = input_b + num_col_a;
    for (int32_t ch = 0; ch < output_ch; ch++)
    {
        const int32_t e0 = ch * num_col_a;
        uint32_t acc0 = output_bias != NULL ? (uint32_t)output_bias[ch] : 0u;
        uint32_t acc1 = acc0;
        for (int32_t i = 0; i < num_col_a; i++)
        {
            const int32_t e = e0 + i;
            const int32_t w = kiln_nibble_s4(input_a[e >> 1], e & 1);
            acc0 += (uint32_t)(w * b0[i]);
            acc1 += (uint32_t)(w * b1[i]);
        }
        out_0[ch] = kiln_conv_s8_out(kiln_conv_s16_wrap32((int64_t)acc0), out_mult[ch], out_shift[ch], out_offset,
                                     activation_min, activation_max);
        out_0[output_ch + ch] = kiln_conv_s8_out(kiln_conv_s16_wrap32((int64_t)acc1), out_mult[ch], out_shift[ch],
                                                 out_offset, activation_min, activation_max);
    }
    return out_0 + 2 * output_ch;
}

/* Position of column k's lhs value in an interleaved lhs row: within each full block of 32 columns
 * the 16 odd columns come first, then the 16 even ones; the columns after the last full block are
 * in order. */
static int32_t kiln_interleaved_pos(int32_t k, int32_t full_cols)
{
    if (k >= full_cols)
    {
        return k;
    }
    const int32_t j = k & 31;
    return (k - j) + ((j & 1) != 0 ? (j >> 1) : 16 + (j >> 1));
}

arm_cmsis_nn_status arm_nn_mat_mult_nt_interleaved_t_even_s4(const int8_t *lhs,
                                                             const int8_t *rhs,
                                                             const int32_t *bias,
                                                             int8_t *dst,
                                                             const int32_t *dst_multipliers,
                                                             const int32_t *dst_shifts,
                                                             const int32_t lhs_rows,
                                                             const int32_t rhs_rows,
                                                             const int32_t rhs_cols,
                                                             const int32_t lhs_offset,
                                                             const int32_t dst_offset,
                                                             const int32_t activation_min,
                                                             const int32_t activation_max,
                                                             const int32_t lhs_cols_offset)
{
    if ((rhs_cols & 1) != 0 ||
        !kiln_mm_s4_args_ok(lhs, rhs, dst, dst_multipliers, dst_shifts, lhs_rows, rhs_rows, rhs_cols, lhs_offset,
                            dst_offset, activation_min, activation_max, lhs_cols_offset))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const int32_t full_cols = rhs_cols & ~31;
    for (int32_t m = 0; m < lhs_rows; m++)
    {
        const int8_t *x = lhs + (size_t)m * (size_t)lhs_cols_offset;
        for (int32_t n = 0; n < rhs_rows; n++)
        {
            const int32_t e0 = n * rhs_cols;
            uint32_t acc = bias != NULL ? (uint32_t)bias[n] : 0u;
            for (int32_t k = 0; k < rhs_cols; k++)
            {
                const int32_t e = e0 + k;
                const int32_t v = (int32_t)x[kiln_interleaved_pos(k, full_cols)] + lhs_offset;
                acc += (uint32_t)(v * kiln_nibble_s4(rhs[e >> 1], e & 1));
            }
            dst[(size_t)m * (size_t)rhs_rows + (size_t)n] =
                kiln_conv_s8_out(kiln_conv_s16_wrap32((int64_t)acc), dst_multipliers[n], dst_shifts[n], dst_offset,
                                 activation_min, activation_max);
        }
    }
    return ARM_CMSIS_NN_SUCCESS;
}
