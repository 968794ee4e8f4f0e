#!/usr/bin/env bash
# The example extension (examples/extension) on a CUDA GPU: as shipped, where `check_ops scale`
# and `check_ops negate_cpu` must fail (their seeded bugs hand a kernel a host pointer), and after
# torchlint-run --fix, where every op must match the CPU (negate refuses a CPU tensor). The guard, stream and launch-check bugs need two GPUs, a stream of
# the caller's or a failing launch to show; their ops match the CPU either way.
#
#   scripts/gpu-extension.sh prepare DIR   # here, after building torchlint, with nvcc and the
#                                          # pinned PyTorch 2.x: writes DIR/shipped, DIR/fixed
#   scripts/gpu-extension.sh run DIR       # on the GPU machine: builds both with nvcc against the
#                                          # installed PyTorch and runs each op of each
#
# run prints one line per op: "RESULT <copy> <op> exit=<status> <first error line>".
# Environment: PYTHON (default python3), TORCH_PREFIX (default: that python's
# torch.utils.cmake_prefix_path), JOBS (default nproc), OUT (logs are copied there).
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
mode="${1:-}"
DIR="${2:-}"
[[ -n "$mode" && -n "$DIR" ]] || { echo "usage: $0 prepare|run DIR" >&2; exit 2; }

prepare() {
  local run="$ROOT/build/bin/torchlint-run" cache="$ROOT/.deps/libtorch2/libtorch2.cmake"
  [[ -x "$run" ]] || { echo "build torchlint first ($run missing)" >&2; exit 2; }
  [[ -f "$cache" ]] || { echo "install PyTorch 2.x first (scripts/install-libtorch2.sh)" >&2; exit 2; }
  rm -rf "$DIR" && mkdir -p "$DIR"
  cp -r "$ROOT/examples/extension" "$DIR/shipped"
  cp -r "$ROOT/examples/extension" "$DIR/fixed"
  cmake -S "$DIR/fixed" -B "$DIR/.lint-build" -G Ninja -C "$cache" >/dev/null || exit 2
  "$run" -p "$DIR/.lint-build" --checks='-*,torch-*' --no-cache --fix 'csrc/' \
    >"$DIR/fix-report.txt" 2>&1
  rm -rf "$DIR/.lint-build"
  cat "$DIR/fix-report.txt"
  diff -u "$DIR/shipped/csrc/scale_ops.cu" "$DIR/fixed/csrc/scale_ops.cu"
  return 0
}

run() {
  local python="${PYTHON:-python3}" jobs="${JOBS:-$(nproc)}" prefix
  prefix="${TORCH_PREFIX:-$("$python" -c 'import torch; print(torch.utils.cmake_prefix_path)')}"
  for copy in shipped fixed; do
    local build="/tmp/gpu-extension-$copy"
    if ! cmake -S "$DIR/$copy" -B "$build" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" \
         >"$build.configure.log" 2>&1 || ! cmake --build "$build" -j "$jobs" >"$build.log" 2>&1; then
      echo "RESULT $copy build exit=1 $(grep -m1 -iE 'error' "$build.configure.log" "$build.log")"
      continue
    fi
    for op in scale shift clamp square negate negate_cpu; do
      "$build/check_ops" "$op" >"$build.$op.txt" 2>&1
      local status=$?
      echo "RESULT $copy $op exit=$status $(grep -m1 -iE 'error|differs|illegal|terminate' "$build.$op.txt")"
    done
    [[ -n "${OUT:-}" ]] && mkdir -p "$OUT/extension" && cp "$build".* "$OUT/extension/" 2>/dev/null
  done
  return 0
}

case "$mode" in
  prepare) prepare ;;
  run) run ;;
  *) echo "usage: $0 prepare|run DIR" >&2; exit 2 ;;
esac
