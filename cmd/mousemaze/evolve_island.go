package main

import (
	"flag"
	"io"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch/island"
)

// islandFlags are evolve's --island, --migrate and --migrate-every: the
// search runs as island i of N, trading its best mazes with its ring
// neighbours through files in a shared directory (see dispatch/island;
// island.Migrator.Join checks them).
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
