/*
 * Kiln — batch matmul: the plan (route + exact context bytes for any backend and operator). The
 * fully connected plan is inline in Internal/kiln_fc_s8.h (the entries fold it to a constant) and
 * the kernel-sum seal lives with the entry (kiln_fc_s8_entry.c).
 *
 * Batch matmul routes:
 *   op == S16   -> "bmm_s16_c": portable C on every backend, no context bytes
 *   isa == MVE  -> "mve_ksum": n int32 kernel sums of the current rhs matrix in ctx->buf
 *   otherwise   -> "direct"
 */
#include "Include/Internal/kiln_fc_s8.h"

arm_cmsis_nn_status kiln_bmm_plan(const kiln_bmm_s8_shape *shape, kiln_fc_op op, kiln_isa isa, kiln_bmm_s8_plan_t *out)
{
    if (shape == NULL || out == NULL || shape->rhs_rows < 0 || shape->cols < 0 ||
        (op != KILN_FC_OP_S8 && op != KILN_FC_OP_S16))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (op == KILN_FC_OP_S16)
    {
        out->route = KILN_BMM_S8_ROUTE_S16_C;
        out->name = "bmm_s16_c";
        out->scratch_bytes = 0;
    }
    else if (isa == KILN_ISA_MVE)
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

arm_cmsis_nn_status kiln_bmm_s8_plan(const kiln_bmm_s8_shape *shape, kiln_isa isa, kiln_bmm_s8_plan_t *out)
{
    return kiln_bmm_plan(shape, KILN_FC_OP_S8, isa, out);
}
