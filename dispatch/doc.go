// Package dispatch runs the searches for mazes that trap the mouse for as
// long as possible. Every search hands whole batches of mazes to a
// [mousemaze.Evaluator], never one maze at a time, so the same loop drives
// the reference walk, the CPU lanes and the GPU.
//
// # Methods
//
// The five methods of the paper's §4 are here with the paper's parameters
// as presets (see [Preset]):
//
//	random   random feasible mazes, each cell a wall with p = 0.25
//	hill     steepest-ascent hill climbing from random p = 0.25 mazes; all
//	         Hamming-1 neighbours form one batch; restart at a local optimum
//	sa       simulated annealing with linear cooling (parallel chains)
//	ea       evolutionary algorithm: mutation 0.06, 10 parents of 100
//	ga       genetic algorithm: uniform crossover, mutation 0.06, 10 parents
//	         of 100, the best maze carried over (elitism)
//
// and one of our own, memetic: genetic islands with ring migration and
// restarts of stagnant islands, whose elites are improved by exhaustive
// Hamming-1 and Hamming-2 local search, the way the paper's M_36314 was
// found (a GA followed by local search).
//
// # Evaluations and feasibility
//
// The budget counts evaluations: mazes handed to the evaluator and walked.
// Like the paper, which "searched until 1 million feasible mazes were
// evaluated", only feasible mazes count. Infeasible candidates are caught
// with [mousemaze.Feasible] (a flood fill on row masks, far cheaper than a
// walk) before any walk: a random maze is drawn again, a neighbour is
// skipped, and a child of a genetic operator is drawn again a few times and
// then repaired by undoing its differences from its first parent until it
// is feasible (see repair.go). Rejected candidates are counted in
// [State.Rejected] but not in [State.Evals].
//
// # Determinism and checkpoints
//
// A search is a pure function of its [Params] (the seed included) and any
// initial mazes: it draws every random number from one PCG stream
// (math/rand/v2), and the results of a batch do not depend on the backend,
// its worker count or the order of evaluation. Its whole state, the PCG
// state included, is a [State], taken at generation boundaries; a search
// resumed from a State ends exactly as the uninterrupted search does.
package dispatch
