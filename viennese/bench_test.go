package viennese

import (
	"math/rand/v2"
	"testing"
)

// BenchmarkScore measures the default score on the 24-street canvas, one
// core, cycling through 1024 random colourings:
//
//	go test ./viennese -run '^$' -bench Score -benchmem
func BenchmarkScore(b *testing.B) {
	for _, v := range []Variant{HT, NHT} {
		b.Run("canvas=vienna24/variant="+v.String(), func(b *testing.B) {
			sys, err := NewSystem(Vienna24(), v)
			if err != nil {
				b.Fatal(err)
			}
			ev := NewEvaluator(sys)
			r := rand.New(rand.NewPCG(7, 7))
			cols := make([][]uint8, 1024)
			for i := range cols {
				cols[i] = make([]uint8, 24)
				for j := range cols[i] {
					cols[i][j] = uint8(r.IntN(3))
				}
			}
			b.ReportAllocs()
			b.ResetTimer()
			sum := 0.0
			for i := 0; b.Loop(); i++ {
				sum += ev.Score(cols[i&1023])
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "mazes/s")
			if sum < 0 {
				b.Fatal(sum)
			}
		})
	}
}

func TestScoreAllocs(t *testing.T) {
	sys, _ := NewSystem(Vienna24(), NHT)
	ev := NewEvaluator(sys)
	col := make([]uint8, 24)
	if n := testing.AllocsPerRun(100, func() { ev.Score(col) }); n != 0 {
		t.Errorf("Score allocates %v times per call", n)
	}
}
