package britannia

import (
	"context"
	"sync"
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/gen"
)

// small are the test sizes of the six maps: a quarter of a side or less,
// with sides that are 8 mod 16 where the real map's are (Tokuno) and on one
// more map, so partial chunks are everywhere.
func small(id world.MapID) Options {
	sizes := map[world.MapID][2]int{0: {896, 512}, 1: {520, 392}, 2: {576, 400}, 3: {640, 512}, 4: {360, 360}, 5: {320, 1024}}
	s := sizes[id]
	return Options{Seed: 5, Map: id, Width: s[0], Height: s[1]}
}

var smallWorlds sync.Map // Options -> *World

// smallWorld generates (once per test binary) the small test map of id.
func smallWorld(t testing.TB, id world.MapID) *World {
	t.Helper()
	o := small(id)
	if w, ok := smallWorlds.Load(o); ok {
		return w.(*World)
	}
	w, err := Generate(context.Background(), o)
	if err != nil {
		t.Fatalf("Generate(%+v): %v", o, err)
	}
	smallWorlds.Store(o, w)
	return w
}

// staticRules are the rules over land and statics only.
func staticRules(w *World) *movement.Rules {
	r := movement.NewRules(w.Map, w.Tiles, nil)
	r.StaticOnly = true
	return r
}

// reach reports whether a mover gets from (a, az) to b's cell (at b's Z)
// by the live rules, searching breadth first inside the two cells' box
// grown by margin.
func reach(r *movement.Rules, mv movement.Mover, a, b gen.Spot, margin int) bool {
	type state struct{ x, y, z int }
	x0, x1 := min(a.X, b.X)-margin, max(a.X, b.X)+margin
	y0, y1 := min(a.Y, b.Y)-margin, max(a.Y, b.Y)+margin
	start := state{a.X, a.Y, a.Z}
	seen := map[state]bool{start: true}
	q := []state{start}
	for len(q) > 0 && len(seen) < 200000 {
		c := q[0]
		q = q[1:]
		if c.x == b.X && c.y == b.Y && c.z == b.Z {
			return true
		}
		for d := movement.Dir(0); d < 8; d++ {
			nz, ok := r.CheckMovement(mv, c.x, c.y, c.z, d)
			dx, dy := d.Offset()
			n := state{c.x + dx, c.y + dy, nz}
			if !ok || n.x < x0 || n.x > x1 || n.y < y0 || n.y > y1 || seen[n] {
				continue
			}
			seen[n] = true
			q = append(q, n)
		}
	}
	return false
}

// standsAt reports whether a mover asked at s.Z on s's cell stands at s.Z.
func standsAt(r *movement.Rules, mv movement.Mover, s gen.Spot) bool {
	z, _ := r.StartZ(mv, s.X, s.Y, s.Z)
	if z == s.Z {
		return true
	}
	// land: StartZ answers the lowest corner; a neighbour stepping in arrives at s.Z
	for d := movement.Dir(0); d < 8; d++ {
		dx, dy := d.Offset()
		if nz, ok := r.CheckMovement(mv, s.X, s.Y, s.Z, d); ok {
			if bz, ok := r.CheckMovement(mv, s.X+dx, s.Y+dy, nz, (d+4)&7); ok && bz == s.Z {
				return true
			}
		}
	}
	return false
}
