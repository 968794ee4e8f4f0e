#!/usr/bin/env bash
# The plugin refuses a clang-tidy of another LLVM with one clear line at load
# time, instead of listing its checks and aborting mid-run.
# Usage: plugin_wrong_llvm.sh PLUGIN INPUT.cpp INCLUDE_DIR
# Skips (77) when no clang-tidy of another LLVM (clang-tidy-14 .. -18) is installed.
set -u
plugin=$1 input=$2 inc=$3
other=""
for v in 14 15 16 17 18; do
  command -v "clang-tidy-$v" >/dev/null && { other=clang-tidy-$v; break; }
done
[ -n "$other" ] || { echo "SKIP: no clang-tidy-14..18 installed"; exit 77; }
fail=0
for args in "--list-checks" "$input -- -std=c++17 -I $inc"; do
  # shellcheck disable=SC2086 # the argument lists split on purpose
  out=$("$other" --load="$plugin" --checks='-*,torch-*' $args 2>&1); status=$?
  lines=$(printf '%s\n' "$out" | grep -c .)
  if [ $status -ne 0 ] && [ "$lines" -eq 1 ] &&
     grep -q "^error: libTorchlintPlugin.so was built for LLVM 19 .* uses LLVM ${other#clang-tidy-}" <<<"$out"; then
    echo "PASS: $other $args: refused in one line"
  else
    echo "FAIL: $other $args (status $status, $lines lines):"; echo "$out" | head -20; fail=1
  fi
done
exit $fail
