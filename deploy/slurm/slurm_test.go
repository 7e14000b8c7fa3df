package slurm

import (
	"os"
	"strings"
	"testing"
)

// TestScripts wants the embedded scripts to be the files of this
// directory, each naming its kind and running `mousemaze slurm task`.
func TestScripts(t *testing.T) {
	for _, kind := range []string{"sweep", "evolve"} {
		got, err := os.ReadFile(kind + ".sbatch")
		if err != nil {
			t.Fatal(err)
		}
		s := Script(kind)
		if string(got) != s || !strings.Contains(s, "#SBATCH --job-name=mousemaze-"+kind+"\n") || !strings.Contains(s, `exec "$mm" slurm task`) {
			t.Errorf("Script(%q) is not %s.sbatch or lacks its job name", kind, kind)
		}
	}
}

func TestCommand(t *testing.T) {
	s := Submission{Dir: "/d", Kind: "evolve", Tasks: 8, CPUs: 4, Gres: "gpu:1", Time: "1:00:00", Binary: "/opt/mm", Sbatch: "sbatch"}
	want := "sbatch --parsable --array=0-7 --output=/d/logs/%A_%a.out --cpus-per-task=4 --gres=gpu:1 --time=1:00:00 --export=ALL,MOUSEMAZE=/opt/mm /d/evolve.sbatch /d"
	if got := ShellJoin(s.Command()); got != want {
		t.Errorf("Command\n got %s\nwant %s", got, want)
	}
	if got := ShellJoin([]string{"a b", "it's", ""}); got != `'a b' 'it'\''s' ''` {
		t.Errorf("ShellJoin = %s", got)
	}
}

func TestTaskIndex(t *testing.T) {
	cases := []struct {
		spec, id, count string
		i, n            int
		err             string
	}{
		{"3/16", "", "", 3, 16, ""},
		{"", "5", "16", 5, 16, ""},
		{"0/1", "7", "8", 0, 1, ""}, // --task wins
		{"", "", "", 0, 0, "not in a Slurm array"},
		{"16/16", "", "", 0, 0, "want 0 ≤ i < N"},
		{"3-16", "", "", 0, 0, "want i/N"},
		{"", "x", "4", 0, 0, "want i/N"},
	}
	for _, c := range cases {
		env := map[string]string{"SLURM_ARRAY_TASK_ID": c.id, "SLURM_ARRAY_TASK_COUNT": c.count}
		sh, err := TaskIndex(c.spec, func(k string) string { return env[k] })
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("TaskIndex(%q, %q/%q) error %v, want %q", c.spec, c.id, c.count, err, c.err)
			}
			continue
		}
		if err != nil || sh.Index != c.i || sh.Count != c.n {
			t.Errorf("TaskIndex(%q, %q/%q) = %v, %v; want %d/%d", c.spec, c.id, c.count, sh, err, c.i, c.n)
		}
	}
}

func TestRanges(t *testing.T) {
	cases := []struct {
		in   []int
		want string
	}{
		{nil, "none"},
		{[]int{4}, "4"},
		{[]int{1, 3}, "1, 3"},
		{[]int{0, 1, 2, 5, 7, 8}, "0-2, 5, 7-8"},
	}
	for _, c := range cases {
		if got := Ranges(c.in); got != c.want {
			t.Errorf("Ranges(%v) = %q, want %q", c.in, got, c.want)
		}
	}
}
