package viennese

import (
	"math/rand/v2"
	"testing"

	"github.com/mousemaze/mousemaze/dispatch/sweep"
)

// BenchmarkScore measures the default score on the 24-street canvas, one
// core, cycling through 1024 random colourings, then through 1024
// colourings met by a mutate-and-keep search (mostly solvable, larger
// states graphs):
//
//	go test ./viennese -run '^$' -bench Score -benchmem
//
// mazes/s is per wall-clock second; mazes/cpu-s per second of CPU time used
// by the process, which stays meaningful on a loaded machine.
func BenchmarkScore(b *testing.B) {
	for _, v := range []Variant{HT, NHT} {
		b.Run("canvas=vienna24/variant="+v.String(), func(b *testing.B) {
			sys, err := NewSystem(Vienna24(), v)
			if err != nil {
				b.Fatal(err)
			}
			ev := NewEvaluator(sys)
			for _, set := range []string{"random", "search"} {
				b.Run("colourings="+set, func(b *testing.B) {
					benchScore(b, ev, benchColourings(b, set, sys))
				})
			}
		})
	}
}

// benchColourings returns 1024 random colourings, or the last 1024
// colourings scored by a mutate-and-keep search with seed 1.
func benchColourings(b *testing.B, set string, sys *System) [][]uint8 {
	r := rand.New(rand.NewPCG(7, 7))
	var cols [][]uint8
	if set == "random" {
		for range 1024 {
			c := make([]uint8, 24)
			for j := range c {
				c[j] = uint8(r.IntN(3))
			}
			cols = append(cols, c)
		}
		return cols
	}
	rec := &recorder{ev: NewEvaluator(sys)}
	p, _ := DefaultParams(AlgoKeep)
	p.Evals = 20000
	if _, err := Evolve(p, 24, rec, nil); err != nil {
		b.Fatal(err)
	}
	return rec.seen[len(rec.seen)-1024:]
}

// recorder is a Scorer that keeps a copy of every colouring it scores.
type recorder struct {
	ev   *Evaluator
	seen [][]uint8
}

func (r *recorder) Score(c []uint8) float64 {
	r.seen = append(r.seen, append([]uint8(nil), c...))
	return r.ev.Score(c)
}

func benchScore(b *testing.B, ev *Evaluator, cols [][]uint8) {
	b.ReportAllocs()
	cpu0, cpuOK := sweep.CPUTime()
	sum := 0.0
	for i := 0; b.Loop(); i++ {
		sum += ev.Score(cols[i&1023])
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "mazes/s")
	if cpu1, _ := sweep.CPUTime(); cpuOK && cpu1 > cpu0 {
		b.ReportMetric(float64(b.N)/(cpu1-cpu0).Seconds(), "mazes/cpu-s")
	}
	if sum < 0 {
		b.Fatal(sum)
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
