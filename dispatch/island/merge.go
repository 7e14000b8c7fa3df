package island

import (
	"errors"
	"fmt"
	"io"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch"
)

// Result is one island's part of a Summary.
type Result struct {
	Island int    `json:"island"`
	Seed   uint64 `json:"seed"`
	Gen    int64  `json:"gen"`
	Evals  int64  `json:"evals"`
	Done   bool   `json:"done"`
	Turns  int64  `json:"turns"`
}

// Summary is the merged result of the islands of one search.
type Summary struct {
	// Islands is how many islands the search has; Complete is true when
	// every one has written its file and spent its budget. Missing lists
	// the islands with no file and Unfinished those still running (or
	// stopped before the end).
	Islands    int   `json:"islands"`
	Complete   bool  `json:"complete"`
	Missing    []int `json:"missing,omitempty"`
	Unfinished []int `json:"unfinished,omitempty"`
	// Search is what the islands share.
	Search Search `json:"search"`
	// BestIsland is the island with the best maze (the lowest on a tie),
	// BestTurns its score, BestMaze the maze in the text format, and
	// Entry and Exit its end columns. Walked is true when the best maze
	// was walked again with the reference walk and took BestTurns turns
	// (searches that maximise turns with exact counting; others are not re-walked).
	BestIsland int    `json:"best_island"`
	BestTurns  int64  `json:"best_turns"`
	BestVisits int64  `json:"best_visits"`
	BestMaze   string `json:"best_maze"`
	Entry      int    `json:"entry"`
	Exit       int    `json:"exit"`
	Walked     bool   `json:"walked"`
	// Evals is the evaluations of all islands together.
	Evals int64 `json:"evals"`
	// PerIsland lists the islands that wrote a file, in order.
	PerIsland []Result `json:"per_island"`
}

// WriteText prints the summary for people: the best maze with its island,
// ends, order and turns, then a line per island.
func (sum *Summary) WriteText(w io.Writer) error {
	s := sum.Search
	check := ""
	if sum.Walked {
		check = ", confirmed by the reference walk"
	}
	fmt.Fprintf(w, "best %dx%d maze of %d islands (island %d, entry %d, exit %d, order %s): %d turns (%d visits)%s; %d evaluations in all\n",
		s.Rows, s.Cols, sum.Islands, sum.BestIsland, sum.Entry, sum.Exit, s.Order, sum.BestTurns, sum.BestVisits, check, sum.Evals)
	_, err := fmt.Fprint(w, sum.BestMaze)
	for _, r := range sum.PerIsland {
		_, err = fmt.Fprintf(w, "  island %d: seed %d, %d turns, %d evaluations, %d generations, done %v\n", r.Island, r.Seed, r.Turns, r.Evals, r.Gen, r.Done)
	}
	return err
}

// Merge reads the files of islands 0..n−1 in dir and reports the best
// maze of all. Islands with no file are listed in Missing, not an error;
// it is an error when no island wrote a file, when the files are from
// different searches, or when the best maze does not take the turns its
// island reported.
func Merge(dir string, n int) (*Summary, error) {
	if n < 1 {
		return nil, fmt.Errorf("island: merge: %d islands", n)
	}
	sum := &Summary{Islands: n, BestIsland: -1}
	var best Maze
	for i := 0; i < n; i++ {
		f, err := Read(dir, i, n)
		if errors.Is(err, ErrMissing) {
			sum.Missing = append(sum.Missing, i)
			continue
		}
		if err != nil {
			return nil, err
		}
		if len(sum.PerIsland) == 0 {
			sum.Search = f.Search
		} else if f.Search != sum.Search {
			return nil, fmt.Errorf("island: merge: %s is from another search (%v, not %v)", Path(dir, i), f.Search, sum.Search)
		}
		r := Result{Island: i, Seed: f.Seed, Gen: f.Gen, Evals: f.Evals, Done: f.Done}
		if len(f.Best) > 0 {
			r.Turns = f.Best[0].Turns
			if sum.BestIsland < 0 || r.Turns > best.Turns {
				sum.BestIsland, best = i, f.Best[0]
			}
		}
		if !f.Done {
			sum.Unfinished = append(sum.Unfinished, i)
		}
		sum.Evals += f.Evals
		sum.PerIsland = append(sum.PerIsland, r)
	}
	if len(sum.PerIsland) == 0 {
		return nil, fmt.Errorf("island: merge: no island has written to %s yet (islands 0..%d missing)", dir, n-1)
	}
	sum.Complete = len(sum.Missing) == 0 && len(sum.Unfinished) == 0
	if sum.BestIsland < 0 {
		return sum, nil
	}
	s := sum.Search
	m := best.Maze(s.Rows, s.Cols)
	sum.BestTurns, sum.BestVisits = best.Turns, max(best.Turns-2, 0)
	sum.BestMaze, sum.Entry, sum.Exit = m.String(), best.Entry, best.Exit
	if s.Objective == dispatch.ObjTurns && s.K == 0 {
		o, err := mousemaze.ParseOrder(s.Order)
		if err != nil {
			return nil, fmt.Errorf("island: merge: %v", err)
		}
		res, err := mousemaze.Walk(m, mousemaze.Config{Order: o, Entry: best.Entry, Exit: best.Exit, Cap: s.Cap, K: s.K})
		if err != nil {
			return nil, fmt.Errorf("island: merge: island %d's best maze: %v", sum.BestIsland, err)
		}
		if res.Turns != best.Turns {
			return nil, fmt.Errorf("island: merge: island %d reports %d turns, but its best maze takes %d", sum.BestIsland, best.Turns, res.Turns)
		}
		sum.Walked = true
	}
	return sum, nil
}
