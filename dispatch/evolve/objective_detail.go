package evolve

import (
	"fmt"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch"
	"github.com/mousemaze/mousemaze/dispatch/sweep"
)

// ObjectiveDetail describes the best maze of a search run under --k or
// --objective, where the score is not simply the turns.
type ObjectiveDetail struct {
	Objective string  `json:"objective"`
	K         int     `json:"k"`
	Score     float64 `json:"score"`
	sweep.WalkEnd
	Cells     int    `json:"cells"`
	Area      int    `json:"bbox_area"`
	MaxCell   uint32 `json:"max_cell"`
	MaxCellAt [2]int `json:"max_cell_at"`
}

// DescribeBest walks the search's best maze with the reference walk and
// describes it.
func DescribeBest(s *dispatch.Search) (ObjectiveDetail, error) {
	p := s.Spec()
	m, cfg := dispatch.BestMaze(s)
	cfg.Heat = true
	res, err := mousemaze.Walk(m, cfg)
	if err != nil {
		return ObjectiveDetail{}, err
	}
	d := ObjectiveDetail{Objective: p.Objective, K: p.K, Score: s.Best().Score.Value, WalkEnd: sweep.NewWalkEnd(res)}
	if d.Objective == "" {
		d.Objective = dispatch.ObjTurns
	}
	d.Cells, d.Area = mousemaze.TrapSize(m, cfg)
	for i, h := range res.Heat {
		if h > d.MaxCell {
			d.MaxCell, d.MaxCellAt = h, [2]int{i / m.Cols, i % m.Cols}
		}
	}
	return d, nil
}

// Text returns the one-line summary printed above the best maze.
func (d ObjectiveDetail) Text() string {
	s := fmt.Sprintf("objective %s, k=%d, score %v: %d turns, ", d.Objective, d.K, d.Score, d.Turns)
	switch {
	case d.Trapped:
		s += fmt.Sprintf("trapped (cycle %d+%d, mousetrap from turn %d)", d.CycleStart, d.CycleLen, d.TrapTurn)
	case d.Escaped:
		s += "escaped"
	default:
		s += "capped"
		if d.TrapTurn > 0 {
			s += fmt.Sprintf(", mousetrap from turn %d", d.TrapTurn)
		}
	}
	s += fmt.Sprintf("; %d open cells reachable, bounding box %d", d.Cells, d.Area)
	if d.K == 0 {
		s += fmt.Sprintf("; most visited cell (%d,%d): %d visits", d.MaxCellAt[0], d.MaxCellAt[1], d.MaxCell)
	}
	return s
}
