package sweep_test

import (
	"context"
	"fmt"
	"log"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/dispatch/sweep"
)

// An exhaustive sweep of every 4x4 maze under the default rules (order
// DRLU, entry and exit in column 0) proves the thesis's optimum of 27
// turns. Leaves are the maze classes the search examined; together with
// the infeasible mazes they stand for all 2^16 mazes.
func ExampleRun() {
	rep, err := sweep.Run(context.Background(), sweep.Options{
		Size:    mousemaze.Size{Rows: 4, Cols: 4},
		Workers: 1,
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("optimum:", rep.OptimumTurns, "turns,", rep.OptimumVisits, "visits")
	fmt.Print(rep.OptimalMaze)
	fmt.Println("class:")
	fmt.Print(rep.OptimalClass)
	fmt.Println("optimal classes:", rep.OptimalClasses, "mazes:", rep.OptimalMazes)
	fmt.Println("leaves:", rep.Leaves, "mazes:", rep.Mazes, "infeasible:", rep.InfeasibleMazes)
	fmt.Println("tasks:", rep.Tasks, "of", rep.TotalTasks)
	// Output:
	// optimum: 27 turns, 25 visits
	// .X..
	// ....
	// X...
	// ....
	// class:
	// .X..
	// ....
	// X...
	// ....
	// optimal classes: 3 mazes: 3
	// leaves: 271 mazes: 65536 infeasible: 59791
	// tasks: 744 of 744
}
