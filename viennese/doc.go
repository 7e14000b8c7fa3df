// Package viennese builds, scores, solves, draws and evolves Viennese
// mazes: traffic-light mazes, the second kind of maze described by the
// seed 004 ("Viennese Mazes: What They Are, and How to Make One").
//
// # Rules
//
// A Canvas is an undirected graph of crossroads (nodes 0..N-1) joined by
// streets, with a start and a goal crossroad. A Maze is a canvas plus a
// colouring: one traffic light per street, whose initial colour is green
// (0), orange (1) or red (2). Every move along a street advances all
// lights one step (green → orange → red → green). After d moves a street
// of initial colour c may be taken iff (c+d) mod 3 ≠ 2, that is, iff it is
// not red at that moment. Reaching the goal ends the walk.
//
// Two variants are supported (Variant):
//
//	ht   half-turns allowed; a state is (crossroad, d mod 3)
//	nht  no half-turns: one may not leave by the street one came in by;
//	     a state is (crossroad, d mod 3, previous crossroad), and the
//	     start state has no previous crossroad
//
// # States graph
//
// System precomputes, for one canvas and variant, every state and every
// possible move between states, each move guarded by one street and the
// phase d mod 3 at which it is taken. Given a colouring, the moves whose
// light is not red form the states graph, a directed graph in which all
// states at the goal crossroad are merged into one goal node and the goal
// has no outgoing moves. Graph returns the part reachable from the start.
//
// # Score
//
// The default score (Default, see Formula) is computed on the states
// graph. Distances count nodes on a shortest path, both ends included, so
// the start is at distance 1. The score is
//
//   - 0 if the goal is not reachable from the start;
//   - 1 if there is more than one simple path from the start to the goal
//     in the states graph; a simple path never visits a state twice, so a
//     loop that leaves the solution and comes back to the very state it
//     left from does not count (the seed's criterion 1: "you leave the right
//     track at some point and join it back later at exactly the same
//     position"), while a detour that rejoins the solution at a later state
//     does;
//   - otherwise L² · A · B² · √E · F, where L is the goal's distance, A the
//     number of reachable states at distance ≤ 2, B the number at distance
//     ≤ L, E the number of moves between reachable states whose two ends'
//     distances differ by more than 1 (the "loops"), and F the number of
//     states whose shortest path to the goal has fewer than 3 nodes: the
//     goal itself and every state of the full states graph with a move to
//     the goal, reachable from the start or not. In the nht variant a state
//     (v, p, u) belongs to the full states graph only if the move u → v at
//     phase p−1 exists, that is, if the state can be entered at all.
//
// The test for a second simple path takes linear time: with P = p0 … pk a
// shortest solution, a second simple path exists iff some move leaves a
// state pi of P by a move that is not on P and reaches a later state pj
// (j > i) through states off P only.
//
// Scoring is pluggable: a search takes any Scorer, and an Evaluator takes
// any Formula of the Stats it measures.
//
// # Files
//
// Canvases and mazes share one text format (see Parse), or JSON (see
// MazeJSON). Parse errors name the file and the line.
//
// # Search
//
// Evolve runs one of the methods in Algos on colourings: keep (the seed's
// mutate-and-keep loop), anneal (that loop with a falling mutation
// probability: for i = 0 … n−1, k rounds in which each light changes with
// probability (n−i)/n), random, hill (steepest ascent over one-light
// changes with restarts), sa (simulated annealing with linear cooling),
// and ea and ga (the evolutionary and genetic algorithms), with the
// parameter names and default values of package dispatch (Pop, Parents,
// Elite, Mutation, Temp). Package dispatch's searches
// work on grid mazes (mousemaze.Maze) handed in batches to a walk
// evaluator, so this package implements the same methods on colourings,
// which are short vectors of small integers. A search is a pure function
// of its Params and the seed.
package viennese
