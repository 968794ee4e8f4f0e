#!/usr/bin/env bash
# Builds everything and runs every test: in build/ against Debian's libtorch 1.13 (check inputs
# in the fast, real and real2 header modes, the harness, the three artefacts end to end, the
# runtime), then in build/libtorch2 the runtime, its package, the rule table and the example
# against the pinned PyTorch 2.x (scripts/install-libtorch2.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
status=0
ctest --test-dir build --output-on-failure -j "$(nproc)" || status=1
if [[ -f .deps/libtorch2/libtorch2.cmake ]]; then
  cmake -S . -B build/libtorch2 -G Ninja -C .deps/libtorch2/libtorch2.cmake \
    -DTORCHLINT_BUILD_CHECKS=OFF >/dev/null
  cmake --build build/libtorch2 -j "$(nproc)"
  ctest --test-dir build/libtorch2 --output-on-failure -j "$(nproc)" || status=1
elif [[ "${TORCHLINT_LIBTORCH2:-1}" == "0" ]]; then
  echo "test: TORCHLINT_LIBTORCH2=0: the PyTorch 2.x tests did not run" >&2
else
  echo "test: PyTorch 2.x is missing from .deps/libtorch2: its tests did not run" >&2
  status=1
fi
exit "$status"
