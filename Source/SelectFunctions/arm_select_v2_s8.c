/*
 * Kiln — arm_select_v2_s8 / arm_select_v2_s16 (ns-cmsis-nn): TFLite SELECT_V2, out = condition ? x : y with
 * broadcasting through per-operand element strides (checks in kiln_select.c). Exact. Portable C on every
 * backend.
 */
#include "Include/Internal/kiln_intmisc.h"
#include "Include/arm_nnfunctions.h"

arm_cmsis_nn_status arm_select_v2_s8(
    const bool *condition, const int8_t *x, const int8_t *y, const cmsis_nn_select_v2_params *params, int8_t *output)
{
    int32_t total;
    if (!kiln_select_v2_ok(condition, x, y, params, output, &total))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (total > 0)
    {
        KILN_SELECT_V2_RUN(condition, x, y, params, total, output);
    }
    return ARM_CMSIS_NN_SUCCESS;
}

arm_cmsis_nn_status arm_select_v2_s16(
    const bool *condition, const int16_t *x, const int16_t *y, const cmsis_nn_select_v2_params *params, int16_t *output)
{
    int32_t total;
    if (!kiln_select_v2_ok(condition, x, y, params, output, &total))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (total > 0)
    {
        KILN_SELECT_V2_RUN(condition, x, y, params, total, output);
    }
    return ARM_CMSIS_NN_SUCCESS;
}
