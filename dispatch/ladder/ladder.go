// Package ladder runs a size ladder (mousemaze hunt): it searches a grid
// size, grows the best few mazes it found into the next size up (each at
// every corner, mousemaze.Embed) and searches from them again, up to the
// largest size asked for. Every search is an ordinary grid search of the
// engine (evolve.NewGrid) with its own checkpoint; the ladder's own state,
// the runs finished and their best mazes, is saved after every run, so a
// hunt killed at any point resumes where it stopped and ends with the same
// mazes as one never stopped. The best maze of each size can be kept in a
// records file (Records), which the ladder also grows from.
package ladder

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"sync"
	"syscall"
	"time"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch"
	"github.com/mousemaze/mousemaze/dispatch/checkpoint"
	"github.com/mousemaze/mousemaze/dispatch/evolve"
	"github.com/mousemaze/mousemaze/outfile"
)

// Kind names the ladder's state file (StateFile in Options.Dir) and
// RunKind the checkpoints of its runs.
const (
	Kind     = "hunt"
	RunKind  = "hunt-run"
	Version  = 1
	stateTag = "hunt.json"
)

// Options describe a hunt.
type Options struct {
	// From and To are the smallest and largest sizes; each rung adds one
	// row and one column, so To - From must be the same in both.
	From, To mousemaze.Size
	// Grid is every run's search (method, budget, rules, tuning); its
	// Size and Seed are set per run.
	Grid evolve.GridOptions
	// Seeds is the number of runs from each start; Keep the number of
	// distinct best mazes of a size grown into the next.
	Seeds, Keep int
	// Workers is the number of runs at once (each run walks on one
	// goroutine of the evaluator it opens).
	Workers int
	// Init, when given, are mazes of size From: the ladder grows them
	// instead of searching From from random starts.
	Init []mousemaze.Maze
	// Dir holds the state file and the runs' checkpoints; Every is how
	// often a run saves its checkpoint.
	Dir   string
	Every time.Duration
	// Records, when not empty, is a records file: the ladder also grows
	// its maze of each size, and writes a size's best maze into it
	// (atomically) when the maze beats the file's.
	Records string
	// Open opens an evaluator for one run, a search of p (whose method
	// decides the backend of "auto": dispatch.BackendFor).
	Open func(p dispatch.Spec) (mousemaze.Evaluator, error)
	// Progress, when not nil, gets a line for every run that ends;
	// Events, when not nil, gets a JSON line for it (RunEvent).
	Progress, Events io.Writer

	// stopAt, when above 0, makes every run behave as if interrupted
	// after that many generations (for tests).
	stopAt int64
}

// Run is one search of the ladder and, once it has ended, its best maze.
type Run struct {
	Size  string `json:"size"`
	Index int    `json:"index"`
	Seed  uint64 `json:"seed"`
	// From is the turns of the smaller maze it was grown from and At
	// where that maze was placed; From is 0 for a run from a random start.
	From int64  `json:"from_turns"`
	At   string `json:"at,omitempty"`
	// Turns and Walls are its best maze's; Evals and Seconds what it
	// took.
	Turns   int64    `json:"turns"`
	Walls   []uint64 `json:"walls"`
	Evals   int64    `json:"evals"`
	Seconds float64  `json:"seconds"`
}

// State is the ladder's state file: its settings, which a resumed hunt
// must restate, and the runs that have ended.
type State struct {
	Kind     string `json:"kind"`
	Version  int    `json:"version"`
	Settings string `json:"settings"`
	Runs     []Run  `json:"runs"`
}

// Result is the best maze of every size of a hunt.
type Result struct {
	Sizes []Best
	// Interrupted is true when a signal stopped the hunt; the runs that
	// ended are saved and a resumed hunt goes on from them.
	Interrupted bool
}

// Best is the best maze of one size and the runs that looked for it.
type Best struct {
	Size  mousemaze.Size
	Maze  mousemaze.Maze
	Turns int64
	Runs  int
}

// ErrSettings is wrapped by the errors of a hunt resumed with other
// settings than it started with; ErrOptions by those of Options that
// cannot make a hunt. Both blame the command line: they are
// mousemaze.UsageErrors (mousemaze.IsUsageError).
var (
	ErrSettings = mousemaze.Usage(errors.New("the hunt's settings differ"))
	ErrOptions  = mousemaze.Usage(errors.New("bad hunt options"))
)

// statePath is the state file of dir.
func statePath(dir string) string { return filepath.Join(dir, stateTag) }

// Claim checks, before anything runs, that dir may hold a new hunt (it
// holds no state file, or force) or, with resume, that it holds one.
func Claim(dir string, resume, force bool) error {
	p := statePath(dir)
	_, err := os.Stat(p)
	switch {
	case resume && err != nil:
		return fmt.Errorf("--resume: %s holds no hunt (%s): %v", dir, stateTag, err)
	case !resume && err == nil && !force:
		return fmt.Errorf("%s holds a hunt; use --resume or name a new --dir (or --force to start over)", dir)
	}
	return nil
}

// sizes returns the rungs from o.From to o.To.
func (o Options) sizes() ([]mousemaze.Size, error) {
	dr, dc := o.To.Rows-o.From.Rows, o.To.Cols-o.From.Cols
	if dr != dc || dr < 0 {
		return nil, fmt.Errorf("%w: --to %s must be --from %s plus as many rows as columns (one of each per rung)", ErrOptions, o.To, o.From)
	}
	var out []mousemaze.Size
	for k := 0; k <= dr; k++ {
		out = append(out, mousemaze.Size{Rows: o.From.Rows + k, Cols: o.From.Cols + k})
	}
	return out, nil
}

// settings is the text that fixes a hunt: what a resumed hunt must
// restate.
func (o Options) settings() (string, error) {
	g := o.Grid
	g.Size, g.Seed = o.From, 0
	p, err := g.Spec()
	if err != nil {
		return "", err
	}
	p.Rows, p.Cols = 0, 0
	data, err := json.Marshal(p)
	if err != nil {
		return "", err
	}
	init := make([][]uint64, len(o.Init))
	for i, m := range o.Init {
		init[i] = m.Walls
	}
	return fmt.Sprintf("from %s to %s seed %d seeds %d keep %d init %v spec %s", o.From, o.To, o.Grid.Seed, o.Seeds, o.Keep, init, data), nil
}

// hunt is a running ladder.
type hunt struct {
	o       Options
	st      State
	records Records
	mu      sync.Mutex
}

// Hunt runs the ladder of o from its start, or from the runs its state
// file holds (resume). It returns the best maze of each size; a signal
// (SIGINT, SIGTERM) stops it after the runs under way have saved their
// checkpoints (Result.Interrupted).
func Hunt(o Options, resume bool) (Result, error) {
	sizes, err := o.sizes()
	if err != nil {
		return Result{}, err
	}
	if o.Seeds < 1 || o.Keep < 1 || o.Workers < 1 {
		return Result{}, fmt.Errorf("%w: --seeds, --keep and --workers must be 1 or more", ErrOptions)
	}
	for _, m := range o.Init {
		if m.Size() != o.From {
			return Result{}, fmt.Errorf("%w: --init: a %s maze, where the ladder starts at --from %s", ErrOptions, m.Size(), o.From)
		}
	}
	if c := o.Grid.Config; o.Records != "" && (c.Entry != 0 || c.Exit != 0 || c.K != 0 || c.Order != (mousemaze.Order{}) && c.Order.String() != "DRLU") {
		return Result{}, fmt.Errorf("%w: --records keeps mazes of the default rules (entry 0, exit 0, order DRLU, exact counting)", ErrOptions)
	}
	set, err := o.settings()
	if err != nil {
		return Result{}, err
	}
	h := &hunt{o: o, st: State{Kind: Kind, Version: Version, Settings: set}}
	if resume {
		var st State
		if err := checkpoint.LoadKind(statePath(o.Dir), Kind, &st); err != nil {
			return Result{}, err
		}
		if st.Settings != set {
			return Result{}, fmt.Errorf("%w: %s was started with other flags; restate them (%s)", ErrSettings, statePath(o.Dir), st.Settings)
		}
		h.st = st
		if err := h.checkRuns(statePath(o.Dir), sizes); err != nil {
			return Result{}, err
		}
	} else if err := os.MkdirAll(o.Dir, 0o777); err != nil {
		return Result{}, err
	}
	if o.Records != "" {
		if h.records, err = ReadRecords(o.Records); err != nil {
			return Result{}, err
		}
	}
	if err := checkpoint.Save(statePath(o.Dir), h.st); err != nil {
		return Result{}, err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() { <-ctx.Done(); stop() }()
	var res Result
	var below []mousemaze.Maze
	for k, sz := range sizes {
		plans, err := h.plan(k, sz, below)
		if err != nil {
			return res, err
		}
		runs, interrupted, err := h.rung(ctx, plans)
		best := bestOf(sz, runs)
		res.Sizes = append(res.Sizes, best)
		if rerr := h.record(best, runs, len(plans)); err == nil {
			err = rerr
		}
		if err != nil || interrupted {
			res.Interrupted = interrupted
			return res, err
		}
		below = h.grown(sz, runs)
	}
	return res, nil
}

// plan is one run to make: its place in the ladder and its start.
type plan struct {
	run   Run
	start []mousemaze.Maze // nil: a random start
}

// plan lists the runs of rung k (size sz), grown from the mazes below
// (the best of the size below, best first); on the first rung, Init's
// mazes stand for them, or the runs start at random.
func (h *hunt) plan(k int, sz mousemaze.Size, below []mousemaze.Maze) ([]plan, error) {
	var plans []plan
	add := func(start []mousemaze.Maze, from int64, at string) {
		for s := 0; s < h.o.Seeds; s++ {
			i := len(plans)
			seed := runSeed(h.o.Grid.Seed, k, i)
			plans = append(plans, plan{run: Run{Size: sz.String(), Index: i, Seed: seed, From: from, At: at}, start: start})
		}
	}
	if k == 0 && len(h.o.Init) == 0 {
		add(nil, 0, "")
		return plans, nil
	}
	if k == 0 {
		for _, m := range h.o.Init {
			add([]mousemaze.Maze{m}, turns(m, h.o.Grid.Config), "")
		}
		return plans, nil
	}
	for _, m := range below {
		for _, at := range mousemaze.Corners(m.Size(), sz) {
			g, err := mousemaze.Embed(m, sz, at, h.o.Grid.Config)
			if err != nil {
				continue // a placement whose ends cannot be joined
			}
			add([]mousemaze.Maze{g}, turns(m, h.o.Grid.Config), at.String())
		}
	}
	if len(plans) == 0 {
		return nil, fmt.Errorf("no maze of %dx%d could be grown into %s", sz.Rows-1, sz.Cols-1, sz)
	}
	return plans, nil
}

// checkRuns checks the runs of a hunt's state file, read from path, before
// the hunt resumes from them: each must be a run of one of the ladder's
// sizes with the seed the ladder gives it, listed once, with counts that
// are not negative and a maze of its size whose walk under the hunt's
// rules takes the turns it records (the maze is walked again). Its errors
// name path and the run.
func (h *hunt) checkRuns(path string, sizes []mousemaze.Size) error {
	type key struct {
		size  string
		index int
	}
	seen := map[key]bool{}
	for i, r := range h.st.Runs {
		bad := func(format string, args ...any) error {
			return fmt.Errorf("%s: runs[%d] (%s run %d): %s", path, i, r.Size, r.Index, fmt.Sprintf(format, args...))
		}
		sz, err := mousemaze.ParseSize(r.Size)
		k := slices.Index(sizes, sz)
		if err != nil || k < 0 {
			return bad("size %q is not one of the hunt's, %s to %s", r.Size, sizes[0], sizes[len(sizes)-1])
		}
		switch {
		case r.Index < 0:
			return bad("index %d is negative", r.Index)
		case seen[key{sz.String(), r.Index}]:
			return bad("the run is listed twice")
		case r.From < 0 || r.Evals < 0 || r.Seconds < 0:
			return bad("from_turns %d, evals %d, seconds %g: none can be negative", r.From, r.Evals, r.Seconds)
		}
		seen[key{sz.String(), r.Index}] = true
		if want := runSeed(h.o.Grid.Seed, k, r.Index); r.Seed != want {
			return bad("seed %d, where the hunt gives this run seed %d", r.Seed, want)
		}
		if r.At != "" {
			if _, err := mousemaze.ParseOffset(r.At); err != nil {
				return bad("at %q: %v", r.At, err)
			}
		}
		if len(r.Walls) != sz.Rows {
			return bad("walls holds %d rows; a %s maze has %d", len(r.Walls), sz, sz.Rows)
		}
		m := mousemaze.Maze{Rows: sz.Rows, Cols: sz.Cols, Walls: r.Walls}
		if err := m.Validate(); err != nil {
			return bad("walls: %v", err)
		}
		res, err := mousemaze.Walk(m, h.o.Grid.Config)
		switch {
		case err != nil:
			return bad("walking its maze: %v", err)
		case !res.Feasible:
			return bad("its maze is infeasible: the mouse cannot reach the exit")
		case res.Turns != r.Turns:
			return bad("its maze walks %d turns, not the %d it records", res.Turns, r.Turns)
		}
	}
	return nil
}

// runSeed is the seed of run i of rung k of a hunt of seed seed.
func runSeed(seed uint64, k, i int) uint64 { return seed + uint64(k)<<20 + uint64(i) }

// turns is the walk length of m under cfg (0 for an infeasible maze).
func turns(m mousemaze.Maze, cfg mousemaze.Config) int64 {
	r, err := mousemaze.Walk(m, cfg)
	if err != nil || !r.Escaped {
		return 0
	}
	return r.Turns
}

// rung makes the runs of plans, Workers at once, skipping those the state
// holds as ended; it returns every ended run of the rung in plan order.
func (h *hunt) rung(ctx context.Context, plans []plan) ([]Run, bool, error) {
	out := make([]Run, len(plans))
	ended := make([]bool, len(plans))
	for i, p := range plans {
		if r, ok := h.ended(p.run); ok {
			out[i], ended[i] = r, true
		}
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	var firstErr error
	interrupted := false
	next := 0
	for w := 0; w < h.o.Workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				for next < len(plans) && ended[next] {
					next++
				}
				if next >= len(plans) || firstErr != nil || interrupted || ctx.Err() != nil {
					mu.Unlock()
					return
				}
				i := next
				next++
				mu.Unlock()
				r, stopped, err := h.runOne(plans[i])
				mu.Lock()
				switch {
				case err != nil:
					firstErr = cmp.Or(firstErr, err)
				case stopped:
					interrupted = true
				default:
					out[i], ended[i] = r, true
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if ctx.Err() != nil {
		interrupted = true
	}
	var done []Run
	for i := range plans {
		if ended[i] {
			done = append(done, out[i])
		}
	}
	return done, interrupted, firstErr
}

// ended returns the run of the state that r is, if it has ended.
func (h *hunt) ended(r Run) (Run, bool) {
	for _, e := range h.st.Runs {
		if e.Size == r.Size && e.Index == r.Index {
			return e, true
		}
	}
	return Run{}, false
}

// runPath is the checkpoint file of run r.
func (h *hunt) runPath(r Run) string {
	return filepath.Join(h.o.Dir, fmt.Sprintf("run-%s-%d.json", r.Size, r.Index))
}

// runOne makes the run of p, from its checkpoint when it has one; stopped
// reports a run stopped by a signal (its checkpoint saved).
func (h *hunt) runOne(p plan) (Run, bool, error) {
	g := h.o.Grid
	g.Size, _ = mousemaze.ParseSize(p.run.Size)
	g.Seed = p.run.Seed
	spec, err := g.Spec()
	if err != nil {
		return Run{}, false, err
	}
	ev, err := h.o.Open(spec)
	if err != nil {
		return Run{}, false, err
	}
	defer ev.Close()
	path := h.runPath(p.run)
	var search *dispatch.Search
	if _, serr := os.Stat(path); serr == nil {
		search, err = evolve.StartGrid(evolve.Start{Kind: RunKind, Version: Version, Checkpoint: path, Resume: true}, g, "", ev)
	} else {
		search, err = evolve.NewGrid(g, p.start, ev)
	}
	if err != nil {
		return Run{}, false, fmt.Errorf("%s run %d: %w", p.run.Size, p.run.Index, err)
	}
	_, out, err := evolve.RunGrid(evolve.Runner{Kind: RunKind, Version: Version, Checkpoint: path, Every: h.o.Every, InterruptAt: h.o.stopAt}, search, nil, nil, ev.Name())
	if err != nil {
		return Run{}, false, fmt.Errorf("%s run %d: %w", p.run.Size, p.run.Index, err)
	}
	if out.Interrupted {
		return Run{}, true, nil
	}
	r := p.run
	m, _ := dispatch.BestMaze(search)
	r.Walls, r.Turns = m.Walls, search.Best().Score.Turns
	r.Evals, r.Seconds = search.Evals(), out.Elapsed.Seconds()
	return r, false, h.finish(r, m)
}

// finish records the ended run r, whose best maze is m, in the state file
// and on Progress and Events.
func (h *hunt) finish(r Run, m mousemaze.Maze) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.st.Runs = append(h.st.Runs, r)
	if err := checkpoint.Save(statePath(h.o.Dir), h.st); err != nil {
		return err
	}
	os.Remove(h.runPath(r)) // the state file holds the run now
	if h.o.Progress != nil {
		from := "a random start"
		if r.From > 0 {
			from = fmt.Sprintf("a maze of %d turns at %s", r.From, cmp.Or(r.At, "0,0"))
		}
		fmt.Fprintf(h.o.Progress, "hunt %s run %d (seed %d, from %s): %d turns in %.0f s\n", r.Size, r.Index, r.Seed, from, r.Turns, r.Seconds)
	}
	if h.o.Events != nil {
		WriteEvent(h.o.Events, RunEvent{Event: "run", Run: r, Maze: m.String()})
	}
	return nil
}

// record writes best, the best of runs (of plans planned) into the
// records file when it beats the file's maze of its size, and reports the
// size on Progress and Events.
func (h *hunt) record(best Best, runs []Run, plans int) error {
	if best.Runs == 0 {
		return nil
	}
	written := false
	if h.o.Records != "" {
		// The file states the turns of a walk under its rules without a
		// cap (ReadRecords checks them): a capped run's turns are not.
		turns, err := walkRecord(best.Maze)
		if err != nil {
			return fmt.Errorf("--records: the best %s maze: %v", best.Size, err)
		}
		old, ok := h.records.Best(best.Size)
		if !ok || turns > old.Turns {
			r := runs[slices.IndexFunc(runs, func(r Run) bool { return r.Turns == best.Turns })]
			note := fmt.Sprintf("mousemaze hunt, run %d of %s (seed %d, %d evaluations, %.0f s)", r.Index, r.Size, r.Seed, r.Evals, r.Seconds)
			if r.From > 0 {
				note += fmt.Sprintf(", grown from a maze of %d turns placed at %s", r.From, cmp.Or(r.At, "0,0"))
			}
			if ok {
				note += fmt.Sprintf("; the record before had %d turns", old.Turns)
			}
			h.records.Put(Record{Maze: best.Maze, Turns: turns, Note: note})
			var buf bytes.Buffer
			if err := h.records.Write(&buf); err != nil {
				return err
			}
			if err := outfile.Write(h.o.Records, buf.Bytes()); err != nil {
				return fmt.Errorf("--records: %w", err)
			}
			written = true
		}
	}
	if h.o.Progress != nil {
		rec := ""
		if written {
			rec = "; a record, written to " + h.o.Records
		}
		fmt.Fprintf(h.o.Progress, "hunt %s: best %d turns, %d of %d runs ended%s\n", best.Size, best.Turns, best.Runs, plans, rec)
	}
	if h.o.Events != nil {
		WriteEvent(h.o.Events, SizeEvent{Event: "size", Size: best.Size.String(), Turns: best.Turns, Runs: best.Runs, Planned: plans, Record: written, Maze: best.Maze.String()})
	}
	return nil
}

// SizeEvent is the JSON line of a size whose runs have ended (hunt
// --json): its best maze, and whether it went into the records file.
type SizeEvent struct {
	Event   string `json:"event"`
	Size    string `json:"size"`
	Turns   int64  `json:"turns"`
	Runs    int    `json:"runs"`
	Planned int    `json:"planned"`
	Record  bool   `json:"record"`
	Maze    string `json:"maze"`
}

// grown returns the mazes of size sz that the next rung grows: the best
// Keep distinct mazes of runs (best first, ties in run order), and the
// records file's maze of that size when it is not among them.
func (h *hunt) grown(sz mousemaze.Size, runs []Run) []mousemaze.Maze {
	sorted := slices.Clone(runs)
	slices.SortStableFunc(sorted, func(a, b Run) int { return cmp.Compare(b.Turns, a.Turns) })
	var out []mousemaze.Maze
	has := func(m mousemaze.Maze) bool {
		return slices.ContainsFunc(out, func(o mousemaze.Maze) bool { return o.Equal(m) })
	}
	for _, r := range sorted {
		m := mousemaze.Maze{Rows: sz.Rows, Cols: sz.Cols, Walls: r.Walls}
		if len(out) < h.o.Keep && !has(m) && r.Turns > 0 {
			out = append(out, m)
		}
	}
	if rec, ok := h.records.Best(sz); ok && !has(rec.Maze) {
		out = append(out, rec.Maze)
	}
	return out
}

// bestOf is the best of runs, all of size sz.
func bestOf(sz mousemaze.Size, runs []Run) Best {
	b := Best{Size: sz, Runs: len(runs)}
	for _, r := range runs {
		if r.Turns > b.Turns {
			b.Turns, b.Maze = r.Turns, mousemaze.Maze{Rows: sz.Rows, Cols: sz.Cols, Walls: r.Walls}
		}
	}
	return b
}

// RunEvent is the JSON line of a run that ended (hunt --json): the run
// and its best maze in the text format.
type RunEvent struct {
	Event string `json:"event"`
	Run
	Maze string `json:"maze"`
}

// WriteEvent writes v as one JSON line to w.
func WriteEvent(w io.Writer, v any) {
	data, err := json.Marshal(v)
	if err == nil {
		w.Write(append(data, '\n'))
	}
}

// sizeLine is one size of hunt --json's final line.
type sizeLine struct {
	Size  string `json:"size"`
	Turns int64  `json:"turns"`
	Runs  int    `json:"runs"`
	Maze  string `json:"maze"`
}

// Write prints the best maze of every size: a table and the mazes, or
// with asJSON the "done" line of hunt --json.
func (r Result) Write(w io.Writer, asJSON bool) {
	if asJSON {
		var sizes []sizeLine
		for _, b := range r.Sizes {
			sizes = append(sizes, sizeLine{Size: b.Size.String(), Turns: b.Turns, Runs: b.Runs, Maze: b.Maze.String()})
		}
		WriteEvent(w, struct {
			Event       string     `json:"event"`
			Sizes       []sizeLine `json:"sizes"`
			Interrupted bool       `json:"interrupted,omitempty"`
		}{"done", sizes, r.Interrupted})
		return
	}
	for _, b := range r.Sizes {
		fmt.Fprintf(w, "; %s turns %d (the best of %d runs)\n", b.Size, b.Turns, b.Runs)
		if b.Runs > 0 {
			fmt.Fprint(w, b.Maze.String())
		}
	}
}
