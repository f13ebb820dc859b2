/*
 * Kiln — arm_nn_transpose_conv_row_s8_s32: one input row of a transposed convolution scattered into
 * a rolling int32 accumulation buffer (portable C on every backend). For input column x <
 * input_x, output channel oc < output_channels, filter row r in [skip_row_top, rhs_rows -
 * skip_row_bottom) (the j-th such row, j from 0) and filter column kc < rhs_cols:
 *   output_start[idx_j + (x * stride_x + kc) * output_channels + oc] +=
 *       sum_ic (lhs[x * input_channels + ic] + lhs_offset) * rhs[((oc * rhs_rows + r) * rhs_cols + kc) * input_channels
 * + ic] with idx_0 = output_index and idx_(j+1) = (idx_j + row_offset) % output_max (the buffer's rows wrap around).
 * Accumulation modulo 2^32. Contract: Include/arm_nnsupportfunctions.h.
 */
#include "Include/Internal/kiln_common.h"
#include "Include/Internal/kiln_conv_s16.h"
#include "Include/arm_nnsupportfunctions.h"

arm_cmsis_nn_status arm_nn_transpose_conv_row_s8_s32(const int8_t *lhs,
                                                     const int8_t *rhs,
                                                     int32_t *output_start,
                                                     const int32_t output_index,
                                                     const int32_t output_max,
                                                     const int32_t rhs_rows,
                                                     const int32_t rhs_cols,
                                                     const int32_t input_channels,
                                                     const int32_t output_channels,
                                                     const int32_t lhs_offset,
                                                     const int32_t row_offset,
                                                     const int32_t input_x,
                                                     const int32_t stride_x,
                                                     const int32_t skip_row_top,
                                                     const int32_t skip_row_bottom)
{
    if (lhs == NULL || rhs == NULL || output_start == NULL || output_max < 1 || output_index < 0 ||
        output_index >= output_max || row_offset < 0 || rhs_rows < 0 || rhs_cols < 0 || input_channels < 0 ||
        output_channels < 0 || input_x < 0 || stride_x < 1 || skip_row_top < 0 || skip_row_bottom < 0 ||
        (int64_t)skip_row_top + skip_row_bottom > rhs_rows || lhs_offset < -INT8_MAX || lhs_offset > -INT8_MIN)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    /* Every index below INT32_MAX: the filter, the input row, and the furthest output element. */
    const int64_t taps = kiln_mul_sat64(kiln_mul_sat64(rhs_rows, rhs_cols), input_channels);
    const int64_t span =
        kiln_mul_sat64(kiln_mul_sat64((int64_t)(input_x > 0 ? input_x - 1 : 0), stride_x) + rhs_cols, output_channels);
    if (kiln_mul_sat64(taps, output_channels) > INT32_MAX || kiln_mul_sat64(input_x, input_channels) > INT32_MAX ||
        (int64_t)output_max + span > INT32_MAX)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const int32_t rows = rhs_rows - skip_row_top - skip_row_bottom;
    for (int32_t x = 0; x < input_x; x++)
    {
        const int8_t *in = lhs + (size_t)x * (size_t)input_channels;
        int32_t *out_x = output_start + (size_t)x * (size_t)stride_x * (size_t)output_channels;
        for (int32_t oc = 0; oc < output_channels; oc++)
        {
            int32_t idx = output_index;
            for (int32_t j = 0; j < rows; j++)
            {
                const int8_t *w_row = rhs + ((size_t)oc * (size_t)rhs_rows + (size_t)(skip_row_top + j)) *
                                                (size_t)rhs_cols * (size_t)input_channels;
                for (int32_t kc = 0; kc < rhs_cols; kc++)
                {
                    const int8_t *w = w_row + (size_t)kc * (size_t)input_channels;
                    uint32_t acc = 0;
                    for (int32_t ic = 0; ic < input_channels; ic++)
                    {
                        acc += (uint32_t)(((int32_t)in[ic] + lhs_offset) * (int32_t)w[ic]);
                    }
                    int32_t *o = out_x + (size_t)idx + (size_t)kc * (size_t)output_channels + (size_t)oc;
                    *o = kiln_conv_s16_wrap32((int64_t)*o + (int64_t)acc);
                }
                idx = (int32_t)(((int64_t)idx + row_offset) % output_max);
            }
        }
    }
    return ARM_CMSIS_NN_SUCCESS;
}
