package analyze

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze"
)

// TestBoundCheckJSONNoVisits checks that a maze whose walk makes no
// visits (1x1: the entry cell is the exit cell) writes its bounds as JSON,
// with log10_paper_ratio null, instead of failing on -Inf.
func TestBoundCheckJSONNoVisits(t *testing.T) {
	bc, err := CheckBounds(mousemaze.NewMaze(1, 1), mousemaze.Config{}, true)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(bc)
	if err != nil {
		t.Fatalf("JSON of a walk without visits: %v", err)
	}
	if !strings.Contains(string(b), `"log10_paper_ratio":null`) {
		t.Errorf("JSON %s, want log10_paper_ratio null", b)
	}
	bc, err = CheckBounds(mousemaze.NewMaze(3, 3), mousemaze.Config{}, true)
	if err != nil {
		t.Fatal(err)
	}
	if b, err = json.Marshal(bc); err != nil || strings.Contains(string(b), "null") {
		t.Errorf("3x3: %s, %v", b, err)
	}
}
