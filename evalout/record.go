package evalout

import "github.com/mousemaze/mousemaze"

// EvalRecord is the JSON record of one evaluated maze, the one type
// behind `mousemaze eval --json` (one line per maze) and the web's
// /api/eval. The fields from rows to mousetrap_turn are the result; the
// k-mod ones are omitted when zero, and heat when not asked for. The
// command adds where the maze came from (EvalSource: file, index) before
// them, the web server the rules walked and the path (EvalDetail) after
// them; a nil part leaves its fields out.
type EvalRecord struct {
	*EvalSource
	Rows     int   `json:"rows"`
	Cols     int   `json:"cols"`
	Turns    int64 `json:"turns"`
	Visits   int64 `json:"visits"`
	Escaped  bool  `json:"escaped"`
	Feasible bool  `json:"feasible"`
	// Infeasible says why an infeasible maze is: one of InfeasibleEntry,
	// InfeasibleExit and InfeasibleUnreachable; omitted when feasible or
	// not known.
	Infeasible string     `json:"infeasible,omitempty"`
	Heat       [][]uint32 `json:"heat,omitempty"`
	// The k-mod fields (Config.K > 0); omitted when zero.
	Trapped    bool  `json:"trapped,omitempty"`
	CycleStart int64 `json:"cycle_start,omitempty"`
	CycleLen   int64 `json:"cycle_len,omitempty"`
	TrapTurn   int64 `json:"mousetrap_turn,omitempty"`
	*EvalDetail
}

// EvalSource says where an evaluated maze came from: its file ("-" for
// standard input) and its 0-based index in that file.
type EvalSource struct {
	File  string `json:"file"`
	Index int    `json:"index"`
}

// EvalDetail is the web server's part of an EvalRecord: the rules walked,
// the backend, and the mouse's path.
type EvalDetail struct {
	// Capped reports that the walk stopped at the cap (the request's, or
	// the server's when the request set none) before the mouse escaped.
	Capped bool  `json:"capped"`
	Cap    int64 `json:"cap"`
	// Edges, Entry, Exit, Order and K echo the rules walked.
	Edges   bool   `json:"edges"`
	Entry   int    `json:"entry"`
	Exit    int    `json:"exit"`
	Order   string `json:"order"`
	K       int    `json:"k,omitempty"`
	Backend string `json:"backend"`
	// Path holds the walk's first PathMoves moves (none for a k-mod walk
	// on an edge board, which the core does not trace), two bits each (0 down,
	// 1 right, 2 left, 3 up), four to a byte from the low bits up, in
	// standard base64. The mouse starts on row 0 of the entry column; the
	// last move of an escape steps below the bottom row. PathTruncated
	// says the walk has more moves than the server sends.
	Path          string `json:"path"`
	PathMoves     int64  `json:"path_moves"`
	PathTruncated bool   `json:"path_truncated"`
	// Reachable marks, for an infeasible maze, the cells the mouse can
	// reach from the entry ('1') and the rest ('0'): the exit lies in the
	// cut-off region.
	Reachable []string `json:"reachable,omitempty"`
}

// NewEvalRecord returns the record of res, the result of walking a
// rows×cols maze, without source or detail; the heat map, when res has
// one, is split into rows (sharing res.Heat).
func NewEvalRecord(rows, cols int, res mousemaze.Result) EvalRecord {
	rec := EvalRecord{
		Rows: rows, Cols: cols, Turns: res.Turns, Visits: res.Visits(), Escaped: res.Escaped, Feasible: res.Feasible,
		Trapped: res.Trapped, CycleStart: res.CycleStart, CycleLen: res.CycleLen, TrapTurn: res.TrapTurn,
	}
	if res.Heat != nil {
		rec.Heat = make([][]uint32, rows)
		for r := range rec.Heat {
			rec.Heat[r] = res.Heat[r*cols : (r+1)*cols]
		}
	}
	return rec
}
