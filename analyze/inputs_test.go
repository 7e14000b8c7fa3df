package analyze

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze"
)

// TestInputs wants the record of each input to be Analyze's, and a
// failure to come with the records before it and the maze's file and line.
func TestInputs(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	cfg := mousemaze.Config{Order: mousemaze.DRLU, Exit: 5}
	wide := mousemaze.RandomFeasible(rng, 3, 8, 0.3, cfg)
	narrow := mousemaze.Random(rng, 3, 3, 0.3)
	inputs := []mousemaze.Input{{File: "a", Index: 0, Line: 1, Maze: wide}, {File: "a", Index: 1, Line: 5, Maze: wide}, {File: "b", Index: 0, Line: 7, Maze: narrow}}
	recs, err := Inputs(inputs, cfg)
	if err == nil || !strings.HasPrefix(err.Error(), "b:7: ") || len(recs) != 2 {
		t.Fatalf("%d records, %v", len(recs), err)
	}
	for k, rec := range recs {
		want, werr := Analyze("a", k, wide, cfg)
		if werr != nil || !reflect.DeepEqual(rec, want) {
			t.Errorf("record %d: %+v, want %+v (%v)", k, rec, want, werr)
		}
	}
	if recs, err := Inputs(inputs[:2], cfg); err != nil || len(recs) != 2 {
		t.Errorf("two good mazes: %d records, %v", len(recs), err)
	}
}
