// Package analyze checks the theory of the mouse maze by machine: the
// thesis's chapter 5 (Merckens, "A Further Look into Mouse Mazes", 2019)
// and the paper's section 3 (Enright and Faben, "Building a Better Mouse
// Maze", 2016).
//
// # Loop-less mazes
//
// A maze is loop-less when the open cells reachable from the entry form a
// tree in the grid graph. Decompose finds the main path (the tree path from
// the entry cell to the exit cell, which the thesis's Theorem 2 describes as
// the lowest-priority option the walk takes at every crossroad) and the side
// branches hanging off it, recursively, with their lengths, junction kinds
// and priority ranks.
//
// # The thesis's formulas
//
// Thesis predicts the turns of a loop-less maze from the decomposition with
// the case formulas of the thesis's Theorems 3, 4 and 5, implemented as the
// thesis states them, and labels every branch with the case it took. Each
// branch also carries the cost the reference walk actually spent in it, so
// the formulas can be measured case by case (see CaseTable).
//
// # The exact tree evaluators
//
// TreeEval computes turns and every cell's visit count exactly without
// ever moving the mouse into a dead end: standing on a cell, all its dead
// ends are raised at once by arithmetic to just above the option it takes
// next, and the mouse moves only between cells that are not dead ends. It
// was made for loop-less mazes, where this resolves each excursion into a
// subtree by one step per entry into a cell with children, but the
// dead-end rule holds on any maze, so it is exact everywhere; an
// infeasible maze is reported infeasible after a flood fill. It runs on a count grid with a border of
// walls, each count kept with an offset that tells dead ends, other open
// cells and walls apart, so that a step has no data-dependent branch. It
// is the backend "tree" (TreeEvaluator, registered by the backends
// package); under modular counting, and on
// capped walks it would overrun, it returns the reference walk's result,
// so it is a correct Evaluator everywhere. On 16 random spanning-tree
// mazes of 32×32 and 64×64 it takes less processor time per maze than the
// cpu backend with one worker (16 mazes at once in SIMD lanes): 4.6 against
// 8.1 µs on 32×32 and 33.9 against 39.4 µs on 64×64 (medians of three runs
// on the shared 2-core development machine; the reference walk takes 143.5
// and 697.3), measured side by side with
//
//	go test ./analyze -run '^$' -bench TreeRatio -benchtime 200x -count 3
//
// TreeWalk is the older excursion recursion, kept for comparison.
//
// # 2×2 loops and the paper's bounds
//
// Loops finds every 2×2 block of reachable open cells and counts how often
// the walk turned around in it (the thesis's Theorem 1 says at most once);
// SearchTheorem1 enumerates mazes for counterexamples and names the
// hypothesis each breaks. CheckBounds (grids) and CheckGraphBounds (any
// mousemaze.Graph; RandomGraph makes test graphs) assert the paper's Lemma
// 6 at every departure of a walk and compare the walk with the Theorem 8
// bound. docs/theory.md holds the results and the commands that made them.
package analyze
