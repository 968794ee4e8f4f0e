#!/usr/bin/env bash
# Conformance test for the fake libtorch headers in test_inputs/include.
#
# Usage: tests/conformance.sh <path-to-clang++-19> <repo-root> [<fake-include> [<real-pch>]]
#
# <fake-include> is the GENERATED fake header dir (the build produces it as
# <build>/fake-libtorch/include). Without it, the script generates one into a
# temporary dir with test_inputs/include/regenerate_from_libtorch.py.
#
# Every sample program test_inputs/conformance/*.cpp must compile
# (-fsyntax-only) against BOTH the fake headers (-I <fake-include>, with
# -Wall -Werror) and the real libtorch 1.13 headers, AND the clang AST of every
# declaration of the sample whose name contains `tlconf_` must be identical
# for both header sets (after stripping addresses and source locations): same
# overloads picked, same implicit conversions/temporaries, same types. Every
# test_inputs/conformance/must_fail/*.cpp must be REJECTED by both, and both
# must report a diagnostic at the line marked `// MUST-FAIL-HERE`, or, for
# errors reported inside a header, a diagnostic matching the (grep -E) pattern
# given by a `// MUST-FAIL-MATCH: <pattern>` comment -- so that a file cannot
# "fail" for an unrelated reason (e.g. a missing fake header).
#
# <real-pch> is <torch/torch.h> precompiled with the real headers (the check
# tests' PCH): a real compile of a sample that includes <torch/torch.h> uses
# it, a few times faster; the AST of the sample's own declarations is the same.
#
# Environment:
#   TORCH_REAL_INCLUDE  include dir of the real C++ API
#                       (default /usr/include/torch/csrc/api/include; the
#                       ATen/c10 headers are expected in a default system
#                       include dir such as /usr/include).
#   CONFORMANCE_JOBS    parallel compiler processes (default 2).
#
# Prints one line per file and a final line `N passed, M failed`; exits
# non-zero on any failure.
set -u

if [ $# -lt 2 ] || [ $# -gt 4 ]; then
  echo "usage: $0 <path-to-clang++-19> <repo-root> [<fake-include> [<real-pch>]]" >&2
  exit 2
fi
CXX=$1
ROOT=$(cd "$2" && pwd)
REAL_INC=${TORCH_REAL_INCLUDE:-/usr/include/torch/csrc/api/include}
JOBS=${CONFORMANCE_JOBS:-2}
FAKE_INC=${3:-}
REAL_PCH=${4:-}
SAMPLES_DIR="$ROOT/test_inputs/conformance"

if ! command -v "$CXX" >/dev/null 2>&1; then
  echo "error: compiler '$CXX' not found" >&2
  exit 2
fi
if [ ! -f "$REAL_INC/torch/torch.h" ]; then
  echo "error: real libtorch headers not found ($REAL_INC/torch/torch.h);" \
    "set TORCH_REAL_INCLUDE" >&2
  exit 2
fi

COMMON=(-fsyntax-only -std=c++17)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

if [ -z "$FAKE_INC" ]; then
  FAKE_INC="$WORK/fake-include"
  if ! python3 "$ROOT/test_inputs/include/regenerate_from_libtorch.py" --quiet \
      --out "$FAKE_INC"; then
    echo "error: could not generate the fake headers" >&2
    exit 2
  fi
fi
if [ ! -f "$FAKE_INC/torch/torch.h" ]; then
  echo "error: fake headers not found ($FAKE_INC/torch/torch.h)" >&2
  exit 2
fi
FAKE_INC=$(cd "$FAKE_INC" && pwd)

# compile <out-prefix> <file> <flags...>: writes <out>.ast (stdout),
# <out>.log (diagnostics), <out>.rc and <out>.time (user CPU seconds).
compile() {
  local out=$1 file=$2
  shift 2
  (
    TIMEFORMAT=%U
    time {
      "$CXX" "${COMMON[@]}" "$@" "$file" >"$out.ast" 2>"$out.log"
      echo $? >"$out.rc"
    }
  ) 2>"$out.time"
}

# Normalise an AST dump: drop node addresses and source locations.
normalize_ast() {
  sed -E \
    -e 's/0x[0-9a-f]+//g' \
    -e 's/<<invalid sloc>>//g' \
    -e 's/<[^<>]*(line|col|\.h|\.cpp|scratch space|built-in|, :[0-9])[^<>]*>//g' \
    -e 's/[^ ]+\.(h|cpp|hpp):[0-9]+(:[0-9]+)?//g' \
    -e 's/(line|col):[0-9]+(:[0-9]+)?//g' \
    -e 's/<, :[0-9]+:[0-9]+>//g' \
    -e 's/ +/ /g' \
    -e 's/ +$//' \
    "$1"
}

# Launch all compilations, at most $JOBS at a time.
running=0
launch() {
  if [ "$running" -ge "$JOBS" ]; then
    wait -n
    running=$((running - 1))
  fi
  compile "$@" &
  running=$((running + 1))
}

mapfile -t SAMPLES < <(find "$SAMPLES_DIR" -maxdepth 1 -name '*.cpp' | sort)
mapfile -t MUST_FAIL < <(find "$SAMPLES_DIR/must_fail" -maxdepth 1 -name '*.cpp' 2>/dev/null | sort)

if [ ${#SAMPLES[@]} -eq 0 ]; then
  echo "error: no samples in $SAMPLES_DIR" >&2
  exit 2
fi

# -include-pch for a sample that includes <torch/torch.h> (what the PCH holds).
real_pch_for() {
  [ -n "$REAL_PCH" ] && grep -q '^#include <torch/torch.h>' "$1" && echo "-include-pch $REAL_PCH"
}

AST_FLAGS=(-Xclang -ast-dump -Xclang -ast-dump-filter=tlconf_)
i=0
for f in "${SAMPLES[@]}"; do
  extra=()
  grep -q 'tlconf_' "$f" && extra=("${AST_FLAGS[@]}")
  launch "$WORK/$i.fake" "$f" -Wall -Werror -I "$FAKE_INC" "${extra[@]}"
  launch "$WORK/$i.real" "$f" -I "$REAL_INC" $(real_pch_for "$f") "${extra[@]}"
  i=$((i + 1))
done
for f in "${MUST_FAIL[@]}"; do
  launch "$WORK/$i.fake" "$f" -I "$FAKE_INC"
  launch "$WORK/$i.real" "$f" -I "$REAL_INC"
  i=$((i + 1))
done
wait

passed=0
failed=0
i=0
for f in "${SAMPLES[@]}"; do
  rel=${f#"$ROOT"/}
  frc=$(cat "$WORK/$i.fake.rc") rrc=$(cat "$WORK/$i.real.rc")
  times="user CPU: fake $(cat "$WORK/$i.fake.time")s, real $(cat "$WORK/$i.real.time")s"
  if [ "$frc" -eq 0 ] && [ "$rrc" -eq 0 ]; then
    normalize_ast "$WORK/$i.fake.ast" >"$WORK/$i.fake.nast"
    normalize_ast "$WORK/$i.real.ast" >"$WORK/$i.real.nast"
    if ! grep -q 'tlconf_' "$f"; then
      echo "PASS  $rel (compiles with both; no tlconf_ decls to compare; $times)"
      passed=$((passed + 1))
    elif cmp -s "$WORK/$i.fake.nast" "$WORK/$i.real.nast"; then
      echo "PASS  $rel (compiles with both, identical AST of" \
        "$(grep -c '' "$WORK/$i.real.nast") lines; $times)"
      passed=$((passed + 1))
    else
      echo "FAIL  $rel (compiles with both but the ASTs differ; $times)"
      diff -u "$WORK/$i.real.nast" "$WORK/$i.fake.nast" | head -40 |
        sed 's/^/    /'
      failed=$((failed + 1))
    fi
  else
    echo "FAIL  $rel (fake rc=$frc, real rc=$rrc; $times)"
    [ "$frc" -ne 0 ] && sed 's/^/    fake: /' "$WORK/$i.fake.log" | grep -E 'error|warning' | head -20
    [ "$rrc" -ne 0 ] && sed 's/^/    real: /' "$WORK/$i.real.log" | grep -E 'error' | head -20
    failed=$((failed + 1))
  fi
  i=$((i + 1))
done

for f in "${MUST_FAIL[@]}"; do
  rel=${f#"$ROOT"/}
  line=$(grep -n 'MUST-FAIL-HERE' "$f" | head -1 | cut -d: -f1)
  match=$(grep -o 'MUST-FAIL-MATCH: .*' "$f" | head -1 | sed 's/^MUST-FAIL-MATCH: //')
  if [ -n "$line" ]; then
    expect="$(basename "$f"):$line:"
    where="at line $line"
  else
    expect=$match
    where="with /$match/"
  fi
  frc=$(cat "$WORK/$i.fake.rc") rrc=$(cat "$WORK/$i.real.rc")
  ok=1
  why=""
  if [ -z "$expect" ]; then
    ok=0 why=" no // MUST-FAIL-HERE or // MUST-FAIL-MATCH: marker;"
  fi
  for side in fake real; do
    rc=$(cat "$WORK/$i.$side.rc")
    if [ "$rc" -eq 0 ]; then
      ok=0 why="$why $side header set accepted it;"
    elif [ -n "$expect" ] && ! grep -qE -- "$expect" "$WORK/$i.$side.log"; then
      ok=0 why="$why $side header set failed, but not $where;"
    fi
  done
  if [ "$ok" -eq 1 ]; then
    echo "PASS  $rel (rejected by both $where)"
    passed=$((passed + 1))
  else
    echo "FAIL  $rel (fake rc=$frc, real rc=$rrc:$why)"
    grep -E 'error' "$WORK/$i.fake.log" | head -5 | sed 's/^/    fake: /'
    grep -E 'error' "$WORK/$i.real.log" | head -5 | sed 's/^/    real: /'
    failed=$((failed + 1))
  fi
  i=$((i + 1))
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
