#!/usr/bin/env bash
# Builds everything and runs every test (ctest: check inputs in both header
# modes, the harness, the three artefacts end to end, the runtime).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
ctest --test-dir build --output-on-failure -j "$(nproc)"
