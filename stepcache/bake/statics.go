package bake

import (
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/world"
)

// gatherStatics points b.raw[h] at the statics of every halo cell h (file
// order, aliasing the map), walking each 8×8 block under the halo once, and
// reports how many statics the halo holds.
func (b *Builder) gatherStatics(x0, y0 int) (n int) {
	m := b.m
	clear(b.raw[:])
	bx0, bx1 := max(x0, 0)>>3, min(x0+haloSide-1, m.Width-1)>>3
	by0, by1 := max(y0, 0)>>3, min(y0+haloSide-1, m.Height-1)>>3
	for bx := bx0; bx <= bx1; bx++ {
		for by := by0; by <= by1; by++ {
			blk := m.BlockStatics(bx*m.BlocksHigh + by)
			for i := 0; i < len(blk); {
				j := i + 1
				for j < len(blk) && blk[j].Cell == blk[i].Cell {
					j++
				}
				hx := bx<<3 + int(blk[i].Cell&7) - x0
				hy := by<<3 + int(blk[i].Cell>>3) - y0
				if hx >= 0 && hy >= 0 && hx < haloSide && hy < haloSide {
					b.raw[hy*haloSide+hx] = blk[i:j:j]
					n += j - i
				}
				i = j
			}
		}
	}
	return n
}

// prepHalo sets every halo cell of the halo whose top-left cell is (x0,
// y0) from b.land and b.raw: its land (initCell), StartZ surfaces and
// Enter candidates (resolve) and walker lanes (packWalker), then the
// Wet-near map (markWet). A cell without statics gets its walker lanes
// straight from its land and its rules only when a probe needs them
// (materialize), unless the halo is Wet somewhere: then most cells take
// the general probe, and every rule is set at once.
func (b *Builder) prepHalo(x0, y0 int) {
	b.statics = b.statics[:0]
	b.cands = b.cands[:0]
	zs, ids := &b.land.zs, &b.land.ids
	lastID, last := uint16(0xFFFF), hcell{} // land ids come in runs
	for hy := 0; hy < haloSide; hy++ {
		y := y0 + hy
		for hx := 0; hx < haloSide; hx++ {
			h := hy*haloSide + hx
			c := &b.cells[h]
			if x := x0 + hx; x < 0 || y < 0 || x >= b.m.Width || y >= b.m.Height {
				*c = hcell{enter: [3]hrule{absentRule, absentRule, absentRule}}
				b.packWalker(h)
				continue
			}
			g := hy*landSide + hx // initCell's land, inline
			c.low, c.avg, c.top = averageZ(zs[g], zs[g+landSide], zs[g+1], zs[g+landSide+1])
			if ids[h] != lastID {
				lastID = ids[h]
				b.setLand(&last, lastID)
			}
			c.flags, c.landRules = last.flags, last.landRules
			if len(b.raw[h]) == 0 {
				b.packLand(h)
			} else {
				b.resolve(h)
				b.packWalker(h)
			}
		}
	}
	b.lazy = !b.markWet()
	if !b.lazy {
		for h := range b.cells {
			if c := &b.cells[h]; c.flags&hLazy != 0 {
				c.flags &^= hLazy
				b.landOnly(c)
			}
		}
	}
}

// resolve reads halo cell h's statics: its StartZ surfaces into b.statics,
// its Wet flag, and its Enter candidates (land included). Tile data is read
// once per static.
func (b *Builder) resolve(h int) {
	c := &b.cells[h]
	if len(b.raw[h]) == 0 {
		c.s0, c.s1 = int32(len(b.statics)), int32(len(b.statics))
		b.landOnly(c)
		return
	}
	b.items = b.items[:0]
	c.s0 = int32(len(b.statics))
	for _, s := range b.raw[h] {
		f, ht := b.td.ItemFlagsHeight(s.ID)
		it := item{tz: int(s.Z), h: ht, calcH: world.CalcHeight(f, ht), flags: f}
		b.items = append(b.items, it)
		if f&world.FlagWet != 0 {
			c.flags |= hWet
		}
		if r := startRules(f); r != 0 {
			b.statics = append(b.statics, hstatic{tz: int16(it.tz), calcTop: int16(it.tz + it.calcH), top: int16(it.tz + ht), start: r})
		}
	}
	c.s1 = int32(len(b.statics))
	b.cellCands(c)
}

// landOnly sets the Enter candidates of c, a cell without statics: its
// land for the rule sets it does not block (nothing limits headroom), as
// cellCands would.
func (b *Builder) landOnly(c *hcell) {
	e := &c.enter
	switch c.landRules { // landRulesOf's answers
	case ruleWalker | ruleAmph:
		setLandRule(&e[kWalker], c.avg, c.low)
		e[kSwimmer], e[kAmph] = absentRule, e[kWalker]
	case ruleSwimmer | ruleAmph:
		setLandRule(&e[kSwimmer], c.avg, c.low)
		e[kWalker], e[kAmph] = absentRule, e[kSwimmer]
	default:
		var one hrule
		setLandRule(&one, c.avg, c.low)
		for k := range e {
			e[k] = absentRule
			if c.landRules&(1<<k) != 0 {
				e[k] = one
			}
		}
	}
}

// landRule is the finished rule of a land-only cell: its land the one
// candidate, nothing limiting headroom (finish's fields computed for that
// case directly: no candidate choice, szMax beyond any start).
func landRule(avg, low int16) hrule {
	var e hrule
	setLandRule(&e, avg, low)
	return e
}

// setLandRule sets e to landRule(avg, low), field by field.
func setLandRule(e *hrule, avg, low int16) {
	stMin := low - movement.StepHeight
	e.one = hcand{z: avg, stMin: stMin, szMax: noLimit - movement.PersonHeight}
	e.n, e.off = 1, 0
	e.lanes = lane15(int(stMin)) | landSzLane<<16
	e.z8, e.flags = int8(avg), 0
	if !fitsZ(int(avg)) {
		e.flags = ruleUnfit
	}
	e.word = memoOut
	if st := int(stMin) - int(avg); inMemoRange(int(avg)) && st >= -field12 && st <= field12 {
		e.word = uint64(st)&0xFFF<<12 | inf12<<24
	}
}

// landSzLane is lane15 of a land-only candidate's szMax.
const landSzLane = (noLimit - movement.PersonHeight) + laneBias

// cellCands sets c's Enter candidates per rule set (its statics are in
// b.items): movement.Enter's stepTop test becomes stMin, and its land-poke
// and headroom tests, whose only dependence on the start is checkTop =
// startZ+PersonHeight, become szMax; a candidate no start can pass is left
// out.
func (b *Builder) cellCands(c *hcell) {
	b.tmp = b.tmp[:0]
	avg, low := int(c.avg), int(c.low)
	consider := c.flags&hConsider != 0
	for i := range b.items {
		s := &b.items[i]
		rules := enterRules(s.flags)
		if rules == 0 {
			continue
		}
		ourZ := s.tz + s.calcH
		itemTop := s.tz
		if s.flags&world.FlagBridge == 0 {
			itemTop += s.h
		}
		lim := b.headLimit(ourZ)
		if consider && s.tz+min(s.h, movement.StepHeight) < avg && avg > ourZ {
			lim = min(lim, low)
		}
		if ourZ+movement.PersonHeight > lim {
			continue
		}
		b.tmp = append(b.tmp, tcand{hcand{z: int16(ourZ), stMin: int16(itemTop - movement.StepHeight),
			szMax: int16(lim - movement.PersonHeight)}, rules})
	}
	if c.landRules != 0 {
		if lim := b.headLimit(avg); avg+movement.PersonHeight <= lim {
			b.tmp = append(b.tmp, tcand{hcand{z: int16(avg), stMin: int16(low - movement.StepHeight),
				szMax: int16(lim - movement.PersonHeight)}, c.landRules})
		}
	}
	switch len(b.tmp) { // (what setRule and finish give, directly)
	case 0: // a tree, a wall: nothing to enter
		c.enter = [3]hrule{absentRule, absentRule, absentRule}
	case 1:
		one := hrule{one: b.tmp[0].hcand, n: 1}
		one.finish(c.avg)
		for k := range c.enter {
			c.enter[k] = absentRule
			if b.tmp[0].rules&(1<<k) != 0 {
				c.enter[k] = one
			}
		}
	default:
		for k := range c.enter {
			b.setRule(&c.enter[k], uint8(1)<<k)
			c.enter[k].finish(c.avg)
		}
	}
}

// tcand is a candidate with the rule sets it serves.
type tcand struct {
	hcand
	rules uint8
}

// setRule fills e with the candidates of b.tmp that serve rule bit, less
// those another candidate of the same Z dominates (it accepts every start
// they accept): Enter's answer depends only on the Zs that accept.
func (b *Builder) setRule(e *hrule, bit uint8) {
	*e = absentRule
	e.off = int32(len(b.cands))
	for i := range b.tmp {
		if b.tmp[i].rules&bit == 0 || b.dominated(i, bit) {
			continue
		}
		e.n++
		e.one = b.tmp[i].hcand
		b.cands = append(b.cands, e.one)
	}
	if e.n < 2 {
		b.cands = b.cands[:e.off]
		e.off = 0
	}
	if e.n == 0 {
		e.one = absentCand
	}
}

// dominated reports whether another candidate of b.tmp serving bit has
// b.tmp[i]'s Z and accepts every start it accepts (of equals, the first is
// kept).
func (b *Builder) dominated(i int, bit uint8) bool {
	c := &b.tmp[i]
	for j := range b.tmp {
		o := &b.tmp[j]
		if j == i || o.rules&bit == 0 || o.z != c.z || o.stMin > c.stMin || o.szMax < c.szMax {
			continue
		}
		if o.stMin < c.stMin || o.szMax > c.szMax || j < i {
			return true
		}
	}
	return false
}

// headLimit is the highest top that headroom allows a span from ourZ to
// reach: the lowest base of a blocker (Impassable or Surface) of b.items
// whose top is above ourZ (noLimit when none).
func (b *Builder) headLimit(ourZ int) int {
	lim := noLimit
	for i := range b.items {
		s := &b.items[i]
		if s.blocker() && s.tz+s.calcH > ourZ {
			lim = min(lim, s.tz)
		}
	}
	return lim
}
