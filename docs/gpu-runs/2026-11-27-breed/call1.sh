#!/bin/bash
# Session 14's device call: the verdict of scripts/gpu-run.sh (short
# streams) on this session's code, then the GA's breeding on the device
# measured: gpubench breed on 13x13 and 32x32; the GA of gpu-run's ga step
# (13x13, --pop 1048576, 20M evaluations) with the host breeding
# (mousemaze-old, b5a14df, the last commit before the breeding kernel) and
# with the device breeding (mousemaze, this session), alternating; a longer
# GA (100M evaluations), once more with --cpuprofile; the same GA on 32x32;
# the GA on the cpu backend (every core of the host). EVALS_DIV divides the
# evaluation budgets (for a dry run on the mock driver).
cd "$(dirname "$0")/../../.."
. docs/gpu-runs/2026-11-27-breed/ga.sh
{
  date
  lscpu | grep -i 'model name\|^CPU(s)\|Thread'
  GPURUN_N=$(( 300000 / D )) GPURUN_STREAM_SECONDS=6 GPURUN_GA_POP=$(( 1048576 / D )) GPURUN_GA_EVALS=$(( 20000000 / D )) \
    GPURUN_ILS_EVALS=$(( 1000000 / D )) OUT="$O/gpu-run" timeout 300 scripts/gpu-run.sh
  echo "gpu-run rc=$?"
  for size in 13x13 32x32; do
    timeout 40 bin/gpubench breed --size $size --n $(( 1048576 / D )) --seconds 4
  done
  for i in 1 2; do
    ga bin/mousemaze-old cuda 13x13 20000000
    ga bin/mousemaze cuda 13x13 20000000
  done
  ga bin/mousemaze cuda 13x13 100000000
  ga bin/mousemaze cuda 13x13 100000000 --cpuprofile "$O/ga-device.prof"
  ga bin/mousemaze-old cuda 32x32 10000000
  ga bin/mousemaze cuda 32x32 10000000
  ga bin/mousemaze cpu 13x13 4194304
  date
} 2>&1 | tee "$O/call1.txt"
