package sweep

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"time"
)

// EstimateReport is Knuth's estimate of the size of a sweep, with the CPU
// time it would take at a measured rate.
type EstimateReport struct {
	Rows     int  `json:"rows"`
	Cols     int  `json:"cols"`
	FreeEnds bool `json:"free_ends"`
	// Probes is the number of random descents per pair.
	Probes int `json:"probes"`
	// Leaves, Nodes and Steps estimate the leaves, the branch points and
	// the mouse's moves of the whole search tree; RelErr is the standard
	// error of the leaf estimate relative to it.
	Leaves float64 `json:"leaves"`
	Nodes  float64 `json:"nodes"`
	Steps  float64 `json:"steps"`
	RelErr float64 `json:"rel_err"`
	// LeavesPerS and StepsPerS are the rates measured on a sample of tasks
	// (one core, CPU time), and CPUSeconds the estimated CPU time of the
	// whole sweep: its steps at StepsPerS (the time per leaf varies with
	// the walks' length, the time per step much less).
	LeavesPerS float64 `json:"leaves_per_s"`
	StepsPerS  float64 `json:"steps_per_s"`
	CPUSeconds float64 `json:"cpu_s"`
	// Shards, when above 1, is the shard count the per-shard figures are
	// for: ShardLeaves and ShardCPUSeconds are the whole divided by it.
	Shards          int     `json:"shards,omitempty"`
	ShardLeaves     float64 `json:"shard_leaves,omitempty"`
	ShardCPUSeconds float64 `json:"shard_cpu_s,omitempty"`
	// Shard is the shard whose own tasks were estimated (ThisShardTasks
	// of them, each with Probes descents): ThisShardLeaves and
	// ThisShardCPUSeconds.
	Shard               int     `json:"shard,omitempty"`
	ThisShardTasks      int     `json:"this_shard_tasks,omitempty"`
	ThisShardLeaves     float64 `json:"this_shard_leaves,omitempty"`
	ThisShardSteps      float64 `json:"this_shard_steps,omitempty"`
	ThisShardCPUSeconds float64 `json:"this_shard_cpu_s,omitempty"`
}

// WriteText prints the estimate for people: the tree's size, the rate and
// the CPU time, and the per-shard figures when there are shards.
func (e *EstimateReport) WriteText(w io.Writer) error {
	fmt.Fprintf(w, "estimate %dx%d (free ends %v), %d probes per pair:\n", e.Rows, e.Cols, e.FreeEnds, e.Probes)
	fmt.Fprintf(w, "leaves %.3g (±%.1f%%), branch points %.3g, steps %.3g\n", e.Leaves, 100*e.RelErr, e.Nodes, e.Steps)
	_, err := fmt.Fprintf(w, "rate %.3g leaves/s, %.3g steps/s on one core: %.3g CPU-seconds (%.3g CPU-hours)\n", e.LeavesPerS, e.StepsPerS, e.CPUSeconds, e.CPUSeconds/3600)
	if e.Shards > 1 {
		fmt.Fprintf(w, "per shard of %d: %.3g leaves, %.3g CPU-seconds\n", e.Shards, e.ShardLeaves, e.ShardCPUSeconds)
		_, err = fmt.Fprintf(w, "shard %d/%d itself: %d tasks, %.3g leaves, %.3g steps, %.3g CPU-seconds\n", e.Shard, e.Shards, e.ThisShardTasks, e.ThisShardLeaves, e.ThisShardSteps, e.ThisShardCPUSeconds)
	}
	return err
}

// probe makes one random descent from node p (Knuth's estimator): at each
// branch with both children live it takes either with probability 1/2 and
// doubles the weight. It returns the weighted leaves (the weight at the
// leaf), branch points and moves. A pruned p gives zeros.
func (f *fast[T, A]) probe(p prefix, rng *rand.Rand) (leaves, nodes, steps float64) {
	const sm = stackLen - 1
	d := f.enter(p)
	if d < 0 {
		f.clearTally()
		return 0, 0, 0
	}
	// The descent takes one branch at each decision, in place one level
	// above the node, which stays for the next probe of the same node.
	f.key[(d+1)&sm], f.hdr[(d+1)&sm] = f.key[d&sm], f.hdr[d&sm]
	k, h := &f.key[(d+1)&sm], &f.hdr[(d+1)&sm]
	path := f.path
	w := 1.0
	for {
		before := h.turns
		c := f.advance(k, h)
		steps += w * float64(h.turns-before)
		if c < 0 { // the exit, or past the cap: counted as a leaf
			f.clearTally()
			return w, nodes, steps
		}
		nodes += w
		b := f.bitOf[c&(fastCells-1)]
		wp, ok := f.wallPath(h.free, path, c)
		if ok {
			w *= 2
			if rng.IntN(2) == 1 { // the wall branch
				(*k)[int(c)&(len(*k)-1)] = f.wall
				h.free &^= b
				h.unknown--
				path = wp
				continue
			}
		}
		(*k)[int(c)&(len(*k)-1)] = 1
		h.open |= b
		h.unknown--
		h.turns++
		h.pos = c
		steps += w // the move onto the opened cell
	}
}

// Estimate returns Knuth's estimate of the search tree of the sweep o
// (its size, rules and shards; probes descents per pair) and the CPU time
// it would take at the rate measured by running random tasks for about
// sample.
func Estimate(ctx context.Context, o Options, probes int, sample time.Duration, seed uint64) (*EstimateReport, error) {
	if err := o.check(); err != nil {
		return nil, err
	}
	if !fastFits(o.Size) {
		return nil, fmt.Errorf("%w: %s: estimates need a grid whose padded form has at most %d cells", ErrOptions, o.Size, fastCells)
	}
	if probes < 1 {
		return nil, fmt.Errorf("%w: %d probes", ErrOptions, probes)
	}
	rng := rand.New(rand.NewPCG(seed, 4))
	rep := &EstimateReport{Rows: o.Size.Rows, Cols: o.Size.Cols, FreeEnds: o.FreeEnds, Probes: probes}
	var variance float64
	cfgs := o.pairs()
	runners := make([]*runner, len(cfgs))
	for j, cfg := range cfgs {
		runners[j] = newRunner(o.Size, cfg)
		var sum, sum2 float64
		for k := 0; k < probes; k++ {
			if k%1024 == 0 && ctx.Err() != nil {
				return nil, ctx.Err()
			}
			l, nd, st := runners[j].probe(prefix{}, rng)
			sum, sum2 = sum+l, sum2+l*l
			rep.Nodes += nd / float64(probes)
			rep.Steps += st / float64(probes)
		}
		mean := sum / float64(probes)
		rep.Leaves += mean
		variance += (sum2/float64(probes) - mean*mean) / float64(probes)
	}
	rep.RelErr = math.Sqrt(max(variance, 0)) / max(rep.Leaves, 1)

	// The rate: random tasks of about rateTaskLeaves leaves, on one
	// core, for about sample of CPU time (wall time where the CPU time
	// cannot be read), so that other load on the machine does not count.
	start := time.Now()
	cpu0, useCPU := CPUTime()
	var leaves, steps uint64
	var busy time.Duration
	for busy < sample && time.Since(start) < 20*sample && ctx.Err() == nil {
		j := rng.IntN(len(cfgs))
		r := runners[j]
		p := r.randomTask(rng, max(rep.Leaves/rateTaskLeaves, 1))
		t0 := time.Now()
		res := r.run([]task{{pair: j, node: p}}, []int{0}, j)
		if c, ok := CPUTime(); useCPU && ok {
			busy = c - cpu0
		} else {
			busy += time.Since(t0)
		}
		leaves += res.leaves
		steps += res.steps
	}
	if busy > 0 && leaves > 0 && steps > 0 {
		rep.LeavesPerS = float64(leaves) / busy.Seconds()
		rep.StepsPerS = float64(steps) / busy.Seconds()
		rep.CPUSeconds = rep.Steps / rep.StepsPerS
	}
	if o.Shards > 1 {
		rep.Shards = o.Shards
		rep.ShardLeaves = rep.Leaves / float64(o.Shards)
		rep.ShardCPUSeconds = rep.CPUSeconds / float64(o.Shards)
		// The shard's own tasks, as Run cuts them, with probes descents
		// shared among them (at least 64 each).
		rep.Shard = o.Shard
		var mine []task
		k := 0
		for j, cfg := range cfgs {
			ps, _ := splitTasks(newEngine(o.Size, cfg), o.SplitDepth, pairTarget(len(cfgs)))
			for _, p := range ps {
				if k%o.Shards == o.Shard {
					mine = append(mine, task{pair: j, node: p})
				}
				k++
			}
		}
		rep.ThisShardTasks = len(mine)
		per := max(probes/max(len(mine), 1), 64)
		for i, t := range mine {
			if i%64 == 0 && ctx.Err() != nil {
				return nil, ctx.Err()
			}
			var sum, sumSteps float64
			for range per {
				l, _, st := runners[t.pair].probe(t.node, rng)
				sum += l
				sumSteps += st
			}
			rep.ThisShardLeaves += sum / float64(per)
			rep.ThisShardSteps += sumSteps / float64(per)
		}
		if rep.StepsPerS > 0 {
			rep.ThisShardCPUSeconds = rep.ThisShardSteps / rep.StepsPerS
		}
	}
	return rep, ctx.Err()
}

// probe makes one Knuth descent from p on the runner's fast engine.
func (r *runner) probe(p prefix, rng *rand.Rand) (leaves, nodes, steps float64) {
	switch {
	case r.f6 != nil:
		return r.f6.probe(p, rng)
	case r.f8 != nil:
		return r.f8.probe(p, rng)
	default:
		return r.f16.probe(p, rng)
	}
}

// rateTaskLeaves is the typical size of the tasks on which Estimate
// measures the rate: large enough that replaying a task's prefix costs
// little, as it does in a real sweep.
const rateTaskLeaves = 2e5

// randomTask returns the node reached by a random descent from the root
// that stops once the product of the live children passed (Knuth's
// weight, about the tree's size over the node's) reaches weight, or one
// decision above the leaf it reaches first.
func (r *runner) randomTask(rng *rand.Rand, weight float64) prefix {
	if r.ref == nil {
		r.ref = newEngine(r.sz, r.cfg)
	}
	e := r.ref
	e.reset()
	var p prefix
	w := 1.0
	for w < weight {
		c := e.advance()
		if c < 0 {
			break
		}
		f := e.pushRewound(c)
		f.wall = true
		if e.wallKeepsPath(c) {
			w *= 2
			if rng.IntN(2) == 1 {
				p.Bits |= 1 << uint(p.Len)
				p.Len++
				continue
			}
		}
		// The open branch.
		e.setOpenAgain(c)
		f.wall = false
		p.Len++
	}
	leaf := w < weight
	e.reset()
	e.clearTally()
	if leaf && p.Len > 0 {
		// Stop one decision short of where the descent ended so the task
		// holds more than one leaf.
		p.Len--
		p.Bits &^= 1 << uint(p.Len)
	}
	return p
}

// setOpenAgain undoes a failed wall on c, the cell of the last frame, and
// moves the mouse onto it as the open branch did.
func (e *engine) setOpenAgain(c int32) {
	e.state[c] = cellOpen
	e.val[c] = 0
	e.notWall[e.rowOf[c]+1] |= 2 << uint(e.colOf[c])
	e.free |= 1 << uint(int(e.rowOf[c])*e.cols+int(e.colOf[c]))
	e.moveTo(c)
}
