package population

import (
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/systems"
	"github.com/shardcore/shardcore/world"
)

// region is where the routes of one kind of place are drawn: a box the
// waypoints lie in, the cells a route may be centred on (none: random
// standable cells of the box), how far waypoints lie from the centre, and
// waypoints every route of the region walks right after its centre (a
// dungeon's ramp top after its bottom).
type region struct {
	name           string
	x0, y0, x1, y1 int // inclusive bounds
	centres        []systems.RouteCell
	radius         int
	fixed          []world.Point
	// maxDraws bounds the draws for this region's routes; a region that
	// gives too few routes leaves its mobiles to the next one.
	maxDraws int
}

// clip clips r's bounds to the map.
func (g *routeGen) clip(r *region) {
	m := g.pl.s.Map()
	r.x0, r.y0 = max(r.x0, 0), max(r.y0, 0)
	r.x1, r.y1 = min(r.x1, m.Width-1), min(r.y1, m.Height-1)
}

// regionCentre draws a route centre of r: one of its centres, else a
// standable cell of its box.
func (g *routeGen) regionCentre(r *region) (systems.RouteCell, bool) {
	if len(r.centres) > 0 {
		return r.centres[g.rng.IntN(len(r.centres))], true
	}
	for try := 0; try < 64; try++ {
		x := r.x0 + g.rng.IntN(r.x1-r.x0+1)
		y := r.y0 + g.rng.IntN(r.y1-r.y0+1)
		if rc, ok := g.standable(x, y); ok {
			return rc, true
		}
	}
	return systems.RouteCell{}, false
}

// regionWaypoint draws a standable waypoint of r within its radius of c.
func (g *routeGen) regionWaypoint(r *region, c systems.RouteCell) (world.Point, bool) {
	x := min(max(c.X+g.rng.IntN(2*r.radius+1)-r.radius, r.x0), r.x1)
	y := min(max(c.Y+g.rng.IntN(2*r.radius+1)-r.radius, r.y0), r.y1)
	if _, ok := g.standable(x, y); !ok {
		return world.Point{}, false
	}
	return world.Point{X: x, Y: y}, true
}

// regionRoute generates one looping route of r for caps (its centre, the
// region's fixed waypoints, then drawn ones), walks its legs with the
// populate-time finder, registers it and returns it; ok is false when this
// draw gave no usable route.
func (g *routeGen) regionRoute(r *region, caps movement.Caps) (*genRoute, bool, error) {
	c0, ok := g.regionCentre(r)
	if !ok {
		return nil, false, nil
	}
	wps := []world.Point{{X: c0.X, Y: c0.Y}}
	cells, legs := []systems.RouteCell{c0}, []int{0}
	cur := c0
	for i := 0; i < len(r.fixed)+genRouteWaypoints-1; i++ {
		p, ok := world.Point{}, false
		if i < len(r.fixed) {
			p, ok = r.fixed[i], true
		} else {
			p, ok = g.regionWaypoint(r, c0)
		}
		if !ok {
			continue
		}
		nc, nl := cells, legs
		next, ok := g.leg(cur, p, caps, len(wps)-1, &nc, &nl)
		if !ok {
			continue
		}
		cells, legs, cur = nc, nl, next
		wps = append(wps, p)
	}
	if len(wps) < 3 {
		return nil, false, nil
	}
	if _, ok := g.leg(cur, wps[0], caps, len(wps)-1, &cells, &legs); !ok {
		return nil, false, nil
	}
	return g.register(wps, cells, legs)
}

// register adds a walked route's waypoints to the Sim and returns it with a
// free-cell pool over its cells.
func (g *routeGen) register(wps []world.Point, cells []systems.RouteCell, legs []int) (*genRoute, bool, error) {
	id, err := g.pl.s.AddRoute(wps)
	if err != nil {
		return nil, false, err
	}
	return &genRoute{id: id, wps: wps, cells: cells, legs: legs, pool: g.pl.newFreePool(cells, movement.Mover{})}, true, nil
}

// regionRoutes generates routes of r until their cells hold want mobiles at
// one per perCell route cells, or r's draws run out (then it returns the
// routes it has: the caller places the rest elsewhere). It reports progress
// as stage, in mobiles of the whole population (spawned, and with room on
// these routes), and stops when the progress context ends.
func (g *routeGen) regionRoutes(prog *progress, stage string, r *region, want, perCell int, caps movement.Caps) ([]*genRoute, int, error) {
	var out []*genRoute
	room := 0
	for draws := 0; room < want && draws < r.maxDraws; draws++ {
		if err := prog.at(stage, prog.done+room, prog.total); err != nil {
			return nil, 0, err
		}
		rt, ok, err := g.regionRoute(r, caps)
		if err != nil {
			return nil, 0, err
		}
		if ok {
			out = append(out, rt)
			room += max(len(rt.cells)/perCell, 1)
		}
	}
	return out, min(room, want), nil
}
