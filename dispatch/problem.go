package dispatch

import "math/rand/v2"

// A Problem is what the engine searches: a space of genomes G (grid
// mazes, edge boards, walker boards, Viennese colourings), how to draw,
// change and combine them, and how to score a batch of them through an
// evaluator. The strategies (random, hill, sa, ea, ga, memetic, ils,
// pipeline), the local searches, islands, checkpoints and progress are the
// engine's and work on every Problem.
//
// A genome is changed by moves: Moves(g) elementary changes, numbered from
// 0, each acting on one site (a cell, an edge, an end column, a street).
// Two moves on the same site never combine; a neighbour at Hamming radius r
// is g with r moves on r distinct sites applied. Every method must be a
// pure function of its arguments (and the rng it is given), so that a
// search is reproducible from its seed. They are called from several
// goroutines at once (the engine breeds large generations in parallel), so
// none may change the problem.
type Problem[G any] interface {
	// Random draws a random genome, feasible or not.
	Random(rng *rand.Rand) G
	// Feasible reports whether g can be scored at all; infeasible genomes
	// never reach Evaluate.
	Feasible(g G) bool
	// Moves returns the number of elementary moves from g.
	Moves(g G) int
	// Site returns the site that move m of g changes.
	Site(g G, m int) int
	// Apply returns a copy of g with the given moves (on distinct sites)
	// applied; g is not changed.
	Apply(g G, moves ...int) G
	// Cross returns a child taking every site from a or b with equal
	// probability (uniform crossover).
	Cross(rng *rand.Rand, a, b G) G
	// Repair returns a feasible genome between child and parent (parent
	// is feasible): child with some of its differences from parent undone.
	Repair(rng *rand.Rand, child, parent G) G
	// Evaluate scores every genome of batch (all feasible) into dst.
	Evaluate(batch []G, dst []Score) error
	// Equal reports whether a and b are the same genome; Hash returns a
	// 64-bit hash that equal genomes share.
	Equal(a, b G) bool
	Hash(g G) uint64
	// Clone returns a deep copy of g.
	Clone(g G) G
	// Check reports why g cannot be part of this problem's search (wrong
	// size, out-of-range values), or nil; used on initial and immigrant
	// genomes.
	Check(g G) error
}

// A Geometry is a Problem whose sites lie in a space: Distance returns how
// far apart the sites of two moves of g are (Chebyshev distance between
// cells for grids). With Spec.Reach > 0 the climbs of hill, memetic and
// ils combine only moves whose sites lie within Reach of each other at
// radius 2 and above: the pairs that move a wall or grow a dead end, and
// at larger radii the rebuilding of one small region, a small part of the
// whole neighbourhood. The polish always scans everything.
type Geometry[G any] interface {
	Distance(g G, m1, m2 int) int
}

// An Opener is a Problem with a most open genome: one that is feasible
// whenever any genome is (the grid with no walls, the board with no edge
// walls). The engine repairs random genomes towards it when random draws
// are almost never feasible.
//
// Feasibility must be monotone towards Open: every feasible genome is
// joined to Open by a path of feasible genomes one move apart (removing a
// wall never cuts a way out; moving an end onto an open grid keeps it
// open). So when Open is feasible and none of its neighbours is, Open is
// the only feasible genome (a 40×1 grid), and the engine evaluates it once
// and ends the search as Exhausted.
type Opener[G any] interface {
	Open() G
}

// A Breeder is a Problem that breeds a chunk of children itself, at the
// speed of its genome's words, instead of through Cross, Apply and
// Feasible one call at a time. Breed fills every element of dst with a
// feasible child of parents, drawn from rng (which Breed may use to seed a
// generator of its own) from the distribution of the engine's generic
// breeding (see Engine's children), though not with the same draws: a
// random parent, crossed uniformly with a second random parent when cross
// is set, with a mutation of a binomial number of moves of mean rate on
// distinct sites and one more move when the child equals a parent; an
// infeasible child is drawn again up to maxRedraws times and then
// repaired towards its first parent. It returns the number of candidates
// rejected or repaired. dst may hold genomes nothing else refers to any
// more, whose storage Breed may reuse for the children; the children of
// one chunk may share a block of storage of their own.
type Breeder[G any] interface {
	Breed(rng *rand.Rand, parents []G, dst []G, cross bool, rate float64) (rejected int64)
}

// A DeviceBreeder is a Breeder whose evaluator can breed as well, and
// keep what it bred: BreedEvaluate breeds the children Breed would breed,
// chunk c of breedChunk children (kids[c*breedChunk:], each chunk's
// children counted from 0) from the stream Breed seeds with seeds[c],
// breeding and walking them on the evaluator's device (GridProblem on the
// cuda backend), where they stay, as children part.At on of generation
// part.Slot. Member i of kids becomes child i with its score (Scored
// false: the engine's accounting sets it), its genome in the storage of
// the genome kids[i] held (which nothing else refers to any more) or in
// new storage, but that storage does not hold the child until Fetch
// copies it there; Hash of child i goes to hashes[i] and the number of
// candidates it rejected to rejected[i]. It returns ok false, having done
// nothing, where it cannot; the engine then breeds and evaluates as a
// Breeder. The children are Breed's, so the search's results do not
// depend on where they were bred. DeviceBreeds reports, cheaply, whether
// BreedEvaluate would breed children at mean rate moves (the engine asks
// before it hands a generation over).
//
// The device keeps two generations (slots 0 and 1); breeding into a slot
// ends what it held. Fetch copies children idx of generation slot into
// the storage of dst's genomes (those BreedEvaluate gave them).
type DeviceBreeder[G any] interface {
	DeviceBreeds(rate float64) bool
	BreedEvaluate(part DevicePart, seeds []uint64, parents []G, kids []Member[G], rejected []uint8, hashes []uint64, cross bool, rate float64) (ok bool, err error)
	Fetch(slot int, idx []int, dst []G) error
}

// DevicePart says where a DeviceBreeder keeps the children of one
// BreedEvaluate call: in generation Slot (0 or 1) of Total children, as
// its children At to At+len(kids)-1.
type DevicePart struct{ Slot, At, Total int }

// A Drawer is a Problem that draws random genomes faster than Random, from
// the same distribution but not the same draws: the engine uses Draw where
// it draws many genomes from streams of their own (populations of more
// than breedChunk), and Random everywhere else.
type Drawer[G any] interface {
	Draw(rng *rand.Rand) G
}

// An intoDrawer is a Drawer that draws into storage it is given
// (GridProblem): the engine draws a large random population's genomes
// into one block of words, Words() a genome, instead of one allocation
// each.
type intoDrawer[G any] interface {
	Drawer[G]
	Words() int
	DrawInto(rng *rand.Rand, words []uint64) G
}

// A Heater is a Problem whose moves can be weighed by the walk of a
// genome: the ils kicks of Spec.KickHeat draw their moves with these
// weights.
type Heater[G any] interface {
	// MoveWeights returns one weight, above 0, for each move of g: for a
	// move on a site that g's walk visits v times, (v+1)^alpha; for the
	// others (ends, an infeasible g), 1.
	MoveWeights(g G, alpha float64) []float64
}
