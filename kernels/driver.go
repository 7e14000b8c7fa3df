package kernels

import (
	"fmt"
	"math"
	"runtime"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/internal/parallel"
)

// NewParams returns the kernel arguments for rows×cols mazes under cfg,
// without the buffers and the batch length, which the runner fills in.
// cfg must be valid for cols.
func NewParams(rows, cols int, cfg mousemaze.Config) Params {
	p := Params{
		Limit: math.MaxUint64,
		Rows:  int32(rows),
		Cols:  int32(cols),
		Entry: int32(cfg.Entry),
		Exit:  int32(cfg.Exit),
	}
	if cfg.Cap > 0 {
		p.Limit = uint64(cfg.Cap)
	}
	for rank, d := range cfg.Order.Resolve() {
		p.Rank[d] = uint32(rank)
		p.Dir[rank] = uint32(d)
	}
	return p
}

// Runner runs the kernel of width wd on a batch: p as NewParams made it,
// walls holding len(out) mazes of p.Rows words each. It fills out with one
// result word per maze and, when heat is not nil, heat with p.Rows·p.Cols
// counts per maze, as the kernels do. The cuda backend's runner launches
// them on the device; EmulatedRunner runs Emulate.
type Runner func(wd Width, p Params, walls, out []uint64, heat []uint32) error

// EmulatedRunner returns a Runner that runs Emulate on launches planned by
// Plan for dev.
func EmulatedRunner(dev Device) Runner {
	return func(wd Width, p Params, walls, out []uint64, heat []uint32) error {
		l := Plan(int(p.Rows), int(p.Cols), wd, dev, len(out))
		p.N = uint32(len(out))
		p.Shared = 0
		if l.Shared {
			p.Shared = 1
		}
		Emulate(wd, l, p, walls, out, heat)
		return nil
	}
}

// A Tally counts, per kernel name, the mazes a Runner ran (Ran) and the
// result words it flagged FlagOverflow (Overflowed): how far a chain
// escalated, as the tests of escalation and the benchmarks read it.
type Tally struct {
	Ran, Overflowed map[string]int
}

// Count returns a Runner that runs run and adds what it ran to t, making
// t's maps when they are nil.
func (t *Tally) Count(run Runner) Runner {
	if t.Ran == nil {
		t.Ran, t.Overflowed = map[string]int{}, map[string]int{}
	}
	return func(wd Width, p Params, walls, out []uint64, heat []uint32) error {
		err := run(wd, p, walls, out, heat)
		t.Ran[wd.Kernel] += len(out)
		for _, w := range out {
			if w&FlagOverflow != 0 {
				t.Overflowed[wd.Kernel]++
			}
		}
		return err
	}
}

// Evaluate is EvaluateChain with Widths: walk16, then walk32, then Walk.
func Evaluate(run Runner, pop mousemaze.Population, cfg mousemaze.Config, dst []mousemaze.Result) error {
	return EvaluateChain(run, Widths, pop, cfg, dst)
}

// EvaluateChain is the host side of every kernel run, shared by the cuda
// backend and the emulation: it checks the batch, runs the kernel of
// chain[0] on all of it, the next one on the mazes whose counts
// overflowed, and so on, and mousemaze.Walk on any that overflowed the
// last one, and decodes the result words (and heat maps) into dst. A walk
// stops the moment a count reaches its counter's limit, and its maze is
// walked again from the start with the next counter, so the results equal
// Walk's exactly whatever the chain (Chain chooses one).
//
// The kernels count visits exactly; a k-mod walk (cfg.K > 0) is handed to
// the reference walk, so the results stay exact under every Config.
func EvaluateChain(run Runner, chain []Width, pop mousemaze.Population, cfg mousemaze.Config, dst []mousemaze.Result) error {
	if err := mousemaze.CheckBatch(pop, cfg, dst); err != nil {
		return err
	}
	if len(dst) == 0 {
		return nil
	}
	if cfg.K > 0 || len(chain) == 0 {
		want, err := mousemaze.WalkAll(pop, cfg)
		if err != nil {
			return err
		}
		copy(dst, want)
		return nil
	}
	rows, cols := pop.Rows, pop.Cols
	n := pop.Len()
	out := make([]uint64, n)
	var heat []uint32
	if cfg.Heat {
		heat = make([]uint32, n*rows*cols)
	}
	if err := run(chain[0], NewParams(rows, cols, cfg), pop.Words, out, heat); err != nil {
		return err
	}
	gather := func(idx []int) ([]uint64, error) {
		words := make([]uint64, 0, len(idx)*rows)
		for _, i := range idx {
			words = append(words, pop.Words[i*rows:(i+1)*rows]...)
		}
		return words, nil
	}
	return FinishChain(run, chain[1:], pop, cfg, out, heat, gather, dst)
}

// FinishChain is EvaluateChain after its first kernel, for a batch whose
// walls need not be on the host: out (and heat, under cfg.Heat) hold the
// first kernel's result words (and heat maps) for len(dst) mazes of
// shape's rows and columns (shape's Words are not read). It decodes them
// into dst, asks walls for the words of the mazes whose counts overflowed
// (their indices in order, rows words each) and walks those with the rest
// of the chain, and Walk after its last kernel.
func FinishChain(run Runner, rest []Width, shape mousemaze.Population, cfg mousemaze.Config, out []uint64, heat []uint32, walls func(idx []int) ([]uint64, error), dst []mousemaze.Result) error {
	rows, cols := shape.Rows, shape.Cols
	// Decoded on every core (inline for a batch of one chunk); the few
	// overflowed mazes are gathered after, in order.
	parallel.Chunks(runtime.GOMAXPROCS(0), len(out), decodeChunk, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			if word := out[i]; word&FlagOverflow == 0 {
				dst[i] = Decode(word)
				if cfg.Heat {
					dst[i].Heat = heat[i*rows*cols : (i+1)*rows*cols : (i+1)*rows*cols]
				}
			}
		}
	})
	var idx []int
	for i, word := range out {
		if word&FlagOverflow != 0 {
			idx = append(idx, i)
		}
	}
	if len(idx) == 0 {
		return nil
	}
	words, err := walls(idx)
	if err != nil {
		return err
	}
	again := mousemaze.Population{Rows: rows, Cols: cols, Words: words, Feasible: shape.Feasible}
	res := make([]mousemaze.Result, len(idx))
	if len(rest) > 0 {
		if err := EvaluateChain(run, rest, again, cfg, res); err != nil {
			return err
		}
	} else { // counts beyond the last counter: let the 64-bit reference walk them
		for k, i := range idx {
			if res[k], err = mousemaze.Walk(again.Maze(k), cfg); err != nil {
				return fmt.Errorf("maze %d: %w", i, err)
			}
		}
	}
	for k, i := range idx {
		dst[i] = res[k]
	}
	return nil
}

// decodeChunk is the result words one goroutine of EvaluateChain
// decodes at a time.
const decodeChunk = 8192

// Decode turns a result word without FlagOverflow into a Result (without
// its heat map).
func Decode(word uint64) mousemaze.Result {
	return mousemaze.Result{
		Turns:    int64(word >> TurnShift),
		Escaped:  word&FlagEscaped != 0,
		Feasible: word&FlagFeasible != 0,
	}
}

// The throughput model's constants (docs/gpu.md): instructions in the step
// loop of each kernel in shared memory (static counts, ptxas -arch=sm_90
// of walk.ptx and cuobjdump -sass; a model, not a measurement), and the
// cycles of one step's dependent chain of loads and arithmetic.
var (
	// StepInstructions is the static instruction count of each kernel's
	// step loop in shared memory.
	StepInstructions = map[string]float64{Walk8: 50, Walk16: 49, Walk32: 44}
	// StepLatency is the modelled latency of one step in shared memory, in
	// cycles; ScratchLatency that in global scratch.
	StepLatency, ScratchLatency = 80.0, 300.0
)

// StepRate is the model's steps per cycle on one multiprocessor for
// launches like l of the kernel of wd on dev (four schedulers issuing one
// warp-instruction a cycle each): the lesser of the issue bound (32 lanes
// per StepInstructions) and the latency bound (the resident warps, one
// step each per StepLatency cycles). It ignores lane efficiency, refills
// and escalations, which the chains it compares share but for the latter.
func StepRate(wd Width, l Launch, dev Device) float64 {
	blocks := max(1, l.Grid/max(1, dev.SMs))
	warps := float64(blocks * l.Block / 32)
	lat := StepLatency
	if !l.Shared {
		lat = ScratchLatency
	}
	issue := 4 * 32 / StepInstructions[wd.Kernel]
	latency := warps * 32 / lat
	return min(issue, latency)
}

// Chain returns the counters Evaluate should try for rows×cols mazes on
// dev: walk8 first when the model's StepRate for it beats walk16's by more
// than an eighth (the margin stands for the walks that overflow 8 bits and
// are walked again), else Widths. Narrow counts pay where the 16-bit grids
// limit the resident warps so that the step's latency is not hidden.
func Chain(rows, cols int, dev Device) []Width {
	const n = 1 << 30
	r8 := StepRate(W8, Plan(rows, cols, W8, dev, n), dev)
	r16 := StepRate(W16, Plan(rows, cols, W16, dev, n), dev)
	if r8 > 1.125*r16 {
		return Kernels
	}
	return Widths
}
