#!/usr/bin/env python3
"""Check that every inline-assembly statement of the library that writes the MVE predicate P0 says so.

An asm statement that writes VPR.P0 (VMSR P0, VPT/VPTE..., VCMP, VCTP, VPNOT) without "p0" in its clobber list
lets GCC keep a predicate of its own in VPR across the statement, and, through the IPA register allocation of
-O2, across calls to the static function holding it: a later predicated load or store then runs with the
statement's predicate. (Found in the int8 depthwise tile kernel: a VCTP hoisted out of a loop calling the block
function, whose stride-2 tail sets P0, read back after the calls.) GCC 12 knows the register as "p0".

Usage: tools/check_asm_p0.py <C compiler> [compiler flags...]
Preprocesses every Source/**/*.c with the given compiler and flags (the MVE code is seen only with Helium flags,
e.g. -mcpu=cortex-m55) and reports each offending statement. Exit status 0 when there is none, 1 otherwise,
2 when the compiler cannot preprocess.
"""
import glob
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WRITES_P0 = re.compile(r"(?<![\w.])(vmsr\s+p0|vcmp|vpt[et]*|vctp|vpnot)(?![\w])", re.IGNORECASE)
STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')


def after_string(text, i):
    """The index just past the string literal that opens at text[i] (a double quote)."""
    j = i + 1
    while text[j] != '"':
        j += 2 if text[j] == "\\" else 1
    return j + 1


def asm_statements(text):
    """Yield the text of every asm statement, spelled __asm__, __asm or asm (from the keyword to its closing
    parenthesis)."""
    for m in re.finditer(r"\b(__asm__|__asm|asm)\b(\s+(volatile|__volatile__))?\s*\(", text):
        i, depth = m.end(), 1
        while depth and i < len(text):
            c = text[i]
            if c == '"':
                i = after_string(text, i)
                continue
            depth += (c == "(") - (c == ")")
            i += 1
        yield text[m.start():i]


def sections(stmt):
    """The statement's top-level sections (template, outputs, inputs, clobbers), split at the colons outside
    strings and parentheses."""
    parts, depth, start, i = [], 0, stmt.index("(") + 1, stmt.index("(") + 1
    while i < len(stmt):
        c = stmt[i]
        if c == '"':
            i = after_string(stmt, i)
            continue
        if c == "(":
            depth += 1
        elif c == ")":
            if depth == 0:
                break
            depth -= 1
        elif c == ":" and depth == 0:
            parts.append(stmt[start:i])
            start = i + 1
        i += 1
    parts.append(stmt[start:i])
    return parts


def main(argv):
    if len(argv) < 2:
        print(__doc__)
        return 2
    cc, flags = argv[1], argv[2:]
    sources = sorted(glob.glob(os.path.join(ROOT, "Source", "**", "*.c"), recursive=True))
    checked = bad = 0
    for path in sources:
        run = subprocess.run([cc, "-E", "-P", *flags, "-I" + ROOT, "-I" + os.path.join(ROOT, "Include"), path],
                             capture_output=True, text=True)
        if run.returncode != 0:
            print("check_asm_p0: cannot preprocess %s:\n%s" % (path, run.stderr), file=sys.stderr)
            return 2
        for stmt in asm_statements(run.stdout):
            parts = sections(stmt)
            code = " ".join(STRING.findall(parts[0])).replace("\\n", " ").replace("\\t", " ")
            if not WRITES_P0.search(code):
                continue
            checked += 1
            if len(parts) < 4 or '"p0"' not in parts[3]:
                bad += 1
                first = " ".join(code.split())[:100]
                print("%s: asm writes P0 without a \"p0\" clobber: %s ..." % (os.path.relpath(path, ROOT), first))
    print("check_asm_p0: %d statements write P0, %d without the clobber" % (checked, bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
