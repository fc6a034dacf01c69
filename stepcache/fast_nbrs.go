package stepcache

import "math"

// nbrs is one source cell's 8 Enter targets under one rule set, gathered
// once for all probes of that cell. When every target has at most one
// candidate (single), Enter in direction d is exactly startTop ≥ stMin[d]
// and startZ ≤ szMax[d], arriving at z[d]: no candidate choice, no mover-Z
// preference.
type nbrs struct {
	single          bool
	memo            bool  // single, and every target's Z within ±memoRange
	unfit           uint8 // directions whose z[d] does not fit an int8
	z, stMin, szMax [8]int16
	key             [8]uint64 // the targets' memo key words (see fast_memo.go)
}

// absentStMin marks a target without candidates: no startTop reaches it.
const absentStMin = math.MaxInt16

// gather fills b.nb[k] for source halo cell ci.
func (b *Builder) gather(ci, k int) {
	nb := &b.nb[k]
	nb.single, nb.memo, nb.unfit = true, true, 0
	avg := int(b.cells[ci].avg)
	for d, off := range haloDir {
		e := &b.cells[ci+off].enter[k]
		switch e.n {
		case 0:
			nb.z[d], nb.stMin[d], nb.szMax[d] = 0, absentStMin, math.MinInt16
			nb.key[d] = memoAbsent
		case 1:
			c := e.one
			nb.z[d], nb.stMin[d], nb.szMax[d] = c.z, c.stMin, c.szMax
			if !fitsZ(int(c.z)) {
				nb.unfit |= 1 << d
			}
			nb.memo = nb.memo && inMemoRange(int(c.z))
			nb.key[d] = memoWord(c, avg)
		default:
			nb.single, nb.memo = false, false
		}
	}
}

// enterAll is the reference's enterAll on halo cell ci (whose targets
// b.nb[k] holds) for rule set index k: StartZ once, Enter of the 8
// neighbours (an off-map neighbour has no candidates).
func (b *Builder) enterAll(ci int, k int, z int) (bits uint8, zs [8]int8, fits bool) {
	sz, st := b.startZ(&b.cells[ci], uint8(1)<<k, z)
	nb := &b.nb[k]
	if nb.single {
		bits = nb.pass(sz, st)
		for d := 0; d < 8; d++ {
			if bits&(1<<d) != 0 {
				zs[d] = int8(nb.z[d])
			}
		}
		return bits, zs, bits&nb.unfit == 0
	}
	fits = true
	for d, off := range haloDir {
		nz, ok := b.enter(&b.cells[ci+off], k, sz, st, z)
		if !ok {
			continue
		}
		bits |= 1 << d
		if !fitsZ(nz) {
			fits = false
		}
		zs[d] = int8(nz)
	}
	return bits, zs, fits
}

// pass is the Enter bits of single targets from (sz, st).
func (nb *nbrs) pass(sz, st int) (bits uint8) {
	for d := 0; d < 8; d++ {
		if st >= int(nb.stMin[d]) && sz <= int(nb.szMax[d]) {
			bits |= 1 << d
		}
	}
	return bits
}
