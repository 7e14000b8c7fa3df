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
