#!/usr/bin/env bash
# A fix that calls the runtime, end to end (issue: fix-its into the runtime).
# torchlint --fix (UnsafeFixes on, the fix moves data) repairs seed 000's
# restore in inputs/restore_optimizer.cpp with
# torchlint::migrate_optimizer_state and the runtime's #include; the fixed
# file must leave nothing to fix, compile against the real libtorch headers,
# link against the torchlint runtime and libtorch, and train a step after the
# restore with every optimizer state on its parameter's device.
#
# Usage: runtime_fix.sh TORCHLINT CLANGXX TORCH_INCLUDE RUNTIME_INCLUDE RUNTIME_LIB
set -euo pipefail
torchlint=$1 clangxx=$2 torch_include=$3 runtime_include=$4 runtime_lib=$5
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$here/inputs/restore_optimizer.cpp" "$work/restore.cpp"
flags=(-std=c++17 -isystem "$torch_include" -isystem "$runtime_include")
config="{Checks: '-*,torch-load-without-device', CheckOptions: {torch-load-without-device.UnsafeFixes: true}}"

"$torchlint" --quiet --config="$config" --fix "$work/restore.cpp" -- "${flags[@]}" \
  > "$work/lint.txt" 2>&1 || { cat "$work/lint.txt"; exit 1; }
grep -q "torch::load' without a device puts the state of optimizer 'opt'" "$work/lint.txt" \
  || { echo "FAIL: the optimizer load was not reported"; cat "$work/lint.txt"; exit 1; }
grep -q '^#include <torchlint/torchlint.h>$' "$work/restore.cpp" \
  || { echo "FAIL: no runtime #include"; cat "$work/restore.cpp"; exit 1; }
[ "$(grep -c 'torchlint/torchlint.h' "$work/restore.cpp")" = 1 ] \
  || { echo "FAIL: the #include is not there once"; exit 1; }
grep -A1 'torch::load(opt, dir + "/opt.pt");' "$work/restore.cpp" \
  | grep -q '^  torchlint::migrate_optimizer_state(opt);$' \
  || { echo "FAIL: no migrate_optimizer_state after the load"; cat "$work/restore.cpp"; exit 1; }

# Nothing left to fix.
"$torchlint" --quiet --config="$config" "$work/restore.cpp" -- "${flags[@]}" \
  > "$work/second.txt" 2>&1 || true
if grep -q "warning:" "$work/second.txt"; then
  echo "FAIL: the second run still warns"; cat "$work/second.txt"; exit 1
fi

"$clangxx" "${flags[@]}" -O0 "$work/restore.cpp" -o "$work/restore" \
  "$runtime_lib" -ltorch -ltorch_cpu -lc10 -pthread
mkdir "$work/ckpt"
"$work/restore" "$work/ckpt" | tee "$work/run.txt"
grep -q "^restored 2 states on .* and trained a step$" "$work/run.txt"
echo "PASS: the runtime fix repaired the restore"
