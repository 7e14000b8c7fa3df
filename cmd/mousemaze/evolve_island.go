package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/mousemaze/mousemaze/dispatch"
	"github.com/mousemaze/mousemaze/dispatch/island"
)

// emigrants is how many of its best mazes an island writes for the others.
const emigrants = 4

// islandFlags are evolve's --island, --migrate and --migrate-every: the
// search runs as island i of N, trading its best mazes with its ring
// neighbours through files in a shared directory (see dispatch/island).
type islandFlags struct {
	spec  string
	dir   string
	every int
	index int
	count int
	log   io.Writer
	// seen holds the generation of each neighbour's file last taken in,
	// so an unchanged file is not walked again.
	seen map[int]int64
}

// registerIslandFlags adds the island flags to fs; migrations are logged
// to log.
func registerIslandFlags(fs *flag.FlagSet, log io.Writer) *islandFlags {
	f := &islandFlags{seen: map[int]int64{}, log: log}
	fs.StringVar(&f.spec, "island", "", "run as island i of N, written i/N (0-based; the seed becomes seed+i), trading mazes through --migrate")
	fs.StringVar(&f.dir, "migrate", "", "shared directory where islands write their best mazes and read their neighbours'")
	fs.IntVar(&f.every, "migrate-every", 25, "generations between migrations (with --island)")
	return f
}

// parse checks the flags and, for island i, adds i to the seed so that
// the islands differ. It runs before --resume compares the seed with the
// checkpoint's, which holds the island's seed.
func (f *islandFlags) parse(set map[string]bool, seed *uint64, edges bool) error {
	if f.spec == "" {
		if set["migrate"] || set["migrate-every"] {
			return errors.New("--migrate and --migrate-every need --island i/N")
		}
		return nil
	}
	if _, err := fmt.Sscanf(f.spec, "%d/%d", &f.index, &f.count); err != nil || fmt.Sprintf("%d/%d", f.index, f.count) != f.spec {
		return fmt.Errorf("--island %q: want i/N, such as 0/4", f.spec)
	}
	if f.count < 1 || f.index < 0 || f.index >= f.count {
		return fmt.Errorf("--island %q: want 0 ≤ i < N", f.spec)
	}
	if f.dir == "" {
		return errors.New("--island needs --migrate DIR, the directory the islands share")
	}
	if f.every < 1 {
		return fmt.Errorf("--migrate-every %d: must be 1 or more", f.every)
	}
	if edges {
		return errors.New("--island does not apply to --edges or --walker")
	}
	if err := os.MkdirAll(f.dir, 0o755); err != nil {
		return err
	}
	*seed += uint64(f.index)
	return nil
}

// active reports whether the search runs as an island.
func (f *islandFlags) active() bool { return f.spec != "" }

// generation is called after every generation: every --migrate-every
// generations the island writes its best mazes and takes in its
// neighbours'.
func (f *islandFlags) generation(s *dispatch.Search) error {
	if !f.active() || s.Gen()%int64(f.every) != 0 {
		return nil
	}
	if err := f.write(s, false); err != nil {
		return err
	}
	for _, j := range island.Neighbours(f.index, f.count) {
		nb, err := island.Read(f.dir, j, f.count)
		if errors.Is(err, island.ErrMissing) {
			continue // not started yet
		}
		if err != nil {
			return err
		}
		if want := island.SearchOf(s.Params()); nb.Search != want {
			return fmt.Errorf("%s is from another search (%v; this island is %v)", island.Path(f.dir, j), nb.Search, want)
		}
		if last, ok := f.seen[j]; ok && last == nb.Gen {
			continue
		}
		f.seen[j] = nb.Gen
		n, err := s.Immigrate(island.Grids(nb.Best))
		if err != nil {
			return fmt.Errorf("%s: %w", island.Path(f.dir, j), err)
		}
		if f.log != nil && n > 0 {
			fmt.Fprintf(f.log, "island %d: took %d mazes from island %d (its best %d turns) at generation %d\n", f.index, n, j, nb.Best[0].Turns, s.Gen())
		}
	}
	return nil
}

// write saves the island's best mazes to its file in the shared directory.
func (f *islandFlags) write(s *dispatch.Search, done bool) error {
	if !f.active() {
		return nil
	}
	p := s.Params()
	return island.Write(f.dir, island.File{Island: f.index, Islands: f.count, Search: island.SearchOf(p),
		Seed: p.Seed, Gen: s.Gen(), Evals: s.Evals(), Done: done, Best: island.MazesOf(s.Emigrants(emigrants))})
}
