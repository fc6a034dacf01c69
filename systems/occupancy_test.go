package systems

import (
	"math/rand/v2"
	"testing"

	"github.com/mlange-42/arche/ecs"
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/stepcache/chunk"
	"github.com/shardcore/shardcore/world"
)

// denseSpatial returns a w×h spatial index holding w·h/3 mobiles and as
// many items at cells drawn from rng (a third of the cells each, some
// sharing a cell).
func denseSpatial(w, h int, rng *rand.Rand) *Spatial {
	s := NewSpatial(0, w, h)
	ents := ecs.NewWorld()
	for i := 0; i < w*h/3; i++ {
		s.AddMobile(ents.NewEntity(), rng.IntN(w), rng.IntN(h), movement.Mobile{ID: uint64(i + 1)})
		s.AddItem(ents.NewEntity(), rng.IntN(w), rng.IntN(h), movement.Item{})
	}
	return s
}

// TestOccupancyAroundMatchesEachNeighbour checks the one-sector block read
// of OccupancyAround against reading each neighbour's bits, on every cell
// of a small map densely filled with mobiles and items (interior, sector
// borders and map edges alike).
func TestOccupancyAroundMatchesEachNeighbour(t *testing.T) {
	const w, h = 3*SectorSize + 5, 2*SectorSize + 3
	s := denseSpatial(w, h, rand.New(rand.NewPCG(7, 11)))
	seen := [2]map[uint8]bool{{}, {}}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			m, it := s.OccupancyAround(0, x, y)
			wm, wit := s.occupancyEach(x, y)
			if m != wm || it != wit {
				t.Fatalf("(%d,%d): mobiles %08b items %08b, each neighbour gives %08b %08b", x, y, m, it, wm, wit)
			}
			seen[0][m], seen[1][it] = true, true
		}
	}
	if len(seen[0]) < 200 || len(seen[1]) < 200 {
		t.Fatalf("only %d / %d distinct masks seen: the fill does not exercise the table", len(seen[0]), len(seen[1]))
	}
	if m, it := s.OccupancyAround(1, 5, 5); m != 0 || it != 0 {
		t.Fatalf("another map's cell: %08b %08b, want none", m, it)
	}
}

// TestOccupiedRowsMatchesOccupied checks OccupiedRows, chunk by chunk,
// against Occupied cell by cell, and ChunkHasItems against HasItems, on a
// map whose sides are not whole sectors, filled with mobiles and items,
// after moves and removals, and that chunks off the map and another map's
// report nothing.
func TestOccupiedRowsMatchesOccupied(t *testing.T) {
	const w, h = 3*SectorSize + 5, 2*SectorSize + 3
	s := NewSpatial(0, w, h)
	ents := ecs.NewWorld()
	rng := rand.New(rand.NewPCG(3, 5))
	var mobs, items []int32
	for i := 0; i < w*h/8; i++ {
		mobs = append(mobs, s.AddMobile(ents.NewEntity(), rng.IntN(w), rng.IntN(h), movement.Mobile{ID: uint64(i + 1)}))
		items = append(items, s.AddItem(ents.NewEntity(), rng.IntN(w), rng.IntN(h), movement.Item{}))
	}
	check := func(when string) {
		t.Helper()
		for cy := 0; cy*SectorSize < h; cy++ {
			for cx := 0; cx*SectorSize < w; cx++ {
				want := false
				for y := cy * SectorSize; y < min((cy+1)*SectorSize, h); y++ {
					for x := cx * SectorSize; x < min((cx+1)*SectorSize, w); x++ {
						want = want || s.HasItems(0, x, y)
					}
				}
				if got := s.ChunkHasItems(0, cx, cy); got != want {
					t.Fatalf("%s: chunk (%d,%d): ChunkHasItems %v, HasItems over its cells %v", when, cx, cy, got, want)
				}
			}
		}
		set := 0
		var rows [chunk.Size]uint16
		for cy := 0; cy*SectorSize < h; cy++ {
			for cx := 0; cx*SectorSize < w; cx++ {
				any := s.OccupiedRows(0, cx, cy, &rows)
				want := false
				for r := range SectorSize {
					for c := range SectorSize {
						x, y := cx*SectorSize+c, cy*SectorSize+r
						occ := s.Occupied(0, x, y)
						if got := rows[r]>>c&1 != 0; got != occ {
							t.Fatalf("%s: chunk (%d,%d) cell (%d,%d): row bit %v, Occupied %v", when, cx, cy, x, y, got, occ)
						}
						want = want || occ
						set += int(rows[r] >> c & 1)
					}
				}
				if any != want {
					t.Fatalf("%s: chunk (%d,%d): reports %v, cells %v", when, cx, cy, any, want)
				}
			}
		}
		if set == 0 {
			t.Fatalf("%s: no cell occupied: the fill does not exercise the rows", when)
		}
	}
	check("filled")
	for i, hm := range mobs {
		if i%3 == 0 {
			s.MoveMobile(hm, rng.IntN(w), rng.IntN(h), 0)
		}
	}
	for i, hi := range items {
		if i%2 == 0 {
			s.RemoveItem(hi)
		}
	}
	check("moved and removed")
	var rows [chunk.Size]uint16
	for _, c := range [][3]int{{1, 0, 0}, {0, -1, 0}, {0, 0, -1}, {0, (w + SectorSize - 1) / SectorSize, 0}, {0, 0, (h + SectorSize - 1) / SectorSize}} {
		rows[0] = 1
		if s.OccupiedRows(world.MapID(c[0]), c[1], c[2], &rows) || rows != ([chunk.Size]uint16{}) || s.ChunkHasItems(world.MapID(c[0]), c[1], c[2]) {
			t.Fatalf("map %d chunk (%d,%d): reports occupied cells %v", c[0], c[1], c[2], rows)
		}
	}
}
