package main

// The analyze package registers the "tree" backend: the exact evaluator
// for loop-less mazes, which falls back to the reference walk elsewhere.
import _ "github.com/mousemaze/mousemaze/analyze"
