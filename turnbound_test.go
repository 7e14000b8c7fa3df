package mousemaze

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

// TestTurnBoundLog10 wants TurnBoundLog10 to be log10 of the exact
// Theorem 8 guard, computed here with big integers, on mazes whose guard
// fits an int64 and on mazes where TurnBound saturates.
func TestTurnBoundLog10(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	saturated := 0
	for i := 0; i < 300; i++ {
		rows, cols := 1+rng.IntN(64), 1+rng.IntN(64)
		m := RandomFeasible(rng, rows, cols, 0.3*rng.Float64(), Config{})
		a := gridAdjacency(m, Config{})
		var cells, delta, far int64 = 0, 1, 0
		for v, d := range a.distances(a.exit) {
			if d >= 0 {
				cells, delta, far = cells+1, max(delta, int64(len(a.prefs[v]))), max(far, int64(d))
			}
		}
		sum, pow := new(big.Int), big.NewInt(1)
		for range far {
			pow.Mul(pow, big.NewInt(delta))
			sum.Add(sum, pow)
		}
		exact := new(big.Int).Mul(sum, big.NewInt(cells))
		exact.Add(exact, big.NewInt(2))
		f, _ := new(big.Float).SetInt(exact).Float64()
		want := math.Log10(f)
		if math.IsInf(f, 1) { // beyond float64: log10 from the digits
			s := exact.String()
			lead, _ := new(big.Float).SetString("0." + s[:30])
			l, _ := lead.Float64()
			want = float64(len(s)) + math.Log10(l)
		}
		got := TurnBoundLog10(m, Config{})
		if math.Abs(got-want) > 1e-9*math.Max(1, want) {
			t.Fatalf("%dx%d: TurnBoundLog10 %v, exact log10 %v (guard %s)", rows, cols, got, want, exact)
		}
		if exact.IsInt64() != (TurnBound(m, Config{}) < math.MaxInt64) {
			t.Fatalf("%dx%d: TurnBound %d for the exact %s", rows, cols, TurnBound(m, Config{}), exact)
		}
		if !exact.IsInt64() {
			saturated++
		}
	}
	if saturated == 0 || saturated == 300 {
		t.Errorf("%d of 300 guards saturated, want some and not all", saturated)
	}
}
