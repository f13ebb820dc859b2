/*
 * Float convolution tests: shared helpers. The route model below is written from the public route
 * predicates alone (arm_nnsupportfunctions_flt.h), in the documented dispatch order, so that the tests
 * compare the library's router against the specification, not against itself.
 */
#ifndef CONV_FLT_TEST_H
#define CONV_FLT_TEST_H

#include <stdlib.h>
#include <string.h>

#include "Include/Internal/kiln_conv_flt.h"
#include "arm_nnfunctions_flt.h"
#include "arm_nnsupportfunctions_flt.h"
#include "kiln_test.h"

#define CFT_GUARD (32)
#define CFT_CANARY (0xA5u)

enum
{
    CFT_ROUTE_1X1 = 0,
    CFT_ROUTE_1XN,
    CFT_ROUTE_K5,
    CFT_ROUTE_K3,
    CFT_ROUTE_SMALL_C,
    CFT_ROUTE_PATCH,
    CFT_ROUTE_DIRECT,
    CFT_ROUTE_ERROR
};

static inline const char *cft_route_name(int r)
{
    static const char *const names[] = {"1x1", "1xN", "k5", "k3", "small-C", "patch-GEMM", "direct", "error"};
    return (r >= 0 && r <= CFT_ROUTE_ERROR) ? names[r] : "?";
}

/* Is this build an MVE-float build (small-C route present)? */
static inline bool cft_mve_float(void)
{
#if defined(ARM_MATH_MVEF) && !defined(ARM_MATH_AUTOVECTORIZE)
    return true;
#else
    return false;
#endif
}

/*
 * The dispatch order of the specification, from the public predicates. stated: the bytes ctx states
 * (ctx and ctx->buf non-NULL: ctx->size; else 0); INT64_MAX for "as much as the size query says".
 * elem: 4 (f32) or 2 (f16). Returns a CFT_ROUTE_*; *bytes: the route's scratch.
 */
static inline int cft_model_route(const cmsis_nn_tile *stride, const cmsis_nn_tile *padding,
                                  const cmsis_nn_tile *dilation, const cmsis_nn_dims *in, const cmsis_nn_dims *flt,
                                  const cmsis_nn_dims *out, int elem, bool packed, int64_t stated, int64_t *bytes)
{
    *bytes = 0;
    if (!arm_nn_conv_flt_dims_ok(stride, padding, dilation, in, flt, out, (size_t)elem, elem == 4 ? 4 : 8, packed))
    {
        return CFT_ROUTE_ERROR;
    }
    if (arm_nn_conv_flt_empty(out))
    {
        return CFT_ROUTE_DIRECT;
    }
    if (arm_nn_conv_flt_is_1x1(padding, flt))
    {
        return arm_nn_conv_flt_1x1_window_ok(stride, in, out) ? CFT_ROUTE_1X1 : CFT_ROUTE_ERROR;
    }
    const bool k5 = arm_nn_conv_flt_is_1d_k(stride, padding, dilation, in, flt, out, 5);
    const bool k3 = arm_nn_conv_flt_is_1d_k(stride, padding, dilation, in, flt, out, 3);
    const int64_t row_1xn = (int64_t)flt->w * in->c * elem;
    if (arm_nn_conv_flt_is_1xn(stride, padding, dilation, in, flt, out) && !k5 && !k3 && stated >= row_1xn)
    {
        *bytes = row_1xn;
        return CFT_ROUTE_1XN;
    }
    if (k5)
    {
        return CFT_ROUTE_K5;
    }
    if (k3)
    {
        return CFT_ROUTE_K3;
    }
    if (cft_mve_float())
    {
#if ARM_NN_ENABLE_F32
        if (elem == 4 && (arm_nn_conv_f32_is_small_c(in, out) || arm_nn_conv_f32_is_small_c_3x3(in, flt, out)) &&
            arm_nn_conv_f32_small_c_coords_ok(stride, padding, dilation, in, flt, out))
        {
            return CFT_ROUTE_SMALL_C;
        }
#endif
#if ARM_NN_ENABLE_F16
        if (elem == 2 && arm_nn_conv_f16_is_small_c(stride, padding, dilation, in, flt, out))
        {
            return CFT_ROUTE_SMALL_C;
        }
#endif
    }
    const int64_t row = (int64_t)flt->h * flt->w * in->c * elem;
    if (arm_nn_conv_flt_is_patch_gemm(out) && stated >= row)
    {
        /* the route needs one patch row; on MVE-float builds the float32 size query asks for two (pairs) */
        *bytes = (elem == 4 && cft_mve_float() && stated >= 2 * row) ? 2 * row : row;
        return CFT_ROUTE_PATCH;
    }
    return CFT_ROUTE_DIRECT;
}

/* Uniform float in [-1, 1) with 24 random bits. */
static inline float cft_rand_unit(kiln_rng *r)
{
    return (float)((double)(kiln_rng_u32(r) >> 8) * (1.0 / 8388608.0) - 1.0);
}

/* Allocation with CFT_GUARD canary bytes on both sides; returns the user pointer (4-byte aligned). */
static inline void *cft_guarded_alloc(size_t bytes)
{
    unsigned char *p = (unsigned char *)malloc(bytes + 2 * CFT_GUARD);
    if (p == NULL)
    {
        return NULL;
    }
    memset(p, CFT_CANARY, bytes + 2 * CFT_GUARD);
    return p + CFT_GUARD;
}

static inline void cft_guarded_free(void *user)
{
    if (user != NULL)
    {
        free((unsigned char *)user - CFT_GUARD);
    }
}

/* True when the guard bytes around [user, user + bytes) are intact. */
static inline bool cft_guards_ok(const void *user, size_t bytes)
{
    const unsigned char *p = (const unsigned char *)user;
    for (size_t i = 1; i <= CFT_GUARD; i++)
    {
        if (p[-(ptrdiff_t)i] != CFT_CANARY || p[bytes + i - 1] != CFT_CANARY)
        {
            return false;
        }
    }
    return true;
}

/* True when every byte of [p, p + bytes) is the canary. */
static inline bool cft_all_canary(const void *p, size_t bytes)
{
    const unsigned char *b = (const unsigned char *)p;
    for (size_t i = 0; i < bytes; i++)
    {
        if (b[i] != CFT_CANARY)
        {
            return false;
        }
    }
    return true;
}

/*
 * Double-precision reference convolution (NHWC, standard weights [oc][kh][kw][c], taps outside the input
 * skipped). For each output: ref = bias + sum, mag = |bias| + sum |x w| (for error bounds), before clamping.
 * The weights and inputs are given as doubles (exact images of the tested dtype's values).
 */
static inline void cft_ref_conv(const double *in, const double *w, const double *bias, const cmsis_nn_dims *ind,
                                const cmsis_nn_dims *fd, const cmsis_nn_dims *od, const cmsis_nn_tile *stride,
                                const cmsis_nn_tile *pad, const cmsis_nn_tile *dil, double *ref, double *mag)
{
    for (int32_t b = 0; b < od->n; b++)
    {
        for (int32_t y = 0; y < od->h; y++)
        {
            for (int32_t x = 0; x < od->w; x++)
            {
                for (int32_t o = 0; o < od->c; o++)
                {
                    double s = 0.0, m = 0.0;
                    for (int32_t ky = 0; ky < fd->h; ky++)
                    {
                        const int64_t iy = (int64_t)y * stride->h - pad->h + (int64_t)ky * dil->h;
                        if (iy < 0 || iy >= ind->h)
                        {
                            continue;
                        }
                        for (int32_t kx = 0; kx < fd->w; kx++)
                        {
                            const int64_t ix = (int64_t)x * stride->w - pad->w + (int64_t)kx * dil->w;
                            if (ix < 0 || ix >= ind->w)
                            {
                                continue;
                            }
                            for (int32_t c = 0; c < ind->c; c++)
                            {
                                const double p = in[(((int64_t)b * ind->h + iy) * ind->w + ix) * ind->c + c] *
                                    w[(((int64_t)o * fd->h + ky) * fd->w + kx) * fd->c + c];
                                s += p;
                                m += p < 0 ? -p : p;
                            }
                        }
                    }
                    const double bb = bias != NULL ? bias[o] : 0.0;
                    const size_t idx = (((size_t)b * od->h + y) * od->w + x) * od->c + o;
                    ref[idx] = s + bb;
                    mag[idx] = m + (bb < 0 ? -bb : bb);
                }
            }
        }
    }
}

static inline double cft_clampd(double v, double lo, double hi)
{
    return v < lo ? lo : (v > hi ? hi : v);
}

#endif /* CONV_FLT_TEST_H */
