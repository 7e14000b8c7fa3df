package analyze

import (
	"fmt"
	"testing"

	"github.com/mousemaze/mousemaze"
)

func TestSearchTheorem1Print(t *testing.T) {
	sizes, err := SearchTheorem1(5, 5, mousemaze.Config{})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range sizes {
		fmt.Printf("%dx%d checked %d failed %d\n", s.Rows, s.Cols, s.Checked, s.Failed)
		if s.First != nil {
			fmt.Printf("%s%+v\n%s\n", s.First.Maze, s.First.Loop, s.First.Hypothesis())
		}
	}
}
