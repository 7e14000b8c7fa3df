// Package island lets separate searches, one per process or cluster task,
// run as islands of one search that trade their best mazes through a
// shared directory.
//
// Island i of N writes its best mazes to DIR/island-i.json every few
// generations and at the end, atomically (a temporary file, synced and
// renamed), so a reader sees the old file or the new one, never a torn
// one. It reads the files of its ring neighbours, islands i−1 and i+1
// (mod N), and takes their mazes in (dispatch.Search.Immigrate, which walks
// them again rather than trusting the turns written). No island waits for
// another: a neighbour that has not written yet is simply skipped. Merge
// reads every island's file and names the best maze of all, and the
// islands that are missing or unfinished.
package island

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/mousemaze/mousemaze"

	"github.com/mousemaze/mousemaze/dispatch"
	"github.com/mousemaze/mousemaze/dispatch/checkpoint"
)

// Kind and Version identify an island file.
const (
	Kind    = "island"
	Version = 1
)

// File is what an island writes to the shared directory.
type File struct {
	Kind    string `json:"kind"`
	Version int    `json:"version"`
	// Island is this island's index and Islands how many there are.
	Island  int `json:"island"`
	Islands int `json:"islands"`
	// Search holds the parameters that every island of one search shares.
	Search Search `json:"search"`
	// Seed is this island's seed.
	Seed uint64 `json:"seed"`
	// Gen and Evals are the island's generations and evaluations so far.
	Gen   int64 `json:"gen"`
	Evals int64 `json:"evals"`
	// Done is true once the island has spent its budget.
	Done bool `json:"done"`
	// Best holds the island's best mazes, best first; Best[0] is its best.
	Best []Maze `json:"best"`
}

// Maze is one maze an island shares: its walls, ends and the turns its
// island measured (a score the reader does not trust, but walks again).
type Maze struct {
	Walls []uint64 `json:"walls"`
	Entry int      `json:"entry"`
	Exit  int      `json:"exit"`
	Turns int64    `json:"turns"`
}

// MazesOf turns a search's emigrants into island mazes.
func MazesOf(ms []dispatch.Member[dispatch.Grid]) []Maze {
	out := make([]Maze, len(ms))
	for i, m := range ms {
		out[i] = Maze{Walls: m.Genome.Walls, Entry: m.Genome.Entry, Exit: m.Genome.Exit, Turns: m.Score.Turns}
	}
	return out
}

// Grids returns the genomes of island mazes, for dispatch.Search.Immigrate.
func Grids(ms []Maze) []dispatch.Grid {
	out := make([]dispatch.Grid, len(ms))
	for i, m := range ms {
		out[i] = dispatch.Grid{Walls: m.Walls, Entry: m.Entry, Exit: m.Exit}
	}
	return out
}

// Maze returns m as a maze of the given size.
func (m Maze) Maze(rows, cols int) mousemaze.Maze {
	return mousemaze.Maze{Rows: rows, Cols: cols, Walls: m.Walls}
}

// Search is the part of dispatch.Spec that the islands of one search
// must agree on: a maze from one island is a candidate of every other.
type Search struct {
	Rows      int    `json:"rows"`
	Cols      int    `json:"cols"`
	Order     string `json:"order"`
	Entry     int    `json:"entry"`
	Exit      int    `json:"exit"`
	FreeEnds  bool   `json:"free_ends"`
	Cap       int64  `json:"cap"`
	K         int    `json:"k"`
	Objective string `json:"objective"`
}

// SearchOf returns the shared part of p.
func SearchOf(p dispatch.Spec) Search {
	obj := p.Objective
	if obj == "" {
		obj = dispatch.ObjTurns
	}
	s := Search{Rows: p.Rows, Cols: p.Cols, Order: p.Order, Entry: p.Entry, Exit: p.Exit,
		FreeEnds: p.FreeEnds, Cap: p.Cap, K: p.K, Objective: obj}
	if p.FreeEnds {
		s.Entry, s.Exit = 0, 0 // only where the islands start
	}
	return s
}

// String describes s briefly, for error messages.
func (s Search) String() string {
	ends := fmt.Sprintf("entry %d, exit %d", s.Entry, s.Exit)
	if s.FreeEnds {
		ends = "free ends"
	}
	return fmt.Sprintf("%dx%d, order %s, %s, k %d, cap %d, objective %s", s.Rows, s.Cols, s.Order, ends, s.K, s.Cap, s.Objective)
}

// Path returns the file of island i in dir.
func Path(dir string, i int) string {
	return filepath.Join(dir, fmt.Sprintf("island-%d.json", i))
}

// Write saves f as island f.Island's file in dir, atomically.
func Write(dir string, f File) error {
	f.Kind, f.Version = Kind, Version
	return checkpoint.Save(Path(dir, f.Island), f)
}

// ErrMissing reports an island file that does not exist (yet).
var ErrMissing = errors.New("island: no file yet")

// Read loads island i's file from dir and checks that it belongs to a
// search of n islands. A file that does not exist is ErrMissing.
func Read(dir string, i, n int) (File, error) {
	path := Path(dir, i)
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		return File{}, fmt.Errorf("%w: %s", ErrMissing, path)
	}
	var f File
	if err := checkpoint.Load(path, &f); err != nil {
		return File{}, fmt.Errorf("island: %w", err)
	}
	switch {
	case f.Kind != Kind || f.Version != Version:
		return File{}, fmt.Errorf("island: %s is not an island file (version %d)", path, Version)
	case f.Island != i || f.Islands != n:
		return File{}, fmt.Errorf("island: %s is island %d of %d, want %d of %d", path, f.Island, f.Islands, i, n)
	}
	for k, ind := range f.Best {
		if len(ind.Walls) != f.Search.Rows {
			return File{}, fmt.Errorf("island: %s: maze %d has %d rows, the search is %dx%d", path, k, len(ind.Walls), f.Search.Rows, f.Search.Cols)
		}
	}
	return f, nil
}

// Neighbours returns the islands that island i of n reads: i−1 and i+1
// around the ring, without repeats and without i itself.
func Neighbours(i, n int) []int {
	var out []int
	for _, j := range []int{(i + n - 1) % n, (i + 1) % n} {
		if j != i && (len(out) == 0 || out[0] != j) {
			out = append(out, j)
		}
	}
	return out
}
