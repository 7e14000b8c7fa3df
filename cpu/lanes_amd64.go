//go:build amd64 && !noasm && !purego

package cpu

import "github.com/klauspost/cpuid/v2"

// archKernels lists the assembly kernels for amd64, fastest first. On a
// Xeon with AVX-512 (go test -bench=. ./cpu/ ./bench/), avx512 and
// avx512x2 are within noise of each other on long walks, avx512x2 ahead
// on batches of a thousand mazes and behind on batches of a hundred, where
// its 32 lanes wait longer for the batch's last walk; avx512 is the default.
var archKernels = []kernel{
	{name: "avx512", ok: hasAVX512, lanes: 16, step: (*lanes).stepAVX512},
	{name: "avx512x2", ok: hasAVX512, lanes: 32, step: (*lanes).stepAVX512x2},
	{name: "avx2", ok: hasAVX2, lanes: 8, step: (*lanes).stepAVX2},
}

// slowGathers reports whether pick should prefer scalar4 to the gather
// kernels: on AMD processors, whose gathers (and AVX-512 scatters) are
// long runs of micro-ops. On the family 0x19 (Zen 4) EPYC of doc.go,
// scalar4 walked 1.09 to 1.18 times as fast as avx2 and 1.2 to 1.4 times
// as fast as avx512, which that processor also runs. The rule ignores the
// family: only 0x19 was measured, and AMD's earlier cores gather no
// faster.
func slowGathers() bool { return cpuid.CPU.VendorID == cpuid.AMD }

// hasAVX2 reports whether the processor has AVX2 (gathers, 8-lane integer
// vectors) and the OS saves the YMM state.
func hasAVX2() bool { return cpuid.CPU.Supports(cpuid.AVX2) }

// stepAVX2 is stepGeneric for up to 8 lanes, one per dword of a YMM
// register: four gathers fetch the neighbours' counts and three unsigned
// minimums pick the move; AVX2 has no scatter, so the visits are counted
// one lane at a time.
func (s *lanes) stepAVX2(n int) int {
	return walkAVX2(&s.cnt[0], &s.pos, &s.exit, &s.vec, uint8(1)<<s.active-1, n)
}

// walkAVX2 is walkAVX512 for up to 8 lanes.
//
//go:noescape
func walkAVX2(cnt *uint32, pos, exit *[maxLanes]int32, p *vecParams, active uint8, n int) int

// hasAVX512 reports whether the processor has AVX-512F (gathers,
// scatters, mask registers) and the OS saves the ZMM state.
func hasAVX512() bool { return cpuid.CPU.Supports(cpuid.AVX512F) }

// stepAVX512 is stepGeneric for up to 16 lanes, one per dword of a ZMM
// register: four gathers fetch the neighbours' counts, three unsigned
// minimums pick the move, a permute turns its rank into a cell offset, and
// a gather, an add and a scatter count the visit.
func (s *lanes) stepAVX512(n int) int {
	return walkAVX512(&s.cnt[0], &s.pos, &s.exit, &s.vec, uint16(1)<<s.active-1, n)
}

// stepAVX512x2 is stepAVX512 for up to 32 lanes in two ZMM registers,
// whose gathers overlap.
func (s *lanes) stepAVX512x2(n int) int {
	m := uint32(1)<<s.active - 1
	return walkAVX512x2(&s.cnt[0], &s.pos, &s.exit, &s.vec, uint16(m), uint16(m>>16), n)
}

// walkAVX512x2 is walkAVX512 for the lanes set in activeLo (lanes 0 to 15)
// and activeHi (lanes 16 to 31).
//
//go:noescape
func walkAVX512x2(cnt *uint32, pos, exit *[maxLanes]int32, p *vecParams, activeLo, activeHi uint16, n int) int

// walkAVX512 moves the lanes set in active up to n times, stopping after
// the first move that takes a lane onto its exit, and returns the moves
// made. pos and exit index cnt; p holds the walk's constants.
//
//go:noescape
func walkAVX512(cnt *uint32, pos, exit *[maxLanes]int32, p *vecParams, active uint16, n int) int
