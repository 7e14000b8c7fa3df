package sweep

import (
	"context"
	"fmt"
	"math/bits"
	"runtime"

	"github.com/mousemaze/mousemaze"
)

// EdgeReport is the result of EdgeSweep.
type EdgeReport struct {
	Size   mousemaze.Size
	Config mousemaze.Config
	// Boards is the number of boards enumerated (2^edges); Feasible,
	// Escaped and Trapped count among them.
	Boards, Feasible, Escaped, Trapped int64
	// Best is the escaping board with the most turns, the first in
	// enumeration order (edge i is bit i, see EdgeMaze.FlipEdge) on a tie.
	Best       mousemaze.EdgeMaze
	BestResult mousemaze.Result
	// Count is the number of boards that reach Best's turns.
	Count int64
}

// MaxEdgeSweepEdges bounds the interior edges of an edge sweep: 2^30 boards.
const MaxEdgeSweepEdges = 30

// edgeSweepPoll is how many boards apart EdgeSweep looks at its context.
const edgeSweepPoll = 4096

// EdgeSweep walks every Mouse Maze 2 board of size sz (every subset of its
// interior edges as walls) under cfg with the reference walk and reports
// the longest escape. When ctx ends it stops within a few thousand boards
// a worker and returns ctx's error.
func EdgeSweep(ctx context.Context, sz mousemaze.Size, cfg mousemaze.Config, workers int) (*EdgeReport, error) {
	if err := sz.Validate(); err != nil {
		return nil, err
	}
	if err := cfg.Validate(sz.Cols); err != nil {
		return nil, fmt.Errorf("sweep: edges: %w", err)
	}
	edges := mousemaze.NewEdgeMaze(sz.Rows, sz.Cols).Edges()
	if edges > MaxEdgeSweepEdges {
		return nil, fmt.Errorf("sweep: edges: %s has %d interior edges; at most %d can be enumerated", sz, edges, MaxEdgeSweepEdges)
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	total := uint64(1) << edges
	type part struct {
		rep  EdgeReport
		mask uint64
		m    mousemaze.EdgeMaze // scratch
	}
	newPart := func() part { return part{m: mousemaze.NewEdgeMaze(sz.Rows, sz.Cols)} }
	parts, err := forEachMask(total, workers, newPart, func(p *part, mask uint64) error {
		if mask%edgeSweepPoll == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		m := p.m
		for r := range m.Rows {
			m.Right[r], m.Down[r] = 0, 0
		}
		for x := mask; x != 0; x &= x - 1 {
			m.FlipEdge(bits.TrailingZeros64(x))
		}
		p.rep.Boards++
		res, err := mousemaze.WalkEdges(m, cfg)
		if err != nil {
			return fmt.Errorf("sweep: edges: board %#x: %w", mask, err)
		}
		if !res.Feasible {
			return nil
		}
		p.rep.Feasible++
		if res.Trapped {
			p.rep.Trapped++
		}
		if !res.Escaped {
			return nil
		}
		p.rep.Escaped++
		switch {
		case p.rep.Count == 0 || res.Turns > p.rep.BestResult.Turns:
			p.rep.Best, p.rep.BestResult, p.rep.Count, p.mask = m.Clone(), res, 1, mask
		case res.Turns == p.rep.BestResult.Turns:
			p.rep.Count++
			if mask < p.mask {
				p.rep.Best, p.rep.BestResult, p.mask = m.Clone(), res, mask
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	rep := &EdgeReport{Size: sz, Config: cfg}
	var bestMask uint64
	for _, p := range parts {
		rep.Boards += p.rep.Boards
		rep.Feasible += p.rep.Feasible
		rep.Escaped += p.rep.Escaped
		rep.Trapped += p.rep.Trapped
		if p.rep.Count == 0 {
			continue
		}
		switch {
		case rep.Count == 0 || p.rep.BestResult.Turns > rep.BestResult.Turns:
			rep.Best, rep.BestResult, rep.Count, bestMask = p.rep.Best, p.rep.BestResult, p.rep.Count, p.mask
		case p.rep.BestResult.Turns == rep.BestResult.Turns:
			rep.Count += p.rep.Count
			if p.mask < bestMask {
				rep.Best, rep.BestResult, bestMask = p.rep.Best, p.rep.BestResult, p.mask
			}
		}
	}
	return rep, nil
}
