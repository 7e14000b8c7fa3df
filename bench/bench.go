package bench

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/cpu"
)

// Kinds of population, as named in reports.
const (
	KindRandom = "random"
	KindLong   = "long"
)

// RandomDensity is the wall density of the "random" populations.
const RandomDensity = 0.3

// RandomMazes returns n mazes of the given size drawn by mousemaze.Random
// with RandomDensity, from a generator seeded with seed.
func RandomMazes(size mousemaze.Size, n int, seed uint64) mousemaze.Population {
	rng := rand.New(rand.NewPCG(seed, 1))
	return mousemaze.RandomPopulation(rng, size.Rows, size.Cols, n, RandomDensity)
}

// LongWalks returns n feasible mazes of the given size with long walks
// under cfg, found by a mutation hill climb of the given number of rounds
// evaluated with ev. Each round flips one to three cells (never the entry
// or exit cell) of every maze and keeps each mutant whose walk is at least
// as long as its parent's. The result depends only on the arguments other
// than ev, since every Evaluator gives the same results.
func LongWalks(ev mousemaze.Evaluator, size mousemaze.Size, cfg mousemaze.Config, n, rounds int, seed uint64) (mousemaze.Population, error) {
	rng := rand.New(rand.NewPCG(seed, 2))
	rows, cols := size.Rows, size.Cols
	parents := mousemaze.NewPopulation(rows, cols, n)
	for i := 0; i < n; i++ {
		m := parents.Maze(i)
		for range 50 {
			copy(m.Walls, mousemaze.Random(rng, rows, cols, 0.2).Walls)
			m.SetWall(0, cfg.Entry, false)
			m.SetWall(rows-1, cfg.Exit, false)
			if mousemaze.Feasible(m, cfg) {
				break
			}
		}
		if !mousemaze.Feasible(m, cfg) {
			clear(m.Walls)
		}
	}
	cfg.Heat = false
	best := make([]mousemaze.Result, n)
	if err := ev.Evaluate(parents, cfg, best); err != nil {
		return mousemaze.Population{}, err
	}
	children := mousemaze.NewPopulation(rows, cols, n)
	got := make([]mousemaze.Result, n)
	for range rounds {
		copy(children.Words, parents.Words)
		for i := 0; i < n; i++ {
			m := children.Maze(i)
			for range 1 + rng.IntN(3) {
				r, c := rng.IntN(rows), rng.IntN(cols)
				if (r == 0 && c == cfg.Entry) || (r == rows-1 && c == cfg.Exit) {
					continue
				}
				m.Flip(r, c)
			}
		}
		if err := ev.Evaluate(children, cfg, got); err != nil {
			return mousemaze.Population{}, err
		}
		for i := range got {
			if got[i].Feasible && got[i].Turns >= best[i].Turns {
				best[i] = got[i]
				copy(parents.Maze(i).Walls, children.Maze(i).Walls)
			}
		}
	}
	return parents, nil
}

// Target is one evaluator to measure: a backend, a kernel (for the cpu
// backend; empty means its own choice) and a worker count.
type Target struct {
	Backend string
	Kernel  string
	Workers int
}

// String returns the target as backend/kernel/workers.
func (t Target) String() string {
	return fmt.Sprintf("backend=%s/kernel=%s/workers=%d", t.Backend, t.KernelName(), t.Workers)
}

// KernelName returns the kernel, or the backend's name when the target has
// none.
func (t Target) KernelName() string {
	if t.Kernel == "" {
		return t.Backend
	}
	return t.Kernel
}

// Open opens the target's evaluator.
func (t Target) Open() (mousemaze.Evaluator, error) {
	return mousemaze.NewEvaluator(t.Backend, mousemaze.Options{Workers: t.Workers, Kernel: t.Kernel})
}

// Targets returns the targets worth comparing among the given backends:
// the reference on one worker; every cpu kernel this processor runs on one
// worker, and the chosen one on workers workers too (when workers > 1); any
// other backend as it comes. A workers of 0 means one per CPU.
func Targets(backends []string, workers int) []Target {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var ts []Target
	// The reference goes first, so the table reads from the baseline down.
	if i := slices.Index(backends, "ref"); i > 0 {
		backends = append([]string{"ref"}, slices.Delete(slices.Clone(backends), i, i+1)...)
	}
	for _, b := range backends {
		switch b {
		case "ref":
			ts = append(ts, Target{Backend: "ref", Workers: 1})
		case "cpu":
			for _, k := range cpu.Kernels() {
				ts = append(ts, Target{Backend: "cpu", Kernel: k, Workers: 1})
			}
			if workers > 1 {
				for _, k := range cpu.Kernels() {
					ts = append(ts, Target{Backend: "cpu", Kernel: k, Workers: workers})
				}
			}
		default:
			ts = append(ts, Target{Backend: b, Workers: workers})
		}
	}
	return ts
}

// Measurement is the outcome of measuring one target on one population.
type Measurement struct {
	Backend     string  `json:"backend"`
	Kernel      string  `json:"kernel"`
	Workers     int     `json:"workers"`
	Size        string  `json:"size"`
	Maze        string  `json:"maze"`
	Mazes       int64   `json:"mazes"`
	Steps       int64   `json:"steps"`
	Seconds     float64 `json:"seconds"`
	StepsPerSec float64 `json:"steps_per_sec"`
	MazesPerSec float64 `json:"mazes_per_sec"`
	// VsRef is StepsPerSec over the reference's on the same population, or
	// 0 when the reference was not measured.
	VsRef float64 `json:"vs_ref"`
	// VsCPUCore is StepsPerSec over that of the fastest one-worker cpu
	// kernel on the same population (one CPU core), or 0 when no such row
	// was measured. It is the GPU-against-CPU ratio for the cuda rows.
	VsCPUCore float64 `json:"vs_cpu_core"`
	// CPUCoreKernel names the reference of VsCPUCore: the cpu kernel
	// of that fastest one-worker row.
	CPUCoreKernel string `json:"cpu_core_kernel,omitempty"`
}

// Steps returns the number of mouse steps in results: the sum of their
// turns.
func Steps(results []mousemaze.Result) int64 {
	var s int64
	for _, r := range results {
		s += r.Turns
	}
	return s
}

// Measure evaluates pop under cfg with ev again and again until at least
// d has passed (and at least once), and returns the rates.
func Measure(ev mousemaze.Evaluator, pop mousemaze.Population, cfg mousemaze.Config, d time.Duration) (Measurement, error) {
	dst := make([]mousemaze.Result, pop.Len())
	var m Measurement
	start := time.Now()
	for {
		if err := ev.Evaluate(pop, cfg, dst); err != nil {
			return m, err
		}
		m.Mazes += int64(len(dst))
		m.Steps += Steps(dst)
		if time.Since(start) >= d {
			break
		}
	}
	m.Seconds = time.Since(start).Seconds()
	m.StepsPerSec = float64(m.Steps) / m.Seconds
	m.MazesPerSec = float64(m.Mazes) / m.Seconds
	m.Size = pop.Size().String()
	return m, nil
}

// Options set up Run.
type Options struct {
	Sizes    []mousemaze.Size // default 6x6, 13x13, 32x32
	Kinds    []string         // default random, long
	N        int              // mazes per population; default 256
	Rounds   int              // hill-climb rounds for long mazes; default 200
	Seed     uint64           // default 1
	Duration time.Duration    // minimum time per measurement; default 300ms
	Targets  []Target         // default Targets(all backends, 0)
	// Progress, when set, is called before each measurement.
	Progress func(t Target, size mousemaze.Size, kind string)
	// Unavailable, when set, is called for a target whose backend cannot
	// be opened (a CUDA backend without a device, say). If it returns true
	// the target is left out of the run; otherwise Run fails.
	Unavailable func(t Target, err error) bool
}

// DefaultSizes are the grid sizes Run measures when Options.Sizes is empty.
var DefaultSizes = []mousemaze.Size{{Rows: 6, Cols: 6}, {Rows: 13, Cols: 13}, {Rows: 32, Cols: 32}}

// Population returns the population of the given kind Run measures.
func Population(kind string, size mousemaze.Size, n, rounds int, seed uint64) (mousemaze.Population, error) {
	switch kind {
	case KindRandom:
		return RandomMazes(size, n, seed), nil
	case KindLong:
		ev, err := cpu.New(mousemaze.Options{})
		if err != nil {
			return mousemaze.Population{}, err
		}
		defer ev.Close()
		return LongWalks(ev, size, mousemaze.Config{}, n, rounds, seed)
	}
	return mousemaze.Population{}, fmt.Errorf("bench: unknown population kind %q (want %s or %s)", kind, KindRandom, KindLong)
}

// Run measures every target on every population, the populations shared
// by all targets, and fills in the ratios against the reference.
func Run(opts Options) ([]Measurement, error) {
	if len(opts.Sizes) == 0 {
		opts.Sizes = DefaultSizes
	}
	if len(opts.Kinds) == 0 {
		opts.Kinds = []string{KindRandom, KindLong}
	}
	if opts.N <= 0 {
		opts.N = 256
	}
	if opts.Rounds <= 0 {
		opts.Rounds = 200
	}
	if opts.Seed == 0 {
		opts.Seed = 1
	}
	if opts.Duration <= 0 {
		opts.Duration = 300 * time.Millisecond
	}
	if len(opts.Targets) == 0 {
		opts.Targets = Targets(mousemaze.Backends(), 0)
	}
	var evs []mousemaze.Evaluator
	defer func() {
		for _, ev := range evs {
			ev.Close()
		}
	}()
	var targets []Target
	for _, t := range opts.Targets {
		ev, err := t.Open()
		if err != nil {
			if opts.Unavailable != nil && opts.Unavailable(t, err) {
				continue
			}
			return nil, fmt.Errorf("bench: %s: %w", t, err)
		}
		evs = append(evs, ev)
		targets = append(targets, t)
	}
	opts.Targets = targets
	var out []Measurement
	for _, size := range opts.Sizes {
		for _, kind := range opts.Kinds {
			pop, err := Population(kind, size, opts.N, opts.Rounds, opts.Seed)
			if err != nil {
				return nil, err
			}
			first := len(out)
			ref := 0.0
			for i, t := range opts.Targets {
				if opts.Progress != nil {
					opts.Progress(t, size, kind)
				}
				m, err := Measure(evs[i], pop, mousemaze.Config{}, opts.Duration)
				if err != nil {
					return nil, fmt.Errorf("bench: %s on %s %s: %w", t, size, kind, err)
				}
				m.Backend, m.Kernel, m.Workers, m.Maze = t.Backend, t.KernelName(), t.Workers, kind
				if t.Backend == "ref" && ref == 0 {
					ref = m.StepsPerSec
				}
				out = append(out, m)
			}
			core, coreKernel := 0.0, ""
			for _, m := range out[first:] {
				if m.Backend == "cpu" && m.Workers == 1 && m.StepsPerSec > core {
					core, coreKernel = m.StepsPerSec, m.Kernel
				}
			}
			for i := first; i < len(out); i++ {
				if ref > 0 {
					out[i].VsRef = out[i].StepsPerSec / ref
				}
				if core > 0 {
					out[i].VsCPUCore = out[i].StepsPerSec / core
					out[i].CPUCoreKernel = coreKernel
				}
			}
		}
	}
	return out, nil
}

// ParseSizes reads a comma-separated list of sizes such as "6x6,13x13".
func ParseSizes(list []string) ([]mousemaze.Size, error) {
	var sizes []mousemaze.Size
	for _, s := range list {
		sz, err := mousemaze.ParseSize(strings.TrimSpace(s))
		if err != nil {
			return nil, err
		}
		if !slices.Contains(sizes, sz) {
			sizes = append(sizes, sz)
		}
	}
	return sizes, nil
}
