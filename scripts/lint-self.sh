#!/usr/bin/env bash
# Lints torchlint's own code: the layout rules of checks/ (check-layering.py),
# the formatting of checks/ and tool/ (.clang-format, clang-format 19), and
# the repository's .clang-tidy over checks/ and the mains, using the torchlint
# binary (a full clang-tidy) and build/compile_commands.json.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 scripts/check-layering.py checks
format=$(command -v clang-format-19 || true)
[ -n "$format" ] || { echo "lint-self: clang-format-19 not found (apt-get install clang-format-19)"; exit 1; }
mapfile -t sources < <(git ls-files -co --exclude-standard 'checks/*.cpp' 'checks/*.h' 'tool/*.cpp' 'tool/*.h')
"$format" --dry-run -Werror "${sources[@]}"
echo "lint-self: formatted"
[ -x build/bin/torchlint ] || bash scripts/build.sh
out=$(build/bin/torchlint -p build --quiet checks/*.cpp checks/utils/*.cpp checks/device/*.cpp \
  checks/device/*/*.cpp tool/*.cpp tool/run/*.cpp 2>&1 | grep -E ': (warning|error):' || true)
if [ -n "$out" ]; then echo "$out"; exit 1; fi
echo "lint-self: clean"
