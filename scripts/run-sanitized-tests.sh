#!/usr/bin/env bash
# The core and CLI suites under AddressSanitizer + UndefinedBehaviorSanitizer,
# then each libFuzzer harness for a fixed time. Any sanitizer report,
# failed test or fuzzer crash fails the script. Clang builds it, in its own
# directory, without the UI (the rendering tests stay in the Release build).
#
#   --build-only                  configure and build, then stop (.ci/run builds
#                                 this tree while the Release tests run)
#
#   IMPACTLAB_SANITIZE_BUILD_DIR  build directory (default: build-sanitize)
#   IMPACTLAB_FUZZ_SECONDS        seconds per fuzz target (default: 60)
#   IMPACTLAB_FUZZ_TIMEOUT        seconds after which one input is a hang (default: 30)
#   IMPACTLAB_GUARD_PROBLEMS      random problems per law in the guard test
#                                 (default here: 1500, under a sixtieth of the Release
#                                 run's 100000: the sanitizers slow the solvers
#                                 ~10x, and PLUS's share took 33 s at 2500)
#   IMPACTLAB_TRIAL_PERCENT       share of the random cases the other property
#                                 tests draw (default here: 25; the Release run
#                                 draws them all; tests/core/support/TestSupport.h)
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"
install_missing_packages

SAN_DIR="${IMPACTLAB_SANITIZE_BUILD_DIR:-$IMPACTLAB_ROOT/build-sanitize}"
FUZZ_SECONDS="${IMPACTLAB_FUZZ_SECONDS:-60}"
export IMPACTLAB_GUARD_PROBLEMS="${IMPACTLAB_GUARD_PROBLEMS:-1500}"
export IMPACTLAB_TRIAL_PERCENT="${IMPACTLAB_TRIAL_PERCENT:-25}"

if [ ! -f "$SAN_DIR/build.ninja" ]; then
  # -O1 with line tables only: readable stack traces, and a build about twice
  # as fast as -O2 -g on two cores (the sanitizers' checks dominate run time).
  # Without MPI (IMPACTLAB_MPI=OFF): the mpirun tests (label mpi) run in the
  # Release build, and Open MPI's libraries stay out of LeakSanitizer's view.
  CC=clang CXX=clang++ cmake -S "$IMPACTLAB_ROOT" -B "$SAN_DIR" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only -DNDEBUG" -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1" \
    -DIMPACTLAB_SANITIZE=ON -DIMPACTLAB_FUZZ=ON -DIMPACTLAB_BUILD_UI=OFF -DIMPACTLAB_BUILD_BENCHMARKS=OFF \
    -DIMPACTLAB_MPI=OFF >/dev/null
fi
cmake --build "$SAN_DIR" -j "$(nproc)"
[ "${1:-}" = "--build-only" ] && exit 0

# Leak checking is on; any report halts the process with a non-zero status.
export ASAN_OPTIONS="detect_leaks=1:halt_on_error=1:abort_on_error=0:strict_string_checks=1"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1"
# Four long granular runs are left to the Release build: under the sanitizers
# they take 40 s to one and a half minutes each and exercise the same stepper code as the short
# granular tests that do run here. So is the reconstruction's coverage test (200
# fits, each with its Monte Carlo: minutes under the sanitizers); the other
# reconstruction tests run the same code here. And the thread-count test of the
# granular sweeps: Clang here has no OpenMP, so its 1, 2 and 3 threads are three
# identical one-thread runs (12 s); the Release build runs it on real threads.
SAN_SKIP='GranularStepper.StepsDoNotDependOnTheThreadCount|GranularScenesRun.HopperLosesNothingAndDrains|GranularScenesRun.SettlingBoxSettles|GranularStepper.FrictionlessModelsTakeTheSameStepInAPile|GranularStepper.RestingSphereDoesNotDriftOverTwentySeconds|ReconstructionCoverage.NinetyFivePercentIntervalsHoldTheTruthAboutThatOften'
(cd "$SAN_DIR" && ctest --output-on-failure -j "$(nproc)" -L 'core|cli' -E "$SAN_SKIP")

# Fuzzing: a temporary corpus seeded from the example problems and the scenes
# (the source tree is never written), the contract's keys as a dictionary.
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/solve" "$work/simulate" "$work/artifacts"
cp "$IMPACTLAB_ROOT"/tests/data/problems/*.json "$IMPACTLAB_ROOT"/fuzz/regressions/solve/* "$work/solve/"
find "$IMPACTLAB_ROOT/tests/data/problems" -name '*.json' -path '*/bad/*' -exec cp {} "$work/solve/" \;
cp "$IMPACTLAB_ROOT"/scenes/*.json "$IMPACTLAB_ROOT"/fuzz/regressions/simulate/* "$work/simulate/"
# The two targets fuzz at the same time, one per core (each is single-threaded),
# for FUZZ_SECONDS each. An input is a hang at FUZZ_TIMEOUT s of wall clock:
# every seed passes its harness in at most 2 s of CPU time
# (tests/cli/test_fuzz_seeds.cpp), so on a machine busy enough to give a
# fuzzer a third of a core a seed still ends in a fifth of that; a mutated
# input slower than the seeds but not hung shows in libFuzzer's slowest-unit
# report instead of failing CI for a reason unrelated to the change.
FUZZ_TIMEOUT="${IMPACTLAB_FUZZ_TIMEOUT:-30}"
fuzz() {
  local target=$1
  "$SAN_DIR/fuzz/fuzz_$target" "$work/$target" -dict="$IMPACTLAB_ROOT/fuzz/json.dict" \
    -max_total_time="$FUZZ_SECONDS" -timeout="$FUZZ_TIMEOUT" -rss_limit_mb=2048 -max_len=65536 \
    -artifact_prefix="$work/artifacts/$target-" -print_final_stats=1 2>"$work/$target.log"
}
declare -A pids
for target in solve simulate; do
  echo "Fuzzing $target for $FUZZ_SECONDS s"
  fuzz "$target" &
  pids[$target]=$!
done
status=0
for target in solve simulate; do
  if ! wait "${pids[$target]}"; then
    tail -n 60 "$work/$target.log"
    saved="$IMPACTLAB_ROOT/fuzz-artifacts"
    mkdir -p "$saved" && cp "$work"/artifacts/* "$saved/" 2>/dev/null || true
    echo "fuzz_$target found a failing input: copied to $saved/ (add it to fuzz/regressions/$target/ once fixed)"
    status=1
  else
    echo "fuzz_$target:"
    grep -E "stat::number_of_executed_units|cov:" "$work/$target.log" | tail -n 2
  fi
done
exit $status
