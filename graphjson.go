package mousemaze

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// graphJSON is the JSON form of a Graph; docs/graph.md describes it.
type graphJSON struct {
	Vertices []string            `json:"vertices"`
	Edges    [][]string          `json:"edges"`
	Start    string              `json:"start"`
	Exit     string              `json:"exit"`
	Prefs    map[string][]string `json:"prefs"`
}

// GraphError is the error returned for a malformed graph file. It names
// the file and wraps ErrGraph; its message names the problem.
type GraphError struct {
	File string
	Err  error
}

// Error formats the error as "file: problem".
func (e *GraphError) Error() string { return fmt.Sprintf("%s: %v", e.File, e.Err) }

// Unwrap returns the underlying error.
func (e *GraphError) Unwrap() error { return e.Err }

// graphFields lists the fields of a graph object for messages.
const graphFields = `"vertices", "edges", "start", "exit" and "prefs"`

// graphFieldWant says, for messages, what each field of a graph holds.
var graphFieldWant = map[string]string{
	"vertices": "an array of vertex names",
	"edges":    `an array of edges, each an array of two vertex names (["a", "b"])`,
	"start":    "a vertex name (a string)",
	"exit":     "a vertex name (a string)",
	"prefs":    "an object that maps a vertex name to the array of its neighbours in preference order",
}

// aJSON names a JSON value's kind (as json.UnmarshalTypeError.Value
// gives it) with its article: "an array", "a number".
func aJSON(kind string) string {
	if kind == "" {
		return "this value"
	}
	if strings.ContainsRune("aeiou", rune(kind[0])) {
		return "an " + kind
	}
	return "a " + kind
}

// lineOf returns the 1-based line of byte offset off in data.
func lineOf(data []byte, off int64) int {
	return 1 + bytes.Count(data[:min(max(int(off), 0), len(data))], []byte("\n"))
}

// ParseGraph reads one graph in the JSON format of docs/graph.md from r,
// at most MaxInputBytes of it (a leading byte-order mark is skipped). The
// name is used in errors, which are *GraphError values wrapping ErrGraph
// and naming the problem: a JSON syntax error with its line, a value that
// is not a graph object, a field of the wrong type, an unknown field, an
// unknown or repeated vertex, a bad edge (with its index), a missing or
// wrong preference list. An input over the limit, or one that cannot be
// read, is a *ParseError (see ReadAllText).
func ParseGraph(r io.Reader, name string) (Graph, error) {
	fail := func(format string, a ...any) (Graph, error) {
		return Graph{}, &GraphError{File: name, Err: fmt.Errorf("%w: "+format, append([]any{ErrGraph}, a...)...)}
	}
	data, err := ReadAllText(r, name)
	if err != nil {
		return Graph{}, err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var j graphJSON
	if err := dec.Decode(&j); err != nil {
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &se):
			return fail("line %d: %v", lineOf(data, se.Offset), err)
		case errors.As(err, &te) && te.Field == "":
			return fail("line %d: want a JSON object with the fields %s (docs/graph.md), not %s", lineOf(data, te.Offset), graphFields, aJSON(te.Value))
		case errors.As(err, &te):
			field, _, _ := strings.Cut(te.Field, ".")
			if want, ok := graphFieldWant[field]; ok {
				return fail("line %d: field %q: want %s, not %s", lineOf(data, te.Offset), te.Field, want, aJSON(te.Value))
			}
			return fail("field %q: %v", te.Field, err)
		case errors.Is(err, io.EOF):
			return fail("no JSON object in input")
		}
		return fail("%v", err)
	}
	if dec.More() {
		return fail("more than one JSON value in input")
	}
	if len(j.Vertices) == 0 {
		return fail(`"vertices" is missing or empty`)
	}
	g := Graph{Names: j.Vertices, Prefs: make([][]int, len(j.Vertices))}
	id := make(map[string]int, len(j.Vertices))
	for i, v := range j.Vertices {
		if v == "" {
			return fail("vertex %d has an empty name", i)
		}
		if _, dup := id[v]; dup {
			return fail("vertex %q is listed twice", v)
		}
		id[v] = i
	}
	nbrs := make([]map[int]bool, len(j.Vertices))
	for i := range nbrs {
		nbrs[i] = map[int]bool{}
	}
	edgeOrder := make([][]int, len(j.Vertices)) // neighbours in edge order
	for i, e := range j.Edges {
		if len(e) != 2 {
			return fail("edge %d %q: want two vertices, have %d", i, e, len(e))
		}
		a, okA := id[e[0]]
		b, okB := id[e[1]]
		switch {
		case !okA:
			return fail("edge %d %q: unknown vertex %q", i, e, e[0])
		case !okB:
			return fail("edge %d %q: unknown vertex %q", i, e, e[1])
		case a == b:
			return fail("edge %d %q: a loop (the graph must be simple)", i, e)
		case nbrs[a][b]:
			return fail("edge %d %q: listed twice (the graph must be simple)", i, e)
		}
		nbrs[a][b], nbrs[b][a] = true, true
		edgeOrder[a] = append(edgeOrder[a], b)
		edgeOrder[b] = append(edgeOrder[b], a)
	}
	var ok bool
	if g.Start, ok = id[j.Start]; !ok {
		if j.Start == "" {
			return fail(`"start" is missing`)
		}
		return fail("start %q is not a vertex", j.Start)
	}
	if g.Exit, ok = id[j.Exit]; !ok {
		if j.Exit == "" {
			return fail(`"exit" is missing`)
		}
		return fail("exit %q is not a vertex", j.Exit)
	}
	if g.Start == g.Exit {
		return fail("start and exit are the same vertex %q", j.Start)
	}
	for v := range j.Prefs {
		if _, ok := id[v]; !ok {
			return fail("prefs: unknown vertex %q", v)
		}
	}
	for i, v := range j.Vertices {
		p, has := j.Prefs[v]
		if !has {
			if len(edgeOrder[i]) > 1 {
				return fail("prefs: vertex %q has %d neighbours but no preference list", v, len(edgeOrder[i]))
			}
			g.Prefs[i] = append([]int{}, edgeOrder[i]...)
			continue
		}
		seen := map[int]bool{}
		for _, w := range p {
			n, ok := id[w]
			switch {
			case !ok:
				return fail("prefs of %q: unknown vertex %q", v, w)
			case !nbrs[i][n]:
				return fail("prefs of %q: %q is not a neighbour", v, w)
			case seen[n]:
				return fail("prefs of %q: %q is listed twice", v, w)
			}
			seen[n] = true
			g.Prefs[i] = append(g.Prefs[i], n)
		}
		if len(p) != len(nbrs[i]) {
			for _, n := range edgeOrder[i] {
				if !seen[n] {
					return fail("prefs of %q: neighbour %q is missing", v, j.Vertices[n])
				}
			}
		}
	}
	if err := g.Validate(); err != nil {
		return Graph{}, &GraphError{File: name, Err: err}
	}
	return g, nil
}

// WriteGraph writes g in the JSON format of docs/graph.md, one edge per
// pair of neighbours (in the order the lower-numbered end lists them) and
// a preference list for every vertex with a neighbour.
func WriteGraph(w io.Writer, g Graph) error {
	if err := g.Validate(); err != nil {
		return err
	}
	j := graphJSON{Vertices: make([]string, g.Len()), Edges: [][]string{}, Prefs: map[string][]string{},
		Start: g.Name(g.Start), Exit: g.Name(g.Exit)}
	for v := range g.Prefs {
		j.Vertices[v] = g.Name(v)
	}
	for v, p := range g.Prefs {
		for _, n := range p {
			if v < n {
				j.Edges = append(j.Edges, []string{g.Name(v), g.Name(n)})
			}
			j.Prefs[g.Name(v)] = append(j.Prefs[g.Name(v)], g.Name(n))
		}
	}
	// One line per field and per preference list keeps files readable.
	var b bytes.Buffer
	line := func(prefix string, v any, suffix string) {
		x, _ := json.Marshal(v)
		b.WriteString(prefix)
		b.Write(x)
		b.WriteString(suffix)
	}
	line("{\n  \"vertices\": ", j.Vertices, ",\n")
	line("  \"edges\": ", j.Edges, ",\n")
	line("  \"start\": ", j.Start, ",\n")
	line("  \"exit\": ", j.Exit, ",\n")
	b.WriteString("  \"prefs\": {")
	sep := "\n"
	for v := range g.Prefs {
		if p, ok := j.Prefs[g.Name(v)]; ok {
			line(sep+"    ", g.Name(v), ": ")
			line("", p, "")
			sep = ",\n"
		}
	}
	b.WriteString("\n  }\n}\n")
	_, err := w.Write(b.Bytes())
	return err
}
