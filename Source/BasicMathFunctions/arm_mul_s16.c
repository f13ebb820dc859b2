/*
 * Kiln — arm_mul_s16, arm_mul_scalar_s16 (ns-cmsis-nn): TFLite int16 MUL with TFLite's broadcasting and with a
 * scalar first operand (Include/Internal/kiln_ew_int.h). Portable C on every backend, except same-shape runs of
 * the broadcast, which go through arm_elementwise_mul_s16. The entries are in kiln_mul_entries.inc.
 */
#include "Include/Internal/kiln_ew_int.h"
#include "Include/arm_nnfunctions.h"
#include <limits.h>

#define KILN_MUL_T          int16_t
#define KILN_MUL_MIN        INT16_MIN
#define KILN_MUL_MAX        INT16_MAX
#define KILN_MUL_KIND       KILN_EW_S16
#define KILN_MUL_NAME(base) base##_s16
#include "kiln_mul_entries.inc"
