package evolve

import (
	"flag"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch"
)

// TestTuning applies search flags to presets, checks the errors that name
// a flag, and wants TuningArgs to state exactly what differs from the
// preset, so that applying its flags to the preset gives the Spec back.
func TestTuning(t *testing.T) {
	p, _ := dispatch.Preset(dispatch.AlgoILS)
	tu := Tuning{"kick": "7", "restarts": "9", "local": "h3", "accept": "0.25"}
	set := map[string]bool{"kick": true, "restarts": true, "local": true, "accept": true}
	if err := tu.Apply(set, &p, 100); err != nil {
		t.Fatal(err)
	}
	if p.Kick != 7 || p.Restarts != 9 || p.Local != 3 || p.Accept != 0.25 {
		t.Fatalf("applied %+v", p)
	}
	args := TuningArgs(p)
	if got := strings.Join(args, " "); got != "--local h3 --kick 7 --restarts 9 --accept 0.25" {
		t.Errorf("TuningArgs = %q", got)
	}
	q, _ := dispatch.Preset(dispatch.AlgoILS)
	back, backSet := Tuning{}, map[string]bool{}
	for i := 0; i+1 < len(args); i += 2 {
		name := strings.TrimPrefix(args[i], "--")
		back[name], backSet[name] = args[i+1], true
	}
	if err := back.Apply(backSet, &q, 100); err != nil || q != p {
		t.Errorf("the args do not give the Spec back: %+v, %v", q, err)
	}
	pre, _ := dispatch.Preset(dispatch.AlgoGA)
	if a := TuningArgs(pre); len(a) != 0 {
		t.Errorf("a preset has args %q", a)
	}
	for _, c := range []struct {
		algo string
		tu   Tuning
		name string
		want string
	}{
		{dispatch.AlgoGA, Tuning{"kick": "3"}, "kick", "--kick does not apply to --algo ga (only to ils)"},
		{dispatch.AlgoILS, Tuning{"kick": "101"}, "kick", "--kick 101: must be in 1..100"},
		{dispatch.AlgoGA, Tuning{"parents": "0"}, "parents", "--parents 0: must be in 1.."},
		{dispatch.AlgoILS, Tuning{"local": "h9"}, "local", `--local "h9": must be h1 to h8 (h4 and above need --reach)`},
		{dispatch.AlgoILS, Tuning{"polish": "4"}, "polish", "--polish 4: must be 0, 1, 2 or 3"},
	} {
		p, _ := dispatch.Preset(c.algo)
		if err := c.tu.Apply(map[string]bool{c.name: true}, &p, 100); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %+v: error %v, want %q", c.algo, c.tu, err, c.want)
		}
	}
}

// TestGridSpec starts from the preset and sets exactly what is given.
func TestGridSpec(t *testing.T) {
	o, _ := mousemaze.ParseOrder("RDLU")
	cfg := mousemaze.Config{Order: o, Entry: 1, Exit: 2, Cap: 50, K: 3}
	p, err := dispatch.GridSpec(dispatch.AlgoGA, mousemaze.Size{Rows: 5, Cols: 6}, cfg, true, dispatch.ObjTrap, 900, 4, 0)
	pre, _ := dispatch.Preset(dispatch.AlgoGA)
	if err != nil || p.Rows != 5 || p.Cols != 6 || p.Order != "RDLU" || p.Entry != 1 || p.Exit != 2 || p.Cap != 50 || p.K != 3 ||
		!p.FreeEnds || p.Objective != dispatch.ObjTrap || p.Evals != 900 || p.Seed != 4 || p.Pop != pre.Pop || p.Mutation != pre.Mutation {
		t.Errorf("dispatch.GridSpec = %+v, %v", p, err)
	}
	if p, _ := dispatch.GridSpec(dispatch.AlgoGA, mousemaze.Size{Rows: 5, Cols: 6}, cfg, false, dispatch.ObjTurns, 900, 4, 7); p.Objective != "" || p.Pop != 7 {
		t.Errorf("turns objective or pop: %+v", p)
	}
	if _, err := dispatch.GridSpec("magic", mousemaze.Size{Rows: 5, Cols: 6}, cfg, false, dispatch.ObjTurns, 1, 1, 0); err == nil || !strings.Contains(err.Error(), `--algo "magic"`) {
		t.Errorf("unknown method: %v", err)
	}
}

// TestTuningFlags wants a flag for each parameter of TuningNames but those
// the flag set defines already, each keeping its value as given, and
// Given to name the flags given.
func TestTuningFlags(t *testing.T) {
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	own := fs.Int("parents", 0, "a flag of the command's own")
	tu := TuningFlags(fs)
	for _, name := range TuningNames {
		if fs.Lookup(name) == nil {
			t.Errorf("no --%s", name)
		}
	}
	if err := fs.Parse([]string{"--parents", "3", "--kick", "7", "--local", "h2"}); err != nil {
		t.Fatal(err)
	}
	if *own != 3 || len(tu) != 2 || tu["kick"] != "7" || tu["local"] != "h2" {
		t.Errorf("--parents %d, tuning %v", *own, tu)
	}
	if g := tu.Given(); len(g) != 2 || !g["kick"] || !g["local"] {
		t.Errorf("Given() = %v", g)
	}
	if s := fs.Lookup("kick").Value.String(); s != "7" {
		t.Errorf("--kick reads %q", s)
	}
}

// boardFinal is an EdgeFinal of one board.
type boardFinal string

func (b boardFinal) WriteText(w io.Writer) error { _, err := io.WriteString(w, string(b)); return err }
func (b boardFinal) BoardText() string           { return string(b) }

// TestSaveEdgeBest wants the board written to --out and named in the
// files written, nothing written without --out, and an error that names
// --out when the file cannot be written.
func TestSaveEdgeBest(t *testing.T) {
	out := filepath.Join(t.TempDir(), "best.txt")
	written, err := SaveEdgeBest(boardFinal("board\n"), out)
	if b, _ := os.ReadFile(out); err != nil || len(written) != 1 || written[0] != out || string(b) != "board\n" {
		t.Errorf("SaveEdgeBest: %v, %v, file %q", written, err, b)
	}
	if written, err := SaveEdgeBest(boardFinal("board\n"), ""); err != nil || written != nil {
		t.Errorf("no --out: %v, %v", written, err)
	}
	bad := filepath.Join(out, "x.txt") // under a file
	if written, err := SaveEdgeBest(boardFinal("board\n"), bad); err == nil || written != nil || !strings.Contains(err.Error(), "--out") {
		t.Errorf("unwritable --out: %v, %v", written, err)
	}
}
