/*
 * Kiln internals: float32 / float16 elementwise ADD, MUL, MAXIMUM, MINIMUM and the float activations
 * (arm_nn_activation_f32 / _f16). Portable C on every backend; float16 is a storage type: every value is
 * computed in float32 and rounded once to float16.
 *
 * Element formulas (x, a, b the inputs, p the activation parameter):
 *   add:  a + b, then clamped to [lo, hi] (a NaN sum stays NaN)
 *   mul:  a * b, then clamped the same way
 *   max:  (a >= b) ? a : b      min: (a >= b) ? b : a    (a NaN in either operand: max gives b, min gives a)
 *   prelu: x >= 0 ? x : x * alpha (x input 1, alpha input 2, broadcast as max / min)
 *   NONE x; RELU max(x, 0); RELU6 min(max(x, 0), 6); LEAKY_RELU x >= 0 ? x : p * x (NaN stays NaN)
 *   HARDSWISH x * relu6(x + 3) / 6;  SIGMOID 1 / (1 + exp(-x));  TANH tanh(x)
 *
 * SIGMOID and TANH use kiln_flt_exp_neg (kiln_flt_ops.h: exp of a non-positive argument, range reduction by
 * ln 2 and a degree-7 polynomial, a few ulp) on the non-positive side only, so nothing overflows:
 *   sigmoid(x) = 1 / (1 + e) for x >= 0, e / (1 + e) for x < 0, e = exp(-|x|);
 *   tanh(x)    = sign(x) (1 - e) / (1 + e), e = exp(-2|x|), for |x| >= 0.25; below that the odd Taylor
 *                polynomial to x^9 (truncation below 1e-8 relative); 1 for |x| >= 9.5 (tanh(9.5) rounds to 1).
 * Measured on the host against a double reference (tests/ew_flt): absolute error below 3e-7 for both in
 * float32 (the tests bound it at 1e-6); in float16 the result is that value rounded once (half an ulp of
 * float16 more). HARDSWISH has at most three float32 roundings (relative error below 2^-22).
 */
#ifndef KILN_EW_FLT_H
#define KILN_EW_FLT_H

#include "Internal/kiln_elementwise.h"
#include "Internal/kiln_flt_ops.h"

#ifdef __cplusplus
extern "C"
{
#endif

#if ARM_NN_FLOAT_API_ENABLED

    /** Whether type is one of arm_nn_activation_type_flt's values. */
    static inline bool kiln_ew_act_type_ok(arm_nn_activation_type_flt type)
    {
        const int32_t t = (int32_t)type;
        return t >= (int32_t)ARM_NN_FLT_ACT_NONE && t <= (int32_t)ARM_NN_FLT_ACT_LEAKY_RELU;
    }

    /** Checks shared by add / mul: pointers, block_size >= 0, lo <= hi (neither NaN), byte count in range. */
    static inline bool kiln_ew_binary_args_ok(const void *in1,
                                              const void *in2,
                                              const void *out,
                                              float32_t lo,
                                              float32_t hi,
                                              int32_t block_size,
                                              int64_t elem)
    {
        return in1 != NULL && in2 != NULL && out != NULL && block_size >= 0 && (lo <= hi) &&
               kiln_flt_bytes_ok((int64_t)block_size, elem);
    }

    /** Checks of maximum / minimum: pointers and the TFLite broadcast of the dims (fills plan). */
    static inline bool kiln_ew_maxmin_args_ok(const void *in1,
                                              const cmsis_nn_dims *d1,
                                              const void *in2,
                                              const cmsis_nn_dims *d2,
                                              const void *out,
                                              const cmsis_nn_dims *dout,
                                              int64_t elem,
                                              kiln_maxmin_plan *plan)
    {
        if (in1 == NULL || d1 == NULL || in2 == NULL || d2 == NULL || out == NULL || dout == NULL ||
            !kiln_maxmin_s8_plan(d1, d2, dout, plan))
        {
            return false;
        }
        return kiln_flt_bytes_ok((int64_t)plan->total, elem);
    }

    static inline float32_t kiln_ew_clamp_f32(float32_t v, float32_t lo, float32_t hi)
    {
        /* both comparisons are false for NaN, which therefore passes through */
        return (v < lo) ? lo : ((v > hi) ? hi : v);
    }

    static inline float32_t kiln_ew_max_f32(float32_t a, float32_t b)
    {
        return (a >= b) ? a : b;
    }

    static inline float32_t kiln_ew_min_f32(float32_t a, float32_t b)
    {
        return (a >= b) ? b : a;
    }

    /** PReLU (TFLite PRELU): x >= 0 ? x : x * alpha; a NaN x gives a NaN. */
    static inline float32_t kiln_ew_prelu_f32(float32_t x, float32_t alpha)
    {
        return (x >= 0.0f) ? x : x * alpha;
    }

    /** Logistic function (see the file comment for the method and its error). */
    static inline float32_t kiln_ew_sigmoid_f32(float32_t x)
    {
        if (x != x)
        {
            return x;
        }
        if (x >= 0.0f)
        {
            return 1.0f / (1.0f + kiln_flt_exp_neg(-x));
        }
        const float32_t e = kiln_flt_exp_neg(x);
        return e / (1.0f + e);
    }

    /** Hyperbolic tangent (see the file comment for the method and its error). */
    static inline float32_t kiln_ew_tanh_f32(float32_t x)
    {
        if (x != x)
        {
            return x;
        }
        const float32_t ax = (x < 0.0f) ? -x : x;
        float32_t y;
        if (ax < 0.25f)
        {
            /* tanh x = x - x^3/3 + 2x^5/15 - 17x^7/315 + 62x^9/2835 - ... */
            const float32_t x2 = ax * ax;
            float32_t q = 2.18694885e-2f;
            q = q * x2 - 5.39682540e-2f;
            q = q * x2 + 1.33333333e-1f;
            q = q * x2 - 3.33333333e-1f;
            y = ax + ax * (x2 * q);
        }
        else if (ax >= 9.5f)
        {
            y = 1.0f;
        }
        else
        {
            const float32_t e = kiln_flt_exp_neg(-2.0f * ax);
            y = (1.0f - e) / (1.0f + e);
        }
        return (x < 0.0f) ? -y : y;
    }

    /** x * relu6(x + 3) / 6; -0 at and below -3 (also for -inf), x at and above 3. */
    static inline float32_t kiln_ew_hardswish_f32(float32_t x)
    {
        if (x <= -3.0f)
        {
            return -0.0f;
        }
        if (x >= 3.0f)
        {
            return x;
        }
        return (x * (x + 3.0f)) / 6.0f; /* NaN passes through */
    }

    /** One element of arm_nn_activation_* (type already validated). */
    static inline float32_t kiln_ew_act_f32(float32_t x, arm_nn_activation_type_flt type, float32_t p)
    {
        switch (type)
        {
        case ARM_NN_FLT_ACT_SIGMOID: return kiln_ew_sigmoid_f32(x);
        case ARM_NN_FLT_ACT_TANH: return kiln_ew_tanh_f32(x);
        case ARM_NN_FLT_ACT_RELU: return (x < 0.0f) ? 0.0f : x;
        case ARM_NN_FLT_ACT_RELU6: return (x < 0.0f) ? 0.0f : ((x > 6.0f) ? 6.0f : x);
        case ARM_NN_FLT_ACT_HARDSWISH: return kiln_ew_hardswish_f32(x);
        case ARM_NN_FLT_ACT_LEAKY_RELU: return (x >= 0.0f) ? x : p * x;
        case ARM_NN_FLT_ACT_NONE:
        default: return x;
        }
    }

/*
 * The broadcasting walk of maximum / minimum over a kiln_maxmin_plan (kiln_elementwise.h: up to four merged
 * loops, the innermost a run of count[3] elements with element steps stride1[3] / stride2[3], 0 where an
 * input broadcasts). T is the element type, OP(a, b) the element operation on float32 values: the shared
 * KILN_BCAST_WALK (kiln_elementwise.h) with each operand widened to float32 (the assignment narrows to T).
 */
#define KILN_EW_FLT_APPLY(a, b, OP) OP((float32_t)(a), (float32_t)(b))
#define KILN_EW_MAXMIN_WALK(T, OP, plan, in1, in2, out)                                                          \
    KILN_BCAST_WALK(T, T, T, plan, in1, in2, out, KILN_EW_FLT_APPLY, OP)

#endif /* ARM_NN_FLOAT_API_ENABLED */

#ifdef __cplusplus
}
#endif

#endif /* KILN_EW_FLT_H */
