package evalout

import "github.com/mousemaze/mousemaze"

// The reasons WhyInfeasible gives.
const (
	InfeasibleEntry       = "entry walled"     // the entry cell is a wall
	InfeasibleExit        = "exit walled"      // the exit cell is a wall
	InfeasibleUnreachable = "exit unreachable" // no open path joins them
)

// WhyInfeasible says why the mouse cannot escape m under cfg: "" when m is
// feasible, else InfeasibleEntry, InfeasibleExit (when the entry cell is
// open) or InfeasibleUnreachable. It assumes cfg is valid for m.
func WhyInfeasible(m mousemaze.Maze, cfg mousemaze.Config) string {
	switch {
	case m.Wall(0, cfg.Entry):
		return InfeasibleEntry
	case m.Wall(m.Rows-1, cfg.Exit):
		return InfeasibleExit
	case !mousemaze.Feasible(m, cfg):
		return InfeasibleUnreachable
	}
	return ""
}
