/*
 * Kiln — arm_comparison_s8 and its named forms arm_equal_s8, arm_not_equal_s8, arm_greater_s8,
 * arm_greater_equal_s8, arm_less_s8, arm_less_equal_s8 (ns-cmsis-nn): TFLite's quantized comparisons of int8_t
 * tensors with broadcasting (the entries in kiln_compare_entries.inc, checks and loop in kiln_compare.c). Portable C
 * on every backend. No scratch: ctx is not used and may be NULL.
 */
#include "Include/Internal/kiln_intmisc.h"
#include "Include/arm_nnfunctions.h"

#define KILN_CMP_T int8_t
#define KILN_CMP_BITS 8
#define KILN_CMP_NAME(base) base##_s8
#include "kiln_compare_entries.inc"
