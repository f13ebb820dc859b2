/*
 * Kiln — the shared body of arm_fully_connected_s8 / _per_channel_s8 / _wrapper_s8:
 * validate -> plan (native backend) -> run the route.
 */
#include "Include/Internal/kiln_fc_s8.h"

arm_cmsis_nn_status kiln_fc_s8_entry(const cmsis_nn_context *ctx,
                                     const cmsis_nn_fc_params *fc_params,
                                     const int32_t *mult,
                                     const int32_t *shift,
                                     bool per_channel,
                                     const cmsis_nn_dims *input_dims,
                                     const int8_t *input_data,
                                     const cmsis_nn_dims *filter_dims,
                                     const int8_t *filter_data,
                                     const int32_t *bias_data,
                                     const cmsis_nn_dims *output_dims,
                                     int8_t *output_data)
{
    if (fc_params == NULL || mult == NULL || shift == NULL || input_dims == NULL || input_data == NULL ||
        filter_dims == NULL || filter_data == NULL || output_dims == NULL || output_data == NULL)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    /* Layout (CMSIS-NN): input [n, (h, w, c) = cols], filter_dims->n = cols, filter_dims->c = rows,
     * output [n, rows] in output_dims->n / ->c. filter h/w, output h/w and bias_dims are not read
     * (callers leave them unset). The checks below are written for a small fixed cost (one sign
     * test for six dimensions, 32x32->64-bit products): they reject exactly what the
     * straightforward forms would. */
    const int32_t batches = input_dims->n;
    const int32_t cols = filter_dims->n;
    const int32_t rows = output_dims->c;
    const int32_t ih = input_dims->h, iw = input_dims->w, ic = input_dims->c;
    if ((batches | cols | rows | ih | iw | ic) < 0 || filter_dims->c != rows || output_dims->n != batches)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    /* h * w * c == cols: with c = 0 the count is 0 whatever h * w is; otherwise h * w must be
     * within int32 (cols is) and then h * w * c < 2^62 is exact. */
    const int64_t hw = (int64_t)ih * iw;
    if (ic == 0 ? cols != 0 : (hw > INT32_MAX || hw * ic != (int64_t)cols))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if ((int64_t)batches * cols > INT32_MAX || (int64_t)rows * cols > INT32_MAX || (int64_t)batches * rows > INT32_MAX)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (!kiln_fc_s8_offset_ok(fc_params->input_offset) || !kiln_fc_s8_offset_ok(fc_params->filter_offset) ||
        !kiln_fc_s8_offset_ok(fc_params->output_offset) ||
        !kiln_act_s8_ok(fc_params->activation.min, fc_params->activation.max))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (!per_channel)
    {
        if (!kiln_fc_s8_quant_ok(mult[0], shift[0]))
        {
            return ARM_CMSIS_NN_ARG_ERROR;
        }
    }
    else
    {
        for (int32_t i = 0; i < rows; i++)
        {
            if (!kiln_fc_s8_quant_ok(mult[i], shift[i]))
            {
                return ARM_CMSIS_NN_ARG_ERROR;
            }
        }
    }

    const kiln_fc_s8_shape shape = {batches, cols, rows};
    kiln_fc_s8_plan_t plan;
    if (kiln_fc_s8_plan(&shape, KILN_NATIVE_ISA, &plan) != ARM_CMSIS_NN_SUCCESS)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const int64_t need = kiln_fc_s8_plan_ctx_bytes(&plan);
    if (!kiln_ctx_holds(ctx, need))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (need > 0 && ((uintptr_t)ctx->buf & 3u) != 0)
    {
        return ARM_CMSIS_NN_ARG_ERROR; /* the kernel sums are int32 */
    }

    const kiln_fc_s8_args args = {cols,
                                  rows,
                                  fc_params->input_offset,
                                  fc_params->filter_offset,
                                  fc_params->output_offset,
                                  fc_params->activation.min,
                                  fc_params->activation.max,
                                  1,
                                  per_channel ? mult : NULL,
                                  per_channel ? shift : NULL,
                                  per_channel ? 0 : mult[0], /* per-channel arrays may be empty (rows 0) */
                                  per_channel ? 0 : shift[0]};
    if (batches == 0 || rows == 0)
    {
        return ARM_CMSIS_NN_SUCCESS;
    }
    const int32_t *ksum = NULL;
    if (plan.route == KILN_FC_S8_ROUTE_MVE_KSUM)
    {
        const kiln_fc_s8_seal_key key = {filter_data, bias_data, cols, rows, fc_params->input_offset,
                                         fc_params->filter_offset};
        ksum = kiln_fc_s8_sealed_sums(ctx->buf, &key);
    }
    if (batches == 1)
    {
        kiln_fc_s8_vec_mat(input_data, filter_data, ksum, bias_data, output_data, &args); /* the usual call */
    }
    else
    {
        kiln_fc_s8_mat_mat(input_data, batches, filter_data, ksum, bias_data, output_data, rows, &args);
    }
    return ARM_CMSIS_NN_SUCCESS;
}
