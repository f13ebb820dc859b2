/* Pooling test cases shared by the int8 and int16 pooling tests: the geometry of one call, the public
 * arguments and the reference window it maps to, and a random geometry. */
#ifndef KILN_TEST_POOL_CASE_H
#define KILN_TEST_POOL_CASE_H

#include <string.h>

#include "arm_nnfunctions.h"
#include "Internal/kiln_pool_s8.h"
#include "kiln_ref.h"
#include "kiln_test.h"

typedef struct
{
    int32_t n, in_h, in_w, ch, out_h, out_w, k_h, k_w, s_h, s_w, p_h, p_w, act_min, act_max;
} pool_case;

static inline void fill_args(const pool_case *pc, cmsis_nn_pool_params *pp, cmsis_nn_dims *in, cmsis_nn_dims *f,
                             cmsis_nn_dims *out)
{
    memset(pp, 0, sizeof(*pp));
    pp->stride.h = pc->s_h;
    pp->stride.w = pc->s_w;
    pp->padding.h = pc->p_h;
    pp->padding.w = pc->p_w;
    pp->activation.min = pc->act_min;
    pp->activation.max = pc->act_max;
    *in = (cmsis_nn_dims){pc->n, pc->in_h, pc->in_w, pc->ch};
    /* n and c of the filter and n of the output are not part of the contract: poison them. */
    *f = (cmsis_nn_dims){-7, pc->k_h, pc->k_w, -7};
    *out = (cmsis_nn_dims){-7, pc->out_h, pc->out_w, pc->ch};
}

/* The input taps a call reads: every output element's in-bounds window (the unit of the instruction counts). */
static inline int64_t pool_case_taps(const pool_case *pc)
{
    int64_t taps = 0;
    for (int32_t oy = 0; oy < pc->out_h; oy++)
    {
        int32_t y0, y1;
        kiln_pool_s8_clip(oy, pc->s_h, pc->p_h, pc->k_h, pc->in_h, &y0, &y1);
        for (int32_t ox = 0; ox < pc->out_w; ox++)
        {
            int32_t x0, x1;
            kiln_pool_s8_clip(ox, pc->s_w, pc->p_w, pc->k_w, pc->in_w, &x0, &x1);
            taps += (int64_t)MAX(y1 - y0, 0) * MAX(x1 - x0, 0);
        }
    }
    return taps * pc->n * pc->ch;
}

static inline kiln_ref_window ref_window(const pool_case *pc)
{
    kiln_ref_window w;
    memset(&w, 0, sizeof(w));
    w.batches = pc->n;
    w.in_h = pc->in_h;
    w.in_w = pc->in_w;
    w.in_c = pc->ch;
    w.out_h = pc->out_h;
    w.out_w = pc->out_w;
    w.out_c = pc->ch;
    w.filter_h = pc->k_h;
    w.filter_w = pc->k_w;
    w.stride_h = pc->s_h;
    w.stride_w = pc->s_w;
    w.pad_h = pc->p_h;
    w.pad_w = pc->p_w;
    w.dilation_h = 1;
    w.dilation_w = 1;
    return w;
}

static inline int64_t out_count(const pool_case *pc)
{
    return (int64_t)pc->n * pc->out_h * pc->out_w * pc->ch;
}

static inline int64_t in_count(const pool_case *pc)
{
    return (int64_t)pc->n * pc->in_h * pc->in_w * pc->ch;
}

/* A random geometry: windows at the borders with padding; `empty_ok` lets max pooling draw windows
 * that lie entirely in the padding; `big` draws windows over 256 taps. Activation limits within
 * [lo, hi] (a quarter of the cases), else the whole range. False when the tensors exceed max_in /
 * max_out elements (the caller draws again). */
static inline bool random_case(kiln_rng *r, pool_case *pc, bool empty_ok, bool big, int32_t lo, int32_t hi,
                               int64_t max_in, int64_t max_out)
{
    pc->n = kiln_rng_range(r, 1, 3);
    pc->ch = kiln_rng_range(r, 1, 4) == 1 ? kiln_rng_range(r, 1, 5) : kiln_rng_range(r, 1, 70);
    if (big)
    {
        pc->in_h = kiln_rng_range(r, 16, 24);
        pc->in_w = kiln_rng_range(r, 16, 24);
        pc->k_h = kiln_rng_range(r, 16, pc->in_h + 2);
        pc->k_w = kiln_rng_range(r, 17, pc->in_w + 2);
        pc->ch = kiln_rng_range(r, 1, 20);
        pc->n = 1;
    }
    else
    {
        pc->in_h = kiln_rng_range(r, 1, 14);
        pc->in_w = kiln_rng_range(r, 1, 14);
        pc->k_h = kiln_rng_range(r, 1, 7);
        pc->k_w = kiln_rng_range(r, 1, 7);
    }
    pc->s_h = kiln_rng_range(r, 1, 4);
    pc->s_w = kiln_rng_range(r, 1, 4);
    pc->p_h = kiln_rng_range(r, 0, empty_ok ? pc->k_h + 1 : pc->k_h - 1);
    pc->p_w = kiln_rng_range(r, 0, empty_ok ? pc->k_w + 1 : pc->k_w - 1);
    /* Largest output extent whose last window still starts inside the input (or, with
     * empty_ok, one more). */
    const int32_t max_oh = (pc->in_h - 1 + pc->p_h) / pc->s_h + 1 + (empty_ok ? 1 : 0);
    const int32_t max_ow = (pc->in_w - 1 + pc->p_w) / pc->s_w + 1 + (empty_ok ? 1 : 0);
    pc->out_h = kiln_rng_range(r, 1, max_oh);
    pc->out_w = kiln_rng_range(r, 1, max_ow);
    if (kiln_rng_range(r, 0, 3) == 0)
    {
        const int32_t mid = lo + (int32_t)((int64_t)(hi - lo) * 148 / 255); /* int8: 20 */
        pc->act_min = kiln_rng_range(r, lo, mid);
        pc->act_max = kiln_rng_range(r, pc->act_min, hi);
    }
    else
    {
        pc->act_min = lo;
        pc->act_max = hi;
    }
    return in_count(pc) <= max_in && out_count(pc) <= max_out;
}

/* The bad-input table of the pooling entries: each kind breaks one argument of a valid call. */
typedef enum
{
    NULL_PARAMS,
    NULL_IN_DIMS,
    NULL_INPUT,
    NULL_FILTER,
    NULL_OUT_DIMS,
    NULL_OUTPUT,
    NEG_BATCH,
    NEG_IN_H,
    NEG_IN_W,
    NEG_CH,
    CH_MISMATCH,
    NEG_OUT_H,
    NEG_OUT_W,
    ZERO_KH,
    NEG_KW,
    ZERO_STRIDE_H,
    NEG_STRIDE_W,
    NEG_PAD_H,
    NEG_PAD_W,
    ACT_SWAPPED,
    ACT_LOW,
    ACT_HIGH,
    ACT_MIN_HIGH,
    HUGE_INPUT,
    HUGE_OUTPUT,
    HUGE_WINDOW,
    COORD_OVERFLOW,
    EMPTY_WINDOW_TOP,    /* average only */
    EMPTY_WINDOW_BOTTOM, /* average only */
    BAD_COUNT
} bad_kind;

/* The arguments of one call of the table: structs to break and the pointers the call takes. */
typedef struct
{
    cmsis_nn_pool_params pp;
    cmsis_nn_dims in, f, out;
    const cmsis_nn_pool_params *ppp;
    const cmsis_nn_dims *inp, *fp, *outp;
    bool null_input, null_output;
} bad_call;

/* The valid base call (6x6x4 -> 3x3, 3x3 window, stride 2, padding 1) broken by kind k; the
 * activation range of the element type is [act_lo, act_hi], and a huge_h x huge_w window is just
 * past the type's largest. */
static inline void bad_call_make(bad_call *c, bad_kind k, int32_t act_lo, int32_t act_hi, int32_t huge_h,
                                 int32_t huge_w)
{
    const pool_case base = {1, 6, 6, 4, 3, 3, 3, 3, 2, 2, 1, 1, act_lo, act_hi};
    fill_args(&base, &c->pp, &c->in, &c->f, &c->out);
    c->ppp = &c->pp;
    c->inp = &c->in;
    c->fp = &c->f;
    c->outp = &c->out;
    c->null_input = c->null_output = false;
    switch (k)
    {
    case NULL_PARAMS: c->ppp = NULL; break;
    case NULL_IN_DIMS: c->inp = NULL; break;
    case NULL_INPUT: c->null_input = true; break;
    case NULL_FILTER: c->fp = NULL; break;
    case NULL_OUT_DIMS: c->outp = NULL; break;
    case NULL_OUTPUT: c->null_output = true; break;
    case NEG_BATCH: c->in.n = -1; break;
    case NEG_IN_H: c->in.h = -6; break;
    case NEG_IN_W: c->in.w = -1; break;
    case NEG_CH: c->in.c = -4; c->out.c = -4; break;
    case CH_MISMATCH: c->out.c = 5; break;
    case NEG_OUT_H: c->out.h = -3; break;
    case NEG_OUT_W: c->out.w = -1; break;
    case ZERO_KH: c->f.h = 0; break;
    case NEG_KW: c->f.w = -3; break;
    case ZERO_STRIDE_H: c->pp.stride.h = 0; break;
    case NEG_STRIDE_W: c->pp.stride.w = -2; break;
    case NEG_PAD_H: c->pp.padding.h = -1; break;
    case NEG_PAD_W: c->pp.padding.w = INT32_MIN; break;
    case ACT_SWAPPED: c->pp.activation.min = 10; c->pp.activation.max = 9; break;
    case ACT_LOW: c->pp.activation.min = act_lo - 1; break;
    case ACT_HIGH: c->pp.activation.max = act_hi + 1; break;
    case ACT_MIN_HIGH: c->pp.activation.min = INT32_MAX; c->pp.activation.max = INT32_MAX; break;
    case HUGE_INPUT: c->in.n = 65536; c->in.h = 65536; break;
    case HUGE_OUTPUT: c->in.n = 2; c->out.h = 46341; c->out.w = 46341; break;
    case HUGE_WINDOW: c->f.h = huge_h; c->f.w = huge_w; break;
    case COORD_OVERFLOW: c->pp.stride.h = INT32_MAX; break;
    case EMPTY_WINDOW_TOP: c->pp.padding.h = 3; break;
    case EMPTY_WINDOW_BOTTOM: c->out.w = 5; break; /* last window starts at column 7 of 6 */
    default: break;
    }
}

#endif /* KILN_TEST_POOL_CASE_H */
