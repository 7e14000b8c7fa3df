// Package neural builds the maze-learning net that §5 of the seed paper
// proposes and leaves unfinished, and measures whether it learns.
//
// The net sees only the type of the cell it stands in: which of the four
// sides have doors, 15 types T1…T15 (a cell with no door cannot be left).
// A decision subnet of hidden nodes reads that type together with a
// context: the predictor's last output and a fading trace of the last
// moves. Four move nodes, one per compass direction, are driven by the
// decision subnet, strongly inhibited where the actual cell type shows a
// wall, and inhibit each other until one alone stays active: the move.
// A predictor subnet reads the decision subnet and the chosen move and
// predicts the type of the next cell. The net teaches itself, with no
// teacher's error signal: after each move it compares its prediction with
// the type it finds; when they agree, the weights that were active in the
// step are moved away from zero, when they differ, toward zero; when the
// goal is reached, the weights active in the last steps are rewarded
// (moved further from zero).
package neural

import (
	"math"
	"math/rand/v2"
)

// Types is the number of cell types, Moves the number of move nodes.
const (
	Types = 15
	Moves = 4
)

// Params are the net's sizes and learning rates.
type Params struct {
	// Hidden is the number of decision nodes.
	Hidden int
	// Rate scales the weight changes after each move.
	Rate float64
	// Reward scales the change when the goal is reached, Trace is the
	// number of last steps rewarded.
	Reward float64
	Trace  int
	// Noise is the spread of the random input to the move nodes, which
	// lets the net explore.
	Noise float64
	// Inhibition is the mutual inhibition among the move nodes.
	Inhibition float64
}

// DefaultParams are the settings measured in docs/classic.md ("The neural
// net (§5), measured").
func DefaultParams() Params {
	return Params{Hidden: 12, Rate: 0.05, Reward: 0.2, Trace: 20, Noise: 0.5, Inhibition: 0.3}
}

// nIn is the decision subnet's input width: the cell type, the context
// (last prediction and move trace) and a bias.
const nIn = Types + Types + Moves + 1

// Net is the maze-learning net with its weights and its context.
type Net struct {
	p   Params
	rng *rand.Rand
	// wd[j] are hidden node j's weights from the inputs; wm[i] move node
	// i's weights from the hidden nodes and a bias; wp[k] predicted type
	// k's weights from the hidden nodes, the move nodes and a bias.
	wd, wm, wp [][]float64
	// Context: the last prediction and the fading move trace.
	lastPred [Types]float64
	trace    [Moves]float64
	// The step's activity, kept for learning.
	x, h, pin []float64
	move      int
	predicted int
	// history holds the recent steps' active move weights for the reward.
	history []stepMark
}

type stepMark struct {
	move int
	h    []float64
}

// New returns a net with small random weights.
func New(p Params, rng *rand.Rand) *Net {
	n := &Net{p: p, rng: rng}
	mk := func(rows, cols int) [][]float64 {
		w := make([][]float64, rows)
		for i := range w {
			w[i] = make([]float64, cols)
			for j := range w[i] {
				w[i][j] = (rng.Float64()*2 - 1) * 0.3
			}
		}
		return w
	}
	n.wd = mk(p.Hidden, nIn)
	n.wm = mk(Moves, p.Hidden+1)
	n.wp = mk(Types, p.Hidden+Moves+1)
	n.x = make([]float64, nIn)
	n.h = make([]float64, p.Hidden)
	n.pin = make([]float64, p.Hidden+Moves+1)
	return n
}

func sigmoid(v float64) float64 { return 1 / (1 + math.Exp(-v)) }

// Reset clears the context and the reward history before a new run,
// keeping the weights (what has been learnt).
func (n *Net) Reset() {
	n.lastPred = [Types]float64{}
	n.trace = [Moves]float64{}
	n.history = n.history[:0]
}

// Choose runs the net on the present cell, whose doors are given as a
// mask (bit d set when direction d, N=0 E=1 S=2 W=3, is open; not 0),
// and returns the chosen direction.
func (n *Net) Choose(doors int) int {
	// Decision subnet.
	for i := range n.x {
		n.x[i] = 0
	}
	n.x[doors-1] = 1
	copy(n.x[Types:], n.lastPred[:])
	copy(n.x[2*Types:], n.trace[:])
	n.x[nIn-1] = 1
	for j := range n.h {
		s := 0.0
		for i, v := range n.x {
			s += n.wd[j][i] * v
		}
		n.h[j] = sigmoid(s)
	}
	// Move nodes: driven by the decision subnet, noise for exploration,
	// strong inhibition from the actual cell type where it shows a wall.
	var m [Moves]float64
	for i := range Moves {
		s := n.wm[i][n.p.Hidden]
		for j, v := range n.h {
			s += n.wm[i][j] * v
		}
		s += n.rng.NormFloat64() * n.p.Noise
		if doors>>uint(i)&1 == 0 {
			s = math.Inf(-1) // a wall: inhibited beyond any drive
		}
		m[i] = s
	}
	n.move = winnerTakeAll(m, n.p.Inhibition)
	// Predictor subnet.
	copy(n.pin, n.h)
	for i := range Moves {
		n.pin[n.p.Hidden+i] = 0
	}
	n.pin[n.p.Hidden+n.move] = 1
	n.pin[len(n.pin)-1] = 1
	best, bestV := 0, -1.0
	for k := range Types {
		s := 0.0
		for i, v := range n.pin {
			s += n.wp[k][i] * v
		}
		n.lastPred[k] = sigmoid(s)
		if n.lastPred[k] > bestV {
			best, bestV = k, n.lastPred[k]
		}
	}
	n.predicted = best
	for i := range Moves {
		n.trace[i] *= 0.5
	}
	n.trace[n.move] += 1
	n.history = append(n.history, stepMark{move: n.move, h: append([]float64(nil), n.h...)})
	if len(n.history) > n.p.Trace {
		n.history = n.history[1:]
	}
	return n.move
}

// winnerTakeAll lets the move nodes, started at their (rectified) inputs,
// inhibit each other until one alone is active, and returns it. When no
// input is positive the strongest input wins.
func winnerTakeAll(in [Moves]float64, inhibition float64) int {
	var a [Moves]float64
	best := 0
	for i, v := range in {
		a[i] = max(v, 0)
		if v > in[best] {
			best = i
		}
	}
	for range 1000 {
		active, sum := 0, 0.0
		for _, v := range a {
			if v > 0 {
				active++
				sum += v
			}
		}
		if active <= 1 {
			break
		}
		var next [Moves]float64
		for i, v := range a {
			next[i] = max(v+0.1*(in[i]-v)-inhibition*(sum-v), 0)
		}
		a = next
	}
	for i, v := range a {
		if v > 0 {
			return i
		}
	}
	return best
}

// away moves w away from zero by step (toward the sign it has).
func away(w, step float64) float64 {
	if w < 0 {
		return w - step
	}
	return w + step
}

// Observe teaches the net after its move: doors is the type of the cell
// it has moved into (or the same cell, which cannot happen with walls
// inhibited), atGoal whether that cell is the goal.
func (n *Net) Observe(doors int, atGoal bool) {
	actual := doors - 1
	rate := n.p.Rate
	match := n.predicted == actual
	// Predictor: the node of the type actually seen grows toward the
	// active inputs; a wrongly predicted node's weights shrink.
	for i, v := range n.pin {
		n.wp[actual][i] += rate * v * (1 - n.lastPred[actual])
		if !match {
			n.wp[n.predicted][i] -= rate * v * n.wp[n.predicted][i]
		}
	}
	// Decision and move weights active in the step: away from zero when
	// the prediction came true, toward zero when it did not.
	for j, hj := range n.h {
		w := n.wm[n.move][j]
		if match {
			n.wm[n.move][j] = away(w, rate*hj*0.1)
		} else {
			n.wm[n.move][j] = w - rate*hj*w
		}
		for i, xi := range n.x {
			if xi == 0 {
				continue
			}
			w := n.wd[j][i]
			if match {
				n.wd[j][i] = away(w, rate*hj*xi*0.1)
			} else {
				n.wd[j][i] = w - rate*hj*xi*w
			}
		}
	}
	if atGoal {
		for _, s := range n.history {
			for j, hj := range s.h {
				n.wm[s.move][j] = away(n.wm[s.move][j], n.p.Reward*hj)
			}
		}
		n.history = n.history[:0]
	}
	// Keep the weights finite.
	clamp := func(w [][]float64) {
		for _, row := range w {
			for i, v := range row {
				row[i] = math.Max(-20, math.Min(20, v))
			}
		}
	}
	clamp(n.wm)
	clamp(n.wd)
	clamp(n.wp)
}
