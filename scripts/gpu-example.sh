#!/usr/bin/env bash
# The bundled example on a CUDA GPU: as shipped, after torchlint-run --fix, and with each applied
# fix taken back, so that every finding that can crash is seen to crash and the fixed program runs.
#
#   scripts/gpu-example.sh prepare DIR   # here, after building torchlint: writes DIR/shipped,
#                                        # DIR/fixed and DIR/revert-N (each a copy of examples/)
#   scripts/gpu-example.sh run DIR       # on the GPU machine: builds each copy against the
#                                        # installed PyTorch and runs the scenarios below
#
# prepare lints a copy of examples/ with build/bin/torchlint-run --fix (the whole project, so the
# finding that is latent in one file is fixed too) and makes one copy per changed region of the
# fixed sources with that region put back as shipped. Where the fixes call the runtime, the fixed
# copies link it (add_subdirectory of a copy of runtime/, as docs/runtime.md shows).
#
# run prints one line per scenario: "RESULT <copy> <scenario> exit=<status> <first error line>".
# Environment: PYTHON (default python3), TORCH_PREFIX (default: that python's torch.utils.cmake_prefix_path),
# JOBS (default nproc), OUT (logs are copied there).
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
mode="${1:-}"
DIR="${2:-}"
[[ -n "$mode" && -n "$DIR" ]] || { echo "usage: $0 prepare|run DIR" >&2; exit 2; }

prepare() {
  local run="$ROOT/build/bin/torchlint-run"
  [[ -x "$run" ]] || { echo "build torchlint first ($run missing)" >&2; exit 2; }
  rm -rf "$DIR" && mkdir -p "$DIR"
  cp -r "$ROOT/examples" "$DIR/shipped"
  cp -r "$ROOT/examples" "$DIR/fixed"
  cmake -S "$DIR/fixed" -B "$DIR/.lint-build" -G Ninja >/dev/null || exit 2
  "$run" -p "$DIR/.lint-build" --checks='-*,torch-*' --no-cache --fix \
    --config='{CheckOptions: {UnsafeFixes: true}}' >"$DIR/fix-report.txt" 2>&1
  rm -rf "$DIR/.lint-build"
  cat "$DIR/fix-report.txt"
  # Fixes that call the runtime need it linked, as docs/runtime.md tells users.
  cp -r "$ROOT/runtime" "$DIR/runtime"
  if grep -rq 'torchlint/torchlint.h' "$DIR/fixed/src"; then
    printf '%s\n' 'add_subdirectory(${CMAKE_CURRENT_SOURCE_DIR}/../runtime torchlint)' \
      'target_link_libraries(example_trainer PRIVATE torchlint::runtime)' >>"$DIR/fixed/CMakeLists.txt"
  fi
  # One copy per changed region: the fixed sources with that region as shipped.
  "${PYTHON:-python3}" - "$DIR" <<'EOF'
import difflib, pathlib, shutil, sys
root = pathlib.Path(sys.argv[1])
n = 0
for fixed in sorted((root / "fixed/src").iterdir()):
    shipped = root / "shipped/src" / fixed.name
    a, b = shipped.read_text().splitlines(True), fixed.read_text().splitlines(True)
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        # The runtime's #include goes with the fix that needs it.
        if tag == "equal" or (i1 == i2 and all(l.startswith("#include") for l in b[j1:j2])):
            continue
        n += 1
        copy = root / f"revert-{n}"
        shutil.copytree(root / "fixed", copy)
        (copy / "src" / fixed.name).write_text("".join(b[:j1] + a[i1:i2] + b[j2:]))
        (copy / "REVERTED").write_text(f"{fixed.name}:{i1 + 1}: " + "".join(a[i1:i2]).strip() + "\n")
        print(f"revert-{n}: {fixed.name}:{i1 + 1}: {''.join(a[i1:i2]).strip()}")
EOF
}

# The exception's message where there is one, else the first line that looks like an error.
first_error() {
  { grep -m1 -E 'what\(\)' "$1" || grep -m1 -E 'Error|error|Expected|illegal|Aborted|Segmentation' "$1"; } |
    cut -c1-220
}

scenario() {  # copy name, command...
  local copy="$1" name="$2"; shift 2
  local log="$DIR/logs/$copy-$name.log"
  (cd "$DIR/$copy" && timeout 120 "$@") >"$log" 2>&1
  local status=$?
  echo "RESULT $copy $name exit=$status $(first_error "$log")"
}

run() {
  local python="${PYTHON:-python3}" jobs="${JOBS:-$(nproc)}"
  local prefix="${TORCH_PREFIX:-}"
  [[ -n "$prefix" ]] || prefix="$("$python" -c 'import torch; print(torch.utils.cmake_prefix_path)')" || exit 2
  command -v nvcc >/dev/null || for cuda in /usr/local/cuda /usr/local/cuda-*; do
    [[ -x "$cuda/bin/nvcc" ]] && export PATH="$cuda/bin:$PATH" && break
  done
  mkdir -p "$DIR/logs"
  local copies=() c
  for c in "$DIR"/shipped "$DIR"/fixed "$DIR"/revert-*; do [[ -d "$c/src" ]] && copies+=("$(basename "$c")"); done
  for c in "${copies[@]}"; do
    (cmake -S "$DIR/$c" -B "$DIR/$c/build" -G Ninja "-DCMAKE_PREFIX_PATH=$prefix" >"$DIR/logs/$c-configure.log" 2>&1 &&
       cmake --build "$DIR/$c/build" -j "$((jobs / ${#copies[@]} + 1))" >"$DIR/logs/$c-build.log" 2>&1 ||
       echo "RESULT $c build FAILED $(first_error "$DIR/logs/$c-build.log")") &
  done
  wait
  local trainer=build/example_trainer
  # A checkpoint written by a CPU-only run of the fixed program, for the load scenarios.
  rm -rf /tmp/ex-cpu-ckpt
  scenario fixed cpu-only-run env CUDA_VISIBLE_DEVICES= "$trainer" /tmp/ex-cpu-ckpt
  for c in "${copies[@]}"; do
    [[ -x "$DIR/$c/$trainer" ]] || continue
    [[ -f "$DIR/$c/REVERTED" ]] && echo "COPY $c reverts $(cat "$DIR/$c/REVERTED")"
    rm -rf "/tmp/ex-$c" && scenario "$c" train "$trainer" "/tmp/ex-$c"
    rm -rf "/tmp/ex-$c-cpu" && cp -r /tmp/ex-cpu-ckpt "/tmp/ex-$c-cpu" &&
      scenario "$c" resume-cpu-checkpoint "$trainer" "/tmp/ex-$c-cpu"
    # The whole program only where every fix is in.
    [[ "$c" == fixed ]] || continue
    scenario "$c" resume "$trainer" "/tmp/ex-$c"
    rm -rf "/tmp/ex-$c-dbg" && scenario "$c" debug env EXAMPLE_DEBUG=1 "$trainer" "/tmp/ex-$c-dbg"
  done
  if [[ -n "${OUT:-}" ]]; then
    tar -C "$DIR" -czf "$OUT/example-logs.tar.gz" logs
  fi
}

case "$mode" in
  prepare) prepare ;;
  run) run ;;
  *) echo "usage: $0 prepare|run DIR" >&2; exit 2 ;;
esac
