/*
 * Kiln internals: elementwise and activation kernels (one implementation per backend, each in its
 * own file under Source/<Family>/kernels/, compiled only for its backend). Arguments are validated
 * by the public entries before these run.
 */
#ifndef KILN_ELEMENTWISE_H
#define KILN_ELEMENTWISE_H

#include "Internal/kiln_common.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * The range [*lo, *hi] of arm_nn_requantize(v, mult, shift) over every v in [vlo, vhi], or false
 * when that requantization is out of its domain for some v there: v or v << max(shift, 0) outside
 * int32, a negative multiplier, or a shift outside [-31, 30]. With mult >= 0 the requantization is
 * non-decreasing in v, so the ends of the range are the images of vlo and vhi. Argument checks of
 * the entries use it to accept exactly the parameters whose arithmetic cannot overflow.
 */
static inline bool kiln_requant_range(int64_t vlo, int64_t vhi, int32_t mult, int32_t shift, int64_t *lo, int64_t *hi)
{
    if (mult < 0 || !kiln_shift_ok(shift) || vlo > vhi)
    {
        return false;
    }
    /* vlo << ls >= INT32_MIN and vhi << ls <= INT32_MAX, without a 64-bit division. */
    const int32_t ls = LEFT_SHIFT(shift);
    if (vlo < -((int64_t)1 << (31 - ls)) || vhi > ((int64_t)INT32_MAX >> ls))
    {
        return false;
    }
    *lo = arm_nn_requantize((int32_t)vlo, mult, shift);
    *hi = arm_nn_requantize((int32_t)vhi, mult, shift);
    return true;
}

/** Whether every value of [lo, hi] << s fits int32 (s in [0, 30]; false for other s). */
static inline bool kiln_fits_shifted(int64_t lo, int64_t hi, int32_t s)
{
    return s >= 0 && s <= 30 && lo >= -((int64_t)1 << (31 - s)) && hi <= ((int64_t)INT32_MAX >> s);
}

/** Whether [lo + offset, hi + offset] stays within int32 (offset added after a requantization). */
static inline bool kiln_offset_fits(int64_t lo, int64_t hi, int32_t offset)
{
    return lo + offset >= (int64_t)INT32_MIN && hi + offset <= (int64_t)INT32_MAX;
}

/** data[i] = clamp(data[i], lo, hi) in place, n >= 0. */
void kiln_clamp_s8_inplace(int8_t *data, int32_t n, int8_t lo, int8_t hi);

/** Quantized ReLU: out = clamp(out_offset + requantize(in - in_zero_point, mult, shift), lo, 127). */
void kiln_relu_requant_s8(const int8_t *input,
                          int8_t *output,
                          int32_t n,
                          int32_t in_zero_point,
                          int32_t out_offset,
                          int32_t mult,
                          int32_t shift,
                          int32_t lo);

/** Parameters of the int8 ADD kernel (see arm_elementwise_add_s8). */
typedef struct
{
    int32_t in1_offset, in1_mult, in1_shift;
    int32_t in2_offset, in2_mult, in2_shift;
    int32_t left_shift;
    int32_t out_offset, out_mult, out_shift;
    int32_t act_min, act_max;
    /* Ranges holding every value over all pairs of int8 inputs, filled by the entry's checks
     * (the vector kernels choose their arithmetic with them): the sum x1 + x2 of the requantized
     * inputs, and y = the doubling high multiply of sum << max(out_shift, 0) by out_mult (before
     * the final rounding shift). Exact, or for TFLite's form of parameters a symmetric bound
     * below 2^30 (arm_elementwise_add_s8.c). */
    int32_t sum_lo, sum_hi;
    int32_t y_lo, y_hi;
} kiln_add_s8_params;

void kiln_add_s8(const int8_t *in1, const int8_t *in2, int8_t *out, int32_t n, const kiln_add_s8_params *p);

/*
 * TFLite's form of ADD parameters (left shift <= 20, every multiplier >= 0, every shift a right shift of at most
 * 31 bits): no intermediate can leave int32, and the ranges are bounded without evaluating their ends. Each
 * v = (in + offset) << left_shift has |v| <= (128 + |offset|) << left_shift; a requantization by a multiplier below
 * 2^31 and a rounding right shift never increase a magnitude, so |x1 + x2| and the output stage's |y| are at most
 * *b = (256 + |offset1| + |offset2|) << left_shift <= 766 * 2^20 < 2^30 (offsets within [-255, 255], checked by the
 * caller). Only the output offset needs a check: |round(y / 2^ro)| <= b, so b + |out_offset| must fit int32.
 */
static inline __attribute__((always_inline)) bool kiln_add_s8_tflite_scales(int32_t in1_mult, int32_t in1_shift,
                                                                            int32_t in2_mult, int32_t in2_shift,
                                                                            int32_t left_shift, int32_t out_mult,
                                                                            int32_t out_shift)
{
    return (uint32_t)left_shift <= 20u && (in1_mult | in2_mult | out_mult) >= 0 && 0u - (uint32_t)in1_shift <= 31u &&
        0u - (uint32_t)in2_shift <= 31u && 0u - (uint32_t)out_shift <= 31u;
}

/* The bound of TFLite's form (below), b < 2^30 for every offset within [-255, 255]: 766 << 20. */
#define KILN_ADD_TFLITE_BOUND (766 << 20)

static inline __attribute__((always_inline)) bool kiln_add_s8_tflite_form(int32_t in1_offset, int32_t in1_mult,
                                                                          int32_t in1_shift, int32_t in2_offset,
                                                                          int32_t in2_mult, int32_t in2_shift,
                                                                          int32_t left_shift, int32_t out_offset,
                                                                          int32_t out_mult, int32_t out_shift,
                                                                          int32_t *b)
{
    if (!kiln_add_s8_tflite_scales(in1_mult, in1_shift, in2_mult, in2_shift, left_shift, out_mult, out_shift))
    {
        return false;
    }
    const int32_t a1 = in1_offset < 0 ? -in1_offset : in1_offset;
    const int32_t a2 = in2_offset < 0 ? -in2_offset : in2_offset;
    *b = (256 + a1 + a2) << left_shift;
    return out_offset >= *b - INT32_MAX && out_offset <= INT32_MAX - *b;
}

/*
 * arm_elementwise_add_s8 after its public branch: each backend's entry (kernels/kiln_elementwise_s8_*.c) with the
 * public function's arguments. The Helium one takes TFLite's form straight to its fast routes (the checks of
 * kiln_add_s8_checked hold there); every other call goes through kiln_add_s8_checked.
 */
arm_cmsis_nn_status kiln_add_s8_entry(const int8_t *input_1_vect, const int8_t *input_2_vect, int32_t input_1_offset,
                                      int32_t input_1_mult, int32_t input_1_shift, int32_t input_2_offset,
                                      int32_t input_2_mult, int32_t input_2_shift, int32_t left_shift, int8_t *output,
                                      int32_t out_offset, int32_t out_mult, int32_t out_shift,
                                      int32_t out_activation_min, int32_t out_activation_max, int32_t block_size);

/* Whether the pointers, sizes, offsets, left shift and activation range of an ADD call are valid (the checks before
 * the ranges; Source/BasicMathFunctions/arm_elementwise_add_s8.c). */
static inline __attribute__((always_inline)) bool kiln_add_s8_args_ok(const int8_t *in1, const int8_t *in2,
                                                                     const int8_t *out, int32_t n, int32_t in1_offset,
                                                                     int32_t in2_offset, int32_t left_shift,
                                                                     int32_t act_min, int32_t act_max)
{
    /* Offsets within [-255, 255] keep in + offset within int16 (the DSP kernel's lanes); TFLite's are -zero_point,
     * within [-127, 128]. */
    return in1 != NULL && in2 != NULL && out != NULL && n >= 0 && (uint32_t)in1_offset + 255u <= 510u &&
        (uint32_t)in2_offset + 255u <= 510u && (uint32_t)left_shift <= 30u && kiln_act_s8_ok(act_min, act_max);
}

/* Every check of ADD (kiln_add_s8_args_ok, then ranges: TFLite's form or the exact ones), then the backend's
 * kernel; ARM_CMSIS_NN_ARG_ERROR with nothing read or written when a check fails. */
arm_cmsis_nn_status kiln_add_s8_checked(const int8_t *input_1_vect, const int8_t *input_2_vect,
                                        int32_t input_1_offset, int32_t input_1_mult, int32_t input_1_shift,
                                        int32_t input_2_offset, int32_t input_2_mult, int32_t input_2_shift,
                                        int32_t left_shift, int8_t *output, int32_t out_offset, int32_t out_mult,
                                        int32_t out_shift, int32_t out_activation_min, int32_t out_activation_max,
                                        int32_t block_size);

/** Parameters of the int8 MUL kernel (see arm_elementwise_mul_s8). */
typedef struct
{
    int32_t in1_offset, in2_offset;
    int32_t out_offset, out_mult, out_shift;
    int32_t act_min, act_max;
    /* Exact ranges over every pair of int8 inputs, filled by the entry's checks: the product,
     * and y = the doubling high multiply of product << max(out_shift, 0) by out_mult. */
    int32_t prod_lo, prod_hi;
    int32_t y_lo, y_hi;
} kiln_mul_s8_params;

void kiln_mul_s8(const int8_t *in1, const int8_t *in2, int8_t *out, int32_t n, const kiln_mul_s8_params *p);

/* Scalar element operations: the portable kernels' arithmetic, also used for the tails of the
 * vector kernels, so every backend computes an element exactly the same way. */
/* int8 MAXIMUM / MINIMUM kernels (comparison of the stored values, no requantization).
 * _vv: out[i] = op(a[i], b[i]); _vs: out[i] = op(a[i], s). n >= 0; out may equal a (or b). */
void kiln_max_s8_vv(const int8_t *a, const int8_t *b, int8_t *out, int32_t n);
void kiln_max_s8_vs(const int8_t *a, int8_t s, int8_t *out, int32_t n);
void kiln_min_s8_vv(const int8_t *a, const int8_t *b, int8_t *out, int32_t n);
void kiln_min_s8_vs(const int8_t *a, int8_t s, int8_t *out, int32_t n);

/*
 * Plan of a broadcasting MAXIMUM / MINIMUM: the NHWC loops with size-1 output dimensions dropped
 * and neighbouring dimensions that broadcast the same way merged, padded in front to four. The
 * innermost dimension is the contiguous run handed to one kernel call: both strides 1 (_vv), or
 * one of them 0 (that operand is a scalar for the run, _vs). Strides are in elements.
 */
typedef struct
{
    int32_t count[4];   /* merged loop sizes, outermost first; count[3] is the run length */
    int32_t stride1[4]; /* element step of input 1 per index of each loop (0: broadcast) */
    int32_t stride2[4]; /* element step of input 2 */
    int32_t total;      /* output elements */
} kiln_maxmin_plan;

/**
 * Checks the shapes of a broadcasting MAXIMUM / MINIMUM (each dimension of an input equals the
 * output's, or is 1 and broadcasts; the output's is the broadcast of the two, as TFLite computes
 * it; no negative dimension; at most INT32_MAX output elements) and fills the plan.
 * Returns false for inconsistent or out-of-range dims.
 */
bool kiln_maxmin_s8_plan(const cmsis_nn_dims *in1, const cmsis_nn_dims *in2, const cmsis_nn_dims *out,
                         kiln_maxmin_plan *plan);

/** Runs a plan: is_max selects MAXIMUM (else MINIMUM). */
void kiln_maxmin_s8_run(const kiln_maxmin_plan *plan, bool is_max, const int8_t *in1, const int8_t *in2, int8_t *out);

/*
 * Walks a broadcasting plan of kiln_maxmin_s8_plan() (the plan depends only on the dims, not on the element
 * type): out[k] = OP(a, b, ARG) for every output element in NHWC order, a and b the input elements that
 * broadcast onto it. T1 / T2 / TO are the element types of input 1, input 2 and the output.
 */
#define KILN_BCAST_WALK(T1, T2, TO, plan, in1, in2, out, OP, ARG)                                                      \
    do                                                                                                                 \
    {                                                                                                                  \
        TO *o_ = (out);                                                                                                \
        const int32_t n_ = (plan)->count[3];                                                                           \
        const int32_t st1_ = (plan)->stride1[3];                                                                       \
        const int32_t st2_ = (plan)->stride2[3];                                                                       \
        for (int32_t i0_ = 0; (plan)->total > 0 && i0_ < (plan)->count[0]; i0_++)                                      \
        {                                                                                                              \
            for (int32_t i1_ = 0; i1_ < (plan)->count[1]; i1_++)                                                       \
            {                                                                                                          \
                for (int32_t i2_ = 0; i2_ < (plan)->count[2]; i2_++)                                                   \
                {                                                                                                      \
                    const T1 *p1_ =                                                                                    \
                        (in1) + i0_ * (plan)->stride1[0] + i1_ * (plan)->stride1[1] + i2_ * (plan)->stride1[2];        \
                    const T2 *p2_ =                                                                                    \
                        (in2) + i0_ * (plan)->stride2[0] + i1_ * (plan)->stride2[1] + i2_ * (plan)->stride2[2];        \
                    for (int32_t j_ = 0; j_ < n_; j_++)                                                                \
                    {                                                                                                  \
                        o_[j_] = OP(p1_[j_ * st1_], p2_[j_ * st2_], ARG);                                              \
                    }                                                                                                  \
                    o_ += n_;                                                                                          \
                }                                                                                                      \
            }                                                                                                          \
        }                                                                                                              \
    } while (0)

/* Whether an ADD input's rescale is exact: TFLite gives the larger-scale input the multiplier one half without a
 * shift, and SRDHM(v, 2^30) = v / 2 exactly for the even v = (x + offset) << left_shift (left_shift >= 1). */
static inline bool kiln_add_s8_half(int32_t mult, int32_t shift, int32_t left_shift)
{
    return mult == (1 << 30) && shift == 0 && left_shift >= 1;
}

/* One ADD output; half1 / half2 (kiln_add_s8_half of that input, or false) take the exact halving in place of the
 * requantization, the same value. */
static inline __attribute__((always_inline)) int8_t kiln_add_s8_value(int32_t a, int32_t b, const kiln_add_s8_params *p,
                                                                       bool half1, bool half2)
{
    const int32_t v1 = (a + p->in1_offset) * (1 << p->left_shift);
    const int32_t v2 = (b + p->in2_offset) * (1 << p->left_shift);
    const int32_t x1 = half1 ? v1 / 2 : arm_nn_requantize(v1, p->in1_mult, p->in1_shift);
    const int32_t x2 = half2 ? v2 / 2 : arm_nn_requantize(v2, p->in2_mult, p->in2_shift);
    int32_t sum = arm_nn_requantize(x1 + x2, p->out_mult, p->out_shift) + p->out_offset;
    sum = MAX(sum, p->act_min);
    sum = MIN(sum, p->act_max);
    return (int8_t)sum;
}

static inline int8_t kiln_add_s8_element(int32_t a, int32_t b, const kiln_add_s8_params *p)
{
    return kiln_add_s8_value(a, b, p, false, false);
}

static inline int8_t kiln_mul_s8_element(int32_t a, int32_t b, const kiln_mul_s8_params *p)
{
    const int32_t prod = (a + p->in1_offset) * (b + p->in2_offset);
    int32_t out = arm_nn_requantize(prod, p->out_mult, p->out_shift) + p->out_offset;
    out = MAX(out, p->act_min);
    out = MIN(out, p->act_max);
    return (int8_t)out;
}

static inline int8_t kiln_relu_requant_s8_element(int32_t x, int32_t in_zp, int32_t out_offset, int32_t mult,
                                                  int32_t shift, int32_t lo)
{
    int32_t v = out_offset + arm_nn_requantize(x - in_zp, mult, shift);
    v = MAX(v, lo);
    v = MIN(v, INT8_MAX);
    return (int8_t)v;
}

#ifdef __cplusplus
}
#endif

#endif /* KILN_ELEMENTWISE_H */
