#!/usr/bin/env bash
# Compile every Source/**/*.c alone the way TensorFlow Lite Micro builds an external CMSIS-NN
# (-I<root> -I<root>/Include, nothing else), for one compiler+flags, in both API modes and every
# float setting, and through the upstream root. Usage: tools/check_standalone.sh <cc> [flags...]
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
cc=("$@")
out=$(mktemp -d)
fail=0
n=0
for up in 0 1; do
  for flt in "0 0" "1 0" "0 1" "1 1"; do
    set -- $flt
    for f in $(cd "$root" && find Source -name '*.c' | sort); do
      # TFLM drops float sources when float is off.
      if [ "$1$2" = "00" ] && [[ "$f" == *_f32.c || "$f" == *_f16.c ]]; then continue; fi
      n=$((n + 1))
      if ! "${cc[@]}" -std=c99 -O1 -Wall -Wextra -Werror -DKILN_UPSTREAM_API=$up \
          -DARM_NN_ENABLE_F32=$1 -DARM_NN_ENABLE_F16=$2 -I"$root" -I"$root/Include" \
          -c "$root/$f" -o "$out/x.o" 2>"$out/err"; then
        echo "FAIL (upstream=$up f32=$1 f16=$2): $f"; head -20 "$out/err"; fail=$((fail + 1))
      fi
    done
  done
done
rm -rf "$out"
echo "standalone compile: $((n - fail)) passed, $fail failed"
[ $fail -eq 0 ]
