#!/usr/bin/env bash
# Writes BUILD_DIR/compile_commands.json for this project without cmake: one
# entry per .cpp (src/ and apps/), absolute paths, compiled with clang++-19.
#
# Usage: make-compdb.sh [BUILD_DIR]   (default: <this dir>/build)
# Environment: CXX (default clang++-19), TORCH_INCLUDE (default
# /usr/include/torch/csrc/api/include).
set -euo pipefail

PROJECT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
BUILD_DIR="${1:-$PROJECT/build}"
mkdir -p "$BUILD_DIR"
BUILD_DIR="$(cd "$BUILD_DIR" && pwd)"
CXX="${CXX:-clang++-19}"
TORCH_INCLUDE="${TORCH_INCLUDE:-/usr/include/torch/csrc/api/include}"

python3 - "$PROJECT" "$BUILD_DIR" "$CXX" "$TORCH_INCLUDE" <<'PY'
import glob, json, os, sys

project, build_dir, cxx, torch_include = sys.argv[1:5]
sources = sorted(glob.glob(os.path.join(project, "src", "*.cpp")) +
                 glob.glob(os.path.join(project, "apps", "*.cpp")))
if not sources:
    sys.exit("make-compdb.sh: no sources under " + project)
entries = []
for source in sources:
    rel = os.path.relpath(source, project)
    obj = os.path.join(build_dir, "obj", rel[:-len(".cpp")] + ".o")
    entries.append({
        "directory": build_dir,
        "file": source,
        "output": obj,
        "arguments": [cxx, "-std=c++17", "-isystem", torch_include,
                      "-I" + os.path.join(project, "include"), "-c", source, "-o", obj],
    })
out = os.path.join(build_dir, "compile_commands.json")
with open(out, "w") as f:
    json.dump(entries, f, indent=2)
    f.write("\n")
print(f"{out}: {len(entries)} entries")
PY
