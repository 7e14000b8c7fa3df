package classic

import "slices"

// BFS is §3.4, breadth-first search: the start is labelled 0, then every
// unlabelled cell next to a cell labelled i gets i+1, level by level,
// until the goal is labelled (reached) or a level labels nothing
// (unreachable). The route is a shortest path, found by walking back from
// the goal to a neighbour with the label one lower; Steps is its length
// and Explored the number of cells labelled.
func BFS(nav *Nav, opt Options) Result {
	n := nav.Cells()
	label := make([]int, n)
	from := make([]int, n)
	for i := range label {
		label[i] = -1
	}
	label[nav.Start] = 0
	level := []int{nav.Start}
	explored := 1
	for label[nav.Goal] < 0 {
		var next []int
		for _, i := range level {
			for _, d := range opt.order() {
				j := nav.Next[i][d]
				if j >= 0 && label[j] < 0 {
					label[j] = label[i] + 1
					from[j] = i
					next = append(next, j)
					explored++
				}
			}
		}
		if len(next) == 0 {
			return Result{Outcome: Unreachable, Explored: explored}
		}
		level = next
	}
	route := []int{nav.Goal}
	for c := nav.Goal; c != nav.Start; {
		c = from[c]
		route = append(route, c)
	}
	slices.Reverse(route)
	res := Result{Outcome: Reached, Steps: int64(len(route) - 1), Route: route, Explored: explored}
	if opt.Path {
		res.Path = route
	}
	return res
}
