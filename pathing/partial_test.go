package pathing

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache"
	"github.com/shardcore/shardcore/stepcache/bake"
	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/gen/britannia"
)

// TestPartialChunkSearch searches along the edges of a map whose sides are
// 8 mod 16 (264x264 Tokuno of the britannia profile: its last chunk row and
// column are half chunks, and its sea runs off the edges) for a swimmer,
// with the cache A* (every hit re-checked live) and the classic A*: the same
// outcome and cost, no step off the map, and a goal past the edge is never
// reached.
func TestPartialChunkSearch(t *testing.T) {
	w, err := britannia.Generate(context.Background(), britannia.Options{Seed: 2, Map: 4, Width: 264, Height: 264})
	if err != nil {
		t.Fatal(err)
	}
	live := movement.NewRules(w.Map, w.Tiles, nil)
	cfg := stepcache.DefaultConfig()
	cfg.VerifyShare, cfg.MissPromotionThreshold = 1, 1
	cache, err := stepcache.New(cfg, bake.Shared, live)
	if err != nil {
		t.Fatal(err)
	}
	classic, cached := NewClassic(live), NewCached(cache, live)
	rng := rand.New(rand.NewPCG(3, 4))
	edge := func() world.Point { // a cell within 10 of the right or bottom edge
		if rng.IntN(2) == 0 {
			return world.Point{X: 254 + rng.IntN(10), Y: rng.IntN(264)}
		}
		return world.Point{X: rng.IntN(264), Y: 254 + rng.IntN(10)}
	}
	var a, b Result
	found := 0
	for i := 0; i < 60; i++ {
		start, goal := edge(), edge()
		if i%10 == 0 {
			goal = world.Point{X: 264 + rng.IntN(8), Y: 250 + rng.IntN(10)} // past the edge
		}
		_, z, _ := w.Map.AverageZ(start.X, start.Y)
		req := Request{Start: start, StartZ: z, Goal: goal, Mover: movement.Mover{Caps: movement.CanSwim | movement.CantWalk}, MaxNodes: 4000}
		classic.Find(&req, &a)
		cached.Find(&req, &b)
		if a.Found != b.Found || (a.Found && a.Cost != b.Cost) {
			t.Fatalf("%v -> %v: classic found %v cost %v, cached %v cost %v", start, goal, a.Found, a.Cost, b.Found, b.Cost)
		}
		if goal.X >= 264 && a.Found {
			t.Fatalf("%v -> %v: reached a goal past the edge", start, goal)
		}
		x, y := start.X, start.Y
		for _, d := range b.Dirs {
			dx, dy := d.Offset()
			if x, y = x+dx, y+dy; !w.Map.InBounds(x, y) {
				t.Fatalf("%v -> %v: the path leaves the map at (%d,%d)", start, goal, x, y)
			}
		}
		if a.Found {
			found++
		}
	}
	if found < 20 || cache.Stats().Mismatches != 0 {
		t.Fatalf("%d of 60 searches found a path; %d verify mismatches", found, cache.Stats().Mismatches)
	}
}
