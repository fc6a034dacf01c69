package population

import (
	"context"
	"fmt"
	"math/rand/v2"

	c "github.com/shardcore/shardcore/components"
	"github.com/shardcore/shardcore/movement"
	"github.com/shardcore/shardcore/systems"
	"github.com/shardcore/shardcore/world/gen"
	"github.com/shardcore/shardcore/world/gen/britannia"
)

// Paces of the default population, in ms per step.
const (
	PlayerSpeed  = 250 // a mounted player: 4 tiles/s
	PetSpeed     = 150 // a following pet trots to keep up
	PatrolSpeed  = 400
	SwimmerSpeed = 300
)

// Options sizes the default population. Pets is the number of player+pet
// pairs.
type Options struct {
	Pets, Patrols, Swimmers int
	Seed                    uint64
	// Packed selects the old placement: every player on the one pet route,
	// every patrol on the landmark patrol routes, every swimmer around the
	// ocean point. By default only as many as fit at a realistic density
	// go there and the rest spread over routes generated across the map.
	Packed bool
	// Progress, when not nil, is told what set-up stage is under way and
	// how far it got (done of total; for route stages, mobiles with room on
	// the routes drawn so far). It is called often: rate-limit its output.
	Progress func(stage string, done, total int)
}

// Mobiles is the number of mobiles the options spawn.
func (o Options) Mobiles() int { return 2*o.Pets + o.Patrols + o.Swimmers }

// Population lists what Populate spawned.
type Population struct {
	Players, Pets, Patrols, Swimmers []uint64
	// PetRange[i] is Pets[i]'s follow range.
	PetRange    []int
	PetRoute    int   // walked-route id of the players' route (Landmarks.PetRoute walked)
	PatrolRoute []int // route ids of Landmarks.PatrolRoutes
	// PetRouteCells is the walked cell sequence of the pet route (for placement and tests).
	PetRouteCells []systems.RouteCell
	Doors         int
}

// Populate spawns the default population on a generated world's landmarks:
// door items at every doorway, players walking the pet route by direction
// (spread along it) each with a pet following within 1–6 tiles, NPC patrols
// on the town routes (two in three open doors), and sea creatures
// wandering in the ocean; the rest of a large population spreads over
// routes generated across the map. A population that cannot fit the map's
// cells (Fit) is refused before anything is spawned. Populate stops with
// ctx's error when ctx ends.
func Populate(ctx context.Context, s *systems.Sim, lm gen.Landmarks, o Options) (*Population, error) {
	if o.Pets < 0 || o.Patrols < 0 || o.Swimmers < 0 {
		return nil, fmt.Errorf("population: negative population: pets %d, patrols %d, swimmers %d", o.Pets, o.Patrols, o.Swimmers)
	}
	if err := Fit(s.Map(), s.Tiles(), o); err != nil {
		return nil, err
	}
	p := &populator{s: s, lm: lm, o: o, pop: &Population{},
		rng:  rand.New(rand.NewPCG(o.Seed, o.Seed^0xB0B)),
		prog: progress{ctx: ctx, report: o.Progress, total: o.Mobiles()}}
	p.place = newPlacer(s)
	p.gen = newRouteGen(p.place, lm, o.Seed)
	p.gen.spreadMs = min(loginSpreadMs, o.Mobiles()/loginPerMs)
	for _, step := range []func() error{p.doors, p.pairs, p.patrols, p.swimmers} {
		if err := step(); err != nil {
			return nil, err
		}
	}
	return p.pop, nil
}

// populator is one Populate call's state.
type populator struct {
	s     *systems.Sim
	lm    gen.Landmarks
	feat  *britannia.Features // PopulateFeatures's (never nil there)
	o     Options
	pop   *Population
	rng   *rand.Rand // pets' follow ranges
	place *placer
	gen   *routeGen
	prog  progress
}

// doors spawns a door item at every doorway.
func (p *populator) doors() error {
	for _, d := range p.lm.DoorSpecs {
		if _, err := p.s.SpawnItem(systems.ItemSpec{X: d.At.X, Y: d.At.Y, Z: int(d.Z), ID: d.ID, Door: true}); err != nil {
			return fmt.Errorf("population: door: %w", err)
		}
		p.pop.Doors++
	}
	return nil
}

// spawnPair spawns a player walking walked route walk (its cells) by
// direction from route cell k, first stepping after delay ms, and its pet
// beside it.
func (p *populator) spawnPair(i, walk int, cells []systems.RouteCell, k int, pool *freePool, delay int64) error {
	k, at, ok := p.place.spawnCell(cells, k, movement.Mover{Caps: movement.Player}, pool)
	if !ok {
		return fmt.Errorf("population: no free cell near walked route %d cell %d for player %d", walk, k, i)
	}
	pid, err := p.s.SpawnMobile(systems.MobileSpec{X: at.X, Y: at.Y, Z: at.Z, Tags: c.Tags{Player: true}, Speed: PlayerSpeed,
		Order: systems.Order{Walk: &systems.WalkSpec{Route: walk, Cell: k, DelayMs: delay}}})
	if err != nil {
		return fmt.Errorf("population: player %d: %w", i, err)
	}
	pat, ok := p.place.freeNear(at, movement.Mover{}, 2)
	if !ok {
		_, pat, ok = pool.next()
	}
	if !ok {
		return fmt.Errorf("population: no free cell near player %d for its pet", i)
	}
	rngF := 1 + p.rng.IntN(6)
	petID, err := p.s.SpawnMobile(systems.MobileSpec{X: pat.X, Y: pat.Y, Z: pat.Z, Speed: PetSpeed,
		Order: systems.Order{Follow: &systems.FollowSpec{Target: pid, Range: rngF}}})
	if err != nil {
		return fmt.Errorf("population: pet %d: %w", i, err)
	}
	pop := p.pop
	pop.Players, pop.Pets, pop.PetRange = append(pop.Players, pid), append(pop.Pets, petID), append(pop.PetRange, rngF)
	return p.prog.spawned("players and pets", 2)
}
