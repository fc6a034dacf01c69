package britannia

import (
	"math"

	"github.com/shardcore/shardcore/world/gen"
	"github.com/shardcore/shardcore/world/gen/internal/noise"
)

// rivers cuts n rivers through t's region: each rises on a hill of the
// elevation field and runs downhill over its lattice to the sea; one that
// finds no way down ends in a lake.
func (g *mapGen) rivers(t *terrain, e *field, n int) {
	for k := 0; k < n; k++ {
		i, j, ok := g.riverSource(t, e)
		if !ok {
			return
		}
		path, sea := g.downhill(e, i, j, t.sea)
		if len(path) < 6 {
			continue
		}
		width := 4 + g.rng.IntN(7)
		g.carveRiver(e, path, width, uint64(k))
		if !sea {
			end := path[len(path)-1]
			g.lake(e.r.x0+end[0]*fieldStep, e.r.y0+end[1]*fieldStep, 10+g.rng.IntN(20), uint64(k))
		}
	}
}

// riverSource picks a lattice point well inland.
func (g *mapGen) riverSource(t *terrain, e *field) (i, j int, ok bool) {
	for try := 0; try < 400; try++ {
		i, j = 1+g.rng.IntN(e.cw-3), 1+g.rng.IntN(e.ch-3)
		v := e.lattice(i, j)
		x, y := e.r.x0+i*fieldStep, e.r.y0+j*fieldStep
		if v >= t.sea+0.12 && g.walkableLand(x, y) && g.tagAt(x, y)&(tagBuilt|tagWater) == 0 {
			return i, j, true
		}
	}
	return 0, 0, false
}

// downhill walks the lattice from (i, j) to the lowest unvisited neighbour
// (a little noise makes it meander) until it reaches the sea level; sea
// reports whether it did.
func (g *mapGen) downhill(e *field, i, j int, seaLevel float64) (path [][2]int, sea bool) {
	seen := map[[2]int]bool{}
	uphill := 0
	for len(path) < 4000 {
		path = append(path, [2]int{i, j})
		seen[[2]int{i, j}] = true
		cur := e.lattice(i, j)
		if cur < seaLevel {
			return path, true
		}
		bi, bj, best := -1, -1, math.Inf(1)
		for dj := -1; dj <= 1; dj++ {
			for di := -1; di <= 1; di++ {
				ni, nj := i+di, j+dj
				if (di == 0 && dj == 0) || ni < 0 || nj < 0 || ni >= e.cw-1 || nj >= e.ch-1 || seen[[2]int{ni, nj}] {
					continue
				}
				v := e.lattice(ni, nj) + noise.Unit(g.hash(0x51FE, ni, nj))*0.01
				if v < best {
					bi, bj, best = ni, nj, v
				}
			}
		}
		if bi < 0 {
			return path, false
		}
		if best > cur {
			if uphill++; uphill > 6 {
				return path, false
			}
		}
		i, j = bi, bj
	}
	return path, false
}

// carveRiver floods a band width cells wide along a lattice path, wavering
// off the path's straight segments.
func (g *mapGen) carveRiver(e *field, path [][2]int, width int, salt uint64) {
	r := width / 2
	for k := 0; k+1 < len(path); k++ {
		ax, ay := e.r.x0+path[k][0]*fieldStep, e.r.y0+path[k][1]*fieldStep
		bx, by := e.r.x0+path[k+1][0]*fieldStep, e.r.y0+path[k+1][1]*fieldStep
		for s := 0; s < fieldStep; s++ {
			x, y := ax+(bx-ax)*s/fieldStep, ay+(by-ay)*s/fieldStep
			off := int((noise.Value(g.seed^0x21FE^salt, float64(k*fieldStep+s), 0, 23) - 0.5) * 6)
			if bx != ax {
				y += off
			} else {
				x += off
			}
			g.flood(x, y, r)
		}
	}
}

// flood turns the disc of radius r around (x, y) into deep water, leaving
// built cells alone.
func (g *mapGen) flood(cx, cy, r int) {
	for y := cy - r; y <= cy+r; y++ {
		for x := cx - r; x <= cx+r; x++ {
			if (x-cx)*(x-cx)+(y-cy)*(y-cy) > r*r+r || !g.in(x, y) || g.tagAt(x, y)&tagBuilt != 0 {
				continue
			}
			g.set(x, y, gen.LandWater, gen.WaterZ)
			g.mark(x, y, tagWater)
			g.unmark(x, y, tagHill)
		}
	}
}

// lake floods a round lake of about radius r at (cx, cy) with a ragged
// shore and shallows round its edge.
func (g *mapGen) lake(cx, cy, r int, salt uint64) {
	ext := r*6/5 + 2
	s := g.seed ^ 0x1A4E ^ salt<<8
	for y := cy - ext; y <= cy+ext; y++ {
		for x := cx - ext; x <= cx+ext; x++ {
			if !g.in(x, y) || g.tagAt(x, y)&tagBuilt != 0 {
				continue
			}
			dx, dy := float64(x-cx), float64(y-cy)
			a := math.Atan2(dy, dx)
			rr := float64(r) * (0.8 + 0.4*noise.Value(s, 8+8*math.Cos(a), 8+8*math.Sin(a), 3))
			d := math.Hypot(dx, dy)
			if d >= rr {
				continue
			}
			z := gen.WaterZ
			if rr-d < 3 {
				z = gen.WaterZ + 2
			}
			g.set(x, y, gen.LandWater, z)
			g.mark(x, y, tagWater)
			g.unmark(x, y, tagHill)
		}
	}
}

// lakes floods n lakes on the land of r (plains or hills, clear of towns).
func (g *mapGen) lakes(r rect, n, minR, maxR int) {
	for k := 0; k < n; k++ {
		for try := 0; try < 50; try++ {
			rad := minR + g.rng.IntN(maxR-minR+1)
			x, y := r.x0+rad+g.rng.IntN(max(1, r.w()-2*rad)), r.y0+rad+g.rng.IntN(max(1, r.h()-2*rad))
			if !g.clearOf(rect{x - rad - 4, y - rad - 4, x + rad + 5, y + rad + 5}, tagBuilt|tagWater) {
				continue
			}
			g.lake(x, y, rad, uint64(k))
			if k%3 == 0 {
				g.pierFrom(x, y, 0, -1, 3)
			}
			break
		}
	}
}

// clearOf reports whether no cell of r carries any of tags (cells off the
// map count as built).
func (g *mapGen) clearOf(r rect, tags uint8) bool {
	for y := r.y0; y < r.y1; y++ {
		for x := r.x0; x < r.x1; x++ {
			if g.tagAt(x, y)&tags != 0 {
				return false
			}
		}
	}
	return true
}

// pierFrom walks from water cell (x, y) in direction (dx, dy) to the shore
// and builds a pier from there back out over the water, width cells wide.
func (g *mapGen) pierFrom(x, y, dx, dy, width int) {
	for n := 0; n < 200 && g.in(x, y) && g.tagAt(x, y)&tagWater != 0; n++ {
		x, y = x+dx, y+dy
	}
	if !g.in(x, y) || g.tagAt(x, y)&(tagWater|tagBuilt) != 0 {
		return
	}
	g.pier(x-dx, y-dy, -dx, -dy, width, 6+g.rng.IntN(12))
}

// pier lays plank decking over water from (x, y) in direction (dx, dy), its
// top level with the shore behind it (Z of the land at the start's back).
func (g *mapGen) pier(x, y, dx, dy, width, length int) {
	shore := int(g.land(x-dx, y-dy).Z)
	px, py := -dy, dx // across the pier
	last := gen.Spot{}
	for n := 0; n < length; n++ {
		cx, cy := x+dx*n, y+dy*n
		for k := -width / 2; k <= width/2; k++ {
			wx, wy := cx+px*k, cy+py*k
			if g.tagAt(wx, wy)&tagWater == 0 || g.tagAt(wx, wy)&tagBuilt != 0 {
				continue
			}
			g.static(wx, wy, gen.ItemBridgePlank, shore-2)
			g.mark(wx, wy, tagBuilt)
			if k == 0 {
				last = gen.Spot{X: wx, Y: wy, Z: shore}
			}
		}
	}
	if last != (gen.Spot{}) {
		g.feat.Docks = append(g.feat.Docks, last)
	}
}
