package island

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/mousemaze/mousemaze"
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

// Join makes m, whose Dir and Every evolve's --migrate and
// --migrate-every set, island sh.Index of sh.Count (evolve's --island
// i/N) and checks the three flags: migrate says whether --migrate or
// --migrate-every was given, edges whether the search is on edge boards
// (--edges or --walker), which run no islands. For island i it creates
// Dir and adds i to *seed so that the islands differ; this comes before
// --resume compares the seed with the checkpoint's, which holds the
// island's seed. It returns m, or nil when sh.Count is 0 (no island).
// Its errors name the flags.
func (m *Migrator) Join(sh mousemaze.Shard, migrate, edges bool, seed *uint64) (*Migrator, error) {
	if sh.Count == 0 {
		if migrate {
			return nil, errors.New("--migrate and --migrate-every need --island i/N")
		}
		return nil, nil
	}
	m.Index, m.Count = sh.Index, sh.Count
	switch {
	case m.Dir == "":
		return nil, errors.New("--island needs --migrate DIR, the directory the islands share")
	case m.Every < 1:
		return nil, fmt.Errorf("--migrate-every %d: must be 1 or more", m.Every)
	case edges:
		return nil, errors.New("--island does not apply to --edges or --walker")
	}
	if err := os.MkdirAll(m.Dir, 0o755); err != nil {
		return nil, err
	}
	*seed += uint64(m.Index)
	return m, nil
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
	best, err := s.Emigrants(Emigrants)
	if err != nil {
		return err
	}
	return Write(m.Dir, File{Island: m.Index, Islands: m.Count, Search: SearchOf(p),
		Seed: p.Seed, Gen: s.Gen(), Evals: s.Evals(), Done: done, Best: MazesOf(best)})
}
