package main

// The analyze package registers the "tree" backend: the closed-form
// evaluator (analyze.TreeEval), which raises dead ends by arithmetic and
// hands k-mod and capped walks to the reference walk.
import _ "github.com/mousemaze/mousemaze/analyze"
