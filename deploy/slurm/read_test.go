package slurm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch/sweep"
	"github.com/mousemaze/mousemaze/internal/mazetest"
)

// writeFile writes data to name in dir and returns the path.
func writeFile(t *testing.T, dir, name, data string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// zeros makes a file of n zero bytes (sparse) in dir and returns its path.
func zeros(t *testing.T, dir, name string, n int64) string {
	t.Helper()
	path := writeFile(t, dir, name, "")
	if err := os.Truncate(path, n); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestReadReport checks the reader of sweep-merge: a report over
// mousemaze.MaxInputBytes (or /dev/zero) is refused with an error naming
// the file and the limit, a byte-order mark is skipped, and JSON of the
// wrong shape says what was expected, not Go's type names.
func TestReadReport(t *testing.T) {
	dir := t.TempDir()
	rep, err := sweep.Run(context.Background(), sweep.Options{Size: mousemaze.Size{Rows: 2, Cols: 2}, Config: mousemaze.Config{Order: mousemaze.DRLU}})
	if err != nil {
		t.Fatal(err)
	}
	js, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	good := writeFile(t, dir, "good.json", string(js))
	want, err := ReadReport(good)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := ReadReport(writeFile(t, dir, "bom.json", mazetest.BOM+string(js))); err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("a report after a byte-order mark: %+v, %v; want %+v", got, err, want)
	}
	big := zeros(t, dir, "big.json", mousemaze.MaxInputBytes+1)
	tests := []struct {
		path string
		want error
		msg  string
	}{
		{big, mousemaze.ErrTooLarge, big + fmt.Sprintf(":1: input too large: more than %d MiB", mousemaze.MaxInputBytes>>20)},
		{"/dev/zero", mousemaze.ErrTooLarge, "/dev/zero:1: input too large"},
		{writeFile(t, dir, "array.json", "[1]"), nil, filepath.Join(dir, "array.json") + ":1: want a sweep report (the JSON of sweep --json), a JSON object, not an array"},
		{writeFile(t, dir, "field.json", "{\n\"rows\": \"two\"}"), nil, filepath.Join(dir, "field.json") + `:2: field "rows": want a JSON number, not a string`},
		{writeFile(t, dir, "syntax.json", "{\n\n\"rows\": 2,}"), nil, filepath.Join(dir, "syntax.json") + ":3: not JSON (want a sweep report (the JSON of sweep --json))"},
		{writeFile(t, dir, "empty.json", ""), nil, filepath.Join(dir, "empty.json") + ": empty: want a sweep report"},
		{writeFile(t, dir, "two.json", string(js)+string(js)), nil, filepath.Join(dir, "two.json") + ":1: more than one JSON value"},
		{filepath.Join(dir, "nosuch.json"), fs.ErrNotExist, "open " + filepath.Join(dir, "nosuch.json")},
	}
	for _, tc := range tests {
		if tc.path == "/dev/zero" {
			if _, err := os.Stat(tc.path); err != nil {
				continue
			}
		}
		_, err := ReadReport(tc.path)
		if err == nil || tc.want != nil && !errors.Is(err, tc.want) || !strings.HasPrefix(err.Error(), tc.msg) || strings.Contains(err.Error(), "Go value") {
			t.Errorf("%s: %v, want %q", tc.path, err, tc.msg)
		}
	}
}

// TestLoadJobErrors checks the messages of LoadJob: a directory that does
// not exist or holds no job.json says so in words (no "checkpoint: open
// ..."), and is fs.ErrNotExist for MergeSweepDir; a job.json over the
// limit is refused; one after a byte-order mark is read.
func TestLoadJobErrors(t *testing.T) {
	dir := t.TempDir()
	none := filepath.Join(dir, "nonexist")
	empty := filepath.Join(dir, "empty")
	big := filepath.Join(dir, "big")
	bom := filepath.Join(dir, "bom")
	unknown := filepath.Join(dir, "unknown")
	cased := filepath.Join(dir, "cased")
	for _, d := range []string{empty, big, bom, unknown, cased} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	job := `{"kind":"sweep","version":1,"tasks":1,"size":"4x4","order":"DRLU","entry":0,"exit":0,"checkpoint_every":"1m0s","shards":2}`
	zeros(t, big, "job.json", mousemaze.MaxInputBytes+1)
	writeFile(t, bom, "job.json", mazetest.BOM+job)
	writeFile(t, unknown, "job.json", strings.Replace(job, "{", `{"colour":1,`, 1))
	writeFile(t, cased, "job.json", strings.Replace(job, `"shards"`, `"Shards"`, 1))
	tests := []struct {
		dir  string
		want error
		msg  string
	}{
		{none, fs.ErrNotExist, none + ": no such directory (want the --dir of a slurm run)"},
		{writeFile(t, dir, "file", "x"), nil, filepath.Join(dir, "file") + " is a file, not a directory (want the --dir of a slurm run)"},
		{empty, fs.ErrNotExist, empty + " holds no job.json: not the --dir of a slurm run"},
		{big, mousemaze.ErrTooLarge, JobFile(big) + ":1: input too large"},
		{unknown, nil, JobFile(unknown) + `: unknown field "colour" (want a job.json of mousemaze slurm)`},
		{cased, nil, JobFile(cased) + `: field "Shards": JSON field names are case-sensitive: the field is "shards" (want a job.json of mousemaze slurm)`},
	}
	for _, tc := range tests {
		_, err := LoadJob(tc.dir)
		if err == nil || tc.want != nil && !errors.Is(err, tc.want) || !strings.HasPrefix(err.Error(), tc.msg) || strings.Contains(err.Error(), "checkpoint:") {
			t.Errorf("%s: %v, want %q", tc.dir, err, tc.msg)
		}
	}
	if j, err := LoadJob(bom); err != nil || j.Shards != 2 || j.Size != "4x4" {
		t.Errorf("job.json after a byte-order mark: %+v, %v", j, err)
	}
	// sweep-merge of a directory without job.json looks for reports.
	if _, err := MergeSweepDir(empty); err == nil || !strings.Contains(err.Error(), "holds no job.json and no shard reports") {
		t.Errorf("MergeSweepDir of an empty directory: %v", err)
	}
}

// TestLoadJobFields checks that LoadJob refuses a job.json whose fields a
// task or the merge would choke on, naming the file and the field, and
// that MergeSweepDir says so rather than that the shards are missing.
func TestLoadJobFields(t *testing.T) {
	job := `{"kind":"sweep","version":1,"tasks":1,"size":"3x3","order":"DRLU","entry":0,"exit":0,"checkpoint_every":"30s","shards":2}`
	tests := []struct {
		name, old, new, msg string
	}{
		{"entry", `"entry":0`, `"entry":9`, "entry 9: want a column of 3x3, 0 to 2"},
		{"exit", `"exit":0`, `"exit":-1`, "exit -1: want a column of 3x3, 0 to 2"},
		{"order", `"DRLU"`, `"XXXX"`, `order: invalid preference order: "XXXX"`},
		{"size", `"3x3"`, `"3y3"`, `size: a size must be RxC`},
		{"too big to sweep", `"3x3"`, `"9x8"`, "size 9x8: a sweep takes at most 64 cells"},
		{"checkpoint_every", `"30s"`, `"-1s"`, `checkpoint_every "-1s": want a duration above 0`},
		{"checkpoint_every words", `"30s"`, `"soon"`, `checkpoint_every "soon": want a duration above 0`},
		{"shards", `"shards":2`, `"shards":1000000000`, "shards 1000000000: at most 4194304"},
		{"tasks", `"tasks":1`, `"tasks":5000000`, "tasks 5000000: at most 4194304"},
		{"fewer shards than tasks", `"tasks":1`, `"tasks":3`, "2 shards for 3 tasks"},
		{"split_depth", `"shards":2`, `"shards":2,"split_depth":10`, "split_depth 10: want 0 (automatic) to 9"},
	}
	for _, tc := range tests {
		dir := t.TempDir()
		writeFile(t, dir, "job.json", strings.Replace(job, tc.old, tc.new, 1))
		want := JobFile(dir) + ": " + tc.msg
		if _, err := LoadJob(dir); err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%s: LoadJob: %v, want %q", tc.name, err, want)
		}
		if _, err := MergeSweepDir(dir); err == nil || !strings.HasPrefix(err.Error(), want) || strings.Contains(err.Error(), "missing") {
			t.Errorf("%s: MergeSweepDir: %v, want %q", tc.name, err, want)
		}
	}
	dir := t.TempDir()
	writeFile(t, dir, "job.json", job)
	if _, err := MergeSweepDir(dir); err == nil || !strings.Contains(err.Error(), "2 of 2 shards are missing") {
		t.Errorf("a good job.json without reports: %v", err)
	}
}
