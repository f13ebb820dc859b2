/*
 * kiln-plan's core: parse a layer description and ask the operator family's own plan function
 * which route it takes on a backend, with its scratch and weight-sum bytes and the routes earlier
 * in the dispatch order that it rejected. No route decision is made here: every answer comes from
 * the library's plan (Internal/kiln_<family>.h) called with an explicit backend.
 *
 * Layer description (one line; the CLI takes the same words as arguments):
 *   <op> [name=<id>] key=value ...
 * ops and keys (dims NxHxWxC, pairs HxW, numbers decimal):
 *   conv     in= out= filter=(CoutxHxWxCin_per_group | HxW) [stride=1x1] [pad=0x0] [dilation=1x1]
 *            dtype=f32|f16 also takes [ctx=<bytes offered>] [format=standard|packed]
 *   dw       in= out= filter=HxW [mult=out_c/in_c] [stride=1x1] [pad=0x0] [dilation=1x1]
 *            dtype=f32|f16 also takes [ctx=<bytes offered>]
 *   avgpool  in= out= filter=HxW [stride=1x1] [pad=0x0]          (maxpool: same keys)
 *   fc       cols= rows= [batches=1]; dtype=f32|f16 also takes [format=standard|packed]
 *   softmax  cols= [rows=1]
 * Every op takes [dtype=s8|f32|f16] (default s8; f32 / f16 need a build with ARM_NN_ENABLE_F32 / F16).
 * ctx= absent: the bytes the size query asks (every optional scratch route allowed).
 * '#' starts a comment; blank lines are ignored.
 */
#ifndef KILN_PLANLIB_H
#define KILN_PLANLIB_H

#include <stdbool.h>
#include <stdint.h>

#include "Include/Internal/kiln_common.h"

#ifdef __cplusplus
extern "C"
{
#endif

    typedef enum
    {
        KP_CONV = 0,
        KP_DW,
        KP_AVGPOOL,
        KP_MAXPOOL,
        KP_FC,
        KP_SOFTMAX
    } kp_op;

    typedef struct
    {
        kp_op op;
        char name[48];
        cmsis_nn_dims in, filter, out;
        cmsis_nn_tile stride, pad, dilation; /* w/h as the public structs */
        int32_t ch_mult;
        int32_t batches, cols, rows; /* fc, softmax */
        int32_t dtype;               /* 0 int8, 1 float32, 2 float16 */
        int32_t weight_format;       /* float conv / fc: ARM_NN_WEIGHT_FORMAT_STANDARD (0) or _NT_N_PACKED (1) */
        int64_t ctx_bytes;           /* float conv / dw: the scratch the caller offers (-1: what the query asks) */
    } kp_layer;

#define KP_MAX_REJECTED 8

    typedef struct
    {
        const char *route;        /* the plan's route name */
        int64_t scratch_bytes;    /* temporary scratch (ctx->buf) */
        int64_t weight_sum_bytes; /* persistent weight / kernel sums */
        int32_t n_rejected;
        const char *rejected[KP_MAX_REJECTED];     /* routes earlier in the dispatch order ... */
        const char *rejected_why[KP_MAX_REJECTED]; /* ... and the condition that failed */
        char why_text[KP_MAX_REJECTED][160];        /* storage of conditions with numbers (do not copy a result) */
    } kp_result;

    /**
     * Parse one description (words already split). Returns true on success; otherwise false with a
     * one-line message in err (what is wrong and what is expected).
     */
    bool kp_parse(int argc, const char *const *argv, kp_layer *layer, char *err, int err_len);

    /** Split a line into words in place (at most max words). Returns the word count, -1 if too many. */
    int kp_split(char *line, const char **words, int max);

    /**
     * Plan a parsed layer for a backend with the family's plan function. Returns true on success;
     * false with a message in err when the family rejects the geometry.
     */
    bool kp_plan(const kp_layer *layer, kiln_isa isa, kp_result *res, char *err, int err_len);

    /** Output elements of a layer (the activation tensor it writes). */
    int64_t kp_output_elems(const kp_layer *layer);
    int64_t kp_input_elems(const kp_layer *layer);
    /** Bytes of one activation element: 1 (s8), 4 (f32), 2 (f16). */
    int64_t kp_elem_bytes(const kp_layer *layer);
    /** "s8", "f32" or "f16". */
    const char *kp_dtype_name(const kp_layer *layer);

    const char *kp_op_name(kp_op op);

#ifdef __cplusplus
}
#endif

#endif
