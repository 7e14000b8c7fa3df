// Package evalout is the front end of the eval, graph and analyze
// commands, above the maze model: it reads the named inputs ("-" is
// standard input; ReadInputs, ReadGraph), walks them with an evaluator
// grouped by size (EvaluateInputs), and prints the results as the eval
// table or its JSON lines (WriteEval, EvalRecord, the infeasibility
// reasons of WhyInfeasible) and graph mazes as GraphRecords. The web
// server's /api/eval answers with the same EvalRecord.
package evalout
