#!/usr/bin/env bash
# gpu-run-mock-test.sh BINDIR: run scripts/gpu-run.sh end to end against
# the mock driver, as scripts/mockcuda/test.sh (make test-cuda-mock) does
# after building BINDIR/gpubench and BINDIR/cuda.test against the mock: it
# makes two small population files, runs the script with short limits
# scaled for the CPU, and checks that it passed and wrote its JSON and
# summary with every step in them; then the same for the sweep verdict
# (GPURUN_STEPS=sweep) on small sizes.
set -euo pipefail
cd "$(dirname "$0")/.."
bin="$(cd "${1:?usage: gpu-run-mock-test.sh BINDIR}" && pwd)"
out="$bin/gpu-run-out"
rm -rf "$out" "$bin/pops"
mkdir -p "$bin/pops"
"$bin/gpubench" makepop --size 13x13 --n 3000 --kind random --out "$bin/pops/pop-13x13-random.bin" > /dev/null
"$bin/gpubench" makepop --size 13x13 --n 3000 --kind long --out "$bin/pops/pop-13x13-long.bin" > /dev/null
# compute-sanitizer and ncu need a real GPU (and a fake one would only
# test itself): the mock run names absent tools, and checks that their
# steps are recorded as skipped.
rc=0
SMI=absent-nvidia-smi SANITIZER=absent-compute-sanitizer NCU=absent-ncu GPURUN_DRAWN_N=4000 \
  GPURUN_GA_POP=3000 GPURUN_GA_EVALS=12000 GPURUN_GA_LIMIT=60 GPURUN_ILS_EVALS=3000 GPURUN_ILS_SIZE=5x5 \
  OUT="$out" BIN="$bin" GPURUN_N=4000 GPURUN_STREAM_SECONDS=2 GPURUN_TEST_SHORT=1 GPURUN_SCALE=3 \
  scripts/gpu-run.sh > "$bin/gpu-run.stdout" 2>&1 || rc=$?
problems=()
[ "$rc" -eq 0 ] || problems+=("gpu-run.sh exited $rc")
for f in gpu-run.json gpu-run.jsonl summary.txt; do
  [ -s "$out/$f" ] || problems+=("$f missing or empty")
done
for s in env smoke tests check stream-pop-13x13-random stream-pop-13x13-long stream-drawn-32x32 stream-resident-13x13 stream-cpu-1core-13x13 stream-cpu-allcores-13x13 breed-13x13 ga-13x13 ga-13x13-cpu ils-cuda ils-cpu; do
  grep -q "\"step\":\"$s\",\"rc\":0,.*\"status\":\"ok\"" "$out/gpu-run.jsonl" || problems+=("step $s did not pass")
done
grep -q '"mismatches":0,.*"size":"64x64","step":"check"' "$out/gpu-run.jsonl" || problems+=("no clean 64x64 check")
grep -q '"steps_per_sec_kernel":[0-9]' "$out/gpu-run.jsonl" || problems+=("no kernel-only rate")
grep -q '^{"event":"done","gen":[0-9]*,"evals":12000,.*"backend":"cuda",.*"evals_per_s":[0-9.e+]*,"eval_seconds":[0-9.e-]*,"host_seconds":[0-9.e-]*,"kernel_seconds":[0-9.e-]*' "$out/gpu-run.jsonl" || problems+=("no GA-on-device line with its rates and kernel time")
grep -q '"kernel_seconds"' "$out/ga-13x13-cpu.log" && problems+=("kernel_seconds on the cpu backend's GA")
grep -q '"final":true.*"resident":true' "$out/gpu-run.jsonl" || problems+=("no final resident stream line")
grep -q '"children_per_s":[0-9].*"host_breed_per_s":[0-9].*"step":"breed"' "$out/gpu-run.jsonl" || problems+=("no breed line with its rates")
# The GA bred on the device (the mock's budget is the same on both
# backends) and the default method give the same maze on the device as on
# the cpu backend.
ga_cuda=$(grep -o '"best_maze":"[^"]*"' "$out/ga-13x13.log")
ga_cpu=$(grep -o '"best_maze":"[^"]*"' "$out/ga-13x13-cpu.log")
[ -n "$ga_cuda" ] && [ "$ga_cuda" = "$ga_cpu" ] || problems+=("ga on cuda and cpu: different or missing mazes")
ils_cuda=$(grep -o '"best_maze":"[^"]*"' "$out/ils-cuda.log")
ils_cpu=$(grep -o '"best_maze":"[^"]*"' "$out/ils-cpu.log")
[ -n "$ils_cuda" ] && [ "$ils_cuda" = "$ils_cpu" ] || problems+=("ils on cuda and cpu: different or missing mazes")
for s in ncu sanitizer-memcheck sanitizer-initcheck; do
  grep -q "\"step\":\"$s\",\"rc\":0,\"seconds\":0,\"log\":\"\",\"status\":\"skipped: " "$out/gpu-run.jsonl" || problems+=("$s not skipped")
done
for v in walk8/shared walk16/shared walk32/shared walk8/scratch walk16/scratch walk32/scratch; do
  grep -q "^variant $v: [0-9]* mazes checked" "$out/tests.log" || problems+=("variant $v not run")
done
grep -q "^walk8 escalation: [0-9]* mazes checked, [1-9][0-9]* overflowed" "$out/tests.log" || problems+=("walk8 escalation not checked")
# The whole file must be one JSON object.
go run ./scripts/gpubench/jsoncheck "$out/gpu-run.json" || problems+=("gpu-run.json is not valid JSON")
# The sweep verdict (GPURUN_STEPS=sweep), on sizes the mock's CPU runs in
# seconds: 4x4 and 5x5 checked, 5x5 whole as the big sweep, three shards
# of 6x6 as the sample.
sout="$bin/gpu-run-sweep-out"
rm -rf "$sout"
rc=0
GPURUN_STEPS=sweep GPURUN_SWEEP_CHECK=4x4,5x5 GPURUN_SWEEP_BIG=5x5:37306:54 GPURUN_SWEEP_SAMPLE=6x6:12:1000:3,500,999 \
  GPURUN_SWEEP_EXPAND=4 SMI=absent-nvidia-smi SANITIZER=absent-compute-sanitizer NCU=absent-ncu \
  OUT="$sout" BIN="$bin" GPURUN_SCALE=3 scripts/gpu-run.sh > "$bin/gpu-run-sweep.stdout" 2>&1 || rc=$?
[ "$rc" -eq 0 ] || problems+=("gpu-run.sh GPURUN_STEPS=sweep exited $rc")
for s in env sweep-check-4x4 sweep-check-5x5 sweep-tests sweep-5x5 sweep-6x6-sample; do
  grep -q "\"step\":\"$s\",\"rc\":0,.*\"status\":\"ok\"" "$sout/gpu-run.jsonl" || problems+=("sweep step $s did not pass")
done
[ "$(grep -c '"equal_to_cpu":true' "$sout/gpu-run.jsonl")" -eq 2 ] || problems+=("the sweep checks did not find 2 equal reports")
grep -q '"completed":true,.*"leaves":37306,.*"optimum_turns":54,' "$sout/gpu-run.jsonl" || problems+=("no completed 5x5 big sweep")
grep -q '"launch_seconds":[0-9.e-]*,"launches":[1-9][0-9]*,.*"leaves":37306,.*"parts":[1-9]' "$sout/gpu-run.jsonl" || problems+=("the 5x5 sweep line lacks its launches, parts and launch seconds")
grep -q '"step":"sweep-total",.*"steps_per_sec":[0-9]' "$sout/gpu-run.jsonl" || problems+=("no sample total with a rate")
grep -q '"step":"sanitizer-sweep","rc":0,"seconds":0,"log":"","status":"skipped: ' "$sout/gpu-run.jsonl" || problems+=("sanitizer-sweep not skipped")
grep -q '^sweep: [1-9][0-9]* reports equal to the CPU sweep' "$sout/sweep-tests.log" || problems+=("sweep tests did not compare reports")
go run ./scripts/gpubench/jsoncheck "$sout/gpu-run.json" || problems+=("the sweep run's gpu-run.json is not valid JSON")
if [ "${#problems[@]}" -gt 0 ]; then
  printf 'gpu-run-mock-test: %s\n' "${problems[@]}" >&2
  sed 's/^/  summary: /' "$out/summary.txt" >&2
  [ -f "$sout/summary.txt" ] && sed 's/^/  sweep summary: /' "$sout/summary.txt" >&2
  exit 1
fi
echo "gpu-run-mock-test: the sweep verdict (GPURUN_STEPS=sweep) passed in $(grep -o '"seconds":[0-9]*' "$sout/gpu-run.json" | head -1 | cut -d: -f2)s"
echo "gpu-run-mock-test: gpu-run.sh passed end to end against the mock driver in $(grep -o '"seconds":[0-9]*' "$out/gpu-run.json" | head -1 | cut -d: -f2)s; $(grep -c '' "$out/gpu-run.jsonl") results in $out/gpu-run.json, summary in $out/summary.txt"
