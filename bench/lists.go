package bench

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mousemaze/mousemaze"
)

// SelectBackends reads bench --backends, a comma-separated list of
// backends: blanks and repeats are dropped, and each must be registered.
func SelectBackends(list string) ([]string, error) {
	var bes []string
	for _, b := range strings.Split(list, ",") {
		if b = strings.TrimSpace(b); b != "" && !slices.Contains(bes, b) {
			bes = append(bes, b)
		}
	}
	for _, b := range bes {
		if !slices.Contains(mousemaze.Backends(), b) {
			return nil, fmt.Errorf("--backends: %v %q (have %v)", mousemaze.ErrUnknownBackend, b, mousemaze.BuiltBackends())
		}
	}
	return bes, nil
}

// ParseKinds reads bench --mazes, a comma-separated list of population
// kinds (KindRandom, KindLong).
func ParseKinds(list string) ([]string, error) {
	kinds := strings.Split(list, ",")
	for _, k := range kinds {
		if k != KindRandom && k != KindLong {
			return nil, fmt.Errorf("--mazes: unknown kind %q (want %s or %s)", k, KindRandom, KindLong)
		}
	}
	return kinds, nil
}

// MaxPopulationCells bounds the cells (mazes times the cells of each) of
// one population that Run measures and of one batch that Selfcheck
// checks (the commands refuse more): 2^26 cells, 16384 mazes of 64x64.
// Such a batch, with its results and Selfcheck's two heat maps of 4 bytes
// a cell, takes about half a gigabyte, so that a mistyped count is a flag
// error rather than a process killed for want of memory.
const MaxPopulationCells = 1 << 26

// MostMazes returns the most mazes of the largest of sizes (by cells) that
// one population or batch may hold: MaxPopulationCells over its cells, and
// at most mousemaze.MaxMazes.
func MostMazes(sizes []mousemaze.Size) (int, mousemaze.Size) {
	var big mousemaze.Size
	for _, sz := range sizes {
		if sz.Cells() > big.Cells() {
			big = sz
		}
	}
	return min(MaxPopulationCells/max(big.Cells(), 1), mousemaze.MaxMazes), big
}

// CheckPopulation checks n mazes of every one of sizes against MostMazes;
// its error names flag and what the mazes are (a population, a batch).
func CheckPopulation(flag, what string, n int, sizes []mousemaze.Size) error {
	if most, big := MostMazes(sizes); n > most {
		return fmt.Errorf("%s %d: at most %d mazes of %s per %s (a %s is held in memory: at most %d cells and %d mazes)",
			flag, n, most, big, what, what, MaxPopulationCells, mousemaze.MaxMazes)
	}
	return nil
}
