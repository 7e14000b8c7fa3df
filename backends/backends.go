// Package backends registers every evaluator backend in one place.
// Importing it for its side effect makes them all available to
// mousemaze.NewEvaluator, beside the root package's "ref":
//
//	import _ "github.com/mousemaze/mousemaze/backends"
//
// It registers "tree" (analyze.TreeEvaluator, the closed form) itself,
// and imports the cpu package, which registers "cpu", and the cuda
// package, which registers "cuda": the real backend when built with the
// cuda tag, otherwise a stub that explains how to get it. The mousemaze
// command and the web server import it; a library that wants only some
// backends imports those packages instead.
package backends

import (
	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/analyze"
	_ "github.com/mousemaze/mousemaze/cpu"  // registers "cpu"
	_ "github.com/mousemaze/mousemaze/cuda" // registers "cuda"
)

func init() {
	mousemaze.Register("tree", analyze.OpenTree)
}
