#!/usr/bin/env bash
# Lints torchlint's own checks and mains with the repository's .clang-tidy,
# using the torchlint binary (a full clang-tidy) and build/compile_commands.json.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x build/bin/torchlint ] || bash scripts/build.sh
out=$(build/bin/torchlint -p build --quiet checks/*.cpp checks/utils/*.cpp checks/device/*/*.cpp tool/*.cpp 2>&1 | grep -E ': (warning|error):' || true)
if [ -n "$out" ]; then echo "$out"; exit 1; fi
echo "lint-self: clean"
