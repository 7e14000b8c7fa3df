#!/bin/bash
# call3.sh: the third call of session 18. evolve's final event now has
# kernel_seconds on the cuda backend (the kernels' own time by CUDA events
# during the search). mousemaze-prev is the cuda build of 7977501 (calls 1
# and 2), mousemaze this code; the GA on the device, alternating, at 20M
# and 100M evaluations on 13x13 and 10M on 32x32 (ga.sh).
cd "$(dirname "$0")/../../.."
. docs/gpu-runs/2026-11-27-breed/ga.sh
for run in "13x13 20000000" "13x13 20000000" "13x13 100000000" "32x32 10000000"; do
  for b in bin/mousemaze-prev bin/mousemaze; do
    ga "$b" cuda $run
  done
done 2>&1 | tee "$O/call3.txt"
