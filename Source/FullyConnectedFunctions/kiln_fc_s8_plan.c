/*
 * Kiln — int8 fully connected / batch matmul: the plans (route + exact context bytes for any
 * backend) and the kernel-sum seal of the fully connected Helium route.
 *
 * Fully connected routes (first that holds wins):
 *   isa == MVE  -> "mve_ksum_cache": rows int32 kernel sums + a 16-byte seal in ctx->buf
 *   otherwise   -> "direct": offsets folded into the inner loop, no context bytes
 * Batch matmul routes:
 *   isa == MVE  -> "mve_ksum": n int32 kernel sums of the current rhs matrix in ctx->buf
 *   otherwise   -> "direct"
 */
#include "Include/Internal/kiln_fc_s8.h"

arm_cmsis_nn_status kiln_fc_s8_plan(const kiln_fc_s8_shape *shape, kiln_isa isa, kiln_fc_s8_plan_t *out)
{
    if (shape == NULL || out == NULL || shape->batches < 0 || shape->cols < 0 || shape->rows < 0)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    if (isa == KILN_ISA_MVE)
    {
        out->route = KILN_FC_S8_ROUTE_MVE_KSUM;
        out->name = "mve_ksum_cache";
        out->scratch_bytes = 0;
        out->kernel_sum_bytes = (int64_t)shape->rows * (int64_t)sizeof(int32_t) + KILN_FC_S8_SEAL_BYTES;
    }
    else
    {
        out->route = KILN_FC_S8_ROUTE_DIRECT;
        out->name = "direct";
        out->scratch_bytes = 0;
        out->kernel_sum_bytes = 0;
    }
    return ARM_CMSIS_NN_SUCCESS;
}

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

/* ---- seal ------------------------------------------------------------------------------------ */

#define KILN_FC_S8_SEAL_MAGIC 0x4B534D31u /* "KSM1" */

typedef struct
{
    uint32_t magic;
    uint32_t key_hash;
    uint32_t sums_hash;
    uint32_t check;
} kiln_fc_s8_seal;

/* The key hash: a multiply-xor chain over the key's words (odd multipliers: each step is a
 * bijection of the running value, so layers differing in one word get different hashes) and a
 * final xor-shift. Two instructions per word: it runs on every call. */
static inline uint32_t kiln_key_step(uint32_t h, uint32_t v)
{
    return (h ^ v) * 0x9E3779B1u;
}

static uint32_t kiln_key_hash(const kiln_fc_s8_seal_key *k)
{
    uint32_t h = 0x9747B28Cu;
    uintptr_t f = (uintptr_t)k->filter;
    uintptr_t b = (uintptr_t)k->bias;
    for (size_t i = 0; i < sizeof(uintptr_t); i += 4) /* every 32-bit half of a wider pointer */
    {
        h = kiln_key_step(h, (uint32_t)(f & 0xFFFFFFFFu));
        h = kiln_key_step(h, (uint32_t)(b & 0xFFFFFFFFu));
        f = (uintptr_t)(((uint64_t)f >> 16) >> 16);
        b = (uintptr_t)(((uint64_t)b >> 16) >> 16);
    }
    h = kiln_key_step(h, (uint32_t)k->cols);
    h = kiln_key_step(h, (uint32_t)k->rows);
    h = kiln_key_step(h, (uint32_t)k->lhs_offset);
    h = kiln_key_step(h, (uint32_t)k->rhs_offset);
    return h ^ (h >> 15);
}

/* The seal's consistency word (a buffer whose seal words were not written together fails it). */
static inline uint32_t kiln_seal_check(const kiln_fc_s8_seal *s)
{
    return ((s->magic ^ s->key_hash) * 0x85EBCA6Bu) ^ s->sums_hash;
}

const int32_t *kiln_fc_s8_sealed_sums(void *buf, const kiln_fc_s8_seal_key *key)
{
    int32_t *sums = (int32_t *)buf;
    uint8_t *seal_at = (uint8_t *)buf + (size_t)key->rows * sizeof(int32_t);
    kiln_fc_s8_seal seal;
    memcpy(&seal, seal_at, sizeof(seal));

    const uint32_t key_hash = kiln_key_hash(key);
    if (seal.magic == KILN_FC_S8_SEAL_MAGIC && seal.key_hash == key_hash && seal.check == kiln_seal_check(&seal) &&
        seal.sums_hash == kiln_fc_s8_hash_s32(sums, key->rows))
    {
        return sums;
    }
    kiln_fc_s8_row_sums(sums, key->cols, key->rows, key->filter, key->lhs_offset, key->rhs_offset, key->bias);
    seal.magic = KILN_FC_S8_SEAL_MAGIC;
    seal.key_hash = key_hash;
    seal.sums_hash = kiln_fc_s8_hash_s32(sums, key->rows);
    seal.check = kiln_seal_check(&seal);
    memcpy(seal_at, &seal, sizeof(seal));
    return sums;
}
