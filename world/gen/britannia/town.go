package britannia

import "github.com/shardcore/shardcore/world/gen"

// townSpec sizes a town: its bounds, whether a wall rings it, and the share
// of buildings with two and with three storeys.
type townSpec struct {
	w, h       int
	walls      bool
	two, three float64
}

// doorIDs are the door items the doorways get.
func doorIDs() [5]uint16 {
	return [5]uint16{gen.ItemMetalDoor, gen.ItemWoodenDoor, gen.ItemDarkDoor, gen.ItemIronGateDoor, gen.ItemBarredDoor}
}

// towns places one town per spec on flat land of r (tried at seeded
// positions; a spec that finds no room is skipped) and returns their bounds.
func (g *mapGen) towns(r rect, specs []townSpec) []rect {
	var out []rect
	for k, s := range specs {
		w, h := min(s.w, r.w()-8), min(s.h, r.h()-8)
		if w < 40 || h < 40 {
			continue
		}
		for try := 0; try < 300; try++ {
			x0 := r.x0 + 4 + g.rng.IntN(r.w()-w-7)
			y0 := r.y0 + 4 + g.rng.IntN(r.h()-h-7)
			tr := rect{x0, y0, x0 + w, y0 + h}
			if !g.clearOf(tr.grow(6), tagBuilt) || !g.flatEnough(tr) {
				continue
			}
			g.town(tr, s, uint64(k))
			out = append(out, tr)
			break
		}
	}
	return out
}

// flatEnough reports whether r is mostly flat walkable land at one Z (a
// quarter of it may be water: a port), so a town fits without terraforming
// hills.
func (g *mapGen) flatEnough(r rect) bool {
	z := g.land(r.centre()).Z
	flat, water := 0, 0
	for y := r.y0; y < r.y1; y += 2 {
		for x := r.x0; x < r.x1; x += 2 {
			t := g.tagAt(x, y)
			switch {
			case t&tagWater != 0:
				water++
			case t&tagHill == 0 && g.land(x, y).Z == z && g.walkableLand(x, y):
				flat++
			}
		}
	}
	n := (r.w() + 1) / 2 * ((r.h() + 1) / 2)
	return flat*100 >= n*70 && water*100 <= n*25 && g.tagAt(r.centre())&tagWater == 0
}

// walkableLand reports whether (x, y)'s land is one a walker stands on.
func (g *mapGen) walkableLand(x, y int) bool {
	switch g.land(x, y).ID {
	case gen.LandRock, gen.LandCliff, gen.LandWater, LandVoid, LandLava:
		return false
	}
	return true
}

// town levels r's land to the centre's Z, paves a street grid, rings it
// with a wall when the spec says so, fills the blocks with buildings and
// builds piers where it meets water.
func (g *mapGen) town(r rect, s townSpec, salt uint64) {
	z := int(g.land(r.centre()).Z)
	for y := r.y0; y < r.y1; y++ {
		for x := r.x0; x < r.x1; x++ {
			if g.tagAt(x, y)&tagWater != 0 {
				continue
			}
			if !g.walkableLand(x, y) || g.tagAt(x, y)&tagHill != 0 {
				g.set(x, y, gen.LandDirt, z)
			} else {
				g.set(x, y, g.land(x, y).ID, z)
			}
			g.unmark(x, y, tagHill)
			g.mark(x, y, tagNoTree)
		}
	}
	t := Town{X0: r.x0, Y0: r.y0, X1: r.x1 - 1, Y1: r.y1 - 1}
	xs, ys := g.streets(r, z, salt)
	t.Street = gen.Spot{X: xs[0] + 1, Y: ys[0] + 1, Z: z}
	if s.walls {
		g.townWall(r, z, xs, ys)
	}
	for i := 0; i+1 < len(ys); i++ {
		for j := 0; j+1 < len(xs); j++ {
			blk := rect{xs[j] + 3, ys[i] + 3, xs[j+1], ys[i+1]}
			g.block(blk, z, s, &t)
		}
	}
	g.townPiers(r)
	g.feat.Towns = append(g.feat.Towns, t)
}

// streets paves 3-wide streets across r every 24..34 cells both ways and
// returns their first columns and rows (the rect's own edges first and last).
func (g *mapGen) streets(r rect, z int, salt uint64) (xs, ys []int) {
	xs, ys = []int{r.x0 + 1}, []int{r.y0 + 1}
	for x := r.x0 + 1; ; {
		x += 24 + int(g.hash(0x57EE^salt, x, 0)%11)
		if x+3 >= r.x1-12 {
			break
		}
		xs = append(xs, x)
	}
	for y := r.y0 + 1; ; {
		y += 22 + int(g.hash(0x57EF^salt, 0, y)%9)
		if y+3 >= r.y1-12 {
			break
		}
		ys = append(ys, y)
	}
	xs, ys = append(xs, r.x1-4), append(ys, r.y1-4)
	for y := r.y0; y < r.y1; y++ {
		for x := r.x0; x < r.x1; x++ {
			if g.tagAt(x, y)&tagWater != 0 || !(onStreet(xs, x) || onStreet(ys, y)) {
				continue
			}
			g.static(x, y, gen.ItemPaving, z)
			g.mark(x, y, tagRoad|tagBuilt)
		}
	}
	return xs, ys
}

func onStreet(starts []int, v int) bool {
	for _, s := range starts {
		if v >= s && v < s+3 {
			return true
		}
	}
	return false
}
