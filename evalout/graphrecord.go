package evalout

import (
	"github.com/mousemaze/mousemaze"

	"cmp"
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
)

// GraphRecord is one line of `mousemaze graph --json`: a graph maze, its Theorem 8 bound and its walk.
type GraphRecord struct {
	File      string `json:"file"`
	Vertices  int    `json:"vertices"`
	Edges     int    `json:"edges"`
	MaxDegree int    `json:"max_degree"`
	// Diameter is the diameter of the start's component; nil (and left
	// out of the JSON) when only its bounds are known, DiameterBounds.
	Diameter *int `json:"diameter,omitempty"`
	// DiameterBounds is [least, most] when the search for the diameter
	// stopped at the root package's bound on its work (2^26 visits);
	// Bound then uses the most.
	DiameterBounds *[2]int `json:"diameter_bounds,omitempty"`
	Bound          int64   `json:"theorem8_bound"`
	// BoundSaturated marks a Bound of math.MaxInt64, where the bound
	// itself is that or more.
	BoundSaturated bool              `json:"theorem8_bound_saturated,omitempty"`
	K              int               `json:"k"`
	Turns          int64             `json:"turns"`
	Visits         int64             `json:"visits"`
	Escaped        bool              `json:"escaped"`
	Feasible       bool              `json:"feasible"`
	Trapped        bool              `json:"trapped"`
	CycleStart     int64             `json:"cycle_start"`
	CycleLen       int64             `json:"cycle_len"`
	TrapTurn       int64             `json:"mousetrap_turn"`
	Heat           map[string]uint32 `json:"heat,omitempty"`
}

// NewGraphRecord walks g under cfg and describes the graph and the walk;
// name is the graph's file.
func NewGraphRecord(name string, g mousemaze.Graph, cfg mousemaze.Config) (GraphRecord, error) {
	res, err := mousemaze.WalkGraph(g, cfg)
	if err != nil {
		return GraphRecord{}, fmt.Errorf("%s: %w", name, err)
	}
	st := g.ComponentStats()
	edges := 0
	for _, p := range g.Prefs {
		edges += len(p)
	}
	rec := GraphRecord{File: name, Vertices: st.Vertices, Edges: edges / 2, MaxDegree: st.MaxDegree,
		Bound: st.Theorem8Bound(), K: cfg.K, Turns: res.Turns, Visits: res.Visits(),
		Escaped: res.Escaped, Feasible: res.Feasible, Trapped: res.Trapped,
		CycleStart: res.CycleStart, CycleLen: res.CycleLen, TrapTurn: res.TrapTurn}
	if st.DiameterExact() {
		rec.Diameter = &st.DiameterMin
	} else {
		rec.DiameterBounds = &[2]int{st.DiameterMin, st.DiameterMax}
	}
	rec.BoundSaturated = rec.Bound == math.MaxInt64
	if res.Heat != nil {
		rec.Heat = map[string]uint32{}
		for v, c := range res.Heat {
			rec.Heat[g.Name(v)] = c
		}
	}
	return rec, nil
}

// WriteGraphTable prints graph records as a table, and with heat each
// graph's visits per vertex, written "name=visits" with the vertices in
// the order of their names, numbers in names compared as numbers
// ("s=5 t=0 v2=1 v10=3"). A diameter known only by its bounds is written
// "least..most" (the bound then uses the most), a saturated bound
// "≥9223372036854775807".
func WriteGraphTable(w io.Writer, recs []GraphRecord, heat bool) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "file\tvertices\tedges\tmax_deg\tdiam\tk\tturns\ttheorem8_bound\tescaped\tfeasible\ttrapped\tcycle\tmousetrap\t")
	for _, r := range recs {
		cycle := "-"
		if r.Trapped {
			cycle = fmt.Sprintf("%d+%d", r.CycleStart, r.CycleLen)
		}
		diam := "-"
		switch {
		case r.Diameter != nil:
			diam = strconv.Itoa(*r.Diameter)
		case r.DiameterBounds != nil:
			diam = fmt.Sprintf("%d..%d", r.DiameterBounds[0], r.DiameterBounds[1])
		}
		bound := strconv.FormatInt(r.Bound, 10)
		if r.BoundSaturated {
			bound = "≥" + bound
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%s\t%d\t%d\t%s\t%s\t%s\t%s\t%s\t%d\t\n", r.File, r.Vertices, r.Edges, r.MaxDegree,
			diam, r.K, r.Turns, bound, YesNo(r.Escaped), YesNo(r.Feasible), YesNo(r.Trapped), cycle, r.TrapTurn)
	}
	tw.Flush()
	if heat {
		for _, r := range recs {
			fmt.Fprintf(w, "\n%s, visits per vertex: %s\n", r.File, r.heatText())
		}
	}
}

// heatText writes r.Heat as "name=visits" pairs separated by spaces, the
// names in natural order (natCompare) and quoted when they hold a space or
// '=', or "-" when there is no heat map.
func (r GraphRecord) heatText() string {
	if len(r.Heat) == 0 {
		return "-"
	}
	names := slices.SortedFunc(maps.Keys(r.Heat), func(a, b string) int {
		return cmp.Or(natCompare(a, b), strings.Compare(a, b))
	})
	var b strings.Builder
	for i, v := range names {
		if i > 0 {
			b.WriteByte(' ')
		}
		if v == "" || strings.ContainsAny(v, " =\t\n\"") {
			fmt.Fprintf(&b, "%q=%d", v, r.Heat[v])
		} else {
			fmt.Fprintf(&b, "%s=%d", v, r.Heat[v])
		}
	}
	return b.String()
}

// natCompare orders strings as text, except that runs of digits compare
// as numbers: "v2" before "v10".
func natCompare(a, b string) int {
	for a != "" && b != "" {
		da, db := digitRun(a), digitRun(b)
		if da > 0 && db > 0 {
			na, nb := strings.TrimLeft(a[:da], "0"), strings.TrimLeft(b[:db], "0")
			if c := cmp.Compare(len(na), len(nb)); c != 0 {
				return c
			}
			if c := strings.Compare(na, nb); c != 0 {
				return c
			}
			a, b = a[da:], b[db:]
			continue
		}
		if a[0] != b[0] {
			return cmp.Compare(a[0], b[0])
		}
		a, b = a[1:], b[1:]
	}
	return cmp.Compare(len(a), len(b))
}

// digitRun returns the length of the run of ASCII digits that starts s.
func digitRun(s string) int {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n
}
