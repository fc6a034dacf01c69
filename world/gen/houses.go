package gen

import "github.com/shardcore/shardcore/world"

// House multi ids (their index in multi.idx).
const (
	HouseSmall = 0 // 8×8 stone house, door on the south side
	HouseLong  = 1 // 12×8 stone house, door on the south side
)

// houseDef builds a stone house footprint centred on its origin: a floor,
// a wall ring with one doorway on the south side, and a roof a storey up.
func houseDef(id, minX, minY, maxX, maxY, doorX int) *world.MultiDef {
	d := &world.MultiDef{ID: id}
	add := func(item uint16, x, y, z int) {
		d.Components = append(d.Components, world.MultiComponent{ItemID: item, DX: int16(x), DY: int16(y), DZ: int16(z), Flags: 1})
	}
	for y := minY; y <= maxY; y++ {
		for x := minX; x <= maxX; x++ {
			edge := x == minX || x == maxX || y == minY || y == maxY
			door := x == doorX && y == maxY
			switch {
			case door || !edge:
				add(ItemWoodFloor, x, y, 0)
			default:
				add(ItemStoneWall, x, y, 0)
			}
			if !edge {
				add(ItemRoof, x, y, StoreyHeight)
			}
		}
	}
	return d
}

// HouseDefs returns the default world's house multis, indexed by id.
func HouseDefs() []*world.MultiDef { return houseDefs() }

// houseDefs returns the house multis, indexed by id.
func houseDefs() []*world.MultiDef {
	return []*world.MultiDef{
		houseDef(HouseSmall, -3, -3, 4, 4, 0),
		houseDef(HouseLong, -5, -3, 6, 4, 0),
	}
}

// planHouses picks three flat grass lots south of the town for the house
// multis; they are placed once the map is built.
func (g *gen) planHouses() error {
	cx := g.lay.townX
	_, _, _, y1 := g.lay.townRect()
	y := y1 + 16
	defs := g.defs
	lots := []struct {
		def  *world.MultiDef
		x, y int
	}{
		{defs[HouseSmall], cx - 36, y},
		{defs[HouseLong], cx + 22, y},
		{defs[HouseSmall], cx + 42, y + 14},
	}
	for i, lot := range lots {
		g.houses = append(g.houses, placement{def: lot.def, x: lot.x, y: lot.y, z: GroundZ})
		g.lm.Houses = append(g.lm.Houses, HouseSpot{DefID: lot.def.ID, X: lot.x, Y: lot.y, Z: GroundZ})
		door := Spot{lot.x, lot.y + 4, GroundZ}
		g.lm.Doors = append(g.lm.Doors, door.Point())
		g.lm.DoorSpecs = append(g.lm.DoorSpecs, DoorSpec{At: door.Point(), ID: ItemWoodenDoor, Z: GroundZ})
		if i == 0 {
			g.lm.HouseDoor = door
			g.lm.HouseInside = Spot{lot.x, lot.y, GroundZ}
		}
	}
	return nil
}
