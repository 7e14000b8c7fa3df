package mousemaze

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// BenchmarkParseLines parses 10,000 random 13×13 mazes in the text format
// and reports bytes per second and the time per maze (ns/maze).
func BenchmarkParseLines(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	var text bytes.Buffer
	for range 10_000 {
		text.WriteString(Random(rng, 13, 13, 0.3).String())
		text.WriteByte('\n')
	}
	b.SetBytes(int64(text.Len()))
	for b.Loop() {
		if _, _, err := ParseLines(bytes.NewReader(text.Bytes()), "x"); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*10_000), "ns/maze")
}
