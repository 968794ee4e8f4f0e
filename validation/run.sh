#!/usr/bin/env bash
# Build and run validation/rule_table: every row of checks/device/rules/torch-ops.yaml executed against
# real PyTorch (CUDA when the libtorch sees a GPU, else the meta device as a stand-in).
#
#   validation/run.sh [TABLE.md]      # TABLE.md: also write the Markdown table there
#
# Here (no GPU) it builds against Debian's libtorch. On the GPU machine it builds against the
# installed PyTorch's libtorch (torch.utils.cmake_prefix_path); when that PyTorch is a CUDA build
# and no CUDA toolkit (nvcc) is installed, find_package(Torch) cannot work, so the libtorch
# directories of the torch package are linked directly instead.
#
# Environment (all optional):
#   PYTHON        interpreter to ask for torch             (default: python3)
#   TORCH_PREFIX  CMAKE_PREFIX_PATH for libtorch            (default: from PYTHON's torch, if any)
#   TORCH_CMAKE_CACHE  an initial cache (cmake -C) that finds libtorch; it wins over PYTHON's torch
#                 (the ctest of a build tree passes the libtorch that tree was configured with)
#   BUILD_DIR     build directory                           (default: /tmp/rt-build)
#   JOBS          parallel build jobs                       (default: 1)
#   OUT           if set and no TABLE.md is given, the table goes to $OUT/rule_table.md
#
# Exit status: the program's (0: no DISAGREE, 1: some DISAGREE or uncovered rows), 2 configure
# failed, 3 build failed, 4 PyTorch sees a GPU but the program ran on meta (CUDA not linked).
set -uo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PYTHON="${PYTHON:-python3}"
BUILD_DIR="${BUILD_DIR:-/tmp/rt-build}"
JOBS="${JOBS:-1}"
TABLE="${1:-}"
if [[ -z "$TABLE" && -n "${OUT:-}" ]]; then
  mkdir -p "$OUT"
  TABLE="$OUT/rule_table.md"
fi

section() { printf '\n==== %s ====\n' "$*" >&2; }

section "environment"
py_torch=""
if command -v "$PYTHON" >/dev/null 2>&1; then
  py_torch="$("$PYTHON" - <<'EOF' 2>/dev/null
import os, torch
print(torch.__version__, torch.version.cuda, torch.cuda.is_available(), torch.cuda.device_count(),
      int(torch.compiled_with_cxx11_abi()), os.path.dirname(torch.__file__),
      torch.utils.cmake_prefix_path)
EOF
)"
fi
configure_args=(-DCMAKE_BUILD_TYPE=Release)
command -v ninja >/dev/null 2>&1 && configure_args+=(-G Ninja)
py_gpu=False
if [[ -n "${TORCH_CMAKE_CACHE:-}" ]]; then
  echo "libtorch:      from $TORCH_CMAKE_CACHE" >&2
  configure_args+=(-C "$TORCH_CMAKE_CACHE" -DTORCHLINT_TORCH_LIB_DIR=)
elif [[ -n "$py_torch" ]]; then
  read -r py_version py_cuda py_gpu py_gpus py_abi py_dir py_prefix <<<"$py_torch"
  echo "python torch:  $py_version (CUDA $py_cuda, cuda available: $py_gpu, devices: $py_gpus) at $py_dir" >&2
  TORCH_PREFIX="${TORCH_PREFIX:-$py_prefix}"
  if [[ "$py_cuda" != "None" ]] && ! command -v nvcc >/dev/null 2>&1; then
    for cuda in /usr/local/cuda /usr/local/cuda-*; do
      if [[ -x "$cuda/bin/nvcc" ]]; then
        export PATH="$cuda/bin:$PATH"
        configure_args+=("-DCUDAToolkit_ROOT=$cuda")
        break
      fi
    done
  fi
  if [[ "$py_cuda" != "None" ]] && ! command -v nvcc >/dev/null 2>&1; then
    echo "no nvcc: linking $py_dir/lib directly (find_package(Torch) of a CUDA PyTorch needs the toolkit)" >&2
    configure_args+=(
      "-DTORCHLINT_TORCH_LIB_DIR=$py_dir/lib"
      "-DTORCHLINT_TORCH_INCLUDE_DIRS=$py_dir/include;$py_dir/include/torch/csrc/api/include"
      "-DTORCHLINT_TORCH_CXX11_ABI=$py_abi")
  else
    configure_args+=("-DCMAKE_PREFIX_PATH=$TORCH_PREFIX" -DTORCHLINT_TORCH_LIB_DIR=)
  fi
else
  echo "python torch:  not importable; using the system libtorch${TORCH_PREFIX:+ under $TORCH_PREFIX}" >&2
  [[ -n "${TORCH_PREFIX:-}" ]] && configure_args+=("-DCMAKE_PREFIX_PATH=$TORCH_PREFIX")
  configure_args+=(-DTORCHLINT_TORCH_LIB_DIR=)
  if command -v dpkg-query >/dev/null 2>&1; then
    deb="$(dpkg-query -W -f='${Version}' libtorch-dev 2>/dev/null)"
    [[ -n "$deb" ]] && echo "Debian libtorch-dev: $deb" >&2
  fi
fi
echo "GPU(s):        $(nvidia-smi --query-gpu=index,name --format=csv,noheader 2>/dev/null | paste -sd';' || true)" >&2
echo "compiler:      $(c++ --version 2>/dev/null | head -n1)" >&2

section "configure"
start=$(date +%s)
if ! cmake -S "$HERE" -B "$BUILD_DIR" "${configure_args[@]}" >&2; then
  echo "error: configure failed" >&2
  exit 2
fi
echo "configure time: $(($(date +%s) - start)) s" >&2

section "build"
start=$(date +%s)
if ! cmake --build "$BUILD_DIR" -j "$JOBS" >&2; then
  exit 3
fi
echo "build time: $(($(date +%s) - start)) s" >&2

section "run"
start=$(date +%s.%N)
result="$(mktemp)"
"$BUILD_DIR/rule_table" >"$result"
status=$?
cat "$result"
end=$(date +%s.%N)
echo "run time: $(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }') s" >&2
if [[ -n "$TABLE" ]]; then
  mkdir -p "$(dirname "$TABLE")"
  cp "$result" "$TABLE"
  echo "table written to $TABLE" >&2
fi
if [[ "$py_gpu" == "True" ]] && grep -q '^- device: meta' "$result"; then
  echo "error: PyTorch sees a GPU but rule_table ran on meta: libtorch_cuda was not linked/loaded." >&2
  echo "Nothing about CUDA was validated." >&2
  status=4
fi
rm -f "$result"
exit "$status"
