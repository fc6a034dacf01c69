package population

import (
	"fmt"
	"math/rand/v2"

	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/pathing"
	"github.com/shardcore/shardcore/systems"
	"github.com/shardcore/shardcore/world"
	"github.com/shardcore/shardcore/world/gen"
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
	// openWaterTries bounds the draws for one swimmer's home in open water.
	openWaterTries = 256
)

// genRoute is a generated looping route: waypoints reachable one from the
// next (and the last back to the first), its walked cells, and per cell the
// index of the waypoint its leg started from.
type genRoute struct {
	id    int
	wps   []world.Point
	cells []systems.RouteCell
	legs  []int
	pool  *freePool
}

// routeGen draws routes from a seeded random stream with its own classic
// finder over the world's statics and items (closed doors block).
type routeGen struct {
	pl  *placer
	rng *rand.Rand
	f   *pathing.Classic
	lm  gen.Landmarks
	res pathing.Result
	// spreadMs is the login spread of this population (see loginSpreadMs).
	spreadMs int
	// wet are the wet cells swimmers' homes are drawn from (wetCells).
	wet [][2]int32
}

func newRouteGen(pl *placer, lm gen.Landmarks, seed uint64) *routeGen {
	return &routeGen{pl: pl, rng: rand.New(rand.NewPCG(seed, seed^0x5A11)), f: pathing.NewClassic(pl.items), lm: lm}
}

// standable returns a dry cell at (x, y) a walker can stand on, if it is one.
func (g *routeGen) standable(x, y int) (systems.RouteCell, bool) {
	s := g.pl.s
	if !s.Map().InBounds(x, y) || systems.IsWet(s.Map(), s.Tiles(), x, y) {
		return systems.RouteCell{}, false
	}
	z, ok := g.pl.standZ(x, y)
	return systems.RouteCell{X: x, Y: y, Z: z}, ok
}

// centre draws a route centre: in town when town is set, else anywhere.
func (g *routeGen) centre(town bool) (systems.RouteCell, bool) {
	m := g.pl.s.Map()
	for try := 0; try < 64; try++ {
		var x, y int
		if town {
			x = g.lm.TownCenter.X + g.rng.IntN(2*townRadius+1) - townRadius
			y = g.lm.TownCenter.Y + g.rng.IntN(2*townRadius+1) - townRadius
		} else {
			x, y = g.rng.IntN(m.Width), g.rng.IntN(m.Height)
		}
		if rc, ok := g.standable(x, y); ok {
			return rc, true
		}
	}
	return systems.RouteCell{}, false
}

// leg walks from cur to goal and appends the cells; false if not found.
func (g *routeGen) leg(cur systems.RouteCell, goal world.Point, caps movement.Caps, leg int, cells *[]systems.RouteCell, legs *[]int) (systems.RouteCell, bool) {
	req := legRequest(cur, goal, caps, genLegNodes)
	g.f.Find(&req, &g.res)
	if !g.res.Found {
		return cur, false
	}
	for k, d := range g.res.Dirs {
		dx, dy := d.Offset()
		cur = systems.RouteCell{X: cur.X + dx, Y: cur.Y + dy, Z: int(g.res.Zs[k])}
		*cells, *legs = append(*cells, cur), append(*legs, leg)
	}
	return cur, true
}

// route generates one route for caps, registers it and returns it; ok is
// false when this draw gave no usable route (the caller draws again).
func (g *routeGen) route(caps movement.Caps, town bool) (*genRoute, bool, error) {
	c0, ok := g.centre(town)
	if !ok {
		return nil, false, nil
	}
	wps := []world.Point{{X: c0.X, Y: c0.Y}}
	cells, legs := []systems.RouteCell{c0}, []int{0}
	cur := c0
	for i := 1; i < genRouteWaypoints; i++ {
		x := c0.X + g.rng.IntN(2*genRouteRadius+1) - genRouteRadius
		y := c0.Y + g.rng.IntN(2*genRouteRadius+1) - genRouteRadius
		if _, ok := g.standable(x, y); !ok {
			continue
		}
		nc, nl := cells, legs
		next, ok := g.leg(cur, world.Point{X: x, Y: y}, caps, len(wps)-1, &nc, &nl)
		if !ok {
			continue
		}
		cells, legs, cur = nc, nl, next
		wps = append(wps, world.Point{X: x, Y: y})
	}
	if len(wps) < 3 {
		return nil, false, nil
	}
	if _, ok := g.leg(cur, wps[0], caps, len(wps)-1, &cells, &legs); !ok {
		return nil, false, nil
	}
	id, err := g.pl.s.AddRoute(wps)
	if err != nil {
		return nil, false, err
	}
	return &genRoute{id: id, wps: wps, cells: cells, legs: legs, pool: g.pl.newFreePool(cells, movement.Mover{})}, true, nil
}

// routes generates routes until their cells hold want mobiles at one per
// perCell route cells; one in townEvery is centred in town (0: none). It
// reports progress as stage (mobiles with room so far of want) and stops
// when the progress context ends.
func (g *routeGen) routes(prog *progress, stage string, want, perCell int, caps movement.Caps, townEvery int) ([]*genRoute, error) {
	var out []*genRoute
	room := 0
	for draws := 0; room < want; draws++ {
		if draws > 64+16*want {
			return nil, fmt.Errorf("generate routes: %d draws gave room for only %d of %d mobiles", draws, room, want)
		}
		if err := prog.at(stage, room, want); err != nil {
			return nil, err
		}
		town := townEvery > 0 && len(out)%townEvery == 0
		r, ok, err := g.route(caps, town)
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

// openWater draws a wet cell anywhere on the map whose surroundings (8 and
// 12 tiles out on both axes) are wet too, so a swimmer homed there has room
// to wander; Z is the water's. ok is false when no draw found one.
func (g *routeGen) openWater(z int) (systems.RouteCell, bool) {
	m, td := g.pl.s.Map(), g.pl.s.Tiles()
	for try := 0; try < openWaterTries; try++ {
		x, y := g.rng.IntN(m.Width), g.rng.IntN(m.Height)
		ok := systems.IsWet(m, td, x, y)
		for _, d := range [...][2]int{{-12, 0}, {12, 0}, {0, -12}, {0, 12}, {-8, -8}, {8, 8}, {-8, 8}, {8, -8}} {
			if !ok {
				break
			}
			ok = systems.IsWet(m, td, x+d[0], y+d[1])
		}
		if ok {
			return systems.RouteCell{X: x, Y: y, Z: z}, true
		}
	}
	return systems.RouteCell{}, false
}

// loginDelay is a spawn's first-request delay: 0 for the packed layout,
// else drawn in [0, spreadMs).
func (g *routeGen) loginDelay(packed bool) int64 {
	if packed || g.spreadMs <= 1 {
		return 0
	}
	return int64(g.rng.IntN(g.spreadMs))
}
