package dispatch

import "github.com/mousemaze/mousemaze"

// nearEvaluator returns a faster evaluator of mazes close to a centre, or
// nil, in which case the grid problem evaluates neighbours as ordinary
// batches.
//
// It returns nil for now. cpu.Base resumes a neighbour's walk from the
// last snapshot before the mouse first looks at a changed cell, exactly,
// but on the long 13×13 mazes a search works on the mouse looks at almost
// every cell early: 93 % of a neighbour's turns are still walked, and a
// base costs two walks to build. Measured side by side (`ils` with the
// preset of that day, before its archive kicks; 13×13,
// 2,000,000 evaluations, seed 1, the same 8,118-turn result): 7.3 s of CPU
// with the cpu backend's batches, 9.3 s through cpu.Base's EvalBatch.
func nearEvaluator(ev mousemaze.Evaluator, cfg mousemaze.Config) nearFunc {
	return nil
}
