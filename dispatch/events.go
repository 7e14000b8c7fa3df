package dispatch

// Event is one line of `evolve --json`. Fields that do not apply to
// an event are left out.
type Event struct {
	Event      string  `json:"event"`
	Gen        int64   `json:"gen"`
	Evals      int64   `json:"evals"`
	Rejected   int64   `json:"rejected,omitempty"`
	BestTurns  int64   `json:"best_turns"`
	BestVisits int64   `json:"best_visits"`
	BestMaze   string  `json:"best_maze,omitempty"`
	Rows       int     `json:"rows,omitempty"`
	Cols       int     `json:"cols,omitempty"`
	Entry      *int    `json:"entry,omitempty"`
	Exit       *int    `json:"exit,omitempty"`
	Order      string  `json:"order,omitempty"`
	Seed       *uint64 `json:"seed,omitempty"`
	Algo       string  `json:"algo,omitempty"`
	Backend    string  `json:"backend,omitempty"`
	Seconds    float64 `json:"seconds,omitempty"`
	EvalsPerS  float64 `json:"evals_per_s,omitempty"`
	Checkpoint string  `json:"checkpoint,omitempty"`
	// LocalOptimumRadius certifies the best maze: no maze within this
	// Hamming distance takes more turns (set by --polish and by climbs
	// that end at the best); PolishEvals counts the polish's evaluations.
	LocalOptimumRadius *int  `json:"local_optimum_radius,omitempty"`
	PolishEvals        int64 `json:"polish_evals,omitempty"`
	// Detail describes the best maze's walk under --k or --objective;
	// best_turns is then the search's score (see Score).
	Detail *ObjectiveDetail `json:"best,omitempty"`
}

// EdgeEvent is the final line of evolve --edges --json.
type EdgeEvent struct {
	Event     string  `json:"event"`
	Evals     int64   `json:"evals"`
	Objective string  `json:"objective"`
	K         int     `json:"k"`
	Score     int64   `json:"score"`
	Turns     int64   `json:"turns"`
	Escaped   bool    `json:"escaped"`
	Rows      int     `json:"rows"`
	Cols      int     `json:"cols"`
	Entry     int     `json:"entry"`
	Exit      int     `json:"exit"`
	Order     string  `json:"order"`
	Seed      uint64  `json:"seed"`
	Walls     int     `json:"walls"`
	Board     string  `json:"board"`
	Seconds   float64 `json:"seconds"`
	// Algo is the engine's method; Rejected the infeasible boards bred
	// and not walked; PolishEvals and LocalOptimumRadius the polish and
	// its certificate (see evolve --polish).
	Algo               string `json:"algo"`
	Rejected           int64  `json:"rejected"`
	PolishEvals        int64  `json:"polish_evals,omitempty"`
	LocalOptimumRadius *int   `json:"local_optimum_radius,omitempty"`
	Checkpoint         string `json:"checkpoint,omitempty"`
}

// WalkerEvent is the final line of evolve --walker --json.
type WalkerEvent struct {
	Event   string  `json:"event"`
	Walker  string  `json:"walker"`
	Evals   int64   `json:"evals"`
	Score   int64   `json:"score"`
	Steps   int64   `json:"steps"`
	Outcome string  `json:"outcome"`
	Rows    int     `json:"rows"`
	Cols    int     `json:"cols"`
	Seed    uint64  `json:"seed"`
	Walls   int     `json:"walls"`
	Board   string  `json:"board"`
	Seconds float64 `json:"seconds"`
	// Algo, Rejected, PolishEvals, LocalOptimumRadius and Checkpoint are
	// as in evolve --edges.
	Algo               string `json:"algo"`
	Rejected           int64  `json:"rejected"`
	PolishEvals        int64  `json:"polish_evals,omitempty"`
	LocalOptimumRadius *int   `json:"local_optimum_radius,omitempty"`
	Checkpoint         string `json:"checkpoint,omitempty"`
}
