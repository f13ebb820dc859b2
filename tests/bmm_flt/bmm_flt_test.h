/*
 * Float batch matmul / batch normalization tests: shared helpers. The references are naive double-precision
 * kernels written from the specification (TFLite BATCH_MATMUL, folded batch norm), independent of the library.
 *
 * Operand layout under test (Include/Internal/kiln_bmm_flt.h): lhs dims {B_l, H_l, K, M} stored [M][K]
 * ([K][M] with adj_x), rhs dims {B_r, H_r, K, N} stored [N][K] ([K][N] with adj_y; NT_N_PACKED blocks without
 * adj), output dims {B, H, N, M} stored [M][N] per matrix.
 */
#ifndef BMM_FLT_TEST_H
#define BMM_FLT_TEST_H

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "arm_nnfunctions_flt.h"
#include "kiln_test.h"

#define BFT_GUARD  (64)
#define BFT_CANARY (0xA5u)

#define BFT_U32   (1.0 / 16777216.0) /* float32 unit roundoff 2^-24 */
#define BFT_U16   (1.0 / 2048.0)     /* float16 unit roundoff 2^-11 */
#define BFT_SUB16 (1.0 / 33554432.0) /* half the smallest float16 subnormal, 2^-25 */

/* Buffer with BFT_GUARD canary bytes on both sides (16-byte aligned user pointer); never NULL on success. */
static inline void *bft_alloc(size_t bytes)
{
    uint8_t *raw = (uint8_t *)malloc(bytes + 2 * BFT_GUARD);
    if (raw == NULL)
    {
        return NULL;
    }
    memset(raw, BFT_CANARY, bytes + 2 * BFT_GUARD);
    return raw + BFT_GUARD;
}

static inline bool bft_guards_ok(const void *p, size_t bytes)
{
    const uint8_t *u = (const uint8_t *)p;
    for (size_t i = 0; i < BFT_GUARD; i++)
    {
        if (u[-(ptrdiff_t)BFT_GUARD + (ptrdiff_t)i] != BFT_CANARY || u[bytes + i] != BFT_CANARY)
        {
            return false;
        }
    }
    return true;
}

static inline void bft_free(void *p)
{
    if (p != NULL)
    {
        free((uint8_t *)p - BFT_GUARD);
    }
}

/* Whether every byte still holds the canary (a call that must not write). */
static inline bool bft_untouched(const void *p, size_t bytes)
{
    const uint8_t *u = (const uint8_t *)p;
    for (size_t i = 0; i < bytes; i++)
    {
        if (u[i] != BFT_CANARY)
        {
            return false;
        }
    }
    return true;
}

/* Uniform in [-1, 1) with 24 random bits. */
static inline double bft_unit(kiln_rng *r)
{
    return (double)(kiln_rng_u32(r) >> 8) * (1.0 / 8388608.0) - 1.0;
}

/* A value of the storage type: float32, or float16 (via float32, exact for the values drawn here). */
static inline double bft_q(double v, bool half)
{
#if ARM_NN_ENABLE_F16
    if (half)
    {
        return (double)(float)(float16_t)(float)v;
    }
#else
    (void)half;
#endif
    return (double)(float)v;
}

#if ARM_NN_ENABLE_F16
/* float16 values from the vectors' bit patterns (caller frees with free()). */
static inline float16_t *bft_halves(const uint16_t *bits, size_t n)
{
    float16_t *h = (float16_t *)malloc((n > 0 ? n : 1) * sizeof(float16_t));
    if (h != NULL)
    {
        memcpy(h, bits, n * sizeof(uint16_t));
    }
    return h;
}
#endif

/* Shape of one batch matmul request. */
typedef struct
{
    int32_t lb, lh, rb, rh, ob, oh; /* batches / heights of lhs, rhs, output */
    int32_t m, k, n;
    bool adj_x, adj_y, packed;
} bft_bmm_shape;

/*
 * Double reference of a batch matmul on the stored (unpacked) operands: lhs [M][K] or [K][M] (adj_x), rhs [N][K]
 * or [K][N] (adj_y); out [B][H][M][N] clamped to [lo, hi]; S[i] = sum |products| (the error scale).
 */
static inline void
bft_ref_bmm(const bft_bmm_shape *s, const double *lhs, const double *rhs, double lo, double hi, double *out, double *S)
{
    const size_t lmat = (size_t)s->m * (size_t)s->k, rmat = (size_t)s->n * (size_t)s->k;
    for (int32_t b = 0; b < s->ob; b++)
    {
        for (int32_t h = 0; h < s->oh; h++)
        {
            const double *L = lhs + ((size_t)(b % s->lb) * (size_t)s->lh + (size_t)(h % s->lh)) * lmat;
            const double *R = rhs + ((size_t)(b % s->rb) * (size_t)s->rh + (size_t)(h % s->rh)) * rmat;
            const size_t o0 = ((size_t)b * (size_t)s->oh + (size_t)h) * (size_t)s->m * (size_t)s->n;
            for (int32_t m = 0; m < s->m; m++)
            {
                for (int32_t n = 0; n < s->n; n++)
                {
                    double acc = 0.0, abs_sum = 0.0;
                    for (int32_t k = 0; k < s->k; k++)
                    {
                        const double a = s->adj_x ? L[(size_t)k * (size_t)s->m + (size_t)m]
                                                  : L[(size_t)m * (size_t)s->k + (size_t)k];
                        const double c = s->adj_y ? R[(size_t)k * (size_t)s->n + (size_t)n]
                                                  : R[(size_t)n * (size_t)s->k + (size_t)k];
                        acc += a * c;
                        abs_sum += fabs(a * c);
                    }
                    const size_t i = o0 + (size_t)m * (size_t)s->n + (size_t)n;
                    out[i] = acc < lo ? lo : (acc > hi ? hi : acc);
                    S[i] = abs_sum;
                }
            }
        }
    }
}

/* Element-wise |got - want| <= tol[i]; reports the first failure. */
static inline bool bft_close(const char *what, const double *got, const double *want, const double *tol, int64_t n)
{
    for (int64_t i = 0; i < n; i++)
    {
        const double d = fabs(got[i] - want[i]);
        if (!(d <= tol[i]))
        {
            kiln_test_context("%s: element %d got %.9g want %.9g tol %.3g", what, (int)i, got[i], want[i], tol[i]);
            return KILN_CHECK(d <= tol[i]);
        }
    }
    return true;
}

/* The dims of a shape in the float batch matmul layout. */
static inline void bft_dims(const bft_bmm_shape *s, cmsis_nn_dims *l, cmsis_nn_dims *r, cmsis_nn_dims *o)
{
    const cmsis_nn_dims L = {s->lb, s->lh, s->k, s->m}, R = {s->rb, s->rh, s->k, s->n}, O = {s->ob, s->oh, s->n, s->m};
    *l = L;
    *r = R;
    *o = O;
}

#endif /* BMM_FLT_TEST_H */
