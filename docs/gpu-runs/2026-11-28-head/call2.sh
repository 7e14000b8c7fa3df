#!/bin/bash
# call2.sh: the second call of session 18, on the machine call 1 left warm.
# Call 1 printed gpu-run.sh's walk steps without their JSON lines and its
# logs were too many files to come back, so the walk steps run again with
# the logs packed in one archive; first three alternating 32x32 GA pairs,
# because call 1's one 32x32 pair (3.67 s prev, 4.92 s this code) looked
# like a slowdown. It was not (call2-ga32.txt: 2.29-2.35 s against
# 2.38-2.40 s).
cd "$(dirname "$0")/../../.."
. docs/gpu-runs/2026-11-27-breed/ga.sh
{ for i in 1 2 3; do ga bin/mousemaze cuda 32x32 10000000; ga bin/mousemaze-prev cuda 32x32 10000000; done; } 2>&1 | tee "$O/call2-ga32.txt"
GPURUN_N=300000 GPURUN_STREAM_SECONDS=6 OUT=/tmp/walk scripts/gpu-run.sh > /tmp/walk.txt 2>&1
cp /tmp/walk/gpu-run.json /tmp/walk/summary.txt "$O/"
tar czf "$O/walk-logs.tgz" -C /tmp walk
