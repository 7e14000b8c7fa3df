package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch/island"
)

// islandFlags are evolve's --island, --migrate and --migrate-every: the
// search runs as island i of N, trading its best mazes with its ring
// neighbours through files in a shared directory (see dispatch/island).
type islandFlags struct {
	shard mousemaze.Shard // i/N, parsed once; Count 0 when not given
	m     island.Migrator
}

// registerIslandFlags adds the island flags to fs; migrations are logged
// to log.
func registerIslandFlags(fs *flag.FlagSet, log io.Writer) *islandFlags {
	f := &islandFlags{m: island.Migrator{Log: log}}
	fs.Var(&f.shard, "island", "run as island i of N, written i/N (0-based; the seed becomes seed+i), trading mazes through --migrate")
	fs.StringVar(&f.m.Dir, "migrate", "", "shared directory where islands write their best mazes and read their neighbours'")
	fs.IntVar(&f.m.Every, "migrate-every", 25, "generations between migrations (with --island)")
	return f
}

// parse checks the flags and, for island i, adds i to the seed so that
// the islands differ. It runs before --resume compares the seed with the
// checkpoint's, which holds the island's seed. It returns the migrator,
// nil when the search is no island.
func (f *islandFlags) parse(set map[string]bool, seed *uint64, edges bool) (*island.Migrator, error) {
	if f.shard.Count == 0 {
		if set["migrate"] || set["migrate-every"] {
			return nil, errors.New("--migrate and --migrate-every need --island i/N")
		}
		return nil, nil
	}
	m := &f.m
	m.Index, m.Count = f.shard.Index, f.shard.Count
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
