/* Reference self-test: kiln_ref_batch_matmul_s8 against test_arm_batch_matmul_s8 cases 3 to 5. */
#include "selftest_batch_matmul.h"

#include "kiln_vectors/batch_matmul_3_s8.h"
#include "kiln_vectors/batch_matmul_4_s8.h"
#include "kiln_vectors/batch_matmul_5_s8.h"

BMM_CASE(BATCH_MATMUL_3_S8, batch_matmul_3_s8)
BMM_CASE(BATCH_MATMUL_4_S8, batch_matmul_4_s8)
BMM_CASE(BATCH_MATMUL_5_S8, batch_matmul_5_s8)

int main(void)
{
    KILN_RUN(test_batch_matmul_3_s8);
    KILN_RUN(test_batch_matmul_4_s8);
    KILN_RUN(test_batch_matmul_5_s8);
    return kiln_test_finish();
}
