#!/usr/bin/env python3
"""Generate (or --check, or --write) the inline-assembly group bodies of the Helium float16 depthwise 3x3 kernel.

Source/DepthwiseConvFunctions/kernels/kiln_dw_flt_mve_f16.c computes n (1..4) adjacent outputs of one 8-channel
block per call from a ring of three input rows already widened to float32 (even halves at byte 0 of a 32-byte
column, odd halves at byte 16). One body per stride across (1, 2) and n: macros KILN_DW16_ASM_<n> and
KILN_DW16_ASM_S2_<n>, plus KILN_DW16_ASM_5 (five outputs at stride 1, see body5). Register use: q0..q(n-1) the
sums, q4..q6 one filter row's three taps, q7 one ring column; per half and filter row each ring column is loaded
once and multiply-added into every sum whose window holds it, lowest kx first; the first product of each sum
starts it (VMUL), so each sum keeps the portable kernel's (ky, kx) order. Even-half sums plus bias wait in
kiln_dw16_k.t[] (byte 352 + 16 j, j < 5), odd-half sums plus bias stay in q0..; then per output: narrow both
halves into one vector (kiln_vcvt_hs), clamp with VPT gt (NaN fails both compares), store. Offsets into
kiln_dw16_k: wf[9][2] at 0 (32 bytes per tap: even, odd), be 288, bo 304, lo 320, hi 336, t 352.

  tools/gen_dw16_asm.py           print the macros
  tools/gen_dw16_asm.py --check   exit 1 unless the kernel file holds exactly these macros (a ctest)
  tools/gen_dw16_asm.py --write   replace the macros in the kernel file
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KERNEL = os.path.join(ROOT, "Source", "DepthwiseConvFunctions", "kernels", "kiln_dw_flt_mve_f16.c")
FIRST = "#define KILN_DW16_ASM_1 \\"
LAST = "#define KILN_DW16_ASM_5 \\"


def body(stride, n):
    lines = []

    def emit(text):
        lines.append('    "%s\\n" \\' % text)

    for half in (0, 1):
        for ky in range(3):
            for kx in range(3):
                emit("vldrw.u32 q%d, [%%[w], #%d]" % (4 + kx, ((ky * 3 + kx) * 2 + half) * 16))
            for col in range(stride * (n - 1) + 3):
                emit("vldrw.u32 q7, [%%[r%d], #%d]" % (ky, col * 32 + half * 16))
                for j in reversed(range(n)):
                    kx = col - stride * j
                    if 0 <= kx <= 2:
                        op = "vmul.f32" if ky == 0 and kx == 0 else "vfma.f32"
                        emit("%s q%d, q7, q%d" % (op, j, 4 + kx))
        emit("vldrw.u32 q4, [%%[w], #%d]" % (288 + 16 * half))
        for j in range(n):
            emit("vadd.f32 q%d, q%d, q4" % (j, j))
        if half == 0:
            for j in range(n):
                emit("vstrw.32 q%d, [%%[w], #%d]" % (j, 352 + 16 * j))
    emit("vldrw.u32 q6, [%[w], #320]")
    emit("vldrw.u32 q7, [%[w], #336]")
    for j in range(n):
        if j:
            emit("add %[d], %[d], %[c2]")
        emit("vldrw.u32 q4, [%%[w], #%d]" % (352 + 16 * j))
        emit("kiln_vcvt_hs q5, q4, 0, 0")
        emit("kiln_vcvt_hs q5, q%d, 0, 1" % j)
        emit("vpt.f16 gt, q6, q5")
        emit("vorrt q5, q6, q6")
        emit("vpt.f16 gt, q5, q7")
        emit("vorrt q5, q7, q7")
        emit("vstrh.16 q5, [%[d]]")
    return lines


def body5():
    """Five adjacent outputs at stride 1: q0..q4 the sums, two taps in q5/q6, q7 one ring column. Per filter row,
    columns 0..5 with taps kx 0 and 1 (column c: kx 1 of sum c - 1, kx 0 of sum c), then columns 2..6 with tap kx 2
    (each sum still gets its taps in (ky, kx) order); the outputs use q5 (lo), q0 (hi once output 0 is out), q6 (the
    output vector) and q7."""
    n = 5
    lines = []

    def emit(text):
        lines.append('    "%s\\n" \\' % text)

    for half in (0, 1):
        for ky in range(3):
            emit("vldrw.u32 q5, [%%[w], #%d]" % ((ky * 3 + 0) * 32 + half * 16))
            emit("vldrw.u32 q6, [%%[w], #%d]" % ((ky * 3 + 1) * 32 + half * 16))
            for col in range(n + 1):
                emit("vldrw.u32 q7, [%%[r%d], #%d]" % (ky, col * 32 + half * 16))
                if col >= 1:
                    emit("vfma.f32 q%d, q7, q6" % (col - 1))
                if col < n:
                    emit("%s q%d, q7, q5" % ("vmul.f32" if ky == 0 else "vfma.f32", col))
            emit("vldrw.u32 q5, [%%[w], #%d]" % ((ky * 3 + 2) * 32 + half * 16))
            for col in range(2, n + 2):
                emit("vldrw.u32 q7, [%%[r%d], #%d]" % (ky, col * 32 + half * 16))
                emit("vfma.f32 q%d, q7, q5" % (col - 2))
        emit("vldrw.u32 q5, [%%[w], #%d]" % (288 + 16 * half))
        for j in range(n):
            emit("vadd.f32 q%d, q%d, q5" % (j, j))
        if half == 0:
            for j in range(n):
                emit("vstrw.32 q%d, [%%[w], #%d]" % (j, 352 + 16 * j))
    for j in range(n):
        if j:
            emit("add %[d], %[d], %[c2]")
        emit("vldrw.u32 q7, [%%[w], #%d]" % (352 + 16 * j))
        emit("kiln_vcvt_hs q6, q7, 0, 0")
        emit("kiln_vcvt_hs q6, q%d, 0, 1" % j)
        if j == 0:
            emit("vldrw.u32 q5, [%[w], #320]")
            emit("vldrw.u32 q0, [%[w], #336]")
        emit("vpt.f16 gt, q5, q6")
        emit("vorrt q6, q5, q5")
        emit("vpt.f16 gt, q6, q0")
        emit("vorrt q6, q0, q0")
        emit("vstrh.16 q6, [%[d]]")
    return lines


def macros():
    blocks = []
    for stride in (1, 2):
        for n in range(1, 5):
            name = "KILN_DW16_ASM%s_%d" % ("" if stride == 1 else "_S2", n)
            blocks.append("\n".join(["#define %s \\" % name] + body(stride, n)))
    blocks.append("\n".join(["#define KILN_DW16_ASM_5 \\"] + body5()))
    return "\n\n".join(blocks)


def region(text):
    start = text.index(FIRST)
    end = text.index("\n\n", text.index(LAST))
    return start, end


def main():
    want = macros()
    if len(sys.argv) == 1:
        print(want)
        return 0
    text = open(KERNEL).read()
    start, end = region(text)
    if sys.argv[1] == "--check":
        if text[start:end] != want:
            print("gen_dw16_asm: %s differs from tools/gen_dw16_asm.py (run it with --write)" % KERNEL)
            return 1
        print("gen_dw16_asm: the 9 assembly bodies match")
        return 0
    if sys.argv[1] == "--write":
        open(KERNEL, "w").write(text[:start] + want + text[end:])
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main())
