package viennese

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/mousemaze/mousemaze"
)

// A File is a canvas or a maze read from text or JSON.
//
// The text format has one directive per line; blank lines and text after
// '#' are ignored:
//
//	nodes N        the number of crossroads, 0..N-1 (required, first)
//	start S        the start crossroad (required)
//	goal G         the goal crossroad (required)
//	variant V      ht or nht (optional)
//	pos I X Y      the drawing position of crossroad I (optional; all or none)
//	street U V [C] a street joining U and V, with its light's initial
//	               colour C: 0, 1, 2 or g, o, r (or green, orange, red);
//	               either every street has a colour (a maze) or none has
//	               (a canvas)
//
// The JSON format is one object (see MazeJSON); a file whose first
// non-blank character is '{' is read as JSON.
type File struct {
	Maze Maze
	// Coloured reports whether the streets have colours; if not,
	// Maze.Colours is nil.
	Coloured bool
	// Variant is the variant named in the file, if HasVariant.
	Variant    Variant
	HasVariant bool
}

// MazeJSON is the JSON form of a canvas or maze.
type MazeJSON struct {
	Nodes   int          `json:"nodes"`
	Start   int          `json:"start"`
	Goal    int          `json:"goal"`
	Variant string       `json:"variant,omitempty"`
	Streets [][2]int     `json:"streets"`
	Colours Colouring    `json:"colours,omitempty"`
	Pos     [][2]float64 `json:"pos,omitempty"`
}

// ParseFile reads a canvas or maze from the named file.
func ParseFile(name string) (*File, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Parse(f, name)
}

// Parse reads a canvas or maze in the text or JSON format from r; name is
// used in errors, which are *mousemaze.ParseError values naming the line
// (line 0 when the problem concerns the whole input) and wrapping ErrCanvas
// or mousemaze.ErrEmpty. The input is read whole with
// mousemaze.ReadAllText: a leading byte-order mark is skipped, an input of
// more than mousemaze.MaxInputBytes is refused (mousemaze.ErrTooLarge),
// and so is a text line of more than mousemaze.MaxLineBytes
// (mousemaze.ErrLineTooLong).
func Parse(r io.Reader, name string) (*File, error) {
	data, err := mousemaze.ReadAllText(r, name)
	if err != nil {
		return nil, err
	}
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return nil, &mousemaze.ParseError{File: name, Err: mousemaze.ErrEmpty}
	}
	if trimmed[0] == '{' {
		return parseJSON(data, name)
	}
	return parseText(data, name)
}

func perr(name string, line int, format string, args ...any) error {
	return &mousemaze.ParseError{File: name, Line: line, Err: fmt.Errorf("%w: "+format, append([]any{ErrCanvas}, args...)...)}
}

func parseJSON(data []byte, name string) (*File, error) {
	var j MazeJSON
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&j); err != nil {
		line := 0
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &se):
			line = lineAt(data, se.Offset)
		case errors.As(err, &te):
			line = lineAt(data, te.Offset)
		}
		return nil, perr(name, line, "%v", err)
	}
	f := &File{}
	c := &Canvas{Nodes: j.Nodes, Start: j.Start, Goal: j.Goal, Pos: j.Pos}
	for _, s := range j.Streets {
		c.Streets = append(c.Streets, Street{s[0], s[1]})
	}
	f.Maze.Canvas = c
	if j.Variant != "" {
		v, err := ParseVariant(j.Variant)
		if err != nil {
			return nil, perr(name, 0, "%v", err)
		}
		f.Variant, f.HasVariant = v, true
	}
	if err := c.Validate(); err != nil {
		return nil, &mousemaze.ParseError{File: name, Err: err}
	}
	if j.Colours != nil {
		f.Coloured = true
		f.Maze.Colours = j.Colours
		if err := f.Maze.Validate(); err != nil {
			return nil, &mousemaze.ParseError{File: name, Err: err}
		}
	}
	return f, nil
}

// lineAt returns the 1-based line of byte offset off in data.
func lineAt(data []byte, off int64) int {
	off = min(max(off, 0), int64(len(data)))
	return bytes.Count(data[:off], []byte("\n")) + 1
}

// parseText reads the text format of a Viennese maze (see the package
// documentation) from data; name names the input in errors.
func parseText(data []byte, name string) (*File, error) {
	p := textParser{name: name, f: &File{}, c: &Canvas{Nodes: -1, Start: -1, Goal: -1}, coloured: -1}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 4096), mousemaze.MaxLineBytes+1) // +1: the newline
	for sc.Scan() {
		p.line++
		text := sc.Text()
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		fields := strings.Fields(text)
		if len(fields) == 0 {
			continue
		}
		if err := p.directive(fields[0], fields[1:]); err != nil {
			return nil, err
		}
		if len(p.c.Streets) > MaxStreets {
			return nil, p.errorf("more than %d streets", MaxStreets)
		}
	}
	if err := sc.Err(); errors.Is(err, bufio.ErrTooLong) {
		return nil, mousemaze.LineTooLong(name, p.line+1)
	} else if err != nil {
		return nil, perr(name, p.line+1, "%v", err)
	}
	return p.finish()
}

// textParser is the state of parseText: the file and the canvas read so
// far, and the line being read.
type textParser struct {
	name        string  // the input's name, for errors
	f           *File   // the file read so far
	c           *Canvas // its canvas (Nodes, Start, Goal -1 until given)
	colours     []uint8 // the streets' colours, when they have them
	streetLines []int   // the line of each street
	coloured    int     // whether the streets have colours: -1 unknown, 0 no, 1 yes
	posLine     int     // the line of the last pos line
	line        int     // the 1-based line being read
}

// errorf returns the error perr makes for the line being read.
func (p *textParser) errorf(format string, args ...any) error {
	return perr(p.name, p.line, format, args...)
}

// parseInts reads fields as whole numbers.
func parseInts(fields []string) ([]int, error) {
	out := make([]int, len(fields))
	for i, s := range fields {
		n, err := strconv.Atoi(s)
		if err != nil {
			return nil, fmt.Errorf("%q is not a whole number", s)
		}
		out[i] = n
	}
	return out, nil
}

// directive takes one line, its directive key and its arguments args.
func (p *textParser) directive(key string, args []string) error {
	if key != "nodes" && p.c.Nodes < 0 {
		return p.errorf("%q before the nodes line", key)
	}
	want := map[string]int{"nodes": 1, "start": 1, "goal": 1, "variant": 1, "pos": 3}[key]
	if key == "street" {
		if len(args) != 2 && len(args) != 3 {
			return p.errorf("street wants U V [COLOUR], got %d fields", len(args))
		}
	} else if want == 0 {
		return p.errorf("unknown directive %q (want nodes, start, goal, variant, pos or street)", key)
	} else if len(args) != want {
		return p.errorf("%s wants %d field(s), got %d", key, want, len(args))
	}
	switch key {
	case "nodes", "start", "goal":
		return p.node(key, args)
	case "variant":
		v, err := ParseVariant(args[0])
		if err != nil {
			return p.errorf("%v", err)
		}
		p.f.Variant, p.f.HasVariant = v, true
	case "pos":
		return p.pos(args)
	case "street":
		return p.street(args)
	}
	return nil
}

// node takes a nodes, start or goal line (key) with its one argument.
func (p *textParser) node(key string, args []string) error {
	c := p.c
	n, err := parseInts(args)
	if err != nil {
		return p.errorf("%s: %v", key, err)
	}
	switch {
	case key == "nodes" && c.Nodes >= 0, key == "start" && c.Start >= 0, key == "goal" && c.Goal >= 0:
		return p.errorf("second %s line", key)
	case key == "nodes" && (n[0] < 2 || n[0] > MaxNodes):
		return p.errorf("nodes %d, want 2..%d", n[0], MaxNodes)
	case key != "nodes" && (n[0] < 0 || n[0] >= c.Nodes):
		return p.errorf("%s %d outside 0..%d", key, n[0], c.Nodes-1)
	}
	switch key {
	case "nodes":
		c.Nodes = n[0]
	case "start":
		c.Start = n[0]
	default:
		c.Goal = n[0]
	}
	return nil
}

// pos takes a pos line: a crossroad and its two coordinates.
func (p *textParser) pos(args []string) error {
	c := p.c
	i, err := strconv.Atoi(args[0])
	if err != nil || i < 0 || i >= c.Nodes {
		return p.errorf("pos: crossroad %q outside 0..%d", args[0], c.Nodes-1)
	}
	x, err1 := strconv.ParseFloat(args[1], 64)
	y, err2 := strconv.ParseFloat(args[2], 64)
	if err1 != nil || err2 != nil {
		return p.errorf("pos: %q %q are not numbers", args[1], args[2])
	}
	if c.Pos == nil {
		c.Pos = make([][2]float64, c.Nodes)
		for k := range c.Pos {
			c.Pos[k] = [2]float64{math.NaN(), math.NaN()}
		}
	}
	c.Pos[i] = [2]float64{x, y}
	p.posLine = p.line
	return nil
}

// street takes a street line: its two crossroads and its colour, if any.
func (p *textParser) street(args []string) error {
	c := p.c
	n, err := parseInts(args[:2])
	if err != nil {
		return p.errorf("street: %v", err)
	}
	s := Street{n[0], n[1]}
	if err := c.checkStreet(s); err != nil {
		return &mousemaze.ParseError{File: p.name, Line: p.line, Err: err}
	}
	if j := c.Street(s.U, s.V); j >= 0 {
		return p.errorf("street %d-%d already given on line %d", s.U, s.V, p.streetLines[j])
	}
	has := 0
	if len(args) == 3 {
		has = 1
		col, ok := parseColour(args[2])
		if !ok {
			return p.errorf("colour %q, want 0, 1, 2, g, o, r, green, orange or red", args[2])
		}
		p.colours = append(p.colours, col)
	}
	if p.coloured >= 0 && p.coloured != has {
		return p.errorf("either every street has a colour or none has")
	}
	p.coloured = has
	c.Streets = append(c.Streets, s)
	p.streetLines = append(p.streetLines, p.line)
	return nil
}

// finish checks the maze read once the input ends and returns its file.
func (p *textParser) finish() (*File, error) {
	c, name := p.c, p.name
	switch {
	case c.Nodes < 0:
		return nil, &mousemaze.ParseError{File: name, Err: mousemaze.ErrEmpty}
	case c.Start < 0:
		return nil, perr(name, 0, "no start line")
	case c.Goal < 0:
		return nil, perr(name, 0, "no goal line")
	case len(c.Streets) == 0:
		return nil, perr(name, 0, "no street lines")
	}
	for i, pt := range c.Pos {
		if math.IsNaN(pt[0]) {
			return nil, perr(name, p.posLine, "no pos line for crossroad %d (give all or none)", i)
		}
	}
	if err := c.Validate(); err != nil {
		return nil, &mousemaze.ParseError{File: name, Err: err}
	}
	p.f.Maze.Canvas = c
	if p.coloured == 1 {
		p.f.Coloured = true
		p.f.Maze.Colours = p.colours
	}
	return p.f, nil
}

func parseColour(s string) (uint8, bool) {
	switch strings.ToLower(s) {
	case "0", "g", "green":
		return Green, true
	case "1", "o", "orange":
		return Orange, true
	case "2", "r", "red":
		return Red, true
	}
	return 0, false
}

// WriteText writes the canvas of m, with its colours if m.Colours is not
// nil, and the variant line if v is not nil, in the text format.
func WriteText(w io.Writer, m *Maze, v *Variant) error {
	c := m.Canvas
	b := &strings.Builder{}
	fmt.Fprintf(b, "nodes %d\nstart %d\ngoal %d\n", c.Nodes, c.Start, c.Goal)
	if v != nil {
		fmt.Fprintf(b, "variant %s\n", v)
	}
	for i, p := range c.Pos {
		fmt.Fprintf(b, "pos %d %s %s\n", i, strconv.FormatFloat(p[0], 'g', -1, 64), strconv.FormatFloat(p[1], 'g', -1, 64))
	}
	for i, s := range c.Streets {
		if m.Colours != nil {
			fmt.Fprintf(b, "street %d %d %c\n", s.U, s.V, "gor"[m.Colours[i]])
		} else {
			fmt.Fprintf(b, "street %d %d\n", s.U, s.V)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// JSON returns the JSON form of m (with its colours if not nil) and the
// variant if v is not nil.
func JSON(m *Maze, v *Variant) MazeJSON {
	c := m.Canvas
	j := MazeJSON{Nodes: c.Nodes, Start: c.Start, Goal: c.Goal, Colours: m.Colours, Pos: c.Pos}
	if v != nil {
		j.Variant = v.String()
	}
	for _, s := range c.Streets {
		j.Streets = append(j.Streets, [2]int{s.U, s.V})
	}
	return j
}

// A Colouring is one light colour per street. It is written to JSON as an
// array of numbers 0..2 rather than as base64.
type Colouring []uint8

// MarshalJSON writes the colours as an array of numbers.
func (c Colouring) MarshalJSON() ([]byte, error) {
	if c == nil {
		return []byte("null"), nil
	}
	b := []byte{'['}
	for i, x := range c {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendUint(b, uint64(x), 10)
	}
	return append(b, ']'), nil
}

// UnmarshalJSON reads an array of numbers 0..255; Maze.Validate checks
// that they are colours.
func (c *Colouring) UnmarshalJSON(data []byte) error {
	var a []uint8
	var ints []int
	if err := json.Unmarshal(data, &ints); err != nil {
		return err
	}
	for _, x := range ints {
		if x < 0 || x > 255 {
			return fmt.Errorf("colour %d, want 0, 1 or 2", x)
		}
		a = append(a, uint8(x))
	}
	*c = a
	return nil
}

// VariantOr is the variant f's maze is scored under: v when given, else
// the file's variant line, else HT. A nil f has no variant line.
func (f *File) VariantOr(v *Variant) Variant {
	switch {
	case v != nil:
		return *v
	case f != nil && f.HasVariant:
		return f.Variant
	}
	return HT
}
