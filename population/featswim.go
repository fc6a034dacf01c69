package population

import (
	"fmt"

	c "github.com/shardcore/shardcore/components"
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/systems"
	"github.com/shardcore/shardcore/world"
)

// Swimmers' homes: how far a shore swimmer's home lies from land at most,
// and how far each kind wanders from its home.
const (
	shoreReach   = 3
	shoreWander  = 6
	bridgeWander = 8
	openWander   = 12
)

// swimmer is the mover of a sea creature.
var swimmer = movement.Mover{Caps: movement.CanSwim | movement.CantWalk}

// swimZ returns the Z a swimmer floats at on (x, y) by the movement rules
// over the static world (under a bridge: the water below the deck), and
// whether it can be there.
func (pl *placer) swimZ(x, y int) (int, bool) {
	const top = 127
	if !pl.s.Map().InBounds(x, y) {
		return 0, false
	}
	return pl.static.Enter(swimmer, x, y, top, top, top)
}

// wetCells lists the wet cells of a grid of every wetStride-th cell on both
// axes (every cell on a map of up to a million), once: where swimmers'
// homes are drawn from, so a map with little water still gives homes.
func (g *routeGen) wetCells() [][2]int32 {
	if g.wet != nil {
		return g.wet
	}
	m, td := g.pl.s.Map(), g.pl.s.Tiles()
	stride := 1
	if m.Width*m.Height > 1<<20 {
		stride = 3
	}
	g.wet = [][2]int32{}
	for y := 0; y < m.Height; y += stride {
		for x := 0; x < m.Width; x += stride {
			if systems.IsWet(m, td, x, y) {
				g.wet = append(g.wet, [2]int32{int32(x), int32(y)})
			}
		}
	}
	return g.wet
}

// waterDraw draws a wet cell that ok accepts, with the Z a swimmer floats
// at there.
func (g *routeGen) waterDraw(ok func(x, y int) bool) (systems.RouteCell, bool) {
	wet := g.wetCells()
	for try := 0; try < openWaterTries && len(wet) > 0; try++ {
		c := wet[g.rng.IntN(len(wet))]
		x, y := int(c[0]), int(c[1])
		if !ok(x, y) {
			continue
		}
		if z, found := g.pl.swimZ(x, y); found {
			return systems.RouteCell{X: x, Y: y, Z: z}, true
		}
	}
	return systems.RouteCell{}, false
}

// shoreWater draws a water cell with land within shoreReach on some side.
func (g *routeGen) shoreWater() (systems.RouteCell, bool) {
	m, td := g.pl.s.Map(), g.pl.s.Tiles()
	return g.waterDraw(func(x, y int) bool {
		for d := movement.Dir(0); d < 8; d++ {
			dx, dy := d.Offset()
			if lx, ly := x+dx*shoreReach, y+dy*shoreReach; m.InBounds(lx, ly) && !systems.IsWet(m, td, lx, ly) {
				return true
			}
		}
		return false
	})
}

// deepWater draws a water cell whose surroundings (8 and 12 tiles out) are
// water too, so a swimmer homed there has room to wander.
func (g *routeGen) deepWater() (systems.RouteCell, bool) {
	m, td := g.pl.s.Map(), g.pl.s.Tiles()
	return g.waterDraw(func(x, y int) bool {
		for _, d := range [...][2]int{{-12, 0}, {12, 0}, {0, -12}, {0, 12}, {-8, -8}, {8, 8}, {-8, 8}, {8, -8}} {
			if !systems.IsWet(m, td, x+d[0], y+d[1]) {
				return false
			}
		}
		return true
	})
}

// swimHome draws the home of swimmer i: under a bridge for the first
// bridge share, along a shore for the next shore share, in open water for
// the rest; a kind the map lacks gives way to the next (open water, shore,
// bridges).
func (p *populator) swimHome(i int) (systems.RouteCell, int, bool) {
	n := p.o.Swimmers
	kind := 2
	switch {
	case i < int(float64(n)*bridgeSwimmerShare) && len(p.feat.Bridges) > 0:
		kind = 0
	case i < int(float64(n)*(bridgeSwimmerShare+shoreSwimmerShare)):
		kind = 1
	}
	for tries := 0; tries < 3; tries++ {
		switch kind {
		case 0:
			if len(p.feat.Bridges) > 0 {
				b := p.feat.Bridges[i%len(p.feat.Bridges)]
				if z, ok := p.place.swimZ(b.X, b.Y); ok {
					return systems.RouteCell{X: b.X, Y: b.Y, Z: z}, bridgeWander, true
				}
			}
		case 1:
			if home, ok := p.gen.shoreWater(); ok {
				return home, shoreWander, true
			}
		default:
			if home, ok := p.gen.deepWater(); ok {
				return home, openWander, true
			}
		}
		kind = (kind + 2) % 3 // open water → shore → bridges → open water
	}
	return systems.RouteCell{}, 0, false
}

// featureSwimmers spawns the sea creatures, each wandering near its home.
func (p *populator) featureSwimmers() error {
	for i := 0; i < p.o.Swimmers; i++ {
		home, radius, ok := p.swimHome(i)
		if !ok {
			return fmt.Errorf("population: no water found for swimmer %d of %d", i, p.o.Swimmers)
		}
		at, ok := p.place.freeNear(home, swimmer, radius)
		if !ok {
			return fmt.Errorf("population: no free water near (%d,%d) for swimmer %d", home.X, home.Y, i)
		}
		id, err := p.s.SpawnMobile(systems.MobileSpec{X: at.X, Y: at.Y, Z: at.Z, Tags: c.Tags{CanSwim: true, CantWalk: true}, Speed: SwimmerSpeed,
			Order: systems.Order{Wander: &systems.WanderSpec{Home: world.Point{X: home.X, Y: home.Y}, Radius: radius, DelayMs: p.gen.loginDelay(false)}}})
		if err != nil {
			return fmt.Errorf("population: swimmer %d: %w", i, err)
		}
		p.pop.Swimmers = append(p.pop.Swimmers, id)
		if err := p.prog.spawned("swimmers", 1); err != nil {
			return err
		}
	}
	return nil
}
