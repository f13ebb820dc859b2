#!/usr/bin/env python3
"""Flash footprint of Kiln per operator family, on the build in <build-dir>.

For each family below, links a program that takes the address of the family's public functions
(and nothing else of Kiln) against <build-dir>/libkiln.a with the build's compiler and flags and
--gc-sections, and sums the bytes of code and constants the linker kept from libkiln.a (input
sections .text* and .rodata*, from the link map): what an application calling those functions
carries of Kiln, libc not counted. "every function TFLM calls" takes the functions api.json marks
as called by TensorFlow Lite Micro's CMSIS-NN kernels; "the whole library" every function of
api.json the build defines.

Usage: code_size.py <build-dir> [--spec <api.json>] [--json <out.json>]
Prints one Markdown table (family, functions, bytes).
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

FAMILIES = [
    ("CONV_2D int8", ["arm_convolve_wrapper_s8", "arm_convolve_wrapper_s8_get_buffer_size"]),
    ("DEPTHWISE_CONV_2D int8", ["arm_depthwise_conv_wrapper_s8", "arm_depthwise_conv_wrapper_s8_get_buffer_size"]),
    ("FULLY_CONNECTED int8", ["arm_fully_connected_s8", "arm_fully_connected_s8_get_buffer_size",
                              "arm_vector_sum_s8"]),
    ("SOFTMAX int8", ["arm_softmax_s8"]),
    ("AVERAGE_POOL_2D + MAX_POOL_2D int8", ["arm_avgpool_s8", "arm_avgpool_s8_get_buffer_size", "arm_max_pool_s8"]),
    ("ADD + MUL int8", ["arm_elementwise_add_s8", "arm_elementwise_mul_s8"]),
    ("CONV_2D float32", ["arm_convolve_wrapper_f32", "arm_convolve_wrapper_f32_get_buffer_size"]),
    ("CONV_2D float16", ["arm_convolve_wrapper_f16", "arm_convolve_wrapper_f16_get_buffer_size"]),
    ("DEPTHWISE_CONV_2D float32", ["arm_depthwise_conv_wrapper_f32", "arm_depthwise_conv_wrapper_f32_get_buffer_size"]),
    ("DEPTHWISE_CONV_2D float16", ["arm_depthwise_conv_wrapper_f16", "arm_depthwise_conv_wrapper_f16_get_buffer_size"]),
]
DS_CNN = ("DS-CNN int8 (the five families above it uses)",
          FAMILIES[0][1] + FAMILIES[1][1] + FAMILIES[2][1] + FAMILIES[3][1] + FAMILIES[4][1])


def cache_value(cache, key):
    m = re.search(r"^" + re.escape(key) + r":[A-Z]+=(.*)$", cache, re.M)
    return m.group(1).strip() if m else ""


def defined_symbols(nm, lib):
    out = subprocess.run([nm, "--defined-only", "-g", lib], capture_output=True, text=True, check=True).stdout
    return {line.split()[-1] for line in out.splitlines() if re.match(r"^[0-9a-f]+ [TDRB] ", line)}


def kiln_bytes(map_text, lib_name):
    """Bytes of .text*/.rodata* input sections taken from lib_name (the map's memory map part)."""
    total = 0
    lines = map_text.split("\n")
    start = next((i for i, l in enumerate(lines) if l.startswith("Linker script and memory map")), len(lines))
    for i in range(start, len(lines)):
        m = re.match(r"^ (\.(?:text|rodata)\S*)(.*)$", lines[i])
        if not m:
            continue
        rest = m.group(2) if m.group(2).strip() else (lines[i + 1] if i + 1 < len(lines) else "")
        m2 = re.match(r"\s+0x[0-9a-f]+\s+0x([0-9a-f]+)\s+(\S+)", rest)
        if m2 and lib_name in m2.group(2):
            total += int(m2.group(1), 16)
    return total


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("--spec", default=None)
    ap.add_argument("--json", default=None)
    args = ap.parse_args()
    build = os.path.abspath(args.build)
    cache = open(os.path.join(build, "CMakeCache.txt")).read()
    src = cache_value(cache, "CMAKE_HOME_DIRECTORY")
    cc = cache_value(cache, "CMAKE_C_COMPILER")
    if not cc:
        # a toolchain file sets the compiler: CMake records it with the compiler's identification
        for d in os.listdir(os.path.join(build, "CMakeFiles")):
            ident = os.path.join(build, "CMakeFiles", d, "CMakeCCompiler.cmake")
            if os.path.exists(ident):
                m = re.search(r'set\(CMAKE_C_COMPILER "([^"]+)"\)', open(ident).read())
                cc = m.group(1) if m else ""
    cflags = (cache_value(cache, "CMAKE_C_FLAGS") + " " + cache_value(cache, "CMAKE_C_FLAGS_RELEASE")).split()
    spec = args.spec or os.path.join(cache_value(cache, "KILN_SHARED_DIR") or os.path.join(src, "..", "shared"),
                                     "spec", "api.json")
    lib = os.path.join(build, "libkiln.a")
    if not (cc and os.path.exists(lib) and os.path.exists(spec)):
        sys.exit(f"code_size.py: need {lib} (build the kiln target), the build's compiler and {spec}")
    if not cc.endswith("arm-none-eabi-gcc"):
        sys.exit(f"code_size.py: {build} is not an Arm cross build (compiler {cc or '?'})")
    nm = re.sub(r"gcc$", "nm", cc)
    have = defined_symbols(nm, lib)
    api = json.load(open(spec))["functions"]
    tflm = [f["name"] for f in api if f.get("tflm_calls") and f["name"] in have]
    every = [f["name"] for f in api if f["name"] in have]
    fams = FAMILIES[:6] + [DS_CNN] + FAMILIES[6:] + [
        ("every function TFLM calls (api.json)", tflm), ("the whole library (every api.json function it defines)", every)]
    defs = ["-DARM_NN_ENABLE_F32=1", "-DARM_NN_ENABLE_F16=1"]
    if cache_value(cache, "KILN_UPSTREAM_API") in ("ON", "1", "TRUE"):
        defs.append("-DKILN_UPSTREAM_API=1")
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, funcs in fams:
            funcs = [f for f in dict.fromkeys(funcs) if f in have]
            if not funcs:
                continue
            c = os.path.join(tmp, "probe.c")
            with open(c, "w") as f:
                f.write('#include "arm_nnfunctions.h"\n#include "arm_nnsupportfunctions.h"\n')
                f.write('#include "arm_nnfunctions_flt.h"\n#include "arm_nnsupportfunctions_flt.h"\n')
                f.write(f"void *volatile kiln_size_sink[{len(funcs)}];\nint main(void)\n{{\n")
                for i, n in enumerate(funcs):
                    f.write(f"    kiln_size_sink[{i}] = (void *)&{n};\n")
                f.write("    return 0;\n}\n")
            elf, mp = os.path.join(tmp, "probe.elf"), os.path.join(tmp, "probe.map")
            cmd = [cc] + cflags + defs + ["-w", "-I" + src, "-I" + os.path.join(src, "Include"), c, lib,
                                          "--specs=nosys.specs", "-Wl,--gc-sections", "-Wl,-Map=" + mp, "-o", elf]
            r = subprocess.run(cmd, capture_output=True, text=True)
            if r.returncode != 0:
                sys.exit(f"code_size.py: linking the probe of {name} failed:\n{r.stderr}")
            rows.append({"family": name, "functions": len(funcs), "bytes": kiln_bytes(open(mp).read(), "libkiln.a")})
    print("| family | public functions | Kiln code + constants (bytes) |\n|---|--:|--:|")
    for r in rows:
        print(f"| {r['family']} | {r['functions']} | {r['bytes']} |")
    if args.json:
        json.dump(rows, open(args.json, "w"), indent=1)


if __name__ == "__main__":
    main()
