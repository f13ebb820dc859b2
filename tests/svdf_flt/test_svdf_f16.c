/*
 * arm_svdf_f16: every shared svdf_*_f16 vector (upstream's driver: absolute tolerance 0.008, over all time
 * steps), randomized multi-step differential tests against a double-precision reference with a rigorous error
 * bound (test_svdf_flt.inc), guards around state and output, inputs and contexts unchanged, a bad-input table.
 */
#include "arm_nnfunctions_flt.h"
#include "kiln_test.h"

#include "kiln_vectors/svdf_batch2_f16.h"
#include "kiln_vectors/svdf_match_1_f16.h"
#include "kiln_vectors/svdf_match_2_f16.h"
#include "kiln_vectors/svdf_small_f16.h"

#define ST_T float16_t
#define ST_API(n) n##_f16
#define ST_U16 1
#define ST_VEC_TOL (0.008)
#define ST_VEC_ARR(a) a##_f16bits
#define ST_VECTORS                                                                                              \
    ST_VEC(svdf_small_f16, SVDF_SMALL_F16)                                                                        \
    ST_VEC(svdf_batch2_f16, SVDF_BATCH2_F16)                                                                      \
    ST_VEC(svdf_match_1_f16, SVDF_MATCH_1_F16)                                                                    \
    ST_VEC(svdf_match_2_f16, SVDF_MATCH_2_F16)
#include "test_svdf_flt.inc"
