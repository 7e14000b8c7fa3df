// Package cpu evaluates mouse mazes on the CPU with a fast walk kernel and
// registers itself as the "cpu" backend of package mousemaze.
//
// # Overview
//
// A batch of mazes (a mousemaze.Population) is shared by a pool of worker
// goroutines, which take its mazes one at a time from an atomic counter
// whenever one of their lanes is free, so the hot path holds no locks and
// no worker idles while mazes are left. Each maze is first checked for
// feasibility with a bitmask flood fill on the packed rows; infeasible mazes
// never enter a lane. The feasible ones are walked by a kernel.
//
// # Kernels
//
// Every kernel walks several mazes in lockstep, one per lane. A lane keeps
// its visit counts in a small flat array with a wall border, so no move
// needs a bounds test: a wall or the border holds a count so large that it
// is never the least, and the exit is a border cell whose count stays 0.
// The move is the minimum of four keys, key = count<<2 | rank, where rank is
// the direction's place in the preference order. A lane whose mouse escapes
// (or reaches the turn cap) is refilled with the next maze at once, so the
// lanes stay busy however the walk lengths differ.
//
// The kernels built into a binary are tried fastest first, and the first
// one the processor supports (as reported by github.com/klauspost/cpuid/v2)
// is chosen once:
//
//	avx512    16 lanes, AVX-512 gathers and scatters (AVX-512F)
//	avx512x2  32 lanes in two ZMM registers whose gathers overlap (AVX-512F)
//	avx2      8 lanes, AVX2 gathers, visits counted lane by lane (AVX2)
//	generic   4 lanes in pure Go, always present; the others are tested against it
//
// The lane states are kept in a pool between batches, since a search
// evaluates batch after batch of one size under one config.
//
// Build with the tag noasm (or purego) to leave the assembly out.
// Options.Kernel forces a kernel by name.
//
// # Counts
//
// Visit counts are 32-bit. A cell's count never exceeds the number of turns
// taken, so the kernels stop a walk at MaxKernelTurns turns and hand that
// maze to the reference simulator, mousemaze.Walk, which counts in 64 bits.
// No count wraps, and no feasible maze of up to 64×64 cells has been seen
// to come near that bound.
//
// # Resuming neighbours
//
// A local search evaluates many neighbours of one maze, each differing in
// a few cells. NewBase walks the maze once, recording the first turn at
// which the mouse examines each cell and snapshots of the walk; a
// Resumer's Eval (one neighbour, a scalar loop) or EvalBatch (many, in the
// lanes of the chosen kernel) resumes each neighbour's walk from the last
// snapshot before it first examines a flipped cell, returns the base
// result when it never does, and reports infeasible neighbours without a
// walk. The results are exactly mousemaze.Walk's; Base explains why.
//
// How much this saves depends on when the mouse first sees the flipped
// cells. On the long walks a search is after, he looks at nearly every
// cell early (on the long 13×13 mazes of BenchmarkResume about 93% of
// the neighbours' turns still have to be walked), so resuming saves
// little there; on mazes whose walk sees only part of the grid it saves
// about half of the steps or more.
//
//	base, err := cpu.NewBase(m, mousemaze.Config{})
//	r := base.NewResumer()          // one per goroutine
//	res, err := r.Eval([]int{5*m.Cols + 7}) // flip row 5, column 7
//
// # Example
//
//	ev, err := mousemaze.NewEvaluator("cpu", mousemaze.Options{Workers: 2})
//	if err != nil {
//		log.Fatal(err)
//	}
//	dst := make([]mousemaze.Result, pop.Len())
//	err = ev.Evaluate(pop, mousemaze.Config{}, dst)
package cpu
