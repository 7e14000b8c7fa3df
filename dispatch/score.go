package dispatch

import (
	"fmt"
	"math"
)

// Score is what a search maximises, typed so that no internal value can be
// mistaken for a turn count. Scores are ordered by Cmp: infeasible below
// everything, then by Value; under the trap objective every trapped genome
// ranks above every other, smaller traps first.
type Score struct {
	// Feasible is false for a genome that cannot be scored: a maze whose
	// exit cannot be reached, a walker board whose goal cannot be reached.
	Feasible bool `json:"feasible"`
	// Value is the objective's value: the walk's turns, the visits of the
	// busiest cell, a walker's steps or a Viennese score. Higher is better.
	Value float64 `json:"value"`
	// Turns is the walk's turn count where there is a walk, else 0.
	Turns int64 `json:"turns,omitempty"`
	// Capped reports a walk stopped at its cap.
	Capped bool `json:"capped,omitempty"`
	// Trapped reports, under the trap objective, a k-mod mouse that never
	// escapes; TrapCells and TrapArea are the size of the trap (open cells
	// reachable from the entry, and the area of their bounding box).
	Trapped   bool `json:"trapped,omitempty"`
	TrapCells int  `json:"trap_cells,omitempty"`
	TrapArea  int  `json:"trap_area,omitempty"`
}

// Infeasible is the score of a genome that cannot be scored.
var Infeasible = Score{}

// TurnsScore is the score of a walk of the given turns under the turns
// objective.
func TurnsScore(turns int64) Score {
	return Score{Feasible: true, Value: float64(turns), Turns: turns}
}

// Cmp compares a and b: -1 if a is worse, 0 if they rank equal, +1 if a is
// better.
func (a Score) Cmp(b Score) int {
	switch {
	case a.Feasible != b.Feasible:
		return boolCmp(a.Feasible)
	case !a.Feasible:
		return 0
	case a.Trapped != b.Trapped:
		return boolCmp(a.Trapped)
	case a.Trapped && a.TrapCells != b.TrapCells:
		return intCmp(b.TrapCells, a.TrapCells)
	case a.Trapped && a.TrapArea != b.TrapArea:
		return intCmp(b.TrapArea, a.TrapArea)
	case a.Value != b.Value:
		if a.Value > b.Value {
			return 1
		}
		return -1
	}
	return 0
}

// Better reports whether a ranks strictly above b.
func (a Score) Better(b Score) bool { return a.Cmp(b) > 0 }

// String writes the score for people: "12345 turns", "infeasible",
// "trapped in 7 cells (area 12)".
func (a Score) String() string {
	switch {
	case !a.Feasible:
		return "infeasible"
	case a.Trapped:
		return fmt.Sprintf("trapped in %d cells (area %d)", a.TrapCells, a.TrapArea)
	case a.Value == math.Trunc(a.Value) && math.Abs(a.Value) < 1<<53:
		return fmt.Sprintf("%d", int64(a.Value))
	}
	return fmt.Sprintf("%g", a.Value)
}

func boolCmp(a bool) int {
	if a {
		return 1
	}
	return -1
}

func intCmp(a, b int) int {
	switch {
	case a > b:
		return 1
	case a < b:
		return -1
	}
	return 0
}
