/*
 * Kiln — ns-cmsis-nn quantized ADD, SUB and SQUARED_DIFFERENCE on int16_t (TFLite's arithmetic, bit-exact):
 * arm_add_s16, arm_add_scalar_s16, arm_sub_s16, arm_sub_scalar_s16, arm_elementwise_sub_s16,
 * arm_squared_difference_s16, arm_squared_difference_scalar_s16, arm_elementwise_squared_difference_s16 (the entries
 * in kiln_ew_q_entries.inc; checks, arithmetic and walks in Include/Internal/kiln_ew_int.h). Portable C on every
 * backend, except the same-shape runs of the broadcasting ADD, which go through arm_elementwise_add_s16.
 */
#include "Include/Internal/kiln_ew_int.h"
#include "Include/arm_nnfunctions.h"

#define KILN_EWQ_T int16_t
#define KILN_EWQ_KIND KILN_EW_S16
#define KILN_EWQ_NAME(base) base##_s16
#include "kiln_ew_q_entries.inc"
