package mousemaze

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
)

// accepted reports whether a parser accepted its input, that is whether
// err is nil; it fails t when err is not an E, the parser's error type.
func accepted[E error](t *testing.T, err error) bool {
	if err == nil {
		return true
	}
	var e E
	if !errors.As(err, &e) {
		t.Fatalf("error %v is not a %T", err, e)
	}
	return false
}

// allValid fails t when a maze a parser accepted does not validate.
func allValid[M interface{ Validate() error }](t *testing.T, mazes []M) {
	for _, m := range mazes {
		if err := m.Validate(); err != nil {
			t.Fatalf("accepted an invalid maze: %v", err)
		}
	}
}

// FuzzParseEdges checks that ParseEdges never panics, that every error is
// a *ParseError, that what it accepts is valid, and that writing a board
// and reading it back gives the same board.
func FuzzParseEdges(f *testing.F) {
	rng := rand.New(rand.NewPCG(1, 1))
	f.Add([]byte(NewEdgeMaze(2, 3).String()))
	f.Add([]byte(RandomEdges(rng, 3, 4, 0.4).String()))
	f.Add([]byte("; c\n" + RandomEdges(rng, 1, 5, 0.5).Format(2, 3) + "\n" + RandomEdges(rng, 4, 1, 0.5).String()))
	f.Add([]byte("+ +\n|.|\n+ +\n"))
	f.Add([]byte("+-+\n|.\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		mazes, _, err := ParseEdges(bytes.NewReader(data), "fuzz")
		if !accepted[*ParseError](t, err) {
			return
		}
		allValid(t, mazes)
		for _, m := range mazes {
			back, _, err := ParseEdges(strings.NewReader(m.String()), "again")
			if err != nil || len(back) != 1 || !back[0].Equal(m) {
				t.Fatalf("round trip of\n%s gave %v, %v", m, back, err)
			}
		}
	})
}

// FuzzParseGraph checks that ParseGraph never panics, that every error is
// a *graphError, and that a graph written by WriteGraph reads back as a
// graph on which the mouse walks exactly as on the original.
func FuzzParseGraph(f *testing.F) {
	if data, err := os.ReadFile("testdata/single-path.json"); err == nil {
		f.Add(data)
	}
	for _, g := range []Graph{Lemma11(3), singlePath()} {
		var buf bytes.Buffer
		if err := WriteGraph(&buf, g); err != nil {
			f.Fatal(err)
		}
		f.Add(buf.Bytes())
	}
	f.Add([]byte(`{"vertices":["a","b"],"edges":[["a","b"]],"start":"a","exit":"b"}`))
	f.Add([]byte(`{"vertices":["a"],"edges":[],"start":"a","exit":"a"`))
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := ParseGraph(bytes.NewReader(data), "fuzz")
		if !accepted[*graphError](t, err) {
			return
		}
		var buf bytes.Buffer
		if err := WriteGraph(&buf, g); err != nil {
			t.Fatalf("WriteGraph of an accepted graph: %v", err)
		}
		back, err := ParseGraph(&buf, "again")
		if err != nil {
			t.Fatalf("re-parse: %v", err)
		}
		for _, cfg := range []Config{{Cap: 100000}, {K: 2, Cap: 100000}} {
			a, errA := WalkGraph(g, cfg)
			b, errB := WalkGraph(back, cfg)
			if (errA == nil) != (errB == nil) || !a.Same(b) {
				t.Fatalf("k=%d: walk %+v (%v) before, %+v (%v) after the round trip", cfg.K, a, errA, b, errB)
			}
		}
	})
}
