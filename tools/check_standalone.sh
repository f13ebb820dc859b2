#!/usr/bin/env bash
# Compile every Source/**/*.c alone the way TensorFlow Lite Micro builds an external CMSIS-NN:
# only -I<root> -I<root>/Include, no defines but the float switches. Both roots are checked: the
# main root (ns-cmsis-nn signatures) and upstream/ (upstream signatures, chosen without a define).
# TFLM drops *_f32.c / *_f16.c when float is off; so does this check.
#
# Usage: tools/check_standalone.sh [--quick] <cc> [cflags...]
#   --quick: two combinations (main root, float off; upstream root, float32+float16 on)
#   default: both roots x {off, f32, f16, f32+f16}
# Optimization level: KILN_STANDALONE_OPT (default -O1; tests/api also runs -O0, a Debug build).
set -u
opt=${KILN_STANDALONE_OPT:--O1}
quick=0
if [ "${1:-}" = "--quick" ]; then quick=1; shift; fi
top=$(cd "$(dirname "$0")/.." && pwd)
cc=("$@")
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
if [ $quick -eq 1 ]; then
  combos=("main 0 0" "upstream 1 1")
else
  combos=()
  for r in main upstream; do for f in "0 0" "1 0" "0 1" "1 1"; do combos+=("$r $f"); done; done
fi
fail=0
n=0
for combo in "${combos[@]}"; do
  set -- $combo
  root=$top; [ "$1" = upstream ] && root=$top/upstream
  for f in $(cd "$root" && find Source -name '*.c' | sort); do
    if [ "$2$3" = "00" ] && [[ "$f" == *_f32.c || "$f" == *_f16.c ]]; then continue; fi
    n=$((n + 1))
    if ! "${cc[@]}" -std=c99 "$opt" -Wall -Wextra -Werror -DARM_NN_ENABLE_F32=$2 -DARM_NN_ENABLE_F16=$3 \
        -I"$root" -I"$root/Include" -c "$root/$f" -o "$out/x.o" 2>"$out/err"; then
      echo "FAIL ($1 root, f32=$2 f16=$3): $f"; head -20 "$out/err"; fail=$((fail + 1))
    fi
  done
done
echo "standalone compile ($opt): $((n - fail)) passed, $fail failed"
[ $fail -eq 0 ]
