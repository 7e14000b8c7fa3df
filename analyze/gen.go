package analyze

import (
	"math/rand/v2"

	"github.com/mousemaze/mousemaze"
)

// RandomTree returns a random loop-less feasible maze of the given size
// under cfg (only cfg.Entry and cfg.Exit matter). It opens the entry cell
// and grows the open set one cell at a time, each new cell touching
// exactly one open cell, so the open cells always form a tree; it stops
// when the exit cell is open and, after that, with probability stop at
// each further cell, or when no cell can be added. Growth can wall the
// exit off; then it starts again.
func RandomTree(rng *rand.Rand, rows, cols int, stop float64, cfg mousemaze.Config) mousemaze.Maze {
	for {
		if m, ok := growTree(rng, rows, cols, stop, cfg); ok {
			return m
		}
	}
}

func growTree(rng *rand.Rand, rows, cols int, stop float64, cfg mousemaze.Config) (mousemaze.Maze, bool) {
	m := mousemaze.NewMaze(rows, cols)
	mask := mousemaze.RowMask(cols)
	for r := range m.Walls {
		m.Walls[r] = mask
	}
	open := func(r, c int) bool { return r >= 0 && r < rows && c >= 0 && c < cols && !m.Wall(r, c) }
	openNeighbours := func(r, c int) int {
		n := 0
		for d := mousemaze.Down; d <= mousemaze.Up; d++ {
			dr, dc := d.Delta()
			if open(r+dr, c+dc) {
				n++
			}
		}
		return n
	}
	var frontier []int
	add := func(r, c int) {
		m.SetWall(r, c, false)
		for d := mousemaze.Down; d <= mousemaze.Up; d++ {
			dr, dc := d.Delta()
			nr, nc := r+dr, c+dc
			if nr >= 0 && nr < rows && nc >= 0 && nc < cols && m.Wall(nr, nc) {
				frontier = append(frontier, nr*cols+nc)
			}
		}
	}
	add(0, cfg.Entry)
	exitOpen := rows == 1 && cfg.Entry == cfg.Exit
	for len(frontier) > 0 {
		k := rng.IntN(len(frontier))
		i := frontier[k]
		frontier[k] = frontier[len(frontier)-1]
		frontier = frontier[:len(frontier)-1]
		r, c := i/cols, i%cols
		if !m.Wall(r, c) || openNeighbours(r, c) != 1 {
			continue
		}
		add(r, c)
		if r == rows-1 && c == cfg.Exit {
			exitOpen = true
		}
		if exitOpen && rng.Float64() < stop {
			break
		}
	}
	return m, exitOpen
}

// Enumerate calls f with every maze of the given size (2^(rows·cols) of
// them, walls counted up in binary with cell (r, c) at bit r·cols+c). The
// maze passed to f is reused; f must copy it to keep it.
func Enumerate(rows, cols int, f func(m mousemaze.Maze)) {
	EnumerateRange(rows, cols, 0, 1<<uint(rows*cols), f)
}

// EnumerateRange is Enumerate restricted to the mazes numbered lo to
// hi−1, so that workers can share the enumeration.
func EnumerateRange(rows, cols int, lo, hi uint64, f func(m mousemaze.Maze)) {
	m := mousemaze.NewMaze(rows, cols)
	mask := mousemaze.RowMask(cols)
	for x := lo; x < hi; x++ {
		for r := 0; r < rows; r++ {
			m.Walls[r] = x >> uint(r*cols) & mask
		}
		f(m)
	}
}

// RandomMazes returns n feasible random mazes (wall density 0.2 to 0.5)
// of sizes up to maxSide×maxSide drawn from seed, for the bound checks.
func RandomMazes(seed uint64, n, maxSide int) []mousemaze.Maze {
	rng := rand.New(rand.NewPCG(seed, 1))
	out := make([]mousemaze.Maze, n)
	for i := range out {
		rows, cols := 2+rng.IntN(maxSide-1), 2+rng.IntN(maxSide-1)
		out[i] = mousemaze.RandomFeasible(rng, rows, cols, 0.2+0.3*rng.Float64(), mousemaze.Config{})
	}
	return out
}
