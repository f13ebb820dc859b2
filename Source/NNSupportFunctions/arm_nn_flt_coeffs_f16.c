/*
 * Kiln — arm_nn_exp_poly_coeffs_f16 (the float32 coefficients of CMSIS-DSP's grouped exp polynomial, kept as a
 * table of the float16 feature) and arm_nn_tanh_approx_coeffs_f16 ({saturation bound 3, a = 27, b = 9} of the
 * rational tanh(x) ~ x (a + x^2) / (a + b x^2) for |x| <= 3): public for code written against CMSIS-NN's float
 * support header. Kiln's own float16 kernels do not read them.
 */
#include "arm_nnsupportfunctions_flt.h"

#if ARM_NN_ENABLE_F16

const float32_t arm_nn_exp_poly_coeffs_f16[8] = {1.0f,
                                                 0.0416598916054f,
                                                 0.500000596046f,
                                                 0.0014122662833f,
                                                 1.00000011921f,
                                                 0.00833693705499f,
                                                 0.166665703058f,
                                                 0.000195780929062f};

const float32_t arm_nn_tanh_approx_coeffs_f16[3] = {3.0f, 27.0f, 9.0f};

#endif /* ARM_NN_ENABLE_F16 */
