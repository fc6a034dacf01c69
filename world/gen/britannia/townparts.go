package britannia

import "github.com/shardcore/shardcore/world/gen"

// block fills a street block with one or two rows of buildings facing the
// streets, with a gap here and there (yards).
func (g *mapGen) block(r rect, z int, s townSpec, t *Town) {
	rows := [][2]int{{r.y0, r.y1 - 1}} // row bounds, door on the north
	if d := r.h(); d >= 16 {
		mid := r.y0 + d/2
		rows = [][2]int{{r.y0, mid - 1}, {mid, r.y1 - 1}}
	}
	for ri, row := range rows {
		depth := min(row[1]-row[0]+1, 7+g.rng.IntN(5))
		y0, y1 := row[0], row[0]+depth-1
		doorNorth := ri == 0
		if !doorNorth {
			y0, y1 = row[1]-depth+1, row[1]
		}
		for x := r.x0; ; {
			bw := 7 + g.rng.IntN(7)
			if x+bw > r.x1 {
				break
			}
			if g.rng.IntN(100) >= 15 {
				g.lot(rect{x, y0, x + bw, y1 + 1}, z, doorNorth, s, t)
			}
			x += bw + 1 + g.rng.IntN(2)
		}
	}
}

// lot builds one building on lot r when the lot is clear.
func (g *mapGen) lot(r rect, z int, doorNorth bool, s townSpec, t *Town) {
	if r.h() < 5 || !g.clearOf(r, tagBuilt|tagWater) {
		return
	}
	b := building{x0: r.x0, y0: r.y0, x1: r.x1 - 1, y1: r.y1 - 1, z: z, storeys: 1, doorX: (r.x0 + r.x1) / 2}
	b.doorY = b.y1
	if doorNorth {
		b.doorY = b.y0
	}
	ids := doorIDs()
	b.doorID = ids[g.rng.IntN(len(ids))]
	switch p := g.rng.Float64(); {
	case p < s.three:
		b.storeys = 3
	case p < s.three+s.two:
		b.storeys = 2
	}
	b.storeys = min(b.storeys, b.maxStoreys())
	g.place(&b)
	t.Buildings++
	t.Storeys[b.storeys]++
}

// townWall rings r with a stone wall a storey high, open where the streets
// (columns xs, rows ys) meet it and over water.
func (g *mapGen) townWall(r rect, z int, xs, ys []int) {
	for y := r.y0; y < r.y1; y++ {
		for x := r.x0; x < r.x1; x++ {
			edge := x == r.x0 || x == r.x1-1 || y == r.y0 || y == r.y1-1
			gate := onStreet(ys, y) && (x == r.x0 || x == r.x1-1) || onStreet(xs, x) && (y == r.y0 || y == r.y1-1)
			if !edge || gate || g.tagAt(x, y)&(tagWater|tagBuilt) != 0 {
				continue
			}
			g.static(x, y, gen.ItemStoneWall, z)
			g.mark(x, y, tagBuilt)
		}
	}
}

// townPiers builds up to four piers out of r's streets where they meet
// water, at least 25 cells apart.
func (g *mapGen) townPiers(r rect) {
	var done [][2]int
	dirs := [4][2]int{{0, -1}, {1, 0}, {0, 1}, {-1, 0}}
	for y := r.y0; y < r.y1 && len(done) < 4; y++ {
		for x := r.x0; x < r.x1 && len(done) < 4; x++ {
			if g.tagAt(x, y)&tagRoad == 0 || near(done, x, y, 25) {
				continue
			}
			for _, d := range dirs {
				if g.tagAt(x+d[0], y+d[1])&(tagWater|tagBuilt) == tagWater && g.tagAt(x+2*d[0], y+2*d[1])&tagWater != 0 {
					g.pier(x+d[0], y+d[1], d[0], d[1], 3, 10+g.rng.IntN(9))
					done = append(done, [2]int{x, y})
					break
				}
			}
		}
	}
}

// near reports whether (x, y) is within d (Chebyshev) of a point of pts.
func near(pts [][2]int, x, y, d int) bool {
	for _, p := range pts {
		if abs(p[0]-x) < d && abs(p[1]-y) < d {
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
