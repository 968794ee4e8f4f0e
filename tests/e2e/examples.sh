#!/usr/bin/env bash
# torchlint over examples/, one file at a time, reports exactly four of the six
# seeded bugs listed in examples/README.md, and nothing else: two are latent
# there, the device-less factory of add_noise and the hard-coded .cuda() of
# debug_dump_logits in utils.cpp (their only devices are their parameters, a
# tensor and a module; the calls that pass them device data are in
# train.cpp). torchlint-run, the README's main job, shows all six
# (run_driver.sh project).
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
  "train.cpp:61:3 torch-discarded-to" | sort)
if [ $status -gt 1 ] || [ "$got" != "$want" ]; then
  echo "FAIL (exit $status): expected four seeded bugs, two latent"
  diff <(echo "$want") <(echo "$got")
  exit 1
fi
echo "PASS: four seeded bugs; add_noise's factory and debug_dump_logits' .cuda() are latent in one file"
