#!/usr/bin/env bash
# Half-typed and broken code, as the editor sees it on every keystroke, never
# crashes or hangs the checks. Each input is perturbed at every STEP-th line
# (each kind of perturbation at its own offset, so together they touch many
# lines): cut off after the line, cut in the middle of it, the line deleted
# (unbalanced braces), doubled, its last character dropped (a lost `;` or
# `{`), its first identifier misspelt, swapped with the next line.
# All variants are linted with every torch-* check in one torchlint-run
# process, which walks the main file's declarations as the editor (clangd)
# does and catches a crash per unit: a third of the time of a torchlint
# process per variant, most of which went to reading the precompiled headers.
# A crash is replayed with torchlint to show its stack; the whole run is
# bounded in time, and on a hang the variant still being linted is named.
# Usage: perturb.sh TORCHLINT_RUN TORCHLINT INCLUDE_DIR PCH STEP INPUT.cpp...
# Environment: PERTURB_RUN_LIMIT (seconds for the whole run, default 60 and 2
# a variant), PERTURB_TIME_LIMIT (the replay of a crash, default 60),
# PERTURB_KEEP (where failing variants are kept, default /tmp).
set -u
run=$1 tl=$2 inc=$(realpath "$3") pch=$(realpath "$4") step=$5; shift 5
per_unit=${PERTURB_TIME_LIMIT:-60}
keep=${PERTURB_KEEP:-/tmp}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/units"

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
mkdir "$tmp/flags"
for src in "$@"; do
  n=$(wc -l <"$src")
  # An input's own `// FLAGS:` (CUDA host code) go with each of its variants.
  extra=$(sed -n 's|^// FLAGS: ||p' "$src" | head -1)
  # Those variants parse their headers without the PCH, at several times the
  # cost: half as many lines.
  every=$step
  [ -n "$extra" ] && every=$((step * 2))
  for k in "${!kinds[@]}"; do
    for ((line = 3 + (k * 5) % every; line < n; line += every)); do
      unit="$(basename "$src" .cpp).${kinds[$k]}-at-line-$line.cpp"
      perturb "${kinds[$k]}" "$line" "$src" "$tmp/units/$unit"
      printf '%s' "$extra" >"$tmp/flags/$unit"
    done
  done
done

flags=(-std=c++17 -isystem "$inc" -include-pch "$pch")
python3 - "$tmp" "${flags[@]}" <<'EOF'
import glob, json, os, sys
tmp, flags = sys.argv[1], sys.argv[2:]
units = sorted(glob.glob(os.path.join(tmp, "units", "*.cpp")))
def arguments(unit):
    extra = open(os.path.join(tmp, "flags", os.path.basename(unit))).read().split()
    own = list(flags)
    if extra:  # the PCH was built without them (C++17, not CUDA): headers parsed
        i = own.index("-include-pch")
        del own[i:i + 2]
    return ["clang++-19"] + own + extra + ["-c", unit]
json.dump([{"directory": tmp, "file": u, "arguments": arguments(u)}
           for u in units], open(os.path.join(tmp, "compile_commands.json"), "w"))
EOF
runs=$(ls "$tmp/units" | wc -l)
limit=${PERTURB_RUN_LIMIT:-$((60 + runs * 2))}
timeout "$limit" "$run" -p "$tmp" -j1 --no-cache --no-preamble --checks='-*,torch-*' \
  --format json --output "$tmp/report.json" >/dev/null 2>"$tmp/progress.txt"
status=$?

crashes=0 hangs=0
if [ $status -eq 124 ]; then
  # -j1 lints in the database's order: the first unit without a progress line hung.
  for unit in "$tmp"/units/*.cpp; do
    grep -qF "] $unit:" "$tmp/progress.txt" && continue
    hangs=1; name=$(basename "$unit")
    echo "HANG (the run passed ${limit}s) on $name (kept in $keep)"
    cp "$unit" "$keep/perturb-hang-$name"
    break
  done
elif [ $status -gt 2 ] || [ ! -s "$tmp/report.json" ]; then
  crashes=1; echo "CRASH of torchlint-run (status $status):"; tail -8 "$tmp/progress.txt"
else
  while read -r unit; do
    [ -n "$unit" ] || continue
    crashes=$((crashes + 1)); name=$(basename "$unit")
    echo "CRASH on $name (kept in $keep):"
    timeout "$per_unit" "$tl" --checks='-*,torch-*' -p "$tmp" "$unit" 2>&1 \
      | grep -v '^ *#[0-9]' | tail -8
    cp "$unit" "$keep/perturb-crash-$name"
  done < <(python3 -c 'import json, sys
for u in json.load(open(sys.argv[1]))["units"]:
    if u["failed"]: print(u["file"])' "$tmp/report.json")
  # The variants must reach the checks: a header or PCH that cannot be read
  # would turn every one into an error and test nothing.
  if python3 -c 'import json, sys
bad = [f["message"] for f in json.load(open(sys.argv[1]))["findings"]
       if f["check"] == "clang-diagnostic-error" and
       (any(w in f["message"] for w in ("precompiled", "PCH", "AST file")) or
        ("file not found" in f["message"] and "torch/" in f["message"]))]
print("\n".join(bad[:3])); sys.exit(1 if bad else 0)' "$tmp/report.json" > "$tmp/setup.txt"; then :; else
    crashes=$((crashes + 1)); echo "SETUP: the variants did not reach the checks:"; cat "$tmp/setup.txt"
  fi
fi
echo "$runs runs, $crashes crashes, $hangs hangs"
[ "$crashes" -eq 0 ] && [ "$hangs" -eq 0 ]
