package gen

import (
	"context"
	"sync"
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/world"
)

var defaultWorld = sync.OnceValues(func() (*World, error) { return Default(context.Background()) })

// testWorld returns the default world, generated once per test binary.
func testWorld(t testing.TB) *World {
	t.Helper()
	w, err := defaultWorld()
	if err != nil {
		t.Fatalf("Default: %v", err)
	}
	return w
}

var (
	walker  = movement.Mover{}
	player  = movement.Mover{Caps: movement.Player}
	swimmer = movement.Mover{Caps: movement.CanSwim | movement.CantWalk}
)

// staticRules are the rules over land and statics only.
func staticRules(w *World) *movement.Rules {
	r := movement.NewRules(w.Map, w.Tiles, nil)
	r.StaticOnly = true
	return r
}

// standZ is where the movement rules let a walker stand on (x, y): the
// highest surface with headroom (Enter from above).
func standZ(r *movement.Rules, x, y int) (int, bool) {
	const top = 127
	return r.Enter(movement.Mover{}, x, y, top, top, top)
}

// liveRules include the house multis.
func liveRules(w *World, dyn movement.Dynamics) *movement.Rules {
	return movement.NewRules(w.Map, w.Tiles, dyn)
}

// search is a breadth-first search over (x, y, z) with the live rules.
type search struct {
	r      *movement.Rules
	mv     movement.Mover
	margin int
	keep   func(x, y, z int) bool // states the search may enter (nil = all)
}

// anyZ lets reach stop at the goal cell at any Z.
const anyZ = -1000

// reach returns the fewest steps from (from, z) to the cell to and the Z
// it arrives at, searching inside the two points' box grown by margin.
func (s search) reach(from world.Point, z int, to world.Point) (steps, arriveZ int, ok bool) {
	return s.reachZ(from, z, to, anyZ)
}

// reachZ is reach to the goal cell at Z toZ (or anyZ).
func (s search) reachZ(from world.Point, z int, to world.Point, toZ int) (steps, arriveZ int, ok bool) {
	x0, x1 := min(from.X, to.X)-s.margin, max(from.X, to.X)+s.margin
	y0, y1 := min(from.Y, to.Y)-s.margin, max(from.Y, to.Y)+s.margin
	type state struct{ x, y, z int }
	seen := map[state]int{{from.X, from.Y, z}: 0}
	q := []state{{from.X, from.Y, z}}
	for len(q) > 0 {
		c := q[0]
		q = q[1:]
		d := seen[c]
		if c.x == to.X && c.y == to.Y && (toZ == anyZ || c.z == toZ) {
			return d, c.z, true
		}
		for dir := movement.Dir(0); dir < 8; dir++ {
			nz, ok := s.r.CheckMovement(s.mv, c.x, c.y, c.z, dir)
			if !ok {
				continue
			}
			dx, dy := dir.Offset()
			n := state{c.x + dx, c.y + dy, nz}
			if n.x < x0 || n.x > x1 || n.y < y0 || n.y > y1 {
				continue
			}
			if s.keep != nil && !s.keep(n.x, n.y, n.z) {
				continue
			}
			if _, dup := seen[n]; !dup {
				seen[n] = d + 1
				q = append(q, n)
			}
		}
	}
	return 0, 0, false
}

// route walks waypoints one to the next (and back to the first when loop),
// returning the total steps.
func (s search) route(t *testing.T, w *World, pts []world.Point, loop bool) int {
	t.Helper()
	z, ok := standZ(staticRules(w), pts[0].X, pts[0].Y)
	if !ok {
		t.Fatalf("route start %v is not standable", pts[0])
	}
	total := 0
	n := len(pts) - 1
	if loop {
		n++
	}
	for i := 0; i < n; i++ {
		a, b := pts[i], pts[(i+1)%len(pts)]
		steps, nz, ok := s.reach(a, z, b)
		if !ok {
			t.Fatalf("no walk from waypoint %d %v (z %d) to %v", i, a, z, b)
		}
		total += steps
		z = nz
	}
	return total
}

// step is one CheckMovement.
func step(r *movement.Rules, mv movement.Mover, s Spot, d movement.Dir) (int, bool) {
	return r.CheckMovement(mv, s.X, s.Y, s.Z, d)
}

// dyn is a test Dynamics: items by cell, no mobiles.
type dyn map[world.Point][]movement.Item

func (d dyn) ItemsAt(_ world.MapID, x, y int, dst []movement.Item) []movement.Item {
	return append(dst, d[world.Point{X: x, Y: y}]...)
}

func (d dyn) MobilesAt(_ world.MapID, _, _ int, dst []movement.Mobile) []movement.Mobile {
	return dst
}

// enterable reports whether mv can step onto p from any neighbour at any of
// the neighbour's standing levels.
func enterable(w *World, r *movement.Rules, mv movement.Mover, p world.Point) bool {
	for dir := movement.Dir(0); dir < 8; dir++ {
		dx, dy := dir.Offset()
		nx, ny := p.X-dx, p.Y-dy
		for _, z := range levels(w, nx, ny) {
			if _, ok := r.CheckMovement(mv, nx, ny, z, dir); ok {
				return true
			}
		}
	}
	return false
}

// levels lists every Z something could stand at on (x, y).
func levels(w *World, x, y int) []int {
	_, avg, _ := w.Map.AverageZ(x, y)
	zs := []int{avg}
	for _, s := range w.Map.StaticsAt(x, y) {
		f, h := w.Tiles.ItemFlagsHeight(s.ID)
		zs = append(zs, int(s.Z)+world.CalcHeight(f, h))
	}
	return zs
}
