package analyze

import (
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/mousemaze/mousemaze"
)

// CaseTotal is the name of the table row that compares whole mazes: the
// thesis's predicted turns against the walk's.
const CaseTotal = "total (whole maze)"

// CaseStat counts how often one case of the thesis held.
type CaseStat struct {
	// Case is the case's name (one of Cases, or CaseTotal).
	Case string `json:"case"`
	// Held and Failed count branches (mazes, for CaseTotal) where the
	// prediction equalled, or missed, the walk.
	Held   int64 `json:"held"`
	Failed int64 `json:"failed"`
	// Example is the smallest maze on which the case failed (fewest grid
	// cells, then fewest reachable cells, then first found), in the text
	// format; Branch is the failing branch's root there, and Predicted and
	// Actual its costs.
	Example   string `json:"example,omitempty"`
	Branch    *Cell  `json:"branch,omitempty"`
	Predicted int64  `json:"predicted,omitempty"`
	Actual    int64  `json:"actual,omitempty"`

	exCells, exOpen int
}

// CaseTable gathers CaseStats over many mazes.
type CaseTable struct {
	stats map[string]*CaseStat
}

// NewCaseTable returns an empty table.
func NewCaseTable() *CaseTable { return &CaseTable{stats: map[string]*CaseStat{}} }

// Add counts the branches of d, a decomposition of m.
func (t *CaseTable) Add(m mousemaze.Maze, d *Decomposition) {
	if !d.Feasible || !d.Loopless {
		return
	}
	open := len(d.g.cells)
	d.Walk(func(b *Branch, _ int) {
		root := b.Root
		t.count(b.Case, m, open, b.Predicted == b.Actual, &root, b.Predicted, b.Actual)
	})
	t.count(CaseTotal, m, open, d.Predicted == d.Turns, nil, d.Predicted, d.Turns)
}

func (t *CaseTable) count(name string, m mousemaze.Maze, open int, held bool, at *Cell, pred, act int64) {
	s := t.stats[name]
	if s == nil {
		s = &CaseStat{Case: name}
		t.stats[name] = s
	}
	if held {
		s.Held++
		return
	}
	s.Failed++
	cells := m.Rows * m.Cols
	if s.Example == "" || cells < s.exCells || (cells == s.exCells && open < s.exOpen) {
		s.Example, s.Branch, s.Predicted, s.Actual = m.String(), at, pred, act
		s.exCells, s.exOpen = cells, open
	}
}

// Merge adds o's counts to t, keeping the smaller counterexample.
func (t *CaseTable) Merge(o *CaseTable) {
	for name, s := range o.stats {
		ts := t.stats[name]
		if ts == nil {
			c := *s
			t.stats[name] = &c
			continue
		}
		ts.Held += s.Held
		ts.Failed += s.Failed
		if s.Example != "" && (ts.Example == "" || s.exCells < ts.exCells || (s.exCells == ts.exCells && s.exOpen < ts.exOpen)) {
			ts.Example, ts.Branch, ts.Predicted, ts.Actual = s.Example, s.Branch, s.Predicted, s.Actual
			ts.exCells, ts.exOpen = s.exCells, s.exOpen
		}
	}
}

// Stats returns the rows in the order of Cases, then CaseTotal; cases
// never met are left out.
func (t *CaseTable) Stats() []CaseStat {
	var out []CaseStat
	for _, name := range append(append([]string(nil), Cases...), CaseTotal) {
		if s := t.stats[name]; s != nil {
			out = append(out, *s)
		}
	}
	return out
}

// Write prints the table and, after it, every case's smallest
// counterexample.
func (t *CaseTable) Write(w io.Writer) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "case\theld\tfailed\tsmallest counterexample")
	stats := t.Stats()
	for i, s := range stats {
		ex := "-"
		if s.Failed > 0 {
			ex = fmt.Sprintf("#%d", i+1)
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%s\n", s.Case, s.Held, s.Failed, ex)
	}
	tw.Flush()
	for i, s := range stats {
		if s.Failed == 0 {
			continue
		}
		at := ""
		if s.Branch != nil {
			at = fmt.Sprintf(", branch rooted at (%d,%d)", s.Branch.R, s.Branch.C)
		}
		fmt.Fprintf(w, "\n#%d %s: predicted %d, walk %d%s\n%s", i+1, s.Case, s.Predicted, s.Actual, at, s.Example)
	}
}
