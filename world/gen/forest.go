package gen

import "math"

// forestDensity is the share of forest cells holding a tree.
const forestDensity = 0.08

// forest scatters trees over a round patch of the plains south of the
// town: impassable single cells that paths must weave between.
func (g *gen) forest() error {
	l := &g.lay
	r := float64(l.forestR)
	s := g.seed ^ 0xF0E5
	for y := l.forestY - l.forestR; y <= l.forestY+l.forestR; y++ {
		for x := l.forestX - l.forestR; x <= l.forestX+l.forestR; x++ {
			d := math.Hypot(float64(x-l.forestX), float64(y-l.forestY)) / r
			if d >= 1 || g.b.Land(x, y).ID != LandGrass {
				continue
			}
			if unit(hash2(s, x, y)) < forestDensity*(1.2-d*d) {
				if err := g.static(x, y, ItemTree, GroundZ); err != nil {
					return err
				}
			}
		}
	}
	g.lm.Forest = Spot{l.forestX, l.forestY, GroundZ}
	return nil
}
