package dispatch_test

import (
	"context"
	"fmt"
	"log"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch"
)

// A search is a pure function of its Spec: an iterated local search over
// 5x5 mazes with a budget of 2000 evaluations and seed 1 finds the same
// maze on every run, backend and worker count; here it reaches 54 turns,
// the 5x5 optimum.
func ExampleNewEngine() {
	ev, err := mousemaze.NewEvaluator("ref", mousemaze.Options{Workers: 1})
	if err != nil {
		log.Fatal(err)
	}
	defer ev.Close()

	spec, err := dispatch.Preset("ils")
	if err != nil {
		log.Fatal(err)
	}
	spec.Rows, spec.Cols = 5, 5
	spec.Evals = 2000
	spec.Seed = 1
	problem, err := dispatch.NewGridProblem(spec, ev)
	if err != nil {
		log.Fatal(err)
	}
	engine, err := dispatch.NewEngine(spec, problem, nil)
	if err != nil {
		log.Fatal(err)
	}
	if err := engine.Run(context.Background(), dispatch.EngineHooks[dispatch.Grid]{}); err != nil {
		log.Fatal(err)
	}
	best := engine.Best()
	fmt.Println("turns:", best.Score.Turns)
	fmt.Print(best.Genome.Maze(spec.Rows, spec.Cols))
	// Output:
	// turns: 54
	// ..X..
	// X....
	// ..X..
	// X..X.
	// .....
}

// A GridProblem's moves flip one cell each, never an end cell: on a 3x3
// grid with the entry and exit in column 0 there are 9 − 2 = 7 of them.
// Move 2 is the cell in row 1, column 0, which makes the thesis's 3x3
// optimum; walling the middle row as well cuts the exit off.
func ExampleGridProblem() {
	ev, err := mousemaze.NewEvaluator("ref", mousemaze.Options{})
	if err != nil {
		log.Fatal(err)
	}
	defer ev.Close()

	spec, err := dispatch.Preset("hill")
	if err != nil {
		log.Fatal(err)
	}
	spec.Rows, spec.Cols = 3, 3
	p, err := dispatch.NewGridProblem(spec, ev)
	if err != nil {
		log.Fatal(err)
	}
	open := p.Open()
	fmt.Println("moves:", p.Moves(open), "site of move 2:", p.Site(open, 2))

	thesis := p.Apply(open, 2)
	cut := p.Apply(thesis, 3, 4) // the rest of row 1
	fmt.Print(thesis.Maze(p.Rows, p.Cols))
	fmt.Println("feasible:", p.Feasible(thesis), p.Feasible(cut))

	scores := make([]dispatch.Score, 2)
	if err := p.Evaluate([]dispatch.Grid{open, thesis}, scores); err != nil {
		log.Fatal(err)
	}
	fmt.Println("turns:", scores[0].Turns, scores[1].Turns)
	// Output:
	// moves: 7 site of move 2: 3
	// ...
	// X..
	// ...
	// feasible: true false
	// turns: 4 12
}
