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

/* One round of a 32-bit multiplicative mix (murmur3 finalizer constants). */
static uint32_t kiln_mix32(uint32_t h, uint32_t v)
{
    h ^= v * 0xCC9E2D51u;
    h = (h << 13) | (h >> 19);
    h = h * 5u + 0xE6546B64u;
    return h;
}

static uint32_t kiln_final32(uint32_t h)
{
    h ^= h >> 16;
    h *= 0x85EBCA6Bu;
    h ^= h >> 13;
    h *= 0xC2B2AE35u;
    h ^= h >> 16;
    return h;
}

static uint32_t kiln_hash_ptr(uint32_t h, const void *p)
{
    uintptr_t v = (uintptr_t)p;
    for (size_t i = 0; i < sizeof(v); i += 4)
    {
        h = kiln_mix32(h, (uint32_t)(v & 0xFFFFFFFFu));
        v = (uintptr_t)(((uint64_t)v >> 16) >> 16);
    }
    return h;
}

static uint32_t kiln_key_hash(const kiln_fc_s8_seal_key *k)
{
    uint32_t h = 0x9747B28Cu;
    h = kiln_hash_ptr(h, k->filter);
    h = kiln_hash_ptr(h, k->bias);
    h = kiln_mix32(h, (uint32_t)k->cols);
    h = kiln_mix32(h, (uint32_t)k->rows);
    h = kiln_mix32(h, (uint32_t)k->lhs_offset);
    h = kiln_mix32(h, (uint32_t)k->rhs_offset);
    return kiln_final32(h);
}

static uint32_t kiln_seal_check(const kiln_fc_s8_seal *s)
{
    return kiln_final32(kiln_mix32(kiln_mix32(s->magic ^ 0x5BD1E995u, s->key_hash), s->sums_hash));
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
