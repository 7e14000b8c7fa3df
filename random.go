package mousemaze

import "math/rand/v2"

// Random returns a maze of the given size in which every cell is a wall
// with probability density, independently. It is meant for tests,
// benchmarks and the start of searches.
func Random(rng *rand.Rand, rows, cols int, density float64) Maze {
	m := NewMaze(rows, cols)
	for r := 0; r < rows; r++ {
		for c := 0; c < cols; c++ {
			if rng.Float64() < density {
				m.Walls[r] |= 1 << uint(c)
			}
		}
	}
	return m
}

// RandomFeasible returns a random maze, as Random does, that is feasible
// under cfg; it draws again until one is. The entry and exit cells are
// forced open, so a density below about 0.5 finds one quickly.
func RandomFeasible(rng *rand.Rand, rows, cols int, density float64, cfg Config) Maze {
	for {
		m := Random(rng, rows, cols, density)
		m.SetWall(0, cfg.Entry, false)
		m.SetWall(rows-1, cfg.Exit, false)
		if Feasible(m, cfg) {
			return m
		}
	}
}

// RandomPopulation returns n mazes drawn by Random.
func RandomPopulation(rng *rand.Rand, rows, cols, n int, density float64) Population {
	p := NewPopulation(rows, cols, n)
	for i := 0; i < n; i++ {
		m := Random(rng, rows, cols, density)
		copy(p.Words[i*rows:], m.Walls)
	}
	return p
}

// RandomOrder returns a uniformly random preference order.
func RandomOrder(rng *rand.Rand) Order {
	o := DRLU
	rng.Shuffle(4, func(i, j int) { o[i], o[j] = o[j], o[i] })
	return o
}
