// Package game analyses MAZE, the two-player combinatorial game of the seed
// (McKay, Nowakowski and Siegel, "Navigating the MAZE").
//
// A position is a rectangular board with walls on cell edges and a token
// on the top-left cell. Left moves the token any number of cells down,
// Right any number of cells right, never through a wall; a player with no
// move loses. The value of a cell is the value of the position with the
// token on that cell.
//
// The package holds:
//   - Position, the board, read and written in the edge text format of
//     docs/variants.md (position.go, format.go);
//   - Dyadic, exact dyadic rationals (dyadic.go), and Value, a reduced
//     canonical form: a number or a switch {a|b} with a > b (value.go);
//   - Store, an exact engine for short games: hash-consed game forms,
//     comparison, sums, canonical forms, stops (engine.go, canonical.go,
//     names.go), and the exact value of every cell of a position
//     (exact.go);
//   - Sweep, the seed's O(p·q) row and column sweep that gives the reduced
//     canonical form of every cell (Theorem 14, sweep.go);
//   - Build, the seed's construction of a vertical position of any given
//     reduced canonical form (Theorem 13 and Lemma 11, build.go);
//   - Search, the exhaustive search of small boards for exact values
//     (the seed's Question 15, search.go).
package game
