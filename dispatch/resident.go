package dispatch

import "slices"

// resident is a generation whose children stay on a DeviceBreeder's
// device (breedOnDevice): the members pop[off:] are children 0 on of
// generation slot there, with hashes (Problem.Hash of each), and the
// storage of their genomes holds them only where have is set (fetch
// copied them). The engine fetches what it reads: a new best and the
// genomes compared with the best when it accounts for the children, the
// parents and elite it selects (by the hashes), and the whole population
// for a checkpoint or a migration (settle).
type resident[G any] struct {
	db     DeviceBreeder[G]
	pop    []Member[G]
	off    int
	slot   int
	have   []bool
	hashes []uint64
}

// hash returns Problem.Hash of member i of r.pop, from the device's
// hashes for a member on the device.
func (r *resident[G]) hash(p Problem[G], i int) uint64 {
	if k := i - r.off; k >= 0 && k < len(r.hashes) {
		return r.hashes[k]
	}
	return p.Hash(r.pop[i].Genome)
}

// holds reports whether r is the record of the population pop.
func (r *resident[G]) holds(pop []Member[G]) bool {
	return r != nil && len(pop) == len(r.pop) && len(pop) > 0 && &pop[0] == &r.pop[0]
}

// fetch copies the genomes of the members idx of r.pop that are on the
// device (and not copied before) into their storage.
func (r *resident[G]) fetch(idx []int) error {
	var at []int
	for _, i := range idx {
		if k := i - r.off; k >= 0 && k < len(r.have) && !r.have[k] {
			at = append(at, k)
		}
	}
	if len(at) == 0 {
		return nil
	}
	slices.Sort(at) // runs of neighbours come back in one copy
	at = slices.Compact(at)
	dst := make([]G, len(at))
	for j, k := range at {
		dst[j] = r.pop[r.off+k].Genome
	}
	if err := r.db.Fetch(r.slot, at, dst); err != nil {
		return err
	}
	for _, k := range at {
		r.have[k] = true
	}
	return nil
}

// fetchAll copies every genome of r.pop still on the device into its
// storage.
func (r *resident[G]) fetchAll() error {
	idx := make([]int, 0, len(r.have))
	for k, ok := range r.have {
		if !ok {
			idx = append(idx, r.off+k)
		}
	}
	return r.fetch(idx)
}

// settle brings every genome of the population that a device keeps to the
// host, so that the whole state can be read: before a checkpoint, a
// migration, or anything else that reads the population as a whole.
func (s *Engine[G]) settle() error {
	if s.res == nil {
		return nil
	}
	if s.res.holds(s.st.Pop) {
		if err := s.res.fetchAll(); err != nil {
			return err
		}
	}
	s.res = nil
	return nil
}

// fetchMembers copies the genomes of the members idx of pool that a
// device keeps into their storage (nothing for a pool on the host).
func (s *Engine[G]) fetchMembers(pool []Member[G], idx []int) error {
	if !s.res.holds(pool) {
		return nil
	}
	return s.res.fetch(idx)
}

// freeSlot returns the device's generation that breedOnDevice breeds
// into: not the one that holds the population.
func (s *Engine[G]) freeSlot() int {
	if s.res.holds(s.st.Pop) {
		return 1 - s.res.slot
	}
	return 0
}
