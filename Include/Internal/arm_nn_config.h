/*
 * Kiln — build configuration shared by every public header.
 *
 * Float support is opt-in, as in CMSIS-NN: define ARM_NN_ENABLE_F32 / ARM_NN_ENABLE_F16 to 1 to
 * build the float32 / float16 API. Every float declaration and source file is guarded by exactly
 * one of these (or by ARM_NN_FLOAT_API_ENABLED for what both share).
 *
 * KILN_UPSTREAM_API selects the upstream CMSIS-NN signatures for the functions whose ns-cmsis-nn
 * signatures differ (weight-sum contexts). It is 0 unless the build defines it, or the upstream
 * root (upstream/Include, upstream/Source) is used, which defines it without a compiler flag.
 */
#ifndef ARM_NN_CONFIG_H
#define ARM_NN_CONFIG_H

#ifndef ARM_NN_ENABLE_F32
#define ARM_NN_ENABLE_F32 0
#endif

#ifndef ARM_NN_ENABLE_F16
#define ARM_NN_ENABLE_F16 0
#endif

#define ARM_NN_FLOAT_API_ENABLED (ARM_NN_ENABLE_F32 || ARM_NN_ENABLE_F16)

#ifndef KILN_UPSTREAM_API
#define KILN_UPSTREAM_API 0
#endif

#endif /* ARM_NN_CONFIG_H */
