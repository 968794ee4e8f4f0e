#!/usr/bin/env bash
# Editor and CI agree on configuration: a project's .clang-tidy names its own
# op rules with a relative RulesFile under one check's name; torchlint, the
# plugin in stock clang-tidy-19 and torchlint-clangd, each started from a
# directory other than the project's, find the same defects that only those
# rules reveal. A configuration error reaches the editor as a diagnostic and
# the command line as an error.
# Usage: config_agree.sh TORCHLINT CLANG_TIDY PLUGIN TORCHLINT_CLANGD INCLUDE_DIR
set -u
tl=$1 tidy=$2 plugin=$3 clangd=$4 inc=$5
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d /tmp/torchlint-config-XXXXXX)
trap 'rm -rf "$work"' EXIT
pass=0 fail=0
ok() { echo "PASS: $1"; pass=$((pass+1)); }
bad() { echo "FAIL: $1"; [ -n "${2:-}" ] && echo "$2" | head -30; fail=$((fail+1)); }

proj=$work/project
mkdir -p "$proj/src" "$proj/rules" "$work/elsewhere"
cat > "$proj/.clang-tidy" <<'YAML'
Checks: '-*,torch-*'
CheckOptions:
  torch-mixed-device-op.RulesFile: rules/ops.yaml
YAML
cat > "$proj/rules/ops.yaml" <<'YAML'
version: 1
ops:
  - {name: mylib::make_table, rule: factory}
YAML
# Only the project's rules make mylib::make_table a factory; the rules file
# is named under torch-mixed-device-op, the finding is torch-factory-without-device's.
cat > "$proj/src/scale.cpp" <<'CPP'
#include <torch/torch.h>
namespace mylib {
torch::Tensor make_table(torch::IntArrayRef size, torch::TensorOptions options = {});
}
torch::Tensor scale(const torch::Tensor &x) {
  auto w = mylib::make_table({3});
  return x * w;
}
torch::Tensor scale_on(torch::Device d) { return scale(torch::rand({3}, d)); }
CPP
want="scale.cpp:6:12: warning: tensor factory 'mylib::make_table' is called without a device"
flags=(-- -std=c++17 -I "$inc")

out=$(cd "$work/elsewhere" && "$tl" "$proj/src/scale.cpp" "${flags[@]}" 2>&1)
if grep -qF "$want" <<<"$out" && ! grep -q "configuration" <<<"$out"; then
  ok "torchlint resolves RulesFile against the .clang-tidy"
else bad "torchlint" "$out"; fi

out=$(cd "$work/elsewhere" && "$tidy" --load="$plugin" "$proj/src/scale.cpp" "${flags[@]}" 2>&1)
if grep -qF "$want" <<<"$out" && ! grep -q "configuration" <<<"$out"; then
  ok "the plugin resolves RulesFile against the .clang-tidy"
else bad "plugin" "$out"; fi

# The editor: the same project files in clangd's workspace, clangd started
# elsewhere.
cfg=$work/clangd-config
mkdir -p "$cfg"
sed 's|rules/ops.yaml|ops.yaml|' "$proj/.clang-tidy" > "$cfg/.clang-tidy"
cp "$proj/rules/ops.yaml" "$cfg/ops.yaml"
if out=$(python3 "$here/lsp_session.py" --clangd "$clangd" --file "$proj/src/scale.cpp" \
    --expect-code torch-factory-without-device --expect-message-substring "mylib::make_table" \
    --expect-href-substring "/checks/torch-factory-without-device.md" \
    --setup none --config-dir "$cfg" --server-cwd "$work/elsewhere" \
    --flag=-std=c++17 --flag=-I"$inc" 2>&1); then
  ok "torchlint-clangd resolves RulesFile against the .clang-tidy; the link opens the check's page"
else bad "torchlint-clangd" "$out"; fi

# Configuration errors: an error on the command line (non-zero exit), a
# diagnostic in the editor.
printf "Checks: '-*,torch-*'\nCheckOptions:\n  RulesFile: missing.yaml\n  torch-hardcoded-device.IgnoredFile: x\n" \
  > "$cfg/.clang-tidy"
cp "$cfg/.clang-tidy" "$proj/.clang-tidy"
out=$(cd "$work/elsewhere" && "$tl" "$proj/src/scale.cpp" "${flags[@]}" 2>&1); status=$?
if [ $status -ne 0 ] &&
   grep -qF "scale.cpp:1:1: error: torchlint configuration: cannot use RulesFile 'missing.yaml'" <<<"$out" &&
   grep -qF "$proj/missing.yaml: cannot read" <<<"$out" &&
   grep -qF "unknown option 'torch-hardcoded-device.IgnoredFile'" <<<"$out"; then
  ok "configuration errors are errors on the command line"
else bad "configuration errors on the command line (status $status)" "$out"; fi
if out=$(python3 "$here/lsp_session.py" --clangd "$clangd" --file "$proj/src/scale.cpp" \
    --expect-code any --expect-message-substring "unknown option 'torch-hardcoded-device.IgnoredFile'" \
    --setup none --config-dir "$cfg" --server-cwd "$work/elsewhere" \
    --flag=-std=c++17 --flag=-I"$inc" 2>&1); then
  ok "configuration errors are diagnostics in the editor"
else bad "configuration errors in the editor" "$out"; fi

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
