#!/usr/bin/env bash
# Every GPU check of a session in one command, for a lent GPU machine with PyTorch 2.x and nvcc:
# the runtime suite (scripts/gpu-validate.sh), the op rule table on CUDA (validation/run.sh) and,
# when `scripts/gpu-example.sh prepare .gpu/example` ran here first, the bundled example as
# shipped, fixed and with each fix taken back, and when `scripts/gpu-extension.sh prepare
# .gpu/extension` did, the example extension as shipped and fixed. They run side by side; logs
# go to $OUT.
#
#   scripts/gpu-session.sh            # from the repository root, with GoogleTest in .gtest/
set -uo pipefail
cd "$(dirname "$0")/.."
OUT="${OUT:-/tmp/gpu-session}"
mkdir -p "$OUT/gv"
echo "date:   $(date -u +%FT%TZ)"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
python3 -c 'import torch; print("torch:", torch.__version__, "CUDA", torch.version.cuda)'
echo "nvcc:   $(nvcc --version 2>/dev/null | tail -n1)"
jobs_each=$(( $(nproc) / 3 + 1 ))
(OUT="$OUT/gv" BUILD_DIR=/tmp/build-gpu JOBS=$jobs_each bash scripts/gpu-validate.sh \
   >/dev/null 2>&1; echo "gpu-validate.sh exit $?") &
(BUILD_DIR=/tmp/rt-build JOBS=$jobs_each bash validation/run.sh "$OUT/rule_table.md" \
   >"$OUT/rule-table.txt" 2>&1; echo "validation/run.sh exit $?") &
if [[ -d .gpu/example ]]; then
  (OUT="$OUT" JOBS=$jobs_each bash scripts/gpu-example.sh run .gpu/example >"$OUT/example.txt" 2>&1
   echo "gpu-example.sh exit $?") &
fi
if [[ -d .gpu/extension ]]; then
  (OUT="$OUT" JOBS=$jobs_each bash scripts/gpu-extension.sh run .gpu/extension >"$OUT/extension.txt" 2>&1
   echo "gpu-extension.sh exit $?") &
fi
wait
grep -E '^(RESULT|COPY)' "$OUT/example.txt" 2>/dev/null
grep -E '^RESULT' "$OUT/extension.txt" 2>/dev/null
grep -E 'tests passed|tests registered|ctest exit' "$OUT/gv/gpu-validate.log"
grep -A25 'The following tests FAILED' "$OUT/gv/ctest-output.txt" | head -30
tail -n 8 "$OUT/rule-table.txt"
