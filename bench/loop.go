package bench

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/klauspost/cpuid/v2"
	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch"
	"github.com/mousemaze/mousemaze/internal/parallel"
	"github.com/mousemaze/mousemaze/kernels"
)

// NullBackend is the backend name of the loop table's host-only rows, the
// rows run on NullEvaluator.
const NullBackend = "null"

// NullEvaluator is an Evaluator that walks nothing, for measuring the
// search loop around the evaluator (mousemaze bench loop). For every maze
// it writes a feasible, escaped Result whose Turns is NullTurns of the
// maze's row words, so a search's selection still sees varied scores; it
// ignores the Config's rules and never fills Heat. It is not a correct
// evaluator: its turns are not the mouse's.
type NullEvaluator struct{}

// Name returns NullBackend ("null").
func (NullEvaluator) Name() string { return NullBackend }

// Close does nothing and returns nil.
func (NullEvaluator) Close() error { return nil }

// Evaluate checks the batch as every evaluator does (mousemaze.CheckBatch)
// and writes, for maze i of pop, Result{Feasible: true, Escaped: true,
// Turns: NullTurns(its words)} to dst[i].
func (NullEvaluator) Evaluate(pop mousemaze.Population, cfg mousemaze.Config, dst []mousemaze.Result) error {
	if err := mousemaze.CheckBatch(pop, cfg, dst); err != nil {
		return err
	}
	for i := range dst {
		dst[i] = mousemaze.Result{Feasible: true, Escaped: true, Turns: NullTurns(pop.Words[i*pop.Rows : (i+1)*pop.Rows])}
	}
	return nil
}

// NullBreedBackend is the backend name of the loop table's rows run on
// NullBreeder: the host's side of a search whose generations are bred on
// the device.
const NullBreedBackend = "null-breed"

// NullBreeder is a NullEvaluator that breeds as well (a kernels.Breeder),
// for measuring what the host does around a device that breeds a GA's
// generations (mousemaze bench loop): the engine hands it whole
// generations as it would the cuda backend, and it makes each child at
// almost no cost, on every core: child g is a parent picked by a hash of
// its chunk's seed and g with nullFlips moves flipped (fewer where two
// flips fall on one cell), so that children are mostly distinct, as a
// GA's are, scored as NullEvaluator scores it, with no rejected
// candidates. Its children are not the
// breeding kernel's, nor always feasible. It keeps them in its
// HostGenerations, as the device keeps its own. Use it by pointer.
type NullBreeder struct {
	NullEvaluator
	kernels.HostGenerations
}

// Name returns NullBreedBackend ("null-breed").
func (*NullBreeder) Name() string { return NullBreedBackend }

// BreedWalk makes the children of j as NullBreeder says, in generation
// j.Slot of its HostGenerations.
func (b *NullBreeder) BreedWalk(j *kernels.BreedJob, cfg mousemaze.Config, rejected []uint8, hashes []uint64, dst []mousemaze.Result) error {
	if err := j.CheckWalk(cfg, rejected, hashes, dst); err != nil {
		return err
	}
	children := b.Place(j)
	rows, np := j.Rows, uint64(len(j.Parents)/j.Rows)
	parallel.Chunks(runtime.GOMAXPROCS(0), j.N, 4096, func(lo, hi int) {
		for g := lo; g < hi; g++ {
			h := mix64(j.Seeds[g/j.Chunk] ^ uint64(g))
			k := int(h % np)
			c := children[g*rows : (g+1)*rows]
			copy(c, j.Parents[k*rows:(k+1)*rows])
			for range nullFlips { // distinct children, mostly
				if len(j.CellOf) == 0 {
					break
				}
				h = mix64(h)
				cell := j.CellOf[h%uint64(len(j.CellOf))]
				c[cell>>6] ^= 1 << (cell & 63)
			}
			rejected[g] = 0
			hashes[g] = kernels.ChildHash(c, j.Entry, j.Exit)
			dst[g] = mousemaze.Result{Feasible: true, Escaped: true, Turns: NullTurns(c)}
		}
	})
	return nil
}

// nullFlips is how many moves NullBreeder flips in a parent.
const nullFlips = 3

// loopBreedsOnDevice reports whether the loop table runs method algo with
// generations of pop children on NullBreeder too: the methods whose large
// generations (more than 1,024 children) the engine hands to an evaluator
// that breeds (ga, ea, pipeline).
func loopBreedsOnDevice(algo string, pop int) bool {
	return LoopBreeds(algo) && algo != dispatch.AlgoMemetic && pop > 1024
}

// NullTurns is the score NullEvaluator gives a maze of the row words
// words: 2 plus a hash of the words modulo 1000, so 2..1001 turns, the
// same for the same walls wherever the maze sits in a population.
func NullTurns(words []uint64) int64 {
	h := uint64(0x9e3779b97f4a7c15)
	for _, w := range words {
		h = mix64(h ^ w)
	}
	return 2 + int64(h%1000)
}

// mix64 is the finaliser of splitmix64.
func mix64(z uint64) uint64 {
	z += 0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Defaults of the loop table (mousemaze bench loop): the methods, sizes
// and breeding workers it measures, as its flags write them
// (comma-separated lists, see SplitList).
const (
	DefaultLoopAlgos   = dispatch.AlgoGA + "," + dispatch.AlgoILS
	DefaultLoopSizes   = "13x13,32x32"
	DefaultLoopWorkers = "1,2"
)

// SplitList splits a comma-separated flag value, trimming blanks and
// dropping empty items.
func SplitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// Budgets and generation size of the loop table's runs when LoopOptions
// leaves them 0: DefaultLoopBreedEvals children for the methods that
// breed generations of DefaultLoopPop (ga, ea, pipeline, memetic),
// DefaultLoopClimbEvals evaluations for the others (ils and the
// climbers, whose evaluations are neighbours).
const (
	DefaultLoopBreedEvals = 500_000
	DefaultLoopClimbEvals = 300_000
	DefaultLoopPop        = 100_000
)

// LoopBreeds reports whether method algo breeds generations of children
// (ga, ea, pipeline, memetic), whose size LoopOptions.Pop sets; the
// others evaluate neighbours or random batches.
func LoopBreeds(algo string) bool {
	switch algo {
	case dispatch.AlgoGA, dispatch.AlgoEA, dispatch.AlgoPipeline, dispatch.AlgoMemetic:
		return true
	}
	return false
}

// LoopBackends returns the backends the loop table runs end to end by
// default: cpu, and cuda when this binary is built with it (whether a
// device is present shows only when it is opened). The reference and
// tree backends are left out as slow.
func LoopBackends() []string {
	bes := []string{"cpu"}
	if slices.Contains(mousemaze.BuiltBackends(), "cuda") {
		bes = append(bes, "cuda")
	}
	return bes
}

// LoopRecord is one row of the loop table (one line of `bench loop
// --json`): one search method on one size with Workers breeding
// goroutines, run to its budget on Backend ("null" for NullEvaluator, the
// host-only rows).
type LoopRecord struct {
	// Algo is the method, Size the grid (RxC), Backend the evaluator.
	Algo    string `json:"algo"`
	Size    string `json:"size"`
	Backend string `json:"backend"`
	// Workers is the engine's breeding goroutines (Engine.SetWorkers) and,
	// on a cpu backend, its walking goroutines.
	Workers int `json:"workers"`
	// Evals is the evaluations made: children bred and scored (ga, ea,
	// pipeline, memetic), neighbours (ils, hill) or genomes (random, sa).
	Evals int64 `json:"evals"`
	// Rejected is the infeasible candidates drawn and thrown away or
	// repaired on the way (Engine.Rejected): runs whose searches differ
	// can differ in it, and a candidate costs a breeder about what a
	// child does.
	Rejected int64 `json:"rejected"`
	// Seconds is the wall time of Engine.Run, the loop: the evaluation of
	// the initial population and every generation after it. EvalsPerS is
	// Evals over it, and EvalsPerSPerWorker that over Workers.
	Seconds            float64 `json:"seconds"`
	EvalsPerS          float64 `json:"evals_per_s"`
	EvalsPerSPerWorker float64 `json:"evals_per_s_per_worker"`
	// EvalSeconds is the part of Seconds inside the problem's Evaluate
	// (Engine.EvalTime: the evaluator and the scoring), HostSeconds the
	// rest: breeding, selection, feasibility and bookkeeping.
	EvalSeconds float64 `json:"eval_seconds"`
	HostSeconds float64 `json:"host_seconds"`
	// SetupSeconds is the time of making the engine before the loop, its
	// random feasible initial population included; it is not in Seconds.
	SetupSeconds float64 `json:"setup_seconds"`
	// CPU is the processor's brand name (cpuid).
	CPU string `json:"cpu"`
}

// LoopOptions say what the loop table runs: every method of Algos on
// every size of Sizes with every breeding worker count of Workers, first
// on NullEvaluator (the host's loop alone), then end to end on each
// backend of Backends opened with as many workers. Each run spends Evals
// evaluations (0: DefaultLoopBreedEvals or DefaultLoopClimbEvals, as
// LoopBreeds says) from Seed; the breeding methods get generations of Pop
// children (0: DefaultLoopPop). Runs stop at the budget: the deepening
// climb and the polish of the presets (ils, pipeline) are turned off.
type LoopOptions struct {
	Algos    []string
	Sizes    []mousemaze.Size
	Workers  []int
	Evals    int64
	Pop      int
	Seed     uint64
	Backends []string
	// Progress, when set, gets a line per finished run.
	Progress io.Writer
	// Unavailable, when set, is called for a backend that cannot be
	// opened (cuda without a device, say). If it returns true the backend
	// is left out of the rest of the table; otherwise LoopTable fails.
	Unavailable func(backend string, err error) bool
}

// evals is the budget of one run of method algo.
func (o LoopOptions) evals(algo string) int64 {
	switch {
	case o.Evals > 0:
		return o.Evals
	case LoopBreeds(algo):
		return DefaultLoopBreedEvals
	default:
		return DefaultLoopClimbEvals
	}
}

// Check reports the first option that is out of range, or an unknown
// method or backend; its errors name the flag of mousemaze bench loop.
func (o LoopOptions) Check() error {
	switch {
	case len(o.Algos) == 0:
		return fmt.Errorf("--algos: no methods")
	case len(o.Sizes) == 0:
		return fmt.Errorf("--sizes: no sizes")
	case len(o.Workers) == 0:
		return fmt.Errorf("--workers-list: no worker counts")
	case o.Evals < 0:
		return fmt.Errorf("--evals %d: must be 0 (the method's default) or more", o.Evals)
	case o.Pop < 0 || o.Pop > dispatch.MaxPop:
		return fmt.Errorf("--pop %d: must be in 1..%d", o.Pop, dispatch.MaxPop)
	}
	for _, a := range o.Algos {
		if _, err := dispatch.Preset(a); err != nil {
			return fmt.Errorf("--algos: %v", err)
		}
	}
	for _, w := range o.Workers {
		if w <= 0 {
			return fmt.Errorf("--workers-list: %d: must be above 0", w)
		}
	}
	for _, sz := range o.Sizes {
		if err := sz.Validate(); err != nil {
			return fmt.Errorf("--sizes: %v", err)
		}
	}
	for _, b := range o.Backends {
		if !slices.Contains(mousemaze.Backends(), b) {
			return fmt.Errorf("--backends: %v %q (have %v)", mousemaze.ErrUnknownBackend, b, mousemaze.BuiltBackends())
		}
	}
	return nil
}

// ParseWorkers reads bench loop --workers-list, a comma-separated list of
// worker counts, each above 0; repeats are dropped.
func ParseWorkers(list string) ([]int, error) {
	var ws []int
	for _, f := range strings.Split(list, ",") {
		w, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			return nil, fmt.Errorf("--workers-list: %q is not a number", f)
		}
		if w <= 0 {
			return nil, fmt.Errorf("--workers-list: %d: must be above 0", w)
		}
		if !slices.Contains(ws, w) {
			ws = append(ws, w)
		}
	}
	return ws, nil
}

// LoopSpec returns the Spec of one loop-table run: method algo's preset
// on size with budget evals, seed, and generations of pop children for
// the breeding methods, without the deepening climb and the polish.
func LoopSpec(algo string, size mousemaze.Size, evals int64, pop int, seed uint64) (dispatch.Spec, error) {
	p, err := dispatch.Preset(algo)
	if err != nil {
		return p, err
	}
	p.Rows, p.Cols, p.Evals, p.Seed = size.Rows, size.Cols, evals, seed
	p.Deepen, p.DeepenReach, p.Polish = 0, 0, 0
	if LoopBreeds(algo) && pop > 0 {
		p.Pop = pop
	}
	return p, nil
}

// LoopTable runs the table of o: for every method, size and worker count
// a row on NullEvaluator, one on NullBreeder where the method's
// generations would be bred on a device, then one per backend of
// o.Backends.
func LoopTable(ctx context.Context, o LoopOptions) ([]LoopRecord, error) {
	if err := o.Check(); err != nil {
		return nil, err
	}
	pop := o.Pop
	if pop == 0 {
		pop = DefaultLoopPop
	}
	skip := map[string]bool{}
	var recs []LoopRecord
	for _, a := range o.Algos {
		for _, size := range o.Sizes {
			spec, err := LoopSpec(a, size, o.evals(a), pop, o.Seed)
			if err != nil {
				return nil, err
			}
			for _, w := range o.Workers {
				rec, err := LoopRun(ctx, spec, NullEvaluator{}, w)
				if err != nil {
					return nil, fmt.Errorf("bench loop: %s %s null: %w", a, size, err)
				}
				recs = append(recs, o.progress(rec))
				if loopBreedsOnDevice(a, pop) {
					rec, err := LoopRun(ctx, spec, &NullBreeder{}, w)
					if err != nil {
						return nil, fmt.Errorf("bench loop: %s %s null-breed: %w", a, size, err)
					}
					recs = append(recs, o.progress(rec))
				}
				for _, b := range o.Backends {
					if skip[b] {
						continue
					}
					ev, err := mousemaze.NewEvaluator(b, mousemaze.Options{Workers: w})
					if err != nil {
						if o.Unavailable != nil && o.Unavailable(b, err) {
							skip[b] = true
							continue
						}
						return nil, fmt.Errorf("bench loop: %s: %w", b, err)
					}
					rec, err := LoopRun(ctx, spec, ev, w)
					ev.Close()
					if err != nil {
						return nil, fmt.Errorf("bench loop: %s %s %s: %w", a, size, b, err)
					}
					recs = append(recs, o.progress(rec))
				}
			}
		}
	}
	return recs, nil
}

// progress reports rec on o.Progress and returns it.
func (o LoopOptions) progress(rec LoopRecord) LoopRecord {
	if o.Progress != nil {
		fmt.Fprintf(o.Progress, "bench loop: %s %s %s workers %d: %d evals in %.2f s, %.3g/s\n",
			rec.Algo, rec.Size, rec.Backend, rec.Workers, rec.Evals, rec.Seconds, rec.EvalsPerS)
	}
	return rec
}

// LoopRun runs the search spec on ev with workers breeding goroutines
// and measures it: the wall time of the engine's Run, the part of it
// inside the evaluator (Engine.EvalTime) and the rest, the host's, and
// apart from them the time of making the engine.
func LoopRun(ctx context.Context, spec dispatch.Spec, ev mousemaze.Evaluator, workers int) (LoopRecord, error) {
	t0 := time.Now()
	s, err := dispatch.New(spec, ev, nil)
	if err != nil {
		return LoopRecord{}, err
	}
	s.SetWorkers(workers)
	setup, eval0 := time.Since(t0), s.EvalTime()
	start := time.Now()
	if err := s.Run(ctx, dispatch.Hooks{}); err != nil {
		return LoopRecord{}, err
	}
	secs := time.Since(start).Seconds()
	rec := LoopRecord{
		Algo: spec.Algo, Size: mousemaze.Size{Rows: spec.Rows, Cols: spec.Cols}.String(), Backend: ev.Name(),
		Workers: workers, Evals: s.Evals(), Rejected: s.Rejected(), Seconds: secs, EvalSeconds: (s.EvalTime() - eval0).Seconds(),
		SetupSeconds: setup.Seconds(), CPU: cpuName(),
	}
	rec.HostSeconds = max(secs-rec.EvalSeconds, 0)
	if secs > 0 {
		rec.EvalsPerS = float64(rec.Evals) / secs
		rec.EvalsPerSPerWorker = rec.EvalsPerS / float64(workers)
	}
	return rec, nil
}

// WriteLoopTable prints the loop table of o: a row per run, the
// processor named in the header, and notes on what the rows measure.
func WriteLoopTable(w io.Writer, o LoopOptions, recs []LoopRecord) error {
	pop := o.Pop
	if pop == 0 {
		pop = DefaultLoopPop
	}
	var budgets []string
	for _, a := range o.Algos {
		b := fmt.Sprintf("%s %d evals", a, o.evals(a))
		if LoopBreeds(a) {
			b += fmt.Sprintf(" (generations of %d)", pop)
		}
		budgets = append(budgets, b)
	}
	fmt.Fprintf(w, "search loop on %s; seed %d; %s\n", cpuName(), o.Seed, strings.Join(budgets, ", "))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "algo\tsize\tbackend\tworkers\tevals\trejected\tseconds\tevals/s\tevals/s/worker\teval s\thost s\thost %\tsetup s\t")
	for _, r := range recs {
		share := 0.0
		if r.Seconds > 0 {
			share = 100 * r.HostSeconds / r.Seconds
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%d\t%d\t%.2f\t%.3g\t%.3g\t%.3f\t%.3f\t%.0f%%\t%.2f\t\n",
			r.Algo, r.Size, r.Backend, r.Workers, r.Evals, r.Rejected, r.Seconds, r.EvalsPerS, r.EvalsPerSPerWorker, r.EvalSeconds, r.HostSeconds, share, r.SetupSeconds)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintln(w, "\nnull: the search loop alone (breeding, selection, bookkeeping) on an evaluator that walks nothing;\n"+
		"null-breed: the host's side alone of a search whose generations are bred on the device (selection, copies,\n"+
		"scoring, bookkeeping), on an evaluator that breeds and walks at almost no cost (ga, ea, pipeline, pop above 1,024);\n"+
		"other backends: the same search end to end. evals are children bred and scored (ga, ea, pipeline, memetic;\n"+
		"the initial population's among them) or neighbours (ils, hill); rejected, the infeasible candidates thrown away\n"+
		"or repaired on the way; seconds is the loop (Engine.Run), eval s its\n"+
		"time inside the evaluator and scoring, host s the rest; setup s, making the initial population, is apart.")
	return err
}

// cpuName is the processor's brand name, or "unknown processor".
func cpuName() string {
	if n := strings.TrimSpace(cpuid.CPU.BrandName); n != "" {
		return n
	}
	return "unknown processor"
}
