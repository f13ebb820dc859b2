/*
 * Kiln — float16 depthwise convolution, Helium (MVE-F) kernels. 3x3 route with the portable kernels' numbers:
 * float32 accumulation of exact products of halves in (ky, kx) tap order from zero, the bias added in float32,
 * one rounding to float16, then the clamp.
 *
 * Eight channels per block, split into even and odd lanes widened to float32; the block's nine filter taps are
 * widened once into a stack table. The other float16 routes have their Helium kernels in kiln_dw_flt_mve_f16_routes.c.
 *
 * Rows of full blocks whose nine taps are finite, stride 1 or 2 across (the fast path): the input rows are widened
 * once into a ring of three float32 rows on the stack (a segment of KILN_DW16_SEG outputs, or KILN_DW16_SEG2 at
 * stride 2, with its input columns, both halves), with zeros in the padding; stride 1 down widens one new row per
 * output row, stride 2 down two (the last row of an output row is the first of the next), larger strides three;
 * the widening runs four columns per assembly loop iteration (6.5 instructions a column).
 * Outputs then run in groups of up to four (inline assembly), per half, with the group's sums and the filter row's
 * three taps in registers and every ring column loaded once per filter row; at stride 1 a segment of 4 g + 1
 * outputs ends with a group of five (two taps in registers, ring columns loaded once for kx 0 and 1, again for kx 2)
 * instead of four and one (the DS-CNN rows of 5 outputs).
 * Bits: a padding tap adds (+-0) x (finite tap) = +-0, which changes no sum but a -0 one; each sum starts with
 * its first product (VMUL) instead of +0 + product, so it is -0 only when every product is -0, where the
 * reference sum is +0; the two agree after the bias, which is made +0 where it is -0 (x + (+0) == x for
 * x != -0). Other strides, the channel tail and blocks with a non-finite tap run per output from +0, skipping the
 * taps outside the input. The clamp is the portable kernels' (x < lo ? lo : (x > hi ? hi : x), lo <= hi): compare
 * and select with "greater than" only (lo > x, then x > hi; the MVE "less than" is true for unordered operands), so
 * a NaN output stays NaN and a -0 output stays -0 at lo = +0 (VMAXNM/VMINNM would give lo and +0).
 *
 * VCVTB/VCVTT between float16 and float32 come from Internal/kiln_mve_f16.h (the toolchain's assembler
 * mis-encodes the intrinsics' instructions; the assembly uses its kiln_vcvt_hs macro, never converting in place).
 * Stack: 2432 bytes for kiln_dw_flt_3x3_f16 (GCC 12.2 -O2, Cortex-M55), most of it the ring.
 */
#include "Include/Internal/kiln_dw_flt.h"

#if ARM_NN_ENABLE_F16 && KILN_FLT_BUILD_MVE
#include "Include/Internal/kiln_mve_f16.h"

/* Outputs per row segment of the fast path. A ring row holds the segment's columns and the two halo columns (at
 * stride 2, 2 n + 1 columns), each as its even and odd float32 halves (32 bytes); the ring is sized for stride 2:
 * 3 x 17 x 32 = 1632 bytes of stack. */
#define KILN_DW16_SEG (12)
#define KILN_DW16_SEG2 (8) /* stride 2 across: 2 x 8 + 1 = 17 columns */
#define KILN_DW16_COLS (2 * KILN_DW16_SEG2 + 1)

#define KILN_DW16_INLINE static inline __attribute__((always_inline))

/* One output of the block (per-output path): the taps inside the input, float32 sums of the even and odd lanes
 * from zero. */
static void kiln_dw16_one(const kiln_dw_flt_geom *g, const float16_t *img, int32_t iy0, int32_t ky0, int32_t ky1,
                          int32_t x, float32x4_t (*wf)[2], float32x4_t be, float32x4_t bo, mve_pred16_t p,
                          float16x8_t vlo, float16x8_t vhi, float16_t *dst)
{
    const size_t c1 = (size_t)g->in_c;
    const size_t row = (size_t)g->in_w * c1;
    const int32_t ix0 = x * g->stride_w - g->pad_w;
    const int32_t kx0 = ix0 < 0 ? (-ix0 > 3 ? 3 : -ix0) : 0;
    int32_t kx1 = g->in_w - ix0;
    kx1 = kx1 < kx0 ? kx0 : (kx1 > 3 ? 3 : kx1);
    float32x4_t ae = vdupq_n_f32(0.0f), ao = vdupq_n_f32(0.0f);
    for (int32_t ky = ky0; ky < ky1; ky++)
    {
        const float16_t *s = img + (size_t)(iy0 + ky) * row;
        for (int32_t kx = kx0; kx < kx1; kx++)
        {
            const float16x8_t xv = vldrhq_z_f16(s + (size_t)(ix0 + kx) * c1, p);
            ae = vfmaq_f32(ae, kiln_mve_f16_bottom_to_f32(xv), wf[ky * 3 + kx][0]);
            ao = vfmaq_f32(ao, kiln_mve_f16_top_to_f32(xv), wf[ky * 3 + kx][1]);
        }
    }
    float16x8_t r = kiln_mve_f32_pair_to_f16(vaddq_f32(ae, be), vaddq_f32(ao, bo));
    /* lo > r, then r > hi: greater-than is false for NaN (less-than is not: it means "not greater or equal") */
    r = vpselq_f16(vlo, r, vcmpgtq_f16(vlo, r));
    r = vpselq_f16(vhi, r, vcmpgtq_f16(r, vhi));
    vstrhq_p_f16(dst, r, p);
}

/* Ring row d ([col][half]) columns [a, b): the input columns from s on widened, or zeros when s is NULL (a row
 * outside the input). The padding columns outside [a, b) are zero from the segment's start. */
static inline void kiln_dw16_fill(const float16_t *s, size_t c1, int32_t a, int32_t b, float32x4_t *d)
{
    d += 2 * a;
    if (s == NULL)
    {
        const float32x4_t z = vdupq_n_f32(0.0f);
        for (int32_t j = a; j < b; j++, d += 2)
        {
            d[0] = z;
            d[1] = z;
        }
        return;
    }
    const int32_t n = b - a;
    int32_t quads = n >> 2;
    if (quads > 0)
    {
        /* four columns per iteration, then two, then one: 6.5 instructions a column where GCC's loop takes 7.3 (no
         * LR: the loop may sit inside the compiler's low-overhead loops) */
        const size_t c2 = c1 * sizeof(float16_t);
        __asm__ volatile("1:\n"
                         "vldrh.u16 q0, [%[s]]\n"
                         "add %[s], %[s], %[c2]\n"
                         "kiln_vcvt_hs q1, q0, 1, 0\n"
                         "kiln_vcvt_hs q2, q0, 1, 1\n"
                         "vstrw.32 q2, [%[d], #16]\n"
                         "vldrh.u16 q0, [%[s]]\n"
                         "add %[s], %[s], %[c2]\n"
                         "kiln_vcvt_hs q3, q0, 1, 0\n"
                         "kiln_vcvt_hs q4, q0, 1, 1\n"
                         "vstrw.32 q3, [%[d], #32]\n"
                         "vstrw.32 q4, [%[d], #48]\n"
                         "vldrh.u16 q0, [%[s]]\n"
                         "add %[s], %[s], %[c2]\n"
                         "kiln_vcvt_hs q3, q0, 1, 0\n"
                         "kiln_vcvt_hs q4, q0, 1, 1\n"
                         "vstrw.32 q3, [%[d], #64]\n"
                         "vstrw.32 q4, [%[d], #80]\n"
                         "vldrh.u16 q0, [%[s]]\n"
                         "add %[s], %[s], %[c2]\n"
                         "kiln_vcvt_hs q3, q0, 1, 0\n"
                         "kiln_vcvt_hs q4, q0, 1, 1\n"
                         "vstrw.32 q3, [%[d], #96]\n"
                         "vstrw.32 q4, [%[d], #112]\n"
                         "vstrw.32 q1, [%[d]], #128\n"
                         "subs %[q], %[q], #1\n"
                         "bne 1b\n"
                         : [s] "+r"(s), [d] "+r"(d), [q] "+r"(quads)
                         : [c2] "r"(c2)
                         : "d0", "d1", "d2", "d3", "d4", "d5", "d6", "d7", "d8", "d9", "cc", "memory");
    }
    if (n & 2)
    {
        const size_t c2 = c1 * sizeof(float16_t);
        __asm__ volatile("vldrh.u16 q0, [%[s]]\n"
                         "add %[s], %[s], %[c2]\n"
                         "vldrh.u16 q1, [%[s]]\n"
                         "add %[s], %[s], %[c2]\n"
                         "kiln_vcvt_hs q2, q0, 1, 0\n"
                         "kiln_vcvt_hs q3, q0, 1, 1\n"
                         "kiln_vcvt_hs q4, q1, 1, 0\n"
                         "kiln_vcvt_hs q0, q1, 1, 1\n"
                         "vstrw.32 q3, [%[d], #16]\n"
                         "vstrw.32 q4, [%[d], #32]\n"
                         "vstrw.32 q0, [%[d], #48]\n"
                         "vstrw.32 q2, [%[d]], #64\n"
                         : [s] "+r"(s), [d] "+r"(d)
                         : [c2] "r"(c2)
                         : "d0", "d1", "d2", "d3", "d4", "d5", "d6", "d7", "d8", "d9", "memory");
    }
    if (n & 1)
    {
        const float16x8_t v = vld1q_f16(s);
        d[0] = kiln_mve_f16_bottom_to_f32(v);
        d[1] = kiln_mve_f16_top_to_f32(v);
    }
}

/* What the group kernel reads at fixed offsets from one pointer: the block's widened taps [tap][half] (bytes
 * 0..287), bias halves (288, 304), clamp bounds (320, 336) and up to five even sums in flight (352..431). */
typedef struct
{
    float32x4_t wf[9][2];
    float32x4_t be, bo;
    float16x8_t lo, hi;
    float32x4_t t[5];
} kiln_dw16_k;

/*
 * n (1..4; 5 at stride 1) adjacent outputs from the ring, inline assembly generated by tools/gen_dw16_asm.py (one
 * body per stride across and n; a ctest checks the macros below match it: edit the generator, then run it with --write). With
 * intrinsics GCC 12.2 hoists the ring and tap loads, keeps pointers on the stack and spills Q registers: 2.4x the
 * instructions. Per half: q0..q(n-1) the sums from +0, q4..q6 one filter row's taps, q7 one ring column; per
 * filter row each of the n + 2 ring columns (stride 2: 2 n + 1) is loaded once and multiply-added into the sums it
 * belongs to, lowest kx first (each sum keeps the (ky, kx) order). The even sums plus their bias wait in t[]; the
 * odd sums plus theirs stay in registers; then each output: even halves (VCVTB) and odd halves (VCVTT) rounded
 * into one vector, clamped (VPT gt + predicated VORR from lo, then from hi: NaN fails both compares), stored.
 * KILN_DW16_ASM_5 (five outputs, stride 1): q0..q4 the sums, q5/q6 the taps kx 0 and 1 of a filter row, q7 one
 * ring column; per filter row columns 0..5 feed kx 1 of sum c - 1 and kx 0 of sum c, then the tap kx 2 replaces
 * kx 0 and columns 2..6 are loaded again for it (each sum still gets its taps in (ky, kx) order): 14 loads per
 * filter row and half where four and one take 15, and one group's fixed loads and stores instead of two.
 * %[r0..2]: ring rows at the group's first column, %[w]: the kiln_dw16_k.
 */
#define KILN_DW16_ASM_1 \
    "vldrw.u32 q4, [%[w], #0]\n" \
    "vldrw.u32 q5, [%[w], #32]\n" \
    "vldrw.u32 q6, [%[w], #64]\n" \
    "vldrw.u32 q7, [%[r0], #0]\n" \
    "vmul.f32 q0, q7, q4\n" \
    "vldrw.u32 q7, [%[r0], #32]\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r0], #64]\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vldrw.u32 q4, [%[w], #96]\n" \
    "vldrw.u32 q5, [%[w], #128]\n" \
    "vldrw.u32 q6, [%[w], #160]\n" \
    "vldrw.u32 q7, [%[r1], #0]\n" \
    "vfma.f32 q0, q7, q4\n" \
    "vldrw.u32 q7, [%[r1], #32]\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r1], #64]\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vldrw.u32 q4, [%[w], #192]\n" \
    "vldrw.u32 q5, [%[w], #224]\n" \
    "vldrw.u32 q6, [%[w], #256]\n" \
    "vldrw.u32 q7, [%[r2], #0]\n" \
    "vfma.f32 q0, q7, q4\n" \
    "vldrw.u32 q7, [%[r2], #32]\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r2], #64]\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vldrw.u32 q4, [%[w], #288]\n" \
    "vadd.f32 q0, q0, q4\n" \
    "vstrw.32 q0, [%[w], #352]\n" \
    "vldrw.u32 q4, [%[w], #16]\n" \
    "vldrw.u32 q5, [%[w], #48]\n" \
    "vldrw.u32 q6, [%[w], #80]\n" \
    "vldrw.u32 q7, [%[r0], #16]\n" \
    "vmul.f32 q0, q7, q4\n" \
    "vldrw.u32 q7, [%[r0], #48]\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r0], #80]\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vldrw.u32 q4, [%[w], #112]\n" \
    "vldrw.u32 q5, [%[w], #144]\n" \
    "vldrw.u32 q6, [%[w], #176]\n" \
    "vldrw.u32 q7, [%[r1], #16]\n" \
    "vfma.f32 q0, q7, q4\n" \
    "vldrw.u32 q7, [%[r1], #48]\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r1], #80]\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vldrw.u32 q4, [%[w], #208]\n" \
    "vldrw.u32 q5, [%[w], #240]\n" \
    "vldrw.u32 q6, [%[w], #272]\n" \
    "vldrw.u32 q7, [%[r2], #16]\n" \
    "vfma.f32 q0, q7, q4\n" \
    "vldrw.u32 q7, [%[r2], #48]\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r2], #80]\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vldrw.u32 q4, [%[w], #304]\n" \
    "vadd.f32 q0, q0, q4\n" \
    "vldrw.u32 q6, [%[w], #320]\n" \
    "vldrw.u32 q7, [%[w], #336]\n" \
    "vldrw.u32 q4, [%[w], #352]\n" \
    "kiln_vcvt_hs q5, q4, 0, 0\n" \
    "kiln_vcvt_hs q5, q0, 0, 1\n" \
    "vpt.f16 gt, q6, q5\n" \
    "vorrt q5, q6, q6\n" \
    "vpt.f16 gt, q5, q7\n" \
    "vorrt q5, q7, q7\n" \
    "vstrh.16 q5, [%[d]]\n" \

#define KILN_DW16_ASM_2 \
    "vldrw.u32 q4, [%[w], #0]\n" \
    "vldrw.u32 q5, [%[w], #32]\n" \
    "vldrw.u32 q6, [%[w], #64]\n" \
    "vldrw.u32 q7, [%[r0], #0]\n" \
    "vmul.f32 q0, q7, q4\n" \
    "vldrw.u32 q7, [%[r0], #32]\n" \
    "vmul.f32 q1, q7, q4\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r0], #64]\n" \
    "vfma.f32 q1, q7, q5\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vldrw.u32 q7, [%[r0], #96]\n" \
    "vfma.f32 q1, q7, q6\n" \
    "vldrw.u32 q4, [%[w], #96]\n" \
    "vldrw.u32 q5, [%[w], #128]\n" \
    "vldrw.u32 q6, [%[w], #160]\n" \
    "vldrw.u32 q7, [%[r1], #0]\n" \
    "vfma.f32 q0, q7, q4\n" \
    "vldrw.u32 q7, [%[r1], #32]\n" \
    "vfma.f32 q1, q7, q4\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r1], #64]\n" \
    "vfma.f32 q1, q7, q5\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vldrw.u32 q7, [%[r1], #96]\n" \
    "vfma.f32 q1, q7, q6\n" \
    "vldrw.u32 q4, [%[w], #192]\n" \
    "vldrw.u32 q5, [%[w], #224]\n" \
    "vldrw.u32 q6, [%[w], #256]\n" \
    "vldrw.u32 q7, [%[r2], #0]\n" \
    "vfma.f32 q0, q7, q4\n" \
    "vldrw.u32 q7, [%[r2], #32]\n" \
    "vfma.f32 q1, q7, q4\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r2], #64]\n" \
    "vfma.f32 q1, q7, q5\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vldrw.u32 q7, [%[r2], #96]\n" \
    "vfma.f32 q1, q7, q6\n" \
    "vldrw.u32 q4, [%[w], #288]\n" \
    "vadd.f32 q0, q0, q4\n" \
    "vadd.f32 q1, q1, q4\n" \
    "vstrw.32 q0, [%[w], #352]\n" \
    "vstrw.32 q1, [%[w], #368]\n" \
    "vldrw.u32 q4, [%[w], #16]\n" \
    "vldrw.u32 q5, [%[w], #48]\n" \
    "vldrw.u32 q6, [%[w], #80]\n" \
    "vldrw.u32 q7, [%[r0], #16]\n" \
    "vmul.f32 q0, q7, q4\n" \
    "vldrw.u32 q7, [%[r0], #48]\n" \
    "vmul.f32 q1, q7, q4\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r0], #80]\n" \
    "vfma.f32 q1, q7, q5\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vldrw.u32 q7, [%[r0], #112]\n" \
    "vfma.f32 q1, q7, q6\n" \
    "vldrw.u32 q4, [%[w], #112]\n" \
    "vldrw.u32 q5, [%[w], #144]\n" \
    "vldrw.u32 q6, [%[w], #176]\n" \
    "vldrw.u32 q7, [%[r1], #16]\n" \
    "vfma.f32 q0, q7, q4\n" \
    "vldrw.u32 q7, [%[r1], #48]\n" \
    "vfma.f32 q1, q7, q4\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r1], #80]\n" \
    "vfma.f32 q1, q7, q5\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vldrw.u32 q7, [%[r1], #112]\n" \
    "vfma.f32 q1, q7, q6\n" \
    "vldrw.u32 q4, [%[w], #208]\n" \
    "vldrw.u32 q5, [%[w], #240]\n" \
    "vldrw.u32 q6, [%[w], #272]\n" \
    "vldrw.u32 q7, [%[r2], #16]\n" \
    "vfma.f32 q0, q7, q4\n" \
    "vldrw.u32 q7, [%[r2], #48]\n" \
    "vfma.f32 q1, q7, q4\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r2], #80]\n" \
    "vfma.f32 q1, q7, q5\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vldrw.u32 q7, [%[r2], #112]\n" \
    "vfma.f32 q1, q7, q6\n" \
    "vldrw.u32 q4, [%[w], #304]\n" \
    "vadd.f32 q0, q0, q4\n" \
    "vadd.f32 q1, q1, q4\n" \
    "vldrw.u32 q6, [%[w], #320]\n" \
    "vldrw.u32 q7, [%[w], #336]\n" \
    "vldrw.u32 q4, [%[w], #352]\n" \
    "kiln_vcvt_hs q5, q4, 0, 0\n" \
    "kiln_vcvt_hs q5, q0, 0, 1\n" \
    "vpt.f16 gt, q6, q5\n" \
    "vorrt q5, q6, q6\n" \
    "vpt.f16 gt, q5, q7\n" \
    "vorrt q5, q7, q7\n" \
    "vstrh.16 q5, [%[d]]\n" \
    "add %[d], %[d], %[c2]\n" \
    "vldrw.u32 q4, [%[w], #368]\n" \
    "kiln_vcvt_hs q5, q4, 0, 0\n" \
    "kiln_vcvt_hs q5, q1, 0, 1\n" \
    "vpt.f16 gt, q6, q5\n" \
    "vorrt q5, q6, q6\n" \
    "vpt.f16 gt, q5, q7\n" \
    "vorrt q5, q7, q7\n" \
    "vstrh.16 q5, [%[d]]\n" \

#define KILN_DW16_ASM_3 \
    "vldrw.u32 q4, [%[w], #0]\n" \
    "vldrw.u32 q5, [%[w], #32]\n" \
    "vldrw.u32 q6, [%[w], #64]\n" \
    "vldrw.u32 q7, [%[r0], #0]\n" \
    "vmul.f32 q0, q7, q4\n" \
    "vldrw.u32 q7, [%[r0], #32]\n" \
    "vmul.f32 q1, q7, q4\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r0], #64]\n" \
    "vmul.f32 q2, q7, q4\n" \
    "vfma.f32 q1, q7, q5\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vldrw.u32 q7, [%[r0], #96]\n" \
    "vfma.f32 q2, q7, q5\n" \
    "vfma.f32 q1, q7, q6\n" \
    "vldrw.u32 q7, [%[r0], #128]\n" \
    "vfma.f32 q2, q7, q6\n" \
    "vldrw.u32 q4, [%[w], #96]\n" \
    "vldrw.u32 q5, [%[w], #128]\n" \
    "vldrw.u32 q6, [%[w], #160]\n" \
    "vldrw.u32 q7, [%[r1], #0]\n" \
    "vfma.f32 q0, q7, q4\n" \
    "vldrw.u32 q7, [%[r1], #32]\n" \
    "vfma.f32 q1, q7, q4\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r1], #64]\n" \
    "vfma.f32 q2, q7, q4\n" \
    "vfma.f32 q1, q7, q5\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vldrw.u32 q7, [%[r1], #96]\n" \
    "vfma.f32 q2, q7, q5\n" \
    "vfma.f32 q1, q7, q6\n" \
    "vldrw.u32 q7, [%[r1], #128]\n" \
    "vfma.f32 q2, q7, q6\n" \
    "vldrw.u32 q4, [%[w], #192]\n" \
    "vldrw.u32 q5, [%[w], #224]\n" \
    "vldrw.u32 q6, [%[w], #256]\n" \
    "vldrw.u32 q7, [%[r2], #0]\n" \
    "vfma.f32 q0, q7, q4\n" \
    "vldrw.u32 q7, [%[r2], #32]\n" \
    "vfma.f32 q1, q7, q4\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r2], #64]\n" \
    "vfma.f32 q2, q7, q4\n" \
    "vfma.f32 q1, q7, q5\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vldrw.u32 q7, [%[r2], #96]\n" \
    "vfma.f32 q2, q7, q5\n" \
    "vfma.f32 q1, q7, q6\n" \
    "vldrw.u32 q7, [%[r2], #128]\n" \
    "vfma.f32 q2, q7, q6\n" \
    "vldrw.u32 q4, [%[w], #288]\n" \
    "vadd.f32 q0, q0, q4\n" \
    "vadd.f32 q1, q1, q4\n" \
    "vadd.f32 q2, q2, q4\n" \
    "vstrw.32 q0, [%[w], #352]\n" \
    "vstrw.32 q1, [%[w], #368]\n" \
    "vstrw.32 q2, [%[w], #384]\n" \
    "vldrw.u32 q4, [%[w], #16]\n" \
    "vldrw.u32 q5, [%[w], #48]\n" \
    "vldrw.u32 q6, [%[w], #80]\n" \
    "vldrw.u32 q7, [%[r0], #16]\n" \
    "vmul.f32 q0, q7, q4\n" \
    "vldrw.u32 q7, [%[r0], #48]\n" \
    "vmul.f32 q1, q7, q4\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r0], #80]\n" \
    "vmul.f32 q2, q7, q4\n" \
    "vfma.f32 q1, q7, q5\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vldrw.u32 q7, [%[r0], #112]\n" \
    "vfma.f32 q2, q7, q5\n" \
    "vfma.f32 q1, q7, q6\n" \
    "vldrw.u32 q7, [%[r0], #144]\n" \
    "vfma.f32 q2, q7, q6\n" \
    "vldrw.u32 q4, [%[w], #112]\n" \
    "vldrw.u32 q5, [%[w], #144]\n" \
    "vldrw.u32 q6, [%[w], #176]\n" \
    "vldrw.u32 q7, [%[r1], #16]\n" \
    "vfma.f32 q0, q7, q4\n" \
    "vldrw.u32 q7, [%[r1], #48]\n" \
    "vfma.f32 q1, q7, q4\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r1], #80]\n" \
    "vfma.f32 q2, q7, q4\n" \
    "vfma.f32 q1, q7, q5\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vldrw.u32 q7, [%[r1], #112]\n" \
    "vfma.f32 q2, q7, q5\n" \
    "vfma.f32 q1, q7, q6\n" \
    "vldrw.u32 q7, [%[r1], #144]\n" \
    "vfma.f32 q2, q7, q6\n" \
    "vldrw.u32 q4, [%[w], #208]\n" \
    "vldrw.u32 q5, [%[w], #240]\n" \
    "vldrw.u32 q6, [%[w], #272]\n" \
    "vldrw.u32 q7, [%[r2], #16]\n" \
    "vfma.f32 q0, q7, q4\n" \
    "vldrw.u32 q7, [%[r2], #48]\n" \
    "vfma.f32 q1, q7, q4\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r2], #80]\n" \
    "vfma.f32 q2, q7, q4\n" \
    "vfma.f32 q1, q7, q5\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vldrw.u32 q7, [%[r2], #112]\n" \
    "vfma.f32 q2, q7, q5\n" \
    "vfma.f32 q1, q7, q6\n" \
    "vldrw.u32 q7, [%[r2], #144]\n" \
    "vfma.f32 q2, q7, q6\n" \
    "vldrw.u32 q4, [%[w], #304]\n" \
    "vadd.f32 q0, q0, q4\n" \
    "vadd.f32 q1, q1, q4\n" \
    "vadd.f32 q2, q2, q4\n" \
    "vldrw.u32 q6, [%[w], #320]\n" \
    "vldrw.u32 q7, [%[w], #336]\n" \
    "vldrw.u32 q4, [%[w], #352]\n" \
    "kiln_vcvt_hs q5, q4, 0, 0\n" \
    "kiln_vcvt_hs q5, q0, 0, 1\n" \
    "vpt.f16 gt, q6, q5\n" \
    "vorrt q5, q6, q6\n" \
    "vpt.f16 gt, q5, q7\n" \
    "vorrt q5, q7, q7\n" \
    "vstrh.16 q5, [%[d]]\n" \
    "add %[d], %[d], %[c2]\n" \
    "vldrw.u32 q4, [%[w], #368]\n" \
    "kiln_vcvt_hs q5, q4, 0, 0\n" \
    "kiln_vcvt_hs q5, q1, 0, 1\n" \
    "vpt.f16 gt, q6, q5\n" \
    "vorrt q5, q6, q6\n" \
    "vpt.f16 gt, q5, q7\n" \
    "vorrt q5, q7, q7\n" \
    "vstrh.16 q5, [%[d]]\n" \
    "add %[d], %[d], %[c2]\n" \
    "vldrw.u32 q4, [%[w], #384]\n" \
    "kiln_vcvt_hs q5, q4, 0, 0\n" \
    "kiln_vcvt_hs q5, q2, 0, 1\n" \
    "vpt.f16 gt, q6, q5\n" \
    "vorrt q5, q6, q6\n" \
    "vpt.f16 gt, q5, q7\n" \
    "vorrt q5, q7, q7\n" \
    "vstrh.16 q5, [%[d]]\n" \

#define KILN_DW16_ASM_4 \
    "vldrw.u32 q4, [%[w], #0]\n" \
    "vldrw.u32 q5, [%[w], #32]\n" \
    "vldrw.u32 q6, [%[w], #64]\n" \
    "vldrw.u32 q7, [%[r0], #0]\n" \
    "vmul.f32 q0, q7, q4\n" \
    "vldrw.u32 q7, [%[r0], #32]\n" \
    "vmul.f32 q1, q7, q4\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r0], #64]\n" \
    "vmul.f32 q2, q7, q4\n" \
    "vfma.f32 q1, q7, q5\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vldrw.u32 q7, [%[r0], #96]\n" \
    "vmul.f32 q3, q7, q4\n" \
    "vfma.f32 q2, q7, q5\n" \
    "vfma.f32 q1, q7, q6\n" \
    "vldrw.u32 q7, [%[r0], #128]\n" \
    "vfma.f32 q3, q7, q5\n" \
    "vfma.f32 q2, q7, q6\n" \
    "vldrw.u32 q7, [%[r0], #160]\n" \
    "vfma.f32 q3, q7, q6\n" \
    "vldrw.u32 q4, [%[w], #96]\n" \
    "vldrw.u32 q5, [%[w], #128]\n" \
    "vldrw.u32 q6, [%[w], #160]\n" \
    "vldrw.u32 q7, [%[r1], #0]\n" \
    "vfma.f32 q0, q7, q4\n" \
    "vldrw.u32 q7, [%[r1], #32]\n" \
    "vfma.f32 q1, q7, q4\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r1], #64]\n" \
    "vfma.f32 q2, q7, q4\n" \
    "vfma.f32 q1, q7, q5\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vldrw.u32 q7, [%[r1], #96]\n" \
    "vfma.f32 q3, q7, q4\n" \
    "vfma.f32 q2, q7, q5\n" \
    "vfma.f32 q1, q7, q6\n" \
    "vldrw.u32 q7, [%[r1], #128]\n" \
    "vfma.f32 q3, q7, q5\n" \
    "vfma.f32 q2, q7, q6\n" \
    "vldrw.u32 q7, [%[r1], #160]\n" \
    "vfma.f32 q3, q7, q6\n" \
    "vldrw.u32 q4, [%[w], #192]\n" \
    "vldrw.u32 q5, [%[w], #224]\n" \
    "vldrw.u32 q6, [%[w], #256]\n" \
    "vldrw.u32 q7, [%[r2], #0]\n" \
    "vfma.f32 q0, q7, q4\n" \
    "vldrw.u32 q7, [%[r2], #32]\n" \
    "vfma.f32 q1, q7, q4\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r2], #64]\n" \
    "vfma.f32 q2, q7, q4\n" \
    "vfma.f32 q1, q7, q5\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vldrw.u32 q7, [%[r2], #96]\n" \
    "vfma.f32 q3, q7, q4\n" \
    "vfma.f32 q2, q7, q5\n" \
    "vfma.f32 q1, q7, q6\n" \
    "vldrw.u32 q7, [%[r2], #128]\n" \
    "vfma.f32 q3, q7, q5\n" \
    "vfma.f32 q2, q7, q6\n" \
    "vldrw.u32 q7, [%[r2], #160]\n" \
    "vfma.f32 q3, q7, q6\n" \
    "vldrw.u32 q4, [%[w], #288]\n" \
    "vadd.f32 q0, q0, q4\n" \
    "vadd.f32 q1, q1, q4\n" \
    "vadd.f32 q2, q2, q4\n" \
    "vadd.f32 q3, q3, q4\n" \
    "vstrw.32 q0, [%[w], #352]\n" \
    "vstrw.32 q1, [%[w], #368]\n" \
    "vstrw.32 q2, [%[w], #384]\n" \
    "vstrw.32 q3, [%[w], #400]\n" \
    "vldrw.u32 q4, [%[w], #16]\n" \
    "vldrw.u32 q5, [%[w], #48]\n" \
    "vldrw.u32 q6, [%[w], #80]\n" \
    "vldrw.u32 q7, [%[r0], #16]\n" \
    "vmul.f32 q0, q7, q4\n" \
    "vldrw.u32 q7, [%[r0], #48]\n" \
    "vmul.f32 q1, q7, q4\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r0], #80]\n" \
    "vmul.f32 q2, q7, q4\n" \
    "vfma.f32 q1, q7, q5\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vldrw.u32 q7, [%[r0], #112]\n" \
    "vmul.f32 q3, q7, q4\n" \
    "vfma.f32 q2, q7, q5\n" \
    "vfma.f32 q1, q7, q6\n" \
    "vldrw.u32 q7, [%[r0], #144]\n" \
    "vfma.f32 q3, q7, q5\n" \
    "vfma.f32 q2, q7, q6\n" \
    "vldrw.u32 q7, [%[r0], #176]\n" \
    "vfma.f32 q3, q7, q6\n" \
    "vldrw.u32 q4, [%[w], #112]\n" \
    "vldrw.u32 q5, [%[w], #144]\n" \
    "vldrw.u32 q6, [%[w], #176]\n" \
    "vldrw.u32 q7, [%[r1], #16]\n" \
    "vfma.f32 q0, q7, q4\n" \
    "vldrw.u32 q7, [%[r1], #48]\n" \
    "vfma.f32 q1, q7, q4\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r1], #80]\n" \
    "vfma.f32 q2, q7, q4\n" \
    "vfma.f32 q1, q7, q5\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vldrw.u32 q7, [%[r1], #112]\n" \
    "vfma.f32 q3, q7, q4\n" \
    "vfma.f32 q2, q7, q5\n" \
    "vfma.f32 q1, q7, q6\n" \
    "vldrw.u32 q7, [%[r1], #144]\n" \
    "vfma.f32 q3, q7, q5\n" \
    "vfma.f32 q2, q7, q6\n" \
    "vldrw.u32 q7, [%[r1], #176]\n" \
    "vfma.f32 q3, q7, q6\n" \
    "vldrw.u32 q4, [%[w], #208]\n" \
    "vldrw.u32 q5, [%[w], #240]\n" \
    "vldrw.u32 q6, [%[w], #272]\n" \
    "vldrw.u32 q7, [%[r2], #16]\n" \
    "vfma.f32 q0, q7, q4\n" \
    "vldrw.u32 q7, [%[r2], #48]\n" \
    "vfma.f32 q1, q7, q4\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r2], #80]\n" \
    "vfma.f32 q2, q7, q4\n" \
    "vfma.f32 q1, q7, q5\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vldrw.u32 q7, [%[r2], #112]\n" \
    "vfma.f32 q3, q7, q4\n" \
    "vfma.f32 q2, q7, q5\n" \
    "vfma.f32 q1, q7, q6\n" \
    "vldrw.u32 q7, [%[r2], #144]\n" \
    "vfma.f32 q3, q7, q5\n" \
    "vfma.f32 q2, q7, q6\n" \
    "vldrw.u32 q7, [%[r2], #176]\n" \
    "vfma.f32 q3, q7, q6\n" \
    "vldrw.u32 q4, [%[w], #304]\n" \
    "vadd.f32 q0, q0, q4\n" \
    "vadd.f32 q1, q1, q4\n" \
    "vadd.f32 q2, q2, q4\n" \
    "vadd.f32 q3, q3, q4\n" \
    "vldrw.u32 q6, [%[w], #320]\n" \
    "vldrw.u32 q7, [%[w], #336]\n" \
    "vldrw.u32 q4, [%[w], #352]\n" \
    "kiln_vcvt_hs q5, q4, 0, 0\n" \
    "kiln_vcvt_hs q5, q0, 0, 1\n" \
    "vpt.f16 gt, q6, q5\n" \
    "vorrt q5, q6, q6\n" \
    "vpt.f16 gt, q5, q7\n" \
    "vorrt q5, q7, q7\n" \
    "vstrh.16 q5, [%[d]]\n" \
    "add %[d], %[d], %[c2]\n" \
    "vldrw.u32 q4, [%[w], #368]\n" \
    "kiln_vcvt_hs q5, q4, 0, 0\n" \
    "kiln_vcvt_hs q5, q1, 0, 1\n" \
    "vpt.f16 gt, q6, q5\n" \
    "vorrt q5, q6, q6\n" \
    "vpt.f16 gt, q5, q7\n" \
    "vorrt q5, q7, q7\n" \
    "vstrh.16 q5, [%[d]]\n" \
    "add %[d], %[d], %[c2]\n" \
    "vldrw.u32 q4, [%[w], #384]\n" \
    "kiln_vcvt_hs q5, q4, 0, 0\n" \
    "kiln_vcvt_hs q5, q2, 0, 1\n" \
    "vpt.f16 gt, q6, q5\n" \
    "vorrt q5, q6, q6\n" \
    "vpt.f16 gt, q5, q7\n" \
    "vorrt q5, q7, q7\n" \
    "vstrh.16 q5, [%[d]]\n" \
    "add %[d], %[d], %[c2]\n" \
    "vldrw.u32 q4, [%[w], #400]\n" \
    "kiln_vcvt_hs q5, q4, 0, 0\n" \
    "kiln_vcvt_hs q5, q3, 0, 1\n" \
    "vpt.f16 gt, q6, q5\n" \
    "vorrt q5, q6, q6\n" \
    "vpt.f16 gt, q5, q7\n" \
    "vorrt q5, q7, q7\n" \
    "vstrh.16 q5, [%[d]]\n" \

#define KILN_DW16_ASM_S2_1 \
    "vldrw.u32 q4, [%[w], #0]\n" \
    "vldrw.u32 q5, [%[w], #32]\n" \
    "vldrw.u32 q6, [%[w], #64]\n" \
    "vldrw.u32 q7, [%[r0], #0]\n" \
    "vmul.f32 q0, q7, q4\n" \
    "vldrw.u32 q7, [%[r0], #32]\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r0], #64]\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vldrw.u32 q4, [%[w], #96]\n" \
    "vldrw.u32 q5, [%[w], #128]\n" \
    "vldrw.u32 q6, [%[w], #160]\n" \
    "vldrw.u32 q7, [%[r1], #0]\n" \
    "vfma.f32 q0, q7, q4\n" \
    "vldrw.u32 q7, [%[r1], #32]\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r1], #64]\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vldrw.u32 q4, [%[w], #192]\n" \
    "vldrw.u32 q5, [%[w], #224]\n" \
    "vldrw.u32 q6, [%[w], #256]\n" \
    "vldrw.u32 q7, [%[r2], #0]\n" \
    "vfma.f32 q0, q7, q4\n" \
    "vldrw.u32 q7, [%[r2], #32]\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r2], #64]\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vldrw.u32 q4, [%[w], #288]\n" \
    "vadd.f32 q0, q0, q4\n" \
    "vstrw.32 q0, [%[w], #352]\n" \
    "vldrw.u32 q4, [%[w], #16]\n" \
    "vldrw.u32 q5, [%[w], #48]\n" \
    "vldrw.u32 q6, [%[w], #80]\n" \
    "vldrw.u32 q7, [%[r0], #16]\n" \
    "vmul.f32 q0, q7, q4\n" \
    "vldrw.u32 q7, [%[r0], #48]\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r0], #80]\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vldrw.u32 q4, [%[w], #112]\n" \
    "vldrw.u32 q5, [%[w], #144]\n" \
    "vldrw.u32 q6, [%[w], #176]\n" \
    "vldrw.u32 q7, [%[r1], #16]\n" \
    "vfma.f32 q0, q7, q4\n" \
    "vldrw.u32 q7, [%[r1], #48]\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r1], #80]\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vldrw.u32 q4, [%[w], #208]\n" \
    "vldrw.u32 q5, [%[w], #240]\n" \
    "vldrw.u32 q6, [%[w], #272]\n" \
    "vldrw.u32 q7, [%[r2], #16]\n" \
    "vfma.f32 q0, q7, q4\n" \
    "vldrw.u32 q7, [%[r2], #48]\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r2], #80]\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vldrw.u32 q4, [%[w], #304]\n" \
    "vadd.f32 q0, q0, q4\n" \
    "vldrw.u32 q6, [%[w], #320]\n" \
    "vldrw.u32 q7, [%[w], #336]\n" \
    "vldrw.u32 q4, [%[w], #352]\n" \
    "kiln_vcvt_hs q5, q4, 0, 0\n" \
    "kiln_vcvt_hs q5, q0, 0, 1\n" \
    "vpt.f16 gt, q6, q5\n" \
    "vorrt q5, q6, q6\n" \
    "vpt.f16 gt, q5, q7\n" \
    "vorrt q5, q7, q7\n" \
    "vstrh.16 q5, [%[d]]\n" \

#define KILN_DW16_ASM_S2_2 \
    "vldrw.u32 q4, [%[w], #0]\n" \
    "vldrw.u32 q5, [%[w], #32]\n" \
    "vldrw.u32 q6, [%[w], #64]\n" \
    "vldrw.u32 q7, [%[r0], #0]\n" \
    "vmul.f32 q0, q7, q4\n" \
    "vldrw.u32 q7, [%[r0], #32]\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r0], #64]\n" \
    "vmul.f32 q1, q7, q4\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vldrw.u32 q7, [%[r0], #96]\n" \
    "vfma.f32 q1, q7, q5\n" \
    "vldrw.u32 q7, [%[r0], #128]\n" \
    "vfma.f32 q1, q7, q6\n" \
    "vldrw.u32 q4, [%[w], #96]\n" \
    "vldrw.u32 q5, [%[w], #128]\n" \
    "vldrw.u32 q6, [%[w], #160]\n" \
    "vldrw.u32 q7, [%[r1], #0]\n" \
    "vfma.f32 q0, q7, q4\n" \
    "vldrw.u32 q7, [%[r1], #32]\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r1], #64]\n" \
    "vfma.f32 q1, q7, q4\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vldrw.u32 q7, [%[r1], #96]\n" \
    "vfma.f32 q1, q7, q5\n" \
    "vldrw.u32 q7, [%[r1], #128]\n" \
    "vfma.f32 q1, q7, q6\n" \
    "vldrw.u32 q4, [%[w], #192]\n" \
    "vldrw.u32 q5, [%[w], #224]\n" \
    "vldrw.u32 q6, [%[w], #256]\n" \
    "vldrw.u32 q7, [%[r2], #0]\n" \
    "vfma.f32 q0, q7, q4\n" \
    "vldrw.u32 q7, [%[r2], #32]\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r2], #64]\n" \
    "vfma.f32 q1, q7, q4\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vldrw.u32 q7, [%[r2], #96]\n" \
    "vfma.f32 q1, q7, q5\n" \
    "vldrw.u32 q7, [%[r2], #128]\n" \
    "vfma.f32 q1, q7, q6\n" \
    "vldrw.u32 q4, [%[w], #288]\n" \
    "vadd.f32 q0, q0, q4\n" \
    "vadd.f32 q1, q1, q4\n" \
    "vstrw.32 q0, [%[w], #352]\n" \
    "vstrw.32 q1, [%[w], #368]\n" \
    "vldrw.u32 q4, [%[w], #16]\n" \
    "vldrw.u32 q5, [%[w], #48]\n" \
    "vldrw.u32 q6, [%[w], #80]\n" \
    "vldrw.u32 q7, [%[r0], #16]\n" \
    "vmul.f32 q0, q7, q4\n" \
    "vldrw.u32 q7, [%[r0], #48]\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r0], #80]\n" \
    "vmul.f32 q1, q7, q4\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vldrw.u32 q7, [%[r0], #112]\n" \
    "vfma.f32 q1, q7, q5\n" \
    "vldrw.u32 q7, [%[r0], #144]\n" \
    "vfma.f32 q1, q7, q6\n" \
    "vldrw.u32 q4, [%[w], #112]\n" \
    "vldrw.u32 q5, [%[w], #144]\n" \
    "vldrw.u32 q6, [%[w], #176]\n" \
    "vldrw.u32 q7, [%[r1], #16]\n" \
    "vfma.f32 q0, q7, q4\n" \
    "vldrw.u32 q7, [%[r1], #48]\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r1], #80]\n" \
    "vfma.f32 q1, q7, q4\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vldrw.u32 q7, [%[r1], #112]\n" \
    "vfma.f32 q1, q7, q5\n" \
    "vldrw.u32 q7, [%[r1], #144]\n" \
    "vfma.f32 q1, q7, q6\n" \
    "vldrw.u32 q4, [%[w], #208]\n" \
    "vldrw.u32 q5, [%[w], #240]\n" \
    "vldrw.u32 q6, [%[w], #272]\n" \
    "vldrw.u32 q7, [%[r2], #16]\n" \
    "vfma.f32 q0, q7, q4\n" \
    "vldrw.u32 q7, [%[r2], #48]\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r2], #80]\n" \
    "vfma.f32 q1, q7, q4\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vldrw.u32 q7, [%[r2], #112]\n" \
    "vfma.f32 q1, q7, q5\n" \
    "vldrw.u32 q7, [%[r2], #144]\n" \
    "vfma.f32 q1, q7, q6\n" \
    "vldrw.u32 q4, [%[w], #304]\n" \
    "vadd.f32 q0, q0, q4\n" \
    "vadd.f32 q1, q1, q4\n" \
    "vldrw.u32 q6, [%[w], #320]\n" \
    "vldrw.u32 q7, [%[w], #336]\n" \
    "vldrw.u32 q4, [%[w], #352]\n" \
    "kiln_vcvt_hs q5, q4, 0, 0\n" \
    "kiln_vcvt_hs q5, q0, 0, 1\n" \
    "vpt.f16 gt, q6, q5\n" \
    "vorrt q5, q6, q6\n" \
    "vpt.f16 gt, q5, q7\n" \
    "vorrt q5, q7, q7\n" \
    "vstrh.16 q5, [%[d]]\n" \
    "add %[d], %[d], %[c2]\n" \
    "vldrw.u32 q4, [%[w], #368]\n" \
    "kiln_vcvt_hs q5, q4, 0, 0\n" \
    "kiln_vcvt_hs q5, q1, 0, 1\n" \
    "vpt.f16 gt, q6, q5\n" \
    "vorrt q5, q6, q6\n" \
    "vpt.f16 gt, q5, q7\n" \
    "vorrt q5, q7, q7\n" \
    "vstrh.16 q5, [%[d]]\n" \

#define KILN_DW16_ASM_S2_3 \
    "vldrw.u32 q4, [%[w], #0]\n" \
    "vldrw.u32 q5, [%[w], #32]\n" \
    "vldrw.u32 q6, [%[w], #64]\n" \
    "vldrw.u32 q7, [%[r0], #0]\n" \
    "vmul.f32 q0, q7, q4\n" \
    "vldrw.u32 q7, [%[r0], #32]\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r0], #64]\n" \
    "vmul.f32 q1, q7, q4\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vldrw.u32 q7, [%[r0], #96]\n" \
    "vfma.f32 q1, q7, q5\n" \
    "vldrw.u32 q7, [%[r0], #128]\n" \
    "vmul.f32 q2, q7, q4\n" \
    "vfma.f32 q1, q7, q6\n" \
    "vldrw.u32 q7, [%[r0], #160]\n" \
    "vfma.f32 q2, q7, q5\n" \
    "vldrw.u32 q7, [%[r0], #192]\n" \
    "vfma.f32 q2, q7, q6\n" \
    "vldrw.u32 q4, [%[w], #96]\n" \
    "vldrw.u32 q5, [%[w], #128]\n" \
    "vldrw.u32 q6, [%[w], #160]\n" \
    "vldrw.u32 q7, [%[r1], #0]\n" \
    "vfma.f32 q0, q7, q4\n" \
    "vldrw.u32 q7, [%[r1], #32]\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r1], #64]\n" \
    "vfma.f32 q1, q7, q4\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vldrw.u32 q7, [%[r1], #96]\n" \
    "vfma.f32 q1, q7, q5\n" \
    "vldrw.u32 q7, [%[r1], #128]\n" \
    "vfma.f32 q2, q7, q4\n" \
    "vfma.f32 q1, q7, q6\n" \
    "vldrw.u32 q7, [%[r1], #160]\n" \
    "vfma.f32 q2, q7, q5\n" \
    "vldrw.u32 q7, [%[r1], #192]\n" \
    "vfma.f32 q2, q7, q6\n" \
    "vldrw.u32 q4, [%[w], #192]\n" \
    "vldrw.u32 q5, [%[w], #224]\n" \
    "vldrw.u32 q6, [%[w], #256]\n" \
    "vldrw.u32 q7, [%[r2], #0]\n" \
    "vfma.f32 q0, q7, q4\n" \
    "vldrw.u32 q7, [%[r2], #32]\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r2], #64]\n" \
    "vfma.f32 q1, q7, q4\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vldrw.u32 q7, [%[r2], #96]\n" \
    "vfma.f32 q1, q7, q5\n" \
    "vldrw.u32 q7, [%[r2], #128]\n" \
    "vfma.f32 q2, q7, q4\n" \
    "vfma.f32 q1, q7, q6\n" \
    "vldrw.u32 q7, [%[r2], #160]\n" \
    "vfma.f32 q2, q7, q5\n" \
    "vldrw.u32 q7, [%[r2], #192]\n" \
    "vfma.f32 q2, q7, q6\n" \
    "vldrw.u32 q4, [%[w], #288]\n" \
    "vadd.f32 q0, q0, q4\n" \
    "vadd.f32 q1, q1, q4\n" \
    "vadd.f32 q2, q2, q4\n" \
    "vstrw.32 q0, [%[w], #352]\n" \
    "vstrw.32 q1, [%[w], #368]\n" \
    "vstrw.32 q2, [%[w], #384]\n" \
    "vldrw.u32 q4, [%[w], #16]\n" \
    "vldrw.u32 q5, [%[w], #48]\n" \
    "vldrw.u32 q6, [%[w], #80]\n" \
    "vldrw.u32 q7, [%[r0], #16]\n" \
    "vmul.f32 q0, q7, q4\n" \
    "vldrw.u32 q7, [%[r0], #48]\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r0], #80]\n" \
    "vmul.f32 q1, q7, q4\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vldrw.u32 q7, [%[r0], #112]\n" \
    "vfma.f32 q1, q7, q5\n" \
    "vldrw.u32 q7, [%[r0], #144]\n" \
    "vmul.f32 q2, q7, q4\n" \
    "vfma.f32 q1, q7, q6\n" \
    "vldrw.u32 q7, [%[r0], #176]\n" \
    "vfma.f32 q2, q7, q5\n" \
    "vldrw.u32 q7, [%[r0], #208]\n" \
    "vfma.f32 q2, q7, q6\n" \
    "vldrw.u32 q4, [%[w], #112]\n" \
    "vldrw.u32 q5, [%[w], #144]\n" \
    "vldrw.u32 q6, [%[w], #176]\n" \
    "vldrw.u32 q7, [%[r1], #16]\n" \
    "vfma.f32 q0, q7, q4\n" \
    "vldrw.u32 q7, [%[r1], #48]\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r1], #80]\n" \
    "vfma.f32 q1, q7, q4\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vldrw.u32 q7, [%[r1], #112]\n" \
    "vfma.f32 q1, q7, q5\n" \
    "vldrw.u32 q7, [%[r1], #144]\n" \
    "vfma.f32 q2, q7, q4\n" \
    "vfma.f32 q1, q7, q6\n" \
    "vldrw.u32 q7, [%[r1], #176]\n" \
    "vfma.f32 q2, q7, q5\n" \
    "vldrw.u32 q7, [%[r1], #208]\n" \
    "vfma.f32 q2, q7, q6\n" \
    "vldrw.u32 q4, [%[w], #208]\n" \
    "vldrw.u32 q5, [%[w], #240]\n" \
    "vldrw.u32 q6, [%[w], #272]\n" \
    "vldrw.u32 q7, [%[r2], #16]\n" \
    "vfma.f32 q0, q7, q4\n" \
    "vldrw.u32 q7, [%[r2], #48]\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r2], #80]\n" \
    "vfma.f32 q1, q7, q4\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vldrw.u32 q7, [%[r2], #112]\n" \
    "vfma.f32 q1, q7, q5\n" \
    "vldrw.u32 q7, [%[r2], #144]\n" \
    "vfma.f32 q2, q7, q4\n" \
    "vfma.f32 q1, q7, q6\n" \
    "vldrw.u32 q7, [%[r2], #176]\n" \
    "vfma.f32 q2, q7, q5\n" \
    "vldrw.u32 q7, [%[r2], #208]\n" \
    "vfma.f32 q2, q7, q6\n" \
    "vldrw.u32 q4, [%[w], #304]\n" \
    "vadd.f32 q0, q0, q4\n" \
    "vadd.f32 q1, q1, q4\n" \
    "vadd.f32 q2, q2, q4\n" \
    "vldrw.u32 q6, [%[w], #320]\n" \
    "vldrw.u32 q7, [%[w], #336]\n" \
    "vldrw.u32 q4, [%[w], #352]\n" \
    "kiln_vcvt_hs q5, q4, 0, 0\n" \
    "kiln_vcvt_hs q5, q0, 0, 1\n" \
    "vpt.f16 gt, q6, q5\n" \
    "vorrt q5, q6, q6\n" \
    "vpt.f16 gt, q5, q7\n" \
    "vorrt q5, q7, q7\n" \
    "vstrh.16 q5, [%[d]]\n" \
    "add %[d], %[d], %[c2]\n" \
    "vldrw.u32 q4, [%[w], #368]\n" \
    "kiln_vcvt_hs q5, q4, 0, 0\n" \
    "kiln_vcvt_hs q5, q1, 0, 1\n" \
    "vpt.f16 gt, q6, q5\n" \
    "vorrt q5, q6, q6\n" \
    "vpt.f16 gt, q5, q7\n" \
    "vorrt q5, q7, q7\n" \
    "vstrh.16 q5, [%[d]]\n" \
    "add %[d], %[d], %[c2]\n" \
    "vldrw.u32 q4, [%[w], #384]\n" \
    "kiln_vcvt_hs q5, q4, 0, 0\n" \
    "kiln_vcvt_hs q5, q2, 0, 1\n" \
    "vpt.f16 gt, q6, q5\n" \
    "vorrt q5, q6, q6\n" \
    "vpt.f16 gt, q5, q7\n" \
    "vorrt q5, q7, q7\n" \
    "vstrh.16 q5, [%[d]]\n" \

#define KILN_DW16_ASM_S2_4 \
    "vldrw.u32 q4, [%[w], #0]\n" \
    "vldrw.u32 q5, [%[w], #32]\n" \
    "vldrw.u32 q6, [%[w], #64]\n" \
    "vldrw.u32 q7, [%[r0], #0]\n" \
    "vmul.f32 q0, q7, q4\n" \
    "vldrw.u32 q7, [%[r0], #32]\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r0], #64]\n" \
    "vmul.f32 q1, q7, q4\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vldrw.u32 q7, [%[r0], #96]\n" \
    "vfma.f32 q1, q7, q5\n" \
    "vldrw.u32 q7, [%[r0], #128]\n" \
    "vmul.f32 q2, q7, q4\n" \
    "vfma.f32 q1, q7, q6\n" \
    "vldrw.u32 q7, [%[r0], #160]\n" \
    "vfma.f32 q2, q7, q5\n" \
    "vldrw.u32 q7, [%[r0], #192]\n" \
    "vmul.f32 q3, q7, q4\n" \
    "vfma.f32 q2, q7, q6\n" \
    "vldrw.u32 q7, [%[r0], #224]\n" \
    "vfma.f32 q3, q7, q5\n" \
    "vldrw.u32 q7, [%[r0], #256]\n" \
    "vfma.f32 q3, q7, q6\n" \
    "vldrw.u32 q4, [%[w], #96]\n" \
    "vldrw.u32 q5, [%[w], #128]\n" \
    "vldrw.u32 q6, [%[w], #160]\n" \
    "vldrw.u32 q7, [%[r1], #0]\n" \
    "vfma.f32 q0, q7, q4\n" \
    "vldrw.u32 q7, [%[r1], #32]\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r1], #64]\n" \
    "vfma.f32 q1, q7, q4\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vldrw.u32 q7, [%[r1], #96]\n" \
    "vfma.f32 q1, q7, q5\n" \
    "vldrw.u32 q7, [%[r1], #128]\n" \
    "vfma.f32 q2, q7, q4\n" \
    "vfma.f32 q1, q7, q6\n" \
    "vldrw.u32 q7, [%[r1], #160]\n" \
    "vfma.f32 q2, q7, q5\n" \
    "vldrw.u32 q7, [%[r1], #192]\n" \
    "vfma.f32 q3, q7, q4\n" \
    "vfma.f32 q2, q7, q6\n" \
    "vldrw.u32 q7, [%[r1], #224]\n" \
    "vfma.f32 q3, q7, q5\n" \
    "vldrw.u32 q7, [%[r1], #256]\n" \
    "vfma.f32 q3, q7, q6\n" \
    "vldrw.u32 q4, [%[w], #192]\n" \
    "vldrw.u32 q5, [%[w], #224]\n" \
    "vldrw.u32 q6, [%[w], #256]\n" \
    "vldrw.u32 q7, [%[r2], #0]\n" \
    "vfma.f32 q0, q7, q4\n" \
    "vldrw.u32 q7, [%[r2], #32]\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r2], #64]\n" \
    "vfma.f32 q1, q7, q4\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vldrw.u32 q7, [%[r2], #96]\n" \
    "vfma.f32 q1, q7, q5\n" \
    "vldrw.u32 q7, [%[r2], #128]\n" \
    "vfma.f32 q2, q7, q4\n" \
    "vfma.f32 q1, q7, q6\n" \
    "vldrw.u32 q7, [%[r2], #160]\n" \
    "vfma.f32 q2, q7, q5\n" \
    "vldrw.u32 q7, [%[r2], #192]\n" \
    "vfma.f32 q3, q7, q4\n" \
    "vfma.f32 q2, q7, q6\n" \
    "vldrw.u32 q7, [%[r2], #224]\n" \
    "vfma.f32 q3, q7, q5\n" \
    "vldrw.u32 q7, [%[r2], #256]\n" \
    "vfma.f32 q3, q7, q6\n" \
    "vldrw.u32 q4, [%[w], #288]\n" \
    "vadd.f32 q0, q0, q4\n" \
    "vadd.f32 q1, q1, q4\n" \
    "vadd.f32 q2, q2, q4\n" \
    "vadd.f32 q3, q3, q4\n" \
    "vstrw.32 q0, [%[w], #352]\n" \
    "vstrw.32 q1, [%[w], #368]\n" \
    "vstrw.32 q2, [%[w], #384]\n" \
    "vstrw.32 q3, [%[w], #400]\n" \
    "vldrw.u32 q4, [%[w], #16]\n" \
    "vldrw.u32 q5, [%[w], #48]\n" \
    "vldrw.u32 q6, [%[w], #80]\n" \
    "vldrw.u32 q7, [%[r0], #16]\n" \
    "vmul.f32 q0, q7, q4\n" \
    "vldrw.u32 q7, [%[r0], #48]\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r0], #80]\n" \
    "vmul.f32 q1, q7, q4\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vldrw.u32 q7, [%[r0], #112]\n" \
    "vfma.f32 q1, q7, q5\n" \
    "vldrw.u32 q7, [%[r0], #144]\n" \
    "vmul.f32 q2, q7, q4\n" \
    "vfma.f32 q1, q7, q6\n" \
    "vldrw.u32 q7, [%[r0], #176]\n" \
    "vfma.f32 q2, q7, q5\n" \
    "vldrw.u32 q7, [%[r0], #208]\n" \
    "vmul.f32 q3, q7, q4\n" \
    "vfma.f32 q2, q7, q6\n" \
    "vldrw.u32 q7, [%[r0], #240]\n" \
    "vfma.f32 q3, q7, q5\n" \
    "vldrw.u32 q7, [%[r0], #272]\n" \
    "vfma.f32 q3, q7, q6\n" \
    "vldrw.u32 q4, [%[w], #112]\n" \
    "vldrw.u32 q5, [%[w], #144]\n" \
    "vldrw.u32 q6, [%[w], #176]\n" \
    "vldrw.u32 q7, [%[r1], #16]\n" \
    "vfma.f32 q0, q7, q4\n" \
    "vldrw.u32 q7, [%[r1], #48]\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r1], #80]\n" \
    "vfma.f32 q1, q7, q4\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vldrw.u32 q7, [%[r1], #112]\n" \
    "vfma.f32 q1, q7, q5\n" \
    "vldrw.u32 q7, [%[r1], #144]\n" \
    "vfma.f32 q2, q7, q4\n" \
    "vfma.f32 q1, q7, q6\n" \
    "vldrw.u32 q7, [%[r1], #176]\n" \
    "vfma.f32 q2, q7, q5\n" \
    "vldrw.u32 q7, [%[r1], #208]\n" \
    "vfma.f32 q3, q7, q4\n" \
    "vfma.f32 q2, q7, q6\n" \
    "vldrw.u32 q7, [%[r1], #240]\n" \
    "vfma.f32 q3, q7, q5\n" \
    "vldrw.u32 q7, [%[r1], #272]\n" \
    "vfma.f32 q3, q7, q6\n" \
    "vldrw.u32 q4, [%[w], #208]\n" \
    "vldrw.u32 q5, [%[w], #240]\n" \
    "vldrw.u32 q6, [%[w], #272]\n" \
    "vldrw.u32 q7, [%[r2], #16]\n" \
    "vfma.f32 q0, q7, q4\n" \
    "vldrw.u32 q7, [%[r2], #48]\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r2], #80]\n" \
    "vfma.f32 q1, q7, q4\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vldrw.u32 q7, [%[r2], #112]\n" \
    "vfma.f32 q1, q7, q5\n" \
    "vldrw.u32 q7, [%[r2], #144]\n" \
    "vfma.f32 q2, q7, q4\n" \
    "vfma.f32 q1, q7, q6\n" \
    "vldrw.u32 q7, [%[r2], #176]\n" \
    "vfma.f32 q2, q7, q5\n" \
    "vldrw.u32 q7, [%[r2], #208]\n" \
    "vfma.f32 q3, q7, q4\n" \
    "vfma.f32 q2, q7, q6\n" \
    "vldrw.u32 q7, [%[r2], #240]\n" \
    "vfma.f32 q3, q7, q5\n" \
    "vldrw.u32 q7, [%[r2], #272]\n" \
    "vfma.f32 q3, q7, q6\n" \
    "vldrw.u32 q4, [%[w], #304]\n" \
    "vadd.f32 q0, q0, q4\n" \
    "vadd.f32 q1, q1, q4\n" \
    "vadd.f32 q2, q2, q4\n" \
    "vadd.f32 q3, q3, q4\n" \
    "vldrw.u32 q6, [%[w], #320]\n" \
    "vldrw.u32 q7, [%[w], #336]\n" \
    "vldrw.u32 q4, [%[w], #352]\n" \
    "kiln_vcvt_hs q5, q4, 0, 0\n" \
    "kiln_vcvt_hs q5, q0, 0, 1\n" \
    "vpt.f16 gt, q6, q5\n" \
    "vorrt q5, q6, q6\n" \
    "vpt.f16 gt, q5, q7\n" \
    "vorrt q5, q7, q7\n" \
    "vstrh.16 q5, [%[d]]\n" \
    "add %[d], %[d], %[c2]\n" \
    "vldrw.u32 q4, [%[w], #368]\n" \
    "kiln_vcvt_hs q5, q4, 0, 0\n" \
    "kiln_vcvt_hs q5, q1, 0, 1\n" \
    "vpt.f16 gt, q6, q5\n" \
    "vorrt q5, q6, q6\n" \
    "vpt.f16 gt, q5, q7\n" \
    "vorrt q5, q7, q7\n" \
    "vstrh.16 q5, [%[d]]\n" \
    "add %[d], %[d], %[c2]\n" \
    "vldrw.u32 q4, [%[w], #384]\n" \
    "kiln_vcvt_hs q5, q4, 0, 0\n" \
    "kiln_vcvt_hs q5, q2, 0, 1\n" \
    "vpt.f16 gt, q6, q5\n" \
    "vorrt q5, q6, q6\n" \
    "vpt.f16 gt, q5, q7\n" \
    "vorrt q5, q7, q7\n" \
    "vstrh.16 q5, [%[d]]\n" \
    "add %[d], %[d], %[c2]\n" \
    "vldrw.u32 q4, [%[w], #400]\n" \
    "kiln_vcvt_hs q5, q4, 0, 0\n" \
    "kiln_vcvt_hs q5, q3, 0, 1\n" \
    "vpt.f16 gt, q6, q5\n" \
    "vorrt q5, q6, q6\n" \
    "vpt.f16 gt, q5, q7\n" \
    "vorrt q5, q7, q7\n" \
    "vstrh.16 q5, [%[d]]\n" \

#define KILN_DW16_ASM_5 \
    "vldrw.u32 q5, [%[w], #0]\n" \
    "vldrw.u32 q6, [%[w], #32]\n" \
    "vldrw.u32 q7, [%[r0], #0]\n" \
    "vmul.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r0], #32]\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vmul.f32 q1, q7, q5\n" \
    "vldrw.u32 q7, [%[r0], #64]\n" \
    "vfma.f32 q1, q7, q6\n" \
    "vmul.f32 q2, q7, q5\n" \
    "vldrw.u32 q7, [%[r0], #96]\n" \
    "vfma.f32 q2, q7, q6\n" \
    "vmul.f32 q3, q7, q5\n" \
    "vldrw.u32 q7, [%[r0], #128]\n" \
    "vfma.f32 q3, q7, q6\n" \
    "vmul.f32 q4, q7, q5\n" \
    "vldrw.u32 q7, [%[r0], #160]\n" \
    "vfma.f32 q4, q7, q6\n" \
    "vldrw.u32 q5, [%[w], #64]\n" \
    "vldrw.u32 q7, [%[r0], #64]\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r0], #96]\n" \
    "vfma.f32 q1, q7, q5\n" \
    "vldrw.u32 q7, [%[r0], #128]\n" \
    "vfma.f32 q2, q7, q5\n" \
    "vldrw.u32 q7, [%[r0], #160]\n" \
    "vfma.f32 q3, q7, q5\n" \
    "vldrw.u32 q7, [%[r0], #192]\n" \
    "vfma.f32 q4, q7, q5\n" \
    "vldrw.u32 q5, [%[w], #96]\n" \
    "vldrw.u32 q6, [%[w], #128]\n" \
    "vldrw.u32 q7, [%[r1], #0]\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r1], #32]\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vfma.f32 q1, q7, q5\n" \
    "vldrw.u32 q7, [%[r1], #64]\n" \
    "vfma.f32 q1, q7, q6\n" \
    "vfma.f32 q2, q7, q5\n" \
    "vldrw.u32 q7, [%[r1], #96]\n" \
    "vfma.f32 q2, q7, q6\n" \
    "vfma.f32 q3, q7, q5\n" \
    "vldrw.u32 q7, [%[r1], #128]\n" \
    "vfma.f32 q3, q7, q6\n" \
    "vfma.f32 q4, q7, q5\n" \
    "vldrw.u32 q7, [%[r1], #160]\n" \
    "vfma.f32 q4, q7, q6\n" \
    "vldrw.u32 q5, [%[w], #160]\n" \
    "vldrw.u32 q7, [%[r1], #64]\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r1], #96]\n" \
    "vfma.f32 q1, q7, q5\n" \
    "vldrw.u32 q7, [%[r1], #128]\n" \
    "vfma.f32 q2, q7, q5\n" \
    "vldrw.u32 q7, [%[r1], #160]\n" \
    "vfma.f32 q3, q7, q5\n" \
    "vldrw.u32 q7, [%[r1], #192]\n" \
    "vfma.f32 q4, q7, q5\n" \
    "vldrw.u32 q5, [%[w], #192]\n" \
    "vldrw.u32 q6, [%[w], #224]\n" \
    "vldrw.u32 q7, [%[r2], #0]\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r2], #32]\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vfma.f32 q1, q7, q5\n" \
    "vldrw.u32 q7, [%[r2], #64]\n" \
    "vfma.f32 q1, q7, q6\n" \
    "vfma.f32 q2, q7, q5\n" \
    "vldrw.u32 q7, [%[r2], #96]\n" \
    "vfma.f32 q2, q7, q6\n" \
    "vfma.f32 q3, q7, q5\n" \
    "vldrw.u32 q7, [%[r2], #128]\n" \
    "vfma.f32 q3, q7, q6\n" \
    "vfma.f32 q4, q7, q5\n" \
    "vldrw.u32 q7, [%[r2], #160]\n" \
    "vfma.f32 q4, q7, q6\n" \
    "vldrw.u32 q5, [%[w], #256]\n" \
    "vldrw.u32 q7, [%[r2], #64]\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r2], #96]\n" \
    "vfma.f32 q1, q7, q5\n" \
    "vldrw.u32 q7, [%[r2], #128]\n" \
    "vfma.f32 q2, q7, q5\n" \
    "vldrw.u32 q7, [%[r2], #160]\n" \
    "vfma.f32 q3, q7, q5\n" \
    "vldrw.u32 q7, [%[r2], #192]\n" \
    "vfma.f32 q4, q7, q5\n" \
    "vldrw.u32 q5, [%[w], #288]\n" \
    "vadd.f32 q0, q0, q5\n" \
    "vadd.f32 q1, q1, q5\n" \
    "vadd.f32 q2, q2, q5\n" \
    "vadd.f32 q3, q3, q5\n" \
    "vadd.f32 q4, q4, q5\n" \
    "vstrw.32 q0, [%[w], #352]\n" \
    "vstrw.32 q1, [%[w], #368]\n" \
    "vstrw.32 q2, [%[w], #384]\n" \
    "vstrw.32 q3, [%[w], #400]\n" \
    "vstrw.32 q4, [%[w], #416]\n" \
    "vldrw.u32 q5, [%[w], #16]\n" \
    "vldrw.u32 q6, [%[w], #48]\n" \
    "vldrw.u32 q7, [%[r0], #16]\n" \
    "vmul.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r0], #48]\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vmul.f32 q1, q7, q5\n" \
    "vldrw.u32 q7, [%[r0], #80]\n" \
    "vfma.f32 q1, q7, q6\n" \
    "vmul.f32 q2, q7, q5\n" \
    "vldrw.u32 q7, [%[r0], #112]\n" \
    "vfma.f32 q2, q7, q6\n" \
    "vmul.f32 q3, q7, q5\n" \
    "vldrw.u32 q7, [%[r0], #144]\n" \
    "vfma.f32 q3, q7, q6\n" \
    "vmul.f32 q4, q7, q5\n" \
    "vldrw.u32 q7, [%[r0], #176]\n" \
    "vfma.f32 q4, q7, q6\n" \
    "vldrw.u32 q5, [%[w], #80]\n" \
    "vldrw.u32 q7, [%[r0], #80]\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r0], #112]\n" \
    "vfma.f32 q1, q7, q5\n" \
    "vldrw.u32 q7, [%[r0], #144]\n" \
    "vfma.f32 q2, q7, q5\n" \
    "vldrw.u32 q7, [%[r0], #176]\n" \
    "vfma.f32 q3, q7, q5\n" \
    "vldrw.u32 q7, [%[r0], #208]\n" \
    "vfma.f32 q4, q7, q5\n" \
    "vldrw.u32 q5, [%[w], #112]\n" \
    "vldrw.u32 q6, [%[w], #144]\n" \
    "vldrw.u32 q7, [%[r1], #16]\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r1], #48]\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vfma.f32 q1, q7, q5\n" \
    "vldrw.u32 q7, [%[r1], #80]\n" \
    "vfma.f32 q1, q7, q6\n" \
    "vfma.f32 q2, q7, q5\n" \
    "vldrw.u32 q7, [%[r1], #112]\n" \
    "vfma.f32 q2, q7, q6\n" \
    "vfma.f32 q3, q7, q5\n" \
    "vldrw.u32 q7, [%[r1], #144]\n" \
    "vfma.f32 q3, q7, q6\n" \
    "vfma.f32 q4, q7, q5\n" \
    "vldrw.u32 q7, [%[r1], #176]\n" \
    "vfma.f32 q4, q7, q6\n" \
    "vldrw.u32 q5, [%[w], #176]\n" \
    "vldrw.u32 q7, [%[r1], #80]\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r1], #112]\n" \
    "vfma.f32 q1, q7, q5\n" \
    "vldrw.u32 q7, [%[r1], #144]\n" \
    "vfma.f32 q2, q7, q5\n" \
    "vldrw.u32 q7, [%[r1], #176]\n" \
    "vfma.f32 q3, q7, q5\n" \
    "vldrw.u32 q7, [%[r1], #208]\n" \
    "vfma.f32 q4, q7, q5\n" \
    "vldrw.u32 q5, [%[w], #208]\n" \
    "vldrw.u32 q6, [%[w], #240]\n" \
    "vldrw.u32 q7, [%[r2], #16]\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r2], #48]\n" \
    "vfma.f32 q0, q7, q6\n" \
    "vfma.f32 q1, q7, q5\n" \
    "vldrw.u32 q7, [%[r2], #80]\n" \
    "vfma.f32 q1, q7, q6\n" \
    "vfma.f32 q2, q7, q5\n" \
    "vldrw.u32 q7, [%[r2], #112]\n" \
    "vfma.f32 q2, q7, q6\n" \
    "vfma.f32 q3, q7, q5\n" \
    "vldrw.u32 q7, [%[r2], #144]\n" \
    "vfma.f32 q3, q7, q6\n" \
    "vfma.f32 q4, q7, q5\n" \
    "vldrw.u32 q7, [%[r2], #176]\n" \
    "vfma.f32 q4, q7, q6\n" \
    "vldrw.u32 q5, [%[w], #272]\n" \
    "vldrw.u32 q7, [%[r2], #80]\n" \
    "vfma.f32 q0, q7, q5\n" \
    "vldrw.u32 q7, [%[r2], #112]\n" \
    "vfma.f32 q1, q7, q5\n" \
    "vldrw.u32 q7, [%[r2], #144]\n" \
    "vfma.f32 q2, q7, q5\n" \
    "vldrw.u32 q7, [%[r2], #176]\n" \
    "vfma.f32 q3, q7, q5\n" \
    "vldrw.u32 q7, [%[r2], #208]\n" \
    "vfma.f32 q4, q7, q5\n" \
    "vldrw.u32 q5, [%[w], #304]\n" \
    "vadd.f32 q0, q0, q5\n" \
    "vadd.f32 q1, q1, q5\n" \
    "vadd.f32 q2, q2, q5\n" \
    "vadd.f32 q3, q3, q5\n" \
    "vadd.f32 q4, q4, q5\n" \
    "vldrw.u32 q7, [%[w], #352]\n" \
    "kiln_vcvt_hs q6, q7, 0, 0\n" \
    "kiln_vcvt_hs q6, q0, 0, 1\n" \
    "vldrw.u32 q5, [%[w], #320]\n" \
    "vldrw.u32 q0, [%[w], #336]\n" \
    "vpt.f16 gt, q5, q6\n" \
    "vorrt q6, q5, q5\n" \
    "vpt.f16 gt, q6, q0\n" \
    "vorrt q6, q0, q0\n" \
    "vstrh.16 q6, [%[d]]\n" \
    "add %[d], %[d], %[c2]\n" \
    "vldrw.u32 q7, [%[w], #368]\n" \
    "kiln_vcvt_hs q6, q7, 0, 0\n" \
    "kiln_vcvt_hs q6, q1, 0, 1\n" \
    "vpt.f16 gt, q5, q6\n" \
    "vorrt q6, q5, q5\n" \
    "vpt.f16 gt, q6, q0\n" \
    "vorrt q6, q0, q0\n" \
    "vstrh.16 q6, [%[d]]\n" \
    "add %[d], %[d], %[c2]\n" \
    "vldrw.u32 q7, [%[w], #384]\n" \
    "kiln_vcvt_hs q6, q7, 0, 0\n" \
    "kiln_vcvt_hs q6, q2, 0, 1\n" \
    "vpt.f16 gt, q5, q6\n" \
    "vorrt q6, q5, q5\n" \
    "vpt.f16 gt, q6, q0\n" \
    "vorrt q6, q0, q0\n" \
    "vstrh.16 q6, [%[d]]\n" \
    "add %[d], %[d], %[c2]\n" \
    "vldrw.u32 q7, [%[w], #400]\n" \
    "kiln_vcvt_hs q6, q7, 0, 0\n" \
    "kiln_vcvt_hs q6, q3, 0, 1\n" \
    "vpt.f16 gt, q5, q6\n" \
    "vorrt q6, q5, q5\n" \
    "vpt.f16 gt, q6, q0\n" \
    "vorrt q6, q0, q0\n" \
    "vstrh.16 q6, [%[d]]\n" \
    "add %[d], %[d], %[c2]\n" \
    "vldrw.u32 q7, [%[w], #416]\n" \
    "kiln_vcvt_hs q6, q7, 0, 0\n" \
    "kiln_vcvt_hs q6, q4, 0, 1\n" \
    "vpt.f16 gt, q5, q6\n" \
    "vorrt q6, q5, q5\n" \
    "vpt.f16 gt, q6, q0\n" \
    "vorrt q6, q0, q0\n" \
    "vstrh.16 q6, [%[d]]\n" \

/* KILN_DW16_ASM<v>_<n>: n (1..4, or 5 at stride 1) outputs stored at d, d + c1, ... (c2: the output column stride in bytes); v empty:
 * stride 1 across, v _S2: stride 2 across (output j reads ring columns 2j .. 2j + 2). */
#define KILN_DW16_GROUP(v, n)                                                                                        \
    __asm__ volatile(KILN_DW16_ASM##v##_##n                                                                          \
                     : [d] "+r"(d)                                                                                   \
                     : [r0] "r"(q0), [r1] "r"(q1), [r2] "r"(q2), [w] "r"(k), [c2] "r"(c2)                          \
                     : "d0", "d1", "d2", "d3", "d4", "d5", "d6", "d7", "d8", "d9", "d10", "d11", "d12", "d13", "d14", \
                       "d15", "memory", "p0")

/* One output row of a segment: 4 g4 + nr outputs from ring rows q0..q2 (at the segment's first column) into d;
 * s2: stride 2 across. */
KILN_DW16_INLINE void kiln_dw16_row(const float32x4_t *q0, const float32x4_t *q1, const float32x4_t *q2,
                                    kiln_dw16_k *k, float16_t *d, int32_t g4, int32_t nr, size_t c1, bool s2)
{
    const size_t c2 = c1 * sizeof(float16_t);
    if (s2)
    {
        for (int32_t i = g4; i > 0; i--, q0 += 16, q1 += 16, q2 += 16)
        {
            KILN_DW16_GROUP(_S2, 4);
            d += c1;
        }
        if (nr == 1)
        {
            KILN_DW16_GROUP(_S2, 1);
        }
        else if (nr == 2)
        {
            KILN_DW16_GROUP(_S2, 2);
        }
        else if (nr == 3)
        {
            KILN_DW16_GROUP(_S2, 3);
        }
        return;
    }
    /* 4 g4 + 1 outputs: the last five in one group (one output alone costs about as much as four) */
    const bool five = nr == 1 && g4 > 0;
    for (int32_t i = five ? g4 - 1 : g4; i > 0; i--, q0 += 8, q1 += 8, q2 += 8)
    {
        KILN_DW16_GROUP(, 4);
        d += c1;
    }
    if (five)
    {
        KILN_DW16_GROUP(, 5);
    }
    else if (nr == 1)
    {
        KILN_DW16_GROUP(, 1);
    }
    else if (nr == 2)
    {
        KILN_DW16_GROUP(, 2);
    }
    else if (nr == 3)
    {
        KILN_DW16_GROUP(, 3);
    }
}

/* The fast path for one full block of one image (stride 1 or 2 across, finite taps). img, dst: the image and its
 * output at the block's first channel. */
static void kiln_dw16_rows(const kiln_dw_flt_geom *g, const float16_t *img, float16_t *dst, kiln_dw16_k *k)
{
    const size_t c1 = (size_t)g->in_c;
    const size_t row = (size_t)g->in_w * c1;
    const uint32_t in_h = (uint32_t)g->in_h;
    const bool s2 = g->stride_w == 2;
    const int32_t seg = s2 ? KILN_DW16_SEG2 : KILN_DW16_SEG;
    float32x4_t ring[3][2 * KILN_DW16_COLS];
    for (int32_t x0 = 0; x0 < g->out_w; x0 += seg)
    {
        const int32_t x1 = g->out_w - x0 < seg ? g->out_w : x0 + seg;
        const int32_t n = x1 - x0;
        const int32_t g4 = n >> 2, nr = n & 3;
        const int32_t cols = s2 ? 2 * n + 1 : n + 2;
        const int32_t ix0 = x0 * g->stride_w - g->pad_w;
        /* ring columns [ca, cb) are input columns ix0 + ca ..; the others are padding, zero for the segment */
        const int32_t ca = ix0 < 0 ? (-ix0 < cols ? -ix0 : cols) : 0;
        const int64_t e = (int64_t)g->in_w - ix0;
        const int32_t cb = e < ca ? ca : (e > cols ? cols : (int32_t)e);
        for (int32_t r = 0; r < 3; r++)
        {
            kiln_dw16_fill(NULL, c1, 0, ca, ring[r]);
            kiln_dw16_fill(NULL, c1, cb, cols, ring[r]);
        }
        /* input row 0 at ring column ca (NULL: the segment sees only padding) */
        const float16_t *scol = ca < cb ? img + (size_t)(ix0 + ca) * c1 : NULL;
        float16_t *d = dst + (size_t)x0 * c1;
        const size_t dstep = (size_t)g->out_w * c1;
        if (g->stride_h == 1)
        {
            /* each output row widens one new input row into the ring row the previous one no longer needs */
            float32x4_t *r0 = ring[0], *r1 = ring[1], *r2 = ring[2];
            int32_t iy = -g->pad_h;
            kiln_dw16_fill(scol != NULL && (uint32_t)iy < in_h ? scol + (size_t)iy * row : NULL, c1, ca, cb, r0);
            iy++;
            kiln_dw16_fill(scol != NULL && (uint32_t)iy < in_h ? scol + (size_t)iy * row : NULL, c1, ca, cb, r1);
            iy++;
            for (int32_t y = 0; y < g->out_h; y++, iy++, d += dstep)
            {
                kiln_dw16_fill(scol != NULL && (uint32_t)iy < in_h ? scol + (size_t)iy * row : NULL, c1, ca, cb, r2);
                kiln_dw16_row(r0, r1, r2, k, d, g4, nr, c1, s2);
                float32x4_t *f = r0;
                r0 = r1;
                r1 = r2;
                r2 = f;
            }
        }
        else
        {
            /* stride 2 down: the last input row of an output row is the first of the next, so its ring row moves
             * to the top and two rows are widened; larger strides widen all three */
            float32x4_t *r0 = ring[0], *r1 = ring[1], *r2 = ring[2];
            const bool keep = g->stride_h == 2;
            const int32_t sh = g->stride_h;
            int32_t iy = -g->pad_h; /* input row of filter row 0 */
            for (int32_t y = 0; y < g->out_h; y++, d += dstep, iy += sh)
            {
                if (y == 0 || !keep)
                {
                    kiln_dw16_fill(scol != NULL && (uint32_t)iy < in_h ? scol + (size_t)iy * row : NULL, c1, ca, cb, r0);
                }
                const uint32_t i1 = (uint32_t)iy + 1u, i2 = (uint32_t)iy + 2u;
                kiln_dw16_fill(scol != NULL && i1 < in_h ? scol + (size_t)i1 * row : NULL, c1, ca, cb, r1);
                kiln_dw16_fill(scol != NULL && i2 < in_h ? scol + (size_t)i2 * row : NULL, c1, ca, cb, r2);
                kiln_dw16_row(r0, r1, r2, k, d, g4, nr, c1, s2);
                float32x4_t *f = r0;
                r0 = r2;
                r2 = f;
            }
        }
    }
}

void kiln_dw_flt_3x3_f16(const kiln_dw_flt_geom *g, const float16_t *in, const float16_t *w, const float16_t *bias,
                         float16_t *out, float16_t lo, float16_t hi)
{
    const int32_t c = g->in_c;
    const size_t c1 = (size_t)c;
    const size_t row = (size_t)g->in_w * c1;
    const float16x8_t vlo = vdupq_n_f16(lo);
    const float16x8_t vhi = vdupq_n_f16(hi);
    kiln_dw16_k kc;
    float32x4_t(*wf)[2] = kc.wf; /* the block's taps widened: [tap][even, odd] */
    for (int32_t ch = 0; ch < c; ch += 8)
    {
        const mve_pred16_t p = vctp16q((uint32_t)(c - ch));
        const bool tail = c - ch < 8;
        /* widen the taps; the largest |tap| bit pattern tells whether all are finite (< 0x7C00: not inf or NaN) */
        uint16x8_t mag = vdupq_n_u16(0);
        const float16_t *wk = w + ch;
        float32x4_t *wd = wf[0];
        if (tail)
        {
            for (int32_t k = 0; k < 9; k++, wk += c1, wd += 2)
            {
                const float16x8_t wv = vldrhq_z_f16(wk, p);
                wd[0] = kiln_mve_f16_bottom_to_f32(wv);
                wd[1] = kiln_mve_f16_top_to_f32(wv);
                mag = vmaxq_u16(mag, vreinterpretq_u16_f16(vabsq_f16(wv)));
            }
        }
        else
        {
            for (int32_t k = 0; k < 9; k++, wk += c1, wd += 2)
            {
                const float16x8_t wv = vld1q_f16(wk);
                wd[0] = kiln_mve_f16_bottom_to_f32(wv);
                wd[1] = kiln_mve_f16_top_to_f32(wv);
                mag = vmaxq_u16(mag, vreinterpretq_u16_f16(vabsq_f16(wv)));
            }
        }
        const bool finite = vmaxvq_u16(0, mag) < 0x7C00u;
        float32x4_t be = vdupq_n_f32(0.0f), bo = vdupq_n_f32(0.0f);
        if (bias != NULL)
        {
            const float16x8_t bv = vldrhq_z_f16(bias + ch, p);
            be = kiln_mve_f16_bottom_to_f32(bv);
            bo = kiln_mve_f16_top_to_f32(bv);
        }
        /* The fast path starts each sum with a product (VMUL), which is -0 when the reference sum from +0 is +0;
         * later taps cannot tell them apart, nor can a bias other than -0: a -0 bias becomes +0 (x + 0 == x for
         * x != -0), so the fast path's sum + bias has the reference's bits. */
        kc.be = vaddq_f32(be, vdupq_n_f32(0.0f));
        kc.bo = vaddq_f32(bo, vdupq_n_f32(0.0f));
        kc.lo = vlo;
        kc.hi = vhi;
        const bool fast = !tail && (g->stride_w == 1 || g->stride_w == 2) && finite;
        for (int32_t b = 0; b < g->n; b++)
        {
            const float16_t *img = in + (size_t)b * (size_t)g->in_h * row + ch;
            float16_t *dst = out + (size_t)b * (size_t)g->out_h * (size_t)g->out_w * c1 + ch;
            if (fast)
            {
                kiln_dw16_rows(g, img, dst, &kc);
                continue;
            }
            for (int32_t y = 0; y < g->out_h; y++)
            {
                const int32_t iy0 = y * g->stride_h - g->pad_h;
                const int32_t ky0 = iy0 < 0 ? (-iy0 > 3 ? 3 : -iy0) : 0;
                int32_t ky1 = g->in_h - iy0;
                ky1 = ky1 < ky0 ? ky0 : (ky1 > 3 ? 3 : ky1);
                for (int32_t x = 0; x < g->out_w; x++, dst += c)
                {
                    kiln_dw16_one(g, img, iy0, ky0, ky1, x, wf, be, bo, p, vlo, vhi, dst);
                }
            }
        }
    }
}

#endif /* ARM_NN_ENABLE_F16 && KILN_FLT_BUILD_MVE */
