/*
 * Kiln — int8 depthwise 3x3 at stride 1 and 2, Helium (MVE): channel-major tiles and VMLADAV.
 *
 * For a group of up to eight channels and a block of outputs, the input window is copied into a
 * small stack tile, one channel after the other, with a row pitch P of 6 bytes (stride 1) or 5
 * (stride 2): each pixel's eight channels are one widening load and one scatter store, and pixels
 * outside the input hold the input zero point -input_offset. With that pitch the nine taps of an
 * output lie within 15 contiguous bytes (taps at P i + j, i, j in 0..2), and one 16-byte load at
 * an output's first tap also covers the window of the next output along the row: s bytes on
 * (s the stride). Each output is then one VMLADAV (16 int8 products summed into a core register)
 * with a filter vector holding the channel's taps at P i + j, or at P i + j + s for the second
 * output of the load, zeros elsewhere. Four sums go into one vector (two VMOVs), which is
 * requantized with the channel's parameters as scalars and stored with one scatter (the four
 * outputs are one output channel at four pixels).
 *   stride 1: a block is R rows x 4 outputs (window R + 2 rows x 6 columns); a vector holds the
 *             four outputs of one row, two loads per row.
 *   stride 2: a block is R rows x 2 outputs (window 2 R + 1 rows x 5 columns); a vector holds two
 *             rows of the two outputs, two loads per pair of rows (an odd last row: one load,
 *             half a vector).
 * Per four outputs (36 MACs) that is two loads, four VMLADAV, two VMOVs, seven instructions of
 * requantization with a right shift, the scatter and the loop: 18 instructions. When the
 * activation range is all of int8 (TFLite's usual ReLU / ReLU6 outputs) and every shift is a right
 * shift of at most 24 bits, the requantization folds the output offset into the rounding constant
 * and the clamp into a saturating shift (KT_FIN_TOP): six instructions, 17 per four outputs.
 *
 * Every output starts from bias + input_offset * sum(filter) (the ns weight sum when given): the
 * padded pixels hold -input_offset, so each of their taps adds -input_offset * w and cancels its
 * part of the start value; the int32 sum is the reference's sum over the taps inside the input,
 * exactly. This needs the zero point in int8: input_offset in [-127, 128], TFLite's range; other
 * offsets, unequal strides and strides above 2 take the older kernel.
 *
 * Blocks run along the output axis whose estimated cost is lower (kt_view_cost: blocks, column
 * passes and copies per channel): the tile's columns are the image's columns, or its rows, with the
 * filter transposed to match. A strip holds up to 27 output rows (16 at stride 2), so DS-CNN's 25x5
 * outputs are one strip of blocks four columns wide plus a column pass, not seven blocks of five
 * rows. The outputs left after the whole blocks of a strip (one to three) take column passes, four
 * rows of one output per vector, when that costs less than one more block; otherwise a last block
 * overlaps the one before it (recomputing equal values), or stores with a predicate when the axis is
 * shorter than a block.
 *
 * The windows, copies and stores of the blocks are the same for every channel group and batch: they are worked
 * out once per call as ops (kt_op, up to KT_OPS at a time: the blocks of whole strips, a block inside the run of
 * whole blocks being the one before it moved on), and each group then runs the ops.
 *
 * Stack: the tile (8 x 176 bytes + 32), the channel records (8 x 48 bytes) and the ops (12 x 20 bytes), about
 * 2.55 KB with the function's frame (2.7 KB with the block function's).
 */
#include "Include/Internal/kiln_dw_s8.h"
#include <stddef.h>
#include <string.h>

#include "Include/Internal/kiln_asm_optimize.h"

#if KILN_BUILD_MVE

#define KT_G (8)      /* channels per group */
#define KT_S (176)    /* tile bytes per channel: stride 1: (27 + 2) rows x 6, stride 2: (2 x 16 + 1) x 5 */
#define KT_RMAX1 (27) /* output rows per strip, stride 1 */
#define KT_RMAX2 (16) /* output rows per strip, stride 2 (even) */
#define KT_OPS (12)   /* ops worked out at a time (kt_op) */

/* One view of the layer: u is the tile's column axis (the outputs of a block's row), v its row axis. */
typedef struct
{
    int32_t out_u, out_v, in_u, in_v, pad_u, pad_v;
    int32_t in_du, in_dv;   /* input bytes per step along u / v */
    int32_t out_du, out_dv; /* output bytes per step along u / v */
    int32_t s;              /* stride (both axes) */
    int32_t p;              /* tile row pitch: 6 (stride 1) or 5 (stride 2) */
    int32_t bu;             /* outputs per block along u: 4 (stride 1) or 2 (stride 2) */
    bool transposed;        /* u is the image's row axis (y) */
} kt_view;

/* One channel of a group: its two filter vectors and requantization parameters (48 bytes; the
 * assembly below reads the fields at these offsets). rq holds, for the general forms, the
 * multiplier and the shift (rq[2] unused); for the top-byte form (kt_group_setup's choice), co,
 * 24 + shift and the multiplier. */
typedef struct
{
    int8_t w0[16]; /* taps at P i + j (zeros elsewhere) */
    int8_t w1[16]; /* taps at P i + j + s */
    int32_t start; /* bias + input_offset * sum(filter) */
    int32_t rq[3];
} kt_chan;

typedef char kt_chan_layout_check[(sizeof(kt_chan) == 48 && offsetof(kt_chan, start) == 32 &&
                                   offsetof(kt_chan, rq) == 36)
                                      ? 1
                                      : -1];

/* The records of channels c0 .. c0 + cg - 1 (the filter transposed for a transposed view): each
 * tap's eight channels one widening load and two scatters (into w0 and w1, whose other bytes the
 * caller zeroed once: every group's taps go to the same places); start values and requantization
 * parameters (rq for the top-byte form when top) four channels at a time, by word scatters. */
static __attribute__((noinline)) void kt_group_setup(kt_chan *g, const kiln_dw_s8_shape *s,
                                                     const kiln_dw_s8_args *a, int32_t c0, int32_t cg,
                                                     const kt_view *vw, bool top)
{
    /* the taps' places: w0 at ky lane_ky + kx lane_kx, w1 second bytes on (offsets o1) */
    const uint16x8_t o0 = vmulq_n_u16(vidupq_n_u16(0, 1), (uint16_t)sizeof(kt_chan));
    const uint16x8_t o1 = vaddq_n_u16(o0, (uint16_t)(16 + vw->s));
    const int32_t lane_ky = vw->transposed ? 1 : vw->p;
    const int32_t lane_kx = vw->transposed ? vw->p : 1;
    const int32_t fstep = s->out_c;
    const int8_t *f = a->filter + c0;
    int8_t *lane = (int8_t *)g;
    int16x8_t sum = vdupq_n_s16(0);
#if defined(__OPTIMIZE__)
    /* per tap: one widening load (predicated for a partial group: channels past it read as zero),
     * two scatters (w0, w1), the sum; three taps per row, the lane pointer on by lane_kx */
    const int32_t row_back = lane_ky - 3 * lane_kx;
    const uint32_t pc = (uint32_t)vctp16q((uint32_t)cg);
#define KT_TAP                                                                                                        \
    KT_TAP_LOAD                                                                                                       \
    "   add     %[f], %[f], %[fstep]     \n"                                                                          \
    "   vstrb.16 q0, [%[lane], %q[o0]]   \n"                                                                          \
    "   vstrb.16 q0, [%[lane], %q[o1]]   \n"                                                                          \
    "   vadd.i16 %q[sum], %q[sum], q0    \n"                                                                          \
    "   add     %[lane], %[lane], %[kx]  \n"
    int32_t rows = 3;
#define KT_TAPS_ASM                                                                                                   \
    __asm__ volatile(KT_TAP_P0_SET "1:                                  \n" KT_TAP KT_TAP KT_TAP                     \
                     "   add     %[lane], %[lane], %[back] \n"                                                        \
                     "   subs    %[rows], %[rows], #1     \n"                                                         \
                     "   bne     1b                       \n"                                                         \
                     : [f] "+&l"(f), [lane] "+&r"(lane), [sum] "+&w"(sum), [rows] "+&r"(rows)                         \
                     : [pc] "r"(pc), [fstep] "r"(fstep), [kx] "r"(lane_kx), [back] "r"(row_back), [o0] "w"(o0),     \
                       [o1] "w"(o1)                                                                                  \
                     : "q0", "memory", "cc", "p0")
    if (cg == KT_G)
    {
#define KT_TAP_LOAD "   vldrb.s16 q0, [%[f]]             \n"
#define KT_TAP_P0_SET ""
        KT_TAPS_ASM;
#undef KT_TAP_P0_SET
#undef KT_TAP_LOAD
    }
    else
    {
#define KT_TAP_LOAD                                                                                                   \
    "   vpst                             \n"                                                                          \
    "   vldrbt.s16 q0, [%[f]]            \n"
#define KT_TAP_P0_SET "   vmsr    p0, %[pc]                \n"
        KT_TAPS_ASM;
#undef KT_TAP_P0_SET
#undef KT_TAP_LOAD
    }
#undef KT_TAPS_ASM
#undef KT_TAP
#else
    const mve_pred16_t pc = vctp16q((uint32_t)cg);
    for (int32_t ky = 0; ky < 3; ky++)
    {
        for (int32_t kx = 0; kx < 3; kx++, f += fstep)
        {
            const int16x8_t w = vldrbq_z_s16(f, pc);
            int8_t *l = lane + ky * lane_ky + kx * lane_kx;
            vstrbq_scatter_offset_s16(l, o0, w);
            vstrbq_scatter_offset_s16(l, o1, w);
            sum = vaddq_s16(sum, w);
        }
    }
#endif
    int16_t sums[8];
    vst1q_s16(sums, sum);
    const uint32x4_t roffs = vmulq_n_u32(vidupq_n_u32(0, 1), (uint32_t)sizeof(kt_chan));
    /* locals: the word scatters below may alias the arguments' fields */
    const int32_t *wsum = a->weight_sum, *bias = a->bias, *mults = a->mult + c0, *shifts = a->shift + c0;
    const int32_t in_off = a->input_offset;
    const int32x4_t out_off = vdupq_n_s32(a->output_offset), one = vdupq_n_s32(1);
    for (int32_t h = 0; h < cg; h += 4)
    {
        const mve_pred16_t p4 = vctp32q((uint32_t)(cg - h));
        const int32_t c = c0 + h;
        int32x4_t start;
        if (wsum != NULL)
        {
            start = vldrwq_z_s32(wsum + c, p4);
        }
        else
        {
            start = vmulq_n_s32(vldrhq_s32(sums + h), in_off);
            if (bias != NULL)
            {
                start = vaddq_s32(start, vldrwq_z_s32(bias + c, p4));
            }
        }
        const int32x4_t mult = vldrwq_z_s32(mults + h, p4);
        const int32x4_t shift = vldrwq_z_s32(shifts + h, p4);
        kt_chan *r = g + h;
        vstrwq_scatter_offset_p_s32(&r->start, roffs, start, p4);
        if (top)
        {
            /* ro = -shift in [1, 24]: co = 2^(ro - 1) + output_offset * 2^ro */
            const int32x4_t ro = vnegq_s32(shift);
            const int32x4_t co = vaddq_s32(vshlq_s32(one, vsubq_n_s32(ro, 1)), vshlq_s32(out_off, ro));
            vstrwq_scatter_offset_p_s32(&r->rq[0], roffs, co, p4);
            vstrwq_scatter_offset_p_s32(&r->rq[1], roffs, vaddq_n_s32(shift, 24), p4);
            vstrwq_scatter_offset_p_s32(&r->rq[2], roffs, mult, p4);
        }
        else
        {
            vstrwq_scatter_offset_p_s32(&r->rq[0], roffs, mult, p4);
            vstrwq_scatter_offset_p_s32(&r->rq[1], roffs, shift, p4);
        }
    }
}

/* n >= 1 tile rows of nc (1 to 6) pixels inside the input, cg (<= 8) channels each: per pixel one
 * widening load (its base a low register; predicated when cg < 8) and one scatter store (byte
 * k * KT_S + column, k the channel: one offset vector per column), then the tile pointer steps a
 * row (pitch p). t: the first pixel's place in the tile, src: the first row's first pixel; du / dv:
 * input bytes per column / row. */
#define KT_FILL_PIXEL(ADV, J)                                                                                         \
    KT_FILL_LOAD                                                                                                      \
    "   add     %[src], %[src], " ADV "  \n"                                                                          \
    "   vstrb.16 q0, [%[t], %q[o" J "]]  \n"

#define KT_FILL_ASM(PIXELS, LAST)                                                                                     \
    __asm__ volatile(KT_FILL_P0_SET "   dls     lr, %[n]                 \n"                                         \
                     "1:                                  \n" PIXELS KT_FILL_PIXEL("%[back]", LAST)                   \
                     "   add     %[t], %[t], %[p]         \n"                                                         \
                     "   le      lr, 1b                   \n"                                                         \
                     : [t] "+&r"(t), [src] "+&l"(src)                                                                 \
                     : [n] "r"(n), [du] "r"(du), [back] "r"(back), [p] "r"(p), [pc] "r"(pc), [o0] "w"(o0),            \
                       [o1] "w"(o1), [o2] "w"(o2), [o3] "w"(o3), [o4] "w"(o4), [o5] "w"(o5)                           \
                     : "q0", "lr", "memory", "p0")

/* pixels 0 .. J of a row, each followed by a step of du */
#define KT_FILL_TO0 KT_FILL_PIXEL("%[du]", "0")
#define KT_FILL_TO1 KT_FILL_TO0 KT_FILL_PIXEL("%[du]", "1")
#define KT_FILL_TO2 KT_FILL_TO1 KT_FILL_PIXEL("%[du]", "2")
#define KT_FILL_TO3 KT_FILL_TO2 KT_FILL_PIXEL("%[du]", "3")
#define KT_FILL_TO4 KT_FILL_TO3 KT_FILL_PIXEL("%[du]", "4")

#define KT_FILL_ALL(NC)                                                                                               \
    switch (NC)                                                                                                       \
    {                                                                                                                 \
    case 6:                                                                                                           \
        KT_FILL_ASM(KT_FILL_TO4, "5");                                                                                \
        break;                                                                                                        \
    case 5:                                                                                                           \
        KT_FILL_ASM(KT_FILL_TO3, "4");                                                                                \
        break;                                                                                                        \
    case 4:                                                                                                           \
        KT_FILL_ASM(KT_FILL_TO2, "3");                                                                                \
        break;                                                                                                        \
    case 3:                                                                                                           \
        KT_FILL_ASM(KT_FILL_TO1, "2");                                                                                \
        break;                                                                                                        \
    case 2:                                                                                                           \
        KT_FILL_ASM(KT_FILL_TO0, "1");                                                                \
        break;                                                                                                        \
    default: /* one pixel */                                                                                          \
        KT_FILL_ASM("", "0");                                                                                         \
        break;                                                                                                        \
    }

static inline __attribute__((always_inline)) void kt_fill_rows8(int8_t *t, const int8_t *src, int32_t n, int32_t nc,
                                                                 int32_t p, int32_t du, int32_t dv, uint16x8_t offs,
                                                                 int32_t cg)
{
#if !defined(__OPTIMIZE__)
    const mve_pred16_t pcg = vctp16q((uint32_t)cg);
    for (; n > 0; n--, src += dv, t += p)
    {
        for (int32_t j = 0; j < nc; j++)
        {
            vstrbq_scatter_offset_s16(t + j, offs, vldrbq_z_s16(src + j * du, pcg));
        }
    }
#else
    const int32_t back = dv - (nc - 1) * du;
    const uint16x8_t o0 = offs, o1 = vaddq_n_u16(offs, 1), o2 = vaddq_n_u16(offs, 2), o3 = vaddq_n_u16(offs, 3);
    const uint16x8_t o4 = vaddq_n_u16(offs, 4), o5 = vaddq_n_u16(offs, 5);
    const uint32_t pc = (uint32_t)vctp16q((uint32_t)cg);
    if (cg == KT_G)
    {
#define KT_FILL_LOAD "   vldrb.s16 q0, [%[src]]           \n"
#define KT_FILL_P0_SET ""
        KT_FILL_ALL(nc)
#undef KT_FILL_P0_SET
#undef KT_FILL_LOAD
    }
    else
    {
        /* channels past the group's last are not read (zeros in the tile) */
#define KT_FILL_LOAD                                                                                                  \
    "   vpst                             \n"                                                                          \
    "   vldrbt.s16 q0, [%[src]]          \n"
#define KT_FILL_P0_SET "   vmsr    p0, %[pc]                \n"
        KT_FILL_ALL(nc)
#undef KT_FILL_P0_SET
#undef KT_FILL_LOAD
    }
#endif
}

/* n pixels of the zero point zv from t on, step bytes apart (every channel of the group). */
static inline __attribute__((always_inline)) void kt_zero_run(int8_t *t, int32_t n, int32_t step, uint16x8_t offs,
                                                               int16x8_t zv)
{
    for (; n > 0; n--, t += step)
    {
        vstrbq_scatter_offset_s16(t, offs, zv);
    }
}

/*
 * One block of a strip, or the strip's column passes, with its window's copy worked out once per
 * call (the same for every channel group and batch). The window: tr tile rows from input row
 * v_first, w columns from input column u_first; tile rows [i0, i1) and columns [j0, j1) lie
 * inside the input and are copied, the others hold the zero point.
 */
typedef struct
{
    int32_t src;  /* input offset of the first pixel copied, from the group's first channel */
    int32_t out;  /* output offset of the block's first output (of the first column pass's) */
    uint8_t n;    /* tile rows inside the input, i1 - i0 (0: none) */
    uint8_t j0;   /* columns [j0, j1) are copied, the others of the rows inside hold the zero point */
    uint8_t j1;
    uint8_t w;    /* window columns */
    uint8_t rows; /* output rows */
    uint8_t ncol; /* 0: a block; 1 .. 3: that many column passes */
    uint8_t i0;   /* the strip's first tile row inside the input */
    uint8_t tr;   /* the strip's tile rows */
    bool strip0;  /* the strip's first op: it writes the zero point into the rows outside the input */
} kt_op;

/* Copies an op's window of channels c0 .. c0 + cg - 1 into the tile (channel k at k * KT_S, offs
 * the channels' offsets); in: the group's first channel. zp_rows false: the rows outside the
 * input already hold the zero point (an earlier op of the strip wrote them, and no op of a strip
 * stores data there). */
static inline __attribute__((always_inline)) void kt_fill(int8_t *tile, const kt_view *vw, const int8_t *in,
                                                           const kt_op *q, int32_t cg, uint16x8_t offs, int16x8_t zv,
                                                           bool zp_rows)
{
    const int32_t p = vw->p;
    const int32_t n = q->n;
    const int32_t i0 = q->i0;
    if (zp_rows)
    {
        /* the rows outside the input: runs of whole tile rows (contiguous bytes) */
        if (n == 0)
        {
            kt_zero_run(tile, q->tr * p, 1, offs, zv);
        }
        else
        {
            kt_zero_run(tile, i0 * p, 1, offs, zv);
            kt_zero_run(tile + (i0 + n) * p, (q->tr - i0 - n) * p, 1, offs, zv);
        }
    }
    if (n == 0)
    {
        return;
    }
    /* the columns outside the input, along the rows inside it */
    for (int32_t j = 0; j < q->j0; j++)
    {
        kt_zero_run(tile + i0 * p + j, n, p, offs, zv);
    }
    for (int32_t j = q->j1; j < q->w; j++)
    {
        kt_zero_run(tile + i0 * p + j, n, p, offs, zv);
    }
    if (q->j1 > q->j0)
    {
        kt_fill_rows8(tile + i0 * p + q->j0, in + q->src, n, q->j1 - q->j0, p, vw->in_du, vw->in_dv, offs, cg);
    }
}

/* What a block's assembly reads besides the channel records (offsets fixed: see the check). */
typedef struct
{
    int32_t n;          /* stride 1: output rows (>= 1); stride 2: pairs of rows (>= 0) */
    int32_t tadv;       /* tile bytes from the end of a channel's rows to the next channel's tile */
    int32_t oadv;       /* output bytes from the end of a channel's rows to the next channel */
    const kt_chan *end; /* one past the group's last record */
    int32_t odd;        /* a partial last step follows: the single row at stride 2, 1 - 3 rows of a column */
    uint32_t p_single;  /* the predicate of that step's store */
} kt_blk;

typedef char kt_blk_layout_check[(offsetof(kt_blk, tadv) == 4 && offsetof(kt_blk, oadv) == 8 &&
                                  offsetof(kt_blk, end) == 12 && offsetof(kt_blk, odd) == 16 &&
                                  offsetof(kt_blk, p_single) == 20)
                                     ? 1
                                     : -1];

/* The per-call constants of the blocks. */
typedef struct
{
    uint32x4_t oofs; /* scatter offsets of the lanes */
    int32x4_t off, lo, hi;
    uint32_t pbits;    /* lanes of a full row (stride 1) or pair of rows (stride 2) that exist */
    uint32_t p_single; /* stride 2: lanes of a single row that exist */
    bool full;         /* pbits has every lane */
    uint32x4_t oofs_col; /* column passes: scatter offsets of the lanes (rows 0, 2, 1, 3) */
    uint32_t p_rows[4];  /* column passes: lanes of the first m rows, m = 0 .. 3 */
} kt_consts;

/*
 * The blocks in assembly: for every channel of the group, its rows (GCC 12.2 spends about 26
 * instructions per row on the intrinsic form: lane inserts one at a time, the scatter offsets
 * reloaded from the stack); about 16 instructions per channel around them. VMLADAV writes even
 * core registers only: r0 and r2 (clobbered) take the sums, two at a time, so the lanes hold the
 * outputs of a stride-1 row in the order 0, 2, 1, 3, and those of a stride-2 pair of rows in the
 * order (row 0, output 0), (row 1, 0), (0, 1), (1, 1); the scatter offsets and predicates follow.
 * Operands: t the first channel's tile, o its first output, ch the channel records (filter vectors
 * into q2 / q3, start value, multiplier, shift: the loop with a rounding right shift for shift < 0,
 * with a left shift otherwise), bk the kt_blk, dv output bytes per loop step (a row, or two at
 * stride 2); vectors off (output offset), lo / hi (clamp), ofs (the scatter's byte offsets).
 */

/* TFLite's rounding right shift (ties away from zero) after the doubling high multiply: q0 = the
 * sign mask of the sum (-1 or 0) plus the multiply (VQRDMLAH: no saturation, the multiplier is >= 0),
 * then VRSHL by sh < 0 (ties up). Taking the sign of the sum rather than of the product changes
 * nothing: they differ only where the product is 0, which every right shift maps to 0 either way.
 * Result in q0. */
#define KT_RQ_RIGHT                                                                                                   \
    "   vshr.s32 q0, q1, #31             \n"                                                                          \
    "   vqrdmlah.s32 q0, q1, %[mult]     \n"                                                                          \
    "   vrshl.s32 q0, %[sh]              \n"

/* sh >= 0: the left shift first (wrapping, as arm_nn_requantize). Result in q1. */
#define KT_RQ_LEFT                                                                                                    \
    "   vshl.s32 q1, %[sh]               \n"                                                                          \
    "   vqrdmulh.s32 q1, q1, %[mult]     \n"

/* start value, requantization (RQ, result in R), output offset and clamp of q1 */
#define KT_FINISH(RQ, R)                                                                                              \
    "   vadd.i32 q1, q1, %[start]        \n" RQ                                                                       \
    "   vadd.i32 " R ", " R ", %q[off]   \n"                                                                          \
    "   vmax.s32 " R ", " R ", %q[lo]    \n"                                                                          \
    "   vmin.s32 " R ", " R ", %q[hi]    \n"

/* the two general forms (result in q1 for a left shift, q0 for a right shift) */
#define KT_FIN_LEFT KT_FINISH(KT_RQ_LEFT, "q1")
#define KT_FIN_RIGHT KT_FINISH(KT_RQ_RIGHT, "q0")

/*
 * The top-byte form (a call whose every shift is within [-24, -1], the activation range all of
 * int8, co within int32: kiln_requant_top_ok): with ro = -shift, co = 2^(ro - 1) + output_offset * 2^ro
 * and s the sum plus start,
 *   t = sat(SRDHM(s, mult) + co) + sign(s)      (VQRDMLASH with the multiplier in q4, VQADD)
 * is 2^ro times the output before its rounding shift (the sign step rounds ties away from zero, as
 * in KT_RQ_RIGHT), and the output clamped to int8 is the top byte of sat32(t << (24 - ro)) (VQSHL by
 * sh = 24 + shift), brought down by VSHR for the byte store. Saturation is exact: t saturates only
 * where |t| >= 2^31, and then the output is beyond int8 (|t| / 2^ro >= 2^7) on the same side.
 * Six instructions where the general right-shift form takes seven and no output offset or clamp.
 * Result in q1; start in start, co in mult, sh in sh.
 */
#define KT_FIN_TOP                                                                                                    \
    "   vadd.i32 q1, q1, %[start]        \n"                                                                          \
    "   vshr.s32 q0, q1, #31             \n"                                                                          \
    "   vqrdmlash.s32 q1, q4, %[mult]    \n"                                                                          \
    "   vqadd.s32 q1, q1, q0             \n"                                                                          \
    "   vqshl.s32 q1, %[sh]              \n"                                                                          \
    "   vshr.s32 q1, q1, #24             \n"

#define KT_STORE_FULL(R) "   vstrb.32 " R ", [%[o], %q[ofs]]  \n"

/* the lanes that exist (predicate in p0) */
#define KT_STORE_PRED(R)                                                                                              \
    "   vpst                             \n"                                                                          \
    "   vstrbt.32 " R ", [%[o], %q[ofs]] \n"

/* One loop step: LOADS puts two windows in q1 and q0; their sums with both filter vectors go into q1
 * (lanes 0, 2 from q1's window, 1, 3 from q0's); then the start value, requantization and store. */
#define KT_STEP(L, LOADS, FIN, R, STORE)                                                                                 \
    L ":                                 \n" LOADS                                                                    \
    "   vmladav.s8 r0, q1, q2            \n"                                                                          \
    "   vmladav.s8 r2, q1, q3            \n"                                                                          \
    "   vmov    q1[2], q1[0], r2, r0     \n"                                                                          \
    "   vmladav.s8 r0, q0, q2            \n"                                                                          \
    "   vmladav.s8 r2, q0, q3            \n"                                                                          \
    "   vmov    q1[3], q1[1], r2, r0     \n" FIN STORE(R)                                                              \
    "   add     %[o], %[o], %[dv]        \n"                                                                          \
    "   le      lr, " L "b               \n"

/* stride 1: one row of four outputs per step (windows at columns 0 and 2) */
#define KT_LOADS1                                                                                                     \
    "   vldrb.8 q0, [%[t], #2]           \n"                                                                          \
    "   vldrb.8 q1, [%[t]], #6           \n"

/* stride 2: two rows of two outputs per step (windows at tile rows 2 y and 2 y + 2) */
#define KT_LOADS2                                                                                                     \
    "   vldrb.8 q0, [%[t], #10]          \n"                                                                          \
    "   vldrb.8 q1, [%[t]], #20          \n"

/* stride 2: the single last row (lanes 0 and 2; t and o not advanced) */
#define KT_SINGLE2(FIN, R)                                                                                            \
    "   vldrb.8 q1, [%[t]]               \n"                                                                          \
    "   vmladav.s8 r0, q1, q2            \n"                                                                          \
    "   vmladav.s8 r2, q1, q3            \n"                                                                          \
    "   vmov    q1[2], q1[0], r2, r0     \n" FIN                                                                      \
    "   ldr     r0, [%[bk], #20]         \n"                                                                          \
    "   vmsr    p0, r0                   \n" KT_STORE_PRED(R)

/* the next channel: pointers on by tadv / oadv, until the end record */
#define KT_NEXT                                                                                                       \
    "3:                                  \n"                                                                          \
    "   ldrd    %[start], %[mult], [%[bk], #4] \n"                                                                    \
    "   add     %[t], %[t], %[start]     \n"                                                                          \
    "   add     %[o], %[o], %[mult]      \n"                                                                          \
    "   ldr     %[sh], [%[bk], #12]      \n"                                                                          \
    "   cmp     %[ch], %[sh]             \n"                                                                          \
    "   bne     4b                       \n"

/* the channel's record; then left shift (sh >= 0) or right shift (branch to 2f) */
#define KT_CHANNEL(PRE)                                                                                               \
    "4:                                  \n" PRE                                                                      \
    "   vldrb.8 q2, [%[ch]]              \n"                                                                          \
    "   vldrb.8 q3, [%[ch], #16]         \n"                                                                          \
    "   ldrd    %[start], %[mult], [%[ch], #32] \n"                                                                   \
    "   ldr     %[sh], [%[ch], #40]      \n"                                                                          \
    "   adds    %[ch], %[ch], #48        \n"                                                                          \
    "   cmp     %[sh], #0                \n"                                                                          \
    "   blt     2f                       \n"

#define KT_OPERANDS(OFS)                                                                                              \
    : [t] "+&r"(t), [o] "+&r"(o), [ch] "+&r"(ch), [start] "=&r"(start), [mult] "=&r"(mult), [sh] "=&r"(sh)           \
    : [bk] "r"(&bk), [dv] "r"(dv), [off] "w"(k->off), [lo] "w"(k->lo), [hi] "w"(k->hi), [ofs] "w"(OFS),              \
      [p] "r"(k->pbits)                                                                                               \
    : "r0", "r2", "q0", "q1", "q2", "q3", "lr", "memory", "cc", "p0"

/* One shift form of a channel: n (from bk) loop steps, then TAIL; E: the step loop's exit label */
#define KT_FORM(L, E, LOADS, FIN, R, STORE, TAIL)                                                                     \
    "   ldr     r0, [%[bk]]              \n"                                                                          \
    "   wls     lr, r0, " E "f           \n" KT_STEP(L, LOADS, FIN, R, STORE) E ":\n" TAIL

/* stride 2: the single last row when bk says there is one */
#define KT_TAIL2(FIN, R)                                                                                              \
    "   ldr     r0, [%[bk], #16]         \n"                                                                          \
    "   cmp     r0, #0                   \n"                                                                          \
    "   beq     3f                       \n" KT_SINGLE2(FIN, R)

#define KT_BLOCK(PRE, STORE, LOADS, TAIL_LEFT, TAIL_RIGHT)                                                            \
    __asm__ volatile(KT_CHANNEL(PRE) KT_FORM("1", "6", LOADS, KT_FIN_LEFT, "q1", STORE, TAIL_LEFT)                    \
                     "   b       3f                       \n"                                                         \
                     "2:                                  \n"                                                         \
                         KT_FORM("5", "7", LOADS, KT_FIN_RIGHT, "q0", STORE, TAIL_RIGHT)                             \
                         KT_NEXT KT_OPERANDS(k->oofs))

#define KT_BLOCK1(PRE, STORE) KT_BLOCK(PRE, STORE, KT_LOADS1, "", "")
#define KT_BLOCK2(PRE, STORE) KT_BLOCK(PRE, STORE, KT_LOADS2, KT_TAIL2(KT_FIN_LEFT, "q1"), KT_TAIL2(KT_FIN_RIGHT, "q0"))

#define KT_PRED_SET "   vmsr    p0, %[p]                 \n"

/* The top-byte form's channel record: start and co, then sh and the multiplier (into q4). */
#define KT_CHANNEL_TOP(PRE)                                                                                           \
    "4:                                  \n" PRE                                                                      \
    "   vldrb.8 q2, [%[ch]]              \n"                                                                          \
    "   vldrb.8 q3, [%[ch], #16]         \n"                                                                          \
    "   ldrd    %[start], %[mult], [%[ch], #32] \n"                                                                   \
    "   ldrd    %[sh], r0, [%[ch], #40]  \n"                                                                          \
    "   vdup.32 q4, r0                   \n"                                                                          \
    "   adds    %[ch], %[ch], #48        \n"

#define KT_OPERANDS_TOP(OFS)                                                                                          \
    : [t] "+&r"(t), [o] "+&r"(o), [ch] "+&r"(ch), [start] "=&r"(start), [mult] "=&r"(mult), [sh] "=&r"(sh)           \
    : [bk] "r"(&bk), [dv] "r"(dv), [ofs] "w"(OFS), [p] "r"(k->pbits)                                                  \
    : "r0", "r2", "q0", "q1", "q2", "q3", "q4", "lr", "memory", "cc", "p0"

/* A group in the top-byte form: one form, no branch per channel */
#define KT_BLOCK_TOP(PRE, STORE, LOADS, TAIL)                                                                         \
    __asm__ volatile(KT_CHANNEL_TOP(PRE) KT_FORM("1", "6", LOADS, KT_FIN_TOP, "q1", STORE, TAIL)                      \
                         KT_NEXT KT_OPERANDS_TOP(k->oofs))

#define KT_BLOCK1_TOP(PRE, STORE) KT_BLOCK_TOP(PRE, STORE, KT_LOADS1, "")
#define KT_BLOCK2_TOP(PRE, STORE) KT_BLOCK_TOP(PRE, STORE, KT_LOADS2, KT_TAIL2(KT_FIN_TOP, "q1"))

/*
 * Column passes (a remainder of one to three outputs at the end of the u axis, where a whole block
 * would mostly recompute): four rows of one output per step, only the first filter vector (q2).
 * Windows at tile rows v .. v + 3 (RS bytes apart: 6, or 10 at stride 2); the lanes hold rows 0, 2,
 * 1, 3 (the scatter offsets follow). 20 instructions per step; a last step of 1 - 3 rows stores
 * with the predicate from bk. q3 serves as a load register (the second filter vector is unused).
 */
#define KT_SUMS_COL                                                                                                   \
    "   vmladav.s8 r0, q1, q2            \n"                                                                          \
    "   vmladav.s8 r2, q0, q2            \n"                                                                          \
    "   vmov    q1[2], q1[0], r2, r0     \n"

#define KT_SUMS_COL2                                                                                                  \
    "   vmladav.s8 r0, q3, q2            \n"                                                                          \
    "   vmladav.s8 r2, q0, q2            \n"                                                                          \
    "   vmov    q1[3], q1[1], r2, r0     \n"

/* RS4 = 4 RS; M3 / M2 / M1 = -3 RS, -2 RS, -RS */
#define KT_STEP_COL(L, FIN, R, RS4, M3, M2, M1)                                                                        \
    L ":                                 \n"                                                                          \
    "   vldrb.8 q1, [%[t]], #" RS4 "     \n"                                                                          \
    "   vldrb.8 q0, [%[t], #" M3 "]      \n" KT_SUMS_COL                                                              \
    "   vldrb.8 q3, [%[t], #" M2 "]      \n"                                                                          \
    "   vldrb.8 q0, [%[t], #" M1 "]      \n" KT_SUMS_COL2 FIN KT_STORE_FULL(R)                                         \
    "   add     %[o], %[o], %[dv]        \n"                                                                          \
    "   le      lr, " L "b               \n"

/* the last 1 - 3 rows (t and o not advanced); RS1 / RS2 / RS3 = RS, 2 RS, 3 RS */
#define KT_TAIL_COL(FIN, R, RS1, RS2, RS3)                                                                            \
    "   ldr     r0, [%[bk], #16]         \n"                                                                          \
    "   cmp     r0, #0                   \n"                                                                          \
    "   beq     3f                       \n"                                                                          \
    "   vldrb.8 q1, [%[t]]               \n"                                                                          \
    "   vldrb.8 q0, [%[t], #" RS1 "]     \n" KT_SUMS_COL                                                              \
    "   vldrb.8 q3, [%[t], #" RS2 "]     \n"                                                                          \
    "   vldrb.8 q0, [%[t], #" RS3 "]     \n" KT_SUMS_COL2 FIN                                                          \
    "   ldr     r0, [%[bk], #20]         \n"                                                                          \
    "   vmsr    p0, r0                   \n" KT_STORE_PRED(R)

#define KT_FORM_COL(L, E, FIN, R, RS4, M3, M2, M1, RS1, RS2, RS3)                                                     \
    "   ldr     r0, [%[bk]]              \n"                                                                          \
    "   wls     lr, r0, " E "f           \n" KT_STEP_COL(L, FIN, R, RS4, M3, M2, M1) E ":\n"                           \
        KT_TAIL_COL(FIN, R, RS1, RS2, RS3)

#define KT_BLOCK_COL(RS4, M3, M2, M1, RS1, RS2, RS3)                                                                  \
    __asm__ volatile(KT_CHANNEL("") KT_FORM_COL("1", "6", KT_FIN_LEFT, "q1", RS4, M3, M2, M1, RS1, RS2, RS3)           \
                     "   b       3f                       \n"                                                         \
                     "2:                                  \n"                                                         \
                         KT_FORM_COL("5", "7", KT_FIN_RIGHT, "q0", RS4, M3, M2, M1, RS1, RS2, RS3)                   \
                             KT_NEXT KT_OPERANDS(k->oofs_col))

#define KT_BLOCK_COL_TOP(RS4, M3, M2, M1, RS1, RS2, RS3)                                                              \
    __asm__ volatile(KT_CHANNEL_TOP("") KT_FORM_COL("1", "6", KT_FIN_TOP, "q1", RS4, M3, M2, M1, RS1, RS2, RS3)        \
                         KT_NEXT KT_OPERANDS_TOP(k->oofs_col))

/* The block assembly of a stride: the top-byte form or the general one, with full or predicated stores. */
#define KT_DISPATCH(BLOCK, BLOCK_TOP)                                                                                 \
    do                                                                                                                \
    {                                                                                                                 \
        if (top && k->full)                                                                                           \
        {                                                                                                             \
            BLOCK_TOP("", KT_STORE_FULL);                                                                             \
        }                                                                                                             \
        else if (top)                                                                                                 \
        {                                                                                                             \
            BLOCK_TOP(KT_PRED_SET, KT_STORE_PRED);                                                                    \
        }                                                                                                             \
        else if (k->full)                                                                                             \
        {                                                                                                             \
            BLOCK("", KT_STORE_FULL);                                                                                 \
        }                                                                                                             \
        else                                                                                                          \
        {                                                                                                             \
            BLOCK(KT_PRED_SET, KT_STORE_PRED);                                                                        \
        }                                                                                                             \
    } while (0)

/* One block: every channel of the group (records g[0 .. cg - 1]), rows output rows from the tile,
 * outputs from ob (the group's first channel). col: a column pass instead, the output column ob
 * with its windows from tile on (the tile's column of that output). */
static __attribute__((noinline)) void kt_block(const int8_t *tile, const kt_chan *g, int8_t *ob, int32_t cg,
                                               int32_t rows, const kt_view *vw, const kt_consts *k, bool col,
                                               bool top)
{
    const int8_t *t = tile;
    int8_t *o = ob;
    const kt_chan *ch = g;
    int32_t start, mult, sh;
    if (col)
    {
        const int32_t rs = vw->s * vw->p;
        const int32_t dv = 4 * vw->out_dv;
        const int32_t n = rows / 4;
        const kt_blk bk = {n, KT_S - 4 * rs * n, 1 - n * dv, g + cg, rows % 4, k->p_rows[rows % 4]};
        if (top)
        {
            if (vw->s == 1)
            {
                KT_BLOCK_COL_TOP("24", "-18", "-12", "-6", "6", "12", "18");
            }
            else
            {
                KT_BLOCK_COL_TOP("40", "-30", "-20", "-10", "10", "20", "30");
            }
        }
        else if (vw->s == 1)
        {
            KT_BLOCK_COL("24", "-18", "-12", "-6", "6", "12", "18");
        }
        else
        {
            KT_BLOCK_COL("40", "-30", "-20", "-10", "10", "20", "30");
        }
    }
    else if (vw->s == 1)
    {
        const int32_t dv = vw->out_dv;
        const kt_blk bk = {rows, KT_S - rows * 6, 1 - rows * dv, g + cg, 0, 0};
        KT_DISPATCH(KT_BLOCK1, KT_BLOCK1_TOP);
    }
    else
    {
        const int32_t dv = 2 * vw->out_dv;
        const int32_t pairs = rows / 2;
        const kt_blk bk = {pairs, KT_S - pairs * 20, 1 - pairs * dv, g + cg, rows & 1, k->p_single};
        /* predicated: the single row's store sets p0 itself, so it is set again for every channel */
        KT_DISPATCH(KT_BLOCK2, KT_BLOCK2_TOP);
    }
    (void)start;
    (void)mult;
    (void)sh;
}

/* Instructions of a block (about) per channel, and of a column pass: the main loop's choice. */
static inline int32_t kt_block_cost(int32_t rows, int32_t s)
{
    return s == 1 ? rows * 18 + 16 : (rows / 2) * 18 + (rows & 1) * 22 + 18;
}

static inline int32_t kt_col_cost(int32_t rows)
{
    return (rows / 4) * 20 + ((rows % 4) != 0 ? 26 : 0) + 18;
}

/* Output rows of strip st of nstrips (balanced; even at stride 2 but for the last), from row v0 of
 * out_v. */
static inline int32_t kt_strip_rows(int32_t out_v, int32_t nstrips, int32_t st, int32_t v0, int32_t s)
{
    int32_t rows = (out_v - v0 + (nstrips - st) - 1) / (nstrips - st);
    if (s == 2 && st + 1 < nstrips)
    {
        rows += rows & 1;
    }
    return MIN(rows, out_v - v0);
}

/* Whether the remainder of the u axis takes column passes (when they cost less than a block). */
static inline bool kt_use_cols(int32_t rem, int32_t rows, int32_t s)
{
    return rem > 0 && rem * kt_col_cost(rows) < kt_block_cost(rows, s);
}

/* Instructions per channel (about) of a view with out_u outputs along the blocks' axis and out_v
 * along their rows: the blocks, column passes and copies of every strip (the view choice). */
static int64_t kt_view_cost(int32_t out_u, int32_t out_v, int32_t s)
{
    const int32_t bu = s == 1 ? 4 : 2, p = s == 1 ? 6 : 5;
    const int32_t rmax = s == 1 ? KT_RMAX1 : KT_RMAX2;
    const int32_t nstrips = (out_v + rmax - 1) / rmax;
    const int32_t whole = out_u / bu, rem = out_u % bu;
    int64_t cost = 0;
    for (int32_t st = 0, v0 = 0; st < nstrips; st++)
    {
        const int32_t rows = kt_strip_rows(out_v, nstrips, st, v0, s);
        const int32_t tr = s * (rows - 1) + 3;
        const bool cols = kt_use_cols(rem, rows, s);
        const int32_t nblk = cols ? whole : (out_u + bu - 1) / bu;
        /* the copy: three instructions per pixel and eight channels */
        cost += (int64_t)nblk * (kt_block_cost(rows, s) + tr * p * 3 / 8);
        if (cols)
        {
            cost += (int64_t)rem * kt_col_cost(rows) + tr * (s * (rem - 1) + 3) * 3 / 8;
        }
        v0 += rows;
    }
    return cost;
}

/* Blocks [*b_lo, *b_hi) of the nblk of a strip have their window inside the input along u and lie
 * bu outputs apart (the last block, when it overlaps the one before it, is not among them). */
static inline void kt_inner_blocks(const kt_view *vw, int32_t nblk, int32_t *b_lo, int32_t *b_hi)
{
    const int32_t step = vw->bu * vw->s;
    const int32_t room = vw->in_u + vw->pad_u - vw->p; /* the last window start inside the input */
    *b_lo = MIN((vw->pad_u + step - 1) / step, nblk);
    *b_hi = room < 0 ? *b_lo : MAX(MIN(room / step + 1, vw->out_u / vw->bu), *b_lo);
}

/* The op of block bi of a strip, or of its column passes (col): rows output rows from v0; tile rows
 * [i0, i1) inside the input from input row v_first (i0 .. tr). */
static void kt_op_make(kt_op *q, const kt_view *vw, int32_t bi, bool col, int32_t rows, int32_t v0)
{
    const int32_t tr = vw->s * (rows - 1) + 3;
    const int32_t v_first = v0 * vw->s - vw->pad_v;
    const int32_t i0 = MIN(MAX(0, -v_first), tr);
    const int32_t i1 = MAX(MIN(tr, vw->in_v - v_first), i0);
    const int32_t rem = vw->out_u % vw->bu;
    int32_t u0, w;
    if (col)
    {
        u0 = vw->out_u - rem;
        w = vw->s * (rem - 1) + 3;
    }
    else
    {
        /* a last block past the end overlaps the one before it (when there is one) */
        const int32_t u = bi * vw->bu;
        u0 = (u + vw->bu > vw->out_u && vw->out_u >= vw->bu) ? vw->out_u - vw->bu : u;
        w = vw->p;
    }
    const int32_t u_first = u0 * vw->s - vw->pad_u;
    const int32_t j0 = MIN(MAX(0, -u_first), w);
    const int32_t j1 = MAX(MIN(w, vw->in_u - u_first), j0);
    q->n = (uint8_t)(i1 - i0);
    q->j0 = (uint8_t)j0;
    q->j1 = (uint8_t)j1;
    q->w = (uint8_t)w;
    q->rows = (uint8_t)rows;
    q->ncol = (uint8_t)(col ? rem : 0);
    q->i0 = (uint8_t)i0;
    q->tr = (uint8_t)tr;
    q->strip0 = bi == 0;
    q->src = (i1 > i0 && j1 > j0) ? (v_first + i0) * vw->in_dv + (u_first + j0) * vw->in_du : 0;
    q->out = v0 * vw->out_dv + u0 * vw->out_du;
}

/* The ops of one strip (rows output rows from v0) from block bi on, then its column passes, at
 * most room of them; returns how many, *next the block to continue with (-1: the strip is done).
 * A block inside the run of whole blocks is the one before it moved bu outputs on. */
static int32_t kt_strip_ops(kt_op *ops, int32_t room, const kt_view *vw, int32_t v0, int32_t rows, int32_t bi,
                            int32_t *next)
{
    const int32_t rem = vw->out_u % vw->bu;
    const bool cols = kt_use_cols(rem, rows, vw->s);
    const int32_t nblk = cols ? vw->out_u / vw->bu : (vw->out_u + vw->bu - 1) / vw->bu;
    int32_t b_lo, b_hi;
    kt_inner_blocks(vw, nblk, &b_lo, &b_hi);
    int32_t k = 0;
    for (; k < room && bi <= nblk; bi++)
    {
        if (bi == nblk)
        {
            if (cols)
            {
                kt_op_make(&ops[k++], vw, bi, true, rows, v0);
            }
        }
        else if (bi > b_lo && bi < b_hi && k > 0)
        {
            ops[k] = ops[k - 1];
            ops[k].src += vw->bu * vw->s * vw->in_du;
            ops[k].out += vw->bu * vw->out_du;
            ops[k].strip0 = false;
            k++;
        }
        else
        {
            kt_op_make(&ops[k++], vw, bi, false, rows, v0);
        }
    }
    *next = bi > nblk ? -1 : bi;
    return k;
}

bool kiln_dw_s8_mve_tile_3x3(const kiln_dw_s8_shape *s, const kiln_dw_s8_args *a)
{
    if (s->stride_h != s->stride_w || s->stride_h > 2 || a->input_offset < -127 || a->input_offset > 128)
    {
        return false;
    }
    const int32_t C = s->in_c;
    kt_view vw;
    vw.s = s->stride_h;
    vw.p = vw.s == 1 ? 6 : 5;
    vw.bu = vw.s == 1 ? 4 : 2;
    /* Blocks along the axis that costs less (fewer wasted outputs, fewer and longer blocks). */
    vw.transposed =
        s->out_h != s->out_w && kt_view_cost(s->out_h, s->out_w, vw.s) < kt_view_cost(s->out_w, s->out_h, vw.s);
    if (!vw.transposed)
    {
        vw.out_u = s->out_w, vw.out_v = s->out_h, vw.in_u = s->in_w, vw.in_v = s->in_h;
        vw.pad_u = s->pad_w, vw.pad_v = s->pad_h;
        vw.in_du = C, vw.in_dv = s->in_w * C, vw.out_du = C, vw.out_dv = s->out_w * C;
    }
    else
    {
        vw.out_u = s->out_h, vw.out_v = s->out_w, vw.in_u = s->in_h, vw.in_v = s->in_w;
        vw.pad_u = s->pad_h, vw.pad_v = s->pad_w;
        vw.in_du = s->in_w * C, vw.in_dv = C, vw.out_du = s->out_w * C, vw.out_dv = C;
    }
    const int32_t rmax = vw.s == 1 ? KT_RMAX1 : KT_RMAX2;
    const int32_t nstrips = (vw.out_v + rmax - 1) / rmax;
    const int16x8_t zv = vdupq_n_s16((int16_t)(-a->input_offset)); /* the zero point, in int8 */
    const uint16x8_t offs = vmulq_n_u16(vidupq_n_u16(0, 1), (uint16_t)KT_S);

    /* The lanes' outputs: stride 1, output (0, 2, 1, 3) of a row; stride 2, (row, output) =
     * (0, 0), (1, 0), (0, 1), (1, 1). */
    const int32_t nu = MIN(vw.bu, vw.out_u);
    kt_consts k;
    const bool top = kiln_requant_top_ok(a->shift, C, a->output_offset, a->act_min, a->act_max);
    k.off = vdupq_n_s32(a->output_offset);
    k.lo = vdupq_n_s32(a->act_min);
    k.hi = vdupq_n_s32(a->act_max);
    if (vw.s == 1)
    {
        const uint32x4_t lane_u = vcreateq_u32(0x0000000200000000ull, 0x0000000300000001ull);
        k.oofs = vmulq_n_u32(lane_u, (uint32_t)vw.out_du);
        k.pbits = (uint32_t)vcmphiq_u32(vdupq_n_u32((uint32_t)nu), lane_u);
        k.p_single = 0;
    }
    else
    {
        const uint32x4_t lane_u = vcreateq_u32(0x0000000000000000ull, 0x0000000100000001ull);
        const uint32x4_t lane_v = vcreateq_u32(0x0000000100000000ull, 0x0000000100000000ull);
        k.oofs = vaddq_u32(vmulq_n_u32(lane_u, (uint32_t)vw.out_du), vmulq_n_u32(lane_v, (uint32_t)vw.out_dv));
        k.pbits = (uint32_t)vcmphiq_u32(vdupq_n_u32((uint32_t)nu), lane_u);
        k.p_single = k.pbits & 0x0F0Fu; /* lanes 0 and 2 */
    }
    k.full = (k.pbits & 0xFFFFu) == 0xFFFFu;
    {
        const uint32x4_t lane_row = vcreateq_u32(0x0000000200000000ull, 0x0000000300000001ull);
        k.oofs_col = vmulq_n_u32(lane_row, (uint32_t)vw.out_dv);
        for (uint32_t m = 0; m < 4; m++)
        {
            k.p_rows[m] = (uint32_t)vcmphiq_u32(vdupq_n_u32(m), lane_row);
        }
    }

    /* +32: the loads past a channel's last tile row (stride-2 pairs, column passes) read within the array */
    int8_t tile[KT_G * KT_S + 32] __attribute__((aligned(16)));
    kt_chan g[KT_G] __attribute__((aligned(16)));
    memset(g, 0, sizeof(g)); /* the filter vectors' bytes besides the taps stay zero */
    /* The blocks' copies and stores are worked out once per call, KT_OPS at a time (every layer of
     * the benchmarks in one pass); every channel group and batch then runs them. */
    kt_op ops[KT_OPS];
    const int64_t in_bstride = (int64_t)s->in_h * s->in_w * C;
    const int64_t out_bstride = (int64_t)s->out_h * s->out_w * C;
    /* With one strip, the tile's rows outside the input keep the zero point from the first fill on: no fill of
     * that strip writes there, in any group or batch. */
    bool rows_zeroed = false;
    int32_t st = 0, v0 = 0, bi = 0;
    int32_t rows = kt_strip_rows(vw.out_v, nstrips, 0, 0, vw.s);
    while (st < nstrips)
    {
        /* the next ops: the rest of the current strip, then the strips after it, while they fit */
        int32_t nops = 0;
        while (st < nstrips && nops < KT_OPS)
        {
            nops += kt_strip_ops(ops + nops, KT_OPS - nops, &vw, v0, rows, bi, &bi);
            if (bi < 0)
            {
                v0 += rows;
                st++;
                bi = 0;
                if (st < nstrips)
                {
                    rows = kt_strip_rows(vw.out_v, nstrips, st, v0, vw.s);
                }
            }
        }
        for (int32_t c0 = 0; c0 < C; c0 += KT_G)
        {
            const int32_t cg = MIN(KT_G, C - c0);
            kt_group_setup(g, s, a, c0, cg, &vw, top);
            for (int32_t b = 0; b < s->batches; b++)
            {
                const int8_t *in_b = a->input + b * in_bstride + c0;
                int8_t *out_b = a->output + b * out_bstride + c0;
                for (int32_t i = 0; i < nops; i++)
                {
                    /* the first op of a pass rewrites its strip's rows outside the input (other
                     * strips may have stored there) */
                    const kt_op *q = &ops[i];
                    kt_fill(tile, &vw, in_b, q, cg, offs, zv, (q->strip0 || i == 0) && !rows_zeroed);
                    rows_zeroed = nstrips == 1;
                    if (q->ncol == 0)
                    {
                        kt_block(tile, g, out_b + q->out, cg, q->rows, &vw, &k, false, top);
                    }
                    else
                    {
                        for (int32_t c = 0; c < q->ncol; c++)
                        {
                            kt_block(tile + c * vw.s, g, out_b + q->out + c * vw.out_du, cg, q->rows, &vw, &k, true,
                                     top);
                        }
                    }
                }
            }
        }
    }
    return true;
}

#endif /* KILN_BUILD_MVE */
