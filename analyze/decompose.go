package analyze

import (
	"github.com/mousemaze/mousemaze"
)

// entranceNode stands for the entrance above the entry cell: it is no
// neighbour, but it is where the mouse comes into the entry cell from, in
// direction Up.
const entranceNode = -3

// A Branch is a side path: the part of a loop-less maze behind one
// neighbour (its Root) of a crossroad, away from the entry and the exit.
// Its stem runs from the root to the first split or to a dead end.
type Branch struct {
	// Crossroad is the cell the branch hangs off.
	Crossroad Cell `json:"crossroad"`
	// Root is the branch's first cell.
	Root Cell `json:"root"`
	// Dir is the direction from the crossroad to the root.
	Dir string `json:"dir"`
	// Rank is the position of Dir among the crossroad's outgoing options
	// (its neighbours but the one the mouse first came from, the exit
	// included), in preference order: 0 is tried first.
	Rank int `json:"rank"`
	// Ways is the crossroad's number of neighbours, the exit included: 3
	// for a 3-way split, 4 for a 4-way split.
	Ways int `json:"ways"`
	// OnMain reports whether the crossroad lies on the main path.
	OnMain bool `json:"on_main"`
	// Length is the number of cells of the stem: n for a dead end, m (the
	// distance from the crossroad to the split) for a branch that splits.
	Length int `json:"length"`
	// Chain reports whether the branch is a dead end without splits.
	Chain bool `json:"chain"`
	// Cells is the number of cells of the whole branch.
	Cells int `json:"cells"`
	// Sub lists the branches of the split that ends the stem, in
	// preference order as seen coming in along the stem.
	Sub []*Branch `json:"sub,omitempty"`
	// Case names the case of the thesis the branch's cost was taken from
	// (see Thesis).
	Case string `json:"case"`
	// Predicted is the cost the thesis's formulas give: the turns spent in
	// the branch, the steps back onto the crossroad included.
	Predicted int64 `json:"predicted"`
	// Actual is the same cost measured on the reference walk: the visits
	// of the branch's cells plus the moves from the root back onto the
	// crossroad.
	Actual int64 `json:"actual"`

	cross, root int32
	in          int32 // the square the mouse entered the crossroad from
	stem        []int32
	cells       []int32
}

// Decomposition is a loop-less maze cut into its main path and side
// branches, with the thesis's prediction and the walk's actual turns.
type Decomposition struct {
	// Feasible and Loopless describe the maze; the other fields are only
	// filled when both are true.
	Feasible bool `json:"feasible"`
	Loopless bool `json:"loopless"`
	// MainPath lists the cells from the entry cell to the exit cell.
	MainPath []Cell `json:"main_path,omitempty"`
	// Branches lists the side branches off the main path, in main-path
	// order and, at one crossroad, in preference order.
	Branches []*Branch `json:"branches,omitempty"`
	// Predicted is the thesis's turn count: 1 + the main path's cells +
	// the predicted cost of every branch off it.
	Predicted int64 `json:"predicted"`
	// Turns is the reference walk's turn count.
	Turns int64 `json:"turns"`

	g    *graph
	main []int32
}

// Decompose cuts m into its main path and side branches under cfg, fills
// in the thesis's prediction (Thesis) and the walk's actual costs, and
// returns the result. Mazes that are infeasible or not loop-less are
// returned with only Feasible and Loopless set.
func Decompose(m mousemaze.Maze, cfg mousemaze.Config) (*Decomposition, error) {
	if err := mousemaze.ValidateWalk(m, m.Cols, cfg); err != nil {
		return nil, err
	}
	g := newGraph(m, cfg)
	d := &Decomposition{g: g, Feasible: g.feasible, Loopless: g.loopless()}
	if !d.Feasible || !d.Loopless {
		return d, nil
	}
	d.main = g.treePath(g.entry, g.exit)
	for _, i := range d.main {
		d.MainPath = append(d.MainPath, g.cellOf(i))
	}
	for k, x := range d.main {
		in, out := d.mainNeighbours(k)
		for s := 0; s < 4; s++ {
			j := g.nb[4*int(x)+s]
			if j == noNode {
				break
			}
			if j == in || j == out {
				continue
			}
			d.Branches = append(d.Branches, g.branch(x, in, j, true))
		}
	}
	d.predict()
	if err := d.measure(); err != nil {
		return nil, err
	}
	return d, nil
}

// mainNeighbours returns the nodes before and after the k-th cell of the
// main path: the entrance before the first, the exit after the last.
func (d *Decomposition) mainNeighbours(k int) (in, out int32) {
	in, out = entranceNode, exitNode
	if k > 0 {
		in = d.main[k-1]
	}
	if k+1 < len(d.main) {
		out = d.main[k+1]
	}
	return in, out
}

// treePath returns the cells of the tree path from a to b.
func (g *graph) treePath(a, b int32) []int32 {
	parent := make([]int32, len(g.deg))
	for i := range parent {
		parent[i] = noNode
	}
	parent[a] = a
	queue := []int32{a}
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		for s := 0; s < 4; s++ {
			j := g.nb[4*int(i)+s]
			if j < 0 {
				continue
			}
			if parent[j] == noNode {
				parent[j] = i
				queue = append(queue, j)
			}
		}
	}
	var path []int32
	for i := b; ; i = parent[i] {
		path = append(path, i)
		if i == a {
			break
		}
	}
	for l, r := 0, len(path)-1; l < r; l, r = l+1, r-1 {
		path[l], path[r] = path[r], path[l]
	}
	return path
}

// outgoing returns x's neighbours except in, in preference order.
func (g *graph) outgoing(x, in int32) []int32 {
	var out []int32
	for s := 0; s < 4; s++ {
		j := g.nb[4*int(x)+s]
		if j == noNode {
			break
		}
		if j != in {
			out = append(out, j)
		}
	}
	return out
}

// branch builds the branch behind root, seen from crossroad x, which the
// mouse first entered from in.
func (g *graph) branch(x, in, root int32, onMain bool) *Branch {
	b := &Branch{cross: x, root: root, Crossroad: g.cellOf(x), Root: g.cellOf(root),
		Dir: g.dirTo(x, root).String(), Ways: int(g.deg[x]), OnMain: onMain, in: in}
	for k, j := range g.outgoing(x, in) {
		if j == root {
			b.Rank = k
		}
	}
	prev, cur := x, root
	for {
		b.stem = append(b.stem, cur)
		out := g.outgoing(cur, prev)
		if len(out) != 1 {
			break
		}
		prev, cur = cur, out[0]
	}
	b.Length = len(b.stem)
	b.Chain = g.deg[cur] == 1
	b.cells = append(b.cells, b.stem...)
	if !b.Chain {
		for _, j := range g.outgoing(cur, prev) {
			s := g.branch(cur, prev, j, false)
			b.Sub = append(b.Sub, s)
			b.cells = append(b.cells, s.cells...)
		}
	}
	b.Cells = len(b.cells)
	return b
}

// measure walks the maze and fills every branch's Actual cost and Turns.
func (d *Decomposition) measure() error {
	g := d.g
	heat := make([]int64, len(g.deg))
	// back counts the moves from each cell to each neighbour slot.
	back := make([]int64, 4*len(g.deg))
	prev := int32(noNode)
	res, err := mousemaze.Trace(g.m, g.cfg, func(turn int64, r, c int) {
		if r == g.m.Rows {
			return
		}
		i := int32(r*g.m.Cols + c)
		heat[i]++
		if prev >= 0 {
			back[4*int(prev)+g.slot(prev, i)]++
		}
		prev = i
	})
	if err != nil {
		return err
	}
	d.Turns = res.Turns
	var fill func(b *Branch)
	fill = func(b *Branch) {
		b.Actual = back[4*int(b.root)+g.slot(b.root, b.cross)]
		for _, i := range b.cells {
			b.Actual += heat[i]
		}
		for _, s := range b.Sub {
			fill(s)
		}
	}
	for _, b := range d.Branches {
		fill(b)
	}
	return nil
}

// Walk visits every branch of d, depth first, with its nesting depth.
func (d *Decomposition) Walk(f func(b *Branch, depth int)) {
	var rec func(b *Branch, depth int)
	rec = func(b *Branch, depth int) {
		f(b, depth)
		for _, s := range b.Sub {
			rec(s, depth+1)
		}
	}
	for _, b := range d.Branches {
		rec(b, 0)
	}
}
