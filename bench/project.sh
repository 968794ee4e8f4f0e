#!/usr/bin/env bash
# Benchmark: torchlint on a whole project (bench/project/, 22 translation units
# that include <torch/torch.h>), against the compiler alone and against the
# stock run-clang-tidy-19 driving clang-tidy-19 with torchlint's plugin.
#
# Usage: bench/project.sh [BUILD]   (torchlint build dir, default: build)
#
# Measured in one run, on a copy of bench/project in a temporary directory
# (the tree in git is never touched; the copy's compile database is written by
# bench/project/make-compdb.sh, no cmake involved):
#   1. compiler floor: clang++-19 -fsyntax-only over every TU (xargs -P JOBS)
#   2. run-clang-tidy-19 -j JOBS with BUILD/lib/libTorchlintPlugin.so, -checks='-*,torch-*'
#   3. BUILD/bin/torchlint-run, cold (fresh --cache-dir)
#   4. torchlint-run again, warm (same cache dir)
#   5. torchlint-run after appending a comment line to one file of the copy
#   6. peak RSS (/usr/bin/time -f %M): one clang++ TU, one clang-tidy TU, and
#      torchlint-run's whole cold run
# then the ratios run-clang-tidy / torchlint-run, and the findings of
# run-clang-tidy compared with those of torchlint-run's JSON report.
# Steps 3-5 are skipped (with "torchlint-run not built") when
# BUILD/bin/torchlint-run does not exist.
#
# Environment:
#   BENCH_JOBS       parallel jobs for every step (default 2)
#   BENCH_EDIT_FILE  file of the project edited in step 5 (default src/metrics.cpp)
#   BENCH_RSS_FILE   TU measured in step 6 (default src/trainer.cpp)
#   BENCH_KEEP=1     keep the temporary directory (its path is printed)
#   CXX, CLANG_TIDY, RUN_CLANG_TIDY, TORCH_INCLUDE  the tools and libtorch's API headers
#
# Not a ctest test: timings depend on the machine and its load.
# Exit status: 0 done (whatever the timings), 1 a step failed, 2 bad setup,
# 3 torchlint-run's findings differ from run-clang-tidy's.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_ARG="${1:-build}"
if [[ -d "$BUILD_ARG" ]]; then
  BUILD="$(cd "$BUILD_ARG" && pwd)"
elif [[ -d "$ROOT/$BUILD_ARG" ]]; then
  BUILD="$(cd "$ROOT/$BUILD_ARG" && pwd)"
else
  echo "project.sh: no build directory '$BUILD_ARG'" >&2
  exit 2
fi

JOBS="${BENCH_JOBS:-2}"
EDIT_FILE="${BENCH_EDIT_FILE:-src/metrics.cpp}"
RSS_FILE="${BENCH_RSS_FILE:-src/trainer.cpp}"
CXX="${CXX:-clang++-19}"
CLANG_TIDY="${CLANG_TIDY:-clang-tidy-19}"
TORCH_INCLUDE="${TORCH_INCLUDE:-/usr/include/torch/csrc/api/include}"
PLUGIN="$BUILD/lib/libTorchlintPlugin.so"
RUNNER="$BUILD/bin/torchlint-run"
TIME_BIN=/usr/bin/time

if [[ -z "${RUN_CLANG_TIDY:-}" ]]; then
  if command -v run-clang-tidy-19 >/dev/null 2>&1; then
    RUN_CLANG_TIDY="$(command -v run-clang-tidy-19)"
  elif [[ -x /usr/lib/llvm-19/bin/run-clang-tidy ]]; then
    RUN_CLANG_TIDY=/usr/lib/llvm-19/bin/run-clang-tidy
  else
    RUN_CLANG_TIDY=""
  fi
fi

for tool in "$CXX" "$CLANG_TIDY" python3; do
  command -v "$tool" >/dev/null 2>&1 || { echo "project.sh: '$tool' not found" >&2; exit 2; }
done
[[ -n "$RUN_CLANG_TIDY" ]] || { echo "project.sh: run-clang-tidy-19 not found" >&2; exit 2; }
[[ -f "$PLUGIN" ]] || { echo "project.sh: $PLUGIN not built" >&2; exit 2; }
HAVE_TIME=1
if ! command -v "$TIME_BIN" >/dev/null 2>&1; then
  HAVE_TIME=0
  echo "note: $TIME_BIN missing (Debian package 'time'); peak RSS not measured" >&2
fi
HAVE_RUNNER=1
[[ -x "$RUNNER" ]] || HAVE_RUNNER=0

WORK="$(mktemp -d "${TMPDIR:-/tmp}/torchlint-project-bench.XXXXXX")"
if [[ "${BENCH_KEEP:-0}" == 1 ]]; then
  echo "keeping $WORK"
else
  trap 'rm -rf "$WORK"' EXIT
fi

# The copy the whole benchmark runs on (without any build output of the tree).
PROJECT="$WORK/project"
mkdir -p "$PROJECT"
(cd "$ROOT/bench/project" && tar cf - --exclude=./build .) | (cd "$PROJECT" && tar xf -)
CDB="$WORK/cdb"
bash "$PROJECT/make-compdb.sh" "$CDB" >/dev/null
mapfile -t FILES < <(python3 -c '
import json, sys
for e in json.load(open(sys.argv[1])):
    print(e["file"])' "$CDB/compile_commands.json")
[[ -f "$PROJECT/$EDIT_FILE" ]] || { echo "project.sh: no $EDIT_FILE in the project" >&2; exit 2; }
[[ -f "$PROJECT/$RSS_FILE" ]] || { echo "project.sh: no $RSS_FILE in the project" >&2; exit 2; }
CXXFLAGS=(-std=c++17 -fsyntax-only -isystem "$TORCH_INCLUDE" "-I$PROJECT/include")

now() { date +%s.%N; }
elapsed() { python3 -c 'import sys; print(f"{float(sys.argv[2]) - float(sys.argv[1]):.2f}")' "$1" "$2"; }

echo "torchlint project benchmark: ${#FILES[@]} translation units, -j $JOBS, $(nproc) cores," \
  "load average $(cut -d' ' -f1-3 /proc/loadavg), $(date -u +%Y-%m-%dT%H:%MZ)"
echo "build: $BUILD"

# 1. Compiler floor.
echo "[1/6] clang++ -fsyntax-only ..." >&2
t0=$(now)
if ! printf '%s\0' "${FILES[@]}" |
    xargs -0 -P "$JOBS" -n 1 "$CXX" "${CXXFLAGS[@]}" >"$WORK/compile.txt" 2>&1; then
  echo "project.sh: the project does not compile:" >&2
  grep -E 'error' "$WORK/compile.txt" | head -20 >&2
  exit 1
fi
t1=$(now)
T_COMPILE=$(elapsed "$t0" "$t1")

# 2. Stock run-clang-tidy with the plugin.
echo "[2/6] run-clang-tidy ..." >&2
t0=$(now)
rct_rc=0
"$RUN_CLANG_TIDY" -j "$JOBS" -p "$CDB" -clang-tidy-binary "$(command -v "$CLANG_TIDY")" \
  -load "$PLUGIN" -checks='-*,torch-*' -quiet >"$WORK/run-clang-tidy.txt" 2>&1 || rct_rc=$?
t1=$(now)
T_RCT=$(elapsed "$t0" "$t1")
if [[ $rct_rc -ne 0 ]]; then
  echo "project.sh: run-clang-tidy exited with $rct_rc:" >&2
  grep -E 'error|terminated' "$WORK/run-clang-tidy.txt" | head -20 >&2
  exit 1
fi

# 3-5. torchlint-run cold, warm, and after one edited file.
run_torchlint() { # name
  local name="$1" rc=0 t0 t1
  t0=$(now)
  if [[ $HAVE_TIME == 1 ]]; then
    "$TIME_BIN" -f '%M' -o "$WORK/$name.rss" \
      "$RUNNER" -p "$CDB" -j "$JOBS" --cache-dir "$WORK/cache" --format json \
      --output "$WORK/$name.json" >"$WORK/$name.log" 2>&1 || rc=$?
  else
    "$RUNNER" -p "$CDB" -j "$JOBS" --cache-dir "$WORK/cache" --format json \
      --output "$WORK/$name.json" >"$WORK/$name.log" 2>&1 || rc=$?
  fi
  t1=$(now)
  # Exit status 1 may just mean "findings reported"; anything else is a failure.
  if [[ $rc -gt 1 || ! -s "$WORK/$name.json" ]]; then
    echo "project.sh: torchlint-run ($name) failed with exit status $rc:" >&2
    tail -20 "$WORK/$name.log" >&2
    exit 1
  fi
  elapsed "$t0" "$t1"
}

if [[ $HAVE_RUNNER == 1 ]]; then
  echo "[3/6] torchlint-run cold ..." >&2
  T_COLD=$(run_torchlint cold)
  echo "[4/6] torchlint-run warm ..." >&2
  T_WARM=$(run_torchlint warm)
  echo "[5/6] torchlint-run after editing $EDIT_FILE ..." >&2
  echo "// bench edit $(date +%s.%N)" >>"$PROJECT/$EDIT_FILE"
  T_CHANGED=$(run_torchlint changed)
else
  echo "torchlint-run not built ($RUNNER): steps 3-5 skipped" >&2
fi

# 6. Peak RSS of single processes.
RSS_CLANG="n/a"
RSS_TIDY="n/a"
RSS_RUNNER="n/a"
if [[ $HAVE_TIME == 1 ]]; then
  echo "[6/6] peak RSS ..." >&2
  "$TIME_BIN" -f '%M' -o "$WORK/clang.rss" "$CXX" "${CXXFLAGS[@]}" "$PROJECT/$RSS_FILE" \
    >/dev/null 2>&1 || { echo "project.sh: clang++ failed on $RSS_FILE" >&2; exit 1; }
  "$TIME_BIN" -f '%M' -o "$WORK/tidy.rss" "$CLANG_TIDY" -load "$PLUGIN" -checks='-*,torch-*' \
    -quiet -p "$CDB" "$PROJECT/$RSS_FILE" >/dev/null 2>&1 ||
    { echo "project.sh: clang-tidy failed on $RSS_FILE" >&2; exit 1; }
  RSS_CLANG=$(tail -n 1 "$WORK/clang.rss")
  RSS_TIDY=$(tail -n 1 "$WORK/tidy.rss")
  [[ $HAVE_RUNNER == 1 ]] && RSS_RUNNER=$(tail -n 1 "$WORK/cold.rss")
fi

echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg) (other work on the machine skews every time)"

# The table, the ratios and the findings comparison.
python3 - "$WORK" "$PROJECT" "$HAVE_RUNNER" "$JOBS" "$EDIT_FILE" "$RSS_FILE" \
  "$T_COMPILE" "$T_RCT" "${T_COLD:-}" "${T_WARM:-}" "${T_CHANGED:-}" \
  "$RSS_CLANG" "$RSS_TIDY" "$RSS_RUNNER" <<'PY'
import json, os, re, sys

(work, project, have_runner, jobs, edit_file, rss_file, t_compile, t_rct, t_cold, t_warm,
 t_changed, rss_clang, rss_tidy, rss_runner) = sys.argv[1:]
have_runner = have_runner == "1"

def rel(path):
    path = os.path.normpath(path if os.path.isabs(path) else os.path.join(project, path))
    return os.path.relpath(path, project) if path.startswith(project + os.sep) else path

# clang-tidy's diagnostics: "file:line:col: warning: message [check]".
pattern = re.compile(r"^(.+?):(\d+):(\d+): warning: (.*) \[([^\]]+)\]$")
rct = []
with open(os.path.join(work, "run-clang-tidy.txt"), errors="replace") as f:
    for line in f:
        m = pattern.match(line.rstrip("\n"))
        if m and m.group(5).startswith("torch-"):
            rct.append((rel(m.group(1)), int(m.group(2)), int(m.group(3)), m.group(5)))
rct_unique = sorted(set(rct))

def findings(name):
    with open(os.path.join(work, name + ".json")) as f:
        report = json.load(f)
    return [(rel(x["file"]), int(x["line"]), int(x["column"]), x["check"])
            for x in report.get("findings", [])]

def row(step, seconds, notes=""):
    print(f"| {step:<52} | {seconds:>8} | {notes}")

print()
print(f"| {'step':<52} | {'wall s':>8} | notes")
print(f"|{'-' * 54}|{'-' * 10}|------")
row(f"1. compiler floor: clang++-19 -fsyntax-only, -P {jobs}", t_compile)
row(f"2. run-clang-tidy-19 -j {jobs} + libTorchlintPlugin.so", t_rct,
    f"{len(rct)} warnings ({len(rct_unique)} distinct)")
cold = warm = changed = None
if have_runner:
    cold, warm, changed = findings("cold"), findings("warm"), findings("changed")
    row(f"3. torchlint-run -j {jobs}, cold cache", t_cold, f"{len(cold)} findings")
    row(f"4. torchlint-run -j {jobs}, warm cache", t_warm, f"{len(warm)} findings")
    row(f"5. torchlint-run -j {jobs}, {edit_file} edited", t_changed, f"{len(changed)} findings")
else:
    for step in ("3. torchlint-run, cold cache", "4. torchlint-run, warm cache",
                 "5. torchlint-run, one file edited"):
        row(step, "-", "torchlint-run not built")

print()
def ratio(a, b):
    try:
        return f"{float(a) / float(b):.2f}x"
    except (ValueError, ZeroDivisionError):
        return "n/a"
print(f"check overhead over the compiler: run-clang-tidy / compiler floor = {ratio(t_rct, t_compile)}")
if have_runner:
    print(f"run-clang-tidy / torchlint-run cold        = {ratio(t_rct, t_cold)}")
    print(f"run-clang-tidy / torchlint-run warm        = {ratio(t_rct, t_warm)}")
    print(f"run-clang-tidy / torchlint-run one changed = {ratio(t_rct, t_changed)}")

print()
print(f"peak RSS, KiB (/usr/bin/time %M): clang++ {rss_file}: {rss_clang}; "
      f"clang-tidy + plugin {rss_file}: {rss_tidy}; torchlint-run cold, whole run: {rss_runner}")
if have_runner and rss_runner != "n/a":
    print("  (torchlint-run's figure is the largest RSS of its process and the children it "
          "waited for, not their sum)")

print()
if not have_runner:
    print(f"findings: run-clang-tidy {len(rct)}; torchlint-run not built")
    sys.exit(0)
print(f"findings: run-clang-tidy {len(rct)} ({len(rct_unique)} distinct), "
      f"torchlint-run cold {len(cold)}, warm {len(warm)}, one changed {len(changed)}")
status = 0
def compare(label, ours):
    global status
    a, b = set(rct_unique), set(ours)
    if a == b and len(ours) == len(rct_unique):
        print(f"  {label}: same findings as run-clang-tidy")
        return
    status = 3
    print(f"  {label}: DIFFERS from run-clang-tidy")
    for item in sorted(a - b)[:20]:
        print(f"    only run-clang-tidy: {item[0]}:{item[1]}:{item[2]} [{item[3]}]")
    for item in sorted(b - a)[:20]:
        print(f"    only torchlint-run:  {item[0]}:{item[1]}:{item[2]} [{item[3]}]")
    if len(ours) != len(set(ours)):
        print(f"    torchlint-run reports {len(ours) - len(set(ours))} duplicate(s)")
compare("cold", cold)
compare("warm", warm)
# The edit appends a line, so no finding moves.
compare("one changed", changed)
sys.exit(status)
PY
