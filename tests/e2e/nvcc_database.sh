#!/usr/bin/env bash
# A compile database of nvcc command lines, as CMake's CUDA language and
# torch.utils.cpp_extension write them, in the three artefacts:
#  - torchlint-run over it finds exactly the launches' findings of three small
#    units (two of one CMake target, sharing a preamble; one cpp_extension
#    unit whose flags reach the code only as nvcc spells them);
#  - torchlint -p finds the same in a unit;
#  - torchlint-clangd diagnoses a launch and offers its fix.
# Against the PyTorch 2.x headers and the machine's CUDA toolkit; skips (77)
# without either.
#
#   nvcc_database.sh <torchlint> <torchlint-run> <torchlint-clangd>
#                    <libtorch2-root> <cuda-root>
set -uo pipefail
TL=$1 RUN=$2 CLANGD=$3 TORCH=$4 CUDA=$5
HERE="$(cd "$(dirname "$0")" && pwd)"
[ -n "$TORCH" ] && [ -f "$TORCH/include/torch/csrc/api/include/torch/torch.h" ] \
  || { echo "SKIP: no PyTorch 2.x headers"; exit 77; }
[ -n "$CUDA" ] && [ -x "$CUDA/bin/nvcc" ] || { echo "SKIP: no CUDA toolkit with nvcc"; exit 77; }
TMP=$(mktemp -d); trap 'rm -rf "$TMP"' EXIT
FAILS=0
pass() { echo "PASS: $*"; }
fail() { echo "FAIL: $*"; FAILS=$((FAILS + 1)); }

INC="$TORCH/include"
API="$INC/torch/csrc/api/include"
mkdir -p "$TMP/nvcc" "$TMP/src"
# Each unit launches a kernel on a tensor's memory with no guard, no stream,
# no error check and no check that the tensor is on CUDA, in a function
# registered with the dispatcher as every device's kernel, under a
# macro and a language standard that only the nvcc command gives: a unit read
# without them has no findings (or errors).
for op in scale shift gather; do
  cat > "$TMP/src/$op.cu" <<EOF
#include <ATen/ATen.h>
#include <ATen/cuda/CUDAContext.h>
#include <torch/library.h>
#include <cuda_runtime.h>

__global__ void ${op}_kernel(float *data, long n) {}

#if defined(WITH_CUDA) && __cplusplus >= 202002L
at::Tensor ${op}_(const at::Tensor &t) {
  ${op}_kernel<<<1, 256>>>(t.data_ptr<float>(), t.numel());
  return t;
}

TORCH_LIBRARY(${op}_ops, m) { m.def("${op}", &${op}_); }
#endif
EOF
done
python3 - "$TMP" "$INC" "$API" "$CUDA" <<'PY'
import json, sys
tmp, inc, api, cuda = sys.argv[1:]
# CMake's CUDA language (arguments as CMake 3.2x writes them for nvcc): two
# units of one target, whose flags make one preamble.
def cmake(op):
    unit = f"{tmp}/src/{op}.cu"
    return {"directory": tmp, "file": unit, "arguments": [
        cuda + "/bin/nvcc", "-forward-unknown-to-host-compiler", "-DWITH_CUDA",
        "-isystem=" + inc, "-isystem=" + api,
        "--generate-code=arch=compute_80,code=[compute_80,sm_80]",
        "-Xcompiler=-fPIC", "-std=c++20", "-x", "cu", "-c", unit,
        "-o", f"CMakeFiles/ops.dir/{op}.cu.o"]}
# torch.utils.cpp_extension's build.ninja through `ninja -t compdb`: one shell
# command, host options quoted for a second shell.
unit = f"{tmp}/src/gather.cu"
ext = (f"{cuda}/bin/nvcc --generate-dependencies-with-compile --dependency-output "
       f"{tmp}/gather.o.d -I{inc} -I{api} -c {unit} -o {tmp}/gather.o "
       "-D__CUDA_NO_HALF_OPERATORS__ --expt-relaxed-constexpr "
       "--compiler-options ''\"'\"'-fPIC'\"'\"'' -O3 -DWITH_CUDA "
       "'-DPYBIND11_COMPILER_TYPE=\"_gcc\"' -DTORCH_EXTENSION_NAME=_C "
       "-gencode=arch=compute_90,code=sm_90 -std=c++20")
json.dump([cmake("scale"), cmake("shift"), {"directory": tmp, "file": unit, "command": ext}],
          open(tmp + "/nvcc/compile_commands.json", "w"), indent=1)
PY
want=$(for op in gather scale shift; do
  for check in torch-default-stream-launch torch-missing-device-guard torch-unchecked-kernel-launch; do
    echo "$op.cu:10:3 $check"
  done
  echo "$op.cu:9:$((${#op} + 32)) torch-unchecked-kernel-input"
done | sort)

cd "$TMP"
"$RUN" -p "$TMP/nvcc" -j2 --cache-dir "$TMP/cache" --checks='-*,torch-*' --quiet \
  --format json --output "$TMP/nvcc.json" 2> "$TMP/nvcc.err"
got=$(python3 -c '
import json, os, sys
r = json.load(open(sys.argv[1]))
for f in r["findings"]:
    print("%s:%d:%d %s" % (os.path.basename(f["file"]), f["line"], f["column"], f["check"]))
for u in r["units"]:
    if u["failed"]:
        print("FAILED-UNIT", u["file"])
' "$TMP/nvcc.json" | sort)
if [ "$got" == "$want" ]; then
  pass "torchlint-run: each unit's four findings and nothing else"
else
  fail "torchlint-run over nvcc commands"; diff <(echo "$want") <(echo "$got"); tail -5 "$TMP/nvcc.err"
fi
ls "$TMP"/cache/v1/preambles/*.pch > /dev/null 2>&1 \
  && pass "torchlint-run: the CMake target's units shared a preamble" || fail "no preamble was built"

# torchlint reads the same database through clang-tidy's own -p.
"$TL" -p "$TMP/nvcc" --checks='-*,torch-*' --quiet "$TMP/src/gather.cu" > "$TMP/tl.out" 2> "$TMP/tl.err"
tl=$(grep -oE '[a-z]+\.cu:[0-9]+:[0-9]+: (warning|error): .*\[[a-z-]+\]$' "$TMP/tl.out" \
  | sed -E 's/: (warning|error): .*\[([a-z-]+)\]$/ \2/' | sort)
if [ "$tl" == "$(grep '^gather' <<< "$want")" ]; then
  pass "torchlint -p: the cpp_extension unit's four findings"
else
  fail "torchlint -p over an nvcc command"; echo "$tl"; tail -5 "$TMP/tl.err"
fi

# The editor: clangd reads a cpp_extension command.
if python3 "$HERE/lsp_session.py" --clangd "$CLANGD" --file "$TMP/src/scale.cu" \
    --expect-code torch-unchecked-kernel-launch \
    --expect-fixed-substring "C10_CUDA_KERNEL_LAUNCH_CHECK();" \
    --compile-command "$CUDA/bin/nvcc --generate-dependencies-with-compile --dependency-output x.o.d -I$INC -I$API -c {file} -o x.o --expt-relaxed-constexpr --compiler-options ''\"'\"'-fPIC'\"'\"'' -O3 -DWITH_CUDA -gencode=arch=compute_90,code=sm_90 -std=c++20" \
    > "$TMP/lsp.out" 2>&1; then
  pass "torchlint-clangd: a launch diagnosed and fixed over an nvcc command"
else
  fail "torchlint-clangd over an nvcc command"; tail -15 "$TMP/lsp.out"
fi

[ "$FAILS" -eq 0 ] && echo "OK" || { echo "$FAILS failed"; exit 1; }
