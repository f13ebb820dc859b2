/*
 * Float depthwise tests: shared helpers. The route model is written from the public route predicates and the
 * documented dispatch order (arm_nnsupportfunctions_flt.h), not from the library's plan.
 */
#ifndef DW_FLT_TEST_H
#define DW_FLT_TEST_H

#include <stdlib.h>
#include <string.h>

#include "arm_nnfunctions_flt.h"
#include "arm_nnsupportfunctions_flt.h"
#include "kiln_test.h"

#define DFT_GUARD (32)
#define DFT_CANARY (0xA5u)

enum
{
    DFT_ROUTE_K3 = 0,
    DFT_ROUTE_2X5,
    DFT_ROUTE_3X3,
    DFT_ROUTE_CIN1,
    DFT_ROUTE_NT_T,
    DFT_ROUTE_GENERIC,
    DFT_ROUTE_ERROR
};

static inline const char *dft_route_name(int r)
{
    static const char *const names[] = {"k3", "2x5", "3x3", "cin1", "nt_t", "generic", "error"};
    return (r >= 0 && r <= DFT_ROUTE_ERROR) ? names[r] : "?";
}

static inline bool dft_mve_float(void)
{
#if defined(ARM_MATH_MVEF) && !defined(ARM_MATH_AUTOVECTORIZE)
    return true;
#else
    return false;
#endif
}

/* The shape fields the model reads (dtype-neutral copy of the depthwise parameters). */
typedef struct
{
    int32_t ch_mult;
    cmsis_nn_tile stride, padding, dilation;
} dft_params;

/* Independent validity check of the documented argument rules (dims only). */
static inline bool dft_valid(const dft_params *p, const cmsis_nn_dims *in, const cmsis_nn_dims *flt,
                             const cmsis_nn_dims *out, int elem)
{
    if (in->n < 0 || in->h < 0 || in->w < 0 || in->c < 1 || flt->h < 1 || flt->w < 1 || out->n < 0 || out->h < 0 ||
        out->w < 0 || out->c < 1 || p->ch_mult < 1 || p->stride.h < 1 || p->stride.w < 1 || p->dilation.h < 1 ||
        p->dilation.w < 1 || p->padding.h < 0 || p->padding.w < 0)
    {
        return false;
    }
    if ((int64_t)in->c * p->ch_mult != out->c || flt->c != out->c || out->n != in->n)
    {
        return false;
    }
    if (out->n == 0 || out->h == 0 || out->w == 0)
    {
        return true;
    }
    if (in->h < 1 || in->w < 1)
    {
        return false;
    }
    const int64_t reach_h = (int64_t)(out->h - 1) * p->stride.h + (int64_t)(flt->h - 1) * p->dilation.h;
    const int64_t reach_w = (int64_t)(out->w - 1) * p->stride.w + (int64_t)(flt->w - 1) * p->dilation.w;
    if (reach_h + 1 > INT32_MAX || reach_w + 1 > INT32_MAX)
    {
        return false;
    }
    if ((int64_t)flt->h * flt->w * out->c > INT32_MAX)
    {
        return false;
    }
    const int64_t lim = (int64_t)(PTRDIFF_MAX / elem);
    const double in_n = (double)in->n * in->h * (double)in->w * in->c;
    const double out_n = (double)out->n * out->h * (double)out->w * out->c;
    return in_n <= (double)lim && out_n <= (double)lim;
}

/*
 * The dispatch order of the documentation. stated: bytes ctx states (INT64_MAX for the size query's answer).
 * f16 requests pass the float16 parameters (public predicates); f32 requests pass NULL and use the same shape
 * tests written here. *bytes: the route's scratch.
 */
static inline int dft_model_route_isa(const dft_params *p, const void *p16, const cmsis_nn_dims *in,
                                      const cmsis_nn_dims *flt, const cmsis_nn_dims *out, int elem, int64_t stated,
                                      bool mve, int64_t *bytes)
{
    *bytes = 0;
    if (!dft_valid(p, in, flt, out, elem))
    {
        return DFT_ROUTE_ERROR;
    }
    if (out->n == 0 || out->h == 0 || out->w == 0)
    {
        return DFT_ROUTE_GENERIC;
    }
    bool k3, x25 = false, cin1;
    const bool unit = p->stride.h == 1 && p->stride.w == 1 && p->dilation.h == 1 && p->dilation.w == 1 &&
        p->padding.h == 0 && p->padding.w == 0;
    int64_t cin1_min;
#if ARM_NN_ENABLE_F16
    if (elem == 2)
    {
        const cmsis_nn_dw_conv_params_f16 *q = (const cmsis_nn_dw_conv_params_f16 *)p16;
        k3 = arm_nn_dw_f16_is_1d_k3(q, in, flt, out);
        x25 = arm_nn_dw_f16_is_2x5(q, in, flt, out);
        cin1 = arm_nn_dw_f16_is_cin1(in, out);
        cin1_min = arm_nn_dw_f16_cin1_min_ctx_size(flt, out);
    }
    else
#endif
    {
        (void)p16;
        k3 = in->n == 1 && p->ch_mult == 1 && flt->h == 1 && flt->w == 3 && in->h == 1 && out->h == 1 && unit;
        cin1 = in->c == 1 && out->c >= CONVERT_DW_CONV_WITH_ONE_INPUT_CH_AND_OUTPUT_CH_ABOVE_THRESHOLD;
        cin1_min = (((int64_t)out->c + 3) / 4 * 4 + 1) * flt->h * flt->w * 4;
    }
#if defined(NN_DISABLE_SPECIALIZATION)
    k3 = false;
    x25 = false;
#endif
    if (k3)
    {
        return DFT_ROUTE_K3;
    }
    if (x25)
    {
        return DFT_ROUTE_2X5;
    }
    if (p->ch_mult == 1 && flt->h == 3 && flt->w == 3 && p->dilation.h == 1 && p->dilation.w == 1)
    {
        return DFT_ROUTE_3X3;
    }
    if (mve && cin1 && stated >= cin1_min)
    {
        const int64_t row = (int64_t)flt->h * flt->w * elem;
        *bytes = (elem == 4 && stated >= cin1_min + row) ? cin1_min + row : cin1_min;
        return DFT_ROUTE_CIN1;
    }
    const int64_t row = (int64_t)flt->h * flt->w * out->c * elem;
    if (stated >= row)
    {
        *bytes = row;
        return DFT_ROUTE_NT_T;
    }
    return DFT_ROUTE_GENERIC;
}

/* The model for the backend this test is built for. */
static inline int dft_model_route(const dft_params *p, const void *p16, const cmsis_nn_dims *in,
                                  const cmsis_nn_dims *flt, const cmsis_nn_dims *out, int elem, int64_t stated,
                                  int64_t *bytes)
{
    return dft_model_route_isa(p, p16, in, flt, out, elem, stated, dft_mve_float(), bytes);
}

static inline int64_t dft_stated(const cmsis_nn_context *ctx)
{
    return (ctx != NULL && ctx->buf != NULL && ctx->size > 0) ? (int64_t)ctx->size : 0;
}

/* Uniform float in [-1, 1) with 24 random bits. */
static inline float dft_rand_unit(kiln_rng *r)
{
    return (float)((double)(kiln_rng_u32(r) >> 8) * (1.0 / 8388608.0) - 1.0);
}

static inline void *dft_guarded_alloc(size_t bytes)
{
    unsigned char *p = (unsigned char *)malloc(bytes + 2 * DFT_GUARD);
    if (p == NULL)
    {
        return NULL;
    }
    memset(p, DFT_CANARY, bytes + 2 * DFT_GUARD);
    return p + DFT_GUARD;
}

static inline void dft_guarded_free(void *user)
{
    if (user != NULL)
    {
        free((unsigned char *)user - DFT_GUARD);
    }
}

static inline bool dft_guards_ok(const void *user, size_t bytes)
{
    const unsigned char *p = (const unsigned char *)user;
    for (size_t i = 1; i <= DFT_GUARD; i++)
    {
        if (p[-(ptrdiff_t)i] != DFT_CANARY || p[bytes + i - 1] != DFT_CANARY)
        {
            return false;
        }
    }
    return true;
}

static inline bool dft_all_canary(const void *p, size_t bytes)
{
    const unsigned char *b = (const unsigned char *)p;
    for (size_t i = 0; i < bytes; i++)
    {
        if (b[i] != DFT_CANARY)
        {
            return false;
        }
    }
    return true;
}

/*
 * Double-precision reference depthwise convolution (NHWC, filter [KH][KW][C_OUT], taps outside the input
 * skipped): ref = bias + sum, mag = |bias| + sum |x w|, before clamping.
 */
static inline void dft_ref_dw(const double *in, const double *w, const double *bias, const cmsis_nn_dims *ind,
                              const cmsis_nn_dims *fd, const cmsis_nn_dims *od, const dft_params *p, double *ref,
                              double *mag)
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
                        const int64_t iy = (int64_t)y * p->stride.h - p->padding.h + (int64_t)ky * p->dilation.h;
                        if (iy < 0 || iy >= ind->h)
                        {
                            continue;
                        }
                        for (int32_t kx = 0; kx < fd->w; kx++)
                        {
                            const int64_t ix = (int64_t)x * p->stride.w - p->padding.w + (int64_t)kx * p->dilation.w;
                            if (ix < 0 || ix >= ind->w)
                            {
                                continue;
                            }
                            const double v = in[(((int64_t)b * ind->h + iy) * ind->w + ix) * ind->c + o / p->ch_mult] *
                                w[((int64_t)ky * fd->w + kx) * od->c + o];
                            s += v;
                            m += v < 0 ? -v : v;
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

static inline double dft_clampd(double v, double lo, double hi)
{
    return v < lo ? lo : (v > hi ? hi : v);
}

#endif /* DW_FLT_TEST_H */
