// The public headers must compile as C++ (TensorFlow Lite Micro is C++17) and give C linkage.
#include "arm_nn_math_types.h"
#include "arm_nn_tables.h"
#include "arm_nn_types.h"
#include "arm_nnfunctions.h"
#include "arm_nnsupportfunctions.h"

#include <type_traits>

static_assert(std::is_same<decltype(&arm_relu_q7), void (*)(int8_t *, uint16_t)>::value, "C linkage signature");
extern "C" int kiln_headers_cxx_anchor;
int kiln_headers_cxx_anchor = 0;
