package pathing

import (
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/world"
)

// Occupancy is an optional interface of a movement.Dynamics: whether a cell
// holds any dynamic item or mobile, without copying them out. The cache A*
// uses it when present (it asks up to 9 cells per expansion) and falls back
// to ItemsAt/MobilesAt otherwise. A conservative true is allowed: it only
// sends that cell's steps through the live rules.
type Occupancy interface {
	Occupied(m world.MapID, x, y int) bool
}

// ItemOccupancy is an optional interface of a movement.Dynamics: whether a
// cell holds any dynamic item. The cache A* and the StepChecker ask it of
// the cell a step starts from, where only items change the answers (they
// change the start Z; a mobile there blocks no step from it). A
// conservative true is allowed.
type ItemOccupancy interface {
	HasItems(m world.MapID, x, y int) bool
}

// NeighbourOccupancy is an optional interface of a movement.Dynamics:
// which of the 8 neighbours of (x, y) hold a mobile and which an item (bit
// d set: the neighbour in direction d), in one call instead of sixteen.
// Conservative bits are allowed. With it, a step whose target and flanks
// hold mobiles but no item is composed from the cache's answer and the
// mobiles' check (movement.Rules.MobileBlocks) instead of the whole live
// rule.
type NeighbourOccupancy interface {
	OccupancyAround(m world.MapID, x, y int) (mobiles, items uint8)
}

// dynProbe answers "does this cell hold dynamics" for the cache A*.
type dynProbe struct {
	active bool
	m      world.MapID
	dyn    movement.Dynamics
	occ    Occupancy
	iocc   ItemOccupancy
	nocc   NeighbourOccupancy
	items  []movement.Item
	mobs   []movement.Mobile
}

func (p *dynProbe) bind(r *movement.Rules) { p.refresh(r) }

// refresh re-reads the rules' dynamics (they may be swapped between searches).
func (p *dynProbe) refresh(r *movement.Rules) {
	p.m = r.Map.ID
	p.active = r.Dyn != nil && !r.StaticOnly
	if !p.active {
		p.dyn, p.occ, p.iocc, p.nocc = nil, nil, nil, nil
		return
	}
	if p.dyn != r.Dyn {
		p.dyn = r.Dyn
		p.occ, _ = r.Dyn.(Occupancy)
		p.iocc, _ = r.Dyn.(ItemOccupancy)
		p.nocc, _ = r.Dyn.(NeighbourOccupancy)
	}
}

// occupied reports whether (x, y) holds any dynamic item or mobile: the
// jump search sends every step touching such a cell through the live rules.
func (p *dynProbe) occupied(st *CachedStats, x, y int) bool {
	st.DynamicProbes++
	if p.occ != nil {
		return p.occ.Occupied(p.m, x, y)
	}
	p.items = p.dyn.ItemsAt(p.m, x, y, p.items[:0])
	if len(p.items) > 0 {
		return true
	}
	p.mobs = p.dyn.MobilesAt(p.m, x, y, p.mobs[:0])
	return len(p.mobs) > 0
}

// hasItems reports whether (x, y) holds a dynamic item: whether the steps
// from it must take the live rules.
func (p *dynProbe) hasItems(st *CachedStats, x, y int) bool {
	st.DynamicProbes++
	if p.iocc != nil {
		return p.iocc.HasItems(p.m, x, y)
	}
	p.items = p.dyn.ItemsAt(p.m, x, y, p.items[:0])
	return len(p.items) > 0
}

// around returns the directions d whose neighbour of (x, y) holds mobiles
// and those whose neighbour holds items. Through a plain Occupancy an
// occupied neighbour counts as holding items (its steps go live).
func (p *dynProbe) around(st *CachedStats, x, y int) (mobs, items uint8) {
	st.DynamicProbes++
	if p.nocc != nil {
		return p.nocc.OccupancyAround(p.m, x, y)
	}
	for d := movement.Dir(0); d < 8; d++ {
		dx, dy := d.Offset()
		if p.occ != nil {
			if p.occ.Occupied(p.m, x+dx, y+dy) {
				items |= 1 << d
			}
			continue
		}
		if p.items = p.dyn.ItemsAt(p.m, x+dx, y+dy, p.items[:0]); len(p.items) > 0 {
			items |= 1 << d
		}
		if p.mobs = p.dyn.MobilesAt(p.m, x+dx, y+dy, p.mobs[:0]); len(p.mobs) > 0 {
			mobs |= 1 << d
		}
	}
	return mobs, items
}
