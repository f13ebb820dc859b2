/* Kiln tests — int8 convolution family: one convolution case, its reference, and a checked call of
 * any public entry with a scratch of exactly the queried size between guard bytes. */
#ifndef CONV_S8_UTIL_H
#define CONV_S8_UTIL_H

#include <stdbool.h>
#include <stdint.h>

#include "arm_nnfunctions.h"
#include "arm_nnsupportfunctions.h"
#include "Internal/kiln_conv_s8.h"
#include "kiln_test.h"

typedef enum
{
    CONV_ENTRY_WRAPPER = 0,
    CONV_ENTRY_CONVOLVE,
    CONV_ENTRY_1X1,
    CONV_ENTRY_1X1_FAST,
    CONV_ENTRY_1_X_N,
    CONV_ENTRY_1X1_OUT,
    CONV_ENTRY_COUNT
} conv_entry;

const char *conv_entry_name(conv_entry e);

typedef struct
{
    kiln_conv_s8_shape s; /* upscale_* used by CONV_ENTRY_CONVOLVE only */
    int32_t input_offset, output_offset, act_min, act_max;
    const int8_t *input;   /* physical input (in_h / upscale_h rows ...) */
    const int8_t *weights; /* [out_c][filter_h][filter_w][filter_c] */
    const int32_t *bias;   /* may be NULL */
    const int32_t *mult;
    const int32_t *shift;
} conv_case;

/* Reference output (kiln_ref_conv_s8, upscaling done explicitly). Returns false if the reference
 * rejected the case. out must hold batches * out_h * out_w * out_c bytes. */
bool conv_reference(const conv_case *c, int8_t *out);

/* Scratch bytes the entry's size query states for this case on the native build (-1: no query). */
int32_t conv_entry_scratch(const conv_case *c, conv_entry e);

/* Whether the entry's route takes the case (its predicate). */
bool conv_entry_accepts(const conv_case *c, conv_entry e);

/*
 * Run one entry on the case with a scratch of exactly the queried size (guard bytes on both sides),
 * a guarded output, and (ns API, with_sums) a weight-sum buffer filled by arm_convolve_weight_sum.
 * Checks: status SUCCESS, guards intact, input/weights/bias/quant unchanged, output == want.
 * Returns true when every check held.
 */
bool conv_run_checked(const conv_case *c, conv_entry e, bool with_sums, const int8_t *want);

/* Call an entry with explicit contexts (for the bad-input tables). ws may be NULL. */
arm_cmsis_nn_status conv_call(conv_entry e,
                              const cmsis_nn_context *ctx,
                              const cmsis_nn_context *ws,
                              const cmsis_nn_conv_params *cp,
                              const cmsis_nn_per_channel_quant_params *qp,
                              const cmsis_nn_dims *in_d,
                              const int8_t *in,
                              const cmsis_nn_dims *f_d,
                              const int8_t *f,
                              const cmsis_nn_dims *b_d,
                              const int32_t *b,
                              const cmsis_nn_dims *up_d,
                              const cmsis_nn_dims *out_d,
                              int8_t *out);

/* The public structs of a case. */
void conv_case_structs(const conv_case *c,
                       cmsis_nn_conv_params *cp,
                       cmsis_nn_per_channel_quant_params *qp,
                       cmsis_nn_dims *in_d,
                       cmsis_nn_dims *f_d,
                       cmsis_nn_dims *out_d,
                       cmsis_nn_dims *up_d);

int64_t conv_in_bytes(const conv_case *c);  /* physical input bytes */
/* Input bytes after upscaling (what conv_reference copies: at most CONV_COPY_MAX). */
int64_t conv_logical_in_bytes(const conv_case *c);
#define CONV_COPY_MAX 40000
int64_t conv_out_bytes(const conv_case *c);
int64_t conv_w_bytes(const conv_case *c);

#endif
