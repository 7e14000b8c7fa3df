package island

import (
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch"
)

func TestNeighbours(t *testing.T) {
	cases := []struct {
		i, n int
		want []int
	}{
		{0, 1, nil},
		{0, 2, []int{1}},
		{1, 2, []int{0}},
		{0, 4, []int{3, 1}},
		{3, 4, []int{2, 0}},
		{2, 5, []int{1, 3}},
	}
	for _, c := range cases {
		if got := Neighbours(c.i, c.n); !reflect.DeepEqual(got, c.want) {
			t.Errorf("Neighbours(%d, %d) = %v, want %v", c.i, c.n, got, c.want)
		}
	}
}

// maze5 is a 5x5 maze that takes 54 turns with entry 0, exit 0 and order
// DRLU (the 5x5 optimum, from the sweep).
const maze5 = "...X.\n.X...\nXX...\n.....\n.X.XX\n"

func ind(t *testing.T, text string, turns int64) Maze {
	t.Helper()
	ms, err := mousemaze.Parse(strings.NewReader(text), "test")
	if err != nil || len(ms) != 1 {
		t.Fatalf("parse %q: %v", text, err)
	}
	return Maze{Walls: ms[0].Walls, Turns: turns}
}

func search5() Search {
	return SearchOf(dispatch.Spec{Rows: 5, Cols: 5, Order: "DRLU"})
}

// TestMerge writes three of four islands (one unfinished) and wants the
// best of them, walked again, with the missing and unfinished named.
func TestMerge(t *testing.T) {
	dir := t.TempDir()
	open := ind(t, ".....\n.....\n.....\n.....\n.....\n", 9)
	files := []File{
		{Island: 0, Islands: 4, Search: search5(), Seed: 1, Gen: 10, Evals: 100, Done: true, Best: []Maze{open}},
		{Island: 2, Islands: 4, Search: search5(), Seed: 3, Gen: 12, Evals: 120, Done: true, Best: []Maze{ind(t, maze5, 54), open}},
		{Island: 3, Islands: 4, Search: search5(), Seed: 4, Gen: 5, Evals: 50, Done: false, Best: []Maze{open}},
	}
	for _, f := range files {
		if err := Write(dir, f); err != nil {
			t.Fatal(err)
		}
	}
	sum, err := Merge(dir, 4)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Complete || !reflect.DeepEqual(sum.Missing, []int{1}) || !reflect.DeepEqual(sum.Unfinished, []int{3}) {
		t.Errorf("complete %v, missing %v, unfinished %v; want false, [1], [3]", sum.Complete, sum.Missing, sum.Unfinished)
	}
	if sum.BestIsland != 2 || sum.BestTurns != 54 || sum.BestVisits != 52 || sum.BestMaze != maze5 || !sum.Walked || sum.Evals != 270 {
		t.Errorf("summary %+v", sum)
	}

	// The open 5x5 maze takes 6 turns (entering, four moves down, the
	// move onto the exit), so an island that claims 9 for it is caught.
	bad := t.TempDir()
	if err := Write(bad, File{Island: 0, Islands: 1, Search: search5(), Done: true, Best: []Maze{open}}); err != nil {
		t.Fatal(err)
	}
	if _, err := Merge(bad, 1); err == nil || !strings.Contains(err.Error(), "reports 9 turns, but its best maze takes 6") {
		t.Errorf("merge of a wrong claim: %v", err)
	}
}

func TestMergeErrors(t *testing.T) {
	if _, err := Merge(t.TempDir(), 3); err == nil || !strings.Contains(err.Error(), "islands 0..2 missing") {
		t.Errorf("empty dir: %v", err)
	}
	dir := t.TempDir()
	other := search5()
	other.Order = "RDLU"
	Write(dir, File{Island: 0, Islands: 2, Search: search5(), Done: true})
	Write(dir, File{Island: 1, Islands: 2, Search: other, Done: true})
	if _, err := Merge(dir, 2); err == nil || !strings.Contains(err.Error(), "island-1.json is from another search") {
		t.Errorf("mixed searches: %v", err)
	}
	if _, err := Merge(dir, 3); err == nil || !strings.Contains(err.Error(), "is island 0 of 2, want 0 of 3") {
		t.Errorf("wrong island count: %v", err)
	}
	if err := os.WriteFile(Path(dir, 0), []byte(`{"kind":"island",`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Read(dir, 0, 2); err == nil || errors.Is(err, ErrMissing) {
		t.Errorf("torn file: %v", err)
	}
	if _, err := Read(dir, 5, 6); !errors.Is(err, ErrMissing) {
		t.Errorf("no file: %v, want ErrMissing", err)
	}
}

// TestJoin checks Join's errors, which name evolve's flags, that island i
// adds i to the seed and creates the shared directory, and that a search
// that is no island gets no Migrator.
func TestJoin(t *testing.T) {
	dir := t.TempDir() + "/isl"
	for _, c := range []struct {
		m              Migrator
		sh             mousemaze.Shard
		migrate, edges bool
		want           string
	}{
		{Migrator{Every: 25}, mousemaze.Shard{}, true, false, "--migrate and --migrate-every need --island i/N"},
		{Migrator{Every: 25}, mousemaze.Shard{Index: 1, Count: 4}, false, false, "--island needs --migrate DIR"},
		{Migrator{Dir: dir, Every: 0}, mousemaze.Shard{Index: 1, Count: 4}, true, false, "--migrate-every 0: must be 1 or more"},
		{Migrator{Dir: dir, Every: 25}, mousemaze.Shard{Index: 1, Count: 4}, true, true, "--island does not apply to --edges or --walker"},
	} {
		seed := uint64(7)
		got, err := c.m.Join(c.sh, c.migrate, c.edges, &seed)
		if got != nil || err == nil || !strings.Contains(err.Error(), c.want) || seed != 7 {
			t.Errorf("%+v %v: %v, %v, seed %d; want %q", c.m, c.sh, got, err, seed, c.want)
		}
	}
	if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("%s made on an error: %v", dir, err)
	}
	seed := uint64(7)
	if got, err := (&Migrator{Every: 25}).Join(mousemaze.Shard{}, false, true, &seed); got != nil || err != nil || seed != 7 {
		t.Errorf("no island: %v, %v, seed %d", got, err, seed)
	}
	m := &Migrator{Dir: dir, Every: 25}
	got, err := m.Join(mousemaze.Shard{Index: 2, Count: 4}, true, false, &seed)
	if err != nil || got != m || m.Index != 2 || m.Count != 4 || seed != 9 {
		t.Fatalf("island 2/4: %+v, %v, seed %d", got, err, seed)
	}
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		t.Errorf("%s not made: %v", dir, err)
	}
}
