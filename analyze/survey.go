package analyze

import (
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"sync"

	"github.com/mousemaze/mousemaze"
)

// Survey is the result of checking the theory over a set of mazes: the
// thesis's case table, the tree evaluator's agreement with the walk, and
// the thesis's Theorem 1 on mazes with one 2×2 loop.
type Survey struct {
	// Mazes counts the mazes looked at; Loopless those loop-less and
	// feasible (the ones the case table covers).
	Mazes, Loopless int64
	// TreeMismatch counts loop-less mazes where TreeWalk or TreeEval differed from the
	// reference walk (turns, escape, feasibility or heat); 0 is the goal.
	TreeMismatch int64
	// Table is the thesis's case table.
	Table *CaseTable
	// SingleLoop counts feasible mazes whose only cycle is one 2×2 block
	// on the main path; Theorem1Failed those where the mouse turned
	// around in it more than once before continuing, and Theorem1Example
	// the smallest of them.
	SingleLoop, Theorem1Failed int64
	Theorem1Example            string
	// MaxReversals is the largest ReversalsBefore seen in a single loop.
	MaxReversals int
}

func newSurvey() *Survey { return &Survey{Table: NewCaseTable()} }

// add looks at one maze.
func (s *Survey) add(m mousemaze.Maze, cfg mousemaze.Config) error {
	s.Mazes++
	if !mousemaze.Feasible(m, cfg) {
		return nil
	}
	g := newGraph(m, cfg)
	if !g.feasible {
		return nil
	}
	if g.loopless() {
		s.Loopless++
		d, err := Decompose(m, cfg)
		if err != nil {
			return err
		}
		s.Table.Add(m, d)
		tcfg := cfg
		tcfg.Heat = true
		got, err := TreeWalk(m, tcfg)
		if err != nil {
			return err
		}
		want, err := mousemaze.Walk(m, tcfg)
		if err != nil {
			return err
		}
		closed, err := TreeEval(m, tcfg)
		if err != nil {
			return err
		}
		if !got.Same(want) || !closed.Same(want) {
			s.TreeMismatch++
		}
		return nil
	}
	if g.edges()-len(g.cells)+1 != 1 {
		return nil
	}
	rep, err := Loops(m, cfg)
	if err != nil {
		return err
	}
	if len(rep.Loops) != 1 || !rep.Loops[0].OnMain {
		return nil
	}
	s.SingleLoop++
	s.MaxReversals = max(s.MaxReversals, rep.Loops[0].ReversalsBefore)
	if !rep.Theorem1Holds() {
		s.Theorem1Failed++
		if s.Theorem1Example == "" || len(m.String()) < len(s.Theorem1Example) {
			s.Theorem1Example = m.String()
		}
	}
	return nil
}

// merge adds o to s.
func (s *Survey) merge(o *Survey) {
	s.Mazes += o.Mazes
	s.Loopless += o.Loopless
	s.TreeMismatch += o.TreeMismatch
	s.Table.Merge(o.Table)
	s.SingleLoop += o.SingleLoop
	s.Theorem1Failed += o.Theorem1Failed
	s.MaxReversals = max(s.MaxReversals, o.MaxReversals)
	if o.Theorem1Example != "" && (s.Theorem1Example == "" || len(o.Theorem1Example) < len(s.Theorem1Example)) {
		s.Theorem1Example = o.Theorem1Example
	}
}

// SurveyUpTo is `analyze --table --max RxC`: SurveyAll up to the size
// max, which may have at most 36 cells (every maze up to it is
// enumerated). A bad max is a mousemaze.UsageError naming --max.
func SurveyUpTo(max string, cfg mousemaze.Config) (*Survey, mousemaze.Size, error) {
	sz, err := mousemaze.ParseSize(max)
	if err != nil {
		return nil, sz, mousemaze.Usage(fmt.Errorf("--max %q: %v", max, err))
	}
	if sz.Rows*sz.Cols > 36 {
		return nil, sz, mousemaze.Usage(fmt.Errorf("--max %s: %d cells; --table enumerates every maze up to it, so at most 36 cells", sz, sz.Rows*sz.Cols))
	}
	s, err := SurveyAll(sz.Rows, sz.Cols, cfg)
	return s, sz, err
}

// SurveyAll looks at every maze of every size up to rows×cols (each side
// from 1) under cfg, using all CPUs.
func SurveyAll(rows, cols int, cfg mousemaze.Config) (*Survey, error) {
	total := newSurvey()
	for r := 1; r <= rows; r++ {
		for c := 1; c <= cols; c++ {
			if cfg.Entry >= c || cfg.Exit >= c {
				continue
			}
			n := uint64(1) << uint(r*c)
			err := surveyParts(total, func(w, workers int, part *Survey) error {
				var err error
				lo, hi := n*uint64(w)/uint64(workers), n*uint64(w+1)/uint64(workers)
				EnumerateRange(r, c, lo, hi, func(m mousemaze.Maze) {
					if err == nil {
						err = part.add(m, cfg)
					}
				})
				return err
			})
			if err != nil {
				return nil, err
			}
		}
	}
	return total, nil
}

// SurveyRandom looks at n random loop-less mazes (RandomTree, sides drawn
// from 2 to maxSide, growth stopping with probability 0.02 per cell once
// the exit is open) and n random mazes with exactly one 2×2 loop, made by
// opening one cell of a random tree that closes a 2×2 block, using all
// CPUs. The mazes follow from seed.
func SurveyRandom(n int, maxSide int, seed uint64) (*Survey, error) {
	total := newSurvey()
	err := surveyParts(total, func(w, workers int, part *Survey) error {
		rng := rand.New(rand.NewPCG(seed, uint64(w)))
		cfg := mousemaze.Config{}
		for i := w; i < n; i += workers {
			rows, cols := 2+rng.IntN(maxSide-1), 2+rng.IntN(maxSide-1)
			m := RandomTree(rng, rows, cols, 0.02, cfg)
			if err := part.add(m, cfg); err != nil {
				return err
			}
			if l, ok := closeOneBlock(rng, m); ok {
				if err := part.add(l, cfg); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return total, nil
}

// closeOneBlock returns a copy of the tree maze m with one wall cell
// opened that completes a 2×2 block of open cells and touches no other
// open cell, so the result has exactly one cycle, a 2×2 loop.
func closeOneBlock(rng *rand.Rand, m mousemaze.Maze) (mousemaze.Maze, bool) {
	var cands [][2]int
	open := func(r, c int) bool { return r >= 0 && r < m.Rows && c >= 0 && c < m.Cols && !m.Wall(r, c) }
	for r := 0; r < m.Rows; r++ {
		for c := 0; c < m.Cols; c++ {
			if !m.Wall(r, c) {
				continue
			}
			n := 0
			for d := mousemaze.Down; d <= mousemaze.Up; d++ {
				dr, dc := d.Delta()
				if open(r+dr, c+dc) {
					n++
				}
			}
			if n != 2 {
				continue
			}
			// The two open neighbours must be at right angles with the
			// diagonal cell between them open.
			for _, q := range [][2]int{{-1, -1}, {-1, 1}, {1, -1}, {1, 1}} {
				if open(r+q[0], c) && open(r, c+q[1]) && open(r+q[0], c+q[1]) {
					cands = append(cands, [2]int{r, c})
				}
			}
		}
	}
	if len(cands) == 0 {
		return mousemaze.Maze{}, false
	}
	p := cands[rng.IntN(len(cands))]
	l := m.Clone()
	l.SetWall(p[0], p[1], false)
	return l, true
}

// surveyParts runs f on every CPU, worker w of workers filling its own
// part, and merges the parts into total in worker order.
func surveyParts(total *Survey, f func(w, workers int, part *Survey) error) error {
	workers := runtime.GOMAXPROCS(0)
	parts := make([]*Survey, workers)
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		parts[w] = newSurvey()
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[w] = f(w, workers, parts[w])
		}()
	}
	wg.Wait()
	for w, p := range parts {
		if errs[w] != nil {
			return errs[w]
		}
		total.merge(p)
	}
	return nil
}

// WriteText prints the survey of every maze up to max under cfg for
// people: the counts, then the case table.
func (s *Survey) WriteText(w io.Writer, max mousemaze.Size, cfg mousemaze.Config) error {
	fmt.Fprintf(w, "every maze up to %s, order %s, entry %d, exit %d: %d mazes, %d loop-less feasible, tree evaluator mismatches %d\n",
		max, cfg.Order, cfg.Entry, cfg.Exit, s.Mazes, s.Loopless, s.TreeMismatch)
	fmt.Fprintf(w, "single 2x2 loop on the main path: %d mazes; the mouse turned around in the loop more than once (Theorem 1's conclusion does not hold) in %d\n\n", s.SingleLoop, s.Theorem1Failed)
	s.Table.Write(w)
	return nil
}
