#!/bin/bash
# Session 14's fifth device call: two parts of a generation in flight on
# the device at once (one part's copies and scoring on the host's cores
# overlapping the next part's kernels and copies). TestBreed; the GA
# (13x13, --pop 1048576) with mousemaze-c3 (49aea3a, call 3's code) and
# mousemaze (this code), alternating; mousemaze-inst (this code with the
# phase timers, MM_ZZ=1, not committed); --backend auto for the default
# method and for the GA (the backend each opens, from the final JSON line).
# EVALS_DIV divides the budgets (for a dry run on the mock driver).
cd "$(dirname "$0")/../../.."
. docs/gpu-runs/2026-11-27-breed/ga.sh
{
  date
  lscpu | grep -i 'model name\|^CPU(s)'
  timeout 40 bin/cuda.test -test.run 'TestBreed$' 2>&1 | tail -2
  for i in 1 2 3; do
    ga bin/mousemaze-c3 cuda 13x13 20000000
    ga bin/mousemaze cuda 13x13 20000000
  done
  ga bin/mousemaze-c3 cuda 13x13 100000000
  ga bin/mousemaze cuda 13x13 100000000
  MM_ZZ=1 ga bin/mousemaze-inst cuda 13x13 100000000
  ga bin/mousemaze-c3 cuda 32x32 10000000
  ga bin/mousemaze cuda 32x32 10000000
  ga bin/mousemaze auto 13x13 20000000
  timeout 60 bin/mousemaze evolve --size 13x13 --seed 1 --evals $(( 300000 / D )) --polish 0 --json 2>&1 | grep '^{"event":"done"' |
    sed 's/"best_maze":"[^"]*",//; s/,"rows".*"algo"/,"algo"/'
  date
} 2>&1 | tee "$O/call5.txt"
