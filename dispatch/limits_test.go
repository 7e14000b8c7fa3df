package dispatch

import (
	"errors"
	"testing"
)

// TestValidatePopBound wants populations above MaxPop refused by Validate
// (so before any allocation), with the bound itself allowed.
func TestValidatePopBound(t *testing.T) {
	for _, tc := range []struct {
		algo    string
		pop     int
		islands int
		want    string // "" for valid
	}{
		{AlgoGA, MaxPop, 0, ""},
		{AlgoGA, MaxPop + 1, 0, "dispatch: invalid search parameters: --pop 1048577: must be at most 1048576"},
		{AlgoRandom, 2000000000, 0, "dispatch: invalid search parameters: --pop 2000000000: must be at most 1048576"},
		{AlgoMemetic, MaxPop / 8, 8, ""},
		{AlgoMemetic, MaxPop/8 + 1, 8, "dispatch: invalid search parameters: --pop 131073 × --islands 8: must be at most 1048576 genomes"},
		{AlgoMemetic, 20, 1 << 40, "dispatch: invalid search parameters: --pop 20 × --islands 1099511627776: must be at most 1048576 genomes"},
	} {
		p, _ := Preset(tc.algo)
		p.Rows, p.Cols, p.Evals, p.Pop = 6, 6, 100, tc.pop
		if tc.islands > 0 {
			p.Islands = tc.islands
		}
		err := p.Validate()
		if (err == nil) != (tc.want == "") || (err != nil && (err.Error() != tc.want || !errors.Is(err, ErrParams))) {
			t.Errorf("%s pop %d islands %d: %v, want %q", tc.algo, tc.pop, tc.islands, err, tc.want)
		}
	}
}
