package sweep

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/mousemaze/mousemaze"
)

// Bucket is one line of the histogram of turns: how many leaves (maze
// classes) and how many mazes take exactly Turns turns.
type Bucket struct {
	Turns   int64  `json:"turns"`
	Classes uint64 `json:"classes"`
	Mazes   Count  `json:"mazes"`
}

// PairReport is the result of sweeping one pair of entry and exit columns,
// or the part of it that one shard or one interrupted run covered.
type PairReport struct {
	// Entry and Exit are the columns of the entrance and the exit.
	Entry int `json:"entry"`
	Exit  int `json:"exit"`
	// OptimumTurns is the most turns of any feasible maze (0 if none was
	// found); OptimumVisits is the paper's count, OptimumTurns − 2.
	OptimumTurns  int64 `json:"optimum_turns"`
	OptimumVisits int64 `json:"optimum_visits"`
	// OptimalMaze is one optimal maze in the text format: the first optimal
	// leaf in depth-first order, with its undecided cells open.
	OptimalMaze string `json:"optimal_maze"`
	// OptimalClass is the same leaf with '?' for the cells the walk never
	// depended on: every setting of them is optimal too.
	OptimalClass string `json:"optimal_class"`
	// OptimalTask is the index of the task that holds OptimalMaze; merges
	// keep the lowest, so the report does not depend on how work was split.
	OptimalTask int `json:"optimal_task"`
	// OptimalClasses is the number of leaves with the optimum, and
	// OptimalMazes the number of mazes they stand for.
	OptimalClasses uint64 `json:"optimal_classes"`
	OptimalMazes   Count  `json:"optimal_mazes"`
	// Leaves is the number of leaves (maze classes) examined; Mazes the
	// number of mazes they stand for plus InfeasibleMazes, the mazes the
	// mouse cannot escape (cut off by pruning).
	Leaves          uint64 `json:"leaves"`
	Mazes           Count  `json:"mazes"`
	InfeasibleMazes Count  `json:"infeasible_mazes"`
	// Steps is the number of moves the mouse made in the search (moves
	// onto newly opened cells included, replays of the tasks' prefixes
	// not): the work, next to Leaves.
	Steps uint64 `json:"steps"`
	// PrunedMazes counts the mazes in subtrees a best-only sweep cut
	// because none of them can reach the incumbent (0 in a full sweep).
	PrunedMazes Count `json:"pruned_mazes"`
	// Histogram lists, by turns, the classes and mazes of feasible mazes.
	Histogram []Bucket `json:"histogram"`
	// SplitDepth is the depth at which the tree was cut into tasks, and
	// Tasks the number of tasks this report covers.
	SplitDepth int `json:"split_depth"`
	Tasks      int `json:"tasks"`
}

// Report is the result of a sweep, or of one shard of it. Its top-level
// result fields are those of the swept pair, or of the best pair when every
// pair of end columns was swept (FreeEnds); Pairs then holds every pair,
// and the top-level Tasks counts the tasks of all pairs.
type Report struct {
	Rows     int    `json:"rows"`
	Cols     int    `json:"cols"`
	Order    string `json:"order"`
	FreeEnds bool   `json:"free_ends"`
	// BestOnly and Incumbent describe a best-only sweep (Options).
	BestOnly  bool  `json:"best_only,omitempty"`
	Incumbent int64 `json:"incumbent,omitempty"`
	PairReport
	// BestPair names the best pair of end columns (free ends only).
	BestPair *Pair `json:"best_pair,omitempty"`
	// Pairs holds every pair's report (free ends only).
	Pairs []PairReport `json:"pairs,omitempty"`
	// Shard is "i/N" for one shard of N, or "" for the whole sweep.
	Shard string `json:"shard,omitempty"`
	// TotalTasks is the number of tasks of the whole sweep, all shards.
	TotalTasks int `json:"total_tasks"`
	// ElapsedS is the wall time of the run in seconds (summed over resumed
	// runs and, in a merge, over shards).
	ElapsedS float64 `json:"elapsed_s"`
}

// Pair is a pair of entry and exit columns.
type Pair struct {
	Entry int `json:"entry"`
	Exit  int `json:"exit"`
}

// addTask adds the tally of a batch of finished tasks to p.
func (p *PairReport) addTask(t *taskResult) {
	p.merge(&PairReport{
		Tasks: t.to - t.from, Leaves: t.leaves, Steps: t.steps,
		InfeasibleMazes: t.infeasible, PrunedMazes: t.pruned, Histogram: t.hist,
		OptimumTurns: t.best, OptimalTask: t.index, OptimalMaze: t.maze, OptimalClass: t.class,
	})
}

// addBuckets merges histogram buckets into p's histogram.
func (p *PairReport) addBuckets(bs []Bucket) {
	for _, b := range bs {
		i := sort.Search(len(p.Histogram), func(i int) bool { return p.Histogram[i].Turns >= b.Turns })
		if i == len(p.Histogram) || p.Histogram[i].Turns != b.Turns {
			p.Histogram = append(p.Histogram, Bucket{})
			copy(p.Histogram[i+1:], p.Histogram[i:])
			p.Histogram[i] = Bucket{Turns: b.Turns}
		}
		p.Histogram[i].Classes += b.Classes
		p.Histogram[i].Mazes.Add(b.Mazes)
	}
}

// merge adds o, the report of a disjoint set of tasks of the same pair, to p.
func (p *PairReport) merge(o *PairReport) {
	p.Tasks += o.Tasks
	p.Leaves += o.Leaves
	p.Steps += o.Steps
	p.InfeasibleMazes.Add(o.InfeasibleMazes)
	p.PrunedMazes.Add(o.PrunedMazes)
	p.addBuckets(o.Histogram)
	if o.OptimumTurns > 0 && (o.OptimumTurns > p.OptimumTurns || o.OptimumTurns == p.OptimumTurns && o.OptimalTask < p.OptimalTask) {
		p.OptimumTurns, p.OptimalTask, p.OptimalMaze, p.OptimalClass = o.OptimumTurns, o.OptimalTask, o.OptimalMaze, o.OptimalClass
	}
	p.finish()
}

// finish recomputes the fields derived from the histogram.
func (p *PairReport) finish() {
	p.Mazes = p.InfeasibleMazes
	p.Mazes.Add(p.PrunedMazes)
	p.OptimalClasses, p.OptimalMazes = 0, Count{}
	for _, b := range p.Histogram {
		p.Mazes.Add(b.Mazes)
		if b.Turns == p.OptimumTurns {
			p.OptimalClasses, p.OptimalMazes = b.Classes, b.Mazes
		}
	}
	p.OptimumVisits = max(p.OptimumTurns-2, 0)
}

// setBest copies the best pair's results to the top level of r: the most
// turns, ties going to the first pair in order (entry, then exit).
func (r *Report) setBest() {
	if !r.FreeEnds {
		return
	}
	best := 0
	for i := range r.Pairs {
		if r.Pairs[i].OptimumTurns > r.Pairs[best].OptimumTurns {
			best = i
		}
	}
	b := r.Pairs[best]
	r.PairReport = b
	r.PairReport.Histogram = append([]Bucket(nil), b.Histogram...)
	r.PairReport.Tasks = 0
	for _, p := range r.Pairs {
		r.PairReport.Tasks += p.Tasks
	}
	r.BestPair = &Pair{Entry: b.Entry, Exit: b.Exit}
}

// Merge combines the reports of the shards of one sweep into the report of
// the whole sweep, which equals that of a single run apart from ElapsedS
// (the sum of the shards' times). Every shard i/N must be present once,
// and every report valid (Validate). Its errors name the report ("report
// 2", 1-based, in the order given) or the shard, with no package prefix:
// the command that prints them names itself. MergeNamed names files.
func Merge(reports ...*Report) (*Report, error) {
	names := make([]string, len(reports))
	for k := range names {
		names[k] = fmt.Sprintf("report %d", k+1)
	}
	return MergeNamed(names, reports)
}

// MergeNamed is Merge for reports that names[k] names in errors (their
// files): "FILE: field: problem" for a report that is not valid, and for
// reports of different sweeps the field that differs and both files.
func MergeNamed(names []string, reports []*Report) (*Report, error) {
	if len(reports) == 0 {
		return nil, fmt.Errorf("no reports to merge")
	}
	if len(names) != len(reports) {
		return nil, fmt.Errorf("%d names for %d reports to merge", len(names), len(reports))
	}
	cache := map[string]*layout{}
	for k, r := range reports {
		if _, err := r.validate(cache); err != nil {
			return nil, inFile(names[k], err)
		}
	}
	first := reports[0]
	n := shardOf(first).Count
	seen := make([]int, n) // report k+1 is shard i; 0 for none
	out := &Report{Rows: first.Rows, Cols: first.Cols, Order: first.Order, FreeEnds: first.FreeEnds, TotalTasks: first.TotalTasks,
		BestOnly: first.BestOnly, Incumbent: first.Incumbent}
	for k, r := range reports {
		if field, got, want := sameSweep(r, first); field != "" {
			return nil, fmt.Errorf("%s: %s: %s, but %s has %s: they are of different sweeps", names[k], field, got, names[0], want)
		}
		sh := shardOf(r)
		if sh.Count != n {
			return nil, fmt.Errorf("%s: shard: %s, one of %d shards, but %s has %s, one of %d: they are of different sweeps", names[k], shardWords(r), sh.Count, names[0], shardWords(first), n)
		}
		if j := seen[sh.Index]; j != 0 {
			return nil, fmt.Errorf("%s: shard: %s, the same shard as %s", names[k], shardWords(r), names[j-1])
		}
		seen[sh.Index] = k + 1
		out.ElapsedS += r.ElapsedS
	}
	var missing []int
	for i, k := range seen {
		if k == 0 {
			missing = append(missing, i)
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("%d of %d shards are missing: %s", len(missing), n, Ranges(missing))
	}
	acc := make([]PairReport, len(pairsOf(first)))
	for j, p := range pairsOf(first) {
		acc[j] = PairReport{Entry: p.Entry, Exit: p.Exit, SplitDepth: p.SplitDepth, OptimalTask: -1}
	}
	for _, r := range reports {
		for j, p := range pairsOf(r) {
			acc[j].merge(&p)
		}
	}
	if first.FreeEnds {
		out.Pairs = acc
		out.setBest()
	} else {
		out.PairReport = acc[0]
	}
	// Each report is valid; what remains to check is that they add up:
	// every pair's mazes are then all the mazes of the size.
	if _, err := out.validate(cache); err != nil {
		return nil, fmt.Errorf("the reports do not add up to the whole sweep: %w", err)
	}
	if out.BestOnly && out.OptimumTurns < out.Incumbent {
		return nil, fmt.Errorf("no maze reaches the best-only incumbent's %d turns (the best has %d): the incumbent must be the turns of a real maze", out.Incumbent, out.OptimumTurns)
	}
	return out, nil
}

// shardOf returns the shard of a valid report: 0/1 for a whole sweep.
func shardOf(r *Report) mousemaze.Shard {
	if r.Shard == "" {
		return mousemaze.Shard{Count: 1}
	}
	sh, _ := mousemaze.ParseShard(r.Shard)
	return sh
}

// shardWords writes the shard of r for messages: "0/2", or "none (the
// whole sweep)".
func shardWords(r *Report) string {
	if r.Shard == "" {
		return "none (the whole sweep)"
	}
	return r.Shard
}

// sameSweep returns the first field (its JSON name) in which the valid
// reports r and o describe different sweeps, with r's value and o's, or
// "" when they are of the same sweep.
func sameSweep(r, o *Report) (field, got, want string) {
	type fv struct {
		name string
		a, b any
	}
	fields := []fv{{"rows", r.Rows, o.Rows}, {"cols", r.Cols, o.Cols}, {"order", r.Order, o.Order},
		{"free_ends", r.FreeEnds, o.FreeEnds}, {"best_only", r.BestOnly, o.BestOnly}, {"incumbent", r.Incumbent, o.Incumbent}}
	if !r.FreeEnds && !o.FreeEnds {
		fields = append(fields, fv{"entry", r.Entry, o.Entry}, fv{"exit", r.Exit, o.Exit}, fv{"split_depth", r.SplitDepth, o.SplitDepth})
	}
	fields = append(fields, fv{"total_tasks", r.TotalTasks, o.TotalTasks})
	if r.FreeEnds && o.FreeEnds && len(r.Pairs) == len(o.Pairs) {
		for j := range r.Pairs {
			fields = append(fields, fv{fmt.Sprintf("pairs[%d].split_depth", j), r.Pairs[j].SplitDepth, o.Pairs[j].SplitDepth})
		}
	}
	for _, f := range fields {
		if f.a != f.b {
			return f.name, fmt.Sprint(f.a), fmt.Sprint(f.b)
		}
	}
	return "", "", ""
}

// Ranges writes sorted indices compactly: "3, 5-7, 12", or "none".
func Ranges(xs []int) string {
	if len(xs) == 0 {
		return "none"
	}
	var parts []string
	for k := 0; k < len(xs); {
		e := k
		for e+1 < len(xs) && xs[e+1] == xs[e]+1 {
			e++
		}
		if e == k {
			parts = append(parts, fmt.Sprint(xs[k]))
		} else {
			parts = append(parts, fmt.Sprintf("%d-%d", xs[k], xs[e]))
		}
		k = e + 1
	}
	return strings.Join(parts, ", ")
}

// Maze returns the optimal maze of the report, parsed.
func (r *Report) Maze() (mousemaze.Maze, error) {
	ms, err := mousemaze.Parse(strings.NewReader(r.OptimalMaze), "optimal_maze")
	if err != nil {
		return mousemaze.Maze{}, err
	}
	return ms[0], nil
}

// WriteText writes the report for people: the optimum, one optimal maze
// and its class, the counts and the histogram.
func (r *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "sweep %dx%d, order %s", r.Rows, r.Cols, r.Order)
	if r.FreeEnds {
		fmt.Fprintf(&b, ", free ends: best pair entry %d, exit %d", r.Entry, r.Exit)
	} else {
		fmt.Fprintf(&b, ", entry %d, exit %d", r.Entry, r.Exit)
	}
	if r.Shard != "" {
		fmt.Fprintf(&b, ", shard %s", r.Shard)
	}
	if r.BestOnly {
		fmt.Fprintf(&b, ", best only (incumbent %d turns; pruned %v mazes)", r.Incumbent, r.PrunedMazes)
	}
	fmt.Fprintf(&b, "\noptimum: %d turns (%d visits)\n", r.OptimumTurns, r.OptimumVisits)
	fmt.Fprintf(&b, "optimal classes: %d (%v mazes)\n", r.OptimalClasses, r.OptimalMazes)
	fmt.Fprintf(&b, "leaves: %d, mazes: %v (infeasible %v), tasks: %d of %d, elapsed %.2fs\n",
		r.Leaves, r.Mazes, r.InfeasibleMazes, r.Tasks, r.TotalTasks, r.ElapsedS)
	fmt.Fprintf(&b, "optimal maze (first in search order):\n%s", r.OptimalMaze)
	fmt.Fprintf(&b, "its class ('?' cells may be anything):\n%s", r.OptimalClass)
	for _, p := range r.Pairs {
		fmt.Fprintf(&b, "pair entry %d exit %d: %d turns, %d optimal classes, %d leaves\n", p.Entry, p.Exit, p.OptimumTurns, p.OptimalClasses, p.Leaves)
	}
	b.WriteString("histogram (turns: classes, mazes):\n")
	for _, h := range r.Histogram {
		fmt.Fprintf(&b, "%6d: %d, %v\n", h.Turns, h.Classes, h.Mazes)
	}
	_, err := io.WriteString(w, b.String())
	return err
}
