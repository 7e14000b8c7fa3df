package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"sync"
	"time"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch"
)

// cmdBreed measures the GA's breeding on the device: generations of n
// children of random feasible parents bred and walked by the breeding
// kernel and a walk kernel (dispatch.GridProblem.BreedEvaluate on the
// cuda backend), children per second end to end and the kernels' share
// of the time; beside it, for the ratio, the host's own breeding of the
// same children (GridProblem.Breed on every core, chunks of 1024, no
// walk), which is what the host would have to sustain without the
// device's breeding.
func cmdBreed(args []string, out *json.Encoder, stderr io.Writer) int {
	fs := flag.NewFlagSet("breed", flag.ContinueOnError)
	size := fs.String("size", "13x13", "grid size")
	n := fs.Int("n", 1<<20, "children a generation")
	parents := fs.Int("parents", 100, "parents (random feasible mazes)")
	rate := fs.Float64("rate", 2, "mean mutation flips a child")
	seconds := fs.Float64("seconds", 5, "how long to breed on each side")
	if rc := parse(fs, args, stderr); rc >= 0 {
		return rc
	}
	sz, err := mousemaze.ParseSize(*size)
	if err != nil || *n < 1 || *parents < 1 || *seconds <= 0 {
		fmt.Fprintf(stderr, "gpubench breed: bad flags (%v)\n", err)
		return 2
	}
	g, err := openGPU()
	if err != nil {
		return fail(stderr, "open cuda: %v", err)
	}
	defer g.Close()
	spec, err := dispatch.Preset(dispatch.AlgoGA)
	if err != nil {
		return fail(stderr, "%v", err)
	}
	spec.Rows, spec.Cols = sz.Rows, sz.Cols
	prob, err := dispatch.NewGridProblem(spec, g)
	if err != nil {
		return fail(stderr, "%v", err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var ps []dispatch.Grid
	for len(ps) < *parents {
		if m := prob.Random(rng); mousemaze.FeasibleWalls(m.Walls, sz.Cols, m.Entry, m.Exit) {
			ps = append(ps, m)
		}
	}
	const chunk = 1024 // dispatch's breedChunk
	kids := make([]dispatch.Member[dispatch.Grid], *n)
	hostKids := make([]dispatch.Grid, *n)
	rejected, hashes := make([]uint8, *n), make([]uint64, *n)
	seeds := make([]uint64, (*n+chunk-1)/chunk)
	k0 := g.Stats().Kernel
	gens, start := 0, time.Now()
	for time.Since(start).Seconds() < *seconds || gens == 0 {
		for c := range seeds {
			seeds[c] = rng.Uint64()
		}
		part := dispatch.DevicePart{Slot: gens % 2, Total: *n}
		ok, err := prob.BreedEvaluate(part, seeds, ps, kids, rejected, hashes, true, *rate)
		if err != nil || !ok {
			return fail(stderr, "breed on the device: ok %v: %v", ok, err)
		}
		gens++
	}
	devWall := time.Since(start).Seconds()
	kernel := (g.Stats().Kernel - k0).Seconds()
	var rej int64
	for _, r := range rejected {
		rej += int64(r)
	}
	// The host's breeding of the same children on every core.
	workers := runtime.GOMAXPROCS(0)
	hostGens, start := 0, time.Now()
	for time.Since(start).Seconds() < *seconds || hostGens == 0 {
		var wg sync.WaitGroup
		next := make(chan int, len(seeds))
		for c := range seeds {
			next <- c
		}
		close(next)
		for range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for c := range next {
					lo, hi := c*chunk, min((c+1)*chunk, *n)
					prob.Breed(rand.New(rand.NewPCG(uint64(hostGens), uint64(c))), ps, hostKids[lo:hi], true, *rate)
				}
			}()
		}
		wg.Wait()
		hostGens++
	}
	hostWall := time.Since(start).Seconds()
	out.Encode(map[string]any{
		"step": "breed", "device": g.Device(), "size": sz.String(), "n": *n, "parents": *parents, "rate": *rate,
		"generations": gens, "children_per_s": float64(gens**n) / devWall, "kernel_seconds": kernel, "seconds": devWall,
		"kernel_share": kernel / devWall, "rejected_per_child": float64(rej) / float64(*n),
		"host_workers": workers, "host_generations": hostGens, "host_breed_per_s": float64(hostGens**n) / hostWall,
	})
	return 0
}
