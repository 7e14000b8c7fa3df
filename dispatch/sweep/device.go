package sweep

import (
	"errors"
	"fmt"
	"sort"
	"sync"

	"github.com/mousemaze/mousemaze"
)

// # Handing tasks to another engine
//
// A TaskRunner runs whole tasks somewhere else than the CPU engines of
// this package: on a GPU (package cuda registers "cuda") or in an
// emulation of one (package kernels). Run hands it batches of one pair's
// tasks (Options.Runner) and turns what it returns into the same tally the
// CPU engines give: the tasks it could not finish (a walk past its
// counters' cap) are run again here, and the first optimal maze is found
// by running the task that holds it once more on the CPU engine, which
// gives the maze text exactly as a CPU sweep reports it. Package sweep
// imports no runner; they register themselves by name, as the evaluator
// backends do.

// Task is a node of a pair's search tree, handed to a TaskRunner: the
// decisions from the root (bit i set when decision i took the wall
// branch), Len of them. The runner searches the whole subtree below it.
type Task struct {
	Bits uint64
	Len  int
}

// TaskTally is what a TaskRunner found in a batch of tasks.
type TaskTally struct {
	// Leaves, Steps, Infeasible and Histogram count as a PairReport's
	// fields of the same names, over the finished tasks only.
	Leaves     uint64
	Steps      uint64
	Infeasible Count
	Histogram  []Bucket // by increasing turns, no empty bucket
	// Best holds, per task of the batch, the most turns of its leaves
	// counted above (0 when none).
	Best []int32
	// Unfinished lists the nodes the runner left (a walk past its
	// counters' cap): whole tasks or parts of them, counted nowhere
	// above (but for the steps above parts, which Steps holds), which
	// Run runs on the CPU.
	Unfinished []Subtask
}

// Subtask is a node of the tree below (or at) task Of of a batch.
type Subtask struct {
	Of   int
	Task Task
}

// A TaskRunner runs batches of sweep tasks. RunTasks may be called from
// several goroutines at once.
type TaskRunner interface {
	// RunTasks searches the subtrees below tasks, nodes of the tree of
	// sz under cfg (entry and exit as set there), and returns their tally.
	RunTasks(sz mousemaze.Size, cfg mousemaze.Config, tasks []Task) (TaskTally, error)
	// BatchTasks is how many tasks the runner wants in one call.
	BatchTasks() int
}

var (
	runnersMu sync.RWMutex
	runners   = map[string]func() (TaskRunner, error){}
)

// RegisterRunner makes a TaskRunner available by name to OpenRunner; open
// returns a new one (or the error saying why this binary or machine has
// none). Registering a name twice panics.
func RegisterRunner(name string, open func() (TaskRunner, error)) {
	runnersMu.Lock()
	defer runnersMu.Unlock()
	if _, dup := runners[name]; dup {
		panic("sweep: RegisterRunner called twice for " + name)
	}
	runners[name] = open
}

// ErrRunner reports a --backend that no TaskRunner answers to.
var ErrRunner = errors.New("sweep: unknown backend")

// OpenRunner returns the runner registered as name, or nil for "cpu" (the
// engines of this package). Its error wraps ErrRunner, and lists the
// names, when name is unknown.
func OpenRunner(name string) (TaskRunner, error) {
	if name == "cpu" {
		return nil, nil
	}
	runnersMu.RLock()
	open, ok := runners[name]
	names := []string{"cpu"}
	for n := range runners {
		names = append(names, n)
	}
	runnersMu.RUnlock()
	if !ok {
		sort.Strings(names[1:])
		return nil, fmt.Errorf("%w %q: want one of %v", ErrRunner, name, names)
	}
	return open()
}

// SplitTasks returns the tasks a sweep of sz under cfg cuts at depth
// decisions, in tree order (as Run numbers them for one pair).
func SplitTasks(sz mousemaze.Size, cfg mousemaze.Config, depth int) []Task {
	ps := newEngine(sz, cfg).split(depth)
	out := make([]Task, len(ps))
	for i, p := range ps {
		out[i] = Task{Bits: p.Bits, Len: p.Len}
	}
	return out
}

// SplitTask returns the nodes that cut the subtree below t at depth
// decisions (every node with depth decisions, and every leaf or pruned
// branch above it), in depth-first order, and the steps the search of t
// takes above them: running the parts counts what running t counts, less
// those steps. A runner splits large tasks so that its threads share
// them; depth ≤ t.Len gives t alone.
func SplitTask(sz mousemaze.Size, cfg mousemaze.Config, t Task, depth int) ([]Task, uint64) {
	return NewSplitter(sz, cfg).Split(nil, t, depth)
}

// A Splitter splits tasks of one size and Config (SplitTask) with one
// engine, allocating nothing but the parts. A Splitter is used by one
// goroutine.
type Splitter struct{ e *engine }

// NewSplitter returns a Splitter for sz under cfg, which must be valid.
func NewSplitter(sz mousemaze.Size, cfg mousemaze.Config) *Splitter {
	return &Splitter{e: newEngine(sz, cfg)}
}

// Split appends to dst the parts of t at depth, as SplitTask returns
// them, and returns it with the steps above the parts.
func (s *Splitter) Split(dst []Task, t Task, depth int) ([]Task, uint64) {
	if depth <= t.Len {
		return append(dst, t), 0
	}
	ps, steps := s.e.splitBelow(prefix{Bits: t.Bits, Len: t.Len}, depth)
	for _, p := range ps {
		dst = append(dst, Task{Bits: p.Bits, Len: p.Len})
	}
	return dst, steps
}

// ReferenceTally runs tasks on the reference engine and returns their
// tally as a TaskRunner would (no task is left unfinished): what the tests
// hold runners to.
func ReferenceTally(sz mousemaze.Size, cfg mousemaze.Config, tasks []Task) TaskTally {
	e := newEngine(sz, cfg)
	var y TaskTally
	for _, t := range tasks {
		e.runTask(prefix{Bits: t.Bits, Len: t.Len})
		r := e.result(0)
		y.Leaves += r.leaves
		y.Steps += r.steps
		y.Infeasible.Add(r.infeasible)
		y.Histogram = addBuckets(y.Histogram, r.hist)
		y.Best = append(y.Best, int32(r.best))
	}
	return y
}

// addBuckets returns the histogram a with the buckets of b added.
func addBuckets(a, b []Bucket) []Bucket {
	p := PairReport{Histogram: a}
	p.addBuckets(b)
	return p.Histogram
}

// runDevice runs the tasks all[i], i in idx, all of pair, on r.dev; the
// tasks it leaves unfinished run on the CPU engines, and the first optimal
// maze comes from the reference engine.
func (r *runner) runDevice(all []task, idx []int, pair int) taskResult {
	tasks := make([]Task, len(idx))
	for k, i := range idx {
		tasks[k] = Task{Bits: all[i].node.Bits, Len: all[i].node.Len}
	}
	y, err := r.dev.RunTasks(r.sz, r.cfg, tasks)
	if err == nil && len(y.Best) != len(idx) {
		err = fmt.Errorf("sweep: the runner returned %d task results for %d tasks", len(y.Best), len(idx))
	}
	if err != nil {
		return taskResult{pair: pair, err: err}
	}
	res := taskResult{pair: pair, leaves: y.Leaves, steps: y.Steps, infeasible: y.Infeasible, hist: y.Histogram, best: 0}
	best := append([]int32(nil), y.Best...)
	if len(y.Unfinished) > 0 {
		// The nodes the runner left, one at a time on the CPU engines
		// (their maze text is not used: the first best task runs again
		// below).
		r.escals++
		one := make([]task, 1)
		for _, u := range y.Unfinished {
			if u.Of < 0 || u.Of >= len(idx) {
				return taskResult{pair: pair, err: fmt.Errorf("sweep: the runner left a node of task %d of a batch of %d", u.Of, len(idx))}
			}
			one[0] = task{pair: pair, node: prefix{Bits: u.Task.Bits, Len: u.Task.Len}}
			c := r.runCPU(one, []int{0}, pair)
			if c.cut {
				return c
			}
			res.leaves += c.leaves
			res.steps += c.steps
			res.infeasible.Add(c.infeasible)
			res.hist = addBuckets(res.hist, c.hist)
			best[u.Of] = max(best[u.Of], int32(c.best))
		}
	}
	for k, b := range best {
		if int64(b) > res.best {
			res.best, res.index = int64(b), idx[k]
		}
	}
	if res.best > 0 && res.best >= r.skipBelow() {
		// The task holding the batch's first best leaf, once more on the
		// reference engine: its first leaf with the most turns is the maze.
		if r.ref == nil {
			r.ref = newEngine(r.sz, r.cfg)
		}
		r.ref.curIndex = res.index
		r.ref.runTask(all[res.index].node)
		if r.stopped() {
			r.ref.clearTally()
			return taskResult{pair: pair, cut: true}
		}
		c := r.ref.result(pair)
		if c.best != res.best {
			return taskResult{pair: pair, err: fmt.Errorf("sweep: task %d: the runner found %d turns, the reference engine %d", res.index, res.best, c.best)}
		}
		res.maze, res.class = c.maze, c.class
	}
	return res
}

// RingJoined returns the local test of the exit-reachability cut: entry p
// (bit 3i+j for row i, column j of the 3×3 block around a cell; the centre
// ignored) tells whether the open-or-unknown cells among the centre's four
// neighbours are joined through the ring of eight cells around it, so that
// walling the centre cuts no path. Runners use the same table.
func RingJoined() [512]bool { return ringJoined }
