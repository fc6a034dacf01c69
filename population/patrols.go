package population

import (
	"errors"
	"fmt"

	c "github.com/shardcore/shardcore/components"
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/systems"
	"github.com/shardcore/shardcore/world"
)

// patrols spawns the NPC patrols: as many as fit at a realistic density
// (all with Packed) on the landmark patrol routes, the rest on routes
// generated across the map; two in three open doors.
func (p *populator) patrols() error {
	var cells [][]systems.RouteCell
	var legs [][]int
	for i, r := range p.lm.PatrolRoutes {
		id, err := p.s.AddRoute(r)
		if err != nil {
			return fmt.Errorf("population: patrol route %d: %w", i, err)
		}
		rc, lg, err := p.place.walkRoute(p.prog.ctx, r, movement.CanOpenDoors)
		if err != nil {
			return fmt.Errorf("population: patrol route %d: %w", i, err)
		}
		p.pop.PatrolRoute = append(p.pop.PatrolRoute, id)
		cells, legs = append(cells, rc), append(legs, lg)
	}
	if len(cells) == 0 && p.o.Patrols > 0 {
		return errors.New("population: the world has no patrol routes")
	}
	onRoutes, err := p.landmarkPatrols(cells, legs)
	if err != nil {
		return err
	}
	rest := p.o.Patrols - onRoutes
	if rest <= 0 {
		return nil
	}
	routes, err := p.gen.routes(&p.prog, "patrol routes", rest, patrolCellsPerRoute, 0, patrolTownShare)
	if err != nil {
		return fmt.Errorf("population: patrol routes: %w", err)
	}
	j := onRoutes
	for _, r := range routes {
		n := min(max(len(r.cells)/patrolCellsPerRoute, 1), p.o.Patrols-j)
		for q := 0; q < n; q++ {
			if err := p.spawnPatrol(j, r.id, len(r.wps), r.cells, r.legs, q*len(r.cells)/n, r.pool, p.gen.loginDelay(false)); err != nil {
				return err
			}
			j++
		}
	}
	return nil
}

// landmarkPatrols spawns the patrols that fit on the landmark routes (their
// walked cells and legs) and returns how many it spawned.
func (p *populator) landmarkPatrols(cells [][]systems.RouteCell, legs [][]int) (int, error) {
	pools := make([]*freePool, len(cells))
	room := 0
	for r := range cells {
		pools[r] = p.place.newFreePool(cells[r], movement.Mover{})
		room += max(len(cells[r])/patrolCellsPerRoute, 1)
	}
	onRoutes := p.o.Patrols
	if !p.o.Packed {
		onRoutes = min(p.o.Patrols, room)
	}
	for j := 0; j < onRoutes; j++ {
		r := j % len(cells)
		n := onRoutes / len(cells)
		k := (j / len(cells)) * len(cells[r]) / max(n, 1) % len(cells[r])
		err := p.spawnPatrol(j, p.pop.PatrolRoute[r], len(p.lm.PatrolRoutes[r]), cells[r], legs[r], k, pools[r], p.gen.loginDelay(p.o.Packed))
		if err != nil {
			return 0, err
		}
	}
	return onRoutes, nil
}

// spawnPatrol spawns patrol j on route id (nwp waypoints) from route cell k
// of cells, first asking for a path after delay ms; two in three open doors.
func (p *populator) spawnPatrol(j, id, nwp int, cells []systems.RouteCell, legs []int, k int, pool *freePool, delay int64) error {
	k, at, ok := p.place.spawnCell(cells, k, movement.Mover{}, pool)
	if !ok {
		return fmt.Errorf("population: no free cell near route %d cell %d for patrol %d", id, k, j)
	}
	pid, err := p.s.SpawnMobile(systems.MobileSpec{X: at.X, Y: at.Y, Z: at.Z, Tags: c.Tags{CanOpenDoors: j%3 != 0}, Speed: PatrolSpeed,
		Order: systems.Order{Patrol: &systems.PatrolSpec{Route: id, Index: (legs[k] + 1) % nwp, Tolerance: 1, DelayMs: delay}}})
	if err != nil {
		return fmt.Errorf("population: patrol %d: %w", j, err)
	}
	p.pop.Patrols = append(p.pop.Patrols, pid)
	return p.prog.spawned("patrols", 1)
}

// swimmers spawns the sea creatures: each homed on open water anywhere on
// the map (near the ocean point with Packed), wandering within 12 tiles.
func (p *populator) swimmers() error {
	sw := movement.Mover{Caps: movement.CanSwim | movement.CantWalk}
	ocean := systems.RouteCell{X: p.lm.OceanPoint.X, Y: p.lm.OceanPoint.Y, Z: p.lm.OceanPoint.Z}
	m, td := p.s.Map(), p.s.Tiles()
	for i := 0; i < p.o.Swimmers; i++ {
		home, spread := ocean, false
		if !p.o.Packed {
			home, spread = p.gen.openWater(ocean.Z)
		}
		for try := 0; try < 16 && !spread; try++ {
			x, y := ocean.X+p.rng.IntN(81)-40, ocean.Y+p.rng.IntN(81)-40
			if systems.IsWet(m, td, x, y) {
				home = systems.RouteCell{X: x, Y: y, Z: ocean.Z}
				break
			}
		}
		at, ok := p.place.freeNear(home, sw, 12)
		if !ok {
			return fmt.Errorf("population: no free water near (%d,%d) for swimmer %d", home.X, home.Y, i)
		}
		id, err := p.s.SpawnMobile(systems.MobileSpec{X: at.X, Y: at.Y, Z: at.Z, Tags: c.Tags{CanSwim: true, CantWalk: true}, Speed: SwimmerSpeed,
			Order: systems.Order{Wander: &systems.WanderSpec{Home: world.Point{X: home.X, Y: home.Y}, Radius: 12, DelayMs: p.gen.loginDelay(p.o.Packed)}}})
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
