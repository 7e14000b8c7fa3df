#!/usr/bin/env bash
# gpu-run.sh: one device call, a whole verdict on the cuda backend, within
# 480 s. Run it on the device machine from the checkout's root, with the
# binaries built here beforehand (`make gpu-bin`, carried in bin/):
#
#   bin/gpubench      scripts/gpubench, cuda tag
#   bin/cuda.test     the cuda package's tests, cuda tag
#   bin/pops/*.bin    populations made beforehand (`make gpu-bin` too)
#
# Steps, each under `timeout -k`: the environment (nvidia-smi, driver,
# device, memory); a smoke walk; the cuda tests (1,000,000 random mazes
# against the reference, the walk8/walk16/walk32 shared and global-scratch
# variants, walk8's escalation, the breeding kernel, Close);
# gpubench check (the backend against the cpu backend on GPURUN_N mazes of
# several sizes); compute-sanitizer memcheck and initcheck with
# --error-exitcode; gpubench stream (kernel-only time from CUDA events and
# end-to-end time) on the carried populations and on drawn ones; one Nsight
# Compute pass if ncu is present.
#
# Time limits (s): 10 smi, 15 env, 20 smoke, 90 tests, 60 check, 45 + 45
# sanitizers, 2 x 30 carried streams, 40 drawn stream, 20 resident stream
# (one batch uploaded once and walked again and again on the device), 2 x 20
# cpu baseline (one core, every core), 2 x (GPURUN_STREAM_SECONDS/3 + 1) +
# 20 breed (the GA's children bred and walked on the device, then bred on
# the host's cores, gpubench breed), 45 ga and 45 ga on the cpu backend
# (GPURUN_GA_LIMIT), 2 x 45 the default method (ils) on the cuda and the cpu
# backends, 45 ncu (clocks left alone): 702 in all with the
# default 15 s streams; these are ceilings, each step stops early when
# done.
#
# Every result is appended, as soon as it exists, to $OUT/gpu-run.jsonl
# (one JSON object a line) and a line of $OUT/summary.txt (also printed),
# so that a run cut short still leaves its figures; at the end
# $OUT/gpu-run.json gathers them into one object. Exit status: 0 when
# every step that ran passed, 1 otherwise.
#
# GPURUN_STEPS=sweep runs, instead of the walk steps above, the verdict on
# the sweep kernel (sweep --backend cuda, kernels/sweep.cu; docs/gpu.md,
# "Sweeps on the GPU"): env; gpubench sweep --check on GPURUN_SWEEP_CHECK
# (5x5,6x6: whole reports equal to the CPU sweep's, with the GPU's time);
# the cuda tests of the sweep kernel (TestSweepEqualsCPU: free ends,
# host-split tasks, the cap lowered so that nodes go back to the CPU);
# GPURUN_SWEEP_BIG (size:leaves:optimum, 7x7:22657200991:332) whole, timed,
# its counts checked, given up (completed false, not a failure) after
# GPURUN_SWEEP_BIG_SECONDS (150); GPURUN_SWEEP_SAMPLE
# (size:depth:shards:list, 8x8 at split depth 24, twelve shards of 10^6
# whose CPU runs docs/sweep.md lists) split GPURUN_SWEEP_EXPAND (16)
# decisions further on the host, each shard given up after 7 s, with
# leaves/s and steps/s; compute-sanitizer memcheck on the sweep tests.
# Limits (s): 15 env, 30 + 45 checks, 45 tests, 180 big, 100 sample, 60
# sanitizer: 475. GPURUN_STEPS=all runs both parts (about 950 s: two
# calls are better).
#
# Knobs (environment): OUT (default ./gpu-run-out), BIN (bin), GPURUN_N
# (1000000), GPURUN_STREAM_SECONDS (15), GPURUN_TEST_SHORT (empty; set to
# 1 to run the tests with -test.short, as the mock test does),
# GPURUN_SCALE (1; multiplies every time limit, for slow runs such as the
# mock's), GPURUN_DRAWN_N (131072: mazes of the drawn stream populations),
# SMI, SANITIZER, NCU (the tools' commands: nvidia-smi, compute-sanitizer,
# ncu; a step whose tool is not found is recorded as skipped),
# GPURUN_GA_POP (1048576 children a generation), GPURUN_GA_EVALS
# (20000000) and GPURUN_GA_LIMIT (45 s) for the GA step, which runs
# $BIN/mousemaze (the cuda-tagged binary make gpu-bin builds), and
# GPURUN_ILS_EVALS (1000000) and GPURUN_ILS_SIZE (13x13) for the ils
# steps.
set -uo pipefail
cd "$(dirname "$0")/.."
BIN="${BIN:-bin}"
OUT="${OUT:-gpu-run-out}"
N="${GPURUN_N:-1000000}"
SECS="${GPURUN_STREAM_SECONDS:-15}"
SCALE="${GPURUN_SCALE:-1}"
DRAWN_N="${GPURUN_DRAWN_N:-131072}"
SMI="${SMI:-nvidia-smi}"
STEPS="${GPURUN_STEPS:-walk}"
SWEEP_CHECK="${GPURUN_SWEEP_CHECK:-5x5,6x6}"
SWEEP_BIG="${GPURUN_SWEEP_BIG:-7x7:22657200991:332}"
SWEEP_BIG_SECONDS="${GPURUN_SWEEP_BIG_SECONDS:-150}"
SWEEP_SAMPLE="${GPURUN_SWEEP_SAMPLE:-8x8:24:1000000:938273,2657,999241,814295,997554,805427,810625,787507,951439,251589,107622,468853}"
SWEEP_EXPAND="${GPURUN_SWEEP_EXPAND:-16}"
GA_POP="${GPURUN_GA_POP:-1048576}"
GA_EVALS="${GPURUN_GA_EVALS:-20000000}"
GA_LIMIT="${GPURUN_GA_LIMIT:-45}"
ILS_EVALS="${GPURUN_ILS_EVALS:-1000000}"
ILS_SIZE="${GPURUN_ILS_SIZE:-13x13}"
SANITIZER="${SANITIZER:-compute-sanitizer}"
NCU="${NCU:-ncu}"
SHORT=()
[ -n "${GPURUN_TEST_SHORT:-}" ] && SHORT=(-test.short)
mkdir -p "$OUT"
JSONL="$OUT/gpu-run.jsonl"
SUMMARY="$OUT/summary.txt"
: > "$JSONL"
: > "$SUMMARY"
failed=0
t_start=$(date +%s)

say() { echo "$*" | tee -a "$SUMMARY"; }

# record NAME RC SECONDS LOG STATUS: one JSON line for a step.
record() {
  printf '{"step":"%s","rc":%d,"seconds":%d,"log":"%s","status":"%s"}\n' "$1" "$2" "$3" "$4" "$5" >> "$JSONL"
}

# step NAME LIMIT CMD...: run CMD under timeout with LIMIT·SCALE seconds,
# its output in $OUT/NAME.log; gpubench's JSON lines go to the JSONL file.
step() {
  local name="$1" limit="$2"
  shift 2
  limit=$((limit * SCALE))
  local log="$OUT/$name.log" t0 rc status
  t0=$(date +%s)
  say "== $name (limit ${limit}s): $*"
  timeout -k 5 "$limit" "$@" > "$log" 2>&1
  rc=$?
  local took=$(( $(date +%s) - t0 ))
  case "$rc" in
    0) status=ok ;;
    124 | 137) status=timeout; failed=1 ;;
    *) status=fail; failed=1 ;;
  esac
  grep -h '^{"' "$log" >> "$JSONL"
  record "$name" "$rc" "$took" "$name.log" "$status"
  say "   $status (rc=$rc, ${took}s)"
  grep -h '^{"' "$log" | sed 's/^/   /' | tee -a "$SUMMARY" > /dev/null
  grep -h '^{"' "$log" | sed 's/^/   /' | cut -c1-300
  return 0
}

# skip NAME WHY: a step that cannot run here.
skip() {
  say "== $1: skipped: $2"
  record "$1" 0 0 "" "skipped: $2"
}

for f in "$BIN/gpubench" "$BIN/cuda.test"; do
  if [ ! -x "$f" ]; then
    say "gpu-run: $f is missing: build it here with \`make gpu-bin\` and carry bin/"
    exit 1
  fi
done

# 1. The environment.
if command -v "$SMI" > /dev/null; then
  step smi 10 "$SMI" --query-gpu=name,driver_version,memory.total,clocks.max.sm,power.limit --format=csv
else
  skip smi "$SMI not present"
fi
step env 15 "$BIN/gpubench" env

# The sweep kernel's verdict (GPURUN_STEPS=sweep or all).
sweep_steps() {
  local size i=0 big leaves opt sample depth shards list
  for size in ${SWEEP_CHECK//,/ }; do
    step "sweep-check-$size" $((i == 0 ? 30 : 45)) "$BIN/gpubench" sweep --size "$size" --check
    i=$((i + 1))
  done
  step sweep-tests 45 "$BIN/cuda.test" -test.v -test.timeout $((40 * SCALE))s -test.run 'TestSweepEqualsCPU'
  IFS=: read -r big leaves opt <<< "$SWEEP_BIG"
  step "sweep-$big" $((SWEEP_BIG_SECONDS + 30)) "$BIN/gpubench" sweep --size "$big" \
    --expect-leaves "$leaves" --expect-optimum "$opt" --timeout "$SWEEP_BIG_SECONDS"
  IFS=: read -r sample depth shards list <<< "$SWEEP_SAMPLE"
  step "sweep-$sample-sample" 100 "$BIN/gpubench" sweep --size "$sample" --split-depth "$depth" \
    --shards "$shards" --shard-list "$list" --expand "$SWEEP_EXPAND" --timeout 7
  if command -v "$SANITIZER" > /dev/null; then
    step sanitizer-sweep 60 "$SANITIZER" --tool memcheck --error-exitcode 99 \
      "$BIN/cuda.test" -test.short -test.run 'TestSweepEqualsCPU'
  else
    skip sanitizer-sweep "$SANITIZER not present"
  fi
}
if [ "$STEPS" = sweep ]; then
  sweep_steps
fi
if [ "$STEPS" = walk ] || [ "$STEPS" = all ]; then

# 2. A smoke walk: a few thousand mazes against the cpu backend.
step smoke 20 "$BIN/gpubench" check --n 5000 --sizes 13x13 --batch 5000

# 3. The tests: 1,000,000 random mazes against Walk, the six variants,
#    walk8's escalation, the breeding kernel's children against the host's
#    (TestBreed), Close, the errors (the failure injections skip on a real
#    driver).
step tests 90 "$BIN/cuda.test" -test.v -test.timeout $((85 * SCALE))s "${SHORT[@]}" \
  -test.run 'TestMatchesWalk|TestVariants|TestWalk8Escalates|TestResident|TestBreed|TestClose|TestEvaluateErrors|TestOpenFailures'

# 4. The backend against the cpu backend on GPURUN_N mazes of four sizes.
step check 60 "$BIN/gpubench" check --n "$N" --sizes 6x6,13x13,32x32,64x64

# 5. compute-sanitizer on the short tests (kernels run ~100x slower there).
if command -v "$SANITIZER" > /dev/null; then
  for tool in memcheck initcheck; do
    step "sanitizer-$tool" 45 "$SANITIZER" --tool "$tool" --error-exitcode 99 \
      "$BIN/cuda.test" -test.short -test.run 'TestVariants|TestBreed$|TestEvaluateErrors'
  done
else
  skip sanitizer-memcheck "$SANITIZER not present"
  skip sanitizer-initcheck "$SANITIZER not present"
fi

# 6. Streaming throughput: carried populations, then drawn ones.
for pop in "$BIN"/pops/*.bin; do
  [ -f "$pop" ] || continue
  step "stream-$(basename "$pop" .bin)" $((SECS + 15)) "$BIN/gpubench" stream --pop "$pop" --seconds "$SECS"
done
step stream-drawn-32x32 $((SECS + 25)) "$BIN/gpubench" stream --size 32x32 --n "$DRAWN_N" --kind random --seconds "$SECS"
step stream-resident-13x13 $((SECS / 3 + 14)) "$BIN/gpubench" stream --resident --size 13x13 --n "$DRAWN_N" --kind random --seconds $((SECS / 3 + 1))
# The cpu backend on the carried long population (the mazes the device
# streamed above; drawing long mazes takes minutes on one core), on one
# core and on every core of the host.
cpupop=(--size 13x13 --n $((DRAWN_N / 2)) --kind random)
[ -f "$BIN/pops/pop-13x13-long.bin" ] && cpupop=(--pop "$BIN/pops/pop-13x13-long.bin")
step stream-cpu-1core-13x13 $((SECS / 3 + 14)) "$BIN/gpubench" stream --backend cpu --workers 1 "${cpupop[@]}" --seconds $((SECS / 3 + 1))
step stream-cpu-allcores-13x13 $((SECS / 3 + 14)) "$BIN/gpubench" stream --backend cpu --workers 0 "${cpupop[@]}" --seconds $((SECS / 3 + 1))

# 6b. The GA's breeding on the device (kernels/breed.cu): GPURUN_GA_POP
#     children of 100 random 13x13 parents a generation, bred and walked
#     on the device, against the host breeding them on every core.
step breed-13x13 $((2 * (SECS / 3 + 1) + 20)) "$BIN/gpubench" breed --size 13x13 --n "$GA_POP" --seconds $((SECS / 3 + 1))

# 7. A large GA on the device: evolve --algo ga with GPURUN_GA_POP children
#    a generation for GPURUN_GA_EVALS evaluations, bred on the device
#    (the engine's DeviceBreeder path); its final JSON line has
#    evals_per_s, seconds, eval_seconds (the time inside the evaluator,
#    copies included: eval_seconds / seconds is the share of the run the
#    device was busy or waited on, the rest, host_seconds, is breeding the
#    device waited for) and kernel_seconds (the kernels' own time by CUDA
#    events: kernel_seconds / seconds is the share of the run the device
#    was busy; docs/gpu.md).
if [ -x "$BIN/mousemaze" ]; then
  step ga-13x13 "$GA_LIMIT" bash -c '"$1" evolve --backend cuda --algo ga --size 13x13 --seed 1 \
    --pop "$2" --evals "$3" --json | grep "^{\"event\":\"done\""' ga "$BIN/mousemaze" "$GA_POP" "$GA_EVALS"
  # The same GA on the cpu backend of the same host (every core), for the
  # ratio: a quarter of the evaluations at most.
  cpu_evals=$(( GA_EVALS < 4 * GA_POP ? GA_EVALS : 4 * GA_POP ))
  step ga-13x13-cpu "$GA_LIMIT" bash -c '"$1" evolve --backend cpu --algo ga --size 13x13 --seed 1 \
    --pop "$2" --evals "$3" --json | grep "^{\"event\":\"done\""' ga "$BIN/mousemaze" "$GA_POP" "$cpu_evals"
  # The default method (ils, small batches of neighbours) on the device and
  # on the cpu backend: GPURUN_ILS_EVALS evaluations each on a
  # GPURUN_ILS_SIZE grid, without the closing polish (which the budget
  # does not bound), the same maze expected from both (the backend does not
  # change a seed's result).
  for b in cuda cpu; do
    step "ils-$b" "$GA_LIMIT" bash -c '"$1" evolve --backend "$2" --algo ils --size "$4" --seed 1 --evals "$3" --polish 0 --json |
      grep "^{\"event\":\"done\""' ils "$BIN/mousemaze" "$b" "$ILS_EVALS" "$ILS_SIZE"
  done
else
  skip ga-13x13 "$BIN/mousemaze is missing (make gpu-bin builds it)"
fi

# 8. One Nsight Compute pass on walk16 (13x13), if ncu is present.
if command -v "$NCU" > /dev/null; then
  step ncu 45 "$NCU" --clock-control none --kernel-name walk16 --launch-count 1 --section SpeedOfLight --section Occupancy \
    --section LaunchStats --section MemoryWorkloadAnalysis --section WarpStateStats \
    "$BIN/gpubench" stream --size 13x13 --n 262144 --kind random --seconds 1
else
  skip ncu "$NCU not present"
fi
fi # walk steps
if [ "$STEPS" = all ]; then
  sweep_steps
fi
case "$STEPS" in
  walk | sweep | all) ;;
  *) say "gpu-run: GPURUN_STEPS=$STEPS: want walk, sweep or all"; failed=1 ;;
esac

# The whole run as one JSON object.
{
  printf '{"seconds":%d,"failed":%s,"results":[\n' $(( $(date +%s) - t_start )) "$([ $failed -eq 0 ] && echo false || echo true)"
  paste -sd, "$JSONL"
  printf ']}\n'
} > "$OUT/gpu-run.json"
say "gpu-run: $([ $failed -eq 0 ] && echo PASS || echo FAIL) in $(( $(date +%s) - t_start ))s; $OUT/gpu-run.json, $OUT/summary.txt, logs in $OUT/"
exit "$failed"
