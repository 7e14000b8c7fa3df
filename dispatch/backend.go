package dispatch

// LargeBatches reports whether a search of p hands its evaluator large
// batches: the generations of ga, ea and pipeline, and random search's
// batches, of more than breedChunk (1,024) genomes. The climbs (ils, hill,
// sa, memetic's islands and climb) evaluate a few hundred neighbours at a
// time.
func (p Spec) LargeBatches() bool {
	switch p.Algo {
	case AlgoGA, AlgoEA, AlgoPipeline, AlgoRandom:
		return p.Pop > breedChunk
	}
	return false
}

// BackendFor returns the backend a search of p opens when the user names
// backend: backend itself, except that "auto" (or "") becomes "cpu" for a
// search of small batches (LargeBatches false), where a GPU loses to the
// host's cores. A small batch of long walks keeps few of the device's
// threads busy: on an NVIDIA H200 and its 16-core Xeon host, 1,000,000
// evaluations of ils on 13×13 (--polish 0, seed 1) took 13.6 s on the cuda
// backend and 4.6 s on the cpu backend, the same maze (docs/gpu.md).
func BackendFor(backend string, p Spec) string {
	if (backend == "auto" || backend == "") && !p.LargeBatches() {
		return "cpu"
	}
	return backend
}
