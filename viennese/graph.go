package viennese

import "slices"

// A Graph is the part of a colouring's states graph reachable from the
// start. Nodes are numbered in breadth-first order: node 0 is the start.
type Graph struct {
	// States are the nodes' states.
	States []State `json:"-"`
	// IDs are the nodes' state ids in the System.
	IDs []int `json:"-"`
	// Dist is each node's distance: the number of nodes on a shortest path
	// from the start, both ends included.
	Dist []int `json:"dist"`
	// Edges are the moves between nodes, as pairs of node numbers, in
	// breadth-first order of their tails.
	Edges [][2]int `json:"edges"`
	// Streets are the streets taken by Edges.
	Streets []int `json:"-"`
	// Goal is the goal's node number, or -1 if it is unreachable.
	Goal int `json:"goal"`
}

// Graph returns the reachable states graph of the colouring.
func (s *System) Graph(colours []uint8) *Graph {
	g := &Graph{Goal: -1}
	index := map[int]int{s.Start: 0}
	g.IDs = []int{s.Start}
	g.Dist = []int{1}
	for h := 0; h < len(g.IDs); h++ {
		u := g.IDs[h]
		for _, m := range s.Moves(colours, u) {
			v, ok := index[m.State]
			if !ok {
				v = len(g.IDs)
				index[m.State] = v
				g.IDs = append(g.IDs, m.State)
				g.Dist = append(g.Dist, g.Dist[h]+1)
			}
			g.Edges = append(g.Edges, [2]int{h, v})
			g.Streets = append(g.Streets, m.Street)
		}
	}
	for _, id := range g.IDs {
		g.States = append(g.States, s.labels[id])
	}
	if v, ok := index[s.Goal]; ok {
		g.Goal = v
	}
	return g
}

// Solutions returns up to limit shortest paths from the start to the goal,
// as lists of node numbers, in lexicographic order of their node numbers;
// nil if the goal is unreachable.
func (g *Graph) Solutions(limit int) [][]int {
	if g.Goal < 0 || limit <= 0 {
		return nil
	}
	// toGoal[v]: v lies on a shortest path to the goal.
	toGoal := make([]bool, len(g.Dist))
	toGoal[g.Goal] = true
	succ := make([][]int, len(g.Dist))
	for i := len(g.Edges) - 1; i >= 0; i-- {
		e := g.Edges[i]
		if g.Dist[e[1]] == g.Dist[e[0]]+1 {
			succ[e[0]] = append(succ[e[0]], e[1])
		}
	}
	for d := g.Dist[g.Goal] - 1; d >= 1; d-- {
		for v := range g.Dist {
			if g.Dist[v] != d {
				continue
			}
			for _, w := range succ[v] {
				if toGoal[w] {
					toGoal[v] = true
				}
			}
		}
	}
	var paths [][]int
	var walk func(path []int)
	walk = func(path []int) {
		if len(paths) >= limit {
			return
		}
		v := path[len(path)-1]
		if v == g.Goal {
			paths = append(paths, append([]int(nil), path...))
			return
		}
		next := append([]int(nil), succ[v]...)
		slices.Sort(next)
		for _, w := range next {
			if toGoal[w] {
				walk(append(path, w))
			}
		}
	}
	walk([]int{0})
	return paths
}

// Crossroads turns a path of graph nodes into the crossroads visited.
func (g *Graph) Crossroads(path []int) []int {
	out := make([]int, len(path))
	for i, v := range path {
		out[i] = g.States[v].Node
	}
	return out
}
