package systems

import (
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/pathing"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/world"
)

// The dynamics interfaces of the searches that searchView implements.
var (
	_ movement.Dynamics          = (*searchView)(nil)
	_ movement.MobileBlocker     = (*searchView)(nil)
	_ pathing.Occupancy          = (*searchView)(nil)
	_ pathing.ItemOccupancy      = (*searchView)(nil)
	_ pathing.NeighbourOccupancy = (*searchView)(nil)
	_ pathing.OccupancyRows      = (*searchView)(nil)
	_ pathing.ChunkItems         = (*searchView)(nil)
)

// searchView is what a search sees of the map's dynamics with a mobile
// horizon (Options.MobileHorizon): the spatial index, with the mobiles that
// stand farther than the horizon from the search's start (Chebyshev) left
// out. Items are seen everywhere. A finder's live rules read it as their
// Dynamics, so every finder (cache A*, jump search, classic A*) and a
// recorded search's replay see the same world. It is set to each search's
// start before the search runs (look) and only read while it runs.
type searchView struct {
	*Spatial
	radius         int
	x0, y0, x1, y1 int // the horizon's square, inclusive
}

// newSearchView returns a view of idx with a mobile horizon of radius
// cells (radius > 0).
func newSearchView(idx *Spatial, radius int) *searchView {
	return &searchView{Spatial: idx, radius: radius}
}

// look centres v's horizon on a search's start p; a nil v (no horizon)
// does nothing.
func (v *searchView) look(p world.Point) {
	if v != nil {
		r := v.radius
		v.x0, v.y0, v.x1, v.y1 = p.X-r, p.Y-r, p.X+r, p.Y+r
	}
}

// sees reports whether the mobiles of (x, y) are inside the horizon.
func (v *searchView) sees(x, y int) bool {
	return x >= v.x0 && x <= v.x1 && y >= v.y0 && y <= v.y1
}

// Occupied implements pathing.Occupancy: beyond the horizon, items only.
func (v *searchView) Occupied(m world.MapID, x, y int) bool {
	if v.sees(x, y) {
		return v.Spatial.Occupied(m, x, y)
	}
	return v.Spatial.HasItems(m, x, y)
}

// OccupancyAround implements pathing.NeighbourOccupancy: the neighbours
// beyond the horizon report no mobile.
func (v *searchView) OccupancyAround(m world.MapID, x, y int) (mobiles, items uint8) {
	mobiles, items = v.Spatial.OccupancyAround(m, x, y)
	if mobiles != 0 && (x-1 < v.x0 || x+1 > v.x1 || y-1 < v.y0 || y+1 > v.y1) {
		for d, o := range dirOffsets {
			if !v.sees(x+o[0], y+o[1]) {
				mobiles &^= 1 << d
			}
		}
	}
	return mobiles, items
}

// OccupiedRows implements pathing.OccupancyRows: the chunk's items, and its
// mobiles inside the horizon.
func (v *searchView) OccupiedRows(m world.MapID, cx, cy int, rows *[chunk.Size]uint16) bool {
	x0, y0 := cx*SectorSize, cy*SectorSize
	if x0 >= v.x0 && x0+SectorSize-1 <= v.x1 && y0 >= v.y0 && y0+SectorSize-1 <= v.y1 {
		return v.Spatial.OccupiedRows(m, cx, cy, rows)
	}
	*rows = [chunk.Size]uint16{}
	b := v.chunkSector(m, cx, cy)
	if b == nil {
		return false
	}
	var cols uint16 // the chunk's columns inside the horizon
	if lo, hi := max(v.x0-x0, 0), min(v.x1-x0, SectorSize-1); lo <= hi {
		cols = uint16(1<<(hi+1)-1) &^ uint16(1<<lo-1)
	}
	var any uint16
	for r := range rows {
		rows[r] = b.itemBits[r]
		if y := y0 + r; y >= v.y0 && y <= v.y1 {
			rows[r] |= b.mobBits[r] & cols
		}
		any |= rows[r]
	}
	return any != 0
}

// MobilesAt implements movement.Dynamics: none beyond the horizon.
func (v *searchView) MobilesAt(m world.MapID, x, y int, dst []movement.Mobile) []movement.Mobile {
	if !v.sees(x, y) {
		return dst
	}
	return v.Spatial.MobilesAt(m, x, y, dst)
}

// MobileBlocksAt implements movement.MobileBlocker: nothing blocks beyond
// the horizon.
func (v *searchView) MobileBlocksAt(m world.MapID, x, y, newZ int, self uint64, moverDead bool) bool {
	return v.sees(x, y) && v.Spatial.MobileBlocksAt(m, x, y, newZ, self, moverDead)
}
