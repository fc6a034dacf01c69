package britannia

import (
	"math"

	"github.com/shardcore/shardcore/world/gen"
)

// maxBridge is the longest water crossing a road bridges.
const maxBridge = 40

// roads links the towns by a spanning tree of 3-wide dirt roads (each town
// to its nearest linked one) and bridges them over rivers and lakes; a road
// that meets wider water ends at the shore.
func (g *mapGen) roads(towns []rect) {
	if len(towns) < 2 {
		return
	}
	in := []int{0}
	left := map[int]bool{}
	for i := 1; i < len(towns); i++ {
		left[i] = true
	}
	for len(left) > 0 {
		bi, bj, best := -1, -1, math.Inf(1)
		for _, i := range in {
			for j := range left {
				ax, ay := towns[i].centre()
				bx, by := towns[j].centre()
				if d := math.Hypot(float64(ax-bx), float64(ay-by)); d < best || (d == best && j < bj) {
					bi, bj, best = i, j, d
				}
			}
		}
		delete(left, bj)
		in = append(in, bj)
		ax, ay := towns[bi].centre()
		bx, by := towns[bj].centre()
		g.road(ax, ay, bx, by)
	}
}

// road lays a road from (ax, ay) to (bx, by) through a jittered midpoint.
func (g *mapGen) road(ax, ay, bx, by int) {
	mx, my := (ax+bx)/2, (ay+by)/2
	j := int(math.Hypot(float64(bx-ax), float64(by-ay)) / 8)
	if j > 0 {
		mx += g.rng.IntN(2*j+1) - j
		my += g.rng.IntN(2*j+1) - j
	}
	g.roadLine(ax, ay, mx, my)
	g.roadLine(mx, my, bx, by)
}

// roadLine lays one straight stretch of road, bridging its water runs.
func (g *mapGen) roadLine(ax, ay, bx, by int) {
	n := max(abs(bx-ax), abs(by-ay))
	if n == 0 {
		return
	}
	px, py := 0, 1 // across the road
	if abs(by-ay) > abs(bx-ax) {
		px, py = 1, 0
	}
	runStart := -1
	for s := 0; s <= n; s++ {
		x, y := ax+(bx-ax)*s/n, ay+(by-ay)*s/n
		wet := g.tagAt(x, y)&tagWater != 0 && g.tagAt(x, y)&tagBuilt == 0
		switch {
		case wet && runStart < 0:
			runStart = s
		case !wet && runStart >= 0:
			if s-runStart <= maxBridge && runStart > 0 {
				g.bridge(ax, ay, bx, by, n, runStart, s, px, py)
			}
			runStart = -1
		}
		if !wet {
			for k := -1; k <= 1; k++ {
				g.roadCell(x+px*k, y+py*k)
			}
		}
	}
}

// roadCell turns one cell into road (rock and cliff become a pass).
func (g *mapGen) roadCell(x, y int) {
	t := g.tagAt(x, y)
	if t&(tagBuilt|tagWater) != 0 {
		return
	}
	c := g.land(x, y)
	switch c.ID {
	case LandVoid, LandLava:
		return
	case gen.LandRock:
		g.set(x, y, gen.LandCave, int(c.Z))
	default:
		g.set(x, y, gen.LandDirt, int(c.Z))
	}
	g.mark(x, y, tagRoad|tagNoTree)
}

// bridge decks the water run [s0, s1) of a road line 3 wide with planks
// level with the higher bank.
func (g *mapGen) bridge(ax, ay, bx, by, n, s0, s1, px, py int) {
	at := func(s int) (int, int) { return ax + (bx-ax)*s/n, ay + (by-ay)*s/n }
	x0, y0 := at(s0 - 1)
	x1, y1 := at(s1)
	bank := max(int(g.land(x0, y0).Z), int(g.land(x1, y1).Z))
	for s := s0; s < s1; s++ {
		x, y := at(s)
		for k := -1; k <= 1; k++ {
			cx, cy := x+px*k, y+py*k
			if g.tagAt(cx, cy)&tagBuilt != 0 {
				continue
			}
			g.static(cx, cy, gen.ItemBridgePlank, bank-2)
			g.mark(cx, cy, tagBuilt|tagRoad)
		}
	}
	mx, my := at((s0 + s1) / 2)
	g.feat.Bridges = append(g.feat.Bridges, gen.Spot{X: mx, Y: my, Z: bank})
}
