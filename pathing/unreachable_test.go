package pathing

import (
	"context"
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/stepcache/reach"
	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/gen"
)

// setReach gives cache the static connectivity of chunks (a map wide
// chunks across).
func setReach(t testing.TB, cache *stepcache.Cache, m world.MapID, chunks []*chunk.Chunk, wide int) {
	t.Helper()
	high := len(chunks) / wide
	ix, err := reach.Build(context.Background(), wide, high, func(cx, cy int) *chunk.Chunk { return chunks[cy*wide+cx] })
	if err != nil {
		t.Fatal(err)
	}
	if err := cache.SetReach(m, ix); err != nil {
		t.Fatal(err)
	}
}

// TestUnreachableWithoutSearch: on the default world with its static
// connectivity, a walker on open grass whose goal is deep water and a
// swimmer at sea whose goal is the grass are answered unreachable by both
// searches without an expansion (the classic A*, given the whole map,
// finds no path either); with a dynamic item beside the goal (it might
// make a way) or when the map has no connectivity index, the searches run.
func TestUnreachableWithoutSearch(t *testing.T) {
	f := testFixture(t)
	live := movement.NewRules(f.w.Map, f.w.Tiles, nil)
	cfg := stepcache.DefaultConfig()
	cfg.MaxResidentChunks = len(f.chunks)
	cache := f.newCache(t, live, cfg, true)
	lm := f.w.Landmarks
	swimmer := movement.Mover{Caps: movement.CanSwim | movement.CantWalk}
	cases := []struct {
		name        string
		from, to    gen.Spot
		mv          movement.Mover
		itemsBeside bool
	}{
		{"walker to the sea", lm.OpenGrass, lm.OceanPoint, movement.Mover{}, false},
		{"swimmer to the grass", lm.OceanPoint, lm.OpenGrass, swimmer, false},
		{"walker to the sea, an item beside it", lm.OpenGrass, lm.OceanPoint, movement.Mover{}, true},
	}
	jps, cached, classic := NewJPS(cache, live), NewCached(cache, live), NewClassic(live)
	var res Result
	for _, withIndex := range []bool{false, true} {
		if withIndex {
			setReach(t, cache, live.Map.ID, f.chunks, f.wide)
		}
		for _, c := range cases {
			dyn := newTestDyn()
			live.Dyn = rowsDyn{dyn}
			if c.itemsBeside {
				dyn.items[cellKey{c.to.X + 1, c.to.Y}] = []movement.Item{{ID: 1, Z: int8(c.to.Z)}}
			}
			req := Request{Start: c.from.Point(), StartZ: c.from.Z, Goal: c.to.Point(), Mover: c.mv, MaxNodes: 2000}
			want := withIndex && !c.itemsBeside
			for _, s := range []Finder{jps, cached} {
				r := req
				s.Find(&r, &res)
				if res.Found || res.Unreachable != want || want && res.Expansions != 0 || !want && res.Expansions == 0 {
					t.Errorf("%s, index %v, %T: found %v unreachable %v after %d expansions, want unreachable %v", c.name, withIndex, s, res.Found, res.Unreachable, res.Expansions, want)
				}
			}
			if withIndex {
				continue
			}
			r := req
			r.MaxNodes = f.w.Map.Width * f.w.Map.Height * 4
			classic.Find(&r, &res)
			if res.Found || res.Expansions >= r.MaxNodes {
				t.Errorf("%s: the classic A* found %v after %d expansions: not walled off", c.name, res.Found, res.Expansions)
			}
		}
	}
	live.Dyn = nil
	if jps.Stats().Unreachable != 2 || cached.Stats().Unreachable != 2 {
		t.Errorf("unreachable answers: jump search %d, cache A* %d, want 2 each", jps.Stats().Unreachable, cached.Stats().Unreachable)
	}
}
