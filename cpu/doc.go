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
// The kernels built into a binary, in the order of Kernels and AllKernels:
//
//	avx512    16 lanes, AVX-512 gathers and scatters (AVX-512F)
//	avx512x2  32 lanes in two ZMM registers whose gathers overlap (AVX-512F)
//	avx2      8 lanes, AVX2 gathers, visits counted lane by lane (AVX2)
//	scalar4   4 lanes in pure Go without gathers, always present
//	generic   4 lanes in pure Go, always present; the others are tested against it
//
// scalar4 writes the four lanes' moves out one after another in one loop
// body, each lane's position in memory and its other state in registers,
// so that the processor overlaps the four chains of loads; its keys are
// 64-bit, count<<10 | rank<<8 | the move's cell offset, so the least key
// is the move itself, and the compiler takes the least with conditional
// moves, not branches (see stepScalar). A lane still counts its visits in
// the shared 32-bit array, and hands walks at MaxKernelTurns to the
// reference walk, like the others.
//
// The backend's kernel (Kernel) is picked once, at init, from what
// github.com/klauspost/cpuid/v2 reports: on an AMD processor, whose
// gathers are slow, scalar4; elsewhere the first kernel of the table the
// processor supports (avx512 on a Xeon with AVX-512, where avx512 and
// avx512x2 measured within noise of each other; scalar4 where no assembly
// is built). Options.Kernel, and the command's --kernel, force a kernel by
// name.
//
// The AMD rule rests on this measurement, on "AMD EPYC" (the model name in
// /proc/cpuinfo; family 0x19, model 0x11: Zen 4, which has AVX-512 too),
// two cores of a machine shared with other work (load average 7 during
// the run):
//
//	go test -run TestKernelRates -v ./cpu/ -args -rates 40 -rate-kernels avx512,avx2,scalar4,generic [-rate-workers 2]
//
// TestKernelRates walks 512 neighbours of the long 13×13 mazes of
// testdata/long-13x13.txt (372 feasible, 1859 turns a walk on average)
// and 512 random 32×32 mazes (131 feasible, 548 turns); 40 rounds time each
// kernel for 20 ms in a new random order. Rates are millions of turns per
// second of the process's processor time, medians of the 40 rounds; the
// ratio is the median of each round's rate over avx2's:
//
//	                 1 worker                    2 workers
//	              long 13×13    random 32×32  long 13×13    random 32×32
//	avx512        295  ×0.90    130  ×0.88    215  ×0.75    107  ×0.86
//	avx2          316  ×1       149  ×1       284  ×1       124  ×1
//	scalar4       402  ×1.18    159  ×1.09    310  ×1.09    136  ×1.09
//	generic        84  ×0.26     60  ×0.40     73  ×0.26     54  ×0.43
//
// In the quietest rounds scalar4 reached 482 million turns a second on the
// long mazes to avx2's 340. The random batch gains less because most of
// its mazes are infeasible and cost only the flood fill. Before this rule
// the backend used avx512 here, the slowest of the three.
//
// The rule holds on Zen 5 as well: on the 2-core development machine of
// 2026-11-28, "AMD EPYC" family 0x1A model 0x02 (Go reports an "Oxide
// Virtual Turin-like Processor"), with AVX-512 and record hunts paused,
// the same test (40 rounds; avx512x2 added) measured:
//
//	                 1 worker                    2 workers
//	              long 13×13    random 32×32  long 13×13    random 32×32
//	avx512        366  ×1.06    270  ×1.04    311  ×0.99    190  ×0.95
//	avx512x2      377  ×1.09    271  ×1.04    274  ×0.88    163  ×0.81
//	avx2          346  ×1       260  ×1       315  ×1       204  ×1
//	scalar4       451  ×1.31    320  ×1.23    432  ×1.38    244  ×1.19
//	generic        73  ×0.21     70  ×0.27     74  ×0.24     67  ×0.32
//
// so scalar4, the kernel the rule picks on every AMD processor, is also
// the fastest there, by 18 to 37% over the next best.
//
// A vendor rule, rather than a calibration that times the kernels on a
// built-in batch at first use: on a shared machine like this one the rate
// of one kernel varies by up to half between 20 ms trials, so a
// calibration short enough to run in every process would often pick by
// noise among kernels within 10 to 20% of each other, and would pick
// differently from run to run, making timings incomparable; the vendor
// rule is free and the same every time. It ignores the family: families
// 0x19 and 0x1A were measured (above), and AMD's earlier cores gather no
// faster.
//
// The lane states are kept in a pool between batches, since a search
// evaluates batch after batch of one size under one config.
//
// Build with the tag noasm (or purego) to leave the assembly out; scalar4
// and generic remain.
//
// # Counts
//
// Visit counts are 32-bit. A cell's count never exceeds the number of turns
// taken, so the kernels stop a walk at MaxKernelTurns turns and hand that
// maze to the reference simulator, mousemaze.Walk, which counts in 64 bits.
// No count wraps, and no feasible maze of up to 64×64 cells has been seen
// to come near that bound.
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
