#!/usr/bin/env bash
# The rule-table program must tell a 0-dim CPU exception that holds on CUDA from one that only
# holds on meta: a table that gives clamp_min the CPU-scalar exception (as TensorIterator alone
# would, and as meta runs it) is wrong on CUDA, whose generated wrapper check rejects it. Run
# on whatever device the program sees, it must report those cases as DISAGREE and fail.
#   wrapper_excuse.sh RULE_TABLE_BINARY RULES_YAML
set -uo pipefail
binary=$1 rules=$2
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
sed -E 's/^(\s*- \{name: (torch|at::Tensor)::clamp_min), rule: strict\}/\1, rule: cpu_scalar}/' \
  "$rules" >"$scratch/excused.yaml"
if ! grep -q 'name: torch::clamp_min, rule: cpu_scalar' "$scratch/excused.yaml"; then
  echo "FAIL: could not give clamp_min the CPU-scalar exception in a copy of $rules" >&2
  exit 1
fi
"$binary" --rules "$scratch/excused.yaml" >"$scratch/out.md" 2>/dev/null
status=$?
if [[ $status -ne 1 ]]; then
  echo "FAIL: expected exit 1 (DISAGREE), got $status" >&2
  exit 1
fi
for call in 'torch::clamp_min: f(dev\[2\], cpu0)' 'at::Tensor::clamp_min: f(cpu0, dev\[2\])'; do
  if ! grep -q "^DISAGREE rows:.*$call" "$scratch/out.md"; then
    echo "FAIL: no DISAGREE for $call" >&2
    grep '^DISAGREE rows:' "$scratch/out.md" >&2
    exit 1
  fi
done
grep -q "the op's CUDA wrapper check rejects" "$scratch/out.md" || {
  echo "FAIL: the table does not say why" >&2
  exit 1
}
# The shipped table itself passes (0 DISAGREE) in the test beside this one.
echo "wrapper_excuse: the excused clamp_min rows are reported as DISAGREE"
