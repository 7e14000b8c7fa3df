#!/bin/bash
# Session 12, third device call: the GA on the device before (mousemaze-old,
# 6fdbc1f) and after this session's host changes, alternating; the same on
# the cpu backend; the long 13x13 population streamed on the device, on one
# core and on every core; the 7x7 sweep with one launch for all tasks
# (--batch 131072) at the default expand 6 and at 8.
cd "$(dirname "$0")/.."
O=${OUT:-/tmp/o}
ga() {
  timeout 60 "$1" evolve --backend "$2" --algo ga --size 13x13 --seed 1 --pop 1048576 --evals "$3" --json |
    grep '^{"event":"done"' | sed "s/\"best_maze\":\"[^\"]*\",//; s/^{/{\"bin\":\"$(basename "$1")\",/"
}
{
  date; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv
  for i in 1 2; do
    ga bin/mousemaze-old cuda 20000000
    ga bin/mousemaze cuda 20000000
  done
  ga bin/mousemaze-old cpu 4194304
  ga bin/mousemaze cpu 4194304
  for w in "" "--backend cpu --workers 1" "--backend cpu --workers 0"; do
    timeout 25 bin/gpubench stream $w --pop bin/pops/pop-13x13-long.bin --seconds 5 | tail -1
  done
  timeout 80 bin/gpubench sweep --size 7x7 --batch 131072 --expect-leaves 22657200991 --expect-optimum 332 --timeout 60
  timeout 80 bin/gpubench sweep --size 7x7 --batch 131072 --expand 8 --expect-leaves 22657200991 --expect-optimum 332 --timeout 60
  date
} 2>&1 | tee "$O/call3.txt"
