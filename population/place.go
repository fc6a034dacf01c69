package population

import (
	"context"
	"fmt"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/pathing"
	"github.com/shardcore/shardcore/systems"
	"github.com/shardcore/shardcore/world"
)

// walkRouteNodes is the node budget of one landmark route leg's search.
const walkRouteNodes = 400000

// placer finds cells for spawns and walks routes, on a Sim's world.
type placer struct {
	s *systems.Sim
	// live are the Sim's rules (mobiles included, for free cells); items
	// are rules over the static world and items but no mobiles (routes);
	// static are over the static world alone (where a walker can stand).
	live, items, static *movement.Rules
}

func newPlacer(s *systems.Sim) *placer {
	items := s.Rules().Clone()
	items.Dyn = itemsOnly{s.Spatial()}
	static := s.Rules().Clone()
	static.StaticOnly, static.Dyn = true, nil
	return &placer{s: s, live: s.Rules(), items: items, static: static}
}

// standZ returns the Z a walker stands at on (x, y) by the movement rules
// over the static world: the surface it arrives on when it enters the cell
// from above (from the top of the Z range, so the highest surface with
// headroom wins), and whether there is one.
func (pl *placer) standZ(x, y int) (int, bool) {
	const top = 127
	return pl.static.Enter(movement.Mover{}, x, y, top, top, top)
}

// walkRoute searches a route's legs on the world with its items (doors
// block movers that cannot open them) but no mobiles, and returns the
// walked cells and, per cell, the index of the waypoint its leg started
// from. A leg that cannot be found is skipped.
func (pl *placer) walkRoute(ctx context.Context, route []world.Point, caps movement.Caps) ([]systems.RouteCell, []int, error) {
	f := pathing.NewClassic(pl.items)
	z, ok := pl.standZ(route[0].X, route[0].Y)
	if !ok {
		return nil, nil, fmt.Errorf("route start (%d,%d) is not standable", route[0].X, route[0].Y)
	}
	cur := systems.RouteCell{X: route[0].X, Y: route[0].Y, Z: z}
	cells, legs := []systems.RouteCell{cur}, []int{0}
	var res pathing.Result
	for i := 1; i <= len(route); i++ {
		if err := ctx.Err(); err != nil {
			return nil, nil, fmt.Errorf("walk route: %w", err)
		}
		req := legRequest(cur, route[i%len(route)], caps, walkRouteNodes)
		f.Find(&req, &res)
		if !res.Found {
			continue
		}
		for k, d := range res.Dirs {
			dx, dy := d.Offset()
			cur = systems.RouteCell{X: cur.X + dx, Y: cur.Y + dy, Z: int(res.Zs[k])}
			cells, legs = append(cells, cur), append(legs, i-1)
		}
	}
	return cells, legs, nil
}

// legRequest is the search of one route leg from cur to goal.
func legRequest(cur systems.RouteCell, goal world.Point, caps movement.Caps, maxNodes int) pathing.Request {
	return pathing.Request{Start: world.Point{X: cur.X, Y: cur.Y}, StartZ: cur.Z, Goal: goal,
		Mover: movement.Mover{Caps: caps}, Cost: pathing.Uniform, MaxNodes: maxNodes}
}

// spawnCell returns a free cell for a spawn meant for route cell k: k
// itself or a cell two steps from it, else the next cell of the route's
// pool (nearest the route first); and the route cell it came from.
func (pl *placer) spawnCell(cells []systems.RouteCell, k int, mv movement.Mover, pool *freePool) (int, systems.RouteCell, bool) {
	if at, ok := pl.freeNear(cells[k], mv, 2); ok {
		return k, at, true
	}
	return pool.next()
}

// freeNear returns the nearest cell (by steps mv can take, mobiles
// blocking) within maxSteps of from on which no mobile stands.
func (pl *placer) freeNear(from systems.RouteCell, mv movement.Mover, maxSteps int) (systems.RouteCell, bool) {
	if !pl.s.Occupied(from.X, from.Y) {
		return from, true
	}
	type qn struct {
		systems.RouteCell
		d int
	}
	seen := map[[2]int]bool{{from.X, from.Y}: true}
	q := []qn{{from, 0}}
	for len(q) > 0 {
		n := q[0]
		q = q[1:]
		if n.d >= maxSteps {
			continue
		}
		for d := movement.Dir(0); d < 8; d++ {
			dx, dy := d.Offset()
			nx, ny := n.X+dx, n.Y+dy
			if seen[[2]int{nx, ny}] {
				continue
			}
			// Step as if the cell's mobiles were not there: the mover is
			// placed, not walked, so only the static and item rules matter.
			mv.Goal, mv.HasGoal = world.Point{X: nx, Y: ny}, true
			nz, ok := pl.live.CheckMovement(mv, n.X, n.Y, n.Z, d)
			if !ok {
				continue
			}
			seen[[2]int{nx, ny}] = true
			c := systems.RouteCell{X: nx, Y: ny, Z: nz}
			if !pl.s.Occupied(nx, ny) {
				return c, true
			}
			q = append(q, qn{c, n.d + 1})
		}
	}
	return systems.RouteCell{}, false
}

// itemsOnly reports a Spatial's items and no mobiles.
type itemsOnly struct{ idx *systems.Spatial }

// ItemsAt implements movement.Dynamics.
func (d itemsOnly) ItemsAt(m world.MapID, x, y int, dst []movement.Item) []movement.Item {
	return d.idx.ItemsAt(m, x, y, dst)
}

// MobilesAt implements movement.Dynamics: none.
func (d itemsOnly) MobilesAt(_ world.MapID, _, _ int, dst []movement.Mobile) []movement.Mobile {
	return dst
}
