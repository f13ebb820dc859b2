#!/usr/bin/env python3
"""Turn shared CMSIS-NN test-vector JSON files into C headers (Kiln test build step).

Usage:
    gen_vectors.py --vectors <shared>/testvectors --outdir <dir> CASE [CASE...]
    gen_vectors.py --vectors <shared>/testvectors --outdir <dir> --all

For every named case, reads <vectors>/cmsis-nn/<case>.json and writes
<outdir>/kiln_vectors/<case>.h. The header holds, in this order:

  * an include guard KILN_VECTORS_<CASE_UPPER>_H and KILN_VECTOR_CASE_<CASE_UPPER> 1
  * every `config` entry as `#define NAME value` (a negative value in parentheses):
        integer -> decimal (INT32_MIN spelled (-2147483647 - 1), wider values via INT64_C)
        float   -> float literal with an `f` suffix (the binary32 value of the stored decimal)
        boolean -> 1 / 0
        string  -> string literal ("SAME")
        list    -> brace initializer ({3, 2, 1, 0})
  * every top-level array as `static const <type> <name>[N] = {...};`
        int8/int16/int32/int64 -> int8_t/int16_t/int32_t/int64_t, exact
        float32 -> float, each element a literal that converts to the stored binary32 value
        float16 -> `static const uint16_t <name>_f16bits[N]`: IEEE binary16 bit patterns
                   (stored decimal rounded to nearest even); no half-precision C type is used
    Each array carries KILN_VECTOR_UNUSED so unused data does not trip -Wunused.
  * every `aliases` entry as `#define <alias> <target>` or `#define <alias> NULL`
    (an alias of a float16 array is emitted as `<alias>_f16bits`).

Only the Python standard library is used. Integers are parsed exactly (Python int); every
float is rounded once, exactly, from its stored decimal. See README.md beside this file.
"""

import argparse
import json
import math
import os
import re
import struct
import sys
from fractions import Fraction

INT_RANGES = {
    "int8": (-(1 << 7), (1 << 7) - 1),
    "int16": (-(1 << 15), (1 << 15) - 1),
    "int32": (-(1 << 31), (1 << 31) - 1),
    "int64": (-(1 << 63), (1 << 63) - 1),
}
C_TYPES = {
    "int8": "int8_t",
    "int16": "int16_t",
    "int32": "int32_t",
    "int64": "int64_t",
    "float32": "float",
    "float16": "uint16_t",
}
PER_LINE = {"int8": 16, "int16": 12, "int32": 8, "int64": 4, "float32": 6, "float16": 12}
IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
CASE_NAME = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_.+-]*$")


class VectorError(Exception):
    pass


def c_int(value):
    """Exact C spelling of an integer value of any width up to int64."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise VectorError("not an integer: %r" % (value,))
    if value == -(1 << 63):
        return "(-INT64_C(9223372036854775807) - 1)"
    if value == -(1 << 31):
        return "(-2147483647 - 1)"
    if -(1 << 31) < value < (1 << 31):
        return str(value)
    if -(1 << 63) < value < (1 << 63):
        return "INT64_C(%d)" % value
    raise VectorError("integer out of int64 range: %d" % value)


class JFloat(object):
    """A JSON number written with a fraction or exponent, kept as its exact decimal text."""

    __slots__ = ("text",)

    def __init__(self, text):
        self.text = text

    def __repr__(self):
        return self.text


# (significand bits including the implicit one, minimum normal exponent, maximum exponent)
BINARY32 = (24, -126, 127)
BINARY16 = (11, -14, 15)


def round_exact(value, fmt, what):
    """Round an exact number (int or JFloat) to the IEEE format fmt, to nearest even, in one step.

    A decimal rounded first to binary64 and then to binary32 can land on the wrong side of a
    tie; this rounds the exact decimal once, as a C compiler does with a float literal.
    Returns a Python float (exact for both formats)."""
    if isinstance(value, JFloat):
        text = value.text.strip()
        negative = text.startswith("-")
        q = Fraction(text)
    elif isinstance(value, int) and not isinstance(value, bool):
        negative = value < 0
        q = Fraction(value)
    else:
        raise VectorError("%s: not a number: %r" % (what, value))
    if q == 0:
        return -0.0 if negative else 0.0
    prec, emin, emax = fmt
    a = abs(q)
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if Fraction(2) ** e > a:
        e -= 1
    while Fraction(2) ** (e + 1) <= a:
        e += 1
    e = max(e, emin)
    quantum = Fraction(2) ** (e - prec + 1)
    n = a / quantum
    whole = n.numerator // n.denominator
    rest = n - whole
    if rest > Fraction(1, 2) or (rest == Fraction(1, 2) and whole % 2 == 1):
        whole += 1
    result = whole * quantum
    if result >= Fraction(2) ** (emax + 1):
        raise VectorError("%s: %s overflows the target float format" % (what, value))
    f = float(result)
    return -f if q < 0 else f


# struct codes of the two formats: (float code, same-width unsigned integer code)
STRUCT_CODES = {BINARY32: ("<f", "<I"), BINARY16: ("<e", "<H")}


def round_to(value, fmt, what):
    """Same result as round_exact, but fast: go through binary64 and take the exact path only
    when the binary64 value sits exactly on a tie of the target format (the one case where
    rounding twice can differ from rounding once; every such tie is a binary64 number)."""
    if isinstance(value, bool) or not isinstance(value, (int, JFloat)):
        raise VectorError("%s: not a number: %r" % (what, value))
    if isinstance(value, int):
        return round_exact(value, fmt, what)
    d = float(value.text)
    fcode, icode = STRUCT_CODES[fmt]
    try:
        r = struct.unpack(fcode, struct.pack(fcode, d))[0]
    except (OverflowError, struct.error):
        return round_exact(value, fmt, what)  # raises the overflow error (or handles a near-max)
    if math.isinf(r) or math.isnan(r):
        return round_exact(value, fmt, what)
    if r != d:
        bits = struct.unpack(icode, struct.pack(fcode, r))[0]
        # neighbour of r on d's side, in the target format
        toward_larger_magnitude = abs(d) > abs(r)
        nbits = bits + 1 if toward_larger_magnitude else bits - 1
        if r == 0.0:
            nbits = (bits & ~((1 << (8 * struct.calcsize(icode) - 1)) - 1)) | 1
        try:
            other = struct.unpack(fcode, struct.pack(icode, nbits))[0]
        except struct.error:
            return round_exact(value, fmt, what)
        if math.isinf(other) or math.isnan(other) or d == (r + other) / 2:
            return round_exact(value, fmt, what)
    return r


def c_float(value, what="float"):
    """A float literal (suffix f) whose binary32 value is the binary32 rounding of value."""
    f = round_to(value, BINARY32, what)
    text = "%.9g" % f
    # 9 significant digits always identify a binary32 value; make sure it reads as a float literal.
    if not any(ch in text for ch in ".eE"):
        text += ".0"
    if round_to(JFloat(text), BINARY32, what) != f or math.copysign(1.0, f) != (-1.0 if text.startswith("-") else 1.0):
        raise VectorError("%s: cannot spell %r exactly" % (what, value))
    return text + "f"


def f16_bits(value, what="float16"):
    f = round_to(value, BINARY16, what)
    # f is exactly representable in binary16, so this packing does not round.
    return struct.unpack("<H", struct.pack("<e", f))[0]


def c_string(text):
    out = ['"']
    for ch in text:
        code = ord(ch)
        if ch in '"\\':
            out.append("\\" + ch)
        elif 32 <= code < 127:
            out.append(ch)
        elif code < 256:
            out.append("\\%03o" % code)
        else:
            raise VectorError("non-Latin-1 character in string %r" % (text,))
    out.append('"')
    return "".join(out)


def c_config_value(value):
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, int):
        return c_int(value)
    if isinstance(value, JFloat):
        return c_float(value, "config value")
    if isinstance(value, str):
        return c_string(value)
    if isinstance(value, list):
        return "{" + ", ".join(c_config_value(v) for v in value) + "}"
    raise VectorError("unsupported config value %r" % (value,))


def case_macro(case):
    upper = re.sub(r"[^A-Za-z0-9_]", "_", case).upper()
    if upper[0].isdigit():
        upper = "_" + upper
    return upper


def format_elements(dtype, data, name):
    if dtype in INT_RANGES:
        lo, hi = INT_RANGES[dtype]
        items = []
        for v in data:
            if isinstance(v, bool) or not isinstance(v, int):
                raise VectorError("%s: non-integer element %r" % (name, v))
            if not lo <= v <= hi:
                raise VectorError("%s: element %d out of %s range" % (name, v, dtype))
            items.append(c_int(v))
        return items
    if dtype == "float32":
        return [c_float(v, name) for v in data]
    if dtype == "float16":
        return ["0x%04x" % f16_bits(v, name) for v in data]
    raise VectorError("%s: unsupported dtype %r" % (name, dtype))


def emit_array(lines, name, entry):
    dtype = entry.get("dtype")
    data = entry.get("data")
    if dtype not in C_TYPES:
        raise VectorError("%s: unsupported dtype %r" % (name, dtype))
    if not isinstance(data, list) or not data:
        raise VectorError("%s: data must be a non-empty list" % name)
    items = format_elements(dtype, data, name)
    c_name = name + "_f16bits" if dtype == "float16" else name
    note = ""
    if dtype == "float16":
        note = " /* IEEE binary16 bit patterns */"
    lines.append("static const %s %s[%d] KILN_VECTOR_UNUSED = {%s" % (C_TYPES[dtype], c_name, len(items), note))
    step = PER_LINE[dtype]
    for i in range(0, len(items), step):
        chunk = ", ".join(items[i:i + step])
        sep = "," if i + step < len(items) else ""
        lines.append("    " + chunk + sep)
    lines.append("};")


def resolve_alias(alias, aliases, arrays, seen=None):
    """Final array name of an alias chain, or None where the chain ends in NULL."""
    seen = seen or set()
    if alias in seen:
        raise VectorError("alias cycle through %s" % alias)
    seen.add(alias)
    target = aliases[alias]
    if target is None:
        return None
    if target in arrays:
        return target
    if target in aliases:
        return resolve_alias(target, aliases, arrays, seen)
    raise VectorError("alias %s names %s, which is neither an array nor an alias" % (alias, target))


def generate(case, doc, json_path):
    if doc.get("case") != case:
        raise VectorError("%s: 'case' is %r, expected %r" % (json_path, doc.get("case"), case))
    config = doc.get("config", {})
    arrays = doc.get("arrays", {})
    aliases = doc.get("aliases", {}) or {}
    macro = case_macro(case)
    guard = "KILN_VECTORS_%s_H" % macro

    lines = []
    lines.append("/* Generated by tests/vectors/gen_vectors.py from testvectors/cmsis-nn/%s.json. Do not edit." % case)
    lines.append(" * Source: %s" % doc.get("source", "?").replace("*/", "* /"))
    for g in doc.get("generator", "").split("\n"):
        if g.strip():
            lines.append(" * Upstream: %s" % g.strip().replace("*/", "* /"))
    lines.append(" * Data: Arm CMSIS-NN unit-test data, Apache-2.0, Copyright Arm Limited and/or its affiliates. */")
    lines.append("#ifndef %s" % guard)
    lines.append("#define %s" % guard)
    lines.append("")
    lines.append("#include <stddef.h>")
    lines.append("#include <stdint.h>")
    lines.append("")
    lines.append("#ifndef KILN_VECTOR_UNUSED")
    lines.append("#if defined(__GNUC__) || defined(__clang__)")
    lines.append("#define KILN_VECTOR_UNUSED __attribute__((unused))")
    lines.append("#else")
    lines.append("#define KILN_VECTOR_UNUSED")
    lines.append("#endif")
    lines.append("#endif")
    lines.append("")
    lines.append("#define KILN_VECTOR_CASE_%s 1" % macro)
    lines.append("")

    if config:
        lines.append("/* config */")
        for name, value in config.items():
            if not IDENT.match(name):
                raise VectorError("%s: config name %r is not a C identifier" % (json_path, name))
            text = c_config_value(value)
            if text.startswith("-"):
                text = "(" + text + ")"  # a negative value stays one operand wherever it is used
            lines.append("#define %s %s" % (name, text))
        lines.append("")

    for name, entry in arrays.items():
        if not IDENT.match(name):
            raise VectorError("%s: array name %r is not a C identifier" % (json_path, name))
        emit_array(lines, name, entry)
        lines.append("")

    if aliases:
        lines.append("/* aliases */")
        for alias, target in aliases.items():
            if not IDENT.match(alias):
                raise VectorError("%s: alias %r is not a C identifier" % (json_path, alias))
            if alias in arrays:
                raise VectorError("%s: alias %s shadows an array" % (json_path, alias))
            final = resolve_alias(alias, aliases, arrays)
            if target is None:
                lines.append("#define %s NULL" % alias)
            elif final is not None and arrays[final].get("dtype") == "float16":
                lines.append("#define %s_f16bits %s_f16bits" % (alias, target))
            else:
                lines.append("#define %s %s" % (alias, target))
        lines.append("")

    lines.append("#endif /* %s */" % guard)
    return "\n".join(lines) + "\n"


def write_file(path, text):
    # Always (re)written, so the output is newer than its inputs; atomically, via a rename.
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="ascii", newline="\n") as fh:
        fh.write(text)
    os.replace(tmp, path)


def main(argv):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--vectors", required=True, help="the shared testvectors directory (holds cmsis-nn/)")
    ap.add_argument("--outdir", required=True, help="output root; headers go to <outdir>/kiln_vectors/")
    ap.add_argument("--all", action="store_true", help="generate every case listed in index.json")
    ap.add_argument("cases", nargs="*")
    args = ap.parse_args(argv)

    cases = list(args.cases)
    if args.all:
        with open(os.path.join(args.vectors, "index.json"), encoding="utf-8") as fh:
            cases += [entry["case"] for entry in json.load(fh)]
    if not cases:
        ap.error("no case named (give case names or --all)")

    out = os.path.join(args.outdir, "kiln_vectors")
    os.makedirs(out, exist_ok=True)
    failed = False
    for case in cases:
        if not CASE_NAME.match(case):
            sys.stderr.write("gen_vectors: error: %r is not a valid case name\n" % case)
            failed = True
            continue
        path = os.path.join(args.vectors, "cmsis-nn", case + ".json")
        if not os.path.isfile(path):
            sys.stderr.write("gen_vectors: error: no test-vector case %r (missing %s)\n" % (case, path))
            failed = True
            continue
        try:
            with open(path, encoding="utf-8") as fh:
                # Integers become exact Python ints (int64 values beyond 2^53 survive); numbers
                # with a fraction or exponent keep their decimal text for one exact rounding.
                doc = json.load(fh, parse_float=JFloat)
            text = generate(case, doc, path)
        except (VectorError, ValueError, KeyError) as exc:
            sys.stderr.write("gen_vectors: error: %s: %s\n" % (path, exc))
            failed = True
            continue
        write_file(os.path.join(out, case + ".h"), text)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
