package gen

import (
	"github.com/shardcore/shardcore/world"
)

// finish fixes the ground landmarks' Z from the built map, finds the
// terrain landmarks and lays out the routes.
func (g *gen) finish(m *world.Map) {
	l := &g.lay
	lm := &g.lm
	// The ground landmarks are walkable land the generator left bare or
	// paved at its own level, so a walker stands at the land's average Z.
	ground := func(s *Spot) { _, s.Z, _ = m.AverageZ(s.X, s.Y) }
	lm.OceanPoint = Spot{l.oceanW / 2, l.h / 2, WaterZ}
	_, ty0, _, ty1 := l.townRect()
	lm.OpenGrass = Spot{l.townX&^15 + 8, (ty0/2)&^15 + 8, GroundZ}
	lm.HillPoint = Spot{l.hillX, l.hillY, GroundZ}
	g.terrainSpots(m)
	for _, s := range []*Spot{&lm.TownCenter, &lm.TownGate, &lm.BridgeWest, &lm.BridgeEast,
		&lm.Bridge2West, &lm.Bridge2East, &lm.CausewayStart, &lm.CausewayEnd, &lm.SewerEntrance, &lm.HillPoint} {
		ground(s)
	}
	for i := range lm.TownGates {
		ground(&lm.TownGates[i])
	}

	cx, cy := l.townX, l.townY
	p := func(x, y int) world.Point { return world.Point{X: x, Y: y} }
	bs := buildings(cx, cy)
	through := func(b building, dir int) []world.Point {
		// front of the door on the street side, the doorway, inside, back out
		return []world.Point{p(b.doorX, b.doorY+2*dir), p(b.doorX, b.doorY), p(b.doorX, b.doorY-3*dir), p(b.doorX, b.doorY)}
	}
	north := append([]world.Point{lm.TownCenter.Point()}, through(bs[0], 1)...)
	north = append(north, through(bs[2], 1)...)
	south := append([]world.Point{p(cx, cy+3)}, through(bs[3], -1)...)
	south = append(south, through(bs[4], -1)...)
	bridge := []world.Point{lm.TownGate.Point(), lm.BridgeWest.Point(), lm.BridgeEast.Point(), lm.BridgeWest.Point()}
	_, _, tx1, _ := l.townRect()
	sewer := []world.Point{lm.SewerEntrance.Point(), lm.SewerStart.Point(), lm.SewerEnd.Point(), p(tx1-12+4, cy)}
	lm.PatrolRoutes = [][]world.Point{north, south, bridge, sewer}

	coast := l.coastX(g.seed, cy) + l.beachW/2
	west, south0 := lm.TownGates[0].Point(), lm.TownGates[3].Point()
	lm.PetRoute = []world.Point{
		lm.TownCenter.Point(), lm.TownGate.Point(),
		lm.BridgeWest.Point(), lm.BridgeEast.Point(),
		p(l.hillX-l.hillR/3, l.hillY), lm.HillPoint.Point(), p(l.hillX, l.hillY+l.hillR+8),
		lm.CausewayStart.Point(), lm.CausewayEnd.Point(),
		lm.Bridge2East.Point(), lm.Bridge2West.Point(),
		p(south0.X, ty1+6), south0, lm.TownCenter.Point(), west, p(coast, cy), west, lm.TownCenter.Point(),
		lm.TownGates[2].Point(), lm.OpenGrass.Point(),
	}
}

// terrainSpots finds a mountain cell ringed by rock and the first cliff cell
// of the hills, scanning in a fixed order.
func (g *gen) terrainSpots(m *world.Map) {
	l := &g.lay
	r := l.hillR
	cliff, rock := false, false
	for y := l.hillY - r + 1; y < l.hillY+r && !(cliff && rock); y++ {
		for x := l.hillX - r + 1; x < l.hillX+r; x++ {
			c := m.Land(x, y)
			if !cliff && c.ID == LandCliff && c.Z >= 8 {
				g.lm.CliffPoint = Spot{x, y, int(c.Z)}
				cliff = true
			}
			if !rock && c.ID == LandRock && ringed(m, x, y, LandRock) {
				g.lm.MountainPoint = Spot{x, y, int(c.Z)}
				rock = true
			}
		}
	}
}

func ringed(m *world.Map, x, y int, id uint16) bool {
	for dy := -1; dy <= 1; dy++ {
		for dx := -1; dx <= 1; dx++ {
			if m.Land(x+dx, y+dy).ID != id {
				return false
			}
		}
	}
	return true
}
