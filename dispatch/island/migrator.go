package island

import (
	"errors"
	"fmt"
	"io"

	"github.com/mousemaze/mousemaze/dispatch"
)

// Emigrants is how many of its best mazes an island writes for the others.
const Emigrants = 4

// A Migrator runs a search as island Index of Count: every Every
// generations it writes the island's best mazes to Dir and takes in its
// ring neighbours' (logging each migration to Log, if not nil).
type Migrator struct {
	Index, Count, Every int
	Dir                 string
	Log                 io.Writer
	// seen holds the generation of each neighbour's file last taken in,
	// so an unchanged file is not walked again.
	seen map[int]int64
}

// Generation is called after every generation of s (a nil Migrator does
// nothing): every Every generations the island writes its best mazes and
// takes in its neighbours'.
func (m *Migrator) Generation(s *dispatch.Search) error {
	if m == nil || s.Gen()%int64(m.Every) != 0 {
		return nil
	}
	if err := m.Write(s, false); err != nil {
		return err
	}
	if m.seen == nil {
		m.seen = map[int]int64{}
	}
	for _, j := range Neighbours(m.Index, m.Count) {
		nb, err := Read(m.Dir, j, m.Count)
		if errors.Is(err, ErrMissing) {
			continue // not started yet
		}
		if err != nil {
			return err
		}
		if want := SearchOf(s.Spec()); nb.Search != want {
			return fmt.Errorf("%s is from another search (%v; this island is %v)", Path(m.Dir, j), nb.Search, want)
		}
		if last, ok := m.seen[j]; ok && last == nb.Gen {
			continue
		}
		m.seen[j] = nb.Gen
		n, err := s.Immigrate(Grids(nb.Best))
		if err != nil {
			return fmt.Errorf("%s: %w", Path(m.Dir, j), err)
		}
		if m.Log != nil && n > 0 {
			fmt.Fprintf(m.Log, "island %d: took %d mazes from island %d (its best %d turns) at generation %d\n", m.Index, n, j, nb.Best[0].Turns, s.Gen())
		}
	}
	return nil
}

// Write saves the island's best mazes to its file in Dir (a nil Migrator
// does nothing); done marks the island's search finished.
func (m *Migrator) Write(s *dispatch.Search, done bool) error {
	if m == nil {
		return nil
	}
	p := s.Spec()
	return Write(m.Dir, File{Island: m.Index, Islands: m.Count, Search: SearchOf(p),
		Seed: p.Seed, Gen: s.Gen(), Evals: s.Evals(), Done: done, Best: MazesOf(s.Emigrants(Emigrants))})
}
