#!/usr/bin/env bash
# The main job: build torchlint, then lint the bundled examples/ trainer through
# its compile database and print the findings with their fix-its.
set -euo pipefail
cd "$(dirname "$0")/.."
# The example needs no PyTorch 2.x: only the tests run against it.
TORCHLINT_LIBTORCH2=0 bash scripts/build.sh
cmake -S examples -B build/examples -G Ninja -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >/dev/null
echo "== torchlint over examples/ (compile database: build/examples) =="
build/bin/torchlint -p build/examples --checks='-*,torch-*' examples/src/*.cpp
