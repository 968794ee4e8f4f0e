#!/usr/bin/env bash
# Benchmark: share of torchlint's time spent in the torch-* checks on files of
# a few hundred lines that include the real <torch/torch.h>, with libtorch
# given by -isystem and by -I (where libtorch's own functions must be skipped
# as library code, not walked): device_flow_bench.cpp (a realistic unit) and
# summaries_bench.cpp (helpers calling helpers: the summaries across
# functions).
# Goal: under 5% in each (clang-tidy's --enable-check-profile).
#
# Usage: bench/run.sh [path/to/torchlint]   (default: build/bin/torchlint)
# BENCH_STYLES="isystem I" (default) chooses the include styles measured,
# BENCH_INPUTS (default: both files above) the inputs.
# Not a ctest test: timings depend on the machine and its load.
# Exit status: 0 pass, 1 over the limit, 2 torchlint failed, 3 the seeded
# warnings (each input's BENCH-EXPECT lines) were not exactly reported.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
TORCHLINT="${1:-$ROOT/build/bin/torchlint}"
INPUTS="${BENCH_INPUTS:-$ROOT/bench/device_flow_bench.cpp $ROOT/bench/summaries_bench.cpp}"
TORCH_INCLUDE="${TORCH_INCLUDE:-/usr/include/torch/csrc/api/include}"
LIMIT_PERCENT="${LIMIT_PERCENT:-5}"

# Prints each check's time and the share for one profile; exits 1 over the
# limit, 3 when the seeded warnings were not exactly reported.
measure() { # profile dir, start, end, input
python3 - "$1" "$2" "$3" "$LIMIT_PERCENT" "$4" <<'PY'
import glob, json, os, re, sys

profile_dir, start, end, limit = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])

# Each input seeds defects, listed on its `// BENCH-EXPECT:` lines: a check
# that stopped analysing (and so looks cheap) must fail the benchmark.
with open(sys.argv[5]) as f:
    expected = [name for line in re.findall(r"^// BENCH-EXPECT:(.*)$", f.read(), re.M)
                for name in line.split()]
with open(os.path.join(profile_dir, "output.txt")) as f:
    reported = re.findall(r"warning: .*\[(torch-[a-z-]+)\]$", f.read(), re.M)
if not expected or sorted(reported) != sorted(expected):
    print("unexpected warnings: got " + ", ".join(sorted(reported)) +
          "; expected " + ", ".join(sorted(expected)))
    sys.exit(3)
total = end - start
files = glob.glob(os.path.join(profile_dir, "*.json"))
if not files:
    sys.exit("no profile JSON written to " + profile_dir)

# Keys look like "time.clang-tidy.torch-mixed-device-op.wall" (.user, .sys).
checks = {}
for path in files:
    with open(path) as f:
        profile = json.load(f).get("profile", {})
    for key, seconds in profile.items():
        if not key.endswith(".wall"):
            continue
        name = key[len("time.clang-tidy."):-len(".wall")] if key.startswith("time.clang-tidy.") else key
        if name.startswith("torch-"):
            checks[name] = checks.get(name, 0.0) + float(seconds)

check_total = sum(checks.values())
for name, seconds in sorted(checks.items(), key=lambda kv: -kv[1]):
    print(f"  {name:40s} {seconds * 1000:9.1f} ms")
percent = 100.0 * check_total / total if total > 0 else 0.0
print(f"torch-* checks: {check_total:.3f} s of {total:.3f} s total wall time = {percent:.2f}%")
verdict = "PASS" if percent < limit else "FAIL"
print(f"{verdict} (limit {limit:g}%)")
sys.exit(0 if verdict == "PASS" else 1)
PY
}

status=0
for INPUT in $INPUTS; do
for style in ${BENCH_STYLES:-isystem I}; do
  PROFILE_DIR="$(mktemp -d)"
  start=$(date +%s.%N)
  "$TORCHLINT" --checks='-*,torch-*' --enable-check-profile \
    --store-check-profile="$PROFILE_DIR" "$INPUT" \
    -- -std=c++17 "-$style" "$TORCH_INCLUDE" >"$PROFILE_DIR/output.txt" 2>&1 || {
    echo "torchlint failed:" >&2
    cat "$PROFILE_DIR/output.txt" >&2
    exit 2
  }
  end=$(date +%s.%N)
  echo "torchlint, libtorch by -$style: $(grep -c 'warning:' "$PROFILE_DIR/output.txt" || true) warning(s) on $(basename "$INPUT")"
  if [[ -n "${BENCH_KEEP_OUTPUT:-}" ]]; then cp "$PROFILE_DIR/output.txt" "$BENCH_KEEP_OUTPUT"; fi
  measure "$PROFILE_DIR" "$start" "$end" "$INPUT" || status=$?
  rm -rf "$PROFILE_DIR"
done
done
exit $status
