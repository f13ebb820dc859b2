/*
 * Kiln — lookup tables. Kiln's int8 kernels compute their fixed-point functions directly and need
 * no table; the tables of other operators are declared here as those operators arrive.
 */
#ifndef ARM_NN_TABLES_H
#define ARM_NN_TABLES_H

#include "arm_nn_math_types.h"

#endif /* ARM_NN_TABLES_H */
