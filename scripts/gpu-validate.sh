#!/usr/bin/env bash
# Build the torchlint runtime and its GoogleTest suite against the libtorch of the installed
# PyTorch 2.x (CUDA) and run it, on a machine with an NVIDIA GPU and no network.
#
#   scripts/gpu-validate.sh            # from anywhere; works in the repository root
#
# Environment (all optional):
#   PYTHON             interpreter with torch             (default: python3)
#   TORCH_PREFIX       CMAKE_PREFIX_PATH for libtorch     (default: torch.utils.cmake_prefix_path)
#   GTEST_SOURCE_DIR   GoogleTest sources, used when no GoogleTest package is installed
#                      (default: .gtest/, a copy of /usr/src/googletest)
#   BUILD_DIR          build directory                    (default: build-gpu)
#   JOBS               parallel build jobs                (default: nproc)
#   EXTRA_CMAKE_ARGS   more configure arguments, space-separated
#   OUT                if set, logs are copied there
#
# Exit status: 0 all tests passed; 1 tests failed; 2 configure failed; 3 build failed;
# 4 a GPU is visible to PyTorch but no CUDA test was registered (libtorch ran CPU-only).
set -uo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT" || exit 2
PYTHON="${PYTHON:-python3}"
BUILD_DIR="${BUILD_DIR:-$ROOT/build-gpu}"
JOBS="${JOBS:-$(nproc)}"
GTEST_SOURCE_DIR="${GTEST_SOURCE_DIR:-$ROOT/.gtest}"
LOG="$BUILD_DIR/gpu-validate.log"

section() { printf '\n==== %s ====\n' "$*"; }
save_logs() {
  if [[ -n "${OUT:-}" ]]; then
    mkdir -p "$OUT"
    cp -f "$LOG" "$BUILD_DIR/ctest-output.txt" "$OUT/" 2>/dev/null
    cp -f "$BUILD_DIR/Testing/Temporary/LastTest.log" "$OUT/" 2>/dev/null
  fi
  return 0
}

mkdir -p "$BUILD_DIR"
: >"$LOG"
exec > >(tee -a "$LOG") 2>&1

section "environment"
torch_info="$("$PYTHON" -c 'import torch; print(torch.__version__, torch.version.cuda, torch.cuda.is_available(), torch.cuda.device_count())' 2>/dev/null)"
read -r torch_version torch_cuda torch_gpu torch_gpu_count <<<"${torch_info:-unavailable none False 0}"
echo "torch:          $torch_version (CUDA $torch_cuda, cuda available: $torch_gpu, devices: $torch_gpu_count)"
if [[ -z "${TORCH_PREFIX:-}" ]]; then
  TORCH_PREFIX="$("$PYTHON" -c 'import torch; print(torch.utils.cmake_prefix_path)' 2>/dev/null)"
fi
if [[ -z "$TORCH_PREFIX" ]]; then
  echo "error: cannot import torch with $PYTHON; set PYTHON or TORCH_PREFIX" >&2
  save_logs
  exit 2
fi
echo "libtorch cmake: $TORCH_PREFIX"
gpu_names="$(nvidia-smi --query-gpu=index,name,driver_version,memory.total --format=csv,noheader 2>/dev/null)"
echo "GPU(s):         ${gpu_names:-none (nvidia-smi unavailable or no GPU)}"
echo "cmake:          $(cmake --version | head -n1)"
echo "compiler:       $(c++ --version 2>/dev/null | head -n1)"

configure_args=(
  -DCMAKE_BUILD_TYPE=Release
  -DTORCHLINT_BUILD_CHECKS=OFF
  -DTORCHLINT_BUILD_RUNTIME=ON
  -DTORCHLINT_BUILD_TESTS=ON
  "-DCMAKE_PREFIX_PATH=$TORCH_PREFIX"
)
if command -v ninja >/dev/null 2>&1; then
  configure_args+=(-G Ninja)
fi
# Used only if find_package(GTest) fails (see the top-level CMakeLists.txt).
if [[ -f "$GTEST_SOURCE_DIR/CMakeLists.txt" ]]; then
  configure_args+=("-DTORCHLINT_GTEST_SOURCE_DIR=$GTEST_SOURCE_DIR")
fi
# A CUDA build of libtorch makes find_package(Torch) look for the CUDA toolkit; help it find
# one that is installed but not on PATH.
if ! command -v nvcc >/dev/null 2>&1; then
  for cuda in /usr/local/cuda /usr/local/cuda-*; do
    if [[ -x "$cuda/bin/nvcc" ]]; then
      export PATH="$cuda/bin:$PATH"
      configure_args+=("-DCUDAToolkit_ROOT=$cuda")
      break
    fi
  done
fi
echo "nvcc:           $(command -v nvcc || echo 'not found')"
read -r -a extra_args <<<"${EXTRA_CMAKE_ARGS:-}"
configure_args+=("${extra_args[@]}")

section "configure"
if ! cmake -S "$ROOT" -B "$BUILD_DIR" "${configure_args[@]}"; then
  echo "error: configure failed. With a CUDA PyTorch, find_package(Torch) needs the CUDA toolkit" >&2
  echo "(nvcc, headers): install it or point CUDAToolkit_ROOT at it via EXTRA_CMAKE_ARGS." >&2
  save_logs
  exit 2
fi

section "build"
start=$(date +%s)
if ! cmake --build "$BUILD_DIR" -j "$JOBS"; then
  save_logs
  exit 3
fi
echo "build time: $(($(date +%s) - start)) s"

section "test"
start=$(date +%s)
ctest --test-dir "$BUILD_DIR" --output-on-failure | tee "$BUILD_DIR/ctest-output.txt"
ctest_status=${PIPESTATUS[0]}
echo "test time: $(($(date +%s) - start)) s"

section "summary"
registered="$(ctest --test-dir "$BUILD_DIR" -N 2>/dev/null)"
total=$(grep -c 'Test *#' <<<"$registered")
cuda_tests=$(grep -c 'cuda[0-9]' <<<"$registered")
skipped=$(grep -c '\*\*\*Skipped' "$BUILD_DIR/ctest-output.txt")
echo "torch $torch_version (CUDA $torch_cuda) | GPU: ${gpu_names:-none}"
echo "tests registered: $total, of which on a CUDA device: $cuda_tests, skipped: $skipped"
grep -E 'tests passed|Total Test time' "$BUILD_DIR/ctest-output.txt"
echo "ctest exit status: $ctest_status"
status=$((ctest_status == 0 ? 0 : 1))
if [[ "$torch_gpu" == "True" && "$cuda_tests" -eq 0 ]]; then
  echo "error: PyTorch sees a GPU but the test binary registered no CUDA test: the C++ build" >&2
  echo "did not pick up CUDA (libtorch_cuda not linked/loaded?). Nothing about CUDA was validated." >&2
  status=4
elif [[ "$cuda_tests" -eq 0 ]]; then
  echo "warning: no CUDA test ran; this run validates the CPU paths only."
fi
save_logs
exit "$status"
