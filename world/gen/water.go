package gen

import (
	"fmt"
	"math"
)

// bridgeSpan is the water columns under bridge i: the union of its three
// rows' river spans (the river is squared off under the bridge).
func (g *gen) bridgeSpan(i int) (x0, x1 int) {
	y := g.lay.bridgeY[i]
	x0, x1 = g.lay.riverSpan(y)
	for r := 1; r < 3; r++ {
		a, b := g.lay.riverSpan(y + r)
		x0, x1 = min(x0, a), max(x1, b)
	}
	return x0, x1
}

// river cuts a meandering river from the north edge to the south edge and
// spans it with two bridges: planks high enough for a swimmer to pass under,
// reached by stair ramps on both banks.
func (g *gen) river() error {
	l := &g.lay
	for y := 0; y < g.opts.Height; y++ {
		x0, x1 := l.riverSpan(y)
		for i, by := range l.bridgeY {
			if y >= by && y < by+3 {
				x0, x1 = g.bridgeSpan(i)
			}
		}
		for x := x0; x <= x1; x++ {
			g.b.SetLand(x, y, LandWater, WaterZ)
		}
	}
	for i, by := range l.bridgeY {
		x0, x1 := g.bridgeSpan(i)
		for y := by; y < by+3; y++ {
			ramps := []struct{ x, tz int }{
				{x0 - 2, GroundZ}, {x0 - 1, GroundZ + StairRise},
				{x1 + 1, GroundZ + StairRise}, {x1 + 2, GroundZ},
			}
			for _, r := range ramps {
				if g.b.Land(r.x, y).ID == LandWater {
					return fmt.Errorf("bridge %d ramp at (%d,%d) is in water", i, r.x, y)
				}
				if err := g.static(r.x, y, ItemStairs, r.tz); err != nil {
					return err
				}
			}
			for x := x0; x <= x1; x++ {
				if err := g.static(x, y, ItemBridgePlank, DeckTZ); err != nil {
					return err
				}
			}
		}
		west := Spot{x0 - 3, by + 1, GroundZ}
		east := Spot{x1 + 3, by + 1, GroundZ}
		deck := Spot{(x0 + x1) / 2, by + 1, DeckZ}
		if i == 0 {
			g.lm.BridgeWest, g.lm.BridgeEast, g.lm.BridgeDeck = west, east, deck
		} else {
			g.lm.Bridge2West, g.lm.Bridge2East, g.lm.Bridge2Deck = west, east, deck
		}
	}
	return nil
}

// lake floods a round lake with a ragged shore and lays a two-wide stone
// causeway across it, its top level with the shore.
func (g *gen) lake() error {
	l := &g.lay
	r := float64(l.lakeR)
	s := g.seed ^ 0x1A4E
	ext := l.lakeR*6/5 + 2
	for y := l.lakeY - ext; y <= l.lakeY+ext; y++ {
		for x := l.lakeX - ext; x <= l.lakeX+ext; x++ {
			dx, dy := float64(x-l.lakeX), float64(y-l.lakeY)
			a := math.Atan2(dy, dx)
			rr := r * (0.9 + 0.2*valueNoise(s, 8+8*math.Cos(a), 8+8*math.Sin(a), 3))
			if math.Hypot(dx, dy) < rr {
				g.b.SetLand(x, y, LandWater, WaterZ)
			}
		}
	}
	first, last := -1, -1
	for y := l.lakeY; y <= l.lakeY+1; y++ {
		for x := l.lakeX - ext; x <= l.lakeX+ext; x++ {
			if g.b.Land(x, y).ID != LandWater {
				continue
			}
			if err := g.static(x, y, ItemCauseway, WaterZ); err != nil {
				return err
			}
			if y == l.lakeY {
				if first < 0 {
					first = x
				}
				last = x
			}
		}
	}
	if first < 0 {
		return fmt.Errorf("lake at (%d,%d) has no water on its causeway row", l.lakeX, l.lakeY)
	}
	g.lm.CausewayStart = Spot{first - 1, l.lakeY, GroundZ}
	g.lm.CausewayEnd = Spot{last + 1, l.lakeY, GroundZ}
	return nil
}
