package bake

import "math"

// nbrs is one source cell's 8 Enter targets under one rule set, gathered
// once for all probes of that cell. When every target has at most one
// candidate (single), Enter in direction d is exactly startTop ≥ stMin[d]
// and startZ ≤ szMax[d], arriving at z[d]: no candidate choice, no mover-Z
// preference.
type nbrs struct {
	single bool
	unfit  uint8     // directions whose z does not fit an int8
	z8     [8]int8   // each target's z as an int8
	st, sz [2]uint64 // stMin and szMax as 16-bit lanes (directions 0-3, 4-7), see pass
}

// absentStMin marks a target without candidates: no startTop reaches it.
const absentStMin = math.MaxInt16

// absentCand stands for no candidate: it accepts no start.
var absentCand = hcand{z: 0, stMin: absentStMin, szMax: math.MinInt16}

// absentRule is a rule set with no candidate.
var absentRule = func() hrule {
	e := hrule{one: absentCand}
	e.finish(0)
	return e
}()

// gather fills b.nb[k] for source halo cell ci.
func (b *Builder) gather(ci, k int) {
	var st, sz [2]uint64
	var z8 [8]int8
	var flags, unfit uint8
	for d, off := range haloDir {
		e := &b.cells[ci+off].enter[k]
		sh := 16 * uint(d&3)
		st[d>>2] |= uint64(e.lanes&0xFFFF) << sh
		sz[d>>2] |= uint64(e.lanes>>16) << sh
		z8[d] = e.z8
		flags |= e.flags
		unfit |= e.flags >> 1 & 1 << d
	}
	nb := &b.nb[k]
	nb.st, nb.sz, nb.z8 = st, sz, z8
	nb.single, nb.unfit = flags&ruleMulti == 0, unfit
}

// multiTarget reports whether a target of halo cell ci has several
// candidates under rule set k.
func (b *Builder) multiTarget(ci, k int) bool {
	var flags uint8
	for _, off := range haloDir {
		flags |= b.cells[ci+off].enter[k].flags
	}
	return flags&ruleMulti != 0
}

// Lanes: pass compares a start with 8 targets' stMin and szMax at once, as
// 16-bit lanes of two words each, biased by laneBias and clamped to 15
// bits (every startZ and startTop is within ±400, so the clamped ends
// still compare the same).
const (
	laneBias = 0x4000
	laneHigh = 0x8000800080008000 // each lane's top bit
	laneOnes = 0x0001000100010001
	// laneGather moves the top bits of lanes 0-3, shifted to bits 0, 16,
	// 32, 48, to bits 48-51.
	laneGather = 1<<48 | 1<<33 | 1<<18 | 1<<3
)

// laneOf is a candidate's stMin and szMax as lanes: biased, clamped to
// 0..0x7FFF.
func laneOf(c hcand) uint32 {
	return lane15(int(c.stMin)) | lane15(int(c.szMax))<<16
}

// lane15 is v biased and clamped to a lane's 15 bits.
func lane15(v int) uint32 { return uint32(max(0, min(0x7FFF, v+laneBias))) }

// enterAll is the reference's enterAll on halo cell ci (whose targets
// b.nb[k] holds) for rule set index k: StartZ once, Enter of the 8
// neighbours (an off-map neighbour has no candidates).
func (b *Builder) enterAll(ci int, k int, z int) (bits uint8, zs [8]int8, fits bool) {
	sz, st := b.startZ(&b.cells[ci], uint8(1)<<k, z)
	nb := &b.nb[k]
	if nb.single {
		bits = nb.pass(sz, st)
		return bits, maskBytes(nb.z8, bits), bits&nb.unfit == 0
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
// when st ≥ stMin[d] and sz ≤ szMax[d], all eight lanes at once (a lane's
// top bit survives (a|top) - b exactly when a ≥ b).
func (nb *nbrs) pass(sz, st int) uint8 {
	return nb.passLanes(uint64(lane15(sz))*laneOnes, uint64(lane15(st))*laneOnes)
}

// passLanes is pass from sz and st already as lanes, one in each of the
// four (lane15(v) * laneOnes).
func (nb *nbrs) passLanes(t, s uint64) uint8 {
	lo := ((s | laneHigh) - nb.st[0]) & ((nb.sz[0] | laneHigh) - t) & laneHigh
	hi := ((s | laneHigh) - nb.st[1]) & ((nb.sz[1] | laneHigh) - t) & laneHigh
	return uint8((lo>>15)*laneGather>>48&0xF | ((hi>>15)*laneGather>>48&0xF)<<4)
}
