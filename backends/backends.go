// Package backends registers every evaluator backend and sweep runner in
// one place. Importing it for its side effect makes them all available to
// mousemaze.NewEvaluator and sweep.OpenRunner, beside the root package's
// own reference walk, "ref" (which the root registers, so that its tests
// and every package below this one can open it):
//
//	import _ "github.com/mousemaze/mousemaze/backends"
//
// It registers "cpu" (package cpu, with its kernels), "tree" (the closed
// form of package analyze) and "cuda": the real backend and sweep runner
// when built with the cuda tag, otherwise a name whose opening explains
// how to get it (cuda.ErrNoCUDA). The mousemaze command and the web server
// import it; a library that wants only some backends registers those
// packages' Open functions itself.
package backends

import (
	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/analyze"
	"github.com/mousemaze/mousemaze/cpu"
	"github.com/mousemaze/mousemaze/cuda"
	"github.com/mousemaze/mousemaze/dispatch/sweep"
)

func init() {
	mousemaze.Register("cpu", cpu.Open)
	mousemaze.RegisterKernels("cpu", cpu.AllKernels())
	mousemaze.Register("tree", analyze.OpenTree)
	if cuda.Built {
		mousemaze.Register("cuda", cuda.Open)
	} else {
		mousemaze.RegisterMissing("cuda", cuda.ErrNoCUDA)
	}
	sweep.RegisterRunner("cuda", cuda.OpenSweepRunner)
}
