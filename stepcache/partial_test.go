package stepcache

import (
	"context"
	"testing"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/world"
)

// partialWorld is 40×24 cells (both sides 8 mod 16: the last chunk column
// and row are half chunks), built from the hand-made palette: sloped
// grass, a pool in the bottom-right corner running off both edges, a
// plank bridge over it, and a wall and a floor on the right edge.
func partialWorld(tb testing.TB) *movement.Rules {
	tb.Helper()
	b, err := world.NewBuilder(world.Felucca, 40, 24)
	if err != nil {
		tb.Fatal(err)
	}
	for y := 0; y < 24; y++ {
		for x := 0; x < 40; x++ {
			id, z := hwGrass, (x+2*y)%4
			if x >= 33 && y >= 17 {
				id, z = hwWater, -5
			}
			b.SetLand(x, y, id, int8(z))
		}
	}
	st := func(x, y int, id uint16, z int) {
		if err := b.AddStatic(x, y, id, int8(z), 0); err != nil {
			tb.Fatal(err)
		}
	}
	for x := 33; x < 40; x++ {
		st(x, 20, hwPlank, -2)
	}
	for y := 2; y < 10; y++ {
		st(39, y, hwWall, 0)
	}
	st(39, 12, hwFloor, 3)
	st(38, 12, hwFloor, 3)
	m, err := b.Build()
	if err != nil {
		tb.Fatal(err)
	}
	return movement.NewRules(m, hwTiles(), nil)
}

// TestPartialChunks: on a map whose sides are not whole chunks, the cells of
// an edge chunk past the map are zero records and off-map lookups, edge
// cells never step off the map, and every answer matches the live rules.
func TestPartialChunks(t *testing.T) {
	r := partialWorld(t)
	if w, h := ChunksOf(40, 24); w != 3 || h != 2 {
		t.Fatalf("ChunksOf(40, 24) = %d, %d", w, h)
	}
	sr := r.Clone()
	sr.StaticOnly = true
	ch := BuildChunk(sr, 2, 1) // cells 32..47 × 16..31
	for i := 0; i < ChunkCells; i++ {
		x, y := 32+i%ChunkSize, 16+i/ChunkSize
		c := ch.Cells[i]
		switch {
		case x >= 40 || y >= 24:
			if c != (Cell{}) || (ch.StrataStart != nil && ch.StrataStart[i] != ch.StrataStart[i+1]) {
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
	if ch.Cells[(23-16)*ChunkSize+(39-32)].Wet == 0 {
		t.Error("corner pool cell has no swim answers")
	}
	cache, err := New(Config{Enabled: true, MissPromotionThreshold: 1}, r.Clone())
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range [][2]int{{40, 0}, {47, 23}, {39, 24}, {45, 30}, {-1, 5}} {
		if k := cache.Search(0, 0).Lookup(world.Felucca, p[0], p[1], 0, 0).Kind; k != FallOffMap {
			t.Errorf("lookup (%d,%d): %v, want off_map", p[0], p[1], k)
		}
	}
	// (its land average reads the corners past the map as 0, as the rules do)
	corner := ch.Cells[(23-16)*ChunkSize+(39-32)]
	if k := cache.Search(0, 0).Lookup(world.Felucca, 39, 23, int(corner.Z), movement.CanSwim|movement.CantWalk).Kind; k != Hit {
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
