/*
 * Kiln — support functions shared by the kernels: the fixed-point arithmetic of TFLite's int8
 * quantization (requantization, saturating doubling high multiply, rounding shifts, the softmax
 * exp/reciprocal approximations), little load/store helpers, and the support kernels.
 *
 * Arithmetic conventions (see ../shared/reference/004_*.txt and TFLite's reference kernels):
 * a quantized multiplier is a Q31 value in [2^30, 2^31) (or 0) and a shift s; the real scale is
 * multiplier * 2^(s - 31). Requantization applies a left shift max(s, 0) before a saturating
 * rounding doubling high multiply, then a rounding right shift by max(-s, 0) that rounds half away
 * from zero ("double rounding", TFLite's default).
 */
#ifndef ARM_NNSUPPORTFUNCTIONS_H
#define ARM_NNSUPPORTFUNCTIONS_H

#include "arm_nn_math_types.h"
#include "arm_nn_types.h"
#if ARM_NN_ENABLE_F16
#include "arm_nn_math_types_flt.h" /* float16_t (@kiln-supflt-half) */
#endif

#ifdef __cplusplus
extern "C" {
#endif

#ifndef OPTIONAL_RESTRICT_KEYWORD
#define OPTIONAL_RESTRICT_KEYWORD
#endif

/* Largest input-channel block the MVE convolution kernels process per pass. */
#define CH_IN_BLOCK_MVE (124)
#define S4_CH_IN_BLOCK_MVE (124)
#define MAX_COL_COUNT (512)
/* Transposed convolution: reverse-conv route threshold. */
#define REVERSE_TCOL_EFFICIENT_THRESHOLD (16)
/* Depthwise convolution with one input channel becomes a convolution above this output depth. */
#if defined(__ARMCC_VERSION) && (__ARMCC_VERSION >= 6010050)
#define CONVERT_DW_CONV_WITH_ONE_INPUT_CH_AND_OUTPUT_CH_ABOVE_THRESHOLD (8)
#else
#define CONVERT_DW_CONV_WITH_ONE_INPUT_CH_AND_OUTPUT_CH_ABOVE_THRESHOLD (1)
#endif

#define LEFT_SHIFT(_shift) ((_shift) > 0 ? (_shift) : 0)
#define RIGHT_SHIFT(_shift) ((_shift) > 0 ? 0 : -(_shift))
#define MASK_IF_ZERO(x) ((x) == 0 ? ~0 : 0)
#define MASK_IF_NON_ZERO(x) ((x) != 0 ? ~0 : 0)
#define SELECT_USING_MASK(mask, a, b) (((mask) & (a)) ^ (~(mask) & (b)))

#define MAX(A, B) ((A) > (B) ? (A) : (B))
#define MIN(A, B) ((A) < (B) ? (A) : (B))
#define CLAMP(x, h, l) MAX(MIN((x), (h)), (l))
#define ARM_NN_ROUND_UP(x, multiple) ((((x) + (multiple) - 1) / (multiple)) * (multiple))
/* Q31 multiplier reduced to Q15 (rounded) for the 64-bit requantization of int16 kernels. */
#define REDUCE_MULTIPLIER(_mult) (((_mult) < 0x7FFF0000) ? (((_mult) + (1 << 15)) >> 16) : 0x7FFF)

/* Pack four int8 (or two int16) values into one little-endian word. */
#define PACK_S8x4_32x1(v0, v1, v2, v3)                                                                          \
    ((((int32_t)(v0) << 0) & (int32_t)0x000000FF) | (((int32_t)(v1) << 8) & (int32_t)0x0000FF00) |             \
     (((int32_t)(v2) << 16) & (int32_t)0x00FF0000) | (int32_t)(((uint32_t)(v3) << 24) & 0xFF000000u))
#define PACK_Q15x2_32x1(v0, v1) (((int32_t)(v0) & (int32_t)0xFFFF) | (int32_t)((uint32_t)(v1) << 16))

/* Rounding offset for a right shift (legacy q7/q15 kernels). */
#ifndef ARM_NN_TRUNCATE
#define NN_ROUND(out_shift) ((0x1 << (out_shift)) >> 1)
#else
#define NN_ROUND(out_shift) 0
#endif

#define MUL_SAT(a, b) arm_nn_doubling_high_mult((a), (b))
#define MUL_SAT_MVE(a, b) arm_doubling_high_mult_mve_32x4((a), (b))
#define MUL_POW2(a, b) arm_nn_mult_by_power_of_two((a), (b))
#define DIV_POW2(a, b) arm_nn_divide_by_power_of_two((a), (b))
#define DIV_POW2_MVE(a, b) arm_divide_by_power_of_two_mve((a), (b))
#define EXP_ON_NEG(x) arm_nn_exp_on_negative_values((x))
#define ONE_OVER1(x) arm_nn_one_over_one_plus_x_for_x_in_0_1((x))

/* Word views used by the 32/64-bit helpers. */
union arm_nnword
{
    int32_t word;
    int16_t half_words[2];
    int8_t bytes[4];
};

struct arm_nn_double
{
    uint32_t low;
    int32_t high;
};

union arm_nn_long_long
{
    int64_t long_long;
    struct arm_nn_double word;
};

/* ------------------------------------------------------------------------------------------------
 * Shape predicates of the int8 convolution routes (the plan in Source/ConvolutionFunctions uses
 * the same rules).
 * --------------------------------------------------------------------------------------------- */

/** Upstream CMSIS-NN: whether a convolution that arm_nn_is_convolve_1x1() accepts can take the
 * stride-1 kernel, i.e. stride.w == 1 and stride.h == 1 (padding, dilation and shapes are
 * arm_nn_is_convolve_1x1()'s checks, not repeated here). */
static inline bool arm_nn_is_convolve_1x1_fast(const cmsis_nn_conv_params *conv_params)
{
    return conv_params->stride.w == 1 && conv_params->stride.h == 1;
}

/** Upstream CMSIS-NN's 1x1 routing rule: a 1x1 filter, no padding, unit dilation and one group
 * (filter c == input c); any stride. */
static inline bool arm_nn_is_convolve_1x1(const cmsis_nn_conv_params *conv_params,
                                          const cmsis_nn_dims *input_dims,
                                          const cmsis_nn_dims *filter_dims)
{
    return conv_params->padding.w == 0 && conv_params->padding.h == 0 && filter_dims->w == 1 &&
        filter_dims->h == 1 && conv_params->dilation.w == 1 && conv_params->dilation.h == 1 &&
        filter_dims->c == input_dims->c;
}

/** Upstream CMSIS-NN's 1xN routing rule: a one-row input (input h == 1) and a one-row filter
 * (filter h == 1), horizontal dilation 1, one group (filter c == input c) and stride.w * input c a
 * multiple of 4 (the product formed in 64 bits). Any batch count. */
static inline bool arm_nn_is_convolve_1_x_n(const cmsis_nn_conv_params *conv_params,
                                            const cmsis_nn_dims *input_dims,
                                            const cmsis_nn_dims *filter_dims)
{
    return input_dims->h == 1 && filter_dims->h == 1 && conv_params->dilation.w == 1 &&
        filter_dims->c == input_dims->c && ((int64_t)conv_params->stride.w * input_dims->c) % 4 == 0;
}

/* ------------------------------------------------------------------------------------------------
 * Unaligned little-endian loads and stores. Each read/write goes through memcpy, which compilers
 * turn into a single (unaligned-capable) load or store on Cortex-M3 and later.
 * --------------------------------------------------------------------------------------------- */

static inline int32_t arm_nn_read_s8x4(const int8_t *in_s8)
{
    int32_t v;
    memcpy(&v, in_s8, 4);
    return v;
}

static inline int32_t arm_nn_read_s8x2(const int8_t *in_s8)
{
    int16_t v;
    memcpy(&v, in_s8, 2);
    return (int32_t)(uint16_t)v;
}

static inline int32_t arm_nn_read_s16x2(const int16_t *in)
{
    int32_t v;
    memcpy(&v, in, 4);
    return v;
}

static inline int32_t arm_nn_read_s8x4_ia(const int8_t **in_s8)
{
    const int32_t v = arm_nn_read_s8x4(*in_s8);
    *in_s8 += 4;
    return v;
}

static inline int32_t arm_nn_read_s8x2_ia(const int8_t **in_s8)
{
    const int32_t v = arm_nn_read_s8x2(*in_s8);
    *in_s8 += 2;
    return v;
}

static inline int32_t arm_nn_read_q15x2_ia(const int16_t **in_q15)
{
    const int32_t v = arm_nn_read_s16x2(*in_q15);
    *in_q15 += 2;
    return v;
}

static inline void arm_nn_write_s8x4_ia(int8_t **in, int32_t value)
{
    memcpy(*in, &value, 4);
    *in += 4;
}

static inline void arm_nn_write_q15x2_ia(int16_t **dest_q15, int32_t src_q31)
{
    memcpy(*dest_q15, &src_q31, 4);
    *dest_q15 += 2;
}

static inline void arm_nn_write_s8x2_ia(int8_t **dst, int16_t src)
{
    memcpy(*dst, &src, 2);
    *dst += 2;
}

static inline void arm_memset_s8(int8_t *dst, const int8_t val, uint32_t block_size)
{
    memset(dst, val, block_size);
}

static inline void arm_memcpy_s8(int8_t *__RESTRICT dst, const int8_t *__RESTRICT src, uint32_t block_size)
{
    memcpy(dst, src, block_size);
}

static inline void arm_memcpy_q15(int16_t *__RESTRICT dst, const int16_t *__RESTRICT src, uint32_t block_size)
{
    memcpy(dst, src, block_size);
}

/* ------------------------------------------------------------------------------------------------
 * Fixed-point arithmetic (TFLite / gemmlowp semantics, bit-exact).
 * --------------------------------------------------------------------------------------------- */

/**
 * Saturating rounding doubling high multiply: round(m1 * m2 / 2^31) with ties toward +infinity
 * (gemmlowp's SaturatingRoundingDoublingHighMul, same as VQRDMULH), and the single overflowing
 * case INT32_MIN * INT32_MIN saturated to INT32_MAX.
 */
static inline int32_t arm_nn_doubling_high_mult(const int32_t m1, const int32_t m2)
{
    if (m1 == INT32_MIN && m2 == INT32_MIN)
    {
        return INT32_MAX;
    }
    const int64_t product = (int64_t)m1 * (int64_t)m2;
    const int64_t nudge = product >= 0 ? ((int64_t)1 << 30) : (1 - ((int64_t)1 << 30));
    /* Division truncates toward zero; with the sign-dependent nudge, ties go toward +infinity. */
    return (int32_t)((product + nudge) / ((int64_t)1 << 31));
}

/**
 * Rounding doubling high multiply without the saturation case: floor((m1 * m2 + 2^30) / 2^31).
 * Equal to arm_nn_doubling_high_mult() for every input except INT32_MIN * INT32_MIN, which no
 * quantized multiplier produces. This is the form the requantization uses (one SMLAL on Arm).
 */
static inline int32_t arm_nn_doubling_high_mult_no_sat(int32_t m1, int32_t m2)
{
    const int64_t product = (int64_t)m1 * (int64_t)m2 + ((int64_t)1 << 30);
    /* Arithmetic right shift of a signed value: floor division by 2^31. */
    return (int32_t)(product >> 31);
}

/**
 * Rounding arithmetic right shift: dividend / 2^exponent rounded to nearest, ties away from zero
 * (TFLite's RoundingDivideByPOT). exponent in [0, 31].
 */
static inline int32_t arm_nn_divide_by_power_of_two(const int32_t dividend, const int32_t exponent)
{
    const int32_t remainder_mask = (int32_t)(((uint32_t)1 << exponent) - 1u);
    const int32_t remainder = dividend & remainder_mask;
    int32_t result = dividend >> exponent;
    int32_t threshold = remainder_mask >> 1;
    if (result < 0)
    {
        threshold++;
    }
    if (remainder > threshold)
    {
        result++;
    }
    return result;
}

/**
 * Requantize an int32 accumulator: val * multiplier * 2^(shift - 31), TFLite double rounding
 * (MultiplyByQuantizedMultiplier). shift in [-31, 30]; val << max(shift, 0) must fit int32.
 */
static inline int32_t arm_nn_requantize(const int32_t val, const int32_t multiplier, const int32_t shift)
{
    const int32_t shifted = (int32_t)((uint32_t)val << LEFT_SHIFT(shift));
    return arm_nn_divide_by_power_of_two(arm_nn_doubling_high_mult_no_sat(shifted, multiplier), RIGHT_SHIFT(shift));
}

/**
 * Requantize an int64 accumulator with a Q15 multiplier (REDUCE_MULTIPLIER of the Q31 one), as
 * TFLite's 64-bit MultiplyByQuantizedMultiplier: round(val * reduced_multiplier / 2^(15 - shift)),
 * ties toward +infinity, truncated to int32.
 */
static inline int32_t arm_nn_requantize_s64(const int64_t val, const int32_t reduced_multiplier, const int32_t shift)
{
    const int64_t product = val * (int64_t)reduced_multiplier;
    const int32_t result = (int32_t)(product >> (14 - shift));
    return (result + 1) >> 1;
}

/**
 * Saturating multiply by 2^exp, exp in [0, 31): the Q-format rescale of the softmax helpers.
 */
static inline int32_t arm_nn_mult_by_power_of_two(const int32_t val, const int32_t exp)
{
    const int32_t thresh = (int32_t)(((uint32_t)1 << (31 - exp)) - 1u);
    if (val > thresh)
    {
        return NN_Q31_MAX;
    }
    if (val < -thresh)
    {
        return NN_Q31_MIN;
    }
    return (int32_t)((uint32_t)val << exp);
}

/**
 * exp(x) for x <= 0 given in Q5.26, result in Q0.31 (gemmlowp's exp_on_negative_values with 5
 * integer bits): a fourth-order Taylor polynomial around -1/8 on [-1/4, 0), then one multiply by
 * exp(-2^k) for each set bit k of the remaining magnitude (-1/4 ... -16). exp(0) = INT32_MAX.
 */
static inline int32_t arm_nn_exp_on_negative_values(int32_t val)
{
    /* Q0.31 constants: exp(-1/8), 1/3, and exp(-2^k) for k = -2 ... 4. */
    static const int32_t exp_minus_one_eighth = 1895147668;
    static const int32_t one_third = 715827883;
    static const int32_t exp_of_bit[7] = {1672461947, 1302514674, 790015084, 290630308, 39332535, 720401, 242};

    const int32_t quarter_bit = 24; /* 1/4 in Q5.26 */
    /* Split val = r + q with r in [-1/4, 0) and q a non-positive multiple of 1/4. */
    const int32_t r = (val & ((1 << quarter_bit) - 1)) - (1 << quarter_bit);
    const int32_t remainder = r - val; /* non-negative multiple of 1/4 */

    /* Polynomial for exp(r) around -1/8, in Q0.31: x = r + 1/8. */
    const int32_t x = (int32_t)((uint32_t)r << 5) + (1 << 28);
    const int32_t x2 = MUL_SAT(x, x);
    const int32_t x3 = MUL_SAT(x2, x);
    const int32_t x4 = MUL_SAT(x2, x2);
    const int32_t x4_over_4 = DIV_POW2(x4, 2);
    const int32_t poly = x + DIV_POW2(MUL_SAT(x4_over_4 + x3, one_third) + x2, 1);
    int32_t result = exp_minus_one_eighth + MUL_SAT(exp_minus_one_eighth, poly);

    for (int32_t k = 0; k < 7; k++)
    {
        if (remainder & (1 << (quarter_bit + k)))
        {
            result = MUL_SAT(result, exp_of_bit[k]);
        }
    }
    return val == 0 ? NN_Q31_MAX : result;
}

/**
 * 1 / (1 + x) for x in [0, 1) given in Q0.31, result in Q0.31 (gemmlowp's
 * one_over_one_plus_x_for_x_in_0_1): three Newton-Raphson steps on the half denominator in Q2.29,
 * starting from 48/17 - 32/17 * d.
 */
static inline int32_t arm_nn_one_over_one_plus_x_for_x_in_0_1(int32_t val)
{
    const int64_t sum = (int64_t)val + (int64_t)NN_Q31_MAX;
    const int32_t half_denominator = (int32_t)((sum + (sum >= 0 ? 1 : -1)) / 2);
    const int32_t c48_over_17 = 1515870810;      /* Q2.29 */
    const int32_t c_neg_32_over_17 = -1010580540; /* Q2.29 */
    const int32_t one_q2_29 = 1 << 29;
    int32_t x = c48_over_17 + MUL_SAT(half_denominator, c_neg_32_over_17);
    for (int32_t i = 0; i < 3; i++)
    {
        const int32_t one_minus_dx = one_q2_29 - MUL_SAT(half_denominator, x);
        x += MUL_POW2(MUL_SAT(x, one_minus_dx), 2);
    }
    return MUL_POW2(x, 1);
}

/**
 * 1 when the two shapes differ in any dimension (an elementwise operator must broadcast), else 0.
 */
static inline int32_t arm_check_broadcast_required(const cmsis_nn_dims *shape_1, const cmsis_nn_dims *shape_2)
{
    return (shape_1->n != shape_2->n || shape_1->h != shape_2->h || shape_1->w != shape_2->w ||
            shape_1->c != shape_2->c)
        ? 1
        : 0;
}

/* ------------------------------------------------------------------------------------------------
 * Helium (MVE) versions of the requantization, lane by lane identical to the scalar ones.
 * --------------------------------------------------------------------------------------------- */
#if defined(ARM_MATH_MVEI)

/* Doubling high multiply with rounding: VQRDMULH (saturates INT32_MIN * INT32_MIN like the scalar). */
static inline int32x4_t arm_doubling_high_mult_mve(const int32x4_t m1, const int32_t m2)
{
    return vqrdmulhq_n_s32(m1, m2);
}

static inline int32x4_t arm_doubling_high_mult_mve_32x4(const int32x4_t m1, const int32x4_t m2)
{
    return vqrdmulhq_s32(m1, m2);
}

static inline int32x4_t arm_doubling_high_mult_mve_pred(const int32x4_t m1,
                                                        const int32_t m2,
                                                        const mve_pred16_t p,
                                                        const int32x4_t v_zero)
{
    return vqrdmulhq_m_n_s32(v_zero, m1, m2, p);
}

/*
 * Rounding right shift, ties away from zero: VRSHL rounds ties toward +infinity, so negative
 * lanes first subtract one when the shift is non-zero (the fixup of TFLite's NEON path).
 */
static inline int32x4_t arm_divide_by_power_of_two_mve(const int32x4_t dividend, const int32_t exponent)
{
    const int32x4_t shift = vdupq_n_s32(-exponent);
    const int32x4_t fixup = vshrq_n_s32(vandq_s32(dividend, shift), 31);
    const int32x4_t fixed = vqaddq_s32(dividend, fixup);
    return vrshlq_s32(fixed, shift);
}

static inline int32x4_t arm_divide_by_power_of_two_mve_32x4(const int32x4_t dividend, const int32x4_t exponent)
{
    const int32x4_t shift = vnegq_s32(exponent);
    const int32x4_t fixup = vshrq_n_s32(vandq_s32(dividend, shift), 31);
    const int32x4_t fixed = vqaddq_s32(dividend, fixup);
    return vrshlq_s32(fixed, shift);
}

static inline int32x4_t arm_divide_by_power_of_two_mve_pred(const int32x4_t dividend,
                                                            const int32_t exponent,
                                                            const mve_pred16_t p,
                                                            const int32x4_t v_zero)
{
    const int32x4_t shift = vdupq_n_s32(-exponent);
    const int32x4_t fixup = vshrq_n_s32(vandq_s32(dividend, shift), 31);
    const int32x4_t fixed = vqaddq_m_s32(v_zero, dividend, fixup, p);
    return vrshlq_m_s32(v_zero, fixed, shift, p);
}

static inline int32x4_t arm_requantize_mve(const int32x4_t val, const int32_t multiplier, const int32_t shift)
{
    const int32x4_t shifted = vshlq_s32(val, vdupq_n_s32(LEFT_SHIFT(shift)));
    return arm_divide_by_power_of_two_mve(arm_doubling_high_mult_mve(shifted, multiplier), RIGHT_SHIFT(shift));
}

static inline int32x4_t arm_requantize_mve_pred(const int32x4_t val,
                                                const int32_t multiplier,
                                                const int32_t shift,
                                                const mve_pred16_t p)
{
    const int32x4_t zero = vdupq_n_s32(0);
    const int32x4_t shifted = vshlq_m_s32(zero, val, vdupq_n_s32(LEFT_SHIFT(shift)), p);
    return arm_divide_by_power_of_two_mve_pred(
        arm_doubling_high_mult_mve_pred(shifted, multiplier, p, zero), RIGHT_SHIFT(shift), p, zero);
}

static inline int32x4_t arm_requantize_mve_32x4(const int32x4_t val, const int32x4_t multiplier, const int32x4_t shift)
{
    const int32x4_t zero = vdupq_n_s32(0);
    const int32x4_t left = vmaxq_s32(shift, zero);
    const int32x4_t right = vmaxq_s32(vnegq_s32(shift), zero);
    const int32x4_t shifted = vshlq_s32(val, left);
    return arm_divide_by_power_of_two_mve_32x4(vqrdmulhq_s32(shifted, multiplier), right);
}

#endif /* ARM_MATH_MVEI */

/* @kiln-slice-support: copy / fill helpers, dims access and the resize / reduction helpers (ns-cmsis-nn) */

/** Sets block_size int16 elements of dst to val (block_size counts elements). dst NULL writes nothing. */
static inline void arm_memset_s16(int16_t *dst, const int16_t val, uint32_t block_size)
{
    if (dst == NULL)
    {
        return;
    }
    for (uint32_t i = 0; i < block_size; i++)
    {
        dst[i] = val;
    }
}

/** Copies block_size int16 elements (not bytes) from src to dst, which must not overlap. A NULL pointer
 *  copies nothing. */
static inline void arm_memcpy_s16(int16_t *__RESTRICT dst, const int16_t *__RESTRICT src, uint32_t block_size)
{
    if (dst == NULL || src == NULL)
    {
        return;
    }
    for (uint32_t i = 0; i < block_size; i++) /* element by element: no byte count to overflow size_t */
    {
        dst[i] = src[i];
    }
}

/** Copies block_size int32 elements (not bytes) from src to dst, which must not overlap. A NULL pointer
 *  copies nothing. */
static inline void arm_memcpy_s32(int32_t *__RESTRICT dst, const int32_t *__RESTRICT src, uint32_t block_size)
{
    if (dst == NULL || src == NULL)
    {
        return;
    }
    for (uint32_t i = 0; i < block_size; i++) /* element by element: no byte count to overflow size_t */
    {
        dst[i] = src[i];
    }
}

/** The extent of axis index of dims in n, h, w, c order (0 .. 3); any other index reads as 1 (an implicit
 *  unit axis), as ns-cmsis-nn. dims NULL returns -1 (an invalid extent). */
static inline int32_t arm_cmsis_nn_dim_at(const cmsis_nn_dims *dims, int32_t index)
{
    if (dims == NULL)
    {
        return -1;
    }
    switch (index)
    {
    case 0:
        return dims->n;
    case 1:
        return dims->h;
    case 2:
        return dims->w;
    case 3:
        return dims->c;
    default:
        return 1;
    }
}

/** The product of shape[0 .. length) (0 for an empty shape): 1 for length <= 0 (shape not read); 0 also when
 *  shape is NULL (length > 0), an extent is negative, or the product does not fit a size_t. */
static inline size_t arm_cmsis_nn_shape_product(const int32_t *shape, int32_t length)
{
    size_t product = 1;
    if (length <= 0)
    {
        return 1;
    }
    if (shape == NULL)
    {
        return 0;
    }
    for (int32_t i = 0; i < length; i++)
    {
        if (shape[i] < 0)
        {
            return 0;
        }
    }
    for (int32_t i = 0; i < length; i++)
    {
        const size_t e = (size_t)shape[i];
        if (e == 0)
        {
            return 0;
        }
        if (product > SIZE_MAX / e)
        {
            return 0;
        }
        product *= e;
    }
    return product;
}

/**
 * Reductions over a 4-D NHWC tensor (in_dims n, h, w, c) with axis_arr[d] != 0 marking a reduced axis: the
 * smallest s in 0 .. 3 such that no axis before s is reduced and every axis from s on is reduced or has extent
 * 1, i.e. the reduction covers exactly the contiguous trailing block of the axes s .. 3 (each output element
 * then sums one contiguous run). -1 when there is no such s, or a pointer is NULL.
 */
static inline int32_t arm_reduce_get_flatten_suffix_start_from_arrays(const int32_t in_dims[4],
                                                                      const int32_t axis_arr[4])
{
    if (in_dims == NULL || axis_arr == NULL)
    {
        return -1;
    }
    for (int32_t s = 0; s < 4; s++)
    {
        bool ok = true;
        for (int32_t d = 0; d < 4 && ok; d++)
        {
            if (d < s)
            {
                ok = axis_arr[d] == 0;
            }
            else
            {
                ok = axis_arr[d] != 0 || in_dims[d] == 1;
            }
        }
        if (ok)
        {
            return s;
        }
    }
    return -1;
}

/**
 * TFLite RESIZE_NEAREST_NEIGHBOR's source index for output index input_value along one axis: with
 * v = (input_value + offset) * scale evaluated in float32 (input_value converted to float first), the index
 * is round(v) (half away from zero, TfLiteRound) when align_corners, else floor(v); then at most
 * input_size - 1 and, with half_pixel_centers, at least 0. The caller passes TFLite's scale, (in - 1) / (out - 1)
 * with align_corners and out > 1, else in / out (both in float32), and offset 0.5 with half_pixel_centers, else
 * 0. floor / round are done exactly here without libm; a v beyond the int32 range saturates, a NaN v gives 0.
 */
static inline int32_t GetNearestNeighbor(const int input_value,
                                         const int32_t input_size,
                                         const float scale,
                                         const float offset,
                                         const bool align_corners,
                                         const bool half_pixel_centers)
{
    const float v = ((float)input_value + offset) * scale;
    int32_t idx;
    if (v != v)
    {
        idx = 0;
    }
    else if (v >= 2147483648.0f)
    {
        idx = INT32_MAX;
    }
    else if (v < -2147483648.0f)
    {
        idx = INT32_MIN;
    }
    else
    {
        /* |v| < 2^31: the conversion truncates toward zero. v - t is exact (below 2^23 it is v's fraction,
         * above it v is an integer and t == v). */
        int32_t t = (int32_t)v;
        const float frac = v - (float)t;
        if (align_corners)
        {
            t += (frac >= 0.5f) ? 1 : ((frac <= -0.5f) ? -1 : 0);
        }
        else if (frac < 0.0f)
        {
            t -= 1;
        }
        idx = t;
    }
    if ((int64_t)idx > (int64_t)input_size - 1)
    {
        idx = (int32_t)((int64_t)input_size - 1 < INT32_MIN ? INT32_MIN : (int64_t)input_size - 1);
    }
    if (half_pixel_centers && idx < 0)
    {
        idx = 0;
    }
    return idx;
}

/* ------------------------------------------------------------------------------------------------
 * @kiln-support-int: byte/nibble expansion helpers and int16 fixed-point helpers (h-supint).
 *
 * Written as portable C (no SIMD intrinsics): the results are defined as numbers, so they are the
 * same on every backend. A "pair" is an int32_t holding two int16 values, the first in the low
 * half-word (bits 0..15) and the second in the high half-word (bits 16..31), i.e. the operand
 * layout of SMLAD / SXTB16. Big-endian targets are not supported by Kiln, so the big-endian swap of
 * the upstream versions does not exist here.
 *
 * These functions have no way to report an error: with a NULL pointer they write nothing (and the
 * pointer-returning ones return NULL). Nibbles are two's-complement int4 values, the low nibble of
 * a byte first.
 * --------------------------------------------------------------------------------------------- */

/* Two int16 values (each taken modulo 2^16) as one pair, a first. */
static inline int32_t kiln_pair_s16(const int32_t a, const int32_t b)
{
    return (int32_t)(((uint32_t)b << 16) | ((uint32_t)a & 0xFFFFu));
}

/* Low (which == 0) or high (which == 1) nibble of a byte as a signed int4 value. */
static inline int32_t kiln_nibble_s4(const int8_t byte, const int which)
{
    const int32_t n = ((int32_t)(uint8_t)byte >> (which ? 4 : 0)) & 0xF;
    return n >= 8 ? n - 16 : n;
}

#if defined(ARM_MATH_DSP)
/** Four int8 values b0..b3 at source: *out1 = (b0, b1), *out2 = (b2, b3) (sign-extended pairs, in
 * order). Returns source + 4 (NULL and nothing written for a NULL pointer). */
static inline const int8_t *read_and_pad(const int8_t *source, int32_t *out1, int32_t *out2)
{
    if (source == NULL || out1 == NULL || out2 == NULL)
    {
        return NULL;
    }
    *out1 = kiln_pair_s16(source[0], source[1]);
    *out2 = kiln_pair_s16(source[2], source[3]);
    return source + 4;
}

/** Four int8 values b0..b3 in SXTB16 order: *out1 = (b0, b2), *out2 = (b1, b3). Returns
 * source + 4 (NULL and nothing written for a NULL pointer). */
static inline const int8_t *read_and_pad_reordered(const int8_t *source, int32_t *out1, int32_t *out2)
{
    if (source == NULL || out1 == NULL || out2 == NULL)
    {
        return NULL;
    }
    *out1 = kiln_pair_s16(source[0], source[2]);
    *out2 = kiln_pair_s16(source[1], source[3]);
    return source + 4;
}

/** ns-cmsis-nn: one int8 value s broadcast: *out1 = *out2 = (s, s). Nothing for NULL outputs. */
static inline void read_and_pad_reordered_scalar(const int8_t source, int32_t *out1, int32_t *out2)
{
    if (out1 == NULL || out2 == NULL)
    {
        return;
    }
    *out1 = kiln_pair_s16(source, source);
    *out2 = *out1;
}

/** As read_and_pad with the half-words of add added (modulo 2^16, as SXTAB16):
 * *out1 = (b0 + add_lo, b1 + add_lo), *out2 = (b2 + add_hi, b3 + add_hi), add_lo / add_hi the
 * low / high half-words of add as int16. source is not advanced. */
static inline void read_pad_and_add_s8(const int8_t *source, int32_t *out1, int32_t *out2, const uint32_t add)
{
    if (source == NULL || out1 == NULL || out2 == NULL)
    {
        return;
    }
    const int32_t add_lo = (int16_t)(uint16_t)(add & 0xFFFFu);
    const int32_t add_hi = (int16_t)(uint16_t)(add >> 16);
    *out1 = kiln_pair_s16(source[0] + add_lo, source[1] + add_lo);
    *out2 = kiln_pair_s16(source[2] + add_hi, source[3] + add_hi);
}

/** Two int8 values b0, b1: *out = (b0, b1). */
static inline void read_and_pad_s8x2(const int8_t *source, int32_t *out)
{
    if (source == NULL || out == NULL)
    {
        return;
    }
    *out = kiln_pair_s16(source[0], source[1]);
}

/** Two int8 values b0, b1 plus add's half-words (modulo 2^16): *out = (b0 + add_lo, b1 + add_hi). */
static inline void read_pad_and_add_s8x2(const int8_t *source, int32_t *out, const uint32_t add)
{
    if (source == NULL || out == NULL)
    {
        return;
    }
    const int32_t add_lo = (int16_t)(uint16_t)(add & 0xFFFFu);
    const int32_t add_hi = (int16_t)(uint16_t)(add >> 16);
    *out = kiln_pair_s16(source[0] + add_lo, source[1] + add_hi);
}

/** Two bytes = four int4 values e0..e3 (e0 the low nibble of source[0]), SXTB16 order:
 * *out1 = (e0, e2), *out2 = (e1, e3). */
static inline void read_and_pad_s4(const int8_t *source, int32_t *out1, int32_t *out2)
{
    if (source == NULL || out1 == NULL || out2 == NULL)
    {
        return;
    }
    *out1 = kiln_pair_s16(kiln_nibble_s4(source[0], 0), kiln_nibble_s4(source[1], 0));
    *out2 = kiln_pair_s16(kiln_nibble_s4(source[0], 1), kiln_nibble_s4(source[1], 1));
}

/** Four int4 values starting at the HIGH nibble of source[0] (three bytes are read):
 * e0 = high nibble of source[0], e1 / e2 = low / high nibble of source[1], e3 = low nibble of
 * source[2]. SXTB16 order as upstream: *out1 = (e1, e3), *out2 = (e0, e2). */
static inline void read_and_pad_s4_uneven(const int8_t *source, int32_t *out1, int32_t *out2)
{
    if (source == NULL || out1 == NULL || out2 == NULL)
    {
        return;
    }
    *out1 = kiln_pair_s16(kiln_nibble_s4(source[1], 0), kiln_nibble_s4(source[2], 0));
    *out2 = kiln_pair_s16(kiln_nibble_s4(source[0], 1), kiln_nibble_s4(source[1], 1));
}

/** As read_and_pad_s4 in order: *out1 = (e0, e1), *out2 = (e2, e3). */
static inline void read_and_pad_s4_ordered(const int8_t *source, int32_t *out1, int32_t *out2)
{
    if (source == NULL || out1 == NULL || out2 == NULL)
    {
        return;
    }
    *out1 = kiln_pair_s16(kiln_nibble_s4(source[0], 0), kiln_nibble_s4(source[0], 1));
    *out2 = kiln_pair_s16(kiln_nibble_s4(source[1], 0), kiln_nibble_s4(source[1], 1));
}
#endif /* ARM_MATH_DSP */

/**
 * ns-cmsis-nn: rounding divide of a NON-NEGATIVE dividend by 2^exponent, exponent in [0, 31]:
 * floor((dividend + 2^(exponent - 1)) / 2^exponent), the sum formed in 32-bit unsigned arithmetic
 * (ties up; exponent 0 returns dividend). A negative dividend is outside the contract (the
 * unsigned sum is still well defined); an exponent outside [0, 31] is clamped into it.
 */
static inline int32_t arm_nn_nonneg_divide_by_pot_s32(int32_t dividend, int32_t exponent)
{
    if (exponent <= 0)
    {
        return dividend;
    }
    const int32_t e = exponent > 31 ? 31 : exponent;
    const uint32_t sum = (uint32_t)dividend + ((uint32_t)1 << (e - 1));
    return (int32_t)(sum >> e);
}

/** ns-cmsis-nn: x * 2^shift saturated to int16; shift <= 0 returns x unchanged. Any shift is
 * accepted (a non-zero x saturates once shift >= 16). */
static inline int16_t arm_nn_sat_lshift_s16(int16_t x, int shift)
{
    if (shift <= 0 || x == 0)
    {
        return x;
    }
    if (shift >= 16)
    {
        return x > 0 ? INT16_MAX : INT16_MIN;
    }
    const int32_t v = (int32_t)x * ((int32_t)1 << shift);
    return (int16_t)(v > INT16_MAX ? INT16_MAX : (v < INT16_MIN ? INT16_MIN : v));
}

/** ns-cmsis-nn: saturating rounding doubling high multiply of two Q15 values (VQRDMULH.S16):
 * floor((2 * a * b + 2^15) / 2^16), INT16_MIN * INT16_MIN saturating to INT16_MAX. */
static inline int16_t arm_nn_sqrdmulh_s16(int16_t a, int16_t b)
{
    const int32_t r = ((int32_t)a * (int32_t)b + ((int32_t)1 << 14)) >> 15;
    return (int16_t)(r > INT16_MAX ? INT16_MAX : r);
}

/**
 * ns-cmsis-nn: saturating non-rounding doubling high multiply of two Q15 values, a * b / 2^15
 * TRUNCATED TOWARD ZERO (ns-cmsis-nn's definition; VQDMULH itself rounds toward minus infinity,
 * so the two differ by one for negative products that are not multiples of 2^15). Kiln follows
 * ns-cmsis-nn. INT16_MIN * INT16_MIN saturates to INT16_MAX.
 */
static inline int16_t arm_nn_sqdmulh_s16(int16_t a, int16_t b)
{
    const int32_t q = ((int32_t)a * (int32_t)b) / ((int32_t)1 << 15);
    return (int16_t)(q > INT16_MAX ? INT16_MAX : q);
}

/** ns-cmsis-nn: int16 dividend / 2^exponent rounded to nearest, ties away from zero (as
 * arm_nn_divide_by_power_of_two), exponent in [0, 15] (values outside are clamped to [0, 31]). */
static inline int16_t arm_nn_divide_by_power_of_two_s16(int16_t x, int exponent)
{
    const int32_t e = exponent < 0 ? 0 : (exponent > 31 ? 31 : exponent);
    return (int16_t)arm_nn_divide_by_power_of_two((int32_t)x, e);
}

#if defined(ARM_MATH_MVEI)
/** ns-cmsis-nn: arm_nn_divide_by_power_of_two_s16 on eight lanes (exponent in [0, 15]). Negative
 * lanes are lowered by one (saturating) before VRSHL's ties-up rounding, giving ties away from zero. */
static inline int16x8_t arm_divide_by_power_of_two_mve_s16(const int16x8_t dividend, const int16_t exponent)
{
    if (exponent <= 0)
    {
        return dividend;
    }
    const mve_pred16_t negative = vcmpltq_n_s16(dividend, 0);
    const int16x8_t lowered = vqsubq_m_n_s16(dividend, dividend, 1, negative);
    return vrshlq_s16(lowered, vdupq_n_s16((int16_t)-exponent));
}

/**
 * ns-cmsis-nn: saturate sixteen int32 lanes to int8 (two VQMOVN steps, 32 -> 16 -> 8, equal to one
 * saturation to int8). The lanes come out INTERLEAVED, as the ns-cmsis-nn implementation produces
 * them: result[4k] = sat(acc0[k]), result[4k + 1] = sat(acc2[k]), result[4k + 2] = sat(acc1[k]),
 * result[4k + 3] = sat(acc3[k]) for k < 4.
 */
static inline int8x16_t arm_narrow_mve_from_int32x4x4_to_int8x16(int32x4_t acc0,
                                                                 int32x4_t acc1,
                                                                 int32x4_t acc2,
                                                                 int32x4_t acc3)
{
    /* 32 -> 16: even half-word lanes from the first operand, odd lanes from the second. */
    const int16x8_t first = vqmovntq_s32(vqmovnbq_s32(vdupq_n_s16(0), acc0), acc1);
    const int16x8_t second = vqmovntq_s32(vqmovnbq_s32(vdupq_n_s16(0), acc2), acc3);
    /* 16 -> 8 the same way. */
    return vqmovntq_s16(vqmovnbq_s16(vdupq_n_s8(0), first), second);
}
#endif /* ARM_MATH_MVEI */

/*
 * Vector x transposed matrix support kernels (portable C on every backend). Every one validates
 * all arguments first and returns ARM_CMSIS_NN_ARG_ERROR, writing nothing, for: a NULL required
 * pointer, negative counts, rhs_rows * rhs_cols (and every output index) past INT32_MAX, a negative
 * multiplier, a shift outside its range, offsets outside their range, an activation range outside
 * the output type or min > max. Sums are exact in int64 (int16 kernels) or wrap modulo 2^32 (int8
 * accumulators, as TFLite's), and no element past the stated sizes is read.
 */

/**
 * int16 vector x int8 matrix: dst[r] = clamp(R(sum_k lhs[k] * rhs[r * rhs_cols + k] + bias[r])) for
 * r < rhs_rows; bias may be NULL. R is the 64-bit requantization arm_nn_requantize_s64 with
 * dst_multiplier the REDUCED (Q15) multiplier, REDUCE_MULTIPLIER of the Q31 one (what the callers
 * of the upstream kernel pass): dst_multiplier in [0, 32767], dst_shift in [-31, 30], activation
 * within int16. No output offset (int16 quantization is symmetric).
 */
arm_cmsis_nn_status arm_nn_vec_mat_mult_t_s16(const int16_t *lhs, const int8_t *rhs, const int64_t *bias, int16_t *dst, const int32_t dst_multiplier, const int32_t dst_shift, const int32_t rhs_cols, const int32_t rhs_rows, const int32_t activation_min, const int32_t activation_max);

/** ns-cmsis-nn: arm_nn_vec_mat_mult_t_s16 with per-row (reduced) dst_multiplier[r] / dst_shift[r],
 * each validated as there. */
arm_cmsis_nn_status arm_nn_vec_mat_mult_t_per_ch_s16(const int16_t *lhs, const int8_t *rhs, const int64_t *bias, int16_t *dst, const int32_t *dst_multiplier, const int32_t *dst_shift, const int32_t rhs_cols, const int32_t rhs_rows, const int32_t activation_min, const int32_t activation_max);

/** arm_nn_vec_mat_mult_t_s16 with an int16 matrix (same arguments and rules). */
arm_cmsis_nn_status arm_nn_vec_mat_mult_t_s16_s16(const int16_t *lhs, const int16_t *rhs, const int64_t *bias, int16_t *dst, const int32_t dst_multiplier, const int32_t dst_shift, const int32_t rhs_cols, const int32_t rhs_rows, const int32_t activation_min, const int32_t activation_max);

/**
 * SVDF feature product, int8 x int8 to int16 with scattered outputs:
 * dst[r * scatter_offset] = clamp(arm_nn_requantize(sum_k (lhs[k] + lhs_offset) * rhs[r * rhs_cols + k],
 * dst_multiplier, dst_shift), activation_min, activation_max), r < rhs_rows. lhs_offset in
 * [-128, 128], scatter_offset >= 1 (upstream also accepts 0, which makes every row overwrite the
 * same element; Kiln rejects it), shift in [-31, 30], activation within int16. No output offset.
 */
arm_cmsis_nn_status arm_nn_vec_mat_mult_t_svdf_s8(const int8_t *lhs, const int8_t *rhs, int16_t *dst, const int32_t lhs_offset, const int32_t scatter_offset, const int32_t dst_multiplier, const int32_t dst_shift, const int32_t rhs_cols, const int32_t rhs_rows, const int32_t activation_min, const int32_t activation_max);

/**
 * LSTM gate product, accumulated into dst (the products of arm_lstm_unidirectional_s8): for
 * b < batches, r < rhs_rows, x_b = lhs + b * batch_offset * rhs_cols,
 * dst[b * rhs_rows + r] = sat16(dst[b * rhs_rows + r] + arm_nn_requantize(effective_bias[r] +
 * sum_k x_b[k] * rhs[r * rhs_cols + k], dst_multiplier, dst_shift)). effective_bias (input offset
 * already folded in, required), dst_multiplier >= 0 (Q31), dst_shift in [-31, 30], batches >= 0,
 * batch_offset >= 1 (1: time-major input, time_steps: batch-major).
 */
arm_cmsis_nn_status arm_nn_vec_mat_mul_result_acc_s8_s16(const int8_t *lhs, const int8_t *rhs, const int32_t *effective_bias, int16_t *dst, const int32_t dst_multiplier, const int32_t dst_shift, const int32_t rhs_cols, const int32_t rhs_rows, const int32_t batches, const int32_t batch_offset);

/** As arm_nn_vec_mat_mul_result_acc_s8_s16 for int16 input and int64 effective_bias, with the
 * 64-bit requantization of REDUCE_MULTIPLIER(dst_multiplier) (dst_multiplier is the Q31 multiplier,
 * reduced here as upstream does); dst_shift in [-31, 14]. The sum is exact (int64); as in TFLite and
 * upstream, the requantized value is truncated to int32 before the accumulation (only a value
 * outside int32, outside TFLite's domain, is affected). */
arm_cmsis_nn_status arm_nn_vec_mat_mul_result_acc_s16(const int16_t *lhs, const int8_t *rhs, const int64_t *effective_bias, int16_t *dst, const int32_t dst_multiplier, const int32_t dst_shift, const int32_t rhs_cols, const int32_t rhs_rows, const int32_t batches, const int32_t batch_offset);

/**
 * int8 vector x packed int4 matrix (arm_fully_connected_s4's packing: element e = r * rhs_cols + k
 * in the low nibble of packed_rhs[e / 2] for even e, the high nibble for odd e):
 * dst[r] = clamp(arm_nn_requantize(bias[r] + sum_k (lhs[k] + lhs_offset) * w[r][k], dst_multiplier,
 * dst_shift) + dst_offset, activation_min, activation_max); bias may be NULL. Offsets within
 * +-32639, activation within int8.
 */
arm_cmsis_nn_status arm_nn_vec_mat_mult_t_s4(const int8_t *lhs, const int8_t *packed_rhs, const int32_t *bias, int8_t *dst, const int32_t lhs_offset, const int32_t dst_offset, const int32_t dst_multiplier, const int32_t dst_shift, const int32_t rhs_cols, const int32_t rhs_rows, const int32_t activation_min, const int32_t activation_max);

/*
 * GEMM support kernels of the int4 / int8 / int16 convolutions (portable C on every backend; the
 * int8 two-column kernel keeps its DSP path). Invalid arguments (NULL pointers, negative counts, a
 * row stride below the row length, sizes past INT32_MAX, offsets outside [-127, 128] (input) /
 * [-128, 127] (output), a negative multiplier, a shift outside [-31, 30], an activation range
 * outside the output type or min > max) return ARM_CMSIS_NN_ARG_ERROR, or NULL for the
 * pointer-returning kernels, before anything is written. Sums wrap modulo 2^32 (int32 accumulators)
 * or are exact (int64 accumulators). int4 weights are packed continuously over the whole matrix:
 * weight e = row * row_length + i in the low nibble of byte e / 2 for an even e, the high nibble for
 * an odd e (a row starts mid-byte when its start index is odd).
 */

/** As arm_nn_mat_mult_kernel_s8_s16 with column 1's results at out_0[row_address_offset + ch]
 * (row_address_offset >= output_ch); returns out_0 + 2 * row_address_offset. Every backend
 * (upstream: not on MVE). */
int8_t *arm_nn_mat_mult_kernel_row_offset_s8_s16(const int8_t *input_a, const int16_t *input_b, const uint16_t output_ch, const int32_t *out_shift, const int32_t *out_mult, const int32_t out_offset, const int16_t activation_min, const int16_t activation_max, const int32_t num_col_a, const int32_t aligned_num_col_a, const int32_t *const output_bias, const int32_t row_address_offset, int8_t *out_0);

/** As arm_nn_mat_mult_kernel_s8_s16 with A packed int4 ([output_ch][num_col_a] weights) and the two
 * int16 columns at input_b and input_b + num_col_a: out_0[ch] and out_0[output_ch + ch]. Returns
 * out_0 + 2 * output_ch (NULL for invalid arguments). */
int8_t *arm_nn_mat_mult_kernel_s4_s16(const int8_t *input_a, const int16_t *input_b, const uint16_t output_ch, const int32_t *out_shift, const int32_t *out_mult, const int32_t out_offset, const int32_t activation_min, const int32_t activation_max, const int32_t num_col_a, const int32_t *const output_bias, int8_t *out_0);

/**
 * int8 lhs x packed int4 rhs (transposed): dst[m * rhs_rows + n] = clamp(requantize(bias[n] +
 * sum_k (lhs[m * lhs_cols_offset + k] + lhs_offset) * w[n][k], dst_multipliers[n], dst_shifts[n]) +
 * dst_offset) for m < lhs_rows, n < rhs_rows, k < rhs_cols (w: rhs_rows x rhs_cols packed int4);
 * bias may be NULL; lhs_cols_offset >= rhs_cols.
 */
arm_cmsis_nn_status arm_nn_mat_mult_nt_t_s4(const int8_t *lhs, const int8_t *rhs, const int32_t *bias, int8_t *dst, const int32_t *dst_multipliers, const int32_t *dst_shifts, const int32_t lhs_rows, const int32_t rhs_rows, const int32_t rhs_cols, const int32_t lhs_offset, const int32_t dst_offset, const int32_t activation_min, const int32_t activation_max, const int32_t lhs_cols_offset);

/**
 * One patch against out_ch packed int4 filters: output[c] = clamp(requantize(bias[c] + sum_{i <
 * row_elements} (row_base_ref[i] + input_offset) * w[c * (row_elements + skipped_row_elements) + i])
 * + output_offset) with conv_params' offsets and activation; bias may be NULL. Every backend
 * (upstream: MVE only). Note: an odd row_elements + skipped_row_elements makes odd filters start
 * mid-byte; Kiln reads them from that nibble (the upstream MVE kernel starts at the byte's low
 * nibble, correct only for even strides, the only ones its callers use).
 */
arm_cmsis_nn_status arm_nn_mat_mul_core_1x_s4(int32_t row_elements, const int32_t skipped_row_elements, const int8_t *row_base_ref, const int8_t *col_base_ref, const int32_t out_ch, const cmsis_nn_conv_params *conv_params, const cmsis_nn_per_channel_quant_params *quant_params, const int32_t *bias, int8_t *output);

/**
 * int16 lhs [lhs_rows][rhs_cols] x int8 rhs [rhs_rows][rhs_cols] (transposed), int16 output:
 * dst[m * R + n] = clamp(Q_n(sum_k lhs[m][k] * rhs[n][k] + bias[n])) with R = row_address_offset
 * (ns, >= rhs_rows) or rhs_rows (upstream). Q_n: int32 bias (bias_data->is_int32_bias): the sum
 * modulo 2^32 requantized by arm_nn_requantize(., dst_multipliers[n], dst_shifts[n]); int64 bias:
 * arm_nn_requantize_s64 of the exact sum with REDUCE_MULTIPLIER(dst_multipliers[n]).
 * bias_data is required, its data may be NULL. Every backend (upstream: MVE only).
 */
#if KILN_UPSTREAM_API
arm_cmsis_nn_status arm_nn_mat_mult_nt_t_s16(const int16_t *lhs, const int8_t *rhs, const cmsis_nn_bias_data *bias_data, int16_t *dst, const int32_t *dst_multipliers, const int32_t *dst_shifts, const int32_t lhs_rows, const int32_t rhs_rows, const int32_t rhs_cols, const int32_t activation_min, const int32_t activation_max);
#else
arm_cmsis_nn_status arm_nn_mat_mult_nt_t_s16(const int16_t *lhs, const int8_t *rhs, const cmsis_nn_bias_data *bias_data, int16_t *dst, const int32_t *dst_multipliers, const int32_t *dst_shifts, const int32_t lhs_rows, const int32_t rhs_rows, const int32_t rhs_cols, const int32_t activation_min, const int32_t activation_max, const int32_t row_address_offset);
#endif

/**
 * The int16 two-column kernel: A int8 [output_ch][num_col_a], the two int16 columns of B at input_b
 * and input_b + num_col_a: out_0[c] (column 0) and out_0[R + c] (column 1), R = row_address_offset
 * (ns, >= output_ch) or output_ch (upstream), each arm_nn_mat_mult_nt_t_s16's Q_c of A[c] . Bj.
 * Returns out_0 + 2 * output_ch (as ns-cmsis-nn, whatever R), NULL for invalid arguments. Every
 * backend (upstream: not on MVE).
 */
#if KILN_UPSTREAM_API
int16_t *arm_nn_mat_mult_kernel_s16(const int8_t *input_a, const int16_t *input_b, const int32_t output_ch, const int32_t *out_shift, const int32_t *out_mult, const int32_t activation_min, const int32_t activation_max, const int32_t num_col_a, const cmsis_nn_bias_data *const bias_data, int16_t *out_0);
#else
int16_t *arm_nn_mat_mult_kernel_s16(const int8_t *input_a, const int16_t *input_b, const int32_t output_ch, const int32_t *out_shift, const int32_t *out_mult, const int32_t activation_min, const int32_t activation_max, const int32_t num_col_a, const cmsis_nn_bias_data *const bias_data, int16_t *out_0, const int32_t row_address_offset);
#endif

/*
 * LSTM step and gate (portable C on every backend): the very step and gate functions
 * arm_lstm_unidirectional_s8 / _s16 run (Source/LSTMFunctions/kiln_lstm_run.inc), exposed with
 * CMSIS-NN's batched interface. Batch b's input is at data_in + b * batch_offset * input_size and its
 * recurrent input at hidden_in + b * batch_offset * hidden_size (batch_offset 1: time-major data,
 * time_steps: batch-major); params->time_steps is not used.
 */

/**
 * One LSTM gate for params->batch_size batches: output[b * hidden_size + i] (dense) =
 * act(sat16(sat16(R_in) + R_hid)) with R_in the requantized input product (gate_data's input
 * weights, effective bias, multiplier, shift) and R_hid the recurrent one (skipped when hidden_in is
 * NULL), act gate_data->activation_type (sigmoid / tanh, Q3.12 in, Q0.15 out).
 * @return ARM_CMSIS_NN_ARG_ERROR (nothing written) for NULL data_in / gate_data / params / output,
 *         batch_size, input_size or hidden_size < 1, batch_offset < 1, sizes past INT32_MAX, or gate
 *         parameters kiln rejects in arm_lstm_unidirectional_s8 (NULL weights or biases, recurrent
 *         ones included when hidden_in is given, a negative multiplier, a shift outside [-31, 30],
 *         an activation other than sigmoid / tanh).
 */
arm_cmsis_nn_status arm_nn_lstm_calculate_gate_s8_s16(const int8_t *data_in, const int8_t *hidden_in, const cmsis_nn_lstm_gate *gate_data, const cmsis_nn_lstm_params *params, int16_t *output, const int32_t batch_offset);

/** As arm_nn_lstm_calculate_gate_s8_s16 for int16 data (int64 effective biases, shifts in [-31, 14]). */
arm_cmsis_nn_status arm_nn_lstm_calculate_gate_s16(const int16_t *data_in, const int16_t *hidden_in, const cmsis_nn_lstm_gate *gate_data, const cmsis_nn_lstm_params *params, int16_t *output, const int32_t batch_offset);

/**
 * One LSTM time step for params->batch_size batches: the four gates, the cell state update in
 * buffers->cell_state (batch_size * hidden_size int16, dense) and the new hidden state, batch b at
 * hidden_out + b * batch_offset * hidden_size. buffers->temp1 / temp2: batch_size * hidden_size
 * int16 each; buffers->hidden_state is not used (hidden_in is the previous hidden state, NULL for
 * none: no recurrent product). hidden_out may equal hidden_in.
 * @return ARM_CMSIS_NN_ARG_ERROR (nothing written) for what arm_lstm_unidirectional_s8 rejects for a
 *         one-step sequence (NULL data_in / hidden_out / params / buffers / temp1 / temp2 /
 *         cell_state, int16 buffers not 2-byte aligned, sizes < 1 or past INT32_MAX, gate and cell
 *         parameters out of range; recurrent weights required exactly when hidden_in is given) and
 *         batch_offset < 1.
 */
arm_cmsis_nn_status arm_nn_lstm_step_s8(const int8_t *data_in, const int8_t *hidden_in, int8_t *hidden_out, const cmsis_nn_lstm_params *params, cmsis_nn_lstm_context *buffers, const int32_t batch_offset);

/** As arm_nn_lstm_step_s8 for int16 data and output (arm_lstm_unidirectional_s16's rules). */
arm_cmsis_nn_status arm_nn_lstm_step_s16(const int16_t *data_in, const int16_t *hidden_in, int16_t *hidden_out, const cmsis_nn_lstm_params *params, cmsis_nn_lstm_context *buffers, const int32_t batch_offset);

/**
 * Legacy per-channel GEMM (the convolution's own GEMM, every backend; upstream: MVE only): column j
 * < col_batches (1..4) at input_col + j * row_len, filter ch at input_row + ch * row_len:
 * out[j * output_ch + ch] = clamp(requantize(bias[ch] + sum_k (col[j][k] + col_offset) * row[ch][k],
 * output_mult[ch], output_shift[ch]) + out_offset). row_offset is not used. Returns out + col_batches
 * * output_ch; NULL for invalid arguments (output_ch or row_len 0, col_batches outside 1..4, ...).
 */
int8_t *arm_nn_mat_mult_s8(const int8_t *input_row, const int8_t *input_col, const uint16_t output_ch, const uint16_t col_batches, const int32_t *output_shift, const int32_t *output_mult, const int32_t out_offset, const int32_t col_offset, const int32_t row_offset, const int16_t out_activation_min, const int16_t out_activation_max, const uint16_t row_len, const int32_t *const bias, int8_t *out);

/**
 * As arm_nn_mat_mult_nt_t_s4 with an even rhs_cols and each lhs row interleaved in blocks of 32
 * columns (as CMSIS-NN's int4 convolution lays its im2col out): within every full block of 32 the
 * lhs values of the 16 odd columns come first, then those of the 16 even columns; the columns after
 * the last full block are in order. Every backend (upstream: MVE only); an odd rhs_cols is
 * ARM_CMSIS_NN_ARG_ERROR.
 */
arm_cmsis_nn_status arm_nn_mat_mult_nt_interleaved_t_even_s4(const int8_t *lhs, const int8_t *rhs, const int32_t *bias, int8_t *dst, const int32_t *dst_multipliers, const int32_t *dst_shifts, const int32_t lhs_rows, const int32_t rhs_rows, const int32_t rhs_cols, const int32_t lhs_offset, const int32_t dst_offset, const int32_t activation_min, const int32_t activation_max, const int32_t lhs_cols_offset);

/**
 * arm_nn_depthwise_conv_nt_t_s8 (upstream form) with rhs packed int4: weight t * total_ch + c in the
 * low nibble of byte (t * total_ch + c) / 2 for an even index, the high nibble for an odd one. Same
 * arguments, results and errors. Every backend (upstream: MVE only).
 */
arm_cmsis_nn_status arm_nn_depthwise_conv_nt_t_s4(const int8_t *lhs, const int8_t *rhs, const int32_t lhs_offset, const int32_t active_ch, const int32_t total_ch, const int32_t *out_shift, const int32_t *out_mult, const int32_t out_offset, const int32_t activation_min, const int32_t activation_max, const uint16_t row_x_col, const int32_t *const output_bias, int8_t *out);

/**
 * Depthwise accumulation of four int16 patches (patch p's row t at lhs + (p * row_x_col + t) *
 * num_ch) against one int8 filter (row t at rhs + t * num_ch): out[p * num_ch + c] =
 * clamp(arm_nn_requantize_s64(sum_t lhs[p][t][c] * rhs[t][c] + bias[c], REDUCE_MULTIPLIER(out_mult[c]),
 * out_shift[c])) with the exact int64 sum; output_bias may be NULL. Returns out + 4 * num_ch; NULL
 * (nothing written) for NULL pointers, a negative multiplier, a shift outside [-31, 30] or an
 * invalid int16 activation range. Every backend (upstream: MVE only).
 */
int16_t *arm_nn_depthwise_conv_nt_t_s16(const int16_t *lhs, const int8_t *rhs, const uint16_t num_ch, const int32_t *out_shift, const int32_t *out_mult, const int32_t activation_min, const int32_t activation_max, const uint16_t row_x_col, const int64_t *const output_bias, int16_t *out);

/**
 * Transposed convolution, one input row into a rolling int32 buffer (every backend): for input
 * column x < input_x, output channel oc, the j-th filter row r in [skip_row_top, rhs_rows -
 * skip_row_bottom) and filter column kc < rhs_cols,
 * output_start[idx_j + (x * stride_x + kc) * output_channels + oc] += sum_ic (lhs[x * input_channels
 * + ic] + lhs_offset) * rhs[((oc * rhs_rows + r) * rhs_cols + kc) * input_channels + ic], with
 * idx_0 = output_index, idx_(j+1) = (idx_j + row_offset) % output_max; modulo 2^32. The buffer must
 * hold output_max + ((input_x - 1) * stride_x + rhs_cols) * output_channels int32 (the function
 * cannot check that). ARG_ERROR (nothing written) for NULL pointers, negative counts or offsets,
 * output_index outside [0, output_max), stride_x < 1, skipped rows past rhs_rows, lhs_offset
 * outside [-127, 128] or indices past INT32_MAX.
 */
arm_cmsis_nn_status arm_nn_transpose_conv_row_s8_s32(const int8_t *lhs, const int8_t *rhs, int32_t *output_start, const int32_t output_index, const int32_t output_max, const int32_t rhs_rows, const int32_t rhs_cols, const int32_t input_channels, const int32_t output_channels, const int32_t lhs_offset, const int32_t row_offset, const int32_t input_x, const int32_t stride_x, const int32_t skip_row_top, const int32_t skip_row_bottom);

/* @kiln-support-int end */

/* ------------------------------------------------------------------------------------------------
 * Support kernels (declared per family as they are implemented).
 * --------------------------------------------------------------------------------------------- */

/* @kiln-support-conv: convolution support kernels */

#if KILN_UPSTREAM_API
/** Scratch bytes of arm_convolve_s8 on an MVE build, callable on any build (declared in
 * arm_nnfunctions.h in ns-API mode). */
int32_t arm_convolve_s8_get_buffer_size_mve(const cmsis_nn_dims *input_dims, const cmsis_nn_dims *filter_dims);
#endif

/*
 * int8 GEMM kernels of the convolution family (every backend: C, DSP SMLAD, MVE VMLADAVA). Common
 * argument rules: NULL pointers, negative counts, lhs/input offset outside [-127, 128], dst/output
 * offset outside [-128, 127], activation limits outside int8 or min > max, a negative multiplier or
 * a shift outside [-31, 30], row strides below the row length and indices past INT32_MAX are
 * rejected (ARG_ERROR, or NULL for the pointer-returning kernels) before anything is written.
 */

/**
 * dst[r * row_address_offset + c] = clamp(requantize(acc, dst_multipliers[c], dst_shifts[c]) + dst_offset,
 *                                         activation_min, activation_max)
 * for r < lhs_rows, c < rhs_rows, with (upstream) acc = bias[c] + sum_k (lhs[r * lhs_cols_offset + k] +
 * lhs_offset) * rhs[c * rhs_cols + k], k < rhs_cols; bias may be NULL. ns signature: a non-NULL
 * weight_sum_buf holds sum_k rhs[c][k] * lhs_offset + bias[c] (arm_convolve_weight_sum /
 * arm_vector_sum_s8 with the bias), and then acc = weight_sum_buf[c] + sum_k lhs * rhs (bias and
 * lhs_offset are not applied again); NULL gives the upstream computation.
 */
#if KILN_UPSTREAM_API
arm_cmsis_nn_status arm_nn_mat_mult_nt_t_s8(const int8_t *lhs, const int8_t *rhs, const int32_t *bias, int8_t *dst, const int32_t *dst_multipliers, const int32_t *dst_shifts, const int32_t lhs_rows, const int32_t rhs_rows, const int32_t rhs_cols, const int32_t lhs_offset, const int32_t dst_offset, const int32_t activation_min, const int32_t activation_max, const int32_t row_address_offset, const int32_t lhs_cols_offset);
#else
arm_cmsis_nn_status arm_nn_mat_mult_nt_t_s8(const int32_t *weight_sum_buf, const int8_t *lhs, const int8_t *rhs, const int32_t *bias, int8_t *dst, const int32_t *dst_multipliers, const int32_t *dst_shifts, const int32_t lhs_rows, const int32_t rhs_rows, const int32_t rhs_cols, const int32_t lhs_offset, const int32_t dst_offset, const int32_t activation_min, const int32_t activation_max, const int32_t row_address_offset, const int32_t lhs_cols_offset);

/** ns-cmsis-nn: arm_nn_mat_mult_nt_t_s8 for the single-output-pixel convolution; same semantics. */
arm_cmsis_nn_status arm_nn_mat_mult_nt_t_1x1_out_s8(const int32_t *weight_sum_buf, const int8_t *lhs, const int8_t *rhs, const int32_t *bias, int8_t *dst, const int32_t *dst_multipliers, const int32_t *dst_shifts, const int32_t lhs_rows, const int32_t rhs_rows, const int32_t rhs_cols, const int32_t lhs_offset, const int32_t dst_offset, const int32_t activation_min, const int32_t activation_max, const int32_t row_address_offset, const int32_t lhs_cols_offset);
#endif

/**
 * int8 x int8 -> int32, accumulated (dst is not cleared): with K = rhs_rows and N = rhs_cols,
 * dst[m * dst_idx_offset * N + n * dst_idx_offset] += sum_k (lhs[m * K + k] + lhs_offset) * rhs[n * K + k]
 * for m < lhs_rows, n < N. ARG_ERROR for NULL pointers, negative counts, dst_idx_offset < 1,
 * lhs_offset outside [-127, 128] or an index past INT32_MAX.
 */
arm_cmsis_nn_status arm_nn_mat_mult_nt_t_s8_s32(const int8_t *lhs, const int8_t *rhs, int32_t *dst, const int32_t lhs_rows, const int32_t rhs_rows, const int32_t rhs_cols, const int32_t lhs_offset, const int32_t dst_idx_offset);

/**
 * One patch against out_ch filters: output[c] = clamp(requantize(bias[c] + sum_{i < row_elements}
 * (row_base_ref[i] + input_offset) * col_base_ref[c * (row_elements + skipped_row_elements) + i]) +
 * output_offset) with conv_params' offsets and activation (bias may be NULL). Every backend
 * (upstream: MVE only).
 */
arm_cmsis_nn_status arm_nn_mat_mul_core_1x_s8(int32_t row_elements, const int32_t skipped_row_elements, const int8_t *row_base_ref, const int8_t *col_base_ref, const int32_t out_ch, const cmsis_nn_conv_params *conv_params, const cmsis_nn_per_channel_quant_params *quant_params, const int32_t *bias, int8_t *output);

/**
 * Four patches (row_base + r * offset, r < 4, row_elements values each) against out_ch filters
 * (col_base, row stride row_elements): output[r * out_ch + c] as arm_nn_mat_mul_core_1x_s8. Returns
 * output + 4 * out_ch, or NULL for invalid arguments (offset < row_elements included). Every backend.
 */
int8_t *arm_nn_mat_mul_core_4x_s8(const int32_t row_elements, const int32_t offset, const int8_t *row_base, const int8_t *col_base, const int32_t out_ch, const cmsis_nn_conv_params *conv_params, const cmsis_nn_per_channel_quant_params *quant_params, const int32_t *bias, int8_t *output);

/**
 * Legacy two-column kernel: A int8 [output_ch][num_col_a], B two int16 columns (input_b and
 * input_b + aligned_num_col_a, offsets applied): out_0[ch] and out_0[output_ch + ch] =
 * clamp(requantize(bias[ch] + A[ch] . B0/B1) + out_offset). Returns out_0 + 2 * output_ch, NULL
 * for invalid arguments. Every backend (upstream: not on MVE).
 */
int8_t *arm_nn_mat_mult_kernel_s8_s16(const int8_t *input_a, const int16_t *input_b, const uint16_t output_ch, const int32_t *out_shift, const int32_t *out_mult, const int32_t out_offset, const int16_t activation_min, const int16_t activation_max, const int32_t num_col_a, const int32_t aligned_num_col_a, const int32_t *const output_bias, int8_t *out_0);

/** dst[i] = src[i] + offset for i < block_size (nothing for block_size <= 0 or NULL pointers). */
void arm_q7_to_q15_with_offset(const int8_t *src, int16_t *dst, int32_t block_size, int16_t offset);

#if defined(ARM_MATH_DSP)
/** As arm_q7_to_q15_with_offset in SXTAB16 order: every 4 values b0 b1 b2 b3 are written as
 * b0 b2 b1 b3 (+ offset); a tail of fewer than 4 in order. DSP (and MVE) builds. */
void arm_s8_to_s16_unordered_with_offset(const int8_t *src, int16_t *dst, int32_t block_size, int16_t offset);
#endif

/* @kiln-support-depthwise: depthwise support kernels */

/** Scratch bytes of arm_depthwise_conv_s8_opt answered for the DSP backend, on any build (0;
 * -1 for invalid dims). */
int32_t arm_depthwise_conv_s8_opt_get_buffer_size_dsp(const cmsis_nn_dims *input_dims, const cmsis_nn_dims *filter_dims);
/** Same for the Helium backend. */
int32_t arm_depthwise_conv_s8_opt_get_buffer_size_mve(const cmsis_nn_dims *input_dims, const cmsis_nn_dims *filter_dims);

/**
 * Depthwise accumulation of four im2col patches against one filter block (every backend).
 * lhs holds four patches of row_x_col rows each, rows CH_IN_BLOCK_MVE bytes apart (patch p starts
 * at lhs + p * row_x_col * CH_IN_BLOCK_MVE); rhs holds row_x_col rows total_ch bytes apart. For
 * c < active_ch and p < 4:
 *   acc = base[c] + sum_t lhs[p][t][c] * rhs[t * total_ch + c]
 *   out[p * total_ch + c] = clamp(requantize(acc, out_mult[c], out_shift[c]) + out_offset, min, max)
 * ns: base = weight_sum_buf (bias + lhs_offset * sum_t rhs, from arm_depthwise_convolve_weight_sum);
 * a NULL weight_sum_buf, and upstream mode, use base = output_bias (NULL: 0) + lhs_offset * sum_t rhs
 * (the same value, formed here). Accumulation is modulo 2^32.
 * @return ARM_CMSIS_NN_ARG_ERROR (nothing written) for NULL lhs/rhs/out_shift/out_mult/out,
 *         active_ch outside [0, min(total_ch, CH_IN_BLOCK_MVE)], offsets outside [-255, 255],
 *         a multiplier < 0, a shift outside [-31, 30] or an invalid activation range.
 */
#if KILN_UPSTREAM_API
arm_cmsis_nn_status arm_nn_depthwise_conv_nt_t_s8(const int8_t *lhs,
                                                  const int8_t *rhs,
                                                  const int32_t lhs_offset,
                                                  const int32_t active_ch,
                                                  const int32_t total_ch,
                                                  const int32_t *out_shift,
                                                  const int32_t *out_mult,
                                                  const int32_t out_offset,
                                                  const int32_t activation_min,
                                                  const int32_t activation_max,
                                                  const uint16_t row_x_col,
                                                  const int32_t *const output_bias,
                                                  int8_t *out);
#else
arm_cmsis_nn_status arm_nn_depthwise_conv_nt_t_s8(const int32_t *weight_sum_buf,
                                                  const int8_t *lhs,
                                                  const int8_t *rhs,
                                                  const int32_t lhs_offset,
                                                  const int32_t active_ch,
                                                  const int32_t total_ch,
                                                  const int32_t *out_shift,
                                                  const int32_t *out_mult,
                                                  const int32_t out_offset,
                                                  const int32_t activation_min,
                                                  const int32_t activation_max,
                                                  const uint16_t row_x_col,
                                                  const int32_t *const output_bias,
                                                  int8_t *out);
#endif

/**
 * As arm_nn_depthwise_conv_nt_t_s8 (upstream form) for patches with padding: lhs holds raw input
 * values and padded taps hold -lhs_offset, so acc = bias + sum (lhs + lhs_offset) * rhs.
 * Same arguments, results and errors.
 */
arm_cmsis_nn_status arm_nn_depthwise_conv_nt_t_padded_s8(const int8_t *lhs,
                                                         const int8_t *rhs,
                                                         const int32_t lhs_offset,
                                                         const int32_t active_ch,
                                                         const int32_t total_ch,
                                                         const int32_t *out_shift,
                                                         const int32_t *out_mult,
                                                         const int32_t out_offset,
                                                         const int32_t activation_min,
                                                         const int32_t activation_max,
                                                         const uint16_t row_x_col,
                                                         const int32_t *const output_bias,
                                                         int8_t *out);

/**
 * Depthwise accumulation of two int16 im2col columns (input offset already added) against one
 * filter, every backend: row = filter [kernel_size][num_ch]; column k (0, 1) starts at
 * col + k * kernel_size * num_ch with the same layout. For c < num_ch:
 *   out[k * num_ch + c] = clamp(requantize(bias[c] + sum_t row[t][c] * colk[t][c], out_mult[c],
 *                               out_shift[c]) + out_offset, activation_min, activation_max)
 * output_bias may be NULL (zero). Accumulation is modulo 2^32.
 * @return out + 2 * num_ch; NULL (nothing written) for NULL row/col/out_shift/out_mult/out,
 *         out_offset outside [-255, 255], a multiplier < 0, a shift outside [-31, 30] or an
 *         invalid activation range.
 */
int8_t *arm_nn_depthwise_conv_s8_core(const int8_t *row,
                                      const int16_t *col,
                                      const uint16_t num_ch,
                                      const int32_t *out_shift,
                                      const int32_t *out_mult,
                                      const int32_t out_offset,
                                      const int32_t activation_min,
                                      const int32_t activation_max,
                                      const uint16_t kernel_size,
                                      const int32_t *const output_bias,
                                      int8_t *out);

/* @kiln-support-fc: fully connected and batch matmul support kernels */

/**
 * int8 vector x transposed matrix: for r < rhs_rows,
 *   acc = bias[r] + sum_k (rhs[r][k] + rhs_offset) * (lhs[k] + lhs_offset)
 *   dst[r * address_offset] = clamp(requantize(acc, dst_multiplier, dst_shift) + dst_offset,
 *                                   activation_min, activation_max)
 * kernel_sum (CMSIS-NN's Helium input): on MVE builds a non-NULL kernel_sum from
 * arm_vector_sum_s8(.., lhs_offset, rhs_offset, bias) replaces bias and the input-offset terms
 * (bias is then not read); NULL makes the kernel compute the sums itself. Ignored on DSP / C.
 * @return ARM_CMSIS_NN_ARG_ERROR for NULL lhs/rhs/dst, negative counts, address_offset < 1,
 *         offsets outside [-32639, 32639], a negative multiplier, a shift outside [-31, 30] or an
 *         invalid activation range.
 */
arm_cmsis_nn_status arm_nn_vec_mat_mult_t_s8(const int8_t *lhs,
                                            const int8_t *rhs,
                                            const int32_t *kernel_sum,
                                            const int32_t *bias,
                                            int8_t *dst,
                                            const int32_t lhs_offset,
                                            const int32_t dst_offset,
                                            const int32_t dst_multiplier,
                                            const int32_t dst_shift,
                                            const int32_t rhs_cols,
                                            const int32_t rhs_rows,
                                            const int32_t activation_min,
                                            const int32_t activation_max,
                                            const int32_t address_offset,
                                            const int32_t rhs_offset);

/** As arm_nn_vec_mat_mult_t_s8 with per-row dst_multiplier[r] / dst_shift[r] (each validated). */
arm_cmsis_nn_status arm_nn_vec_mat_mult_t_per_ch_s8(const int8_t *lhs,
                                                   const int8_t *rhs,
                                                   const int32_t *kernel_sum,
                                                   const int32_t *bias,
                                                   int8_t *dst,
                                                   const int32_t lhs_offset,
                                                   const int32_t dst_offset,
                                                   const int32_t *dst_multiplier,
                                                   const int32_t *dst_shift,
                                                   const int32_t rhs_cols,
                                                   const int32_t rhs_rows,
                                                   const int32_t activation_min,
                                                   const int32_t activation_max,
                                                   const int32_t address_offset,
                                                   const int32_t rhs_offset);

/* @kiln-support-softmax: softmax support */

/**
 * The int8 softmax behind arm_softmax_s8 (int16_output false: int8 output) and
 * arm_softmax_s8_s16 (int16_output true: output is int16_t *). Semantics and bad-input behavior
 * as arm_softmax_s8 (invalid arguments return without reading or writing anything).
 */
void arm_nn_softmax_common_s8(const int8_t *input,
                              const int32_t num_rows,
                              const int32_t row_size,
                              const int32_t mult,
                              const int32_t shift,
                              const int32_t diff_min,
                              const bool int16_output,
                              void *output);

/* ---- int16 elementwise products of upstream's int16 LSTM (portable C on every backend) ----------
 * ARM_CMSIS_NN_ARG_ERROR, writing nothing, for a NULL pointer, a negative size, an offset outside
 * the output type or an out_mult / out_shift pair whose requantization of an int16 x int16 product
 * is not defined (shift outside [-31, 30], a left shift that overflows, out_mult INT32_MIN). */

/**
 * out = clamp(requantize(in1 * in2, out_mult, out_shift) + out_offset) to int8 (_s16_s8) or int16
 * (_s16_batch_offset), over batch_size batches of block_size elements: the inputs are dense, batch b
 * of the output starts at element b * batch_offset * block_size (batch_offset >= 1; the elements
 * between batches are left alone); every span at most INT32_MAX elements.
 */
arm_cmsis_nn_status arm_elementwise_mul_s16_s8(const int16_t *input_1_vect, const int16_t *input_2_vect, int8_t *output, const int32_t out_offset, const int32_t out_mult, const int32_t out_shift, const int32_t block_size, const int32_t batch_size, const int32_t batch_offset);
arm_cmsis_nn_status arm_elementwise_mul_s16_batch_offset(const int16_t *input_1_vect, const int16_t *input_2_vect, int16_t *output, const int32_t out_offset, const int32_t out_mult, const int32_t out_shift, const int32_t block_size, const int32_t batch_size, const int32_t batch_offset);

/**
 * Accumulating product: output[i] = clamp(output[i] + requantize(in1[i] * in2[i], out_mult, out_shift),
 * lo, hi), [lo, hi] = [out_activation_min, out_activation_max] (a valid int16 range) when
 * out_activation_max > 0, else all of int16 (upstream's rule). input_1_offset, input_2_offset and
 * out_offset are ignored, as upstream.
 */
arm_cmsis_nn_status arm_elementwise_mul_acc_s16(const int16_t *input_1_vect, const int16_t *input_2_vect, const int32_t input_1_offset, const int32_t input_2_offset, int16_t *output, const int32_t out_offset, const int32_t out_mult, const int32_t out_shift, const int32_t out_activation_min, const int32_t out_activation_max, const int32_t block_size);

/* @kiln-supflt-half: scalar float16 helpers (_Float16) and the legacy float16 vector x matrix product */
#if ARM_NN_ENABLE_F16
/*
 * Integer-only implementations: the operands are classified and ordered by their bit patterns (no
 * floating-point select, so no HFmode conditional move for any compiler; exact at any optimization level).
 * Order: -inf < ... < -0 < +0 < ... < +inf (so -0 is below +0, as VMINNM / VMAXNM order them).
 */
/** Order key of a non-NaN float16 bit pattern (monotone in the value, -0 below +0). */
static inline int32_t kiln_f16h_key(uint16_t b)
{
    const int32_t m = (int32_t)(b & 0x7FFFu);
    return (b & 0x8000u) ? -m - 1 : m;
}
/** True for a NaN bit pattern (all-ones exponent, nonzero mantissa). */
static inline bool kiln_f16h_is_nan(uint16_t b)
{
    return (b & 0x7FFFu) > 0x7C00u;
}
static inline uint16_t kiln_f16h_bits(_Float16 x)
{
    uint16_t b;
    memcpy(&b, &x, sizeof(b));
    return b;
}
static inline _Float16 kiln_f16h_of(uint16_t b)
{
    _Float16 x;
    memcpy(&x, &b, sizeof(x));
    return x;
}

/** @brief IEEE 754 minNum: the smaller of a and b (-0 below +0); a NaN operand loses to a number (two NaNs: a). */
static inline _Float16 arm_nn_min_f16h(_Float16 a, _Float16 b)
{
    const uint16_t ab = kiln_f16h_bits(a), bb = kiln_f16h_bits(b);
    if (kiln_f16h_is_nan(ab) || kiln_f16h_is_nan(bb))
    {
        return kiln_f16h_is_nan(ab) ? (kiln_f16h_is_nan(bb) ? a : b) : a;
    }
    return kiln_f16h_key(bb) < kiln_f16h_key(ab) ? b : a;
}

/** @brief IEEE 754 maxNum: the larger of a and b (+0 above -0); a NaN operand loses to a number (two NaNs: a). */
static inline _Float16 arm_nn_max_f16h(_Float16 a, _Float16 b)
{
    const uint16_t ab = kiln_f16h_bits(a), bb = kiln_f16h_bits(b);
    if (kiln_f16h_is_nan(ab) || kiln_f16h_is_nan(bb))
    {
        return kiln_f16h_is_nan(ab) ? (kiln_f16h_is_nan(bb) ? a : b) : a;
    }
    return kiln_f16h_key(bb) > kiln_f16h_key(ab) ? b : a;
}

/** @brief x (its exact bits) when x is a NaN, else y. */
static inline _Float16 arm_nn_propagate_nan_f16h(_Float16 x, _Float16 y)
{
    return kiln_f16h_is_nan(kiln_f16h_bits(x)) ? x : y;
}

/**
 * @brief arm_nn_max_f16h(arm_nn_min_f16h(x, h), l): the CLAMP(x, h, l) macro of CMSIS-NN (note the order: high
 *        bound, then low). A NaN x gives max(h, l). For l > h the result is l.
 */
static inline _Float16 arm_nn_clamp_f16h(_Float16 x, _Float16 h, _Float16 l)
{
    return arm_nn_max_f16h(arm_nn_min_f16h(x, h), l);
}

/**
 * @brief Clamp with TFLite's NaN rule: arm_nn_min_f16h(arm_nn_max_f16h(x, l), h), but a NaN x passes with its
 *        exact bits (note the order: low bound, then high). For l > h the result is h.
 */
static inline _Float16 arm_nn_clamp_propagate_nan_f16h(_Float16 x, _Float16 l, _Float16 h)
{
    return arm_nn_propagate_nan_f16h(x, arm_nn_min_f16h(arm_nn_max_f16h(x, l), h));
}

/** @brief |x|: the sign bit cleared (-0 gives +0, a NaN keeps its payload), as TFLite ABS and VABS.F16. */
static inline _Float16 arm_nn_abs_f16h(_Float16 x)
{
    return kiln_f16h_of((uint16_t)(kiln_f16h_bits(x) & 0x7FFFu));
}
#endif /* ARM_NN_ENABLE_F16 */

#if ARM_NN_ENABLE_F16 && defined(ARM_FLOAT16_SUPPORTED)
/**
 * @brief dst[o] = clamp(bias[o] + sum over j < rhs_cols of lhs[j] x rhs[o x rhs_cols + j], activation_min,
 *        activation_max) for o < rhs_rows: rhs holds one row of rhs_cols per output (the layout of ns-cmsis-nn's
 *        Helium version; its portable C version reads rhs column-major, which Kiln treats as a bug). The float16
 *        fully connected kernel (arm_fully_connected_f16(), standard weights): products and sums in float32 in
 *        column order, the bias added, clamped and rounded once to float16 (ns-cmsis-nn accumulates in float16).
 *        bias may be NULL (zero).
 * @return ARM_CMSIS_NN_SUCCESS (rhs_rows 0: nothing written), or ARM_CMSIS_NN_ARG_ERROR, writing nothing, for
 *         rhs_cols or rhs_rows < 0, activation_min > activation_max or a NaN bound, NULL dst with rhs_rows > 0,
 *         NULL lhs or rhs with rhs_rows and rhs_cols > 0, sizes past PTRDIFF_MAX bytes.
 */
arm_cmsis_nn_status arm_nn_vec_mat_mult_t_fp16(const float16_t *lhs, const float16_t *rhs, const float16_t *bias, float16_t *dst, const int32_t rhs_cols, const int32_t rhs_rows, const float16_t activation_min, const float16_t activation_max);
#endif

#ifdef __cplusplus
}
#endif

#endif /* ARM_NNSUPPORTFUNCTIONS_H */
