package evolve

import (
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze/dispatch"
)

// TestResumeConflict checks which flags a resumed search accepts: those
// that restate the checkpoint's setting, sizes and orders as parsed.
func TestResumeConflict(t *testing.T) {
	p := dispatch.Spec{Algo: dispatch.AlgoILS, Rows: 13, Cols: 13, Pop: 1, Seed: 3, Order: "DRLU", Evals: 100}
	for _, tc := range []struct {
		flags map[string]string
		bad   string // the flag named in the error, "" for none
	}{
		{map[string]string{}, ""},
		{map[string]string{"size": "13X13", "order": "drlu", "seed": "3", "algo": "ils", "evals": "900"}, ""},
		{map[string]string{"objective": "turns", "k": "0", "free-ends": "false"}, ""},
		{map[string]string{"size": "12x13"}, "size"},
		{map[string]string{"order": "DRUL"}, "order"},
		{map[string]string{"seed": "4"}, "seed"},
		{map[string]string{"init": "x.txt"}, "init"},
		{map[string]string{"kick": "5"}, "kick"},
		{map[string]string{"objective": "trap"}, "objective"},
	} {
		set := map[string]bool{}
		for name := range tc.flags {
			set[name] = true
		}
		err := ResumeConflict(p, set, func(name string) string { return tc.flags[name] })
		switch {
		case tc.bad == "" && err != nil:
			t.Errorf("%v: %v", tc.flags, err)
		case tc.bad != "" && (err == nil || !strings.HasPrefix(err.Error(), "--"+tc.bad+" cannot change")):
			t.Errorf("%v: error %v, want one naming --%s", tc.flags, err, tc.bad)
		}
	}
}
