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

// hills raises a round hill country around (hillX, hillY): rolling land that
// is walkable, cliffs where it is too steep, impassable mountain rock at its
// heart, trees, and the road through it as a pass.
func (g *gen) hills() error {
	l := &g.lay
	r := l.hillR
	x0, y0 := max(0, l.hillX-r), max(0, l.hillY-r)
	x1, y1 := min(g.opts.Width-1, l.hillX+r), min(g.opts.Height-1, l.hillY+r)
	w, h := x1-x0+1, y1-y0+1
	zs := make([]int, w*h)
	in := make([]bool, w*h)
	s1, s2, s3, s4 := g.seed^0x4111, g.seed^0x4112, g.seed^0x4113, g.seed^0x4114
	// the mountain core sits off the road (which runs west→centre→south)
	cx, cy := l.hillX+r/3, l.hillY-r/4
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
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
			z := int(math.Min(maxLandZ, math.Max(0, hgt)))
			i := (y-y0)*w + x - x0
			zs[i], in[i] = z, true
		}
	}
	zAt := func(x, y int) int {
		if x < x0 || y < y0 || x > x1 || y > y1 {
			return int(g.b.Land(x, y).Z)
		}
		return zs[(y-y0)*w+x-x0]
	}
	seedTree := g.seed ^ 0x7EE
	for y := y0; y <= y1; y++ {
		if err := g.ctx.Err(); err != nil {
			return err
		}
		for x := x0; x <= x1; x++ {
			i := (y-y0)*w + x - x0
			if !in[i] {
				continue
			}
			z := zs[i]
			id := LandGrass
			road := g.road[[2]int{x, y}]
			switch {
			case road && z >= rockZ:
				id = LandCave // the pass through the mountain rock
			case road:
				id = LandDirt
			case z >= rockZ:
				id = LandRock
			default:
				c := [4]int{z, zAt(x+1, y), zAt(x, y+1), zAt(x+1, y+1)}
				lo, hi := c[0], c[0]
				for _, v := range c[1:] {
					lo, hi = min(lo, v), max(hi, v)
				}
				if hi-lo >= cliffSpan {
					id = LandCliff
				}
			}
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
