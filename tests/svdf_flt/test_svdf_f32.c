/*
 * arm_svdf_f32: every shared svdf_*_f32 vector (upstream's driver: absolute tolerance 2.0e-4, over all time
 * steps), randomized multi-step differential tests against a double-precision reference with a rigorous error
 * bound (test_svdf_flt.inc), guards around state and output, inputs and contexts unchanged, a bad-input table.
 */
#include "arm_nnfunctions_flt.h"
#include "kiln_test.h"

#include "kiln_vectors/svdf_batch2_f32.h"
#include "kiln_vectors/svdf_match_1_f32.h"
#include "kiln_vectors/svdf_match_2_f32.h"
#include "kiln_vectors/svdf_small_f32.h"

#define ST_T float32_t
#define ST_API(n) n##_f32
#define ST_U16 0
#define ST_VEC_TOL (2.0e-4)
#define ST_VEC_ARR(a) a
#define ST_VECTORS                                                                                              \
    ST_VEC(svdf_small_f32, SVDF_SMALL_F32)                                                                        \
    ST_VEC(svdf_batch2_f32, SVDF_BATCH2_F32)                                                                      \
    ST_VEC(svdf_match_1_f32, SVDF_MATCH_1_F32)                                                                    \
    ST_VEC(svdf_match_2_f32, SVDF_MATCH_2_F32)
#include "test_svdf_flt.inc"
