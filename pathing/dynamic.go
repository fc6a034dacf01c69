package pathing

import (
	"shardcore/movement"
	"shardcore/world"
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
// which of the 8 neighbours of (x, y) hold a dynamic item or mobile (bit d
// set: the neighbour in direction d), in one call instead of eight. A
// conservative bit is allowed.
type NeighbourOccupancy interface {
	OccupiedAround(m world.MapID, x, y int) uint8
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
		p.dyn, p.occ = nil, nil
		return
	}
	if p.dyn != r.Dyn {
		p.dyn = r.Dyn
		p.occ, _ = r.Dyn.(Occupancy)
		p.iocc, _ = r.Dyn.(ItemOccupancy)
		p.nocc, _ = r.Dyn.(NeighbourOccupancy)
	}
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

// around returns the directions d whose neighbour of (x, y) holds dynamics.
func (p *dynProbe) around(st *CachedStats, x, y int) uint8 {
	if p.nocc != nil {
		st.DynamicProbes++
		return p.nocc.OccupiedAround(p.m, x, y)
	}
	var occ uint8
	for d := movement.Dir(0); d < 8; d++ {
		dx, dy := d.Offset()
		if p.occupied(st, x+dx, y+dy) {
			occ |= 1 << d
		}
	}
	return occ
}

// affects reports whether dynamics could change the step from (x, y) in d
// other than through its start cell: on its target or a diagonal's flanks.
func (p *dynProbe) affects(st *CachedStats, x, y int, d movement.Dir) bool {
	if p.nocc != nil {
		return p.around(st, x, y)&affected[d] != 0
	}
	for a := movement.Dir(0); a < 8; a++ {
		if affected[d]&(1<<a) != 0 {
			dx, dy := a.Offset()
			if p.occupied(st, x+dx, y+dy) {
				return true
			}
		}
	}
	return false
}

// occupied reports whether (x, y) holds a dynamic item or mobile.
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
