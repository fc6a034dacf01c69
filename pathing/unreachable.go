package pathing

import (
	"github.com/shardcore/shardcore/stepcache"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/world"
)

// ChunkItems is an optional interface of a movement.Dynamics: whether
// chunk (cx, cy) of map m (cells cx*16.., cy*16..) holds a dynamic item.
// A conservative true is allowed. The searches ask it, for the chunks of
// a goal's static component and those beside them, before they answer
// that a goal cannot be reached (see Result.Unreachable); without it they
// ask OccupancyRows (mobiles count too), and without that they search.
type ChunkItems interface {
	ChunkHasItems(m world.MapID, cx, cy int) bool
}

// unreachableSource is what the searches ask of the cache about
// connectivity: *stepcache.Cache or *stepcache.View.
type unreachableSource interface {
	Unreachable(m world.MapID, set chunk.RuleSet, start world.Point, gx0, gy0, gx1, gy1 int, items stepcache.Items) bool
}

// maxUnreachableRange is the largest goal range the searches ask the
// cache's connectivity about (a square of 9×9 cells).
const maxUnreachableRange = 4

// provedUnreachable reports whether src's static connectivity proves that
// req's goal cannot be reached by its mover (a walker or a swimmer; others
// are searched), given the dynamics p: then res is the failed search's,
// with Unreachable set and no expansion.
func provedUnreachable(src unreachableSource, p *dynProbe, m world.MapID, req *Request, res *Result) bool {
	rng := max(req.Range, 0)
	gx0, gy0, gx1, gy1 := req.Goal.X-rng, req.Goal.Y-rng, req.Goal.X+rng, req.Goal.Y+rng
	if rng > maxUnreachableRange || req.Start.X >= gx0 && req.Start.X <= gx1 && req.Start.Y >= gy0 && req.Start.Y <= gy1 {
		return false
	}
	set, ok := chunk.RuleSetOf(req.Mover.Caps)
	if !ok {
		return false
	}
	var items stepcache.Items
	if p.active {
		items = p
	}
	if !src.Unreachable(m, set, req.Start, gx0, gy0, gx1, gy1, items) {
		return false
	}
	res.Found, res.Unreachable, res.Dirs, res.Zs, res.Cost, res.Expansions = false, true, res.Dirs[:0], res.Zs[:0], 0, 0
	return true
}

// ItemsNear implements stepcache.Items: whether a chunk of cx0..cx1 ×
// cy0..cy1 or beside them holds a dynamic item, as ChunkItems answers (or
// OccupancyRows, counting mobiles too); true when the dynamics answer
// neither (so the search runs).
func (p *dynProbe) ItemsNear(cx0, cy0, cx1, cy1 int) bool {
	ci, _ := p.dyn.(ChunkItems)
	rows, _ := p.dyn.(OccupancyRows)
	if ci == nil && rows == nil {
		return true
	}
	var r [chunk.Size]uint16
	for cy := cy0 - 1; cy <= cy1+1; cy++ {
		for cx := cx0 - 1; cx <= cx1+1; cx++ {
			if ci != nil && ci.ChunkHasItems(p.m, cx, cy) || ci == nil && rows.OccupiedRows(p.m, cx, cy, &r) {
				return true
			}
		}
	}
	return false
}
