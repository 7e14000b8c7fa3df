package main

// The cuda package registers the "cuda" backend: the real one when built
// with the cuda tag, otherwise a stub that explains how to get it.
import _ "github.com/mousemaze/mousemaze/cuda"
