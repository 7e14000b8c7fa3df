// Package sweep finds the most turns over every maze of one size: an
// exhaustive search whose answer is a proof.
//
// # Overview
//
// A sweep does not enumerate the 2^(R·C) mazes. It walks the mouse on a
// partly decided maze, whose cells are open, wall or unknown, and branches
// (open first, then wall) only when the mouse's next move depends on an
// unknown cell. Cells the walk never depended on stay unknown, so a leaf of
// the search tree stands for all 2^u settings of its u unknown cells at
// once, and every one of them takes exactly the leaf's number of turns.
// The histogram of turns weights each leaf by 2^u; together with the
// weight of the pruned (infeasible) branches it adds up to 2^(R·C).
//
// # When an unknown cell matters
//
// An unknown cell has never been visited, so if it is open it has 0
// visits. The mouse moves to the first direction, in preference order,
// with the fewest visits; a 0-visit choice (an open cell never visited, or
// the exit, which always counts 0) beats every other. Scanning the
// directions in order, the first unknown neighbour met before any 0-visit
// choice decides the move: open, the mouse steps onto it; wall, the scan
// goes on. An unknown neighbour after a 0-visit choice cannot matter.
//
// # Pruning
//
// A branch is cut as soon as no open-or-unknown path joins the entry cell
// to the exit cell: no completion of it is feasible, the mouse would walk
// forever on each, and the rules count such mazes as infeasible, not as
// walks. Its 2^u mazes are added to the infeasible count, so the
// accounting stays exact. The fast engine remembers a set of cells that
// holds a path: a wall off it cuts nothing; a wall on it whose
// open-or-unknown neighbours are joined through the eight cells around it
// cuts nothing either (a lookup table decides); otherwise a breadth-first
// search on the grid packed into one word decides and remembers a new
// path. A full sweep uses no bound on the remaining walk: the histogram
// must count every leaf, and the optimum comes out of it. A best-only
// sweep (Options.BestOnly) also cuts subtrees that provably cannot reach
// an incumbent; see bounder and docs/sweep.md.
//
// Every infeasible maze ends in a pruned branch: on it the mouse's walk
// never ends, he keeps visiting every cell of his component, and so he
// examines, and the search decides, every cell around it, after which the
// flood fill finds the exit cut off.
//
// # Work, shards and checkpoints
//
// The tree is cut at a fixed depth into tasks (subtrees named by their
// decisions from the root, in depth-first order), chosen from the size and
// rules alone, so every run of one sweep has the same tasks. Workers take
// tasks from a shared counter and tally them with no locks; one collector
// merges the tallies. Shard i of N takes the tasks whose index is i mod N.
// A checkpoint records the finished tasks and their merged tally; a resumed
// run skips them. Reports merge exactly (Merge): histograms add, and the
// reported optimal maze is the first optimal leaf in task order, so a
// single run, a resumed run and merged shards report the same thing.
//
// # Engines
//
// The fast engine (fast.go) searches the same tree in the same order as
// the reference engine (engine.go), keeping one copy of the state per open
// decision instead of undoing the walk, with 8- or 16-bit visit keys; a
// batch of tasks whose walks could overflow the keys is run again on the
// wider engine, then on the reference one. The tests require the two to
// give identical tallies.
//
// # Progress
//
// Subtrees differ in size by many orders of magnitude, so progress is
// measured in estimated leaves: Knuth's estimator (random descents that
// multiply the number of live children at each branch) gives each task an
// unbiased estimate before the sweep starts.
package sweep
