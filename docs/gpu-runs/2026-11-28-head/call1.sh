#!/bin/bash
# call1.sh: session 18's device call, a verdict on the code of the day
# (sessions 16 and 17 changed the engine with no device). gpu-run.sh's walk
# steps (smaller N and streams, as in 2026-11-27-resident call 5); the GA on
# the device with 320d761 (mousemaze-prev, the code last run on a device)
# and this code alternating (docs/gpu-runs/2026-11-27-breed/ga.sh); then
# gpu-run.sh's sweep steps with one 8x8 sample shard. Outputs under $OUT.
cd "$(dirname "$0")/../../.."
. docs/gpu-runs/2026-11-27-breed/ga.sh
{
  date
  lscpu | grep -i 'model name\|^CPU(s)'
  GPURUN_N=300000 GPURUN_STREAM_SECONDS=6 OUT="$O/walk" scripts/gpu-run.sh | grep -v '^   {'
  for run in "13x13 20000000" "13x13 20000000" "13x13 100000000" "13x13 100000000" "32x32 10000000"; do
    for b in bin/mousemaze-prev bin/mousemaze; do
      ga "$b" cuda $run
    done
  done
  GPURUN_STEPS=sweep GPURUN_SWEEP_SAMPLE=8x8:24:1000000:938273 OUT="$O/sweep" scripts/gpu-run.sh | grep -v '^   {'
  date
} 2>&1 | tee "$O/call1.txt"
