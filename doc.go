// Package mousemaze holds the shared types of the mousemaze tool and the
// single source of truth for the rules of the Mouse Maze game.
//
// # Overview
//
// A mouse, Squeaky, enters an R×C grid maze at the top of the entry column
// and leaves through the exit below the bottom row of the exit column. At
// every step he moves to the neighbouring open cell he has visited least;
// ties go to the direction that comes first in the preference order (down,
// right, left, up by default). The exit counts as a neighbour with zero
// visits. The aim of the game is to place walls so that he takes as many
// turns as possible.
//
// A [Maze] stores one uint64 wall mask per row, so grids of up to 64×64
// cells fit; a [Population] packs many mazes of one size into one flat
// slice of words, which is what every backend, the GPU included, receives.
//
// [Walk] is the plain reference simulator. Every fast path in the project
// (CPU lanes, CUDA kernels, exhaustive sweeps) is tested against it for
// exact equality. [Feasible] decides whether the exit can be reached at all;
// an infeasible maze is reported as such and never walked.
//
// # Counting
//
// Turns follow the Flash game: entering the first cell is one turn and every
// move, the final move onto the exit included, is one more, so turns equal
// one plus the sum of all cell visits. The paper's visits are turns − 2.
//
// # Evaluators
//
// An [Evaluator] walks every maze of a population. Backends register
// themselves by name with [Register] (the reference walk registers itself as
// "ref"); [NewEvaluator] opens one by name, and the name "auto" picks the
// fastest backend present. The backends package registers all of them in
// one place; binaries import it with _. An Evaluator is an io.Closer:
// whoever opens one closes it. A backend that also walks Mouse Maze 2
// boards implements [EdgeEvaluator]; [EvaluateEdgesWith] falls back to
// the reference walk for the others.
//
// # One reference walk
//
// [Walk] and [Trace] (grids), [WalkEdges] and [TraceEdges] (edge boards)
// and [WalkGraph] (any graph) convert their maze to one graph form and
// run one loop, with exact counting or modulo k, guarded by one Theorem 8
// bound ([TurnBound]).
package mousemaze
