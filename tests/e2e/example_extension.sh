#!/usr/bin/env bash
# The example extension (examples/extension) as a user builds and lints it:
# its CMake configures the CUDA language with nvcc and writes nvcc commands in
# the compile database; nvcc builds the op library; torchlint-run over that
# database reports exactly the five seeded bugs of its README, one per
# extension check (the op library's units: check_ops, the host test program,
# is for a GPU); `--fix` on a copy fixes all five, a second run finds
# nothing, and nvcc builds the fixed library (the seeded one is built by
# scripts/example.sh). Needs the PyTorch 2.x of
# scripts/install-libtorch2.sh and a CUDA toolkit; skips (77) without them.
#
#   example_extension.sh <torchlint-run> <extension-dir> <libtorch2.cmake> <cuda-root>
set -uo pipefail
RUN=$1 EXT=$2 CACHE=$3 CUDA=$4
[ -f "$CACHE" ] || { echo "SKIP: no PyTorch 2.x ($CACHE)"; exit 77; }
[ -n "$CUDA" ] && [ -x "$CUDA/bin/nvcc" ] || { echo "SKIP: no CUDA toolkit with nvcc"; exit 77; }
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
FAILS=0
pass() { echo "PASS: $*"; }
fail() { echo "FAIL: $*"; FAILS=$((FAILS + 1)); }

cp -r "$EXT" "$TMP/ext"
export CUDACXX="$CUDA/bin/nvcc"
if ! cmake -S "$TMP/ext" -B "$TMP/build" -G Ninja -C "$CACHE" > "$TMP/configure.log" 2>&1; then
  fail "CMake could not configure the extension"; tail -20 "$TMP/configure.log"; exit 1
fi
grep -q '/nvcc ' "$TMP/build/compile_commands.json" \
  && pass "the compile database holds nvcc commands" || fail "no nvcc command in the database"
# The op library only: check_ops runs it on a GPU. nvcc builds it once, fixed
# (a minute of one core); scripts/example.sh builds it as seeded.
build() { cmake --build "$TMP/build" --target scale_ops > "$TMP/build.log" 2>&1; }

lint() { # <report.json> [extra args]: one "file:line:column check" per finding
  local out=$1; shift
  "$RUN" -p "$TMP/build" --checks='-*,torch-*' --no-cache --quiet --format json \
    --output "$out" "$@" 'csrc/' 2> "$out.err"
  python3 -c '
import json, os, sys
r = json.load(open(sys.argv[1]))
bad = [u["file"] for u in r["units"] if u["failed"]]
for f in r["findings"]:
    print("%s:%d:%d %s" % (os.path.basename(f["file"]), f["line"], f["column"], f["check"]))
for u in bad:
    print("FAILED-UNIT", u)
' "$out" | sort
}
got=$(lint "$TMP/before.json")
want=$(printf '%s\n' \
  "scale_ops.cu:68:20 torch-factory-without-device" \
  "scale_ops.cu:84:3 torch-missing-device-guard" \
  "scale_ops.cu:99:3 torch-default-stream-launch" \
  "scale_ops.cu:115:3 torch-unchecked-kernel-launch" \
  "scale_ops.cu:123:37 torch-unchecked-kernel-input" | sort)
if [ "$got" == "$want" ]; then
  pass "the five seeded bugs and nothing else"
else
  fail "findings differ from the seeded bugs"; diff <(echo "$want") <(echo "$got"); tail -5 "$TMP/before.json.err"
fi

"$RUN" -p "$TMP/build" --checks='-*,torch-*' --no-cache --quiet --fix 'csrc/' > "$TMP/fix.log" 2>&1
after=$(lint "$TMP/after.json")
[ -z "$after" ] && pass "--fix left nothing to fix" || { fail "after --fix:"; echo "$after"; }
for fixed in 'at::dtype(at::kFloat).device(in.device())' \
             'const at::cuda::OptionalCUDAGuard device_guard(in.device());' \
             'clamp_kernel<<<blocksFor(n), kThreads, 0, at::cuda::getCurrentCUDAStream()>>>' \
             'C10_CUDA_KERNEL_LAUNCH_CHECK();' \
             'TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");'; do
  grep -qF "$fixed" "$TMP/ext/csrc/scale_ops.cu" || fail "the fix did not write: $fixed"
done
[ "$(grep -c 'C10_CUDA_KERNEL_LAUNCH_CHECK();' "$TMP/ext/csrc/scale_ops.cu")" -eq 5 ] \
  || fail "expected one launch check per op after --fix"
build && pass "nvcc built the fixed op library" || { fail "nvcc build of the fixed library"; tail -20 "$TMP/build.log"; }

[ "$FAILS" -eq 0 ] && echo "OK" || { echo "$FAILS failed"; exit 1; }
