#!/bin/bash
# Session 12, last device call: the cuda tests and the check against the
# cpu backend on this session's code; the GA on the device before
# (mousemaze-old, 6fdbc1f) and after, alternating; the GA on the cpu
# backend; a CPU profile of the GA on the device; the long stream.
cd "$(dirname "$0")/.."
O=${OUT:-/tmp/o}
ga() {
  timeout 60 env $4 "$1" evolve --backend "$2" --algo ga --size 13x13 --seed 1 --pop 1048576 --evals "$3" --json 2>/dev/null |
    grep '^{"event":"done"' | sed "s/\"best_maze\":\"[^\"]*\",//; s/^{/{\"bin\":\"$(basename "$1")\",/"
}
{
  date; lscpu | grep -i 'model name\|^CPU(s)\|Thread'
  timeout 90 bin/cuda.test -test.v -test.run 'TestMatchesWalk|TestVariants|TestResident' 2>&1 | grep -E '^(---|ok|FAIL|PASS)|all equal|checked'
  timeout 40 bin/gpubench check --n 300000 --sizes 6x6,13x13,32x32,64x64
  for i in 1 2; do
    ga bin/mousemaze-old cuda 20000000
    ga bin/mousemaze-prof cuda 20000000
  done
  ga bin/mousemaze-prof cpu 4194304
  ga bin/mousemaze-prof cuda 20000000 MM_CPUPROFILE=$O/ga2.prof
  timeout 20 bin/gpubench stream --pop bin/pops/pop-13x13-long.bin --seconds 4 | tail -1
  date
} 2>&1 | tee "$O/call5.txt"
