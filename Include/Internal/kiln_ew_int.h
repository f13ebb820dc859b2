/*
 * Kiln internals: the ns-cmsis-nn integer elementwise family (ADD / SUB / MUL / SQUARED_DIFFERENCE with
 * TFLite broadcasting and "scalar" forms, PRELU, ABS) for int8 and int16: argument checks that prove every int32
 * intermediate in range from the parameters, the per-element arithmetic of TFLite's reference kernels, and the
 * broadcast driver (Source/BasicMathFunctions/kiln_ew_int.c). Portable C on every backend, apart from the
 * same-shape ADD / MUL runs, which go through arm_elementwise_{add,mul}_{s8,s16} (their backend kernels).
 */
#ifndef KILN_EW_INT_H
#define KILN_EW_INT_H

#include "Include/Internal/kiln_elementwise_s16.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The three ops sharing ADD's input rescaling. */
typedef enum
{
    KILN_EW_ADD = 0,
    KILN_EW_SUB = 1,
    KILN_EW_SQDIFF = 2
} kiln_ew_op;

/* Parameters of ADD / SUB / SQUARED_DIFFERENCE (the public functions' arguments, same meanings). */
typedef struct
{
    int32_t in1_offset, in1_mult, in1_shift;
    int32_t in2_offset, in2_mult, in2_shift;
    int32_t left_shift;
    int32_t out_offset, out_mult, out_shift;
    int32_t act_min, act_max;
} kiln_ew_q;

/* Parameters of MUL. */
typedef struct
{
    int32_t in1_offset, in2_offset;
    int32_t out_offset, out_mult, out_shift;
    int32_t act_min, act_max;
} kiln_ew_m;

/* Parameters of PRELU; lo / hi are the output type's limits (the clamp). */
typedef struct
{
    int32_t in_offset, alpha_offset, out_offset;
    int32_t mult_id, shift_id, mult_alpha, shift_alpha;
    int32_t lo, hi;
} kiln_ew_prelu;

/* The element type of a call: its value range and the offsets its entries accept. */
typedef struct
{
    int32_t tmin, tmax;
    bool s16;
} kiln_ew_type;

#define KILN_EW_S8  ((kiln_ew_type){INT8_MIN, INT8_MAX, false})
#define KILN_EW_S16 ((kiln_ew_type){INT16_MIN, INT16_MAX, true})

/*
 * The range [*lo, *hi] of requantize((x + offset) << ls, mult, shift) over every x of the type, or false when an
 * intermediate leaves int32 for some x (kiln_requant_range's conditions; x + offset and its shifts are exact in
 * int64 for the offsets and left shifts the checks accept).
 */
static inline bool kiln_ew_in_range(kiln_ew_type t, int32_t offset, int32_t ls, int32_t mult, int32_t shift,
                                    int64_t *lo, int64_t *hi)
{
    const int64_t scale = (int64_t)1 << ls;
    return kiln_requant_range(((int64_t)t.tmin + offset) * scale, ((int64_t)t.tmax + offset) * scale, mult, shift, lo,
                              hi);
}

/* Offsets an input of the type accepts: [-255, 255] for int8 (in + offset within int16), +-65535 for int16. */
static inline bool kiln_ew_in_offset_ok(kiln_ew_type t, int32_t offset)
{
    return t.s16 ? kiln_offset_s16_ok(offset) : (offset >= -255 && offset <= 255);
}

/* Output offsets: any for int8 (the range checks bound it), +-65535 for int16 (as arm_elementwise_add_s16). */
static inline bool kiln_ew_out_offset_ok(kiln_ew_type t, int32_t offset)
{
    return !t.s16 || kiln_offset_s16_ok(offset);
}

static inline bool kiln_ew_act_ok(kiln_ew_type t, int32_t act_min, int32_t act_max)
{
    return t.s16 ? kiln_act_s16_ok(act_min, act_max) : kiln_act_s8_ok(act_min, act_max);
}

/*
 * Whether ADD / SUB / SQUARED_DIFFERENCE parameters keep every intermediate within int32 for every pair of inputs
 * of the type (exact, from the ends of each range; requantization with a multiplier >= 0 is non-decreasing):
 * offsets, left shift (int8 [0, 30], int16 [0, 31]) and activation range accepted, then each rescaled input,
 * raw = x1 + x2 / x1 - x2 / (x1 - x2)^2, the output requantization's left shift and the requantized raw +
 * out_offset. For ADD this accepts exactly what arm_elementwise_add_s8 / _s16 accept.
 */
bool kiln_ew_q_ok(const kiln_ew_q *q, kiln_ew_op op, kiln_ew_type t);

/* The range [*lo, *hi] of raw (x1 + x2, x1 - x2 or (x1 - x2)^2 of the rescaled inputs) over every pair of inputs of
 * the type; false when a rescaling leaves its domain or a difference's square could leave int32. */
bool kiln_ew_q_raw_range(const kiln_ew_q *q, kiln_ew_op op, kiln_ew_type t, int64_t *lo, int64_t *hi);

/* Whether MUL parameters keep the product, its requantization and + out_offset within int32 (exactly what
 * arm_elementwise_mul_s8 / _s16 accept). *plo / *phi receive the product's range (may be NULL). */
bool kiln_ew_m_ok(const kiln_ew_m *m, kiln_ew_type t, int64_t *plo, int64_t *phi);

/* Whether PRELU parameters keep every intermediate within int32 (each branch over the inputs that take it). */
bool kiln_ew_prelu_ok(const kiln_ew_prelu *p, kiln_ew_type t);

/* TFLite's rescaling of one ADD input: requantize((x + offset) << ls, mult, shift), the value checked to fit. */
static inline int32_t kiln_ew_rescale(int32_t x, int32_t offset, int32_t ls, int32_t mult, int32_t shift)
{
    /* Through uint32: a negative value must not be shifted as a signed int. */
    return arm_nn_requantize((int32_t)((uint32_t)(x + offset) << ls), mult, shift);
}

/* raw of ADD / SUB / SQUARED_DIFFERENCE from the rescaled inputs (kiln_ew_q_ok has bounded it within int32). */
static inline __attribute__((always_inline)) int32_t kiln_ew_q_raw(int32_t x1, int32_t x2, kiln_ew_op op)
{
    if (op == KILN_EW_ADD)
    {
        return x1 + x2;
    }
    const int32_t d = x1 - x2;
    return op == KILN_EW_SQDIFF ? d * d : d;
}

/* One output of ADD / SUB / SQUARED_DIFFERENCE (TFLite's reference arithmetic), before the cast. */
static inline __attribute__((always_inline)) int32_t kiln_ew_q_element(int32_t a, int32_t b, const kiln_ew_q *q,
                                                                       kiln_ew_op op)
{
    const int32_t x1 = kiln_ew_rescale(a, q->in1_offset, q->left_shift, q->in1_mult, q->in1_shift);
    const int32_t x2 = kiln_ew_rescale(b, q->in2_offset, q->left_shift, q->in2_mult, q->in2_shift);
    int32_t out = arm_nn_requantize(kiln_ew_q_raw(x1, x2, op), q->out_mult, q->out_shift) + q->out_offset;
    out = MAX(out, q->act_min);
    return MIN(out, q->act_max);
}

/* One output of MUL, before the cast. */
static inline int32_t kiln_ew_m_element(int32_t a, int32_t b, const kiln_ew_m *m)
{
    int32_t out = arm_nn_requantize((a + m->in1_offset) * (b + m->in2_offset), m->out_mult, m->out_shift) +
        m->out_offset;
    out = MAX(out, m->act_min);
    return MIN(out, m->act_max);
}

/* One output of PRELU (x the input, al the alpha), before the cast. */
static inline int32_t kiln_ew_prelu_element(int32_t x, int32_t al, const kiln_ew_prelu *p)
{
    const int32_t v = x + p->in_offset;
    int32_t out;
    if (v >= 0)
    {
        out = arm_nn_requantize(v, p->mult_id, p->shift_id);
    }
    else
    {
        out = arm_nn_requantize(v * (al + p->alpha_offset), p->mult_alpha, p->shift_alpha);
    }
    out += p->out_offset;
    out = MAX(out, p->lo);
    return MIN(out, p->hi);
}

/*
 * A run of n outputs: out[i] = OP(a[i * sa], b[i * sb]) with strides 0 (a broadcast operand) or 1. The _q runs
 * take a kiln_ew_q and the op, _m a kiln_ew_m; _prelu: a = inputs, b = alphas.
 */
void kiln_ew_q_run_s8(const int8_t *a, int32_t sa, const int8_t *b, int32_t sb, int8_t *out, int32_t n,
                      const kiln_ew_q *q, kiln_ew_op op);
void kiln_ew_q_run_s16(const int16_t *a, int32_t sa, const int16_t *b, int32_t sb, int16_t *out, int32_t n,
                       const kiln_ew_q *q, kiln_ew_op op);
void kiln_ew_m_run_s8(const int8_t *a, int32_t sa, const int8_t *b, int32_t sb, int8_t *out, int32_t n,
                      const kiln_ew_m *m);
void kiln_ew_m_run_s16(const int16_t *a, int32_t sa, const int16_t *b, int32_t sb, int16_t *out, int32_t n,
                       const kiln_ew_m *m);
void kiln_ew_prelu_run_s8(const int8_t *a, int32_t sa, const int8_t *b, int32_t sb, int8_t *out, int32_t n,
                          const kiln_ew_prelu *p);
/*
 * The backend's kernels for runs whose operands are both dense (strides 1): true when they computed the run (the
 * same values as the runs above), false when the caller computes it (no kernel on this backend, parameters outside
 * the kernel's forms, or an output that overlaps an operand other than exactly). Helium:
 * Source/BasicMathFunctions/kernels/kiln_ew_int_mve.c, four elements per vector; DSP: kiln_ew_int_dsp.c, two per
 * word; portable C: kiln_ew_int_c.c (none).
 */
/* Whether out may be written while a and b are read a few elements ahead (the dense kernels): it is one of them
 * exactly, or overlaps neither (addresses compared as integers). */
static inline bool kiln_ew_dense_ok(const int16_t *a, const int16_t *b, const int16_t *out, int32_t n)
{
    const uintptr_t o0 = (uintptr_t)out, o1 = (uintptr_t)(out + n);
    const uintptr_t a0 = (uintptr_t)a, a1 = (uintptr_t)(a + n), b0 = (uintptr_t)b, b1 = (uintptr_t)(b + n);
    const bool a_ok = o0 == a0 || o1 <= a0 || a1 <= o0;
    const bool b_ok = o0 == b0 || o1 <= b0 || b1 <= o0;
    return a_ok && b_ok;
}

bool kiln_ew_q_dense_s16(const int16_t *a, const int16_t *b, int16_t *out, int32_t n, const kiln_ew_q *q,
                         kiln_ew_op op);
bool kiln_ew_m_dense_s16(const int16_t *a, const int16_t *b, int16_t *out, int32_t n, const kiln_ew_m *m);

void kiln_ew_prelu_run_s16(const int16_t *a, int32_t sa, const int16_t *b, int32_t sb, int16_t *out, int32_t n,
                           const kiln_ew_prelu *p);

/*
 * Broadcast plan of the ns-cmsis-nn broadcasting entries: every pointer non-NULL, every dim >= 1 (ns-cmsis-nn
 * refuses empty tensors), each input dim equal to the output's or 1, the output the broadcast shape, at most
 * INT32_MAX outputs (kiln_maxmin_s8_plan, whose plan does not depend on the element type).
 */
bool kiln_ew_bcast_plan(const void *in1, const cmsis_nn_dims *d1, const void *in2, const cmsis_nn_dims *d2,
                        const void *out, const cmsis_nn_dims *dout, kiln_maxmin_plan *plan);

/* A run of the broadcast driver: n outputs from a (stride sa elements, 0 or 1) and b (sb); arg is the op's. */
typedef void (*kiln_ew_run_fn)(const void *a, int32_t sa, const void *b, int32_t sb, void *out, int32_t n,
                               const void *arg);

/* Walks a plan, calling run once per innermost run of outputs (esize: bytes per element of every operand). */
void kiln_ew_bcast(const kiln_maxmin_plan *plan, size_t esize, const void *in1, const void *in2, void *out,
                   kiln_ew_run_fn run, const void *arg);

/* The argument of the ADD / SUB / SQUARED_DIFFERENCE runs of kiln_ew_bcast (kiln_ew_q_run_fn_s8 / _s16). */
typedef struct
{
    kiln_ew_q q;
    kiln_ew_op op;
} kiln_ew_q_arg;

void kiln_ew_q_run_fn_s8(const void *a, int32_t sa, const void *b, int32_t sb, void *out, int32_t n,
                         const void *arg);
void kiln_ew_q_run_fn_s16(const void *a, int32_t sa, const void *b, int32_t sb, void *out, int32_t n,
                          const void *arg);

/*
 * The entries' bodies, after the public functions have gathered their parameters. _bcast: the broadcasting form
 * (kiln_ew_bcast_plan's checks, then the parameters' checks, then the walk); _block: n outputs from in1 (stride
 * s1: 0 for the "scalar" forms, whose in1[0] is the scalar, or 1) and in2 (stride 1), out[i] = OP(in1[i * s1],
 * in2[i]). Every check comes before any write; ARM_CMSIS_NN_ARG_ERROR with nothing written when one fails.
 */
arm_cmsis_nn_status kiln_ew_q_bcast(kiln_ew_op op, kiln_ew_type t, const void *in1, const cmsis_nn_dims *d1,
                                    const void *in2, const cmsis_nn_dims *d2, void *out, const cmsis_nn_dims *dout,
                                    const kiln_ew_q *q);
arm_cmsis_nn_status kiln_ew_q_block(kiln_ew_op op, kiln_ew_type t, const void *in1, int32_t s1, const void *in2,
                                    void *out, int32_t n, const kiln_ew_q *q);
arm_cmsis_nn_status kiln_ew_m_bcast(kiln_ew_type t, const void *in1, const cmsis_nn_dims *d1, const void *in2,
                                    const cmsis_nn_dims *d2, void *out, const cmsis_nn_dims *dout, const kiln_ew_m *m);
arm_cmsis_nn_status kiln_ew_m_block(kiln_ew_type t, const void *in1, int32_t s1, const void *in2, void *out,
                                    int32_t n, const kiln_ew_m *m);
/* PRELU: in (stride si) and alpha (stride sa), one of them 0 for the scalar forms. */
arm_cmsis_nn_status kiln_ew_prelu_block(kiln_ew_type t, const void *in, int32_t si, const void *alpha, int32_t sa,
                                        void *out, int32_t n, const kiln_ew_prelu *p);

#ifdef __cplusplus
}
#endif

#endif /* KILN_EW_INT_H */
