#!/usr/bin/env bash
# The README's main job: torchlint over examples/ reports exactly the six
# seeded bugs listed in examples/README.md, one per check, and nothing else.
# Usage: examples.sh TORCHLINT EXAMPLES_DIR TORCH_INCLUDE [PCH]
set -u
tl=$1 ex=$2 inc=$3 pch=${4:-}
out=$("$tl" --checks='-*,torch-*' "$ex"/src/*.cpp -- -std=c++17 -isystem "$inc" \
      -I "$ex/src" ${pch:+-include-pch "$pch"} 2>&1); status=$?
got=$(grep -oE '^[^ ]*/src/[a-z]+\.cpp:[0-9]+:[0-9]+: warning: .*\[torch-[a-z-]+\]$' <<<"$out" |
      sed -E 's#^.*/src/##; s#: warning: .*\[(torch-[a-z-]+)\]$# \1#' | sort)
want=$(printf '%s\n' \
  "model.cpp:12:12 torch-implicit-device-migration" \
  "train.cpp:106:5 torch-load-without-device" \
  "train.cpp:123:22 torch-mixed-device-op" \
  "train.cpp:61:3 torch-discarded-to" \
  "utils.cpp:13:16 torch-factory-without-device" \
  "utils.cpp:61:57 torch-hardcoded-device" | sort)
if [ $status -gt 1 ] || [ "$got" != "$want" ]; then
  echo "FAIL (exit $status): expected the six seeded bugs"
  diff <(echo "$want") <(echo "$got")
  exit 1
fi
echo "PASS: the six seeded bugs, one per check"
