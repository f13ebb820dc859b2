#!/usr/bin/env python3
"""Print the exact C prototypes of named API functions from the shared api.json.

Usage: tools/api_proto.py [--spec PATH] NAME...

For a function whose ns (default) and upstream signatures differ, prints both under
`#if KILN_UPSTREAM_API`. Used when adding a declaration to Include/*.h, so that a declaration is
never retyped by hand; tests/api re-checks every declaration against the same file.
"""
import argparse
import json
import os
import sys


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser()
    ap.add_argument("--spec", default=os.path.join(here, "..", "..", "shared", "spec", "api.json"))
    ap.add_argument("names", nargs="+")
    args = ap.parse_args()
    with open(args.spec, encoding="utf-8") as f:
        api = json.load(f)
    by_name = {}
    for fn in api["functions"]:
        by_name.setdefault(fn["name"], fn)
    status = 0
    for name in args.names:
        fn = by_name.get(name)
        if fn is None:
            print(f"/* {name}: not in api.json */", file=sys.stderr)
            status = 1
            continue
        ns_proto = fn.get("ns_proto", fn["proto"]) if fn["in_ns"] else None
        up_proto = fn["proto"] if fn["in_upstream"] else None
        info = f"/* {name}: header {fn['header']}, guard {fn['guard']}, inline {fn['inline']} */"
        print(info)
        if ns_proto and up_proto and ns_proto != up_proto:
            print("#if KILN_UPSTREAM_API")
            print(up_proto + ";")
            print("#else")
            print(ns_proto + ";")
            print("#endif")
        elif ns_proto and not up_proto:
            # ns-only functions stay available in upstream mode too (a superset never conflicts).
            print(ns_proto + ";")
        elif up_proto and not ns_proto:
            print("#if KILN_UPSTREAM_API  /* upstream only */")
            print(up_proto + ";")
            print("#endif")
        else:
            print((ns_proto or up_proto) + ";")
    return status


if __name__ == "__main__":
    sys.exit(main())
