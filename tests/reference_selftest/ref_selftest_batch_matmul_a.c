/* Reference self-test: kiln_ref_batch_matmul_s8 against test_arm_batch_matmul_s8 cases 1 and 2. */
#include "selftest_batch_matmul.h"

#include "kiln_vectors/batch_matmul_1_s8.h"
#include "kiln_vectors/batch_matmul_2_s8.h"

BMM_CASE(BATCH_MATMUL_1_S8, batch_matmul_1_s8)
BMM_CASE(BATCH_MATMUL_2_S8, batch_matmul_2_s8)

int main(void)
{
    KILN_RUN(test_batch_matmul_1_s8);
    KILN_RUN(test_batch_matmul_2_s8);
    return kiln_test_finish();
}
