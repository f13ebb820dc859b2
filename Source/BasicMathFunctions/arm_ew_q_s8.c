/*
 * Kiln — ns-cmsis-nn quantized ADD, SUB and SQUARED_DIFFERENCE on int8_t (TFLite's arithmetic, bit-exact):
 * arm_add_s8, arm_add_scalar_s8, arm_sub_s8, arm_sub_scalar_s8, arm_elementwise_sub_s8,
 * arm_squared_difference_s8, arm_squared_difference_scalar_s8, arm_elementwise_squared_difference_s8 (the entries
 * in kiln_ew_q_entries.inc; checks, arithmetic and walks in Include/Internal/kiln_ew_int.h). Portable C on every
 * backend, except the same-shape runs of the broadcasting ADD, which go through arm_elementwise_add_s8.
 */
#include "Include/Internal/kiln_ew_int.h"
#include "Include/arm_nnfunctions.h"

#define KILN_EWQ_T int8_t
#define KILN_EWQ_KIND KILN_EW_S8
#define KILN_EWQ_NAME(base) base##_s8
#include "kiln_ew_q_entries.inc"
