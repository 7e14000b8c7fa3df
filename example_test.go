package mousemaze_test

import (
	"fmt"
	"log"
	"strings"

	"github.com/mousemaze/mousemaze"
)

// Parse reads mazes in the text format: '.' is open, 'X' or '#' a wall,
// blank lines separate mazes and ';' starts a comment.
func ExampleParse() {
	const text = `; the thesis's optimal 3x3 (Table 4.2)
...
X..
...

; a 4x4
....
.XX.
..X.
X...
`
	mazes, err := mousemaze.Parse(strings.NewReader(text), "example")
	if err != nil {
		log.Fatal(err)
	}
	for _, m := range mazes {
		fmt.Printf("%s, %d walls\n", m.Size(), m.WallCount())
	}
	fmt.Print(mazes[0])
	// Output:
	// 3x3, 1 walls
	// 4x4, 4 walls
	// ...
	// X..
	// ...
}

// Walk is the reference walk: it counts the turns of the Flash game
// (entering and every move) and the paper's visits, turns − 2.
func ExampleWalk() {
	m := mousemaze.NewMaze(3, 3)
	m.SetWall(1, 0, true) // the thesis's 3x3 optimum
	res, err := mousemaze.Walk(m, mousemaze.Config{Heat: true})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println("turns:", res.Turns, "visits:", res.Visits(), "escaped:", res.Escaped)
	for r := 0; r < m.Rows; r++ {
		fmt.Println(res.Heat[r*m.Cols : (r+1)*m.Cols])
	}
	// Output:
	// turns: 12 visits: 10 escaped: true
	// [1 1 1]
	// [0 1 2]
	// [1 2 2]
}

// NewEvaluator opens a backend by name: the root package's "ref" here;
// importing github.com/mousemaze/mousemaze/backends for its side effect
// registers "cpu", "tree" and "cuda" beside it. Every backend gives
// exactly the results of Walk.
func ExampleNewEvaluator() {
	ev, err := mousemaze.NewEvaluator("ref", mousemaze.Options{})
	if err != nil {
		log.Fatal(err)
	}
	defer ev.Close()

	empty := mousemaze.NewMaze(3, 3)
	thesis := mousemaze.NewMaze(3, 3)
	thesis.SetWall(1, 0, true)
	blocked := mousemaze.NewMaze(3, 3)
	for c := 0; c < 3; c++ {
		blocked.SetWall(1, c, true)
	}
	pop, err := mousemaze.PopulationOf(empty, thesis, blocked)
	if err != nil {
		log.Fatal(err)
	}
	dst := make([]mousemaze.Result, pop.Len())
	if err := ev.Evaluate(pop, mousemaze.Config{}, dst); err != nil {
		log.Fatal(err)
	}
	fmt.Println(ev.Name())
	for i, res := range dst {
		fmt.Printf("maze %d: feasible %v, turns %d\n", i, res.Feasible, res.Turns)
	}
	// Output:
	// ref
	// maze 0: feasible true, turns 4
	// maze 1: feasible true, turns 12
	// maze 2: feasible false, turns 0
}

// FeasibleWalls decides feasibility on bare wall words: walls[r] has bit c
// set when the cell in row r, column c is a wall.
func ExampleFeasibleWalls() {
	open := []uint64{0b000, 0b000, 0b000}
	thesis := []uint64{0b000, 0b001, 0b000} // wall at row 1, column 0
	cut := []uint64{0b000, 0b111, 0b000}    // row 1 walled off
	fmt.Println(mousemaze.FeasibleWalls(open, 3, 0, 0))
	fmt.Println(mousemaze.FeasibleWalls(thesis, 3, 0, 0))
	fmt.Println(mousemaze.FeasibleWalls(cut, 3, 0, 0))
	fmt.Println(mousemaze.FeasibleWalls(thesis, 3, 0, 2)) // exit below column 2
	// Output:
	// true
	// true
	// false
	// true
}
