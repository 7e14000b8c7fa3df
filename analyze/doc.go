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
// # The exact tree evaluator
//
// TreeWalk computes turns and every cell's visit count on a loop-less maze
// by a recursion over excursions: entering the subtree behind an edge, the
// mouse stays in it until he comes back over that edge (or escapes), and the
// parent's visit count is fixed meanwhile, so each subtree is resolved by a
// recursive call that only looks at its root edge. Leaves are resolved in
// closed form. The evaluator is registered as the backend "tree"; on mazes
// that are not loop-less, and on capped walks the closed form would
// overrun, it returns the reference walk's result, so it is a correct
// Evaluator everywhere.
//
// # 2×2 loops and the paper's bounds
//
// Loops finds every 2×2 block of reachable open cells and counts how often
// the walk turned around in it (the thesis's Theorem 1 says at most once).
// CheckBounds asserts the paper's Lemma 6 at every departure of a walk and
// compares the turns with the Theorem 8 bound.
package analyze
