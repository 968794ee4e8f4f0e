#!/usr/bin/env bash
# End-to-end tests of torchlint-run, one subcommand per ctest test:
#
#   run_driver.sh project  <torchlint-run> <torchlint> <examples-dir> <torch-include> <torch-pch>
#       On a copy of examples/ with its own compile database and .clang-tidy:
#       torchlint's findings plus the latent one a call in another file makes
#       real (--project-callers=false: identical); a warm run answers every unit from
#       the cache; one changed file (and one changed header) re-lints only the
#       units that read it; every report format is well-formed; two shards
#       merged equal the whole run; --diff reports changed lines only; --fix
#       changes the files exactly as torchlint --fix does; exit codes.
#   run_driver.sh preamble <torchlint-run> <check-inputs-dir> <fake-include>
#       Every check input linted with and without the shared precompiled
#       preamble gives the same findings, and the preamble was used.
#   run_driver.sh cuda <torchlint-run> <check-inputs-dir> <fake-include>
#       The check inputs of CUDA host code (`// FLAGS: -x cuda ...`) as a
#       project: every unit linted, the same findings with and without the
#       shared preamble, each extension check's findings in the SARIF report.
#   run_driver.sh canonical <torchlint-run> <fake-include>
#       Units whose leading includes differ only in headers an earlier one
#       already brings in, or whose flags differ only in a macro no header
#       names, share one preamble; an include torch.h does not bring in, or
#       a macro a header tests, keys one of its own; a unit whose list no
#       other has takes the preamble of a shorter list it starts with. The
#       run says how many it built and why; the findings are those without a
#       preamble; a later run reuses the scans.
#   run_driver.sh callers  <torchlint-run> <project-dir> <fake-include> [<torch-include>]
#       Helpers judged by their callers (the default) over
#       tests/e2e/inputs/project_callers (helpers called from other files):
#       latent findings a call makes real are shown with that call, a
#       warning that no caller supports is dropped; --project-callers=false
#       shows what each file shows alone; a warm run answers from the cache
#       alike; shards merged judge alike, one shard alone does not; a file
#       filter judges each file alone; a program that names no device drops
#       all, a library (no main) that names none keeps what its code shows;
#       a unit with a fatal error leaves each file alone; --project-callers
#       with a file filter is refused. In each header mode given.
#   run_driver.sh latent <torchlint-run> <torchlint> <project-dir> <fake-include> [<torch-include>]
#       Latent placements over tests/e2e/inputs/project_latent: shown only where
#       a call in another file passes data placed elsewhere, with that call.
#   run_driver.sh returned <torchlint-run> <torchlint> <project-dir> <fake-include> [<torch-include>]
#       Device-less tensors a function returns to other files, over
#       tests/e2e/inputs/project_returned: shown only where a caller meets
#       that result (that part of a returned tuple) with data on a device
#       chosen at run time, with a note at the meeting.
#   run_driver.sh launched <torchlint-run> <torchlint> <project-dir> <fake-include>
#       Device-less buffers a file hands to a function another file defines,
#       and bound functions' tensors it hands over unchecked, over
#       tests/e2e/inputs/project_launched: shown only where that function (in
#       a .cu file) hands the memory to a CUDA kernel (unchecked), with a note
#       at the launch; not where it is host code or checks its input.
#   run_driver.sh remote   <torchlint-run> <examples-dir> <torch-include>
#       A loopback nginx with WebDAV PUT as the remote cache: a second fresh
#       cache directory is answered through the server; a server that is down
#       costs a warning, not the run.
#
# Prints PASS:/FAIL: lines; exits 0 only if every step passed, 77 if a tool
# it needs is missing.
set -u
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
FAILS=0
pass() { echo "PASS: $*"; }
fail() { echo "FAIL: $*"; FAILS=$((FAILS + 1)); }
skip() { echo "SKIP: $*"; exit 77; }
TMP=$(mktemp -d "${TMPDIR:-/tmp}/torchlint-run-e2e.XXXXXX")
NGINX_PID=""
cleanup() {
  [ -n "$NGINX_PID" ] && kill "$NGINX_PID" 2>/dev/null
  rm -rf "$TMP"
}
trap cleanup EXIT
finish() {
  if [ "$FAILS" -eq 0 ]; then echo "PASS: $1 (all steps)"; exit 0; fi
  echo "FAIL: $1 ($FAILS steps failed)"; exit 1
}
show() { sed 's/^/    | /' "$1" | tail -n "${2:-30}"; }
CXX=$(command -v clang++-19 || echo /usr/lib/llvm-19/bin/clang++)

# compdb DIR SRCDIR FLAGS...: a compile_commands.json for SRCDIR/*.cpp. With
# COMPDB_RELATIVE=1 each command runs in SRCDIR and names its unit relative
# to it, as Bear and hand-written databases do.
compdb() {
  local dir=$1 src=$2; shift 2
  mkdir -p "$dir"
  python3 - "$dir" "$src" "$CXX" "${COMPDB_RELATIVE:-0}" "$@" <<'EOF'
import json, os, sys, glob
d, src, cxx, relative, flags = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4] == "1", sys.argv[5:]
def entry(f):
    if relative:
        return {"directory": src, "file": f,
                "arguments": [cxx] + flags + ["-c", os.path.basename(f)]}
    return {"directory": d, "file": f,
            "arguments": [cxx] + flags + ["-c", f, "-o", os.path.basename(f) + ".o"]}
entries = [entry(f) for f in sorted(glob.glob(os.path.join(src, "*.cpp")))]
# CUDA sources in clang's CUDA host mode, with the fake headers' runtime.
cuda = ["-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib",
        "-Wno-unknown-cuda-version"]
for f in sorted(glob.glob(os.path.join(src, "*.cu"))):
    e = entry(f)
    e["arguments"][1:1] = cuda
    entries.append(e)
json.dump(entries, open(os.path.join(d, "compile_commands.json"), "w"), indent=1)
EOF
}

# The "file:line:col: warning: message [check]" lines of a text report, sorted.
warnings() { grep -E '^/[^ ]+:[0-9]+:[0-9]+: (warning|error): .*\]$' "$1" | sort; }

# json_count FILE EXPR: evaluates EXPR on the parsed JSON report as `r`.
json_eval() { python3 -c "import json,sys; r=json.load(open(sys.argv[1])); print($2)" "$1"; }

project() {
  local run=$1 tl=$2 ex=$3 inc=$4 pch=$5
  [ -x "$run" ] || skip "torchlint-run not found: $run"
  local P=$TMP/proj B=$TMP/build C=$TMP/cache
  mkdir -p "$P" && cp -r "$ex/src" "$P/src" && cp "$ex/.clang-tidy" "$P/.clang-tidy"
  local flags=(-std=c++17 -I"$P/src" -isystem "$inc")
  compdb "$B" "$P/src" "${flags[@]}"
  cd "$P"

  # torchlint, one process per file, is the reference.
  "$tl" -p "$B" --extra-arg=-include-pch --extra-arg="$pch" "$P"/src/*.cpp \
    > "$TMP/ref.txt" 2>/dev/null
  warnings "$TMP/ref.txt" > "$TMP/ref.w"
  # One file at a time, the .cuda() in debug_dump_logits (utils.cpp) is
  # latent: its only device is its module parameter's. train.cpp passes it a
  # model on the chosen device. add_noise's factory is shown: the helpers
  # beside it make their tensors where their inputs are.
  [ "$(wc -l < "$TMP/ref.w")" -eq 5 ] && grep -qE "utils.cpp:13:16:" "$TMP/ref.w" \
    && ! grep -qE "utils.cpp:61:57:" "$TMP/ref.w" \
    || { fail "reference: torchlint found $(wc -l < "$TMP/ref.w") warnings, want 5"; show "$TMP/ref.txt"; }

  "$run" -p "$B" -j2 --cache-dir "$C" > "$TMP/cold.txt" 2> "$TMP/cold.err"; local st=$?
  warnings "$TMP/cold.txt" > "$TMP/cold.w"
  grep -vE "utils.cpp:61:57: warning: .*\[torch-hardcoded-device\]" \
    "$TMP/cold.w" > "$TMP/cold5.w"
  if [ $st -eq 1 ] && [ "$(wc -l < "$TMP/cold.w")" -eq 6 ] && diff -u "$TMP/ref.w" "$TMP/cold5.w" > "$TMP/d" \
     && grep -qE "/src/train.cpp:133:[0-9]+: note: a call elsewhere in the project passes data placed" "$TMP/cold.txt"; then
    pass "cold run: torchlint's findings and the latent one train.cpp makes real, with its call, exit 1"
  else fail "cold run (exit $st) differs from torchlint plus the latent finding"; show "$TMP/d"; show "$TMP/cold.txt"; show "$TMP/cold.err"; fi
  "$run" -p "$B" -j2 --cache-dir "$C" --project-callers=false > "$TMP/alone.txt" 2>/dev/null
  warnings "$TMP/alone.txt" > "$TMP/alone.w"
  cmp -s "$TMP/ref.w" "$TMP/alone.w" && pass "--project-callers=false: exactly torchlint's findings" \
    || { fail "--project-callers=false differs from torchlint"; diff "$TMP/ref.w" "$TMP/alone.w"; }
  grep -q "3 files (0 cached, 0 failed)" "$TMP/cold.err" && ls "$C"/v1/preambles/*.pch >/dev/null 2>&1 \
    && pass "cold run: 3 units linted, a shared preamble built" \
    || { fail "cold run summary or preamble"; show "$TMP/cold.err"; }

  "$run" -p "$B" -j2 --cache-dir "$C" > "$TMP/warm.txt" 2> "$TMP/warm.err"
  warnings "$TMP/warm.txt" > "$TMP/warm.w"
  if grep -q "3 files (3 cached, 0 failed)" "$TMP/warm.err" && cmp -s "$TMP/cold.w" "$TMP/warm.w"; then
    pass "warm run: every unit from the cache, the same findings"
  else fail "warm run"; show "$TMP/warm.err"; fi

  # Report formats, from the cache.
  "$run" -p "$B" --cache-dir "$C" --format json --output "$TMP/r.json" 2>/dev/null
  [ "$(json_eval "$TMP/r.json" "len(r['findings']), r['summary']['units'], r['summary']['cached'], all('diagnostic' in f and f['line'] > 0 for f in r['findings'])")" = "6 3 3 True" ] \
    && pass "json report" || { fail "json report"; show "$TMP/r.json"; }
  "$run" -p "$B" --cache-dir "$C" --format sarif --output "$TMP/r.sarif" 2>/dev/null
  if python3 - "$TMP/r.sarif" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["version"] == "2.1.0" and "sarif" in d["$schema"]
run = d["runs"][0]
rules = run["tool"]["driver"]["rules"]
ids = [r["id"] for r in rules]
assert len(ids) == len(set(ids)) == 6, ids
assert all(r["helpUri"].endswith(r["id"] + ".md") for r in rules)
res = run["results"]
assert len(res) == 6
for r in res:
    assert ids[r["ruleIndex"]] == r["ruleId"]
    loc = r["locations"][0]["physicalLocation"]
    assert loc["artifactLocation"]["uri"].startswith("file:///")
    assert loc["region"]["startLine"] > 0
    assert r["level"] == "warning"
assert sum(len(r.get("relatedLocations", [])) for r in res) >= 5
fixes = [f for r in res for f in r.get("fixes", [])]
assert fixes, "no fixes"
for f in fixes:
    for c in f["artifactChanges"]:
        for rep in c["replacements"]:
            assert rep["deletedRegion"]["startLine"] > 0 and "text" in rep["insertedContent"]
EOF
  then pass "sarif report: rules, results, related locations, fixes"; else fail "sarif report"; fi
  "$run" -p "$B" --cache-dir "$C" --format github --output "$TMP/r.gh" 2>/dev/null
  [ "$(grep -cE '^::warning file=src/[a-z]+\.cpp,line=[0-9]+,col=[0-9]+,title=torch-[a-z-]+::' "$TMP/r.gh")" -eq 6 ] \
    && pass "github annotations" || { fail "github annotations"; show "$TMP/r.gh"; }
  "$run" -p "$B" --cache-dir "$C" --format codeclimate --output "$TMP/r.cc" 2>/dev/null
  [ "$(json_eval "$TMP/r.cc" "len(r), len({i['fingerprint'] for i in r}), all(i['location']['path'].startswith('src/') and i['location']['lines']['begin'] > 0 and i['severity'] == 'major' for i in r)")" = "6 6 True" ] \
    && pass "codeclimate report" || { fail "codeclimate report"; show "$TMP/r.cc"; }

  # WarningsAsErrors: errors in every report, as torchlint prints them.
  "$run" -p "$B" --cache-dir "$C" --warnings-as-errors='torch-*' --output "$TMP/r.wae" 2>/dev/null
  [ "$(grep -c ': error: .*\[torch-' "$TMP/r.wae")" -eq 6 ] && ! grep -q ': warning: .*\[torch-' "$TMP/r.wae" \
    && pass "--warnings-as-errors: findings are errors" || { fail "--warnings-as-errors"; show "$TMP/r.wae"; }

  # Exit codes.
  "$run" -p "$B" --cache-dir "$C" --fail-threshold=6 --quiet >/dev/null 2>&1
  [ $? -eq 0 ] && pass "--fail-threshold=6: exit 0" || fail "--fail-threshold"

  # One changed file, then one changed header.
  echo "// edited" >> "$P/src/model.cpp"
  "$run" -p "$B" -j2 --cache-dir "$C" > "$TMP/one.txt" 2> "$TMP/one.err"
  warnings "$TMP/one.txt" > "$TMP/one.w"
  grep -q "3 files (2 cached, 0 failed)" "$TMP/one.err" && cmp -s "$TMP/cold.w" "$TMP/one.w" \
    && pass "one file changed: only its unit re-linted" || { fail "one file changed"; show "$TMP/one.err"; }
  echo "// edited" >> "$P/src/utils.h"
  "$run" -p "$B" -j2 --cache-dir "$C" --format json --output "$TMP/hdr.json" 2>/dev/null
  [ "$(json_eval "$TMP/hdr.json" "sorted(u['file'].split('/')[-1] for u in r['units'] if not u['cached'])")" = "['train.cpp', 'utils.cpp']" ] \
    && pass "a changed header re-lints the units that include it" \
    || { fail "changed header"; json_eval "$TMP/hdr.json" "r['units']"; }

  # Shards: disjoint, complete, and merged equal to the whole run.
  "$run" -p "$B" --cache-dir "$C" --shard 1/2 --format json --output "$TMP/s1.json" 2>"$TMP/s1.err"
  "$run" -p "$B" --cache-dir "$C" --shard 2/2 --format json --output "$TMP/s2.json" 2>"$TMP/s2.err"
  "$run" merge --format text "$TMP/s1.json" "$TMP/s2.json" > "$TMP/merged.txt" 2>/dev/null
  warnings "$TMP/merged.txt" > "$TMP/merged.w"
  local u1 u2
  u1=$(json_eval "$TMP/s1.json" "' '.join(sorted(u['file'] for u in r['units']))")
  u2=$(json_eval "$TMP/s2.json" "' '.join(sorted(u['file'] for u in r['units']))")
  if [ -n "$u1" ] && [ -n "$u2" ] && [ "$(echo $u1 $u2 | tr ' ' '\n' | sort | uniq | wc -l)" -eq 3 ] \
     && [ "$(echo $u1 $u2 | wc -w)" -eq 3 ] && cmp -s "$TMP/cold.w" "$TMP/merged.w" \
     && [ "$(grep -o 'of split [0-9a-f]*' "$TMP/s1.err")" = "$(grep -o 'of split [0-9a-f]*' "$TMP/s2.err")" ]; then
    pass "two shards: disjoint, complete, merged = whole run"
  else fail "shards ($u1 | $u2)"; diff "$TMP/cold.w" "$TMP/merged.w"; fi
  "$run" merge "$TMP/s1.json" "$TMP/s1.json" > /dev/null 2> "$TMP/twice.err"
  [ $? -eq 2 ] && grep -q "linted by two" "$TMP/twice.err" && pass "merge refuses a file linted twice" \
    || { fail "merge of a shard with itself"; show "$TMP/twice.err"; }
  "$run" merge --format sarif --output "$TMP/m.sarif" "$TMP/s1.json" "$TMP/s2.json" 2>/dev/null
  [ "$(json_eval "$TMP/m.sarif" "len(r['runs']), len(r['runs'][0]['results'])")" = "1 6" ] \
    && pass "merge to SARIF: one run, six results" || fail "merge to SARIF"

  # --diff: only the units a change touches, only the changed lines.
  git -C "$P" init -q && git -C "$P" add -A && git -C "$P" -c user.email=t@t -c user.name=t commit -qm base
  printf 'void added_later(torch::Tensor t) {\n  t.to(torch::kCPU);\n}\n' >> "$P/src/utils.cpp"
  "$run" -p "$B" --cache-dir "$C" --diff HEAD > "$TMP/diff.txt" 2> "$TMP/diff.err"
  if [ "$(warnings "$TMP/diff.txt" | wc -l)" -eq 1 ] && warnings "$TMP/diff.txt" | grep -q "utils.cpp:.*torch-discarded-to" \
     && grep -q "^torchlint-run: 1 files" "$TMP/diff.err"; then
    pass "--diff HEAD: one unit, the one finding on the changed lines"
  else fail "--diff"; show "$TMP/diff.txt"; show "$TMP/diff.err"; fi
  git -C "$P" checkout -q -- src

  # --fix: the files torchlint --fix writes (add_noise's factory given its
  # device; the latent .cuda() made real has no fix); nothing left to fix.
  cp -r "$P" "$TMP/ref-fix"
  local RB=$TMP/ref-build
  compdb "$RB" "$TMP/ref-fix/src" -std=c++17 -I"$TMP/ref-fix/src" -isystem "$inc"
  (cd "$TMP/ref-fix" && "$tl" -p "$RB" --fix --extra-arg=-include-pch --extra-arg="$pch" \
     "$TMP"/ref-fix/src/*.cpp >/dev/null 2>&1)
  "$run" -p "$B" --cache-dir "$C" --fix > /dev/null 2> "$TMP/fix.err"
  diff -r -x .git "$TMP/ref-fix/src" "$P/src" > "$TMP/d"
  if [ ! -s "$TMP/d" ] \
     && grep -q 'torch::randn(x.sizes(), torch::device(x.device()));' "$P/src/utils.cpp"; then
    pass "--fix: the files torchlint --fix writes, add_noise's factory given its device"
  else fail "--fix differs from torchlint --fix"; show "$TMP/d"; fi
  grep -q "applied [1-9][0-9]* fixes" "$TMP/fix.err" || { fail "--fix applied nothing"; show "$TMP/fix.err"; }
  "$run" -p "$B" --cache-dir "$C" --format json --output "$TMP/after.json" 2>/dev/null
  [ "$(json_eval "$TMP/after.json" "sum(1 for f in r['findings'] if f['fixes'])")" = "0" ] \
    && pass "after --fix: nothing left that --fix would change" || fail "fixable findings remain after --fix"

  # A unit that does not compile: exit 2.
  echo "int broken( {" > "$P/src/zz_broken.cpp"
  compdb "$B" "$P/src" "${flags[@]}"
  "$run" -p "$B" --cache-dir "$C" --quiet > /dev/null 2> "$TMP/broken.err"
  [ $? -eq 2 ] && grep -q "zz_broken.cpp: does not compile" "$TMP/broken.err" \
    && pass "a unit that does not compile: exit 2, named" || { fail "broken unit"; show "$TMP/broken.err"; }
  rm "$P/src/zz_broken.cpp"

  # Over the preamble, libtorch's virtual functions are instantiated only for
  # the unit's own classes: an error that shows only there is still found.
  cat > "$P/src/zz_frozen.cpp" <<'EOF'
#include <torch/torch.h>
struct FrozenImpl : torch::nn::Cloneable<FrozenImpl> {
  FrozenImpl() = default;
  FrozenImpl(const FrozenImpl &) = delete; // clone() copies the module
  void reset() override {}
};
int main() { auto frozen = std::make_shared<FrozenImpl>(); }
EOF
  compdb "$B" "$P/src" "${flags[@]}"
  "$run" -p "$B" --cache-dir "$C" --quiet > "$TMP/frozen.txt" 2> "$TMP/frozen.err"
  [ $? -eq 2 ] && grep -q "zz_frozen.cpp: does not compile" "$TMP/frozen.err" \
    && grep -q "call to deleted constructor of 'FrozenImpl'" "$TMP/frozen.txt" \
    && pass "an error in a libtorch virtual function made for the unit's class: found over the preamble" \
    || { fail "the unit's own vtable errors"; show "$TMP/frozen.txt"; show "$TMP/frozen.err"; }
  rm "$P/src/zz_frozen.cpp"

  # The library's own templates, given only the library's types, are left
  # uninstantiated (libtorch's Dict and fmap, a Linear's holder, headers read
  # after the preamble): no error made up by leaving them (fmap of a lambda
  # must be defined in the unit), the same findings as torchlint, and
  # with compiler warnings shown, the deprecated std::iterator libtorch's
  # Dict uses is reported as torchlint reports it.
  local L=$TMP/library LB=$TMP/library-build checks
  mkdir -p "$L"
  printf '#include <torch/torch.h>\ntorch::Tensor twice(const torch::Tensor &x) { return x * 2; }\n' \
    > "$L/first.cpp"
  cat > "$L/second.cpp" <<'EOF'
#include <torch/torch.h>
#include <string>
#define AFTER_THE_PREAMBLE 1
#include <torch/script.h>
std::vector<std::string> words(
    const c10::Dict<std::string, std::vector<std::string>> &d) {
  return d.at("a");
}
int main() {
  torch::nn::Linear layer(2, 2);
  auto y = layer->forward(torch::ones({1, 2}));
  std::vector<torch::Tensor> parts{y, y};
  return static_cast<int>(torch::cat(parts).numel());
}
EOF
  compdb "$LB" "$L" -std=c++17 -isystem "$inc"
  for checks in '-*,torch-*' '-*,torch-*,clang-diagnostic-*'; do
    "$tl" -p "$LB" --checks="$checks" --extra-arg=-include-pch --extra-arg="$pch" "$L"/*.cpp \
      > "$TMP/lib-ref.txt" 2>/dev/null
    rm -rf "$TMP/lib-cache"
    "$run" -p "$LB" --checks="$checks" --cache-dir "$TMP/lib-cache" > "$TMP/lib.txt" 2> "$TMP/lib.err"
    if [ $? -ne 2 ] && ! grep -q "does not compile" "$TMP/lib.err" \
       && grep -q "1 shared preamble for 2 units" "$TMP/lib.err" \
       && warnings "$TMP/lib-ref.txt" | cmp -s - <(warnings "$TMP/lib.txt"); then
      pass "library templates given library types ($checks): compiles, torchlint's findings"
    else fail "library templates given library types ($checks)"; show "$TMP/lib.txt"; show "$TMP/lib.err"; fi
  done
  grep -q "deprecated-declarations" "$TMP/lib.txt" \
    || { fail "no deprecation warning from libtorch's Dict"; show "$TMP/lib.txt"; }
  # A command that makes that warning an error: nothing is left out, the
  # errors are torchlint's.
  compdb "$LB" "$L" -std=c++17 -isystem "$inc" -Werror=deprecated-declarations
  "$tl" -p "$LB" --checks='-*,torch-*' --extra-arg=-include-pch --extra-arg="$pch" "$L"/*.cpp \
    > "$TMP/werror-ref.txt" 2>/dev/null
  rm -rf "$TMP/lib-cache"
  "$run" -p "$LB" --checks='-*,torch-*' --cache-dir "$TMP/lib-cache" > "$TMP/werror.txt" 2> "$TMP/werror.err"
  [ $? -eq 2 ] && grep -q "error: .*is deprecated" "$TMP/werror.txt" \
    && warnings "$TMP/werror-ref.txt" | cmp -s - <(warnings "$TMP/werror.txt") \
    && pass "-Werror=deprecated-declarations: libtorch's deprecated iterator is an error, as torchlint says" \
    || { fail "-Werror in the command"; show "$TMP/werror.txt"; show "$TMP/werror.err"; }
  compdb "$LB" "$L" -std=c++17 -isystem "$inc"
  # Given the unit's own type, they are made: an error in one is found.
  printf '#include <torch/torch.h>\nstruct Sealed { private: Sealed() = default; };\nauto sealed = std::make_shared<Sealed>();\n' \
    > "$L/third.cpp"
  compdb "$LB" "$L" -std=c++17 -isystem "$inc"
  "$run" -p "$LB" --cache-dir "$TMP/lib-cache" --quiet > "$TMP/sealed.txt" 2> "$TMP/sealed.err"
  [ $? -eq 2 ] && grep -q "third.cpp: does not compile" "$TMP/sealed.err" \
    && grep -q "private constructor of class 'Sealed'" "$TMP/sealed.txt" \
    && pass "a library template given the unit's type: its error is found" \
    || { fail "the unit's type in a library template"; show "$TMP/sealed.txt"; show "$TMP/sealed.err"; }
  # Another library's helper (an -isystem header) that gives a factory its
  # options is read as torchlint reads it; its template that no tensor,
  # device or module passes through is left out, and changes nothing.
  local V=$TMP/vendor
  mkdir -p "$V/include/vendor" "$V/src"
  cat > "$V/include/vendor/options.h" <<'EOF'
#pragma once
#include <torch/torch.h>
#include <vector>
namespace vendor {
template <typename T> torch::TensorOptions plainOptions() {
  return torch::dtype(torch::kFloat);
}
template <typename T> struct Rows {
  std::vector<T> items;
  T first() const { return items.front(); }
};
} // namespace vendor
EOF
  cat > "$V/src/shift.cpp" <<'EOF'
#include <torch/torch.h>
#include <vendor/options.h>
torch::Tensor shift(const torch::Tensor &x) {
  auto bias = torch::zeros({4}, vendor::plainOptions<float>());
  return x + bias;
}
int main() {
  vendor::Rows<int> rows{{1, 2}};
  auto x = torch::ones({4}, torch::kCUDA);
  return static_cast<int>(shift(x).numel()) + rows.first();
}
EOF
  compdb "$V/build" "$V/src" -std=c++17 -isystem "$inc" -isystem "$V/include"
  "$tl" -p "$V/build" --checks='-*,torch-*' "$V"/src/*.cpp > "$TMP/vendor-ref.txt" 2>/dev/null
  "$run" -p "$V/build" --checks='-*,torch-*' --cache-dir "$TMP/vendor-cache" > "$TMP/vendor.txt" 2> "$TMP/vendor.err"
  warnings "$TMP/vendor-ref.txt" | grep -q "shift.cpp:4:.*torch-factory-without-device" \
    && warnings "$TMP/vendor-ref.txt" | cmp -s - <(warnings "$TMP/vendor.txt") \
    && pass "another library's helper that gives a factory its options: torchlint's finding" \
    || { fail "another library's helper in an -isystem header"; show "$TMP/vendor-ref.txt"; show "$TMP/vendor.txt"; show "$TMP/vendor.err"; }

  # A database that spells the unit relative to its directory in the
  # command (Bear, hand-written ones) still shares one preamble.
  COMPDB_RELATIVE=1 compdb "$B" "$P/src" "${flags[@]}"
  "$run" -p "$B" --cache-dir "$TMP/relative-cache" --quiet > /dev/null 2> "$TMP/relative.err"
  [ "$(ls "$TMP"/relative-cache/v1/preambles/*.pch 2>/dev/null | wc -l)" -eq 1 ] \
    && pass "units named relative to their directory share one preamble" \
    || { fail "relative units: $(ls "$TMP"/relative-cache/v1/preambles/*.pch 2>/dev/null | wc -l) preambles"; show "$TMP/relative.err"; }

  # Each unit with include directories of its own, in a directory of its
  # own (CMake's per-target flags): one preamble still. A directory that
  # holds a torch/ folder may shadow libtorch's headers: units with it get
  # a preamble of their own, and the report says why.
  # targets MODE DB: a database from $B's where unit i is compiled in
  # $TMP/t/build$i with -I$TMP/t/inc$i, or (MODE=shadow) -I$TMP/t/shadow for
  # the first two units.
  targets() {
    python3 - "$B/compile_commands.json" "$2" "$TMP/t" "$1" <<'EOF'
import json, os, sys
entries, out, t, mode = json.load(open(sys.argv[1])), sys.argv[2], sys.argv[3], sys.argv[4]
for i, e in enumerate(entries):
    inc = f"{t}/shadow" if mode == "shadow" and i < 2 else f"{t}/inc{i}"
    e["directory"] = f"{t}/build{i}"
    os.makedirs(e["directory"], exist_ok=True)
    os.makedirs(inc, exist_ok=True)
    e["arguments"] = e["arguments"][:1] + ["-I" + inc, "-Wall"] + e["arguments"][1:]
os.makedirs(os.path.dirname(out), exist_ok=True)
json.dump(entries, open(out, "w"), indent=1)
EOF
  }
  compdb "$B" "$P/src" "${flags[@]}"
  "$run" -p "$B" --cache-dir "$TMP/t/ref-cache" > "$TMP/t-ref.txt" 2>/dev/null
  mkdir -p "$TMP/t/shadow/torch"
  targets plain "$TMP/t/db/compile_commands.json"
  "$run" -p "$TMP/t/db" --cache-dir "$TMP/t/cache" > "$TMP/t.txt" 2> "$TMP/t.err"
  warnings "$TMP/t.txt" > "$TMP/t.w"
  warnings "$TMP/t-ref.txt" | cmp -s - "$TMP/t.w" \
    && [ "$(ls "$TMP"/t/cache/v1/preambles/*.pch 2>/dev/null | wc -l)" -eq 1 ] \
    && grep -q "1 shared preamble for 3 units" "$TMP/t.err" \
    && pass "per-target include directories and build directories: one preamble, the same findings" \
    || { fail "per-target flags: $(ls "$TMP"/t/cache/v1/preambles/*.pch 2>/dev/null | wc -l) preambles"; show "$TMP/t.err"; }
  targets shadow "$TMP/t/db2/compile_commands.json"
  "$run" -p "$TMP/t/db2" --cache-dir "$TMP/t/cache2" > /dev/null 2> "$TMP/t2.err"
  grep -q "1 shared preamble for 2 units" "$TMP/t2.err" \
    && [ "$(ls "$TMP"/t/cache2/v1/preambles/*.pch 2>/dev/null | wc -l)" -eq 1 ] \
    && pass "an include directory that may shadow libtorch's headers keys its own preamble" \
    || { fail "shadowing include directory"; show "$TMP/t2.err"; }
  finish project
}

canonical() {
  local run=$1 inc=$2
  [ -x "$run" ] || skip "torchlint-run not found: $run"
  local P=$TMP/canon
  mkdir -p "$P/src" "$P/build"
  # unit NAME INCLUDE...: a file that starts with those includes, then code
  # with a hard-coded device and a factory without one.
  unit() {
    local name=$1; shift
    { for h in "$@"; do echo "#include <$h>"; done
      cat <<'CODE'

torch::Tensor scaled(const torch::Tensor &x) {
  auto w = torch::ones({4});
  return x.to(torch::kCUDA) * w;
}
CODE
    } > "$P/src/$name.cpp"
  }
  unit a torch/torch.h
  unit b torch/torch.h torch/nn.h torch/optim/sgd.h
  unit c torch/torch.h torch/nn.h
  unit d torch/torch.h torch/script.h
  unit e torch/torch.h torch/script.h
  unit f torch/torch.h
  unit g torch/torch.h torch/nn.h
  # h: a list no other unit has, that starts with a: over a's preamble. Its
  # libtorch-named header torch.h does not include is in an -isystem folder
  # every unit has.
  mkdir -p "$P/extra/torch"
  printf '#pragma once\n#include <torch/types.h>\ninline torch::Tensor twice(const torch::Tensor &t) { return t * 2; }\n' \
    > "$P/extra/torch/extra_test.h"
  unit h torch/torch.h torch/extra_test.h
  # i: <torch/cuda.h> first, which <torch/torch.h> brings in anyway, to the
  # same text: a's preamble.
  unit i torch/cuda.h torch/torch.h
  # j, k: probe_a.h first, which probe_b.h brings in too, but to another
  # text there (probe_b.h defines what probe_a.h tests): their own preamble.
  printf '#pragma once\n#include <torch/torch.h>\n#ifdef PROBE_B_FIRST\ninline int probe() { return 1; }\n#else\ninline int probe() { return 0; }\n#endif\n' \
    > "$P/extra/torch/probe_a.h"
  printf '#pragma once\n#define PROBE_B_FIRST\n#include <torch/probe_a.h>\n' \
    > "$P/extra/torch/probe_b.h"
  unit j torch/probe_a.h torch/probe_b.h
  unit k torch/probe_a.h torch/probe_b.h
  # l: c's list, with the project's macro set to another value: one
  # preprocessing serves both, as no header names the macro.
  unit l torch/torch.h torch/nn.h
  # m: c's list with another macro no header names, which c's scan did not
  # judge: looked for in the files that scan read, and not preprocessed
  # again. n, o: c's list with one that torch/optim/optimizer.h tests, also
  # not judged by c's scan: found there, so they are preprocessed, and share
  # f's and g's preamble (<torch/nn.h> adds nothing to <torch/torch.h>).
  unit m torch/torch.h torch/nn.h
  unit n torch/torch.h torch/nn.h
  unit o torch/torch.h torch/nn.h
  # c, l, m: a macro of the project's own (CMake's per-target DATA_DIR); f,
  # g, n, o: one that torch/optim/optimizer.h tests.
  python3 - "$P" "$CXX" "$inc" <<'PY'
import json, sys
p, cxx, inc = sys.argv[1:]
extra = {"c": ['-DPROJECT_DATA_DIR="/data"'], "l": ['-DPROJECT_DATA_DIR="/elsewhere"'],
         "m": ['-DPROJECT_MODEL_DIR="/models"'], "f": ["-DDOXYGEN_SHOULD_SKIP_THIS"],
         "g": ["-DDOXYGEN_SHOULD_SKIP_THIS"], "n": ["-DDOXYGEN_SHOULD_SKIP_THIS"],
         "o": ["-DDOXYGEN_SHOULD_SKIP_THIS"]}
json.dump([{"directory": f"{p}/build", "file": f"{p}/src/{u}.cpp",
            "arguments": [cxx, "-std=c++17", "-isystem", inc, "-isystem", f"{p}/extra"] +
                         extra.get(u, []) + ["-c", f"{p}/src/{u}.cpp", "-o", f"{u}.o"]}
           for u in "abcdefghijklmno"], open(f"{p}/build/compile_commands.json", "w"), indent=1)
PY
  cd "$P"
  "$run" -p "$P/build" -j2 --no-cache --no-preamble --checks='-*,torch-*' --quiet \
    --format json --output "$TMP/canon-plain.json" 2> "$TMP/canon-plain.err"
  "$run" -p "$P/build" -j2 --cache-dir "$TMP/canon-cache" --checks='-*,torch-*' \
    --format json --output "$TMP/canon.json" 2> "$TMP/canon.err"
  local strip='json.dumps(sorted([{k: f[k] for k in ("check","file","line","column","message")} for f in r["findings"]], key=json.dumps), sort_keys=True, indent=1)'
  json_eval "$TMP/canon-plain.json" "$strip" > "$TMP/canon-plain.f"
  json_eval "$TMP/canon.json" "$strip" > "$TMP/canon.f"
  local n line
  n=$(json_eval "$TMP/canon-plain.json" "len(r['findings'])")
  [ "$n" -ge 11 ] && diff -u "$TMP/canon-plain.f" "$TMP/canon.f" > "$TMP/canon.d" \
    && pass "$n findings over 15 units, identical with the shared preambles" \
    || { fail "findings differ with the shared preambles ($n without)"; show "$TMP/canon.d"; show "$TMP/canon.err"; }
  line=$(grep "shared preamble" "$TMP/canon.err")
  [ "$(ls "$TMP"/canon-cache/v1/preambles/*.pch 2>/dev/null | wc -l)" -eq 4 ] \
    && grep -q "4 shared preambles for 15 units" <<< "$line" \
    && pass "15 units, 4 preambles: <torch/torch.h>, with <torch/script.h>, with -DDOXYGEN_SHOULD_SKIP_THIS, probe_a.h before probe_b.h" \
    || { fail "$(ls "$TMP"/canon-cache/v1/preambles/*.pch 2>/dev/null | wc -l) preambles, want 4"; show "$TMP/canon.err"; }
  grep -q "their flags differ in: -DDOXYGEN_SHOULD_SKIP_THIS" <<< "$line" \
    && grep -qF "<torch/torch.h> <torch/script.h>" <<< "$line" \
    && pass "the report names the flag and the include lists that differ" \
    || fail "the report does not say why: $line"
  grep -qF "2 includes that an earlier one already brings in (<torch/nn.h>, <torch/optim/sgd.h>)" <<< "$line" \
    && grep -qF '3 macro flags that no header of theirs names (-DPROJECT_DATA_DIR="/data", -DPROJECT_DATA_DIR="/elsewhere", -DPROJECT_MODEL_DIR="/models")' <<< "$line" \
    && grep -qF "1 include that a later one brings in, to the same text (<torch/cuda.h>)" <<< "$line" \
    && pass "the report names what did not split them: redundant includes, an include brought in later, an unnamed macro" \
    || fail "the report does not say what was shared across: $line"
  # Nine include lists and flag sets are preprocessed: c's, l's and m's once
  # (they differ only in macros no header names), n's and o's once.
  [ "$(ls "$TMP"/canon-cache/v1/preambles/*.scan.json 2>/dev/null | wc -l)" -eq 9 ] \
    && pass "units alike but for macros no header names are preprocessed once" \
    || fail "$(ls "$TMP"/canon-cache/v1/preambles/*.scan.json 2>/dev/null | wc -l) preprocessings, want 9"
  grep -q "1 unit with an include list of its own over the preamble of a shorter list it starts with" "$TMP/canon.err" \
    && pass "a unit whose list is its own alone takes the preamble of the list it starts with" \
    || { fail "the unit with a list of its own"; show "$TMP/canon.err"; }
  # Without the results, a later run takes the scans and the preambles from
  # the cache: nothing is preprocessed or precompiled again.
  local before
  before=$(stat -c '%n %Y' "$TMP"/canon-cache/v1/preambles/*.scan.json "$TMP"/canon-cache/v1/preambles/*.pch | md5sum)
  find "$TMP/canon-cache/v1" -mindepth 1 -maxdepth 1 ! -name preambles -exec rm -rf {} +
  sleep 1
  "$run" -p "$P/build" -j2 --cache-dir "$TMP/canon-cache" --checks='-*,torch-*' \
    --format json --output "$TMP/canon2.json" 2> "$TMP/canon2.err"
  json_eval "$TMP/canon2.json" "$strip" > "$TMP/canon2.f"
  [ "$before" = "$(stat -c '%n %Y' "$TMP"/canon-cache/v1/preambles/*.scan.json "$TMP"/canon-cache/v1/preambles/*.pch | md5sum)" ] \
    && cmp -s "$TMP/canon.f" "$TMP/canon2.f" \
    && grep -q "4 shared preambles for 15 units" "$TMP/canon2.err" \
    && grep -q "15 files (0 cached, 0 failed)" "$TMP/canon2.err" \
    && pass "a later run reuses the scans and preambles: the same findings" \
    || { fail "a later run"; show "$TMP/canon2.err"; }
  finish canonical
}

preamble() {
  local run=$1 inputs=$2 inc=$3
  [ -x "$run" ] || skip "torchlint-run not found: $run"
  compdb "$TMP/b" "$inputs" -std=c++17 -isystem "$inc" -Wno-everything
  cd "$TMP"
  "$run" -p "$TMP/b" -j2 --no-cache --no-preamble --checks='-*,torch-*' --quiet \
    --format json --output "$TMP/plain.json" 2> "$TMP/plain.err"
  "$run" -p "$TMP/b" -j2 --cache-dir "$TMP/c" --checks='-*,torch-*' --quiet \
    --format json --output "$TMP/pch.json" 2> "$TMP/pch.err"
  local n
  n=$(json_eval "$TMP/plain.json" "len(r['findings'])")
  strip='json.dumps([{k: f[k] for k in ("check","file","line","column","message","notes","fixes")} for f in r["findings"]], sort_keys=True, indent=1)'
  json_eval "$TMP/plain.json" "$strip" > "$TMP/plain.f"
  json_eval "$TMP/pch.json" "$strip" > "$TMP/pch.f"
  if [ "$n" -gt 100 ] && diff -u "$TMP/plain.f" "$TMP/pch.f" > "$TMP/d"; then
    pass "$n findings over $(ls "$inputs"/*.cpp | wc -l) check inputs, identical with the preamble"
  else fail "findings differ with the preamble ($n without)"; show "$TMP/d" 60; fi
  ls "$TMP"/c/v1/preambles/*.pch > /dev/null 2>&1 && pass "the preamble was built and used" \
    || fail "no preamble was built"
  finish preamble
}

cuda_units() {
  local run=$1 inputs=$2 inc=$3
  [ -x "$run" ] || skip "torchlint-run not found: $run"
  mkdir -p "$TMP/cu"
  # The check inputs of CUDA host code, each with its own `// FLAGS:`.
  python3 - "$TMP/cu" "$inc" "$inputs"/*.cpp <<'PY'
import json, re, sys
out, inc, files = sys.argv[1], sys.argv[2], sys.argv[3:]
db = []
for f in files:
    m = re.search(r'^// FLAGS: (.*-x cuda.*)$', open(f).read(), re.M)
    if m:
        db.append({"directory": out, "file": f, "arguments":
                   ["clang++-19", "-std=c++17", "-isystem", inc] + m.group(1).split() + ["-c", f]})
json.dump(db, open(out + "/compile_commands.json", "w"))
PY
  cd "$TMP"
  "$run" -p "$TMP/cu" -j2 --no-cache --no-preamble --checks='-*,torch-*' --quiet \
    --format json --output "$TMP/cu-plain.json" 2> "$TMP/cu-plain.err"
  "$run" -p "$TMP/cu" -j2 --cache-dir "$TMP/cu-c" --checks='-*,torch-*' --quiet \
    --format sarif --output "$TMP/cu.sarif" 2> "$TMP/cu-sarif.err"
  "$run" -p "$TMP/cu" -j2 --cache-dir "$TMP/cu-c" --checks='-*,torch-*' --quiet \
    --format json --output "$TMP/cu-pch.json" 2> "$TMP/cu-pch.err"
  strip='json.dumps([{k: f[k] for k in ("check","file","line","column","message","notes","fixes")} for f in r["findings"]], sort_keys=True, indent=1)'
  json_eval "$TMP/cu-plain.json" "$strip" > "$TMP/cu-plain.f"
  json_eval "$TMP/cu-pch.json" "$strip" > "$TMP/cu-pch.f"
  local units failed checks
  units=$(json_eval "$TMP/cu-plain.json" "len(r['units'])")
  failed=$(json_eval "$TMP/cu-plain.json" "sum(1 for u in r['units'] if u['failed'])")
  checks=$(json_eval "$TMP/cu.sarif" "' '.join(sorted({x['ruleId'] for x in r['runs'][0]['results']}))")
  [ "$units" -ge 4 ] && [ "$failed" -eq 0 ] \
    && pass "$units CUDA units linted, none failed" || { fail "CUDA units: $units, $failed failed"; show "$TMP/cu-plain.err"; }
  [ -s "$TMP/cu-plain.f" ] && diff -u "$TMP/cu-plain.f" "$TMP/cu-pch.f" > "$TMP/cu-d" \
    && pass "the same findings with the shared preamble" || { fail "findings differ with the preamble"; show "$TMP/cu-d" 40; }
  local check missing=""
  for check in torch-default-stream-launch torch-factory-without-device \
               torch-missing-device-guard torch-unchecked-kernel-input \
               torch-unchecked-kernel-launch; do
    case " $checks " in *" $check "*) ;; *) missing="$missing $check" ;; esac
  done
  [ -z "$missing" ] && pass "the SARIF report holds each extension check's findings" \
    || fail "no findings of$missing in the SARIF report ($checks)"
  finish cuda_units
}

remote() {
  local run=$1 ex=$2 inc=$3
  [ -x "$run" ] || skip "torchlint-run not found: $run"
  local nginx
  nginx=$(command -v nginx || echo /usr/sbin/nginx)
  [ -x "$nginx" ] || skip "nginx not installed"
  command -v curl > /dev/null || skip "curl not installed"
  mkdir -p "$TMP/www" "$TMP/ngx"
  local port
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  # As root, nginx's workers would drop to www-data, who cannot enter $TMP.
  local user=""
  [ "$(id -u)" -eq 0 ] && user="user root;"
  cat > "$TMP/ngx/nginx.conf" <<EOF
$user
daemon off;
pid $TMP/ngx/nginx.pid;
error_log $TMP/ngx/error.log;
events { worker_connections 64; }
http {
  access_log $TMP/ngx/access.log;
  client_body_temp_path $TMP/ngx/body;
  server {
    listen 127.0.0.1:$port;
    location /cache/ {
      root $TMP/www;
      dav_methods PUT;
      create_full_put_path on;
      client_max_body_size 64m;
    }
  }
}
EOF
  "$nginx" -c "$TMP/ngx/nginx.conf" -p "$TMP/ngx" -e "$TMP/ngx/error.log" &
  NGINX_PID=$!
  for _ in $(seq 50); do curl -s -o /dev/null "http://127.0.0.1:$port/" && break; sleep 0.1; done
  mkdir -p "$TMP/p" && cp -r "$ex/src" "$TMP/p/src"
  compdb "$TMP/b" "$TMP/p/src" -std=c++17 -I"$TMP/p/src" -isystem "$inc"
  cd "$TMP/p"
  local url="http://127.0.0.1:$port/cache/team"
  "$run" -p "$TMP/b" -j2 --checks='-*,torch-*' --cache-dir "$TMP/c1" --cache-url "$url" \
    > "$TMP/a.txt" 2> "$TMP/a.err"
  [ "$(find "$TMP/www" -name '*.json' | wc -l)" -eq 3 ] && pass "first run stored 3 results on the server" \
    || { fail "server holds $(find "$TMP/www" -name '*.json' | wc -l) results"; show "$TMP/a.err"; show "$TMP/ngx/error.log"; }
  "$run" -p "$TMP/b" -j2 --checks='-*,torch-*' --cache-dir "$TMP/c2" --cache-url "$url" \
    > "$TMP/b.txt" 2> "$TMP/b.err"
  grep -q "3 files (3 cached, 0 failed)" "$TMP/b.err" && cmp -s <(warnings "$TMP/a.txt") <(warnings "$TMP/b.txt") \
    && pass "a fresh cache directory is answered through the server" || { fail "second machine"; show "$TMP/b.err"; }
  kill "$NGINX_PID"; wait "$NGINX_PID" 2>/dev/null; NGINX_PID=""
  "$run" -p "$TMP/b" -j2 --checks='-*,torch-*' --cache-dir "$TMP/c3" --cache-url "$url" \
    > "$TMP/c.txt" 2> "$TMP/c.err"; local st=$?
  [ $st -eq 1 ] && grep -q "warning: remote cache not used" "$TMP/c.err" \
    && cmp -s <(warnings "$TMP/a.txt") <(warnings "$TMP/c.txt") \
    && pass "server down: a warning, the same findings, exit 1" || { fail "server down (exit $st)"; show "$TMP/c.err"; }
  finish remote
}

# The helpers.cpp lines of a report's torch-factory-without-device warnings.
helper_lines() {
  grep -E '(helpers|matching)\.cpp:[0-9]+:[0-9]+: warning: .*\[torch-factory-without-device\]' "$1" \
    | sed -E 's/.*\/((helpers|matching)\.cpp):([0-9]+):.*/\1:\3/' | sort -V | tr '\n' ' '
}

# A copy of the small project $2 in $TMP/$1 (P) with its compile database
# (B), against the torch headers in $3.
project_copy() {
  P=$TMP/$1/p B=$TMP/$1/b
  mkdir -p "$P" && cp -r "$2" "$P/src"
  compdb "$B" "$P/src" -std=c++17 -I"$P/src" -isystem "$3"
}

latent_lines() {
  grep -E 'helpers\.cpp:[0-9]+:[0-9]+: warning: .*\[torch-(hardcoded-device|factory-without-device)\]' "$1" \
    | sed -E 's/.*helpers\.cpp:([0-9]+):.*/\1/' | sort -n | tr '\n' ' '
}

# A fixed device, or a device-less factory's tensor meeting data, in a helper
# whose only device is its tensor parameter is latent: torchlint never shows
# it, torchlint-run shows it where a call in another file passes data placed
# elsewhere, and names that call.
latent() {
  local run=$1 tl=$2 src=$3; shift 3
  [ -x "$run" ] || skip "torchlint-run not found: $run"
  local fake=$1 mode inc
  for inc in "$@"; do
    mode=$([ "$inc" = "$fake" ] && echo fake || echo real)
    local P B
    project_copy latent-$mode "$src" "$inc"
    local checks='-*,torch-hardcoded-device,torch-factory-without-device'
    local opts=(-j2 --checks="$checks" --no-cache)

    "$run" -p "$B" "${opts[@]}" > "$TMP/lat.txt" 2> "$TMP/lat.err"
    [ "$(latent_lines "$TMP/lat.txt")" = "6 17 " ] \
      && grep -qE "chooser\.cpp:4:[0-9]+: note: a call elsewhere in the project passes data placed" "$TMP/lat.txt" \
      && grep -qE "chooser\.cpp:8:[0-9]+: note: a call elsewhere in the project passes data placed" "$TMP/lat.txt" \
      && ! grep -q "dropped" "$TMP/lat.err" \
      && pass "$mode: a latent placement a caller makes real is shown, with the call; the other is not" \
      || { fail "$mode: latent run: $(latent_lines "$TMP/lat.txt")"; show "$TMP/lat.txt"; show "$TMP/lat.err"; }

    "$run" -p "$B" "${opts[@]}" --project-callers=false > "$TMP/lat0.txt" 2> "$TMP/lat0.err"
    "$tl" --checks="$checks" -p "$B" "$P/src/helpers.cpp" > "$TMP/lat1.txt" 2>&1
    [ -z "$(latent_lines "$TMP/lat0.txt")" ] && [ -z "$(latent_lines "$TMP/lat1.txt")" ] \
      && pass "$mode: without the project's calls (torchlint, --project-callers=false) nothing is shown" \
      || { fail "$mode: shown without the calls: $(latent_lines "$TMP/lat0.txt") / $(latent_lines "$TMP/lat1.txt")"; show "$TMP/lat1.txt"; }

    # Shards split units alike under any headers: the fake ones show it.
    if [ "$mode" = fake ]; then
      "$run" -p "$B" "${opts[@]}" --shard 1/2 --format json --output "$TMP/l1.json" 2> /dev/null
      "$run" -p "$B" "${opts[@]}" --shard 2/2 --format json --output "$TMP/l2.json" 2> /dev/null
      "$run" merge "$TMP/l1.json" "$TMP/l2.json" > "$TMP/lmerged.txt" 2> "$TMP/lmerged.err"
      local part=1
      grep -q 'helpers\.cpp' "$TMP/l2.json" && part=2
      "$run" merge "$TMP/l$part.json" > "$TMP/lhalf.txt" 2> /dev/null
      "$run" -p "$B" "${opts[@]}" --shard $part/2 > "$TMP/lshard.txt" 2> /dev/null
      [ "$(latent_lines "$TMP/lmerged.txt")" = "6 17 " ] && [ -z "$(latent_lines "$TMP/lhalf.txt")" ] \
        && [ -z "$(latent_lines "$TMP/lshard.txt")" ] \
        && pass "$mode: merged shards show it; a shard alone, as text or merged, does not" \
        || { fail "$mode: shards: merged $(latent_lines "$TMP/lmerged.txt"), half $(latent_lines "$TMP/lhalf.txt"), shard $(latent_lines "$TMP/lshard.txt")"; show "$TMP/lmerged.err"; }
    fi
  done
  finish latent
}

returned_lines() {
  grep -E 'grids\.cpp:[0-9]+:[0-9]+: warning: .*\[torch-factory-without-device\]' "$1" \
    | sed -E 's/.*grids\.cpp:([0-9]+):([0-9]+):.*/\1:\2/' | sort -n | tr '\n' ' '
}

# make_grid's factory, the first part of strides_and_counts and the first
# calls' result of running_scale meet device data in detector.cpp; the second
# part and histogram_bins never do.
returned() {
  local run=$1 tl=$2 src=$3; shift 3
  [ -x "$run" ] || skip "torchlint-run not found: $run"
  local fake=$1 mode inc
  for inc in "$@"; do
    mode=$([ "$inc" = "$fake" ] && echo fake || echo real)
    local P B
    project_copy returned-$mode "$src" "$inc"
    local opts=(-j2 --checks='-*,torch-factory-without-device' --no-cache)

    "$run" -p "$B" "${opts[@]}" > "$TMP/ret.txt" 2> "$TMP/ret.err"
    [ "$(returned_lines "$TMP/ret.txt")" = "6:10 12:11 22:12 " ] \
      && [ "$(grep -cE "detector\.cpp:8:[0-9]+: note: the tensor returned meets, elsewhere in the project" "$TMP/ret.txt")" = 2 ] \
      && grep -qE "detector\.cpp:14:[0-9]+: note: the tensor returned meets, elsewhere in the project" "$TMP/ret.txt" \
      && pass "$mode: a returned device-less tensor a caller meets with device data is shown, with the meeting; the others are not" \
      || { fail "$mode: returned run: $(returned_lines "$TMP/ret.txt")"; show "$TMP/ret.txt"; show "$TMP/ret.err"; }

    "$run" -p "$B" "${opts[@]}" --project-callers=false > "$TMP/ret0.txt" 2> /dev/null
    "$tl" --checks='-*,torch-factory-without-device' -p "$B" "$P/src/grids.cpp" > "$TMP/ret1.txt" 2>&1
    [ -z "$(returned_lines "$TMP/ret0.txt")" ] && [ -z "$(returned_lines "$TMP/ret1.txt")" ] \
      && pass "$mode: without the project's calls (torchlint, --project-callers=false) nothing is shown" \
      || { fail "$mode: shown without the calls: $(returned_lines "$TMP/ret0.txt") / $(returned_lines "$TMP/ret1.txt")"; show "$TMP/ret1.txt"; }

    # Shards split units alike under any headers: the fake ones show it.
    if [ "$mode" = fake ]; then
      "$run" -p "$B" "${opts[@]}" --shard 1/2 --format json --output "$TMP/r1.json" 2> /dev/null
      "$run" -p "$B" "${opts[@]}" --shard 2/2 --format json --output "$TMP/r2.json" 2> /dev/null
      "$run" merge "$TMP/r1.json" "$TMP/r2.json" > "$TMP/rmerged.txt" 2> "$TMP/rmerged.err"
      [ "$(returned_lines "$TMP/rmerged.txt")" = "6:10 12:11 22:12 " ] \
        && pass "$mode: merged shards judge alike" \
        || { fail "$mode: merged shards: $(returned_lines "$TMP/rmerged.txt")"; show "$TMP/rmerged.err"; }
    fi
  done
  finish returned
}

launched_lines() {
  grep -E '(ops|bindings)\.cpp:[0-9]+:[0-9]+: warning: .*\[torch-(factory-without-device|unchecked-kernel-input)\]' "$1" \
    | sed -E 's/.*\/([a-z]+)\.cpp:([0-9]+):([0-9]+):.*/\1:\2/' | sort | tr '\n' ' '
}

# scale's buffer reaches scale_kernel through kernels.cu's launcher; filled's
# goes to host code in host_ops.cpp; scale_placed's is placed. The bound shift
# hands its input to tensor_kernels.cu's shift_cuda, which launches with it
# unchecked, and scale_raw its input's memory to the launcher; shift_guarded's
# callee checks it.
launched() {
  local run=$1 tl=$2 src=$3 inc=$4
  [ -x "$run" ] || skip "torchlint-run not found: $run"
  local P B
  project_copy launched "$src" "$inc"
  local checks='-*,torch-factory-without-device,torch-unchecked-kernel-input'
  local opts=(-j2 --checks="$checks" --no-cache)
  local expected="bindings:13 bindings:25 ops:4 "
  "$run" -p "$B" "${opts[@]}" > "$TMP/lau.txt" 2> "$TMP/lau.err"
  [ "$(launched_lines "$TMP/lau.txt")" = "$expected" ] \
    && grep -qE "ops\.cpp:5:[0-9]+: note: it is passed to 'scale_launcher' here, which another file of the project defines" "$TMP/lau.txt" \
    && [ "$(grep -cE "kernels\.cu:6:[0-9]+: note: 'scale_launcher' hands it to the CUDA kernel 'scale_kernel' here" "$TMP/lau.txt")" = 2 ] \
    && grep -qE "tensor_kernels\.cu:8:[0-9]+: note: 'shift_cuda' hands it to the CUDA kernel 'shift_kernel' here" "$TMP/lau.txt" \
    && grep -qE "bindings\.cpp:15:[0-9]+: note: it is passed to 'shift_cuda' here" "$TMP/lau.txt" \
    && ! grep -q "could not be analysed" "$TMP/lau.err" \
    && pass "a buffer handed to another file's launcher, and an input handed on unchecked, are shown with the launch; host code and a checking callee keep them silent" \
    || { fail "launched run: $(launched_lines "$TMP/lau.txt")"; show "$TMP/lau.txt"; show "$TMP/lau.err"; }

  "$run" -p "$B" "${opts[@]}" --project-callers=false > "$TMP/lau0.txt" 2> /dev/null
  "$tl" --checks="$checks" -p "$B" "$P/src/ops.cpp" "$P/src/bindings.cpp" > "$TMP/lau1.txt" 2>&1
  [ -z "$(launched_lines "$TMP/lau0.txt")" ] && [ -z "$(launched_lines "$TMP/lau1.txt")" ] \
    && pass "without the project's units (torchlint, --project-callers=false) nothing is shown" \
    || { fail "shown without the launcher's unit: $(launched_lines "$TMP/lau0.txt") / $(launched_lines "$TMP/lau1.txt")"; show "$TMP/lau1.txt"; }

  "$run" -p "$B" "${opts[@]}" --shard 1/2 --format json --output "$TMP/la1.json" 2> /dev/null
  "$run" -p "$B" "${opts[@]}" --shard 2/2 --format json --output "$TMP/la2.json" 2> /dev/null
  "$run" merge "$TMP/la1.json" "$TMP/la2.json" > "$TMP/lamerged.txt" 2> "$TMP/lamerged.err"
  [ "$(launched_lines "$TMP/lamerged.txt")" = "$expected" ] \
    && pass "merged shards judge alike" \
    || { fail "merged shards: $(launched_lines "$TMP/lamerged.txt")"; show "$TMP/lamerged.err"; }
  finish launched
}

callers() {
  local run=$1 src=$2; shift 2
  [ -x "$run" ] || skip "torchlint-run not found: $run"
  # Alone, each file shows only matching.cpp's: match asks where its data
  # lives, and offset_rows is beside it. The helpers of helpers.cpp have only
  # their parameters for a device, and nothing beside them follows one:
  # latent.
  local alone="matching.cpp:7 matching.cpp:12 "
  # Judged by the project: add_bias and center (CUDA data and a module's
  # output reach them), clip_device (through relay_device) and weigh (a
  # member of a batch that gpu_train.cpp fills on the GPU, through score)
  # are shown; match and offset_rows are dropped (only host data reaches
  # them). Not shown: unused_helper (no caller), by_address (called through
  # a pointer), and the helpers whose callers pass host data.
  local kept="helpers.cpp:19 helpers.cpp:24 helpers.cpp:34 helpers.cpp:53 "
  local fake=$1 mode inc st
  for inc in "$@"; do
    mode=$([ "$inc" = "$fake" ] && echo fake || echo real)
    local P=$TMP/$mode/p B=$TMP/$mode/b C=$TMP/$mode/c
    mkdir -p "$P" && cp -r "$src" "$P/src"
    compdb "$B" "$P/src" -std=c++17 -I"$P/src" -isystem "$inc"
    local opts=(-j2 --checks='-*,torch-factory-without-device' --cache-dir "$C")

    "$run" -p "$B" "${opts[@]}" --project-callers=false > "$TMP/plain.txt" 2> "$TMP/plain.err"
    [ "$(helper_lines "$TMP/plain.txt")" = "$alone" ] \
      && pass "$mode: --project-callers=false reports what each file shows alone, as torchlint does" \
      || { fail "$mode: plain run: $(helper_lines "$TMP/plain.txt")"; show "$TMP/plain.err"; }

    "$run" -p "$B" "${opts[@]}" > "$TMP/pc.txt" 2> "$TMP/pc.err"
    [ "$(helper_lines "$TMP/pc.txt")" = "$kept" ] && grep -q "2 findings dropped" "$TMP/pc.err" \
      && grep -q "dropped $P/src/matching.cpp:7:12 \[torch-factory-without-device\]" "$TMP/pc.err" \
      && grep -q "dropped $P/src/matching.cpp:12:17 \[torch-factory-without-device\]" "$TMP/pc.err" \
      && [ "$(grep -c "note: a call elsewhere in the project passes data placed" "$TMP/pc.txt")" = 4 ] \
      && pass "$mode: by default the calls show 4 latent findings, with the call, and drop the two no call supports" \
      || { fail "$mode: default run kept $(helper_lines "$TMP/pc.txt")"; show "$TMP/pc.err"; }

    "$run" -p "$B" "${opts[@]}" --project-callers > "$TMP/pc2.txt" 2> "$TMP/pc2.err"
    grep -q "5 files (5 cached, 0 failed)" "$TMP/pc2.err" \
      && [ "$(helper_lines "$TMP/pc2.txt")" = "$kept" ] \
      && pass "$mode: a warm run judges from the cached calls alike" \
      || { fail "$mode: warm run kept $(helper_lines "$TMP/pc2.txt")"; show "$TMP/pc2.err"; }

    # Shards record their calls; merged, they are judged as the whole run.
    "$run" -p "$B" "${opts[@]}" --shard 1/2 --format json --output "$TMP/s1.json" 2> "$TMP/s1.err"
    "$run" -p "$B" "${opts[@]}" --shard 2/2 --format json --output "$TMP/s2.json" 2> "$TMP/s2.err"
    "$run" merge "$TMP/s1.json" "$TMP/s2.json" > "$TMP/merged.txt" 2> "$TMP/merged.err"
    [ "$(helper_lines "$TMP/merged.txt")" = "$kept" ] && grep -q "2 findings dropped" "$TMP/merged.err" \
      && pass "$mode: two shards merged judge alike" \
      || { fail "$mode: merged shards kept $(helper_lines "$TMP/merged.txt")"; show "$TMP/merged.err"; show "$TMP/s1.err"; }
    # The shard that linted matching.cpp, merged alone: its callers are not
    # all known, so it shows what the file shows alone, and says why.
    local part=1
    grep -q 'matching\.cpp' "$TMP/s2.json" && part=2
    "$run" merge "$TMP/s$part.json" > "$TMP/half.txt" 2> "$TMP/half.err"
    [ "$(helper_lines "$TMP/half.txt")" = "$alone" ] \
      && grep -q "not judged by their callers: shard $((3 - part))/2 not merged" "$TMP/half.err" \
      && pass "$mode: one shard merged alone is not judged, and says why" \
      || { fail "$mode: shard $part alone kept $(helper_lines "$TMP/half.txt")"; show "$TMP/half.err"; }

    # A run over some files cannot see every caller: each file is judged
    # alone, and asking for the judgement there is refused.
    "$run" -p "$B" "${opts[@]}" '(helpers|matching)\.cpp' > "$TMP/some.txt" 2> "$TMP/some.err"
    [ "$(helper_lines "$TMP/some.txt")" = "$alone" ] \
      && pass "$mode: a file filter judges each file alone" \
      || { fail "$mode: filtered run: $(helper_lines "$TMP/some.txt")"; show "$TMP/some.err"; }

    # Without the training file no unit names a device other than the CPU:
    # the project is a host program, and nothing is left to report.
    python3 -c '
import json, os, sys
entries = [e for e in json.load(open(sys.argv[1])) if not e["file"].endswith("gpu_train.cpp")]
os.makedirs(os.path.dirname(sys.argv[2]), exist_ok=True)
json.dump(entries, open(sys.argv[2], "w"))' "$B/compile_commands.json" "$TMP/$mode/host/compile_commands.json"
    "$run" -p "$TMP/$mode/host" "${opts[@]}" > "$TMP/host.txt" 2> "$TMP/host.err"
    st=$?
    [ -z "$(helper_lines "$TMP/host.txt")" ] && [ $st -eq 0 ] \
      && pass "$mode: a project that names no device keeps none (exit 0)" \
      || { fail "$mode: host project kept $(helper_lines "$TMP/host.txt") (exit $st)"; show "$TMP/host.err"; }

    # Without a main as well, the project is a library that names no device:
    # device-neutral code, whose users may pass anything. What its own code
    # shows is kept; what only its users could show stays latent.
    python3 -c '
import json, os, sys
entries = [e for e in json.load(open(sys.argv[1])) if not e["file"].endswith(("gpu_train.cpp", "host_main.cpp"))]
os.makedirs(os.path.dirname(sys.argv[2]), exist_ok=True)
json.dump(entries, open(sys.argv[2], "w"))' "$B/compile_commands.json" "$TMP/$mode/library/compile_commands.json"
    "$run" -p "$TMP/$mode/library" "${opts[@]}" > "$TMP/library.txt" 2> "$TMP/library.err"
    [ "$(helper_lines "$TMP/library.txt")" = "$alone" ] \
      && pass "$mode: a library that names no device keeps what its code shows" \
      || { fail "$mode: library kept $(helper_lines "$TMP/library.txt")"; show "$TMP/library.err"; }

    # A unit that cannot be analysed hides its calls: nothing is judged.
    printf '#include "helpers.h"\n#include "no_such_header.h"\nvoid f() { scale_rows(torch::ones({4}).cuda()); }\n' \
      > "$P/src/broken.cpp"
    compdb "$TMP/$mode/broken" "$P/src" -std=c++17 -I"$P/src" -isystem "$inc"
    "$run" -p "$TMP/$mode/broken" "${opts[@]}" > "$TMP/broken.txt" 2> "$TMP/broken.err"
    [ "$(helper_lines "$TMP/broken.txt")" = "$alone" ] \
      && grep -q "not judged by their callers: 1 units could not be analysed" "$TMP/broken.err" \
      && pass "$mode: a unit with a fatal error leaves each file judged alone, and says why" \
      || { fail "$mode: with a broken unit kept $(helper_lines "$TMP/broken.txt")"; show "$TMP/broken.err"; }
    rm "$P/src/broken.cpp"
  done

  "$run" -p "$TMP/fake/b" --project-callers 'helpers\.cpp' > /dev/null 2> "$TMP/filter.err"
  st=$?
  [ $st -eq 2 ] && grep -q "cannot be combined with --diff or file filters" "$TMP/filter.err" \
    && pass "--project-callers with a file filter is refused (exit 2)" \
    || { fail "file filter accepted (exit $st)"; show "$TMP/filter.err"; }
  finish callers
}

case "${1:-}" in
  project) shift; project "$@" ;;
  callers) shift; callers "$@" ;;
  latent) shift; latent "$@" ;;
  returned) shift; returned "$@" ;;
  launched) shift; launched "$@" ;;
  preamble) shift; preamble "$@" ;;
  cuda) shift; cuda_units "$@" ;;
  canonical) shift; canonical "$@" ;;
  remote) shift; remote "$@" ;;
  *) sed -n '2,28p' "$0"; exit 2 ;;
esac
