package neural

import (
	"fmt"
	"io"
	"math/rand/v2"

	"github.com/mousemaze/mousemaze/classic"
)

// doorMask returns cell i's type as a mask of its possible moves.
func doorMask(nav *classic.Nav, i int) int {
	m := 0
	for d, j := range nav.Next[i] {
		if j >= 0 {
			m |= 1 << uint(d)
		}
	}
	return m
}

// Run lets the net walk the board from its start until it reaches the
// goal or has made cap moves, learning as it goes. It returns whether it
// reached the goal and the moves made. A start cell without doors ends
// the run at once.
func (n *Net) Run(nav *classic.Nav, cap int64) (bool, int64) {
	n.Reset()
	p := nav.Start
	var steps int64
	for p != nav.Goal && steps < cap {
		mask := doorMask(nav, p)
		if mask == 0 {
			return false, steps
		}
		d := n.Choose(mask)
		p = nav.Next[p][d]
		steps++
		next := doorMask(nav, p)
		if next == 0 {
			next = 1 << uint(classic.Dir(d).Back()) // shut behind: cannot happen without one-way doors
		}
		n.Observe(next, p == nav.Goal)
	}
	return p == nav.Goal, steps
}

// Trial is one maze of a measurement: the net's episodes on it and the
// random walk's run with the same cap.
type Trial struct {
	NetReached  []bool
	NetSteps    []int64
	RandReached bool
	RandSteps   int64
}

// Measure builds mazes perfect rows×cols mazes with the spanning-tree
// algorithm (seeds seed, seed+1, …), start top-left, goal bottom-right,
// and on each lets a fresh net walk episodes times (learning carries over
// between the episodes of one maze) and the random walk once, all with
// the same step cap.
func Measure(p Params, mazes, rows, cols, episodes int, cap int64, seed uint64) []Trial {
	trials := make([]Trial, mazes)
	for k := range mazes {
		s := seed + uint64(k)
		b := classic.NewBoard(classic.SpanningTree(rows, cols, classic.NewRand(s)))
		nav := b.Nav()
		net := New(p, rand.New(rand.NewPCG(s, 0x9e7)))
		for range episodes {
			ok, steps := net.Run(nav, cap)
			trials[k].NetReached = append(trials[k].NetReached, ok)
			trials[k].NetSteps = append(trials[k].NetSteps, steps)
		}
		res := classic.RandomWalk(nav, classic.Options{Rand: classic.NewRand(s), Cap: cap})
		trials[k].RandReached, trials[k].RandSteps = res.Outcome == classic.Reached, res.Steps
	}
	return trials
}

// Summary is the success rate and mean steps of one column of trials.
type Summary struct {
	Reached   int     `json:"reached"`
	Of        int     `json:"of"`
	MeanSteps float64 `json:"mean_steps"`
}

// Summarize returns the net's summary for each episode and the random
// walk's; mean steps count successful runs only.
func Summarize(trials []Trial) (net []Summary, random Summary) {
	if len(trials) == 0 {
		return nil, Summary{}
	}
	add := func(s *Summary, ok bool, steps int64) {
		s.Of++
		if ok {
			s.MeanSteps = (s.MeanSteps*float64(s.Reached) + float64(steps)) / float64(s.Reached+1)
			s.Reached++
		}
	}
	net = make([]Summary, len(trials[0].NetReached))
	for _, tr := range trials {
		for e := range net {
			add(&net[e], tr.NetReached[e], tr.NetSteps[e])
		}
		add(&random, tr.RandReached, tr.RandSteps)
	}
	return net, random
}

// Report is the outcome of Measure, summarised: `classic neural`'s JSON.
type Report struct {
	Mazes    int       `json:"mazes"`
	Rows     int       `json:"rows"`
	Cols     int       `json:"cols"`
	Episodes int       `json:"episodes"`
	Cap      int64     `json:"cap"`
	Seed     uint64    `json:"seed"`
	Params   Params    `json:"params"`
	Net      []Summary `json:"net"`
	Random   Summary   `json:"random"`
}

// NewReport measures the net with p against the random walk (see
// Measure) and summarises the trials.
func NewReport(p Params, mazes, rows, cols, episodes int, cap int64, seed uint64) Report {
	net, random := Summarize(Measure(p, mazes, rows, cols, episodes, cap, seed))
	return Report{Mazes: mazes, Rows: rows, Cols: cols, Episodes: episodes, Cap: cap, Seed: seed, Params: p, Net: net, Random: random}
}

// Write prints the report as a table.
func (r Report) Write(w io.Writer) {
	fmt.Fprintf(w, "%d perfect %dx%d mazes (seeds %d..%d), start top-left, goal bottom-right, cap %d steps\n",
		r.Mazes, r.Rows, r.Cols, r.Seed, r.Seed+uint64(r.Mazes)-1, r.Cap)
	fmt.Fprintf(w, "%-14s %8s %11s\n", "solver", "reached", "mean steps")
	for e, s := range r.Net {
		fmt.Fprintf(w, "%-14s %4d/%-3d %11.1f\n", fmt.Sprintf("net run %d", e+1), s.Reached, s.Of, s.MeanSteps)
	}
	fmt.Fprintf(w, "%-14s %4d/%-3d %11.1f\n", "random walk", r.Random.Reached, r.Random.Of, r.Random.MeanSteps)
}
