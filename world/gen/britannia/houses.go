package britannia

import (
	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/gen"
)

// House multi ids of the profile (their index in multi.idx): the default
// world's two and two more.
const (
	HouseSmall = gen.HouseSmall // 8×8 stone house
	HouseLong  = gen.HouseLong  // 12×8 stone house
	HouseTower = 2              // 10×10 two-storey tower with a stair
	HouseVilla = 3              // 16×12 house with an inner wall
)

// houseDefs returns the profile's house multis, indexed by id.
func houseDefs() []*world.MultiDef {
	return append(gen.HouseDefs(), towerDef(), villaDef())
}

// multiAdd appends a component to d.
func multiAdd(d *world.MultiDef, item uint16, x, y, z int) {
	d.Components = append(d.Components, world.MultiComponent{ItemID: item, DX: int16(x), DY: int16(y), DZ: int16(z), Flags: 1})
}

// towerDef is a two-storey tower: walls on both storeys, a doorway on the
// south, a stair along the north wall and an upper floor open above it.
func towerDef() *world.MultiDef {
	d := &world.MultiDef{ID: HouseTower}
	for y := -4; y <= 5; y++ {
		for x := -4; x <= 5; x++ {
			edge := x == -4 || x == 5 || y == -4 || y == 5
			stair := y == -3 && x >= -3 && x <= 0
			switch {
			case x == 0 && y == 5:
				multiAdd(d, gen.ItemWoodFloor, x, y, 0)
			case edge:
				multiAdd(d, gen.ItemStoneWall, x, y, 0)
				multiAdd(d, gen.ItemStoneWall, x, y, gen.StoreyHeight)
			default:
				multiAdd(d, gen.ItemWoodFloor, x, y, 0)
				if stair {
					multiAdd(d, gen.ItemStairs, x, y, gen.StairRise*(x+3))
				} else {
					multiAdd(d, gen.ItemWoodFloor, x, y, gen.StoreyHeight)
				}
			}
			multiAdd(d, gen.ItemRoof, x, y, 2*gen.StoreyHeight)
		}
	}
	return d
}

// villaDef is a wide one-storey house with a wall splitting it in two
// rooms joined by a doorway.
func villaDef() *world.MultiDef {
	d := &world.MultiDef{ID: HouseVilla}
	for y := -6; y <= 5; y++ {
		for x := -8; x <= 7; x++ {
			edge := x == -8 || x == 7 || y == -6 || y == 5
			inner := x == 0 && y != 0
			if (x == -3 && y == 5) || (!edge && !inner) || (x == 0 && y == 0) {
				multiAdd(d, gen.ItemWoodFloor, x, y, 0)
			} else {
				multiAdd(d, gen.ItemStoneWall, x, y, 0)
			}
			multiAdd(d, gen.ItemRoof, x, y, gen.StoreyHeight)
		}
	}
	return d
}

// placeHouses places n house multis on flat open land of r (at seeded
// positions; each footprint and a 2-cell margin must be flat walkable land
// with nothing built), cycling through the definitions.
func (g *mapGen) placeHouses(r rect, n int) {
	placed := 0
	for try := 0; try < n*40 && placed < n; try++ {
		def := g.defs[int(g.rng.Uint64()%uint64(len(g.defs)))]
		minX, minY, maxX, maxY := def.Bounds()
		x := r.x0 - minX + 2 + g.rng.IntN(max(1, r.w()-(maxX-minX)-4))
		y := r.y0 - minY + 2 + g.rng.IntN(max(1, r.h()-(maxY-minY)-4))
		fp := rect{x + minX - 2, y + minY - 2, x + maxX + 3, y + maxY + 3}
		z := int(g.land(x, y).Z)
		if !g.clearOf(fp, tagBuilt|tagWater|tagHill|tagRoad|tagHouse) || !g.levelAt(fp, z) {
			continue
		}
		for yy := fp.y0; yy < fp.y1; yy++ {
			for xx := fp.x0; xx < fp.x1; xx++ {
				g.mark(xx, yy, tagHouse)
			}
		}
		g.houses = append(g.houses, gen.HouseSpot{DefID: def.ID, X: x, Y: y, Z: z})
		placed++
	}
}

// levelAt reports whether every cell of r is walkable land at z.
func (g *mapGen) levelAt(r rect, z int) bool {
	for y := r.y0; y < r.y1; y++ {
		for x := r.x0; x < r.x1; x++ {
			if int(g.land(x, y).Z) != z || !g.walkableLand(x, y) {
				return false
			}
		}
	}
	return true
}
