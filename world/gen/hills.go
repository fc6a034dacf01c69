package gen

import "math"

// Hill shaping constants.
const (
	rockZ      = 38 // land at or above this is impassable mountain rock
	cliffSpan  = 6  // a hill cell whose corners differ by this much is a cliff
	treeChance = 0.03
	maxLandZ   = 60
	terrace    = 8 // rise of one hill terrace
)

// hillArea is the hill country's bounding box and the land Z of each of
// its cells (in marks the cells inside the round hill).
type hillArea struct {
	x0, y0, x1, y1, w int
	zs                []int
	in                []bool
}

// zAt is the hill Z of (x, y), or the land's Z outside the box.
func (a *hillArea) zAt(g *gen, x, y int) int {
	if x < a.x0 || y < a.y0 || x > a.x1 || y > a.y1 {
		return int(g.b.Land(x, y).Z)
	}
	return a.zs[(y-a.y0)*a.w+x-a.x0]
}

// hills raises a round hill country around (hillX, hillY): rolling land that
// is walkable, cliffs where it is too steep, impassable mountain rock at its
// heart, trees, and the road through it as a pass.
func (g *gen) hills() error {
	a := g.hillHeights()
	seedTree := g.seed ^ 0x7EE
	for y := a.y0; y <= a.y1; y++ {
		if err := g.ctx.Err(); err != nil {
			return err
		}
		for x := a.x0; x <= a.x1; x++ {
			i := (y-a.y0)*a.w + x - a.x0
			if !a.in[i] {
				continue
			}
			z := a.zs[i]
			id := g.hillLand(a, x, y, z)
			g.b.SetLand(x, y, id, int8(z))
			if id == LandGrass && z > 2 && unit(hash2(seedTree, x, y)) < treeChance {
				if err := g.static(x, y, ItemTree, z); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// hillHeights shapes the hill country's land Z: layered noise falling off
// to the rim, a mountain core off the road (which runs west→centre→south),
// and terraces where a coarse noise says so.
func (g *gen) hillHeights() *hillArea {
	l := &g.lay
	r := l.hillR
	a := &hillArea{x0: max(0, l.hillX-r), y0: max(0, l.hillY-r), x1: min(g.opts.Width-1, l.hillX+r), y1: min(g.opts.Height-1, l.hillY+r)}
	a.w = a.x1 - a.x0 + 1
	h := a.y1 - a.y0 + 1
	a.zs, a.in = make([]int, a.w*h), make([]bool, a.w*h)
	s1, s2, s3, s4 := g.seed^0x4111, g.seed^0x4112, g.seed^0x4113, g.seed^0x4114
	cx, cy := l.hillX+r/3, l.hillY-r/4
	for y := a.y0; y <= a.y1; y++ {
		for x := a.x0; x <= a.x1; x++ {
			d := math.Hypot(float64(x-l.hillX), float64(y-l.hillY)) / float64(r)
			if d >= 1 {
				continue
			}
			fx, fy := float64(x), float64(y)
			f := smooth((1 - d) * 1.6)
			dc := math.Hypot(float64(x-cx), float64(y-cy)) / float64(r)
			hgt := f*(8+26*valueNoise(s1, fx, fy, 28)+10*valueNoise(s2, fx, fy, 9)+9*valueNoise(s3, fx, fy, 4)) +
				34*math.Max(0, 1-dc/0.25)
			if valueNoise(s4, fx, fy, 40) > 0.45 {
				// terraces: flat steps with a sudden rise of ~6 at each edge
				k := math.Floor(hgt / terrace)
				hgt = k*terrace + (hgt-k*terrace)/4
			}
			i := (y-a.y0)*a.w + x - a.x0
			a.zs[i], a.in[i] = int(math.Min(maxLandZ, math.Max(0, hgt))), true
		}
	}
	return a
}

// hillLand is the land id of hill cell (x, y) at z: the road (a cave-floor
// pass through the rock), rock, a cliff where the corners differ too much,
// else grass.
func (g *gen) hillLand(a *hillArea, x, y, z int) uint16 {
	road := g.road[[2]int{x, y}]
	switch {
	case road && z >= rockZ:
		return LandCave
	case road:
		return LandDirt
	case z >= rockZ:
		return LandRock
	}
	c := [4]int{z, a.zAt(g, x+1, y), a.zAt(g, x, y+1), a.zAt(g, x+1, y+1)}
	lo, hi := c[0], c[0]
	for _, v := range c[1:] {
		lo, hi = min(lo, v), max(hi, v)
	}
	if hi-lo >= cliffSpan {
		return LandCliff
	}
	return LandGrass
}
