package game

import (
	"math/rand/v2"
	"testing"
)

// randomPosition returns a rows×cols board whose interior edges are walls
// with probability density.
func randomPosition(rng *rand.Rand, rows, cols int, density float64) Position {
	p := mustPosition(rows, cols)
	for r := range rows {
		for c := range cols {
			if c < cols-1 {
				p.SetRightWall(r, c, rng.Float64() < density)
			}
			if r < rows-1 {
				p.SetDownWall(r, c, rng.Float64() < density)
			}
		}
	}
	return p
}

// BenchmarkSweep64x64 times the O(p·q) sweep on a 64x64 board (4096 cells).
func BenchmarkSweep64x64(b *testing.B) {
	p := randomPosition(rand.New(rand.NewPCG(1, 2)), 64, 64, 0.3)
	for b.Loop() {
		if _, err := Sweep(p); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkExact5x5 times the exact engine on random 5x5 boards with a
// warm store (the memory of earlier boards is what makes it fast).
func BenchmarkExact5x5(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	boards := make([]Position, 256)
	for i := range boards {
		boards[i] = randomPosition(rng, 5, 5, rng.Float64())
	}
	s := NewStore()
	i := 0
	for b.Loop() {
		s.ExactValues(boards[i%len(boards)])
		i++
	}
}

// BenchmarkBuildSwitch times building and sweeping {255/64 | −255/64}
// (an 11x66 board).
func BenchmarkBuildSwitch(b *testing.B) {
	v, _ := ParseValue("{255/64|-255/64}")
	for b.Loop() {
		p, err := Build(v)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := Sweep(p); err != nil {
			b.Fatal(err)
		}
	}
}
