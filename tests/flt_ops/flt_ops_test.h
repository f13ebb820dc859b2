/*
 * Float fully connected / pooling / softmax tests: shared helpers. The references are naive double-precision
 * kernels written from the specification (TFLite semantics), independent of the library's kernels.
 */
#ifndef FLT_OPS_TEST_H
#define FLT_OPS_TEST_H

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "arm_nnfunctions_flt.h"
#include "arm_nnsupportfunctions_flt.h"
#include "kiln_test.h"

#define FOT_GUARD  (64)
#define FOT_CANARY (0xA5u)

/* Buffer of bytes with FOT_GUARD canary bytes on both sides (user pointer 16-byte aligned). */
static inline void *fot_alloc(size_t bytes)
{
    uint8_t *raw = (uint8_t *)malloc(bytes + 2 * FOT_GUARD);
    if (raw == NULL)
    {
        return NULL;
    }
    memset(raw, FOT_CANARY, bytes + 2 * FOT_GUARD);
    return raw + FOT_GUARD;
}

/* Whether the guards around a fot_alloc buffer are intact. */
static inline bool fot_guards_ok(const void *p, size_t bytes)
{
    const uint8_t *u = (const uint8_t *)p;
    for (size_t i = 0; i < FOT_GUARD; i++)
    {
        if (u[-(ptrdiff_t)FOT_GUARD + (ptrdiff_t)i] != FOT_CANARY || u[bytes + i] != FOT_CANARY)
        {
            return false;
        }
    }
    return true;
}

static inline void fot_free(void *p)
{
    if (p != NULL)
    {
        free((uint8_t *)p - FOT_GUARD);
    }
}

/* Whether bytes of a buffer all hold the canary (an entry that must not write). */
static inline bool fot_untouched(const void *p, size_t bytes)
{
    const uint8_t *u = (const uint8_t *)p;
    for (size_t i = 0; i < bytes; i++)
    {
        if (u[i] != FOT_CANARY)
        {
            return false;
        }
    }
    return true;
}

/* Uniform in [-1, 1) with 24 random bits. */
static inline double fot_unit(kiln_rng *r)
{
    return (double)(kiln_rng_u32(r) >> 8) * (1.0 / 8388608.0) - 1.0;
}

/* Double references. act: clamp to [lo, hi]. Weights standard [oc][k]. */
static inline void fot_ref_fc(const double *x,
                              const double *w,
                              const double *bias,
                              int32_t batches,
                              int32_t k,
                              int32_t oc,
                              double lo,
                              double hi,
                              double *out,
                              double *abs_sum)
{
    for (int32_t b = 0; b < batches; b++)
    {
        for (int32_t o = 0; o < oc; o++)
        {
            double acc = 0.0, s = 0.0;
            for (int32_t i = 0; i < k; i++)
            {
                const double t = x[(size_t)b * (size_t)k + (size_t)i] * w[(size_t)o * (size_t)k + (size_t)i];
                acc += t;
                s += fabs(t);
            }
            if (bias != NULL)
            {
                acc += bias[o];
                s += fabs(bias[o]);
            }
            out[(size_t)b * (size_t)oc + (size_t)o] = acc < lo ? lo : (acc > hi ? hi : acc);
            abs_sum[(size_t)b * (size_t)oc + (size_t)o] = s;
        }
    }
}

/* Pooling reference (avg: mean of in-bounds taps, none: 0; max: none: lo). count_out: taps per output. */
static inline void fot_ref_pool(const double *in,
                                int32_t n,
                                int32_t ih,
                                int32_t iw,
                                int32_t c,
                                int32_t kh,
                                int32_t kw,
                                int32_t sh,
                                int32_t sw,
                                int32_t ph,
                                int32_t pw,
                                int32_t oh,
                                int32_t ow,
                                double lo,
                                double hi,
                                bool avg,
                                double *out,
                                double *abs_sum)
{
    for (int32_t b = 0; b < n; b++)
        for (int32_t y = 0; y < oh; y++)
            for (int32_t x = 0; x < ow; x++)
                for (int32_t ch = 0; ch < c; ch++)
                {
                    double acc = avg ? 0.0 : -INFINITY, s = 0.0;
                    int32_t cnt = 0;
                    for (int32_t ky = 0; ky < kh; ky++)
                        for (int32_t kx = 0; kx < kw; kx++)
                        {
                            const int64_t iy = (int64_t)y * sh - ph + ky, ix = (int64_t)x * sw - pw + kx;
                            if (iy < 0 || iy >= ih || ix < 0 || ix >= iw)
                            {
                                continue;
                            }
                            const double v =
                                in[(((size_t)b * (size_t)ih + (size_t)iy) * (size_t)iw + (size_t)ix) * (size_t)c +
                                   (size_t)ch];
                            acc = avg ? acc + v : (v > acc ? v : acc);
                            s += fabs(v);
                            cnt++;
                        }
                    double r = cnt == 0 ? (avg ? 0.0 : lo) : (avg ? acc / cnt : acc);
                    r = r < lo ? lo : (r > hi ? hi : r);
                    const size_t at =
                        (((size_t)b * (size_t)oh + (size_t)y) * (size_t)ow + (size_t)x) * (size_t)c + (size_t)ch;
                    out[at] = r;
                    abs_sum[at] = cnt == 0 ? 0.0 : s / cnt;
                }
}

/* Softmax reference of one row; dmax: largest |x - max| below 104 (the terms that do not underflow). */
static inline void fot_ref_softmax(const double *x, int32_t n, double *y, double *dmax)
{
    double m = x[0];
    for (int32_t i = 1; i < n; i++)
    {
        m = x[i] > m ? x[i] : m;
    }
    double s = 0.0, d = 0.0;
    for (int32_t i = 0; i < n; i++)
    {
        const double t = (double)(float)(x[i] - m);
        s += exp(t);
        if (-t < 104.0 && -t > d)
        {
            d = -t;
        }
    }
    for (int32_t i = 0; i < n; i++)
    {
        y[i] = exp((double)(float)(x[i] - m)) / s;
    }
    *dmax = d;
}

#if ARM_NN_ENABLE_F16
static inline float16_t *fot_halves(const uint16_t *bits, int64_t n)
{
    float16_t *h = (float16_t *)fot_alloc((size_t)(n > 0 ? n : 1) * sizeof(float16_t));
    if (h != NULL && n > 0)
    {
        memcpy(h, bits, (size_t)n * sizeof(float16_t));
    }
    return h;
}
#endif

/* |got - want| <= tol for every element; reports the first failure and the largest error. */
static inline bool fot_close(const char *what, const double *got, const double *want, const double *tol, int64_t n)
{
    for (int64_t i = 0; i < n; i++)
    {
        const double d = fabs(got[i] - want[i]);
        if (!(d <= tol[i]))
        {
            kiln_test_context("%s: element %ld got %.9g want %.9g (|diff| %.3g > bound %.3g)", what, (long)i, got[i],
                              want[i], d, tol[i]);
            return KILN_CHECK(d <= tol[i]);
        }
    }
    return true;
}

#endif /* FLT_OPS_TEST_H */
