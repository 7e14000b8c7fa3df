#!/bin/bash
# verdict.sh NAME PROFILE: the body of calls 2 to 4 (each names its output
# file and its profile): TestBreed, the GA with cf753c9 (mousemaze-prev)
# and this code alternating, a CPU profile of a 100M run, the checkpoint
# run that must end where the run without checkpoints ends, gpubench breed,
# and memcheck on TestBreed. EVALS_DIV divides the budgets (for a dry run
# on the mock driver).
cd "$(dirname "$0")/../../.."
. docs/gpu-runs/2026-11-27-breed/ga.sh
{
  date
  lscpu | grep -i 'model name\|^CPU(s)'
  nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader
  timeout 60 bin/cuda.test -test.run 'TestBreed' -test.v 2>&1 | grep -v '^=== RUN' | tail -4
  for i in 1 2; do
    ga bin/mousemaze-prev cuda 13x13 20000000
    ga bin/mousemaze cuda 13x13 20000000
  done
  for i in 1 2; do
    ga bin/mousemaze-prev cuda 13x13 100000000
    ga bin/mousemaze cuda 13x13 100000000
  done
  ga bin/mousemaze-prev cuda 32x32 10000000
  ga bin/mousemaze cuda 32x32 10000000
  ga bin/mousemaze cuda 13x13 100000000 --cpuprofile "$O/$2"
  for ck in "" "--checkpoint $O/ck.json --checkpoint-every 1s"; do
    timeout 60 bin/mousemaze evolve --backend cuda --algo ga --size 13x13 --seed 2 --pop $(( 262144 / D )) \
      --evals $(( 8000000 / D )) --json $ck 2>&1 | grep '^{"event":"done"' | sed 's/"best_maze":"[^"]*",//; s/,"rows".*"algo"/,"algo"/'
  done
  ls -la "$O/ck.json" 2>&1 && rm -f "$O/ck.json"
  timeout 40 bin/gpubench breed --size 13x13 --seconds 4 2>&1 | tail -3
  timeout 150 compute-sanitizer --tool memcheck bin/cuda.test -test.run 'TestBreed$' 2>&1 | tail -3
  date
} 2>&1 | tee "$O/$1.txt"
