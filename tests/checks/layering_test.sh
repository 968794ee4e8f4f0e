#!/usr/bin/env bash
# checks.layering: the layout rules of checks/ hold (scripts/check-layering.py),
# and the checker itself fails on a tree that breaks each kind of rule.
set -euo pipefail
script=$1 checks=$2
python3 "$script" "$checks"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
broken() { # NAME EDIT...: a copy of checks/ with one violation must fail
  rm -rf "$tmp/checks" && cp -r "$checks" "$tmp/checks"
  local name=$1; shift
  (cd "$tmp/checks" && eval "$@")
  if python3 "$script" "$tmp/checks" >"$tmp/out" 2>&1; then
    echo "check-layering accepted a tree with $name"; exit 1
  fi
  grep -q "problem" "$tmp/out" || { echo "no report for $name"; cat "$tmp/out"; exit 1; }
}
broken "flow including findings" \
  "sed -i '1a #include \"device/findings/FindingOwners.h\"' device/flow/DeviceFlow.cpp"
broken "a check name outside FindingOwners" \
  "echo 'const char *N = \"torch-discarded-to\";' >> device/flow/DeviceFlow.cpp"
broken "a thread_local outside DeviceModel.cpp" \
  "echo 'thread_local int X;' >> device/flow/DeviceFlow.cpp"
broken "a long check" \
  "for i in \$(seq 310); do echo '//' >> DiscardedToCheck.cpp; done"
broken "a check including another" \
  "sed -i '1a #include \"MixedDeviceOpCheck.h\"' DiscardedToCheck.cpp"
echo "layering_test: passed"
