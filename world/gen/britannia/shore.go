package britannia

import (
	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/gen"
)

// maxShoreSpots bounds Features.Shore (as forest spots are bounded).
const maxShoreSpots = 64

// shoreSpots picks up to maxShoreSpots cells of shallow water beside land
// on the built map m, spread evenly over the candidates in scan order: flat
// wet land (a swimmer floats at one Z there) with no statics whose neighbour to the north, south, east or west
// is dry, passable land with no statics. Each is given at its land's
// average Z.
func shoreSpots(m *world.Map, td *world.TileData) []gen.Spot {
	bare := func(x, y int) bool { return m.InBounds(x, y) && len(m.StaticsAt(x, y)) == 0 }
	wet := func(x, y int) bool { return bare(x, y) && td.LandFlags(m.Land(x, y).ID)&world.FlagWet != 0 }
	dry := func(x, y int) bool {
		if !bare(x, y) {
			return false
		}
		id := m.Land(x, y).ID
		return !world.IgnoredLand(id) && td.LandFlags(id)&(world.FlagWet|world.FlagImpassable) == 0
	}
	flat := func(x, y int) bool { lo, _, hi := m.AverageZ(x, y); return lo == hi }
	shore := func(x, y int) bool {
		return wet(x, y) && flat(x, y) && (dry(x-1, y) || dry(x+1, y) || dry(x, y-1) || dry(x, y+1))
	}
	const stride = 3 // every third row and column: enough candidates, a ninth of the reads
	n := 0
	for y := 1; y < m.Height-1; y += stride {
		for x := 1; x < m.Width-1; x += stride {
			if shore(x, y) {
				n++
			}
		}
	}
	every := max(1, n/maxShoreSpots)
	var out []gen.Spot
	i := 0
	for y := 1; y < m.Height-1 && len(out) < maxShoreSpots; y += stride {
		for x := 1; x < m.Width-1 && len(out) < maxShoreSpots; x += stride {
			if !shore(x, y) {
				continue
			}
			if i%every == 0 {
				_, z, _ := m.AverageZ(x, y)
				out = append(out, gen.Spot{X: x, Y: y, Z: z})
			}
			i++
		}
	}
	return out
}
