#!/usr/bin/env bash
# A compile database of nvcc command lines, as CMake's CUDA language and
# torch.utils.cpp_extension write them, in the three artefacts:
#  - torchlint-run over it finds what it finds over the same units' clang
#    commands (the harness's real2 CUDA flags), with the shared preamble;
#  - torchlint -p finds the same in a unit;
#  - torchlint-clangd diagnoses a launch and offers its fix.
# Against the PyTorch 2.x headers and the machine's CUDA toolkit; skips (77)
# without either.
#
#   nvcc_database.sh <torchlint> <torchlint-run> <torchlint-clangd>
#                    <check-inputs-dir> <libtorch2-root> <cuda-root> <headers-dir>
set -uo pipefail
TL=$1 RUN=$2 CLANGD=$3 INPUTS=$4 TORCH=$5 CUDA=$6 SHIM=$7
HERE="$(cd "$(dirname "$0")" && pwd)"
[ -n "$TORCH" ] && [ -f "$TORCH/include/torch/csrc/api/include/torch/torch.h" ] \
  || { echo "SKIP: no PyTorch 2.x headers"; exit 77; }
[ -n "$CUDA" ] && [ -x "$CUDA/bin/nvcc" ] || { echo "SKIP: no CUDA toolkit with nvcc"; exit 77; }
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
FAILS=0
pass() { echo "PASS: $*"; }
fail() { echo "FAIL: $*"; FAILS=$((FAILS + 1)); }

INC="$TORCH/include"
LAUNCH="$INPUTS/unchecked-kernel-launch.cpp"
GUARD="$INPUTS/missing-device-guard.cpp"
mkdir -p "$TMP/nvcc" "$TMP/clang" "$TMP/src"
# Two units of one CMake target, libtorch's headers first as extensions
# write them: one preamble serves both.
for op in scale shift; do
  cat > "$TMP/src/$op.cu" <<EOF
#include <torch/torch.h>
#include <ATen/cuda/CUDAContext.h>
#include <cuda_runtime.h>

__global__ void ${op}_kernel(float *data, int n) {}

void ${op}_(torch::Tensor t) {
  ${op}_kernel<<<1, 256>>>(t.data_ptr<float>(), t.numel());
}
EOF
done
SCALE="$TMP/src/scale.cu" SHIFT="$TMP/src/shift.cu"
python3 - "$TMP" "$INC" "$CUDA" "$SHIM" "$SCALE" "$SHIFT" "$GUARD" <<'PY'
import json, shlex, sys
tmp, inc, cuda, shim, scale, shift, guard = sys.argv[1:]
api = inc + "/torch/csrc/api/include"
# CMake's CUDA language (arguments as CMake 3.2x writes them for nvcc): two
# units of one target, whose flags make one preamble.
def cmake(unit):
    return [cuda + "/bin/nvcc", "-forward-unknown-to-host-compiler", "-DWITH_CUDA",
            "-isystem", inc, "-isystem", api,
            "--generate-code=arch=compute_80,code=[compute_80,sm_80]",
            "-Xcompiler=-fPIC", "-std=c++20", "-x", "cu", "-c", unit,
            "-o", "CMakeFiles/ops.dir/" + unit.split("/")[-1] + ".o"]
# torch.utils.cpp_extension's build.ninja through `ninja -t compdb`: one shell
# command, host options quoted for a second shell (less its Python includes
# and TORCH_API_INCLUDE_EXTENSION_H: the input is not a Python module).
ext = (f"{cuda}/bin/nvcc --generate-dependencies-with-compile --dependency-output "
       f"{tmp}/guard.o.d -I{inc} -I{api} -x cu -c {guard} -o {tmp}/guard.o "
       "-D__CUDA_NO_HALF_OPERATORS__ --expt-relaxed-constexpr "
       "--compiler-options ''\"'\"'-fPIC'\"'\"'' -O3 "
       "'-DPYBIND11_COMPILER_TYPE=\"_gcc\"' -DTORCH_EXTENSION_NAME=_C "
       "-gencode=arch=compute_90,code=sm_90 -std=c++20")
json.dump([{"directory": tmp, "file": scale, "arguments": cmake(scale)},
           {"directory": tmp, "file": shift, "arguments": cmake(shift)},
           {"directory": tmp, "file": guard, "command": ext}],
          open(tmp + "/nvcc/compile_commands.json", "w"), indent=1)
# The same units as clang commands written by hand.
host = ["clang++-19", "-x", "cuda", "--cuda-host-only", "-nocudalib",
        "-Wno-unknown-cuda-version", "--cuda-path=" + cuda, "--cuda-gpu-arch=sm_80",
        "-isystem", shim, "-isystem", cuda + "/include/cccl", "-std=c++20"]
json.dump([{"directory": tmp, "file": unit,
            "arguments": host + ["-DWITH_CUDA", "-isystem", inc, "-isystem", api, "-c", unit]}
           for unit in (scale, shift)] +
          [
           {"directory": tmp, "file": guard,
            "arguments": host + ["-I" + inc, "-I" + api, "-D__CUDA_NO_HALF_OPERATORS__",
                                 '-DPYBIND11_COMPILER_TYPE="_gcc"',
                                 "-DTORCH_EXTENSION_NAME=_C", "-c", guard]}],
          open(tmp + "/clang/compile_commands.json", "w"), indent=1)
PY

findings() { # <report.json>: one line per finding
  python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
for f in r["findings"]:
    print(f["file"], f["line"], f["column"], f["check"], f["message"])
' "$1" | sort
}
units_ok() {
  python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
sys.exit(0 if len(r["units"]) == 3 and not any(u["failed"] for u in r["units"]) else 1)' "$1"
}

cd "$TMP"
"$RUN" -p "$TMP/nvcc" -j2 --cache-dir "$TMP/cache" --checks='-*,torch-*' --quiet \
  --format json --output "$TMP/nvcc.json" 2> "$TMP/nvcc.err"
"$RUN" -p "$TMP/clang" -j2 --no-cache --no-preamble --checks='-*,torch-*' --quiet \
  --format json --output "$TMP/clang.json" 2> "$TMP/clang.err"
units_ok "$TMP/nvcc.json" && pass "torchlint-run: the 3 nvcc units linted" \
  || { fail "torchlint-run: an nvcc unit failed"; cat "$TMP/nvcc.err"; }
findings "$TMP/nvcc.json" > "$TMP/nvcc.f"
findings "$TMP/clang.json" > "$TMP/clang.f"
if [ -s "$TMP/nvcc.f" ] && diff -u "$TMP/clang.f" "$TMP/nvcc.f" > "$TMP/d"; then
  pass "torchlint-run: the same $(wc -l < "$TMP/nvcc.f") findings as over clang's commands"
else
  fail "torchlint-run: findings over nvcc commands differ"; head -40 "$TMP/d"
fi
ls "$TMP"/cache/v1/preambles/*.pch > /dev/null 2>&1 \
  && pass "torchlint-run: the CMake target's units shared a preamble" || fail "no preamble was built"
grep -q "clang-diagnostic-error" "$TMP/nvcc.f" && fail "compiler errors in the nvcc units"
for check in torch-missing-device-guard torch-unchecked-kernel-launch torch-default-stream-launch; do
  grep -q " $check " "$TMP/nvcc.f" || fail "no $check finding over the nvcc units"
done

# torchlint reads the same database through clang-tidy's own -p.
"$TL" -p "$TMP/nvcc" --checks='-*,torch-*' --quiet "$GUARD" > "$TMP/tl.out" 2> "$TMP/tl.err"
grep -E ': (warning|error):' "$TMP/tl.out" \
  | sed -E 's/^([^:]+):([0-9]+):([0-9]+): (warning|error): (.*) \[([a-z-]+(,[a-z-]+)*)\]$/\1 \2 \3 \6 \5/' \
  | sort > "$TMP/tl.f"
grep -F "$GUARD " "$TMP/nvcc.f" > "$TMP/run-guard.f"
if [ -s "$TMP/tl.f" ] && diff -u "$TMP/run-guard.f" "$TMP/tl.f" > "$TMP/d2"; then
  pass "torchlint -p: the same $(wc -l < "$TMP/tl.f") findings in the cpp_extension unit"
else
  fail "torchlint -p over nvcc commands differs from torchlint-run"; head -40 "$TMP/d2"; tail -5 "$TMP/tl.err"
fi

# The editor: clangd reads the cpp_extension command.
API="$INC/torch/csrc/api/include"
if python3 "$HERE/lsp_session.py" --clangd "$CLANGD" --file "$LAUNCH" \
    --expect-code torch-unchecked-kernel-launch \
    --expect-fixed-substring "C10_CUDA_KERNEL_LAUNCH_CHECK();" \
    --compile-command "$CUDA/bin/nvcc --generate-dependencies-with-compile --dependency-output x.o.d -I$INC -I$API -x cu -c {file} -o x.o --expt-relaxed-constexpr --compiler-options ''\"'\"'-fPIC'\"'\"'' -O3 -gencode=arch=compute_90,code=sm_90 -std=c++20" \
    > "$TMP/lsp.out" 2>&1; then
  pass "torchlint-clangd: a launch diagnosed and fixed over an nvcc command"
else
  fail "torchlint-clangd over an nvcc command"; tail -15 "$TMP/lsp.out"
fi

[ "$FAILS" -eq 0 ] && echo "OK" || { echo "$FAILS failed"; exit 1; }
