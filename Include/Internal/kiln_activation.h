/*
 * Kiln internals of the int8 / int16 activation functions (Source/ActivationFunctions/arm_clamp.c,
 * arm_relu_generic.c, arm_leaky_relu.c, arm_hard_swish.c, arm_prelu.c, arm_nn_activation_s16.c) and
 * the int16 LUT sigmoid / tanh shared with the integer LSTM. Not part of the public API (names start
 * with kiln_); C99, no libc beyond the freestanding headers. Portable C on every backend, except the int16 LUT
 * sigmoid / tanh on Helium (Source/ActivationFunctions/kernels/kiln_sigmoid_tanh_s16_mve.c).
 */
#ifndef KILN_ACTIVATION_H
#define KILN_ACTIVATION_H

#include <stdbool.h>
#include <stdint.h>

#include "Internal/kiln_elementwise.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- element access for the kernels written once for int8 and int16 -------------------------- */

/** Element i of an int8 (s16 false) or int16 (s16 true) array, as int32. */
static inline int32_t kiln_act_load(const void *p, int32_t i, bool s16)
{
    return s16 ? (int32_t)((const int16_t *)p)[i] : (int32_t)((const int8_t *)p)[i];
}

/** Stores v (already within the element type) as element i. */
static inline void kiln_act_store(void *p, int32_t i, int32_t v, bool s16)
{
    if (s16)
    {
        ((int16_t *)p)[i] = (int16_t)v;
    }
    else
    {
        ((int8_t *)p)[i] = (int8_t)v;
    }
}

/** Smallest / largest value of the element type. */
static inline int32_t kiln_act_tmin(bool s16)
{
    return s16 ? INT16_MIN : INT8_MIN;
}

static inline int32_t kiln_act_tmax(bool s16)
{
    return s16 ? INT16_MAX : INT8_MAX;
}

/** Whether v is a value of the element type (a zero point). */
static inline bool kiln_act_in_type(int32_t v, bool s16)
{
    return v >= kiln_act_tmin(s16) && v <= kiln_act_tmax(s16);
}

/**
 * Whether arm_nn_requantize(v, mult, shift) is defined for every v in [vlo, vhi]: shift in [-31, 30],
 * v << max(shift, 0) within int32 (kiln_requant_range's domain), and any multiplier but INT32_MIN (a
 * negative one, as TFLite's QuantizeMultiplier gives for a negative alpha, is exact too). An empty
 * range (vlo > vhi) is always fine. The callers clamp with kiln_add_clamp(), so the requantized
 * value itself needs no bound.
 */
static inline bool kiln_requant_domain_ok(int64_t vlo, int64_t vhi, int32_t mult, int32_t shift)
{
    int64_t lo, hi;
    return vlo > vhi || (mult != INT32_MIN && kiln_requant_range(vlo, vhi, mult < 0 ? -mult : mult, shift, &lo, &hi));
}

/* ---- the int16 LUT sigmoid / tanh ------------------------------------------------------------- */

/**
 * TFLite's int16 Logistic / Tanh (reference_integer_ops), CMSIS-NN's arm_nn_activation_s16: per
 * element x = (in * multiplier + round) >> right_shift (round = 2^(right_shift - 1), or 0), then the
 * 256-entry sigmoid(i / 24) table in Q0.16 with linear interpolation (9 fraction bits per step for
 * sigmoid, 8 for tanh read as 2 * sigmoid(2x) - 1), output Q0.15. The caller guarantees that
 * in * multiplier + round fits int32 for every int16 in (multiplier >= 0, right_shift in [0, 31]).
 * in and out may be the same buffer.
 */
void kiln_sigmoid_tanh_s16(const int16_t *in,
                           int16_t *out,
                           int32_t n,
                           int32_t multiplier,
                           int32_t right_shift,
                           bool sigmoid);

/**
 * Multiplier and right shift of kiln_sigmoid_tanh_s16() for CMSIS-NN's power-of-two form: input
 * scaled by 3 * 2^left_shift, left_shift in [-31, 14] (a negative one is a rounding right shift).
 */
static inline void kiln_sigmoid_tanh_pot(int32_t left_shift, int32_t *multiplier, int32_t *right_shift)
{
    *multiplier = (left_shift < 0) ? 3 : 3 * (1 << left_shift);
    *right_shift = (left_shift < 0) ? -left_shift : 0;
}

#ifdef __cplusplus
}
#endif

#endif /* KILN_ACTIVATION_H */
