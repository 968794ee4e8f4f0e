#!/usr/bin/env bash
# Huge generated functions neither hang nor cost the rest of the file: one
# with a control-flow graph past the analysis limit (given up, and said so
# under DebugAnalysis), one with thousands of placements and tensor locals
# (analysed in bounded time), and after them a small function whose seeded
# defect must still be reported.
# Usage: generated.sh TORCHLINT INCLUDE_DIR PCH
set -u
tl=$1 inc=$2 pch=$3
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
python3 - "$tmp/generated.cpp" <<'PY'
import sys
out = ["#include <torch/torch.h>",
       "torch::Tensor branches(torch::Tensor x, int k) {"]
out += [f"  if (k == {i}) x = x + {i};" for i in range(3000)]
out += ["  return x;", "}",
        "torch::Tensor placements(torch::Tensor x, torch::nn::Linear net, int k) {",
        "  auto y = x;"]
out += [f"  auto t{i} = torch::zeros({{3}}).to(x.device()); y = y + t{i} * x.sum();"
        f" if (k > {i}) {{ y = y * 2; }} net->to(x.device());" for i in range(1500)]
out += ["  return y;", "}",
        "torch::Tensor seeded(const torch::Tensor &x, torch::Device d) {",
        "  auto w = torch::ones({3});", "  return x.to(d) * w;", "}"]
open(sys.argv[1], "w").write("\n".join(out) + "\n")
PY
start=$(date +%s)
out=$(timeout 120 "$tl" --checks='-*,torch-*' \
      --config='{CheckOptions: {DebugAnalysis: true}}' "$tmp/generated.cpp" \
      -- -std=c++17 -isystem "$inc" -include-pch "$pch" 2>&1); status=$?
seconds=$(( $(date +%s) - start ))
fail=0
[ $status -le 1 ] || { echo "FAIL: torchlint exited $status after ${seconds}s"; fail=1; }
grep -q "remark: device analysis gave up on 'branches': its control-flow graph has" <<<"$out" \
  || { echo "FAIL: no remark that the analysis gave up on 'branches'"; fail=1; }
grep -q "remark: device analysis gave up on 'placements'" <<<"$out" \
  && { echo "FAIL: the analysis gave up on 'placements', which is within the limits"; fail=1; }
grep -q "generated.cpp:$((3000 + 1510)):12: warning: tensor factory 'torch::ones'" <<<"$out" \
  || { echo "FAIL: the seeded defect after the huge functions is not reported"; fail=1; }
echo "torchlint took ${seconds}s (exit $status)"
[ $fail -eq 0 ] || { echo "$out" | grep -v '^ *#[0-9]' | grep -E 'warning|remark|error' | head -20; exit 1; }
echo PASS
