package bake

import (
	"math"

	"github.com/shardcore/shardcore/stepcache/chunk"
)

// startZ is movement's StartZ for rule set k on c at request z, over the
// cell's pre-resolved land and StartZ surfaces.
func (b *Builder) startZ(c *hcell, k uint8, z int) (sz, st int) {
	var low, center, top int
	set := false
	if c.landRules&k != 0 && z >= int(c.avg) {
		low, center, top, set = int(c.low), int(c.avg), int(c.top), true
	}
	for i := c.s0; i < c.s1; i++ {
		s := &b.statics[i]
		ct := int(s.calcTop)
		if s.start&k == 0 || z < ct || (set && ct < center) {
			continue
		}
		low, center = int(s.tz), ct
		if !set || int(s.top) > top {
			top = int(s.top)
		}
		set = true
	}
	if !set {
		return z, z
	}
	return low, max(top, z)
}

// enter is movement's Enter of t for rule set index k from (sz, st) for a
// mover at z: of the candidates that accept the start, the Z closest to z
// (the lower on a tie).
func (b *Builder) enter(t *hcell, k int, sz, st, z int) (newZ int, ok bool) {
	e := &t.enter[k]
	if e.n <= 1 {
		c := &e.one
		if st < int(c.stMin) || sz > int(c.szMax) {
			return 0, false
		}
		return int(c.z), true
	}
	for _, c := range b.cands[e.off : e.off+e.n] {
		if st < int(c.stMin) || sz > int(c.szMax) {
			continue
		}
		oz := int(c.z)
		if ok {
			if d := absInt(oz-z) - absInt(newZ-z); d > 0 || (d == 0 && oz >= newZ) {
				continue
			}
		}
		newZ, ok = oz, true
	}
	return newZ, ok
}

// probeAt is the reference's probeAt on halo cell ci. It also returns the
// amphibian's raw Enter bits when it checked them (wet and not LiveOnly).
func (b *Builder) probeAt(ci, z int, wet bool) (c chunk.Cell, amph uint8) {
	c.Z = int8(z)
	var fitW, fitS = true, true
	c.Walk, c.WalkZ, fitW = b.enterAll(ci, kWalker, z)
	if wet {
		c.Wet, c.SwimZ, fitS = b.enterAll(ci, kSwimmer, z)
	}
	if !fitW || !fitS || !fitsZ(z) {
		c.Info |= chunk.InfoLiveOnly
		return c, 0
	}
	if wet {
		var exact bool
		if amph, exact = b.amphExact(ci, z, &c); !exact {
			c.Info |= chunk.InfoAmphibianInexact
		}
	}
	return c, amph
}

// amphExact is the reference's amphExact: CheckMovement for an amphibian is
// its raw Enter bits under the diagonal rule, arriving at the target's Enter
// Z, so the live answer under both diagonal rules follows from one enterAll
// (whose bits it returns).
func (b *Builder) amphExact(ci, z int, c *chunk.Cell) (bits uint8, exact bool) {
	bits, zs, fits := b.enterAll(ci, kAmph, z)
	if !fits {
		return bits, false
	}
	raw := c.Walk | c.Wet
	if bits == raw {
		same := true
		for d := 0; d < 8; d++ {
			if bits&(1<<d) != 0 && zs[d] != composedZ(c, d) {
				same = false
				break
			}
		}
		if same {
			return bits, true
		}
	}
	for _, and := range [2]bool{false, true} {
		live := chunk.ApplyDiagonalRule(bits, and)
		if live != chunk.ApplyDiagonalRule(raw, and) {
			return bits, false
		}
		for d := 0; d < 8; d++ {
			if live&(1<<d) != 0 && zs[d] != composedZ(c, d) {
				return bits, false
			}
		}
	}
	return bits, true
}

// composedZ is Compose's arrival Z in direction d for an amphibian: the
// walk Z where walking enters, else the swim Z.
func composedZ(c *chunk.Cell, d int) int8 {
	if c.Walk&(1<<d) != 0 {
		return c.WalkZ[d]
	}
	return c.SwimZ[d]
}

// probeWindow is the reference's probeWindow on halo cell ci for a record
// c whose probe returned amph.
func (b *Builder) probeWindow(ci int, wet bool, c *chunk.Cell, amph uint8) {
	if c.Info&chunk.InfoLiveOnly != 0 {
		return
	}
	for _, w := range windowOffsets {
		z := int(c.Z) + w.dz
		if fitsZ(z) && b.sameAt(ci, z, wet, c, amph) {
			c.Info |= w.bit
		}
	}
}

// sameAt reports whether sameAnswers(probeAt(ci, z, wet), c) for a record c
// that is not LiveOnly, stopping at the first rule set that differs.
func (b *Builder) sameAt(ci, z int, wet bool, c *chunk.Cell, amph uint8) bool {
	if !b.sameRule(ci, kWalker, z, c.Walk, &c.WalkZ) {
		return false
	}
	if !wet {
		return true // neither record has swimmer answers or the amphibian bit
	}
	if !b.sameRule(ci, kSwimmer, z, c.Wet, &c.SwimZ) {
		return false
	}
	// the probe at z has c's walker and swimmer answers, and amphExact reads
	// only those and the amphibian's Enter: the same raw bits over single
	// targets mean the same Zs and fit, so the same exactness
	if nb := &b.nb[kAmph]; nb.single {
		sz, st := b.startZ(&b.cells[ci], ruleAmph, z)
		if nb.pass(sz, st) == amph {
			return true
		}
	}
	_, exact := b.amphExact(ci, z, c)
	return exact == (c.Info&chunk.InfoAmphibianInexact == 0)
}

// sameRule reports whether enterAll(ci, k, z) gives bits and zs and fits,
// for bits and zs of a record that fits.
func (b *Builder) sameRule(ci, k, z int, bits uint8, zs *[8]int8) bool {
	if nb := &b.nb[k]; nb.single {
		// over single targets the Zs and the fit follow from the bits
		sz, st := b.startZ(&b.cells[ci], uint8(1)<<k, z)
		return nb.pass(sz, st) == bits
	}
	got, gotZs, fits := b.enterAll(ci, k, z)
	return fits && got == bits && gotZs == *zs
}

// standingZs is StandingZs over halo cell ci: it fills b.zs (sorted, no
// duplicates) and returns the primary record's Z.
func (b *Builder) standingZs(ci int) (primary int) {
	c := &b.cells[ci]
	b.zs = b.zs[:0]
	walkLow, swimLow := math.MaxInt, math.MaxInt
	add := func(z int, rules uint8) {
		if rules&ruleWalker != 0 {
			walkLow = min(walkLow, z)
		}
		if rules&ruleSwimmer != 0 {
			swimLow = min(swimLow, z)
		}
		if rules&(ruleWalker|ruleSwimmer) != 0 {
			b.zs = insertSorted(b.zs, z)
		}
	}
	add(int(c.avg), c.landRules)
	for i := c.s0; i < c.s1; i++ {
		add(int(b.statics[i].calcTop), b.statics[i].start)
	}
	switch {
	case walkLow != math.MaxInt:
		return walkLow
	case swimLow != math.MaxInt:
		return swimLow
	}
	return int(c.avg)
}

// insertSorted inserts z into the sorted zs unless present.
func insertSorted(zs []int, z int) []int {
	i := len(zs)
	for i > 0 && zs[i-1] > z {
		i--
	}
	if i > 0 && zs[i-1] == z {
		return zs
	}
	zs = append(zs, 0)
	copy(zs[i+1:], zs[i:])
	zs[i] = z
	return zs
}

// probeCell is the reference's probeCell on halo cell ci: the primary
// record, written to out, and its strata appended to b.strata in Z order.
func (b *Builder) probeCell(ci int, out *chunk.Cell) {
	wet := b.wetNear(ci)
	if !wet && b.probeSimple(ci, out) {
		return
	}
	*out = b.probeGeneral(ci, wet)
}

// probeGeneral is probeCell for any cell, wet telling whether Wet is near.
func (b *Builder) probeGeneral(ci int, wet bool) (primary chunk.Cell) {
	if b.lazy {
		b.materialize(ci)
	}
	avg := int(b.cells[ci].avg)
	// the memo is for cells whose probe is dear (Wet near, StartZ surfaces,
	// a target with several candidates); a dry cell on its land with one
	// candidate per target probes about as fast as a lookup
	memo := false
	if wet || b.cells[ci].s0 != b.cells[ci].s1 || b.multiTarget(ci, kWalker) {
		if memo = b.memoKey(ci, wet); memo {
			if c, ok := b.memoGet(avg); ok {
				return c
			}
		}
	}
	b.gather(ci, kWalker)
	if wet {
		b.gather(ci, kSwimmer)
		b.gather(ci, kAmph)
	}
	pz := b.standingZs(ci)
	if !fitsZ(pz) {
		primary = chunk.Cell{Z: int8(max(math.MinInt8, min(math.MaxInt8, pz))), Info: chunk.InfoLiveOnly}
	} else {
		var amph uint8
		primary, amph = b.probeAt(ci, pz, wet)
		b.probeWindow(ci, wet, &primary, amph)
	}
	first := len(b.strata)
	for _, z := range b.zs {
		if !fitsZ(z) || chunk.Covers(&primary, z) || coveredBy(b.strata[first:], z) {
			continue
		}
		s, amph := b.probeAt(ci, z, wet)
		b.probeWindow(ci, wet, &s, amph)
		b.strata = append(b.strata, s)
	}
	if memo {
		b.memoPut(avg, primary, b.strata[first:])
	}
	return primary
}

// coveredBy reports whether a record of rs answers for z.
func coveredBy(rs []chunk.Cell, z int) bool {
	for i := range rs {
		if chunk.Covers(&rs[i], z) {
			return true
		}
	}
	return false
}
