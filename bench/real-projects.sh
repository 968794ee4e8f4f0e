#!/usr/bin/env bash
# torchlint-run against run-clang-tidy on real public projects, each
# configured by its own CMake (compile database with -DCMAKE_EXPORT_COMPILE_COMMANDS=ON,
# clang++-19, the installed libtorch). Never downloads anything: give it
# checkouts made beforehand (bench/README.md names the repositories, commits
# and the dependencies each needs beside it).
#
#   bench/real-projects.sh [-b BUILD] [-j JOBS] [-r ROUNDS] [-w WORKDIR] CHECKOUT...
#   bench/real-projects.sh -s -w WORKDIR CHECKOUT...   (the figures of WORKDIR's
#       complete rounds again, say of a run stopped early)
#
# ROUNDS rounds, each over every checkout in turn, of:
#   1. run-clang-tidy-19 -j JOBS -load BUILD/lib/libTorchlintPlugin.so -checks='-*,torch-*'
#   2. torchlint-run -j JOBS, cold (an empty cache directory)
#   3. torchlint-run, warm (the same cache, nothing changed)
#   4. torchlint-run after one source file is edited (a comment appended)
#   5. run-clang-tidy-19 on that one file alone
# then, per project: the median wall times, the ratios run-clang-tidy /
# torchlint-run (cold, warm, one edit against the whole run-clang-tidy run, as
# bench/project.sh counts it, and against run-clang-tidy of the edited file
# alone), the preambles torchlint-run built and why (its own report line),
# peak RSS of each run's largest process (/usr/bin/time %M: for
# run-clang-tidy one clang-tidy process, for torchlint-run its one process
# or a clang++ preamble build it waited for), the load average before each
# run, and whether the findings agree (file:line:col + check, every
# warning and error clang-tidy reports with a check name).
#
# torchlint-run runs with --project-callers=false: run-clang-tidy lints each
# file alone, and the comparison is finding for finding.
#
# Recipes, by the checkout's folder name (BENCH_FILTER overrides the filter):
#   pytorch-cpp   prabhuomkar/pytorch-cpp: -DDOWNLOAD_DATASETS=OFF, cxxopts and
#                 stb taken from extern/ (FETCHCONTENT_SOURCE_DIR_*), the
#                 27 units of tutorials/{basics,intermediate,popular/blitz}.
#   *llm*         laplaceliu/build-your-own-llm-using-cpp-and-libtorch:
#                 -DTORCH_ROOT=<libtorch's CMake folder>; every unit.
#   anything else its CMake defaults; every unit.
#
# Exit status: 0 the findings agree everywhere, 3 they differ somewhere,
# 1 a tool failed, 2 usage.
set -u
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
BUILD="$HERE/../build"
JOBS=2
ROUNDS=2
WORK=""
SUMMARIZE=0
while getopts "b:j:r:sw:" opt; do
  case $opt in
    b) BUILD=$OPTARG ;;
    j) JOBS=$OPTARG ;;
    r) ROUNDS=$OPTARG ;;
    s) SUMMARIZE=1 ;;
    w) WORK=$OPTARG ;;
    *) exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[[ $# -ge 1 ]] || { sed -n '2,8p' "$0" >&2; exit 2; }
BUILD=$(cd "$BUILD" && pwd)
RUNNER="$BUILD/bin/torchlint-run"
PLUGIN="$BUILD/lib/libTorchlintPlugin.so"
RCT=$(command -v run-clang-tidy-19 || echo /usr/lib/llvm-19/bin/run-clang-tidy)
TIDY=$(command -v clang-tidy-19 || echo /usr/lib/llvm-19/bin/clang-tidy)
CMAKE=${CMAKE:-cmake}
TIME_BIN=/usr/bin/time
TORCH_CMAKE=${TORCH_CMAKE:-/usr/lib/x86_64-linux-gnu/cmake}
for tool in "$RUNNER" "$PLUGIN" "$RCT" "$TIDY" "$TIME_BIN"; do
  [[ -e $tool ]] || { echo "real-projects.sh: missing $tool" >&2; exit 1; }
done
[[ -n $WORK || $SUMMARIZE == 0 ]] || { echo "real-projects.sh: -s needs -w" >&2; exit 2; }
[[ -n $WORK ]] || WORK=$(mktemp -d "${TMPDIR:-/tmp}/torchlint-real.XXXXXX")
mkdir -p "$WORK"
WORK=$(cd "$WORK" && pwd)

now() { date +%s.%N; }
# timed NAME CMD...: runs CMD, appends "NAME wall rss load rc" to $WORK/$P/times.
timed() {
  local name=$1 load t0 t1 rc=0; shift
  load=$(cut -d' ' -f1 /proc/loadavg)
  t0=$(now)
  "$TIME_BIN" -f '%M' -o "$WORK/$P/$name.rss" "$@" > "$WORK/$P/$name.out" 2> "$WORK/$P/$name.err" || rc=$?
  t1=$(now)
  echo "$name $(python3 -c 'import sys; print(f"{float(sys.argv[2]) - float(sys.argv[1]):.2f}")' "$t0" "$t1") $(tail -n1 "$WORK/$P/$name.rss") $load $rc" >> "$WORK/$P/times"
}

configure() { # checkout build
  local src=$1 out=$2 name; name=$(basename "$src")
  local args=(-G Ninja -DCMAKE_EXPORT_COMPILE_COMMANDS=ON -DCMAKE_CXX_COMPILER=clang++-19
              -DCMAKE_C_COMPILER=clang-19 -DCMAKE_PREFIX_PATH="$TORCH_CMAKE")
  FILTER=${BENCH_FILTER:-}
  case $name in
    pytorch-cpp)
      for dep in cxxopts stb_image stb_image_write stb_image_resize2; do
        [[ -e $src/extern/$dep ]] || { echo "real-projects.sh: $src/extern/$dep missing (bench/README.md)" >&2; return 1; }
        args+=("-DFETCHCONTENT_SOURCE_DIR_EXTERN_${dep^^}=$src/extern/$dep")
      done
      args+=(-DDOWNLOAD_DATASETS=OFF)
      FILTER=${FILTER:-"/tutorials/(basics|intermediate|popular/blitz)/"} ;;
    *llm*) args+=(-DTORCH_ROOT="$TORCH_CMAKE") ;;
  esac
  FILTER=${FILTER:-"$src/"}
  "$CMAKE" -S "$src" -B "$out" "${args[@]}" > "$out.cmake.log" 2>&1 ||
    { echo "real-projects.sh: cmake failed for $src:" >&2; tail -20 "$out.cmake.log" >&2; return 1; }
}

# summarize DIR CHECKOUT: the figures of DIR's complete rounds.
summarize() {
  python3 - "$1" "$2" <<'EOF'
import os, re, statistics, sys
work, root = sys.argv[1], sys.argv[2]
runs = {}
for line in open(os.path.join(work, "times")):
    name, wall, rss, load, rc = line.split()
    runs[name] = dict(wall=float(wall), rss=int(rss) if rss.isdigit() else 0, load=load, rc=int(rc))
# The rounds that ran to their end (a run stopped early keeps those).
rounds = 0
while f"rct1.{rounds + 1}" in runs:
    rounds += 1
if rounds == 0:
    print("  no complete round")
    sys.exit(1)
print(f"  {rounds} complete round{'s' if rounds > 1 else ''}")
pattern = re.compile(r"^(/[^ :]+):(\d+):(\d+): (warning|error): .* \[([^\]]+)\]$")
def findings(name):
    found = set()
    for stream in ("out", "err"):
        for line in open(os.path.join(work, f"{name}.{stream}"), errors="replace"):
            m = pattern.match(line.rstrip("\n"))
            if m:
                found.add((os.path.relpath(os.path.normpath(m.group(1)), root),
                           int(m.group(2)), int(m.group(3)), m.group(5)))
    return found
def med(kind):
    return statistics.median(runs[f"{kind}.{r}"]["wall"] for r in range(1, rounds + 1))
def walls(kind):
    return " ".join(f"{runs[f'{kind}.{r}']['wall']:.2f}" for r in range(1, rounds + 1))
def rss(kind):
    return max(runs[f"{kind}.{r}"]["rss"] for r in range(1, rounds + 1)) / 1024
# 1: findings (torchlint-run), or a unit with compiler errors (run-clang-tidy).
failed = [n for n, v in runs.items() if v["rc"] > 1]
for kind, label in (("rct", "run-clang-tidy-19 + plugin"), ("cold", "torchlint-run cold"),
                    ("warm", "torchlint-run warm"), ("edit", "torchlint-run, one file edited"),
                    ("rct1", "run-clang-tidy-19, the edited file alone")):
    print(f"  {label:<42} median {med(kind):8.2f} s  ({walls(kind)})  peak RSS {rss(kind):7.0f} MiB")
print(f"  ratios: cold {med('rct') / med('cold'):.1f}x, warm {med('rct') / med('warm'):.0f}x, "
      f"one edit {med('rct') / med('edit'):.0f}x (against the edited file alone: "
      f"{med('rct1') / med('edit'):.1f}x)")
print("  load average before each run: " + " ".join(
    f"{n}={v['load']}" for n, v in sorted(runs.items())))
for r in range(1, rounds + 1):
    for line in open(os.path.join(work, f"cold.{r}.err"), errors="replace"):
        if "shared preamble" in line:
            print(f"  round {r}: {line.strip()}")
            break
    else:
        print(f"  round {r}: no shared preamble")
reference = findings("rct.1")
agree = True
for r in range(1, rounds + 1):
    for kind in ("rct", "cold", "warm", "edit"):
        if findings(f"{kind}.{r}") != reference:
            agree = False
            print(f"  FINDINGS DIFFER: {kind}.{r}: only there "
                  f"{sorted(findings(f'{kind}.{r}') - reference)[:5]}, missing "
                  f"{sorted(reference - findings(f'{kind}.{r}'))[:5]}")
print(f"  findings: {len(reference)} distinct (file:line:col check), "
      f"{'identical in every run' if agree else 'NOT identical'}")
if failed:
    shown = ", ".join(n + "=" + str(runs[n]["rc"]) for n in failed)
    print(f"  FAILED runs (exit status): {shown}")
sys.exit(1 if failed else (0 if agree else 3))
EOF
}

STATUS=0
if [[ $SUMMARIZE == 1 ]]; then
  for CHECKOUT in "$@"; do
    CHECKOUT=$(cd "$CHECKOUT" && pwd)
    echo "== $(basename "$CHECKOUT")"
    summarize "$WORK/$(basename "$CHECKOUT")" "$CHECKOUT" || STATUS=$?
  done
  exit "$STATUS"
fi
SUMMARY="$WORK/summary.txt"
: > "$SUMMARY"
echo "real-projects.sh: $ROUNDS rounds, -j $JOBS, $(nproc) cores, build $BUILD, $(date -u +%Y-%m-%dT%H:%MZ)" | tee -a "$SUMMARY"
# Configure every project first; then the rounds, each over every project,
# so that a run stopped early still has whole rounds of each.
declare -A CDB_OF FILTER_OF EDIT_OF
PROJECTS=()
for CHECKOUT in "$@"; do
  CHECKOUT=$(cd "$CHECKOUT" && pwd)
  P=$(basename "$CHECKOUT")
  mkdir -p "$WORK/$P"
  : > "$WORK/$P/times"
  configure "$CHECKOUT" "$WORK/$P/build" || { STATUS=1; continue; }
  # The units, and the one file edited: the first of them.
  mapfile -t FILES < <(python3 - "$WORK/$P/build/compile_commands.json" "$FILTER" <<'EOF'
import json, os, re, sys
entries, pattern = json.load(open(sys.argv[1])), re.compile(sys.argv[2])
seen = []
for e in entries:
    f = os.path.normpath(os.path.join(e["directory"], e["file"]))
    if pattern.search(f) and f not in seen:
        seen.append(f)
print("\n".join(seen))
EOF
)
  [[ ${#FILES[@]} -gt 0 ]] || { echo "real-projects.sh: no unit of $P matches $FILTER" >&2; STATUS=1; continue; }
  CDB_OF[$CHECKOUT]="$WORK/$P/build"
  FILTER_OF[$CHECKOUT]=$FILTER
  EDIT_OF[$CHECKOUT]=${FILES[0]}
  cp "${FILES[0]}" "$WORK/$P/edited.orig"
  PROJECTS+=("$CHECKOUT")
  echo "== $P: ${#FILES[@]} units ($FILTER), edited: ${FILES[0]#"$CHECKOUT"/}" | tee -a "$SUMMARY"
done
for r in $(seq 1 "$ROUNDS"); do
  for CHECKOUT in "${PROJECTS[@]}"; do
    P=$(basename "$CHECKOUT")
    CDB=${CDB_OF[$CHECKOUT]} FILTER=${FILTER_OF[$CHECKOUT]} EDIT=${EDIT_OF[$CHECKOUT]}
    echo "  round $r/$ROUNDS: $P ..." >&2
    tl=("$RUNNER" -p "$CDB" -j "$JOBS" --checks='-*,torch-*' --project-callers=false "$FILTER")
    rct=("$RCT" -p "$CDB" -j "$JOBS" -clang-tidy-binary "$TIDY" -load "$PLUGIN"
         -checks='-*,torch-*' -quiet)
    timed "rct.$r" "${rct[@]}" "$FILTER"
    rm -rf "$WORK/$P/cache"
    timed "cold.$r" "${tl[@]}" --cache-dir "$WORK/$P/cache"
    timed "warm.$r" "${tl[@]}" --cache-dir "$WORK/$P/cache"
    echo "// torchlint bench edit" >> "$EDIT"
    timed "edit.$r" "${tl[@]}" --cache-dir "$WORK/$P/cache"
    timed "rct1.$r" "${rct[@]}" "^$(printf '%s' "$EDIT" | sed 's/[][\.*^$+?(){}|]/\\&/g')\$"
    cp "$WORK/$P/edited.orig" "$EDIT"
  done
done
for CHECKOUT in "${PROJECTS[@]}"; do
  echo "== $(basename "$CHECKOUT")" | tee -a "$SUMMARY"
  summarize "$WORK/$(basename "$CHECKOUT")" "$CHECKOUT" | tee -a "$SUMMARY"
  rc=${PIPESTATUS[0]}
  [[ $rc -gt $STATUS ]] && STATUS=$rc
done
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg); records in $WORK" | tee -a "$SUMMARY"
exit "$STATUS"
