package population

import (
	"fmt"

	"github.com/shardcore/shardcore/movement"
)

// pairs spawns the players and their pets: as many as fit at a realistic
// density (all with Packed) spread along the landmark pet route, the rest
// on routes generated across the map.
func (p *populator) pairs() error {
	petCells, _, err := p.place.walkRoute(p.prog.ctx, p.lm.PetRoute, 0)
	if err != nil {
		return fmt.Errorf("population: pet route: %w", err)
	}
	if p.pop.PetRoute, err = p.s.AddWalkRoute(petCells); err != nil {
		return fmt.Errorf("population: pet route: %w", err)
	}
	p.pop.PetRouteCells = petCells
	petPool := p.place.newFreePool(petCells, movement.Mover{})
	onRoute := p.o.Pets
	if !p.o.Packed {
		onRoute = min(p.o.Pets, max(len(petCells)/pairCellsPerRoute, 1))
	}
	for i := 0; i < onRoute; i++ {
		k := i * len(petCells) / max(onRoute, 1)
		if err := p.spawnPair(i, p.pop.PetRoute, petCells, k, petPool, p.gen.loginDelay(p.o.Packed || i == 0)); err != nil {
			return err
		}
	}
	rest := p.o.Pets - onRoute
	if rest <= 0 {
		return nil
	}
	routes, err := p.gen.routes(&p.prog, "player routes", rest, pairCellsPerRoute, 0, townShare)
	if err != nil {
		return fmt.Errorf("population: player routes: %w", err)
	}
	i := onRoute
	for _, r := range routes {
		walk, err := p.s.AddWalkRoute(r.cells)
		if err != nil {
			return fmt.Errorf("population: player routes: %w", err)
		}
		n := min(max(len(r.cells)/pairCellsPerRoute, 1), p.o.Pets-i)
		for j := 0; j < n; j++ {
			if err := p.spawnPair(i, walk, r.cells, j*len(r.cells)/n, r.pool, p.gen.loginDelay(false)); err != nil {
				return err
			}
			i++
		}
	}
	return nil
}
