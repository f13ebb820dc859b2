/*
 * Float elementwise (add, mul, maximum, minimum) and activation tests: shared helpers. The references are
 * double-precision formulas written from the specification (TFLite / PyTorch semantics), independent of the
 * library's code.
 */
#ifndef EW_FLT_TEST_H
#define EW_FLT_TEST_H

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "arm_nnfunctions_flt.h"
#include "kiln_test.h"

#define EWT_GUARD  (64)
#define EWT_CANARY (0xA5u)

#define EWT_COUNT(a) ((int32_t)(sizeof(a) / sizeof((a)[0])))

/* Buffer of bytes with EWT_GUARD canary bytes on both sides; the whole buffer starts as canary bytes. */
static inline void *ewt_alloc(size_t bytes)
{
    uint8_t *raw = (uint8_t *)malloc(bytes + 2 * EWT_GUARD);
    if (raw == NULL)
    {
        return NULL;
    }
    memset(raw, EWT_CANARY, bytes + 2 * EWT_GUARD);
    return raw + EWT_GUARD;
}

static inline bool ewt_guards_ok(const void *p, size_t bytes)
{
    const uint8_t *u = (const uint8_t *)p;
    for (size_t i = 0; i < EWT_GUARD; i++)
    {
        if (u[-(ptrdiff_t)EWT_GUARD + (ptrdiff_t)i] != EWT_CANARY || u[bytes + i] != EWT_CANARY)
        {
            return false;
        }
    }
    return true;
}

static inline bool ewt_untouched(const void *p, size_t bytes)
{
    const uint8_t *u = (const uint8_t *)p;
    for (size_t i = 0; i < bytes; i++)
    {
        if (u[i] != EWT_CANARY)
        {
            return false;
        }
    }
    return true;
}

static inline void ewt_free(void *p)
{
    if (p != NULL)
    {
        free((uint8_t *)p - EWT_GUARD);
    }
}

/* Uniform in [-1, 1) with 24 random bits. */
static inline double ewt_unit(kiln_rng *r)
{
    return (double)(kiln_rng_u32(r) >> 8) * (1.0 / 8388608.0) - 1.0;
}

/* Double references of one element (NaN-free inputs). */
static inline double ewt_clamp(double v, double lo, double hi)
{
    return v < lo ? lo : (v > hi ? hi : v);
}

static inline double ewt_ref_act(double x, arm_nn_activation_type_flt t, double p)
{
    switch (t)
    {
    case ARM_NN_FLT_ACT_SIGMOID: return 1.0 / (1.0 + exp(-x));
    case ARM_NN_FLT_ACT_TANH: return tanh(x);
    case ARM_NN_FLT_ACT_RELU: return x < 0.0 ? 0.0 : x;
    case ARM_NN_FLT_ACT_RELU6: return ewt_clamp(x, 0.0, 6.0);
    case ARM_NN_FLT_ACT_HARDSWISH: return x * ewt_clamp(x + 3.0, 0.0, 6.0) / 6.0;
    case ARM_NN_FLT_ACT_LEAKY_RELU: return x >= 0.0 ? x : p * x;
    default: return x;
    }
}

static const arm_nn_activation_type_flt ewt_act_types[7] = {
    ARM_NN_FLT_ACT_NONE,      ARM_NN_FLT_ACT_SIGMOID,   ARM_NN_FLT_ACT_TANH,      ARM_NN_FLT_ACT_RELU,
    ARM_NN_FLT_ACT_RELU6,     ARM_NN_FLT_ACT_HARDSWISH, ARM_NN_FLT_ACT_LEAKY_RELU};

#if ARM_NN_ENABLE_F16
/* float16 values from their bit patterns (the generated headers' <name>_f16bits arrays); ewt_alloc'ed. */
static inline float16_t *ewt_halves(const uint16_t *bits, int64_t n)
{
    float16_t *h = (float16_t *)ewt_alloc((size_t)(n > 0 ? n : 1) * sizeof(float16_t));
    if (h != NULL && n > 0)
    {
        memcpy(h, bits, (size_t)n * sizeof(float16_t));
    }
    return h;
}

static inline uint16_t ewt_bits16(float16_t h)
{
    uint16_t u;
    memcpy(&u, &h, sizeof(u));
    return u;
}

/* Nearest float16 of v through float32: correctly rounded when v has at most 24 significant bits, and for the
 * exact result of one add or multiply of float16 values (float32's 24 bits >= 2 x 11 + 2). */
static inline float16_t ewt_to_half(double v)
{
    return (float16_t)(float)v;
}
#endif

#endif /* EW_FLT_TEST_H */
