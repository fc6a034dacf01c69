package pathing

import (
	"context"
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache"
	"github.com/shardcore/shardcore/stepcache/bake"
	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/gen/britannia"
)

// TestJPSPartialChunkColumn: on a map whose width is 8 mod 16 (a 520×392
// britannia map 0: its last chunk column is a half chunk) the jump search
// answers a long search between two towns, found or not, as the classic
// A* does, without reading past the map's chunks.
func TestJPSPartialChunkColumn(t *testing.T) {
	w, live, cache := felucca(t, 520, 392)
	if len(w.Features.Towns) < 3 {
		t.Fatalf("%d towns", len(w.Features.Towns))
	}
	classic, jps := NewClassic(live), NewJPS(cache, live)
	towns := w.Features.Towns
	for i := range towns {
		for j := range towns {
			if i == j {
				continue
			}
			s, g := towns[i].Street, towns[j].Street
			req := Request{Start: s.Point(), StartZ: s.Z, Goal: g.Point(), Mover: movement.Mover{Caps: movement.Player}, MaxNodes: 1 << 20}
			var a, b Result
			classic.Find(&req, &a)
			jps.Find(&req, &b)
			if a.Found != b.Found || (a.Found && a.Cost != b.Cost) {
				t.Fatalf("town %d -> %d: classic found %v cost %v, jump search %v cost %v", i, j, a.Found, a.Cost, b.Found, b.Cost)
			}
		}
	}
}

// felucca is a w×h britannia map 0 of seed 1, its static rules and a step
// cache over them that builds a chunk on its first miss.
func felucca(t *testing.T, w, h int) (*britannia.World, *movement.Rules, *stepcache.Cache) {
	t.Helper()
	bw, err := britannia.Generate(context.Background(), britannia.Options{Seed: 1, Map: world.Felucca, Width: w, Height: h})
	if err != nil {
		t.Fatal(err)
	}
	live := movement.NewRules(bw.Map, bw.Tiles, nil)
	cfg := stepcache.DefaultConfig()
	cfg.MissPromotionThreshold = 1
	cache, err := stepcache.New(cfg, bake.Shared, live)
	if err != nil {
		t.Fatal(err)
	}
	return bw, live, cache
}
