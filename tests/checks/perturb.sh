#!/usr/bin/env bash
# Half-typed and broken code, as the editor sees it on every keystroke, never
# crashes or hangs the checks. Each input is perturbed at every STEP-th line
# (each kind of perturbation at its own offset, so together they touch many
# lines): cut off after the line, cut in the middle of it, the line deleted
# (unbalanced braces), doubled, its last character dropped (a lost `;` or
# `{`), its first identifier misspelt, swapped with the next line.
# Every run of all torch-* checks is bounded in time; a run past the bound
# counts as a hang.
# Usage: perturb.sh TORCHLINT INCLUDE_DIR PCH STEP INPUT.cpp...
set -u
tl=$1 inc=$2 pch=$3 step=$4; shift 4
limit=${PERTURB_TIME_LIMIT:-60}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
runs=0 crashes=0 hangs=0
keep=${PERTURB_KEEP:-/tmp}
lint() { # file, what was done to it
  local out status
  out=$(timeout "$limit" "$tl" --checks='-*,torch-*' "$1" -- -std=c++17 \
        -isystem "$inc" -include-pch "$pch" 2>&1); status=$?
  runs=$((runs + 1))
  if [ $status -eq 124 ]; then
    hangs=$((hangs + 1)); echo "HANG (over ${limit}s) on $2 (kept in $keep)"
    cp "$1" "$keep/perturb-hang-${2//[^A-Za-z0-9.-]/_}.cpp"
  elif [ $status -gt 1 ] || grep -q -e "Stack dump" -e "PLEASE submit" <<<"$out"; then
    crashes=$((crashes + 1)); echo "CRASH (status $status) on $2 (kept in $keep):"
    echo "$out" | grep -v '^ *#[0-9]' | tail -8
    cp "$1" "$keep/perturb-crash-${2//[^A-Za-z0-9.-]/_}.cpp"
  fi
}
perturb() { # kind, line, source, output
  local kind=$1 line=$2 src=$3 out=$4 text
  text=$(sed -n "${line}p" "$src")
  case $kind in
    cut) head -n "$line" "$src" >"$out" ;;
    half) { head -n $((line - 1)) "$src"; printf '%s' "${text:0:$((${#text} / 2))}"; } >"$out" ;;
    gap) sed "${line}d" "$src" >"$out" ;;
    double) sed "${line}p" "$src" >"$out" ;;
    unclosed) sed "${line}s/.\$//" "$src" >"$out" ;;
    misspelt) sed -E "${line}s/[A-Za-z_][A-Za-z_0-9]*/undeclared_name_/" "$src" >"$out" ;;
    swap) sed -n "${line}{h;n;G;p;b};p" "$src" >"$out" ;;
  esac
}
kinds=(cut half gap double unclosed misspelt swap)
for src in "$@"; do
  n=$(wc -l <"$src")
  for k in "${!kinds[@]}"; do
    for ((line = 3 + (k * 5) % step; line < n; line += step)); do
      perturb "${kinds[$k]}" "$line" "$src" "$tmp/in.cpp"
      lint "$tmp/in.cpp" "$(basename "$src"), ${kinds[$k]} at line $line"
    done
  done
done
echo "$runs runs, $crashes crashes, $hangs hangs"
[ "$crashes" -eq 0 ] && [ "$hangs" -eq 0 ]
