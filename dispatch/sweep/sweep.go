package sweep

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/bits"
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch/checkpoint"
	"github.com/mousemaze/mousemaze/internal/cpuprofile"
)

// Errors returned by Run and Merge, tested with errors.Is.
var (
	// ErrOptions reports options that do not describe a sweep.
	ErrOptions = errors.New("sweep: invalid options")
	// ErrCheckpoint reports a checkpoint that belongs to another sweep, or
	// one that a run without Resume would overwrite.
	ErrCheckpoint = errors.New("sweep: checkpoint does not match this sweep")
	// ErrSave wraps the error of a final checkpoint that could not be
	// written; Run returns it with the complete report.
	ErrSave = errors.New("sweep: checkpoint not saved")
	// ErrProfile wraps the error of a CPU profile (Options.CPUProfile)
	// that could not be written; Run returns it with the report.
	ErrProfile = errors.New("sweep: CPU profile not written")
)

// MaxCells is the largest number of cells a swept grid may have: prefixes
// of the search tree are kept in 64 bits and counts in 128 bits.
const MaxCells = 64

// Options describe a sweep.
type Options struct {
	// Size is the grid to sweep.
	Size mousemaze.Size
	// Config gives the preference order and the end columns; Cap and Heat
	// are ignored.
	Config mousemaze.Config
	// FreeEnds sweeps every pair of entry and exit columns and reports the
	// best pair; Config.Entry and Config.Exit are then ignored.
	FreeEnds bool
	// Workers is the number of goroutines; 0 means one per CPU.
	Workers int
	// Shard and Shards select part Shard of Shards (0 ≤ Shard < Shards) of
	// the tasks: task i belongs to shard i mod Shards. Shards 0 means 1.
	Shard, Shards int
	// SplitDepth cuts the tree into tasks at this many decisions; 0 picks
	// the smallest depth that gives at least TargetTasks tasks per pair.
	SplitDepth int
	// Checkpoint names a file to which the state is saved every
	// CheckpointEvery (default 30 s) and at the end; Resume starts from it.
	Checkpoint      string
	CheckpointEvery time.Duration
	Resume          bool
	// Force lets a new sweep (not Resume) overwrite a checkpoint file
	// that exists.
	Force bool
	// Progress, when not nil, receives a progress bar or progress lines.
	Progress io.Writer
	// BestOnly cuts every subtree whose mazes provably cannot reach
	// Incumbent turns (see bounder). The report's optimum, its classes
	// and mazes and the first optimal maze are then those of the full
	// sweep, while the histogram below the incumbent is partial (the cut
	// mazes are counted in PrunedMazes). Incumbent must be the turns of
	// some maze of the size under the rules (of some pair, with FreeEnds):
	// Run fails if no maze reaches it.
	BestOnly  bool
	Incumbent int64
	// Runner, when not nil, runs the tasks in batches of its BatchTasks
	// (a GPU: OpenRunner("cuda")); the report is the one the CPU engines
	// give. Best-only sweeps still run on the CPU engines: the runners
	// have no bound.
	Runner TaskRunner
	// CPUProfile, when not empty, names a file to which Run writes a CPU
	// profile of the sweep (runtime/pprof).
	CPUProfile string
}

// MaxWorkers bounds Options.Workers: every worker has its goroutine and
// its share of the result channel, so a mistyped count is an error rather
// than a process killed for memory.
const MaxWorkers = 1 << 16

// TargetTasks is the number of tasks that the automatic split depth aims
// at, shared among the pairs of end columns (but at least MinPairTasks per
// pair): enough to balance workers and shards and to checkpoint often, few
// enough that splitting and entering tasks cost next to nothing.
const TargetTasks = 1 << 16

// MinPairTasks is the fewest tasks per pair the automatic split aims at.
const MinPairTasks = 1 << 10

// pairTarget is the automatic split's aim per pair when n pairs share a
// sweep.
func pairTarget(n int) int { return max(TargetTasks/max(n, 1), MinPairTasks) }

// task is one subtree of the search: a node of one pair's tree.
type task struct {
	pair int
	node prefix
}

// taskResult is the tally of a batch of finished tasks of one pair:
// todo[from:to].
type taskResult struct {
	from, to   int // the batch's positions in the work list
	index      int // the task that holds the best leaf (the first of them)
	pair       int
	leaves     uint64
	steps      uint64
	infeasible Count
	pruned     Count
	hist       []Bucket
	best       int64
	maze       string
	class      string
	err        error // the runner failed; the batch is not done
	cut        bool  // the sweep was stopped inside the batch; it is not done
}

// state is what a checkpoint holds.
type state struct {
	Key      string       `json:"key"`
	Done     [][2]int     `json:"done"` // finished task indices as [from, to) ranges
	Pairs    []PairReport `json:"pairs"`
	ElapsedS float64      `json:"elapsed_s"`
}

// pairs returns the end-column pairs the options sweep.
func (o *Options) pairs() []mousemaze.Config {
	cfg := mousemaze.Config{Order: o.Config.Order.Resolve(), Entry: o.Config.Entry, Exit: o.Config.Exit}
	if !o.FreeEnds {
		return []mousemaze.Config{cfg}
	}
	var out []mousemaze.Config
	for en := 0; en < o.Size.Cols; en++ {
		for ex := 0; ex < o.Size.Cols; ex++ {
			cfg.Entry, cfg.Exit = en, ex
			out = append(out, cfg)
		}
	}
	return out
}

func (o *Options) check() error {
	if err := o.Size.Validate(); err != nil {
		return fmt.Errorf("%w: %v", ErrOptions, err)
	}
	if o.Size.Cells() > MaxCells {
		return fmt.Errorf("%w: %s has %d cells, at most %d can be swept", ErrOptions, o.Size, o.Size.Cells(), MaxCells)
	}
	if !o.FreeEnds {
		if err := o.Config.Validate(o.Size.Cols); err != nil {
			return fmt.Errorf("%w: %v", ErrOptions, err)
		}
	} else if !o.Config.Order.Valid() {
		return fmt.Errorf("%w: bad order", ErrOptions)
	}
	if o.Shards < 0 || o.Shards == 0 && o.Shard != 0 || o.Shards > 0 && (o.Shard < 0 || o.Shard >= o.Shards) {
		return fmt.Errorf("%w: shard %d/%d", ErrOptions, o.Shard, o.Shards)
	}
	if o.Workers < 0 || o.Workers > MaxWorkers {
		return fmt.Errorf("%w: %d workers: want 0 (one per CPU) to %d", ErrOptions, o.Workers, MaxWorkers)
	}
	if o.SplitDepth < 0 || o.SplitDepth > o.Size.Cells() {
		return fmt.Errorf("%w: split depth %d outside 0..%d", ErrOptions, o.SplitDepth, o.Size.Cells())
	}
	if o.Resume && o.Checkpoint == "" {
		return fmt.Errorf("%w: resume needs a checkpoint file", ErrOptions)
	}
	if o.BestOnly && o.Incumbent < 1 || !o.BestOnly && o.Incumbent != 0 {
		return fmt.Errorf("%w: best-only needs an incumbent of at least 1 turn (got best-only %v, incumbent %d)", ErrOptions, o.BestOnly, o.Incumbent)
	}
	if o.BestOnly && o.Runner != nil {
		return fmt.Errorf("%w: --best-only runs on the CPU engines only (the bound is not on the device): drop --backend", ErrOptions)
	}
	return nil
}

// splitTasks cuts one pair's tree into tasks: at depth, or when depth is
// 0 at the first depth with target tasks, or whose split no longer grows.
// The task counts of every depth up to a bound come from one walk of the
// tree (splitTop), which also lists the tasks of the bound's depth (up to
// 4·target of them), so only a shallower chosen depth is split again.
func splitTasks(e treeSplitter, depth, target int) ([]prefix, int) {
	if depth > 0 {
		return e.splitInto(nil, depth), depth
	}
	d, n, top := autoDepth(e, target)
	if top != nil {
		return top, d
	}
	return e.splitInto(make([]prefix, 0, n), d), d
}

// autoDepth returns the automatic split depth of e for target tasks (see
// splitTasks) and the number of tasks there, with the tasks themselves
// when the counting listed them (nil otherwise).
func autoDepth(e treeSplitter, target int) (depth, count int, top []prefix) {
	for hi := bits.Len(uint(target)) + 4; ; hi += 4 {
		hi = min(hi, MaxCells)
		counts, listed := e.splitTop(hi, 4*target)
		for d := 1; d <= hi; d++ {
			if counts[d] >= target || d >= 2 && counts[d] == counts[d-1] || d >= MaxCells {
				if d == hi {
					return d, counts[d], listed
				}
				return d, counts[d], nil
			}
		}
	}
}

// TaskCount returns the number of tasks Run cuts the sweep of sz under
// cfg into (with freeEnds, of every pair of end columns; only cfg's order
// counts then) at split depth depth, or with depth 0 at the depth Run
// picks: the most shards the sweep can use. It counts without listing the
// tasks and stops once the count passes limit, returning a number above
// limit, so that its work stays within a few times limit tasks. cfg must
// be valid for sz and depth within 0..sz.Cells().
func TaskCount(sz mousemaze.Size, cfg mousemaze.Config, freeEnds bool, depth, limit int) int {
	o := Options{Size: sz, Config: cfg, FreeEnds: freeEnds}
	cfgs := o.pairs()
	total := 0
	for _, c := range cfgs {
		e := newSplitter(sz, c, newEngine(sz, c))
		d := depth
		if d == 0 {
			var n int
			d, n, _ = autoDepth(e, pairTarget(len(cfgs)))
			total += n
		} else {
			total += countSplit(e, d, limit-total)
		}
		if total > limit {
			break
		}
	}
	return total
}

// testHookTask, when set by a test, runs as each finished task is collected.
var testHookTask func()

// Run sweeps the grid and returns the report. When ctx is cancelled it
// stops, saves the checkpoint (if any) and returns ctx.Err().
func Run(ctx context.Context, o Options) (_ *Report, err error) {
	stop, err := cpuprofile.Start(o.CPUProfile)
	if err != nil {
		return nil, err
	}
	defer func() {
		if e := stop(); e != nil && err == nil {
			err = fmt.Errorf("%w: %w", ErrProfile, e)
		}
	}()
	if err := o.check(); err != nil {
		return nil, err
	}
	r := newSweepRun(o)
	if err := r.resume(); err != nil {
		return nil, err
	}
	runErr := r.collect(ctx)
	saveErr := r.save()
	if runErr != nil {
		return nil, errors.Join(runErr, saveErr)
	}
	if err := ctx.Err(); err != nil {
		return nil, errors.Join(err, saveErr)
	}
	if err := r.mazesFound(); err != nil {
		return nil, err
	}
	if saveErr != nil {
		saveErr = fmt.Errorf("%w: %w", ErrSave, saveErr)
	}
	rep := r.rep
	rep.ElapsedS = r.prevElapsed + time.Since(r.start).Seconds()
	if o.FreeEnds {
		rep.Pairs = r.acc
		rep.setBest()
	} else {
		rep.PairReport = r.acc[0]
	}
	if o.BestOnly && o.Shards <= 1 && rep.OptimumTurns < o.Incumbent {
		return nil, fmt.Errorf("%w: no maze reaches the incumbent's %d turns (the best has %d): the incumbent must be the turns of a real maze", ErrOptions, o.Incumbent, rep.OptimumTurns)
	}
	return rep, saveErr
}

// sweepRun is one Run: the tasks of every (entry, exit) pair, what is done
// and the tallies so far.
type sweepRun struct {
	o           Options
	start       time.Time
	shards      int
	cfgs        []mousemaze.Config
	engines     []*engine
	all         []task       // every pair's tasks; a shard takes every shards-th
	acc         []PairReport // the tallies, one per pair
	done        []bool       // by task
	key         string       // what a checkpoint must be of
	prevElapsed float64      // seconds of the runs before a resume
	rep         *Report
}

// newSweepRun cuts every pair's tree into tasks.
func newSweepRun(o Options) *sweepRun {
	r := &sweepRun{o: o, start: time.Now(), shards: max(o.Shards, 1), cfgs: o.pairs()}
	r.rep = &Report{Rows: o.Size.Rows, Cols: o.Size.Cols, Order: r.cfgs[0].Order.String(), FreeEnds: o.FreeEnds, BestOnly: o.BestOnly, Incumbent: o.Incumbent}
	if o.Shards > 0 {
		r.rep.Shard = fmt.Sprintf("%d/%d", o.Shard, o.Shards)
	}
	r.acc = make([]PairReport, len(r.cfgs))
	r.engines = make([]*engine, len(r.cfgs))
	split := make([][]prefix, len(r.cfgs))
	n := 0
	for j, cfg := range r.cfgs {
		r.engines[j] = newEngine(o.Size, cfg)
		ps, d := splitTasks(newSplitter(o.Size, cfg, r.engines[j]), o.SplitDepth, pairTarget(len(r.cfgs)))
		r.acc[j] = PairReport{Entry: cfg.Entry, Exit: cfg.Exit, SplitDepth: d}
		split[j], n = ps, n+len(ps)
	}
	r.all = make([]task, 0, n)
	for j, ps := range split {
		for _, p := range ps {
			r.all = append(r.all, task{pair: j, node: p})
		}
	}
	r.rep.TotalTasks = len(r.all)
	r.key = fmt.Sprintf("%s order=%s free=%v entry=%d exit=%d shard=%d/%d split=%d tasks=%d",
		o.Size, r.rep.Order, o.FreeEnds, o.Config.Entry, o.Config.Exit, o.Shard, r.shards, o.SplitDepth, len(r.all))
	if o.BestOnly {
		r.key += fmt.Sprintf(" best-only incumbent=%d", o.Incumbent)
	}
	r.done = make([]bool, len(r.all))
	return r
}

// resume refuses to overwrite a checkpoint without Resume or Force, and
// with Resume takes the done tasks and tallies of the checkpoint (when it
// exists).
func (r *sweepRun) resume() error {
	o := r.o
	if o.Checkpoint != "" && !o.Resume && !o.Force {
		if _, err := os.Stat(o.Checkpoint); err == nil {
			return mousemaze.Usage(fmt.Errorf("%w: %s exists: resume from it, or remove it", ErrCheckpoint, o.Checkpoint))
		}
	}
	if !o.Resume {
		return nil
	}
	var st state
	if err := checkpoint.LoadKind(o.Checkpoint, checkpoint.KindSweep, &st); errors.Is(err, os.ErrNotExist) {
		return nil
	} else if errors.Is(err, checkpoint.ErrKind) {
		return mousemaze.Usage(err)
	} else if err != nil {
		if err := jsonError(err); errors.Is(err, ErrCorrupt) {
			return damaged(o.Checkpoint, err)
		}
		return err
	}
	if st.Key != r.key || len(st.Pairs) != len(r.acc) {
		// The user's file belongs to another sweep: bad usage (exit 2),
		// as evolve's checkpoint of another search is.
		return mousemaze.Usage(fmt.Errorf("%w: %s is for %q, this sweep is %q", ErrCheckpoint, o.Checkpoint, st.Key, r.key))
	}
	if err := r.checkState(&st); err != nil {
		clear(r.done)
		return damaged(o.Checkpoint, err)
	}
	r.acc, r.prevElapsed = st.Pairs, st.ElapsedS
	return nil
}

// damaged returns the error of the checkpoint file whose field err
// names is not one a sweep writes.
func damaged(file string, err error) error {
	return fmt.Errorf("%w (the checkpoint is damaged: remove it to start the sweep afresh)", inFile(file, err))
}

// checkState checks the checkpoint st of this sweep (its key matches)
// and marks its done tasks in r.done. The done ranges must lie within
// the sweep's tasks, hold only this shard's and none twice; each pair's
// tally must cover exactly its done tasks, as PairReport.check checks
// (an optimal maze may be missing only while a task of its pair is left).
func (r *sweepRun) checkState(st *state) error {
	if math.IsNaN(st.ElapsedS) || math.IsInf(st.ElapsedS, 0) || st.ElapsedS < 0 {
		return corrupt("elapsed_s", "%v: want a number of seconds, 0 or more", st.ElapsedS)
	}
	for k, rg := range st.Done {
		field := fmt.Sprintf("done[%d]", k)
		if rg[0] < 0 || rg[1] > len(r.all) || rg[0] >= rg[1] {
			return corrupt(field, "[%d, %d]: want a range [from, to) of tasks with 0 ≤ from < to ≤ %d", rg[0], rg[1], len(r.all))
		}
		for i := rg[0]; i < rg[1]; i++ {
			if i%r.shards != r.o.Shard {
				return corrupt(field, "task %d is shard %d/%d's, and this sweep is shard %d/%d", i, i%r.shards, r.shards, r.o.Shard, r.shards)
			}
			if r.done[i] {
				return corrupt(field, "task %d is listed twice", i)
			}
			r.done[i] = true
		}
	}
	first := 0
	for j := range r.cfgs {
		end, done, left := first, 0, false
		for end < len(r.all) && r.all[end].pair == j {
			if r.done[end] {
				done++
			} else if end%r.shards == r.o.Shard {
				left = true
			}
			end++
		}
		a, b := first, end
		w := pairRules{sz: r.o.Size, cfg: r.cfgs[j], depth: r.acc[j].SplitDepth, bestOnly: r.o.BestOnly,
			tasks: done, pending: left, whole: r.shards == 1 && !left,
			tasksAre: fmt.Sprintf("tasks of entry %d, exit %d that done lists", r.cfgs[j].Entry, r.cfgs[j].Exit),
			covers:   func(i int) bool { return i >= a && i < b && r.done[i] }}
		if err := within(fmt.Sprintf("pairs[%d]", j), st.Pairs[j].check(w)); err != nil {
			return err
		}
		first = end
	}
	return nil
}

// mazesFound checks, once every task is done, that every pair with an
// optimum has its optimal maze. A checkpoint may leave a pair's maze out
// while a better task of the pair is still to run (see
// PairReport.check); a resumed run that ends without finding a better
// one shows that the checkpoint left it out wrongly.
func (r *sweepRun) mazesFound() error {
	if !r.o.Resume {
		return nil
	}
	for j, p := range r.acc {
		if p.OptimumTurns > 0 && p.OptimalMaze == "" {
			return damaged(r.o.Checkpoint, corrupt(fmt.Sprintf("pairs[%d].optimal_maze", j),
				"missing for the optimum of %d turns, and no task left to run found a better maze", p.OptimumTurns))
		}
	}
	return nil
}

// save writes the checkpoint, if any: the done tasks as ranges, the
// tallies and the seconds so far.
func (r *sweepRun) save() error {
	if r.o.Checkpoint == "" {
		return nil
	}
	st := state{Key: r.key, Pairs: r.acc, ElapsedS: r.prevElapsed + time.Since(r.start).Seconds()}
	for i := 0; i < len(r.done); {
		if !r.done[i] {
			i++
			continue
		}
		j := i
		for j < len(r.done) && r.done[j] {
			j++
		}
		st.Done = append(st.Done, [2]int{i, j})
		i = j
	}
	return checkpoint.Save(r.o.Checkpoint, st)
}

// todo returns this shard's unfinished tasks, in tree order.
func (r *sweepRun) todo() []int {
	var todo []int
	for i := range r.all {
		if i%r.shards == r.o.Shard && !r.done[i] {
			todo = append(todo, i)
		}
	}
	return todo
}

// collect runs this shard's unfinished tasks on the workers and adds up
// their tallies, saving the checkpoint every CheckpointEvery, until they
// are done, ctx ends or a runner fails (that error is returned). The
// progress display, if any, reads the workers' counters on its own ticker
// (see sweepProgress): the workers never wait for it.
func (r *sweepRun) collect(ctx context.Context) error {
	o := r.o
	todo := r.todo()
	workers := o.Workers
	if workers == 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var bound *bounder
	if o.BestOnly {
		bound = newBounder(o.Incumbent, o.Size, r.cfgs[0], o.FreeEnds)
	}
	// The best turns per pair so far (with those of a resumed checkpoint),
	// so that workers skip the maze text of tasks that cannot hold the
	// optimum.
	best := make([]atomic.Int64, len(r.cfgs))
	for j := range r.acc {
		best[j].Store(r.acc[j].OptimumTurns)
	}
	results := make(chan []taskResult, 4*workers)
	live := make([]liveCount, workers)
	var next atomic.Int64
	var wg sync.WaitGroup
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var runErr error // the first batch a runner failed
	batch := cpuBatch(len(todo), workers)
	if o.Runner != nil {
		batch = max(o.Runner.BatchTasks(), 1)
	}
	// stop is set once ctx ends: the engines look at it every stopEvery
	// nodes, so that a task of minutes is cut within milliseconds (and
	// left undone, to be run again by a resumed sweep).
	var stop atomic.Bool
	defer context.AfterFunc(ctx, func() { stop.Store(true) })()
	for w := range workers {
		wg.Go(func() { work(ctx, o, r.cfgs, r.all, todo, batch, &next, results, bound, best, &stop, &live[w]) })
	}
	go func() { wg.Wait(); close(results) }()
	every := o.CheckpointEvery
	if every <= 0 {
		every = 30 * time.Second
	}
	tick := time.NewTicker(every)
	defer tick.Stop()
	prog := r.newProgress(live)
	var progTick <-chan time.Time
	if prog != nil {
		t := time.NewTicker(progressEvery)
		defer t.Stop()
		progTick = t.C
	}
	for {
		var rs []taskResult
		select {
		case <-tick.C:
			r.save() // a failed save is tried again; the final one reports it
			continue
		case <-progTick:
			prog.show()
			continue
		case got, ok := <-results:
			if !ok {
				prog.finish()
				return runErr
			}
			rs = got
		}
		for k := range rs {
			res := &rs[k]
			if res.err != nil {
				if runErr == nil {
					runErr = res.err
					cancel()
				}
				continue
			}
			if testHookTask != nil {
				testHookTask()
			}
			r.acc[res.pair].addTask(res)
			for _, i := range todo[res.from:res.to] {
				r.done[i] = true
			}
			prog.add(todo[res.from:res.to])
		}
	}
}

// liveCount is what a worker has counted, for the progress display: the
// leaves of its finished batches, and those of the batch it runs, which
// its engine publishes every stopEvery leaves.
type liveCount struct {
	done, cur atomic.Uint64
}

// batchTasks is the fewest consecutive tasks a worker takes at a time and
// reports as one tally, and maxBatchTasks the most: cpuBatch picks
// between them.
const (
	batchTasks    = 16
	maxBatchTasks = 256
)

// batchesPerWorker is how many batches cpuBatch aims to give each worker:
// enough to balance the workers at the end of the sweep.
const batchesPerWorker = 64

// cpuBatch returns how many consecutive tasks a worker of the CPU
// engines takes at a time, when n tasks are shared among workers: about
// n/(batchesPerWorker·workers), from batchTasks to maxBatchTasks. Each
// batch's tally is built, handed over and merged into the report, which
// on 6×6 with batches of 16 (6,182 of them) cost about 3% of the sweep;
// the task list, and so the checkpoints, do not depend on it.
func cpuBatch(n, workers int) int {
	return min(max(n/(batchesPerWorker*max(workers, 1)), batchTasks), maxBatchTasks)
}

// stopEvery is how many nodes (the reference engine) or leaves (the fast
// engines) a CPU engine visits between two looks at the stop flag, a
// power of two: a few microseconds of work (tens, for the fast engines'
// leaves), and where a fast engine publishes its count of leaves for the
// progress display.
const stopEvery = 1 << 10

// sendEvery and sendBatches bound how long a worker keeps the tallies of
// its finished batches before it hands them to the collector: a hand-over
// wakes the collector's goroutine, which costs more than a small batch.
const (
	sendEvery   = 20 * time.Millisecond
	sendBatches = 64
)

// work runs tasks taken from todo, batch at a time, until none is left or
// ctx is cancelled (stop is then set, and a batch that the engines cut
// is not reported: it is not done). It hands the tallies of its batches
// to out every sendEvery or sendBatches batches, and the rest when it
// returns. Each worker has its own engines; the only shared state is the
// counter (and the best turns per pair, stop, o.Runner, and live, its
// counts for the progress display).
func work(ctx context.Context, o Options, cfgs []mousemaze.Config, all []task, todo []int, batch int, next *atomic.Int64, out chan<- []taskResult, bound *bounder, best []atomic.Int64, stop *atomic.Bool, live *liveCount) {
	runners := make([]*runner, len(cfgs))
	var held []taskResult
	sent := time.Now()
	defer func() {
		if len(held) > 0 {
			out <- held
		}
	}()
	for {
		k0 := int(next.Add(int64(batch)) - int64(batch))
		if k0 >= len(todo) || ctx.Err() != nil {
			return
		}
		k1 := min(k0+batch, len(todo))
		for k0 < k1 {
			// One tally per run of tasks of the same pair.
			pair := all[todo[k0]].pair
			k := k0
			for k < k1 && all[todo[k]].pair == pair {
				k++
			}
			r := runners[pair]
			if r == nil {
				r = newRunner(o.Size, cfgs[pair])
				r.bound = bound
				if bound == nil {
					r.dev = o.Runner
				}
				r.best = &best[pair]
				r.stop = stop
				r.setLive(&live.cur)
				runners[pair] = r
			}
			res := r.run(all, todo[k0:k], pair)
			if res.cut {
				return
			}
			live.done.Add(res.leaves)
			live.cur.Store(0)
			res.from, res.to = k0, k
			held = append(held, res)
			if len(held) >= sendBatches || res.err != nil || time.Since(sent) >= sendEvery {
				out <- held
				held, sent = nil, time.Now()
			}
			k0 = k
		}
	}
}

// runner runs tasks of one pair on the fastest engine that fits the grid,
// and on the reference engine when a fast engine's walk passes its cap.
type runner struct {
	sz     mousemaze.Size
	cfg    mousemaze.Config
	f6     *fast[uint8, [64]uint8]
	f8     *fast[uint8, [128]uint8]
	f16    *fast[uint16, [128]uint16]
	ref    *engine
	bound  *bounder
	dev    TaskRunner     // runs the tasks when not nil (device.go)
	escals int            // batches run again by a wider engine
	best   *atomic.Int64  // the most turns any finished task of the pair reached, shared by the workers
	stop   *atomic.Bool   // when set, the CPU engines cut their task (nil: never)
	live   *atomic.Uint64 // where the fast engines publish their leaves (nil: nowhere)
}

// newRunner returns a runner for sz under cfg.
func newRunner(sz mousemaze.Size, cfg mousemaze.Config) *runner {
	r := &runner{sz: sz, cfg: cfg}
	if fastFits(sz) {
		switch {
		case (sz.Rows+2)*(sz.Cols+2) <= 64:
			r.f6 = newFast[uint8, [64]uint8](sz, cfg)
		case sz.Cells() <= 49:
			r.f8 = newFast[uint8, [128]uint8](sz, cfg)
		default:
			r.f16 = newFast[uint16, [128]uint16](sz, cfg)
		}
	}
	return r
}

// setLive gives r's engines the counter to which they publish the leaves
// of the batch they run, every stopEvery leaves.
func (r *runner) setLive(cur *atomic.Uint64) {
	if r.f6 != nil {
		r.f6.live = cur
	}
	if r.f8 != nil {
		r.f8.live = cur
	}
	if r.f16 != nil {
		r.f16.live = cur
	}
	r.live = cur
}

// skipBelow returns the turns below which a task's best maze cannot be
// the pair's optimum: the best any finished task reached.
func (r *runner) skipBelow() int64 {
	if r.best == nil {
		return 0
	}
	return r.best.Load()
}

// run runs the tasks all[i] for i in idx, all of pair, and returns their
// tally.
func (r *runner) run(all []task, idx []int, pair int) taskResult {
	res := r.runOnce(all, idx, pair)
	if r.best != nil && !res.cut {
		for b := r.best.Load(); res.best > b && !r.best.CompareAndSwap(b, res.best); b = r.best.Load() {
		}
	}
	return res
}

// runOnce runs the tasks on r.dev, or on the CPU engines.
func (r *runner) runOnce(all []task, idx []int, pair int) taskResult {
	if r.dev != nil {
		return r.runDevice(all, idx, pair)
	}
	return r.runCPU(all, idx, pair)
}

// stopped reports whether r's stop flag is set.
func (r *runner) stopped() bool { return r.stop != nil && r.stop.Load() }

// runCPU runs the tasks on the first CPU engine that completes them all.
// When the stop flag cuts them, it returns a result with cut set and no
// tally: none of the tasks is done.
func (r *runner) runCPU(all []task, idx []int, pair int) taskResult {
	if r.f6 != nil {
		if res, ok := runOrEscalate(r, r.f6, all, idx, pair); ok {
			return res
		}
	}
	if r.f8 != nil {
		if res, ok := runOrEscalate(r, r.f8, all, idx, pair); ok {
			return res
		}
	}
	if r.f6 != nil || r.f8 != nil || r.f16 != nil {
		if r.f16 == nil {
			r.f16 = newFast[uint16, [128]uint16](r.sz, r.cfg)
			r.f16.live = r.live
		}
		if res, ok := runOrEscalate(r, r.f16, all, idx, pair); ok {
			return res
		}
	}
	if r.ref == nil {
		r.ref = newEngine(r.sz, r.cfg)
	}
	r.ref.cutFlag = r.stop
	for _, i := range idx {
		r.ref.curIndex = i
		r.ref.runTask(all[i].node)
		if r.stopped() {
			r.ref.clearTally()
			return taskResult{pair: pair, cut: true}
		}
	}
	return r.ref.result(pair)
}

// runOrEscalate runs the tasks on the fast engine f of r. It returns
// their result and true when f completes them all, or a result with cut
// set and true when the stop flag cuts them; otherwise a walk passed f's
// turn cap, and it counts an escalation and returns false, for the next
// engine to run them.
func runOrEscalate[T counter, A keys[T]](r *runner, f *fast[T, A], all []task, idx []int, pair int) (taskResult, bool) {
	if runFast(f, all, idx, r.bound, r.stop) {
		return f.result(pair, r.skipBelow()), true
	}
	if r.stopped() {
		return taskResult{pair: pair, cut: true}, true
	}
	r.escals++
	return taskResult{}, false
}

// runFast runs the tasks on f, accumulating one tally; when a walk passes
// f's turn cap, or stop (when not nil) cuts a task, it clears the tally and
// returns false.
func runFast[T counter, A keys[T]](f *fast[T, A], all []task, idx []int, bound *bounder, stop *atomic.Bool) bool {
	f.bound, f.stop = bound, stop
	for _, i := range idx {
		f.curIndex = i
		if !f.runTask(all[i].node) {
			f.clearTally()
			return false
		}
	}
	return true
}

// result returns the tally of the tasks run since the last call and
// clears it.
func (e *engine) result(pair int) taskResult {
	return e.tally.result(pair, 0, e.maze)
}
