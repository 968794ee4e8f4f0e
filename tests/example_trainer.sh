#!/usr/bin/env bash
# The bundled example trainer builds against this tree's libtorch and runs on the CPU:
# it trains, saves a checkpoint, and a second run resumes from it.
#   example_trainer.sh EXAMPLES_DIR BUILD_DIR LIBTORCH_CACHE
set -euo pipefail
examples="$1" build="$2" cache="$3"
rm -rf "$build"
cmake -S "$examples" -B "$build" -G Ninja -C "$cache" >"$build.configure.log" 2>&1 ||
  { cat "$build.configure.log"; exit 1; }
cmake --build "$build"
checkpoint="$build/checkpoint"
# The CPU is asked for: on a machine with a GPU the example's seeded bugs would crash it.
CUDA_VISIBLE_DEVICES= "$build/example_trainer" "$checkpoint" | tee "$build/first.log"
CUDA_VISIBLE_DEVICES= "$build/example_trainer" "$checkpoint" | tee "$build/second.log"
grep -qi "resum" "$build/second.log" || { echo "second run did not resume" >&2; exit 1; }
