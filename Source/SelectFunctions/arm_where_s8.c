/*
 * Kiln — arm_where_s8 / arm_where_s16 (ns-cmsis-nn): TFLite WHERE with one input, the int64 coordinates of the
 * non-zero condition elements in row-major order (checks in kiln_select.c). Portable C on every backend.
 */
#include "Include/Internal/kiln_intmisc.h"
#include "Include/arm_nnfunctions.h"

arm_cmsis_nn_status
arm_where_s8(const int8_t *condition, const cmsis_nn_where_params *params, int64_t *output, int32_t *num_true)
{
    int32_t total;
    if (!kiln_where_ok(condition, params, output, num_true, &total))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    KILN_WHERE_RUN(condition, params, total, output, num_true);
    return ARM_CMSIS_NN_SUCCESS;
}

arm_cmsis_nn_status
arm_where_s16(const int16_t *condition, const cmsis_nn_where_params *params, int64_t *output, int32_t *num_true)
{
    int32_t total;
    if (!kiln_where_ok(condition, params, output, num_true, &total))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    KILN_WHERE_RUN(condition, params, total, output, num_true);
    return ARM_CMSIS_NN_SUCCESS;
}
