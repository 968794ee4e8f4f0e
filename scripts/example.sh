#!/usr/bin/env bash
# The main job: build torchlint, then lint the bundled examples/ trainer through
# its compile database and print the findings with their fix-its; then, where a
# CUDA toolkit is installed, build the example extension (examples/extension)
# with nvcc against PyTorch 2.x and lint it through its nvcc compile database.
set -euo pipefail
cd "$(dirname "$0")/.."
# The example needs no PyTorch 2.x: only the tests run against it.
TORCHLINT_LIBTORCH2=0 bash scripts/build.sh
cmake -S examples -B build/examples -G Ninja -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >/dev/null
# The project as a whole: torchlint-run lints every unit and judges each
# helper by what the project's calls pass it.
echo "== torchlint-run over examples/ (compile database: build/examples) =="
status=0
build/bin/torchlint-run -p build/examples --checks='-*,torch-*' --no-cache || status=$?
# One file at a time, as the editor sees it: the .cuda() in debug_dump_logits
# is latent there (only train.cpp shows that its model may be elsewhere).
echo "== torchlint, one file at a time: utils.cpp =="
build/bin/torchlint -p build/examples --checks='-*,torch-*' examples/src/utils.cpp || true

# The extension needs nvcc and a CUDA build of PyTorch 2.x (the pinned wheel).
nvcc=$(command -v nvcc || true)
for root in "${CUDA_HOME:-}" /usr/local/cuda; do
  [ -z "$nvcc" ] && [ -n "$root" ] && [ -x "$root/bin/nvcc" ] && nvcc=$root/bin/nvcc
done
if [ -z "$nvcc" ]; then
  echo "== examples/extension: skipped, no CUDA toolkit (nvcc) on this machine =="
else
  bash scripts/install-libtorch2.sh
  CUDACXX="$nvcc" cmake -S examples/extension -B build/examples-extension -G Ninja \
    -C .deps/libtorch2/libtorch2.cmake >/dev/null
  echo "== nvcc builds the example extension (build/examples-extension) =="
  cmake --build build/examples-extension --target scale_ops
  echo "== torchlint-run over examples/extension (its nvcc compile database) =="
  ext_status=0
  build/bin/torchlint-run -p build/examples-extension --checks='-*,torch-*' --no-cache \
    'csrc/' || ext_status=$?
  [ "$ext_status" -le 1 ] || status=$ext_status
fi
# Exit 1 means findings were reported, which is what the examples are for.
[ "$status" -le 1 ]
