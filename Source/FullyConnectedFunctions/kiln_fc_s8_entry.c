/*
 * Kiln — the shared body of arm_fully_connected_s8 / _per_channel_s8 / _wrapper_s8:
 * validate -> plan (native backend) -> run the route; and the kernel-sum seal of the Helium
 * route (see Internal/kiln_fc_s8.h).
 *
 * Fixed cost. A 256 x 64 layer is ~2.4k instructions of multiply-accumulate on Helium, so the
 * per-call work around it matters: the checks are branch-light (one sign test for six
 * dimensions, one 32x32->64-bit multiply per size product), the plan is inline (a constant for
 * the native backend) and the seal check is inlined here with the key in registers.
 */
#include "Include/Internal/kiln_fc_s8.h"

/* ---- seal ------------------------------------------------------------------------------------ */

/* The layer a sealed kernel-sum block belongs to. */
typedef struct
{
    const int8_t *filter;
    const int32_t *bias;
    int32_t cols, rows;
    int32_t lhs_offset, rhs_offset;
} kiln_fc_s8_seal_key;

#define KILN_FC_S8_SEAL_MAGIC 0x4B534D31u /* "KSM1" */

typedef struct
{
    uint32_t magic;
    uint32_t key_hash;
    uint32_t sums_hash;
    uint32_t reserved; /* 0 (the seal's 16 bytes are part of the size query's answer) */
} kiln_fc_s8_seal;

/* The key hash: a multiply-add chain over the key's words, h = h * K + word (K odd: each step is a bijection of the
 * running value and of the word, so layers differing in one word get different hashes). One MLA per word: it runs on
 * every call. */
static inline uint32_t kiln_key_step(uint32_t h, uint32_t v)
{
    return h * 0x9E3779B1u + v;
}

static inline uint32_t kiln_key_ptr(uint32_t h, uintptr_t p)
{
    for (size_t i = 0; i < sizeof(uintptr_t); i += 4) /* every 32-bit half of a wider pointer */
    {
        h = kiln_key_step(h, (uint32_t)(p & 0xFFFFFFFFu));
        p = (uintptr_t)(((uint64_t)p >> 16) >> 16);
    }
    return h;
}

static inline uint32_t kiln_key_hash(const kiln_fc_s8_seal_key *k)
{
    uint32_t h = 0x9747B28Cu;
    h = kiln_key_ptr(h, (uintptr_t)k->filter);
    h = kiln_key_ptr(h, (uintptr_t)k->bias);
    h = kiln_key_step(h, (uint32_t)k->cols);
    h = kiln_key_step(h, (uint32_t)k->rows);
    h = kiln_key_step(h, (uint32_t)k->lhs_offset);
    return kiln_key_step(h, (uint32_t)k->rhs_offset); /* only compared for equality: no final mix */
}

static inline const int32_t *kiln_fc_s8_seal_sums(void *buf, const kiln_fc_s8_seal_key *key)
{
    int32_t *sums = (int32_t *)buf;
    uint8_t *seal_at = (uint8_t *)buf + (size_t)key->rows * sizeof(int32_t);
    /* The seal's words read in place (buf is word aligned: checked by the entry), each compared as soon as it is
     * read: a mismatch in the first word costs one load. */
    const uint32_t *word = (const uint32_t *)(const void *)seal_at;
    const uint32_t key_hash = kiln_key_hash(key);
    if (word[0] == KILN_FC_S8_SEAL_MAGIC && word[1] == key_hash && word[2] == kiln_fc_s8_hash_s32(sums, key->rows))
    {
        return sums;
    }
    kiln_fc_s8_row_sums(sums, key->cols, key->rows, key->filter, key->lhs_offset, key->rhs_offset, key->bias);
    kiln_fc_s8_seal seal;
    seal.magic = KILN_FC_S8_SEAL_MAGIC;
    seal.key_hash = key_hash;
    seal.sums_hash = kiln_fc_s8_hash_s32(sums, key->rows);
    seal.reserved = 0;
    memcpy(seal_at, &seal, sizeof(seal));
    return sums;
}

/* ---- entry ----------------------------------------------------------------------------------- */

/* off in [-KILN_FC_S8_MAX_OFFSET, KILN_FC_S8_MAX_OFFSET] as one unsigned compare. */
static inline bool kiln_fc_off_ok(int32_t off)
{
    return (uint32_t)off + (uint32_t)KILN_FC_S8_MAX_OFFSET <= 2u * (uint32_t)KILN_FC_S8_MAX_OFFSET;
}

arm_cmsis_nn_status kiln_fc_s8_entry(const cmsis_nn_context *ctx,
                                     const cmsis_nn_fc_params *fc_params,
                                     const void *quant,
                                     const cmsis_nn_dims *input_dims,
                                     const int8_t *input_data,
                                     const cmsis_nn_dims *filter_dims,
                                     const int8_t *filter_data,
                                     kiln_fc_quant_kind quant_kind,
                                     const int32_t *bias_data,
                                     const cmsis_nn_dims *output_dims,
                                     int8_t *output_data)
{
    if (quant == NULL)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const int32_t *mult;
    const int32_t *shift;
    bool per_channel;
    if (quant_kind == KILN_FC_QUANT_TENSOR)
    {
        const cmsis_nn_per_tensor_quant_params *q = (const cmsis_nn_per_tensor_quant_params *)quant;
        mult = &q->multiplier;
        shift = &q->shift;
        per_channel = false;
    }
    else if (quant_kind == KILN_FC_QUANT_CHANNEL)
    {
        const cmsis_nn_per_channel_quant_params *q = (const cmsis_nn_per_channel_quant_params *)quant;
        mult = q->multiplier;
        shift = q->shift;
        per_channel = true;
    }
    else
    {
        const cmsis_nn_quant_params *q = (const cmsis_nn_quant_params *)quant;
        mult = q->multiplier;
        shift = q->shift;
        per_channel = q->is_per_channel != 0;
    }
    if (fc_params == NULL || mult == NULL || shift == NULL || input_dims == NULL || input_data == NULL ||
        filter_dims == NULL || filter_data == NULL || output_dims == NULL || output_data == NULL)
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    int32_t batches, cols, rows; /* CMSIS-NN's layout (kiln_fc_layout_ok) */
    if (!kiln_fc_layout_ok(input_dims, filter_dims, output_dims, &batches, &cols, &rows))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
    }
    const int32_t in_off = fc_params->input_offset;
    const int32_t w_off = fc_params->filter_offset;
    const int32_t out_off = fc_params->output_offset;
    const int32_t act_min = fc_params->activation.min;
    const int32_t act_max = fc_params->activation.max;
    if (!kiln_fc_off_ok(in_off) || !kiln_fc_off_ok(w_off) || !kiln_fc_off_ok(out_off) ||
        !kiln_act_s8_ok(act_min, act_max))
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
    else if (!kiln_quant_ok(mult, shift, rows))
    {
        return ARM_CMSIS_NN_ARG_ERROR;
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
    if (batches == 0 || rows == 0)
    {
        return ARM_CMSIS_NN_SUCCESS;
    }

    const kiln_fc_s8_call call = {cols, rows, &fc_params->output_offset, mult, shift, batches, per_channel, fc_params};
    const int32_t *ksum = NULL;
    if (plan.route == KILN_FC_S8_ROUTE_MVE_KSUM)
    {
        const kiln_fc_s8_seal_key key = {filter_data, bias_data, cols, rows, in_off, w_off};
        ksum = kiln_fc_s8_seal_sums(ctx->buf, &key);
    }
    kiln_fc_s8_run(input_data, filter_data, ksum, bias_data, output_data, &call);
    return ARM_CMSIS_NN_SUCCESS;
}
