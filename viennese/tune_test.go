package viennese

import (
	"strings"
	"testing"
)

// TestTune copies exactly the named fields, and refuses a field of
// another method or out of its range without copying any.
func TestTune(t *testing.T) {
	p, err := DefaultParams(AlgoKeep)
	if err != nil {
		t.Fatal(err)
	}
	want := p
	want.Rate, want.Pop = 0.5, 7
	if err := p.Tune(Params{Rate: 0.5, Temp: 0.2, Pop: 7, Rounds: 9}, map[string]bool{"rate": true, "pop": true}); err != nil || p != want {
		t.Errorf("Tune gave %+v, %v, want %+v", p, err, want)
	}
	for _, tc := range []struct {
		t    Params
		set  string
		want string
	}{
		{Params{Temp: 0.2}, "temp", "--temp does not apply to --algo keep (only to sa)"},
		{Params{Rate: 2}, "rate", "--rate 2: must be above 0 and at most 1"},
		{Params{Mutation: 0}, "mutation", "--mutation 0: must be above 0"},
	} {
		q := want
		if err := q.Tune(tc.t, map[string]bool{tc.set: true}); err == nil || !strings.Contains(err.Error(), tc.want) || q != want {
			t.Errorf("Tune(%s) gave %+v, %v, want the error %q and no change", tc.set, q, err, tc.want)
		}
	}
}
