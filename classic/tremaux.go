package classic

import "slices"

// Trémaux door marks.
const (
	unmarked = iota
	markE    // the door was left through, exploring
	markR    // the door leads back the way the cell was first entered
	markX    // the door was come in by from a cell already visited
)

// Tremaux is §3.5, Trémaux's depth-first walk. From the present cell p it
// leaves through an unmarked door (the first in Options.Order), marking it
// E; when the cell beyond was visited before, it marks the door back,
// returns to p and goes on; otherwise it marks the door back R and goes on
// from the new cell. When p has no unmarked door it goes back through its
// R door, and when it has none either the walk is over: every cell has
// been visited and the walker is back at the start. With stopAtGoal the
// walk ends on entering the goal (step 6′).
//
// The seed marks the door back from a cell already visited with R too; here
// it gets a separate mark so that each cell keeps exactly one R door, the
// way back. The route is the path from the start to the goal along the R
// doors. On a board with one-way doors a way back may be shut: the walk
// then ends stuck.
func Tremaux(nav *Nav, stopAtGoal bool, opt Options) Result {
	t := newTrail(nav, opt)
	n := nav.Cells()
	marks := make([][4]uint8, n)
	visited := make([]bool, n)
	order := opt.order()
	p := nav.Start
	visited[p] = true
	goalSeen := p == nav.Goal
	finish := func(outcome string) Result {
		res := t.result(outcome)
		if goalSeen {
			res.Route = tremauxRoute(nav, marks)
		}
		return res
	}
	if stopAtGoal && goalSeen {
		return finish(Reached)
	}
	// Every door is used at most twice, so 4·(4n) moves bound a correct
	// walk; the cap only guards against mistakes.
	guard := int64(16*n + 16)
	for {
		if t.steps > guard {
			return finish(Capped)
		}
		d, ok := Dir(0), false
		for _, e := range order {
			if nav.Next[p][e] >= 0 && marks[p][e] == unmarked {
				d, ok = e, true
				break
			}
		}
		if ok {
			q := nav.Next[p][d]
			marks[p][d] = markE
			t.move(q)
			back := d.Back()
			if visited[q] {
				marks[q][back] = markX
				if nav.Next[q][back] != p {
					return finish(Stuck)
				}
				t.move(p)
				continue
			}
			marks[q][back] = markR
			visited[q] = true
			p = q
			if p == nav.Goal {
				goalSeen = true
				if stopAtGoal {
					return finish(Reached)
				}
			}
			continue
		}
		rd := -1
		for e := range 4 {
			if marks[p][e] == markR {
				rd = e
				break
			}
		}
		if rd < 0 {
			if goalSeen {
				return finish(Reached)
			}
			return finish(Unreachable)
		}
		q := nav.Next[p][rd]
		if q < 0 {
			return finish(Stuck)
		}
		p = q
		t.move(p)
	}
}

// tremauxRoute is the route from the start to the goal that Trémaux's
// marks give: from the goal, follow each cell's door marked R (the one it
// was first entered by) back to the start; nil when the marks break off.
func tremauxRoute(nav *Nav, marks [][4]uint8) []int {
	r := []int{nav.Goal}
	for c := nav.Goal; c != nav.Start; {
		found := false
		for d := range 4 {
			if marks[c][d] == markR {
				c = nav.Next[c][d]
				if c < 0 {
					return nil
				}
				found = true
				break
			}
		}
		if !found {
			return nil
		}
		r = append(r, c)
	}
	slices.Reverse(r)
	return r
}
