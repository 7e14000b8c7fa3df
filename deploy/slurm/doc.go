// Package slurm runs sweeps and island searches as Slurm job arrays: it
// writes a run's job description (job.json) and batch script to a shared
// directory, builds the sbatch command that submits them, runs one array
// task (sweep shards, or one island of a search) and merges a finished
// run. The batch scripts in this directory are the ones it writes
// (embedded); they may also be submitted by hand.
package slurm
