/*
 * Kiln — arm_elementwise_prelu_s8, arm_prelu_scalar_s8 (ns-cmsis-nn): TFLite int8 PRELU on same-shape
 * operands and with one operand a scalar (Include/Internal/kiln_ew_int.h). Portable C on every backend. The entries are
 * in kiln_prelu_entries.inc.
 */
#include "Include/Internal/kiln_ew_int.h"
#include "Include/arm_nnfunctions.h"
#include <limits.h>

#define KILN_PRELU_T          int8_t
#define KILN_PRELU_MIN        INT8_MIN
#define KILN_PRELU_MAX        INT8_MAX
#define KILN_PRELU_KIND       KILN_EW_S8
#define KILN_PRELU_NAME(base) base##_s8
#include "kiln_prelu_entries.inc"
