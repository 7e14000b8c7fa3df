package mousemaze

import (
	"bytes"
	"io"
	"math/rand/v2"
	"testing"
)

// benchParse runs parse over 10,000 random 13×13 mazes in the text format
// and reports bytes per second and the time per maze (ns/maze).
func benchParse(b *testing.B, parse func(r io.Reader) error) {
	rng := rand.New(rand.NewPCG(1, 1))
	var text bytes.Buffer
	for range 10_000 {
		text.WriteString(Random(rng, 13, 13, 0.3).String())
		text.WriteByte('\n')
	}
	b.SetBytes(int64(text.Len()))
	for b.Loop() {
		if err := parse(bytes.NewReader(text.Bytes())); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*10_000), "ns/maze")
}

// BenchmarkParseLines parses 10,000 random 13×13 mazes (benchParse).
func BenchmarkParseLines(b *testing.B) {
	benchParse(b, func(r io.Reader) error { _, _, err := ParseLines(r, "x"); return err })
}

// BenchmarkParseBatches parses 10,000 random 13×13 mazes into batches,
// as eval reads its input (benchParse).
func BenchmarkParseBatches(b *testing.B) {
	benchParse(b, func(r io.Reader) error { _, err := ParseBatches(r, "x"); return err })
}
