package britannia

import "github.com/shardcore/shardcore/world/gen"

// building is one building of a town: a stone wall ring per storey with a
// doorway on the ground floor, wooden floors, a straight stair up to each
// upper storey, and a roof.
type building struct {
	x0, y0, x1, y1 int // wall ring, inclusive
	z              int // ground floor
	storeys        int
	doorX, doorY   int
	doorID         uint16
}

// stairRun is the stair up to storey level (1 or 2): four blocks along the
// wall opposite the door, run 1 from the west end eastwards, run 2 from the
// east end westwards.
func (b *building) stairRun(level int) [][2]int {
	y := b.y0 + 1 // back wall: the north wall when the door is on the south
	if b.doorY == b.y0 {
		y = b.y1 - 1
	}
	out := make([][2]int, 4)
	for k := range out {
		if level == 1 {
			out[k] = [2]int{b.x0 + 1 + k, y}
		} else {
			out[k] = [2]int{b.x1 - 1 - k, y}
		}
	}
	return out
}

// maxStoreys is the most storeys the footprint fits stairs for.
func (b *building) maxStoreys() int {
	inner := b.x1 - b.x0 - 1
	switch {
	case inner >= 10 && b.y1-b.y0 >= 5:
		return 3
	case inner >= 5 && b.y1-b.y0 >= 4:
		return 2
	}
	return 1
}

// place writes the building's tiles cell by cell.
func (g *mapGen) place(b *building) {
	stairAt := map[[2]int][2]int{} // cell -> level, index
	for level := 1; level < b.storeys; level++ {
		for k, c := range b.stairRun(level) {
			stairAt[c] = [2]int{level, k}
		}
	}
	for y := b.y0; y <= b.y1; y++ {
		for x := b.x0; x <= b.x1; x++ {
			g.buildingCell(b, x, y, stairAt)
			g.mark(x, y, tagBuilt)
		}
	}
	g.furnish(b, stairAt)
	g.feat.DoorSpecs = append(g.feat.DoorSpecs, gen.DoorSpec{At: gen.Spot{X: b.doorX, Y: b.doorY}.Point(), ID: b.doorID, Z: int8(b.z)})
}

// furnish puts up to three tables and crates on the ground floor of b, off
// the stairs and away from the doorway.
func (g *mapGen) furnish(b *building, stairAt map[[2]int][2]int) {
	n := g.rng.IntN(4)
	for k := 0; k < n; k++ {
		x := b.x0 + 1 + g.rng.IntN(b.x1-b.x0-1)
		y := b.y0 + 1 + g.rng.IntN(b.y1-b.y0-1)
		if _, st := stairAt[[2]int{x, y}]; st || abs(x-b.doorX) <= 1 && abs(y-b.doorY) <= 2 {
			continue
		}
		item := ItemTable
		if k%2 == 1 {
			item = ItemCrate
		}
		g.static(x, y, item, b.z)
	}
}

// buildingCell writes one cell of b: per storey a wall (or the doorway) on
// the ring, else a floor unless the stair up to that storey opens it, a stair
// block where one stands, and the roof.
func (g *mapGen) buildingCell(b *building, x, y int, stairAt map[[2]int][2]int) {
	ring := x == b.x0 || x == b.x1 || y == b.y0 || y == b.y1
	st, isStair := stairAt[[2]int{x, y}]
	for level := 0; level < b.storeys; level++ {
		z := b.z + gen.StoreyHeight*level
		switch {
		case ring && level == 0 && x == b.doorX && y == b.doorY:
			g.static(x, y, gen.ItemWoodFloor, z)
		case ring:
			g.static(x, y, gen.ItemStoneWall, z)
		case isStair && st[0] == level:
			// the opening the stair from below climbs through
		default:
			g.static(x, y, gen.ItemWoodFloor, z)
		}
		if isStair && st[0] == level+1 {
			g.static(x, y, gen.ItemStairs, z+gen.StairRise*st[1])
		}
	}
	g.static(x, y, gen.ItemRoof, b.z+gen.StoreyHeight*b.storeys)
}
