package stepcache

import "math"

// nbrs is one source cell's 8 Enter targets under one rule set, gathered
// once for all probes of that cell. When every target has at most one
// candidate (single), Enter in direction d is exactly startTop ≥ stMin[d]
// and startZ ≤ szMax[d], arriving at z[d]: no candidate choice, no mover-Z
// preference.
type nbrs struct {
	single          bool
	unfit           uint8 // directions whose z[d] does not fit an int8
	z, stMin, szMax [8]int16
}

// absentStMin marks a target without candidates: no startTop reaches it.
const absentStMin = math.MaxInt16

// absentCand stands for no candidate: it accepts no start.
var absentCand = hcand{z: 0, stMin: absentStMin, szMax: math.MinInt16}

// gather fills b.nb[k] for source halo cell ci.
func (b *Builder) gather(ci, k int) {
	nb := &b.nb[k]
	var multi bool
	var unfit uint8
	for d, off := range haloDir {
		e := &b.cells[ci+off].enter[k]
		c := e.one
		nb.z[d], nb.stMin[d], nb.szMax[d] = c.z, c.stMin, c.szMax
		multi = multi || e.n > 1
		if c.z > math.MaxInt8 || c.z < math.MinInt8 {
			unfit |= 1 << d
		}
	}
	nb.single, nb.unfit = !multi, unfit
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

// pass is the Enter bits of single targets from (sz, st): bit d is set
// when st ≥ stMin[d] and sz ≤ szMax[d] (branch-free: the comparisons' signs).
func (nb *nbrs) pass(sz, st int) (bits uint8) {
	s, t := int32(st), int32(sz)
	var m uint32
	for d := 0; d < 8; d++ {
		ok := uint32(int32(nb.stMin[d])-s-1) & ^uint32(int32(nb.szMax[d])-t)
		m |= ok >> 31 << d
	}
	return uint8(m)
}
