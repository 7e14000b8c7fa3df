package sweep

// bounder prunes subtrees that cannot beat an incumbent (best-only).
type bounder struct {
	incumbent int32
}

// mayBeat reports whether some completion of n may take at least the
// incumbent's turns.
func mayBeat[T counter, A keys[T]](f *fast[T, A], n *fnode[T, A]) bool { return true }
