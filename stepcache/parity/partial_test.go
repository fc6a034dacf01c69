package parity

import (
	"context"
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache"
	"github.com/shardcore/shardcore/stepcache/bake"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/stepcache/steptest"
	"github.com/shardcore/shardcore/world"
)

// TestPartialChunks: on a map whose sides are not whole chunks, the cells of
// an edge chunk past the map are zero records and off-map lookups, edge
// cells never step off the map, and every answer matches the live rules.
func TestPartialChunks(t *testing.T) {
	r := steptest.PartialWorld(t)
	if w, h := chunk.Grid(40, 24); w != 3 || h != 2 {
		t.Fatalf("ChunksOf(40, 24) = %d, %d", w, h)
	}
	sr := r.Clone()
	sr.StaticOnly = true
	ch := bake.BuildChunk(sr, 2, 1) // cells 32..47 × 16..31
	for i := 0; i < chunk.NumCells; i++ {
		x, y := 32+i%chunk.Size, 16+i/chunk.Size
		c := ch.Cells[i]
		switch {
		case x >= 40 || y >= 24:
			if c != (chunk.Cell{}) || (ch.StrataStart != nil && ch.StrataStart[i] != ch.StrataStart[i+1]) {
				t.Fatalf("off-map cell (%d,%d): %+v", x, y, c)
			}
		case x == 39 || y == 23:
			var off uint8
			for d := movement.Dir(0); d < 8; d++ {
				dx, dy := d.Offset()
				if x+dx >= 40 || y+dy >= 24 {
					off |= 1 << d
				}
			}
			if (c.Walk|c.Wet)&off != 0 {
				t.Errorf("edge cell (%d,%d) steps off the map: walk %08b wet %08b", x, y, c.Walk, c.Wet)
			}
		}
	}
	if ch.Cells[(23-16)*chunk.Size+(39-32)].Wet == 0 {
		t.Error("corner pool cell has no swim answers")
	}
	cache, err := stepcache.New(stepcache.Config{Enabled: true, MissPromotionThreshold: 1}, bake.Shared, r.Clone())
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range [][2]int{{40, 0}, {47, 23}, {39, 24}, {45, 30}, {-1, 5}} {
		if k := cache.Search(0, 0).Lookup(world.Felucca, p[0], p[1], 0, 0).Kind; k != chunk.FallOffMap {
			t.Errorf("lookup (%d,%d): %v, want off_map", p[0], p[1], k)
		}
	}
	// (its land average reads the corners past the map as 0, as the rules do)
	corner := ch.Cells[(23-16)*chunk.Size+(39-32)]
	if k := cache.Search(0, 0).Lookup(world.Felucca, 39, 23, int(corner.Z), movement.CanSwim|movement.CantWalk).Kind; k != chunk.Hit {
		t.Errorf("corner cell lookup: %v, want a hit", k)
	}
	rep, err := VerifyWorld(context.Background(), r, VerifyOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Cells != 40*24 || rep.Mismatches != 0 || rep.Checks == 0 {
		t.Fatalf("verify: %v %v", rep, rep.Samples)
	}
}
