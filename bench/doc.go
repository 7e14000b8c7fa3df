// Package bench measures the evaluator backends and their kernels side by
// side on the same populations, in mouse-steps per second and mazes per
// second, with ratios against the reference simulator.
//
// # Populations
//
// Two kinds of population are measured for each size. "random" mazes have
// every cell a wall with probability 0.3, so many are infeasible and most
// walks are short. "long" mazes come out of LongWalks, a short,
// deterministic mutation hill climb that keeps a mutant whenever its walk
// is at least as long, so their walks are long, like the mazes a search
// spends its time on.
//
// # Use
//
// The mousemaze bench command prints Run's table; the package's
// BenchmarkKernels runs the same measurements under go test -bench with
// names such as kernel=generic/size=13x13/maze=long:
//
//	go test -run='^$' -bench=. ./bench/
//
// # Also here
//
// The other measurements and checks of the command line: [SearchTable]
// (mousemaze bench search: the search methods over seeds),
// [SelectSweepCases], [MeasureSweep] and [WriteSweepTable] (mousemaze bench --sweep: the
// exhaustive sweep's leaves/s and steps/s), [LoopTable] and
// [WriteLoopTable] (mousemaze bench loop: the search loop around the
// evaluator, children or neighbours per second on [NullEvaluator], which
// walks nothing, beside the same search end to end on the backends), and
// [Selfcheck] (mousemaze selfcheck: a backend against the reference walk
// on random mazes).
package bench
