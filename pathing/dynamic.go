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

// dynProbe answers "does this cell hold dynamics" for the cache A*.
type dynProbe struct {
	active bool
	m      world.MapID
	dyn    movement.Dynamics
	occ    Occupancy
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
	}
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
