package sweep

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze"
)

// jsonObject is a report or a checkpoint as a JSON object, to corrupt.
type jsonObject = map[string]any

// toObject returns v as a JSON object.
func toObject(t *testing.T, v any) jsonObject {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var m jsonObject
	if err := dec.Decode(&m); err != nil {
		t.Fatal(err)
	}
	return m
}

// copyObject returns a deep copy of m.
func copyObject(t *testing.T, m jsonObject) jsonObject {
	t.Helper()
	return toObject(t, m)
}

// bucket returns bucket k of the histogram of the pair report p.
func bucket(p jsonObject, k int) jsonObject { return p["histogram"].([]any)[k].(jsonObject) }

// pairAt returns pair j of a free-ends report or of a checkpoint.
func pairAt(m jsonObject, j int) jsonObject { return m["pairs"].([]any)[j].(jsonObject) }

// reportOf decodes m as a report, as sweep-merge reads a file; a decoding
// error is returned as it is.
func reportOf(m jsonObject) (*Report, error) {
	data, err := json.Marshal(m)
	if err != nil {
		return nil, err
	}
	var r Report
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, err
	}
	return &r, nil
}

// shardObjects sweeps o in n shards and returns their reports as JSON
// objects.
func shardObjects(t *testing.T, o Options, n int) []jsonObject {
	t.Helper()
	var out []jsonObject
	for i := range n {
		p := o
		p.Shard, p.Shards = i, n
		out = append(out, toObject(t, sweepAll(t, p)))
	}
	return out
}

// mergeObjects decodes the reports and merges them under the names
// s0.json, s1.json, ...
func mergeObjects(objs []jsonObject) (*Report, error) {
	var names []string
	var reps []*Report
	for k, m := range objs {
		r, err := reportOf(m)
		if err != nil {
			return nil, inFile("s"+string(rune('0'+k))+".json", err)
		}
		names = append(names, "s"+string(rune('0'+k))+".json")
		reps = append(reps, r)
	}
	return MergeNamed(names, reps)
}

// TestMergeCorruptReports corrupts one field (or a few together) of one
// of the two shard reports of a 4x4 sweep and wants MergeNamed to refuse
// them with an error that names the file, the field and the problem,
// and both files where the reports are of different sweeps. The edits
// include each one a tester found merged without a word.
func TestMergeCorruptReports(t *testing.T) {
	const openMaze = "....\n....\n....\n....\n"
	good := shardObjects(t, Options{Size: mousemaze.Size{Rows: 4, Cols: 4}}, 2)
	if _, err := mergeObjects(good); err != nil {
		t.Fatalf("the good shards: %v", err)
	}
	tests := []struct {
		name string
		edit func(m jsonObject) // of s0.json
		want string             // the whole error, or its start when it ends in "…"
	}{
		{"tasks too many", func(m jsonObject) { m["tasks"] = 100000 },
			"s0.json: tasks: 100000, but the tasks of entry 0, exit 0 (0 to 743) in shard 0/2 number 372"},
		{"tasks negative", func(m jsonObject) { m["tasks"] = -1 },
			"s0.json: tasks: -1, but the tasks of entry 0, exit 0 (0 to 743) in shard 0/2 number 372"},
		{"optimum too high", func(m jsonObject) { m["optimum_turns"] = 1000000 },
			"s0.json: optimum_turns: 1000000, but the histogram's most turns are 27"},
		{"optimum negative", func(m jsonObject) { m["optimum_turns"] = -3 },
			"s0.json: optimum_turns: -3 is negative"},
		{"optimum visits", func(m jsonObject) { m["optimum_visits"] = 3 },
			"s0.json: optimum_visits: 3: want 25 (optimum_turns - 2)"},
		{"optimal classes", func(m jsonObject) { m["optimal_classes"] = 2 },
			"s0.json: optimal_classes, optimal_mazes: 2, 1, but the histogram's bucket of 27 turns holds 1, 1"},
		{"maze not a maze", func(m jsonObject) { m["optimal_maze"] = "QQQ" },
			"s0.json: optimal_maze: not a maze: unknown character 'Q' in column 1 (want '.', 'X' or '#')"},
		{"maze bad character", func(m jsonObject) { m["optimal_maze"] = "..\n..Z\n" },
			"s0.json: optimal_maze: not a maze: …"},
		{"maze missing", func(m jsonObject) { m["optimal_maze"], m["optimal_class"] = "", "" },
			"s0.json: optimal_maze: missing, but optimum_turns is 27"},
		{"maze two", func(m jsonObject) { m["optimal_maze"] = "....\n....\n....\n....\n\n....\n....\n....\n....\n" },
			"s0.json: optimal_maze: 2 mazes: want one"},
		{"maze other size", func(m jsonObject) { m["optimal_maze"] = "...\n...\n...\n" },
			"s0.json: optimal_maze: a 3x3 maze in a sweep of 4x4"},
		{"maze other walk", func(m jsonObject) { m["optimal_maze"], m["optimal_class"] = openMaze, openMaze },
			"s0.json: optimal_maze: the reference walk takes 5 turns on it (order DRLU, entry 0, exit 0), but optimum_turns is 27"},
		{"maze infeasible", func(m jsonObject) { m["optimal_maze"] = "XXXX\n....\n....\n....\n" },
			"s0.json: optimal_maze: the mouse cannot reach exit 0 from entry 0"},
		{"maze other spelling", func(m jsonObject) { m["optimal_maze"] = ".#..\n....\n#...\n....\n" },
			"s0.json: optimal_maze: not written as sweep writes it (rows of '.' and 'X', each ended by a newline)"},
		{"class", func(m jsonObject) { m["optimal_class"] = "??..\n....\nX...\n....\n" },
			"s0.json: optimal_class: not optimal_maze with some open cells made '?'"},
		{"optimal task of another shard", func(m jsonObject) { m["optimal_task"] = 5 },
			"s0.json: optimal_task: 5 is not one of the tasks of entry 0, exit 0 (0 to 743) in shard 0/2"},
		{"optimal task out of range", func(m jsonObject) { m["optimal_task"] = 10000 },
			"s0.json: optimal_task: 10000 is not one of the tasks of entry 0, exit 0 (0 to 743) in shard 0/2"},
		{"elapsed negative", func(m jsonObject) { m["elapsed_s"] = -1e308 },
			"s0.json: elapsed_s: -1e+308: want a number of seconds, 0 or more"},
		{"histogram mazes", func(m jsonObject) { bucket(m, 0)["mazes"] = "5" },
			"s0.json: mazes: 20537, but infeasible_mazes, pruned_mazes and the histogram's mazes add up to 16446"},
		{"histogram classes negative", func(m jsonObject) { bucket(m, 0)["classes"] = -2 },
			"s0.json: histogram.classes: -2 is negative: want a whole number from 0 to 18446744073709551615"},
		{"leaves negative", func(m jsonObject) { m["leaves"] = -100 },
			"s0.json: leaves: -100 is negative: want a whole number from 0 to 18446744073709551615"},
		{"leaves", func(m jsonObject) { m["leaves"] = 144 },
			"s0.json: leaves: 144, but the histogram's classes add up to 145"},
		{"histogram order", func(m jsonObject) {
			h := m["histogram"].([]any)
			h[0], h[1] = h[1], h[0]
		}, "s0.json: histogram[1].turns: 5 after 7: want increasing turns"},
		{"histogram no classes", func(m jsonObject) { bucket(m, 0)["classes"] = 0 },
			"s0.json: histogram[0].classes: 0: a bucket holds at least one class"},
		{"histogram no turns", func(m jsonObject) { bucket(m, 0)["turns"] = 0 },
			"s0.json: histogram[0].turns: 0: a walk takes at least 1 turn"},
		{"histogram fewer mazes than classes", func(m jsonObject) { bucket(m, 2)["mazes"] = "4" },
			"s0.json: histogram[2].mazes: 4, fewer than its 5 classes (each class stands for at least one maze)"},
		{"mazes negative", func(m jsonObject) { m["mazes"] = "-5" },
			`s0.json: mazes: "-5" is not a count: want a whole number from 0 to 2^128-1, written in a string`},
		{"mazes above all", func(m jsonObject) { m["infeasible_mazes"], m["mazes"] = "65536", "70570" },
			"s0.json: mazes: 70570, but 4x4 has 2^16 = 65536 mazes in all"},
		{"pruned in a full sweep", func(m jsonObject) { m["pruned_mazes"], m["mazes"] = "1", "20538" },
			"s0.json: pruned_mazes: 1 in a sweep that is not best-only (want 0)"},
		{"rows", func(m jsonObject) { m["rows"] = 5 },
			"s0.json: total_tasks: 744, but the split of this sweep (5x4, order DRLU, entry 0, exit 0, split depth 17) has more than 744 tasks"},
		{"too many cells", func(m jsonObject) { m["rows"], m["cols"] = 9, 9 },
			"s0.json: rows, cols: 9x9 has 81 cells; a sweep has at most 64"},
		{"no rows", func(m jsonObject) { m["rows"] = 0 },
			"s0.json: rows, cols: …"},
		{"rows fraction", func(m jsonObject) { m["rows"] = 4.5 },
			"s0.json: rows: 4.5 is not a whole number"},
		{"rows huge", func(m jsonObject) { m["rows"] = 1e30 },
			"s0.json: rows: 1e+30 is out of range: want a whole number from -9223372036854775808 to 9223372036854775807"},
		{"order", func(m jsonObject) { m["order"] = "DRUL" },
			"s0.json: total_tasks: 744, but the split of this sweep (4x4, order DRUL, entry 0, exit 0, split depth 17) has more than 744 tasks"},
		{"order not one", func(m jsonObject) { m["order"] = "DRLX" },
			`s0.json: order: "DRLX": want four capitals, a permutation of DRLU`},
		{"order lower case", func(m jsonObject) { m["order"] = "drlu" },
			`s0.json: order: "drlu": want four capitals, a permutation of DRLU`},
		{"entry", func(m jsonObject) { m["entry"] = 1 },
			"s0.json: total_tasks: 744, but the split of this sweep (4x4, order DRLU, entry 1, exit 0, split depth 17) has more than 744 tasks"},
		{"entry outside", func(m jsonObject) { m["entry"] = 9 },
			"s0.json: entry, exit: …"},
		{"exit outside", func(m jsonObject) { m["exit"] = -1 },
			"s0.json: entry, exit: …"},
		{"total tasks", func(m jsonObject) { m["total_tasks"] = 743 },
			"s0.json: total_tasks: 743, but the split of this sweep (4x4, order DRLU, entry 0, exit 0, split depth 17) has more than 743 tasks"},
		{"no tasks", func(m jsonObject) { m["total_tasks"] = 0 },
			"s0.json: total_tasks: 0: a sweep has at least 1 task"},
		{"too many tasks", func(m jsonObject) { m["total_tasks"] = 1 << 30 },
			"s0.json: total_tasks: 1073741824: more than the 16777216 tasks a sweep can be cut into (each task is listed in memory)"},
		{"split depth 0", func(m jsonObject) { m["split_depth"] = 0 },
			"s0.json: split_depth: 0: want 1 to 17 for 4x4"},
		// Depth 16 splits 4x4 into the same 744 tasks as 17: s0 is valid on
		// its own, but not of s1's sweep.
		{"split depth", func(m jsonObject) { m["split_depth"] = 16 },
			"s1.json: split_depth: 17, but s0.json has 16: they are of different sweeps"},
		{"shard count", func(m jsonObject) { m["shard"] = "0/3" },
			"s0.json: tasks: 372, but the tasks of entry 0, exit 0 (0 to 743) in shard 0/3 number 248"},
		{"shard syntax", func(m jsonObject) { m["shard"] = "x/2" },
			`s0.json: shard: "x/2": invalid shard: want i/N, such as 3/16`},
		{"shard index", func(m jsonObject) { m["shard"] = "1/2" },
			"s0.json: optimal_task: 4 is not one of the tasks of entry 0, exit 0 (0 to 743) in shard 1/2"},
		{"best-only without incumbent", func(m jsonObject) { m["best_only"] = true },
			"s0.json: incumbent: 0 with best_only true: a best-only sweep has an incumbent of at least 1 turn, another none"},
		{"incumbent without best-only", func(m jsonObject) { m["incumbent"] = 5 },
			"s0.json: incumbent: 5 with best_only false: a best-only sweep has an incumbent of at least 1 turn, another none"},
		{"free ends without pairs", func(m jsonObject) { m["free_ends"] = true },
			"s0.json: pairs: 0 pairs: a sweep with free ends of 4 columns has 16"},
		{"pairs without free ends", func(m jsonObject) { m["pairs"] = []any{copyObject(t, m)} },
			"s0.json: pairs: in a sweep of one pair of end columns (free_ends false)"},
		// Each shard is consistent, but together they miss mazes.
		{"sums", func(m jsonObject) { bucket(m, 0)["mazes"], m["mazes"] = "5", "16446" },
			"the reports do not add up to the whole sweep: mazes: 61445, but 4x4 has 2^16 = 65536 mazes in all"},
	}
	for _, tc := range tests {
		bad := copyObject(t, good[0])
		tc.edit(bad)
		_, err := mergeObjects([]jsonObject{bad, good[1]})
		want, prefix := strings.CutSuffix(tc.want, "…")
		if err == nil || !prefix && err.Error() != want || prefix && !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%s: %v\nwant %q", tc.name, err, tc.want)
			continue
		}
		if !strings.Contains(tc.want, "different sweeps") && !errors.Is(err, ErrCorrupt) {
			t.Errorf("%s: %v is not ErrCorrupt", tc.name, err)
		}
	}
}

// TestMergeCorruptFreeEnds corrupts shard reports of a 3x4 sweep with
// free ends: the top level must repeat the best pair, and every pair's
// tally is checked as a report's is.
func TestMergeCorruptFreeEnds(t *testing.T) {
	good := shardObjects(t, Options{Size: mousemaze.Size{Rows: 3, Cols: 4}, FreeEnds: true}, 2)
	if _, err := mergeObjects(good); err != nil {
		t.Fatalf("the good shards: %v", err)
	}
	tests := []struct {
		name string
		edit func(m jsonObject)
		want string // the start of the error
	}{
		{"top optimum", func(m jsonObject) { m["optimum_turns"] = 1 }, "s0.json: optimum_turns: differs from the best pair's, pairs["},
		{"top tasks", func(m jsonObject) { m["tasks"] = 1 }, "s0.json: tasks: differs from the best pair's, pairs["},
		{"best pair", func(m jsonObject) { m["best_pair"] = jsonObject{"entry": 3, "exit": 3} }, "s0.json: best_pair: entry 3, exit 3: want entry "},
		{"no best pair", func(m jsonObject) { delete(m, "best_pair") }, "s0.json: best_pair: missing: want entry "},
		{"pair entry", func(m jsonObject) { pairAt(m, 3)["entry"] = 1 }, "s0.json: pairs[3].entry, exit: 1, 3: want 0, 3"},
		{"pair tasks", func(m jsonObject) { pairAt(m, 3)["tasks"] = 7 }, "s0.json: pairs[3].tasks: 7, but the tasks of entry 0, exit 3 ("},
		{"pair optimum", func(m jsonObject) { pairAt(m, 5)["optimum_turns"] = 99 }, "s0.json: pairs[5].optimum_turns: 99, but the histogram's most turns are "},
		{"pair maze", func(m jsonObject) { pairAt(m, 5)["optimal_maze"] = "QQ" }, "s0.json: pairs[5].optimal_maze: not a maze"},
		{"pair leaves negative", func(m jsonObject) { pairAt(m, 5)["leaves"] = -1 }, "s0.json: pairs.leaves: -1 is negative"},
		{"pair histogram", func(m jsonObject) { bucket(pairAt(m, 5), 0)["mazes"] = "1000000" }, "s0.json: pairs[5].mazes: "},
		{"pair split depth", func(m jsonObject) { pairAt(m, 5)["split_depth"] = 0 }, "s0.json: pairs[5].split_depth: 0: want 1 to "},
		{"pairs missing", func(m jsonObject) { m["pairs"] = m["pairs"].([]any)[:15] }, "s0.json: pairs: 15 pairs: a sweep with free ends of 4 columns has 16"},
		{"not free ends", func(m jsonObject) { m["free_ends"] = false }, "s0.json: pairs: in a sweep of one pair of end columns (free_ends false)"},
	}
	for _, tc := range tests {
		bad := copyObject(t, good[0])
		tc.edit(bad)
		_, err := mergeObjects([]jsonObject{bad, good[1]})
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%s: %v\nwant %q…", tc.name, err, tc.want)
		}
	}
}

// TestValidateGood wants Validate to pass the reports of whole sweeps, of
// shards and of merges: full and best-only, one pair and free ends.
func TestValidateGood(t *testing.T) {
	for _, o := range []Options{
		{Size: mousemaze.Size{Rows: 1, Cols: 1}},
		{Size: mousemaze.Size{Rows: 4, Cols: 4}},
		{Size: mousemaze.Size{Rows: 3, Cols: 5}, Config: mousemaze.Config{Order: mousemaze.Order{mousemaze.Up, mousemaze.Left, mousemaze.Right, mousemaze.Down}, Entry: 4, Exit: 1}},
		{Size: mousemaze.Size{Rows: 4, Cols: 4}, SplitDepth: 3},
		{Size: mousemaze.Size{Rows: 4, Cols: 4}, BestOnly: true, Incumbent: 23},
		{Size: mousemaze.Size{Rows: 3, Cols: 3}, FreeEnds: true},
	} {
		whole := sweepAll(t, o)
		if err := whole.Validate(); err != nil {
			t.Errorf("%s %+v: whole sweep: %v", o.Size, o.Config, err)
		}
		for _, n := range []int{2, 7} {
			var parts []*Report
			for i := range n {
				p := o
				p.Shard, p.Shards = i, n
				r := sweepAll(t, p)
				if err := r.Validate(); err != nil {
					t.Errorf("%s %+v: shard %d/%d: %v", o.Size, o.Config, i, n, err)
				}
				parts = append(parts, r)
			}
			m, err := Merge(parts...)
			if err != nil {
				t.Errorf("%s %+v: merge of %d shards: %v", o.Size, o.Config, n, err)
				continue
			}
			if err := m.Validate(); err != nil {
				t.Errorf("%s %+v: merge of %d shards: %v", o.Size, o.Config, n, err)
			}
			if !reflect.DeepEqual(strip(m), strip(whole)) {
				t.Errorf("%s %+v: merge of %d shards differs from the whole sweep", o.Size, o.Config, n)
			}
		}
	}
}

// TestReportJSONErrors checks the words of Report's decoder for numbers
// that do not fit their fields, and that other errors are encoding/json's
// with the field's JSON path.
func TestReportJSONErrors(t *testing.T) {
	tests := []struct {
		in, want string
	}{
		{`{"leaves": -100}`, "leaves: -100 is negative: want a whole number from 0 to 18446744073709551615"},
		{`{"histogram": [{"classes": -2}]}`, "histogram.classes: -2 is negative: want a whole number from 0 to 18446744073709551615"},
		{`{"histogram": [{"classes": 1.5}]}`, "histogram.classes: 1.5 is not a whole number"},
		{`{"steps": 1e3}`, "steps: 1e3: write the whole number with digits only"},
		{`{"rows": -1.5}`, "rows: -1.5 is not a whole number"},
		{`{"rows": -0.0}`, "rows: -0.0: write the whole number with digits only"},
		{`{"leaves": 123456789012345678901234567890123456789012345678901234567890}`, "leaves: 1234567890123456789012345678901234567890... is out of range: want a whole number from 0 to 18446744073709551615"},
		{`{"steps": 1e20}`, "steps: 1e20 is out of range: want a whole number from 0 to 18446744073709551615"},
		{`{"tasks": 2.0e1000}`, "tasks: 2.0e1000 is out of range: want a whole number from -9223372036854775808 to 9223372036854775807"},
		{`{"pairs": [{"mazes": "x"}]}`, `pairs.mazes: "x" is not a count: want a whole number from 0 to 2^128-1, written in a string`},
		{`{"mazes": -1}`, `mazes: -1 is not a count: want a whole number from 0 to 2^128-1, written in a string`},
		{`{"mazes": true}`, `mazes: true is not a count: want a whole number from 0 to 2^128-1, written in a string`},
		{`{"rows": "two"}`, "json: cannot unmarshal string into Go struct field Report.rows of type int"},
		{`{"histogram": {}}`, "json: cannot unmarshal object into Go struct field Report.histogram of type []sweep.Bucket"},
	}
	for _, tc := range tests {
		var r Report
		err := json.Unmarshal([]byte(tc.in), &r)
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s: %v\nwant %q", tc.in, err, tc.want)
		}
	}
	// A good report reads back the same.
	want := sweepAll(t, Options{Size: mousemaze.Size{Rows: 3, Cols: 3}, FreeEnds: true})
	data, err := json.Marshal(want)
	if err != nil {
		t.Fatal(err)
	}
	var got Report
	if err := json.Unmarshal(data, &got); err != nil || !reflect.DeepEqual(&got, want) {
		t.Errorf("round trip: %v\n got %+v\nwant %+v", err, got, want)
	}
}

// checkpointObject sweeps o to the end, writing its checkpoint, and
// returns the checkpoint as a JSON object.
func checkpointObject(t *testing.T, o Options) jsonObject {
	t.Helper()
	sweepAll(t, o)
	data, err := os.ReadFile(o.Checkpoint)
	if err != nil {
		t.Fatal(err)
	}
	var st state
	if err := json.Unmarshal(data, &st); err != nil {
		t.Fatal(err)
	}
	return toObject(t, st)
}

// writeObject writes m to the file path.
func writeObject(t *testing.T, path string, m jsonObject) {
	t.Helper()
	data, err := json.MarshalIndent(m, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestResumeCorruptCheckpoint corrupts the checkpoint of a finished 4x4
// sweep (and of its shard 0/2) and wants the resumed sweep to refuse it
// with an error that names the file, the field and the problem, instead
// of the wrong report it gave before (tasks counted twice, a negative
// optimum, a maze that is none, an entry outside the grid).
func TestResumeCorruptCheckpoint(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "ck.json")
	o := Options{Size: mousemaze.Size{Rows: 4, Cols: 4}, Checkpoint: file, Workers: 1}
	good := checkpointObject(t, o)
	shardO := o
	shardO.Checkpoint, shardO.Shard, shardO.Shards = filepath.Join(dir, "shard.json"), 0, 2
	goodShard := checkpointObject(t, shardO)
	tests := []struct {
		name  string
		shard bool
		edit  func(m jsonObject)
		want  string // after "FILE: "
	}{
		{"done empty", false, func(m jsonObject) { m["done"] = []any{} },
			"pairs[0].tasks: 744, but the tasks of entry 0, exit 0 that done lists number 0"},
		{"done part", false, func(m jsonObject) { m["done"] = []any{[]any{0, 10}} },
			"pairs[0].tasks: 744, but the tasks of entry 0, exit 0 that done lists number 10"},
		{"done twice", false, func(m jsonObject) { m["done"] = []any{[]any{0, 744}, []any{3, 4}} },
			"done[1]: task 3 is listed twice"},
		{"done backwards", false, func(m jsonObject) { m["done"] = []any{[]any{5, 3}} },
			"done[0]: [5, 3]: want a range [from, to) of tasks with 0 ≤ from < to ≤ 744"},
		{"done beyond", false, func(m jsonObject) { m["done"] = []any{[]any{0, 745}} },
			"done[0]: [0, 745]: want a range [from, to) of tasks with 0 ≤ from < to ≤ 744"},
		{"done another shard's", true, func(m jsonObject) { m["done"] = append(m["done"].([]any), []any{1, 2}) },
			"done[372]: task 1 is shard 1/2's, and this sweep is shard 0/2"},
		{"optimum negative", false, func(m jsonObject) { pairAt(m, 0)["optimum_turns"] = -3 },
			"pairs[0].optimum_turns: -3 is negative"},
		{"optimum", false, func(m jsonObject) { pairAt(m, 0)["optimum_turns"] = 29 },
			"pairs[0].optimum_turns: 29, but the histogram's most turns are 27"},
		{"maze", false, func(m jsonObject) { pairAt(m, 0)["optimal_maze"] = "..\n..Z\n" },
			"pairs[0].optimal_maze: not a maze: …"},
		{"maze missing", false, func(m jsonObject) { pairAt(m, 0)["optimal_maze"], pairAt(m, 0)["optimal_class"] = "", "" },
			"pairs[0].optimal_maze: missing, but optimum_turns is 27"},
		{"entry", false, func(m jsonObject) { pairAt(m, 0)["entry"] = 9 },
			"pairs[0].entry, exit: 9, 0: want 0, 0"},
		{"split depth", false, func(m jsonObject) { pairAt(m, 0)["split_depth"] = 16 },
			"pairs[0].split_depth: 16: want 17"},
		{"optimal task not done", true, func(m jsonObject) { pairAt(m, 0)["optimal_task"] = 5 },
			"pairs[0].optimal_task: 5 is not one of the tasks of entry 0, exit 0 that done lists"},
		{"leaves negative", false, func(m jsonObject) { pairAt(m, 0)["leaves"] = -100 },
			"pairs.leaves: -100 is negative: want a whole number from 0 to 18446744073709551615"},
		{"mazes negative", false, func(m jsonObject) { pairAt(m, 0)["mazes"] = "-5" },
			`pairs.mazes: "-5" is not a count: want a whole number from 0 to 2^128-1, written in a string`},
		{"histogram", false, func(m jsonObject) { bucket(pairAt(m, 0), 0)["mazes"] = "5" },
			"pairs[0].mazes: 65536, but infeasible_mazes, pruned_mazes and the histogram's mazes add up to 61445"},
		{"mazes short", false, func(m jsonObject) { bucket(pairAt(m, 0), 0)["mazes"], pairAt(m, 0)["mazes"] = "5", "61445" },
			"pairs[0].mazes: 61445, but 4x4 has 2^16 = 65536 mazes in all"},
		{"pruned", false, func(m jsonObject) { pairAt(m, 0)["pruned_mazes"] = "1" },
			"pairs[0].pruned_mazes: 1 in a sweep that is not best-only (want 0)"},
		{"elapsed", false, func(m jsonObject) { m["elapsed_s"] = -1 },
			"elapsed_s: -1: want a number of seconds, 0 or more"},
	}
	for _, tc := range tests {
		src, p := good, o
		if tc.shard {
			src, p = goodShard, shardO
		}
		bad := copyObject(t, src)
		tc.edit(bad)
		writeObject(t, p.Checkpoint, bad)
		p.Resume = true
		r, err := Run(context.Background(), p)
		want, prefix := strings.CutSuffix(p.Checkpoint+": "+tc.want, "…")
		if !prefix {
			want += " (the checkpoint is damaged: remove it to start the sweep afresh)"
		}
		if err == nil || !errors.Is(err, ErrCorrupt) || !strings.HasPrefix(err.Error(), want) || !prefix && err.Error() != want {
			t.Errorf("%s: report %v, error %v\nwant %q", tc.name, r != nil, err, want)
		}
	}
	// The good checkpoints resume to the sweep's report.
	for _, c := range []struct {
		m jsonObject
		o Options
	}{{good, o}, {goodShard, shardO}} {
		writeObject(t, c.o.Checkpoint, c.m)
		c.o.Resume = true
		if _, err := Run(context.Background(), c.o); err != nil {
			t.Errorf("good checkpoint %s: %v", c.o.Checkpoint, err)
		}
	}
}

// TestResumeMissingMaze resumes a 4x4 sweep from a checkpoint of its
// first 16 tasks (which hold the optimum) that lost its optimal maze. A
// checkpoint may leave the maze out while a task left to run can beat it,
// so it is taken; but when none does, the resumed sweep fails naming the
// checkpoint rather than report no maze. Kept, the maze gives the whole
// sweep's report.
func TestResumeMissingMaze(t *testing.T) {
	file := filepath.Join(t.TempDir(), "ck.json")
	o := Options{Size: mousemaze.Size{Rows: 4, Cols: 4}, Workers: 1, Checkpoint: file, Resume: true}
	whole := sweepAll(t, Options{Size: o.Size})
	// The checkpoint of tasks 0 to 15, as Run saves it.
	r := newSweepRun(o)
	var idx []int
	for i := range 16 {
		idx = append(idx, i)
	}
	res := newRunner(o.Size, r.cfgs[0]).run(r.all, idx, 0)
	res.from, res.to = 0, len(idx)
	r.acc[0].addTask(&res)
	st := state{Key: r.key, Done: [][2]int{{0, len(idx)}}, Pairs: r.acc}
	if p := st.Pairs[0]; p.OptimumTurns != whole.OptimumTurns || p.OptimalMaze == "" {
		t.Fatalf("the first %d tasks: optimum %d (maze %q), want %d", len(idx), p.OptimumTurns, p.OptimalMaze, whole.OptimumTurns)
	}
	m := toObject(t, st)
	writeObject(t, file, m)
	if got, err := Run(context.Background(), o); err != nil || !reflect.DeepEqual(strip(got), strip(whole)) {
		t.Fatalf("resumed from the first %d tasks: %v\n got %+v\nwant %+v", len(idx), err, got, whole)
	}
	pairAt(m, 0)["optimal_maze"], pairAt(m, 0)["optimal_class"] = "", ""
	writeObject(t, file, m)
	got, err := Run(context.Background(), o)
	want := file + ": pairs[0].optimal_maze: missing for the optimum of 27 turns, and no task left to run found a better maze"
	if err == nil || !errors.Is(err, ErrCorrupt) || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("resumed without the maze: report %v, error %v\nwant %q", got != nil, err, want)
	}
}
