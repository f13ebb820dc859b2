/*
 * Kiln — the int8 GEMM support kernels of the convolution family, on the backend GEMM
 * (kernels/kiln_conv_s8_gemm_*.c): arm_nn_mat_mult_nt_t_s8, arm_nn_mat_mult_nt_t_1x1_out_s8 (ns),
 * arm_nn_mat_mul_core_1x_s8, arm_nn_mat_mul_core_4x_s8. Available on every backend.
 */
#include "Include/arm_nnsupportfunctions.h"
#include "Include/Internal/kiln_conv_s8.h"

/* dst[r * row_stride + c] for r < lhs_rows, c < rhs_rows, in blocks of KILN_CONV_S8_MAX_ROWS rows. */
static void kiln_gemm_rows(const kiln_conv_s8_gemm_args *ga, const int8_t *lhs, int32_t lhs_stride, int32_t lhs_rows,
                           int8_t *dst)
{
    for (int32_t r = 0; r < lhs_rows; r += KILN_CONV_S8_MAX_ROWS)
    {
        const int32_t n = MIN(KILN_CONV_S8_MAX_ROWS, lhs_rows - r);
        const int8_t *rows[KILN_CONV_S8_MAX_ROWS];
        for (int32_t i = 0; i < n; i++)
        {
            rows[i] = lhs + (r + i) * lhs_stride;
        }
        kiln_conv_s8_gemm(ga, rows, n, dst + r * ga->dst_stride);
    }
}

static arm_cmsis_nn_status kiln_mat_mult_nt_t(const int32_t *weight_sum_buf,
                                              const int8_t *lhs,
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
                                              const int32_t row_address_offset,
                                              const int32_t lhs_cols_offset)
{
    if (lhs == NULL || rhs == NULL || dst == NULL || lhs_rows < 0 || rhs_rows < 1 || rhs_cols < 1 ||
        lhs_cols_offset < rhs_cols || row_address_offset < rhs_rows ||
        !kiln_conv_s8_offsets_ok(lhs_offset, dst_offset, activation_min, activation_max) ||
        !kiln_conv_s8_quant_ok(dst_multipliers, dst_shifts, rhs_rows))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    /* Every index the kernel forms stays within int32. */
    if ((int64_t)(lhs_rows > 0 ? lhs_rows - 1 : 0) * lhs_cols_offset + rhs_cols > INT32_MAX ||
        (int64_t)(lhs_rows > 0 ? lhs_rows - 1 : 0) * row_address_offset + rhs_rows > INT32_MAX ||
        (int64_t)rhs_rows * rhs_cols > INT32_MAX)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    kiln_conv_s8_gemm_args ga = {rhs,      bias,     NULL,         dst_multipliers, dst_shifts, rhs_cols,          rhs_cols,
                                 rhs_rows, lhs_offset, dst_offset, activation_min,  activation_max, row_address_offset,
                                 false};
    if (weight_sum_buf != NULL)
    {
        /* ns-cmsis-nn: the sums already hold sum(rhs) * lhs_offset + bias; lhs is used raw. */
#if KILN_BUILD_MVE
        ga.weight_sum = weight_sum_buf;
#else
        ga.bias = weight_sum_buf;
        ga.lhs_offset = 0;
#endif
    }
    kiln_gemm_rows(&ga, lhs, lhs_cols_offset, lhs_rows, dst);
    return ARM_CMSIS_NN_SUCCESS;
}

#if KILN_UPSTREAM_API
arm_cmsis_nn_status arm_nn_mat_mult_nt_t_s8(const int8_t *lhs,
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
                                            const int32_t row_address_offset,
                                            const int32_t lhs_cols_offset)
{
    return kiln_mat_mult_nt_t(NULL, lhs, rhs, bias, dst, dst_multipliers, dst_shifts, lhs_rows, rhs_rows, rhs_cols,
                              lhs_offset, dst_offset, activation_min, activation_max, row_address_offset,
                              lhs_cols_offset);
}
#else
arm_cmsis_nn_status arm_nn_mat_mult_nt_t_s8(const int32_t *weight_sum_buf,
                                            const int8_t *lhs,
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
                                            const int32_t row_address_offset,
                                            const int32_t lhs_cols_offset)
{
    return kiln_mat_mult_nt_t(weight_sum_buf, lhs, rhs, bias, dst, dst_multipliers, dst_shifts, lhs_rows, rhs_rows,
                              rhs_cols, lhs_offset, dst_offset, activation_min, activation_max, row_address_offset,
                              lhs_cols_offset);
}

arm_cmsis_nn_status arm_nn_mat_mult_nt_t_1x1_out_s8(const int32_t *weight_sum_buf,
                                                    const int8_t *lhs,
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
                                                    const int32_t row_address_offset,
                                                    const int32_t lhs_cols_offset)
{
    return kiln_mat_mult_nt_t(weight_sum_buf, lhs, rhs, bias, dst, dst_multipliers, dst_shifts, lhs_rows, rhs_rows,
                              rhs_cols, lhs_offset, dst_offset, activation_min, activation_max, row_address_offset,
                              lhs_cols_offset);
}
#endif

static bool kiln_core_args_ok(int32_t row_elements,
                              int32_t skip,
                              const int8_t *row,
                              const int8_t *col,
                              int32_t out_ch,
                              const cmsis_nn_conv_params *conv_params,
                              const cmsis_nn_per_channel_quant_params *quant_params,
                              const int8_t *output)
{
    return row != NULL && col != NULL && output != NULL && conv_params != NULL && quant_params != NULL &&
        row_elements >= 1 && skip >= 0 && out_ch >= 1 && (int64_t)out_ch * ((int64_t)row_elements + skip) <= INT32_MAX &&
        kiln_conv_s8_offsets_ok(conv_params->input_offset, conv_params->output_offset, conv_params->activation.min,
                                conv_params->activation.max) &&
        kiln_conv_s8_quant_ok(quant_params->multiplier, quant_params->shift, out_ch);
}

arm_cmsis_nn_status arm_nn_mat_mul_core_1x_s8(int32_t row_elements,
                                              const int32_t skipped_row_elements,
                                              const int8_t *row_base_ref,
                                              const int8_t *col_base_ref,
                                              const int32_t out_ch,
                                              const cmsis_nn_conv_params *conv_params,
                                              const cmsis_nn_per_channel_quant_params *quant_params,
                                              const int32_t *bias,
                                              int8_t *output)
{
    if (!kiln_core_args_ok(row_elements, skipped_row_elements, row_base_ref, col_base_ref, out_ch, conv_params,
                           quant_params, output))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const kiln_conv_s8_gemm_args ga = {col_base_ref,
                                       bias,
                                       NULL,
                                       quant_params->multiplier,
                                       quant_params->shift,
                                       row_elements,
                                       row_elements + skipped_row_elements,
                                       out_ch,
                                       conv_params->input_offset,
                                       conv_params->output_offset,
                                       conv_params->activation.min,
                                       conv_params->activation.max,
                                       out_ch,
                                       false};
    kiln_conv_s8_gemm(&ga, &row_base_ref, 1, output);
    return ARM_CMSIS_NN_SUCCESS;
}

int8_t *arm_nn_mat_mul_core_4x_s8(const int32_t row_elements,
                                  const int32_t offset,
                                  const int8_t *row_base,
                                  const int8_t *col_base,
                                  const int32_t out_ch,
                                  const cmsis_nn_conv_params *conv_params,
                                  const cmsis_nn_per_channel_quant_params *quant_params,
                                  const int32_t *bias,
                                  int8_t *output)
{
    if (!kiln_core_args_ok(row_elements, 0, row_base, col_base, out_ch, conv_params, quant_params, output) ||
        offset < row_elements || (int64_t)3 * offset + row_elements > INT32_MAX || (int64_t)4 * out_ch > INT32_MAX)
    {
        return NULL;
    }
    const kiln_conv_s8_gemm_args ga = {col_base,
                                       bias,
                                       NULL,
                                       quant_params->multiplier,
                                       quant_params->shift,
                                       row_elements,
                                       row_elements,
                                       out_ch,
                                       conv_params->input_offset,
                                       conv_params->output_offset,
                                       conv_params->activation.min,
                                       conv_params->activation.max,
                                       out_ch,
                                       false};
    const int8_t *rows[4] = {row_base, row_base + offset, row_base + 2 * offset, row_base + 3 * offset};
    kiln_conv_s8_gemm(&ga, rows, 4, output);
    return output + 4 * out_ch;
}
