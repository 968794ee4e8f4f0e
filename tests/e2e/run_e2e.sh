#!/usr/bin/env bash
# End-to-end tests of the three ways torchlint is delivered. One subcommand per test,
# so that each can be registered as its own ctest test:
#
#   run_e2e.sh plugin <clang-tidy-19> <libTorchlintPlugin.so> <input.cpp> <include-dir>
#       stock clang-tidy --load=<plugin>: --list-checks shows torch-*, and the input
#       gets the expected warning.
#   run_e2e.sh fix    <torchlint> <input.cpp> <include-dir>
#       torchlint --fix on a temp copy: the copy changes as expected, and a second
#       run on the fixed copy reports nothing (idempotence).
#   run_e2e.sh ci     <torchlint> <input.cpp> <include-dir>
#       CI features: --warnings-as-errors makes the exit status non-zero,
#       --export-fixes writes a YAML that clang-apply-replacements-19 applies,
#       and NOLINT(<check>) suppresses the warning.
#   run_e2e.sh lsp    <torchlint-clangd> <input.cpp> <include-dir>
#       real LSP session (lsp_session.py) with a .clangd that adds the check and sets
#       FastCheckFilter: Loose: the diagnostic arrives and its quick fix is offered.
#   run_e2e.sh lsp-noconfig <torchlint-clangd> <input.cpp> <include-dir>
#       same, but the workspace has only a .clang-tidy (`Checks: -*,<check>`) and no
#       clangd config at all. Passes only if torchlint-clangd treats torch-* checks as
#       fast (see docs/user-guide.md, "FastCheckFilter"); stock clangd drops them.
#   run_e2e.sh lsp-shared-preamble <torchlint-clangd> <input.cpp> <include-dir>
#       the editor's libtorch preamble: a session builds it into TORCHLINT_CACHE_DIR,
#       the next one reads it (its own preamble is then a small fraction of the one
#       built with TORCHLINT_CACHE_DIR=none), a changed libtorch header rebuilds it,
#       and every session gets the diagnostic and its quick fix.
#
# Every subcommand prints PASS:/FAIL: lines and exits 0 only if all its steps passed
# (77 = skipped, e.g. a binary is missing; register with SKIP_RETURN_CODE 77).
#
# Tunables (environment):
#   E2E_CHECK          check name              (default torch-factory-without-device)
#   E2E_FIX_SUBSTRING  text the fix inserts    (default "device(")
#   E2E_FIXED_TEXT     text the fixed file must contain
#                      (default "torch::ones({3}, torch::device(x.device()))")
#   E2E_CXXFLAGS       extra compile flags     (default "-std=c++17")
#   E2E_LSP_TIMEOUT    seconds for the LSP test (default 180)
#   CLANG_APPLY_REPLACEMENTS  (default clang-apply-replacements-19)
set -u

E2E_CHECK=${E2E_CHECK:-torch-factory-without-device}
E2E_FIX_SUBSTRING=${E2E_FIX_SUBSTRING:-device(}
E2E_FIXED_TEXT=${E2E_FIXED_TEXT:-"torch::ones({3}, torch::device(x.device()))"}
E2E_CXXFLAGS=${E2E_CXXFLAGS:--std=c++17}
E2E_LSP_TIMEOUT=${E2E_LSP_TIMEOUT:-180}
CLANG_APPLY_REPLACEMENTS=${CLANG_APPLY_REPLACEMENTS:-clang-apply-replacements-19}
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
PY=${PYTHON:-python3}

FAILS=0
TMP=""
pass() { echo "PASS: $*"; }
fail() { echo "FAIL: $*"; FAILS=$((FAILS + 1)); }
skip() { echo "SKIP: $*"; exit 77; }
usage() { sed -n '2,40p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 2; }
cleanup() { [ -n "$TMP" ] && rm -rf "$TMP"; }
trap cleanup EXIT
mktmp() { TMP=$(mktemp -d "${TMPDIR:-/tmp}/torchlint-e2e.XXXXXX"); }
# Show a command's output indented, for the log of a failing test.
show() { sed 's/^/    | /' "$1" | tail -n "${2:-40}"; }
need_exe() { command -v "$1" >/dev/null 2>&1 || [ -x "$1" ] || skip "$2 not found: $1"; }
need_file() { [ -f "$1" ] || skip "$2 not found: $1"; }
need_dir() { [ -d "$1" ] || skip "$2 not found: $1"; }
finish() {
  if [ "$FAILS" -eq 0 ]; then echo "PASS: $1 (all steps)"; exit 0; fi
  echo "FAIL: $1 ($FAILS step(s) failed)"; exit 1
}
# compile flags as an array: E2E_CXXFLAGS (word-split on purpose) + -I<include-dir>
cflags() { CFLAGS=(); for f in $E2E_CXXFLAGS; do CFLAGS+=("$f"); done; CFLAGS+=("-I$(cd "$1" && pwd)"); }
warning_re() { echo "warning: .*\\[$E2E_CHECK(,[^]]*)?\\]"; }

cmd_plugin() {
  [ $# -eq 4 ] || usage
  local tidy=$1 plugin=$2 input=$3 inc=$4
  need_exe "$tidy" "clang-tidy"; need_file "$plugin" "plugin"; need_file "$input" "input"
  need_dir "$inc" "include dir"
  plugin=$(cd "$(dirname "$plugin")" && pwd)/$(basename "$plugin")
  mktmp; cflags "$inc"
  if "$tidy" --load="$plugin" --checks='-*,torch-*' --list-checks >"$TMP/list.txt" 2>&1 &&
     grep -Eq "^[[:space:]]+$E2E_CHECK\$" "$TMP/list.txt"; then
    pass "plugin: --list-checks shows $E2E_CHECK ($(grep -Ec '^[[:space:]]+torch-' "$TMP/list.txt") torch-* check(s))"
  else
    fail "plugin: --list-checks does not show $E2E_CHECK"; show "$TMP/list.txt"
  fi
  cp "$input" "$TMP/"
  local copy="$TMP/$(basename "$input")"
  "$tidy" --load="$plugin" --checks='-*,torch-*' "$copy" -- "${CFLAGS[@]}" >"$TMP/run.txt" 2>&1
  local rc=$?
  if grep -Eq "$(warning_re)" "$TMP/run.txt"; then
    pass "plugin: warning [$E2E_CHECK] reported (exit $rc)"
  else
    fail "plugin: no warning [$E2E_CHECK] (exit $rc)"; show "$TMP/run.txt"
  fi
  if grep -q "error:" "$TMP/run.txt"; then
    fail "plugin: compile errors in the input"; grep "error:" "$TMP/run.txt" | head -5
  fi
  finish plugin
}

cmd_fix() {
  [ $# -eq 3 ] || usage
  local tl=$1 input=$2 inc=$3
  need_exe "$tl" "torchlint"; need_file "$input" "input"; need_dir "$inc" "include dir"
  mktmp; cflags "$inc"
  cp "$input" "$TMP/"
  local copy="$TMP/$(basename "$input")"
  "$tl" --fix --checks='-*,torch-*' "$copy" -- "${CFLAGS[@]}" >"$TMP/fix1.txt" 2>&1
  local rc=$?
  if [ $rc -ne 0 ]; then fail "fix: torchlint --fix exited $rc"; show "$TMP/fix1.txt"; fi
  if grep -Eq "$(warning_re)" "$TMP/fix1.txt" && grep -Eq "applied [0-9]+ of [0-9]+ suggested fix" "$TMP/fix1.txt"; then
    pass "fix: warning reported and fix applied"
  elif grep -Eq "$(warning_re)" "$TMP/fix1.txt"; then
    pass "fix: warning reported"
  else
    fail "fix: no warning [$E2E_CHECK] on the first run"; show "$TMP/fix1.txt"
  fi
  if cmp -s "$input" "$copy"; then
    fail "fix: the file was not changed"
  elif grep -qF -- "$E2E_FIXED_TEXT" "$copy"; then
    pass "fix: file now contains '$E2E_FIXED_TEXT'"
  else
    fail "fix: changed file lacks '$E2E_FIXED_TEXT'"; diff -u "$input" "$copy" | sed 's/^/    | /'
  fi
  if ! diff -u "$input" "$copy" >"$TMP/diff.txt"; then
    local changed
    changed=$(grep -c '^[-+][^-+]' "$TMP/diff.txt")
    if [ "$changed" -le 2 ]; then pass "fix: diff touches one line"; else
      fail "fix: diff changed $changed lines (expected 1 removed + 1 added)"; show "$TMP/diff.txt"; fi
  fi
  cp "$copy" "$TMP/after-first-fix.cpp"
  "$tl" --fix --checks='-*,torch-*' "$copy" -- "${CFLAGS[@]}" >"$TMP/fix2.txt" 2>&1
  rc=$?
  if [ $rc -eq 0 ] && ! grep -Eq "warning: .*\\[torch-" "$TMP/fix2.txt" &&
     cmp -s "$copy" "$TMP/after-first-fix.cpp"; then
    pass "fix: second run reports nothing and changes nothing (idempotent)"
  else
    fail "fix: second run not clean (exit $rc)"; show "$TMP/fix2.txt"
    diff -u "$TMP/after-first-fix.cpp" "$copy" | sed 's/^/    | /'
  fi
  if grep -q "error:" "$TMP/fix1.txt" "$TMP/fix2.txt"; then
    fail "fix: compile errors"; grep -h "error:" "$TMP/fix1.txt" "$TMP/fix2.txt" | head -5
  fi
  finish fix
}

cmd_ci() {
  [ $# -eq 3 ] || usage
  local tl=$1 input=$2 inc=$3
  need_exe "$tl" "torchlint"; need_file "$input" "input"; need_dir "$inc" "include dir"
  mktmp; cflags "$inc"
  mkdir -p "$TMP/src"
  cp "$input" "$TMP/src/"
  local copy="$TMP/src/$(basename "$input")"
  # A compile_commands.json, as CI would have it (-p <build dir>).
  "$PY" - "$TMP" "$copy" "${CFLAGS[@]}" <<'EOF'
import json, sys
tmp, src, flags = sys.argv[1], sys.argv[2], sys.argv[3:]
json.dump([{"directory": tmp + "/src", "file": src,
            "arguments": ["clang++", *flags, "-c", src, "-o", "/dev/null"]}],
          open(tmp + "/compile_commands.json", "w"), indent=1)
EOF
  # 1. --warnings-as-errors turns the finding into a failing exit status.
  "$tl" -p "$TMP" --checks='-*,torch-*' --warnings-as-errors='torch-*' \
      --export-fixes="$TMP/fixes.yaml" "$copy" >"$TMP/ci.txt" 2>&1
  local rc=$?
  if [ $rc -ne 0 ] && grep -Eq "error: .*\\[$E2E_CHECK,-warnings-as-errors\\]" "$TMP/ci.txt"; then
    pass "ci: -p + --warnings-as-errors reports an error and exits $rc"
  else
    fail "ci: expected non-zero exit and [$E2E_CHECK,-warnings-as-errors] (exit $rc)"; show "$TMP/ci.txt"
  fi
  # 2. --export-fixes YAML names the check and carries the replacement.
  if [ -s "$TMP/fixes.yaml" ] && grep -q "DiagnosticName: *$E2E_CHECK" "$TMP/fixes.yaml" &&
     grep "ReplacementText:" "$TMP/fixes.yaml" | grep -qF -- "$E2E_FIX_SUBSTRING"; then
    pass "ci: --export-fixes YAML has DiagnosticName $E2E_CHECK and its replacement"
  else
    fail "ci: --export-fixes YAML incomplete"; [ -f "$TMP/fixes.yaml" ] && show "$TMP/fixes.yaml"
  fi
  # 3. clang-apply-replacements applies the exported fixes.
  if command -v "$CLANG_APPLY_REPLACEMENTS" >/dev/null 2>&1; then
    mkdir -p "$TMP/fixes" && cp "$TMP/fixes.yaml" "$TMP/fixes/"
    if "$CLANG_APPLY_REPLACEMENTS" "$TMP/fixes" >"$TMP/car.txt" 2>&1 &&
       grep -qF -- "$E2E_FIXED_TEXT" "$copy"; then
      pass "ci: $CLANG_APPLY_REPLACEMENTS applied the exported fix"
    else
      fail "ci: $CLANG_APPLY_REPLACEMENTS did not produce '$E2E_FIXED_TEXT'"; show "$TMP/car.txt"
    fi
  else
    echo "SKIP: ci: $CLANG_APPLY_REPLACEMENTS not installed"
  fi
  # 4. NOLINT(check) on the offending line suppresses it (fresh copy of the input).
  cp "$input" "$copy"
  local line
  line=$("$tl" -p "$TMP" --checks='-*,torch-*' "$copy" 2>/dev/null |
         grep -E "$(warning_re)" | head -1 | cut -d: -f2)
  if [ -n "$line" ]; then
    sed -i "${line}s|\$|  // NOLINT($E2E_CHECK)|" "$copy"
    "$tl" -p "$TMP" --checks='-*,torch-*' --warnings-as-errors='torch-*' "$copy" >"$TMP/nolint.txt" 2>&1
    rc=$?
    if [ $rc -eq 0 ] && ! grep -Eq "\\[$E2E_CHECK" "$TMP/nolint.txt" &&
       grep -q "NOLINT" "$TMP/nolint.txt"; then
      pass "ci: // NOLINT($E2E_CHECK) suppresses it (exit 0, counted as NOLINT)"
    elif [ $rc -eq 0 ] && ! grep -Eq "\\[$E2E_CHECK" "$TMP/nolint.txt"; then
      pass "ci: // NOLINT($E2E_CHECK) suppresses it (exit 0)"
    else
      fail "ci: NOLINT did not suppress (exit $rc)"; show "$TMP/nolint.txt"
    fi
  else
    fail "ci: could not locate the warning line for the NOLINT test"
  fi
  finish ci
}

lsp_common() {
  local name=$1; shift
  [ $# -ge 3 ] || usage
  local clangd=$1 input=$2 inc=$3; shift 3
  need_exe "$clangd" "clangd"; need_file "$input" "input"; need_dir "$inc" "include dir"
  local flags=() f
  for f in $E2E_CXXFLAGS; do flags+=("--flag=$f"); done
  flags+=("--flag=-I$(cd "$inc" && pwd)")
  if "$PY" "$HERE/lsp_session.py" --clangd "$clangd" --file "$input" \
      --expect-code "$E2E_CHECK" --expect-fix-substring "$E2E_FIX_SUBSTRING" \
      --expect-fixed-substring "$E2E_FIXED_TEXT" --timeout "$E2E_LSP_TIMEOUT" \
      "${flags[@]}" "$@" 2>&1 | sed 's/^/    | /'; [ "${PIPESTATUS[0]}" -eq 0 ]; then
    pass "$name: diagnostic [$E2E_CHECK] over LSP and a quick fix containing '$E2E_FIX_SUBSTRING'"
  else
    fail "$name: see the lsp_session output above"
  fi
  finish "$name"
}

cmd_lsp_shared_preamble() {
  [ $# -eq 3 ] || usage
  local clangd=$1 input=$2 inc=$3
  need_exe "$clangd" "clangd"; need_file "$input" "input"; need_dir "$inc" "include dir"
  mktmp
  cp -r "$inc" "$TMP/inc" # a copy whose headers the test changes
  local cache="$TMP/cache" flags=() f
  for f in $E2E_CXXFLAGS; do flags+=("--flag=$f"); done
  flags+=("--flag=-I$TMP/inc")
  # One editor session with TORCHLINT_CACHE_DIR=$1; its output in $TMP/$2.out and
  # the size of the preamble clangd built for the file in SIZE.
  session() {
    SIZE=""
    TORCHLINT_CACHE_DIR=$1 "$PY" "$HERE/lsp_session.py" --clangd "$clangd" --file "$input" \
        --expect-code "$E2E_CHECK" --expect-fix-substring "$E2E_FIX_SUBSTRING" \
        --expect-fixed-substring "$E2E_FIXED_TEXT" --timeout "$E2E_LSP_TIMEOUT" \
        --setup clangd --fast-check-filter Loose --log info --keep "${flags[@]}" \
        >"$TMP/$2.out" 2>&1 || { fail "$2: the session failed"; show "$TMP/$2.out"; return 1; }
    local ws
    ws=$(sed -n 's/.*kept workspace //p' "$TMP/$2.out")
    SIZE=$(sed -n 's/.*Built preamble of size \([0-9]*\) .*/\1/p' "$ws/.clangd-stderr.log" | head -n 1)
    rm -rf "$ws"
    [ -n "$SIZE" ] || { fail "$2: clangd logged no preamble"; return 1; }
  }
  pchs() { ls "$cache"/v1/preambles/*.pch 2>/dev/null; }
  local own first pch stamp
  if session none own; then
    own=$SIZE
    [ ! -e "$cache" ] && pass "TORCHLINT_CACHE_DIR=none: the file's own preamble ($own bytes), nothing cached" \
      || fail "TORCHLINT_CACHE_DIR=none wrote $cache"
  fi
  if session "$cache" first && [ "$(pchs | wc -l)" -eq 1 ]; then
    first=$SIZE; pch=$(pchs); stamp=$(stat -c %Y.%s "$pch")
    [ -n "$own" ] && [ "$first" -lt $((own / 10)) ] \
      && pass "first session: built the libtorch preamble; the file's own is $first bytes" \
      || fail "first session: the file's preamble is $first bytes, its own without the cache $own"
  else
    fail "first session: $(pchs | wc -l) preambles in the cache, want 1"
  fi
  sleep 1 # a rebuild would show in the time stamp
  if session "$cache" second && [ -n "$pch" ]; then
    [ "$(pchs)" = "$pch" ] && [ "$(stat -c %Y.%s "$pch")" = "$stamp" ] && [ "$SIZE" -eq "$first" ] \
      && pass "second session: read the cached preamble, did not build it again" \
      || fail "second session: the cached preamble changed or was not used ($SIZE bytes)"
  fi
  echo "// changed" >>"$TMP/inc/torch/torch.h"
  if session "$cache" changed && [ -n "$pch" ]; then
    [ "$(pchs)" = "$pch" ] && [ "$(stat -c %Y.%s "$pch")" != "$stamp" ] && [ "$SIZE" -eq "$first" ] \
      && pass "a libtorch header changed: the preamble was built again and used" \
      || fail "a libtorch header changed: the preamble was not rebuilt ($SIZE bytes)"
  fi
  finish lsp-shared-preamble
}

[ $# -ge 1 ] || usage
sub=$1; shift
case "$sub" in
  plugin) cmd_plugin "$@" ;;
  fix) cmd_fix "$@" ;;
  ci) cmd_ci "$@" ;;
  lsp) lsp_common lsp "$@" --setup clangd --fast-check-filter Loose ;;
  lsp-noconfig) lsp_common lsp-noconfig "$@" --setup clang-tidy ;;
  lsp-shared-preamble) cmd_lsp_shared_preamble "$@" ;;
  -h|--help|help) usage ;;
  *) echo "unknown subcommand: $sub"; usage ;;
esac
