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

// graphError is the error returned for a malformed graph file. It names
// the file and wraps errGraph; its message names the problem.
type graphError struct {
	File string
	Err  error
}

// Error formats the error as "file: problem".
func (e *graphError) Error() string { return fmt.Sprintf("%s: %v", e.File, e.Err) }

// Unwrap returns the underlying error.
func (e *graphError) Unwrap() error { return e.Err }

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

// AJSON names a JSON value's kind (as json.UnmarshalTypeError.Value
// gives it) with its article, for messages: "an array", "a number".
func AJSON(kind string) string {
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
// name is used in errors, which say "invalid graph" after the name and
// name the problem: a JSON syntax error with its line, a value that
// is not a graph object, a field of the wrong type, an unknown field, an
// unknown or repeated vertex, a bad edge (with its index), a missing or
// wrong preference list. An input over the limit, or one that cannot be
// read, is a *ParseError (see ReadAllText).
func ParseGraph(r io.Reader, name string) (Graph, error) {
	data, err := ReadAllText(r, name)
	if err != nil {
		return Graph{}, err
	}
	g, err := buildGraph(data)
	if err != nil {
		return Graph{}, &graphError{File: name, Err: err}
	}
	if err := g.Validate(); err != nil {
		return Graph{}, &graphError{File: name, Err: err}
	}
	return g, nil
}

// graphErrorf returns an error wrapping errGraph with the message format
// gives.
func graphErrorf(format string, a ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{errGraph}, a...)...)
}

// buildGraph decodes the graph in data and checks its vertices, edges,
// ends and preference lists; errors wrap errGraph (see graphErrorf).
func buildGraph(data []byte) (Graph, error) {
	j, err := decodeGraph(data)
	if err != nil {
		return Graph{}, err
	}
	if len(j.Vertices) == 0 {
		return Graph{}, graphErrorf(`"vertices" is missing or empty`)
	}
	g := Graph{Names: j.Vertices}
	id, err := graphVertices(j.Vertices)
	if err != nil {
		return Graph{}, err
	}
	nbrs, edgeOrder, err := graphEdges(j.Edges, id)
	if err != nil {
		return Graph{}, err
	}
	if g.Start, g.Exit, err = graphEnds(j, id); err != nil {
		return Graph{}, err
	}
	if g.Prefs, err = graphPrefs(j, id, nbrs, edgeOrder); err != nil {
		return Graph{}, err
	}
	return g, nil
}

// decodeGraph decodes the one JSON object in data, naming the line of a
// syntax error or of a field of the wrong type.
func decodeGraph(data []byte) (graphJSON, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var j graphJSON
	if err := dec.Decode(&j); err != nil {
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &se):
			return j, graphErrorf("line %d: %v", lineOf(data, se.Offset), err)
		case errors.As(err, &te) && te.Field == "":
			return j, graphErrorf("line %d: want a JSON object with the fields %s (docs/graph.md), not %s", lineOf(data, te.Offset), graphFields, AJSON(te.Value))
		case errors.As(err, &te):
			field, _, _ := strings.Cut(te.Field, ".")
			if want, ok := graphFieldWant[field]; ok {
				return j, graphErrorf("line %d: field %q: want %s, not %s", lineOf(data, te.Offset), te.Field, want, AJSON(te.Value))
			}
			return j, graphErrorf("field %q: %v", te.Field, err)
		case errors.Is(err, io.EOF):
			return j, graphErrorf("no JSON object in input")
		}
		return j, graphErrorf("%v", err)
	}
	if dec.More() {
		return j, graphErrorf("more than one JSON value in input")
	}
	return j, nil
}

// graphVertices returns the index of each vertex name, which must be
// non-empty and unique.
func graphVertices(vertices []string) (map[string]int, error) {
	id := make(map[string]int, len(vertices))
	for i, v := range vertices {
		if v == "" {
			return nil, graphErrorf("vertex %d has an empty name", i)
		}
		if _, dup := id[v]; dup {
			return nil, graphErrorf("vertex %q is listed twice", v)
		}
		id[v] = i
	}
	return id, nil
}

// graphEdges reads the edges between the vertices of id: nbrs holds the
// neighbours of each vertex and edgeOrder lists them in edge order. The
// graph must be simple.
func graphEdges(edges [][]string, id map[string]int) (nbrs []map[int]bool, edgeOrder [][]int, err error) {
	nbrs = make([]map[int]bool, len(id))
	for i := range nbrs {
		nbrs[i] = map[int]bool{}
	}
	edgeOrder = make([][]int, len(id))
	for i, e := range edges {
		if len(e) != 2 {
			return nil, nil, graphErrorf("edge %d %q: want two vertices, have %d", i, e, len(e))
		}
		a, okA := id[e[0]]
		b, okB := id[e[1]]
		switch {
		case !okA:
			return nil, nil, graphErrorf("edge %d %q: unknown vertex %q", i, e, e[0])
		case !okB:
			return nil, nil, graphErrorf("edge %d %q: unknown vertex %q", i, e, e[1])
		case a == b:
			return nil, nil, graphErrorf("edge %d %q: a loop (the graph must be simple)", i, e)
		case nbrs[a][b]:
			return nil, nil, graphErrorf("edge %d %q: listed twice (the graph must be simple)", i, e)
		}
		nbrs[a][b], nbrs[b][a] = true, true
		edgeOrder[a] = append(edgeOrder[a], b)
		edgeOrder[b] = append(edgeOrder[b], a)
	}
	return nbrs, edgeOrder, nil
}

// graphEnds returns the start and exit vertices of j, which must be two
// different vertices of id.
func graphEnds(j graphJSON, id map[string]int) (start, exit int, err error) {
	var ok bool
	if start, ok = id[j.Start]; !ok {
		if j.Start == "" {
			return 0, 0, graphErrorf(`"start" is missing`)
		}
		return 0, 0, graphErrorf("start %q is not a vertex", j.Start)
	}
	if exit, ok = id[j.Exit]; !ok {
		if j.Exit == "" {
			return 0, 0, graphErrorf(`"exit" is missing`)
		}
		return 0, 0, graphErrorf("exit %q is not a vertex", j.Exit)
	}
	if start == exit {
		return 0, 0, graphErrorf("start and exit are the same vertex %q", j.Start)
	}
	return start, exit, nil
}

// graphPrefs returns the preference list of each vertex of j: the one
// given, which must list every neighbour (nbrs) once, or for a vertex with
// at most one neighbour and none given, its neighbours in edge order.
func graphPrefs(j graphJSON, id map[string]int, nbrs []map[int]bool, edgeOrder [][]int) ([][]int, error) {
	for v := range j.Prefs {
		if _, ok := id[v]; !ok {
			return nil, graphErrorf("prefs: unknown vertex %q", v)
		}
	}
	prefs := make([][]int, len(j.Vertices))
	for i, v := range j.Vertices {
		p, has := j.Prefs[v]
		if !has {
			if len(edgeOrder[i]) > 1 {
				return nil, graphErrorf("prefs: vertex %q has %d neighbours but no preference list", v, len(edgeOrder[i]))
			}
			prefs[i] = append([]int{}, edgeOrder[i]...)
			continue
		}
		seen := map[int]bool{}
		for _, w := range p {
			n, ok := id[w]
			switch {
			case !ok:
				return nil, graphErrorf("prefs of %q: unknown vertex %q", v, w)
			case !nbrs[i][n]:
				return nil, graphErrorf("prefs of %q: %q is not a neighbour", v, w)
			case seen[n]:
				return nil, graphErrorf("prefs of %q: %q is listed twice", v, w)
			}
			seen[n] = true
			prefs[i] = append(prefs[i], n)
		}
		if len(p) != len(nbrs[i]) {
			for _, n := range edgeOrder[i] {
				if !seen[n] {
					return nil, graphErrorf("prefs of %q: neighbour %q is missing", v, j.Vertices[n])
				}
			}
		}
	}
	return prefs, nil
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
