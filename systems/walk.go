package systems

import (
	"errors"
	"fmt"

	"github.com/mlange-42/arche/ecs"

	c "github.com/shardcore/shardcore/components"
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/world"
)

// RouteCell is one cell of a walked route, with the walker's Z there.
type RouteCell struct{ X, Y, Z int }

// walkBatch is how many route steps a walking player is handed at a time
// (a client sends one direction per step; handing a few at once only saves
// AI passes, the movement system still checks every step live).
const walkBatch = 16

// AddWalkRoute registers a looping walked route (consecutive cells one step
// apart; the walker goes from the last cell back to the first) and returns
// its id for WalkSpec.
func (s *Sim) AddWalkRoute(cells []RouteCell) (int, error) {
	if len(cells) < 2 {
		return 0, errors.New("systems: add walked route: fewer than 2 cells")
	}
	for i, p := range cells {
		if !s.m.InBounds(p.X, p.Y) {
			return 0, fmt.Errorf("systems: add walked route: cell %d (%d,%d) is off the map", i, p.X, p.Y)
		}
		if p.Z < -128 || p.Z > 127 {
			return 0, fmt.Errorf("systems: add walked route: cell %d z %d is outside int8", i, p.Z)
		}
	}
	s.reg.walks = append(s.reg.walks, append([]RouteCell(nil), cells...))
	s.reg.walkOK = append(s.reg.walkOK, s.checkWalk(cells))
	return len(s.reg.walks) - 1, nil
}

// WalkRoute returns walked route id's cells (nil if unknown).
func (s *Sim) WalkRoute(id int) []RouteCell {
	if id < 0 || id >= len(s.reg.walks) {
		return nil
	}
	return s.reg.walks[id]
}

// stepDir returns the direction of the one step from a to b; ok is false
// when b is not a neighbour of a.
func stepDir(a, b RouteCell) (movement.Dir, bool) {
	dx, dy := b.X-a.X, b.Y-a.Y
	for d := movement.Dir(0); d < 8; d++ {
		if ox, oy := d.Offset(); ox == dx && oy == dy {
			return d, true
		}
	}
	return 0, false
}

// walkAI moves players along their walked routes by direction.
type walkAI struct{}

// think moves a player along its walked route by direction. A player
// whose steps ran out is looked for on its route, from its Cell on: found
// where its steps led (or at the start), it is handed the next steps (up to
// walkBatch, as far as the cells are one step apart); found short of it (a
// step was refused twice: a mobile stands in the way), or not found (it
// spawned beside the route), it asks for a path to the first route cell
// past where it stands that nobody occupies. A failed way back skips a
// batch ahead once its back-off has passed.
func (walkAI) think(s *Sim, m *mind, e ecs.Entity) {
	req, path := s.maps.req.Get(e), s.maps.path.Get(e)
	if req.Active || path.Remaining() > 0 {
		return
	}
	w := s.maps.walk.Get(e)
	if s.now < w.NextTry {
		m.schedThink(s, e, w.NextTry)
		return
	}
	if path.Failed && s.now < path.RetryAt {
		m.schedThink(s, e, path.RetryAt)
		return
	}
	route := s.reg.walks[w.Route]
	n := len(route)
	if path.Failed {
		w.Cell, w.Goal = (w.Cell+walkBatch)%n, -1
	}
	path.Clear()
	path.Failed, path.RetryAt = false, 0
	pos := s.maps.pos.Get(e)
	j, on := locate(route, w.Cell, int(pos.X), int(pos.Y))
	if on {
		w.Cell = j
	}
	if from := w.Cell; on && (w.Goal < 0 || j == w.Goal) && handSteps(s.tick, w, route, path) {
		s.trustWalk(e, w.Route, from, int(pos.Z), path)
		m.schedMove(s, e, max(s.maps.mob.Get(e).NextMove, s.now))
		return
	}
	// Back onto the route past here, at the first cell nobody stands on.
	k := (w.Cell + 1) % n
	for i := 0; i < walkBatch && s.Occupied(route[k].X, route[k].Y); i++ {
		k = (k + 1) % n
	}
	w.Goal = k
	m.request(s, e, req, world.Point{X: route[k].X, Y: route[k].Y}, 0)
}

// locate finds (x, y) on route from cell from on, up to two batches ahead,
// and returns the furthest match.
func locate(route []RouteCell, from, x, y int) (int, bool) {
	j, ok := 0, false
	for i := 0; i <= 2*walkBatch && i < len(route); i++ {
		k := (from + i) % len(route)
		if route[k].X == x && route[k].Y == y {
			j, ok = k, true
		}
	}
	return j, ok
}

// handSteps gives a player on route cell w.Cell the next steps at tick,
// and reports false when the next cell is not a step away.
func handSteps(tick uint64, w *c.Walk, route []RouteCell, path *c.PathState) bool {
	n := len(route)
	cur, k := route[w.Cell], w.Cell
	for i := 0; i < n && len(path.Steps) < walkBatch; i++ {
		next := route[(k+1)%n]
		if next.X == cur.X && next.Y == cur.Y {
			k = (k + 1) % n // the loop's closing cell repeats its first
			continue
		}
		d, ok := stepDir(cur, next)
		if !ok {
			break
		}
		path.Steps, path.Zs = append(path.Steps, d), append(path.Zs, int8(next.Z))
		k, cur = (k+1)%n, next
	}
	path.Repath = tick
	w.Goal = k
	return len(path.Steps) > 0
}
