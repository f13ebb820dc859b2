/*
 * Kiln internals: float32 / float16 batch matmul (arm_batch_matmul_f32 / _f16) and batch normalization
 * (arm_batch_norm_f32 / _f16). Portable C on every backend; the entries validate every argument here before any
 * element is written.
 *
 * Batch matmul operand layout (the float API's, not the int8 one): cmsis_nn_dims {n, h, w, c} are
 *   lhs    {B_l, H_l, K, M}   stored [B_l][H_l][M][K], or [B_l][H_l][K][M] with adj_x
 *   rhs    {B_r, H_r, K, N}   stored [B_r][H_r][N][K], or [B_r][H_r][K][N] with adj_y, or with
 *                             ARM_NN_WEIGHT_FORMAT_NT_N_PACKED (adj_x = adj_y = false only) each [N][K] matrix
 *                             packed in blocks of `block` rows (4 for float32, 8 for float16, as
 *                             arm_nn_pack_rhs_nt_n_*): element (n, k) at ((n / block) * K + k) * block + n % block,
 *                             K * ceil(N / block) * block elements per matrix (tail lanes never read)
 *   output {B, H, N, M}       stored [B][H][M][N]
 * Batch and height broadcast as TFLite: equal, or one side 1, the output the larger.
 */
#ifndef KILN_BMM_FLT_H
#define KILN_BMM_FLT_H

#include <string.h>

#include "Internal/kiln_fc_s8.h"
#include "arm_nnfunctions_flt.h"

#ifdef __cplusplus
extern "C"
{
#endif

#if ARM_NN_FLOAT_API_ENABLED

#define KILN_BMM_F32_BLOCK (4)
#define KILN_BMM_F16_BLOCK (8)

    /** Element counts whose bytes (elem each) fit both ptrdiff_t and size_t. */
    static inline bool kiln_bmm_flt_bytes_ok(int64_t elems, int64_t elem)
    {
        const int64_t lim =
            (int64_t)PTRDIFF_MAX < (int64_t)(SIZE_MAX >> 1) ? (int64_t)PTRDIFF_MAX : (int64_t)(SIZE_MAX >> 1);
        return elems >= 0 && elems <= lim / elem;
    }

    /** A validated batch matmul: every count within INT32_MAX elements and PTRDIFF_MAX bytes. */
    typedef struct
    {
        int32_t out_b, out_h; /* output batches and heights */
        int32_t l_b, l_h;     /* lhs batches, heights (1: broadcast) */
        int32_t r_b, r_h;     /* rhs batches, heights (1: broadcast) */
        int32_t m, k, n;      /* the matrices: [M, K] x [K, N] -> [M, N] */
        size_t lhs_mat;       /* elements per lhs matrix (M K) */
        size_t rhs_mat;       /* elements per rhs matrix (N K, packed: K ceil(N / block) block) */
        size_t out_mat;       /* elements per output matrix (M N) */
        size_t l_sm, l_sk;    /* lhs element (m, k) at m l_sm + k l_sk */
        bool packed;          /* NT_N_PACKED rhs */
        bool adj_y;           /* rhs stored [K][N] */
        int32_t block;        /* packing block */
    } kiln_bmm_flt_plan_t;

    /**
     * Validates a float batch matmul request (the entry's NULL checks come first) and fills p: rhs_format
     * STANDARD, or NT_N_PACKED with neither adj flag; activation lo <= hi, neither NaN; dims as the layout above
     * (kiln_bmm_dims_ok on the dims mapped to the int8 order), every tensor within INT32_MAX elements and
     * PTRDIFF_MAX bytes (the packed rhs with its padding).
     */
    static inline arm_cmsis_nn_status kiln_bmm_flt_plan(bool adj_x,
                                                        bool adj_y,
                                                        int32_t rhs_format,
                                                        float32_t lo,
                                                        float32_t hi,
                                                        const cmsis_nn_dims *l,
                                                        const cmsis_nn_dims *r,
                                                        const cmsis_nn_dims *o,
                                                        int32_t block,
                                                        int64_t elem,
                                                        kiln_bmm_flt_plan_t *p)
    {
        memset(p, 0, sizeof(*p));
        const bool packed = rhs_format == (int32_t)ARM_NN_WEIGHT_FORMAT_NT_N_PACKED;
        if ((rhs_format != (int32_t)ARM_NN_WEIGHT_FORMAT_STANDARD && !packed) || (packed && (adj_x || adj_y)) ||
            !(lo <= hi))
        {
            return ARM_CMSIS_NN_ARG_ERROR;
        }
        /* int8 order: lhs {B, H, M, K}, rhs {B, H, N, K}, output {B, H, M, N} */
        const cmsis_nn_dims l8 = {l->n, l->h, l->c, l->w};
        const cmsis_nn_dims r8 = {r->n, r->h, r->c, r->w};
        const cmsis_nn_dims o8 = {o->n, o->h, o->c, o->w};
        if (!kiln_bmm_dims_ok(&l8, &r8, &o8))
        {
            return ARM_CMSIS_NN_ARG_ERROR;
        }
        const int32_t m = l->c, k = l->w, n = r->c;
        /* counts are now known to fit int32 (products of non-negative factors, 0 when any factor is 0) */
        const int64_t n_pad = packed ? ((int64_t)n + block - 1) / block * block : (int64_t)n;
        const int64_t rhs_mat = n_pad * k; /* < 2^31 * 2^31 */
        const int64_t r_mats = (int64_t)r->n * r->h;
        if (rhs_mat > INT32_MAX || (r_mats != 0 && rhs_mat > INT32_MAX / r_mats))
        {
            return ARM_CMSIS_NN_ARG_ERROR;
        }
        if (!kiln_bmm_flt_bytes_ok(kiln_fc_s8_count(l), elem) || !kiln_bmm_flt_bytes_ok(r_mats * rhs_mat, elem) ||
            !kiln_bmm_flt_bytes_ok(kiln_fc_s8_count(o), elem))
        {
            return ARM_CMSIS_NN_ARG_ERROR;
        }
        p->out_b = o->n;
        p->out_h = o->h;
        p->l_b = l->n;
        p->l_h = l->h;
        p->r_b = r->n;
        p->r_h = r->h;
        p->m = m;
        p->k = k;
        p->n = n;
        p->lhs_mat = (size_t)m * (size_t)k;
        p->rhs_mat = (size_t)rhs_mat;
        p->out_mat = (size_t)m * (size_t)n;
        p->l_sm = adj_x ? 1u : (size_t)k;
        p->l_sk = adj_x ? (size_t)m : 1u;
        p->packed = packed;
        p->adj_y = adj_y;
        p->block = block;
        return ARM_CMSIS_NN_SUCCESS;
    }

    /** rhs element (n, 0) of one matrix and the step from (n, k) to (n, k + 1). */
    static inline size_t kiln_bmm_flt_rhs_at(const kiln_bmm_flt_plan_t *p, int32_t col, size_t *step)
    {
        if (p->packed)
        {
            *step = (size_t)p->block;
            return (size_t)(col / p->block) * (size_t)p->block * (size_t)p->k + (size_t)(col % p->block);
        }
        if (p->adj_y)
        {
            *step = (size_t)p->n;
            return (size_t)col;
        }
        *step = 1u;
        return (size_t)col * (size_t)p->k;
    }

    /** Offsets (elements) of the lhs and rhs matrices feeding output matrix (b, h). */
    static inline void kiln_bmm_flt_mats(const kiln_bmm_flt_plan_t *p, int32_t b, int32_t h, size_t *lo, size_t *ro)
    {
        const size_t lb = p->l_b == 1 ? 0u : (size_t)b, lh = p->l_h == 1 ? 0u : (size_t)h;
        const size_t rb = p->r_b == 1 ? 0u : (size_t)b, rh = p->r_h == 1 ? 0u : (size_t)h;
        *lo = (lb * (size_t)p->l_h + lh) * p->lhs_mat;
        *ro = (rb * (size_t)p->r_h + rh) * p->rhs_mat;
    }

    /** clamp(v, lo, hi) in float32 (NaN passes through). */
    static inline float32_t kiln_bmm_flt_clamp(float32_t v, float32_t lo, float32_t hi)
    {
        v = v < lo ? lo : v;
        return v > hi ? hi : v;
    }

    /**
     * Batch normalization checks: input, output, scale, bias and dims non-NULL, layout NHWC, every dim >= 1 (as
     * ns-cmsis-nn), the tensor within PTRDIFF_MAX bytes. Returns the element count, or -1.
     */
    static inline int64_t kiln_bn_flt_count(const void *input,
                                            const void *output,
                                            const void *scale,
                                            const void *bias,
                                            const cmsis_nn_dims *d,
                                            int32_t layout,
                                            int64_t elem)
    {
        if (input == NULL || output == NULL || scale == NULL || bias == NULL || d == NULL ||
            layout != (int32_t)ARM_NN_LAYOUT_NHWC || d->n <= 0 || d->h <= 0 || d->w <= 0 || d->c <= 0)
        {
            return -1;
        }
        const int64_t cnt = kiln_dims_count(d);
        return kiln_bmm_flt_bytes_ok(cnt, elem) ? cnt : -1;
    }

#endif /* ARM_NN_FLOAT_API_ENABLED */

#ifdef __cplusplus
}
#endif

#endif /* KILN_BMM_FLT_H */
