package systems

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"

	c "shardcore/components"
	"shardcore/movement"
	"shardcore/pathing"
	"shardcore/world"
	"shardcore/world/gen"
)

// Paces of the default population, in ms per step.
const (
	PlayerSpeed  = 250 // a mounted player: 4 tiles/s
	PetSpeed     = 150 // a following pet trots to keep up
	PatrolSpeed  = 400
	SwimmerSpeed = 300
)

// PopulationOptions sizes the default population. Pets is the number of
// player+pet pairs.
type PopulationOptions struct {
	Pets, Patrols, Swimmers int
	Seed                    uint64
	// Packed selects the old placement: every player on the one pet route,
	// every patrol on the landmark patrol routes, every swimmer around the
	// ocean point. By default only as many as fit at a realistic density
	// go there and the rest spread over routes generated across the map.
	Packed bool
}

// Population lists what Populate spawned.
type Population struct {
	Players, Pets, Patrols, Swimmers []uint64
	// PetRange[i] is Pets[i]'s follow range.
	PetRange    []int
	PetRoute    int   // walked-route id of the players' route (Landmarks.PetRoute walked)
	PatrolRoute []int // route ids of Landmarks.PatrolRoutes
	// PetRouteCells is the walked cell sequence of the pet route (for placement and tests).
	PetRouteCells []RouteCell
	Doors         int
}

// RouteCell is one cell of a walked route, with the walker's Z there.
type RouteCell struct{ X, Y, Z int }

// Populate spawns the default population on a generated world's landmarks:
// door items at every doorway, players walking the pet route by direction
// (spread along it) each with a pet following within 1–6 tiles, NPC patrols on the town
// routes (two in three open doors), and sea creatures wandering in the ocean.
func Populate(ctx context.Context, s *Sim, lm gen.Landmarks, o PopulationOptions) (*Population, error) {
	if o.Pets < 0 || o.Patrols < 0 || o.Swimmers < 0 {
		return nil, fmt.Errorf("systems: populate: negative population %+v", o)
	}
	rng := rand.New(rand.NewPCG(o.Seed, o.Seed^0xB0B))
	pop := &Population{}
	for _, d := range lm.DoorSpecs {
		if err := s.SpawnItem(ItemSpec{X: d.At.X, Y: d.At.Y, Z: int(d.Z), ID: d.ID, Door: true}); err != nil {
			return nil, fmt.Errorf("systems: populate: door: %w", err)
		}
		pop.Doors++
	}
	petCells, _, err := s.walkRoute(ctx, lm.PetRoute, 0)
	if err != nil {
		return nil, fmt.Errorf("systems: populate: pet route: %w", err)
	}
	if pop.PetRoute, err = s.AddWalkRoute(petCells); err != nil {
		return nil, fmt.Errorf("systems: populate: pet route: %w", err)
	}
	pop.PetRouteCells = petCells
	petPool := s.newFreePool(petCells, movement.Mover{})
	g := s.newRouteGen(lm, o.Seed)
	g.spreadMs = min(loginSpreadMs, (2*o.Pets+o.Patrols+o.Swimmers)/loginPerMs)
	onRoute := o.Pets
	if !o.Packed {
		onRoute = min(o.Pets, max(len(petCells)/pairCellsPerRoute, 1))
	}
	for i := 0; i < onRoute; i++ {
		if err := s.spawnPair(i, pop.PetRoute, petCells, i*len(petCells)/max(onRoute, 1), petPool, rng, g.loginDelay(o.Packed || i == 0), pop); err != nil {
			return nil, err
		}
	}
	if rest := o.Pets - onRoute; rest > 0 {
		routes, err := g.routes(ctx, rest, pairCellsPerRoute, 0, townShare)
		if err != nil {
			return nil, fmt.Errorf("systems: populate: player routes: %w", err)
		}
		i := onRoute
		for _, r := range routes {
			walk, err := s.AddWalkRoute(r.cells)
			if err != nil {
				return nil, fmt.Errorf("systems: populate: player routes: %w", err)
			}
			n := min(max(len(r.cells)/pairCellsPerRoute, 1), o.Pets-i)
			for j := 0; j < n; j++ {
				if err := s.spawnPair(i, walk, r.cells, j*len(r.cells)/n, r.pool, rng, g.loginDelay(false), pop); err != nil {
					return nil, err
				}
				i++
			}
		}
	}
	if err := s.populatePatrols(ctx, lm, o, g, pop); err != nil {
		return nil, err
	}
	if err := s.populateSwimmers(lm, o, rng, g, pop); err != nil {
		return nil, err
	}
	return pop, nil
}

func (s *Sim) populatePatrols(ctx context.Context, lm gen.Landmarks, o PopulationOptions, g *routeGen, pop *Population) error {
	var cells [][]RouteCell
	var legs [][]int
	for i, r := range lm.PatrolRoutes {
		id, err := s.AddRoute(r)
		if err != nil {
			return fmt.Errorf("systems: populate: patrol route %d: %w", i, err)
		}
		rc, lg, err := s.walkRoute(ctx, r, movement.CanOpenDoors)
		if err != nil {
			return fmt.Errorf("systems: populate: patrol route %d: %w", i, err)
		}
		pop.PatrolRoute = append(pop.PatrolRoute, id)
		cells, legs = append(cells, rc), append(legs, lg)
	}
	if len(cells) == 0 && o.Patrols > 0 {
		return errors.New("systems: populate: the world has no patrol routes")
	}
	pools := make([]*freePool, len(cells))
	room := 0
	for r := range cells {
		pools[r] = s.newFreePool(cells[r], movement.Mover{})
		room += max(len(cells[r])/patrolCellsPerRoute, 1)
	}
	onRoutes := o.Patrols
	if !o.Packed {
		onRoutes = min(o.Patrols, room)
	}
	for j := 0; j < onRoutes; j++ {
		r := j % len(cells)
		n := onRoutes / len(cells)
		k := (j / len(cells)) * len(cells[r]) / max(n, 1) % len(cells[r])
		if err := s.spawnPatrol(j, pop.PatrolRoute[r], len(lm.PatrolRoutes[r]), cells[r], legs[r], k, pools[r], g.loginDelay(o.Packed), pop); err != nil {
			return err
		}
	}
	rest := o.Patrols - onRoutes
	if rest <= 0 {
		return nil
	}
	routes, err := g.routes(ctx, rest, patrolCellsPerRoute, 0, patrolTownShare)
	if err != nil {
		return fmt.Errorf("systems: populate: patrol routes: %w", err)
	}
	j := onRoutes
	for _, r := range routes {
		n := min(max(len(r.cells)/patrolCellsPerRoute, 1), o.Patrols-j)
		for q := 0; q < n; q++ {
			if err := s.spawnPatrol(j, r.id, len(r.wps), r.cells, r.legs, q*len(r.cells)/n, r.pool, g.loginDelay(false), pop); err != nil {
				return err
			}
			j++
		}
	}
	return nil
}

// spawnPatrol spawns patrol j on route id (nwp waypoints) from route cell k
// of cells, first asking for a path after delay ms; two in three open doors.
func (s *Sim) spawnPatrol(j, id, nwp int, cells []RouteCell, legs []int, k int, pool *freePool, delay int64, pop *Population) error {
	k, at, ok := spawnCell(s, cells, k, movement.Mover{}, pool)
	if !ok {
		return fmt.Errorf("systems: populate: no free cell near route %d cell %d for patrol %d", id, k, j)
	}
	pid, err := s.SpawnMobile(MobileSpec{X: at.X, Y: at.Y, Z: at.Z, Tags: c.Tags{CanOpenDoors: j%3 != 0}, Speed: PatrolSpeed,
		Patrol: &PatrolSpec{Route: id, Index: (legs[k] + 1) % nwp, Tolerance: 1, DelayMs: delay}})
	if err != nil {
		return fmt.Errorf("systems: populate: patrol %d: %w", j, err)
	}
	pop.Patrols = append(pop.Patrols, pid)
	return nil
}

func (s *Sim) populateSwimmers(lm gen.Landmarks, o PopulationOptions, rng *rand.Rand, g *routeGen, pop *Population) error {
	sw := movement.Mover{Caps: movement.CanSwim | movement.CantWalk}
	ocean := RouteCell{lm.OceanPoint.X, lm.OceanPoint.Y, lm.OceanPoint.Z}
	for i := 0; i < o.Swimmers; i++ {
		home, spread := ocean, false
		if !o.Packed {
			home, spread = g.openWater(ocean.Z)
		}
		for try := 0; try < 16 && !spread; try++ {
			x, y := ocean.X+rng.IntN(81)-40, ocean.Y+rng.IntN(81)-40
			if IsWet(s.m, s.td, x, y) {
				home = RouteCell{x, y, ocean.Z}
				break
			}
		}
		at, ok := s.freeNear(home, sw, 12)
		if !ok {
			return fmt.Errorf("systems: populate: no free water near (%d,%d) for swimmer %d", home.X, home.Y, i)
		}
		id, err := s.SpawnMobile(MobileSpec{X: at.X, Y: at.Y, Z: at.Z, Tags: c.Tags{CanSwim: true, CantWalk: true}, Speed: SwimmerSpeed,
			Wander: &WanderSpec{Home: movement.Point{X: home.X, Y: home.Y}, Radius: 12, DelayMs: g.loginDelay(o.Packed)}})
		if err != nil {
			return fmt.Errorf("systems: populate: swimmer %d: %w", i, err)
		}
		pop.Swimmers = append(pop.Swimmers, id)
	}
	return nil
}

// walkRoute searches a route's legs on the world with its items (doors
// block movers that cannot open them) but no mobiles, and returns the walked cells and, per cell, the index of the
// waypoint its leg started from. A leg that cannot be found is skipped.
func (s *Sim) walkRoute(ctx context.Context, route []movement.Point, caps movement.Caps) ([]RouteCell, []int, error) {
	r := s.rules.Clone()
	r.Dyn = itemsOnly{s.idx}
	f := pathing.NewClassic(r)
	z, ok := gen.StandZ(s.m, s.td, route[0].X, route[0].Y)
	if !ok {
		return nil, nil, fmt.Errorf("route start (%d,%d) is not standable", route[0].X, route[0].Y)
	}
	cur := RouteCell{route[0].X, route[0].Y, z}
	cells, legs := []RouteCell{cur}, []int{0}
	var res pathing.Result
	for i := 1; i <= len(route); i++ {
		if err := ctx.Err(); err != nil {
			return nil, nil, fmt.Errorf("walk route: %w", err)
		}
		goal := route[i%len(route)]
		req := pathReqOf(movement.Point{X: cur.X, Y: cur.Y}, cur.Z, goal, 0, movement.Mover{Caps: caps}, 400000)
		f.Find(&req, &res)
		if !res.Found {
			continue
		}
		for k, d := range res.Dirs {
			dx, dy := d.Offset()
			cur = RouteCell{cur.X + dx, cur.Y + dy, int(res.Zs[k])}
			cells, legs = append(cells, cur), append(legs, i-1)
		}
	}
	return cells, legs, nil
}

// spawnCell returns a free cell for a spawn meant for route cell k: k
// itself or a cell two steps from it, else the next cell of the route's
// pool (nearest the route first); and the route cell it came from.
func spawnCell(s *Sim, cells []RouteCell, k int, mv movement.Mover, pool *freePool) (int, RouteCell, bool) {
	if at, ok := s.freeNear(cells[k], mv, 2); ok {
		return k, at, true
	}
	return pool.next()
}

// freePool hands out unoccupied cells by a lazy breadth-first flood from a
// route's cells (all at distance 0, in route order), each cell once.
type freePool struct {
	s     *Sim
	mv    movement.Mover
	queue []poolNode
	head  int
	seen  map[[2]int]bool
}

type poolNode struct {
	c   RouteCell
	src int // index of the route cell the flood came from
}

func (s *Sim) newFreePool(cells []RouteCell, mv movement.Mover) *freePool {
	p := &freePool{s: s, mv: mv, seen: map[[2]int]bool{}}
	for i, c := range cells {
		if k := [2]int{c.X, c.Y}; !p.seen[k] {
			p.seen[k] = true
			p.queue = append(p.queue, poolNode{c, i})
		}
	}
	return p
}

// next returns the next free cell and the route cell index it came from.
func (p *freePool) next() (int, RouteCell, bool) {
	for p.head < len(p.queue) {
		n := p.queue[p.head]
		p.head++
		for d := movement.Dir(0); d < 8; d++ {
			dx, dy := d.Offset()
			k := [2]int{n.c.X + dx, n.c.Y + dy}
			if p.seen[k] {
				continue
			}
			mv := p.mv
			mv.Goal, mv.HasGoal = movement.Point{X: k[0], Y: k[1]}, true
			nz, ok := p.s.rules.CheckMovement(mv, n.c.X, n.c.Y, n.c.Z, d)
			if !ok {
				continue
			}
			p.seen[k] = true
			p.queue = append(p.queue, poolNode{RouteCell{k[0], k[1], nz}, n.src})
		}
		if !p.s.Occupied(n.c.X, n.c.Y) {
			return n.src, n.c, true
		}
	}
	return 0, RouteCell{}, false
}

// freeNear returns the nearest cell (by steps mv can take, mobiles
// blocking) within maxSteps of from on which no mobile stands.
func (s *Sim) freeNear(from RouteCell, mv movement.Mover, maxSteps int) (RouteCell, bool) {
	if !s.Occupied(from.X, from.Y) {
		return from, true
	}
	type qn struct {
		RouteCell
		d int
	}
	seen := map[[2]int]bool{{from.X, from.Y}: true}
	q := []qn{{from, 0}}
	for len(q) > 0 {
		n := q[0]
		q = q[1:]
		if n.d >= maxSteps {
			continue
		}
		for d := movement.Dir(0); d < 8; d++ {
			dx, dy := d.Offset()
			nx, ny := n.X+dx, n.Y+dy
			if seen[[2]int{nx, ny}] {
				continue
			}
			// Step as if the cell's mobiles were not there: the mover is
			// placed, not walked, so only the static and item rules matter.
			mv.Goal, mv.HasGoal = movement.Point{X: nx, Y: ny}, true
			nz, ok := s.rules.CheckMovement(mv, n.X, n.Y, n.Z, d)
			if !ok {
				continue
			}
			seen[[2]int{nx, ny}] = true
			c := RouteCell{nx, ny, nz}
			if !s.Occupied(nx, ny) {
				return c, true
			}
			q = append(q, qn{c, n.d + 1})
		}
	}
	return RouteCell{}, false
}

// itemsOnly reports a Spatial's items and no mobiles.
type itemsOnly struct{ idx *Spatial }

// ItemsAt implements movement.Dynamics.
func (d itemsOnly) ItemsAt(m world.MapID, x, y int, dst []movement.Item) []movement.Item {
	return d.idx.ItemsAt(m, x, y, dst)
}

// MobilesAt implements movement.Dynamics: none.
func (d itemsOnly) MobilesAt(_ world.MapID, _, _ int, dst []movement.Mobile) []movement.Mobile {
	return dst
}
