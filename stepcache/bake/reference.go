package bake

import (
	"math"
	"slices"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/world"
)

// The two rule sets a record bakes, and the amphibian it is checked against.
const (
	walkerCaps  movement.Caps = 0
	swimmerCaps               = movement.CanSwim | movement.CantWalk
	amphCaps                  = movement.CanSwim
)

// fitsZ reports whether z fits a record's int8 fields.
func fitsZ(z int) bool { return z >= math.MinInt8 && z <= math.MaxInt8 }

// enterAll runs StartZ once and Enter on all 8 neighbours for one rule set:
// the raw bits (a diagonal bit ignores its flanks; off-map = 0) and arrival
// Zs. fits is false when an arrival Z does not fit an int8.
func enterAll(r *movement.Rules, caps movement.Caps, x, y, z int) (bits uint8, zs [8]int8, fits bool) {
	mv := movement.Mover{Caps: caps}
	sz, st := r.StartZ(mv, x, y, z)
	fits = true
	for d := movement.Dir(0); d < 8; d++ {
		dx, dy := d.Offset()
		tx, ty := x+dx, y+dy
		if !r.Map.InBounds(tx, ty) {
			continue
		}
		nz, ok := r.Enter(mv, tx, ty, sz, st, z)
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

// FitsRecord reports whether a record of (x, y) for a request at z fits
// its int8 fields: z and every walker's and swimmer's arrival Z from there
// lie in -128..127. Where they do not, the record is LiveOnly and the cache
// answers no request. r should be StaticOnly, as builds read the world.
func FitsRecord(r *movement.Rules, x, y, z int) bool {
	if !fitsZ(z) {
		return false
	}
	_, _, fw := enterAll(r, walkerCaps, x, y, z)
	_, _, fs := enterAll(r, swimmerCaps, x, y, z)
	return fw && fs
}

// wetNear reports whether the 3×3 neighbourhood of (x, y) holds Wet land or
// a Wet static.
//
// Where it does not, the swimmer and amphibian rules reduce to known answers,
// exactly: canSwim enters the rules only through (a) landBlocks, where it
// unblocks land that is Impassable and Wet, (b) StartZ's and Enter's surface
// test "canSwim and Wet", and cantWalk through (c) landBlocks (all land
// blocks) and (d) dropping candidates that are not Wet. CheckMovement reads
// only the start cell (StartZ) and its 8 neighbours (target and flanks), so
// with no Wet tile among them the amphibian (canSwim) sees exactly the
// walker's world, giving the walker's answers, and the swimmer (canSwim +
// cantWalk) has no land and no candidate anywhere, so it enters nothing:
// Wet = 0, and Compose for the amphibian is Walk, equal to the live rule.
func wetNear(r *movement.Rules, x, y int) bool {
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			cx, cy := x+dx, y+dy
			if !r.Map.InBounds(cx, cy) {
				continue
			}
			if r.Tiles.LandFlags(r.Map.Land(cx, cy).ID)&world.FlagWet != 0 {
				return true
			}
			for _, s := range r.Map.StaticsAt(cx, cy) {
				if f, _ := r.Tiles.ItemFlagsHeight(s.ID); f&world.FlagWet != 0 {
					return true
				}
			}
		}
	}
	return false
}

// probeAt fills one record for a request at exactly z (no window bits).
// wet says whether the cell has Wet tiles near (see wetNear); without them
// the swimmer probe and the amphibian check are skipped, exactly.
func probeAt(r *movement.Rules, x, y, z int, wet bool) chunk.Cell {
	c := chunk.Cell{Z: int8(z)}
	var fitW, fitS = true, true
	c.Walk, c.WalkZ, fitW = enterAll(r, walkerCaps, x, y, z)
	if wet {
		c.Wet, c.SwimZ, fitS = enterAll(r, swimmerCaps, x, y, z)
	}
	if !fitW || !fitS || !fitsZ(z) {
		c.Info |= chunk.InfoLiveOnly
		return c
	}
	if wet && !amphExact(r, x, y, z, &c) {
		c.Info |= chunk.InfoAmphibianInexact
	}
	return c
}

// amphExact reports whether composing c for an amphibian (canSwim, with and
// without the player diagonal rule) equals the live rule in all 8
// directions. Equal raw Enter bits and Zs imply equal answers under both
// diagonal rules; otherwise CheckMovement decides direction by direction.
func amphExact(r *movement.Rules, x, y, z int, c *chunk.Cell) bool {
	bits, zs, fits := enterAll(r, amphCaps, x, y, z)
	if !fits {
		return false
	}
	if raw := c.Walk | c.Wet; bits == raw {
		_, cz := chunk.Compose(c, amphCaps)
		same := true
		for d := 0; d < 8; d++ {
			if bits&(1<<d) != 0 && zs[d] != cz[d] {
				same = false
				break
			}
		}
		if same {
			return true
		}
	}
	for _, caps := range [2]movement.Caps{amphCaps, amphCaps | movement.Player} {
		mask, cz := chunk.Compose(c, caps)
		mv := movement.Mover{Caps: caps}
		for d := movement.Dir(0); d < 8; d++ {
			nz, ok := r.CheckMovement(mv, x, y, z, d)
			if ok != (mask&(1<<d) != 0) || (ok && nz != int(cz[d])) {
				return false
			}
		}
	}
	return true
}

// sameAnswers reports whether two records give the same answers to every
// mover the cache serves (everything but Z and the window bits).
func sameAnswers(a, b *chunk.Cell) bool {
	const keep = chunk.InfoAmphibianInexact | chunk.InfoLiveOnly
	return a.Walk == b.Walk && a.Wet == b.Wet && a.WalkZ == b.WalkZ && a.SwimZ == b.SwimZ &&
		a.Info&keep == b.Info&keep
}

// windowBits are the Info bits for request offsets -2, -1, +1, +2.
var windowOffsets = [4]struct {
	dz  int
	bit uint8
}{{-2, chunk.InfoValidBelow2}, {-1, chunk.InfoValidBelow1}, {1, chunk.InfoValidAbove1}, {2, chunk.InfoValidAbove2}}

// probeWindow probes c's cell at c.Z-2..c.Z+2 and sets the validity bit of
// every offset whose answers are identical to c's.
func probeWindow(r *movement.Rules, x, y int, wet bool, c *chunk.Cell) {
	if c.Info&chunk.InfoLiveOnly != 0 {
		return
	}
	for _, w := range windowOffsets {
		z := int(c.Z) + w.dz
		if !fitsZ(z) {
			continue
		}
		o := probeAt(r, x, y, z, wet)
		if sameAnswers(&o, c) {
			c.Info |= w.bit
		}
	}
}

// StandingZs appends to dst the Zs a mobile can stand at on (x, y), sorted
// and without duplicates, and returns it with the record Z the cell's primary
// answers at: the land average where the land is considered and does not
// block under the walker or the swimmer rules, and tz+CalcHeight of every
// static that is a candidate surface under either (Surface for the walker,
// Wet for the swimmer). The primary Z is the walker's lowest standing Z,
// else the swimmer's, else the land average.
func StandingZs(r *movement.Rules, x, y int, dst []int) (zs []int, primary int) {
	land := r.Map.Land(x, y)
	id := land.ID & 0x3FFF
	lf := r.Tiles.LandFlags(id)
	_, avg, _ := r.Map.AverageZ(x, y)
	walkLow, swimLow := math.MaxInt, math.MaxInt
	add := func(z int, walker, swimmer bool) {
		if walker {
			walkLow = min(walkLow, z)
		}
		if swimmer {
			swimLow = min(swimLow, z)
		}
		if walker || swimmer {
			dst = append(dst, z)
		}
	}
	if !world.IgnoredLand(id) {
		imp, wet := lf&world.FlagImpassable != 0, lf&world.FlagWet != 0
		add(avg, !imp, imp && wet)
	}
	for _, s := range r.Map.StaticsAt(x, y) {
		f, h := r.Tiles.ItemFlagsHeight(s.ID)
		add(int(s.Z)+world.CalcHeight(f, h), f&world.FlagSurface != 0, f&world.FlagWet != 0)
	}
	slices.Sort(dst)
	dst = slices.Compact(dst)
	switch {
	case walkLow != math.MaxInt:
		primary = walkLow
	case swimLow != math.MaxInt:
		primary = swimLow
	default:
		primary = avg
	}
	return dst, primary
}

// Probe returns the record of (x, y) for a request at exactly z under r
// (which must be StaticOnly), with its validity window probed. It is the
// single-cell form of what BuildChunk stores.
func Probe(r *movement.Rules, x, y, z int) chunk.Cell {
	wet := wetNear(r, x, y)
	c := probeAt(r, x, y, z, wet)
	probeWindow(r, x, y, wet, &c)
	return c
}

// prober bakes cells with the reference probe, with reusable scratch; one
// per goroutine.
type prober struct {
	r      *movement.Rules
	zs     []int
	strata []chunk.Cell
}

// probeCell returns the primary record of (x, y) and appends its strata
// (sorted by Z) to p.strata[:0]: one record per standing Z not already
// answered by an earlier record of the cell.
func (p *prober) probeCell(x, y int) (primary chunk.Cell, strata []chunk.Cell) {
	r := p.r
	wet := wetNear(r, x, y)
	var pz int
	p.zs, pz = StandingZs(r, x, y, p.zs[:0])
	if !fitsZ(pz) {
		pz = max(math.MinInt8, min(math.MaxInt8, pz))
		primary = chunk.Cell{Z: int8(pz), Info: chunk.InfoLiveOnly}
	} else {
		primary = probeAt(r, x, y, pz, wet)
		probeWindow(r, x, y, wet, &primary)
	}
	p.strata = p.strata[:0]
	for _, z := range p.zs {
		if !fitsZ(z) || chunk.Covers(&primary, z) {
			continue
		}
		done := false
		for i := range p.strata {
			if chunk.Covers(&p.strata[i], z) {
				done = true
				break
			}
		}
		if done {
			continue
		}
		s := probeAt(r, x, y, z, wet)
		probeWindow(r, x, y, wet, &s)
		p.strata = append(p.strata, s)
	}
	slices.SortFunc(p.strata, func(a, b chunk.Cell) int { return int(a.Z) - int(b.Z) })
	return primary, p.strata
}

// BuildChunkReference bakes chunk (cx, cy) of r's map with the reference
// probe: the live rules (StartZ, Enter, CheckMovement) asked for every
// cell, direction, rule set and probe Z. It is the oracle the fast probe
// (BuildChunk, Builder) is checked against, and is slow (≈20,000 rule calls
// a chunk). r should be StaticOnly (a Clone set StaticOnly is used when it
// is not) and is used by this goroutine only.
func BuildChunkReference(r *movement.Rules, cx, cy int) *chunk.Chunk {
	if !r.StaticOnly {
		r = r.Clone()
		r.StaticOnly = true
	}
	p := prober{r: r}
	return p.buildChunk(cx, cy)
}

func (p *prober) buildChunk(cx, cy int) *chunk.Chunk {
	ch := &chunk.Chunk{}
	var start [chunk.NumCells + 1]uint16
	var strata []chunk.Cell
	for i := 0; i < chunk.NumCells; i++ {
		start[i] = uint16(len(strata))
		x, y := cx*chunk.Size+i%chunk.Size, cy*chunk.Size+i/chunk.Size
		if !p.r.Map.InBounds(x, y) {
			continue
		}
		prim, st := p.probeCell(x, y)
		ch.Cells[i] = prim
		strata = append(strata, st...)
	}
	start[chunk.NumCells] = uint16(len(strata))
	if len(strata) > 0 {
		ch.StrataStart = &start
		ch.Strata = strata
	}
	return ch
}
