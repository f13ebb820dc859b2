/*
 * Kiln — float16 depthwise convolution, Helium (MVE-F) kernels. 3x3 route with the portable kernels' numbers:
 * float32 accumulation of exact products of halves, the bias added in float32, one rounding to float16, then the
 * clamp. Eight channels per block (the tail predicated), split into even and odd lanes widened to float32; the
 * block's nine filter taps are widened once into a stack table, then every output position of the block runs.
 *
 * VCVTB/VCVTT between float16 and float32: the GNU assembler of the Arm GNU Toolchain 12.2 encodes the register
 * fields of these instructions wrongly (QEMU raises UNDEF from q4 up), so the intrinsics are not used;
 * kiln_dw_vcvt emits the architectural encoding (111U 1110 0D11 1111 | Qd T 1110 00M0 Qm 1; U = 1: half to
 * single, U = 0: single to half; T: top halves) for the registers the compiler allocates.
 */
#include "Include/Internal/kiln_dw_flt.h"

#if ARM_NN_ENABLE_F16 && KILN_FLT_BUILD_MVE
#include <arm_mve.h>

__asm__(".ifndef kiln_dw_vcvt_defined\n"
        ".set kiln_dw_vcvt_defined, 1\n"
        ".macro kiln_dw_qnum reg\n"
        ".set kiln_dw_qn, -1\n"
        ".irp i, 0, 1, 2, 3, 4, 5, 6, 7\n"
        ".ifc \\reg, q\\i\n"
        ".set kiln_dw_qn, \\i\n"
        ".endif\n"
        ".endr\n"
        ".if kiln_dw_qn < 0\n"
        ".error \"kiln_dw_vcvt: not a Q register\"\n"
        ".endif\n"
        ".endm\n"
        ".macro kiln_dw_vcvt qd, qm, u, t\n"
        "kiln_dw_qnum \\qd\n"
        ".set kiln_dw_qd, kiln_dw_qn\n"
        "kiln_dw_qnum \\qm\n"
        ".inst.w 0xEE3F0E01 | (\\u << 28) | (kiln_dw_qd << 13) | (\\t << 12) | (kiln_dw_qn << 1)\n"
        ".endm\n"
        ".endif\n");

/* Top halves of v widened to float32. */
static inline float32x4_t kiln_dw_top_f32(float16x8_t v)
{
    float32x4_t r;
    __asm__("kiln_dw_vcvt %q0, %q1, 1, 1" : "=w"(r) : "w"(v));
    return r;
}

/* Bottom halves of v widened to float32 (moved to the top halves first). */
static inline float32x4_t kiln_dw_bot_f32(float16x8_t v)
{
    return kiln_dw_top_f32(vreinterpretq_f16_u32(vshlq_n_u32(vreinterpretq_u32_f16(v), 16)));
}

/* Even lanes (ae) and odd lanes (ao) rounded to float16, in channel order. */
static inline float16x8_t kiln_dw_pack_f16(float32x4_t ae, float32x4_t ao)
{
    float16x8_t r = vdupq_n_f16((float16_t)0.0f);
    __asm__("kiln_dw_vcvt %q0, %q1, 0, 0" : "+w"(r) : "w"(ae));
    __asm__("kiln_dw_vcvt %q0, %q1, 0, 1" : "+w"(r) : "w"(ao));
    return r;
}

void kiln_dw_flt_3x3_f16(const kiln_dw_flt_geom *g, const float16_t *in, const float16_t *w, const float16_t *bias,
                         float16_t *out, float16_t lo, float16_t hi)
{
    const int32_t c = g->in_c;
    const size_t row = (size_t)g->in_w * (size_t)c;
    const float16x8_t vlo = vdupq_n_f16(lo);
    const float16x8_t vhi = vdupq_n_f16(hi);
    float32x4_t wf[9][2]; /* the block's taps widened: [tap][even, odd] */
    for (int32_t ch = 0; ch < c; ch += 8)
    {
        const mve_pred16_t p = vctp16q((uint32_t)(c - ch));
        for (int32_t k = 0; k < 9; k++)
        {
            const float16x8_t wv = vldrhq_z_f16(w + (size_t)k * (size_t)c + ch, p);
            wf[k][0] = kiln_dw_bot_f32(wv);
            wf[k][1] = kiln_dw_top_f32(wv);
        }
        float32x4_t be = vdupq_n_f32(0.0f), bo = vdupq_n_f32(0.0f);
        if (bias != NULL)
        {
            const float16x8_t bv = vldrhq_z_f16(bias + ch, p);
            be = kiln_dw_bot_f32(bv);
            bo = kiln_dw_top_f32(bv);
        }
        for (int32_t b = 0; b < g->n; b++)
        {
            const float16_t *img = in + (size_t)b * (size_t)g->in_h * row + ch;
            float16_t *dst = out + (size_t)b * (size_t)g->out_h * (size_t)g->out_w * (size_t)c + ch;
            for (int32_t y = 0; y < g->out_h; y++)
            {
                const int32_t iy0 = y * g->stride_h - g->pad_h;
                const int32_t ky0 = iy0 < 0 ? (-iy0 > 3 ? 3 : -iy0) : 0;
                int32_t ky1 = g->in_h - iy0;
                ky1 = ky1 < ky0 ? ky0 : (ky1 > 3 ? 3 : ky1);
                for (int32_t x = 0; x < g->out_w; x++, dst += c)
                {
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
                            const float16x8_t xv = vldrhq_z_f16(s + (size_t)(ix0 + kx) * (size_t)c, p);
                            ae = vfmaq_f32(ae, kiln_dw_bot_f32(xv), wf[ky * 3 + kx][0]);
                            ao = vfmaq_f32(ao, kiln_dw_top_f32(xv), wf[ky * 3 + kx][1]);
                        }
                    }
                    float16x8_t r = kiln_dw_pack_f16(vaddq_f32(ae, be), vaddq_f32(ao, bo));
                    r = vminnmq_f16(vmaxnmq_f16(r, vlo), vhi);
                    vstrhq_p_f16(dst, r, p);
                }
            }
        }
    }
}

#endif /* ARM_NN_ENABLE_F16 && KILN_FLT_BUILD_MVE */
