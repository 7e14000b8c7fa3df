#!/bin/bash
# Session 14's third device call, on the code that fixed what the second
# call's phase timers found (the children copied and scored on one
# goroutine; account's ordered pass over every member): the cuda tests of
# the breeding kernel and memcheck on them; the GA (13x13, --pop 1048576)
# with mousemaze-head (22c2e7c) and mousemaze (this code), alternating;
# mousemaze-inst (this code with the phase timers, MM_ZZ=1, not
# committed); the GA on 32x32 and on the cpu backend; gpubench breed.
# EVALS_DIV divides the budgets (for a dry run on the mock driver).
cd "$(dirname "$0")/../../.."
. docs/gpu-runs/2026-11-27-breed/ga.sh
{
  date
  lscpu | grep -i 'model name\|^CPU(s)'
  timeout 60 bin/cuda.test -test.v -test.run 'TestBreed|TestResident' 2>&1 | grep -E '^(---|ok|FAIL|PASS|panic)|equal|skip'
  timeout 60 compute-sanitizer --tool memcheck --error-exitcode 99 bin/cuda.test -test.short -test.run 'TestBreed$' 2>&1 | tail -1
  for i in 1 2 3; do
    ga bin/mousemaze-head cuda 13x13 20000000
    ga bin/mousemaze cuda 13x13 20000000
  done
  ga bin/mousemaze-head cuda 13x13 100000000
  ga bin/mousemaze cuda 13x13 100000000
  MM_ZZ=1 ga bin/mousemaze-inst cuda 13x13 100000000
  ga bin/mousemaze-head cuda 32x32 10000000
  ga bin/mousemaze cuda 32x32 10000000
  ga bin/mousemaze-head cpu 13x13 4194304
  ga bin/mousemaze cpu 13x13 4194304
  timeout 40 bin/gpubench breed --size 13x13 --n $(( 1048576 / D )) --seconds 4
  date
} 2>&1 | tee "$O/call3.txt"
