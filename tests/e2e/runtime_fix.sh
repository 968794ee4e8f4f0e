#!/usr/bin/env bash
# Fixes that call the runtime, end to end (issue: fix-its into the runtime).
# For each scenario, torchlint --fix (UnsafeFixes on: these fixes move data)
# repairs the input with a call into the runtime and the runtime's #include;
# the fixed file must leave nothing to fix, compile against the real libtorch
# headers, link against the torchlint runtime and libtorch, and run:
#   - seed 000, inputs/restore_optimizer.cpp: torchlint::migrate_optimizer_state
#     after a device-less optimizer load, then a training step;
#   - seed 000's module, inputs/reload_module.cpp: torchlint::load_in_place for
#     a device-less load of a module moved before it, then a forward pass;
#   - seed 003, inputs/gradient_monitor.cpp: torchlint::stack over the norms of
#     two modules' gradients, between two training steps.
# On a machine without CUDA every tensor stays on the CPU: the fixed programs
# must still compute what the originals did.
#
# Usage: runtime_fix.sh TORCHLINT CLANGXX TORCH_INCLUDE RUNTIME_INCLUDE RUNTIME_LIB [TORCH_PCH]
# TORCH_PCH, <torch/torch.h> precompiled with these headers (the check tests'
# PCH), makes each lint and build several times faster; the programs are the same.
set -euo pipefail
torchlint=$1 clangxx=$2 torch_include=$3 runtime_include=$4 runtime_lib=$5 torch_pch=${6:-}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
flags=(-std=c++17 -isystem "$torch_include" -isystem "$runtime_include")
[ -z "$torch_pch" ] || flags+=(-include-pch "$torch_pch")

fail() { echo "FAIL: $*"; exit 1; }

# build SOURCE PROGRAM [LIBRARY...]: compiled with the lint's flags (the PCH
# was made without -pthread, which only the link needs), linked with libtorch.
build() {
  local src=$1 program=$2; shift 2
  "$clangxx" "${flags[@]}" -O0 -c "$src" -o "$program.o"
  "$clangxx" "$program.o" -o "$program" "$@" -ltorch -ltorch_cpu -lc10 -pthread
}

# fix_and_run NAME CHECK WARNING FIXED_LINE OUTPUT_LINE: lint NAME.cpp with
# CHECK and --fix; WARNING must be reported, FIXED_LINE (a regex) be in the
# fixed file, and the built program print OUTPUT_LINE (a regex).
fix_and_run() {
  local name=$1 check=$2 warning=$3 fixed=$4 output=$5
  local src="$work/$name.cpp"
  local config="{Checks: '-*,$check', CheckOptions: {$check.UnsafeFixes: true}}"
  cp "$here/inputs/$name.cpp" "$src"
  "$torchlint" --quiet --config="$config" --fix "$src" -- "${flags[@]}" \
    > "$work/$name.lint.txt" 2>&1 || { cat "$work/$name.lint.txt"; exit 1; }
  grep -qF "$warning" "$work/$name.lint.txt" \
    || { cat "$work/$name.lint.txt"; fail "$name: '$warning' was not reported"; }
  grep -q '^#include <torchlint/torchlint.h>$' "$src" \
    || { cat "$src"; fail "$name: no runtime #include"; }
  [ "$(grep -c 'torchlint/torchlint.h' "$src")" = 1 ] \
    || fail "$name: the #include is not there once"
  grep -qE "$fixed" "$src" || { cat "$src"; fail "$name: no line matching '$fixed'"; }

  # Nothing left to fix.
  "$torchlint" --quiet --config="$config" "$src" -- "${flags[@]}" \
    > "$work/$name.second.txt" 2>&1 || true
  if grep -q "warning:" "$work/$name.second.txt"; then
    cat "$work/$name.second.txt"; fail "$name: the second run still warns"
  fi

  build "$src" "$work/$name" "$runtime_lib"
  mkdir -p "$work/$name.dir"
  (cd "$work/$name.dir" && "$work/$name" "$work/$name.dir") | tee "$work/$name.run.txt"
  grep -qE "$output" "$work/$name.run.txt" || fail "$name: no output matching '$output'"

  # Where the original runs (no second device here), the fix changed nothing.
  build "$here/inputs/$name.cpp" "$work/$name.orig"
  mkdir -p "$work/$name.orig.dir"
  if (cd "$work/$name.orig.dir" && "$work/$name.orig" "$work/$name.orig.dir") \
       > "$work/$name.orig.txt" 2>&1; then
    diff "$work/$name.orig.txt" "$work/$name.run.txt" \
      || fail "$name: the fixed program computes something else"
  fi
  echo "PASS: $name"
}

fix_and_run restore_optimizer torch-load-without-device \
  "torch::load' without a device puts the state of optimizer 'opt'" \
  '^  torch::load\(opt, dir \+ "/opt.pt"\);$' \
  '^restored 2 states on .* and trained a step$'
grep -A1 'torch::load(opt, dir + "/opt.pt");' "$work/restore_optimizer.cpp" \
  | grep -q '^  torchlint::migrate_optimizer_state(opt);$' \
  || fail "restore_optimizer: no migrate_optimizer_state after the load"

fix_and_run reload_module torch-load-without-device \
  "torch::load' without a device puts the parameters of module 'net' back on the device they were saved from" \
  '^  torchlint::load_in_place\(net, path\);$' \
  '^reloaded the saved weights on (cpu|cuda:0) and ran forward$'

fix_and_run gradient_monitor torch-mixed-device-op \
  "'stack' gathers tensors that may be on different devices (the device of 'host' and the device of 'seed')" \
  '^  return torchlint::stack\(norms\)\.pow\(2\)\.sum\(\);$' \
  '^monitored 2 steps of gradients on cpu and (cpu|cuda)'
echo "PASS: the runtime fixes repaired every scenario"
