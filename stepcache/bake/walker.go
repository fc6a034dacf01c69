package bake

import (
	"math"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/chunk"
)

// The simple cell: most cells of a forest or bare land are dry (no Wet in
// reach), have no StartZ surfaces of their own and walker targets with at
// most one candidate each. For such a cell the general probe reduces to
// the walker's Enter bits at five Zs: the primary record's Z (its land's
// avg, which standingZs returns whatever the land serves) and the four
// window offsets, with StartZ the land's (low, max(top, z)) when the
// walker stands on the land at or above its avg and (z, z) otherwise. No
// stratum follows: the only standing Z is the primary's, which its record
// chunk.Covers. probeSimple computes that from walkerLanes, the walker's target
// data packed per halo cell.

// walkerLanes is the walker rule set's Enter data of every halo cell, one
// array per field, so a source's 8 targets are read without hcell's
// stride: stMin and szMax as pass's 16-bit lanes, z as an int8, and the
// hrule flags.
type walkerLanes struct {
	st, sz [haloCells]uint16
	z8     [haloCells]int8
	flags  [haloCells]uint8
}

// packWalker copies halo cell h's walker Enter data into b.wl.
func (b *Builder) packWalker(h int) {
	e := &b.cells[h].enter[kWalker]
	b.wl.st[h], b.wl.sz[h] = uint16(e.lanes), uint16(e.lanes>>16)
	b.wl.z8[h], b.wl.flags[h] = e.z8, e.flags
}

// packLand sets halo cell h, on the map and without statics, as resolve
// would (no StartZ surfaces) but for its rules, marking it hLazy, and
// its walker lanes as packWalker would once landOnly had set them.
func (b *Builder) packLand(h int) {
	c := &b.cells[h]
	c.s0, c.s1 = int32(len(b.statics)), int32(len(b.statics))
	c.flags |= hLazy
	if c.landRules&ruleWalker == 0 {
		b.wl.st[h], b.wl.sz[h], b.wl.z8[h], b.wl.flags[h] = absentStLane, absentSzLane, 0, 0
		return
	}
	b.wl.st[h], b.wl.sz[h] = uint16(lane15(int(c.low)-movement.StepHeight)), landSzLane
	b.wl.z8[h], b.wl.flags[h] = int8(c.avg), 0
	if !fitsZ(int(c.avg)) {
		b.wl.flags[h] = ruleUnfit
	}
}

// absentRule's lanes.
var absentStLane, absentSzLane = uint16(absentRule.lanes), uint16(absentRule.lanes >> 16)

// materialize sets the rules of halo cell ci and its neighbours where
// packLand left them unset: the general probe reads them.
func (b *Builder) materialize(ci int) {
	if c := &b.cells[ci]; c.flags&hLazy != 0 {
		c.flags &^= hLazy
		b.landOnly(c)
	}
	for _, off := range haloDir {
		if c := &b.cells[ci+off]; c.flags&hLazy != 0 {
			c.flags &^= hLazy
			b.landOnly(c)
		}
	}
}

// Offsets into a source's 3×3 neighbourhood window (window starts at the
// NW neighbour): window index of direction d's target.
const (
	winN   = 1
	winNE  = 2
	winE   = haloSide + 2
	winSE  = 2*haloSide + 2
	winS   = 2*haloSide + 1
	winSW  = 2 * haloSide
	winW   = haloSide
	winNW  = 0
	winLen = 2*haloSide + 3
)

// gatherWalker fills b.nb[kWalker] for source halo cell ci from b.wl, as
// gather does from b.cells, and reports whether every target has at most
// one candidate, all of whose Zs fit an int8.
func (b *Builder) gatherWalker(ci int) bool {
	lo := ci - haloSide - 1
	fl := (*[winLen]uint8)(b.wl.flags[lo : lo+winLen])
	flags := fl[winN] | fl[winNE] | fl[winE] | fl[winSE] | fl[winS] | fl[winSW] | fl[winW] | fl[winNW]
	if flags != 0 { // ruleMulti or ruleUnfit: the general probe
		return false
	}
	st := (*[winLen]uint16)(b.wl.st[lo : lo+winLen])
	sz := (*[winLen]uint16)(b.wl.sz[lo : lo+winLen])
	z8 := (*[winLen]int8)(b.wl.z8[lo : lo+winLen])
	nb := &b.nb[kWalker]
	nb.st[0] = uint64(st[winN]) | uint64(st[winNE])<<16 | uint64(st[winE])<<32 | uint64(st[winSE])<<48
	nb.st[1] = uint64(st[winS]) | uint64(st[winSW])<<16 | uint64(st[winW])<<32 | uint64(st[winNW])<<48
	nb.sz[0] = uint64(sz[winN]) | uint64(sz[winNE])<<16 | uint64(sz[winE])<<32 | uint64(sz[winSE])<<48
	nb.sz[1] = uint64(sz[winS]) | uint64(sz[winSW])<<16 | uint64(sz[winW])<<32 | uint64(sz[winNW])<<48
	nb.z8 = [8]int8{z8[winN], z8[winNE], z8[winE], z8[winSE], z8[winS], z8[winSW], z8[winW], z8[winNW]}
	nb.single, nb.unfit = true, 0
	return true
}

// probeSimple is probeCell for a simple cell ci (see above), writing the
// record to out: false, with nothing written, when ci is not one or a Z
// of its record could leave the int8 range.
func (b *Builder) probeSimple(ci int, out *chunk.Cell) bool {
	c := &b.cells[ci]
	avg := int(c.avg)
	if c.s0 != c.s1 || avg < math.MinInt8+2 || avg > math.MaxInt8-2 || !b.gatherWalker(ci) {
		return false
	}
	nb := &b.nb[kWalker]
	// StartZ as pass's broadcast lanes (every Z here is a land corner or
	// within 2 of one, inside a lane's range, so lane15 clamps nothing):
	// (z, z) below the land's avg or off the walker's land, else (low,
	// max(top, z))
	at := uint64(avg+laneBias) * laneOnes
	up1, up2 := at+laneOnes, at+2*laneOnes
	var bits, above1, above2 uint8
	if c.landRules&ruleWalker != 0 {
		low, top := int(c.low), int(c.top)
		lowL := uint64(low+laneBias) * laneOnes
		bits = nb.passLanes(lowL, uint64(top+laneBias)*laneOnes) // top ≥ avg
		above1, above2 = bits, bits
		if top < avg+1 { // (a start equal to the primary's gives its bits)
			above1 = nb.passLanes(lowL, up1)
		}
		if top < avg+2 {
			above2 = nb.passLanes(lowL, up2)
		}
	} else {
		bits = nb.passLanes(at, at)
		above1, above2 = nb.passLanes(up1, up1), nb.passLanes(up2, up2)
	}
	dn1, dn2 := at-laneOnes, at-2*laneOnes
	info := infoIf(nb.passLanes(dn2, dn2) == bits, chunk.InfoValidBelow2) |
		infoIf(nb.passLanes(dn1, dn1) == bits, chunk.InfoValidBelow1) |
		infoIf(above1 == bits, chunk.InfoValidAbove1) | infoIf(above2 == bits, chunk.InfoValidAbove2)
	*out = chunk.Cell{Z: int8(avg), Walk: bits, Info: info, WalkZ: maskBytes(nb.z8, bits)}
	return true
}

// infoIf is bit when ok, else 0.
func infoIf(ok bool, bit uint8) uint8 {
	if ok {
		return bit
	}
	return 0
}
