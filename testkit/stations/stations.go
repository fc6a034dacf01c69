// Package stations finds moongate stations on a map for tests: open cells
// a walker stands on with room all round, whose east and west neighbours
// it can step onto (where gates go). It owns no production code and is
// imported only by tests and test harnesses.
package stations

import (
	"math/rand/v2"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/world"
)

// Station is a cell a walker stands on at Z, with gate cells East (X+1)
// and West it can step onto.
type Station struct {
	X, Y, Z int
}

// East and West are the station's gate cells.
func (s Station) East() world.Point { return world.Point{X: s.X + 1, Y: s.Y} }

// West is the station's western gate cell.
func (s Station) West() world.Point { return world.Point{X: s.X - 1, Y: s.Y} }

// Find returns up to n stations of map m (with tiles td) at least apart
// cells from each other, by the movement rules over the static world
// (no doors, no mobiles), picked in an order seeded by seed: each a cell a
// walker stands on from which it can step in all eight directions, so
// nothing static is in the way of a gate or of a pet round it.
func Find(m *world.Map, td *world.TileData, n, apart int, seed uint64) []Station {
	r := movement.NewRules(m, td, nil)
	rnd := rand.New(rand.NewPCG(seed, 1))
	var out []Station
	const margin = 8
	for try := 0; try < 200*n && len(out) < n; try++ {
		x := margin + rnd.IntN(max(m.Width-2*margin, 1))
		y := margin + rnd.IntN(max(m.Height-2*margin, 1))
		if tooClose(out, x, y, apart) {
			continue
		}
		if z, ok := open(r, x, y); ok {
			out = append(out, Station{X: x, Y: y, Z: z})
		}
	}
	return out
}

// open reports whether a walker stands on (x, y) and can step from there
// in every direction, and its Z there.
func open(r *movement.Rules, x, y int) (int, bool) {
	const top = 127
	z, ok := r.Enter(movement.Mover{}, x, y, top, top, top)
	if !ok {
		return 0, false
	}
	for d := movement.Dir(0); d < 8; d++ {
		if nz, ok := r.CheckMovement(movement.Mover{}, x, y, z, d); !ok || nz < z-2 || nz > z+2 {
			return 0, false
		}
	}
	return z, true
}

func tooClose(ss []Station, x, y, apart int) bool {
	for _, s := range ss {
		if abs(s.X-x) < apart && abs(s.Y-y) < apart {
			return true
		}
	}
	return false
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
