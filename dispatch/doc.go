// Package dispatch runs the searches for mazes that trap the mouse for as
// long as possible. It owns the project's one search engine, [Engine],
// generic over a [Problem]: grid mazes ([GridProblem]), Mouse Maze 2 edge
// boards, walker traps and Viennese mazes are problems; the methods are
// strategies written once for all of them. Every strategy hands whole
// batches of genomes to the problem, which scores them through a
// [mousemaze.Evaluator], so the same loop drives the reference walk, the
// CPU lanes and the GPU.
//
// # Methods
//
// The five methods of the paper's §4 are here with the paper's parameters
// as presets (see [Preset]): random, hill (steepest ascent over Hamming-1),
// sa (simulated annealing, linear cooling), ea and ga (mutation 0.06 of the
// cells, 10 parents of 100; ga adds uniform crossover and one elite). Ours:
//
//	memetic   genetic islands with ring migration and restarts, whose
//	          island bests are climbed exhaustively to Hamming radius 2
//	ils       iterated local search: first-improvement climbs over the
//	          Hamming-1 and Hamming-2 neighbourhoods with sideways moves on
//	          plateaus (a tabu list of visited centres), random kicks from the
//	          best local optimum, optional restarts
//	pipeline  the paper's recipe for M_36314: a GA with uniform crossover,
//	          then a low-mutation EA from copies of its best, then the
//	          Hamming-3 polish
//
// # Local search and the certificate
//
// One [Climb] type serves hill climbing, the memetic and iterated local
// searches and the polish: it scans a centre's neighbours radius by radius
// (every combination of moves on distinct sites, each exactly once) and
// moves to the first better one (first-improvement) or to the best of a
// radius (best-improvement). With Spec.Polish = r, once the budget is spent
// the engine climbs from the best genome, exhaustively, until no genome
// within Hamming distance r is better; [Engine.Certified] then reports r:
// no maze within distance r of the best scores higher. Neighbours of grid
// mazes are evaluated as ordinary batches: resuming the centre's walk from
// a snapshot was measured slower on the mazes a search works on (most of a
// neighbour's walk has to be walked again), so the engine has no such path.
//
// # Evaluations and feasibility
//
// The budget counts evaluations: feasible genomes scored. Like the paper,
// which "searched until 1 million feasible mazes were evaluated", only
// feasible genomes count. Infeasible candidates are caught by the
// problem's feasibility test (a flood fill on row masks for grids, far
// cheaper than a walk) before any walk; they are counted in
// [EngineState.Rejected]. The polish runs beyond the budget; its
// evaluations are counted in [EngineState.PolishEvals].
//
// # Determinism and checkpoints
//
// A search is a pure function of its [Spec] (the seed included) and any
// initial genomes: it draws every random number from one PCG stream, and
// the results of a batch do not depend on the backend, its worker count or
// the order of evaluation. Its whole state is an [EngineState], taken at
// generation boundaries; a search resumed from it ends exactly as the
// uninterrupted search does. The Spec carries a version: checkpoints of the
// search before the one engine are refused with [ErrOldSpec]. A state no
// search could have written (a damaged or hand-edited checkpoint: genomes
// of another size, arrays of the wrong shape, negative counts, a best that
// does not walk the score it records) is refused with [ErrState] before
// the search resumes; the best is walked again for it.
package dispatch
