#!/usr/bin/env python3
"""Self-test of gen_vectors.py on synthetic cases (standard library only).

Covers what the shared vectors do not exercise today: INT32_MIN and int64 values beyond 2^53,
float literals that need one exact rounding (a binary32 tie seen through binary64), binary16 bit
patterns, aliases chaining to NULL and to float16 arrays, strings, lists, booleans, and the error
paths (missing case, bad dtype, out-of-range element). Run: python3 test_gen_vectors.py
"""

import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import unittest
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen_vectors  # noqa: E402  (imported after the path tweak)

SCRIPT = os.path.join(HERE, "gen_vectors.py")

# 1 + 2^-24 is exactly halfway between binary32 1.0 and 1 + 2^-23; a decimal slightly above it
# must round up, but its nearest binary64 is the tie itself, which rounds to even (down).
ABOVE_TIE = "1.0000000596046447753906250000000001"


def f32_bits(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


class GeneratorTest(unittest.TestCase):
    def setUp(self):
        self.root = tempfile.mkdtemp(prefix="kiln_gen_test_")
        self.vectors = os.path.join(self.root, "testvectors")
        os.makedirs(os.path.join(self.vectors, "cmsis-nn"))
        self.out = os.path.join(self.root, "out")

    def tearDown(self):
        shutil.rmtree(self.root)

    def write_case(self, case, text):
        with open(os.path.join(self.vectors, "cmsis-nn", case + ".json"), "w") as fh:
            fh.write(text)

    def run_gen(self, *cases):
        return subprocess.run([sys.executable, SCRIPT, "--vectors", self.vectors, "--outdir", self.out] + list(cases),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True)

    def header(self, case):
        with open(os.path.join(self.out, "kiln_vectors", case + ".h")) as fh:
            return fh.read()

    def test_full_case(self):
        # written as text so that the JSON numbers reach the generator exactly as spelled
        self.write_case("syn-1", """{
 "case": "syn-1", "source": "synthetic", "generator": "by hand",
 "config": {"SYN_A": -2147483648, "SYN_B": 1152921504606846977, "SYN_C": -9223372036854775808,
            "SYN_F": 0.1, "SYN_G": -3, "SYN_T": true, "SYN_U": false, "SYN_S": "SAME",
            "SYN_L": [3, -2, 1], "SYN_ONE": 1.0, "SYN_TIE": %s},
 "arrays": {
   "syn_i8": {"file": "a.h", "dtype": "int8", "data": [-128, 127, 0]},
   "syn_i32": {"file": "a.h", "dtype": "int32", "data": [-2147483648, 2147483647]},
   "syn_i64": {"file": "a.h", "dtype": "int64", "data": [9007199254740993, -9223372036854775808, 5]},
   "syn_f32": {"file": "a.h", "dtype": "float32", "data": [1, -0.0, 3.40282347e+38, 1e-45, %s, 0.1]},
   "syn_f16": {"file": "a.h", "dtype": "float16", "data": [1.0, -0.0999755859, 65504, 0.00048828125, 1e-8]}
 },
 "aliases": {"syn_bias": null, "syn_b2": "syn_bias", "syn_ref": "syn_i8", "syn_half": "syn_f16"},
 "used_by": []
}""" % (ABOVE_TIE, ABOVE_TIE))
        r = self.run_gen("syn-1")
        self.assertEqual(r.returncode, 0, r.stderr)
        h = self.header("syn-1")
        self.assertIn("#ifndef KILN_VECTORS_SYN_1_H", h)
        self.assertIn("#define KILN_VECTOR_CASE_SYN_1 1", h)
        self.assertIn("#define SYN_A (-2147483647 - 1)", h)
        self.assertIn("#define SYN_B INT64_C(1152921504606846977)", h)
        self.assertIn("#define SYN_C (-INT64_C(9223372036854775807) - 1)", h)
        self.assertIn("#define SYN_F 0.100000001f", h)
        self.assertIn("#define SYN_G (-3)", h)
        self.assertIn("#define SYN_T 1", h)
        self.assertIn("#define SYN_U 0", h)
        self.assertIn('#define SYN_S "SAME"', h)
        self.assertIn("#define SYN_L {3, -2, 1}", h)
        self.assertIn("#define SYN_ONE 1.0f", h)
        self.assertIn("#define SYN_TIE 1.00000012f", h)  # rounded up, once
        self.assertIn("static const int8_t syn_i8[3] KILN_VECTOR_UNUSED = {", h)
        self.assertIn("(-2147483647 - 1), 2147483647", h)
        self.assertIn("INT64_C(9007199254740993), (-INT64_C(9223372036854775807) - 1), 5", h)
        self.assertIn("#define syn_bias NULL", h)
        self.assertIn("#define syn_b2 syn_bias", h)
        self.assertIn("#define syn_ref syn_i8", h)
        self.assertIn("#define syn_half_f16bits syn_f16_f16bits", h)
        self.assertNotIn("_Float16", h)

        f32 = re.search(r"float syn_f32\[6\] KILN_VECTOR_UNUSED = \{\s*([^}]*)\}", h).group(1)
        lits = [x.strip() for x in f32.split(",")]
        self.assertEqual(len(lits), 6)
        want = [1.0, -0.0, 3.4028234663852886e38, 1.401298464324817e-45, 1.0000001192092896, 0.10000000149011612]
        for lit, w in zip(lits, want):
            self.assertTrue(lit.endswith("f"), lit)
            got = gen_vectors.round_exact(gen_vectors.JFloat(lit[:-1]), gen_vectors.BINARY32, "t")
            self.assertEqual(f32_bits(got), f32_bits(w), lit)

        f16 = re.search(r"uint16_t syn_f16_f16bits\[5\] KILN_VECTOR_UNUSED = \{[^\n]*\n\s*([^}]*)\}", h).group(1)
        self.assertEqual([x.strip() for x in f16.split(",")], ["0x3c00", "0xae66", "0x7bff", "0x1000", "0x0000"])

    def test_exact_rounding_agrees_with_fast_path(self):
        fmt32, fmt16 = gen_vectors.BINARY32, gen_vectors.BINARY16
        for text in ["0.1", "-0.0999755859", "3.40282347e+38", "1e-45", "7e-46", ABOVE_TIE,
                     "1.00000005960464477539062500", "0.000030517578125", "65519.99", "2.98023223876953125e-08"]:
            for fmt in (fmt32, fmt16):
                v = gen_vectors.JFloat(text)
                try:
                    exact = gen_vectors.round_exact(v, fmt, "t")
                except gen_vectors.VectorError:
                    with self.assertRaises(gen_vectors.VectorError):
                        gen_vectors.round_to(v, fmt, "t")
                    continue
                self.assertEqual(exact, gen_vectors.round_to(v, fmt, "t"), (text, fmt))
        # the tie itself rounds to even
        self.assertEqual(gen_vectors.round_exact(gen_vectors.JFloat("1.000000059604644775390625"), fmt32, "t"), 1.0)
        self.assertEqual(gen_vectors.round_to(gen_vectors.JFloat(ABOVE_TIE), fmt32, "t"), 1.0000001192092896)
        self.assertEqual(float(Fraction(ABOVE_TIE)), 1.0000000596046448)  # binary64 sits on the tie

    def test_errors(self):
        r = self.run_gen("missing_case")
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("no test-vector case 'missing_case'", r.stderr)

        self.write_case("bad_dtype", json.dumps({"case": "bad_dtype", "config": {}, "aliases": {},
                                                 "arrays": {"x": {"dtype": "uint4", "data": [1]}}}))
        r = self.run_gen("bad_dtype")
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("unsupported dtype", r.stderr)

        self.write_case("bad_range", json.dumps({"case": "bad_range", "config": {}, "aliases": {},
                                                 "arrays": {"x": {"dtype": "int8", "data": [128]}}}))
        r = self.run_gen("bad_range")
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("out of int8 range", r.stderr)

        self.write_case("bad_alias", json.dumps({"case": "bad_alias", "config": {}, "aliases": {"a": "nothing"},
                                                 "arrays": {"x": {"dtype": "int8", "data": [1]}}}))
        r = self.run_gen("bad_alias")
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("neither an array nor an alias", r.stderr)


if __name__ == "__main__":
    unittest.main()
