package dispatch

import "testing"

// TestBackendFor checks which backend a search opens for each name the
// user gives: "auto" becomes "cpu" unless the method hands its evaluator
// large batches; every other name stays.
func TestBackendFor(t *testing.T) {
	for _, tc := range []struct {
		backend, algo string
		pop           int
		want          string
		large         bool
	}{
		{"auto", AlgoILS, 0, "cpu", false},
		{"", AlgoILS, 0, "cpu", false},
		{"auto", AlgoHill, 5000, "cpu", false},
		{"auto", AlgoAnneal, 5000, "cpu", false},
		{"auto", AlgoMemetic, 5000, "cpu", false},
		{"auto", AlgoGA, 1024, "cpu", false},
		{"auto", AlgoGA, 1025, "auto", true},
		{"auto", AlgoEA, 100000, "auto", true},
		{"auto", AlgoPipeline, 2048, "auto", true},
		{"auto", AlgoRandom, 4096, "auto", true},
		{"cuda", AlgoILS, 0, "cuda", false},
		{"ref", AlgoGA, 100000, "ref", true},
		{"cpu", AlgoGA, 100000, "cpu", true},
	} {
		p := Spec{Algo: tc.algo, Pop: tc.pop}
		if got := BackendFor(tc.backend, p); got != tc.want || p.LargeBatches() != tc.large {
			t.Errorf("%q, %s, pop %d: BackendFor %q (want %q), LargeBatches %v", tc.backend, tc.algo, tc.pop, got, tc.want, p.LargeBatches())
		}
	}
}
