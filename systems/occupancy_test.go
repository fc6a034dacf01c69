package systems

import (
	"math/rand/v2"
	"testing"

	"github.com/mlange-42/arche/ecs"

	"github.com/shardcore/shardcore/movement"
)

// TestOccupancyAroundMatchesEachNeighbour checks the one-sector block read
// of OccupancyAround against reading each neighbour's bits, on every cell
// of a small map densely filled with mobiles and items (interior, sector
// borders and map edges alike).
func TestOccupancyAroundMatchesEachNeighbour(t *testing.T) {
	const w, h = 3*SectorSize + 5, 2*SectorSize + 3
	s := NewSpatial(0, w, h)
	world := ecs.NewWorld()
	rng := rand.New(rand.NewPCG(7, 11))
	for i := 0; i < w*h/3; i++ {
		s.AddMobile(world.NewEntity(), rng.IntN(w), rng.IntN(h), movement.Mobile{ID: uint64(i + 1)})
		s.AddItem(world.NewEntity(), rng.IntN(w), rng.IntN(h), movement.Item{})
	}
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
