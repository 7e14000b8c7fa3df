package main

// The backends package registers every evaluator backend: cpu, tree and
// cuda (a stub unless built with the cuda tag).
import _ "github.com/mousemaze/mousemaze/backends"
