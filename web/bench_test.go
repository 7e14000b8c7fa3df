package web

import (
	"testing"
)

// BenchmarkEvalMM2 answers POST /api/eval for the best 13x13 Mouse Maze 2
// board: a walk of 75,780 turns with its heat map and its whole path.
func BenchmarkEvalMM2(b *testing.B) {
	s, err := New(Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	data, _ := galleryFiles.ReadFile("gallery/mm2-13x13-best.txt")
	req := evalRequest{Maze: string(data), Edges: true}
	for b.Loop() {
		if _, err := s.eval(req); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEvalThesis9x9 answers POST /api/eval for the thesis's 9x9 maze
// (1,160 turns) with the reference backend.
func BenchmarkEvalThesis9x9(b *testing.B) {
	s, err := New(Options{Backend: "ref"})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	var maze string
	for _, e := range s.gallery {
		if e.ID == "thesis-mazes-6" {
			maze = e.Maze
		}
	}
	for b.Loop() {
		if _, err := s.eval(evalRequest{Maze: maze}); err != nil {
			b.Fatal(err)
		}
	}
}
