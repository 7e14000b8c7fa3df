package cpu

import (
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/mousemaze/mousemaze"
)

// ErrUnknownKernel reports a kernel name that is not built into this
// binary: it is mousemaze.ErrUnknownKernel. A kernel built in that this
// processor cannot run gives mousemaze.ErrKernelUnavailable instead.
var ErrUnknownKernel = mousemaze.ErrUnknownKernel

// MaxKernelTurns is the number of turns after which a kernel gives a walk up
// and hands its maze to mousemaze.Walk. A cell's count is at most the number
// of turns, so the kernels' 32-bit counts (shifted left by 2 in the keys)
// can neither wrap nor reach the wall value.
const MaxKernelTurns = 1<<30 - 16

// kernel is one walk kernel: a way of stepping the lanes.
type kernel struct {
	name string
	// ok reports whether this processor can run the kernel.
	ok func() bool
	// lanes is the number of mazes the kernel walks in lockstep.
	lanes int
	// step advances the first s.active lanes by up to n moves; see
	// (*lanes).stepGeneric for the contract.
	step func(s *lanes, n int) int
}

func always() bool { return true }

// scalarKernel is the pure Go kernel without gathers; see stepScalar.
var scalarKernel = kernel{name: "scalar4", ok: always, lanes: scalarLanes, step: (*lanes).stepScalar}

// kernels lists the kernels built into this binary, fastest first on an
// Intel processor: the assembly kernels, then scalar4, then generic, which
// is last and always available and is the reference the tests hold the
// others to.
var kernels = append(archKernels[:len(archKernels):len(archKernels)],
	scalarKernel,
	kernel{name: "generic", ok: always, lanes: genericLanes, step: (*lanes).stepGeneric})

// chosen is the kernel the backend uses when Options.Kernel is empty. It is
// picked once, at init, by pick.
var chosen = pick()

// pick returns the kernel the backend uses by default on this processor:
// see the package doc's Kernels section.
func pick() kernel { return pickFrom(kernels, slowGathers()) }

// pickFrom returns scalar4 when slow is set (the processor's gathers are
// slow: see slowGathers) and ks holds it, else the first kernel of ks the
// processor can run, else the last of ks.
func pickFrom(ks []kernel, slow bool) kernel {
	if slow {
		for _, k := range ks {
			if k.name == scalarKernel.name {
				return k
			}
		}
	}
	for _, k := range ks {
		if k.ok() {
			return k
		}
	}
	return ks[len(ks)-1]
}

// lookup returns the kernel called name, or the chosen one for "".
func lookup(name string) (kernel, error) {
	if name == "" {
		return chosen, nil
	}
	for _, k := range kernels {
		if k.name == name {
			if !k.ok() {
				return kernel{}, fmt.Errorf("cpu: %w: this processor cannot run %q (it can run %v)", mousemaze.ErrKernelUnavailable, name, Kernels())
			}
			return k, nil
		}
	}
	return kernel{}, fmt.Errorf("cpu: %w %q (valid: %v)", ErrUnknownKernel, name, strings.Join(AllKernels(), ", "))
}

// forceKernel makes name the chosen kernel and returns a function that
// restores the previous choice. Tests use it as defer forceKernel("generic")().
func forceKernel(name string) func() {
	k, err := lookup(name)
	if err != nil {
		panic(err)
	}
	old := chosen
	chosen = k
	return func() { chosen = old }
}

// Kernels returns the names of the kernels this binary holds that this
// processor can run, in the table's order (fastest first on Intel
// processors; Kernel says which one the backend uses).
func Kernels() []string {
	var names []string
	for _, k := range kernels {
		if k.ok() {
			names = append(names, k.name)
		}
	}
	return names
}

// AllKernels returns the names of every kernel built into this binary,
// the ones this processor cannot run included, in the order of Kernels.
func AllKernels() []string {
	names := make([]string, len(kernels))
	for i, k := range kernels {
		names[i] = k.name
	}
	return names
}

// Kernel returns the name of the kernel the backend uses by default.
func Kernel() string { return chosen.name }

// Open opens the CPU backend as a mousemaze.Evaluator (New, without a
// typed nil on error); package backends registers it as "cpu".
func Open(opts mousemaze.Options) (mousemaze.Evaluator, error) {
	ev, err := New(opts)
	if err != nil {
		return nil, err
	}
	return ev, nil
}

// Evaluator is the CPU backend. It is safe for concurrent use.
type Evaluator struct {
	k       kernel
	workers int
}

// New opens the CPU backend with opts.Workers goroutines (0 means one per
// CPU) and the kernel opts.Kernel (empty means Kernel(), the one picked
// for this processor). An unknown kernel gives an error wrapping
// ErrUnknownKernel.
func New(opts mousemaze.Options) (*Evaluator, error) {
	if opts.Workers < 0 {
		return nil, fmt.Errorf("cpu: %w: %d workers: must be 0 or more", mousemaze.ErrOptions, opts.Workers)
	}
	k, err := lookup(opts.Kernel)
	if err != nil {
		return nil, err
	}
	w := opts.Workers
	if w == 0 {
		w = runtime.GOMAXPROCS(0)
	}
	return &Evaluator{k: k, workers: w}, nil
}

// Name returns "cpu".
func (e *Evaluator) Name() string { return "cpu" }

// Close releases nothing (the workers live only during Evaluate) and
// returns nil; it may be called any number of times.
func (e *Evaluator) Close() error { return nil }

// Kernel returns the name of the kernel e uses.
func (e *Evaluator) Kernel() string { return e.k.name }

// Concurrent reports that Evaluate may be called from several goroutines
// at once (each call walks with lanes of its own).
func (e *Evaluator) Concurrent() bool { return true }

// Workers returns the number of worker goroutines e uses.
func (e *Evaluator) Workers() int { return e.workers }

// Evaluate walks every maze of pop under cfg and writes the results to dst,
// exactly as mousemaze.Walk would. The workers share one atomic counter of
// mazes: each refills its lanes from it, so the batch is split as finely
// as it can be and no lock is taken.
func (e *Evaluator) Evaluate(pop mousemaze.Population, cfg mousemaze.Config, dst []mousemaze.Result) error {
	if err := mousemaze.CheckBatch(pop, cfg, dst); err != nil {
		return fmt.Errorf("cpu: %w", err)
	}
	n := len(dst)
	if n == 0 {
		return nil
	}
	if cfg.K > 0 {
		return walkMod(pop, cfg, dst)
	}
	// A worker with fewer mazes than lanes would leave lanes empty.
	workers := min(e.workers, (n+e.k.lanes-1)/e.k.lanes)
	if workers <= 1 {
		return walk(e.k, pop, cfg, dst)
	}
	var (
		next atomic.Int64
		wg   sync.WaitGroup
		errs = make([]error, workers)
	)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := getLanes(e.k.lanes, pop.Rows, pop.Cols, cfg)
			defer lanePool.Put(s)
			errs[w] = s.run(e.k, pop, dst, &next)
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}

// walkMod evaluates a batch under modular counting (cfg.K > 0) with
// mousemaze.Walk, maze by maze: the lane kernels count exactly and do not
// detect cycles, so a k-mod batch takes the reference path.
func walkMod(pop mousemaze.Population, cfg mousemaze.Config, dst []mousemaze.Result) error {
	for i := range dst {
		res, err := mousemaze.Walk(pop.Maze(i), cfg)
		if err != nil {
			return fmt.Errorf("cpu: maze %d: %w", i, err)
		}
		dst[i] = res
	}
	return nil
}

// walk evaluates a whole batch with kernel k on the calling goroutine. It
// assumes the batch passed CheckBatch.
func walk(k kernel, pop mousemaze.Population, cfg mousemaze.Config, dst []mousemaze.Result) error {
	if len(dst) == 0 {
		return nil
	}
	s := getLanes(k.lanes, pop.Rows, pop.Cols, cfg)
	defer lanePool.Put(s)
	var next atomic.Int64
	return s.run(k, pop, dst, &next)
}

// lanePool keeps lane states between batches: a search evaluates batch
// after batch of one size under one config, and building the state (the
// count array and its border) costs as much as walking a small batch.
var lanePool sync.Pool

// getLanes returns a lane state from the pool when one fits, else a new one.
func getLanes(n, rows, cols int, cfg mousemaze.Config) *lanes {
	if s, ok := lanePool.Get().(*lanes); ok && s.fits(n, rows, cols, cfg) {
		s.cfg.Heat = cfg.Heat
		return s
	}
	return newLanes(n, rows, cols, cfg)
}
