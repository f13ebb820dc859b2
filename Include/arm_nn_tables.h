/*
 * Kiln — lookup tables. Kiln's int8 kernels compute their fixed-point functions directly and need
 * no table; the tables other operators share are declared here (the float ones in
 * arm_nnsupportfunctions_flt.h).
 */
#ifndef ARM_NN_TABLES_H
#define ARM_NN_TABLES_H

#include "arm_nn_math_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * sigmoid(i / 24) in Q0.16 for i = 0..255, the table of the int16 LUT sigmoid / tanh
 * (arm_nn_activation_s16, arm_logistic_s16, arm_tanh_s16 and the int16 LSTM gates): TensorFlow Lite's
 * published values, tuned for linear interpolation between entries.
 */
extern const uint16_t sigmoid_table_uint16[256];

#ifdef __cplusplus
}
#endif

#endif /* ARM_NN_TABLES_H */
