package sweep

import (
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/mousemaze/mousemaze/dispatch/progress"
)

// progressEvery is how often the progress display looks at the workers'
// counters and draws a line (or the bar).
var progressEvery = 2 * time.Second

// progressProbes is how many random descents, shared among the tasks (at
// least one each), estimate the tasks' leaves for the progress display:
// a few tens of milliseconds.
const progressProbes = 1 << 16

// sweepProgress is a sweep's progress display. It runs on the collector's
// goroutine, on its own ticker: it reads the tallies the collector has
// and the workers' live counters (atomics that the engines store every
// stopEvery leaves), so the walk never waits for it and a sweep shorter
// than progressEvery pays nothing for it but one closing line.
//
// The bar is measured in estimated leaves (Knuth's estimator, a few
// random descents per task on the fast engine), so that the time left is
// honest even though subtrees differ in size by orders of magnitude. The
// estimates are made at the first look, and the bar counts the work left
// then (so that its rate, and the time left, are those of this run); the
// message gives the share of the whole sweep done.
type sweepProgress struct {
	r     *sweepRun
	live  []liveCount
	start time.Time
	base  uint64    // leaves of a resumed checkpoint
	est   []float64 // by task: estimated leaves plus one; nil before the first look
	total float64   // the estimate of this shard's tasks
	done  float64   // the estimate of its finished tasks
	done0 float64   // done at the first look
	bar   *progress.Reporter
}

// newProgress returns the progress display of r, or nil when r has none.
func (r *sweepRun) newProgress(live []liveCount) *sweepProgress {
	if r.o.Progress == nil {
		return nil
	}
	p := &sweepProgress{r: r, live: live, start: time.Now()}
	for _, a := range r.acc {
		p.base += a.Leaves
	}
	return p
}

// add records that the tasks idx are finished.
func (p *sweepProgress) add(idx []int) {
	if p == nil || p.est == nil {
		return
	}
	for _, i := range idx {
		p.done += p.est[i]
	}
}

// message returns the best turns and the leaves so far.
func (p *sweepProgress) message() string {
	top := int64(0)
	for _, a := range p.r.acc {
		top = max(top, a.OptimumTurns)
	}
	leaves := p.base
	for i := range p.live {
		leaves += p.live[i].done.Load() + p.live[i].cur.Load()
	}
	msg := fmt.Sprintf("best %d, %d leaves", top, leaves)
	if p.total > 0 {
		msg += fmt.Sprintf(", %.1f%% of the sweep", 100*p.done/p.total)
	}
	return msg
}

// show draws the progress. The first call estimates the tasks and starts
// the bar.
func (p *sweepProgress) show() {
	if p == nil {
		return
	}
	if p.bar == nil {
		p.est, p.total = p.r.estimateTasks(max(progressProbes/max(len(p.r.all)/p.r.shards, 1), 1))
		p.done = 0
		for i, d := range p.r.done {
			if d {
				p.done += p.est[i]
			}
		}
		p.done0 = p.done
		p.bar = progress.New(p.r.o.Progress, "sweep "+p.r.o.Size.String(), int64(max(p.total-p.done0, 1)), progressEvery)
	}
	p.bar.Set(p.barDone(), p.message())
}

// barDone is the bar's position: the estimate of the tasks finished since
// the first look, or the whole bar (of 1) when the first look found every
// task finished (the sweep ended between the look's tick and its last
// tally).
func (p *sweepProgress) barDone() int64 {
	if p.total-p.done0 < 1 {
		return 1
	}
	return int64(p.done - p.done0)
}

// finish draws the last line: the bar's, or, for a sweep that ended
// before the first look, one line with the leaves, the best and the time.
func (p *sweepProgress) finish() {
	if p == nil {
		return
	}
	if p.bar == nil {
		fmt.Fprintf(p.r.o.Progress, "sweep %s: %s, elapsed %v\n", p.r.o.Size, p.message(), time.Since(p.start).Round(time.Millisecond))
		return
	}
	p.bar.Set(p.barDone(), p.message())
	p.bar.Finish()
}

// estimateTasks returns Knuth's estimate, from probes random descents, of
// the leaves of each task of this shard, plus one (0 for the other
// shards' tasks), and their sum.
func (r *sweepRun) estimateTasks(probes int) ([]float64, float64) {
	est := make([]float64, len(r.all))
	rng := rand.New(rand.NewPCG(1, 2))
	runners := make([]*runner, len(r.cfgs))
	var total float64
	for i, t := range r.all {
		if i%r.shards != r.o.Shard {
			continue
		}
		var e float64
		if fastFits(r.o.Size) {
			ru := runners[t.pair]
			if ru == nil {
				ru = newRunner(r.o.Size, r.cfgs[t.pair])
				runners[t.pair] = ru
			}
			for range probes {
				l, _, _ := ru.probe(t.node, rng)
				e += l
			}
			e /= float64(probes)
		} else {
			e = r.engines[t.pair].estimate(t.node, probes, rng)
		}
		est[i] = e + 1
		total += est[i]
	}
	return est, total
}
