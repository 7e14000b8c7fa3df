package analyze

import (
	"fmt"
	"io"
	"strings"

	"github.com/mousemaze/mousemaze"
)

// Record is one line of `analyze --json`.
type Record struct {
	File       string      `json:"file"`
	Index      int         `json:"index"`
	Rows       int         `json:"rows"`
	Cols       int         `json:"cols"`
	Feasible   bool        `json:"feasible"`
	Loopless   bool        `json:"loopless"`
	Turns      int64       `json:"turns"`
	Predicted  int64       `json:"thesis_predicted,omitempty"`
	TreeTurns  int64       `json:"tree_turns,omitempty"`
	MainPath   []Cell      `json:"main_path,omitempty"`
	Branches   []*Branch   `json:"branches,omitempty"`
	Cycles     int         `json:"cycles"`
	Loops      []Loop      `json:"loops,omitempty"`
	Bounds     *BoundCheck `json:"bounds,omitempty"`
	Theorem1OK bool        `json:"theorem1_holds"`
}

// Analyze decomposes m under cfg (main path, branches, 2x2 loops) and
// checks the thesis's prediction, the closed-form tree evaluator and the
// Theorem 8 and Lemma 6 bounds against the walk.
func Analyze(file string, index int, m mousemaze.Maze, cfg mousemaze.Config) (Record, error) {
	rec := Record{File: file, Index: index, Rows: m.Rows, Cols: m.Cols}
	d, err := Decompose(m, cfg)
	if err != nil {
		return rec, err
	}
	rec.Feasible, rec.Loopless = d.Feasible, d.Loopless
	if !d.Feasible {
		return rec, nil
	}
	if d.Loopless {
		rec.Turns, rec.Predicted, rec.MainPath, rec.Branches = d.Turns, d.Predicted, d.MainPath, d.Branches
		// The closed-form tree evaluator, beside the walk's turns.
		tr, err := TreeEval(m, cfg)
		if err != nil {
			return rec, err
		}
		rec.TreeTurns = tr.Turns
	}
	lr, err := Loops(m, cfg)
	if err != nil {
		return rec, err
	}
	rec.Cycles, rec.Loops, rec.Theorem1OK = lr.Cycles, lr.Loops, lr.Theorem1Holds()
	if !d.Loopless {
		rec.MainPath = lr.MainPath
	}
	bc, err := CheckBounds(m, cfg, m.Rows*m.Cols <= 1024)
	if err != nil {
		return rec, err
	}
	rec.Bounds = &bc
	rec.Turns = bc.Turns
	return rec, nil
}

// WriteRecord prints the analysis of m in words.
func WriteRecord(w io.Writer, rec Record, m mousemaze.Maze) {
	fmt.Fprintf(w, "%s maze %d (%dx%d)\n", rec.File, rec.Index, rec.Rows, rec.Cols)
	if !rec.Feasible {
		fmt.Fprintln(w, "  infeasible")
		return
	}
	fmt.Fprintf(w, "  turns %d, loop-less %s, cycles %d\n", rec.Turns, yesNo(rec.Loopless), rec.Cycles)
	var path []string
	for _, c := range rec.MainPath {
		path = append(path, fmt.Sprintf("(%d,%d)", c.R, c.C))
	}
	fmt.Fprintf(w, "  main path (%d cells): %s\n", len(rec.MainPath), strings.Join(path, " "))
	if rec.Loopless {
		same := map[bool]string{true: "equals the walk", false: "differs from the walk"}
		fmt.Fprintf(w, "  closed-form tree evaluator %d turns (%s)\n", rec.TreeTurns, same[rec.TreeTurns == rec.Turns])
		fmt.Fprintf(w, "  thesis prediction %d turns (%s)\n", rec.Predicted, same[rec.Predicted == rec.Turns])
		var rec2 func(b *Branch, depth int)
		rec2 = func(b *Branch, depth int) {
			kind := "dead end"
			if !b.Chain {
				kind = "splits"
			}
			fmt.Fprintf(w, "  %sbranch at (%d,%d) %s rank %d, %d-way, length %d (%s, %d cells): %s, predicted %d, walk %d\n",
				strings.Repeat("  ", depth), b.Crossroad.R, b.Crossroad.C, b.Dir, b.Rank, b.Ways, b.Length, kind, b.Cells, b.Case, b.Predicted, b.Actual)
			for _, s := range b.Sub {
				rec2(s, depth+1)
			}
		}
		for _, b := range rec.Branches {
			rec2(b, 0)
		}
	}
	for _, l := range rec.Loops {
		if !l.OnMain {
			fmt.Fprintf(w, "  2x2 loop at (%d,%d): off the main path\n", l.Top.R, l.Top.C)
			continue
		}
		fmt.Fprintf(w, "  2x2 loop at (%d,%d): entrance (%d,%d), exit (%d,%d), arrivals %d, reversals %d (%d before continuing)\n",
			l.Top.R, l.Top.C, l.Entrance.R, l.Entrance.C, l.Exit.R, l.Exit.C, l.Arrivals, l.Reversals, l.ReversalsBefore)
	}
	if b := rec.Bounds; b != nil {
		lemma := "holds at every departure"
		if b.Lemma6 != "" {
			lemma = "fails: " + b.Lemma6
		}
		fmt.Fprintf(w, "  Theorem 8 guard %s (turns/guard %.3g)", b.GuardText(), b.GuardRatio)
		if b.Log10Paper != 0 {
			fmt.Fprintf(w, ", paper bound 10^%.2f visits", b.Log10Paper)
		}
		fmt.Fprintf(w, "; Lemma 6 %s (%d departures)\n", lemma, b.Departures)
	}
}

func yesNo(b bool) string { return map[bool]string{true: "yes", false: "no"}[b] }
