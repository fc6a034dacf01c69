package systems

import (
	"context"
	"fmt"
	"math/rand/v2"

	c "shardcore/components"
	"shardcore/movement"
	"shardcore/pathing"
	"shardcore/world/gen"
)

// Densities and shapes of the spread population.
const (
	pairCellsPerRoute   = 20   // route cells per player+pet pair
	patrolCellsPerRoute = 12   // route cells per patrol
	genRouteWaypoints   = 5    // waypoints drawn per generated route
	genRouteRadius      = 20   // waypoints lie within this many tiles of the route's centre
	genLegNodes         = 1500 // node budget of one leg's search at populate time
	townShare           = 20   // one generated route in townShare is centred in town
	townRadius          = 48   // town-centred routes start within this distance of TownCenter
	patrolTownShare     = 8    // one generated patrol route in patrolTownShare is in town
	// loginSpreadMs caps the game time the spread population's first
	// requests are spread over (the spawn burst otherwise queues every
	// mobile); loginPerMs mobiles log in per ms, so a small population
	// starts at once.
	loginSpreadMs = 4000
	loginPerMs    = 4
)

// genRoute is a generated looping route: waypoints reachable one from the
// next (and the last back to the first), its walked cells, and per cell the
// index of the waypoint its leg started from.
type genRoute struct {
	id    int
	wps   []movement.Point
	cells []RouteCell
	legs  []int
	pool  *freePool
}

// routeGen draws routes from a seeded random stream with its own classic
// finder over the world's statics and items (closed doors block).
type routeGen struct {
	s   *Sim
	rng *rand.Rand
	f   *pathing.Classic
	lm  gen.Landmarks
	res pathing.Result
	// spreadMs is the login spread of this population (see loginSpreadMs).
	spreadMs int
}

func (s *Sim) newRouteGen(lm gen.Landmarks, seed uint64) *routeGen {
	r := s.rules.Clone()
	r.Dyn = itemsOnly{s.idx}
	return &routeGen{s: s, rng: rand.New(rand.NewPCG(seed, seed^0x5A11)), f: pathing.NewClassic(r), lm: lm}
}

// standable returns a dry standable cell at (x, y), if it is one.
func (g *routeGen) standable(x, y int) (RouteCell, bool) {
	if !g.s.m.InBounds(x, y) || IsWet(g.s.m, g.s.td, x, y) {
		return RouteCell{}, false
	}
	z, ok := gen.StandZ(g.s.m, g.s.td, x, y)
	return RouteCell{x, y, z}, ok
}

// centre draws a route centre: in town when town is set, else anywhere.
func (g *routeGen) centre(town bool) (RouteCell, bool) {
	for try := 0; try < 64; try++ {
		var x, y int
		if town {
			x = g.lm.TownCenter.X + g.rng.IntN(2*townRadius+1) - townRadius
			y = g.lm.TownCenter.Y + g.rng.IntN(2*townRadius+1) - townRadius
		} else {
			x, y = g.rng.IntN(g.s.m.Width), g.rng.IntN(g.s.m.Height)
		}
		if rc, ok := g.standable(x, y); ok {
			return rc, true
		}
	}
	return RouteCell{}, false
}

// leg walks from cur to goal and appends the cells; false if not found.
func (g *routeGen) leg(cur RouteCell, goal movement.Point, caps movement.Caps, leg int, cells *[]RouteCell, legs *[]int) (RouteCell, bool) {
	req := pathReqOf(movement.Point{X: cur.X, Y: cur.Y}, cur.Z, goal, 0, movement.Mover{Caps: caps}, genLegNodes)
	g.f.Find(&req, &g.res)
	if !g.res.Found {
		return cur, false
	}
	for k, d := range g.res.Dirs {
		dx, dy := d.Offset()
		cur = RouteCell{cur.X + dx, cur.Y + dy, int(g.res.Zs[k])}
		*cells, *legs = append(*cells, cur), append(*legs, leg)
	}
	return cur, true
}

// route generates one route for caps, registers it and returns it; ok is
// false when this draw gave no usable route (the caller draws again).
func (g *routeGen) route(ctx context.Context, caps movement.Caps, town bool) (*genRoute, bool, error) {
	if err := ctx.Err(); err != nil {
		return nil, false, fmt.Errorf("generate route: %w", err)
	}
	c0, ok := g.centre(town)
	if !ok {
		return nil, false, nil
	}
	wps := []movement.Point{{X: c0.X, Y: c0.Y}}
	cells, legs := []RouteCell{c0}, []int{0}
	cur := c0
	for i := 1; i < genRouteWaypoints; i++ {
		x := c0.X + g.rng.IntN(2*genRouteRadius+1) - genRouteRadius
		y := c0.Y + g.rng.IntN(2*genRouteRadius+1) - genRouteRadius
		if _, ok := g.standable(x, y); !ok {
			continue
		}
		nc, nl := cells, legs
		next, ok := g.leg(cur, movement.Point{X: x, Y: y}, caps, len(wps)-1, &nc, &nl)
		if !ok {
			continue
		}
		cells, legs, cur = nc, nl, next
		wps = append(wps, movement.Point{X: x, Y: y})
	}
	if len(wps) < 3 {
		return nil, false, nil
	}
	if _, ok := g.leg(cur, wps[0], caps, len(wps)-1, &cells, &legs); !ok {
		return nil, false, nil
	}
	id, err := g.s.AddRoute(wps)
	if err != nil {
		return nil, false, err
	}
	return &genRoute{id: id, wps: wps, cells: cells, legs: legs, pool: g.s.newFreePool(cells, movement.Mover{})}, true, nil
}

// routes generates routes until their cells hold want mobiles at one per
// perCell route cells; one in townEvery is centred in town (0: none).
func (g *routeGen) routes(ctx context.Context, want, perCell int, caps movement.Caps, townEvery int) ([]*genRoute, error) {
	var out []*genRoute
	room := 0
	for draws := 0; room < want; draws++ {
		if draws > 64+16*want {
			return nil, fmt.Errorf("generate routes: %d draws gave room for only %d of %d mobiles", draws, room, want)
		}
		town := townEvery > 0 && len(out)%townEvery == 0
		r, ok, err := g.route(ctx, caps, town)
		if err != nil {
			return nil, err
		}
		if ok {
			out = append(out, r)
			room += max(len(r.cells)/perCell, 1)
		}
	}
	return out, nil
}

// spawnPair spawns a player walking walked route walk (its cells) by
// direction from route cell k, first stepping after delay ms, and its pet
// beside it.
func (s *Sim) spawnPair(i, walk int, cells []RouteCell, k int, pool *freePool, rng *rand.Rand, delay int64, pop *Population) error {
	k, at, ok := spawnCell(s, cells, k, movement.Mover{Caps: movement.Player}, pool)
	if !ok {
		return fmt.Errorf("systems: populate: no free cell near walked route %d cell %d for player %d", walk, k, i)
	}
	pid, err := s.SpawnMobile(MobileSpec{X: at.X, Y: at.Y, Z: at.Z, Tags: c.Tags{Player: true}, Speed: PlayerSpeed,
		Walk: &WalkSpec{Route: walk, Cell: k, DelayMs: delay}})
	if err != nil {
		return fmt.Errorf("systems: populate: player %d: %w", i, err)
	}
	pat, ok := s.freeNear(at, movement.Mover{}, 2)
	if !ok {
		_, pat, ok = pool.next()
	}
	if !ok {
		return fmt.Errorf("systems: populate: no free cell near player %d for its pet", i)
	}
	rngF := 1 + rng.IntN(6)
	petID, err := s.SpawnMobile(MobileSpec{X: pat.X, Y: pat.Y, Z: pat.Z, Speed: PetSpeed, Follow: &FollowSpec{Target: pid, Range: rngF}})
	if err != nil {
		return fmt.Errorf("systems: populate: pet %d: %w", i, err)
	}
	pop.Players, pop.Pets, pop.PetRange = append(pop.Players, pid), append(pop.Pets, petID), append(pop.PetRange, rngF)
	return nil
}

// openWaterTries bounds the draws for one swimmer's home in open water.
const openWaterTries = 256

// openWater draws a wet cell anywhere on the map whose surroundings (8 and
// 12 tiles out on both axes) are wet too, so a swimmer homed there has room
// to wander; Z is the water's. ok is false when no draw found one.
func (g *routeGen) openWater(z int) (RouteCell, bool) {
	m, td := g.s.m, g.s.td
	for try := 0; try < openWaterTries; try++ {
		x, y := g.rng.IntN(m.Width), g.rng.IntN(m.Height)
		ok := IsWet(m, td, x, y)
		for _, d := range [...][2]int{{-12, 0}, {12, 0}, {0, -12}, {0, 12}, {-8, -8}, {8, 8}, {-8, 8}, {8, -8}} {
			if !ok {
				break
			}
			ok = IsWet(m, td, x+d[0], y+d[1])
		}
		if ok {
			return RouteCell{x, y, z}, true
		}
	}
	return RouteCell{}, false
}

// loginDelay is a spawn's first-request delay: 0 for the packed layout,
// else drawn in [0, spreadMs).
func (g *routeGen) loginDelay(packed bool) int64 {
	if packed || g.spreadMs <= 1 {
		return 0
	}
	return int64(g.rng.IntN(g.spreadMs))
}
