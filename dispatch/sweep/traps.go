package sweep

import (
	"fmt"
	"io"
	"runtime"

	"github.com/mousemaze/mousemaze"
)

// TrapOptions configure a trap sweep: an exhaustive enumeration, with the
// reference walk, of every grid maze of every size up to Max, looking for
// the smallest maze that traps a k-mod mouse and the one that keeps him
// longest before he escapes. Unlike Run's tree sweep it assumes nothing
// about the walk, so it serves any modulus (and exact counting).
type TrapOptions struct {
	// Max bounds the sizes searched: every R×C with R ≤ Max.Rows and
	// C ≤ Max.Cols (and C above the entry and exit columns).
	Max mousemaze.Size
	// MaxCells, when above 0, also bounds R·C: only sizes with at most
	// MaxCells cells are swept.
	MaxCells int
	// MaxSpan, when above 0, also bounds R+C. A maze whose n open cells
	// are connected and touch the top and bottom rows fits a grid with
	// R+C ≤ n+1, so a sweep with MaxSpan = n+1 that finds a trap with n
	// cells proves that no maze with fewer cells traps the mouse.
	MaxSpan int
	// Config holds the rules: the order, the ends and the modulus K. Cap
	// and Heat must be zero.
	Config mousemaze.Config
	// Workers is the number of goroutines; 0 means one per CPU.
	Workers int
	// Progress, when not nil, receives one line per size swept.
	Progress io.Writer
}

// TrapFind is one maze a trap sweep reports, with its walk.
type TrapFind struct {
	Maze   mousemaze.Maze
	Result mousemaze.Result
	// Cells is the number of open cells (all reachable from the entry)
	// and Area the area of their bounding box.
	Cells, Area int
}

// TrapSize is what a trap sweep found on one grid size.
type TrapSize struct {
	Size mousemaze.Size
	// Mazes is the number of mazes walked: those with the entry and exit
	// cells open and every open cell reachable from the entry (any other
	// maze walks exactly as the one with its unreachable cells walled).
	// Feasible, Trapped and Escaped count among them.
	Mazes, Feasible, Trapped, Escaped int64
	// Smallest is the smallest trapping maze of this size (fewest cells,
	// then smallest bounding box, then first in enumeration order), nil
	// if none traps the mouse.
	Smallest *TrapFind
	// Longest is the escaping maze with the most turns (the first in
	// enumeration order on a tie).
	Longest *TrapFind
}

// TrapReport is the result of TrapSweep.
type TrapReport struct {
	Config   mousemaze.Config
	Max      mousemaze.Size
	MaxCells int
	MaxSpan  int
	Sizes    []TrapSize
	// Smallest is the smallest trapping maze over all sizes (fewest cells,
	// then smallest bounding box, then smallest grid), nil if none.
	Smallest *TrapFind
	// Longest is the longest escape over all sizes (the smallest grid on
	// a tie).
	Longest *TrapFind
}

// trapBetter reports whether a is a smaller trap than b.
func trapBetter(a, b *TrapFind) bool {
	if b == nil {
		return true
	}
	if a.Cells != b.Cells {
		return a.Cells < b.Cells
	}
	if a.Area != b.Area {
		return a.Area < b.Area
	}
	return a.Maze.Rows*a.Maze.Cols < b.Maze.Rows*b.Maze.Cols
}

// TrapSweep walks every maze of every size up to o.Max, smallest sizes
// first (by area, then rows), and reports per size and overall.
func TrapSweep(o TrapOptions) (*TrapReport, error) {
	if err := o.Max.Validate(); err != nil {
		return nil, err
	}
	maxCells := o.Max.Rows * o.Max.Cols
	if o.MaxCells > 0 {
		maxCells = min(maxCells, o.MaxCells)
	}
	if o.Config.Cap != 0 || o.Config.Heat {
		return nil, fmt.Errorf("sweep: traps: cap and heat must be unset")
	}
	if err := o.Config.Validate(max(o.Config.Entry, o.Config.Exit) + 1); err != nil {
		return nil, fmt.Errorf("sweep: traps: %w", err)
	}
	workers := o.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var sizes []mousemaze.Size
	for a := 1; a <= maxCells; a++ {
		for r := 1; r <= o.Max.Rows; r++ {
			if a%r == 0 && a/r <= o.Max.Cols && a/r > max(o.Config.Entry, o.Config.Exit) && (o.MaxSpan <= 0 || r+a/r <= o.MaxSpan) {
				sizes = append(sizes, mousemaze.Size{Rows: r, Cols: a / r})
			}
		}
	}
	for _, sz := range sizes {
		if n := sz.Rows * sz.Cols; n > 40 {
			return nil, fmt.Errorf("sweep: traps: %s has %d cells; enumerating 2^%d mazes is out of reach (bound the sizes with MaxCells or MaxSpan)", sz, n, n-2)
		}
	}
	rep := &TrapReport{Config: o.Config, Max: o.Max, MaxCells: maxCells, MaxSpan: o.MaxSpan}
	for _, sz := range sizes {
		ts, err := sweepTrapSize(sz, o.Config, workers)
		if err != nil {
			return nil, err
		}
		if o.Progress != nil {
			fmt.Fprintf(o.Progress, "traps k=%d %s: %d mazes, %d trapped, %d escaped\n", o.Config.K, sz, ts.Mazes, ts.Trapped, ts.Escaped)
		}
		rep.Sizes = append(rep.Sizes, ts)
		if ts.Smallest != nil && trapBetter(ts.Smallest, rep.Smallest) {
			rep.Smallest = ts.Smallest
		}
		if ts.Longest != nil && (rep.Longest == nil || ts.Longest.Result.Turns > rep.Longest.Result.Turns) {
			rep.Longest = ts.Longest
		}
	}
	return rep, nil
}

// sweepTrapSize enumerates every maze of one size: bit i of the mask is
// the wall of cell i (row-major), with the entry and exit cells kept open.
// Workers take chunks of masks from a shared counter; the per-size bests
// are merged in mask order, so the result does not depend on scheduling.
func sweepTrapSize(sz mousemaze.Size, cfg mousemaze.Config, workers int) (TrapSize, error) {
	n := sz.Rows * sz.Cols
	entry, exit := cfg.Entry, (sz.Rows-1)*sz.Cols+cfg.Exit
	var free []int // the cells that may be walls
	for i := 0; i < n; i++ {
		if i != entry && i != exit {
			free = append(free, i)
		}
	}
	total := uint64(1) << len(free)
	type part struct {
		ts                TrapSize
		smallMask, longMk uint64
		m                 mousemaze.Maze // scratch
	}
	newPart := func() part { return part{m: mousemaze.NewMaze(sz.Rows, sz.Cols)} }
	parts, err := forEachMask(total, workers, newPart, func(p *part, mask uint64) error {
		m := p.m
		for r := range m.Walls {
			m.Walls[r] = 0
		}
		for j, cell := range free {
			if mask>>uint(j)&1 != 0 {
				m.Walls[cell/sz.Cols] |= 1 << uint(cell%sz.Cols)
			}
		}
		reach := mousemaze.Reachable(m, cfg.Entry)
		if !allReachable(m, reach) {
			return nil
		}
		p.ts.Mazes++
		res, err := mousemaze.Walk(m, cfg)
		if err != nil {
			return fmt.Errorf("sweep: traps: %s maze %#x: %w", sz, mask, err)
		}
		if !res.Feasible {
			return nil
		}
		p.ts.Feasible++
		switch {
		case res.Escaped:
			p.ts.Escaped++
			if p.ts.Longest == nil || res.Turns > p.ts.Longest.Result.Turns ||
				(res.Turns == p.ts.Longest.Result.Turns && mask < p.longMk) {
				cells, area := mousemaze.TrapSize(m, cfg)
				p.ts.Longest = &TrapFind{Maze: m.Clone(), Result: res, Cells: cells, Area: area}
				p.longMk = mask
			}
		case res.Trapped:
			p.ts.Trapped++
			cells, area := mousemaze.TrapSize(m, cfg)
			f := &TrapFind{Maze: m.Clone(), Result: res, Cells: cells, Area: area}
			s := p.ts.Smallest
			if s == nil || trapBetter(f, s) || (f.Cells == s.Cells && f.Area == s.Area && mask < p.smallMask) {
				p.ts.Smallest, p.smallMask = f, mask
			}
		}
		return nil
	})
	if err != nil {
		return TrapSize{}, err
	}
	ts := TrapSize{Size: sz}
	var smallMask, longMask uint64
	for _, p := range parts {
		ts.Mazes += p.ts.Mazes
		ts.Feasible += p.ts.Feasible
		ts.Trapped += p.ts.Trapped
		ts.Escaped += p.ts.Escaped
		if s := p.ts.Smallest; s != nil {
			if ts.Smallest == nil || trapBetter(s, ts.Smallest) ||
				(s.Cells == ts.Smallest.Cells && s.Area == ts.Smallest.Area && p.smallMask < smallMask) {
				ts.Smallest, smallMask = s, p.smallMask
			}
		}
		if l := p.ts.Longest; l != nil {
			if ts.Longest == nil || l.Result.Turns > ts.Longest.Result.Turns ||
				(l.Result.Turns == ts.Longest.Result.Turns && p.longMk < longMask) {
				ts.Longest, longMask = l, p.longMk
			}
		}
	}
	return ts, nil
}

// allReachable reports whether every open cell of m is in reach.
func allReachable(m mousemaze.Maze, reach []uint64) bool {
	if reach == nil {
		return false
	}
	mask := mousemaze.RowMask(m.Cols)
	for r, w := range m.Walls {
		if ^w&mask != reach[r] {
			return false
		}
	}
	return true
}
