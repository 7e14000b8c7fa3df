package classic

import (
	"fmt"
	"testing"

	"github.com/mousemaze/mousemaze"
)

// perfect reports whether m is connected with exactly cells−1 doors, which
// together mean a spanning tree: connected and without cycles.
func perfect(m mousemaze.EdgeMaze) error {
	b := NewBoard(m)
	nav := b.Nav()
	doors := m.Edges() - m.WallCount()
	if doors != b.Cells()-1 {
		return fmt.Errorf("%d doors on %d cells", doors, b.Cells())
	}
	for i, d := range bfsFrom(nav, 0) {
		if d < 0 {
			return fmt.Errorf("cell %d cut off from cell 0", i)
		}
	}
	return nil
}

func TestGeneratorsPerfect(t *testing.T) {
	sizes := [][2]int{{1, 1}, {1, 7}, {6, 1}, {2, 2}, {3, 3}, {5, 8}, {13, 13}, {20, 31}, {64, 64}}
	for _, algo := range []string{GenSpanning, GenAnderson} {
		for _, sz := range sizes {
			seeds := 40
			if sz[0]*sz[1] > 1000 {
				seeds = 2
			}
			for seed := range seeds {
				m, err := Generate(algo, sz[0], sz[1], NewRand(uint64(seed)))
				if err != nil {
					t.Fatal(err)
				}
				if err := m.Validate(); err != nil {
					t.Fatalf("%s %v seed %d: %v", algo, sz, seed, err)
				}
				if err := perfect(m); err != nil {
					t.Fatalf("%s %dx%d seed %d: %v\n%s", algo, sz[0], sz[1], seed, err, m)
				}
			}
		}
	}
}

func TestGenerateReproducible(t *testing.T) {
	for _, algo := range Generators {
		a, _ := Generate(algo, 7, 9, NewRand(5))
		b, _ := Generate(algo, 7, 9, NewRand(5))
		c, _ := Generate(algo, 7, 9, NewRand(6))
		if !a.Equal(b) {
			t.Errorf("%s: seed 5 gave two mazes", algo)
		}
		if a.Equal(c) {
			t.Errorf("%s: seeds 5 and 6 gave the same maze", algo)
		}
	}
}

// The matrix construction (§2.3) ends connected; it opens walls only
// between cells the matrix shows cut off from each other, so every board
// keeps at least cells−1 doors.
func TestGenerateMatrixConnected(t *testing.T) {
	for seed := range 30 {
		m, err := Generate(GenMatrix, 5, 6, NewRand(uint64(seed)))
		if err != nil {
			t.Fatal(err)
		}
		b := NewBoard(m)
		if !DistancesByBFS(b.Nav()).Connected() {
			t.Fatalf("seed %d: not connected\n%s", seed, m)
		}
	}
}

func TestGenerateErrors(t *testing.T) {
	if _, err := Generate("maze", 3, 3, NewRand(1)); err == nil {
		t.Error("unknown algorithm accepted")
	}
	if _, err := Generate(GenSpanning, 0, 3, NewRand(1)); err == nil {
		t.Error("0 rows accepted")
	}
	if _, err := Generate(GenMatrix, 20, 21, NewRand(1)); err == nil {
		t.Error("a 420-cell matrix construction accepted")
	}
	if _, err := Generate(GenSpanning, 65, 3, NewRand(1)); err == nil {
		t.Error("65 rows accepted")
	}
}

// RemoveWalls opens exactly k walls of a perfect maze, each one closing a
// cycle.
func TestRemoveWalls(t *testing.T) {
	m := SpanningTree(6, 6, NewRand(3))
	before := m.WallCount()
	RemoveWalls(m, 4, NewRand(3))
	if got := before - m.WallCount(); got != 4 {
		t.Fatalf("opened %d walls, want 4", got)
	}
}
