package bake

import (
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/world"
)

// Rule-set bits of the fast probe: which of the three rule sets a record
// bakes (walker, swimmer) or checks (amphibian) a land tile or a static
// serves.
const (
	ruleWalker  uint8 = 1 << iota // no canSwim, no cantWalk
	ruleSwimmer                   // canSwim + cantWalk
	ruleAmph                      // canSwim
)

// Rule set indices (hcell.enter): index k is rule bit 1<<k.
const (
	kWalker = iota
	kSwimmer
	kAmph
)

// Halo geometry: a chunk and its 1-cell ring, and the land corners that
// AverageZ reads for those cells (one more row and column).
const (
	haloSide  = chunk.Size + 2
	haloCells = haloSide * haloSide
	landSide  = haloSide + 1
)

// haloDir is the halo-index offset of one step in each direction.
var haloDir = [8]int{-haloSide, -haloSide + 1, 1, haloSide + 1, haloSide, haloSide - 1, -1, -haloSide - 1}

// hcell flags.
const (
	hOnMap    uint8 = 1 << iota
	hWet            // the land or a static of the cell is Wet (wetNear)
	hConsider       // the land is not ignored
	hLazy           // land only, its enter rules not yet set (see materialize)
)

// hcell is one cell of the chunk or its halo with what the rules read of it
// resolved: land corners, which rule sets stand on its land, its StartZ
// surfaces and, per rule set, its Enter candidates.
type hcell struct {
	low, avg, top int16
	flags         uint8
	landRules     uint8    // rule sets for which the land is considered and does not block
	s0, s1        int32    // its StartZ surfaces: Builder.statics[s0:s1], file order
	enter         [3]hrule // per rule set index (walker, swimmer, amphibian)
}

// hrule is a cell's Enter candidates under one rule set: the only one
// inline when n is 1 (absentCand when n is 0), else
// Builder.cands[off:off+n].
type hrule struct {
	one   hcand
	n     int32
	off   int32
	word  uint64 // the memo's view of it, relative to the cell's avg (selfWord)
	lanes uint32 // one's stMin and szMax as pass's 16-bit lanes (laneOf)
	z8    int8   // one's z as an int8 (truncated)
	flags uint8  // ruleMulti, ruleUnfit
}

// hrule flags.
const (
	ruleMulti uint8 = 1 << iota // n > 1
	ruleUnfit                   // one's z does not fit an int8
)

// finish sets e's derived fields once its candidates are set, for a cell
// whose avg is avg.
func (e *hrule) finish(avg int16) {
	e.word = selfWord(e, avg)
	e.lanes = laneOf(e.one)
	e.z8 = int8(e.one.z)
	e.flags = 0
	if e.n > 1 {
		e.flags |= ruleMulti
	}
	if !fitsZ(int(e.one.z)) {
		e.flags |= ruleUnfit
	}
}

// hstatic is one static with its tile data resolved.
type hstatic struct {
	tz, calcTop, top int16 // top = tz + Height (StartZ's top)
	start            uint8 // rule sets for which it is a StartZ surface
}

// hcand is one way of entering a cell: a surface (or the land) that an
// Enter from (startZ, startTop) accepts iff startTop ≥ stMin and startZ ≤
// szMax, arriving at z. movement.Enter then keeps the accepted candidate
// whose Z is closest to the mover's (the lower on a tie); see doc.go.
type hcand struct {
	z, stMin, szMax int16
}

// noLimit is an szMax that no startZ reaches.
const noLimit = 1 << 14

// item is a static's tile data as the rules read it.
type item struct {
	tz, h, calcH int
	flags        world.TileFlag
}

func (it *item) blocker() bool { return it.flags&(world.FlagImpassable|world.FlagSurface) != 0 }

// landRulesOf returns the rule sets for which land with flags f is
// considered and does not block (movement's landBlocks per rule set).
func landRulesOf(f world.TileFlag, considered bool) uint8 {
	if !considered {
		return 0
	}
	imp, wet := f&world.FlagImpassable != 0, f&world.FlagWet != 0
	var r uint8
	if !imp {
		r |= ruleWalker | ruleAmph
	}
	if imp && wet {
		r |= ruleSwimmer | ruleAmph
	}
	return r
}

// startRules are the rule sets for which a static with flags f is a StartZ
// surface: Surface, or Wet for canSwim, and Wet when cantWalk.
func startRules(f world.TileFlag) uint8 {
	var r uint8
	if f&world.FlagSurface != 0 {
		r |= ruleWalker | ruleAmph
	}
	if f&world.FlagWet != 0 {
		r |= ruleSwimmer | ruleAmph
	}
	return r
}

// enterRules are the rule sets for which a static with flags f is an Enter
// candidate: Surface and not Impassable, or Wet for canSwim, and Wet when
// cantWalk.
func enterRules(f world.TileFlag) uint8 {
	var r uint8
	if f&world.FlagSurface != 0 && f&world.FlagImpassable == 0 {
		r |= ruleWalker | ruleAmph
	}
	if f&world.FlagWet != 0 {
		r |= ruleSwimmer | ruleAmph
	}
	return r
}

// initCell sets halo cell (hx, hy), at map cell (x, y), from b.land and
// reports whether it is on the map; an off-map cell is zero with no
// candidates, an on-map cell's StartZ surfaces and candidates are left
// for resolve.
func (b *Builder) initCell(hx, hy, x, y int) bool {
	c := &b.cells[hy*haloSide+hx]
	if x < 0 || y < 0 || x >= b.m.Width || y >= b.m.Height {
		*c = hcell{enter: [3]hrule{absentRule, absentRule, absentRule}}
		return false
	}
	zs := &b.land.zs
	g := hy*landSide + hx
	c.low, c.avg, c.top = averageZ(zs[g], zs[g+landSide], zs[g+1], zs[g+landSide+1])
	b.setLand(c, b.land.ids[hy*haloSide+hx])
	return true
}

// setLand sets c's flags and land rules for land id.
func (b *Builder) setLand(c *hcell, id uint16) {
	id &= 0x3FFF
	f := b.td.LandFlags(id)
	c.flags = hOnMap
	if !world.IgnoredLand(id) {
		c.flags |= hConsider
	}
	if f&world.FlagWet != 0 {
		c.flags |= hWet
	}
	c.landRules = landRulesOf(f, c.flags&hConsider != 0)
}

// averageZ is world.Map.AverageZ over the four corner Zs t (x, y), l
// (x, y+1), r (x+1, y) and bt (x+1, y+1).
func averageZ(t, l, r, bt int16) (low, avg, top int16) {
	low, top = min(t, l, r, bt), max(t, l, r, bt)
	d1, d2 := int(t)-int(bt), int(l)-int(r)
	sum := int(t) + int(bt)
	if d1*d1 > d2*d2 { // |d1| > |d2|
		sum = int(l) + int(r)
	}
	return low, int16(sum >> 1), top // the floor of half the sum
}

func absInt(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// wetNear is the reference's wetNear on halo cell ci (off-map cells are
// never Wet), from b.near (markWet).
func (b *Builder) wetNear(ci int) bool {
	return b.near[ci/haloSide]>>(ci%haloSide)&1 != 0
}

// markWet sets b.near from the Wet flags of the halo's cells: bit x of
// row y is set when cell (x, y) or one of its neighbours is Wet (rows 0
// and haloSide-1 and the edge columns are not read). It reports whether
// a cell is Wet.
func (b *Builder) markWet() bool {
	var wet [haloSide]uint32
	var seen uint32
	for y := range wet {
		row := b.cells[y*haloSide : (y+1)*haloSide]
		var w uint32
		for x := range row {
			w |= uint32(row[x].flags&hWet) << x
		}
		wet[y] = w >> 1 // hWet is bit 1
		seen |= w
	}
	if seen == 0 {
		b.near = [haloSide]uint32{}
		return false
	}
	for y := 1; y < haloSide-1; y++ {
		r := wet[y-1] | wet[y] | wet[y+1]
		b.near[y] = r | r<<1 | r>>1
	}
	return true
}
