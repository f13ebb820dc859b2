/*
 * Kiln internals, DSP extension only: the int16 depthwise window tap shared by the window-sum kernel
 * (kiln_dw_acc4_run, Source/NNSupportFunctions/kernels/kiln_dot_dsp.c) and the fused window outputs
 * (kiln_dw_out4_run, Source/DepthwiseConvFunctions/kernels/kiln_dw_s16_dsp.c), as assembly text.
 */
#ifndef KILN_DW_ACC_DSP_H
#define KILN_DW_ACC_DSP_H

/*
 * One tap of four channels: the weights' word at [r5] widened to (w0, w2) in r11 and (w1, w3) in r10 (SXTB16), x as
 * (x0, x1) in r12 and (x2, x3) in lr (two word loads at [r4]), one SMLAxy per channel into r0 .. r3; both pointers
 * stepped to the next column (r4 by r6, r5 by r7). 11 instructions.
 */
#define KILN_DW_ACC4_TAP                                                                                              \
    "  ldr         r10, [r5]                   \n"                                                                    \
    "  ldr         r12, [r4]                   \n"                                                                    \
    "  ldr         lr, [r4, #4]                \n"                                                                    \
    "  sxtb16      r11, r10                    \n"                                                                    \
    "  sxtb16      r10, r10, ror #8            \n"                                                                    \
    "  add         r4, r6                      \n"                                                                    \
    "  add         r5, r7                      \n"                                                                    \
    "  smlabb      r0, r12, r11, r0            \n"                                                                    \
    "  smlatb      r1, r12, r10, r1            \n"                                                                    \
    "  smlabt      r2, lr, r11, r2             \n"                                                                    \
    "  smlatt      r3, lr, r10, r3             \n"

#endif /* KILN_DW_ACC_DSP_H */
