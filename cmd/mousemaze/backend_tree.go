package main

// The analyze package registers the "tree" backend: the closed-form
// evaluator for loop-less mazes (analyze.TreeEval), which falls back to the
// reference walk elsewhere.
import _ "github.com/mousemaze/mousemaze/analyze"
