package main

import (
	"context"
	"encoding/json"
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

func init() {
	searchBench = runSearchBench
}

// optimumTurns holds the best known turns of small square grids with the
// default rules (entry and exit in column 0, DRLU): exhaustive optima from
// the thesis. It is the default --target of the search benchmark.
var optimumTurns = map[mousemaze.Size]int64{
	{Rows: 3, Cols: 3}: 12,
	{Rows: 4, Cols: 4}: 27,
	{Rows: 5, Cols: 5}: 54,
	{Rows: 6, Cols: 6}: 117,
	{Rows: 7, Cols: 7}: 332,
}

// searchBenchRecord is one line of `bench search --json`: one method on
// one size over all seeds.
type searchBenchRecord struct {
	Algo   string  `json:"algo"`
	Rows   int     `json:"rows"`
	Cols   int     `json:"cols"`
	Evals  int64   `json:"evals"`
	Seeds  []int64 `json:"seeds"`
	Turns  []int64 `json:"turns"`
	Mean   float64 `json:"mean_turns"`
	Median float64 `json:"median_turns"`
	Min    int64   `json:"min_turns"`
	// Best is the largest of Turns (best_turns, as before; max_turns is
	// the same).
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

// median returns the median of ts.
func median(ts []int64) float64 {
	s := slices.Clone(ts)
	slices.Sort(s)
	n := len(s)
	if n == 0 {
		return 0
	}
	if n%2 == 1 {
		return float64(s[n/2])
	}
	return float64(s[n/2-1]+s[n/2]) / 2
}

// runSearchBench runs the method table: every method of --algos with its
// preset on every size of --sizes and --seeds seeds, each for --evals
// evaluations, and prints per method and size the best turns of every
// seed, their median, minimum, maximum and mean, how many seeds reached
// the target, the evaluations per second and the seconds taken. It is
// `mousemaze bench search` and, as before, `mousemaze bench --search`.
func runSearchBench(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("bench search", "[flags]",
		"mousemaze bench search --sizes 9x9,13x13 --evals 1000000 --seeds 5 --algos ils,memetic,pipeline", stderr)
	var be backendFlags
	be.register(fs)
	size := fs.String("size", "", "grid size RxC (the same as --sizes with one size)")
	sizesFlag := fs.String("sizes", "6x6", "comma-separated grid sizes RxC")
	evals := fs.Int64("evals", 1000000, "evaluations per run")
	seeds := fs.Int("seeds", 10, "number of seeds (1..N)")
	firstSeed := fs.Uint64("first-seed", 1, "the first seed")
	algos := fs.String("algos", strings.Join(dispatch.Algos, ","), "comma-separated methods")
	target := fs.Int64("target", 0, "turns that count as a hit (0 = the known optimum of the size, if any)")
	jobs := fs.Int("jobs", 1, "runs at once (each uses the backend's workers)")
	asJSON := fs.Bool("json", false, "print one JSON object per method and size")
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	usageErr := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "mousemaze bench search: "+format+"\n", a...)
		return exitUsage
	}
	list := *sizesFlag
	if *size != "" {
		list = *size
	}
	var sizes []mousemaze.Size
	for _, str := range strings.Split(list, ",") {
		sz, err := mousemaze.ParseSize(strings.TrimSpace(str))
		if err != nil {
			return usageErr("--sizes %q: %v", str, err)
		}
		sizes = append(sizes, sz)
	}
	if *evals <= 0 || *seeds <= 0 || *jobs <= 0 {
		return usageErr("--evals, --seeds and --jobs must be above 0")
	}
	names := strings.Split(*algos, ",")
	for _, a := range names {
		if _, err := dispatch.Preset(a); err != nil {
			return usageErr("--algos: %v", err)
		}
	}
	ev, code := be.open("bench search", stderr)
	if code >= 0 {
		return code
	}
	defer ev.Close()
	for _, sz := range sizes {
		tgt := *target
		if tgt == 0 {
			tgt = optimumTurns[sz]
		}
		records, code := searchBenchSize(sz, names, tgt, *evals, *seeds, *firstSeed, *jobs, ev, stderr)
		if code != exitOK {
			return code
		}
		if *asJSON {
			for _, rec := range records {
				json.NewEncoder(stdout).Encode(rec)
			}
			continue
		}
		printSearchBench(stdout, sz, records, tgt, *evals, *seeds, *firstSeed, ev.Name())
	}
	return exitOK
}

// searchBenchSize runs every method of names on one size.
func searchBenchSize(sz mousemaze.Size, names []string, target, evals int64, seeds int, firstSeed uint64, jobs int,
	ev mousemaze.Evaluator, stderr io.Writer) ([]searchBenchRecord, int) {
	var records []searchBenchRecord
	for _, a := range names {
		rec := searchBenchRecord{Algo: a, Rows: sz.Rows, Cols: sz.Cols, Evals: evals, Target: target, Backend: ev.Name()}
		rec.Turns = make([]int64, seeds)
		errs := make([]error, seeds)
		certified := make([]int, seeds)
		var total int64
		var mu sync.Mutex
		sem := make(chan struct{}, jobs)
		var wg sync.WaitGroup
		start := time.Now()
		for i := 0; i < seeds; i++ {
			seed := firstSeed + uint64(i)
			rec.Seeds = append(rec.Seeds, int64(seed))
			wg.Add(1)
			sem <- struct{}{}
			go func() {
				defer func() { <-sem; wg.Done() }()
				p, _ := dispatch.Preset(a)
				p.Rows, p.Cols, p.Evals, p.Seed = sz.Rows, sz.Cols, evals, seed
				s, err := dispatch.New(p, ev, nil)
				if err == nil {
					err = s.Run(context.Background(), dispatch.Hooks{})
				}
				if err != nil {
					errs[i] = err
					return
				}
				rec.Turns[i], certified[i] = s.Best().Score.Turns, s.Certified()
				mu.Lock()
				total += s.Evals() + s.PolishEvals()
				rec.PolishEvals += s.PolishEvals()
				mu.Unlock()
				fmt.Fprintf(stderr, "%s %s seed %d: %d turns\n", a, sz, seed, s.Best().Score.Turns)
			}()
		}
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				fmt.Fprintf(stderr, "mousemaze bench search: %s %s: %v\n", a, sz, err)
				return nil, exitFail
			}
		}
		rec.Seconds = time.Since(start).Seconds()
		rec.EvalsPerS = float64(total) / rec.Seconds
		var sum int64
		for _, t := range rec.Turns {
			sum += t
			rec.Best = max(rec.Best, t)
			if rec.Target > 0 && t >= rec.Target {
				rec.Hits++
			}
		}
		rec.Mean = float64(sum) / float64(len(rec.Turns))
		rec.Median, rec.Min, rec.Max = median(rec.Turns), slices.Min(rec.Turns), slices.Max(rec.Turns)
		rec.Certified = slices.Min(certified)
		records = append(records, rec)
	}
	return records, exitOK
}

// printSearchBench prints the table of one size.
func printSearchBench(stdout io.Writer, sz mousemaze.Size, records []searchBenchRecord, target, evals int64, seeds int, firstSeed uint64, backend string) {
	fmt.Fprintf(stdout, "%s grid, %d evaluations per run, seeds %d..%d, backend %s (turns; visits = turns - 2)\n",
		sz, evals, firstSeed, firstSeed+uint64(seeds)-1, backend)
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	hitHead := "hits"
	if target > 0 {
		hitHead = fmt.Sprintf("hits >= %d", target)
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
	tw.Flush()
}
