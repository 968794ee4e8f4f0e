#!/usr/bin/env bash
# End-to-end test of the pre-commit hooks in .pre-commit-hooks.yaml, with the
# installed `pre-commit` (Debian's), offline:
#
#   pre_commit.sh <torchlint> <torchlint-run> <include-dir>
#
# A throwaway git repository holds this checkout's .pre-commit-hooks.yaml (the
# hook repository); a second one is a tiny libtorch project with a
# compile_commands.json and a .pre-commit-config.yaml that uses both hooks
# with `args: [-p, build]`; the given binaries are first on PATH as torchlint
# and torchlint-run; `pre-commit install` installs the git hook. Then:
#   a) the first commit (no HEAD yet) and a staged clean file pass;
#   b) a staged device bug makes `git commit` fail in the torchlint hook, with
#      the finding in the output, and nothing is committed; also in a header;
#   c) the same for the torchlint-run-diff hook;
#   d) unstaged bad changes (in a staged file and in another one) do not fail
#      the commit, and are still there afterwards; staged, they do;
#   e) torchlint-run-diff reports changed lines only: an old finding on an
#      untouched line of a changed file passes it (the torchlint hook fails);
#      `pre-commit run --from-ref A --to-ref B` diffs against A;
#   f) in the pre-push stage, a push that brings a device bug to a local bare
#      remote is refused (the remote keeps its commit), a clean one goes through.
#
# Prints PASS:/FAIL: lines; exits 0 if every step passed, 1 if one failed, 77
# if pre-commit is not installed, 2 on bad usage. E2E_KEEP=1 keeps (and
# prints) the temporary directory.
set -u
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
FAILS=0
pass() { echo "PASS: $*"; }
fail() { echo "FAIL: $*"; FAILS=$((FAILS + 1)); }
skip() { echo "SKIP: $*"; exit 77; }
show() { sed 's/^/    | /' "$1" | tail -n "${2:-40}"; }

[ $# -eq 3 ] || { awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 2; }
TL=$1 RUN=$2 INC=$3
for f in "$TL" "$RUN"; do
  [ -x "$f" ] || { echo "FAIL: not an executable: $f"; exit 1; }
done
[ -d "$INC" ] || { echo "FAIL: include directory not found: $INC"; exit 1; }
[ -f "$ROOT/.pre-commit-hooks.yaml" ] || { echo "FAIL: no $ROOT/.pre-commit-hooks.yaml"; exit 1; }
command -v pre-commit >/dev/null 2>&1 || skip "pre-commit is not installed (apt-get install pre-commit)"
command -v git >/dev/null 2>&1 || skip "git is not installed"

TMP=$(mktemp -d "${TMPDIR:-/tmp}/torchlint-pre-commit.XXXXXX")
TMP=$(cd "$TMP" && pwd -P)  # torchlint-run matches paths with git's real ones
if [ -n "${E2E_KEEP:-}" ]; then echo "temporary directory: $TMP"; else trap 'rm -rf "$TMP"' EXIT; fi
abs() { (cd "$(dirname "$1")" && echo "$(pwd -P)/$(basename "$1")"); }
TL=$(abs "$TL") RUN=$(abs "$RUN") INC=$(cd "$INC" && pwd -P)

# Nothing from the tester's environment: no git or pre-commit configuration,
# no cache in ~/.cache, no SKIP.
export HOME=$TMP/home PRE_COMMIT_HOME=$TMP/pre-commit-home GIT_CONFIG_NOSYSTEM=1
export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@example.com
export GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@example.com
unset SKIP GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE PRE_COMMIT_FROM_REF PRE_COMMIT_TO_REF
mkdir -p "$HOME" "$TMP/bin"
ln -s "$TL" "$TMP/bin/torchlint"
ln -s "$RUN" "$TMP/bin/torchlint-run"
export PATH=$TMP/bin:$PATH
g() { git -c init.defaultBranch=main -c advice.detachedHead=false "$@"; }

# The hook repository: this checkout's manifest, committed.
H=$TMP/hooks
mkdir -p "$H" && cp "$ROOT/.pre-commit-hooks.yaml" "$H/"
(cd "$H" && g init -q && g add . && g commit -qm hooks) || { echo "FAIL: hook repository"; exit 1; }
REV=$(git -C "$H" rev-parse HEAD)
if pre-commit validate-manifest "$H/.pre-commit-hooks.yaml" > "$TMP/out" 2>&1; then
  pass "pre-commit validate-manifest accepts .pre-commit-hooks.yaml"
else
  fail "pre-commit validate-manifest"; show "$TMP/out"
fi

# The project.
P=$TMP/proj
mkdir -p "$P/src" "$P/build"
cd "$P" || exit 1
printf "Checks: '-*,torch-*'\n" > .clang-tidy
printf 'build/\n' > .gitignore
cat > .pre-commit-config.yaml <<EOF
repos:
- repo: file://$H
  rev: $REV
  hooks:
  - id: torchlint
    args: [-p, build]
  - id: torchlint-run-diff
    args: [-p, build]
EOF
clean_unit() {  # clean_unit NAME: a file with a device-correct factory,
  # and a call that passes it data on a device chosen at run time
  cat > "src/$1.cpp" <<EOF
#include <torch/torch.h>
torch::Tensor $1(const torch::Tensor &x) {
  auto w = torch::ones({3}, torch::device(x.device()));
  return x * w;
}
torch::Tensor $1_on(torch::Device device) {
  return $1(torch::rand({3}, device));
}
EOF
}
bug_line='  auto w = torch::ones({3});'
make_bad() {  # make_bad NAME: the factory loses its device
  sed -i "s|^  auto w = torch::ones.*|$bug_line|" "src/$1.cpp"
}
for u in a b c d e f; do clean_unit "$u"; done
python3 - "$P" "$INC" <<'EOF'
import json, os, sys
p, inc = sys.argv[1], sys.argv[2]
json.dump([{"directory": p + "/build", "file": f"{p}/src/{u}.cpp",
            "arguments": ["clang++", "-std=c++17", "-isystem", inc, "-c",
                          f"{p}/src/{u}.cpp", "-o", f"{u}.o"]} for u in "abcdef"],
          open(p + "/build/compile_commands.json", "w"), indent=1)
EOF
g init -q || { echo "FAIL: git init"; exit 1; }
pre-commit install > "$TMP/out" 2>&1 || { echo "FAIL: pre-commit install"; cat "$TMP/out"; exit 1; }
[ -x .git/hooks/pre-commit ] || { echo "FAIL: no .git/hooks/pre-commit"; exit 1; }

head_is() { [ "$(git rev-parse -q --verify HEAD)" = "$1" ]; }
# ran_ok FILE HOOK-NAME: the hook ran (was not skipped for want of files) and passed.
ran_ok() { grep -Eq "^$2\.+Passed" "$1"; }
ran_failed() { grep -Eq "^$2\.+Failed" "$1"; }
FINDING="tensor factory 'torch::ones' is called without a device"
TLH='torchlint'
RDH='torchlint-run --diff'

# a) The first commit (torchlint-run-diff against the empty tree), then a
# staged clean file with `pre-commit run`.
g add .clang-tidy .gitignore .pre-commit-config.yaml src/a.cpp src/b.cpp src/c.cpp
if g commit -m initial > "$TMP/out" 2>&1 && git rev-parse -q --verify HEAD >/dev/null &&
   ran_ok "$TMP/out" "$TLH" && ran_ok "$TMP/out" "$RDH"; then
  pass "a) first commit: both hooks ran and passed"
else
  fail "a) first commit"; show "$TMP/out"
fi
g add src/d.cpp
if pre-commit run > "$TMP/out" 2>&1 && ran_ok "$TMP/out" "$TLH" && ran_ok "$TMP/out" "$RDH"; then
  pass "a) pre-commit run on a staged clean file: both hooks ran and passed"
else
  fail "a) pre-commit run on a staged clean file"; show "$TMP/out"
fi
g commit -qm d > "$TMP/out" 2>&1 || { fail "a) commit of a clean file"; show "$TMP/out"; }
BASE=$(git rev-parse HEAD)

# b), c) A staged device bug, each hook alone (SKIP names the other).
make_bad e
g add src/e.cpp
for hook in torchlint torchlint-run-diff; do
  other=torchlint-run-diff name=$TLH
  [ $hook = torchlint-run-diff ] && other=torchlint name=$RDH
  SKIP=$other g commit -m bad > "$TMP/out" 2>&1; st=$?
  if [ $st -ne 0 ] && head_is "$BASE" && ran_failed "$TMP/out" "$name" &&
     grep -Eq "src/e.cpp:3:12: (warning|error): $FINDING" "$TMP/out" &&
     grep -q "torch-factory-without-device" "$TMP/out"; then
    pass "$hook: git commit of a staged device bug refused (exit $st), finding shown"
    cp "$TMP/out" "$TMP/out-$hook"
  else
    fail "$hook: git commit of a staged device bug (exit $st, want non-zero and the finding)"
    show "$TMP/out"
  fi
done
g rm -q --cached src/e.cpp && clean_unit e  # untracked, as at the start

# b) A staged header: the torchlint hook lints it with the flags of a source
# file next to it (clang's interpolation of the compile database).
cat > src/model.h <<'EOF'
#pragma once
#include <torch/torch.h>
inline torch::Tensor scaled(const torch::Tensor &x) {
  auto w = torch::ones({3});
  return x * w;
}
inline torch::Tensor scaled_on(torch::Device d) {
  return scaled(torch::rand({3}, d));
}
EOF
g add src/model.h
SKIP=torchlint-run-diff g commit -m header > "$TMP/out" 2>&1; st=$?
if [ $st -ne 0 ] && head_is "$BASE" && ran_failed "$TMP/out" "$TLH" &&
   grep -Eq "src/model.h:4:12: (warning|error): $FINDING" "$TMP/out"; then
  pass "torchlint: git commit of a header with a device bug refused, finding shown"
else
  fail "torchlint: git commit of a header with a device bug (exit $st)"; show "$TMP/out"
fi
g rm -q --cached src/model.h && rm src/model.h

# d) Unstaged bad changes are stashed while the hooks run: a clean change
# to c.cpp is staged and a bad one made on top; b.cpp gets a bad change, not
# staged.
sed -i 's|^  return x \* w;|  return w * x;|' src/c.cpp
g add src/c.cpp
make_bad c
make_bad b
if g commit -m 'c: clean' > "$TMP/out" 2>&1 && ran_ok "$TMP/out" "$TLH" && ran_ok "$TMP/out" "$RDH" &&
   [ "$(git diff --name-only | tr '\n' ' ')" = "src/b.cpp src/c.cpp " ] &&
   grep -qxF "$bug_line" src/b.cpp && grep -qxF "$bug_line" src/c.cpp; then
  pass "d) unstaged bad changes do not fail the commit and are kept"
else
  fail "d) unstaged bad changes"; show "$TMP/out"; git status --short
fi
BASE=$(git rev-parse HEAD)
g add -u
if ! g commit -m 'b, c: bad' > "$TMP/out" 2>&1 && head_is "$BASE" &&
   ran_failed "$TMP/out" "$TLH" && ran_failed "$TMP/out" "$RDH" &&
   [ "$(grep -c "$FINDING" "$TMP/out")" -eq 4 ]; then
  pass "d) the same changes staged fail both hooks"
else
  fail "d) the same changes staged (want both hooks failed, 2 findings each)"; show "$TMP/out"
fi
g checkout -q HEAD -- src/b.cpp src/c.cpp

# e) Changed lines only: f.cpp is committed with the bug (--no-verify), then
# a clean line is added to it. The diff hook passes, the torchlint hook does not.
clean_unit f && make_bad f
g add src/f.cpp && g commit -q --no-verify -m 'f: bad'
printf '// a comment\n' >> src/f.cpp
g add src/f.cpp
SKIP=torchlint pre-commit run > "$TMP/out" 2>&1; st1=$?
cp "$TMP/out" "$TMP/out1"
SKIP=torchlint-run-diff pre-commit run > "$TMP/out" 2>&1; st2=$?
if [ $st1 -eq 0 ] && ran_ok "$TMP/out1" "$RDH" && [ $st2 -ne 0 ] && ran_failed "$TMP/out" "$TLH"; then
  pass "e) an old finding on an unchanged line: torchlint-run-diff passes, torchlint fails"
else
  fail "e) old finding (torchlint-run-diff exit $st1, want 0; torchlint exit $st2, want non-zero)"
  show "$TMP/out1"; show "$TMP/out"
fi
g reset -q --hard HEAD
SKIP=torchlint pre-commit run --from-ref "$BASE" --to-ref HEAD > "$TMP/out" 2>&1; st=$?
if [ $st -ne 0 ] && ran_failed "$TMP/out" "$RDH" && grep -Eq "src/f.cpp:3:12: (warning|error): $FINDING" "$TMP/out"; then
  pass "e) --from-ref: torchlint-run-diff reports the bug the range brought"
else
  fail "e) --from-ref (exit $st, want non-zero and the finding)"; show "$TMP/out"
fi

# f) The pre-push stage: pre-commit runs the hooks on what a push sends
# (PRE_COMMIT_FROM_REF is the remote's commit). The remote holds BASE; f.cpp's
# bug, committed with --no-verify above, is refused at the push, and the
# remote keeps BASE; once f.cpp is repaired, the push goes through.
REMOTE=$TMP/remote.git
g init -q --bare "$REMOTE" && g remote add origin "$REMOTE" &&
  g push -q --no-verify origin "$BASE:refs/heads/main" > "$TMP/out" 2>&1 ||
  { fail "f) a remote holding BASE"; show "$TMP/out"; }
pre-commit install --hook-type pre-push > "$TMP/out" 2>&1 && [ -x .git/hooks/pre-push ] ||
  { fail "f) pre-commit install --hook-type pre-push"; show "$TMP/out"; }
SKIP=torchlint g push origin main > "$TMP/out" 2>&1; st=$?
if [ $st -ne 0 ] && [ "$(git --git-dir="$REMOTE" rev-parse main)" = "$BASE" ] &&
   ran_failed "$TMP/out" "$RDH" && grep -Eq "src/f.cpp:3:12: (warning|error): $FINDING" "$TMP/out"; then
  pass "f) pre-push: a push that brings a device bug is refused, finding shown"
else
  fail "f) pre-push with a device bug (exit $st, want non-zero, the finding, the remote unchanged)"
  show "$TMP/out"
fi
clean_unit f && g commit -q --no-verify -am 'f: repaired'
SKIP=torchlint g push origin main > "$TMP/out" 2>&1; st=$?
if [ $st -eq 0 ] && ran_ok "$TMP/out" "$RDH" &&
   [ "$(git --git-dir="$REMOTE" rev-parse main)" = "$(git rev-parse HEAD)" ]; then
  pass "f) pre-push: a clean push goes through"
else
  fail "f) pre-push of a clean change (exit $st)"; show "$TMP/out"
fi

if [ "$FAILS" -eq 0 ]; then echo "PASS: pre-commit hooks (all steps)"; exit 0; fi
echo "FAIL: pre-commit hooks ($FAILS steps failed)"; exit 1
