package main

import "strings"

// The batch scripts `mousemaze slurm sweep` and `mousemaze slurm evolve`
// submit. They are also in deploy/slurm/ (TestSlurmScriptsFresh keeps the
// copies equal), for those who submit by hand. Everything that differs
// between runs (the directory, the array, GPUs, the binary) is on the
// sbatch command line or in DIR/job.json, so the script never changes.

const slurmScriptHead = `#!/bin/bash
# One task of a mousemaze %KIND% run as a Slurm job array.
%ABOUT%
# The run is described in DIR/job.json, which ` + "`mousemaze slurm %KIND%`" + ` writes
# before it submits this script as
#   sbatch --array=0-$((N-1)) --output=DIR/logs/%A_%a.out %KIND%.sbatch DIR
# A task that is killed, preempted or requeued (scontrol requeue) resumes
# from its checkpoints in DIR and loses nothing.
#SBATCH --job-name=mousemaze-%KIND%
#SBATCH --requeue
#SBATCH --open-mode=append
set -eu
dir="${1:?usage: sbatch --array=0-N-1 %KIND%.sbatch DIR}"
mm="${MOUSEMAZE:-mousemaze}"
# The cuda backend when the task was given GPUs and the binary can use
# them; otherwise the fastest backend present (auto).
backend=auto
if [ -n "${CUDA_VISIBLE_DEVICES:-}${SLURM_JOB_GPUS:-}" ] &&
	"$mm" selfcheck --backend cuda --n 1000 >/dev/null 2>&1; then
	backend=cuda
fi
echo "mousemaze %KIND%: task ${SLURM_ARRAY_TASK_ID:-?} of ${SLURM_ARRAY_TASK_COUNT:-?}" \
	"on $(hostname -s), backend $backend, restart ${SLURM_RESTART_COUNT:-0}"
exec "$mm" slurm task --backend "$backend" --workers "${SLURM_CPUS_PER_TASK:-0}" \
	${MOUSEMAZE_TASK_FLAGS:-} "$dir"
`

var slurmAbout = map[string]string{
	"sweep": `# Task i of N runs shards i, i+N, i+2N, ... of the sweep, each resuming
# from its checkpoint, and writes each shard's report to DIR/shards/;
# ` + "`mousemaze sweep-merge DIR`" + ` combines them once all are there. (Sweeps
# run on the CPU; the backend matters to evolve only.)`,
	"evolve": `# Task i of N runs island i of N of the search: every few generations it
# writes its best mazes to DIR/islands/ and takes in its ring neighbours';
# ` + "`mousemaze slurm merge DIR`" + ` reports the best maze of all islands.`,
}

// slurmScript returns the batch script for kind, "sweep" or "evolve".
func slurmScript(kind string) string {
	return strings.NewReplacer("%KIND%", kind, "%ABOUT%", slurmAbout[kind]).Replace(slurmScriptHead)
}
