package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
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

// searchBenchRecord is one line of `bench --search --json`: one method
// over all seeds.
type searchBenchRecord struct {
	Algo      string  `json:"algo"`
	Rows      int     `json:"rows"`
	Cols      int     `json:"cols"`
	Evals     int64   `json:"evals"`
	Seeds     []int64 `json:"seeds"`
	Turns     []int64 `json:"turns"`
	Mean      float64 `json:"mean_turns"`
	Best      int64   `json:"best_turns"`
	Target    int64   `json:"target,omitempty"`
	Hits      int     `json:"hits"`
	Backend   string  `json:"backend"`
	Seconds   float64 `json:"seconds"`
	EvalsPerS float64 `json:"evals_per_s"`
}

// runSearchBench runs the method table: every method of --algos with its
// preset on --seeds seeds, each for --evals evaluations, and prints per
// method the best turns of every seed, their mean and how many seeds
// reached the target.
func runSearchBench(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("bench --search", "[flags]",
		"mousemaze bench --search --size 6x6 --evals 1000000 --seeds 10 --algos random,hill,sa,ea,ga,memetic", stderr)
	var be backendFlags
	be.register(fs)
	size := fs.String("size", "6x6", "grid size RxC")
	evals := fs.Int64("evals", 1000000, "evaluations per run")
	seeds := fs.Int("seeds", 10, "number of seeds (1..N)")
	firstSeed := fs.Uint64("first-seed", 1, "the first seed")
	algos := fs.String("algos", strings.Join(dispatch.Algos, ","), "comma-separated methods")
	target := fs.Int64("target", 0, "turns that count as a hit (0 = the known optimum of the size, if any)")
	jobs := fs.Int("jobs", 1, "runs at once (each uses the backend's workers)")
	asJSON := fs.Bool("json", false, "print one JSON object per method")
	if code := parseFlags(fs, args); code >= 0 {
		return code
	}
	usageErr := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "mousemaze bench --search: "+format+"\n", a...)
		return exitUsage
	}
	sz, err := mousemaze.ParseSize(*size)
	if err != nil {
		return usageErr("--size %q: %v", *size, err)
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
	if *target == 0 {
		*target = optimumTurns[sz]
	}
	ev, err := be.open()
	if err != nil {
		fmt.Fprintf(stderr, "mousemaze bench --search: %v\n", err)
		return exitFail
	}
	defer ev.Close()

	var records []searchBenchRecord
	for _, a := range names {
		rec := searchBenchRecord{Algo: a, Rows: sz.Rows, Cols: sz.Cols, Evals: *evals, Target: *target, Backend: ev.Name()}
		rec.Turns = make([]int64, *seeds)
		errs := make([]error, *seeds)
		var total int64
		var mu sync.Mutex
		sem := make(chan struct{}, *jobs)
		var wg sync.WaitGroup
		start := time.Now()
		for i := 0; i < *seeds; i++ {
			seed := *firstSeed + uint64(i)
			rec.Seeds = append(rec.Seeds, int64(seed))
			wg.Add(1)
			sem <- struct{}{}
			go func() {
				defer func() { <-sem; wg.Done() }()
				p, _ := dispatch.Preset(a)
				p.Rows, p.Cols, p.Evals, p.Seed = sz.Rows, sz.Cols, *evals, seed
				s, err := dispatch.New(p, ev, nil)
				if err == nil {
					err = s.Run(context.Background(), dispatch.Hooks{})
				}
				if err != nil {
					errs[i] = err
					return
				}
				rec.Turns[i] = s.Best().Score.Turns
				mu.Lock()
				total += s.Evals()
				mu.Unlock()
				fmt.Fprintf(stderr, "%s seed %d: %d turns\n", a, seed, s.Best().Score.Turns)
			}()
		}
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				fmt.Fprintf(stderr, "mousemaze bench --search: %s: %v\n", a, err)
				return exitFail
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
		if *asJSON {
			json.NewEncoder(stdout).Encode(rec)
		}
		records = append(records, rec)
	}
	if *asJSON {
		return exitOK
	}
	fmt.Fprintf(stdout, "%s grid, %d evaluations per run, seeds %d..%d, backend %s (turns; visits = turns - 2)\n",
		sz, *evals, *firstSeed, *firstSeed+uint64(*seeds)-1, ev.Name())
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	hitHead := "hits"
	if *target > 0 {
		hitHead = fmt.Sprintf("hits >= %d", *target)
	}
	fmt.Fprintf(tw, "algo\tbest turns per seed\tmean\tbest\t%s\tevals/s\n", hitHead)
	for _, r := range records {
		per := make([]string, len(r.Turns))
		for i, t := range r.Turns {
			per[i] = fmt.Sprint(t)
		}
		hits := "-"
		if r.Target > 0 {
			hits = fmt.Sprintf("%d/%d", r.Hits, len(r.Turns))
		}
		fmt.Fprintf(tw, "%s\t%s\t%.1f\t%d\t%s\t%.0f\n", r.Algo, strings.Join(per, " "), r.Mean, r.Best, hits, r.EvalsPerS)
	}
	tw.Flush()
	return exitOK
}
