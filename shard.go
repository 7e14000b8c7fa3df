package mousemaze

import (
	"fmt"
	"strconv"
	"strings"
)

// A Shard is part Index of work split Count ways, 0 ≤ Index < Count,
// written "i/N" (as `sweep --shard`, `slurm task --task` and `evolve
// --island` take it). The zero Shard is not valid; *Shard is a
// flag.Value.
type Shard struct {
	Index, Count int
}

// MaxShards is the most parts a Shard may split work into: 2^22, four
// times the million shards of the documented 8×8 sweep plan and about
// Slurm's largest job array (MaxArraySize at most 4000001). Each shard
// costs a process start, a report and a merge step, and a sweep shard
// beyond the sweep's tasks is empty; a count above this is a typing error.
const MaxShards = 1 << 22

// ParseShard reads "i/N": two decimal numbers without signs, spaces or
// leading zeros, with 0 ≤ i < N ≤ MaxShards. Its errors say "invalid
// shard" and what was wanted ("want i/N, such as 3/16", "want 0 ≤ i < N"
// or "want N ≤ 4194304").
func ParseShard(s string) (Shard, error) {
	a, b, ok := strings.Cut(s, "/")
	i, erri := strconv.Atoi(a)
	n, errn := strconv.Atoi(b)
	if !ok || erri != nil || errn != nil || strconv.Itoa(i) != a || strconv.Itoa(n) != b {
		return Shard{}, fmt.Errorf("%w: want i/N, such as 3/16", errShard)
	}
	sh := Shard{Index: i, Count: n}
	if err := sh.Validate(); err != nil {
		return Shard{}, err
	}
	return sh, nil
}

// Validate checks 0 ≤ Index < Count ≤ MaxShards.
func (s Shard) Validate() error {
	if s.Count < 1 || s.Index < 0 || s.Index >= s.Count {
		return fmt.Errorf("%w: want 0 ≤ i < N", errShard)
	}
	if s.Count > MaxShards {
		return fmt.Errorf("%w: want N ≤ %d, the most parts work may be split into", errShard, MaxShards)
	}
	return nil
}

// String returns "i/N".
func (s Shard) String() string { return strconv.Itoa(s.Index) + "/" + strconv.Itoa(s.Count) }

// TypeName is the name of a Shard flag's value in help texts: i/N.
func (Shard) TypeName() string { return "i/N" }

// Set parses v as ParseShard does, for flag.Value.
func (s *Shard) Set(v string) error {
	sh, err := ParseShard(v)
	if err != nil {
		return err
	}
	*s = sh
	return nil
}
