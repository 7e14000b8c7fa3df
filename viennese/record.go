package viennese

import (
	"bytes"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"github.com/mousemaze/mousemaze/outfile"
)

// GridSpec matches a grid canvas named RxC.
var GridSpec = regexp.MustCompile(`^([0-9]+)x([0-9]+)$`)

// OpenCanvas resolves --canvas: vienna24, RxC or a file (whose variant
// line, if any, is the default variant; evolve ignores its colours).
func OpenCanvas(spec string) (*File, error) {
	if spec == "vienna24" {
		return &File{Maze: Maze{Canvas: Vienna24()}}, nil
	}
	if m := GridSpec.FindStringSubmatch(spec); m != nil {
		r, _ := strconv.Atoi(m[1])
		c, _ := strconv.Atoi(m[2])
		g, err := Grid(r, c)
		if err != nil {
			return nil, err
		}
		return &File{Maze: Maze{Canvas: g}}, nil
	}
	return ParseFile(spec)
}

// OpenMaze reads a coloured maze file, or with name "-" stdin.
func OpenMaze(name string, stdin io.Reader) (*File, error) {
	var f *File
	var err error
	if name == "-" {
		f, err = Parse(stdin, "-")
	} else {
		f, err = ParseFile(name)
	}
	if err != nil {
		return nil, err
	}
	if !f.Coloured {
		return nil, fmt.Errorf("%s: a canvas without colours, not a maze (give every street a colour)", name)
	}
	return f, nil
}

// WritePNGFile writes the maze's report to name, atomically
// (outfile.Write): never half a file.
func WritePNGFile(name string, m *Maze, v Variant) error {
	var b bytes.Buffer
	if err := WritePNG(&b, m, v); err != nil {
		return err
	}
	return outfile.Write(name, b.Bytes())
}

// Record is the JSON of score, solve and evolve.
type Record struct {
	File      string     `json:"file,omitempty"`
	Canvas    string     `json:"canvas,omitempty"`
	Variant   string     `json:"variant"`
	Algo      string     `json:"algo,omitempty"`
	Seed      *uint64    `json:"seed,omitempty"`
	Params    *Params    `json:"params,omitempty"`
	Evals     int64      `json:"evals,omitempty"`
	Improved  int        `json:"improvements,omitempty"`
	Score     float64    `json:"score"`
	Stats     Stats      `json:"stats"`
	Solutions [][]int    `json:"solutions,omitempty"`
	States    [][]string `json:"solution_states,omitempty"`
	Maze      *MazeJSON  `json:"maze,omitempty"`
}

// Describe fills the score, stats and up to limit solutions of m.
func Describe(m *Maze, v Variant, limit int) (Record, error) {
	sys, err := NewSystem(m.Canvas, v)
	if err != nil {
		return Record{}, err
	}
	st := NewEvaluator(sys).Stats(m.Colours)
	r := Record{Variant: v.String(), Score: Default(st), Stats: st}
	g := sys.Graph(m.Colours)
	for _, p := range g.Solutions(limit) {
		r.Solutions = append(r.Solutions, g.Crossroads(p))
		var states []string
		for _, s := range p {
			states = append(states, g.States[s].String())
		}
		r.States = append(r.States, states)
	}
	return r, nil
}

// StatsLine is the one-line summary of a record's score and stats.
func StatsLine(r Record) string {
	s := r.Stats
	return fmt.Sprintf("score %s (%s; L=%d A=%d B=%d E=%d F=%d; %d states, %d moves)",
		FormatScore(r.Score), uniqueWord(s), s.L, s.A, s.B, s.E, s.F, s.States, s.Moves)
}

func uniqueWord(s Stats) string {
	switch {
	case !s.Reachable:
		return "no solution"
	case !s.Unique:
		return "more than one simple path"
	}
	return "unique solution"
}

// WriteSolutions prints the record's stats and its solutions, each with
// its states, for variant v.
func (r Record) WriteSolutions(w io.Writer, v Variant) {
	fmt.Fprintf(w, "%s: %s %s\n", r.File, v, StatsLine(r))
	if len(r.Solutions) == 0 {
		fmt.Fprintln(w, "no solution")
	}
	for i, s := range r.Solutions {
		fmt.Fprintf(w, "solution %d (%d moves): %s\n  states: %s\n", i+1, len(s)-1, JoinPath(s), strings.Join(r.States[i], " "))
	}
}

// EvolveRecord is the record of a search's result res on canvas c
// (named canvasName) under variant v and parameters p: the best maze's
// score, stats and shortest solution, and the maze itself.
func EvolveRecord(c *Canvas, v Variant, canvasName string, p Params, res Result) (Record, Maze, error) {
	best := Maze{Canvas: c, Colours: res.Colours}
	r, err := Describe(&best, v, 1)
	if err != nil {
		return r, best, err
	}
	r.Canvas, r.Algo, r.Seed, r.Params, r.Evals, r.Improved = canvasName, p.Algo, &p.Seed, &p, res.Evals, res.Improvements
	mj := JSON(&best, &v)
	r.Maze = &mj
	return r, best, nil
}

// WriteTextFile writes m in the text format to the file name, atomically
// (outfile.Write).
func WriteTextFile(name string, m *Maze, v Variant) error {
	var b bytes.Buffer
	if err := WriteText(&b, m, &v); err != nil {
		return err
	}
	return outfile.Write(name, b.Bytes())
}

// WriteEvolve prints an evolve record: a comment head with the search
// and the score, the shortest solution, and the best maze m.
func (r Record) WriteEvolve(w io.Writer, m *Maze, v Variant) error {
	fmt.Fprintf(w, "# canvas %s, variant %s, algo %s, seed %d, %d evaluations, %d improvements\n# %s\n",
		r.Canvas, v, r.Algo, *r.Seed, r.Evals, r.Improved, StatsLine(r))
	if len(r.Solutions) > 0 {
		fmt.Fprintf(w, "# solution: %s\n", JoinPath(r.Solutions[0]))
	}
	return WriteText(w, m, &v)
}
