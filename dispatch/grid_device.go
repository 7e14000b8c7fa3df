package dispatch

import (
	"fmt"
	"sync"

	"github.com/mousemaze/mousemaze"
	"github.com/mousemaze/mousemaze/internal/parallel"
	"github.com/mousemaze/mousemaze/kernels"
)

// deviceBreeding is the host side of GridProblem.BreedEvaluate, kept
// between generations: buffers for the children's words and their walks,
// one set for each call in flight at once (the engine has two).
type deviceBreeding struct {
	mu   sync.Mutex
	free []*breedBuffers
}

// breedBuffers hold one BreedEvaluate call's children and walks.
type breedBuffers struct {
	children []uint64
	res      []mousemaze.Result
}

// get returns a set of buffers for n children of rows words each.
func (d *deviceBreeding) get(n, rows int) *breedBuffers {
	d.mu.Lock()
	var b *breedBuffers
	if k := len(d.free); k > 0 {
		b, d.free = d.free[k-1], d.free[:k-1]
	}
	d.mu.Unlock()
	if b == nil {
		b = &breedBuffers{}
	}
	if cap(b.children) < n*rows || cap(b.res) < n {
		b.children, b.res = make([]uint64, n*rows), make([]mousemaze.Result, n)
	}
	b.children, b.res = b.children[:n*rows], b.res[:n]
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
// with seeds[c], and writes them, with their scores, into kids (the
// storage of the genomes there reused) and their counts of rejected
// candidates into rejected (GridProblem is a DeviceBreeder). It does
// nothing and returns ok false where the device cannot: an evaluator that
// is not a kernels.Breeder, free ends, heat maps or k-mod walks, a grid of
// more than kernels.MaxBreedCells cells, or a mutation whose binomial
// table underflows (Breed then counts geometric gaps).
func (p *GridProblem) BreedEvaluate(seeds []uint64, parents []Grid, kids []Member[Grid], rejected []uint8, cross bool, rate float64) (ok bool, err error) {
	kb, isBreeder := p.ev.(kernels.Breeder)
	if !isBreeder || !p.breedsOnDevice() || len(parents) == 0 {
		return false, nil
	}
	job, ok := p.breedJob(seeds, parents, len(kids), cross, rate)
	if !ok {
		return false, nil
	}
	n, rows := len(kids), p.Rows
	d := p.device
	if d == nil { // a GridProblem not made by NewGridProblem
		d = &deviceBreeding{}
	}
	buf := d.get(n, rows)
	defer d.put(buf)
	children, res := buf.children, buf.res
	cfg := p.Config
	if err := kb.BreedWalk(job, cfg, children, rejected, res); err != nil {
		return true, fmt.Errorf("dispatch: %s backend: %w", p.ev.Name(), err)
	}
	// Into the children's storage where they have some to reuse, else
	// into one block of words for all of them; scored on the way.
	var block []uint64
	for i := range kids {
		if len(kids[i].Genome.Walls) != rows {
			block = make([]uint64, n*rows)
			break
		}
	}
	pop := mousemaze.Population{Rows: rows, Cols: p.Cols, Words: children, Feasible: true}
	sc := p.newScorer(cfg)
	parallel.Chunks(p.hostWorkers(), n, hostChunk, func(lo, hi int) {
		for i := lo; i < hi; i++ {
			w := kids[i].Genome.Walls
			if len(w) != rows {
				w = block[i*rows : (i+1)*rows : (i+1)*rows]
			}
			copy(w, children[i*rows:(i+1)*rows])
			s, err := sc.score(pop, res, i)
			if err != nil {
				sc.fail(err)
				return
			}
			kids[i] = Member[Grid]{Genome: Grid{Walls: w, Entry: cfg.Entry, Exit: cfg.Exit}, Score: s}
		}
	})
	return true, sc.first
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
