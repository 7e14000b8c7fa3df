package bench

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch"
)

// KnownOptimum holds the best turns of small square grids with the default
// rules (entry and exit in column 0, DRLU): the exhaustive optima of the
// thesis, proven again by `mousemaze sweep`. It is the default target of
// the search table.
var KnownOptimum = map[mousemaze.Size]int64{
	{Rows: 3, Cols: 3}: 12,
	{Rows: 4, Cols: 4}: 27,
	{Rows: 5, Cols: 5}: 54,
	{Rows: 6, Cols: 6}: 117,
	{Rows: 7, Cols: 7}: 332,
}

// SearchRecord is one row of the search table (one line of `bench search
// --json`): one method on one size over all seeds.
type SearchRecord struct {
	Algo   string  `json:"algo"`
	Rows   int     `json:"rows"`
	Cols   int     `json:"cols"`
	Evals  int64   `json:"evals"`
	Seeds  []int64 `json:"seeds"`
	Turns  []int64 `json:"turns"`
	Mean   float64 `json:"mean_turns"`
	Median float64 `json:"median_turns"`
	Min    int64   `json:"min_turns"`
	// Best is the largest of Turns (best_turns; max_turns is the same).
	Best   int64 `json:"best_turns"`
	Max    int64 `json:"max_turns"`
	Target int64 `json:"target,omitempty"`
	Hits   int   `json:"hits"`
	// PolishEvals counts the evaluations of the polish (beyond Evals per
	// run); Certified is the smallest local_optimum_radius of the runs.
	PolishEvals int64   `json:"polish_evals,omitempty"`
	Certified   int     `json:"local_optimum_radius,omitempty"`
	Backend     string  `json:"backend"`
	Seconds     float64 `json:"seconds"`
	EvalsPerS   float64 `json:"evals_per_s"`
}

// SearchOptions say what the search table runs: every method of Algos,
// with its preset, on Size for Seeds seeds from FirstSeed, Evals
// evaluations each, Jobs runs at once on Evaluator. A run that reaches
// Target turns is a hit (0: KnownOptimum of the size, if any). Progress,
// when set, gets a line per finished run.
type SearchOptions struct {
	Size      mousemaze.Size
	Algos     []string
	Target    int64
	Evals     int64
	Seeds     int
	FirstSeed uint64
	Jobs      int
	Evaluator mousemaze.Evaluator
	Progress  io.Writer
}

// target is the hit threshold of o.
func (o SearchOptions) target() int64 {
	if o.Target != 0 {
		return o.Target
	}
	return KnownOptimum[o.Size]
}

// Check reports the first option that is out of range, or an unknown method.
func (o SearchOptions) Check() error {
	if o.Evals <= 0 || o.Seeds <= 0 || o.Jobs <= 0 {
		return fmt.Errorf("--evals, --seeds and --jobs must be above 0")
	}
	for _, a := range o.Algos {
		if _, err := dispatch.Preset(a); err != nil {
			return fmt.Errorf("--algos: %v", err)
		}
	}
	return nil
}

// SearchTable runs the methods of o and returns one record per method.
func SearchTable(ctx context.Context, o SearchOptions) ([]SearchRecord, error) {
	if err := o.Check(); err != nil {
		return nil, err
	}
	var records []SearchRecord
	for _, a := range o.Algos {
		rec, err := searchRow(ctx, o, a)
		if err != nil {
			return nil, fmt.Errorf("%s %s: %w", a, o.Size, err)
		}
		records = append(records, rec)
	}
	return records, nil
}

// searchRow runs method a on every seed of o.
func searchRow(ctx context.Context, o SearchOptions, a string) (SearchRecord, error) {
	rec := SearchRecord{Algo: a, Rows: o.Size.Rows, Cols: o.Size.Cols, Evals: o.Evals, Target: o.target(), Backend: o.Evaluator.Name()}
	rec.Turns = make([]int64, o.Seeds)
	errs := make([]error, o.Seeds)
	certified := make([]int, o.Seeds)
	var total int64
	var mu sync.Mutex
	sem := make(chan struct{}, o.Jobs)
	var wg sync.WaitGroup
	start := time.Now()
	for i := range o.Seeds {
		seed := o.FirstSeed + uint64(i)
		rec.Seeds = append(rec.Seeds, int64(seed))
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			p, _ := dispatch.Preset(a)
			p.Rows, p.Cols, p.Evals, p.Seed = o.Size.Rows, o.Size.Cols, o.Evals, seed
			s, err := dispatch.New(p, o.Evaluator, nil)
			if err == nil {
				err = s.Run(ctx, dispatch.Hooks{})
			}
			if err != nil {
				errs[i] = err
				return
			}
			rec.Turns[i], certified[i] = s.Best().Score.Turns, s.Certified()
			mu.Lock()
			defer mu.Unlock()
			total += s.Evals() + s.PolishEvals()
			rec.PolishEvals += s.PolishEvals()
			if o.Progress != nil {
				fmt.Fprintf(o.Progress, "%s %s seed %d: %d turns\n", a, o.Size, seed, s.Best().Score.Turns)
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return rec, err
		}
	}
	rec.Seconds = time.Since(start).Seconds()
	rec.EvalsPerS = float64(total) / rec.Seconds
	var sum int64
	for _, t := range rec.Turns {
		sum += t
		if rec.Target > 0 && t >= rec.Target {
			rec.Hits++
		}
	}
	rec.Mean = float64(sum) / float64(len(rec.Turns))
	rec.Median, rec.Min, rec.Max = median(rec.Turns), slices.Min(rec.Turns), slices.Max(rec.Turns)
	rec.Best, rec.Certified = rec.Max, slices.Min(certified)
	return rec, nil
}

// median returns the median of ts (0 for none).
func median(ts []int64) float64 {
	s := slices.Sorted(slices.Values(ts))
	switch n := len(s); {
	case n == 0:
		return 0
	case n%2 == 1:
		return float64(s[n/2])
	default:
		return float64(s[n/2-1]+s[n/2]) / 2
	}
}

// WriteSearchTable prints the table of one size of o.
func WriteSearchTable(w io.Writer, o SearchOptions, records []SearchRecord) error {
	fmt.Fprintf(w, "%s grid, %d evaluations per run, seeds %d..%d, backend %s (turns; visits = turns - 2)\n",
		o.Size, o.Evals, o.FirstSeed, o.FirstSeed+uint64(o.Seeds)-1, o.Evaluator.Name())
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	hitHead := "hits"
	if t := o.target(); t > 0 {
		hitHead = fmt.Sprintf("hits >= %d", t)
	}
	fmt.Fprintf(tw, "algo\tbest turns per seed\tmedian\tmin\tmax\tmean\t%s\tevals/s\tseconds\n", hitHead)
	for _, r := range records {
		per := make([]string, len(r.Turns))
		for i, t := range r.Turns {
			per[i] = fmt.Sprint(t)
		}
		hits := "-"
		if r.Target > 0 {
			hits = fmt.Sprintf("%d/%d", r.Hits, len(r.Turns))
		}
		fmt.Fprintf(tw, "%s\t%s\t%g\t%d\t%d\t%.1f\t%s\t%.0f\t%.1f\n", r.Algo, strings.Join(per, " "), r.Median, r.Min, r.Max, r.Mean, hits, r.EvalsPerS, r.Seconds)
	}
	return tw.Flush()
}
