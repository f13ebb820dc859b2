/* Helpers shared by the depthwise tests: one case description and the calls to every entry. */
#ifndef DW_S8_TEST_UTIL_H
#define DW_S8_TEST_UTIL_H

#include <stdint.h>

#include "arm_nnfunctions.h"
#include "Internal/kiln_dw_s8.h"

typedef struct
{
    const char *name;
    int32_t n, h, w, c, oh, ow, oc, ch_mult, fh, fw, sh, sw, ph, pw, dh, dw;
    int32_t in_off, out_off, act_min, act_max;
    const int8_t *input, *filter;
    const int32_t *bias, *mult, *shift;
} dw_case;

typedef enum
{
    DW_CALL_WRAPPER = 0,     /* wrapper, weight-sum context NULL (ns) */
    DW_CALL_WRAPPER_WS = 1,  /* wrapper with weight sums from arm_depthwise_convolve_weight_sum (ns) */
    DW_CALL_S8 = 2,          /* arm_depthwise_conv_s8 */
    DW_CALL_OPT = 3,         /* arm_depthwise_conv_s8_opt */
    DW_CALL_OPT_WS = 4,      /* arm_depthwise_conv_s8_opt with weight sums (ns) */
    DW_CALL_3X3 = 5,         /* arm_depthwise_conv_3x3_s8 */
    DW_CALL_COUNT = 6
} dw_call;

const char *dw_call_name(dw_call call);

/* Structs of a case. */
void dw_case_structs(const dw_case *t, cmsis_nn_dw_conv_params *p, cmsis_nn_per_channel_quant_params *q,
                     cmsis_nn_dims *in, cmsis_nn_dims *f, cmsis_nn_dims *b, cmsis_nn_dims *out);

/* Run one entry on a case with a scratch buffer of exactly the queried size between guard bytes
 * (checked); returns the entry's status, or -100 when the case/entry query failed. */
int32_t dw_case_call(const dw_case *t, dw_call call, int8_t *output);

/* Reference output of a case (kiln_reference). Returns KILN_REF_OK or KILN_REF_BAD_ARGS. */
int dw_case_ref(const dw_case *t, int8_t *output);

/* Run every applicable entry with output guard bytes and input/filter/bias/quant unchanged
 * checks, comparing with want (count = n*oh*ow*oc). Returns false on any mismatch. */
bool dw_case_check_all(const dw_case *t, const int8_t *want);

#endif
