// Package classic holds the ordinary ("classic") mazes of the seed paper
// Playing With Mazes: walls stand between cells, as on the root package's
// Mouse Maze 2 board (mousemaze.EdgeMaze), and the puzzle is to walk from a
// start cell to a goal cell.
//
// The package builds mazes (the spanning-tree algorithm with a frontier,
// Anderson's wall-growing algorithm, and connection through the powers of
// a connection matrix), solves them (random walk, left- and right-hand
// walks with and without hand switching, the least-recently-used door walk,
// breadth-first search, Trémaux's algorithm, the cheese aroma diffusion),
// computes the minimum-distance and solution matrices, and plays the games
// of §6: the blind maze with the player's-eye view (in words, or as a
// corridor: Perspective), against a computer opponent (Rival: a catcher
// or a racer walking with a Stepper) or another human (Duo); duels between
// walkers (Duel, with Wilson intervals); and interpreted mazes that never
// look like one (Interpreted: trade, bureau, quiz), best on mazes braided
// with Braid. Boards may wrap around and may hold one-way doors; every
// solver handles both.
package classic
