package population

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/shardcore/shardcore/systems"
	"github.com/shardcore/shardcore/world/gen"
	"github.com/shardcore/shardcore/world/gen/britannia"
)

// Where a britannia map's population goes: each kind's share by place, and
// how many a place holds at most (one a this many cells of its area); what
// a place cannot hold goes to open land, which takes the rest.
const (
	townPairShare      = 0.35 // players with pets on town streets
	harbourPairShare   = 0.05 // on docks and across bridges
	forestPairShare    = 0.10
	townPatrolShare    = 0.30
	dungeonPatrolShare = 0.25 // dungeon halls, galleries, ramps and caves
	bridgePatrolShare  = 0.05
	roadPatrolShare    = 0.10 // roads between neighbouring towns
	bridgeSwimmerShare = 0.10 // swimmers homed under bridges
	shoreSwimmerShare  = 0.45 // in the shallows along coasts (the rest in open water)

	townCellsPerPair      = 64
	townCellsPerPatrol    = 128
	dungeonCellsPerPatrol = 160
	placeCellsPerMobile   = 40 // docks, bridges, forest spots: their radius's square
	roadPatrolsPerLeg     = 1  // patrols a road holds per roadStep of its length

	placeRadius  = 14 // waypoints of a dock's, bridge's or forest's routes lie this near it
	regionRadius = 20 // and of a town's, a dungeon's or open land's, this near the route's centre
	// A bounded place gets regionDraws route draws, and 4 more per route it
	// needs at routeCellsGuess cells a route; then its rest goes elsewhere.
	regionDraws     = 16
	routeCellsGuess = 60
)

// PopulateFeatures spawns population o on a britannia map from its features
// (nil: from the map alone, with no doors and every route on open land):
// door items on every doorway the features list; players walking routes by
// direction, each with a pet following within 1–6 tiles, on town streets,
// docks and bridges, in forests and over open land; NPC patrols (two in
// three open doors) on town streets, in dungeon halls over galleries and
// ramps, across bridges, along roads between neighbouring towns and on open
// land; swimmers under bridges, along shores and in open water. Every route
// is walked when it is drawn, so every patrol leg and player step can be
// walked. The same seed gives the same population. A population that cannot
// fit the map's cells (Fit) is refused before anything is spawned.
func PopulateFeatures(ctx context.Context, s *systems.Sim, f *britannia.Features, o Options) (*Population, error) {
	if o.Pets < 0 || o.Patrols < 0 || o.Swimmers < 0 {
		return nil, fmt.Errorf("population: negative population: pets %d, patrols %d, swimmers %d", o.Pets, o.Patrols, o.Swimmers)
	}
	if err := Fit(s.Map(), s.Tiles(), o); err != nil {
		return nil, err
	}
	if f == nil {
		f = &britannia.Features{}
	}
	p := &populator{s: s, o: o, pop: &Population{}, feat: f,
		rng:  rand.New(rand.NewPCG(o.Seed, o.Seed^0xB0B)),
		prog: progress{ctx: ctx, report: o.Progress, total: o.Mobiles()}}
	p.place = newPlacer(s)
	p.gen = newRouteGen(p.place, p.lm, o.Seed)
	p.gen.spreadMs = min(loginSpreadMs, o.Mobiles()/loginPerMs)
	p.lm.DoorSpecs = f.DoorSpecs
	for _, step := range []func() error{p.doors, p.featurePairs, p.featurePatrols, p.featureSwimmers} {
		if err := step(); err != nil {
			return nil, err
		}
	}
	return p.pop, nil
}

// share is one place's part of a kind of mobile: its region, its weight
// among the places of its share, and the most it holds.
type share struct {
	reg    region
	weight float64
	most   int
}

// allot gives each place of a kind its part of n×frac by weight, capped at
// its most; the first return lists the parts, the second what the caps
// left over.
func allot(n int, frac float64, places []share) ([]int, int) {
	total := 0.0
	for _, pl := range places {
		total += pl.weight
	}
	want := int(float64(n) * frac)
	out := make([]int, len(places))
	used := 0
	for i, pl := range places {
		if total > 0 {
			out[i] = min(int(float64(want)*pl.weight/total), pl.most)
			used += out[i]
		}
	}
	return out, want - used
}

// townRegions are the map's towns as regions, weighted by area.
func townRegions(f *britannia.Features, cellsPer int) []share {
	out := make([]share, 0, len(f.Towns))
	for _, t := range f.Towns {
		area := (t.X1 - t.X0 + 1) * (t.Y1 - t.Y0 + 1)
		out = append(out, share{reg: region{name: "town", x0: t.X0, y0: t.Y0, x1: t.X1, y1: t.Y1, radius: regionRadius},
			weight: float64(area), most: area / cellsPer})
	}
	return out
}

// spotRegions are regions around spots (docks, bridges, forest spots),
// each of equal weight.
func spotRegions(name string, spots ...[]systems.RouteCell) []share {
	var out []share
	for _, list := range spots {
		for _, c := range list {
			out = append(out, share{reg: region{name: name, x0: c.X - placeRadius, y0: c.Y - placeRadius, x1: c.X + placeRadius,
				y1: c.Y + placeRadius, centres: []systems.RouteCell{c}, radius: placeRadius},
				weight: 1, most: (2 * placeRadius * placeRadius) / placeCellsPerMobile})
		}
	}
	return out
}

// openLand is the whole map as a region, for what no place holds.
func (p *populator) openLand() region {
	m := p.s.Map()
	return region{name: "open land", x0: 0, y0: 0, x1: m.Width - 1, y1: m.Height - 1, radius: regionRadius}
}

// spread draws the routes of each place for its part of n mobiles (one per
// perCell route cells) and has spawn put count of them on each route; what
// the places cannot hold goes to open land, which must hold it.
func (p *populator) spread(stage string, n, perCell int, kinds [][]share, fracs []float64, spawn func(rt *genRoute, count int) error) error {
	rest := n
	for k, places := range kinds {
		parts, _ := allot(n, fracs[k], places)
		for i := range places {
			if parts[i] == 0 {
				continue
			}
			reg := places[i].reg
			p.gen.clip(&reg)
			reg.maxDraws = regionDraws + 4*parts[i]*perCell/routeCellsGuess
			got, err := p.fill(stage, &reg, parts[i], perCell, spawn)
			if err != nil {
				return err
			}
			rest -= got
		}
	}
	if rest <= 0 {
		return nil
	}
	reg := p.openLand()
	reg.maxDraws = 64 + 16*rest
	got, err := p.fill(stage, &reg, rest, perCell, spawn)
	if err == nil && got < rest {
		err = fmt.Errorf("population: %s: %d draws of routes on open land gave room for only %d of %d", stage, reg.maxDraws, got, rest)
	}
	return err
}

// fill draws reg's routes for want mobiles and spawns them; it returns how
// many it spawned.
func (p *populator) fill(stage string, reg *region, want, perCell int, spawn func(rt *genRoute, count int) error) (int, error) {
	routes, _, err := p.gen.regionRoutes(&p.prog, stage, reg, want, perCell, 0)
	if err != nil {
		return 0, err
	}
	done := 0
	for _, rt := range routes {
		n := min(max(len(rt.cells)/perCell, 1), want-done)
		if n <= 0 {
			break
		}
		if err := spawn(rt, n); err != nil {
			return done, err
		}
		done += n
	}
	return done, nil
}

// spotsOf are spots as route cells.
func spotsOf(spots []gen.Spot) []systems.RouteCell {
	out := make([]systems.RouteCell, len(spots))
	for i, s := range spots {
		out[i] = systems.RouteCell(s)
	}
	return out
}

// featurePairs spawns the players and their pets over the map's places.
func (p *populator) featurePairs() error {
	f := p.feat
	kinds := [][]share{townRegions(f, townCellsPerPair), spotRegions("harbour", spotsOf(f.Docks), spotsOf(f.Bridges)),
		spotRegions("forest", spotsOf(f.Forests))}
	fracs := []float64{townPairShare, harbourPairShare, forestPairShare}
	i := 0
	return p.spread("player routes", p.o.Pets, pairCellsPerRoute, kinds, fracs, func(rt *genRoute, n int) error {
		walk, err := p.s.AddWalkRoute(rt.cells)
		if err != nil {
			return fmt.Errorf("population: player routes: %w", err)
		}
		for j := 0; j < n; j++ {
			if err := p.spawnPair(i, walk, rt.cells, j*len(rt.cells)/n, rt.pool, p.gen.loginDelay(false)); err != nil {
				return err
			}
			i++
		}
		return nil
	})
}

// spawnPatrols returns the spawn function of patrols on routes, numbering
// them from *j.
func (p *populator) spawnPatrols(j *int) func(rt *genRoute, n int) error {
	return func(rt *genRoute, n int) error {
		for q := 0; q < n; q++ {
			if err := p.spawnPatrol(*j, rt.id, len(rt.wps), rt.cells, rt.legs, q*len(rt.cells)/n, rt.pool, p.gen.loginDelay(false)); err != nil {
				return err
			}
			*j++
		}
		return nil
	}
}
