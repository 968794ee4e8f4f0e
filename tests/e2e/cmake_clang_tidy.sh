#!/usr/bin/env bash
# Linting inside the build: CMAKE_CXX_CLANG_TIDY runs torchlint on each file
# CMake compiles; findings show in the build log, and fail the build only
# with --warnings-as-errors.
# Usage: cmake_clang_tidy.sh TORCHLINT INCLUDE_DIR CXX
set -u
tl=$1 inc=$2 cxx=$3
work=$(mktemp -d /tmp/torchlint-cmake-XXXXXX)
trap 'rm -rf "$work"' EXIT
fail=0
mkdir -p "$work/src"
cat > "$work/src/CMakeLists.txt" <<CMAKE
cmake_minimum_required(VERSION 3.20)
project(lintinbuild CXX)
set(CMAKE_CXX_STANDARD 17)
add_library(scale OBJECT scale.cpp)
target_include_directories(scale SYSTEM PRIVATE "$inc")
CMAKE
cat > "$work/src/scale.cpp" <<'CPP'
#include <torch/torch.h>
torch::Tensor scale(const torch::Tensor &x) {
  auto w = torch::ones({3});
  return x * w;
}
torch::Tensor scale_on(torch::Device d) { return scale(torch::rand({3}, d)); }
CPP
finding="scale.cpp:3:12: warning: tensor factory 'torch::ones' is called without a device"
build() { # dir, CMAKE_CXX_CLANG_TIDY value
  cmake -S "$work/src" -B "$work/$1" -G Ninja -DCMAKE_CXX_COMPILER="$cxx" \
    -DCMAKE_CXX_CLANG_TIDY="$2" >/dev/null 2>&1 || { echo "configure failed"; return 2; }
  cmake --build "$work/$1" 2>&1
}
out=$(build warn "$tl;--checks=-*,torch-*"); status=$?
if [ $status -eq 0 ] && grep -qF "$finding" <<<"$out"; then
  echo "PASS: the finding shows in the build log, the build passes"
else echo "FAIL: warnings only (status $status)"; echo "$out" | tail -20; fail=1; fi
out=$(build gate "$tl;--checks=-*,torch-*;--warnings-as-errors=torch-*"); status=$?
if [ $status -ne 0 ] && grep -qF "scale.cpp:3:12: error: tensor factory 'torch::ones'" <<<"$out"; then
  echo "PASS: with --warnings-as-errors the finding fails the build"
else echo "FAIL: warnings as errors (status $status)"; echo "$out" | tail -20; fail=1; fi
exit $fail
