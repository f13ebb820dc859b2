/*
 * Kiln — arm_nn_exp_poly_coeffs_f32: the coefficients of the grouped exp polynomial of CMSIS-DSP's vexpq_f32
 * (the order its evaluation uses, not ascending powers), public for code written against CMSIS-NN's float
 * support header. Kiln's own exponentials (Internal/kiln_exp_flt.h) do not read it.
 */
#include "arm_nnsupportfunctions_flt.h"

#if ARM_NN_ENABLE_F32

const float32_t arm_nn_exp_poly_coeffs_f32[8] = {1.0f,
                                                 0.0416598916054f,
                                                 0.500000596046f,
                                                 0.0014122662833f,
                                                 1.00000011921f,
                                                 0.00833693705499f,
                                                 0.166665703058f,
                                                 0.000195780929062f};

#endif /* ARM_NN_ENABLE_F32 */
