/*
 * Kiln — int8 batch matmul: the plan (route + exact context bytes for any backend). The fully
 * connected plan is inline in Internal/kiln_fc_s8.h (the entries fold it to a constant) and the
 * kernel-sum seal lives with the entry (kiln_fc_s8_entry.c).
 *
 * Batch matmul routes:
 *   isa == MVE  -> "mve_ksum": n int32 kernel sums of the current rhs matrix in ctx->buf
 *   otherwise   -> "direct"
 */
#include "Include/Internal/kiln_fc_s8.h"

arm_cmsis_nn_status kiln_bmm_s8_plan(const kiln_bmm_s8_shape *shape, kiln_isa isa, kiln_bmm_s8_plan_t *out)
{
    if (shape == NULL || out == NULL || shape->rhs_rows < 0 || shape->cols < 0)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (isa == KILN_ISA_MVE)
    {
        out->route = KILN_BMM_S8_ROUTE_MVE_KSUM;
        out->name = "mve_ksum";
        out->scratch_bytes = (int64_t)shape->rhs_rows * (int64_t)sizeof(int32_t);
    }
    else
    {
        out->route = KILN_BMM_S8_ROUTE_DIRECT;
        out->name = "direct";
        out->scratch_bytes = 0;
    }
    return ARM_CMSIS_NN_SUCCESS;
}
