#!/bin/bash
# Session 14's second device call: the breeding path's host side reworked
# (pinned copies back, children bred and scored straight into the engine's
# members, account's scores and hashes taken on every core). The cuda
# tests of the breeding kernel and memcheck on them; the GA of gpu-run's
# ga step with mousemaze-head (the session's first call's code, 22c2e7c)
# and mousemaze (this code), alternating; mousemaze-inst (this code with
# phase timers, MM_ZZ=1, not committed) for where the wall time goes;
# gpubench breed; the GA on 32x32. EVALS_DIV divides the budgets (for a
# dry run on the mock driver).
cd "$(dirname "$0")/../../.."
. docs/gpu-runs/2026-11-27-breed/ga.sh
{
  date
  lscpu | grep -i 'model name\|^CPU(s)\|Thread'
  timeout 60 bin/cuda.test -test.v -test.run 'TestBreed|TestResident' 2>&1 | grep -E '^(---|ok|FAIL|PASS|panic)|equal|skip'
  timeout 60 compute-sanitizer --tool memcheck --error-exitcode 99 bin/cuda.test -test.short -test.run 'TestBreed$' 2>&1 | tail -3
  for i in 1 2; do
    ga bin/mousemaze-head cuda 13x13 20000000
    ga bin/mousemaze cuda 13x13 20000000
  done
  ga bin/mousemaze-head cuda 13x13 100000000
  ga bin/mousemaze cuda 13x13 100000000
  MM_ZZ=1 ga bin/mousemaze-inst cuda 13x13 100000000
  ga bin/mousemaze cuda 32x32 10000000
  MM_ZZ=1 ga bin/mousemaze-inst cuda 32x32 10000000
  timeout 40 bin/gpubench breed --size 13x13 --n $(( 1048576 / D )) --seconds 4
  date
} 2>&1 | tee "$O/call2.txt"
