/*
 * Kiln — the int16x8 GEMM support kernels (the loops in C, the dot products by the backend's kernel,
 * Internal/kiln_dot.h): arm_nn_mat_mult_nt_t_s16
 * and arm_nn_mat_mult_kernel_s16, with the output arithmetic of Kiln's int16 convolution
 * (Internal/kiln_conv_s16.h): for an int32 bias (bias_data->is_int32_bias) the sum is taken modulo
 * 2^32 and requantized with arm_nn_requantize and the Q31 multiplier; for an int64 bias the exact
 * int64 sum is requantized with arm_nn_requantize_s64 and REDUCE_MULTIPLIER(multiplier)
 * (kiln_requant_s64). bias_data->data may be NULL (no bias). No output offset.
 * ns-cmsis-nn signatures take a row_address_offset (the distance between output rows); upstream's
 * (KILN_UPSTREAM_API) use the dense layout. Contract and errors: Include/arm_nnsupportfunctions.h
 * (@kiln-support-int).
 */
#include "Include/Internal/kiln_common.h"
#include "Include/Internal/kiln_conv_s16.h"
#include "Include/Internal/kiln_conv_s8.h"
#include "Include/Internal/kiln_dot.h"
#include "Include/Internal/kiln_fc_s8.h"
#include "Include/arm_nnsupportfunctions.h"

/* One output of channel ch from the exact sum. */
static int16_t kiln_mm_s16_out(int64_t sum,
                               const cmsis_nn_bias_data *bias_data,
                               int32_t ch,
                               int32_t mult,
                               int32_t shift,
                               int32_t act_min,
                               int32_t act_max)
{
    if (bias_data->is_int32_bias)
    {
        const int32_t *b = (const int32_t *)bias_data->data;
        return kiln_conv_s16_out32(sum, b != NULL ? b[ch] : 0, mult, shift, 0, act_min, act_max);
    }
    const int64_t *b = (const int64_t *)bias_data->data;
    return kiln_conv_s16_out(sum, b != NULL ? b[ch] : 0, REDUCE_MULTIPLIER(mult), shift, 0, act_min, act_max);
}

/* out[m * row_stride + n] for m < lhs_rows (lhs rows rhs_cols apart), n < rhs_rows. */
static void kiln_mm_s16_run(const int16_t *lhs,
                            const int8_t *rhs,
                            const cmsis_nn_bias_data *bias_data,
                            int16_t *dst,
                            const int32_t *mult,
                            const int32_t *shift,
                            int32_t lhs_rows,
                            int32_t rhs_rows,
                            int32_t rhs_cols,
                            int32_t act_min,
                            int32_t act_max,
                            int32_t row_stride)
{
    for (int32_t m = 0; m < lhs_rows; m++)
    {
        const int16_t *x = lhs + (size_t)m * (size_t)rhs_cols;
        for (int32_t n = 0; n < rhs_rows; n++)
        {
            const int64_t sum = kiln_dot_s16_s8(x, rhs + (size_t)n * (size_t)rhs_cols, rhs_cols);
            dst[(size_t)m * (size_t)row_stride + (size_t)n] =
                kiln_mm_s16_out(sum, bias_data, n, mult[n], shift[n], act_min, act_max);
        }
    }
}

#if KILN_UPSTREAM_API
arm_cmsis_nn_status arm_nn_mat_mult_nt_t_s16(const int16_t *lhs,
                                             const int8_t *rhs,
                                             const cmsis_nn_bias_data *bias_data,
                                             int16_t *dst,
                                             const int32_t *dst_multipliers,
                                             const int32_t *dst_shifts,
                                             const int32_t lhs_rows,
                                             const int32_t rhs_rows,
                                             const int32_t rhs_cols,
                                             const int32_t activation_min,
                                             const int32_t activation_max)
{
    const int32_t row_address_offset = rhs_rows;
#else
arm_cmsis_nn_status arm_nn_mat_mult_nt_t_s16(const int16_t *lhs,
                                             const int8_t *rhs,
                                             const cmsis_nn_bias_data *bias_data,
                                             int16_t *dst,
                                             const int32_t *dst_multipliers,
                                             const int32_t *dst_shifts,
                                             const int32_t lhs_rows,
                                             const int32_t rhs_rows,
                                             const int32_t rhs_cols,
                                             const int32_t activation_min,
                                             const int32_t activation_max,
                                             const int32_t row_address_offset)
{
#endif
    if (lhs == NULL || rhs == NULL || bias_data == NULL || dst == NULL || lhs_rows < 0 || rhs_rows < 0 ||
        rhs_cols < 0 || row_address_offset < rhs_rows || !kiln_act_s16_ok(activation_min, activation_max) ||
        !kiln_conv_s8_quant_ok(dst_multipliers, dst_shifts, rhs_rows) ||
        kiln_mul_sat64(lhs_rows, rhs_cols) > INT32_MAX || kiln_mul_sat64(rhs_rows, rhs_cols) > INT32_MAX ||
        kiln_mul_sat64(lhs_rows, row_address_offset) > INT32_MAX)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    kiln_mm_s16_run(lhs, rhs, bias_data, dst, dst_multipliers, dst_shifts, lhs_rows, rhs_rows, rhs_cols, activation_min,
                    activation_max, row_address_offset);
    return ARM_CMSIS_NN_SUCCESS;
}

#if KILN_UPSTREAM_API
int16_t *arm_nn_mat_mult_kernel_s16(const int8_t *input_a,
                                    const int16_t *input_b,
                                    const int32_t output_ch,
                                    const int32_t *out_shift,
                                    const int32_t *out_mult,
                                    const int32_t activation_min,
                                    const int32_t activation_max,
                                    const int32_t num_col_a,
                                    const cmsis_nn_bias_data *const bias_data,
                                    int16_t *out_0)
{
    const int32_t row_address_offset = output_ch;
#else
int16_t *arm_nn_mat_mult_kernel_s16(const int8_t *input_a,
                                    const int16_t *input_b,
                                    const int32_t output_ch,
                                    const int32_t *out_shift,
                                    const int32_t *out_mult,
                                    const int32_t activation_min,
                                    const int32_t activation_max,
                                    const int32_t num_col_a,
                                    const cmsis_nn_bias_data *const bias_data,
                                    int16_t *out_0,
                                    const int32_t row_address_offset)
{
#endif
    if (input_a == NULL || input_b == NULL || bias_data == NULL || out_0 == NULL || output_ch < 1 || num_col_a < 0 ||
        row_address_offset < output_ch || row_address_offset > INT32_MAX / 2 ||
        !kiln_act_s16_ok(activation_min, activation_max) || !kiln_conv_s8_quant_ok(out_mult, out_shift, output_ch) ||
        kiln_mul_sat64(output_ch, num_col_a) > INT32_MAX || kiln_mul_sat64(2, num_col_a) > INT32_MAX)
    {
        return NULL;
    }
    /* The two columns of B are the two lhs rows of the GEMM (num_col_a apart), the channels its rhs rows. */
    kiln_mm_s16_run(input_b, input_a, bias_data, out_0, out_mult, out_shift, 2, output_ch, num_col_a, activation_min,
                    activation_max, row_address_offset);
    return out_0 + 2 * output_ch;
}
