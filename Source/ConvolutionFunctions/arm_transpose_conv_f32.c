/*
 * Kiln — float32 transposed convolution: arm_transpose_conv_f32, arm_transpose_conv_wrapper_f32,
 * arm_transpose_conv_nhwc_f32 and the two size queries (TFLite TRANSPOSE_CONV on float32_t storage,
 * Internal/kiln_tconv_flt.h). Portable C on every backend: one route, "direct_gather", which uses no caller
 * buffer (both queries return 0; ctx and output_ctx are not read).
 */
#include "Include/Internal/kiln_tconv_flt.h"

#if ARM_NN_ENABLE_F32

#define KILN_TCONV_FLT_T      float32_t
#define KILN_TCONV_FLT_SFX    _f32
#define KILN_TCONV_FLT_GATHER kiln_tconv_gather_f32
/* the kernel, arm_transpose_conv_f32, arm_transpose_conv_wrapper_f32, arm_transpose_conv_nhwc_f32,
 * arm_transpose_conv_f32_get_buffer_size and arm_transpose_conv_f32_get_reverse_conv_buffer_size */
#include "kiln_tconv_flt_gather.inc"

#endif /* ARM_NN_ENABLE_F32 */
