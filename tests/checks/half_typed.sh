#!/usr/bin/env bash
# Half-typed code, as the editor sees it on every keystroke, never crashes the
# checks: each check input is cut off after every STEP-th line (the last line
# also cut in half), and has every STEP-th line deleted (unbalanced braces).
# Usage: half_typed.sh TORCHLINT INCLUDE_DIR PCH STEP INPUT.cpp...
set -u
tl=$1 inc=$2 pch=$3 step=$4; shift 4
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
runs=0 crashes=0
lint() { # file
  local out status
  out=$("$tl" --checks='-*,torch-*' "$1" -- -std=c++17 -isystem "$inc" \
        -include-pch "$pch" 2>&1); status=$?
  runs=$((runs + 1))
  if [ $status -gt 1 ] || grep -q -e "Stack dump" -e "PLEASE submit" <<<"$out"; then
    crashes=$((crashes + 1))
    echo "CRASH (status $status) on $2:"; echo "$out" | tail -20
  fi
}
for src in "$@"; do
  n=$(wc -l <"$src")
  for ((line = 4; line < n; line += step)); do
    head -n "$line" "$src" >"$tmp/cut.cpp"
    lint "$tmp/cut.cpp" "$(basename "$src") cut after line $line"
    last=$(sed -n "${line}p" "$src")
    { head -n $((line - 1)) "$src"; printf '%s' "${last:0:$((${#last} / 2))}"; } >"$tmp/half.cpp"
    lint "$tmp/half.cpp" "$(basename "$src") cut in line $line"
    sed "${line}d" "$src" >"$tmp/gap.cpp"
    lint "$tmp/gap.cpp" "$(basename "$src") without line $line"
  done
done
echo "$runs runs, $crashes crashes"
[ "$crashes" -eq 0 ]
