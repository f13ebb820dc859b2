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
} kiln_add_s8_params;

void kiln_add_s8(const int8_t *in1, const int8_t *in2, int8_t *out, int32_t n, const kiln_add_s8_params *p);

/** Parameters of the int8 MUL kernel (see arm_elementwise_mul_s8). */
typedef struct
{
    int32_t in1_offset, in2_offset;
    int32_t out_offset, out_mult, out_shift;
    int32_t act_min, act_max;
} kiln_mul_s8_params;

void kiln_mul_s8(const int8_t *in1, const int8_t *in2, int8_t *out, int32_t n, const kiln_mul_s8_params *p);

/* Scalar element operations: the portable kernels' arithmetic, also used for the tails of the
 * vector kernels, so every backend computes an element exactly the same way. */
static inline int8_t kiln_add_s8_element(int32_t a, int32_t b, const kiln_add_s8_params *p)
{
    const int32_t x1 = arm_nn_requantize((a + p->in1_offset) * (1 << p->left_shift), p->in1_mult, p->in1_shift);
    const int32_t x2 = arm_nn_requantize((b + p->in2_offset) * (1 << p->left_shift), p->in2_mult, p->in2_shift);
    int32_t sum = arm_nn_requantize(x1 + x2, p->out_mult, p->out_shift) + p->out_offset;
    sum = MAX(sum, p->act_min);
    sum = MIN(sum, p->act_max);
    return (int8_t)sum;
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
