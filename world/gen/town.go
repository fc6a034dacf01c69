package gen

// building is one town building: a wall ring with a doorway, floors, and
// for two storeys an upper floor reached by a straight stair.
type building struct {
	x0, y0, x1, y1 int
	storeys        int
	doorX, doorY   int
	doorID         uint16
	stairs         [][2]int // stair cells, lowest first (two storeys only)
	locked         *[2]int  // a static closed door in the wall
}

func (b *building) perimeter(x, y int) bool {
	return x == b.x0 || x == b.x1 || y == b.y0 || y == b.y1
}

// buildings returns the town's buildings around its centre (cx, cy).
func buildings(cx, cy int) []building {
	return []building{
		{x0: cx - 30, y0: cy - 14, x1: cx - 21, y1: cy - 6, storeys: 1, doorX: cx - 26, doorY: cy - 6, doorID: ItemMetalDoor},
		{x0: cx - 16, y0: cy - 12, x1: cx - 9, y1: cy - 6, storeys: 1, doorX: cx - 13, doorY: cy - 6, doorID: ItemBarredDoor},
		{x0: cx + 8, y0: cy - 16, x1: cx + 21, y1: cy - 6, storeys: 2, doorX: cx + 14, doorY: cy - 6, doorID: ItemWoodenDoor,
			stairs: [][2]int{{cx + 9, cy - 15}, {cx + 10, cy - 15}, {cx + 11, cy - 15}, {cx + 12, cy - 15}},
			locked: &[2]int{cx + 18, cy - 16}},
		{x0: cx - 28, y0: cy + 6, x1: cx - 19, y1: cy + 14, storeys: 1, doorX: cx - 24, doorY: cy + 6, doorID: ItemIronGateDoor},
		{x0: cx + 10, y0: cy + 6, x1: cx + 23, y1: cy + 16, storeys: 2, doorX: cx + 16, doorY: cy + 6, doorID: ItemDarkDoor,
			stairs: [][2]int{{cx + 11, cy + 15}, {cx + 12, cy + 15}, {cx + 13, cy + 15}, {cx + 14, cy + 15}}},
	}
}

// town builds the walled town: a wall ring with four gates, two paved
// streets crossing at the centre, the sewer under the east-west street, and
// one- and two-storey buildings.
func (g *gen) town() error {
	l := &g.lay
	cx, cy := l.townX, l.townY
	x0, y0, x1, y1 := l.townRect()
	sx0, sx1 := x0+12, x1-12 // sewer corridor columns

	pit := map[[2]int]int{} // stairwell cell → stair item z
	for _, y := range [2]int{cy, cy + 1} {
		for k := 1; k <= 3; k++ {
			tz := SewerZ + StairRise*(k-1) // -20, -15, -10: stands at -15, -10, -5
			pit[[2]int{sx0 - k, y}] = tz
			pit[[2]int{sx1 + k, y}] = tz
		}
	}
	gate := func(x, y int) bool {
		return (x == x0 || x == x1) && y >= cy-2 && y <= cy+2 || (y == y0 || y == y1) && x >= cx-2 && x <= cx+2
	}
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			street := (y >= cy-2 && y <= cy+2) || (x >= cx-2 && x <= cx+2)
			wall := (x == x0 || x == x1 || y == y0 || y == y1) && !gate(x, y)
			if tz, ok := pit[[2]int{x, y}]; ok {
				g.b.SetLand(x, y, LandNoDraw, GroundZ)
				if err := g.static(x, y, ItemStairs, tz); err != nil {
					return err
				}
				continue
			}
			if (y == cy || y == cy+1) && x >= sx0 && x <= sx1 {
				if err := g.static(x, y, ItemSewerFloor, SewerZ); err != nil {
					return err
				}
			}
			switch {
			case wall:
				if err := g.static(x, y, ItemStoneWall, GroundZ); err != nil {
					return err
				}
			case street:
				if err := g.static(x, y, ItemPaving, GroundZ); err != nil {
					return err
				}
			}
		}
	}
	g.lm.TownCenter = Spot{cx, cy - 2, GroundZ}
	g.lm.TownGates = []Spot{{x0, cy, GroundZ}, {x1, cy, GroundZ}, {cx, y0, GroundZ}, {cx, y1, GroundZ}}
	g.lm.TownGate = g.lm.TownGates[1]
	g.lm.SewerStart = Spot{sx0, cy, SewerZ}
	g.lm.SewerEnd = Spot{sx1, cy, SewerZ}
	g.lm.SewerMid = Spot{cx - 10, cy, SewerZ}
	g.lm.SewerEntrance = Spot{sx0 - 4, cy, GroundZ}

	for _, b := range append(buildings(cx, cy), g.cottages(cx, cy)...) {
		if err := g.building(&b); err != nil {
			return err
		}
	}
	return nil
}

// cottages returns the seeded small one-storey buildings of the town's outer
// rows: 8×9, the door facing the main street, about three lots in four built.
func (g *gen) cottages(cx, cy int) []building {
	doors := []uint16{ItemMetalDoor, ItemWoodenDoor, ItemDarkDoor, ItemIronGateDoor, ItemBarredDoor}
	var out []building
	for row, y0 := range [2]int{cy - 32, cy + 24} {
		for _, dx := range [6]int{-40, -28, -16, 8, 20, 32} {
			h := hash2(g.seed^0xC077, dx, row)
			if unit(h) >= 0.75 {
				continue
			}
			b := building{x0: cx + dx, y0: y0, x1: cx + dx + 7, y1: y0 + 8, storeys: 1, doorX: cx + dx + 3,
				doorID: doors[int(h%uint64(len(doors)))]}
			b.doorY = b.y1 // north row: door on the south wall
			if row == 1 {
				b.doorY = b.y0
			}
			out = append(out, b)
		}
	}
	return out
}

// building places one building's tiles, cell by cell in a fixed order:
// ground floor or wall, upper floor or upper wall, then the roof.
func (g *gen) building(b *building) error {
	stair := map[[2]int]int{}
	for k, c := range b.stairs {
		stair[c] = k
	}
	roofZ := GroundZ + StoreyHeight*b.storeys
	for y := b.y0; y <= b.y1; y++ {
		for x := b.x0; x <= b.x1; x++ {
			var tiles [][2]int // id, z
			k, isStair := stair[[2]int{x, y}]
			switch {
			case x == b.doorX && y == b.doorY:
				tiles = append(tiles, [2]int{int(ItemWoodFloor), GroundZ})
			case b.locked != nil && x == b.locked[0] && y == b.locked[1]:
				tiles = append(tiles, [2]int{int(ItemDarkDoor), GroundZ})
			case b.perimeter(x, y):
				tiles = append(tiles, [2]int{int(ItemStoneWall), GroundZ})
			case isStair:
				tiles = append(tiles, [2]int{int(ItemStairs), GroundZ + StairRise*k})
			default:
				tiles = append(tiles, [2]int{int(ItemWoodFloor), GroundZ})
			}
			if b.storeys == 2 {
				switch {
				case b.perimeter(x, y):
					tiles = append(tiles, [2]int{int(ItemStoneWall), GroundZ + StoreyHeight})
				case !isStair:
					tiles = append(tiles, [2]int{int(ItemWoodFloor), GroundZ + StoreyHeight})
				}
			}
			tiles = append(tiles, [2]int{int(ItemRoof), roofZ})
			for _, t := range tiles {
				if err := g.static(x, y, uint16(t[0]), t[1]); err != nil {
					return err
				}
			}
		}
	}
	door := Spot{b.doorX, b.doorY, GroundZ}
	g.lm.Doors = append(g.lm.Doors, door.Point())
	g.lm.DoorSpecs = append(g.lm.DoorSpecs, DoorSpec{At: door.Point(), ID: b.doorID, Z: GroundZ})
	if len(b.stairs) > 0 && g.lm.StairTop == (Spot{}) {
		n := len(b.stairs)
		g.lm.StairBottom = Spot{b.stairs[0][0], b.stairs[0][1], GroundZ + StairRise}
		g.lm.StairTop = Spot{b.stairs[n-1][0], b.stairs[n-1][1], GroundZ + StairRise*n}
		g.lm.UpperFloor = Spot{b.doorX + 1, b.doorY - 4, GroundZ + StoreyHeight}
	}
	if b.locked != nil {
		g.lm.LockedDoor = Spot{b.locked[0], b.locked[1], GroundZ}
	}
	return nil
}
