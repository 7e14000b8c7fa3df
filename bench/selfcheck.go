package bench

import (
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/mousemaze/mousemaze"
)

// DefaultCheckSizes are the grid sizes Selfcheck draws from by default:
// the game's 13×13, the ends of the range and shapes in between.
const DefaultCheckSizes = "1x1,1x7,3x3,5x2,6x6,7x7,9x9,13x13,16x16,17x23,24x24,32x32,40x9,64x64"

// CheckOptions set up a self-check.
type CheckOptions struct {
	N     int              // mazes in all
	Batch int              // most mazes per batch
	Seed  uint64           // random seed
	Sizes []mousemaze.Size // sizes to draw from
}

// Mismatch is one maze on which a backend and the reference disagree.
type Mismatch struct {
	Index int              `json:"index"`
	Size  string           `json:"size"`
	Order string           `json:"order"`
	Entry int              `json:"entry"`
	Exit  int              `json:"exit"`
	Cap   int64            `json:"cap"`
	Heat  bool             `json:"heat"`
	Maze  string           `json:"maze"`
	Got   mousemaze.Result `json:"got"`
	Want  mousemaze.Result `json:"want"`
}

// CheckReport is the outcome of a self-check, and the line `Selfcheck
// --json` prints.
type CheckReport struct {
	Backend    string    `json:"backend"`
	Kernel     string    `json:"kernel,omitempty"` // the backend's kernel, for one that has kernels
	Mazes      int       `json:"mazes"`
	Batches    int       `json:"batches"`
	Feasible   int       `json:"feasible"`
	Steps      int64     `json:"steps"`
	Mismatches int       `json:"mismatches"`
	Seconds    float64   `json:"seconds"`     // the backend's time, the reference's not included
	RefSeconds float64   `json:"ref_seconds"` // the reference walk's time on the same batches
	First      *Mismatch `json:"first_mismatch,omitempty"`
}

// Selfcheck evaluates o.N random mazes with ev, in batches of random length
// and random rules, and compares every result with mousemaze.Walk. Each
// batch has one size from o.Sizes, a random preference order, entry and
// exit columns, sometimes a turn cap and sometimes heat maps; its mazes
// have random wall densities, and half have the entry and exit cells open,
// so that feasible and infeasible mazes mix. progress, when not nil, is
// called after each batch.
func Selfcheck(ev mousemaze.Evaluator, o CheckOptions, progress func(done int)) (CheckReport, error) {
	rep := CheckReport{Backend: ev.Name()}
	if k, ok := ev.(interface{ Kernel() string }); ok {
		rep.Kernel = k.Kernel()
	}
	rng := rand.New(rand.NewPCG(o.Seed, 0x5e1f))
	for rep.Mazes < o.N {
		size := o.Sizes[rng.IntN(len(o.Sizes))]
		rows, cols := size.Rows, size.Cols
		n := min(o.N-rep.Mazes, 1+rng.IntN(o.Batch))
		cfg := mousemaze.Config{Entry: rng.IntN(cols), Exit: rng.IntN(cols), Heat: rng.IntN(5) == 0}
		if rng.IntN(3) != 0 {
			o := mousemaze.DRLU
			rng.Shuffle(4, func(i, j int) { o[i], o[j] = o[j], o[i] })
			cfg.Order = o
		}
		if rng.IntN(6) == 0 {
			cfg.Cap = 1 + rng.Int64N(int64(4*rows*cols))
		}
		pop := mousemaze.NewPopulation(rows, cols, n)
		for i := 0; i < n; i++ {
			m := pop.Maze(i)
			copy(m.Walls, mousemaze.Random(rng, rows, cols, 0.5*rng.Float64()).Walls)
			if rng.IntN(2) == 0 {
				m.SetWall(0, cfg.Entry, false)
				m.SetWall(rows-1, cfg.Exit, false)
			}
		}
		got := make([]mousemaze.Result, n)
		start := time.Now()
		if err := ev.Evaluate(pop, cfg, got); err != nil {
			return rep, fmt.Errorf("batch %d (%v, %d mazes): %w", rep.Batches, size, n, err)
		}
		rep.Seconds += time.Since(start).Seconds()
		start = time.Now()
		want, err := mousemaze.WalkAll(pop, cfg)
		if err != nil {
			return rep, err
		}
		rep.RefSeconds += time.Since(start).Seconds()
		for i := range got {
			if got[i].Feasible {
				rep.Feasible++
			}
			rep.Steps += got[i].Turns
			if got[i].Same(want[i]) {
				continue
			}
			rep.Mismatches++
			if rep.First == nil {
				rep.First = &Mismatch{
					Index: rep.Mazes + i, Size: size.String(), Order: cfg.Order.String(), Entry: cfg.Entry, Exit: cfg.Exit,
					Cap: cfg.Cap, Heat: cfg.Heat, Maze: pop.Maze(i).String(), Got: got[i], Want: want[i],
				}
			}
		}
		rep.Mazes += n
		rep.Batches++
		if progress != nil {
			progress(rep.Mazes)
		}
	}
	return rep, nil
}

// KernelName is "kernel K" for a backend with kernels, "no kernels" for
// one without.
func (r CheckReport) KernelName() string {
	if r.Kernel == "" {
		return "no kernels"
	}
	return "kernel " + r.Kernel
}
