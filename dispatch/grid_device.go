package dispatch

import (
	"fmt"
	"slices"
	"sync"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/internal/parallel"
	"github.com/mousemaze/mousemaze/kernels"
)

// deviceBreeding is the host side of GridProblem.BreedEvaluate, kept
// between generations: buffers for the children's walks, one set for each
// call in flight at once (the engine has two).
type deviceBreeding struct {
	mu   sync.Mutex
	free []*breedBuffers
}

// breedBuffers hold one BreedEvaluate call's walks.
type breedBuffers struct {
	res []mousemaze.Result
}

// get returns a set of buffers for n children.
func (d *deviceBreeding) get(n int) *breedBuffers {
	d.mu.Lock()
	var b *breedBuffers
	if k := len(d.free); k > 0 {
		b, d.free = d.free[k-1], d.free[:k-1]
	}
	d.mu.Unlock()
	if b == nil {
		b = &breedBuffers{}
	}
	if cap(b.res) < n {
		b.res = make([]mousemaze.Result, n)
	}
	b.res = b.res[:n]
	return b
}

// put gives buffers back for the next call.
func (d *deviceBreeding) put(b *breedBuffers) {
	d.mu.Lock()
	d.free = append(d.free, b)
	d.mu.Unlock()
}

// BreedEvaluate breeds on the evaluator's device the children that Breed
// would breed, chunk c of breedChunk children from the stream Breed seeds
// with seeds[c], keeps them there as children part.At on of generation
// part.Slot, and writes their scores into kids (each genome's ends set
// and its walls' storage reused or made, but not filled: Fetch fills it),
// their hashes (Hash) into hashes and their counts of rejected candidates
// into rejected (GridProblem is a DeviceBreeder). It does nothing and
// returns ok false where the device cannot: an evaluator that is not a
// kernels.Breeder, free ends, heat maps or k-mod walks, a grid of more
// than kernels.MaxBreedCells cells, or a mutation whose binomial table
// underflows (Breed then counts geometric gaps).
func (p *GridProblem) BreedEvaluate(part DevicePart, seeds []uint64, parents []Grid, kids []Member[Grid], rejected []uint8, hashes []uint64, cross bool, rate float64) (ok bool, err error) {
	kb, isBreeder := p.ev.(kernels.Breeder)
	if !isBreeder || !p.breedsOnDevice() || len(parents) == 0 {
		return false, nil
	}
	job, ok := p.breedJob(seeds, parents, len(kids), cross, rate)
	if !ok {
		return false, nil
	}
	job.Slot, job.At, job.Total = part.Slot, part.At, part.Total
	n, rows := len(kids), p.Rows
	d := p.device
	if d == nil { // a GridProblem not made by NewGridProblem
		d = &deviceBreeding{}
	}
	buf := d.get(n)
	defer d.put(buf)
	res := buf.res
	cfg := p.Config
	if err := kb.BreedWalk(job, cfg, rejected, hashes, res); err != nil {
		return true, fmt.Errorf("dispatch: %s backend: %w", p.ev.Name(), err)
	}
	// The children's storage where they have some to reuse, else one
	// block of words for a chunk's children; the turns of exact walks
	// scored on the way, the rest (which score from the maze) after.
	sc := p.newScorer(cfg)
	slow := make([][]int, (n+hostChunk-1)/hostChunk)
	parallel.Chunks(p.hostWorkers(), n, hostChunk, func(lo, hi int) {
		var block []uint64
		for i := lo; i < hi; i++ {
			w := kids[i].Genome.Walls
			if len(w) != rows {
				if block == nil {
					block = make([]uint64, (hi-lo)*rows)
				}
				w = block[(i-lo)*rows : (i-lo+1)*rows : (i-lo+1)*rows]
			}
			kids[i] = Member[Grid]{Genome: Grid{Walls: w, Entry: cfg.Entry, Exit: cfg.Exit}}
			if s, fast := sc.fast(res[i]); fast {
				kids[i].Score = s
			} else {
				slow[lo/hostChunk] = append(slow[lo/hostChunk], i)
			}
		}
	})
	if idx := slices.Concat(slow...); len(idx) > 0 {
		at := make([]int, len(idx))
		for k, i := range idx {
			at[k] = part.At + i
		}
		words := make([]uint64, len(idx)*rows)
		if err := kb.Children(part.Slot, rows, at, words); err != nil {
			return true, fmt.Errorf("dispatch: %s backend: %w", p.ev.Name(), err)
		}
		pop := mousemaze.Population{Rows: rows, Cols: p.Cols, Words: words, Feasible: true}
		for k, i := range idx {
			s, err := p.score(pop.Maze(k), cfg, res[i])
			if err != nil {
				return true, err
			}
			kids[i].Score = s
		}
	}
	return true, nil
}

// Fetch copies the walls of children idx of generation slot, kept on the
// device by BreedEvaluate, into the storage of dst's genomes (GridProblem
// is a DeviceBreeder).
func (p *GridProblem) Fetch(slot int, idx []int, dst []Grid) error {
	kb, ok := p.ev.(kernels.Breeder)
	if !ok {
		return fmt.Errorf("dispatch: the %s backend keeps no children", p.ev.Name())
	}
	rows := p.Rows
	if len(dst) != len(idx) {
		return fmt.Errorf("dispatch: fetch %d children into %d genomes", len(idx), len(dst))
	}
	for k := range dst {
		if len(dst[k].Walls) != rows {
			return fmt.Errorf("dispatch: fetch child %d into %d words of storage, not %d", idx[k], len(dst[k].Walls), rows)
		}
	}
	words := make([]uint64, len(idx)*rows)
	if err := kb.Children(slot, rows, idx, words); err != nil {
		return fmt.Errorf("dispatch: %s backend: %w", p.ev.Name(), err)
	}
	parallel.Chunks(p.hostWorkers(), len(idx), hostChunk, func(lo, hi int) {
		for k := lo; k < hi; k++ {
			copy(dst[k].Walls, words[k*rows:(k+1)*rows])
		}
	})
	return nil
}

// DeviceBreeds reports whether BreedEvaluate would breed children at mean
// rate moves on the device (GridProblem is a DeviceBreeder).
func (p *GridProblem) DeviceBreeds(rate float64) bool {
	if _, ok := p.ev.(kernels.Breeder); !ok || !p.breedsOnDevice() {
		return false
	}
	_, ok := p.breedJob(nil, nil, 0, false, rate)
	return ok
}

// breedsOnDevice reports whether the breeding kernel breeds the problem's
// children: fixed ends, exact walks without heat maps, and at most
// kernels.MaxBreedCells cells.
func (p *GridProblem) breedsOnDevice() bool {
	return !p.FreeEnds && !p.Config.Heat && p.Config.K == 0 && p.Rows*p.Cols <= kernels.MaxBreedCells
}

// breedJob returns the breeding kernel's job for n children of parents
// that Breed would breed from seeds, or false where the mutation's count
// cannot be drawn from a table.
func (p *GridProblem) breedJob(seeds []uint64, parents []Grid, n int, cross bool, rate float64) (*kernels.BreedJob, bool) {
	br := p.newBreeding(rate)
	job := &kernels.BreedJob{
		Rows: p.Rows, Cols: p.Cols, Entry: p.Config.Entry, Exit: p.Config.Exit, Cross: cross,
		Parents: make([]uint64, 0, len(parents)*p.Rows), N: n, Chunk: breedChunk, Seeds: seeds,
		CellOf: br.cellOf, MaxRedraws: maxRedraws,
	}
	for _, g := range parents {
		job.Parents = append(job.Parents, g.Walls...)
	}
	// As binomialTable.draw decides.
	switch {
	case br.moves <= 0 || br.q <= 0:
		job.Binom = kernels.BinomNone
	case br.q >= 1:
		job.Binom = kernels.BinomAll
	default:
		br.binom.build(br.moves, br.q)
		if len(br.binom.cdf) == 0 {
			return nil, false
		}
		job.Binom, job.CDF, job.Guide = kernels.BinomTable, br.binom.cdf, br.binom.guide[:]
	}
	return job, true
}
