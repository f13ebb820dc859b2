/*
 * Kiln — arm_mul_s8, arm_mul_scalar_s8 (ns-cmsis-nn): TFLite int8 MUL with TFLite's broadcasting and with a
 * scalar first operand (Include/Internal/kiln_ew_int.h). Portable C on every backend, except same-shape runs of
 * the broadcast, which go through arm_elementwise_mul_s8. The entries are in kiln_mul_entries.inc.
 */
#include "Include/Internal/kiln_ew_int.h"
#include "Include/arm_nnfunctions.h"
#include <limits.h>

#define KILN_MUL_T          int8_t
#define KILN_MUL_MIN        INT8_MIN
#define KILN_MUL_MAX        INT8_MAX
#define KILN_MUL_KIND       KILN_EW_S8
#define KILN_MUL_NAME(base) base##_s8
#include "kiln_mul_entries.inc"
