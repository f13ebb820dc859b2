/*
 * Kiln — arm_nn_mat_mult_s8: the legacy per-channel GEMM of up to four im2col columns against the
 * filters, run by the convolution's own GEMM (kiln_conv_s8_gemm: C, DSP and MVE kernels). Column j
 * (j < col_batches, 1..4) is input_col + j * row_len; filter ch is input_row + ch * row_len:
 *   out[j * output_ch + ch] = clamp(requantize(bias[ch] + sum_k (input_col[j][k] + col_offset) *
 *                                   input_row[ch][k], output_mult[ch], output_shift[ch]) + out_offset)
 * row_offset is not used (as upstream). Returns out + col_batches * output_ch, NULL for invalid
 * arguments (nothing written). Contract: Include/arm_nnsupportfunctions.h (@kiln-support-int).
 */
#include "Include/Internal/kiln_conv_s8.h"
#include "Include/arm_nnsupportfunctions.h"

int8_t *arm_nn_mat_mult_s8(const int8_t *input_row,
                           const int8_t *input_col,
                           const uint16_t output_ch,
                           const uint16_t col_batches,
                           const int32_t *output_shift,
                           const int32_t *output_mult,
                           const int32_t out_offset,
                           const int32_t col_offset,
                           const int32_t row_offset,
                           const int16_t out_activation_min,
                           const int16_t out_activation_max,
                           const uint16_t row_len,
                           const int32_t *const bias,
                           int8_t *out)
{
    (void)row_offset;
    if (input_row == NULL || input_col == NULL || out == NULL || output_ch < 1 || col_batches < 1 ||
        col_batches > KILN_CONV_S8_MAX_ROWS || row_len < 1 ||
        !kiln_conv_s8_offsets_ok(col_offset, out_offset, out_activation_min, out_activation_max) ||
        !kiln_conv_s8_quant_ok(output_mult, output_shift, output_ch))
    {
        return NULL;
    }
    const kiln_conv_s8_gemm_args g = {
        input_row, bias,       NULL,       output_mult,        output_shift,       row_len,  row_len,
        output_ch, col_offset, out_offset, out_activation_min, out_activation_max, output_ch, false};
    const int8_t *cols[KILN_CONV_S8_MAX_ROWS];
    for (int32_t j = 0; j < col_batches; j++)
    {
        cols[j] = input_col + (size_t)j * row_len;
    }
    kiln_conv_s8_gemm(&g, cols, col_batches, out);
    return out + (size_t)col_batches * output_ch;
}
